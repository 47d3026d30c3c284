"""CoNLL-U and PTB readers/writers and dependency trees (:mod:`evalkit.text.trees`)."""

from __future__ import annotations

import pytest

from _oracles import CONLLU
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text import trees


def test_conllu_roundtrip(tmp_path):
    parsed = trees.parse_conllu(CONLLU)
    assert [t.words for t in parsed] == [("I", "have", "a", "red", "pen"), ("Go",)]
    assert parsed[0].heads == (1, -1, 4, 4, 1)
    assert parsed[0].feat(4, "Number") == "Sing"
    path = trees.write_conllu(tmp_path / "x.conllu", parsed)
    assert trees.read_conllu(path) == parsed
    assert trees.parse_conllu(trees.format_conllu(parsed)) == parsed


def test_conllu_skips_multiword_tokens_and_empty_nodes():
    text = (
        "1-2\tdon't\t_\t_\t_\t_\t_\t_\t_\t_\n1\tdo\tdo\tAUX\tVBP\t_\t0\troot\t_\t_\n"
        "1.1\tx\tx\t_\t_\t_\t_\t_\t_\t_\n2\tn't\tnot\tPART\tRB\t_\t1\tneg\t_\t_\n"
    )
    (t,) = trees.parse_conllu(text)
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
    _assert_names_file_and_line(trees.read_conllu, tmp_path / "bad.conllu", bad, line, what)


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
    parsed = trees.parse_ptb(text)
    assert len(parsed) == 2
    assert parsed[0].label() == "" and parsed[0][0].label() == "S"
    assert parsed[0].leaves() == ["I", "had", "a", "dog"]
    assert trees.format_ptb(parsed[1]) == "(S (NP (PRON)) (VP (V)))"
    path = trees.write_ptb(tmp_path / "t.mrg", parsed)
    assert [trees.format_ptb(t) for t in trees.read_ptb(path)] == [
        trees.format_ptb(t) for t in parsed
    ]


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
    _assert_names_file_and_line(trees.read_ptb, tmp_path / "bad.mrg", bad, line, what)


def test_deptree_rejects_cycles_and_bad_heads():
    with pytest.raises(ParameterError):
        trees.DepTree.from_heads(["a", "b"], [1, 0])
    with pytest.raises(ParameterError):
        trees.DepTree.from_heads(["a"], [3])
