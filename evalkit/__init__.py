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

__version__ = "0.1.0"

__all__ = [
    "__version__",
    "EvalkitError",
    "InputFormatError",
    "ParameterError",
    "DataNotConfiguredError",
]
