"""Scoring and resampling split into independent tasks and run on a ``dask.distributed`` cluster.

**Resampling.** A paired bootstrap (B resamples) or approximate randomization (R trials) test is
cut into blocks of at most ``block_size`` resamples. Block ``b`` draws from its own stream,
``numpy.random.default_rng(SeedSequence(seed).spawn(n_blocks)[b])`` with
``n_blocks = ceil(R / block_size)``, so the draws, and hence the p-values, depend on
``(seed, R, block_size)`` only, never on the number of workers or on which worker ran which
block (or re-ran it after another worker died). A block returns only its resampled corpus
scores, ``(block rows, systems)`` for the bootstrap and ``(block rows, pairs)`` null statistics
for AR, so the memory of one task is bounded by ``block_size x n_segments`` draws. The
blocks' results are concatenated in block order and turned into p-values with the formulas of
:mod:`evalkit.stats.resampling` (shifted / centred / Koehn bootstrap, AR ``p = (c+1)/(R+1)``,
``ties`` "ge" or "gt", percentile intervals). With ``block_size >= R`` there is one block, but
its stream is the first spawned child of the seed, not ``default_rng(seed)``: the p-values are
those of the same test under another (equally valid) random stream, not the digits of
:func:`evalkit.stats.resampling.paired_bootstrap`.

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

Why Dask: scheduling, data movement and worker failure are a solved problem there; this module
only decides what one task computes and how the seeds are split.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from typing import Dict, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit import config
from evalkit.errors import ParameterError
from evalkit.stats.resampling import SACREBLEU_SEED, bootstrap_p_value
from evalkit.stats.sacrebleu_stats import as_score_function
from evalkit.stats.validation import check_choice, check_int, check_probability

__all__ = ["block_sizes", "block_streams", "distributed_bootstrap", "distributed_randomization",
           "distributed_statistics", "distributed_scores", "cluster_client"]

DEFAULT_BLOCK_SIZE = 500
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
    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True,
                      host="127.0.0.1", dashboard_address=None) as cluster, Client(cluster) as own:
        yield own


def _run(client, function, shared, tasks: Sequence[tuple]) -> list:
    """``[function(shared, *task) for task in tasks]``, on the cluster when there is one."""
    if client is None:
        return [function(shared, *task) for task in tasks]
    handle = client.scatter(shared, broadcast=True, hash=False)
    futures = [client.submit(function, handle, *task, pure=False) for task in tasks]
    return client.gather(futures)


# --------------------------------------------------------------------------- resampling
def _stack(statistics: Mapping[str, np.ndarray]):
    if not isinstance(statistics, Mapping) or len(statistics) < 2:
        raise ParameterError("statistics", type(statistics).__name__,
                             "a mapping {system name: ndarray (n_segments, k)} of at least two systems")
    names = [str(k) for k in statistics]
    arrays = [np.asarray(v, dtype=np.float64) for v in statistics.values()]
    for name, a in zip(names, arrays):
        if a.ndim != 2 or a.shape != arrays[0].shape or a.shape[0] < 1:
            raise ParameterError(f"statistics[{name!r}]", a.shape,
                                 f"a 2-D array shaped like the first system's {arrays[0].shape}")
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
        raise ParameterError("score", out.shape, f"a function mapping (r, k) sums to r scores {sums.shape[:1]}")
    return out


def _bootstrap_block(shared, stream, rows):
    stack, score = shared
    n_sys, n_seg, _ = stack.shape
    rng = np.random.default_rng(stream)
    idx = rng.choice(n_seg, size=(rows, n_seg), replace=True)
    counts = np.bincount((idx + n_seg * np.arange(rows)[:, None]).ravel(),
                         minlength=rows * n_seg).reshape(rows, n_seg).astype(np.float64)
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


def _count(null: np.ndarray, observed: float, ties: str) -> int:
    tol = 1e-12 * max(1.0, abs(observed))
    return int(np.sum(null >= observed - tol)) if ties == "ge" else int(np.sum(null > observed + tol))


def _row(names, i, j, full, p, n, test) -> Dict:
    return {"system": names[i], "baseline": names[j], "score": float(full[i]),
            "baseline_score": float(full[j]), "difference": float(full[i] - full[j]),
            "p_value": float(p), "n_resamples": int(n), "test": test}


def distributed_bootstrap(statistics: Mapping[str, np.ndarray], score, *, baseline: Optional[str] = None,
                          pairs: str = "baseline", n_resamples: int = 1000, method: str = "shift",
                          ties: str = "ge", confidence: float = 0.95, seed: int = SACREBLEU_SEED,
                          block_size: int = DEFAULT_BLOCK_SIZE, client=None,
                          scheduler: Optional[str] = None, n_workers: int = 2) -> pd.DataFrame:
    """Paired bootstrap test in blocks (columns as :func:`evalkit.stats.resampling.paired_bootstrap`:
    ``system, baseline, score, baseline_score, difference, p_value, n_resamples, test, mean,
    ci_low, ci_high``). ``score`` is an (r, k) -> r function or a metric object."""
    check_choice("method", method, ("shift", "centred", "koehn"))
    check_choice("ties", ties, ("ge", "gt"))
    conf = check_probability("confidence", confidence)
    tasks, score, names, stack, pair_idx, full = _setup(statistics, score, baseline, pairs,
                                                        n_resamples, block_size, seed)
    with cluster_client(client, scheduler, n_workers) as c:
        boot = np.concatenate(_run(c, _bootstrap_block, (stack, score), tasks))
    lo = int(np.floor(n_resamples * (1 - conf) / 2))
    ordered = np.sort(boot, axis=0)
    rows = []
    for i, j in pair_idx:
        p = bootstrap_p_value(boot[:, i] - boot[:, j], full[i] - full[j], method, ties)
        r = _row(names, i, j, full, p, n_resamples, f"paired bootstrap ({method})")
        r.update(mean=float(boot[:, i].mean()), ci_low=float(ordered[lo, i]),
                 ci_high=float(ordered[n_resamples - lo - 1, i]))
        rows.append(r)
    return pd.DataFrame(rows)


def distributed_randomization(statistics: Mapping[str, np.ndarray], score, *, baseline: Optional[str] = None,
                              pairs: str = "baseline", n_trials: int = 10000, ties: str = "ge",
                              seed: int = SACREBLEU_SEED, block_size: int = DEFAULT_BLOCK_SIZE,
                              client=None, scheduler: Optional[str] = None,
                              n_workers: int = 2) -> pd.DataFrame:
    """Approximate randomization test in blocks (columns as
    :func:`evalkit.stats.resampling.approximate_randomization`, ``n_trials`` named ``n_resamples``)."""
    check_choice("ties", ties, ("ge", "gt"))
    tasks, score, names, stack, pair_idx, full = _setup(statistics, score, baseline, pairs,
                                                        n_trials, block_size, seed)
    with cluster_client(client, scheduler, n_workers) as c:
        null = np.concatenate(_run(c, _randomization_block, (stack, score, pair_idx),
                                   tasks))
    return pd.DataFrame([
        _row(names, i, j, full, (_count(null[:, p], abs(full[i] - full[j]), ties) + 1) / (n_trials + 1),
             n_trials, "approximate randomization")
        for p, (i, j) in enumerate(pair_idx)])


# --------------------------------------------------------------------------- scoring
def _statistics_task(metric, hyps, refs):
    return metric.segment_statistics(hyps, refs)


def distributed_statistics(metric, systems: Mapping[str, Sequence], refs: Sequence, *,
                           partition_size: int = DEFAULT_PARTITION_SIZE, client=None,
                           scheduler: Optional[str] = None, n_workers: int = 2) -> Dict[str, np.ndarray]:
    """``{system: segment_statistics (n_segments, k)}`` computed over partitions of
    ``partition_size`` segments x one system each (see the module docstring)."""
    partition_size = check_int("partition_size", partition_size)
    if not isinstance(systems, Mapping) or not systems:
        raise ParameterError("systems", type(systems).__name__, "a non-empty mapping {system: hypotheses}")
    n_seg = len(refs)
    for name, hyps in systems.items():
        if len(hyps) != n_seg:
            raise ParameterError(f"systems[{name!r}]", f"{len(hyps)} segments",
                                 f"one hypothesis per reference entry ({n_seg})")
    if getattr(metric, "whole_corpus_statistics", False):
        partition_size = max(n_seg, 1)
    bounds = [(a, min(a + partition_size, n_seg)) for a in range(0, n_seg, partition_size)]
    # Each task carries only its own slice of the text (the metric is shared by all).
    tasks = [(list(systems[name][a:b]), list(refs[a:b])) for name in systems for a, b in bounds]
    with cluster_client(client, scheduler, n_workers) as c:
        parts = _run(c, _statistics_task, metric, tasks)
    out, it = {}, iter(parts)
    for name in systems:
        out[str(name)] = np.concatenate([np.asarray(next(it)) for _ in bounds])
    return out


def distributed_scores(metric, systems: Mapping[str, Sequence], refs: Sequence, **options) -> pd.Series:
    """Corpus score per system, ``metric.score_from_statistics(S.sum(axis=0))`` over the
    statistics of :func:`distributed_statistics` (``options`` are passed to it)."""
    stats = distributed_statistics(metric, systems, refs, **options)
    return pd.Series({name: metric.score_from_statistics(s.sum(axis=0)) for name, s in stats.items()},
                     name=getattr(metric, "name", "score"))
