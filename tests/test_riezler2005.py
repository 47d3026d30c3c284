"""Riezler & Maxwell (2005): exact recomputations of printed numbers and the paper-specific
logic of evalkit.papers.riezler2005 (F-score tuples, equivalent variants, multiplicity)."""

from collections import Counter

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import relations
from evalkit.papers import riezler2005 as rm
from evalkit.stats import multiplicity, resampling, type1
from evalkit.stats.multiplicity import experimentwise_error


# --------------------------------------------------------------------------- printed numbers
def test_experimentwise_error_105_comparisons_is_printed_9954():
    # §4.4: "15(15 - 1)/2 = 105 pairwise comparisons ... pe = .9954".
    printed = rm.published("multiplicity").set_index("k")
    k = 15 * 14 // 2
    assert k == 105
    pe = experimentwise_error(0.05, k)
    assert pe == pytest.approx(1 - 0.95**105, abs=1e-15)
    assert f"{pe:.4f}".lstrip("0") == printed.loc[105, "printed"] == ".9954"
    assert round(pe, 4) == printed.loc[105, "experimentwise"]


def test_experimentwise_error_5_comparisons_at_015_is_about_07():
    printed = rm.published("multiplicity").set_index("k")
    pe = experimentwise_error(0.015, 5)
    assert pe == pytest.approx(1 - 0.985**5, abs=1e-15)
    assert (
        printed.loc[5, "relation"] == "≈"
        and f"{pe:.2f}".lstrip("0") == printed.loc[5, "printed"] == ".07"
    )


def test_every_printed_check_agrees():
    checks = rm.printed_checks()
    assert set(checks["verdict"]) == {"agrees", "erratum"}, checks[
        checks["verdict"] == "differs"
    ].to_string()
    assert (checks["verdict"] == "erratum").sum() == 1
    assert len(checks) == 15 and (checks["kind"] == "recomputed").all()
    assert checks.set_index("claim_id").loc["multiplicity_pitfall", "level"] == "headline"


def test_printed_checks_recompute_the_papers_claims():
    checks = rm.printed_checks().set_index("claim_id")
    ours = checks["this_run"]
    # §3: "an increase in NIST score of .15 units, whereas BLEU and F-score decrease by .3% and .2%".
    assert ours["NIST_difference"] == ".15" and checks.loc["NIST_difference", "printed"] == ".15"
    assert ours["BLEU_difference"] == ".3%"
    assert ours["F_difference"] == ".2%"
    # §4.3: "p-values < .015 in 3 out of 5 pairwise comparisons ... >= .025 in all cases".
    assert ours["bootstrap_below_015"] == "3 out of 5"
    assert ours["ar_lowest_p"] == ".025"
    assert ours["rejections_at_015"] == "bootstrap 3, AR 0"
    assert ours["shuffles_for_smallest_p"] == "R >= 10000"
    # The printed level "0.15" would make AR reject all five pairs (largest AR p is .079);
    # the level that gives "3 of 5, AR none" is §4.4's .015: an erratum row, computed.
    assert ours["erratum_level_0.15"] == "0.015"
    assert checks.loc["erratum_level_0.15", "verdict"] == "erratum"
    assert "bootstrap 5, AR 5" in checks.loc["erratum_level_0.15", "note"]
    assert checks.loc["experimentwise_k105_pc0.05", "this_run"] == ".9954"


def test_table1_p_below_0001_needs_10000_shuffles():
    assert resampling.trials_needed(0.0001) == 10000
    assert resampling.smallest_p(10000) == 1 / 10001 < 0.0001
    assert resampling.smallest_p(9999) == 0.0001  # not strictly below
    assert resampling.trials_needed(0.05) == 20  # 1/21 < .05 <= 1/20
    with pytest.raises(ParameterError):
        resampling.trials_needed(1.5)


def test_published_tables_are_transcribed_completely():
    t1, t2 = rm.published("table1"), rm.published("table2")
    assert t1.shape[0] == 12 and set(t1["metric"]) == {"NIST", "BLEU", "F"}
    assert (
        t1.set_index(["row", "metric"]).loc[("bootstrap p-value", "F"), "relation"]
        == "not reported"
    )
    assert pd.isna(t1.set_index(["row", "metric"]).loc[("bootstrap p-value", "F"), "value"])
    assert list(t2[t2["row"] == "NIST difference"]["printed"]) == [
        ".031",
        ".032",
        ".029",
        ".028",
        ".036",
    ]
    for _, row in pd.concat([t1, t2]).dropna(subset=["value"]).iterrows():
        assert float(row["printed"].lstrip("< ")) == pytest.approx(row["value"]), row.to_dict()


def test_experimentwise_grid_inverse_levels():
    grid = multiplicity.experimentwise_grid([105], [0.05], target=0.05).iloc[0]
    assert grid["experimentwise"] == pytest.approx(0.995418807, abs=1e-9)
    assert grid["sidak_level"] == pytest.approx(1 - 0.95 ** (1 / 105), abs=1e-15)
    assert grid["bonferroni_level"] == pytest.approx(0.05 / 105)
    assert experimentwise_error(grid["sidak_level"], 105) == pytest.approx(0.05, abs=1e-12)


# --------------------------------------------------------------------------- F-score
def _pair(seed=0, n=60):
    g = np.random.default_rng(seed)
    a = np.column_stack([g.integers(0, 6, n), g.integers(6, 12, n), g.integers(6, 12, n)])
    b = np.column_stack([g.integers(0, 6, n), g.integers(6, 12, n), g.integers(6, 12, n)])
    return a, b


def test_equivalent_variants_are_seeded_and_mix_the_sources():
    v1 = type1.equivalent_variants(500, 6, 3)
    assert v1.shape == (6, 500) and v1.dtype == bool
    assert np.array_equal(v1, type1.equivalent_variants(500, 6, 3))
    assert not np.array_equal(v1, type1.equivalent_variants(500, 6, 4))
    assert 0.4 < v1.mean() < 0.6


def test_identical_sources_give_p_value_one():
    a, _ = _pair()
    size = dict(n_variants=3, n_trials=50, n_resamples=50, seed=1)
    res = type1.variant_tests({"F": (a, a)}, {"F": relations.fscore_from_statistics}, **size)
    assert set(res["comparison"]) == {"1:2", "1:3"}
    assert (res["difference"] == 0).all()
    # AR: every shuffle ties the observed 0 (counted, R&M's ">="), so p = (R+1)/(R+1) = 1.
    assert (res[res["test"] == "approximate randomization"]["p_value"] == 1.0).all()


def test_table2_variants_are_mixtures_of_the_sources():
    a, b = _pair(1)
    size = dict(n_variants=4, n_trials=20, n_resamples=20, seed=5)
    res = type1.variant_tests({"F": (a, b)}, {"F": relations.fscore_from_statistics}, **size)
    takes_b = type1.equivalent_variants(len(a), 4, np.random.default_rng([5, 0]))
    for v in range(4):
        mixed = np.where(takes_b[v][:, None], b, a)
        score = relations.fscore_from_statistics(mixed.sum(0)[None])[0]
        if v == 0:
            assert (res["baseline_score"] == score).all()
        else:
            assert (res[res["system"] == str(v + 1)]["score"] == score).all()


def test_type1_simulation_is_reproducible_and_rates_are_counted():
    a, b = _pair(2)
    kw = dict(n_replications=6, n_trials=30, n_resamples=30, seed=9)
    sim = type1.type1_simulation({"F": (a, b)}, {"F": relations.fscore_from_statistics}, **kw)
    assert sim.shape[0] == 6 * 2
    pd.testing.assert_frame_equal(
        sim, type1.type1_simulation({"F": (a, b)}, {"F": relations.fscore_from_statistics}, **kw)
    )
    rates = type1.rejection_rates(sim, alphas=(0.05, 0.5))
    for _, r in rates.iterrows():
        group = sim[(sim["metric"] == r["metric"]) & (sim["test"] == r["test"])]
        assert r["rejections"] == (group["p_value"] <= r["alpha"]).sum() and r["n"] == 6
        assert r["ci_low"] <= r["rate"] <= r["ci_high"]


def test_many_systems_multiplicity_columns():
    res = pd.DataFrame(
        {
            "metric": "BLEU",
            "test": "bootstrap",
            "system": [f"s{i}" for i in range(15)],
            "p_value": np.linspace(0.0001, 0.06, 15),
        }
    )
    out = multiplicity.multiplicity_verdicts(res, per_comparison=0.05, experimentwise=0.05)
    assert (out["k"] == 15).all()
    assert out["experimentwise_error"].iloc[0] == pytest.approx(1 - 0.95**15)
    assert out["significant"].sum() == (res["p_value"] <= 0.05).sum()
    level = 1 - 0.95 ** (1 / 15)
    assert out["significant_sidak"].sum() == (res["p_value"] <= level).sum()
    assert out["significant_bonferroni"].sum() == (res["p_value"] <= 0.05 / 15).sum()


def test_monte_carlo_experimentwise_matches_formula():
    mc = multiplicity.simulate_experimentwise(
        [1, 5, 105], [0.05, 0.015], n_experiments=4000, seed=3
    )
    assert np.allclose(
        mc["formula"], [1 - (1 - pc) ** k for k in (1, 5, 105) for pc in (0.05, 0.015)]
    )
    assert (mc["z"].abs() < 5).all(), mc
    pd.testing.assert_frame_equal(
        mc, multiplicity.simulate_experimentwise([1, 5, 105], [0.05, 0.015], 4000, seed=3)
    )


def test_significance_table_same_seed_same_numbers():
    a, b = _pair(4)
    stats = {"F": {"base": a, "sys": b}}
    one = resampling.significance_table(
        stats, {"F": relations.fscore_from_statistics}, n_trials=200, n_resamples=200, seed=11
    )
    two = resampling.significance_table(
        stats, {"F": relations.fscore_from_statistics}, n_trials=200, n_resamples=200, seed=11
    )
    pd.testing.assert_frame_equal(one, two)
    assert set(one["test"]) == {"approximate randomization", "bootstrap (shift)"}
    table = rm.table1_layout(one)
    assert list(table.index) == [
        "baseline (base)",
        "sys",
        "approxrand p-value",
        "bootstrap p-value",
    ]
    assert table.loc["sys", "F"] == pytest.approx(
        relations.fscore_from_statistics(b.sum(0)[None])[0]
    )


def test_closest_pair_picks_the_smallest_gap_in_corpus_order():
    def stats(m):  # F = 2m / (s + r) with s = r = 10 per segment, 10 segments
        return np.tile([m, 10, 10], (10, 1))

    s = {"F": {"a": stats(2), "b": stats(5), "c": stats(4), "d": stats(9)}}
    assert type1.closest_pair(s, {"F": relations.fscore_from_statistics}, "F") == ["b", "c"]


def _tiny_corpus():
    from evalkit.data.model import MTCorpus

    refs = ["the cat sat on the mat .", "a dog barked at the mailman today ."]
    outs = {
        "base": ["the cat sat on a mat .", "a dog barked at the postman ."],
        "near": ["the cat sat on the mat .", "the dog barked at a mailman ."],
        "far": ["cat mat .", "dog ."],
    }
    seg = pd.DataFrame({"document": "d1", "segment": [1, 2], "source": [None, None]})
    ref = pd.DataFrame({"document": "d1", "segment": [1, 2], "reference": "r1", "text": refs})
    out = pd.DataFrame(
        [("d1", i + 1, s, t) for s, ts in outs.items() for i, t in enumerate(ts)],
        columns=["document", "segment", "system", "text"],
    )
    return MTCorpus(name="tiny", segments=seg, references=ref, outputs=out), refs, outs


def test_metric_statistics_are_the_metrics_own_statistics():
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.nist import NIST

    corpus, refs, outs = _tiny_corpus()
    stats, scores = rm.metric_statistics(corpus, metrics=["NIST", "BLEU", "F"], window=2)
    for s, hyps in outs.items():
        assert np.array_equal(stats["BLEU"][s], BLEU().segment_statistics(hyps, [refs]))
        assert np.allclose(stats["NIST"][s], NIST().segment_statistics(hyps, [refs]))
        assert scores["BLEU"](stats["BLEU"][s].sum(0)[None])[0] == pytest.approx(
            BLEU().corpus_score(hyps, [refs]).score / 100
        )
        assert scores["NIST"](stats["NIST"][s].sum(0)[None])[0] == pytest.approx(
            NIST().corpus_score(hyps, [refs]).score
        )
    # F of "base", segment 1: pairs (w_i, w_j), j - i <= 2, of the lower-cased tokens.
    hyp = "the cat sat on a mat .".split()
    ref = refs[0].split()
    h, r = Counter(relations.window_relations(hyp, 2)), Counter(relations.window_relations(ref, 2))
    assert stats["F"]["base"][0].tolist() == [
        sum((h & r).values()),
        sum(h.values()),
        sum(r.values()),
    ]


def test_pair_statistics_picks_the_closest_pair_or_checks_the_given_one():
    corpus, _, _ = _tiny_corpus()
    pair, stats, _ = rm.pair_statistics(corpus, ["BLEU", "F"], pair_metric="BLEU")
    assert pair == ["base", "near"] and set(stats["F"]) == {"base", "near"}
    with pytest.raises(ParameterError):
        rm.pair_statistics(corpus, ["F"], pair=["base", "nobody"])
    with pytest.raises(ParameterError):
        rm.pair_statistics(corpus, ["F"], pair=["base", "base"])


def _equivalent_variants(**kw):
    """The type-I simulation on exchangeable variants: 300 replications, 199 trials and
    resamples, F of ``_pair(6, n=200)``."""
    a, b = _pair(6, n=200)
    size = dict(n_replications=300, n_trials=199, n_resamples=199, seed=2005)
    return type1.type1_simulation(
        {"F": (a, b)}, {"F": relations.fscore_from_statistics}, **size, **kw
    )


def test_ar_keeps_its_level_on_equivalent_variants_and_the_bootstrap_does_not():
    # §4.3 as a property: on exchangeable variants AR's type-I error is at most alpha (up to
    # binomial noise), while the shift bootstrap's p-values are smaller (R&M: more type-I errors).
    sim = _equivalent_variants()
    rates = type1.rejection_rates(sim, alphas=(0.05,)).set_index("test")["rate"]
    # 300 draws at rate .05: P(rate > .09) < .002.
    assert rates["approximate randomization"] <= 0.09
    assert rates["bootstrap (shift)"] > rates["approximate randomization"]
    paired = sim.pivot(index="replication", columns="test", values="p_value")
    assert (paired["bootstrap (shift)"] <= paired["approximate randomization"]).mean() > 0.8


def test_centred_bootstrap_keeps_its_level_where_the_shifted_one_does_not():
    # Issue 22: the excess type-I error is the shifted test's, not the bootstrap's.
    sim = _equivalent_variants(tests=("bootstrap (shift)", "bootstrap (centred)"))
    rates = type1.rejection_rates(sim, alphas=(0.05,)).set_index("test")
    assert rates.loc["bootstrap (centred)", "rate"] <= 0.09
    assert rates.loc["bootstrap (shift)", "ci_low"] > rates.loc["bootstrap (centred)", "rate"]


def test_centred_bootstrap_matches_exact_enumeration_on_a_tiny_input():
    import itertools

    g = np.random.default_rng(3)
    a = g.integers(0, 4, size=(5, 3)) + np.array([0, 4, 4])
    b = g.integers(0, 4, size=(5, 3)) + np.array([0, 4, 4])
    f = relations.fscore_from_statistics
    observed = abs(f(a.sum(0)[None])[0] - f(b.sum(0)[None])[0])
    diffs = np.array(
        [
            f(a[list(idx)].sum(0)[None])[0] - f(b[list(idx)].sum(0)[None])[0]
            for idx in itertools.product(range(5), repeat=5)
        ]
    )
    exact = np.mean(np.abs(diffs - diffs.mean()) >= observed - 1e-12)
    res = resampling.paired_bootstrap(
        {"a": a, "b": b}, f, n_resamples=40000, method="centred", seed=1
    )
    assert res["p_value"].iloc[0] == pytest.approx(exact, abs=0.01)
    shifted = np.mean(np.abs(diffs) - np.abs(diffs).mean() >= observed - 1e-12)
    res = resampling.paired_bootstrap(
        {"a": a, "b": b}, f, n_resamples=40000, method="shift", seed=1
    )
    assert res["p_value"].iloc[0] == pytest.approx(shifted, abs=0.01)


def test_sign_test_is_the_exact_binomial():
    from evalkit.stats.multiplicity import sign_test

    # 9 of 10 discordant pairs one way: 2 * (1 + 10) / 2**10
    assert sign_test(9, 1) == pytest.approx(22 / 1024)
    assert sign_test(5, 0) == pytest.approx(2 / 32)
    assert sign_test(0, 0) == 1.0
    with pytest.raises(ParameterError):
        sign_test(-1, 2)


def _simulation(bootstrap_p, ar_p, metric="NIST"):
    rows = []
    for rep, (b, a) in enumerate(zip(bootstrap_p, ar_p)):
        rows.append((rep, metric, "bootstrap (shift)", 0.0, b))
        rows.append((rep, metric, "approximate randomization", 0.0, a))
    return pd.DataFrame(rows, columns=["replication", "metric", "test", "difference", "p_value"])


def _table2(bs, ar):
    cols = [f"1:{i}" for i in range(2, 2 + len(bs))]
    return pd.DataFrame(
        [[0.1] * len(bs), ar, bs],
        index=["NIST difference", "approxrand p-value", "bootstrap p-value"],
        columns=cols,
    )


def test_ar_more_conservative_is_a_tested_finding():
    # the bootstrap rejects in 30 replications where AR does not, never the reverse: agrees
    sim = _simulation([0.01] * 30 + [0.5] * 70, [0.2] * 30 + [0.5] * 70)
    rates = type1.rejection_rates(sim, alphas=[0.05])
    claims = rm.table2_claims(_table2([0.01] * 5, [0.1] * 5), rates, simulation=sim)
    row = claims.set_index("claim_id").loc["ar_more_conservative"]
    assert row["verdict"] == "agrees" and row["level"] == "headline"
    assert "McNemar" in row["evidence"]
    # one discordant replication is noise: inconclusive, never agrees
    sim = _simulation([0.01] + [0.5] * 99, [0.2] + [0.5] * 99)
    claims = rm.table2_claims(
        _table2([0.01] * 5, [0.1] * 5), type1.rejection_rates(sim, alphas=[0.05]), simulation=sim
    ).set_index("claim_id")
    assert claims.loc["ar_more_conservative", "verdict"] == "inconclusive"
    # AR holds its level by construction of the experiment; the centred bootstrap is derived
    assert claims.loc["type1_NIST_approximate_randomization_0.05", "verdict"] == "by construction"
    assert claims.loc["type1_NIST_bootstrap_shift_0.05", "verdict"] == "inconclusive"
    # five p-value pairs: a sign test never reaches .05 two-sided
    assert claims.loc["bootstrap_p_below_ar_p", "verdict"] == "inconclusive"


def test_nist_more_sensitive_is_a_sign_test_over_systems():
    systems = [f"s{i}" for i in range(12)]
    rows = []
    for i, s in enumerate(systems):
        rows.append((s, "NIST", "approximate randomization", True))
        rows.append((s, "BLEU", "approximate randomization", i < 1))
        rows.append((s, "F", "approximate randomization", i < 2))
    verdicts = pd.DataFrame(rows, columns=["system", "metric", "test", "significant"])
    summary = pd.DataFrame(
        {
            "metric": ["NIST"],
            "test": ["approximate randomization"],
            "k": [12],
            "significant_at_05": [12],
            "significant_sidak": [10],
        }
    )
    claims = rm.many_systems_claims(summary, k=12, n_systems=13, verdicts=verdicts)
    row = claims.set_index("claim_id").loc["nist_more_sensitive"]
    # against F (2 significant, the stronger rival): 10 NIST-only vs 0, p = 2/1024
    assert row["verdict"] == "agrees" and "by F only" in row["evidence"]
    verdicts.loc[verdicts["metric"] == "F", "significant"] = True
    claims = rm.many_systems_claims(summary, k=12, n_systems=13, verdicts=verdicts)
    assert claims.set_index("claim_id").loc["nist_more_sensitive", "verdict"] == "inconclusive"


def test_printed_p_values_in_the_layout_of_the_bars():
    t = rm.printed_p_values(
        ["NIST", "BLEU", "F"],
        ["approximate randomization", "bootstrap (centred)", "bootstrap (shift)"],
    )
    assert list(t.index) == ["NIST", "BLEU", "F"]
    assert t["bootstrap (centred)"].isna().all()  # the paper has no centred bootstrap
    assert np.isnan(t.loc["F", "bootstrap (shift)"])  # "-" in Table 1
    printed = rm.published("table1").set_index(["row", "metric"])["value"].astype(float)
    assert t.loc["BLEU", "approximate randomization"] == printed[("approxrand p-value", "BLEU")]
    assert t.loc["BLEU", "bootstrap (shift)"] == printed[("bootstrap p-value", "BLEU")]


def _table1(nist_p, bleu_p, f_p):
    cols = ["NIST", "BLEU", "F"]
    return pd.DataFrame(
        [[6.4, 0.30, 0.38], [6.6, 0.30, 0.38], [nist_p, bleu_p, f_p], [nist_p, bleu_p, f_p]],
        index=["baseline (a)", "b", "approxrand p-value", "bootstrap p-value"],
        columns=cols,
    )


def test_table1_significance_of_a_chosen_pair_is_derived():
    """Session 8: the notebook's pair is chosen on the NIST and BLEU differences themselves
    (pair_rule 'paper': NIST gain >= the printed one, then the smallest BLEU change), so
    "NIST significant, BLEU and F not" restates the choice: derived, never counted. A pair the
    user names is checked, and can differ."""
    ids = [f"{m}_significant_{t}" for m in ("NIST", "BLEU", "F") for t in ("AR", "bootstrap")]
    for rule in ("paper", "closest"):
        chosen = rm.table1_claims(_table1(0.0001, 0.5, 0.5), pair_rule=rule)
        chosen = chosen.set_index("claim_id")
        assert (chosen.loc[ids, "verdict"] == "derived").all(), chosen.loc[ids, "verdict"]
        assert "chosen" in chosen.loc["NIST_significant_AR", "note"]
        assert chosen.loc["BLEU_significant_AR", "printed"].startswith("no")
    named = rm.table1_claims(_table1(0.0001, 0.5, 0.5), pair_rule=None).set_index("claim_id")
    assert named.loc["NIST_significant_AR", "verdict"] == "agrees"
    assert named.loc["BLEU_significant_AR", "verdict"] == "agrees"
    assert named.loc["F_significant_bootstrap", "verdict"] == "derived"  # no printed p
    other = rm.table1_claims(_table1(0.3, 0.01, 0.5), pair_rule=None).set_index("claim_id")
    assert other.loc["NIST_significant_AR", "verdict"] == "differs"
    assert other.loc["BLEU_significant_bootstrap", "verdict"] == "differs"
    with pytest.raises(ParameterError):
        rm.table1_claims(_table1(0.0001, 0.5, 0.5), pair_rule="best")
