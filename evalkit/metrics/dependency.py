"""Dependency-triple metrics: LFG dependency F (Owczarzak et al. 2007), DEPEVAL(summ)
(Owczarzak 2009) and BE-HM (head-modifier Basic Elements, Hovy et al. 2005).

**Dependency F** (Owczarzak, van Genabith & Way 2007, SSST and WMT): parse translation and
reference, flatten both into LFG-like triples ``rel(head, dep)``
(:func:`evalkit.text.lfg.lfg_triples`), and with ``M`` the matched triples (a multiset
intersection) ``P = M / |C|``, ``R = M / |G|``, ``F = 2PR / (P + R)``
(:func:`evalkit.metrics.relations.fscore_from_statistics`); statistics per segment
``[M, |C|, |G|]``, so the corpus score is the micro-average. Switches:

* ``pred_only``: keep the 17 predicate relations only (``d_pr``; drops num, pers, tense ...);
* ``partial``: every predicate triple ``rel(h, d)`` is replaced by ``rel(h, *)`` and
  ``rel(*, d)`` (WMT 2007 ``d_var``; ``partial_keep_full`` also keeps the full triple);
* ``label_free``: drop the relation (DEPEVAL's ``norel``);
* ``wordnet``: after exact matching, a left-over candidate triple matches a left-over
  reference triple with the same relation whose words are equal or share a WordNet synset
  (any sense), greedily one-to-one (``d+WN``, ``wn``);
* ``count_once``: each distinct matching triple counts once (DEPEVAL's ``one``; the
  denominators stay bags);
* ``nbest``: with n-best parses (pre-parsed input), the best F over the n x n parse pairs.

Several references per segment: the reference giving the best F (Owczarzak et al. used one
reference per segment; each (segment, reference, judge) was its own data point).

**DEPEVAL(summ)** (Owczarzak 2009, formula 2): ``Recall = |D_cand ∩ D_ref| / |D_ref|`` with
``D_ref`` the bag union (sum of counts) of the model summaries' triples, and the five switches
``pm wn pred norel one`` (:data:`DEPEVAL_SWITCHES`, 32 combinations). Statistics ``[M, |D_ref|]``.

**BE-HM**: the (head, modifier) pairs of every dependency, Porter-stemmed, relation ignored,
counted as ROUGE-1.5.5 counts units with several models (``-f A``): ``sum_models sum_g
min(c_peer(g), c_model(g)) / sum_models |model|``; statistics ``[hits, total]``. Our Basic
Elements come from the same dependency parse as DEPEVAL (Minipar is not available), so
BE-HM values are an approximation of the official ones.

**Jackknifing** (TAC practice, Owczarzak 2009 Section 4): :func:`jackknife_scores` scores a
peer summary against every leave-one-out subset of the k models and averages; a model
summary is scored against the other models.

Ranges [0, 1]. Inputs as in :mod:`evalkit.metrics.syntax` (Parse objects, DepTrees, or
strings parsed with ``parser``).

Why our own: DEPEVAL(summ) and the LFG dependency F were never released as code, and the
Basic Elements package needs Minipar; the counting is a few multiset operations, and the
relation F-score itself is the shared :mod:`evalkit.metrics.relations` formula.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations
from typing import Any, List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.registry import register_metric
from evalkit.metrics.relations import fscore_from_statistics
from evalkit.metrics.syntax import ParsedMetric, parser_signature
from evalkit.text.lfg import PRED_RELS, head_modifier_pairs, lfg_triples
from evalkit.text.parse import Parse
from evalkit.text.trees import DepTree

__all__ = [
    "SynonymIndex",
    "DependencyF",
    "DEPEVAL",
    "BEHM",
    "DEPEVAL_SWITCHES",
    "depeval_variants",
    "transform_triples",
    "match_triples",
    "jackknife_scores",
]

DEPEVAL_SWITCHES = ("pm", "wn", "pred", "norel", "one")


@lru_cache(maxsize=200_000)
def _triples(dep: DepTree) -> Tuple[Tuple[str, str, str], ...]:
    return tuple(lfg_triples(dep))


@lru_cache(maxsize=400_000)
def _bag(
    dep: DepTree, pred_only: bool, partial: bool, partial_keep_full: bool, label_free: bool
) -> Counter:
    """Cached :func:`transform_triples` of one tree (callers must not modify the result)."""
    return transform_triples(_triples(dep), pred_only, partial, partial_keep_full, label_free)


def transform_triples(
    triples: Sequence[Tuple[str, str, str]],
    pred_only: bool = False,
    partial: bool = False,
    partial_keep_full: bool = False,
    label_free: bool = False,
) -> Counter:
    """The bag of triples a switch combination compares (module docstring).

    Parameters
    ----------
    triples : sequence of (rel, head, dep)
        LFG-like triples (:func:`evalkit.text.lfg.lfg_triples`).
    pred_only : bool, default False
        Keep the predicate relations only (:data:`evalkit.text.lfg.PRED_RELS`).
    partial : bool, default False
        Replace each predicate triple ``rel(h, d)`` by ``rel(h, *)`` and ``rel(*, d)``.
    partial_keep_full : bool, default False
        With ``partial``, keep ``rel(h, d)`` as well.
    label_free : bool, default False
        Drop the relation (it becomes ``""``).

    Returns
    -------
    collections.Counter
        The bag of (possibly transformed) triples.

    References
    ----------
    Owczarzak, van Genabith & Way (2007), "Dependency-Based Automatic Evaluation for
    Machine Translation", SSST workshop at HLT-NAACL; and "Labelled Dependencies in Machine
    Translation Evaluation", WMT.

    Examples
    --------
    >>> from evalkit.metrics.dependency import transform_triples
    >>> triples = [("subj", "sat", "cat"), ("tense", "sat", "past")]
    >>> sorted(transform_triples(triples, partial=True))
    [('subj', '*', 'cat'), ('subj', 'sat', '*'), ('tense', 'sat', 'past')]
    >>> dict(transform_triples(triples, pred_only=True, label_free=True))
    {('', 'sat', 'cat'): 1}
    """
    out: Counter = Counter()
    for rel, h, d in triples:
        is_pred = rel in PRED_RELS
        if pred_only and not is_pred:
            continue
        items = [(rel, h, d)]
        if partial and is_pred:
            items = [(rel, h, "*"), (rel, "*", d)] + ([(rel, h, d)] if partial_keep_full else [])
        for r, a, b in items:
            out[("" if label_free else r, a, b)] += 1
    return out


class SynonymIndex:
    """A reference bag indexed for WordNet matching: the reference triples whose relation is
    ``r`` and whose head equals ``a`` or shares a synset with it, in a fixed order (``a``
    itself, then its synsets sorted; within a key, the triples sorted). Built once per
    reference bag and reused for every candidate scored against it (jackknifing scores all
    peers of a topic against the same model subsets).

    Parameters
    ----------
    ref : collections.Counter
        The reference bag of ``(rel, head, dep)`` triples.
    wordnet : WordNet
        Anything with ``synset_ids(word) -> set`` (:func:`evalkit.text.wordnet.load_wordnet`).

    Examples
    --------
    >>> from evalkit.text.wordnet import SynonymTable
    >>> from collections import Counter
    >>> from evalkit.metrics.dependency import SynonymIndex
    >>> synonyms = SynonymTable(("car", "automobile"))
    >>> index = SynonymIndex(Counter([("obj", "drive", "automobile")]), synonyms)
    >>> index.candidates("obj", "drive")
    [('obj', 'drive', 'automobile')]
    >>> index.candidates("subj", "drive")
    []
    """

    def __init__(self, ref: Counter, wordnet):
        self.ref = ref
        self.wordnet = wordnet
        self._index: dict = {}
        for t in sorted(ref):
            r, c, _ = t
            for key in (c,) + tuple(wordnet.synset_ids(c)):
                self._index.setdefault((r, key), []).append(t)
        self._candidates: dict = {}

    def candidates(self, r: str, a: str) -> List[Tuple[str, str, str]]:
        got = self._candidates.get((r, a))
        if got is None:
            seen, got = set(), []
            for key in (a,) + tuple(sorted(self.wordnet.synset_ids(a))):
                for t in self._index.get((r, key), ()):
                    if t not in seen:
                        seen.add(t)
                        got.append(t)
            self._candidates[(r, a)] = got
        return got


@lru_cache(maxsize=1_000_000)
def _same(wordnet, x: str, y: str) -> bool:
    return x == y or bool(wordnet.synset_ids(x) & wordnet.synset_ids(y))


def match_triples(
    cand: Counter,
    ref: Counter,
    wordnet=None,
    count_once: bool = False,
    index: Optional[SynonymIndex] = None,
) -> int:
    """Matches between two bags: exact multiset intersection, then WordNet-synonym matches
    among the left-overs (same relation, each word equal or sharing a synset), greedy
    one-to-one in a fixed order (:class:`SynonymIndex`); ``count_once`` counts each distinct
    matched triple once. ``index``: a prebuilt :class:`SynonymIndex` of ``ref``.

    Parameters
    ----------
    cand, ref : collections.Counter
        Bags of ``(rel, head, dep)`` triples (:func:`transform_triples`).
    wordnet : WordNet, optional
        Anything with ``synset_ids(word) -> set``; None matches exactly only.
    count_once : bool, default False
        Count each distinct matched triple once (DEPEVAL's ``one``).
    index : SynonymIndex, optional
        A prebuilt index of ``ref`` (reused across candidates).

    Returns
    -------
    int
        The number of matched triples, at most ``min(|cand|, |ref|)``.

    References
    ----------
    Owczarzak, van Genabith & Way (2007), in full at :func:`transform_triples`.

    Examples
    --------
    >>> from evalkit.text.wordnet import SynonymTable
    >>> from collections import Counter
    >>> from evalkit.metrics.dependency import match_triples
    >>> cand = Counter({("obj", "drive", "car"): 1, ("subj", "drive", "he"): 2})
    >>> ref = Counter({("obj", "drive", "automobile"): 1, ("subj", "drive", "he"): 1})
    >>> match_triples(cand, ref), match_triples(cand, ref, SynonymTable(("car", "automobile")))
    (1, 2)
    """
    exact = cand & ref
    if wordnet is None:
        return len(exact) if count_once else sum(exact.values())
    if index is None or index.ref is not ref:
        index = SynonymIndex(ref, wordnet)
    left = ref - exact
    extra, extra_distinct = 0, set()
    for (r, a, b), k in sorted((cand - exact).items()):
        for t in index.candidates(r, a):
            if k == 0:
                break
            avail = left.get(t, 0)
            if avail > 0 and _same(wordnet, b, t[2]):
                take = min(k, avail)
                left[t] = avail - take
                k -= take
                extra += take
                extra_distinct.add((r, a, b))
    if count_once:
        return len(set(exact) | extra_distinct)
    return sum(exact.values()) + extra


def _dep_of(x) -> Tuple[DepTree, ...]:
    if isinstance(x, Parse):
        return x.nbest or (x.dep,)
    if isinstance(x, DepTree):
        return (x,)
    raise ParameterError("parse", type(x).__name__, "a Parse, a DepTree or a string")


def _check_wordnet(wordnet):
    if wordnet is True:
        from evalkit.text.wordnet import load_wordnet

        return load_wordnet()
    if wordnet is False or wordnet is None:
        return None
    if not hasattr(wordnet, "synset_ids"):
        raise ParameterError("wordnet", wordnet, "True, False or an evalkit.text.wordnet.WordNet")
    return wordnet


@register_metric("dep-f")
class DependencyF(ParsedMetric):
    """LFG-like dependency precision/recall/F of Owczarzak et al. (2007) (module docstring).
    Registered as ``get_metric("dep-f")``; 0-1 scale.

    Parameters
    ----------
    score : str, default "F"
        ``"F"``, ``"P"`` or ``"R"`` (else :class:`~evalkit.errors.ParameterError`).
    pred_only, partial, partial_keep_full, label_free : bool, default False
        The triple switches (:func:`transform_triples`).
    wordnet : bool or WordNet, default False
        Match left-over triples through WordNet synonyms (True loads WordNet).
    count_once : bool, default False
        Count each distinct matched triple once.
    nbest : int, default 1
        With n-best parses, the best F over the n x n parse pairs (an integer >= 1).
    parser : Parser, optional
        Parses string inputs (:func:`evalkit.text.parse.get_parser`); None uses the pinned
        spaCy pipeline. Inputs may also be :class:`~evalkit.text.parse.Parse` objects or
        :class:`~evalkit.text.trees.DepTree` trees.

    References
    ----------
    Owczarzak, van Genabith & Way (2007), in full at :func:`transform_triples`.

    Examples
    --------
    Of the five triples on each side (``det``, ``num``, ``pers``, ``subj``, ``tense``) only
    ``tense(sat, past)`` matches, so P = R = F = 1/5:

    >>> from evalkit.text.trees import DepTree
    >>> hyp = DepTree.from_heads(["the", "cat", "sat"], [1, 2, -1], ["det", "nsubj", "root"],
    ...                          xpos=["DT", "NN", "VBD"])
    >>> ref = DepTree.from_heads(["the", "dog", "sat"], [1, 2, -1], ["det", "nsubj", "root"],
    ...                          xpos=["DT", "NN", "VBD"])
    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("dep-f").corpus_score([hyp], [[ref]]))
    0.2
    """

    name = "dep-f"

    def __init__(
        self,
        score: str = "F",
        pred_only: bool = False,
        partial: bool = False,
        partial_keep_full: bool = False,
        label_free: bool = False,
        wordnet=False,
        count_once: bool = False,
        nbest: int = 1,
        parser=None,
    ):
        if score not in ("F", "P", "R"):
            raise ParameterError("score", score, "'F', 'P' or 'R'")
        if not isinstance(nbest, (int, np.integer)) or isinstance(nbest, bool) or nbest < 1:
            raise ParameterError("nbest", nbest, "an integer >= 1")
        self.score = score
        self.switches = dict(
            pred_only=bool(pred_only),
            partial=bool(partial),
            partial_keep_full=bool(partial_keep_full),
            label_free=bool(label_free),
        )
        self.wordnet = _check_wordnet(wordnet)
        self.count_once = bool(count_once)
        self.nbest = int(nbest)
        self.parser = parser

    @property
    def n_statistics(self) -> int:
        return 3

    def _bags(self, x) -> List[Counter]:
        sw = self.switches
        return [
            _bag(d, sw["pred_only"], sw["partial"], sw["partial_keep_full"], sw["label_free"])
            for d in _dep_of(x)[: self.nbest]
        ]

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        hyps, refs = self.prepare_inputs(hyps, refs)
        out = np.zeros((len(hyps), 3), dtype=np.int64)
        for i, (h, rs) in enumerate(zip(hyps, refs)):
            best, best_f = None, -1.0
            for hb in self._bags(h):
                for r in rs:
                    for rb in self._bags(r):
                        row = (
                            match_triples(hb, rb, self.wordnet, self.count_once),
                            sum(hb.values()),
                            sum(rb.values()),
                        )
                        f = self._score_one(np.array(row))
                        if f > best_f:
                            best, best_f = row, f
            out[i] = best
        return out

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        s = np.asarray(stats_sums, dtype=np.float64)
        if self.score == "F":
            return fscore_from_statistics(s)
        den = s[:, 1] if self.score == "P" else s[:, 2]
        return np.where(den > 0, s[:, 0] / np.where(den > 0, den, 1.0), 0.0)

    def signature(self) -> str:
        sw = "".join(k[0] for k, v in self.switches.items() if v) or "-"
        return self.build_signature(
            [
                ("score", self.score),
                ("switches", sw),
                ("wn", bool(self.wordnet)),
                ("once", self.count_once),
                ("nbest", self.nbest),
                ("triples", "lfg-approx-v1"),
            ],
            parser=parser_signature(self.parser),
        )


def depeval_variants() -> List[Tuple[str, ...]]:
    """The 32 switch combinations (empty tuple = base), by number of switches.

    Returns
    -------
    list of tuple of str
        Every subset of :data:`DEPEVAL_SWITCHES`, smallest first.

    References
    ----------
    Owczarzak (2009), "DEPEVAL(summ): Dependency-based Evaluation for Automatic
    Summaries", ACL-IJCNLP.

    Examples
    --------
    >>> from evalkit.metrics.dependency import depeval_variants
    >>> variants = depeval_variants()
    >>> len(variants), variants[:3], variants[-1]
    (32, [(), ('pm',), ('wn',)], ('pm', 'wn', 'pred', 'norel', 'one'))
    """
    return [c for k in range(len(DEPEVAL_SWITCHES) + 1) for c in combinations(DEPEVAL_SWITCHES, k)]


@register_metric("depeval")
class DEPEVAL(ParsedMetric):
    """DEPEVAL(summ) recall (module docstring); ``variant`` e.g. ``"pm wn"`` or ``("pm", "wn")``.
    Registered as ``get_metric("depeval")``; 0-1 scale.

    Parameters
    ----------
    variant : str or sequence of str, default ()
        Switches from :data:`DEPEVAL_SWITCHES` (``"base"`` or empty: none); another raises
        :class:`~evalkit.errors.ParameterError`.
    wordnet : bool or WordNet, optional
        The WordNet for ``wn`` (default: loaded when the variant has ``wn``).
    parser : Parser, optional
        Parses string inputs (:func:`evalkit.text.parse.get_parser`); None uses the pinned
        spaCy pipeline. Inputs may also be :class:`~evalkit.text.parse.Parse` objects or
        :class:`~evalkit.text.trees.DepTree` trees.

    References
    ----------
    Owczarzak (2009), in full at :func:`depeval_variants`.

    Examples
    --------
    Base: 1 of the reference's 5 triples is matched. With partial matching (``pm``) the
    predicate triples split in two (7 in the reference) and ``det(*, the)``,
    ``subj(sat, *)`` and ``tense(sat, past)`` match:

    >>> from evalkit.metrics import get_metric
    >>> from evalkit.text.trees import DepTree
    >>> labels, tags = ["det", "nsubj", "root"], ["DT", "NN", "VBD"]
    >>> hyp, ref = (DepTree.from_heads(["the", noun, "sat"], [1, 2, -1], labels, xpos=tags)
    ...             for noun in ("cat", "dog"))
    >>> float(get_metric("depeval").corpus_score([hyp], [[ref]]))
    0.2
    >>> round(get_metric("depeval", variant="pm").corpus_score([hyp], [[ref]]), 4), round(3 / 7, 4)
    (0.4286, 0.4286)
    """

    name = "depeval"

    def __init__(self, variant=(), wordnet=None, parser=None):
        if isinstance(variant, str):
            variant = tuple(v for v in variant.replace("base", "").split() if v)
        variant = tuple(variant)
        for v in variant:
            if v not in DEPEVAL_SWITCHES:
                raise ParameterError("variant", variant, f"switches from {DEPEVAL_SWITCHES}")
        self.variant = tuple(s for s in DEPEVAL_SWITCHES if s in variant)
        self.wordnet = _check_wordnet(wordnet if wordnet is not None else ("wn" in self.variant))
        if "wn" not in self.variant:
            self.wordnet = None
        self.parser = parser

    @property
    def n_statistics(self) -> int:
        return 2

    def _bag(self, x) -> Counter:
        v = self.variant
        return _bag(_dep_of(x)[0], "pred" in v, "pm" in v, False, "norel" in v)

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        hyps, refs = self.prepare_inputs(hyps, refs)
        out = np.zeros((len(hyps), 2), dtype=np.int64)
        unions: dict = {}  # one union (and WordNet index) per distinct set of references
        for i, (h, rs) in enumerate(zip(hyps, refs)):
            key = tuple(id(r) for r in rs)
            if key not in unions:
                union: Counter = Counter()
                for r in rs:
                    union += self._bag(r)
                unions[key] = (
                    union,
                    SynonymIndex(union, self.wordnet) if self.wordnet is not None else None,
                    rs,
                )
            union, index, _ = unions[key]
            out[i] = (
                match_triples(self._bag(h), union, self.wordnet, "one" in self.variant, index),
                sum(union.values()),
            )
        return out

    def signature(self) -> str:
        return self.build_signature(
            [
                ("variant", " ".join(self.variant) or "base"),
                ("union", "sum"),
                ("triples", "lfg-approx-v1"),
            ],
            parser=parser_signature(self.parser),
        )


@register_metric("be-hm")
class BEHM(ParsedMetric):
    """BE-HM recall: stemmed head-modifier pairs, ROUGE-style over models (module docstring).
    Registered as ``get_metric("be-hm")``; 0-1 scale.

    Parameters
    ----------
    stem : bool, default True
        Porter-stem the words of each pair.
    parser : Parser, optional
        Parses string inputs (:func:`evalkit.text.parse.get_parser`); None uses the pinned
        spaCy pipeline. Inputs may also be :class:`~evalkit.text.parse.Parse` objects or
        :class:`~evalkit.text.trees.DepTree` trees.

    References
    ----------
    Hovy, Lin & Zhou (2005), "Evaluating DUC 2005 using Basic Elements", DUC Workshop.

    Examples
    --------
    The hypothesis's pairs are ``(cat, the)``, ``(sat, cat)``; the first model shares
    none, the second ``(cat, the)``: 1 hit of 4 model pairs:

    >>> from evalkit.text.trees import DepTree
    >>> hyp = DepTree.from_heads(["the", "cat", "sat"], [1, 2, -1], ["det", "nsubj", "root"],
    ...                          xpos=["DT", "NN", "VBD"])
    >>> ref = DepTree.from_heads(["the", "dog", "sat"], [1, 2, -1], ["det", "nsubj", "root"],
    ...                          xpos=["DT", "NN", "VBD"])
    >>> ref2 = DepTree.from_heads(["the", "cat", "slept"], [1, 2, -1], ["det", "nsubj", "root"])
    >>> from evalkit.metrics import get_metric
    >>> float(get_metric("be-hm").corpus_score([hyp], [[ref, ref2]]))
    0.25
    """

    name = "be-hm"

    def __init__(self, stem: bool = True, parser=None):
        self.stem = bool(stem)
        self.parser = parser

    @property
    def n_statistics(self) -> int:
        return 2

    def _bag(self, x) -> Counter:
        return _be_bag(_dep_of(x)[0], self.stem)

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        hyps, refs = self.prepare_inputs(hyps, refs)
        out = np.zeros((len(hyps), 2), dtype=np.int64)
        for i, (h, rs) in enumerate(zip(hyps, refs)):
            hb = self._bag(h)
            for r in rs:
                rb = self._bag(r)
                out[i] += (sum((hb & rb).values()), sum(rb.values()))
        return out

    def signature(self) -> str:
        return self.build_signature(
            [
                ("stem", "porter" if self.stem else "no"),
                ("count", "rouge-A"),
                ("pairs", "dependency-approx-v1"),
            ],
            parser=parser_signature(self.parser),
        )


@lru_cache(maxsize=200_000)
def _be_bag(dep: DepTree, stem: bool) -> Counter:
    from evalkit.text.porter_nltk import porter_stemmer

    st = porter_stemmer() if stem else (lambda w: w)
    return Counter((st(a), st(b)) for a, b in head_modifier_pairs(dep))


def jackknife_scores(
    metric,
    hyps: Sequence[Any],
    refs: Sequence[Sequence[Any]],
    own: Optional[Sequence[Optional[int]]] = None,
) -> np.ndarray:
    """Per-summary jackknifed scores (TAC practice).

    ``refs[i]`` are the models of summary i's topic. If ``own[i]`` is an index into
    ``refs[i]``, summary i is that model: it is scored once against the other models.
    Otherwise it is scored against each leave-one-out subset of the models and the scores
    are averaged (with a single model: against it). Strings are parsed once.

    Parameters
    ----------
    metric : Metric
        Any metric with ``sentence_scores(hyps, refs)`` taking a list of references per
        segment (a parse-based one parses once through its ``prepare_inputs``).
    hyps : sequence
        The summaries to score.
    refs : sequence of sequences
        Per summary, the models of its topic.
    own : sequence of int or None, optional
        Per summary, the index of itself among ``refs[i]`` when it is a model (then at
        least 2 models, else :class:`~evalkit.errors.ParameterError`); None for a peer.

    Returns
    -------
    numpy.ndarray
        float64, one jackknifed score per summary.

    References
    ----------
    Owczarzak (2009), in full at :func:`depeval_variants`.

    Examples
    --------
    With WER for brevity: the peer ``a b c`` scores 0 against the first model and 1/3
    against the second (mean 1/6); the second model ``a b d`` is scored against the first
    only:

    >>> from evalkit.metrics import get_metric
    >>> from evalkit.metrics.dependency import jackknife_scores
    >>> models = ["a b c", "a b d"]
    >>> jackknife_scores(get_metric("wer"), ["a b c", "a b d"], [models, models], own=[None, 1])
    array([0.16666667, 0.33333333])
    """
    if hasattr(metric, "prepare_inputs"):
        hyps, refs = metric.prepare_inputs(hyps, refs)
    own = list(own) if own is not None else [None] * len(hyps)
    if len(own) != len(hyps):
        raise ParameterError("own", len(own), f"{len(hyps)} entries")
    rows_h, rows_r, owner = [], [], []
    for i, (h, rs) in enumerate(zip(hyps, refs)):
        if own[i] is not None:
            if not 0 <= own[i] < len(rs) or len(rs) < 2:
                raise ParameterError(
                    f"own[{i}]", own[i], f"an index into {len(rs)} models (>= 2 models)"
                )
            subsets = [[r for j, r in enumerate(rs) if j != own[i]]]
        elif len(rs) >= 2:
            subsets = [[r for j, r in enumerate(rs) if j != k] for k in range(len(rs))]
        else:
            subsets = [list(rs)]
        for s in subsets:
            rows_h.append(h)
            rows_r.append(s)
            owner.append(i)
    scores = metric.sentence_scores(rows_h, rows_r)
    owner = np.asarray(owner)
    return np.bincount(owner, weights=scores, minlength=len(hyps)) / np.bincount(
        owner, minlength=len(hyps)
    )
