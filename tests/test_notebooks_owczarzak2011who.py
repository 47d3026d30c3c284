"""Smoke runs of notebooks/owczarzak2011who/ (quick mode), see tests/_tac_notebooks.py."""
import pandas as pd

from _tac_notebooks import paper_vs_run, standard_tests


def _sample(out):
    t3 = pd.read_csv(out / "01_year_comparison" / "table3.csv")
    assert t3.groupby(["docset", "year"])["percent"].sum().round(6).eq(100).all()
    t5 = pd.read_csv(out / "02_categories_aspects" / "table5.csv")
    assert set(t5["source"]) == {"pyramids", "automatic"} and t5["avg_count"].gt(0).any()


def _public(out):
    assert (paper_vs_run(out, "02_categories_aspects")["verdict"] == "not comparable").all()


globals().update(standard_tests("owczarzak2011who", {"01_year_comparison", "02_categories_aspects"}, [2008, 2009, 2010],
                                sample_check=_sample, public_check=_public, licensed_notebook="02_categories_aspects"))
