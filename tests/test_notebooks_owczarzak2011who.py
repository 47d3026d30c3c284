"""Smoke runs of notebooks/owczarzak2011who/ (quick mode), see tests/_notebook_smoke.py."""

import pandas as pd

from _notebook_smoke import paper_vs_run, Smoke, tac_years


def _sample(out):
    t3 = pd.read_csv(out / "01_year_comparison" / "table3.csv")
    assert t3.groupby(["docset", "year"])["percent"].sum().round(6).eq(100).all()
    t5 = pd.read_csv(out / "02_categories_aspects" / "table5.csv")
    assert set(t5["source"]) == {"pyramids", "automatic"} and t5["avg_count"].gt(0).any()


def _public(out):
    assert (paper_vs_run(out, "02_categories_aspects")["verdict"] == "not comparable").all()


SMOKE = Smoke(
    "owczarzak2011who",
    {"01_year_comparison", "02_categories_aspects"},
    skip_reason="tac",
    licensed_fixture=tac_years(2008, 2009, 2010),
    licensed_compares="02_categories_aspects",
    sample_check=_sample,
    public_check=_public,
)
