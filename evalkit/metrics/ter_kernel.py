"""TER's edit count with tercom's greedy shift search, compiled: :func:`ter_edits`.

    edits(h, r) = shifts + d_beam(h', r)

where ``h'`` is the hypothesis after the greedy block shifts and ``d_beam`` the beamed
Levenshtein distance (unit costs) to the reference ``r``; TER divides the edits by the
reference length (:mod:`evalkit.metrics.ter`). Reference: Snover, Dorr, Schwartz, Micciulla
& Makhoul (2006), "A Study of Translation Edit Rate with Targeted Human Annotation", AMTA;
tercom 0.7.25, in the form of sacrebleu 2.x's port (``sacrebleu.metrics.lib_ter``), whose
numbers this module reproduces exactly. Range: an integer in ``[0, max(len(h), len(r))]``.

Layout: a segment is two int64 arrays of word ids (equal words, equal ids; the ids are
numbered per segment by :func:`word_ids`); :func:`ter_edits` returns ``(edits, len(r))``.

The search, as sacrebleu's port defines it:

- distance: rows ``i = 1..n`` of the hypothesis, columns ``j`` of the reference, only
  ``j`` in ``[d - w, d + w)`` around ``d = floor(i * m / n)`` (``w = 25``, widened to
  ``ceil(m / (2 n) + 25)`` when the length ratio is extreme; the last row whole); cells
  outside the band stay at a large constant. A cell takes the first minimum in the order
  diagonal (match or substitution), hypothesis word left over, reference word missing.
- the traceback from ``(n, m)`` gives the alignment: each reference position's hypothesis
  position (the last hypothesis word before it for a missing word) and the error flags of
  both sides.
- candidates, in the order: hypothesis start, reference start (at most 50 apart), then
  length 1..10 of the common block; a block is tried when it holds a hypothesis error, its
  reference span an error, and the block is not where the reference start is aligned. The
  targets are position 0 (reference start 0) and one past the aligned hypothesis position of
  each reference position from the one before the block to its last, a target equal to the
  previous one skipped. A target from the block's start to its end moves the block
  ``target - start`` places right (clipped at the end), as the port's shift does.
- the best candidate has the largest gain, then the longest block, the earliest start, the
  earliest target. It is applied and counted as one edit while its gain is positive; the
  search stops, without applying it, once 1000 candidates have been evaluated in the segment.

sacrebleu caches distance-matrix rows by hypothesis prefix; all shifted hypotheses have the
hypothesis's length, so the band of a row depends on the prefix only and the cache changes
speed, never a number. Here a candidate's rows are computed from its first position that
differs from the current hypothesis, on the current hypothesis's rows.

Why our own: sacrebleu is the reference and exact, but its pure-Python search grows faster
than the square of the segment length (every candidate recomputes part of a matrix of
tuples); at 28-word segments TER dominated three notebooks. The kernel is a ``lazy_njit``
kernel (:mod:`evalkit.metrics.lazyjit`), compiled or loaded from numba's cache on first use.
"""

from __future__ import annotations

import math
from typing import Sequence

import numpy as np

from evalkit.metrics.lazyjit import lazy_njit

__all__ = ["ter_edits", "word_ids", "segment_edits"]

MAX_SHIFT_SIZE = 10  # longest block moved
MAX_SHIFT_DIST = 50  # largest distance between block starts
BEAM_WIDTH = 25  # half width of the band
MAX_CANDIDATES = 1000  # candidates evaluated per segment
_FAR = 10**16  # cells outside the band

_DIAG_SAME, _DIAG_SUB, _REF_MISSING, _HYP_EXTRA, _UNSET = 0, 1, 2, 3, 4


@lazy_njit(cache=True)
def _band(i, n, m, ratio, width):  # pragma: no cover - compiled
    """Columns ``[lo, hi)`` of row ``i`` of the beamed matrix."""
    diag = math.floor(i * ratio)
    lo = max(0, diag - width)
    hi = min(m + 1, diag + width)
    if i == n:
        hi = m + 1
    return lo, hi


@lazy_njit(cache=True)
def _fill_rows(hyp, ref, first, cost, op, ratio, width):  # pragma: no cover - compiled
    """Rows ``first + 1 .. n`` of ``cost`` / ``op`` from row ``first``; returns the distance."""
    n, m = hyp.shape[0], ref.shape[0]
    for i in range(first + 1, n + 1):
        for j in range(m + 1):
            cost[i, j] = _FAR
            op[i, j] = _UNSET
        lo, hi = _band(i, n, m, ratio, width)
        for j in range(lo, hi):
            if j == 0:
                cost[i, 0] = cost[i - 1, 0] + 1
                op[i, 0] = _HYP_EXTRA
                continue
            if hyp[i - 1] == ref[j - 1]:
                best, code = cost[i - 1, j - 1], _DIAG_SAME
            else:
                best, code = cost[i - 1, j - 1] + 1, _DIAG_SUB
            c = cost[i - 1, j] + 1
            if c < best:
                best, code = c, _HYP_EXTRA
            c = cost[i, j - 1] + 1
            if c < best:
                best, code = c, _REF_MISSING
            if best < _FAR:
                cost[i, j] = best
                op[i, j] = code
    return cost[n, m]


@lazy_njit(cache=True)
def _shifted(words, start, length, target, out):  # pragma: no cover - compiled
    """``words`` with the block ``[start, start + length)`` moved before ``target`` (a
    target from ``start`` to ``start + length`` moves it ``target - start`` places right,
    clipped at the end), into ``out``."""
    n = words.shape[0]
    if target < start:
        spans = ((0, target), (start, start + length), (target, start), (start + length, n))
    else:
        cut = target if target > start + length else min(n, target + length)
        spans = ((0, start), (start + length, cut), (start, start + length), (cut, n))
    k = 0
    for lo, hi in spans:
        for t in range(lo, hi):
            out[k] = words[t]
            k += 1


@lazy_njit(cache=True)
def ter_edits(hyp, ref):  # pragma: no cover - compiled
    """``(edits, len(ref))`` of TER for word-id arrays (see the module docstring)."""
    n, m = hyp.shape[0], ref.shape[0]
    if m == 0:
        return n, 0
    if n == 0:
        return m, m
    ratio = m / n
    width = BEAM_WIDTH
    if BEAM_WIDTH < ratio / 2:
        width = math.ceil(ratio / 2 + BEAM_WIDTH)
    cost = np.empty((n + 1, m + 1), dtype=np.int64)
    op = np.empty((n + 1, m + 1), dtype=np.int8)
    cand_cost = np.empty((n + 1, m + 1), dtype=np.int64)
    cand_op = np.empty((n + 1, m + 1), dtype=np.int8)
    for j in range(m + 1):
        cost[0, j] = j
        op[0, j] = _REF_MISSING
        cand_cost[0, j] = j
        cand_op[0, j] = _REF_MISSING
    words = hyp.copy()
    cand = np.empty(n, dtype=np.int64)
    best_words = np.empty(n, dtype=np.int64)
    align = np.empty(m, dtype=np.int64)
    hyp_err = np.zeros(n + 1, dtype=np.int64)  # prefix sums of the error flags
    ref_err = np.zeros(m + 1, dtype=np.int64)
    trace = np.empty(n + m, dtype=np.int8)
    shifts = 0
    checked = 0
    while True:
        distance = _fill_rows(words, ref, 0, cost, op, ratio, width)
        # traceback, then the alignment read forwards
        i, j, k = n, m, 0
        while i > 0 or j > 0:
            code = op[i, j]
            trace[k] = code
            k += 1
            if code == _DIAG_SAME or code == _DIAG_SUB:
                i -= 1
                j -= 1
            elif code == _REF_MISSING:
                j -= 1
            elif code == _HYP_EXTRA:
                i -= 1
            else:
                return -1, m  # an unset cell on the path: the caller raises
        ph, pr = -1, -1
        for t in range(k - 1, -1, -1):
            code = trace[t]
            if code == _DIAG_SAME or code == _DIAG_SUB:
                ph += 1
                pr += 1
                align[pr] = ph
                flag = 1 if code == _DIAG_SUB else 0
                hyp_err[ph + 1] = hyp_err[ph] + flag
                ref_err[pr + 1] = ref_err[pr] + flag
            elif code == _HYP_EXTRA:
                ph += 1
                hyp_err[ph + 1] = hyp_err[ph] + 1
            else:
                pr += 1
                align[pr] = ph
                ref_err[pr + 1] = ref_err[pr] + 1
        has_best = False
        best = (0, 0, 0, 0)
        stop = False
        for sh in range(n):
            if stop:
                break
            for sr in range(m):
                if stop:
                    break
                if abs(sr - sh) > MAX_SHIFT_DIST:
                    continue
                length = 0
                while length < MAX_SHIFT_SIZE and words[sh + length] == ref[sr + length]:
                    length += 1
                    if (
                        hyp_err[sh + length] - hyp_err[sh] != 0
                        and ref_err[sr + length] - ref_err[sr] != 0
                        and not (sh <= align[sr] < sh + length)
                    ):
                        prev = -1
                        for offset in range(-1, length):
                            if sr + offset == -1:
                                target = 0
                            else:
                                target = align[sr + offset] + 1
                            if target == prev:
                                continue
                            prev = target
                            _shifted(words, sh, length, target, cand)
                            first = min(sh, target)  # rows up to here are the current's
                            cand_cost[first, :] = cost[first, :]
                            gain = distance - _fill_rows(
                                cand, ref, first, cand_cost, cand_op, ratio, width
                            )
                            checked += 1
                            # larger gain, then longer block, earlier start, earlier target
                            rank = (gain, length, -sh, -target)
                            if not has_best or rank > best:
                                has_best, best = True, rank
                                best_words[:] = cand
                        if checked >= MAX_CANDIDATES:
                            stop = True
                            break
                    if sh + length == n or sr + length == m:
                        break
        if checked >= MAX_CANDIDATES or not has_best or best[0] <= 0:
            return shifts + distance, m
        shifts += 1
        words[:] = best_words


def word_ids(*segments: Sequence[str]) -> list:
    """int64 id arrays of word lists, one numbering for all of them (first appearance).

    Parameters
    ----------
    *segments : sequences of str
        Word lists (a hypothesis and its references).

    Returns
    -------
    list of numpy.ndarray
        One int64 array per word list; equal words have equal ids.

    Examples
    --------
    >>> from evalkit.metrics.ter_kernel import word_ids
    >>> [a.tolist() for a in word_ids(["a", "b", "a"], ["b", "c"])]
    [[0, 1, 0], [1, 2]]
    """
    ids: dict = {}
    return [
        np.array([ids.setdefault(w, len(ids)) for w in words], dtype=np.int64) for words in segments
    ]


def segment_edits(hyp_words: Sequence[str], refs_words: Sequence[Sequence[str]]) -> list:
    """``[minimum edits over the references, average reference length]`` of one segment.

    Parameters
    ----------
    hyp_words : sequence of str
        The hypothesis's words (after TER's preprocessing).
    refs_words : sequence of sequences of str
        One word list per reference (at least one).

    Returns
    -------
    list
        ``[edits (int), average reference length (float)]``, as sacrebleu's TER.

    Examples
    --------
    >>> from evalkit.metrics.ter_kernel import segment_edits
    >>> segment_edits("a b c d".split(), ["c d a b".split(), "a b x".split()])
    [1, 3.5]
    """
    hyp, *refs = word_ids(hyp_words, *refs_words)
    best, total = None, 0
    for ref in refs:
        edits, length = ter_edits(hyp, ref)
        if edits < 0:
            raise RuntimeError("TER traceback reached a cell outside the beam")
        total += int(length)
        if best is None or edits < best:
            best = int(edits)
    return [best, total / len(refs)]
