"""Notebook support: parameter validation, the results writer, provenance, seeding, progress.

A notebook's first code cell after ``parameters`` does::

    from evalkit.notebook import setup
    params, out = setup(paper="graham2015", notebook="01_table1", profile=profile, seed=seed, quick=quick)

and then writes every table and figure through ``out`` (a :class:`ResultsWriter`) and ends
with ``out.finish()``.
"""

from evalkit.notebook.claims import Claims
from evalkit.notebook.params import (
    NotebookParameters,
    Parameter,
    check_choice,
    check_int,
    scale_note,
    validate_parameters,
)
from evalkit.notebook.progress import progress, progress_enabled
from evalkit.notebook.provenance import provenance
from evalkit.notebook.results import ResultsWriter, read_results
from evalkit.notebook.seeding import rng, seed_everything


def setup(paper: str, notebook: str, **parameters):
    """Validate parameters against the paper's declaration, seed the global generators and
    open the results writer. Returns ``(params, out)``; the notebook reads its knobs from
    ``params`` (``params.alpha``), which carries the quick-mode or paper-scale values where
    they apply. A run below the paper's scale prints which sizes and the paper's values."""
    params = validate_parameters(paper=paper, notebook=notebook, **parameters)
    seed_everything(params.seed)
    note = scale_note(params)
    if note:
        print(note)
    return params, ResultsWriter(params)


__all__ = [
    "Claims",
    "NotebookParameters",
    "Parameter",
    "ResultsWriter",
    "check_choice",
    "check_int",
    "progress",
    "progress_enabled",
    "provenance",
    "read_results",
    "rng",
    "seed_everything",
    "setup",
    "validate_parameters",
]
