"""The shared open-addressing table (``evalkit.metrics.hash_kernel``) against Python dicts,
on keys chosen to collide, and lazy kernels called across modules
(``evalkit.metrics.lazyjit``)."""

from __future__ import annotations

import importlib
import sys
import textwrap

import numpy as np
import pytest

from evalkit.metrics import hash_kernel as H
from evalkit.metrics.lazyjit import compiled


def _home(k, bits, shift=None):
    """The first slot of ``k``: from bit ``shift`` (default: the top ``bits`` bits) up."""
    shift = 64 - bits if shift is None else shift
    return (((k * int(H.HASH_MULT)) % 2**64) >> shift) & (2**bits - 1)


def _first_appearance(keys):
    ids = {}
    return [ids.setdefault(int(k), len(ids)) for k in keys], len(ids)


def test_table_bits_is_the_smallest_size_at_least_twice_the_keys_and_16():
    bits = compiled(H.table_bits)
    assert [bits(n) for n in (0, 1, 8, 9, 16, 17, 1000)] == [4, 4, 4, 5, 5, 6, 11]


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_local_ids_number_keys_by_first_appearance_even_when_all_collide(seed):
    rng = np.random.default_rng(seed)
    # five distinct keys with one home slot in the 16-slot table of 8 keys (linear probing
    # runs on from it), negative ones among them, in random order with repeats
    shift = int(H.LOCAL_ID_SHIFT)
    first = _home(-(10**6), 4, shift)
    same = [k for k in range(-(10**6), 10**6, 7919) if _home(k, 4, shift) == first][:5]
    assert len(same) == 5 and min(same) < 0
    keys = np.array(rng.permutation(same).tolist() + rng.choice(same, 3).tolist(), np.int64)
    table_k = np.empty(16, np.int64)
    table_v = np.empty(16, np.int64)
    out = np.empty(keys.shape[0], np.int64)
    u = compiled(H.local_ids)(keys, keys.shape[0], table_k, table_v, out)
    assert (out.tolist(), u) == _first_appearance(keys)
    wide = rng.integers(-50, 50, 3000).astype(np.int64) * 1_000_003
    size = 1 << compiled(H.table_bits)(wide.shape[0])
    out = np.empty(wide.shape[0], np.int64)
    scratch = np.empty(size, np.int64), np.empty(size, np.int64)
    u = compiled(H.local_ids)(wide, wide.shape[0], *scratch, out)
    assert (out.tolist(), u) == _first_appearance(wide)


def test_probe_finds_inserted_keys_and_the_empty_slot_of_new_ones():
    probe = compiled(H.probe)
    bits = 4
    same = [k for k in range(1, 10**5) if _home(k, bits) == _home(3, bits)][:5]
    table_k = np.zeros(16, np.int64)
    table_v = np.full(16, -1, np.int64)
    shift, mask = np.uint64(64 - bits), 15
    slots = []
    for i, k in enumerate(same):
        h = probe(table_k, table_v, k, shift, mask)
        assert table_v[h] < 0 and h not in slots
        table_k[h], table_v[h] = k, i
        slots.append(h)
    assert [probe(table_k, table_v, k, shift, mask) for k in same] == slots
    assert slots[0] == _home(3, bits)


def test_probe_row_tells_rows_and_previous_positions_apart():
    probe_row = compiled(H.probe_row)
    rng = np.random.default_rng(5)
    rows = rng.integers(0, 4, (60, 2)).astype(np.uint64)
    prevs = rng.integers(-1, 2, 60).astype(np.int64)
    table = np.full(16 * 16, -1, np.int64)
    stored_rows = np.zeros((60, 2), np.uint64)
    stored_prev = np.zeros(60, np.int64)
    seen, m = {}, 0
    for r, p in zip(rows, prevs):
        h = probe_row(table, stored_rows, stored_prev, r, p, 2)
        key = (int(r[0]), int(r[1]), int(p))
        if key in seen:
            assert table[h] == seen[key]
        else:
            assert table[h] < 0
            table[h] = m
            stored_rows[m], stored_prev[m] = r, p
            seen[key] = m
            m += 1
    assert m == len(set(seen)) < 60


_LIB = """
from evalkit.metrics.lazyjit import lazy_njit

@lazy_njit()
def twice(x):
    return 2 * x
"""

_USER = """
from evalkit.metrics.lazyjit import lazy_njit
from {lib} import twice

@lazy_njit()
def four_times(x):
    return twice(twice(x))
"""


@pytest.mark.parametrize("library_first", [True, False])
def test_a_lazy_kernel_calls_one_imported_from_another_module(tmp_path, library_first):
    lib, user = f"_lazy_lib_{library_first}", f"_lazy_user_{library_first}"
    (tmp_path / f"{lib}.py").write_text(textwrap.dedent(_LIB))
    (tmp_path / f"{user}.py").write_text(textwrap.dedent(_USER.format(lib=lib)))
    sys.path.insert(0, str(tmp_path))
    try:
        L = importlib.import_module(lib)
        U = importlib.import_module(user)
        if library_first:  # the library module compiled (and rebound) first
            assert L.twice(4) == 8
        assert U.four_times(3) == 12
        assert L.twice(5) == 10
        assert type(U.twice) is type(L.twice) is type(U.four_times)  # numba dispatchers
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop(lib, None)
        sys.modules.pop(user, None)


def test_popcount_counts_the_set_bits_of_uint64_words():
    from evalkit.metrics.bitset_kernel import popcount

    count = compiled(popcount)
    rng = np.random.default_rng(7)
    words = rng.integers(0, 2**63, 200, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
    words = np.concatenate([words, np.array([0, 1, 2**64 - 1, 2**63], dtype=np.uint64)])
    assert [count(w) for w in words] == [bin(int(w)).count("1") for w in words]
