"""Smoke runs of notebooks/owczarzak2006/ through the headless runner (quick mode).

``sample`` must run; ``public`` too when EVALKIT_DATA_MIRROR is set; ``licensed`` must
report the data notebooks as skipped when nothing is configured (the paper's Europarl
outputs and judgments were never distributed, so there is no licensed fixture to run).
"""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.notebook.claims import check_claims

from conftest import licensed_tides_fixture, no_licensed_config, run_paper_notebooks

PAPER = "owczarzak2006"
REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / PAPER).glob("*.ipynb"))
DATA_FREE = {"00_paper_consistency"}
DATA_NOTEBOOKS = [f"{PAPER}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _all_ok(runs, expected):
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in expected}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = run_paper_notebooks(PAPER, "sample", tmp_path, monkeypatch)
    _all_ok(runs, NOTEBOOKS)
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        check_claims(table, name)  # the claims schema: columns, kinds, verdicts
    free = pd.read_csv(out / sorted(DATA_FREE)[0] / "paper_vs_run.csv")
    assert (free["verdict"] == "agrees").all()


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, _ = run_paper_notebooks(PAPER, "public", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    _all_ok(runs, set(NOTEBOOKS) - DATA_FREE)


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = run_paper_notebooks(PAPER, "licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)
