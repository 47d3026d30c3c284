"""Distributed scoring and resampling on the synthetic WMT-scale corpus, 1, 2 and 4 Dask workers.

Corpus: :func:`evalkit.data.simulate.scale.wmt_scale_corpus` (``--systems`` x ``--segments``,
seed 0). For each worker count a LocalCluster of single-threaded worker processes
(:mod:`evalkit.stats.distributed`) computes BLEU's sufficient statistics of every system by
partitions and then runs the paired bootstrap (all pairs against the first system,
``--resamples``, blocks of ``--block-size``). The in-process path (0 workers, same blocks) is
the reference: the table reports throughput (segment-systems per second, resamples per second),
the ratio to the in-process run, whether statistics, scores and p-values are identical, and the
mean per-task cost, from which it projects the time on a cluster of ``--project`` workers
(tasks x per-task cost / workers, no scheduling overhead assumed).

Usage: .venv/bin/python benchmarks/bench_scale.py [--systems 10 --segments 20000 --resamples 2000]
"""
from __future__ import annotations

import argparse
import math
import platform
import time

import numpy as np


def _run(n_workers, systems, refs, args):
    from distributed import Client, LocalCluster

    from evalkit.metrics import get_metric
    from evalkit.stats.distributed import distributed_bootstrap, distributed_statistics

    metric = get_metric("bleu")

    def work(**cluster):
        t0 = time.perf_counter()
        stats = distributed_statistics(metric, systems, refs, partition_size=args.partition_size, **cluster)
        t1 = time.perf_counter()
        boot = distributed_bootstrap(stats, metric, n_resamples=args.resamples, block_size=args.block_size,
                                     seed=0, **cluster)
        return stats, boot, t1 - t0, time.perf_counter() - t1

    if n_workers == 0:
        return work(n_workers=0)
    with LocalCluster(n_workers=n_workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        return work(client=client)


def main() -> int:
    from evalkit.data.simulate.scale import wmt_scale_corpus

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--systems", type=int, default=10)
    parser.add_argument("--segments", type=int, default=20000)
    parser.add_argument("--resamples", type=int, default=2000)
    parser.add_argument("--block-size", type=int, default=250)
    parser.add_argument("--partition-size", type=int, default=5000)
    parser.add_argument("--project", type=int, default=64)
    args = parser.parse_args()
    t0 = time.perf_counter()
    systems, refs = wmt_scale_corpus(args.systems, args.segments, seed=0)
    print(f"corpus {args.systems} systems x {args.segments} segments generated in {time.perf_counter() - t0:.1f} s;"
          f" {platform.processor() or platform.machine()}, {platform.python_version()}\n")
    score_tasks = args.systems * math.ceil(args.segments / args.partition_size)
    boot_tasks = math.ceil(args.resamples / args.block_size)
    base = _run(0, systems, refs, args)
    print("| workers | scoring (s) | segment-systems/s | bootstrap (s) | resamples/s | speed-up vs in-process"
          " | identical to in-process |")
    print("|---:|---:|---:|---:|---:|---:|---|")
    per_task = None
    for n in (0, 1, 2, 4):
        stats, boot, t_score, t_boot = base if n == 0 else _run(n, systems, refs, args)
        same = (all(np.array_equal(stats[k], base[0][k]) for k in stats) and boot.equals(base[1]))
        if n == 1:
            per_task = (t_score + t_boot) / (score_tasks + boot_tasks)
        print(f"| {n or 'in-process'} | {t_score:.2f} | {args.systems * args.segments / t_score:,.0f} | {t_boot:.2f} |"
              f" {args.resamples / t_boot:,.0f} | {(base[2] + base[3]) / (t_score + t_boot):.2f}x | {same} |")
    print(f"\nper-task cost on 1 worker: {per_task * 1000:.0f} ms over {score_tasks + boot_tasks} tasks;"
          f" projected on {args.project} workers: {(score_tasks + boot_tasks) * per_task / args.project:.2f} s"
          " (tasks x cost / workers, scheduling and transfer not included)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
