"""Distributed scoring and resampling on the synthetic WMT-scale corpus: 1, 2 and 4 Dask workers.

Corpus: :func:`evalkit.data.simulate.scale.wmt_scale_corpus` (``--systems`` x ``--segments``,
seed 0). For each worker count a LocalCluster of single-threaded worker processes
(:mod:`evalkit.stats.distributed`) computes BLEU's sufficient statistics of every system by
partitions (``--partition-size`` segments x one system per task) and then the paired bootstrap
(every system against the first, ``--resamples`` in blocks of ``--block-size``). The in-process
path (``n_workers=0``: the same tasks in a loop, no Dask) is the reference. The script prints

* throughput per worker count (segment-systems per second, resamples per second), the speed-up
  over one worker and whether statistics, scores and p-values are identical to the in-process
  run (they must be: the seed contract does not involve the cluster); this machine's cores and
  load average are printed, since 4 workers on 2 cores oversubscribe them;
* the measured per-task costs of the 1-worker run: a worker's warm-up (imports and JIT
  compilation, once per worker process, timed before the phases and not in them), the
  scheduler round trip of a no-op task (``NOOP_TASKS`` of them), and from Dask's task stream
  the compute time per task and the rest of the wall time per task (serialization,
  communication, scheduling), bytes sent to and returned by a task and the bytes broadcast
  once per worker;
* a projection for clusters of ``--project`` workers on the corpus of ``--project-size``
  (default the issue's 50 systems x 100,000 segments, 10,000 resamples) from those costs:
  ``T(W) = warm-up + sum over phases of max(ceil(n_tasks / W) x (compute + other), n_tasks x
  scheduler) + W x broadcast / bandwidth + n_tasks x (in + out) / bandwidth``: tasks are
  indivisible, the single scheduler handles them one after another (``n_tasks x scheduler``
  bounds the speed-up), a scoring task keeps its cost (same partition size), a bootstrap
  task's compute and the broadcast statistics scale with systems x segments; ``--bandwidth``
  (default 1 GB/s) is the network, and broadcasting is counted once per worker (no tree). It is
  an estimate from a 2-core machine, not a measurement.

Usage: .venv/bin/python benchmarks/bench_scale.py [--systems 10 --segments 20000 --resamples 2000]
"""

from __future__ import annotations

import argparse
import math
import os
import pickle
import platform
import time

import numpy as np


def _phases(n_workers, systems, refs, args):
    """(statistics, bootstrap frame, {phase: (wall seconds, task stream records)})."""
    from distributed import get_task_stream

    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import (
        cluster_client,
        distributed_bootstrap,
        distributed_statistics,
    )

    metric = get_metric("bleu")

    def work(client):
        times = {}
        t0 = time.perf_counter()  # imports and JIT compilation, once per process, before timing
        if client is None:
            _warm(metric)
        else:
            client.run(_warm, metric)
            t1 = time.perf_counter()
            client.gather(client.map(_noop, range(NOOP_TASKS), pure=False))
            times["noop"] = (time.perf_counter() - t1, [])
        times["warm-up"] = (time.perf_counter() - t0 - times.get("noop", (0,))[0], [])
        cluster = dict(client=client, n_workers=0)

        def timed(name, fn):
            t0 = time.perf_counter()
            if client is None:
                out, records = fn(), []
            else:
                with get_task_stream(client) as stream:
                    out = fn()
                records = stream.data
            times[name] = (time.perf_counter() - t0, records)
            return out

        stats = timed(
            "scoring",
            lambda: distributed_statistics(
                metric, systems, refs, partition_size=args.partition_size, **cluster
            ),
        )
        boot = timed(
            "bootstrap",
            lambda: distributed_bootstrap(
                stats,
                metric,
                n_resamples=args.resamples,
                block_size=args.block_size,
                seed=0,
                **cluster,
            ),
        )
        return stats, boot, times

    # the library's own LocalCluster of single-threaded worker processes (none for 0 workers)
    with cluster_client(n_workers=n_workers) as client:
        if client is not None:
            client.wait_for_workers(n_workers)
        return work(client)


NOOP_TASKS = 500


def _warm(metric):
    metric.segment_statistics(["w1 w2 w3 w4"], [["w1 w2 w3 w5"]])


def _noop(i):
    return i


def _compute_seconds(records) -> list:
    return [
        sum(s["stop"] - s["start"] for s in r["startstops"] if s["action"] == "compute")
        for r in records
    ]


def _task_bytes(systems, refs, stats, args):
    """Bytes in and out of one task of each phase, and the bytes broadcast once per worker."""
    name = next(iter(systems))
    p = args.partition_size
    score_in = len(pickle.dumps((systems[name][:p], refs[:p])))
    score_out = stats[name][:p].nbytes
    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import block_streams

    stack = np.stack(list(stats.values()))
    boot_in = len(pickle.dumps((block_streams(0, 1)[0], args.block_size)))
    return {
        "scoring": (score_in, score_out, len(pickle.dumps(get_metric("bleu")))),
        "bootstrap": (boot_in, args.block_size * len(stats) * 8, stack.nbytes),
    }


def main() -> int:
    from evalkit.data.simulate.scale import wmt_scale_corpus

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, default=10)
    parser.add_argument("--segments", type=int, default=20000)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--block-size", type=int, default=250)
    parser.add_argument("--partition-size", type=int, default=5000)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2, 4])
    parser.add_argument("--project", type=int, nargs="+", default=[8, 32, 128])
    parser.add_argument(
        "--project-size",
        type=int,
        nargs=3,
        default=[50, 100_000, 10_000],
        metavar=("SYSTEMS", "SEGMENTS", "RESAMPLES"),
        help="corpus of the projection",
    )
    parser.add_argument(
        "--bandwidth", type=float, default=1e9, help="bytes per second assumed for the projection"
    )
    args = parser.parse_args()
    t0 = time.perf_counter()
    systems, refs = wmt_scale_corpus(args.systems, args.segments, seed=0)
    print(
        f"corpus {args.systems} systems x {args.segments} segments generated in {time.perf_counter() - t0:.1f} s;"
        f" {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()},"
        f" load average before the runs {os.getloadavg()[0]:.2f}\n"
    )
    n_tasks = {
        "scoring": args.systems * math.ceil(args.segments / args.partition_size),
        "bootstrap": math.ceil(args.resamples / args.block_size),
    }
    base = _phases(0, systems, refs, args)
    runs = {0: base}
    print(
        "| workers | scoring (s) | segment-systems/s | bootstrap (s) | resamples/s | speed-up vs in-process"
        " | identical to in-process |"
    )
    print("|---:|---:|---:|---:|---:|---:|---|")
    all_same = True
    for n in [0, *args.workers]:
        stats, boot, times = runs[n] = runs.get(n) or _phases(n, systems, refs, args)
        same = all(np.array_equal(stats[k], base[0][k]) for k in stats) and boot.equals(base[1])
        all_same &= same
        total = times["scoring"][0] + times["bootstrap"][0]
        ref_total = base[2]["scoring"][0] + base[2]["bootstrap"][0]
        print(
            f"| {n or 'in-process'} | {times['scoring'][0]:.2f} | {args.systems * args.segments / times['scoring'][0]:,.0f}"
            f" | {times['bootstrap'][0]:.2f} | {args.resamples / times['bootstrap'][0]:,.0f} |"
            f" {ref_total / total:.2f}x | {same} |"
        )
    print(
        f"\nidentical results across worker counts: {all_same}"
        f" (load average after the runs {os.getloadavg()[0]:.2f}; more workers than the"
        f" {os.cpu_count()} cores oversubscribe them)\n"
    )
    bytes_ = _task_bytes(systems, refs, base[0], args)
    one = runs[args.workers[0]][2]
    sched = one["noop"][0] / NOOP_TASKS
    print(
        f"per-task costs on {args.workers[0]} worker(s) (Dask task stream): worker warm-up (imports, JIT)"
        f" {one['warm-up'][0]:.2f} s once per worker; scheduler round trip of a no-op task {sched * 1e3:.2f} ms"
        f" ({NOOP_TASKS} tasks)\n"
    )
    print(
        "| phase | tasks | compute ms/task | other ms/task | bytes in/task | bytes out/task | broadcast bytes/worker |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|")
    costs = {}
    for phase in ("scoring", "bootstrap"):
        wall, records = one[phase]
        compute = _compute_seconds(records)
        c = float(np.mean(compute)) if compute else float("nan")
        overhead = max(wall * args.workers[0] - sum(compute), 0.0) / n_tasks[phase]
        costs[phase] = (c, overhead)
        b_in, b_out, shared = bytes_[phase]
        print(
            f"| {phase} | {n_tasks[phase]} | {c * 1e3:.1f} | {overhead * 1e3:.1f} | {b_in:,} | {b_out:,} | {shared:,} |"
        )
    S, N, R = args.project_size
    scale = {
        "scoring": (S * math.ceil(N / args.partition_size), 1.0, 1.0, 1.0),
        "bootstrap": (
            math.ceil(R / args.block_size),
            S * N / (args.systems * args.segments),
            S / args.systems,
            S * N / (args.systems * args.segments),
        ),
    }
    serial = sum(scale[ph][0] * costs[ph][0] * scale[ph][1] for ph in costs)
    print(
        f"\nprojection for {S} systems x {N:,} segments, {R:,} resamples (same partition and block sizes):"
        f" T(W) = warm-up + sum over phases of max(ceil(tasks / W) x (compute + other), tasks x scheduler)"
        f" + W x broadcast / bandwidth + tasks x (in + out) / bandwidth, bandwidth {args.bandwidth / 1e9:g} GB/s;"
        f" compute of a bootstrap task scaled by systems x segments; an estimate from the costs above,"
        f" not a measurement. In-process (sum of compute): {serial:,.0f} s.\n"
    )
    print(
        "| workers | scoring tasks | scoring (s) | bootstrap tasks | bootstrap (s) | total with warm-up (s) |"
        " speed-up vs in-process |"
    )
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for w in args.project:
        parts = []
        for phase in ("scoring", "bootstrap"):
            c, o = costs[phase]
            b_in, b_out, shared = bytes_[phase]
            k, f_compute, f_out, f_shared = scale[phase]
            parts.append(
                max(math.ceil(k / w) * (c * f_compute + o), k * sched)
                + w * shared * f_shared / args.bandwidth
                + k * (b_in + b_out * f_out) / args.bandwidth
            )
        total = sum(parts) + one["warm-up"][0]
        print(
            f"| {w} | {scale['scoring'][0]:,} | {parts[0]:.1f} | {scale['bootstrap'][0]:,} | {parts[1]:.1f} |"
            f" {total:.1f} | {serial / total:.1f}x |"
        )
    return 0 if all_same else 1


if __name__ == "__main__":
    raise SystemExit(main())
