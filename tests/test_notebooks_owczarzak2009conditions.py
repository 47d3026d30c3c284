"""Smoke runs of notebooks/owczarzak2009conditions/ (quick mode), see tests/_tac_notebooks.py."""
from _tac_notebooks import paper_vs_run, standard_tests


def _sample(out):
    t1 = paper_vs_run(out, "01_models_sweep")
    # every printed cell of Tables 1-4 has a row; BE is never computed
    assert len(t1) == 4 * 5 * 4 - 2 * 5 and (t1[t1["claim_id"].str.endswith(":be")]["verdict"] == "not comparable").all()


globals().update(standard_tests("owczarzak2009conditions", {"01_models_sweep", "02_topics_sweep", "03_model_split_half"},
                                [2008], sample_check=_sample, licensed_notebook="01_models_sweep"))
