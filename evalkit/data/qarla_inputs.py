"""A summarization corpus as QARLA's inputs: the summaries of every test case with their
roles (human ``model`` / automatic ``peer``), and the system-level human score QUEEN
rankings are compared with.

Layout: ``summaries`` = ``instance, summarizer, sentences`` (one row per summary);
``roles`` = ``instance, summarizer, role``. Instances with fewer than ``min_models``
models are left out and reported in ``dropped`` (QUEEN of a model over distinct triples
needs three other models, so KING needs four models per test case). ``max_instances``
keeps the first instances in natural order, ``max_peers`` the first peer systems in
natural order (how quick runs shrink a corpus); both are recorded by the caller.
"""
from __future__ import annotations

from typing import Optional, Tuple

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.text.natural_sort import natural_key

__all__ = ["summaries_and_roles", "system_human_scores"]


def summaries_and_roles(corpus, *, max_instances: Optional[int] = None, max_peers: Optional[int] = None,
                        min_models: int = 4) -> Tuple[pd.DataFrame, pd.DataFrame, list]:
    """``(summaries, roles, dropped_instances)`` of a SummarizationCorpus."""
    kinds = corpus.summarizers.set_index("summarizer")["type"]
    summ = corpus.summaries[["instance", "summarizer", "sentences"]].copy()
    summ["summarizer"] = summ["summarizer"].astype(str)
    kinds.index = kinds.index.astype(str)
    summ["role"] = summ["summarizer"].map(kinds)
    if summ["role"].isna().any():
        raise ParameterError("corpus", corpus.name, "a type (model/peer) for every summarizer")
    if max_peers is not None:
        peers = sorted(summ.loc[summ["role"] == "peer", "summarizer"].unique(), key=natural_key)[:max_peers]
        summ = summ[(summ["role"] == "model") | summ["summarizer"].isin(peers)]
    n_models = summ[summ["role"] == "model"].groupby("instance").size()
    keep = sorted((i for i in summ["instance"].unique() if n_models.get(i, 0) >= min_models), key=natural_key)
    dropped = sorted(set(summ["instance"]) - set(keep), key=natural_key)
    if max_instances is not None:
        keep = keep[:max_instances]
    if not keep:
        raise ParameterError("corpus", corpus.name, f"test cases with at least {min_models} models")
    summ = summ[summ["instance"].isin(keep)].reset_index(drop=True)
    return summ[["instance", "summarizer", "sentences"]], summ[["instance", "summarizer", "role"]], dropped


def system_human_scores(corpus, column: str = "coverage") -> pd.Series:
    """Mean human score per peer system over its judged summaries: DUC SEE coverage
    (:func:`evalkit.data.human_scores.duc_see_scores`, formula ``see_mean``) or SummEval
    expert relevance (:func:`~evalkit.data.human_scores.summeval_coverage_quality`)."""
    from evalkit.data import human_scores

    if corpus.name == "summeval":
        frame = human_scores.summeval_coverage_quality(corpus)
    else:
        frame = human_scores.duc_see_scores(corpus, formula="see_mean")
    if column not in frame.columns:
        raise ParameterError("column", column, f"one of {[c for c in frame.columns if c not in ('instance', 'system')]}")
    out = frame.groupby(frame["system"].astype(str))[column].mean()
    out.index.name = "system"
    return out
