"""The ISCORPUS metrics of QARLA (Amigó et al. 2005a) on hand-computed cases, the TVM term
sources of the DUC 2004 paper, and the inputs built from documents and the simulator."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics import available, get_metric
from evalkit.metrics import iscorpus as isc
from evalkit.metrics import qarla_pool as qp

H = ("d1#1", "d1#2", "d2#1")
R = ("d1#2", "d2#1", "d3#4", "d3#5")


def one(name, h, r, **config):
    return float(get_metric(name, **config).sentence_scores([h], [[r]])[0])


def test_registered_with_signatures():
    for name in ("sentence-precision", "sentence-recall", "docsim", "nicos"):
        assert name in available()
        assert get_metric(name).signature().startswith(name + "|")
    assert "denominator:reference" in get_metric("sentence-precision").signature()
    assert "denominator:hypothesis" in get_metric("sentence-precision", swap=True).signature()


def test_sentence_metrics_as_printed_and_swapped():
    # 2 shared sentences; |S(h)| = 3, |S(r)| = 4
    assert one("sentence-precision", H, R) == pytest.approx(2 / 4)
    assert one("sentence-recall", H, R) == pytest.approx(2 / 3)
    assert one("sentence-precision", H, R, swap=True) == pytest.approx(2 / 3)
    assert one("sentence-recall", H, R, swap=True) == pytest.approx(2 / 4)
    # multisets: a sentence used twice counts twice, matches once
    assert one("sentence-precision", ("a#1", "a#1"), ("a#1",)) == 1.0
    assert one("sentence-recall", ("a#1", "a#1"), ("a#1",)) == 0.5
    # empty summaries: zero denominators give 0
    assert (
        one("sentence-recall", (), ("a#1",)) == 0.0
        and one("sentence-precision", ("a#1",), ()) == 0.0
    )


def test_docsim():
    # D(h) = {d1, d2}, D(r) = {d1, d2, d3}: 2 shared documents, |S(h)| = 3, |D(h)| = 2
    assert one("docsim", H, R) == pytest.approx(2 / 3)
    assert one("docsim", H, R, denominator="documents") == 1.0
    assert one("docsim", ("x.1#3",), ("x.1#9",)) == 1.0  # same document, other sentence


def test_several_references_take_the_maximum():
    m = get_metric("sentence-precision")
    got = m.sentence_scores([H], [[R, ("d1#1",)]])
    assert got[0] == 1.0  # 1/1 beats 2/4


def test_non_extractive_input_is_an_error_or_the_documented_rule():
    with pytest.raises(ParameterError, match="segment 1, sentence 2: no source sentence"):
        get_metric("sentence-recall").sentence_scores([H, ("d1#1", None)], [[R], [R]])
    with pytest.raises(ParameterError, match="not a string"):
        one("docsim", "d1#1 d1#2", R)
    # unmatched: counts in the size, matches nothing (not even another unmatched sentence)
    assert one("sentence-recall", ("d1#2", None), R, non_extractive="unmatched") == 0.5
    assert one("sentence-precision", (None,), (None,), non_extractive="unmatched") == 0.0
    assert one("docsim", ("d1#2", ""), R, non_extractive="unmatched") == 0.5


def test_nicos_hand_computed():
    # c(h) = {f1: 2/3, f2: 1/3}, c(r) = {f2: 1/2, f3: 1/2}
    want = -math.sqrt((2 / 3) ** 2 + (1 / 3 - 1 / 2) ** 2 + (1 / 2) ** 2)
    assert one("nicos", ("f1", "f1", "f2"), ("f2", "f3")) == pytest.approx(want)
    assert one("nicos", ("f1",), ("f1",)) == 0.0 and one("nicos", (), ()) == 0.0
    assert one("nicos", ("f1",), ("f2",)) == pytest.approx(-math.sqrt(2))  # the bottom of the range
    with pytest.raises(ParameterError):
        one("nicos", "f1 f2", ("f1",))


def test_vectmodelsim_and_truncated_vectmodel_over_the_reference():
    h, r = "zorbix zorbix quindle", "quindle blimpo blimpo"
    # VectModelSim: all terms of both; f(h) = {zorbix 2/3, quindle 1/3}, f(r) = {quindle 1/3, blimpo 2/3}
    want = -math.sqrt((2 / 3) ** 2 + 0 + (2 / 3) ** 2)
    assert one("tvm", h, r, n=None, lemmas="none") == pytest.approx(want)
    # TruncatedVectModel_1: the most frequent term of the reference, blimpo: 0 vs 2/3
    assert one("tvm", h, r, n=1, lemmas="none") == pytest.approx(-2 / 3)
    # n = 2: blimpo, quindle -> (0, 1/3) vs (2/3, 1/3)
    assert one("tvm", h, r, n=2, lemmas="none") == pytest.approx(-2 / 3)
    assert "terms:reference" in get_metric("tvm", n=1).signature()


def _summaries():
    return pd.DataFrame(
        {
            "instance": ["t1"] * 3,
            "summarizer": ["A", "B", "1"],
            "sentences": [
                ("zorbix quindle .",),
                ("blimpo zorbix zorbix .",),
                ("quindle quindle .",),
            ],
        }
    )


def test_tvm_terms_come_from_the_documents_and_the_signature_says_so():
    docs = pd.DataFrame(
        {
            "instance": ["t1", "t1"],
            "document": ["d1", "d2"],
            "sentences": [("blimpo blimpo blimpo quindle .",), ("blimpo quindle zorbix .",)],
        }
    )
    pool = qp.tvm_similarities(_summaries(), (1, 2), documents=docs, lemmas="none")
    # document terms: blimpo (4), quindle (2): TVM.1 compares the share of blimpo
    got = pool[pool.metric == "TVM.1"].set_index(["a", "b"])["value"]
    assert got[("A", "B")] == pytest.approx(-1 / 3)  # 0 vs 1/3
    assert got[("1", "A")] == pytest.approx(0.0)
    got2 = pool[pool.metric == "TVM.2"].set_index(["a", "b"])["value"]
    assert got2[("1", "A")] == pytest.approx(-0.5)  # (0, 1) vs (0, 1/2)
    assert "terms:documents" in pool.attrs["signatures"]["TVM.1"]
    with pytest.raises(ParameterError, match="source documents"):
        qp.tvm_similarities(_summaries(), (1,))
    models = qp.tvm_similarities(
        _summaries(), (1,), models={"t1": ["A", "B"]}, term_source="models", lemmas="none"
    )
    assert "terms:models" in models.attrs["signatures"]["TVM.1"]
    # models' terms: zorbix (3): A 1/2, B 2/3
    assert models.set_index(["a", "b"]).loc[("A", "B"), "value"] == pytest.approx(-1 / 6)


def test_locate_sources_exact_and_truncated():
    docs = pd.DataFrame(
        {
            "instance": ["t1", "t1"],
            "document": ["D1", "D2"],
            "sentences": [("First one here .", "Second  one ."), ("Other text entirely .",)],
        }
    )
    summ = pd.DataFrame(
        {
            "instance": ["t1"],
            "summarizer": ["1"],
            "sentences": [("Second one .", "Other text", "Not in the documents .")],
        }
    )
    got = isc.locate_sources(summ, docs)
    assert got["sources"].iloc[0] == ("D1#2", "D2#1", None)
    assert isc.locate_sources(summ, docs, prefix=False)["sources"].iloc[0] == ("D1#2", None, None)


def test_simulated_sources_and_concepts(tmp_path):
    from evalkit.data.simulate import build_sample, load_sample, load_truth

    build_sample(tmp_path, quick=True, corpora=["duc2004"], jobs=1)
    corpus = load_sample("duc2004", root=tmp_path, quick=True)
    truth = load_truth("duc2004", root=tmp_path, quick=True)
    src = isc.sources_frame(truth["extracts"])
    aligned = isc.sources_frame(truth["extracts"], aligned=True)
    located = isc.locate_sources(corpus.summaries, corpus.documents)
    both = src.merge(located, on=["instance", "summarizer"], suffixes=("_truth", "_text"))
    ex = truth["extracts"]
    exact = ex[ex["exact"]]
    # an exactly extracted sentence is found by its text where that text is unique in the docset
    lookup = {(r.instance, r.summarizer): r for r in both.itertuples(index=False)}
    agree = [
        lookup[(r.instance, r.summarizer)].sources_text[r.position - 1]
        == lookup[(r.instance, r.summarizer)].sources_truth[r.position - 1]
        for r in exact.itertuples()
    ]
    assert np.mean(agree) > 0.95
    roles = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    model_rows = aligned[aligned["summarizer"].map(roles) == "model"]
    shares = [s is not None for t in model_rows["sources"] for s in t]
    assert np.mean(shares) > 0.8  # written sentences aligned ...
    doc_facts = (
        truth["sentences"].groupby("instance")["facts"].agg(lambda f: set(" ".join(f).split()))
    )
    lone = ex[ex["aligned_document"].isna()]
    assert len(lone) and all(
        not set(r.facts.split()) & doc_facts[r.instance] for r in lone.itertuples()
    )  # ... or unalignable
    assert all(
        s is None for t in src[src["summarizer"].map(roles) == "model"]["sources"] for s in t
    )
    concepts = isc.concepts_frame(truth["summaries"])
    assert concepts["concepts"].map(len).gt(0).all()


def test_iscorpus_inputs_from_the_sample_and_none_elsewhere(tmp_path, monkeypatch):
    from evalkit.data import datasets
    from evalkit.data.model import SummarizationCorpus
    from evalkit.data.qarla_inputs import iscorpus_inputs, summaries_and_roles

    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path))
    corpus = datasets.load("duc2004", "sample", quick=True)
    summ, roles, _ = summaries_and_roles(corpus, max_instances=2, max_peers=3)
    sources, concepts, note = iscorpus_inputs(corpus, summ, quick=True)
    assert len(sources) == len(concepts) == len(summ) and "stand-in" in note
    lens = dict(zip(zip(summ["instance"], summ["summarizer"]), summ["sentences"].map(len)))
    assert all(
        len(t) == lens[(i, s)]
        for i, s, t in sources[["instance", "summarizer", "text"]].itertuples(index=False)
    )
    # the frames feed the pool: one value per ordered pair and metric
    from evalkit.papers.amigo2005qarla import metric_pool

    pool = metric_pool(summ, [1], "none", sources=sources, concepts=concepts)
    pairs = sum(n * (n - 1) for n in summ.groupby("instance").size())
    assert pool.groupby("metric").size().eq(pairs).all() and {"NICOS", "DocSim"} <= set(
        pool["metric"]
    )
    plain = SummarizationCorpus(
        name="x",
        instances=corpus.instances,
        summarizers=corpus.summarizers,
        summaries=corpus.summaries,
    )
    assert iscorpus_inputs(plain, summ)[:2] == (None, None)
