"""Whether a notebook's result on disk is older than the code or the data it came from.

The runner records, in each notebook's ``status.json``, when the run finished
(``finished``, seconds since the epoch) and the fingerprints of the code it ran
(:func:`code_fingerprint`): the SHA-256 of the notebook's source file and of every
``evalkit/**/*.py`` file (path and bytes, sorted). :func:`stale_reasons` compares them with
the checkout of today and the data files the notebook read (its ``results.json``: each data
set's ``root`` and file names, and ``data_checksums``) with their state on disk: a file gone,
or changed since the run (modified later and with another SHA-256), makes the result stale.
The summary and the site say so beside the result, so a partial rerun that merges with
older results never passes an old result off as one of today's code and data.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Dict, Iterator, List, Mapping, Optional, Tuple

from evalkit.data.checksums import sha256_file, source_fingerprint

__all__ = ["code_fingerprint", "data_files", "stale_reasons"]

_PACKAGE = Path(__file__).resolve().parents[1]


def _sha_of_file(path: Path) -> Optional[str]:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def package_fingerprint(package: Path = _PACKAGE) -> str:
    """:func:`evalkit.data.checksums.source_fingerprint` of ``package`` (default: evalkit)."""
    return source_fingerprint(package)


def code_fingerprint(notebook: Path) -> Dict[str, Optional[str]]:
    """``{"notebook": sha256 of the source notebook, "evalkit": package fingerprint}``."""
    return {"notebook": _sha_of_file(Path(notebook)), "evalkit": package_fingerprint()}


def _public_file(name: str) -> Optional[Path]:
    """A public set's file by its manifest path: in the download cache or the mirror."""
    from evalkit.data import public

    mirror = public.mirror_dir()
    for base in (public.data_dir(), Path(mirror) if mirror else None):
        if base is not None and (Path(base) / name).is_file():
            return Path(base) / name
    return None


def data_files(record: Mapping) -> Iterator[Tuple[Path, Optional[str]]]:
    """``(path, sha256)`` of every data file a ``results.json`` record names. The public
    sets record no root (their names are manifest paths): they are looked up in the cache
    and the mirror, and left out when neither is there (nothing to compare with)."""
    prov = record.get("provenance", {}) or {}
    for dataset in prov.get("datasets", []) or []:
        root = dataset.get("root") or ""
        for entry in dataset.get("files", []) or []:
            if isinstance(entry, (list, tuple)) and len(entry) >= 2:
                path = Path(root) / str(entry[0]) if root else _public_file(str(entry[0]))
                if path is not None:
                    yield path, str(entry[1])
    for path, sha in (prov.get("data_checksums", {}) or {}).items():
        yield Path(path), str(sha)


def _changed_data(record: Mapping, finished: float) -> List[str]:
    changed = []
    for path, sha in data_files(record):
        try:
            modified = path.stat().st_mtime
        except OSError:
            changed.append(f"{path.name} is gone")
            continue
        # rebuilt with the same bytes is not a change: check the checksum of newer files only
        if modified > finished and sha_of(path) != sha:
            changed.append(f"{path.name} changed")
    return changed


def sha_of(path: Path) -> Optional[str]:
    try:
        return sha256_file(path)
    except OSError:
        return None


def stale_reasons(status: Mapping, source: Optional[Path], folder: Path) -> List[str]:
    """Why the result in ``folder`` (its ``status.json`` read as ``status``) is older than
    what it came from: ``source`` is the notebook today (None: it no longer exists). Empty
    when the result is current or when the status predates these records."""
    reasons: List[str] = []
    code = status.get("code") or {}
    if source is None or not Path(source).is_file():
        reasons.append("the notebook no longer exists")
    elif code.get("notebook") and code["notebook"] != _sha_of_file(Path(source)):
        reasons.append("the notebook was edited since this run")
    if code.get("evalkit") and code["evalkit"] != package_fingerprint():
        reasons.append("evalkit's code changed since this run")
    finished = status.get("finished")
    if status.get("status") == "ok" and isinstance(finished, (int, float)):
        try:
            record = json.loads((folder / "results.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            record = {}
        changed = _changed_data(record, float(finished))
        if changed:
            more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
            reasons.append("its data changed since this run: " + ", ".join(changed[:3]) + more)
    return reasons
