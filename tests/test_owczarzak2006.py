"""owczarzak2006: printed checks, the paraphrase pipeline on the simulated bitext."""

import pandas as pd
import pytest

from evalkit.papers import owczarzak2006 as O


def test_printed_checks():
    checks = O.printed_checks().set_index("claim_id")
    assert (checks["verdict"] == "agrees").all(), checks[checks["verdict"] != "agrees"]
    assert checks.loc["critical_r_p01", "this_run"] == "0.267"
    assert checks.loc["critical_r_p10", "this_run"] == "0.164"
    assert checks.loc["bleu_gap_ph_lm", "this_run"] == "0.0349"
    assert "+13.0 %" in checks.loc["gain_PH_BLEU", "this_run"]
    assert "+15.2 %" in checks.loc["gain_LM_NIST", "this_run"]


@pytest.fixture(scope="module")
def bitext():
    from evalkit.data.simulate.build import simulate_corpus

    _, truth = simulate_corpus("tides2003ce", quick=True)
    return truth["bitext"]


def test_aligner_on_gold_links_and_oracle(bitext):
    pairs, gold = O.bitext_from_frame(bitext)
    links, table, sets = O.paraphrase_pipeline(pairs)
    q = O.alignment_quality(links, gold)
    # IBM Model 1 both ways on 300 simulated pairs: far better than chance, far from perfect
    assert q["aer"] < 0.5 and q["precision"] > 0.4 and q["recall"] > 0.5
    inter, _, _ = O.paraphrase_pipeline(pairs, method="intersection")
    assert O.alignment_quality(inter, gold)["precision"] > q["precision"]
    assert len(sets) > 10 and all(len(s) >= 2 for s in sets)
    oracle = O.concept_oracle(bitext)
    acc = O.paraphrase_accuracy(table, sets, oracle, sample_size=30, seed=3)
    assert set(acc["paraphrases"]) == {"best", "all"} and acc["graded"].gt(0).all()
    assert acc["semantic"].between(0, 1).all()
    again = O.paraphrase_accuracy(table, sets, oracle, sample_size=30, seed=3)
    pd.testing.assert_frame_equal(acc, again)


def test_expanded_references_and_scores():
    sets = [(("answer",), ("reply",)), (("but",), ("however",))]
    refs = ["I admire the answer, but we turned away.", "Nothing here."]
    multi = O.expanded_references(refs, sets)
    assert multi[0][0] == "i admire the answer but we turned away" and len(multi[0]) == 3
    assert multi[1] == ["nothing here"]
    hyps = {"A": ["i admire the reply but we turned away", "nothing here"]}
    t = O.table1(hyps, refs, multi).set_index("references")
    assert t.loc["multi", "BLEU"] > t.loc["single", "BLEU"]
    assert t.loc["multi", "BLEU"] == pytest.approx(1.0)
