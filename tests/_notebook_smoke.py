"""Shared helpers of the notebook smoke tests of the ACL 2005 workshop papers (issue 18)."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Dict, Sequence, Tuple

from evalkit.data import licensed
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]


def notebook_names(paper: str):
    return sorted(p.stem for p in (REPO / "notebooks" / paper).glob("*.ipynb"))


def assert_stripped(paper: str) -> None:
    for name in notebook_names(paper):
        nb = json.loads((REPO / "notebooks" / paper / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown", name
        tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1, name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name
                assert len("".join(cell["source"]).splitlines()) <= 25 and "def " not in "".join(cell["source"]), name


def run(profile: str, tmp_path: Path, monkeypatch, only: Sequence[str]) -> Tuple[Dict[str, runner.NotebookRun], Path]:
    # A private sample folder: the smoke run neither reads nor rebuilds the shared one.
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile


def statuses(runs) -> Dict[str, str]:
    return {n: r.status for n, r in runs.items()}


def errors(runs) -> Dict[str, str]:
    return {n: r.error for n, r in runs.items() if r.status != "ok"}


def no_licensed_config(tmp_path: Path, monkeypatch) -> None:
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def numbers(results: Path, notebook: str) -> dict:
    return json.loads((results / notebook / "results.json").read_text())["numbers"]
