"""SHA-256 of data files: the one implementation behind verification and provenance.

:func:`sha256_file` is the hex digest (64 characters) of a file's bytes, read by
:func:`hashlib.file_digest` in blocks; :func:`sha256_files` hashes several. Nothing is memoized: a memo keyed on size and
modification time would accept a same-size file changed with its time reset, and the
provenance must state the bytes that were there.
"""

from __future__ import annotations

import hashlib
from pathlib import Path
from typing import Dict, Iterable, Union

__all__ = ["sha256_file", "sha256_files"]

PathLike = Union[str, Path]


def sha256_file(path: PathLike) -> str:
    """SHA-256 hex digest of the file at ``path``."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def sha256_files(paths: Iterable[PathLike]) -> Dict[str, str]:
    """``{str(path): sha256}`` for each file, in the order given."""
    return {str(p): sha256_file(p) for p in paths}
