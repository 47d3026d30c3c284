"""Shared pytest fixtures."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import settings

REPO = Path(__file__).resolve().parents[1]

# Local runs explore new random examples every time (and keep failures in the example
# database); CI runs a fixed, derandomized set, so a submission's CI result is reproducible.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if os.environ.get("CI"):
    settings.load_profile("ci")


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


@pytest.fixture(scope="module")
def small_mt_sample(tmp_path_factory):
    """(corpus, output frame) of the first 30 segments of the quick tides2003ce sample,
    built in a private folder (the shared sample folder is neither read nor rebuilt)."""
    from evalkit.data.mt_views import limit_segments, load_mt_evaluation, output_frame

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path_factory.mktemp("sample")))
        corpus = limit_segments(load_mt_evaluation("sample", "zh", quick=True), 30)
    return corpus, output_frame(corpus)
