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

References:

* Owczarzak, K., Conroy, J. M., Dang, H. T., & Nenkova, A. (2012). An assessment of the
  accuracy of automatic evaluation in summarization. NAACL-HLT Workshop on Evaluation Metrics
  and System Comparison for Automatic Summarization.
* Graham, Y. (2015). Re-evaluating automatic summarization with BLEU and 192 shades of ROUGE.
  EMNLP 2015.
* McNemar, Q. (1947). Note on the sampling error of the difference between correlated
  proportions or percentages. Psychometrika 12(2), 153-157.
* Pitman, E. J. G. (1937). Significance tests which may be applied to samples from any
  populations. Supplement to the JRSS 4(1), 119-130 (the sign-flip test of paired values).
* Snijders, T. A. B., & Borgatti, S. P. (1999). Non-parametric standard errors and tests for
  network statistics. Connections 22(2), 61-70 (the vertex bootstrap of pair statistics).
"""

from __future__ import annotations

from itertools import combinations, permutations, product
from typing import Iterable, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats._shared import show_options
from evalkit.stats.correlation import percentile_interval
from evalkit.stats.validation import (
    SeedLike,
    check_choice,
    check_columns,
    check_int,
    check_probability,
    rng_from_seed,
    score_frame,
    select_level,
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
    "sign_flip_test",
    "system_pair_bootstrap",
    "unit_set_bootstrap",
    "unit_set_weights",
    "population_pairs",
    "wilcoxon_rows",
]

TESTS = ("t", "wilcoxon")
ALTERNATIVES = ("two-sided", "greater", "less")


def _paired_values(x, y) -> Tuple[np.ndarray, np.ndarray]:
    """``x, y`` as float arrays of paired values: 1-D, the same length >= 2, no NaN (else
    :class:`~evalkit.errors.ParameterError` naming the argument)."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1:
        raise ParameterError("y", y.shape, f"a 1-D array of the same length as x ({x.shape})")
    if np.isnan(x).any() or np.isnan(y).any():
        raise ParameterError("x", "NaN values", "complete pairs (drop unshared units first)")
    if len(x) < 2:
        raise ParameterError("x", len(x), "at least 2 paired values")
    return x, y


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

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Paired scores, n >= 2, no NaN (drop unshared inputs first); otherwise
        :class:`~evalkit.errors.ParameterError`.
    test : {"t", "wilcoxon"}, default "t"
        ``"t"``: paired t-test (:func:`scipy.stats.ttest_rel`, n - 1 degrees of freedom);
        ``"wilcoxon"``: signed-rank test (:func:`scipy.stats.wilcoxon`; statistic W, the
        smaller rank sum for two-sided, R+ otherwise).
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        ``"greater"``: H1 "x > y".
    zero_method : str, default "wilcox"
    correction : bool, default False
    method : str, default "auto"
        Passed to :func:`scipy.stats.wilcoxon`; fix them explicitly, tools differ.

    Returns
    -------
    pandas.DataFrame
        One row: ``test, alternative, n, statistic, p_value, mean_diff, median_diff``
        (differences x - y).

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.pairwise import paired_test
    >>> x, y = [31, 28, 35, 30, 29], [29, 27, 30, 33, 25]
    >>> row = paired_test(x, y).iloc[0]
    >>> bool(np.isclose(row.p_value, stats.ttest_rel(x, y).pvalue)), float(row.mean_diff)
    (True, 1.8)

    The differences are 2, 1, 5, -3, 4; the positive ones have ranks 2, 1, 5 and 4:

    >>> float(paired_test(x, y, test="wilcoxon", alternative="greater").loc[0, "statistic"])
    12.0
    """
    check_choice("test", test, TESTS)
    check_choice("alternative", alternative, ALTERNATIVES)
    x, y = _paired_values(x, y)
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
    scores, inst, sys_col = score_frame(scores, "scores")
    scores = select_level(scores, "metric", metric, "scores")
    if scores.duplicated([inst, sys_col]).any():
        raise ParameterError(
            "scores", "duplicate (instance, system) rows", "one score per input and system"
        )
    return scores.pivot(index=inst, columns=sys_col, values="value")


def shapiro_by_system(
    scores: pd.DataFrame, *, metric: Optional[str] = None, alpha: float = 0.05
) -> pd.DataFrame:
    """Shapiro-Wilk normality test of each system's per-input scores.

    Uses :func:`scipy.stats.shapiro` (Royston's AS R94).

    Parameters
    ----------
    scores : pandas.DataFrame
        Long ``instance|segment|topic, system|summarizer, value[, metric]``; one score per input
        and system, at least 3 per system (else :class:`~evalkit.errors.ParameterError`).
    metric : str, optional
        Which metric, when a ``metric`` column holds several.
    alpha : float, default 0.05
        In (0, 1).

    Returns
    -------
    pandas.DataFrame
        ``system, n, W, p_value, normal`` (``normal``: p >= alpha).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import shapiro_by_system
    >>> rng = np.random.default_rng(0)
    >>> scores = pd.DataFrame({"instance": np.tile(np.arange(40), 2), "system": np.repeat(["A", "B"], 40),
    ...                        "value": np.r_[rng.normal(size=40), rng.exponential(size=40) ** 3]})
    >>> shapiro_by_system(scores)[["system", "n", "normal"]].values.tolist()
    [['A', 40, True], ['B', 40, False]]
    """
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

    Parameters
    ----------
    scores : pandas.DataFrame
        Long ``instance, system, value[, metric]``, one score per input and system.
    metric : str, optional
        Which metric, when a ``metric`` column holds several.
    test : {"t", "wilcoxon"}, default "t"
    alternative : {"greater", "two-sided", "less"}, default "greater"
        ``"greater"``: every ordered pair (A, B), H1 "A > B" (Graham 2015, Figure 4);
        ``"two-sided"``: every unordered pair once.
    min_shared : int, default 2
        A pair sharing fewer inputs raises :class:`~evalkit.errors.ParameterError`.
    pairs : iterable of (str, str), optional
        Test only these (A, B) pairs (e.g. :func:`population_pairs`).
    **kwargs
        Passed to :func:`paired_test` (``zero_method``, ``correction``, ``method``). Wilcoxon
        tests with ``method="auto"`` run batched (:func:`wilcoxon_rows`), same results.

    Returns
    -------
    pandas.DataFrame
        ``system_a, system_b, mean_a, mean_b`` plus the columns of :func:`paired_test`.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import pairwise_tests, paired_test
    >>> scores = pd.DataFrame({"instance": [1, 2, 3, 4] * 2, "system": list("AAAABBBB"),
    ...                        "value": [3.0, 4.0, 5.0, 6.0, 1.0, 2.5, 2.0, 4.0]})
    >>> out = pairwise_tests(scores)
    >>> out[["system_a", "system_b", "mean_a", "mean_b"]].values.tolist()
    [['A', 'B', 4.5, 2.375], ['B', 'A', 2.375, 4.5]]
    >>> one = paired_test([3.0, 4, 5, 6], [1.0, 2.5, 2, 4], alternative="greater")
    >>> bool(out.loc[0, "p_value"] == one.loc[0, "p_value"])
    True
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
    """:func:`scipy.stats.wilcoxon` (``method="auto"``) on many difference vectors at once.

    Each vector gets the method scipy would pick for it alone: the exact null distribution
    when it has no ties and no zeros and n <= 50, the permutation test when it has ties or
    zeros and n <= 13, else the normal approximation. Rows of equal length and method go
    through one vectorized scipy call.

    Parameters
    ----------
    diffs : sequence of array_like
        Difference vectors (lengths may differ).
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
    zero_method : str, default "wilcox"
    correction : bool, default False
        As :func:`scipy.stats.wilcoxon`.

    Returns
    -------
    statistics, p_values : numpy.ndarray, shape (len(diffs),)

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.pairwise import wilcoxon_rows
    >>> diffs = [np.array([0.5, -1.2, 2.0, 3.1, 0.7]), np.array([1.0, 1.0, -2.0, 0.0, 3.0, 4.0])]
    >>> stat, p = wilcoxon_rows(diffs)
    >>> bool(np.allclose(p, [stats.wilcoxon(d).pvalue for d in diffs]))
    True
    """
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
    """OCDN12's populations of system pairs (Owczarzak et al. 2012).

    Parameters
    ----------
    first : sequence of str
        Systems (e.g. the automatic summarizers).
    second : sequence of str, optional
        Other systems (e.g. the humans), disjoint from ``first`` (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    list of (str, str)
        Without ``second``, every unordered pair within ``first`` (automatic vs automatic); with
        it, every (a, b) with a in ``first`` and b in ``second`` (human vs automatic).

    Examples
    --------
    >>> from evalkit.stats.pairwise import population_pairs
    >>> population_pairs(["s1", "s2", "s3"])
    [('s1', 's2'), ('s1', 's3'), ('s2', 's3')]
    >>> population_pairs(["s1", "s2"], ["H"])
    [('s1', 'H'), ('s2', 'H')]
    """
    if second is None:
        return list(combinations(list(first), 2))
    overlap = set(first) & set(second)
    if overlap:
        raise ParameterError("second", sorted(overlap)[:5], "systems disjoint from first")
    return list(product(list(first), list(second)))


def beats_matrix(pairs: pd.DataFrame, alpha: float = 0.05) -> pd.DataFrame:
    """Boolean square matrix: cell (A, B) is True iff A significantly beats B.

    Parameters
    ----------
    pairs : pandas.DataFrame
        One-sided ``"greater"`` results of :func:`pairwise_tests` (``system_a, system_b,
        p_value, alternative``); two-sided rows raise :class:`~evalkit.errors.ParameterError`.
    alpha : float, default 0.05
        A pair beats when ``p < alpha``.

    Returns
    -------
    pandas.DataFrame of bool
        Systems x systems, in first-appearance order; the diagonal is False.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import beats_matrix
    >>> pairs = pd.DataFrame({"system_a": ["A", "B"], "system_b": ["B", "A"],
    ...                       "p_value": [0.01, 0.99], "alternative": "greater"})
    >>> beats_matrix(pairs).values.tolist()
    [[False, True], [False, False]]
    """
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
    """Systems that no other system significantly beats (Graham 2015, Sec. 5).

    Parameters
    ----------
    pairs : pandas.DataFrame
        One-sided results of :func:`pairwise_tests` (as :func:`beats_matrix`).
    alpha : float, default 0.05

    Returns
    -------
    pandas.DataFrame
        ``system, beaten_by, beats, not_outperformed`` (how many systems beat it, how many it
        beats, and whether none beats it).

    Examples
    --------
    A beats B (p = .01), B does not beat A:

    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import not_outperformed
    >>> rows = [("A", "B", 0.01), ("B", "A", 0.99)]
    >>> pairs = pd.DataFrame(rows, columns=["system_a", "system_b", "p_value"])
    >>> not_outperformed(pairs.assign(alternative="greater")).values.tolist()
    [['A', 0, 1, True], ['B', 1, 0, False]]
    """
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
    """OCDN12 decisions per unordered pair of systems (Owczarzak et al. 2012).

    A two-sided test per pair; ``decision`` is +1 (A significantly better at ``alpha``), -1 (B
    significantly better) or 0. The direction is the sign of the median of A - B, the mean when
    the median is 0.

    Parameters
    ----------
    scores : pandas.DataFrame
        As :func:`pairwise_tests`.
    metric : str, optional
    test : {"wilcoxon", "t"}, default "wilcoxon"
    alpha : float, default 0.05
        In (0, 1).
    **kwargs
        Passed to :func:`pairwise_tests` (``min_shared``, ``pairs``, scipy options).

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`pairwise_tests` plus ``decision`` and ``ranking_sign`` (sign of
        ``mean_a - mean_b`` over the shared inputs, for ``all_accuracy``).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import significance_decisions
    >>> scores = pd.DataFrame({"instance": list(range(8)) * 2, "system": ["A"] * 8 + ["B"] * 8,
    ...                        "value": [5, 6, 7, 8, 6, 7, 8, 9, 1, 2.5, 3, 4, 2, 3.5, 4, 5.0]})
    >>> significance_decisions(scores, test="t")[["system_a", "system_b", "decision", "ranking_sign"]].values.tolist()
    [['A', 'B', 1, 1]]
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

    Formulas in the module docstring.

    Parameters
    ----------
    manual, automatic : pandas.DataFrame
        Outputs of :func:`significance_decisions` over the same system pairs (else
        :class:`~evalkit.errors.ParameterError`); a pair may be listed in either order.
    contr_denominator : {"manual_diff", "all"}, default "manual_diff"
        ``"manual_diff"``: contradictions over the pairs the manual metric finds different
        (then diff + contr + missed = 1); ``"all"``: over all pairs.

    Returns
    -------
    pandas.DataFrame
        One row: ``pairs, manual_diff, manual_no_diff, diff, no_diff, contr, contradictions,
        sig_accuracy, all_accuracy`` (proportions in [0, 1]; NaN when a denominator is 0).

    Examples
    --------
    Three pairs: the metric agrees on a difference, misses one, and contradicts none.

    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import decision_agreement
    >>> pairs = {"system_a": ["A", "A", "B"], "system_b": ["B", "C", "C"]}
    >>> manual = pd.DataFrame({**pairs, "decision": [1, 1, 0], "ranking_sign": [1, 1, 1]})
    >>> auto = pd.DataFrame({**pairs, "decision": [1, 0, 0], "ranking_sign": [1, 1, -1]})
    >>> out = decision_agreement(manual, auto)
    >>> out[["diff", "no_diff", "contr", "all_accuracy"]].round(4).values.tolist()
    [[0.5, 1.0, 0.0, 0.6667]]
    """
    check_choice("contr_denominator", contr_denominator, ("manual_diff", "all"))
    man, aut = _aligned_decisions(manual, automatic)
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


def _aligned_decisions(manual: pd.DataFrame, automatic: pd.DataFrame):
    """Both decision tables (:func:`significance_decisions`) canonical and in the manual
    table's pair order; they must cover the same system pairs."""
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
    return man, aut.loc[man.index]


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
    """Per system pair, whether automatic and manual decisions and rankings agree.

    The per-pair terms whose means are :func:`decision_agreement`'s ``sig_accuracy`` and
    ``all_accuracy``.

    Parameters
    ----------
    manual, automatic : pandas.DataFrame
        As :func:`decision_agreement`.

    Returns
    -------
    pandas.DataFrame
        Columns ``sig`` (same decision) and ``rank`` (same ranking sign), indexed by the
        canonical (sorted) pair ``(system_a, system_b)``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.pairwise import agreement_indicators
    >>> manual = pd.DataFrame({"system_a": ["A"], "system_b": ["B"], "decision": [1], "ranking_sign": [1]})
    >>> auto = pd.DataFrame({"system_a": ["B"], "system_b": ["A"], "decision": [-1], "ranking_sign": [1]})
    >>> agreement_indicators(manual, auto).values.tolist()   # (B, A) is (A, B) with signs flipped
    [[True, False]]
    """
    man, aut = _aligned_decisions(manual, automatic)
    return pd.DataFrame(
        {
            "sig": man["decision"].to_numpy() == aut["decision"].to_numpy(),
            "rank": man["ranking_sign"].to_numpy() == aut["ranking_sign"].to_numpy(),
        },
        index=man.index,
    )


def mcnemar_test(a, b) -> Tuple[float, float]:
    """Exact McNemar test of two paired success indicators (McNemar 1947).

    For example two metrics' agreement with the manual decision on the same system pairs. The
    p-value is binomial on the discordant pairs
    (:func:`statsmodels.stats.contingency_tables.mcnemar`, ``exact=True``). The pairs are
    treated as independent, which system pairs sharing a system are not: the p-value is a
    guide, not an exact level.

    Parameters
    ----------
    a, b : array_like of bool, shape (n,)
        Paired indicators, n >= 1 (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    difference : float
        mean(a) - mean(b).
    p_value : float
        Two-sided; 1.0 when no pair is discordant.

    Examples
    --------
    Six pairs where only ``a`` succeeds, none where only ``b`` does: p = 2 / 2**6.

    >>> from evalkit.stats.pairwise import mcnemar_test
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


def sign_flip_test(x, y, *, n_resamples: int = 9999, seed: SeedLike = 0) -> Tuple[float, float]:
    """Two-sided paired permutation (sign-flip) test of mean(x - y) = 0 (Pitman 1937).

    Under the null each paired difference d_i = x_i - y_i is as likely -d_i, so the p-value
    is the share of sign vectors s in {-1, +1}^n with ``|mean(s * d)| >= |mean(d)|``: exact
    over all 2^n vectors when 2^n <= ``n_resamples`` (n <= 13 at the default), else from
    ``n_resamples`` random vectors, (b + 1) / (n_resamples + 1)
    (:func:`scipy.stats.permutation_test`, ``permutation_type="samples"``). Unlike the t-test
    it assumes no normality, and its smallest p is 2 / 2^n: two pairs (units) can never be
    significant at 0.05, whatever their differences. The pairs must be the independent units
    of the question (meetings, topics), one value each.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Paired values, n >= 2, no NaN (else :class:`~evalkit.errors.ParameterError`).
    n_resamples : int, default 9999
    seed : int or numpy.random.Generator, default 0
        Used only when the test is not exact.

    Returns
    -------
    difference : float
        mean(x - y).
    p_value : float
        Two-sided, in (0, 1]; 1.0 when every difference is 0.

    Examples
    --------
    Differences 1, 2, 3: of the 8 sign vectors only all-plus and all-minus reach |sum| 6.

    >>> from evalkit.stats.pairwise import sign_flip_test
    >>> sign_flip_test([2, 3, 4], [1, 1, 1])
    (2.0, 0.25)
    """
    x, y = _paired_values(x, y)
    n_resamples = check_int("n_resamples", n_resamples)
    d = x - y
    if not np.any(d):
        return 0.0, 1.0
    res = sps.permutation_test(
        (x, y),
        lambda a, b, axis: np.mean(a - b, axis=axis),
        permutation_type="samples",
        vectorized=True,
        n_resamples=n_resamples,
        alternative="two-sided",
        random_state=rng_from_seed(seed),
    )
    return float(d.mean()), float(min(1.0, res.pvalue))


def system_pair_bootstrap(system_a, system_b, values, **options) -> Tuple[float, float, float]:
    """Mean of a per-pair value over system pairs, with a percentile interval from resampling
    the systems (the vertex bootstrap of Snijders & Borgatti 1999).

    Pairs that share a system are not independent (every system is in n - 1 pairs), so a
    test or interval over pairs is too narrow; the systems are the units. Each resample draws
    as many systems as there are, with replacement (within each group: a TAC year's
    systems are not another year's); a pair (a, b) of the data then counts m_a * m_b times,
    m the times its systems were drawn, and the resample's statistic is the weighted mean
    ``sum(m_a m_b v_ab) / sum(m_a m_b)`` (resamples with no pair left are dropped). The
    interval is the (1 - confidence) / 2 and (1 + confidence) / 2 quantiles of the R
    statistics.

    Parameters
    ----------
    system_a, system_b : array_like, shape (n_pairs,)
        The two systems of each pair (labels; a != b).
    values : array_like of float, shape (n_pairs,)
        One value per pair (an indicator, a paired difference of indicators).
    groups, n_resamples, confidence, seed, holding
        As :func:`unit_set_bootstrap` (a group per pair: a TAC year).

    Returns
    -------
    (mean, low, high) : tuple of float
        The mean of ``values`` over the pairs and its percentile interval.

    Examples
    --------
    Every pair with the same value: the interval is that value.

    >>> from evalkit.stats.pairwise import system_pair_bootstrap
    >>> system_pair_bootstrap(["A", "A", "B"], ["B", "C", "C"], [0.5, 0.5, 0.5], n_resamples=50)
    (0.5, 0.5, 0.5)
    """
    a = np.asarray(system_a, dtype=object)
    b = np.asarray(system_b, dtype=object)
    if a.shape != b.shape or a.ndim != 1:
        raise ParameterError("system_b", b.shape, f"one system per pair ({a.shape} system_a)")
    if np.any(a == b):
        raise ParameterError("system_b", "a pair of a system with itself", "two systems")
    return unit_set_bootstrap(list(zip(a, b)), values, **options)


def unit_set_bootstrap(
    members,
    values,
    *,
    groups=None,
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: SeedLike = 0,
    holding=None,
) -> Tuple[float, float, float]:
    """Mean of a value over items that are sets of units (pairs of systems, sets of
    measures), with a percentile interval from resampling the units: the vertex bootstrap
    of Snijders & Borgatti (1999) for pairs, generalized to sets.

    Items that share a unit are not independent, so the units are resampled: each resample
    draws as many units as there are, with replacement (within each group); an item counts
    ``prod(m_u)`` times, ``m_u`` the times its unit ``u`` was drawn, and the resample's
    statistic is the weighted mean of the values (resamples in which no item is complete
    are dropped). :func:`system_pair_bootstrap` is the case of pairs.

    Parameters
    ----------
    members : sequence of sequences
        The units of each item (labels; distinct within an item).
    values : array_like of float, shape (n_items,)
    groups : array_like, shape (n_items,), optional
        The group of each item (all of its units are in it); units are resampled within
        groups, and a label names one unit only within its group.
    n_resamples : int, default 1000
    confidence : float, default 0.95
    seed : int or numpy.random.Generator, default 0
    holding : float or array_like of float, optional
        Values the interval must hold (e.g. another interval's ends: the wider of two),
        :func:`~evalkit.stats.correlation.percentile_interval`.

    Returns
    -------
    mean : float
        The mean of ``values`` over the items.
    low, high : float
        The percentile interval.

    Examples
    --------
    Sets of three measures out of five, each with the value 1 when it holds:

    >>> from itertools import combinations
    >>> from evalkit.stats.pairwise import unit_set_bootstrap
    >>> sets = list(combinations("abcde", 3))
    >>> holds = [0.0 if "a" in x else 1.0 for x in sets]   # every failure involves measure a
    >>> mean, low, high = unit_set_bootstrap(sets, holds, n_resamples=200)
    >>> round(mean, 2), low < mean < high
    (0.4, True)
    """
    v = np.asarray(values, dtype=float)
    if v.ndim != 1 or len(v) != len(members) or not len(v):
        raise ParameterError("values", v.shape, f"one value per item ({len(members)} items)")
    if np.isnan(v).any():
        raise ParameterError("values", "NaN values", "a value for every item")
    w = unit_set_weights(members, groups=groups, n_resamples=n_resamples, seed=seed)
    lo, hi = percentile_interval((w @ v) / w.sum(axis=1), confidence, holding=holding)
    return float(v.mean()), lo, hi


def unit_set_weights(
    members, *, groups=None, n_resamples: int = 1000, seed: SeedLike = 0
) -> np.ndarray:
    """The resampling weights of :func:`unit_set_bootstrap`, for any statistic of the items.

    Each resample draws as many units as there are, with replacement (within each group),
    and weighs an item by ``prod(m_u)`` over its units, ``m_u`` the times unit ``u`` was
    drawn: integer weights, so a weighted statistic is the statistic of the items repeated
    that many times. Resamples in which no item is drawn whole are dropped.

    Parameters
    ----------
    members : sequence of sequences
        The units of each item (labels; distinct within an item).
    groups : array_like, shape (n_items,), optional
        As :func:`unit_set_bootstrap`.
    n_resamples : int, default 1000
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    numpy.ndarray, shape (n_kept, n_items)
        One row of weights per resample kept.

    Examples
    --------
    >>> from evalkit.stats.pairwise import unit_set_weights
    >>> w = unit_set_weights([("a", "b"), ("a", "c"), ("b", "c")], n_resamples=5, seed=1)
    >>> w.shape[1], bool((w == w.round()).all()), bool((w.sum(axis=1) > 0).all())
    (3, True, True)
    """
    items = [tuple(m) for m in members]
    g = np.zeros(len(items), dtype=object) if groups is None else np.asarray(groups, dtype=object)
    if not items or g.shape != (len(items),):
        raise ParameterError("groups", g.shape, f"one group per item ({len(items)} items)")
    if any(not m or len(set(m)) != len(m) for m in items):
        raise ParameterError(
            "members", "an empty item or a unit twice in one", "distinct units per item"
        )
    n_resamples = check_int("n_resamples", n_resamples)
    rng = rng_from_seed(seed)
    keys = sorted({(gi, u) for gi, m in zip(g, items) for u in m}, key=str)
    index = {k: i for i, k in enumerate(keys)}
    width = max(len(m) for m in items)
    # each item's unit columns, padded with a column of ones
    at = np.full((len(items), width), len(keys))
    for r, (gi, m) in enumerate(zip(g, items)):
        at[r, : len(m)] = [index[(gi, u)] for u in m]
    counts = np.ones((n_resamples, len(keys) + 1))
    for grp in sorted({k[0] for k in keys}, key=str):
        units = np.array([i for i, k in enumerate(keys) if k[0] == grp])
        drawn = rng.integers(0, len(units), size=(n_resamples, len(units)))
        for j in range(len(units)):
            counts[:, units[j]] = (drawn == j).sum(axis=1)
    w = np.prod(counts[:, at], axis=2)
    w = w[w.sum(axis=1) > 0]
    if not len(w):
        raise ParameterError("members", len(keys), "enough units for an item to be drawn whole")
    return w


# the keywords system_pair_bootstrap forwards, shown in its signature (declared once)
show_options(system_pair_bootstrap, unit_set_bootstrap)
