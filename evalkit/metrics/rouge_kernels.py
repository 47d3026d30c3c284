"""Compiled (numba) inner loops of evalkit's ROUGE-1.5.5 reproduction.

Why numba: ROUGE-L/W need a dynamic programme per (model sentence, peer sentence) pair
and the bootstrap needs 1000 x n sequential additions per score; in pure Python the 192
Graham variants on SummEval take minutes, vectorized numpy cannot express the LCS
backtrack, and a compiled extension would complicate installation. numba is already a
dependency, compiles on first use and caches the machine code (``cache=True``).

Every floating-point expression keeps the Perl script's operation order (no fastmath),
because the 5-decimal output must match bit for bit at rounding boundaries.

Texts are passed in CSR form: ``ptr[t]:ptr[t+1]`` slices a flat id array.

Two kernels per method family: ``count_hits`` (with ``skip_keys``/``hash_ids`` ids) and
``lcs_hits`` are the direct transcriptions of the script's loops, one (peer, model) pair at a
time; ``eval_gram_hits`` and ``sentence_pair_masks`` + ``masked_lcs_hits`` are the fast paths
``evalkit.metrics.rouge`` runs (same integers and floats; ``tests/test_rouge_kernels.py``
compares them on seeded random corpora).
"""

from __future__ import annotations

import numpy as np
from numba import njit

from evalkit.metrics import bitset_kernel, hash_kernel
from evalkit.metrics.lazyjit import compiled, refresh_cache_with

# this module's cached kernels hold the shared kernels' code: stale when those change
refresh_cache_with(__file__, hash_kernel, bitset_kernel)

# the shared open-addressing table and bit count (compiled here at import, as this module's
# kernels)
_local_ids = compiled(hash_kernel.local_ids)
_table_bits = compiled(hash_kernel.table_bits)
_popcount = compiled(bitset_kernel.popcount)

__all__ = [
    "count_hits",
    "lcs_hits",
    "bootstrap_sums",
    "drand48_indices",
    "hash_ids",
    "skip_keys",
    "perl_bootstrap_sums",
    "eval_gram_hits",
    "sentence_pair_keys",
    "sentence_pair_masks",
    "masked_lcs_hits",
]


@njit(cache=True, nogil=True)
def count_hits(ptr, ids, peers, models, n_ids):  # pragma: no cover - compiled
    """Clipped matches sum_g min(c_peer(g), c_model(g)) for each (peer, model) pair.

    ``ids`` holds gram ids (n-grams or skip-bigrams) of every text; ``peers[k]`` and
    ``models[k]`` are text indices. Uses one scratch count array, reset after each pair.
    """
    out = np.zeros(peers.shape[0], dtype=np.int64)
    cnt = np.zeros(n_ids, dtype=np.int64)
    for k in range(peers.shape[0]):
        m = models[k]
        p = peers[k]
        for q in range(ptr[m], ptr[m + 1]):
            cnt[ids[q]] += 1
        h = 0
        for q in range(ptr[p], ptr[p + 1]):
            g = ids[q]
            if cnt[g] > 0:
                h += 1
                cnt[g] -= 1
        out[k] = h
        for q in range(ptr[m], ptr[m + 1]):
            cnt[ids[q]] = 0
    return out


@njit(cache=True, nogil=True)
def _mark(b, m, n, mask):  # pragma: no cover - compiled
    # sub markLCS: follow the back pointers from (m, n), marking model positions
    i = m
    j = n
    while i != 0 and j != 0:
        d = b[i, j]
        if d == 1:
            i -= 1
            j -= 1
            mask[i] = 1
        elif d == 2:
            i -= 1
        else:
            j -= 1


@njit(cache=True, nogil=True, inline="always")
def _lcs_outputs(npairs):  # pragma: no cover - compiled
    """Zeroed (L hits, L base, W hits, W base) of ``npairs`` pairs."""
    return (
        np.zeros(npairs, dtype=np.int64),
        np.zeros(npairs, dtype=np.int64),
        np.zeros(npairs, dtype=np.float64),
        np.zeros(npairs, dtype=np.float64),
    )


@njit(cache=True, nogil=True, inline="always")
def _longest(ptr):  # pragma: no cover - compiled
    """The longest row ``ptr[s]:ptr[s+1]`` of a CSR array, at least 1."""
    longest = 1
    for s in range(ptr.shape[0] - 1):
        if ptr[s + 1] - ptr[s] > longest:
            longest = ptr[s + 1] - ptr[s]
    return longest


@njit(cache=True, nogil=True, inline="always")
def _end_run(whit, hitlen, run_ends, weight):  # pragma: no cover - compiled
    """WLCS: where a run of consecutive hits ends, add f(run length) and start a new run."""
    if run_ends:
        return whit + float(hitlen) ** weight, 0
    return whit, hitlen


@njit(cache=True, nogil=True)
def lcs_hits(
    sptr, tptr, tok, fptr, ftok, peers, models, n_vocab, weight, do_lcs, do_wlcs
):  # pragma: no cover - compiled
    """Summary-level union LCS (ROUGE-L) and WLCS (ROUGE-W) hits per (peer, model) pair.

    Sentences: text t has sentences ``sptr[t]:sptr[t+1]``; sentence s has tokens
    ``tok[tptr[s]:tptr[s+1]]``. Clipping counts come from the flat (N-gram reader) tokens
    ``ftok[fptr[t]:fptr[t+1]]``, as in the Perl script. Returns (L hits, L base,
    W hits, W base) where base = sum_i |r_i| and sum_i |r_i|^weight.
    """
    npairs = peers.shape[0]
    l_hit, l_base, w_hit, w_base = _lcs_outputs(npairs)
    mc = np.zeros(n_vocab, dtype=np.int64)
    pc = np.zeros(n_vocab, dtype=np.int64)
    maxlen = _longest(tptr)
    b = np.zeros((maxlen + 1, maxlen + 1), dtype=np.int8)
    c = np.zeros((maxlen + 1, maxlen + 1), dtype=np.int64)
    cw = np.zeros((maxlen + 1, maxlen + 1), dtype=np.float64)
    ll = np.zeros((maxlen + 1, maxlen + 1), dtype=np.int64)
    mask = np.zeros(maxlen + 1, dtype=np.int8)
    fw = np.zeros(maxlen + 2, dtype=np.float64)  # f(l) = l ** weight, as the script's pow
    for x in range(maxlen + 2):
        fw[x] = float(x) ** weight
    for k in range(npairs):
        p = peers[k]
        m = models[k]
        for which in range(2):
            if which == 0 and not do_lcs:
                continue
            if which == 1 and not do_wlcs:
                continue
            # fresh unigram counts for clipping, per model (tmp_peer_1grams=%peer_1grams)
            for q in range(fptr[m], fptr[m + 1]):
                mc[ftok[q]] += 1
            for q in range(fptr[p], fptr[p + 1]):
                pc[ftok[q]] += 1
            hit = 0
            base = 0
            whit = 0.0
            wbase = 0.0
            for si in range(sptr[m], sptr[m + 1]):
                r0 = tptr[si]
                rl = tptr[si + 1] - r0
                for x in range(rl):
                    mask[x] = 0
                if which == 0:
                    base += rl
                else:
                    wbase += float(rl) ** weight
                if rl > 0:
                    for sj in range(sptr[p], sptr[p + 1]):
                        c0 = tptr[sj]
                        cl = tptr[sj + 1] - c0
                        if which == 0:
                            for i in range(1, rl + 1):
                                for j in range(1, cl + 1):
                                    if tok[r0 + i - 1] == tok[c0 + j - 1]:
                                        c[i, j] = c[i - 1, j - 1] + 1
                                        b[i, j] = 1
                                    elif c[i - 1, j] >= c[i, j - 1]:
                                        c[i, j] = c[i - 1, j]
                                        b[i, j] = 2
                                    else:
                                        c[i, j] = c[i, j - 1]
                                        b[i, j] = 3
                        else:
                            for i in range(1, rl + 1):
                                for j in range(1, cl + 1):
                                    if tok[r0 + i - 1] == tok[c0 + j - 1]:
                                        kk = ll[i - 1, j - 1]
                                        cw[i, j] = cw[i - 1, j - 1] + fw[kk + 1] - fw[kk]
                                        b[i, j] = 1
                                        ll[i, j] = kk + 1
                                    elif cw[i - 1, j] >= cw[i, j - 1]:
                                        cw[i, j] = cw[i - 1, j]
                                        b[i, j] = 2
                                        ll[i, j] = 0
                                    else:
                                        cw[i, j] = cw[i, j - 1]
                                        b[i, j] = 3
                                        ll[i, j] = 0
                        _mark(b, rl, cl, mask)
                hitlen = 0
                for x in range(rl):
                    if mask[x] == 1:
                        t = tok[r0 + x]
                        if mc[t] > 0 and pc[t] > 0:
                            if which == 0:
                                hit += 1
                            else:
                                hitlen += 1
                                run_ends = x + 1 == rl or mask[x + 1] == 0
                                whit, hitlen = _end_run(whit, hitlen, run_ends, weight)
                            mc[t] -= 1
                            pc[t] -= 1
            for q in range(fptr[m], fptr[m + 1]):
                mc[ftok[q]] = 0
            for q in range(fptr[p], fptr[p + 1]):
                pc[ftok[q]] = 0
            if which == 0:
                l_hit[k] = hit
                l_base[k] = base
            else:
                w_hit[k] = whit
                w_base[k] = wbase
    return l_hit, l_base, w_hit, w_base


@njit(cache=True, nogil=True)
def drand48_indices(n, resamples):  # pragma: no cover - compiled
    """Perl's ``srand($i); int(rand($n))`` x n for i = 0..resamples-1.

    Perl (>= 5.20) implements rand with its own drand48: x <- (0x5DEECE66D x + 0xB)
    mod 2^48, seeded by srand(s) as x = (s << 16) + 0x330E; rand(n) = n * x / 2^48.
    """
    out = np.empty((resamples, n), dtype=np.int64)
    mask = (np.uint64(1) << np.uint64(48)) - np.uint64(1)
    a = np.uint64(0x5DEECE66D)
    cc = np.uint64(0xB)
    scale = 2.0**-48
    for r in range(resamples):
        x = (np.uint64(r) << np.uint64(16)) + np.uint64(0x330E)
        for i in range(n):
            x = (a * x + cc) & mask
            out[r, i] = np.int64(float(n) * (float(x) * scale))
    return out


@njit(cache=True, nogil=True)
def bootstrap_sums(values, idx):  # pragma: no cover - compiled
    """Sequential (left-to-right, as Perl adds them) sums of ``values[idx[r, :], :]``."""
    R = idx.shape[0]
    n = idx.shape[1]
    k = values.shape[1]
    out = np.zeros((R, k), dtype=np.float64)
    for r in range(R):
        for c in range(k):
            s = 0.0
            for i in range(n):
                s += values[idx[r, i], c]
            out[r, c] = s
    return out


@njit(cache=True, nogil=True)
def hash_ids(keys):  # pragma: no cover - compiled
    """Dense ids 0..u-1 for int64 keys (equal keys, equal ids), by open addressing.

    Faster than ``np.unique`` (no sort); id order is first appearance.
    Returns (ids, u).
    """
    n = keys.shape[0]
    size = 1 << _table_bits(n)
    table_k = np.empty(size, dtype=np.int64)
    table_v = np.empty(size, dtype=np.int64)
    ids = np.empty(n, dtype=np.int64)
    u = _local_ids(keys, n, table_k, table_v, ids)
    return ids, u


@njit(cache=True, nogil=True)
def skip_keys(ptr, tok, V, skip, unigrams):  # pragma: no cover - compiled
    """Per-text skip-bigram keys (V + a*V + b) and SU unigram keys (a), in CSR form.

    createSkipBigram: for i < last index, the unigram t_i (SU) and every (t_i, t_j) with
    i < j <= last and (skip < 0 or j <= i + skip + 1).
    """
    ntext = ptr.shape[0] - 1
    gptr = np.zeros(ntext + 1, dtype=np.int64)
    for t in range(ntext):
        L = ptr[t + 1] - ptr[t]
        c = 0
        for i in range(L - 1):
            if unigrams:
                c += 1
            top = L - 1
            if skip >= 0 and i + skip + 1 < top:
                top = i + skip + 1
            c += top - i
        gptr[t + 1] = gptr[t] + c
    keys = np.empty(gptr[ntext], dtype=np.int64)
    for t in range(ntext):
        p0 = ptr[t]
        L = ptr[t + 1] - p0
        q = gptr[t]
        for i in range(L - 1):
            a = tok[p0 + i]
            if unigrams:
                keys[q] = a
                q += 1
            top = L - 1
            if skip >= 0 and i + skip + 1 < top:
                top = i + skip + 1
            for j in range(i + 1, top + 1):
                keys[q] = V + a * V + tok[p0 + j]
                q += 1
    return gptr, keys


@njit(cache=True, nogil=True)
def perl_bootstrap_sums(values, resamples):  # pragma: no cover - compiled
    """``bootstrap_sums(values, drand48_indices(n, resamples))`` without storing the
    resamples x n index matrix (memory O(resamples x k) instead of O(resamples x n))."""
    n = values.shape[0]
    k = values.shape[1]
    out = np.zeros((resamples, k), dtype=np.float64)
    mask = (np.uint64(1) << np.uint64(48)) - np.uint64(1)
    a = np.uint64(0x5DEECE66D)
    cc = np.uint64(0xB)
    scale = 2.0**-48
    acc = np.zeros(k, dtype=np.float64)
    for r in range(resamples):
        x = (np.uint64(r) << np.uint64(16)) + np.uint64(0x330E)
        for c in range(k):
            acc[c] = 0.0
        for i in range(n):
            x = (a * x + cc) & mask
            j = np.int64(float(n) * (float(x) * scale))
            for c in range(k):
                acc[c] += values[j, c]
        for c in range(k):
            out[r, c] = acc[c]
    return out


# ----------------------------------------------------------------------------------------
# ROUGE-L/W by distinct sentence pairs (the fast path of lcs_hits)
#
# The union LCS of a (model, peer) pair only needs, per model sentence, the model positions
# on the back-trace against each peer sentence. Those masks depend on the two sentences
# alone, so they are computed once per distinct (model sentence, peer sentence) pair
# (systems that copy the source share sentences) and then unioned and clipped per pair
# exactly as lcs_hits does. ROUGE-L's table comes from Hyyro's bit-parallel LCS (one
# 64-bit word per row when the peer sentence has <= 64 tokens): the table values are the
# standard LCS lengths, c[i, j] = popcount(~row_i & low j bits), and the back-trace takes
# the script's decisions (match -> diagonal, c[i-1, j] >= c[i, j-1] -> up, else left) from
# them. ROUGE-W keeps the script's dynamic programme (its weights follow run lengths),
# skipped when the sentences share no token (then nothing is marked).

_U0 = np.uint64(0)
_U1 = np.uint64(1)
_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)


@njit(cache=True, nogil=True)
def _low(j):  # pragma: no cover - compiled
    # the j lowest bits set, 0 <= j <= 64
    if j == 0:
        return _U0
    return _ONES >> np.uint64(64 - j)


@njit(cache=True, nogil=True)
def sentence_pair_keys(sptr, suid, n_usent, peers, models):  # pragma: no cover - compiled
    """Keys suid[model sentence] * n_usent + suid[peer sentence] for every pair k, model
    sentence, peer sentence (in that nested order); ``qptr[k]`` starts pair k's keys."""
    npairs = peers.shape[0]
    qptr = np.zeros(npairs + 1, dtype=np.int64)
    for k in range(npairs):
        m = models[k]
        p = peers[k]
        qptr[k + 1] = qptr[k] + (sptr[m + 1] - sptr[m]) * (sptr[p + 1] - sptr[p])
    keys = np.empty(qptr[npairs], dtype=np.int64)
    for k in range(npairs):
        m = models[k]
        p = peers[k]
        q = qptr[k]
        for si in range(sptr[m], sptr[m + 1]):
            for sj in range(sptr[p], sptr[p + 1]):
                keys[q] = suid[si] * n_usent + suid[sj]
                q += 1
    return qptr, keys


@njit(cache=True, nogil=True)
def sentence_pair_masks(
    sentences, pairs, scoring, lo, hi, masks, base
):  # pragma: no cover - compiled
    """Back-trace masks of the distinct sentence pairs lo..hi-1: model sentence ``rsent[u]``
    (rows) against peer sentence ``csent[u]`` (columns); ``mask_l``/``mask_w`` (uint64 words,
    flat, pair u at ``moff[u]:moff[u+1]``, bit x % 64 of word x // 64 for model token x) get
    the bits where the LCS / WLCS back-trace of the script marks the model position. Writes
    only pairs lo..hi-1.

    The arguments travel in groups: ``sentences = (tptr, tok)`` (sentence s has tokens
    ``tok[tptr[s]:tptr[s+1]]``), ``pairs = (rsent, csent, moff)``, ``scoring = (n_vocab,
    weight, do_lcs, do_wlcs)`` (as :func:`lcs_hits`), ``masks = (mask_l, mask_w)`` (written)
    and ``base = (base_tok, base_l, base_w)``.

    The back-traces depend on the two sentences only through which tokens are equal. When
    ``base_tok`` (same positions, other ids: the unstemmed tokens, with ``base_l``/``base_w``
    their masks) is not empty, a pair whose tokens are equal exactly where the base tokens
    are (stemming joined no two words of the pair) copies the base masks."""
    tptr, tok = sentences
    rsent, csent, moff = pairs
    n_vocab, weight, do_lcs, do_wlcs = scoring
    mask_l, mask_w = masks
    base_tok, base_l, base_w = base
    maxr = 1
    maxc = 1
    for u in range(lo, hi):
        rl = tptr[rsent[u] + 1] - tptr[rsent[u]]
        cl = tptr[csent[u] + 1] - tptr[csent[u]]
        if rl > maxr:
            maxr = rl
        if cl > maxc:
            maxc = cl
    peq = np.zeros(n_vocab, dtype=np.uint64)
    seen = np.zeros(n_vocab, dtype=np.int8)
    rows = np.empty(maxr + 1, dtype=np.uint64)
    c = np.zeros((maxr + 1, maxc + 1), dtype=np.int64)
    cw = np.zeros((maxr + 1) * (maxc + 1), dtype=np.float64)
    llp = np.zeros(maxc + 1, dtype=np.int64)
    llc = np.zeros(maxc + 1, dtype=np.int64)
    krow = np.zeros(maxr + 1, dtype=np.int64)
    ctok = np.zeros(maxc + 1, dtype=np.int64)
    fw = np.zeros(maxr + maxc + 2, dtype=np.float64)
    for x in range(maxr + maxc + 2):
        fw[x] = float(x) ** weight
    reuse = base_tok.shape[0] > 0
    base_of = np.full(n_vocab if reuse else 1, -1, dtype=np.int64)
    for u in range(lo, hi):
        r0 = tptr[rsent[u]]
        rl = tptr[rsent[u] + 1] - r0
        c0 = tptr[csent[u]]
        cl = tptr[csent[u] + 1] - c0
        o = moff[u]
        if rl == 0 or cl == 0:
            continue
        if reuse:
            # equal here <=> equal in the base? (base-equal implies equal: check the converse)
            same = True
            for j in range(cl):
                t = tok[c0 + j]
                b = base_tok[c0 + j]
                if base_of[t] == -1:
                    base_of[t] = b
                elif base_of[t] != b:
                    base_of[t] = -2
            for i in range(rl):
                b = base_of[tok[r0 + i]]
                if b != -1 and b != base_tok[r0 + i]:
                    same = False
                    break
            for j in range(cl):
                base_of[tok[c0 + j]] = -1
            if same:
                for x in range(o, moff[u + 1]):
                    mask_l[x] = base_l[x]
                    mask_w[x] = base_w[x]
                continue
        # any shared token? (otherwise neither back-trace marks anything)
        for j in range(cl):
            seen[tok[c0 + j]] = 1
        shared = False
        for i in range(rl):
            if seen[tok[r0 + i]] == 1:
                shared = True
                break
        for j in range(cl):
            seen[tok[c0 + j]] = 0
        if not shared:
            continue
        if do_lcs:
            if cl <= 64:
                for j in range(cl):
                    peq[tok[c0 + j]] |= _U1 << np.uint64(j)
                v = _ONES
                rows[0] = v
                for i in range(1, rl + 1):
                    uu = v & peq[tok[r0 + i - 1]]
                    v = (v + uu) | (v - uu)
                    rows[i] = v
                for j in range(cl):
                    peq[tok[c0 + j]] = _U0
            else:
                for i in range(1, rl + 1):
                    for j in range(1, cl + 1):
                        if tok[r0 + i - 1] == tok[c0 + j - 1]:
                            c[i, j] = c[i - 1, j - 1] + 1
                        elif c[i - 1, j] >= c[i, j - 1]:
                            c[i, j] = c[i - 1, j]
                        else:
                            c[i, j] = c[i, j - 1]
            # the script's back-trace (ties go up), reading the bit rows or the table
            i = rl
            j = cl
            while i != 0 and j != 0:
                if tok[r0 + i - 1] == tok[c0 + j - 1]:
                    i -= 1
                    j -= 1
                    mask_l[o + (i >> 6)] |= _U1 << np.uint64(i & 63)
                elif (
                    _popcount(~rows[i - 1] & _low(j)) >= _popcount(~rows[i] & _low(j - 1))
                    if cl <= 64
                    else c[i - 1, j] >= c[i, j - 1]
                ):
                    i -= 1
                else:
                    j -= 1
        if do_wlcs:
            # A model token found nowhere in the peer sentence gives a row max(up, left) =
            # the running maximum of the row above, with run lengths reset; a second such
            # row in a row equals it, and the back-trace only goes up through it (ties go
            # up). So each run of such rows is kept once. Likewise a run of peer tokens
            # found nowhere in the model sentence gives equal columns, through which the
            # back-trace goes up exactly as in the first of them and then left past them.
            # krow/kcol map the kept rows/columns to token positions.
            for j in range(cl):
                seen[tok[c0 + j]] |= 1
            for i in range(rl):
                seen[tok[r0 + i]] |= 2
            nk = 0
            prev_match = True
            for i in range(rl):
                hit = (seen[tok[r0 + i]] & 1) != 0
                if hit or prev_match:
                    krow[nk] = i
                    nk += 1
                prev_match = hit
            nc = 0
            prev_match = True
            for j in range(cl):
                hit = (seen[tok[c0 + j]] & 2) != 0
                if hit or prev_match:
                    ctok[nc] = tok[c0 + j]
                    nc += 1
                prev_match = hit
            for j in range(cl):
                seen[tok[c0 + j]] = 0
            for i in range(rl):
                seen[tok[r0 + i]] = 0
            # rows of width nc + 1 in a flat table; row 0 and column 0 are 0
            wd = nc + 1
            for j in range(wd):
                cw[j] = 0.0
                llp[j] = 0
            llc[0] = 0
            for i in range(1, nk + 1):
                t = tok[r0 + krow[i - 1]]
                up0 = (i - 1) * wd
                cur = i * wd
                cw[cur] = 0.0
                left = 0.0
                for j in range(1, wd):
                    if t == ctok[j - 1]:
                        kk = llp[j - 1]
                        v = cw[up0 + j - 1] + fw[kk + 1] - fw[kk]
                        llc[j] = kk + 1
                    else:
                        up = cw[up0 + j]
                        v = up if up >= left else left
                        llc[j] = 0
                    cw[cur + j] = v
                    left = v
                for j in range(wd):
                    llp[j] = llc[j]
            i = nk
            j = nc
            while i != 0 and j != 0:
                x = krow[i - 1]
                if tok[r0 + x] == ctok[j - 1]:
                    i -= 1
                    j -= 1
                    mask_w[o + (x >> 6)] |= _U1 << np.uint64(x & 63)
                elif cw[(i - 1) * wd + j] >= cw[i * wd + j - 1]:
                    i -= 1
                else:
                    j -= 1


@njit(cache=True, nogil=True)
def masked_lcs_hits(
    sptr, sentences, flat, peers, models, index, masks, scoring
):  # pragma: no cover - compiled
    """``lcs_hits`` from the sentence-pair masks of :func:`sentence_pair_masks`:
    ``pair_uid[qptr[k] + a * n_peer_sentences + b]`` is the distinct pair of pair k's model
    sentence a and peer sentence b (:func:`sentence_pair_keys` order). Same outputs. L and W
    keep their own clipping counts, so their passes over the model sentences interleave.

    Grouped arguments: ``sentences = (tptr, tok)``, ``scoring`` and ``masks`` as
    :func:`sentence_pair_masks` takes them, ``flat = (fptr, ftok)`` (the clipping tokens of
    :func:`lcs_hits`) and ``index = (qptr, pair_uid, moff)``."""
    tptr, tok = sentences
    fptr, ftok = flat
    qptr, pair_uid, moff = index
    mask_l, mask_w = masks
    n_vocab, weight, do_lcs, do_wlcs = scoring
    npairs = peers.shape[0]
    l_hit, l_base, w_hit, w_base = _lcs_outputs(npairs)
    mcl = np.zeros(n_vocab, dtype=np.int64)
    pcl = np.zeros(n_vocab, dtype=np.int64)
    mcw = np.zeros(n_vocab, dtype=np.int64)
    pcw = np.zeros(n_vocab, dtype=np.int64)
    maxw = (_longest(tptr) + 63) >> 6
    ul = np.zeros(maxw, dtype=np.uint64)
    uw = np.zeros(maxw, dtype=np.uint64)
    for k in range(npairs):
        p = peers[k]
        m = models[k]
        npeer = sptr[p + 1] - sptr[p]
        for q in range(fptr[m], fptr[m + 1]):
            mcl[ftok[q]] += 1
            mcw[ftok[q]] += 1
        for q in range(fptr[p], fptr[p + 1]):
            pcl[ftok[q]] += 1
            pcw[ftok[q]] += 1
        hit = 0
        base = 0
        whit = 0.0
        wbase = 0.0
        for a in range(sptr[m + 1] - sptr[m]):
            si = sptr[m] + a
            r0 = tptr[si]
            rl = tptr[si + 1] - r0
            nw = (rl + 63) >> 6
            base += rl
            if do_wlcs:
                wbase += float(rl) ** weight
            if rl == 0:
                continue
            for x in range(nw):
                ul[x] = _U0
                uw[x] = _U0
            q0 = qptr[k] + a * npeer
            for b in range(npeer):
                o = moff[pair_uid[q0 + b]]
                for x in range(nw):
                    ul[x] |= mask_l[o + x]
                    uw[x] |= mask_w[o + x]
            if do_lcs:
                for x in range(rl):
                    if (ul[x >> 6] >> np.uint64(x & 63)) & _U1:
                        t = tok[r0 + x]
                        if mcl[t] > 0 and pcl[t] > 0:
                            hit += 1
                            mcl[t] -= 1
                            pcl[t] -= 1
            if do_wlcs:
                hitlen = 0
                for x in range(rl):
                    if (uw[x >> 6] >> np.uint64(x & 63)) & _U1:
                        t = tok[r0 + x]
                        if mcw[t] > 0 and pcw[t] > 0:
                            hitlen += 1
                            y = x + 1
                            run_ends = y == rl or ((uw[y >> 6] >> np.uint64(y & 63)) & _U1) == _U0
                            whit, hitlen = _end_run(whit, hitlen, run_ends, weight)
                            mcw[t] -= 1
                            pcw[t] -= 1
        for q in range(fptr[m], fptr[m + 1]):
            mcl[ftok[q]] = 0
            mcw[ftok[q]] = 0
        for q in range(fptr[p], fptr[p + 1]):
            pcl[ftok[q]] = 0
            pcw[ftok[q]] = 0
        if do_lcs:
            l_hit[k] = hit
            l_base[k] = base
        if do_wlcs:
            w_hit[k] = whit
            w_base[k] = wbase
    return l_hit, l_base, w_hit, w_base


# ----------------------------------------------------------------------------------------
# ROUGE-N / S / SU hits by evaluation, gram by gram (the fast path of count_hits)
#
# Within one evaluation every gram gets a local id (a small hash table that stays in cache,
# instead of ids over the whole corpus; evalkit.metrics.hash_kernel.local_ids). Then, for each gram, every (peer, model) pair of
# texts that both contain it gains min(count in peer, count in model): the clipped hits
# sum_g min(c_P(g), c_M(g)) of count_hits, at a cost of the shared grams only.


@njit(cache=True, nogil=True)
def _shared_hits(
    gid, optr, nslot, u, is_peer, is_model, cnt, tg, ts, tc, gptr, H
):  # pragma: no cover
    """H[a, b] = sum_g min(c_a(g), c_b(g)) for peer slots a and model slots b, from the gram
    ids ``gid[optr[s]:optr[s+1]]`` of each slot s (ids < u)."""
    for a in range(nslot):
        for b in range(nslot):
            H[a, b] = 0
    for g in range(u + 1):
        gptr[g] = 0
    nt = 0
    for s in range(nslot):
        for q in range(optr[s], optr[s + 1]):
            g = gid[q]
            if cnt[g] == 0:
                tg[nt] = g
                ts[nt] = s
                nt += 1
            cnt[g] += 1
        for x in range(nt - 1, -1, -1):
            if ts[x] != s:
                break
            tc[x] = cnt[tg[x]]
            cnt[tg[x]] = 0
            gptr[tg[x] + 1] += 1
    for g in range(u):
        gptr[g + 1] += gptr[g]
    # order (slot, count) entries by gram: a counting sort into the tail of the arrays
    n = nt
    for x in range(nt):
        g = tg[x]
        y = n + gptr[g]
        gptr[g] += 1
        ts[y] = ts[x]
        tc[y] = tc[x]
    for g in range(u, 0, -1):
        gptr[g] = gptr[g - 1]
    gptr[0] = 0
    for g in range(u):
        lo = n + gptr[g]
        hi = n + gptr[g + 1]
        if hi - lo == 1 and not (is_peer[ts[lo]] and is_model[ts[lo]]):
            continue
        for x in range(lo, hi):
            a = ts[x]
            if not is_peer[a]:
                continue
            ca = tc[x]
            for y in range(lo, hi):
                b = ts[y]
                if is_model[b]:
                    cb = tc[y]
                    H[a, b] += ca if ca < cb else cb


@njit(cache=True, nogil=True)
def eval_gram_hits(
    fptr, ftok, V, nmax, skip, do_skip, gptr_pairs, gpairs, peers, models, glo, ghi, out
):  # pragma: no cover - compiled
    """Clipped hits of ROUGE-1..nmax, then (``do_skip``) skip-bigrams and SU's unigrams
    (every token but the last), per pair: ``out[method, k]``, as ``count_hits`` on the
    corresponding gram ids. Pairs are grouped by evaluation: group g holds pairs
    ``gpairs[gptr_pairs[g]:gptr_pairs[g+1]]``; only groups glo..ghi-1 are done."""
    ntext = fptr.shape[0] - 1
    slot_of = np.full(ntext, -1, dtype=np.int64)
    # scratch sized for the largest group
    maxslot = 1
    maxtok = 1
    maxkeys = 1
    for g in range(glo, ghi):
        ns = 0
        tot = 0
        nk = 0
        for x in range(gptr_pairs[g], gptr_pairs[g + 1]):
            k = gpairs[x]
            for t in (peers[k], models[k]):
                if slot_of[t] < 0:
                    slot_of[t] = ns
                    ns += 1
                    L = fptr[t + 1] - fptr[t]
                    tot += L
                    if do_skip:
                        for i in range(L - 1):
                            top = L - 1
                            if skip >= 0 and i + skip + 1 < top:
                                top = i + skip + 1
                            nk += top - i
        for x in range(gptr_pairs[g], gptr_pairs[g + 1]):
            k = gpairs[x]
            slot_of[peers[k]] = -1
            slot_of[models[k]] = -1
        if ns > maxslot:
            maxslot = ns
        if tot > maxtok:
            maxtok = tot
        if nk > maxkeys:
            maxkeys = nk
    if maxtok > maxkeys:
        maxkeys = maxtok
    stext = np.empty(maxslot, dtype=np.int64)
    is_peer = np.zeros(maxslot, dtype=np.bool_)
    is_model = np.zeros(maxslot, dtype=np.bool_)
    H = np.zeros((maxslot, maxslot), dtype=np.int64)
    soff = np.zeros(maxslot + 1, dtype=np.int64)
    optr = np.zeros(maxslot + 1, dtype=np.int64)
    keys = np.empty(maxkeys, dtype=np.int64)
    gid = np.empty(maxkeys, dtype=np.int64)
    prev = np.empty(maxtok, dtype=np.int64)
    uni = np.empty(maxtok, dtype=np.int64)
    size = 1 << _table_bits(maxkeys)
    table_k = np.empty(size, dtype=np.int64)
    table_v = np.empty(size, dtype=np.int64)
    cnt = np.zeros(maxkeys + 1, dtype=np.int64)
    tg = np.empty(2 * maxkeys, dtype=np.int64)
    ts = np.empty(2 * maxkeys, dtype=np.int64)
    tc = np.empty(2 * maxkeys, dtype=np.int64)
    gp = np.zeros(maxkeys + 2, dtype=np.int64)
    # n-gram orders hashed: 1..nmax, or 1 alone when only SU needs the unigram ids
    nng = nmax if nmax > 0 else (1 if do_skip else 0)
    nmeth = nng + (2 if do_skip else 0)
    nu = 0
    for g in range(glo, ghi):
        ns = 0
        for x in range(gptr_pairs[g], gptr_pairs[g + 1]):
            k = gpairs[x]
            p = peers[k]
            m = models[k]
            if slot_of[p] < 0:
                slot_of[p] = ns
                stext[ns] = p
                is_peer[ns] = False
                is_model[ns] = False
                ns += 1
            if slot_of[m] < 0:
                slot_of[m] = ns
                stext[ns] = m
                is_peer[ns] = False
                is_model[ns] = False
                ns += 1
            is_peer[slot_of[p]] = True
            is_model[slot_of[m]] = True
        soff[0] = 0
        for s in range(ns):
            t = stext[s]
            soff[s + 1] = soff[s] + fptr[t + 1] - fptr[t]
        for meth in range(nmeth):
            nkey = 0
            optr[0] = 0
            if meth < nng:
                n = meth + 1
                for s in range(ns):
                    t0 = fptr[stext[s]]
                    L = soff[s + 1] - soff[s]
                    for i in range(L - n + 1):
                        if n == 1:
                            keys[nkey] = ftok[t0 + i]
                        else:
                            keys[nkey] = prev[soff[s] + i] * V + ftok[t0 + i + n - 1]
                        nkey += 1
                    optr[s + 1] = nkey
            elif meth == nng:
                for s in range(ns):
                    t0 = fptr[stext[s]]
                    L = soff[s + 1] - soff[s]
                    for i in range(L - 1):
                        top = L - 1
                        if skip >= 0 and i + skip + 1 < top:
                            top = i + skip + 1
                        a = ftok[t0 + i]
                        for j in range(i + 1, top + 1):
                            keys[nkey] = a * V + ftok[t0 + j]
                            nkey += 1
                    optr[s + 1] = nkey
            if meth == nng + 1:
                # SU's unigrams: the unigram ids of every position but a text's last
                for s in range(ns):
                    L = soff[s + 1] - soff[s]
                    for i in range(L - 1):
                        gid[nkey] = uni[soff[s] + i]
                        nkey += 1
                    optr[s + 1] = nkey
                u = nu
            else:
                u = _local_ids(keys, nkey, table_k, table_v, gid)
            if meth == 0:
                nu = u
                for x in range(nkey):
                    uni[x] = gid[x]
            if meth < nng - 1:
                # ids of the n-grams at their start positions, for the next order
                q = 0
                for s in range(ns):
                    L = soff[s + 1] - soff[s]
                    for i in range(L - meth):
                        prev[soff[s] + i] = gid[q]
                        q += 1
            row = meth if meth < nmax else (meth - nng + nmax if meth >= nng else -1)
            if row < 0:
                continue
            _shared_hits(gid, optr, ns, u, is_peer, is_model, cnt, tg, ts, tc, gp, H)
            for x in range(gptr_pairs[g], gptr_pairs[g + 1]):
                k = gpairs[x]
                out[row, k] = H[slot_of[peers[k]], slot_of[models[k]]]
        for s in range(ns):
            slot_of[stext[s]] = -1
