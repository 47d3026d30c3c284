"""SHA-256 of data files: the one implementation behind verification and provenance.

:func:`sha256_file` is the hex digest (64 characters) of a file's bytes, read by
:func:`hashlib.file_digest` in blocks; :func:`sha256_files` hashes several. Nothing is memoized: a memo keyed on size and
modification time would accept a same-size file changed with its time reset, and the
provenance must state the bytes that were there. :func:`source_fingerprint` is the SHA-256
of a Python package's source (every ``*.py`` file below it: relative path and bytes,
sorted): the notebook runner records the code a result came from with it, and the sample
simulator stamps its corpora with its own, so a build from other simulator code is never
read as this code's. It alone is memoized, on each file's size and modification time, since
it is asked once per corpus and per notebook of a run and the code does not change under a
run.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache
from pathlib import Path
from typing import Dict, Iterable, Tuple, Union

__all__ = ["sha256_file", "sha256_files", "source_fingerprint"]

PathLike = Union[str, Path]


def sha256_file(path: PathLike) -> str:
    """SHA-256 hex digest of the file at ``path``."""
    with open(path, "rb") as handle:
        return hashlib.file_digest(handle, "sha256").hexdigest()


def sha256_files(paths: Iterable[PathLike]) -> Dict[str, str]:
    """``{str(path): sha256}`` for each file, in the order given."""
    return {str(p): sha256_file(p) for p in paths}


@lru_cache(maxsize=8)
def _source_fingerprint(package: Path, _stamp: Tuple) -> str:
    digest = hashlib.sha256()
    for path in sorted(package.rglob("*.py")):
        digest.update(str(path.relative_to(package)).encode("utf-8") + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def source_fingerprint(package: PathLike) -> str:
    """SHA-256 over the relative path and bytes of every ``*.py`` file below ``package``
    (a directory), in sorted order; recomputed when a file's size or modification time
    changes.

    Examples
    --------
    >>> import evalkit.data.simulate as sim
    >>> from pathlib import Path
    >>> len(source_fingerprint(Path(sim.__file__).parent))
    64
    """
    package = Path(package)
    stats = ((p, p.stat()) for p in sorted(package.rglob("*.py")))
    stamp = tuple((str(p), st.st_mtime_ns, st.st_size) for p, st in stats)
    return _source_fingerprint(package, stamp)
