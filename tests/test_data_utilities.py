"""The shared utilities of the data layer: the tokenized-sentence splitter (one for the
notebooks, the benchmarks and the parity tests), the natural sort key, the SGML attribute
parser, sha256_file and the configuration module."""

from __future__ import annotations

import hashlib
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit import config
from evalkit.data.checksums import sha256_file, sha256_files
from evalkit.data.sgml_attributes import parse_attributes
from evalkit.errors import ParameterError
from evalkit.text.natural_sort import natural_key
from evalkit.text.sentences import split_tokenized_sentences as split


# ------------------------------------------------------------------------------ sentences
def test_split_after_standalone_end_tokens_with_closing_quotes():
    assert split("He left . She said `` no ! '' Then ... he ran ?") == (
        "He left .",
        "She said `` no ! ''",
        "Then ... he ran ?",
    )
    assert split("U.S. troops left on monday . Mr. Smith stayed .") == (
        "U.S. troops left on monday .",
        "Mr. Smith stayed .",
    )
    assert split("it opens it up to anybody . ' Paul merson had") == (
        "it opens it up to anybody . '",
        "Paul merson had",
    )
    assert split("( he left . ) then") == ("( he left . )", "then")
    assert split("") == () and split("   ") == () and split("no end") == ("no end",)
    assert split("two  spaces . kept") == ("two  spaces . kept",)  # not single-spaced: whole
    assert split("a .\nb .") == ("a .\nb .",)


def test_split_is_lossless_on_random_token_streams():
    rng = random.Random(7)
    vocab = ["a", "b", "U.S.", ".", "!", "?", "''", "'", "``", ")", "-rrb-", "...", "x."]
    for _ in range(300):
        text = " ".join(rng.choice(vocab) for _ in range(rng.randint(1, 30)))
        parts = split(text)
        assert " ".join(parts) == text and all(parts)
        for part in parts[:-1]:  # every cut follows an end token
            tokens = part.split(" ")
            closing = len(tokens)
            while closing and tokens[closing - 1] in ("''", "'", ")", "-rrb-", '"', "]", "`"):
                closing -= 1
            assert closing and tokens[closing - 1] in (".", "!", "?"), part


@pytest.mark.public
def test_rouge_inputs_and_the_notebook_corpus_have_the_same_sentences(data_mirror):
    """The benchmark / parity-test inputs and the corpus the notebooks load are cut by the
    same splitter: the sentences agree summary by summary."""
    from evalkit.data.summeval import load_summeval, summeval_rouge_inputs
    from evalkit.data.safe_pickle import load

    S, R, I, Y = summeval_rouge_inputs(3)
    corpus = load_summeval(documents=False)
    assert len(S) == 3 * 16 and len(set(I)) == 3 and I == sorted(I)
    for sents, refs, inst, system in zip(S, R, I, Y):
        assert tuple(sents) == corpus.summary(inst, system)
        assert [tuple(r) for r in refs] == [corpus.summary(inst, f"ref{k}") for k in range(1, 12)]
    raw = load(data_mirror / "summeval" / "data.pkl")  # and the raw strings come back joined
    first = sorted(raw)[0]
    assert [" ".join(s) for s, i in zip(S, I) if i == first] == [
        v["sys_summ"] for v in raw[first]["sys_summs"].values()
    ]
    with pytest.raises(ParameterError, match="n_docs"):
        summeval_rouge_inputs(0)


def test_one_splitter_in_evalkit():
    """No second sentence splitter for tokenized text (the regex one of metrics/rouge_inputs.py
    fed ROUGE-L other sentences than the notebooks)."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1] / "evalkit"
    offenders = [
        str(p.relative_to(root))
        for p in root.rglob("*.py")
        if p.name != "sentences.py"
        and (
            "(?<=[.!?])" in p.read_text(encoding="utf-8")
            or "def split_tokenized_sentences" in p.read_text(encoding="utf-8")
        )
    ]
    assert offenders == []
    assert not (root / "metrics" / "rouge_inputs.py").exists()


# ------------------------------------------------------------------------------ natural sort
def test_natural_key_orders_digit_runs_numerically():
    assert sorted(["M11", "M2", "M1", "ref", "M0"], key=natural_key) == [
        "M0",
        "M1",
        "M2",
        "M11",
        "ref",
    ]
    assert sorted(["D30010", "D30001", "d2"], key=natural_key) == ["D30001", "D30010", "d2"]
    assert sorted(["10", "9", "a", "1a"], key=natural_key) == ["1a", "9", "10", "a"]
    assert natural_key(12) == ("", 12, "") and natural_key("x") == ("x",)


# ------------------------------------------------------------------------------ SGML attributes
def test_attribute_syntax_and_names():
    assert parse_attributes(" docid=\"AFP.1\" SysID=ref genre='news'") == {
        "docid": "AFP.1",
        "sysid": "ref",
        "genre": "news",
    }
    assert parse_attributes('setid = "a b"  srclang="zh" trglang="en"') == {
        "setid": "a b",
        "srclang": "zh",
        "trglang": "en",
    }
    assert parse_attributes('id="1" id="2"') == {"id": "2"}  # last wins, as in mteval
    assert parse_attributes('data-x.y="1"') == {"data-x.y": "1"}
    assert parse_attributes('title="a &amp; b &quot;c&quot;"') == {
        "title": "a &amp; b &quot;c&quot;"
    }
    assert parse_attributes('title="a &amp; b &quot;c&quot;"', unescape=True) == {
        "title": 'a & b "c"'
    }
    assert parse_attributes("") == {} and parse_attributes("novalue") == {}


# The attribute syntax as the module docstring states it, with no guard against rescanning.
_PLAIN_ATTRIBUTE = re.compile(r"""([A-Za-z_][\w.-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))""")


@settings(max_examples=400, deadline=None)
@given(st.text(alphabet="aZ_9é.-= \t\"'>&x", max_size=40))
def test_attributes_are_those_of_the_plain_syntax(text):
    """The parser's regular expression only refuses to restart inside a run of name
    characters (a 120,000-character run without '=' took 80 s, found by the NIST SGML
    fuzz test); the attributes it finds are the plain syntax's, in every text."""
    plain = {m.group(1).lower(): next(g for g in m.groups()[1:] if g is not None)
             for m in _PLAIN_ATTRIBUTE.finditer(text)}  # fmt: skip
    assert parse_attributes(text) == plain


def test_a_long_run_without_equals_sign_is_no_attribute():
    assert parse_attributes("id" + "NaN" * 40000) == {}
    assert parse_attributes("9-x.é" * 20000 + ' id="1"') == {"id": "1"}


def test_readers_share_the_parser(tmp_path):
    from evalkit.data import nist_sgml, wmt

    sgm = tmp_path / "ref.sgm"
    sgm.write_text(
        "<refset setid='s1' srclang=zh trglang=\"en\">\n<doc docid=D1 sysid='ref' genre=\"news\">\n"
        "<seg id=1>hello</seg>\n</doc>\n</refset>\n",
        encoding="utf-8",
    )
    s = nist_sgml.read_nist(sgm)
    assert s.setid == "s1" and s.docs[0].docid == "D1" and s.docs[0].sysid == "ref"
    fake = tmp_path / "fake.sgm"
    fake.write_text(
        '<refset setid="s1" srclang="zh" trglang="en">\n<doc sysid="ref" docid="D&amp;1" genre=news>\n'
        '<seg id="1">hello</seg>\n</doc>\n</refset>\n',
        encoding="utf-8",
    )
    f = wmt.read_fake_sgml(fake)
    assert list(f.docs) == ["D&1"] and f.doc_attrs["D&1"] == {"sysid": "ref", "genre": "news"}


# ------------------------------------------------------------------------------ checksums
def test_sha256_file_matches_hashlib(tmp_path):
    data = bytes(range(256)) * 9000  # > 2 MiB: several blocks
    path = tmp_path / "blob.bin"
    path.write_bytes(data)
    assert sha256_file(path) == hashlib.sha256(data).hexdigest()
    empty = tmp_path / "empty"
    empty.write_bytes(b"")
    assert sha256_files([path, empty]) == {
        str(path): hashlib.sha256(data).hexdigest(),
        str(empty): hashlib.sha256(b"").hexdigest(),
    }
    import os

    st = path.stat()
    path.write_bytes(bytes(reversed(data)))  # same size, time reset: hashed again
    os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))
    assert sha256_files([path])[str(path)] == hashlib.sha256(bytes(reversed(data))).hexdigest()


# ------------------------------------------------------------------------------ configuration
def test_configuration_reads_declared_variables_only(monkeypatch, tmp_path):
    monkeypatch.setenv("EVALKIT_DATA_MIRROR", str(tmp_path))
    assert config.data_mirror() == tmp_path
    monkeypatch.setenv("EVALKIT_DATA_MIRROR", "")
    assert config.data_mirror() is None  # empty counts as unset
    monkeypatch.setenv("EVALKIT_TIDES2003_AR_EN", "/x")
    assert config.licensed_variable("tides2003-ar-en") == "EVALKIT_TIDES2003_AR_EN"
    assert config.licensed_value("tides2003-ar-en") == "/x"
    with pytest.raises(ParameterError, match="declared"):
        config.get("HOME")
    monkeypatch.setenv("EVALKIT_HEADLESS", "1")
    assert config.progress_enabled() is False
    monkeypatch.setenv("EVALKIT_HEADLESS", "0")
    monkeypatch.setenv("EVALKIT_PROGRESS", "No")
    assert config.progress_enabled() is False
    monkeypatch.delenv("ROUGE_EVAL_HOME", raising=False)
    monkeypatch.setenv("RED_EVAL_HOME", "/red")
    assert config.rouge_eval_home() == "/red"
    monkeypatch.setenv("ROUGE_EVAL_HOME", "/rouge")
    assert config.rouge_eval_home() == "/rouge"
    assert (config.repository_root() / "evalkit" / "config.py").is_file()
