"""Liu & Gildea (2005): the worked examples recomputed from the paper's trees."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.metrics import get_metric
from evalkit.metrics.bleu import BLEU
from evalkit.papers import liu2005 as lg
from evalkit.text.trees import DepTree


def test_figure2_stm_and_depth_precisions_agree_with_print():
    checks = lg.worked_examples()
    assert checks["agrees"].all(), checks
    assert set(checks["key"]) == {
        "stm_figure2",
        "stm_figure2_depth1",
        "stm_figure2_depth2",
        "stm_figure2_depth3",
    }


def test_red_pen_chains():
    assert lg.red_pen_chains(2) == [("have", "i"), ("have", "pen"), ("pen", "a"), ("pen", "red")]


class _SentenceBLEU:
    def __init__(self):
        self.b = BLEU(smoothing="epsilon", tokenize="none")

    def sentence_scores(self, hyps, refs):
        return np.array([self.b.sentence_score(h, r).score for h, r in zip(hyps, refs)])


def test_figure1_bleu_prefers_hyp2_stm_prefers_hyp1():
    f = lg.figure1_scores(_SentenceBLEU()).set_index("hypothesis")
    assert f.loc["hyp2", "BLEU"] > f.loc["hyp1", "BLEU"]
    assert f.loc["hyp1", "STM"] > f.loc["hyp2", "STM"]


def test_sentence_level_by_hand_and_layout():
    ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    good = DepTree.from_heads(["I", "have", "a", "pen"], [1, -1, 3, 1])  # chains all in ref: 1
    bad = DepTree.from_heads(["a", "red"], [1, -1])  # unigrams 2/2, chain red-a absent: 0.5
    odd = DepTree.from_heads(["I", "pen", "the"], [-1, 0, 1])  # unigrams 2/3, chains 0/2: 1/3
    grid = {("HWCM", "2"): get_metric("hwcm", max_length=2, epsilon=0)}
    human = [5.0, 2.0, 1.0]
    t = lg.sentence_level([good, bad, odd], [[ref]] * 3, human, grid)
    x = np.array([1.0, 0.5, 1 / 3])
    assert abs(t["r"].iloc[0] - np.corrcoef(x, human)[0, 1]) < 1e-12 and t["n"].iloc[0] == 3
    c = lg.corpus_level(
        {"s1": ([good], [[ref]]), "s2": ([bad], [[ref]]), "s3": ([odd], [[ref]])},
        {"s1": 5.0, "s2": 2.0, "s3": 1.0},
        grid,
        aggregate="mean",
    )
    assert abs(c["r"].iloc[0] - np.corrcoef(x, human)[0, 1]) < 1e-12
    layout = lg.paper_layout(
        pd.DataFrame({"max_depth": ["2", "kernel"], "metric": ["HWCM", "DTKM"], "r": [0.1, 0.2]})
    )
    assert list(layout.index) == ["2", "kernel"] and layout.loc["kernel", "DSTM"] == 0.2


def _corpus_run(diff, p):
    """A Table 6 stand-in: BLEU r 0.7 at depths 1-6, HWCM 0.7 + diff, the given Williams p."""
    rows = []
    for d in range(1, 7):
        rows.append({"max_depth": str(d), "metric": "BLEU", "r": 0.7, "n": 7, "p_vs_bleu": np.nan})
        rows.append(
            {"max_depth": str(d), "metric": "HWCM", "r": 0.7 + diff, "n": 7, "p_vs_bleu": p}
        )
    rows.append({"max_depth": "kernel", "metric": "DTKM", "r": 0.9, "n": 7, "p_vs_bleu": np.nan})
    out = pd.DataFrame(rows)
    out["best_rival"] = np.where(out["metric"] == "DTKM", "HWCM@1", "DTKM@kernel")
    out["p_vs_best_rival"] = 0.5
    return out


def test_table6_hwcm_beats_bleu_is_depth_matched_and_tested():
    claims = (
        lg.corpus_claims(_corpus_run(0.1, 0.001), "sample", "toy").frame().set_index("claim_id")
    )
    row = claims.loc["table6_hwcm_beats_bleu"]
    # the printed table: HWCM above BLEU at 5 of the 6 depths (0.780 < 0.781 at depth 5)
    assert row["printed"] == "HWCM above BLEU at 5 of 6 depths"
    assert row["verdict"] == "agrees" and row["level"] == "headline"
    # the same gains inside the noise: inconclusive, never agrees
    claims = lg.corpus_claims(_corpus_run(0.1, 0.4), "sample", "toy").frame().set_index("claim_id")
    assert claims.loc["table6_hwcm_beats_bleu", "verdict"] == "inconclusive"
    assert claims.loc["table6_dtkm_best", "verdict"] == "inconclusive"
    # no Williams p (daRR): not comparable, never 'differs'
    run = _corpus_run(-0.1, 0.001).drop(columns=["p_vs_bleu"])
    claims = lg.corpus_claims(run, "public", "toy").frame().set_index("claim_id")
    assert claims.loc["table6_hwcm_beats_bleu", "verdict"] == "not comparable"


def test_figure1_structure_and_hwcm():
    shape = lg.figure1_structure()
    # Hyp1 shares the reference's phrase structure; its verb tag is VBP, the reference's VBD
    assert shape["hyp1_same_skeleton"] and not shape["hyp1_same_labels"]
    assert not shape["hyp2_same_skeleton"]
    from evalkit.metrics import get_metric

    f1 = lg.figure1_scores(get_metric("bleu", smoothing="epsilon", tokenize="13a", lowercase=True))
    f1 = f1.set_index("hypothesis")
    assert f1.loc["hyp1", "STM"] > f1.loc["hyp2", "STM"]
    assert f1.loc["hyp2", "HWCM"] == pytest.approx(1.0)  # every head-modifier pair matches


def test_sentence_and_corpus_level_report_williams_p():
    from evalkit.metrics import get_metric

    grid = {
        ("BLEU", "1"): get_metric("bleu", smoothing="epsilon", max_ngram_order=1),
        ("BLEU", "2"): get_metric("bleu", smoothing="epsilon", max_ngram_order=2),
    }
    hyps = ["a b c d", "a b x d", "x y z w", "a c b d", "b a c d", "a b c x"]
    refs = [["a b c d"]] * 6
    t = lg.sentence_level(hyps, refs, [5, 4, 1, 3, 3, 4], grid)
    assert {"p_vs_bleu", "best_rival", "p_vs_best_rival"} <= set(t.columns)
    assert t["p_vs_best_rival"].between(0, 1).all()


def test_printed_curves_name_the_table_of_each_system_and_judgment():
    k, t = lg.printed_curves("E15", "overall")
    assert k == 4 and set(t.columns) == {"max_depth", "metric", "value"}
    assert t["value"].dtype == float and "kernel" in set(t["max_depth"])
    k6, t6 = lg.printed_curves("all", "corpus")
    assert k6 == 6 and len(t6) > len(t)
    none, empty = lg.printed_curves("all", "daRR")
    assert none is None and empty.empty
