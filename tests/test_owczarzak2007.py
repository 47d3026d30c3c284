"""Owczarzak et al. (2007, SSST and WMT): printed numbers recomputed, and the design helpers."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.metrics.bleu import BLEU
from evalkit.papers import owczarzak2007ssst as ss
from evalkit.papers import owczarzak2007wmt as wm
from evalkit.text.trees import DepTree


class _SentenceBLEU:
    def __init__(self, **kw):
        self.b = BLEU(**kw)

    def sentence_scores(self, hyps, refs):
        return np.array([self.b.sentence_score(h, r).score for h, r in zip(hyps, refs)])


def test_ssst_printed_checks_all_agree():
    checks = ss.printed_checks(_SentenceBLEU(smoothing="add1_zero", lowercase=True))
    assert checks["agrees"].all(), checks
    assert {
        "table1_nist_percent",
        "table2_nist_percent",
        "significance_step",
        "bleu_example",
    } <= set(checks["claim_id"])


def test_wmt_printed_checks():
    checks = wm.printed_checks().set_index("claim_id")
    assert checks.loc[
        ["table1_equals_ssst_table1", "table2_monotone", "table2_one_best", "table3_ranked"],
        "agrees",
    ].all()
    # fn. 6's 0.022 is not the Fisher-z difference interval at n = 16,800 (0.021): reported, not hidden
    assert not checks.loc["significance_step", "agrees"]


def test_front_final_adjunct_keeps_words():
    d = DepTree.from_heads(
        ["The", "plane", "landed", "on", "Monday", "."],
        [1, 2, -1, 2, 3, 2],
        ["det", "nsubj", "root", "prep", "pobj", "punct"],
        upos=["DET", "NOUN", "VERB", "ADP", "PROPN", "PUNCT"],
    )
    assert ss.front_final_adjunct(d) == "On Monday, the plane landed."
    no_time = DepTree.from_heads(
        ["The", "plane", "landed", "in", "Paris", "."],
        [1, 2, -1, 2, 3, 2],
        ["det", "nsubj", "root", "prep", "pobj", "punct"],
    )
    assert ss.front_final_adjunct(no_time) is None


def test_judged_segments_and_ranked_layout():
    rows = pd.DataFrame(
        {"judgment": ["fluency"] * 3, "metric": ["a", "b", "c"], "r": [0.1, -0.3, 0.2]}
    )
    out = ss.ranked_layout(rows)
    assert out["metric"].tolist() == ["b", "c", "a"] and out["rank"].tolist() == [1, 2, 3]


def test_variant_metrics_names():
    m = wm.variant_metrics(["d", "d_pr", "d_var", "d_10_var", "d+WN"])
    assert set(m) == {"d", "d_pr", "d_var", "d_10_var"}  # +WN needs a WordNet
    assert (
        m["d_10_var"].nbest == 10
        and m["d_10_var"].switches["partial"]
        and m["d_pr"].switches["pred_only"]
    )


def test_reordering_table_on_the_papers_scales():
    # Table 1's scales: BLEU 0-1, GTM and dependency F 0-100, NIST with its percentage of the baseline
    originals = ["John resigned yesterday .", "The storm hit the coast on Monday ."]
    reordered = ["Yesterday , John resigned .", "On Monday , the storm hit the coast ."]
    metrics = ss.table1_metrics()
    t = ss.reordering_table(
        originals, reordered, {k: metrics[k] for k in ("BLEU", "GTM", "NIST", "dep")}
    )
    t = t.set_index("metric")
    assert t.loc["BLEU", "baseline"] == pytest.approx(1.0) and t.loc[
        "GTM", "baseline"
    ] == pytest.approx(100.0)
    assert (
        t.loc["dep", "baseline"] == 100.0 and t.loc["dep", "modified"] == 100.0
    )  # same triples both orders
    assert t.loc["BLEU", "modified"] < 1.0 and t.loc["GTM", "modified"] < 100.0
    assert (
        t.loc["NIST", "modified_percent"]
        == 100 * t.loc["NIST", "modified"] / t.loc["NIST", "baseline"]
    )


def _table5_run(r_d, r_bleu, half):
    """A Table-5-shaped run whose segment-resampling intervals are this run's differences
    (and TER's r) plus or minus ``half``."""
    import pandas as pd

    rows = []
    r = {"d": r_d, "d_pr": r_d - 0.01, "BLEU": r_bleu, "TER": -0.2}
    for j in ("fluency", "accuracy", "average"):
        for m, v in r.items():
            rows.append({"metric": m, "judgment": j, "r": v, "n": 500})
    run = pd.DataFrame(rows)
    iv = []
    for j in ("fluency", "accuracy", "average"):
        for a, b in (("d", "BLEU"), ("BLEU", "d"), ("d", "d_pr"), ("d_pr", "d"), ("TER", "")):
            d = r[a] - (r[b] if b else 0.0)
            iv.append(
                {"judgment": j, "metric_a": a, "metric_b": b, "low": d - half, "high": d + half}
            )
    run.attrs["intervals"] = iv
    run.attrs["segments"] = 40
    return run


def test_table5_findings_are_tested_over_segment_resamples():
    from evalkit.papers import owczarzak2007ssst as ss

    rows = ss.table5_claims(_table5_run(0.3, 0.2, 0.05), "sample", "toy").frame()
    rows = rows.set_index("claim_id")
    row = rows.loc["fluency_dependency_above_strings"]
    assert row["level"] == "headline" and "resamples of the 40 source segments" in row["evidence"]
    printed = ss.published("table5").rename(columns={"value": "r"})
    paper_says = ss.correlation_patterns(printed, "fluency")["dependency_above_strings"]
    assert row["verdict"] == ("agrees" if paper_says else "differs")
    assert rows.loc["fluency_ter_negative", "verdict"] == "agrees"
    noisy = ss.table5_claims(_table5_run(0.3, 0.2, 0.4), "sample", "toy").frame()
    noisy = noisy.set_index("claim_id")
    assert noisy.loc["fluency_dependency_above_strings", "verdict"] == "inconclusive"
    # without the intervals (daRR): not comparable, never a verdict by eye
    run = _table5_run(0.3, 0.2, 0.05)
    run.attrs.pop("intervals")
    bare = ss.table5_claims(run, "sample", "toy").frame().set_index("claim_id")
    assert bare.loc["fluency_dependency_above_strings", "verdict"] == "not comparable"


def test_segment_correlations_resample_segments_not_rows():
    """800 judged rows from 8 segments; each metric errs by a segment-level amount (a
    sentence that suits one metric suits it in every row of the segment): a Williams test
    counting the rows calls BLEU's lead over d (0.07 in r) significant (p < .001), resampling
    the 8 segments does not."""
    import numpy as np
    import pandas as pd

    from evalkit.stats.cluster_bootstrap import correlation_intervals
    from evalkit.stats.williams import williams_test

    rng = np.random.default_rng(6)
    seg = np.repeat(np.arange(8), 100)
    quality = rng.normal(size=800)
    xs = {
        "d": quality + rng.normal(0, 0.8, 8)[seg] + rng.normal(0, 0.3, 800),
        "BLEU": quality + rng.normal(0, 0.8, 8)[seg] + rng.normal(0, 0.3, 800),
    }
    y = {"fluency": quality + rng.normal(0, 0.5, 800)}
    r_d, r_b = (np.corrcoef(xs[m], y["fluency"])[0, 1] for m in ("d", "BLEU"))
    r_db = np.corrcoef(xs["d"], xs["BLEU"])[0, 1]
    assert r_d - r_b < 0 and williams_test(r_d, r_b, r_db, 800, alternative="two-sided").p < 0.001
    iv = pd.DataFrame(correlation_intervals(xs, y, seg, n_resamples=1000, seed=0))
    row = iv[(iv.metric_a == "d") & (iv.metric_b == "BLEU")].iloc[0]
    assert row["low"] < 0 < row["high"]


def test_wmt_headline_is_its_conclusions_fluency_finding():
    """The WMT paper's Conclusion (Section 6): the dependency method "correlates higher than
    any other metric with human evaluation of translation fluency" is its headline row; for
    the average its own Table 3 puts a string metric first (METEOR+WordNet), so the average row
    states that reading, is a detail, and a run where dependency leads the average differs."""
    from evalkit.papers import owczarzak2007ssst as ss
    from evalkit.papers import owczarzak2007wmt as wmt

    printed = wmt.published("table3").rename(columns={"value": "r"})
    says = {j: ss.correlation_patterns(printed, j)["dependency_above_strings"] for j in
            ("fluency", "average")}  # fmt: skip
    assert says == {"fluency": True, "average": False}
    rows = (
        ss.table5_claims(
            _table5_run(0.3, 0.2, 0.05), "sample", "toy", table="table3", paper=wmt.PAPER
        )
        .frame()
        .set_index("claim_id")
    )
    fl, av = (
        rows.loc["fluency_dependency_above_strings"],
        rows.loc["average_dependency_above_strings"],
    )
    assert fl["level"] == "headline" and fl["verdict"] == "agrees"
    assert av["level"] == "detail" and av["verdict"] == "differs" and av["printed"].endswith("no")


def test_nbest_monotonicity_is_by_construction():
    import pandas as pd

    from evalkit.papers import owczarzak2007wmt as wm

    table = pd.DataFrame(
        {"parser": "p", "nbest": [1, 2, 5], "f_score": [96.0, 97.0, 97.5], "available": 5}
    )
    rows = wm.table2_claims(table, "toy").frame().set_index("claim_id")
    assert rows.loc["f_non_decreasing_p", "verdict"] == "by construction"


def _direction_claims(originals, reordered):
    from evalkit.metrics import get_metric
    from evalkit.notebook.claims import Claims

    metrics = {"BLEU": get_metric("bleu"), "TER": get_metric("ter")}
    table = ss.reordering_table(originals, reordered, metrics)
    tests = ss.reordering_tests(originals, reordered, metrics, n_resamples=500, seed=3)
    c = Claims(ss.PAPER, data="toy")
    ss.reordering_claims(c, table, None, None, {"table1": tests})
    return c.frame().set_index("claim_id")


_SENTENCES = [
    f"the {a} {b} the report on {d} ."
    for a, b, d in zip(
        "committee minister council board panel agency court bank union army".split(),
        "approved rejected signed read praised cited sent filed backed cut".split(),
        "monday tuesday wednesday thursday friday saturday sunday march april may".split(),
    )
]


def _fronted(s):
    words = s.rstrip(" .").split()
    return " ".join(words[-2:] + [","] + words[:-2]) + " ."


def test_reordering_direction_is_a_tested_finding():
    """Issue 27: Table 1's "lower" on stand-in data is a finding (paired bootstrap), not a
    check: every sentence reordered agrees; one of ten reordered is inside the noise."""
    all_moved = _direction_claims(_SENTENCES, [_fronted(s) for s in _SENTENCES])
    for m in ("BLEU", "TER"):
        row = all_moved.loc[f"table1_{m}_direction"]
        assert row["verdict"] == "agrees" and "paired bootstrap" in row["evidence"], row
    one_moved = _direction_claims(_SENTENCES, [_fronted(_SENTENCES[0])] + _SENTENCES[1:])
    for m in ("BLEU", "TER"):
        row = one_moved.loc[f"table1_{m}_direction"]
        # the direction is the paper's (BLEU lower, TER higher) but one sentence of ten
        assert row["this_run"] == ("lower" if m == "BLEU" else "higher")
        assert row["verdict"] == "inconclusive", row


def test_nbest_rise_is_a_tested_finding():
    """Issue 27: "F rises with n" on this run's parses is a finding (paired bootstrap p of
    the largest n against 1), not a check: a rise inside the noise is inconclusive."""
    import pandas as pd

    from evalkit.papers import owczarzak2007wmt as wm

    def claims(p_last):
        table = pd.DataFrame(
            {
                "parser": "p",
                "nbest": [1, 2, 5],
                "f_score": [96.0, 96.01, 96.02],
                "available": 5,
                "p_value": [float("nan"), 0.5, p_last],
            }
        )
        return wm.table2_claims(table, "toy").frame().set_index("claim_id")

    assert claims(0.001).loc["f_rises_with_n_p", "verdict"] == "agrees"
    row = claims(0.6).loc["f_rises_with_n_p"]
    assert row["verdict"] == "inconclusive" and "paired bootstrap" in row["evidence"]


def test_nbest_rise_of_the_ideal_parser_is_by_construction():
    import pandas as pd

    from evalkit.papers import owczarzak2007wmt as wm

    table = pd.DataFrame(
        {
            "parser": "ideal",
            "nbest": [1, 50],
            "f_score": [95.0, 100.0],
            "available": 50,
            "p_value": [float("nan"), 0.001],
        }
    )
    rows = wm.table2_claims(table, "toy").frame().set_index("claim_id")
    assert rows.loc["f_rises_with_n_ideal", "verdict"] == "by construction"


def test_table2_dependency_same_is_derived_as_its_pairs_are_selected_for_it():
    """Session 8: Table 2's pairs are selected by ideal_pairs for identical triples, so the
    dependency F cannot leave its baseline: the printed "same" is shown (derived), never
    counted as agreement; Table 2's string-metric rows stay findings."""
    import pandas as pd

    from evalkit.metrics import get_metric
    from evalkit.notebook.claims import Claims

    originals = _SENTENCES[:6]
    reordered = [_fronted(s) for s in originals]
    metrics = {"BLEU": get_metric("bleu")}
    strings = ss.reordering_table(originals, reordered, metrics)
    table2 = pd.concat(
        [
            strings,
            pd.DataFrame({"metric": ["dep", "dep_preds"], "baseline": 100.0, "modified": 100.0}),
        ],
        ignore_index=True,
    )
    tests = ss.reordering_tests(originals, reordered, metrics, n_resamples=300, seed=3)
    c = Claims(ss.PAPER, data="toy")
    ss.reordering_claims(c, None, table2, None, {"table2": tests})
    rows = c.frame().set_index("claim_id")
    for cid in ("table2_dep_direction", "table2_dep_preds_direction"):
        assert rows.loc[cid, "verdict"] == "derived", rows.loc[cid]
        assert rows.loc[cid, "printed"] == "same" and rows.loc[cid, "this_run"] == "same"
        assert "selected" in rows.loc[cid, "note"]
    assert rows.loc["table2_BLEU_direction", "verdict"] in ("agrees", "differs", "inconclusive")
    # the abstract's "will not unfairly penalize perfectly valid syntactic variations" is
    # this row: a headline shown, never counted (the scorecard counts no derived row)
    assert rows.loc["table2_dep_direction", "level"] == "headline"
    assert rows.loc["table2_BLEU_direction", "level"] == "detail"


def test_load_pairs_names_the_corpus_when_no_reference_can_be_reordered(monkeypatch):
    """References with no one-clause sentence ending in a time adjunct (here: comma-joined
    clauses) leave Tables 1-2 nothing to reorder: an evalkit error naming the corpus and what
    was expected, not an IndexError three cells later."""
    from types import SimpleNamespace

    from evalkit.errors import InputFormatError
    from evalkit.papers.owczarzak2007ssst import experiments

    refs = pd.DataFrame({"text": ["The police came, the crowd left on Monday.", "It rained."]})
    monkeypatch.setattr(
        experiments,
        "load_corpus",
        lambda profile, quick=False: SimpleNamespace(name="mtc4", references=refs),
    )
    monkeypatch.setattr(experiments, "front_final_adjunct", lambda dep: None)
    parser = SimpleNamespace(parse_many=lambda texts: [SimpleNamespace(dep=None) for _ in texts])
    with pytest.raises(InputFormatError, match=r"mtc4: expected references that end in a time"):
        experiments.load_pairs("licensed", 5, 0, parser)
