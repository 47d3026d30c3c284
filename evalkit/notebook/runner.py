"""Headless execution of the paper notebooks (the engine of ``run_all.sh``).

Every notebook ``notebooks/<paper-key>/NN_<experiment>.ipynb`` runs through papermill with
the parameters ``profile`` and ``quick`` injected, writing the executed copy and its results
to ``results/<profile>/<paper-key>/<notebook>/``. Notebooks run in a kernel server per worker
(:mod:`evalkit.notebook.shared_kernel`): a warm kernel, reset before each notebook to what a
new kernel would show it, so that start-up and imports are paid once per worker.
A failing notebook does not stop the others. A notebook whose data are not configured
raises :class:`evalkit.errors.DataNotConfiguredError` and is reported as *skipped*. Each
notebook runs into a staging folder swapped in when it ends (:func:`run_one`), so a
failed, skipped or killed run never leaves an older run's results looking like its own. The run
ends with a summary on stdout, ``results/<profile>/summary.json`` and
``results/<profile>/index.html``; the exit status is 1 when any notebook failed.
"""

from __future__ import annotations

import argparse
import io
import concurrent.futures
import fnmatch
import html
import json
import math
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

from evalkit import config
from evalkit.atomic import atomic_write_text, file_lock, swap_directory
from evalkit.errors import ParameterError
from evalkit.notebook import kernels
from evalkit.notebook.params import PROFILES, repository_root
from evalkit.notebook.shared_kernel import KernelServer

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
    quick: bool = False
    full: bool = False  # the paper's scale (--full)
    finished: Optional[float] = None  # seconds since the epoch
    stale: List[str] = field(default_factory=list)  # why it is older than its code or data


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


class _Interrupted(Exception):
    """The run was stopped (Ctrl-C, SIGTERM) while this notebook ran."""


class _Session:
    """The notebooks running now: their child processes (to stop them on Ctrl-C) and start
    times (for the overrun warnings of :class:`Progress`)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.cancelled = threading.Event()
        self.children: Dict[str, subprocess.Popen] = {}
        self.started: Dict[str, float] = {}

    def stop(self) -> None:
        """Stop every running notebook (its kernel process group is papermill's child)."""
        self.cancelled.set()
        with self.lock:
            children = list(self.children.values())
        # SIGINT first: papermill then shuts its kernel down; then terminate what is left
        for child in children:
            if child.poll() is None:
                try:
                    child.send_signal(signal.SIGINT)
                except OSError:
                    pass
        for child in children:
            try:
                if child.stdin is not None:
                    child.stdin.close()  # a kernel server: end of input ends it
            except OSError:
                pass
        for child in children:
            try:
                child.wait(timeout=10)
            except subprocess.TimeoutExpired:
                child.kill()


_SESSION = _Session()


class _Servers:
    """The kernel servers of a run: one per worker thread (and environment), closed when the
    run ends (:mod:`evalkit.notebook.shared_kernel`)."""

    def __init__(self) -> None:
        self._local = threading.local()
        self._lock = threading.Lock()
        self._all: List[KernelServer] = []

    def get(self, env: dict) -> KernelServer:
        server = getattr(self._local, "server", None)
        if server is None or server.env != env:
            if server is not None:
                server.close()
            server = self._local.server = KernelServer(env)
            with self._lock:
                self._all.append(server)
        return server

    def close(self) -> None:
        with self._lock:
            servers, self._all = self._all, []
        for server in servers:
            server.close()


def _remove_free_lock(path: Path) -> None:
    """Remove a notebook's lock file when no runner holds it (left behind otherwise: one
    ``.lock`` per notebook in ``.staging/``)."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - not POSIX: file_lock makes no file either
        return
    try:
        with open(path, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            path.unlink()
            fcntl.flock(handle, fcntl.LOCK_UN)
    except OSError:
        pass  # held by another runner (or gone): it removes it when done


def _tidy_staging(results_root: Path) -> None:
    """Remove lock files no runner holds and empty folders below ``.staging/``."""
    staging = results_root / STAGING
    if not staging.is_dir():
        return
    for lock in sorted(staging.glob("*/*.lock")):
        _remove_free_lock(lock)
    for folder in sorted(staging.glob("*"), reverse=True) + [staging]:
        try:
            folder.rmdir()  # only when empty
        except OSError:
            pass


def run_one(
    path: Path,
    profile: str,
    quick: bool,
    results_root: Path,
    timeout: Optional[int],
    extra_env: Optional[dict] = None,
    full: bool = False,
    servers: Optional[_Servers] = None,
) -> NotebookRun:
    """Execute one notebook with papermill in a kernel server and classify the outcome
    (``servers``: the run's servers, whose warm kernel this notebook may reuse; by default a
    server of its own, closed when the notebook ends).

    The notebook runs into a staging folder ``<results>/.staging/<paper>/<notebook>/``
    that replaces ``<results>/<paper>/<notebook>/`` when the run ends: whole when it
    succeeded; holding only the executed notebook when it failed or was skipped. Either
    way ``status.json`` in the folder says how the run ended (status, error, seconds,
    ``quick``, ``full``, when it finished and the fingerprints of the code it ran:
    :mod:`evalkit.notebook.freshness`), and nothing of an older run survives beside it. A
    run stopped (Ctrl-C) or killed mid-run leaves the old folder untouched (its staging
    folder is removed, or cleared by the next run of that notebook). The notebook writes to
    the staging folder through ``$EVALKIT_RESULTS_DIR``; no path is injected into the
    notebook, so executed notebooks show no folder of this machine.
    """
    from evalkit.notebook.freshness import code_fingerprint

    paper, name = path.parent.name, path.stem
    out_dir = results_root / paper / name
    stage = results_root / STAGING / paper / name
    lock = results_root / STAGING / paper / f"{name}.lock"
    # two runners may share a results root: one at a time per notebook
    with file_lock(lock):
        if stage.exists():  # left by a killed run
            shutil.rmtree(stage)
        stage.mkdir(parents=True)
        try:
            run = _execute(path, profile, quick, stage, timeout, extra_env, full, servers)
        except _Interrupted:
            shutil.rmtree(stage, ignore_errors=True)
            raise
        if run.status != "ok":
            _keep_only_the_executed_notebook(stage, Path(run.executed).name)
        run.quick = bool(quick)
        run.full = bool(full)
        run.finished = round(time.time(), 3)
        status = {
            "paper": paper,
            "notebook": name,
            "status": run.status,
            "error": run.error,
            "seconds": run.seconds,
            "quick": run.quick,
            "full": run.full,
            "finished": run.finished,
            "code": code_fingerprint(path),
        }
        atomic_write_text(stage / STATUS_FILE, json.dumps(status, indent=2) + "\n")
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        swap_directory(stage, out_dir)  # a reader sees the old or the new folder, never a mix
    _remove_free_lock(lock)
    run.output_dir, run.executed = str(out_dir), str(out_dir / Path(run.executed).name)
    run.files = _files_of(out_dir, results_root)
    return run


def _files_of(out_dir: Path, results_root: Path) -> List[str]:
    """What a notebook wrote (not the site's HTML rendering of it, ``<notebook>.html``)."""
    rendering = f"{out_dir.name}.html"
    return sorted(
        str(p.relative_to(results_root))
        for p in out_dir.rglob("*")
        if p.is_file()
        and p.suffix in RESULT_SUFFIXES
        and not p.name.startswith(".")
        and not (p.parent == out_dir and p.name == rendering)
    )


def _execute(
    path: Path,
    profile: str,
    quick: bool,
    out_dir: Path,
    timeout: Optional[int],
    extra_env: Optional[dict],
    full: bool = False,
    servers: Optional[_Servers] = None,
) -> NotebookRun:
    """Run papermill (in a kernel server: :mod:`evalkit.notebook.shared_kernel`) with ``out_dir``
    as the results folder (``$EVALKIT_RESULTS_DIR``) and classify the outcome; raises
    :class:`_Interrupted` when the run is stopped meanwhile."""
    paper, name = path.parent.name, path.stem
    executed = out_dir / f"{name}.ipynb"
    run = NotebookRun(paper, name, str(path), str(out_dir), str(executed))
    env = config.environment()
    env.update(extra_env or {})
    # The kernel must be this interpreter (the one with evalkit installed).
    env["PATH"] = str(Path(sys.executable).parent) + os.pathsep + env.get("PATH", "")
    env.update(EVALKIT_HEADLESS="1", EVALKIT_PROFILE=profile, MPLBACKEND="Agg", PYTHONHASHSEED="0")
    env.pop("EVALKIT_RESULTS_DIR", None)  # the server's reset sets it per notebook
    # the paper's scale, or the default sizes whatever the caller's environment says
    env.pop("EVALKIT_SCALE", None)
    if full:
        env["EVALKIT_SCALE"] = "full"
    # the results folder goes by $EVALKIT_RESULTS_DIR: no path of this machine is injected
    request = {
        "notebook": str(path),
        "executed": str(executed),
        "cwd": str(path.parent),
        "parameters": {"profile": profile, "quick": bool(quick)},
        "results_dir": str(out_dir),
        "timeout": timeout,
    }
    key = f"{paper}/{name}"
    if _SESSION.cancelled.is_set():
        raise _Interrupted(key)
    started = time.perf_counter()
    with _SESSION.lock:
        _SESSION.started[key] = time.time()
    try:
        returncode, stdout, stderr = _child(request, env, key, servers)
    finally:
        with _SESSION.lock:
            _SESSION.started.pop(key, None)
    run.seconds = round(time.perf_counter() - started, 2)
    if returncode != 0 and (_SESSION.cancelled.is_set() or returncode < 0):
        raise _Interrupted(key)  # stopped by us, by Ctrl-C or by a signal: not a result
    if returncode == 0:
        run.status = "ok"
    elif returncode == kernels.TIMEOUT_EXIT:
        run.status = "failed"
        run.error = kernels.timeout_message(timeout)
    else:
        error = _error_of(executed)
        if error is not None and error[0] == "KeyboardInterrupt":
            raise _Interrupted(key)  # Ctrl-C reached the kernel before the runner saw it
        if error is not None and error[0] in SKIP_ERRORS:
            run.status = "skipped"
            run.error = f"{error[0]}: {error[1]}"
        else:
            run.status = "failed"
            if error is not None:
                run.error = f"{error[0]}: {error[1]}"
            else:
                tail = (stderr or stdout).strip().splitlines()[-5:]
                run.error = "\n".join(tail) or f"papermill exited with {returncode}"
    return run


def _child(
    request: dict, env: dict, key: str, servers: Optional[_Servers] = None
) -> Tuple[int, str, str]:
    """Run one notebook in a kernel server (the run's for this thread, or one of its own),
    registered in the session so that Ctrl-C can stop it; (exit status, output, error text)
    as a papermill process would give them: 0 ok, :data:`kernels.TIMEOUT_EXIT` after a cell
    time-out, 1 after an error, -1 when the server was stopped (a signal, Ctrl-C)."""
    server = KernelServer(env) if servers is None else servers.get(env)
    with _SESSION.lock:
        _SESSION.children[key] = server.start()
    try:
        reply = server.run(request)
    finally:
        with _SESSION.lock:
            _SESSION.children.pop(key, None)
        if servers is None:
            server.close()
    if reply is None:
        if _SESSION.cancelled.is_set():
            return -1, "", ""
        server.close()
        return 1, "", "the notebook's kernel server stopped before it replied"
    status = {"ok": 0, "timeout": kernels.TIMEOUT_EXIT}.get(reply["status"], 1)
    return status, "", reply.get("error") or ""


def write_index(
    results_root: Path,
    profile: str,
    runs: Optional[List[NotebookRun]] = None,
    render: bool = True,
) -> Path:
    """Write ``files.html`` linking every executed notebook, table and figure (of ``runs``,
    default every result on disk), then the results site (:mod:`evalkit.notebook.site`;
    ``render``: notebooks whose HTML is missing or older); returns the landing page."""
    runs = collect(results_root) if runs is None else runs
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

    return build_site(results_root, profile, render=render)


def collect(
    results_root: Path, notebooks_dir: Optional[Path] = None, memo: Optional[dict] = None
) -> List[NotebookRun]:
    """Every notebook result on disk below ``results_root`` (its ``status.json``), whatever
    run wrote it, sorted by paper and notebook, each with why it is older than its code or
    data (:func:`evalkit.notebook.freshness.stale_reasons`). This is what ``summary.json``
    and the site show, so a partial rerun (``--only``) merges with the results already
    there instead of replacing them. ``memo`` (a dict kept by the caller) remembers each
    result's staleness while its ``status.json`` and ``results.json`` are unchanged: the
    runner's rewrites during one run (checking every data file of every result each time
    took seconds) reuse it; a fresh call checks everything."""
    from evalkit.notebook.freshness import stale_reasons

    notebooks_dir = Path(notebooks_dir) if notebooks_dir else repository_root() / "notebooks"
    runs = []
    for status_file in sorted(results_root.glob(f"*/*/{STATUS_FILE}")):
        folder = status_file.parent
        if folder.parent.name.startswith("."):
            continue
        try:
            status = json.loads(status_file.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue
        paper, name = folder.parent.name, folder.name
        source = notebooks_dir / paper / f"{name}.ipynb"
        run = NotebookRun(
            paper,
            name,
            str(source),
            str(folder),
            str(folder / f"{name}.ipynb"),
            status=str(status.get("status", "failed")),
            seconds=float(status.get("seconds") or 0.0),
            error=status.get("error"),
            files=_files_of(folder, results_root),
            quick=bool(status.get("quick", _quick_of(folder))),
            full=bool(status.get("full", False)),
            finished=status.get("finished") or status_file.stat().st_mtime,
        )
        key = None
        if memo is not None:
            results_file = folder / "results.json"
            key = (
                str(folder),
                status_file.stat().st_mtime_ns,
                results_file.stat().st_mtime_ns if results_file.is_file() else None,
            )
        if key is not None and key in memo:
            run.stale = list(memo[key])
        else:
            run.stale = stale_reasons(status, source if source.is_file() else None, folder)
            if key is not None:
                memo[key] = tuple(run.stale)
        runs.append(run)
    return runs


def _quick_of(folder: Path) -> bool:
    """``quick`` of a result written before ``status.json`` recorded it (its provenance)."""
    try:
        record = json.loads((folder / "results.json").read_text(encoding="utf-8"))
        return bool(record["provenance"]["parameters"].get("quick", False))
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return False


def licensed_state() -> dict:
    """Which licensed corpora are configured on this machine, which are not, and where the
    README says how to configure them (``data/README.md:<line>``)."""
    from evalkit.data import licensed

    configured, missing = [], []
    for name in licensed.CORPORA:
        try:
            found = licensed.configured(name)
        except Exception:  # noqa: BLE001 - a broken configuration counts as not configured
            found = None
        (configured if found else missing).append(name)
    readme = repository_root() / "data" / "README.md"
    line = 1
    try:
        for number, text in enumerate(readme.read_text(encoding="utf-8").splitlines(), 1):
            if text.startswith("## Licensed"):
                line = number
                break
    except OSError:
        pass
    return {"configured": configured, "not_configured": missing, "readme": f"data/README.md:{line}"}


def write_summary(
    results_root: Path,
    profile: str,
    notebooks_dir: Optional[Path] = None,
    memo: Optional[dict] = None,
    **extra,
) -> List[NotebookRun]:
    """Write ``summary.json`` from every result on disk (:func:`collect`, with ``memo``);
    returns them."""
    runs = collect(results_root, notebooks_dir, memo)
    counts = {s: sum(r.status == s for r in runs) for s in ("ok", "failed", "skipped")}
    summary = {
        "profile": profile,
        "quick": any(r.quick for r in runs),
        "full": bool(runs) and all(r.full for r in runs),
        "counts": counts,
        "stale": sum(bool(r.stale) for r in runs),
        "total_seconds": round(sum(r.seconds for r in runs), 2),
        **extra,
        "notebooks": [_relative(asdict(r), results_root) for r in runs],
    }
    atomic_write_text(results_root / "summary.json", json.dumps(summary, indent=2) + "\n")
    return runs


def _relative(record: dict, results_root: Path) -> dict:
    """Paths of a summary entry relative to the profile's results folder (the site resolves
    them there), the notebook's source relative to the repository."""
    for key in ("output_dir", "executed"):
        try:
            record[key] = str(Path(record[key]).relative_to(results_root))
        except ValueError:
            pass
    try:
        record["source"] = str(Path(record["source"]).relative_to(repository_root()))
    except ValueError:
        pass
    return record


class Progress:
    """One line per finished notebook with the time left, estimated from the previous run's
    timings (``status.json`` of each notebook on disk); a warning when a notebook runs past
    its expected time; the final table sorted by time."""

    def __init__(self, paths: Sequence[Path], previous: Dict[str, float], jobs: int, stream):
        self.keys = [f"{p.parent.name}/{p.stem}" for p in paths]
        known = list(previous.values())  # a notebook never run: the median notebook
        self.default = sorted(known)[len(known) // 2] if known else None
        self.expected = {k: previous.get(k, self.default) for k in self.keys}
        self.jobs = max(1, jobs)
        self.stream = stream
        self.done: Dict[str, float] = {}
        self.warned: set = set()
        self.stopped = threading.Event()
        self.started = time.perf_counter()

    def _print(self, text: str) -> None:
        print(text, file=self.stream, flush=True)

    def left(self) -> Optional[float]:
        """Seconds left: the expected time of every notebook not finished (less what the
        running ones have run already), shared by the parallel jobs."""
        if self.default is None:
            return None
        now = time.time()
        with _SESSION.lock:
            running = dict(_SESSION.started)
        total = 0.0
        for key in self.keys:
            if key in self.done:
                continue
            expected = self.expected[key] or 0.0
            if key in running:
                expected = max(expected - (now - running[key]), 0.0)
            total += expected
        return total / self.jobs

    def finished(self, run: NotebookRun) -> None:
        key = f"{run.paper}/{run.notebook}"
        self.done[key] = run.seconds
        left = self.left()
        eta = "" if left is None else f"  ~{_duration(left)} left"
        if len(self.done) == len(self.keys):
            eta = ""
        width = len(str(len(self.keys)))
        self._print(
            f"[run_all] [{len(self.done):{width}d}/{len(self.keys)}] {run.status:7s} "
            f"{run.seconds:8.1f}s  {key}{eta}"
        )

    def watch(self, every: float = 5.0) -> None:
        """Warn once per notebook that runs past 1.5 times its expected time (plus 30 s)."""
        while not self.stopped.wait(every):
            now = time.time()
            with _SESSION.lock:
                running = dict(_SESSION.started)
            for key, since in running.items():
                expected = self.expected.get(key)
                if expected is None or key in self.warned:
                    continue
                if now - since > 1.5 * expected + 30:
                    self.warned.add(key)
                    self._print(
                        f"[run_all] {key} is still running after {_duration(now - since)}, "
                        f"longer than the {_duration(expected)} it took last time"
                    )

    def table(self, runs: Sequence[NotebookRun]) -> None:
        self._print("")
        self._print(f"{'status':8s} {'seconds':>8s}  notebook (slowest first)")
        for run in sorted(runs, key=lambda r: -r.seconds):
            self._print(f"{run.status:8s} {run.seconds:8.1f}  {run.paper}/{run.notebook}")
            if run.status != "ok" and run.error:
                for line in _error_lines(run.error):
                    self._print("         " + line)


def _error_lines(error: str) -> List[str]:
    """The last line of an error in full (a skip's hint says how to configure the data:
    never cut), wrapped for the terminal."""
    import textwrap

    last = error.strip().splitlines()[-1] if error.strip() else error
    return textwrap.wrap(last, 100, break_long_words=False, break_on_hyphens=False) or [last]


def _duration(seconds: float) -> str:
    seconds = max(0, int(round(seconds)))
    if seconds < 90:
        return f"{seconds} s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 90:
        return f"{minutes} min {seconds:02d} s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours} h {minutes:02d} min"


#: seconds of each notebook in a default run on an idle 2-core machine, recorded by
#: ``benchmarks/bench_run_all.py --record``: what a fresh clone's first run orders and
#: estimates by before it has timings of its own
EXPECTED_SECONDS = "expected_seconds.json"


def expected_seconds(results_root: Path, notebooks_dir: Path) -> Dict[str, float]:
    """``{"<paper>/<notebook>": seconds}``: this results folder's previous run of each
    notebook, else the recorded seconds of ``notebooks/expected_seconds.json`` (a damaged or
    missing file is no timing at all: ordering and estimates are only a convenience)."""
    recorded: Dict[str, float] = {}
    try:
        data = json.loads((Path(notebooks_dir) / EXPECTED_SECONDS).read_text(encoding="utf-8"))
        recorded = {str(k): float(v) for k, v in data.get("seconds", {}).items()}
    except (OSError, ValueError, TypeError, AttributeError):
        recorded = {}
    recorded.update(
        {f"{r.paper}/{r.notebook}": r.seconds for r in collect(results_root, notebooks_dir)}
    )
    return recorded


#: seconds between two rewrites of summary.json and the site while a run goes on: a
#: rewrite reads every result on disk (about 10 s with 80 results and their data files
#: checked; 4 s with the run's memo), which after every notebook held the end of a default
#: run by minutes; the rewrite when the run ends or stops is always made, unmemoized
SITE_EVERY = 60.0


def longest_first(paths: Sequence[Path], previous: Dict[str, float]) -> List[int]:
    """The order in which to start ``paths``: longest expected first (the previous run's
    seconds of each notebook), notebooks never timed before first of all, ties in the listed
    order. With several notebooks at a time, a long notebook started last would run alone at
    the end while the other cores idle; started first, it overlaps with the short ones (the
    longest-processing-time rule). Results are reported in the listed order whatever the
    order they ran in."""

    def expected(i: int) -> float:
        key = f"{paths[i].parent.name}/{paths[i].stem}"
        return previous.get(key, float("inf"))

    return sorted(range(len(paths)), key=lambda i: (-expected(i), i))


def default_jobs() -> int:
    """Notebooks run in parallel by default: the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


class RunInterrupted(Exception):
    """Ctrl-C or SIGTERM stopped the run; the summary and site show what finished."""

    def __init__(self, runs: List[NotebookRun], total: int, index: Optional[Path]):
        self.runs, self.total, self.index = runs, total, index
        super().__init__(f"interrupted after {len(runs)} of {total} notebooks")


def run_all(
    profile: str = "sample",
    jobs: Optional[int] = None,
    only: Sequence[str] = (),
    quick: bool = False,
    notebooks_dir: Optional[Path] = None,
    results_dir: Optional[Path] = None,
    timeout: Optional[int] = None,
    stream=sys.stdout,
    full: bool = False,
) -> List[NotebookRun]:
    """Run the selected notebooks and write the summary and the site after each one (merged
    with the results already on disk: :func:`collect`); returns this run's runs in order.
    Ctrl-C stops the running notebooks (their older results stay), writes the summary and
    site of what finished and raises :class:`RunInterrupted`. ``full``: the paper's sizes
    (every declared ``full=`` value) instead of the default ones; not with ``quick``."""
    if profile not in PROFILES:
        raise ParameterError("profile", profile, "one of " + ", ".join(PROFILES))
    jobs = default_jobs() if jobs is None else jobs
    if not isinstance(jobs, int) or jobs < 1:
        raise ParameterError("jobs", jobs, "an integer >= 1")
    if full and quick:
        raise ParameterError("full", full, "False when quick=True (one scale at a time)")
    if timeout is not None and (not isinstance(timeout, int) or timeout < 1):
        raise ParameterError("timeout", timeout, "a number of seconds >= 1 (or none: no limit)")
    root = repository_root()
    notebooks_dir = Path(notebooks_dir) if notebooks_dir else root / "notebooks"
    results_root = (Path(results_dir) if results_dir else root / "results") / profile
    paths = discover(notebooks_dir, only)
    if not paths:
        raise ParameterError(
            "only", list(only), f"a pattern matching a notebook under {notebooks_dir}"
        )
    results_root.mkdir(parents=True, exist_ok=True)
    extra = {}
    if profile == "licensed":
        state = extra["licensed"] = licensed_state()
        print(_licensed_banner(state), file=stream, flush=True)
    previous = expected_seconds(results_root, notebooks_dir)
    progress = Progress(paths, previous, jobs, stream)
    left = progress.left()
    print(
        f"[run_all] profile={profile} notebooks={len(paths)} jobs={jobs} "
        + ("scale=quick" if quick else "scale=full (the paper's)" if full else "scale=default")
        + (f"; about {_duration(left)} by the previous run's timings" if left is not None else ""),
        file=stream,
        flush=True,
    )
    _SESSION.cancelled.clear()
    runs: List[Optional[NotebookRun]] = [None] * len(paths)
    watcher = threading.Thread(target=progress.watch, daemon=True)
    watcher.start()
    pool = concurrent.futures.ThreadPoolExecutor(max_workers=jobs)
    index = None
    last_site = -math.inf
    memo: dict = {}  # staleness of each result, while this run rewrites the summary
    servers = _Servers()  # a warm kernel per worker
    try:
        futures = {
            pool.submit(
                run_one, paths[i], profile, quick, results_root, timeout, full=full, servers=servers
            ): i
            for i in longest_first(paths, previous)
        }
        for future in concurrent.futures.as_completed(futures):
            try:
                run = future.result()
            except _Interrupted:
                continue
            runs[futures[future]] = run
            progress.finished(run)
            render_notebook_of(run, profile, results_root)
            # the summary and site grow as notebooks finish (a killed run leaves what
            # finished; each notebook's status.json is on disk at once in any case), at most
            # every SITE_EVERY seconds: each write reads every result and its data files
            if time.monotonic() - last_site >= SITE_EVERY:
                write_summary(results_root, profile, notebooks_dir, memo, **extra)
                index = write_index(results_root, profile, render=False)
                last_site = time.monotonic()
    except KeyboardInterrupt:
        main_thread = threading.current_thread() is threading.main_thread()
        # a second Ctrl-C while we stop must not cut the summary and site short
        handler = signal.signal(signal.SIGINT, signal.SIG_IGN) if main_thread else None
        try:
            _SESSION.stop()
            pool.shutdown(wait=True, cancel_futures=True)
            progress.stopped.set()
            done = [r for r in runs if r is not None]
            write_summary(results_root, profile, notebooks_dir, **extra)
            index = write_index(results_root, profile, render=False)
            _tidy_staging(results_root)
        finally:
            if main_thread:
                signal.signal(signal.SIGINT, handler)
        raise RunInterrupted(done, len(paths), index) from None
    finally:
        pool.shutdown(wait=True)
        servers.close()
        progress.stopped.set()
    done = [r for r in runs if r is not None]
    write_summary(results_root, profile, notebooks_dir, **extra)
    index = write_index(results_root, profile, render=True)
    _tidy_staging(results_root)
    progress.table(done)
    counts = {s: sum(r.status == s for r in done) for s in ("ok", "failed", "skipped")}
    print(
        f"\n{counts['ok']} ok, {counts['failed']} failed, {counts['skipped']} skipped "
        f"in {_duration(time.perf_counter() - progress.started)}; index: {index}",
        file=stream,
        flush=True,
    )
    return done


def _licensed_banner(state: dict) -> str:
    configured = ", ".join(state["configured"]) or "none"
    missing = ", ".join(state["not_configured"]) or "none"
    return (
        f"[run_all] licensed data sets configured: {configured}\n"
        f"[run_all] not configured (their notebooks are skipped): {missing}\n"
        f"[run_all] how to configure them: {state['readme']} (Licensed corpora)"
    )


def render_notebook_of(run: NotebookRun, profile: str, results_root: Path) -> None:
    """Render one finished notebook for the site (beside its ``.ipynb``)."""
    from evalkit.notebook.site import render_notebook

    if Path(run.executed).is_file():
        render_notebook(Path(run.executed), asdict(run), profile, results_root)


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
        type=_positive("-j/--jobs", "notebooks"),
        default=None,
        help=f"notebooks to run in parallel (default: the number of cores, {default_jobs()})",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only notebooks whose <paper>/<name> contains or glob-matches PATTERN (repeatable)",
    )
    scale = parser.add_mutually_exclusive_group()
    scale.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    scale.add_argument(
        "--full",
        action="store_true",
        help="the papers' sizes and replication counts (default: sizes enough for the claims; "
        "each notebook says where it runs below the paper's)",
    )
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
        "--timeout",
        type=_positive("--timeout", "seconds"),
        default=None,
        help="seconds a cell may run (default: no limit); a cell past it fails the notebook "
        "with a time-out",
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
    return parser


def _positive(option: str, unit: str):
    """An argparse type: an integer >= 1 (``--timeout 0`` or ``-5`` would mean "no limit"
    to papermill: refused)."""

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r}: expected a whole number of {unit}")
        if value < 1:
            raise argparse.ArgumentTypeError(f"{option} {value}: expected at least 1 ({unit})")
        return value

    parse.__name__ = option
    return parse


def _terminate(signum, frame):
    raise KeyboardInterrupt  # SIGTERM ends a run as Ctrl-C does: summary and site of what finished


def run_parsed(args: argparse.Namespace, stream) -> list:
    """:func:`run_all` with the options :func:`build_parser` parsed (``python -m
    evalkit.notebook.runner`` and ``evalkit run`` share it)."""
    return run_all(
        args.profile,
        args.jobs,
        args.only,
        args.quick,
        args.notebooks_dir,
        args.results_dir,
        args.timeout,
        stream=stream,
        full=args.full,
    )


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    kernels.skip_iri_grammar()  # this process renders notebooks: nbformat, jsonschema
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)
    try:
        runs = run_parsed(args, io.StringIO() if args.quiet else sys.stdout)
    except ParameterError as exc:
        print(f"run_all: error: {exc}", file=sys.stderr)
        return 2
    except RunInterrupted as stop:
        print(
            f"\n[run_all] interrupted: {len(stop.runs)} of {stop.total} notebooks finished; "
            f"the others keep their earlier results. Summary and site: {stop.index}",
            file=sys.stderr,
            flush=True,
        )
        return 130
    except KeyboardInterrupt:  # before any notebook started
        print("\n[run_all] interrupted", file=sys.stderr)
        return 130
    return 1 if any(r.status == "failed" for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
