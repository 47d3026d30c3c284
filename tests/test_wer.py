"""WER, PER, m-gram PER (Leusch et al. 2005): against NLTK's edit distance and the definitions."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.metrics.distance import edit_distance

from evalkit.errors import ParameterError
from evalkit.metrics.wer import PER, WER, ErrorRate, levenshtein

toks = st.lists(st.sampled_from(["a", "b", "c", "d", "é", "日"]), max_size=15)


@settings(max_examples=150, deadline=None)
@given(toks, toks)
def test_levenshtein_equals_nltk(a, b):
    assert levenshtein(a, b) == edit_distance(a, b)


def _dper(h, r, m=1):
    g = lambda t: Counter(tuple(t[i : i + m]) for i in range(len(t) - m + 1))
    hc, rc = g(h), g(r)
    lh, lr = sum(hc.values()), sum(rc.values())
    return 0.5 * (abs(lh - lr) + sum(abs(hc[k] - rc[k]) for k in set(hc) | set(rc)))


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(toks, toks, toks), min_size=1, max_size=8), st.integers(1, 3))
def test_per_and_wer_single_and_two_references(rows, m):
    hyps = [" ".join(h) for h, _, _ in rows]
    r1 = [" ".join(r) for _, r, _ in rows]
    r2 = [" ".join(r) for _, _, r in rows]
    # single reference: all length rules agree; d_PER from the paper's 1/2(...) form
    per = PER(m=m, tokenize="none")
    stats = per.segment_statistics(hyps, [r1])
    for (h, r, _), (d, L) in zip(rows, stats):
        assert d == _dper(h, r, m)
        assert L == max(len(r) - m + 1, 0)
    wer = WER(tokenize="none", ref_length="average")
    wstats = wer.segment_statistics(hyps, [r1, r2])
    for (h, a, b), (d, L) in zip(rows, wstats):
        assert d == min(edit_distance(h, a), edit_distance(h, b))
        assert L == (len(a) + len(b)) / 2
    assert wer.corpus_score(hyps, [r1, r2]) == wer.score_from_statistics(wstats.sum(axis=0))


def test_reference_length_rules_by_hand():
    hyp = "a b c d"
    refs = [["a b c d e f g h"], ["a x c"]]  # d = 4 (rel 4/8 = .5), d = 2 (rel 2/3)
    assert WER(tokenize="none", ref_length="best").segment_statistics([hyp], refs).tolist() == [
        [4, 8]
    ]
    assert WER(tokenize="none", ref_length="nearest").segment_statistics([hyp], refs).tolist() == [
        [2, 3]
    ]
    assert WER(tokenize="none", ref_length="average").segment_statistics([hyp], refs).tolist() == [
        [2, 5.5]
    ]
    assert WER(tokenize="none", ref_length="avg_nearest").segment_statistics(
        [hyp], refs
    ).tolist() == [[2, 3]]
    refs2 = [["a b"], ["c d"]]  # equal distances -> avg_nearest averages both lengths
    assert WER(tokenize="none", ref_length="avg_nearest").segment_statistics(
        ["a b c"], refs2
    ).tolist() == [[1, 2]]


def test_validation_and_names():
    with pytest.raises(ParameterError):
        ErrorRate(kind="wer", m=2)
    with pytest.raises(ParameterError):
        WER(ref_length="longest")
    assert (
        PER(m=2).label == "2-PER" and PER(m=2).name == "per" and "reflen:best" in WER().signature()
    )
    assert WER().corpus_score(["Hello , world"], [["Hello, world!"]]) == pytest.approx(1 / 4)
    assert np.isinf(WER().score_from_statistics([1, 0]))


def test_two_per_with_sentence_boundaries():
    # "<s> a b </s>" vs "<s> b a </s>": bigrams share none -> d = 3 of 3
    per2 = PER(m=2, tokenize="none", boundaries="both")
    assert per2.segment_statistics(["a b"], [["b a"]]).tolist() == [[3, 3]]
    assert PER(m=2, tokenize="none").segment_statistics(["a b"], [["b a"]]).tolist() == [[1, 1]]
