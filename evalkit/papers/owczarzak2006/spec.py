"""Owczarzak et al. (2006), declarations: the paper key, the sentence-level metrics of
Tables 2-4, :func:`published` and the notebooks' parameters."""

from __future__ import annotations

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.params import WMT19_DARR_PAIR, first_n
from evalkit.notebook.params import Parameter as P

__all__ = ["PAPER", "SENTENCE_METRICS", "NOTEBOOKS", "published"]

PAPER = "owczarzak2006"


SENTENCE_METRICS = ("BLEU", "BLEU smoothed", "NIST")


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2006/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"printed": "str"} if table != "table3" else None)


_BITEXT = (
    WMT19_DARR_PAIR,
    P(
        "symmetrization",
        str,
        default="grow-diag-final-and",
        choices=("intersection", "union", "grow-diag", "grow-diag-final", "grow-diag-final-and"),
    ),
    P("iterations", int, default=5, low=1, help="IBM Model 1 EM iterations per direction"),
    P("max_phrase_length", int, default=3, low=1, help="longest phrase (words)"),
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
        P(
            "n_small",
            int,
            default=500,
            quick=50,
            low=1,
            help="pairs of the 'small' bitext (Tables 5-6)",
        ),
        P("sample_size", int, default=50, low=1, help="items sampled per cell of Tables 5-6"),
        P("pivot_agg", str, default="max", choices=("max", "sum")),
    ),
    "02_table1_multiref": _BITEXT + _TEST,
    "03_correlations": _BITEXT
    + _TEST
    + (
        P("subset_size", int, default=100, low=3, help="judged sentences per subset"),
        P("n_bootstrap", int, default=1000, quick=100, low=1, help="resamples for the rise"),
    ),
}
