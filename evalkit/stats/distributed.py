"""Scoring and resampling split into independent tasks and run on a ``dask.distributed`` cluster.

**Resampling.** A paired bootstrap (B resamples) or approximate randomization (R trials) test is
cut into blocks of at most ``block_size`` resamples. Block ``b`` draws from its own stream,
``numpy.random.default_rng(SeedSequence(seed).spawn(n_blocks)[b])`` with
``n_blocks = ceil(R / block_size)``, so the draws, and hence the p-values, depend on
``(seed, R, block_size)`` only, never on the number of workers or on which worker ran which
block (or re-ran it after another worker died). A block returns only its resampled corpus
scores, ``(block rows, systems)`` for the bootstrap and ``(block rows, pairs)`` null statistics
for AR, so the memory of one task is bounded by ``block_size x n_segments`` draws (at most
32 bytes each at the peak of a bootstrap block: drawn index, offset index, integer and float
counts; 320 MB for the default 100 resamples at 100,000 segments). The blocks' results are
concatenated in block order and turned into p-values with the formulas of
:mod:`evalkit.stats.resampling` (shifted / centred / Koehn bootstrap, AR ``p = (c+1)/(R+1)``,
``ties`` "ge" or "gt", percentile intervals). With ``block_size >= R`` there is one block, but
its stream is the first spawned child of the seed, not ``default_rng(seed)``: the p-values are
those of the same test under another (equally valid) random stream, not the digits of
:func:`evalkit.stats.resampling.paired_bootstrap`.

**Correlations.** The same blocks serve the bootstrap distribution and percentile interval of a
level correlation (:func:`distributed_resampled_correlations`, :func:`distributed_bootstrap_ci`;
BOOT over systems, inputs or both) and the BOOT-* / PERM-* correlation difference tests of
:mod:`evalkit.stats.difference_tests` (:func:`distributed_difference_test`, all ordered pairs of
metrics :func:`distributed_compare_metrics`, and the significance clusters
:func:`distributed_significance_clusters`): block ``b`` runs the single-process function on its
``block rows`` with ``seed=default_rng(stream b)`` and returns only its resampled coefficients or
deltas, so a task holds at most ``block_size x systems x inputs`` resampled cells (fewer: the
single-process code works through them in slices). Every pair of metrics uses the same block
streams (common random numbers, as ``compare_metrics`` gives every pair the same seed).
Observed values (``r_a``, ``r_b``, ``delta``) are those of the single-process functions exactly.
The single-process functions draw all R resamples from one generator (rows first, then
columns), which cannot be reproduced block by block: with several blocks the resampled values
are another, equally valid, Monte-Carlo sample of the same distribution, so p-values and
interval ends agree with the single-process ones within Monte-Carlo error (the tests check a
two-sample Kolmogorov-Smirnov agreement of the resampled deltas and p-values within 4 standard
errors on fixed seeds), and one block (``block_size >= R``) reproduces the single-process
function run on ``default_rng(SeedSequence(seed).spawn(1)[0])`` digit for digit.

**Seed contract.** The results are a function of ``(data, options, seed, R, block_size)``:
``block_size`` is part of it (it decides how the stream is split), the number of workers, the
placement of blocks and a worker's death are not. Keep ``block_size`` fixed (the default, 100)
to reproduce a published run on any cluster.

**Scoring.** Any metric with per-segment sufficient statistics (:class:`evalkit.metrics.base.Metric`,
e.g. ``evalkit.metrics.get_metric("bleu")``) is scored over partitions of segments x systems:
each task computes the ``(partition rows, k)`` statistics of one system on one segment range;
the partitions are put back in segment order and the corpus score is
``score_from_statistics(S.sum(axis=0))``, the same operations in the same order as
``Metric.corpus_score``, so the scores are identical byte for byte. A metric whose statistics
of a segment depend on the whole test set (NIST's information weights come from all
references) declares ``whole_corpus_statistics = True`` and is partitioned by system only.

**Cluster.** ``client`` (a ``distributed.Client``), else ``scheduler`` (an address such as
``tcp://127.0.0.1:8786``), else ``$EVALKIT_SCHEDULER`` (:func:`evalkit.config.scheduler`),
else a ``LocalCluster`` of ``n_workers`` single-threaded worker processes started for the call
and closed after it. ``n_workers=0`` runs the same blocks in this process without Dask (the
reference path of the tests). A task lost with its worker is recomputed by the scheduler.
``progress=True`` shows a tqdm bar of finished tasks on stderr (``evalkit score`` /
``evalkit significance`` use it unless ``--quiet``).

Why Dask: scheduling, data movement and worker failure are a solved problem there; this module
only decides what one task computes and how the seeds are split.
"""

from __future__ import annotations

import math
import sys
from contextlib import contextmanager
from typing import Dict, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit import config
from evalkit.errors import ParameterError
from evalkit.stats.correlation import (
    COEFFICIENTS,
    LEVELS,
    RESAMPLING_UNITS,
    apply_missing_rule,
    percentile_interval,
    resampled_correlations,
)
from evalkit.stats.difference_tests import (
    TESTS,
    as_matrices,
    cluster_order,
    difference_test_result,
    metric_correlations,
    ranked_clusters,
    resampled_deltas,
)
from evalkit.stats.resampling import SACREBLEU_SEED, _count, _row, bootstrap_table
from evalkit.stats.sacrebleu_stats import as_score_function
from evalkit.stats.validation import check_choice, check_int, check_probability

__all__ = [
    "block_sizes",
    "block_streams",
    "distributed_bootstrap",
    "distributed_randomization",
    "distributed_statistics",
    "distributed_scores",
    "cluster_client",
    "distributed_resampled_correlations",
    "distributed_bootstrap_ci",
    "distributed_difference_test",
    "distributed_compare_metrics",
    "distributed_significance_clusters",
    "comparison_clusters",
    "scores_from_statistics",
]

DEFAULT_BLOCK_SIZE = 100  # resamples per task: up to 320 MB per bootstrap task at 100,000 segments
DEFAULT_PARTITION_SIZE = 5000


# --------------------------------------------------------------------------- blocks and streams
def block_sizes(n_resamples: int, block_size: int) -> list:
    """Resamples per block: ``block_size`` each, the last one the remainder."""
    n_resamples = check_int("n_resamples", n_resamples)
    block_size = check_int("block_size", block_size)
    n_blocks = math.ceil(n_resamples / block_size)
    return [min(block_size, n_resamples - b * block_size) for b in range(n_blocks)]


def block_streams(seed: int, n_blocks: int) -> list:
    """One independent ``SeedSequence`` per block: ``SeedSequence(seed).spawn(n_blocks)``."""
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ParameterError("seed", seed, "a non-negative integer")
    return np.random.SeedSequence(int(seed)).spawn(check_int("n_blocks", n_blocks))


# --------------------------------------------------------------------------- cluster
@contextmanager
def cluster_client(client=None, scheduler: Optional[str] = None, n_workers: int = 2):
    """The client to run on (see the module docstring); None when ``n_workers == 0`` and no
    client or address is given. A LocalCluster started here is closed on exit."""
    if client is not None:
        yield client
        return
    address = scheduler or config.scheduler()
    from distributed import Client, LocalCluster

    if address:
        with Client(address) as own:
            yield own
        return
    n_workers = check_int("n_workers", n_workers, minimum=0)
    if n_workers == 0:
        yield None
        return
    with (
        LocalCluster(
            n_workers=n_workers,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as own,
    ):
        yield own


#: Times a run whose tasks the scheduler cancelled (a worker lost) is submitted again.
_RETRIES = 2


def _run(client, function, shared, tasks: Sequence[tuple], progress: bool = False) -> list:
    """``[function(shared, *task) for task in tasks]``, on the cluster when there is one; with
    ``progress`` a tqdm bar of finished tasks on stderr (never stdout, which may be the data)."""
    from tqdm import tqdm

    bar = tqdm(
        total=len(tasks),
        desc=function.__name__.strip("_").replace("_", " "),
        unit="task",
        file=sys.stderr,
        disable=not progress,
        leave=False,
    )
    with bar:
        if client is None:
            out = []
            for task in tasks:
                out.append(function(shared, *task))
                bar.update()
            return out
        from distributed import as_completed

        try:  # distributed >= 2024: a future the scheduler dropped (e.g. its worker died)
            from distributed.client import FutureCancelledError as Cancelled
        except ImportError:  # pragma: no cover - older distributed
            from concurrent.futures import CancelledError as Cancelled

        for attempt in range(_RETRIES + 1):
            handle = client.scatter(shared, broadcast=True, hash=False)
            futures = [client.submit(function, handle, *task, pure=False) for task in tasks]
            try:
                for _ in as_completed(futures):
                    bar.update()
                return client.gather(futures)
            except Cancelled:
                # a worker killed mid-run can take the scattered input with it, and the
                # scheduler then cancels the tasks that needed it; every task is a seeded
                # block, so running them again gives the same numbers
                if attempt == _RETRIES:
                    raise
                bar.reset()
                client.cancel(futures)


# --------------------------------------------------------------------------- resampling
def _stack(statistics: Mapping[str, np.ndarray]):
    if not isinstance(statistics, Mapping) or len(statistics) < 2:
        raise ParameterError(
            "statistics",
            type(statistics).__name__,
            "a mapping {system name: ndarray (n_segments, k)} of at least two systems",
        )
    names = [str(k) for k in statistics]
    arrays = [np.asarray(v, dtype=np.float64) for v in statistics.values()]
    for name, a in zip(names, arrays):
        if a.ndim != 2 or a.shape != arrays[0].shape or a.shape[0] < 1:
            raise ParameterError(
                f"statistics[{name!r}]",
                a.shape,
                f"a 2-D array shaped like the first system's {arrays[0].shape}",
            )
        if not np.isfinite(a).all():
            raise ParameterError(f"statistics[{name!r}]", "non-finite values", "finite statistics")
    return names, np.stack(arrays)


def _pairs(names, baseline, pairs):
    check_choice("pairs", pairs, ("baseline", "all"))
    if pairs == "all":
        return [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    base = names[0] if baseline is None else baseline
    if base not in names:
        raise ParameterError("baseline", baseline, f"one of {names}")
    b = names.index(base)
    return [(i, b) for i in range(len(names)) if i != b]


def _setup(statistics, score, baseline, pairs, n, block_size, seed):
    """Block tasks ``[(stream, rows)]``, score function, names, stack, pairs and full scores."""
    sizes = block_sizes(n, block_size)
    tasks = list(zip(block_streams(seed, len(sizes)), sizes))
    score = as_score_function(score)
    names, stack = _stack(statistics)
    pair_idx = _pairs(names, baseline, pairs)
    return tasks, score, names, stack, pair_idx, _scores(score, stack.sum(axis=1))


def _scores(score, sums: np.ndarray) -> np.ndarray:
    out = np.asarray(score(sums), dtype=np.float64)
    if out.shape != sums.shape[:1]:
        raise ParameterError(
            "score", out.shape, f"a function mapping (r, k) sums to r scores {sums.shape[:1]}"
        )
    return out


def _bootstrap_block(shared, stream, rows):
    stack, score = shared
    n_sys, n_seg, _ = stack.shape
    rng = np.random.default_rng(stream)
    idx = rng.choice(n_seg, size=(rows, n_seg), replace=True)
    counts = (
        np.bincount((idx + n_seg * np.arange(rows)[:, None]).ravel(), minlength=rows * n_seg)
        .reshape(rows, n_seg)
        .astype(np.float64)
    )
    return np.column_stack([_scores(score, counts @ stack[s]) for s in range(n_sys)])


def _randomization_block(shared, stream, rows):
    stack, score, pair_idx = shared
    n_seg = stack.shape[1]
    rng = np.random.default_rng(stream)
    mask = rng.integers(2, size=(rows, n_seg), dtype=bool).astype(np.float64)
    totals = stack.sum(axis=1)
    out = np.empty((rows, len(pair_idx)))
    for p, (i, j) in enumerate(pair_idx):
        moved = mask @ (stack[j] - stack[i])  # swapping segment s moves Y_s - X_s from Y to X
        out[:, p] = np.abs(_scores(score, totals[i] + moved) - _scores(score, totals[j] - moved))
    return out


def distributed_bootstrap(
    statistics: Mapping[str, np.ndarray],
    score,
    *,
    baseline: Optional[str] = None,
    pairs: str = "baseline",
    n_resamples: int = 1000,
    method: str = "shift",
    ties: str = "ge",
    confidence: float = 0.95,
    seed: int = SACREBLEU_SEED,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> pd.DataFrame:
    """Paired bootstrap test in blocks (columns as :func:`evalkit.stats.resampling.paired_bootstrap`:
    ``system, baseline, score, baseline_score, difference, p_value, n_resamples, test, mean,
    ci_low, ci_high``). ``score`` is an (r, k) -> r function or a metric object."""
    check_choice("method", method, ("shift", "centred", "koehn"))
    check_choice("ties", ties, ("ge", "gt"))
    conf = check_probability("confidence", confidence)
    tasks, score, names, stack, pair_idx, full = _setup(
        statistics, score, baseline, pairs, n_resamples, block_size, seed
    )
    with cluster_client(client, scheduler, n_workers) as c:
        boot = np.concatenate(_run(c, _bootstrap_block, (stack, score), tasks, progress))
    return bootstrap_table(boot, full, names, pair_idx, conf, method, ties)


def distributed_randomization(
    statistics: Mapping[str, np.ndarray],
    score,
    *,
    baseline: Optional[str] = None,
    pairs: str = "baseline",
    n_trials: int = 10000,
    ties: str = "ge",
    seed: int = SACREBLEU_SEED,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> pd.DataFrame:
    """Approximate randomization test in blocks (columns as
    :func:`evalkit.stats.resampling.approximate_randomization`, ``n_trials`` named ``n_resamples``)."""
    check_choice("ties", ties, ("ge", "gt"))
    tasks, score, names, stack, pair_idx, full = _setup(
        statistics, score, baseline, pairs, n_trials, block_size, seed
    )
    with cluster_client(client, scheduler, n_workers) as c:
        null = np.concatenate(
            _run(c, _randomization_block, (stack, score, pair_idx), tasks, progress)
        )
    return pd.DataFrame(
        [
            _row(
                names,
                i,
                j,
                full,
                (_count(null[:, p], abs(full[i] - full[j]), ties) + 1) / (n_trials + 1),
                n_trials,
                "approximate randomization",
                count="n_resamples",
            )
            for p, (i, j) in enumerate(pair_idx)
        ]
    )


# --------------------------------------------------------------------------- scoring
def _statistics_task(metric, hyps, refs):
    return metric.segment_statistics(hyps, refs)


def distributed_statistics(
    metric,
    systems: Mapping[str, Sequence],
    refs: Sequence,
    *,
    partition_size: int = DEFAULT_PARTITION_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> Dict[str, np.ndarray]:
    """``{system: segment_statistics (n_segments, k)}`` computed over partitions of
    ``partition_size`` segments x one system each (see the module docstring)."""
    partition_size = check_int("partition_size", partition_size)
    if not isinstance(systems, Mapping) or not systems:
        raise ParameterError(
            "systems", type(systems).__name__, "a non-empty mapping {system: hypotheses}"
        )
    n_seg = len(refs)
    for name, hyps in systems.items():
        if len(hyps) != n_seg:
            raise ParameterError(
                f"systems[{name!r}]",
                f"{len(hyps)} segments",
                f"one hypothesis per reference entry ({n_seg})",
            )
    if getattr(metric, "whole_corpus_statistics", False):
        partition_size = max(n_seg, 1)
    bounds = [(a, min(a + partition_size, n_seg)) for a in range(0, n_seg, partition_size)]
    # Each task carries only its own slice of the text (the metric is shared by all).
    tasks = [(list(systems[name][a:b]), list(refs[a:b])) for name in systems for a, b in bounds]
    with cluster_client(client, scheduler, n_workers) as c:
        parts = _run(c, _statistics_task, metric, tasks, progress)
    out, it = {}, iter(parts)
    for name in systems:
        out[str(name)] = np.concatenate([np.asarray(next(it)) for _ in bounds])
    return out


def distributed_scores(
    metric, systems: Mapping[str, Sequence], refs: Sequence, **options
) -> pd.Series:
    """Corpus score per system, ``metric.score_from_statistics(S.sum(axis=0))`` over the
    statistics of :func:`distributed_statistics` (``options`` are passed to it)."""
    return scores_from_statistics(metric, distributed_statistics(metric, systems, refs, **options))


def scores_from_statistics(metric, statistics: Mapping[str, np.ndarray]) -> pd.Series:
    """``metric.score_from_statistics(S.sum(axis=0))`` per system (a float; a richer score
    object, e.g. sacrebleu's, gives its ``score``), in the order of ``statistics``."""
    out = {}
    for name, s in statistics.items():
        value = metric.score_from_statistics(np.asarray(s).sum(axis=0))
        out[name] = float(getattr(value, "score", value))
    return pd.Series(out, name=getattr(metric, "name", "score"), dtype=float)


# --------------------------------------------------------------------------- correlations
def _blocks(n_resamples: int, block_size: int, seed: int) -> list:
    sizes = block_sizes(n_resamples, block_size)
    return list(zip(block_streams(seed, len(sizes)), sizes))


def _correlation_block(shared, stream, rows):
    x, y, options = shared
    return resampled_correlations(
        x, y, n_resamples=rows, seed=np.random.default_rng(stream), **options
    )


def distributed_resampled_correlations(
    x,
    y,
    *,
    level: str = "system",
    method: str = "pearson",
    unit: str = "both",
    n_resamples: int = 1000,
    seed: int = 0,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> np.ndarray:
    """Bootstrap distribution of a level correlation (as
    :func:`evalkit.stats.correlation.resampled_correlations`, ``x`` and ``y`` (systems x inputs)
    matrices), each block of resamples drawn from its own stream (module docstring)."""
    check_choice("level", level, LEVELS)
    check_choice("method", method, COEFFICIENTS)
    check_choice("unit", unit, RESAMPLING_UNITS)
    x, y = apply_missing_rule(x, y)
    tasks = _blocks(n_resamples, block_size, seed)
    with cluster_client(client, scheduler, n_workers) as c:
        return np.concatenate(
            _run(
                c,
                _correlation_block,
                (x, y, dict(level=level, method=method, unit=unit)),
                tasks,
                progress,
            )
        )


def distributed_bootstrap_ci(x, y, *, confidence: float = 0.95, **options) -> Tuple[float, float]:
    """Percentile bootstrap interval (:func:`evalkit.stats.correlation.bootstrap_ci`) of the
    blocked distribution of :func:`distributed_resampled_correlations` (``options`` go there)."""
    conf = check_probability("confidence", confidence)
    return percentile_interval(distributed_resampled_correlations(x, y, **options), conf)


def _delta_block(shared, stream, rows, pair):
    mats, human, options = shared
    return resampled_deltas(
        mats[pair[0]],
        mats[pair[1]],
        human,
        n_resamples=rows,
        seed=np.random.default_rng(stream),
        **options,
    )


def _difference_tests(
    mats, human, pairs, options, n_resamples, seed, block_size, alternative, cluster, progress
) -> list:
    """One result frame per pair ``(a, b)`` of :func:`correlation_difference_test` rows; every
    pair uses the same block streams (common random numbers, as ``compare_metrics``)."""
    check_choice("test", options["test"], TESTS)
    check_choice("unit", options["unit"], RESAMPLING_UNITS)
    check_choice("level", options["level"], LEVELS)
    check_choice("method", options["method"], COEFFICIENTS)
    check_choice("alternative", alternative, ("greater", "two-sided"))
    blocks = _blocks(n_resamples, block_size, seed)
    tasks = [(stream, rows, pair) for pair in pairs for stream, rows in blocks]
    with cluster_client(**cluster) as c:
        parts = _run(c, _delta_block, (mats, human, options), tasks, progress)
    out = []
    for p, (a, b) in enumerate(pairs):
        mine = parts[p * len(blocks) : (p + 1) * len(blocks)]
        out.append(
            difference_test_result(
                mats[a],
                mats[b],
                human,
                mine[0][0],
                np.concatenate([d for _, d in mine]),
                alternative=alternative,
                **options,
            ).assign(metric_a=a, metric_b=b)
        )
    return out


def distributed_difference_test(
    x_a,
    x_b,
    y,
    *,
    test: str = "perm",
    unit: str = "both",
    level: str = "summary",
    method: str = "kendall",
    n_resamples: int = 1000,
    alternative: str = "greater",
    seed: int = 0,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> pd.DataFrame:
    """BOOT-* / PERM-* test of ``r(A, H) > r(B, H)`` in blocks of resamples: the one-row frame
    of :func:`evalkit.stats.difference_tests.correlation_difference_test` (module docstring)."""
    mats = {"a": np.asarray(x_a, dtype=float), "b": np.asarray(x_b, dtype=float)}
    rows = _difference_tests(
        mats,
        np.asarray(y, dtype=float),
        [("a", "b")],
        dict(test=test, unit=unit, level=level, method=method),
        n_resamples,
        seed,
        block_size,
        alternative,
        dict(client=client, scheduler=scheduler, n_workers=n_workers),
        progress,
    )
    return rows[0].drop(columns=["metric_a", "metric_b"])


def distributed_compare_metrics(
    scores,
    judgments,
    *,
    judgment: Optional[str] = None,
    metrics: Optional[Sequence[str]] = None,
    test: str = "perm",
    unit: str = "both",
    level: str = "summary",
    method: str = "kendall",
    n_resamples: int = 1000,
    alternative: str = "greater",
    seed: int = 0,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> pd.DataFrame:
    """:func:`evalkit.stats.difference_tests.compare_metrics` (every ordered pair of metrics,
    same inputs and columns), all pairs' blocks submitted at once."""
    mats, human = as_matrices(scores, judgments, judgment, metrics)
    pairs = [(a, b) for a in mats for b in mats if a != b]
    out = pd.concat(
        _difference_tests(
            mats,
            human,
            pairs,
            dict(test=test, unit=unit, level=level, method=method),
            n_resamples,
            seed,
            block_size,
            alternative,
            dict(client=client, scheduler=scheduler, n_workers=n_workers),
            progress,
        ),
        ignore_index=True,
    )
    return out[
        ["metric_a", "metric_b", *[c for c in out.columns if c not in ("metric_a", "metric_b")]]
    ]


def comparison_clusters(
    comparisons: pd.DataFrame, correlations: Mapping[str, float], alpha: float = 0.05
) -> pd.DataFrame:
    """Significance clusters (:func:`evalkit.stats.difference_tests.ranked_clusters`) from the
    one-sided all-pairs results of :func:`distributed_compare_metrics`."""
    p = {
        (a, b): v
        for a, b, v in comparisons[["metric_a", "metric_b", "p_value"]].itertuples(index=False)
    }
    return ranked_clusters(correlations, p, alpha)


def distributed_significance_clusters(
    scores,
    judgments,
    *,
    judgment: Optional[str] = None,
    metrics: Optional[Sequence[str]] = None,
    test: str = "perm",
    unit: str = "both",
    level: str = "summary",
    method: str = "kendall",
    alpha: float = 0.05,
    n_resamples: int = 1000,
    seed: int = 0,
    block_size: int = DEFAULT_BLOCK_SIZE,
    client=None,
    scheduler: Optional[str] = None,
    n_workers: int = 2,
    progress: bool = False,
) -> pd.DataFrame:
    """:func:`evalkit.stats.difference_tests.significance_clusters` with the pair tests in
    blocks: only the pairs the ranking needs (higher against lower correlation) are tested."""
    alpha = check_probability("alpha", alpha)
    mats, human = as_matrices(scores, judgments, judgment, metrics)
    corr = metric_correlations(mats, human, level, method)
    order = cluster_order(corr)
    pairs = [(order[i], order[j]) for i in range(len(order)) for j in range(i + 1, len(order))]
    rows = _difference_tests(
        mats,
        human,
        pairs,
        dict(test=test, unit=unit, level=level, method=method),
        n_resamples,
        seed,
        block_size,
        "greater",
        dict(client=client, scheduler=scheduler, n_workers=n_workers),
        progress,
    )
    return comparison_clusters(pd.concat(rows, ignore_index=True), corr, alpha)
