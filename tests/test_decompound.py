"""The decompounding analyser, guesser, evaluation and grid search on hand-built lexica
(examples from Owczarzak et al. 2014, §3 and Tables 7-8), and the lexicon readers' errors."""

import numpy as np
import pytest

from evalkit.errors import InputFormatError, ParameterError
from evalkit.text import decompound as dc
from evalkit.text import decompound_lexicon as dl

WORDS = [
    "kjærlighet",
    "brev",
    "ungdom",
    "hus",
    "kunst",
    "schil",
    "ders",
    "schilder",
    "pas",
    "poort",
    "pa",
    "populær",
    "kult",
    "uren",
    "kultur",
    "umwelt",
    "freundlich",
    "sklave",
    "moral",
    "radio",
    "vers",
    "ion",
    "version",
    "förbund",
    "water",
    "nood",
]


@pytest.fixture
def lex():
    entries = [(w, w, "N") for w in WORDS] + [
        ("kvinn", "kvinna", "N"),
        ("kvinna", "kvinna", "N"),
        ("stem", "stem", "N"),
        ("stem", "stemmen", "V"),
        ("band", "band", "N"),
    ]
    return dc.Lexicon.from_entries(entries, {"børnebog": [("barn", "bog")]})


@pytest.fixture
def cfg():
    return dc.LangConfig(
        connectors=("s", "o", "n", "en"),
        min_component=2,
        min_component_with_connector=3,
        suffixes=("en", "er", "s"),
    )


def test_dynamic_analysis_with_connectors_and_stems(lex, cfg):
    a = dc.analyze("kjærlighetsbrev", lex, cfg)
    assert [x.lemmas for x in a] == [("kjærlighet", "brev")] and a[0].connectors == ("s",)
    assert a[0].spans == ((0, 10), (11, 15))
    assert dc.analyze("kvinnoförbund", lex, cfg)[0].lemmas == (
        "kvinna",
        "förbund",
    )  # compound-only stem
    assert dc.analyze("watersnood", lex, cfg)[0].lemmas == ("water", "nood")


def test_fewest_components_beat_inflected_oversplit(lex, cfg):
    # kunstschilders = kunst#schilder + s, not kunst#schil#ders
    assert [x.lemmas for x in dc.analyze("kunstschilders", lex, cfg)] == [("kunst", "schilder")]


def test_min_component_with_connector_blocks_pa_s_poort(lex, cfg):
    assert [x.lemmas for x in dc.analyze("paspoort", lex, cfg)] == [("pas", "poort")]
    loose = dc.LangConfig(connectors=("s",), min_component=2, min_component_with_connector=2)
    no_pas = lex.without_lemmas(["pas"])
    assert dc.analyze("paspoort", no_pas, loose)[0].lemmas == ("pa", "poort")
    assert dc.analyze("paspoort", no_pas, cfg) == []


def test_lexicalized_and_ambiguous_readings(lex, cfg):
    assert [x.lemmas for x in dc.analyze("børnebog", lex, cfg)] == [("barn", "bog")]
    assert dc.analyze("børnebog", lex, cfg, lexicalized=False) == []
    readings = {x.lemmas for x in dc.analyze("stemband", lex, cfg)}
    assert readings == {("stem", "band"), ("stemmen", "band")}
    nn_only = dc.LangConfig(pos_sequences=frozenset({("N", "N")}))
    assert {x.lemmas for x in dc.analyze("stemband", lex, nn_only)} == {("stem", "band")}


def test_length_limits(lex):
    assert dc.analyze("stemband", lex, dc.LangConfig(min_compound=9)) == []
    assert dc.analyze("radioversion", lex, dc.LangConfig(max_elements=2))[0].lemmas == (
        "radio",
        "version",
    )
    with pytest.raises(ParameterError, match="max_elements"):
        dc.LangConfig(max_elements=1)
    with pytest.raises(ParameterError, match="min_coverage"):
        dc.GuesserConfig(min_coverage=1.5)


def test_guesser_reproduces_the_papers_error_examples(lex, cfg):
    small = lex.without_lemmas(["brev", "kultur", "schilder", "version", "moral"])
    g = dc.GuesserConfig(max_elements=5, min_compound=3, min_component=4, min_unknown=3)
    love = dc.guess("kjærlighetsbrev", small, g)[0]
    assert love.lemmas == ("kjærlighet", "sbrev") and love.known == (True, False)
    assert (
        dc.classify_errors(
            "kjærlighetsbrev", love, dc.analyze("kjærlighetsbrev", lex, cfg)[0], cfg.connectors
        )
        == "connector attached"
    )
    pop = dc.guess("populærkulturen", small, g)[0]
    assert pop.parts == ("populær", "kult", "uren")
    ref = dc.Analysis(("populær", "kultur"), ("populær", "kulturen"), ((0, 7), (7, 15)))
    assert dc.classify_errors("populærkulturen", pop, ref, cfg.connectors) == "over-split"
    # (6): umweltfreundlicher with "freundlicher" unknown -> umwelt + freundlich, "er" dropped
    friendly = dc.guess(
        "umweltfreundlicher", lex, dc.GuesserConfig(min_component=4, min_unknown=3, max_elements=5)
    )
    assert friendly[0].lemmas == ("umwelt", "freundlich") and friendly[0].connectors == ("er",)


def test_guesser_limits(lex):
    assert dc.guess("radioversion", lex, dc.GuesserConfig(min_compound=13))[0].parts == (
        "radioversion",
    )
    g2 = dc.GuesserConfig(max_elements=2, min_component=3, min_unknown=1)
    assert dc.guess("radioversion", lex.without_lemmas(["version"]), g2)[0].parts == (
        "radio",
        "version",
    )
    assert dc.guess("radiozzzzzz", lex, dc.GuesserConfig(min_coverage=0.6)) == []
    assert dc.guess("radiozzzzzz", lex, dc.GuesserConfig(min_coverage=0.4))[0].parts == (
        "radio",
        "zzzzzz",
    )


def test_prf_and_segmentation_accuracy_by_hand():
    gold = {"a": [("x", "y")], "b": [("u", "v")], "c": [("p", "q")], "d": [("r", "s")]}
    pred = {"a": [("x", "y"), ("xy", "z")], "b": [("u", "v")], "c": [("p", "qq")]}
    m = dc.evaluate_prf(pred, gold)
    assert (m["precision"], m["recall"]) == (2 / 4, 2 / 4) and m["f"] == pytest.approx(0.5)
    assert dc.f_score(0.0, 0.0) == 0.0 and dc.f_score(1.0, 0.5) == pytest.approx(2 / 3)
    ref = {
        "w": [dc.Analysis(("a", "b"), ("a", "b"), ((0, 1), (2, 3)))],
        "v": [dc.Analysis(("a", "b"), ("a", "b"), ((0, 1), (1, 2)))],
    }
    pred = {
        "w": [dc.Analysis(("a", "sb"), ("a", "sb"), ((0, 1), (1, 3)))],
        "v": [dc.Analysis(("a", "c"), ("a", "c"), ((0, 1), (1, 2)))],
    }
    assert dc.segmentation_accuracy(pred, ref)["segmentation_accuracy"] == 0.5


def test_remove_component_lemmas_makes_every_compound_unanalysable(lex, cfg):
    gold = {
        "kjærlighetsbrev": [("kjærlighet", "brev")],
        "ungdomshus": [("ungdom", "hus")],
        "radioversion": [("radio", "version")],
    }
    reduced, removed = dc.remove_component_lemmas(lex, gold, np.random.default_rng(3))
    assert len(removed) == 3 and not reduced.lexicalized
    for word in gold:
        assert dc.analyze(word, reduced, cfg) == []
    again, removed2 = dc.remove_component_lemmas(lex, gold, np.random.default_rng(3))
    assert removed2 == removed


def test_grid_search_equals_the_guesser_setting_by_setting(lex, cfg):
    gold = {
        "kjærlighetsbrev": [("kjærlighet", "brev")],
        "populærkulturen": [("populær", "kultur")],
        "radioversion": [("radio", "version")],
        "sklavenmoral": [("sklave", "moral")],
    }
    reference = {w: dc.analyze(w, lex, cfg) for w in gold}
    small = lex.without_lemmas(["brev", "kultur", "moral"])
    grid = {
        "max_elements": (2, 3, 5),
        "min_compound": (3, 12, 14),
        "min_component": (2, 4),
        "min_unknown": (1, 3),
    }
    res = dc.grid_search(list(gold), small, gold, reference, grid)
    assert len(res) == 3 * 3 * 2 * 2
    for row in res.itertuples():
        g = dc.GuesserConfig(row.max_elements, row.min_compound, row.min_component, row.min_unknown)
        preds = {w: dc.guess(w, small, g) for w in gold}
        m = dc.evaluate_prf(preds, gold)
        assert (row.precision, row.recall) == pytest.approx((m["precision"], m["recall"]))
        assert row.segmentation_accuracy == pytest.approx(
            dc.segmentation_accuracy(preds, reference)["segmentation_accuracy"]
        )
    corr = dc.setting_correlations(res)
    assert list(corr["setting"]) == list(dc.GRID) and corr["r"].abs().max() <= 1
    opt = dc.optimal_settings(res)
    assert (opt["low"] <= opt["high"]).all()
    with pytest.raises(ParameterError, match="grid"):
        dc.grid_search(list(gold), small, gold, reference, {"max_elements": (2,)})


def test_gold_stats():
    gold = {"a": [("x", "y")], "b": [("x", "y", "z")], "c": [("p", "q")]}
    assert dc.gold_stats(gold, ["c"]) == {
        "compounds": 3,
        "lexical": 1,
        "2-part": 2,
        "3-part": 1,
        "4-part": 0,
        "5-part": 0,
        "other-part": 0,
    }


# --------------------------------------------------------------------------- readers
def test_word_list_and_hunspell_readers(tmp_path):
    p = tmp_path / "w.txt"
    p.write_text("Haus\ntür\nhaus\n", encoding="utf-8")
    assert dl.read_word_list(p) == ["haus", "tür"]
    p.write_text("haus\nzwei worte\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"w\.txt.*line 2"):
        dl.read_word_list(p)
    p.write_bytes("haus\nt\xfcr\n".encode("latin-1"))
    with pytest.raises(InputFormatError, match=r"line 2.*utf-8"):
        dl.read_word_list(p)
    assert dl.read_word_list(p, encoding="iso-8859-1") == ["haus", "tür"]
    with pytest.raises(InputFormatError, match="existing file"):
        dl.read_word_list(tmp_path / "missing.txt")
    dic = tmp_path / "de.dic"
    dic.write_text("3\nHaus/SE\nTür/P po:noun\nauf\n", encoding="utf-8")
    assert dl.read_hunspell_dic(dic) == ["haus", "tür", "auf"]
    dic.write_text("Haus/SE\n", encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"de\.dic.*line 1.*entry count"):
        dl.read_hunspell_dic(dic)


def test_lexicon_and_gold_tsv_round_trip_and_errors(tmp_path, lex):
    path = dl.write_lexicon_tsv(lex, tmp_path / "lex.tsv")
    back = dl.read_lexicon_tsv(path)
    assert back.forms == lex.forms
    gold = {
        "kjærlighetsbrev": (
            (("kjærlighet", "brev"),),
            dl.parse_segmentation("kjærlighetsbrev", "kjærlighet{s}#brev"),
        ),
        "stemband": (
            (("stem", "band"), ("stemmen", "band")),
            dl.parse_segmentation("stemband", "stem#band"),
        ),
    }
    gpath = dl.write_gold_tsv(gold, tmp_path / "gold.tsv")
    assert dl.read_gold_tsv(gpath) == gold
    assert gold["kjærlighetsbrev"][1].spans == ((0, 10), (11, 15))
    bad = tmp_path / "bad.tsv"
    for text, line, what in [
        ("form\tlemma\n", 1, "header"),
        ("form\tlemma\tpos\nhaus\thaus\n", 2, "3 non-empty"),
        ("form\tlemma\tpos\nhaus\t\tN\n", 2, "3 non-empty"),
    ]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(InputFormatError, match=rf"bad\.tsv.*line {line}.*{what}"):
            dl.read_lexicon_tsv(bad)
    for text, what in [
        ("word\tdecompositions\nhaustür\thaus\n", "two or more"),
        ("word\tdecompositions\tsegmentation\nhaustür\thaus#tür\thaus#tor\n", "spelling the word"),
        ("word\tdecompositions\nhaustür\thaus#tür\nhaustür\thaus#tür\n", "repeats"),
    ]:
        bad.write_text(text, encoding="utf-8")
        with pytest.raises(InputFormatError, match=rf"bad\.tsv.*line \d.*{what}"):
            dl.read_gold_tsv(bad)


def test_word_list_lexicon_behaves_like_the_entry_lexicon():
    words = ["haus", "tür", "garten", "zaun"]
    compact, full = (
        dc.Lexicon.from_words(words),
        dc.Lexicon.from_entries((w, w, "X") for w in words),
    )
    assert dict(compact.forms) == full.forms and compact.lemmas == full.lemmas
    cfg = dc.LangConfig()
    assert dc.analyze("gartenzaun", compact, cfg) == dc.analyze("gartenzaun", full, cfg)
    smaller = compact.without_lemmas(["zaun"])
    assert (
        isinstance(smaller.forms, dc.WordForms)
        and "zaun" not in smaller.forms
        and len(smaller) == 3
    )
    assert dc.guess("gartenzaun", smaller, dc.GuesserConfig())[0].known == (True, False)
