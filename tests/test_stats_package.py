"""``evalkit.stats`` re-exports the public functions and classes of its toolbox modules from
their own ``__all__`` (one list per module, none in the package), loaded on first use."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest

import evalkit.stats


def _public(module: str):
    names = importlib.import_module(f"evalkit.stats.{module}").__all__
    return [n for n in names if not n.isupper()]


@pytest.mark.parametrize("module", evalkit.stats._REEXPORTED)
def test_every_public_name_of_a_toolbox_module_is_the_package_attribute(module):
    mod = importlib.import_module(f"evalkit.stats.{module}")
    for name in _public(module):
        assert getattr(evalkit.stats, name) is getattr(mod, name), name


def test_star_import_gives_the_re_exported_names_and_no_constant():
    namespace = {}
    exec("from evalkit.stats import *", namespace)
    names = {n for n in namespace if n != "__builtins__"}
    assert names == {n for m in evalkit.stats._REEXPORTED for n in _public(m)}
    assert "correlate" in names and "LEVELS" not in names and "TESTS" not in names


def test_unknown_names_and_constants_are_attribute_errors():
    for name in ("no_such_statistic", "LEVELS", "_private"):
        with pytest.raises(AttributeError):
            getattr(evalkit.stats, name)


def _loaded_after(code: str):
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=300
    )
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


@pytest.mark.parametrize(
    "code",
    [
        "import evalkit.stats",
        "import evalkit.stats\nevalkit.stats.williams_test",
        "from evalkit.stats import correlate, kendall_tau, paired_test",
        "from evalkit.stats import corroboration",
    ],
)
def test_a_re_export_imports_only_the_modules_before_its_own(code):
    loaded = _loaded_after(code)
    assert "pingouin" not in loaded and "evalkit.stats.anova" not in loaded


def test_an_anova_name_loads_anova():
    assert "evalkit.stats.anova" in _loaded_after("from evalkit.stats import tukey_hsd")
