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


def _kernel_table(kernel_noise, n=60, seed=0):
    """A sentence table (Table 1's system and judgment) of seeded scores: HWCM, STM, BLEU
    follow the human scores closely; the kernels with ``kernel_noise``."""
    from evalkit.papers.liu2005.experiments import _correlations

    rng = np.random.default_rng(seed)
    y = rng.normal(size=n)
    keys, xs = [], []
    for name, depth, noise in [
        *[("BLEU", d, 1.0) for d in ("1", "2", "4")],
        *[("HWCM", d, 0.5) for d in ("1", "2", "4")],
        ("STM", "1", 0.8),
        ("TKM", "kernel", kernel_noise),
        ("DTKM", "kernel", kernel_noise * 1.5),
    ]:
        keys.append((name, depth))
        xs.append(y + rng.normal(scale=noise, size=n))
    return _correlations(keys, xs, y).assign(system="E14", judgment="fluency"), xs, y


@pytest.mark.parametrize("kernel_noise,verdict", [(3.0, "agrees"), (0.05, "differs")])
def test_kernels_poor_at_sentence_level_is_a_williams_finding(kernel_noise, verdict):
    """Section 4's "kernel based metrics, though poor in sentence-level evaluation": the best
    of HWCM/STM/DSTM against the best kernel by the Williams test, by hand."""
    from evalkit.stats.williams import williams_test

    table, xs, y = _kernel_table(kernel_noise)
    key = table["metric"] + "@" + table["max_depth"]
    rk = dict(zip(key, table["r"]))
    syn = max((k for k in rk if k.split("@")[0] in ("HWCM", "STM")), key=rk.get)
    ker = max(("TKM@kernel", "DTKM@kernel"), key=rk.get)
    i, j = list(key).index(syn), list(key).index(ker)
    r = rk
    p = williams_test(
        r[syn], r[ker], np.corrcoef(xs[i], xs[j])[0, 1], len(y), alternative="two-sided"
    ).p
    rows = lg.sentence_claims(table, "sample", "toy").frame().set_index("claim_id")
    row = rows.loc["table1_syntax_beats_kernels"]
    assert f"{r[syn] - r[ker]:+.3f}" in row["evidence"]
    assert (f"p = {p:.3f}" if p >= 0.001 else "p < 0.001") in row["evidence"]
    assert row["verdict"] == verdict and row["level"] == "headline"
    # without the Williams columns (daRR): not comparable
    bare = table.drop(columns=["p_vs_best_syntax", "best_syntax"])
    rows = lg.sentence_claims(bare, "sample", "toy").frame().set_index("claim_id")
    assert rows.loc["table1_syntax_beats_kernels", "verdict"] == "not comparable"


def test_sentence_level_tests_resample_documents_not_segments():
    """800 segments of one system in 8 documents; each metric errs by a document-level amount
    (a story that suits one metric suits it in every sentence; HWCM's errors smaller): at
    both depths Williams' test counting the 800 segments calls HWCM's lead over BLEU
    significant (p < .001) and the row agrees; the percentile bootstrap over the 8 documents
    does not, and the row is inconclusive."""
    from evalkit.papers.liu2005.experiments import _correlations
    from evalkit.stats.williams import williams_test

    rng = np.random.default_rng(6)
    doc = np.repeat([f"d{i}" for i in range(8)], 100)
    codes = np.repeat(np.arange(8), 100)
    y = rng.normal(size=800)
    err = {"BLEU": rng.normal(0, 1.0, 8)[codes], "HWCM": rng.normal(0, 0.7, 8)[codes]}
    keys = [(m, d) for m in ("BLEU", "HWCM") for d in ("2", "4")]
    xs = [y + err[m] + rng.normal(0, 0.3, 800) for m, _ in keys]
    for d in (0, 1):
        r_b, r_h = np.corrcoef(xs[d], y)[0, 1], np.corrcoef(xs[2 + d], y)[0, 1]
        r_bh = np.corrcoef(xs[d], xs[2 + d])[0, 1]
        assert r_h > r_b and williams_test(r_h, r_b, r_bh, 800, alternative="two-sided").p < 0.001
    williams = _correlations(keys, xs, y).assign(system="E14", judgment="fluency")
    table = _correlations(keys, xs, y, doc, n_resamples=1000, seed=0)
    table = table.assign(system="E14", judgment="fluency")
    hwcm = table[table["metric"] == "HWCM"]
    assert (hwcm["p_vs_bleu"] > 0.05).all() and "8 documents" in table["test"].iloc[0]
    before = lg.sentence_claims(williams, "sample", "toy").frame().set_index("claim_id")
    assert before.loc["table1_hwcm_beats_bleu", "verdict"] == "agrees"
    after = lg.sentence_claims(table, "sample", "toy").frame().set_index("claim_id")
    row = after.loc["table1_hwcm_beats_bleu"]
    assert row["verdict"] == "inconclusive" and "over the 8 documents" in row["evidence"]
    again = _correlations(keys, xs, y, doc, n_resamples=1000, seed=0)
    assert again["p_vs_bleu"].equals(table["p_vs_bleu"])


def test_too_few_documents_leave_the_sentence_findings_untested():
    """Five documents (a quick run's 40 segments): a bootstrap over so few units is too
    narrow, so the tables carry no p and the findings are not comparable, saying why."""
    from evalkit.papers.liu2005.experiments import _correlations
    from evalkit.stats.cluster_bootstrap import MIN_CLUSTERS

    rng = np.random.default_rng(0)
    y = rng.normal(size=50)
    keys = [("BLEU", "2"), ("BLEU", "4"), ("HWCM", "2"), ("HWCM", "4")]
    xs = [y + rng.normal(0, s, 50) for s in (1.0, 1.0, 0.2, 0.2)]
    doc = np.repeat([f"d{i}" for i in range(MIN_CLUSTERS - 1)], 10)
    table = _correlations(keys, xs, y, doc).assign(system="E14", judgment="fluency")
    assert table["p_vs_bleu"].isna().all()
    rows = lg.sentence_claims(table, "sample", "toy").frame().set_index("claim_id")
    row = rows.loc["table1_hwcm_beats_bleu"]
    assert row["verdict"] == "not comparable"
    assert f"{MIN_CLUSTERS - 1} documents, fewer than {MIN_CLUSTERS} to resample" in row["note"]
