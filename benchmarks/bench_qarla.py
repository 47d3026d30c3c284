"""QARLA's search over metric sets at DUC 2004 scale: KING of all 1,023 non-empty subsets
of 10 metrics, vectorized (``evalkit.stats.qarla.best_metric_sets``, default) against the
direct loop that calls ``king`` once per set (``method="loop"``), in the same run.

Data: seeded synthetic similarities (``evalkit.stats.qarla_synthetic.point_clouds``) with
the sizes of DUC 2004 task 2: 50 test cases, 8 models and 35 peers per test case, 10
metrics (the paper's 10 cluster representatives). Both methods start from the same
``QarlaData`` with its per-instance acceptance cache filled (built once, timed apart), so
the ratio is that of the search itself (wall clock and process CPU time, the latter robust to
other load on the machine); the KING of every set must be identical.

Usage: ``.venv/bin/python benchmarks/bench_qarla.py [--instances 50 --models 8 --peers 35 --metrics 10]``
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from datetime import datetime, timezone


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--instances", type=int, default=50)
    ap.add_argument("--models", type=int, default=8)
    ap.add_argument("--peers", type=int, default=35)
    ap.add_argument("--metrics", type=int, default=10)
    ap.add_argument("--seed", type=int, default=2004)
    args = ap.parse_args(argv)

    import numpy as np

    from evalkit.stats import qarla
    from evalkit.stats.qarla_synthetic import point_clouds

    _, sims, roles = point_clouds(
        args.instances,
        args.models,
        args.peers,
        args.metrics,
        noise=1.0,
        peer_offset=1.5,
        seed=args.seed,
    )
    t0 = time.perf_counter()
    data = qarla.QarlaData(sims, roles)
    for inst in data.cases:
        data.king_acceptance(inst, "distinct", "leave_one_out")
    t_index = time.perf_counter() - t0

    t0, c0 = time.perf_counter(), time.process_time()
    fast = qarla.best_metric_sets(data)
    t_fast, c_fast = time.perf_counter() - t0, time.process_time() - c0
    t0, c0 = time.perf_counter(), time.process_time()
    slow = qarla.best_metric_sets(data, method="loop")
    t_slow, c_slow = time.perf_counter() - t0, time.process_time() - c0
    same = np.array_equal(fast["king"].to_numpy(), slow["king"].to_numpy()) and list(
        fast["metrics"]
    ) == list(slow["metrics"])

    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    print(
        f"{stamp}; {args.instances} test cases x ({args.models} models + {args.peers} peers), "
        f"{args.metrics} metrics, {len(fast)} sets; {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}; similarity index + acceptance cache {t_index:.2f} s (once)\n"
    )
    load = " / ".join(f"{v:.2f}" for v in os.getloadavg()) if hasattr(os, "getloadavg") else "n/a"
    print(
        f"load average (1/5/15 min) at the end: {load}; CPU = process time, robust to other load\n"
    )
    print(
        "| search | per-set loop (s) | vectorized (s) | ratio | loop CPU (s) | vectorized CPU (s) | CPU ratio "
        "| KING of every set identical |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---|")
    print(
        f"| {len(fast)} metric sets, KING | {t_slow:.2f} | {t_fast:.2f} | {t_slow / t_fast:.1f}x | {c_slow:.2f} | "
        f"{c_fast:.2f} | {c_slow / max(c_fast, 1e-9):.1f}x | {'yes' if same else 'NO'} |"
    )
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
