"""Graham (2015): exact recomputations from the printed tables and the paper module's logic.

The expected values are the paper's printed numbers (data/published/graham2015, transcribed
from the PDF, Table 1 cross-checked against the notes' independent transcription).
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.data.published import list_published, read_published
from evalkit.errors import ParameterError
from evalkit.data.evaluation import build_evaluation
from evalkit.papers import graham2015 as g15
from evalkit.stats.williams import williams_test


@pytest.fixture(scope="module")
def table1():
    return read_published("graham2015", "table1")


def test_published_tables_present():
    assert {"table1", "table2", "table3", "table4", "figure3_metrics", "claims"} <= set(
        list_published("graham2015")
    )


def test_table2_recomputed_exactly_from_table1_bullets(table1):
    printed = read_published("graham2015", "table2", dtypes={"percent": "str"})
    ours = g15.optimal_shares(table1)
    assert ours["total"].unique().tolist() == [80]
    # Same cells, same printed order, identical printed strings (all 17).
    assert list(zip(ours["option"], ours["level"], ours["printed"])) == list(
        zip(printed["option"], printed["level"], printed["percent"])
    )
    # Counts behind the percentages (paper §4.1: most optimal variants use precision).
    counts = dict(zip(ours["level"], ours["count"]))
    assert (counts["Prec."], counts["F-score"], counts["Recall"]) == (42, 20, 18)
    assert (counts["Average"], counts["Median"]) == (51, 29)


def test_table2_changes_when_a_bullet_changes(table1):
    flipped = table1.copy()
    row = flipped.index[flipped["variant"] == "R1_ST0_RS0_A_P"][0]
    flipped.loc[row, "optimal"] = 0
    printed = read_published("graham2015", "table2", dtypes={"percent": "str"})
    ours = g15.optimal_shares(flipped)
    assert ours["total"].iloc[0] == 79
    assert list(ours["printed"]) != list(printed["percent"])


def test_printed_percentage_rule():
    assert g15.printed_percentages([23, 20, 15, 6, 6, 6, 2, 2], 80) == [
        "28.7",
        "25.0",
        "18.8",
        "7.5",
        "7.5",
        "7.5",
        "2.5",
        "2.5",
    ]
    # Two levels: the second is 100 minus the first printed value (36.25 alone would print 36.2).
    assert g15.printed_percentages([51, 29], 80) == ["63.7", "36.3"]
    assert "%.1f" % (29 / 80 * 100) == "36.2"
    with pytest.raises(ParameterError):
        g15.printed_percentages([1], 0)


def test_paper_consistency_all_checks_agree_except_the_known_errata():
    checks = g15.paper_consistency()
    assert set(checks["verdict"]) <= {"agrees", "erratum"}, checks[
        checks["verdict"] == "differs"
    ].to_string()
    errata = checks[checks["verdict"] == "erratum"]
    assert set(errata["printed"]) == {"36.3", "ten"}
    assert len(checks) >= 25
    assert {"recomputed", "consistency"} <= set(checks["kind"])


def test_paper_consistency_detects_a_corrupted_table(tmp_path, monkeypatch):
    import shutil

    from evalkit.data.published import published_dir

    shutil.copytree(published_dir("graham2015"), tmp_path / "graham2015")
    path = tmp_path / "graham2015" / "table4.csv"
    lines = path.read_text().splitlines()
    lines[2] = lines[2].replace(",0.786,", ",0.787,", 1)  # Table 4 no longer repeats Table 1
    path.write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("EVALKIT_PUBLISHED_DIR", str(tmp_path))
    checks = g15.paper_consistency().set_index("claim_id")
    assert checks.loc["table4_mean_is_table1", "verdict"] == "differs"
    assert checks.loc["table1_lists_all_variants", "verdict"] == "agrees"


def test_table3_rank_change_and_rank_correlations():
    ranks = g15.table3_ranks(read_published("graham2015", "table3"))
    by = ranks.set_index("system")
    assert (by.loc["DPP", "rank_best"], by.loc["DPP", "rank_original"]) == (1, 4)
    assert (by.loc["OCCAMS_V", "rank_best"], by.loc["OCCAMS_V", "rank_original"]) == (7, 2)
    from scipy import stats

    tau = stats.kendalltau(ranks["rouge_best"], ranks["rouge_original"]).statistic
    assert round(tau, 3) == 0.758  # notes §A4.3, from the printed numbers


def test_table1_factor_means_match_notes(table1):
    means = g15.factor_means(table1).set_index("level")["mean_r"].round(4)
    # notes §A5.6, computed from the printed Table 1
    assert (means["Prec."], means["F-score"], means["Recall"]) == (0.6967, 0.6615, 0.6078)
    assert (means["Average"], means["Median"]) == (0.6814, 0.6292)
    assert means["R-3"] == 0.7478 and means["R-L"] == 0.5945


def test_variants_roundtrip_and_labels(table1):
    variants = g15.all_variants()
    assert len(variants) == 192 == len({v.id for v in variants})
    for v in variants:
        assert g15.parse_variant(v.id) == v
        assert g15.parse_variant(v.label) == v
    assert g15.parse_variant("R3_ST0_RSW0_A_F").id == "R3_ST0_RS0_A_F"  # Figure 3 misprint
    rouge = table1[table1["metric"] != "BLEU"]
    labels = rouge[["metric", "stemming", "rsw", "aggregation", "prf"]].agg(" ".join, axis=1)
    assert [g15.parse_variant(x).id for x in labels] == list(rouge["variant"])
    for bad in ("R5_ST0_RS0_A_P", "R2_ST2_RS0_A_P", "R2_ST0_RS0_X_P", "BLEU", "", 3):
        with pytest.raises(ParameterError):
            g15.parse_variant(bad)


def test_human_score_combinations():
    cs = np.array([0.2, 0.0, 0.5])
    lq = np.array([0.8, 0.0, 0.5])
    np.testing.assert_allclose(g15.combine(cs, lq, "mean"), [0.5, 0.0, 0.5])
    np.testing.assert_allclose(g15.combine(cs, lq, "geometric"), [0.4, 0.0, 0.5])
    np.testing.assert_allclose(g15.combine(cs, lq, "harmonic"), [0.32, 0.0, 0.5])
    np.testing.assert_allclose(g15.combine(cs, lq, "coverage"), cs)
    np.testing.assert_allclose(g15.combine(cs, lq, "quality"), lq)
    with pytest.raises(ParameterError):
        g15.combine(cs, lq, "median")


def test_system_human_scores_mean_of_per_summary_combination():
    per = pd.DataFrame(
        {
            "system": ["a", "a", "b", "b"],
            "coverage": [0.2, 0.4, 0.0, 0.6],
            "quality": [0.8, 0.6, 1.0, 0.6],
        }
    )
    h = g15.system_human_scores(per, "harmonic")
    expected_a = np.mean([2 * 0.2 * 0.8 / 1.0, 2 * 0.4 * 0.6 / 1.0])
    assert h["a"] == pytest.approx(expected_a) and h["b"] == pytest.approx(np.mean([0.0, 0.6]))
    with pytest.raises(ParameterError):
        g15.system_human_scores(per.assign(quality=[0.8, None, 1.0, 0.6]))


def test_correlation_table_marks_match_explicit_williams_loop():
    rng = np.random.default_rng(3)
    n_sys = 12
    human = pd.Series(rng.normal(size=n_sys), index=[f"s{i}" for i in range(n_sys)])
    metrics = {"BLEU": human + rng.normal(scale=0.3, size=n_sys)}
    for k, noise in enumerate((0.2, 0.5, 1.0, 2.0, 4.0)):
        metrics[g15.all_variants()[k].id] = human + rng.normal(scale=noise, size=n_sys)
    long = pd.DataFrame(
        [(s, m, v) for m, vals in metrics.items() for s, v in zip(human.index, vals)],
        columns=["system", "metric", "value"],
    )
    table, pairs = g15.correlation_table(long, human, alpha=0.05)
    assert list(table["rank"]) == list(range(1, 7))
    assert table["r"].is_monotonic_decreasing
    names = list(metrics)
    r_h = {m: np.corrcoef(human, metrics[m])[0, 1] for m in names}
    for row in table.itertuples():
        beaten = False
        for other in names:
            if other == row.variant or r_h[other] <= r_h[row.variant]:
                continue
            r23 = np.corrcoef(metrics[other], metrics[row.variant])[0, 1]
            beaten |= williams_test(r_h[other], r_h[row.variant], r23, n_sys).p < 0.05
        assert row.optimal == (not beaten), row.variant
        assert row.r == pytest.approx(r_h[row.variant])
    assert not table["optimal"].all() and table["optimal"].iloc[0]
    assert table.loc[table["variant"] == "BLEU", "metric"].iloc[0] == "BLEU"


# ----------------------------------------------------------------------------- data sets
def _duc_corpus(names="duc"):
    from evalkit.data.model import SummarizationCorpus

    rows = []
    sents = {}
    for inst in ("d1", "d2"):
        for who, text in (
            ("A", "the cat sat on the mat ."),
            ("B", "a cat was sitting on a mat ."),
            ("1", "the cat sat ."),
            ("2", "dogs bark loudly at night ."),
        ):
            sents[(inst, who)] = (text,)
    q = {"1": [1, 2, 1, 1, 3, 1, 1], "2": [5, 5, 4, 5, 5, 5, 5], "A": [1] * 7, "B": [1] * 7}
    marked = {"1": 2.0, "2": 0.0, "A": 3.0, "B": 3.0}
    for inst, who in sents:
        for i, v in enumerate(q[who], 1):
            code = v if names == "duc" else 5 - v  # simulator: 4 = A .. 0 = E
            rows.append(
                (
                    inst,
                    who,
                    f"quality_q{i}" if names == "duc" else f"linguistic_quality_q{i}",
                    float(code),
                )
            )
        pre = "num_" if names == "duc" else "n_"
        rows += [
            (inst, who, f"{pre}marked_peer_units", marked[who]),
            (inst, who, f"{pre}model_units", 4.0),
            (inst, who, "coverage", 0.5 if who == "1" else 0.0 if who == "2" else 0.8),
        ]
    return SummarizationCorpus(
        name="toy",
        instances=pd.DataFrame({"instance": ["d1", "d2"]}),
        summarizers=pd.DataFrame(
            {"summarizer": ["A", "B", "1", "2"], "type": ["model", "model", "peer", "peer"]}
        ),
        summaries=pd.DataFrame(
            [(i, w, s) for (i, w), s in sents.items()],
            columns=["instance", "summarizer", "sentences"],
        ),
        judgments=pd.DataFrame(rows, columns=["instance", "summarizer", "judgment", "value"]),
    ).validate()


@pytest.mark.parametrize("names", ["duc", "simulator"])
def test_duc_evaluation_human_scores_by_hand(names):
    ev = build_evaluation("duc2004", _duc_corpus(names))
    h = ev.human.set_index(["instance", "system"])
    assert set(ev.human["system"]) == {"1", "2"}  # models are not correlated by default
    # eq. (1): 2 matching PUs x E (= SEE mean coverage 0.5, no separate estimate) / 4 MUs
    assert h.loc[("d1", "1"), "coverage"] == pytest.approx(2 * 0.5 / 4)
    # A=100 %, B=75 %, C=50 %: (1 + .75 + 1 + 1 + .5 + 1 + 1) / 7
    assert h.loc[("d1", "1"), "quality"] == pytest.approx((1 + 0.75 + 1 + 1 + 0.5 + 1 + 1) / 7)
    assert h.loc[("d1", "2"), "quality"] == pytest.approx(0.25 / 7)
    assert h.loc[("d1", "1"), "human"] == pytest.approx((0.25 + 6.25 / 7) / 2)
    see = build_evaluation("duc2004", _duc_corpus(names), cs_formula="see_mean").human.set_index(
        ["instance", "system"]
    )
    assert see.loc[("d1", "1"), "coverage"] == 0.5
    assert len(build_evaluation("duc2004", _duc_corpus(names), include_models=True).human) == 8


def test_duc_evaluation_rejects_missing_or_out_of_range_judgments():
    c = _duc_corpus()
    j = c.judgments
    bad = c.subset()
    bad.judgments = j[
        ~((j["judgment"] == "quality_q3") & (j["summarizer"] == "1") & (j["instance"] == "d2"))
    ]
    with pytest.raises(ParameterError, match="all 7 quality"):
        build_evaluation("duc2004", bad)
    bad.judgments = j.assign(value=np.where(j["judgment"] == "quality_q1", 7.0, j["value"]))
    with pytest.raises(ParameterError, match="coded"):
        build_evaluation("duc2004", bad)
    with pytest.raises(ParameterError):
        build_evaluation("duc2004", c, cs_formula="median")


def test_metric_scores_match_rouge_and_bleu_objects():
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.rouge import Rouge

    ev = build_evaluation("duc2004", _duc_corpus())
    scores = g15.metric_scores(ev).set_index(["system", "metric"])["value"]
    assert scores.index.get_level_values("metric").nunique() == 193
    refs = [("the cat sat on the mat .",), ("a cat was sitting on a mat .",)]
    for system, text in (("1", "the cat sat ."), ("2", "dogs bark loudly at night .")):
        res = Rouge(n=2, stem=True, stopwords=True, byte_limit=665).score(
            [(text,)] * 2, [refs, refs], ["d1", "d2"]
        )
        per = res.scores[res.scores["metric"] == "ROUGE-2"]
        assert scores[(system, "R2_ST1_RS1_A_P")] == pytest.approx(per["P"].mean())
        assert scores[(system, "R2_ST1_RS1_M_R")] == pytest.approx(per["R"].median())
        bleu = BLEU.multi_bleu(ref_layout="segments").corpus_score(
            [text] * 2, [[r[0] for r in refs]] * 2
        )
        assert scores[(system, "BLEU")] == pytest.approx(bleu.score)


def test_summeval_evaluation_stand_ins():
    from evalkit.data.model import SummarizationCorpus

    dims = {"coherence": 5.0, "consistency": 3.0, "fluency": 4.0, "relevance": 2.0}
    c = SummarizationCorpus(
        name="toy",
        instances=pd.DataFrame({"instance": ["d1"]}),
        summarizers=pd.DataFrame({"summarizer": ["ref1", "M0"], "type": ["model", "peer"]}),
        summaries=pd.DataFrame(
            {
                "instance": ["d1", "d1"],
                "summarizer": ["ref1", "M0"],
                "sentences": [("a b",), ("a",)],
            }
        ),
        judgments=pd.DataFrame(
            [("d1", "M0", k, v) for k, v in dims.items()],
            columns=["instance", "summarizer", "judgment", "value"],
        ),
    )
    ev = build_evaluation("summeval", c, "public")
    row = ev.human.iloc[0]
    assert row["coverage"] == pytest.approx((2 - 1) / 4)
    assert row["quality"] == pytest.approx((4 - 1) / 4)
    # the paper's combination (coverage + quality) / 2, not the mean of the four dimensions
    assert row["human"] == pytest.approx(((2 - 1) / 4 + (4 - 1) / 4) / 2)
    assert row["human"] != pytest.approx((3.5 - 1) / 4)
    assert list(ev.targets) == ["human", "coverage"]


def test_rescore_systems_table3_and_pairs():
    rng = np.random.default_rng(5)
    rows = []
    for k, system in enumerate(["a", "b", "c"]):
        for inst in range(12):
            rows.append((str(inst), system, "R2_ST1_RS1_P", 0.1 * k + rng.normal(0, 0.01)))
            rows.append((str(inst), system, "R2_ST1_RS0_R", 0.3 - 0.1 * k + rng.normal(0, 0.01)))
    per = pd.DataFrame(rows, columns=["instance", "system", "metric", "value"])
    res = g15.rescore_systems(per)
    t3 = res["table3"].set_index("system")
    assert list(res["table3"]["system"]) == ["c", "b", "a"]
    value = lambda system, metric: per[(per.system == system) & (per.metric == metric)]["value"]  # noqa: E731
    assert t3.loc["c", "rouge_best"] == pytest.approx(100 * value("c", "R2_ST1_RS1_P").mean())
    assert t3.loc["a", "rouge_original"] == pytest.approx(100 * value("a", "R2_ST1_RS0_R").median())
    assert (t3["rank_original"] == [3, 2, 1]).all()
    assert res["beats"].loc["c", "a"] and not res["beats"].loc["a", "c"]
    assert list(
        res["not_outperformed"].loc[res["not_outperformed"]["not_outperformed"], "system"]
    ) == ["c"]
    with pytest.raises(ParameterError):
        g15.rescore_systems(per, best="R3_ST1_RS1_A_P")


def test_models_judged_as_peers_are_scored_against_the_other_models_only():
    from evalkit.metrics.rouge import Rouge

    ev = build_evaluation("duc2004", _duc_corpus(), include_models=True)
    scores = g15.metric_scores(ev).set_index(["system", "metric"])["value"]
    res = Rouge(n=1, byte_limit=665).score(
        [("the cat sat on the mat .",)] * 2, [[("a cat was sitting on a mat .",)]] * 2, ["d1", "d2"]
    )
    per = res.scores[res.scores["metric"] == "ROUGE-1"]
    assert scores[("A", "R1_ST0_RS0_A_R")] == pytest.approx(per["R"].mean())
    assert scores[("A", "R1_ST0_RS0_A_R")] < 1.0  # not scored against itself


def test_system_level_combination_option():
    per = pd.DataFrame({"system": ["a", "a"], "coverage": [0.2, 0.6], "quality": [0.8, 0.4]})
    at_summary = g15.system_human_scores(per, "geometric")["a"]
    at_system = g15.system_human_scores(per, "geometric", combine_at="system")["a"]
    assert at_summary == pytest.approx((np.sqrt(0.16) + np.sqrt(0.24)) / 2)
    assert at_system == pytest.approx(np.sqrt(0.4 * 0.6))
    assert g15.system_human_scores(per, "mean", combine_at="system")["a"] == pytest.approx(
        g15.system_human_scores(per, "mean")["a"]
    )
    with pytest.raises(ParameterError):
        g15.system_human_scores(per, "mean", combine_at="topic")


def test_table3_vs_paper_differences():
    paper = read_published("graham2015", "table3")
    ours = paper.rename(columns={}).assign(rouge_best=paper["rouge_best"] + 0.5)
    ours = g15.table3_ranks(ours).rename(columns={})
    out = g15.table3_vs_paper(ours, paper)
    assert np.allclose(out["best_diff"], 0.5) and np.allclose(out["original_diff"], 0)
    assert (out["rank_best_ours"] == out["rank_best_paper"]).all()


def _table_and_pairs(r_bleu, r_best, p_bleu_over_best, p_best_over_bleu, hong_optimal=False):
    """A two-metric Table 1 stand-in (BLEU, the best variant, Hong's three) with Williams
    pairs whose p-values are given."""
    variants = ["BLEU", g15.BEST_VARIANT, *g15.HONG2014_VARIANTS]
    rs = [r_bleu, r_best, 0.5, 0.4, 0.3]
    table = pd.DataFrame(
        {
            "variant": variants,
            "metric": ["BLEU", "R-2", "R-2", "R-4", "R-1"],
            "r": rs,
            "optimal": [True, True] + [hong_optimal] * 3,
        }
    )
    table["rank"] = table["r"].rank(ascending=False, method="min").astype(int)
    rows = []
    for a, ra in zip(variants, rs):
        for b, rb in zip(variants, rs):
            if a == b:
                continue
            p = 0.5 if ra <= rb else 0.001
            if (a, b) == ("BLEU", g15.BEST_VARIANT):
                p = p_bleu_over_best
            if (a, b) == (g15.BEST_VARIANT, "BLEU"):
                p = p_best_over_bleu
            rows.append((a, b, ra, rb, p, ra > rb and p < 0.05))
    pairs = pd.DataFrame(rows, columns=["metric_a", "metric_b", "r_a", "r_b", "p", "a_beats_b"])
    return table, pairs


def test_table1_claims_headlines_are_decided_by_williams_tests():
    from evalkit.data.published import read_published

    paper = read_published("graham2015", "table1")
    table, pairs = _table_and_pairs(0.80, 0.78, 0.30, 0.70)
    claims = g15.table1_claims(table, pairs, paper, data="toy").set_index("claim_id")
    # "neither significantly better" cannot be confirmed by a non-significant test on other
    # data (no equivalence test): inconclusive; on the paper's data it is an exact check
    assert claims.loc["bleu_on_par", "verdict"] == "inconclusive"
    assert claims.loc["bleu_on_par", "level"] == "headline"
    for cid in ("variants_beating_bleu", "bleu_beats_best_variant", "best_variant_optimal"):
        assert claims.loc[cid, "verdict"] == "inconclusive", cid
    same = g15.table1_claims(table, pairs, paper, data="toy", same_data=True)
    assert same.set_index("claim_id").loc["bleu_on_par", "verdict"] == "agrees"
    # BLEU above the best variant but not significantly: inconclusive, not agrees
    assert claims.loc["bleu_highest", "verdict"] == "inconclusive"
    assert "Williams" in claims.loc["bleu_highest", "evidence"]
    assert claims.loc["hong_variants_outperformed", "verdict"] == "agrees"
    # the best variant significantly beats BLEU: not on par, and BLEU's lead is contradicted
    table, pairs = _table_and_pairs(0.70, 0.85, 0.99, 0.001)
    claims = g15.table1_claims(table, pairs, paper, data="toy").set_index("claim_id")
    assert claims.loc["bleu_on_par", "verdict"] == "differs"
    assert claims.loc["bleu_highest", "verdict"] == "differs"
    table, pairs = _table_and_pairs(0.80, 0.78, 0.30, 0.70, hong_optimal=True)
    claims = g15.table1_claims(table, pairs, paper, data="toy").set_index("claim_id")
    # a Hong et al. variant not significantly beaten: the paper's "outperformed" is not
    # shown here, but not contradicted either
    assert claims.loc["hong_variants_outperformed", "verdict"] == "inconclusive"
    same = g15.table1_claims(table, pairs, paper, data="toy", same_data=True)
    assert same.set_index("claim_id").loc["hong_variants_outperformed", "verdict"] == "differs"


def test_figure3_claims_no_win_statements_are_never_confirmed_by_noise():
    metrics = g15.figure3_metrics()
    p = pd.DataFrame(0.5, index=metrics, columns=metrics)
    beats = p.lt(0.05)
    claims = g15.figure3_claims(beats, data="toy", pvalues=p).set_index("claim_id")
    assert claims.loc["metrics_beating_bleu", "verdict"] == "inconclusive"
    assert claims.loc["wins_over_top_metrics", "verdict"] == "inconclusive"
    assert claims.loc["hong_variants_beaten", "verdict"] == "inconclusive"
    p.loc[metrics[1], "BLEU"] = 0.01  # a significant win over BLEU contradicts the paper
    p.loc[metrics[:9], [m for m in metrics if m in g15.HONG2014_VARIANTS]] = 0.001
    claims = g15.figure3_claims(p.lt(0.05), data="toy", pvalues=p).set_index("claim_id")
    assert claims.loc["metrics_beating_bleu", "verdict"] == "differs"
    assert claims.loc["hong_variants_beaten", "verdict"] == "agrees"
    same = g15.figure3_claims(beats, data="toy", pvalues=p, same_data=True)
    assert same.set_index("claim_id").loc["metrics_beating_bleu", "verdict"] == "agrees"


def test_table3_claims_compare_only_hong_systems():
    from evalkit.data.published import read_published

    paper = read_published("graham2015", "table3")
    t3 = pd.DataFrame(
        {"system": list("ABCD"), "rouge_best": [4, 3, 2, 1], "rouge_original": [1, 2, 3, 4]}
    )
    result = {
        "table3": t3,
        "shapiro": pd.DataFrame({"system": list("ABCD"), "normal": [True] * 4}),
        "pairs": pd.DataFrame(columns=["test_name", "system_b", "p_value"]),
    }
    other = g15.table3_claims(result, paper, data="toy").set_index("claim_id")
    assert other.loc["system_conclusions_differ", "verdict"] == "not comparable"
    assert other.loc["not_outperformed_t", "verdict"] == "not comparable"
    same = g15.table3_claims(result, paper, data="toy", same_systems=True).set_index("claim_id")
    assert same.loc["system_conclusions_differ", "verdict"] == "agrees"
    assert same.loc["system_conclusions_differ", "level"] == "headline"


def test_figure1_2_findings_are_tested():
    from types import SimpleNamespace

    rng = np.random.default_rng(0)
    cov = rng.exponential(size=400)  # right-skewed
    qual = 5 - rng.exponential(size=400)  # left-skewed, above coverage almost always
    ev = SimpleNamespace(name="toy", human=pd.DataFrame({"coverage": cov, "quality": qual}))
    rows = g15.distribution_claims(ev).set_index("claim_id")
    assert rows.loc["coverage_right_skewed", "verdict"] == "agrees"
    assert rows.loc["quality_left_skewed", "verdict"] == "agrees"
    assert "skewness test" in rows.loc["coverage_right_skewed", "evidence"]
    sym = SimpleNamespace(
        name="toy", human=pd.DataFrame({"coverage": rng.normal(size=400), "quality": qual})
    )
    assert (
        g15.distribution_claims(sym).set_index("claim_id").loc["coverage_right_skewed", "verdict"]
        == "inconclusive"
    )
    assert g15.human_claims(ev).set_index("claim_id").loc["quality_above_coverage", "verdict"] == (
        "agrees"
    )


def test_figure2_mean_in_between_is_a_bootstrap_finding():
    """The mean's skewness between coverage's and quality's is tested by a paired bootstrap
    interval, not read off one number: between (opposite skews) agrees; two independent
    right-skewed scores, whose mean is less skewed than either, differ."""
    from types import SimpleNamespace

    from scipy import stats as sps

    rng = np.random.default_rng(1)
    cov, qual = rng.exponential(size=300), 5 - rng.exponential(size=300)
    between = SimpleNamespace(name="toy", human=pd.DataFrame({"coverage": cov, "quality": qual}))
    row = g15.distribution_claims(between, seed=3).set_index("claim_id").loc["mean_in_between"]
    assert row["verdict"] == "agrees" and "bootstrap" in row["evidence"]
    mean_skew = sps.skew(g15.combine(cov, qual, "mean"))
    assert f"mean {mean_skew:+.3f}" in row["this_run"]
    low, high = sorted([sps.skew(cov), sps.skew(qual)])  # the margin inside, by hand
    assert f"difference {min(mean_skew - low, high - mean_skew):+.3f}" in row["evidence"]
    again = g15.distribution_claims(between, seed=3).set_index("claim_id").loc["mean_in_between"]
    assert again["evidence"] == row["evidence"]  # seeded
    two_right = SimpleNamespace(
        name="toy",
        human=pd.DataFrame(
            {"coverage": rng.exponential(size=3000), "quality": rng.exponential(size=3000)}
        ),
    )
    rows = g15.distribution_claims(two_right).set_index("claim_id")
    assert rows.loc["mean_in_between", "verdict"] == "differs"
    with pytest.raises(ParameterError):
        g15.distribution_claims(between, n_resamples=0)
    few = SimpleNamespace(name="toy", human=between.human.head(7))
    rows = g15.distribution_claims(few)
    assert len(rows) == 3 and (rows["verdict"] == "not comparable").all()


def _shares_for(table1, optimal):
    """optimal_shares of ``table1`` with the bullets replaced by ``optimal`` (a bool mask)."""
    from collections import namedtuple

    ev = namedtuple("Evaluation", "name key")("toy", "toy")
    t = table1.assign(optimal=np.asarray(optimal, dtype=int))
    return {(ev, "mean"): g15.optimal_shares(t)}


def test_table2_top_levels_on_stand_in_data_are_sign_tested(table1):
    rouge = table1["metric"] != "BLEU"
    # The printed bullets: 42 precision-based of 80 against 20 F-score: significant.
    claims = g15.table2_claims(_shares_for(table1, table1["optimal"]), profile="sample")
    row = claims.set_index("claim_id").loc["top_summary_level_agg"]
    assert row["verdict"] == "agrees"
    assert "sign test" in row["evidence"]
    # Two precision-based and one recall-based optimal variant: precision "wins" by one
    # variant, which is noise, not a finding.
    mask = np.zeros(len(table1), dtype=bool)
    idx = table1.index[rouge]
    prf = table1.loc[idx, "prf"]
    mask[table1.index.get_indexer(prf[prf == "P"].index[:2])] = True
    mask[table1.index.get_indexer(prf[prf == "R"].index[:1])] = True
    claims = g15.table2_claims(_shares_for(table1, mask), profile="public")
    verdicts = claims.set_index("claim_id")["verdict"]
    assert verdicts["top_summary_level_agg"] == "inconclusive"
    # On the paper's own data the same top level is an exact statement.
    claims = g15.table2_claims(_shares_for(table1, mask), profile="licensed")
    assert claims.set_index("claim_id").loc["top_summary_level_agg", "verdict"] == "agrees"


def test_hong_outperformed_reads_only_wins_of_higher_metrics():
    from evalkit.data.published import read_published

    paper = read_published("graham2015", "table1")
    table, pairs = _table_and_pairs(0.80, 0.78, 0.30, 0.70, hong_optimal=True)
    higher = pairs["r_a"] > pairs["r_b"]
    hong = pairs["metric_b"].isin(g15.HONG2014_VARIANTS)
    pairs.loc[higher & hong, "p"] = 0.5  # nothing beats Hong et al.'s variants ...
    pairs.loc[~higher, "p"] = 0.001  # ... small p only where the lower metric is metric_a
    pairs["a_beats_b"] = higher & (pairs["p"] < 0.05)
    claims = g15.table1_claims(table, pairs, paper, data="toy").set_index("claim_id")
    row = claims.loc["hong_variants_outperformed"]
    assert row["verdict"] == "inconclusive"
    assert "0.001" not in row["evidence"]


def test_table4_best_variant_marks_are_tested_not_matched():
    from evalkit.data.published import read_published

    paper = read_published("graham2015", "table4")
    best = g15.BEST_VARIANT

    def frames(best_optimal: bool, p_over_best: float):
        table = pd.DataFrame(
            {"variant": ["BLEU", best], "r": [0.8, 0.7], "optimal": [True, best_optimal]}
        )
        pairs = pd.DataFrame(
            {
                "metric_a": ["BLEU", best],
                "metric_b": [best, "BLEU"],
                "r_a": [0.8, 0.7],
                "r_b": [0.7, 0.8],
                "p": [p_over_best, 0.9],
                "a_beats_b": [p_over_best < 0.05, False],
            }
        )
        cols = list(g15.COMBINATIONS)
        return {c: table for c in cols}, {c: pairs for c in cols}

    # not beaten here: printed • (mean) is not confirmed, printed beating (coverage) not shown
    tables, pairs = frames(True, 0.3)
    claims = g15.table4_claims(tables, paper, data="toy", pairs=pairs).set_index("claim_id")
    assert claims.loc["best_variant_optimal_mean", "verdict"] == "inconclusive"
    assert claims.loc["best_variant_optimal_coverage", "verdict"] == "inconclusive"
    same = g15.table4_claims(tables, paper, data="toy", same_data=True, pairs=pairs)
    assert same.set_index("claim_id").loc["best_variant_optimal_mean", "verdict"] == "agrees"
    # significantly beaten: contradicts the printed •, replicates the printed beating
    tables, pairs = frames(False, 0.01)
    claims = g15.table4_claims(tables, paper, data="toy", pairs=pairs).set_index("claim_id")
    assert claims.loc["best_variant_optimal_mean", "verdict"] == "differs"
    assert claims.loc["best_variant_optimal_coverage", "verdict"] == "agrees"


def test_figure1_2_findings_survive_the_rating_ablations(monkeypatch):
    """quality_above_coverage and coverage_right_skewed stay counted findings on the sample:
    the full simulated DUC 2004 (seed 20051) still shows both, significant, with the
    assessors' quality leniency (``quality_exponent``) and SEE's partial credit
    (``see_partial_credit``) switched off, alone or together; the sample's note says so."""
    from dataclasses import replace

    from evalkit.data.simulate import build, corpora

    config = corpora.config
    human = {}
    for extra in ({}, {"quality_exponent": 1.0}, {"see_partial_credit": False}, None):
        extra = {"quality_exponent": 1.0, "see_partial_credit": False} if extra is None else extra

        def ablated(name, quick=False, extra=extra):
            cfg = config(name, quick)
            return replace(cfg, extra={**cfg.extra, **extra})

        monkeypatch.setattr(corpora, "config", ablated)
        corpus, _ = build.simulate_corpus("duc2004", seed=build.DEFAULT_SEED)
        ev = build_evaluation("duc2004", corpus, "sample")
        human[tuple(extra)] = ev.human
        rows = pd.concat([g15.human_claims(ev, simulated=True), g15.distribution_claims(ev, True)])
        rows = rows.set_index("claim_id")
        for claim in ("quality_above_coverage", "coverage_right_skewed"):
            assert rows.loc[claim, "verdict"] == "agrees", (extra, rows.loc[claim, "evidence"])
            assert "Not given by the simulator" in rows.loc[claim, "note"]
    # each switch does what it says: more coverage without partial credit, less quality
    # without leniency
    base = human[()]
    assert human[("see_partial_credit",)]["coverage"].mean() > base["coverage"].mean()
    assert human[("quality_exponent",)]["quality"].mean() < base["quality"].mean()
    assert human[("see_partial_credit",)]["quality"].equals(base["quality"])
    plain = g15.human_claims(build_evaluation("duc2004", corpus, "sample"))
    assert plain["note"].eq("").all()
