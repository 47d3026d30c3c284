"""Smoke runs of notebooks/amigo2011/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebook must be reported as skipped when DUC 2004 is not configured.
"""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import licensed
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]
PAPER = "amigo2011"
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / PAPER).glob("*.ipynb"))
DATA_FREE = {"00_printed_checks"}
DATA_NOTEBOOKS = [f"{PAPER}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(PAPER,)):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / PAPER


def test_notebooks_exist_and_are_stripped():
    assert {"00_printed_checks", "01_mt_corroboration", "02_as_corroboration"} <= set(NOTEBOOKS)
    for name in NOTEBOOKS:
        nb = json.loads((REPO / "notebooks" / PAPER / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown"
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "00_printed_checks" / "results.json").read_text())["numbers"]
    assert numbers["printed_checks_agree"] == numbers["printed_checks_total"] - 2   # two implied counts
    checks = pd.read_csv(out / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    assert checks.loc["figure1_pairs_MT", "this_run"] == "C(64,2) = 2,016"
    assert checks.loc["figure1_pairs_AS", "this_run"] == "C(21,2) = 210"
    assert checks.loc["judged_share_AE2004", "this_run"] == "25.6%"
    mt = json.loads((out / "01_mt_corroboration" / "results.json").read_text())["numbers"]
    assert len(mt["measures"]) == 14 and mt["ordered_pairs"] > 0
    sets = pd.read_csv(out / "01_mt_corroboration" / "random_sets.csv")
    assert sets["heterogeneity"].between(0, 1).all() and (sets["size"] >= 2).all()
    fig1 = pd.read_csv(out / "02_as_corroboration" / "figure1_additive_pairs.csv")
    assert len(fig1) == 210
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0 and set(table["verdict"]) <= {"agrees", "differs", "not comparable", "erratum"}


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    mt = json.loads((out / "01_mt_corroboration" / "results.json").read_text())["numbers"]
    assert mt["data"] == "wmt19-darr-kk-en"
    assert json.loads((out / "02_as_corroboration" / "results.json").read_text())["numbers"]["data"] == "summeval"


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))
    runs, _ = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)
        assert "mtc4" in run.error or "duc2005" in run.error
