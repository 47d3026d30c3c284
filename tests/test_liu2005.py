"""Liu & Gildea (2005): the worked examples recomputed from the paper's trees."""

from __future__ import annotations

import numpy as np
import pandas as pd

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
    grid = {("HWCM", "2"): lg.HWCM(max_length=2, epsilon=0)}
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
