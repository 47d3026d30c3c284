"""Every paper notebook follows the notebook model of notebooks/README.md."""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted((REPO / "notebooks").glob("*/*.ipynb"))


def test_there_are_notebooks():
    assert NOTEBOOKS


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_model(path):
    assert path.stem[:2].isdigit() and path.stem[2] == "_", "name must be NN_<experiment>.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = nb["cells"]
    assert cells[0]["cell_type"] == "markdown", (
        "first cell: what the paper asked, what is regenerated, on which data"
    )
    code = [c for c in cells if c["cell_type"] == "code"]
    # Outputs are stripped in git.
    assert all(not c.get("outputs") and c.get("execution_count") is None for c in code)
    tagged = [c for c in code if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1, "exactly one cell tagged 'parameters'"
    assigned = {
        target.id
        for node in ast.parse("".join(tagged[0]["source"])).body
        if isinstance(node, ast.Assign)
        for target in node.targets
        if isinstance(target, ast.Name)
    }
    # The knobs run_all.sh injects must exist, so papermill overrides them rather than adding new ones.
    assert {"profile", "quick", "results_dir", "seed"} <= assigned
    body = "".join("".join(c["source"]) for c in code)
    assert ".finish()" in body, "results go through the ResultsWriter and end with out.finish()"
