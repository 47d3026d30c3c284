"""METEOR as Banerjee & Lavie (2005) define it (ACL workshop W05-0909, Sec. 2.2).

A hypothesis is aligned to each reference in *stages*; each stage's module lists the
candidate unigram mappings between words left unaligned by earlier stages, and the stage
keeps the **largest** subset that is an alignment (each word mapped at most once), and
among those the one with the **fewest crossings**: mappings (t_i, r_j), (t_k, r_l) cross
iff (pos(t_i) - pos(t_k)) * (pos(r_j) - pos(r_l)) < 0. Modules (switchable, any order):

* ``exact``       identical surface forms (optionally not for ``stopwords``, Sec. 3.6);
* ``porter``      identical Porter (1980) stems (nltk's ``ORIGINAL_ALGORITHM``);
* ``wn_stem``     a shared WordNet base form (morphy), the paper's ablation module;
* ``wn_synonym``  at least one sense of each word in the same WordNet synset.

The default is the paper's ``exact -> porter -> wn_synonym``. With m mapped unigrams,
hypothesis length |t| and reference length |r| (in words):

    P = m / |t|,  R = m / |r|,  Fmean = 10 P R / (R + 9 P)              (all in [0, 1])
    Penalty = 0.5 * (chunks / m)^3                                       (in (0, 0.5])
    Score = Fmean * (1 - Penalty)                                        (in [0, 1))

where ``chunks`` is the fewest groups of mapped words adjacent in the hypothesis and mapped
to adjacent, same-order positions in the reference; Score = 0 when m = 0. A segment's score
is the best over its references (the first reference on ties). The system score uses the
aggregate statistics of each segment's best reference: P = sum m / sum |t|,
R = sum m / sum |r|, Penalty = 0.5 (sum chunks / sum m)^3, combined by the same formula.

Choices the paper leaves open, made explicit as parameters (``acl2005 notes`` P4.2):

* tokenization and case: lower-case, then mteval-v13a tokenization (``tokenize="13a"``);
* ``crossings_scope="full"``: a stage counts crossings with the mappings fixed by earlier
  stages too (``"stage"``: only among the stage's own mappings);
* ``tie_break="chunks"``: among the largest, least-crossing alignments the stage prefers
  the one giving the full alignment the fewest chunks (``"first"``: the first found);
  any remaining tie goes to the first found (hypothesis words in order, each trying its
  candidate reference positions left to right, then no mapping).

Why our own search: no library implements this selection (nltk's ``meteor_score`` aligns
greedily). The search is a dynamic programme over the hypothesis positions; its state is
what the cost still to come depends on (which reference positions later words may still
take are used, how many used positions lie between those, the previous word's mapping).
For ``exact`` and ``porter`` the candidates of a stage form classes of equal keys; a class
with as many hypothesis as reference words is aligned in order without search (in-order
pairing provably minimises crossings with every other mapping), and within a class the
search only chooses which words of the longer side stay unaligned. A stage whose states
outgrow a narrow beam (64) is searched again by branch and bound in widening passes (256
states, then ``max_states``), each bounded by the best alignment found so far and an
admissible lower bound on the cost still to come (the middle pass mostly tightens the bound
the widest pass prunes with); a pass that never drops a state for width is exact. If even
the widest pass exceeds ``max_states`` states at some step, the cheapest ``max_states`` are
kept (a beam search, as METEOR's later versions do) and the result reports ``exact=False``.
Minimising crossings is a quadratic assignment-like problem; long, heavily reordered
segments can need exponentially many states. On WMT09 (2525 segments, 26 words on average)
the default ``max_states=2000`` leaves 1 segment (113 words, reference 128) to the beam
(its beam alignment is the optimum: 50000 states prove it); the system score is the same
with 256 and 10000; see ``benchmarks/README.md``. The programme runs as a numba kernel
(:mod:`evalkit.metrics.meteor_search`) on integer bitsets; the tests keep it in Python
(``tests/meteor_oracle.py``) as the reference the kernel is checked against, pass by pass. A relation stage whose
words each have one candidate, all different, has one largest alignment and skips the search.

``jobs`` > 1 (:meth:`METEOR.sentence_results`, :meth:`METEOR.corpus_score`) scores chunks
of segments in spawned worker processes, each given the pickled metric (its configuration;
the worker loads the stemmer and WordNet itself); the results are identical. Spawned, not
forked (a fork from a process with other threads can hang on a copied lock); the start-up
makes them worth it only for corpora of many thousand segments.
"""

from __future__ import annotations

from bisect import bisect_right, insort
from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.ngrams import normalize_references
from evalkit.metrics.registry import preset, register_metric
from evalkit.stats.validation import check_choice, check_int

__all__ = [
    "MODULES",
    "MeteorStats",
    "Alignment",
    "MeteorScore",
    "METEOR",
    "align",
    "meteor_from_counts",
    "check_streams",
    "references_per_segment",
    "count_chunks",
    "count_crossings",
]

#: The mapping modules of Banerjee & Lavie (2005).
MODULES = ("exact", "porter", "wn_stem", "wn_synonym")
_KEY_MODULES = ("exact", "porter")
_SCOPES = ("full", "stage")
_FIRST_BEAM = 64  # width of the first, narrow pass of a stage search
_MIDDLE_BEAMS = (256,)  # widths of the bounded passes before the widest (max_states)
_TIE_BREAKS = ("chunks", "first")


def meteor_from_counts(
    matches: float,
    hyp_len: float,
    ref_len: float,
    chunks: float,
    recall_weight: float = 9.0,
    penalty_weight: float = 0.5,
    penalty_exponent: float = 3.0,
) -> Tuple[float, float, float, float, float]:
    """(P, R, Fmean, Penalty, Score) from counts, Banerjee & Lavie (2005) Sec. 2.2.

    Fmean = (1 + w) P R / (R + w P) with w = ``recall_weight`` (the paper: 10PR/(R+9P));
    Penalty = ``penalty_weight`` * (chunks / matches) ** ``penalty_exponent``;
    Score = Fmean (1 - Penalty). Zero matches give all zeros (P = 0 for an empty hypothesis).

    Parameters
    ----------
    matches, hyp_len, ref_len, chunks : float
        Mapped unigrams m, hypothesis and reference lengths, chunks of the alignment.
    recall_weight, penalty_weight, penalty_exponent : float
        w, the penalty's factor (0.5) and exponent (3).

    Returns
    -------
    tuple of float
        ``(P, R, Fmean, Penalty, Score)``, each in [0, 1].

    Examples
    --------
    >>> from evalkit.metrics.meteor import meteor_from_counts
    >>> p, r, fmean, penalty, score = meteor_from_counts(4, 5, 6, 2)
    >>> round(fmean, 4), penalty, round(score, 4)  # 10 PR / (R + 9P); 0.5 (2/4)^3
    (0.678, 0.0625, 0.6356)
    """
    if matches <= 0:
        return 0.0, 0.0, 0.0, 0.0, 0.0
    p = matches / hyp_len
    r = matches / ref_len
    fmean = (1.0 + recall_weight) * p * r / (r + recall_weight * p)
    penalty = penalty_weight * (chunks / matches) ** penalty_exponent
    return p, r, fmean, penalty, fmean * (1.0 - penalty)


@dataclass(frozen=True)
class MeteorStats:
    """Sufficient statistics of one hypothesis against one reference.

    ``matches`` m, ``hyp_len`` |t|, ``ref_len`` |r|, ``chunks``, ``crossings`` of the final
    alignment and ``stage_matches`` (mappings added by each stage). They add up over
    segments for the system score (:meth:`__add__`).

    Attributes
    ----------
    hyp_len, ref_len, matches, chunks, crossings : int
        The counts above.
    stage_matches : tuple of int
        Mappings added by each configured module, in order (empty when unknown).

    Examples
    --------
    >>> from evalkit.metrics.meteor import MeteorStats
    >>> MeteorStats(3, 4, 3, 1) + MeteorStats(2, 2, 1, 1)
    MeteorStats(hyp_len=5, ref_len=6, matches=4, chunks=2, crossings=0, stage_matches=())
    """

    hyp_len: int
    ref_len: int
    matches: int
    chunks: int
    crossings: int = 0
    stage_matches: Tuple[int, ...] = ()

    def __add__(self, other: "MeteorStats") -> "MeteorStats":
        if not self.stage_matches:
            stages = other.stage_matches
        elif not other.stage_matches:
            stages = self.stage_matches
        else:
            stages = tuple(a + b for a, b in zip(self.stage_matches, other.stage_matches))
        return MeteorStats(
            self.hyp_len + other.hyp_len,
            self.ref_len + other.ref_len,
            self.matches + other.matches,
            self.chunks + other.chunks,
            self.crossings + other.crossings,
            stages,
        )


@dataclass(frozen=True)
class Alignment:
    """A METEOR alignment: ``pairs`` of (hypothesis position, reference position, stage).

    Positions are 0-based word indices; ``stage`` indexes the configured modules.
    ``exact`` is False only if a stage's search was truncated to a beam.

    Attributes
    ----------
    hyp, ref : tuple of str
        The words of hypothesis and reference.
    pairs : tuple of (int, int, int)
        The mappings.
    modules : tuple of str
        The configured modules (``stage`` indexes them).
    exact : bool
        Whether every stage was searched exactly.

    Examples
    --------
    >>> from evalkit.metrics.meteor import align
    >>> a = align("the cat sat", "the cat sat down", modules=("exact",))
    >>> a.pairs, a.chunks, a.crossings
    (((0, 0, 0), (1, 1, 0), (2, 2, 0)), 1, 0)
    """

    hyp: Tuple[str, ...]
    ref: Tuple[str, ...]
    pairs: Tuple[Tuple[int, int, int], ...]
    modules: Tuple[str, ...]
    exact: bool = True

    @property
    def chunks(self) -> int:
        return count_chunks([(h, r) for h, r, _ in self.pairs])

    @property
    def crossings(self) -> int:
        return count_crossings([(h, r) for h, r, _ in self.pairs])

    def stats(self) -> MeteorStats:
        stage = [0] * len(self.modules)
        for _, _, s in self.pairs:
            stage[s] += 1
        return MeteorStats(
            len(self.hyp), len(self.ref), len(self.pairs), self.chunks, self.crossings, tuple(stage)
        )


@dataclass(frozen=True)
class MeteorScore:
    """A METEOR score with its parts (all in [0, 1]) and its statistics.

    ``reference`` is the index of the best reference (segment level; None for a system).

    Attributes
    ----------
    score, precision, recall, fmean, penalty : float
        The score and its parts (:func:`meteor_from_counts`).
    stats : MeteorStats
        The counts behind them.
    reference : int or None
        Best reference of a segment.
    exact : bool
        Whether every alignment behind it was searched exactly.
    signature : str
        The configuration (:meth:`METEOR.signature`).

    Examples
    --------
    >>> from evalkit.metrics.meteor import METEOR
    >>> (s,) = METEOR(modules=("exact",)).sentence_results(["the cat sat"], [["the cat sat down"]])
    >>> round(s.score, 4), s.precision, s.recall, s.stats.chunks
    (0.755, 1.0, 0.75, 1)
    """

    score: float
    precision: float
    recall: float
    fmean: float
    penalty: float
    stats: MeteorStats
    reference: Optional[int] = None
    exact: bool = True
    signature: str = field(default="", compare=False)

    def __float__(self) -> float:
        return self.score

    def __str__(self) -> str:
        sig = f"{self.signature} = " if self.signature else ""
        return (
            f"{sig}{self.score:.6f} (P {self.precision:.4f} R {self.recall:.4f} "
            f"Fmean {self.fmean:.4f} penalty {self.penalty:.4f} "
            f"chunks {self.stats.chunks} matches {self.stats.matches})"
        )


def count_chunks(pairs: Iterable[Tuple[int, int]]) -> int:
    """Fewest chunks: runs of mappings adjacent in both strings, in the same order.

    Parameters
    ----------
    pairs : iterable of (int, int)
        Mappings (hypothesis position, reference position).

    Returns
    -------
    int
        The number of chunks (0 for no mappings).

    Examples
    --------
    >>> from evalkit.metrics.meteor import count_chunks
    >>> count_chunks([(0, 0), (1, 1), (2, 4)])
    2
    """
    chunks = 0
    prev_h = prev_r = -2
    for h, r in sorted(pairs):
        if not (h == prev_h + 1 and r == prev_r + 1):
            chunks += 1
        prev_h, prev_r = h, r
    return chunks


def count_crossings(pairs: Sequence[Tuple[int, int]]) -> int:
    """Number of crossing pairs of mappings (Banerjee & Lavie 2005, Sec. 2.2).

    Parameters
    ----------
    pairs : sequence of (int, int)
        Mappings (hypothesis position, reference position), in any order.

    Returns
    -------
    int
        How many pairs of mappings are ordered one way in the hypothesis and the other way
        in the reference.

    Examples
    --------
    >>> from evalkit.metrics.meteor import count_crossings
    >>> count_crossings([(0, 1), (1, 0), (2, 2)])
    1
    """
    seen: List[int] = []  # reference positions of the earlier mappings, sorted
    n = 0
    for _, r in sorted(pairs):
        n += len(seen) - bisect_right(seen, r)  # earlier mappings to a later position
        insort(seen, r)
    return n


# ----------------------------------------------------------------------------- alignment


def _solve_stage(
    nodes: List[int],
    cands: Dict[int, List[int]],
    target: int,
    st: "_Stage",
    key_classes: Optional[Tuple[Dict[int, int], Dict[int, List[int]], Dict[int, int]]],
) -> Tuple[List[Tuple[int, int]], bool]:
    """Choose ``target`` mappings for ``nodes`` (hypothesis positions, ascending).

    Minimises (crossings, then chunks if ``st.tie_chunks``) of the chosen mappings among
    themselves and with ``st.context``; among equal costs the first choice sequence in
    the order of the module docstring wins. With ``key_classes`` = (class of each node,
    references of each class, words each class may leave out) for key modules, node h may
    only take a reference of its class after the class's last used one, and a class may
    leave out at most its surplus of hypothesis words. Returns (mappings, exact).

    A first pass keeps at most ``_FIRST_BEAM`` states per step: if it never had to drop
    one, it was the exact programme. Otherwise its alignment's cost bounds a second pass
    (branch and bound) that drops every state whose cost plus an admissible lower bound
    on the cost still to come exceeds it, and is exact unless a step still exceeds
    ``st.max_states`` states.
    """
    search = _StageSearch(nodes, cands, target, st, key_classes)
    best = search.run(width=_FIRST_BEAM, bound=None)
    if best is not None and not best[2]:
        return best[1], True
    search.use_strong_bound()
    # Widening passes: each is bounded by the best alignment found so far, so a middle
    # pass mainly tightens the bound the widest pass prunes with (the narrow beam's
    # alignment is often far from the optimum; the widest pass then keeps far fewer states).
    widths = [w for w in _MIDDLE_BEAMS if w < st.max_states] + [st.max_states]
    for width in widths:
        found = search.run(width=width, bound=None if best is None else best[0])
        if found is not None and not found[2]:
            return found[1], True
        if found is not None and (best is None or found[0] < best[0]):
            best = found
    if best is not None:  # the best beam alignment stands
        return best[1], False
    # both beams lost every maximum alignment (only conceivable for relation stages,
    # which are small): search without limit
    return search.run(width=1 << 62, bound=None)[1], True


class _StageSearch:
    """The programme of :func:`_solve_stage` run by the numba kernel
    :func:`evalkit.metrics.meteor_search.stage_search` (on integer arrays; identical
    results, see that module): same constructor, ``use_strong_bound`` and ``run``."""

    def __init__(self, nodes, cands, target, st, key_classes):
        from evalkit.metrics.meteor_search import NO_FIXED

        self.nodes, self.target, self.st = nodes, target, st
        fixed_ref = st.fixed_ref
        n = len(nodes)
        lengths = [len(cands[h]) for h in nodes]
        flat = [r for h in nodes for r in cands[h]]
        self.node_h = np.array(nodes, dtype=np.int64)
        self.cand_ptr = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(lengths, out=self.cand_ptr[1:])
        self.cand_r = np.array(flat, dtype=np.int64)
        self.adj_next = np.array(
            [j + 1 < n and nodes[j + 1] == h + 1 for j, h in enumerate(nodes)], dtype=np.bool_
        )
        self.left_fixed = np.array([fixed_ref.get(h - 1, NO_FIXED) for h in nodes], dtype=np.int64)
        self.right_fixed = np.array([fixed_ref.get(h + 1, NO_FIXED) for h in nodes], dtype=np.int64)
        if key_classes is not None:
            classes, class_refs, class_skips = key_classes
            index = {c: k for k, c in enumerate(class_refs)}
            self.node_cls = np.array([index[classes[h]] for h in nodes], dtype=np.int64)
            counts = np.bincount(self.node_cls, minlength=len(index))
            refs = list(class_refs.values())
            self.cls_ptr = np.zeros(len(refs) + 1, dtype=np.int64)
            np.cumsum([len(rs) for rs in refs], out=self.cls_ptr[1:])
            self.cls_r = np.array([r for rs in refs for r in rs], dtype=np.int64)
            self.cls_count = counts.astype(np.int64)
            self.cls_need = np.minimum(self.cls_count, np.diff(self.cls_ptr))
            self.cls_skips = np.array([class_skips[c] for c in class_refs], dtype=np.int64)
        else:
            self.node_cls = np.full(n, -1, dtype=np.int64)
            self.cls_ptr = np.zeros(1, dtype=np.int64)
            self.cls_r = self.cls_count = self.cls_need = self.cls_skips = np.zeros(
                0, dtype=np.int64
            )
        self.ctx_h = np.array([h for h, _ in st.context], dtype=np.int64)
        self.ctx_r = np.array([r for _, r in st.context], dtype=np.int64)
        self.n_ref = max(flat) + 1
        self.big = 2 * st.n_hyp + 3 if st.tie_chunks else 1
        self.strong = False

    def use_strong_bound(self) -> None:
        self.strong = True

    def run(self, width: int, bound: Optional[int]):
        from evalkit.metrics.meteor_search import stage_search

        found, cost, truncated, choices = stage_search(
            self.node_h,
            self.cand_ptr,
            self.cand_r,
            self.adj_next,
            self.left_fixed,
            self.right_fixed,
            self.node_cls,
            self.cls_ptr,
            self.cls_r,
            self.cls_need,
            self.cls_skips,
            self.cls_count,
            self.ctx_h,
            self.ctx_r,
            self.n_ref,
            self.target,
            self.big,
            self.st.tie_chunks,
            min(width, 1 << 62),
            -1 if bound is None else bound,
            self.strong,
        )
        if not found:
            if not truncated:
                raise RuntimeError("METEOR stage search found no alignment of the maximum size")
            return None
        chosen = [(h, int(r)) for h, r in zip(self.nodes, choices.tolist()) if r >= 0]
        return int(cost), chosen, truncated


def _max_matching(nodes: List[int], cands: Dict[int, List[int]]) -> int:
    """Maximum bipartite matching size (Kuhn's augmenting paths; stages are small)."""
    match_ref: Dict[int, int] = {}

    def augment(h: int, seen: set) -> bool:
        for r in cands[h]:
            if r in seen:
                continue
            seen.add(r)
            if r not in match_ref or augment(match_ref[r], seen):
                match_ref[r] = h
                return True
        return False

    return sum(1 for h in nodes if augment(h, set()))


@dataclass(frozen=True)
class _Stage:
    """What one stage's search needs besides its candidates.

    ``context``: mappings whose crossings count (earlier stages under scope "full");
    ``fixed_ref``: every aligned hypothesis position -> reference position (for chunks).
    """

    free_h: List[int]
    free_r: List[int]
    context: List[Tuple[int, int]]
    fixed_ref: Dict[int, int]
    tie_chunks: bool
    n_hyp: int
    max_states: int


def _stage_key(
    hyp_keys: Dict[int, Optional[object]], ref_keys: Dict[int, Optional[object]], st: _Stage
) -> Tuple[List[Tuple[int, int]], bool]:
    """One stage of a key module (exact, porter): candidates = words with equal keys
    (``hyp_keys``/``ref_keys``: key of each free position; None never matches)."""
    by_key_h: Dict[object, List[int]] = {}
    for h in st.free_h:
        k = hyp_keys[h]
        if k is not None:
            by_key_h.setdefault(k, []).append(h)
    by_key_r: Dict[object, List[int]] = {}
    for r in st.free_r:
        k = ref_keys[r]
        if k is not None and k in by_key_h:
            by_key_r.setdefault(k, []).append(r)
    forced: List[Tuple[int, int]] = []
    nodes: List[int] = []
    cands: Dict[int, List[int]] = {}
    classes: Dict[int, int] = {}
    class_refs: Dict[int, List[int]] = {}
    class_skips: Dict[int, int] = {}
    target = 0
    for cid, (k, rs) in enumerate(by_key_r.items()):
        hs = by_key_h[k]
        if len(hs) == len(rs):
            forced.extend(zip(hs, rs))  # in-order pairing is optimal (module docstring)
            continue
        for h in hs:
            nodes.append(h)
            cands[h] = rs
            classes[h] = cid
        class_refs[cid] = rs
        class_skips[cid] = max(0, len(hs) - len(rs))
        target += min(len(hs), len(rs))
    if not nodes:
        return forced, True
    nodes.sort()
    fixed = dict(st.fixed_ref)
    fixed.update(forced)
    inner = _Stage(
        st.free_h, st.free_r, st.context + forced, fixed, st.tie_chunks, st.n_hyp, st.max_states
    )
    chosen, exact = _solve_stage(nodes, cands, target, inner, (classes, class_refs, class_skips))
    return forced + chosen, exact


def _stage_relation(hyp_sets, ref_sets, st: _Stage) -> Tuple[List[Tuple[int, int]], bool]:
    """One stage of a relation module (wn_stem, wn_synonym): words are candidates when
    their sets (base forms, synsets) intersect; any candidate graph."""
    refs = [(r, ref_sets[r]) for r in st.free_r if ref_sets[r]]
    cands = {}
    nodes = []
    for h in st.free_h:
        hs = hyp_sets[h]
        if hs:
            found = [r for r, rs in refs if not hs.isdisjoint(rs)]  # ascending
            if found:
                cands[h] = found
                nodes.append(h)
    if not nodes:
        return [], True
    # no reference position wanted twice and one candidate each: every alignment of the
    # maximum size maps each node to its candidate, so it is the only one (no search)
    if all(len(cands[h]) == 1 for h in nodes) and len({cands[h][0] for h in nodes}) == len(nodes):
        return [(h, cands[h][0]) for h in nodes], True
    return _solve_stage(nodes, cands, _max_matching(nodes, cands), st, None)


# ----------------------------------------------------------------------------- the metric


def check_streams(hypotheses: Sequence[str], references: Sequence[Sequence[str]]):
    """(hypotheses, reference streams) as lists, checked: sacrebleu's layout, one
    stream per reference, each with one line per hypothesis.

    Parameters
    ----------
    hypotheses : sequence of str
        One line per segment.
    references : sequence of sequence of str
        Reference streams, each as long as ``hypotheses``.

    Returns
    -------
    tuple of list
        ``(hypotheses, streams)``; a :class:`~evalkit.errors.ParameterError` for any other
        layout.

    Examples
    --------
    >>> from evalkit.metrics.meteor import check_streams
    >>> check_streams(("a b", "c d"), [("a b", "c"), ("a", "c d")])
    (['a b', 'c d'], [['a b', 'c'], ['a', 'c d']])
    """
    hyps = list(hypotheses)
    if isinstance(references, str) or not references or any(isinstance(s, str) for s in references):
        raise ParameterError(
            "references", references, "a list of reference streams (sacrebleu layout)"
        )
    streams = [list(s) for s in references]
    for j, s in enumerate(streams):
        if len(s) != len(hyps):
            raise ParameterError(
                "references",
                f"stream {j} with {len(s)} lines",
                f"{len(hyps)} lines, one per hypothesis",
            )
    return hyps, streams


def references_per_segment(hypotheses: Sequence[str], references: Sequence, ref_layout: str):
    """(hypotheses, one list of references per segment) from either layout: ``"streams"``
    (:func:`check_streams`) or ``"segments"`` (one list of reference strings per segment).

    Parameters
    ----------
    hypotheses : sequence of str
        One line per segment.
    references : sequence
        In the layout ``ref_layout`` names.
    ref_layout : {"streams", "segments"}
        The layout of ``references``.

    Returns
    -------
    tuple of list
        ``(hypotheses, references per segment)``.

    Examples
    --------
    >>> from evalkit.metrics.meteor import references_per_segment
    >>> references_per_segment(["a b", "c d"], [["a b", "c"], ["a", "c d"]], "streams")
    (['a b', 'c d'], [['a b', 'a'], ['c', 'c d']])
    """
    if ref_layout == "streams":
        hyps, streams = check_streams(hypotheses, references)
        return hyps, [list(seg) for seg in zip(*streams)] if hyps else []
    if ref_layout == "segments":
        hyps = list(hypotheses)
        return hyps, normalize_references(len(hyps), references, "segments")
    raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")


class METEOR(Metric):
    """METEOR (Banerjee & Lavie 2005), sacrebleu-style: configure once, score many. An
    :class:`evalkit.metrics.base.Metric` (registered as ``meteor``) whose segment
    statistics are ``[hyp_len, ref_len, matches, chunks]`` of the best reference.

    Parameters
    ----------
    modules : stage sequence, any of ``"exact", "porter", "wn_stem", "wn_synonym"``.
        The paper's ablations: ``("exact",)``, ``("exact", "porter")``,
        ``("exact", "wn_stem")``, ``("exact", "porter", "wn_synonym")`` (default).
    lowercase : lower-case before tokenizing (default True).
    tokenize : an :mod:`evalkit.text.tokenize` scheme (default ``"13a"``, mteval-v13a), or
        ``"none"`` for pre-tokenized, space-separated input.
    stopwords : words the ``exact`` module never maps (Sec. 3.6 mentions such a list; the
        worked example needs none, so the default is None).
    crossings_scope, tie_break : see the module docstring.
    porter_mode : nltk Porter mode (default ``"ORIGINAL_ALGORITHM"``, Porter 1980).
    wordnet : a :class:`evalkit.text.wordnet.WordNet`, a WordNet directory, or None to
        locate WordNet 3.0 at first use (only ``wn_stem``/``wn_synonym`` need it).
    recall_weight, penalty_weight, penalty_exponent : 9, 0.5, 3 in the paper.
    max_states : per-step state limit of the exact search (beyond it a beam of this width;
        the result then says ``exact=False``). Larger is slower and exact more often.
    ref_layout : ``"streams"`` (default, sacrebleu's: one list per reference) or
        ``"segments"`` (one list of references per segment).

    Examples
    --------
    >>> from evalkit.metrics.meteor import METEOR
    >>> m = METEOR(modules=("exact",))
    >>> round(m.sentence_score("the president spoke to the audience",
    ...                        ["the president then spoke to the audience"]).score, 6)
    0.853462
    """

    name = "meteor"
    n_statistics = 4

    def __init__(
        self,
        modules: Sequence[str] = ("exact", "porter", "wn_synonym"),
        lowercase: bool = True,
        tokenize: str = "13a",
        stopwords: Optional[Iterable[str]] = None,
        crossings_scope: str = "full",
        tie_break: str = "chunks",
        porter_mode: str = "ORIGINAL_ALGORITHM",
        wordnet=None,
        recall_weight: float = 9.0,
        penalty_weight: float = 0.5,
        penalty_exponent: float = 3.0,
        max_states: int = 2000,
        ref_layout: str = "streams",
    ):
        if ref_layout not in ("streams", "segments"):
            raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
        self.ref_layout = ref_layout
        if isinstance(modules, str):
            modules = (modules,)
        modules = tuple(modules)
        if (
            not modules
            or any(m not in MODULES for m in modules)
            or len(set(modules)) != len(modules)
        ):
            raise ParameterError(
                "modules", modules, f"a non-empty sequence of distinct names from {MODULES}"
            )
        if not (isinstance(recall_weight, (int, float)) and recall_weight >= 0):
            raise ParameterError("recall_weight", recall_weight, "a number >= 0")
        if not (isinstance(penalty_weight, (int, float)) and 0 <= penalty_weight <= 1):
            raise ParameterError("penalty_weight", penalty_weight, "a number in [0, 1]")
        if not (isinstance(penalty_exponent, (int, float)) and penalty_exponent > 0):
            raise ParameterError("penalty_exponent", penalty_exponent, "a number > 0")
        if not isinstance(lowercase, bool):
            raise ParameterError("lowercase", lowercase, "True or False")
        from evalkit.text.tokenize import get_tokenizer

        self._tokenizer = get_tokenizer(tokenize)  # validates the name
        self.modules = modules
        self.lowercase = lowercase
        self.tokenize = tokenize
        self.stopwords = (
            frozenset(w.lower() if lowercase else w for w in stopwords)
            if stopwords
            else frozenset()
        )
        self.crossings_scope = check_choice("crossings_scope", crossings_scope, _SCOPES)
        self.tie_break = check_choice("tie_break", tie_break, _TIE_BREAKS)
        self.porter_mode = porter_mode
        self.recall_weight = float(recall_weight)
        self.penalty_weight = float(penalty_weight)
        self.penalty_exponent = float(penalty_exponent)
        self.max_states = check_int("max_states", max_states)
        self._wordnet_arg = wordnet
        self._load_resources()
        self._signature = self._make_signature()

    # -- configuration ---------------------------------------------------------------
    def _load_resources(self) -> None:
        """The stemmer and WordNet reader the modules need (cached per process)."""
        self._stem = None
        if "porter" in self.modules:
            from evalkit.text.porter_nltk import porter_stemmer

            self._stem = porter_stemmer(self.porter_mode)
        self._wordnet = None
        if any(m.startswith("wn_") for m in self.modules):
            from evalkit.text.wordnet import WordNet, load_wordnet

            arg = self._wordnet_arg
            self._wordnet = arg if isinstance(arg, WordNet) else load_wordnet(arg)

    def __getstate__(self) -> dict:
        """Pickled as its configuration: the tokenizer, stemmer and WordNet reader (with
        their caches; nltk's do not pickle) are rebuilt by :meth:`__setstate__`, WordNet
        from the directory this process read (so a worker reads the same files)."""
        state = dict(self.__dict__)
        state.update(_tokenizer=None, _stem=None, _wordnet=None)
        wn = self._wordnet
        if wn is not None:
            from pathlib import Path

            # a zipped NLTK corpus has no directory: the worker locates it the same way
            state["_wordnet_arg"] = wn.root if Path(wn.root).is_dir() else None
            state["_wordnet_version"] = wn.version
        return state

    def __setstate__(self, state: dict) -> None:
        from evalkit.text.tokenize import get_tokenizer

        version = state.pop("_wordnet_version", None)
        self.__dict__.update(state)
        self._tokenizer = get_tokenizer(self.tokenize)
        self._load_resources()
        if self._wordnet is not None and self._wordnet.version != version:
            raise ParameterError(
                "wordnet", self._wordnet.root, f"WordNet {version}, as the pickled METEOR used"
            )

    def signature(self) -> str:
        """A sacrebleu-like signature naming every choice that changes the numbers."""
        return self._signature

    def _make_signature(self) -> str:
        parts = [
            ("mod", "+".join(self.modules)),
            ("tok", self.tokenize),
            ("lc", self.lowercase),
            ("stop", len(self.stopwords) if self.stopwords else "no"),
            ("cross", self.crossings_scope),
            ("tie", self.tie_break),
        ]
        if self._stem is not None:
            parts.append(("porter", self.porter_mode.lower()))
        if (self.recall_weight, self.penalty_weight, self.penalty_exponent) != (9.0, 0.5, 3.0):
            parts.append(
                ("w", f"{self.recall_weight:g},{self.penalty_weight:g},{self.penalty_exponent:g}")
            )
        versions = [] if self._wordnet is None else [("wn", self._wordnet.version)]
        return self.build_signature(parts, versions=versions)

    # -- text ------------------------------------------------------------------------
    def words(self, text: str) -> List[str]:
        """The words METEOR sees: lower-cased (if configured), then tokenized."""
        if not isinstance(text, str):
            raise ParameterError("text", text, "a string")
        if self.lowercase:
            text = text.lower()
        return self._tokenizer(text).split()

    # -- alignment -------------------------------------------------------------------
    def align_words(self, hyp: Sequence[str], ref: Sequence[str]) -> Alignment:
        """Align two word sequences stage by stage (see the module docstring)."""
        hyp = tuple(hyp)
        ref = tuple(ref)
        n_hyp = len(hyp)
        fixed: Dict[int, int] = {}  # hypothesis position -> reference position
        stage_of: Dict[int, int] = {}
        used_r: set = set()
        exact = True
        tie_chunks = self.tie_break == "chunks"
        for s, module in enumerate(self.modules):
            free_h = [h for h in range(n_hyp) if h not in fixed]
            free_r = [r for r in range(len(ref)) if r not in used_r]
            if not free_h or not free_r:
                break
            context = list(fixed.items()) if self.crossings_scope == "full" else []
            st = _Stage(free_h, free_r, context, fixed, tie_chunks, n_hyp, self.max_states)
            if module in _KEY_MODULES:
                # keys of the free words only (a stem is computed once per word type)
                if module == "exact":
                    stop = self.stopwords
                    hk = {h: hyp[h] if hyp[h] not in stop else None for h in free_h}
                    rk = {r: ref[r] if ref[r] not in stop else None for r in free_r}
                else:
                    stem = self._stem
                    hk = {h: stem(hyp[h]) for h in free_h}
                    rk = {r: stem(ref[r]) for r in free_r}
                found, ok = _stage_key(hk, rk, st)
            else:
                wn = self._wordnet
                lookup = wn.base_forms if module == "wn_stem" else wn.synset_ids
                hs = {h: lookup(hyp[h]) for h in free_h}
                if not any(hs.values()):
                    continue
                rs = {r: lookup(ref[r]) for r in free_r}
                if not any(rs.values()):
                    continue
                found, ok = _stage_relation(hs, rs, st)
            exact = exact and ok
            for h, r in found:
                fixed[h] = r
                stage_of[h] = s
                used_r.add(r)
        pairs = tuple(sorted((h, r, stage_of[h]) for h, r in fixed.items()))
        return Alignment(hyp, ref, pairs, self.modules, exact)

    def align(self, hypothesis: str, reference: str) -> Alignment:
        """Tokenize (per the configuration) and align one hypothesis to one reference."""
        return self.align_words(self.words(hypothesis), self.words(reference))

    # -- scores ----------------------------------------------------------------------
    def _score(self, stats: MeteorStats, reference=None, exact=True) -> MeteorScore:
        p, r, f, pen, score = meteor_from_counts(
            stats.matches,
            stats.hyp_len,
            stats.ref_len,
            stats.chunks,
            self.recall_weight,
            self.penalty_weight,
            self.penalty_exponent,
        )
        return MeteorScore(score, p, r, f, pen, stats, reference, exact, self._signature)

    def _best(self, hyp_words: List[str], refs_words: List[List[str]]) -> MeteorScore:
        best = None
        for j, rw in enumerate(refs_words):
            al = self.align_words(hyp_words, rw)
            sc = self._score(al.stats(), j, al.exact)
            if best is None or sc.score > best.score:
                best = sc
        return best

    def sentence_score(self, hypothesis: str, references: Sequence[str]) -> MeteorScore:
        """Score one hypothesis against one or more references: the best reference's score."""
        if isinstance(references, str):
            raise ParameterError(
                "references", references, "a list of reference strings, not one string"
            )
        refs = [self._ref_words(r, None, j) for j, r in enumerate(references)]
        if not refs:
            raise ParameterError("references", references, "at least one reference")
        return self._best(self.words(hypothesis), refs)

    def _ref_words(self, ref, seg, j) -> List[str]:
        if not isinstance(ref, str):
            raise ParameterError("references", ref, "strings")
        words = self.words(ref)
        if not words:
            where = f"reference {j}" + (f" of segment {seg}" if seg is not None else "")
            raise ParameterError(
                "references", ref, f"a non-empty {where} (METEOR's recall needs reference words)"
            )
        return words

    def _segments(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], jobs: int = 1
    ) -> List[MeteorScore]:
        hypotheses, per_seg = references_per_segment(hypotheses, references, self.ref_layout)
        if not (isinstance(jobs, int) and not isinstance(jobs, bool) and jobs >= 1):
            raise ParameterError("jobs", jobs, "an integer >= 1")
        items = [(i, hyp, per_seg[i]) for i, hyp in enumerate(hypotheses)]
        if jobs > 1 and len(items) >= _PARALLEL_MIN:
            return _score_parallel(self, items, jobs)
        return [self._score_item(item) for item in items]

    def _score_item(self, item) -> MeteorScore:
        i, hyp, refs = item
        return self._best(self.words(hyp), [self._ref_words(r, i, j) for j, r in enumerate(refs)])

    def sentence_results(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], jobs: int = 1
    ) -> List[MeteorScore]:
        """One :class:`MeteorScore` (score, P, R, penalty, statistics, best reference) per
        hypothesis; ``references`` in the configured ``ref_layout``.

        ``jobs`` > 1 scores the segments in that many spawned worker processes (each loads
        the stemmer and WordNet itself); the results are identical to ``jobs=1``. A worker
        starts in seconds (importing nltk and numba), about the time of several thousand
        segments, so workers pay off only on long corpora (``benchmarks/README.md``).
        """
        return self._segments(hypotheses, references, jobs)

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 4)`` int64: ``[hyp_len, ref_len, matches, chunks]`` of each
        segment's best reference; the sums give the system score (Sec. 2.2)."""
        rows = [
            (s.stats.hyp_len, s.stats.ref_len, s.stats.matches, s.stats.chunks)
            for s in self._segments(hyps, refs)
        ]
        return np.array(rows, dtype=np.int64).reshape(len(rows), 4)

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        hyp_len, ref_len, matches, chunks = (float(x) for x in stats_sum)
        return meteor_from_counts(
            matches,
            hyp_len,
            ref_len,
            chunks,
            self.recall_weight,
            self.penalty_weight,
            self.penalty_exponent,
        )[4]

    def aggregate(self, scores: Iterable[MeteorScore]) -> MeteorScore:
        """System score from segment scores: aggregate P, R and penalty (Sec. 2.2)."""
        total = None
        exact = True
        for sc in scores:
            total = sc.stats if total is None else total + sc.stats
            exact = exact and sc.exact
        if total is None:
            raise ParameterError("hypotheses", [], "at least one segment")
        return self._score(total, None, exact)

    def corpus_score(
        self, hypotheses: Sequence[str], references: Sequence[Sequence[str]], jobs: int = 1
    ) -> MeteorScore:
        """System-level METEOR from aggregate statistics over all segments."""
        return self.aggregate(self._segments(hypotheses, references, jobs))

    def segment_scores(
        self,
        hypotheses: Sequence[str],
        references: Sequence[Sequence[str]],
        segment_ids: Optional[Sequence] = None,
        system: Optional[str] = None,
        long: bool = False,
    ):
        """Tidy per-segment results: one row per segment, statistics and scores as columns.

        Columns: ``segment`` (``segment_ids`` or 0..n-1), [``system``], ``score``,
        ``precision``, ``recall``, ``fmean``, ``penalty``, ``matches``, ``chunks``,
        ``crossings``, ``hyp_len``, ``ref_len``, ``reference`` (best reference index),
        ``matches_<module>`` per stage, ``exact``.

        ``long=True`` gives evalkit's long score format instead: ``segment``, [``system``],
        ``metric`` (``"METEOR"``, ``"METEOR-P"``, ``"METEOR-R"``, ``"METEOR-Fmean"``),
        ``variant`` (the module sequence, e.g. ``exact+porter+wn_synonym``), ``value``.
        """
        import pandas as pd

        scores = self._segments(hypotheses, references)
        if segment_ids is None:
            segment_ids = range(len(scores))
        segment_ids = list(segment_ids)
        if len(segment_ids) != len(scores):
            raise ParameterError("segment_ids", f"{len(segment_ids)} ids", f"{len(scores)} ids")
        rows = []
        for sid, sc in zip(segment_ids, scores):
            row = {"segment": sid}
            if system is not None:
                row["system"] = system
            st = sc.stats
            row.update(
                score=sc.score,
                precision=sc.precision,
                recall=sc.recall,
                fmean=sc.fmean,
                penalty=sc.penalty,
                matches=st.matches,
                chunks=st.chunks,
                crossings=st.crossings,
                hyp_len=st.hyp_len,
                ref_len=st.ref_len,
                reference=sc.reference,
            )
            for m, k in zip(self.modules, st.stage_matches):
                row[f"matches_{m}"] = k
            row["exact"] = sc.exact
            rows.append(row)
        frame = pd.DataFrame(rows)
        if not long:
            return frame
        ids = ["segment"] + (["system"] if system is not None else [])
        names = {
            "score": "METEOR",
            "precision": "METEOR-P",
            "recall": "METEOR-R",
            "fmean": "METEOR-Fmean",
        }
        out = frame.melt(id_vars=ids, value_vars=list(names), var_name="metric", value_name="value")
        out["metric"] = out["metric"].map(names)
        out.insert(len(ids) + 1, "variant", "+".join(self.modules))
        return out


_PARALLEL_MIN = 64  # fewer segments are scored in process (a worker start costs more)
_PARALLEL_CHUNK = 16
_WORKER_METRIC: Optional["METEOR"] = None


def _init_worker(metric: "METEOR") -> None:
    global _WORKER_METRIC
    _WORKER_METRIC = metric  # unpickled once per worker: stemmer and WordNet loaded here


def _worker_chunk(chunk):
    return [_WORKER_METRIC._score_item(item) for item in chunk]


def _score_parallel(metric: "METEOR", items, jobs: int) -> List[MeteorScore]:
    """Score ``items`` in ``jobs`` spawned worker processes, each given the pickled metric
    once. Spawned, not forked: a fork copies locks that other threads of this process
    (pytest's, a notebook kernel's, numba's) may hold, and the child can wait on them for
    ever. Segment costs are very uneven (a few long, reordered segments dominate), so
    small chunks are handed out on demand, and the results come back in order."""
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool
    from multiprocessing import get_context

    chunks = [items[k : k + _PARALLEL_CHUNK] for k in range(0, len(items), _PARALLEL_CHUNK)]
    try:
        with ProcessPoolExecutor(
            max_workers=min(jobs, len(chunks)),
            mp_context=get_context("spawn"),
            initializer=_init_worker,
            initargs=(metric,),
        ) as pool:
            parts = list(pool.map(_worker_chunk, chunks))
    except BrokenProcessPool as exc:
        # most often a script without a main guard: each spawned worker imports it again
        raise ParameterError(
            "jobs",
            jobs,
            "1, or a script that scores under `if __name__ == '__main__':` (a worker process "
            "died; spawned workers import the main script again)",
        ) from exc
    return [score for part in parts for score in part]


def align(hypothesis: str, reference: str, **config) -> Alignment:
    """Convenience: ``METEOR(**config).align(hypothesis, reference)``.

    Parameters
    ----------
    hypothesis, reference : str
        One segment each.
    **config
        Any :class:`METEOR` setting.

    Returns
    -------
    Alignment
        The alignment of the two.

    Examples
    --------
    >>> from evalkit.metrics.meteor import align
    >>> align("the cat sat", "a cat sat", modules=("exact",)).pairs
    ((1, 1, 0), (2, 2, 0))
    """
    return METEOR(**config).align(hypothesis, reference)


@register_metric("meteor")
@preset(METEOR, ref_layout="segments")
def meteor():
    """METEOR as Banerjee & Lavie (2005) define it (any :class:`METEOR` setting, 0-1 scale);
    registered as ``get_metric("meteor")``.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> m = get_metric("meteor", modules=("exact",))
    >>> round(m.corpus_score(["the cat sat"], [["the cat sat down"]]).score, 4)
    0.755
    """
