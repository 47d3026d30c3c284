"""Benchmark: evalkit ROUGE vs ROUGE-1.5.5.pl and rouge-score on SummEval, in one run.

SummEval (Fabbri et al. 2021): 100 CNN/DM documents x 16 systems = 1,600 summaries, 11
references each. Summaries are split into sentences by
``evalkit.text.sentences.split_tokenized_sentences`` (the texts are pre-tokenized), the
same split for every tool and the same as the notebooks'.

Rows of the printed Markdown table:
1. Graham's 192 variants: the four ROUGE-1.5.5.pl runs
   ``-n 4 -w 1.2 -2 4 -U -f A -p 0.5 -c 95 -r 1000 -a -d [-m] [-s]`` versus
   ``evalkit.metrics.rouge_variants.rouge_variant_grid`` (per-summary P/R/F of 8 methods x 4 cells,
   system mean/median). Agreement: every per-summary value Perl prints equals evalkit's.
2. The same four runs through evalkit's drop-in report (byte-identical stdout required).
3. ROUGE-1/2/Lsum per (summary, reference) pair: ``rouge_score.RougeScorer`` over the
   17,600 pairs versus evalkit on the same pairs (single-reference instances). The tools
   tokenize differently by design (rouge-score drops hyphens, uses NLTK's Porter), so the
   agreement column reports the share of identical 5-decimal F values.

Times: the reference runs once; evalkit's side runs ``--repeats`` times (default 5) and the
median is reported. Besides wall-clock seconds (and their ratio) the table gives the CPU
ratio: the Perl children's user + system time over evalkit's process time (all threads),
which moves much less than wall-clock time when other jobs share the machine.

Usage: ``.venv/bin/python benchmarks/bench_rouge.py [--docs N] [--no-perl] [--repeats R]
[--profile]``; needs ``EVALKIT_DATA_MIRROR`` (or ``shared/data`` beside the checkout, as ``run_all.sh``) and perl + XML::DOM for
the Perl rows. ``--docs N`` scores only the first N documents (x 16 systems; the Perl runs
take about 4 s per document on an idle 2-core machine), for development. ``--profile``
prints where evalkit's time goes in row 1 (cProfile by own time, kernels on one thread).
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import resource
import statistics
import sys
import time
from pathlib import Path

import numpy as np


def load_summeval(n_docs: int):
    from evalkit.data.summeval import summeval_rouge_inputs

    beside = Path(__file__).resolve().parents[2] / "shared" / "data"  # as run_all.sh
    if beside.is_dir():
        os.environ.setdefault("EVALKIT_DATA_MIRROR", str(beside))
    return summeval_rouge_inputs(n_docs)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--docs", type=int, default=100)
    ap.add_argument("--no-perl", action="store_true")
    ap.add_argument("--repeats", type=int, default=5)
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()

    from evalkit.metrics.rouge import Rouge, RougeCorpus
    from evalkit.metrics.rouge_variants import (
        GRID_METHODS,
        aggregate_variant_grid,
        rouge_variant_grid,
    )
    from evalkit.metrics.rouge_perl import parse_perl_output, run_perl
    from evalkit.text import rouge_resources

    load0 = " ".join(f"{x:.2f}" for x in os.getloadavg())
    S, R, I, Y = load_summeval(args.docs)
    n_pairs = sum(len(r) for r in R)
    # compile/load the numba kernels outside the timings
    rouge_variant_grid(S[:20], R[:20], I[:20], Y[:20])
    warm = Rouge(n=4, w=1.2, skip=4, su="both")
    warm.report(
        warm.score_corpus(RougeCorpus.from_lists(S[:20], R[:20], I[:20], Y[:20])), per_eval=True
    )

    def timed(fn, repeats):
        """(result, median wall seconds, median process CPU seconds) over ``repeats`` runs."""
        walls, cpus = [], []
        for _ in range(max(repeats, 1)):
            w0, c0 = time.perf_counter(), time.process_time()
            out = fn()
            walls.append(time.perf_counter() - w0)
            cpus.append(time.process_time() - c0)
        return out, statistics.median(walls), statistics.median(cpus)

    def graham():
        per_summary = rouge_variant_grid(S, R, I, Y, per_summary=True)
        return per_summary, aggregate_variant_grid(per_summary)

    rows = []
    (per_summary, system_level), t_graham, c_graham = timed(graham, args.repeats)
    assert system_level["variant"].nunique() == 192
    if args.profile:
        import cProfile
        import pstats

        os_cpu_count = os.cpu_count
        os.cpu_count = lambda: 1  # one thread, so that the kernels' time shows in the profile
        try:
            prof = cProfile.Profile()
            prof.runcall(graham)
        finally:
            os.cpu_count = os_cpu_count
        pstats.Stats(prof).sort_stats("tottime").print_stats(20)

    cells = [dict(stem=s, stopwords=w) for s in (False, True) for w in (False, True)]
    corpus = RougeCorpus.from_lists(S, R, I, Y)

    def drop_in():
        out = []
        for cell in cells:
            r = Rouge(n=4, w=1.2, skip=4, su="both", **cell)
            out.append(r.report(r.score_corpus(corpus), per_eval=True))
        return out

    reports, t_reports, c_reports = timed(drop_in, max(1, args.repeats // 2))

    perl_ok = not args.no_perl and rouge_resources.perl_available() is None
    if perl_ok:
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        perl_out = [
            run_perl(Rouge(n=4, w=1.2, skip=4, su="both", **cell), corpus) for cell in cells
        ]
        t_perl = time.perf_counter() - t0
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        c_perl = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        same_reports = all(p == o for p, o in zip(perl_out, reports))
        tags = {f"ROUGE-{method}": tag for tag, method in GRID_METHODS.items()}
        n_checked = n_equal = 0
        for cell, out in zip(cells, perl_out):
            sub = per_summary[
                (per_summary["stem"] == cell["stem"])
                & (per_summary["stopwords"] == cell["stopwords"])
            ]
            got = {
                (f"{i}.{s}", m, sc): v
                for i, s, m, sc, v in sub[
                    ["instance", "system", "method", "score", "value"]
                ].itertuples(index=False)
            }
            _, pe = parse_perl_output(out)
            for row in pe.itertuples(index=False):
                for sc in ("R", "P", "F"):
                    n_checked += 1
                    n_equal += "%7.5f" % got[(row.test_id, tags[row.metric], sc)] == getattr(
                        row, sc
                    )
        rows.append(
            (
                "Graham's 192 variants (4 Perl runs, -d)",
                t_perl,
                t_graham,
                c_perl / c_graham,
                f"{n_equal}/{n_checked} per-summary values equal",
            )
        )
        rows.append(
            (
                "same 4 runs, drop-in printed report",
                t_perl,
                t_reports,
                c_perl / c_reports,
                "stdout byte-identical" if same_reports else "stdout DIFFERS",
            )
        )
    else:
        rows.append(("Graham's 192 variants", float("nan"), t_graham, float("nan"), "Perl not run"))

    # rouge-score on every (summary, reference) pair
    try:
        from rouge_score import rouge_scorer
    except ImportError:  # pragma: no cover
        rouge_scorer = None
    if rouge_scorer is not None:
        preds, targets, pi, ps = [], [], [], []
        for k, (s, refs) in enumerate(zip(S, R)):
            for j, ref in enumerate(refs):
                preds.append("\n".join(s))
                targets.append("\n".join(ref))
                pi.append(f"{k}_{j}")
                ps.append("X")
        scorer = rouge_scorer.RougeScorer(["rouge1", "rouge2", "rougeLsum"], use_stemmer=False)
        t0 = time.perf_counter()
        rs = [scorer.score(t, p) for t, p in zip(targets, preds)]
        t_rs = time.perf_counter() - t0
        t0 = time.perf_counter()
        ev = Rouge(n=2, lcs=True, resamples=1000).score(
            preds, [[t] for t in targets], instance_ids=pi, system_ids=ps
        )
        t_ev = time.perf_counter() - t0
        f = ev.scores.pivot(index="instance", columns="metric", values="F").loc[pi]
        same = np.mean(
            [
                "%7.5f" % x["rouge1"].fmeasure == "%7.5f" % a
                and "%7.5f" % x["rouge2"].fmeasure == "%7.5f" % b
                and "%7.5f" % x["rougeLsum"].fmeasure == "%7.5f" % c
                for x, a, b, c in zip(rs, f["ROUGE-1"], f["ROUGE-2"], f["ROUGE-L"])
            ]
        )
        rows.append(
            (
                f"rouge-score R1/R2/Lsum, {n_pairs} pairs",
                t_rs,
                t_ev,
                float("nan"),
                f"{same:.1%} identical F (different tokenizers by design)",
            )
        )

    print(
        f"SummEval: {len(S)} summaries x {n_pairs / len(S):.0f} references; "
        f"{datetime.datetime.now(datetime.timezone.utc):%Y-%m-%d %H:%M} UTC; "
        f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {sys.version.split()[0]}"
    )
    print(
        f"load average before/after: {load0} / {' '.join(f'{x:.2f}' for x in os.getloadavg())}; "
        f"evalkit: median of {args.repeats} runs (row 1), of {max(1, args.repeats // 2)} (row 2)"
    )
    print()
    print("| task | reference (s) | evalkit (s) | ratio | CPU ratio | agreement |")
    print("|---|---:|---:|---:|---:|---|")
    for name, tr, te, cr, agree in rows:
        ratio = tr / te if tr == tr else float("nan")
        cpu = f"{cr:.0f}x" if cr == cr else ""
        print(f"| {name} | {tr:.1f} | {te:.3f} | {ratio:.0f}x | {cpu} | {agree} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
