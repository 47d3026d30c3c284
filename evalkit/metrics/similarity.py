"""Similarities between two texts: the QARLA pools (Amigó et al. 2005) and the overlap
families of Amigó et al. (2011), as registered metrics.

Every measure here is a similarity x(h, r) of a hypothesis h to one reference r, higher =
more similar; with several references a segment takes the **maximum** over them (Asiya's
rule). Per segment the statistics are ``(x, 1)``; the corpus score is their mean, so
``sentence_scores`` gives x itself and ``corpus_score`` the average similarity.

* ``tvm`` (TruncatedVectModel_n): relative frequencies f_t(s) = count_t(s) / |content(s)|
  of the n most frequent content lemmas t (SMART stop words removed; WordNet morphy lemma,
  Porter stem or the word; ties broken alphabetically) in ``terms`` (Amigó et al. 2005b:
  the test case's source documents) or, when ``terms`` is None, in the reference (2005a:
  "the n most frequent terms in the reference summary"); x = -||f(h) - f(r)||_2, in
  [-sqrt(2), 0]. ``n=None`` keeps every term of both texts (VectModelSim). The signature's ``terms``
  says where the terms came from: ``reference``, or ``documents`` / ``models`` /
  ``given`` (``term_source``) for a given list.
* ``avls`` (AveragedSentencelengthSim): x = -|avg sentence length(h) - avg(r)| in tokens
  (whitespace tokens, or 13a tokens with ``tokens="13a"``),
  in (-inf, 0]. A text given as a sequence of sentences keeps them; a string is split by
  :func:`evalkit.text.sentences.split_tokenized_sentences`.
* ``gramsim``: x = -||g(h) - g(r)||_2 over relative frequencies of tag n-grams, in
  [-sqrt(2), 0]; tags from token classes (:mod:`evalkit.text.word_classes`, default, no
  model) or from the pinned spaCy pipeline's Penn tags (``tagger="spacy"``), both standing
  in for the paper's TreeTagger.
* ``ol`` (Asiya Ol): sum_w min(c_h(w), c_r(w)) / sum_w max(c_h(w), c_r(w)) over lowercased
  13a token multisets, in [0, 1] (1 for two empty texts).
* ``sp-op`` (stand-in for Asiya SP-Op(*)): the Ol of the words of each token class,
  averaged over the classes present in h or r, in [0, 1].
* ``ne-oe`` (stand-in for NE-Oe(*)): Ol over capitalised spans not at a sentence start
  (heuristic named entities), in [0, 1].
* ``dp-hwc`` (stand-in for DP-HWC): Ol over word chains of length 2..``length`` in which
  each word is within ``window`` tokens of the previous one (window relations standing in
  for head-word chains of a dependency parse), in [0, 1].

The negative distances are the papers' "inverse of the Euclidean distance" up to a strictly
increasing transformation, which changes no QUEEN, KING, JACK or reliability value (all are
invariant under such transformations) and needs no guard against zero distances.

Why our own: no library computes these paper-specific similarities; the tokenizers, the
stop list (ROUGE's SMART list), Porter stemmer and WordNet are the project's shared ones.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Dict, Hashable, List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import register_metric
from evalkit.metrics.rouge_text import Text  # one string or a sequence of sentence strings
from evalkit.stats.validation import check_choice, check_int

__all__ = [
    "Text",
    "sentences_of",
    "content_terms",
    "top_terms",
    "term_vector_distance",
    "multiset_overlap",
    "PairSimilarity",
    "TermVectorSimilarity",
    "SentenceLengthSimilarity",
    "TagGramSimilarity",
    "LexicalOverlap",
    "TagOverlap",
    "EntityOverlap",
    "ChainOverlap",
]

_WORD = re.compile(r"[a-z0-9]+")
LEMMAS = ("wordnet", "porter", "none")
#: where given TVM terms came from (named in the signature): the test case's source
#: documents (Amigó et al. 2005b), its models (a stand-in), or the caller
TERM_SOURCES = ("documents", "models", "given")


def sentences_of(text: Text) -> Tuple[str, ...]:
    """Sentences of a text: a sequence is kept, a string is split on sentence-end tokens.

    Parameters
    ----------
    text : str or sequence of str
        A text, or its sentences (a sequence with a non-string raises
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    tuple of str
        The sentences (a string is split by
        :func:`evalkit.text.sentences.split_tokenized_sentences`).

    Examples
    --------
    >>> from evalkit.metrics.similarity import sentences_of
    >>> sentences_of("The cat sat . It rained .")
    ('The cat sat .', 'It rained .')
    >>> sentences_of(["One .", "Two ."])
    ('One .', 'Two .')
    """
    from evalkit.text.sentences import split_tokenized_sentences

    if isinstance(text, str):
        return split_tokenized_sentences(" ".join(text.split()))
    if not all(isinstance(s, str) for s in text):
        raise ParameterError(
            "text", type(text).__name__, "a string or a sequence of sentence strings"
        )
    return tuple(text)


def _joined(text: Text) -> str:
    return text if isinstance(text, str) else " ".join(text)


class _Lemmatizer:
    def __init__(self, lemmas: str):
        check_choice("lemmas", lemmas, LEMMAS)
        self.kind = lemmas
        self.cache: Dict[str, str] = {}
        if lemmas == "wordnet":
            from evalkit.text.wordnet import load_wordnet

            self.wordnet = load_wordnet()
        elif lemmas == "porter":
            from evalkit.text.porter_rouge import stem

            self.stem = stem

    def __call__(self, word: str) -> str:
        out = self.cache.get(word)
        if out is None:
            if self.kind == "wordnet":
                forms = self.wordnet.base_forms(word)
                out = min(forms, key=lambda f: (len(f), f)) if forms else word
            elif self.kind == "porter":
                out = self.stem(word) if len(word) > 3 else word
            else:
                out = word
            self.cache[word] = out
        return out


_LEMMATIZERS: Dict[str, _Lemmatizer] = {}


def content_terms(text: Text, lemmas: str = "wordnet") -> List[str]:
    """Lowercased alphanumeric words without SMART stop words, lemmatized.

    Parameters
    ----------
    text : str or sequence of str
        A text or its sentences.
    lemmas : str, default "wordnet"
        ``"wordnet"`` (WordNet morphy base form, shortest), ``"porter"`` (Porter stem of
        words longer than 3 characters) or ``"none"``; another value raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    list of str
        The content terms in text order, repeats kept.

    Examples
    --------
    >>> from evalkit.metrics.similarity import content_terms
    >>> content_terms("The cats were running", lemmas="porter")
    ['cat', 'run']
    >>> content_terms("The cats were running", lemmas="none")
    ['cats', 'running']
    """
    from evalkit.text.rouge_resources import load_stopwords

    if lemmas not in _LEMMATIZERS:
        _LEMMATIZERS[lemmas] = _Lemmatizer(lemmas)
    lem = _LEMMATIZERS[lemmas]
    stop = load_stopwords()
    return [lem(w) for w in _WORD.findall(_joined(text).lower()) if w not in stop]


def top_terms(texts: Sequence[Text], n: Optional[int], lemmas: str = "wordnet") -> Tuple[str, ...]:
    """The ``n`` most frequent content terms over ``texts`` (all when n is None);
    ties alphabetically.

    Parameters
    ----------
    texts : sequence of texts
        E.g. a test case's source documents (the TVM.n terms of Amigó et al. 2005b).
    n : int or None
        How many terms, an integer >= 1 (else :class:`~evalkit.errors.ParameterError`);
        None keeps all.
    lemmas : str, default "wordnet"
        As in :func:`content_terms`.

    Returns
    -------
    tuple of str
        The terms, most frequent first.

    Examples
    --------
    ``cat`` occurs three times; ``dog`` twice, ``bird`` once:

    >>> from evalkit.metrics.similarity import top_terms
    >>> top_terms(["cat dog cat", "dog bird cat"], 2, lemmas="none")
    ('cat', 'dog')
    """
    counts = Counter(t for text in texts for t in content_terms(text, lemmas))
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return tuple(t for t, _ in (ranked if n is None else ranked[: check_int("n", n)]))


def _relative(items: Sequence[Hashable], vocabulary: Optional[Dict[Hashable, int]] = None):
    counts = Counter(items)
    total = len(items)
    if vocabulary is None:
        return {k: v / total for k, v in counts.items()} if total else {}
    return {k: counts[k] / total for k in vocabulary if counts[k]} if total else {}


def term_vector_distance(f: Dict[Hashable, float], g: Dict[Hashable, float]) -> float:
    """Euclidean distance of two sparse vectors (dicts).

    Parameters
    ----------
    f, g : dict
        Sparse vectors: key -> value; a missing key is 0.

    Returns
    -------
    float
        ``sqrt(sum_k (f_k - g_k)^2)`` over the union of keys, >= 0.

    Examples
    --------
    Two disjoint unit vectors are ``sqrt(2)`` apart:

    >>> from evalkit.metrics.similarity import term_vector_distance
    >>> round(term_vector_distance({"a": 1.0}, {"b": 1.0}), 4)
    1.4142
    >>> term_vector_distance({"a": 0.5, "b": 0.5}, {"b": 0.5, "a": 0.5})
    0.0
    """
    keys = set(f) | set(g)
    return float(np.sqrt(sum((f.get(k, 0.0) - g.get(k, 0.0)) ** 2 for k in keys)))


def multiset_overlap(a: Sequence[Hashable], b: Sequence[Hashable]) -> float:
    """Asiya's overlap: sum of minimum counts over sum of maximum counts (1 when both empty).

    Parameters
    ----------
    a, b : sequence of hashable
        Two multisets (repeats count).

    Returns
    -------
    float
        ``sum min(c_a, c_b) / sum max(c_a, c_b)`` in [0, 1].

    Examples
    --------
    Minimum counts ``a:1, b:1`` over maximum counts ``a:2, b:1, c:1``:

    >>> from evalkit.metrics.similarity import multiset_overlap
    >>> multiset_overlap("aab", "abc")
    0.5
    >>> multiset_overlap([], [])
    1.0
    """
    ca, cb = Counter(a), Counter(b)
    top = sum((ca | cb).values())
    return float(sum((ca & cb).values()) / top) if top else 1.0


class PairSimilarity(Metric):
    """A similarity of one text to a reference; statistics ``(x, 1)``, corpus score = mean x.

    A subclass defines ``similarity(hyp, ref)`` and ``config`` (the settings its signature
    shows); with several references a segment takes the maximum similarity.

    Examples
    --------
    Asiya's Ol (:class:`LexicalOverlap`) is one; the corpus score is the mean over
    segments of the best reference's similarity:

    >>> from evalkit.metrics.similarity import LexicalOverlap, PairSimilarity
    >>> metric = LexicalOverlap()
    >>> isinstance(metric, PairSimilarity)
    True
    >>> metric.sentence_scores(["a b", "c"], [["a b", "x"], ["d"]]).tolist()
    [1.0, 0.0]
    >>> float(metric.corpus_score(["a b", "c"], [["a b", "x"], ["d"]]))
    0.5
    """

    n_statistics = 2
    config: Dict[str, object] = {}
    _segment: Optional[int] = None  # the segment being scored

    def similarity(self, hyp: Text, ref: Text) -> float:  # pragma: no cover - abstract
        raise NotImplementedError

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        if refs is None or len(refs) != len(hyps):
            raise ParameterError(
                "refs",
                None if refs is None else f"{len(refs)} segments",
                f"one list of references per hypothesis ({len(hyps)})",
            )
        out = np.ones((len(hyps), 2))
        try:
            for i, (h, rs) in enumerate(zip(hyps, refs)):
                self._segment = i  # a subclass's similarity may name it in its errors
                if isinstance(rs, str) or not len(rs):
                    raise ParameterError("refs", f"segment {i}", "a non-empty list of references")
                out[i, 0] = max(self.similarity(h, r) for r in rs)
        finally:
            self._segment = None
        return out

    def _score_one(self, s: np.ndarray) -> float:
        return float(s[0] / s[1]) if s[1] else 0.0

    def _score_many(self, s: np.ndarray) -> np.ndarray:
        return np.divide(s[:, 0], s[:, 1], out=np.zeros(len(s)), where=s[:, 1] != 0)

    def signature(self) -> str:
        return self.build_signature(list(self.config.items()))


@register_metric("tvm")
class TermVectorSimilarity(PairSimilarity):
    """TruncatedVectModel_n (``n=None``: VectModelSim); see the module docstring.
    Registered as ``get_metric("tvm")``. Scale ``-inf-0`` (in ``[-sqrt(2), 0]``).

    Parameters
    ----------
    n : int or None, default 512
        Number of terms (an integer >= 1); None keeps every content term of both texts.
    terms : sequence of str, optional
        The term list (its first ``n`` are used), e.g. :func:`top_terms` of the source
        documents; None (default) takes the ``n`` most frequent terms of each reference.
    lemmas : str, default "wordnet"
        ``"wordnet"``, ``"porter"`` or ``"none"`` (:func:`content_terms`).
    term_source : str, default "given"
        Where ``terms`` came from, for the signature: ``"documents"``, ``"models"`` or
        ``"given"``.

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), QARLA (ACL), in full at
    :class:`evalkit.metrics.iscorpus.SentencePrecision`.
    Amigó, Gonzalo, Peñas & Verdejo (2005), "Evaluating DUC 2004 Tasks with the QARLA
    Framework", ACL Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or
    Summarization.

    Examples
    --------
    With the reference's top term ``cat`` (2 of its 3 words) and the hypothesis's 1 of 2:

    >>> from evalkit.metrics import get_metric
    >>> tvm = get_metric("tvm", n=1, lemmas="none")
    >>> round(tvm.corpus_score(["cat dog"], [["cat cat bird"]]), 4), round(-(2 / 3 - 1 / 2), 4)
    (-0.1667, -0.1667)
    """

    def __init__(
        self,
        n: Optional[int] = 512,
        terms: Optional[Sequence[str]] = None,
        lemmas: str = "wordnet",
        term_source: str = "given",
    ):
        check_choice("lemmas", lemmas, LEMMAS)
        check_choice("term_source", term_source, TERM_SOURCES)
        self.n = None if n is None else check_int("n", n)
        self.terms = None if terms is None else tuple(terms)[: self.n]
        self.lemmas = lemmas
        self.config = {
            "n": n,
            "terms": term_source if terms is not None else "reference",
            "lemmas": lemmas,
        }
        self._cache: Dict[object, List[str]] = {}  # content terms per text

    def _terms_of(self, text: Text) -> List[str]:
        key = text if isinstance(text, str) else tuple(text)
        out = self._cache.get(key)
        if out is None:
            out = self._cache[key] = content_terms(text, self.lemmas)
        return out

    def vector(self, text: Text, vocabulary) -> Dict[str, float]:
        return _relative(self._terms_of(text), vocabulary)

    def similarity(self, hyp: Text, ref: Text) -> float:
        if self.terms is not None:
            terms = self.terms
        elif self.n is None:  # VectModelSim: every content term of both texts
            return -term_vector_distance(self.vector(hyp, None), self.vector(ref, None))
        else:  # the n most frequent terms of the reference, ties alphabetically
            counts = Counter(self._terms_of(ref))
            ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
            terms = tuple(t for t, _ in (ranked if self.n is None else ranked[: self.n]))
        vocab = {t: i for i, t in enumerate(terms)}
        return -term_vector_distance(self.vector(hyp, vocab), self.vector(ref, vocab))


@register_metric("avls")
class SentenceLengthSimilarity(PairSimilarity):
    """-|average sentence length (tokens) of h - that of r| (AveragedSentencelengthSim).
    Registered as ``get_metric("avls")``; scale ``-inf-0``.

    Parameters
    ----------
    tokens : str, default "whitespace"
        ``"whitespace"`` or ``"13a"`` tokens (else :class:`~evalkit.errors.ParameterError`).

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), QARLA (ACL), in full at
    :class:`evalkit.metrics.iscorpus.SentencePrecision`.

    Examples
    --------
    Sentences of 4 and 2 tokens (mean 3) against one of 5:

    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("avls").corpus_score(["a b c . d ."], [["a b c d ."]]))
    -2.0
    """

    scale = "-inf-0"

    def __init__(self, tokens: str = "whitespace"):
        self.tokens = check_choice("tokens", tokens, ("whitespace", "13a"))
        self.config = {"tokens": tokens}

    def features(self, text: Text) -> float:
        """Average sentence length in tokens (0 for an empty text)."""
        count = (
            (lambda s: len(s.split()))
            if self.tokens == "whitespace"
            else (lambda s: len(_tokens(s)))
        )
        sents = sentences_of(text)
        return float(np.mean([count(s) for s in sents])) if sents else 0.0

    @staticmethod
    def compare(f: float, g: float) -> float:
        return -abs(f - g)

    def similarity(self, hyp: Text, ref: Text) -> float:
        return self.compare(self.features(hyp), self.features(ref))


def _classes(text: Text) -> List[str]:
    from evalkit.text.word_classes import token_classes

    return token_classes([s.split() for s in sentences_of(text)])


TAGGERS = ("word-classes", "spacy")


@register_metric("gramsim")
class TagGramSimilarity(PairSimilarity):
    """-Euclidean distance of tag n-gram relative frequencies: GRAMSIM with token classes
    (``tagger="word-classes"``, model-free) or the Penn tags of the pinned spaCy pipeline
    (``tagger="spacy"``, :mod:`evalkit.text.parse`; the paper used TreeTagger).
    Registered as ``get_metric("gramsim")``; scale ``-inf-0`` (in ``[-sqrt(2), 0]``).

    Parameters
    ----------
    n : int, default 1
        Tag n-gram order, an integer >= 1.
    tagger : str, default "word-classes"
        ``"word-classes"`` (model-free token classes) or ``"spacy"``.

    References
    ----------
    Amigó, Gonzalo, Peñas & Verdejo (2005), in full at :class:`SentenceLengthSimilarity`.

    Examples
    --------
    Different words with the same token classes are at distance 0:

    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("gramsim").corpus_score(["The cat sat ."], [["The dog ran ."]]))
    0.0
    """

    scale = "-inf-0"

    def __init__(self, n: int = 1, tagger: str = "word-classes"):
        self.n = check_int("n", n)
        self.tagger = check_choice("tagger", tagger, TAGGERS)
        self.config = {"n": self.n, "tagger": tagger}
        self._parser = None

    def tags(self, text: Text) -> List[str]:
        if self.tagger == "word-classes":
            return _classes(text)
        if self._parser is None:
            from evalkit.text.parse import get_parser

            self._parser = get_parser("spacy", cache=False)
        joined = " ".join(sentences_of(text))
        return list(self._parser.parse(joined).dep.xpos) if joined.strip() else []

    def grams(self, text: Text) -> List[tuple]:
        tags = self.tags(text)
        return [tuple(tags[i : i + self.n]) for i in range(len(tags) - self.n + 1)]

    def features(self, text: Text) -> Dict[tuple, float]:
        return _relative(self.grams(text))

    @staticmethod
    def compare(f, g) -> float:
        return -term_vector_distance(f, g)

    def similarity(self, hyp: Text, ref: Text) -> float:
        return self.compare(self.features(hyp), self.features(ref))


def _tokens(text: Text) -> List[str]:
    from evalkit.text.tokenize import tokenize_words

    return tokenize_words(_joined(text), "13a", lowercase=True)


@register_metric("ol")
class LexicalOverlap(PairSimilarity):
    """Asiya's Ol: multiset overlap of lowercased 13a tokens. Registered as
    ``get_metric("ol")``; 0-1 scale. It takes no settings.

    References
    ----------
    Amigó, Gonzalo, Giménez & Verdejo (2011), "Corroborating Text Evaluation Results with
    Heterogeneous Measures", EMNLP.

    Examples
    --------
    ``the`` and ``cat`` are shared, four distinct tokens in all:

    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("ol").corpus_score(["the cat sat"], [["The cat ran"]]))
    0.5
    """

    def __init__(self):
        self.config = {"tokenize": "13a", "lowercase": True}

    def similarity(self, hyp: Text, ref: Text) -> float:
        return multiset_overlap(_tokens(hyp), _tokens(ref))


def _tagged(text: Text) -> List[Tuple[str, str]]:
    from evalkit.text.word_classes import token_class

    return [
        (tok.lower(), token_class(tok, i == 0))
        for s in sentences_of(text)
        for i, tok in enumerate(s.split())
    ]


@register_metric("sp-op")
class TagOverlap(PairSimilarity):
    """Overlap of the words of each token class, averaged over the classes present (a
    stand-in for Asiya's SP-Op(*)). Registered as ``get_metric("sp-op")``; 0-1 scale.

    References
    ----------
    Amigó, Gonzalo, Giménez & Verdejo (2011), in full at :class:`LexicalOverlap`.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("sp-op").corpus_score(["the cat sat"], [["the cat sat"]]))
    1.0
    """

    def __init__(self):
        self.config = {"tagger": "word-classes"}

    def similarity(self, hyp: Text, ref: Text) -> float:
        h, r = _tagged(hyp), _tagged(ref)
        classes = sorted({c for _, c in h} | {c for _, c in r})
        if not classes:
            return 1.0
        return float(
            np.mean(
                [
                    multiset_overlap([w for w, c in h if c == k], [w for w, c in r if c == k])
                    for k in classes
                ]
            )
        )


def entity_spans(text: Text) -> List[str]:
    """Maximal runs of capitalised tokens, the first token of a sentence excluded.

    Parameters
    ----------
    text : str or sequence of str
        A text or its sentences (whitespace tokens).

    Returns
    -------
    list of str
        The spans (heuristic named entities), tokens joined by a space, in text order.

    Examples
    --------
    >>> from evalkit.metrics.similarity import entity_spans
    >>> entity_spans("Yesterday John Smith met Mary in Paris .")
    ['John Smith', 'Mary', 'Paris']
    """
    spans: List[str] = []
    for sentence in sentences_of(text):
        run: List[str] = []
        for i, tok in enumerate(sentence.split() + [""]):
            if i > 0 and tok[:1].isupper():
                run.append(tok)
            else:
                if run:
                    spans.append(" ".join(run))
                run = []
    return spans


@register_metric("ne-oe")
class EntityOverlap(PairSimilarity):
    """Overlap of heuristic named-entity spans (capitalised runs; :func:`entity_spans`), a
    stand-in for Asiya's NE-Oe(*). Registered as ``get_metric("ne-oe")``; 0-1 scale.

    References
    ----------
    Amigó, Gonzalo, Giménez & Verdejo (2011), in full at :class:`LexicalOverlap`.

    Examples
    --------
    ``John`` is shared; ``Mary`` and ``Bob`` are not:

    >>> from evalkit.metrics import get_metric
    >>> round(get_metric("ne-oe").corpus_score(["Then John met Mary ."], [["So John saw Bob ."]]), 4)
    0.3333
    """

    def __init__(self):
        self.config = {"entities": "capitalised-runs"}

    def similarity(self, hyp: Text, ref: Text) -> float:
        return multiset_overlap(entity_spans(hyp), entity_spans(ref))


@register_metric("dp-hwc")
class ChainOverlap(PairSimilarity):
    """Overlap of word chains (each word within ``window`` tokens of the previous one), a
    stand-in for Asiya's DP-HWC. Registered as ``get_metric("dp-hwc")``; 0-1 scale.

    Parameters
    ----------
    length : int, default 3
        Longest chain, an integer >= 2 (chains of 2..length words).
    window : int, default 3
        Largest gap between consecutive words of a chain, an integer >= 1.

    References
    ----------
    Amigó, Gonzalo, Giménez & Verdejo (2011), in full at :class:`LexicalOverlap`.

    Examples
    --------
    Adjacent pairs only: ``a b`` is shared, ``b c`` and ``b d`` are not:

    >>> from evalkit.metrics import get_metric
    >>> metric = get_metric("dp-hwc", length=2, window=1)
    >>> metric.chains("a b c")
    [('a', 'b'), ('b', 'c')]
    >>> round(metric.corpus_score(["a b c"], [["a b d"]]), 4)
    0.3333
    """

    def __init__(self, length: int = 3, window: int = 3):
        self.length = check_int("length", length)
        self.window = check_int("window", window)
        if self.length < 2:
            raise ParameterError("length", length, "an integer >= 2 (chains of at least two words)")
        self.config = {"length": self.length, "window": self.window}

    def chains(self, text: Text) -> List[tuple]:
        out: List[tuple] = []
        for sentence in sentences_of(text):
            toks = [t.lower() for t in sentence.split()]
            for size in range(2, self.length + 1):
                for start in range(len(toks)):
                    out += _chains_from(toks, start, size, self.window)
        return out

    def similarity(self, hyp: Text, ref: Text) -> float:
        return multiset_overlap(self.chains(hyp), self.chains(ref))


def _chains_from(toks: List[str], start: int, size: int, window: int) -> List[tuple]:
    """Chains of ``size`` words starting at ``start`` with gaps of at most ``window``."""
    paths = [(start,)]
    for _ in range(size - 1):
        paths = [
            p + (j,)
            for p in paths
            for j in range(p[-1] + 1, min(p[-1] + window, len(toks) - 1) + 1)
        ]
    return [tuple(toks[i] for i in p) for p in paths]
