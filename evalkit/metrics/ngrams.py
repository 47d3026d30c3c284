"""The exact integer n-gram engine shared by BLEU, NIST, chrF, WER/PER and GTM.

Texts become integer token ids (:func:`encode_tokens`, or code points for chrF:
:func:`encode_chars`); n-grams become exact integer keys::

    key_1 = id,   key_n = key_{n-1} * V + id_n         (V = vocabulary size)

densely relabelled with :func:`numpy.unique` whenever the next product could overflow
int64, so equal n-grams always get equal keys and different n-grams different keys (no
hashing). :class:`TokenizedCorpus` holds hypotheses and references in one flat array with
offsets; small numba kernels then count per segment:

* :meth:`TokenizedCorpus.clipped`: ``sum_g min(c_h(g), max_r c_r(g))`` (clipped matches,
  BLEU/NIST), the n-gram total and, for NIST, the information-weighted sum (one pass per
  segment through an open-addressing table of the hypothesis n-gram keys, O(|h| + sum |r|));
* :func:`pair_counts`: per (hypothesis, reference) pair ``|ngrams(h)|``, ``|ngrams(r)|``
  and ``sum_g min(c_h(g), c_r(g))`` (chrF per reference, m-gram PER);
* :meth:`TokenizedCorpus.ref_lengths`: closest (ties to the shorter), shortest and summed
  reference lengths per segment.

References come in two layouts (:func:`normalize_references`): ``"streams"``
(sacrebleu's: one list per reference, each with one entry per segment, ``None`` for a
missing reference) and ``"segments"`` (one list of references per segment, the layout of
the :mod:`evalkit.metrics.registry`). :class:`WordLevelMetric` is the shared
preprocessing of the word-level metrics (lower-casing, a tokenizer from
:mod:`evalkit.text.tokenize`, Leusch et al.'s sentence-boundary words, integer encoding).

Tokens are mapped to ids with a :class:`Vocabulary` (a dict whose ``__missing__`` adds
new tokens, so encoding is one C-level ``map``); :func:`encode_joined` encodes the tokens of
a whole corpus given as one list with a separator token between lines (the 13a tokenizer's
:meth:`~evalkit.text.tokenize.Tokenizer13aFast.words_joined`), which
:meth:`WordLevelMetric._encode_lines` uses whenever it can.

The kernels are compiled on first call (:mod:`evalkit.metrics.lazyjit`, numba's on-disk
cache); inputs of at most :data:`PYTHON_BELOW` token positions (a few sentences, e.g. one
sentence scored) are counted in plain Python with :class:`collections.Counter` instead, which
gives the same integers without importing numba (``engine=`` of
:meth:`TokenizedCorpus.clipped` chooses; ``tests/test_ngram_engine.py`` runs both).

Why our own instead of sacrebleu's ``Counter`` objects: exact integer keys and hash-table
counting in numba (:mod:`evalkit.metrics.hash_kernel`) are many times faster on WMT-size corpora and under resampling, and
give the same counts (tested against sacrebleu's statistics in ``tests/test_bleu.py``,
``tests/test_chrf.py``, and against plain ``Counter`` clipping in
``tests/test_ngram_engine.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from collections import Counter
from itertools import chain, repeat
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.hash_kernel import probe, table_bits
from evalkit.metrics import hash_kernel
from evalkit.metrics.lazyjit import lazy_njit, refresh_cache_with
from evalkit.text.tokenize import LINE_SEP, add_boundaries, get_tokenizer

# this module's cached kernels hold the shared table's code: stale when hash_kernel changes
refresh_cache_with(__file__, hash_kernel)

__all__ = [
    "normalize_references",
    "check_hypotheses",
    "Vocabulary",
    "encode_tokens",
    "encode_joined",
    "encode_chars",
    "EncodedReferences",
    "ngram_keys",
    "pair_counts",
    "TokenizedCorpus",
    "WordLevelMetric",
]

_MAX_KEY = 2**62


def normalize_references(
    n_hyps: Optional[int], refs: Sequence, ref_layout: str = "streams"
) -> List[List[str]]:
    """Return references as one list of strings per segment.

    ``ref_layout="streams"`` (sacrebleu's convention): ``refs`` is a list of reference
    streams, each with one entry per segment; ``None`` marks a missing reference (variable
    number of references per segment); ``""`` is an empty reference. ``"segments"``:
    ``refs[i]`` is the list of references of segment i.

    Parameters
    ----------
    n_hyps : int or None
        Number of hypotheses (segments); None for references given ahead of the hypotheses
        (a metric's ``references=``): as many segments as the first stream, or as ``refs``.
    refs : sequence
        The references in ``ref_layout``.
    ref_layout : {"streams", "segments"}
        Their layout.

    Returns
    -------
    list of list of str
        The references of each segment (``None`` entries dropped); a
        :class:`~evalkit.errors.ParameterError` when a segment has none.

    Examples
    --------
    >>> from evalkit.metrics.ngrams import normalize_references
    >>> normalize_references(2, [["r1", "r2"], [None, "r2b"]])
    [['r1'], ['r2', 'r2b']]
    >>> normalize_references(None, [["r1", "r2"]])
    [['r1'], ['r2']]
    """
    if isinstance(refs, (str, bytes)) or not hasattr(refs, "__iter__"):
        raise ParameterError(
            "refs", type(refs).__name__, "a list of reference streams or of per-segment lists"
        )
    if ref_layout == "streams":
        refs = [r if isinstance(r, str) or r is None else list(r) for r in refs]
        if len(refs) == 0:
            raise ParameterError("refs", "[]", "a non-empty list of reference streams")
        for k, stream in enumerate(refs):
            if isinstance(stream, str):
                raise ParameterError(
                    "refs",
                    "list of str",
                    "a list of reference streams (list of lists of str); wrap a single stream in a list",
                )
            if n_hyps is None:
                n_hyps = len(stream)
            if len(stream) != n_hyps:
                raise ParameterError(
                    f"refs[{k}]",
                    f"{len(stream)} segments",
                    f"{n_hyps} segments, as many as hypotheses",
                )
        per_seg = [[r for r in seg if r is not None] for seg in zip(*refs)]
    elif ref_layout == "segments":
        refs = list(refs)
        if n_hyps is not None and len(refs) != n_hyps:
            raise ParameterError(
                "refs", f"{len(refs)} segments", f"{n_hyps} segments, as many as hypotheses"
            )
        per_seg = [
            [seg] if isinstance(seg, str) else [r for r in seg if r is not None] for seg in refs
        ]
    else:
        raise ParameterError("ref_layout", ref_layout, "'streams' or 'segments'")
    if all(per_seg) and all(map(isinstance, chain.from_iterable(per_seg), repeat(str))):
        return per_seg  # the check below, at C speed when all is well
    for i, seg in enumerate(per_seg):
        if not seg:
            raise ParameterError(
                f"refs (segment {i})", "no reference", "at least one reference per segment"
            )
        for r in seg:
            if not isinstance(r, str):
                raise ParameterError(f"refs (segment {i})", type(r).__name__, "str or None")
    return per_seg


def check_hypotheses(hyps) -> List[str]:
    """The hypotheses as a list of str (any iterable of str: list, tuple, pandas Series...).

    Parameters
    ----------
    hyps : iterable of str
        The hypotheses.

    Returns
    -------
    list of str
        ``list(hyps)``; a :class:`~evalkit.errors.ParameterError` for a bare string or a
        non-string item.

    Examples
    --------
    >>> from evalkit.metrics.ngrams import check_hypotheses
    >>> check_hypotheses(("a", "b"))
    ['a', 'b']
    """
    if isinstance(hyps, (str, bytes)) or not hasattr(hyps, "__iter__"):
        raise ParameterError("hyps", type(hyps).__name__, "a list of hypothesis strings")
    hyps = list(hyps)
    for i, h in enumerate(hyps):
        if not isinstance(h, str):
            raise ParameterError(f"hyps[{i}]", type(h).__name__, "str")
    return hyps


class Vocabulary(dict):
    """token -> dense integer id, in order of first occurrence; looking up an unknown token
    (``vocab[token]``) gives it the next id, so ``map(vocab.__getitem__, tokens)`` encodes
    at C speed (only new tokens reach Python code).

    Examples
    --------
    >>> from evalkit.metrics.ngrams import Vocabulary
    >>> v = Vocabulary()
    >>> [v[t] for t in ["a", "b", "a", "c"]], dict(v)
    ([0, 1, 0, 2], {'a': 0, 'b': 1, 'c': 2})
    """

    def __missing__(self, token: str) -> int:
        i = self[token] = len(self)
        return i


def encode_tokens(
    token_lists: Sequence[Sequence[str]], vocab: Optional[Dict[str, int]] = None
) -> Tuple[np.ndarray, np.ndarray, int]:
    """Map tokens to dense integer ids. Returns ``(ids, lengths, vocab_size)``.

    ``vocab`` (token -> id) is extended in place, so texts encoded with the same dict share
    ids (used to encode references once and hypotheses of many systems against them).

    Parameters
    ----------
    token_lists : sequence of sequence of str
        The tokens of each text.
    vocab : dict, optional
        Token -> id, extended in place (a new :class:`Vocabulary` when None).

    Returns
    -------
    ids : numpy.ndarray
        The ids of all texts concatenated.
    lengths : numpy.ndarray
        Tokens per text.
    vocab_size : int
        Size of the vocabulary afterwards (at least 1).

    Examples
    --------
    >>> from evalkit.metrics.ngrams import encode_tokens
    >>> ids, lengths, size = encode_tokens([["a", "b"], ["b", "c", "a"]])
    >>> ids.tolist(), lengths.tolist(), size
    ([0, 1, 1, 2, 0], [2, 3], 3)
    """
    if vocab is None:
        vocab = Vocabulary()
    lens = np.fromiter(map(len, token_lists), dtype=np.int64, count=len(token_lists))
    flat = chain.from_iterable(token_lists)
    if isinstance(vocab, Vocabulary):
        ids = np.fromiter(map(vocab.__getitem__, flat), dtype=np.int64, count=int(lens.sum()))
    else:
        setdefault = vocab.setdefault
        ids = np.array([setdefault(tok, len(vocab)) for tok in flat], dtype=np.int64)
    return ids, lens, max(len(vocab), 1)


def encode_joined(
    tokens: Sequence[str], n_lines: int, vocab: Vocabulary
) -> Tuple[np.ndarray, np.ndarray, int]:
    """Like :func:`encode_tokens` for the tokens of ``n_lines`` lines given as one list with
    :data:`evalkit.text.tokenize.LINE_SEP` between consecutive lines
    (:meth:`evalkit.text.tokenize.Tokenizer13aFast.words_joined`).

    Parameters
    ----------
    tokens : sequence of str
        The tokens of all lines, ``LINE_SEP`` between lines.
    n_lines : int
        Number of lines.
    vocab : Vocabulary
        Extended in place.

    Returns
    -------
    tuple
        ``(ids, lengths, vocab_size)`` as :func:`encode_tokens`, separators removed.

    Examples
    --------
    >>> from evalkit.metrics.ngrams import Vocabulary, encode_joined
    >>> from evalkit.text.tokenize import LINE_SEP
    >>> ids, lengths, size = encode_joined(["a", "b", LINE_SEP, "b"], 2, Vocabulary())
    >>> ids.tolist(), lengths.tolist()
    ([0, 1, 1], [2, 1])
    """
    ids = np.fromiter(map(vocab.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    if n_lines <= 1:
        lens = np.full(n_lines, ids.shape[0], dtype=np.int64)
        return ids, lens, max(len(vocab), 1)
    is_sep = ids == vocab[LINE_SEP]
    seps = np.flatnonzero(is_sep)
    if seps.shape[0] != n_lines - 1:
        raise ParameterError("tokens", f"{seps.shape[0]} line separators", f"{n_lines - 1}")
    lens = np.diff(seps, prepend=-1, append=ids.shape[0]) - 1
    return ids[~is_sep], lens, max(len(vocab), 1)


@dataclass
class EncodedReferences:
    """References tokenized and mapped to ids once (reusable for many systems).

    Attributes
    ----------
    vocab : dict
        Token -> id (hypotheses are encoded against it).
    ids, lengths : numpy.ndarray
        Ids of all references concatenated (segment by segment) and tokens per reference.
    nrefs : numpy.ndarray
        References per segment.

    Examples
    --------
    >>> from evalkit.metrics.ngrams import EncodedReferences
    >>> e = EncodedReferences.from_tokens([[["a", "b"]], [["b"], ["c"]]])
    >>> e.ids.tolist(), e.lengths.tolist(), e.nrefs.tolist()
    ([0, 1, 1, 2], [2, 1, 1], [1, 2])
    """

    vocab: Dict[str, int]
    ids: np.ndarray
    lengths: np.ndarray
    nrefs: np.ndarray

    @classmethod
    def from_tokens(cls, ref_tokens: Sequence[Sequence[Sequence[str]]]) -> "EncodedReferences":
        vocab = Vocabulary()
        flat = [r for seg in ref_tokens for r in seg]
        ids, lens, _ = encode_tokens(flat, vocab)
        return cls(vocab, ids, lens, _count_refs(ref_tokens))

    @classmethod
    def from_encoded(cls, per_seg: Sequence[Sequence[str]], encode) -> "EncodedReferences":
        """``encode(flat_reference_strings, vocab) -> (ids, lengths, vocab_size)`` encodes the
        references of all segments (in order) at once."""
        vocab = Vocabulary()
        ids, lens, _ = encode([r for seg in per_seg for r in seg], vocab)
        return cls(vocab, ids, lens, _count_refs(per_seg))


def _count_refs(per_seg: Sequence[Sequence]) -> np.ndarray:
    return np.fromiter(map(len, per_seg), dtype=np.int64, count=len(per_seg))


def encode_chars(texts: Sequence[str]) -> Tuple[np.ndarray, np.ndarray, int]:
    """Map the characters (code points) of ``texts`` to dense ids; like :func:`encode_tokens`.

    Parameters
    ----------
    texts : sequence of str
        The texts.

    Returns
    -------
    tuple
        ``(ids, lengths, vocab_size)``: ids in code-point order (not first appearance),
        characters per text, distinct characters.

    Examples
    --------
    >>> from evalkit.metrics.ngrams import encode_chars
    >>> ids, lengths, size = encode_chars(["aba", "c"])
    >>> ids.tolist(), lengths.tolist(), size
    ([0, 1, 0, 2], [3, 1], 3)
    """
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

    Parameters
    ----------
    ids : numpy.ndarray
        Token ids of all texts concatenated.
    vocab_size : int
        Ids are in ``0 .. vocab_size - 1``.
    max_order : int
        Largest n.

    Returns
    -------
    list of numpy.ndarray
        ``max_order`` int64 arrays as long as ``ids``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics.ngrams import ngram_keys
    >>> [k.tolist() for k in ngram_keys(np.array([0, 1, 0, 1]), 2, 2)]  # bigram: a*2 + b
    [[0, 1, 0, 1], [1, 2, 1, 0]]
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
            nxt[: L - n + 1] = cur[: L - n + 1] * vocab_size + ids[n - 1 :]
        keys.append(nxt)
        cur, base = nxt, base * vocab_size
    return keys


@lazy_njit(cache=True)
def _clipped_counts(keys, offsets, n, n_hyp, ref_ptr, ref_ids, info_keys, info_vals, use_info):
    """Per hypothesis segment: sum_g min(c_h(g), max_r c_r(g)), the n-gram total, and (when
    ``use_info``) sum_g info(g) * min(...) with info looked up in sorted ``info_keys``.

    One pass over the segment's n-grams, O(|h| + sum_r |r|): the distinct hypothesis
    n-grams go into a small hash table (exact keys, so no collisions of n-grams) with their
    counts; each reference n-gram found there is counted, and per n-gram the largest count
    over the references is kept. The information-weighted sum adds its terms in ascending
    key order, so the float result does not depend on the table's layout."""
    match = np.zeros(n_hyp, dtype=np.int64)
    total = np.zeros(n_hyp, dtype=np.int64)
    winfo = np.zeros(n_hyp, dtype=np.float64)
    longest = 1
    for s in range(n_hyp):
        if offsets[s + 1] - offsets[s] > longest:
            longest = offsets[s + 1] - offsets[s]
    bits = table_bits(longest)
    size = 1 << bits
    mask = size - 1
    shift = np.uint64(64 - bits)
    table_key = np.zeros(size, dtype=np.int64)
    hcnt = np.full(size, -1, dtype=np.int64)  # the hypothesis count; -1: empty slot
    best = np.zeros(size, dtype=np.int64)
    cur = np.zeros(size, dtype=np.int64)
    slots = np.empty(longest, dtype=np.int64)
    touched = np.empty(longest, dtype=np.int64)
    mkeys = np.empty(longest, dtype=np.int64)
    mclip = np.empty(longest, dtype=np.int64)
    for s in range(n_hyp):
        a = offsets[s]
        L = offsets[s + 1] - n + 1 - a
        if L <= 0:
            continue
        total[s] = L
        u = 0
        for p in range(a, a + L):
            k = keys[p]
            h = probe(table_key, hcnt, k, shift, mask)
            if hcnt[h] < 0:
                table_key[h] = k
                hcnt[h] = 0
                best[h] = 0
                slots[u] = h
                u += 1
            hcnt[h] += 1
        for q in range(ref_ptr[s], ref_ptr[s + 1]):
            t = ref_ids[q]
            ra = offsets[t]
            R = offsets[t + 1] - n + 1 - ra
            nt = 0
            for p in range(ra, ra + R):
                h = probe(table_key, hcnt, keys[p], shift, mask)
                if hcnt[h] >= 0:
                    if cur[h] == 0:
                        touched[nt] = h
                        nt += 1
                    cur[h] += 1
            for i in range(nt):
                h = touched[i]
                if cur[h] > best[h]:
                    best[h] = cur[h]
                cur[h] = 0
        m = 0
        nm = 0
        for i in range(u):
            h = slots[i]
            clip = hcnt[h] if hcnt[h] < best[h] else best[h]
            if clip > 0:
                m += clip
                mkeys[nm] = table_key[h]
                mclip[nm] = clip
                nm += 1
            hcnt[h] = -1
        match[s] = m
        if use_info and nm > 0:
            order = np.argsort(mkeys[:nm])
            w = 0.0
            for i in order:
                w += info_vals[np.searchsorted(info_keys, mkeys[i])] * mclip[i]
            winfo[s] = w
    return match, total, winfo


@lazy_njit(cache=True)
def pair_counts(keys, offsets, n, hyp_idx, ref_idx):
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


@lazy_njit(cache=True)
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


#: inputs with at most this many token positions are counted in Python, not by the kernels
PYTHON_BELOW = 2048

_ENGINES = ("auto", "numba", "python")


def _clipped_counts_python(keys, offsets, n, n_hyp, ref_ptr, ref_ids):
    """:func:`_clipped_counts` without information weights, with Counters (same integers)."""
    match = np.zeros(n_hyp, dtype=np.int64)
    total = np.zeros(n_hyp, dtype=np.int64)
    bounds = offsets.tolist()
    flat = keys.tolist()
    ref_ptr, ref_ids = ref_ptr.tolist(), ref_ids.tolist()
    for s in range(n_hyp):
        a = bounds[s]
        length = bounds[s + 1] - n + 1 - a
        if length <= 0:
            continue
        total[s] = length
        hyp = Counter(flat[a : a + length])
        best: Dict[int, int] = {}
        for q in range(ref_ptr[s], ref_ptr[s + 1]):
            t = ref_ids[q]
            ref = Counter(flat[bounds[t] : max(bounds[t], bounds[t + 1] - n + 1)])
            for g, c in ref.items():
                if g in hyp and c > best.get(g, 0):
                    best[g] = c
        match[s] = sum(min(c, best.get(g, 0)) for g, c in hyp.items())
    return match, total, np.zeros(n_hyp, dtype=np.float64)


def _ref_lengths_python(lengths, n_hyp, ref_ptr, ref_ids):
    """:func:`_ref_lengths` in Python (same integers)."""
    lengths, ref_ptr, ref_ids = lengths.tolist(), ref_ptr.tolist(), ref_ids.tolist()
    out = np.zeros((3, n_hyp), dtype=np.int64)
    for s in range(n_hyp):
        refs = [lengths[t] for t in ref_ids[ref_ptr[s] : ref_ptr[s + 1]]]
        if not refs:
            out[:, s] = -1, -1, 0
            continue
        out[0, s] = min(refs, key=lambda r: (abs(lengths[s] - r), r))
        out[1, s], out[2, s] = min(refs), sum(refs)
    return out[0], out[1], out[2]


@dataclass
class TokenizedCorpus:
    """Hypotheses and references encoded for the n-gram kernels.

    Texts ``0..n_hyp-1`` are the hypotheses; segment s has reference texts
    ``ref_ids[ref_ptr[s]:ref_ptr[s+1]]``.

    Attributes
    ----------
    ids, offsets : numpy.ndarray
        Token ids of all texts (hypotheses, then references) and their CSR offsets.
    vocab_size, n_hyp : int
        Vocabulary size and number of hypotheses.
    ref_ptr, ref_ids : numpy.ndarray
        The reference texts of each segment (CSR).
    keys : list of numpy.ndarray
        :func:`ngram_keys` of ``ids``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.metrics.ngrams import TokenizedCorpus
    >>> tc = TokenizedCorpus.build(
    ...     np.array([0, 1]), np.array([2]), np.array([0, 2]), np.array([2]), np.array([1]), 3, 2
    ... )
    >>> tc.offsets.tolist(), tc.ref_ptr.tolist(), tc.ref_ids.tolist(), len(tc.keys)
    ([0, 2, 4], [0, 1], [1], 2)
    """

    ids: np.ndarray
    offsets: np.ndarray
    vocab_size: int
    n_hyp: int
    ref_ptr: np.ndarray
    ref_ids: np.ndarray
    keys: List[np.ndarray] = field(default_factory=list)

    @classmethod
    def build(
        cls,
        hyp_ids: np.ndarray,
        hyp_lens: np.ndarray,
        ref_ids: np.ndarray,
        ref_lens: np.ndarray,
        nrefs: np.ndarray,
        vocab_size: int,
        max_order: int,
    ) -> "TokenizedCorpus":
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
    def from_tokens(
        cls, hyp_tokens: Sequence[Sequence[str]], refs: "EncodedReferences", max_order: int
    ) -> "TokenizedCorpus":
        """Encode hypothesis tokens against already encoded references."""
        hyp_ids, hyp_lens, V = encode_tokens(hyp_tokens, refs.vocab)
        return cls.build(hyp_ids, hyp_lens, refs.ids, refs.lengths, refs.nrefs, V, max_order)

    @classmethod
    def from_encoded(
        cls, hyps: Tuple[np.ndarray, np.ndarray, int], refs: "EncodedReferences", max_order: int
    ) -> "TokenizedCorpus":
        """Hypotheses already encoded (``ids, lengths, vocab_size``) with ``refs.vocab``."""
        hyp_ids, hyp_lens, V = hyps
        return cls.build(hyp_ids, hyp_lens, refs.ids, refs.lengths, refs.nrefs, V, max_order)

    @classmethod
    def from_chars(
        cls, hyps: Sequence[str], refs: Sequence[Sequence[str]], max_order: int
    ) -> "TokenizedCorpus":
        """Character-level corpus (chrF): ``hyps[i]`` against the strings ``refs[i]``."""
        flat = [r for seg in refs for r in seg]
        ids, lens, V = encode_chars(list(hyps) + flat)
        n = len(hyps)
        nrefs = np.fromiter((len(seg) for seg in refs), dtype=np.int64, count=n)
        return cls.build(
            ids[: int(lens[:n].sum())],
            lens[:n],
            ids[int(lens[:n].sum()) :],
            lens[n:],
            nrefs,
            V,
            max_order,
        )

    @property
    def lengths(self) -> np.ndarray:
        return np.diff(self.offsets)

    def _python(self, engine: str) -> bool:
        if engine not in _ENGINES:
            raise ParameterError("engine", engine, f"one of {_ENGINES}")
        return engine == "python" or (engine == "auto" and self.offsets[-1] <= PYTHON_BELOW)

    def clipped(self, n: int, info_keys=None, info_vals=None, engine: str = "auto"):
        """Per hypothesis: clipped n-gram matches, n-gram total and (given ``info_keys``,
        sorted, and ``info_vals``) the information-weighted matches, by the kernel or, for
        small inputs without weights, in Python (``engine``: auto, numba, python)."""
        use = info_keys is not None
        if not use and self._python(engine):
            return _clipped_counts_python(
                self.keys[n - 1], self.offsets, n, self.n_hyp, self.ref_ptr, self.ref_ids
            )
        if not use:
            info_keys = np.empty(0, dtype=np.int64)
            info_vals = np.empty(0, dtype=np.float64)
        return _clipped_counts(
            self.keys[n - 1],
            self.offsets,
            n,
            self.n_hyp,
            self.ref_ptr,
            self.ref_ids,
            info_keys,
            info_vals,
            use,
        )

    def ref_lengths(self, engine: str = "auto"):
        """Closest (ties: shorter), shortest and summed reference lengths per segment."""
        if self._python(engine):
            return _ref_lengths_python(self.lengths, self.n_hyp, self.ref_ptr, self.ref_ids)
        return _ref_lengths(self.lengths, self.n_hyp, self.ref_ptr, self.ref_ids)

    def ref_positions(self, n: int) -> np.ndarray:
        """Flat positions of all reference n-grams of order n (for corpus-wide counts)."""
        starts = self.offsets[self.n_hyp : -1]
        ends = self.offsets[self.n_hyp + 1 :] - n + 1
        cnt = np.maximum(ends - starts, 0)
        if cnt.sum() == 0:
            return np.empty(0, dtype=np.int64)
        rep = np.repeat(starts - np.concatenate(([0], np.cumsum(cnt)[:-1])), cnt)
        return np.arange(int(cnt.sum()), dtype=np.int64) + rep


class WordLevelMetric(Metric):
    """Shared preprocessing of the word-level metrics (BLEU, NIST, WER/PER, GTM): optional
    lower-casing, a tokenizer from :mod:`evalkit.text.tokenize`, integer encoding.

    Examples
    --------
    >>> from evalkit.metrics.bleu import BLEU
    >>> from evalkit.metrics.ngrams import WordLevelMetric
    >>> issubclass(BLEU, WordLevelMetric)
    True
    """

    tokenize: str
    lowercase: bool
    ref_layout: str

    def _set_tokenizer(
        self, tokenize: str, lowercase: bool, ref_layout: str, boundaries: str = "none"
    ) -> None:
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

    def _tok_options(self) -> List[Tuple[str, str]]:
        """The tokenizer (and sentence-boundary words) as signature options."""
        tok = [("tok", getattr(self._tokenizer, "signature_label", self.tokenize))]
        return tok + ([] if self.boundaries == "none" else [("bound", self.boundaries)])

    def _encode_lines(
        self, lines: Sequence[str], vocab: Vocabulary
    ) -> Tuple[np.ndarray, np.ndarray, int]:
        """Tokenize and encode ``lines`` (ids, lengths, vocab size); the same result as
        :meth:`_prep` per line and :func:`encode_tokens`, but the 13a tokenizer (the WMT
        default) runs on all lines at once (:meth:`Tokenizer13aFast.words_joined`).

        A line that occurs more than once (a segment's references repeated for every
        system's output) is tokenized once and its ids copied: tokens get their ids in
        order of first occurrence, and a token first occurs in a line's first occurrence,
        so ids, lengths and vocabulary are those of encoding every line."""
        first: Dict[str, int] = {}
        which = [first.setdefault(line, len(first)) for line in lines]
        if not 1 < len(first) < len(which):
            return self._encode_distinct(lines, vocab)
        ids_u, lens_u, size = self._encode_distinct(list(first), vocab)
        inverse = np.asarray(which, dtype=np.int64)
        lens = lens_u[inverse]
        starts = (np.cumsum(lens_u) - lens_u)[inverse]
        shift = np.repeat(starts - (np.cumsum(lens) - lens), lens)
        return ids_u[np.arange(shift.shape[0], dtype=np.int64) + shift], lens, size

    def _encode_distinct(
        self, lines: Sequence[str], vocab: Vocabulary
    ) -> Tuple[np.ndarray, np.ndarray, int]:
        """:meth:`_encode_lines` without looking for repeated lines."""
        joined = getattr(self._tokenizer, "words_joined", None)
        if joined is not None and self.boundaries == "none":
            prepped = (
                [line.lower().rstrip() for line in lines]
                if self.lowercase
                else [line.rstrip() for line in lines]
            )
            tokens = joined(prepped)
            if tokens is not None:
                return encode_joined(tokens, len(lines), vocab)
        return encode_tokens([self._prep(line) for line in lines], vocab)

    def _encode_refs(self, per_seg: List[List[str]]) -> EncodedReferences:
        counts = {len(r) for r in per_seg}
        self._nrefs = counts.pop() if len(counts) == 1 else -1
        return EncodedReferences.from_encoded(per_seg, self._encode_lines)

    def _encode(
        self,
        hyps: Sequence[str],
        refs: Sequence,
        max_order: int,
        cached: Optional[EncodedReferences] = None,
    ) -> TokenizedCorpus:
        hyps = check_hypotheses(hyps)
        if refs is None:
            if cached is None:
                raise ParameterError(
                    "refs", None, "references (or pass references= to the constructor)"
                )
            if len(cached.nrefs) != len(hyps):
                raise ParameterError(
                    "hyps", f"{len(hyps)} segments", f"{len(cached.nrefs)} (cached references)"
                )
            enc = cached
        else:
            enc = self._encode_refs(normalize_references(len(hyps), refs, self.ref_layout))
        # a copy: the (cached) references' vocabulary does not grow with every system's words,
        # which keeps V, and so the packed n-gram keys, small (no relabelling)
        return TokenizedCorpus.from_encoded(
            self._encode_lines(hyps, Vocabulary(enc.vocab)), enc, max_order
        )

    def _nrefs_label(self) -> str:
        return (
            "var" if self._nrefs == -1 else (str(self._nrefs) if self._nrefs is not None else "?")
        )
