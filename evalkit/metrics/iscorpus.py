"""The ISCORPUS similarity metrics of QARLA (Amigó et al. 2005a, §4), defined on English.

Amigó, Gonzalo, Peñas & Verdejo, "QARLA: A Framework for the Evaluation of Text
Summarization Systems", ACL 2005. On ISCORPUS (Spanish, extractive manual summaries) the
paper compares a *contrastive* summary h with a *reference* summary r (in QARLA's x(a, m):
h = a, r = m; here h is the hypothesis scored against the single reference r, as every
similarity of :mod:`evalkit.metrics.similarity`; several references: the maximum).

Extractive metrics (inputs: per summary, the sequence of its **source sentence ids**
``"<DOCNO>#<k>"``, one per summary sentence, :func:`source_id`):

* ``sentence-precision``: SP(h, r) = |S(h) ∩ S(r)| / |S(r)| -- "fragments of the
  contrastive summary also in the reference, relative to the size of the reference";
* ``sentence-recall``: SR(h, r) = |S(r) ∩ S(h)| / |S(h)| -- "relative to the size of the
  contrastive summary". The denominators look swapped against the usual meaning of
  precision and recall; they are implemented as printed, ``swap=True`` gives the usual
  ones (SP / |S(h)|, SR / |S(r)|);
* ``docsim``: DocSim(h, r) = |D(h) ∩ D(r)| / |S(h)|, D = the set of documents a summary
  took sentences from, "relative to the size of the contrastive summary" (its number of
  sentences; ``denominator="documents"`` divides by |D(h)| instead).

S(.) is a multiset (a sentence used twice counts twice; ∩ takes the minimum count). All
three lie in [0, 1]; a zero denominator (an empty summary) gives 0.

**Non-extractive input.** A summary sentence without a source (``None`` or ``""``, e.g.
a sentence a human wrote) is an error (:class:`~evalkit.errors.ParameterError` naming the
segment and the sentence) unless ``non_extractive="unmatched"``: then it counts in the
sizes and matches nothing (documented rule, never silent). :func:`locate_sources` finds
the source of each summary sentence in the documents by its text (exact match after
whitespace normalisation, or a truncated prefix of a document sentence), leaving ``None``
where a sentence is not in the documents; the simulator records the sources it used
(:mod:`evalkit.data.simulate.documents`, truth table ``extracts``).

Annotation metric (inputs: per summary, the sequence of **key-concept labels** an
annotator marked in it):

* ``nicos`` (key concept overlap): as VectModelSim over the key concepts instead of the
  words, x = -||c(h) - c(r)||_2 with c_k(s) = count_k(s) / |concepts(s)|, in
  [-sqrt(2), 0] (0 for two empty annotations). ISCORPUS's concepts were "manually
  identified by the human summarisers after producing the summary"; on the simulated
  corpora the simulator's content units (facts) each summary expresses stand in for that
  manual annotation.

Word-vector metrics (registered in :mod:`evalkit.metrics.similarity` as ``tvm``):
VectModelSim = ``get_metric("tvm", n=None)`` (relative frequencies of all content words),
TruncatedVectModel_n = ``get_metric("tvm", n=n)`` with the n most frequent terms **of the
reference summary** (this paper; the DUC 2004 paper's TVM.n takes them from the original
documents: ``terms=`` / :func:`evalkit.metrics.qarla_pool.tvm_similarities`).

The paper's "automatic" set leaves out NICOS (manual annotation) and DocSim,
SentencePrecision, SentenceRecall (extractive summaries only): :data:`NEEDS_ANNOTATION`,
:data:`EXTRACTIVE_ONLY`.

Why our own: no library computes these paper-specific measures.
"""

from __future__ import annotations

import itertools
import re
from collections import Counter
from typing import Dict, Hashable, List, Optional, Sequence

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics.registry import register_metric
from evalkit.metrics.similarity import PairSimilarity, term_vector_distance
from evalkit.stats.validation import check_choice, check_columns

__all__ = [
    "source_id",
    "document_of",
    "SentenceOverlap",
    "SentencePrecision",
    "SentenceRecall",
    "DocumentSimilarity",
    "ConceptSimilarity",
    "NON_EXTRACTIVE",
    "EXTRACTIVE_ONLY",
    "NEEDS_ANNOTATION",
    "locate_sources",
    "sources_frame",
    "concepts_frame",
]

NON_EXTRACTIVE = ("error", "unmatched")
#: ISCORPUS metric names the paper's automatic set leaves out
EXTRACTIVE_ONLY = ("SentencePrecision", "SentenceRecall", "DocSim")
NEEDS_ANNOTATION = ("NICOS",)
_SPACE = re.compile(r"\s+")
_UNMATCHED = itertools.count()  # a fresh id per sentence without a source


def source_id(document: str, sentence: int) -> str:
    """The id of sentence ``sentence`` (1-based) of ``document``: ``"DOCNO#k"``.

    Parameters
    ----------
    document : str
        The document's DOCNO.
    sentence : int
        The sentence's 1-based position in the document.

    Returns
    -------
    str
        ``"DOCNO#k"``; :func:`document_of` inverts it.

    Examples
    --------
    >>> from evalkit.metrics.iscorpus import document_of, source_id
    >>> source_id("APW19980601.0001", 3)
    'APW19980601.0001#3'
    >>> document_of(source_id("APW19980601.0001", 3))
    'APW19980601.0001'
    """
    return f"{document}#{int(sentence)}"


def document_of(source: str) -> str:
    """The DOCNO part of a source id.

    Parameters
    ----------
    source : str
        A source id ``"DOCNO#k"`` (:func:`source_id`); the DOCNO may contain ``#``.

    Returns
    -------
    str
        Everything before the last ``#``.

    Examples
    --------
    >>> from evalkit.metrics.iscorpus import document_of
    >>> document_of("NYT#A#12")
    'NYT#A'
    """
    return source.rsplit("#", 1)[0]


class SentenceOverlap(PairSimilarity):
    """Shared machinery of the extractive metrics (source-id sequences in, see the module
    docstring); subclasses give :meth:`score`.

    Parameters
    ----------
    non_extractive : str, default "error"
        What a summary sentence without a source (``None``, ``""``) does: ``"error"``
        raises :class:`~evalkit.errors.ParameterError` naming segment and sentence;
        ``"unmatched"`` counts it in the sizes and lets it match nothing.

    Examples
    --------
    >>> from evalkit.metrics.iscorpus import SentenceOverlap
    >>> sources = SentenceOverlap(non_extractive="unmatched").sources(["D1#1", None], "hyp")
    >>> sources[0], sources[1][0]
    ('D1#1', 'unmatched')
    >>> SentenceOverlap().sources(["D1#1", None], "hyp")
    Traceback (most recent call last):
    ...
    evalkit.errors.ParameterError: invalid value for parameter 'hyp': 'sentence 2: no source sentence'; ...
    """

    def __init__(self, non_extractive: str = "error"):
        self.non_extractive = check_choice("non_extractive", non_extractive, NON_EXTRACTIVE)
        self.config = {"non_extractive": non_extractive}

    def sources(self, summary: Sequence[Optional[str]], what: str) -> List[str]:
        """The source ids of a summary; a missing source is an error or, with
        ``non_extractive="unmatched"``, an id no other sentence has."""
        if isinstance(summary, str):
            raise ParameterError(
                what, summary[:40], "a sequence of source sentence ids (DOCNO#k), not a string"
            )
        out = []
        for k, s in enumerate(summary, 1):
            if s is None or (isinstance(s, float) and s != s) or s == "":
                if self.non_extractive == "error":
                    where = "" if self._segment is None else f"segment {self._segment}, "
                    raise ParameterError(
                        what,
                        f"{where}sentence {k}: no source sentence",
                        "extractive summaries (every sentence a source id DOCNO#k), or "
                        "non_extractive='unmatched'",
                    )
                s = ("unmatched", next(_UNMATCHED))
            out.append(s)
        return out

    def similarity(self, hyp, ref) -> float:
        return self.score(self.sources(hyp, "hyp"), self.sources(ref, "ref"))

    def score(self, h: List[Hashable], r: List[Hashable]) -> float:  # pragma: no cover - abstract
        raise NotImplementedError


def _common(h: List[Hashable], r: List[Hashable]) -> int:
    return sum((Counter(h) & Counter(r)).values())


def _ratio(top: float, bottom: float) -> float:
    return float(top / bottom) if bottom else 0.0


class _SentenceRatio(SentenceOverlap):
    """Shared sentences over the size of one side: the printed one (``_by_hypothesis``), or
    the other with ``swap``."""

    _by_hypothesis = False

    def __init__(self, swap: bool = False, non_extractive: str = "error"):
        super().__init__(non_extractive)
        self.swap = bool(swap)
        by_hypothesis = self._by_hypothesis != self.swap
        self.config = {"denominator": "hypothesis" if by_hypothesis else "reference", **self.config}

    def score(self, h, r) -> float:
        return _ratio(_common(h, r), len(h) if self._by_hypothesis != self.swap else len(r))


@register_metric("sentence-precision")
class SentencePrecision(_SentenceRatio):
    """|S(h) ∩ S(r)| / |S(r)| as printed (``swap=True``: / |S(h)|). Registered as
    ``get_metric("sentence-precision")``; 0-1 scale.

    Parameters
    ----------
    swap : bool, default False
        Divide by the hypothesis's size (the usual precision) instead of the reference's.
    non_extractive : str, default "error"
        ``"error"`` or ``"unmatched"`` (:class:`SentenceOverlap`).

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), "QARLA: A Framework for the Evaluation of Text
    Summarization Systems", ACL.

    Examples
    --------
    The hypothesis took sentences 1, 2 of D1 and 1 of D2; the reference sentence 1 of D1
    and 4 of D3. One sentence and one document are shared:

    >>> from evalkit.metrics import get_metric
    >>> h, r = ["D1#1", "D1#2", "D2#1"], ["D1#1", "D3#4"]
    >>> float(get_metric("sentence-precision").corpus_score([h], [[r]]))
    0.5
    >>> round(get_metric("sentence-precision", swap=True).corpus_score([h], [[r]]), 4)
    0.3333
    """

    _by_hypothesis = False  # as printed: / |S(r)|


@register_metric("sentence-recall")
class SentenceRecall(_SentenceRatio):
    """|S(r) ∩ S(h)| / |S(h)| as printed (``swap=True``: / |S(r)|). Registered as
    ``get_metric("sentence-recall")``; 0-1 scale. Reference: Amigó et al. (2005), QARLA, in
    full at :class:`SentencePrecision`.

    Parameters
    ----------
    swap : bool, default False
        Divide by the reference's size (the usual recall) instead of the hypothesis's.
    non_extractive : str, default "error"
        As :class:`SentencePrecision`'s.

    Examples
    --------
    :class:`SentencePrecision`'s example:

    >>> from evalkit.metrics import get_metric
    >>> h, r = ["D1#1", "D1#2", "D2#1"], ["D1#1", "D3#4"]
    >>> round(get_metric("sentence-recall").corpus_score([h], [[r]]), 4)
    0.3333
    """

    _by_hypothesis = True  # as printed: / |S(h)|


@register_metric("docsim")
class DocumentSimilarity(SentenceOverlap):
    """|D(h) ∩ D(r)| / |S(h)| (``denominator="documents"``: / |D(h)|). Registered as
    ``get_metric("docsim")``; 0-1 scale. Reference: Amigó et al. (2005), QARLA, in full at
    :class:`SentencePrecision`.

    Parameters
    ----------
    denominator : str, default "sentences"
        ``"sentences"`` (the hypothesis's sentences, as printed) or ``"documents"`` (the
        documents it took sentences from).
    non_extractive : str, default "error"
        As :class:`SentencePrecision`'s.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> hyp, ref = ["D1#1", "D1#2", "D2#1"], ["D1#1", "D3#4"]  # SentencePrecision's example
    >>> [round(get_metric("docsim", denominator=d).corpus_score([hyp], [[ref]]), 4)
    ...  for d in ("sentences", "documents")]
    [0.3333, 0.5]
    """

    def __init__(self, denominator: str = "sentences", non_extractive: str = "error"):
        super().__init__(non_extractive)
        self.denominator = check_choice("denominator", denominator, ("sentences", "documents"))
        self.config = {"denominator": denominator, **self.config}

    def score(self, h, r) -> float:
        dh = {document_of(s) for s in h if isinstance(s, str)}
        dr = {document_of(s) for s in r if isinstance(s, str)}
        return _ratio(len(dh & dr), len(h) if self.denominator == "sentences" else len(dh))


@register_metric("nicos")
class ConceptSimilarity(PairSimilarity):
    """NICOS: -Euclidean distance of key-concept relative frequencies (inputs: concept
    label sequences). Registered as ``get_metric("nicos")``; scale ``-inf-0`` (in
    ``[-sqrt(2), 0]``).

    Parameters
    ----------
    concepts : str, default "annotation"
        Where the concept labels come from, recorded in the signature (the simulator's
        facts stand in for ISCORPUS's manual annotation).

    References
    ----------
    Amigó et al. (2005), QARLA (ACL), in full at :class:`SentencePrecision`.

    Examples
    --------
    Frequencies ``{f1: 1/2, f2: 1/2}`` against ``{f1: 1/2, f3: 1/2}``:

    >>> from evalkit.metrics import get_metric
    >>> round(get_metric("nicos").corpus_score([["f1", "f2"]], [[["f1", "f3"]]]), 4)
    -0.7071
    >>> round(-(0.5**2 + 0.5**2) ** 0.5, 4)
    -0.7071
    """

    scale = "-inf-0"

    def __init__(self, concepts: str = "annotation"):
        self.config = {"concepts": str(concepts)}

    @staticmethod
    def vector(labels: Sequence[Hashable], what: str) -> Dict[Hashable, float]:
        if isinstance(labels, str):
            raise ParameterError(
                what, labels[:40], "a sequence of key-concept labels, not a string"
            )
        counts = Counter(labels)
        total = sum(counts.values())
        return {k: v / total for k, v in counts.items()} if total else {}

    def similarity(self, hyp, ref) -> float:
        return -term_vector_distance(self.vector(hyp, "hyp"), self.vector(ref, "ref"))


# --------------------------------------------------------------------------- inputs as frames
def _normal(text: str) -> str:
    return _SPACE.sub(" ", text).strip()


def locate_sources(
    summaries: pd.DataFrame, documents: pd.DataFrame, prefix: bool = True
) -> pd.DataFrame:
    """``instance, summarizer, sources`` (a tuple of source ids, ``None`` for a sentence not
    found): each summary sentence looked up among its instance's document sentences by its
    whitespace-normalised text; with ``prefix`` a sentence that is a proper prefix of
    exactly one document sentence (a summary cut at a length limit) counts as that one.
    Several document sentences with the same text: the first (document order).

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer, sentences`` (a sequence of sentence strings per summary).
    documents : pandas.DataFrame
        ``instance, document, sentences`` (a sequence of sentence strings per document).
    prefix : bool, default True
        Accept a summary sentence that is a proper prefix of exactly one document sentence.

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, sources``: one tuple of source ids (or ``None``) per summary.

    Raises
    ------
    evalkit.errors.ParameterError
        When a frame lacks one of its columns.

    Examples
    --------
    The first sentence is cut at a length limit, the third is not in the documents:

    >>> import pandas as pd
    >>> from evalkit.metrics.iscorpus import locate_sources
    >>> documents = pd.DataFrame({"instance": ["t1", "t1"], "document": ["D1", "D2"],
    ...     "sentences": [("The cat sat .", "It rained all day ."), ("Bob left .",)]})
    >>> summaries = pd.DataFrame({"instance": ["t1"], "summarizer": ["A"],
    ...     "sentences": [("It rained all", "Bob  left .", "A new sentence .")]})
    >>> locate_sources(summaries, documents)["sources"][0]
    ('D1#2', 'D2#1', None)
    """
    check_columns(summaries, ["instance", "summarizer", "sentences"], "summaries")
    check_columns(documents, ["instance", "document", "sentences"], "documents")
    index: Dict[object, Dict[str, str]] = {}
    for inst, doc, sents in documents[["instance", "document", "sentences"]].itertuples(
        index=False
    ):
        table = index.setdefault(inst, {})
        for k, s in enumerate(sents, 1):
            table.setdefault(_normal(s), source_id(doc, k))
    rows = []
    for inst, summ, sents in summaries[["instance", "summarizer", "sentences"]].itertuples(
        index=False
    ):
        table = index.get(inst, {})
        found: List[Optional[str]] = []
        for s in sents:
            key = _normal(s)
            hit = table.get(key)
            if hit is None and prefix and key:
                cands = {v for t, v in table.items() if t.startswith(key) and len(t) > len(key)}
                hit = cands.pop() if len(cands) == 1 else None
            found.append(hit)
        rows.append({"instance": inst, "summarizer": summ, "sources": tuple(found)})
    return pd.DataFrame(rows, columns=["instance", "summarizer", "sources"])


def sources_frame(extracts: pd.DataFrame, aligned: bool = False) -> pd.DataFrame:
    """``instance, summarizer, sources`` from a table of sentence sources (the simulator's
    ``extracts``: ``instance, summarizer, position, document, sentence`` [``aligned_document,
    aligned_sentence``]); ``aligned=True`` fills a written sentence's source with its
    aligned one (the document sentence expressing most of its content units).

    Parameters
    ----------
    extracts : pandas.DataFrame
        One row per summary sentence: ``instance, summarizer, position, document,
        sentence`` (an empty document for a sentence without a source) and, for
        ``aligned=True``, ``aligned_document, aligned_sentence``.
    aligned : bool, default False
        Fill missing sources with the aligned ones.

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, sources`` (a tuple of source ids in ``position`` order,
        ``None`` where a sentence has no source), sorted by instance and summarizer.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.iscorpus import sources_frame
    >>> extracts = pd.DataFrame({"instance": ["t1", "t1"], "summarizer": ["A", "A"],
    ...     "position": [2, 1], "document": ["D2", "D1"], "sentence": [1, 2]})
    >>> sources_frame(extracts)["sources"].tolist()
    [('D1#2', 'D2#1')]
    """
    check_columns(
        extracts, ["instance", "summarizer", "position", "document", "sentence"], "extracts"
    )
    ex = extracts.sort_values(["instance", "summarizer", "position"], kind="mergesort")
    doc, sent = ex["document"], ex["sentence"]
    if aligned:
        check_columns(extracts, ["aligned_document", "aligned_sentence"], "extracts")
        missing = doc.isna() | (doc.astype(str) == "")
        doc = doc.where(~missing, ex["aligned_document"])
        sent = sent.where(~missing, ex["aligned_sentence"])
    out: Dict[tuple, list] = {}
    for inst, summ, d, k in zip(ex["instance"], ex["summarizer"].astype(str), doc, sent):
        ok = not (d is None or d != d or str(d) == "")
        out.setdefault((inst, summ), []).append(source_id(str(d), int(k)) if ok else None)
    return pd.DataFrame(
        [
            {"instance": i, "summarizer": s, "sources": tuple(v)}
            for (i, s), v in sorted(out.items())
        ],
        columns=["instance", "summarizer", "sources"],
    )


def concepts_frame(annotations: pd.DataFrame, column: str = "facts") -> pd.DataFrame:
    """``instance, summarizer, concepts`` (tuple of labels) from a table with one row per
    summary and the concepts in ``column`` as a space-separated string (the simulator's
    ``summaries`` truth: the facts each summary expresses).

    Parameters
    ----------
    annotations : pandas.DataFrame
        ``instance, summarizer`` and ``column``, one row per summary (missing columns raise
        :class:`~evalkit.errors.ParameterError`).
    column : str, default "facts"
        The column with the space-separated concept labels (empty or NaN: no concepts).

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, concepts`` (a tuple of labels), the input's row order.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.iscorpus import concepts_frame
    >>> frame = pd.DataFrame({"instance": ["t1"], "summarizer": ["A"], "facts": ["f1 f3"]})
    >>> concepts_frame(frame)["concepts"].tolist()
    [('f1', 'f3')]
    """
    check_columns(annotations, ["instance", "summarizer", column], "annotations")
    vals = annotations[column].fillna("").astype(str)
    return pd.DataFrame(
        {
            "instance": annotations["instance"],
            "summarizer": annotations["summarizer"].astype(str),
            "concepts": [tuple(v.split()) for v in vals],
        }
    )
