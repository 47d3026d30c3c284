"""NIST mteval SGML/XML: reading, writing, validation with file and line in every error."""

from __future__ import annotations

import pytest

from evalkit.data.nist_sgml import (
    aligned_segments,
    check_mt_data,
    nist_set_from_segments,
    read_nist,
    write_nist,
)
from evalkit.errors import InputFormatError


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


REF_SGML = """<refset setid="t1" srclang="cz" trglang="en">
<DOC SysID="refA" docID="d2" genre="news">
<p>
<seg id="10"> ten  a </seg>
<seg id=2>two a</seg>
<SEG ID="1"> one   a </SEG>
</p>
</DOC>
<doc sysid="refB" docid="d2">
<seg id="1">one b</seg><seg id="2">two b</seg><seg id="10">ten b</seg>
</doc>
</refset>
"""


def test_read_sgml_case_insensitive_sorted_collapsed(tmp_path):
    s = read_nist(_write(tmp_path, "ref.sgm", REF_SGML))
    assert (s.kind, s.setid, s.srclang, s.trglang) == ("refset", "t1", "cz", "en")
    assert s.systems() == ["refA", "refB"]
    d = s.by_system()["refA"]["d2"]
    assert [x.id for x in d.segments] == [1, 2, 10]
    assert [x.text for x in d.segments] == ["one a", "two a", "ten a"]
    assert d.attrs["genre"] == "news" and d.line == 2


@pytest.mark.parametrize("fmt", ["sgml", "xml"])
def test_round_trip(tmp_path, fmt):
    tst = nist_set_from_segments(
        "tstset",
        "t1",
        "cz",
        "en",
        "sys1",
        [("d1", ['Ça & <va> "bien"', "x"]), ("d2", ["日本語 ."])],
    )
    path = tmp_path / ("t.xml" if fmt == "xml" else "t.sgm")
    write_nist(tst, path)
    back = read_nist(path)
    assert back.docs == tst.docs and back.setid == "t1" and back.systems() == ["sys1"]
    ref = read_nist(_write(tmp_path, "ref.sgm", REF_SGML))
    write_nist(ref, tmp_path / "r.xml")
    assert read_nist(tmp_path / "r.xml").docs == ref.docs


@pytest.mark.parametrize(
    "text, line, fragment",
    [
        (
            '<refset setid="a" srclang="x" trglang="y">\n<doc docid="d">\n<seg id="1">a</seg>\n</doc>\n</refset>',
            2,
            "sysid",
        ),
        (
            '<tstset setid="a" srclang="x" trglang="y">\n<seg id="1">a</seg>\n</tstset>',
            2,
            "inside a <doc>",
        ),
        (
            '<srcset setid="a" srclang="x">\n<doc docid="d">\n<seg id="1">a</seg>\n<seg id="1">b</seg>\n</doc>\n</srcset>',
            4,
            "unique segment ids",
        ),
        (
            '<srcset setid="a" srclang="x">\n<doc docid="d">\n<seg id="one">a</seg>\n</doc>\n</srcset>',
            3,
            "numeric segment id",
        ),
        (
            '<srcset setid="a" srclang="x">\n<doc docid="d">\n<seg id="1">a</seg>\n</srcset>',
            4,
            "</srcset> after",
        ),
        (
            '<srcset setid="a" srclang="x">\n<doc docid="d">\n<seg id="1">a\n</doc>\n</srcset>',
            3,
            "</seg>",
        ),
        ('<tstset setid="a" srclang="x">\n</tstset>', 1, "trglang"),
        ('<srcset setid="a" srclang="x">\n<doc docid="d">\n</doc>\n', 4, "</srcset>"),
    ],
)
def test_sgml_errors_name_file_and_line(tmp_path, text, line, fragment):
    p = _write(tmp_path, "bad.sgm", text)
    with pytest.raises(InputFormatError) as err:
        read_nist(p)
    assert err.value.line == line and err.value.path == str(p)
    assert fragment in str(err.value) and "bad.sgm" in str(err.value)


def test_xml_errors(tmp_path):
    refset = '<mteval>\n<refset setid="a" srclang="x" trglang="y">\n</refset>\n</mteval>'
    tstset = '<tstset setid="a" srclang="x" trglang="y" sysid="s">\n<doc docid="d">\n</tstset>'
    for name, text, what, line in (
        ("r.xml", refset, "refid", 2),
        ("m.xml", f"<mteval>\n{tstset}\n</mteval>", "well-formed", 4),
    ):
        with pytest.raises(InputFormatError, match=what) as err:
            read_nist(_write(tmp_path, name, text))
        assert err.value.line == line


def test_check_mt_data(tmp_path):
    src = nist_set_from_segments(
        "srcset", "t", "cz", None, None, [("d1", ["a", "b"]), ("d2", ["c"])]
    )
    ref = nist_set_from_segments(
        "refset", "t", "cz", "en", "r", [("d1", ["A", "B"]), ("d2", ["C"])]
    )
    tst = nist_set_from_segments(
        "tstset", "t", "cz", "en", "s", [("d2", ["c'"]), ("d1", ["a'", "b'"])]
    )
    for s, name in ((src, "s.sgm"), (ref, "r.sgm"), (tst, "t.sgm")):
        write_nist(s, tmp_path / name)
    src, ref, tst = (read_nist(tmp_path / n) for n in ("s.sgm", "r.sgm", "t.sgm"))
    check_mt_data(src, ref, tst)
    keys, hyps, streams = aligned_segments(src, ref, tst)
    assert (
        keys == [("d1", 1), ("d1", 2), ("d2", 1)]
        and hyps == ["a'", "b'", "c'"]
        and streams == [["A", "B", "C"]]
    )
    bad = nist_set_from_segments("tstset", "t", "cz", "en", "s", [("d1", ["a'"]), ("d2", ["c'"])])
    write_nist(bad, tmp_path / "bad.sgm")
    with pytest.raises(InputFormatError, match="2 segments in document") as err:
        check_mt_data(src, ref, read_nist(tmp_path / "bad.sgm"))
    assert err.value.line == 2 and err.value.path.endswith("bad.sgm")
    other = nist_set_from_segments(
        "tstset", "u", "cz", "en", "s", [("d1", ["a", "b"]), ("d2", ["c"])]
    )
    write_nist(other, tmp_path / "o.sgm")
    with pytest.raises(InputFormatError, match="setid"):
        check_mt_data(src, ref, read_nist(tmp_path / "o.sgm"))
    missing = nist_set_from_segments("tstset", "t", "cz", "en", "s", [("d1", ["a", "b"])])
    write_nist(missing, tmp_path / "m.sgm")
    with pytest.raises(InputFormatError, match='document "d2"'):
        check_mt_data(src, ref, read_nist(tmp_path / "m.sgm"))


@pytest.mark.public
def test_wmt09_sets_match_meteor_scr_keys(data_mirror):
    d = data_mirror / "wmt09-cz-en"
    ref, tst = read_nist(d / "ref.sgm"), read_nist(d / "test.sgm")
    assert (ref.setid, tst.setid, ref.systems(), tst.systems()) == (
        "newstest2009",
        "newstest2009",
        ["ref"],
        ["cmu-combo"],
    )
    assert len(ref.docs) == 111 and ref.n_segments == tst.n_segments == 2525
    keys, hyps, streams = aligned_segments(None, ref, tst)
    scr = [line.split("\t") for line in (d / "meteor-seg.scr").read_text().splitlines()]
    assert sorted(keys) == sorted((row[2], int(row[3])) for row in scr)
