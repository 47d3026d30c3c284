"""WordNet 3.0 located at run time and read with nltk's reader (evalkit.text.wordnet)."""

from __future__ import annotations

import warnings

import pytest

from evalkit.text.wordnet import WordNet, WordNetNotFound, find_wordnet, load_wordnet


@pytest.fixture(scope="module")
def wn(wordnet):
    """The ``wordnet`` fixture of tests/conftest.py."""
    return wordnet


def test_not_required_returns_none(tmp_path):
    assert load_wordnet(tmp_path, required=False) is None
    with pytest.raises(WordNetNotFound):
        load_wordnet(tmp_path)


def test_missing_wordnet_names_what_to_install(tmp_path, monkeypatch):
    with pytest.raises(WordNetNotFound, match="not a WordNet database directory"):
        find_wordnet(tmp_path)
    # Nothing anywhere: the message names the Debian package and the other options.
    import evalkit.text.wordnet as mod

    monkeypatch.setenv("EVALKIT_WORDNET", str(tmp_path))
    monkeypatch.setattr(mod, "DEBIAN_WORDNET_DIR", tmp_path / "absent")
    import nltk.data

    monkeypatch.setattr(nltk.data, "path", [str(tmp_path / "no-nltk-data")])
    monkeypatch.delenv("NLTK_DATA", raising=False)
    with pytest.raises(WordNetNotFound) as err:
        find_wordnet()
    text = str(err.value)
    assert "wordnet-base" in text and "EVALKIT_WORDNET" in text and "NLTK" in text


def test_version_is_3_0(wn):
    assert wn.version == "3.0"


@pytest.fixture(scope="module")
def nltk_full(wn):
    """nltk's reader with its own full index load (the reference for the lazy index)."""
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    from evalkit.text.wordnet import _reader_class

    full = type(
        "Full",
        (_reader_class(),),
        {
            "_load_lemma_pos_offset_map": WordNetCorpusReader._load_lemma_pos_offset_map,
        },
    )
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "multilingual functions are not available"
        return full(wn.root, None)


WORDS = [
    "dog",
    "dogs",
    "saw",
    "spoke",
    "better",
    "ran",
    "computers",
    "audience",
    "car",
    "automobile",
    "geese",
    "is",
    "the",
    "quickly",
    "Wall",
    "xyzzy",
    "running",
    "a",
    "zyzzyva",
    "aardvark",
    "abacus",
    "in_a_way",
    "good",
    "well",
    "ill",
    "best",
]


def test_synset_ids_agree_with_nltk_synsets(wn, nltk_full):
    # The fast path must give exactly what nltk's public API gives on a full load.
    for w in WORDS:
        expected = {("a" if s.pos() == "s" else s.pos(), s.offset()) for s in nltk_full.synsets(w)}
        assert wn.synset_ids(w) == expected, w
        assert wn.base_forms(w) == {f for p in "nvar" for f in nltk_full._morphy(w.lower(), p)}, w


def test_lazy_index_equals_nltk_full_index(wn, nltk_full):
    full = nltk_full._lemma_pos_offset_map
    lemmas = sorted(full)
    assert len(lemmas) > 140000
    for lemma in lemmas[::97] + lemmas[:5] + lemmas[-5:]:
        assert lemma in wn.reader._lemma_pos_offset_map
        assert wn.reader._lemma_pos_offset_map[lemma] == full[lemma], lemma
    assert "not-a-wordnet-lemma" not in wn.reader._lemma_pos_offset_map


def test_base_forms_are_morphy_over_all_pos(wn):
    # WordNet facts: verb.exc maps "saw" to "see"; noun.exc maps "geese" to "goose".
    assert {"saw", "see"} <= wn.base_forms("saw")
    assert "goose" in wn.base_forms("geese")
    assert wn.base_forms("xyzzy") == frozenset()


def test_synonyms_share_a_synset(wn):
    # car.n.01 = {car, auto, automobile, machine, motorcar} in WordNet 3.0
    assert wn.synset_ids("car") & wn.synset_ids("automobile")
    assert not (wn.synset_ids("car") & wn.synset_ids("banana"))


def test_explicit_path_and_cache(wn):
    again = WordNet(wn.root)
    assert again.version == wn.version
    assert load_wordnet() is load_wordnet()


def test_satellite_scan_equals_nltks(wn):
    # evalkit's regular-expression scan of data.adj must find nltk's satellite set exactly.
    from nltk.corpus.reader.wordnet import WordNetCorpusReader

    ours = wn.reader.satellite_offsets
    WordNetCorpusReader._scan_satellites(wn.reader)  # nltk's own line-by-line scan
    theirs = wn.reader.satellite_offsets
    wn.reader.satellite_offsets = ours
    assert len(theirs) > 10000
    assert ours == theirs


def test_synonym_table_stands_in_for_wordnet_in_synonym_matching():
    from collections import Counter

    from evalkit.metrics.dependency import match_triples
    from evalkit.text.wordnet import SynonymTable

    table = SynonymTable(("car", "automobile"), ("car", "railcar"))
    assert table.synset_ids("car") == {("n", 0), ("n", 1)}
    assert table.synset_ids("railcar") == {("n", 1)} and table.synset_ids("bus") == frozenset()
    cand = Counter([("obj", "drive", "car"), ("obj", "drive", "bus")])
    ref = Counter([("obj", "drive", "automobile"), ("obj", "drive", "coach")])
    assert match_triples(cand, ref) == 0 and match_triples(cand, ref, table) == 1
