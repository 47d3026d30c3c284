"""Smoke runs of notebooks/owczarzak2009conditions/ (quick mode), see tests/_tac_notebooks.py."""
import json

import pytest

from _tac_notebooks import (assert_ok, check_stripped, no_licensed_config, notebooks, paper_vs_run, run,
                            tac_fixtures)

PAPER = "owczarzak2009conditions"
NOTEBOOKS = notebooks(PAPER)


def test_notebooks_exist_and_are_stripped():
    assert {"01_models_sweep", "02_topics_sweep", "03_model_split_half"} <= set(NOTEBOOKS)
    check_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = run(PAPER, "sample", tmp_path, monkeypatch)
    assert_ok(runs, NOTEBOOKS)
    for name in NOTEBOOKS:
        paper_vs_run(out, name)
    t1 = paper_vs_run(out, "01_models_sweep")
    # every printed cell of Tables 1-4 has a row; BE is never computed
    assert len(t1) == 4 * 5 * 4 - 2 * 5 and (t1[t1["claim_id"].str.endswith(":be")]["verdict"] == "not comparable").all()


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, _ = run(PAPER, "public", tmp_path, monkeypatch)
    assert_ok(runs, NOTEBOOKS)


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = run(PAPER, "licensed", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "skipped" for n in NOTEBOOKS}
    assert all("tac2008" in r.error for r in runs.values())


def test_licensed_profile_runs_on_tac_fixture(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    tac_fixtures(tmp_path, monkeypatch, [2008])
    runs, out = run(PAPER, "licensed", tmp_path, monkeypatch)
    assert_ok(runs, NOTEBOOKS)
    verdicts = set(paper_vs_run(out, "01_models_sweep")["verdict"])
    assert verdicts & {"agrees", "differs"}  # licensed runs are compared with the printed values
    data = json.loads((out / "01_models_sweep" / "results.json").read_text())["numbers"]["data"]
    assert "TAC 2008" in data["A"]["name"]
