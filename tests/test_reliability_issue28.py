"""Issue 28: readers, commands and caches added for the nineteen papers, tried as a careless
or hostile user would. Every fixture is written by the test; each test failed before the
fix it guards (the issue's item number is in its name)."""

from __future__ import annotations

import os
import sqlite3
import time
import warnings
from pathlib import Path

import pandas as pd
import pytest

from evalkit.cli import main as evalkit_main
from evalkit.data import compounds, hong2014, meetings, questionnaires, relevance, trec_qa, tsv
from evalkit.data import public, pyramid, tac_guided
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text import decompound_lexicon, parse, trees

BOM = b"\xef\xbb\xbf"


def put(path: Path, data, encoding="utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data if isinstance(data, bytes) else data.encode(encoding))
    return path


def run_cli(argv, capsys):
    code = evalkit_main([str(a) for a in argv])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


# --------------------------------------------------------------------------- item 2
JUDGMENTS_HEADER = "subject\tevent\tdocument\tpresentation\tposition\tjudgment\tseconds\n"


@pytest.mark.parametrize(
    "seconds", ["nan", "inf", "-inf", "-999", "1e999", "\u0661\u0662", "1_0", " 5", "5 ", "+-1"]
)
def test_item2_tsv_refuses_non_finite_negative_and_odd_numbers(tmp_path, seconds):
    path = put(
        tmp_path / "judgments.tsv", JUDGMENTS_HEADER + f"s1\te1\td1\tHEAD\t1\t1\t{seconds}\n"
    )
    with pytest.raises(InputFormatError, match=r"judgments\.tsv, line 2: expected .*'seconds'"):
        tsv.read_tsv(path, relevance.SPECS["judgments"])


@pytest.mark.parametrize("position", ["-999", "\u0661", "\u00b2", "1_0", " 1", "1.0", "1e3"])
def test_item2_tsv_integers_are_plain_ascii_digits(tmp_path, position):
    path = put(
        tmp_path / "judgments.tsv", JUDGMENTS_HEADER + f"s1\te1\td1\tHEAD\t{position}\t1\t2.5\n"
    )
    with pytest.raises(InputFormatError, match=r"line 2: expected .*'position'"):
        tsv.read_tsv(path, relevance.SPECS["judgments"])


def test_item2_tsv_ratings_on_their_scale(tmp_path):
    header = "judge\tmeeting\tapproach\ttranscript\tstatement\trating\n"
    for bad in ("-999", "0", "8"):
        path = put(tmp_path / "ratings.tsv", header + f"j\tm\ta\tmanual\tINF1\t{bad}\n")
        with pytest.raises(InputFormatError, match=r"an integer from 1 to 7 in column 'rating'"):
            tsv.read_tsv(path, meetings.SPECS["ratings"])
    path = put(tmp_path / "ratings.tsv", header + "j\tm\ta\tmanual\tINF1\t7\n")
    assert tsv.read_tsv(path, meetings.SPECS["ratings"])["rating"].tolist() == [7]
    stories = put(tmp_path / "stories.tsv", "story\twords\tsentences\ns1\t-999\t3\n")
    with pytest.raises(InputFormatError, match="'words'"):
        tsv.read_tsv(stories, questionnaires.SPECS["stories"])


def test_item2_tsv_writer_refuses_what_the_reader_refuses(tmp_path):
    frame = pd.DataFrame({"a": ["x"], "v": [float("inf")]})
    with pytest.raises(ParameterError):
        tsv.write_tsv(tmp_path / "t.tsv", frame, {"a": "str", "v": "float"})
    frame = pd.DataFrame({"a": ["x"], "v": [9]})
    with pytest.raises(ParameterError):
        tsv.write_tsv(tmp_path / "t.tsv", frame, {"a": "str", "v": tsv.number("int", 1, 7)})


def _two_systems(tmp_path):
    put(tmp_path / "s1.txt", "a b c d\ne f g h\n")
    put(tmp_path / "s2.txt", "a b x d\ne f g y\n")
    put(tmp_path / "ref.txt", "a b c d\ne f g h\n")
    return [tmp_path / "s1.txt", tmp_path / "s2.txt", "--refs", tmp_path / "ref.txt"]


def test_item2_significance_refuses_inf_in_human_file(tmp_path, capsys):
    human = put(
        tmp_path / "human.tsv",
        "system\tdocument\tsegment\tscore\ns1\t\t1\t0.5\ns1\t\t2\tinf\ns2\t\t1\t0.1\ns2\t\t2\t0.2\n",
    )
    argv = ["significance", *_two_systems(tmp_path), "--metric", "bleu", "--metric", "chrf"]
    code, out, err = run_cli([*argv, "--human", human, "-j", "0", "-q"], capsys)
    assert code == 2 and out == ""
    assert "human.tsv, line 3" in err and "'score'" in err


# --------------------------------------------------------------------------- item 3
def _hong(tmp_path, name="d30001t.DPP", data=b"One sentence .\nTwo .\n"):
    put(tmp_path / "SOAsums" / "DPP" / name, data)
    return tmp_path


@pytest.mark.parametrize(
    "data, what",
    [
        ("Caf\u00e9 ol\u00e9 .\n".encode("utf-16"), "NUL"),
        ("Caf\u00e9 .\n".encode("utf-8"), "UTF-8"),
    ],
)
def test_item3_hong2014_refuses_wrong_encodings(tmp_path, data, what):
    root = _hong(tmp_path, data=data)
    with pytest.raises(InputFormatError, match=rf"d30001t\.DPP, line 1: .*{what}"):
        hong2014.read_hong2014(root, ["D30001"], ["DPP"])
    ok = (
        hong2014.read_hong2014(root, ["D30001"], ["DPP"], encoding="auto")
        if what == "UTF-8"
        else None
    )
    assert ok is None or ok["sentences"][0] == ("Caf\u00e9 .",)


def test_item10_hong2014_bom_and_duplicate_docsets(tmp_path):
    root = _hong(tmp_path, data=BOM + "Caf\u00e9 .\n".encode("utf-8"))
    assert hong2014.read_hong2014(root, ["D30001"], ["DPP"])["sentences"][0] == ("Caf\u00e9 .",)
    put(tmp_path / "SOAsums" / "DPP" / "D30001.DPP", b"Other .\n")
    with pytest.raises(InputFormatError, match=r"D30001\.DPP is docset d30001 too.*d30001t\.DPP"):
        hong2014.read_hong2014(root, ["D30001"], ["DPP"])


# --------------------------------------------------------------------------- items 4 and 9
def _doc(i: int) -> str:
    return f"<DOC>\n<DOCNO> D{i} </DOCNO>\n<TEXT>\nword <b>{i}</b> here\n</TEXT>\n</DOC>\n"


def test_item4_tdt_documents_cut_short_or_with_text_outside(tmp_path):
    full = "".join(_doc(i) for i in range(5))
    assert len(relevance.read_tdt_documents(put(tmp_path / "ok.sgm", full))) == 5
    cut = put(tmp_path / "cut.sgm", full[: full.rindex("</DOC>")])
    with pytest.raises(InputFormatError, match=r"cut\.sgm, line 25: expected a </DOC>"):
        relevance.read_tdt_documents(cut)
    outside = put(tmp_path / "out.sgm", _doc(1) + "stray text\n" + _doc(2))
    with pytest.raises(InputFormatError, match=r"out\.sgm, line 7: expected only white space"):
        relevance.read_tdt_documents(outside)
    nested = put(tmp_path / "nest.sgm", "<DOC>\n" + _doc(1))
    with pytest.raises(InputFormatError, match=r"nest\.sgm, line 2: expected </DOC> closing"):
        relevance.read_tdt_documents(nested)


def _best_of(k, fn):
    best = float("inf")
    for _ in range(k):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best


def test_item9_tdt_documents_linear(tmp_path):
    """4x the documents must not take 16x the time (the quadratic scan did; ratio, not a
    wall-clock limit)."""
    small = put(tmp_path / "s.sgm", "".join(_doc(i) for i in range(2500)))
    large = put(tmp_path / "l.sgm", "".join(_doc(i) for i in range(10000)))
    t_small = _best_of(5, lambda: relevance.read_tdt_documents(small))
    t_large = _best_of(5, lambda: relevance.read_tdt_documents(large))
    assert t_large / t_small < 10, (t_small, t_large)
    unclosed = put(tmp_path / "u.sgm", "<DOC>\n" * 20000)
    t_unclosed = _best_of(
        1, lambda: pytest.raises(InputFormatError, relevance.read_tdt_documents, unclosed)
    )
    assert t_unclosed < 20 * t_large + 1.0, (t_unclosed, t_large)


@pytest.mark.parametrize(
    "line",
    [
        "<ONTOPIC " + " " * 30000 + "x",
        "<ONTOPIC topicid=1 level=YES docno=D1" + " " * 30000 + "=>",
        "<ONTOPIC " + "a" * 30000 + ">",
    ],
)
def test_item9_tdt_relevance_has_no_backtracking(tmp_path, line):
    good = put(tmp_path / "good.table", "<ONTOPIC topicid=1 level=YES docno=D1 fileid=f>\n" * 1)
    t_good = _best_of(3, lambda: relevance.read_tdt_relevance(good))
    path = put(tmp_path / "r.table", line + "\n")
    t0 = time.perf_counter()
    with pytest.raises(InputFormatError, match=r"r\.table, line 1"):
        relevance.read_tdt_relevance(path)
    # a 30k-character line takes as long as reading 30k characters, not 30k^2 steps (22 s)
    assert time.perf_counter() - t0 < 200 * t_good + 1.0


def test_item4_tdt_relevance_reads_quoted_comments_and_refuses_repeats(tmp_path):
    path = put(
        tmp_path / "r.table",
        '<ONTOPIC topicid=30001 level=BRIEF docno=D1 fileid=f comments="a, b">\n'
        "<ONTOPIC topicid=30001 level=NO docno=D2 fileid=f comments=NO>\n",
    )
    frame = relevance.read_tdt_relevance(path)
    assert frame["relevant"].tolist() == [1, 0]
    put(path, path.read_text() + "<ONTOPIC topicid=30001 level=YES docno=D1>\n")
    with pytest.raises(
        InputFormatError, match=r"line 3: expected each \(topicid, docno\) once \(first on line 1\)"
    ):
        relevance.read_tdt_relevance(path)


# --------------------------------------------------------------------------- items 5 and 8: ICSI
def _words(ids_times):
    ws = "".join(
        f'<w nite:id="{i}" starttime="{a}" endtime="{b}">w{i}</w>' for i, a, b in ids_times
    )
    return f'<nite:root xmlns:nite="http://nite.sourceforge.net/">{ws}</nite:root>'


def _das(spans, prefix="Bed004.A.words.xml"):
    das = "".join(
        f'<dialogueact nite:id="{d}"><nite:child href="{prefix}#id({a})..id({b})"/></dialogueact>'
        for d, a, b in spans
    )
    return f'<nite:root xmlns:nite="http://nite.sourceforge.net/">{das}</nite:root>'


def _icsi(tmp_path, words=None, das=None):
    words = words or _words([("w1", "0.0", "0.5"), ("w2", "0.5", "1.0"), ("w3", "1.0", "1.5")])
    put(tmp_path / "Bed004.A.words.xml", words)
    put(
        tmp_path / "Bed004.A.dialogue-acts.xml",
        das or _das([("da1", "w1", "w2"), ("da2", "w3", "w3")]),
    )
    return tmp_path


def test_item5_icsi_reads_a_valid_meeting(tmp_path):
    corpus = meetings.read_icsi_nxt(_icsi(tmp_path))
    assert corpus.units["manual"].tolist() == ["ww1 ww2", "ww3"]


def test_item5_icsi_refuses_duplicate_dialogue_act_ids(tmp_path):
    root = _icsi(tmp_path, das=_das([("da1", "w1", "w2"), ("da1", "w3", "w3")]))
    with pytest.raises(
        InputFormatError,
        match=r"dialogue-acts\.xml: expected each dialogue-act id once, found 'da1",
    ):
        meetings.read_icsi_nxt(root)


def test_item5_icsi_refuses_duplicate_word_ids(tmp_path):
    root = _icsi(tmp_path, words=_words([("w1", "0", "1"), ("w1", "1", "2"), ("w3", "2", "3")]))
    with pytest.raises(InputFormatError, match=r"words\.xml: expected each word id once"):
        meetings.read_icsi_nxt(root)


@pytest.mark.parametrize(
    "start, end", [("nan", "1"), ("0", "inf"), ("-1", "1"), ("2", "1"), ("\u0661", "2")]
)
def test_item5_icsi_refuses_bad_times(tmp_path, start, end):
    root = _icsi(
        tmp_path,
        words=_words([("w1", start, end), ("w2", "1", "2"), ("w3", "2", "3")]),
        das=_das([("da1", "w1", "w1"), ("da2", "w2", "w3")]),
    )
    with pytest.raises(InputFormatError, match=r"dialogue-acts\.xml: expected .*(time|end)"):
        meetings.read_icsi_nxt(root)


def test_item10_icsi_reversed_range_says_so(tmp_path):
    root = _icsi(tmp_path, das=_das([("da1", "w3", "w1")]))
    with pytest.raises(InputFormatError, match=r"whose X comes before Y.*id\(w3\)\.\.id\(w1\)"):
        meetings.read_icsi_nxt(root)


def test_item8_icsi_without_dialogue_acts_and_odd_names(tmp_path):
    root = _icsi(tmp_path / "a", das='<nite:root xmlns:nite="http://nite.sourceforge.net/"/>')
    with pytest.raises(
        InputFormatError, match=r"expected at least one <dialogueact> for meeting Bed004"
    ):
        meetings.read_icsi_nxt(root)
    odd = tmp_path / "b"
    put(odd / "*.A.words.xml", _words([("w1", "0", "1")]))
    with pytest.raises(InputFormatError, match=r"\*\.A\.words\.xml: expected a words file named"):
        meetings.read_icsi_nxt(odd)
    with pytest.raises(InputFormatError, match="a folder of ICSI NXT files"):
        meetings.read_icsi_nxt(put(tmp_path / "file.xml", "x"))


# --------------------------------------------------------------------------- items 5 and 8: decompounding
def _compound_language(root: Path, config: str = None, truth: bytes = None) -> Path:
    lang = root / "xx"
    put(lang / "gold.tsv", "word\tdecompositions\nhausboot\thaus#boot\n")
    put(lang / "lexicon.tsv", "form\tlemma\tpos\nhaus\thaus\tN\nboot\tboot\tN\n")
    if config is not None:
        put(lang / "config.json", config)
    if truth is not None:
        put(lang / "truth.tsv", truth)
    return root


def test_item5_connectors_string_is_refused(tmp_path):
    root = _compound_language(tmp_path, config='{"connectors": "en"}')
    with pytest.raises(
        InputFormatError, match=r'config\.json: expected "connectors": a list of non-empty strings'
    ):
        compounds.read_compound_folder(root)
    root = _compound_language(tmp_path, config='{"connectors": ["en", "s"]}')
    assert compounds.read_compound_folder(root).languages["xx"].config.connectors == ("en", "s")


@pytest.mark.parametrize(
    "config, expected",
    [
        ("[" * 100000 + "]" * 100000, "not nested deeply"),
        ("[1, 2]", "a JSON object"),
        ('{"connectors": [1]}', "non-empty strings"),
        ('{"max_elements": "4"}', "LangConfig fields"),
        ("{", "JSON"),
    ],
)
def test_item8_decompounding_config_cases(tmp_path, config, expected):
    root = _compound_language(tmp_path, config=config)
    with pytest.raises(InputFormatError, match=rf"config\.json.*{expected}"):
        compounds.read_compound_folder(root)


@pytest.mark.parametrize(
    "truth, expected",
    [
        (b"", r"line 1: expected a header"),
        (
            "word\tparts\tlexicalized\tunknown_part\tinflected\tconnectors\nh\u00e4us\t2\t0\t\t0\t\n".encode(
                "latin-1"
            ),
            r"line 2: expected (?i:utf-8) text",
        ),
        (
            b"word\tparts\tlexicalized\tunknown_part\tinflected\tconnectors\nhausboot\t-2\t0\t\t0\t\n",
            r"line 2: expected an integer >= 2",
        ),
    ],
)
def test_item8_decompounding_truth_cases(tmp_path, truth, expected):
    root = _compound_language(tmp_path, config='{"connectors": ["s"]}', truth=truth)
    with pytest.raises(InputFormatError, match=rf"truth\.tsv, {expected}"):
        compounds.read_compound_folder(root)


def test_item8_hunspell_aff_with_unknown_encoding(tmp_path):
    put(tmp_path / "de.aff", "SET BOGUS\n")
    dic = put(tmp_path / "de.dic", "1\nhaus/A\n")
    with pytest.raises(InputFormatError, match=r"de\.aff, line 1: expected SET <a known encoding>"):
        decompound_lexicon.read_hunspell_dic(dic)
    put(tmp_path / "de.aff", "SET ISO8859-1\n")
    put(dic, "1\nh\u00e4us/A\n", encoding="latin-1")
    assert decompound_lexicon.read_hunspell_dic(dic) == ["h\u00e4us"]
    put(dic, "\u00b2\nhaus\n")
    with pytest.raises(InputFormatError, match="entry count"):
        decompound_lexicon.read_hunspell_dic(dic)


# --------------------------------------------------------------------------- item 7: parse cache
class Counting(parse.Parser):
    name = "counting"

    def __init__(self):
        self.calls = 0

    def signature(self):
        return "counting|1"

    def _parse(self, texts):
        self.calls += len(texts)
        return [parse.Parse(trees.parse_conllu(_conllu(t))[0]) for t in texts]


def _conllu(text: str) -> str:
    words = text.split()
    return "".join(
        f"{i}\t{w}\t{w}\tX\tX\t_\t{0 if i == 1 else 1}\tdep\t_\t_\n" for i, w in enumerate(words, 1)
    )


def _filled_cache(path: Path) -> Path:
    cached = parse.CachedParser(Counting(), path)
    cached.parse_many(["a b", "c d e"])
    cached.cache.close()
    return path


@pytest.mark.parametrize("damage", ["garbage", "truncated", "directory", "tampered"])
def test_item7_damaged_cache_warns_once_and_parses_without_it(tmp_path, damage):
    path = tmp_path / "cache.sqlite"
    if damage == "directory":
        path.mkdir()
    else:
        _filled_cache(path)
        for extra in ("-wal", "-shm"):
            Path(str(path) + extra).unlink(missing_ok=True)
        if damage == "garbage":
            path.write_bytes(b"not a database at all" * 100)
        elif damage == "truncated":
            path.write_bytes(path.read_bytes()[:1500])
        else:
            with sqlite3.connect(path) as con:
                con.execute("UPDATE parses SET value = '{\"conllu\": 5}'")
            con.close()
    backend = Counting()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        cached = parse.CachedParser(backend, path)
        first = cached.parse_many(["a b", "c d e"])
        cached.parse_many(["a b", "f"])
    said = [w for w in caught if issubclass(w.category, parse.ParseCacheWarning)]
    assert len(said) == 1 and str(path) in str(said[0].message)
    assert [len(p.dep) for p in first] == [2, 3] and backend.calls >= 3


def test_item7_read_only_cache_serves_hits_without_writing(tmp_path, monkeypatch):
    path = _filled_cache(tmp_path / "cache.sqlite")
    for extra in ("-wal", "-shm"):
        Path(str(path) + extra).unlink(missing_ok=True)
    before = path.read_bytes()
    real_access = os.access
    monkeypatch.setattr(
        os, "access", lambda p, mode: False if mode == os.W_OK else real_access(p, mode)
    )
    backend = Counting()
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning: a read-only cache is not damaged
        cached = parse.CachedParser(backend, path)
        assert cached.cache.readonly
        out = cached.parse_many(["a b", "c d e", "new one"])
    assert cached.hits == 2 and backend.calls == 1 and len(out[2].dep) == 2
    assert path.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["cache.sqlite"]


# --------------------------------------------------------------------------- item 8: trees
@pytest.mark.parametrize(
    "data, expected",
    [
        (
            ("1\tcaf\u00e9\t_\tX\tX\t_\t0\troot\t_\t_\n").encode("latin-1"),
            r"line 1: expected utf-8 text",
        ),
        (
            ("1\tcafe\t_\tX\tX\t_\t0\troot\t_\t_\n").encode("utf-16"),
            r"line 1: expected text without NUL",
        ),
        (b"\xc2\xb2\tcafe\t_\tX\tX\t_\t0\troot\t_\t_\n", r"line 1: expected token ID 1"),
        (b"1\tcafe\t_\tX\tX\t_\t\xc2\xb2\troot\t_\t_\n", r"line 1: expected HEAD an integer"),
    ],
)
def test_item8_conllu_encodings_and_ids(tmp_path, data, expected):
    with pytest.raises(InputFormatError, match=rf"t\.conllu, {expected}"):
        trees.read_conllu(put(tmp_path / "t.conllu", data))


def test_item8_tree_readers_missing_file_and_directory(tmp_path):
    for reader in (trees.read_conllu, trees.read_ptb):
        with pytest.raises(InputFormatError, match="nowhere: expected an existing"):
            reader(tmp_path / "nowhere")
        with pytest.raises(InputFormatError, match="not a directory"):
            reader(tmp_path)


def test_item8_deep_trees(tmp_path):
    from nltk.tree import Tree

    deep = Tree("A", ["x"])
    for _ in range(5000):
        deep = Tree("A", [deep])
    assert trees.format_ptb(deep).count("(") == 5001
    path = put(tmp_path / "t.ptb", "(A " * 900 + "x" + ")" * 900 + "\n")
    with pytest.raises(InputFormatError, match=r"t\.ptb, line 1: expected trees nested at most"):
        parse.PreParsed.from_files(["x"], ptb=path)
    ok = put(tmp_path / "ok.ptb", "(A " * 250 + "x" + ")" * 250 + "\n")
    assert len(parse.PreParsed.from_files(["x"], ptb=ok).parse("x").to_json()) > 1000


# --------------------------------------------------------------------------- item 8: directories
def test_item8_a_directory_where_a_file_is_expected(tmp_path):
    d = tmp_path / "dir"
    d.mkdir()
    readers = [
        lambda p: tsv.read_tsv(p, {"a": "str"}),
        relevance.read_tdt_documents,
        relevance.read_tdt_relevance,
        trec_qa.read_nuggets,
        tac_guided.read_topics,
        lambda p: tac_guided.read_scu_aspects(p, {}),
        pyramid.read_pyramid,
    ]
    for read in readers:
        with pytest.raises(InputFormatError, match=r"dir: expected .*not a directory"):
            read(d)
    root = _hong(tmp_path / "h")
    (root / "SOAsums" / "DPP" / "d30002t.DPP").mkdir()
    with pytest.raises(InputFormatError, match=r"d30002t\.DPP: expected .*not a directory"):
        hong2014.read_hong2014(root, ["D30001", "D30002"], ["DPP"])
    folder = tmp_path / "qa"
    put(folder / "nuggets.txt", "1 1 vital x\n")
    put(folder / "responses.txt", "1 r d answer\n")
    put(folder / "judgments.txt", "1 r 1 1\n")
    (folder / "votes.txt").mkdir()
    with pytest.raises(InputFormatError, match=r"votes\.txt: expected .*not a directory"):
        trec_qa.read_trec_qa(folder)


# --------------------------------------------------------------------------- item 10: NUL and BOM
def _seeds(tmp_path):
    """(reader, file name, valid content) for the readers data/README.md promises NUL/BOM
    handling of."""
    return [
        (
            lambda p: tsv.read_tsv(p, {"a": "str", "n": "int"}).values.tolist(),
            "t.tsv",
            "a\tn\nx\t1\n",
        ),
        (relevance.read_tdt_documents, "d.sgm", _doc(1)),
        (
            lambda p: relevance.read_tdt_relevance(p).values.tolist(),
            "r.table",
            "<ONTOPIC topicid=1 level=YES docno=D1>\n",
        ),
        (lambda p: [trees.format_ptb(t) for t in trees.read_ptb(p)], "t.ptb", "(S (N x))\n"),
        (lambda p: [t.words for t in trees.read_conllu(p)], "t.conllu", _conllu("a b")),
        (lambda p: trec_qa.read_nuggets(p).values.tolist(), "nuggets.txt", "1 1 vital text here\n"),
        (decompound_lexicon.read_word_list, "words.txt", "haus\nboot\n"),
        (
            lambda p: decompound_lexicon.read_lexicon_tsv(p).forms,
            "lexicon.tsv",
            "form\tlemma\tpos\nhaus\thaus\tN\n",
        ),
        (
            lambda p: list(decompound_lexicon.read_gold_tsv(p)),
            "gold.tsv",
            "word\tdecompositions\nhausboot\thaus#boot\n",
        ),
    ]


def test_item10_bom_dropped_and_nul_refused(tmp_path):
    for k, (read, name, text) in enumerate(_seeds(tmp_path)):
        plain = put(tmp_path / f"plain{k}" / name, text)
        bom = put(tmp_path / f"bom{k}" / name, BOM + text.encode())
        assert read(bom) == read(plain), name
        lines = text.split("\n")
        nul = put(
            tmp_path / f"nul{k}" / name,
            ("\n".join(lines[:-2] + [lines[-2] + "\x00"]) + "\n").encode(),
        )
        with pytest.raises(
            InputFormatError, match=rf"{name}, line {len(lines) - 1}: expected text without NUL"
        ):
            read(nul)


def test_item10_tampered_mirror_file_does_not_say_delete_it(tmp_path, monkeypatch):
    entry = public.manifest()["sets"][public.SETS[0]]["files"][0]
    mirror = tmp_path / "mirror"
    put(mirror / entry["path"], b"tampered")
    monkeypatch.setenv(public.ENV_MIRROR, str(mirror))
    monkeypatch.setenv(public.ENV_DATA, str(tmp_path / "empty-cache"))
    with pytest.raises(public.ChecksumError) as info:
        public.locate(entry["path"])
    assert "delete it" not in str(info.value) and "read-only to evalkit" in str(info.value)
    assert str(mirror) in str(info.value)


# --------------------------------------------------------------------------- item 9: rouge -r
def test_item9_rouge_resamples_bounded(tmp_path, capsys):
    t0 = time.perf_counter()
    code, out, err = run_cli(["rouge", "-r", "100000000", "-a", tmp_path / "missing.xml"], capsys)
    assert code == 2 and "'-r'" in err and "100,000" in err
    code, out, err = run_cli(["rouge", "-r", "0", "-a", tmp_path / "missing.xml"], capsys)
    assert code == 2 and "'-r'" in err
    assert time.perf_counter() - t0 < 30


# --------------------------------------------------------------------------- item 6: score / significance
@pytest.mark.parametrize(
    "extra, expected",
    [
        (["--resamples", "0"], "'--resamples': 0"),
        (["--resamples", "-5"], "'--resamples'"),
        (["--alpha", "2"], "'--alpha': 2.0"),
        (["--alpha", "0"], "'--alpha'"),
        (["--block-size", "0"], "'--block-size'"),
        (["--coefficient", "bogus"], "'--coefficient'"),
        (["--metric", "nosuch"], "'--metric': 'nosuch'"),
        (["-j", "-1"], "'--jobs'"),
        (["--scheduler", "notaurl"], "'--scheduler': 'notaurl'; expected a Dask scheduler address"),
        (["--scheduler", "tcp://127.0.0.1:99999"], "'--scheduler'"),
    ],
)
def test_item6_significance_arguments_checked_first(tmp_path, capsys, extra, expected):
    code, out, err = run_cli(
        ["significance", *_two_systems(tmp_path), "-j", "0", "-q", *extra], capsys
    )
    assert code == 2 and out == "" and expected in err and "Traceback" not in err


def test_item6_outputs_checked_before_any_work(tmp_path, capsys):
    args = _two_systems(tmp_path)
    out = tmp_path / "out.csv"
    put(out, "keep me\n")
    code, _, err = run_cli(["significance", *args, "-j", "0", "-o", out, "--clusters", out], capsys)
    assert code == 2 and "--clusters" in err and out.read_text() == "keep me\n"
    code, _, err = run_cli(
        ["significance", *args, "-j", "0", "-o", out, "--matrix", tmp_path / "ref.txt"], capsys
    )
    assert code == 2 and "not one of the inputs" in err and out.read_text() == "keep me\n"
    code, _, err = run_cli(
        ["score", *args, "-j", "0", "-o", tmp_path / "no" / "such" / "x.csv"], capsys
    )
    assert code == 2 and "existing folder" in err
    code, _, err = run_cli(["score", *args, "-j", "0", "-o", tmp_path], capsys)
    assert code == 2 and "not a directory" in err


def test_item6_unwritable_output_folder(tmp_path, capsys, monkeypatch):
    import tempfile

    def refuse(*a, **k):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", refuse)  # a read-only folder, also for root
    code, _, err = run_cli(
        ["score", *_two_systems(tmp_path), "-j", "0", "-o", tmp_path / "o.csv"], capsys
    )
    assert code == 2 and "writable folder" in err and "Permission denied" in err


def test_item6_empty_inputs_and_one_system(tmp_path, capsys):
    args = _two_systems(tmp_path)
    put(tmp_path / "empty.txt", b"")
    code, _, err = run_cli(
        ["score", *args[:2], "--refs", tmp_path / "empty.txt", "-j", "0"], capsys
    )
    assert code == 2 and "empty.txt: expected at least one segment" in err
    code, _, err = run_cli(["significance", args[0], *args[2:], "-j", "0", "-q"], capsys)
    assert code == 2 and "at least two systems" in err and "'dict'" not in err


def test_item6_unreachable_and_foreign_scheduler(tmp_path, capsys):
    import socket
    import threading

    code, _, err = run_cli(
        [
            "score",
            *_two_systems(tmp_path),
            "--scheduler",
            "tcp://127.0.0.1:1",
            "--connect-timeout",
            "2",
        ],
        capsys,
    )
    assert code == 2 and "nothing accepts connections" in err
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)

    def answer():
        conn, _ = server.accept()
        conn.sendall(b"HTTP/1.1 200 OK\r\n\r\n")
        time.sleep(1)
        conn.close()

    threading.Thread(target=answer, daemon=True).start()
    port = server.getsockname()[1]
    code, _, err = run_cli(
        [
            "score",
            *_two_systems(tmp_path),
            "--scheduler",
            f"tcp://127.0.0.1:{port}",
            "--connect-timeout",
            "2",
        ],
        capsys,
    )
    server.close()
    assert code == 2 and "not a Dask scheduler" in err and "EiB" not in err


def test_item6_environment_scheduler_and_no_arguments(tmp_path, capsys, monkeypatch):
    """As a user calls them: the variable the help names, and no arguments at all."""
    monkeypatch.setenv("EVALKIT_SCHEDULER", "bogus")
    code, _, err = run_cli(["score", *_two_systems(tmp_path)], capsys)
    assert code == 2 and "$EVALKIT_SCHEDULER" in err and "bogus" in err
    for command in ("score", "significance"):
        with pytest.raises(SystemExit) as info:
            evalkit_main([command])
        assert info.value.code == 2
        help_text = capsys.readouterr()
        with pytest.raises(SystemExit):
            evalkit_main([command, "--help"])
        shown = capsys.readouterr().out
        assert "``" not in shown and ":func:" not in shown and "EVALKIT_SCHEDULER" in shown
        assert "-o OUTPUT" in shown and "-j N" in shown and "-q" in shown and help_text.err


def test_item6_ctrl_c_exits_130_without_traceback(tmp_path, capsys, monkeypatch):
    from evalkit.cli import scale

    def interrupted(args):
        raise KeyboardInterrupt

    monkeypatch.setattr(scale, "_read", interrupted)
    for command in ("score", "significance"):
        code, out, err = run_cli([command, *_two_systems(tmp_path), "-j", "0"], capsys)
        assert code == 130 and "interrupted" in err and "Traceback" not in err


def test_item6_required_arguments_only(tmp_path):
    """``evalkit score SYSTEM... --refs REF`` with nothing else (a local cluster of the
    default two workers), as a subprocess like a user's shell."""
    import subprocess
    import sys

    args = [str(a) for a in _two_systems(tmp_path)]
    env = {k: v for k, v in os.environ.items() if k != "EVALKIT_SCHEDULER"}
    done = subprocess.run(
        [sys.executable, "-m", "evalkit", "score", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert (
        done.stdout.splitlines()[0] == "metric,system,score" and len(done.stdout.splitlines()) == 3
    )
