"""SHA-256 of data files: the one implementation behind verification and provenance.

:func:`sha256_file` hashes a file in 1 MiB blocks (hex digest, 64 characters);
:func:`sha256_files` hashes several, remembering each file's digest per (path, size,
modification time) within the process, so a corpus loaded twice is hashed once.

Why our own: :mod:`hashlib` has no file helper before Python 3.11 (``hashlib.file_digest``);
this is that loop.
"""
from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Dict, Iterable, Tuple, Union

__all__ = ["sha256_file", "sha256_files"]

PathLike = Union[str, Path]
_BLOCK = 1 << 20
_MEMO: Dict[Tuple[str, int, int], str] = {}


def sha256_file(path: PathLike, chunk: int = _BLOCK) -> str:
    """SHA-256 hex digest of the file at ``path`` (read in ``chunk``-byte blocks)."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(chunk), b""):
            digest.update(block)
    return digest.hexdigest()


def sha256_files(paths: Iterable[PathLike]) -> Dict[str, str]:
    """``{str(path): sha256}`` for each file, in the order given (memoized by path, size
    and modification time)."""
    out: Dict[str, str] = {}
    for path in paths:
        p = Path(path)
        st = p.stat()
        key = (str(p.resolve()), st.st_size, st.st_mtime_ns)
        if key not in _MEMO:
            _MEMO[key] = sha256_file(p)
        out[str(p)] = _MEMO[key]
    return out
