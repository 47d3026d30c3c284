"""Owczarzak, Rankel, Dang & Conroy (2012), declarations: the judged categories, the CLASSY-like
features and the notebooks' parameters.
"""

from __future__ import annotations

from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, sizes, switch

__all__ = ["PAPER", "NOTEBOOKS", "CATEGORIES", "FEATURES"]

PAPER = "owczarzak2012assessors"


#: Table 1's categories -> TacPart judgment keys.
CATEGORIES = {
    "readability": "readability",
    "responsiveness": "responsiveness",
    "pyramid": "pyramid",
}


FEATURES = (
    "rouge1",
    "rouge2",
    "rougesu4",
    "words",
    "sentences",
    "mean_sentence_words",
    "redundancy",
)


_YEARS = (2008, 2009, 2010, 2011)


NOTEBOOKS = {
    "01_assessor_alpha": (
        P("report_year", int, default=2011, choices=_YEARS),
        P("pair_years", list, default=list(_YEARS), element=int, choices=_YEARS),
        P("categories", list, default=list(CATEGORIES), choices=tuple(CATEGORIES)),
    ),
    "02_autopyramid_exclusion": (
        P("report_year", int, default=2011, choices=_YEARS),
        one_of("docset", ("A", "B"), "A"),
        sizes("n_exclude", [1, 2]),
        switch("punctuation", True, "autoannotation ignores punctuation"),
    ),
    "03_classy_like": (
        P(
            "targets",
            list,
            default=["pyramid", "responsiveness", "readability"],
            choices=tuple(CATEGORIES),
        ),
        P(
            "methods",
            list,
            default=["robust", "nnls", "cca"],
            choices=("robust", "nnls", "cca", "ols"),
        ),
        count("max_subset_size", 2, quick=1),
        P("docsets", list, default=["A", "B"], choices=("A", "B")),
        one_of("exclusion", ("alpha", "mp_minus_ap"), "alpha"),
    ),
}
