"""Smoke runs of notebooks/graham2015/ through the headless runner (quick mode).

* ``sample``: every notebook runs; the data-free one recomputes Table 2 exactly.
* ``public`` (EVALKIT_DATA_MIRROR set): every notebook runs, and Table 1 computed again in
  this process with the same parameters gives identical ranks, r and • (stability).
* ``licensed``: without configuration the data notebooks are *skipped* and 00 still runs;
  on DUC 2004 fixture files written by this test in the DUC formats, every notebook runs.
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]
FOLDER = REPO / "notebooks" / "graham2015"
NOTEBOOKS = sorted(p.stem for p in FOLDER.glob("*.ipynb"))
DATA_FREE = {"00_paper_consistency"}
FIGURES = {"01_figure1_coverage_vs_quality": "figure1", "02_figure2_distributions": "figure2",
           "05_figure3_williams_heatmap": "figure3", "07_table3_figure4_rescoring": "figure4"}
LICENSED_ENV = ("EVALKIT_DUC2004", "EVALKIT_HONG2014")


# The licensed runs use a subset (every data notebook loads through the same
# load_evaluation call, checked below) to keep the suite's time within budget.
LICENSED_SUBSET = ("00_paper_consistency", "01_figure1_coverage_vs_quality", "03_table1_correlations",
                   "07_table3_figure4_rescoring")


def _run(profile, results, only=("graham2015",)):
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=results, jobs=2)
    return {r.notebook: r for r in runs}, Path(results) / profile / "graham2015"


def _all_ok(runs, expected=NOTEBOOKS):
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in expected}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def test_notebooks_follow_the_model_and_are_stripped():
    assert {"00_paper_consistency", "01_figure1_coverage_vs_quality", "02_figure2_distributions",
            "03_table1_correlations", "04_table2_optimal_shares", "05_figure3_williams_heatmap",
            "06_table4_human_combinations", "07_table3_figure4_rescoring"} == set(NOTEBOOKS)
    for name in NOTEBOOKS:
        nb = json.loads((FOLDER / f"{name}.ipynb").read_text())
        first = "".join(nb["cells"][0]["source"])
        assert nb["cells"][0]["cell_type"] == "markdown" and first.startswith("# Graham (2015)")
        for part in ("**Question.**", "**Regenerates.**", "**Data.**", "**Paper vs. this run.**"):
            assert part in first, (name, part)
        tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1 and nb["cells"][1] is tagged[0], name
        source = "".join(tagged[0]["source"])
        for knob in ('profile = "sample"', "seed =", "quick = False", "results_dir = None"):
            assert knob in source, (name, knob)
        code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        assert "out.claims(" in code and "out.finish()" in code and "def " not in code, name
        setup_cell = "".join(nb["cells"][2]["source"])
        assert "setup(paper=\"graham2015\"" in setup_cell, name
        if name not in DATA_FREE:  # the one place data are loaded (DataNotConfiguredError -> skipped)
            assert "load_evaluation(key, params.profile" in setup_cell, name
        if name in FIGURES:
            assert f"Figure {FIGURES[name][-1]} (Graham 2015)" in code, name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


@pytest.fixture(scope="module")
def sample_run(tmp_path_factory):
    return _run("sample", tmp_path_factory.mktemp("g15_sample"))


def test_sample_profile_runs(sample_run):
    runs, out = sample_run
    _all_ok(runs)
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0, name
        assert (out / name / "results.json").is_file()
    for name, stem in FIGURES.items():
        assert (out / name / f"{stem}.png").is_file() and (out / name / f"{stem}.svg").is_file()


def test_sample_data_free_notebook_recomputes_table2_exactly(sample_run):
    _, out = sample_run
    numbers = json.loads((out / "00_paper_consistency" / "results.json").read_text())["numbers"]
    assert numbers["table2_cells_identical"] == 17
    assert numbers["optimal_rouge_variants"] == 80
    assert numbers["checks_failing_not_errata"] == 0
    table = pd.read_csv(out / "00_paper_consistency" / "table2_recomputed.csv", dtype={"printed": str})
    printed = pd.read_csv(REPO / "data/published/graham2015/table2.csv", dtype={"percent": str})
    assert list(table["printed"]) == list(printed["percent"]) and len(table) == 17
    claims = pd.read_csv(out / "00_paper_consistency" / "paper_vs_run.csv")
    assert set(claims["verdict"]) == {"agrees", "erratum"}


def test_sample_table1_has_bleu_and_192_variants(sample_run):
    _, out = sample_run
    table = pd.read_csv(out / "03_table1_correlations" / "table1_duc2004_human.csv")
    assert len(table) == 193 and table["variant"].nunique() == 193 and "BLEU" in set(table["variant"])
    assert table["r"].is_monotonic_decreasing and table["optimal"].iloc[0]


@pytest.mark.public
def test_public_profile_runs_and_table1_is_stable(tmp_path, data_mirror):
    runs, out = _run("public", tmp_path)
    _all_ok(runs)
    from evalkit.papers import graham2015 as g15

    # Same parameters and seed, computed again here: ranks, r and bullets identical.
    from evalkit.data.evaluation import load_evaluation

    for ev in (load_evaluation(key, "public", quick=True) for key in g15.DATASETS["public"]):
        scores = g15.metric_scores(ev)
        for target in ev.targets:
            again, _ = g15.table1_for(ev, scores, target=target, alpha=0.05)
            ran = pd.read_csv(out / "03_table1_correlations" / f"table1_{ev.key}_{target}.csv")
            assert list(ran["variant"]) == list(again["variant"])
            assert list(ran["rank"]) == list(again["rank"])
            assert list(ran["optimal"]) == list(again["optimal"])
            pd.testing.assert_series_equal(ran["r"], again["r"], check_exact=False, rtol=1e-9, check_names=False)


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    for var in LICENSED_ENV:
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "no-config.yaml"))  # no user config either
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    runs, _ = _run("licensed", tmp_path, [f"graham2015/{n}" for n in LICENSED_SUBSET])
    assert set(runs) == set(LICENSED_SUBSET)
    for name, run in runs.items():
        expected = "ok" if name in DATA_FREE else "skipped"
        assert run.status == expected, (name, run.status, run.error)


def test_licensed_profile_runs_on_duc2004_fixture_files(tmp_path, monkeypatch):
    """A DUC 2004 results tree (ROUGE/peers, ROUGE/models, SEE/short.results.table2) written by
    evalkit's DUC writers from the quick simulated corpus, configured through EVALKIT_DUC2004."""
    from evalkit.data import duc
    from evalkit.data.simulate import load_sample

    from test_data_hong2014 import write_hong_tree  # the Hong et al. (2014) layout, shared with the reader's test

    sample = load_sample("duc2004", quick=True)
    root = duc.write_corpus(sample, tmp_path / "duc2004_results", 2004)
    assert (root / "SEE" / "short.results.table2").is_file() and any((root / "ROUGE" / "peers").iterdir())
    write_hong_tree(tmp_path / "sumrepo_duc2004", sample)
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "no-config.yaml"))
    monkeypatch.setenv("EVALKIT_DUC2004", str(root))
    monkeypatch.setenv("EVALKIT_HONG2014", str(tmp_path / "sumrepo_duc2004"))
    runs, out = _run("licensed", tmp_path / "results", [f"graham2015/{n}" for n in LICENSED_SUBSET])
    _all_ok(runs, LICENSED_SUBSET)
    table = pd.read_csv(out / "03_table1_correlations" / "table1_duc2004_human.csv")
    assert len(table) == 193
    table3 = pd.read_csv(out / "07_table3_figure4_rescoring" / "table3_vs_paper.csv")
    assert list(table3["system"]) == list(pd.read_csv(REPO / "data/published/graham2015/table3.csv")["system"])
    assert table3["best_ours"].notna().all() and table3["original_ours"].notna().all()
