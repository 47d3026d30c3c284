"""Owczarzak (2009), DEPEVAL(summ), declarations: the competitors and their letters, the sample
sizes behind the printed marks, the data set per profile and the notebooks' parameters.
"""

from __future__ import annotations

from typing import Tuple

from evalkit.notebook.params import DEPENDENCY_PARSER
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, switch

__all__ = [
    "NOTEBOOKS",
    "PAPER",
    "key",
    "COMPETITORS",
    "HEADLINE_VARIANTS",
    "N_SUMMARY_LEVEL",
    "DATA",
    "N_DUC2007",
    "COLUMNS",
    "LETTER",
]

PAPER = "owczarzak2009depeval"


COMPETITORS = ("ROUGE-2", "ROUGE-SU4", "BE-HM")


#: the variants Section 6 names in its findings ("Both the baseline and norel versions achieve
#: significant improvement over ROUGE and BE"): each is tested against the competitors
HEADLINE_VARIANTS = ("base", "norel")


LETTER = {"ROUGE-2": "R2", "ROUGE-SU4": "R4", "BE-HM": "B"}


#: summary-level sample sizes that reproduce Table 2's letters (96 x 4 models, 96 x 58 systems)
N_SUMMARY_LEVEL = {"models": 384, "systems": 5568}


#: The DUC 2007 n of Tables 3 (system level: 10 humans, 32 systems) and 4 (summaries:
#: 45 topics x 4 models and 45 x 32 system summaries, 1,620 in all; 180 is the n at which
#: the printed r = 0.1501 is significant and 0.1397 is not, as the caption says).
N_DUC2007 = {"table3": {"models": 10, "systems": 32}, "table4": {"models": 180, "systems": 1440}}


COLUMNS = ("pyramid_models", "pyramid_systems", "responsiveness_models", "responsiveness_systems")


def key(*parts: str) -> str:
    """A claim id from table/metric/column names (``DEPEVAL(summ) wn`` -> ``DEPEVAL_summ_wn``)."""
    import re

    return "_".join(re.sub(r"[^A-Za-z0-9.:-]+", "_", p).strip("_") for p in parts)


def _variant(label: str) -> Tuple[str, ...]:
    return () if label == "base" else tuple(label.split())


#: data set per (table group, profile): TAC 2008 for Tables 1-2, DUC 2007 for Tables 3-4; the
#: public stand-in is SummEval (expert relevance for Pyramid / content responsiveness, the mean
#: of the four expert ratings for overall responsiveness; its references are not judged)
DATA = {
    "tac2008": {"sample": "tac2008", "public": "summeval", "licensed": "tac2008"},
    "duc2007": {"sample": "duc2007", "public": "summeval", "licensed": "duc2007"},
}


_LABELS = ("base", "pm", "wn", "pred", "norel", "one")


_RUN = (
    count(
        "n_instances",
        16,
        "first N topics (None: all, the paper's)",
        quick=2,
        full=None,
        allow_none=True,
    ),
    count("n_models", 4, "model summaries per topic (SummEval has 11; the paper 4)", low=2),
    switch("wordnet", True, "the wn switch (WordNet 3.0)"),
    DEPENDENCY_PARSER,
)


NOTEBOOKS = {
    "00_printed_checks": (P("confidence", float, default=0.95, low=0.5, high=0.999),),
    "01_tac2008_tables1_2": (
        P(
            "variants",
            list,
            default=None,
            allow_none=True,
            quick=list(_LABELS),
            help="Table 1 labels, e.g. 'pm wn' (None = all 32)",
        ),
        *_RUN,
    ),
    "03_parser_noise": (
        P("variants", list, default=list(_LABELS), help="Table 1 labels"),
        P(
            "gold",
            str,
            default="ideal",
            help="ideal (the simulator's trees; sample) | none | conllu:<file>",
        ),
        *_RUN,
    ),
    "02_duc2007_tables3_4": (
        P(
            "variants",
            list,
            default=None,
            allow_none=True,
            quick=["base", "norel"],
            help="labels (None = base, wn, norel, one)",
        ),
        *_RUN,
    ),
}
