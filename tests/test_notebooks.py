"""The notebook smoke tests of every paper, parametrized by paper (tests/_notebook_smoke.py).

Each ``tests/test_notebooks_<paper>.py`` declares ``SMOKE = Smoke(...)`` (the notebooks, the
licensed skip reason and fixture, the paper's own checks) and keeps its paper-specific extra
tests; the tests below run every declaration. Ids are the paper keys, so
``pytest -k "liu2005 and public"`` runs liu2005's public smoke test and
``pytest -k liu2005`` everything of that paper.

The notebook runs are ``slow`` (conftest.py keeps slow tests in one xdist group, so the
kernels of two runs never compete for the same two cores) and share one quick sample
build per session (:func:`conftest.quick_sample`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from _notebook_smoke import notebook_folders, specs

SPECS = specs()
PAPERS = sorted(SPECS)


def _papers(select=lambda spec: True, marks=lambda spec: ()):
    return [
        pytest.param(paper, id=paper, marks=list(marks(SPECS[paper])))
        for paper in PAPERS
        if select(SPECS[paper])
    ]


def test_every_notebook_folder_has_smoke_tests():
    """Every folder of notebooks/ is smoke-tested: by a SMOKE declaration, or (the course,
    whose lessons read no corpus and run with their solutions) by its own module
    tests/test_notebooks_<folder>.py that runs every notebook of the folder."""
    own = {
        f: (Path(__file__).parent / f"test_notebooks_{f}.py").read_text(encoding="utf-8")
        for f in notebook_folders()
        if f not in SPECS and (Path(__file__).parent / f"test_notebooks_{f}.py").is_file()
    }
    missing = sorted(set(notebook_folders()) - set(SPECS) - set(own))
    assert not missing, (
        f"notebook folders without SMOKE in tests/test_notebooks_<paper>.py: {missing}"
    )
    for folder, text in own.items():
        assert "run_paper_notebooks" in text, f"tests/test_notebooks_{folder}.py runs no notebook"


@pytest.mark.parametrize("paper", _papers())
def test_notebooks_exist_and_are_stripped(paper):
    SPECS[paper].exist_and_are_stripped()


@pytest.mark.slow
@pytest.mark.parametrize("paper", _papers())
def test_sample_profile_runs(paper, tmp_path, monkeypatch, quick_sample):
    SPECS[paper].sample_runs(tmp_path, monkeypatch, sample_dir=quick_sample)


@pytest.mark.slow
@pytest.mark.parametrize(
    "paper",
    _papers(marks=lambda spec: [pytest.mark.public] if spec.public_requires is None else []),
)
def test_public_profile_runs(paper, tmp_path, monkeypatch, request, quick_sample):
    SPECS[paper].public_runs(tmp_path, monkeypatch, request, sample_dir=quick_sample)


@pytest.mark.parametrize("paper", _papers())
def test_licensed_profile_is_skipped_without_data(paper, tmp_path, monkeypatch):
    SPECS[paper].licensed_skipped_without_data(tmp_path, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("paper", _papers(select=lambda spec: spec.licensed_fixture is not None))
def test_licensed_profile_runs_on_fixture(paper, tmp_path, monkeypatch, quick_sample):
    SPECS[paper].licensed_runs_on_fixture(tmp_path, monkeypatch, sample_dir=quick_sample)
