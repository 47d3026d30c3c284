"""Relation F-score (Riezler & Maxwell 2005, §3 and §4.1) and its word-window stand-in.

Riezler & Maxwell score a translation by the grammatical relations a parser finds in it
and in the reference. Per segment the sufficient statistics are the tuple
``(matches, n_hyp_relations, n_ref_relations)`` ("the number of dependency-relations in
the parse for the system translation, the number ... for the reference translation, and
the number of matching dependency-relations", §4.1), matches counting the multiset
intersection (a relation found twice in the hypothesis and once in the reference matches
once). From summed tuples::

    P = m / n_hyp,  R = m / n_ref,  F = 2 P R / (P + R) = 2 m / (n_hyp + n_ref)    in [0, 1]

and F = 0 when nothing matches.

:class:`RelationFScore` takes relations from any source (e.g. (label, head, dependent)
triples of a dependency parser): ``hyps[i]`` and ``refs[i]`` are the relations of segment
i. :class:`WindowFScore` (registered as ``window-f``) takes text and uses
:func:`window_relations`, word pairs at most ``window`` tokens apart, as a stand-in for the
LFG parser (PARC's XLE) the paper used, which does not exist offline: a relation-like unit
that needs two words in order and close together, *not* a dependency parse, so its values
are not comparable with the paper's.

Why our own: no library computes this tuple F-score; :func:`window_relation_statistics`
counts the pairs of a whole corpus with integer keys in numpy (one ``Counter`` per segment
is several times slower on WMT-size corpora), equal to the ``Counter`` definition
(``tests/test_relation_fscore.py``).
"""
from __future__ import annotations

from collections import Counter
from typing import Dict, Hashable, Iterable, List, Sequence

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.ngrams import check_hypotheses, normalize_references
from evalkit.metrics.registry import register_metric
from evalkit.text.tokenize import tokenize_words

__all__ = ["relation_statistics", "window_relations", "window_relation_statistics", "RelationFScore",
           "WindowFScore"]


def relation_statistics(hyp_relations: Sequence[Iterable[Hashable]],
                        ref_relations: Sequence[Iterable[Hashable]]) -> np.ndarray:
    """Per-segment ``(matches, n_hyp_relations, n_ref_relations)``, int64 ``(n, 3)``."""
    if len(hyp_relations) != len(ref_relations):
        raise ParameterError("ref_relations", f"{len(ref_relations)} segments",
                             f"{len(hyp_relations)} segments, one per hypothesis")
    out = np.zeros((len(hyp_relations), 3), dtype=np.int64)
    for i, (hyp, ref) in enumerate(zip(hyp_relations, ref_relations)):
        h, r = Counter(hyp), Counter(ref)
        out[i] = (sum((h & r).values()), sum(h.values()), sum(r.values()))
    return out


def _check_window(window) -> int:
    if isinstance(window, bool) or not isinstance(window, (int, np.integer)) or window < 1:
        raise ParameterError("window", window, "an integer >= 1")
    return int(window)


def window_relations(tokens: Sequence[str], window: int = 3) -> List[tuple]:
    """The word pairs ``(w_i, w_j)`` with ``0 < j - i <= window``, in order of i, then j."""
    window = _check_window(window)
    toks = list(tokens)
    return [(toks[i], toks[j]) for i in range(len(toks)) for j in range(i + 1, min(len(toks), i + window + 1))]


def window_relation_statistics(hyp_tokens: Sequence[Sequence[str]], ref_tokens: Sequence[Sequence[str]],
                               window: int = 3) -> np.ndarray:
    """``relation_statistics`` of :func:`window_relations` on both sides, for a whole corpus.

    Equal to ``relation_statistics([window_relations(h, window) for h in hyp_tokens],
    [window_relations(r, window) for r in ref_tokens])``, computed on one integer key per
    (segment, first word, second word).
    """
    window = _check_window(window)
    if len(hyp_tokens) != len(ref_tokens):
        raise ParameterError("ref_tokens", f"{len(ref_tokens)} segments", f"{len(hyp_tokens)} segments")
    n = len(hyp_tokens)
    vocab: Dict[str, int] = {}

    def keys(token_lists):
        ids = np.fromiter((vocab.setdefault(t, len(vocab)) for toks in token_lists for t in toks), dtype=np.int64)
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
    if n * v * v >= 2 ** 62:
        raise ParameterError("hyp_tokens", f"{n} segments with {v} word types",
                             "fewer segments x types^2 than 2^62 (integer pair keys)")
    hkey = (hs * v + h1) * v + h2
    rkey = (rs * v + r1) * v + r2
    hu, hc = np.unique(hkey, return_counts=True)
    ru, rc = np.unique(rkey, return_counts=True)
    common, hi, ri = np.intersect1d(hu, ru, assume_unique=True, return_indices=True)
    out = np.zeros((n, 3), dtype=np.int64)
    out[:, 0] = np.bincount(common // (v * v), weights=np.minimum(hc[hi], rc[ri]), minlength=n).astype(np.int64)
    out[:, 1] = np.bincount(hs, minlength=n)
    out[:, 2] = np.bincount(rs, minlength=n)
    return out


class RelationFScore(Metric):
    """The relation F-score of given relations: ``hyps[i]`` and ``refs[i]`` are the
    relations (hashable items) of segment i's hypothesis and of its reference."""

    name = "relation-f"
    n_statistics = 3

    def signature(self) -> str:
        from evalkit import __version__

        return f"evalkit.relation-f|relations:given|version:{__version__}"

    def segment_statistics(self, hyps: Sequence[Iterable[Hashable]], refs: Sequence[Iterable[Hashable]]) -> np.ndarray:
        """``(n_segments, 3)`` int64: ``[matches, n_hyp_relations, n_ref_relations]``."""
        return relation_statistics(hyps, refs)

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(stats_sums, dtype=np.float64)
        m, s, r = sums[:, 0], sums[:, 1], sums[:, 2]
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(m > 0, 2.0 * m / np.where(m > 0, s + r, 1.0), 0.0)

    def _score_one(self, stats_sum) -> float:
        return float(self._score_many(np.asarray(stats_sum, dtype=np.float64).reshape(1, 3))[0])


@register_metric("window-f")
class WindowFScore(RelationFScore):
    """Relation F-score of :func:`window_relations` of the words of hypothesis and
    reference (a stand-in for dependency relations; see the module docstring).

    Parameters
    ----------
    window : the largest distance between the two words of a pair (default 3).
    tokenize, lowercase : words as :func:`evalkit.text.tokenize.tokenize_words` makes them
        (default lower-cased mteval-v13a tokens).
    reference : which reference of each segment is matched (default the first: R&M had
        one reference per sentence).
    ref_layout : ``"segments"`` (default: one list of references per segment) or
        ``"streams"`` (sacrebleu's).
    """

    name = "window-f"

    def __init__(self, window: int = 3, tokenize: str = "13a", lowercase: bool = True, reference: int = 0,
                 ref_layout: str = "segments"):
        self.window = _check_window(window)
        if isinstance(reference, bool) or not isinstance(reference, (int, np.integer)) or reference < 0:
            raise ParameterError("reference", reference, "the index (>= 0) of the reference to match")
        if ref_layout not in ("streams", "segments"):
            raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
        tokenize_words("", tokenize)  # validates the tokenizer name
        self.tokenize, self.lowercase, self.reference, self.ref_layout = tokenize, bool(lowercase), int(reference), ref_layout

    def signature(self) -> str:
        from evalkit import __version__

        return (f"evalkit.window-f|window:{self.window}|tok:{self.tokenize}|case:{'lc' if self.lowercase else 'mixed'}|"
                f"ref:{self.reference}|version:{__version__}")

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 3)`` int64: ``[matches, n_hyp_pairs, n_ref_pairs]``."""
        hyps = check_hypotheses(hyps)
        per_seg = normalize_references(len(hyps), refs, self.ref_layout)
        chosen = []
        for i, seg in enumerate(per_seg):
            if self.reference >= len(seg):
                raise ParameterError("reference", self.reference, f"an index below {len(seg)} (segment {i})")
            chosen.append(seg[self.reference])
        words = lambda t: tokenize_words(t, self.tokenize, lowercase=self.lowercase)  # noqa: E731
        return window_relation_statistics([words(h) for h in hyps], [words(r) for r in chosen], self.window)
