"""The simulator's adjunct-reordered pairs (Owczarzak et al. 2007, SSST Section 4.1)."""

from __future__ import annotations

import pytest

from evalkit.data.simulate.reorder import adjunct_reordered_pairs
from evalkit.errors import ParameterError


def _words(s):
    return sorted(w.lower() for w in s.replace(",", " ").replace(".", " ").split())


def test_pairs_have_identical_words_and_a_fronted_adjunct():
    pairs = adjunct_reordered_pairs(50, seed=7)
    assert len(pairs) == 50
    for original, reordered in pairs:
        assert original != reordered
        assert _words(original) == _words(reordered)
        head = reordered.split(",")[0].lower()
        assert original.lower().rstrip(".").endswith(head)  # the fronted words ended the original
    assert adjunct_reordered_pairs(50, seed=7) == pairs
    assert adjunct_reordered_pairs(50, seed=8) != pairs


def test_bad_size():
    with pytest.raises(ParameterError):
        adjunct_reordered_pairs(0, seed=1)
