"""The open-addressing hash table of evalkit's numba kernels.

One table serves the n-gram clipping of BLEU/NIST (:mod:`evalkit.metrics.ngrams`), the gram
ids of ROUGE (:mod:`evalkit.metrics.rouge_kernels`) and the state merging of METEOR's
stage search (:mod:`evalkit.metrics.meteor_search`).

Layout: two parallel arrays of ``size = 2**bits`` slots (``size`` the smallest power of two
with ``size >= 2 n`` and ``size >= 16`` for ``n`` keys, :func:`table_bits`, so the load
factor stays at most 1/2): ``table_k`` holds the key, ``table_v`` a non-negative value
(an id, a count, the index of an entry stored elsewhere) or ``-1`` for an empty slot.
Where the key is a row of 64-bit words (METEOR's used-position bitset plus the previous
reference position), ``table_v`` alone is the table and holds the row's index in the
caller's ``rows``/``prevs`` arrays (:func:`probe_row`).

Hash: Fibonacci hashing (Knuth, TAOCP 6.4), ``bits`` bits of the product
``key * 0x9E3779B97F4A7C15 mod 2**64`` from bit ``shift`` up (:func:`home`): the top bits
(``shift = 64 - bits``) for the n-gram tables, bits 20 and up (:data:`LOCAL_ID_SHIFT`) for
:func:`local_ids`, measured faster on gram keys there; a row is folded word by word with
the same multiplier and a shift-xor (:func:`hash_row`). Probing: linear,
``h = (h + 1) & mask`` with ``mask = size - 1``, until the key or an empty slot.

Range: keys are int64 (negative keys hash as their two's complement); at most ``size / 2``
keys per table, so a probe always ends. No caller's output depends on the hash: ids are
numbered by first appearance, counts are summed in the caller's order and METEOR's states
by insertion, so the same inputs give the same numbers with any hash.

Why our own: numba compiles neither Python dicts of tuples nor ``np.unique`` as fast inside a
loop (``np.unique`` sorts; a typed dict boxes and allocates per key), and the tables here
are reused between segments without reallocation. The functions are ``lazy_njit`` kernels
(:mod:`evalkit.metrics.lazyjit`): modules compiled on first call import them directly;
modules decorated with ``numba.njit`` at import take :meth:`LazyKernel.dispatcher` of each.
The ``inline="always"`` ones are inlined into the caller's compiled code (numba caches the
caller with them; after editing this module, clear the callers' ``__pycache__`` entries).
"""

from __future__ import annotations

import numpy as np

from evalkit.metrics.lazyjit import lazy_njit

__all__ = [
    "HASH_MULT",
    "LOCAL_ID_SHIFT",
    "table_bits",
    "home",
    "probe",
    "local_ids",
    "hash_row",
    "probe_row",
]

HASH_MULT = np.uint64(0x9E3779B97F4A7C15)  # 2**64 / golden ratio, odd
#: :func:`local_ids` hashes with the product's bits from 20 up (ROUGE's gram ids)
LOCAL_ID_SHIFT = np.uint64(20)
_U29 = np.uint64(29)


@lazy_njit(cache=True, inline="always")
def table_bits(n):  # pragma: no cover - compiled
    """log2 of the table size for ``n`` keys: the smallest ``bits >= 4`` with
    ``2**bits >= 2 n``."""
    bits = 4
    while (1 << bits) < 2 * n:
        bits += 1
    return bits


@lazy_njit(cache=True, inline="always")
def home(key, shift, mask):  # pragma: no cover - compiled
    """The first slot probed for ``key``: its Fibonacci hash from bit ``shift`` up, masked."""
    return np.int64(((np.uint64(key) * HASH_MULT) >> shift) & np.uint64(mask))


@lazy_njit(cache=True, inline="always")
def probe(table_k, table_v, key, shift, mask):  # pragma: no cover - compiled
    """The slot holding ``key``, or the empty slot (``table_v < 0``) where it goes."""
    h = home(key, shift, mask)
    while table_v[h] >= 0 and table_k[h] != key:
        h = (h + 1) & mask
    return h


@lazy_njit(cache=True)
def local_ids(keys, nkeys, table_k, table_v, out):  # pragma: no cover - compiled
    """Dense ids 0..u-1 (first appearance) of ``keys[:nkeys]`` into ``out[:nkeys]``; returns u.

    ``table_k``/``table_v`` are scratch of at least ``2**table_bits(nkeys)`` slots."""
    size = 1 << table_bits(nkeys)
    mask = size - 1
    for x in range(size):
        table_v[x] = -1
    u = 0
    for i in range(nkeys):
        k = keys[i]
        h = probe(table_k, table_v, k, LOCAL_ID_SHIFT, mask)
        if table_v[h] < 0:
            table_k[h] = k
            table_v[h] = u
            u += 1
        out[i] = table_v[h]
    return u


@lazy_njit(cache=True, inline="always")
def hash_row(row, prev, n_words):  # pragma: no cover - compiled
    """64-bit hash of the key (``row[:n_words]``, ``prev``)."""
    h = np.uint64(prev + 7) * HASH_MULT
    for k in range(n_words):
        h = (h ^ row[k]) * HASH_MULT
        h ^= h >> _U29
    return h


@lazy_njit(cache=True, inline="always")
def probe_row(table_v, rows, prevs, row, prev, n_words):  # pragma: no cover - compiled
    """The slot of ``table_v`` (power-of-two size) whose entry ``e`` has ``rows[e] == row``
    and ``prevs[e] == prev``, or the empty slot where that entry goes."""
    mask = table_v.shape[0] - 1
    h = np.int64(hash_row(row, prev, n_words) & np.uint64(mask))
    while True:
        e = table_v[h]
        if e < 0:
            return h
        if prevs[e] == prev:
            same = True
            for k in range(n_words):
                if rows[e, k] != row[k]:
                    same = False
                    break
            if same:
                return h
        h = (h + 1) & mask
