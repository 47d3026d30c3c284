"""WMT formats: plain text, fake SGML, .scr scores, daRR pairs (fixtures in the documented layouts)."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt

from evalkit.data import wmt
from evalkit.errors import EvalkitError, InputFormatError, ParameterError

# METEOR's published layout (cmu-mtlab/meteor example/meteor-*.scr): tab-separated.
SEG_SCR = (
    "newstest2009\tcmu-combo\tabces/2008/09/29/98610\t1\t0.20350589132853097\n"
    "newstest2009\tcmu-combo\tabces/2008/09/29/98610\t2\t0.12598425196850394\n"
    "newstest2009\tcmu-combo\tihned.cz/2008/09/30/36776\t1\t0.5\n"
)
DOC_SCR = "newstest2009\tcmu-combo\tabces/2008/09/29/98610\t0.21669352111247084\n"
SYS_SCR = "newstest2009\tcmu-combo\t0.299148440516935\n"

FAKE_SGML = """<refset setid="newstest2019" srclang="kk" trglang="en">
<doc sysid="ref" docid="kazakh.1" genre="news" origlang="kk">
<p>
<seg id="1">A mobile surgery unit &amp; more.</seg>
<seg id="2">Second &lt;line&gt; with &quot;quotes&quot;.</seg>
</p>
</doc>
<doc sysid="ref" docid="kazakh.2" genre="news" origlang="kk">
<hl>
<seg id="1">Headline</seg>
</hl>
</doc>
</refset>
"""

DARR = """LP DATA SID BETTER WORSE
kk-en newstest2019 1 CUNI-T2T-transfer-kken.6436 UMD.6736
kk-en newstest2019 3 online-B.0 rug_kken_morfessor.6677
"""


def write(tmp_path, name, text, encoding="utf-8"):
    p = tmp_path / name
    p.write_bytes(text.encode(encoding))
    return p


def test_scr_levels(tmp_path):
    seg = wmt.read_scr(write(tmp_path, "m-seg.scr", SEG_SCR), metric="meteor")
    assert seg.attrs["level"] == "seg" and list(seg.columns) == [
        "setid",
        "system",
        "metric",
        "document",
        "segment",
        "value",
    ]
    assert seg["segment"].tolist() == [1, 2, 1] and seg["value"].iat[0] == 0.20350589132853097
    doc = wmt.read_scr(write(tmp_path, "m-doc.scr", DOC_SCR))
    assert wmt.scr_level(doc) == "doc" and doc["document"].iat[0] == "abces/2008/09/29/98610"
    sys_ = wmt.read_scr(write(tmp_path, "m-sys.scr", SYS_SCR))
    assert wmt.scr_level(sys_) == "sys" and sys_["value"].iat[0] == 0.299148440516935
    # space-separated hand-written files are accepted too
    assert wmt.read_scr(write(tmp_path, "s.scr", "set  sysA  0.5\n"))["system"].tolist() == ["sysA"]


def test_scr_round_trip(tmp_path):
    seg = wmt.read_scr(write(tmp_path, "a.scr", SEG_SCR))
    wmt.write_scr(tmp_path / "b.scr", seg)
    assert (tmp_path / "b.scr").read_text() == SEG_SCR


@pytest.mark.parametrize(
    "text, line, message",
    [
        (
            SEG_SCR + "newstest2009\tcmu-combo\tabces\t0.3\n",
            4,
            r"expected 5 fields like the first line",
        ),
        (
            "newstest2009\tcmu-combo\tdoc\t1\tabc\n",
            1,
            r"expected a number for the score \(last field\), found 'abc'",
        ),
        (
            "newstest2009\tcmu-combo\tdoc\tx1\t0.1\n",
            1,
            r"expected an integer segment id in field 4, found 'x1'",
        ),
        ("a\tb\tc\td\te\tf\t0.1\n", 1, r"expected 3, 4 or 5 fields"),
        (SYS_SCR + SYS_SCR, 2, r"expected one score per"),
        ("s\tsys\tnan\n", 1, r"expected a finite number for the score"),
    ],
)
def test_scr_malformed(tmp_path, text, line, message):
    with pytest.raises(InputFormatError, match=message) as info:
        wmt.read_scr(write(tmp_path, "bad.scr", text))
    assert info.value.line == line and str(info.value).startswith(str(tmp_path / "bad.scr"))


def test_scr_skip_bad_counts(tmp_path):
    df = wmt.read_scr(write(tmp_path, "bad.scr", SEG_SCR + "x\ty\tz\t1\tbad\n"), skip_bad=True)
    assert len(df) == 3 and df.attrs["skipped"] == 1


def test_fake_sgml_read_write(tmp_path):
    s = wmt.read_fake_sgml(write(tmp_path, "ref.sgm", FAKE_SGML))
    assert s.kind == "refset" and s.attrs == {
        "setid": "newstest2019",
        "srclang": "kk",
        "trglang": "en",
    }
    assert s.docs["kazakh.1"] == [
        (1, "A mobile surgery unit & more."),
        (2, 'Second <line> with "quotes".'),
    ]
    assert s.doc_attrs["kazakh.2"] == {"sysid": "ref", "genre": "news", "origlang": "kk"}
    wmt.write_fake_sgml(tmp_path / "out.sgm", s)
    again = wmt.read_fake_sgml(tmp_path / "out.sgm")
    assert again == s


@pytest.mark.parametrize(
    "mutate, line, message",
    [
        (lambda t: t.replace("</refset>\n", ""), 12, r"closing </refset> tag \(file truncated\?\)"),
        (lambda t: t.replace('<seg id="2">', '<seg id="two">'), 5, r'a numeric id="N" on <seg>'),
        (
            lambda t: t.replace("Headline</seg>", "Headline"),
            10,
            r"<seg id=...>text</seg> on one line",
        ),
        (lambda t: t.replace(' setid="newstest2019"', ""), 1, r"a setid"),
        (
            lambda t: t.replace('docid="kazakh.2"', 'docid="kazakh.1"'),
            8,
            r"document 'kazakh.1' repeats",
        ),
        (lambda t: t.replace('<seg id="2">', '<seg id="1">'), 5, r"a segment id not used before"),
        (lambda t: "junk\n" + t, 1, r"<srcset\|refset\|tstset setid=...> first"),
    ],
)
def test_fake_sgml_malformed(tmp_path, mutate, line, message):
    with pytest.raises(InputFormatError, match=message) as info:
        wmt.read_fake_sgml(write(tmp_path, "bad.sgm", mutate(FAKE_SGML)))
    assert info.value.line == line


def test_bad_encoding_names_line(tmp_path):
    p = tmp_path / "latin1.sgm"
    p.write_bytes(FAKE_SGML.replace("Headline", "Caf\u00e9").encode("latin-1"))
    with pytest.raises(InputFormatError, match=r"latin1.sgm, line 10: expected utf-8 text"):
        wmt.read_fake_sgml(p)


def test_darr(tmp_path):
    df = wmt.read_darr(write(tmp_path, "DArr-seglevel.csv", DARR))
    assert df.to_dict("records")[0] == {
        "lp": "kk-en",
        "data": "newstest2019",
        "sid": 1,
        "better": "CUNI-T2T-transfer-kken.6436",
        "worse": "UMD.6736",
    }
    wmt.write_darr(tmp_path / "out.csv", df)
    assert (tmp_path / "out.csv").read_text() == DARR
    with pytest.raises(InputFormatError, match=r"line 2: expected 5 space-separated fields"):
        wmt.read_darr(write(tmp_path, "b.csv", DARR.replace(" UMD.6736", "")))
    with pytest.raises(InputFormatError, match=r"line 1: expected the header"):
        wmt.read_darr(write(tmp_path, "b.csv", DARR.split("\n", 1)[1]))
    with pytest.raises(InputFormatError, match=r"line 3: expected a 1-based segment id"):
        wmt.read_darr(write(tmp_path, "b.csv", DARR.replace(" 3 ", " 0 ")))


def test_plain_corpus(tmp_path):
    wmt.write_plain(tmp_path / "ref", ["a b", "c d", "e"])
    wmt.write_plain(tmp_path / "s1", ["a", "c", "e f"])
    wmt.write_plain(tmp_path / "s2", ["x", "y", "z"])
    (tmp_path / "darr").write_text("LP DATA SID BETTER WORSE\nde-en t 2 s1 s2\n")
    c = wmt.plain_corpus(
        "toy",
        {"ref": tmp_path / "ref"},
        {"s1": tmp_path / "s1", "s2": tmp_path / "s2"},
        darr=tmp_path / "darr",
    )
    assert c.system_output("s2") == ["x", "y", "z"] and c.preferences["segment"].tolist() == [2]
    wmt.write_plain(tmp_path / "short", ["only one"])
    with pytest.raises(
        InputFormatError, match=r"short: expected 3 lines like .*ref, found '1 lines'"
    ):
        wmt.plain_corpus("toy", {"ref": tmp_path / "ref"}, {"s": tmp_path / "short"})
    (tmp_path / "crlf").write_bytes(b"a\r\nb\r\nc\r\n")
    with pytest.raises(InputFormatError, match=r"crlf, line 1: expected \\n line ends"):
        wmt.read_plain(tmp_path / "crlf")
    with pytest.raises(ParameterError, match="line break"):
        wmt.write_plain(tmp_path / "x", ["a\nb"])


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), which=st.sampled_from(["scr", "sgml", "darr"]))
def test_random_corruption_raises_only_evalkit_errors(tmp_path, data, which):
    raw = corrupt(
        data, {"scr": SEG_SCR, "sgml": FAKE_SGML, "darr": DARR}[which].encode(), max_cut=40
    )
    path = tmp_path / f"c.{which}"
    path.write_bytes(bytes(raw))
    reader = {"scr": wmt.read_scr, "sgml": wmt.read_fake_sgml, "darr": wmt.read_darr}[which]
    try:
        reader(path)
    except EvalkitError as exc:
        assert str(path) in str(exc)
