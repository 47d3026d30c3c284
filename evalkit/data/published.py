"""The papers' printed tables (SPEC 2.3): ``data/published/<paper-key>/*.csv``.

Each paper folder holds its tables transcribed as CSV (one file per printed table or
figure listing) and a ``README.md`` saying how they were transcribed and which of the
paper's own errata were found. Notebooks show their results beside these values; tests
recompute what can be recomputed from them (e.g. Graham 2015 Table 2 from Table 1).

>>> t1 = read_published("graham2015", "table1")      # doctest: +SKIP
>>> list_published("graham2015")                     # doctest: +SKIP
['claims', 'figure3_metrics', 'figure4_systems', 'table1', 'table2', 'table3', 'table4']

Reading rules, chosen so that a transcription slip cannot pass silently:

* only empty cells are missing values (``"NA"``, ``"N"`` or ``"None"`` stay strings);
* every row must have exactly as many fields as the header (the error names file and line);
* a table without rows is an error;
* ``dtypes`` may pin column types; a cell that does not convert names its line and column.

The folder is ``$EVALKIT_PUBLISHED_DIR`` when set, else ``data/published`` in the checkout.
"""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path
from typing import List, Mapping, Optional

import pandas as pd

from evalkit import config
from evalkit.errors import InputFormatError, ParameterError

__all__ = [
    "published_dir",
    "list_published",
    "read_published",
    "published_readme",
    "paper_references",
    "references_in",
    "headline_findings",
]

_KEY = re.compile(r"^[a-z][a-z0-9_]*$")
_TYPES = {"int": "int64", "float": "float64", "str": "str", "bool": "bool"}


def published_dir(paper: Optional[str] = None) -> Path:
    """The root of the published tables, or the folder of one ``paper`` key."""
    root = config.published_dir() or config.repository_root() / "data" / "published"
    if paper is None:
        return root
    if not isinstance(paper, str) or not _KEY.match(paper):
        raise ParameterError("paper", paper, "a paper key such as 'graham2015'")
    folder = root / paper
    if not folder.is_dir():
        known = sorted(p.name for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
        raise ParameterError("paper", paper, f"one of {known} (folders of {root})")
    return folder


def list_published(paper: str) -> List[str]:
    """The table names (CSV stems) transcribed for ``paper``, sorted."""
    return sorted(p.stem for p in published_dir(paper).glob("*.csv"))


def published_readme(paper: str) -> str:
    """The transcription notes and errata of ``paper`` (its ``README.md``)."""
    path = published_dir(paper) / "README.md"
    if not path.is_file():
        raise InputFormatError(path, None, "a README.md describing the transcription and errata")
    return path.read_text(encoding="utf-8")


#: A reference to a part of a paper inside a claim's ``source`` or a README list: ``Table 6``,
#: ``table6``, ``Figure 1``, ``Fig. 2``, ``Section 3.2``, ``Sec. 4``, ``§4.3``, ``footnote 1``.
_REFERENCE = re.compile(
    r"(?i)(?<![A-Za-z])(table|figure|fig\.?|section|sec\.?|§|footnote|fn\.?)\s*(\d+(?:\.\d+)*)"
)
_KINDS = {"table": "Table", "figure": "Figure", "fig": "Figure", "section": "Section"}
_KINDS.update({"sec": "Section", "§": "Section", "footnote": "Footnote", "fn": "Footnote"})
_WHOLE = re.compile(r"(?i)\b(abstract|introduction|conclusions?)\b")


def references_in(text: str) -> List[str]:
    """The parts of a paper ``text`` refers to, normalised: ``"§4.3 and table6"`` ->
    ``['Section 4.3', 'Table 6']``; ``Abstract``, ``Introduction`` and ``Conclusion`` count too.

    >>> references_in("Table 6 (HWCM, 1); Sec. 3, fig 2, §4.3, footnote 1, abstract")
    ['Table 6', 'Section 3', 'Figure 2', 'Section 4.3', 'Footnote 1', 'Abstract']
    """
    found = []
    for m in _REFERENCE.finditer(str(text)):
        kind = _KINDS[m.group(1).lower().rstrip(".")]
        found.append(f"{kind} {m.group(2)}")
    for m in _WHOLE.finditer(str(text)):
        word = m.group(1).capitalize()
        found.append("Conclusion" if word.startswith("Conclusion") else word)
    return found


def _readme_section(paper: str, title: str) -> Optional[str]:
    """The body of the ``## <title>`` section of the paper's README (None if absent)."""
    text = published_readme(paper)
    m = re.search(rf"(?im)^##\s+{re.escape(title)}\s*$", text)
    if not m:
        return None
    rest = text[m.end() :]
    end = re.search(r"(?m)^##\s", rest)
    return rest[: end.start()] if end else rest


def paper_references(paper: str) -> Optional[frozenset]:
    """The tables, figures, sections and footnotes the paper has, from the ``## Sections,
    tables and figures`` list of ``data/published/<paper>/README.md`` (normalised as
    :func:`references_in`), or None when the README has no such list."""
    body = _readme_section(paper, "Sections, tables and figures")
    return None if body is None else frozenset(references_in(body))


_HEADLINE = re.compile(r"^[-*]\s+`([A-Za-z0-9][A-Za-z0-9_.:-]*)`\s*(?:\(([^)]*)\))?\s*:?\s*(.*)$")


def headline_findings(paper: str) -> Mapping[str, dict]:
    """The paper's headline findings, from the ``## Headline findings`` list of its README:
    one bullet per finding, ``- `claim_id` (where): "the sentence it comes from"``.
    Returns ``{claim_id: {"where": ..., "sentence": ...}}`` (empty when there is no list)."""
    body = _readme_section(paper, "Headline findings")
    out: dict = {}
    if body is None:
        return out
    path = published_dir(paper) / "README.md"
    for line in body.splitlines():
        m = _HEADLINE.match(line.strip())
        if not m:
            continue
        claim_id, where, sentence = m.group(1), (m.group(2) or "").strip(), m.group(3).strip()
        if claim_id in out:
            raise InputFormatError(path, None, f"each headline claim id once ({claim_id} twice)")
        out[claim_id] = {"where": where, "sentence": sentence.strip('"“” ')}
    return out


def read_published(
    paper: str, table: str, dtypes: Optional[Mapping[str, str]] = None
) -> pd.DataFrame:
    """Read one printed table of ``paper`` as a DataFrame (see the module docstring).

    ``dtypes`` maps column names to ``"int"``, ``"float"``, ``"str"`` or ``"bool"``
    (``bool`` accepts 0/1). Columns not named keep pandas' inference.
    """
    folder = published_dir(paper)
    path = folder / f"{table}.csv"
    if not isinstance(table, str) or not path.is_file():
        raise ParameterError("table", table, f"one of {list_published(paper)}")
    text = path.read_text(encoding="utf-8")
    rows = list(csv.reader(io.StringIO(text)))
    if not rows or not any(rows[0]):
        raise InputFormatError(path, 1, "a header line of column names", found="")
    header = rows[0]
    if len(set(header)) != len(header) or any(not h for h in header):
        raise InputFormatError(path, 1, "distinct, non-empty column names", found=",".join(header))
    body = [(i, r) for i, r in enumerate(rows[1:], start=2) if r]
    for line, row in body:
        if len(row) != len(header):
            raise InputFormatError(
                path,
                line,
                f"{len(header)} comma-separated fields ({','.join(header)})",
                found=",".join(row),
            )
    if not body:
        raise InputFormatError(path, 2, "at least one data row", found="end of file")
    frame = pd.read_csv(io.StringIO(text), keep_default_na=False, na_values=[""], dtype=str)
    for column, kind in (dtypes or {}).items():
        if column not in frame.columns:
            raise ParameterError("dtypes", column, f"a column of {path.name}: {header}")
        if kind not in _TYPES:
            raise ParameterError("dtypes", kind, f"one of {sorted(_TYPES)}")
        frame[column] = _convert(frame[column], kind, path, column, [line for line, _ in body])
    inferred = [c for c in frame.columns if c not in (dtypes or {})]
    for column in inferred:
        frame[column] = _infer(frame[column])
    return frame


def _convert(series: pd.Series, kind: str, path: Path, column: str, lines: List[int]) -> pd.Series:
    if kind == "str":
        return series
    values = []
    for value, line in zip(series, lines):
        try:
            if kind == "bool":
                if value not in ("0", "1"):
                    raise ValueError(value)
                values.append(value == "1")
            elif kind == "int":
                values.append(int(value))
            else:
                values.append(float(value))
        except (TypeError, ValueError):
            raise InputFormatError(
                path,
                line,
                f"{'0 or 1' if kind == 'bool' else 'a ' + kind} in column {column!r}",
                found=str(value),
            ) from None
    return pd.Series(values, index=series.index, dtype=_TYPES[kind])


def _infer(series: pd.Series) -> pd.Series:
    """Numbers become numbers (int if every value is integral text), text stays text."""
    filled = series.dropna()
    if filled.empty:
        return series
    try:
        numbers = pd.to_numeric(series)
    except (TypeError, ValueError):
        return series
    if len(filled) == len(series) and filled.str.fullmatch(r"[+-]?\d+").all():
        return numbers.astype("int64")
    return numbers.astype("float64")
