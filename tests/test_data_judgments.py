"""MT human assessments (evalkit CSV, LDC TIDES/MTC layout) and NIST evaluations with judgments."""

from __future__ import annotations


import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt

from evalkit.data import judgments
from evalkit.errors import EvalkitError, InputFormatError

CSV = """document,segment,system,judge,adequacy,fluency
XIN20030101.0001,1,E09,J03,4,3
XIN20030101.0001,1,E09,J07,5,
XIN20030101.0001,2,E11,J03,2,2.5
"""
LDC = """judge_id docid segid sysid accuracy fluency
J03 XIN20030101.0001 1 E09 4 3
J07 XIN20030101.0001 1 E09 5 -
J03 XIN20030101.0001 2 E11 2 2.5
"""
REF = """<refset setid="mtc4" srclang="zh" trglang="en">
<doc docid="XIN20030101.0001" sysid="H1">
<seg id="1"> The first reference sentence . </seg>
<seg id="2"> The second one . </seg>
</doc>
</refset>
"""
TST = """<tstset setid="mtc4" srclang="zh" trglang="en">
<doc docid="XIN20030101.0001" sysid="E09">
<seg id="1"> first system sentence </seg>
<seg id="2"> second </seg>
</doc>
<doc docid="XIN20030101.0001" sysid="E11">
<seg id="1"> other system </seg>
<seg id="2"> other second </seg>
</doc>
</tstset>
"""


def test_csv_and_ldc_layouts_agree(tmp_path):
    (tmp_path / "a.csv").write_text(CSV)
    (tmp_path / "a.txt").write_text(LDC)
    a = judgments.read_assessments_csv(tmp_path / "a.csv")
    b = judgments.read_ldc_assessments(tmp_path / "a.txt")
    assert a.equals(b) and a.attrs["missing"] == b.attrs["missing"] == 1
    assert a.values.tolist()[:2] == [
        ["XIN20030101.0001", 1, "E09", "adequacy", 4.0, "J03"],
        ["XIN20030101.0001", 1, "E09", "fluency", 3.0, "J03"],
    ]
    judgments.write_assessments_csv(tmp_path / "b.csv", a)
    assert judgments.read_assessments_csv(tmp_path / "b.csv").equals(a)


@pytest.mark.parametrize(
    "text, line, message",
    [
        (CSV.replace(",judge,", ",rater,"), 1, r"a header with document, segment, system, judge"),
        (
            CSV + "XIN20030101.0001,1,E09,J03,3,3\n",
            5,
            r"one row per \(document, segment, system, judge\); also line 2",
        ),
        (CSV.replace("2,E11,J03,2,", "2,E11,J03,two,"), 4, r"a number for adequacy, found 'two'"),
        (CSV.replace("1,E09,J07,5,", "1,E09,J07,5"), 3, r"6 columns like the header"),
        (CSV.replace(",2,E11", ",0,E11"), 4, r"a 1-based integer segment id"),
    ],
)
def test_csv_malformed(tmp_path, text, line, message):
    (tmp_path / "bad.csv").write_text(text)
    with pytest.raises(InputFormatError, match=message) as info:
        judgments.read_assessments_csv(tmp_path / "bad.csv")
    assert info.value.line == line


def test_ldc_unknown_column_is_an_error(tmp_path):
    (tmp_path / "x").write_text(LDC.replace("fluency", "comment"))
    with pytest.raises(
        InputFormatError, match=r"x, line 1: expected column names among .* found 'comment'"
    ):
        judgments.read_ldc_assessments(tmp_path / "x")


def test_load_mt_evaluation(tmp_path):
    (tmp_path / "ref.sgm").write_text(REF)
    (tmp_path / "tst.sgm").write_text(TST)
    (tmp_path / "a.csv").write_text(CSV)
    c = judgments.load_mt_evaluation(
        [tmp_path / "ref.sgm"], [tmp_path / "tst.sgm"], assessments=tmp_path / "a.csv"
    )
    assert c.systems == ["E09", "E11"] and c.reference_ids == ["H1"]
    assert c.system_level("adequacy").to_dict() == {"E09": 4.5, "E11": 2.0}
    assert c.judgments["judge"].tolist().count("J07") == 1
    (tmp_path / "b.csv").write_text(CSV + "XIN20030101.0001,2,E12,J03,1,1\n")
    with pytest.raises(
        InputFormatError,
        match=r"b.csv, line 5: expected a judgment of a segment and system present",
    ):
        judgments.load_mt_evaluation(
            [tmp_path / "ref.sgm"], [tmp_path / "tst.sgm"], assessments=tmp_path / "b.csv"
        )
    c = judgments.load_mt_evaluation(
        [tmp_path / "ref.sgm"],
        [tmp_path / "tst.sgm"],
        assessments=tmp_path / "b.csv",
        skip_bad=True,
    )
    assert c.meta["skipped"] == 2
    (tmp_path / "short.sgm").write_text(TST.replace('<seg id="2"> other second </seg>\n', ""))
    with pytest.raises(InputFormatError, match=r"2 segments in document"):
        judgments.load_mt_evaluation([tmp_path / "ref.sgm"], [tmp_path / "short.sgm"])


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), which=st.sampled_from(["csv", "ldc"]))
def test_random_corruption_raises_only_evalkit_errors(tmp_path_factory, data, which):
    raw = corrupt(data, (CSV if which == "csv" else LDC).encode(), max_cut=30)
    path = tmp_path_factory.mktemp("c") / "t"
    path.write_bytes(bytes(raw))
    try:
        (judgments.read_assessments_csv if which == "csv" else judgments.read_ldc_assessments)(path)
    except EvalkitError:
        pass


def test_write_read_mt_evaluation_round_trip(tmp_path):
    (tmp_path / "ref.sgm").write_text(REF)
    (tmp_path / "tst.sgm").write_text(TST)
    (tmp_path / "a.csv").write_text(CSV)
    c = judgments.load_mt_evaluation(
        [tmp_path / "ref.sgm"], [tmp_path / "tst.sgm"], assessments=tmp_path / "a.csv", name="mtc4"
    )
    for fmt in ("sgml", "xml"):
        yaml_path = judgments.write_mt_evaluation(c, tmp_path / fmt, setid="mtc4", format=fmt)
        back = judgments.read_mt_evaluation(yaml_path)
        for t in ("segments", "references", "outputs", "judgments"):
            import pandas as pd

            pd.testing.assert_frame_equal(getattr(c, t), getattr(back, t), check_exact=True)
    assert sorted(p.name for p in (tmp_path / "sgml").iterdir()) == [
        "assessments.csv",
        "evaluation.yaml",
        "references.sgm",
        "system.E09.sgm",
        "system.E11.sgm",
    ]
