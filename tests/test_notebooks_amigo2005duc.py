"""Smoke runs of notebooks/amigo2005duc/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebooks must be reported as skipped when nothing is configured.
"""
import json

import pandas as pd
import pytest

from _smoke_runs import assert_licensed_ok, assert_stripped, duc_fixture, no_licensed_config, notebooks, run

PAPER = "amigo2005duc"
NOTEBOOKS = notebooks(PAPER)
DATA_FREE = {"00_printed_checks"}
DATA_NOTEBOOKS = [f"{PAPER}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(PAPER,)):
    return run(PAPER, profile, tmp_path, monkeypatch, only)


def test_notebooks_exist_and_are_stripped():
    assert {"00_printed_checks", "01_qarla_duc2004", "02_task2_vs_task5"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "00_printed_checks" / "results.json").read_text())["numbers"]
    assert numbers["printed_checks_agree"] == numbers["printed_checks_total"] == 6
    assert numbers["rouge_similarities"] == 48
    run = json.loads((out / "01_qarla_duc2004" / "results.json").read_text())["numbers"]
    assert run["combinations"] == 2 ** 4 - 1          # quick: 4 clusters -> 15 non-empty sets
    fig5 = pd.read_csv(out / "01_qarla_duc2004" / "figure5_king_vs_pearson.csv")
    assert fig5["king"].between(0, 1).all() and len(fig5) == 15
    assert run["pool"]["tvm_terms"] == "source documents" and "terms:documents" in run["pool"]["tvm_signature"]
    tasks = pd.read_csv(out / "02_task2_vs_task5" / "tasks.csv")
    assert list(tasks["task"]) == [2, 5] and tasks[["king_set", "jack_set"]].stack().between(0, 1).all()
    assert json.loads((out / "02_task2_vs_task5" / "results.json").read_text())["numbers"]["data"] == \
        ["duc2004", "duc2004t5"]
    comparison = pd.read_csv(out / "02_task2_vs_task5" / "paper_vs_run.csv")
    assert set(comparison["verdict"]) <= {"agrees", "differs"} and len(comparison) == 4
    curve = pd.read_csv(out / "01_qarla_duc2004" / "figure3_jack_curve.csv")
    assert (curve.groupby("order")["jack"].diff().dropna() >= 0).all()
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0 and set(table["verdict"]) <= {"agrees", "differs", "not comparable", "erratum"}


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "01_qarla_duc2004" / "results.json").read_text())["numbers"]
    assert numbers["data"] == "summeval" and "source documents" in numbers["pool"]["tvm_terms"]
    comparison = pd.read_csv(out / "02_task2_vs_task5" / "paper_vs_run.csv")
    assert (comparison["verdict"] == "not comparable").all() and comparison["note"].str.contains("no task 5").all()


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
    assert_licensed_ok(runs, out, set(NOTEBOOKS) - DATA_FREE, "01_qarla_duc2004", "duc2004")


def test_sample_task5_run_of_the_figures_notebook(tmp_path, monkeypatch):
    """01 with ``task = 5``: Figures 1-6 on the simulated "Who is X?" task (the runner runs
    the default task 2)."""
    import os
    import sys
    from pathlib import Path

    import papermill as pm

    nb = Path(__file__).resolve().parents[1] / "notebooks" / PAPER / "01_qarla_duc2004.ipynb"
    out = tmp_path / "results"
    out.mkdir()
    for k, v in {"EVALKIT_SAMPLE_DIR": str(tmp_path / "sample"), "EVALKIT_HEADLESS": "1", "MPLBACKEND": "Agg",
                 "EVALKIT_PROFILE": "sample", "EVALKIT_RESULTS_DIR": str(out), "PYTHONHASHSEED": "0",
                 "PATH": str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", "")}.items():
        monkeypatch.setenv(k, v)
    pm.execute_notebook(str(nb), str(out / "executed.ipynb"), kernel_name="python3", cwd=str(nb.parent),
                        progress_bar=False, parameters={"profile": "sample", "quick": True, "results_dir": str(out),
                                                        "task": 5})
    numbers = json.loads((out / "results.json").read_text())["numbers"]
    assert numbers["data"] == "duc2004t5" and numbers["task"] == 5
    assert numbers["pool"]["tvm_terms"] == "source documents"
