"""Smoke runs of notebooks/owczarzak2012assessors/ (quick mode), see tests/_notebook_smoke.py."""

import pandas as pd

from _notebook_smoke import Smoke, tac_years


def _sample(out):
    pairs = pd.read_csv(out / "01_assessor_alpha" / "pair_counts.csv")
    assert (pairs["pairs"] > 0).all()  # the simulator's duplicate runs give repeated judgments
    mpap = pd.read_csv(out / "02_autopyramid_exclusion" / "mp_ap_per_summary.csv")
    assert (mpap["ap"] > 0).any() and mpap["mp"].between(0, 2).all()


def _public(out):
    alpha = pd.read_csv(out / "01_assessor_alpha" / "alpha_by_assessor.csv")
    assert (alpha["units"] > 0).all()


SMOKE = Smoke(
    "owczarzak2012assessors",
    {"01_assessor_alpha", "02_autopyramid_exclusion", "03_classy_like"},
    skip_reason="tac",
    licensed_fixture=tac_years(2008, 2009, 2010, 2011),
    licensed_compares="01_assessor_alpha",
    sample_check=_sample,
    public_check=_public,
)
