"""The rich language of the simulator (:mod:`evalkit.data.simulate.lexicon`): its word
lists, how a writer uses them, and that DUC 2004's writers of every kind share it."""

import random
import re
from collections import Counter

import pytest

from evalkit.data.simulate import build, corpora, language
from evalkit.data.simulate import lexicon as lx
from evalkit.data.simulate.language import NP, English, Entity, Fact, Style


@pytest.mark.parametrize(
    "index,base,more,form",
    [
        (0, language.NOUNS, lx.MORE_NOUNS, lambda v: language._noun(v)[0]),
        (1, language.VERBS, lx.MORE_VERBS, lambda v: language._verb(v)[0]),
        (2, language.ADJECTIVES, lx.MORE_ADJECTIVES, str),
    ],
)
def test_the_wider_variants_extend_known_concepts_without_repeating_a_variant(
    index, base, more, form
):
    """Each extra variant belongs to a concept of the basic table and is new there (a repeat
    would double that variant's chance), and the rich table is the basic one plus them."""
    rich = language.LEXICONS["rich"][index]
    assert language.LEXICONS["basic"][index] is base
    for concept, specs in more.items():
        assert concept in base
        known = [v if isinstance(v, str) else v[0] for v in base[concept]]
        added = [form(s) for s in specs]
        assert len(set(added)) == len(added) and not set(added) & set(known), concept
        assert len(rich[concept]) == len(base[concept]) + len(specs)
    assert set(rich) == set(base)


def test_modifier_and_adverb_lists_have_no_repeats():
    assert len(set(lx.MODIFIERS)) == len(lx.MODIFIERS) > 60
    assert len(set(lx.ADVERBS)) == len(lx.ADVERBS) > 20


_TOWN = Entity("TOWN", ("Bisai",), "town")
_CHIEF = Entity("CHIEF", ("Minister Livia Tirevu", "Tirevu"), "minister")
_FACT = Fact("t.01", _CHIEF, "send", NP("aid"), (("to", _TOWN),))


def _render(style: Style, n: int = 300) -> list:
    rng = random.Random(7)
    return [English(style, rng).sentence([_FACT])[0] for _ in range(n)]


def test_a_rich_writer_uses_the_wider_variants_modifiers_adverbs_and_descriptions():
    """With the rich language a writer says "send" and "aid" in words the basic tables lack,
    puts a modifier before common nouns and an adverb before the verb, and names the town and
    the minister by a description; a basic writer does none of this."""
    rich = " ".join(
        _render(Style("w", lexicon="rich", p_modifier=0.9, p_adverb=0.8, p_describe=0.8))
    )
    basic = " ".join(_render(Style("w")))
    more = [language._verb(v)[2] for v in lx.MORE_VERBS["send"]] + [
        language._noun(v)[0] for v in lx.MORE_NOUNS["aid"]
    ]
    for text, expect in ((rich, True), (basic, False)):
        words = Counter(re.findall(r"[a-z-]+", text.lower()))
        assert any(w in text for w in more) is expect
        assert any(words[m] for m in lx.MODIFIERS if " " not in m) is expect
        assert any(words[a] for a in lx.ADVERBS if " " not in a) is expect
        assert (text.count("Tirevu") < 150 and text.count("Bisai") < 150) is expect


def _share(sentences, words) -> float:
    toks = re.sub(r"[^a-z0-9-]+", " ", " ".join(sentences).lower()).split()
    return sum(t in words for t in toks) / max(1, len(toks))


@pytest.mark.parametrize("name", ["duc2004", "duc2004t5"])
def test_duc2004_journalists_models_and_systems_share_one_rich_language(name):
    """The rich language is the corpus's, not a kind of writer's: the share of modifier and
    adverb words is about the same in the news, in the model summaries and in the abstracting
    systems' summaries (an asymmetry would let a style metric tell the models from the
    systems, amigo2005duc's GRAMSIM); corpora that do not ask for it keep the basic one."""
    words = {w for w in lx.MODIFIERS + lx.ADVERBS if " " not in w}
    corpus, truth = build.simulate_corpus(name, seed=build.DEFAULT_SEED, quick=True)
    types = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    strategy = dict(
        zip(truth["summarizers"]["summarizer"].astype(str), truth["summarizers"]["strategy"])
    )
    s = corpus.summaries
    shares = {
        "news": _share(truth["sentences"]["text"], words),
        "models": _share(
            [x for ss in s[s.summarizer.map(types) == "model"].sentences for x in ss], words
        ),
    }
    abstracts = s[s.summarizer.map(strategy) == "abstract"]
    if len(abstracts):
        shares["abstracts"] = _share([x for ss in abstracts.sentences for x in ss], words)
    assert min(shares.values()) > 0.05 and max(shares.values()) < 1.6 * min(shares.values()), shares
    assert corpora.config(name).extra["language"] == corpora.DUC2004_LANGUAGE


def test_other_corpora_keep_the_basic_language():
    words = {w for w in lx.MODIFIERS + lx.ADVERBS if " " not in w} - {
        w for vs in language.ADJECTIVES.values() for w in vs
    }
    corpus, truth = build.simulate_corpus("tac2008", seed=build.DEFAULT_SEED, quick=True)
    assert "language" not in corpora.config("tac2008").extra
    assert _share(truth["sentences"]["text"], words) < 0.01
