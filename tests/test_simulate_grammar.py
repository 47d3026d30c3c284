"""The simulated English agrees and reads (:mod:`evalkit.data.simulate.language`): a subject's
verb agrees with the noun variant actually written ("supplies were", "wildlife was"), "a"
is left out before a plural-only or mass variant, and NP modifiers fit the noun (none on
time and unit nouns, none of the time or sequence kind, only count-fitting ones on counted
NPs, no place or thing adjectives on people)."""

import random

import pytest

from evalkit.data.simulate import lexicon as lx
from evalkit.data.simulate.language import LEXICONS, NP, English, Entity, Fact, Style

#: Variants a reader takes as plural whatever the concept's number ("the supplies were").
PLURAL_ONLY = {
    "authorities", "dead", "documents", "dollars", "donations", "exhibits", "flames",
    "foodstuffs", "funds", "grants", "handouts", "jurors", "kin", "losses", "meals",
    "premises", "provisions", "rations", "records", "relatives", "relief supplies",
    "remains", "supplies", "toxins", "woods", "wounded",
}  # fmt: skip
#: Mass nouns: singular whatever the concept's number ("the wildlife was").
MASS = {"wildlife", "fauna"}
#: Nouns ending in "s" that are singular ("the witness was").
SINGULAR_S = {
    "boss", "business", "express", "eyewitness", "illness", "overpass", "sickness",
    "species", "virus", "witness",
}  # fmt: skip

_AUX = {"was": False, "were": True, "has": False, "have": True}


def _variants():
    for lexicon in ("basic", "rich"):
        for concept, variants in LEXICONS[lexicon][0].items():
            for variant in variants:
                yield lexicon, concept, variant


def _writer(lexicon: str, concept: str, variant, seed: int, **habits) -> English:
    style = Style("w", lexicon=lexicon, p_attrib=0.0, p_front=0.0, p_drop_adjunct=0.0, **habits)
    writer = English(style, random.Random(seed))
    writer.nouns = {**writer.nouns, concept: [variant]}  # the variant under test, always
    return writer


def _expected_plural(word: str, plural: bool) -> bool:
    return True if word in PLURAL_ONLY else False if word in MASS else plural


def test_every_variant_ending_in_s_is_known_plural_or_singular():
    """The lists below are the test's reading of the word lists: a new plural-only variant
    must be declared in the spec ("supplies:pl") and named here."""
    words = {v[0] for _, _, v in _variants()}
    assert {w for w in words if w.endswith("s")} <= PLURAL_ONLY | SINGULAR_S
    assert PLURAL_ONLY | MASS <= words


@pytest.mark.parametrize("voice", ["active perfect", "passive"])
def test_subject_and_verb_agree_for_every_variant_of_every_noun(voice):
    """Every variant of every noun concept (basic and rich tables), as a singular and as a
    plural subject: the auxiliary ("was"/"were", "has"/"have") takes the number of the word
    written, not the concept's."""
    passive = voice == "passive"
    bad = []
    for lexicon, concept, variant in _variants():
        for plural in (False, True):
            writer = _writer(lexicon, concept, variant, 1, p_passive=float(passive), p_perfect=1.0)
            subject = NP(concept, plural=plural, det="the")
            other = NP("official")
            fact = Fact("k", other, "send", subject) if passive else Fact("k", subject, "send")
            words = [w for w, _ in writer.clause(fact)]
            aux = [w for w in words if w in _AUX]
            written = words[words.index("the") + 1]  # a token may hold spaces
            want = _expected_plural(variant[0], plural)
            if len(aux) != 1 or _AUX[aux[0]] is not want or written != variant[plural]:
                bad.append((lexicon, concept, variant[0], plural, " ".join(words)))
    assert not bad, bad[:10]


def test_no_a_before_a_plural_only_or_mass_variant_and_a_counted_noun_is_countable():
    """ "a supplies" and "two thousand wildlife" do not occur: the article is left out before
    a variant that is plural or mass, and a counted NP uses a variant that can be counted."""
    for lexicon, concept, variant in _variants():
        if variant[0] not in PLURAL_ONLY | MASS:
            continue
        words = [w for w, _ in _writer(lexicon, concept, variant, 2).np(NP(concept, det="a"))[0]]
        assert words[:1] not in (["a"], ["an"]), (concept, words)
        writer = _writer(lexicon, concept, LEXICONS[lexicon][0][concept][0], 2)
        writer.nouns[concept] = LEXICONS[lexicon][0][concept]
        for seed in range(40):
            writer.rng = random.Random(seed)
            toks, plural = writer.np(NP(concept, count=2000))
            assert plural and toks[-1][0] not in MASS, (concept, toks)


#: Adjectives of time or sequence: they fit few nouns ("five little-known years", "the
#: further disease", "eventual schoolchildren").
TEMPORAL = {
    "eventual", "latest", "later", "further", "subsequent", "earlier", "previous", "final",
    "initial", "recent", "renewed", "fresh", "updated", "revised", "preliminary", "upcoming",
}  # fmt: skip
#: Adjectives for places or things that do not fit people ("makeshift natives").
NOT_FOR_PEOPLE = {
    "makeshift", "temporary", "permanent", "improvised", "state-run", "privately owned",
    "government-backed", "densely populated", "sparsely populated", "upstream",
    "downstream", "riverside", "run-down", "overcrowded", "whole",
    "entire", "so-called", "key", "main", "chief", "minor", "major",
}  # fmt: skip
#: What fits a counted NP ("2000 additional houses"), as a reader would write it.
COUNT_FITTING = {
    "additional", "local", "other", "more", "further", "extra", "nearby", "rural", "foreign",
    "neighbouring",
}  # fmt: skip


def _modifiers(arg, n: int = 150) -> list:
    writer = English(Style("w", lexicon="rich", p_modifier=1.0, p_describe=1.0), random.Random(5))
    return [w for _ in range(n) for w, c in writer.np(arg)[0] if c == "a:modifier"]


def test_modifiers_fit_the_noun_time_nouns_and_counted_nps():
    """With a modifier on every noun that can take one: none on a time or unit noun, none
    of time or sequence anywhere, only count-fitting ones on a counted NP, and no place or
    thing adjective on a person (described entities included)."""
    people = {"person", "child", "official", "victim", "suspect", "family", "worker"}
    for concept in ("year", "percent", "dollar"):
        assert _modifiers(NP(concept, count=5)) == [] == _modifiers(NP(concept))
    for concept in ("person", "house", "family", "worker"):
        assert set(_modifiers(NP(concept, count=2000))) <= COUNT_FITTING - TEMPORAL
    for concept in sorted(LEXICONS["rich"][0]):
        used = set(_modifiers(NP(concept, plural=True)))
        assert not used & TEMPORAL, (concept, used & TEMPORAL)
        if concept in people:
            assert used and not used & NOT_FOR_PEOPLE, (concept, used & NOT_FOR_PEOPLE)
    described = set(_modifiers(Entity("CHIEF", ("Livia Tirevu",), "minister")))
    assert described and not described & (NOT_FOR_PEOPLE | TEMPORAL)
    assert not set(lx.MODIFIERS) & TEMPORAL
