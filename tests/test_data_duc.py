"""DUC readers and writers on fixtures written in the documented layouts (notes C.3)."""

from __future__ import annotations

import string
from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt

from evalkit.data import duc
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import EvalkitError, InputFormatError, ParameterError


def put(path: Path, data, encoding="latin-1") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
    return path


# ------------------------------------------------------------------ names
@pytest.mark.parametrize(
    "name, fields",
    [
        ("D30001.M.100.T.A", ("D30001", None, "M", "100", "T", "A", None)),
        ("D0801-A.M.100.A.3", ("D0801", "A", "M", "100", "A", "3", None)),
        ("D301.M.250.I.A", ("D301", None, "M", "250", "I", "A", None)),
        (
            "D061.M.010.J.B",
            ("D061", None, "M", "010", "J", "B", None),
        ),  # DUC 2002 zero padding kept
        (
            "D30003.P.10.T.12.APW19981016.0240",
            ("D30003", None, "P", "10", "T", "12", "APW19981016.0240"),
        ),
    ],
)
def test_parse_summary_name(name, fields):
    n = duc.parse_summary_name(name)
    assert tuple(n) == fields and n.filename() == name


@pytest.mark.parametrize(
    "name, message",
    [
        (
            "D30001.M.100.T.A1",
            "a summarizer id of letters \\(model\\) or digits \\(peer\\), found 'A1'",
        ),
        ("D30001.X.100.T.A", "DOCSET\\[-G\\].M\\|P.LENGTH"),
        ("D30001.P.100.T.A", "a document id after the summarizer"),
        ("README", "DOCSET"),
    ],
)
def test_bad_summary_names(name, message):
    with pytest.raises(InputFormatError, match=message):
        duc.parse_summary_name(name)


# ------------------------------------------------------------------ bodies and encodings
SEE = (
    '<html>\n<head>\n<title>D30001.M.100.T.A</title>\n</head>\n<body bgcolor="white">\n'
    '<a name="1">[1]</a> <a href="#1" id=1>Cambodian leader Hun Sen &amp; his rival agreed.</a>\n'
    '<a name="2">[2]</a> <a href="#2" id=2>Caf\u00e9 talks   resumed.</a>\n'
    "</body>\n</html>\n"
)


def test_read_summary_plain_see_blank(tmp_path):
    assert duc.read_summary(put(tmp_path / "p", "First sentence.\n\nSecond caf\u00e9.\n")) == (
        "First sentence.",
        "Second caf\u00e9.",
    )
    assert duc.read_summary(put(tmp_path / "s", SEE)) == (
        "Cambodian leader Hun Sen & his rival agreed.",
        "Caf\u00e9 talks resumed.",
    )
    assert duc.read_summary(put(tmp_path / "D0805-A.M.100.A.5", b"")) == ()
    duc.write_summary(tmp_path / "w", ("A & B <c>.", "Caf\u00e9."), fmt="see")
    assert duc.read_summary(tmp_path / "w") == ("A & B <c>.", "Caf\u00e9.")


def test_see_errors(tmp_path):
    with pytest.raises(InputFormatError, match=r"ending with </html> \(file truncated\?\)"):
        duc.read_summary(put(tmp_path / "t", SEE[:150]))
    with pytest.raises(InputFormatError, match=r"line 7: expected sentence anchors numbered 1, 2"):
        duc.read_summary(put(tmp_path / "n", SEE.replace('href="#2" id=2', 'href="#3" id=3')))


def test_encoding_assumption_and_mistakes(tmp_path):
    latin = put(tmp_path / "l", "ok\nna\u00efve caf\u00e9\n")
    assert duc.read_summary(latin) == ("ok", "na\u00efve caf\u00e9")
    utf8 = put(tmp_path / "u", "ok\nna\u00efve\n", encoding="utf-8")
    with pytest.raises(
        InputFormatError,
        match=r"u, line 2: expected Latin-1 text .*UTF-8 byte sequence.*encoding='utf-8'",
    ):
        duc.read_summary(utf8)
    assert duc.read_summary(utf8, encoding="utf-8") == ("ok", "na\u00efve")
    assert duc.read_summary(utf8, encoding="auto") == ("ok", "na\u00efve")
    cp = put(tmp_path / "c", b"ok\nok\n\x93quoted\x94\n")
    with pytest.raises(
        InputFormatError, match=r"c, line 3: .*Windows-1252 character; pass encoding='cp1252'"
    ):
        duc.read_summary(cp)
    assert duc.read_summary(cp, encoding="auto") == ("ok", "ok", "\u201cquoted\u201d")
    with pytest.raises(InputFormatError, match=r"l, line 2: expected utf-8 text"):
        duc.read_summary(latin, encoding="utf-8")
    with pytest.raises(ParameterError, match="encodable as latin-1"):
        duc.write_summary(tmp_path / "x", ("\u201cno\u201d",))
    with pytest.raises(ParameterError, match="Latin-1 text the reader accepts .*UTF-8"):
        duc.write_summary(tmp_path / "x", ("\u00c3\u00a9",))  # would read back as a UTF-8 mistake


def test_read_summaries_directory(tmp_path):
    put(tmp_path / "models/D30001.M.100.T.A", "Model one.\n")
    put(tmp_path / "models/D30001.M.100.T.B", "Model two.\n")
    put(tmp_path / "peers/D30001.M.100.T.12", "")
    put(tmp_path / "peers/D30002.M.100.U.12", "Peer.\n")
    inst, summ, summaries, skipped = duc.read_summaries([tmp_path / "models", tmp_path / "peers"])
    assert inst["instance"].tolist() == ["D30001", "D30002"] and inst["selector"].tolist() == [
        "T",
        "U",
    ]
    assert summ.to_dict("list") == {
        "summarizer": ["A", "B", "12"],
        "type": ["model", "model", "peer"],
    }
    assert summaries.set_index(["instance", "summarizer"])["sentences"][("D30001", "12")] == ()
    put(tmp_path / "peers/D30002.M.100.U.x1", "bad id\n")
    with pytest.raises(
        InputFormatError, match=r"D30002.M.100.U.x1: expected a summarizer id of letters"
    ):
        duc.read_summaries(tmp_path / "peers")
    assert duc.read_summaries(tmp_path / "peers", skip_bad=True)[3] == 1


# ------------------------------------------------------------------ judgment tables
def see2004_row(docset, summ, q, units, cov):
    """23 columns: 0 docset, 1-6 other fields, 7 summarizer, 8-14 Q1-Q7, 15-19 units, 20-22
    coverage (``q``, ``units``, ``cov``: space-separated)."""
    fields = [docset, "M", "665", "T", "1", "-", "x", summ]
    return " ".join(fields + q.split() + units.split() + cov.split())


SEE2004 = (
    "\n".join(
        [f"SEE results header line {i}" for i in range(1, 35)]
        + [
            see2004_row("d30001t", "12", "1 2 3 4 1 2 3", "0.5 5 3 2 7", "0.40 0.40 0.00"),
            see2004_row("d30001t", "A", "1 1 1 1 1 1 1", "0.0 6 6 0 7", "0.90 0.90 0.10"),
            see2004_row("d30002u", "12", "2 - 2 2 2 2 2", "0.0 4 1 3 6", "0.20 0.20 0.00"),
        ]
    )
    + "\n"
)
RESP2004 = (
    "\n".join([f"header {i}" for i in range(1, 8)] + ["d30001t M 665 12 3", "d30002u M 665 12 1"])
    + "\n"
)


@pytest.fixture()
def duc2004_tree(tmp_path):
    root = tmp_path / "duc2004_results"
    for docset, sel in (("D30001", "T"), ("D30002", "U")):
        put(
            root / f"ROUGE/models/{docset}.M.100.{sel}.A",
            f"Model summary of {docset}.\nSecond line.\n",
        )
        put(root / f"ROUGE/peers/{docset}.M.100.{sel}.12", f"Peer summary of {docset}.\n")
    put(root / "SEE/short.results.table2", SEE2004)
    put(root / "Responsiveness/results.table.R", RESP2004)
    return root


def test_duc2004_tables(duc2004_tree):
    c = duc.read_corpus(duc2004_tree, 2004)
    j = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    assert j[("D30001", "12", "quality_q3")] == 3 and j[("D30001", "12", "coverage")] == 0.40
    assert j[("D30001", "A", "num_model_units")] == 7 and j[("D30002", "12", "responsiveness")] == 1
    assert ("D30002", "12", "quality_q2") not in j.index  # "-" = missing, reported
    assert c.meta["missing_values"]["SEE/short.results.table2"] == 1
    assert c.meta["tables_missing"] == []


@pytest.mark.parametrize(
    "mutate, line, message",
    [
        # one header line too few: the last header line is read as a row
        (
            lambda t: t.split("\n", 1)[1],
            34,
            r"expected 34 header lines before the data .*found 'a data row",
        ),
        # one header line too many: read as a row
        (lambda t: "extra\n" + t, 35, r"expected 23 columns \(DUC 2004 SEE.*found '5 columns"),
        (
            lambda t: t.replace(" 0.40 0.40 0.00", " 0.40 0.40"),
            35,
            r"expected 23 columns.*found '22 columns",
        ),
        (
            lambda t: t.replace("d30002u", "d30009u"),
            37,
            r"expected a docset/document with summaries in the corpus, found 'd30009u'",
        ),
        (
            lambda t: t.replace("x A 1 1 1", "x B 1 1 1"),
            36,
            r"a judgment for a summary in the corpus \(no summary file\), found 'D30001 B'",
        ),
        (
            lambda t: t.replace("0.5 5 3 2 7", "0.5 five 3 2 7"),
            35,
            r"a number for column 16, found 'five'",
        ),
        (lambda t: t.replace("x 12 1 2", "x P12 1 2"), 35, r"a summarizer id of letters"),
    ],
)
def test_duc2004_see_malformed(duc2004_tree, mutate, line, message):
    put(duc2004_tree / "SEE/short.results.table2", mutate(SEE2004))
    with pytest.raises(InputFormatError, match=message) as info:
        duc.read_corpus(duc2004_tree, 2004)
    assert info.value.line == line and "short.results.table2" in str(info.value)


def test_skip_bad_rows_are_counted(duc2004_tree):
    put(duc2004_tree / "SEE/short.results.table2", SEE2004.replace("d30002u", "d30009u"))
    c = duc.read_corpus(duc2004_tree, 2004, skip_bad=True)
    assert c.meta["skipped"]["SEE/short.results.table2"] == 1


def see2002_row(docset, kind, docid, length, summ, values):
    # 33 columns: 0 docset, 1 M/P, 2 doc id, 3 length (zero padded), 4-7 other, 8 summarizer, 9 other,
    # 10-21 Q1-Q12, 22-26 units, 27-29 coverage, 30-32 length-adjusted coverage
    return " ".join([docset, kind, docid, length, "a", "b", "c", "d", summ, "e", *values])


def test_duc2002_zero_padded_lengths_and_single_doc(tmp_path):
    root = tmp_path / "duc2002"
    for length in ("010", "050"):
        put(root / f"ROUGE/models/D061.M.{length}.J.A", "Model.\n")
        put(root / f"ROUGE/peers/D061.M.{length}.J.19", "Peer.\n")
    put(root / "ROUGE/peers/D061.P.100.J.19.AP880911-0016", "Single doc peer.\n")
    qs = [str(i % 4) for i in range(12)]
    vals = qs + ["0.1", "4", "2", "2", "5", "0.3", "0.3", "0.0", "0.25", "0.25", "0.0"]
    table = (
        "\n".join(
            [f"h{i}" for i in range(37)]
            + [
                see2002_row("d061j", "M", "-", "010", "19", vals),
                see2002_row("d061j", "M", "-", "050", "19", vals[:-3] + ["0.5", "0.5", "0.0"]),
                see2002_row("d061j", "P", "AP880911-0016", "100", "19", vals),
            ]
        )
        + "\n"
    )
    put(root / "SEE/short.results.table", table)
    c = duc.read_corpus(root, 2002)
    assert sorted(c.instances["instance"]) == ["D061.010", "D061.050", "D061.AP880911-0016.100"]
    j = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    assert j[("D061.050", "19", "length_adjusted_coverage")] == 0.5
    assert j[("D061.010", "19", "length_adjusted_coverage")] == 0.25
    assert j[("D061.AP880911-0016.100", "19", "quality_q2")] == 1


def test_duc2003_usefulness_docid_without_period(tmp_path):
    put(tmp_path / "p/D30003.P.10.T.12.APW19981016.0240", "Headline.\n")
    inst, summ, summaries, _ = duc.read_summaries(tmp_path / "p")
    put(tmp_path / "u.table", "x APW199810160240 y 12 z 3 w 4\n")
    df = duc.read_table(
        tmp_path / "u.table",
        "duc2003-usefulness",
        index=duc.InstanceIndex(inst),
        summaries=zip(summaries["instance"], summaries["summarizer"]),
    )
    assert df[["instance", "judgment", "value", "assessor"]].values.tolist() == [
        ["D30003.APW19981016.0240", "usefulness", 3.0, "1"],
        ["D30003.APW19981016.0240", "usefulness", 4.0, "2"],
    ]


def test_duc2005_pans_and_linguistic_quality(tmp_path):
    put(tmp_path / "pans.txt", "301 12 0.25 0.5 3 1\n")
    df = duc.read_table(tmp_path / "pans.txt", "duc2005-pyramid")
    assert df.set_index("judgment")["value"].to_dict() == {
        "pyramid": 0.25,
        "pyramid_modified": 0.5,
        "num_scus": 3.0,
        "num_repetitions": 1.0,
    }
    assert set(df["instance"]) == {"d301"}
    lq = "\n".join([f"h{i}" for i in range(7)] + ["D301 x y 12 1 4", "D301 x y 12 5 2"]) + "\n"
    put(tmp_path / "lq", lq)
    df = duc.read_table(tmp_path / "lq", "duc2005-linguistic-quality")
    assert df[["judgment", "value"]].values.tolist() == [
        ["linguistic_quality_q1", 4.0],
        ["linguistic_quality_q5", 2.0],
    ]


# ------------------------------------------------------------------ round trips
# Printable ASCII and Latin-1 letters that cannot pair into UTF-8 sequences (see the encoding test).
latin_text = (
    st.text(
        alphabet=st.sampled_from(
            string.ascii_letters
            + string.digits
            + " .,;'\"&<>-()\u00e9\u00ef\u00fc\u00df\u00f1\u00c9"
        ),
        min_size=1,
        max_size=20,
    )
    .map(lambda s: " ".join(s.split()))
    .filter(bool)
)


@st.composite
def duc_corpora(draw, year):
    n_inst = draw(st.integers(1, 3))
    insts = [f"D3{i:04d}" for i in range(1, n_inst + 1)]
    sel = [draw(st.sampled_from("TUVW")) for _ in insts]
    summarizers = ["A", "B"] + [
        str(k) for k in draw(st.lists(st.integers(1, 99), min_size=1, max_size=3, unique=True))
    ]
    rows = [
        (i, s, tuple(draw(st.lists(latin_text, max_size=3)))) for i in insts for s in summarizers
    ]
    tables = duc.LAYOUTS[f"duc{year}"].tables
    j = []
    for key in tables:
        spec = duc.TABLES[key]
        names = list(spec.widths[spec.max_width])
        for i in insts:
            for s in summarizers[2:]:
                for name in draw(st.lists(st.sampled_from(names), unique=True, max_size=3)):
                    judgment, assessor = spec.assessor.get(name, (name, None))
                    if spec.question:
                        judgment += f"_q{draw(st.integers(1, 7))}"
                    low, high, integer = spec.scale(name) or (None, None, False)
                    low = -1e3 if low is None else low
                    high = 1e3 if high is None else high
                    if name in spec.int_values or integer:
                        value = float(draw(st.integers(max(0, int(low)), min(5, int(high)))))
                    else:  # any value on the column's documented scale
                        value = draw(st.floats(low, high, allow_nan=False))
                    j.append((i, s, judgment, value, assessor))
    with_assessor = any(duc.TABLES[k].assessor for k in tables)
    cols = ["instance", "summarizer", "judgment", "value", "assessor"]
    jdf = pd.DataFrame(j, columns=cols).drop_duplicates(cols[:3] + cols[4:])
    if not with_assessor:
        jdf = jdf.drop(columns="assessor")
    return SummarizationCorpus(
        name="x",
        instances=pd.DataFrame(
            {"instance": insts, "docset": insts, "kind": "M", "length": "100", "selector": sel}
        ),
        summarizers=pd.DataFrame(
            {"summarizer": summarizers, "type": ["model"] * 2 + ["peer"] * (len(summarizers) - 2)}
        ),
        summaries=pd.DataFrame(rows, columns=["instance", "summarizer", "sentences"]),
        judgments=jdf if len(jdf) else None,
    )


@pytest.mark.parametrize("year", [2002, 2003, 2004, 2005, 2006, 2007])
def test_write_read_round_trip(tmp_path_factory, year):
    @settings(
        max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
    )
    @given(corpus=duc_corpora(year))
    def check(corpus):
        root = tmp_path_factory.mktemp(f"duc{year}")
        duc.write_corpus(corpus, root, year)
        back = duc.read_corpus(root, year)
        key = ["instance", "summarizer"]
        a = corpus.summaries.sort_values(key).reset_index(drop=True)
        b = back.summaries.sort_values(key).reset_index(drop=True)
        pd.testing.assert_frame_equal(a, b)
        cols = [c for c in corpus.judgments.columns if c in back.judgments.columns]
        # an assessor column holding no assessor at all is not written anywhere
        assert all(
            corpus.judgments[c].isna().all() for c in corpus.judgments.columns if c not in cols
        )
        jk = key + ["judgment"] + (["assessor"] if "assessor" in cols else [])
        a = corpus.judgments[cols].sort_values(jk).reset_index(drop=True)
        b = back.judgments[cols].sort_values(jk).reset_index(drop=True)
        pd.testing.assert_frame_equal(a, b, check_exact=True)

    check()


#: the DUC files that random corruption starts from (here and in tests/test_reliability_fuzz.py)
SEEDS = {
    "see2004": SEE2004,
    "resp2004": RESP2004,
    "summary_see": SEE,
    "summary_plain": "One.\nTwo caf\u00e9.\n",
}


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), which=st.sampled_from(list(SEEDS)))
def test_random_corruption_raises_only_evalkit_errors(tmp_path_factory, data, which):
    root = tmp_path_factory.mktemp("c")
    raw = corrupt(data, SEEDS[which].encode("latin-1"))
    try:
        if which.startswith("summary"):
            duc.read_summary(put(root / "D30001.M.100.T.A", bytes(raw)))
        else:
            for docset, sel in (("D30001", "T"), ("D30002", "U")):
                put(root / f"ROUGE/models/{docset}.M.100.{sel}.A", "M.\n")
                put(root / f"ROUGE/peers/{docset}.M.100.{sel}.12", "P.\n")
            rel = (
                "SEE/short.results.table2"
                if which == "see2004"
                else "Responsiveness/results.table.R"
            )
            put(root / rel, bytes(raw))
            duc.read_corpus(root, 2004)
    except EvalkitError:
        pass


def test_duc2003_see_with_and_without_quality_questions(tmp_path):
    put(tmp_path / "p/D30003.P.10.T.12.APW19981016.0240", "Headline words.\n")
    put(tmp_path / "p/D30003.M.100.T.12", "A summary.\n")
    inst, summ, summaries, _ = duc.read_summaries(tmp_path / "p")
    units = ["0.5", "4", "2", "2", "5", "0.25", "0.25", "0.0", "0.5", "0.5", "0.0"]
    # 34 columns: 0 docset, 1 M/P, 2 doc id, 3 length, 4-7, 8 summarizer, 9-10, 11-22 Q1-Q12, 23-33 units/coverage
    full = " ".join(
        [
            "d30003t",
            "M",
            "-",
            "100",
            "a",
            "b",
            "c",
            "d",
            "12",
            "e",
            "f",
            *[str(q % 5) for q in range(12)],
            *units,
        ]
    )
    # 22 columns: length-10 (headline) summaries have no quality questions
    short = " ".join(
        ["d30003t", "P", "APW19981016.0240", "10", "a", "b", "c", "d", "12", "e", "f", *units]
    )
    put(tmp_path / "results.table", full + "\n" + short + "\n")
    df = duc.read_table(
        tmp_path / "results.table",
        "duc2003-see",
        index=duc.InstanceIndex(inst),
        summaries=zip(summaries["instance"], summaries["summarizer"]),
    )
    j = df.set_index(["instance", "judgment"])["value"]
    assert j[("D30003", "quality_q12")] == 1 and j[("D30003", "coverage")] == 0.25
    assert j[("D30003.APW19981016.0240", "length_adjusted_coverage")] == 0.5
    assert not df[
        (df.instance == "D30003.APW19981016.0240") & df.judgment.str.startswith("quality")
    ].shape[0]


def test_see_writer_refuses_white_space_runs(tmp_path):
    with pytest.raises(ParameterError, match="single spaces"):
        duc.write_summary(tmp_path / "D30001.M.100.T.A", ["two  spaces"], fmt="see")
    assert not (tmp_path / "D30001.M.100.T.A").exists()
