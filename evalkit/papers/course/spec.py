"""The course's declarations: each lesson notebook's parameters (``NOTEBOOKS``), the
metrics the lessons compare and the significance tests lesson 4 replicates."""

from __future__ import annotations


from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of, probability, switch

__all__ = ["LESSON_METRICS", "NOTEBOOKS", "TESTS"]

_SOLUTIONS = switch("solutions", True, "fill in the answers (student copy: False)")
_SUM_WORLD = (
    count("n_systems", 12, "peer systems", quick=8, low=3, high=40),
    count("n_topics", 10, "topics (document sets)", quick=5, low=2, high=60),
)
#: one simulated MT world of lessons 4 and 7 (documents and their segments)
_MT_WORLD = (
    count("n_documents", 10, "documents per world", quick=5),
    count("n_segments", 80, "segments per world", quick=40, low=4),
)
_ALPHA = probability("alpha", 0.05, "significance level")

#: each lesson's parameters after the solutions switch that every lesson has
_LESSONS = {
    "01_ngram_metrics": (
        count("n_systems", 4, "MT systems (spread qualities)", low=2, high=12),
        count("n_documents", 8, "documents", quick=4),
        count("n_segments", 60, "segments (4-15 per document)", quick=24, low=4),
    ),
    "02_meta_evaluation": _SUM_WORLD,
    "03_how_many": (
        count("n_systems", 12, "peer systems", quick=8, low=3, high=40),
        count("n_topics", 30, "topics", quick=8, low=4, high=60),
        count("n_draws", 200, "topic subsets drawn per size", quick=30),
        P("target", float, default=0.6, low=-1.0, high=1.0, help="Kendall tau to reach"),
    ),
    "04_significance": (
        P("quality_gap", float, default=0.3, low=0.0, high=0.5, help="S1's latent lead over S2"),
        *_MT_WORLD,
        count("n_replications", 50, "worlds for the error rates", quick=12),
        count("n_resamples", 400, "bootstrap / AR resamples", quick=100, low=10),
        _ALPHA,
    ),
    "05_comparing_metrics": (
        *_SUM_WORLD,
        count("n_blocks", 2, "disjoint topic blocks", high=10),
        count("n_resamples", 500, "permutations per test", quick=100, low=10),
        _ALPHA,
    ),
    "06_human_judgments": (
        count("n_systems", 6, "MT systems", low=2, high=12),
        count("n_judges", 6, "judges in the pool", low=2, high=20),
        P("judge_bias_sd", float, default=0.6, low=0.0, high=2.0, help="sd of the judges' bias"),
        count("n_documents", 12, "documents", quick=6),
        count("n_segments", 100, "segments", quick=50, low=4),
    ),
    "07_multiple_comparisons": (
        count("n_systems", 8, "MT systems", low=3, high=16),
        count("n_levels", 3, "distinct latent qualities", high=16),
        *_MT_WORLD,
        count("n_resamples", 1000, "AR trials", quick=200, low=10),
        _ALPHA,
    ),
    "08_capstone": (
        *_SUM_WORLD,
        one_of(
            "candidate",
            ("BLEU", "ROUGE-1", "ROUGE-SU4", "METEOR"),
            "BLEU",
            "the new metric evaluated",
        ),
        _ALPHA,
    ),
}
NOTEBOOKS = {name: (_SOLUTIONS, *params) for name, params in _LESSONS.items()}

#: display name -> (registered metric, configuration); summaries and MT outputs alike
LESSON_METRICS = {
    "ROUGE-1": ("rouge", {"method": "1", "score": "R"}),
    "ROUGE-2": ("rouge", {"method": "2", "score": "R"}),
    "ROUGE-SU4": ("rouge", {"method": "SU4", "score": "R"}),
    "BLEU": ("bleu", {"effective_order": True}),
    "METEOR": ("meteor", {}),
}
#: the paired tests of lesson 4, in the order shown
TESTS = ("t-test", "Wilcoxon", "bootstrap (shift)", "bootstrap (centred)", "randomization")
