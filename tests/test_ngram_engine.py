"""The n-gram engine's fast paths against plain-Python references on random corpora:
clipped counts (hash-table kernel) against ``Counter`` clipping, the joined encoding against
line-by-line encoding. BLEU's parity with sacrebleu is in ``tests/test_bleu.py``."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.metrics.ngrams import (
    TokenizedCorpus,
    Vocabulary,
    encode_joined,
    encode_tokens,
)
from evalkit.text.tokenize import LINE_SEP


def _ngrams(seq, n):
    return Counter(tuple(seq[i : i + n]) for i in range(len(seq) - n + 1))


def reference_clipped(hyp, refs, n):
    """sum_g min(c_h(g), max_r c_r(g)) and |ngrams_n(h)|: BLEU's and NIST's definition."""
    h = _ngrams(hyp, n)
    best = Counter()
    for r in refs:
        for g, c in _ngrams(r, n).items():
            best[g] = max(best[g], c)
    return sum(min(c, best[g]) for g, c in h.items()), max(len(hyp) - n + 1, 0)


def _corpus(hyps, refs, max_order):
    vocab = Vocabulary()
    flat = [r for seg in refs for r in seg]
    rid, rlen, _ = encode_tokens(flat, vocab)
    hid, hlen, V = encode_tokens(hyps, vocab)
    nrefs = np.array([len(seg) for seg in refs], dtype=np.int64)
    return TokenizedCorpus.build(hid, hlen, rid, rlen, nrefs, V, max_order), vocab


_TEXT = st.lists(st.integers(0, 6), max_size=40)  # few word types: many repeated n-grams


@st.composite
def corpora(draw):
    n = draw(st.integers(1, 8))
    hyps = draw(st.lists(_TEXT, min_size=n, max_size=n))
    refs = [draw(st.lists(_TEXT, min_size=1, max_size=4)) for _ in range(n)]
    return hyps, refs


def reference_lengths(hyp, refs):
    """Closest reference length (ties: the shorter), shortest, summed: BLEU's definition."""
    lens = [len(r) for r in refs]
    return min(lens, key=lambda r: (abs(len(hyp) - r), r)), min(lens), sum(lens)


@settings(max_examples=200, deadline=None)
@given(corpora(), st.integers(1, 5), st.sampled_from(["numba", "python"]))
def test_clipped_counts_equal_counter_reference(corpus, max_order, engine):
    # both engines: the numba kernel (large inputs) and the Counter path (small inputs,
    # no numba import); "auto" picks one of them by size
    hyps, refs = corpus
    corpus_, _ = _corpus(hyps, refs, max_order)
    for n in range(1, max_order + 1):
        match, total, _ = corpus_.clipped(n, engine=engine)
        expected = [reference_clipped(h, r, n) for h, r in zip(hyps, refs)]
        assert list(zip(match.tolist(), total.tolist())) == expected
    lengths = np.array(corpus_.ref_lengths(engine=engine)).T.tolist()
    assert lengths == [list(reference_lengths(h, r)) for h, r in zip(hyps, refs)]


@settings(max_examples=100, deadline=None)
@given(corpora(), st.integers(1, 4), st.randoms(use_true_random=False))
def test_information_weighted_sum_is_exact_and_in_key_order(corpus, max_order, rnd):
    # NIST: sum_g info(g) * clip(g) must be bit-identical to adding in ascending key order
    hyps, refs = corpus
    corpus_, _ = _corpus(hyps, refs, max_order)
    ids, off = corpus_.ids.tolist(), corpus_.offsets.tolist()
    for n in range(1, max_order + 1):
        keys = corpus_.keys[n - 1]
        ukeys = np.unique(keys[corpus_.ref_positions(n)])
        weights = np.array([rnd.uniform(0.0, 10.0) for _ in ukeys])
        _, _, winfo = corpus_.clipped(n, ukeys, weights)
        for s, (h, r) in enumerate(zip(hyps, refs)):
            key_of = {
                tuple(ids[p : p + n]): int(keys[p]) for p in range(off[s], off[s + 1] - n + 1)
            }
            best = Counter()
            for rr in r:
                for g, c in _ngrams(rr, n).items():
                    best[g] = max(best[g], c)
            # the corpus ids are the encoded tokens; map the test's n-grams through them
            enc = {
                tuple(h[i : i + n]): tuple(ids[off[s] + i : off[s] + i + n])
                for i in range(len(h) - n + 1)
            }
            clip = {g: min(c, best[g]) for g, c in _ngrams(h, n).items() if min(c, best[g]) > 0}
            w = 0.0
            for g in sorted(clip, key=lambda g: key_of[enc[g]]):
                w += weights[np.searchsorted(ukeys, key_of[enc[g]])] * clip[g]
            assert winfo[s] == w


def test_colliding_hash_slots_and_long_segments():
    # keys chosen to land in the same slot of the smallest table (16 slots): linear probing
    # must still keep them apart; and a segment longer than any other grows the table
    from evalkit.metrics.hash_kernel import HASH_MULT

    def slot(k, bits=4):
        return ((k * int(HASH_MULT)) % 2**64) >> (64 - bits)

    same = [k for k in range(1, 5000) if slot(k) == slot(1)][:6]
    assert len(same) == 6
    # a hypothesis of the six colliding "words", references with some of them repeated
    hyp = same + same[:2]
    refs = [[same[0], same[0], same[3]], [same[1], same[5], same[5], same[0]]]
    vocab_size = max(same) + 1
    ids = np.array(hyp + refs[0] + refs[1], dtype=np.int64)
    lens = np.array([len(hyp), len(refs[0]), len(refs[1])], dtype=np.int64)
    corpus = TokenizedCorpus.build(
        ids[: len(hyp)], lens[:1], ids[len(hyp) :], lens[1:], np.array([2]), vocab_size, 1
    )
    match, total, _ = corpus.clipped(1)
    assert (match[0], total[0]) == reference_clipped(hyp, refs, 1) == (5, 8)
    long_hyp = list(range(300)) * 2
    c2, _ = _corpus([long_hyp, [1, 2]], [[list(range(150))], [[2, 1]]], 2)
    m2, t2, _ = c2.clipped(2)
    assert m2.tolist() == [reference_clipped(long_hyp, [list(range(150))], 2)[0], 0]
    assert t2.tolist() == [599, 1]


@settings(max_examples=100, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["a", "b", "ß", "日本", ".", ""]).filter(bool), max_size=6),
        max_size=8,
    )
)
def test_encode_joined_equals_encode_tokens(lines):
    joined = []
    for i, toks in enumerate(lines):
        if i:
            joined.append(LINE_SEP)
        joined.extend(toks)
    v1, v2 = Vocabulary(), Vocabulary()
    ids1, lens1, _ = encode_tokens(lines, v1)
    ids2, lens2, _ = encode_joined(joined, len(lines), v2)
    assert lens1.tolist() == lens2.tolist()
    # same tokens <-> same ids (the separator takes an id of its own)
    inv1 = {i: t for t, i in v1.items()}
    inv2 = {i: t for t, i in v2.items()}
    assert [inv1[i] for i in ids1.tolist()] == [inv2[i] for i in ids2.tolist()]


def test_vocabulary_assigns_ids_in_order_of_first_occurrence():
    v = Vocabulary()
    assert [v[t] for t in ["x", "y", "x", "z"]] == [0, 1, 0, 2]
    ids, lens, V = encode_tokens([["y", "w"], []], v)
    assert ids.tolist() == [1, 3] and lens.tolist() == [2, 0] and V == 4
    with pytest.raises(Exception):
        encode_joined(["a", LINE_SEP, "b"], 3, Vocabulary())


def test_cached_references_are_not_extended_by_hypotheses():
    # scoring many systems against cached references must not grow their vocabulary (it
    # sets the key packing base V), and must not change later results
    from evalkit.metrics.bleu import BLEU

    refs = [["the cat sat on the mat .", "a dog , 3.5 kg ."]]
    cached = BLEU(references=refs)
    size = len(cached._ref_cache.vocab)
    systems = [
        ["new words here .", "a dog barked"],
        ["zebra cat sat", "3.5 kg dog"],
        ["new words here .", "a dog barked"],
    ]
    got = [cached.segment_statistics(h) for h in systems]
    assert len(cached._ref_cache.vocab) == size
    for h, g in zip(systems, got):
        assert np.array_equal(g, BLEU().segment_statistics(h, refs))
