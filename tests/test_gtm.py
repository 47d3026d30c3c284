"""GTM (Turian et al. 2003): e = 1 is clipped unigram F; run-length exponent by hand."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.errors import ParameterError
from evalkit.metrics.gtm import GTM, gtm_runs

toks = st.lists(st.sampled_from(["a", "b", "c", "d", "é"]), max_size=12)


@settings(max_examples=100, deadline=None)
@given(toks, toks)
def test_exponent_one_is_clipped_unigram_overlap(h, r):
    overlap = sum((Counter(h) & Counter(r)).values())
    assert gtm_runs(h, r, 1.0) == overlap
    p = overlap / len(h) if h else 0.0
    rec = overlap / len(r) if r else 0.0
    f = 2 * p * rec / (p + rec) if p + rec else 0.0
    assert GTM(tokenize="none").corpus_score([" ".join(h)], [[" ".join(r)]]) == pytest.approx(
        f, rel=1e-12
    )


def test_run_length_exponent_by_hand():
    # "a b c d" vs "c d a b": two runs of 2 -> size = sqrt(2^2 + 2^2)
    assert gtm_runs("a b c d".split(), "c d a b".split(), 2) == 8.0
    g = GTM(exponent=2, tokenize="none")
    assert g.corpus_score(["a b c d"], [["c d a b"]]) == pytest.approx(math.sqrt(8) / 4)
    # the identical order is one run of 4 -> MMS = 4, F = 1
    assert g.corpus_score(["a b c d"], [["a b c d"]]) == pytest.approx(1.0)
    # greedy takes the longest run first: "b c d" (3), then "a" (1)
    assert gtm_runs("a b c d".split(), "b c d a".split(), 2) == 10.0


def test_corpus_runs_do_not_cross_segments_and_multiref():
    g = GTM(exponent=2, tokenize="none")
    stats = g.segment_statistics(["a b", "c d"], [["a b", "c d"]])
    assert stats.tolist() == [[2, 2, 4.0], [2, 2, 4.0]]
    assert g.score_from_statistics(stats.sum(axis=0)) == pytest.approx(math.sqrt(8) / 4)
    # best reference per segment by sentence F
    s2 = g.segment_statistics(["a b c"], [["x y"], ["a b c"]])
    assert s2.tolist() == [[3, 3, 9.0]]
    with pytest.raises(ParameterError):
        GTM(exponent=0.5)
