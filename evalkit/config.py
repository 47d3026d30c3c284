"""evalkit's configuration from the environment: the ONE module that reads ``os.environ``.

Every environment variable evalkit honours is declared in :data:`VARIABLES` (name ->
what it configures) and read through :func:`get` (or one of the named accessors below,
which return typed values). A name that is not declared is a programming error
(:class:`~evalkit.errors.ParameterError`), so a new variable cannot be read without being
documented here. ``tests/test_layers_data.py`` checks that no other module of evalkit
reads the environment.

=========================== ==============================================================
variable                    configures
=========================== ==============================================================
``EVALKIT_DATA``            download cache of the public sets (:mod:`evalkit.data.public`)
``EVALKIT_DATA_MIRROR``     offline mirror of the public sets, read in place
``EVALKIT_SAMPLE_DIR``      where the simulated sample corpora are built
``EVALKIT_PUBLISHED_DIR``   the printed tables (default ``data/published`` of the checkout)
``EVALKIT_CONFIG``          the YAML file locating the licensed corpora
``EVALKIT_<CORPUS>``        one licensed corpus, e.g. ``EVALKIT_DUC2004``, ``EVALKIT_MTC4``,
                            ``EVALKIT_HONG2014`` (:func:`licensed_variable`)
``EVALKIT_RESULTS_DIR``     where one notebook writes its results
``EVALKIT_PROFILE``         the data profile a notebook run was started with
``EVALKIT_SCALE``           ``full``: notebooks use the paper's sizes (``run_all.sh --full``)
``EVALKIT_CACHE_DIR``       evalkit's cache (ROUGE data directory)
``EVALKIT_WORDNET``         a WordNet database directory
``EVALKIT_METEOR_JAR``      the METEOR 1.5 jar
``EVALKIT_PROGRESS``        ``0``/``false``/``no`` hides progress bars
``EVALKIT_HEADLESS``        ``1``/``true``/``yes``: a headless run (no progress bars)
``EVALKIT_SCHEDULER``       address of a dask.distributed scheduler (:mod:`evalkit.stats.distributed`)
``JAVA_HOME``               the Java installation running the METEOR jar
``ROUGE_EVAL_HOME``         ROUGE-1.5.5's data directory (``-e``), as the Perl script reads it
``RED_EVAL_HOME``           the same, older spelling
``CI``                      set by CI services: tests run derandomized
=========================== ==============================================================

An empty value counts as unset. Nothing is cached: tests change variables with
``monkeypatch.setenv`` and the next call sees the change.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Dict, Mapping, Optional

from evalkit.errors import ParameterError

__all__ = [
    "VARIABLES",
    "get",
    "path",
    "licensed_variable",
    "licensed_value",
    "environment",
    "public_data_dir",
    "data_mirror",
    "sample_dir",
    "published_dir",
    "licensed_config_file",
    "results_dir",
    "profile",
    "cache_dir",
    "wordnet_dir",
    "meteor_jar",
    "java_home",
    "rouge_eval_home",
    "progress_enabled",
    "ci",
    "repository_root",
    "working_root",
]

VARIABLES: Dict[str, str] = {
    "EVALKIT_DATA": "download cache of the public data sets",
    "EVALKIT_DATA_MIRROR": "offline mirror of the public data sets (laid out like the shared data folder)",
    "EVALKIT_SAMPLE_DIR": "where the simulated sample corpora are built",
    "EVALKIT_PUBLISHED_DIR": "folder of the printed tables (default data/published of the checkout)",
    "EVALKIT_CONFIG": "YAML file locating the licensed corpora",
    "EVALKIT_RESULTS_DIR": "results folder of one notebook run",
    "EVALKIT_PROFILE": "data profile of a notebook run (sample, public, licensed)",
    "EVALKIT_SCALE": "full: notebooks use the paper's sizes and replication counts (run_all.sh --full)",
    "EVALKIT_CACHE_DIR": "evalkit's cache directory",
    "EVALKIT_WORDNET": "a WordNet database directory",
    "EVALKIT_METEOR_JAR": "the METEOR 1.5 jar",
    "EVALKIT_PROGRESS": "0/false/no hides progress bars",
    "EVALKIT_HEADLESS": "1/true/yes marks a headless run (no progress bars)",
    "EVALKIT_SCHEDULER": "address of a dask.distributed scheduler, e.g. tcp://host:8786 (default: a local cluster)",
    "JAVA_HOME": "Java installation running the METEOR jar",
    "ROUGE_EVAL_HOME": "ROUGE-1.5.5 data directory (-e)",
    "RED_EVAL_HOME": "ROUGE-1.5.5 data directory (-e), older spelling",
    "CI": "set by CI services",
}

_LICENSED = re.compile(r"^EVALKIT_[A-Z0-9_]+$")


def licensed_variable(corpus: str) -> str:
    """The variable naming licensed corpus ``corpus``: ``EVALKIT_`` + the name upper-cased,
    ``-`` -> ``_`` (``tides2003-ar-en`` -> ``EVALKIT_TIDES2003_AR_EN``)."""
    return "EVALKIT_" + str(corpus).upper().replace("-", "_")


def get(name: str, environ: Optional[Mapping[str, str]] = None) -> Optional[str]:
    """The value of declared variable ``name`` (None when unset or empty).

    ``name`` must be in :data:`VARIABLES` or be a licensed-corpus variable (read those
    through :func:`licensed_value`, which builds the name)."""
    if name not in VARIABLES and not _LICENSED.match(str(name)):
        raise ParameterError(
            "name",
            name,
            f"an environment variable declared in evalkit.config ({sorted(VARIABLES)})",
        )
    value = (os.environ if environ is None else environ).get(name)
    return value if value else None


def path(name: str) -> Optional[Path]:
    """Variable ``name`` as a path (``~`` expanded), or None when unset."""
    value = get(name)
    return Path(value).expanduser() if value is not None else None


def licensed_value(corpus: str) -> Optional[str]:
    """The value of ``EVALKIT_<CORPUS>`` (a directory, or a YAML file for MT corpora), or None."""
    return get(licensed_variable(corpus))


def environment() -> Dict[str, str]:
    """A copy of the whole environment, for starting a child process (notebook runner)."""
    return dict(os.environ)


# --------------------------------------------------------------------------- named accessors
def full_scale() -> bool:
    """``$EVALKIT_SCALE`` is ``full``: notebooks run at the paper's sizes (``--full``).

    Unset or empty: the default sizes. Any other value is refused, so that a typo does not
    silently run the default sizes."""
    value = get("EVALKIT_SCALE")
    if value is None:
        return False
    if value.strip().lower() != "full":
        raise ParameterError("EVALKIT_SCALE", value, "'full' or unset")
    return True


def public_data_dir() -> Optional[Path]:
    """``$EVALKIT_DATA``: the public sets' download cache (None: the platform default)."""
    return path("EVALKIT_DATA")


def data_mirror() -> Optional[Path]:
    """``$EVALKIT_DATA_MIRROR``: an offline copy of the public sets, or None."""
    return path("EVALKIT_DATA_MIRROR")


def sample_dir() -> Optional[Path]:
    """``$EVALKIT_SAMPLE_DIR``: where the sample corpora are built, or None (the default)."""
    return path("EVALKIT_SAMPLE_DIR")


def published_dir() -> Optional[Path]:
    """``$EVALKIT_PUBLISHED_DIR``, or None (``data/published`` of the checkout)."""
    return path("EVALKIT_PUBLISHED_DIR")


def licensed_config_file() -> Optional[Path]:
    """``$EVALKIT_CONFIG``: the licensed-data YAML file, or None (the user config dir)."""
    return path("EVALKIT_CONFIG")


def scheduler() -> Optional[str]:
    """``$EVALKIT_SCHEDULER``: a dask.distributed scheduler address, or None (a local cluster)."""
    return get("EVALKIT_SCHEDULER")


def results_dir() -> Optional[Path]:
    """``$EVALKIT_RESULTS_DIR``: the folder one notebook run writes to, or None."""
    return path("EVALKIT_RESULTS_DIR")


def profile() -> Optional[str]:
    """``$EVALKIT_PROFILE``: the data profile the runner started a notebook with, or None."""
    return get("EVALKIT_PROFILE")


def cache_dir() -> Optional[Path]:
    """``$EVALKIT_CACHE_DIR``: evalkit's cache, or None (the platform user cache)."""
    return path("EVALKIT_CACHE_DIR")


def wordnet_dir() -> Optional[Path]:
    """``$EVALKIT_WORDNET``: a WordNet database directory, or None."""
    return path("EVALKIT_WORDNET")


def meteor_jar() -> Optional[Path]:
    """``$EVALKIT_METEOR_JAR``: the METEOR 1.5 jar, or None."""
    return path("EVALKIT_METEOR_JAR")


def java_home() -> Optional[Path]:
    """``$JAVA_HOME``, or None."""
    return path("JAVA_HOME")


def rouge_eval_home() -> Optional[str]:
    """``$ROUGE_EVAL_HOME``, else ``$RED_EVAL_HOME`` (the order ROUGE-1.5.5.pl uses), or None."""
    return get("ROUGE_EVAL_HOME") or get("RED_EVAL_HOME")


_FALSE = ("0", "false", "no")
_TRUE = ("1", "true", "yes")


def progress_enabled() -> bool:
    """False when ``EVALKIT_PROGRESS`` is 0/false/no or ``EVALKIT_HEADLESS`` is 1/true/yes."""
    if (get("EVALKIT_PROGRESS") or "").strip().lower() in _FALSE:
        return False
    return (get("EVALKIT_HEADLESS") or "").strip().lower() not in _TRUE


def ci() -> bool:
    """Whether a CI service runs this process (``$CI`` set)."""
    return get("CI") is not None


def repository_root() -> Path:
    """The checkout evalkit itself is imported from (the folder holding ``pyproject.toml``
    and ``evalkit/``), else the current directory: ``data/published``, ``notebooks/`` and
    the sample corpora belong to the code version."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "evalkit").is_dir():
            return parent
    return Path.cwd()


def working_root() -> Path:
    """The checkout a notebook runs in: the nearest folder above the working directory
    holding ``pyproject.toml`` and ``notebooks/`` (or ``evalkit/``), else the working
    directory. Results go there, never below the installed package, so two checkouts
    sharing one virtual environment do not write into each other."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and (
            (folder / "notebooks").is_dir() or (folder / "evalkit").is_dir()
        ):
            return folder
    return here
