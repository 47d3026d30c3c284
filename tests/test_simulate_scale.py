"""The synthetic WMT-scale corpus: seeded, shaped as documented, quality ordered by system."""

from __future__ import annotations

import pytest

from evalkit.errors import ParameterError
from evalkit.data.simulate.scale import wmt_scale_corpus
from evalkit.metrics import get_metric


def test_seeded_shaped_and_ordered():
    systems, refs = wmt_scale_corpus(4, 300, seed=7, n_references=2)
    again, refs_again = wmt_scale_corpus(4, 300, seed=7, n_references=2)
    other, _ = wmt_scale_corpus(4, 300, seed=8, n_references=2)
    assert systems == again and refs == refs_again and systems != other
    assert list(systems) == ["sys00", "sys01", "sys02", "sys03"]
    assert len(refs) == 300 and all(len(r) == 2 for r in refs)
    assert all(len(h) == 300 for h in systems.values())
    assert all(5 <= len(r[0].split()) <= 40 for r in refs)
    assert all(len(h.split()) == len(r[0].split()) for h, r in zip(systems["sys00"], refs))
    bleu = get_metric("bleu")
    scores = [bleu.corpus_score(h, refs).score for h in systems.values()]
    assert scores == sorted(scores) and scores[0] < scores[-1]


def test_bad_sizes():
    with pytest.raises(ParameterError):
        wmt_scale_corpus(0, 10)
