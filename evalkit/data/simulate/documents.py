"""The source documents of the simulated DUC corpora, on disk as NIST ships them.

The simulator (:mod:`.summarization`) writes every docset's news documents as the truth
table ``sentences`` (``instance, document, sentence, facts, text``); the models and peers
were made from exactly these sentences. This module

* writes them as DUC document sets (:mod:`evalkit.data.duc_documents`: one file per
  document, named by its DOCNO, sentence-split ``<s>`` body) under ``<corpus>/docs/``, the
  docset directories named as in that year (``docs/d30001t/D30001.01`` for DUC 2004 task
  2, ``docs/d301a/`` for DUC 2005, ``docs/D0601A/`` for DUC 2006-2007; the letter is the
  docset's selector);
* attaches them to the corpus read back from disk (the data model's ``documents`` table),
  so the documents a metric sees are the ones read through the real reader;
* records, for every summary sentence, the source sentence it was extracted from (the
  truth table ``extracts``: ``instance, summarizer, position, document, sentence, exact,
  aligned_document, aligned_sentence, facts``; ``document`` empty (NaN once read from
  CSV) and ``sentence`` 0 for a sentence written rather than extracted, i.e. every model
  sentence and every sentence of an ``abstract`` peer; ``exact`` false when a truncation
  or a disfluency edit changed the extracted text; ``aligned_*`` = the source itself, or
  for a written sentence the document sentence expressing most of its facts (fewest other
  facts, then earliest), empty when none shares a fact). The ``facts`` a sentence
  expresses are the key concepts the simulator knows: the stand-in for the key-concept
  annotation the ISCORPUS summarisers made by hand (NICOS).

A DOCNO is ``<docset><group>.<nn>``, e.g. ``D30001.03`` (the simulator's document id in
the truth tables).
"""

from __future__ import annotations

from pathlib import Path
from typing import Dict, Iterable, List

import pandas as pd

from evalkit.data import duc_documents

__all__ = [
    "DOCS_DIR",
    "document_id",
    "documents_frame",
    "write_documents",
    "attach_documents",
    "extract_rows",
]

DOCS_DIR = "docs"


def document_id(instance: str, index: int) -> str:
    """The DOCNO of document ``index`` (0-based) of ``instance``."""
    return f"{instance.replace('-', '')}.{index + 1:02d}"


def documents_frame(sentences: pd.DataFrame, instances: pd.DataFrame) -> pd.DataFrame:
    """The data-model ``documents`` table (plus ``selector``) from the truth sentences."""
    sel = dict(zip(instances["instance"], instances["selector"]))
    rows = [
        {
            "instance": inst,
            "document": doc,
            "sentences": tuple(part.sort_values("sentence")["text"]),
            "selector": sel.get(inst),
        }
        for (inst, doc), part in sentences.groupby(["instance", "document"], sort=True)
    ]
    return pd.DataFrame(rows, columns=["instance", "document", "sentences", "selector"])


def write_documents(
    corpus, truth: Dict[str, pd.DataFrame], directory: Path, year: int
) -> List[Path]:
    """Write the corpus' source documents below ``directory/docs`` (see the module docstring)."""
    frame = documents_frame(truth["sentences"], corpus.instances)
    return duc_documents.write_documents(frame, Path(directory) / DOCS_DIR, year)


def attach_documents(corpus, directory: Path):
    """``corpus`` with the documents below ``directory/docs`` as its ``documents`` table
    (unchanged when there is no such directory: a sample built before documents existed)."""
    where = Path(directory) / DOCS_DIR
    if not where.is_dir():
        return corpus
    docs = duc_documents.read_documents(where)
    corpus.documents = docs[["instance", "document", "sentences"]]
    corpus.meta["documents"] = {"directory": DOCS_DIR, "files": len(docs.attrs["files"])}
    return corpus.validate()


def _aligned(facts, docs: list):
    """The document sentence expressing most of ``facts`` (ties: fewer other facts, then
    document and sentence order); None when no sentence shares one."""
    want = set(facts)
    best, key = None, None
    for d, sents in enumerate(docs):
        for p, s in enumerate(sents):
            shared = len(want & set(s.facts))
            k = (-shared, len(set(s.facts) - want), d, p)
            if shared and (key is None or k < key):
                best, key = (d, p), k
    return best


def extract_rows(
    instance: str, summaries: dict, summarizers: Iterable[str], docs: list
) -> List[dict]:
    """The ``extracts`` truth rows of one docset: for every sentence of every summary, the
    document sentence it came from (``docs``: the simulator's documents, lists of
    sentences with ``doc``/``pos``/``facts``), and the one it is aligned with (the source
    itself for an extracted sentence; for a written one the document sentence expressing
    most of its facts, :func:`_aligned`: how an annotator would attribute it)."""
    rows = []
    for sid in summarizers:
        for k, s in enumerate(summaries[sid].sentences, 1):
            extracted = s.doc >= 0 and s.pos >= 0
            al = (s.doc, s.pos) if extracted else _aligned(s.facts, docs)
            rows.append(
                {
                    "instance": instance,
                    "summarizer": sid,
                    "position": k,
                    "document": document_id(instance, s.doc) if extracted else "",
                    "sentence": s.pos + 1 if extracted else 0,
                    "exact": bool(extracted and docs[s.doc][s.pos].text == s.text),
                    "aligned_document": document_id(instance, al[0]) if al else "",
                    "aligned_sentence": al[1] + 1 if al else 0,
                    "facts": " ".join(s.facts),
                }
            )
    return rows
