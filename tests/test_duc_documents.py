"""DUC source documents: the TREC-SGML reader/writer pair, its errors, the licensed entry,
and the simulated corpora's documents read back through it."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from evalkit.data import duc_documents as dd
from evalkit.data import licensed
from evalkit.errors import InputFormatError, ParameterError

APW = """<DOC>
<DOCNO> APW19981016.0240 </DOCNO>
<DOCTYPE> NEWS STORY </DOCTYPE>
<DATE_TIME> 10/16/1998 07:33:00 </DATE_TIME>
<BODY>
<HEADLINE> Hun Sen &amp; the opposition </HEADLINE>
<TEXT>
   Cambodian leader Hun Sen on Friday
rejected opposition demands.
\tThe second paragraph &lt;quoted&gt;.

A third one after a blank line.
</TEXT>
</BODY>
</DOC>
"""


def write(path: Path, text: str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text.encode("latin-1"))
    return path


def test_untagged_body_gives_paragraphs_and_decoded_entities():
    (doc,) = dd.parse_documents(APW, "f")
    assert doc.docno == "APW19981016.0240"
    assert doc.headline == "Hun Sen & the opposition"
    assert doc.sentences == (
        "Cambodian leader Hun Sen on Friday rejected opposition demands.",
        "The second paragraph <quoted>.",
        "A third one after a blank line.",
    )
    assert not doc.sentence_split and doc.line == 1


def test_sentence_split_body_and_p_elements():
    text = (
        '<DOC><DOCNO>X1</DOCNO><TEXT>\n<s num="1"> One  sentence. </s>\n<S num=2>Two.</S>\n</TEXT></DOC>\n'
        "<doc>\n<docno> X2 </docno>\n<text>\n<P>\nFirst\nparagraph.\n<P>\nSecond.\n</P>\n</text>\n</doc>\n"
    )
    a, b = dd.parse_documents(text, "f")
    assert (a.docno, a.sentences, a.sentence_split) == ("X1", ("One sentence.", "Two."), True)
    assert (b.docno, b.sentences, b.sentence_split, b.line) == (
        "X2",
        ("First paragraph.", "Second."),
        False,
        5,
    )


@pytest.mark.parametrize(
    "edit, line, expected",
    [
        (
            lambda t: t.replace("</DOC>", ""),
            14,
            "</DOC> closing the <DOC> opened at line 1, found 'end of file'",
        ),
        (lambda t: t + t, 16, None),  # fine: two documents in one file (checked below)
        (
            lambda t: t.replace("</DOC>", "") + t,
            16,
            "</DOC> closing the <DOC> opened at line 1, found '<DOC>'",
        ),
        (
            lambda t: t.replace("<DOCNO> APW19981016.0240 </DOCNO>", ""),
            15,
            "a <DOCNO> in the <DOC> opened at line 1",
        ),
        (
            lambda t: t.replace("<DOCNO> APW19981016.0240 </DOCNO>", "<DOCNO>  </DOCNO>"),
            2,
            "a DOCNO (one non-empty",
        ),
        (lambda t: t.replace("</TEXT>", ""), 15, "</TEXT> closing the <TEXT> opened at line 7"),
        (lambda t: "stray words\n" + t, 1, "<DOC> (text outside a document)"),
        (lambda t: t.replace("</HEADLINE>", "</TEXT>"), 6, "<TEXT> before </TEXT>"),
        (
            lambda t: t.replace("<TEXT>", '<TEXT>\n<s num="1"> open'),
            14,
            "</s> closing the <s> opened at line 8",
        ),
        (lambda t: t.replace("<HEADLINE>", "<s>"), 6, "<s> inside <TEXT>"),
    ],
)
def test_malformed_documents_name_file_and_line(tmp_path, edit, line, expected):
    path = write(tmp_path / "d30001t" / "APW19981016.0240", edit(APW))
    if expected is None:
        assert [d.line for d in dd.read_document_file(path)] == [1, 16]
        return
    with pytest.raises(
        InputFormatError,
        match=f"{path}, line {line}: expected " + expected.replace("(", r"\(").replace(")", r"\)"),
    ):
        dd.read_document_file(path)


def test_unclosed_sentence_and_mixed_body():
    bad = "<DOC><DOCNO>X</DOCNO><TEXT>\n<s> a\n<s> b </s>\n</TEXT></DOC>\n"
    with pytest.raises(
        InputFormatError, match=r"line 3: expected </s> closing the <s> opened at line 2"
    ):
        dd.parse_documents(bad, "f")
    mixed = "<DOC><DOCNO>X</DOCNO><TEXT>\n<s> a </s>\nloose text\n</TEXT></DOC>\n"
    with pytest.raises(InputFormatError, match=r"line 3: expected <s> elements only"):
        dd.parse_documents(mixed, "f")


def test_duplicate_docno_in_a_docset_names_both_places(tmp_path):
    write(tmp_path / "docs" / "d30001t" / "a", APW)
    second = write(tmp_path / "docs" / "d30001t" / "b", "\n\n" + APW)
    with pytest.raises(
        InputFormatError,
        match=rf"{second}, line 3: .*DOCNO not used before in docset D30001.*"
        rf"also .*d30001t/a, line 1",
    ):
        dd.read_documents(tmp_path / "docs")
    # the same DOCNO in two docsets is fine (DUC reuses documents across tasks)
    (tmp_path / "docs" / "d30001t" / "b").unlink()
    write(tmp_path / "docs" / "d30002t" / "a", APW)
    assert list(dd.read_documents(tmp_path / "docs")["instance"]) == ["D30001", "D30002"]


@pytest.mark.parametrize(
    "names, expected",
    [
        (["notadocset"], "a docset directory named d<digits>"),
        (["d30001t", "D30001U"], "one directory per docset"),
    ],
)
def test_bad_directory_layouts(tmp_path, names, expected):
    for n in names:
        write(tmp_path / n / "x", APW)
    with pytest.raises(InputFormatError, match=expected):
        dd.read_documents(tmp_path)
    write(tmp_path / "loose-file", APW)
    with pytest.raises(InputFormatError):
        dd.read_documents(tmp_path)


def test_directory_names_per_year():
    assert dd.parse_docset_directory("d30001t") == ("D30001", "T")
    assert dd.parse_docset_directory("D0601A") == ("D0601", "A")
    assert dd.parse_docset_directory("d188") == ("D188", None)
    assert dd.docset_directory("D30001", "T", 2004) == "d30001t"
    assert dd.docset_directory("D301", "i", 2005) == "d301i"
    assert dd.docset_directory("D0601", "a", 2006) == "D0601A"
    with pytest.raises(ParameterError):
        dd.docset_directory("X1", "T", 2004)


def test_write_then_read_gives_the_same_table(tmp_path):
    frame = pd.DataFrame(
        {
            "instance": ["D30001", "D30001", "D0602"],
            "document": ["NYT1.2", "APW9", "XIE.1"],
            "sentences": [("A & B <c>.", "Second one."), ("Only.",), ("Ünïcode in Latin-1.",)],
            "headline": ["H", None, None],
            "selector": ["T", "T", "B"],
        }
    )
    files = dd.write_documents(frame, tmp_path, 2004)
    assert sorted(p.relative_to(tmp_path).as_posix() for p in files) == [
        "d0602b/XIE.1",
        "d30001t/APW9",
        "d30001t/NYT1.2",
    ]
    back = dd.read_documents(tmp_path)
    assert back[["instance", "document"]].values.tolist() == [
        ["D0602", "XIE.1"],
        ["D30001", "APW9"],
        ["D30001", "NYT1.2"],
    ]
    assert back.set_index("document").loc["NYT1.2", "sentences"] == ("A & B <c>.", "Second one.")
    assert back.set_index("document").loc["NYT1.2", "headline"] == "H"
    assert back.set_index("document").loc["XIE.1", "sentences"] == ("Ünïcode in Latin-1.",)
    assert dd.read_documents(tmp_path, docsets=["D0602"])["document"].tolist() == ["XIE.1"]
    with pytest.raises(ParameterError, match="non-empty sentences"):
        dd.write_documents(frame.assign(sentences=[("",), ("a",), ("b",)]), tmp_path / "x", 2004)


def test_licensed_entry_points_at_a_documents_folder(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "none.yaml"))
    write(tmp_path / "docs" / "d30001t" / "APW19981016.0240", APW)
    monkeypatch.setenv(licensed.env_var("duc2004-docs"), str(tmp_path / "docs"))
    from evalkit.data import datasets

    coll = datasets.load("duc2004-docs", "licensed")
    assert coll.documents["document"].tolist() == ["APW19981016.0240"]
    assert coll.meta["name"] == "duc2004-docs" and coll.meta["docsets"] == 1


def test_simulated_documents_are_what_the_summaries_were_made_from(tmp_path):
    from evalkit.data.simulate import build_sample, load_sample, load_truth

    build_sample(tmp_path, quick=True, corpora=["duc2004"], jobs=1)
    corpus = load_sample("duc2004", root=tmp_path, quick=True)
    truth = load_truth("duc2004", root=tmp_path, quick=True)
    assert (tmp_path / "duc2004" / "docs" / "d30001t" / "D30001.01").is_file()
    # documents read back through the reader = the simulator's document sentences
    sents = truth["sentences"].sort_values(["instance", "document", "sentence"])
    want = {k: tuple(g["text"]) for k, g in sents.groupby(["instance", "document"])}
    got = {
        (i, d): s
        for i, d, s in corpus.documents[["instance", "document", "sentences"]].itertuples(
            index=False
        )
    }
    assert got == want and len(got) == 6 * 6
    # every exact extract is the document sentence it names, word for word
    ex = truth["extracts"]
    summ = {
        (i, s): t
        for i, s, t in corpus.summaries[["instance", "summarizer", "sentences"]].itertuples(
            index=False
        )
    }
    assert len(ex) == sum(len(summ[k]) for k in summ)
    exact = ex[ex["exact"]]
    assert len(exact) > 100
    for r in exact.itertuples(index=False):
        assert (
            summ[(r.instance, r.summarizer)][r.position - 1]
            == got[(r.instance, r.document)][r.sentence - 1]
        )
    # models write, they do not extract; the lead baseline (peer 2) extracts from the last document
    roles = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    assert ex.loc[ex["summarizer"].map(roles) == "model", "document"].isna().all()
    lead = ex[ex["summarizer"] == "2"]
    assert lead["document"].str.endswith(".06").all() and (lead["sentence"] >= 1).all()


def test_entities_written_literally_come_back():
    text = dd.format_document("X1", ["AT&amp;T is a <name> & more."])
    assert "&amp;amp;" in text and "&lt;name&gt;" in text
    assert dd.parse_documents(text, "f")[0].sentences == ("AT&amp;T is a <name> & more.",)


from hypothesis import given  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from test_reliability_fuzz import FUZZ, _check, _file, hostile  # noqa: E402

SPLIT = dd.format_document("X1", ["One sentence .", "Two & more ."], headline="H") + APW


@FUZZ
@given(data=st.data(), which=st.sampled_from(["paragraphs", "sentences"]))
def test_fuzz_document_files(tmp_path_factory, data, which):
    """Hostile input: the reader returns or raises an evalkit error naming the file, in time."""
    seed = APW if which == "paragraphs" else SPLIT
    _check(
        _file(tmp_path_factory, "APW19981016.0240", hostile(data, seed.encode("latin-1"))),
        dd.read_document_file,
    )


def test_tvm_documents_for_each_profile(tmp_path, monkeypatch):
    from evalkit.data.model import SummarizationCorpus
    from evalkit.data.qarla_inputs import source_documents

    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "none.yaml"))
    bare = SummarizationCorpus(
        name="duc2004",
        summaries=pd.DataFrame(
            {"instance": ["D30001"], "summarizer": ["A"], "sentences": [("x .",)]}
        ),
        summarizers=pd.DataFrame({"summarizer": ["A"], "type": ["model"]}),
    )
    assert source_documents(bare, "licensed") == (None, "models")  # duc2004-docs not configured
    write(tmp_path / "docs" / "d30001t" / "APW19981016.0240", APW)
    write(tmp_path / "docs" / "d30002t" / "APW19981016.0241", APW)
    monkeypatch.setenv(licensed.env_var("duc2004-docs"), str(tmp_path / "docs"))
    docs, source = source_documents(bare, "licensed", ["D30001"])
    assert source == "documents" and docs["instance"].tolist() == ["D30001"]
    own = SummarizationCorpus(
        name="x",
        summaries=bare.summaries,
        summarizers=bare.summarizers,
        documents=docs[["instance", "document", "sentences"]],
    )
    assert source_documents(own, "sample")[1] == "documents"
