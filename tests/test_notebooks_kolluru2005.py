"""Smoke runs of notebooks/kolluru2005/ (quick mode): sample; public (no stand-in exists:
the data notebook must be skipped with that reason); licensed (skipped without
configuration; run on a study folder in evalkit's questionnaire layout written here)."""
import pandas as pd
import pytest

from evalkit.data import licensed, questionnaires
from evalkit.data.simulate.tasks import simulate_task

from _notebook_smoke import assert_stripped, errors, no_licensed_config, notebook_names, numbers, run, statuses

PAPER = "kolluru2005"
NOTEBOOKS = notebook_names(PAPER)
DATA = [f"{PAPER}/{n}" for n in NOTEBOOKS if not n.startswith("00_")]


def test_notebooks_exist_and_are_stripped():
    assert {"00_printed_checks", "01_cross_comprehension"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = run("sample", tmp_path, monkeypatch, [PAPER])
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS}, errors(runs)
    checks = pd.read_csv(out / PAPER / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    # Table 1 + prose: characters per word 6.1, 4.9, 5.8, 5.3 follow from (chars - (words - 1)) / words
    assert checks.loc[[f"chars_per_word_{s}" for s in "ABCD"], "verdict"].eq("agrees").all()
    assert numbers(out / PAPER, "01_cross_comprehension")["shared"] > 0


@pytest.mark.public
def test_public_profile_reports_no_stand_in(tmp_path, monkeypatch, data_mirror):
    runs, _ = run("public", tmp_path, monkeypatch, [PAPER])
    assert runs["00_printed_checks"].status == "ok"
    assert all(runs[n.split("/")[1]].status == "skipped" and "no public data set" in runs[n.split("/")[1]].error
               for n in DATA)


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = run("licensed", tmp_path, monkeypatch, DATA)
    assert all(r.status == "skipped" and "kolluru-study" in r.error for r in runs.values()), errors(runs)


def test_licensed_profile_runs_on_study_folder(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    study, _ = simulate_task("questionnaires", seed=3, quick=True)
    questionnaires.write_questionnaire_study(study, tmp_path / "study")
    monkeypatch.setenv(licensed.env_var("kolluru-study"), str(tmp_path / "study"))
    runs, out = run("licensed", tmp_path, monkeypatch, DATA)
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS if not n.startswith("00_")}, errors(runs)
