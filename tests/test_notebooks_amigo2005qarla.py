"""Smoke runs of notebooks/amigo2005qarla/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebook must be reported as skipped when DUC 2004 is not configured.
"""
import json

import pandas as pd
import pytest

from _smoke_runs import assert_licensed_ok, assert_stripped, duc_fixture, no_licensed_config, notebooks, run

PAPER = "amigo2005qarla"
NOTEBOOKS = notebooks(PAPER)
DATA_FREE = {"00_formal_properties"}
DATA_NOTEBOOKS = [f"{PAPER}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(PAPER,)):
    return run(PAPER, profile, tmp_path, monkeypatch, only)


def test_notebooks_exist_and_are_stripped():
    assert {"00_formal_properties", "01_metric_quality"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "00_formal_properties" / "results.json").read_text())["numbers"]
    assert numbers["printed_checks_agree"] == numbers["printed_checks_total"] - 1   # and the one erratum
    claims = pd.read_csv(out / "00_formal_properties" / "paper_vs_run.csv")
    props = claims[claims["kind"] == "reproduced"].set_index("claim_id")["verdict"]
    assert props.drop("c6_random_metric").eq("agrees").all(), props
    quality = json.loads((out / "01_metric_quality" / "results.json").read_text())["numbers"]
    assert {"NICOS", "DocSim", "SentencePrecision", "SentenceRecall", "ROUGESim"} <= set(quality["metrics"])
    assert not {"NICOS", "DocSim", "SentencePrecision", "SentenceRecall"} & set(quality["set1"])
    kings = pd.read_csv(out / "01_metric_quality" / "figure5_king_per_metric.csv")
    assert kings["king"].between(0, 1).all() and len(kings) == len(quality["metrics"])
    table1 = pd.read_csv(out / "01_metric_quality" / "table1.csv")
    assert list(table1["criterion"])[-2:] == ["QUEEN(ROUGESim)", "QUEEN(Best Metric Combination)"]
    assert (table1["successes"] <= table1["total"]).all() and (table1["total"] > 0).all()
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0 and set(table["verdict"]) <= {"agrees", "differs", "not comparable", "erratum"}


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "01_metric_quality" / "results.json").read_text())["numbers"]
    assert numbers["data"] == "summeval"
    assert not {"NICOS", "DocSim", "SentencePrecision", "SentenceRecall"} & set(numbers["metrics"])


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)
        assert "duc2004" in run.error


def test_licensed_profile_runs_on_a_duc2004_fixture(tmp_path, monkeypatch):
    """The quick simulated DUC 2004 task 2 written as NIST's results tree, configured as duc2004."""
    no_licensed_config(tmp_path, monkeypatch)
    duc_fixture(tmp_path, monkeypatch, 2004)
    runs, out = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert_licensed_ok(runs, out, set(NOTEBOOKS) - DATA_FREE, "01_metric_quality", "duc2004")
