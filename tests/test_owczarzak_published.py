"""Exact checks of what the four Owczarzak et al. papers' printed numbers imply, on the
transcriptions in data/published/ (never against our own output)."""

from math import comb

import pandas as pd
import pytest

from evalkit.data.published import read_published

OD09, ORDC12, OD11, OCDN12 = (
    "owczarzak2009conditions",
    "owczarzak2012assessors",
    "owczarzak2011who",
    "owczarzak2012accuracy",
)


def _actual(table: int) -> dict:
    t = read_published(OD09, f"table{table}", dtypes={"value": "str"})
    t = t[t["kind"] == "actual"]
    return dict(zip(t["metric"], t["value"]))


@pytest.mark.parametrize("models_table,topics_table", [(1, 7), (2, 8), (3, 9), (4, 10), (5, 11)])
def test_od09_actual_rows_repeat_across_tables(models_table, topics_table):
    """The full-data ("actual") row is one correlation: Tables 1-5 (all models) and 7-11
    (all topics) must print it identically."""
    a, b = _actual(models_table), _actual(topics_table)
    assert a == b and len(a) >= 3


def test_od09_bootstrap_rows_are_independent_runs():
    t1 = read_published(OD09, "table1")
    t7 = read_published(OD09, "table7")
    boot = lambda t: t[t["kind"] == "bootstr"].set_index("metric")["value"]  # noqa: E731
    assert (boot(t1) != boot(t7)).any()


def test_od09_gains_match_the_tables_to_one_hundredth():
    text = read_published(OD09, "text_numbers").set_index("claim_id")["value"]
    for claim, table, metric in (
        ("gain_be_initial", 7, "be"),
        ("gain_be_update", 8, "be"),
        ("gain_be_duc", 11, "be"),
        ("gain_su4_initial", 7, "rougesu4"),
        ("gain_su4_update", 8, "rougesu4"),
        ("gain_su4_duc", 11, "rougesu4"),
    ):
        t = read_published(OD09, f"table{table}")
        t = t[t["metric"] == metric]
        gain = t[t["kind"] == "actual"]["value"].iat[0] - t[t["size"] == 1]["value"].iat[0]
        assert abs(gain - text[claim]) <= 0.01 + 1e-9, (claim, gain)


def test_od09_split_half_rises_with_topics():
    t = read_published(OD09, "table6")
    for (_, _), grp in t.groupby(["metric", "docset"]):
        assert grp.sort_values("topics")["value"].is_monotonic_increasing


def test_ocdn12_pair_counts_follow_from_table1():
    t = read_published(OCDN12, "table1")
    assert (t["human"] == 8).all() and (t["references"] == 4).all()
    assert sum(comb(int(n), 2) for n in t["automatic"]) == 5266
    assert int((t["automatic"] * t["human"]).sum()) == 1648


def test_ocdn12_sig_is_a_mixture_of_diff_and_no_diff():
    """sig = p diff + (1 - p) no_diff with p = the share of manually significant pairs, the
    same p for every ROUGE variant of one manual metric (up to integer rounding)."""
    t2 = read_published(OCDN12, "table2")
    t3 = read_published(OCDN12, "table3")
    wide = pd.concat([t2, t3]).pivot_table(
        index=["population", "manual", "metric"], columns="measure", values="value"
    )
    auto = wide.loc["auto"]
    p = (auto["sig"] - auto["no_diff"]) / (auto["diff"] - auto["no_diff"])
    for manual in ("pyramid", "responsiveness"):
        ps = p.loc[manual]
        assert ps.between(0.5, 0.62).all() and ps.max() - ps.min() < 0.07, ps
    # human vs automatic: the manual metric rarely finds no difference, and identically for all variants
    human = wide.loc["human_auto"]
    assert (
        human.loc["pyramid", "no_diff"].nunique() == 1
        and human.loc["responsiveness", "no_diff"].eq(100).all()
    )
    assert ((wide["diff"] + wide["contr"]) <= 100).all()


def test_od11_table3_columns_sum_to_100():
    t = read_published(OD11, "table3")
    sums = t.groupby(["docset", "year"])["percent"].sum()
    assert sums.drop(("update", 2009)).eq(100).all()
    assert sums[("update", 2009)] == 101  # the paper's rounding, recorded in README errata


def test_od11_table4_pyramid_totals_are_row_sums_but_automatic_totals_are_not():
    t = read_published(OD11, "table4", dtypes={"weight": "str"})
    for (cat, ds, src), grp in t.groupby(["category", "docset", "source"]):
        rows = grp[grp["weight"] != "total"]["value"].sum()
        total = grp[grp["weight"] == "total"]["value"].iat[0]
        if src == "pyramids":
            assert abs(rows - total) <= 0.1 + 1e-9, (cat, ds)
        else:
            assert total > rows, (cat, ds)


def test_od11_letters_and_order():
    for table in ("table6", "table7"):
        t = read_published(OD11, table)
        for (_, _), grp in t.groupby(["docset", "metric"]):
            assert grp.sort_values("rank")["score"].is_monotonic_decreasing
            assert grp.sort_values("rank")["letters"].iat[0] == "A"
            assert set(grp["category"]) == {"accidents", "attacks", "health", "resources", "trials"}


def test_ordc12_consistency():
    t1 = read_published(ORDC12, "table1")
    for _, grp in t1.groupby("category"):
        assert grp.sort_values("rank")["alpha"].is_monotonic_decreasing
        assert len(grp) == 7 and "B" not in set(grp["assessor"])
    for table in ("table3", "table4"):
        t = read_published(ORDC12, table).set_index(["excluded", "category"])["value"]
        assert t[(0, "mp_minus_ap")] == t[(0, "pyramid")]
    assert read_published(ORDC12, "table2")["value"].min() >= 0.943
    pairs = read_published(ORDC12, "text_numbers").set_index("claim_id")["value"]
    assert pairs["pairs_2009"] < pairs["pairs_2011"]
