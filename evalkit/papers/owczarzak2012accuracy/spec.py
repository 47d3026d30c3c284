"""Owczarzak et al. (2012), accuracy of automatic evaluation, declarations: the ROUGE variants,
the manual metrics and the notebooks' parameters.
"""

from __future__ import annotations

from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import one_of, probability

__all__ = ["PAPER", "NOTEBOOKS", "VARIANTS", "MANUAL"]

PAPER = "owczarzak2012accuracy"


#: variant -> (stop words removed, ROUGE method)
VARIANTS = {
    "r1m": (False, "ROUGE-1"),
    "r1ms": (True, "ROUGE-1"),
    "r2m": (False, "ROUGE-2"),
    "r2ms": (True, "ROUGE-2"),
    "r4m": (False, "ROUGE-SU4"),
    "r4ms": (True, "ROUGE-SU4"),
}


MANUAL = ("pyramid", "responsiveness")


_VARIANTS = P("variants", list, default=list(VARIANTS), choices=tuple(VARIANTS))


_ALPHA = probability("alpha", 0.05, "Wilcoxon level, no correction")


NOTEBOOKS = {
    "01_rouge_agreement": (
        P(
            "years",
            list,
            default=[2008, 2009, 2010, 2011],
            quick=[2011],
            element=int,
            choices=(2008, 2009, 2010, 2011),
        ),
        _VARIANTS,
        _ALPHA,
        one_of("contr_denominator", ("manual_diff", "all"), "manual_diff"),
        P("bin_width", float, default=0.0035, low=0, help="Figures 1-2 bins"),
    ),
    "02_aesop_agreement": (
        _VARIANTS,
        _ALPHA,
        P("aesop_year", int, default=2011, choices=(2009, 2010, 2011)),
        one_of("reference_auto", tuple(VARIANTS), "r2m"),
        one_of("reference_human", tuple(VARIANTS), "r1m"),
    ),
}
