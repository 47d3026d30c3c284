"""Smoke runs of notebooks/methods/ (the meta-evaluation toolbox) through the headless runner
in quick mode: ``sample`` must run, ``public`` too when EVALKIT_DATA_MIRROR is set, and
``licensed`` without configuration must be reported as skipped."""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import licensed
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
    assert list(claims.columns) == ["claim_id", "kind", "source", "printed", "this_run", "data", "verdict", "note"]
    assert set(claims["verdict"]) == {"agrees"}  # the stated properties hold on this run
    tests = pd.read_csv(out / "difference_tests.csv")
    assert len(tests) == 6 and set(tests["test"]) == {"boot", "perm"}
    assert {"rank", "metric"} <= set(pd.read_csv(out / "significance_clusters.csv").columns)
    assert len(pd.read_csv(out / "wmt_tau_like.csv")) == 5
    assert set(pd.read_csv(out / "realsumm_summary_level.csv")["inputs"]) == {"all", "significant (p < 0.05)"}


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


def _no_licensed_config(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def test_licensed_profile_is_skipped_without_configuration(tmp_path, monkeypatch):
    _no_licensed_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {"01_meta_evaluation_toolbox": "skipped"}


def test_licensed_profile_runs_on_fixture_files(tmp_path, monkeypatch):
    """DUC 2004 and TAC 2008 trees and an MTC Part 4 evaluation (NIST SGML + assessments) written
    by evalkit's writers from the quick simulated corpora, configured by environment variables."""
    from evalkit.data import duc, tac
    from evalkit.data.judgments import write_mt_evaluation
    from evalkit.data.simulate.build import load_sample

    _no_licensed_config(tmp_path, monkeypatch)
    sim = tmp_path / "sim"
    trees = {"duc2004": duc.write_corpus(load_sample("duc2004", root=sim, quick=True), tmp_path / "duc2004", 2004),
             "tac2008": tac.write_corpus(load_sample("tac2008", root=sim, quick=True), tmp_path / "tac2008", 2008),
             "mtc4": write_mt_evaluation(load_sample("tides2003", root=sim, quick=True), tmp_path / "mtc4")}
    for name, path in trees.items():
        monkeypatch.setenv(licensed.env_var(name), str(path))
    runs, out = _run("licensed", tmp_path / "results", monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {"01_meta_evaluation_toolbox": "ok"}, \
        {n: r.error for n, r in runs.items()}
    _check_results(out)
