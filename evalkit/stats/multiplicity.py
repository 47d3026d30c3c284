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

    ``p_e = 1 - (1 - p_c)^k``; both in [0, 1]. Riezler & Maxwell (2005): 105 comparisons at
    .05 give .9954; 5 comparisons at .015 give about .07.
    """
    pc = check_probability("per_comparison", per_comparison, open_interval=False)
    k = check_int("k", k, minimum=1)
    return float(-np.expm1(k * np.log1p(-pc))) if pc < 1 else 1.0


def per_comparison_level(experimentwise: float, k: int, method: str = "sidak") -> float:
    """Per-comparison level that keeps the experiment-wise error at ``experimentwise``.

    ``method="sidak"``: ``1 - (1 - p_e)^(1/k)`` (exact inverse of :func:`experimentwise_error`);
    ``method="bonferroni"``: ``p_e / k`` (slightly more conservative).
    """
    pe = check_probability("experimentwise", experimentwise)
    k = check_int("k", k, minimum=1)
    check_choice("method", method, ("sidak", "bonferroni"))
    if method == "bonferroni":
        return pe / k
    return float(-np.expm1(np.log1p(-pe) / k))


def binomial_ci(successes, n, confidence: float = 0.95, method: str = "normal") -> pd.DataFrame:
    """Proportion ``successes / n`` with a two-sided confidence interval.

    ``successes`` and ``n`` may be scalars or equal-length arrays. Methods: ``"normal"``
    (Wald, as Owczarzak et al. 2012: ``p ± z·sqrt(p(1-p)/n)``, not clipped), ``"wilson"``
    and ``"exact"`` (Clopper-Pearson) from :func:`scipy.stats.binomtest`.
    Returns columns ``successes, n, proportion, ci_low, ci_high``.
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
    """Exact two-sided sign test (McNemar's exact test on discordant pairs): the p-value of
    ``wins`` against ``losses`` under H0 that each discordant pair goes either way with
    probability 1/2, ``P(|X - n/2| >= |wins - n/2|)``, ``X ~ Binomial(wins + losses, 1/2)``.
    Ties (concordant pairs) are left out by the caller. 1.0 when there is no discordant pair.

    >>> round(sign_test(9, 1), 4)
    0.0215
    >>> sign_test(0, 0)
    1.0
    """
    wins = check_int("wins", wins, minimum=0)
    losses = check_int("losses", losses, minimum=0)
    if wins + losses == 0:
        return 1.0
    return float(stats.binomtest(wins, wins + losses, 0.5).pvalue)


def intersection_union(differences: Sequence[float], p_values: Sequence[float]):
    """``(mean difference, p)`` of the claim "every difference has the same sign" from
    per-pair two-sided p-values: the intersection-union test rejects when every pair does,
    so p = max(p_i) when all differences share a sign; with mixed signs the claim "all"
    cannot be shown (p = 1)."""
    d = np.asarray(differences, dtype=float)
    p = np.asarray(p_values, dtype=float)
    if d.size == 0 or d.size != p.size:
        raise ParameterError("differences", d.size, "as many differences as p-values (> 0)")
    same = bool((d > 0).all() or (d < 0).all())
    return float(d.mean()), float(p.max()) if same else 1.0


def fisher_z_difference(r1: float, n1: int, r2: float, n2: int) -> Tuple[float, float]:
    """``(z, two-sided p)`` of r1 - r2 for correlations from independent samples of sizes
    n1, n2 (Fisher's z: ``(atanh r1 - atanh r2) / sqrt(1/(n1-3) + 1/(n2-3))``)."""
    if min(n1, n2) <= 3:
        raise ParameterError("n", (n1, n2), "sample sizes above 3")
    z = (np.arctanh(r1) - np.arctanh(r2)) / np.sqrt(1 / (n1 - 3) + 1 / (n2 - 3))
    return float(z), float(2 * stats.norm.sf(abs(z)))


def contrast_z_test(
    groups: Sequence[Sequence[float]], weights: Sequence[float]
) -> Tuple[float, float]:
    """A linear contrast of the means of independent groups of draws, sum_i w_i mean_i, and its
    two-sided normal p-value with the standard error sqrt(sum_i w_i^2 s_i^2 / n_i) (a
    Welch-type z test; p = 1 when every group is constant).

    >>> est, p = contrast_z_test([[1.0, 1.2, 0.8], [2.0, 2.2, 1.8]], [-1.0, 1.0])
    >>> round(est, 3), p < 0.001
    (1.0, True)
    """
    if len(groups) != len(weights) or any(len(g) < 2 for g in groups):
        raise ParameterError("groups", len(groups), "one group of >= 2 draws per weight")
    est = float(sum(w * np.mean(g) for w, g in zip(weights, groups)))
    se = float(np.sqrt(sum(w**2 * np.var(g, ddof=1) / len(g) for w, g in zip(weights, groups))))
    return est, (1.0 if se == 0 else float(2 * stats.norm.sf(abs(est) / se)))


def ci_versus_reference(
    successes, n, reference: float, confidence: float = 0.95, method: str = "normal"
) -> pd.DataFrame:
    """Binomial CI plus a verdict against a reference proportion ``p0`` (Owczarzak et al. 2012).

    ``verdict`` is ``"better"`` when the whole interval lies above ``p0``, ``"worse"`` when
    it lies below, else ``"not different"`` (the z-test approximation of a binomial test).
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

    ``p_values``: a sequence or a pandas Series (its index names the comparisons). Returns one
    row per u = 1..n, in increasing order of the individual p-values: ``u, comparison,
    p_value, pc_p_value (p^{u/n}), pc_monotone (max over v <= u), rejected`` where
    ``rejected.sum()`` is the count k of comparisons in which the alternative holds.

    >>> partial_conjunction([0.01, 0.04, 0.3], alpha=0.05)["rejected"].tolist()
    [True, False, False]
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
    """``p_e = 1 - (1 - p_c)^k`` over a grid, with the per-comparison levels for ``target``.

    Columns: ``k, per_comparison, experimentwise, sidak_level, bonferroni_level`` (the last
    two: the p_c that keeps p_e at ``target``, exactly (Šidák) and by Bonferroni).
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
    continuous test) and asks whether any is <= p_c. Columns: ``k, per_comparison, formula,
    simulated, n_experiments, std_error, z`` (z: simulated minus formula in standard errors).
    With independent comparisons the formula is exact. Stream: ``default_rng([seed, 44])``.
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

    With k comparisons per group ``by`` (the rows of that group), adds ``k, significant``
    (p <= ``per_comparison``), ``sidak_level``, ``significant_sidak`` (p <= the Šidák level
    that keeps the experiment-wise error at ``experimentwise``), ``significant_bonferroni``
    and ``experimentwise_error`` (p_e of k comparisons at ``per_comparison``).
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
