"""Smoke runs of notebooks/owczarzak2009depeval/ through the headless runner (quick mode).

``sample`` must run every notebook; ``public`` too when EVALKIT_DATA_MIRROR is set; on
``licensed`` the data notebooks are reported as skipped when nothing is configured,
and run on fixture files the test writes in the original formats.
"""
import json
from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import licensed
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]
KEY = "owczarzak2009depeval"
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / KEY).glob("*.ipynb"))
DATA_FREE = {"00_printed_checks"}
DATA_NOTEBOOKS = [f"{KEY}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(KEY,)):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / KEY


def _claims(out, name):
    return pd.read_csv(out / name / "paper_vs_run.csv", keep_default_na=False)


def test_notebooks_exist():
    assert set(NOTEBOOKS) == {"00_printed_checks", "01_tac2008_tables1_2", "02_duc2007_tables3_4", "03_parser_noise"}


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    for name in NOTEBOOKS:
        assert len(_claims(out, name)) > 0, name
    numbers = json.loads((out / "00_printed_checks" / "results.json").read_text())["numbers"]
    assert numbers["letters_agree"] == numbers["letters_total"] == 128
    assert (_claims(out, "00_printed_checks")["verdict"] == "agrees").all()
    accuracy = pd.read_csv(out / "03_parser_noise" / "tree_accuracy.csv").set_index("texts")
    assert 0.5 < accuracy.loc["all", "uas"] < 1.0  # spaCy against the simulator's gold trees
    table = pd.read_csv(out / "03_parser_noise" / "correlations_by_parser.csv")
    rouge = table[table["metric"].str.startswith("ROUGE")]
    assert (rouge["r_gold"] - rouge["r_spacy"]).abs().max() < 1e-12  # no trees, no cost


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def _no_licensed_config(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    _no_licensed_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)


def test_licensed_profile_runs_on_tac2008_and_duc2007_fixtures(tmp_path, monkeypatch):
    """TAC 2008 and DUC 2007 result trees written by evalkit's TAC/DUC writers from the quick
    simulated corpora, configured through EVALKIT_TAC2008 / EVALKIT_DUC2007."""
    from evalkit.data import duc, tac
    from evalkit.data.simulate import load_sample

    _no_licensed_config(tmp_path, monkeypatch)
    tac_root = tac.write_corpus(load_sample("tac2008", root=tmp_path / "sim", quick=True), tmp_path / "tac2008", 2008)
    duc_root = duc.write_corpus(load_sample("duc2007", root=tmp_path / "sim", quick=True), tmp_path / "duc2007", 2007)
    monkeypatch.setenv(licensed.env_var("tac2008"), str(tac_root))
    monkeypatch.setenv(licensed.env_var("duc2007"), str(duc_root))
    runs, out = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    assert len(pd.read_csv(out / "01_tac2008_tables1_2" / "table1.csv")) == 6 + 3  # quick variants + competitors


def test_licensed_tac2008_with_user_parses(tmp_path, monkeypatch):
    """The user's own parses (a CoNLL-U file with ``# text`` comments, here the simulator's gold
    trees of the fixture's summaries) drive DEPEVAL and BE-HM on the licensed profile: every
    summary text must be found in the file (a missing one is an error, nothing is re-parsed)."""
    import papermill

    from evalkit.data import tac
    from evalkit.data.simulate import load_sample
    from evalkit.data.simulate.build import corpus_dir
    from evalkit.data.simulate.trees import gold_parser_at
    from evalkit.papers import owczarzak2009depeval as dp
    from evalkit.text.trees import write_conllu

    _no_licensed_config(tmp_path, monkeypatch)
    tac_root = tac.write_corpus(load_sample("tac2008", root=tmp_path / "sim", quick=True), tmp_path / "tac2008", 2008)
    monkeypatch.setenv(licensed.env_var("tac2008"), str(tac_root))
    corpus = dp.load_corpus("tac2008", "licensed")
    texts = list(dict.fromkeys(corpus.summary_text(i, s) for i, s in zip(corpus.summaries["instance"],
                                                                           corpus.summaries["summarizer"])))
    gold = gold_parser_at(corpus_dir("tac2008", root=tmp_path / "sim", quick=True))
    user = write_conllu(tmp_path / "user.conllu", [p.dep for p in gold.parse_many(texts)], texts)
    out = tmp_path / "run"
    papermill.execute_notebook(str(REPO / "notebooks" / KEY / "01_tac2008_tables1_2.ipynb"), str(tmp_path / "o.ipynb"),
                               parameters={"profile": "licensed", "quick": True, "results_dir": str(out),
                                           "parser": f"conllu:{user}", "variants": ["base", "norel"]},
                               progress_bar=False, kernel_name="python3")
    scores = pd.read_csv(out / "summary_scores.csv")
    assert set(scores["metric"]) >= {"base", "norel", "BE-HM"} and scores["value"].notna().all()
