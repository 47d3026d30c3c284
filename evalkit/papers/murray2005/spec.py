"""Murray et al. (2005): the declarations: approaches, statements, notebook parameters."""

from __future__ import annotations

from evalkit.notebook.params import first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, probability
from evalkit.text import extractive

__all__ = [
    "PAPER",
    "APPROACHES",
    "STATEMENTS",
    "NO_PUBLIC_MEETINGS",
    "NOTEBOOKS",
    "PRINTED",
    "WORSE_IS_HIGHER",
]


PAPER = "murray2005"


NOTEBOOKS = {
    "00_printed_checks": (),
    "01_summarizers_rouge": (
        probability("ratio", 0.10, "summary length: share of the meeting's dialogue acts"),
        probability("lambda_start", 1.0, "MMR lambda at the first pick (annealed)"),
        probability("lambda_end", 0.5, "MMR lambda at the last pick"),
        one_of("lsa_variant", ("proportional", "gong_liu"), "proportional", "LSA selection"),
        count("n_components", 2, "Gaussian components per class of the FB classifiers"),
        probability("asr_wer", 0.295, "licensed: WER of the synthetic channel"),
    ),
    "02_human_ratings": (
        P(
            "unit",
            list,
            default=["approach", "meeting"],
            choices=("approach", "meeting", "judge"),
            help="correlation points: one per approach x meeting",
        ),
        first_n("max_documents", "public: first N documents", quick=20),
    ),
}


PRINTED = "printed numbers (Tables 1-2, WER table, text)"


APPROACHES = extractive.APPROACHES


STATEMENTS = ("INF1", "INF2", "INF3", "INF4", "INF5", "INF6")


WORSE_IS_HIGHER = ("INF5", "INF6")


NO_PUBLIC_MEETINGS = (
    "no public corpus has meeting transcripts with ASR output and several annotators' extractive "
    "summaries (the ICSI corpus and its annotations are LDC-licensed); the public profile runs on "
    "SummEval's CNN/DM articles instead: sentences stand in for dialogue acts, extracts that best "
    "cover each crowd reference for the annotators' extracts, the synthetic channel for the ASR"
)
