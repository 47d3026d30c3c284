"""Smoke runs of notebooks/owczarzak2012accuracy/ (quick mode), see tests/_tac_notebooks.py."""
import json

import pandas as pd

from _tac_notebooks import paper_vs_run, standard_tests


def _sample(out):
    checks = paper_vs_run(out, "01_rouge_agreement").set_index("claim_id")
    # recomputed from the printed Table 1 (the notes' derived 5,266 and 1,648)
    assert checks.at["pairs_auto", "this_run"] == "5266" and checks.at["pairs_human_auto", "this_run"] == "1648"
    numbers = json.loads((out / "02_aesop_agreement" / "results.json").read_text())["numbers"]
    assert numbers["aesop_round_trip"] is True and numbers["aesop_header"].startswith("Peer Docset r1m")
    t3 = pd.read_csv(out / "01_rouge_agreement" / "table3.csv")
    assert set(t3["population"]) == {"auto", "human_auto"} and t3["value"].between(0, 100).all()


globals().update(standard_tests("owczarzak2012accuracy", {"01_rouge_agreement", "02_aesop_agreement"}, [2011],
                                sample_check=_sample, licensed_notebook="01_rouge_agreement"))
