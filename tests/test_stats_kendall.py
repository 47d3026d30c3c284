"""Kendall variants, pair counts, tie calibration and pairwise accuracy (evalkit.stats.kendall)
against brute-force loops over pairs and scipy, and the toolbox modules' doctests."""

from __future__ import annotations

import doctest
import importlib
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.kendall import (
    kendall_columns,
    kendall_tau,
    concordance_counts,
    pairwise_accuracy,
    tie_calibration,
)


def brute_counts(x, y, eps=0.0):
    c = d = tx = ty = txy = 0
    for i, j in combinations(range(len(x)), 2):
        dx = 0 if abs(x[i] - x[j]) <= eps else np.sign(x[i] - x[j])
        dy = np.sign(y[i] - y[j])
        if dx == 0 and dy == 0:
            txy += 1
        elif dx == 0:
            tx += 1
        elif dy == 0:
            ty += 1
        elif dx == dy:
            c += 1
        else:
            d += 1
    return c, d, tx, ty, txy


def brute_tau(x, y, variant, eps=0.0):
    c, d, tx, ty, txy = brute_counts(x, y, eps)
    n = len(x)
    n0 = n * (n - 1) / 2
    if variant == "a":
        return (c - d) / n0
    if variant == "b":
        den = np.sqrt((n0 - tx - txy) * (n0 - ty - txy))
        return (c - d) / den if den else np.nan
    if variant == "c":
        m = min(len(set(x)), len(set(y)))
        return 2 * (c - d) / (n**2 * (m - 1) / m) if m > 1 else np.nan
    if variant == "23":
        return (c + txy - d - tx - ty) / n0
    return (c + txy) / n0


def _tied_data(seed, n=12, m=7, levels=4):
    rng = np.random.default_rng(seed)
    return rng.integers(0, levels, size=(n, m)).astype(float), rng.integers(
        0, levels, size=(n, m)
    ).astype(float)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("eps", [0.0, 1.0])
def test_pair_counts_match_a_loop_over_pairs(seed, eps):
    x, y = _tied_data(seed)
    x = x + np.random.default_rng(seed + 10).uniform(0, 0.6, size=x.shape) * (eps > 0)
    got = concordance_counts(x, y, eps)
    for j in range(x.shape[1]):
        assert tuple(got[:, j]) == brute_counts(x[:, j], y[:, j], eps)


@pytest.mark.parametrize("variant", ["a", "b", "c", "23", "acc23"])
@pytest.mark.parametrize("seed", range(3))
def test_variants_match_their_formulas_and_scipy(variant, seed):
    x, y = _tied_data(seed, n=9, m=6, levels=3)
    x[:, 0] = 2.0  # a constant metric column
    got = kendall_columns(x, y, variant)
    want = [brute_tau(x[:, j], y[:, j], variant) for j in range(x.shape[1])]
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)
    if variant in ("b", "c"):
        ref = [stats.kendalltau(x[:, j], y[:, j], variant=variant)[0] for j in range(x.shape[1])]
        np.testing.assert_allclose(got, ref, rtol=1e-12, atol=1e-12)


def test_long_vectors_use_scipy_and_tie_counts():
    rng = np.random.default_rng(3)
    x = rng.integers(0, 30, size=1300).astype(float)
    y = np.round(x / 3 + rng.integers(0, 5, size=1300))
    dx = np.sign(x[:, None] - x[None, :])[np.triu_indices(1300, 1)]
    dy = np.sign(y[:, None] - y[None, :])[np.triu_indices(1300, 1)]
    want = [
        int(((dx * dy) > 0).sum()),
        int(((dx * dy) < 0).sum()),
        int(((dx == 0) & (dy != 0)).sum()),
        int(((dx != 0) & (dy == 0)).sum()),
        int(((dx == 0) & (dy == 0)).sum()),
    ]
    assert concordance_counts(x, y).ravel().tolist() == want
    n0 = len(dx)
    assert kendall_tau(x, y, "acc23") == pytest.approx((want[0] + want[4]) / n0, rel=1e-12)
    assert kendall_tau(x, y, "b") == pytest.approx(stats.kendalltau(x, y)[0], rel=1e-12)


def test_kendall_tau_drops_nan_pairs_and_correlate_columns_names():
    x = np.array([1.0, 2, np.nan, 4, 5])
    y = np.array([2.0, 1, 3, np.nan, 6])
    assert kendall_tau(x, y, "a") == pytest.approx(brute_tau([1, 2, 5], [2, 1, 6], "a"))
    for name, variant in (
        ("kendall_a", "a"),
        ("kendall_c", "c"),
        ("tau_eq", "23"),
        ("acc_eq", "acc23"),
    ):
        assert correlate_columns(x, y, name)[0] == pytest.approx(
            brute_tau([1, 2, 5], [2, 1, 6], variant)
        )
    with pytest.raises(ParameterError):
        kendall_columns(x[:2], y[:2], "d")
    with pytest.raises(ParameterError):
        concordance_counts(x, y)  # NaN
    with pytest.raises(ParameterError):
        kendall_columns(x[:2], y[:2], "c", epsilon=0.5)


def brute_calibration(x, y, statistic, groups):
    """Every candidate threshold (0 and every |dx|), statistic averaged over groups by loops."""
    variant = "acc23" if statistic == "acc_eq" else "23"
    cands = sorted(
        {0.0} | {abs(a[i] - a[j]) for a, _ in groups for i, j in combinations(range(len(a)), 2)}
    )
    best = (-np.inf, None)
    for eps in cands:
        v = np.mean([brute_tau(a, b, variant, eps) for a, b in groups])
        if v > best[0] + 1e-12:
            best = (v, eps)
    return best


@pytest.mark.parametrize("statistic", ["acc_eq", "tau_eq"])
@pytest.mark.parametrize("average_by", ["none", "item", "sys"])
def test_tie_calibration_is_the_exact_maximum(statistic, average_by):
    rng = np.random.default_rng(5)
    h = rng.integers(0, 3, size=(5, 6)).astype(float)  # humans tie often
    x = np.round(h + rng.normal(scale=0.7, size=h.shape), 1)  # the metric rarely
    x[0, 0] = np.nan
    ok = ~np.isnan(x)
    if average_by == "none":
        groups = [(x[ok], h[ok])]
    elif average_by == "item":
        groups = [(x[ok[:, j], j], h[ok[:, j], j]) for j in range(6)]
    else:
        groups = [(x[i, ok[i]], h[i, ok[i]]) for i in range(5)]
    value, eps = brute_calibration(x, h, statistic, groups)
    got = tie_calibration(x, h, statistic=statistic, average_by=average_by).iloc[0]
    assert got.value == pytest.approx(value, abs=1e-12) and got.epsilon == pytest.approx(eps)
    variant = "acc23" if statistic == "acc_eq" else "23"
    assert got.value_at_0 == pytest.approx(np.mean([brute_tau(a, b, variant) for a, b in groups]))
    assert got.value >= got.value_at_0
    with pytest.raises(ParameterError, match="max_pairs"):
        tie_calibration(x, h, statistic=statistic, average_by=average_by, max_pairs=5)


def test_pairwise_accuracy_is_kocmi_accuracy_pooled_over_groups():
    rng = np.random.default_rng(2)
    rows, human = [], []
    for lp in ("de-en", "zh-en"):
        q = rng.normal(size=6)
        q[1] = q[0]  # a human tie
        for s in range(6):
            human.append((lp, f"s{s}", q[s]))
            rows.append((lp, f"s{s}", "good", q[s] + rng.normal(scale=0.1)))
            rows.append((lp, f"s{s}", "bad", rng.normal()))
    scores = pd.DataFrame(rows, columns=["lp", "system", "metric", "value"])
    hum = pd.DataFrame(human, columns=["lp", "system", "value"])
    got = pairwise_accuracy(scores, hum, by=["lp"]).set_index("metric")
    for metric in ("good", "bad"):
        agree = pairs = 0
        for lp in ("de-en", "zh-en"):
            m = scores[(scores.lp == lp) & (scores.metric == metric)].set_index("system")["value"]
            h = hum[hum.lp == lp].set_index("system")["value"]
            for a, b in combinations(sorted(m.index), 2):
                agree += np.sign(m[a] - m[b]) == np.sign(h[a] - h[b])
                pairs += 1
        assert got.loc[metric, "agree"] == agree and got.loc[metric, "pairs"] == pairs == 30
        assert got.loc[metric, "accuracy"] == pytest.approx(agree / pairs)
    with pytest.raises(ParameterError, match="same systems"):
        pairwise_accuracy(scores, hum[hum.system != "s3"], by=["lp"])


@pytest.mark.parametrize(
    "module", ["kendall", "difference_tests", "grouped", "correlation", "multiplicity"]
)
def test_doctests(module):
    mod = importlib.import_module(f"evalkit.stats.{module}")
    result = doctest.testmod(mod, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0
