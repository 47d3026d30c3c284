"""Smoke runs of notebooks/owczarzak2007ssst/ (quick mode) on MTC Part 4
(``mtc4_smoke`` in tests/_notebook_smoke.py); the sample run checks
the reordering tables and Table 5."""

import pandas as pd

from _notebook_smoke import paper_vs_run, mtc4_smoke

KEY = "owczarzak2007ssst"
NOTEBOOKS = {"00_printed_checks", "01_tables1_2_reordering", "02_table5_correlation"}


def _sample(out):
    claims = paper_vs_run(out, "00_printed_checks").set_index("claim_id")
    # the SMT-bias statement needs the Europarl outputs, never distributed
    assert claims.loc["no_smt_bias", "verdict"] == "not comparable"
    assert (claims.drop("no_smt_bias")["verdict"] == "agrees").all(), claims
    ideal = pd.read_csv(out / "01_tables1_2_reordering" / "table1_ideal_parser.csv")
    assert (ideal["modified"] == ideal["baseline"]).all()  # same words, same gold triples


SMOKE = mtc4_smoke(KEY, NOTEBOOKS, _sample)
