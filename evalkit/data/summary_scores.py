"""Per-summary scores computed on a :class:`~evalkit.data.model.SummarizationCorpus`, in the
forms the TAC meta-evaluation papers resample (Owczarzak et al. 2009-2012).

* :func:`rouge_pair_counts`: ROUGE hit and size counts per (instance, summarizer, model)
  (:meth:`evalkit.metrics.rouge.Rouge.pair_counts`), with the model's summarizer id; every
  summarizer, models included, is scored against every model of its instance, so a
  summary's score against any model subset -- jackknifed, leave-one-out, k-subsets -- is a
  sum over rows (``-f A`` pools counts over models).
* :func:`recall_from_counts`: ROUGE recall (rounded as ROUGE-1.5.5 prints it) of each
  summary against a chosen set of models per instance (``exclude_self``: a model is never
  scored against its own text, as TAC's jackknife does).
* :func:`corpus_pyramids`: the corpus' pyramids as :class:`evalkit.metrics.pyramid.TopicPyramid`.
* :func:`wide`: a long ``instance, system, value`` frame as an (instances x systems) matrix.
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.data.model import SummarizationCorpus
from evalkit.errors import ParameterError
from evalkit.metrics.pyramid import TopicPyramid, build_pyramids
from evalkit.metrics.rouge import Rouge, RougeCorpus
from evalkit.metrics.rouge_text import perl_round5

__all__ = ["rouge_pair_counts", "recall_from_counts", "corpus_pyramids", "wide"]


def rouge_pair_counts(
    corpus: SummarizationCorpus, rouge: Rouge, instances: Optional[Sequence[str]] = None
) -> pd.DataFrame:
    """``instance, system, model, metric, hit_count, model_count, peer_count`` with ``model`` =
    the model summarizer id (models of an instance in corpus order)."""
    insts = list(corpus.instances["instance"]) if instances is None else list(instances)
    by_inst = dict(tuple(corpus.summaries.groupby("instance", sort=False)))
    summ, refs, ids, systems, models_of = [], [], [], [], {}
    for inst in insts:
        if inst not in by_inst:
            raise ParameterError("instances", inst, "instances with summaries")
        grp = by_inst[inst]
        models = corpus.models(inst)
        if not models:
            raise ParameterError("corpus", inst, "at least one model summary per instance")
        models_of[inst] = models
        texts = dict(zip(grp["summarizer"], grp["sentences"]))
        mtexts = [list(texts[m]) for m in models]
        for s, sents in texts.items():
            summ.append(list(sents))
            refs.append(mtexts)
            ids.append(inst)
            systems.append(s)
    counts = rouge.pair_counts(RougeCorpus.from_lists(summ, refs, ids, systems))
    lookup = {(i, k): m for i, ms in models_of.items() for k, m in enumerate(ms)}
    counts["model"] = [lookup[(i, int(k))] for i, k in zip(counts["instance"], counts["model"])]
    return counts


def recall_from_counts(
    counts: pd.DataFrame,
    metric: str,
    models: Optional[Mapping[str, Sequence[str]]] = None,
    *,
    exclude_self: bool = True,
) -> pd.DataFrame:
    """Recall of every summary against ``models[instance]`` (default: all the instance's
    models), ``exclude_self`` leaving a model's own text out. Returns ``instance, system,
    value, n_models``."""
    c = counts[counts["metric"] == metric]
    if c.empty:
        raise ParameterError("metric", metric, f"one of {sorted(set(counts['metric']))}")
    keep = np.ones(len(c), dtype=bool)
    if models is not None:
        allowed = {(i, m) for i, ms in models.items() for m in ms}
        keep &= np.array([(i, m) in allowed for i, m in zip(c["instance"], c["model"])], dtype=bool)
    if exclude_self:
        keep &= (c["system"] != c["model"]).to_numpy()
    g = c[keep].groupby(["instance", "system"], sort=False)[["hit_count", "model_count"]].sum()
    n = c[keep].groupby(["instance", "system"], sort=False).size()
    h, m = g["hit_count"].to_numpy(float), g["model_count"].to_numpy(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        r = perl_round5(np.where(m != 0, h / np.where(m != 0, m, 1), 0.0))
    out = g.reset_index()[["instance", "system"]]
    out["value"] = r
    out["n_models"] = n.to_numpy()
    return out


def corpus_pyramids(
    corpus: SummarizationCorpus, instances: Optional[Sequence[str]] = None
) -> Dict[str, TopicPyramid]:
    """The pyramids of ``corpus`` (optionally only ``instances``)."""
    if corpus.scus.empty:
        raise ParameterError("corpus", corpus.name, "a corpus with pyramids (scus)")
    scus, contrib, peer = corpus.scus, corpus.scu_contributors, corpus.peer_scus
    if instances is not None:
        keep = set(instances)
        scus, contrib, peer = (f[f["instance"].isin(keep)] for f in (scus, contrib, peer))
    return build_pyramids(scus, contrib, peer, corpus.models())


def wide(
    frame: pd.DataFrame, instances: Sequence[str], systems: Sequence[str], value: str = "value"
) -> np.ndarray:
    """(instances x systems) matrix of a long frame (``system`` or ``summarizer``), NaN where absent."""
    col = "system" if "system" in frame.columns else "summarizer"
    table = frame.pivot_table(index="instance", columns=col, values=value, aggfunc="mean")
    return table.reindex(index=list(instances), columns=list(systems)).to_numpy(float)
