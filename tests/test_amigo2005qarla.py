"""The QARLA paper module: printed-number checks, repeated peers, the ROUGE leave-one-out rows."""

import pandas as pd
import pytest

from evalkit.notebook.claims import Claims
from evalkit.papers import amigo2005qarla as qp
from evalkit.stats import qarla
from evalkit.stats.qarla_synthetic import point_clouds


def test_printed_checks_agree_except_the_erratum():
    checks = qp.printed_checks().set_index("claim_id")["verdict"]
    assert checks.pop("tvm_variants") == "erratum"  # "10 variants" listing four values of n
    assert checks.pop("peers_selected") == "derived"  # a design fact, no recomputation
    assert (checks == "agrees").all(), checks


def test_duplicate_peer_keeps_king_and_moves_pairwise_k():
    _, sims, roles = point_clouds(3, 4, 3, 2, noise=0.3, seed=5)
    dsims, droles = qp.duplicate_peer(sims, roles, "P0", copies=2)
    assert len(droles) == len(roles) + 2 * 3
    assert qarla.king(dsims, droles) == qarla.king(sims, roles)


def _toy():
    texts = {
        "A": ("the cat sat on the mat .",),
        "B": ("the cat sat on a mat .",),
        "C": ("a cat sat on the mat .",),
        "D": ("the cat was on the mat .",),
        "1": ("dogs bark loudly .",),
        "2": ("the cat ran .",),
    }
    summ = pd.DataFrame(
        {"instance": "t", "summarizer": list(texts), "sentences": list(texts.values())}
    )
    roles = pd.DataFrame(
        {"instance": "t", "summarizer": list(texts), "role": ["model"] * 4 + ["peer"] * 2}
    )
    return summ, roles


def test_rouge_leave_one_out_by_hand():
    summ, roles = _toy()
    table = qp.rouge_leave_one_out(summ, roles, 1).set_index("held_out")
    # held out A ("the cat sat on the mat"): recall vs B, C, D pooled: B 5/6 (the cat sat on mat), C 5/6, D 5/6
    # -> 15/18 = .83333; peer 2 ("the cat ran"): the, cat = 2+2+2 of 18 -> .33333
    assert table.loc["A", "queen_held_out"] == pytest.approx(0.83333, abs=1e-5)
    assert table["success"].all()
    t1 = qp.table1(summ, roles, qp.metric_pool(summ, [1], "none"), ["ROUGESim"], [1, 2])
    assert list(t1["criterion"]) == [
        "ROUGE-1",
        "ROUGE-2",
        "QUEEN(ROUGESim)",
        "QUEEN(Best Metric Combination)",
    ]
    assert (t1["total"] == 4).all()


def test_automatic_metrics_and_the_two_metric_sets():
    pool = [
        "ROUGESim",
        "VectModelSim",
        "TruncVectModel.1",
        "SentencePrecision",
        "SentenceRecall",
        "DocSim",
        "NICOS",
    ]
    assert qp.automatic_metrics(pool) == ["ROUGESim", "VectModelSim", "TruncVectModel.1"]
    set1 = pd.DataFrame(
        {
            "metrics": [("ROUGESim", "TruncVectModel.1"), ("ROUGESim",)],
            "size": [2, 1],
            "king": [0.5, 0.4],
        }
    )
    set2 = pd.DataFrame(
        {
            "metrics": [("NICOS",), ("ROUGESim",), ("DocSim",)],
            "size": [1, 1, 1],
            "king": [0.3, 0.4, 0.1],
        }
    )
    claims = qp.metric_set_claims(set1, set2, data="toy").set_index("claim_id")
    # issue 27: "0.5 > 0.4" alone decides nothing; without per-topic data no verdict
    assert claims.loc["set1_automatic_beats_rougesim", "verdict"] == "not comparable"
    assert claims.loc["set2_all_beats_rougesim", "verdict"] == "not comparable"
    assert claims.loc["set2_all", "note"] == "" and claims.loc[
        "set1_automatic", "printed"
    ].startswith("{ROUGESim")
    alone = qp.metric_set_claims(set1, set1, data="toy").set_index("claim_id")
    assert "set 2 searches the set 1 metrics" in alone.loc["set2_all", "note"]


def test_king_findings_are_tested_over_topics():
    _, sims, roles = point_clouds(seed=1)
    data = qarla.QarlaData(sims, roles)
    metrics = sorted(data.metrics)
    per_topic = qarla.king_by_instance(data, metrics=metrics)
    assert per_topic.mean() == pytest.approx(qarla.king(data, metrics=metrics))
    c = Claims(qp.PAPER, data="toy")
    qp.king_finding(c, "x", data, metrics, metrics[:1], source="§4.1", printed="set > single")
    qp.king_finding(c, "same", data, metrics, metrics, source="§4.1", printed="set > set")
    rows = c.frame().set_index("claim_id")
    assert "paired t-test of the per-topic KING over the 8 topics" in rows.loc["x", "evidence"]
    assert rows.loc["x", "verdict"] in ("agrees", "differs", "inconclusive")
    # issue 27: a zero difference (the best set is the single metric itself) is no evidence
    # either way: inconclusive, not "differs"
    assert rows.loc["same", "verdict"] == "inconclusive"
    assert "no test: the two sets are the same" in rows.loc["same", "evidence"]


def test_table1_doubling_needs_more_than_counts():
    """6/9 against 3/9 on 9 held-out models: an exact McNemar test, not a bare >."""
    kings = pd.DataFrame({"metric": ["ROUGESim"], "king": [0.4]})
    best = pd.DataFrame({"metrics": [("ROUGESim",)], "size": [1], "king": [0.4]})
    models = [f"h{i}" for i in range(9)]
    table = pd.DataFrame(
        {
            "criterion": ["ROUGE-1", "QUEEN(ROUGESim)", "QUEEN(Best Metric Combination)"],
            "successes": [3, 4, 6],
            "total": [9, 9, 9],
            "identified": [";".join(models[:3]), ";".join(models[:4]), ";".join(models[:6])],
        }
    )
    c = qp.metric_quality_claims(kings, best, table, 0.9, data="toy").set_index("claim_id")
    row = c.loc["table1_queen_beats_rouge"]
    assert row["verdict"] == "inconclusive"  # 3 discordant models: p = 0.25
    assert "McNemar" in row["evidence"] and "p = 0.250" in row["evidence"]


def test_printed_figure5_marks_come_from_data_published():
    """Issue 27: the KINGs §4.1 prints, marked on Figure 5's bars by bar name."""
    from evalkit.data.published import read_published

    t = read_published("amigo2005qarla", "text").set_index("key")["value"].astype(float)
    marks = qp.printed_figure5()
    assert marks.to_dict() == {
        "ROUGESim": t["best_single_king"],
        "set 2": t["best_set_king"],
    }
    bars = ["ROUGESim", "VectModelSim", "set 1", "set 2"]
    assert marks.reindex(bars).notna().tolist() == [True, False, False, True]
