"""Amigó et al. (2005a): the declarations: stand-in data sets and notebook parameters."""

from __future__ import annotations

from evalkit.metrics.similarity import LEMMAS
from evalkit.notebook.params import first_n
from evalkit.notebook.params import Parameter as P

__all__ = ["DATASETS", "NOTEBOOKS", "PAPER", "dataset_key"]


PAPER = "amigo2005qarla"


#: the data set each profile stands in with (ISCORPUS is not distributed)
DATASETS = {"sample": "duc2004", "public": "summeval", "licensed": "duc2004"}


NOTEBOOKS = {
    "00_formal_properties": (
        P("n_instances", int, default=8, low=1, help="test cases (ISCORPUS: 8 topics)"),
        P("n_models", int, default=9, low=4, help="models per test case (ISCORPUS: 9 humans)"),
        P("n_peers", int, default=7, low=1, help="peers (§3.3: seven automatic summaries)"),
        P("n_metrics", int, default=3, low=1, help="informative synthetic metrics"),
        P("noise", float, default=0.5, low=0.0, help="per-pair noise of each metric"),
        P(
            "max_metrics",
            int,
            default=24,
            quick=8,
            low=2,
            help="naive K: metric sets up to this size",
        ),
        P(
            "n_random",
            int,
            default=60,
            quick=15,
            low=1,
            help="test cases of the random-metric check",
        ),
    ),
    "01_metric_quality": (
        first_n("max_instances", "first test cases only", quick=3),
        P("max_peers", int, quick=6, low=2, help="first peer systems only"),
        P(
            "tvm_sizes",
            list,
            default=[1, 8, 64, 512],
            element=int,
            low=1,
            help="TruncVectModel n (§4)",
        ),
        P(
            "lemmas",
            str,
            default="wordnet",
            quick="porter",
            choices=LEMMAS,
            help="term normalisation (quick: Porter stems, no WordNet load)",
        ),
        P(
            "rouge_orders",
            list,
            default=[1, 2, 3, 4],
            element=int,
            low=1,
            high=4,
            help="Table 1 ROUGE-n",
        ),
    ),
}


def dataset_key(profile: str) -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs on."""
    return DATASETS[profile]
