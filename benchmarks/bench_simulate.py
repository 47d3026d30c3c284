"""Sample-profile build: the whole sample's time, and the builder's TAC tree writer against
evalkit.data.tac.write_corpus (the reference: same bytes) on the same corpus.

Run: .venv/bin/python benchmarks/bench_simulate.py [--topics 12]
Prints a Markdown table (copied into benchmarks/README.md).
"""

from __future__ import annotations

import argparse
import filecmp
import os
import resource
import tempfile
import time
from pathlib import Path

from evalkit.atomic import fsync_disabled
from evalkit.data import tac
from evalkit.data.simulate import build_sample, formats
from evalkit.data.simulate.build import simulate_corpus


def _cpu() -> float:
    s = resource.getrusage(resource.RUSAGE_SELF)
    c = resource.getrusage(resource.RUSAGE_CHILDREN)
    return s.ru_utime + s.ru_stime + c.ru_utime + c.ru_stime


def _same(a: Path, b: Path) -> bool:
    def walk(d):
        out = d.diff_files + d.left_only + d.right_only
        for sub in d.subdirs.values():
            out += walk(sub)
        return out

    return not walk(filecmp.dircmp(a, b))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument(
        "--topics", type=int, default=12, help="TAC 2008 topics for the writer comparison"
    )
    args = ap.parse_args()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        t0, c0 = time.perf_counter(), _cpu()
        build_sample(tmp / "sample", jobs=2)
        wall, cpu = time.perf_counter() - t0, _cpu() - c0
        files = [p for p in (tmp / "sample").rglob("*") if p.is_file()]
        size = sum(p.stat().st_size for p in files) / 1e6
        rows.append(
            (
                "full sample, 9 corpora, 2 workers",
                "-",
                f"{wall:.1f} (CPU {cpu:.1f})",
                "-",
                f"{len(files)} files, {size:.0f} MB",
            )
        )

        corpus, _ = simulate_corpus("tac2008")
        keep = sorted(corpus.instances["instance"])[: 2 * args.topics]
        corpus = corpus.subset(instances=keep)
        with fsync_disabled():  # as the builder runs both
            t0 = time.perf_counter()
            tac.write_corpus(corpus, tmp / "ref", 2008)
            ref = time.perf_counter() - t0
            t0 = time.perf_counter()
            formats.write_tac(corpus, tmp / "ours", 2008)
            ours = time.perf_counter() - t0
        rows.append(
            (
                f"TAC 2008 tree, {len(keep)} docsets x 62 summaries",
                f"{ref:.1f}",
                f"{ours:.2f}",
                f"{ref / ours:.0f}x",
                "byte-identical" if _same(tmp / "ref", tmp / "ours") else "DIFFERENT",
            )
        )
    print("| task | reference (s) | evalkit (s) | ratio | agreement |")
    print("|---|---:|---:|---:|---|")
    for r in rows:
        print("| " + " | ".join(r) + " |")
    print(f"\n(machine load average {os.getloadavg()[0]:.1f})")


if __name__ == "__main__":
    main()
