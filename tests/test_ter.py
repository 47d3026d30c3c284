"""TER (sacrebleu's tercom port, counted by evalkit's kernel): definitions by hand and the
statistics identity."""

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


# Cases derived by hand from the definition of Snover et al. (2006), "A Study of Translation
# Edit Rate with Targeted Human Annotation", Section 2: TER = (insertions + deletions +
# substitutions + shifts) / reference words, a shift moving any contiguous block any distance
# for one edit. Each is small enough that the minimum is evident, and tercom's greedy shift
# search reaches it (no tie between a shift and two plain edits).
SNOVER_CASES = [
    # the paper's own example: shift "this week", substitute "saudi arabia" -> "the saudis"
    # (two), insert "american": 4 edits over 13 reference words
    (
        "THIS WEEK THE SAUDIS denied information published in the new york times",
        "SAUDI ARABIA denied THIS WEEK information published in the AMERICAN new york times",
        4,
        13,
    ),
    ("a b c", "a x c", 1, 3),  # one substitution
    ("a b c d e", "a b d e", 1, 4),  # one deletion (of "c")
    ("", "a b c", 3, 3),  # three insertions
    ("b a", "a b", 1, 2),  # one shift of "b" (two plain edits without shifts)
    ("a b c d e f", "d e f a b c", 1, 6),  # one shift of a three-word block
    ("the cat", "the cat sat on the mat", 4, 6),  # four insertions
]


@pytest.mark.parametrize("hyp,ref,edits,ref_words", SNOVER_CASES)
def test_hand_cases_from_snover_definition(hyp, ref, edits, ref_words):
    assert TER().segment_statistics([hyp], [[ref]]).tolist() == [[edits, ref_words]]
    assert TER().corpus_score([hyp], [[ref]]) == pytest.approx(100.0 * edits / ref_words)
