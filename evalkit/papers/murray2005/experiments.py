"""Murray et al. (2005): the meetings, the four summarizers, ROUGE, WER, the human tables and
their correlations with ROUGE (public stand-in: SummEval's expert ratings)."""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import pandas as pd
from scipy import stats as sps

from evalkit.data.meetings import MeetingCorpus
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.metrics.rouge import Rouge
from evalkit.metrics.wer import summary_wer
from evalkit.stats import likert
from evalkit.text import asr_channel, extractive

from .spec import APPROACHES

__all__ = [
    "load_meetings",
    "add_asr",
    "train",
    "summarize",
    "summary_texts",
    "rouge_table",
    "wer_table",
    "human_tables",
    "rouge_human_correlations",
    "summeval_ratings",
    "ratings_and_rouge",
]


def load_meetings(profile: str, quick: bool = False) -> MeetingCorpus:
    from evalkit.data import datasets

    return datasets.load(
        "icsi-meetings",
        profile,
        quick=quick,
        **({"n_train": 6} if profile == "public" and quick else {}),
    )


def add_asr(corpus: MeetingCorpus, wer: float, seed: int) -> MeetingCorpus:
    """Fill empty ASR columns (the licensed ICSI release has none) with the synthetic channel."""
    units = corpus.units.copy()
    for k, m in enumerate(corpus.meeting_ids()):
        rows = units["meeting"] == m
        if (units.loc[rows, "asr"] == "").all():
            units.loc[rows, "asr"] = asr_channel.corrupt(
                units.loc[rows, "manual"].tolist(), wer, seed=seed + k, spread=0.5
            )
    return MeetingCorpus(
        corpus.meetings,
        units,
        corpus.extracts,
        corpus.system_extracts,
        corpus.ratings,
        meta={**corpus.meta, "asr": f"synthetic channel at WER {wer:g} where none was given"},
    )


def train(corpus: MeetingCorpus, seed: int = 0, n_components: int = 2) -> dict:
    """FB1/FB2 classifiers fitted on the training meetings' manual transcripts and extracts."""
    docs, labels = [], []
    for m in corpus.meeting_ids("train"):
        docs.append(corpus.transcript(m)["text"].tolist())
        labels.append((corpus.extract_labels(m).sum(axis=1) > 0).astype(int).tolist())
    if not docs:
        raise ParameterError(
            "corpus", "no training meetings", "meetings with split 'train' and extracts"
        )
    return extractive.train_classifiers(docs, labels, seed=seed, n_components=n_components)


def summarize(
    corpus: MeetingCorpus,
    classifiers: dict,
    ratio: float = 0.10,
    lambda_start: float = 1.0,
    lambda_end: float = 0.5,
    lsa_variant: str = "proportional",
) -> pd.DataFrame:
    """The four approaches on every test meeting, manual and ASR: meeting, approach, transcript, da."""
    rows = []
    for m in corpus.meeting_ids("test"):
        for transcript in ("manual", "asr"):
            t = corpus.transcript(m, transcript)
            n = extractive.summary_size(len(t), ratio)
            for a in APPROACHES:
                picked = extractive.run_approach(
                    a, t["text"].tolist(), n, classifiers, lambda_start, lambda_end, lsa_variant
                )
                rows += [
                    {"meeting": m, "approach": a, "transcript": transcript, "da": t["da"].iloc[i]}
                    for i in picked
                ]
    return pd.DataFrame(rows)


def summary_texts(corpus: MeetingCorpus, extracts: pd.DataFrame) -> pd.DataFrame:
    """Each system summary as text (the ASR words for ASR summaries), with the human extracts as references."""
    u = corpus.units.set_index(["meeting", "da"])
    rows = []
    for (m, a, tr), g in extracts.groupby(["meeting", "approach", "transcript"], sort=True):
        idx = pd.MultiIndex.from_arrays([g["meeting"], g["da"]])
        order = u.loc[idx, "position"].to_numpy().argsort()
        rows.append(
            {
                "meeting": m,
                "approach": a,
                "transcript": tr,
                "text": u.loc[idx, tr].to_numpy()[order].tolist(),
            }
        )
    refs = {}
    for m, g in corpus.extracts.groupby("meeting"):
        refs[m] = [
            corpus.units.set_index(["meeting", "da"])
            .loc[[(m, d) for d in ga["da"]], "manual"]
            .tolist()
            for _, ga in g.groupby("annotator")
        ]
    out = pd.DataFrame(rows)
    out["references"] = out["meeting"].map(refs)
    return out


def rouge_table(texts: pd.DataFrame, stem: bool = True) -> pd.DataFrame:
    """ROUGE-1, -2, -L recall (model average over the human extracts) per summary."""
    res = (
        Rouge(n=2, lcs=True, stem=stem)
        .score(
            texts["text"].tolist(),
            texts["references"].tolist(),
            instance_ids=[f"{m}|{tr}" for m, tr in zip(texts["meeting"], texts["transcript"])],
            system_ids=texts["approach"].tolist(),
        )
        .scores
    )
    res[["meeting", "transcript"]] = res["instance"].str.split("|", expand=True)
    return (
        res.rename(columns={"system": "approach"})
        .pivot_table(index=["meeting", "transcript", "approach"], columns="metric", values="R")
        .reset_index()
    )


def wer_table(corpus: MeetingCorpus, extracts: pd.DataFrame) -> pd.DataFrame:
    """Per test meeting: WER of the ASR summaries' DAs (all approaches pooled) and of the whole meeting."""
    rows = []
    for m in corpus.meeting_ids("test"):
        t = (
            corpus.units[corpus.units["meeting"] == m]
            .sort_values("position")
            .reset_index(drop=True)
        )
        das = set(extracts[(extracts["meeting"] == m) & (extracts["transcript"] == "asr")]["da"])
        picked = [i for i, d in enumerate(t["da"]) if d in das]
        rows.append(
            {
                "meeting": m,
                "summary_wer": 100 * summary_wer(t["asr"].tolist(), t["manual"].tolist(), picked),
                "meeting_wer": 100 * summary_wer(t["asr"].tolist(), t["manual"].tolist()),
            }
        )
    return pd.DataFrame(rows)


def human_tables(ratings: pd.DataFrame, scale=(1, 7)) -> pd.DataFrame:
    """Tables 1-2: mean rating per transcript, statement and approach (wide: approaches as columns).

    Integer ratings are validated on ``scale`` and aggregated; ratings that are already means
    (SummEval's mean of three experts) are averaged within the scale's bounds."""
    by = ["transcript", "statement", "approach"]
    if (ratings["rating"] % 1 == 0).all():
        agg = likert.aggregate_likert(ratings, by, scale=scale)
    else:
        if ((ratings["rating"] < scale[0]) | (ratings["rating"] > scale[1])).any():
            raise ParameterError("ratings", "out of scale", f"mean ratings within {scale}")
        agg = ratings.groupby(by)["rating"].mean().rename("mean").reset_index()
    return agg.pivot_table(
        index=["transcript", "statement"], columns="approach", values="mean"
    ).reset_index()


def rouge_human_correlations(
    rouge: pd.DataFrame,
    ratings: pd.DataFrame,
    metric: str = "ROUGE-1",
    unit: Sequence[str] = ("approach", "meeting"),
) -> pd.DataFrame:
    """Spearman rho (and p) between ``metric`` and each statement's mean rating, per ``unit``,
    on manual, ASR and all summaries (Sec. 4.3)."""
    keys = ["transcript", *unit]
    mean = ratings.groupby(keys + ["statement"])["rating"].mean().unstack("statement")
    r = rouge.groupby(keys)[metric].mean()
    both = mean.join(r, how="inner")
    rows = []
    present = set(both.index.get_level_values("transcript"))
    subsets = [
        (t, both.xs(t, level="transcript", drop_level=False))
        for t in ("manual", "asr")
        if t in present
    ]
    if len(subsets) > 1:
        subsets.append(("all", both))
    for subset, frame in subsets:
        for st in mean.columns:
            rho, p = sps.spearmanr(frame[metric], frame[st])
            rows.append(
                {
                    "transcripts": subset,
                    "statement": st,
                    "rho": float(rho),
                    "p_value": float(p),
                    "n": len(frame),
                }
            )
    return pd.DataFrame(rows)


def summeval_ratings(max_documents: Optional[int] = None) -> Dict[str, pd.DataFrame]:
    """Public stand-in for the ratings: SummEval expert means (1-5) per (system, document) and
    ROUGE-1/2/L recall against the 11 references; 'meeting' = document, 'approach' = system,
    one 'transcript' (manual). Returns {"ratings": ..., "rouge": ...}."""
    from evalkit.data import datasets

    c = datasets.load("summeval", "public", documents=False)
    docs = list(c.instances["instance"])[:max_documents]
    j = c.judgments[c.judgments["instance"].isin(docs)]
    stmap = {"relevance": "INF1", "coherence": "READ2", "consistency": "INF3", "fluency": "READ3"}
    ratings = j.assign(
        statement=j["judgment"].map(stmap), transcript="manual", judge="experts-mean"
    ).rename(columns={"instance": "meeting", "summarizer": "approach", "value": "rating"})
    s = c.summaries[c.summaries["instance"].isin(docs)]
    models = s[s["summarizer"].str.startswith("ref")].groupby("instance")["sentences"].agg(list)
    peers = s[~s["summarizer"].str.startswith("ref")]
    res = (
        Rouge(n=2, lcs=True, stem=True)
        .score(
            peers["sentences"].tolist(),
            [models[i] for i in peers["instance"]],
            instance_ids=peers["instance"].tolist(),
            system_ids=peers["summarizer"].tolist(),
        )
        .scores
    )
    rouge = (
        res.pivot_table(index=["instance", "system"], columns="metric", values="R")
        .reset_index()
        .rename(columns={"instance": "meeting", "system": "approach"})
        .assign(transcript="manual")
    )
    return {
        "ratings": ratings[["judge", "meeting", "approach", "transcript", "statement", "rating"]],
        "rouge": rouge,
        "corpus": c,
    }


def ratings_and_rouge(
    profile: str, quick: bool = False, max_documents: Optional[int] = None
) -> dict:
    """The ratings and the ROUGE scores of the *rated* summaries of a profile: sample (the
    simulated judges' ratings of the simulated summaries), public (SummEval experts, 1-5),
    licensed (none: the ICSI release has no ratings -> DataNotConfiguredError)."""
    if profile == "public":
        out = summeval_ratings(max_documents)
        return {
            **out,
            "scale": (1, 5),
            "name": "public:summeval",
            "stands_in_for": "SummEval expert relevance (1-5) stands in for INFORMATIVENESS-1, consistency for "
            "INF-3; CNN/DM systems x documents stand in for approaches x meetings",
        }
    if profile == "licensed":
        raise DataNotConfiguredError(
            "Murray et al.'s human ratings",
            "they were never released; the ICSI annotations hold no summary ratings",
        )
    corpus = load_meetings(profile, quick)
    texts = summary_texts(corpus, corpus.system_extracts)
    return {
        "ratings": corpus.ratings,
        "rouge": rouge_table(texts),
        "scale": (1, 7),
        "name": corpus.name,
        "stands_in_for": corpus.meta.get("stands_in_for", ""),
        "corpus": corpus,
    }
