"""The main job's wall time: ``run_all`` over the notebooks, where the time goes.

Runs :func:`evalkit.notebook.runner.run_all` (what ``./run_all.sh`` runs after preparing the
data) into a fresh results folder and reports, as a Markdown table:

* the run's wall time, the sum of the notebooks' times and the parallelism (``-j``);
* the 10 slowest notebooks, each split into *start-up* (the notebook's time in the runner
  less the time its cells ran, from papermill's per-cell ``duration`` metadata: the child
  process, papermill, the kernel's start and shut-down), *first cell* (the first code cell
  after the parameters: imports and ``setup``) and the other cells;
* the start-up share of all notebook time, and the machine's load average before and after.

There is no reference tool for a whole run: the numbers are the wall times of this machine,
its load reported beside them. Issue 32's goal is the default sample run (every notebook, no
``--quick``) within 10 minutes on an idle 2-core machine.

Usage::

    .venv/bin/python benchmarks/bench_run_all.py [--profile sample] [-j N] [--quick | --full]
        [--only PATTERN]... [--results-dir DIR]

(``EVALKIT_SAMPLE_DIR`` names an already built sample; without it the repository's
``data/sample`` is used, built by ``./run_all.sh`` or ``evalkit data sample``.)
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from evalkit.atomic import atomic_write_text  # noqa: E402
from evalkit.notebook import kernels  # noqa: E402
from evalkit.notebook.runner import EXPECTED_SECONDS, default_jobs, run_all  # noqa: E402


def cell_seconds(executed: Path):
    """``(all code cells, the first code cell after the parameters)`` in seconds, from
    papermill's per-cell metadata; that first cell holds the imports and ``setup``."""
    try:
        nb = json.loads(executed.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return 0.0, 0.0
    total, first = 0.0, None
    for cell in nb.get("cells", []):
        if cell.get("cell_type") != "code":
            continue
        meta = cell.get("metadata", {})
        seconds = float((meta.get("papermill", {}) or {}).get("duration") or 0.0)
        total += seconds
        tags = set(meta.get("tags", []))
        if first is None and not tags & {"parameters", "injected-parameters"}:
            first = seconds
    return total, first or 0.0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--profile", default="sample")
    parser.add_argument("-j", "--jobs", type=int, default=None)
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument("--quick", action="store_true")
    scale.add_argument("--full", action="store_true", help="the papers' sizes")
    parser.add_argument("--only", action="append", default=[])
    parser.add_argument("--results-dir", type=Path, default=None)
    parser.add_argument(
        "--record",
        action="store_true",
        help="write every notebook's seconds to notebooks/expected_seconds.json (the order and "
        "time estimate of a fresh clone's first run); only from a whole default run",
    )
    args = parser.parse_args(argv)
    kernels.skip_iri_grammar()  # as the runner's main does
    if args.record and (args.quick or args.full or args.only):
        parser.error("--record: only from a whole default run (no --quick, --full or --only)")
    jobs = args.jobs or default_jobs()
    results = args.results_dir or Path(tempfile.mkdtemp(prefix="bench-run-all-"))
    load_before = os.getloadavg()
    started = time.perf_counter()
    runs = run_all(
        args.profile,
        jobs,
        args.only,
        args.quick,
        results_dir=results,
        stream=io.StringIO(),
        full=args.full,
    )
    wall = time.perf_counter() - started
    load_after = os.getloadavg()
    rows = []
    for run in runs:
        cells, first = cell_seconds(Path(run.executed))
        rows.append((run, cells, first, max(run.seconds - cells, 0.0)))
    total = sum(r.seconds for r in runs)
    startup = sum(r[3] for r in rows)
    first_cells = sum(r[2] for r in rows)
    counts = {s: sum(r.status == s for r in runs) for s in ("ok", "failed", "skipped")}
    print(
        f"run_all --profile {args.profile}{' --quick' if args.quick else ''}"
        + f"{' --full' if args.full else ''} -j {jobs}"
        + "".join(f" --only {p}" for p in args.only)
        + f": {len(runs)} notebooks ({counts['ok']} ok, {counts['failed']} failed, "
        f"{counts['skipped']} skipped); {os.cpu_count()} cores, load average "
        f"{load_before[0]:.1f} before, {load_after[0]:.1f} after\n"
    )
    print("| measure | seconds | share of notebook time |")
    print("|---|---:|---:|")
    print(f"| wall time of the run | {wall:.1f} | |")
    print(f"| sum of notebook times | {total:.1f} | 100% |")
    print(f"| start-up (process, papermill, kernel) | {startup:.1f} | {startup / total:.0%} |")
    print(f"| first code cell (imports, setup) | {first_cells:.1f} | {first_cells / total:.0%} |")
    print(
        f"| other cells | {total - startup - first_cells:.1f} | "
        f"{(total - startup - first_cells) / total:.0%} |"
    )
    print("\n10 slowest notebooks:\n")
    print("| notebook | status | seconds | start-up | first cell | other cells |")
    print("|---|---|---:|---:|---:|---:|")
    for run, cells, first, start in sorted(rows, key=lambda r: -r[0].seconds)[:10]:
        print(
            f"| {run.paper}/{run.notebook} | {run.status} | {run.seconds:.1f} | {start:.1f} | "
            f"{first:.1f} | {cells - first:.1f} |"
        )
    if args.record:
        record = {
            "recorded_with": f"benchmarks/bench_run_all.py -j {jobs}, load average "
            f"{load_before[0]:.1f} before, {load_after[0]:.1f} after",
            "seconds": {f"{r.paper}/{r.notebook}": r.seconds for r in runs if r.status == "ok"},
        }
        target = Path(__file__).resolve().parents[1] / "notebooks" / EXPECTED_SECONDS
        atomic_write_text(target, json.dumps(record, indent=1, sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
