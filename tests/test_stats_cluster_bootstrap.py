"""The cluster bootstrap of Pearson correlations, against a direct computation."""

import numpy as np
import pytest

from evalkit.errors import ParameterError
from evalkit.stats.cluster_bootstrap import (
    MIN_CLUSTERS,
    cluster_bootstrap_pearson,
    correlation_intervals,
    difference_p_values,
)


def test_each_resample_is_pearson_on_the_drawn_clusters_rows():
    """Recomputed from the definition: the same seeded multinomial draw of the 12 clusters,
    every row of a drawn cluster repeated as often as it was drawn, numpy's corrcoef."""
    rng = np.random.default_rng(3)
    clusters = np.repeat([f"s{i}" for i in range(12)], rng.integers(1, 5, 12))
    n = len(clusters)
    x = {"a": rng.normal(size=n), "b": rng.normal(size=n)}
    y = {"h": x["a"] + rng.normal(size=n), "g": rng.normal(size=n)}
    draws, xs, ys = cluster_bootstrap_pearson(x, y, clusters, n_resamples=25, seed=9)
    assert draws.shape == (25, 2, 2) and xs == ["a", "b"] and ys == ["h", "g"]
    names = np.unique(clusters)
    w = np.random.default_rng(9).multinomial(12, np.full(12, 1 / 12), size=25)
    for k in (0, 7, 24):
        rows = np.concatenate(
            [np.repeat(np.flatnonzero(clusters == c), w[k, i]) for i, c in enumerate(names)]
        )
        for i, xn in enumerate(xs):
            for j, yn in enumerate(ys):
                direct = np.corrcoef(x[xn][rows], y[yn][rows])[0, 1]
                assert draws[k, i, j] == pytest.approx(direct, abs=1e-9)


def test_rows_sharing_a_cluster_widen_the_interval():
    """The same 40 clusters with 1 row each or their rows copied 25 times: r is the same, and
    so is the cluster-bootstrap interval; a test counting rows (n = 1000) would be 5x
    narrower."""
    rng = np.random.default_rng(1)
    x, y = rng.normal(size=40), rng.normal(size=40)
    x = x + 0.3 * y
    one, _, _ = cluster_bootstrap_pearson({"m": x}, {"h": y}, np.arange(40), seed=2)
    many, _, _ = cluster_bootstrap_pearson(
        {"m": np.repeat(x, 25)}, {"h": np.repeat(y, 25)}, np.repeat(np.arange(40), 25), seed=2
    )
    assert np.allclose(one, many, atol=1e-9)


def test_cluster_bootstrap_checks_its_input():
    with pytest.raises(ParameterError, match="clusters"):
        cluster_bootstrap_pearson({"m": [1.0, 2.0]}, {"h": [1.0, 2.0]}, ["a"])
    with pytest.raises(ParameterError, match="clusters"):
        cluster_bootstrap_pearson({"m": [1.0, 2.0]}, {"h": [1.0, 2.0]}, ["a", "a"])
    with pytest.raises(ParameterError, match="finite"):
        cluster_bootstrap_pearson({"m": [1.0, np.nan]}, {"h": [1.0, 2.0]}, ["a", "b"])


def test_correlation_intervals_hold_this_runs_values():
    """``holding``: each interval is widened to hold the given r, or the given difference of
    two r's; pairs not given are left as they are."""
    rng = np.random.default_rng(2)
    x = {"a": rng.normal(size=60), "b": rng.normal(size=60)}
    y = {"h": x["a"] + rng.normal(size=60)}
    clusters = np.repeat(np.arange(12), 5)
    plain = {(r["metric_a"], r["metric_b"]): r for r in correlation_intervals(x, y, clusters)}
    far = {("a", "h"): 5.0, ("b", "h"): -5.0}
    held = correlation_intervals(x, y, clusters, holding=far)
    got = {(r["metric_a"], r["metric_b"]): r for r in held}
    assert got[("a", "")]["high"] == 5.0 and got[("a", "")]["low"] == plain[("a", "")]["low"]
    assert got[("a", "b")]["high"] == 10.0 and got[("b", "a")]["low"] == -10.0
    partial = correlation_intervals(x, y, clusters, holding={("a", "h"): 5.0})
    assert {(r["metric_a"], r["metric_b"]): r for r in partial}[("b", "a")] == plain[("b", "a")]


def test_difference_p_values_are_correlation_intervals_p_where_decidable():
    rng = np.random.default_rng(3)
    h = rng.normal(size=60)
    x = {"near": h + rng.normal(size=60), "far": rng.normal(size=60)}
    clusters = np.repeat(np.arange(12), 5)
    p = difference_p_values(x, h, clusters, absolute=True, n_resamples=300, seed=4)
    recs = correlation_intervals(x, {"h": h}, clusters, absolute=True, n_resamples=300, seed=4)
    assert p == {(r["metric_a"], r["metric_b"]): r["p"] for r in recs if r["metric_b"]}
    # too few clusters, a constant or non-finite judgment: nothing tested
    assert difference_p_values(x, h, np.repeat(np.arange(MIN_CLUSTERS - 1), 12)) == {}
    assert difference_p_values(x, np.ones(60), clusters) == {}
    assert difference_p_values(x, np.r_[h[:-1], np.nan], clusters) == {}
    # a non-finite or constant score column is left out, with its pairs
    odd = {**x, "gap": np.r_[h[:-1], np.nan], "flat": np.ones(60)}
    assert set(difference_p_values(odd, h, clusters, n_resamples=50)) == {
        ("near", "far"),
        ("far", "near"),
    }
