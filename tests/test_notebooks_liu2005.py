"""Smoke runs of notebooks/liu2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(the data notebooks); licensed (skipped naming mtc4 without configuration; run on MTC Part 4
fixture files the test writes in the original formats; and the parser-noise notebook on the
user's own gold parses)."""

from pathlib import Path

import pandas as pd
import pytest

from _notebook_smoke import (
    run_licensed,
    mtc4_fixture,
    no_licensed_config,
    paper_vs_run,
    mtc4_smoke,
    sim_root,
)

REPO = Path(__file__).resolve().parents[1]
KEY = "liu2005"
NOTEBOOKS = {"00_worked_examples", "01_sentence_level", "02_corpus_level", "03_parser_noise"}


def _sample(out):
    claims = paper_vs_run(out, "00_worked_examples").set_index("claim_id")
    assert (
        claims.loc[[c for c in claims.index if c.startswith("stm_figure2")], "verdict"] == "agrees"
    ).all()
    assert claims.loc["stm_figure2", "printed"] == claims.loc["stm_figure2", "this_run"]
    accuracy = pd.read_csv(out / "03_parser_noise" / "tree_accuracy.csv").set_index("texts")
    # spaCy parses the translators' English better than the systems' garbled output
    assert accuracy.loc["references", "uas"] > accuracy.loc["system outputs", "uas"] > 0.3


SMOKE = mtc4_smoke(KEY, NOTEBOOKS, _sample)


@pytest.mark.slow
def test_licensed_parser_noise_with_user_gold_parses(tmp_path, monkeypatch, quick_sample):
    """The user's own (gold) parses as a CoNLL-U file with ``# text`` comments: the parser-noise
    notebook reads them through the pre-parsed backend and scores spaCy against them."""
    from evalkit.data.simulate import load_sample
    from evalkit.data.simulate.build import corpus_dir
    from evalkit.data.simulate.trees import gold_parser_at
    from evalkit.text.trees import write_conllu

    no_licensed_config(tmp_path, monkeypatch)
    mtc4_fixture(tmp_path, monkeypatch)
    gold = gold_parser_at(corpus_dir("tides2003", root=sim_root(tmp_path), quick=True))
    corpus = load_sample("tides2003", root=sim_root(tmp_path), quick=True)
    texts = list(
        dict.fromkeys(corpus.references["text"].tolist() + corpus.outputs["text"].tolist())
    )
    user = write_conllu(
        tmp_path / "user-gold.conllu", [p.dep for p in gold.parse_many(texts)], texts
    )
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(quick_sample))
    out = run_licensed(KEY, "03_parser_noise", tmp_path, gold=f"conllu:{user}")
    accuracy = pd.read_csv(out / "tree_accuracy.csv").set_index("texts")
    assert 0.3 < accuracy.loc["references", "uas"] < 1.0  # spaCy against the user's trees
    assert accuracy.loc["references", "matched"] == 1.0
    claims = pd.read_csv(out / "paper_vs_run.csv", keep_default_na=False)
    assert "uas_references" in set(claims["claim_id"])
