"""Scores against every k-subset of a topic's model summaries, for ROUGE and the Pyramid.

Owczarzak & Dang (2009) and the model-subset sweeps of :mod:`evalkit.stats.sampling` score
each peer summary against many subsets of the n models of its topic. Both tables here are
computed once per k and then only indexed: for every instance t, the k-subsets of its
models are ``itertools.combinations`` of the sorted model labels, so subset index j means
the same models for ROUGE and for the Pyramid.

* :func:`subset_recall_table`: ROUGE recall under ``-f A`` (model average), pooled from the
  per-(peer, model) counts of :meth:`evalkit.metrics.rouge.Rouge.pair_counts`:
  R = sum_{m in S} hit_m / sum_{m in S} |m|, rounded as the script prints it
  (:func:`evalkit.metrics.rouge_text.perl_round5`); range [0, 1].
* :func:`subset_score_table`: the Pyramid score against the pyramid rebuilt from the subset
  (:func:`evalkit.metrics.pyramid.score_pyramid` with ``models=``); range as there.

Layout: ``table[t, j, s]`` = score of system ``s`` on instance ``t`` against subset ``j``;
NaN where the system is not scored, is one of the subset's models, or j is past the
instance's subsets.
"""

from __future__ import annotations

import itertools
from typing import List, Mapping, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics.pyramid import TopicPyramid, score_pyramid
from evalkit.metrics.rouge_text import perl_round5

__all__ = ["subset_recall_table", "subset_score_table"]


def _k_subsets(k, labels: Sequence[Sequence], instances: Sequence[str]) -> List[List[Tuple]]:
    """The k-subsets of each instance's sorted model labels (ParameterError for a bad k)."""
    if isinstance(k, bool) or not isinstance(k, (int, np.integer)) or k < 1:
        raise ParameterError("k", k, "an integer >= 1")
    subsets = [list(itertools.combinations(models, k)) for models in labels]
    for models, subs, inst in zip(labels, subsets, instances):
        if not subs:
            raise ParameterError("k", k, f"at most the {len(models)} models of {inst}")
    return subsets


def subset_recall_table(
    pair_counts: pd.DataFrame, metric: str, k: int, instances: Sequence[str], systems: Sequence[str]
) -> Tuple[np.ndarray, List[List[Tuple]]]:
    """ROUGE recall (``-f A``, rounded as the script prints it) against every k-subset of each
    instance's models, from :meth:`Rouge.pair_counts`.

    Returns ``(table, subsets)``: ``table[t, j, s]`` = recall of ``systems[s]`` on
    ``instances[t]`` against the models ``subsets[t][j]`` (``itertools.combinations`` of the
    sorted labels of the ``model`` column, as :func:`subset_score_table` orders its subsets, so one subset index means the same models in both; NaN where not scored, where the system is one of the subset's
    models, or past the instance's subsets). Equal to re-scoring each subset with
    :meth:`Rouge.score`.
    """
    pc = pair_counts[pair_counts["metric"] == metric]
    if pc.empty:
        raise ParameterError("metric", metric, f"one of {sorted(set(pair_counts['metric']))}")
    srow = {s: i for i, s in enumerate(systems)}
    parts = dict(tuple(pc.groupby("instance", sort=False)))
    for inst in instances:
        if inst not in parts:
            raise ParameterError("instances", inst, "instances present in pair_counts")
    labels = [sorted(set(parts[inst]["model"])) for inst in instances]
    subsets = _k_subsets(k, labels, instances)
    table = np.full((len(instances), max(len(s) for s in subsets), len(systems)), np.nan)
    for t, inst in enumerate(instances):
        part = parts[inst]
        part = part[part["system"].isin(srow)]
        cols = part["system"].map(srow).to_numpy()
        mcol = {m: j for j, m in enumerate(labels[t])}
        mpos = part["model"].map(mcol).to_numpy()
        hit = np.zeros((len(systems), len(labels[t])))
        size = np.zeros((len(systems), len(labels[t])))
        seen = np.zeros(len(systems), dtype=bool)
        hit[cols, mpos] = part["hit_count"].to_numpy()
        size[cols, mpos] = part["model_count"].to_numpy()
        seen[cols] = True
        for j, sub in enumerate(subsets[t]):
            idx = [mcol[m] for m in sub]
            h = hit[:, idx].sum(axis=1)
            m = size[:, idx].sum(axis=1)
            with np.errstate(invalid="ignore", divide="ignore"):
                r = perl_round5(np.where(m != 0, h / np.where(m != 0, m, 1), 0.0))
            # a summary that is one of the subset's models is not scored against itself
            inside = np.array([s in sub for s in systems], dtype=bool)
            table[t, j] = np.where(seen & ~inside, r, np.nan)
    return table, subsets


def subset_score_table(
    pyramids: Mapping[str, TopicPyramid],
    k: int,
    summarizers: Sequence[str],
    *,
    method: str = "modified",
    rounding: str = "none",
) -> Tuple[np.ndarray, List[List[Tuple[str, ...]]]]:
    """Scores of ``summarizers`` against every k-model pyramid of every instance.

    Returns ``(table, subsets)``: ``table[t, j, s]`` = score of ``summarizers[s]`` on instance
    ``t`` (in ``pyramids`` order) against its j-th k-subset of models ``subsets[t][j]``
    (``itertools.combinations`` of the sorted model ids, as :func:`subset_recall_table` orders them; NaN
    where the summarizer is not annotated or is in the subset, or j is past the instance's
    subsets). A model-subset sweep then only indexes this table (evalkit.stats.sampling).
    """
    subsets = _k_subsets(
        k, [p.models for p in pyramids.values()], [p.instance for p in pyramids.values()]
    )
    width = max(len(s) for s in subsets)
    table = np.full((len(subsets), width, len(summarizers)), np.nan)
    for t, (pyr, subs) in enumerate(zip(pyramids.values(), subsets)):
        pos = set(pyr.summarizers)
        cols = [i for i, s in enumerate(summarizers) if s in pos]
        names = [summarizers[i] for i in cols]
        for j, sub in enumerate(subs):
            sc = score_pyramid(pyr, list(sub), method=method, rounding=rounding, summarizers=names)[
                "score"
            ].to_numpy()
            inside = np.array([s in sub for s in names], dtype=bool)
            table[t, j, cols] = np.where(inside, np.nan, sc)
    return table, subsets
