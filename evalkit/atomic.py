"""Atomic file writes, used by the results writer, the data writers and the downloads.

A file is first written to a temporary sibling in the same directory, flushed to disk
(``fsync``) and then moved into place with :func:`os.replace`, which is atomic on POSIX and
Windows: a reader sees either the old file or the complete new one, never a partial one,
and an interrupted write leaves nothing under the target name (SPEC section 6).

Writers of many small regenerable files (the simulated sample corpora: tens of thousands
of files, each fsync costing milliseconds) may skip the fsync inside
:func:`fsync_disabled`; they keep atomicity at a coarser grain by assembling a whole
directory under a hidden name and renaming it into place.
"""
from __future__ import annotations

import contextlib
import os
import tempfile
import threading
from pathlib import Path
from typing import IO, Iterator, Union

PathLike = Union[str, "os.PathLike[str]"]

_state = threading.local()


def _fsync_enabled() -> bool:
    return getattr(_state, "fsync", True)


@contextlib.contextmanager
def fsync_disabled() -> Iterator[None]:
    """Within this block (in this thread), atomic writes skip the ``fsync`` before renaming."""
    previous = _fsync_enabled()
    _state.fsync = False
    try:
        yield
    finally:
        _state.fsync = previous


def _temporary_sibling(target: Path) -> tuple:
    target.parent.mkdir(parents=True, exist_ok=True)
    return tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)


@contextlib.contextmanager
def atomic_open(path: PathLike, mode: str = "w", encoding: str = "utf-8") -> Iterator[IO]:
    """Open a temporary sibling of ``path`` for writing; move it into place on success.

    ``mode`` is ``"w"`` (text, with ``encoding`` and ``\\n`` line ends) or ``"wb"``. On any
    exception the temporary file is removed and ``path`` is left untouched.
    """
    if mode not in ("w", "wb"):
        raise ValueError(f"atomic_open mode must be 'w' or 'wb', not {mode!r}")
    target = Path(path)
    fd, tmp = _temporary_sibling(target)
    try:
        if mode == "w":
            handle = os.fdopen(fd, "w", encoding=encoding, newline="\n")
        else:
            handle = os.fdopen(fd, "wb")
        with handle:
            yield handle
            handle.flush()
            if _fsync_enabled():
                os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise


@contextlib.contextmanager
def atomic_path(path: PathLike) -> Iterator[Path]:
    """Yield a temporary path beside ``path`` for a tool that writes files by name.

    On success the temporary file is renamed to ``path``; on an exception it is removed
    and ``path`` is left untouched.
    """
    target = Path(path)
    fd, tmp_name = _temporary_sibling(target)
    os.close(fd)
    tmp = Path(tmp_name)
    try:
        yield tmp
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            tmp.unlink()
        raise


def atomic_write_bytes(path: PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically and return the path."""
    with atomic_open(path, "wb") as handle:
        handle.write(data)
    return Path(path)


def atomic_write_text(path: PathLike, text: str, encoding: str = "utf-8") -> Path:
    """Write ``text`` to ``path`` atomically (``\\n`` line ends) and return the path."""
    with atomic_open(path, "w", encoding=encoding) as handle:
        handle.write(text)
    return Path(path)
