"""Issue 12: every reader fuzzed with hostile input, each example within a time bound.

A valid file of each format is damaged by random flips, cuts and insertions
(``_data_corrupt.corrupt``) and by repeated hostile fragments (stray ``<``, nested
tags, NUL, byte-order marks, Unicode digits, huge or non-finite numbers, backtracking
regular expressions, deep nesting). Whatever comes in, a reader returns or raises an
evalkit error naming the file; it never lets another exception out, and it finishes
each example within hypothesis' ``deadline`` (linear scans, bounded regex, bounded
decompression), which is what the per-example time bound checks.
"""

from __future__ import annotations

import bz2
import pickle
import re
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt
from test_data_duc import SEE, SEEDS as DUC_SEEDS
from test_data_judgments import CSV, LDC
from test_data_tac import SAMPLES as TAC_SAMPLES
from test_data_wmt import DARR, FAKE_SGML, SEG_SCR
from test_nist_sgml import REF_SGML

from evalkit.data import duc, judgments, nist_sgml, pyramid, safe_pickle, tac, wmt
from evalkit.errors import EvalkitError
from evalkit.metrics import rouge_formats

#: Each example must finish within this (a linear reader needs milliseconds; the bounded
#: pyramid regex gives up after 0.5 s, checked coarsely by ``regex``). Modest example
#: counts keep CI fast.
FUZZ = settings(
    max_examples=80,
    deadline=timedelta(seconds=15),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HOSTILE = [
    "<a",
    "<",
    '<seg id="1">',
    "</seg>",
    '<doc docid="x">',
    "</doc>",
    "</tstset>",
    '<!ENTITY x "y">',
    "\x00",
    "\ufeff",
    "\u00b2",
    "\u0661",
    "\u0663\u0662",
    "9" * 400,
    "1e999",
    "-3",
    "2.5",
    "NaN",
    "inf",
    "1_0",
    "(a|aa)+$",
    "(a+)+$",
    "&amp;",
    "&#0;",
    "]]>",
    "\r",
    "\t",
    "\n\n",
    " ",
    "-",
    "P1 D01 ",
    "<X>",
]


_TOKENS = re.compile(rb'(\s+|[<>"=,:])')


def hostile(data, raw: bytes) -> bytes:
    """``raw`` damaged by ``corrupt`` and/or a hostile fragment -- in place of one of its
    tokens (a field, an id, a number) or inserted anywhere, repeated up to 40,000 times
    (a quadratic scan of 40,000 stray ``<a`` took half a minute)."""
    if data.draw(st.booleans()):
        raw = corrupt(data, raw)
    fragment = data.draw(st.sampled_from(HOSTILE)).encode("utf-8")
    times = data.draw(st.sampled_from([1, 1, 2, 10, 40000]))
    if data.draw(st.booleans()):
        parts = _TOKENS.split(raw)
        k = data.draw(st.integers(0, len(parts) - 1))
        parts[k] = fragment * times
        return b"".join(parts)
    pos = data.draw(st.integers(0, len(raw)))
    return raw[:pos] + fragment * times + raw[pos:]


def _check(path: Path, read) -> None:
    try:
        read(path)
    except EvalkitError as exc:
        assert str(path) in str(exc) or path.name in str(exc), str(exc)[:300]


def _file(tmp_path_factory, name: str, raw: bytes) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(raw)
    return path


@FUZZ
@given(data=st.data(), which=st.sampled_from(["sgml", "xml"]))
def test_fuzz_nist_sgml(tmp_path_factory, data, which):
    seed = REF_SGML if which == "sgml" else nist_xml()
    path = _file(
        tmp_path_factory, f"set.{'xml' if which == 'xml' else 'sgm'}", hostile(data, seed.encode())
    )
    _check(path, nist_sgml.read_nist)


def nist_xml() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<refset setid="t1" srclang="cz" trglang="en" '
        'refid="r1">\n<doc docid="d1">\n<seg id="1">a b &amp; c</seg>\n<seg id="2">d</seg>\n</doc>\n'
        "</refset>\n</mteval>\n"
    )


@FUZZ
@given(data=st.data(), which=st.sampled_from(["plain", "fake", "scr", "darr"]))
def test_fuzz_wmt(tmp_path_factory, data, which):
    seed = {"plain": "one line\ntwo lines\n", "fake": FAKE_SGML, "scr": SEG_SCR, "darr": DARR}[
        which
    ]
    reader = {
        "plain": wmt.read_plain,
        "fake": wmt.read_fake_sgml,
        "scr": wmt.read_scr,
        "darr": wmt.read_darr,
    }[which]
    _check(_file(tmp_path_factory, f"f.{which}", hostile(data, seed.encode())), reader)


@FUZZ
@given(data=st.data(), which=st.sampled_from(["csv", "ldc", "yaml"]))
def test_fuzz_judgments(tmp_path_factory, data, which):
    if which == "yaml":
        root = tmp_path_factory.mktemp("ev")
        (root / "r.sgm").write_text(REF_SGML.replace("refset", "refset"))
        seed = "references: [r.sgm]\nsystems: [r.sgm]\nlayout: csv\n"
        path = root / "evaluation.yaml"
        path.write_bytes(hostile(data, seed.encode()))
        try:  # the error may name the YAML file or a file it lists
            judgments.read_mt_evaluation(path)
        except EvalkitError as exc:
            assert str(root) in str(exc), str(exc)[:300]
        return
    seed = CSV if which == "csv" else LDC
    reader = judgments.read_assessments_csv if which == "csv" else judgments.read_ldc_assessments
    _check(_file(tmp_path_factory, "a.csv", hostile(data, seed.encode())), reader)


@FUZZ
@given(data=st.data(), which=st.sampled_from(list(DUC_SEEDS)))
def test_fuzz_duc(tmp_path_factory, data, which):
    raw = hostile(data, DUC_SEEDS[which].encode("latin-1"))
    if which.startswith("summary"):
        _check(_file(tmp_path_factory, "D30001.M.100.T.A", raw), duc.read_summary)
    else:
        spec = "duc2004-see" if which == "see2004" else "duc2004-responsiveness"
        _check(_file(tmp_path_factory, "table", raw), lambda p: duc.read_table(p, spec))


@FUZZ
@given(data=st.data(), which=st.sampled_from(["manual", "rouge", "aesop", "pyramid", "annotation"]))
def test_fuzz_tac_and_pyramids(tmp_path_factory, data, which):
    seed = TAC_SAMPLES[which]
    raw = hostile(data, seed.encode("utf-8"))
    if which == "pyramid":
        _check(_file(tmp_path_factory, "D0801-A.pyr", raw), pyramid.read_pyramid)
    elif which == "annotation":
        _check(_file(tmp_path_factory, "D0801-A.M.100.A.1", raw), pyramid.read_peer_annotation)
    elif which == "manual":
        _check(
            _file(tmp_path_factory, "manual.peer", raw),
            lambda p: duc.read_table(p, tac.TABLES["tac2008-manual.peer"]),
        )
    elif which == "rouge":
        _check(_file(tmp_path_factory, "rouge.m.out", raw), tac.read_rouge_output)
    else:
        _check(
            _file(tmp_path_factory, "aesop_allpeers_A", raw), lambda p: tac.read_aesop(p, 2009, "A")
        )


@settings(
    FUZZ, max_examples=25, deadline=timedelta(seconds=15)
)  # regex checks its 0.5 s limit coarsely
@given(
    data=st.data(),
    regex=st.sampled_from(["(a|aa)+$", "(a+)+$", "(x+x+)+y", "[-]*\\n(.*)*\\n", "((((((a))))))*"]),
    line=st.sampled_from(["a" * 40 + "!", "x" * 60, "-" * 50]),
)
def test_fuzz_pyramid_header_regex(tmp_path_factory, data, regex, line):
    text = (
        f'<?xml version="1.0"?>\n<pyramid>\n<startDocumentRegEx><![CDATA[{regex}]]></startDocumentRegEx>\n'
        f"<text><line>{line}</line><line>{line}</line></text>\n</pyramid>\n"
    )
    _check(_file(tmp_path_factory, "D0801-A.pyr", text.encode()), pyramid.read_pyramid)


@FUZZ
@given(data=st.data(), compress=st.booleans())
def test_fuzz_safe_pickle(tmp_path_factory, data, compress):
    raw = pickle.dumps(
        {"a": [1, 2.5, "x"], "b": ({1, 2}, b"\x00\xff")},
        protocol=data.draw(st.sampled_from([0, 2, 4])),
    )
    raw = corrupt(data, raw, max_cut=10)
    if compress:
        raw = bz2.compress(raw)
    try:
        safe_pickle.loads(raw, "fuzz.pkl")
    except EvalkitError as exc:
        assert "fuzz.pkl" in str(exc)


@FUZZ
@given(data=st.data(), which=st.sampled_from(["config", "list", "see"]))
def test_fuzz_rouge_inputs(tmp_path_factory, data, which):
    seed = {
        "config": '<ROUGE_EVAL version="1.5.5"><EVAL ID="1"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m'
        '</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">a</P></PEERS>'
        '<MODELS><M ID="A">b</M></MODELS></EVAL></ROUGE_EVAL>\n',
        "list": "peer.txt model1.txt model2.txt\n",
        "see": SEE,
    }[which]
    path = _file(tmp_path_factory, "rouge.in", hostile(data, seed.encode("latin-1")))
    reader = {
        "config": rouge_formats.read_xml_config,
        "list": lambda p: rouge_formats.read_file_list(p, "SPL"),
        "see": lambda p: rouge_formats.read_summary(p, "SEE"),
    }[which]
    _check(path, lambda p: reader(str(p)))


# --------------------------------------------------------------------------- issue 28
# Every reader of evalkit.data and evalkit.text (``READERS``; ``test_every_reader_is_fuzzed``
# walks the modules to keep the list complete). Each gets the named hostile cases of
# ``CASES`` and hypothesis' damaged files; a reader may return or raise an evalkit error
# naming the file (or its folder), nothing else, within ``TIME_BOUND`` seconds per case
# (SIGALRM on the reader: a linear reader needs milliseconds, the quadratic TDT scan took
# 42 s on 20k unclosed <DOC>, the backtracking ONTOPIC regex 22 s on 30k spaces).

import inspect  # noqa: E402
import json  # noqa: E402
import pkgutil  # noqa: E402
import signal  # noqa: E402
import warnings  # noqa: E402
from contextlib import contextmanager  # noqa: E402
from importlib import import_module  # noqa: E402

import pytest  # noqa: E402

import evalkit.data  # noqa: E402
import evalkit.text  # noqa: E402
from evalkit.data import (  # noqa: E402
    asiya,
    compounds,
    duc_documents,
    hong2014,
    meetings,
    questionnaires,
    relevance,
    tac_guided,
    trec_qa,
    tsv,
)
from evalkit.text import decompound_lexicon, parse, rouge_resources, trees  # noqa: E402

TIME_BOUND = 10


@contextmanager
def time_bound(seconds: int = TIME_BOUND):
    """Fail the case when the reader runs longer than ``seconds`` (a hang or a quadratic
    scan), instead of letting the suite run for minutes."""

    def expire(signum, frame):
        raise TimeoutError(f"reader still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def _tsv_files(folder: Path, files: dict) -> None:
    for name, text in files.items():
        (folder / name).write_text(text, encoding="utf-8")


MEETING_FILES = {
    "meetings.tsv": "meeting\tsplit\nm1\ttest\n",
    "units.tsv": "meeting\tda\tposition\tspeaker\tstart\tend\tmanual\tasr\n"
    "m1\td1\t0\tA\t0.0\t1.5\thello there\thello\nm1\td2\t1\tB\t1.5\t2.0\tyes\tyes\n",
    "extracts.tsv": "meeting\tannotator\tda\nm1\tA1\td1\n",
    "system_extracts.tsv": "meeting\tapproach\ttranscript\tda\nm1\tmmr\tmanual\td2\n",
    "ratings.tsv": "judge\tmeeting\tapproach\ttranscript\tstatement\trating\nj1\tm1\tmmr\tmanual\tINF1\t5\n",
}
STUDY_FILES = {
    "stories.tsv": "story\twords\tsentences\ns1\t120\t6\n",
    "summaries.tsv": "story\tauthor\tsummary\ns1\tA\tA summary.\ns1\tB\tAnother.\n",
    "questions.tsv": "story\tauthor\tquestion\ttext\texpected\ns1\tA\t1\tWho?\tHim\n",
    "grades.tsv": "story\tsummary_author\tquestion_author\tquestion\tlabel\tanswer\ns1\tB\tA\t1\tR\tHim\n",
}
RELEVANCE_FILES = {
    "events.tsv": "event\tdescription\ne1\tA flood.\n",
    "documents.tsv": "event\tdocument\trelevant\ttext\ne1\td1\t1\tWater rose.\n",
    "surrogates.tsv": "event\tdocument\tkind\tindex\ttext\ne1\td1\tHEAD\t1\tFlood\n",
    "judgments.tsv": "subject\tevent\tdocument\tpresentation\tposition\tjudgment\tseconds\n"
    "s1\te1\td1\tHEAD\t1\t1\t12.5\n",
}
QA_FILES = {
    "nuggets.txt": "1 1 vital first nugget\n1 2 okay second nugget\n",
    "responses.txt": "1 run1 APW1 an answer string\n",
    "judgments.txt": "1 run1 1 1\n1 run1 2 0\n",
    "votes.txt": "1 1 A vital\n1 2 A okay\n",
}
NXT = '<nite:root xmlns:nite="http://nite.sourceforge.net/">{}</nite:root>'
ICSI_FILES = {
    "Bed004.A.words.xml": NXT.format(
        '<w nite:id="w1" starttime="0.0" endtime="0.4">so</w>'
        '<w nite:id="w2" starttime="0.4" endtime="0.9">yes</w>'
    ),
    "Bed004.A.dialogue-acts.xml": NXT.format(
        '<dialogueact nite:id="da1"><nite:child href="Bed004.A.words.xml#id(w1)..id(w2)"/></dialogueact>'
    ),
    "Bed004.B.extsumm.xml": NXT.format(
        '<extsumm nite:id="e1"><nite:child href="Bed004.A.dialogue-acts.xml#id(da1)"/></extsumm>'
    ),
}
COMPOUND_FILES = {
    "gold.tsv": "word\tdecompositions\tsegmentation\nhausboot\thaus#boot\thaus#boot\n",
    "lexicon.tsv": "form\tlemma\tpos\nhaus\thaus\tN\nboot\tboot\tN\n",
    "config.json": json.dumps({"connectors": ["s"], "max_elements": 3}),
    "truth.tsv": "word\tparts\tlexicalized\tunknown_part\tinflected\tconnectors\nhausboot\t2\t0\t\t0\t\n",
}
CONLLU = "# text = a b\n1\ta\ta\tX\tX\t_\t0\troot\t_\t_\n2\tb\tb\tX\tX\t_\t1\tdep\t_\t_\n\n"


def _in_folder(files: dict, target: str, read):
    """A reader of one file of a folder layout: the other files valid, ``target`` fuzzed."""

    def run(path: Path):
        folder = path.parent
        _tsv_files(folder, {k: v for k, v in files.items() if k != target})
        return read(folder)

    return target, files[target].encode("utf-8"), run


def _compound_reader(target):
    def read(folder):
        return compounds.read_compound_folder(folder.parent, languages=[folder.name])

    return _in_folder(COMPOUND_FILES, target, read)


def _cache_reader(path: Path):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", parse.ParseCacheWarning)
        cache = parse.ParseCache(path)
        cache.get_many(["k"])
        cache.put_many([("k", "{}")])
        cache.close()


def _sqlite_seed() -> bytes:
    import sqlite3
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        db = Path(d) / "c.sqlite"
        con = sqlite3.connect(db)
        con.execute("CREATE TABLE parses (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
        con.execute('INSERT INTO parses VALUES (\'k\', \'{"conllu": "", "ptb": null}\')')
        con.commit()
        con.close()
        return db.read_bytes()


#: reader name -> (file name, valid content, reader of the path)
READERS = {
    "asiya.read_scores": (
        "scores.seg.score",
        b"bleu\tde-en\tnews\tsys1\t1\t0.5\nbleu\tde-en\tnews\tsys1\t2\t0.25\n",
        asiya.read_scores,
    ),
    "compounds.read_compound_folder": _compound_reader("gold.tsv"),
    "compounds.read_config_json": _compound_reader("config.json"),
    "compounds.truth": _compound_reader("truth.tsv"),
    "duc_documents.read_document_file": (
        "APW19981016.0240",
        b"<DOC>\n<DOCNO> APW19981016.0240 </DOCNO>\n<TEXT>\nA storm hit. People fled.\n</TEXT>\n</DOC>\n",
        duc_documents.read_document_file,
    ),
    "hong2014.read_hong2014": (
        "d30001t.DPP",
        b"One sentence .\nAnother one .\n",
        lambda p: hong2014.read_hong2014(p.parents[2], ["D30001"], ["DPP"]),
    ),
    "meetings.read_meeting_corpus": _in_folder(
        MEETING_FILES, "units.tsv", meetings.read_meeting_corpus
    ),
    "meetings.ratings": _in_folder(MEETING_FILES, "ratings.tsv", meetings.read_meeting_corpus),
    "meetings.read_icsi_nxt": _in_folder(
        ICSI_FILES, "Bed004.A.dialogue-acts.xml", meetings.read_icsi_nxt
    ),
    "meetings.icsi_words": _in_folder(ICSI_FILES, "Bed004.A.words.xml", meetings.read_icsi_nxt),
    "questionnaires.read_questionnaire_study": _in_folder(
        STUDY_FILES, "grades.tsv", questionnaires.read_questionnaire_study
    ),
    "relevance.read_relevance_task": _in_folder(
        RELEVANCE_FILES, "judgments.tsv", relevance.read_relevance_task
    ),
    "relevance.read_tdt_relevance": (
        "relevance.table",
        b'<ONTOPIC topicid=30001 level=YES docno=APW1 fileid=f comments="x y">\n'
        b"<ONTOPIC topicid=30001 level=NO docno=APW2 fileid=f comments=NO>\n",
        relevance.read_tdt_relevance,
    ),
    "relevance.read_tdt_documents": (
        "docs.sgm",
        b"<DOC>\n<DOCNO> APW1 </DOCNO>\n<TEXT>\nWater <p>rose</p>.\n</TEXT>\n</DOC>\n"
        b"<DOC>\n<DOCNO> APW2 </DOCNO>\n<TEXT>\nRain.\n</TEXT>\n</DOC>\n",
        relevance.read_tdt_documents,
    ),
    "tac_guided.read_topics": (
        "topics.xml",
        b'<?xml version="1.0"?>\n<TACtaskdata>\n<topic id = "D1001A" category = "1">\n</topic>\n'
        b'<topic id = "D1002B" category = "5">\n</topic>\n</TACtaskdata>\n',
        tac_guided.read_topics,
    ),
    "tac_guided.read_scu_aspects": (
        "scu_aspects.txt",
        b"D1001-A 12 1.1 1.2\nD1001-A 13\n",
        lambda p: tac_guided.read_scu_aspects(p, {"D1001-A": "accidents"}),
    ),
    "trec_qa.read_nuggets": _in_folder(QA_FILES, "nuggets.txt", trec_qa.read_trec_qa),
    "trec_qa.read_responses": _in_folder(QA_FILES, "responses.txt", trec_qa.read_trec_qa),
    "trec_qa.read_judgments": _in_folder(QA_FILES, "judgments.txt", trec_qa.read_trec_qa),
    "trec_qa.read_votes": _in_folder(QA_FILES, "votes.txt", trec_qa.read_trec_qa),
    "tsv.read_tsv": (
        "judgments.tsv",
        RELEVANCE_FILES["judgments.tsv"].encode(),
        lambda p: tsv.read_tsv(p, relevance.SPECS["judgments"], unique=("subject",)),
    ),
    "wmt.read_text_lines": ("plain.txt", b"one line\ntwo lines\n", wmt.read_text_lines),
    "decompound_lexicon.read_word_list": (
        "words.txt",
        b"haus\nboot\n",
        decompound_lexicon.read_word_list,
    ),
    "decompound_lexicon.read_hunspell_dic": (
        "de.dic",
        b"2\nhaus/AB\nboot\n",
        decompound_lexicon.read_hunspell_dic,
    ),
    "decompound_lexicon.aff": (
        "de.aff",
        b"SET ISO8859-1\nTRY abc\n",
        lambda p: (
            p.with_suffix(".dic").write_bytes(b"1\nhaus\n"),
            decompound_lexicon.read_hunspell_dic(p.with_suffix(".dic")),
        )[1],
    ),
    "decompound_lexicon.read_lexicon_tsv": (
        "lexicon.tsv",
        COMPOUND_FILES["lexicon.tsv"].encode(),
        decompound_lexicon.read_lexicon_tsv,
    ),
    "decompound_lexicon.read_gold_tsv": (
        "gold.tsv",
        COMPOUND_FILES["gold.tsv"].encode(),
        decompound_lexicon.read_gold_tsv,
    ),
    "trees.read_conllu": ("t.conllu", CONLLU.encode(), trees.read_conllu),
    "trees.read_ptb": ("t.ptb", b"(S (NP (PRP I)) (VP (VBD ran)))\n(X y)\n", trees.read_ptb),
    "parse.PreParsed.from_files": (
        "t.ptb",
        b"(S (NP (PRP I)) (VP (VBD ran)))\n",
        lambda p: parse.PreParsed.from_files(["I ran"], ptb=p),
    ),
    "parse.PreParsed.from_conllu": ("t.conllu", CONLLU.encode(), parse.PreParsed.from_conllu),
    "parse.ParseCache": ("cache.sqlite", None, _cache_reader),
    "rouge_resources.load_stopwords": ("stop.txt", b"the\na\nof\n", rouge_resources.load_stopwords),
}


def _lines_of(raw: bytes):
    return raw.split(b"\n")


def _case(name: str, raw: bytes) -> bytes:
    lines = _lines_of(raw)
    if name == "empty":
        return b""
    if name == "truncated":
        return raw[: max(1, len(raw) * 2 // 3)]
    if name == "utf16":
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:  # a binary seed (the SQLite cache)
            text = raw.decode("latin-1")
        return text.replace("a", "\u00e4", 1).encode("utf-16")
    if name == "latin1":
        return raw.replace(b"a", "\u00e4".encode("latin-1"), 2)
    if name == "bom":
        return b"\xef\xbb\xbf" + raw
    if name == "nul":
        return raw[: len(raw) // 2] + b"\x00" + raw[len(raw) // 2 :]
    if name == "huge_line":
        return raw + b"x" * 500_000 + b"\n"
    if name == "deep_nesting":
        deep = b"<a>" * 10000 + b"(" * 10000 + b"[" * 10000 + b"{" * 10000
        return raw[: len(raw) // 2] + deep + raw[len(raw) // 2 :]
    if name == "duplicate_id":
        return b"\n".join(lines[:1] + lines[1:] + lines[1:]) if len(lines) > 1 else raw + raw
    if name == "out_of_range":  # the first numbers negative, non-finite, non-ASCII, huge
        bad = iter([b"-999", b"nan", "\u0661".encode(), b"inf", b"9" * 400, b"1_0"])
        return re.sub(rb"(?<![A-Za-z])[0-9]+(?:\.[0-9]+)?", lambda m: next(bad, m.group()), raw)
    raise AssertionError(name)


CASES = [
    "empty",
    "truncated",
    "utf16",
    "latin1",
    "bom",
    "nul",
    "huge_line",
    "deep_nesting",
    "duplicate_id",
    "out_of_range",
]


def _seed(name: str) -> bytes:
    raw = READERS[name][1]
    return _sqlite_seed() if raw is None else raw


def _place(tmp_path_factory, name: str, data: bytes) -> Path:
    file_name = READERS[name][0]
    folder = tmp_path_factory.mktemp("r28")
    if name.startswith("hong2014"):
        folder = folder / "SOAsums" / "DPP"
    elif name.startswith("compounds"):
        folder = folder / "xx"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file_name
    path.write_bytes(data)
    return path


def _check_reader(name: str, path: Path) -> None:
    read = READERS[name][2]
    with time_bound():
        try:
            read(path)
        except EvalkitError as exc:
            text = str(exc)
            assert str(path.parent) in text or path.name in text, f"{name}: {text[:300]}"


@pytest.mark.parametrize("name", sorted(READERS))
def test_issue28_valid_seed_reads(tmp_path_factory, name):
    """The seeds are valid, so the cases below damage a file the reader accepts."""
    with time_bound():
        READERS[name][2](_place(tmp_path_factory, name, _seed(name)))


@pytest.mark.parametrize("case", CASES)
@pytest.mark.parametrize("name", sorted(READERS))
def test_issue28_hostile_cases(tmp_path_factory, name, case):
    _check_reader(name, _place(tmp_path_factory, name, _case(case, _seed(name))))


@settings(FUZZ, max_examples=6)
@given(data=st.data(), name=st.sampled_from(sorted(READERS)))
def test_issue28_fuzz(tmp_path_factory, data, name):
    _check_reader(name, _place(tmp_path_factory, name, hostile(data, _seed(name))))


#: Readers walked in evalkit.data/evalkit.text that are fuzzed above under another key
#: or elsewhere in this file, or that read no user file.
COVERED_ELSEWHERE = {
    "duc.read_summary": "test_fuzz_duc",
    "duc.read_summaries": "test_fuzz_duc (read_summary per file)",
    "duc.read_table": "test_fuzz_duc, test_fuzz_tac_and_pyramids",
    "duc.read_decoded": "test_fuzz_duc (read_summary)",
    "duc.read_corpus": "read_summaries and read_table",
    "duc_documents.read_documents": "read_document_file per file",
    "duc_documents.read_document_collection": "read_documents",
    "judgments.read_assessments_csv": "test_fuzz_judgments",
    "judgments.read_ldc_assessments": "test_fuzz_judgments",
    "judgments.read_mt_evaluation": "test_fuzz_judgments (yaml)",
    "nist_sgml.read_nist": "test_fuzz_nist_sgml",
    "pyramid.read_pyramid": "test_fuzz_tac_and_pyramids",
    "pyramid.read_peer_annotation": "test_fuzz_tac_and_pyramids",
    "safe_pickle.load": "test_fuzz_safe_pickle",
    "tac.read_rouge_output": "test_fuzz_tac_and_pyramids",
    "tac.read_aesop": "test_fuzz_tac_and_pyramids",
    "tac.read_corpus": "read_table, read_pyramid, read_peer_annotation",
    "trec_qa.read_trec_qa": "the four trec_qa readers above",
    "tsv.read_tsv_folder": "tsv.read_tsv and the folder layouts above",
    "wmt.read_plain": "test_fuzz_wmt",
    "wmt.read_fake_sgml": "test_fuzz_wmt",
    "wmt.read_scr": "test_fuzz_wmt",
    "wmt.read_darr": "test_fuzz_wmt",
    "published.read_published": "reads only the repository's data/published tables "
    "(tests/test_data_utilities.py)",
    "model.load_corpus": "reads folders written by Corpus.save; every table is validated",
    "wordnet.load_wordnet": "opens WordNet through nltk's reader of the installed database",
}


def walked_readers():
    """``module.function`` of every file reader in evalkit.data and evalkit.text: the
    public ``read_*`` functions, ``load_corpus``, ``load_stopwords``, ``load_wordnet``,
    ``safe_pickle.load``, ``PreParsed.from_*`` and ``ParseCache``."""
    found = set()
    for package in (evalkit.data, evalkit.text):
        for info in pkgutil.iter_modules(package.__path__):
            if info.name.startswith("_") or info.ispkg:
                continue
            module = import_module(f"{package.__name__}.{info.name}")
            for fname, obj in vars(module).items():
                if not inspect.isfunction(obj) or obj.__module__ != module.__name__:
                    continue
                if fname.startswith("read_") or fname in (
                    "load_corpus",
                    "load_stopwords",
                    "load_wordnet",
                ):
                    found.add(f"{info.name}.{fname}")
    found |= {
        "safe_pickle.load",
        "parse.PreParsed.from_files",
        "parse.PreParsed.from_conllu",
        "parse.ParseCache",
    }
    return found


def test_every_reader_is_fuzzed():
    missing = walked_readers() - set(READERS) - set(COVERED_ELSEWHERE)
    assert not missing, f"readers without fuzz cases: {sorted(missing)}"


def test_readme_lists_every_reader():
    """data/README.md's "What each reader refuses" names every walked reader."""
    readme = (Path(__file__).resolve().parents[1] / "data" / "README.md").read_text(
        encoding="utf-8"
    )
    section = readme.split("### What each reader refuses", 1)[1].split("\n## ", 1)[0]
    listed = set()
    for row in section.splitlines():
        if not row.startswith("| `"):
            continue
        first = row.split("|")[1]
        scope = None  # "module" or "module.Class" of the row's first name
        for name in re.findall(r"`([A-Za-z0-9_.]+)`", first):
            if "." in name:
                scope, _, name = name.rpartition(".")
            if scope:
                listed.add(f"{scope}.{name}")
    missing = sorted(walked_readers() - listed)
    assert not missing, f"readers missing from data/README.md: {missing}"
