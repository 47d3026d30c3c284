"""Start-up cost by what is imported, never by wall clock (that is in
``benchmarks/bench_startup.py``): the registry is lazy (name -> "module:attribute"), and
the entry points a user meets first do not import the heavy libraries."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

from evalkit.metrics import registry

HEAVY = ("nltk", "sklearn", "spacy", "scipy.stats", "pandas", "numba", "matplotlib")


def _imported_after(code: str):
    """The HEAVY modules in sys.modules after running ``code`` in a fresh interpreter."""
    probe = (
        f"{code}\nimport json, sys\nprint(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300
    )
    return json.loads(out.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize(
    "code",
    [
        "import evalkit",
        "import evalkit.metrics",
        "from evalkit.metrics import available; available()",
        "from evalkit.cli import build_parser; build_parser()",
        # one sentence scored: counted in Python, numba is not loaded
        "from evalkit.metrics import get_metric\n"
        "get_metric('bleu').sentence_scores(['the cat sat'], [['the cat sat on the mat']])",
    ],
)
def test_entry_points_do_not_import_heavy_libraries(code):
    assert _imported_after(code) == []


def test_parsers_and_tree_metrics_import_nltk_only_when_trees_are_built():
    code = "import evalkit.text.parse, evalkit.metrics.syntax, evalkit.metrics.dependency"
    assert not {"nltk", "sklearn", "spacy", "scipy.stats"} & set(_imported_after(code))


def test_builtin_table_names_the_registered_builders():
    # importing a built-in module registers exactly the builders the lazy table names
    modules = {target.partition(":")[0] for target in registry.BUILTIN.values()}
    for module in modules:
        importlib.import_module(module)
    registered = {
        name: f"{b.__module__}:{b.__qualname__}"
        for name, b in registry._BUILDERS.items()
        if b.__module__ in modules
    }
    assert registered == registry.BUILTIN
    for name, target in registry.BUILTIN.items():
        module, _, attribute = target.partition(":")
        assert registry.builder(name) is getattr(importlib.import_module(module), attribute)


def test_a_builtin_name_cannot_be_taken_by_another_builder():
    from evalkit.errors import ParameterError

    with pytest.raises(ParameterError, match="built in: evalkit.metrics.bleu.sacrebleu_bleu"):
        saved = dict(registry._BUILDERS)
        registry._BUILDERS.pop("bleu", None)
        try:
            registry.register_metric("bleu")(lambda: None)
        finally:
            registry._BUILDERS.clear()
            registry._BUILDERS.update(saved)
