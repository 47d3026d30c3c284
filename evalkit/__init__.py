"""evalkit: exact, fast reproductions of the classic MT and summarization evaluation research.

The package holds the metrics (:mod:`evalkit.metrics`), the meta-evaluation statistics
(:mod:`evalkit.stats`), the data model and loaders (:mod:`evalkit.data`), text processing
shared by the metrics (:mod:`evalkit.text`) and the notebook support
(:mod:`evalkit.notebook`). Notebooks under ``notebooks/`` only orchestrate these.
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
__version__ = "0.2.0"

__all__ = [
    "__version__",
    "EvalkitError",
    "InputFormatError",
    "ParameterError",
    "DataNotConfiguredError",
]
