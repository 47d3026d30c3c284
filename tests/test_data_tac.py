"""TAC files and DUCView pyramids on fixtures written in the documented layouts (notes C.3)."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt

from evalkit.data import pyramid, tac
from evalkit.errors import EvalkitError, InputFormatError


def put(path: Path, text, encoding="latin-1") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode(encoding))
    return path


# 2008 manual.peer: 0 docset-group, 1 summarizer, 2 modified pyramid, 3 #SCUs, 4 #reps, 5 (?),
# 6 modified pyramid jk, 7 linguistic quality, 8 overall responsiveness
MANUAL_PEER_2008 = """D0801-A 1 0.500 4 0 0.480 0.470 3 2
D0801-A 5 0.250 2 1 0.240 0.230 2 1
D0801-B 1 0.125 1 0 0.120 0.110 4 3
D0805-A 5 0.000 0 0 0.000 0.000 1 1
"""
# 2008 manual.model: 2 #SCUs jk, 3 (?), 4 modified pyramid jk, 5 LQ, 6 OR
MANUAL_MODEL_2008 = """D0801-A A 6 0 0.750 5 5
D0801-B B 5 0 0.600 5 4
"""
PYRAMID = """<?xml version="1.0" encoding="UTF-8"?>
<pyramid>
<startDocumentRegEx><![CDATA[[-]*\\n\\s*D[0-9]*-[AB]\\.M\\.100\\.[A-Z]\\.[A-Z]\\n[-]*\\n]]></startDocumentRegEx>
<text>
<line>----------</line>
<line>D0801-A.M.100.A.A</line>
<line>----------</line>
<line>The storm hit Florida on Monday.</line>
<line>Officials said &quot;no deaths&quot;.</line>
<line>----------</line>
<line>D0801-A.M.100.A.B</line>
<line>----------</line>
<line>A storm struck Florida.</line>
</text>
<scu uid="3" label="A storm hit Florida (2.1)">
<contributor label="The storm hit Florida"><part label="The storm hit Florida" start="40" end="61"/></contributor>
<contributor label="A storm struck Florida"><part label="A storm" start="141" end="148"/><part label="struck Florida" start="149" end="163"/></contributor>
</scu>
<scu uid="7" label="No deaths reported">
<contributor label="no deaths"><part label="&quot;no deaths&quot;" start="88" end="99"/></contributor>
</scu>
</pyramid>
"""
PEER_ANNOTATION = """<?xml version="1.0" encoding="UTF-8"?>
<pyramid>
<annotation>
<text>
<line>Florida was hit by a storm.</line>
<line>Nobody knows more.</line>
</text>
<peerscu uid="3" label="A storm hit Florida (2.1)"><contributor label="Florida was hit by a storm"><part label="Florida was hit by a storm" start="0" end="26"/></contributor></peerscu>
<peerscu uid="7" label="No deaths reported"></peerscu>
<peerscu uid="0" label="All non-matching SCUs go here"><contributor label="Nobody knows more."><part label="Nobody knows more." start="28" end="46"/></contributor></peerscu>
</annotation>
</pyramid>
"""


@pytest.fixture()
def tac2008(tmp_path):
    root = tmp_path / "UpdateSumm08_eval"
    for inst in ("D0801-A", "D0801-B", "D0805-A"):
        for m in ("A", "B"):
            text = {
                ("D0801-A", "A"): 'The storm hit Florida on Monday.\nOfficials said "no deaths".\n',
                ("D0801-A", "B"): "A storm struck Florida.\n",
            }.get((inst, m), f"Model {m} on {inst}.\n")
            put(root / f"ROUGE/models/{inst}.M.100.A.{m}", text)
        for p in ("1", "5"):
            text = "" if (inst, p) == ("D0805-A", "5") else f"Peer {p} on {inst} caf\u00e9.\n"
            if (inst, p) == ("D0801-A", "1"):
                text = "Florida was hit by a storm.\nNobody knows more.\n"
            put(root / f"ROUGE/peers/{inst}.M.100.A.{p}", text)
    put(root / "manual/manual.peer", MANUAL_PEER_2008)
    put(root / "manual/manual.model", MANUAL_MODEL_2008)
    put(root / "manual/pyramids/D0801-A.pyr", PYRAMID, "utf-8")
    put(root / "manual/peers/D0801-A.M.100.A.1", PEER_ANNOTATION, "utf-8")
    return root


def test_tac2008_tree(tac2008):
    c = tac.read_corpus(tac2008, 2008)
    assert c.summary("D0805-A", "5") == ()  # the blank peer summary
    assert c.instances.set_index("instance")["update_of"]["D0801-B"] == "D0801-A"
    j = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    assert (
        j[("D0801-A", "1", "pyramid_modified")] == 0.5
        and j[("D0801-A", "1", "overall_responsiveness")] == 2
    )
    assert (
        j[("D0801-A", "5", "pyramid_modified_jk")] == 0.23
        and j[("D0801-B", "B", "overall_responsiveness")] == 4
    )
    assert (
        j[("D0801-A", "A", "num_scus_jk")] == 6
        and j[("D0801-A", "A", "pyramid_modified_jk")] == 0.75
    )
    assert len(c.judgments) == 4 * 6 + 2 * 4
    scus = c.scus.set_index("scu")
    assert scus.loc["3", "weight"] == 2 and scus.loc["7", "weight"] == 1
    contrib = c.scu_contributors[c.scu_contributors["summarizer"] == "B"]
    # offsets are relative to model B's summary text, two parts of one contributor
    assert contrib[["start", "end"]].values.tolist() == [[0, 7], [8, 22]]
    assert c.summary_text("D0801-A", "B")[8:22] == "struck Florida"
    quote = c.scu_contributors[c.scu_contributors["scu"] == "7"].iloc[0]
    assert c.summary_text("D0801-A", "A")[quote["start"] : quote["end"]] == '"no deaths"'
    # uid 0 is the catch-all, uid 7 has no contributor: only SCU 3 is in the peer summary
    assert c.peer_scus.values.tolist() == [["D0801-A", "1", "3"]]


@pytest.mark.parametrize(
    "file, mutate, line, message",
    [
        (
            "manual/manual.peer",
            lambda t: t.replace(
                "D0801-B 1 0.125 1 0 0.120 0.110 4 3", "D0801-B 1 0.125 1 0 0.120 4 3"
            ),
            3,
            r"expected 9 columns \(TAC 2008 manual.peer\)",
        ),
        (
            "manual/manual.peer",
            lambda t: t.replace("D0805-A 5", "D0809-A 5"),
            4,
            r"docset/document with summaries",
        ),
        (
            "manual/manual.peer",
            lambda t: t.replace("D0801-B 1", "D0801-B 7"),
            3,
            r"a judgment for a summary in the corpus",
        ),
        (
            "manual/manual.model",
            lambda t: t.replace("0.750", "n/a"),
            1,
            r"a number for column 4, found 'n/a'",
        ),
    ],
)
def test_tac_manual_malformed(tac2008, file, mutate, line, message):
    path = tac2008 / file
    put(path, mutate(path.read_text(encoding="latin-1")))
    with pytest.raises(InputFormatError, match=message) as info:
        tac.read_corpus(tac2008, 2008)
    assert info.value.line == line and file in str(info.value)


def test_peer_table_with_a_model_row_is_rejected(tac2008):
    put(tac2008 / "manual/manual.peer", MANUAL_PEER_2008 + "D0801-A A 0.5 4 0 0.4 0.4 3 2\n")
    with pytest.raises(
        InputFormatError, match=r"manual.peer: expected peer summarizers only, found 'A'"
    ):
        tac.read_corpus(tac2008, 2008)


@pytest.mark.parametrize(
    "mutate, message",
    [
        (
            lambda t: t.replace('start="149" end="163"', 'start="150" end="163"'),
            r"part label equal to the text at 150-163",
        ),
        (
            lambda t: t.replace('start="40" end="61"', 'start="40" end="150"').replace(
                'label="The storm hit Florida" start', 'label="x" start'
            ),
            r"part label equal to the text|inside one model summary",
        ),
        (lambda t: t[: len(t) // 2], r"line \d+: expected well-formed XML \(a DUCView XML file\)"),
        (
            lambda t: t.replace("D0801-A.M.100.A.B", "D0801-A.M.100.A.B2"),
            r"document headers matching startDocumentRegEx \(<text> line 6\).*D0801-A.M.100.A.B2",
        ),
        (lambda t: t.replace('uid="7"', 'uid="3"'), r"unique SCU uids \(uid 3 repeats\)"),
    ],
)
def test_pyramid_malformed(tmp_path, mutate, message):
    with pytest.raises(InputFormatError, match=message):
        pyramid.read_pyramid(put(tmp_path / "D0801-A.pyr", mutate(PYRAMID), "utf-8"))


def test_pyramid_contributor_across_summaries_skip_bad(tmp_path):
    # contributor whose parts fall into models A and B (SacreROUGE skips these)
    bad = PYRAMID.replace(
        '<part label="The storm hit Florida" start="40" end="61"/>',
        '<part label="The storm hit Florida" start="40" end="61"/><part label="A storm" start="141" end="148"/>',
    )
    path = put(tmp_path / "D0801-A.pyr", bad, "utf-8")
    with pytest.raises(InputFormatError, match="a contributor's parts in one model summary"):
        pyramid.read_pyramid(path)
    p = pyramid.read_pyramid(path, skip_bad=True)
    assert p.skipped == 1 and p.scus.set_index("scu").loc["3", "weight"] == 1


def test_peer_annotation_uid0_and_unknown_scu(tmp_path):
    path = put(tmp_path / "D0801-A.M.100.A.1.pan", PEER_ANNOTATION, "utf-8")
    a = pyramid.read_peer_annotation(path)
    assert (a.instance, a.summarizer, a.unmatched_parts) == ("D0801-A", "1", 1)
    assert a.scus["scu"].tolist() == ["3"]
    with pytest.raises(
        InputFormatError, match=r"peer SCUs that exist in the pyramid, found 'uid 3'"
    ):
        pyramid.read_peer_annotation(path, known_scus=["7"])


def test_tac_write_read_round_trip_2009(tac2008, tmp_path):
    c = tac.read_corpus(tac2008, 2008)
    for year in (2008, 2009):
        out = tac.write_corpus(c, tmp_path / f"out{year}", year)
        back = tac.read_corpus(out, year)
        for t in ("summaries", "scus", "peer_scus", "scu_contributors"):
            key = list(getattr(c, t).columns[:3])
            pd.testing.assert_frame_equal(
                getattr(c, t).sort_values(key).reset_index(drop=True),
                getattr(back, t).sort_values(key).reset_index(drop=True),
            )
        k = ["instance", "summarizer", "judgment"]
        pd.testing.assert_frame_equal(
            c.judgments.sort_values(k).reset_index(drop=True),
            back.judgments.sort_values(k).reset_index(drop=True),
            check_exact=True,
        )
    assert (tmp_path / "out2009/manual/manual.peer.B").read_text().split("\n")[0].split()[:2] == [
        "D0801-B",
        "1",
    ]
    assert len((tmp_path / "out2009/manual/manual.peer.A").read_text().split("\n")[0].split()) == 10


ROUGE_OUT = """---------------------------------------------
1 ROUGE-2 Average_R: 0.09000 (95%-conf.int. 0.08000 - 0.10000)
1 ROUGE-2 Eval D0801-A.M.100.A.1 R:0.10000 P:0.20000 F:0.13333
5 ROUGE-2 Eval D0801-A.M.100.A.5 R:0.05000 P:0.05000 F:0.05000
"""
ROUGE_JK = """1 ROUGE-SU4 Eval D0801-A.M.100.A.1 R:0.10000 P:0.10000 F:0.10000
1 ROUGE-SU4 Eval D0801-A.M.100.A.1 R:0.20000 P:0.30000 F:0.40000
1 ROUGE-SU4 Eval D0801-A.M.100.A.1 R:0.30000 P:0.20000 F:0.10000
"""


def test_rouge_outputs(tmp_path):
    df = tac.read_rouge_output(put(tmp_path / "rouge.m.out", ROUGE_OUT))
    assert df.set_index(["system", "measure"])["value"][("1", "F")] == 0.13333
    assert set(df["metric"]) == {"rouge-2"} and len(df) == 6
    jk = tac.read_rouge_output(put(tmp_path / "rougejk.m.out", ROUGE_JK), jackknife=True)
    assert jk.set_index("measure")["value"].to_dict() == pytest.approx(
        {"R": 0.2, "P": 0.2, "F": 0.2}, abs=1e-15
    )
    assert jk.attrs["folds"] == [3, 3, 3]
    with pytest.raises(InputFormatError, match=r"line 2: expected one line per summary and metric"):
        tac.read_rouge_output(put(tmp_path / "x", ROUGE_JK))
    with pytest.raises(InputFormatError, match=r"line 3: expected P:<number>"):
        tac.read_rouge_output(put(tmp_path / "y", ROUGE_OUT.replace("P:0.20000", "Q:0.20000")))
    with pytest.raises(InputFormatError, match=r"line 4: expected 7 tokens"):
        tac.read_rouge_output(put(tmp_path / "z", ROUGE_OUT.replace(" F:0.05000", "")))
    tac.write_rouge_output(tmp_path / "w", df)
    assert tac.read_rouge_output(tmp_path / "w").equals(df)


AESOP = """Peer Docset run1 run2
P1 D01 0.5 NaN
P2 D01 0.25 0.75
P1 D44 1.0 0.0
"""


def test_aesop(tmp_path):
    df = tac.read_aesop(put(tmp_path / "aesop_allpeers_A", AESOP), 2009, "A")
    assert df.attrs["missing"] == 1 and len(df) == 5
    assert df.iloc[0].tolist() == ["D0901-A", "1", "run1", 0.5]
    assert set(df["instance"]) == {"D0901-A", "D0944-A"}
    assert (
        tac.aesop_docset(2010, "03", "B") == "D1003-B"
        and tac.aesop_docset(2011, "3", "A") == "D1103-A"
    )
    tac.write_aesop(tmp_path / "w", df, 2009, runs=["run1", "run2"])
    assert (tmp_path / "w").read_text() == AESOP.replace("0.5 NaN", "0.5 NaN")
    with pytest.raises(InputFormatError, match=r"line 3: expected 4 columns"):
        tac.read_aesop(put(tmp_path / "b", AESOP.replace("0.25 0.75", "0.25")), 2009, "A")
    with pytest.raises(
        InputFormatError, match=r"line 2: expected P<summarizer, 1-9 digits> D<docset, 1-9 digits>"
    ):
        tac.read_aesop(put(tmp_path / "c", AESOP.replace("P1 D01", "PA D01")), 2009, "A")


#: the sample file of each TAC reader tested here, by kind
SAMPLES = {
    "pyramid": PYRAMID,
    "annotation": PEER_ANNOTATION,
    "manual": MANUAL_PEER_2008,
    "rouge": ROUGE_OUT,
    "aesop": AESOP,
}


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(data=st.data(), which=st.sampled_from(["pyramid", "annotation", "manual", "rouge", "aesop"]))
def test_random_corruption_raises_only_evalkit_errors(tmp_path_factory, data, which):
    text = SAMPLES[which]
    raw = corrupt(data, text.encode("utf-8"))
    path = tmp_path_factory.mktemp("c") / "D0801-A.M.100.A.1"
    path.write_bytes(bytes(raw))
    try:
        if which == "pyramid":
            pyramid.read_pyramid(path)
        elif which == "annotation":
            pyramid.read_peer_annotation(path)
        elif which == "manual":
            from evalkit.data.duc import read_table

            read_table(path, tac.TABLES["tac2008-manual.peer"])
        elif which == "rouge":
            tac.read_rouge_output(path)
        else:
            tac.read_aesop(path, 2009, "A")
    except EvalkitError:
        pass


def test_tac_tree_with_rouge_outputs(tac2008):
    put(tac2008 / "ROUGE/rouge.m.out", ROUGE_OUT)
    put(tac2008 / "ROUGE/rougejk.m.out", ROUGE_JK)
    c = tac.read_corpus(tac2008, 2008, rouge=True)
    j = c.judgments.set_index(["instance", "summarizer", "judgment"])["value"]
    assert j[("D0801-A", "1", "rouge-2_F")] == 0.13333
    assert j[("D0801-A", "1", "rouge-su4_P_jk")] == pytest.approx(0.2, abs=1e-15)
    assert c.meta["files_missing"] == ["BE/simple.m.hm.out", "BE/simplejk.m.hm.out"]
