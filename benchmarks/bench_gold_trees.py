"""The sample's ideal parser against spaCy on the same texts (simulated TIDES 2003).

In one run: the gold trees of every reference and system output of the simulated TIDES 2003
set (:func:`evalkit.data.simulate.trees.mt_gold_trees`: a replay of the simulation with the
clause trace on, tree building, projection onto the system outputs), reading them back
through the pre-parsed backend (:func:`evalkit.data.simulate.trees.gold_parser_at`), 50-best
lists (:func:`evalkit.data.simulate.trees.nbest`), and spaCy's ``nlp.pipe`` on the same texts
(the reference: what the ideal parser replaces). Reported: sentences per second and the
ratio to spaCy; CPU seconds (``time.process_time``) beside wall-clock ones, since the machine
is shared.

Usage: .venv/bin/python benchmarks/bench_gold_trees.py [--full]   (default: the quick size)
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time


def _timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument(
        "--full", action="store_true", help="the full-size corpus (919 segments) instead of quick"
    )
    args = ap.parse_args(argv)
    quick = not args.full

    from evalkit.data.simulate import trees as T
    from evalkit.data.simulate.build import DEFAULT_SEED, build_sample
    from evalkit.text.parse import SpacyParser

    (texts, gold), w_gen, c_gen = _timed(
        lambda: T.mt_gold_trees("tides2003", DEFAULT_SEED, quick=quick)
    )
    n = len(texts)
    with tempfile.TemporaryDirectory() as tmp:
        build_sample(tmp, quick=quick, corpora=["tides2003"], jobs=1)
        directory = os.path.join(tmp, "tides2003")
        ideal, w_read, c_read = _timed(lambda: T.gold_parser_at(directory))
        parsed, w_look, c_look = _timed(lambda: ideal.parse_many(texts))
    _, w_nbest, c_nbest = _timed(lambda: [T.nbest(g.dep, 50, DEFAULT_SEED, 0.5) for g in gold])
    backend = SpacyParser()
    nlp = backend.pipeline()
    list(nlp.pipe(texts[:20]))  # warm-up
    _, w_spacy, c_spacy = _timed(lambda: list(nlp.pipe(texts, batch_size=backend.batch_size)))
    first = {
        t: g for t, g in reversed(list(zip(texts, gold)))
    }  # a repeated text keeps its first tree
    same = all(p.dep == first[t].dep for t, p in zip(texts, parsed))

    print(
        f"simulated TIDES 2003 ({'quick' if quick else 'full'}): {n} texts (references and system outputs); "
        f"load average {os.getloadavg()[0]:.1f}\n"
    )
    print("| task | wall s | CPU s | sentences/s (CPU) | ratio to spaCy (CPU) |")
    print("|---|---:|---:|---:|---:|")
    for name, w, c in (
        ("spaCy nlp.pipe (reference)", w_spacy, c_spacy),
        ("gold trees: replay + build + projection", w_gen, c_gen),
        ("gold trees: read the CoNLL-U + PTB files", w_read, c_read),
        ("gold trees: look up every text", w_look, c_look),
        ("50-best lists from the gold trees", w_nbest, c_nbest),
    ):
        print(
            f"| {name} | {w:.2f} | {c:.2f} | {n / max(c, 1e-9):.0f} | {c_spacy / max(c, 1e-9):.1f}x |"
        )
    print(f"\ntrees read back identical to the generated ones: {same}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
