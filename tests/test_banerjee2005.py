"""banerjee2005: printed numbers recomputed, and the paper's pipeline on small corpora."""

import numpy as np
import pytest

from evalkit.data.mt_views import score_outputs
from evalkit.metrics.bleu import BLEU
from evalkit.metrics.nist import NIST
from evalkit.papers import banerjee2005 as b
from evalkit.stats.human import system_scores


def test_printed_checks_all_recomputed_exactly():
    checks = b.printed_checks()
    assert len(checks) == 9
    assert (checks["verdict"] == "agrees").all(), checks
    ex = checks.set_index("claim_id").loc["worked_example"]
    assert ex["printed"] == "0.853462" == ex["this_run"]


def test_worked_example_through_the_metric():
    ex = b.worked_example()
    assert (ex["chunks"] == 2).all() and (ex["matches"] == 6).all()
    assert (
        ex["score"]
        .round(6)
        .eq(float(b.published("worked_example").set_index("quantity").loc["score", "value"]))
        .all()
    )


@pytest.fixture(scope="module")
def small(small_mt_sample):
    return small_mt_sample


def test_system_table_aggregates_statistics(small):
    corpus, frame = small
    rows = b.meteor_table(frame, modules=("exact",))
    _, bleu = score_outputs(frame, BLEU(ref_layout="segments"), "BLEU")
    _, nist = score_outputs(frame, NIST(ref_layout="segments"), "NIST")
    table = b.system_table(rows, bleu, nist)
    assert list(table.columns) == list(b.TABLE1_METRICS)
    one = rows[rows["system"] == "E09"]
    assert table.loc["E09", "Precision"] == pytest.approx(
        one["matches"].sum() / one["hyp_len"].sum()
    )
    assert table.loc["E09", "Recall"] == pytest.approx(one["matches"].sum() / one["ref_len"].sum())
    # per-segment F1 is the harmonic mean of P and R
    p, r = rows["Precision"], rows["Recall"]
    assert np.allclose(rows["F1"][p + r > 0], (2 * p * r / (p + r))[p + r > 0])
    human = system_scores(b.human_table(corpus), "combined")
    corr = b.correlation_table(table, human)
    assert set(corr["metric"]) == set(b.TABLE1_METRICS) and corr["n_systems"].eq(7).all()


def test_segment_table_average_is_mean_of_systems(small):
    corpus, frame = small
    rows = b.meteor_table(frame)
    t = b.segment_table(rows, corpus, b.human_table(corpus), ["METEOR"])
    per = t[t["system"] != "Average"]["r"]
    assert len(per) == 7 and t.iloc[-1]["r"] == pytest.approx(per.mean())
    z = b.segment_table(rows, corpus, b.human_table(corpus, "zscore"), ["METEOR"])
    assert not np.isclose(z.iloc[-1]["r"], t.iloc[-1]["r"])


def test_human_table_takes_given_assessments(small):
    corpus, _ = small
    mitre = corpus.judgments.assign(value=corpus.judgments["value"] * 2.0)
    raw = b.human_table(corpus)
    given = b.human_table(corpus, judgments=mitre)
    assert np.allclose(given["combined"], 2 * raw["combined"])
