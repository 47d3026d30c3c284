"""Pyramid scores on hand-built pyramids; every expected value is computed by hand in the comment.

The pyramid: models A, B, C, D; SCUs s1 (A B C D, weight 4), s2 (A B C, 3), s3 (A B, 2),
s4 (C, 1), s5 (D, 1). Model SCU counts 3, 3, 3, 2 -> X = 2.75. Sorted weights 4 3 2 1 1:
Max(2.75) = 4 + 3 + 0.75 * 2 = 8.5; Max(3) = 9; Max(2) = 7. Peer p1 expresses s1 and s4
(D = 5), peer p2 s2, s3, s5 (D = 6).
"""

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import pyramid as P
from evalkit.metrics.model_subsets import subset_score_table

MEMBERS = {"s1": "ABCD", "s2": "ABC", "s3": "AB", "s4": "C", "s5": "D"}
ASPECTS = {"s1": ("what",), "s2": ("when",), "s3": ("what", "where"), "s4": ("what",), "s5": ()}


def _frames():
    scus = pd.DataFrame(
        {
            "instance": "T1",
            "scu": list(MEMBERS),
            "label": [f"label {s}" for s in MEMBERS],
            "weight": [float(len(v)) for v in MEMBERS.values()],
            "aspects": [ASPECTS[s] for s in MEMBERS],
        }
    )
    contrib = pd.DataFrame(
        [("T1", s, m, f"text of {s}", None, None) for s, ms in MEMBERS.items() for m in ms],
        columns=["instance", "scu", "summarizer", "contributor", "start", "end"],
    )
    peer = pd.DataFrame(
        [
            ("T1", "p1", "s1"),
            ("T1", "p1", "s4"),
            ("T1", "p2", "s2"),
            ("T1", "p2", "s3"),
            ("T1", "p2", "s5"),
        ],
        columns=["instance", "summarizer", "scu"],
    )
    return scus, contrib, peer


@pytest.fixture
def pyr():
    scus, contrib, peer = _frames()
    return P.build_pyramids(scus, contrib, peer, models="ABCD")["T1"]


def test_max_weight_and_rounding_options():
    w = [1, 4, 2, 1, 3]
    assert P.max_weight(w, 2.75) == pytest.approx(8.5)
    assert P.max_weight(w, 2.75, "half_even") == 9
    assert P.max_weight(w, 2.5, "half_even") == 7  # round(2.5) = 2
    assert P.max_weight(w, 2.5, "half_up") == 9
    assert P.max_weight(w, 2.75, "floor") == 7
    assert P.max_weight(w, 2.25, "ceil") == 9
    assert P.max_weight(w, 9) == 11  # X beyond the pyramid: every SCU
    assert P.pyramid_score(5, w, 2.75, decimals=4) == 0.5882
    assert P.pyramid_score(5, [], 2.0) == 0.0
    with pytest.raises(ParameterError):
        P.max_weight(w, 2, "banker")
    with pytest.raises(ParameterError):
        P.max_weight(w, -1)


def test_modified_and_original_scores(pyr):
    assert list(pyr.weights_from()) == [4, 3, 2, 1, 1]
    sc = P.score_pyramid(pyr).set_index("summarizer")
    assert sc.at["p1", "score"] == pytest.approx(5 / 8.5)
    assert sc.at["p2", "score"] == pytest.approx(6 / 8.5)
    assert sc.at["p1", "x"] == 2.75
    assert P.score_pyramid(pyr, rounding="half_even").set_index("summarizer").at[
        "p1", "score"
    ] == pytest.approx(5 / 9)
    orig = P.score_pyramid(pyr, method="original").set_index("summarizer")
    assert orig.at["p1", "score"] == pytest.approx(5 / 7)  # X = its own 2 SCUs
    assert orig.at["p2", "score"] == pytest.approx(6 / 9)  # 3 SCUs: Max(3) = 4 + 3 + 2
    # a model against the full pyramid scores its own SCUs: A = s1 s2 s3 = 9 / 8.5
    assert sc.at["A", "score"] == pytest.approx(9 / 8.5)


def test_pyramid_from_a_subset_of_models(pyr):
    # {A, B}: s1 s2 s3 weight 2, s4 s5 dropped; X = 3, Max = 6; p1 keeps only s1 -> 2 / 6
    sc = P.score_pyramid(pyr, ["A", "B"]).set_index("summarizer")
    assert sc.at["p1", "score"] == pytest.approx(1 / 3)
    assert sc.at["p2", "score"] == pytest.approx(4 / 6)
    # one model: weight 1 each; score = share of that model's SCUs found: {C} = s1 s2 s4
    one = P.score_pyramid(pyr, ["C"]).set_index("summarizer")
    assert one.at["p1", "score"] == pytest.approx(2 / 3)
    assert one.at["p2", "score"] == pytest.approx(1 / 3)
    with pytest.raises(ParameterError):
        P.score_pyramid(pyr, ["Z"])


def test_jackknife(pyr):
    jk = P.jackknife_scores({"T1": pyr}).set_index("summarizer")
    # p1: -A and -B: weights 3 2 1 1 1, X = 8/3, Max = 17/3, D = 4; -C: Max = 19/3, D = 3;
    # -D: weights 3 3 2 1, X = 3, Max = 8, D = 4
    assert jk.at["p1", "score"] == pytest.approx((12 / 17 * 2 + 9 / 19 + 0.5) / 4)
    assert jk.at["p1", "folds"] == 4
    # model D against A B C: weights 3 3 2 1 (s5 dropped), X = 3, Max = 8; own SCUs s1 s5 -> 3 / 8
    assert jk.at["D", "score"] == pytest.approx(3 / 8)
    assert jk.at["D", "folds"] == 1


def test_subset_table_equals_direct_scores(pyr):
    table, subsets = subset_score_table({"T1": pyr}, 2, ["p1", "p2", "A"])
    assert table.shape == (1, 6, 3)
    for j, sub in enumerate(subsets[0]):
        direct = P.score_pyramid(pyr, list(sub)).set_index("summarizer")["score"]
        assert table[0, j, 0] == pytest.approx(direct["p1"])
        assert table[0, j, 1] == pytest.approx(direct["p2"])
        assert np.isnan(table[0, j, 2]) == ("A" in sub)


def test_weight_distribution_and_aspects(pyr):
    wd = P.weight_distribution({"T1": pyr})
    assert wd.set_index("weight")["n_scus"].to_dict() == {1: 2, 2: 1, 3: 1, 4: 1}
    asp = P.aspect_scores({"T1": pyr}).set_index(["summarizer", "aspect"])
    # "what" = s1 s3 s4 (4 2 1); per-model counts 2 2 2 1 -> X = 1.75, Max = 4 + 0.75 * 2 = 5.5
    assert asp.at[("p1", "what"), "score"] == pytest.approx(5 / 5.5)
    assert asp.at[("p2", "what"), "score"] == pytest.approx(2 / 5.5)
    # "when" = s2 alone (3); X = 0.75 -> Max = 2.25; p2 found it
    assert asp.at[("p2", "when"), "score"] == pytest.approx(3 / 2.25)
    assert asp.at[("p1", "what"), "n_scus"] == 3 and asp.at[("p1", "what"), "found"] == 2


def test_autoannotate_matches_normalized_contributors(pyr):
    _, contrib, _ = _frames()
    texts = {
        "p1": "Some TEXT   of s2 here.",
        "p2": "nothing relevant",
        "p3": "text of s5 and text of s1",
    }
    auto = P.autoannotate(pyr, texts, contrib)
    got = auto.groupby("summarizer")["scu"].apply(list).to_dict()
    assert got == {"p1": ["s2"], "p3": ["s1", "s5"]}
    # sources restricted to model C: only s1 s2 s4 can be found
    auto_c = P.autoannotate(pyr, texts, contrib, sources={k: ["C"] for k in texts})
    assert auto_c.groupby("summarizer")["scu"].apply(list).to_dict() == {"p1": ["s2"], "p3": ["s1"]}
    assert P.normalize_text("A,  B.\nc", punctuation=True) == "a b c"


def test_unknown_scus_and_missing_contributors_are_errors():
    scus, contrib, peer = _frames()
    bad = pd.concat([peer, pd.DataFrame([("T1", "p3", "s9")], columns=peer.columns)])
    with pytest.raises(ParameterError):
        P.build_pyramids(scus, contrib, bad, models="ABCD")
    pyr = P.build_pyramids(scus, None, peer, models="ABCD")["T1"]
    assert pyr.membership is None
    with pytest.raises(ParameterError):
        P.score_pyramid(pyr)  # the modified score needs X
    orig = P.score_pyramid(pyr, method="original").set_index("summarizer")
    assert orig.at["p1", "score"] == pytest.approx(5 / 7)
