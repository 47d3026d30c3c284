"""Owczarzak et al. (2007, SSST), declarations: the paper key, the scales of its tables,
the data of each profile and the notebooks' parameters.

=================  ==============================================================
:data:`PAPER`      the key of ``data/published/owczarzak2007ssst/``
:data:`PAPER_SCALE` factor from evalkit's scale to the paper's (BLEU printed 0-1; GTM and
                   dependency F 0-100)
:data:`DATA`       the corpus of each profile
:data:`NOTEBOOKS`  the notebooks' parameters (:mod:`evalkit.notebook.params`)
=================  ==============================================================
"""

from __future__ import annotations

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.params import DEPENDENCY_PARSER, first_n
from evalkit.notebook.params import count, switch

__all__ = ["NOTEBOOKS", "PAPER", "PAPER_SCALE", "published", "DATA"]


PAPER = "owczarzak2007ssst"


#: factor from evalkit's scale to the paper's (BLEU printed 0-1; GTM and dependency F 0-100)
PAPER_SCALE = {
    "TER": 1.0,
    "METEOR": 1.0,
    "BLEU": 0.01,
    "NIST": 1.0,
    "GTM": 100.0,
    "dep": 100.0,
    "dep_preds": 100.0,
}


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2007ssst/<table>.csv``)."""
    return read_published(PAPER, table)


#: data per profile: MTC (licensed: Part 4, TIDES 2003 zh-en; sample: its simulation); public: WMT19 kk-en daRR
DATA = {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": "mtc4"}


# --------------------------------------------------------------------------- notebook parameters


NOTEBOOKS = {
    "00_printed_checks": (),
    "01_tables1_2_reordering": (
        count("n_pairs", 100, "sentence pairs", quick=25, low=2),
        DEPENDENCY_PARSER,
        switch("ideal", True, "sample: also the simulator's ideal parser"),
    ),
    "02_table5_correlation": (
        first_n("n_segments", "first N segments", quick=12),
        switch("wordnet", True, "the +WN variants (WordNet 3.0)"),
        DEPENDENCY_PARSER,
    ),
}
