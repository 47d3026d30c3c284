"""The simulator's gold trees (the sample's "ideal parser"), their n-best lists, the tree
accuracy of a parser against them and the parser-noise comparison helpers."""

from collections import Counter

import pandas as pd
import pytest

from evalkit.data.simulate import trees as T
from evalkit.data.simulate.build import build_sample
from evalkit.data.simulate.language import ClauseTrace
from evalkit.errors import InputFormatError, ParameterError
from evalkit.metrics.dependency import DependencyF
from evalkit.data import parser_noise as pn
from evalkit.text.lfg import lfg_triples
from evalkit.text.parse import Parse, attachment_scores
from evalkit.text.trees import DepTree, format_ptb, parse_ptb


def _passive_clause():
    """ "The house has been destroyed by the storm on Monday." as the renderer traces it."""
    subj = (("the", None), ("house", "n:house"))
    verb = (("has", None), ("been", None), ("destroyed", "v:destroy"))
    obj = (("by", None), ("the", None), ("storm", "n:storm"))
    time = (("on", None), ("Monday", "when"))
    return ClauseTrace(
        None, (), False, subj, verb, obj, True, (), time, None, subj + verb + obj + time
    )


def test_hand_built_clause_gives_the_hand_derived_trees():
    gold = T.gold_tree(T.sentence_phrase([T.clause_phrase(_passive_clause())]))
    d = gold.dep
    assert d.words == tuple("The house has been destroyed by the storm on Monday .".split())
    # written out by hand from the grammar (ClearNLP labels, as spaCy)
    expect = {
        "The": ("house", "det"),
        "house": ("destroyed", "nsubjpass"),
        "has": ("destroyed", "aux"),
        "been": ("destroyed", "auxpass"),
        "destroyed": (None, "root"),
        "by": ("destroyed", "agent"),
        "the": ("storm", "det"),
        "storm": ("by", "pobj"),
        "on": ("destroyed", "prep"),
        "Monday": ("on", "pobj"),
        ".": ("destroyed", "punct"),
    }
    for i, w in enumerate(d.words):
        head = None if d.heads[i] < 0 else d.words[d.heads[i]]
        assert (head, d.deprels[i]) == expect[w], w
    assert d.xpos == ("DT", "NN", "VBZ", "VBN", "VBN", "IN", "DT", "NN", "IN", "NNP", ".")
    assert d.lemmas[4] == "destroy" and d.lemmas[2] == "have" and d.lemmas[3] == "be"
    assert format_ptb(gold.tree) == (
        "(S (NP-SBJ (DT The) (NN house)) (VP (VBZ has) (VP (VBN been) (VP (VBN destroyed) "
        "(PP (IN by) (NP (DT the) (NN storm))) (PP (IN on) (NP (NNP Monday)))))) (. .))"
    )
    assert tuple(gold.tree.leaves()) == d.words
    triples = set(lfg_triples(d))
    assert ("passive", "destroy", "+") in triples and ("subj", "destroy", "house") in triples


def test_tokens_split_and_join():
    text = "On Jan. 3, the Venai Ministry's 10,000 workers fled."
    toks = T.split_tokens(text)
    assert toks == [
        "On",
        "Jan.",
        "3",
        ",",
        "the",
        "Venai",
        "Ministry",
        "'s",
        "10,000",
        "workers",
        "fled",
        ".",
    ]
    assert T.join_tokens(toks) == text


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    root = tmp_path_factory.mktemp("sample")
    build_sample(root, quick=True, corpora=["tides2003"], jobs=1)
    return root / "tides2003"


def test_gold_files_round_trip_through_the_readers(built):
    from evalkit.data.simulate.build import load_sample

    texts, trees = T.mt_gold_trees("tides2003", 20051, quick=True)
    assert len(texts) == len(trees) == 110 * (4 + 7)
    conllu, ptb = T.gold_files(built)
    assert conllu.exists() and ptb.exists()  # written by the build hook
    parser = T.gold_parser_at(built)
    seen = set()
    for text, gold, p in zip(texts, trees, parser.parse_many(texts)):
        if text in seen:  # a repeated text keeps its first tree
            continue
        seen.add(text)
        assert p.dep == gold.dep
        assert p.tree == gold.tree
        assert tuple(p.tree.leaves()) == p.dep.words
        assert T.join_tokens(p.dep.words) == text  # trees consistent with the sentence tokens
    corpus = load_sample(
        "tides2003", root=built.parent, quick=True
    )  # the texts as the reader gives them
    read = corpus.references["text"].tolist() + corpus.outputs["text"].tolist()
    assert {t for t in read} <= seen
    assert len(parser.parse_many(read)) == len(read)


def test_summary_gold_trees_round_trip(tmp_path):
    from evalkit.data.simulate.build import load_sample

    build_sample(tmp_path, quick=True, corpora=["duc2007"], jobs=1)
    corpus = load_sample("duc2007", root=tmp_path, quick=True)
    parser = T.gold_parser_at(tmp_path / "duc2007")
    texts = [
        corpus.summary_text(i, s)
        for i, s in zip(corpus.summaries["instance"], corpus.summaries["summarizer"])
    ]
    for text, p in zip(texts, parser.parse_many(texts)):
        sentences = text.split("\n")
        assert p.dep.words == tuple(
            w for x in sentences for w in T.split_tokens(x)
        )  # the summary's tokens
        assert tuple(p.tree.leaves()) == p.dep.words
        assert (
            len(p.dep.roots()) >= len(sentences) if len(sentences) > 1 else len(p.dep.roots()) >= 1
        )
    again = T.summary_gold_trees("duc2007", 20051, quick=True)
    assert [t.dep for t in again[1]] == [
        t.dep for t in T.summary_gold_trees("duc2007", 20051, quick=True)[1]
    ]


def test_projected_output_trees_hand_example():
    gold = T.GoldTree(
        DepTree.from_heads(
            ["The", "storm", "hit", "the", "town", "."],
            [1, 2, -1, 4, 2, 2],
            ["det", "nsubj", "root", "det", "dobj", "punct"],
        ),
        parse_ptb("(S (NP (DT The) (NN storm)) (VP (VBD hit) (NP (DT the) (NN town))) (. .))")[0],
    )
    dropped = T.project(gold, "Storm hit town.")  # articles dropped: order kept, tree pruned
    assert dropped.dep.heads == (1, -1, 1, 1) and dropped.dep.deprels == (
        "nsubj",
        "root",
        "dobj",
        "punct",
    )
    assert format_ptb(dropped.tree) == "(S (NP (NN Storm)) (VP (VBD hit) (NP (NN town))) (. .))"
    moved = T.project(
        gold, "The storm the town hit."
    )  # verb left at the end: the dependency projection
    assert moved.dep.heads == (1, 4, 3, 4, -1, 4)
    assert moved.dep.deprels[4] == "root" and tuple(moved.tree.leaves()) == moved.dep.words
    replaced = T.project(gold, "The storm flattened the town.")  # a replaced word keeps the place
    assert replaced.dep.heads == gold.dep.heads and replaced.dep.words[2] == "flattened"
    assert replaced.dep.lemmas[2] == "flattened"


def test_nbest_is_seeded_deterministic_and_plausible():
    gold = T.gold_tree(T.sentence_phrase([T.clause_phrase(_passive_clause())])).dep
    a = T.nbest(gold, 10, seed=7)
    assert a == T.nbest(gold, 10, seed=7)
    assert a[0] == gold and 1 < len(a) <= 10 and len(set(a)) == len(a)
    for alt in a[1:]:  # only the documented ambiguities change
        for i in range(len(gold)):
            if alt.heads[i] != gold.heads[i]:
                assert gold.deprels[i] in ("prep", "npadvmod", "agent") and alt.xpos[
                    alt.heads[i]
                ].startswith("NN")
            if alt.xpos[i] != gold.xpos[i]:
                assert (gold.xpos[i], alt.xpos[i]) == ("VBD", "VBN")
            if alt.deprels[i] != gold.deprels[i]:
                assert (gold.deprels[i], alt.deprels[i]) in (
                    ("compound", "amod"),
                    ("quantmod", "advmod"),
                )
    # "on Monday" may attach to "storm": the one attachment alternative
    assert any(alt.heads[8] == 7 for alt in a)
    ranks = Counter(T.nbest(gold, 10, seed=s, p_gold_first=0.0).index(gold) for s in range(20))
    assert 0 not in ranks and sum(ranks.values()) == 20
    with pytest.raises(ParameterError):
        T.nbest(gold, 0, seed=1)
    with pytest.raises(ParameterError):
        T.nbest(gold, 3, seed=1, p_gold_first=1.5)


def test_reordered_pairs_have_identical_gold_triples_and_nbest_lifts_f():
    from evalkit.data.simulate.reorder import adjunct_reordered_pairs

    pairs, gold = T.reordered_pair_parses(12, seed=3)
    assert pairs == adjunct_reordered_pairs(12, 3)
    for a, b in pairs:  # same words, same gold triples: the SSST paper's ideal parser
        (pa, pb) = gold.parse_many([a, b])
        assert Counter(lfg_triples(pa.dep)) == Counter(lfg_triples(pb.dep))
        assert pa.tree is not None and tuple(pa.tree.leaves()) == pa.dep.words
    _, noisy = T.reordered_pair_parses(12, seed=3, n_best=20, p_gold_first=0.0)
    orig, moved = noisy.parse_many([a for a, _ in pairs]), noisy.parse_many([b for _, b in pairs])
    assert all(len(p.nbest) > 1 for p in orig)
    one = DependencyF(nbest=1).corpus_score(moved, [[o] for o in orig])
    twenty = DependencyF(nbest=20).corpus_score(moved, [[o] for o in orig])
    assert one < 1.0 and twenty == pytest.approx(1.0)
    assert (
        noisy.parse_many([pairs[0][0]])[0].nbest
        == T.reordered_pair_parses(12, seed=3, n_best=20, p_gold_first=0.0)[1]
        .parse_many([pairs[0][0]])[0]
        .nbest
    )


def test_gold_parser_errors(tmp_path):
    with pytest.raises(ParameterError):
        T.gold_parser("duc2004", quick=True, root=tmp_path)
    with pytest.raises(InputFormatError):
        T.gold_parser_at(tmp_path)


def test_attachment_scores_by_hand():
    gold = DepTree.from_heads(
        ["I", "have", "a", "red", "pen", "."],
        [1, -1, 4, 4, 1, 1],
        ["nsubj", "root", "det", "amod", "dobj", "punct"],
    )
    test = DepTree.from_heads(
        ["I", "have", "a", "red", "pen", "."],
        [1, -1, 4, 1, 1, 1],
        ["nsubj", "root", "det", "amod", "dobj", "punct"],
    )
    s = attachment_scores([gold], [test])
    assert (
        s["tokens"] == 5 and s["uas"] == pytest.approx(4 / 5) and s["las"] == pytest.approx(4 / 5)
    )
    relabel = DepTree.from_heads(
        list(gold.words), list(gold.heads), ["nsubj", "root", "det", "compound", "dobj", "p"]
    )
    s = attachment_scores([gold], [relabel], punct=True)
    assert (
        s["tokens"] == 6 and s["uas"] == 1.0 and s["las"] == pytest.approx(4 / 6)
    )  # two labels changed
    split = DepTree.from_heads(
        ["I", "have", "a", "re", "d", "pen", "."],
        [1, -1, 5, 5, 5, 1, 1],
        ["nsubj", "root", "det", "amod", "amod", "dobj", "punct"],
    )
    s = attachment_scores([gold], [split])
    assert s["matched"] == pytest.approx(4 / 5) and s["uas"] == pytest.approx(4 / 5)
    with pytest.raises(ParameterError):
        attachment_scores([gold], [])


def test_parser_noise_comparison_helpers():
    gold = DepTree.from_heads(["a", "b", "c"], [1, -1, 1], ["det", "root", "dobj"])
    wrong = DepTree.from_heads(["a", "b", "c"], [2, -1, 1], ["det", "root", "dobj"])
    acc = pn.tree_accuracy(
        {"references": ["r"], "system outputs": ["h"]},
        {"r": Parse(gold), "h": Parse(gold)},
        {"r": Parse(gold), "h": Parse(wrong)},
    )
    assert acc.set_index("texts")["uas"].to_dict() == pytest.approx(
        {"references": 1.0, "system outputs": 2 / 3, "all": 5 / 6}
    )
    a = pd.DataFrame({"metric": ["HWCM", "STM"], "r": [0.5, 0.4]})
    b = pd.DataFrame({"metric": ["HWCM", "STM"], "r": [0.3, 0.45]})
    both = pn.side_by_side({"gold": a, "spacy": b}, ["metric"])
    assert both["cost_spacy"].tolist() == pytest.approx([0.2, -0.05])
    assert (
        pn.gold_parser("ideal", None, "public") is None
        and pn.gold_parser("none", None, "sample") is None
    )
    with pytest.raises(ParameterError):
        pn.gold_parser("treebank", None, "sample")


def test_gold_parser_with_nbest_and_parser_for(built):
    texts, trees = T.mt_gold_trees("tides2003", 20051, quick=True)
    plain = T.gold_parser_at(built).parse_many(texts[:20])
    with_alts = T.gold_parser_at(built, n_best=5).parse_many(texts[:20])
    for p, q in zip(plain, with_alts):
        assert q.dep == p.dep and q.tree == p.tree  # gold first (p_gold_first = 1)
        assert q.nbest[:1] in ((), (p.dep,)) and len(q.nbest) <= 5
    assert any(len(q.nbest) > 1 for q in with_alts)
    with pytest.raises(ParameterError):
        pn.parser_for("ideal", None, "public")


def test_junctions_give_conj_or_advcl_and_the_trees_read_back_as_the_text():
    """Two clauses joined by "and" (coordination: ``conj`` + ``cc`` on the first clause's
    verb) or "after" (subordination: ``(SBAR (IN after) (S ...))``, ``advcl`` + ``mark``)."""
    clause = _passive_clause()
    for junction, rel, tag in ((("and",), "conj", "CC"), ((",", "after"), "advcl", "IN")):
        gold = T.gold_tree(
            T.sentence_phrase([T.clause_phrase(clause), T.clause_phrase(clause)], [junction])
        )
        d = gold.dep
        word = junction[-1]
        k = d.words.index(word)
        second = d.words.index("destroyed", k)
        assert (d.xpos[k], d.deprels[k], d.heads[k]) == (
            tag,
            "cc" if tag == "CC" else "mark",
            (d.words.index("destroyed") if tag == "CC" else second),
        )
        assert d.deprels[second] == rel and d.heads[second] == d.words.index("destroyed")
        assert tuple(gold.tree.leaves()) == d.words
        if tag == "IN":
            assert "(SBAR (IN after) (S " in format_ptb(gold.tree)
            assert d.words[k - 1] == ","
