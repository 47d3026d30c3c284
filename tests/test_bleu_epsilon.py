"""Sentence BLEU with Liu & Gildea's (2005) epsilon for zero n-gram precisions."""

from __future__ import annotations

import math

import pytest

from evalkit.errors import ParameterError
from evalkit.metrics.bleu import BLEU, sentence_bleu


def test_epsilon_replaces_zero_precisions_by_hand():
    # Liu & Gildea Figure 1: reference "I had a dog"; Hyp1 "I have the dog" shares only the
    # unigrams i, dog (2/4) and no bigram; Hyp2 "A dog I had" shares all unigrams and the
    # bigrams "a dog", "i had" (2/3), no trigram.
    h1 = sentence_bleu("i have the dog", ["i had a dog"], smoothing="epsilon", tokenize="none")
    h2 = sentence_bleu("a dog i had", ["i had a dog"], smoothing="epsilon", tokenize="none")
    assert h1.score == pytest.approx(
        100 * math.exp((math.log(2 / 4) + 3 * math.log(1e-3)) / 4), rel=1e-12
    )
    assert h2.score == pytest.approx(
        100 * math.exp((math.log(1) + math.log(2 / 3) + 2 * math.log(1e-3)) / 4), rel=1e-12
    )
    assert h2.score > h1.score  # BLEU prefers Hyp2, the paper's point
    assert h1.precisions[1] == pytest.approx(100 * 1e-3)


def test_epsilon_value_and_signature():
    b = BLEU(smoothing="epsilon", smooth_value=0.01, tokenize="none")
    s = b.sentence_score("a b c d", ["a b x y"])  # p = 2/4, 1/3, eps, eps
    assert s.score == pytest.approx(
        100 * math.exp((math.log(0.5) + math.log(1 / 3) + 2 * math.log(0.01)) / 4)
    )
    sig = b.signature() if hasattr(b, "signature") else b.get_signature()
    assert "smooth:epsilon[0.01]" in sig
    with pytest.raises(ParameterError):
        BLEU(smoothing="epsilon", smooth_value=0.0)
