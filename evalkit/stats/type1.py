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

References:

* Riezler, S., & Maxwell, J. T. (2005). On some pitfalls in automatic evaluation and
  significance testing for MT. ACL Workshop on Intrinsic and Extrinsic Evaluation Measures.
"""

from __future__ import annotations

from typing import Callable, Iterable, Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_int, check_probability, rng_from_seed
from evalkit.stats.multiplicity import binomial_ci
from evalkit.stats.resampling import significance_table

__all__ = [
    "corpus_scores",
    "closest_pair",
    "equivalent_variants",
    "variant_tests",
    "type1_simulation",
    "rejection_rates",
]


def corpus_scores(
    statistics: Mapping[str, Mapping[str, np.ndarray]], scores: Mapping
) -> pd.DataFrame:
    """Corpus score of every system and metric from its summed statistics.

    Parameters
    ----------
    statistics : mapping of str to mapping of str to ndarray
        ``statistics[metric][system]``: an (n_segments, k) array.
    scores : mapping of str to callable
        ``scores[metric]``: summed statistics (r, k) -> r corpus scores.

    Returns
    -------
    pandas.DataFrame
        ``system, metric, value``, one row per system and metric: the corpus score.

    Examples
    --------
    A toy accuracy "metric" with statistics (correct, total) per segment:

    >>> import numpy as np
    >>> from evalkit.stats.type1 import corpus_scores
    >>> acc = lambda s: s[:, 0] / s[:, 1]
    >>> stats = {"acc": {"A": np.array([[1, 1], [0, 1]]), "B": np.array([[1, 1], [1, 1]])}}
    >>> corpus_scores(stats, {"acc": acc}).values.tolist()
    [['A', 'acc', 0.5], ['B', 'acc', 1.0]]
    """
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
    """The two systems whose corpus scores on ``metric`` are closest.

    Their equivalent variants mimic a small difference.

    Parameters
    ----------
    statistics, scores
        As :func:`corpus_scores`; at least two systems.
    metric : str
        A key of ``statistics`` (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    list of str
        The two names in the order given (the first is the baseline).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.type1 import closest_pair
    >>> acc = lambda s: s[:, 0] / s[:, 1]
    >>> stats = {"acc": {"A": np.array([[2, 4]]), "B": np.array([[4, 4]]), "C": np.array([[3, 4]])}}
    >>> closest_pair(stats, {"acc": acc}, "acc")
    ['A', 'C']
    """
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
    """Which of two source systems each equivalent variant takes per segment.

    Parameters
    ----------
    n_segments : int
        >= 1.
    n_variants : int
        >= 2.
    seed : int or numpy.random.Generator
        A non-negative integer or a Generator; anything else (None included) raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    numpy.ndarray of bool, shape (n_variants, n_segments)
        True = source B; each cell independently with probability 1/2.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.type1 import equivalent_variants
    >>> v = equivalent_variants(1000, 2, seed=0)
    >>> v.shape, bool(abs(v.mean() - 0.5) < 0.05)
    ((2, 1000), True)
    >>> bool(np.array_equal(v, equivalent_variants(1000, 2, seed=0)))
    True
    """
    n_segments = check_int("n_segments", n_segments, minimum=1)
    n_variants = check_int("n_variants", n_variants, minimum=2)
    gen = rng_from_seed(seed)
    return gen.integers(2, size=(n_variants, n_segments), dtype=bool)


def _mix_variants(a: np.ndarray, b: np.ndarray, takes_b: np.ndarray) -> np.ndarray:
    """The statistics of one variant: row i from ``b`` where ``takes_b[i]``, else from ``a``."""
    return np.where(np.asarray(takes_b)[:, None], np.asarray(b), np.asarray(a))


def _check_pair_statistics(pair_statistics: Mapping[str, Sequence[np.ndarray]]) -> int:
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
    """Riezler & Maxwell's Table 2 design: variant 1 tested against variants 2..n.

    Parameters
    ----------
    pair_statistics : mapping of str to (ndarray, ndarray)
        ``pair_statistics[metric] = (stats_A, stats_B)``: the two source systems' (n_segments,
        k) statistics, the same shape, the same n_segments for every metric (else
        :class:`~evalkit.errors.ParameterError`).
    scores : mapping of str to callable
        ``scores[metric]``: summed statistics (r, k) -> r corpus scores.
    n_variants : int, default 6
        Variants ``"1".."n"``.
    tests, n_trials, n_resamples
        As :func:`evalkit.stats.resampling.significance_table`.
    seed : int, default 0
        Variants use stream ``[seed, 0]``, the tests one derived from ``[seed, 1]``.

    Returns
    -------
    pandas.DataFrame
        The :func:`~evalkit.stats.resampling.significance_table` frame with a ``comparison``
        column ``"1:2"``, ``"1:3"``, ...

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.type1 import variant_tests
    >>> rng = np.random.default_rng(0)
    >>> seg = lambda p: np.column_stack([rng.random(50) < p, np.ones(50)])
    >>> pair = {"acc": (seg(0.6), seg(0.6))}
    >>> out = variant_tests(pair, {"acc": lambda s: s[:, 0] / s[:, 1]}, n_variants=3,
    ...                     tests=["approximate randomization"], n_trials=99)
    >>> out["comparison"].tolist()
    ['1:2', '1:3']
    """
    n = _check_pair_statistics(pair_statistics)
    takes_b = equivalent_variants(n, n_variants, np.random.default_rng([int(seed), 0]))
    stats = {
        metric: {str(v + 1): _mix_variants(a, b, takes_b[v]) for v in range(n_variants)}
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
    tests=("approximate randomization", "bootstrap (shift)"),
    n_replications: int = 200,
    n_trials: int = 1000,
    n_resamples: int = 1000,
    seed: int = 0,
    progress: Callable[[Iterable], Iterable] = lambda it: it,
) -> pd.DataFrame:
    """Replicate the equivalent-variants experiment: fresh variants X and Y each replication.

    Every rejection is a type-I error (module docstring).

    Parameters
    ----------
    pair_statistics, scores
        As :func:`variant_tests`.
    tests : sequence of str, default ("approximate randomization", "bootstrap (shift)")
    n_replications : int, default 200
        >= 1.
    n_trials, n_resamples : int, default 1000
        As :func:`evalkit.stats.resampling.significance_table`.
    seed : int, default 0
        Replication r uses seeds ``[seed, r, 0]`` (variants) and ``[seed, r, 1]`` (tests), so
        results do not depend on how many replications run.
    progress : callable, default identity
        Wraps the replication iterator (e.g. ``tqdm``).

    Returns
    -------
    pandas.DataFrame
        One row per replication, metric and test: ``replication, metric, test, difference,
        p_value``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.type1 import type1_simulation
    >>> rng = np.random.default_rng(0)
    >>> seg = lambda p: np.column_stack([rng.random(40) < p, np.ones(40)])
    >>> pair, acc = {"acc": (seg(0.5), seg(0.7))}, {"acc": lambda s: s[:, 0] / s[:, 1]}
    >>> sim = type1_simulation(pair, acc, n_replications=3, tests=["approximate randomization"],
    ...                        n_trials=49, seed=1)
    >>> sim.shape, sim.equals(type1_simulation(pair, acc, n_replications=3, n_trials=49, seed=1,
    ...                                        tests=["approximate randomization"]))
    ((3, 5), True)
    """
    n = _check_pair_statistics(pair_statistics)
    n_replications = check_int("n_replications", n_replications, minimum=1)
    frames = []
    for rep in progress(range(n_replications)):
        takes_b = equivalent_variants(n, 2, np.random.default_rng([int(seed), rep, 0]))
        stats = {
            metric: {"X": _mix_variants(a, b, takes_b[0]), "Y": _mix_variants(a, b, takes_b[1])}
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
    """Share of replications with ``p <= alpha`` per metric, test and alpha.

    Parameters
    ----------
    simulation : pandas.DataFrame
        :func:`type1_simulation` output (``metric, test, p_value``).
    alphas : sequence of float, default (0.015, 0.05)
        Each in (0, 1).
    confidence : float, default 0.95
        Level of the Wilson interval.

    Returns
    -------
    pandas.DataFrame
        ``metric, test, alpha, rejections, n, rate, ci_low, ci_high, excess`` (``excess`` =
        rate / alpha; above 1 means more type-I errors than the nominal level).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.type1 import rejection_rates
    >>> sim = pd.DataFrame({"metric": "bleu", "test": "ar", "p_value": [0.01, 0.04, 0.3, 0.6]})
    >>> rejection_rates(sim)[["alpha", "rejections", "rate", "excess"]].values.tolist()
    [[0.015, 1.0, 0.25, 16.666666666666668], [0.05, 2.0, 0.5, 10.0]]
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
