"""Smoke runs of notebooks/owczarzak2007ssst/ (quick mode), see tests/_notebook_smoke.py: sample;
public (the data notebooks); licensed (skipped naming mtc4 without configuration; run on MTC Part 4
fixture files the test writes in the original formats)."""

import pandas as pd

from _notebook_smoke import mtc4_fixture, paper_vs_run, Smoke

KEY = "owczarzak2007ssst"
NOTEBOOKS = {"00_printed_checks", "01_tables1_2_reordering", "02_table5_correlation"}


def _sample(out):
    claims = paper_vs_run(out, "00_printed_checks").set_index("claim_id")
    # the SMT-bias statement needs the Europarl outputs, never distributed
    assert claims.loc["no_smt_bias", "verdict"] == "not comparable"
    assert (claims.drop("no_smt_bias")["verdict"] == "agrees").all(), claims
    ideal = pd.read_csv(out / "01_tables1_2_reordering" / "table1_ideal_parser.csv")
    assert (ideal["modified"] == ideal["baseline"]).all()  # same words, same gold triples


SMOKE = Smoke(
    KEY,
    NOTEBOOKS,
    exact=True,
    skip_reason="mtc4",
    licensed_fixture=mtc4_fixture,
    sample_check=_sample,
    public_data_only=True,
)
