"""Parsing and syntactic scoring throughput on WMT19 kk-en (daRR: references + system outputs).

Parsing, in one run on the same texts (every distinct reference and output of the set):

* reference: spaCy's own ``nlp.pipe`` over the texts (the pinned ``en_core_web_sm`` 3.8.0
  re-upload), no cache;
* evalkit cold: :class:`evalkit.text.parse.CachedParser` on an empty cache (spaCy plus
  conversion to :class:`~evalkit.text.trees.DepTree` plus the SQLite write);
* evalkit warm: the same parser again (every text a cache hit), and a repeated corpus
  (two calls on the same texts from an empty cache, as when two notebooks parse the same set).

Reported: sentences per second, the ratio to spaCy, the cache hit rate. The trees from
the cache must equal the fresh ones. Scoring: segments per second of STM, HWCM, DSTM, TKM,
DTKM and dependency F on the parsed outputs against their reference (no reference
implementation exists for these metrics; the numbers are absolute).

Usage: EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_parse.py [--limit N]
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import tempfile
import time
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--limit", type=int, default=None, help="use only the first N texts")
    args = ap.parse_args(argv)
    if not os.environ.get("EVALKIT_DATA_MIRROR"):
        print("EVALKIT_DATA_MIRROR is not set", file=sys.stderr)
        return 2

    from evalkit.data.wmt import load_wmt19_darr
    from evalkit.metrics.dependency import DependencyF
    from evalkit.metrics.syntax import DSTM, DTKM, HWCM, STM, TKM
    from evalkit.text.parse import CachedParser, SpacyParser

    corpus = load_wmt19_darr("kk-en")
    texts = list(
        dict.fromkeys(corpus.references["text"].tolist() + corpus.outputs["text"].tolist())
    )
    if args.limit:
        texts = texts[: args.limit]
    n = len(texts)
    backend = SpacyParser()
    nlp = backend.pipeline()
    list(nlp.pipe(texts[:20]))  # warm-up

    t0 = time.perf_counter()
    list(nlp.pipe(texts, batch_size=backend.batch_size))
    t_spacy = time.perf_counter() - t0

    with tempfile.TemporaryDirectory() as tmp:
        cold = CachedParser(SpacyParser(), Path(tmp) / "cache.sqlite")
        t0 = time.perf_counter()
        fresh = cold.parse_many(texts)
        t_cold = time.perf_counter() - t0
        warm = CachedParser(SpacyParser(), Path(tmp) / "cache.sqlite")
        t0 = time.perf_counter()
        cached = warm.parse_many(texts)
        t_warm = time.perf_counter() - t0
        same = all(a.dep == b.dep for a, b in zip(fresh, cached))
        twice = CachedParser(SpacyParser(), Path(tmp) / "cache2.sqlite")
        t0 = time.perf_counter()
        twice.parse_many(texts)  # first notebook
        twice.parse_many(texts)  # second notebook on the same set
        t_twice = time.perf_counter() - t0

    print(
        f"WMT19 kk-en: {n} distinct texts; {platform.processor() or platform.machine()}, "
        f"python {platform.python_version()}\n"
    )
    print("| task | seconds | sentences/s | ratio to spaCy | cache hit rate |")
    print("|---|---:|---:|---:|---:|")
    print(f"| spaCy nlp.pipe (reference) | {t_spacy:.2f} | {n / t_spacy:.0f} | 1.00x | - |")
    print(
        f"| evalkit, cold cache | {t_cold:.2f} | {n / t_cold:.0f} | {t_spacy / t_cold:.2f}x | "
        f"{cold.hit_rate:.0%} |"
    )
    print(
        f"| evalkit, warm cache | {t_warm:.2f} | {n / t_warm:.0f} | {t_spacy / t_warm:.1f}x | "
        f"{warm.hit_rate:.0%} |"
    )
    print(
        f"| evalkit, two calls from an empty cache | {t_twice:.2f} | {2 * n / t_twice:.0f} | "
        f"{2 * t_spacy / t_twice:.2f}x | {twice.hit_rate:.0%} |"
    )
    print(f"\ncached trees identical to fresh ones: {same}\n")

    parsed = dict(zip(texts, fresh))
    out = corpus.outputs.merge(
        corpus.references.rename(columns={"text": "ref"}), on=["document", "segment"]
    )
    out = out[out["text"].isin(parsed) & out["ref"].isin(parsed)]
    hyps = [parsed[t] for t in out["text"]]
    refs = [[parsed[t]] for t in out["ref"]]
    print("| metric | segments | seconds | segments/s |")
    print("|---|---:|---:|---:|")
    for name, metric in (
        ("STM D=3", STM()),
        ("HWCM D=3", HWCM()),
        ("DSTM D=3", DSTM()),
        ("TKM", TKM()),
        ("DTKM", DTKM()),
        ("dependency F", DependencyF()),
    ):
        t0 = time.perf_counter()
        metric.segment_statistics(hyps, refs)
        dt = time.perf_counter() - t0
        print(f"| {name} | {len(hyps)} | {dt:.2f} | {len(hyps) / dt:.0f} |")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
