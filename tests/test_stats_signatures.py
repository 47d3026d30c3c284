"""Forwarded keywords are declared once and shown in the signature of every function that
forwards them (``evalkit.stats._shared.show_options``): ``help()`` and JupyterLab's tooltip
list them, and each keyword a signature shows is one the function takes."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import numpy as np
import pytest

import evalkit.stats
from evalkit.stats import correlation, qarla
from evalkit.stats.qarla_synthetic import point_clouds

#: forwarding to one of several tests whose keywords differ: documented, not shown
VARIADIC = {
    "evalkit.stats.pairwise.pairwise_tests",
    "evalkit.stats.pairwise.significance_decisions",
}


def _public_functions():
    for info in pkgutil.iter_modules(evalkit.stats.__path__):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"evalkit.stats.{info.name}")
        for name, obj in vars(module).items():
            if (
                not name.startswith("_")
                and inspect.isfunction(obj)
                and obj.__module__ == module.__name__
            ):
                yield f"{module.__name__}.{name}", obj


def test_no_public_statistic_hides_its_keywords_behind_a_catch_all():
    hidden = [
        name
        for name, f in _public_functions()
        if name not in VARIADIC
        and any(p.kind is p.VAR_KEYWORD for p in inspect.signature(f).parameters.values())
    ]
    assert not hidden, f"**options not shown in the signature of {hidden}"


SIMPLE_QARLA = [
    f
    for f in qarla.SHOWN_OPTIONS
    if [
        p.name
        for p in inspect.signature(f).parameters.values()
        if p.default is p.empty and p.kind is not p.KEYWORD_ONLY
    ]
    == ["similarities"]
]


@pytest.mark.parametrize("function", SIMPLE_QARLA, ids=lambda f: f.__name__)
def test_each_shown_qarla_option_is_taken_and_no_other(function):
    _, sims, roles = point_clouds(2, 4, 3, 2, seed=0)
    shown = qarla.SHOWN_OPTIONS[function].split()
    params = inspect.signature(function).parameters
    for name in shown:
        assert params[name].default == qarla.OPTIONS[name][0]
        function(sims, roles, **{name: qarla.OPTIONS[name][0]})
    for name in set(qarla.OPTIONS) - set(shown):
        with pytest.raises(TypeError, match=name):
            function(sims, roles, **{name: qarla.OPTIONS[name][0]})


def test_bootstrap_ci_takes_each_keyword_it_shows():
    rng = np.random.default_rng(0)
    x, y = rng.normal(size=(4, 6)), rng.normal(size=(4, 6))
    params = inspect.signature(correlation.bootstrap_ci).parameters
    base = correlation.bootstrap_ci(x, y, n_resamples=20)
    for name, p in params.items():
        if p.kind is p.KEYWORD_ONLY and name != "n_resamples":
            assert correlation.bootstrap_ci(x, y, n_resamples=20, **{name: p.default}) == base
    with pytest.raises(TypeError, match="resamples"):
        correlation.bootstrap_ci(x, y, resamples=20)
