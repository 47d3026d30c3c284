"""Paired tests against pingouin/scipy, all-pairs matrices, OCDN12 decision agreement."""

import numpy as np
import pandas as pd
import pingouin as pg
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.pairwise import (
    beats_matrix,
    decision_agreement,
    not_outperformed,
    paired_test,
    pairwise_tests,
    shapiro_by_system,
    significance_decisions,
    sign_flip_test,
    system_pair_bootstrap,
)


def _scores(seed=0, n_topics=30, means=(0.0, 0.1, 0.6, 0.65)):
    rng = np.random.default_rng(seed)
    topic = rng.normal(size=n_topics)
    rows = [
        (t, f"S{i}", topic[t] + m + rng.normal(scale=0.3))
        for i, m in enumerate(means)
        for t in range(n_topics)
    ]
    return pd.DataFrame(rows, columns=["instance", "system", "value"])


@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
def test_t_and_wilcoxon_match_pingouin(alternative):
    rng = np.random.default_rng(1)
    x = rng.normal(size=25)
    y = x + rng.normal(0.2, 0.5, size=25)
    t = paired_test(x, y, test="t", alternative=alternative).iloc[0]
    ref = pg.ttest(x, y, paired=True, alternative=alternative)
    assert t.statistic == pytest.approx(ref["T"].iloc[0], rel=1e-10)
    assert t.p_value == pytest.approx(ref["p_val"].iloc[0], rel=1e-10)
    w = paired_test(x, y, test="wilcoxon", alternative=alternative).iloc[0]
    refw = pg.wilcoxon(x, y, alternative=alternative)
    assert w.statistic == pytest.approx(refw["W_val"].iloc[0])
    assert w.p_value == pytest.approx(refw["p_val"].iloc[0], rel=1e-10)


def test_wilcoxon_ties_and_zeros_follow_scipy_options():
    x = np.array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], float)
    y = np.array([1, 1, 2, 5, 3, 6, 5, 4, 9, 2], float)  # zeros and tied |d|
    for zm in ("wilcox", "pratt", "zsplit"):
        got = paired_test(x, y, test="wilcoxon", zero_method=zm, correction=True).iloc[0]
        ref = stats.wilcoxon(x, y, zero_method=zm, correction=True)
        assert (got.statistic, got.p_value) == pytest.approx((ref.statistic, ref.pvalue))


def test_shapiro_matches_scipy_and_pingouin():
    df = _scores()
    out = shapiro_by_system(df).set_index("system")
    for s, part in df.groupby("system"):
        ref = pg.normality(part.value.to_numpy())
        assert out.loc[s, "W"] == pytest.approx(ref["W"].iloc[0], rel=1e-12)
        assert out.loc[s, "p_value"] == pytest.approx(ref["pval"].iloc[0], rel=1e-12)


def test_all_pairs_matrix_and_not_outperformed():
    df = _scores()
    pairs = pairwise_tests(df, test="t", alternative="greater")
    assert len(pairs) == 12
    row = pairs[(pairs.system_a == "S2") & (pairs.system_b == "S0")].iloc[0]
    wide = df.pivot(index="instance", columns="system", values="value")
    assert row.p_value == pytest.approx(
        stats.ttest_rel(wide.S2, wide.S0, alternative="greater").pvalue
    )
    m = beats_matrix(pairs)
    assert m.loc["S2", "S0"] and not m.loc["S0", "S2"] and not m.loc["S2", "S2"]
    top = not_outperformed(pairs).set_index("system")
    assert top.loc["S3", "not_outperformed"] and top.loc["S2", "not_outperformed"]
    assert not top.loc["S0", "not_outperformed"]


def test_shared_inputs_only():
    df = _scores(n_topics=20)
    df = df[~((df.system == "S1") & (df.instance >= 10))]  # S1 judged on half the topics
    pairs = pairwise_tests(df, test="wilcoxon", alternative="two-sided")
    assert pairs.set_index(["system_a", "system_b"]).loc[("S0", "S1"), "n"] == 10
    assert pairs.set_index(["system_a", "system_b"]).loc[("S0", "S2"), "n"] == 20
    with pytest.raises(ParameterError):
        pairwise_tests(df, min_shared=11)
    with pytest.raises(ParameterError):
        pairwise_tests(df.assign(metric="a").pipe(lambda d: pd.concat([d, d.assign(metric="b")])))


def test_decision_agreement_hand_computed():
    # 4 pairs: manual says (+1, 0, -1, 0); automatic says (+1, 0, +1, -1)
    man = pd.DataFrame(
        {
            "system_a": ["A", "A", "B", "C"],
            "system_b": ["B", "C", "C", "D"],
            "decision": [1, 0, -1, 0],
            "ranking_sign": [1, 1, -1, -1],
        }
    )
    # automatic lists one pair reversed: (C, B) with decision -(+1) = -1 means B > C
    aut = pd.DataFrame(
        {
            "system_a": ["A", "A", "C", "C"],
            "system_b": ["B", "C", "B", "D"],
            "decision": [1, 0, -1, -1],
            "ranking_sign": [1, -1, -1, -1],
        }
    )
    out = decision_agreement(man, aut).iloc[0]
    assert out.pairs == 4 and out.manual_diff == 2
    assert out["diff"] == 0.5  # (A,B) agrees; (B,C) contradicts
    assert out.no_diff == 0.5  # (A,C) agrees; (C,D) automatic finds a difference
    assert out.contr == 0.5 and out.contradictions == 1
    assert out.sig_accuracy == 0.5
    assert out.all_accuracy == 0.5  # ranking signs agree on (A,B), (C,D)
    assert decision_agreement(man, aut, contr_denominator="all").iloc[0].contr == 0.25
    with pytest.raises(ParameterError):
        decision_agreement(man, aut.iloc[:3])


def test_decisions_identity_and_direction():
    df = _scores(seed=3)
    d = significance_decisions(df, test="wilcoxon")
    one = decision_agreement(d, d).iloc[0]
    assert one.sig_accuracy == 1 and one.all_accuracy == 1
    row = d[(d.system_a == "S0") & (d.system_b == "S2")].iloc[0]
    assert row.decision == -1 and row.ranking_sign == -1


def test_unknown_metric_or_judgment_is_named():
    from evalkit.stats.validation import select_level

    frame = pd.DataFrame({"metric": ["a", "b"], "value": [1.0, 2.0]})
    with pytest.raises(ParameterError, match=r"'metric'.*'c'.*\['a', 'b'\]"):
        select_level(frame, "metric", "c", "scores")
    with pytest.raises(ParameterError, match="scores hold several"):
        select_level(frame, "metric", None, "scores")
    assert select_level(frame, "metric", "b", "scores")["value"].tolist() == [2.0]
    assert select_level(frame[["value"]], "metric", None, "scores") is not None


def test_sign_flip_test_exact_p_values_by_hand():
    # six units all of one sign: 2 of the 2**6 sign vectors reach |mean| 1
    assert sign_flip_test([0.0] * 6, [1.0] * 6) == (-1.0, 2 / 64)
    # differences 1, 2, 3: only the all-plus and all-minus vectors reach |sum| 6
    assert sign_flip_test([2, 3, 4], [1, 1, 1]) == (2.0, 0.25)
    # differences 1, 1, -3 (|sum| 1): every signed sum of 1, 1 and 3 is odd, so all 8 count
    assert sign_flip_test([1, 1, -3], [0, 0, 0])[1] == 1.0
    # two units can never be significant, however equal their differences (a t-test on
    # them is: its variance is 0)
    assert sign_flip_test([1.0, 1.0], [0.1, 0.1])[1] == 0.5
    assert stats.ttest_rel([1.0, 1.01], [0.1, 0.1]).pvalue < 0.01
    assert sign_flip_test([1.0, 2.0], [1.0, 2.0]) == (0.0, 1.0)


def test_sign_flip_test_monte_carlo_is_seeded_and_near_the_exact_p():
    from itertools import product

    d = np.random.default_rng(4).normal(0.3, 1.0, 15)
    signs = np.array(list(product([-1, 1], repeat=len(d))))
    exact = float(np.mean(np.abs(signs @ d) >= abs(d.sum()) - 1e-12))
    one = sign_flip_test(d, np.zeros_like(d), n_resamples=4000, seed=7)
    assert one == sign_flip_test(d, np.zeros_like(d), n_resamples=4000, seed=7)
    assert abs(one[1] - exact) < 0.03 and one[0] == pytest.approx(d.mean())
    with pytest.raises(ParameterError):
        sign_flip_test([1.0], [0.0])
    with pytest.raises(ParameterError):
        sign_flip_test([1.0, np.nan], [0.0, 0.0])


def test_system_pair_bootstrap_resamples_systems_not_pairs():
    from itertools import product

    # pairs AB = 1, AC = 0, BC = 0: a resample drawing systems with counts (mA, mB, mC)
    # has mean mA mB / (mA mB + mA mC + mB mC); of the 27 ordered draws, 3 draw one system
    # only (dropped), 6 give 1 (A and B, no C), 6 give 1/3 (each once), 12 give 0
    a, b, v = ["A", "A", "B"], ["B", "C", "C"], [1.0, 0.0, 0.0]
    values = []
    for draw in product(range(3), repeat=3):
        m = [draw.count(i) for i in range(3)]
        w = [m[0] * m[1], m[0] * m[2], m[1] * m[2]]
        if sum(w):
            values.append(w[0] / sum(w))
    assert (len(values), values.count(1.0), values.count(0.0)) == (24, 6, 12)
    # so the 40% and 60% quantiles are 0 and 1/3, the 20% and 80% ones 0 and 1; resampling
    # the three pairs as if independent would give 1/3, 1/3 and 0, 2/3
    for confidence, interval in ((0.2, (0.0, 1 / 3)), (0.6, (0.0, 1.0))):
        mean, lo, hi = system_pair_bootstrap(
            a, b, v, n_resamples=4000, confidence=confidence, seed=2
        )
        assert mean == pytest.approx(1 / 3) and (lo, hi) == pytest.approx(interval)
    assert system_pair_bootstrap(a, b, v, n_resamples=10, seed=3) == system_pair_bootstrap(
        a, b, v, n_resamples=10, seed=3
    )


def test_system_pair_bootstrap_groups_and_input_errors():
    # the same labels in two groups are four systems: with groups, each year's pair keeps
    # its own systems, so a group of one pair is 1 or dropped, never mixed with the other
    a, b, v = ["A", "A"], ["B", "B"], [1.0, 0.0]
    mean, lo, hi = system_pair_bootstrap(a, b, v, groups=[2008, 2009], n_resamples=2000)
    assert mean == 0.5 and lo == 0.0 and hi == 1.0
    with pytest.raises(ParameterError, match="with itself"):
        system_pair_bootstrap(["A"], ["A"], [1.0])
    with pytest.raises(ParameterError):
        system_pair_bootstrap(["A", "B"], ["B"], [1.0, 0.0])
    with pytest.raises(ParameterError):
        system_pair_bootstrap(["A"], ["B"], [np.nan])


def test_unit_set_bootstrap_resamples_the_units_of_the_sets():
    """Sets of 3 of 6 measures: each resample draws 6 measures with replacement and weighs a
    set by the product of its measures' draw counts (computed here from the definition
    with the same seeded draws); constant values give a point; a repeated unit is refused."""
    from itertools import combinations

    from evalkit.stats.pairwise import unit_set_bootstrap

    names = [f"m{i}" for i in range(6)]
    sets = list(combinations(names, 3))
    values = np.array([0.0 if "m0" in x else 1.0 for x in sets])
    mean, low, high = unit_set_bootstrap(sets, values, n_resamples=400, seed=7)
    drawn = np.random.default_rng(7).integers(0, 6, size=(400, 6))
    stats_ = []
    for row in drawn:
        m = {u: int((row == k).sum()) for k, u in enumerate(sorted(names))}
        w = np.array([m[a] * m[b] * m[c] for a, b, c in sets], float)
        if w.sum() > 0:
            stats_.append(w @ values / w.sum())
    assert mean == values.mean()
    assert (low, high) == tuple(np.quantile(stats_, [0.025, 0.975]))
    assert unit_set_bootstrap(sets, [0.5] * len(sets), n_resamples=50) == (0.5, 0.5, 0.5)
    with pytest.raises(ParameterError, match="distinct units"):
        unit_set_bootstrap([("a", "a")], [1.0])


def test_unit_set_bootstrap_holds_another_interval():
    """``holding`` (the wider of two intervals: hold the other one's ends)."""
    from evalkit.stats.pairwise import unit_set_bootstrap

    sets = [("a", "b"), ("a", "c"), ("b", "c"), ("c", "d"), ("a", "d")]
    values = [0.0, 1.0, 0.0, 1.0, 1.0]
    mean, low, high = unit_set_bootstrap(sets, values, n_resamples=200, seed=3)
    assert unit_set_bootstrap(sets, values, n_resamples=200, seed=3, holding=(-0.5, 0.5)) == (
        mean, -0.5, high,
    )  # fmt: skip
    assert unit_set_bootstrap(sets, values, n_resamples=200, seed=3, holding=mean) == (
        mean, low, high,
    )  # fmt: skip
