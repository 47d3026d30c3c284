"""TER's edit count: sacrebleu's ``translation_edit_rate`` vs evalkit's compiled search.

Seeded hypothesis/reference pairs of 10, 28 and 60 words: a reference drawn from a Zipf-like
vocabulary of 400 words (so words repeat, as in text), a hypothesis made from it by about one
substitution, deletion or insertion per six words and a block of 2-5 words moved. Both tools
count the edits of every pair (evalkit including the words -> ids step,
:func:`evalkit.metrics.ter_kernel.segment_edits`); the counts must be identical. Each timing
is the best of ``--repeat`` runs; evalkit's kernel is compiled (or loaded from numba's cache)
by a warm-up call first.

Usage: .venv/bin/python benchmarks/bench_ter.py [--pairs 200] [--repeat 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import sys
import time

from _timing import best_of


def make_pairs(length, n_pairs, seed):
    """``n_pairs`` (hypothesis, reference) word lists with references of ``length`` words."""
    rng = random.Random(seed)
    vocab = [f"w{i}" for i in range(400)]
    weights = [1.0 / (i + 1) for i in range(len(vocab))]
    pairs = []
    for _ in range(n_pairs):
        ref = rng.choices(vocab, weights, k=length)
        hyp = []
        for w in ref:
            u = rng.random()
            if u < 0.06:
                hyp.append(rng.choice(vocab))  # substitution
            elif u < 0.11:
                continue  # deletion
            elif u < 0.17:
                hyp += [w, rng.choice(vocab)]  # insertion
            else:
                hyp.append(w)
        size = min(rng.randint(2, 5), len(hyp) // 2)
        if size:
            i = rng.randrange(len(hyp) - size + 1)
            block, rest = hyp[i : i + size], hyp[:i] + hyp[i + size :]
            k = rng.randrange(len(rest) + 1)
            hyp = rest[:k] + block + rest[k:]
        pairs.append((hyp, ref))
    return pairs


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args(argv)

    import sacrebleu
    from sacrebleu.metrics.lib_ter import translation_edit_rate

    from evalkit.metrics.ter_kernel import segment_edits

    segment_edits(["a", "b"], [["b", "a"]])  # warm-up: compile / load the kernel

    rows = []
    for length in (10, 28, 60):
        pairs = make_pairs(length, args.pairs, seed=length)
        t_ref, ref_out = best_of(
            lambda: [list(translation_edit_rate(h, r)) for h, r in pairs], args.repeat
        )
        t_ours, our_out = best_of(lambda: [segment_edits(h, [r]) for h, r in pairs], args.repeat)
        rows.append((length, t_ref, t_ours, our_out == ref_out))

    print(
        f"{args.pairs} pairs per length, best of {args.repeat}; sacrebleu {sacrebleu.__version__}, "
        f"Python {platform.python_version()}, {platform.machine()}, {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f}, {time.strftime('%Y-%m-%d %H:%M')}"
    )
    print()
    print("| words | sacrebleu (s) | evalkit (s) | ours / sacrebleu | speed-up | edits identical |")
    print("|---|---|---|---|---|---|")
    for length, t_ref, t_ours, same in rows:
        print(
            f"| {length} | {t_ref:.3f} | {t_ours:.4f} | {t_ours / t_ref:.4f} | "
            f"{t_ref / t_ours:.0f}x | {'yes' if same else 'NO'} |"
        )
    return 0 if all(r[3] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
