"""Liu & Gildea (2005), declarations: the data sets per profile, the trees and sentences of
the paper's figures and Table 7, the tables' systems and judgments, the notebooks'
parameters, and the printed tables (``data/published/liu2005/``).
"""

from __future__ import annotations

import pandas as pd

from evalkit.data.published import read_published
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, probability
from evalkit.notebook.params import first_n
from evalkit.text.trees import DepTree

__all__ = [
    "DATA",
    "FIGURE1",
    "FIGURE2_HYP",
    "FIGURE2_REF",
    "KERNELS",
    "NOTEBOOKS",
    "PAPER",
    "RED_PEN",
    "SYNTAX",
    "TABLE7",
    "published",
]

PAPER = "liu2005"
#: data set per profile: the ACL05 workshop's TIDES 2003 zh-en data (licensed: MTC part 4; sample:
#: the simulated TIDES 2003), public: WMT19 kk-en daRR (relative rankings stand in for the scores)
DATA = {"sample": "tides2003", "public": "wmt19-darr-kk-en", "licensed": "mtc4"}

#: The syntactic metrics other than the tree kernels (Section 4: "The syntactic metrics, except
#: the kernel based ones, all outperform BLEU in sentence-level fluency evaluation"), and the
#: kernels.
SYNTAX = ("HWCM", "STM", "DSTM")
KERNELS = ("TKM", "DTKM")

#: Figure 2: the hypothesis and reference trees of the STM example (categories only).
FIGURE2_HYP = "(S (NP (PRON)) (VP (V) (NP (PRON))))"
FIGURE2_REF = "(S (NP (PRON)) (VP (V) (NP (ART) (N))))"
#: Figure 1 (trees reconstructed from the text: Hyp1 has the reference's structure above the
#: part-of-speech level; Penn tags of its words: VBP "have" against the reference's VBD "had").
FIGURE1 = {
    "ref": ("I had a dog", "(S (NP (PRP I)) (VP (VBD had) (NP (DT a) (NN dog))))"),
    "hyp1": ("I have the dog", "(S (NP (PRP I)) (VP (VBP have) (NP (DT the) (NN dog))))"),
    "hyp2": ("A dog I had", "(S (NP (DT a) (NN dog)) (NP (PRP I)) (VP (VBD had)))"),
}
#: Table 7: the hypothesis and its three references.
TABLE7 = {
    "hyp": "Diplomats will be aboard the plane to return home .",
    "refs": [
        "Diplomats are to come back home aboard the fifth plane .",
        "Diplomatic staff would go home in a fifth plane .",
        "Diplomatic staff will take the fifth plane home .",
    ],
}
#: Section 2.1: the dependency tree of "I have a red pen".
RED_PEN = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/liu2005/<table>.csv``)."""
    return read_published(PAPER, table)


_TABLES = {
    1: ("E14", "fluency"),
    2: ("E15", "fluency"),
    3: ("E14", "overall"),
    4: ("E15", "overall"),
}


# --------------------------------------------------------------------------- notebook parameters
_PARSER = P(
    "parser", str, default="spacy", help="spacy | link-grammar | conllu:<file with # text comments>"
)
_MT = (
    P("references", list, default=["E01", "E03", "E04"], help="reference ids ([] = all)"),
    probability("decay", 1.0, "tree-kernel decay lambda"),
    P("epsilon", float, default=0.001, low=0.0, high=0.999, help="zero-precision replacement"),
    _PARSER,
)


def _first_segments(quick: int):
    """The first-N-segments parameter (all by default; ``quick`` in quick runs)."""
    return first_n("n_segments", "first N segments", quick=quick)


def _per_system(quick: int):
    """The sentence-level notebooks' selection: systems, judgments, depth, segments."""
    return (
        P(
            "systems",
            list,
            default=["E14", "E15"],
            help="systems (sample/licensed; public uses all)",
        ),
        P("judgments", list, default=["fluency", "overall"], choices=("fluency", "overall")),
        count("max_depth", 4, high=8),
        _first_segments(quick),
    )


NOTEBOOKS = {
    "00_worked_examples": (
        count("table7_length", 3, "HWCM D for Table 7", high=10),
        _PARSER,
    ),
    "01_sentence_level": (*_per_system(40), *_MT),
    "03_parser_noise": (
        *_per_system(30),
        P(
            "gold",
            str,
            default="ideal",
            help="ideal (the simulator's trees; sample) | none | conllu:<gold parses>",
        ),
        *_MT,
    ),
    "02_corpus_level": (
        P("systems", list, default=[], help="systems to correlate over ([] = all)"),
        count("max_depth", 6, high=8),
        _first_segments(30),
        one_of("aggregate", ("micro", "mean"), "micro"),
        *_MT,
    ),
}
