"""Liu & Gildea (2005) metrics and the dependency-triple metrics, on the papers' worked
examples and hand-computed trees."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from _oracles import LFG_EXAMPLE
from evalkit.errors import ParameterError
from evalkit.metrics.dependency import (
    BEHM,
    DEPEVAL,
    DependencyF,
    depeval_variants,
    jackknife_scores,
    match_triples,
    transform_triples,
)
from evalkit.metrics.syntax import DSTM, DTKM, HWCM, STM, TKM, Forest, headword_chains, tree_kernel
from evalkit.text.parse import Parse
from evalkit.text.trees import DepTree, parse_ptb

HYP = "(S (NP (PRON)) (VP (V) (NP (PRON))))"  # Liu & Gildea Figure 2
REF = "(S (NP (PRON)) (VP (V) (NP (ART) (N))))"


def test_stm_figure2_worked_example():
    (h,), (r,) = parse_ptb(HYP), parse_ptb(REF)
    m = STM(max_depth=3)
    stats = m.segment_statistics([h], [[r]])
    assert stats.tolist() == [[6, 3, 1, 7, 4, 2]]  # 6/7, 3/4, 1/2 as the paper's text derives
    score = m.score_from_statistics(stats.sum(axis=0))
    assert round(score, 3) == 0.702  # printed
    assert score == pytest.approx(
        float((Fraction(6, 7) + Fraction(3, 4) + Fraction(1, 2)) / 3), abs=1e-15
    )


def test_stm_clips_against_single_best_reference():
    (h,) = parse_ptb("(S (NP (N)) (NP (N)))")
    r1, r2 = parse_ptb("(S (NP (N)))\n(S (V) (NP (N)))")
    stats = STM(max_depth=2).segment_statistics([h], [[r1, r2]])
    # depth 1: S, NP, NP, N, N -> clip S1 NP1 N1 = 3 of 5; depth 2: (S NP NP) 0, (NP N) x2 clipped 1
    assert stats.tolist() == [[3, 1, 5, 3]]


def test_headword_chains_liu_gildea_example():
    d = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    chains = headword_chains(Forest.from_dependencies(d), 3)
    assert set(chains[1]) == {
        ("have", "i"),
        ("have", "pen"),
        ("pen", "a"),
        ("pen", "red"),
    }  # paper, Sec. 2.2
    assert set(chains[2]) == {("have", "pen", "a"), ("have", "pen", "red")}


def test_hwcm_by_hand_with_epsilon():
    ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    hyp = DepTree.from_heads(["I", "have", "the", "pen"], [1, -1, 3, 1])
    m = HWCM(max_length=3)
    stats = m.segment_statistics([hyp], [[ref]])
    # unigrams: i, have, pen match (3/4); chains 2: have-i, have-pen match, pen-the no (2/3);
    # chains 3: have-pen-the no (0/1 -> epsilon 1e-3)
    assert stats.tolist() == [[3, 2, 0, 4, 3, 1]]
    assert m.score_from_statistics(stats[0]) == pytest.approx((3 / 4 + 2 / 3 + 1e-3) / 3)
    assert HWCM(max_length=3, epsilon=0).sentence_scores([hyp], [[ref]])[0] == pytest.approx(
        (3 / 4 + 2 / 3) / 3
    )


def test_dstm_depth1_is_unigram_precision():
    ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    hyp = DepTree.from_heads(["I", "have", "the", "pen"], [1, -1, 3, 1])
    assert DSTM(max_depth=1).sentence_scores([hyp], [[ref]])[0] == pytest.approx(3 / 4)
    # depth 2: (have i pen) vs ref (have i pen): match; (pen the) vs (pen a red): no -> 1/2
    assert DSTM(max_depth=2).segment_statistics([hyp], [[ref]]).tolist() == [[3, 1, 4, 2]]


def test_collins_duffy_kernel_by_hand():
    (t,) = parse_ptb("(A (B b) (C c))")
    f = Forest.from_tree(t, include_words=True)
    # fragments: 4 rooted at A, 1 at B, 1 at C
    assert tree_kernel(f, f, 1.0) == 6.0
    # lambda = 0.5: C(B,B) = C(C,C) = 0.5, C(A,A) = 0.5 * 1.5 * 1.5
    assert tree_kernel(f, f, 0.5) == pytest.approx(0.5 + 0.5 + 1.125)
    (u,) = parse_ptb("(A (B b) (C d))")
    g = Forest.from_tree(u, include_words=True)
    # shared: (B b) at B; at A the fragments (A B C) and (A (B b) C): C(A,A) = (1+1)(1+0) = 2
    assert tree_kernel(f, g, 1.0) == 3.0
    assert TKM(include_words=True).sentence_scores([t], [[u]])[0] == pytest.approx(3 / 6)
    assert TKM().sentence_scores([t], [[t, u]])[0] == pytest.approx(1.0)


def test_dtkm_identical_trees_and_max_over_references():
    a = DepTree.from_heads(["x", "y", "z"], [-1, 0, 0])
    b = DepTree.from_heads(["x", "y", "w"], [-1, 0, 0])
    m = DTKM()
    assert m.sentence_scores([a], [[b, a]])[0] == pytest.approx(1.0)
    # a: x(x -> y z), y, z; K(a,a) = 1 + 1 + (1+1)(1+1) = 6; with b = x(y w) only y-y is shared
    fa, fb = Forest.from_dependencies(a), Forest.from_dependencies(b)
    assert tree_kernel(fa, fa) == 6.0 and tree_kernel(fa, fb) == 1.0
    assert m.sentence_scores([a], [[b]])[0] == pytest.approx(1 / 6)


def test_scores_vectorized_over_resamples():
    (h,), (r,) = parse_ptb(HYP), parse_ptb(REF)
    m = STM(max_depth=3)
    stats = m.segment_statistics([h, r, h], [[r], [r], [h]])
    rng = np.random.default_rng(1)
    counts = rng.multinomial(3, [1 / 3] * 3, size=20)
    many = m.score_from_statistics(counts @ stats)
    assert many.shape == (20,)
    assert np.allclose(many, [m.score_from_statistics(row) for row in counts @ stats])


@pytest.mark.parametrize(
    "build",
    [
        lambda: STM(max_depth=0),
        lambda: HWCM(epsilon=1.5),
        lambda: TKM(decay=0),
        lambda: DependencyF(score="X"),
        lambda: DEPEVAL("pm xx"),
    ],
)
def test_parameter_errors(build):
    with pytest.raises(ParameterError):
        build()


# ---------------------------------------------------------------------------------------
# Dependency triples


def test_switches_on_the_papers_example():
    assert set(transform_triples(LFG_EXAMPLE, pred_only=True)) == {
        ("subj", "resign", "john"),
        ("adjunct", "resign", "yesterday"),
    }
    split = transform_triples(LFG_EXAMPLE, partial=True)
    assert {
        ("subj", "resign", "*"),
        ("subj", "*", "john"),
        ("adjunct", "resign", "*"),
        ("adjunct", "*", "yesterday"),
    } <= set(split)
    assert sum(split.values()) == 4 + 5
    assert set(transform_triples(LFG_EXAMPLE, label_free=True)) >= {("", "resign", "john")}


class FakeWordNet:
    SYN = {"quit": {1}, "resign": {1}, "storm": {2}, "hurricane": {2}}

    def synset_ids(self, word):
        return frozenset(self.SYN.get(word, ()))


def test_match_counts_by_hand():
    c = Counter({("subj", "quit", "john"): 2, ("obj", "x", "y"): 1})
    g = Counter({("subj", "resign", "john"): 1, ("subj", "quit", "john"): 1, ("obj", "x", "y"): 3})
    assert match_triples(c, g) == 2  # subj(quit,john) once, obj once
    assert match_triples(c, g, count_once=True) == 2
    assert match_triples(c, g, FakeWordNet()) == 3  # second subj(quit,john) ~ subj(resign,john)
    c2 = Counter({("obj", "x", "y"): 3})
    assert match_triples(c2, g) == 3 and match_triples(c2, g, count_once=True) == 1


def _dep(words, heads, rels, xpos):
    return DepTree.from_heads(words, heads, rels, xpos=xpos)


JOHN = _dep(
    ["John", "resigned", "yesterday"],
    [1, -1, 1],
    ["nsubj", "root", "npadvmod"],
    ["NNP", "VBD", "NN"],
)
JOHN2 = _dep(
    ["Yesterday", ",", "John", "resigned"],
    [3, 3, 3, -1],
    ["npadvmod", "punct", "nsubj", "root"],
    ["NN", ",", "NNP", "VBD"],
)
MARY = _dep(["Mary", "quit"], [1, -1], ["nsubj", "root"], ["NNP", "VBD"])


def test_dependency_f_by_hand():
    m = DependencyF()
    assert m.sentence_scores([JOHN], [[JOHN2]])[0] == 1.0
    stats = m.segment_statistics([MARY], [[JOHN]])
    # MARY: subj(quit,mary) num/pers(mary) tense(quit,past) = 4; JOHN: 7; shared: tense? no (quit vs resign)
    assert stats.tolist() == [[0, 4, 7]]
    assert DependencyF(label_free=True, partial=True).segment_statistics(
        [MARY], [[JOHN]]
    ).tolist() == [[0, 5, 9]]
    p = DependencyF(score="P").corpus_score([JOHN, MARY], [[JOHN2], [JOHN]])
    assert p == pytest.approx(7 / 11)


def test_dependency_f_nbest_takes_best_pair():
    wrong = _dep(
        ["John", "resigned", "yesterday"],
        [1, -1, 1],
        ["dobj", "root", "npadvmod"],
        ["NNP", "VBD", "NN"],
    )
    hyp_nbest = Parse(wrong, None, (wrong, JOHN))
    assert DependencyF(nbest=1).sentence_scores([hyp_nbest], [[JOHN2]])[0] < 1.0
    assert DependencyF(nbest=2).sentence_scores([hyp_nbest], [[JOHN2]])[0] == 1.0


def test_depeval_recall_union_and_jackknife_by_hand():
    m = DEPEVAL()
    # union of the two models: JOHN (7 triples) + MARY (4) = 11; peer JOHN2 matches JOHN's 7
    assert m.segment_statistics([JOHN2], [[JOHN, MARY]]).tolist() == [[7, 11]]
    # jackknife over 2 models: against JOHN alone 7/7, against MARY alone 0/4 -> mean 0.5
    assert jackknife_scores(m, [JOHN2], [[JOHN, MARY]]).tolist() == [0.5]
    # a model (own=0) is scored against the others only
    assert jackknife_scores(m, [JOHN], [[JOHN, MARY]], own=[0]).tolist() == [0.0]
    one = DEPEVAL("one")
    assert one.segment_statistics([JOHN2], [[JOHN, JOHN]]).tolist() == [[7, 14]]
    assert DEPEVAL().segment_statistics([JOHN2], [[JOHN, JOHN]]).tolist() == [[7, 14]]
    assert DEPEVAL("pred").segment_statistics([JOHN2], [[JOHN]]).tolist() == [[2, 2]]


def test_depeval_has_32_distinct_variants():
    variants = depeval_variants()
    assert len(variants) == 32 and len(set(variants)) == 32 and variants[0] == ()
    sigs = {DEPEVAL(v, wordnet=FakeWordNet() if "wn" in v else None).signature() for v in variants}
    assert len(sigs) == 32


def test_be_hm_counts_like_rouge_over_models():
    m = BEHM()
    stats = m.segment_statistics([JOHN2], [[JOHN, MARY]])
    # pairs (stemmed): JOHN: resign-john, resign-yesterday (2); MARY: quit-mari (1); peer shares 2 with JOHN
    assert stats.tolist() == [[2, 3]]
    assert m.score_from_statistics(stats[0]) == pytest.approx(2 / 3)
