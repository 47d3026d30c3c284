"""Pearson correlations over rows that come in clusters, with a bootstrap over the clusters.

Segment-level meta-evaluation correlates a metric's score with a human score over rows such
as (segment, system, reference, judge): the rows of one source segment share its content,
its references and its judges, so they are not independent, and a test that counts every row
(Fisher's z, Williams' test with n = rows) is far too sure of itself. The clusters (here, the
segments) are the independent units: each resample draws as many clusters as there are, with
replacement, and keeps all of a drawn cluster's rows (the cluster bootstrap, Davison &
Hinkley 1997, Section 3.8); Pearson's r of every (x, y) pair is recomputed on the resample.
A difference of two correlations with the same y, r(x_a, y) - r(x_b, y) (or of their absolute
values), gets its percentile interval from the same resamples (Efron & Tibshirani 1993,
Section 13.3), which keeps their dependence, and the two-sided percentile p-value

    p = min(1, 2 min((1 + #{d* <= 0}) / (B + 1), (1 + #{d* >= 0}) / (B + 1)))

over the B defined resamples d* (:func:`percentile_p`): p < alpha where the (1 - alpha)
percentile interval leaves out 0 (up to the one resample the +1 adds), for tests that
combine p-values.

Computed from per-cluster sums (n, sum x, sum x^2, sum y, sum y^2, sum xy), so a resample
costs one matrix product over the clusters, not a pass over the rows:

    r = (N Sxy - Sx Sy) / sqrt((N Sxx - Sx^2) (N Syy - Sy^2))

with each sum the drawn clusters' sums weighted by the times they were drawn. Range: r in
[-1, 1]; a resample where x or y is constant gives NaN for that pair.

References:

* Davison, A. C., & Hinkley, D. V. (1997). Bootstrap methods and their application.
  Cambridge University Press. Section 3.8.
* Efron, B., & Tibshirani, R. J. (1993). An introduction to the bootstrap. Chapman & Hall.
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.stats._shared import show_options
from evalkit.stats.correlation import percentile_interval
from evalkit.stats.validation import SeedLike, check_int, rng_from_seed

__all__ = [
    "MIN_CLUSTERS",
    "cluster_bootstrap_pearson",
    "correlation_intervals",
    "difference_p_values",
    "percentile_p",
]

#: Fewer clusters than this and a finding should not rest on the cluster bootstrap: an exact
#: paired test over n units has smallest two-sided p 2 / 2^n, above 0.05 for n <= 5, and a
#: percentile bootstrap over so few units is too narrow (its variance is (n - 1) / n of the
#: plug-in's, from at most C(2n - 1, n) distinct resamples).
MIN_CLUSTERS = 6


def cluster_bootstrap_pearson(
    x: Mapping[str, Sequence[float]],
    y: Mapping[str, Sequence[float]],
    clusters: Sequence,
    *,
    n_resamples: int = 1000,
    seed: SeedLike = 0,
) -> Tuple[np.ndarray, list, list]:
    """Pearson's r of every ``x`` column with every ``y`` column on resamples of the clusters.

    Parameters
    ----------
    x, y : mapping of str to array_like, each of shape (n_rows,)
        The scores (metrics) and the judgments, one value per row; finite.
    clusters : array_like, shape (n_rows,)
        The cluster of each row (e.g. a segment id); at least 2 clusters.
    n_resamples : int, default 1000
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    draws : numpy.ndarray, shape (n_resamples, len(x), len(y))
        r per resample (NaN where undefined on a resample).
    x_names, y_names : list of str
        The order of the second and third axes.

    Examples
    --------
    Two segments of two rows each: r over the four rows, then resamples of the segments.

    >>> from evalkit.stats.cluster_bootstrap import cluster_bootstrap_pearson
    >>> draws, xs, ys = cluster_bootstrap_pearson(
    ...     {"m": [1.0, 2.0, 3.0, 5.0]}, {"h": [1.0, 2.0, 4.0, 4.0]}, ["s1", "s1", "s2", "s2"],
    ...     n_resamples=4, seed=0)
    >>> draws.shape, xs, ys
    ((4, 1, 1), ['m'], ['h'])
    """
    xn, yn = list(x), list(y)
    if not xn or not yn:
        raise ParameterError("x", xn, "at least one x and one y column")
    cl = np.asarray(clusters, dtype=object)
    X = np.column_stack([np.asarray(x[k], float) for k in xn])
    Y = np.column_stack([np.asarray(y[k], float) for k in yn])
    if X.shape[0] != len(cl) or Y.shape[0] != len(cl) or cl.ndim != 1:
        raise ParameterError("clusters", cl.shape, f"one cluster per row ({X.shape[0]} rows)")
    if not (np.isfinite(X).all() and np.isfinite(Y).all()):
        raise ParameterError("x", "NaN or infinite values", "finite scores and judgments")
    n_resamples = check_int("n_resamples", n_resamples)
    _, codes = np.unique(cl.astype(str), return_inverse=True)
    n_clusters = int(codes.max()) + 1
    if n_clusters < 2:
        raise ParameterError("clusters", n_clusters, "at least 2 clusters")

    def per_cluster(a: np.ndarray) -> np.ndarray:
        out = np.zeros((n_clusters,) + a.shape[1:])
        np.add.at(out, codes, a)
        return out

    n_c = np.bincount(codes, minlength=n_clusters).astype(float)
    sx, sxx = per_cluster(X), per_cluster(X**2)
    sy, syy = per_cluster(Y), per_cluster(Y**2)
    sxy = per_cluster(X[:, :, None] * Y[:, None, :])
    rng = rng_from_seed(seed)
    w = rng.multinomial(n_clusters, np.full(n_clusters, 1 / n_clusters), size=n_resamples)
    w = w.astype(float)
    n = w @ n_c
    SX, SXX, SY, SYY = w @ sx, w @ sxx, w @ sy, w @ syy
    SXY = np.einsum("rc,cmj->rmj", w, sxy)
    num = n[:, None, None] * SXY - SX[:, :, None] * SY[:, None, :]
    vx = n[:, None] * SXX - SX**2
    vy = n[:, None] * SYY - SY**2
    with np.errstate(invalid="ignore", divide="ignore"):
        den = np.sqrt(np.clip(vx, 0, None)[:, :, None] * np.clip(vy, 0, None)[:, None, :])
        r = np.where(den > 0, num / den, np.nan)
    return np.clip(r, -1.0, 1.0), xn, yn


def correlation_intervals(
    x,
    y,
    clusters,
    *,
    confidence: float = 0.95,
    absolute: bool = False,
    holding: Optional[Mapping] = None,
    **options,
) -> list:
    """Percentile intervals from :func:`cluster_bootstrap_pearson`: of every r(x_a, y) and of
    every difference r(x_a, y) - r(x_b, y) of two x columns with the same y, each with its
    two-sided percentile p-value (module docstring).

    Parameters
    ----------
    x, y, clusters
        As :func:`cluster_bootstrap_pearson`.
    confidence : float, default 0.95
    absolute : bool, default False
        Differences of |r| (error rates correlate negatively: ``|r(x_a, y)| - |r(x_b, y)|``);
        r itself keeps its sign.
    holding : mapping of (x name, y name) to float, optional
        This run's r of each pair: each interval is widened to hold this run's r, or its
        difference of two r's (of |r| with ``absolute``), where a skewed resampling
        distribution leaves it outside
        (:func:`~evalkit.stats.correlation.percentile_interval`); pairs not in it are not
        widened.
    **options
        ``n_resamples, seed``, as :func:`cluster_bootstrap_pearson`.

    Returns
    -------
    list of dict
        ``judgment`` (the y column), ``metric_a``, ``metric_b`` (empty for r itself),
        ``low``, ``high``, ``p`` (of r or the difference = 0); a pair with fewer than 20
        defined resamples is left out.

    Examples
    --------
    >>> from evalkit.stats.cluster_bootstrap import correlation_intervals
    >>> rows = correlation_intervals({"a": [1.0, 2, 3, 4, 5, 6], "b": [2.0, 1, 4, 3, 6, 5]},
    ...                              {"h": [1.0, 2, 3, 4, 5, 6]}, [1, 1, 2, 2, 3, 3], seed=0)
    >>> [(r["metric_a"], r["metric_b"]) for r in rows]
    [('a', 'b'), ('a', ''), ('b', 'a'), ('b', '')]
    """
    draws, names, judgments = cluster_bootstrap_pearson(x, y, clusters, **options)
    run = dict(holding or {})
    size = np.abs(draws) if absolute else draws

    def _run(ma, mb, jn):
        # this run's r(a) - r(b) (or r(a)), when both are given
        if (ma, jn) not in run or (mb and (mb, jn) not in run):
            return None
        if not mb:
            return run[(ma, jn)]
        at = abs if absolute else float
        return at(run[(ma, jn)]) - at(run[(mb, jn)])

    out = []
    for j, jn in enumerate(judgments):
        for a, ma in enumerate(names):
            for b, mb in enumerate([*names, ""]):
                if mb == ma:
                    continue
                d = size[:, a, j] - size[:, b, j] if mb else draws[:, a, j]
                d = d[np.isfinite(d)]
                if len(d) >= 20:
                    low, high = percentile_interval(d, confidence, holding=_run(ma, mb, jn))
                    out.append(
                        {
                            "judgment": jn,
                            "metric_a": ma,
                            "metric_b": mb,
                            "low": low,
                            "high": high,
                            "p": percentile_p(d),
                        }
                    )
    return out


def difference_p_values(x, y, clusters, *, absolute: bool = False, **options) -> dict:
    """The two-sided percentile p of r(x_a, y) - r(x_b, y) for every ordered pair of ``x``
    columns (:func:`correlation_intervals`), where the cluster bootstrap can decide it.

    Nothing is tested with fewer than :data:`MIN_CLUSTERS` clusters or a ``y`` that is not
    finite or is constant; an ``x`` column that is not finite or is constant is left out
    (its pairs are missing from the result, as are pairs with fewer than 20 defined
    resamples).

    Parameters
    ----------
    x : mapping of str to array_like, each of shape (n_rows,)
        The scores.
    y : array_like, shape (n_rows,)
        The judgments.
    clusters : array_like, shape (n_rows,)
        As :func:`cluster_bootstrap_pearson`.
    absolute : bool, default False
        Differences of |r|, as :func:`correlation_intervals`.
    **options
        ``n_resamples, seed``, as :func:`cluster_bootstrap_pearson`.

    Returns
    -------
    dict
        ``{(a, b): p}`` for the pairs tested.

    Examples
    --------
    Eight segments of five rows; a constant column is left out:

    >>> import numpy as np
    >>> from evalkit.stats.cluster_bootstrap import difference_p_values
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=40)
    >>> x = {"near": h + rng.normal(size=40), "far": rng.normal(size=40), "flat": np.ones(40)}
    >>> p = difference_p_values(x, h, np.repeat(np.arange(8), 5), n_resamples=200, seed=0)
    >>> sorted(p), p[("near", "far")] == p[("far", "near")]
    ([('far', 'near'), ('near', 'far')], True)
    """
    cl = np.asarray(clusters, dtype=object)
    y = np.asarray(y, dtype=float)
    usable = {
        k: v
        for k, v in ((k, np.asarray(v, dtype=float)) for k, v in x.items())
        if np.isfinite(v).all() and np.std(v) > 0
    }
    if len(set(cl.tolist())) < MIN_CLUSTERS or not usable:
        return {}
    if not np.isfinite(y).all() or np.std(y) == 0:
        return {}
    records = correlation_intervals(usable, {"y": y}, cl, absolute=absolute, **options)
    return {(r["metric_a"], r["metric_b"]): r["p"] for r in records if r["metric_b"]}


def percentile_p(draws) -> float:
    """The two-sided percentile p-value of "the statistic is 0" from its bootstrap draws
    (any bootstrap: of clusters, of the units of sets), as in the module docstring.

    Parameters
    ----------
    draws : array_like
        The resampled statistic; NaNs (undefined resamples) are left out.

    Returns
    -------
    float
        In (0, 1]; NaN without a defined draw.

    Examples
    --------
    >>> from evalkit.stats.cluster_bootstrap import percentile_p
    >>> percentile_p([0.1, 0.2, 0.3, -0.1]), percentile_p([0.1] * 99)
    (0.8, 0.02)
    """
    d = np.asarray(draws, dtype=float)
    d = d[~np.isnan(d)]
    if not d.size:
        return float("nan")
    tail = (1 + min((d <= 0).sum(), (d >= 0).sum())) / (d.size + 1)
    return float(min(1.0, 2 * tail))


# the keywords each function forwards, shown in its signature (declared once)
show_options(correlation_intervals, cluster_bootstrap_pearson)
show_options(difference_p_values, cluster_bootstrap_pearson)
