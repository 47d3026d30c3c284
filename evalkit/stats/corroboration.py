"""Corroborating evaluation results with heterogeneous measures (Amigó, Gonzalo, Giménez &
Verdejo 2011): reliability, sensitivity, heterogeneity and reliability gain over pairs of
system outputs.

Over ordered pairs (s, s') of two different systems' outputs for the same input, both judged
by humans (Q) and scored by every measure x (higher = better)::

    R(X) = P( Q(s) > Q(s') | ∀x ∈ X: x(s) > x(s') )            reliability, in [0, 1]
    S(X) = P( ∀x ∈ X: x(s) > x(s') | Q(s) > Q(s') )            sensitivity, in [0, 1]
    H(X) = P( ∃x, x' ∈ X: x(s) > x(s') ∧ x'(s) < x'(s') )      heterogeneity, in [0, 1]
    R_th(x) = P( Q(s) > Q(s') | x(s) - x(s') > th ),  S_th(x) = P( x(s) - x(s') > th | Q(s) > Q(s') )
    gain(X) = R(X) - max{ R_th(x) : x ∈ X, S_th(x) matched to S(X) }

Estimators (the paper gives none): empirical frequencies over ordered pairs with
strict inequalities (a tie in Q is not an improvement; a tie in x breaks unanimity). H is
computed over pairs not involving a human reference output (g ≠ s ≠ s' ≠ g) when
``references`` names the systems that are references; R and S use all pairs. Matching equal
sensitivity: thresholds th ∈ {0} ∪ {distinct positive differences}; for each x keep the
thresholds with S_th(x) >= S(X) and the smallest S_th(x) - S(X), and take the highest R_th
among them ("we choose the highest reliability value").

Formal facts the tests check: H({x}) = 0; H never falls and S never rises when a measure is
added; everything is invariant under strictly increasing transformations of a measure;
R_0(x) = R({x}) and S_0(x) = S({x}); S_th(x) does not increase with th; and if every pair of
non-reference outputs is contradicted by some measures (H = 1), unanimity only happens against
a reference of maximal quality, so R = 1.

The paper's three formal constraints on a similarity measure (§3) are checked at a given
output and gold standard by :func:`similarity_constraints`.

Input: metric scores ``instance, system, metric, value``; human judgments ``instance,
system|summarizer, [judgment,] value[, assessor]`` (assessors averaged).

References:

* Amigó, E., Gonzalo, J., Giménez, J., & Verdejo, F. (2011). Corroborating text evaluation
  results with heterogeneous measures. EMNLP 2011.
"""

from __future__ import annotations

import copy

from collections import Counter
from typing import Callable, Dict, Hashable, Iterable, List, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats._shared import name_indices
from evalkit.stats.validation import (
    SeedLike,
    check_choice,
    check_columns,
    check_int,
    check_sizes,
    rng_from_seed,
    score_frame,
    select_level,
    unit_column,
)

__all__ = [
    "PairTable",
    "human_ties_confirm",
    "build_pairs",
    "pairs_from_preferences",
    "reliability",
    "sensitivity",
    "heterogeneity",
    "threshold_curve",
    "reliability_gain",
    "additive_reliability_pairs",
    "sample_measure_sets",
    "measure_set_table",
    "similarity_constraints",
]


class PairTable:
    """Ordered output pairs with per-measure differences and the human verdict.

    Built by :func:`build_pairs` or :func:`pairs_from_preferences`; every statistic of this
    module reads it.

    Parameters
    ----------
    measures : list of str
        Measure names, in column order.
    diffs : numpy.ndarray, shape (n_pairs, n_measures)
        ``x(s) - x(s')`` per pair and measure.
    human : numpy.ndarray, shape (n_pairs,)
        ``Q(s) - Q(s')``.
    involves_reference : numpy.ndarray of bool, shape (n_pairs,)
        Whether s or s' is a human reference output (left out of H).
    pairs : pandas.DataFrame
        ``instance, system, other`` per pair.

    Attributes
    ----------
    pos, neg : numpy.ndarray of bool
        ``diffs > 0`` and ``diffs < 0``.
    human_better : numpy.ndarray of bool
        ``Q(s) > Q(s')``.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import PairTable, reliability
    >>> t = PairTable(["m"], np.array([[1.0], [-1.0]]), np.array([2.0, -2.0]), np.zeros(2, bool),
    ...               pd.DataFrame({"instance": 1, "system": ["a", "b"], "other": ["b", "a"]}))
    >>> t.columns(["m"]), reliability(t, ["m"])
    ([0], 1.0)
    """

    def __init__(
        self,
        measures: List[str],
        diffs: np.ndarray,
        human: np.ndarray,
        involves_reference: np.ndarray,
        pairs: pd.DataFrame,
    ):
        self.measures = measures
        self.diffs = diffs  # (pairs, measures): x(s) - x(s')
        self.pos = diffs > 0
        self.neg = diffs < 0
        self.human = human  # Q(s) - Q(s')
        self.human_better = human > 0  # Q(s) > Q(s')
        self.involves_reference = involves_reference
        self.pairs = pairs  # instance, system, other

    def columns(self, measures: Sequence[str]) -> List[int]:
        return name_indices("measures", measures, self.measures)


def build_pairs(
    scores: pd.DataFrame,
    judgments: pd.DataFrame,
    *,
    judgment: Optional[str] = None,
    references: Iterable[str] = (),
    measures: Optional[Sequence[str]] = None,
    round_decimals: int = 12,
) -> PairTable:
    """All ordered pairs of different systems' outputs on the same input, with scores and Q.

    Scores are rounded to ``round_decimals`` so that ties are exact.

    Parameters
    ----------
    scores : pandas.DataFrame
        ``instance|segment, system|summarizer, metric, value``, one value per output and
        metric; every scored output needs every measure (else
        :class:`~evalkit.errors.ParameterError`: nothing is dropped silently).
    judgments : pandas.DataFrame
        ``instance, system|summarizer, [judgment,] value[, assessor]`` (assessors averaged).
    judgment : str, optional
        Which judgment, when the frame holds several.
    references : iterable of str, default ()
        Systems that are human references (pairs with them are left out of H).
    measures : sequence of str, optional
        Keep only these measures.
    round_decimals : int, default 12

    Returns
    -------
    PairTable

    Examples
    --------
    Three outputs of one input give 3 · 2 ordered pairs:

    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs
    >>> scores = pd.DataFrame({"instance": "d", "system": list("abc"), "metric": "m",
    ...                        "value": [0.3, 0.2, 0.1]})
    >>> human = pd.DataFrame({"instance": "d", "system": list("abc"), "value": [3, 2, 1]})
    >>> t = build_pairs(scores, human)
    >>> len(t.pairs), t.measures, int(t.human_better.sum())
    (6, ['m'], 3)
    """
    scores, inst, sys_col = score_frame(scores, "scores", ["metric", "value"])
    judgments, j_inst, j_sys = score_frame(judgments, "judgments")
    judgments = select_level(judgments, "judgment", judgment, "judgments")
    q = judgments.groupby([j_inst, j_sys])["value"].mean()
    q.index.names = ["instance", "system"]
    if scores.duplicated([inst, sys_col, "metric"]).any():
        raise ParameterError("scores", "duplicate rows", "one value per (instance, system, metric)")
    wide = scores.pivot_table(
        index=[inst, sys_col], columns="metric", values="value", aggfunc="first"
    )
    wide.index.names = ["instance", "system"]
    if measures is not None:
        wide = wide[list(measures)]
    if wide.isna().any().any():
        raise ParameterError(
            "scores", "outputs missing some measures", "every measure for every scored output"
        )
    wide = wide.loc[wide.index.intersection(q.index)]
    if wide.empty:
        raise ParameterError("judgments", "no overlap", "human scores for the scored outputs")
    refs = {str(r) for r in references}
    left, right = [], []
    inst_codes = wide.index.get_level_values(0)
    for key in pd.unique(inst_codes):
        rows = np.flatnonzero(inst_codes == key)
        a, b = np.meshgrid(rows, rows, indexing="ij")
        keep = a != b
        left.append(a[keep])
        right.append(b[keep])
    left = np.concatenate(left)
    right = np.concatenate(right)
    vals = np.round(wide.to_numpy(float), round_decimals)
    human = np.round(q.loc[wide.index].to_numpy(float), round_decimals)
    systems = wide.index.get_level_values(1).astype(str).to_numpy()
    pairs = pd.DataFrame(
        {"instance": inst_codes[left], "system": systems[left], "other": systems[right]}
    )
    involves = np.isin(systems[left], list(refs)) | np.isin(systems[right], list(refs))
    diffs = np.round(vals[left] - vals[right], round_decimals)  # equal differences compare equal
    return PairTable(list(wide.columns), diffs, human[left] - human[right], involves, pairs)


def pairs_from_preferences(
    scores: pd.DataFrame,
    preferences: pd.DataFrame,
    *,
    measures: Optional[Sequence[str]] = None,
    round_decimals: int = 12,
) -> PairTable:
    """Ordered pairs from relative human judgments (WMT daRR "s is better than s'").

    Each preference gives the pair (better, worse) with Q(s) > Q(s') and the pair (worse,
    better) with Q(s) < Q(s'), so R, S and H keep their meaning; no pair involves a reference.
    A preference listed twice counts twice (as the judgments were collected).

    Parameters
    ----------
    scores : pandas.DataFrame
        ``instance|segment, system, metric, value``; both outputs of every preference scored
        (else :class:`~evalkit.errors.ParameterError`).
    preferences : pandas.DataFrame
        ``instance|segment, better, worse``.
    measures, round_decimals
        As :func:`build_pairs`.

    Returns
    -------
    PairTable

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import pairs_from_preferences, reliability
    >>> scores = pd.DataFrame({"segment": 1, "system": ["x", "y"], "metric": "m", "value": [0.9, 0.4]})
    >>> t = pairs_from_preferences(scores, pd.DataFrame({"segment": [1], "better": ["x"], "worse": ["y"]}))
    >>> t.pairs[["system", "other"]].values.tolist(), reliability(t, ["m"])
    ([['x', 'y'], ['y', 'x']], 1.0)
    """
    scores, inst, sys_col = score_frame(scores, "scores", ["metric", "value"])
    prefs, p_inst = unit_column(preferences, "preferences")
    check_columns(prefs, ["better", "worse"], "preferences")
    if scores.duplicated([inst, sys_col, "metric"]).any():
        raise ParameterError("scores", "duplicate rows", "one value per (instance, system, metric)")
    wide = scores.pivot_table(
        index=[inst, sys_col], columns="metric", values="value", aggfunc="first"
    )
    if measures is not None:
        wide = wide[list(measures)]
    if wide.isna().any().any():
        raise ParameterError(
            "scores", "outputs missing some measures", "every measure for every scored output"
        )
    keys = pd.MultiIndex.from_frame(wide.index.to_frame(index=False).astype(str))
    wide.index = keys
    better = pd.MultiIndex.from_arrays([prefs[p_inst].astype(str), prefs["better"].astype(str)])
    worse = pd.MultiIndex.from_arrays([prefs[p_inst].astype(str), prefs["worse"].astype(str)])
    missing = ~(better.isin(keys) & worse.isin(keys))
    if missing.any():
        first = prefs[missing].iloc[0]
        raise ParameterError(
            "preferences", dict(first), "scores for both outputs of every preference"
        )
    vb = np.round(wide.loc[better].to_numpy(float), round_decimals)
    vw = np.round(wide.loc[worse].to_numpy(float), round_decimals)
    diffs = np.round(np.vstack([vb - vw, vw - vb]), round_decimals)
    human = np.concatenate([np.ones(len(prefs)), -np.ones(len(prefs))])
    pairs = pd.DataFrame(
        {
            "instance": np.concatenate([prefs[p_inst].astype(str)] * 2),
            "system": np.concatenate([prefs["better"].astype(str), prefs["worse"].astype(str)]),
            "other": np.concatenate([prefs["worse"].astype(str), prefs["better"].astype(str)]),
        }
    )
    return PairTable(list(wide.columns), diffs, human, np.zeros(len(diffs), bool), pairs)


def human_ties_confirm(table: PairTable) -> PairTable:
    """The same pairs with R read as P(Q(s) >= Q(s') | ...): a human tie confirms.

    The reading the proof of the additive property uses (Amigó et al. 2011, Sec. 6). With
    integer human scores (DUC responsiveness) ties are frequent and the two readings of R can
    disagree.

    Parameters
    ----------
    table : PairTable

    Returns
    -------
    PairTable
        A shallow copy with ``human_better = Q(s) - Q(s') >= 0``.

    Examples
    --------
    Humans tie the two outputs; the measure prefers a:

    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, human_ties_confirm, reliability
    >>> t = build_pairs(pd.DataFrame({"instance": 1, "system": ["a", "b"], "metric": "m", "value": [2, 1]}),
    ...                 pd.DataFrame({"instance": 1, "system": ["a", "b"], "value": [5, 5]}))
    >>> reliability(t, ["m"]), reliability(human_ties_confirm(t), ["m"])
    (0.0, 1.0)
    """
    out = copy.copy(table)
    out.human_better = np.asarray(table.human) >= 0
    return out


def _ratio(num: np.ndarray, den: np.ndarray) -> float:
    d = int(den.sum())
    return float((num & den).sum() / d) if d else float("nan")


def reliability(table: PairTable, measures: Sequence[str]) -> float:
    """R(X): the share of unanimous improvements that humans confirm.

    ``R(X) = P(Q(s) > Q(s') | every x in X: x(s) > x(s'))``.

    Parameters
    ----------
    table : PairTable
    measures : sequence of str
        X, a non-empty list of the table's measures (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    float
        In [0, 1]; NaN when no pair is unanimous.

    Examples
    --------
    ``up`` orders three outputs as the humans do, ``down`` the other way:

    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, reliability
    >>> scores = pd.DataFrame({"instance": 1, "system": list("abc") * 2,
    ...                        "metric": ["up"] * 3 + ["down"] * 3, "value": [3, 2, 1, 1, 2, 3]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("abc"), "value": [9, 5, 1]}))
    >>> reliability(t, ["up"]), reliability(t, ["down"]), reliability(t, ["up", "down"])
    (1.0, 0.0, nan)
    """
    unanimous = table.pos[:, table.columns(measures)].all(axis=1)
    return _ratio(table.human_better, unanimous)


def sensitivity(table: PairTable, measures: Sequence[str]) -> float:
    """S(X): the share of human-confirmed improvements on which all measures agree.

    ``S(X) = P(every x in X: x(s) > x(s') | Q(s) > Q(s'))``.

    Parameters
    ----------
    table, measures
        As :func:`reliability`.

    Returns
    -------
    float
        S(X) in [0, 1]; NaN when humans confirm no pair.

    Examples
    --------
    ``flat`` ties a and b, so it misses one of the three improvements:

    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, sensitivity
    >>> scores = pd.DataFrame({"instance": 1, "system": list("abc"), "metric": "flat", "value": [2, 2, 1]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("abc"), "value": [3, 2, 1]}))
    >>> round(sensitivity(t, ["flat"]), 4)
    0.6667
    """
    unanimous = table.pos[:, table.columns(measures)].all(axis=1)
    return _ratio(unanimous, table.human_better)


def heterogeneity(table: PairTable, measures: Sequence[str]) -> float:
    """H(X): the share of non-reference pairs on which two measures of X contradict each other.

    Parameters
    ----------
    table : PairTable
        From :func:`build_pairs` (or :func:`pairs_from_preferences`).
    measures : sequence of str
        The set X; with a single measure nothing can contradict.

    Returns
    -------
    float
        In [0, 1]; 0 for a single measure; NaN when every pair involves a reference.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, heterogeneity
    >>> scores = pd.DataFrame({"instance": 1, "system": ["a", "b"] * 2,
    ...                        "metric": ["p", "p", "q", "q"], "value": [1, 0, 0, 1]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": ["a", "b"], "value": [1, 0]}))
    >>> heterogeneity(t, ["p", "q"]), heterogeneity(t, ["p"])
    (1.0, 0.0)
    """
    cols = table.columns(measures)
    contradiction = table.pos[:, cols].any(axis=1) & table.neg[:, cols].any(axis=1)
    keep = ~table.involves_reference
    return float(contradiction[keep].mean()) if keep.any() else float("nan")


def threshold_curve(table: PairTable, measure: str) -> pd.DataFrame:
    """R_th and S_th of one measure over its thresholds.

    ``R_th(x) = P(Q(s) > Q(s') | x(s) - x(s') > th)`` and ``S_th(x) = P(x(s) - x(s') > th |
    Q(s) > Q(s'))`` for th in {0} and the distinct positive differences (the last threshold
    leaves no pair: R is then NaN).

    Parameters
    ----------
    table : PairTable
    measure : str

    Returns
    -------
    pandas.DataFrame
        ``threshold, reliability, sensitivity, n`` (pairs with difference > th).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, threshold_curve
    >>> scores = pd.DataFrame({"instance": 1, "system": list("abc"), "metric": "m", "value": [3, 1, 2]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("abc"), "value": [3, 2, 1]}))

    The pairs (a, b), (a, c) and (c, b) have differences 2, 1 and 1; humans confirm the
    first two:

    >>> threshold_curve(t, "m").round(4).values.tolist()
    [[0.0, 0.6667, 0.6667, 3.0], [1.0, 1.0, 0.3333, 1.0], [2.0, nan, 0.0, 0.0]]
    """
    d = table.diffs[:, table.columns([measure])[0]]
    ths = np.unique(np.concatenate([[0.0], d[d > 0]]))
    # Pairs above each threshold, counted by sorting (all thresholds at once).
    order = np.sort(d)
    better_sorted = np.sort(d[table.human_better])
    above = len(d) - np.searchsorted(order, ths, side="right")
    above_good = len(better_sorted) - np.searchsorted(better_sorted, ths, side="right")
    n_good = int(table.human_better.sum())
    with np.errstate(invalid="ignore", divide="ignore"):
        rel = np.where(above > 0, above_good / np.maximum(above, 1), np.nan)
    sens = above_good / n_good if n_good else np.full(len(ths), np.nan)
    return pd.DataFrame({"threshold": ths, "reliability": rel, "sensitivity": sens, "n": above})


def reliability_gain(
    table: PairTable, measures: Sequence[str], *, match: str = "closest_above"
) -> pd.DataFrame:
    """R(X) minus the best thresholded single-measure reliability at the same sensitivity.

    Parameters
    ----------
    table : PairTable
    measures : sequence of str
    match : {"closest_above", "interpolate"}, default "closest_above"
        ``"closest_above"``: per measure, the thresholds with S_th >= S(X) and the smallest
        S_th - S(X), the highest R_th among them; ``"interpolate"``: R_th linearly
        interpolated at S(X).

    Returns
    -------
    pandas.DataFrame
        One row: ``measures, reliability, sensitivity, heterogeneity, best_single,
        best_measure, gain``.

    Examples
    --------
    For a single measure the best single reliability at its own sensitivity is its own:

    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, reliability_gain
    >>> scores = pd.DataFrame({"instance": 1, "system": list("abcd"), "metric": "m", "value": [4, 1, 3, 2]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("abcd"), "value": [4, 3, 2, 1]}))
    >>> float(reliability_gain(t, ["m"]).loc[0, "gain"])
    0.0
    """
    check_choice("match", match, ("closest_above", "interpolate"))
    r, s, h = (
        reliability(table, measures),
        sensitivity(table, measures),
        heterogeneity(table, measures),
    )
    best, best_m = -np.inf, None
    for m in measures:
        c = threshold_curve(table, m).dropna(subset=["reliability"])
        if match == "closest_above":
            ok = c[c["sensitivity"] >= s - 1e-12]
            if ok.empty:
                continue
            gap = ok["sensitivity"] - s
            val = ok.loc[np.isclose(gap, gap.min(), atol=1e-12), "reliability"].max()
        else:
            c = c.sort_values("sensitivity", kind="mergesort")
            val = float(np.interp(s, c["sensitivity"], c["reliability"]))
        if val > best:
            best, best_m = float(val), m
    best = best if best_m is not None else float("nan")
    return pd.DataFrame(
        [
            {
                "measures": tuple(measures),
                "reliability": r,
                "sensitivity": s,
                "heterogeneity": h,
                "best_single": best,
                "best_measure": best_m,
                "gain": r - best,
            }
        ]
    )


def additive_reliability_pairs(
    table: PairTable, measures: Optional[Sequence[str]] = None
) -> pd.DataFrame:
    """R of every pair of measures against the better of the two alone (Amigó et al. 2011, Figure 1).

    Parameters
    ----------
    table : PairTable
    measures : sequence of str, optional
        Default: all of the table's measures.

    Returns
    -------
    pandas.DataFrame
        One row per unordered pair: ``measure_a, measure_b, r_a, r_b, r_both, difference``
        (``r_both - max(r_a, r_b)``).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import additive_reliability_pairs, build_pairs
    >>> scores = pd.DataFrame({"instance": 1, "system": list("abc") * 2,
    ...                        "metric": ["u"] * 3 + ["v"] * 3, "value": [3, 1, 2, 3, 2, 1]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("abc"), "value": [3, 2, 1]}))
    >>> additive_reliability_pairs(t).round(4).values.tolist()
    [['u', 'v', 0.6667, 1.0, 1.0, 0.0]]
    """
    measures = list(measures or table.measures)
    single = {m: reliability(table, [m]) for m in measures}
    rows = []
    for i, a in enumerate(measures):
        for b in measures[i + 1 :]:
            both = reliability(table, [a, b])
            rows.append(
                {
                    "measure_a": a,
                    "measure_b": b,
                    "r_a": single[a],
                    "r_b": single[b],
                    "r_both": both,
                    "difference": both - max(single[a], single[b]),
                }
            )
    return pd.DataFrame(rows)


def sample_measure_sets(
    measures: Sequence[str], sizes: Sequence[int], n_per_size: int = 100, *, seed: SeedLike = 0
) -> List[tuple]:
    """Random measure sets of every size (without replacement within a set).

    Parameters
    ----------
    measures : sequence of str
    sizes : sequence of int
        Each in [1, len(measures)].
    n_per_size : int, default 100
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    list of tuple of str
        ``n_per_size`` sets per size, each in the order of ``measures``.

    Examples
    --------
    >>> from evalkit.stats.corroboration import sample_measure_sets
    >>> sets = sample_measure_sets(["a", "b", "c", "d"], [1, 3], n_per_size=2, seed=0)
    >>> [len(x) for x in sets], sets == sample_measure_sets(["a", "b", "c", "d"], [1, 3], 2, seed=0)
    ([1, 1, 3, 3], True)
    """
    n_per_size = check_int("n_per_size", n_per_size)
    rng = rng_from_seed(seed)
    measures = list(measures)
    out = []
    for size in check_sizes("sizes", sizes, len(measures), "the number of measures"):
        out += [
            tuple(measures[i] for i in sorted(rng.choice(len(measures), size, replace=False)))
            for _ in range(n_per_size)
        ]
    return out


def measure_set_table(
    table: PairTable,
    sets: Iterable[Sequence[str]],
    *,
    gain: bool = True,
    match: str = "closest_above",
) -> pd.DataFrame:
    """R, S, H and optionally the reliability gain of every measure set.

    Parameters
    ----------
    table : PairTable
    sets : iterable of sequence of str
        E.g. :func:`sample_measure_sets`.
    gain : bool, default True
        Add the columns of :func:`reliability_gain`.
    match : {"closest_above", "interpolate"}, default "closest_above"

    Returns
    -------
    pandas.DataFrame
        One row per set: ``measures, size, reliability, sensitivity, heterogeneity`` (and
        ``best_single, best_measure, gain``).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.corroboration import build_pairs, measure_set_table
    >>> scores = pd.DataFrame({"instance": 1, "system": list("ab") * 2,
    ...                        "metric": ["u", "u", "v", "v"], "value": [1, 0, 1, 0]})
    >>> t = build_pairs(scores, pd.DataFrame({"instance": 1, "system": list("ab"), "value": [1, 0]}))
    >>> out = measure_set_table(t, [["u"], ["u", "v"]], gain=False)
    >>> out["size"].tolist(), out["reliability"].tolist()
    ([1, 2], [1.0, 1.0])
    """
    rows = []
    for x in sets:
        if gain:
            rows.append(reliability_gain(table, list(x), match=match).iloc[0].to_dict())
        else:
            rows.append(
                {
                    "measures": tuple(x),
                    "reliability": reliability(table, x),
                    "sensitivity": sensitivity(table, x),
                    "heterogeneity": heterogeneity(table, x),
                }
            )
    out = pd.DataFrame(rows)
    out.insert(1, "size", out["measures"].map(len))
    return out


def similarity_constraints(
    x: Callable[[Sequence[Hashable], Sequence[Hashable]], float],
    s: Sequence[Hashable],
    g: Sequence[Hashable],
) -> Dict[int, Optional[bool]]:
    """The three formal constraints of a similarity measure (Amigó et al. 2011, Sec. 3).

    Checked for ``x(s, g)`` at one output ``s`` and gold standard ``g``, both given by their
    decomposition into units (words, n-grams, relations: a multiset, order ignored):

    1. f(s) = f(g) <-> x(s, g) = 1 (a measure with range [0, 1]);
    2. adding to s an occurrence of a unit of g that s lacks raises x (checked for every such
       unit; None when s lacks nothing of g);
    3. removing from s an occurrence of a unit that g lacks raises x (checked for every such
       unit; None when s has no such unit, when removing it would empty s, or, as the paper's
       footnote 1 allows for F, when s and g share nothing).

    Parameters
    ----------
    x : callable
        ``x(s, g) -> float`` on lists of units.
    s : sequence of hashable
        The output's units.
    g : sequence of hashable
        The gold standard's units.

    Returns
    -------
    dict
        ``{1: bool, 2: bool or None, 3: bool or None}``.

    Examples
    --------
    Unit recall fails the third constraint (removing a spurious unit does not raise it):

    >>> from collections import Counter
    >>> from evalkit.stats.corroboration import similarity_constraints
    >>> recall = lambda s, g: sum((Counter(s) & Counter(g)).values()) / len(g)
    >>> similarity_constraints(recall, ["a", "x"], ["a", "b"])
    {1: True, 2: True, 3: False}
    """
    fs, fg = Counter(s), Counter(g)
    base = x(list(s), list(g))
    out: Dict[int, Optional[bool]] = {1: bool((base == 1) == (fs == fg))}
    missing = [u for u in fg if fg[u] > fs[u]]
    out[2] = all(x(list(s) + [u], list(g)) > base for u in missing) if missing else None
    excess = [u for u in fs if fs[u] > fg[u]]
    shared = sum((fs & fg).values())
    if excess and len(s) > 1 and shared:
        out[3] = all(x(_without(s, u), list(g)) > base for u in excess)
    else:
        out[3] = None
    return out


def _without(s: Sequence[Hashable], unit: Hashable) -> list:
    out = list(s)
    out.remove(unit)
    return out
