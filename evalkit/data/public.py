"""The public data sets (SPEC 2.2 ``public``): registry, verified download, cache.

Sets (facts in the package file ``public_manifest.json``, copied from the shared
``MANIFEST.json``; every file pinned to a full upstream commit and a SHA-256):

=============== =====================================================================
``summeval``    SummEval (Fabbri et al. 2021) via ``neulab/BARTScore``: 100 CNN/DM test
                documents x 16 systems, 11 references, mean expert ratings (1-5) on
                coherence, consistency, fluency, relevance.
                -> :mod:`evalkit.data.summeval`
``realsumm``    REALSumm (Bhandari et al. 2020): 100 documents x 24 systems with
                LitePyramid recall (``neulab/BARTScore``), the 25-system score
                dictionaries and the SCU presence annotations (``neulab/REALSumm``).
                -> :mod:`evalkit.data.realsumm`
``wmt19-darr``  WMT19 segment-level daRR pairs, gu-en / kk-en / lt-en.
                -> :func:`evalkit.data.wmt.load_wmt19_darr`
``wmt17-en-de`` WMT17 newstest2017 en-de, 16 systems + reference, 3004 segments.
                -> :func:`evalkit.data.wmt.load_wmt17_en_de`
``wmt09-cz-en`` newstest2009 cz-en reference and cmu-combo output in NIST SGML with
                METEOR's ``.scr`` scores (``cmu-mtlab/meteor``).
                -> :func:`evalkit.data.wmt.load_wmt09_cz_en`, :func:`evalkit.data.wmt.load_wmt09_meteor`
=============== =====================================================================

Where files come from, in order:

1. the cache directory :func:`data_dir` -- ``$EVALKIT_DATA`` if set, else the user cache
   directory of ``platformdirs`` (``~/.cache/evalkit/public`` on Linux) -- filled by
   :func:`fetch` (``evalkit data fetch NAME|all``);
2. an offline mirror laid out like the shared ``data`` folder, named by
   ``$EVALKIT_DATA_MIRROR`` (tests and CI), read in place.

Every file's SHA-256 is verified before it is used (a mismatch raises
:class:`ChecksumError`); downloads go to a temporary sibling file and are moved into place
only after verification, so a failed download leaves no partial file. The pickles are
read with :mod:`evalkit.data.safe_pickle` only (:func:`load_pickle`). The loaders of each set
live in their own module beside this one and take files through :func:`locate` and
:func:`load_pickle`; their corpora carry ``licence`` and ``sha256`` (:func:`sha256_meta`) in
``meta``.

Sentences: SummEval, REALSumm and WMT texts are tokenized strings (``"He left . She
stayed ."``), cut with :func:`evalkit.text.sentences.split_tokenized_sentences` (after a
standalone ``.``, ``!`` or ``?`` token and the closing quotes/brackets right after it, on
single spaces only, so ``" ".join(sentences)`` gives back the published string exactly);
REALSumm's score dictionaries mark sentences with ``<t> ... </t>``, which are used instead.
"""

from __future__ import annotations

import hashlib
import json
import urllib.error
import urllib.request
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union


from evalkit import config
from evalkit.data import safe_pickle
from evalkit.data.checksums import sha256_file
from evalkit.atomic import atomic_open, remove_stale_parts
from evalkit.errors import DataNotConfiguredError, EvalkitError, ParameterError

__all__ = [
    "SETS",
    "ChecksumError",
    "DownloadError",
    "manifest",
    "data_dir",
    "mirror_dir",
    "locate",
    "fetch",
    "status",
    "file_entry",
    "load_pickle",
    "sha256_meta",
]

ENV_DATA = "EVALKIT_DATA"
ENV_MIRROR = "EVALKIT_DATA_MIRROR"


class ChecksumError(EvalkitError):
    """A data file's SHA-256 (or size) differs from the pinned value: it is not used."""

    def __init__(
        self, path: Union[str, Path], expected: str, found: str, advice: Optional[str] = None
    ):
        self.path, self.expected, self.found = str(path), expected, found
        advice = advice or "delete it and run `evalkit data fetch` again"
        super().__init__(
            f"{path}: SHA-256 mismatch (expected {expected}, found {found}); the file is corrupt "
            f"or not the pinned upstream version -- {advice}"
        )


def _mirror_advice(relpath: str) -> str:
    """What to do about a bad file in the mirror, which evalkit only reads (it may be a
    read-only shared folder: "delete it" is not the user's to do)."""
    return (
        f"the mirror ${ENV_MIRROR} is read-only to evalkit: ask its keeper to restore the "
        f"file, or unset {ENV_MIRROR} and run `evalkit data fetch {relpath.split('/')[0]}` "
        f"to download a verified copy to {data_dir()}"
    )


class DownloadError(EvalkitError):
    """A download failed (network, HTTP status); nothing was written under the target name."""


# --------------------------------------------------------------------------- registry
@lru_cache(maxsize=1)
def manifest() -> Dict[str, Any]:
    """The pinned registry (package data ``public_manifest.json``)."""
    text = (
        resources.files("evalkit.data").joinpath("public_manifest.json").read_text(encoding="utf-8")
    )
    return json.loads(text)


def _sets() -> Dict[str, Any]:
    return manifest()["sets"]


SETS: Tuple[str, ...] = tuple(manifest()["sets"])


def _check_set(name: str) -> Dict[str, Any]:
    if name not in _sets():
        raise ParameterError("name", name, f"one of {list(_sets())}")
    return _sets()[name]


def file_entry(relpath: str) -> Dict[str, Any]:
    for info in _sets().values():
        for entry in info["files"]:
            if entry["path"] == relpath:
                return entry
    raise ParameterError("path", relpath, "a file listed in evalkit's public manifest")


def url_of(entry: Dict[str, Any]) -> str:
    """The pinned upstream URL of one manifest entry."""
    return manifest()["url_template"].format(**entry)


def data_dir() -> Path:
    """The download cache: ``$EVALKIT_DATA`` or the platform user cache dir + ``/public``."""
    env = config.public_data_dir()
    if env is not None:
        return env
    import platformdirs

    return Path(platformdirs.user_cache_dir("evalkit")) / "public"


def mirror_dir() -> Optional[Path]:
    """The offline mirror named by ``$EVALKIT_DATA_MIRROR``, or None."""
    return config.data_mirror()


# --------------------------------------------------------------------------- verification


def _verify(path: Path, entry: Dict[str, Any], mirror: bool = False) -> None:
    """Raise ChecksumError unless ``path`` has the pinned SHA-256.

    Hashed on every use, never memoized: a memo keyed on size and mtime accepted a
    same-size file changed (and its mtime reset) within one process, and hashing the
    largest public file takes milliseconds."""
    found = sha256_file(path)
    if found != entry["sha256"]:
        raise ChecksumError(
            path, entry["sha256"], found, _mirror_advice(entry["path"]) if mirror else None
        )


def locate(relpath: str) -> Path:
    """Path of a verified copy of manifest file ``relpath`` (cache first, then mirror).

    Raises :class:`DataNotConfiguredError` when neither has it and :class:`ChecksumError`
    when the copy found is corrupt.
    """
    entry = file_entry(relpath)
    candidates = [data_dir() / relpath]
    mirror = mirror_dir()
    if mirror is not None:
        candidates.append(mirror / relpath)
    for k, path in enumerate(candidates):
        if path.is_file():
            _verify(path, entry, mirror=k > 0)
            return path
    name = relpath.split("/")[0]
    raise DataNotConfiguredError(
        f"public data file {relpath}",
        f"run `evalkit data fetch {name}` (downloads to {data_dir()}) or set {ENV_MIRROR} "
        "to a local copy laid out like the shared data folder",
    )


def _store_verified(
    blocks: Iterable[bytes],
    target: Path,
    entry: Dict[str, Any],
    label: str,
    advice: Optional[str] = None,
) -> None:
    """Write ``blocks`` to ``target`` through a temporary sibling, moved into place only
    when the SHA-256 matches; on any failure nothing is left under either name."""
    digest = hashlib.sha256()
    with atomic_open(target, "wb") as out:
        for block in blocks:
            digest.update(block)
            out.write(block)
        if digest.hexdigest() != entry["sha256"]:
            raise ChecksumError(
                label,
                entry["sha256"],
                digest.hexdigest(),
                advice or f"nothing was written to {target}",
            )


def _download(
    url: str,
    target: Path,
    entry: Dict[str, Any],
    opener: Callable[..., Any] = urllib.request.urlopen,
) -> None:
    def blocks() -> Iterator[bytes]:
        try:
            with opener(url, timeout=60) as response:
                yield from iter(lambda: response.read(1 << 20), b"")
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise DownloadError(f"download of {url} failed: {exc}") from None

    _store_verified(blocks(), target, entry, url)


def _copy_verified(source: Path, target: Path, entry: Dict[str, Any]) -> None:
    def blocks() -> Iterator[bytes]:
        with open(source, "rb") as handle:
            yield from iter(lambda: handle.read(1 << 20), b"")

    _store_verified(blocks(), target, entry, str(source), _mirror_advice(entry["path"]))


def fetch(
    name: str,
    force: bool = False,
    log: Optional[Callable[[str], None]] = None,
    opener: Callable[..., Any] = urllib.request.urlopen,
) -> List[Path]:
    """Put every file of set ``name`` (or ``"all"``) into :func:`data_dir`, verified.

    A file already cached with the right checksum is kept (unless ``force``); with
    ``$EVALKIT_DATA_MIRROR`` set, files are copied from the mirror instead of downloaded.
    Returns the cached paths. ``opener`` is the URL opener (tests pass a fake one).
    """
    names = list(_sets()) if name == "all" else [name]
    paths: List[Path] = []
    for set_name in names:
        info = _check_set(set_name)
        for entry in info["files"]:
            target = data_dir() / entry["path"]
            remove_stale_parts(target)  # left by a killed fetch
            if target.is_file() and not force:
                try:
                    _verify(target, entry)
                    paths.append(target)
                    continue
                except ChecksumError:
                    if log:
                        log(f"{target}: checksum mismatch, fetching again")
            mirror = mirror_dir()
            if mirror is not None and (mirror / entry["path"]).is_file():
                if log:
                    log(f"copy {mirror / entry['path']} -> {target}")
                _copy_verified(mirror / entry["path"], target, entry)
            else:
                url = url_of(entry)
                if log:
                    log(f"download {url} -> {target}")
                _download(url, target, entry, opener)
            paths.append(target)
    return paths


def status(name: str) -> List[Dict[str, str]]:
    """Per file of set ``name``: where it is found (``cache``/``mirror``/``missing``) and
    whether its checksum is ``ok`` or ``corrupt``."""
    rows = []
    for entry in _check_set(name)["files"]:
        where, state = "missing", ""
        for label, base in (("cache", data_dir()), ("mirror", mirror_dir())):
            if base is not None and (base / entry["path"]).is_file():
                where = label
                try:
                    _verify(base / entry["path"], entry, mirror=label == "mirror")
                    state = "ok"
                except ChecksumError:
                    state = "corrupt"
                break
        rows.append({"set": name, "path": entry["path"], "where": where, "state": state})
    return rows


def load_pickle(relpath: str) -> Any:
    """Unpickle the very bytes whose SHA-256 was checked (read once: a file replaced
    between the check and the read cannot slip through)."""
    path = locate(relpath)
    data = path.read_bytes()
    found = hashlib.sha256(data).hexdigest()
    if found != file_entry(relpath)["sha256"]:
        raise ChecksumError(path, file_entry(relpath)["sha256"], found)
    return safe_pickle.loads(data, str(path))


def sha256_meta(*relpaths: str) -> Dict[str, str]:
    """``{relpath: pinned SHA-256}`` for a corpus's ``meta["sha256"]``."""
    return {p: file_entry(p)["sha256"] for p in relpaths}
