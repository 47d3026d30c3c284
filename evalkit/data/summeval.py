"""SummEval (Fabbri et al. 2021), the public set ``summeval`` (:mod:`evalkit.data.public`).

Upstream: ``summeval/data.pkl`` of ``neulab/BARTScore`` (pinned, SHA-256 verified, read with
:mod:`evalkit.data.safe_pickle`): a dict keyed by CNN/DM document id, each with ``src`` (the
article), ``ref_summs`` (11 references: the original highlights, then 10 crowd-written) and
``sys_summs`` (system -> ``{"sys_summ": text, "scores": {dimension: value}}``).

Layout: :func:`load_summeval` gives a :class:`~evalkit.data.model.SummarizationCorpus` of 100
instances, models ``ref1``..``ref11``, 16 peers (``M0``..``M23``) and judgments
``coherence``, ``consistency``, ``fluency``, ``relevance`` (mean of 3 expert ratings, range
1-5); :func:`summeval_rouge_inputs` the same summaries as ROUGE input lists. Texts are
tokenized strings cut into sentences by
:func:`evalkit.text.sentences.split_tokenized_sentences`.
"""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple


from evalkit.data.model import SummarizationCorpus
from evalkit.data.public import file_entry, load_pickle, sha256_meta
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.natural_sort import natural_key
from evalkit.text.sentences import split_tokenized_sentences

__all__ = ["SUMMEVAL_DIMENSIONS", "load_summeval", "summeval_rouge_inputs"]
SUMMEVAL_DIMENSIONS = ("coherence", "consistency", "fluency", "relevance")


def load_summeval(documents: bool = True) -> SummarizationCorpus:
    """SummEval: 100 documents, 16 peer systems (``M0``..``M23``), 11 model references
    (``ref1`` is the original CNN/DM highlights, ``ref2``..``ref11`` the crowd-written
    ones, in the published order) and four judgments per system summary (``coherence``,
    ``consistency``, ``fluency``, ``relevance``: the mean of the three expert ratings,
    1-5). ``documents=False`` leaves out the source articles (publisher copyright)."""
    rel = "summeval/data.pkl"
    data = load_pickle(rel)
    if not isinstance(data, dict):
        raise InputFormatError(rel, None, "a dict keyed by document id", found=type(data).__name__)
    inst, docs, summ, judg = [], [], [], []
    systems: set = set()
    n_refs = None
    for doc_id, item in data.items():
        where = f"{rel} [{doc_id!r}]"
        try:
            refs = item["ref_summs"]
            sys_summs = item["sys_summs"]
            src = item["src"]
        except (KeyError, TypeError):
            raise InputFormatError(where, None, "keys 'src', 'ref_summs', 'sys_summs'") from None
        if n_refs is None:
            n_refs = len(refs)
        elif len(refs) != n_refs:
            raise InputFormatError(where, None, f"{n_refs} references", found=str(len(refs)))
        inst.append(doc_id)
        if documents:
            docs.append((doc_id, doc_id, split_tokenized_sentences(src)))
        for i, ref in enumerate(refs, 1):
            summ.append((doc_id, f"ref{i}", split_tokenized_sentences(ref)))
        for system, entry in sys_summs.items():
            systems.add(system)
            summ.append((doc_id, system, split_tokenized_sentences(entry["sys_summ"])))
            scores = entry["scores"]
            missing = [d for d in SUMMEVAL_DIMENSIONS if d not in scores]
            if missing:
                raise InputFormatError(
                    where,
                    None,
                    f"scores {SUMMEVAL_DIMENSIONS} for {system}",
                    found=str(sorted(scores)),
                )
            for dim in SUMMEVAL_DIMENSIONS:
                judg.append((doc_id, system, dim, float(scores[dim])))
    peers = sorted(systems, key=natural_key)
    models = [f"ref{i}" for i in range(1, (n_refs or 0) + 1)]
    meta = {
        "source": "SummEval (Fabbri et al. 2021), copy in neulab/BARTScore",
        "judgments": "mean of 3 expert ratings, 1-5",
        "licence": file_entry(rel)["licence"],
        "sha256": sha256_meta(rel),
    }
    return SummarizationCorpus.from_rows(
        "summeval", meta, inst, models, peers, summ, judg, docs if documents else ()
    )


def summeval_rouge_inputs(
    n_docs: Optional[int] = None,
) -> Tuple[List[List[str]], List[List[List[str]]], List[str], List[str]]:
    """SummEval as ROUGE inputs: ``(summaries, references, instance_ids, system_ids)``,
    one entry per system summary of the first ``n_docs`` documents (ids sorted; all when
    None), systems in upstream order; each summary a list of sentences, each instance's
    11 references (``ref1``..``ref11``) a list of sentence lists. Sentences as in
    :func:`load_summeval` (:func:`evalkit.text.sentences.split_tokenized_sentences`), so
    tests, benchmarks and notebooks feed ROUGE the same sentences. The layout of
    :meth:`evalkit.metrics.rouge.RougeCorpus.from_lists`."""
    if n_docs is not None and (
        isinstance(n_docs, bool) or not isinstance(n_docs, int) or n_docs < 1
    ):
        raise ParameterError("n_docs", n_docs, "a positive number of documents or None")
    corpus = load_summeval(documents=False)
    keep = sorted(corpus.instances["instance"])[:n_docs]
    models = set(corpus.models())
    refs: Dict[str, List[List[str]]] = {}
    peers: Dict[str, List[Tuple[str, List[str]]]] = {}
    for inst, who, sents in zip(
        corpus.summaries["instance"], corpus.summaries["summarizer"], corpus.summaries["sentences"]
    ):
        if who in models:
            refs.setdefault(inst, []).append(list(sents))
        else:
            peers.setdefault(inst, []).append((who, list(sents)))
    S, R, I, Y = [], [], [], []
    for inst in keep:
        for system, sents in peers.get(inst, []):
            S.append(sents)
            R.append(refs[inst])
            I.append(inst)
            Y.append(system)
    return S, R, I, Y
