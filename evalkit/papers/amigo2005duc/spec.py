"""Amigó et al. (2005b): the declarations: data sets per profile and task, notebook parameters."""

from __future__ import annotations

from evalkit.errors import ParameterError
from evalkit.metrics.qarla_pool import PREPROCESSINGS, ROUGE_KINDS, TVM_SIZES
from evalkit.metrics.similarity import LEMMAS, TAGGERS
from evalkit.notebook.params import first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, sizes

__all__ = [
    "COMPARISON_KINDS",
    "COMPARISON_PREPROCESSINGS",
    "DATASETS",
    "NOTEBOOKS",
    "PAPER",
    "TASKS",
    "dataset_key",
    "tasks",
]


PAPER = "amigo2005duc"


#: profile -> task -> data set key (public: SummEval is generic summarization, no "Who is X?"
#: stand-in; licensed: the duc2004 entry reads task 2)
DATASETS = {
    "sample": {2: "duc2004", 5: "duc2004t5"},
    "public": {2: "summeval"},
    "licensed": {2: "duc2004"},
}


TASKS = (2, 5)


#: the content pool of the task comparison (02): R and Rpre of these kinds and preprocessings
COMPARISON_KINDS = ("1", "2", "L", "W-1.2")


COMPARISON_PREPROCESSINGS = ("b", "c")


_LEMMAS = one_of(
    "lemmas", LEMMAS, "wordnet", "TVM term normalisation (quick: Porter stems)", quick="porter"
)


_TAGGER = one_of(
    "tagger",
    TAGGERS,
    "spacy",
    "GRAMSIM tags: the pinned spaCy pipeline's Penn tags or model-free token classes",
    quick="word-classes",
)


_BYTE_LIMIT = count("byte_limit", 665, "DUC 2004 truncation of every summary", allow_none=True)


_MAX_PEERS = count("max_peers", None, "first peer systems only", quick=6, low=2)


NOTEBOOKS = {
    "00_printed_checks": (),
    "01_qarla_duc2004": (
        first_n("max_instances", "first test cases only", quick=2),
        _MAX_PEERS,
        P(
            "kinds",
            list,
            default=list(ROUGE_KINDS),
            quick=["1", "2", "L", "W-1.2"],
            choices=ROUGE_KINDS,
            help="ROUGE kinds of the R and Rpre families",
        ),
        P(
            "preprocessings",
            list,
            default=list(PREPROCESSINGS),
            choices=tuple(PREPROCESSINGS),
            help="a: none, b: stop words removed, c: stemmed and stop words removed",
        ),
        sizes("tvm_sizes", list(TVM_SIZES), "TVM n", quick=[4, 64, 512]),
        _LEMMAS,
        _TAGGER,
        _BYTE_LIMIT,
        count("n_clusters", 10, "clusters of content metrics (Figure 1)", quick=4),
        count("n_orders", 100, "random system orders of the JACK curve", quick=10),
        count("n_resamples", 200, "topic resamples of Figure 5's trend", quick=50),
        P(
            "human",
            str,
            default="coverage",
            help="system-level human score (DUC SEE coverage / SummEval relevance)",
        ),
        P(
            "task",
            int,
            default=2,
            choices=TASKS,
            help="DUC 2004 task: 2 (generic) or 5 (Who is X?; sample only)",
        ),
    ),
    "02_task2_vs_task5": (
        first_n("max_instances", "first test cases only", quick=3),
        _MAX_PEERS,
        P(
            "metric_set",
            list,
            default=["Rpre-W-1.2.b", "TVM.512"],
            help="the paper's best set (§3.3)",
        ),
        sizes("tvm_sizes", [4, 64, 512], "TVM n"),
        _LEMMAS,
        _TAGGER,
        _BYTE_LIMIT,
    ),
}


def dataset_key(profile: str, task: int = 2) -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs ``task`` on."""
    if task not in DATASETS[profile]:
        raise ParameterError(
            "task",
            task,
            f"one of {sorted(DATASETS[profile])} on the {profile} profile (no "
            "'Who is X?' data stands in for task 5 there)",
        )
    return DATASETS[profile][task]


def tasks(profile: str) -> list:
    """The DUC 2004 tasks a profile has data for."""
    return sorted(DATASETS[profile])
