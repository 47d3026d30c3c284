"""Every public metric and statistics definition has numpydoc sections whose examples run
(issue 26, item 7).

Public means: a module of ``evalkit.metrics`` or ``evalkit.stats`` whose name does not start
with ``_``, and a function or class defined there whose name does not start with ``_``. Each
needs, in numpydoc layout (a title line underlined with dashes):

* a function: ``Parameters`` (when it takes any), ``Returns`` or ``Yields``, ``Examples``;
* a class: ``Parameters`` or ``Attributes`` (when its constructor takes any), ``Examples``.
  Exception classes need only their docstring.

The examples run as doctests with empty globals (each example imports what it uses, as a
reader pasting it would), ``ELLIPSIS`` and ``NORMALIZE_WHITESPACE`` on. A test per module:
``pytest tests/test_numpydoc.py -k metrics.bleu``.
"""

from __future__ import annotations

import doctest
import importlib
import inspect
import pkgutil
import re

import pytest

import evalkit.metrics
import evalkit.stats

PACKAGES = (evalkit.metrics, evalkit.stats)


def _modules():
    for package in PACKAGES:
        for info in pkgutil.iter_modules(package.__path__):
            if not info.name.startswith("_"):
                yield f"{package.__name__}.{info.name}"


def _public(module):
    for name, value in sorted(vars(module).items()):
        if name.startswith("_") or not (inspect.isfunction(value) or inspect.isclass(value)):
            continue
        if getattr(value, "__module__", None) != module.__name__:
            continue
        yield name, value


def _has(doc: str, section: str) -> bool:
    return re.search(rf"^{section}\n-{{{len(section)}}}$", doc, re.M) is not None


def _takes_arguments(obj) -> bool:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return False
    return any(name not in ("self", "cls") for name in signature.parameters)


def missing_sections(obj) -> list:
    """The numpydoc sections ``obj``'s docstring lacks (empty when complete)."""
    doc = inspect.getdoc(obj) or ""
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        return [] if doc else ["docstring"]
    wanted = []
    if inspect.isclass(obj):
        if _takes_arguments(obj) and not (_has(doc, "Parameters") or _has(doc, "Attributes")):
            wanted.append("Parameters or Attributes")
    else:
        if _takes_arguments(obj) and not _has(doc, "Parameters"):
            wanted.append("Parameters")
        if not (_has(doc, "Returns") or _has(doc, "Yields")):
            wanted.append("Returns")
    if not _has(doc, "Examples"):
        wanted.append("Examples")
    return wanted


@pytest.mark.parametrize("name", sorted(_modules()), ids=lambda n: n.split(".", 1)[1])
def test_public_definitions_have_numpydoc_sections_and_running_examples(name):
    module = importlib.import_module(name)
    gaps = [
        f"{attr}: {', '.join(missing)}"
        for attr, obj in _public(module)
        if (missing := missing_sections(obj))
    ]
    assert not gaps, f"{name}: numpydoc sections missing:\n" + "\n".join(gaps)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for attr, obj in _public(module):
        for test in finder.find(obj, f"{name}.{attr}", globs={}):
            runner.run(test)
    assert runner.summarize(verbose=False).failed == 0, f"{name}: an example failed (see output)"


def test_the_checker_finds_what_is_missing():
    def bare(x):
        """Nothing."""

    def complete(x):
        """Complete.

        Parameters
        ----------
        x : int

        Returns
        -------
        int

        Examples
        --------
        >>> 1
        1
        """

    assert missing_sections(bare) == ["Parameters", "Returns", "Examples"]
    assert missing_sections(complete) == []
