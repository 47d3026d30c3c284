"""Smoke runs of notebooks/owczarzak2007wmt/ through the headless runner (quick mode).

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
KEY = "owczarzak2007wmt"
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
    assert set(NOTEBOOKS) == {"00_printed_checks", "01_table2_nbest", "02_table3_variants"}


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    for name in NOTEBOOKS:
        assert len(_claims(out, name)) > 0, name
    claims = _claims(out, "00_printed_checks").set_index("claim_id")
    assert claims.loc["significance_step", "verdict"] == "differs"
    assert (claims.drop(index="significance_step")["verdict"] == "agrees").all()
    # the ideal parser's n-best lists: the gold trees are in them, so F reaches 100 at the largest n
    table2 = pd.read_csv(out / "01_table2_nbest" / "table2.csv")
    ideal = table2[table2["parser"] == "ideal"].set_index("nbest")["f_score"]
    assert ideal.iloc[-1] == pytest.approx(100.0) and ideal.iloc[0] < 100.0
    assert (table2[table2["parser"] == "spacy"]["available"] == 1).all()  # spaCy: no n-best
    nbest = _claims(out, "01_table2_nbest").set_index("claim_id")
    assert nbest.loc["f_rises_with_n_ideal", "verdict"] == "agrees"
    assert nbest.loc["f_rises_with_n_spacy", "verdict"] == "not comparable"


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
