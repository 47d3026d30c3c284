"""Shared smoke runs of the TAC meta-evaluation notebooks (the four Owczarzak et al. papers).

On ``sample`` every notebook must run; on ``public`` (EVALKIT_DATA_MIRROR) too; on ``licensed``
the data notebooks must be *skipped* without configuration and must run on TAC eval
directories the test writes (the quick simulated TAC years written by evalkit's TAC writer,
in NIST's layout) and points EVALKIT_TAC<year> at.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

from evalkit.data import licensed, tac
from evalkit.data.simulate import build_sample
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]


def notebooks(paper: str) -> list:
    return sorted(p.stem for p in (REPO / "notebooks" / paper).glob("*.ipynb"))


def run(paper, profile, tmp_path, monkeypatch, only=None):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only or [paper]), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / paper


def check_stripped(paper: str) -> None:
    for name in notebooks(paper):
        nb = json.loads((REPO / "notebooks" / paper / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown"
        tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1, name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


def assert_ok(runs, expected) -> None:
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in expected}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def paper_vs_run(out: Path, name: str) -> pd.DataFrame:
    from evalkit.notebook.claims import COLUMNS, VERDICTS

    table = pd.read_csv(out / name / "paper_vs_run.csv", dtype=str, keep_default_na=False)
    assert tuple(table.columns) == COLUMNS
    assert len(table) > 0 and set(table["verdict"]) <= set(VERDICTS)
    return table


def no_licensed_config(tmp_path, monkeypatch) -> None:
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def tac_fixtures(tmp_path, monkeypatch, years) -> None:
    """Quick simulated TAC years written in NIST's eval-directory layout, configured as licensed."""
    root = tmp_path / "tac-fixture"
    build_sample(root, quick=True, corpora=[f"tac{y}" for y in years], jobs=1)
    for y in years:
        monkeypatch.setenv(licensed.env_var(f"tac{y}"), str(root / f"tac{y}" / tac.EVAL_DIRS[y]))


def standard_tests(paper: str, expected: set, years: list, sample_check=None, public_check=None,
                   licensed_notebook: str = None) -> dict:
    """The five smoke tests every paper runs, as module-level test functions (``globals().update``).

    ``sample_check(out)`` / ``public_check(out)`` add paper-specific assertions on the results;
    ``licensed_notebook``'s paper-vs-run table must compare values (agrees/differs) on the fixture.
    """
    import pytest

    names = notebooks(paper)

    def test_notebooks_exist_and_are_stripped():
        assert expected <= set(names)
        check_stripped(paper)

    def test_sample_profile_runs(tmp_path, monkeypatch):
        runs, out = run(paper, "sample", tmp_path, monkeypatch)
        assert_ok(runs, names)
        for name in names:
            paper_vs_run(out, name)
        if sample_check:
            sample_check(out)

    @pytest.mark.public
    def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
        runs, out = run(paper, "public", tmp_path, monkeypatch)
        assert_ok(runs, names)
        if public_check:
            public_check(out)

    def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
        no_licensed_config(tmp_path, monkeypatch)
        runs, _ = run(paper, "licensed", tmp_path, monkeypatch)
        assert {n: r.status for n, r in runs.items()} == {n: "skipped" for n in names}
        assert all("tac" in r.error for r in runs.values())

    def test_licensed_profile_runs_on_tac_fixture(tmp_path, monkeypatch):
        no_licensed_config(tmp_path, monkeypatch)
        tac_fixtures(tmp_path, monkeypatch, years)
        runs, out = run(paper, "licensed", tmp_path, monkeypatch)
        assert_ok(runs, names)
        if licensed_notebook:
            assert set(paper_vs_run(out, licensed_notebook)["verdict"]) & {"agrees", "differs"}

    return {f.__name__: f for f in (test_notebooks_exist_and_are_stripped, test_sample_profile_runs,
                                    test_public_profile_runs, test_licensed_profile_is_skipped_without_data,
                                    test_licensed_profile_runs_on_tac_fixture)}
