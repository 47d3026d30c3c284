"""Validation of notebook parameters.

Every notebook has a ``parameters`` cell whose values papermill may override. The first
code cell after it calls :func:`validate_parameters`, which checks each knob and fails with
a :class:`~evalkit.errors.ParameterError` that names the parameter, the value and what was
expected, instead of a confusing failure deep inside the analysis.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Dict, Mapping, Optional

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice  # re-exported for notebooks

PROFILES = ("sample", "public", "licensed")


@dataclass(frozen=True)
class NotebookParameters:
    """The validated common knobs of every notebook, plus its own extras."""

    paper: str
    notebook: str
    profile: str = "sample"
    seed: int = 12345
    quick: bool = False
    results_dir: Optional[Path] = None
    data_dir: Optional[Path] = None
    extra: Dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> Dict[str, Any]:
        out = {
            "paper": self.paper,
            "notebook": self.notebook,
            "profile": self.profile,
            "seed": self.seed,
            "quick": self.quick,
            "results_dir": None if self.results_dir is None else str(self.results_dir),
            "data_dir": None if self.data_dir is None else str(self.data_dir),
        }
        out.update(self.extra)
        return out


def _check_bool(name: str, value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.lower() in ("true", "false", "1", "0", "yes", "no"):
        return value.lower() in ("true", "1", "yes")
    if isinstance(value, int) and value in (0, 1):
        return bool(value)
    raise ParameterError(name, value, "a boolean (True/False)")


def check_int(name: str, value: Any, minimum: Optional[int] = None, maximum: Optional[int] = None) -> int:
    """Return ``value`` as an int, or raise :class:`ParameterError` naming ``name``.

    Unlike the strict check of :mod:`evalkit.stats`, numeric strings are accepted, because
    papermill and command lines may hand a notebook its integers as text.
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParameterError(name, value, "an integer")
    try:
        number = int(value)
    except ValueError:
        raise ParameterError(name, value, "an integer") from None
    if minimum is not None and number < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    if maximum is not None and number > maximum:
        raise ParameterError(name, value, f"an integer <= {maximum}")
    return number


def validate_parameters(
    paper: str,
    notebook: str,
    profile: str = "sample",
    seed: Any = 12345,
    quick: Any = False,
    results_dir: Any = None,
    data_dir: Any = None,
    **extra: Any,
) -> NotebookParameters:
    """Validate a notebook's common parameters and return them as an immutable object.

    ``results_dir`` defaults to ``$EVALKIT_RESULTS_DIR`` when set (``run_all.sh`` sets it
    per notebook), else ``results/<profile>/<paper>/<notebook>`` below the repository.
    """
    check_choice("profile", profile, PROFILES)
    seed = check_int("seed", seed, minimum=0, maximum=2**32 - 1)
    quick = _check_bool("quick", quick)
    if not paper or not isinstance(paper, str):
        raise ParameterError("paper", paper, "a non-empty paper key such as 'graham2015'")
    if not notebook or not isinstance(notebook, str):
        raise ParameterError("notebook", notebook, "a non-empty notebook name")
    if results_dir in (None, ""):
        env = os.environ.get("EVALKIT_RESULTS_DIR")
        results_dir = Path(env) if env else repository_root() / "results" / profile / paper / notebook
    else:
        results_dir = Path(results_dir)
    if data_dir not in (None, ""):
        data_dir = Path(data_dir)
        if not data_dir.is_dir():
            raise ParameterError("data_dir", str(data_dir), "an existing directory")
    else:
        data_dir = None
    return NotebookParameters(
        paper=paper,
        notebook=notebook,
        profile=profile,
        seed=seed,
        quick=quick,
        results_dir=results_dir,
        data_dir=data_dir,
        extra=dict(extra),
    )


def repository_root() -> Path:
    """The checkout evalkit runs from (the folder holding ``pyproject.toml``), else the cwd."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "evalkit").is_dir():
            return parent
    return Path.cwd()


def parameters_from_mapping(values: Mapping[str, Any]) -> NotebookParameters:
    """Validate a mapping (e.g. papermill's injected parameters)."""
    return validate_parameters(**dict(values))
