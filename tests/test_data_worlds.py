"""Small simulated worlds (evalkit.data.worlds) and the course's estimators over them: seeded,
consistent with their own truth, refusing bad sizes."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.data import worlds
from evalkit.errors import ParameterError
from evalkit.papers import course


def test_same_seed_same_world_other_seed_other_world():
    a, b = (
        worlds.mt_world(n_documents=2, n_segments=10, seed=3),
        worlds.mt_world(n_documents=2, n_segments=10, seed=3),
    )
    c = worlds.mt_world(n_documents=2, n_segments=10, seed=4)
    pd.testing.assert_frame_equal(a.outputs, b.outputs)
    pd.testing.assert_frame_equal(a.judgments, b.judgments)
    assert not a.outputs["text"].equals(c.outputs["text"])
    s1, s2 = worlds.summarization_world(4, 2, seed=1), worlds.summarization_world(4, 2, seed=1)
    pd.testing.assert_frame_equal(s1.summaries, s2.summaries)


def test_the_truth_is_consistent_with_the_data():
    w = worlds.mt_world(qualities=(0.9, 0.2), n_documents=3, n_segments=24, n_judges=4, seed=0)
    assert len(w.outputs) == len(w.truth) == 2 * 24 and set(w.judges["judge"]) == {
        "J1",
        "J2",
        "J3",
        "J4",
    }
    assert set(w.judgments["judge"]) <= set(w.judges["judge"])
    mean = w.truth.groupby("system")["adequacy"].mean()
    assert np.allclose(w.systems.set_index("system")["true_score"], mean[w.systems["system"]])
    s = worlds.summarization_world(5, 3, seed=2)
    assert s.peers == ["1", "2", "3", "4", "5"] and len(s.topics) == 3
    assert (
        s.summaries.groupby("instance")["kind"].apply(lambda k: (k == "model").sum()) == 4
    ).all()
    peers = s.truth[s.truth["summarizer"].isin(s.peers)]
    truth = peers.groupby("summarizer")["content"].mean()
    assert np.allclose(s.systems.set_index("system")["true_score"], truth[s.peers])
    assert set(s.judgments["assessor"]) <= set(s.assessors["assessor"])


def test_scores_and_matrices():
    from evalkit.metrics import get_metric

    s = worlds.summarization_world(4, 2, seed=5)
    r1 = worlds.summary_scores(s, get_metric("rouge", method="1", score="R"))
    one = worlds.summary_scores(s, get_metric("rouge", method="1", score="R"), n_references=1)
    assert len(r1) == 4 * 2 and not np.allclose(r1["value"], one["value"])
    m = worlds.matrix(r1)
    assert m.shape == (4, 2) and list(m.index) == s.peers
    with pytest.raises(ParameterError, match="n_references"):
        worlds.summary_scores(s, get_metric("bleu"), n_references=9)


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: worlds.mt_world(qualities=(1.5,)), "qualities"),
        (lambda: worlds.mt_world(n_documents=2, n_segments=3), "n_segments"),
        (lambda: worlds.mt_world(n_judges=1), "n_judges"),
        (lambda: worlds.summarization_world(n_systems=2), "n_systems"),
        (lambda: worlds.spread_qualities(3, ties=3), "ties"),
    ],
)
def test_bad_sizes_are_refused_naming_the_parameter(call, name):
    with pytest.raises(ParameterError, match=name):
        call()


def test_judge_effects_recover_a_constant_bias():
    """Two judges rate every item; J2 is exactly one point more lenient: the residual of each is
    half the gap, with opposite signs, and no spread."""
    rows = [
        {
            "system": "S",
            "segment": f"g{i}",
            "judgment": "adequacy",
            "judge": j,
            "value": v + (1 if j == "J2" else 0),
        }
        for i, v in enumerate([1, 2, 3, 2])
        for j in ("J1", "J2")
    ]
    e = course.judge_effects(pd.DataFrame(rows)).set_index("judge")
    assert e.loc["J2", "bias"] == pytest.approx(0.5) and e.loc["J1", "bias"] == pytest.approx(-0.5)
    assert e["spread"].max() == pytest.approx(0.0) and e["n"].tolist() == [4, 4]


def test_rates_count_rejections_per_test_and_truth():
    reps = pd.DataFrame(
        {
            "test": ["t", "t", "t", "t"],
            "truly_equal": [True, True, False, False],
            "p_value": [0.01, 0.5, 0.01, 0.04],
        }
    )
    r = course.rates(reps, 0.05).set_index("truly_equal")
    assert r.loc[True, "rejections"] == 1 and r.loc[False, "rejections"] == 2
    assert r.loc[True, "proportion"] == 0.5 and r.loc[True, "ci_low"] < 0.5 < r.loc[True, "ci_high"]


def test_course_helpers():
    assert course.topic_sizes(30) == [1, 2, 5, 10, 20, 30] and course.topic_sizes(3) == [1, 2, 3]
    assert course.quality_levels(5, 2) == (0.85, 0.35, 0.85, 0.35, 0.85)
    w = worlds.mt_world(qualities=course.quality_levels(4, 2), n_documents=1, n_segments=4, seed=0)
    assert course.equal_pairs(w) == {("S1", "S3"), ("S2", "S4")}
