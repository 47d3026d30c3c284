"""Shared pytest fixtures, and the rule for tests whose tools or data are missing.

**The rule** (``tests/_requires.py``): when ``CI`` is set, a missing reference tool, model,
data mirror or pinned package is a FAILURE naming what is missing, never a skip. Skip sites
call :func:`_requires.unavailable` or carry the ``requires`` mark; :func:`pytest_runtest_makereport`
turns any other skip under CI into a failure too (an ``importorskip`` or a ``skipif`` that
slipped in).

**Public data** (:func:`public_data`): ``$EVALKIT_DATA_MIRROR``; else the download cache that
``evalkit data fetch all`` fills (``$EVALKIT_DATA``, default the platform cache, see
:func:`evalkit.data.public.data_dir`) when it holds every file of the manifest; else
``../shared/data`` beside the checkout. The folder found is exported as
``EVALKIT_DATA_MIRROR`` for the whole session, so module-level readers and the notebook
kernels the smoke tests start see the same data.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional

import pytest
from hypothesis import settings

from _requires import CI_FAILURE, ci, unavailable

REPO = Path(__file__).resolve().parents[1]
pytest_plugins = ["pytester"]  # tests/test_requires_rule.py runs a child pytest

# Local runs explore new random examples every time (and keep failures in the example
# database); CI runs a fixed, derandomized set, so a submission's CI result is reproducible.
settings.register_profile("ci", derandomize=True, database=None, print_blob=True)
if ci():
    settings.load_profile("ci")


# --------------------------------------------------------------------------- public data
def _has_every_manifest_file(folder: Path) -> bool:
    from evalkit.data import public

    entries = [e for s in public.manifest()["sets"].values() for e in s["files"]]
    return bool(entries) and all((folder / e["path"]).is_file() for e in entries)


def public_data() -> Optional[Path]:
    """Where the tests read the public data sets (see the module docstring), or None."""
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if mirror:
        return Path(mirror)
    from evalkit.data import public

    for folder in (public.data_dir(), REPO.parent / "shared" / "data"):
        if folder.is_dir() and _has_every_manifest_file(folder):
            return folder.resolve()
    return None


def pytest_configure(config):
    config.addinivalue_line(
        "markers",
        "requires(missing): missing is why the test cannot run here, or None "
        "(tests/_requires.py: skip locally, fail under CI)",
    )
    found = public_data()
    if found is not None and not os.environ.get("EVALKIT_DATA_MIRROR"):
        os.environ["EVALKIT_DATA_MIRROR"] = str(found)


def pytest_collection_modifyitems(config, items):
    """Slow tests (notebook kernels, reference tools, browsers) run in one xdist group: with
    ``--dist loadgroup`` (scripts/test.sh) they share one worker, whose notebook runs use both
    cores themselves, while the other worker takes the fast tests."""
    for item in items:
        if item.get_closest_marker("slow") and not item.get_closest_marker("xdist_group"):
            item.add_marker(pytest.mark.xdist_group("slow"))


# --------------------------------------------------------------------------- the CI rule
def pytest_runtest_setup(item):
    for mark in item.iter_markers("requires"):
        if mark.args and mark.args[0]:
            unavailable(mark.args[0])


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    if report.skipped and ci() and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else report.longrepr
        report.outcome = "failed"
        report.longrepr = f"{CI_FAILURE}: {reason}"
    return report


@pytest.fixture(scope="session")
def data_mirror() -> Path:
    """The public data folder (:func:`public_data`); missing: skip, or fail under CI."""
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        unavailable(
            "no public data: set EVALKIT_DATA_MIRROR to a copy of shared/data, or run "
            "`evalkit data fetch all`"
        )
    path = Path(mirror)
    if not path.is_dir():
        unavailable(f"EVALKIT_DATA_MIRROR={mirror} is not a directory")
    return path


@pytest.fixture(scope="session")
def wmt17_systems(data_mirror):
    """The WMT17 en-de submissions of the public mirror: 16 (name, outputs) pairs, then
    ("ref", references)."""
    from evalkit.data.safe_pickle import load

    return load(data_mirror / "wmt17-en-de" / "wmt17_en_de_systems.pkl.bz2")


@pytest.fixture(scope="session")
def wordnet():
    """WordNet 3.0 as evalkit finds it; not installed: skip, or fail under CI."""
    from evalkit.text.wordnet import load_wordnet

    found = load_wordnet(required=False)
    if found is None:
        unavailable("WordNet 3.0 is not installed (Debian wordnet-base)")
    return found


@pytest.fixture(scope="session")
def quick_sample(tmp_path_factory) -> Path:
    """One quick sample folder for the whole session, shared by the xdist workers (the
    simulator builds each corpus once, under a file lock, on first use): the notebook smoke
    tests and the fixtures that write licensed stand-ins read it instead of building their
    own. Never the user's sample folder (``$EVALKIT_SAMPLE_DIR``)."""
    import _notebook_smoke

    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "quick-sample"
    root.mkdir(exist_ok=True)
    _notebook_smoke.SHARED_SAMPLE = root
    return root


@pytest.fixture(scope="session")
def full_sample(tmp_path_factory) -> Path:
    """Full-size DUC 2004, TIDES 2003 and TAC 2008 (seed 20051), built once per session and
    shared by the xdist workers (tests/test_simulate.py checks their original shapes)."""
    from evalkit.atomic import file_lock
    from evalkit.data.simulate import build_sample

    base = tmp_path_factory.getbasetemp()
    root = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "full-sample"
    root.mkdir(exist_ok=True)
    with file_lock(root / ".build.lock"):
        if not (root / ".built").is_file():
            build_sample(root, corpora=["duc2004", "tides2003", "tac2008"], seed=20051, jobs=2)
            (root / ".built").touch()
    return root


@pytest.fixture(scope="module")
def small_mt_sample(quick_sample):
    """(corpus, output frame) of the first 30 segments of the quick tides2003ce sample, from
    the session's quick sample (the user's sample folder is neither read nor rebuilt)."""
    from evalkit.data.mt_views import limit_segments, load_mt_evaluation, output_frame

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("EVALKIT_SAMPLE_DIR", str(quick_sample))
        corpus = limit_segments(load_mt_evaluation("sample", "zh", quick=True), 30)
    return corpus, output_frame(corpus)
