"""Shared pytest fixtures."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def data_mirror() -> Path:
    """The public data mirror (``EVALKIT_DATA_MIRROR``), or skip with the reason."""
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        pytest.skip("EVALKIT_DATA_MIRROR is not set (point it at a copy of shared/data)")
    path = Path(mirror)
    if not path.is_dir():
        pytest.skip(f"EVALKIT_DATA_MIRROR={mirror} is not a directory")
    return path
