"""BLEU and chrF: sacrebleu vs evalkit on WMT17 en-de (16 systems x 3,004 segments).

Both tools score all 16 systems in one run, in two usages:

* "per call": ``corpus_score(hyps, refs)`` for each system (references processed each time,
  as ``sacrebleu.corpus_bleu`` does);
* "cached refs": one metric object built with ``references=`` scores the 16 systems.

Each timing is the best of ``--repeat`` runs with fresh metric objects (so sacrebleu's
per-instance tokenizer caches start empty); evalkit's numba kernels are compiled (or loaded
from the on-disk cache) by a warm-up call on two segments first. Scores must be identical
(``==`` on the floats) and so must the per-segment statistics.

Usage: EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_mt.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from pathlib import Path

import numpy as np
from _timing import best_of


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    import sacrebleu
    from sacrebleu.metrics import BLEU as SacreBLEU, CHRF as SacreCHRF

    from evalkit.data.safe_pickle import load
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.chrf import CHRF

    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        print("EVALKIT_DATA_MIRROR is not set", file=sys.stderr)
        return 2
    data = load(Path(mirror) / "wmt17-en-de" / "wmt17_en_de_systems.pkl.bz2")
    systems, refs = data[:16], data[16][1]
    n_seg = len(refs[0])

    # warm-up: compile / load evalkit's numba kernels
    BLEU().corpus_score(systems[0][1][:2], [refs[0][:2]])
    CHRF(word_order=2).corpus_score(systems[0][1][:2], [refs[0][:2]])

    rows = []
    for metric, ours_cls, ref_cls in (("BLEU", BLEU, SacreBLEU), ("chrF", CHRF, SacreCHRF)):
        # per call
        t_ref, ref_scores = best_of(
            lambda: [ref_cls().corpus_score(h, refs).score for _, h in systems], args.repeat
        )
        t_ours, our_scores = best_of(
            lambda: [ours_cls().corpus_score(h, refs).score for _, h in systems], args.repeat
        )
        same = our_scores == ref_scores
        rows.append((metric, "per call", t_ref, t_ours, same))

        # cached references
        def ref_cached():
            m = ref_cls(references=refs)
            return [m.corpus_score(h, None).score for _, h in systems]

        def ours_cached():
            m = ours_cls(references=refs)
            return [m.corpus_score(h).score for _, h in systems]

        t_ref_c, ref_scores_c = best_of(ref_cached, args.repeat)
        t_ours_c, our_scores_c = best_of(ours_cached, args.repeat)
        rows.append((metric, "cached refs", t_ref_c, t_ours_c, our_scores_c == ref_scores_c))

        # statistics identical, segment by segment (checked outside the timings)
        m_ref, m_ours = ref_cls(references=refs), ours_cls(references=refs)
        stats_same = all(
            np.array_equal(
                m_ours.segment_statistics(h), np.asarray(m_ref._extract_corpus_statistics(h, None))
            )
            for _, h in systems
        )
        rows[-1] = rows[-1] + (stats_same,)
        rows[-2] = rows[-2] + (stats_same,)

    print(
        f"WMT17 en-de, {len(systems)} systems x {n_seg} segments, one reference; best of {args.repeat}; "
        f"sacrebleu {sacrebleu.__version__}, Python {platform.python_version()}, {platform.machine()}, "
        f"{os.cpu_count()} cores, {time.strftime('%Y-%m-%d')}"
    )
    print()
    print(
        "| metric | usage | sacrebleu (s) | evalkit (s) | ratio | scores identical | statistics identical |"
    )
    print("|---|---|---|---|---|---|---|")
    for metric, usage, t_ref, t_ours, same, stats_same in rows:
        print(
            f"| {metric} | {usage} | {t_ref:.2f} | {t_ours:.2f} | {t_ref / t_ours:.1f}x | "
            f"{'yes' if same else 'NO'} | {'yes' if stats_same else 'NO'} |"
        )
    return 0 if all(r[4] and r[5] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
