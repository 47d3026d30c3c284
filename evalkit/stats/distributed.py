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
    DESIGN,
    DELTA_DESIGN,
    as_matrices,
    check_difference_design,
    difference_test_result,
    pair_frame,
    ranked_clusters,
    ranking_inputs,
    resampled_deltas,
)
from evalkit.stats._shared import (
    apply_score,
    count_extreme,
    keyword_defaults,
    pair_row,
    prepare_pairs,
    show_options,
    split_options,
)
from evalkit.stats.resampling import (
    SACREBLEU_SEED,
    approximate_randomization,
    bootstrap_table,
    paired_bootstrap,
)
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
    """Resamples per block: ``block_size`` each, the last one the remainder.

    Parameters
    ----------
    n_resamples : int
        >= 1.
    block_size : int
        >= 1.

    Returns
    -------
    list of int
        ``ceil(n_resamples / block_size)`` sizes summing to ``n_resamples``.

    Examples
    --------
    >>> from evalkit.stats.distributed import block_sizes
    >>> block_sizes(250, 100), block_sizes(50, 100)
    ([100, 100, 50], [50])
    """
    n_resamples = check_int("n_resamples", n_resamples)
    block_size = check_int("block_size", block_size)
    n_blocks = math.ceil(n_resamples / block_size)
    return [min(block_size, n_resamples - b * block_size) for b in range(n_blocks)]


def block_streams(seed: int, n_blocks: int) -> list:
    """One independent ``SeedSequence`` per block: ``SeedSequence(seed).spawn(n_blocks)``.

    Parameters
    ----------
    seed : int
        >= 0 (else :class:`~evalkit.errors.ParameterError`).
    n_blocks : int
        >= 1.

    Returns
    -------
    list of numpy.random.SeedSequence

    Examples
    --------
    Block b's stream depends on the seed and b only, not on who asks:

    >>> import numpy as np
    >>> from evalkit.stats.distributed import block_streams
    >>> a, b = block_streams(12345, 3), block_streams(12345, 3)
    >>> bool(np.random.default_rng(a[2]).random() == np.random.default_rng(b[2]).random())
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise ParameterError("seed", seed, "a non-negative integer")
    return np.random.SeedSequence(int(seed)).spawn(check_int("n_blocks", n_blocks))


# --------------------------------------------------------------------------- cluster
@contextmanager
def cluster_client(client=None, scheduler: Optional[str] = None, n_workers: int = 2):
    """Context manager giving the Dask client to run on (module docstring, "Cluster").

    Parameters
    ----------
    client : distributed.Client, optional
        Used as it is.
    scheduler : str, optional
        An address such as ``tcp://127.0.0.1:8786``; default ``$EVALKIT_SCHEDULER``.
    n_workers : int, default 2
        Workers of a LocalCluster started for the block and closed after it; 0 runs without
        Dask.

    Yields
    ------
    distributed.Client or None
        None when ``n_workers == 0`` and no client or address is given.

    Examples
    --------
    >>> from evalkit.stats.distributed import cluster_client
    >>> with cluster_client(n_workers=0) as c:
    ...     print(c)
    None
    """
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


#: Where a distributed function runs, ``{keyword: default}``: :func:`cluster_client`'s
#: keywords and ``progress``; the resampling functions add ``block_size``.
CLUSTER_OPTIONS = {**keyword_defaults(cluster_client), "progress": False}
RUN_OPTIONS = {"block_size": DEFAULT_BLOCK_SIZE, **CLUSTER_OPTIONS}

#: Times a run whose tasks the scheduler cancelled (a worker lost) is submitted again.
_RETRIES = 2


def _on_cluster(run: Mapping, function, shared, tasks: Sequence[tuple]) -> list:
    """:func:`_run` on the cluster the options ``run`` (:data:`CLUSTER_OPTIONS`) name."""
    with cluster_client(run["client"], run["scheduler"], run["n_workers"]) as c:
        return _run(c, function, shared, tasks, run["progress"])


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
#: The designs of the pairwise tests: the keywords of the single-process functions.
_BOOTSTRAP = keyword_defaults(paired_bootstrap, without=("seed",))
_RANDOMIZATION = keyword_defaults(approximate_randomization, without=("seed",))


def _setup(statistics, score, design, n, run, seed):
    """Block tasks ``[(stream, rows)]``, score function, names, stack, pairs and full scores."""
    tasks = _blocks(n, run["block_size"], seed)
    score = as_score_function(score)
    return (tasks, score, *prepare_pairs(statistics, score, design["baseline"], design["pairs"]))


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
    return np.column_stack([apply_score(score, counts @ stack[s]) for s in range(n_sys)])


def _randomization_block(shared, stream, rows):
    stack, score, pair_idx = shared
    n_seg = stack.shape[1]
    rng = np.random.default_rng(stream)
    mask = rng.integers(2, size=(rows, n_seg), dtype=bool).astype(np.float64)
    totals = stack.sum(axis=1)
    out = np.empty((rows, len(pair_idx)))
    for p, (i, j) in enumerate(pair_idx):
        moved = mask @ (stack[j] - stack[i])  # swapping segment s moves Y_s - X_s from Y to X
        out[:, p] = np.abs(
            apply_score(score, totals[i] + moved) - apply_score(score, totals[j] - moved)
        )
    return out


def distributed_bootstrap(
    statistics: Mapping[str, np.ndarray], score, *, seed: int = SACREBLEU_SEED, **options
) -> pd.DataFrame:
    """Paired bootstrap test in blocks of resamples, on a Dask cluster.

    The test of :func:`evalkit.stats.resampling.paired_bootstrap` with the seed contract of the
    module docstring.

    Parameters
    ----------
    statistics : mapping of str to ndarray (n_segments, k)
        Per system, the metric's per-segment statistics; at least two systems, finite.
    score : callable or metric
        Summed statistics (r, k) -> r scores, or a metric object
        (:func:`evalkit.stats.sacrebleu_stats.as_score_function`).
    seed : int, default 12345
        >= 0; block b draws from ``SeedSequence(seed).spawn(n_blocks)[b]``.
    **options
        ``baseline, pairs, n_resamples, method, ties, confidence`` as (and with the defaults
        of) :func:`evalkit.stats.resampling.paired_bootstrap`; and :data:`RUN_OPTIONS`:
        ``block_size`` (default 100), resamples per task, part of the seed contract;
        ``client, scheduler, n_workers`` (:func:`cluster_client`); ``progress`` shows a bar on
        stderr.

    Returns
    -------
    pandas.DataFrame
        ``system, baseline, score, baseline_score, difference, p_value, n_resamples, test,
        mean, ci_low, ci_high``.

    Examples
    --------
    The result does not depend on where the blocks run, only on seed and block size:

    >>> import numpy as np
    >>> from evalkit.stats.distributed import distributed_bootstrap
    >>> rng = np.random.default_rng(0)
    >>> seg = lambda p: np.column_stack([rng.random(60) < p, np.ones(60)])
    >>> stats, acc = {"A": seg(0.5), "B": seg(0.8)}, lambda s: s[:, 0] / s[:, 1]
    >>> out = distributed_bootstrap(stats, acc, n_resamples=250, block_size=100, n_workers=0)
    >>> out[["system", "baseline", "n_resamples"]].values.tolist()
    [['B', 'A', 250]]
    """
    design, run = split_options("distributed_bootstrap", options, _BOOTSTRAP, RUN_OPTIONS)
    method, ties = design["method"], design["ties"]
    check_choice("method", method, ("shift", "centred", "koehn"))
    check_choice("ties", ties, ("ge", "gt"))
    conf = check_probability("confidence", design["confidence"])
    n = design["n_resamples"]
    tasks, score, names, stack, pair_idx, full = _setup(statistics, score, design, n, run, seed)
    boot = np.concatenate(_on_cluster(run, _bootstrap_block, (stack, score), tasks))
    return bootstrap_table(boot, full, names, pair_idx, conf, method, ties)


def distributed_randomization(
    statistics: Mapping[str, np.ndarray], score, *, seed: int = SACREBLEU_SEED, **options
) -> pd.DataFrame:
    """Approximate randomization test in blocks of trials, on a Dask cluster.

    The test of :func:`evalkit.stats.resampling.approximate_randomization` with the seed
    contract of the module docstring.

    Parameters
    ----------
    statistics, score, seed
        As :func:`distributed_bootstrap`.
    **options
        ``baseline, pairs, n_trials, ties`` as (and with the defaults of)
        :func:`~evalkit.stats.resampling.approximate_randomization`; :data:`RUN_OPTIONS` as
        :func:`distributed_bootstrap`.

    Returns
    -------
    pandas.DataFrame
        The columns of :func:`~evalkit.stats.resampling.approximate_randomization`, with
        ``n_trials`` named ``n_resamples``.

    Examples
    --------
    Two identical systems: every trial ties with the observed difference 0, so p = 1.

    >>> import numpy as np
    >>> from evalkit.stats.distributed import distributed_randomization
    >>> s = np.column_stack([np.arange(20) % 2, np.ones(20)])
    >>> out = distributed_randomization({"A": s, "B": s}, lambda t: t[:, 0] / t[:, 1],
    ...                                 n_trials=99, n_workers=0)
    >>> float(out.loc[0, "p_value"]), int(out.loc[0, "n_resamples"])
    (1.0, 99)
    """
    design, run = split_options("distributed_randomization", options, _RANDOMIZATION, RUN_OPTIONS)
    ties, n_trials = design["ties"], design["n_trials"]
    check_choice("ties", ties, ("ge", "gt"))
    tasks, score, names, stack, pair_idx, full = _setup(
        statistics, score, design, n_trials, run, seed
    )
    null = np.concatenate(_on_cluster(run, _randomization_block, (stack, score, pair_idx), tasks))
    return pd.DataFrame(
        [
            pair_row(
                names,
                i,
                j,
                full,
                (count_extreme(null[:, p], abs(full[i] - full[j]), ties) + 1) / (n_trials + 1),
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
    **cluster,
) -> Dict[str, np.ndarray]:
    """Per-segment statistics of every system, computed over partitions on a Dask cluster.

    Each task scores ``partition_size`` segments of one system; a metric with
    ``whole_corpus_statistics = True`` (e.g. NIST) is partitioned by system only.

    Parameters
    ----------
    metric : evalkit.metrics.base.Metric
        Has ``segment_statistics(hyps, refs)``.
    systems : mapping of str to sequence of str
        Non-empty; each system's hypotheses, one per entry of ``refs`` (else
        :class:`~evalkit.errors.ParameterError`).
    refs : sequence
        Per segment, its references (as the metric takes them).
    partition_size : int, default 5000
        Segments per task.
    **cluster
        :data:`CLUSTER_OPTIONS`: ``client, scheduler, n_workers`` (:func:`cluster_client`),
        ``progress``.

    Returns
    -------
    dict of str to numpy.ndarray, shape (n_segments, k)
        Identical to ``metric.segment_statistics`` on the whole system.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.stats.distributed import distributed_statistics
    >>> bleu = get_metric("bleu")
    >>> refs = [["the cat sat on the mat"], ["it is raining today"], ["he reads a book"]]
    >>> hyps = ["the cat sat on a mat", "it rains today", "he reads a book"]
    >>> parts = distributed_statistics(bleu, {"A": hyps}, refs, partition_size=2, n_workers=0)
    >>> bool(np.array_equal(parts["A"], bleu.segment_statistics(hyps, refs)))
    True
    """
    partition_size = check_int("partition_size", partition_size)
    (cluster,) = split_options("distributed_statistics", cluster, CLUSTER_OPTIONS)
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
    parts = _on_cluster(cluster, _statistics_task, metric, tasks)
    out, it = {}, iter(parts)
    for name in systems:
        out[str(name)] = np.concatenate([np.asarray(next(it)) for _ in bounds])
    return out


def distributed_scores(
    metric, systems: Mapping[str, Sequence], refs: Sequence, **options
) -> pd.Series:
    """Corpus score per system from statistics computed on a Dask cluster.

    :func:`scores_from_statistics` of :func:`distributed_statistics`; the same operations in
    the same order as ``metric.corpus_score``.

    Parameters
    ----------
    metric : evalkit.metrics.base.Metric
    systems : mapping of str to sequence of str
    refs : sequence
    **options
        Passed to :func:`distributed_statistics` (``partition_size``, cluster options).

    Returns
    -------
    pandas.Series
        One float per system, named after the metric.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.stats.distributed import distributed_scores
    >>> bleu = get_metric("bleu")
    >>> refs = [["the cat sat on the mat"], ["it is raining today"]]
    >>> hyps = ["the cat sat on a mat", "it is raining today"]
    >>> s = distributed_scores(bleu, {"A": hyps}, refs, partition_size=1, n_workers=0)
    >>> full = bleu.corpus_score(hyps, refs)
    >>> float(s["A"]) == float(getattr(full, "score", full))
    True
    """
    return scores_from_statistics(metric, distributed_statistics(metric, systems, refs, **options))


def scores_from_statistics(metric, statistics: Mapping[str, np.ndarray]) -> pd.Series:
    """Corpus score per system from its per-segment statistics.

    ``metric.score_from_statistics(S.sum(axis=0))`` per system; a richer score object (e.g.
    sacrebleu's) gives its ``score``.

    Parameters
    ----------
    metric : evalkit.metrics.base.Metric
        Has ``score_from_statistics``.
    statistics : mapping of str to ndarray (n_segments, k)

    Returns
    -------
    pandas.Series
        One float per system, in the order of ``statistics``, named after the metric.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.stats.distributed import scores_from_statistics
    >>> bleu = get_metric("bleu")
    >>> refs, hyps = [["it is raining today"]], ["it is raining today"]
    >>> scores_from_statistics(bleu, {"A": bleu.segment_statistics(hyps, refs)}).round(6).tolist()
    [100.0]
    """
    out = {}
    for name, s in statistics.items():
        value = metric.score_from_statistics(np.asarray(s).sum(axis=0))
        out[name] = float(getattr(value, "score", value))
    return pd.Series(out, name=getattr(metric, "name", "score"), dtype=float)


# --------------------------------------------------------------------------- correlations
def _blocks(n_resamples: int, block_size: int, seed: int) -> list:
    sizes = block_sizes(n_resamples, block_size)
    return list(zip(block_streams(seed, len(sizes)), sizes))


#: The design of a resampled correlation (:func:`resampled_correlations`'s keywords).
_CORRELATION_DESIGN = keyword_defaults(resampled_correlations, without=("seed",))


def _correlation_block(shared, stream, rows):
    x, y, options = shared
    return resampled_correlations(
        x, y, n_resamples=rows, seed=np.random.default_rng(stream), **options
    )


def distributed_resampled_correlations(x, y, *, seed: int = 0, **options) -> np.ndarray:
    """Bootstrap distribution of a level correlation, in blocks on a Dask cluster.

    As :func:`evalkit.stats.correlation.resampled_correlations`, each block of resamples
    drawn from its own stream (module docstring).

    Parameters
    ----------
    x, y : array_like, shape (n_systems, n_inputs)
        Metric and human scores.
    seed : int, default 0
    **options
        ``level, method, unit, n_resamples`` as (and with the defaults of)
        :func:`~evalkit.stats.correlation.resampled_correlations`; :data:`RUN_OPTIONS` as
        :func:`distributed_bootstrap`.

    Returns
    -------
    numpy.ndarray, shape (n_resamples,)

    Examples
    --------
    One block reproduces the single-process function on the block's stream:

    >>> import numpy as np
    >>> from evalkit.stats.correlation import resampled_correlations
    >>> from evalkit.stats.distributed import block_streams, distributed_resampled_correlations
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(6, 5))
    >>> m = h + rng.normal(size=h.shape)
    >>> mine = distributed_resampled_correlations(m, h, n_resamples=50, seed=3, n_workers=0)
    >>> one = resampled_correlations(m, h, n_resamples=50, seed=np.random.default_rng(block_streams(3, 1)[0]))
    >>> bool(np.array_equal(mine, one))
    True
    """
    design, run = split_options(
        "distributed_resampled_correlations", options, _CORRELATION_DESIGN, RUN_OPTIONS
    )
    check_choice("level", design["level"], LEVELS)
    check_choice("method", design["method"], COEFFICIENTS)
    check_choice("unit", design["unit"], RESAMPLING_UNITS)
    x, y = apply_missing_rule(x, y)
    tasks = _blocks(design.pop("n_resamples"), run["block_size"], seed)
    return np.concatenate(_on_cluster(run, _correlation_block, (x, y, design), tasks))


def distributed_bootstrap_ci(x, y, *, confidence: float = 0.95, **options) -> Tuple[float, float]:
    """Percentile bootstrap interval of a level correlation, resampled in blocks.

    :func:`evalkit.stats.correlation.percentile_interval` of
    :func:`distributed_resampled_correlations`.

    Parameters
    ----------
    x, y : array_like, shape (n_systems, n_inputs)
    confidence : float, default 0.95
        In (0, 1).
    **options
        Passed to :func:`distributed_resampled_correlations`.

    Returns
    -------
    ci_low, ci_high : float

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.distributed import distributed_bootstrap_ci
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(8, 5))
    >>> low, high = distributed_bootstrap_ci(h + rng.normal(size=h.shape), h, n_resamples=200,
    ...                                      n_workers=0)
    >>> bool(-1 <= low < high <= 1)
    True
    """
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


def _difference_tests(where, mats, human, pairs, seed, options, design=DESIGN) -> list:
    """One result frame per pair ``(a, b)`` of :func:`correlation_difference_test` rows; every
    pair uses the same block streams (common random numbers, as ``compare_metrics``).
    ``options`` are the caller's: ``design`` keywords and :data:`RUN_OPTIONS`."""
    design, run = split_options(where, options, design, RUN_OPTIONS)
    design = {"alternative": "greater", **design}
    check_difference_design(**design)
    alternative = design.pop("alternative")
    blocks = _blocks(design.pop("n_resamples"), run["block_size"], seed)
    tasks = [(stream, rows, pair) for pair in pairs for stream, rows in blocks]
    parts = _on_cluster(run, _delta_block, (mats, human, design), tasks)
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
                **design,
            ).assign(metric_a=a, metric_b=b)
        )
    return out


def distributed_difference_test(x_a, x_b, y, *, seed: int = 0, **options) -> pd.DataFrame:
    """BOOT-* / PERM-* test of ``r(A, H) > r(B, H)`` in blocks of resamples.

    The one-row frame of :func:`evalkit.stats.difference_tests.correlation_difference_test`
    (module docstring for the blocks and seeds).

    Parameters
    ----------
    x_a, x_b, y : array_like, shape (n_systems, n_inputs)
        Metric A, metric B and the human scores.
    seed : int, default 0
    **options
        ``test, unit, level, method, n_resamples, alternative`` as (and with the defaults of)
        :func:`~evalkit.stats.difference_tests.correlation_difference_test`;
        :data:`RUN_OPTIONS` as :func:`distributed_bootstrap`.

    Returns
    -------
    pandas.DataFrame
        One row: ``test, unit, level, method, r_a, r_b, delta, p_value, alternative,
        n_resamples, n_valid``.

    Examples
    --------
    The observed values are the single-process ones exactly:

    >>> import numpy as np
    >>> from evalkit.stats.difference_tests import correlation_difference_test
    >>> from evalkit.stats.distributed import distributed_difference_test
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(6, 8))
    >>> a, b = h + rng.normal(scale=0.5, size=h.shape), rng.normal(size=h.shape)
    >>> mine = distributed_difference_test(a, b, h, n_resamples=60, block_size=25, n_workers=0)
    >>> ref = correlation_difference_test(a, b, h, n_resamples=60)
    >>> mine[["r_a", "r_b", "delta"]].equals(ref[["r_a", "r_b", "delta"]])
    True
    """
    mats = {"a": np.asarray(x_a, dtype=float), "b": np.asarray(x_b, dtype=float)}
    human = np.asarray(y, dtype=float)
    rows = _difference_tests(
        "distributed_difference_test", mats, human, [("a", "b")], seed, options
    )
    return rows[0].drop(columns=["metric_a", "metric_b"])


def distributed_compare_metrics(
    scores,
    judgments,
    *,
    metrics: Optional[Sequence[str]] = None,
    judgment: Optional[str] = None,
    seed: int = 0,
    **options,
) -> pd.DataFrame:
    """Every ordered pair of metrics compared, all pairs' blocks submitted at once.

    :func:`evalkit.stats.difference_tests.compare_metrics` (same inputs and columns); every
    pair uses the same block streams.

    Parameters
    ----------
    scores, judgments, metrics, judgment
        As :func:`~evalkit.stats.difference_tests.compare_metrics`.
    seed, **options
        As :func:`distributed_difference_test`.

    Returns
    -------
    pandas.DataFrame
        One row per ordered pair: ``metric_a, metric_b`` and the test's columns.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import noisy_metrics
    >>> from evalkit.stats.distributed import distributed_compare_metrics
    >>> mats, h = noisy_metrics((6, 8), {"x": 0.3, "y": 2.0})
    >>> out = distributed_compare_metrics(mats, h, n_resamples=40, n_workers=0)
    >>> out[["metric_a", "metric_b"]].values.tolist()
    [['x', 'y'], ['y', 'x']]
    """
    mats, human = as_matrices(scores, judgments, judgment, metrics)
    pairs = [(a, b) for a in mats for b in mats if a != b]
    return pair_frame(
        _difference_tests("distributed_compare_metrics", mats, human, pairs, seed, options)
    )


def comparison_clusters(
    comparisons: pd.DataFrame, correlations: Mapping[str, float], alpha: float = 0.05
) -> pd.DataFrame:
    """Significance clusters from one-sided all-pairs comparison results.

    :func:`evalkit.stats.difference_tests.ranked_clusters` of the ``p_value`` column of
    :func:`distributed_compare_metrics`.

    Parameters
    ----------
    comparisons : pandas.DataFrame
        ``metric_a, metric_b, p_value`` rows, one-sided ("A > B"), covering every pair in
        correlation order.
    correlations : mapping of str to float
        Each metric's correlation with the humans.
    alpha : float, default 0.05

    Returns
    -------
    pandas.DataFrame
        ``metric, r, rank, beaten_by``, best first
        (:func:`~evalkit.stats.difference_tests.ranked_clusters`).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.distributed import comparison_clusters
    >>> comps = pd.DataFrame({"metric_a": ["x", "y"], "metric_b": ["y", "x"], "p_value": [0.01, 1.0]})
    >>> comparison_clusters(comps, {"x": 0.9, "y": 0.4})[["metric", "rank"]].values.tolist()
    [['x', 1], ['y', 2]]
    """
    p = {
        (a, b): v
        for a, b, v in comparisons[["metric_a", "metric_b", "p_value"]].itertuples(index=False)
    }
    return ranked_clusters(correlations, p, alpha)


def distributed_significance_clusters(
    scores,
    judgments,
    *,
    metrics: Optional[Sequence[str]] = None,
    judgment: Optional[str] = None,
    alpha: float = 0.05,
    seed: int = 0,
    **options,
) -> pd.DataFrame:
    """Significance clusters with the pair tests run in blocks on a Dask cluster.

    :func:`evalkit.stats.difference_tests.significance_clusters`: only the pairs the ranking
    needs (higher against lower correlation) are tested.

    Parameters
    ----------
    scores, judgments, metrics, judgment
        As :func:`~evalkit.stats.difference_tests.compare_metrics`.
    alpha : float, default 0.05
    seed, **options
        As :func:`distributed_difference_test`, less ``alternative`` (the tests are
        one-sided).

    Returns
    -------
    pandas.DataFrame
        As :func:`~evalkit.stats.difference_tests.significance_clusters`.

    Examples
    --------
    >>> from evalkit.stats.difference_tests import noisy_metrics
    >>> from evalkit.stats.distributed import distributed_significance_clusters
    >>> mats, h = noisy_metrics((8, 20), {"near": 0.5, "far": 3.0})
    >>> out = distributed_significance_clusters(mats, h, method="pearson", n_resamples=99, n_workers=0)
    >>> out[["metric", "rank"]].values.tolist()
    [['near', 1], ['far', 2]]
    """
    alpha = check_probability("alpha", alpha)
    where = "distributed_significance_clusters"
    design = split_options(where, options, DELTA_DESIGN, RUN_OPTIONS)[0]
    mats, human, corr, pairs = ranking_inputs(scores, judgments, judgment, metrics, design)
    rows = _difference_tests(where, mats, human, pairs, seed, options, DELTA_DESIGN)
    return comparison_clusters(pd.concat(rows, ignore_index=True), corr, alpha)


# the keywords each function forwards, shown in its signature (declared once)
show_options(distributed_bootstrap, _BOOTSTRAP, RUN_OPTIONS)
show_options(distributed_randomization, _RANDOMIZATION, RUN_OPTIONS)
show_options(distributed_statistics, CLUSTER_OPTIONS)
show_options(distributed_scores, distributed_statistics)
show_options(distributed_resampled_correlations, _CORRELATION_DESIGN, RUN_OPTIONS)
show_options(distributed_bootstrap_ci, distributed_resampled_correlations)
show_options(distributed_difference_test, DESIGN, RUN_OPTIONS)
show_options(distributed_compare_metrics, DESIGN, RUN_OPTIONS)
show_options(distributed_significance_clusters, DELTA_DESIGN, RUN_OPTIONS)
