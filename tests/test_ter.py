"""TER through sacrebleu's tercom port: definitions by hand and the statistics identity."""

from __future__ import annotations

import pytest
import sacrebleu

from evalkit.metrics.ter import TER


def test_shift_counts_one_edit():
    # one block shift ("c d" to the front) = 1 edit over 4 reference words
    assert TER().corpus_score(["a b c d"], [["c d a b"]]) == pytest.approx(25.0)


def test_multi_reference_min_edits_over_average_length():
    # edits: 2 insertions vs ref1 (len 6), 2 deletions vs ref2 (len 2) -> 2 / mean(6, 2)
    stats = TER().segment_statistics(["a b c d"], [["a b c d e f"], ["a b"]])
    assert stats.tolist() == [[2.0, 4.0]]
    assert TER().score_from_statistics(stats.sum(axis=0)) == pytest.approx(50.0)


def test_case_and_statistics_identity():
    hyps = ["The Cat sat", "on the mat", ""]
    refs = [["the cat sat down", "on a mat", "x"]]
    t = TER()
    assert t.corpus_score(hyps, refs) == sacrebleu.TER().corpus_score(hyps, refs).score
    cs = TER(case_sensitive=True).segment_statistics(hyps, refs)
    assert cs[0, 0] == t.segment_statistics(hyps, refs)[0, 0] + 2  # "The", "Cat" now differ
    assert (
        TER().score_from_statistics([0, 0]) == 0.0 and TER().score_from_statistics([1, 0]) == 100.0
    )
    assert "case:lc" in t.signature()
