"""Human-score views (evalkit.data.human_scores) against values computed by hand on toy
corpora, and their scale checks."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.data import human_scores as hs
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import ParameterError


def _corpus(
    judgments, peers=("1", "2"), models=("A",), instances=("d1", "d2"), name="toy", meta=None
):
    summ = [(i, w, ("a b .",)) for i in instances for w in (*models, *peers)]
    return SummarizationCorpus(
        name=name,
        meta=meta or {},
        instances=pd.DataFrame({"instance": list(instances)}),
        summarizers=pd.DataFrame(
            {
                "summarizer": [*models, *peers],
                "type": ["model"] * len(models) + ["peer"] * len(peers),
            }
        ),
        summaries=pd.DataFrame(summ, columns=["instance", "summarizer", "sentences"]),
        judgments=pd.DataFrame(judgments, columns=["instance", "summarizer", "judgment", "value"]),
    ).validate()


# ------------------------------------------------------------------------------ SummEval
RATINGS = {  # (instance, system) -> coherence, consistency, fluency, relevance (mean of 3 experts, 1-5)
    ("d1", "1"): (2.0, 5.0, 4 + 2 / 3, 3.0),
    ("d1", "2"): (1.0, 1.0, 1.0, 1.0),
    ("d2", "1"): (5.0, 5.0, 5.0, 5.0),
    ("d2", "2"): (3 + 1 / 3, 4.0, 2.0, 2 + 1 / 3),
    ("d1", "A"): (5.0, 5.0, 5.0, 5.0),
}


def _summeval():
    rows = [
        (i, s, dim, v)
        for (i, s), vals in RATINGS.items()
        for dim, v in zip(hs.SUMMEVAL_DIMENSIONS, vals)
    ]
    return _corpus(rows)


def test_summeval_coverage_is_relevance_and_quality_the_mean_of_three():
    v = hs.summeval_coverage_quality(_summeval()).set_index(["instance", "system"])
    assert list(v.index) == [
        ("d1", "1"),
        ("d1", "2"),
        ("d2", "1"),
        ("d2", "2"),
    ]  # peers only, sorted
    # d1/1: relevance 3 -> (3 - 1) / 4 = 0.5; quality (2 + 5 + 4.667) / 3 = 3.889 -> 0.7222
    assert v.loc[("d1", "1"), "coverage"] == pytest.approx(0.5)
    assert v.loc[("d1", "1"), "quality"] == pytest.approx(((2 + 5 + 14 / 3) / 3 - 1) / 4)
    assert v.loc[("d1", "2"), "coverage"] == 0.0 and v.loc[("d2", "1"), "quality"] == 1.0
    likert = hs.summeval_coverage_quality(_summeval(), scale="likert").set_index(
        ["instance", "system"]
    )
    assert likert.loc[("d2", "2"), "coverage"] == pytest.approx(7 / 3)
    assert likert.loc[("d2", "2"), "quality"] == pytest.approx((10 / 3 + 4 + 2) / 3)


def test_combination_is_coverage_plus_quality_over_two_not_the_mean_of_four():
    c = _summeval()
    combined = hs.coverage_quality_mean(hs.summeval_coverage_quality(c)).set_index(
        ["instance", "system"]
    )
    mean4 = hs.summeval_dimension_mean(c).set_index(["instance", "system"])
    # d1/1 on 1-5: coverage 3, quality 35/9 -> (3 + 35/9) / 2 = 3.444 -> 0.6111 on 0-1
    assert combined.loc[("d1", "1"), "combined"] == pytest.approx(((3 + 35 / 9) / 2 - 1) / 4)
    # the four dimensions: (2 + 5 + 4.667 + 3) / 4 = 3.667 -> 0.6667: a different number
    assert mean4.loc[("d1", "1"), "mean4"] == pytest.approx(((2 + 5 + 14 / 3 + 3) / 4 - 1) / 4)
    assert combined.loc[("d1", "1"), "combined"] != pytest.approx(mean4.loc[("d1", "1"), "mean4"])
    dims = hs.summeval_dimensions(c, scale="likert").set_index(["instance", "system"])
    assert dims.loc[("d2", "2"), "coherence"] == pytest.approx(10 / 3)
    with pytest.raises(ParameterError, match="dimensions"):
        hs.summeval_dimension_mean(c, dimensions=("overall",))


def test_summeval_scale_is_enforced_and_nothing_is_dropped():
    rows = [
        (i, s, dim, v)
        for (i, s), vals in RATINGS.items()
        for dim, v in zip(hs.SUMMEVAL_DIMENSIONS, vals)
    ]
    bad = [(i, s, d, 0.0 if (i, s, d) == ("d2", "2", "fluency") else v) for i, s, d, v in rows]
    with pytest.raises(ParameterError, match=r"fluency on \[1, 5\].*'d2'.*'2'"):
        hs.summeval_coverage_quality(_corpus(bad))
    missing = [r for r in rows if r[:3] != ("d1", "2", "relevance")]
    with pytest.raises(ParameterError, match="every judged summary"):
        hs.summeval_coverage_quality(_corpus(missing))
    with pytest.raises(ParameterError, match="scale"):
        hs.summeval_coverage_quality(_summeval(), scale="percent")
    with pytest.raises(ParameterError, match="judgments"):
        hs.summeval_coverage_quality(_corpus([r for r in rows if r[2] != "coherence"]))


def test_coverage_quality_mean_refuses_missing_values():
    frame = pd.DataFrame(
        {"instance": ["d1"], "system": ["1"], "coverage": [0.2], "quality": [np.nan]}
    )
    with pytest.raises(ParameterError, match="both scores"):
        hs.coverage_quality_mean(frame)
    with pytest.raises(ParameterError, match="quality"):
        hs.coverage_quality_mean(frame.drop(columns="quality"))


# ------------------------------------------------------------------------------ REALSumm
def test_realsumm_litepyramid_as_pyramid_or_coverage_in_corpus_order():
    rows = [
        ("d2", "2", "litepyramid_recall", 0.25),
        ("d1", "1", "litepyramid_recall", 0.5),
        ("d1", "2", "litepyramid_recall", 1.0),
        ("d2", "1", "litepyramid_recall", 0.0),
        ("d1", "A", "litepyramid_recall", 0.9),
    ]
    v = hs.realsumm_pyramid(_corpus(rows))
    assert v.values.tolist() == [
        ["d2", "2", 0.25],
        ["d1", "1", 0.5],
        ["d1", "2", 1.0],
        ["d2", "1", 0.0],
    ]
    assert list(hs.realsumm_pyramid(_corpus(rows), column="coverage").columns) == [
        "instance",
        "system",
        "coverage",
    ]
    assert len(hs.realsumm_pyramid(_corpus(rows), include_models=True)) == 5
    with pytest.raises(ParameterError, match=r"pyramid on \[0, 1\]"):
        hs.realsumm_pyramid(
            _corpus([r if r[:2] != ("d1", "1") else ("d1", "1", r[2], 1.5) for r in rows])
        )
    with pytest.raises(ParameterError, match="litepyramid_recall_crowd"):
        hs.realsumm_pyramid(_corpus(rows), judgment="litepyramid_recall_crowd")


# ------------------------------------------------------------------------------ DUC SEE
def _see(prefix="quality_q", units="num_"):
    """Peers 1, 2 and model A on d1 and d2; codes of the DUC table (1 = A .. 5 = E) or of the
    simulator (4 = A .. 0 = E)."""
    answers = {"1": [1, 2, 1, 1, 3, 1, 1], "2": [5, 5, 4, 5, 5, 5, 5], "A": [1] * 7}
    marked = {"1": 2.0, "2": 0.0, "A": 3.0}
    see = {"1": 0.5, "2": 0.0, "A": 0.75}
    rows = []
    for inst in ("d1", "d2"):
        for who in ("A", "1", "2"):
            for q, letter in enumerate(answers[who], 1):
                code = letter if prefix == "quality_q" else 5 - letter
                rows.append((inst, who, f"{prefix}{q}", float(code)))
            rows += [
                (inst, who, f"{units}marked_peer_units", marked[who]),
                (inst, who, f"{units}model_units", 4.0),
                (inst, who, "coverage", see[who]),
            ]
    return rows


@pytest.mark.parametrize("prefix,units", [("quality_q", "num_"), ("linguistic_quality_q", "n_")])
def test_duc_see_coverage_eq1_see_mean_and_quality_by_hand(prefix, units):
    c = _corpus(_see(prefix, units))
    v = hs.duc_see_scores(c).set_index(["instance", "system"])
    assert sorted(set(v.index.get_level_values("system"))) == ["1", "2"]
    # eq. (1): 2 matching peer units x E (the SEE mean coverage 0.5) / 4 model units
    assert v.loc[("d1", "1"), "coverage"] == pytest.approx(2 * 0.5 / 4)
    # A = 1, B = .75, C = .5, E = 0: (1 + .75 + 1 + 1 + .5 + 1 + 1) / 7 and (0 x 6 + .25) / 7
    assert v.loc[("d1", "1"), "quality"] == pytest.approx(6.25 / 7)
    assert v.loc[("d2", "2"), "quality"] == pytest.approx(0.25 / 7)
    see = hs.duc_see_scores(c, formula="see_mean").set_index(["instance", "system"])
    assert see.loc[("d1", "1"), "coverage"] == 0.5
    both = hs.coverage_quality_mean(hs.duc_see_scores(c, include_models=True)).set_index(
        ["instance", "system"]
    )
    assert both.loc[("d1", "A"), "combined"] == pytest.approx((3 * 0.75 / 4 + 1) / 2)


def test_duc_see_checks():
    rows = _see()
    with pytest.raises(ParameterError, match="all 7 quality"):
        hs.duc_see_scores(_corpus([r for r in rows if r[:3] != ("d2", "1", "quality_q3")]))
    with pytest.raises(ParameterError, match="coded"):
        hs.duc_see_scores(
            _corpus([(i, s, j, 9.0 if j == "quality_q1" else v) for i, s, j, v in rows])
        )
    with pytest.raises(ParameterError, match="formula"):
        hs.duc_see_scores(_corpus(rows), formula="median")
    with pytest.raises(ParameterError, match=r"coverage on \[0, 1\]"):
        hs.duc_see_scores(
            _corpus([(i, s, j, 1.5 if j == "coverage" else v) for i, s, j, v in rows]),
            formula="see_mean",
        )
    with pytest.raises(ParameterError, match="quality_q1..7"):
        hs.duc_see_scores(_corpus([r for r in rows if "quality" not in r[2]]))
    with pytest.raises(ParameterError, match="model_units"):
        hs.see_coverage([1.0], [0.5], [0.0])
    # eq. (1) is not bounded by 1: 6 matching peer units x 1.0 / 4 model units
    assert hs.see_coverage(6, 1.0, 4) == 1.5


# ------------------------------------------------------------------------------ TAC
def _tac(year, responsiveness=(4.0, 2.0, 3.0, 1.0)):
    pyr = (0.5, 0.25, 0.75, 0.0)
    rows = []
    for k, (i, s) in enumerate([("d1", "1"), ("d1", "2"), ("d2", "1"), ("d2", "2")]):
        rows += [
            (i, s, "pyramid_modified", pyr[k]),
            (i, s, "overall_responsiveness", responsiveness[k]),
            (i, s, "linguistic_quality", 3.0),
            (i, s, "num_scus", 4.0),
        ]
    rows += [("d1", "A", "pyramid_modified_jk", 0.9), ("d1", "A", "overall_responsiveness", 5.0)]
    return _corpus(rows, meta={"year": year})


def test_tac_pyramid_and_responsiveness_with_the_year_scale():
    v = hs.tac_scores(_tac(2008))
    assert list(v.columns) == [
        "instance",
        "system",
        "pyramid",
        "responsiveness",
        "linguistic_quality",
    ]
    assert v.set_index(["instance", "system"]).loc[("d2", "1")].tolist() == [0.75, 3.0, 3.0]
    with pytest.raises(ParameterError, match=r"responsiveness on \[1, 5\]"):
        hs.tac_scores(_tac(2008, responsiveness=(4.0, 8.0, 3.0, 1.0)))
    assert (
        hs.tac_scores(_tac(2009, responsiveness=(4.0, 8.0, 3.0, 1.0)))["responsiveness"].max()
        == 8.0
    )
    with pytest.raises(ParameterError, match=r"responsiveness on \[1, 10\]"):
        hs.tac_scores(_tac(2009, responsiveness=(4.0, 11.0, 3.0, 1.0)))
    with pytest.raises(ParameterError, match="every judged summary"):
        hs.tac_scores(_tac(2008), include_models=True)  # the model has no pyramid_modified


def test_assessors_are_averaged():
    rows = [("d1", "1", "litepyramid_recall", 0.5), ("d1", "2", "litepyramid_recall", 0.5)]
    c = _corpus(rows, instances=("d1",))
    c.judgments = pd.DataFrame(
        [
            ("d1", "1", "pyramid_modified", 0.2, "x"),
            ("d1", "1", "pyramid_modified", 0.4, "y"),
            ("d1", "1", "overall_responsiveness", 2.0, "x"),
            ("d1", "1", "overall_responsiveness", 3.0, "y"),
        ],
        columns=["instance", "summarizer", "judgment", "value", "assessor"],
    )
    c.validate()
    v = hs.tac_scores(c)
    assert v.loc[0, "pyramid"] == pytest.approx(0.3) and v.loc[0, "responsiveness"] == 2.5
