"""Smoke runs of notebooks/methods/ (the meta-evaluation toolbox), see tests/_notebook_smoke.py:
``sample`` must run, ``public`` too when EVALKIT_DATA_MIRROR is set, and ``licensed`` without
configuration must be reported as skipped and run on DUC 2004, TAC 2008 and MTC Part 4 fixtures."""

import pandas as pd

from evalkit.data import licensed

from _notebook_smoke import paper_vs_run, Smoke, sim_root

NOTEBOOK = "01_meta_evaluation_toolbox"


def _results(paper_out):
    assert set(paper_vs_run(paper_out, NOTEBOOK)["verdict"]) == {
        "agrees"
    }  # the stated properties hold on this run
    out = paper_out / NOTEBOOK
    tests = pd.read_csv(out / "difference_tests.csv")
    assert len(tests) == 6 and set(tests["test"]) == {"boot", "perm"}
    assert {"rank", "metric"} <= set(pd.read_csv(out / "significance_clusters.csv").columns)
    assert len(pd.read_csv(out / "wmt_tau_like.csv")) == 5
    assert set(pd.read_csv(out / "realsumm_summary_level.csv")["inputs"]) == {
        "all",
        "significant (p < 0.05)",
    }


def _trees(tmp_path, monkeypatch):
    """DUC 2004 and TAC 2008 trees and an MTC Part 4 evaluation (NIST SGML + assessments) written
    by evalkit's writers from the quick simulated corpora, configured by environment variables."""
    from evalkit.data import duc, tac
    from evalkit.data.judgments import write_mt_evaluation
    from evalkit.data.simulate.build import load_sample

    sim = sim_root(tmp_path)
    trees = {
        "duc2004": duc.write_corpus(
            load_sample("duc2004", root=sim, quick=True), tmp_path / "duc2004", 2004
        ),
        "tac2008": tac.write_corpus(
            load_sample("tac2008", root=sim, quick=True), tmp_path / "tac2008", 2008
        ),
        "mtc4": write_mt_evaluation(
            load_sample("tides2003", root=sim, quick=True), tmp_path / "mtc4"
        ),
    }
    for name, path in trees.items():
        monkeypatch.setenv(licensed.env_var(name), str(path))


SMOKE = Smoke(
    "methods",
    {NOTEBOOK},
    skip_reason="duc2004",
    licensed_fixture=_trees,
    sample_check=_results,
    public_check=_results,
    licensed_check=_results,
    # the realism report reads the simulator's own corpora on every profile
    also_data_free={"02_simulator_realism"},
)
