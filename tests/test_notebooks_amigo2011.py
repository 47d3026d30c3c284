"""Smoke runs of notebooks/amigo2011/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebooks must be reported as skipped when nothing is configured,
and run on the paper's own test beds (NIST MT 2004 AE, DUC 2005) written as fixtures.
"""
import json

import pandas as pd
import pytest

from _smoke_runs import (assert_licensed_ok, assert_stripped, duc_fixture, nist_mt_fixture, no_licensed_config,
                         notebooks, run)

PAPER = "amigo2011"
NOTEBOOKS = notebooks(PAPER)
DATA_FREE = {"00_printed_checks"}
DATA_NOTEBOOKS = [f"{PAPER}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(PAPER,)):
    return run(PAPER, profile, tmp_path, monkeypatch, only)


def test_notebooks_exist_and_are_stripped():
    assert {"00_printed_checks", "01_mt_corroboration", "02_as_corroboration"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


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
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)
        assert ("nist-mt04-ar-en" if "mt" in name else "duc2005") in run.error


def test_licensed_profile_runs_on_nist_mt_and_duc_fixtures(tmp_path, monkeypatch):
    """Quick simulated TIDES 2003 written as a NIST evaluation with LDC-layout assessments
    (configured as nist-mt04-ar-en, the default test bed AE2004) and DUC 2005 as NIST's
    results tree (duc2005)."""
    no_licensed_config(tmp_path, monkeypatch)
    nist_mt_fixture(tmp_path, monkeypatch, "nist-mt04-ar-en")
    duc_fixture(tmp_path, monkeypatch, 2005)
    runs, out = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    expected = set(NOTEBOOKS) - DATA_FREE
    assert assert_licensed_ok(runs, out, expected, "01_mt_corroboration", "nist-mt04-ar-en")["ordered_pairs"] > 0
    assert_licensed_ok(runs, out, expected, "02_as_corroboration", "duc2005")
