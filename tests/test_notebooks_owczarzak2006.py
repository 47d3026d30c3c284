"""Smoke runs of notebooks/owczarzak2006/ (quick mode), see tests/_notebook_smoke.py: sample;
public (the data notebooks); licensed (skipped without configuration: the paper's Europarl
outputs and judgments were never distributed, so there is no licensed fixture to run)."""

import pandas as pd

from evalkit.notebook.claims import check_claims

from _notebook_smoke import notebook_names, Smoke

PAPER = "owczarzak2006"
EUROPARL = "Europarl fr-en test sets PH and LM"


def _sample(out):
    for name in notebook_names(PAPER):
        check_claims(pd.read_csv(out / name / "paper_vs_run.csv"), name)  # columns, kinds, verdicts
    free = pd.read_csv(out / "00_paper_consistency" / "paper_vs_run.csv")
    # Table 1's gains have no printed counterpart (derived); every other check agrees
    gains = free["claim_id"].str.startswith("gain_")
    assert gains.any() and (free.loc[gains, "verdict"] == "derived").all()
    assert (free.loc[~gains, "verdict"] == "agrees").all()


SMOKE = Smoke(
    PAPER,
    {"00_paper_consistency", "01_paraphrases_aligner", "02_table1_multiref", "03_correlations"},
    skip_reason=EUROPARL,
    sample_check=_sample,
    public_data_only=True,
)
