"""leusch2005: Table 1 exactly, the factor grid, and the ablation's statistics."""

import pytest

from evalkit.data.mt_views import score_outputs
from evalkit.errors import ParameterError
from evalkit.metrics.wer import ErrorRate
from evalkit.papers import leusch2005 as L


def test_table1_reproduced_exactly_from_published():
    t = L.table1()
    assert len(t) == 4 and (t["verdict"] == "agrees").all(), t


def test_configuration_and_metrics():
    base = L.configuration()
    assert base["tokenize"] == "mteval_contractions" and base["lowercase"] is True
    assert L.configuration("case", "case-sensitive")["lowercase"] is False
    assert L.configuration("reflen", "average")["ref_length"] == "average"
    wer = L.make_metric("WER")
    assert isinstance(wer, ErrorRate) and wer.ref_length == "best"
    assert L.make_metric("2-PER", boundaries="start").m == 2
    with pytest.raises(ParameterError):
        L.make_metric("BLEU-S", ref_length="best")
    with pytest.raises(ParameterError):
        L.configuration("case", "upper")


@pytest.fixture(scope="module")
def small(small_mt_sample):
    return small_mt_sample


def test_human_scores_length_weighted(small):
    corpus, frame = small
    seg, sys_ = L.human_scores(corpus, frame, "none")
    one = seg[seg["system"] == "E09"]
    assert sys_.loc["E09", "adequacy"] == pytest.approx(
        (one["adequacy"] * one["length"]).sum() / one["length"].sum()
    )
    zseg, _ = L.human_scores(corpus, frame, "zscore")
    assert abs(zseg["adequacy"].mean()) < 0.5


def test_ablation_rows_and_williams_p(small):
    corpus, frame = small
    out = L.ablation(corpus, frame, "case", measures=("WER", "BLEU-S"), score=score_outputs)
    assert set(out["setting"]) == {"lowercase", "case-sensitive"}
    assert set(out["level"]) == {"sentence", "system"}
    sent = out[(out["level"] == "sentence") & (out["setting"] == "case-sensitive")]
    assert sent["p_vs_baseline"].between(0, 1).all()
    assert out["abs_r"].between(0, 1).all()
    # WER is an error rate: its correlation with adequacy is negative, reported as |r|
    wer = out[
        (out["measure"] == "WER") & (out["level"] == "sentence") & (out["human"] == "adequacy")
    ]
    assert (wer["r"] < 0).all()


def test_corpus_statistics(small):
    _, frame = small
    st = L.corpus_statistics(frame)
    assert (
        st["sentences"] == 30 and st["reference_translations"] == 4 and st["candidate_systems"] == 7
    )
    assert st["avg_reference_length"] == pytest.approx(st["running_words"] / 30)
