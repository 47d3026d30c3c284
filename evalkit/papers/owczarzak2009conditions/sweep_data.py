"""Owczarzak & Dang (2009): the data of one sweep (:class:`SweepData`: systems x topics matrices of
the full-data scores and references, per-k subset tables on demand) for TAC 2008, DUC 2007 or
the public SummEval stand-in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Sequence

import numpy as np
import pandas as pd

from evalkit.data.model import SummarizationCorpus
from evalkit.data.summary_scores import corpus_pyramids, recall_from_counts, rouge_pair_counts, wide
from evalkit.data.tac_views import load_tac, tac_part
from evalkit.errors import ParameterError
from evalkit.metrics.model_subsets import subset_recall_table, subset_score_table

from .spec import ROUGE_METRICS, rouge_config

__all__ = ["SweepData", "load_sweep_data", "load_sweep_data_by_docset"]


@dataclass
class SweepData:
    """One data set prepared for this paper's sweeps: (systems x topics) matrices of the full-data
    scores and references, and per-k subset tables built on demand."""

    name: str
    stands_in: str
    systems: List[str]
    instances: List[str]
    scores: Dict[str, np.ndarray]  # metric -> (systems x topics), all models
    references: Dict[str, np.ndarray]  # "responsiveness", "pyramid" -> (systems x topics)
    counts: pd.DataFrame = field(repr=False, default=None)
    pyramids: dict = field(repr=False, default=None)
    n_models: int = 4
    model_ids: Dict[str, List[str]] = field(default_factory=dict)
    sources: list = field(
        default_factory=list, repr=False
    )  # the corpora read (with their provenance)

    def subset_tables(self, k: int, metrics: Sequence[str], rounding: str = "none"):
        """({metric: (topics, subsets, systems) table}, subsets per topic)."""
        tables, n_sub = {}, None
        for m in metrics:
            if m == "pyramid":
                if self.pyramids is None:
                    raise ParameterError(
                        "metrics", m, f"metrics available on {self.name}: {sorted(self.scores)}"
                    )
                t, subsets = subset_score_table(self.pyramids, k, self.systems, rounding=rounding)
            elif m in ROUGE_METRICS:
                t, subsets = subset_recall_table(
                    self.counts, ROUGE_METRICS[m], k, self.instances, self.systems
                )
            else:
                raise ParameterError(
                    "metrics",
                    m,
                    "one of pyramid, rouge2, rougesu4 (BE is not computed in the sweeps)",
                )
            tables[m] = t
            n_sub = [len(s) for s in subsets]
        return tables, n_sub


def _tac_sweep_data(corpus: SummarizationCorpus, docset: str, metrics: Sequence[str]) -> SweepData:
    part = tac_part(corpus, docset)
    systems, insts = part.peers, part.instances
    scores: Dict[str, np.ndarray] = {}
    counts = (
        rouge_pair_counts(part.corpus, rouge_config(), insts)
        if set(metrics) & set(ROUGE_METRICS)
        else None
    )
    for m in metrics:
        if m in ROUGE_METRICS:
            scores[m] = wide(recall_from_counts(counts, ROUGE_METRICS[m]), insts, systems).T
    pyramids = corpus_pyramids(part.corpus, insts) if "pyramid" in metrics else None
    refs = {
        "responsiveness": wide(part.scores("responsiveness", systems), insts, systems).T,
        "pyramid": wide(part.scores("pyramid", systems), insts, systems).T,
    }
    if "pyramid" in metrics:
        scores["pyramid"] = refs["pyramid"]  # "4 (actual)": the official 4-model score
    return SweepData(
        part.name,
        "",
        systems,
        insts,
        scores,
        refs,
        counts,
        pyramids,
        n_models=len(part.corpus.models(insts[0])),
        model_ids={i: sorted(part.corpus.models(i)) for i in insts},
        sources=[part.source],
    )


def _summeval_sweep_data(max_models: int, quick: bool) -> SweepData:
    from evalkit.data import datasets

    corpus = full = datasets.load(
        "summeval",
        "public",
        documents=False,
        stands_in_for="TAC 2008 Responsiveness (expert relevance); no pyramids",
    )
    insts = list(corpus.instances["instance"])[: 20 if quick else None]
    models = corpus.models()[:max_models]
    keep = set(models) | set(corpus.peers())
    corpus = corpus.subset(instances=insts, summarizers=keep)
    systems = corpus.peers()
    counts = rouge_pair_counts(corpus, rouge_config(length_limit=None), insts)
    scores = {
        m: wide(recall_from_counts(counts, name), insts, systems).T
        for m, name in ROUGE_METRICS.items()
    }
    rel = corpus.judgments[corpus.judgments["judgment"] == "relevance"].rename(
        columns={"summarizer": "system"}
    )
    refs = {"responsiveness": wide(rel, insts, systems).T}
    return SweepData(
        f"SummEval ({len(insts)} documents, references {models[0]}..{models[-1]})",
        "expert relevance stands in for Responsiveness; no pyramids (REALSumm has one reference)",
        systems,
        insts,
        scores,
        refs,
        counts,
        None,
        n_models=len(models),
        sources=[full],
    )


def _duc2007_sweep_data(profile: str, quick: bool) -> SweepData:
    """DUC 2007 (Tables 5 and 11): ROUGE-2 and ROUGE-SU4 recall of the 250-word summaries
    against the topic's models, Content Responsiveness as the reference; no pyramids."""
    from evalkit.data import datasets

    corpus = datasets.load("duc2007", profile, **({"quick": quick} if profile == "sample" else {}))
    insts = list(corpus.instances["instance"])
    systems = corpus.peers()
    counts = rouge_pair_counts(corpus, rouge_config(length_limit=250), insts)
    scores = {
        m: wide(recall_from_counts(counts, name), insts, systems).T
        for m, name in ROUGE_METRICS.items()
    }
    j = corpus.judgments
    resp = j[j["judgment"] == "content_responsiveness"].rename(columns={"summarizer": "system"})
    return SweepData(
        corpus.name,
        ("the simulated DUC 2007" if profile == "sample" else "DUC 2007 (licensed)")
        + "; Content Responsiveness; BE not computed",
        systems,
        insts,
        scores,
        {"responsiveness": wide(resp[resp["system"].isin(systems)], insts, systems).T},
        counts,
        None,
        n_models=len(corpus.models(insts[0])),
        model_ids={i: sorted(corpus.models(i)) for i in insts},
        sources=[corpus],
    )


def load_sweep_data(
    profile: str,
    docset: str = "A",
    quick: bool = False,
    metrics: Sequence[str] = ("pyramid", "rouge2", "rougesu4"),
    max_models: int = 4,
) -> SweepData:
    """``sample``/``licensed``: TAC 2008 docset ``A`` (initial) or ``B`` (update) with
    ``metrics``, or ``docset="DUC"``: DUC 2007 (ROUGE only, Content Responsiveness);
    ``public``: SummEval, its first ``max_models`` references, ROUGE only."""
    if profile == "public":
        return _summeval_sweep_data(max_models, quick)
    if docset == "DUC":
        return _duc2007_sweep_data(profile, quick)
    ev = _tac_sweep_data(load_tac(2008, profile, quick), docset, metrics)
    ev.stands_in = (
        "the simulated TAC 2008" if profile == "sample" else "TAC 2008 (licensed)"
    ) + "; BE not computed"
    return ev


def load_sweep_data_by_docset(
    profile: str,
    keys: Sequence[tuple],
    quick: bool = False,
    metrics: Sequence[str] = ("pyramid", "rouge2", "rougesu4"),
) -> Dict[str, SweepData]:
    """:func:`load_sweep_data` for the docsets of ``keys`` (``(docset, reference)`` pairs).
    DUC 2007 (Tables 5 and 11) is optional: on the licensed profile without a configured
    DUC 2007 it is left out with a message, and the TAC 2008 tables still run."""
    from evalkit.errors import DataNotConfiguredError

    out: Dict[str, SweepData] = {}
    for docset in dict.fromkeys(d for d, _ in keys):
        try:
            out[docset] = load_sweep_data(profile, docset, quick=quick, metrics=metrics)
        except DataNotConfiguredError as e:
            if docset != "DUC":
                raise
            print(f"Tables 5 and 11 left out: {e}")
    return out
