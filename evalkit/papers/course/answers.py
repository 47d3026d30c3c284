"""What the simulator's truth answers to each exercise of the course: one function per
question, ``answer(L)`` of the lesson's world ``L`` (:func:`evalkit.papers.lessons.build`);
never a typed number. The questions are :mod:`evalkit.papers.lessons.exercises`."""

from __future__ import annotations

import numpy as np

from evalkit import stats as st
from evalkit.data import worlds

from . import lessons


LEVELS = ("system", "summary", "global")
LESSON1_METRICS = ("ROUGE-1", "ROUGE-2", "BLEU", "METEOR")


# --------------------------------------------------------------------------- lesson 1
def order_blind(L) -> list:
    p = L.probes.pivot_table(index=["metric", "segment"], columns="variant", values="value")
    same = (p["reversed"] - p["reference"]).abs().groupby("metric").max() <= 1e-12
    return sorted(same[same].index)


def best_global(L) -> str:
    tau = {
        m: st.level_correlation(L.matrices[m], L.truth, "global", "kendall")[0]
        for m in LESSON1_METRICS
    }
    return max(tau, key=tau.get)


def reference_below_s1(L) -> float:
    ref = L.probes[(L.probes["metric"] == "BLEU") & (L.probes["variant"] == "reference")]
    s1 = L.matrices["BLEU"].loc["S1"]
    return float((ref.set_index("segment")["value"] < s1[ref["segment"]].to_numpy()).mean())


# --------------------------------------------------------------------------- lesson 2
def r2_system_tau(L) -> float:
    return st.level_correlation(L.matrices["ROUGE-2"], L.matrices["truth"], "system", "kendall")[0]


def lowest_level(L) -> str:
    r = {
        lv: st.level_correlation(L.matrices["ROUGE-2"], L.matrices["truth"], lv, "pearson")[0]
        for lv in LEVELS
    }
    return min(r, key=r.get)


def pyramid_beats_rouge(L) -> bool:
    m = L.matrices
    pyr = st.level_correlation(m["pyramid_modified"], m["truth"], "summary", "pearson")[0]
    return bool(pyr > st.level_correlation(m["ROUGE-2"], m["truth"], "summary", "pearson")[0])


# --------------------------------------------------------------------------- lesson 3
def topics_needed(L, scores) -> int:
    draws = st.topic_subsample_correlations(
        scores, L.true_score.to_numpy(), L.sizes, n_draws=L.n_draws, method="kendall", seed=L.seed
    )
    mean = draws.groupby("size")["r"].mean()
    reached = mean[mean >= L.target]
    return int(reached.index.min()) if len(reached) else -1


def best_references(L) -> str:
    truth = L.matrices["truth"]
    tau = {
        k: st.level_correlation(m, truth, "system", "kendall")[0]
        for k, m in L.by_references.items()
    }
    best = max(tau.values())
    return str(min(k for k, v in tau.items() if v == best))


# --------------------------------------------------------------------------- lesson 4
def rejects_s1_s2(L) -> list:
    return sorted(L.tests.loc[L.tests["p_value"] <= L.alpha, "test"])


def worst_type1(L) -> str:
    r = lessons.rates(L.replications, L.alpha)
    r = r[r["truly_equal"]].set_index("test")["proportion"]
    return str(r.idxmax())


def shift_above_alpha(L) -> bool:
    r = lessons.rates(L.replications, L.alpha)
    row = r[r["truly_equal"] & (r["test"] == "bootstrap (shift)")].iloc[0]
    return bool(row["ci_low"] > L.alpha)


# --------------------------------------------------------------------------- lesson 5
def truly_better(L) -> str:
    m = L.matrices
    r = {
        k: st.level_correlation(m[k], m["truth"], "system", "pearson")[0]
        for k in ("ROUGE-1", "ROUGE-2")
    }
    return max(r, key=r.get)


def difference_p(L) -> float:
    m = L.matrices
    h, a, b = (m[k].mean(axis=1).to_numpy() for k in ("pyramid_modified", "ROUGE-2", "ROUGE-1"))
    r = lambda x, y: float(np.corrcoef(x, y)[0, 1])  # noqa: E731
    return float(st.williams_test(r(h, a), r(h, b), r(a, b), len(h)).p)


def blocks_won(L) -> int:
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
def most_negative_judge(L) -> str:
    return str(L.world.judges.set_index("judge")["bias"].idxmin())


def worst_estimated_bias(L) -> str:
    e = lessons.judge_effects(L.world.judgments).merge(
        L.world.judges, on="judge", suffixes=("", "_true")
    )
    return str(e.set_index("judge").eval("bias - bias_true").abs().idxmax())


def normalizing_helps(L) -> bool:
    from evalkit.stats.human import normalize_per_judge

    j = L.world.judgments
    raw = worlds.matrix(lessons.item_means(j))
    z = worlds.matrix(lessons.item_means(normalize_per_judge(j, "zscore")))
    truth = L.truth.loc[raw.index, raw.columns]
    return bool(
        st.level_correlation(z, truth, "global", "pearson")[0]
        > st.level_correlation(raw, truth, "global", "pearson")[0]
    )


# --------------------------------------------------------------------------- lesson 7
def experimentwise(L) -> float:
    return st.experimentwise_error(L.alpha, int(L.tests["truly_equal"].sum()))


def false_rejections(L, level) -> int:
    t = L.tests
    return int(((t["p_value"] <= level) & t["truly_equal"]).sum())


# --------------------------------------------------------------------------- lesson 8
def system_tau(L, name) -> float:
    return st.level_correlation(L.matrices[name], L.matrices["truth"], "system", "kendall")[0]


def candidate_closer(L) -> bool:
    return bool(system_tau(L, L.candidate) > system_tau(L, L.baseline))


def candidate_significant(L) -> bool:
    m = L.matrices
    h, a, b = (m[k].mean(axis=1).to_numpy() for k in ("pyramid_modified", L.candidate, L.baseline))
    r = lambda x, y: float(np.corrcoef(x, y)[0, 1])  # noqa: E731
    better = r(h, a) > r(h, b)
    return bool(better and st.williams_test(r(h, a), r(h, b), r(a, b), len(h)).p < L.alpha)


def candidate_summary_tau(L) -> float:
    return st.level_correlation(L.matrices[L.candidate], L.matrices["truth"], "summary", "kendall")[
        0
    ]
