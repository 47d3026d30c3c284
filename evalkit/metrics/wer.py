"""WER, PER and m-gram PER with the reference-length rules of Leusch et al. (2005).

Leusch, Ueffing, Vilar & Ney (2005), "Preprocessing and Normalization for Automatic
Evaluation of Machine Translation", Sec. 2 (notes: acl2005-workshop-part-A.md, 4.2)::

    WER = sum_k d_L(E_k, R_k*) / sum_k I_k*          (Levenshtein distance on words)
    d_PER(E, R) = 1/2 (|I - I~| + sum_e |n_e - n~_e|) = max(I, I~) - sum_e min(n_e, n~_e)
    PER = sum_k d_PER(E_k, R_k*) / sum_k I_k*

Both are error rates in [0, inf) (0 = identical; insertions can push WER above 1). For
several references the numerator and the length ``I_k*`` follow a *reference-length rule*
(Sec. 3.3, ``ref_length=``):

* ``"best"`` (the paper's proposal, default): the reference with the lowest relative error
  ``d / |R|`` gives both the distance and the length (first such reference on ties);
* ``"nearest"``: ``min_r d``; length of the reference closest in length (ties: shorter);
* ``"average"``: ``min_r d``; mean reference length;
* ``"avg_nearest"``: ``min_r d``; mean length of the references attaining ``min_r d``.

m-gram PER (``PER(m=2)`` is the paper's "2-PER") uses m-gram count vectors; lengths are
then numbers of m-grams, ``max(I - m + 1, 0)`` [the paper leaves this open; our reading].

Sufficient statistics: :meth:`ErrorRate.segment_statistics` gives ``(n_segments, 2)``
float64 ``[distance, ref_len]``; :meth:`ErrorRate.score_from_statistics` divides the sums.

Why our own: no maintained library implements these reference-length rules or m-gram PER;
Levenshtein on integer token ids is a small numba kernel.
"""

from __future__ import annotations

from typing import Sequence

import numba
import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.ngrams import WordLevelMetric, pair_counts
from evalkit.metrics.registry import preset, register_metric

__all__ = ["ErrorRate", "WER", "PER", "levenshtein", "summary_wer", "REF_LENGTH_RULES"]

REF_LENGTH_RULES = ("best", "nearest", "average", "avg_nearest")
_RULE_CODE = {name: i for i, name in enumerate(REF_LENGTH_RULES)}


@numba.njit(cache=True)
def _levenshtein_ids(a, b):
    n, m = a.shape[0], b.shape[0]
    prev = np.arange(m + 1)
    cur = np.zeros(m + 1, dtype=np.int64)
    for i in range(1, n + 1):
        cur[0] = i
        ai = a[i - 1]
        for j in range(1, m + 1):
            c = prev[j - 1] + (0 if ai == b[j - 1] else 1)
            d = prev[j] + 1
            if d < c:
                c = d
            d = cur[j - 1] + 1
            if d < c:
                c = d
            cur[j] = c
        prev, cur = cur, prev
    return prev[m]


@numba.njit(cache=True)
def _pair_levenshtein(ids, offsets, hyp_idx, ref_idx):
    out = np.zeros(hyp_idx.shape[0], dtype=np.int64)
    for p in range(hyp_idx.shape[0]):
        h, r = hyp_idx[p], ref_idx[p]
        out[p] = _levenshtein_ids(
            ids[offsets[h] : offsets[h + 1]], ids[offsets[r] : offsets[r + 1]]
        )
    return out


@numba.njit(cache=True)
def _apply_rule(dist, rlen, hlen, ptr, rule):
    """Per segment (pairs ptr[s]:ptr[s+1]): numerator distance and reference length."""
    S = ptr.shape[0] - 1
    out = np.zeros((S, 2), dtype=np.float64)
    for s in range(S):
        a, b = ptr[s], ptr[s + 1]
        dmin = dist[a]
        for p in range(a, b):
            if dist[p] < dmin:
                dmin = dist[p]
        if rule == 0:  # best: lowest relative error
            best = a
            best_rel = np.inf
            for p in range(a, b):
                if rlen[p] > 0:
                    rel = dist[p] / rlen[p]
                else:
                    rel = 0.0 if dist[p] == 0 else np.inf
                if rel < best_rel:
                    best_rel = rel
                    best = p
            out[s, 0] = dist[best]
            out[s, 1] = rlen[best]
        elif rule == 1:  # nearest length, ties -> shorter
            cl = -1
            cd = -1
            for p in range(a, b):
                d = abs(hlen[s] - rlen[p])
                if cd == -1 or d < cd or (d == cd and rlen[p] < cl):
                    cd = d
                    cl = rlen[p]
            out[s, 0] = dmin
            out[s, 1] = cl
        elif rule == 2:  # average
            tot = 0.0
            for p in range(a, b):
                tot += rlen[p]
            out[s, 0] = dmin
            out[s, 1] = tot / (b - a)
        else:  # avg_nearest: mean length of the references at minimum distance
            tot = 0.0
            k = 0
            for p in range(a, b):
                if dist[p] == dmin:
                    tot += rlen[p]
                    k += 1
            out[s, 0] = dmin
            out[s, 1] = tot / k
    return out


def levenshtein(a: Sequence, b: Sequence) -> int:
    """Word-level Levenshtein distance (insertions, deletions, substitutions cost 1).

    Parameters
    ----------
    a, b : sequence of hashable
        The two token sequences (e.g. lists of words); tokens compare by equality.

    Returns
    -------
    int
        The minimum number of insertions, deletions and substitutions turning ``a`` into
        ``b``; 0 iff the sequences are equal, at most ``max(len(a), len(b))``.

    Examples
    --------
    >>> from evalkit.metrics.wer import levenshtein
    >>> levenshtein("the cat sat".split(), "the cat sat down".split())
    1
    >>> levenshtein(["a", "b"], ["b", "a"]), levenshtein([], ["x", "y"])
    (2, 2)
    """
    vocab: dict = {}
    ia = np.array([vocab.setdefault(x, len(vocab)) for x in a], dtype=np.int64)
    ib = np.array([vocab.setdefault(x, len(vocab)) for x in b], dtype=np.int64)
    return int(_levenshtein_ids(ia, ib))


class ErrorRate(WordLevelMetric):
    """WER / PER / m-gram PER with explicit configuration, an
    :class:`evalkit.metrics.base.Metric` (registered as ``wer`` and ``per``).

    Parameters
    ----------
    kind : ``"wer"`` or ``"per"``.
    m : m-gram order for PER (1 = PER, 2 = "2-PER"); must be 1 for WER.
    ref_length : one of :data:`REF_LENGTH_RULES` (default ``"best"``).
    tokenize : tokenizer name (default ``"13a"``; Leusch's schemes are available).
    lowercase : lower-case first (the paper's baseline does).
    ref_layout : ``"streams"`` (sacrebleu) or ``"segments"``.
    boundaries : sentence-boundary words for m-gram PER (Leusch et al. Sec. 3.4):
        ``"none"``, ``"start"``, ``"end"`` or ``"both"``.

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-1 scale: summed
    edit distances over summed reference lengths (it can exceed 1).

    Examples
    --------
    One substitution in three reference words, and a reordering that WER counts and PER
    (position-independent) does not:

    >>> from evalkit.metrics.wer import ErrorRate
    >>> float(ErrorRate("wer", ref_layout="segments").corpus_score(["a b c"], [["a b d"]]))
    0.3333333333333333
    >>> wer = ErrorRate("wer", ref_layout="segments").corpus_score(["b a c"], [["a b c"]])
    >>> per = ErrorRate("per", ref_layout="segments").corpus_score(["b a c"], [["a b c"]])
    >>> float(wer), float(per)
    (0.6666666666666666, 0.0)
    """

    higher_is_better = False
    n_statistics = 2

    def __init__(
        self,
        kind: str = "wer",
        m: int = 1,
        ref_length: str = "best",
        tokenize: str = "13a",
        lowercase: bool = False,
        ref_layout: str = "streams",
        boundaries: str = "none",
    ):
        if kind not in ("wer", "per"):
            raise ParameterError("kind", kind, "'wer' or 'per'")
        if not isinstance(m, int) or m < 1 or (kind == "wer" and m != 1):
            raise ParameterError("m", m, "an integer >= 1 (and 1 for WER)")
        if ref_length not in REF_LENGTH_RULES:
            raise ParameterError("ref_length", ref_length, f"one of {REF_LENGTH_RULES}")
        self.kind, self.m, self.ref_length = kind, m, ref_length
        self.name = kind
        self._set_tokenizer(tokenize, lowercase, ref_layout, boundaries)

    @property
    def label(self) -> str:
        """How the papers print it: ``WER``, ``PER``, ``2-PER``, ..."""
        return "WER" if self.kind == "wer" else ("PER" if self.m == 1 else f"{self.m}-PER")

    def signature(self) -> str:
        return self.build_signature(
            [
                ("case", "lc" if self.lowercase else "mixed"),
                *self._tok_options(),
                ("reflen", self.ref_length),
            ]
            + ([("m", self.m)] if self.kind == "per" else [])
        )

    def segment_statistics(self, hyps: Sequence[str], refs: Sequence) -> np.ndarray:
        """``(n_segments, 2)`` float64: ``[distance, reference length]`` after the rule."""
        corpus = self._encode(hyps, refs, self.m)
        n = corpus.n_hyp
        hyp_idx = np.repeat(np.arange(n, dtype=np.int64), np.diff(corpus.ref_ptr))
        ref_idx = corpus.ref_ids
        lengths = corpus.lengths
        if self.kind == "wer":
            dist = _pair_levenshtein(corpus.ids, corpus.offsets, hyp_idx, ref_idx)
            hlen, rlen = lengths[:n], lengths[ref_idx]
        else:
            counts = pair_counts(corpus.keys[self.m - 1], corpus.offsets, self.m, hyp_idx, ref_idx)
            hl, rl, match = counts[:, 0], counts[:, 1], counts[:, 2]
            dist = np.maximum(hl, rl) - match
            hlen = np.maximum(lengths[:n] - self.m + 1, 0)
            rlen = rl
        return _apply_rule(
            dist.astype(np.int64),
            rlen.astype(np.int64),
            hlen.astype(np.int64),
            corpus.ref_ptr,
            _RULE_CODE[self.ref_length],
        )

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        """Error rate (fraction, not percent) from summed ``[distance, ref_len]``."""
        d, r = float(stats_sum[0]), float(stats_sum[1])
        if r == 0:
            return 0.0 if d == 0 else float("inf")
        return d / r

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        d, r = stats_sums[:, 0].astype(np.float64), stats_sums[:, 1].astype(np.float64)
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(r == 0, np.where(d == 0, 0.0, np.inf), d / np.where(r == 0, 1.0, r))


def WER(**config) -> ErrorRate:
    """Word error rate (Levenshtein), :class:`ErrorRate` with ``kind="wer"``.

    Parameters
    ----------
    **config
        Keyword arguments of :class:`ErrorRate` other than ``kind`` (``ref_length``,
        ``tokenize``, ``lowercase``, ``ref_layout``, ``boundaries``; ``m`` must be 1).

    Returns
    -------
    ErrorRate
        The configured metric; its scores are fractions of the reference length (0-1 scale,
        0 = identical, can exceed 1).

    Examples
    --------
    >>> from evalkit.metrics.wer import WER
    >>> float(WER(ref_layout="segments").corpus_score(["a b"], [["a b c d"]]))
    0.5
    """
    return ErrorRate(kind="wer", **config)


def PER(m: int = 1, **config) -> ErrorRate:
    """Position-independent error rate; ``m > 1`` gives m-gram PER.

    Parameters
    ----------
    m : int, default 1
        m-gram order (1 = PER, 2 = Leusch et al.'s "2-PER"); an integer >= 1, else
        :class:`~evalkit.errors.ParameterError`.
    **config
        Other keyword arguments of :class:`ErrorRate` (``ref_length``, ``tokenize``, ...).

    Returns
    -------
    ErrorRate
        The configured metric (0-1 scale, lower is better).

    Examples
    --------
    Word order does not matter to PER, but it does to bigram PER (one of the two bigrams
    of ``"b a c"`` matches the reference ``"a b c"``):

    >>> from evalkit.metrics.wer import PER
    >>> float(PER(ref_layout="segments").corpus_score(["b a c"], [["a b c"]]))
    0.0
    >>> float(PER(m=2, ref_layout="segments").corpus_score(["b a c"], [["a b c"]]))
    1.0
    """
    return ErrorRate(kind="per", m=m, **config)


@register_metric("wer")
@preset(ErrorRate, omit=("kind", "m", "boundaries"), kind="wer", ref_layout="segments")
def wer():
    """WER with Leusch et al.'s reference-length rules (:class:`ErrorRate`); registered
    as ``get_metric("wer")``.

    Parameters
    ----------
    ref_length : str, default "best"
        Reference-length rule for several references, one of :data:`REF_LENGTH_RULES`.
    tokenize : str, default "13a"
        Tokenizer name (:func:`evalkit.text.tokenizers.get_tokenizer`).
    lowercase : bool, default False
        Lower-case hypotheses and references first.
    ref_layout : str, default "segments"
        ``"segments"`` (one list of references per segment) or ``"streams"`` (sacrebleu).

    Returns
    -------
    ErrorRate
        The configured metric (0-1 scale, lower is better, can exceed 1).

    References
    ----------
    Leusch, Ueffing, Vilar & Ney (2005), "Preprocessing and Normalization for Automatic
    Evaluation of Machine Translation", ACL Workshop on Intrinsic and Extrinsic Evaluation
    Measures for MT and/or Summarization.

    Examples
    --------
    With two references the ``"best"`` rule takes the one with the lowest relative error:

    >>> from evalkit.metrics.wer import wer
    >>> float(wer().corpus_score(["a b c"], [["a b d", "a b c e"]]))
    0.25
    """


@register_metric("per")
@preset(ErrorRate, omit=("kind",), kind="per", ref_layout="segments")
def per():
    """PER, and m-gram PER for ``m > 1`` (:class:`ErrorRate`); registered as
    ``get_metric("per")``.

    Parameters
    ----------
    m : int, default 1
        m-gram order (1 = PER, 2 = "2-PER"); an integer >= 1.
    ref_length : str, default "best"
        Reference-length rule, one of :data:`REF_LENGTH_RULES`.
    tokenize : str, default "13a"
        Tokenizer name.
    lowercase : bool, default False
        Lower-case first.
    ref_layout : str, default "segments"
        ``"segments"`` or ``"streams"``.
    boundaries : str, default "none"
        Sentence-boundary words added for m-gram PER: ``"none"``, ``"start"``, ``"end"``
        or ``"both"`` (Leusch et al. 2005, Sec. 3.4).

    Returns
    -------
    ErrorRate
        The configured metric (0-1 scale, lower is better).

    References
    ----------
    Leusch, Ueffing, Vilar & Ney (2005), in full at :func:`wer`.

    Examples
    --------
    PER is ``max(I, I~) - matches`` over the reference length: one of three words missing.

    >>> from evalkit.metrics.wer import per
    >>> float(per().corpus_score(["c b"], [["a b c"]]))
    0.3333333333333333
    """


def summary_wer(
    asr: Sequence[str], manual: Sequence[str], selected: Sequence[int] | None = None
) -> float:
    """WER of the ASR units ``selected`` (all when None) against their manual transcripts.

    Murray et al. (2005), Sec. 4: the *summary WER* of an extract is the WER over its
    dialogue acts only, the *meeting WER* over all of them. Whitespace tokens, case kept;
    the units are aligned one to one (the paper maps the manual DA boundaries onto ASR).

    Parameters
    ----------
    asr : sequence of str
        The recognizer's text of each unit (dialogue act).
    manual : sequence of str
        The manual transcript of each unit; as many as ``asr``, else
        :class:`~evalkit.errors.ParameterError`.
    selected : sequence of int, optional
        Indices of the units in the extract, each in ``[0, len(asr) - 1]`` (else
        ``ParameterError``); None (default) scores all units (the meeting WER).

    Returns
    -------
    Score
        WER on the 0-1 scale: word edits summed over the selected units divided by the
        summed manual lengths.

    References
    ----------
    Murray, Renals, Carletta & Moore (2005), "Evaluating Automatic Summaries of Meeting
    Recordings", ACL Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or
    Summarization.

    Examples
    --------
    >>> from evalkit.metrics.wer import summary_wer
    >>> asr, manual = ["hello word", "yes"], ["hello world", "yes"]
    >>> float(summary_wer(asr, manual, selected=[0])), float(summary_wer(asr, manual))
    (0.5, 0.3333333333333333)
    """
    if len(asr) != len(manual):
        raise ParameterError(
            "asr", len(asr), f"as many units as the manual transcript ({len(manual)})"
        )
    idx = range(len(asr)) if selected is None else list(selected)
    for i in idx:
        if not 0 <= i < len(asr):
            raise ParameterError("selected", i, f"unit indices in [0, {len(asr) - 1}]")
    return WER(tokenize="none").corpus_score([asr[i] for i in idx], [[manual[i] for i in idx]])
