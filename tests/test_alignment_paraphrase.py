"""Word alignment (IBM Model 1 both ways, symmetrization, AER) and bitext paraphrases."""

import random

import pytest

from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.alignment import (
    IBMModel1,
    align_bitext,
    alignment_error_rate,
    extract_phrases,
    format_links,
    parse_links,
    symmetrize,
)
from evalkit.text.paraphrase import (
    PhraseTable,
    best_matching_reference,
    equivalence_sets,
    equivalents,
    expand_reference,
    pivot_paraphrases,
)


def _toy_bitext(n=300, seed=3):
    """A hand-built word-for-word bitext with a fixed lexicon and a known word order change
    (the verb moves to the end), so the gold links are known exactly."""
    rng = random.Random(seed)
    nouns = {"hund": "dog", "katze": "cat", "haus": "house", "baum": "tree", "auto": "car"}
    verbs = {"sah": "saw", "mag": "likes", "hat": "has"}
    articles = {"der": "the", "ein": "a", "": ""}  # "" = no article (bare noun)
    bitext, gold = [], []
    for _ in range(n):
        s1, s2 = rng.sample(sorted(nouns), 2)
        v = rng.choice(sorted(verbs))
        a1, a2 = rng.choice(sorted(articles)), rng.choice(sorted(articles))
        src, tgt, links = [], [], set()
        np1 = [(w, e) for w, e in ((a1, articles[a1]), (s1, nouns[s1])) if w]
        np2 = [(w, e) for w, e in ((a2, articles[a2]), (s2, nouns[s2])) if w]
        # verb-final source, verb-second target
        s_words = np1 + np2 + [(v, verbs[v])]
        t_order = np1 + [(v, verbs[v])] + np2
        src = [w for w, _ in s_words]
        tgt = [e for _, e in t_order]
        for i, item in enumerate(s_words):
            links.add((i, t_order.index(item)))
        bitext.append((src, tgt))
        gold.append(links)
    return bitext, gold


def test_model1_learns_the_lexicon_and_aligns_exactly():
    bitext, gold = _toy_bitext()
    m = IBMModel1(iterations=10).fit(bitext)
    assert m.probability("dog", "hund") > 0.8
    assert m.probability("dog", "katze") < 0.05
    links = m.align(bitext)
    # Model 1 has no position model: a repeated article links to its first occurrence,
    # every content word (and every article occurring once) is right
    for (src, tgt), g, a in zip(bitext, gold, links):
        once = {(i, j) for i, j in g if src.count(src[i]) == 1}
        assert once <= a


def test_symmetrized_alignment_aer_on_hand_built_bitext():
    bitext, gold = _toy_bitext()
    for method in ("intersection", "grow-diag-final-and"):
        res = alignment_error_rate(align_bitext(bitext, method, iterations=10), gold)
        assert res["aer"] < 0.15, (method, res)
    inter = alignment_error_rate(align_bitext(bitext, "intersection", iterations=10), gold)
    union = alignment_error_rate(align_bitext(bitext, "union", iterations=10), gold)
    assert inter["precision"] >= union["precision"] and union["recall"] >= inter["recall"]


def test_aer_formula_by_hand():
    # A = {(0,0),(1,1),(2,2)}, S = {(0,0)}, P = {(0,0),(1,1)}: AER = 1 - (1 + 2) / (3 + 1)
    res = alignment_error_rate([{(0, 0), (1, 1), (2, 2)}], [{(0, 0)}], [{(0, 0), (1, 1)}])
    assert res["aer"] == pytest.approx(0.25)
    assert res["precision"] == pytest.approx(2 / 3) and res["recall"] == 1.0
    with pytest.raises(ParameterError):
        alignment_error_rate([{(0, 0)}], [{(0, 0)}], [{(1, 1)}])


def test_symmetrize_nesting_properties():
    # nltk's grow_diag_final_and is no reference: it tests membership against the keys of
    # its own {"e": ..., "f": ...} dictionary, so it adds every union neighbour. The
    # heuristics nest: intersection <= grow-diag <= gdf-and <= gdf <= union, and grow-diag
    # only adds links touching an unaligned word at the time they are added.
    rng = random.Random(11)
    for _ in range(300):
        ns, nt = rng.randint(1, 7), rng.randint(1, 7)
        f = {(i, j) for i in range(ns) for j in range(nt) if rng.random() < 0.25}
        b = {(i, j) for i in range(ns) for j in range(nt) if rng.random() < 0.25}
        inter, gd, gdfa, gdf, union = [
            symmetrize(f, b, ns, nt, m)
            for m in (
                "intersection",
                "grow-diag",
                "grow-diag-final-and",
                "grow-diag-final",
                "union",
            )
        ]
        assert inter <= gd <= gdfa <= union and gd <= gdf <= union
        sets = [inter]
        # a grow-diag link outside the intersection neighbours another accepted link
        for i, j in gd - sets[0]:
            assert any(
                (i + di, j + dj) in gd
                for di in (-1, 0, 1)
                for dj in (-1, 0, 1)
                if (di, dj) != (0, 0)
            )


def test_symmetrize_small_cases_by_hand():
    f = {(0, 0), (2, 2)}
    b = {(0, 0), (2, 1)}
    assert symmetrize(f, b, 3, 3, "intersection") == {(0, 0)}
    assert symmetrize(f, b, 3, 3, "union") == f | b
    assert symmetrize(f, b, 3, 3, "grow-diag") == {(0, 0)}  # no union link neighbours (0, 0)
    assert symmetrize(f, b, 3, 3, "grow-diag-final") == {
        (0, 0),
        (2, 2),
        (2, 1),
    }  # a free side suffices
    assert symmetrize(f, b, 3, 3, "grow-diag-final-and") == {(0, 0), (2, 2)}  # both sides free
    # growing along a diagonal and then sideways (one free side is enough)
    assert symmetrize({(0, 0), (1, 1)}, {(0, 0), (1, 2)}, 2, 3, "grow-diag") == {
        (0, 0),
        (1, 1),
        (1, 2),
    }


def test_links_text_form_and_errors():
    assert parse_links("0-1 2-3") == [(0, 1), (2, 3)]
    assert format_links({(2, 3), (0, 1)}) == "0-1 2-3"
    with pytest.raises(InputFormatError, match="i-j"):
        parse_links("0-1 x-2", where="links.txt")
    with pytest.raises(ParameterError):
        IBMModel1().fit([("a b", "c d")])


def test_phrase_extraction_tight():
    src, tgt = ["der", "hund", "sah"], ["the", "dog", "saw", "it"]
    links = {(0, 0), (1, 1), (2, 2)}
    tight = extract_phrases(src, tgt, links, max_length=2)
    loose = extract_phrases(src, tgt, links, max_length=2, tight=False)
    assert ("hund", "dog") in tight and ("der hund", "the dog") in tight
    assert ("sah", "saw it") not in tight and ("sah", "saw it") in loose
    assert all(len(s.split()) <= 2 and len(t.split()) <= 2 for s, t in loose)


def test_equivalence_sets_example_1_and_no_transitivity():
    # the paper's examples (1): citoyens -> {people, public, citizens}; population ->
    # {population, people}; a preposition never enters a set
    table = PhraseTable(
        [("citoyens", "people")] * 3
        + [("citoyens", "public")] * 2
        + [("citoyens", "citizens")]
        + [("population", "population")] * 2
        + [("population", "people")]
        + [("à", "to"), ("à", "at"), ("à", "in"), ("unique", "single")]
    )
    sets = [tuple(" ".join(m) for m in members) for members in equivalence_sets(table)]
    assert ("people", "public", "citizens") in sets
    assert ("population", "people") in sets
    assert len(sets) == 2  # prepositions (a -> to / at / in) excluded, single translations no set
    eq = equivalents(equivalence_sets(table))
    assert eq[("people",)] == [("public",), ("citizens",), ("population",)]
    # no transitivity: population and public never share a set
    assert ("public",) not in eq[("population",)]
    assert table.phi("people", "citoyens") == 0.5 and table.p_source("citoyens", "people") == 0.75


def test_expand_reference_example_2():
    # example (2): answer -> reply, but -> however, that -> it; single substitutions only
    ref = "i admire the answer mrs parly gave this morning but we have turned a blind eye to that".split()
    eq = equivalents([("answer", "reply"), ("but", "however"), ("that", "it")])
    variants = [" ".join(v) for v in expand_reference(ref, eq)]
    assert variants[0] == " ".join(ref)
    assert len(variants) == 4
    assert (
        "i admire the reply mrs parly gave this morning but we have turned a blind eye to that"
        in variants
    )
    assert (
        "i admire the answer mrs parly gave this morning however we have turned a blind eye to that"
        in variants
    )
    assert (
        "i admire the answer mrs parly gave this morning but we have turned a blind eye to it"
        in variants
    )
    # example (3): no simultaneous substitutions
    assert not any("reply" in v and "however" in v for v in variants)


def test_pivot_and_best_matching_reference():
    table = PhraseTable(
        [("f1", "big")] * 2 + [("f1", "large")] + [("f2", "large")] * 3 + [("f2", "huge")]
    )
    best = pivot_paraphrases(table, agg="max")
    # large: p(f1|large) = 1/4 * phi(big|f1) 2/3 = 1/6 ; p(f2|large) 3/4 * phi(huge|f2) 1/4 = 3/16
    assert best[("large",)][0] == ("huge",) and best[("large",)][1] == pytest.approx(3 / 16)
    assert pivot_paraphrases(table, agg="sum")[("big",)][0] == ("large",)
    eq = equivalents([("big", "large"), ("a lot of", "many")])
    ref = "a lot of big houses".split()
    new, n = best_matching_reference(ref, "many large houses".split(), eq)
    assert new == ["many", "large", "houses"] and n == 2
    same, n0 = best_matching_reference(ref, "a lot of big houses".split(), eq)
    assert same == ref and n0 == 0
