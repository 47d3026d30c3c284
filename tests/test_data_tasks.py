"""Readers and writers of the task layouts (relevance task, questionnaires, meetings, TREC QA
nuggets), the licensed original formats (LDC TDT relevance tables and SGML, ICSI NXT XML)
on fixtures written here, and the sample task corpora read back through the readers."""

import pandas as pd
import pytest

from evalkit.data import meetings, questionnaires, relevance, trec_qa, tsv
from evalkit.data.simulate import tasks
from evalkit.errors import InputFormatError, ParameterError


@pytest.fixture(scope="module")
def sample_root(tmp_path_factory):
    return tmp_path_factory.mktemp("tasks")


def test_tsv_round_trip_and_errors(tmp_path):
    spec = {"a": "str", "b": "int", "c": ("x", "y"), "d": "text", "e": "float"}
    frame = pd.DataFrame(
        {"a": ["p", "q"], "b": [1, 2], "c": ["x", "y"], "d": ["", "some text"], "e": [0.5, 1.25]}
    )
    path = tsv.write_tsv(tmp_path / "t.tsv", frame, spec, comment="a comment")
    back = tsv.read_tsv(path, spec, unique=["a"])
    pd.testing.assert_frame_equal(back, frame, check_dtype=False)
    assert back.attrs["lines"] == [3, 4]
    text = path.read_text()
    (tmp_path / "bad.tsv").write_text(text.replace("\t2\t", "\tzwei\t"))
    with pytest.raises(InputFormatError, match=r"bad.tsv, line 4.*integer"):
        tsv.read_tsv(tmp_path / "bad.tsv", spec)
    (tmp_path / "bad.tsv").write_text(text.replace("\ty\t", "\tz\t"))
    with pytest.raises(InputFormatError, match="line 4"):
        tsv.read_tsv(tmp_path / "bad.tsv", spec)
    (tmp_path / "bad.tsv").write_text(text + "r\t3\tx\n")
    with pytest.raises(InputFormatError, match="line 5.*5 tab-separated fields"):
        tsv.read_tsv(tmp_path / "bad.tsv", spec)
    (tmp_path / "bad.tsv").write_text(text + "p\t3\tx\t\t1\n")
    with pytest.raises(InputFormatError, match="line 5.*first seen on line 3"):
        tsv.read_tsv(tmp_path / "bad.tsv", spec, unique=["a"])
    with pytest.raises(ParameterError):
        tsv.write_tsv(tmp_path / "x.tsv", frame.assign(d=["a\tb", ""]), spec)


@pytest.mark.parametrize("name", tasks.TASKS)
def test_sample_tasks_round_trip_through_the_readers(name, sample_root, tmp_path):
    corpus, truth = tasks.simulate_task(name, seed=7, quick=True)
    loaded = tasks.load_task_sample(name, root=sample_root, quick=True, seed=7)
    frames = {
        "relevance": ("events", "documents", "surrogates", "judgments"),
        "questionnaires": ("stories", "summaries", "questions", "grades"),
        "meetings": ("meetings", "units", "extracts", "system_extracts", "ratings"),
        "nuggets": ("key", "responses", "judgments", "votes"),
    }[name]
    for f in frames:
        a, b = getattr(corpus, f).reset_index(drop=True), getattr(loaded, f).reset_index(drop=True)
        pd.testing.assert_frame_equal(a[b.columns], b, check_dtype=False, obj=f"{name}.{f}")
    assert loaded.meta["name"] == f"sample:{name}" and truth
    again = tasks.load_task_sample(name, root=sample_root, quick=True, seed=7)  # reuses the build
    assert len(getattr(again, frames[0])) == len(getattr(loaded, frames[0]))
    assert tasks.load_task_truth(name, root=sample_root, quick=True, seed=7)


def test_a_task_corpus_built_by_other_simulator_code_is_rebuilt(tmp_path):
    """The build record names the simulator's source; a record from other code (same seed,
    size and TASK_VERSION) is not trusted: the corpus is simulated again and its files
    replaced (here a units table emptied by hand comes back whole)."""
    import json

    from evalkit.data.simulate.build import simulator_fingerprint

    folder = tasks.task_dir("relevance", root=tmp_path, quick=True, seed=7)
    stamp = folder / "truth" / "build.json"
    record = json.loads(stamp.read_text())
    assert record["simulator"] == simulator_fingerprint()
    table = next(p for p in sorted(folder.glob("*.tsv")) if p.stat().st_size > 0)
    whole = table.read_bytes()
    table.write_bytes(whole.splitlines(keepends=True)[0])
    assert tasks.task_dir("relevance", root=tmp_path, quick=True, seed=7) == folder
    assert table.read_bytes() != whole  # the same record: reused as it is
    stamp.write_text(json.dumps({**record, "simulator": "0" * 64}))
    tasks.task_dir("relevance", root=tmp_path, quick=True, seed=7)
    assert table.read_bytes() == whole
    assert json.loads(stamp.read_text())["simulator"] == simulator_fingerprint()


def test_relevance_task_cross_file_errors(sample_root, tmp_path):
    task = tasks.load_task_sample("relevance", root=sample_root, quick=True, seed=7)
    relevance.write_relevance_task(task, tmp_path)
    lines = (tmp_path / "judgments.tsv").read_text().splitlines()
    fields = lines[5].split("\t")
    fields[2] = "NOSUCHDOC"
    lines[5] = "\t".join(fields)
    (tmp_path / "judgments.tsv").write_text("\n".join(lines) + "\n")
    with pytest.raises(InputFormatError, match=r"judgments.tsv, line 6.*documents.tsv"):
        relevance.read_relevance_task(tmp_path)


def test_questionnaire_self_grade_is_an_error(sample_root, tmp_path):
    study = tasks.load_task_sample("questionnaires", root=sample_root, quick=True, seed=7)
    g = study.grades.copy()
    row = g.index[(g.question_author == "B")][0]
    g.loc[row, "summary_author"] = "B"
    g = g.drop_duplicates(["story", "summary_author", "question_author", "question"])
    questionnaires.write_questionnaire_study(
        questionnaires.QuestionnaireStudy(study.stories, study.summaries, study.questions, g),
        tmp_path,
    )
    with pytest.raises(
        InputFormatError, match=r"grades.tsv, line \d+.*different from the summary author"
    ):
        questionnaires.read_questionnaire_study(tmp_path)


def test_tdt_relevance_and_sgml_fixture(tmp_path):
    (tmp_path / "rel.table").write_text(
        '<ONTOPIC topicid=30001 level=YES docno=APW19981001.0001 fileid=19981001_APW comments="NO">\n'
        '<ONTOPIC topicid=30001 level=NO docno=APW19981001.0002 fileid=19981001_APW comments="NO">\n'
        '<ONTOPIC topicid=30001 level=BRIEF docno=NYT19981002.0003 fileid=19981002_NYT comments="brief mention">\n'
    )
    (tmp_path / "docs.sgm").write_text(
        "<DOC>\n<DOCNO> APW19981001.0001 </DOCNO>\n<TEXT>\nRival parties agree\n to a coalition.\n</TEXT>\n</DOC>\n"
        "<DOC>\n<DOCNO> APW19981001.0002 </DOCNO>\n<TEXT>\nMarkets fell.\n</TEXT>\n</DOC>\n"
    )
    gold = relevance.read_tdt_relevance(tmp_path / "rel.table")
    assert gold["relevant"].tolist() == [1, 0, 1] and gold["level"].tolist() == [
        "YES",
        "NO",
        "BRIEF",
    ]
    docs = relevance.read_tdt_documents(tmp_path / "docs.sgm")
    assert docs["APW19981001.0001"] == "Rival parties agree to a coalition."
    exp = tmp_path / "exp"
    exp.mkdir()
    tsv.write_tsv(
        exp / "events.tsv",
        pd.DataFrame({"event": ["30001"], "description": ["Cambodian coalition"]}),
        relevance.SPECS["events"],
    )
    tsv.write_tsv(
        exp / "surrogates.tsv",
        pd.DataFrame(
            {
                "event": "30001",
                "document": ["APW19981001.0001"] * 2,
                "kind": ["HEAD", "HUM"],
                "index": 1,
                "text": ["h", "s"],
            }
        ),
        relevance.SPECS["surrogates"],
    )
    tsv.write_tsv(
        exp / "judgments.tsv",
        pd.DataFrame(
            {
                "subject": "S1",
                "event": "30001",
                "document": "APW19981001.0001",
                "presentation": ["HEAD", "HUM", "DOC"],
                "position": [1, 2, 3],
                "judgment": [1, 1, 0],
                "seconds": 3.0,
            }
        ),
        relevance.SPECS["judgments"],
    )
    task = relevance.relevance_task_from_tdt(tmp_path / "rel.table", [tmp_path / "docs.sgm"], exp)
    assert task.documents["relevant"].tolist() == [1]
    (tmp_path / "bad.table").write_text("<ONTOPIC topicid=1 level=MAYBE docno=X fileid=Y>\n")
    with pytest.raises(InputFormatError, match="bad.table, line 1.*YES, BRIEF or NO"):
        relevance.read_tdt_relevance(tmp_path / "bad.table")


NITE = 'xmlns:nite="http://nite.sourceforge.net/"'


def _write_icsi(folder):
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "Bed004.A.words.xml").write_text(
        f"<nite:root {NITE}>"
        + "".join(
            f'<w nite:id="Bed004.A.words{i}" starttime="{i}.0" endtime="{i}.5">{w}</w>'
            for i, w in enumerate("we should buy the new server".split())
        )
        + '<vocalsound nite:id="Bed004.A.v1" type="laugh"/></nite:root>'
    )
    (folder / "Bed004.B.words.xml").write_text(
        f'<nite:root {NITE}><w nite:id="Bed004.B.words0" starttime="2.2" endtime="2.4">yeah</w></nite:root>'
    )
    (folder / "Bed004.A.dialogue-acts.xml").write_text(
        f'<nite:root {NITE}><dialogueact nite:id="Bed004.A.da0" type="s">'
        '<nite:child href="Bed004.A.words.xml#id(Bed004.A.words0)..id(Bed004.A.words2)"/></dialogueact>'
        '<dialogueact nite:id="Bed004.A.da1" type="s">'
        '<nite:child href="Bed004.A.words.xml#id(Bed004.A.words3)..id(Bed004.A.words5)"/></dialogueact></nite:root>'
    )
    (folder / "Bed004.B.dialogue-acts.xml").write_text(
        f'<nite:root {NITE}><dialogueact nite:id="Bed004.B.da0" type="b">'
        '<nite:child href="Bed004.B.words.xml#id(Bed004.B.words0)"/></dialogueact></nite:root>'
    )
    (folder / "Bed004.ann1.extsumm.xml").write_text(
        f'<nite:root {NITE}><extsumm nite:id="Bed004.ann1.ext0">'
        '<nite:child href="Bed004.A.dialogue-acts.xml#id(Bed004.A.da1)"/></extsumm></nite:root>'
    )


def test_icsi_nxt_fixture(tmp_path):
    _write_icsi(tmp_path / "icsi")
    corpus = meetings.read_icsi_nxt(tmp_path / "icsi", test=["Bed004"])
    t = corpus.transcript("Bed004")
    assert t["text"].tolist() == ["we should buy", "yeah", "the new server"]  # by start time
    assert t["speaker"].tolist() == ["A", "B", "A"]
    assert corpus.extract_labels("Bed004")["ann1"].tolist() == [0, 0, 1]
    assert corpus.meeting_ids("test") == ["Bed004"]
    (tmp_path / "icsi" / "Bed004.ann1.extsumm.xml").write_text(
        f'<nite:root {NITE}><extsumm nite:id="e"><nite:child href="Bed004.A.dialogue-acts.xml#id(nope)"/></extsumm></nite:root>'
    )
    with pytest.raises(InputFormatError, match="extsumm.xml"):
        meetings.read_icsi_nxt(tmp_path / "icsi")


def test_trec_qa_files_and_errors(tmp_path):
    (tmp_path / "nuggets.txt").write_text(
        "1901 1 vital american composer\n1901 2 okay civil rights advocate\n"
    )
    (tmp_path / "responses.txt").write_text(
        "1901 runA NYT19990708.0196 Copland, one of the American composers\n"
    )
    (tmp_path / "judgments.txt").write_text("# run judgments\n1901 runA 1 1\n1901 runA 2 0\n")
    ev = trec_qa.read_trec_qa(tmp_path)
    assert ev.key["label"].tolist() == ["vital", "okay"] and ev.votes is None
    assert ev.responses["answer"].iloc[0] == "Copland, one of the American composers"
    assert ev.judgments["present"].tolist() == [1, 0]
    back = tmp_path / "back"
    trec_qa.write_trec_qa(ev, back)
    again = trec_qa.read_trec_qa(back)
    pd.testing.assert_frame_equal(again.key, ev.key)
    (tmp_path / "judgments.txt").write_text("1901 runA 1 1\n1901 runA 9 1\n")
    with pytest.raises(InputFormatError, match="judgments.txt, line 2.*answer key"):
        trec_qa.read_trec_qa(tmp_path)
    (tmp_path / "nuggets.txt").write_text("1901 1 essential american composer\n")
    with pytest.raises(InputFormatError, match="nuggets.txt, line 1.*vital or okay"):
        trec_qa.read_nuggets(tmp_path / "nuggets.txt")


@pytest.mark.parametrize(
    "kwargs, name",
    [
        ({"annotators": ("ref99",)}, "annotators"),
        ({"annotators": "ref2"}, "annotators"),
        ({"annotators": ("ref2", "ref2")}, "annotators"),
        ({"annotators": ()}, "annotators"),
        ({"n_test": 0}, "n_test"),
        ({"n_train": 200}, "n_train"),
        ({"ratio": 0}, "ratio"),
        ({"wer": 1.5}, "wer"),
    ],
)
def test_meetings_from_summeval_refuses_bad_design(data_mirror, kwargs, name):
    with pytest.raises(ParameterError, match=f"parameter '{name}'"):
        meetings.meetings_from_summeval(**kwargs)


def test_meetings_from_summeval_annotators_are_the_named_references(data_mirror):
    corpus = meetings.meetings_from_summeval(n_test=1, n_train=1, annotators=("ref5", "ref1"))
    assert sorted(corpus.extracts["annotator"].unique()) == ["ref1", "ref5"]
    assert corpus.meetings["split"].tolist() == ["test", "train"]
