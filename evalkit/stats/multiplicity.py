"""Multiple comparisons and binomial confidence intervals.

* Experiment-wise error (Riezler & Maxwell 2005, §4): with k independent comparisons each
  run at per-comparison level p_c, the probability of at least one false rejection is
  ``p_e = 1 - (1 - p_c)^k`` (e.g. 15 systems, k = 105 pairs, p_c = .05 gives .9954).
  Its inverse (Šidák) ``p_c = 1 - (1 - p_e)^(1/k)`` and Bonferroni's ``p_e / k`` give the
  per-comparison level that keeps p_e at a target.
* Binomial proportions with a confidence interval (Owczarzak et al. 2012, Figs. 3-5: the
  normal approximation ``p ± z·sqrt(p(1-p)/n)``; Wilson and Clopper-Pearson through scipy).
* Sign test (exact, McNemar on discordant pairs), the intersection-union rule ("every
  one of n differences has the same sign": p = max p_i; Berger 1982) and Fisher's z for
  two correlations of independent samples.
* Partial conjunction (Benjamini & Heller 2008), used for replicability across data sets
  (Dror, Baumer, Bogomolov & Reichart 2017, "Replicability Analysis for NLP", TACL) and by
  Deutsch, Dror & Roth (2021, Sec. 6) to say in how many of n comparisons one metric beats
  another. With sorted p-values ``p_(1) <= ... <= p_(n)``, the p-value of "at least u of the
  n nulls are false" is ``(n-u+1) p_(u)`` (Bonferroni), ``P(chi2_{2(n-u+1)} >= -2 sum_{i>=u}
  log p_(i))`` (Fisher) or ``min_{i>=u} (n-u+1)/(i-u+1) p_(i)`` (Simes). The count is
  ``k = max{u : max_{v<=u} p^{v/n} <= alpha}`` and the k comparisons with the smallest p-values
  are identified; with Bonferroni this is exactly Holm's step-down procedure.

References:

* Riezler, S., & Maxwell, J. T. (2005). On some pitfalls in automatic evaluation and
  significance testing for MT. ACL Workshop on Intrinsic and Extrinsic Evaluation Measures.
* Owczarzak, K., Conroy, J. M., Dang, H. T., & Nenkova, A. (2012). An assessment of the
  accuracy of automatic evaluation in summarization. NAACL-HLT Workshop on Evaluation Metrics
  and System Comparison for Automatic Summarization.
* Berger, R. L. (1982). Multiparameter hypothesis testing and acceptance sampling.
  Technometrics 24(4), 295-300.
* Benjamini, Y., & Heller, R. (2008). Screening for partial conjunction hypotheses.
  Biometrics 64(4), 1215-1222.
"""

from __future__ import annotations

from typing import Sequence, Tuple

import numpy as np
import pandas as pd
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice, check_int, check_probability

__all__ = [
    "contrast_z_test",
    "experimentwise_error",
    "per_comparison_level",
    "binomial_ci",
    "ci_versus_reference",
    "experimentwise_grid",
    "simulate_experimentwise",
    "multiplicity_verdicts",
    "partial_conjunction",
    "sign_test",
    "intersection_union",
    "fisher_z_difference",
]


def experimentwise_error(per_comparison: float, k: int) -> float:
    """Probability of at least one false rejection among ``k`` independent tests.

    ``p_e = 1 - (1 - p_c)^k`` (Riezler & Maxwell 2005, Sec. 4).

    Parameters
    ----------
    per_comparison : float
        p_c, the level of each test, in [0, 1].
    k : int
        Number of comparisons, >= 1.

    Returns
    -------
    float
        p_e in [0, 1].

    Examples
    --------
    15 systems give 105 pairs; tested at .05 each, a false rejection is almost certain:

    >>> from evalkit.stats.multiplicity import experimentwise_error
    >>> round(experimentwise_error(0.05, 105), 4), experimentwise_error(0.05, 1)
    (0.9954, 0.05)
    """
    pc = check_probability("per_comparison", per_comparison, open_interval=False)
    k = check_int("k", k, minimum=1)
    return float(-np.expm1(k * np.log1p(-pc))) if pc < 1 else 1.0


def per_comparison_level(experimentwise: float, k: int, method: str = "sidak") -> float:
    """Per-comparison level that keeps the experiment-wise error at ``experimentwise``.

    Parameters
    ----------
    experimentwise : float
        The target p_e, in (0, 1).
    k : int
        Number of comparisons, >= 1.
    method : {"sidak", "bonferroni"}, default "sidak"
        ``"sidak"``: ``1 - (1 - p_e)^(1/k)``, the exact inverse of :func:`experimentwise_error`;
        ``"bonferroni"``: ``p_e / k`` (slightly more conservative).

    Returns
    -------
    float
        The level p_c.

    Examples
    --------
    >>> from evalkit.stats.multiplicity import experimentwise_error, per_comparison_level
    >>> level = per_comparison_level(0.05, 10)
    >>> round(experimentwise_error(level, 10), 10), per_comparison_level(0.05, 10, "bonferroni")
    (0.05, 0.005)
    """
    pe = check_probability("experimentwise", experimentwise)
    k = check_int("k", k, minimum=1)
    check_choice("method", method, ("sidak", "bonferroni"))
    if method == "bonferroni":
        return pe / k
    return float(-np.expm1(np.log1p(-pe) / k))


def binomial_ci(successes, n, confidence: float = 0.95, method: str = "normal") -> pd.DataFrame:
    """Proportion ``successes / n`` with a two-sided confidence interval.

    Parameters
    ----------
    successes : int or array_like of int
        Counts of successes, >= 0.
    n : int or array_like of int
        Trials, >= 1 and >= ``successes``; scalars or arrays broadcast together.
    confidence : float, default 0.95
        In (0, 1).
    method : {"normal", "wilson", "exact"}, default "normal"
        ``"normal"``: Wald, as Owczarzak et al. (2012), ``p ± z·sqrt(p(1-p)/n)`` (not
        clipped to [0, 1]); ``"wilson"`` and ``"exact"`` (Clopper-Pearson) from
        :func:`scipy.stats.binomtest`.

    Returns
    -------
    pandas.DataFrame
        One row per count: ``successes, n, proportion, ci_low, ci_high``.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.multiplicity import binomial_ci
    >>> ci = binomial_ci([30, 5], 50)
    >>> ci["proportion"].tolist()
    [0.6, 0.1]
    >>> half = stats.norm.ppf(0.975) * np.sqrt(0.6 * 0.4 / 50)
    >>> bool(np.isclose(ci.loc[0, "ci_high"], 0.6 + half))
    True
    >>> exact = binomial_ci(5, 50, method="exact")
    >>> ref = stats.binomtest(5, 50).proportion_ci(0.95, method="exact")
    >>> bool(np.allclose(exact[["ci_low", "ci_high"]].values[0], [ref.low, ref.high]))
    True
    """
    conf = check_probability("confidence", confidence)
    check_choice("method", method, ("normal", "wilson", "exact"))
    k = np.atleast_1d(np.asarray(successes))
    m = np.atleast_1d(np.asarray(n))
    k, m = np.broadcast_arrays(k, m)
    for name, arr in (("successes", k), ("n", m)):
        if not np.issubdtype(arr.dtype, np.integer) or (arr < 0).any():
            _invalid(name, arr)
    if (m < 1).any() or (k > m).any():
        _invalid("n", m, "n >= 1 and successes <= n")
    p = k / m
    if method == "normal":
        z = stats.norm.ppf(0.5 + conf / 2)
        half = z * np.sqrt(p * (1 - p) / m)
        low, high = p - half, p + half
    else:
        bounds = [
            stats.binomtest(int(a), int(b)).proportion_ci(conf, method=method) for a, b in zip(k, m)
        ]
        low = np.array([b.low for b in bounds])
        high = np.array([b.high for b in bounds])
    return pd.DataFrame({"successes": k, "n": m, "proportion": p, "ci_low": low, "ci_high": high})


def sign_test(wins: int, losses: int) -> float:
    """Exact two-sided sign test (McNemar's exact test on discordant pairs).

    Under H0 each discordant pair goes either way with probability 1/2: the p-value is
    ``P(|X - n/2| >= |wins - n/2|)`` with ``X ~ Binomial(wins + losses, 1/2)``. Ties
    (concordant pairs) are left out by the caller.

    Parameters
    ----------
    wins, losses : int
        Discordant pairs won and lost, >= 0.

    Returns
    -------
    float
        The p-value; 1.0 when there is no discordant pair.

    Examples
    --------
    9 wins and 1 loss: ``P(X <= 1 or X >= 9) = 2 · 11 / 1024``.

    >>> from evalkit.stats.multiplicity import sign_test
    >>> round(sign_test(9, 1), 6), round(22 / 1024, 6)
    (0.021484, 0.021484)
    >>> sign_test(0, 0)
    1.0
    """
    wins = check_int("wins", wins, minimum=0)
    losses = check_int("losses", losses, minimum=0)
    if wins + losses == 0:
        return 1.0
    return float(stats.binomtest(wins, wins + losses, 0.5).pvalue)


def intersection_union(differences: Sequence[float], p_values: Sequence[float]):
    """The intersection-union test of "every difference has the same sign" (Berger 1982).

    The claim holds when every pair's test rejects, so p = max(p_i) when all differences share
    a sign; with mixed signs the claim cannot be shown (p = 1).

    Parameters
    ----------
    differences : sequence of float
        Per-pair differences.
    p_values : sequence of float
        Per-pair two-sided p-values, as many as ``differences`` (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    mean_difference : float
    p_value : float

    Examples
    --------
    >>> from evalkit.stats.multiplicity import intersection_union
    >>> intersection_union([0.5, 1.5], [0.01, 0.03])
    (1.0, 0.03)
    >>> intersection_union([0.5, -1.5], [0.01, 0.03])
    (-0.5, 1.0)
    """
    d = np.asarray(differences, dtype=float)
    p = np.asarray(p_values, dtype=float)
    if d.size == 0 or d.size != p.size:
        raise ParameterError("differences", d.size, "as many differences as p-values (> 0)")
    same = bool((d > 0).all() or (d < 0).all())
    return float(d.mean()), float(p.max()) if same else 1.0


def fisher_z_difference(r1: float, n1: int, r2: float, n2: int) -> Tuple[float, float]:
    """Fisher's z test of r1 = r2 for correlations from independent samples.

    ``z = (atanh r1 - atanh r2) / sqrt(1/(n1-3) + 1/(n2-3))``, two-sided normal p-value.

    Parameters
    ----------
    r1, r2 : float
        The two correlations, in (-1, 1).
    n1, n2 : int
        Their sample sizes, both > 3 (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    z : float
    p_value : float

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.multiplicity import fisher_z_difference
    >>> z, p = fisher_z_difference(0.5, 28, 0.5, 53)
    >>> z, p
    (0.0, 1.0)
    >>> z, p = fisher_z_difference(0.8, 28, 0.5, 28)
    >>> bool(np.isclose(z, (np.arctanh(0.8) - np.arctanh(0.5)) / np.sqrt(2 / 25)))
    True
    """
    if min(n1, n2) <= 3:
        raise ParameterError("n", (n1, n2), "sample sizes above 3")
    z = (np.arctanh(r1) - np.arctanh(r2)) / np.sqrt(1 / (n1 - 3) + 1 / (n2 - 3))
    return float(z), float(2 * stats.norm.sf(abs(z)))


def contrast_z_test(
    groups: Sequence[Sequence[float]], weights: Sequence[float]
) -> Tuple[float, float]:
    """A linear contrast of group means and its two-sided normal p-value.

    The estimate is ``sum_i w_i mean_i`` with standard error ``sqrt(sum_i w_i² s_i² / n_i)``
    (a Welch-type z test on independent groups of draws).

    Parameters
    ----------
    groups : sequence of sequence of float
        The draws of each group, at least 2 per group.
    weights : sequence of float
        One weight per group (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    estimate : float
    p_value : float
        1.0 when every group is constant.

    Examples
    --------
    >>> from evalkit.stats.multiplicity import contrast_z_test
    >>> est, p = contrast_z_test([[1.0, 1.2, 0.8], [2.0, 2.2, 1.8]], [-1.0, 1.0])
    >>> round(est, 3), p < 0.001
    (1.0, True)
    >>> contrast_z_test([[1.0, 1.0], [2.0, 2.0]], [-1.0, 1.0])
    (1.0, 1.0)
    """
    if len(groups) != len(weights) or any(len(g) < 2 for g in groups):
        raise ParameterError("groups", len(groups), "one group of >= 2 draws per weight")
    est = float(sum(w * np.mean(g) for w, g in zip(weights, groups)))
    se = float(np.sqrt(sum(w**2 * np.var(g, ddof=1) / len(g) for w, g in zip(weights, groups))))
    return est, (1.0 if se == 0 else float(2 * stats.norm.sf(abs(est) / se)))


def ci_versus_reference(
    successes, n, reference: float, confidence: float = 0.95, method: str = "normal"
) -> pd.DataFrame:
    """Binomial confidence interval plus a verdict against a reference proportion.

    As Owczarzak et al. (2012) compare a metric's agreement rate with a baseline's: ``verdict``
    is ``"better"`` when the whole interval lies above ``reference``, ``"worse"`` when below,
    else ``"not different"``.

    Parameters
    ----------
    successes, n, confidence, method
        As in :func:`binomial_ci`.
    reference : float
        p0, in [0, 1].

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`binomial_ci` plus ``reference, verdict``.

    Examples
    --------
    >>> from evalkit.stats.multiplicity import ci_versus_reference
    >>> ci_versus_reference([90, 55, 10], 100, reference=0.5)["verdict"].tolist()
    ['better', 'not different', 'worse']
    """
    p0 = check_probability("reference", reference, open_interval=False)
    out = binomial_ci(successes, n, confidence, method)
    out["reference"] = p0
    out["verdict"] = np.where(
        out["ci_low"] > p0, "better", np.where(out["ci_high"] < p0, "worse", "not different")
    )
    return out


def partial_conjunction(
    p_values, *, alpha: float = 0.05, method: str = "bonferroni"
) -> pd.DataFrame:
    """Partial-conjunction p-values and the replicability count (see the module docstring).

    Parameters
    ----------
    p_values : sequence of float or pandas.Series
        One p-value per comparison, in [0, 1], no NaN; a Series' index names the comparisons.
    alpha : float, default 0.05
        In (0, 1).
    method : {"bonferroni", "fisher", "simes"}, default "bonferroni"
        How the n - u + 1 largest p-values are combined.

    Returns
    -------
    pandas.DataFrame
        One row per u = 1..n, in increasing order of the individual p-values: ``u, comparison,
        p_value, pc_p_value (p^{u/n}), pc_monotone (max over v <= u), rejected``;
        ``rejected.sum()`` is the count k of comparisons in which the alternative holds.

    Dror, R., Baumer, G., Bogomolov, M., & Reichart, R. (2017). Replicability analysis for
    natural language processing: testing significance with multiple datasets. TACL 5.

    Examples
    --------
    With Bonferroni the p-values are ``3 · .01``, ``2 · .04`` and ``.3``:

    >>> import pandas as pd
    >>> from evalkit.stats.multiplicity import partial_conjunction
    >>> out = partial_conjunction(pd.Series([0.04, 0.01, 0.3], index=["b", "a", "c"]))
    >>> out[["comparison", "pc_p_value", "rejected"]].round(4).values.tolist()
    [['a', 0.03, True], ['b', 0.08, False], ['c', 0.3, False]]
    """
    check_choice("method", method, ("bonferroni", "fisher", "simes"))
    alpha = check_probability("alpha", alpha)
    series = p_values if isinstance(p_values, pd.Series) else pd.Series(list(p_values))
    p = series.to_numpy(dtype=float)
    if p.size == 0 or np.isnan(p).any() or (p < 0).any() or (p > 1).any():
        raise ParameterError(
            "p_values", series.tolist(), "a non-empty sequence of p-values in [0, 1]"
        )
    order = np.argsort(p, kind="stable")
    ps = p[order]
    n = len(ps)
    pc = np.empty(n)
    for u in range(1, n + 1):
        rest = ps[u - 1 :]
        m = n - u + 1
        if method == "bonferroni":
            pc[u - 1] = min(1.0, m * rest[0])
        elif method == "fisher":
            with np.errstate(divide="ignore"):
                pc[u - 1] = stats.chi2.sf(-2 * np.log(rest).sum(), 2 * m)
        else:
            pc[u - 1] = min(1.0, float(np.min(m / np.arange(1, m + 1) * rest)))
    mono = np.maximum.accumulate(pc)
    return pd.DataFrame(
        {
            "u": np.arange(1, n + 1),
            "comparison": series.index.to_numpy()[order],
            "p_value": ps,
            "pc_p_value": pc,
            "pc_monotone": mono,
            "rejected": mono <= alpha,
        }
    )


def _invalid(name, value, expected="non-negative integers"):
    raise ParameterError(name, value.tolist() if hasattr(value, "tolist") else value, expected)


def experimentwise_grid(ks, per_comparison, target: float = 0.05) -> pd.DataFrame:
    """The experiment-wise error over a grid of k and p_c, with the levels that keep a target.

    Parameters
    ----------
    ks : iterable of int
        Numbers of comparisons.
    per_comparison : iterable of float
        Per-comparison levels p_c.
    target : float, default 0.05
        The experiment-wise error to keep.

    Returns
    -------
    pandas.DataFrame
        One row per (k, p_c): ``k, per_comparison, experimentwise, sidak_level,
        bonferroni_level`` (the last two: the p_c that keeps p_e at ``target``, exactly (Šidák)
        and by Bonferroni).

    Examples
    --------
    >>> from evalkit.stats.multiplicity import experimentwise_grid
    >>> g = experimentwise_grid([1, 105], [0.05])
    >>> g[["k", "experimentwise", "bonferroni_level"]].round(4).values.tolist()
    [[1.0, 0.05, 0.05], [105.0, 0.9954, 0.0005]]
    """
    rows = []
    for k in ks:
        for pc in per_comparison:
            rows.append(
                {
                    "k": int(k),
                    "per_comparison": float(pc),
                    "experimentwise": experimentwise_error(float(pc), int(k)),
                    "sidak_level": per_comparison_level(target, int(k), "sidak"),
                    "bonferroni_level": per_comparison_level(target, int(k), "bonferroni"),
                }
            )
    return pd.DataFrame(rows)


def simulate_experimentwise(ks, per_comparison, n_experiments: int, seed: int) -> pd.DataFrame:
    """Monte Carlo check of ``p_e = 1 - (1 - p_c)^k`` with independent null p-values.

    Each simulated experiment draws k p-values uniform on [0, 1] (the null distribution of a
    continuous test) and asks whether any is <= p_c. With independent comparisons the formula
    is exact, so ``z`` should be small.

    Parameters
    ----------
    ks, per_comparison
        As :func:`experimentwise_grid`.
    n_experiments : int
        Simulated experiments per (k, p_c), >= 1.
    seed : int
        The stream is ``numpy.random.default_rng([seed, 44])``.

    Returns
    -------
    pandas.DataFrame
        One row per (k, p_c): ``k, per_comparison, formula, simulated, n_experiments,
        std_error, z`` (z: simulated minus formula in standard errors).

    Examples
    --------
    >>> from evalkit.stats.multiplicity import simulate_experimentwise
    >>> sim = simulate_experimentwise([5], [0.05], n_experiments=20000, seed=0)
    >>> round(float(sim.loc[0, "formula"]), 4), bool(abs(sim.loc[0, "z"]) < 4)
    (0.2262, True)
    """
    n_experiments = check_int("n_experiments", n_experiments, minimum=1)
    gen = np.random.default_rng([int(seed), 44])
    rows = []
    for k in ks:
        for pc in per_comparison:
            share = float((gen.random((n_experiments, int(k))) <= pc).any(axis=1).mean())
            se = float(np.sqrt(share * (1 - share) / n_experiments))
            formula = experimentwise_error(float(pc), int(k))
            rows.append(
                {
                    "k": int(k),
                    "per_comparison": float(pc),
                    "formula": formula,
                    "simulated": share,
                    "n_experiments": n_experiments,
                    "std_error": se,
                    "z": (share - formula) / se if se > 0 else 0.0,
                }
            )
    return pd.DataFrame(rows)


def multiplicity_verdicts(
    result: pd.DataFrame,
    per_comparison: float = 0.05,
    experimentwise: float = 0.05,
    by=("metric", "test"),
) -> pd.DataFrame:
    """Add multiplicity verdicts to a table of p-values (one row per comparison).

    Parameters
    ----------
    result : pandas.DataFrame
        A ``p_value`` column (else :class:`~evalkit.errors.ParameterError`) and the columns of
        ``by``.
    per_comparison : float, default 0.05
        The level of each test, in (0, 1).
    experimentwise : float, default 0.05
        The experiment-wise error to keep, in (0, 1).
    by : sequence of str, default ("metric", "test")
        A group of rows is one family of k comparisons.

    Returns
    -------
    pandas.DataFrame
        A copy of ``result`` with ``k, significant`` (p <= ``per_comparison``),
        ``sidak_level, significant_sidak``, ``significant_bonferroni`` (p <= experimentwise / k)
        and ``experimentwise_error`` (p_e of k comparisons at ``per_comparison``).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.multiplicity import multiplicity_verdicts
    >>> res = pd.DataFrame({"metric": "bleu", "test": "ar", "p_value": [0.001, 0.02, 0.4]})
    >>> out = multiplicity_verdicts(res)
    >>> out[["significant", "significant_bonferroni"]].values.tolist()
    [[True, True], [True, False], [False, False]]
    """
    pc = check_probability("per_comparison", per_comparison)
    pe = check_probability("experimentwise", experimentwise)
    if "p_value" not in result.columns:
        raise ParameterError("result", list(result.columns), "a column 'p_value'")
    out = result.copy()
    k = out.groupby(list(by))["p_value"].transform("size").astype(int)
    out["k"] = k
    out["significant"] = out["p_value"] <= pc
    out["sidak_level"] = [per_comparison_level(pe, int(x), "sidak") for x in k]
    out["significant_sidak"] = out["p_value"] <= out["sidak_level"]
    out["significant_bonferroni"] = out["p_value"] <= pe / k
    out["experimentwise_error"] = [experimentwise_error(pc, int(x)) for x in k]
    return out
