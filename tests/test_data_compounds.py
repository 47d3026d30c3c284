"""Compound gold sets: the simulated sample (written, read back, truth consistent), the
public silver set from the Debian word lists (hand-checked fixtures), the licensed reader."""

import json

import pytest

from evalkit.data import compounds, datasets, licensed
from evalkit.data.simulate.compounds import write_compounds
from evalkit.errors import DataNotConfiguredError, InputFormatError
from evalkit.text import decompound as dc
from evalkit.text.decompound_languages import CONFIGS
from evalkit.text.decompound_lexicon import DEBIAN_WORD_LISTS, read_word_list

from _requires import unavailable

#: Hand-checked (by reading each word): compositional compounds whose only split into two
#: listed words of >= 4 letters is the given one, in the installed Debian lists.
FIXTURES = [
    ("de", "charakterfrage", ("charakter", "", "frage")),
    ("de", "kommentarseite", ("kommentar", "", "seite")),
    ("de", "auslieferungsverträge", ("auslieferung", "s", "verträge")),
    ("nl", "glaspaleis", ("glas", "", "paleis")),
    ("sv", "fönstergluggen", ("fönster", "", "gluggen")),
    ("da", "ballonopstigning", ("ballon", "", "opstigning")),
    ("no", "gatehandel", ("gate", "", "handel")),
]


def test_sample_written_and_read_back_deterministically(tmp_path):
    a = write_compounds(tmp_path / "a", seed=7, quick=True)
    b = write_compounds(tmp_path / "b", seed=7, quick=True)
    for lang in ("sim-a", "sim-b"):
        for name in ("gold.tsv", "lexicon.tsv", "lexicalized.tsv", "truth.tsv", "config.json"):
            assert (a / lang / name).read_bytes() == (b / lang / name).read_bytes(), (lang, name)
    corpus = compounds.read_compound_folder(a)
    assert set(corpus.languages) == {"sim-a", "sim-b"}
    for s in corpus.languages.values():
        truth = s.truth.set_index("word")
        assert list(truth.index) == list(s.gold)
        lexicalized = set(truth.index[truth["lexicalized"] == 1])
        assert lexicalized and lexicalized == set(s.lexicalized)
        unknown = truth[truth["unknown_part"] != ""]["unknown_part"]
        assert len(unknown) and not set(unknown) & s.lexicon.lemmas
        for word, seg in s.segmentation.items():
            assert sum(b - a for a, b in seg.spans) + sum(map(len, seg.connectors)) == len(word)
        # regular compounds (all parts known, not irregular) are found by the analyser
        regular = [
            w
            for w in s.gold
            if truth.loc[w, "lexicalized"] == 0
            and truth.loc[w, "unknown_part"] == ""
            and all(c in s.lexicon.lemmas for c in s.gold[w][0])
        ]
        found = {w: dc.analyze(w, s.lexicon, s.config, lexicalized=False) for w in regular}
        assert dc.evaluate_prf(found, {w: s.gold[w] for w in regular})["recall"] > 0.8
    other = write_compounds(tmp_path / "c", seed=8, quick=True)
    assert (other / "sim-a" / "gold.tsv").read_bytes() != (a / "sim-a" / "gold.tsv").read_bytes()


def test_registry_entries(tmp_path):
    c = datasets.load("decompound-sim", "sample", quick=True, root=str(tmp_path))
    assert c.provenance.profile == "sample" and c.provenance.files
    frame = datasets.available()
    assert {"decompound-sim", "decompound-debian", "decompound-gold"} <= set(frame["key"])


def test_folder_reader_errors(tmp_path):
    (tmp_path / "xx").mkdir()
    with pytest.raises(InputFormatError, match="gold.tsv"):
        compounds.read_compound_folder(tmp_path)
    (tmp_path / "xx" / "gold.tsv").write_text(
        "word\tdecompositions\nhaustür\thaus#tür\n", encoding="utf-8"
    )
    with pytest.raises(InputFormatError, match="lexicon.tsv"):
        compounds.read_compound_folder(tmp_path)
    (tmp_path / "xx" / "lexicon.tsv").write_text(
        "form\tlemma\tpos\nhaus\thaus\tN\n", encoding="utf-8"
    )
    with pytest.raises(InputFormatError, match="config.json"):
        compounds.read_compound_folder(tmp_path)
    (tmp_path / "xx" / "config.json").write_text(json.dumps({"max_elements": 1}), encoding="utf-8")
    with pytest.raises(InputFormatError, match=r"config\.json.*max_elements"):
        compounds.read_compound_folder(tmp_path)
    with pytest.raises(InputFormatError, match="language folders"):
        compounds.read_compound_folder(tmp_path, languages=["de"])


def test_licensed_gold_unconfigured_then_configured(tmp_path, monkeypatch):
    monkeypatch.delenv(licensed.env_var("decompound-gold"), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "none.yaml"))
    with pytest.raises(DataNotConfiguredError, match="decompound-gold"):
        datasets.load("decompound-gold", "licensed")
    root = write_compounds(tmp_path / "gold", seed=3, quick=True)
    monkeypatch.setenv(licensed.env_var("decompound-gold"), str(root))
    c = datasets.load("decompound-gold", "licensed")
    assert set(c.languages) == {"sim-a", "sim-b"} and c.provenance.profile == "licensed"


def test_silver_builder_on_a_hand_built_list():
    words = [
        "haus",
        "tür",
        "haustür",
        "hausmeister",
        "meister",
        "hauseingang",
        "eingang",
        "hausein",
        "gang",
        "arbeitsamt",
        "arbeit",
        "amt",
        "amts",
    ]
    silver = compounds.silver_gold(words, ("s",), n=10, seed=1, min_word=8, min_part=4)
    # haustür: tür is 3 letters; hauseingang has two splits (haus#eingang, hausein#gang)
    assert set(silver) == {"hausmeister"}
    assert silver["hausmeister"][0] == (("haus", "meister"),)
    silver = compounds.silver_gold(words, ("s",), n=10, seed=1, min_word=8, min_part=3)
    assert silver["arbeitsamt"][1].connectors == ("s",) and silver["arbeitsamt"][0] == (
        ("arbeit", "amt"),
    )


@pytest.mark.parametrize("lang,word,split", FIXTURES)
def test_silver_fixtures_on_the_debian_lists(lang, word, split):
    path = DEBIAN_WORD_LISTS[lang]
    try:
        from evalkit.text.decompound_lexicon import debian_word_list

        listed = read_word_list(debian_word_list(lang), path[2], phrases=True)
    except DataNotConfiguredError as exc:
        unavailable(str(exc))
    parts = {w for w in listed if w.isalpha() and len(w) >= 4}
    assert word in listed
    assert compounds.silver_splits(word, parts, CONFIGS[lang].connectors) == [split]
