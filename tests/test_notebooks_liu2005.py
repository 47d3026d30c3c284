"""Smoke runs of notebooks/liu2005/ through the headless runner (quick mode).

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
KEY = "liu2005"
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / KEY).glob("*.ipynb"))
DATA_FREE = {"00_worked_examples"}
DATA_NOTEBOOKS = [f"{KEY}/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=(KEY,)):
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / KEY


def _claims(out, name):
    return pd.read_csv(out / name / "paper_vs_run.csv", keep_default_na=False)


def test_notebooks_exist():
    assert set(NOTEBOOKS) == {"00_worked_examples", "01_sentence_level", "02_corpus_level", "03_parser_noise"}


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    for name in NOTEBOOKS:
        assert len(_claims(out, name)) > 0, name
    claims = _claims(out, "00_worked_examples").set_index("claim_id")
    assert (claims.loc[[c for c in claims.index if c.startswith("stm_figure2")], "verdict"] == "agrees").all()
    assert claims.loc["stm_figure2", "printed"] == claims.loc["stm_figure2", "this_run"]
    accuracy = pd.read_csv(out / "03_parser_noise" / "tree_accuracy.csv").set_index("texts")
    # spaCy parses the translators' English better than the systems' garbled output
    assert accuracy.loc["references", "uas"] > accuracy.loc["system outputs", "uas"] > 0.3


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


def _write_mtc4(tmp_path, monkeypatch):
    """MTC Part 4 (TIDES 2003 zh-en) as NIST SGML sets + evalkit assessments CSV + YAML spec,
    written by evalkit's writer from the first 3 documents of the quick simulated corpus."""
    from evalkit.data.judgments import write_mt_evaluation
    from evalkit.data.simulate import load_sample

    corpus = load_sample("tides2003", root=tmp_path / "sim", quick=True)
    corpus = corpus.subset(documents=list(dict.fromkeys(corpus.segments["document"]))[:3])
    spec = write_mt_evaluation(corpus, tmp_path / "mtc4")
    monkeypatch.setenv(licensed.env_var("mtc4"), str(spec))


def test_licensed_profile_runs_on_mtc4_fixture(tmp_path, monkeypatch):
    _no_licensed_config(tmp_path, monkeypatch)
    _write_mtc4(tmp_path, monkeypatch)
    runs, out = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def test_licensed_parser_noise_with_user_gold_parses(tmp_path, monkeypatch):
    """The user's own (gold) parses as a CoNLL-U file with ``# text`` comments: the parser-noise
    notebook reads them through the pre-parsed backend and scores spaCy against them."""
    import papermill

    from evalkit.data.simulate.build import corpus_dir
    from evalkit.data.simulate.trees import gold_parser_at
    from evalkit.text.trees import write_conllu

    _no_licensed_config(tmp_path, monkeypatch)
    _write_mtc4(tmp_path, monkeypatch)
    gold = gold_parser_at(corpus_dir("tides2003", root=tmp_path / "sim", quick=True))
    from evalkit.data.simulate import load_sample

    corpus = load_sample("tides2003", root=tmp_path / "sim", quick=True)
    texts = list(dict.fromkeys(corpus.references["text"].tolist() + corpus.outputs["text"].tolist()))
    user = write_conllu(tmp_path / "user-gold.conllu", [p.dep for p in gold.parse_many(texts)], texts)
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    out = tmp_path / "run"
    papermill.execute_notebook(str(REPO / "notebooks" / KEY / "03_parser_noise.ipynb"), str(tmp_path / "out.ipynb"),
                               parameters={"profile": "licensed", "quick": True, "results_dir": str(out),
                                           "gold": f"conllu:{user}"}, progress_bar=False, kernel_name="python3")
    accuracy = pd.read_csv(out / "tree_accuracy.csv").set_index("texts")
    assert 0.3 < accuracy.loc["references", "uas"] < 1.0  # spaCy against the user's trees
    assert accuracy.loc["references", "matched"] == 1.0
    claims = _claims(out.parent, out.name)
    assert "uas_references" in set(claims["claim_id"])
