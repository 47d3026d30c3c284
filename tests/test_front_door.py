"""The Python front door (issue 26, item 7): the everyday entry points importable from
``evalkit`` without slowing ``import evalkit``, the quick start of README.md and the
documentation run as doctests, and numpydoc sections on the exported functions."""

from __future__ import annotations

import doctest
import importlib
import inspect
import re
import subprocess
import sys
from pathlib import Path

import pytest

import evalkit

ROOT = Path(__file__).resolve().parents[1]
EXPORTS = {
    "get_metric": "evalkit.metrics.registry",
    "available": "evalkit.metrics.registry",
    "correlate": "evalkit.stats.correlation",
    "paired_bootstrap": "evalkit.stats.resampling",
    "approximate_randomization": "evalkit.stats.resampling",
    "williams_test": "evalkit.stats.williams",
    "load_dataset": "evalkit.data.datasets",
}


def test_top_level_exports_are_the_real_functions():
    for name, module in EXPORTS.items():
        value = getattr(evalkit, name)
        assert value.__module__ == module and name in evalkit.__all__
    assert evalkit.load_dataset is importlib.import_module("evalkit.data.datasets").load
    with pytest.raises(AttributeError):
        evalkit.no_such_thing  # noqa: B018


def test_import_evalkit_stays_light():
    code = "import evalkit, sys; print(sorted(m for m in ('pandas', 'scipy', 'numba') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def _quick_start(path: Path) -> str:
    text = path.read_text(encoding="utf-8")
    blocks = re.findall(r"```pycon\n(.*?)```", text, re.S)
    assert len(blocks) == 1, f"{path}: one quick-start block"
    return blocks[0]


@pytest.mark.parametrize("page", ["README.md", "docs/quickstart.md"])
def test_quick_start_runs_as_a_doctest(page):
    source = _quick_start(ROOT / page)
    assert len([line for line in source.splitlines() if line.startswith(">>> ")]) <= 12
    test = doctest.DocTestParser().get_doctest(source, {}, page, page, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
    assert _quick_start(ROOT / "README.md") == _quick_start(ROOT / "docs/quickstart.md")


CLASSES = {
    "BLEU": "evalkit.metrics.bleu",
    "CHRF": "evalkit.metrics.chrf",
    "TER": "evalkit.metrics.ter",
    "ErrorRate": "evalkit.metrics.wer",
    "GTM": "evalkit.metrics.gtm",
    "Score": "evalkit.metrics.base",
}


def _object(name):
    if name in CLASSES:
        return getattr(importlib.import_module(CLASSES[name]), name)
    return getattr(evalkit, name)


@pytest.mark.parametrize("name", sorted(EXPORTS) + sorted(CLASSES))
def test_exported_functions_have_numpydoc_sections(name):
    function = _object(name)
    doc = inspect.getdoc(function) or ""
    sections = ["Examples"]
    if name in EXPORTS:
        sections.append("Returns")
        sections += ["Parameters"] if inspect.signature(function).parameters else []
    for section in sections:
        assert re.search(rf"^{section}\n-{{{len(section)}}}$", doc, re.M), (name, section)
    # and the examples run
    finder = doctest.DocTestFinder()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(function, name, globs={}):
        runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
