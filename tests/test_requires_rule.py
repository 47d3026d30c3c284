"""The CI rule of tests/conftest.py and tests/_requires.py, on a fake missing tool.

A throw-away test directory gets this repository's ``conftest.py`` and ``_requires.py`` and
four tests whose needs are missing: a reference tool named through the ``requires`` mark, a
model through :func:`_requires.unavailable`, the public data through the ``data_mirror``
fixture (mirror unset, empty download cache), and a package through a bare
``pytest.importorskip`` (caught by the conftest's safety net). The directory is run in a
child pytest twice: without ``CI`` every test is skipped with its reason; with ``CI=true``
every test fails, and the failure names what is missing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

FAKE_TESTS = """
import shutil

import pytest

from _requires import requires, unavailable

TOOL = shutil.which("evalkit-fake-reference-tool")


@requires(None if TOOL else "evalkit-fake-reference-tool is not installed")
def test_reference_tool():
    assert False, "must not run"


def test_model():
    unavailable("the fake model evalkit-fake-model is not installed")


def test_public_data(data_mirror):
    assert False, "must not run"


def test_pinned_package():
    pytest.importorskip("evalkit_fake_pinned_package")


@requires(None)
def test_present_tool_runs():
    assert True
"""

REASONS = {
    "test_reference_tool": "evalkit-fake-reference-tool is not installed",
    "test_model": "evalkit-fake-model is not installed",
    "test_public_data": "no public data",
    "test_pinned_package": "evalkit_fake_pinned_package",
}


@pytest.fixture
def fake_suite(pytester, monkeypatch, tmp_path):
    for name in ("conftest.py", "_requires.py"):
        shutil.copy(HERE / name, pytester.path / name)
    pytester.makepyfile(test_fake=FAKE_TESTS)
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "empty-cache"))
    return pytester


def test_missing_needs_are_skipped_with_the_reason_without_ci(fake_suite, monkeypatch):
    monkeypatch.delenv("CI", raising=False)
    result = fake_suite.runpytest_subprocess("-p", "no:cacheprovider", "-rs")
    result.assert_outcomes(skipped=4, passed=1)
    text = result.stdout.str()
    for reason in REASONS.values():
        assert reason in text, reason


def test_missing_needs_fail_with_the_reason_under_ci(fake_suite, monkeypatch):
    monkeypatch.setenv("CI", "true")
    result = fake_suite.runpytest_subprocess("-p", "no:cacheprovider", "-rfE")
    outcomes = result.parseoutcomes()  # a need missing in set-up (mark, fixture) is an error
    assert outcomes.get("failed", 0) + outcomes.get("errors", 0) == 4, outcomes
    assert outcomes.get("passed") == 1 and "skipped" not in outcomes, outcomes
    assert result.ret != 0
    failed = [line for line in result.stdout.lines if line.startswith(("FAILED", "ERROR"))]
    for test, reason in REASONS.items():
        line = next((line for line in failed if f"::{test}" in line), None)
        assert line is not None and reason in line and "CI" in line, (test, failed)


def test_ci_entry_point_sets_ci_before_the_tests():
    """.ci/run sets CI=true itself (a CI service that does not set it still gets the rule)."""
    lines = [line.strip() for line in (HERE.parent / ".ci" / "run").read_text().splitlines()]
    assert "export CI=true" in lines
    assert lines.index("export CI=true") < lines.index("./scripts/test.sh")
