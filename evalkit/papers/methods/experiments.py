"""Loading each profile's data and building the metric and human score matrices and the
segment scores the toolbox notebook correlates."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

from .spec import DESCRIPTIONS, METRIC_CONFIG, METRICS, PROFILES, PYRAMID, SUMMARIZATION

__all__ = [
    "metric",
    "load_summarization",
    "summary_matrices",
    "long_frames",
    "system_level",
    "load_mt",
    "segment_scores",
    "input_blocks",
]


def metric(name: str):
    """The registered metric behind a name of :data:`METRICS` (references given per segment)."""
    from evalkit.metrics import get_metric

    if name not in METRIC_CONFIG:
        raise ParameterError("metrics", name, f"one of {METRICS}")
    key, config = METRIC_CONFIG[name]
    return get_metric(key, **config)


def _check_profile(profile: str) -> None:
    if profile not in PROFILES:
        raise ParameterError("profile", profile, f"one of {PROFILES}")


# --------------------------------------------------------------------------- summarization
def load_summarization(
    profile: str, quick: bool = False, max_inputs: Optional[int] = None, part: str = "main"
):
    """``(corpus, judgment, description)`` of the profile's summarization data (data set keys
    of :mod:`evalkit.data.datasets`): ``part="main"``: ``duc2004`` on sample and licensed,
    ``summeval`` on public; ``part="pyramid"``: :data:`PYRAMID`. ``quick`` keeps the first 20
    inputs of a public set (the sample has its own quick size)."""
    from evalkit.data import datasets

    _check_profile(profile)
    if part not in ("main", "pyramid"):
        raise ParameterError("part", part, "'main' or 'pyramid'")
    key, judgment, description = (
        (*SUMMARIZATION[profile], DESCRIPTIONS[profile]) if part == "main" else PYRAMID[profile]
    )
    corpus = datasets.load(key, profile, quick=quick)
    if max_inputs is None and quick and profile == "public":
        max_inputs = 20
    if max_inputs is not None:
        corpus = corpus.subset(instances=list(corpus.instances["instance"])[:max_inputs])
    return corpus, judgment, description


def summary_matrices(
    corpus, judgment: str, metrics: Sequence[str] = METRICS
) -> Tuple[Dict[str, pd.DataFrame], pd.DataFrame]:
    """One (peers x inputs) matrix per metric and the human matrix of ``judgment`` (averaged
    over assessors). A peer summary is scored against all model summaries of its input
    (sentences joined by spaces); cells without a summary or a judgment are NaN."""
    j = corpus.judgments[
        (corpus.judgments["judgment"] == judgment)
        & corpus.judgments["summarizer"].isin(corpus.peers())
    ]
    if j.empty:
        raise ParameterError("judgment", judgment, f"a judgment of the corpus {corpus.name!r}")
    human = j.pivot_table(index="summarizer", columns="instance", values="value", aggfunc="mean")
    s = corpus.summaries.assign(text=corpus.summaries["sentences"].map(" ".join))
    models = s[s["summarizer"].isin(corpus.models())].groupby("instance")["text"].apply(list)
    peers = s[
        s["summarizer"].isin(human.index)
        & s["instance"].isin(human.columns)
        & s["instance"].isin(models.index)
    ]
    refs = [models[i] for i in peers["instance"]]
    out = {}
    for name in metrics:
        values = metric(name).sentence_scores(list(peers["text"]), refs)
        m = pd.DataFrame(
            {
                "summarizer": peers["summarizer"].to_numpy(),
                "instance": peers["instance"].to_numpy(),
                "value": values,
            }
        ).pivot(index="summarizer", columns="instance", values="value")
        out[name] = m.reindex(index=human.index, columns=human.columns)
    return out, human


def long_frames(matrices: Dict[str, pd.DataFrame], human: pd.DataFrame, judgment: str):
    """``(scores, judgments)`` long frames (``instance, system, metric, value`` and
    ``instance, summarizer, judgment, value``) of the matrices, for :func:`evalkit.stats.correlate`."""
    scores = pd.concat(
        [
            m.rename_axis(index="system", columns="instance")
            .stack()
            .rename("value")
            .reset_index()
            .assign(metric=name)
            for name, m in matrices.items()
        ],
        ignore_index=True,
    )
    judgments = (
        human.rename_axis(index="summarizer", columns="instance")
        .stack()
        .rename("value")
        .reset_index()
        .assign(judgment=judgment)
    )
    return scores, judgments


def system_level(matrices: Dict[str, pd.DataFrame], human: pd.DataFrame):
    """``(scores, human)``: system means over the inputs both sides scored (the shared-cells
    rule), as long frames ``system, metric, value`` and ``system, value``."""
    from evalkit.stats.correlation import apply_missing_rule

    rows, h_means = [], None
    for name, m in matrices.items():
        x, y = apply_missing_rule(m.to_numpy(float), human.to_numpy(float))
        rows.append(
            pd.DataFrame({"system": m.index, "metric": name, "value": np.nanmean(x, axis=1)})
        )
        h_means = pd.DataFrame({"system": human.index, "value": np.nanmean(y, axis=1)})
    return pd.concat(rows, ignore_index=True), h_means


def input_blocks(n_inputs: int, k: int) -> List[np.ndarray]:
    """``k`` disjoint blocks of consecutive input positions (independent sub-data sets for a
    partial-conjunction analysis)."""
    if not 1 <= k <= n_inputs:
        raise ParameterError("k", k, f"an integer in [1, {n_inputs}] (the number of inputs)")
    return [b for b in np.array_split(np.arange(n_inputs), k)]


# --------------------------------------------------------------------------- MT
def load_mt(
    profile: str,
    quick: bool = False,
    pair: str = "kk-en",
    min_difference: float = 1.0,
    max_segments: Optional[int] = None,
):
    """``(corpus, pairs, description)``: the profile's MT corpus and its relative-ranking pairs
    ``document, segment, better, worse``. ``min_difference``: the adequacy difference that makes
    a pair where pairs are derived from adequacy (sample, licensed). ``quick`` keeps the first
    200 segments of the public set."""
    from evalkit.data import datasets
    from evalkit.stats.correlation import darr_pairs

    _check_profile(profile)
    if profile == "public":
        corpus = datasets.load(f"wmt19-darr-{pair}", profile)
        pairs = corpus.preferences[["document", "segment", "better", "worse"]]
        desc = f"WMT19 daRR {pair} (the task's own relative-ranking pairs)"
        if max_segments is None and quick:
            max_segments = 200
    else:
        corpus = datasets.load("tides2003" if profile == "sample" else "mtc4", profile, quick=quick)
        desc = (
            "simulated TIDES 2003" if profile == "sample" else "MTC Part 4 / TIDES 2003, licensed"
        ) + " (pairs from mean adequacy)"
        adequacy = corpus.judgments[corpus.judgments["judgment"] == "adequacy"]
        mean = adequacy.groupby(["document", "segment", "system"], as_index=False)["value"].mean()
        pairs = darr_pairs(mean, min_difference=min_difference)
    if max_segments is not None:
        keep = corpus.segments[["document", "segment"]].head(max_segments)
        pairs = pairs.merge(keep, on=["document", "segment"])
    return corpus, pairs.reset_index(drop=True), desc


def segment_scores(corpus, pairs: pd.DataFrame, metrics: Sequence[str] = METRICS) -> pd.DataFrame:
    """Sentence scores ``document, segment, system, metric, value`` of every output that takes
    part in a pair, against the segment's references."""
    used = pd.concat(
        [
            pairs[["document", "segment", "better"]].rename(columns={"better": "system"}),
            pairs[["document", "segment", "worse"]].rename(columns={"worse": "system"}),
        ]
    ).drop_duplicates()
    out = corpus.outputs.merge(used, on=["document", "segment", "system"])
    refs = corpus.references.groupby(["document", "segment"])["text"].apply(list)
    ref_lists = [refs[(d, s)] for d, s in zip(out["document"], out["segment"])]
    frames = [
        out[["document", "segment", "system"]].assign(
            metric=name, value=metric(name).sentence_scores(list(out["text"]), ref_lists)
        )
        for name in metrics
    ]
    return pd.concat(frames, ignore_index=True)
