"""Smoke runs of notebooks/leusch2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(the data notebooks); licensed (skipped without configuration; run on simulated TIDES 2003 zh/ar
evaluations written in the licensed layout: NIST SGML + assessments)."""

import json

import pandas as pd

from evalkit.notebook.claims import check_claims

from _notebook_smoke import licensed_tides_fixture, notebook_names, numbers, Smoke

PAPER = "leusch2005"


def _sample(out):
    for name in notebook_names(PAPER):
        check_claims(pd.read_csv(out / name / "paper_vs_run.csv"), name)  # columns, kinds, verdicts
    free = pd.read_csv(out / "00_table1_tokenization" / "paper_vs_run.csv")
    assert (free["verdict"] == "agrees").all()


def _licensed(out):
    assert "mtc4" in json.dumps(numbers(out, "01_baseline_correlation")["data"])


SMOKE = Smoke(
    PAPER,
    {"00_table1_tokenization", "01_baseline_correlation", "02_ablations"},
    skip_reason="mtc4",
    licensed_fixture=licensed_tides_fixture,
    sample_check=_sample,
    licensed_check=_licensed,
    public_data_only=True,
)
