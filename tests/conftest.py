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


def run_paper_notebooks(paper, profile, tmp_path, monkeypatch, only=None):
    """Smoke-run a paper's notebooks (quick) through the headless runner in a private
    sample folder; {notebook: run}, and the results folder of the paper."""
    from evalkit.notebook import runner

    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only or [paper]), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / paper


def no_licensed_config(tmp_path, monkeypatch):
    """Unset every licensed-corpus variable and point the config at a missing file."""
    from evalkit.data import licensed

    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def licensed_tides_fixture(tmp_path, monkeypatch):
    """Licensed TIDES 2003 stand-ins: the quick simulated zh/ar evaluations, written in the
    NIST SGML + assessments layout evalkit reads (evaluation.yaml), configured as mtc4 and
    tides2003-ar-en."""
    from evalkit.data import licensed
    from evalkit.data.simulate.build import build_sample

    folder = tmp_path / "licensed"
    built = build_sample(folder, quick=True, corpora=["tides2003ce", "tides2003ae"], jobs=1)
    monkeypatch.setenv(licensed.env_var("mtc4"), str(Path(built["tides2003ce"]) / "evaluation.yaml"))
    monkeypatch.setenv(licensed.env_var("tides2003-ar-en"), str(Path(built["tides2003ae"]) / "evaluation.yaml"))
