"""Smoke runs of notebooks/owczarzak2009depeval/ (quick mode), see tests/_notebook_smoke.py:
sample; public (the data notebooks); licensed (skipped naming the corpus without configuration;
run on TAC 2008 and DUC 2007 fixture trees the test writes in the original formats; and Tables
1-2 on the user's own parses)."""

from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import licensed

from _notebook_smoke import run_licensed, no_licensed_config, numbers, paper_vs_run, Smoke, sim_root

REPO = Path(__file__).resolve().parents[1]
KEY = "owczarzak2009depeval"
SKIP = {
    "01_tac2008_tables1_2": "tac2008",
    "02_duc2007_tables3_4": "duc2007",
    "03_parser_noise": "tac2008",
}


def _sample(out):
    found = numbers(out, "00_printed_checks")
    assert found["letters_agree"] == found["letters_total"] == 128
    assert (paper_vs_run(out, "00_printed_checks")["verdict"] == "agrees").all()
    accuracy = pd.read_csv(out / "03_parser_noise" / "tree_accuracy.csv").set_index("texts")
    assert 0.5 < accuracy.loc["all", "uas"] < 1.0  # spaCy against the simulator's gold trees
    table = pd.read_csv(out / "03_parser_noise" / "correlations_by_parser.csv")
    rouge = table[table["metric"].str.startswith("ROUGE")]
    assert (rouge["r_gold"] - rouge["r_spacy"]).abs().max() < 1e-12  # no trees, no cost


def _tac2008(tmp_path, monkeypatch):
    from evalkit.data import tac
    from evalkit.data.simulate import load_sample

    root = tac.write_corpus(
        load_sample("tac2008", root=sim_root(tmp_path), quick=True), tmp_path / "tac2008", 2008
    )
    monkeypatch.setenv(licensed.env_var("tac2008"), str(root))


def _fixtures(tmp_path, monkeypatch):
    """TAC 2008 and DUC 2007 result trees written by evalkit's TAC/DUC writers from the quick
    simulated corpora, configured through EVALKIT_TAC2008 / EVALKIT_DUC2007."""
    from evalkit.data import duc
    from evalkit.data.simulate import load_sample

    _tac2008(tmp_path, monkeypatch)
    root = duc.write_corpus(
        load_sample("duc2007", root=sim_root(tmp_path), quick=True), tmp_path / "duc2007", 2007
    )
    monkeypatch.setenv(licensed.env_var("duc2007"), str(root))


def _licensed(out):
    assert (
        len(pd.read_csv(out / "01_tac2008_tables1_2" / "table1.csv")) == 6 + 3
    )  # quick variants + competitors


SMOKE = Smoke(
    KEY,
    {"00_printed_checks", *SKIP},
    exact=True,
    skip_reason=SKIP,
    licensed_fixture=_fixtures,
    sample_check=_sample,
    licensed_check=_licensed,
    public_data_only=True,
)


@pytest.mark.slow
def test_licensed_tac2008_with_user_parses(tmp_path, monkeypatch, quick_sample):
    """The user's own parses (a CoNLL-U file with ``# text`` comments, here the simulator's gold
    trees of the fixture's summaries) drive DEPEVAL and BE-HM on the licensed profile: every
    summary text must be found in the file (a missing one is an error, nothing is re-parsed)."""
    from evalkit.data.simulate.build import corpus_dir
    from evalkit.data.simulate.trees import gold_parser_at
    from evalkit.papers import owczarzak2009depeval as dp
    from evalkit.text.trees import write_conllu

    no_licensed_config(tmp_path, monkeypatch)
    _tac2008(tmp_path, monkeypatch)
    corpus = dp.load_corpus("tac2008", "licensed")
    texts = list(
        dict.fromkeys(
            corpus.summary_text(i, s)
            for i, s in zip(corpus.summaries["instance"], corpus.summaries["summarizer"])
        )
    )
    gold = gold_parser_at(corpus_dir("tac2008", root=sim_root(tmp_path), quick=True))
    user = write_conllu(tmp_path / "user.conllu", [p.dep for p in gold.parse_many(texts)], texts)
    parameters = {"parser": f"conllu:{user}", "variants": ["base", "norel"]}
    out = run_licensed(KEY, "01_tac2008_tables1_2", tmp_path, **parameters)
    scores = pd.read_csv(out / "summary_scores.csv")
    assert set(scores["metric"]) >= {"base", "norel", "BE-HM"} and scores["value"].notna().all()
