"""A notebook's introduction: the first, Markdown cell every paper notebook opens with.

``notebooks/README.md`` (rule 1) fixes its layout: a ``#`` heading with the paper's reference,
then four short paragraphs, each opened by a bold label::

    # Graham (2015), BLEU and 192 Shades of ROUGE: Table 1

    **Question.** Which ROUGE variants correlate best with human coverage scores?

    **Regenerates.** Table 1 (system-level r of 192 ROUGE variants and BLEU).

    **Data.** sample: simulated DUC 2004; public: SummEval; licensed: DUC 2004.

    **Paper vs. this run.** ...

The catalogue (:mod:`evalkit.notebook.catalog`: title and **Regenerates.**) and the results
site (:mod:`evalkit.notebook.site`: **Question.** and **Data.**) read it through this module.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

__all__ = ["LABELS", "introduction", "paragraph", "title"]

#: the labels of the introduction's paragraphs, in order
LABELS = ("Question", "Regenerates", "Data", "Paper vs. this run")


def introduction(notebook: Mapping[str, Any]) -> str:
    """The source of ``notebook``'s (nbformat 4 JSON, as a mapping) first cell when that cell
    is Markdown, else ``""``.

    >>> introduction({"cells": [{"cell_type": "markdown", "source": ["# T\\n", "text"]}]})
    '# T\\ntext'
    >>> introduction({"cells": [{"cell_type": "code", "source": "x = 1"}]})
    ''
    """
    cells = notebook.get("cells") or []
    if not cells or cells[0].get("cell_type") != "markdown":
        return ""
    source = cells[0].get("source", "")
    return source if isinstance(source, str) else "".join(source)


def paragraph(text: str, label: str) -> str:
    """The paragraph of ``text`` opened by ``**<label>.**`` (the period may sit outside the
    bold), whitespace collapsed to single spaces; ``""`` when there is none. A paragraph ends
    at a blank line or at the end of the text.

    >>> paragraph("# T\\n\\n**Question.** Does ROUGE\\n  agree?\\n\\n**Data.** DUC", "Question")
    'Does ROUGE agree?'
    >>> paragraph("**Data**. DUC 2004", "Data"), paragraph("no labels", "Data")
    ('DUC 2004', '')
    """
    m = re.search(rf"\*\*{re.escape(label)}\.?\*\*\.?\s*(.+?)(?:\n[ \t]*\n|\Z)", text, flags=re.S)
    return " ".join(m.group(1).split()) if m else ""


def title(text: str, default: str = "") -> str:
    """The first ``#`` heading of ``text`` without its marks, or ``default``.

    >>> title("intro\\n## Graham (2015): Table 1\\n\\ntext"), title("no heading", "01_x")
    ('Graham (2015): Table 1', '01_x')
    """
    return next(
        (ln.lstrip("# ").strip() for ln in text.splitlines() if ln.startswith("#")), default
    )
