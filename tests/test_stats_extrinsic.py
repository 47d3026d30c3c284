"""Relevance-Prediction, LDC-Agreement, judgment outcomes, random partitions, Likert and
cross-comprehension rates against hand-computed cases and the papers' counts.

Dorr et al. (2005) Table 6 prints the outcome counts of 600 judgments per surrogate
(HEAD 211/27/117/245, HUM 251/35/77/237); the shares and RP follow from them alone.
Kolluru & Gotoh (2005) Table 3 prints the grades of A's summary under B's, C's and D's
questions; Murray et al. (2005) Tables 1-2 print means of 30 ratings.
"""

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats import crosscomp, extrinsic, likert, partitions, printed

TABLE6 = {"HEAD": (211, 27, 117, 245), "HUM": (251, 35, 77, 237)}


def _judgments_with_counts(counts, surrogate="HEAD"):
    """600 (subject, document) pairs whose surrogate/document outcomes have the given counts."""
    rows = []
    k = 0
    for (s, d), c in zip([(1, 1), (1, 0), (0, 1), (0, 0)], counts):
        for _ in range(c):
            subj, doc = f"S{k % 10}", f"D{k // 10:03d}"
            rows.append(
                {
                    "subject": subj,
                    "event": "E1",
                    "document": doc,
                    "presentation": surrogate,
                    "judgment": s,
                }
            )
            rows.append(
                {
                    "subject": subj,
                    "event": "E1",
                    "document": doc,
                    "presentation": "DOC",
                    "judgment": d,
                }
            )
            k += 1
    return pd.DataFrame(rows)


@pytest.mark.parametrize("surrogate", ["HEAD", "HUM"])
def test_table6_shares_and_rp_from_counts(surrogate):
    counts = TABLE6[surrogate]
    j = _judgments_with_counts(counts, surrogate)
    out = extrinsic.judgment_outcomes(j, surrogate).set_index("outcome")
    assert out["count"].tolist() == list(counts) + [600]
    assert out["share"][:4].tolist() == pytest.approx([c / 600 for c in counts])
    rp = extrinsic.relevance_prediction(j, surrogate)
    assert rp == pytest.approx((counts[0] + counts[3]) / 600)
    assert round(100 * rp) == {"HEAD": 76, "HUM": 81}[surrogate]


def test_rp_ldc_and_outcome_scores_by_hand():
    j = pd.DataFrame(
        {
            "subject": ["a", "a", "a", "a", "b", "b", "b", "b"],
            "event": "E",
            "document": ["d1", "d1", "d2", "d2"] * 2,
            "presentation": ["HEAD", "DOC"] * 4,
            "judgment": [1, 1, 0, 1, 1, 0, 0, 0],
            "seconds": [2.0, 10, 4, 10, 6, 10, 8, 10],
        }
    )
    gold = pd.DataFrame({"event": "E", "document": ["d1", "d2"], "relevant": [1, 0]})
    # pairs: a-d1 1/1 hit, a-d2 0/1 miss, b-d1 1/0 miss, b-d2 0/0 hit
    assert extrinsic.relevance_prediction(j, "HEAD") == 0.5
    # HEAD vs gold: a-d1 1=1, a-d2 0=0, b-d1 1=1, b-d2 0=0
    assert extrinsic.ldc_agreement(j, gold, "HEAD") == 1.0
    assert extrinsic.ldc_agreement(j, gold, "DOC") == 0.5
    scores = pd.Series([0.3, 0.1], index=pd.MultiIndex.from_tuples([("E", "d1"), ("E", "d2")]))
    out = extrinsic.judgment_outcomes(j, "HEAD", scores).set_index("outcome")
    assert out.loc["Rel/Rel", "score_mean"] == 0.3 and out.loc["NonRel/Rel", "seconds"] == 4
    assert out.loc["TOTAL", "score_sd"] == pytest.approx(np.std([0.3, 0.1, 0.3, 0.1]))
    items = extrinsic.item_agreement(j, gold, "HEAD", "rp")
    assert items.tolist() == [0.5, 0.5]
    table = extrinsic.agreement_rates(j, gold, ["HEAD"])
    assert table.set_index("event").loc["overall", "seconds"] == 5.0


def test_missing_full_text_judgment_is_an_error():
    j = _judgments_with_counts((1, 0, 0, 1))
    j = j.drop(index=1)
    with pytest.raises(ParameterError, match="full-text"):
        extrinsic.relevance_prediction(j, "HEAD")
    with pytest.raises(ParameterError):
        extrinsic.relevance_prediction(j.assign(judgment=2), "HEAD")


def test_random_partitions_are_partitions_and_seeded():
    p = partitions.random_partitions(60, 4, 50, seed=3)
    assert p.shape == (50, 15, 4)
    assert all(sorted(row.ravel()) == list(range(60)) for row in p)
    assert np.array_equal(p, partitions.random_partitions(60, 4, 50, seed=3))
    assert not np.array_equal(p, partitions.random_partitions(60, 4, 50, seed=4))
    with pytest.raises(ParameterError):
        partitions.random_partitions(60, 7, 10)


def test_partition_correlations_against_scipy():
    rng = np.random.default_rng(0)
    x, y = rng.random(60), rng.random(60)
    r1 = partitions.partition_correlations(x, y, 1, 5, seed=1)
    assert np.allclose(r1, sps.pearsonr(x, y)[0])  # P = 1: every partition is the item list
    parts = partitions.random_partitions(60, 2, 3, seed=9)
    r2 = partitions.partition_correlations(x, y, 2, 3, seed=9)
    for k in range(3):
        assert r2[k] == pytest.approx(sps.pearsonr(x[parts[k]].mean(1), y[parts[k]].mean(1))[0])
    rep = partitions.representative_partition(x, y, 4, 200, seed=2)
    all_r = partitions.partition_correlations(x, y, 4, 200, seed=2)
    assert rep["r"] == all_r[rep["index"]]
    assert abs(rep["r"] - all_r.mean()) == pytest.approx(np.min(np.abs(all_r - all_r.mean())))


def test_correlation_p_value_matches_scipy_and_murray_claims():
    rng = np.random.default_rng(1)
    x, y = rng.random(20), rng.random(20)
    r, p = sps.pearsonr(x, y)
    assert printed.correlation_p_value(r, 20) == pytest.approx(p)
    # Murray et al.: rho = 0.500 on 24 points and 0.388 on 48 are significant at .05 (notes 6.2)
    assert printed.correlation_p_value(0.5, 24) < 0.05
    assert printed.correlation_p_value(0.388, 48) < 0.05
    assert printed.correlation_p_value(0.5, 4) > 0.05


def test_cross_comprehension_table3_by_hand():
    labels = {"B": "NRIP", "C": "RR", "D": "RRN"}
    grades = pd.DataFrame(
        [
            {
                "story": "valentine",
                "summary_author": "A",
                "question_author": y,
                "question": i + 1,
                "label": lab,
            }
            for y, s in labels.items()
            for i, lab in enumerate(s)
        ]
    )
    rates = crosscomp.grade_rates(grades).iloc[0]
    assert (rates.relevant, rates.shared, rates.found, rates.not_found, rates.n) == pytest.approx(
        (5 / 9, 6 / 9, 7 / 9, 2 / 9, 9)
    )
    by_q = crosscomp.grade_rates(grades, by="question_author")
    assert by_q.loc["C", "relevant"] == 1.0 and by_q.loc["B", "not_found"] == 0.25
    assert len(crosscomp.cross_pairs(["A", "B", "C", "D"])) == 12
    with pytest.raises(ParameterError, match="own summary"):
        crosscomp.check_grades(grades.assign(question_author="A"))
    with pytest.raises(ParameterError):
        crosscomp.check_grades(grades.assign(label="X"))


def test_likert_means_and_printed_consistency():
    r = pd.DataFrame(
        {
            "judge": [1, 2, 3, 1, 2, 3],
            "approach": ["a"] * 3 + ["b"] * 3,
            "statement": "INF1",
            "rating": [5, 6, 7, 1, 2, 2],
        }
    )
    agg = likert.aggregate_likert(r, ["approach", "statement"]).set_index("approach")
    assert agg.loc["a", "mean"] == 6 and agg.loc["b", "mean"] == pytest.approx(5 / 3)
    assert agg.loc["a", "sd"] == 1.0
    rev = likert.reverse_code(r, ["INF1"])
    assert rev["rating"].tolist() == [3, 2, 1, 7, 6, 6]
    assert printed.consistent_mean(5.03, 30) and printed.consistent_mean(4.53, 30)  # 151/30, 136/30
    assert not printed.consistent_mean(5.05, 30)
    assert printed.consistent_mean(6.00, 30)
    with pytest.raises(ParameterError):
        likert.aggregate_likert(r.assign(rating=8), ["approach"])


def test_rounding_rules_on_dorr_table6():
    assert printed.rounding_rules(27, 600, "5", scale=100) == ["half_up"]  # 4.5 -> 5
    assert printed.rounding_rules(117, 600, "19", scale=100) == ["truncate"]  # 19.5 -> 19
    assert set(printed.rounding_rules(211, 600, "35", scale=100)) == {
        "half_up",
        "half_even",
        "truncate",
    }
    assert printed.rounding_rules(1, 3, "0.4") == []


def test_spearman_attainable_by_hand():
    # n = 4: rho = 1 - D/10; 0.5 needs D = 5 (odd): impossible; 0.6 needs D = 4
    assert printed.spearman_attainable(0.5, 4) == [] and printed.spearman_attainable(0.6, 4) == [4]
    # n = 8: rho = 1 - D/84; 0.388 would need D = 51.4
    assert printed.spearman_attainable(0.388, 8) == []
    # n = 24: 0.500 needs D = 1150 (even); n = 48 admits several D near 11275
    assert printed.spearman_attainable(0.5, 24) == [1150]
    assert all(
        round(1 - 6 * d / (48**3 - 48), 3) == 0.388 for d in printed.spearman_attainable(0.388, 48)
    )
    assert printed.spearman_attainable(0.388, 48)
    # every D attainable by a permutation is even: check all permutations of 5
    import itertools

    ds = {
        sum((i - p) ** 2 for i, p in enumerate(perm)) for perm in itertools.permutations(range(5))
    }
    assert all(d % 2 == 0 for d in ds)
