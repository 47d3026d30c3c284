"""chrF and chrF++ (Popović 2015, 2017), exactly as sacrebleu computes them.

Per order n (character n-grams n = 1..``char_order``, then word n-grams n = 1..
``word_order``)::

    P_n = matches_n / hyp_ngrams_n,   R_n = matches_n / ref_ngrams_n
    chrF_beta = 100 * (1 + beta^2) * P * R / (beta^2 * P + R)

with P and R the averages of P_n and R_n over the orders that have both hypothesis and
reference n-grams (sacrebleu >= 2 "effective order"), or, with ``eps_smoothing=True``, the
mean of per-order F scores with chrF++.py's epsilon (Moses / NLTK). Range [0, 100].
Whitespace is removed before character n-grams unless ``whitespace=True``; word n-grams
(chrF++) split punctuation off word ends as sacrebleu does. With several references, each
segment uses the statistics of the reference with the best sentence chrF (first on ties).

Sufficient statistics: :meth:`CHRF.segment_statistics` returns ``(n_segments, 3 *
(char_order + word_order))`` int64 columns ``[hyp_n, ref_n, match_n]`` per order, sacrebleu's
layout; :meth:`CHRF.score_from_statistics` maps a column sum to the corpus chrF.

Why not call sacrebleu: its per-segment ``Counter`` objects are slow for WMT-size corpora
and resampling. We count n-grams with the exact integer engine of
:mod:`evalkit.metrics.ngrams` and compute the F score with sacrebleu's own arithmetic, so
the statistics and scores are identical (tested in ``tests/test_chrf*.py``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import List, Optional, Sequence

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.ngrams import (
    EncodedReferences,
    TokenizedCorpus,
    check_hypotheses,
    normalize_references,
    pair_counts,
)
from evalkit.metrics.registry import one_call, preset, register_metric
from evalkit.stats.validation import check_int

__all__ = ["CHRF", "CHRFScore", "corpus_chrf", "sentence_chrf"]

_PUNCTS = set("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~")
_EPS = 1e-16


@dataclass
class CHRFScore:
    """A chrF result, as sacrebleu's ``CHRFScore`` (the details of a chrF :class:`Score`).

    Attributes
    ----------
    score : float
        chrF on the 0-100 scale.
    char_order, word_order : int
        Character and word n-gram orders (``word_order=2`` is chrF++).
    beta : int
        Recall weight of the F score.

    Examples
    --------
    >>> from evalkit.metrics.chrf import sentence_chrf
    >>> s = sentence_chrf("the cat", ["the cat"], word_order=2)
    >>> s.score, s.name, s.format()
    (100.0, 'chrF2++', 'chrF2++ = 100.00')
    """

    score: float
    char_order: int
    word_order: int
    beta: int

    @property
    def name(self) -> str:
        return f"chrF{self.beta}" + "+" * self.word_order

    def format(self, width: int = 2) -> str:
        return f"{self.name} = {self.score:.{width}f}"

    def __str__(self) -> str:
        return self.format()

    def __float__(self) -> float:
        return float(self.score)


def _split_punctuation(sent: str) -> List[str]:
    """chrF++ word tokenization: split one punctuation mark off the end (else the start)
    of each word longer than one character (as chrF++.py and sacrebleu do)."""
    out: List[str] = []
    for w in sent.split():
        if len(w) == 1:
            out.append(w)
        elif w[-1] in _PUNCTS:
            out += [w[:-1], w[-1]]
        elif w[0] in _PUNCTS:
            out += [w[0], w[1:]]
        else:
            out.append(w)
    return out


class CHRF(Metric):
    """chrF / chrF++ with explicit configuration (sacrebleu-style object), an
    :class:`evalkit.metrics.base.Metric` (registered as ``chrf`` and ``chrf++``).

    Parameters
    ----------
    char_order : int, default 6
        Maximum character n-gram order, an integer >= 1 (else
        :class:`~evalkit.errors.ParameterError`).
    word_order : int, default 0
        Maximum word n-gram order, an integer >= 0; 2 gives chrF++.
    beta : int, default 2
        Recall is weighted ``beta`` times as much as precision; an integer >= 0.
    lowercase : bool, default False
        Lower-case hypotheses and references first.
    whitespace : bool, default False
        Keep white space in character n-grams (sacrebleu's ``whitespace``).
    eps_smoothing : bool, default False
        Mean of per-order F scores with chrF++.py's epsilon (Moses, NLTK) instead of
        sacrebleu's effective-order averages of precision and recall.
    ref_layout : str, default "streams"
        ``"streams"`` (sacrebleu: one list per reference, one string per segment) or
        ``"segments"`` (one list of references per segment).
    references : sequence, optional
        References to preprocess once and reuse when ``refs`` is None (scoring many
        systems against the same references).

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-100 scale.

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.chrf import CHRF
    >>> hyps, refs = ["the cat sat on a mat", "it rains"], ["the cat sat on the mat", "it rains today"]
    >>> CHRF(word_order=2, ref_layout="streams").corpus_score(hyps, [refs]) == sacrebleu.corpus_chrf(
    ...     hyps, [refs], word_order=2).score
    True
    """

    name = "chrf"
    scale = "0-100"

    def __init__(
        self,
        char_order: int = 6,
        word_order: int = 0,
        beta: int = 2,
        lowercase: bool = False,
        whitespace: bool = False,
        eps_smoothing: bool = False,
        ref_layout: str = "streams",
        references: Optional[Sequence] = None,
    ):
        self.char_order = check_int("char_order", char_order, 1)
        self.word_order = check_int("word_order", word_order, 0)
        self.beta = check_int("beta", beta, 0)
        self.lowercase = bool(lowercase)
        self.whitespace = bool(whitespace)
        self.eps_smoothing = bool(eps_smoothing)
        self.ref_layout = ref_layout
        self._nrefs = None
        self._ref_cache = None
        if references is not None:
            self._ref_cache = self._prep_refs(normalize_references(None, references, ref_layout))

    @property
    def order(self) -> int:
        return self.char_order + self.word_order

    @property
    def n_statistics(self) -> int:
        return 3 * self.order

    def signature(self) -> str:
        nrefs = "var" if self._nrefs == -1 else (self._nrefs if self._nrefs is not None else "?")
        return self.build_signature(
            [
                ("nrefs", nrefs),
                ("case", "lc" if self.lowercase else "mixed"),
                ("eff", not self.eps_smoothing),
                ("nc", self.char_order),
                ("nw", self.word_order),
                ("beta", self.beta),
                ("space", self.whitespace),
            ]
        )

    # -- preprocessing --------------------------------------------------------------------
    def _prep(self, sent: str) -> str:
        return sent.lower() if self.lowercase else sent

    def _chars(self, sent: str) -> str:
        return sent if self.whitespace else "".join(sent.split())

    def _prep_refs(self, per_seg: List[List[str]]) -> List[List[str]]:
        counts = {len(r) for r in per_seg}
        self._nrefs = counts.pop() if len(counts) == 1 else -1
        return [[self._prep(r) for r in seg] for seg in per_seg]

    # -- statistics -----------------------------------------------------------------------
    def _pair_statistics(self, hyps: Sequence[str], refs: Optional[Sequence]):
        hyps = check_hypotheses(hyps)
        if refs is None:
            if self._ref_cache is None:
                raise ParameterError(
                    "refs", None, "references (or pass references= to the constructor)"
                )
            if len(self._ref_cache) != len(hyps):
                raise ParameterError(
                    "hyps", f"{len(hyps)} segments", f"{len(self._ref_cache)} (cached references)"
                )
            ref_segs = self._ref_cache
        else:
            ref_segs = self._prep_refs(normalize_references(len(hyps), refs, self.ref_layout))
        hyps = [self._prep(h) for h in hyps]
        n = len(hyps)
        nrefs = np.fromiter((len(r) for r in ref_segs), dtype=np.int64, count=n)
        hyp_idx = np.repeat(np.arange(n, dtype=np.int64), nrefs)
        ref_idx = np.arange(n, n + int(nrefs.sum()), dtype=np.int64)
        stats = np.zeros((hyp_idx.shape[0], 3 * self.order), dtype=np.int64)
        corpus = TokenizedCorpus.from_chars(
            [self._chars(h) for h in hyps],
            [[self._chars(r) for r in seg] for seg in ref_segs],
            self.char_order,
        )
        for k in range(self.char_order):
            stats[:, 3 * k : 3 * k + 3] = pair_counts(
                corpus.keys[k], corpus.offsets, k + 1, hyp_idx, ref_idx
            )
        if self.word_order:
            enc = EncodedReferences.from_tokens(
                [[_split_punctuation(r) for r in seg] for seg in ref_segs]
            )
            wc = TokenizedCorpus.from_tokens(
                [_split_punctuation(h) for h in hyps], enc, self.word_order
            )
            for k in range(self.word_order):
                c = 3 * (self.char_order + k)
                stats[:, c : c + 3] = pair_counts(wc.keys[k], wc.offsets, k + 1, hyp_idx, ref_idx)
        # sacrebleu reports no hypothesis n-grams for an order the reference lacks.
        for k in range(self.order):
            stats[stats[:, 3 * k + 1] == 0, 3 * k] = 0
        return stats, nrefs

    def segment_statistics(
        self, hyps: Sequence[str], refs: Optional[Sequence] = None
    ) -> np.ndarray:
        """Per-segment statistics ``(n_segments, 3 * order)``: ``[hyp, ref, match]`` per order,
        taken from the reference with the best sentence chrF."""
        stats, nrefs = self._pair_statistics(hyps, refs)
        if np.all(nrefs == 1):
            return stats
        f = self._f_scores(stats)
        ptr = np.concatenate(([0], np.cumsum(nrefs)))
        best = np.array(
            [ptr[s] + int(np.argmax(f[ptr[s] : ptr[s + 1]])) for s in range(len(nrefs))],
            dtype=np.int64,
        )
        return stats[best]

    def _f_scores(self, stats: np.ndarray) -> np.ndarray:
        """sacrebleu's ``_compute_f_score`` vectorized over rows (same float operations)."""
        stats = np.atleast_2d(stats)
        factor = self.beta**2
        score = np.zeros(stats.shape[0])
        avg_prec = np.zeros(stats.shape[0])
        avg_rec = np.zeros(stats.shape[0])
        eff = np.zeros(stats.shape[0], dtype=np.int64)
        with np.errstate(divide="ignore", invalid="ignore"):
            for i in range(self.order):
                n_hyp, n_ref, n_match = stats[:, 3 * i], stats[:, 3 * i + 1], stats[:, 3 * i + 2]
                prec = np.where(n_hyp > 0, n_match / np.where(n_hyp > 0, n_hyp, 1), _EPS)
                rec = np.where(n_ref > 0, n_match / np.where(n_ref > 0, n_ref, 1), _EPS)
                denom = factor * prec + rec
                score += np.where(
                    denom > 0, (1 + factor) * prec * rec / np.where(denom > 0, denom, 1), _EPS
                )
                both = (n_hyp > 0) & (n_ref > 0)
                avg_prec = np.where(both, avg_prec + prec, avg_prec)
                avg_rec = np.where(both, avg_rec + rec, avg_rec)
                eff += both
            if self.eps_smoothing:
                return 100 * score / self.order
            safe = np.where(eff > 0, eff, 1)
            avg_prec = np.where(eff > 0, avg_prec / safe, 0.0)
            avg_rec = np.where(eff > 0, avg_rec / safe, 0.0)
            nz = (avg_prec + avg_rec) != 0
            num = (1 + factor) * avg_prec * avg_rec
            den = (factor * avg_prec) + avg_rec
            return np.where(nz, 100 * (num / np.where(nz, den, 1)), 0.0)

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        return self._f_scores(np.asarray(stats_sums, dtype=np.int64))

    def _score_one(self, stats_sum: Sequence[int]) -> float:
        """Corpus chrF in [0, 100] from one summed statistics row (sacrebleu's arithmetic)."""
        stats = [int(x) for x in stats_sum]
        factor = self.beta**2
        score, eff, avg_prec, avg_rec = 0.0, 0, 0.0, 0.0
        for i in range(self.order):
            n_hyp, n_ref, n_match = stats[3 * i : 3 * i + 3]
            prec = n_match / n_hyp if n_hyp > 0 else _EPS
            rec = n_match / n_ref if n_ref > 0 else _EPS
            denom = factor * prec + rec
            score += ((1 + factor) * prec * rec / denom) if denom > 0 else _EPS
            if n_hyp > 0 and n_ref > 0:
                avg_prec += prec
                avg_rec += rec
                eff += 1
        if self.eps_smoothing:
            return 100 * score / self.order
        if eff == 0:
            avg_prec = avg_rec = 0.0
        else:
            avg_prec /= eff
            avg_rec /= eff
        if avg_prec + avg_rec:
            score = (1 + factor) * avg_prec * avg_rec
            score /= (factor * avg_prec) + avg_rec
            return 100 * score
        return 0.0

    # -- scores ---------------------------------------------------------------------------
    def corpus_score(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> CHRFScore:
        """Corpus chrF (0-100) from the summed segment statistics, as a :class:`Score`."""
        stats = self.segment_statistics(hyps, refs)
        return CHRFScore(
            self.score_from_statistics(stats.sum(axis=0)),
            self.char_order,
            self.word_order,
            self.beta,
        )

    def sentence_score(self, hyp: str, refs: Sequence[str]) -> CHRFScore:
        """chrF of one hypothesis against its references (a :class:`CHRFScore`)."""
        if isinstance(refs, str):
            refs = [refs]
        stats = self.segment_statistics(
            [hyp], [[r] for r in refs] if self.ref_layout == "streams" else [list(refs)]
        )
        return CHRFScore(
            self.score_from_statistics(stats[0]), self.char_order, self.word_order, self.beta
        )

    def sentence_scores(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> np.ndarray:
        """Sentence chrF of every segment (floats in [0, 100]), identical to sacrebleu's."""
        return self.score_from_statistics(self.segment_statistics(hyps, refs))


@one_call(CHRF, "corpus_score")
def corpus_chrf():
    """Corpus chrF in one call: ``CHRF(**config).corpus_score(hyps, refs)``.

    Returns
    -------
    Score
        chrF on the 0-100 scale.

    References
    ----------
    Popović (2015), "chrF: character n-gram F-score for automatic MT evaluation", WMT.
    Popović (2017), "chrF++: words helping character n-grams", WMT.

    Examples
    --------
    With ``char_order=2``: unigrams ``a, b`` vs ``a, c`` give P = R = 1/2, bigrams
    ``ab`` vs ``ac`` give 0, so P = R = 1/4 on average and chrF = 25:

    >>> from evalkit.metrics.chrf import corpus_chrf
    >>> float(corpus_chrf(["ab"], [["ac"]], char_order=2))
    25.0
    >>> import sacrebleu
    >>> hyps, refs = ["the cat sat on a mat"], [["the cat sat on the mat"]]
    >>> corpus_chrf(hyps, refs) == sacrebleu.corpus_chrf(hyps, refs).score
    True
    """


@one_call(CHRF, "sentence_score")
def sentence_chrf():
    """Sentence chrF in one call: ``CHRF(**config).sentence_score(hyp, refs)``; with several
    references, the one with the best chrF counts.

    Returns
    -------
    CHRFScore
        ``score`` on the 0-100 scale.

    References
    ----------
    Popović (2015, 2017), in full at :func:`corpus_chrf`.

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.chrf import sentence_chrf
    >>> ours = sentence_chrf("the cat sat", ["the cat sat down"])
    >>> ours.score == sacrebleu.sentence_chrf("the cat sat", ["the cat sat down"]).score
    True
    >>> sentence_chrf("the cat sat", ["a dog", "the cat sat"]).score
    100.0
    """


@register_metric("chrf")
@preset(CHRF, ref_layout="segments")
def chrf():
    """sacrebleu's chrF (any :class:`CHRF` setting, 0-100 scale); registered as
    ``get_metric("chrf")``.

    References
    ----------
    Popović (2015, 2017), in full at :func:`corpus_chrf`.

    Examples
    --------
    >>> from evalkit.metrics.chrf import chrf
    >>> float(chrf(char_order=2).corpus_score(["ab"], [["ac"]]))
    25.0
    """


@register_metric("chrf++")
@preset(CHRF, ref_layout="segments", word_order=2)
def chrf_plus_plus():
    """chrF++ (Popović 2017): chrF with word bigrams, ``word_order=2`` (0-100 scale);
    registered as ``get_metric("chrf++")``.

    References
    ----------
    Popović (2017), "chrF++: words helping character n-grams", WMT.

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.chrf import chrf_plus_plus
    >>> hyps, refs = ["the cat sat on a mat"], ["the cat sat on the mat"]
    >>> ours = chrf_plus_plus().corpus_score(hyps, [[r] for r in refs])
    >>> ours == sacrebleu.corpus_chrf(hyps, [refs], word_order=2).score
    True
    """
