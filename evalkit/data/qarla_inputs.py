"""A summarization corpus as QARLA's inputs: the summaries of every test case with their
roles (human ``model`` / automatic ``peer``), and the system-level human score QUEEN
rankings are compared with.

Layout: ``summaries`` = ``instance, summarizer, sentences`` (one row per summary);
``roles`` = ``instance, summarizer, role``. Instances with fewer than ``min_models``
models are left out and reported in ``dropped`` (QUEEN of a model over distinct triples
needs three other models, so KING needs four models per test case). ``max_instances``
keeps the first instances in natural order, ``max_peers`` the first peer systems in
natural order (how quick runs shrink a corpus); both are recorded by the caller.

:func:`iscorpus_inputs` gives what the extractive and annotation-based ISCORPUS metrics
(:mod:`evalkit.metrics.iscorpus`) need: the source sentence of every summary sentence and
the key concepts of every summary. Only the simulated corpora know them (the truth tables
``extracts`` and ``summaries`` of :mod:`evalkit.data.simulate`).
"""

from __future__ import annotations

from typing import Optional, Tuple

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.text.natural_sort import natural_key

__all__ = ["summaries_and_roles", "system_human_scores", "iscorpus_inputs", "source_documents"]


def summaries_and_roles(
    corpus,
    *,
    max_instances: Optional[int] = None,
    max_peers: Optional[int] = None,
    min_models: int = 4,
) -> Tuple[pd.DataFrame, pd.DataFrame, list]:
    """``(summaries, roles, dropped_instances)`` of a SummarizationCorpus."""
    kinds = corpus.summarizers.set_index("summarizer")["type"]
    summ = corpus.summaries[["instance", "summarizer", "sentences"]].copy()
    summ["summarizer"] = summ["summarizer"].astype(str)
    kinds.index = kinds.index.astype(str)
    summ["role"] = summ["summarizer"].map(kinds)
    if summ["role"].isna().any():
        raise ParameterError("corpus", corpus.name, "a type (model/peer) for every summarizer")
    if max_peers is not None:
        peers = sorted(summ.loc[summ["role"] == "peer", "summarizer"].unique(), key=natural_key)[
            :max_peers
        ]
        summ = summ[(summ["role"] == "model") | summ["summarizer"].isin(peers)]
    n_models = summ[summ["role"] == "model"].groupby("instance").size()
    keep = sorted(
        (i for i in summ["instance"].unique() if n_models.get(i, 0) >= min_models), key=natural_key
    )
    dropped = sorted(set(summ["instance"]) - set(keep), key=natural_key)
    if max_instances is not None:
        keep = keep[:max_instances]
    if not keep:
        raise ParameterError("corpus", corpus.name, f"test cases with at least {min_models} models")
    summ = summ[summ["instance"].isin(keep)].reset_index(drop=True)
    return (
        summ[["instance", "summarizer", "sentences"]],
        summ[["instance", "summarizer", "role"]],
        dropped,
    )


def system_human_scores(corpus, column: str = "coverage", by_instance: bool = False) -> pd.Series:
    """Mean human score per peer system over its judged summaries: DUC SEE coverage
    (:func:`evalkit.data.human_scores.duc_see_scores`, formula ``see_mean``) or SummEval
    expert relevance (:func:`~evalkit.data.human_scores.summeval_coverage_quality`).
    ``by_instance``: the mean per (instance, system) instead, for a resampling of the
    instances."""
    from evalkit.data import human_scores

    if corpus.name == "summeval":
        frame = human_scores.summeval_coverage_quality(corpus)
    else:
        frame = human_scores.duc_see_scores(corpus, formula="see_mean")
    if column not in frame.columns:
        raise ParameterError(
            "column",
            column,
            f"one of {[c for c in frame.columns if c not in ('instance', 'system')]}",
        )
    system = frame["system"].astype(str).rename("system")
    if by_instance:
        return frame.groupby([frame["instance"], system])[column].mean()
    out = frame.groupby(system)[column].mean()
    out.index.name = "system"
    return out


def iscorpus_inputs(
    corpus, summaries: pd.DataFrame, quick: bool = False
) -> Tuple[Optional[pd.DataFrame], Optional[pd.DataFrame], str]:
    """``(sources, concepts, note)`` for the ``summaries`` of a sample corpus: ``instance,
    summarizer, text`` frames whose ``text`` is the tuple of source sentence ids (an
    extracted sentence's own source; a written sentence's aligned one: the document
    sentence expressing most of its content units; ``None`` when none does) or of the
    concept labels (the content units the summary expresses: the simulator's stand-in for
    the summarisers' manual key-concept annotation). ``(None, None, why)`` for a corpus the
    simulator did not make: its models are not extracts and nobody annotated concepts."""
    from evalkit.data.provenance import provenance_of
    from evalkit.data.simulate import DEFAULT_SEED, load_truth
    from evalkit.metrics.iscorpus import concepts_frame, sources_frame

    record = provenance_of(corpus)
    if record is None or record.profile != "sample":
        return (
            None,
            None,
            (
                f"{corpus.name}: no source-sentence record and no key-concept annotation "
                "(abstractive models): the extractive metrics and NICOS are left out"
            ),
        )
    seed = record.options.get("seed")
    truth = load_truth(
        record.dataset,
        quick=quick,
        seed=DEFAULT_SEED if seed is None else seed,
        root=record.options.get("root"),
    )
    keys = summaries[["instance", "summarizer"]].astype({"summarizer": str})
    src = keys.merge(
        sources_frame(truth["extracts"], aligned=True), on=["instance", "summarizer"], how="left"
    )
    con = keys.merge(concepts_frame(truth["summaries"]), on=["instance", "summarizer"], how="left")
    if src["sources"].isna().any() or con["concepts"].isna().any():
        raise ParameterError(
            "summaries", corpus.name, "summaries the simulator's truth tables record"
        )
    note = (
        "sources: the simulator's record (written sentences aligned to the document sentence with most of "
        "their content units); key concepts: the content units each summary expresses (stand-in for the "
        "manual annotation)"
    )
    return src.rename(columns={"sources": "text"}), con.rename(columns={"concepts": "text"}), note


def source_documents(corpus, profile: str, instances=None) -> Tuple[Optional[pd.DataFrame], str]:
    """``(documents, term_source)`` for TVM: the corpus' own ``documents`` table (sample
    corpora, SummEval), else on the licensed profile the ``duc2004-docs`` entry
    (:mod:`evalkit.data.duc_documents`); when that is not configured ``(None, "models")``:
    TVM then takes its terms from the models, which the pool's signatures and description
    say. ``instances`` keeps only those test cases."""
    from evalkit.data import datasets
    from evalkit.errors import DataNotConfiguredError

    docs = corpus.documents if corpus.documents is not None and len(corpus.documents) else None
    if docs is None and profile == "licensed":
        try:
            docs = datasets.load("duc2004-docs", "licensed").documents
        except DataNotConfiguredError:
            docs = None
    if docs is None:
        return None, "models"
    if instances is not None:
        docs = docs[docs["instance"].isin(set(instances))]
    return docs, "documents"
