"""Amigó et al. (2011) reliability, sensitivity, heterogeneity, gain: hand case and properties;
the §3 constraints on similarity measures."""

from collections import Counter

import numpy as np
import pandas as pd
import pytest
from hypothesis import Phase, find, given, settings, strategies as st

from evalkit.errors import ParameterError
from evalkit.stats import corroboration as co
from evalkit.stats.corroboration import (
    additive_reliability_pairs,
    build_pairs,
    heterogeneity,
    measure_set_table,
    reliability,
    reliability_gain,
    sample_measure_sets,
    sensitivity,
    threshold_curve,
)

# 2 inputs x 3 systems x 3 measures, with ties in Q and in the measures (values worked by hand
# in the comments below).
SCORES = {
    (1, "A"): (0.5, 0.6, 0.9),
    (1, "B"): (0.4, 0.7, 0.2),
    (1, "C"): (0.4, 0.1, 0.3),
    (2, "A"): (0.1, 0.2, 0.3),
    (2, "B"): (0.3, 0.2, 0.1),
    (2, "C"): (0.2, 0.5, 0.2),
}
HUMAN = {(1, "A"): 3, (1, "B"): 2, (1, "C"): 2, (2, "A"): 1, (2, "B"): 3, (2, "C"): 2}


def _frames(scores=SCORES, human=HUMAN, transform=lambda v: v):
    s = pd.DataFrame(
        [
            (i, sy, f"m{k + 1}", transform(v))
            for (i, sy), vals in scores.items()
            for k, v in enumerate(vals)
        ],
        columns=["instance", "system", "metric", "value"],
    )
    h = pd.DataFrame(
        [(i, sy, "quality", q) for (i, sy), q in human.items()],
        columns=["instance", "summarizer", "judgment", "value"],
    )
    return s, h


@pytest.fixture
def table():
    return build_pairs(*_frames())


def test_hand_computed_values(table):
    # 12 ordered pairs, 5 human improvements: 1(A,B) 1(A,C) 2(B,A) 2(B,C) 2(C,A)
    assert len(table.pairs) == 12 and table.human_better.sum() == 5
    assert reliability(table, ["m1"]) == 1.0 and sensitivity(table, ["m1"]) == 1.0
    assert reliability(table, ["m2"]) == pytest.approx(2 / 5) and sensitivity(
        table, ["m2"]
    ) == pytest.approx(2 / 5)
    assert reliability(table, ["m3"]) == pytest.approx(2 / 6) and sensitivity(
        table, ["m3"]
    ) == pytest.approx(2 / 5)
    assert reliability(table, ["m1", "m3"]) == 1.0 and sensitivity(
        table, ["m1", "m3"]
    ) == pytest.approx(2 / 5)
    assert reliability(table, ["m2", "m3"]) == pytest.approx(1 / 2)
    assert sensitivity(table, ["m2", "m3"]) == pytest.approx(1 / 5)
    assert reliability(table, ["m1", "m2", "m3"]) == 1.0
    assert heterogeneity(table, ["m1", "m2", "m3"]) == pytest.approx(10 / 12)
    assert heterogeneity(table, ["m1", "m2"]) == pytest.approx(4 / 12)


def test_threshold_curve_and_gain_by_hand(table):
    c = threshold_curve(table, "m2")
    assert c.threshold.tolist() == pytest.approx([0, 0.1, 0.3, 0.5, 0.6])
    assert c.reliability.tolist()[:4] == pytest.approx([0.4, 0.5, 0.5, 0.0])
    assert np.isnan(c.reliability.iloc[4])
    assert c.sensitivity.tolist() == pytest.approx([0.4, 0.4, 0.2, 0.0, 0.0])
    g = reliability_gain(table, ["m2", "m3"]).iloc[0]
    # S = .2: m2 at th=.3 gives R=.5; m3 at th=.6 gives R=1 -> gain .5 - 1
    assert g.best_single == 1.0 and g.best_measure == "m3" and g.gain == pytest.approx(-0.5)
    g = reliability_gain(table, ["m1", "m3"]).iloc[0]
    assert g.reliability == 1.0 and g.gain == 0.0


def test_formal_properties_on_random_data():
    rng = np.random.default_rng(0)
    rows, hum = [], []
    for i in range(15):
        q = rng.normal(size=6)
        hum += [(i, f"s{k}", q[k]) for k in range(6)]
        for m in range(5):
            vals = q + rng.normal(scale=0.3 + 0.3 * m, size=6)
            rows += [(i, f"s{k}", f"x{m}", round(vals[k], 1)) for k in range(6)]  # ties
    s = pd.DataFrame(rows, columns=["instance", "system", "metric", "value"])
    h = pd.DataFrame(hum, columns=["instance", "system", "value"])
    t = build_pairs(s, h)
    mono = build_pairs(s.assign(value=np.exp(3 * s.value) + 2), h)
    ms = t.measures
    for m in ms:
        assert heterogeneity(t, [m]) == 0.0
        c = threshold_curve(t, m)
        assert c.reliability.iloc[0] == pytest.approx(reliability(t, [m]))
        assert c.sensitivity.iloc[0] == pytest.approx(sensitivity(t, [m]))
        assert (np.diff(c.sensitivity) <= 1e-15).all()
        assert reliability(t, [m, m]) == reliability(t, [m])
    for x in sample_measure_sets(ms, [2, 3], 10, seed=1):
        for extra in ms:
            assert heterogeneity(t, list(x) + [extra]) >= heterogeneity(t, x)
            assert sensitivity(t, list(x) + [extra]) <= sensitivity(t, x)
        for f in (reliability, sensitivity, heterogeneity):
            assert f(mono, x) == f(t, x)  # invariant under strictly increasing transforms
    tab = measure_set_table(t, sample_measure_sets(ms, [2, 4], 5, seed=2))
    assert len(tab) == 10 and set(tab["size"]) == {2, 4}
    assert sample_measure_sets(ms, [3], 4, seed=7) == sample_measure_sets(ms, [3], 4, seed=7)
    add = additive_reliability_pairs(t)
    assert len(add) == 10
    assert add.difference.tolist() == pytest.approx(
        [
            reliability(t, [a, b]) - max(reliability(t, [a]), reliability(t, [b]))
            for a, b in zip(add.measure_a, add.measure_b)
        ]
    )


def test_full_heterogeneity_implies_full_reliability():
    # Two measures that disagree on every pair of system outputs; the reference output g has
    # maximal quality and maximal scores. Then H = 1 and every unanimous pair involves g: R = 1.
    rng = np.random.default_rng(3)
    scores, human = {}, {}
    for i in range(6):
        v = rng.permutation(5) / 10
        q = rng.normal(size=5)
        for k in range(5):
            scores[(i, f"s{k}")] = (v[k], -v[k])
            human[(i, f"s{k}")] = q[k]
        scores[(i, "g")] = (1.0, 1.0)
        human[(i, "g")] = 10.0
    t = build_pairs(*_frames(scores, human), references=["g"])
    assert heterogeneity(t, ["m1", "m2"]) == 1.0
    assert reliability(t, ["m1", "m2"]) == 1.0
    assert reliability(t, ["m1"]) < 1.0


def test_bad_input():
    s, h = _frames()
    with pytest.raises(ParameterError):
        build_pairs(s.iloc[1:], h)  # an output lacks one measure
    with pytest.raises(ParameterError):
        build_pairs(s, pd.concat([h, h.assign(judgment="other")]))  # which judgment?
    t = build_pairs(s, h)
    with pytest.raises(ParameterError):
        reliability(t, ["m9"])


# --------------------------------------------------------------------------- §3 constraints
units = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), min_size=1, max_size=7)
CONSTRAINT_SEARCH = settings(
    max_examples=300, deadline=None, database=None, phases=[Phase.generate]
)


def _matches(s, g):
    return sum((Counter(s) & Counter(g)).values())


def f_measure(s, g):
    return 2 * _matches(s, g) / (len(s) + len(g))


def precision(s, g):
    return _matches(s, g) / len(s)


def recall(s, g):
    return _matches(s, g) / len(g)


def reversed_f(s, g):
    return 1 - f_measure(s, g)


def random_measure(s, g):
    return np.random.default_rng(len(s) * 31 + len(g)).random()


def _all_hold(result):
    return all(v is not False for v in result.values())


@settings(max_examples=80, deadline=None)
@given(units, units)
def test_f_measure_and_ol_satisfy_the_three_constraints(s, g):
    """§3: the F measure of precision and recall satisfies them (footnote 1: not constraint 3
    when nothing overlaps, which the checker skips); Ol is an F-like overlap."""
    from evalkit.metrics.similarity import multiset_overlap

    assert _all_hold(co.similarity_constraints(f_measure, s, g))
    assert _all_hold(co.similarity_constraints(multiset_overlap, s, g))


@pytest.mark.parametrize(
    "measure, broken",
    [(precision, {1, 2}), (recall, {3}), (reversed_f, {1, 2, 3}), (random_measure, {2, 3})],
)
def test_precision_recall_reversed_and_random_measures_violate_them(measure, broken):
    """§3: precision alone, recall alone, the reversal and a random measure do not satisfy the
    constraints; hypothesis finds a violation of each constraint the paper's argument names."""
    for k in broken:
        find(
            st.tuples(units, units),
            lambda e: co.similarity_constraints(measure, *e)[k] is False,
            settings=CONSTRAINT_SEARCH,
        )


def test_similarity_constraints_by_hand():
    got = co.similarity_constraints(f_measure, ["a", "x"], ["a", "b"])
    # F = 1/2; adding b: 2*2/(3+2) = .8 > .5; removing x: 2/(1+2) = .67 > .5
    assert got == {1: True, 2: True, 3: True}
    assert co.similarity_constraints(recall, ["a", "x"], ["a", "b"]) == {1: True, 2: True, 3: False}
    assert co.similarity_constraints(f_measure, ["x"], ["a"])[3] is None  # nothing shared
