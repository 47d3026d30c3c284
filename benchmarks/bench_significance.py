"""Paired significance tests: sacrebleu's PairedTest vs evalkit on WMT17 en-de.

15 systems against the first (LIUM-NMT), BLEU, paired bootstrap (1,000 resamples) and
approximate randomization (10,000 trials), sacrebleu's default seed for both tools.
Prints a Markdown table: time of each tool, the ratio, and the largest p-value difference
(0 expected: evalkit draws the same random numbers and counts ties like sacrebleu here).

Usage: EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_significance.py
"""
from __future__ import annotations

import os
import platform
import sys
import time
from pathlib import Path

import numpy as np


def main() -> int:
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    from evalkit.data.safe_pickle import load
    from evalkit.metrics.bleu import BLEU as EvalkitBLEU
    from evalkit.stats.resampling import approximate_randomization, paired_bootstrap
    from evalkit.stats.sacrebleu_stats import corpus_statistics

    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        print("EVALKIT_DATA_MIRROR is not set", file=sys.stderr)
        return 2
    data = load(Path(mirror) / "wmt17-en-de" / "wmt17_en_de_systems.pkl.bz2")
    named, refs = data[:-1], data[-1][1]
    os.environ.pop("SACREBLEU_SEED", None)

    t0 = time.perf_counter()
    sacre_stats = corpus_statistics(BLEU(), dict(named), refs)
    t_extract = time.perf_counter() - t0
    t0 = time.perf_counter()
    score = EvalkitBLEU(references=refs)
    stats = {name: score.segment_statistics(hyps) for name, hyps in named}
    t_ours_extract = time.perf_counter() - t0
    assert all(np.array_equal(stats[k], sacre_stats[k]) for k in stats), "BLEU statistics differ"

    rows = []
    for test, n, ours in (("paired bootstrap", 1000, paired_bootstrap),
                          ("approximate randomization", 10000, approximate_randomization)):
        kind = "bs" if test == "paired bootstrap" else "ar"
        t0 = time.perf_counter()
        _, res = PairedTest(named, {"BLEU": BLEU()}, refs, test_type=kind, n_samples=n)()
        t_ref = time.perf_counter() - t0
        kw = {"n_resamples": n} if kind == "bs" else {"n_trials": n}
        t0 = time.perf_counter()
        out = ours(stats, score, ties="gt", **kw)
        t_ours = time.perf_counter() - t0
        dp = np.max(np.abs(out.p_value.to_numpy() - np.array([r.p_value for r in res["BLEU"][1:]])))
        rows.append((test, n, t_ref, t_ours, dp))

    print(f"WMT17 en-de, 16 systems x 3004 segments, BLEU; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores, numpy {np.__version__}")
    print(f"Per-segment BLEU statistics of the 16 systems (identical arrays): sacrebleu "
          f"`_extract_corpus_statistics` {t_extract:.2f} s (inside every PairedTest run), "
          f"evalkit `BLEU.segment_statistics` {t_ours_extract:.2f} s (once)\n")
    print("| test | resamples | sacrebleu PairedTest (s) | evalkit test (s) | ratio, test only "
          "| ratio end to end | max abs p difference |")
    print("|---|---|---|---|---|---|---|")
    for test, n, t_ref, t_ours, dp in rows:
        print(f"| {test} | {n} | {t_ref:.2f} | {t_ours:.3f} | {(t_ref - t_extract) / t_ours:.0f}x "
              f"| {t_ref / (t_ours + t_ours_extract):.1f}x | {dp:.1e} |")
    t_ref_all = sum(r[2] for r in rows)
    t_ours_all = sum(r[3] for r in rows)
    print(f"| both tests, one run | | {t_ref_all:.2f} | {t_ours_all:.3f} "
          f"| {(t_ref_all - 2 * t_extract) / t_ours_all:.0f}x | {t_ref_all / (t_ours_all + t_ours_extract):.1f}x | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
