"""Difference tests of Deutsch et al. (2021): evalkit's vectorized BOOT-*/PERM-* vs a
straightforward per-resample loop over scipy, on SummEval (16 systems x 100 inputs).

Metrics A and B: evalkit's sentence BLEU and chrF of every system summary against the 11
references; humans: expert relevance. For each setting (level, coefficient), test (BOOT, PERM)
and design (systems, inputs, both), evalkit runs 1,000 resamples. The reference loop draws the
*same* resamples (the same seeded generator calls) and, for each one, builds the resampled
matrices and computes the level correlation with one scipy call per correlated vector
(summary level: one per input), as SacreROUGE's and mt-metrics-eval's loops do. Because
scipy's Kendall takes about half a millisecond per call, the loop runs the first
``--reference-resamples`` resamples (default 100; ``--reference-resamples 1000`` for the full
loop) and its time is scaled to 1,000 (it is linear in the number of resamples). The last
column compares the deltas of those resamples (they must be equal).

Usage: EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_difference_tests.py
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
import warnings

import numpy as np
from scipy import stats

SCIPY = {
    "pearson": lambda a, b: stats.pearsonr(a, b)[0],
    "kendall": lambda a, b: stats.kendalltau(a, b)[0],
}
SETTINGS = [("summary", "kendall"), ("summary", "pearson"), ("system", "kendall")]


def _corr(f, a, b):
    if np.ptp(a) == 0 or np.ptp(b) == 0:
        return np.nan
    return f(a, b)


def _level(x, h, level, method):
    f = SCIPY[method]
    if level == "system":
        return _corr(f, x.mean(1), h.mean(1))
    per = [_corr(f, x[:, j], h[:, j]) for j in range(x.shape[1])]
    return np.nanmean(per)


def reference_loop(a, b, h, test, unit, level, method, n_resamples, n_run, seed):
    """Per-resample loop over scipy with the draws evalkit makes for ``n_resamples``."""
    rng = np.random.default_rng(seed)
    S, I = a.shape
    deltas = []
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if test == "boot":
            rows = rng.integers(S, size=(n_resamples, S)) if unit in ("systems", "both") else None
            cols = rng.integers(I, size=(n_resamples, I)) if unit in ("inputs", "both") else None
            for r in range(n_run):
                ri = rows[r] if rows is not None else np.arange(S)
                ci = cols[r] if cols is not None else np.arange(I)
                ix = np.ix_(ri, ci)
                deltas.append(
                    _level(a[ix], h[ix], level, method) - _level(b[ix], h[ix], level, method)
                )
        else:
            za, zb = (a - a.mean()) / a.std(), (b - b.mean()) / b.std()
            shape = {
                "systems": (n_resamples, S, 1),
                "inputs": (n_resamples, 1, I),
                "both": (n_resamples, S, I),
            }[unit]
            swaps = rng.random(shape) < 0.5
            for r in range(n_run):
                sw = np.broadcast_to(swaps[r], a.shape)
                deltas.append(
                    _level(np.where(sw, zb, za), h, level, method)
                    - _level(np.where(sw, za, zb), h, level, method)
                )
    return np.array(deltas)


def summeval_matrices():
    from evalkit.data.summeval import load_summeval
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.chrf import CHRF

    corpus = load_summeval(documents=False)
    summ = corpus.summaries.assign(text=corpus.summaries["sentences"].map(" ".join))
    peers = corpus.summarizers.loc[corpus.summarizers["type"] == "peer", "summarizer"].tolist()
    models = corpus.summarizers.loc[corpus.summarizers["type"] == "model", "summarizer"].tolist()
    inputs = corpus.instances["instance"].tolist()
    text = summ.set_index(["instance", "summarizer"])["text"]
    hyps = [text[(i, s)] for s in peers for i in inputs]
    refs = [[text[(i, m)] for m in models] for s in peers for i in inputs]
    shape = (len(peers), len(inputs))
    a = BLEU(ref_layout="segments", effective_order=True).sentence_scores(hyps, refs).reshape(shape)
    b = CHRF(ref_layout="segments").sentence_scores(hyps, refs).reshape(shape)
    rel = corpus.judgments[corpus.judgments["judgment"] == "relevance"].pivot(
        index="summarizer", columns="instance", values="value"
    )
    h = rel.reindex(index=peers, columns=inputs).to_numpy(float)
    return a, b, h


def main() -> int:
    from evalkit.stats.difference_tests import resampled_deltas

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--reference-resamples", type=int, default=100)
    args = parser.parse_args()
    if not os.environ.get("EVALKIT_DATA_MIRROR"):
        print("EVALKIT_DATA_MIRROR is not set", file=sys.stderr)
        return 2
    a, b, h = summeval_matrices()
    R, seed = 1000, 0
    n_ref = min(args.reference_resamples, R)
    print(
        f"SummEval {a.shape[0]} systems x {a.shape[1]} inputs, A = sentence BLEU, B = chrF, H = relevance; "
        f"{platform.machine()}, {os.cpu_count()} cores, numpy {np.__version__}; reference loop run on "
        f"{n_ref} of the {R} resamples and scaled to {R}\n"
    )
    print(
        "| level | coefficient | test | design | evalkit, 1000 resamples (s) | scipy loop, per 1000 (s) "
        "| ratio | max abs delta difference |"
    )
    print("|---|---|---|---|---:|---:|---:|---|")
    total_ours = total_ref = 0.0
    for level, method in SETTINGS:
        for test in ("boot", "perm"):
            for unit in ("systems", "inputs", "both"):
                t0 = time.perf_counter()
                _, deltas = resampled_deltas(
                    a,
                    b,
                    h,
                    test=test,
                    unit=unit,
                    level=level,
                    method=method,
                    n_resamples=R,
                    seed=seed,
                )
                t_ours = time.perf_counter() - t0
                t0 = time.perf_counter()
                ref = reference_loop(a, b, h, test, unit, level, method, R, n_ref, seed)
                t_ref = (time.perf_counter() - t0) * R / n_ref
                diff = np.nanmax(np.abs(deltas[:n_ref] - ref))
                same_nan = np.array_equal(np.isnan(deltas[:n_ref]), np.isnan(ref))
                total_ours += t_ours
                total_ref += t_ref
                print(
                    f"| {level} | {method} | {test.upper()} | {unit} | {t_ours:.3f} | {t_ref:.1f} "
                    f"| {t_ref / t_ours:.0f}x | {diff:.1e}{'' if same_nan else ' (NaN pattern differs)'} |"
                )
    print(f"| all | | | | {total_ours:.2f} | {total_ref:.1f} | {total_ref / total_ours:.0f}x | |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
