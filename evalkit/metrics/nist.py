"""NIST (Doddington 2002) with mteval-v13a semantics.

Information weight of an n-gram, from counts over *all* reference segments of the test
set (for n = 1 the numerator is the total number of reference words)::

    Info(w_1..w_n) = log2( C(w_1..w_{n-1}) / C(w_1..w_n) )            [bits, >= 0]

Score (N = 5; co-occurrence counts clipped to the maximum count in any one reference)::

    NIST = sum_{n=1..N} [ sum_{matched n-grams} Info / max(1, #hyp n-grams_n) ]
           * exp( beta * ln^2( min(1, L_sys / L_ref) ) )

``L_ref`` is the average reference length (per segment the mean over its references,
summed), ``beta = ln 0.5 / ln^2 1.5`` so the penalty is 0.5 at a length ratio of 2/3
(Owczarzak notes D3; Leusch et al. 2005, Sec. 2.4). Range [0, ~15); the maximum depends
on the text.

Sufficient statistics (Riezler & Maxwell 2005): the info weights are computed once from
the full reference side and kept fixed; :meth:`NIST.segment_statistics` returns a float64
array ``(n_segments, 2 + 2N)`` with ``[hyp_len, ref_len, info_1..N, total_1..N]`` and
:meth:`NIST.score_from_statistics` maps a column sum to the corpus score, so resampling
recombines rows exactly as mteval would score the resampled corpus *with the original
info weights*.

n-grams are counted with the exact integer engine of :mod:`evalkit.metrics.ngrams`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.ngrams import TokenizedCorpus, WordLevelMetric, normalize_references
from evalkit.metrics.registry import one_call, preset, register_metric

__all__ = ["NIST", "NISTScore", "nist_length_penalty", "corpus_nist"]

#: mteval's beta: the penalty is 0.5 when the system output is 2/3 of the reference length.
MTEVAL_BETA = -(-math.log(0.5) / math.log(1.5) / math.log(1.5))


def nist_length_penalty(ratio: float, beta: float = MTEVAL_BETA) -> float:
    """``exp(beta * ln^2 ratio)`` for 0 < ratio < 1; 1 for ratio >= 1; 0 for ratio <= 0.

    Parameters
    ----------
    ratio : float
        System length over (average) reference length.
    beta : float, default :data:`MTEVAL_BETA`
        The penalty constant; mteval's (about -4.2165) makes the penalty 0.5 at 2/3.

    Returns
    -------
    float
        The length penalty in [0, 1].

    References
    ----------
    Doddington (2002), "Automatic Evaluation of Machine Translation Quality Using N-gram
    Co-Occurrence Statistics", HLT.

    Examples
    --------
    >>> from evalkit.metrics.nist import nist_length_penalty
    >>> round(nist_length_penalty(2 / 3), 4), nist_length_penalty(1.2), nist_length_penalty(0)
    (0.5, 1.0, 0.0)
    """
    if ratio >= 1:
        return 1.0
    if ratio <= 0:
        return 0.0
    return math.exp(beta * math.log(ratio) * math.log(ratio))


@dataclass
class NISTScore:
    """A NIST result (the details of a NIST :class:`Score`), as mteval prints it.

    Attributes
    ----------
    score : float
        NIST (0 to about 15; the maximum depends on the text), the last of ``cumulative``.
    individual : list of float
        Per order n = 1..N: matched information over hypothesis n-grams.
    cumulative : list of float
        NIST-n for n = 1..N: ``penalty * sum(individual[:n])``.
    penalty : float
        The length penalty (:func:`nist_length_penalty`).
    sys_len, ref_len : float
        Hypothesis length and average reference length in words.

    Examples
    --------
    >>> from evalkit.metrics.nist import corpus_nist
    >>> s = corpus_nist(["a b"], [["a b c"]]).details
    >>> [round(x, 4) for x in s.individual], round(s.penalty, 4)
    ([1.585, 0.0, 0.0, 0.0, 0.0], 0.5)
    >>> s.format()
    'NIST = 0.7925 (penalty = 0.5000 hyp_len = 2 ref_len = 3)'
    """

    score: float
    individual: List[float]
    cumulative: List[float]
    penalty: float
    sys_len: float
    ref_len: float

    def format(self, width: int = 4) -> str:
        return f"NIST = {self.score:.{width}f} (penalty = {self.penalty:.4f} hyp_len = {self.sys_len:g} ref_len = {self.ref_len:g})"

    def __str__(self) -> str:
        return self.format()

    def __float__(self) -> float:
        return float(self.score)


class NIST(WordLevelMetric):
    """NIST with explicit configuration (sacrebleu-style object), an
    :class:`evalkit.metrics.base.Metric` (registered as ``nist`` and ``nist-mteval``).

    Parameters
    ----------
    tokenize : str, default "13a"
        Tokenizer name (13a as in mteval-v13a).
    lowercase : bool, default False
        Lower-case before tokenizing (mteval's default unless ``-c``).
    max_ngram_order : int, default 5
        N, an integer >= 1 (else :class:`~evalkit.errors.ParameterError`).
    beta : float, default :data:`MTEVAL_BETA`
        Length-penalty constant (mteval's, about -4.2165); must be negative.
    ref_layout : str, default "streams"
        ``"streams"`` (sacrebleu) or ``"segments"``.
    boundaries : str, default "none"
        Sentence-boundary words (Leusch et al. 2005): ``"none"``, ``"start"``, ``"end"``
        or ``"both"``.

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the ``0-inf`` scale
    whose details are a :class:`NISTScore`.

    References
    ----------
    Doddington (2002), in full at :func:`nist_length_penalty`.

    Examples
    --------
    The information weights come from the references: each of four distinct reference
    words carries ``log2(4 / 1) = 2`` bits, and every longer n-gram 0 bits:

    >>> from evalkit.metrics.nist import NIST
    >>> float(NIST(ref_layout="segments").corpus_score(["a b c d"], [["a b c d"]]))
    2.0
    """

    name = "nist"
    scale = "0-inf"
    #: a segment's statistics depend on all references (the information weights)
    whole_corpus_statistics = True

    def __init__(
        self,
        tokenize: str = "13a",
        lowercase: bool = False,
        max_ngram_order: int = 5,
        beta: float = MTEVAL_BETA,
        ref_layout: str = "streams",
        boundaries: str = "none",
    ):
        if not isinstance(max_ngram_order, int) or max_ngram_order < 1:
            raise ParameterError("max_ngram_order", max_ngram_order, "an integer >= 1")
        if not beta < 0:
            raise ParameterError("beta", beta, "a negative number")
        self._set_tokenizer(tokenize, lowercase, ref_layout, boundaries)
        self.max_ngram_order = max_ngram_order
        self.beta = float(beta)

    @classmethod
    def mteval_v13a(cls, case_sensitive: bool = False, **kw) -> "NIST":
        """``mteval-v13a.pl`` NIST: 13a tokenization, lower-cased unless ``case_sensitive``."""
        return cls(tokenize="13a", lowercase=not case_sensitive, **kw)

    def signature(self) -> str:
        return self.build_signature(
            [
                ("nrefs", self._nrefs_label()),
                ("case", "lc" if self.lowercase else "mixed"),
                *self._tok_options(),
                ("n", self.max_ngram_order),
                ("beta", f"{self.beta:.6f}"),
                ("reflen", "average"),
                ("info", "refs"),
            ]
        )

    @property
    def n_statistics(self) -> int:
        return 2 + 2 * self.max_ngram_order

    @staticmethod
    def _info_tables(
        corpus: TokenizedCorpus, max_order: int
    ) -> List[Tuple[np.ndarray, np.ndarray]]:
        """Per order: sorted unique reference n-gram keys and their information weights."""
        tables = []
        prev_keys = prev_counts = None
        total_words = float(corpus.lengths[corpus.n_hyp :].sum())
        for n in range(1, max_order + 1):
            pos = corpus.ref_positions(n)
            keys = corpus.keys[n - 1][pos]
            uniq, first, counts = np.unique(keys, return_index=True, return_counts=True)
            if n == 1:
                numer = np.full(uniq.shape[0], total_words)
            else:
                prefix = corpus.keys[n - 2][pos[first]]
                numer = prev_counts[np.searchsorted(prev_keys, prefix)].astype(np.float64)
            # mteval: -log(C(w1..wn) / C(w1..wn-1)) / log 2
            info = np.log(numer / counts) / math.log(2.0)
            tables.append((uniq, info))
            prev_keys, prev_counts = uniq, counts
        return tables

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 2 + 2N)`` float64: ``hyp_len, ref_len (mean), info_1..N, total_1..N``.

        The info weights come from all references passed (the whole test set)."""
        return self._statistics(self._encode(hyps, refs, self.max_ngram_order))

    def _statistics(self, corpus: TokenizedCorpus) -> np.ndarray:
        N = self.max_ngram_order
        out = np.zeros((corpus.n_hyp, 2 + 2 * N), dtype=np.float64)
        out[:, 0] = corpus.lengths[: corpus.n_hyp]
        _, _, total = corpus.ref_lengths()
        out[:, 1] = total / np.diff(corpus.ref_ptr)
        for n, (ukeys, info) in enumerate(self._info_tables(corpus, N), start=1):
            _, tot, winfo = corpus.clipped(n, ukeys, info)
            out[:, 1 + n] = winfo
            out[:, 1 + N + n] = tot
        return out

    def _compute(self, stats: Sequence[float]) -> NISTScore:
        N = self.max_ngram_order
        stats = np.asarray(stats, dtype=np.float64)
        if stats.shape != (2 + 2 * N,):
            raise ParameterError("stats_sum", f"shape {stats.shape}", f"shape ({2 + 2 * N},)")
        sys_len, ref_len = float(stats[0]), float(stats[1])
        ratio = sys_len / ref_len if ref_len > 0 else (1.0 if sys_len > 0 else 0.0)
        penalty = nist_length_penalty(ratio, self.beta)
        individual, cumulative, score = [], [], 0.0
        for n in range(N):
            ind = float(stats[2 + n]) / max(float(stats[2 + N + n]), 1.0)
            individual.append(ind)
            score += ind
            cumulative.append(score * penalty)
        return NISTScore(cumulative[-1], individual, cumulative, penalty, sys_len, ref_len)

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        """Corpus NIST from one summed statistics row (see :meth:`segment_statistics`)."""
        return self._compute(stats_sum).score

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        """:meth:`_score_one` of every row (sentence scores, resamples) with the same float
        operations: the information sums added order by order, the penalty of each row
        from :func:`nist_length_penalty`."""
        N = self.max_ngram_order
        s = np.asarray(stats_sums, dtype=np.float64)
        sys_len, ref_len = s[:, 0], s[:, 1]
        with np.errstate(divide="ignore", invalid="ignore"):
            ratio = np.where(
                ref_len > 0,
                sys_len / np.where(ref_len > 0, ref_len, 1.0),
                np.where(sys_len > 0, 1.0, 0.0),
            )
        penalty = np.array([nist_length_penalty(r, self.beta) for r in ratio.tolist()])
        score = np.zeros(s.shape[0])
        for n in range(N):
            score = score + s[:, 2 + n] / np.maximum(s[:, 2 + N + n], 1.0)
        return score * penalty.reshape(-1)

    def corpus_score(self, hyps: Sequence[str], refs: Sequence) -> NISTScore:
        return self._compute(self.segment_statistics(hyps, refs).sum(axis=0))

    def sentence_scores(
        self, hyps: Sequence[str], refs: Sequence, info_weights: str = "corpus"
    ) -> np.ndarray:
        """Sentence NIST of every segment.

        ``info_weights="corpus"`` (default, as mteval ``-d 2``): information weights from all
        references of the test set; ``"segment"``: from the segment's own references only
        (the other reading of sentence-level NIST; Owczarzak notes D3)."""
        if info_weights == "corpus":
            stats = self.segment_statistics(hyps, refs)
        elif info_weights == "segment":
            hyps = list(hyps)
            per_seg = normalize_references(len(hyps), refs, self.ref_layout)
            stats = (
                np.vstack(
                    [
                        self.segment_statistics([h], [r])
                        if self.ref_layout == "segments"
                        else self.segment_statistics([h], [[x] for x in r])
                        for h, r in zip(hyps, per_seg)
                    ]
                )
                if hyps
                else np.zeros((0, 2 + 2 * self.max_ngram_order))
            )
        else:
            raise ParameterError("info_weights", info_weights, "'corpus' or 'segment'")
        return self.score_from_statistics(stats.reshape(-1, self.n_statistics))


@one_call(NIST, "corpus_score")
def corpus_nist():
    """Corpus NIST in one call: ``NIST(**config).corpus_score(hyps, refs)``; the information
    weights come from all the references.

    Returns
    -------
    Score
        NIST (``0-inf`` scale); its details are a :class:`NISTScore`.

    References
    ----------
    Doddington (2002), in full at :func:`nist_length_penalty`.

    Examples
    --------
    Two of three reference words, ``log2(3)`` bits each, and the length penalty 0.5 at
    a length ratio of 2/3:

    >>> import math
    >>> from evalkit.metrics.nist import corpus_nist
    >>> score = corpus_nist(["a b"], [["a b c"]])
    >>> math.isclose(score, 0.5 * 2 * math.log2(3) / 2)
    True
    """


@register_metric("nist")
@preset(NIST, ref_layout="segments")
def nist():
    """NIST with any :class:`NIST` setting (mixed case by default, as sacrebleu's tools;
    ``0-inf`` scale); registered as ``get_metric("nist")``.

    References
    ----------
    Doddington (2002), in full at :func:`nist_length_penalty`.

    Examples
    --------
    >>> from evalkit.metrics.nist import nist
    >>> float(nist().corpus_score(["a b c d"], [["a b c d"]]))
    2.0
    """


@register_metric("nist-mteval")
def mteval_nist(
    case_sensitive: bool = False, max_ngram_order: int = 5, ref_layout: str = "segments"
) -> NIST:
    """``mteval-v13a.pl`` NIST (:meth:`NIST.mteval_v13a`: lower-cased unless
    ``case_sensitive``); registered as ``get_metric("nist-mteval")``.

    Parameters
    ----------
    case_sensitive : bool, default False
        mteval's ``-c``; without it the text is lower-cased.
    max_ngram_order : int, default 5
        N, an integer >= 1.
    ref_layout : str, default "segments"
        ``"segments"`` or ``"streams"``.

    Returns
    -------
    NIST
        As :func:`nist`: the configured metric (Doddington 2002).

    Examples
    --------
    >>> from evalkit.metrics.nist import mteval_nist
    >>> float(mteval_nist().corpus_score(["A B C D"], [["a b c d"]]))
    2.0
    >>> float(mteval_nist(case_sensitive=True).corpus_score(["A B C D"], [["a b c d"]]))
    0.0
    """
    return NIST.mteval_v13a(
        case_sensitive=case_sensitive, max_ngram_order=max_ngram_order, ref_layout=ref_layout
    )
