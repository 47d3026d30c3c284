"""Relation F-score: precision, recall and F of matched relations (dependency triples,
word pairs), with per-segment sufficient statistics.

Riezler & Maxwell (2005, §3-4.1) score a translation by the dependency relations its parse
shares with the reference's parse: per segment the tuple ``(matches, n_hyp, n_ref)``, and
over a corpus (or a resample) ``P = m / n_hyp``, ``R = m / n_ref``,
``F = 2PR / (P + R) = 2m / (n_hyp + n_ref)``, in [0, 1] (0 when nothing matches). Matches
count a multiset intersection: a relation twice in the hypothesis and once in the reference
matches once. Any hashable relation works: ``(label, head, dependent)`` triples from a
parser (:mod:`evalkit.text.parse` where available), or the word-window pairs of
:func:`window_relations`, the offline stand-in used when no parser is configured.

Layout: statistics are int64 arrays (n_segments, 3) of ``matches, n_hyp, n_ref``;
:func:`fscore_from_statistics` maps summed rows (r, 3) to r F values.
"""

from __future__ import annotations

from collections import Counter
from typing import Dict, Hashable, Iterable, List, Sequence

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import register_metric
from evalkit.stats.validation import check_int

__all__ = [
    "fscore_statistics",
    "fscore_from_statistics",
    "window_relations",
    "window_fscore_statistics",
    "RelationFScore",
    "WindowFScore",
]


def fscore_statistics(
    hyp_relations: Sequence[Iterable[Hashable]], ref_relations: Sequence[Iterable[Hashable]]
) -> np.ndarray:
    """Per-segment tuples ``(matches, n_hyp_relations, n_ref_relations)`` (int64, (S, 3)).

    Parameters
    ----------
    hyp_relations : sequence of iterables of hashable
        Per segment, the hypothesis's relations (e.g. ``(label, head, dependent)``
        triples); repeated relations count as often as they occur.
    ref_relations : sequence of iterables of hashable
        Per segment, the reference's relations; as many segments as ``hyp_relations``,
        else :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    numpy.ndarray
        int64 ``(n_segments, 3)``: ``matches`` (multiset intersection), ``n_hyp``,
        ``n_ref``.

    References
    ----------
    Riezler & Maxwell (2005), "On Some Pitfalls in Automatic Evaluation and Significance
    Testing for MT", ACL Workshop on Intrinsic and Extrinsic Evaluation Measures for MT
    and/or Summarization.

    Examples
    --------
    ``x`` occurs twice in the hypothesis and once in the reference: it matches once.

    >>> from evalkit.metrics.relations import fscore_statistics
    >>> fscore_statistics([["x", "x", "y"]], [["x", "z"]]).tolist()
    [[1, 3, 2]]
    """
    if len(hyp_relations) != len(ref_relations):
        raise ParameterError(
            "ref_relations",
            f"{len(ref_relations)} segments",
            f"{len(hyp_relations)} segments, one per hypothesis",
        )
    out = np.zeros((len(hyp_relations), 3), dtype=np.int64)
    for i, (hyp, ref) in enumerate(zip(hyp_relations, ref_relations)):
        h, r = Counter(hyp), Counter(ref)
        out[i] = (sum((h & r).values()), sum(h.values()), sum(r.values()))
    return out


def fscore_from_statistics(sums: np.ndarray) -> np.ndarray:
    """Corpus F from summed tuples, vectorized over rows: ``(r, 3) -> (r,)``, in [0, 1].

    Parameters
    ----------
    sums : array_like
        ``(r, 3)`` summed ``(matches, n_hyp, n_ref)`` rows (one per corpus or resample);
        another shape raises :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    numpy.ndarray
        float64 ``(r,)``: ``F = 2 m / (n_hyp + n_ref)``, 0 where nothing matches.

    References
    ----------
    Riezler & Maxwell (2005), in full at :func:`fscore_statistics`.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics.relations import fscore_from_statistics
    >>> fscore_from_statistics(np.array([[2, 4, 4], [0, 3, 5]])).tolist()
    [0.5, 0.0]
    """
    sums = np.asarray(sums, dtype=np.float64)
    if sums.ndim != 2 or sums.shape[1] != 3:
        raise ParameterError(
            "sums", sums.shape, "an array (r, 3) of summed (matches, n_hyp, n_ref)"
        )
    m, s, r = sums[:, 0], sums[:, 1], sums[:, 2]
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(m > 0, 2.0 * m / (s + r), 0.0)


def window_relations(tokens: Sequence[str], window: int = 3) -> List[tuple]:
    """Word-pair "relations" standing in for dependency relations when no parser is at hand.

    Every token is paired with each of the next ``window`` tokens, ``(w_i, w_j)`` for
    ``0 < j - i <= window``: a relation-like entity more complex than a unigram (two words,
    in order, close together), as dependency relations are; it is *not* a parse, so F values
    are not comparable with a parser's.

    Parameters
    ----------
    tokens : sequence of str
        The segment's tokens.
    window : int, default 3
        Largest distance between paired tokens, an integer >= 1 (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    list of tuple
        The ordered pairs ``(w_i, w_j)``, ``0 < j - i <= window``, by ``i`` then ``j``.

    Examples
    --------
    >>> from evalkit.metrics.relations import window_relations
    >>> window_relations(["a", "b", "c"], window=1)
    [('a', 'b'), ('b', 'c')]
    >>> len(window_relations("a b c d".split(), window=3))
    6
    """
    window = check_int("window", window, minimum=1)
    toks = list(tokens)
    return [
        (toks[i], toks[j])
        for i in range(len(toks))
        for j in range(i + 1, min(len(toks), i + window + 1))
    ]


def window_fscore_statistics(
    hyp_tokens: Sequence[Sequence[str]], ref_tokens: Sequence[Sequence[str]], window: int = 3
) -> np.ndarray:
    """``fscore_statistics`` of :func:`window_relations` on both sides, vectorized.

    Same result as ``fscore_statistics([window_relations(h, window) for h in hyp_tokens],
    [window_relations(r, window) for r in ref_tokens])`` (tested), computed on integer pair
    keys with numpy instead of one Counter per segment.

    Parameters
    ----------
    hyp_tokens, ref_tokens : sequence of sequences of str
        Per segment, the hypothesis's and the reference's tokens (same number of
        segments, else :class:`~evalkit.errors.ParameterError`).
    window : int, default 3
        Pair distance (integer >= 1), as in :func:`window_relations`.

    Returns
    -------
    numpy.ndarray
        int64 ``(n_segments, 3)``: ``matches, n_hyp, n_ref`` as :func:`fscore_statistics`.

    Examples
    --------
    >>> from evalkit.metrics.relations import (
    ...     fscore_statistics, window_fscore_statistics, window_relations)
    >>> hyp, ref = [["a", "b", "c"]], [["a", "c", "b"]]
    >>> window_fscore_statistics(hyp, ref, window=1).tolist()
    [[0, 2, 2]]
    >>> pairs = fscore_statistics([window_relations(hyp[0], 2)], [window_relations(ref[0], 2)])
    >>> window_fscore_statistics(hyp, ref, window=2).tolist() == pairs.tolist()
    True
    """
    window = check_int("window", window, minimum=1)
    if len(hyp_tokens) != len(ref_tokens):
        raise ParameterError(
            "ref_tokens", f"{len(ref_tokens)} segments", f"{len(hyp_tokens)} segments"
        )
    n = len(hyp_tokens)
    vocab: Dict[str, int] = {}

    def keys(token_lists):
        ids = np.fromiter(
            (vocab.setdefault(t, len(vocab)) for toks in token_lists for t in toks), dtype=np.int64
        )
        lengths = np.fromiter((len(t) for t in token_lists), dtype=np.int64, count=n)
        seg = np.repeat(np.arange(n, dtype=np.int64), lengths)
        firsts, seconds, segs = [], [], []
        for d in range(1, window + 1):
            same = seg[:-d] == seg[d:] if len(seg) > d else np.zeros(0, dtype=bool)
            firsts.append(ids[:-d][same] if len(seg) > d else ids[:0])
            seconds.append(ids[d:][same] if len(seg) > d else ids[:0])
            segs.append(seg[:-d][same] if len(seg) > d else seg[:0])
        return np.concatenate(firsts), np.concatenate(seconds), np.concatenate(segs)

    h1, h2, hs = keys(hyp_tokens)
    r1, r2, rs = keys(ref_tokens)
    v = max(len(vocab), 1)
    # One integer per (segment, first word, second word); n * v * v stays far below 2**63.
    hkey = (hs * v + h1) * v + h2
    rkey = (rs * v + r1) * v + r2
    hu, hc = np.unique(hkey, return_counts=True)
    ru, rc = np.unique(rkey, return_counts=True)
    common, hi, ri = np.intersect1d(hu, ru, assume_unique=True, return_indices=True)
    out = np.zeros((n, 3), dtype=np.int64)
    out[:, 0] = np.bincount(
        common // (v * v), weights=np.minimum(hc[hi], rc[ri]), minlength=n
    ).astype(np.int64)
    out[:, 1] = np.bincount(hs, minlength=n)
    out[:, 2] = np.bincount(rs, minlength=n)
    return out


class RelationFScore(Metric):
    """Relation F-score over given relations: ``hyps[i]`` and ``refs[i]`` are the relation
    collections (e.g. dependency triples from :mod:`evalkit.text.parse`) of segment i. Not
    registered (it takes relations, not text); a parser-backed metric that produces the
    relations subclasses it and registers itself.

    Its statistics are :func:`fscore_statistics`; ``corpus_score`` gives
    ``F = 2 m / (n_hyp + n_ref)`` over the summed segments, on the 0-1 scale.

    References
    ----------
    Riezler & Maxwell (2005), in full at :func:`fscore_statistics`.

    Examples
    --------
    Two segments with 1 of 2 and 2 of 2 relations matched: ``F = 2 * 3 / (4 + 4)``.

    >>> from evalkit.metrics.relations import RelationFScore
    >>> hyps = [[("nsubj", "sat", "cat"), ("det", "cat", "a")], [("x", 1), ("y", 2)]]
    >>> refs = [[("nsubj", "sat", "cat"), ("det", "cat", "the")], [("x", 1), ("y", 2)]]
    >>> float(RelationFScore().corpus_score(hyps, refs))
    0.75
    """

    name = "relation-f"
    n_statistics = 3

    def signature(self) -> str:
        return self.build_signature([("relations", "given")])

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        return fscore_statistics(hyps, refs)

    def _score_one(self, stats_sum) -> float:
        return float(fscore_from_statistics(np.asarray(stats_sum)[None])[0])

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        return fscore_from_statistics(stats_sums)


@register_metric("window-f")
class WindowFScore(RelationFScore):
    """Relation F-score over word-window relations of tokenized text (the parser-free stand-in).

    Registered as ``get_metric("window-f")``.

    Parameters
    ----------
    window : int, default 3
        Pair distance, an integer >= 1 (else :class:`~evalkit.errors.ParameterError`).
    tokenize : str, default "13a"
        A :func:`evalkit.text.tokenize.tokenize_words` scheme.
    lowercase : bool, default True
        Lower-case before tokenizing.
    reference : int, default 0
        Which reference of each segment is used (Riezler & Maxwell had one per sentence);
        an integer >= 0 below every segment's number of references.

    References
    ----------
    Riezler & Maxwell (2005), in full at :func:`fscore_statistics`.

    Examples
    --------
    Word-adjacent pairs (``window=1``): ``the cat``, ``cat sat`` match; ``sat down`` and
    ``sat still`` do not, so ``F = 2 * 2 / (3 + 3)``:

    >>> from evalkit.metrics import get_metric
    >>> metric = get_metric("window-f", window=1)
    >>> round(metric.corpus_score(["the cat sat down"], [["The cat sat still"]]), 4)
    0.6667
    """

    name = "window-f"

    def __init__(
        self, window: int = 3, tokenize: str = "13a", lowercase: bool = True, reference: int = 0
    ):
        self.window = check_int("window", window, minimum=1)
        self.tokenize = tokenize
        self.lowercase = bool(lowercase)
        self.reference = check_int("reference", reference, minimum=0)

    def signature(self) -> str:
        return self.build_signature(
            [
                ("relations", f"window{self.window}"),
                ("tok", self.tokenize),
                ("case", "lc" if self.lowercase else "mixed"),
                ("ref", self.reference),
            ]
        )

    def _tokens(self, texts: Sequence[str]) -> List[List[str]]:
        from evalkit.text.tokenize import tokenize_words

        return [tokenize_words(t, self.tokenize, lowercase=self.lowercase) for t in texts]

    def _first_refs(self, refs) -> List[str]:
        out = []
        for i, r in enumerate(refs):
            if isinstance(r, str):
                out.append(r)
            elif len(r) > self.reference:
                out.append(r[self.reference])
            else:
                raise ParameterError(
                    "reference",
                    self.reference,
                    f"an index below the {len(r)} references of segment {i}",
                )
        return out

    def segment_statistics(self, hyps: Sequence[str], refs) -> np.ndarray:
        """(S, 3) int64 ``matches, n_hyp, n_ref``; ``refs[i]`` a string or a list of strings."""
        return window_fscore_statistics(
            self._tokens(hyps), self._tokens(self._first_refs(refs)), self.window
        )
