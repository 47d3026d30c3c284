"""Smoke runs of notebooks/owczarzak2009conditions/ (quick mode), see tests/_notebook_smoke.py."""

from _notebook_smoke import paper_vs_run, Smoke, tac_years


def _sample(out):
    t1 = paper_vs_run(out, "01_models_sweep")
    cells = t1[~t1["claim_id"].str.contains(":shape:")]
    # every printed cell of Tables 1-4 has a row; BE is never computed
    assert len(cells) == 4 * 5 * 4 - 2 * 5
    assert (cells[cells["claim_id"].str.endswith(":be")]["verdict"] == "not comparable").all()
    # the qualitative finding (largest gain from 1 to 2 models) is checked on the stand-in
    assert set(t1[t1["claim_id"].str.contains(":shape:")]["verdict"]) <= {"agrees", "differs"}


SMOKE = Smoke(
    "owczarzak2009conditions",
    {"01_models_sweep", "02_topics_sweep", "03_model_split_half"},
    skip_reason="tac",
    licensed_fixture=tac_years(2008),
    licensed_compares="01_models_sweep",
    sample_check=_sample,
)
