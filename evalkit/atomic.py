"""Atomic file writes, used by the results writer, the data writers and the downloads.

A file is first written to a temporary sibling in the same directory, flushed to disk
(``fsync``) and then moved into place with :func:`os.replace`, which is atomic on POSIX and
Windows: a reader sees either the old file or the complete new one, never a partial one,
and an interrupted write leaves nothing under the target name (SPEC section 6).

The finished file's mode follows the umask (``mkstemp`` alone would leave it 0600), and
the temporary name carries the writer's pid so that :func:`remove_stale_parts` can
delete what a killed writer left behind.

Writers of many small regenerable files (the simulated sample corpora: tens of thousands
of files, each fsync costing milliseconds) may skip the fsync inside
:func:`fsync_disabled`; they keep atomicity at a coarser grain by assembling a whole
directory under a hidden name and renaming it into place.
"""

from __future__ import annotations

import contextlib
import os
import shutil
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


_umask_lock = threading.Lock()


def current_umask() -> int:
    """The process umask (read from ``/proc`` where possible: setting it to read it back
    is not thread-safe, so the fallback does that under a lock)."""
    try:
        with open("/proc/self/status", encoding="ascii") as handle:
            for line in handle:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    except (OSError, ValueError, IndexError):
        pass
    with _umask_lock:
        mask = os.umask(0o022)
        os.umask(mask)
    return mask


#: Temporary files are named ``.<target>.<pid>.<random>.part``: the pid tells a later run
#: whether the writer is still alive (see :func:`remove_stale_parts`).
def _temporary_sibling(target: Path) -> tuple:
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(
        prefix=f".{target.name}.{os.getpid()}.", suffix=".part", dir=target.parent
    )
    try:
        # mkstemp creates the file 0600; the finished file follows the umask like any other
        # file the user creates (0644 under the usual 022), e.g. papermill's notebooks.
        os.fchmod(fd, 0o666 & ~current_umask())
    except (AttributeError, OSError):  # no fchmod (Windows): keep mkstemp's mode
        pass
    return fd, name


def _pid_alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True  # exists, owned by someone else (or cannot tell: keep its file)
    return True


def remove_stale_parts(target: PathLike) -> list:
    """Delete the temporary ``.part`` siblings of ``target`` left by writers that died
    (a killed download or build); a part whose writer still runs is kept. Returns the
    paths removed."""
    target = Path(target)
    removed = []
    if not target.parent.is_dir():
        return removed
    prefix = f".{target.name}."
    for item in target.parent.iterdir():
        name = item.name
        if not (name.startswith(prefix) and name.endswith(".part")):
            continue
        pid_text = name[len(prefix) :].split(".", 1)[0]
        if pid_text.isascii() and pid_text.isdigit() and _pid_alive(int(pid_text)):
            continue
        with contextlib.suppress(FileNotFoundError):
            item.unlink()
            removed.append(item)
    return removed


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


_RENAME_EXCHANGE = 2  # linux/fs.h
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Atomically exchange two existing paths (Linux ``renameat2(RENAME_EXCHANGE)``);
    False where the system cannot."""
    try:
        import ctypes
        import ctypes.util

        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError, TypeError):
        return False
    renameat2.argtypes = [
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_int,
        ctypes.c_char_p,
        ctypes.c_uint,
    ]
    return renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0


def swap_directory(new: PathLike, target: PathLike) -> None:
    """Put directory ``new`` in place of ``target`` and delete the old ``target``.

    Where the system allows (Linux) the two are exchanged in one atomic step, so a
    concurrent reader finds the old or the new directory under ``target``, never
    nothing; elsewhere the old one is renamed aside first (a moment without ``target``,
    but never a half-deleted one)."""
    new, target = Path(new), Path(target)
    if not target.exists():
        os.replace(new, target)
        return
    if _exchange(new, target):
        shutil.rmtree(new, ignore_errors=True)  # now the old directory
        return
    old = new.with_name(new.name + ".old")
    if old.exists():
        shutil.rmtree(old)
    os.replace(target, old)
    os.replace(new, target)
    shutil.rmtree(old, ignore_errors=True)


def remove_stale_directories(parent: PathLike, prefix: str) -> list:
    """Delete directories ``parent/<prefix><pid>`` whose process is gone (a killed
    build's hidden work directory); returns the paths removed."""
    parent = Path(parent)
    removed = []
    if not parent.is_dir():
        return removed
    for item in parent.iterdir():
        if not item.name.startswith(prefix) or not item.is_dir():
            continue
        pid_text = item.name[len(prefix) :]
        if pid_text.isascii() and pid_text.isdigit() and not _pid_alive(int(pid_text)):
            shutil.rmtree(item, ignore_errors=True)
            removed.append(item)
    return removed


@contextlib.contextmanager
def file_lock(path: PathLike) -> Iterator[None]:
    """An exclusive inter-process lock held on ``path`` (created if missing) for the block;
    where ``fcntl`` is missing (not POSIX) there is no lock."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        import fcntl
    except ImportError:
        yield
        return
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
