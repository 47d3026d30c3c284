"""Correlation levels, coefficients against scipy/pingouin, CIs, permutation test, WMT tau."""

import numpy as np
import pandas as pd
import pingouin as pg
import pytest
from scipy import stats

from _oracles import SCIPY
from evalkit.errors import ParameterError
from evalkit.stats.correlation import (
    bootstrap_ci,
    correlate,
    correlate_columns,
    fisher_ci,
    level_correlation,
    resampled_correlations,
    wmt_kendall_like,
)
from evalkit.stats.difference_tests import permutation_test


@pytest.mark.parametrize("method", ["pearson", "spearman", "kendall"])
def test_columns_match_scipy_with_ties_and_nan(method):
    rng = np.random.default_rng(0)
    x = rng.integers(0, 5, size=(12, 30)).astype(float)  # many ties
    y = x + rng.integers(-2, 3, size=(12, 30))
    x[3, 4] = np.nan
    y[0, 7] = np.nan
    got = correlate_columns(x, y, method)
    for j in range(30):
        ok = ~(np.isnan(x[:, j]) | np.isnan(y[:, j]))
        assert got[j] == pytest.approx(SCIPY[method](x[ok, j], y[ok, j]), rel=1e-10, abs=1e-12)
    assert np.isnan(correlate_columns(np.ones(5), np.arange(5.0), method)[0])


def _matrices(seed=1, n_sys=8, n_inp=15):
    rng = np.random.default_rng(seed)
    quality = rng.normal(size=(n_sys, 1))
    y = quality + rng.normal(size=(n_sys, n_inp))
    x = y + rng.normal(scale=0.8, size=(n_sys, n_inp))
    return x, y


@pytest.mark.parametrize("method", ["pearson", "spearman", "kendall"])
def test_levels_follow_their_definitions(method):
    x, y = _matrices()
    x[2, 3] = np.nan
    f = SCIPY[method]
    r, n = level_correlation(x, y, "system", method)
    y_shared = y.copy()
    y_shared[2, 3] = np.nan  # the shared-cells rule: system 2 is averaged over the same inputs
    assert r == pytest.approx(f(np.nanmean(x, 1), np.nanmean(y_shared, 1))) and n == 8
    per_input = [f(x[~np.isnan(x[:, j]), j], y[~np.isnan(x[:, j]), j]) for j in range(15)]
    r, n = level_correlation(x, y, "summary", method)
    assert r == pytest.approx(np.mean(per_input)) and n == 15
    ok = ~np.isnan(x.ravel())
    r, n = level_correlation(x, y, "global", method)
    assert r == pytest.approx(f(x.ravel()[ok], y.ravel()[ok])) and n == 8 * 15 - 1


def test_tidy_front_end_averages_assessors_and_reports_every_combination():
    x, y = _matrices(n_sys=5, n_inp=6)
    scores = pd.DataFrame(
        [(i, f"s{s}", "rouge", x[s, i]) for s in range(5) for i in range(6)],
        columns=["instance", "system", "metric", "value"],
    )
    judg = pd.DataFrame(
        [
            (i, f"s{s}", "resp", y[s, i] + d, a)
            for s in range(5)
            for i in range(6)
            for a, d in (("A", 0.5), ("B", -0.5))
        ],
        columns=["instance", "summarizer", "judgment", "value", "assessor"],
    )
    out = correlate(scores, judg, ci="fisher")
    assert len(out) == 9
    row = out[(out.level == "system") & (out.method == "pearson")].iloc[0]
    assert row.r == pytest.approx(stats.pearsonr(x.mean(1), y.mean(1))[0]) and row.n == 5
    assert row.ci_low < row.r < row.ci_high
    glob = out[(out.level == "global") & (out.method == "kendall")].iloc[0]
    assert glob.n == 30 and glob.r == pytest.approx(stats.kendalltau(x.ravel(), y.ravel())[0])
    summ = out[(out.level == "summary") & (out.method == "spearman")].iloc[0]
    assert summ.n == 6 and summ.r == pytest.approx(
        np.mean([stats.spearmanr(x[:, i], y[:, i])[0] for i in range(6)])
    )
    kw = dict(levels=["summary"], methods=["kendall"], ci="bootstrap-both", n_resamples=50, seed=3)
    pd.testing.assert_frame_equal(correlate(scores, judg, **kw), correlate(scores, judg, **kw))
    with pytest.raises(ParameterError):
        correlate(pd.concat([scores, scores.iloc[:1]]), judg)
    with pytest.raises(ParameterError):
        correlate(scores, judg, levels=["corpus"])


def test_fisher_ci_pingouin_and_bonett_wright():
    lo, hi = fisher_ci(0.6, 30, "pearson")
    ref = pg.compute_esci(stat=0.6, nx=30, ny=30, eftype="r", confidence=0.95)
    assert (lo, hi) == pytest.approx(tuple(ref), abs=5e-3)  # pingouin rounds to 2 decimals
    z = stats.norm.ppf(0.975)
    assert hi == pytest.approx(np.tanh(np.arctanh(0.6) + z / np.sqrt(27)))
    lo_s, hi_s = fisher_ci(0.6, 30, "spearman")
    assert hi_s == pytest.approx(np.tanh(np.arctanh(0.6) + z * np.sqrt(1 + 0.18) / np.sqrt(27)))
    lo_k, hi_k = fisher_ci(0.4, 30, "kendall")
    assert lo_k == pytest.approx(np.tanh(np.arctanh(0.4) - z * np.sqrt(0.437) / np.sqrt(26)))
    assert np.isnan(fisher_ci(0.5, 3)[0])


def test_bootstrap_ci_units():
    x, y = _matrices(seed=5)
    r = level_correlation(x, y, "system")[0]
    for unit in ("systems", "inputs", "both"):
        lo, hi = bootstrap_ci(x, y, level="system", unit=unit, n_resamples=200, seed=1)
        assert lo <= hi and lo - 0.2 < r < hi + 0.2
    # resampling inputs only keeps every system: with 1 input per system there is no spread
    lo, hi = bootstrap_ci(x[:, :1], y[:, :1], level="system", unit="inputs", n_resamples=20, seed=1)
    assert lo == hi == pytest.approx(level_correlation(x[:, :1], y[:, :1], "system")[0])


def test_permutation_test_properties():
    x, y = _matrices(seed=7, n_sys=10, n_inp=20)
    noise = np.random.default_rng(8).normal(size=x.shape)
    same = permutation_test(x, x.copy(), y, unit="both", n_resamples=99, seed=0).iloc[0]
    assert same.p_value == 1.0 and same.delta == 0
    better = permutation_test(
        x, noise, y, level="summary", unit="inputs", n_resamples=199, seed=0
    ).iloc[0]
    assert better.delta > 0 and better.p_value == pytest.approx(1 / 200)
    worse = permutation_test(
        noise, x, y, level="summary", unit="systems", n_resamples=199, seed=0
    ).iloc[0]
    assert worse.p_value > 0.9


def test_wmt_kendall_like_hand_case():
    pairs = pd.DataFrame(
        {"segment": [1, 1, 2, 2], "better": ["a", "a", "b", "c"], "worse": ["b", "c", "a", "a"]}
    )
    scores = pd.DataFrame(
        {
            "segment": [1, 1, 1, 2, 2, 2],
            "system": ["a", "b", "c"] * 2,
            "metric": "m",
            "value": [0.9, 0.5, 0.9, 0.4, 0.6, 0.4],
        }
    )
    # pair1 a>b conc; pair2 a=c tie; pair3 b>a conc; pair4 c=a tie
    out = wmt_kendall_like(pairs, scores).iloc[0]
    assert (out.concordant, out.discordant, out.ties) == (2, 2, 2) and out.tau == 0
    assert wmt_kendall_like(pairs, scores, metric_ties="ignore").iloc[0].tau == 1
    assert wmt_kendall_like(pairs, scores, metric_ties="concordant").iloc[0].tau == 1
    with pytest.raises(ParameterError):
        wmt_kendall_like(pairs.assign(worse=["zz", "c", "a", "a"]), scores)


@pytest.mark.parametrize("unit,level", [("both", "global"), ("systems", "system")])
def test_permutation_test_agrees_with_scipy_paired_permutation(unit, level):
    # Swapping A's and B's standardized cells (global level) or whole systems (system level)
    # is scipy's paired ("samples") permutation of (A, B) with delta r as the statistic.
    x, y = _matrices(seed=11, n_sys=9, n_inp=6)
    z = y + np.random.default_rng(12).normal(scale=2.5, size=y.shape)
    std = lambda m: (m - m.mean()) / m.std()  # noqa: E731
    a, b = std(x), std(z)
    if level == "global":
        xa, xb, h = a.ravel(), b.ravel(), y.ravel()
    else:
        xa, xb, h = a.mean(1), b.mean(1), y.mean(1)

    def r(u):
        uc = u - u.mean(axis=-1, keepdims=True)
        hc = h - h.mean()
        return (uc * hc).sum(-1) / np.sqrt((uc**2).sum(-1) * (hc**2).sum())

    def stat(u, v, axis=-1):
        return r(u) - r(v)

    n = 2000
    ref = stats.permutation_test(
        (xa, xb),
        stat,
        permutation_type="samples",
        alternative="greater",
        n_resamples=n,
        vectorized=True,
        random_state=0,
    ).pvalue
    got = permutation_test(x, z, y, level=level, unit=unit, n_resamples=n, seed=1).iloc[0]
    assert got.delta == pytest.approx(stat(xa, xb))
    assert abs(got.p_value - ref) <= 4 * np.sqrt(ref * (1 - ref) / n) + 2 / n


def test_kendall_large_columns_use_the_same_tau_b():
    rng = np.random.default_rng(9)
    x = rng.integers(0, 50, size=(1500, 2)).astype(float)
    y = x + rng.integers(-20, 20, size=(1500, 2))
    got = correlate_columns(x, y, "kendall")
    assert got == pytest.approx([stats.kendalltau(x[:, j], y[:, j])[0] for j in range(2)])
    assert level_correlation(
        x[:, :1].reshape(30, 50), y[:, :1].reshape(30, 50), "global", "kendall"
    )[0] == pytest.approx(stats.kendalltau(x[:, 0], y[:, 0])[0])


def test_mt_frames_key_segments_by_document_and_number():
    # segment numbers restart in every document: (document, segment) is the unit
    rng = np.random.default_rng(10)
    rows, jrows = [], []
    for doc in ("d1", "d2"):
        for seg in (1, 2, 3):
            for sys_ in ("A", "B", "C"):
                h = rng.normal()
                jrows.append((doc, seg, sys_, "da", h))
                rows.append((doc, seg, sys_, "m", h + rng.normal(scale=0.5)))
    scores = pd.DataFrame(rows, columns=["document", "segment", "system", "metric", "value"])
    judg = pd.DataFrame(jrows, columns=["document", "segment", "system", "judgment", "value"])
    out = correlate(scores, judg, levels=["global", "summary"], methods=["pearson"]).set_index(
        "level"
    )
    assert out.loc["global", "n"] == 18 and out.loc["summary", "n"] == 6
    assert out.loc["global", "r"] == pytest.approx(stats.pearsonr(scores.value, judg.value)[0])
    pairs = pd.DataFrame(
        {"document": ["d1", "d2"], "segment": [1, 1], "better": ["A", "A"], "worse": ["B", "B"]}
    )
    tau = wmt_kendall_like(pairs, scores).iloc[0]
    v = scores.set_index(["document", "segment", "system"]).value
    expected = sum(np.sign(v[(d, 1, "A")] - v[(d, 1, "B")]) for d in ("d1", "d2"))
    assert tau.concordant - tau.discordant == expected


@pytest.mark.parametrize("level", ["system", "summary", "global"])
@pytest.mark.parametrize("method", ["pearson", "spearman", "kendall"])
def test_batched_levels_equal_one_by_one(level, method):
    from evalkit.stats.correlation import batched_level_correlation

    rng = np.random.default_rng(13)
    xb = rng.integers(0, 6, size=(7, 6, 5)).astype(float)
    y = rng.integers(0, 6, size=(6, 5)).astype(float)
    xb[2, 1, 3] = np.nan
    got = batched_level_correlation(xb, y, level, method)
    assert got == pytest.approx(
        [level_correlation(m, y, level, method)[0] for m in xb], nan_ok=True
    )


def test_bootstrap_draws_systems_then_inputs():
    x, y = _matrices(seed=14, n_sys=6, n_inp=5)
    samples = resampled_correlations(
        x, y, level="summary", method="spearman", unit="both", n_resamples=30, seed=2
    )
    rng = np.random.default_rng(2)
    rows = rng.integers(6, size=(30, 6))
    cols = rng.integers(5, size=(30, 5))
    for k in (0, 17, 29):
        sub = np.ix_(rows[k], cols[k])
        assert samples[k] == pytest.approx(
            level_correlation(x[sub], y[sub], "summary", "spearman")[0], nan_ok=True
        )


def test_spearman_permutation_refuses_a_missing_seed():
    # seed=None drew unseeded pairings (n = 8: 8! > n_resamples, so the test is random)
    from evalkit.stats.correlation import spearman_permutation

    x, y = np.arange(8.0), np.array([2.0, 1, 4, 3, 6, 5, 8, 7])
    with pytest.raises(ParameterError):
        spearman_permutation(x, y, n_resamples=99, seed=None)
    assert spearman_permutation(x, y, n_resamples=99, seed=3) == spearman_permutation(
        x, y, n_resamples=99, seed=3
    )


# --------------------------------------------------------------------------- interval methods
def test_percentile_interval_holding_widens_only_to_the_held_values():
    from evalkit.stats.correlation import percentile_interval

    s = np.arange(101.0)
    plain = percentile_interval(s)
    assert percentile_interval(s, holding=50.0) == plain  # inside: unchanged
    assert percentile_interval(s, holding=-3.0) == (-3.0, plain[1])
    assert percentile_interval(s, holding=[120.0, 1.0]) == (1.0, 120.0)
    # the wider of two intervals: hold the other interval's ends
    assert percentile_interval(s, holding=(-1.0, 50.0)) == (-1.0, plain[1])
    for bad in (np.nan, [], [1.0, np.inf]):
        with pytest.raises(ParameterError, match="holding"):
            percentile_interval(s, holding=bad)


def test_bca_interval_matches_scipy_bca():
    """scipy.stats.bootstrap(method="BCa") on the mean of skewed data: its own bootstrap
    distribution, the mean and its jackknife values give scipy's interval."""
    from evalkit.stats.correlation import bca_interval

    x = np.random.default_rng(3).exponential(size=25)
    res = stats.bootstrap(
        (x,), np.mean, method="BCa", n_resamples=2000, random_state=np.random.default_rng(4)
    )
    jack = (x.sum() - x) / (len(x) - 1)
    got = bca_interval(res.bootstrap_distribution, x.mean(), jackknife=jack)
    assert np.allclose(got, tuple(res.confidence_interval), rtol=0, atol=1e-12)
    # the acceleration matters here: BC alone differs
    assert not np.allclose(bca_interval(res.bootstrap_distribution, x.mean()), got, atol=1e-4)


def test_bca_interval_refuses_bad_input_and_reports_an_uncalibrated_estimate():
    from evalkit.stats.correlation import bca_interval

    s = np.linspace(0, 1, 50)
    assert np.isnan(bca_interval(s, 2.0)).all()  # above every sample: z0 infinite
    assert np.isnan(bca_interval([np.nan], 0.0)).all()
    with pytest.raises(ParameterError, match="estimate"):
        bca_interval(s, np.nan)
    with pytest.raises(ParameterError, match="jackknife"):
        bca_interval(s, 0.5, jackknife=[1.0])
    with pytest.raises(ParameterError, match="holding"):
        bca_interval(s, 0.5, holding=np.nan)


def test_bc_interval_covers_a_correlation_the_percentile_interval_misses():
    """Systems x topics, metric and reference the systems' qualities plus topic noise; the
    known value is r of the metric's and the reference's means over infinitely many topics.
    r of the 20-topic means is attenuated by the noise, and a topic bootstrap's r is
    attenuated again (the median bias that OD09's topic bootstrap shows), so the percentile
    interval sits below the estimate and mostly misses the known value; BC moves it up."""
    from evalkit.stats.correlation import bca_interval, correlate_columns, percentile_interval

    rng = np.random.default_rng(5)
    n_sys, n_topics, n_rep, n_boot = 10, 20, 200, 500
    quality, bias = rng.normal(size=n_sys), rng.normal(scale=0.4, size=n_sys)
    known = np.corrcoef(quality + bias, quality)[0, 1]
    covered = {"percentile": 0, "bc": 0}
    for _ in range(n_rep):
        x = (quality + bias)[:, None] + rng.normal(scale=1.5, size=(n_sys, n_topics))
        y = quality[:, None] + rng.normal(scale=1.5, size=(n_sys, n_topics))
        est = np.corrcoef(x.mean(1), y.mean(1))[0, 1]
        idx = rng.integers(0, n_topics, (n_boot, n_topics))
        boot = correlate_columns(x[:, idx].mean(2), y[:, idx].mean(2))
        for name, (lo, hi) in (("percentile", percentile_interval(boot)),
                               ("bc", bca_interval(boot, est))):  # fmt: skip
            covered[name] += lo <= known <= hi
    assert covered["percentile"] / n_rep < 0.4
    assert covered["bc"] / n_rep > covered["percentile"] / n_rep + 0.25
