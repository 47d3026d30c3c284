"""BLEU (Papineni, Roukos, Ward & Zhu 2002) at corpus and sentence level, multi-reference.

Definition (Owczarzak et al. notes D2; Leusch et al. 2005, Sec. 2)::

    p_n  = sum_s sum_{g in ngrams_n(h_s)} min(c_h(g), max_r c_r(g)) / sum_s |ngrams_n(h_s)|
    BP   = 1 if c > r else exp(1 - r / c)           c = hypothesis words, r = reference words
    BLEU = BP * exp( (1/N) sum_{n=1..N} log p_n )    N = 4, range [0, 100] here (x100)

``r`` is the *effective reference length*: per segment the reference length closest to
the hypothesis length, ties to the shorter one (IBM BLEU, ``mteval-v13a``, sacrebleu,
Moses ``multi-bleu.perl``), or the shortest (``mteval-v11b``), or the average (the mean
over the segment's references, as NIST's ``L_ref``; no reference tool's BLEU has it, the
score is sacrebleu's formula with that ``r``, a float).

Three semantics are exact ports of reference tools (``semantics=``):

* ``"sacrebleu"``: :func:`sacrebleu.metrics.bleu.BLEU.compute_bleu` computes the score from
  our statistics, so scores are bit-identical with sacrebleu's for its smoothing methods
  ``none``, ``floor``, ``add-k``, ``exp``.
* ``"mteval"``: ``mteval-v13a.pl``'s ``bleu_score``: the mteval "exp" smoothing at every
  level (a zero-match order n gets ``1 / (2^k * total_n)`` for the k-th such order) and an
  order with no hypothesis n-grams contributes ``log 1 = 0``.
* ``"multi-bleu"``: Moses ``multi-bleu.perl``: no smoothing, ``log 0`` replaced by
  ``-9999999999``, whitespace tokens.
* ``"sacrebleu1"``: sacrebleu 1.x. Since 2.0 sacrebleu returns 0 as soon as the unigram
  matches are 0 ("early stop", sacrebleu issue 141), before any smoothing; 1.x smoothed
  such a segment like any other (``exp``: the k-th zero-match order gets ``1 / (2^k t_n)``;
  ``floor``: ``smooth_value / t_n``; ``add-k`` and ``none`` still give 0 because their
  unigram precision stays 0). Scores differ only for statistics with zero unigram matches,
  i.e. at sentence level; analyses published with 1.x (most WMT19-era metric
  comparisons) need this to reproduce their numbers. Otherwise identical to ``"sacrebleu"``.

Further smoothing used by the papers (``smoothing=``):

* ``"lin_och"``: BLEU-S of Lin & Och (2004): add 1 to matches and totals for n > 1
  (= sacrebleu ``add-k`` with k = 1; NLTK ``method2``).
* ``"add1"``: add 1 to matches and totals of every order.
* ``"add1_zero"``: add 1 to matches and totals only of orders with zero matches; this is the
  variant that reproduces Owczarzak et al.'s printed 0.3781 (notes D2).
* ``"leusch_as_printed"``: Leusch et al. (2005) as printed: s_1 = 1, s_{n>1} = 0.
* ``"epsilon"``: Liu & Gildea (2005): a zero n-gram precision is replaced by epsilon
  (``smooth_value``, default 1e-3); other precisions are unchanged.

Sufficient statistics (Riezler & Maxwell 2005): :meth:`BLEU.segment_statistics` returns an
integer array of shape ``(n_segments, 2 + 2N)`` with columns
``[hyp_len, ref_len, correct_1..N, total_1..N]`` (sacrebleu's layout). Corpus BLEU is
``score_from_statistics(stats.sum(axis=0))``; resampling tests recombine rows.

Why our own n-gram counting instead of calling sacrebleu: sacrebleu tokenizes and counts
n-grams with Python ``Counter`` objects per segment, for every system again. Here the 13a
tokenizer runs on a whole corpus at once (:meth:`evalkit.text.tokenize.Tokenizer13aFast.words_joined`,
sacrebleu's tokens exactly), references are tokenized once per :class:`BLEU` object
(``references=``), tokens become integer ids, n-grams exact integer keys
(``key_n = key_{n-1} * V + id``, densely relabelled when that could overflow) and clipped
counts come from a small numba kernel, one pass per segment through a hash table of the
hypothesis n-grams (exact keys: a hash decides only where a key is stored, never whether
two n-grams are equal). Same statistics, integer for integer (``tests/test_bleu.py``), about
10x faster than sacrebleu's extraction on WMT17 en-de (16 systems, one process; see
``benchmarks/README.md``, "Paired significance tests"), which is what the end-to-end paired
bootstrap against sacrebleu's ``PairedTest`` mostly measures. The engine
(:mod:`evalkit.metrics.ngrams`) also serves NIST, chrF, m-gram PER and GTM.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.ngrams import (
    EncodedReferences,
    TokenizedCorpus,
    WordLevelMetric,
    normalize_references,
)
from evalkit.metrics.registry import one_call, preset, register_metric

__all__ = ["BLEU", "BLEUScore", "corpus_bleu", "sentence_bleu", "mteval_bleu_orders"]

# ---------------------------------------------------------------------------------------
# BLEU
# ---------------------------------------------------------------------------------------

_SEMANTICS = ("sacrebleu", "sacrebleu1", "mteval", "multi-bleu")
_SACRE_SMOOTH = ("none", "floor", "add-k", "exp")
_OWN_SMOOTH = ("lin_och", "add1", "add1_zero", "leusch_as_printed", "epsilon")
_SMOOTH_DEFAULTS = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None, "epsilon": 1e-3}
_REF_LENGTHS = ("closest", "shortest", "average")


@dataclass
class BLEUScore:
    """A BLEU result, as sacrebleu's ``BLEUScore`` (the details of a BLEU :class:`Score`).

    Attributes
    ----------
    score : float
        BLEU on the 0-100 scale.
    counts, totals : list of float
        Clipped n-gram matches and hypothesis n-grams per order n = 1..N.
    precisions : list of float
        n-gram precisions in percent (after smoothing).
    bp : float
        Brevity penalty in (0, 1].
    sys_len : int
        Hypothesis length in tokens.
    ref_len : float
        Effective reference length (per the ``ref_length`` rule).
    name : str, default "BLEU"
        The label :meth:`format` prints.

    Examples
    --------
    >>> from evalkit.metrics.bleu import sentence_bleu
    >>> s = sentence_bleu("the cat sat on the mat", ["the cat sat on the mat"])
    >>> round(s.score, 4), s.counts, s.bp
    (100.0, [6, 5, 4, 3], 1.0)
    >>> s.format()
    'BLEU = 100.00 100.0/100.0/100.0/100.0 (BP = 1.000 ratio = 1.000 hyp_len = 6 ref_len = 6)'
    """

    score: float
    counts: List[float]
    totals: List[float]
    precisions: List[float]
    bp: float
    sys_len: int
    ref_len: float
    name: str = "BLEU"

    @property
    def ratio(self) -> float:
        return self.sys_len / self.ref_len if self.ref_len else 0.0

    def format(self, width: int = 2) -> str:
        prec = "/".join(f"{p:.1f}" for p in self.precisions)
        # sacrebleu's line; a fractional ref_len (ref_length="average") with two decimals
        ref_len = f"{self.ref_len:.2f}" if isinstance(self.ref_len, float) else self.ref_len
        return (
            f"{self.name} = {self.score:.{width}f} {prec} (BP = {self.bp:.3f} "
            f"ratio = {self.ratio:.3f} hyp_len = {self.sys_len:d} ref_len = {ref_len})"
        )

    def format_multi_bleu(self) -> str:
        """The line Moses ``multi-bleu.perl`` prints."""
        prec = "/".join(f"{p:.1f}" for p in self.precisions)
        return (
            f"BLEU = {self.score:.2f}, {prec} (BP={self.bp:.3f}, ratio={self.ratio:.3f}, "
            f"hyp_len={self.sys_len:d}, ref_len={int(self.ref_len):d})"
        )

    def __str__(self) -> str:
        return self.format()

    def __float__(self) -> float:
        return float(self.score)


class BLEU(WordLevelMetric):
    """BLEU with explicit configuration (sacrebleu-style object), an
    :class:`evalkit.metrics.base.Metric` (registered as ``bleu``, ``bleu-mteval``,
    ``bleu-multi``).

    Use :meth:`mteval_v13a` and :meth:`multi_bleu` for the exact reference-tool presets.

    Parameters
    ----------
    tokenize : str, default "13a"
        Tokenizer name (:mod:`evalkit.text.tokenize`): ``"13a"`` (mteval-v13a), ``"intl"``,
        ``"none"`` (whitespace split; multi-bleu.perl), ``"moses"`` / ``"moses-LANG"``
        (Moses tokenizer.perl via sacremoses), Leusch's schemes, ...
    lowercase : bool, default False
        Lower-case hypotheses and references before tokenizing.
    max_ngram_order : int, default 4
        N, an integer >= 1.
    smoothing : str, default "exp"
        ``"none"``, ``"exp"`` (sacrebleu's and mteval's), ``"floor"``, ``"add-k"``,
        ``"lin_och"``, ``"add1"``, ``"add1_zero"``, ``"leusch_as_printed"``, ``"epsilon"``.
    smooth_value : float, optional
        Value for ``floor`` (default 0.1), ``add-k`` (default 1) and ``epsilon`` (default
        1e-3, in (0, 1)); must be None for the other smoothings.
    effective_order : bool, default False
        sacrebleu's effective order (recommended for sentence level).
    ref_length : str, default "closest"
        ``"closest"`` (ties -> shorter), ``"shortest"`` or ``"average"``.
    semantics : str, default "sacrebleu"
        ``"sacrebleu"``, ``"sacrebleu1"`` (sacrebleu 1.x: no early stop on zero unigram
        matches), ``"mteval"`` (mteval-v13a.pl) or ``"multi-bleu"`` (Moses
        multi-bleu.perl); see the module docstring. The latter two fix the smoothing
        (``"exp"`` and ``"none"``).
    ref_layout : str, default "streams"
        How ``refs`` are given: ``"streams"`` (sacrebleu) or ``"segments"``.
    references : sequence, optional
        References tokenized once and reused whenever ``refs`` is None (scoring many
        systems against the same references).
    boundaries : str, default "none"
        Leusch et al.'s sentence-boundary words ``<s>``/``</s>``: ``"none"``, ``"start"``,
        ``"end"`` or ``"both"``.

    Returns
    -------
    ``corpus_score`` returns a :class:`evalkit.metrics.base.Score` on the 0-100 scale whose
    details are sacrebleu's (``.precisions``, ``.bp``, ``.sys_len``, ``.ref_len``).

    Raises
    ------
    evalkit.errors.ParameterError
        For a setting outside these values, or a smoothing the semantics does not allow.

    Examples
    --------
    The same number as sacrebleu:

    >>> import sacrebleu
    >>> from evalkit.metrics.bleu import BLEU
    >>> hyps, refs = ["the cat sat on a mat", "it rains"], ["the cat sat on the mat", "it rains today"]
    >>> score = BLEU(ref_layout="streams").corpus_score(hyps, [refs])
    >>> score == sacrebleu.corpus_bleu(hyps, [refs]).score, score.scale
    (True, '0-100')
    """

    name = "bleu"
    scale = "0-100"

    def __init__(
        self,
        tokenize: str = "13a",
        lowercase: bool = False,
        max_ngram_order: int = 4,
        smoothing: str = "exp",
        smooth_value: Optional[float] = None,
        effective_order: bool = False,
        ref_length: str = "closest",
        semantics: str = "sacrebleu",
        ref_layout: str = "streams",
        references: Optional[Sequence] = None,
        boundaries: str = "none",
    ):
        if semantics not in _SEMANTICS:
            raise ParameterError("semantics", semantics, f"one of {_SEMANTICS}")
        if smoothing not in _SACRE_SMOOTH + _OWN_SMOOTH:
            raise ParameterError("smoothing", smoothing, f"one of {_SACRE_SMOOTH + _OWN_SMOOTH}")
        if semantics == "mteval" and smoothing != "exp":
            raise ParameterError(
                "smoothing", smoothing, "'exp' with semantics='mteval' (mteval-v13a always smooths)"
            )
        if semantics == "multi-bleu" and smoothing != "none":
            raise ParameterError("smoothing", smoothing, "'none' with semantics='multi-bleu'")
        if ref_length not in _REF_LENGTHS:
            raise ParameterError("ref_length", ref_length, f"one of {_REF_LENGTHS}")
        if not isinstance(max_ngram_order, int) or max_ngram_order < 1:
            raise ParameterError("max_ngram_order", max_ngram_order, "an integer >= 1")
        if smooth_value is not None and smoothing not in ("floor", "add-k", "epsilon"):
            raise ParameterError(
                "smooth_value",
                smooth_value,
                "None unless smoothing is 'floor', 'add-k' or 'epsilon'",
            )
        if smoothing == "epsilon" and smooth_value is not None and not 0.0 < smooth_value < 1.0:
            raise ParameterError("smooth_value", smooth_value, "an epsilon in (0, 1)")
        self._set_tokenizer(tokenize, lowercase, ref_layout, boundaries)
        self.max_ngram_order = max_ngram_order
        self.smoothing = smoothing
        self.smooth_value = (
            smooth_value if smooth_value is not None else _SMOOTH_DEFAULTS.get(smoothing)
        )
        self.effective_order = bool(effective_order)
        self.ref_length = ref_length
        self.semantics = semantics
        self._ref_cache: Optional[EncodedReferences] = None
        if references is not None:
            self._ref_cache = self._encode_refs(normalize_references(None, references, ref_layout))

    # -- presets --------------------------------------------------------------------------
    @classmethod
    def mteval_v13a(cls, case_sensitive: bool = False, **kw) -> "BLEU":
        """``mteval-v13a.pl`` BLEU: 13a tokenization, lower-cased unless ``case_sensitive``
        (mteval's ``-c``), closest reference length, mteval's smoothing."""
        return cls(
            tokenize="13a", lowercase=not case_sensitive, smoothing="exp", semantics="mteval", **kw
        )

    @classmethod
    def multi_bleu(cls, lowercase: bool = False, **kw) -> "BLEU":
        """Moses ``multi-bleu.perl`` (``-lc`` = ``lowercase``): whitespace tokens, no smoothing."""
        return cls(
            tokenize="none", lowercase=lowercase, smoothing="none", semantics="multi-bleu", **kw
        )

    # -- signature ------------------------------------------------------------------------
    def signature(self) -> str:
        nrefs = self._nrefs_label()
        smooth = self.smoothing
        if self.smooth_value is not None:
            smooth += (
                f"[{self.smooth_value:g}]"
                if self.smoothing == "epsilon"
                else f"[{self.smooth_value:.2f}]"
            )
        return self.build_signature(
            [
                ("nrefs", nrefs),
                ("case", "lc" if self.lowercase else "mixed"),
                ("eff", self.effective_order),
                *self._tok_options(),
                ("smooth", smooth),
                ("n", self.max_ngram_order),
                ("reflen", self.ref_length),
                ("semantics", self.semantics),
            ]
        )

    def _corpus(self, hyps: Sequence[str], refs: Optional[Sequence]) -> TokenizedCorpus:
        return self._encode(hyps, refs, self.max_ngram_order, self._ref_cache)

    # -- statistics -----------------------------------------------------------------------
    @property
    def n_statistics(self) -> int:
        return 2 + 2 * self.max_ngram_order

    def segment_statistics(
        self, hyps: Sequence[str], refs: Optional[Sequence] = None
    ) -> np.ndarray:
        """Sufficient statistics per segment, ``int64`` array ``(n_segments, 2 + 2N)``.

        Columns: ``hyp_len, ref_len, correct_1..N, total_1..N`` (sacrebleu's order). With
        ``ref_length="average"`` the array is ``float64`` (ref_len is the segment's mean
        reference length). Sum rows (any subset, with repetition) and pass the sum to
        :meth:`score_from_statistics` to get the corpus BLEU of that sample.
        """
        stats = self._statistics(self._corpus(hyps, refs))
        if self.ref_length == "average":
            return stats
        return stats.astype(np.int64)

    def _statistics(self, corpus: TokenizedCorpus) -> np.ndarray:
        N = self.max_ngram_order
        out = np.zeros(
            (corpus.n_hyp, 2 + 2 * N),
            dtype=np.float64 if self.ref_length == "average" else np.int64,
        )
        out[:, 0] = corpus.lengths[: corpus.n_hyp]
        closest, shortest, total = corpus.ref_lengths()
        if self.ref_length == "closest":
            out[:, 1] = closest
        elif self.ref_length == "shortest":
            out[:, 1] = shortest
        else:
            out[:, 1] = total / np.diff(corpus.ref_ptr)
        for n in range(1, N + 1):
            match, tot, _ = corpus.clipped(n)
            out[:, 1 + n] = match
            out[:, 1 + N + n] = tot
        return out

    def _score_one(self, stats_sum: Sequence[float]) -> float:
        """BLEU in [0, 100] from one summed statistics row (see :meth:`segment_statistics`)."""
        return self._compute(stats_sum).score

    def _compute(self, stats: Sequence[float]) -> BLEUScore:
        N = self.max_ngram_order
        stats = [x.item() if hasattr(x, "item") else x for x in stats]
        if len(stats) != 2 + 2 * N:
            raise ParameterError("stats_sum", f"length {len(stats)}", f"length {2 + 2 * N}")
        sys_len, ref_len = stats[0], stats[1]
        if isinstance(ref_len, float) and ref_len.is_integer():
            ref_len = int(ref_len)  # resampled sums arrive as floats (counts @ statistics)
        correct = [int(c) for c in stats[2 : 2 + N]]
        total = [int(t) for t in stats[2 + N :]]
        if (
            self.semantics == "sacrebleu1"
            and correct[0] == 0
            and total[0] > 0
            and self.smoothing in ("exp", "floor")
        ):
            return _sacrebleu1_zero_unigram(
                correct,
                total,
                int(sys_len),
                ref_len,
                self.smoothing,
                self.smooth_value,
                self.effective_order,
            )
        if self.semantics in ("sacrebleu", "sacrebleu1") and self.smoothing in _SACRE_SMOOTH:
            from sacrebleu.metrics.bleu import BLEU as _SacreBLEU

            # sacrebleu formats ref_len with ``:d``: a fractional one (ref_length="average")
            # is scored with BP = 1 and its brevity penalty applied here, as compute_bleu does
            fractional = isinstance(ref_len, float)
            s = _SacreBLEU.compute_bleu(
                correct=list(correct),
                total=list(total),
                sys_len=int(sys_len),
                ref_len=0 if fractional else ref_len,
                smooth_method=self.smoothing,
                smooth_value=self.smooth_value,
                effective_order=self.effective_order,
                max_ngram_order=N,
            )
            bp = _brevity_penalty(int(sys_len), ref_len) if fractional else s.bp
            score = bp * s.score if fractional else s.score
            return BLEUScore(score, correct, total, list(s.precisions), bp, int(sys_len), ref_len)
        if self.semantics == "mteval":
            return _mteval_bleu(correct, total, int(sys_len), ref_len)
        if self.semantics == "multi-bleu":
            return _multi_bleu(correct, total, int(sys_len), ref_len)
        return _own_smoothed_bleu(
            correct,
            total,
            int(sys_len),
            ref_len,
            self.smoothing,
            self.effective_order,
            self.smooth_value,
        )

    # -- scores ---------------------------------------------------------------------------
    def corpus_score(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> BLEUScore:
        """Corpus BLEU of ``hyps`` against ``refs`` (reference streams, sacrebleu-style)."""
        return self._compute(self.segment_statistics(hyps, refs).sum(axis=0))

    def sentence_score(self, hyp: str, refs: Sequence[str]) -> BLEUScore:
        """BLEU of one hypothesis against its list of references."""
        if isinstance(refs, str):
            refs = [refs]
        return self._compute(
            self.segment_statistics(
                [hyp], [[r] for r in refs] if self.ref_layout == "streams" else [list(refs)]
            )[0]
        )


def _brevity_penalty(sys_len, ref_len) -> float:
    """``exp(1 - r / c)`` for ``c < r``, else 1 (0 for an empty hypothesis), sacrebleu's
    ``compute_bleu`` and ``multi-bleu.perl`` to the bit."""
    if sys_len < ref_len:
        return math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    return 1.0


def _sacrebleu1_zero_unigram(
    correct, total, sys_len, ref_len, smoothing, smooth_value, effective_order
) -> BLEUScore:
    """sacrebleu 1.x ``compute_bleu`` for statistics with no unigram match (``exp`` or ``floor``
    smoothing), which 2.x scores 0 without smoothing. Precisions in percent; an order with no
    hypothesis n-grams ends the product (effective order) or contributes ``log 0``."""
    N = len(correct)
    precisions = [0.0] * N
    doubling, eff = 1.0, N
    for n in range(N):
        if total[n] == 0:
            break
        if effective_order:
            eff = n + 1
        if correct[n] == 0:
            if smoothing == "exp":
                doubling *= 2
                precisions[n] = 100.0 / (doubling * total[n])
            else:
                precisions[n] = 100.0 * smooth_value / total[n]
        else:
            precisions[n] = 100.0 * correct[n] / total[n]
    bp = _brevity_penalty(sys_len, ref_len)
    logs = [math.log(p) if p > 0 else -9999999999.0 for p in precisions[:eff]]
    return BLEUScore(
        bp * math.exp(sum(logs) / eff), correct, total, precisions, bp, sys_len, ref_len
    )


def mteval_bleu_orders(correct, total, sys_len, ref_len) -> Tuple[List[float], List[float], float]:
    """mteval-v13a.pl ``bleu_score``: individual and cumulative BLEU for n = 1..N (in [0, 1])
    and the brevity penalty. An order with zero matches gets ``1 / (2^k * total_n)`` for the
    k-th such order; an order without hypothesis n-grams contributes ``log 1 = 0``.

    Parameters
    ----------
    correct : sequence of int
        Clipped n-gram matches per order n = 1..N.
    total : sequence of int
        Hypothesis n-grams per order (same length as ``correct``).
    sys_len : int
        Hypothesis length in words; 0 gives a brevity penalty of 0.
    ref_len : float
        Effective reference length.

    Returns
    -------
    individual : list of float
        The (smoothed) precision of each order, in [0, 1].
    cumulative : list of float
        BLEU-n for n = 1..N: ``BP * exp(mean(log p_1..p_n))``, in [0, 1] (mteval prints
        ``cumulative[-1]`` as BLEU).
    bp : float
        Brevity penalty ``exp(min(0, 1 - ref_len / sys_len))``.

    Examples
    --------
    Orders 3 and 4 have no matches: they get ``1 / (2 * 2)`` and ``1 / (4 * 1)``:

    >>> from evalkit.metrics.bleu import mteval_bleu_orders
    >>> individual, cumulative, bp = mteval_bleu_orders([3, 1, 0, 0], [4, 3, 2, 1], 4, 4)
    >>> individual, bp
    ([0.75, 0.3333333333333333, 0.25, 0.25], 1.0)
    >>> round(cumulative[1], 4), round((0.75 / 3) ** 0.5, 4)
    (0.5, 0.5)
    """
    bp = math.exp(min(0.0, 1.0 - ref_len / sys_len)) if sys_len > 0 else 0.0
    score, smooth = 0.0, 1.0
    individual, cumulative = [], []
    for n in range(len(correct)):
        if total[n] == 0:
            iscore = 0.0
        elif correct[n] == 0:
            smooth *= 2
            iscore = math.log(1.0 / (smooth * total[n]))
        else:
            iscore = math.log(correct[n] / total[n])
        individual.append(math.exp(iscore))
        score += iscore
        cumulative.append(math.exp(score / (n + 1)) * bp)
    return individual, cumulative, bp


def _mteval_bleu(correct, total, sys_len, ref_len) -> BLEUScore:
    """mteval-v13a.pl BLEU-N (cumulative), scaled to [0, 100]."""
    individual, cumulative, bp = mteval_bleu_orders(correct, total, sys_len, ref_len)
    return BLEUScore(
        100.0 * cumulative[-1],
        correct,
        total,
        [100.0 * p for p in individual],
        bp,
        sys_len,
        ref_len,
    )


def _multi_bleu(correct, total, sys_len, ref_len) -> BLEUScore:
    """Moses multi-bleu.perl, scaled to [0, 100]."""
    N = len(correct)
    p = [correct[n] / total[n] if total[n] else 0.0 for n in range(N)]
    bp = _brevity_penalty(sys_len, ref_len)
    s = sum(math.log(x) if x else -9999999999 for x in p) / N
    return BLEUScore(
        100.0 * bp * math.exp(s), correct, total, [100 * x for x in p], bp, sys_len, ref_len
    )


def _own_smoothed_bleu(
    correct, total, sys_len, ref_len, smoothing, effective_order, eps=None
) -> BLEUScore:
    """BLEU with additive smoothing per order, ``p_n = (m_n + s_n) / (t_n + s_n)``, or with
    Liu & Gildea's epsilon for zero precisions."""
    N = len(correct)
    bp = _brevity_penalty(sys_len, ref_len)
    precisions, logs = [], []
    for n in range(N):
        if smoothing == "lin_och":
            s = 1 if n > 0 else 0
        elif smoothing == "add1":
            s = 1
        elif smoothing == "add1_zero":
            s = 1 if correct[n] == 0 else 0
        elif smoothing == "epsilon":
            s = 0
            if total[n] and correct[n] == 0:
                precisions.append(100.0 * eps)
                logs.append(math.log(eps))
                continue
        else:  # leusch_as_printed
            s = 1 if n == 0 else 0
        num, den = correct[n] + s, total[n] + s
        if den == 0:
            if effective_order:
                break
            precisions.append(0.0)
            logs.append(-math.inf)
            continue
        p = num / den
        precisions.append(100.0 * p)
        logs.append(math.log(p) if p > 0 else -math.inf)
    if not logs or any(math.isinf(x) for x in logs):
        return BLEUScore(
            0.0, correct, total, precisions + [0.0] * (N - len(precisions)), bp, sys_len, ref_len
        )
    score = 100.0 * bp * math.exp(sum(logs) / len(logs))
    return BLEUScore(
        score, correct, total, precisions + [0.0] * (N - len(precisions)), bp, sys_len, ref_len
    )


@one_call(BLEU, "corpus_score")
def corpus_bleu():
    """Corpus BLEU in one call: ``BLEU(**config).corpus_score(hyps, refs)``.

    Returns
    -------
    Score
        BLEU on the 0-100 scale; its details (a :class:`BLEUScore`) give ``precisions``
        (percent), ``bp``, ``sys_len`` and ``ref_len``.

    References
    ----------
    Papineni, Roukos, Ward & Zhu (2002), "BLEU: a Method for Automatic Evaluation of Machine
    Translation", ACL. Post (2018), "A Call for Clarity in Reporting BLEU Scores", WMT.

    Examples
    --------
    8 hypothesis words against 9 reference words give ``BP = exp(1 - 9/8)``; the number is
    sacrebleu's:

    >>> import math, sacrebleu
    >>> from evalkit.metrics.bleu import corpus_bleu
    >>> hyps = ["the cat sat on a mat", "it rains"]
    >>> refs = [["the cat sat on the mat", "it rains today"]]
    >>> score = corpus_bleu(hyps, refs)
    >>> score.precisions
    [87.5, 66.66666666666667, 50.0, 33.333333333333336]
    >>> math.isclose(score.bp, math.exp(1 - 9 / 8)), score == sacrebleu.corpus_bleu(hyps, refs).score
    (True, True)
    """


@one_call(BLEU, "sentence_score")
def sentence_bleu():
    """Sentence BLEU in one call: ``BLEU(**config).sentence_score(hyp, refs)``;
    ``effective_order=True`` is what sacrebleu's ``sentence_bleu`` uses and recommends at
    sentence level.

    Returns
    -------
    BLEUScore
        ``score`` on the 0-100 scale, with ``counts``, ``totals``, ``precisions``, ``bp``.

    References
    ----------
    Papineni, Roukos, Ward & Zhu (2002), "BLEU: a Method for Automatic Evaluation of Machine
    Translation", ACL.

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.bleu import sentence_bleu
    >>> ours = sentence_bleu("the cat sat on a mat", ["the cat sat on the mat"], effective_order=True)
    >>> ours.counts, ours.totals
    ([5, 3, 2, 1], [6, 5, 4, 3])
    >>> ours.score == sacrebleu.sentence_bleu("the cat sat on a mat", ["the cat sat on the mat"]).score
    True
    """


@register_metric("bleu")
@preset(BLEU, ref_layout="segments", choices={"semantics": ("sacrebleu", "sacrebleu1")})
def sacrebleu_bleu():
    """sacrebleu's default BLEU (13a, mixed case, ``exp`` smoothing), any :class:`BLEU` setting;
    ``semantics="sacrebleu1"`` for sacrebleu 1.x (zero-unigram segments smoothed, no early stop);
    0-100 scale. Registered as ``get_metric("bleu")``; ``bleu-mteval`` and ``bleu-multi`` are
    the other tools' presets.

    References
    ----------
    Post (2018), "A Call for Clarity in Reporting BLEU Scores", WMT.

    Examples
    --------
    >>> import sacrebleu
    >>> from evalkit.metrics.bleu import sacrebleu_bleu
    >>> hyps, refs = ["the cat sat on a mat", "it rains"], [["the cat sat on the mat"], ["it rains today"]]
    >>> score = sacrebleu_bleu().corpus_score(hyps, refs)
    >>> score == sacrebleu.corpus_bleu(hyps, [[r[0] for r in refs]]).score
    True
    """


@register_metric("bleu-mteval")
def mteval_bleu(
    case_sensitive: bool = False, max_ngram_order: int = 4, ref_layout: str = "segments"
) -> BLEU:
    """``mteval-v13a.pl`` BLEU (:meth:`BLEU.mteval_v13a`); registered as
    ``get_metric("bleu-mteval")``.

    Parameters
    ----------
    case_sensitive : bool, default False
        mteval's ``-c``; without it hypotheses and references are lower-cased.
    max_ngram_order : int, default 4
        N, an integer >= 1.
    ref_layout : str, default "segments"
        ``"segments"`` or ``"streams"``.

    Returns
    -------
    BLEU
        The configured metric (0-100 scale): 13a tokens, closest reference length and
        mteval's smoothing (the k-th zero-match order gets ``1 / (2^k total_n)``).

    Examples
    --------
    Case is ignored unless ``case_sensitive``:

    >>> from evalkit.metrics.bleu import mteval_bleu
    >>> refs = [["The cat sat on the mat"]]
    >>> round(mteval_bleu().corpus_score(["the cat sat on the mat"], refs), 4)
    100.0
    >>> mteval_bleu(case_sensitive=True).corpus_score(["the cat sat on the mat"], refs) < 100
    True
    """
    return BLEU.mteval_v13a(
        case_sensitive=case_sensitive, max_ngram_order=max_ngram_order, ref_layout=ref_layout
    )


@register_metric("bleu-multi")
def multi_bleu(
    lowercase: bool = False,
    max_ngram_order: int = 4,
    ref_layout: str = "segments",
    tokenize: str = "none",
) -> BLEU:
    """Moses ``multi-bleu.perl`` (:meth:`BLEU.multi_bleu`); ``tokenize`` other than ``none``
    tokenizes first (multi-bleu.perl itself only splits on white space). Registered as
    ``get_metric("bleu-multi")``.

    Parameters
    ----------
    lowercase : bool, default False
        multi-bleu.perl's ``-lc``.
    max_ngram_order : int, default 4
        N, an integer >= 1.
    ref_layout : str, default "segments"
        ``"segments"`` or ``"streams"``.
    tokenize : str, default "none"
        ``"none"`` splits on white space as the script does; another tokenizer name
        tokenizes first.

    Returns
    -------
    BLEU
        The configured metric (0-100 scale), without smoothing: any n-gram order with no
        match makes the score 0.

    Examples
    --------
    No 3-gram of ``a b c d`` is in ``a b d c``, so multi-bleu.perl gives 0 where
    sacrebleu's smoothing does not:

    >>> from evalkit.metrics.bleu import multi_bleu, sacrebleu_bleu
    >>> float(multi_bleu().corpus_score(["a b c d"], [["a b d c"]]))
    0.0
    >>> sacrebleu_bleu().corpus_score(["a b c d"], [["a b d c"]]) > 0
    True
    """
    if tokenize == "none":
        return BLEU.multi_bleu(
            lowercase=lowercase, max_ngram_order=max_ngram_order, ref_layout=ref_layout
        )
    return BLEU(
        tokenize=tokenize,
        lowercase=lowercase,
        max_ngram_order=max_ngram_order,
        smoothing="none",
        semantics="multi-bleu",
        ref_layout=ref_layout,
    )
