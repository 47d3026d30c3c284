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

Estimators (the paper gives none; notes B2): empirical frequencies over ordered pairs with
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
"""

from __future__ import annotations

import copy

from collections import Counter
from typing import Callable, Dict, Hashable, Iterable, List, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import (
    SeedLike,
    check_choice,
    check_columns,
    check_int,
    check_sizes,
    pick_column,
    rng_from_seed,
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
    """Ordered output pairs with per-measure differences and the human verdict."""

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
        if isinstance(measures, str) or not len(measures):
            raise ParameterError("measures", measures, "a non-empty list of measure names")
        try:
            return [self.measures.index(m) for m in measures]
        except ValueError:
            raise ParameterError(
                "measures", list(measures), f"names among {self.measures}"
            ) from None


def build_pairs(
    scores: pd.DataFrame,
    judgments: pd.DataFrame,
    *,
    judgment: Optional[str] = None,
    references: Iterable[str] = (),
    measures: Optional[Sequence[str]] = None,
    round_decimals: int = 12,
) -> PairTable:
    """All ordered pairs of different systems' outputs on the same input with a human score
    and every measure's score. Scores are rounded to ``round_decimals`` so ties are exact.
    An output scored by some measures but not others raises (nothing is dropped silently)."""
    scores, inst = unit_column(scores, "scores")
    sys_col = pick_column(scores, ("system", "summarizer"), "scores")
    check_columns(scores, ["metric", "value"], "scores")
    judgments, j_inst = unit_column(judgments, "judgments")
    j_sys = pick_column(judgments, ("system", "summarizer"), "judgments")
    check_columns(judgments, ["value"], "judgments")
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
    """Ordered pairs from relative human judgments where no per-output quality score exists
    (WMT daRR: "s is better than s'" per segment). Each preference (instance, better, worse)
    gives the pair (better, worse) with Q(s) > Q(s') and the pair (worse, better) with
    Q(s) < Q(s'), so R, S and H keep their meaning over ordered pairs; no pair involves a
    reference. A preference listed twice counts twice (as the judgments were collected).
    ``scores``: ``instance|segment, system, metric, value``; ``preferences``:
    ``instance|segment, better, worse``."""
    scores, inst = unit_column(scores, "scores")
    sys_col = pick_column(scores, ("system", "summarizer"), "scores")
    check_columns(scores, ["metric", "value"], "scores")
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
    """The same pairs with R read as P(Q(s) >= Q(s') | ...): a human tie confirms a
    unanimous improvement (the reading the proof of the additive property uses, Amigó et
    al. 2011 §6). With integer human scores (DUC responsiveness) ties are frequent and the
    two readings of R can disagree."""
    out = copy.copy(table)
    out.human_better = np.asarray(table.human) >= 0
    return out


def _ratio(num: np.ndarray, den: np.ndarray) -> float:
    d = int(den.sum())
    return float((num & den).sum() / d) if d else float("nan")


def reliability(table: PairTable, measures: Sequence[str]) -> float:
    """R(X): share of unanimous improvements that humans confirm (NaN if none is unanimous)."""
    unanimous = table.pos[:, table.columns(measures)].all(axis=1)
    return _ratio(table.human_better, unanimous)


def sensitivity(table: PairTable, measures: Sequence[str]) -> float:
    """S(X): share of human-confirmed improvements on which all measures agree."""
    unanimous = table.pos[:, table.columns(measures)].all(axis=1)
    return _ratio(unanimous, table.human_better)


def heterogeneity(table: PairTable, measures: Sequence[str]) -> float:
    """H(X): share of non-reference pairs on which two measures of X contradict each other."""
    cols = table.columns(measures)
    contradiction = table.pos[:, cols].any(axis=1) & table.neg[:, cols].any(axis=1)
    keep = ~table.involves_reference
    return float(contradiction[keep].mean()) if keep.any() else float("nan")


def threshold_curve(table: PairTable, measure: str) -> pd.DataFrame:
    """R_th and S_th of one measure for th ∈ {0} ∪ {distinct positive differences} (the last
    threshold leaves no pair, R is then NaN). Returns ``threshold, reliability, sensitivity,
    n`` (pairs with difference > th)."""
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

    ``match="closest_above"``: per measure, thresholds with S_th >= S(X) and the smallest
    S_th - S(X), highest R_th among them; ``"interpolate"``: R_th linearly interpolated at S(X).
    Returns one row ``reliability, sensitivity, heterogeneity, best_single, best_measure, gain``.
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
    """For every pair {x1, x2}: R(x1), R(x2), R({x1, x2}) and ``difference`` = R({x1, x2}) -
    max(R(x1), R(x2)) (Amigó et al. 2011, Figure 1)."""
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
    """``n_per_size`` random measure sets (without replacement within a set) of every size."""
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
    """R, S, H (and the reliability gain) of every measure set: one row per set."""
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
    """The three formal constraints of a similarity measure (Amigó et al. 2011, §3), checked
    for ``x(s, g)`` at one output ``s`` and gold standard ``g``, both given by their
    decomposition f into units (words, n-grams, relations: a multiset, order ignored):

    1. f(s) = f(g)  <->  x(s, g) = 1 (a measure with range [0, 1]);
    2. adding to s an occurrence of a unit of g that s lacks raises x (checked for every
       such unit; None when s lacks nothing of g);
    3. removing from s an occurrence of a unit that g lacks raises x (checked for every
       such unit; None when s has no such unit, when removing it would empty s, or, as the
       paper's footnote 1 allows for F, when s and g share nothing).

    Returns ``{1: bool, 2: bool | None, 3: bool | None}``. The F measure of precision and
    recall satisfies them; precision alone fails 1-2, recall alone fails 3, a reversed or a
    random measure fails (``tests/test_stats_corroboration.py``)."""
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
