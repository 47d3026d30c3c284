"""Kendall's tau variants, pairwise accuracy and tie calibration (mt-metrics-eval's measures).

Every statistic here is a function of five pair counts over the ``n0 = n(n-1)/2`` pairs of
items of a metric vector ``x`` and a human vector ``y`` (:func:`concordance_counts`):
``C`` concordant, ``D`` discordant, ``T_x`` tied in the metric only, ``T_y`` tied in the
humans only, ``T_xy`` tied in both. A metric pair counts as tied when
``|x_i - x_j| <= epsilon`` (``epsilon = 0``: exact ties)::

    tau_a   = (C - D) / n0                                               Kendall (1938)
    tau_b   = (C - D) / sqrt((n0 - t_x)(n0 - t_y)),  t_x = T_x + T_xy, t_y = T_y + T_xy
    tau_c   = 2 (C - D) / (n^2 (m - 1) / m),  m = min(#distinct x, #distinct y)   (Stuart)
    tau_eq  = (C + T_xy - D - T_x - T_y) / n0        mtme variant "23"  (Deutsch et al. 2023)
    acc_eq  = (C + T_xy) / n0                        mtme variant "acc23" (Deutsch et al. 2023)

all in [-1, 1] (``acc_eq`` in [0, 1]). ``acc_eq`` at ``epsilon = 0`` over system pairs is the
pairwise (system-ranking) accuracy of Kocmi et al. (2021), "To Ship or Not to Ship", as
mt-metrics-eval computes it (``sign(dx) == sign(dy)``: a pair tied on both sides agrees).

**Tie calibration** (Deutsch, Foster & Freitag 2023, "Ties Matter", EMNLP, Sec. 5): metrics
rarely produce exact ties while humans often do, so ``epsilon`` is chosen to maximize
``acc_eq`` (or ``tau_eq``) and reported with it. :func:`tie_calibration` searches *every*
candidate threshold exactly (each distinct ``|x_i - x_j|``, plus 0) with one sort and a
cumulative sum (mt-metrics-eval samples candidates with ``sample_rate``; the maximum found
here is never lower). With groups (``average_by="item"``: per segment, then averaged) one
threshold is shared by all groups, as in the paper.

Why our own code: scipy's :func:`scipy.stats.kendalltau` returns tau-b/tau-c of one pair of
vectors per call. Meta-evaluation correlates thousands of short columns (every input of every
resample), so the counts are computed here for all columns at once from the pair sign arrays
(``sign(x_i - x_j)`` for the ``n0`` pairs), and for long vectors (``n > 1000``) from scipy's
O(n log n) tau-b plus tie counts. Tested against scipy and brute-force pair loops.

References:

* Kendall, M. G. (1938). A new measure of rank correlation. Biometrika 30(1/2), 81-93.
* Deutsch, D., Foster, G., & Freitag, M. (2023). Ties matter: meta-evaluating modern metrics
  with pairwise accuracy and tie calibration. EMNLP 2023.
* Kocmi, T., Federmann, C., Grundkiewicz, R., Junczys-Dowmunt, M., Matsushita, H., &
  Menezes, A. (2021). To ship or not to ship: an extensive evaluation of automatic metrics
  for machine translation. WMT 2021.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats._shared import paired_columns
from evalkit.stats.validation import SYSTEM_COLUMNS, check_choice, check_columns, pick_column

__all__ = [
    "KENDALL_METHODS",
    "concordance_counts",
    "kendall_columns",
    "kendall_tau",
    "tie_calibration",
    "pairwise_accuracy",
]

#: correlation-method name -> tau variant (the names :func:`evalkit.stats.correlation.correlate_columns` takes)
KENDALL_METHODS = {
    "kendall": "b",
    "kendall_a": "a",
    "kendall_c": "c",
    "tau_eq": "23",
    "acc_eq": "acc23",
}
VARIANTS = ("a", "b", "c", "23", "acc23")
_PAIRWISE_MAX = 1000  # above this many items per column, counts come from scipy's tau-b
_CHUNK = 1 << 21  # pair-sign elements per chunk


def _signs(v: np.ndarray, epsilon: float = 0.0) -> np.ndarray:
    """``sign(v_j - v_i)`` (0 where ``|v_j - v_i| <= epsilon``) for every pair i < j of rows:
    int8 array (pairs, columns), built from contiguous row slices."""
    n = v.shape[0]
    out = np.empty((n * (n - 1) // 2, v.shape[1]), dtype=np.int8)
    pos = 0
    for i in range(n - 1):
        d = v[i + 1 :] - v[i]
        k = n - 1 - i
        np.subtract(
            (d > epsilon).view(np.int8), (d < -epsilon).view(np.int8), out=out[pos : pos + k]
        )
        pos += k
    return out


def _counts_pairwise(x: np.ndarray, y: np.ndarray, epsilon: float) -> np.ndarray:
    """Counts from the pair sign arrays: with ``p = dx * dy``, ``C - D = sum p``,
    ``C + D = sum |p|``, ``t_x = n0 - sum |dx|``, ``t_y = n0 - sum |dy|`` and
    ``T_xy = n0 - sum |dx| - sum |dy| + sum |p|``."""
    n, m = x.shape
    n0 = n * (n - 1) // 2
    out = np.empty((5, m), dtype=np.int64)
    step = max(1, _CHUNK // max(n0, 1))
    for lo in range(0, m, step):
        hi = min(m, lo + step)
        dx = _signs(x[:, lo:hi], epsilon)
        dy = _signs(y[:, lo:hi])
        prod = dx * dy
        s = prod.sum(axis=0, dtype=np.int64)
        a = np.abs(prod).sum(axis=0, dtype=np.int64)
        ax = np.abs(dx).sum(axis=0, dtype=np.int64)
        ay = np.abs(dy).sum(axis=0, dtype=np.int64)
        txy = n0 - ax - ay + a
        out[:, lo:hi] = [(a + s) // 2, (a - s) // 2, n0 - ax - txy, n0 - ay - txy, txy]
    return out


def _tied_pairs(v: np.ndarray) -> int:
    _, k = np.unique(v, return_counts=True)
    return int((k * (k - 1) // 2).sum())


def _counts_long(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """Counts of one long column pair from scipy's tau-b and the tie counts:
    ``C - D = tau_b sqrt((n0 - t_x)(n0 - t_y))`` and ``C + D = n0 - t_x - t_y + T_xy``."""
    n = len(x)
    n0 = n * (n - 1) // 2
    tx, ty = _tied_pairs(x), _tied_pairs(y)
    txy = _tied_pairs(np.unique(np.column_stack([x, y]), axis=0, return_inverse=True)[1].ravel())
    both = n0 - tx - ty + txy
    if tx == n0 or ty == n0:
        diff = 0
    else:
        tau = sps.kendalltau(x, y, variant="b")[0]
        diff = int(round(tau * np.sqrt(float(n0 - tx) * float(n0 - ty))))
    c = (both + diff) // 2
    return np.array([c, both - c, tx - txy, ty - txy, txy], dtype=np.int64)


def concordance_counts(x, y, epsilon: float = 0.0) -> np.ndarray:
    """Pair counts ``(C, D, T_x, T_y, T_xy)`` of every column of ``x`` against ``y``.

    Over the ``n(n-1)/2`` pairs of items of each column: concordant, discordant, tied in the
    metric only, tied in the humans only, tied in both.

    Parameters
    ----------
    x : array_like, shape (n,) or (n, m)
        Metric scores, no NaN (drop missing cells first; NaN raises
        :class:`~evalkit.errors.ParameterError`); a 1-D array is one column.
    y : array_like, same shape as ``x``
        Human scores, no NaN.
    epsilon : float, default 0.0
        A metric pair is tied when ``|x_i - x_j| <= epsilon``; finite and >= 0.

    Returns
    -------
    numpy.ndarray of int64, shape (5, m)
        Rows C, D, T_x, T_y, T_xy; each column sums to ``n(n-1)/2``.

    Examples
    --------
    Of the 6 pairs of four items: items 3 and 4 tie on both sides, (1, 2), (1, 3), (1, 4) are
    concordant, and (2, 3), (2, 4) discordant:

    >>> from evalkit.stats.kendall import concordance_counts
    >>> concordance_counts([1, 2, 3, 3], [1, 3, 2, 2]).ravel().tolist()
    [3, 2, 0, 0, 1]

    With ``epsilon=1`` the metric also ties (1, 2), (2, 3) and (2, 4):

    >>> concordance_counts([1, 2, 3, 3], [1, 3, 2, 2], epsilon=1).ravel().tolist()
    [2, 0, 3, 0, 1]
    """
    x, y = paired_columns(x, y)
    if not (np.isfinite(epsilon) and epsilon >= 0):
        raise ParameterError("epsilon", epsilon, "a finite number >= 0")
    if np.isnan(x).any() or np.isnan(y).any():
        raise ParameterError("x", "NaN values", "complete columns (drop missing cells first)")
    if x.shape[0] > _PAIRWISE_MAX and epsilon == 0:
        return np.column_stack([_counts_long(x[:, j], y[:, j]) for j in range(x.shape[1])])
    return _counts_pairwise(x, y, float(epsilon))


def _tau_b_long(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    return np.array([sps.kendalltau(x[:, j], y[:, j], variant="b")[0] for j in range(x.shape[1])])


def _distinct(v: np.ndarray) -> np.ndarray:
    s = np.sort(v, axis=0)
    return 1 + (np.diff(s, axis=0) != 0).sum(axis=0)


def kendall_columns(x, y, variant: str = "b", epsilon: float = 0.0) -> np.ndarray:
    """A Kendall tau variant of every column pair, from :func:`concordance_counts`.

    Parameters
    ----------
    x : array_like, shape (n,) or (n, m)
        Metric scores, complete (no NaN).
    y : array_like, same shape as ``x``
        Human scores, complete.
    variant : {"a", "b", "c", "23", "acc23"}, default "b"
        tau-a, tau-b, tau-c, ``tau_eq`` and ``acc_eq`` (formulas in the module docstring).
    epsilon : float, default 0.0
        Metric tie threshold; must be 0 with ``"c"`` (tau-c counts distinct values), else
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    numpy.ndarray, shape (m,)
        One value per column, in [-1, 1] (``acc23`` in [0, 1]); NaN where undefined: fewer than
        2 items, and for ``b``/``c`` a column that is constant on either side.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.kendall import kendall_columns
    >>> x = np.array([[1, 3], [2, 3], [3, 1], [4, 2], [5, 5]])
    >>> y = np.array([[2, 1], [1, 1], [3, 2], [5, 3], [4, 4]])
    >>> ref = [stats.kendalltau(x[:, j], y[:, j], variant="c")[0] for j in range(2)]
    >>> bool(np.allclose(kendall_columns(x, y, "c"), ref))
    True
    """
    check_choice("variant", variant, VARIANTS)
    if epsilon > 0 and variant == "c":
        raise ParameterError(
            "epsilon", epsilon, "0 with variant 'c' (tau-c counts distinct values)"
        )
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim == 1:
        x, y = x[:, None], y[:, None]
    n = x.shape[0]
    if n < 2:
        return np.full(x.shape[1], np.nan)
    if variant == "b" and n > _PAIRWISE_MAX and epsilon == 0:
        return _tau_b_long(x, y)  # scipy's O(n log n) tau-b directly
    c, d, tx, ty, txy = concordance_counts(x, y, epsilon).astype(float)
    n0 = n * (n - 1) / 2
    with np.errstate(invalid="ignore", divide="ignore"):
        if variant == "a":
            return (c - d) / n0
        if variant == "23":
            return (c + txy - d - tx - ty) / n0
        if variant == "acc23":
            return (c + txy) / n0
        if variant == "b":
            den = np.sqrt((n0 - tx - txy) * (n0 - ty - txy))
            out = (c - d) / den
            out[den == 0] = np.nan
            return np.clip(out, -1.0, 1.0)
        mins = np.minimum(_distinct(x), _distinct(y)).astype(float)
        out = 2 * (c - d) / (n**2 * (mins - 1) / mins)
        out[mins < 2] = np.nan
        return np.clip(out, -1.0, 1.0)


def kendall_tau(x, y, variant: str = "b", epsilon: float = 0.0) -> float:
    """Kendall's tau variant between a metric vector and a human vector.

    Items with a NaN on either side are left out.

    Parameters
    ----------
    x : array_like, shape (n,)
        Metric scores.
    y : array_like, shape (n,)
        Human scores (another length raises :class:`~evalkit.errors.ParameterError`).
    variant : {"a", "b", "c", "23", "acc23"}, default "b"
        As :func:`kendall_columns`.
    epsilon : float, default 0.0
        Metric tie threshold.

    Returns
    -------
    float
        The coefficient (NaN when undefined).

    Deutsch, D., Foster, G., & Freitag, M. (2023). Ties matter: meta-evaluating modern metrics
    with pairwise accuracy and tie calibration. EMNLP 2023.

    Examples
    --------
    One of the six pairs is discordant, so tau-a = (5 - 1) / 6:

    >>> from evalkit.stats.kendall import kendall_tau
    >>> round(kendall_tau([1, 2, 3, 4], [1, 3, 2, 4], "a"), 4)
    0.6667

    ``acc_eq`` counts agreeing pairs, a pair tied on both sides included: 4 of 6 here.

    >>> round(kendall_tau([1, 2, 2, 3], [1, 2, 2, 2], "acc23"), 4)
    0.6667
    """
    x = np.asarray(x, dtype=float).ravel()
    y = np.asarray(y, dtype=float).ravel()
    if x.shape != y.shape:
        raise ParameterError("y", y.shape, f"a vector as long as x {x.shape}")
    keep = ~(np.isnan(x) | np.isnan(y))
    return float(kendall_columns(x[keep], y[keep], variant, epsilon)[0])


# --------------------------------------------------------------------------- tie calibration
def _group_pairs(x: np.ndarray, y: np.ndarray, by: str):
    """Per-pair arrays (|dx|, concordant, human tie, weight) over the groups of ``by``."""
    if by == "none":
        cols = [(x.ravel(), y.ravel())]
    elif by == "item":
        cols = [(x[:, j], y[:, j]) for j in range(x.shape[1])]
    else:  # "sys"
        cols = [(x[i], y[i]) for i in range(x.shape[0])]
    groups = []
    for a, b in cols:
        keep = ~(np.isnan(a) | np.isnan(b))
        a, b = a[keep], b[keep]
        if len(a) >= 2:
            groups.append((a, b))
    if not groups:
        raise ParameterError("x", "no group with 2 complete items", "at least one group of 2 items")
    absdx, conc, htie, weight = [], [], [], []
    for a, b in groups:
        i, j = np.triu_indices(len(a), k=1)
        dx, dy = a[i] - a[j], b[i] - b[j]
        absdx.append(np.abs(dx))
        conc.append(np.sign(dx) * np.sign(dy) > 0)
        htie.append(dy == 0)
        weight.append(np.full(len(i), 1.0 / (len(i) * len(groups))))
    return (
        np.concatenate(absdx),
        np.concatenate(conc),
        np.concatenate(htie),
        np.concatenate(weight),
        len(groups),
    )


def tie_calibration(
    x, y, *, statistic: str = "acc_eq", average_by: str = "none", max_pairs: int = 20_000_000
) -> pd.DataFrame:
    """The tie threshold ``epsilon`` that maximizes ``acc_eq`` or ``tau_eq`` (Deutsch et al. 2023).

    Exact search: as epsilon grows past ``|dx|`` of a pair, that pair's contribution changes by
    ``[human tie] - [concordant]`` (``acc_eq``) or twice that (``tau_eq``), so sorting pairs by
    ``|dx|`` and taking a cumulative sum evaluates every candidate threshold at once.

    Parameters
    ----------
    x : array_like, shape (n,) or (n_systems, n_items)
        Metric scores; cells with a NaN on either side are left out.
    y : array_like, same shape as ``x``
        Human scores.
    statistic : {"acc_eq", "tau_eq"}, default "acc_eq"
    average_by : {"none", "item", "sys"}, default "none"
        For matrices: all cells pooled, per item across systems then averaged (mt-metrics-eval's
        segment-level "item" grouping), or per system across items. One threshold is shared by
        all groups.
    max_pairs : int, default 20_000_000
        The search holds every pair in memory (about 30 bytes each); more pairs raise
        :class:`~evalkit.errors.ParameterError` (group by item, or raise the limit).

    Returns
    -------
    pandas.DataFrame
        One row: ``statistic, value, epsilon, value_at_0, n_groups`` (the best value, the
        smallest threshold reaching it, the value at epsilon 0, the groups used).

    Examples
    --------
    The humans tie the first two items; treating metric differences up to 0.1 as ties makes
    every pair agree:

    >>> from evalkit.stats.kendall import tie_calibration
    >>> out = tie_calibration([0.1, 0.2, 0.9], [1, 1, 2])
    >>> out[["value", "epsilon"]].round(4).values.tolist(), round(float(out.loc[0, "value_at_0"]), 4)
    ([[1.0, 0.1]], 0.6667)
    """
    check_choice("statistic", statistic, ("acc_eq", "tau_eq"))
    check_choice("average_by", average_by, ("none", "item", "sys"))
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape:
        raise ParameterError("y", y.shape, f"an array of the same shape as x {x.shape}")
    if x.ndim == 1:
        x, y, average_by = x[None, :], y[None, :], "none"
    ok = ~(np.isnan(x) | np.isnan(y))
    counts = {"none": [ok.sum()], "item": ok.sum(axis=0), "sys": ok.sum(axis=1)}[average_by]
    n_pairs = int(sum(int(k) * (int(k) - 1) // 2 for k in counts))
    if n_pairs > max_pairs:
        raise ParameterError(
            "max_pairs",
            max_pairs,
            f"at least the {n_pairs} pairs of this search "
            f"(or average_by='item' / 'sys' for fewer pairs)",
        )
    absdx, conc, htie, w, n_groups = _group_pairs(x, y, average_by)
    scale = 1.0 if statistic == "acc_eq" else 2.0
    # at epsilon below every |dx| (exact ties only counted where dx == 0)
    base_tie = absdx == 0
    if statistic == "acc_eq":
        at0 = np.sum(w * np.where(base_tie, htie, conc))
    else:
        # C + T_xy - D - T_x - T_y: a tied metric pair scores +1 if the humans tie too, else -1;
        # an untied one +1 if concordant, else -1 (discordant or tied by the humans only)
        at0 = np.sum(w * np.where(base_tie, 2.0 * htie - 1, 2.0 * conc - 1))
    order = np.argsort(absdx, kind="stable")
    thresholds = absdx[order]
    delta = (w * scale * (htie.astype(float) - conc))[order]
    delta[thresholds == 0] = 0.0  # already tied at epsilon = 0
    values = at0 + np.cumsum(delta)
    last = np.r_[thresholds[1:] != thresholds[:-1], True]  # evaluate after all pairs of a threshold
    cand_t = np.r_[0.0, thresholds[last]]
    cand_v = np.r_[at0, values[last]]
    best = int(np.argmax(cand_v))  # the first maximum: the smallest such threshold
    return pd.DataFrame(
        [
            {
                "statistic": statistic,
                "value": float(cand_v[best]),
                "epsilon": float(cand_t[best]),
                "value_at_0": float(at0),
                "n_groups": n_groups,
            }
        ]
    )


# --------------------------------------------------------------------------- tidy front end
def pairwise_accuracy(
    scores: pd.DataFrame,
    human: pd.DataFrame,
    *,
    by: Optional[Sequence[str]] = None,
    metric_column: str = "metric",
) -> pd.DataFrame:
    """System-ranking (pairwise) accuracy of Kocmi et al. (2021), one row per metric.

    For every pair of systems within a group of ``by`` the metric agrees when
    ``sign(metric difference) == sign(human difference)``; accuracy pools all pairs of all
    groups (Kocmi et al. 2021, Sec. 3.1; mt-metrics-eval ``CompareMetricsWithPairwiseAccuracy``).

    Parameters
    ----------
    scores : pandas.DataFrame
        Long frame ``system|summarizer, metric, value[, by...]`` of system-level scores, one per
        system (and group) and metric.
    human : pandas.DataFrame
        ``system|summarizer, value[, by...]``: one human score per system (and group); the same
        systems as ``scores`` (else :class:`~evalkit.errors.ParameterError`).
    by : sequence of str, optional
        Grouping columns (e.g. ``["lp"]``: language pairs); pairs are formed within groups.
    metric_column : str, default "metric"

    Returns
    -------
    pandas.DataFrame
        ``metric, agree, pairs, accuracy`` (``accuracy = agree / pairs`` in [0, 1]).

    Examples
    --------
    The metric orders (a, b) and (a, c) as the humans do, and (b, c) the other way:

    >>> import pandas as pd
    >>> from evalkit.stats.kendall import pairwise_accuracy
    >>> s = pd.DataFrame({"system": list("abc"), "metric": "m", "value": [1.0, 2.0, 3.0]})
    >>> h = pd.DataFrame({"system": list("abc"), "value": [1.0, 3.0, 2.0]})
    >>> pairwise_accuracy(s, h)[["agree", "pairs"]].values.tolist()
    [[2, 3]]
    """
    by = list(by or [])
    sys_s = pick_column(scores, SYSTEM_COLUMNS, "scores")
    sys_h = pick_column(human, SYSTEM_COLUMNS, "human")
    check_columns(scores, [metric_column, "value", *by], "scores")
    check_columns(human, ["value", *by], "human")
    h = human.rename(columns={sys_h: "_sys", "value": "_human"})[["_sys", "_human", *by]]
    if h.duplicated(["_sys", *by]).any():
        raise ParameterError("human", "duplicate systems", "one human score per system (and group)")
    rows = []
    for metric, part in scores.groupby(metric_column, sort=True):
        m = part.rename(columns={sys_s: "_sys"})[["_sys", "value", *by]]
        if m.duplicated(["_sys", *by]).any():
            raise ParameterError("scores", metric, "one score per system (and group) and metric")
        merged = m.merge(h, on=["_sys", *by], how="outer", indicator=True)
        if (merged["_merge"] != "both").any():
            bad = merged[merged["_merge"] != "both"].iloc[0]
            raise ParameterError(
                "scores",
                f"{metric}: system {bad['_sys']!r}",
                "the same systems in scores and human (per group)",
            )
        agree = pairs = 0
        groups = merged.groupby(by, sort=True) if by else [(None, merged)]
        for _, g in groups:
            counts = concordance_counts(g["value"].to_numpy(float), g["_human"].to_numpy(float))[
                :, 0
            ]
            agree += int(counts[0] + counts[4])
            pairs += int(counts.sum())
        rows.append(
            {
                "metric": metric,
                "agree": agree,
                "pairs": pairs,
                "accuracy": agree / pairs if pairs else float("nan"),
            }
        )
    return pd.DataFrame(rows)
