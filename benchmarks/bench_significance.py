"""Paired significance tests: sacrebleu's PairedTest vs evalkit on WMT17 en-de.

15 systems against the first (LIUM-NMT), BLEU, paired bootstrap (1,000 resamples) and
approximate randomization (10,000 trials), sacrebleu's default seed for both tools.
Prints a Markdown table: time of each tool, the ratio, and the largest p-value difference
(0 expected: evalkit draws the same random numbers and counts ties like sacrebleu here).

Both tools run in this one process, one core each: sacrebleu with ``n_jobs=1``, evalkit
without any parallelism (no worker processes, numba kernels not parallel). Each block is
timed on the wall clock and on the process CPU clock (``time.process_time``); on a shared,
loaded machine the CPU-time ratio is the steadier one. sacrebleu's PairedTest runs after
its own statistics extraction has warmed it up; evalkit's first call in the process (numba
initialising and loading its compiled kernels from the cache, which imports scipy.linalg)
is timed separately on 10 segments and reported both ways: "end to end" includes it,
"warm" does not.

Usage: EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_significance.py [--profile]
(``--profile`` prints where evalkit's statistics extraction spends its time, cProfile.)
"""

from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

import numpy as np


def timed(fn, *args, **kw):
    """``fn(*args, **kw)`` and its wall and CPU seconds."""
    w0, c0 = time.perf_counter(), time.process_time()
    out = fn(*args, **kw)
    return out, time.perf_counter() - w0, time.process_time() - c0


def main(argv=None) -> int:
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    from evalkit.data.safe_pickle import load
    from evalkit.metrics.bleu import BLEU as EvalkitBLEU
    from evalkit.stats.resampling import approximate_randomization, paired_bootstrap
    from evalkit.stats.sacrebleu_stats import corpus_statistics

    argv = sys.argv[1:] if argv is None else argv
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        print("EVALKIT_DATA_MIRROR is not set", file=sys.stderr)
        return 2
    data = load(Path(mirror) / "wmt17-en-de" / "wmt17_en_de_systems.pkl.bz2")
    named, refs = data[:-1], data[-1][1]
    os.environ.pop("SACREBLEU_SEED", None)
    load_start = os.getloadavg()

    def ours_extract():
        score = EvalkitBLEU(references=refs)
        return score, {name: score.segment_statistics(hyps) for name, hyps in named}

    sacre_stats, t_extract, c_extract = timed(corpus_statistics, BLEU(), dict(named), refs)
    _, t_first, c_first = timed(
        EvalkitBLEU().segment_statistics, named[0][1][:10], [r[:10] for r in refs]
    )
    (score, stats), t_ours_extract, c_ours_extract = timed(ours_extract)
    assert all(np.array_equal(stats[k], sacre_stats[k]) for k in stats), "BLEU statistics differ"

    rows = []
    for test, n, ours in (
        ("paired bootstrap", 1000, paired_bootstrap),
        ("approximate randomization", 10000, approximate_randomization),
    ):
        kind = "bs" if test == "paired bootstrap" else "ar"
        paired = PairedTest(named, {"BLEU": BLEU()}, refs, test_type=kind, n_samples=n)
        (_, res), t_ref, c_ref = timed(paired)
        kw = {"n_resamples": n} if kind == "bs" else {"n_trials": n}
        out, t_ours, c_ours = timed(ours, stats, score, ties="gt", **kw)
        dp = np.max(np.abs(out.p_value.to_numpy() - np.array([r.p_value for r in res["BLEU"][1:]])))
        rows.append((test, n, t_ref, t_ours, c_ref, c_ours, dp))
    load_end = os.getloadavg()

    print(
        f"WMT17 en-de, 16 systems x 3004 segments, BLEU; {platform.processor() or platform.machine()}, "
        f"{os.cpu_count()} cores, numpy {np.__version__}, one process per tool; load average "
        f"{'/'.join(f'{x:.1f}' for x in load_start)} at start, {'/'.join(f'{x:.1f}' for x in load_end)} at end"
    )
    print(
        f"Per-segment BLEU statistics of the 16 systems (identical arrays): sacrebleu "
        f"`_extract_corpus_statistics` {t_extract:.2f} s ({c_extract:.2f} s CPU; inside every PairedTest run), "
        f"evalkit `BLEU.segment_statistics` {t_ours_extract:.2f} s ({c_ours_extract:.2f} s CPU; once): "
        f"{t_extract / t_ours_extract:.1f}x ({c_extract / c_ours_extract:.1f}x CPU). evalkit's first call "
        f"in the process: {t_first:.2f} s ({c_first:.2f} s CPU)\n"
    )
    print(
        "| test | resamples | sacrebleu PairedTest (s) | evalkit test (s) | ratio, test only "
        "| ratio end to end | same, CPU time | end to end, warm | max abs p difference |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    e2e = t_ours_extract + t_first
    c_e2e = c_ours_extract + c_first
    for test, n, t_ref, t_ours, c_ref, c_ours, dp in rows:
        print(
            f"| {test} | {n} | {t_ref:.2f} | {t_ours:.3f} | {(t_ref - t_extract) / t_ours:.0f}x "
            f"| {t_ref / (t_ours + e2e):.1f}x | {c_ref / (c_ours + c_e2e):.1f}x "
            f"| {t_ref / (t_ours + t_ours_extract):.1f}x | {dp:.1e} |"
        )
    t_ref_all, t_ours_all = sum(r[2] for r in rows), sum(r[3] for r in rows)
    c_ref_all, c_ours_all = sum(r[4] for r in rows), sum(r[5] for r in rows)
    print(
        f"| both tests, one run | | {t_ref_all:.2f} | {t_ours_all:.3f} "
        f"| {(t_ref_all - 2 * t_extract) / t_ours_all:.0f}x | {t_ref_all / (t_ours_all + e2e):.1f}x "
        f"| {c_ref_all / (c_ours_all + c_e2e):.1f}x | {t_ref_all / (t_ours_all + t_ours_extract):.1f}x | |"
    )
    if "--profile" in argv:
        import cProfile
        import pstats

        prof = cProfile.Profile()
        prof.runcall(ours_extract)
        print("\nevalkit statistics extraction (second run, cProfile):")
        pstats.Stats(prof).sort_stats("tottime").print_stats(12)
    return 0


if __name__ == "__main__":
    sys.exit(main())
