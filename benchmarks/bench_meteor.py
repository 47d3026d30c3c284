"""METEOR on WMT09 cz-en (cmu-combo, 2525 segments): evalkit's 2005 METEOR vs the 1.5 jar.

Both score the same segments, in one run, from raw text to the system score, each
including its start-up (the jar: JVM start and loading its synonym/paraphrase tables;
evalkit: loading nltk's Porter stemmer and WordNet 3.0). The two metrics differ by
definition (METEOR 1.5 adds paraphrases, weights and tuned parameters), so only the time
ratio is compared; the jar's system score is checked against ``meteor-sys.scr``. Wall
time is the measure; CPU seconds (the jar's: every JVM thread, from the waited-for child's
rusage) are printed beside it, as a machine shared with other jobs gives a multi-threaded
JVM a larger share of the cores than a single-threaded Python process.

Usage: ``EVALKIT_DATA_MIRROR=../shared/data .venv/bin/python benchmarks/bench_meteor.py``
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from datetime import date
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--data", default=os.environ.get("EVALKIT_DATA_MIRROR", "../shared/data"))
    ap.add_argument(
        "--max-states",
        type=int,
        default=None,
        help="METEOR(max_states=...) (default: the metric's)",
    )
    ap.add_argument(
        "--jobs", type=int, default=2, help="worker processes of the parallel row (default 2)"
    )
    args = ap.parse_args(argv)
    d = Path(args.data) / "wmt09-cz-en"
    if not d.is_dir():
        print(f"no WMT09 data at {d}; set EVALKIT_DATA_MIRROR", file=sys.stderr)
        return 2

    from evalkit.data.nist_sgml import aligned_segments, read_nist
    from evalkit.metrics.meteor import METEOR
    from evalkit.metrics.meteor_jar import MeteorJar

    keys, hyps, refs = aligned_segments(None, read_nist(d / "ref.sgm"), read_nist(d / "test.sgm"))

    # numba compiles the stage-search kernel once after a code change and caches it on
    # disk; do that in a child process first, so the timed run pays only what every fresh
    # process pays (numba's start-up and loading the cached kernel)
    t_cache = _numba_startup()

    # Python library imports (nltk pulls in scipy.stats) are timed apart: a notebook has
    # them loaded already. Loading WordNet and the stemmer is part of evalkit's time.
    t0 = time.perf_counter()
    import nltk.corpus.reader.wordnet  # noqa: F401
    import nltk.stem.porter  # noqa: F401

    t_import = time.perf_counter() - t0
    t0, c0 = time.perf_counter(), time.process_time()
    config = {} if args.max_states is None else {"max_states": args.max_states}
    metric = METEOR(**config)  # loads the Porter stemmer and WordNet
    scores = metric.sentence_results(hyps, refs)
    ours = metric.aggregate(scores)
    t_ours, c_ours = time.perf_counter() - t0, time.process_time() - c0
    inexact = sum(not s.exact for s in scores)

    # a new metric object scoring in spawned worker processes: each worker imports
    # evalkit, nltk and numba and loads the stemmer and WordNet itself (counted here)
    t0 = time.perf_counter()
    par = METEOR(**config)
    par_scores = par.sentence_results(hyps, refs, jobs=args.jobs)
    par_total = par.aggregate(par_scores)
    t_par = time.perf_counter() - t0
    same = [a.stats for a in par_scores] == [
        b.stats for b in scores
    ] and par_total.score == ours.score

    jar = MeteorJar()
    t0, c0 = time.perf_counter(), _children_cpu()
    theirs = jar.score(hyps, refs)  # the JVM exits (and is waited for) inside
    t_jar, c_jar = time.perf_counter() - t0, _children_cpu() - c0
    shipped = float((d / "meteor-sys.scr").read_text().split("\t")[2])

    print(
        f"WMT09 cz-en cmu-combo, {len(hyps)} segments, 1 reference; "
        f"{date.today()}, {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print()
    print(
        "| implementation | configuration | time (s) | system score | speed-up vs jar | CPU (s) | CPU ratio |"
    )
    print("|---|---|---:|---:|---:|---:|---:|")

    def cell(sig: str) -> str:  # a '|' inside a Markdown table cell must be escaped
        return "`" + sig.replace("|", "\\|") + "`"

    print(
        f"| METEOR 1.5 jar (pycocoevalcap) | {cell(jar.signature())} | {t_jar:.2f} | "
        f"{theirs.score:.6f} ({'=' if theirs.score == shipped else '!='} meteor-sys.scr) | 1.0 | {c_jar:.2f} | 1.0 |"
    )
    print(
        f"| evalkit METEOR (2005) | {cell(metric.signature())} | {t_ours:.2f} | {ours.score:.6f} | "
        f"{t_jar / t_ours:.1f}x | {c_ours:.2f} | {c_jar / c_ours:.1f}x |"
    )
    print(
        f"| same, plus importing nltk | | {t_ours + t_import:.2f} | | {t_jar / (t_ours + t_import):.1f}x | | |"
    )
    print(
        f"| evalkit METEOR (2005), {args.jobs} worker processes | same | {t_par:.2f} | {par_total.score:.6f} "
        f"({'identical' if same else 'DIFFERENT'} statistics) | {t_jar / t_par:.1f}x | | |"
    )
    print()
    print(
        f"segments whose stage search hit max_states (beam, exact=False): {inexact} of {len(hyps)}"
    )
    print(
        f"of evalkit's time, numba's one-time start-up in a fresh process (first kernel call): "
        f"{_numba_startup():.2f} s (before the run, compiling or checking the cache: {t_cache:.2f} s); "
        f"load average {os.getloadavg()[0]:.1f}"
    )
    return 0


def _children_cpu() -> float:
    """User + system CPU seconds of the waited-for child processes (all JVM threads)."""
    import resource

    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _numba_startup() -> float:
    """CPU seconds of the first stage-search call in a fresh interpreter (numba loads its
    LLVM runtime and the cached kernel), measured in a child process."""
    import subprocess

    code = (
        "import time\n"
        "from evalkit.metrics.meteor import METEOR\n"
        "m = METEOR(modules=('exact',))\n"
        "t = time.process_time()\n"
        "m.sentence_score('a b a c a', ['a c a b'])\n"
        "print(time.process_time() - t)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])
    return 0


if __name__ == "__main__":
    sys.exit(main())
