"""Smoke runs of notebooks/graham2015/ (quick mode), see tests/_notebook_smoke.py.

* ``sample``: every notebook runs; the data-free one recomputes Table 2 exactly.
* ``public`` (EVALKIT_DATA_MIRROR set): every notebook runs, and Table 1 computed again in
  this process with the same parameters gives identical ranks, r and • (stability).
* ``licensed``: without configuration the data notebooks are *skipped* and 00 still runs;
  on DUC 2004 fixture files written by this test in the DUC formats, every notebook runs.
"""

from __future__ import annotations

import pandas as pd

from evalkit.data import licensed

from _notebook_smoke import REPO, load_notebook, notebook_names, numbers, paper_vs_run, Smoke

PAPER = "graham2015"
NOTEBOOKS = {
    "00_paper_consistency",
    "01_figure1_coverage_vs_quality",
    "02_figure2_distributions",
    "03_table1_correlations",
    "04_table2_optimal_shares",
    "05_figure3_williams_heatmap",
    "06_table4_human_combinations",
    "07_table3_figure4_rescoring",
}
FIGURES = {
    "01_figure1_coverage_vs_quality": "figure1",
    "02_figure2_distributions": "figure2",
    "05_figure3_williams_heatmap": "figure3",
    "07_table3_figure4_rescoring": "figure4",
}
# The licensed runs use a subset (every data notebook loads through the same
# load_evaluation call, checked below) to keep the suite's time within budget.
LICENSED_SUBSET = (
    "00_paper_consistency",
    "01_figure1_coverage_vs_quality",
    "03_table1_correlations",
    "07_table3_figure4_rescoring",
)


def test_notebooks_follow_the_reference_model():
    """What the reference notebooks show beyond the shape every paper's have."""
    for name in notebook_names(PAPER):
        nb = load_notebook(PAPER, name)
        first = "".join(nb["cells"][0]["source"])
        assert first.startswith("# Graham (2015)"), name
        for part in ("**Question.**", "**Regenerates.**", "**Data.**", "**Paper vs. this run.**"):
            assert part in first, (name, part)
        assert "parameters" in nb["cells"][1].get("metadata", {}).get("tags", []), name
        code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
        assert "out.claims(" in code and "out.finish()" in code, name
        setup_cell = "".join(nb["cells"][2]["source"])
        assert 'setup(paper="graham2015"' in setup_cell, name
        if not name.startswith(
            "00_"
        ):  # the one place data are loaded (DataNotConfiguredError -> skipped)
            assert "load_evaluation(key, params.profile" in setup_cell, name
        if name in FIGURES:
            assert f"Figure {FIGURES[name][-1]} (Graham 2015)" in code, name


def _figures_written(out):
    for name, stem in FIGURES.items():
        assert (out / name / f"{stem}.png").is_file() and (out / name / f"{stem}.svg").is_file()


def _table2_recomputed_exactly(out):
    found = numbers(out, "00_paper_consistency")
    assert found["table2_cells_identical"] == 17
    assert found["optimal_rouge_variants"] == 80
    assert found["checks_failing_not_errata"] == 0
    table = pd.read_csv(
        out / "00_paper_consistency" / "table2_recomputed.csv", dtype={"printed": str}
    )
    printed = pd.read_csv(REPO / "data/published/graham2015/table2.csv", dtype={"percent": str})
    assert list(table["printed"]) == list(printed["percent"]) and len(table) == 17
    assert set(paper_vs_run(out, "00_paper_consistency")["verdict"]) == {"agrees", "erratum"}


def _table1_has_bleu_and_192_variants(out):
    table = pd.read_csv(out / "03_table1_correlations" / "table1_duc2004_human.csv")
    assert (
        len(table) == 193 and table["variant"].nunique() == 193 and "BLEU" in set(table["variant"])
    )
    # sorted by r; variants whose r is undefined (constant on a small sample: R-4 without
    # stop words) come last, and are not in the optimal set
    defined = table["r"].notna()
    assert defined.is_monotonic_decreasing and table["r"][defined].is_monotonic_decreasing
    assert table["optimal"].iloc[0] and not table.loc[~defined, "optimal"].any()


def _table1_is_stable(out):
    """Same parameters and seed, computed again here: ranks, r and bullets identical."""
    from evalkit.data.evaluation import load_evaluation
    from evalkit.papers import graham2015 as g15

    for ev in (load_evaluation(key, "public", quick=True) for key in g15.DATASETS["public"]):
        scores = g15.metric_scores(ev)
        for target in ev.targets:
            again, _ = g15.table1_for(ev, scores, target=target, alpha=0.05)
            ran = pd.read_csv(out / "03_table1_correlations" / f"table1_{ev.key}_{target}.csv")
            assert list(ran["variant"]) == list(again["variant"])
            assert list(ran["rank"]) == list(again["rank"])
            assert list(ran["optimal"]) == list(again["optimal"])
            pd.testing.assert_series_equal(
                ran["r"], again["r"], check_exact=False, rtol=1e-9, check_names=False
            )


def _duc2004_trees(tmp_path, monkeypatch):
    """A DUC 2004 results tree (ROUGE/peers, ROUGE/models, SEE/short.results.table2) written by
    evalkit's DUC writers from the quick simulated corpus, and the Hong et al. (2014) summaries."""
    from evalkit.data import duc
    from evalkit.data.simulate import load_sample

    from test_data_hong2014 import (
        write_hong_tree,
    )  # the Hong et al. (2014) layout, shared with the reader's test

    sample = load_sample("duc2004", quick=True)
    root = duc.write_corpus(sample, tmp_path / "duc2004_results", 2004)
    assert (root / "SEE" / "short.results.table2").is_file() and any(
        (root / "ROUGE" / "peers").iterdir()
    )
    write_hong_tree(tmp_path / "sumrepo_duc2004", sample)
    monkeypatch.setenv(licensed.env_var("duc2004"), str(root))
    monkeypatch.setenv(licensed.env_var("hong2014"), str(tmp_path / "sumrepo_duc2004"))


def _rescored_on_fixture(out):
    assert len(pd.read_csv(out / "03_table1_correlations" / "table1_duc2004_human.csv")) == 193
    table3 = pd.read_csv(out / "07_table3_figure4_rescoring" / "table3_vs_paper.csv")
    assert list(table3["system"]) == list(
        pd.read_csv(REPO / "data/published/graham2015/table3.csv")["system"]
    )
    assert table3["best_ours"].notna().all() and table3["original_ours"].notna().all()


SMOKE = Smoke(
    PAPER,
    NOTEBOOKS,
    exact=True,
    skip_reason="duc2004",
    licensed_only=LICENSED_SUBSET,
    licensed_fixture=_duc2004_trees,
    sample_check=[
        _figures_written,
        _table2_recomputed_exactly,
        _table1_has_bleu_and_192_variants,
    ],
    public_check=_table1_is_stable,
    licensed_check=_rescored_on_fixture,
)
