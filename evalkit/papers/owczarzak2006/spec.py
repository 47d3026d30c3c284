"""Owczarzak et al. (2006), declarations: the paper key, the sentence-level metrics of
Tables 2-4, :func:`published` and the notebooks' parameters."""

from __future__ import annotations

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.params import WMT19_DARR_PAIR, first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of

__all__ = ["PAPER", "SENTENCE_METRICS", "NOTEBOOKS", "published"]

PAPER = "owczarzak2006"


SENTENCE_METRICS = ("BLEU", "BLEU smoothed", "NIST")


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2006/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"printed": "str"} if table != "table3" else None)


_BITEXT = (
    WMT19_DARR_PAIR,
    one_of(
        "symmetrization",
        ("intersection", "union", "grow-diag", "grow-diag-final", "grow-diag-final-and"),
        "grow-diag-final-and",
    ),
    count("iterations", 5, "IBM Model 1 EM iterations per direction"),
    count("max_phrase_length", 3, "longest phrase (words)"),
    first_n("n_bitext", "first n bitext pairs only", quick=150),
)


_TEST = (
    P("systems", list, default=None, allow_none=True, length=2, help="the PH and LM stand-ins"),
    first_n("n_segments", "first n test segments only", quick=40),
)


#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_paper_consistency": (),
    "01_paraphrases_aligner": _BITEXT
    + (
        count("n_small", 500, "pairs of the 'small' bitext (Tables 5-6)", quick=50),
        count("sample_size", 50, "items sampled per cell of Tables 5-6"),
        one_of("pivot_agg", ("max", "sum"), "max"),
    ),
    "02_table1_multiref": _BITEXT + _TEST,
    "03_correlations": _BITEXT
    + _TEST
    + (
        count("subset_size", 100, "judged sentences per subset", low=3),
        count("n_bootstrap", 1000, "resamples for the rise", quick=100),
    ),
}
