"""Dorr et al. (2005), declarations: the paper key, the notebooks' parameters, the
surrogates and measures, the study's sizes (:data:`PER_EVENT`, :data:`ALL_JUDGMENTS`) and
why no public data stands in (:data:`NO_PUBLIC`)."""

from __future__ import annotations


from evalkit.notebook.params import Parameter as P

__all__ = [
    "PAPER",
    "NOTEBOOKS",
    "SURROGATES",
    "MEASURES",
    "PER_EVENT",
    "ALL_JUDGMENTS",
    "PRINTED",
    "NO_PUBLIC",
]


PAPER = "dorr2005"


NOTEBOOKS = {
    "00_printed_checks": (),
    "01_table1_table6_relevance": (
        P(
            "anova_unit",
            str,
            default="subject",
            choices=("subject", "event"),
            help="observations of the RP-vs-LDC ANOVA",
        ),
        P(
            "stem",
            bool,
            default=False,
            help="ROUGE-1 with Porter stemming (the paper does not say)",
        ),
    ),
    "02_table5_partitions": (
        P("sizes", list, default=[1, 2, 4], element=int, low=1, help="partition sizes P"),
        P("n_partitions", int, default=10000, quick=300, low=1, help="random partitions per size"),
        P("stem", bool, default=False, help="ROUGE-1 with Porter stemming"),
    ),
}


SURROGATES = ("HEAD", "HUM")


MEASURES = ("rp", "ldc")


PRINTED = "printed numbers (Tables 1-6, text)"


#: judgments per event (10 subjects x 20 documents) and in all (3 events)
PER_EVENT, ALL_JUDGMENTS = 200, 600


NO_PUBLIC = (
    "no public data set has subjects judging relevance from surrogates and from the full text of the same "
    "documents with gold relevance labels (TDT-3 and the study's judgments are LDC-licensed or unpublished; the "
    "public SummEval copy holds only the mean of its three experts, so not even annotator agreement can stand "
    "in); the printed-number checks (00_printed_checks) and the sample profile exercise the method"
)
