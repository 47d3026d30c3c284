"""Issue 12, items 1 and 11: no stale results after a failed rerun; housekeeping.

Each test failed on the code before the fix: a rerun that failed left the previous
run's results beside it (and listed them in summary.json), atomic writes created files
0600, killed writers left their temporary files forever, a sample rebuild deleted the
old corpus before the new one was in place, and a same-size tampered download passed
the checksum memo.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from test_runner import _write_notebook, BODIES, run_runner

from evalkit import atomic
from evalkit.data import public
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]


def _run(notebooks: Path, results: Path) -> subprocess.CompletedProcess:
    return run_runner(notebooks, results, preexec_fn=lambda: os.umask(0o022))


@pytest.fixture(scope="module")
def pass_then_fail(tmp_path_factory):
    """The same notebook run twice into one results folder: it passes, then fails."""
    root = tmp_path_factory.mktemp("rerun")
    notebooks, results = root / "notebooks", root / "results"
    nb = notebooks / "toy" / "01_pass.ipynb"
    _write_notebook(nb, BODIES["01_pass"])
    first = _run(notebooks, results)
    out = results / "public" / "toy" / "01_pass"
    before = {p.name: p.stat().st_mode for p in out.iterdir()}
    summary_before = json.loads((results / "public" / "summary.json").read_text())
    # the rerun writes one table, then fails: a partial result of a failed run
    _write_notebook(
        nb, BODIES["01_pass"].replace("out.table(", "raise RuntimeError('broken'); out.table(")
    )
    second = _run(notebooks, results)
    return (
        first,
        second,
        out,
        before,
        summary_before,
        json.loads((results / "public" / "summary.json").read_text()),
    )


def test_item1_failed_rerun_keeps_nothing_of_the_older_run(pass_then_fail):
    first, second, out, before, _, summary = pass_then_fail
    assert first.returncode == 0, first.stdout + first.stderr
    assert {"table1.csv", "figure1.png", "results.json"} <= set(before)
    assert second.returncode == 1
    # this run's executed notebook (and the site's HTML rendering of it) and its status only
    assert sorted(p.name for p in out.iterdir()) in (
        ["01_pass.ipynb", "status.json"],
        ["01_pass.html", "01_pass.ipynb", "status.json"],
    )
    status = json.loads((out / "status.json").read_text())
    assert status["status"] == "failed" and "broken" in status["error"]
    (run,) = summary["notebooks"]
    assert run["status"] == "failed" and run["files"] == ["toy/01_pass/status.json"]


def test_item1_successful_run_says_ok_and_lists_its_own_files(pass_then_fail):
    _, _, _, before, summary_before, _ = pass_then_fail
    assert "status.json" in before
    (run,) = summary_before["notebooks"]
    assert run["status"] == "ok" and "toy/01_pass/table1.csv" in run["files"]


def test_item11_results_follow_the_umask(pass_then_fail):
    _, _, _, before, _, _ = pass_then_fail
    for name in ("table1.csv", "figure1.png", "results.json", "status.json", "01_pass.ipynb"):
        assert stat.S_IMODE(before[name]) == 0o644, (name, oct(before[name]))


def test_item1_a_killed_run_leaves_the_old_results_and_its_stage_is_cleared(tmp_path):
    notebooks, results = tmp_path / "notebooks", tmp_path / "results"
    _write_notebook(notebooks / "toy" / "03_skip.ipynb", BODIES["03_skip"])
    stale = results / "public" / runner.STAGING / "toy" / "03_skip"
    stale.mkdir(parents=True)
    (stale / "results.json").write_text("{}")  # what a killed run left behind
    proc = _run(notebooks, results)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    out = results / "public" / "toy" / "03_skip"
    assert json.loads((out / "status.json").read_text())["status"] == "skipped"
    assert not (out / "results.json").exists() and not stale.exists()


def test_item11_atomic_writes_follow_the_umask(tmp_path):
    old = os.umask(0o027)
    try:
        path = atomic.atomic_write_text(tmp_path / "a.txt", "x")
    finally:
        os.umask(old)
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_item11_stale_part_files_of_dead_writers_are_removed(tmp_path):
    target = tmp_path / "data.pkl"
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    dead_pid = int(dead.stdout)
    stale = tmp_path / f".data.pkl.{dead_pid}.abcd1234.part"
    legacy = tmp_path / ".data.pkl.k2j3h4g5.part"  # named before the pid was in the name
    alive = tmp_path / f".data.pkl.{os.getpid()}.zzzz.part"
    other = tmp_path / f".other.pkl.{dead_pid}.x.part"
    for p in (stale, legacy, alive, other):
        p.write_bytes(b"partial")
    assert sorted(atomic.remove_stale_parts(target)) == sorted([stale, legacy])
    assert alive.exists() and other.exists()


def test_item11_fetch_cleans_what_a_killed_fetch_left(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "cache"))
    entry = public._check_set("summeval")["files"][0]
    target = public.data_dir() / entry["path"]
    target.parent.mkdir(parents=True)
    part = target.parent / f".{target.name}.999999999.x.part"
    part.write_bytes(b"half a download")

    def no_network(url, timeout=None):
        raise OSError("offline")

    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    with pytest.raises(public.DownloadError):
        public.fetch("summeval", opener=no_network)
    assert not part.exists()


def test_item11_verification_is_not_fooled_by_a_same_size_tampered_file(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "cache"))
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    entry = dict(public._check_set("summeval")["files"][0])
    path = tmp_path / "file.bin"
    path.write_bytes(b"genuine content")
    entry["sha256"] = public.sha256_file(path)
    public._verify(path, entry)
    st = path.stat()
    path.write_bytes(b"tampered conten")  # same size
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # same mtime
    with pytest.raises(public.ChecksumError):
        public._verify(path, entry)


def test_item11_stale_build_directories_are_removed(tmp_path):
    dead = int(
        subprocess.run(
            [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
        ).stdout
    )
    stale, alive = (
        tmp_path / f".duc2004.building-{dead}",
        tmp_path / f".duc2004.building-{os.getpid()}",
    )
    stale.mkdir()
    alive.mkdir()
    assert atomic.remove_stale_directories(tmp_path, ".duc2004.building-") == [stale]
    assert alive.exists() and not stale.exists()


def test_item11_rebuild_swaps_so_a_reader_always_finds_a_whole_corpus(tmp_path):
    """A reader polling the corpus during many rebuilds never finds it missing or partial."""
    target = tmp_path / "corpus"
    target.mkdir()
    (target / "build.json").write_text("0")
    seen_missing = []
    stop = threading.Event()

    def reader():
        while not stop.is_set():
            try:
                (target / "build.json").read_text()
            except FileNotFoundError:
                seen_missing.append(1)

    thread = threading.Thread(target=reader)
    thread.start()
    try:
        for k in range(1, 200):
            new = tmp_path / f".corpus.building-{k}"
            new.mkdir()
            (new / "build.json").write_text(str(k))
            atomic.swap_directory(new, target)
    finally:
        stop.set()
        thread.join()
    assert (target / "build.json").read_text() == "199"
    assert not seen_missing
    assert sorted(p.name for p in tmp_path.iterdir()) == ["corpus"]
