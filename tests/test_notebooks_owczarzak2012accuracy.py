"""Smoke runs of notebooks/owczarzak2012accuracy/ (quick mode), see tests/_notebook_smoke.py."""

import pandas as pd

from _notebook_smoke import numbers, paper_vs_run, Smoke, tac_years


def _sample(out):
    checks = paper_vs_run(out, "01_rouge_agreement").set_index("claim_id")
    # recomputed from the printed Table 1 (the notes' derived 5,266 and 1,648)
    assert (
        checks.at["pairs_auto", "this_run"] == "5266"
        and checks.at["pairs_human_auto", "this_run"] == "1648"
    )
    aesop = numbers(out, "02_aesop_agreement")
    assert aesop["aesop_round_trip"] is True and aesop["aesop_header"].startswith("Peer Docset r1m")
    t3 = pd.read_csv(out / "01_rouge_agreement" / "table3.csv")
    assert set(t3["population"]) == {"auto", "human_auto"} and t3["value"].between(0, 100).all()


SMOKE = Smoke(
    "owczarzak2012accuracy",
    {"01_rouge_agreement", "02_aesop_agreement"},
    skip_reason="tac",
    licensed_fixture=tac_years(2011),
    licensed_compares="01_rouge_agreement",
    sample_check=_sample,
)
