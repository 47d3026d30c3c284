"""Progress bars that show in JupyterLab and stay silent in headless runs.

``run_all.sh`` sets ``EVALKIT_HEADLESS=1`` for the notebooks it executes; there (and when
``EVALKIT_PROGRESS=0``) :func:`progress` returns the iterable unchanged, so logs of
headless runs stay clean. Interactively it is ``tqdm.auto.tqdm``, a widget in JupyterLab.
"""

from __future__ import annotations

from typing import Iterable, Optional, TypeVar

from evalkit import config

T = TypeVar("T")


def progress_enabled() -> bool:
    """Whether progress bars are shown in this process."""
    return config.progress_enabled()


def progress(
    iterable: Iterable[T], desc: Optional[str] = None, total: Optional[int] = None, **kwargs
) -> Iterable[T]:
    """Wrap ``iterable`` in a progress bar where one is wanted (see module docstring)."""
    if not progress_enabled():
        return iterable
    from tqdm.auto import tqdm

    return tqdm(iterable, desc=desc, total=total, **kwargs)
