"""Collins (1999) head rules and the dependency-to-constituent projection
(:mod:`evalkit.text.heads`)."""

from __future__ import annotations

from evalkit.text.heads import (
    constituents_to_dependencies,
    dependencies_to_constituents,
    head_child,
)
from evalkit.text.trees import DepTree, format_ptb, parse_ptb


def test_collins_heads_liu_gildea_example():
    # Liu & Gildea (2005) Section 2.2: "I have a red pen": have -> {I, pen}; pen -> {a, red}
    (t,) = parse_ptb("(S (NP (PRP I)) (VP (VBP have) (NP (DT a) (JJ red) (NN pen))))")
    d = constituents_to_dependencies(t)
    assert d.heads == (1, -1, 4, 4, 1)
    assert d.xpos == ("PRP", "VBP", "DT", "JJ", "NN")


def test_collins_rules_by_hand():
    tree = parse_ptb
    assert head_child(tree("(PP (IN in) (NP (DT the) (NN city)))")[0]) == 0
    assert head_child(tree("(NP (NP (NNP John)) (POS 's))")[0]) == 1  # last word POS
    assert head_child(tree("(NP (NNP John) (CC and) (NNP Mary))")[0]) == 0  # coordination
    assert head_child(tree("(VP (MD will) (VP (VB go)))")[0]) == 0
    assert (
        head_child(tree("(S (NP-SBJ (PRP he)) (VP (VBD left)) (. .))")[0]) == 1
    )  # function tags ignored
    assert head_child(tree("(SBAR (IN that) (S (NP (PRP it)) (VP (VBZ is))))")[0]) == 0
    (np_,) = tree("(NP (DT the) (JJ big) (NN dog) (PP (IN of) (NP (NNP X))))")
    assert head_child(np_) == 2  # rightmost NN, searching from the right


def test_projection_labels_and_order():
    d = DepTree.from_heads(
        ["John", "resigned", "yesterday"],
        [1, -1, 1],
        ["nsubj", "root", "npadvmod"],
        xpos=["NNP", "VBD", "NN"],
    )
    t = dependencies_to_constituents(d)
    assert format_ptb(t) == "(S (NNP John) (VBD resigned) (NN yesterday))"
    assert t.leaves() == ["John", "resigned", "yesterday"]
    two = DepTree.from_heads(["a", "b"], [-1, -1])
    assert dependencies_to_constituents(two).label() == "ROOT"
