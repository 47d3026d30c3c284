"""METEOR's ``jobs=2`` (spawned worker processes) against ``jobs=1`` at banerjee2005's sizes.

Since session 10 ``METEOR(...).sentence_results(..., jobs>1)`` starts its workers with
``spawn`` (a fork from a process with other threads can hang on a copied lock), so each
worker imports evalkit, nltk and numba and loads the stemmer and WordNet itself. This script
measures whether that start-up still leaves a gain at the sizes banerjee2005's notebooks
score: the notebooks' corpus (``load_mt_evaluation`` + ``output_frame``) in quick mode (the
smoke runs in CI: first 30 segments) and at full size, default modules
``exact+porter+wn_synonym``.

Each (size, jobs) cell runs in a fresh interpreter, as a notebook kernel would: the timed
part is what ``banerjee2005.meteor_table`` does, building the metric (the first call also
imports nltk and opens WordNet) and scoring every output; ``second call`` repeats it in the
same interpreter (warm stemmer/WordNet caches in the parent, fresh workers again), as
``03_module_ablation`` does eight times. The ratio is ``jobs=1`` time over ``jobs=N`` time in
the same run (> 1: the workers pay off). Statistics of every segment must be identical.

Usage: ``EVALKIT_SAMPLE_DIR=<built sample> EVALKIT_DATA_MIRROR=../shared/data
.venv/bin/python benchmarks/bench_meteor_jobs.py [--jobs 2] [--sizes quick,full]
[--profile sample]``
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import time
from datetime import date

QUICK_SEGMENTS = 30  # the notebooks' quick mode (banerjee2005 spec: first_n quick=30)


def _frame(profile: str, size: str):
    from evalkit.data.mt_views import limit_segments, load_mt_evaluation, output_frame

    quick = size == "quick"
    corpus = load_mt_evaluation(profile, "zh", quick=quick, public_pair="lt-en")
    return output_frame(limit_segments(corpus, QUICK_SEGMENTS if quick else None))


def _child(profile: str, size: str, jobs: int) -> dict:
    frame = _frame(profile, size)
    hyps, refs = frame["text"].tolist(), [list(r) for r in frame["refs"]]
    from evalkit.metrics import get_metric  # evalkit's own imports are not timed

    times, digest = [], None
    for _ in range(2):
        t0 = time.perf_counter()
        metric = get_metric("meteor", ref_layout="segments")
        scores = metric.sentence_results(hyps, refs, jobs=jobs)
        times.append(time.perf_counter() - t0)
        stats = [(s.stats, s.reference) for s in scores]
        digest = hashlib.sha256(repr(stats).encode()).hexdigest()
    return {"n": len(hyps), "first": times[0], "second": times[1], "digest": digest}


def _run_cell(profile: str, size: str, jobs: int) -> dict:
    cmd = [sys.executable, __file__, "--child", profile, size, str(jobs)]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    ap.add_argument("--sizes", default="quick,full", help="quick and/or full (default both)")
    ap.add_argument("--profile", default="sample", help="sample (default) or public")
    ap.add_argument("--child", nargs=3, metavar=("PROFILE", "SIZE", "JOBS"), help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        profile, size, jobs = args.child
        print(json.dumps(_child(profile, size, int(jobs))))
        return 0

    print(
        f"banerjee2005's METEOR scoring, profile {args.profile}, jobs=1 vs jobs={args.jobs} "
        f"(spawned workers); {date.today()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"Python {platform.python_version()}, load average {os.getloadavg()[0]:.1f}"
    )
    print()
    print(
        "| size | outputs | jobs=1 first call (s) | jobs=N first call (s) | ratio | "
        "jobs=1 second call (s) | jobs=N second call (s) | ratio | identical |"
    )
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    for size in args.sizes.split(","):
        one = _run_cell(args.profile, size, 1)
        par = _run_cell(args.profile, size, args.jobs)
        print(
            f"| {size} | {one['n']} | {one['first']:.2f} | {par['first']:.2f} | "
            f"{one['first'] / par['first']:.2f} | {one['second']:.2f} | {par['second']:.2f} | "
            f"{one['second'] / par['second']:.2f} | {'yes' if one['digest'] == par['digest'] else 'NO'} |"
        )
    print()
    print(f"load average after the run {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
