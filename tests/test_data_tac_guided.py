"""TAC 2010 guided summarization: topic categories and SCU aspect tags (fixtures written here),
and pyramid scores recomputed from a TAC tree whose manual.peer column was computed by hand."""

import pandas as pd
import pytest

from evalkit.data import tac, tac_guided
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import InputFormatError, ParameterError
from evalkit.metrics import pyramid as P

TOPICS = """<?xml version="1.0" encoding="UTF-8"?>
<TACtaskdata>
<topic id = "D1001A" category = "5">
<title> A trial </title>
<docsetA id = "D1001A-A"><doc id = "X" /></docsetA>
</topic>
<topic id = "D1002B" category = "2">
<title> An attack </title>
</topic>
</TACtaskdata>
"""


def test_codes_follow_the_guidelines():
    assert tac_guided.aspect_name("2.4") == ("attacks", "perpetrators")
    assert tac_guided.aspect_name("5.6") == ("trials", "sentence")
    assert tac_guided.aspect_code("health", "how") == "3.3"
    assert tac_guided.category_name("4") == "resources"
    for bad in ("6.1", "1.8", "1", "x"):
        with pytest.raises(InputFormatError):
            tac_guided.aspect_name(bad)
    with pytest.raises(ParameterError):
        tac_guided.aspect_code("health", "other")


def test_read_topics_and_aspects(tmp_path):
    (tmp_path / "topics.xml").write_text(TOPICS)
    t = tac_guided.read_topics(tmp_path / "topics.xml")
    assert t.to_dict("list") == {
        "docset": ["D1001", "D1002"],
        "topic": ["D1001A", "D1002B"],
        "category": ["trials", "attacks"],
    }
    (tmp_path / "asp.txt").write_text("D1001-A 1 5.1 5.4\nD1001-A 2\n\nD1002-A 7 2.4\n")
    cats = {"D1001-A": "trials", "D1002-A": "attacks"}
    a = tac_guided.read_scu_aspects(tmp_path / "asp.txt", cats)
    assert a["aspects"].tolist() == [("who", "charges"), ("other",), ("perpetrators",)]
    tac_guided.write_scu_aspects(tmp_path / "back.txt", a, cats)
    assert tac_guided.read_scu_aspects(tmp_path / "back.txt", cats).equals(a)


@pytest.mark.parametrize(
    "text,line",
    [
        ("D1001-A 1 2.1\n", 1),
        ("D1001-A 1\nD1001-A 1\n", 2),
        ("D9999-A 1\n", 1),
        ("D1001-A\n", 1),
        ("D1001-A 3 5.9\n", 1),
    ],
)
def test_bad_aspect_rows_name_file_and_line(tmp_path, text, line):
    (tmp_path / "asp.txt").write_text(text)
    with pytest.raises(InputFormatError, match=f"line {line}"):
        tac_guided.read_scu_aspects(tmp_path / "asp.txt", {"D1001-A": "trials"})


def test_bad_topics(tmp_path):
    (tmp_path / "t.xml").write_text(
        '<TACtaskdata><topic id="D1001A" category="9"></topic></TACtaskdata>'
    )
    with pytest.raises(InputFormatError, match="category code"):
        tac_guided.read_topics(tmp_path / "t.xml")
    (tmp_path / "t.xml").write_text(
        '<TACtaskdata><topic id="X1" category="1"></topic></TACtaskdata>'
    )
    with pytest.raises(InputFormatError, match="topic id"):
        tac_guided.read_topics(tmp_path / "t.xml")


def _corpus():
    """One TAC 2010 topic, 4 models, 2 peers; the hand-built pyramid of test_metrics_pyramid.

    The models' texts are the contributor strings; peer p1 = s1 + s4, peer 2 = s2 + s3 + s5.
    manual.peer's modified pyramid column holds the hand value with X = 2.75 unrounded and
    4 decimals: p1 5 / 8.5 = 0.5882, p2 6 / 8.5 = 0.7059 (what NIST's file would print).
    """
    members = {"1": "ABCD", "2": "ABC", "3": "AB", "4": "C", "5": "D"}
    text = {s: f"Fact number {s} happened." for s in members}
    summ = {m: tuple(text[s] for s in members if m in members[s]) for m in "ABCD"}
    summ["1"] = (text["1"], text["4"])
    summ["2"] = (text["2"], text["3"], text["5"])
    contrib, peer_scus = [], []
    for m, sents in summ.items():
        off = 0
        for s in sents:
            uid = s.split()[2]
            contrib.append(("D1001-A", uid, m, s, off, off + len(s)))
            if m.isdigit():
                peer_scus.append(("D1001-A", m, uid))
            off += len(s) + 1
    judg = [
        ("D1001-A", "1", "pyramid_modified", 0.5882),
        ("D1001-A", "2", "pyramid_modified", 0.7059),
    ]
    judg += [
        ("D1001-A", p, n, v)
        for p in "12"
        for n, v in (
            ("num_scus", 2.0 if p == "1" else 3.0),
            ("num_repetitions", 0.0),
            ("pyramid_modified_jk", 0.5),
            ("linguistic_quality", 3.0),
            ("overall_responsiveness", 3.0),
        )
    ]
    return SummarizationCorpus(
        name="fixture",
        instances=pd.DataFrame(
            {
                "instance": ["D1001-A"],
                "docset": ["D1001"],
                "group": ["A"],
                "kind": ["M"],
                "length": ["100"],
                "selector": ["A"],
                "category": ["trials"],
            }
        ),
        summarizers=pd.DataFrame(
            {"summarizer": list("ABCD") + ["1", "2"], "type": ["model"] * 4 + ["peer"] * 2}
        ),
        summaries=pd.DataFrame(
            [("D1001-A", k, v) for k, v in summ.items()],
            columns=["instance", "summarizer", "sentences"],
        ),
        judgments=pd.DataFrame(judg, columns=["instance", "summarizer", "judgment", "value"]),
        scus=pd.DataFrame(
            {
                "instance": "D1001-A",
                "scu": list(members),
                "label": [text[s] for s in members],
                "weight": [float(len(v)) for v in members.values()],
                "aspects": [("who",), ("why",), ("who", "charges"), ("other",), ("sentence",)],
            }
        ),
        scu_contributors=pd.DataFrame(
            contrib, columns=["instance", "scu", "summarizer", "contributor", "start", "end"]
        ),
        peer_scus=pd.DataFrame(peer_scus, columns=["instance", "summarizer", "scu"]),
    ).validate()


def test_tac_tree_round_trip_and_pyramid_scores_match_the_manual_file(tmp_path):
    tac.write_corpus(_corpus(), tmp_path, 2010)
    assert (tmp_path / "topics.xml").is_file() and (
        tmp_path / "manual" / "scu_aspects.txt"
    ).is_file()
    back = tac.read_corpus(tmp_path, 2010)
    assert back.instances["category"].tolist() == ["trials"]
    assert back.scus.set_index("scu")["aspects"]["3"] == ("who", "charges")
    pyr = P.build_pyramids(back.scus, back.scu_contributors, back.peer_scus, back.models())
    ours = P.score_pyramids(pyr, decimals=4).set_index("summarizer")["score"]
    printed = back.judgment_table("pyramid_modified").loc["D1001-A"]
    for peer in ("1", "2"):
        assert ours[peer] == printed[peer]
    nscus = back.judgment_table("num_scus").loc["D1001-A"]
    assert P.score_pyramids(pyr).set_index("summarizer")["n_scus"]["2"] == nscus["2"]
