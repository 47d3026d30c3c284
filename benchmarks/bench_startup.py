"""Start-up: evalkit's first contact against sacrebleu's, from cold processes, in one run.

Two tasks, each a fresh interpreter (``python -c`` / ``python -m``), so every import is
paid as a user pays it:

* ``--help``: ``python -m evalkit --help`` against ``python -m sacrebleu --help``;
* one sentence: ``from evalkit.metrics import get_metric; get_metric("bleu")`` and one
  sentence scored, against ``import sacrebleu; sacrebleu.sentence_bleu(...)``; the two
  scores are printed by the children and must be equal.

Python's own start-up (``python -c pass``) is measured too, for scale. The tools' runs are
interleaved (evalkit, sacrebleu, evalkit, ...) so that machine load falls on both alike;
each row reports the median wall time of ``--repeat`` runs and the children's median CPU
time (user + system), and the ratio evalkit / sacrebleu of each (goals of issue 26: at most
2x for ``--help``, 3x for the sentence). Bytecode caches exist for both packages (a warm-up
run of each first); numba's cache is irrelevant here because a single sentence is counted
in Python (:mod:`evalkit.metrics.ngrams`).

Usage: .venv/bin/python benchmarks/bench_startup.py [--repeat 15]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HYP = "The cat sat on the mat ."
REF = "The cat was sitting on the mat ."

TASKS = {
    "help": (
        [sys.executable, "-m", "evalkit", "--help"],
        [sys.executable, "-m", "sacrebleu", "--help"],
    ),
    "sentence": (
        [
            sys.executable,
            "-c",
            "from evalkit.metrics import get_metric\n"
            f"print(float(get_metric('bleu').sentence_scores([{HYP!r}], [[{REF!r}]])[0]))",
        ],
        [
            sys.executable,
            "-c",
            f"import sacrebleu\nprint(sacrebleu.sentence_bleu({HYP!r}, [{REF!r}]).score)",
        ],
    ),
    "python": ([sys.executable, "-c", "pass"], [sys.executable, "-c", "pass"]),
}


def _run(cmd, env):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(cmd, capture_output=True, text=True, env=env, check=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out.stdout


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args(argv)
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root))
    rows = []
    for task, (ours, theirs) in TASKS.items():
        _run(ours, env), _run(theirs, env)  # bytecode caches
        times = {"evalkit": [], "sacrebleu": []}
        outputs = {}
        for _ in range(args.repeat):
            for tool, cmd in (("evalkit", ours), ("sacrebleu", theirs)):
                wall, cpu, out = _run(cmd, env)
                times[tool].append((wall, cpu))
                outputs[tool] = out
        med = {
            tool: (
                statistics.median(w for w, _ in runs),
                statistics.median(c for _, c in runs),
            )
            for tool, runs in times.items()
        }
        if task == "sentence":
            ours_score, theirs_score = (float(outputs[t]) for t in ("evalkit", "sacrebleu"))
            agree = "equal" if ours_score == theirs_score else f"{ours_score} != {theirs_score}"
        elif task == "help":
            agree = "both print usage" if all("usage" in o for o in outputs.values()) else "?"
        else:
            agree = ""
        rows.append((task, med["sacrebleu"], med["evalkit"], agree))
    print(f"{platform.python_version()} on {platform.machine()}, {os.cpu_count()} cores, ")
    print(f"load average {os.getloadavg()[0]:.2f}; median of {args.repeat} cold runs each\n")
    print("| task | sacrebleu wall (s) | evalkit wall (s) | ratio | CPU ratio | agreement |")
    print("|---|---:|---:|---:|---:|---|")
    names = {
        "help": "`--help`",
        "sentence": "`get_metric('bleu')` + one sentence vs `sentence_bleu`",
        "python": "`python -c pass` (both columns)",
    }
    for task, (tw, tc), (ew, ec), agree in rows:
        print(
            f"| {names[task]} | {tw:.3f} | {ew:.3f} | {ew / tw:.2f}x | {ec / tc:.2f}x | {agree} |"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
