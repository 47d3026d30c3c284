"""Headless execution of the paper notebooks (the engine of ``run_all.sh``).

Every notebook ``notebooks/<paper-key>/NN_<experiment>.ipynb`` runs through papermill in
its own process with the parameters ``profile``, ``quick`` and ``results_dir`` injected,
writing the executed copy and its results to ``results/<profile>/<paper-key>/<notebook>/``.
A failing notebook does not stop the others. A notebook whose data are not configured
raises :class:`evalkit.errors.DataNotConfiguredError` and is reported as *skipped*. Each
notebook runs into a staging folder swapped in when it ends (:func:`run_one`), so a
failed, skipped or killed run never leaves an older run's results looking like its own. The run
ends with a summary on stdout, ``results/<profile>/summary.json`` and
``results/<profile>/index.html``; the exit status is 1 when any notebook failed.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import fnmatch
import html
import json
import os
import shutil
import subprocess
import sys
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import List, Optional, Sequence

from evalkit import config
from evalkit.atomic import atomic_write_text, file_lock, swap_directory
from evalkit.errors import ParameterError
from evalkit.notebook import kernels
from evalkit.notebook.params import PROFILES, repository_root

SKIP_ERRORS = ("DataNotConfiguredError",)
RESULT_SUFFIXES = (".csv", ".png", ".svg", ".json", ".html", ".pdf")


@dataclass
class NotebookRun:
    """The outcome of one notebook."""

    paper: str
    notebook: str
    source: str
    output_dir: str
    executed: str
    status: str = "pending"  # ok | failed | skipped
    seconds: float = 0.0
    error: Optional[str] = None
    files: List[str] = field(default_factory=list)


def discover(notebooks_dir: Path, only: Sequence[str] = ()) -> List[Path]:
    """Notebooks below ``notebooks_dir/<paper-key>/``, sorted, filtered by ``only``.

    A pattern selects a notebook when it is a substring of ``<paper-key>/<name>`` or
    matches it as a shell glob (``graham2015``, ``graham2015/01_*``, ``*table1*``).
    """
    found = sorted(
        p
        for p in notebooks_dir.glob("*/*.ipynb")
        if not p.name.startswith(".") and ".ipynb_checkpoints" not in p.parts
    )
    if not only:
        return found
    chosen = []
    for path in found:
        key = f"{path.parent.name}/{path.stem}"
        if any(pattern in key or fnmatch.fnmatch(key, pattern) for pattern in only):
            chosen.append(path)
    return chosen


def _error_of(executed: Path) -> Optional[tuple]:
    """(ename, evalue) of the first error output in an executed notebook, if any."""
    try:
        nb = json.loads(executed.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []) or []:
            if output.get("output_type") == "error":
                return output.get("ename", ""), output.get("evalue", "")
    return None


STAGING = ".staging"
STATUS_FILE = "status.json"


def _keep_only_the_executed_notebook(stage: Path, executed_name: str) -> None:
    """A failed or skipped run keeps its executed notebook (to read the error) and
    nothing else: a partial table or figure must not pass for a result."""
    for item in stage.iterdir():
        if item.name == executed_name:
            continue
        if item.is_dir() and not item.is_symlink():
            shutil.rmtree(item)
        else:
            item.unlink()


def run_one(
    path: Path,
    profile: str,
    quick: bool,
    results_root: Path,
    timeout: Optional[int],
    extra_env: Optional[dict] = None,
) -> NotebookRun:
    """Execute one notebook with papermill in a child process and classify the outcome.

    The notebook runs into a staging folder ``<results>/.staging/<paper>/<notebook>/``
    that replaces ``<results>/<paper>/<notebook>/`` when the run ends: whole when it
    succeeded; holding only the executed notebook when it failed or was skipped. Either
    way ``status.json`` in the folder says how the run ended, and nothing of an older run
    survives beside it. A runner killed mid-run leaves the old folder untouched (its
    staging folder is cleared by the next run of that notebook). The notebook's
    ``results_dir`` parameter (and so its provenance) is the staging folder, a fixed path,
    so reruns stay byte-identical.
    """
    paper, name = path.parent.name, path.stem
    out_dir = results_root / paper / name
    stage = results_root / STAGING / paper / name
    # two runners may share a results root: one at a time per notebook
    with file_lock(results_root / STAGING / paper / f"{name}.lock"):
        if stage.exists():  # left by a killed run
            shutil.rmtree(stage)
        stage.mkdir(parents=True)
        run = _execute(path, profile, quick, stage, timeout, extra_env)
        if run.status != "ok":
            _keep_only_the_executed_notebook(stage, Path(run.executed).name)
        status = {"paper": paper, "notebook": name, "status": run.status, "error": run.error}
        atomic_write_text(stage / STATUS_FILE, json.dumps(status, indent=2) + "\n")
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        swap_directory(stage, out_dir)  # a reader sees the old or the new folder, never a mix
    run.output_dir, run.executed = str(out_dir), str(out_dir / Path(run.executed).name)
    run.files = sorted(
        str(p.relative_to(results_root))
        for p in out_dir.rglob("*")
        if p.is_file() and p.suffix in RESULT_SUFFIXES and not p.name.startswith(".")
    )
    return run


def _execute(
    path: Path,
    profile: str,
    quick: bool,
    out_dir: Path,
    timeout: Optional[int],
    extra_env: Optional[dict],
) -> NotebookRun:
    """Run papermill (on a private kernel: :mod:`evalkit.notebook.kernels`) with ``out_dir`` as
    the results folder and classify the outcome."""
    paper, name = path.parent.name, path.stem
    executed = out_dir / f"{name}.ipynb"
    run = NotebookRun(paper, name, str(path), str(out_dir), str(executed))
    env = config.environment()
    env.update(extra_env or {})
    # The kernel must be this interpreter (the one with evalkit installed).
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update(
        EVALKIT_HEADLESS="1",
        EVALKIT_PROFILE=profile,
        EVALKIT_RESULTS_DIR=str(out_dir),
        MPLBACKEND="Agg",
        PYTHONHASHSEED="0",
    )
    command = kernels.command(
        path,
        executed,
        path.parent,
        {"profile": profile, "quick": bool(quick), "results_dir": str(out_dir)},
        timeout,
    )
    started = time.perf_counter()
    proc = subprocess.run(command, env=env, capture_output=True, text=True)
    run.seconds = round(time.perf_counter() - started, 2)
    if proc.returncode == 0:
        run.status = "ok"
    else:
        error = _error_of(executed)
        if error is not None and error[0] in SKIP_ERRORS:
            run.status = "skipped"
            run.error = f"{error[0]}: {error[1]}"
        else:
            run.status = "failed"
            if error is not None:
                run.error = f"{error[0]}: {error[1]}"
            else:
                tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
                run.error = "\n".join(tail) or f"papermill exited with {proc.returncode}"
    return run


def write_index(results_root: Path, profile: str, runs: List[NotebookRun]) -> Path:
    """Write ``files.html`` linking every executed notebook, table and figure, then the results
    site (:mod:`evalkit.notebook.site`); returns the site's landing page ``index.html``."""
    rows = []
    for run in runs:
        links = [
            f'<a href="{html.escape(os.path.relpath(run.executed, results_root))}">notebook</a>'
        ]
        for rel in run.files:
            if rel.endswith(".ipynb"):
                continue
            links.append(f'<a href="{html.escape(rel)}">{html.escape(Path(rel).name)}</a>')
        figures = "".join(
            f'<img src="{html.escape(rel)}" alt="{html.escape(Path(rel).name)}" style="max-width:360px">'
            for rel in run.files
            if rel.endswith(".png")
        )
        error = f"<pre>{html.escape(run.error)}</pre>" if run.error else ""
        rows.append(
            f'<tr class="{run.status}"><td>{html.escape(run.paper)}</td><td>{html.escape(run.notebook)}</td>'
            f"<td>{run.status}</td><td>{run.seconds:.1f}</td><td>{' · '.join(links)}{error}</td>"
            f"<td>{figures}</td></tr>"
        )
    counts = {s: sum(r.status == s for r in runs) for s in ("ok", "failed", "skipped")}
    page = f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>evalkit results: {html.escape(profile)}</title>
<style>body{{font-family:sans-serif;margin:2em}}table{{border-collapse:collapse}}
td,th{{border:1px solid #ccc;padding:4px 8px;vertical-align:top}}
tr.failed{{background:#fdd}}tr.skipped{{background:#eee}}tr.ok{{background:#efe}}</style></head>
<body><h1>evalkit results, profile <code>{html.escape(profile)}</code></h1>
<p>{counts["ok"]} ok, {counts["failed"]} failed, {counts["skipped"]} skipped.
Machine-readable: <a href="summary.json">summary.json</a>.</p>
<table><tr><th>paper</th><th>notebook</th><th>status</th><th>seconds</th><th>files</th><th>figures</th></tr>
{chr(10).join(rows)}
</table></body></html>
"""
    atomic_write_text(results_root / "files.html", page)
    from evalkit.notebook.site import build_site

    return build_site(results_root, profile)


def run_all(
    profile: str = "sample",
    jobs: int = 1,
    only: Sequence[str] = (),
    quick: bool = False,
    notebooks_dir: Optional[Path] = None,
    results_dir: Optional[Path] = None,
    timeout: Optional[int] = None,
    stream=sys.stdout,
) -> List[NotebookRun]:
    """Run the selected notebooks and write the summary; returns the runs in order."""
    if profile not in PROFILES:
        raise ParameterError("profile", profile, "one of " + ", ".join(PROFILES))
    if jobs < 1:
        raise ParameterError("jobs", jobs, "an integer >= 1")
    root = repository_root()
    notebooks_dir = Path(notebooks_dir) if notebooks_dir else root / "notebooks"
    results_root = (Path(results_dir) if results_dir else root / "results") / profile
    results_root.mkdir(parents=True, exist_ok=True)
    paths = discover(notebooks_dir, only)
    if not paths:
        raise ParameterError(
            "only", list(only), f"a pattern matching a notebook under {notebooks_dir}"
        )
    print(
        f"[run_all] profile={profile} notebooks={len(paths)} jobs={jobs} quick={quick}",
        file=stream,
        flush=True,
    )
    runs: List[Optional[NotebookRun]] = [None] * len(paths)
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = {
            pool.submit(run_one, path, profile, quick, results_root, timeout): i
            for i, path in enumerate(paths)
        }
        for future in concurrent.futures.as_completed(futures):
            run = future.result()
            runs[futures[future]] = run
            print(
                f"[run_all] {run.status:7s} {run.seconds:8.1f}s  {run.paper}/{run.notebook}",
                file=stream,
                flush=True,
            )
    done = [r for r in runs if r is not None]
    counts = {s: sum(r.status == s for r in done) for s in ("ok", "failed", "skipped")}
    summary = {
        "profile": profile,
        "quick": quick,
        "counts": counts,
        "total_seconds": round(sum(r.seconds for r in done), 2),
        "notebooks": [asdict(r) for r in done],
    }
    atomic_write_text(results_root / "summary.json", json.dumps(summary, indent=2) + "\n")
    index = write_index(results_root, profile, done)
    print("", file=stream)
    print(f"{'status':8s} {'seconds':>8s}  notebook", file=stream)
    for run in done:
        print(f"{run.status:8s} {run.seconds:8.1f}  {run.paper}/{run.notebook}", file=stream)
        if run.status != "ok" and run.error:
            print("         " + run.error.splitlines()[-1][:200], file=stream)
    print(
        f"\n{counts['ok']} ok, {counts['failed']} failed, {counts['skipped']} skipped; index: {index}",
        file=stream,
        flush=True,
    )
    return done


def build_parser(prog: str = "run_all.sh") -> argparse.ArgumentParser:
    """The runner's options (``run_all.sh`` and ``evalkit run``), named as every evalkit
    subcommand names them (``evalkit.cli._common``): -j/--jobs, -o/--output (old spelling
    --results-dir still accepted), -q/--quiet."""
    parser = argparse.ArgumentParser(
        prog=prog,
        description="Run every evalkit notebook headless with papermill and index the results. "
        "Exit codes: 0 every notebook ran, 1 a notebook failed, 2 a usage error (e.g. no "
        "notebook matches --only, an output directory that cannot be written), 130 interrupted.",
    )
    parser.add_argument(
        "--profile", default="sample", choices=PROFILES, help="data profile (default: sample)"
    )
    parser.add_argument(
        "-j",
        "--jobs",
        type=int,
        default=1,
        metavar="N",
        help="notebooks to run in parallel (default: 1)",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only notebooks whose <paper>/<name> contains or glob-matches PATTERN (repeatable)",
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--notebooks-dir", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument(
        "-o",
        "--output",
        dest="results_dir",
        type=Path,
        default=None,
        metavar="PATH",
        help="where results/<profile>/ goes (default: ./results)",
    )
    parser.add_argument(
        "--results-dir",
        dest="results_dir",
        type=Path,
        default=argparse.SUPPRESS,
        help=argparse.SUPPRESS,
    )
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress messages (errors still printed)"
    )
    parser.add_argument("--timeout", type=int, default=None, help="seconds allowed per cell")
    return parser


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        runs = run_all(
            args.profile,
            args.jobs,
            args.only,
            args.quick,
            args.notebooks_dir,
            args.results_dir,
            args.timeout,
        )
    except ParameterError as exc:
        print(f"run_all: error: {exc}", file=sys.stderr)
        return 2
    return 1 if any(r.status == "failed" for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
