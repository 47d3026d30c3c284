"""Is metric A's correlation with the humans higher than metric B's? Resampling tests and the
significance clusters that rank a set of metrics.

**Designs** (Deutsch, Dror & Roth 2021, "A Statistical Analysis of Summarization Evaluation
Metrics Using Resampling Methods", TACL, Secs. 4-5; their SacreROUGE implements them). The
metric scores ``A``, ``B`` and the human scores ``H`` are (systems x inputs) matrices; a
level correlation ``r(., H)`` is system-, summary- or global-level
(:func:`evalkit.stats.correlation.level_correlation`, any coefficient of
:data:`~evalkit.stats.correlation.COEFFICIENTS`). ``delta = r(A, H) - r(B, H)``.

* ``test="boot"`` (BOOT-SYSTEMS / BOOT-INPUTS / BOOT-BOTH): draw systems, inputs or both with
  replacement (the same draw for A, B and H), ``delta_b`` per resample; one-sided
  ``p = #{delta_b - delta >= delta} / B'`` (the bootstrap distribution shifted to the null,
  Efron & Tibshirani 1993, as in Berg-Kirkpatrick et al. 2012's "delta_b > 2 delta"), B' the
  resamples with a defined delta (degenerate ones, e.g. one system drawn every time, are
  left out and counted in ``n_valid``). Two-sided: ``|delta_b - delta| >= |delta|``.
* ``test="perm"`` (PERM-SYSTEMS / PERM-INPUTS / PERM-BOTH): z-score A and B (over all their
  cells), then under H0 swapping A's and B's scores of a system, of an input or of each cell
  with probability 1/2 leaves the distribution of delta unchanged;
  ``p = (1 + #{delta_r >= delta}) / (R + 1)`` (a valid p-value, Phipson & Smyth 2010;
  SacreROUGE and mt-metrics-eval use ``#/R``, at most ``1/(R+1)`` lower). Two-sided:
  ``|delta_r| >= |delta|``.

Bootstrap intervals of a single correlation are :func:`evalkit.stats.correlation.bootstrap_ci`
(the same three designs). Cells follow the shared-cells rule: a cell counts only where A, B and
H all have a value.

**Significance clusters** (mt-metrics-eval ``AssignRanks``; Freitag et al. 2021-2023 WMT metrics
task reports): sort the metrics by correlation, test every higher-ranked metric against every
lower one (PERM-BOTH there); walking down the list, a metric starts a new cluster (rank + 1)
when some metric since the start of the current cluster beats it at ``alpha``. Rank 1 = the
metrics indistinguishable from the best.

Why our own: SacreROUGE and mt-metrics-eval loop over resamples in Python, calling scipy per
input and resample. Here all resample indices or swap masks are drawn first and the
correlations of every resample come from a few array operations
(:func:`evalkit.stats.correlation.batched_level_correlation`); ``benchmarks/bench_difference_tests.py``
measures the gain against that loop.

References:

* Freitag, M., et al. (2021). Results of the WMT21 metrics shared task: evaluating metrics
  with expert-based human evaluations on TED and news domain. WMT 2021.
"""

from __future__ import annotations

import warnings
from typing import Dict, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import (
    SeedLike,
    check_choice,
    check_int,
    check_probability,
    rng_from_seed,
)
from evalkit.stats._shared import keyword_defaults, resample_indices, show_options, split_options
from evalkit.stats.correlation import (
    COEFFICIENTS,
    LEVELS,
    RESAMPLING_UNITS,
    batched_level_correlation,
    correlate_columns,
    level_correlation,
    score_matrices,
)

__all__ = [
    "TESTS",
    "resampled_deltas",
    "correlation_difference_test",
    "difference_test_result",
    "permutation_test",
    "compare_metrics",
    "assign_ranks",
    "significance_clusters",
    "metric_correlations",
    "cluster_order",
    "ranked_clusters",
    "equal_correlation_metrics",
    "type1_error_rates",
    "as_matrices",
    "noisy_metrics",
    "pair_frame",
    "check_difference_design",
    "ranking_pairs",
    "ranking_inputs",
    "DESIGN",
    "DELTA_DESIGN",
]

TESTS = ("boot", "perm")
ALTERNATIVES = ("greater", "two-sided")
_BLOCK_CELLS = 1 << 22  # (resamples x systems x inputs) floats per block


def _matrices(x_a, x_b, y) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
    a = np.array(x_a, dtype=float)
    b = np.array(x_b, dtype=float)
    h = np.array(y, dtype=float)
    if a.ndim != 2 or not a.shape == b.shape == h.shape:
        raise ParameterError(
            "x_b", (a.shape, b.shape, h.shape), "three (systems x inputs) matrices of one shape"
        )
    gaps = np.isnan(a) | np.isnan(b) | np.isnan(h)
    a[gaps] = b[gaps] = h[gaps] = np.nan
    return a, b, h


def _standardize(m: np.ndarray) -> np.ndarray:
    sd = np.nanstd(m)
    return (m - np.nanmean(m)) / (sd if sd > 0 else 1.0)


def check_difference_design(
    test, unit, level, method, n_resamples, alternative: str = "greater"
) -> int:
    """Check the design of a difference test (each value against its choices).

    Parameters
    ----------
    test, unit, level, method, n_resamples, alternative
        As :func:`correlation_difference_test`; a value outside its choices raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    int
        ``n_resamples``, checked.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import check_difference_design
    >>> check_difference_design("perm", "both", "summary", "kendall", 99)
    99
    """
    check_choice("test", test, TESTS)
    check_choice("unit", unit, RESAMPLING_UNITS)
    check_choice("level", level, LEVELS)
    check_choice("method", method, COEFFICIENTS)
    check_choice("alternative", alternative, ALTERNATIVES)
    return check_int("n_resamples", n_resamples)


def resampled_deltas(
    x_a,
    x_b,
    y,
    *,
    test: str = "perm",
    unit: str = "both",
    level: str = "summary",
    method: str = "kendall",
    n_resamples: int = 1000,
    seed: SeedLike = 0,
) -> Tuple[float, np.ndarray]:
    """The observed ``r(A, H) - r(B, H)`` and its resampled values under a design.

    Bootstrap draws (``test="boot"``) or permutation swaps (``test="perm"``) as in the module
    docstring. All draws are made first, so results do not depend on blocking.

    Parameters
    ----------
    x_a, x_b, y : array_like, shape (n_systems, n_inputs)
        Metric A, metric B and the human scores; a cell counts only where all three have a
        value. Other shapes raise :class:`~evalkit.errors.ParameterError`.
    test : {"perm", "boot"}, default "perm"
    unit : {"systems", "inputs", "both"}, default "both"
        What is resampled or swapped.
    level : {"system", "summary", "global"}, default "summary"
    method : str, default "kendall"
        One of :data:`~evalkit.stats.correlation.COEFFICIENTS`.
    n_resamples : int, default 1000
        >= 1.
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    delta : float
        The observed difference (on z-scored A and B for ``test="perm"``).
    deltas : numpy.ndarray, shape (n_resamples,)
        The resampled differences; NaN where a resample leaves a coefficient undefined.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import equal_correlation_metrics, resampled_deltas
    >>> a, b, h = equal_correlation_metrics(6, 10, seed=1)
    >>> kw = dict(test="perm", unit="systems", level="system", method="pearson", n_resamples=5, seed=0)
    >>> delta, deltas = resampled_deltas(a, b, h, **kw)
    >>> deltas.shape, bool(np.array_equal(deltas, resampled_deltas(a, b, h, **kw)[1]))
    ((5,), True)

    Swapping A and B flips the sign of the observed difference:

    >>> bool(np.isclose(resampled_deltas(b, a, h, **kw)[0], -delta))
    True
    """
    n_resamples = check_difference_design(test, unit, level, method, n_resamples, "greater")
    rng = rng_from_seed(seed)
    a, b, h = _matrices(x_a, x_b, y)
    if test == "perm":
        a, b = _standardize(a), _standardize(b)
    observed = level_correlation(a, h, level, method)[0] - level_correlation(b, h, level, method)[0]
    n_sys, n_inp = a.shape
    out = np.empty(n_resamples)
    step = max(1, _BLOCK_CELLS // a.size)
    if test == "boot":
        rows, cols = resample_indices(rng, a.shape, n_resamples, unit)
        if level == "system" and (method == "pearson" or unit == "systems"):
            return float(observed), _system_boot(a, b, h, rows, cols, method, unit)
        for lo in range(0, n_resamples, step):
            r, c = rows[lo : lo + step, :, None], cols[lo : lo + step, None, :]
            if level == "system":  # gathered means, each once, in the loop's summation order
                ma, mb, mh = (
                    _gathered_means(m, rows[lo : lo + step], cols[lo : lo + step])
                    for m in (a, b, h)
                )
                out[lo : lo + step] = correlate_columns(ma.T, mh.T, method) - correlate_columns(
                    mb.T, mh.T, method
                )
                continue
            hb = h[r, c]
            out[lo : lo + step] = batched_level_correlation(
                a[r, c], hb, level, method
            ) - batched_level_correlation(b[r, c], hb, level, method)
        return float(observed), out
    shape = {
        "systems": (n_resamples, n_sys, 1),
        "inputs": (n_resamples, 1, n_inp),
        "both": (n_resamples, n_sys, n_inp),
    }[unit]
    swaps = rng.random(shape) < 0.5
    if level == "system":
        return float(observed), _system_perm(a, b, h, swaps, unit, method)
    for lo in range(0, n_resamples, step):
        swap = swaps[lo : lo + step]
        out[lo : lo + step] = batched_level_correlation(
            np.where(swap, b, a), h, level, method
        ) - batched_level_correlation(np.where(swap, a, b), h, level, method)
    return float(observed), out


# System level: the correlated vectors are system means, which are linear in the cells, so the
# resampled means come from input-count or swap matrices times the score matrices (no
# (resamples x systems x inputs) copies). Cells are already shared by A, B and H here.
# Bootstrapped *human* means are recomputed per resample and averaged human ratings tie
# exactly in exact arithmetic; a sum in another order can break such a tie by one ulp, which
# changes a rank coefficient. So the count-matrix path serves Pearson only (and any coefficient
# when only systems are drawn: then the means are each system's own row sums, as in a loop);
# otherwise rank coefficients take the gathered means (the same sums, in the same order).
def _filled(m: np.ndarray):
    present = ~np.isnan(m)
    return np.where(present, m, 0.0), present.astype(float)


def _ratio(num: np.ndarray, den: np.ndarray) -> np.ndarray:
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, num / np.where(den > 0, den, 1.0), np.nan)


def _gathered_means(m: np.ndarray, rows: np.ndarray, cols: np.ndarray) -> np.ndarray:
    """(R, S) means of the resampled matrices ``m[rows[k]][:, cols[k]]``: every system's mean
    over the drawn inputs (summed in the drawn order, as a loop does), then the drawn systems."""
    g = np.take(m, cols, axis=1)  # (systems, R, inputs)
    if np.isnan(m).any():
        with warnings.catch_warnings():  # a system whose drawn cells are all missing has no mean
            warnings.simplefilter("ignore", RuntimeWarning)
            means = np.nanmean(g, axis=2)
    else:
        means = g.mean(axis=2)
    return means.T[np.arange(rows.shape[0])[:, None], rows]


def _system_boot(a, b, h, rows, cols, method, unit) -> np.ndarray:
    n_res, n_inp = cols.shape
    if unit == "systems":  # every input kept: the drawn systems' own means (the loop's sums)
        with np.errstate(invalid="ignore"):
            means = [
                _ratio(_filled(m)[0].sum(axis=1), _filled(m)[1].sum(axis=1))[rows]
                for m in (a, b, h)
            ]
        return correlate_columns(means[0].T, means[2].T, method) - correlate_columns(
            means[1].T, means[2].T, method
        )
    counts = np.zeros((n_res, n_inp))
    np.add.at(counts, (np.arange(n_res)[:, None], cols), 1.0)  # how often each input was drawn
    present = _filled(h)[1]
    den = counts @ present.T  # (R, S) cells behind each mean
    take = (np.arange(n_res)[:, None], rows)
    mh = _ratio(counts @ _filled(h)[0].T, den)[take]
    out = []
    for m in (a, b):
        out.append(correlate_columns(_ratio(counts @ _filled(m)[0].T, den)[take].T, mh.T, method))
    return out[0] - out[1]


def _system_perm(a, b, h, swaps, unit, method) -> np.ndarray:
    (fa, present), (fb, _) = _filled(a), _filled(b)
    den = present.sum(axis=1)  # the same cells for A, B, H
    mh = np.broadcast_to(_ratio(_filled(h)[0].sum(axis=1), den), (swaps.shape[0], a.shape[0]))
    if unit == "systems":
        sw = swaps[:, :, 0]
        ma, mb = _ratio(fa.sum(axis=1), den), _ratio(fb.sum(axis=1), den)
        sa, sb = np.where(sw, mb, ma), np.where(sw, ma, mb)
    else:
        w = swaps[:, 0, :].astype(float) if unit == "inputs" else None
        moved = (
            w @ (fb - fa).T
            if unit == "inputs"  # (R, S): B - A summed over swapped cells
            else np.einsum("rsi,si->rs", swaps, fb - fa, dtype=float)
        )
        sa = _ratio(fa.sum(axis=1) + moved, den)
        sb = _ratio(fb.sum(axis=1) - moved, den)
    return correlate_columns(sa.T, mh.T, method) - correlate_columns(sb.T, mh.T, method)


def _p_value(test: str, observed: float, deltas: np.ndarray, alternative: str) -> Tuple[float, int]:
    valid = deltas[~np.isnan(deltas)]
    if not np.isfinite(observed) or valid.size == 0:
        return float("nan"), int(valid.size)
    tol = 1e-12 * max(1.0, abs(observed))
    if test == "boot":
        stat = valid - observed if alternative == "greater" else np.abs(valid - observed)
        ref = observed if alternative == "greater" else abs(observed)
        return float(np.sum(stat >= ref - tol) / valid.size), int(valid.size)
    stat = valid if alternative == "greater" else np.abs(valid)
    ref = observed if alternative == "greater" else abs(observed)
    return float((np.sum(stat >= ref - tol) + 1) / (deltas.size + 1)), int(valid.size)


#: The design of the resampled deltas, ``{keyword: default}``: declared once, by the signature
#: of :func:`resampled_deltas`, and taken as ``**design`` by the tests built on it (here and in
#: :mod:`evalkit.stats.distributed`).
DELTA_DESIGN = keyword_defaults(resampled_deltas, without=("seed",))


def correlation_difference_test(
    x_a, x_b, y, *, alternative: str = "greater", seed: SeedLike = 0, **design
) -> pd.DataFrame:
    """BOOT-* or PERM-* test of ``r(A, H) > r(B, H)`` (Deutsch et al. 2021).

    See the module docstring for the formulas of the p-values.

    Parameters
    ----------
    x_a, x_b, y : array_like, shape (n_systems, n_inputs)
        Metric A, metric B and the human scores.
    alternative : {"greater", "two-sided"}, default "greater"
        H1: A correlates better than B, or differently.
    seed : int or numpy.random.Generator, default 0
    **design
        ``test, unit, level, method, n_resamples``: the design, as (and with the defaults of)
        :func:`resampled_deltas` (:data:`DELTA_DESIGN`).

    Returns
    -------
    pandas.DataFrame
        One row: ``test, unit, level, method, r_a, r_b, delta, p_value, alternative,
        n_resamples, n_valid`` (``n_valid``: resamples with a defined delta).

    Examples
    --------
    A metric built from the human scores against pure noise: with R = 99 permutations the
    smallest possible p-value is 1 / (R + 1).

    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import correlation_difference_test
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(8, 20))
    >>> a, b = h + rng.normal(size=h.shape), rng.normal(size=h.shape)
    >>> row = correlation_difference_test(a, b, h, test="perm", n_resamples=99).iloc[0]
    >>> bool(row.delta > 0), float(row.p_value)
    (True, 0.01)
    """
    (design,) = split_options("correlation_difference_test", design, DELTA_DESIGN)
    check_difference_design(alternative=alternative, **design)
    observed, deltas = resampled_deltas(x_a, x_b, y, seed=seed, **design)
    del design["n_resamples"]  # the result counts the deltas
    return difference_test_result(x_a, x_b, y, observed, deltas, alternative=alternative, **design)


#: The design of a difference test: :data:`DELTA_DESIGN` and ``alternative``.
DESIGN = {**DELTA_DESIGN, **keyword_defaults(correlation_difference_test, without=("seed",))}


def difference_test_result(
    x_a,
    x_b,
    y,
    observed: float,
    deltas: np.ndarray,
    *,
    test: str,
    unit: str,
    level: str,
    method: str,
    alternative: str = "greater",
) -> pd.DataFrame:
    """The one-row result of :func:`correlation_difference_test` from resampled deltas.

    Lets the deltas come from :func:`resampled_deltas` or from blocks of it computed elsewhere
    (:mod:`evalkit.stats.distributed`).

    Parameters
    ----------
    x_a, x_b, y : array_like, shape (n_systems, n_inputs)
        Metric A, metric B and the human scores (for ``r_a`` and ``r_b``).
    observed : float
        The observed delta.
    deltas : array_like, shape (R,)
        The resampled deltas (NaN for undefined resamples).
    test, unit, level, method : str
        The design that produced ``deltas`` (checked as in :func:`resampled_deltas`).
    alternative : {"greater", "two-sided"}, default "greater"

    Returns
    -------
    pandas.DataFrame
        As :func:`correlation_difference_test`.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import (
    ...     correlation_difference_test, difference_test_result, equal_correlation_metrics,
    ...     resampled_deltas)
    >>> a, b, h = equal_correlation_metrics(5, 8, seed=2)
    >>> kw = dict(test="boot", unit="inputs", level="summary", method="pearson")
    >>> delta, deltas = resampled_deltas(a, b, h, n_resamples=50, seed=4, **kw)
    >>> mine = difference_test_result(a, b, h, delta, deltas, **kw)
    >>> mine.equals(correlation_difference_test(a, b, h, n_resamples=50, seed=4, **kw))
    True
    """
    deltas = np.asarray(deltas, dtype=float)
    check_difference_design(test, unit, level, method, deltas.shape[0], alternative)
    a, b, h = _matrices(x_a, x_b, y)
    p, n_valid = _p_value(test, observed, deltas, alternative)
    return pd.DataFrame(
        [
            {
                "test": test,
                "unit": unit,
                "level": level,
                "method": method,
                "r_a": level_correlation(a, h, level, method)[0],
                "r_b": level_correlation(b, h, level, method)[0],
                "delta": observed,
                "p_value": p,
                "alternative": alternative,
                "n_resamples": deltas.shape[0],
                "n_valid": n_valid,
            }
        ]
    )


def permutation_test(
    x_a,
    x_b,
    y,
    *,
    level: str = "system",
    method: str = "pearson",
    unit: str = "both",
    n_resamples: int = 1000,
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """One-sided PERM-``unit`` test of ``r(A, H) > r(B, H)``.

    The interface evalkit had before the general :func:`correlation_difference_test`, with its
    defaults (system level, Pearson).

    Parameters
    ----------
    x_a, x_b, y : array_like, shape (n_systems, n_inputs)
        Metric A, metric B and the human scores.
    level : {"system", "summary", "global"}, default "system"
    method : str, default "pearson"
    unit : {"systems", "inputs", "both"}, default "both"
    n_resamples : int, default 1000
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    pandas.DataFrame
        One row: ``level, method, unit, r_a, r_b, delta, n_resamples, p_value``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import permutation_test
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(8, 5))
    >>> out = permutation_test(h + rng.normal(scale=0.1, size=h.shape), rng.normal(size=h.shape), h,
    ...                        n_resamples=99)
    >>> float(out.loc[0, "p_value"])
    0.01
    """
    out = correlation_difference_test(
        x_a,
        x_b,
        y,
        test="perm",
        unit=unit,
        level=level,
        method=method,
        n_resamples=n_resamples,
        seed=seed,
    )
    return out[["level", "method", "unit", "r_a", "r_b", "delta", "n_resamples", "p_value"]]


# --------------------------------------------------------------------------- many metrics
def _metric_matrices(
    scores: pd.DataFrame,
    judgments: pd.DataFrame,
    judgment: Optional[str],
    metrics: Optional[Sequence[str]],
) -> Tuple[Dict[str, np.ndarray], np.ndarray]:
    if judgment is None:
        levels = sorted(judgments["judgment"].unique()) if "judgment" in judgments else []
        if len(levels) != 1:
            raise ParameterError("judgment", None, f"one of {levels}")
        judgment = levels[0]
    names = list(metrics) if metrics is not None else sorted(scores["metric"].unique())
    if len(names) < 2:
        raise ParameterError("metrics", names, "at least two metrics")
    mats, human = {}, None
    for name in names:
        x, y = score_matrices(scores, judgments, name, judgment)
        if human is None:
            human, index = y, (x.index, x.columns)
        elif not (x.index.equals(index[0]) and x.columns.equals(index[1])):
            x = x.reindex(index=index[0], columns=index[1])
        mats[name] = x.to_numpy(float)
    return mats, human.to_numpy(float)


def as_matrices(metrics_or_scores, human_or_judgments, judgment=None, metrics=None):
    """Metric matrices and the human matrix from either input form of the tests.

    Parameters
    ----------
    metrics_or_scores : pandas.DataFrame or mapping of str to array_like
        A long score frame ``instance|segment, system|summarizer, metric, value``, or a mapping
        ``{metric: (systems x inputs) matrix}``; anything else raises
        :class:`~evalkit.errors.ParameterError`.
    human_or_judgments : pandas.DataFrame or array_like
        With a score frame: the long judgment frame ``instance, system, judgment, value``; with
        a mapping: the human (systems x inputs) matrix.
    judgment : str, optional
        Which judgment of the frame (needed when it holds more than one).
    metrics : sequence of str, optional
        Keep only these metrics; fewer than two left raises ``ParameterError``.

    Returns
    -------
    mats : dict of str to numpy.ndarray
        ``{metric: (systems x inputs) matrix}``, aligned with the human matrix.
    human : numpy.ndarray
        The human (systems x inputs) matrix.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.difference_tests import as_matrices
    >>> scores = pd.DataFrame({"instance": "d1", "system": ["A", "B", "A", "B"],
    ...                        "metric": ["m1", "m1", "m2", "m2"], "value": [1.0, 2.0, 3.0, 4.0]})
    >>> human = pd.DataFrame({"instance": "d1", "system": ["A", "B"], "judgment": "h",
    ...                       "value": [5.0, 6.0]})
    >>> mats, h = as_matrices(scores, human)
    >>> {k: v.tolist() for k, v in mats.items()}, h.tolist()
    ({'m1': [[1.0], [2.0]], 'm2': [[3.0], [4.0]]}, [[5.0], [6.0]])
    """
    if isinstance(metrics_or_scores, pd.DataFrame) and "metric" in metrics_or_scores.columns:
        return _metric_matrices(metrics_or_scores, human_or_judgments, judgment, metrics)
    if not isinstance(metrics_or_scores, Mapping):
        raise ParameterError(
            "scores",
            type(metrics_or_scores).__name__,
            "a long score frame (metric, value, ...) or a mapping {metric: matrix}",
        )
    mats = {
        str(k): np.asarray(v, dtype=float)
        for k, v in metrics_or_scores.items()
        if metrics is None or k in metrics
    }
    if len(mats) < 2:
        raise ParameterError("metrics", list(mats), "at least two metrics")
    return mats, np.asarray(human_or_judgments, dtype=float)


def noisy_metrics(
    shape: Tuple[int, int], noise: Mapping[str, float], seed: SeedLike = 0
) -> Tuple[Dict[str, np.ndarray], np.ndarray]:
    """Toy inputs of the difference tests: a human matrix and metrics that are it plus noise.

    The human (systems x inputs) matrix is drawn from N(0, 1); metric ``m`` is that matrix
    plus N(0, ``noise[m]``^2) noise, drawn in ``noise``'s order from the same generator (the
    less noise, the higher the metric's correlation with the humans).

    Parameters
    ----------
    shape : (int, int)
        Systems x inputs.
    noise : mapping of str to float
        Each metric's noise scale (>= 0).
    seed : int or numpy Generator, default 0
        Same shape, noise and seed, same matrices.

    Returns
    -------
    mats : dict of str to numpy.ndarray
        ``{metric: (systems x inputs) matrix}``, as :func:`as_matrices` returns them.
    human : numpy.ndarray
        The human matrix.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import noisy_metrics
    >>> mats, h = noisy_metrics((3, 4), {"exact": 0.0, "noisy": 1.0})
    >>> h.shape, bool((mats["exact"] == h).all()), bool((mats["noisy"] == h).all())
    ((3, 4), True, False)
    """
    rng = rng_from_seed(seed)
    human = rng.normal(size=shape)
    return {m: human + rng.normal(scale=e, size=human.shape) for m, e in noise.items()}, human


def compare_metrics(
    scores,
    judgments,
    *,
    judgment: Optional[str] = None,
    metrics: Optional[Sequence[str]] = None,
    seed: SeedLike = 0,
    **design,
) -> pd.DataFrame:
    """:func:`correlation_difference_test` for every ordered pair of metrics (A, B), A != B.

    Every pair uses the same seed (common random numbers).

    Parameters
    ----------
    scores : pandas.DataFrame or mapping of str to array_like
        A long frame ``instance|segment, system|summarizer, metric, value`` (as
        :func:`evalkit.stats.correlation.correlate`), or ``{metric: (systems x inputs) matrix}``
        (:func:`as_matrices`).
    judgments : pandas.DataFrame or array_like
        The long judgment frame, or the human matrix beside a mapping.
    judgment : str, optional
        Which judgment of the frame (needed when it holds more than one).
    metrics : sequence of str, optional
        Compare only these (at least two).
    seed : int or numpy.random.Generator, default 0
    **design
        ``test, unit, level, method, n_resamples, alternative``, as in (and with the defaults
        of) :func:`correlation_difference_test`.

    Returns
    -------
    pandas.DataFrame
        One row per ordered pair: ``metric_a, metric_b`` and the columns of
        :func:`correlation_difference_test` (``p_value`` of "A > B").

    Examples
    --------
    >>> from evalkit.stats.difference_tests import compare_metrics, noisy_metrics
    >>> mats, h = noisy_metrics((8, 20), {"good": 0.5, "bad": 3.0})
    >>> out = compare_metrics(mats, h, level="summary", method="pearson", n_resamples=99)
    >>> out[["metric_a", "metric_b", "p_value"]].round(3).values.tolist()
    [['good', 'bad', 0.01], ['bad', 'good', 1.0]]
    """
    (design,) = split_options("compare_metrics", design, DESIGN)
    design["n_resamples"] = check_difference_design(**design)
    mats, human = as_matrices(scores, judgments, judgment, metrics)
    rows = [
        correlation_difference_test(a, b, human, seed=seed, **design).assign(
            metric_a=name_a, metric_b=name_b
        )
        for name_a, a in mats.items()
        for name_b, b in mats.items()
        if name_a != name_b
    ]
    return pair_frame(rows)


def pair_frame(rows: Sequence[pd.DataFrame]) -> pd.DataFrame:
    """One-row test results of metric pairs in one frame, ``metric_a, metric_b`` first.

    Parameters
    ----------
    rows : sequence of pandas.DataFrame
        Results with ``metric_a`` and ``metric_b`` columns.

    Returns
    -------
    pandas.DataFrame
        The rows in order, columns ``metric_a, metric_b`` and then the others.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.difference_tests import pair_frame
    >>> row = pd.DataFrame({"p_value": [0.5], "metric_a": ["x"], "metric_b": ["y"]})
    >>> pair_frame([row, row]).columns.tolist(), len(pair_frame([row, row]))
    (['metric_a', 'metric_b', 'p_value'], 2)
    """
    out = pd.concat(rows, ignore_index=True)
    first = ["metric_a", "metric_b"]
    return out[first + [c for c in out.columns if c not in first]]


def assign_ranks(p_values, alpha: float = 0.05) -> list:
    """Cluster ranks from a significance matrix (mt-metrics-eval ``AssignRanks``).

    Walking down the metrics sorted by decreasing correlation, metric j opens a new rank when
    any metric between the first of the current rank and j - 1 beats it (``p <= alpha``).

    Parameters
    ----------
    p_values : array_like, shape (k, k)
        ``p_values[i, j]`` (i < j) is the p-value of "metric i correlates better than metric
        j"; only the upper triangle is read. Not square: :class:`~evalkit.errors.ParameterError`.
    alpha : float, default 0.05
        In (0, 1).

    Returns
    -------
    list of int
        The rank of each metric, 1 for the best cluster, non-decreasing.

    Examples
    --------
    Metric 0 does not beat metric 1 (p = .5) but beats metric 2 (p = .01):

    >>> from evalkit.stats.difference_tests import assign_ranks
    >>> assign_ranks([[1, .5, .01], [1, 1, .2], [1, 1, 1]], 0.05)
    [1, 1, 2]
    """
    p = np.asarray(p_values, dtype=float)
    if p.ndim != 2 or p.shape[0] != p.shape[1]:
        raise ParameterError("p_values", p.shape, "a square matrix")
    alpha = check_probability("alpha", alpha)
    ranks, rank, start = [], 1, 0
    for j in range(p.shape[0]):
        if np.any(p[start:j, j] <= alpha):
            rank += 1
            start = j
        ranks.append(rank)
    return ranks


def significance_clusters(
    scores,
    judgments,
    *,
    judgment: Optional[str] = None,
    metrics: Optional[Sequence[str]] = None,
    alpha: float = 0.05,
    seed: SeedLike = 0,
    **design,
) -> pd.DataFrame:
    """Rank a set of metrics into significance clusters (see the module docstring).

    Only the pairs the ranking needs are tested: each metric against every lower-correlating
    one, one-sided.

    Parameters
    ----------
    scores, judgments, judgment, metrics
        As in :func:`compare_metrics`.
    alpha : float, default 0.05
        In (0, 1).
    seed : int or numpy.random.Generator, default 0
    **design
        ``test, unit, level, method, n_resamples``, as in :func:`correlation_difference_test`
        (the tests are one-sided).

    Returns
    -------
    pandas.DataFrame
        One row per metric, best first: ``metric, r, rank, beaten_by`` (the higher-ranked
        metrics that beat it at ``alpha``).

    Examples
    --------
    Two metrics close to the humans and one far from them:

    >>> from evalkit.stats.difference_tests import noisy_metrics, significance_clusters
    >>> mats, h = noisy_metrics((8, 20), {"close1": 0.5, "close2": 0.5, "far": 3.0})
    >>> out = significance_clusters(mats, h, method="pearson", n_resamples=99)
    >>> out.sort_values("metric")[["metric", "rank"]].values.tolist()
    [['close1', 1], ['close2', 1], ['far', 2]]
    """
    (design,) = split_options("significance_clusters", design, DELTA_DESIGN)
    design["n_resamples"] = check_difference_design(**design)
    alpha = check_probability("alpha", alpha)
    mats, human, corr, pairs = ranking_inputs(scores, judgments, judgment, metrics, design)
    p = {
        (better, worse): correlation_difference_test(
            mats[better], mats[worse], human, seed=seed, **design
        ).loc[0, "p_value"]
        for better, worse in pairs
    }
    return ranked_clusters(corr, p, alpha)


def ranking_inputs(scores, judgments, judgment, metrics, design) -> tuple:
    """What a significance ranking starts from, local or on a cluster.

    Parameters
    ----------
    scores, judgments, judgment, metrics
        As in :func:`compare_metrics`.
    design : dict
        The design of :func:`correlation_difference_test` (its ``level`` and ``method``).

    Returns
    -------
    tuple
        ``(matrices, human, correlations, pairs)``: the metrics' and humans' score matrices,
        each metric's correlation with the humans, and the ``(better, worse)`` pairs the
        ranking tests (:func:`ranking_pairs` of :func:`cluster_order`).

    Examples
    --------
    >>> from evalkit.stats.difference_tests import noisy_metrics, ranking_inputs
    >>> mats, h = noisy_metrics((8, 20), {"near": 0.5, "far": 3.0})
    >>> design = {"level": "system", "method": "pearson"}
    >>> ranking_inputs(mats, h, None, None, design)[3]
    [('near', 'far')]
    """
    mats, human = as_matrices(scores, judgments, judgment, metrics)
    corr = metric_correlations(mats, human, design["level"], design["method"])
    return mats, human, corr, ranking_pairs(cluster_order(corr))


def ranking_pairs(order: Sequence[str]) -> list:
    """The pairs a significance ranking tests: each item against every later one.

    Parameters
    ----------
    order : sequence of str
        Items best first (:func:`cluster_order`).

    Returns
    -------
    list of (str, str)
        ``(better, worse)`` pairs, in order.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import ranking_pairs
    >>> ranking_pairs(["x", "y", "z"])
    [('x', 'y'), ('x', 'z'), ('y', 'z')]
    """
    return [(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]


def metric_correlations(
    mats: Mapping[str, np.ndarray], human, level: str, method: str
) -> Dict[str, float]:
    """Each metric's correlation with the humans at one level.

    Parameters
    ----------
    mats : mapping of str to numpy.ndarray
        ``{metric: (systems x inputs) matrix}``.
    human : array_like, shape (n_systems, n_inputs)
    level : {"system", "summary", "global"}
    method : str
        One of :data:`~evalkit.stats.correlation.COEFFICIENTS`.

    Returns
    -------
    dict of str to float
        ``{metric: r(metric, human)}`` on the cells a metric shares with the humans.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import metric_correlations
    >>> h = np.array([[1.0, 2.0], [2.0, 3.0], [3.0, 5.0]])
    >>> metric_correlations({"same": h, "reversed": -h}, h, "system", "pearson")
    {'same': 1.0, 'reversed': -1.0}
    """
    return {
        name: level_correlation(*_matrices(m, m, human)[::2], level, method)[0]
        for name, m in mats.items()
    }


def cluster_order(values: Mapping[str, float]) -> list:
    """Names sorted best first: decreasing value, undefined (NaN) last, ties by name.

    Parameters
    ----------
    values : mapping of str to float
        A correlation per metric, or a score per system.

    Returns
    -------
    list of str
        The names, best first.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import cluster_order
    >>> cluster_order({"b": 0.5, "a": 0.5, "c": float("nan"), "d": 0.9})
    ['d', 'a', 'b', 'c']
    """
    return sorted(values, key=lambda k: (-np.nan_to_num(values[k], nan=-np.inf), k))


def ranked_clusters(
    values: Mapping[str, float],
    p_values: Mapping[Tuple[str, str], float],
    alpha: float = 0.05,
    columns: Tuple[str, str] = ("metric", "r"),
) -> pd.DataFrame:
    """Significance clusters of the items of ``values`` from pairwise p-values.

    Parameters
    ----------
    values : mapping of str to float
        A correlation per metric, or a score per system.
    p_values : mapping of (str, str) to float
        ``p_values[(better, worse)]``: the p-value of "better beats worse", for every pair in
        :func:`cluster_order` order (a missing pair raises
        :class:`~evalkit.errors.ParameterError`).
    alpha : float, default 0.05
        In (0, 1).
    columns : (str, str), default ("metric", "r")
        Names of the first two output columns.

    Returns
    -------
    pandas.DataFrame
        Best first: ``columns[0], columns[1], rank, beaten_by`` (ranks of :func:`assign_ranks`).

    Examples
    --------
    >>> from evalkit.stats.difference_tests import ranked_clusters
    >>> p = {("x", "y"): 0.3, ("x", "z"): 0.01, ("y", "z"): 0.04}
    >>> out = ranked_clusters({"x": 0.9, "y": 0.8, "z": 0.2}, p, columns=("system", "score"))
    >>> out[["system", "rank", "beaten_by"]].values.tolist()
    [['x', 1, []], ['y', 1, []], ['z', 2, ['x', 'y']]]
    """
    alpha = check_probability("alpha", alpha)
    order = cluster_order(values)
    k = len(order)
    p = np.ones((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            if (order[i], order[j]) not in p_values:
                raise ParameterError(
                    "p_values",
                    f"no test of {order[i]!r} against {order[j]!r}",
                    "a p-value for every pair in cluster_order(values)",
                )
            p[i, j] = p_values[(order[i], order[j])]
    ranks = assign_ranks(p, alpha)
    return pd.DataFrame(
        {
            columns[0]: order,
            columns[1]: [values[m] for m in order],
            "rank": ranks,
            "beaten_by": [[order[i] for i in range(j) if p[i, j] <= alpha] for j in range(k)],
        }
    )


# --------------------------------------------------------------------------- calibration
def equal_correlation_metrics(
    n_systems: int, n_inputs: int, *, noise: float = 1.0, system_sd: float = 1.0, seed: SeedLike = 0
):
    """Human scores and two metrics with the same true correlation with them.

    ``H = q_s + e_si`` (system quality ``q_s ~ N(0, system_sd²)``, ``e ~ N(0, 1)``) and
    ``A = H + u``, ``B = H + v`` with independent ``u, v ~ N(0, noise²)``: A and B are
    exchangeable, so every level correlation of A and of B with H has the same expectation and
    a difference test should reject at about its nominal level.

    Parameters
    ----------
    n_systems : int
        >= 3.
    n_inputs : int
        >= 1.
    noise : float, default 1.0
        Standard deviation of the metrics' noise.
    system_sd : float, default 1.0
        Standard deviation of the system qualities.
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    A, B, H : numpy.ndarray, shape (n_systems, n_inputs)

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import equal_correlation_metrics
    >>> a, b, h = equal_correlation_metrics(6, 10, seed=1)
    >>> a.shape, bool(np.array_equal(h, equal_correlation_metrics(6, 10, seed=1)[2]))
    ((6, 10), True)
    >>> a2, b2, h2 = equal_correlation_metrics(6, 10, noise=0, seed=1)
    >>> bool(np.array_equal(a2, h2) and np.array_equal(b2, h2))
    True
    """
    n_systems = check_int("n_systems", n_systems, minimum=3)
    n_inputs = check_int("n_inputs", n_inputs, minimum=1)
    rng = rng_from_seed(seed)
    h = rng.normal(scale=system_sd, size=(n_systems, 1)) + rng.normal(size=(n_systems, n_inputs))
    return (h + rng.normal(scale=noise, size=h.shape), h + rng.normal(scale=noise, size=h.shape), h)


def type1_error_rates(
    *,
    n_systems: int = 10,
    n_inputs: int = 20,
    n_replications: int = 200,
    tests: Sequence[str] = TESTS,
    units: Sequence[str] = RESAMPLING_UNITS,
    level: str = "system",
    method: str = "pearson",
    n_resamples: int = 200,
    alpha: float = 0.05,
    noise: float = 1.0,
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """Calibration check of the difference tests on metrics of equal true correlation.

    How often each test rejects "A > B" at ``alpha`` over replications of
    :func:`equal_correlation_metrics`. A calibrated one-sided test has ``rate`` near ``alpha``.

    Parameters
    ----------
    n_systems, n_inputs : int, default 10 and 20
        Size of each simulated data set.
    n_replications : int, default 200
        Simulated data sets.
    tests : sequence of str, default ("boot", "perm")
    units : sequence of str, default ("systems", "inputs", "both")
    level : str, default "system"
    method : str, default "pearson"
    n_resamples : int, default 200
        Resamples per test.
    alpha : float, default 0.05
    noise : float, default 1.0
        As in :func:`equal_correlation_metrics`.
    seed : int or numpy.random.Generator, default 0
        Seeds the data sets and the tests.

    Returns
    -------
    pandas.DataFrame
        One row per (test, unit): ``test, unit, level, method, rejections, replications, rate,
        ci_low, ci_high`` (Wilson interval of the rate).

    Examples
    --------
    >>> from evalkit.stats.difference_tests import type1_error_rates
    >>> rates = type1_error_rates(n_systems=5, n_inputs=6, n_replications=4, tests=["perm"],
    ...                           units=["both"], n_resamples=19)
    >>> rates[["test", "unit", "replications"]].values.tolist()
    [['perm', 'both', 4]]
    >>> bool(0 <= rates.loc[0, "ci_low"] <= rates.loc[0, "rate"] <= rates.loc[0, "ci_high"] <= 1)
    True
    """
    from evalkit.stats.multiplicity import binomial_ci

    n_replications = check_int("n_replications", n_replications)
    alpha = check_probability("alpha", alpha)
    rng = rng_from_seed(seed)
    seeds = rng.integers(2**31, size=(n_replications, 2))
    counts = {(t, u): 0 for t in tests for u in units}
    for data_seed, test_seed in seeds:
        a, b, h = equal_correlation_metrics(n_systems, n_inputs, noise=noise, seed=int(data_seed))
        for t, u in counts:
            p = correlation_difference_test(
                a,
                b,
                h,
                test=t,
                unit=u,
                level=level,
                method=method,
                n_resamples=n_resamples,
                seed=int(test_seed),
            ).loc[0, "p_value"]
            counts[(t, u)] += bool(p <= alpha)
    ci = binomial_ci(np.array(list(counts.values())), n_replications, method="wilson")
    return pd.DataFrame(
        {
            "test": [t for t, _ in counts],
            "unit": [u for _, u in counts],
            "level": level,
            "method": method,
            "rejections": ci["successes"],
            "replications": n_replications,
            "rate": ci["proportion"],
            "ci_low": ci["ci_low"],
            "ci_high": ci["ci_high"],
        }
    )


# the design keywords each function forwards, shown in its signature (declared once)
show_options(correlation_difference_test, DELTA_DESIGN)
show_options(compare_metrics, DESIGN)
show_options(significance_clusters, DELTA_DESIGN)
