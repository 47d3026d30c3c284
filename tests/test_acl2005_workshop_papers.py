"""Exact recomputations from the printed numbers of dorr2005, kolluru2005, murray2005 and
lin2005 (data/published/<key>/), checked against hand computations in the notes
(acl2005-workshop-part-A.md 2.4, 3.4, 6.2, 6.4; part-B P1.4)."""

import pytest

from evalkit.papers import dorr2005, kolluru2005, lin2005, murray2005


def _checks(module):
    return module.printed_checks().set_index("claim_id")


def _num(c, claim):
    return float(c.loc[claim, "this_run"])


def test_dorr2005_printed_checks():
    c = _checks(dorr2005)
    # Table 6: shares recomputed; 27/600 = 4.5% -> "5%" needs half-up, 117/600 = 19.5% -> "19%" truncation
    assert (
        "half_up" in c.loc["HEAD_Rel-NonRel_percent", "note"]
        and "truncate" in c.loc["HEAD_NonRel-Rel_percent", "note"]
    )
    assert _num(c, "HEAD_rp_from_counts") == 76.0
    assert _num(c, "HUM_rp_from_counts") == pytest.approx(81.3333, abs=1e-4)
    assert _num(c, "HEAD_r1_total") == pytest.approx(0.21152, abs=1e-5)  # notes: 0.21152
    assert _num(c, "HUM_r1_total") == pytest.approx(0.26911, abs=1e-5)  # notes: 0.26911
    assert _num(c, "time_reduction") == pytest.approx(65.62, abs=0.01)  # 1 - 4.6/13.38
    # the notes' own Pearson r on the printed representative partition: 0.317, -0.136, 0.196, 0.069
    for claim, r in (
        ("HEAD_rp", 0.317),
        ("HEAD_ldc", -0.136),
        ("HUM_rp", 0.196),
        ("HUM_ldc", 0.069),
    ):
        assert _num(c, f"{claim}_representative_r") == pytest.approx(r, abs=6e-4)
    # the two overall rates of Table 1 inconsistent with their per-event values (README erratum 3)
    assert set(c.index[c["verdict"] == "erratum"]) == {"HEAD_ldc_overall", "HUM_rp_overall"}
    assert set(c.index[c["verdict"] == "differs"]) == {
        "HUM_ldc_representative_r"
    }  # sign of r on one partition


def test_kolluru2005_printed_checks():
    c = _checks(kolluru2005)
    assert [_num(c, f"chars_per_word_{s}") for s in "ABCD"] == pytest.approx(
        [6.125, 83 / 17, 70 / 12, 111 / 21], abs=5e-5
    )
    assert _num(c, "found_tracks_length") == 1.0  # same order: D > A > B > C in both
    assert _num(c, "not_found_from_found") == 35.25
    assert (c["verdict"] != "differs").all()


def test_murray2005_printed_checks():
    c = _checks(murray2005)
    assert c.loc["table1_means_of_30", "this_run"] == "24/24 cells are k/30"
    assert c.loc["table2_means_of_30", "this_run"] == "24/24 cells are k/30"
    assert c.loc["fb1_best_manual", "this_run"] == "FB1, FB1, FB1, FB1, FB1, FB1"
    assert c.loc["rho_inf1_all_n8", "this_run"].startswith("attainable: no")
    assert c.loc["wer_means", "this_run"] == "summary 28.78, meeting 38.92"  # notes: 28.8 / 38.9
    assert (c["verdict"] != "differs").all()


def test_lin2005_printed_checks():
    c = _checks(lin2005)
    assert _num(c, "length") == 347
    assert _num(c, "F_beta5") == 0.257027 and _num(c, "F_beta3") == 0.269131
    assert (c["verdict"] != "differs").all()
