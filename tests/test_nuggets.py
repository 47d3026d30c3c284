"""TREC nugget F, the pyramid-weighted variant and POURPRE against hand-computed cases.

The worked example is the notes' (acl2005-workshop-part-B-and-qarla.md P1.4 and 6.2): the
three Figure 1 answer strings of Lin & Demner-Fushman (2005) against the Table 1 answer key
for "Who is Aaron Copland?" (vital 1, 2, 3, 8; nuggets 1, 6, 9 judged present).
"""

import math

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import nuggets as N
from evalkit.metrics import pourpre as P

FIG1 = [
    "Once past a rather routine apprenticeship, which included three years of study with Nadia Boulanger in "
    "Paris, Copland became one of the few American composers to make a living from composition.",
    "A passionate advocate of civil rights, Copland conducted a performance of the \u201cLincoln Portrait\u201d "
    "with Coretta Scott King as narrator.",
    "after four prior nominations, he won an Oscar in 1949 for his music for \u201cThe Heiress\u201d",
]
KEY = pd.DataFrame(
    {
        "question": "copland",
        "nugget": list(range(1, 12)),
        "label": [
            "vital",
            "vital",
            "vital",
            "okay",
            "okay",
            "okay",
            "okay",
            "vital",
            "okay",
            "okay",
            "okay",
        ],
        "text": [
            "american composer",
            "musical achievements ballets symphonies",
            "born brooklyn ny 1900",
            "son jewish immigrant",
            "american communist",
            "civil rights advocate",
            "had senile dementia",
            "established home for composers",
            'won oscar for "the Heiress"',
            "homosexual",
            "teacher tanglewood music center boston symphony",
        ],
    }
)


def _run():
    responses = pd.DataFrame({"run": "R1", "question": "copland", "answer": FIG1})
    judgments = pd.DataFrame(
        {"run": "R1", "question": "copland", "nugget": [1, 6, 9], "present": 1}
    )
    return judgments, responses


def test_nonwhitespace_lengths_of_figure1():
    assert [N.count_nonwhitespace(s) for s in FIG1] == [163, 114, 70]
    assert N.count_nonwhitespace(FIG1) == 347


def test_worked_example_by_hand():
    # r = 1, a = 2, R = 4, l = 347: alpha = 300, NP = 1 - 47/347
    assert N.length_precision(347, 3) == pytest.approx(1 - 47 / 347)
    np_, nr = 1 - 47 / 347, 0.25
    for beta, printed in ((5, 0.257027), (3, 0.269131)):
        f = N.nugget_f(1, 2, 4, 347, beta=beta)
        assert f == pytest.approx((beta**2 + 1) * np_ * nr / (beta**2 * np_ + nr))
        assert round(f, 6) == printed


def test_okay_only_scores_zero_and_allowance_boundary():
    assert N.nugget_f(0, 5, 4, 10, beta=3) == 0.0
    assert N.length_precision(300, 3) == 1.0  # l = alpha: both branches give 1
    assert N.length_precision(299, 3) == 1.0
    assert N.length_precision(600, 3) == pytest.approx(0.5)
    arr = N.nugget_f(
        np.array([1, 0]), np.array([2, 1]), np.array([4, 4]), np.array([347, 10]), beta=5
    )
    assert arr[0] == pytest.approx(0.257027, abs=5e-7) and arr[1] == 0


def test_bad_inputs_are_refused():
    with pytest.raises(ParameterError):
        N.nugget_f(5, 0, 4, 10)  # more vital nuggets returned than exist
    with pytest.raises(ParameterError):
        N.nugget_f(1, 0, 0, 10)  # no vital nugget in the key
    with pytest.raises(ParameterError):
        N.nugget_f(1, 0, 4, -1)
    with pytest.raises(ParameterError):
        N.nugget_f(1, 0, 4, 10, beta=0)


def test_score_run_on_the_copland_fixture():
    judgments, responses = _run()
    out = N.score_run(KEY, judgments, responses, beta=5)
    row = out.iloc[0]
    assert (row.r, row.a, row.R, row.l) == (1, 2, 4, 347)
    assert round(row.F, 6) == 0.257027
    # a run that answers nothing relevant on a second question scores 0 there; mean over both
    key2 = pd.concat(
        [KEY, pd.DataFrame({"question": "q2", "nugget": [1], "label": ["vital"], "text": ["x"]})]
    )
    resp2 = pd.concat(
        [responses, pd.DataFrame({"run": ["R1"], "question": ["q2"], "answer": ["nothing here"]})]
    )
    per_q = N.score_run(key2, judgments, resp2, beta=5)
    assert N.run_scores(per_q)["R1"] == pytest.approx(row.F / 2)


def test_judgment_of_unknown_nugget_is_an_error():
    judgments, responses = _run()
    judgments.loc[0, "nugget"] = 99
    with pytest.raises(ParameterError, match="99"):
        N.score_run(KEY, judgments, responses)


def test_pyramid_weights_by_hand():
    # three assessors; nugget 1 vital for all 3, nugget 2 for 2, nugget 3 for 1, nugget 4 for none
    labels = {1: "vvv", 2: "vvo", 3: "voo", 4: "ooo"}
    votes = pd.DataFrame(
        [
            {"question": "q", "nugget": n, "assessor": a, "label": "vital" if c == "v" else "okay"}
            for n, s in labels.items()
            for a, c in enumerate(s)
        ]
    )
    w = N.pyramid_weights(votes).set_index("nugget")["weight"]
    assert w.to_dict() == pytest.approx({1: 1.0, 2: 2 / 3, 3: 1 / 3, 4: 0.0})
    key = w.reset_index().assign(question="q")
    responses = pd.DataFrame({"run": "S", "question": "q", "answer": ["x" * 150]})
    judgments = pd.DataFrame({"run": "S", "question": "q", "nugget": [2, 4], "present": 1})
    out = N.score_run(key, judgments, responses, beta=3, weighting="pyramid").iloc[0]
    # recall = (2/3) / (1 + 2/3 + 1/3) = 1/3; two nuggets returned: alpha = 200 > 150, NP = 1
    assert out.NR == pytest.approx(1 / 3) and out.NP == 1.0
    assert out.F == pytest.approx(10 * (1 / 3) / (9 + 1 / 3))


def test_pyramid_with_one_assessor_is_the_official_score():
    judgments, responses = _run()
    votes = KEY.assign(assessor="A")[["question", "nugget", "assessor", "label"]]
    key = N.pyramid_weights(votes)
    official = N.score_run(KEY, judgments, responses, beta=3).iloc[0]
    pyramid = N.score_run(key, judgments, responses, beta=3, weighting="pyramid").iloc[0]
    assert pyramid.F == pytest.approx(official.F)


def test_pourpre_terms_and_count_match_by_hand():
    assert P.terms("American composers") == P.terms(
        "american composer"
    )  # Porter: composers -> compos
    # nugget 1 "american composer": both terms in FIG1[0] -> 1; nugget 6 "civil rights advocate" in FIG1[1]
    responses = pd.DataFrame({"run": "R1", "question": "copland", "answer": FIG1})
    out = P.pourpre(KEY, responses, beta=5, weighting="count").iloc[0]
    key_terms = {n: P.terms(t) for n, t in zip(KEY.nugget, KEY.text)}
    ans = [P.terms(s) for s in FIG1]
    best = {n: max(len(key_terms[n] & a) / len(key_terms[n]) for a in ans) for n in key_terms}
    assert best[1] == 1.0 and best[6] == 1.0
    r = sum(best[n] for n in (1, 2, 3, 8))
    a = sum(best[n] for n in (4, 5, 6, 7, 9, 10, 11))
    assert out.r == pytest.approx(r) and out.a == pytest.approx(a)
    assert out.F == pytest.approx(N.nugget_f(r, a, 4, 347, beta=5))


def test_pourpre_idf_weighting_by_hand():
    key = pd.DataFrame({"question": "q", "nugget": [1], "label": ["vital"], "text": ["red apple"]})
    responses = pd.DataFrame({"run": "S", "question": "q", "answer": ["red car"]})
    docs = ["red car", "red apple", "green apple", "blue sky"]
    # N = 4; df(red) = 2, df(apple) = 2 -> equal idf: match = 1/2
    out = P.pourpre(key, responses, weighting="idf", idf_documents=docs).iloc[0]
    assert out.r == pytest.approx(0.5)
    docs = ["red car", "red apple", "red sky", "apple"]
    # df(red) = 3 -> log(4/3); df(appl) = 2 -> log 2
    out = P.pourpre(key, responses, weighting="idf", idf_documents=docs).iloc[0]
    assert out.r == pytest.approx(math.log(4 / 3) / (math.log(4 / 3) + math.log(2)))
    binary = P.pourpre(key, responses, weighting="idf", idf_documents=docs, scoring="binary").iloc[
        0
    ]
    assert binary.r == 1.0


def test_pourpre_refuses_unknown_options():
    responses = pd.DataFrame({"run": "S", "question": "copland", "answer": ["x"]})
    with pytest.raises(ParameterError):
        P.pourpre(KEY, responses, weighting="tf")
    with pytest.raises(ParameterError):
        P.pourpre(KEY, responses.assign(question="nope"))


from hypothesis import given, strategies as st  # noqa: E402


@given(R=st.integers(1, 20), data=st.data(), beta=st.sampled_from([1.0, 3.0, 5.0]))
def test_nugget_f_properties(R, data, beta):
    r = data.draw(st.integers(0, R))
    a = data.draw(st.integers(0, 20))
    l1 = data.draw(st.integers(0, 5000))
    l2 = data.draw(st.integers(l1, 6000))
    f1 = N.nugget_f(r, a, R, l1, beta=beta)
    f2 = N.nugget_f(r, a, R, l2, beta=beta)
    assert 0.0 <= f2 <= f1 <= 1.0 + 1e-12  # longer never scores higher
    if r < R:
        assert (
            N.nugget_f(r + 1, a, R, l1, beta=beta) >= f1 - 1e-12
        )  # another vital nugget never hurts
    if l1 <= 100 * (r + a):
        assert f1 == pytest.approx(0.0 if r == 0 else (beta**2 + 1) * (r / R) / (beta**2 + r / R))


def test_pourpre_registered_metric_matches_the_function():
    from evalkit.metrics import get_metric

    m = get_metric("pourpre", beta=5, weighting="count")
    refs = [
        [("vital", t) if lab == "vital" else ("okay", t) for lab, t in zip(KEY.label, KEY.text)]
    ]
    score = m.corpus_score([FIG1], refs)
    direct = P.pourpre(
        KEY,
        pd.DataFrame({"run": "R", "question": "copland", "answer": FIG1}),
        beta=5,
        weighting="count",
    ).iloc[0]
    assert score == pytest.approx(direct.F)
    assert m.corpus_score([FIG1, "nothing"], refs + [["x y z"]]) == pytest.approx(direct.F / 2)
