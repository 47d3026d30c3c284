"""evalkit: exact, fast reproductions of the classic MT and summarization evaluation research.

The package holds the metrics (:mod:`evalkit.metrics`), the meta-evaluation statistics
(:mod:`evalkit.stats`), the data model and loaders (:mod:`evalkit.data`), text processing
shared by the metrics (:mod:`evalkit.text`) and the notebook support
(:mod:`evalkit.notebook`). Notebooks under ``notebooks/`` only orchestrate these.

The everyday entry points are importable from the top level (each loaded on first use):
:func:`get_metric` and :func:`available` (the metric registry,
:mod:`evalkit.metrics.registry`), :func:`correlate` (:mod:`evalkit.stats.correlation`),
:func:`paired_bootstrap` and :func:`approximate_randomization`
(:mod:`evalkit.stats.resampling`), :func:`williams_test` (:mod:`evalkit.stats.williams`)
and :func:`load_dataset` (:func:`evalkit.data.datasets.load`: a data set by key and
profile).

>>> import evalkit
>>> bleu = evalkit.get_metric("bleu")
>>> float(bleu.corpus_score(["the cat sat on the mat"], [["the cat sat on the mat"]]))
100.0
"""

from evalkit.errors import (
    DataNotConfiguredError,
    EvalkitError,
    InputFormatError,
    ParameterError,
)

#: the package version (semantic versioning; see CHANGELOG.md). Every metric signature ends
#: with it, so it changes whenever a change can alter a score: the patch number for fixes
#: that leave every number as it was, the minor number (the major from 1.0 on) for any
#: change of a computed value, a default or a public interface. pyproject.toml reads it
#: from here.
__version__ = "0.7.0"

#: the everyday entry points, imported on first use (``import evalkit`` stays light):
#: name -> "module:attribute"
_EXPORTS = {
    "get_metric": "evalkit.metrics.registry:get_metric",
    "available": "evalkit.metrics.registry:available",
    "correlate": "evalkit.stats.correlation:correlate",
    "paired_bootstrap": "evalkit.stats.resampling:paired_bootstrap",
    "approximate_randomization": "evalkit.stats.resampling:approximate_randomization",
    "williams_test": "evalkit.stats.williams:williams_test",
    "load_dataset": "evalkit.data.datasets:load",
}

__all__ = [
    "__version__",
    *_EXPORTS,
    "EvalkitError",
    "InputFormatError",
    "ParameterError",
    "DataNotConfiguredError",
]


def __getattr__(name: str):
    target = _EXPORTS.get(name)
    if target is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    import importlib

    module, _, attribute = target.partition(":")
    value = getattr(importlib.import_module(module), attribute)
    globals()[name] = value  # next time without __getattr__
    return value


def __dir__():
    return sorted(set(globals()) | set(_EXPORTS))
