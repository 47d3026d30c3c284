"""Owczarzak, Rankel, Dang & Conroy (2012): the public stand-ins (SummEval for the CLASSY-like
fits and assessor alpha, REALSumm for mP - aP).
"""

from __future__ import annotations

from typing import Sequence

import pandas as pd

from evalkit.metrics.pyramid import autoannotate, build_pyramids, score_pyramids
from evalkit.stats import assessors as A
from evalkit.stats.regression import select_fit_predict, system_correlation

from .experiments import summary_features
from .spec import FEATURES

__all__ = ["public_alpha", "realsumm_mp_ap", "summeval_classy"]


def summeval_classy(
    methods: Sequence[str] = ("robust", "nnls", "cca"), max_size: int = 2, quick: bool = False
) -> pd.DataFrame:
    """SummEval stand-in for Table 5: documents in three parts (train, select, test), target
    expert relevance, automatic systems only, no exclusion: ``version, population, r, target, docset``."""
    from evalkit.data.summeval import load_summeval

    c = load_summeval(documents=False)
    insts = list(c.instances["instance"])[: 30 if quick else None]
    f = summary_features(c, insts, length_limit=None)
    y = c.judgments[c.judgments["judgment"] == "relevance"].rename(
        columns={"summarizer": "system", "value": "y"}
    )
    d = f.merge(y[["instance", "system", "y"]], on=["instance", "system"])
    third = {i: k * 3 // len(insts) for k, i in enumerate(insts)}
    part = [d[d["instance"].map(third) == k] for k in range(3)]
    pred, _ = select_fit_predict(
        part[0], part[1], part[1], part[2], list(FEATURES), "y", methods=methods, max_size=max_size
    )
    r = system_correlation(part[2], pred, "y")
    return pd.DataFrame(
        [("base", "NoModels", r, "responsiveness", "A")],
        columns=["version", "population", "r", "target", "docset"],
    )


def public_alpha() -> pd.DataFrame:
    """Repeated judgments in the public sets: identical system summaries of one document in
    SummEval (expert means of coherence, consistency, fluency, relevance) and REALSumm (crowd
    LitePyramid): ``category, assessor ("pooled"), alpha, units, values``."""
    from evalkit.data.realsumm import load_realsumm
    from evalkit.data.summeval import load_summeval

    out = []
    for corpus, judgments in (
        (load_summeval(documents=False), ("coherence", "consistency", "fluency", "relevance")),
        (load_realsumm(documents=False), ("litepyramid_recall",)),
    ):
        pairs = A.identical_pairs(corpus.summaries, systems=corpus.peers())
        for j in judgments:
            rep = A.repeated_judgments(pairs, corpus.judgments, j).assign(assessor="pooled")
            out.append(A.assessor_alpha(rep).assign(category=f"{corpus.name}:{j}"))
    return pd.concat(out, ignore_index=True)[["category", "assessor", "alpha", "units", "values"]]


def realsumm_mp_ap(punctuation: bool = True) -> pd.DataFrame:
    """REALSumm: manual pyramid (crowd SCU presence, weight 1, X = the reference's SCU count:
    LitePyramid recall) and autoPyramid (the SCU labels, standing in for contributor strings,
    matched in the summary): ``instance, system, mp, ap``."""
    from evalkit.data.realsumm import load_realsumm

    c = load_realsumm(documents=False)
    contrib = c.scus.assign(summarizer="ref", contributor=c.scus["label"], start=None, end=None)[
        ["instance", "scu", "summarizer", "contributor", "start", "end"]
    ]
    pyrs = build_pyramids(c.scus, contrib, c.peer_scus, ["ref"])
    manual = score_pyramids(pyrs)
    auto = []
    for inst, pyr in pyrs.items():
        texts = {s: " ".join(c.summary(inst, s)) for s in c.peers(inst)}
        auto.append(
            autoannotate(
                pyr, texts, contrib, sources={s: ["ref"] for s in texts}, punctuation=punctuation
            )
        )
    ap = score_pyramids(
        build_pyramids(c.scus, contrib, pd.concat(auto, ignore_index=True), ["ref"])
    )
    m = manual[manual["summarizer"] != "ref"].set_index(["instance", "summarizer"])["score"]
    a = ap.set_index(["instance", "summarizer"])["score"].reindex(m.index).fillna(0.0)
    return pd.DataFrame({"mp": m, "ap": a}).reset_index().rename(columns={"summarizer": "system"})
