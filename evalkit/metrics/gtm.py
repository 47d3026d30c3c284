"""GTM, the General Text Matcher (Turian, Shen & Melamed 2003).

A matching M pairs equal hypothesis and reference tokens one to one; a *run* is a block
of matches contiguous and in the same order on both sides. With run-length exponent e::

    size(M) = ( sum_{runs} |run|^e )^(1/e)        MMS = max_M size(M)
    P = MMS / |hyp|,  R = MMS / |ref|,  GTM = F = 2 P R / (P + R)      in [0, 1]

e = 1 gives the clipped unigram overlap (exact); e > 1 rewards longer runs. For e > 1 the
maximum is NP-hard and GTM approximates it greedily: repeatedly take the longest run among
unmatched tokens (ties: earliest in the hypothesis, then in the reference). The papers
print GTM x100 (Owczarzak notes D4, exponent not stated there: expose ``exponent``).

Corpus level, as the GTM tool scores a document: runs never cross segments, and
``MMS = (sum over all segments' runs |run|^e)^(1/e)``, P and R use total lengths. Hence
the additive sufficient statistics per segment ``[hyp_len, ref_len, sum_runs |run|^e]``
(:meth:`GTM.segment_statistics`, :meth:`GTM.score_from_statistics`). With several
references a segment uses the reference with the best sentence F (first on ties) [our
reading; the paper does not fix it].

Why our own: no maintained Python package implements GTM; the greedy matcher is a small
numba kernel on integer token ids.
"""

from __future__ import annotations

from typing import Sequence

import numba
import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.ngrams import WordLevelMetric
from evalkit.metrics.registry import preset, register_metric

__all__ = ["GTM", "gtm_runs"]


@numba.njit(cache=True)
def _greedy_runs(h, r, e):
    n, m = h.shape[0], r.shape[0]
    hu = np.zeros(n, dtype=np.bool_)
    ru = np.zeros(m, dtype=np.bool_)
    total = 0.0
    prev = np.zeros(m + 1, dtype=np.int64)
    cur = np.zeros(m + 1, dtype=np.int64)
    while True:
        best, bi, bj = 0, -1, -1
        prev[:] = 0
        for i in range(n):
            cur[:] = 0
            if not hu[i]:
                for j in range(m):
                    if not ru[j] and h[i] == r[j]:
                        cur[j + 1] = prev[j] + 1
                        if cur[j + 1] > best:
                            best, bi, bj = cur[j + 1], i, j
            prev, cur = cur, prev
        if best == 0:
            break
        for k in range(best):
            hu[bi - k] = True
            ru[bj - k] = True
        total += float(best) ** e
    return total


@numba.njit(cache=True)
def _pair_runs(ids, offsets, hyp_idx, ref_idx, e):
    out = np.zeros(hyp_idx.shape[0], dtype=np.float64)
    for p in range(hyp_idx.shape[0]):
        a, b = hyp_idx[p], ref_idx[p]
        out[p] = _greedy_runs(ids[offsets[a] : offsets[a + 1]], ids[offsets[b] : offsets[b + 1]], e)
    return out


def gtm_runs(hyp: Sequence[str], ref: Sequence[str], exponent: float = 1.0) -> float:
    """``sum_runs |run|^e`` of the greedy maximum matching between two token lists.

    Parameters
    ----------
    hyp, ref : sequence of str
        The two token lists.
    exponent : float, default 1.0
        Run-length exponent e; e = 1 counts matched tokens (clipped unigram overlap).

    Returns
    -------
    float
        ``sum_runs |run|^e`` over the runs found greedily (longest first); ``MMS`` is its
        e-th root. 0.0 when no token matches.

    References
    ----------
    Turian, Shen & Melamed (2003), "Evaluation of Machine Translation and its Evaluation",
    MT Summit IX.

    Examples
    --------
    ``a b c d`` against ``a b x c d`` matches in two runs of two: ``2^2 + 2^2 = 8``:

    >>> from evalkit.metrics.gtm import gtm_runs
    >>> gtm_runs("a b c d".split(), "a b x c d".split(), exponent=2)
    8.0
    >>> gtm_runs("a b c d".split(), "a b x c d".split())
    4.0
    """
    vocab: dict = {}
    h = np.array([vocab.setdefault(x, len(vocab)) for x in hyp], dtype=np.int64)
    r = np.array([vocab.setdefault(x, len(vocab)) for x in ref], dtype=np.int64)
    return float(_greedy_runs(h, r, float(exponent)))


def _f_measure(runs: np.ndarray, hl: np.ndarray, rl: np.ndarray, e: float) -> np.ndarray:
    mms = runs ** (1.0 / e)
    with np.errstate(divide="ignore", invalid="ignore"):
        p = np.where(hl > 0, mms / np.where(hl > 0, hl, 1), 0.0)
        r = np.where(rl > 0, mms / np.where(rl > 0, rl, 1), 0.0)
        return np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)


class GTM(WordLevelMetric):
    """GTM with explicit configuration, an :class:`evalkit.metrics.base.Metric` (registered
    as ``gtm``).

    Parameters
    ----------
    exponent : float, default 1.0
        Run-length exponent e, a number >= 1 (else :class:`~evalkit.errors.ParameterError`).
    tokenize : str, default "13a"
        Tokenizer name.
    lowercase : bool, default False
        Lower-case first.
    ref_layout : str, default "streams"
        ``"streams"`` (sacrebleu) or ``"segments"``.

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-1 scale (the F
    of the maximum matching size).

    Examples
    --------
    Two of three words match in one run: precision = recall = F = 2/3 (e = 1):

    >>> from evalkit.metrics.gtm import GTM
    >>> round(float(GTM(ref_layout="segments").corpus_score(["a b c"], [["a b d"]])), 6)
    0.666667
    """

    name = "gtm"
    n_statistics = 3

    def __init__(
        self,
        exponent: float = 1.0,
        tokenize: str = "13a",
        lowercase: bool = False,
        ref_layout: str = "streams",
    ):
        if not exponent >= 1:
            raise ParameterError("exponent", exponent, "a number >= 1")
        self.exponent = float(exponent)
        self._set_tokenizer(tokenize, lowercase, ref_layout)

    def signature(self) -> str:
        return self.build_signature(
            [
                ("e", self.exponent),
                ("case", "lc" if self.lowercase else "mixed"),
                *self._tok_options(),
                ("multiref", "best-f"),
            ]
        )

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 3)`` float64: ``[hyp_len, ref_len, sum_runs |run|^e]``."""
        corpus = self._encode(hyps, refs, 1)
        n = corpus.n_hyp
        nrefs = np.diff(corpus.ref_ptr)
        hyp_idx = np.repeat(np.arange(n, dtype=np.int64), nrefs)
        runs = _pair_runs(corpus.ids, corpus.offsets, hyp_idx, corpus.ref_ids, self.exponent)
        hl = corpus.lengths[hyp_idx].astype(np.float64)
        rl = corpus.lengths[corpus.ref_ids].astype(np.float64)
        f = _f_measure(runs, hl, rl, self.exponent)
        best = np.array(
            [
                corpus.ref_ptr[s] + int(np.argmax(f[corpus.ref_ptr[s] : corpus.ref_ptr[s + 1]]))
                for s in range(n)
            ],
            dtype=np.int64,
        )
        return np.stack([hl[best], rl[best], runs[best]], axis=1).reshape(n, 3)

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        """GTM F-measure in [0, 1] from summed ``[hyp_len, ref_len, runs]`` rows."""
        s = np.asarray(stats_sums, dtype=np.float64)
        return _f_measure(s[:, 2], s[:, 0], s[:, 1], self.exponent)

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        return float(self._score_many(np.asarray(stats_sum, dtype=np.float64).reshape(1, 3))[0])


@register_metric("gtm")
@preset(GTM, ref_layout="segments")
def gtm():
    """GTM (Turian et al. 2003) with any :class:`GTM` setting (0-1 scale); registered as
    ``get_metric("gtm")``.

    References
    ----------
    Turian, Shen & Melamed (2003), in full at :func:`gtm_runs`.

    Examples
    --------
    With e = 2 the two runs of two give ``MMS = sqrt(8)``, P = MMS / 4, R = MMS / 5:

    >>> import math
    >>> from evalkit.metrics.gtm import gtm
    >>> score = gtm(exponent=2).corpus_score(["a b c d"], [["a b x c d"]])
    >>> p, r = math.sqrt(8) / 4, math.sqrt(8) / 5
    >>> math.isclose(score, 2 * p * r / (p + r))
    True
    """
