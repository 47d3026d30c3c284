"""scripts/compare_results.py: the check that a refactoring left every table, figure and
number of the notebooks unchanged (issue 30's done-when)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location(
    "compare_results", ROOT / "scripts/compare_results.py"
)
compare_results = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(compare_results)


def _tree(root: Path, numbers: dict, table: str = "a,b\n1,0.5\n", png: bytes = b"\x89PNG1"):
    folder = root / "paper" / "01_x"
    folder.mkdir(parents=True)
    (folder / "results.json").write_text(json.dumps({"numbers": numbers, "provenance": {}}))
    (folder / "table.csv").write_text(table)
    (folder / "figure.png").write_bytes(png)
    return root


def test_identical_trees_have_no_difference(tmp_path):
    numbers = {"n": 3, "claims": {"agrees": 2, "differs": 1}}
    a, b = _tree(tmp_path / "a", numbers), _tree(tmp_path / "b", numbers)
    assert compare_results.compare(a, b) == []


def test_verdict_counts_are_compared_when_both_runs_have_them(tmp_path):
    a = _tree(tmp_path / "a", {"n": 3, "claims": {"agrees": 2}})
    b = _tree(tmp_path / "b", {"n": 3, "claims": {"agrees": 1, "inconclusive": 1}})
    assert compare_results.compare(a, b) == ["paper/01_x/results.json: numbers differ: ['claims']"]
    # a run from before the counts were recorded: only the other numbers are compared
    old = _tree(tmp_path / "old", {"n": 3})
    assert compare_results.compare(old, b) == []


def test_a_changed_table_value_or_figure_is_reported(tmp_path):
    a = _tree(tmp_path / "a", {"n": 3})
    b = _tree(tmp_path / "b", {"n": 3}, table="a,b\n1,0.5000001\n", png=b"\x89PNG2")
    problems = compare_results.compare(a, b)
    assert "paper/01_x/table.csv: row 0, column b: 0.5 vs 0.5000001" in problems
    assert "paper/01_x/figure.png: figure bytes differ" in problems


def test_an_empty_table_is_compared_not_a_crash(tmp_path):
    """A notebook may write an empty frame (a lone newline, as public owczarzak2006's
    table3.csv): identical empty tables agree, an empty and a filled one differ."""
    a, b = _tree(tmp_path / "a", {}, table="\n"), _tree(tmp_path / "b", {}, table="\n")
    assert compare_results.compare(a, b) == []
    c = _tree(tmp_path / "c", {})
    assert any("table.csv" in d for d in compare_results.compare(a, c))
