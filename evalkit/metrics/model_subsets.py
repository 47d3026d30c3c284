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

    Parameters
    ----------
    pair_counts : pandas.DataFrame
        :meth:`evalkit.metrics.rouge.Rouge.pair_counts`: ``instance, system, model, metric,
        hit_count, model_count, peer_count``.
    metric : str
        The ``metric`` rows to use (``"ROUGE-2"``).
    k : int
        Models per subset, 1 <= k <= the instance's models.
    instances, systems : sequence of str
        Rows (``t``) and columns (``s``) of the table.

    Returns
    -------
    table : numpy.ndarray
        Shape ``(len(instances), max subsets, len(systems))``, recall in [0, 1] or NaN.
    subsets : list of list of tuple
        Per instance, its k-subsets of model labels (index ``j``).

    Examples
    --------
    >>> from evalkit.metrics.model_subsets import subset_recall_table
    >>> from evalkit.metrics.rouge import Rouge, RougeCorpus
    >>> refs = [["the cat sat down"], ["a cat sat"], ["the dog ran"]]
    >>> corpus = RougeCorpus.from_lists(
    ...     [["the cat sat"], ["a dog ran"]], [refs, refs], ["d1", "d1"], ["s1", "s2"]
    ... )
    >>> table, subsets = subset_recall_table(
    ...     Rouge(n=1).pair_counts(corpus), "ROUGE-1", 2, ["d1"], ["s1", "s2"]
    ... )
    >>> subsets
    [[(0, 1), (0, 2), (1, 2)]]
    >>> table[0].tolist()  # s1 against models 0 and 1: (3 + 2) / (4 + 3)
    [[0.71429, 0.14286], [0.57143, 0.28571], [0.5, 0.5]]
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

    Parameters
    ----------
    pyramids : mapping of str to TopicPyramid
        :func:`evalkit.metrics.pyramid.build_pyramids` (instance -> pyramid); rows ``t`` in
        its order.
    k : int
        Models per subset, 1 <= k <= the instance's models.
    summarizers : sequence of str
        Columns ``s`` of the table.
    method : str
        ``"modified"`` or ``"original"`` (:data:`evalkit.metrics.pyramid.METHODS`).
    rounding : str
        How X is rounded (:data:`evalkit.metrics.pyramid.ROUNDING`).

    Returns
    -------
    table : numpy.ndarray
        Shape ``(len(pyramids), max subsets, len(summarizers))``: scores or NaN.
    subsets : list of list of tuple of str
        Per instance, its k-subsets of model ids (index ``j``).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.model_subsets import subset_score_table
    >>> from evalkit.metrics.pyramid import build_pyramids
    >>> members = {"s1": "ABC", "s2": "AB", "s3": "C"}  # SCU -> models contributing
    >>> scus = pd.DataFrame(
    ...     {"instance": "T1", "scu": list(members), "label": "x", "weight": [3.0, 2.0, 1.0]}
    ... )
    >>> contributors = pd.DataFrame(
    ...     [("T1", s, m, "x", None, None) for s, ms in members.items() for m in ms],
    ...     columns=["instance", "scu", "summarizer", "contributor", "start", "end"],
    ... )
    >>> peer = pd.DataFrame([("T1", "p1", "s1"), ("T1", "p1", "s3")],
    ...                     columns=["instance", "summarizer", "scu"])
    >>> pyramids = build_pyramids(scus, contributors, peer, models=["A", "B", "C"])
    >>> table, subsets = subset_score_table(pyramids, 2, ["p1", "A"])
    >>> subsets
    [[('A', 'B'), ('A', 'C'), ('B', 'C')]]
    >>> table[0].tolist()  # p1 vs {A, B}: s1 weighs 2, s3 0; X = 2, Max = 4
    [[0.5, nan], [1.0, nan], [1.0, 1.0]]
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
