"""Each lesson's world and computations: :func:`build` makes the small simulated world a
lesson studies (with its truth) and the frames its notebook shows."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Dict, Sequence

import numpy as np
import pandas as pd

from evalkit.data import worlds

from .spec import LESSON_METRICS

__all__ = [
    "build",
    "equal_pairs",
    "item_means",
    "judge_effects",
    "metric",
    "pair_tests",
    "probe_scores",
    "quality_levels",
    "rates",
    "replicated_tests",
    "topic_sizes",
]


def metric(name: str):
    """The registered metric behind a display name of :data:`LESSON_METRICS`."""
    from evalkit.metrics import get_metric

    key, config = LESSON_METRICS[name]
    return get_metric(key, **config)


def _summary_matrices(w, names: Sequence[str]) -> Dict[str, pd.DataFrame]:
    peers = w.peers
    out = {n: worlds.matrix(worlds.summary_scores(w, metric(n))).loc[peers] for n in names}
    truth = w.truth[w.truth["summarizer"].isin(peers)]
    out["truth"] = worlds.matrix(truth, "content", "summarizer", "instance").loc[peers]
    for j in ("pyramid_modified", "responsiveness"):
        frame = w.judgments[(w.judgments["judgment"] == j) & w.judgments["summarizer"].isin(peers)]
        out[j] = worlds.matrix(frame, "value", "summarizer", "instance").loc[peers]
    return {k: m[out["truth"].columns] for k, m in out.items()}


# --------------------------------------------------------------------------- lesson 1
def _reverse(text: str) -> str:
    return " ".join(reversed(text.split()))


def _half(text: str) -> str:
    words = text.split()
    return " ".join(words[: max(1, len(words) // 2)])


def probe_scores(w, metrics: Dict[str, object]) -> pd.DataFrame:
    """``segment, variant, metric, value``: reference R1 scored against R2-R4 as it is
    (``reference``: a perfect translation in other words), with its words in reverse order
    (``reversed``: the same words) and cut to its first half (``first half``)."""
    refs = w.references
    held = refs[refs["reference"] == "R1"].set_index("segment")["text"]
    others = refs[refs["reference"] != "R1"].groupby("segment", sort=False)["text"].apply(list)
    segs = list(held.index)
    rows = []
    for variant, change in (("reference", str), ("reversed", _reverse), ("first half", _half)):
        hyps = [change(held[s]) for s in segs]
        for name, m in metrics.items():
            values = m.sentence_scores(hyps, [others[s] for s in segs])
            rows.append(
                pd.DataFrame({"segment": segs, "variant": variant, "metric": name, "value": values})
            )
    return pd.concat(rows, ignore_index=True)


def _mt_world(p, qualities, **kw):
    """The lesson's simulated MT world: systems of these latent ``qualities`` on ``p``'s
    documents and segments, seeded by ``p.seed`` unless ``kw`` says otherwise."""
    kw.setdefault("seed", p.seed)
    return worlds.mt_world(
        qualities=qualities, n_documents=p.n_documents, n_segments=p.n_segments, **kw
    )


def _lesson_01(p):
    w = _mt_world(p, worlds.spread_qualities(p.n_systems))
    names = ("ROUGE-1", "ROUGE-2", "BLEU", "METEOR")
    metrics = {n: metric(n) for n in names}
    scores = pd.concat(
        [worlds.segment_scores(w, m).assign(metric=n) for n, m in metrics.items()],
        ignore_index=True,
    )
    truth = worlds.matrix(w.truth, "adequacy", item="segment")
    return SimpleNamespace(
        world=w,
        metrics=names,
        scores=scores,
        matrices={n: worlds.matrix(scores[scores["metric"] == n]) for n in names},
        truth=truth,
        probes=probe_scores(w, metrics),
    )


# --------------------------------------------------------------------------- lessons 2, 3, 5, 8
def _lesson_02(p):
    w = worlds.summarization_world(p.n_systems, p.n_topics, seed=p.seed)
    return SimpleNamespace(world=w, matrices=_summary_matrices(w, ("ROUGE-1", "ROUGE-2")))


def topic_sizes(n_topics: int) -> list:
    """The topic-subset sizes lesson 3 tries: 1, 2, 5, 10, 20, 40 below ``n_topics``, and
    ``n_topics`` itself."""
    return sorted({s for s in (1, 2, 5, 10, 20, 40) if s < n_topics} | {n_topics})


def _lesson_03(p):
    w = worlds.summarization_world(p.n_systems, p.n_topics, seed=p.seed)
    mats = _summary_matrices(w, ("ROUGE-2",))
    r2 = metric("ROUGE-2")
    by_refs = {
        k: worlds.matrix(worlds.summary_scores(w, r2, n_references=k)).loc[w.peers][
            mats["truth"].columns
        ]
        for k in (1, 2, 3, 4)
    }
    true_score = w.systems.set_index("system").loc[w.peers, "true_score"]
    return SimpleNamespace(
        world=w,
        matrices=mats,
        by_references=by_refs,
        true_score=true_score,
        sizes=topic_sizes(p.n_topics),
        n_draws=p.n_draws,
        target=p.target,
        seed=p.seed,
    )


def _lesson_05(p):
    w = worlds.summarization_world(p.n_systems, p.n_topics, seed=p.seed)
    mats = _summary_matrices(w, ("ROUGE-1", "ROUGE-2"))
    blocks = [list(b) for b in np.array_split(np.arange(p.n_topics), p.n_blocks) if len(b)]
    return SimpleNamespace(
        world=w,
        matrices=mats,
        blocks=blocks,
        n_resamples=p.n_resamples,
        alpha=p.alpha,
        seed=p.seed,
    )


def _lesson_08(p):
    w = worlds.summarization_world(p.n_systems, p.n_topics, seed=p.seed)
    names = ("ROUGE-2",) if p.candidate == "ROUGE-2" else ("ROUGE-2", p.candidate)
    return SimpleNamespace(
        world=w,
        matrices=_summary_matrices(w, names),
        candidate=p.candidate,
        baseline="ROUGE-2",
        alpha=p.alpha,
    )


# --------------------------------------------------------------------------- lesson 4
def _bleu_inputs(w, systems: Sequence[str]):
    """``(statistics, sentence)``: per system, corpus BLEU's per-segment statistics (sacrebleu
    defaults: vectorized in the resampling tests) and sentence BLEU (effective order)."""
    from evalkit.metrics import get_metric

    corpus, sentence_bleu = get_metric("bleu"), metric("BLEU")
    refs = w.references.groupby("segment", sort=False)["text"].apply(list)
    stats, sentence = {}, {}
    for s in systems:
        out = w.outputs[w.outputs["system"] == s]
        r = [refs[g] for g in out["segment"]]
        stats[s] = corpus.segment_statistics(list(out["text"]), r)
        sentence[s] = sentence_bleu.sentence_scores(list(out["text"]), r)
    return stats, sentence


def _tests(stats, sentence, a: str, b: str, n_resamples: int, seed: int) -> pd.DataFrame:
    from evalkit import stats as st
    from evalkit.metrics import get_metric

    bleu = get_metric("bleu")
    rows = []
    for name, test in (("t-test", "t"), ("Wilcoxon", "wilcoxon")):
        res = st.paired_test(sentence[a], sentence[b], test=test)
        rows.append((name, "sentence BLEU", res["p_value"].iloc[0]))
    pair = {b: stats[b], a: stats[a]}  # b is the baseline
    for method in ("shift", "centred"):
        res = st.paired_bootstrap(pair, bleu, n_resamples=n_resamples, method=method, seed=seed)
        rows.append((f"bootstrap ({method})", "corpus BLEU", res["p_value"].iloc[0]))
    res = st.approximate_randomization(pair, bleu, n_trials=n_resamples, seed=seed)
    rows.append(("randomization", "corpus BLEU", res["p_value"].iloc[0]))
    return pd.DataFrame(rows, columns=["test", "scores", "p_value"])


def pair_tests(w, a: str, b: str, n_resamples: int, seed: int) -> pd.DataFrame:
    """``test, scores, p_value`` of the five paired tests of :data:`TESTS` for systems ``a``
    vs ``b`` of an MT world: t-test and Wilcoxon on sentence BLEU, the paired bootstrap
    (shifted and centred) and approximate randomization on corpus BLEU."""
    stats, sentence = _bleu_inputs(w, (a, b))
    return _tests(stats, sentence, a, b, n_resamples, seed)


def replicated_tests(p) -> pd.DataFrame:
    """``replication, pair, truly_equal, test, p_value`` over ``n_replications`` fresh worlds
    (seeds ``seed + 1 ...``) of three systems: S1 truly better than S2 by ``quality_gap``
    (every rejection is right: the power), and two *equivalent variants* V1, V2 of S2 and S3,
    each taking every segment's output from S2 or S3 at random (Riezler & Maxwell 2005):
    exchangeable by construction, so every rejection is a type-I error."""
    from evalkit.notebook.progress import progress
    from evalkit.stats.type1 import equivalent_variants

    base = 0.6 - p.quality_gap / 2
    frames = []
    for r in progress(range(p.n_replications), desc="worlds"):
        w = _mt_world(p, (base + p.quality_gap, base, base), seed=p.seed + 1 + r)
        stats, sentence = _bleu_inputs(w, ("S1", "S2", "S3"))
        takes = equivalent_variants(len(sentence["S2"]), 2, np.random.default_rng([p.seed, r]))
        for v, t in (("V1", takes[0]), ("V2", takes[1])):
            stats[v] = np.where(t[:, None], stats["S3"], stats["S2"])
            sentence[v] = np.where(t, sentence["S3"], sentence["S2"])
        for a, b, equal in (("V1", "V2", True), ("S1", "S2", False)):
            t = _tests(stats, sentence, a, b, p.n_resamples, seed=p.seed + r)
            frames.append(t.assign(replication=r, pair=f"{a} vs {b}", truly_equal=equal))
    return pd.concat(frames, ignore_index=True)


def rates(replications: pd.DataFrame, alpha: float) -> pd.DataFrame:
    """``test, truly_equal, rejections, n, proportion, ci_low, ci_high`` (Wilson 95%): the
    share of replications each test rejects at ``alpha``; on truly equal pairs the type-I
    error rate, on truly different ones the power."""
    from evalkit.stats.multiplicity import binomial_ci

    g = replications.assign(rejected=replications["p_value"] <= alpha).groupby(
        ["test", "truly_equal"], sort=False
    )["rejected"]
    counts = g.agg(["sum", "size"]).reset_index()
    ci = binomial_ci(counts["sum"].to_numpy(), counts["size"].to_numpy(), method="wilson")
    return pd.concat(
        [counts[["test", "truly_equal"]], ci.rename(columns={"successes": "rejections"})],
        axis=1,
    )


def _lesson_04(p):
    base = 0.6 - p.quality_gap / 2
    w = _mt_world(p, (base + p.quality_gap, base, base))
    return SimpleNamespace(
        world=w,
        tests=pair_tests(w, "S1", "S2", p.n_resamples, p.seed),
        replications=replicated_tests(p),
        alpha=p.alpha,
    )


# --------------------------------------------------------------------------- lesson 6
def item_means(judgments: pd.DataFrame, judgment: str = "adequacy") -> pd.DataFrame:
    """``system, item, value``: the mean rating of each (system, segment) over its judges."""
    j = judgments[judgments["judgment"] == judgment]
    return (
        j.groupby(["system", "segment"], sort=False)["value"]
        .mean()
        .reset_index()
        .rename(columns={"segment": "item"})
    )


def judge_effects(judgments: pd.DataFrame, judgment: str = "adequacy") -> pd.DataFrame:
    """``judge, bias, spread, n``: each judge's mean residual (rating minus the mean rating
    of the same system's segment over its judges) and the sd of those residuals, a
    within-item estimate of the judge's bias and noise."""
    j = judgments[judgments["judgment"] == judgment]
    resid = j["value"] - j.groupby(["system", "segment"])["value"].transform("mean")
    return (
        j.assign(residual=resid)
        .groupby("judge")["residual"]
        .agg(bias="mean", spread="std", n="size")
        .reset_index()
    )


def _lesson_06(p):
    qualities = worlds.spread_qualities(p.n_systems)
    w = _mt_world(p, qualities, n_judges=p.n_judges, judge_bias_sd=p.judge_bias_sd)
    return SimpleNamespace(world=w, truth=worlds.matrix(w.truth, "adequacy", item="segment"))


# --------------------------------------------------------------------------- lesson 7
def quality_levels(n_systems: int, n_levels: int) -> tuple:
    """Latent qualities of ``n_systems`` systems cycling over ``n_levels`` evenly spread
    levels: systems on the same level are truly equal."""
    levels = worlds.spread_qualities(min(n_levels, n_systems))
    return tuple(levels[i % len(levels)] for i in range(n_systems))


def equal_pairs(w) -> set:
    """The unordered pairs ``(a, b)`` (sorted ids) of systems with equal latent quality."""
    q = w.systems.set_index("system")["quality"]
    ids = list(q.index)
    return {tuple(sorted((a, b))) for i, a in enumerate(ids) for b in ids[i + 1 :] if q[a] == q[b]}


def _lesson_07(p):
    from evalkit import stats as st
    from evalkit.metrics import get_metric

    w = _mt_world(p, quality_levels(p.n_systems, p.n_levels))
    stats, _ = _bleu_inputs(w, list(w.systems["system"]))
    tests = st.approximate_randomization(
        stats, get_metric("bleu"), pairs="all", n_trials=p.n_resamples, seed=p.seed
    )
    pairs = equal_pairs(w)
    tests["truly_equal"] = [
        tuple(sorted((a, b))) in pairs for a, b in zip(tests["system"], tests["baseline"])
    ]
    return SimpleNamespace(world=w, tests=tests, alpha=p.alpha)


_BUILDERS = {
    "01_ngram_metrics": _lesson_01,
    "02_meta_evaluation": _lesson_02,
    "03_how_many": _lesson_03,
    "04_significance": _lesson_04,
    "05_comparing_metrics": _lesson_05,
    "06_human_judgments": _lesson_06,
    "07_multiple_comparisons": _lesson_07,
    "08_capstone": _lesson_08,
}


def build(lesson: str, params) -> SimpleNamespace:
    """The world of ``lesson`` (a key of :data:`NOTEBOOKS`) for validated notebook
    ``params`` (``params.seed`` and the lesson's declared parameters)."""
    from evalkit.errors import ParameterError

    if lesson not in _BUILDERS:
        raise ParameterError("lesson", lesson, f"one of {sorted(_BUILDERS)}")
    return _BUILDERS[lesson](params)
