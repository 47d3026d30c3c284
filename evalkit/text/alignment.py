"""Word alignment of a bitext: IBM Model 1 both ways, symmetrization, phrase pairs, AER.

Owczarzak, Groves, Van Genabith & Way (2006) align the source file and the reference file
of a test set with GIZA++ in both directions and the "refined" symmetrization (Och & Ney
2003; Koehn et al. 2003), then extract phrase pairs as phrase-based SMT training does.
This module gives the same pipeline without GIZA++:

* :class:`IBMModel1`: Brown et al. (1993) Model 1, ``p(t | s) = prod_j sum_i t(t_j | s_i)
  / (|s| + 1)`` with a NULL source word, trained by EM from a uniform start. One EM
  iteration over the whole bitext is a few numpy calls: every (target word, source word)
  co-occurrence of every sentence pair is one entry of flat arrays, posteriors are
  normalized per target word with ``np.bincount``, and the new translation table is the
  expected counts normalized per source word. The Viterbi alignment links each target word
  to its most probable source word (NULL = unaligned; ties go to the first source word).
* :func:`align_bitext`: Model 1 in both directions, then :func:`symmetrize`:
  ``intersection``, ``union``, ``grow-diag``, ``grow-diag-final`` and
  ``grow-diag-final-and`` (Koehn et al. 2003; the "refined" family).
* :func:`extract_phrases`: phrase pairs consistent with an alignment (Koehn et al. 2003),
  via ``nltk.translate.phrase_based.phrase_extraction``; ``tight=True`` keeps only pairs
  whose first and last words are aligned on both sides (no unaligned-word extensions).
* :func:`alignment_error_rate`: Och & Ney (2003), ``AER = 1 - (|A & S| + |A & P|) /
  (|A| + |S|)`` with sure links S and possible links P (P includes S), in [0, 1]; also
  precision ``|A & P| / |A|`` and recall ``|A & S| / |S|``.

Alignments are sets of ``(source position, target position)`` pairs, 0-based; a bitext is
a sequence of ``(source tokens, target tokens)``. The ``"i-j"`` text form
(:func:`parse_links`, :func:`format_links`) is Moses/GIZA's.

Why our own Model 1: nltk's ``IBMModel1`` loops over words in Python (minutes for 2,000
sentence pairs). eflomal 2.0.0 (a fast Bayesian aligner on PyPI) builds and installs
cleanly, but its Gibbs samplers take no seed (checked 2026-11-25: neither its Python API
nor its binary accepts one), so the same bitext can give different links on every run;
evalkit requires the same inputs to give the same outputs, so it is not used.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

import numpy as np

from evalkit.errors import InputFormatError, ParameterError

__all__ = [
    "Link",
    "SYMMETRIZATIONS",
    "IBMModel1",
    "align_bitext",
    "symmetrize",
    "extract_phrases",
    "alignment_error_rate",
    "parse_links",
    "format_links",
]

Link = Tuple[int, int]
SYMMETRIZATIONS = ("intersection", "union", "grow-diag", "grow-diag-final", "grow-diag-final-and")
_NEIGHBOURS = ((-1, 0), (0, -1), (1, 0), (0, 1), (-1, -1), (-1, 1), (1, -1), (1, 1))


def _check_bitext(bitext) -> List[Tuple[List[str], List[str]]]:
    out = []
    for k, pair in enumerate(bitext):
        if not (isinstance(pair, (tuple, list)) and len(pair) == 2):
            raise ParameterError(
                "bitext", f"item {k}: {pair!r}", "(source tokens, target tokens) pairs"
            )
        src, tgt = pair
        if isinstance(src, str) or isinstance(tgt, str):
            raise ParameterError(
                "bitext", f"item {k}", "token lists, not strings (split them first)"
            )
        out.append((list(src), list(tgt)))
    if not out:
        raise ParameterError("bitext", "empty", "at least one sentence pair")
    return out


@dataclass
class IBMModel1:
    """IBM Model 1 translation table ``t(target word | source word)`` (NULL included).

    Train with :meth:`fit`; :meth:`align` gives Viterbi links. ``iterations`` EM rounds
    (default 5, as GIZA++'s Model 1 schedule).
    """

    iterations: int = 5

    def fit(self, bitext: Sequence[Tuple[Sequence[str], Sequence[str]]]) -> "IBMModel1":
        if not (isinstance(self.iterations, int) and self.iterations >= 1):
            raise ParameterError("iterations", self.iterations, "an integer >= 1")
        pairs = _check_bitext(bitext)
        self.source_vocab: Dict[str, int] = {None: 0}  # id 0 is NULL
        self.target_vocab: Dict[str, int] = {}
        flat = self._cooccurrences(pairs, grow=True)
        tgt_ids, src_ids, groups = flat
        keys = tgt_ids.astype(np.int64) * len(self.source_vocab) + src_ids
        self._keys, param = np.unique(keys, return_inverse=True)
        param_src = self._keys % len(self.source_vocab)
        t = np.ones(len(self._keys))  # uniform start: every t equal
        for _ in range(self.iterations):
            prob = t[param]
            norm = np.bincount(groups, weights=prob)
            post = prob / norm[groups]
            counts = np.bincount(param, weights=post, minlength=len(self._keys))
            totals = np.bincount(param_src, weights=counts, minlength=len(self.source_vocab))
            t = counts / totals[param_src]
        self.table = t
        return self

    def _cooccurrences(self, pairs, grow: bool):
        """Flat arrays over every (target word j, source word i incl. NULL) of every pair:
        target id, source id, and the (pair, j) group index."""
        tgt_all, src_all, grp_all = [], [], []
        g = 0
        for src, tgt in pairs:
            s_ids = [0] + [self._id(self.source_vocab, w, grow) for w in src]
            t_ids = [self._id(self.target_vocab, w, grow) for w in tgt]
            if not t_ids:
                continue
            n_s = len(s_ids)
            tgt_all.append(np.repeat(np.asarray(t_ids, dtype=np.int64), n_s))
            src_all.append(np.tile(np.asarray(s_ids, dtype=np.int64), len(t_ids)))
            grp_all.append(np.repeat(np.arange(g, g + len(t_ids), dtype=np.int64), n_s))
            g += len(t_ids)
        if not tgt_all:
            raise ParameterError("bitext", "no target words", "sentence pairs with target words")
        return np.concatenate(tgt_all), np.concatenate(src_all), np.concatenate(grp_all)

    @staticmethod
    def _id(vocab: Dict[str, int], word: str, grow: bool) -> int:
        i = vocab.get(word)
        if i is None:
            if not grow:
                return -1
            i = vocab[word] = len(vocab)
        return i

    def probability(self, target_word: str, source_word: Optional[str]) -> float:
        """``t(target_word | source_word)``; ``None`` is the NULL word; 0 if never seen."""
        s = self.source_vocab.get(source_word)
        t = self.target_vocab.get(target_word)
        if s is None or t is None:
            return 0.0
        key = t * len(self.source_vocab) + s
        k = np.searchsorted(self._keys, key)
        return float(self.table[k]) if k < len(self._keys) and self._keys[k] == key else 0.0

    def align(self, bitext) -> List[Set[Link]]:
        """Viterbi links ``(source position, target position)`` per sentence pair."""
        pairs = _check_bitext(bitext)
        out = []
        n_src_vocab = len(self.source_vocab)
        for src, tgt in pairs:
            if not tgt or not src:
                out.append(set())
                continue
            # NULL (id 0) in the last column: argmax takes the first maximum, so a tie
            # goes to the first source word and NULL wins only when strictly best
            s_ids = np.array([self.source_vocab.get(w, -1) for w in src] + [0], dtype=np.int64)
            t_ids = np.array([self.target_vocab.get(w, -1) for w in tgt], dtype=np.int64)
            keys = t_ids[:, None] * n_src_vocab + s_ids[None, :]
            k = np.clip(np.searchsorted(self._keys, keys), 0, len(self._keys) - 1)
            known = (self._keys[k] == keys) & (t_ids[:, None] >= 0) & (s_ids[None, :] >= 0)
            prob = np.where(known, self.table[k], 0.0)
            best = prob.argmax(axis=1)
            out.append({(int(b), j) for j, b in enumerate(best) if b < len(src) and prob[j, b] > 0})
        return out


def align_bitext(
    bitext, method: str = "grow-diag-final-and", iterations: int = 5
) -> List[Set[Link]]:
    """Symmetrized links of a bitext: Model 1 source->target and target->source."""
    pairs = _check_bitext(bitext)
    if method not in SYMMETRIZATIONS:
        raise ParameterError("method", method, f"one of {SYMMETRIZATIONS}")
    forward = IBMModel1(iterations).fit(pairs).align(pairs)  # each target word -> a source word
    rev_pairs = [(t, s) for s, t in pairs]
    backward = [
        {(i, j) for j, i in links}
        for links in IBMModel1(iterations).fit(rev_pairs).align(rev_pairs)
    ]
    return [
        symmetrize(f, b, len(s), len(t), method) for f, b, (s, t) in zip(forward, backward, pairs)
    ]


def symmetrize(
    forward: Iterable[Link],
    backward: Iterable[Link],
    n_source: int,
    n_target: int,
    method: str = "grow-diag-final-and",
) -> Set[Link]:
    """Combine two directional alignments (Koehn et al. 2003's heuristics).

    Start from the intersection; ``grow-diag`` repeatedly adds union links neighbouring an
    accepted link (8-neighbourhood) whose source or target word is still unaligned;
    ``-final`` then adds union links with an unaligned source or target word (``-final-and``:
    both unaligned).
    """
    if method not in SYMMETRIZATIONS:
        raise ParameterError("method", method, f"one of {SYMMETRIZATIONS}")
    f, b = set(forward), set(backward)
    union = f | b
    if method == "union":
        return union
    links = f & b
    if method == "intersection":
        return links
    aligned_s = {i for i, _ in links}
    aligned_t = {j for _, j in links}
    added = True
    while added:
        added = False
        for i in range(n_source):
            for j in range(n_target):
                if (i, j) not in links:
                    continue
                for di, dj in _NEIGHBOURS:
                    p = (i + di, j + dj)
                    if (
                        p in union
                        and p not in links
                        and (p[0] not in aligned_s or p[1] not in aligned_t)
                    ):
                        links.add(p)
                        aligned_s.add(p[0])
                        aligned_t.add(p[1])
                        added = True
    if method == "grow-diag":
        return links
    both = method == "grow-diag-final-and"
    for direction in (f, b):
        for i, j in sorted(direction):
            free_s, free_t = i not in aligned_s, j not in aligned_t
            if (free_s and free_t) if both else (free_s or free_t):
                links.add((i, j))
                aligned_s.add(i)
                aligned_t.add(j)
    return links


def extract_phrases(
    source: Sequence[str],
    target: Sequence[str],
    links: Iterable[Link],
    max_length: int = 3,
    tight: bool = True,
) -> List[Tuple[str, str]]:
    """Phrase pairs ``(source phrase, target phrase)`` consistent with ``links``.

    ``max_length`` bounds both sides (words); ``tight`` drops pairs extended over unaligned
    boundary words. Sorted by position, one entry per pair of spans.
    """
    from nltk.translate.phrase_based import phrase_extraction

    if not (isinstance(max_length, int) and max_length >= 1):
        raise ParameterError("max_length", max_length, "an integer >= 1")
    links = set(links)
    if not links:
        return []
    src_aligned = {i for i, _ in links}
    tgt_aligned = {j for _, j in links}
    found = phrase_extraction(" ".join(source), " ".join(target), sorted(links), max_length)
    out = []
    for (s0, s1), (t0, t1), sp, tp in sorted(found):
        if s1 - s0 > max_length or t1 - t0 > max_length:
            continue
        if tight and not ({s0, s1 - 1} <= src_aligned and {t0, t1 - 1} <= tgt_aligned):
            continue
        out.append((sp, tp))
    return out


def alignment_error_rate(
    predicted: Iterable[Iterable[Link]],
    sure: Iterable[Iterable[Link]],
    possible: Optional[Iterable[Iterable[Link]]] = None,
) -> Dict[str, float]:
    """Corpus AER, precision and recall (Och & Ney 2003) over sentence-aligned link sets.

    ``possible`` defaults to ``sure`` (gold with sure links only); it must contain ``sure``.
    """
    pred, s_all = [set(a) for a in predicted], [set(a) for a in sure]
    p_all = s_all if possible is None else [set(a) for a in possible]
    if not (len(pred) == len(s_all) == len(p_all)):
        raise ParameterError(
            "predicted", f"{len(pred)} sentences", f"{len(s_all)} sentences like the gold"
        )
    a_n = s_n = a_s = a_p = 0
    for k, (a, s, p) in enumerate(zip(pred, s_all, p_all)):
        if not s <= p:
            raise ParameterError(
                "possible", f"sentence {k}", "possible links that include every sure link"
            )
        a_n += len(a)
        s_n += len(s)
        a_s += len(a & s)
        a_p += len(a & p)
    if a_n + s_n == 0:
        raise ParameterError("predicted", "no links at all", "some predicted or gold links")
    return {
        "aer": 1.0 - (a_s + a_p) / (a_n + s_n),
        "precision": a_p / a_n if a_n else 0.0,
        "recall": a_s / s_n if s_n else 0.0,
        "links": a_n,
        "gold": s_n,
    }


def parse_links(text: str, where: str = "<string>") -> List[Link]:
    """``"0-0 1-2"`` -> ``[(0, 0), (1, 2)]``; a malformed link is an :class:`InputFormatError`."""
    out = []
    for item in str(text).split():
        a, sep, b = item.partition("-")
        if not (sep and a.isdigit() and b.isdigit()):
            raise InputFormatError(
                where, None, f"links 'i-j' of non-negative integers, got {item!r}"
            )
        out.append((int(a), int(b)))
    return out


def format_links(links: Iterable[Link]) -> str:
    """The ``"i-j"`` text form, sorted."""
    return " ".join(f"{i}-{j}" for i, j in sorted(links))
