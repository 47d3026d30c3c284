"""Owczarzak et al. (2014): the printed-number checks against the transcribed tables, the
classification of the paper's own error examples, and the protocol on a hand-built set."""

import numpy as np
import pytest

from evalkit.data.compounds import CompoundSet
from evalkit.papers import owczarzak2014decompounding as paper
from evalkit.text import decompound as dc


@pytest.fixture(scope="module")
def checks():
    return paper.printed_checks()


def test_f_is_the_harmonic_mean_on_every_printed_row(checks):
    rows = checks[checks["claim_id"].str.startswith("table3_f.")]
    assert len(rows) == 20 and (rows["verdict"] == "agrees").all()
    t3 = paper.published("table3")
    assert np.allclose(
        2 * t3["precision"] * t3["recall"] / (t3["precision"] + t3["recall"]), t3["f"], atol=0.005
    )


def test_errata_are_exactly_the_papers_inconsistencies(checks):
    errata = set(checks.loc[checks["verdict"] == "erratum", "claim_id"])
    assert errata == {
        "table2_parts.Korean",
        "table2_parts.Swedish",
        "table6_optimum_in_grid.Hungarian.min_compound",
        "example_vs_optimum.table8.Danish",
        "example_vs_optimum.table8.Dutch",
        "example_vs_optimum.table8.Swedish",
    }
    assert set(checks["verdict"]) == {"agrees", "erratum"}
    t2 = paper.published("table2").set_index("language")
    assert (
        t2.loc["Korean", ["part2", "part3", "part4", "part5"]].sum() - t2.loc["Korean", "compounds"]
        == -10
    )


def test_table6_averages_and_text(checks):
    for s in dc.GRID:
        assert checks.set_index("claim_id").loc[f"table6_average_r.{s}", "verdict"] == "agrees"
    t6 = paper.published("table6")
    assert (
        round(t6[(t6.language != "Average") & (t6.setting == "min_compound")]["r"].sum(), 2)
        == -4.71
    )


def test_the_papers_examples_fall_in_their_error_class():
    classes = paper.example_classes(
        {"Norwegian": ("s", "e"), "Danish": ("s", "e"), "German": ("n", "s"), "Swedish": ("o", "s")}
    )
    assert set(classes[classes["table"] == 7]["class"]) == {"connector attached"}
    assert set(classes[classes["table"] == 8]["class"]) == {"over-split"}


def test_protocol_on_a_hand_built_language():
    entries = [
        (w, w, "N")
        for w in [
            "haus",
            "tür",
            "garten",
            "zaun",
            "kinder",
            "wagen",
            "stadt",
            "park",
            "bahn",
            "hof",
            "kult",
            "uren",
            "kultur",
            "volk",
        ]
    ]
    lex = dc.Lexicon.from_entries(entries, {"häusertür": [("haus", "tür")]})
    gold = {
        "haustür": (("haus", "tür"),),
        "gartenzaun": (("garten", "zaun"),),
        "kinderwagen": (("kinder", "wagen"),),
        "stadtpark": (("stadt", "park"),),
        "bahnhof": (("bahn", "hof"),),
        "volkskulturen": (("volk", "kultur"),),
        "häusertür": (("haus", "tür"),),
    }
    cset = CompoundSet(
        "xx", lex, gold, {w: None for w in gold}, dc.LangConfig(connectors=("s",), suffixes=("en",))
    )
    t3 = paper.conditions(cset).set_index("condition")
    assert t3.loc["lexicalized + dynamic", "recall"] == 100.0
    assert t3.loc["dynamic only", "recall"] == pytest.approx(100 * 6 / 7)
    grid = {
        "max_elements": [2, 3],
        "min_compound": [3, 20],
        "min_component": [3, 4],
        "min_unknown": [1, 3],
    }
    results, reference, reduced, removed = paper.guesser_experiment(
        cset, np.random.default_rng(0), grid
    )
    assert len(results) == 16 and len(removed) >= 6
    t6 = paper.table6_rows(results, "xx")
    assert t6.set_index("setting").loc["min_compound", "r"] < 0  # unsplit words are never right
    errors = paper.error_table(cset, reduced, reference, dc.GuesserConfig(3, 3, 4, 3))
    assert set(errors["class"]) <= set(dc.ERROR_CLASSES) and len(errors) == 6
    frame = paper.claims(table3=paper.conditions(cset), table6=t6, errors=errors, data="hand-built")
    assert set(frame["verdict"]) <= {"agrees", "differs", "inconclusive", "not comparable"}


def _table3(rows):
    import pandas as pd

    out = []
    for lang, (f_lex, f_dyn, r_lex, r_dyn) in rows.items():
        out.append(
            {"language": lang, "condition": "lexicalized + dynamic", "f": f_lex, "recall": r_lex}
        )
        out.append({"language": lang, "condition": "dynamic only", "f": f_dyn, "recall": r_dyn})
    return pd.DataFrame(out)


def test_run_claims_are_tested_across_languages():
    """Issue 27: a direction on a run is a finding with its test, not a bare comparison."""
    clear = _table3(
        {
            "de": (90.0, 70.0, 88.0, 60.0),
            "nl": (91.0, 72.0, 89.0, 62.0),
            "sv": (89.5, 69.0, 87.0, 61.0),
        }
    )
    c = paper.claims(table3=clear, data="toy").set_index("claim_id")
    assert c.loc["lexicalized_beats_dynamic", "verdict"] == "agrees"
    assert "paired t-test over the 3 languages" in c.loc["lexicalized_beats_dynamic", "evidence"]
    # the old per-language rule called 90.1 > 90.0 an agreement
    noisy = _table3(
        {
            "de": (90.1, 90.0, 88.0, 88.2),
            "nl": (89.9, 90.0, 88.0, 87.9),
            "sv": (90.2, 90.0, 88.0, 88.1),
        }
    )
    c = paper.claims(table3=noisy, data="toy").set_index("claim_id")
    assert c.loc["lexicalized_beats_dynamic", "verdict"] == "inconclusive"
    one = paper.claims(table3=clear[clear["language"] == "de"], data="toy")
    assert set(one["verdict"]) == {"not comparable"}


def test_lexicalized_gain_is_by_construction_where_the_data_gives_it():
    """The sample's compounds give 15% irregular forms listed only among the lexicalized
    compounds, and the public silver set's compounds are its lexicalized entries, so Table
    3's gain from them is built in on both, not evidence."""
    clear = _table3(
        {
            "de": (90.0, 70.0, 88.0, 60.0),
            "nl": (91.0, 72.0, 89.0, 62.0),
            "sv": (89.5, 69.0, 87.0, 61.0),
        }
    )
    for profile in ("sample", "public"):
        given = paper.LEXICALIZED_GIVEN[profile]
        c = paper.claims(table3=clear, data="toy", given=given).set_index("claim_id")
        for cid in ("lexicalized_beats_dynamic", "dynamic_recall_drops"):
            assert c.loc[cid, "verdict"] == "by construction"
            assert given in c.loc[cid, "note"]
        assert c.loc["dynamic_recall_drops", "this_run"].startswith("de 88.0/60.0")
    assert "licensed" not in paper.LEXICALIZED_GIVEN  # a real gold set gives nothing
