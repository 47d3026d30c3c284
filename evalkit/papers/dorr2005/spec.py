"""Dorr et al. (2005), declarations: the paper key, the notebooks' parameters, the
surrogates and measures, the study's sizes (:data:`PER_EVENT`, :data:`ALL_JUDGMENTS`) and
why no public data stands in (:data:`NO_PUBLIC`)."""

from __future__ import annotations


from evalkit.notebook.params import count, one_of, sizes, switch

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
        one_of(
            "anova_unit", ("subject", "event"), "subject", "observations of the RP-vs-LDC ANOVA"
        ),
        switch("stem", False, "ROUGE-1 with Porter stemming (the paper does not say)"),
    ),
    "02_table5_partitions": (
        sizes("sizes", [1, 2, 4], "partition sizes P"),
        count("n_partitions", 10000, "random partitions per size", quick=300),
        switch("stem", False, "ROUGE-1 with Porter stemming"),
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
