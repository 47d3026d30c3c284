"""Smoke runs of notebooks/methods/ (the meta-evaluation toolbox) through the headless runner
in quick mode: ``sample`` must run, ``public`` too when EVALKIT_DATA_MIRROR is set, and
``licensed`` without configuration must be reported as skipped."""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]
NOTEBOOK = REPO / "notebooks" / "methods" / "01_meta_evaluation_toolbox.ipynb"


def _run(profile, tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=["methods"], quick=True, results_dir=tmp_path, jobs=1)
    return {r.notebook: r for r in runs}, tmp_path / profile / "methods" / "01_meta_evaluation_toolbox"


def test_notebook_is_stripped_and_thin():
    nb = json.loads(NOTEBOOK.read_text())
    assert nb["cells"][0]["cell_type"] == "markdown"
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    assert sum("parameters" in c.get("metadata", {}).get("tags", []) for c in code) == 1
    for cell in code:
        source = "".join(cell["source"])
        assert cell["outputs"] == [] and cell["execution_count"] is None
        assert "def " not in source and len(source.splitlines()) <= 25


def _check_results(out):
    claims = pd.read_csv(out / "paper_vs_run.csv")
    assert list(claims.columns) == ["claim_id", "source", "printed", "this_run", "data", "verdict", "note"]
    assert set(claims["verdict"]) <= {"agrees", "differs", "not comparable"}
    tests = pd.read_csv(out / "difference_tests.csv")
    assert len(tests) == 6 and set(tests["test"]) == {"boot", "perm"}
    assert {"rank", "metric"} <= set(pd.read_csv(out / "significance_clusters.csv").columns)
    assert len(pd.read_csv(out / "wmt_tau_like.csv")) == 5


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {"01_meta_evaluation_toolbox": "ok"}, \
        {n: r.error for n, r in runs.items()}
    _check_results(out)


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {"01_meta_evaluation_toolbox": "ok"}, \
        {n: r.error for n, r in runs.items()}
    _check_results(out)


def test_licensed_profile_is_skipped_without_configuration(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "none.yaml"))
    for var in ("EVALKIT_DUC2004", "EVALKIT_MTC4"):
        monkeypatch.delenv(var, raising=False)
    runs, _ = _run("licensed", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {"01_meta_evaluation_toolbox": "skipped"}
