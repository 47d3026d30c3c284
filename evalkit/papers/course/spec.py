"""The course's declarations: each lesson notebook's parameters (``NOTEBOOKS``), the
metrics the lessons compare and the significance tests lesson 4 replicates."""

from __future__ import annotations


from evalkit.notebook.params import Parameter as P

__all__ = ["LESSON_METRICS", "NOTEBOOKS", "TESTS"]

_SOLUTIONS = P("solutions", bool, default=True, help="fill in the answers (student copy: False)")
_SUM_WORLD = (
    P("n_systems", int, default=12, quick=8, low=3, high=40, help="peer systems"),
    P("n_topics", int, default=10, quick=5, low=2, high=60, help="topics (document sets)"),
)
#: one simulated MT world of lessons 4 and 7 (documents and their segments)
_MT_WORLD = (
    P("n_documents", int, default=10, quick=5, low=1, help="documents per world"),
    P("n_segments", int, default=80, quick=40, low=4, help="segments per world"),
)
_ALPHA = P("alpha", float, default=0.05, low=0.0, high=1.0, help="significance level")

#: each lesson's parameters after the solutions switch that every lesson has
_LESSONS = {
    "01_ngram_metrics": (
        P("n_systems", int, default=4, low=2, high=12, help="MT systems (spread qualities)"),
        P("n_documents", int, default=8, quick=4, low=1, help="documents"),
        P("n_segments", int, default=60, quick=24, low=4, help="segments (4-15 per document)"),
    ),
    "02_meta_evaluation": _SUM_WORLD,
    "03_how_many": (
        P("n_systems", int, default=12, quick=8, low=3, high=40, help="peer systems"),
        P("n_topics", int, default=30, quick=8, low=4, high=60, help="topics"),
        P("n_draws", int, default=200, quick=30, low=1, help="topic subsets drawn per size"),
        P("target", float, default=0.6, low=-1.0, high=1.0, help="Kendall tau to reach"),
    ),
    "04_significance": (
        P("quality_gap", float, default=0.3, low=0.0, high=0.5, help="S1's latent lead over S2"),
        *_MT_WORLD,
        P("n_replications", int, default=50, quick=12, low=1, help="worlds for the error rates"),
        P("n_resamples", int, default=400, quick=100, low=10, help="bootstrap / AR resamples"),
        _ALPHA,
    ),
    "05_comparing_metrics": (
        *_SUM_WORLD,
        P("n_blocks", int, default=2, low=1, high=10, help="disjoint topic blocks"),
        P("n_resamples", int, default=500, quick=100, low=10, help="permutations per test"),
        _ALPHA,
    ),
    "06_human_judgments": (
        P("n_systems", int, default=6, low=2, high=12, help="MT systems"),
        P("n_judges", int, default=6, low=2, high=20, help="judges in the pool"),
        P("judge_bias_sd", float, default=0.6, low=0.0, high=2.0, help="sd of the judges' bias"),
        P("n_documents", int, default=12, quick=6, low=1, help="documents"),
        P("n_segments", int, default=100, quick=50, low=4, help="segments"),
    ),
    "07_multiple_comparisons": (
        P("n_systems", int, default=8, low=3, high=16, help="MT systems"),
        P("n_levels", int, default=3, low=1, high=16, help="distinct latent qualities"),
        *_MT_WORLD,
        P("n_resamples", int, default=1000, quick=200, low=10, help="AR trials"),
        _ALPHA,
    ),
    "08_capstone": (
        *_SUM_WORLD,
        P(
            "candidate",
            str,
            default="BLEU",
            choices=("BLEU", "ROUGE-1", "ROUGE-SU4", "METEOR"),
            help="the new metric evaluated",
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
