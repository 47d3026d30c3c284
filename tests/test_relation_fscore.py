"""Relation F-score (Riezler & Maxwell 2005) and the word-window stand-in: the tuple
definition by hand, the corpus-wide numpy counting against the Counter definition."""

from __future__ import annotations

import numpy as np
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.relations import RelationFScore, window_relations
from evalkit.metrics.relations import fscore_statistics as relation_statistics
from evalkit.metrics.relations import window_fscore_statistics as window_relation_statistics


def test_relation_statistics_count_multiset_matches_and_f_is_2pr_over_p_plus_r():
    hyp = [[("subj", "saw", "he"), ("obj", "saw", "dog"), ("obj", "saw", "dog")], []]
    ref = [[("subj", "saw", "he"), ("obj", "saw", "dog"), ("adj", "dog", "big")], [("a", "b", "c")]]
    metric = RelationFScore()
    stats = metric.segment_statistics(hyp, ref)
    assert stats.tolist() == [[2, 3, 3], [0, 0, 1]]
    p, r = 2 / 3, 2 / 4  # summed tuples (2, 3, 4)
    assert metric.corpus_score(hyp, ref) == pytest.approx(2 * p * r / (p + r), rel=1e-15)
    assert metric.score_from_statistics(np.array([[0, 0, 0], [0, 5, 5]])).tolist() == [0.0, 0.0]
    with pytest.raises(ParameterError, match="ref_relations"):
        relation_statistics(hyp, ref[:1])
    with pytest.raises(ParameterError, match="stats_sum"):
        metric.score_from_statistics(np.zeros((2, 4)))


def test_window_relations():
    assert window_relations("a b c d".split(), window=2) == [
        ("a", "b"),
        ("a", "c"),
        ("b", "c"),
        ("b", "d"),
        ("c", "d"),
    ]
    assert window_relations(["x"], window=3) == []
    with pytest.raises(ParameterError, match="window"):
        window_relations(["x"], window=0)


def test_window_relation_statistics_equal_the_counter_definition():
    g = np.random.default_rng(8)
    words = ["a", "b", "c", "d", "the", "of"]
    hyps = [list(g.choice(words, size=g.integers(0, 12))) for _ in range(60)]
    refs = [list(g.choice(words, size=g.integers(0, 12))) for _ in range(60)]
    for window in (1, 2, 3, 5):
        fast = window_relation_statistics(hyps, refs, window)
        slow = relation_statistics(
            [window_relations(h, window) for h in hyps], [window_relations(r, window) for r in refs]
        )
        assert np.array_equal(fast, slow), window
    with pytest.raises(ParameterError, match="ref_tokens"):
        window_relation_statistics(hyps, refs[:3])


def test_window_f_by_hand():
    # window 2: hypothesis pairs (a,b) (a,c) (b,c); reference pairs (a,c) (a,b) (c,b): 2 match
    metric = get_metric("window-f", window=2)
    assert metric.segment_statistics(["A b c"], [["a c b", "a b c"]]).tolist() == [[2, 3, 3]]
    assert metric.corpus_score(["A b c"], [["a c b"]]) == 2 * 2 / (3 + 3)
    assert get_metric("window-f", window=1).corpus_score(["a b c"], [["a c b"]]) == 0.0
    assert get_metric("window-f", reference=1).corpus_score(["a b c"], [["x", "a b c"]]) == 1.0
    with pytest.raises(ParameterError, match="reference"):
        get_metric("window-f", reference=2).segment_statistics(["a"], [["a", "b"]])
