"""Owczarzak (2009): every derivable mark of the printed tables, recomputed from the printed r values."""

from __future__ import annotations

import pytest

from evalkit.metrics.dependency import depeval_variants
from evalkit.papers import owczarzak2009depeval as dp


def test_table2_significance_letters_are_fisher_interval_non_overlap():
    printed = dp.published("table2")
    got = dp.significance_letters(printed)
    merged = got.merge(
        printed[["metric", "column", "better_than"]],
        on=["metric", "column"],
        suffixes=("", "_printed"),
    )
    merged["better_than_printed"] = merged["better_than_printed"].fillna("")
    assert len(merged) == 32 * 4
    assert (merged["better_than"] == merged["better_than_printed"]).all(), merged[
        merged["better_than"] != merged["better_than_printed"]
    ]
    # the other sample size the paper mentions (5,952 summaries in all) does not reproduce them
    wrong = dp.significance_letters(printed, n={"models": 384, "systems": 5952})
    assert (wrong["better_than"].values != merged["better_than_printed"].values).any()


def test_asterisks_are_column_maxima():
    for table in ("table1", "table2"):
        printed = dp.published(table)
        got = dp.asterisks(printed[["metric", "column", "value"]])
        assert got["star"].tolist() == printed["star"].tolist(), table


def test_tables_3_4_confidence_interval_statements():
    t3 = dp.published("table3")
    models = t3[t3["column"] == "models"]
    # "For model summaries, only DEPEVAL correlations are significant" (n = 10 human summarizers)
    assert {r.metric: dp.ci_excludes_zero(r.value, 10) for r in models.itertuples()} == {
        m: m.startswith("DEPEVAL") for m in models["metric"]
    }
    t4 = dp.published("table4")
    models = t4[t4["column"] == "models"]
    # "ROUGE-SU4 and BE correlations for model summaries are not statistically significant" (n = 180)
    assert {r.metric: dp.ci_excludes_zero(r.value, 180) for r in models.itertuples()} == {
        m: m not in ("ROUGE-SU4", "BE-HM") for m in models["metric"]
    }


def test_variant_rows_are_the_32_switch_combinations():
    rows = dp.variant_rows()
    assert len(rows) == 32 and rows[0] == "base"
    assert {() if r == "base" else tuple(r.split()) for r in rows} == set(depeval_variants())


def test_shading_counts_competitors_beaten():
    t1 = dp.published("table1")
    sh = dp.shading(t1).set_index(["metric", "column"])["k"]
    # base, Pyramid models: 0.653 > 0.277, 0.457, 0.423 -> 3; pm, Pyramid systems: 0.811 < all -> 0
    assert sh[("base", "pyramid_models")] == 3 and sh[("pm", "pyramid_systems")] == 0
    # the text's claim that base/norel beat all three except system-level Pyramid for systems
    # does not hold for Responsiveness systems (erratum 3 of the README)
    assert (
        sh[("base", "responsiveness_systems")] == 0 and sh[("norel", "responsiveness_systems")] == 0
    )


def _toy_scores(seed=0, n_instances=6, n_peers=12):
    """Summary scores and judgments of a toy TAC: ``good`` tracks the human score, ``base``
    and the competitors are noisier; returns (scores, judgments) as the notebooks pass them."""
    import numpy as np
    import pandas as pd

    rng = np.random.default_rng(seed)
    rows, judg = [], []
    for i in range(n_instances):
        for s in range(n_peers):
            h = rng.normal()
            judg.append({"instance": f"d{i}", "summarizer": f"s{s}", "value": h})
            for metric, noise in (
                ("base", 0.3), ("pm", 0.31), ("ROUGE-2", 3.0), ("ROUGE-SU4", 3.0), ("BE-HM", 3.0)
            ):  # fmt: skip
                rows.append(
                    {"instance": f"d{i}", "summarizer": f"s{s}", "type": "peer", "metric": metric,
                     "value": h + rng.normal(scale=noise)}
                )  # fmt: skip
    judg = pd.DataFrame(judg).assign(judgment="pyramid")
    return pd.DataFrame(rows), {"pyramid": {"systems": judg, "models": judg.iloc[:0]}}


def test_competitor_tests_are_the_williams_test_on_the_units():
    import numpy as np

    from evalkit.stats.williams import williams_test

    scores, judg = _toy_scores()
    tests = dp.competitor_tests(scores, judg, "summary").set_index(["metric_a", "metric_b"])
    wide = scores.pivot_table(index=["instance", "summarizer"], columns="metric", values="value")
    h = (
        judg["pyramid"]["systems"]
        .set_index(["instance", "summarizer"])["value"]
        .reindex(wide.index)
    )
    r = lambda a, b: np.corrcoef(a, b)[0, 1]  # noqa: E731
    a, b = wide["base"], wide["ROUGE-2"]
    want = williams_test(r(h, a), r(h, b), r(a, b), len(h), alternative="two-sided")
    got = tests.loc[("base", "ROUGE-2")]
    assert (
        got["n"] == 72
        and got["p"] == pytest.approx(want.p)
        and got["r_a"] == pytest.approx(r(h, a))
    )


def test_run_claims_decide_findings_by_the_williams_test():
    """The paper's direction alone is not agreement: base vs pm differ by noise here (their
    noise scales are 0.30 and 0.31), so 'pm above base' is inconclusive whatever its sign,
    while base's lead over the noisy competitors is significant."""
    from evalkit.notebook.claims import check_claims

    scores, judg = _toy_scores()
    corr = dp.correlations(scores, judg)
    run = corr[corr["level"] == "summary"]
    tests = dp.competitor_tests(scores, judg, "summary")
    c = check_claims(dp.run_claims(run, "table2", "sample", "toy", tests).frame())
    v = c.set_index("claim_id")["verdict"]
    assert v["table2_pyramid_systems_base_above_all_competitors"] == "agrees"
    assert v["table2_pyramid_systems_pm_above_base"] == "inconclusive"
    ev = c.set_index("claim_id")["evidence"]["table2_pyramid_systems_pm_above_base"]
    assert ev.startswith("Williams test, two-sided, pm vs base")
    assert (
        c.set_index("claim_id")["level"]["table2_pyramid_systems_base_above_all_competitors"]
        == "headline"
    )
    # without tests (too few units) the finding is not comparable, never agrees
    c2 = dp.run_claims(run, "table2", "sample", "toy", None).frame()
    assert set(c2["verdict"]) == {"not comparable"}


def test_section6_findings_test_norel_and_models_over_be():
    """Section 6: "Both the baseline and norel versions achieve significant improvement over
    ROUGE and BE ... for automatic summaries, and over BE for models, on the summary level".
    The norel half and the models-over-BE half are rows of their own, each decided by the
    Williams test of norel (base) against the run's best competitor (BE-HM), recomputed here
    by hand from the summary-level correlations."""
    import numpy as np
    import pandas as pd

    from evalkit.notebook.claims import check_claims
    from evalkit.stats.williams import williams_test

    scores, judg = _toy_scores()
    rng = np.random.default_rng(7)
    h = judg["pyramid"]["systems"].set_index(["instance", "summarizer"])["value"]
    peers = scores[scores["metric"] == "base"].set_index(["instance", "summarizer"])
    norel = peers.assign(metric="norel", value=h.reindex(peers.index) + rng.normal(0, 0.3, len(h)))
    scores = pd.concat([scores, norel.reset_index()], ignore_index=True)
    models = scores.assign(type="model")  # the same units scored as model summaries
    scores = pd.concat([scores, models], ignore_index=True)
    judg = {
        "pyramid": {"systems": judg["pyramid"]["systems"], "models": judg["pyramid"]["systems"]}
    }
    corr = dp.correlations(scores, judg)
    run = corr[corr["level"] == "summary"]
    tests = dp.competitor_tests(scores, judg, "summary")
    c = check_claims(dp.run_claims(run, "table2", "sample", "toy", tests).frame())
    c = c.set_index("claim_id")
    wide = scores[scores["type"] == "peer"].pivot_table(
        index=["instance", "summarizer"], columns="metric", values="value"
    )
    hv = h.reindex(wide.index)
    r = lambda a, b: np.corrcoef(a, b)[0, 1]  # noqa: E731
    rivals = {m: r(hv, wide[m]) for m in ("ROUGE-2", "ROUGE-SU4", "BE-HM")}
    best = max(rivals, key=rivals.get)
    want = williams_test(
        r(hv, wide["norel"]), rivals[best], r(wide["norel"], wide[best]), len(hv),
        alternative="two-sided",
    )  # fmt: skip
    for cid in (
        "table2_pyramid_systems_norel_above_all_competitors",
        "table2_pyramid_models_norel_above_BE-HM",
        "table2_pyramid_models_base_above_BE-HM",
    ):
        assert c.at[cid, "verdict"] == "agrees", cid
    row = c.loc["table2_pyramid_systems_norel_above_all_competitors"]
    assert f"norel vs the best competitor on this run ({best})" in row["evidence"]
    assert f"{r(hv, wide['norel']) - rivals[best]:+.3f}" in row["evidence"]
    pair = tests.set_index(["column", "metric_a", "metric_b"])["p"]
    assert pair[("pyramid_systems", "norel", best)] == pytest.approx(want.p) and want.p < 0.05
    be = c.loc["table2_pyramid_models_norel_above_BE-HM", "evidence"]
    assert "norel vs BE-HM" in be and f"{r(hv, wide['norel']) - rivals['BE-HM']:+.3f}" in be
    for cid in (
        "table2_pyramid_systems_norel_above_all_competitors",
        "table2_pyramid_models_base_above_BE-HM",
    ):
        assert c.at[cid, "level"] == "headline", cid


def test_duc2007_significance_statement_is_shown_not_counted():
    """Table 3's caption: for model summaries only DEPEVAL's correlations are significant.
    On a run that set of significant correlations is shown (derived), never counted: its
    "ROUGE and BE are not significant" half would agree through a test's low power. The
    counted headline is DEPEVAL base above the best competitor by the Williams test."""
    printed = dp.printed_as_run("table3")
    run = printed.rename(columns={"value": "r"}).assign(r=0.99, n=40, level="system")
    c = dp.run_claims(run, "table3", "sample", "toy", None).frame().set_index("claim_id")
    row = c.loc["table3_content_responsiveness_models_significant_correlations"]
    assert row["verdict"] == "derived" and "ROUGE-2" in row["this_run"]
    assert "ROUGE-2" not in row["printed"] and "base" in row["printed"]
    run2 = printed.rename(columns={"value": "r"}).assign(n=10, level="system")  # the paper's r, n
    c2 = dp.run_claims(run2, "table3", "sample", "toy", None).frame().set_index("claim_id")
    sig = c2.loc["table3_content_responsiveness_models_significant_correlations"]
    assert sig["verdict"] == "derived" and sig["this_run"] == sig["printed"]
    assert (
        c2.loc["table3_content_responsiveness_models_base_above_all_competitors", "level"]
        == "headline"
    )
