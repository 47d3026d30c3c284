"""Every metric by name: ``get_metric(name, **config)``, ``available()``, ``register_metric``.

One registry of metric builders, as sacrebleu's ``METRICS`` dict: a notebook or paper
module asks for ``get_metric("bleu-mteval")`` or ``get_metric("rouge", method="2",
stem=True)`` instead of importing a class and remembering its preset. A builder is a
:class:`evalkit.metrics.base.Metric` subclass or a function returning one, registered
under a unique name with the :func:`register_metric` decorator; registering a name twice
is an error. Built metrics take references in the protocol's layout (one list of
reference strings per segment) unless their config says ``ref_layout="streams"``.

Configuration is checked before the builder runs: an unknown name or an unknown
parameter raises :class:`evalkit.errors.ParameterError` naming it and listing what is
allowed; values are checked by the metric itself (same error type).

The built-in metrics are registered by the modules that define them; they are imported
on first use of the registry (so ``import evalkit.metrics`` stays cheap).

>>> from evalkit.metrics import get_metric
>>> bleu = get_metric("bleu")
>>> round(bleu.corpus_score(["the cat sat on the mat"], [["the cat sat on the mat"]]).score, 1)
100.0
>>> get_metric("wer").name
'wer'
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any, Callable, Dict, List

from evalkit.errors import ParameterError

__all__ = ["register_metric", "get_metric", "available", "builder"]

#: modules whose import registers the built-in metrics
BUILTIN_MODULES = (
    "evalkit.metrics.bleu",
    "evalkit.metrics.nist",
    "evalkit.metrics.chrf",
    "evalkit.metrics.wer",
    "evalkit.metrics.ter",
    "evalkit.metrics.gtm",
    "evalkit.metrics.meteor",
    "evalkit.metrics.meteor_jar",
    "evalkit.metrics.rouge_variants",
    "evalkit.metrics.relations",
    "evalkit.metrics.similarity",
    "evalkit.metrics.qarla_pool",
    "evalkit.metrics.iscorpus",
    "evalkit.metrics.syntax",
    "evalkit.metrics.dependency",
    "evalkit.metrics.pourpre",
)

_BUILDERS: Dict[str, Callable[..., Any]] = {}
_LOADED = False


def register_metric(name: str) -> Callable:
    """Decorator: register a Metric subclass or a factory returning one under ``name``.

    The builder's keyword parameters are the metric's configuration; the built metric's
    ``name`` attribute is set to ``name``. A second registration of ``name`` raises
    ParameterError naming the builder already registered.
    """
    if not isinstance(name, str) or not name or name != name.strip():
        raise ParameterError("name", name, "a non-empty metric name without surrounding spaces")

    def decorate(builder: Callable) -> Callable:
        if not callable(builder):
            raise ParameterError(
                "builder", builder, "a Metric subclass or a function returning a Metric"
            )
        old = _BUILDERS.get(name)
        if old is not None:
            raise ParameterError(
                "name",
                name,
                f"a name not registered yet (already {old.__module__}.{old.__qualname__})",
            )
        _BUILDERS[name] = builder
        return builder

    return decorate


def _load_builtin() -> None:
    global _LOADED
    if not _LOADED:
        for module in BUILTIN_MODULES:
            importlib.import_module(module)
        _LOADED = True


def available() -> List[str]:
    """The registered metric names, sorted."""
    _load_builtin()
    return sorted(_BUILDERS)


def builder(name: str) -> Callable:
    """The builder registered under ``name`` (ParameterError listing the names if none)."""
    _load_builtin()
    try:
        return _BUILDERS[name]
    except (KeyError, TypeError):
        raise ParameterError("name", name, f"one of the registered metrics {available()}") from None


def _parameters(build: Callable) -> Dict[str, inspect.Parameter]:
    target = build.__init__ if inspect.isclass(build) else build
    params = dict(inspect.signature(target).parameters)
    params.pop("self", None)
    return {
        k: p
        for k, p in params.items()
        if p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    }


def get_metric(name: str, **config: Any):
    """Build the metric registered under ``name`` with ``config`` (keyword settings)."""
    build = builder(name)
    allowed = _parameters(build)
    for key, value in config.items():
        if key not in allowed:
            raise ParameterError(
                key, value, f"a setting of metric {name!r}: one of {sorted(allowed) or 'none'}"
            )
    metric = build(**config)
    metric.name = name
    return metric
