"""The course's exercises (``notebooks/course/``): for every lesson, the questions and the
answer the simulator's truth gives (``solve(world)``, computed from the world
:func:`evalkit.papers.course.build` returns: never a typed number). The checking mechanism
(right / not yet, hints, the strict mode of ``solutions=True``, student copies) is
:mod:`evalkit.notebook.exercises`.

Kinds of answer: ``number`` (within ``tol``), ``integer``, ``bool``, ``choice`` (one of
``choices``), ``set`` (a subset of ``choices``).
"""

from __future__ import annotations


from evalkit.notebook.exercises import Exercise, Sheet

from . import answers, spec
from .answers import LESSON1_METRICS, LEVELS

__all__ = ["EXERCISES", "sheet"]


_E = Exercise
EXERCISES = {
    "01_ngram_metrics": (
        _E(
            "a",
            "Which metrics give the reversed reference exactly the reference's score on every segment?",
            "set",
            answers.order_blind,
            "compare the 'reversed' and 'reference' rows of `probes` per metric; "
            "which metrics count only single words?",
            choices=LESSON1_METRICS,
        ),
        _E(
            "b",
            "Which metric's segment scores have the highest global Kendall tau with the true adequacy?",
            "choice",
            answers.best_global,
            "st.level_correlation(matrices[m], truth, 'global', 'kendall') for each metric",
            choices=LESSON1_METRICS,
        ),
        _E(
            "c",
            "On what share of segments does sentence BLEU score the held-out human reference "
            "below system S1's output?",
            "number",
            answers.reference_below_s1,
            "the BLEU 'reference' probes against matrices['BLEU'].loc['S1'], segment by segment",
            tol=1e-9,
        ),
    ),
    "02_meta_evaluation": (
        _E(
            "a",
            "The system-level Kendall tau of ROUGE-2 with the true content.",
            "number",
            answers.r2_system_tau,
            "st.level_correlation(m['ROUGE-2'], m['truth'], 'system', 'kendall')[0]",
            tol=1e-9,
        ),
        _E(
            "b",
            "At which level is ROUGE-2's Pearson correlation with the true content lowest?",
            "choice",
            answers.lowest_level,
            "compute all three levels; the summary level correlates within each topic",
            choices=LEVELS,
        ),
        _E(
            "c",
            "At the summary level, does the human pyramid score correlate better (Pearson) with the true "
            "content than ROUGE-2?",
            "bool",
            answers.pyramid_beats_rouge,
            "m['pyramid_modified'] vs m['ROUGE-2'], both against m['truth'], level 'summary'",
        ),
    ),
    "03_how_many": (
        _E(
            "a",
            "The smallest topic count (of `sizes`) whose mean Kendall tau between ROUGE-2's system ranking "
            "and the true ranking reaches `target` (-1 if none).",
            "integer",
            lambda L: answers.topics_needed(L, L.matrices["ROUGE-2"]),
            "st.topic_subsample_correlations(..., method='kendall', seed=params.seed), mean r per size",
        ),
        _E(
            "b",
            "The same as (a) for the human pyramid score (one assessor per topic).",
            "integer",
            lambda L: answers.topics_needed(L, L.matrices["pyramid_modified"]),
            "repeat (a) on m['pyramid_modified']",
        ),
        _E(
            "c",
            "With how many model summaries per topic does ROUGE-2 rank the systems closest to the truth "
            "(Kendall; the smallest count on ties)?",
            "choice",
            answers.best_references,
            "the system means of by_references[k] against true_score, for k = 1..4",
            choices=("1", "2", "3", "4"),
        ),
    ),
    "04_significance": (
        _E(
            "a",
            "Which tests reject 'S1 = S2' (a true difference) at alpha in this world?",
            "set",
            answers.rejects_s1_s2,
            "the p_value column of `tests` against params.alpha",
            choices=spec.TESTS,
        ),
        _E(
            "b",
            "Which test rejects truly equal systems most often in the replications?",
            "choice",
            answers.worst_type1,
            "course.rates(...) on the truly equal pairs: the largest proportion",
            choices=spec.TESTS,
        ),
        _E(
            "c",
            "Is the shifted bootstrap's type-I error significantly above alpha (its interval's lower "
            "end above alpha)?",
            "bool",
            answers.shift_above_alpha,
            "ci_low of the shifted bootstrap on the truly equal pairs",
        ),
    ),
    "05_comparing_metrics": (
        _E(
            "a",
            "Which metric truly correlates better with the true content at the system level (Pearson)?",
            "choice",
            answers.truly_better,
            "st.level_correlation against m['truth'], not against the human scores",
            choices=("ROUGE-1", "ROUGE-2"),
        ),
        _E(
            "b",
            "Williams' p for 'ROUGE-2 and ROUGE-1 correlate equally with the pyramid scores' (system level).",
            "number",
            answers.difference_p,
            "the three system-level Pearson correlations r(H, R2), r(H, R1), r(R2, R1) "
            "and n = number of systems",
            tol=1e-6,
        ),
        _E(
            "c",
            "In how many topic blocks does the partial conjunction say ROUGE-2 beats ROUGE-1?",
            "integer",
            answers.blocks_won,
            "PERM-BOTH per block, then st.partial_conjunction(p, alpha)['rejected'].sum()",
        ),
    ),
    "06_human_judgments": (
        _E(
            "a",
            "Which judge rates most harshly (most negative true bias)?",
            "choice",
            answers.most_negative_judge,
            "course.judge_effects: the judge's mean residual on the items it shares",
            choices=[f"J{i}" for i in range(1, 21)],
        ),
        _E(
            "b",
            "For which judge is the estimated bias furthest from the true bias?",
            "choice",
            answers.worst_estimated_bias,
            "|bias - true_bias| in the effects table; where on the 1-5 scale do its ratings fall?",
            choices=[f"J{i}" for i in range(1, 21)],
        ),
        _E(
            "c",
            "Does z-normalizing each judge's ratings raise the global Pearson correlation of the "
            "human adequacy with the true adequacy?",
            "bool",
            answers.normalizing_helps,
            "normalize_per_judge(judgments, 'zscore'), then item means against the truth",
        ),
    ),
    "07_multiple_comparisons": (
        _E(
            "a",
            "The experiment-wise error at alpha over the truly equal pairs, if the tests were independent.",
            "number",
            answers.experimentwise,
            "st.experimentwise_error(alpha, k) with k = truly equal pairs",
            tol=1e-9,
        ),
        _E(
            "b",
            "How many truly equal pairs does the all-pairs test reject at alpha?",
            "integer",
            lambda L: answers.false_rejections(L, L.alpha),
            "p_value <= alpha among rows with truly_equal",
        ),
        _E(
            "c",
            "How many after Bonferroni (alpha divided by the number of pairs tested)?",
            "integer",
            lambda L: answers.false_rejections(L, L.alpha / len(L.tests)),
            "alpha / len(tests)",
        ),
    ),
    "08_capstone": (
        _E(
            "a",
            "Does the candidate rank systems closer to the truth than ROUGE-2 (system-level Kendall)?",
            "bool",
            answers.candidate_closer,
            "both metrics against m['truth'], level 'system'",
        ),
        _E(
            "b",
            "Does Williams' test find the candidate significantly better than ROUGE-2 against the pyramid "
            "scores (one-sided, at alpha)?",
            "bool",
            answers.candidate_significant,
            "r(H, candidate) > r(H, ROUGE-2) and p < alpha",
        ),
        _E(
            "c",
            "The candidate's summary-level Kendall tau with the true content.",
            "number",
            answers.candidate_summary_tau,
            "level 'summary', method 'kendall'",
            tol=1e-9,
        ),
    ),
}


def sheet(lesson: str, world, solutions: bool) -> Sheet:
    """The exercise sheet of ``lesson`` checked against ``world``."""
    return Sheet(lesson, EXERCISES[lesson], world, solutions=solutions)
