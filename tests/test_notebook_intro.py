"""The introduction reader (evalkit.notebook.intro) the catalogue and the results site share:
on hand-written cells and on every notebook of the repository (notebooks/README.md, rule 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evalkit.notebook import catalog, site
from evalkit.notebook.intro import LABELS, introduction, paragraph, title

REPO = Path(__file__).resolve().parents[1]
TEXT = (
    "# Paper (2005): Table 1\n\n**Question.** Does the metric\nagree with\n   judges?\n\n"
    "**Regenerates**. Table 1.\n \n**Data.** sample: simulated.\n\n**Paper vs. this run.** The order."
)


@pytest.mark.parametrize(
    "label, expected",
    [
        ("Question", "Does the metric agree with judges?"),
        ("Regenerates", "Table 1."),
        ("Data", "sample: simulated."),
        ("Paper vs. this run", "The order."),
        ("Missing", ""),
    ],
)
def test_paragraph_by_label(label, expected):
    assert paragraph(TEXT, label) == expected


def test_a_label_is_literal_text_not_a_pattern():
    assert paragraph("**Paper vs. this run.** yes", "Paper vs. this run") == "yes"
    assert paragraph("**Paper vsX this run.** yes", "Paper vs. this run") == ""


def test_introduction_is_the_first_cell_only_when_markdown():
    md = {"cell_type": "markdown", "source": ["# T\n", "\n", "**Data.** x"]}
    code = {"cell_type": "code", "source": "x = 1", "outputs": []}
    assert introduction({"cells": [md, code]}) == "# T\n\n**Data.** x"
    assert introduction({"cells": [dict(md, source="# T")]}) == "# T"
    assert introduction({"cells": [code, md]}) == "" and introduction({}) == ""
    assert (
        title(introduction({"cells": [md]}), "fallback") == "T"
        and title("", "fallback") == "fallback"
    )


NOTEBOOKS = sorted((REPO / "notebooks").glob("*/*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[f"{p.parent.name}/{p.stem}" for p in NOTEBOOKS])
def test_every_notebook_introduction_has_its_title_and_four_paragraphs(path):
    first = introduction(json.loads(path.read_text(encoding="utf-8")))
    assert title(first) and paragraph(first, "Question") and paragraph(first, "Regenerates")
    assert not [label for label in LABELS if not paragraph(first, label)]


def test_catalog_and_site_read_the_introduction_through_it():
    assert catalog.paragraph is paragraph and catalog.introduction is introduction
    assert site.paragraph is paragraph and site.introduction is introduction
