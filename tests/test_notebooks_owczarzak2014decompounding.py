"""Smoke runs of notebooks/owczarzak2014decompounding/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` too (the Debian word lists of
requirements/apt.txt; skipped when they are not installed); on ``licensed`` they must be
reported as skipped when ``decompound-gold`` is not configured, and run on a gold folder the
test writes in evalkit's compound folder format.
"""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import licensed
from evalkit.data.simulate.compounds import write_compounds
from evalkit.errors import DataNotConfiguredError
from evalkit.notebook import runner
from evalkit.text.decompound_lexicon import debian_word_list

PAPER = "owczarzak2014decompounding"
REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / PAPER).glob("*.ipynb"))


def _run(profile, tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=[PAPER], quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / PAPER


def _all_ok(runs):
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def test_notebooks_exist_and_are_stripped():
    assert NOTEBOOKS == ["01_dynamic_decompounding", "02_guesser_grid", "03_error_analysis"]
    for name in NOTEBOOKS:
        nb = json.loads((REPO / "notebooks" / PAPER / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown"
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    _all_ok(runs)
    numbers = json.loads((out / "01_dynamic_decompounding" / "results.json").read_text())["numbers"]
    assert numbers["printed_checks_errata"] == 6                       # the README's errata, no more
    assert numbers["printed_checks_agree"] == numbers["printed_checks_total"] - 6
    grid = pd.read_csv(out / "02_guesser_grid" / "grid.csv")
    assert len(grid) == 2 * 4 * 4 * 4 * 5                              # two languages, the quick grid
    assert grid["f"].between(0, 1).all() and grid["segmentation_accuracy"].between(0, 1).all()
    examples = pd.read_csv(out / "03_error_analysis" / "paper_examples.csv")
    assert set(examples.loc[examples["table"] == 7, "class"]) == {"connector attached"}
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0 and set(table["verdict"]) <= {"agrees", "differs", "not comparable", "erratum"}, name


def test_public_profile_runs(tmp_path, monkeypatch):
    try:
        for lang in ("de", "sv"):
            debian_word_list(lang)
    except DataNotConfiguredError as exc:
        pytest.skip(f"Debian word lists missing ({exc}); see requirements/apt.txt")
    runs, out = _run("public", tmp_path, monkeypatch)
    _all_ok(runs)
    table3 = pd.read_csv(out / "01_dynamic_decompounding" / "table3.csv")
    assert set(table3["language"]) == {"de", "sv"}
    lexical = table3[table3["condition"] == "lexicalized + dynamic"]
    assert (lexical["recall"] == 100).all()                            # silver compounds are the lexicalized entries


def _no_config(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    _no_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch)
    assert set(runs) == set(NOTEBOOKS)
    for name, run in runs.items():
        assert run.status == "skipped" and "decompound-gold" in run.error, (name, run.status, run.error)


def test_licensed_profile_runs_on_a_gold_folder(tmp_path, monkeypatch):
    _no_config(tmp_path, monkeypatch)
    gold = write_compounds(tmp_path / "gold", seed=11, quick=True)
    monkeypatch.setenv(licensed.env_var("decompound-gold"), str(gold))
    runs, out = _run("licensed", tmp_path, monkeypatch)
    _all_ok(runs)
    numbers = json.loads((out / "02_guesser_grid" / "results.json").read_text())["numbers"]
    assert numbers["data"] == "decompound-gold"
