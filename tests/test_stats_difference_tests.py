"""BOOT-*/PERM-* difference tests, significance clusters, calibration and partial conjunction
(issue 13, item 4-5) against brute-force loops over scipy and exact enumeration on tiny inputs."""

from __future__ import annotations

import warnings
from itertools import product

import numpy as np
import pandas as pd
import pytest
from scipy import stats
from statsmodels.stats.multitest import multipletests

from _oracles import SCIPY
from evalkit.errors import ParameterError
from evalkit.stats.difference_tests import (
    assign_ranks,
    compare_metrics,
    correlation_difference_test,
    resampled_deltas,
    significance_clusters,
    type1_error_rates,
)
from evalkit.stats.multiplicity import partial_conjunction


def corr(f, a, b):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if len(a) < 2 or np.ptp(a) == 0 or np.ptp(b) == 0:
            return np.nan
        return f(a, b)


def brute_level(x, h, level, method):
    """The level correlations written out with scipy, one call per vector."""
    f = SCIPY[method]
    if level == "system":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return corr(f, np.nanmean(x, 1), np.nanmean(h, 1))
    if level == "summary":
        per = [corr(f, x[:, j], h[:, j]) for j in range(x.shape[1])]
        per = [r for r in per if not np.isnan(r)]
        return np.mean(per) if per else np.nan
    return corr(f, x.ravel(), h.ravel())


def brute_delta(a, b, h, level, method):
    return brute_level(a, h, level, method) - brute_level(b, h, level, method)


def z(m):
    return (m - m.mean()) / m.std()


def _data(seed, n_sys=5, n_inp=4, noise_b=1.5):
    rng = np.random.default_rng(seed)
    h = rng.normal(size=(n_sys, 1)) + rng.normal(size=(n_sys, n_inp))
    return h + rng.normal(size=h.shape), h + rng.normal(scale=noise_b, size=h.shape), h


@pytest.mark.parametrize("test", ["boot", "perm"])
@pytest.mark.parametrize("unit", ["systems", "inputs", "both"])
@pytest.mark.parametrize(
    "level,method",
    [("system", "kendall"), ("summary", "pearson"), ("global", "spearman"), ("summary", "kendall")],
)
def test_vectorized_deltas_equal_a_scipy_loop_with_the_same_draws(test, unit, level, method):
    a, b, h = _data(1, n_sys=6, n_inp=5)
    R, seed = 60, 7
    observed, deltas = resampled_deltas(
        a, b, h, test=test, unit=unit, level=level, method=method, n_resamples=R, seed=seed
    )
    rng = np.random.default_rng(seed)
    S, I = a.shape
    want = []
    if test == "boot":
        rows = (
            rng.integers(S, size=(R, S))
            if unit in ("systems", "both")
            else np.tile(np.arange(S), (R, 1))
        )
        cols = (
            rng.integers(I, size=(R, I))
            if unit in ("inputs", "both")
            else np.tile(np.arange(I), (R, 1))
        )
        assert observed == pytest.approx(brute_delta(a, b, h, level, method), abs=1e-12)
        for r in range(R):
            ix = np.ix_(rows[r], cols[r])
            want.append(brute_delta(a[ix], b[ix], h[ix], level, method))
    else:
        za, zb = z(a), z(b)
        shape = {"systems": (R, S, 1), "inputs": (R, 1, I), "both": (R, S, I)}[unit]
        swaps = rng.random(shape) < 0.5
        assert observed == pytest.approx(brute_delta(za, zb, h, level, method), abs=1e-12)
        for r in range(R):
            sw = np.broadcast_to(swaps[r], a.shape)
            want.append(brute_delta(np.where(sw, zb, za), np.where(sw, za, zb), h, level, method))
    np.testing.assert_allclose(deltas, want, rtol=0, atol=1e-10)


def exact_perm_p(a, b, h, unit, level, method):
    za, zb = z(a), z(b)
    observed = brute_delta(za, zb, h, level, method)
    S, I = a.shape
    k = {"systems": S, "inputs": I, "both": S * I}[unit]
    hits = 0
    for bits in product([False, True], repeat=k):
        sw = np.array(bits)
        sw = np.broadcast_to(
            sw[:, None]
            if unit == "systems"
            else sw[None, :]
            if unit == "inputs"
            else sw.reshape(S, I),
            a.shape,
        )
        hits += (
            brute_delta(np.where(sw, zb, za), np.where(sw, za, zb), h, level, method)
            >= observed - 1e-12
        )
    return hits / 2**k


def exact_boot_p(a, b, h, unit, level, method):
    observed = brute_delta(a, b, h, level, method)
    S, I = a.shape
    rows = list(product(range(S), repeat=S)) if unit in ("systems", "both") else [tuple(range(S))]
    cols = list(product(range(I), repeat=I)) if unit in ("inputs", "both") else [tuple(range(I))]
    hits = valid = 0
    for r in rows:
        for c in cols:
            ix = np.ix_(r, c)
            d = brute_delta(a[ix], b[ix], h[ix], level, method)
            if not np.isnan(d):
                valid += 1
                hits += d - observed >= observed - 1e-12
    return hits / valid


@pytest.mark.parametrize(
    "test,unit,level,method,n_sys,n_inp",
    [
        ("perm", "systems", "summary", "kendall", 4, 3),
        ("perm", "inputs", "system", "pearson", 4, 3),
        ("perm", "both", "global", "pearson", 3, 3),
        ("boot", "systems", "summary", "pearson", 4, 3),
        ("boot", "inputs", "summary", "kendall", 4, 3),
        ("boot", "both", "system", "pearson", 4, 2),
    ],
)
def test_p_values_converge_to_exact_enumeration(test, unit, level, method, n_sys, n_inp):
    """All 2^k swap patterns (PERM) or all n^n index draws (BOOT) enumerated with scipy."""
    a, b, h = _data(3, n_sys=n_sys, n_inp=n_inp, noise_b=1.0)
    exact = (exact_perm_p if test == "perm" else exact_boot_p)(a, b, h, unit, level, method)
    R = 4000
    got = correlation_difference_test(
        a, b, h, test=test, unit=unit, level=level, method=method, n_resamples=R, seed=11
    ).iloc[0]
    assert 0.02 < exact < 0.98  # an informative case
    assert abs(got.p_value - exact) <= 4 * np.sqrt(exact * (1 - exact) / R) + 2 / R


def test_cells_missing_anywhere_are_left_out_everywhere():
    a, b, h = _data(4, n_sys=6, n_inp=5)
    a[1, 2] = np.nan
    h[3, 0] = np.nan
    kw = dict(test="boot", unit="both", level="system", method="pearson", n_resamples=50, seed=1)
    got = correlation_difference_test(a, b, h, **kw)
    b2, a2 = b.copy(), a.copy()
    for m in (a2, b2):
        m[1, 2] = m[3, 0] = np.nan
    h2 = h.copy()
    h2[1, 2] = np.nan
    again = correlation_difference_test(a2, b2, h2, **kw)
    pd.testing.assert_frame_equal(got, again)
    assert got.loc[0, "r_a"] == pytest.approx(brute_level(a2, h2, "system", "pearson"))


def test_two_sided_and_argument_checks():
    a, b, h = _data(5, n_sys=8, n_inp=6, noise_b=3.0)
    one = correlation_difference_test(
        a, b, h, unit="both", level="system", method="pearson", n_resamples=500
    )
    rev = correlation_difference_test(
        b,
        a,
        h,
        unit="both",
        level="system",
        method="pearson",
        n_resamples=500,
        alternative="two-sided",
    )
    assert one.loc[0, "delta"] == pytest.approx(-rev.loc[0, "delta"])
    assert rev.loc[0, "p_value"] >= one.loc[0, "p_value"]
    with pytest.raises(ParameterError):
        correlation_difference_test(a, b, h, test="jackknife")
    with pytest.raises(ParameterError):
        correlation_difference_test(a, b[:, :2], h)


def test_assign_ranks_follows_the_mtme_rule():
    p = np.ones((4, 4))
    assert assign_ranks(p) == [1, 1, 1, 1]
    p[0, 2] = 0.01  # 0 beats 2: 2 starts rank 2
    assert assign_ranks(p) == [1, 1, 2, 2]
    p[2, 3] = 0.01  # 2 (start of rank 2) beats 3
    assert assign_ranks(p) == [1, 1, 2, 3]
    q = np.ones((3, 3))
    q[0, 2] = 0.01
    q[1, 2] = 0.5
    assert assign_ranks(q, alpha=0.005) == [1, 1, 1]


def test_significance_clusters_and_compare_metrics_on_long_frames():
    rng = np.random.default_rng(8)
    h = rng.normal(size=(10, 1)) + rng.normal(size=(10, 30))
    mats = {
        "good1": h + rng.normal(scale=0.5, size=h.shape),
        "good2": h + rng.normal(scale=0.5, size=h.shape),
        "bad": h + rng.normal(scale=4.0, size=h.shape),
    }
    clusters = significance_clusters(
        mats, h, level="summary", method="pearson", n_resamples=300, seed=2
    )
    assert list(clusters["rank"]) == [1, 1, 2] and clusters["metric"].iloc[2] == "bad"
    assert sorted(clusters["beaten_by"].iloc[2]) == ["good1", "good2"]
    scores = pd.DataFrame(
        [
            (f"d{i}", f"s{s}", m, v[s, i])
            for m, v in mats.items()
            for s in range(10)
            for i in range(30)
        ],
        columns=["instance", "system", "metric", "value"],
    )
    judg = pd.DataFrame(
        [(f"d{i}", f"s{s}", "rel", h[s, i]) for s in range(10) for i in range(30)],
        columns=["instance", "summarizer", "judgment", "value"],
    )
    tidy = compare_metrics(
        scores,
        judg,
        metrics=["bad", "good1"],
        level="summary",
        method="pearson",
        n_resamples=100,
        seed=4,
    )
    assert list(zip(tidy.metric_a, tidy.metric_b)) == [("bad", "good1"), ("good1", "bad")]
    direct = correlation_difference_test(
        mats["good1"], mats["bad"], h, level="summary", method="pearson", n_resamples=100, seed=4
    )
    assert tidy.loc[1, "p_value"] == direct.loc[0, "p_value"]
    assert tidy.loc[1, "r_a"] == pytest.approx(brute_level(mats["good1"], h, "summary", "pearson"))


@pytest.mark.slow
def test_calibration_on_equal_correlation_metrics_is_near_alpha():
    size = dict(n_systems=8, n_inputs=12, n_replications=300, n_resamples=199)
    rates = type1_error_rates(**size, level="system", method="pearson", alpha=0.1, seed=3)
    perm = rates[rates.test == "perm"]
    # PERM is exact under exchangeability: its rate is within sampling error of alpha
    assert (perm.ci_low <= 0.1).all() and (perm.ci_high >= 0.1).all()
    assert (rates.rate < 0.2).all()


def test_calibration_quick_and_power():
    size = dict(n_systems=6, n_inputs=8, n_replications=60, n_resamples=99)
    design = dict(tests=["perm"], units=["both"], level="system", method="pearson")
    rates = type1_error_rates(**size, **design, seed=1)
    assert rates.loc[0, "replications"] == 60 and rates.loc[0, "rate"] <= 0.2
    a, b, h = _data(9, n_sys=10, n_inp=20, noise_b=4.0)
    for test in ("boot", "perm"):
        assert (
            correlation_difference_test(
                a, b, h, test=test, unit="both", level="summary", method="pearson", n_resamples=199
            ).loc[0, "p_value"]
            < 0.05
        )


def test_partial_conjunction_against_holm_fisher_and_simes():
    p = pd.Series([0.001, 0.2, 0.012, 0.04, 0.6], index=list("abcde"))
    bonf = partial_conjunction(p, alpha=0.05)
    holm = multipletests(p.to_numpy(), alpha=0.05, method="holm")[0]
    assert bonf["rejected"].sum() == holm.sum() == 2
    assert set(bonf.loc[bonf.rejected, "comparison"]) == set(p.index[holm])
    srt = np.sort(p.to_numpy())
    n = len(srt)
    for u in range(1, n + 1):
        rest = srt[u - 1 :]
        m = n - u + 1
        assert bonf.pc_p_value[u - 1] == pytest.approx(min(1, m * rest[0]))
        fisher = partial_conjunction(p, method="fisher").pc_p_value[u - 1]
        assert fisher == pytest.approx(stats.combine_pvalues(rest, method="fisher")[1])
        simes = partial_conjunction(p, method="simes").pc_p_value[u - 1]
        assert simes == pytest.approx(min(1, min(m / (i + 1) * rest[i] for i in range(m))))
    with pytest.raises(ParameterError):
        partial_conjunction([0.5, 1.2])


@pytest.mark.parametrize("unit", ["systems", "inputs", "both"])
def test_system_level_rank_coefficients_keep_exact_human_ties(unit):
    # averaged ratings (multiples of 1/3) tie exactly; the resampled system means must tie as
    # they do in a straightforward loop, or Kendall's tau changes
    rng = np.random.default_rng(6)
    h = rng.integers(3, 16, size=(8, 12)) / 3.0
    h[1] = h[0]
    h[2] = h[0][::-1]
    a = h + rng.normal(size=h.shape)
    b = h + rng.normal(scale=2, size=h.shape)
    R = 80
    _, deltas = resampled_deltas(
        a, b, h, test="boot", unit=unit, level="system", method="kendall", n_resamples=R, seed=3
    )
    gen = np.random.default_rng(3)
    rows = gen.integers(8, size=(R, 8)) if unit != "inputs" else np.tile(np.arange(8), (R, 1))
    cols = gen.integers(12, size=(R, 12)) if unit != "systems" else np.tile(np.arange(12), (R, 1))
    want = [
        brute_delta(
            a[np.ix_(rows[r], cols[r])],
            b[np.ix_(rows[r], cols[r])],
            h[np.ix_(rows[r], cols[r])],
            "system",
            "kendall",
        )
        for r in range(R)
    ]
    np.testing.assert_allclose(deltas, want, rtol=0, atol=1e-12)


def test_forwarded_design_keywords_are_checked_as_a_signature_would():
    """compare_metrics / significance_clusters take the design of correlation_difference_test
    as ``**design`` (declared once, by resampled_deltas' signature): a misspelt or foreign
    keyword is a TypeError, a missing one takes resampled_deltas' default."""
    from evalkit.stats.difference_tests import DELTA_DESIGN, DESIGN

    rng = np.random.default_rng(0)
    h = rng.normal(size=(5, 6))
    mats = {"x": h + rng.normal(size=h.shape), "y": rng.normal(size=h.shape)}
    with pytest.raises(TypeError, match="'n_resample'"):
        compare_metrics(mats, h, n_resample=9)
    with pytest.raises(TypeError, match="'alternative'"):
        significance_clusters(mats, h, alternative="two-sided")
    with pytest.raises(TypeError, match="'tset'"):
        correlation_difference_test(mats["x"], mats["y"], h, tset="boot")
    assert list(DESIGN) == ["test", "unit", "level", "method", "n_resamples", "alternative"]
    assert DELTA_DESIGN["test"] == "perm" and DESIGN["alternative"] == "greater"
    default = correlation_difference_test(mats["x"], mats["y"], h, n_resamples=19)
    spelled = correlation_difference_test(
        mats["x"],
        mats["y"],
        h,
        n_resamples=19,
        test="perm",
        unit="both",
        level="summary",
        method="kendall",
        alternative="greater",
    )
    pd.testing.assert_frame_equal(default, spelled)
