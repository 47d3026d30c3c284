"""Amigó et al. (2005a): the declarations: stand-in data sets and notebook parameters."""

from __future__ import annotations

from evalkit.metrics.similarity import LEMMAS
from evalkit.notebook.params import count, first_n, one_of, sizes
from evalkit.notebook.params import Parameter as P

__all__ = ["DATASETS", "NOTEBOOKS", "PAPER", "dataset_key"]


PAPER = "amigo2005qarla"


#: the data set each profile stands in with (ISCORPUS is not distributed)
DATASETS = {"sample": "duc2004", "public": "summeval", "licensed": "duc2004"}


NOTEBOOKS = {
    "00_formal_properties": (
        count("n_instances", 8, "test cases (ISCORPUS: 8 topics)"),
        count("n_models", 9, "models per test case (ISCORPUS: 9 humans)", low=4),
        count("n_peers", 7, "peers (§3.3: seven automatic summaries)"),
        count("n_metrics", 3, "informative synthetic metrics"),
        P("noise", float, default=0.5, low=0.0, help="per-pair noise of each metric"),
        count("max_metrics", 24, "naive K: metric sets up to this size", quick=8, low=2),
        count("n_random", 60, "test cases of the random-metric check", quick=15),
    ),
    "01_metric_quality": (
        first_n("max_instances", "first test cases only", quick=3),
        count("max_peers", None, "first peer systems only", quick=6, low=2),
        sizes("tvm_sizes", [1, 8, 64, 512], "TruncVectModel n (§4)"),
        one_of(
            "lemmas",
            LEMMAS,
            "wordnet",
            "term normalisation (quick: Porter stems, no WordNet load)",
            quick="porter",
        ),
        sizes("rouge_orders", [1, 2, 3, 4], "Table 1 ROUGE-n", high=4),
    ),
}


def dataset_key(profile: str) -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs on."""
    return DATASETS[profile]
