"""Bit counting on 64-bit words for evalkit's numba kernels: :func:`popcount`.

ROUGE-L's bit-parallel LCS (:mod:`evalkit.metrics.rouge_kernels`) reads table values as
popcounts of row words, and METEOR's stage search (:mod:`evalkit.metrics.meteor_search`)
counts used reference positions in bitsets of ``n_words`` words.

Formula: the SWAR population count (Knuth, TAOCP 7.1.3; Warren, *Hacker's Delight*, 5-1):
pairs, nibbles and bytes summed in place, then the bytes added by one multiplication by
``0x0101010101010101`` and read from the top byte. Range: 0-64 for a uint64 word.

Why our own: numba has no portable popcount intrinsic for uint64 on every target it
supports, and a lookup table costs memory traffic in the inner loops. A ``lazy_njit`` kernel
(:mod:`evalkit.metrics.lazyjit`); the eagerly compiled modules bind
:func:`~evalkit.metrics.lazyjit.compiled` of it.
"""

from __future__ import annotations

import numpy as np

from evalkit.metrics.lazyjit import lazy_njit

__all__ = ["popcount"]

_M1 = np.uint64(0x5555555555555555)
_M2 = np.uint64(0x3333333333333333)
_M4 = np.uint64(0x0F0F0F0F0F0F0F0F)
_H01 = np.uint64(0x0101010101010101)
_U1 = np.uint64(1)
_U2 = np.uint64(2)
_U4 = np.uint64(4)
_U56 = np.uint64(56)


@lazy_njit(cache=True, inline="always")
def popcount(x):  # pragma: no cover - compiled
    """The number of set bits of the uint64 ``x``, as int64."""
    x = x - ((x >> _U1) & _M1)
    x = (x & _M2) + ((x >> _U2) & _M2)
    x = (x + (x >> _U4)) & _M4
    return np.int64((x * _H01) >> _U56)
