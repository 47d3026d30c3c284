"""Banerjee & Lavie (2005), declarations: the paper key, the module sequences of the
ablation (:data:`ABLATION`, Tables 4-7), the stop-word list, the metrics of Tables 1-7,
the notebooks' parameters and :func:`published`."""

from __future__ import annotations

from typing import Dict, Tuple

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.params import WMT19_DARR_PAIR, first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of
from evalkit.text.paraphrase import PREPOSITIONS_EN

PAPER = "banerjee2005"

__all__ = [
    "PAPER",
    "ABLATION",
    "STOPWORDS",
    "TABLE1_METRICS",
    "SEGMENT_METRICS",
    "published",
    "NOTEBOOKS",
]

#: The module sequences of Sec. 3.6 / Tables 6-7 (evalkit's names).
ABLATION: Dict[str, Tuple[str, ...]] = {
    "exact": ("exact",),
    "exact+porter": ("exact", "porter"),
    "exact+wn_stem": ("exact", "wn_stem"),
    "exact+porter+wn_synonym": ("exact", "porter", "wn_synonym"),
}


#: Function words the exact module may be told not to map (Sec. 3.6 mentions "a list of
#: 'stop words' that consist mainly of function words" without printing it; this is ours:
#: English prepositions plus articles, conjunctions, auxiliaries and pronouns).
STOPWORDS = frozenset(
    PREPOSITIONS_EN
    | set(
        """
a an the and or but nor so yet if that this these those it its is are was were be been being has have had do
does did will would shall should can could may might must i you he she we they me him her us them my your his
our their who whom which what not no
""".split()
    )
)


TABLE1_METRICS = ("BLEU", "NIST", "Precision", "Recall", "F1", "Fmean", "METEOR")


SEGMENT_METRICS = ("Precision", "Recall", "Fmean", "METEOR")


_DATA = (
    one_of("language", ("zh", "ar"), "zh", "TIDES 2003 Chinese or Arabic"),
    WMT19_DARR_PAIR,
    first_n("n_segments", "first n segments only", quick=30),
    count("jobs", 1, "METEOR worker processes (spawned; identical scores)"),
)


#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_worked_example": (),
    "01_table1_system_level": _DATA,
    "02_segment_level": _DATA,
    "03_module_ablation": _DATA
    + (
        P(
            "configs",
            list,
            default=list(ABLATION),
            choices=tuple(ABLATION),
            help="module sequences (Tables 6-7)",
        ),
        P(
            "stopword_settings",
            list,
            default=[False, True],
            element=bool,
            help="exclude function words?",
        ),
    ),
    "04_normalized_human": (
        P("languages", list, default=["ar", "zh"], choices=("zh", "ar"), help="Table 8's columns"),
    )
    + _DATA[1:2]
    + (
        one_of(
            "public_pair_zh",
            ("gu-en", "kk-en", "lt-en"),
            "kk-en",
            "public: the WMT19 daRR pair of the Chinese column (public_pair: the Arabic one)",
        ),
    )
    + _DATA[2:]
    + (
        P(
            "mitre_assessments",
            dict,
            default={},
            help="language -> CSV of MITRE-normalized assessments "
            "(evalkit assessment layout); used instead of the z-score",
        ),
    ),
}


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/banerjee2005/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"printed": "str"})
