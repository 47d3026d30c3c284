"""Smoke runs of notebooks/kolluru2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(no stand-in exists: the data notebook must be skipped with that reason); licensed (skipped
without configuration; run on a study folder in evalkit's questionnaire layout written here)."""

import pandas as pd

from evalkit.data import questionnaires

from _notebook_smoke import simulated_fixture, numbers, Smoke


def _sample(out):
    checks = pd.read_csv(out / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    # Table 1 + prose: characters per word 6.1, 4.9, 5.8, 5.3 follow from (chars - (words - 1)) / words
    assert checks.loc[[f"chars_per_word_{s}" for s in "ABCD"], "verdict"].eq("agrees").all()
    assert numbers(out, "01_cross_comprehension")["shared"] > 0


SMOKE = Smoke(
    "kolluru2005",
    {"00_printed_checks", "01_cross_comprehension"},
    skip_reason="kolluru-study",
    licensed_fixture=simulated_fixture(
        "questionnaires", questionnaires.write_questionnaire_study, "kolluru-study"
    ),
    sample_check=_sample,
    public_skip_reason="no public data set",
)
