"""What a fresh clone holds works on any machine: no committed symbolic link points outside
the repository (or nowhere), and no committed text file names a folder of the machine it was
written on (``/work/``, ``/home/``, ``/root/``). ``data/sample/README.md`` was such a link,
to an absolute path of a development machine: broken in every clone (issue 34, item 5)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MACHINE_PATH = re.compile(rb"(?<![\w.~-])/(?:work|home|root)/")


def _committed():
    """``(mode, path)`` of every file in git's index."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-s", "-z"], cwd=REPO, capture_output=True, check=True
        ).stdout
    except (OSError, subprocess.CalledProcessError) as exc:  # pragma: no cover - not a clone
        pytest.skip(f"not a git checkout: {exc}")
    for entry in out.split(b"\0"):
        if entry:
            meta, path = entry.split(b"\t", 1)
            yield meta.split()[0].decode(), path.decode()


def symlink_problems(root: Path, entries) -> list:
    """Committed symbolic links that point outside ``root`` or to nothing."""
    problems = []
    for mode, rel in entries:
        if mode != "120000":
            continue
        link = root / rel
        target = os.readlink(link) if link.is_symlink() else "(not a link on disk)"
        resolved = (link.parent / target).resolve()
        if os.path.isabs(target) or not resolved.is_relative_to(root.resolve()):
            problems.append(f"{rel} -> {target}: points outside the repository")
        elif not resolved.exists():
            problems.append(f"{rel} -> {target}: points to nothing")
    return problems


def machine_paths(root: Path, rels) -> list:
    """``file:line`` of every absolute path of a machine in the text files ``rels``."""
    found = []
    for rel in rels:
        path = root / rel
        if path.is_symlink() or not path.is_file():
            continue
        data = path.read_bytes()
        if b"\0" in data[:4096]:
            continue  # binary
        for number, line in enumerate(data.splitlines(), 1):
            if MACHINE_PATH.search(line):
                found.append(f"{rel}:{number}: {line.decode('utf-8', 'replace').strip()[:120]}")
    return found


def test_no_committed_symlink_points_outside_the_repository():
    assert symlink_problems(REPO, list(_committed())) == []


def test_no_committed_file_names_a_folder_of_a_machine():
    this = Path(__file__).resolve().relative_to(REPO).as_posix()  # its examples are such paths
    rels = [rel for mode, rel in _committed() if mode != "120000" and rel != this]
    assert machine_paths(REPO, rels) == []


def test_the_checks_can_fail(tmp_path):
    (tmp_path / "inside.md").write_text("x")
    (tmp_path / "good").symlink_to("inside.md")
    (tmp_path / "abs").symlink_to("/work/wt-baseline/data/sample/README.md")
    (tmp_path / "dangling").symlink_to("missing.md")
    (tmp_path / "notes.md").write_text("see /home/someone/data\nand ~/x and a/work/b\n")
    links = [("120000", "good"), ("120000", "abs"), ("120000", "dangling")]
    problems = symlink_problems(tmp_path, links)
    assert [p.split(" ")[0] for p in problems] == ["abs", "dangling"]
    assert machine_paths(tmp_path, ["notes.md", "inside.md"]) == [
        "notes.md:1: see /home/someone/data"
    ]
