"""Where evalkit's own files are, and where a run writes.

* :func:`repository_root`: the checkout evalkit is imported from (``data/published``,
  ``notebooks/``, ``data/sample``): the printed tables belong to the code version.
* :func:`working_root`: the checkout a notebook runs in, found from the working directory
  (results go there, never below the installed package, so two checkouts sharing one
  virtual environment do not write into each other).
"""
from __future__ import annotations

from pathlib import Path


def repository_root() -> Path:
    """The checkout evalkit itself is imported from (the folder holding ``pyproject.toml``
    and ``evalkit/``), else the working directory."""
    here = Path(__file__).resolve()
    for parent in here.parents:
        if (parent / "pyproject.toml").is_file() and (parent / "evalkit").is_dir():
            return parent
    return Path.cwd()


def working_root() -> Path:
    """The nearest folder above the working directory holding ``pyproject.toml`` and
    ``notebooks/`` (or ``evalkit/``); else the working directory itself."""
    here = Path.cwd().resolve()
    for folder in (here, *here.parents):
        if (folder / "pyproject.toml").is_file() and ((folder / "notebooks").is_dir() or (folder / "evalkit").is_dir()):
            return folder
    return here


__all__ = ["repository_root", "working_root"]
