"""Paired tests between two summarizers/systems over shared inputs, all-pairs matrices, and the
agreement of a metric's significance decisions with a manual metric's.

* Paired t-test (mean-based scores) and Wilcoxon signed-rank test (median-based), as Graham
  (2015) §3.2 and Owczarzak et al. (2012, "OCDN12") use them; Shapiro-Wilk normality per system.
  The computations are :func:`scipy.stats.ttest_rel`, :func:`scipy.stats.wilcoxon` and
  :func:`scipy.stats.shapiro` (tested against pingouin).
* All-pairs matrices: for every ordered pair (A, B), one-sided "A > B" p-values (Graham's
  Figure 4) and the systems no other system beats.
* OCDN12 decisions: two-sided test per unordered pair at alpha; ``d(A, B)`` = +1 (A significantly
  better), -1 (B significantly better) or 0; the direction comes from the median of A - B
  (the mean when the median is 0). Agreement of automatic with manual decisions::

      diff    = #{d_man != 0 and d_auto == d_man} / #{d_man != 0}
      no_diff = #{d_man == 0 and d_auto == 0}    / #{d_man == 0}
      contr   = #{d_man != 0 and d_auto == -d_man} / #{d_man != 0}   (or / #pairs)
      sig_accuracy = #{d_auto == d_man} / #pairs
      all_accuracy = #{sign(mean diff) agrees} / #pairs

Pairs use only the inputs both systems have (a human covers about half the TAC topics); the
number used is reported as ``n``.
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import Iterable, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats.validation import (
    check_choice,
    check_columns,
    check_int,
    check_probability,
    pick_column,
    select_level,
    unit_column,
)

__all__ = [
    "paired_test",
    "shapiro_by_system",
    "pairwise_tests",
    "beats_matrix",
    "not_outperformed",
    "significance_decisions",
    "decision_agreement",
    "agreement_indicators",
    "mcnemar_test",
    "population_pairs",
    "wilcoxon_rows",
]

TESTS = ("t", "wilcoxon")
ALTERNATIVES = ("two-sided", "greater", "less")


def paired_test(
    x,
    y,
    *,
    test: str = "t",
    alternative: str = "two-sided",
    zero_method: str = "wilcox",
    correction: bool = False,
    method: str = "auto",
) -> pd.DataFrame:
    """One paired test of ``x`` against ``y`` (same inputs, same order).

    ``test="t"``: paired t-test, statistic t with n - 1 dof; ``test="wilcoxon"``: signed-rank
    test, statistic W (the smaller rank sum for two-sided, R+ otherwise, as scipy), with
    ``zero_method`` / ``correction`` / ``method`` passed to scipy (fix them explicitly: tools
    differ). Returns one row: ``test, alternative, n, statistic, p_value, mean_diff, median_diff``.
    """
    check_choice("test", test, TESTS)
    check_choice("alternative", alternative, ALTERNATIVES)
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ParameterError("y", y.shape, f"a 1-D array of the same length as x ({x.shape})")
    if np.isnan(x).any() or np.isnan(y).any():
        raise ParameterError("x", "NaN values", "complete pairs (drop unshared inputs first)")
    if len(x) < 2:
        raise ParameterError("x", len(x), "at least 2 paired values")
    d = x - y
    if test == "t":
        res = sps.ttest_rel(x, y, alternative=alternative)
    else:
        res = sps.wilcoxon(
            x,
            y,
            zero_method=zero_method,
            correction=correction,
            alternative=alternative,
            method=method,
        )
    return pd.DataFrame(
        [
            {
                "test": test,
                "alternative": alternative,
                "n": len(x),
                "statistic": float(res.statistic),
                "p_value": float(res.pvalue),
                "mean_diff": float(d.mean()),
                "median_diff": float(np.median(d)),
            }
        ]
    )


def _wide(scores: pd.DataFrame, metric: Optional[str]) -> pd.DataFrame:
    scores, inst = unit_column(scores, "scores")
    sys_col = pick_column(scores, ("system", "summarizer"), "scores")
    check_columns(scores, ["value"], "scores")
    scores = select_level(scores, "metric", metric, "scores")
    if scores.duplicated([inst, sys_col]).any():
        raise ParameterError(
            "scores", "duplicate (instance, system) rows", "one score per input and system"
        )
    return scores.pivot(index=inst, columns=sys_col, values="value")


def shapiro_by_system(
    scores: pd.DataFrame, *, metric: Optional[str] = None, alpha: float = 0.05
) -> pd.DataFrame:
    """Shapiro-Wilk (Royston's AS R94 in scipy) on each system's per-input scores.
    Returns ``system, n, W, p_value, normal`` (p >= alpha)."""
    alpha = check_probability("alpha", alpha)
    wide = _wide(scores, metric)
    rows = []
    for system in wide.columns:
        v = wide[system].dropna().to_numpy(float)
        if len(v) < 3:
            raise ParameterError("scores", system, "at least 3 scores per system for Shapiro-Wilk")
        res = sps.shapiro(v)
        rows.append(
            {
                "system": system,
                "n": len(v),
                "W": float(res.statistic),
                "p_value": float(res.pvalue),
                "normal": bool(res.pvalue >= alpha),
            }
        )
    return pd.DataFrame(rows)


def pairwise_tests(
    scores: pd.DataFrame,
    *,
    metric: Optional[str] = None,
    test: str = "t",
    alternative: str = "greater",
    min_shared: int = 2,
    pairs: Optional[Iterable[Tuple[str, str]]] = None,
    **kwargs,
) -> pd.DataFrame:
    """The paired test for every pair of systems on their shared inputs.

    ``alternative="greater"``: every ordered pair (A, B), H1 "A > B" (Graham's Figure 4);
    ``"two-sided"``: every unordered pair once. ``scores``: long ``instance, system, value``
    (filter by ``metric`` if a ``metric`` column holds several). A pair sharing fewer than
    ``min_shared`` inputs raises. ``pairs`` restricts the test to the given (A, B) pairs (e.g.
    OCDN12's human-vs-automatic population, :func:`population_pairs`). Returns ``system_a,
    system_b, mean_a, mean_b`` plus the columns of :func:`paired_test`.
    """
    check_choice("alternative", alternative, ALTERNATIVES)
    min_shared = check_int("min_shared", min_shared, minimum=2)
    wide = _wide(scores, metric)
    systems = list(wide.columns)
    if pairs is None:
        pairs = combinations(systems, 2) if alternative == "two-sided" else permutations(systems, 2)
    else:
        pairs = [tuple(p) for p in pairs]
        unknown = sorted({s for p in pairs for s in p} - set(systems))
        if unknown:
            raise ParameterError("pairs", unknown[:5], "systems present in the scores")
    values = wide.to_numpy(float)
    col = {s: i for i, s in enumerate(systems)}
    batched = test == "wilcoxon" and kwargs.get("method", "auto") == "auto"
    rows, diffs = [], []
    for a, b in pairs:
        x, y = values[:, col[a]], values[:, col[b]]
        ok = ~(np.isnan(x) | np.isnan(y))
        if ok.sum() < min_shared:
            raise ParameterError(
                "scores", (a, b), f"at least {min_shared} inputs scored for both systems"
            )
        x, y = x[ok], y[ok]
        row = {"system_a": a, "system_b": b, "mean_a": float(x.mean()), "mean_b": float(y.mean())}
        if batched:
            diffs.append(x - y)
        else:
            row.update(
                paired_test(x, y, test=test, alternative=alternative, **kwargs).iloc[0].to_dict()
            )
        rows.append(row)
    if batched and rows:
        stat, p = wilcoxon_rows(
            diffs,
            alternative=alternative,
            zero_method=kwargs.get("zero_method", "wilcox"),
            correction=kwargs.get("correction", False),
        )
        for row, d, t, pv in zip(rows, diffs, stat, p):
            row.update(
                {
                    "test": test,
                    "alternative": alternative,
                    "n": len(d),
                    "statistic": float(t),
                    "p_value": float(pv),
                    "mean_diff": float(d.mean()),
                    "median_diff": float(np.median(d)),
                }
            )
    return pd.DataFrame(rows)


def wilcoxon_rows(
    diffs: Sequence[np.ndarray],
    *,
    alternative: str = "two-sided",
    zero_method: str = "wilcox",
    correction: bool = False,
) -> Tuple[np.ndarray, np.ndarray]:
    """:func:`scipy.stats.wilcoxon` (``method="auto"``) on many difference vectors at once, each
    with the method scipy picks for it alone: exact null distribution when it has no ties and
    no zeros and n <= 50, the permutation test when it has ties or zeros and n <= 13, else the
    normal approximation. Rows of equal length and method go through one vectorized scipy
    call (scipy decides "auto" for a whole batch, so the batches are formed here). Returns
    (statistics, p-values)."""
    check_choice("alternative", alternative, ALTERNATIVES)
    stat = np.full(len(diffs), np.nan)
    p = np.full(len(diffs), np.nan)
    groups: dict = {}
    for i, d in enumerate(diffs):
        d = np.asarray(d, dtype=float)
        nz = np.abs(d[d != 0]) if zero_method == "wilcox" else np.abs(d)
        irregular = bool((d == 0).any() or len(np.unique(nz)) < len(nz))
        if len(d) > 50:
            method = "asymptotic"
        elif not irregular:
            method = "exact"
        elif len(d) <= 13:
            method = "auto"  # scipy's permutation test: per row
        else:
            method = "asymptotic"
        groups.setdefault((len(d), method), []).append(i)
    for (n, method), idx in groups.items():
        if method == "auto":
            for i in idx:
                res = sps.wilcoxon(
                    diffs[i],
                    zero_method=zero_method,
                    correction=correction,
                    alternative=alternative,
                    method="auto",
                )
                stat[i], p[i] = res.statistic, res.pvalue
            continue
        block = np.vstack([np.asarray(diffs[i], dtype=float) for i in idx])
        with np.errstate(invalid="ignore", divide="ignore"):
            res = sps.wilcoxon(
                block,
                zero_method=zero_method,
                correction=correction,
                alternative=alternative,
                method=method,
                axis=1,
            )
        stat[idx] = np.atleast_1d(res.statistic)
        p[idx] = np.atleast_1d(res.pvalue)
    return stat, p


def population_pairs(
    first: Sequence[str], second: Optional[Sequence[str]] = None
) -> List[Tuple[str, str]]:
    """OCDN12's populations: every unordered pair within ``first`` (automatic vs automatic), or
    every (a, b) with a in ``first`` and b in ``second`` (human vs automatic)."""
    if second is None:
        return list(combinations(list(first), 2))
    overlap = set(first) & set(second)
    if overlap:
        raise ParameterError("second", sorted(overlap)[:5], "systems disjoint from first")
    return list(product(list(first), list(second)))


def beats_matrix(pairs: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Boolean square matrix: cell (A, B) is True iff A significantly beats B (one-sided p < alpha)."""
    alpha = check_probability("alpha", alpha)
    check_columns(pairs, ["system_a", "system_b", "p_value", "alternative"], "pairs")
    if (pairs["alternative"] != "greater").any():
        raise ParameterError(
            "pairs", "two-sided tests", "one-sided 'greater' tests (pairwise_tests default)"
        )
    order = list(dict.fromkeys(list(pairs["system_a"]) + list(pairs["system_b"])))
    m = pairs.assign(beats=pairs["p_value"] < alpha).pivot(
        index="system_a", columns="system_b", values="beats"
    )
    return m.reindex(index=order, columns=order).fillna(False).astype(bool)


def not_outperformed(pairs: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Systems that no other system significantly beats (Graham 2015 §5): ``system, beaten_by,
    beats, not_outperformed``."""
    m = beats_matrix(pairs, alpha)
    out = pd.DataFrame(
        {
            "system": m.index,
            "beaten_by": m.sum(axis=0).to_numpy(),
            "beats": m.sum(axis=1).to_numpy(),
        }
    )
    out["not_outperformed"] = out["beaten_by"] == 0
    return out


def significance_decisions(
    scores: pd.DataFrame,
    *,
    metric: Optional[str] = None,
    test: str = "wilcoxon",
    alpha: float = 0.05,
    **kwargs,
) -> pd.DataFrame:
    """OCDN12 decisions per unordered pair: two-sided test; ``decision`` +1 / -1 / 0.

    Direction: sign of the median of A - B, the mean when the median is 0. Also returns
    ``ranking_sign`` = sign(mean_a - mean_b) over the shared inputs (for ``all_accuracy``).
    """
    alpha = check_probability("alpha", alpha)
    out = pairwise_tests(scores, metric=metric, test=test, alternative="two-sided", **kwargs)
    direction = np.sign(out["median_diff"]).where(
        out["median_diff"] != 0, np.sign(out["mean_diff"])
    )
    out["decision"] = np.where(out["p_value"] < alpha, direction, 0).astype(int)
    out["ranking_sign"] = np.sign(out["mean_a"] - out["mean_b"]).astype(int)
    return out


def decision_agreement(
    manual: pd.DataFrame, automatic: pd.DataFrame, *, contr_denominator: str = "manual_diff"
) -> pd.DataFrame:
    """Agreement of automatic with manual significance decisions (OCDN12 Tables 2-3).

    Both frames come from :func:`significance_decisions` over the same systems. Returns one row
    with counts and ``diff, no_diff, contr, sig_accuracy, all_accuracy`` (proportions in [0, 1];
    NaN when a denominator is 0). ``contr_denominator``: ``"manual_diff"`` (pairs the manual
    metric finds different; then diff + contr + missed = 1) or ``"all"``.
    """
    check_choice("contr_denominator", contr_denominator, ("manual_diff", "all"))
    cols = ["system_a", "system_b", "decision", "ranking_sign"]
    check_columns(manual, cols, "manual")
    check_columns(automatic, cols, "automatic")
    man = _canonical(manual)
    aut = _canonical(automatic)
    if set(man.index) != set(aut.index):
        raise ParameterError(
            "automatic",
            sorted(set(man.index) ^ set(aut.index))[:5],
            "decisions for exactly the manual metric's system pairs",
        )
    aut = aut.loc[man.index]
    dm, da = man["decision"].to_numpy(), aut["decision"].to_numpy()
    n_diff = int((dm != 0).sum())
    n_same = int((dm == 0).sum())
    agree_diff = int(((dm != 0) & (da == dm)).sum())
    agree_same = int(((dm == 0) & (da == 0)).sum())
    contr = int(((dm != 0) & (da == -dm)).sum())
    contr_den = n_diff if contr_denominator == "manual_diff" else len(dm)
    ratio = lambda a, b: a / b if b else float("nan")  # noqa: E731
    return pd.DataFrame(
        [
            {
                "pairs": len(dm),
                "manual_diff": n_diff,
                "manual_no_diff": n_same,
                "diff": ratio(agree_diff, n_diff),
                "no_diff": ratio(agree_same, n_same),
                "contr": ratio(contr, contr_den),
                "contradictions": contr,
                "sig_accuracy": ratio(int((da == dm).sum()), len(dm)),
                "all_accuracy": ratio(
                    int((man["ranking_sign"].to_numpy() == aut["ranking_sign"].to_numpy()).sum()),
                    len(dm),
                ),
            }
        ]
    )


def _canonical(frame: pd.DataFrame) -> pd.DataFrame:
    """Index decisions by the sorted system pair, flipping signs where the pair was reversed."""
    a, b = frame["system_a"].astype(str), frame["system_b"].astype(str)
    flip = a > b
    out = pd.DataFrame(
        {
            "key": [tuple(sorted(p)) for p in zip(a, b)],
            "decision": np.where(flip, -frame["decision"], frame["decision"]),
            "ranking_sign": np.where(flip, -frame["ranking_sign"], frame["ranking_sign"]),
        }
    )
    if out["key"].duplicated().any():
        raise ParameterError(
            "decisions", "duplicate system pairs", "one decision per unordered pair"
        )
    return out.set_index("key")


def agreement_indicators(manual: pd.DataFrame, automatic: pd.DataFrame) -> pd.DataFrame:
    """Per system pair, whether the automatic decision equals the manual one (``sig``) and
    whether their rankings agree (``rank``): the per-pair terms whose means are
    :func:`decision_agreement`'s ``sig_accuracy`` and ``all_accuracy``. Indexed by the
    canonical pair ``(system_a, system_b)``."""
    cols = ["system_a", "system_b", "decision", "ranking_sign"]
    check_columns(manual, cols, "manual")
    check_columns(automatic, cols, "automatic")
    man, aut = _canonical(manual), _canonical(automatic)
    if set(man.index) != set(aut.index):
        raise ParameterError(
            "automatic",
            sorted(set(man.index) ^ set(aut.index))[:5],
            "decisions for exactly the manual metric's system pairs",
        )
    aut = aut.loc[man.index]
    return pd.DataFrame(
        {
            "sig": man["decision"].to_numpy() == aut["decision"].to_numpy(),
            "rank": man["ranking_sign"].to_numpy() == aut["ranking_sign"].to_numpy(),
        },
        index=man.index,
    )


def mcnemar_test(a, b) -> Tuple[float, float]:
    """Exact McNemar test of two paired success indicators (e.g. two metrics' agreement
    with the manual decision on the same system pairs).

    Returns ``(difference, p)``: the difference of the success rates, mean(a) - mean(b), and
    the two-sided exact p-value (binomial on the discordant pairs, McNemar 1947; computed by
    :func:`statsmodels.stats.contingency_tables.mcnemar` with ``exact=True``). p = 1 when no
    pair is discordant. The pairs are treated as independent, which system pairs sharing a
    system are not: the p-value is a guide, not an exact level.

    >>> mcnemar_test([1, 1, 1, 1, 1, 1, 0, 1], [0, 0, 0, 0, 0, 0, 0, 1])
    (0.75, 0.03125)
    """
    from statsmodels.stats.contingency_tables import mcnemar

    a = np.asarray(a, dtype=bool)
    b = np.asarray(b, dtype=bool)
    if a.shape != b.shape or a.ndim != 1 or not len(a):
        raise ParameterError("b", b.shape, f"paired indicators of the same length as a ({a.shape})")
    table = [[int((a & b).sum()), int((a & ~b).sum())], [int((~a & b).sum()), int((~a & ~b).sum())]]
    p = 1.0 if table[0][1] + table[1][0] == 0 else float(mcnemar(table, exact=True).pvalue)
    return float(a.mean() - b.mean()), p
