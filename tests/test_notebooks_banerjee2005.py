"""Smoke runs of notebooks/banerjee2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(the data notebooks); licensed (skipped without configuration; run on simulated TIDES 2003 zh/ar
evaluations written in the licensed layout: NIST SGML + assessments)."""

import json

import pandas as pd

from evalkit.notebook.claims import check_claims

from _notebook_smoke import licensed_tides_fixture, notebook_names, numbers, Smoke

PAPER = "banerjee2005"
#: the corpus a data notebook first asks for (04 runs Table 8's languages ar, zh in that order)
SKIP = {
    "01_table1_system_level": "mtc4",
    "02_segment_level": "mtc4",
    "03_module_ablation": "mtc4",
    "04_normalized_human": "tides2003-ar-en",
}


def _sample(out):
    for name in notebook_names(PAPER):
        check_claims(pd.read_csv(out / name / "paper_vs_run.csv"), name)  # columns, kinds, verdicts
    free = pd.read_csv(out / "00_worked_example" / "paper_vs_run.csv").set_index("claim_id")
    # the example's score is not printed (the chunks are): derived; every printed number agrees
    assert free.loc["worked_example", "verdict"] == "derived"
    assert (free.drop("worked_example")["verdict"] == "agrees").all()


def _licensed(out):
    assert "mtc4" in json.dumps(numbers(out, "01_table1_system_level")["data"])


SMOKE = Smoke(
    PAPER,
    {
        "00_worked_example",
        "01_table1_system_level",
        "02_segment_level",
        "03_module_ablation",
        "04_normalized_human",
    },
    skip_reason=SKIP,
    licensed_fixture=licensed_tides_fixture,
    sample_check=_sample,
    licensed_check=_licensed,
    public_data_only=True,
)
