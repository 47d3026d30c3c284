"""The course's exercises (``notebooks/course/``): for every lesson, the questions and the
answer the simulator's truth gives (``solve(world)``, computed from the world
:func:`evalkit.papers.course.build` returns: never a typed number). The checking mechanism
(right / not yet, hints, the strict mode of ``solutions=True``, student copies) is
:mod:`evalkit.notebook.exercises`.

Kinds of answer: ``number`` (within ``tol``), ``integer``, ``bool``, ``choice`` (one of
``choices``), ``set`` (a subset of ``choices``).
"""

from __future__ import annotations

import numpy as np

from evalkit import stats as st
from evalkit.data import worlds
from evalkit.notebook.exercises import Exercise, Sheet
from evalkit.papers import course

__all__ = ["EXERCISES", "sheet"]

LEVELS = ("system", "summary", "global")
_M1 = ("ROUGE-1", "ROUGE-2", "BLEU", "METEOR")


# --------------------------------------------------------------------------- lesson 1
def _order_blind(L) -> list:
    p = L.probes.pivot_table(index=["metric", "segment"], columns="variant", values="value")
    same = (p["reversed"] - p["reference"]).abs().groupby("metric").max() <= 1e-12
    return sorted(same[same].index)


def _best_global(L) -> str:
    tau = {m: st.level_correlation(L.matrices[m], L.truth, "global", "kendall")[0] for m in _M1}
    return max(tau, key=tau.get)


def _reference_below_s1(L) -> float:
    ref = L.probes[(L.probes["metric"] == "BLEU") & (L.probes["variant"] == "reference")]
    s1 = L.matrices["BLEU"].loc["S1"]
    return float((ref.set_index("segment")["value"] < s1[ref["segment"]].to_numpy()).mean())


# --------------------------------------------------------------------------- lesson 2
def _r2_system_tau(L) -> float:
    return st.level_correlation(L.matrices["ROUGE-2"], L.matrices["truth"], "system", "kendall")[0]


def _lowest_level(L) -> str:
    r = {
        lv: st.level_correlation(L.matrices["ROUGE-2"], L.matrices["truth"], lv, "pearson")[0]
        for lv in LEVELS
    }
    return min(r, key=r.get)


def _pyramid_beats_rouge(L) -> bool:
    m = L.matrices
    pyr = st.level_correlation(m["pyramid_modified"], m["truth"], "summary", "pearson")[0]
    return bool(pyr > st.level_correlation(m["ROUGE-2"], m["truth"], "summary", "pearson")[0])


# --------------------------------------------------------------------------- lesson 3
def _topics_needed(L, scores) -> int:
    draws = st.topic_subsample_correlations(
        scores, L.true_score.to_numpy(), L.sizes, n_draws=L.n_draws, method="kendall", seed=L.seed
    )
    mean = draws.groupby("size")["r"].mean()
    reached = mean[mean >= L.target]
    return int(reached.index.min()) if len(reached) else -1


def _best_references(L) -> str:
    truth = L.matrices["truth"]
    tau = {
        k: st.level_correlation(m, truth, "system", "kendall")[0]
        for k, m in L.by_references.items()
    }
    best = max(tau.values())
    return str(min(k for k, v in tau.items() if v == best))


# --------------------------------------------------------------------------- lesson 4
def _rejects_s1_s2(L) -> list:
    return sorted(L.tests.loc[L.tests["p_value"] <= L.alpha, "test"])


def _worst_type1(L) -> str:
    r = course.rates(L.replications, L.alpha)
    r = r[r["truly_equal"]].set_index("test")["proportion"]
    return str(r.idxmax())


def _shift_above_alpha(L) -> bool:
    r = course.rates(L.replications, L.alpha)
    row = r[r["truly_equal"] & (r["test"] == "bootstrap (shift)")].iloc[0]
    return bool(row["ci_low"] > L.alpha)


# --------------------------------------------------------------------------- lesson 5
def _truly_better(L) -> str:
    m = L.matrices
    r = {
        k: st.level_correlation(m[k], m["truth"], "system", "pearson")[0]
        for k in ("ROUGE-1", "ROUGE-2")
    }
    return max(r, key=r.get)


def _difference_p(L) -> float:
    m = L.matrices
    h, a, b = (m[k].mean(axis=1).to_numpy() for k in ("pyramid_modified", "ROUGE-2", "ROUGE-1"))
    r = lambda x, y: float(np.corrcoef(x, y)[0, 1])  # noqa: E731
    return float(st.williams_test(r(h, a), r(h, b), r(a, b), len(h)).p)


def _blocks_won(L) -> int:
    m = L.matrices
    cols = m["truth"].columns
    p = [
        st.correlation_difference_test(
            m["ROUGE-2"][cols[b]].to_numpy(),
            m["ROUGE-1"][cols[b]].to_numpy(),
            m["pyramid_modified"][cols[b]].to_numpy(),
            test="perm",
            unit="both",
            level="summary",
            method="kendall",
            n_resamples=L.n_resamples,
            seed=L.seed,
        )["p_value"].iloc[0]
        for b in L.blocks
    ]
    return int(st.partial_conjunction(p, alpha=L.alpha)["rejected"].sum())


# --------------------------------------------------------------------------- lesson 6
def _most_negative_judge(L) -> str:
    return str(L.world.judges.set_index("judge")["bias"].idxmin())


def _worst_estimated_bias(L) -> str:
    e = course.judge_effects(L.world.judgments).merge(
        L.world.judges, on="judge", suffixes=("", "_true")
    )
    return str(e.set_index("judge").eval("bias - bias_true").abs().idxmax())


def _normalizing_helps(L) -> bool:
    from evalkit.stats.human import normalize_per_judge

    j = L.world.judgments
    raw = worlds.matrix(course.item_means(j))
    z = worlds.matrix(course.item_means(normalize_per_judge(j, "zscore")))
    truth = L.truth.loc[raw.index, raw.columns]
    return bool(
        st.level_correlation(z, truth, "global", "pearson")[0]
        > st.level_correlation(raw, truth, "global", "pearson")[0]
    )


# --------------------------------------------------------------------------- lesson 7
def _experimentwise(L) -> float:
    return st.experimentwise_error(L.alpha, int(L.tests["truly_equal"].sum()))


def _false_rejections(L, level) -> int:
    t = L.tests
    return int(((t["p_value"] <= level) & t["truly_equal"]).sum())


# --------------------------------------------------------------------------- lesson 8
def _system_tau(L, name) -> float:
    return st.level_correlation(L.matrices[name], L.matrices["truth"], "system", "kendall")[0]


def _candidate_closer(L) -> bool:
    return bool(_system_tau(L, L.candidate) > _system_tau(L, L.baseline))


def _candidate_significant(L) -> bool:
    m = L.matrices
    h, a, b = (m[k].mean(axis=1).to_numpy() for k in ("pyramid_modified", L.candidate, L.baseline))
    r = lambda x, y: float(np.corrcoef(x, y)[0, 1])  # noqa: E731
    better = r(h, a) > r(h, b)
    return bool(better and st.williams_test(r(h, a), r(h, b), r(a, b), len(h)).p < L.alpha)


def _candidate_summary_tau(L) -> float:
    return st.level_correlation(L.matrices[L.candidate], L.matrices["truth"], "summary", "kendall")[
        0
    ]


E = Exercise
EXERCISES = {
    "01_ngram_metrics": (
        E(
            "a",
            "Which metrics give the reversed reference exactly the reference's score on every segment?",
            "set",
            _order_blind,
            "compare the 'reversed' and 'reference' rows of `probes` per metric; "
            "which metrics count only single words?",
            choices=_M1,
        ),
        E(
            "b",
            "Which metric's segment scores have the highest global Kendall tau with the true adequacy?",
            "choice",
            _best_global,
            "st.level_correlation(matrices[m], truth, 'global', 'kendall') for each metric",
            choices=_M1,
        ),
        E(
            "c",
            "On what share of segments does sentence BLEU score the held-out human reference "
            "below system S1's output?",
            "number",
            _reference_below_s1,
            "the BLEU 'reference' probes against matrices['BLEU'].loc['S1'], segment by segment",
            tol=1e-9,
        ),
    ),
    "02_meta_evaluation": (
        E(
            "a",
            "The system-level Kendall tau of ROUGE-2 with the true content.",
            "number",
            _r2_system_tau,
            "st.level_correlation(m['ROUGE-2'], m['truth'], 'system', 'kendall')[0]",
            tol=1e-9,
        ),
        E(
            "b",
            "At which level is ROUGE-2's Pearson correlation with the true content lowest?",
            "choice",
            _lowest_level,
            "compute all three levels; the summary level correlates within each topic",
            choices=LEVELS,
        ),
        E(
            "c",
            "At the summary level, does the human pyramid score correlate better (Pearson) with the true "
            "content than ROUGE-2?",
            "bool",
            _pyramid_beats_rouge,
            "m['pyramid_modified'] vs m['ROUGE-2'], both against m['truth'], level 'summary'",
        ),
    ),
    "03_how_many": (
        E(
            "a",
            "The smallest topic count (of `sizes`) whose mean Kendall tau between ROUGE-2's system ranking "
            "and the true ranking reaches `target` (-1 if none).",
            "integer",
            lambda L: _topics_needed(L, L.matrices["ROUGE-2"]),
            "st.topic_subsample_correlations(..., method='kendall', seed=params.seed), mean r per size",
        ),
        E(
            "b",
            "The same as (a) for the human pyramid score (one assessor per topic).",
            "integer",
            lambda L: _topics_needed(L, L.matrices["pyramid_modified"]),
            "repeat (a) on m['pyramid_modified']",
        ),
        E(
            "c",
            "With how many model summaries per topic does ROUGE-2 rank the systems closest to the truth "
            "(Kendall; the smallest count on ties)?",
            "choice",
            _best_references,
            "the system means of by_references[k] against true_score, for k = 1..4",
            choices=("1", "2", "3", "4"),
        ),
    ),
    "04_significance": (
        E(
            "a",
            "Which tests reject 'S1 = S2' (a true difference) at alpha in this world?",
            "set",
            _rejects_s1_s2,
            "the p_value column of `tests` against params.alpha",
            choices=course.TESTS,
        ),
        E(
            "b",
            "Which test rejects truly equal systems most often in the replications?",
            "choice",
            _worst_type1,
            "course.rates(...) on the truly equal pairs: the largest proportion",
            choices=course.TESTS,
        ),
        E(
            "c",
            "Is the shifted bootstrap's type-I error significantly above alpha (its interval's lower "
            "end above alpha)?",
            "bool",
            _shift_above_alpha,
            "ci_low of the shifted bootstrap on the truly equal pairs",
        ),
    ),
    "05_comparing_metrics": (
        E(
            "a",
            "Which metric truly correlates better with the true content at the system level (Pearson)?",
            "choice",
            _truly_better,
            "st.level_correlation against m['truth'], not against the human scores",
            choices=("ROUGE-1", "ROUGE-2"),
        ),
        E(
            "b",
            "Williams' p for 'ROUGE-2 and ROUGE-1 correlate equally with the pyramid scores' (system level).",
            "number",
            _difference_p,
            "the three system-level Pearson correlations r(H, R2), r(H, R1), r(R2, R1) "
            "and n = number of systems",
            tol=1e-6,
        ),
        E(
            "c",
            "In how many topic blocks does the partial conjunction say ROUGE-2 beats ROUGE-1?",
            "integer",
            _blocks_won,
            "PERM-BOTH per block, then st.partial_conjunction(p, alpha)['rejected'].sum()",
        ),
    ),
    "06_human_judgments": (
        E(
            "a",
            "Which judge rates most harshly (most negative true bias)?",
            "choice",
            _most_negative_judge,
            "course.judge_effects: the judge's mean residual on the items it shares",
            choices=[f"J{i}" for i in range(1, 21)],
        ),
        E(
            "b",
            "For which judge is the estimated bias furthest from the true bias?",
            "choice",
            _worst_estimated_bias,
            "|bias - true_bias| in the effects table; where on the 1-5 scale do its ratings fall?",
            choices=[f"J{i}" for i in range(1, 21)],
        ),
        E(
            "c",
            "Does z-normalizing each judge's ratings raise the global Pearson correlation of the "
            "human adequacy with the true adequacy?",
            "bool",
            _normalizing_helps,
            "normalize_per_judge(judgments, 'zscore'), then item means against the truth",
        ),
    ),
    "07_multiple_comparisons": (
        E(
            "a",
            "The experiment-wise error at alpha over the truly equal pairs, if the tests were independent.",
            "number",
            _experimentwise,
            "st.experimentwise_error(alpha, k) with k = truly equal pairs",
            tol=1e-9,
        ),
        E(
            "b",
            "How many truly equal pairs does the all-pairs test reject at alpha?",
            "integer",
            lambda L: _false_rejections(L, L.alpha),
            "p_value <= alpha among rows with truly_equal",
        ),
        E(
            "c",
            "How many after Bonferroni (alpha divided by the number of pairs tested)?",
            "integer",
            lambda L: _false_rejections(L, L.alpha / len(L.tests)),
            "alpha / len(tests)",
        ),
    ),
    "08_capstone": (
        E(
            "a",
            "Does the candidate rank systems closer to the truth than ROUGE-2 (system-level Kendall)?",
            "bool",
            _candidate_closer,
            "both metrics against m['truth'], level 'system'",
        ),
        E(
            "b",
            "Does Williams' test find the candidate significantly better than ROUGE-2 against the pyramid "
            "scores (one-sided, at alpha)?",
            "bool",
            _candidate_significant,
            "r(H, candidate) > r(H, ROUGE-2) and p < alpha",
        ),
        E(
            "c",
            "The candidate's summary-level Kendall tau with the true content.",
            "number",
            _candidate_summary_tau,
            "level 'summary', method 'kendall'",
            tol=1e-9,
        ),
    ),
}


def sheet(lesson: str, world, solutions: bool) -> Sheet:
    """The exercise sheet of ``lesson`` checked against ``world``."""
    return Sheet(lesson, EXERCISES[lesson], world, solutions=solutions)
