"""Progress bars that show in JupyterLab and stay silent in headless runs.

``run_all.sh`` sets ``EVALKIT_HEADLESS=1`` for the notebooks it executes; there (and when
``EVALKIT_PROGRESS=0``) :func:`progress` returns the iterable unchanged, so logs of
headless runs stay clean. Interactively it is ``tqdm.auto.tqdm``, a widget in JupyterLab.
"""
from __future__ import annotations

import os
from typing import Iterable, Optional, TypeVar

T = TypeVar("T")


def progress_enabled() -> bool:
    """Whether progress bars are shown in this process."""
    if os.environ.get("EVALKIT_PROGRESS", "").strip() in ("0", "false", "no"):
        return False
    return os.environ.get("EVALKIT_HEADLESS", "").strip() not in ("1", "true", "yes")


def progress(iterable: Iterable[T], desc: Optional[str] = None, total: Optional[int] = None, **kwargs) -> Iterable[T]:
    """Wrap ``iterable`` in a progress bar where one is wanted (see module docstring)."""
    if not progress_enabled():
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=desc, total=total, **kwargs)
