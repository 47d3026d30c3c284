"""BLEU (Papineni, Roukos, Ward & Zhu 2002) at corpus and sentence level, multi-reference.

Definition (Owczarzak et al. notes D2; Leusch et al. 2005, Sec. 2)::

    p_n  = sum_s sum_{g in ngrams_n(h_s)} min(c_h(g), max_r c_r(g)) / sum_s |ngrams_n(h_s)|
    BP   = 1 if c > r else exp(1 - r / c)           c = hypothesis words, r = reference words
    BLEU = BP * exp( (1/N) sum_{n=1..N} log p_n )    N = 4, range [0, 100] here (x100)

``r`` is the *effective reference length*: per segment the reference length closest to
the hypothesis length, ties to the shorter one (IBM BLEU, ``mteval-v13a``, sacrebleu,
Moses ``multi-bleu.perl``), or the shortest (``mteval-v11b``), or the average.

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

Sufficient statistics (Riezler & Maxwell 2005): :meth:`BLEU.segment_statistics` returns an
integer array of shape ``(n_segments, 2 + 2N)`` with columns
``[hyp_len, ref_len, correct_1..N, total_1..N]`` (sacrebleu's layout). Corpus BLEU is
``score_from_statistics(stats.sum(axis=0))``; resampling tests recombine rows.

Why our own n-gram counting instead of calling sacrebleu: sacrebleu counts n-grams with
Python ``Counter`` objects per segment. Here tokens become integer ids, n-grams exact
integer keys (``key_n = key_{n-1} * V + id``, densely relabelled when that could overflow)
and clipped counts are computed per segment by a small numba kernel on sorted keys. That
is exact (no hashing) and several times faster, which matters for resampling and for the
WMT-size benchmarks. The same engine serves NIST and chrF.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass, field
from itertools import chain
from typing import Dict, List, Optional, Sequence, Tuple

import numba
import numpy as np

from evalkit.errors import ParameterError
from evalkit.text.tokenize import add_boundaries, get_tokenizer

__all__ = ["BLEU", "BLEUScore", "corpus_bleu", "sentence_bleu", "closest_ref_length", "mteval_bleu_orders"]

# ---------------------------------------------------------------------------------------
# Shared n-gram engine (also used by evalkit.metrics.nist and evalkit.metrics.chrf)
# ---------------------------------------------------------------------------------------

_MAX_KEY = 2**62


def normalize_references(
    n_hyps: int, refs: Sequence, ref_layout: str = "streams"
) -> List[List[str]]:
    """Return references as one list of strings per segment.

    ``ref_layout="streams"`` (sacrebleu's convention): ``refs`` is a list of reference
    streams, each with one entry per segment; ``None`` marks a missing reference (variable
    number of references per segment); ``""`` is an empty reference. ``"segments"``:
    ``refs[i]`` is the list of references of segment i.
    """
    if isinstance(refs, (str, bytes)) or not hasattr(refs, "__iter__"):
        raise ParameterError("refs", type(refs).__name__, "a list of reference streams or of per-segment lists")
    refs = [r if isinstance(r, str) or r is None else list(r) for r in refs]
    if ref_layout == "streams":
        if len(refs) == 0:
            raise ParameterError("refs", "[]", "a non-empty list of reference streams")
        for k, stream in enumerate(refs):
            if isinstance(stream, str):
                raise ParameterError(
                    "refs", "list of str",
                    "a list of reference streams (list of lists of str); wrap a single stream in a list",
                )
            if len(stream) != n_hyps:
                raise ParameterError(
                    f"refs[{k}]", f"{len(stream)} segments", f"{n_hyps} segments, as many as hypotheses"
                )
        per_seg = [[r for r in seg if r is not None] for seg in zip(*refs)]
    elif ref_layout == "segments":
        if len(refs) != n_hyps:
            raise ParameterError("refs", f"{len(refs)} segments", f"{n_hyps} segments, as many as hypotheses")
        per_seg = []
        for seg in refs:
            if isinstance(seg, str):
                seg = [seg]
            per_seg.append([r for r in seg if r is not None])
    else:
        raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
    for i, seg in enumerate(per_seg):
        if not seg:
            raise ParameterError(f"refs (segment {i})", "no reference", "at least one reference per segment")
        for r in seg:
            if not isinstance(r, str):
                raise ParameterError(f"refs (segment {i})", type(r).__name__, "str or None")
    return per_seg


def rowwise(fn):
    """Let ``score_from_statistics(stats_sum)`` also take a 2-D array (one summed statistics
    vector per row, e.g. one per bootstrap resample) and return an array of scores."""

    @functools.wraps(fn)
    def wrapper(self, stats_sum):
        arr = np.asarray(stats_sum)
        if arr.ndim == 2:
            return np.array([fn(self, row) for row in arr], dtype=np.float64)
        return fn(self, stats_sum)

    return wrapper


def check_hypotheses(hyps) -> List[str]:
    """The hypotheses as a list of str (any iterable of str: list, tuple, pandas Series...)."""
    if isinstance(hyps, (str, bytes)) or not hasattr(hyps, "__iter__"):
        raise ParameterError("hyps", type(hyps).__name__, "a list of hypothesis strings")
    hyps = list(hyps)
    for i, h in enumerate(hyps):
        if not isinstance(h, str):
            raise ParameterError(f"hyps[{i}]", type(h).__name__, "str")
    return hyps


def encode_tokens(
    token_lists: Sequence[Sequence[str]], vocab: Optional[Dict[str, int]] = None
) -> Tuple[np.ndarray, np.ndarray, int]:
    """Map tokens to dense integer ids. Returns ``(ids, lengths, vocab_size)``.

    ``vocab`` (token -> id) is extended in place, so texts encoded with the same dict share
    ids (used to encode references once and hypotheses of many systems against them).
    """
    if vocab is None:
        vocab = {}
    setdefault = vocab.setdefault
    lens = np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))
    # ids in order of first occurrence (deterministic); measured faster than dict.fromkeys +
    # map(vocab.__getitem__) on WMT17
    ids = np.array([setdefault(tok, len(vocab)) for tok in chain.from_iterable(token_lists)], dtype=np.int64)
    return ids, lens, max(len(vocab), 1)


@dataclass
class EncodedReferences:
    """References tokenized and mapped to ids once (reusable for many systems)."""

    vocab: Dict[str, int]
    ids: np.ndarray
    lengths: np.ndarray
    nrefs: np.ndarray

    @classmethod
    def from_tokens(cls, ref_tokens: Sequence[Sequence[Sequence[str]]]) -> "EncodedReferences":
        vocab: Dict[str, int] = {}
        flat = [r for seg in ref_tokens for r in seg]
        ids, lens, _ = encode_tokens(flat, vocab)
        nrefs = np.fromiter((len(seg) for seg in ref_tokens), dtype=np.int64, count=len(ref_tokens))
        return cls(vocab, ids, lens, nrefs)


def encode_chars(texts: Sequence[str]) -> Tuple[np.ndarray, np.ndarray, int]:
    """Map the characters (code points) of ``texts`` to dense ids; like :func:`encode_tokens`."""
    lens = np.fromiter((len(t) for t in texts), dtype=np.int64, count=len(texts))
    codes = np.frombuffer("".join(texts).encode("utf-32-le"), dtype="<u4").astype(np.int64)
    if codes.size == 0:
        return codes, lens, 1
    present = np.zeros(int(codes.max()) + 1, dtype=np.int64)
    present[codes] = 1
    lut = np.cumsum(present) - 1
    return lut[codes], lens, int(present.sum())


def ngram_keys(ids: np.ndarray, vocab_size: int, max_order: int) -> List[np.ndarray]:
    """Exact integer keys of the n-grams starting at every position, for n = 1..max_order.

    ``keys[n-1][i]`` identifies the n-gram ``ids[i:i+n]``; it is only meaningful where that
    n-gram lies inside one text (positions ``offsets[t] .. offsets[t+1]-n``); callers read
    only those. Equal n-grams get equal keys, different n-grams different keys.
    """
    keys = [ids]
    cur, base = ids, vocab_size
    L = ids.shape[0]
    for n in range(2, max_order + 1):
        if base * vocab_size >= _MAX_KEY:
            # Relabel densely so the next product cannot overflow int64.
            uniq, cur = np.unique(cur, return_inverse=True)
            cur = cur.astype(np.int64).reshape(-1)
            base = max(int(uniq.shape[0]), 1)
        nxt = np.zeros(L, dtype=np.int64)
        if L >= n:
            nxt[: L - n + 1] = cur[: L - n + 1] * vocab_size + ids[n - 1:]
        keys.append(nxt)
        cur, base = nxt, base * vocab_size
    return keys


@numba.njit(cache=True)
def _clipped_counts(keys, offsets, n, n_hyp, ref_ptr, ref_ids, info_keys, info_vals, use_info):
    """Per hypothesis segment: sum_g min(c_h(g), max_r c_r(g)), the n-gram total, and (when
    ``use_info``) sum_g info(g) * min(...) with info looked up in sorted ``info_keys``.

    Keys are sorted in place in scratch buffers; each reference is merged with the sorted
    hypothesis keys, keeping per distinct hypothesis n-gram the largest reference count."""
    match = np.zeros(n_hyp, dtype=np.int64)
    total = np.zeros(n_hyp, dtype=np.int64)
    winfo = np.zeros(n_hyp, dtype=np.float64)
    longest = 1
    for t in range(offsets.shape[0] - 1):
        if offsets[t + 1] - offsets[t] > longest:
            longest = offsets[t + 1] - offsets[t]
    h = np.empty(longest, dtype=np.int64)
    r = np.empty(longest, dtype=np.int64)
    uniq = np.empty(longest, dtype=np.int64)
    hcnt = np.empty(longest, dtype=np.int64)
    best = np.empty(longest, dtype=np.int64)
    for s in range(n_hyp):
        a = offsets[s]
        L = offsets[s + 1] - n + 1 - a
        if L <= 0:
            continue
        total[s] = L
        h[:L] = keys[a:a + L]
        h[:L].sort()
        # distinct hypothesis n-grams and their counts
        u = 0
        i = 0
        while i < L:
            j = i + 1
            while j < L and h[j] == h[i]:
                j += 1
            uniq[u] = h[i]
            hcnt[u] = j - i
            best[u] = 0
            u += 1
            i = j
        for q in range(ref_ptr[s], ref_ptr[s + 1]):
            t = ref_ids[q]
            R = offsets[t + 1] - n + 1 - offsets[t]
            if R <= 0:
                continue
            r[:R] = keys[offsets[t]:offsets[t] + R]
            r[:R].sort()
            i = 0
            j = 0
            while i < u and j < R:
                if uniq[i] < r[j]:
                    i += 1
                elif uniq[i] > r[j]:
                    j += 1
                else:
                    k = j + 1
                    while k < R and r[k] == r[j]:
                        k += 1
                    if k - j > best[i]:
                        best[i] = k - j
                    i += 1
                    j = k
        m = 0
        w = 0.0
        for i in range(u):
            clip = hcnt[i] if hcnt[i] < best[i] else best[i]
            if clip > 0:
                m += clip
                if use_info:
                    w += info_vals[np.searchsorted(info_keys, uniq[i])] * clip
        match[s] = m
        winfo[s] = w
    return match, total, winfo


@numba.njit(cache=True)
def _pair_counts(keys, offsets, n, hyp_idx, ref_idx):
    """For each (hypothesis text, reference text) pair: n-gram counts of both and the clipped
    intersection ``sum_g min(c_h(g), c_r(g))``."""
    P = hyp_idx.shape[0]
    out = np.zeros((P, 3), dtype=np.int64)
    for p in range(P):
        a = offsets[hyp_idx[p]]
        b = offsets[hyp_idx[p] + 1] - n + 1
        ra = offsets[ref_idx[p]]
        rb = offsets[ref_idx[p] + 1] - n + 1
        nh = b - a if b > a else 0
        nr = rb - ra if rb > ra else 0
        out[p, 0] = nh
        out[p, 1] = nr
        if nh == 0 or nr == 0:
            continue
        h = np.sort(keys[a:b])
        r = np.sort(keys[ra:rb])
        i = 0
        j = 0
        m = 0
        while i < nh and j < nr:
            if h[i] < r[j]:
                i += 1
            elif h[i] > r[j]:
                j += 1
            else:
                m += 1
                i += 1
                j += 1
        out[p, 2] = m
    return out


@numba.njit(cache=True)
def _ref_lengths(lengths, n_hyp, ref_ptr, ref_ids):
    """Per segment: closest reference length (ties -> shorter), shortest, and sum of lengths."""
    closest = np.zeros(n_hyp, dtype=np.int64)
    shortest = np.zeros(n_hyp, dtype=np.int64)
    total = np.zeros(n_hyp, dtype=np.int64)
    for s in range(n_hyp):
        hl = lengths[s]
        cd = -1
        cl = -1
        sh = -1
        tot = 0
        for j in range(ref_ptr[s], ref_ptr[s + 1]):
            rl = lengths[ref_ids[j]]
            tot += rl
            d = abs(hl - rl)
            if cd == -1 or d < cd:
                cd = d
                cl = rl
            elif d == cd and rl < cl:
                cl = rl
            if sh == -1 or rl < sh:
                sh = rl
        closest[s] = cl
        shortest[s] = sh
        total[s] = tot
    return closest, shortest, total


@dataclass
class TokenizedCorpus:
    """Hypotheses and references encoded for the n-gram kernels.

    Texts ``0..n_hyp-1`` are the hypotheses; segment s has reference texts
    ``ref_ids[ref_ptr[s]:ref_ptr[s+1]]``.
    """

    ids: np.ndarray
    offsets: np.ndarray
    vocab_size: int
    n_hyp: int
    ref_ptr: np.ndarray
    ref_ids: np.ndarray
    keys: List[np.ndarray] = field(default_factory=list)

    @classmethod
    def build(cls, hyp_ids: np.ndarray, hyp_lens: np.ndarray, ref_ids: np.ndarray, ref_lens: np.ndarray,
              nrefs: np.ndarray, vocab_size: int, max_order: int) -> "TokenizedCorpus":
        n_hyp = hyp_lens.shape[0]
        ref_ptr = np.zeros(n_hyp + 1, dtype=np.int64)
        np.cumsum(nrefs, out=ref_ptr[1:])
        offsets = np.zeros(n_hyp + ref_lens.shape[0] + 1, dtype=np.int64)
        np.cumsum(np.concatenate((hyp_lens, ref_lens)), out=offsets[1:])
        ids = np.concatenate((hyp_ids, ref_ids))
        ref_text_ids = np.arange(n_hyp, n_hyp + int(ref_ptr[-1]), dtype=np.int64)
        corpus = cls(ids, offsets, vocab_size, n_hyp, ref_ptr, ref_text_ids)
        corpus.keys = ngram_keys(ids, vocab_size, max_order)
        return corpus

    @classmethod
    def from_tokens(cls, hyp_tokens: Sequence[Sequence[str]], refs: "EncodedReferences",
                    max_order: int) -> "TokenizedCorpus":
        """Encode hypothesis tokens against already encoded references."""
        hyp_ids, hyp_lens, V = encode_tokens(hyp_tokens, refs.vocab)
        return cls.build(hyp_ids, hyp_lens, refs.ids, refs.lengths, refs.nrefs, V, max_order)

    @classmethod
    def from_chars(cls, hyps: Sequence[str], refs: Sequence[Sequence[str]], max_order: int) -> "TokenizedCorpus":
        """Character-level corpus (chrF): ``hyps[i]`` against the strings ``refs[i]``."""
        flat = [r for seg in refs for r in seg]
        ids, lens, V = encode_chars(list(hyps) + flat)
        n = len(hyps)
        nrefs = np.fromiter((len(seg) for seg in refs), dtype=np.int64, count=n)
        return cls.build(ids[: int(lens[:n].sum())], lens[:n], ids[int(lens[:n].sum()):], lens[n:],
                         nrefs, V, max_order)

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def clipped(self, n: int, info_keys=None, info_vals=None):
        use = info_keys is not None
        if not use:
            info_keys = np.empty(0, dtype=np.int64)
            info_vals = np.empty(0, dtype=np.float64)
        return _clipped_counts(
            self.keys[n - 1], self.offsets, n, self.n_hyp, self.ref_ptr, self.ref_ids,
            info_keys, info_vals, use,
        )

    def ref_lengths(self):
        return _ref_lengths(self.lengths, self.n_hyp, self.ref_ptr, self.ref_ids)

    def ref_positions(self, n: int) -> np.ndarray:
        """Flat positions of all reference n-grams of order n (for corpus-wide counts)."""
        starts = self.offsets[self.n_hyp:-1]
        ends = self.offsets[self.n_hyp + 1:] - n + 1
        cnt = np.maximum(ends - starts, 0)
        if cnt.sum() == 0:
            return np.empty(0, dtype=np.int64)
        rep = np.repeat(starts - np.concatenate(([0], np.cumsum(cnt)[:-1])), cnt)
        return np.arange(int(cnt.sum()), dtype=np.int64) + rep


def closest_ref_length(hyp_len: int, ref_lens: Sequence[int]) -> int:
    """The reference length closest to ``hyp_len``; ties go to the shorter reference."""
    best_d, best = -1, -1
    for rl in ref_lens:
        d = abs(hyp_len - rl)
        if best_d == -1 or d < best_d or (d == best_d and rl < best):
            best_d, best = d, rl
    return best


# ---------------------------------------------------------------------------------------
# BLEU
# ---------------------------------------------------------------------------------------

_SEMANTICS = ("sacrebleu", "sacrebleu1", "mteval", "multi-bleu")
_SACRE_SMOOTH = ("none", "floor", "add-k", "exp")
_OWN_SMOOTH = ("lin_och", "add1", "add1_zero", "leusch_as_printed")
_SMOOTH_DEFAULTS = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}
_REF_LENGTHS = ("closest", "shortest", "average")


@dataclass
class BLEUScore:
    """A BLEU result. ``score`` is in [0, 100]; ``precisions`` in percent."""

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
        return (
            f"{self.name} = {self.score:.{width}f} {prec} (BP = {self.bp:.3f} "
            f"ratio = {self.ratio:.3f} hyp_len = {self.sys_len:d} ref_len = {self.ref_len:g})"
        )

    def format_multi_bleu(self) -> str:
        """The line Moses ``multi-bleu.perl`` prints."""
        prec = "/".join(f"{p:.1f}" for p in self.precisions)
        return (f"BLEU = {self.score:.2f}, {prec} (BP={self.bp:.3f}, ratio={self.ratio:.3f}, "
                f"hyp_len={self.sys_len:d}, ref_len={int(self.ref_len):d})")

    def __str__(self) -> str:
        return self.format()

    def __float__(self) -> float:
        return float(self.score)


class WordLevelMetric:
    """Shared preprocessing of the word-level metrics (BLEU, NIST, WER/PER, GTM): optional
    lower-casing, a tokenizer from :mod:`evalkit.text.tokenize`, integer encoding."""

    tokenize: str
    lowercase: bool
    ref_layout: str

    def _set_tokenizer(self, tokenize: str, lowercase: bool, ref_layout: str, boundaries: str = "none") -> None:
        if ref_layout not in ("streams", "segments"):
            raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
        if boundaries not in ("none", "start", "end", "both"):
            raise ParameterError("boundaries", boundaries, "'none', 'start', 'end' or 'both'")
        self.tokenize, self.lowercase, self.ref_layout = tokenize, bool(lowercase), ref_layout
        self.boundaries = boundaries
        self._tokenizer = get_tokenizer(tokenize)
        self._nrefs: Optional[int] = None

    def _prep(self, line: str) -> List[str]:
        if self.lowercase:
            line = line.lower()
        line = line.rstrip()
        words = getattr(self._tokenizer, "words", None)
        toks = words(line) if words is not None else self._tokenizer(line).split()
        if self.boundaries != "none":
            # Leusch et al. (2005) Sec. 3.4: artificial sentence-boundary words; they count
            # in the lengths too [our reading]
            toks = add_boundaries(toks, self.boundaries)
        return toks

    def _tok_signature(self) -> str:
        bnd = "" if self.boundaries == "none" else f"|bound:{self.boundaries}"
        return f"tok:{getattr(self._tokenizer, 'signature_label', self.tokenize)}{bnd}"

    def _encode_refs(self, per_seg: List[List[str]]) -> EncodedReferences:
        counts = {len(r) for r in per_seg}
        self._nrefs = counts.pop() if len(counts) == 1 else -1
        return EncodedReferences.from_tokens([[self._prep(r) for r in seg] for seg in per_seg])

    def _encode(self, hyps: Sequence[str], refs: Sequence, max_order: int,
                cached: Optional[EncodedReferences] = None) -> TokenizedCorpus:
        hyps = check_hypotheses(hyps)
        if refs is None:
            if cached is None:
                raise ParameterError("refs", None, "references (or pass references= to the constructor)")
            if len(cached.nrefs) != len(hyps):
                raise ParameterError("hyps", f"{len(hyps)} segments", f"{len(cached.nrefs)} (cached references)")
            enc = cached
        else:
            enc = self._encode_refs(normalize_references(len(hyps), refs, self.ref_layout))
        return TokenizedCorpus.from_tokens([self._prep(h) for h in hyps], enc, max_order)

    def _nrefs_label(self) -> str:
        return "var" if self._nrefs == -1 else (str(self._nrefs) if self._nrefs is not None else "?")


class BLEU(WordLevelMetric):
    """BLEU with explicit configuration (sacrebleu-style object).

    Parameters
    ----------
    tokenize : tokenizer name (:mod:`evalkit.text.tokenize`): ``"13a"`` (mteval-v13a, default),
        ``"intl"``, ``"none"`` (whitespace split; multi-bleu.perl), ``"moses"`` /
        ``"moses-LANG"`` (Moses tokenizer.perl via sacremoses), Leusch's schemes, ...
    lowercase : lower-case hypotheses and references before tokenizing.
    max_ngram_order : N (default 4).
    smoothing : ``"none"``, ``"exp"`` (default, sacrebleu's and mteval's), ``"floor"``,
        ``"add-k"``, ``"lin_och"``, ``"add1"``, ``"add1_zero"``, ``"leusch_as_printed"``.
    smooth_value : value for ``floor`` (default 0.1) and ``add-k`` (default 1).
    effective_order : sacrebleu's effective order (recommended for sentence level).
    ref_length : ``"closest"`` (ties -> shorter), ``"shortest"`` or ``"average"``.
    semantics : ``"sacrebleu"`` (default), ``"sacrebleu1"`` (sacrebleu 1.x: no early stop on
        zero unigram matches), ``"mteval"`` (mteval-v13a.pl) or ``"multi-bleu"`` (Moses
        multi-bleu.perl); see the module docstring. The latter two fix the smoothing.
    ref_layout : how ``refs`` are given: ``"streams"`` (sacrebleu) or ``"segments"``.
    boundaries : Leusch et al.'s sentence-boundary words ``<s>``/``</s>``: ``"none"``
        (default), ``"start"``, ``"end"`` or ``"both"``.

    Use :meth:`mteval_v13a` and :meth:`multi_bleu` for the exact reference-tool presets.
    """

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
            raise ParameterError("smoothing", smoothing, "'exp' with semantics='mteval' (mteval-v13a always smooths)")
        if semantics == "multi-bleu" and smoothing != "none":
            raise ParameterError("smoothing", smoothing, "'none' with semantics='multi-bleu'")
        if ref_length not in _REF_LENGTHS:
            raise ParameterError("ref_length", ref_length, f"one of {_REF_LENGTHS}")
        if not isinstance(max_ngram_order, int) or max_ngram_order < 1:
            raise ParameterError("max_ngram_order", max_ngram_order, "an integer >= 1")
        if smooth_value is not None and smoothing not in ("floor", "add-k"):
            raise ParameterError("smooth_value", smooth_value, "None unless smoothing is 'floor' or 'add-k'")
        self._set_tokenizer(tokenize, lowercase, ref_layout, boundaries)
        self.max_ngram_order = max_ngram_order
        self.smoothing = smoothing
        self.smooth_value = smooth_value if smooth_value is not None else _SMOOTH_DEFAULTS.get(smoothing)
        self.effective_order = bool(effective_order)
        self.ref_length = ref_length
        self.semantics = semantics
        self._ref_cache: Optional[EncodedReferences] = None
        if references is not None:
            n = len(references[0]) if ref_layout == "streams" and len(references) else len(references)
            self._ref_cache = self._encode_refs(normalize_references(n, references, ref_layout))

    # -- presets --------------------------------------------------------------------------
    @classmethod
    def mteval_v13a(cls, case_sensitive: bool = False, **kw) -> "BLEU":
        """``mteval-v13a.pl`` BLEU: 13a tokenization, lower-cased unless ``case_sensitive``
        (mteval's ``-c``), closest reference length, mteval's smoothing."""
        return cls(tokenize="13a", lowercase=not case_sensitive, smoothing="exp", semantics="mteval", **kw)

    @classmethod
    def multi_bleu(cls, lowercase: bool = False, **kw) -> "BLEU":
        """Moses ``multi-bleu.perl`` (``-lc`` = ``lowercase``): whitespace tokens, no smoothing."""
        return cls(tokenize="none", lowercase=lowercase, smoothing="none", semantics="multi-bleu", **kw)

    # -- signature ------------------------------------------------------------------------
    def signature(self) -> str:
        from evalkit import __version__

        nrefs = self._nrefs_label()
        smooth = self.smoothing
        if self.smooth_value is not None:
            smooth += f"[{self.smooth_value:.2f}]"
        return (
            f"evalkit.bleu|nrefs:{nrefs}|case:{'lc' if self.lowercase else 'mixed'}|"
            f"eff:{'yes' if self.effective_order else 'no'}|{self._tok_signature()}|smooth:{smooth}|"
            f"n:{self.max_ngram_order}|reflen:{self.ref_length}|semantics:{self.semantics}|"
            f"version:{__version__}"
        )

    def __repr__(self) -> str:
        return f"BLEU({self.signature()})"

    def _corpus(self, hyps: Sequence[str], refs: Optional[Sequence]) -> TokenizedCorpus:
        return self._encode(hyps, refs, self.max_ngram_order, self._ref_cache)

    # -- statistics -----------------------------------------------------------------------
    @property
    def n_statistics(self) -> int:
        return 2 + 2 * self.max_ngram_order

    def segment_statistics(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> np.ndarray:
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
        out = np.zeros((corpus.n_hyp, 2 + 2 * N), dtype=np.float64 if self.ref_length == "average" else np.int64)
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

    @rowwise
    def score_from_statistics(self, stats_sum: Sequence[float]) -> float:
        """BLEU in [0, 100] from summed sufficient statistics (see :meth:`segment_statistics`);
        a 2-D array gives one score per row."""
        return self._compute(stats_sum).score

    def _compute(self, stats: Sequence[float]) -> BLEUScore:
        N = self.max_ngram_order
        stats = [x.item() if hasattr(x, "item") else x for x in stats]
        if len(stats) != 2 + 2 * N:
            raise ParameterError("stats_sum", f"length {len(stats)}", f"length {2 + 2 * N}")
        sys_len, ref_len = stats[0], stats[1]
        correct = [int(c) for c in stats[2: 2 + N]]
        total = [int(t) for t in stats[2 + N:]]
        if (self.semantics == "sacrebleu1" and correct[0] == 0 and total[0] > 0
                and self.smoothing in ("exp", "floor")):
            return _sacrebleu1_zero_unigram(correct, total, int(sys_len), ref_len, self.smoothing,
                                            self.smooth_value, self.effective_order)
        if self.semantics in ("sacrebleu", "sacrebleu1") and self.smoothing in _SACRE_SMOOTH:
            from sacrebleu.metrics.bleu import BLEU as _SacreBLEU

            s = _SacreBLEU.compute_bleu(
                correct=list(correct), total=list(total), sys_len=int(sys_len), ref_len=ref_len,
                smooth_method=self.smoothing, smooth_value=self.smooth_value,
                effective_order=self.effective_order, max_ngram_order=N,
            )
            return BLEUScore(s.score, correct, total, list(s.precisions), s.bp, int(sys_len), ref_len)
        if self.semantics == "mteval":
            return _mteval_bleu(correct, total, int(sys_len), ref_len)
        if self.semantics == "multi-bleu":
            return _multi_bleu(correct, total, int(sys_len), ref_len)
        return _own_smoothed_bleu(correct, total, int(sys_len), ref_len, self.smoothing, self.effective_order)

    # -- scores ---------------------------------------------------------------------------
    def corpus_score(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> BLEUScore:
        """Corpus BLEU of ``hyps`` against ``refs`` (reference streams, sacrebleu-style)."""
        return self._compute(self.segment_statistics(hyps, refs).sum(axis=0))

    def sentence_score(self, hyp: str, refs: Sequence[str]) -> BLEUScore:
        """BLEU of one hypothesis against its list of references."""
        if isinstance(refs, str):
            refs = [refs]
        return self._compute(self.segment_statistics([hyp], [[r] for r in refs] if self.ref_layout == "streams" else [list(refs)])[0])

    def sentence_scores(self, hyps: Sequence[str], refs: Optional[Sequence] = None) -> np.ndarray:
        """Sentence BLEU of every segment (array of floats in [0, 100])."""
        stats = self.segment_statistics(hyps, refs)
        return np.array([self._compute(row).score for row in stats], dtype=np.float64)


def _sacrebleu1_zero_unigram(correct, total, sys_len, ref_len, smoothing, smooth_value,
                             effective_order) -> BLEUScore:
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
    bp = (math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0) if sys_len < ref_len else 1.0
    logs = [math.log(p) if p > 0 else -9999999999.0 for p in precisions[:eff]]
    return BLEUScore(bp * math.exp(sum(logs) / eff), correct, total, precisions, bp, sys_len, ref_len)


def mteval_bleu_orders(correct, total, sys_len, ref_len) -> Tuple[List[float], List[float], float]:
    """mteval-v13a.pl ``bleu_score``: individual and cumulative BLEU for n = 1..N (in [0, 1])
    and the brevity penalty. An order with zero matches gets ``1 / (2^k * total_n)`` for the
    k-th such order; an order without hypothesis n-grams contributes ``log 1 = 0``."""
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
    return BLEUScore(100.0 * cumulative[-1], correct, total, [100.0 * p for p in individual], bp, sys_len, ref_len)


def _multi_bleu(correct, total, sys_len, ref_len) -> BLEUScore:
    """Moses multi-bleu.perl, scaled to [0, 100]."""
    N = len(correct)
    p = [correct[n] / total[n] if total[n] else 0.0 for n in range(N)]
    bp = 1.0
    if sys_len < ref_len:
        bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    s = sum(math.log(x) if x else -9999999999 for x in p) / N
    return BLEUScore(100.0 * bp * math.exp(s), correct, total, [100 * x for x in p], bp, sys_len, ref_len)


def _own_smoothed_bleu(correct, total, sys_len, ref_len, smoothing, effective_order) -> BLEUScore:
    """BLEU with additive smoothing per order: ``p_n = (m_n + s_n) / (t_n + s_n)``."""
    N = len(correct)
    bp = 1.0
    if sys_len < ref_len:
        bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
    precisions, logs = [], []
    for n in range(N):
        if smoothing == "lin_och":
            s = 1 if n > 0 else 0
        elif smoothing == "add1":
            s = 1
        elif smoothing == "add1_zero":
            s = 1 if correct[n] == 0 else 0
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
        return BLEUScore(0.0, correct, total, precisions + [0.0] * (N - len(precisions)), bp, sys_len, ref_len)
    score = 100.0 * bp * math.exp(sum(logs) / len(logs))
    return BLEUScore(score, correct, total, precisions + [0.0] * (N - len(precisions)), bp, sys_len, ref_len)


def corpus_bleu(hyps: Sequence[str], refs: Sequence, **config) -> BLEUScore:
    """Convenience: ``BLEU(**config).corpus_score(hyps, refs)``."""
    return BLEU(**config).corpus_score(hyps, refs)


def sentence_bleu(hyp: str, refs: Sequence[str], **config) -> BLEUScore:
    """Convenience: ``BLEU(**config).sentence_score(hyp, refs)``."""
    return BLEU(**config).sentence_score(hyp, refs)
