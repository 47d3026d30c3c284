"""Issue 12: hostile, malformed and interrupted inputs to the readers and writers.

Every fixture is written by the test itself. Each test failed before the fix it guards
(the issue's item number is in its name): the readers accepted, mis-paired or silently
dropped data, or let a raw Python exception escape without the file and line.
"""

from __future__ import annotations

import bz2
import pickle
import struct
from pathlib import Path

import pandas as pd
import pytest

from test_data_tac import tac2008  # noqa: F401  (the TAC 2008 tree fixture)

from evalkit import atomic
from evalkit.cli import main as evalkit_main
from evalkit.data import duc, judgments, nist_sgml, pyramid, safe_pickle, tac, wmt
from evalkit.errors import InputFormatError, ParameterError
from evalkit.metrics import rouge_formats


def put(path: Path, text, encoding="utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode(encoding))
    return path


def sgml(kind: str, docs, sysid: str = "s1") -> str:
    """An mteval SGML set: ``docs`` = [(docid, [(segid, text)])]."""
    trg = "" if kind == "srcset" else ' trglang="en"'
    out = [f'<{kind} setid="t" srclang="zh"{trg}>']
    for docid, segs in docs:
        out.append(
            f'<doc docid="{docid}"' + ("" if kind == "srcset" else f' sysid="{sysid}"') + ">"
        )
        out += [f'<seg id="{i}"> {t} </seg>' for i, t in segs]
        out.append("</doc>")
    out.append(f"</{kind}>")
    return "\n".join(out) + "\n"


def run_cli(argv, capsys):
    code = evalkit_main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --------------------------------------------------------------------------- item 2
def test_item2_mteval_refuses_segment_ids_that_differ_from_the_reference(tmp_path, capsys):
    ref = put(
        tmp_path / "ref.sgm",
        sgml("refset", [("d1", [(i, f"word{i} here") for i in range(1, 10)])], "r1"),
    )
    ids = list(range(1, 9)) + [999]
    tst = put(tmp_path / "tst.sgm", sgml("tstset", [("d1", [(i, f"word{i} here") for i in ids])]))
    code, out, err = run_cli(["mteval", "-r", str(ref), "-t", str(tst), "--no-timestamps"], capsys)
    assert code == 2, out
    assert "tst.sgm" in err and '"d1"' in err and "999" in err
    with pytest.raises(InputFormatError, match=r'seg id="999"'):
        nist_sgml.check_mt_data(None, nist_sgml.read_nist(ref), nist_sgml.read_nist(tst))


def test_item2_segments_pair_by_id_not_position(tmp_path):
    """Same ids in another file order pair by id (the reader sorts; the check compares ids)."""
    ref = put(tmp_path / "ref.sgm", sgml("refset", [("d1", [(2, "b b"), (1, "a a")])], "r1"))
    tst = put(tmp_path / "tst.sgm", sgml("tstset", [("d1", [(1, "a a"), (2, "b b")])]))
    keys, hyps, streams = nist_sgml.aligned_segments(
        None, nist_sgml.read_nist(ref), nist_sgml.read_nist(tst)
    )
    assert keys == [("d1", 1), ("d1", 2)] and hyps == streams[0] == ["a a", "b b"]


@pytest.mark.parametrize("which", ["tst", "ref"])
def test_item2_mteval_refuses_empty_sets(tmp_path, capsys, which):
    full = {
        "ref": sgml("refset", [("d1", [(1, "a b")])], "r1"),
        "tst": sgml("tstset", [("d1", [(1, "a b")])]),
    }
    full[which] = sgml("tstset" if which == "tst" else "refset", [])
    ref, tst = put(tmp_path / "ref.sgm", full["ref"]), put(tmp_path / "tst.sgm", full["tst"])
    code, out, err = run_cli(["mteval", "-r", str(ref), "-t", str(tst)], capsys)
    assert code == 2 and "0 systems" not in out
    assert f"{which}.sgm, line 1: expected at least one <doc> with a <seg>" in err


# --------------------------------------------------------------------------- item 3
def _small_evaluation(directory: Path) -> Path:
    corpus = wmt.plain_corpus(
        "ev",
        {"r1": put(directory / "r.txt", "a b\nc d\n")},
        {"s1": put(directory / "s.txt", "a b\nc e\n")},
    )
    return judgments.write_mt_evaluation(corpus, directory / "ev")


def test_item3_relative_evaluation_yaml_path(tmp_path, monkeypatch):
    _small_evaluation(tmp_path)
    monkeypatch.chdir(tmp_path)
    corpus = judgments.read_mt_evaluation("ev/evaluation.yaml")
    assert list(corpus.outputs["text"]) == ["a b", "c e"]


def test_item3_relative_evaluation_yaml_through_the_licensed_configuration(tmp_path, monkeypatch):
    from evalkit.data import licensed

    _small_evaluation(tmp_path)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv(licensed.env_var("mtc4"), "ev/evaluation.yaml")
    spec = licensed.require(
        "mtc4"
    )  # was: DataNotConfiguredError (looked in ev/ev/), notebook skipped
    assert spec["references"][0] == Path("ev") / "references.sgm"
    assert len(licensed.load("mtc4").outputs) == 2


# --------------------------------------------------------------------------- item 4
def _pyramid_with_regex(pattern: str, line: str) -> str:
    return (
        f'<?xml version="1.0"?>\n<pyramid>\n<startDocumentRegEx><![CDATA[{pattern}]]></startDocumentRegEx>\n'
        f"<text><line>{line}</line></text>\n</pyramid>\n"
    )


@pytest.mark.parametrize("pattern", [r"(a|aa)+$", r"(a+)+$"])
def test_item4_hostile_header_regex_is_bounded(tmp_path, pattern):
    path = put(tmp_path / "D0801-A.pyr", _pyramid_with_regex(pattern, "a" * 40 + "!"))
    with pytest.raises(InputFormatError, match="startDocumentRegEx") as info:
        pyramid.read_pyramid(path)
    assert str(path) in str(info.value)


def test_item4_overlong_header_regex(tmp_path):
    path = put(tmp_path / "D0801-A.pyr", _pyramid_with_regex("a" * 5000, "x"))
    with pytest.raises(InputFormatError, match=r"at most 1000 characters"):
        pyramid.read_pyramid(path)


# --------------------------------------------------------------------------- item 5
def _duc2004_see(quality: str = "2", coverage: str = "0.4") -> str:
    header = "".join(f"header line {i}\n" for i in range(34))
    cols = (
        ["d30001t", "x", "x", "x", "x", "x", "x", "3"]
        + [quality]
        + ["1"] * 6
        + ["0", "5", "3", "2", "6", coverage, "0.4", "0.1"]
    )
    return header + " ".join(cols) + "\n"


@pytest.mark.parametrize(
    "quality,coverage,message",
    [
        ("99", "0.4", r"an integer from 1 to 5 for quality_q1"),
        ("-3", "0.4", r"an integer from 1 to 5 for quality_q1"),
        ("2.5", "0.4", r"an integer from 1 to 5 for quality_q1"),
        ("2", "7.5", r"a number from 0 to 1 for coverage"),
    ],
)
def test_item5_duc_see_scales(tmp_path, quality, coverage, message):
    path = put(tmp_path / "short.results.table2", _duc2004_see(quality, coverage), "latin-1")
    with pytest.raises(InputFormatError, match=message) as info:
        duc.read_table(path, "duc2004-see")
    assert info.value.line == 35 and str(path) in str(info.value)
    assert len(duc.read_table(put(tmp_path / "ok", _duc2004_see(), "latin-1"), "duc2004-see")) == 15


def test_item5_tac_responsiveness_and_pyramid_scales(tmp_path):
    row = "D0801-A 1 0.500 4 0 0.480 0.470 3 {or}\n"
    with pytest.raises(
        InputFormatError,
        match=r"line 1: expected an integer from 1 to 5 for overall_responsiveness",
    ):
        duc.read_table(
            put(tmp_path / "p", row.format(**{"or": 9})), tac.TABLES["tac2008-manual.peer"]
        )
    # TAC 2009 scored overall responsiveness on 1-10: 9 is valid there
    row09 = "D0901-A 1 0.500 4 0 x x 0.470 3 9\n"
    assert len(duc.read_table(put(tmp_path / "p9", row09), tac.TABLES["tac2009-manual.peer"])) == 6
    with pytest.raises(InputFormatError, match=r"from 1 to 5 for overall_responsiveness"):
        duc.read_table(put(tmp_path / "p10", row09), tac.TABLES["tac2010-manual.peer"])
    with pytest.raises(
        InputFormatError, match=r"line 1: expected a number >= 0 for pyramid_modified"
    ):
        duc.read_table(put(tmp_path / "m", "D0631 12 -0.2 5 0\n"), "duc2006-pyramid")
    # the modified score exceeds 1 when a summary has more SCUs than the models' mean (OD11)
    assert (
        duc.read_table(put(tmp_path / "m2", "D0631 12 1.07 5 0\n"), "duc2006-pyramid")["value"].iat[
            0
        ]
        == 1.07
    )
    # the original pyramid score (DUC 2005) cannot
    with pytest.raises(
        InputFormatError, match=r"line 1: expected a number from 0 to 1 for pyramid "
    ):
        duc.read_table(put(tmp_path / "m3", "d301 12 1.7 0.5 5 0\n"), "duc2005-pyramid")
    with pytest.raises(
        InputFormatError, match=r"line 1: expected a number from 0 to 1 for ROUGE/BE R"
    ):
        tac.read_rouge_output(
            put(tmp_path / "r", "1 ROUGE-2 Eval D0801-A.M.100.A.1 R:1.5 P:0.1 F:0.1\n")
        )


@pytest.mark.parametrize("value", ["7", "-2", "0"])
def test_item5_mt_adequacy_scale(tmp_path, value):
    path = put(
        tmp_path / "a.csv",
        f"document,segment,system,judge,adequacy,fluency\nd1,1,s1,j1,{value},3\n",
    )
    with pytest.raises(
        InputFormatError, match=r"line 2: expected a number from 1 to 5 for adequacy"
    ):
        judgments.read_assessments_csv(path)


def test_item5_writers_refuse_what_the_readers_refuse(tmp_path):
    bad = pd.DataFrame(
        {
            "document": ["d"],
            "segment": [1],
            "system": ["s"],
            "judgment": ["adequacy"],
            "value": [7.0],
            "judge": ["j"],
        }
    )
    with pytest.raises(ParameterError, match="from 1 to 5 for adequacy"):
        judgments.write_assessments_csv(tmp_path / "a.csv", bad)
    j = pd.DataFrame(
        {
            "instance": ["D0631"],
            "summarizer": ["12"],
            "judgment": ["pyramid_modified"],
            "value": [-1.0],
        }
    )
    with pytest.raises(ParameterError, match=">= 0"):
        duc.write_table(tmp_path / "t", "duc2006-pyramid", j)


# --------------------------------------------------------------------------- item 6
def test_item6_trailing_garbage_after_the_set_is_refused(tmp_path):
    text = sgml("tstset", [("d1", [(1, "a b")])]) + "<a" * 40000
    with pytest.raises(InputFormatError, match=r"line 6: expected nothing after </tstset>"):
        nist_sgml.read_nist(put(tmp_path / "t.sgm", text))
    with pytest.raises(InputFormatError, match=r"expected nothing after </tstset>"):
        nist_sgml.read_nist(
            put(tmp_path / "u.sgm", sgml("tstset", [("d1", [(1, "a b")])]) + "junk\n")
        )


def test_item6_stray_angle_brackets_cannot_swallow_tags(tmp_path):
    """A stray "<a" inside a document once matched up to the next ">" -- here the
    </tstset> -- so the closing tag disappeared; now it is refused where it stands."""
    text = (
        '<tstset setid="t" srclang="zh" trglang="en">\n<doc docid="d1" sysid="s1">\n'
        '<seg id="1"> x </seg>\n</doc>\n<a <a\n</tstset>\n'
    )
    with pytest.raises(InputFormatError, match=r"line 5: expected a complete tag"):
        nist_sgml.read_nist(put(tmp_path / "t.sgm", text))
    # inside a segment "<" is text, as before
    ok = text.replace("<a <a\n", "").replace("> x <", "> x < y <")
    assert nist_sgml.read_nist(put(tmp_path / "u.sgm", ok)).docs[0].segments[0].text == "x < y"


# --------------------------------------------------------------------------- item 7
def test_item7_unicode_digits_are_format_errors(tmp_path):
    header = "".join(f"h{i}\n" for i in range(37))
    row = (
        ["d061j", "P", "AP880911-0016", "\u00b2"]
        + ["x"] * 4
        + ["1"]
        + ["x"]
        + ["1"] * 12
        + ["0"] * 11
    )
    with pytest.raises(InputFormatError, match=r"line 38: expected a length in column 3"):
        duc.read_table(
            put(tmp_path / "see", header + " ".join(row) + "\n", "utf-8"),
            "duc2002-see",
            encoding="utf-8",
        )
    with pytest.raises(InputFormatError, match=r"line 2: expected a 1-based integer segment id"):
        judgments.read_assessments_csv(
            put(tmp_path / "a.csv", "document,segment,system,judge,adequacy\nd,\u00b2,s,j,3\n")
        )
    with pytest.raises(InputFormatError, match=r"line 1: expected an integer segment id"):
        wmt.read_scr(put(tmp_path / "x.scr", "t\ts1\td1\t\u00b2\t0.5\n"))
    with pytest.raises(InputFormatError, match=r"line 2: expected a 1-based segment id"):
        wmt.read_darr(
            put(tmp_path / "d.csv", "LP DATA SID BETTER WORSE\nkk-en newstest2019 \u00b2 a b\n")
        )
    fake = '<tstset setid="t">\n<doc docid="d">\n<seg id="\u00b2">x</seg>\n</doc>\n</tstset>\n'
    with pytest.raises(InputFormatError, match=r"line 3: expected a numeric id"):
        wmt.read_fake_sgml(put(tmp_path / "f.sgm", fake))
    with pytest.raises(
        InputFormatError, match=r"a numeric segment id"
    ):  # int() took Arabic-Indic digits
        nist_sgml.read_nist(put(tmp_path / "n.sgm", sgml("tstset", [("d1", [("\u0661", "x")])])))
    with pytest.raises(InputFormatError, match=r"a number for adequacy"):  # float() took them too
        judgments.read_assessments_csv(
            put(tmp_path / "b.csv", "document,segment,system,judge,adequacy\nd,1,s,j,\u0663\n")
        )


# --------------------------------------------------------------------------- item 8
def test_item8_nested_xml_seg_is_refused(tmp_path):
    text = (
        '<?xml version="1.0"?>\n<mteval><tstset setid="t" srclang="zh" trglang="en" sysid="s">\n'
        '<doc docid="d"><seg id="1">outer <seg id="2">inner</seg> tail</seg></doc>\n</tstset></mteval>\n'
    )
    with pytest.raises(
        InputFormatError, match=r"line 3: expected </seg> closing the segment of line 3"
    ):
        nist_sgml.read_nist(put(tmp_path / "t.xml", text))


def test_item8_two_segments_on_one_fake_sgml_line(tmp_path):
    text = '<tstset setid="t">\n<doc docid="d">\n<seg id="1">a</seg><seg id="2">b</seg>\n</doc>\n</tstset>\n'
    with pytest.raises(InputFormatError, match=r"line 3: expected one <seg>...</seg> per line"):
        wmt.read_fake_sgml(put(tmp_path / "f.sgm", text))


def test_item8_byte_order_marks_are_not_text(tmp_path):
    assert wmt.read_plain(put(tmp_path / "p.txt", b"\xef\xbb\xbfHello\nworld\n")) == [
        "Hello",
        "world",
    ]
    df = wmt.read_scr(put(tmp_path / "s.scr", b"\xef\xbb\xbfnewstest\tsys1\t0.5\n"))
    assert df["setid"].tolist() == ["newstest"]
    path = put(
        tmp_path / "a.csv", b"\xef\xbb\xbfdocument,segment,system,judge,adequacy\nd,1,s,j,3\n"
    )
    assert judgments.read_assessments_csv(path)["document"].tolist() == ["d"]


def test_item8_nul_bytes_are_refused(tmp_path):
    with pytest.raises(InputFormatError, match=r"line 2: expected text without NUL bytes"):
        wmt.read_plain(put(tmp_path / "p.txt", b"a\nb\x00c\n"))
    with pytest.raises(InputFormatError, match=r"line 1: expected text without NUL bytes"):
        duc.read_summary(put(tmp_path / "D30001.M.100.T.1", b"a\x00b\n"))
    with pytest.raises(InputFormatError, match=r"expected text without NUL bytes"):
        nist_sgml.read_nist(put(tmp_path / "n.sgm", sgml("tstset", [("d1", [(1, "x\x00")])])))


def test_item8_duplicate_aesop_rows_are_refused(tmp_path):
    text = "Peer Docset run1\nP1 D01 0.5\nP2 D01 0.25\nP1 D01 0.75\n"
    with pytest.raises(
        InputFormatError, match=r"line 4: expected one row per peer and docset .*line 2"
    ):
        tac.read_aesop(put(tmp_path / "aesop_allpeers_A", text), 2009, "A")


def test_item8_write_nist_never_writes_what_its_reader_refuses(tmp_path):
    nset = nist_sgml.nist_set_from_segments("tstset", "t", "zh", "en", "s", [("d", ["a </seg> b"])])
    with pytest.raises(ParameterError, match="without <seg>/</seg>"):
        nist_sgml.write_nist(nset, tmp_path / "t.sgm")
    nist_sgml.write_nist(nset, tmp_path / "t.xml")  # XML escapes it
    assert nist_sgml.read_nist(tmp_path / "t.xml").docs[0].segments[0].text == "a </seg> b"


def _failing_replace(src, dst):
    raise OSError("disk full (simulated)")


def _no_raise():
    import contextlib

    return contextlib.nullcontext()


@pytest.mark.parametrize("writer", ["sgml", "scr", "rouge-config"])
def test_item8_writes_are_atomic(tmp_path, monkeypatch, writer, capsys):
    """An interrupted write leaves the old file whole (it used to be truncated in place)."""
    target = {
        "sgml": tmp_path / "t.sgm",
        "scr": tmp_path / "scr" / "BLEU-sys.scr",
        "rouge-config": tmp_path / "c.xml",
    }[writer]
    put(target, "old contents\n")
    monkeypatch.setattr(atomic.os, "replace", _failing_replace)
    if writer == "scr":  # the command reports the failed write (exit 2), no traceback
        ref = put(tmp_path / "ref.sgm", sgml("refset", [("d1", [(1, "a b")])], "r1"))
        tst = put(tmp_path / "tst.sgm", sgml("tstset", [("d1", [(1, "a b")])]))
        args = ["mteval", "-r", str(ref), "-t", str(tst), "--metricsMATR", "-o", str(target.parent)]
        assert evalkit_main(args) == 2
        assert "simulated" in capsys.readouterr().err
    with pytest.raises(OSError, match="simulated") if writer != "scr" else _no_raise():
        if writer == "sgml":
            nist_sgml.write_nist(
                nist_sgml.nist_set_from_segments("tstset", "t", "zh", "en", "s", [("d", ["x"])]),
                target,
            )
        elif writer == "rouge-config":
            rouge_formats.write_xml_config(
                str(target), [("1", "p", "m", {"A": "a.spl"}, [("B", "b.spl")])]
            )
    assert target.read_text() == "old contents\n"
    assert [p.name for p in target.parent.iterdir() if p.name.endswith(".part")] == []


# --------------------------------------------------------------------------- item 9
def test_item9_duplicate_table_rows_name_file_and_line(tmp_path):
    text = "".join(f"h{i}\n" for i in range(6)) + "D0601 x x 12 4\nD0601 x x 12 5\n"
    with pytest.raises(
        InputFormatError, match=r"line 8: expected one row per summary \(also on line 7\)"
    ):
        duc.read_table(put(tmp_path / "content.table", text), "duc2006-content-responsiveness")


def test_item9_annotation_of_an_unknown_peer(tac2008):  # noqa: F811
    src = tac2008 / "manual/peers/D0801-A.M.100.A.1"
    put(tac2008 / "manual/peers/D0801-A.M.100.A.9", src.read_bytes())
    with pytest.raises(
        InputFormatError, match=r"D0801-A.M.100.A.9: expected a peer annotation of a peer summary"
    ):
        tac.read_corpus(tac2008, 2008)


def test_item9_darr_unknown_system_names_file_and_line(tmp_path):
    ref, sys1 = put(tmp_path / "r.txt", "a\nb\n"), put(tmp_path / "s.txt", "a\nc\n")
    darr = put(tmp_path / "d.csv", "LP DATA SID BETTER WORSE\nkk-en n 1 s1 s1x\n")
    with pytest.raises(
        InputFormatError, match=r"d.csv, line 2: expected systems among \['s1'\], found 's1x'"
    ):
        wmt.plain_corpus("x", {"r": ref}, {"s1": sys1}, darr=darr)


@pytest.mark.parametrize(
    "reader", [wmt.read_plain, wmt.read_scr, wmt.read_darr, wmt.read_fake_sgml]
)
def test_item9_missing_files_are_evalkit_errors(tmp_path, reader):
    with pytest.raises(InputFormatError, match=r"nothing.txt: expected an existing text file"):
        reader(tmp_path / "nothing.txt")
    with pytest.raises(InputFormatError, match=r"not a directory"):
        reader(tmp_path)


def test_item9_scr_dir_that_is_a_file(tmp_path, capsys):
    ref = put(tmp_path / "ref.sgm", sgml("refset", [("d1", [(1, "a b")])], "r1"))
    tst = put(tmp_path / "tst.sgm", sgml("tstset", [("d1", [(1, "a b")])]))
    blocker = put(tmp_path / "scores", "I am a file\n")
    code, out, err = run_cli(
        ["mteval", "-r", str(ref), "-t", str(tst), "--metricsMATR", "--scr-dir", str(blocker)],
        capsys,
    )
    # --scr-dir is the old spelling of -o/--output: the message names the option and the path
    assert code == 2 and "Traceback" not in err and str(blocker) in err
    assert "--output" in err or "--scr-dir" in err


def test_item9_deeply_nested_rouge_config(tmp_path):
    path = put(
        tmp_path / "deep.xml", "<ROUGE_EVAL>" + "<X>" * 1000 + "</X>" * 1000 + "</ROUGE_EVAL>\n"
    )
    with pytest.raises(
        InputFormatError, match=r"deep.xml: expected a ROUGE_EVAL config nested at most"
    ):
        rouge_formats.read_xml_config(str(path))


# --------------------------------------------------------------------------- item 10
def test_item10_decompressed_size_is_capped(monkeypatch):
    blob = bz2.compress(pickle.dumps(b"\0" * (3 << 20), protocol=4))
    assert len(blob) < 4096
    monkeypatch.setattr(safe_pickle, "MAX_DECOMPRESSED_BYTES", 1 << 20)
    with pytest.raises(
        InputFormatError, match=r"a pickle of at most 1048576 bytes when decompressed"
    ):
        safe_pickle.loads(blob, "bomb.pkl.bz2")
    monkeypatch.setattr(safe_pickle, "MAX_DECOMPRESSED_BYTES", 4 << 20)
    assert len(safe_pickle.loads(blob, "ok.pkl.bz2")) == 3 << 20


def test_item10_memo_index_is_bounded():
    data = b"\x80\x02N" + b"r" + struct.pack("<I", 50_000_000) + b"."
    assert len(data) == 9
    with pytest.raises(InputFormatError, match=r"memo index at most 2 .* found '50000000'"):
        safe_pickle.loads(data, "memo.pkl")
    # an ordinary pickle with a shared object still loads (memo index 0 and a GET of it)
    shared = [1, 2]
    assert safe_pickle.loads(pickle.dumps([shared, shared], protocol=2)) == [[1, 2], [1, 2]]
