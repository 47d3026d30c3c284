"""Smoke runs of notebooks/lin2005/ (quick mode): sample, public (REALSumm SCUs as nuggets),
licensed (skipped without configuration; run on TREC QA nugget files written here)."""
import pandas as pd
import pytest

from evalkit.data import licensed, trec_qa
from evalkit.data.simulate.tasks import simulate_task

from _notebook_smoke import assert_stripped, errors, no_licensed_config, notebook_names, numbers, run, statuses

PAPER = "lin2005"
NOTEBOOKS = notebook_names(PAPER)
DATA = [f"{PAPER}/{n}" for n in NOTEBOOKS if not n.startswith("00_")]


def test_notebooks_exist_and_are_stripped():
    assert {"00_worked_example", "01_nuggets_pourpre"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = run("sample", tmp_path, monkeypatch, [PAPER])
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS}, errors(runs)
    worked = numbers(out / PAPER, "00_worked_example")
    # the notes' hand computation (acl2005-workshop-part-B-and-qarla.md P1.4)
    assert round(worked["F_beta5"], 6) == 0.257027 and round(worked["F_beta3"], 6) == 0.269131
    claims = pd.read_csv(out / PAPER / "01_nuggets_pourpre" / "paper_vs_run.csv")
    assert {"claim_id", "source", "printed", "this_run", "data", "verdict", "note"} <= set(claims.columns)
    assert set(claims["claim_id"]) >= {"tau_pourpre_idf", "tau_pyramid"}


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = run("public", tmp_path, monkeypatch, DATA)
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS if not n.startswith("00_")}, errors(runs)
    assert numbers(out / PAPER, "01_nuggets_pourpre")["data"]["name"] == "public:realsumm"


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = run("licensed", tmp_path, monkeypatch, DATA)
    assert all(r.status == "skipped" and "trec-qa-2004" in r.error for r in runs.values()), errors(runs)


def test_licensed_profile_runs_on_trec_files(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    ev, _ = simulate_task("nuggets", seed=3, quick=True)
    trec_qa.write_trec_qa(ev, tmp_path / "trec2004")
    monkeypatch.setenv(licensed.env_var("trec-qa-2004"), str(tmp_path / "trec2004"))
    runs, out = run("licensed", tmp_path, monkeypatch, DATA)
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS if not n.startswith("00_")}, errors(runs)
    assert numbers(out / PAPER, "01_nuggets_pourpre")["data"]["name"] == "trec-qa-2004"
