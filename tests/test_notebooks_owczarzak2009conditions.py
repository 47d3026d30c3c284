"""Smoke runs of notebooks/owczarzak2009conditions/ (quick mode), see tests/_notebook_smoke.py."""

from _notebook_smoke import paper_vs_run, Smoke, tac_years

from evalkit.data.published import read_published


def _sample(out):
    t1 = paper_vs_run(out, "01_models_sweep")
    cells = t1[t1["claim_id"].str.match(r"table[1-5]:") & ~t1["claim_id"].str.contains(":shape:")]
    # every printed cell of Tables 1-5 has a row (Table 5: DUC 2007); BE is never computed
    printed = sum(len(read_published("owczarzak2009conditions", f"table{i}")) for i in range(1, 6))
    assert len(cells) == printed
    assert (cells[cells["claim_id"].str.endswith(":be")]["verdict"] == "not comparable").all()
    # the qualitative finding (largest gain from 1 to 2 models) is tested over the topics, or
    # not comparable on too few of them (a quick run's 5)
    shape = t1[t1["claim_id"].str.contains(":shape:")]
    tested = shape["verdict"].isin({"agrees", "differs", "inconclusive"})
    assert shape[tested]["evidence"].str.startswith("topic bootstrap").all()
    assert shape[~tested]["note"].str.contains("too few topics").all()


SMOKE = Smoke(
    "owczarzak2009conditions",
    {"01_models_sweep", "02_topics_sweep", "03_model_split_half"},
    skip_reason="tac",
    licensed_fixture=tac_years(2008),
    licensed_compares="01_models_sweep",
    sample_check=_sample,
)
