"""Type-I error of paired significance tests, measured by simulation on equivalent systems.

Riezler & Maxwell (2005, §4.3) compare tests on "equivalent" system variants: systems that
"are essentially equal but produce superficially different results". Here a variant takes,
for every segment independently with probability 1/2, the output (the sufficient statistics)
of source system A or of source system B (:func:`equivalent_variants`). Any two variants are
then exchangeable segment by segment, which is exactly the null hypothesis of approximate
randomization and of the paired bootstrap ("any variable tuple produced by one of the systems
could have been produced just as likely by the other", R&M §4.1), so every rejection is a
type-I error, and the share of replications with ``p <= alpha`` estimates the test's type-I
error rate (:func:`rejection_rates`, with a Wilson interval).

Layout: ``pair_statistics[metric] = (stats_A, stats_B)``, two (n_segments, k) arrays of the
same shape; ``scores[metric]`` maps summed statistics (r, k) to r corpus scores.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_int, check_probability
from evalkit.stats.multiplicity import binomial_ci
from evalkit.stats.resampling import significance_table

__all__ = [
    "corpus_scores",
    "closest_pair",
    "equivalent_variants",
    "mix_variants",
    "check_pair_statistics",
    "variant_tests",
    "type1_simulation",
    "rejection_rates",
]


def corpus_scores(
    statistics: Mapping[str, Mapping[str, np.ndarray]], scores: Mapping
) -> pd.DataFrame:
    """Corpus score of every system and metric from its summed statistics:
    ``system, metric, value`` (``statistics[metric][system]`` an (S, k) array)."""
    rows = [
        {
            "system": s,
            "metric": m,
            "value": float(np.asarray(scores[m](np.asarray(a).sum(axis=0)[None]))[0]),
        }
        for m, by_sys in statistics.items()
        for s, a in by_sys.items()
    ]
    return pd.DataFrame(rows)


def closest_pair(statistics: Mapping[str, Mapping[str, np.ndarray]], scores: Mapping, metric: str):
    """The two systems whose corpus ``metric`` scores are closest, in the order given (the
    first is the baseline): the pair whose equivalent variants mimic a small difference."""
    if metric not in statistics:
        raise ParameterError("metric", metric, f"one of {list(statistics)}")
    table = corpus_scores({metric: statistics[metric]}, scores)
    names, values = table["system"].tolist(), table["value"].to_numpy()
    if len(names) < 2:
        raise ParameterError("statistics", names, "at least two systems")
    gaps = np.abs(values[:, None] - values[None, :]) + np.diag(np.full(len(names), np.inf))
    i, j = sorted(np.unravel_index(int(np.argmin(gaps)), gaps.shape))
    return [names[i], names[j]]


def equivalent_variants(n_segments: int, n_variants: int, seed) -> np.ndarray:
    """Which of two source systems each equivalent variant takes per segment: bool (v, S),
    True = source B, each cell independently with probability 1/2."""
    n_segments = check_int("n_segments", n_segments, minimum=1)
    n_variants = check_int("n_variants", n_variants, minimum=2)
    gen = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
    return gen.integers(2, size=(n_variants, n_segments), dtype=bool)


def mix_variants(a: np.ndarray, b: np.ndarray, takes_b: np.ndarray) -> np.ndarray:
    """The statistics of one variant: row i from ``b`` where ``takes_b[i]``, else from ``a``."""
    return np.where(np.asarray(takes_b)[:, None], np.asarray(b), np.asarray(a))


def check_pair_statistics(pair_statistics: Mapping[str, Sequence[np.ndarray]]) -> int:
    """The number of segments, after checking every metric has two equal (S, k) arrays."""
    n = None
    for metric, pair in pair_statistics.items():
        if len(pair) != 2:
            raise ParameterError(
                f"pair_statistics[{metric!r}]", len(pair), "two arrays (system A, system B)"
            )
        a, b = (np.asarray(x) for x in pair)
        if a.shape != b.shape or a.ndim != 2:
            raise ParameterError(
                f"pair_statistics[{metric!r}]", (a.shape, b.shape), "two equal (S, k) arrays"
            )
        if n is not None and a.shape[0] != n:
            raise ParameterError(
                f"pair_statistics[{metric!r}]", a.shape[0], f"{n} segments like the other metrics"
            )
        n = a.shape[0]
    if n is None:
        raise ParameterError("pair_statistics", {}, "at least one metric")
    return n


def variant_tests(
    pair_statistics: Mapping[str, Sequence[np.ndarray]],
    scores: Mapping,
    *,
    n_variants: int = 6,
    tests=("approximate randomization", "bootstrap (shift)"),
    n_trials: int = 10000,
    n_resamples: int = 10000,
    seed: int = 0,
) -> pd.DataFrame:
    """R&M's Table 2 design: variant 1 tested against variants 2..n (systems ``"1".."n"``).

    Returns the long :func:`~evalkit.stats.resampling.significance_table` frame with a
    ``comparison`` column ``"1:2" ..``.
    """
    n = check_pair_statistics(pair_statistics)
    takes_b = equivalent_variants(n, n_variants, np.random.default_rng([int(seed), 0]))
    stats = {
        metric: {str(v + 1): mix_variants(a, b, takes_b[v]) for v in range(n_variants)}
        for metric, (a, b) in pair_statistics.items()
    }
    out = significance_table(
        stats,
        scores,
        baseline="1",
        tests=tests,
        n_trials=n_trials,
        n_resamples=n_resamples,
        seed=int(np.random.SeedSequence([int(seed), 1]).generate_state(1)[0]),
    )
    out.insert(1, "comparison", "1:" + out["system"])
    return out


def type1_simulation(
    pair_statistics: Mapping[str, Sequence[np.ndarray]],
    scores: Mapping,
    *,
    n_replications: int = 200,
    tests=("approximate randomization", "bootstrap (shift)"),
    n_trials: int = 1000,
    n_resamples: int = 1000,
    seed: int = 0,
    progress: Callable[[Iterable], Iterable] = lambda it: it,
) -> pd.DataFrame:
    """Replicate the equivalent-variants experiment: fresh variants X, Y each replication,
    every test and metric. One row per replication, metric and test: ``replication, metric,
    test, difference, p_value``. Replication r uses seeds ``[seed, r, 0]`` (variants) and
    ``[seed, r, 1]`` (tests), so results do not depend on how many replications run."""
    n = check_pair_statistics(pair_statistics)
    n_replications = check_int("n_replications", n_replications, minimum=1)
    frames = []
    for rep in progress(range(n_replications)):
        takes_b = equivalent_variants(n, 2, np.random.default_rng([int(seed), rep, 0]))
        stats = {
            metric: {"X": mix_variants(a, b, takes_b[0]), "Y": mix_variants(a, b, takes_b[1])}
            for metric, (a, b) in pair_statistics.items()
        }
        rep_seed = int(np.random.SeedSequence([int(seed), rep, 1]).generate_state(1)[0])
        res = significance_table(
            stats,
            scores,
            baseline="X",
            tests=tests,
            n_trials=n_trials,
            n_resamples=n_resamples,
            seed=rep_seed,
        )
        frames.append(res[["metric", "test", "difference", "p_value"]].assign(replication=rep))
    out = pd.concat(frames, ignore_index=True)
    return out[["replication", "metric", "test", "difference", "p_value"]]


def rejection_rates(
    simulation: pd.DataFrame, alphas: Sequence[float] = (0.015, 0.05), confidence: float = 0.95
) -> pd.DataFrame:
    """Share of replications with ``p <= alpha`` per metric, test and alpha, with a Wilson CI.

    Columns: ``metric, test, alpha, rejections, n, rate, ci_low, ci_high, excess`` (``excess``
    = rate / alpha; above 1 means more type-I errors than the nominal level).
    """
    rows = []
    for (metric, test), group in simulation.groupby(["metric", "test"], sort=False):
        for alpha in alphas:
            alpha = check_probability("alpha", alpha)
            hits = int((group["p_value"] <= alpha).sum())
            ci = binomial_ci(hits, len(group), confidence=confidence, method="wilson").iloc[0]
            rows.append(
                {
                    "metric": metric,
                    "test": test,
                    "alpha": alpha,
                    "rejections": hits,
                    "n": len(group),
                    "rate": hits / len(group),
                    "ci_low": float(ci["ci_low"]),
                    "ci_high": float(ci["ci_high"]),
                    "excess": hits / len(group) / alpha,
                }
            )
    return pd.DataFrame(rows)
