"""owczarzak2006: printed checks, the paraphrase pipeline on the simulated bitext."""

import pandas as pd
import pytest

from evalkit.papers import owczarzak2006 as O


def test_printed_checks():
    checks = O.printed_checks().set_index("claim_id")
    gains = checks.index.str.startswith("gain_")
    # the percentage gains are not printed: derived, never counted as agreement
    assert (checks.loc[gains, "verdict"] == "derived").all()
    assert (checks.loc[~gains, "verdict"] == "agrees").all(), checks[checks["verdict"] != "agrees"]
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


def _corr_table(single, multi, p_williams, p_vs_bleu):
    return pd.DataFrame(
        {
            "metric": ["BLEU", "BLEU smoothed", "NIST"],
            "single": single,
            "multi": multi,
            "p_williams": p_williams,
            "p_vs_bleu": [float("nan"), p_vs_bleu, float("nan")],
        }
    )


def test_correlation_findings_need_williams_significance():
    from evalkit.notebook.claims import Claims

    def findings(*table):
        c = Claims("owczarzak2006", data="toy")
        O.correlation_findings(c, _corr_table(*table))
        return c.frame().set_index("claim_id")

    rows = findings([0.3, 0.35, 0.4], [0.32, 0.36, 0.41], [0.4, 0.5, 0.6], 0.2)
    # every rise in the paper's direction but inside the noise: inconclusive, not agrees
    assert rows.loc["multi_raises_r", "verdict"] == "inconclusive"
    assert rows.loc["multi_raises_r", "level"] == "headline"
    assert rows.loc["smoothing_raises_r", "verdict"] == "inconclusive"
    rows = findings([0.3, 0.35, 0.4], [0.5, 0.55, 0.6], [0.001, 0.002, 0.01], 0.01)
    assert rows.loc["multi_raises_r", "verdict"] == "agrees"
    assert rows.loc["smoothing_raises_r", "verdict"] == "agrees"


def test_sentence_correlations_report_the_williams_p():
    rng = __import__("numpy").random.default_rng(0)
    refs = ["the cat sat on the mat today", "a dog ran in the big park now"] * 10
    hyps = ["the cat sat on a mat today", "a dog ran in a park now"] * 10
    multi = [[r, r.replace("the", "a")] for r in refs]
    human = rng.normal(size=len(hyps))
    t = O.sentence_correlations(hyps, refs, multi, human, n_boot=20)
    assert {"p_williams", "p_vs_bleu"} <= set(t.columns)
    assert t.loc[t["metric"] == "BLEU", "p_vs_bleu"].isna().all()


def test_reference_gain_bootstrap_and_finding():
    from evalkit.notebook.claims import Claims

    refs = ["the cat sat on the mat today", "a dog ran in the big park now"] * 15
    hyps = ["the cat sat on a rug today", "a hound ran in the big park now"] * 15
    helpful = [[r, r.replace("mat", "rug"), r.replace("dog", "hound")] for r in refs]
    g = O.reference_gain(hyps, refs, helpful, n_boot=200, seed=1)
    assert (g["gain"] > 0).all() and (g["ci_low"] > 0).all()
    c = Claims("owczarzak2006", data="toy")
    O.gain_finding(c, g.assign(system="PH"))
    row = c.frame().set_index("claim_id").loc["multi_raises_scores"]
    assert row["verdict"] == "agrees" and row["level"] == "headline"
    # references that add nothing: no gain, so inconclusive rather than agrees
    useless = [[r, r] for r in refs]
    g = O.reference_gain(hyps, refs, useless, n_boot=200, seed=1)
    c = Claims("owczarzak2006", data="toy")
    O.gain_finding(c, g.assign(system="PH"))
    assert c.frame().set_index("claim_id").loc["multi_raises_scores", "verdict"] == "inconclusive"
    # same seed, same interval
    a = O.reference_gain(hyps, refs, helpful, n_boot=50, seed=3)
    b = O.reference_gain(hyps, refs, helpful, n_boot=50, seed=3)
    pd.testing.assert_frame_equal(a, b)
