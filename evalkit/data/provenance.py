"""Provenance of a loaded corpus: which files, their SHA-256, and what the data stand in for.

Every corpus returned by :func:`evalkit.data.datasets.load` carries one
:class:`Provenance` record, stored JSON-native in ``corpus.meta["provenance"]``
(:data:`META_KEY`) so that it survives :meth:`save` / :func:`load_corpus` and
``subset()``, and read back as an object with ``corpus.provenance``
(:func:`provenance_of`). Layout of the record::

    dataset        registry key                     "duc2004", "summeval", "mtc4"
    profile        data profile                     "sample" | "public" | "licensed"
    source         where the data come from         "REALSumm (Bhandari et al. 2020) ..."
    stands_in_for  what the data replace, "" when   "DUC 2004 task 2 (NIST, licensed)"
                   they are the original
    root           folder the file names are        "/data/duc2004_results"
                   relative to
    files          one FileRecord per file read:    (name, path, sha256, size)
                   name relative to root, sorted
    options        the loader's keyword arguments   {"quick": true}
    licence        the data's licence, where known

:attr:`Provenance.digest` is the SHA-256 of the lines ``name<TAB>sha256`` of every file
(sorted by name, UTF-8, newline-terminated): one value that is the same on every machine
holding the same bytes, whatever the folder they sit in.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Iterable, List, Mapping, Optional, Tuple, Union

from evalkit.data.checksums import sha256_files
from evalkit.errors import InputFormatError, ParameterError

__all__ = [
    "META_KEY",
    "PROFILES",
    "FileRecord",
    "Provenance",
    "file_records",
    "record_provenance",
    "provenance_of",
]

#: The key of ``corpus.meta`` that holds the provenance record.
META_KEY = "provenance"
#: The data profiles (SPEC 2.2): simulated, public downloads, the user's licensed copies.
PROFILES: Tuple[str, ...] = ("sample", "public", "licensed")

PathLike = Union[str, Path]


@dataclass(frozen=True)
class FileRecord:
    """One file a corpus was read from: ``name`` relative to the provenance root, the
    absolute ``path`` on this machine, its SHA-256 and size in bytes."""

    name: str
    path: str
    sha256: str
    size: int


@dataclass(frozen=True)
class Provenance:
    """Where a corpus came from (see the module docstring for the fields)."""

    dataset: str
    profile: str
    source: str
    files: Tuple[FileRecord, ...]
    root: str = ""
    stands_in_for: str = ""
    options: Mapping[str, Any] = field(default_factory=dict)
    licence: str = ""

    def __post_init__(self) -> None:
        if self.profile not in PROFILES:
            raise ParameterError("profile", self.profile, f"one of {PROFILES}")
        if not self.dataset or not isinstance(self.dataset, str):
            raise ParameterError("dataset", self.dataset, "a non-empty data set key")

    @property
    def digest(self) -> str:
        """SHA-256 over ``name<TAB>sha256`` lines of every file, sorted by name."""
        lines = "".join(f"{f.name}\t{f.sha256}\n" for f in sorted(self.files, key=lambda f: f.name))
        return hashlib.sha256(lines.encode("utf-8")).hexdigest()

    def checksums(self) -> Dict[str, str]:
        """``{name: sha256}`` of every file, names relative to the root (the same on every
        machine; for the public sets the manifest paths, e.g. ``summeval/data.pkl``)."""
        return {f.name: f.sha256 for f in self.files}

    def paths(self) -> List[Path]:
        """The files read, as paths on this machine."""
        return [Path(f.path) for f in self.files]

    def describe(self) -> str:
        """One line for a notebook: data set, profile, stand-in, file count and digest."""
        stand = f", standing in for {self.stands_in_for}" if self.stands_in_for else ""
        return (
            f"{self.dataset} ({self.profile}{stand}): {self.source}; {len(self.files)} file(s), "
            f"SHA-256 digest {self.digest[:16]}"
        )

    def to_dict(self) -> Dict[str, Any]:
        """The JSON-native form stored in ``corpus.meta["provenance"]``."""
        return {
            "dataset": self.dataset,
            "profile": self.profile,
            "source": self.source,
            "root": self.root,
            "stands_in_for": self.stands_in_for,
            "options": dict(self.options),
            "licence": self.licence,
            "digest": self.digest,
            "files": [[f.name, f.path, f.sha256, f.size] for f in self.files],
        }

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], where: str = "corpus.meta['provenance']"
    ) -> "Provenance":
        """The inverse of :meth:`to_dict`; a malformed record raises InputFormatError."""
        try:
            files = tuple(
                FileRecord(str(n), str(p), str(s), int(z)) for n, p, s, z in data["files"]
            )
            out = cls(
                dataset=data["dataset"],
                profile=data["profile"],
                source=data["source"],
                files=files,
                root=data.get("root", ""),
                stands_in_for=data.get("stands_in_for", ""),
                options=dict(data.get("options", {})),
                licence=data.get("licence", ""),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise InputFormatError(
                None,
                None,
                f"a provenance record at {where} (dataset, profile, source, "
                "files as [name, path, sha256, size])",
                found=str(exc),
            ) from None
        if "digest" in data and data["digest"] != out.digest:
            raise InputFormatError(
                None,
                None,
                f"the digest recorded at {where} to match its files",
                found=str(data["digest"]),
            )
        return out


def file_records(
    files: Iterable[Union[PathLike, Tuple[str, PathLike]]], root: Optional[PathLike] = None
) -> Tuple[FileRecord, ...]:
    """One :class:`FileRecord` per file (duplicates removed, sorted by name). ``files``
    holds paths, or ``(name, path)`` pairs naming a file explicitly (e.g. its manifest
    path); a path's name is relative to ``root`` where it lies below it, else the file
    name. A missing file raises InputFormatError."""
    base = Path(root).resolve() if root is not None else None
    named: Dict[Path, Optional[str]] = {}
    for item in files:
        name, path = (item[0], Path(item[1])) if isinstance(item, tuple) else (None, Path(item))
        named.setdefault(path, name)
    for p in named:
        if not p.is_file():
            raise InputFormatError(p, None, "an existing data file to record in the provenance")
    sums = sha256_files(named)
    records = []
    for p, name in named.items():
        resolved = p.resolve()
        if name is None:
            try:
                name = resolved.relative_to(base).as_posix() if base is not None else p.name
            except ValueError:
                name = p.name
        records.append(FileRecord(name, str(resolved), sums[str(p)], resolved.stat().st_size))
    return tuple(sorted(records, key=lambda r: (r.name, r.path)))


def _json_native(options: Mapping[str, Any]) -> Dict[str, Any]:
    """Loader options as JSON values (tuples become lists; objects such as a corpus passed
    as an option are recorded by type and name)."""

    def describe(value: Any) -> str:
        name = getattr(value, "name", None)
        return f"<{type(value).__name__}{f' {name}' if isinstance(name, str) else ''}>"

    return json.loads(json.dumps(dict(options), default=describe, sort_keys=True))


def record_provenance(
    corpus: Any,
    dataset: str,
    profile: str,
    source: str,
    files: Iterable[Union[PathLike, Tuple[str, PathLike]]],
    root: Optional[PathLike] = None,
    stands_in_for: str = "",
    options: Optional[Mapping[str, Any]] = None,
    licence: str = "",
) -> Provenance:
    """Hash ``files``, build the :class:`Provenance` and store it in ``corpus.meta``;
    returns the record (``options`` are stored as JSON values, see :func:`_json_native`)."""
    record = Provenance(
        dataset=dataset,
        profile=profile,
        source=source,
        files=file_records(files, root),
        root=str(Path(root).resolve()) if root is not None else "",
        stands_in_for=stands_in_for,
        options=_json_native(options or {}),
        licence=licence,
    )
    corpus.meta[META_KEY] = record.to_dict()
    return record


def provenance_of(corpus: Any) -> Optional[Provenance]:
    """The provenance record of ``corpus`` (None when it was not loaded through the
    registry, e.g. built in memory)."""
    data = (getattr(corpus, "meta", None) or {}).get(META_KEY)
    return None if data is None else Provenance.from_dict(data)
