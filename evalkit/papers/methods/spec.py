"""The toolbox notebooks' declarations: profiles, the MT metrics and their registry
configurations, the data each profile uses and the notebooks' parameters."""

from __future__ import annotations


from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import one_of, probability
from evalkit.stats.correlation import COEFFICIENTS, LEVELS

__all__ = [
    "METRICS",
    "PROFILES",
    "NOTEBOOKS",
    "SUMMARIZATION",
    "PYRAMID",
    "DESCRIPTIONS",
    "METRIC_CONFIG",
]


PROFILES = ("sample", "public", "licensed")
METRICS = ("BLEU", "BLEU-1.x", "BLEU-moses-1.x", "chrF", "chrF++")  # keys of METRIC_CONFIG
#: profile -> (data set key, judgment) of the summarization part
SUMMARIZATION = {
    "sample": ("duc2004", "coverage"),
    "public": ("summeval", "relevance"),
    "licensed": ("duc2004", "coverage"),
}
#: profile -> (data set key, judgment, description) of the pyramid part (REALSumm's analysis)
PYRAMID = {
    "sample": ("tac2008", "pyramid_modified", "simulated TAC 2008 (modified pyramid score)"),
    "public": ("realsumm", "litepyramid_recall", "REALSumm (LitePyramid recall, 1 reference)"),
    "licensed": ("tac2008", "pyramid_modified", "TAC 2008, licensed (modified pyramid score)"),
}
DESCRIPTIONS = {
    "sample": "simulated DUC 2004 task 2 (SEE coverage; the simulation's latent truth is known)",
    "public": "SummEval (expert relevance; 11 references per document)",
    "licensed": "DUC 2004 task 2, licensed (SEE coverage)",
}
_SIZES = dict(low=1)
NOTEBOOKS = {
    "01_meta_evaluation_toolbox": (
        P("metrics", list, default=list(METRICS), choices=METRICS, help="sentence metrics scored"),
        one_of("metric_a", METRICS, "chrF", "the difference tests ask: A better than B?"),
        one_of("metric_b", METRICS, "BLEU"),
        one_of("level", LEVELS, "summary", "the level of the tests"),
        one_of("method", COEFFICIENTS, "kendall", "the coefficient of the tests"),
        probability("alpha", 0.05, "significance level"),
        P(
            "n_resamples",
            int,
            default=1000,
            quick=100,
            help="resamples / permutations per test",
            **_SIZES,
        ),
        P(
            "n_blocks",
            int,
            default=4,
            quick=2,
            help="disjoint input blocks (partial conjunction)",
            **_SIZES,
        ),
        one_of("wmt_pair", ("gu-en", "kk-en", "lt-en"), "kk-en", "public MT data"),
        P(
            "darr_min_difference",
            float,
            default=1.0,
            low=0.0,
            help="sample/licensed: adequacy gap of a pair",
        ),
        P(
            "n_replications",
            int,
            default=50,
            full=200,
            quick=10,
            help="calibration: simulated data sets",
            **_SIZES,
        ),
        P(
            "calibration_resamples",
            int,
            default=200,
            quick=50,
            help="calibration: resamples per test",
            **_SIZES,
        ),
    ),
    "02_simulator_realism": (),
}


#: display name -> (registered metric, configuration)
METRIC_CONFIG = {
    "BLEU": ("bleu", {"effective_order": True}),
    "BLEU-1.x": ("bleu", {"effective_order": True, "semantics": "sacrebleu1"}),
    "BLEU-moses-1.x": (
        "bleu",
        {"effective_order": True, "semantics": "sacrebleu1", "tokenize": "moses"},
    ),
    "chrF": ("chrf", {}),
    "chrF++": ("chrf++", {}),
}
