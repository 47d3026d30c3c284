"""Smoke runs of notebooks/amigo2011/ (quick mode), see tests/_notebook_smoke.py: sample; public
(the data notebooks: WMT19 DA kk-en and SummEval); licensed (skipped naming the corpus without
configuration; run on the paper's own test beds written as fixtures: quick simulated TIDES 2003
as a NIST evaluation with LDC-layout assessments, configured as nist-mt04-ar-en, the default test
bed AE2004, and DUC 2005 as NIST's results tree)."""

import pandas as pd

from _notebook_smoke import duc_fixture, nist_mt_fixture, numbers, paper_vs_run, runs_on, Smoke

PAPER = "amigo2011"
SKIP = {"01_mt_corroboration": "nist-mt04-ar-en", "02_as_corroboration": "duc2005"}


def _sample(out):
    found = numbers(out, "00_printed_checks")
    assert found["printed_checks_agree"] == found["printed_checks_total"] - 2  # two implied counts
    checks = pd.read_csv(out / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    assert checks.loc["figure1_pairs_MT", "this_run"] == "C(64,2) = 2,016"
    assert checks.loc["figure1_pairs_AS", "this_run"] == "C(21,2) = 210"
    assert checks.loc["judged_share_AE2004", "this_run"] == "25.6%"
    mt = numbers(out, "01_mt_corroboration")
    assert len(mt["measures"]) == 14 and mt["ordered_pairs"] > 0
    sets = pd.read_csv(out / "01_mt_corroboration" / "random_sets.csv")
    assert sets["heterogeneity"].between(0, 1).all() and (sets["size"] >= 2).all()
    fig1 = pd.read_csv(out / "02_as_corroboration" / "figure1_additive_pairs.csv")
    assert len(fig1) == 210


def _fixtures(tmp_path, monkeypatch):
    nist_mt_fixture(tmp_path, monkeypatch, "nist-mt04-ar-en")
    duc_fixture(tmp_path, monkeypatch, 2005)


def _licensed(out):
    mt = numbers(out, "01_mt_corroboration")
    assert mt["data"] == "nist-mt04-ar-en" and mt["ordered_pairs"] > 0
    assert numbers(out, "02_as_corroboration")["data"] == "duc2005"
    for name in SKIP:  # each compares printed values
        assert set(paper_vs_run(out, name)["verdict"]) & {"agrees", "differs"}, name


SMOKE = Smoke(
    PAPER,
    {"00_printed_checks", *SKIP},
    skip_reason=SKIP,
    licensed_fixture=_fixtures,
    sample_check=_sample,
    public_check=[
        runs_on("01_mt_corroboration", "wmt19-darr-kk-en"),
        runs_on("02_as_corroboration", "summeval"),
    ],
    licensed_check=_licensed,
    public_data_only=True,
)
