"""NIST: parity with NLTK's corpus_nist (tokenization aligned), mteval semantics by hand."""

from __future__ import annotations

import math
from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.translate.nist_score import corpus_nist as nltk_corpus_nist

from evalkit.errors import ParameterError
from evalkit.metrics.nist import MTEVAL_BETA, NIST, nist_length_penalty

pytestmark = pytest.mark.parity

tokens = st.lists(st.sampled_from(["a", "b", "c", "d", "é", "日本", ",", "."]), max_size=12)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(tokens, tokens), min_size=1, max_size=12))
def test_nltk_parity_single_reference(pairs):
    # NLTK's corpus_nist and mteval agree for one reference per segment (NLTK picks the
    # best reference instead of clipping to the maximum count over references). Both get
    # the same whitespace tokens; NLTK needs hypothesis n-grams of every order.
    pairs = pairs + [(list("abcdeab"), list("abcdeba"))]
    hyps = [" ".join(h) for h, _ in pairs]
    refs = [" ".join(r) for _, r in pairs]
    if sum(len(r) for _, r in pairs) == 0:
        return
    expected = nltk_corpus_nist([[r] for _, r in pairs], [h for h, _ in pairs], n=5)
    ours = NIST(tokenize="none")
    score = ours.corpus_score(hyps, [refs]).score
    assert score == pytest.approx(expected, rel=1e-12, abs=1e-12)
    stats = ours.segment_statistics(hyps, [refs])
    assert ours.score_from_statistics(stats.sum(axis=0)) == score


def test_nltk_parity_13a_tokenization():
    hyps = ["The cat sat on the mat.", "It's 5.5 percent, he said!", "Ça va?"]
    refs = ["The cat is on the mat.", "It is 5.5 percent, he said.", "Ça va bien?"]
    from evalkit.text.tokenize import tokenize_words

    expected = nltk_corpus_nist(
        [[tokenize_words(r)] for r in refs], [tokenize_words(h) for h in hyps], n=5
    )
    assert NIST().corpus_score(hyps, [refs]).score == pytest.approx(expected, rel=1e-12)


def test_length_penalty_constants():
    # beta = ln 0.5 / ln^2 1.5 = -4.216174 (notes: Riezler & Maxwell, Doddington 2002)
    assert MTEVAL_BETA == pytest.approx(-4.216174, abs=1e-6)
    assert nist_length_penalty(2 / 3) == pytest.approx(0.5, rel=1e-12)
    assert nist_length_penalty(1.2) == 1.0 and nist_length_penalty(0.0) == 0.0


def _by_hand(hyps, refsets, N=5):
    """mteval-v13a NIST written out from the definition (multi-reference clipping)."""
    grams = lambda toks, n: Counter(tuple(toks[i : i + n]) for i in range(len(toks) - n + 1))
    allref = Counter()
    words = 0
    for rs in refsets:
        for r in rs:
            words += len(r)
            for n in range(1, N + 1):
                allref.update(grams(r, n))
    info = {g: math.log2((allref[g[:-1]] if len(g) > 1 else words) / c) for g, c in allref.items()}
    num, den = [0.0] * N, [0] * N
    for h, rs in zip(hyps, refsets):
        for n in range(1, N + 1):
            hc = grams(h, n)
            mx = Counter()
            for r in rs:
                mx |= grams(r, n)
            num[n - 1] += sum(info[g] * min(c, mx[g]) for g, c in hc.items() if g in mx)
            den[n - 1] += sum(hc.values())
    sys_len = sum(len(h) for h in hyps)
    ref_len = sum(sum(len(r) for r in rs) / len(rs) for rs in refsets)
    return sum(a / max(b, 1) for a, b in zip(num, den)) * nist_length_penalty(sys_len / ref_len)


def test_multi_reference_mteval_semantics():
    hyps = ["a b a b c", "x y z", "a"]
    refsets = [["a b c a b", "b a b a"], ["x y", "y z x w"], ["a b", "c"]]
    streams = [[rs[0] for rs in refsets], [rs[1] for rs in refsets]]
    expected = _by_hand([h.split() for h in hyps], [[r.split() for r in rs] for rs in refsets])
    assert NIST(tokenize="none").corpus_score(hyps, streams).score == pytest.approx(
        expected, rel=1e-12
    )


def test_sentence_scores_use_corpus_info_and_validation():
    n = NIST(tokenize="none")
    hyps, refs = ["a b c", "a d"], [["a b c", "a d e"]]
    stats = n.segment_statistics(hyps, refs)
    sent = n.sentence_scores(hyps, refs)
    assert sent[0] == n.score_from_statistics(stats[0])
    assert np.all(stats[:, 0] == [3, 2])
    with pytest.raises(ParameterError):
        NIST(max_ngram_order=0)
    with pytest.raises(ParameterError):
        n.score_from_statistics([1.0, 2.0])
    assert n.signature().startswith("nist|")


def test_resampled_rows_equal_nist_with_fixed_info_weights():
    # Riezler & Maxwell (2005): info weights are computed once from the full reference side
    # and kept fixed; summed rows of a resample give NIST of the resampled corpus under them.
    rng = np.random.default_rng(7)
    vocab = list("abcdef")
    hyps = [" ".join(rng.choice(vocab, size=rng.integers(1, 9))) for _ in range(15)]
    r1 = [" ".join(rng.choice(vocab, size=rng.integers(1, 9))) for _ in range(15)]
    r2 = [" ".join(rng.choice(vocab, size=rng.integers(1, 9))) for _ in range(15)]
    n = NIST(tokenize="none")
    stats = n.segment_statistics(hyps, [r1, r2])
    idx = rng.integers(0, 15, size=15)
    grams = lambda toks, k: Counter(tuple(toks[i : i + k]) for i in range(len(toks) - k + 1))
    allref, words = Counter(), 0
    for r in r1 + r2:
        t = r.split()
        words += len(t)
        for k in range(1, 6):
            allref.update(grams(t, k))
    info = {g: math.log2((allref[g[:-1]] if len(g) > 1 else words) / c) for g, c in allref.items()}
    num, den, sys_len, ref_len = [0.0] * 5, [0] * 5, 0, 0.0
    for i in idx:
        h, rs = hyps[i].split(), [r1[i].split(), r2[i].split()]
        sys_len += len(h)
        ref_len += (len(rs[0]) + len(rs[1])) / 2
        for k in range(1, 6):
            mx = grams(rs[0], k) | grams(rs[1], k)
            hc = grams(h, k)
            num[k - 1] += sum(info[g] * min(c, mx[g]) for g, c in hc.items() if g in mx)
            den[k - 1] += sum(hc.values())
    expected = sum(a / max(b, 1) for a, b in zip(num, den)) * nist_length_penalty(sys_len / ref_len)
    assert n.score_from_statistics(stats[idx].sum(axis=0)) == pytest.approx(expected, rel=1e-12)


def test_sentence_boundaries_add_ngrams():
    plain = NIST(tokenize="none").segment_statistics(["a b"], [["a b"]])
    both = NIST(tokenize="none", boundaries="both").segment_statistics(["a b"], [["a b"]])
    assert plain[0, 0] == 2 and both[0, 0] == 4  # "<s> a b </s>"
    assert both[0, 2 + 5 + 1] == 3  # three bigrams instead of one
    assert "bound:both" in NIST(boundaries="both").signature()


def test_segment_info_weights_equal_one_segment_corpora():
    n = NIST(tokenize="none")
    hyps, r1, r2 = ["a b c", "a d e f"], ["a b c d", "a d"], ["b c", "e f a"]
    per_seg = n.sentence_scores(hyps, [r1, r2], info_weights="segment")
    for i in range(2):
        expected = _by_hand([hyps[i].split()], [[r1[i].split(), r2[i].split()]])
        assert per_seg[i] == pytest.approx(expected, rel=1e-12)
    corpus_info = n.sentence_scores(hyps, [r1, r2])
    assert not np.allclose(per_seg, corpus_info)
    with pytest.raises(ParameterError):
        n.sentence_scores(hyps, [r1], info_weights="global")
