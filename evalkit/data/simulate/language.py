"""English rendering with lexical variation, and the artificial source language for MT.

The simulated corpora need text in which the effects the papers study can show up:

* **synonyms** (``house`` / ``home`` / ``dwelling``): WordNet synonym matching and
  paraphrase tables help, exact unigram matching misses them;
* **inflection**, regular and **irregular** (``destroyed`` / ``destroys``, ``struck`` /
  ``strike``, ``children`` / ``child``): Porter stemming and ROUGE's WordNet exception
  lookup help;
* **function words** (articles, auxiliaries, prepositions): stop-word removal matters;
* **voice and order** (active / passive, fronted or final adjuncts, reported speech):
  ROUGE-L/W/S and word-order-sensitive MT metrics react, unigram metrics do not.

A *concept* is a key into one of the lexicon tables below; every concept has one or more
surface *variants* (WordNet-style synonyms), and every variant carries its inflected
forms.  A :class:`Style` says how a writer (a journalist, a model-summary writer, a
translator or a system) picks among them: each writer has a stable favourite variant
per concept (derived from a hash of writer and concept, so no table is stored) that it
uses with probability ``p_favourite``; otherwise it picks uniformly.  All randomness
comes from the ``random.Random`` passed in, so a seed fixes the text exactly.

The artificial source language (:func:`render_source`) is verb-final (subject, object,
adjuncts, verb), marks case and number with suffixes and puts adjectives after nouns;
its words are pseudo-words derived deterministically from the concept names.  It has one
word per concept, so the concept alignment between a source sentence and each English
rendering is known exactly (the gold word alignment of the bitext).
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass, replace
from typing import Dict, List, Optional, Sequence, Tuple

from . import lexicon

# ---------------------------------------------------------------------------------------
# Lexicon.  Forms are written out wherever English is irregular; regular forms are
# produced by the small morphology helpers below.


def _past(base: str) -> str:
    if base.endswith("e"):
        return base + "d"
    if base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ied"
    return base + "ed"


def _third(base: str) -> str:
    if base.endswith(("s", "sh", "ch", "x", "z", "o")):
        return base + "es"
    if base.endswith("y") and base[-2] not in "aeiou":
        return base[:-1] + "ies"
    return base + "s"


def _ing(base: str) -> str:
    if base.endswith("ie"):
        return base[:-2] + "ying"
    if base.endswith("e") and not base.endswith("ee"):
        return base[:-1] + "ing"
    return base + "ing"


def _verb(spec: str) -> Tuple[str, str, str, str, str]:
    """``"take/took/taken"`` or ``"stop/stopped"`` or ``"kill"`` -> (base, 3sg, past, pp, ing)."""
    parts = spec.split("/")
    base = parts[0]
    past = parts[1] if len(parts) > 1 else _past(base)
    pp = parts[2] if len(parts) > 2 else past
    ing = _ing(base)
    if len(parts) > 1 and past.endswith(base[-1] * 2 + "ed"):  # doubled consonant
        ing = base + base[-1] + "ing"
    return (base, _third(base), past, pp, ing)


def _plural(noun: str) -> str:
    if noun.endswith(("s", "sh", "ch", "x", "z")):
        return noun + "es"
    if noun.endswith("y") and noun[-2] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


class Noun(tuple):
    """A noun variant's forms, ``(singular, plural)``, and ``number``: True for a variant that
    is plural whatever its concept's number ("supplies", "relatives"), False for a mass noun
    that is singular whatever it ("wildlife"), None for one that inflects."""

    number: Optional[bool]

    def __new__(cls, singular: str, plural: str, number: Optional[bool] = None) -> "Noun":
        self = super().__new__(cls, (singular, plural))
        self.number = number
        return self

    def __getnewargs__(self):
        return (self[0], self[1], self.number)


#: The number markers of a noun spec: ``"supplies:pl"`` (always plural), ``"wildlife:sg"``.
NUMBER_MARKERS = {"pl": True, "sg": False}


def _noun(spec: str) -> Noun:
    """``"child/children"`` or ``"house"`` -> (singular, plural); ``"supplies:pl"`` and
    ``"wildlife:sg"`` -> one form with its fixed number (:class:`Noun`)."""
    word, _, marker = spec.partition(":")
    if marker:
        return Noun(word, word, NUMBER_MARKERS[marker])
    parts = word.split("/")
    return Noun(parts[0], parts[1] if len(parts) > 1 else _plural(parts[0]))


# concept -> variants.  Multi-word variants are allowed ("set fire to" is avoided: the
# verb must inflect on its first word only, which every multi-word verb below does).
VERBS: Dict[str, List[Tuple[str, str, str, str, str]]] = {
    k: [_verb(v) for v in vs]
    for k, vs in {
        "hit": ["hit/hit/hit", "strike/struck/struck", "batter", "lash"],
        "kill": ["kill", "claim the lives of/claimed the lives of", "slay/slew/slain"],
        "destroy": ["destroy", "devastate", "wreck", "ruin", "flatten"],
        "damage": ["damage", "harm", "hurt/hurt/hurt"],
        "injure": ["injure", "wound", "hurt/hurt/hurt"],
        "flee": ["flee/fled/fled", "leave/left/left", "abandon", "escape"],
        "evacuate": ["evacuate", "move/moved", "relocate"],
        "send": ["send/sent/sent", "dispatch", "deliver", "ship/shipped"],
        "provide": ["provide", "supply/supplied", "offer", "give/gave/given"],
        "arrest": ["arrest", "detain", "seize", "apprehend", "catch/caught/caught"],
        "charge": ["charge", "accuse", "indict"],
        "convict": ["convict", "find guilty/found guilty/found guilty"],
        "sentence": ["sentence"],
        "say": ["say/said/said", "state", "announce", "report"],
        "warn": ["warn", "caution", "alert"],
        "begin": ["begin/began/begun", "start", "launch", "open/opened"],
        "spread": ["spread/spread/spread", "expand", "grow/grew/grown", "widen"],
        "protect": ["protect", "save/saved", "preserve", "defend", "safeguard"],
        "threaten": ["threaten", "endanger", "menace", "imperil"],
        "find": ["find/found/found", "discover", "uncover", "identify/identified"],
        "build": ["build/built/built", "construct", "erect", "set up/set up/set up"],
        "die": ["die/died", "perish"],
        "meet": ["meet/met/met", "gather", "convene"],
        "fight": ["fight/fought/fought", "battle", "combat"],
        "ban": ["ban/banned", "prohibit", "forbid/forbade/forbidden", "outlaw"],
        "approve": ["approve", "pass", "adopt", "endorse"],
        "rise": ["rise/rose/risen", "increase", "climb", "soar"],
        "fall": ["fall/fell/fallen", "drop/dropped", "decline", "plunge"],
        "attack": ["attack", "assault", "raid", "storm"],
        "claim": ["claim", "assert", "maintain"],
        "deny": ["deny/denied", "reject", "dispute"],
        "investigate": ["investigate", "examine", "probe", "look into/looked into"],
        "infect": ["infect", "sicken", "strike/struck/stricken"],
        "treat": ["treat", "care for/cared for", "tend"],
        "vaccinate": ["vaccinate", "immunize", "inoculate"],
        "close": ["close", "shut/shut/shut", "seal"],
        "rescue": ["rescue", "save/saved", "pull/pulled"],
        "hold": ["hold/held/held", "keep/kept/kept", "retain"],
        "plead": ["plead/pleaded", "enter a plea of/entered a plea of"],
        "testify": ["testify/testified", "give evidence/gave evidence/given evidence"],
        "harvest": ["harvest", "catch/caught/caught", "take/took/taken"],
        "cut": ["cut/cut/cut", "reduce", "curb", "limit"],
        "pledge": ["pledge", "promise", "vow", "commit/committed"],
        "blame": ["blame", "fault", "hold responsible/held responsible/held responsible"],
        "release": ["release", "free/freed", "let go/let go/let go"],
        "collapse": ["collapse", "cave in/caved in", "fall down/fell down/fallen down"],
        "burn": ["burn/burned", "torch", "set alight/set alight/set alight"],
        "flood": ["flood", "inundate", "swamp/swamped", "submerge"],
        "spill": ["spill/spilled", "leak", "discharge"],
        "recall": ["recall", "withdraw/withdrew/withdrawn", "pull/pulled"],
    }.items()
}

NOUNS: Dict[str, List[Noun]] = {
    k: [_noun(v) for v in vs]
    for k, vs in {
        "storm": ["storm", "hurricane", "cyclone", "tempest"],
        "quake": ["earthquake", "quake", "tremor"],
        "fire": ["fire", "blaze", "wildfire", "inferno"],
        "flood_n": ["flood", "deluge", "flooding"],
        "crash": ["crash", "accident", "disaster", "wreck"],
        "plane": ["plane", "aircraft", "jet", "airliner"],
        "train": ["train", "locomotive", "express"],
        "ship": ["ship", "vessel", "ferry", "boat"],
        "house": ["house", "home", "dwelling", "residence"],
        "building": ["building", "structure", "tower", "block"],
        "person": ["person/people", "resident", "inhabitant", "villager", "civilian"],
        "passenger": ["passenger", "traveler", "rider"],
        "child": ["child/children", "kid", "youngster", "minor"],
        "man": ["man/men", "male"],
        "woman": ["woman/women", "female"],
        "official": ["official", "authority/authorities", "officer"],
        "police": ["police officer", "policeman/policemen", "investigator", "detective"],
        "soldier": ["soldier", "troop", "serviceman/servicemen"],
        "worker": ["worker", "employee", "laborer"],
        "volunteer": ["volunteer", "helper"],
        "aid": ["aid", "relief", "assistance", "help"],
        "food": ["food", "provisions:pl", "supplies:pl"],
        "water": ["water", "drinking water"],
        "medicine": ["medicine", "drug", "medication", "remedy"],
        "vaccine": ["vaccine", "inoculation", "shot"],
        "money": ["money", "funds:pl", "cash"],
        "damage_n": ["damage", "destruction", "devastation", "harm"],
        "road": ["road", "highway", "route", "street"],
        "bridge": ["bridge", "overpass", "span"],
        "bomb": ["bomb", "explosive", "device"],
        "blast": ["blast", "explosion", "detonation"],
        "gunman": ["gunman/gunmen", "attacker", "assailant", "militant"],
        "suspect": ["suspect", "defendant", "accused/accused"],
        "group": ["group", "organization", "faction", "network"],
        "court": ["court", "tribunal", "bench"],
        "trial": ["trial", "hearing", "proceeding"],
        "verdict": ["verdict", "ruling", "judgment", "decision"],
        "judge": ["judge", "justice", "magistrate"],
        "jury": ["jury/juries", "jurors:pl"],
        "prison": ["prison", "jail", "penitentiary"],
        "year": ["year"],
        "charge_n": ["charge", "count", "accusation"],
        "fraud": ["fraud", "embezzlement", "corruption"],
        "murder": ["murder", "killing", "homicide"],
        "evidence": ["evidence", "proof", "testimony"],
        "disease": ["disease", "illness", "sickness", "infection"],
        "virus": ["virus", "pathogen", "strain"],
        "outbreak": ["outbreak", "epidemic", "spread"],
        "patient": ["patient", "sufferer", "victim"],
        "hospital": ["hospital", "clinic", "infirmary"],
        "doctor": ["doctor", "physician", "medic"],
        "case": ["case", "infection", "incident"],
        "product": ["product", "item", "good"],
        "forest": ["forest", "woodland", "woods:pl", "jungle"],
        "species": ["species/species", "animal", "creature"],
        "fish": ["fish/fish", "stock", "catch"],
        "reef": ["reef", "coral", "coral reef"],
        "river": ["river", "waterway", "stream"],
        "land": ["land", "territory", "area", "region"],
        "logging": ["logging", "deforestation", "timber cutting"],
        "pollution": ["pollution", "contamination", "waste"],
        "law": ["law", "legislation", "measure", "bill"],
        "plan": ["plan", "program", "scheme", "strategy"],
        "government": ["government", "administration", "authorities:pl"],
        "minister": ["minister", "secretary", "official"],
        "leader": ["leader", "chief", "head"],
        "spokesman": ["spokesman/spokesmen", "spokesperson", "representative"],
        "agency": ["agency", "organization", "body", "group"],
        "scientist": ["scientist", "researcher", "expert", "biologist"],
        "population": ["population", "number", "count"],
        "percent": ["percent", "per cent"],
        "dollar": ["dollar"],
        "rain": ["rain", "rainfall", "downpour"],
        "wind": ["wind", "gust"],
        "mudslide": ["mudslide", "landslide", "mudflow"],
        "shelter": ["shelter", "camp", "refuge"],
        "family": ["family/families", "household"],
        "town": ["town", "village", "community", "settlement"],
        "country": ["country", "nation", "state"],
        "region": ["region", "province", "district", "area"],
        "capital": ["capital", "capital city"],
        "coast": ["coast", "coastline", "shore"],
        "border": ["border", "frontier"],
        "team": ["team", "crew", "squad", "unit"],
        "rescuer": ["rescuer", "rescue worker", "emergency worker"],
        "body": ["body/bodies", "corpse", "remains:pl"],
        "survivor": ["survivor"],
        "victim": ["victim", "casualty/casualties"],
        "lawyer": ["lawyer", "attorney", "counsel"],
        "prosecutor": ["prosecutor", "state attorney"],
        "witness": ["witness", "bystander", "onlooker"],
        "company": ["company", "firm", "corporation", "business"],
        "factory": ["factory", "plant", "mill"],
        "oil": ["oil", "crude", "petroleum"],
        "tanker": ["tanker", "oil tanker"],
        "mine": ["mine", "pit", "colliery"],
        "miner": ["miner", "mine worker"],
        "school": ["school", "academy"],
        "crop": ["crop", "harvest"],
        "animal": ["animal", "wildlife:sg", "beast"],
        "habitat": ["habitat", "range", "home"],
        "poacher": ["poacher", "hunter", "trapper"],
    }.items()
}

ADJECTIVES: Dict[str, List[str]] = {
    "severe": ["severe", "serious", "grave", "heavy"],
    "large": ["large", "big", "huge", "massive"],
    "new": ["new", "fresh", "further"],
    "former": ["former", "ex-"],
    "deadly": ["deadly", "fatal", "lethal"],
    "small": ["small", "little", "tiny"],
    "local": ["local", "regional"],
    "foreign": ["foreign", "international", "overseas"],
    "rare": ["rare", "uncommon", "scarce"],
    "illegal": ["illegal", "unlawful", "illicit"],
    "emergency": ["emergency", "urgent"],
    "military": ["military", "army"],
    "federal": ["federal", "national", "central"],
    "massive": ["massive", "enormous", "vast"],
    "young": ["young", "teenage"],
    "elderly": ["elderly", "old", "aged"],
    "endangered": ["endangered", "threatened", "vulnerable"],
    "contaminated": ["contaminated", "tainted", "polluted"],
    "missing": ["missing", "unaccounted for"],
    "homeless": ["homeless", "displaced"],
}

PREPOSITIONS: Dict[str, List[str]] = {
    "in": ["in"],
    "near": ["near", "close to", "outside"],
    "to": ["to"],
    "for": ["for"],
    "on": ["on"],
    "with": ["with"],
    "from": ["from"],
    "against": ["against"],
    "after": ["after", "following"],
    "across": ["across", "throughout"],
}

DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
MONTH_ABBR = [
    "Jan.",
    "Feb.",
    "March",
    "April",
    "May",
    "June",
    "July",
    "Aug.",
    "Sept.",
    "Oct.",
    "Nov.",
    "Dec.",
]
NUMBER_WORDS = {
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    12: "twelve",
    20: "twenty",
    30: "thirty",
    40: "forty",
    50: "fifty",
    100: "a hundred",
    200: "two hundred",
    300: "three hundred",
    1000: "a thousand",
    2000: "two thousand",
    5000: "five thousand",
    10000: "ten thousand",
}

# ---------------------------------------------------------------------------------------
# Meaning representation


@dataclass(frozen=True)
class Entity:
    """A named thing with its surface variants: a full name first, then short forms.

    ``kind`` is a noun concept used for descriptive re-mentions ("the storm");
    ``plural`` says whether the entity takes plural agreement.
    """

    key: str
    names: Tuple[str, ...]
    kind: Optional[str] = None
    plural: bool = False


@dataclass(frozen=True)
class NP:
    """A common noun phrase: a noun concept, optionally counted and modified.

    ``count`` None means a definite description ("the aid"); a number means a counted
    plural ("214 people"); ``det`` overrides the article ("" for bare mass nouns).
    """

    noun: str
    count: Optional[int] = None
    adj: Optional[str] = None
    det: Optional[str] = None
    plural: bool = False
    owner: Optional[Entity] = None


@dataclass(frozen=True)
class When:
    """A time expression: a weekday and/or a date."""

    day: int  # 0..6
    month: int  # 1..12
    date: int  # 1..31


Arg = object  # Entity | NP


@dataclass(frozen=True)
class Fact:
    """A content unit: who did what to whom, where and when, with an importance weight.

    ``adjuncts`` is a tuple of (preposition concept, Entity|NP); ``when`` an optional
    time; ``source`` an optional Entity to which the statement is attributed
    ("officials said ...").  ``aspect`` is the TAC 2010 aspect the fact answers.
    """

    key: str
    agent: Arg
    verb: str
    patient: Optional[Arg] = None
    adjuncts: Tuple[Tuple[str, Arg], ...] = ()
    when: Optional[When] = None
    source: Optional[Arg] = None
    weight: float = 1.0
    aspect: str = "other"
    passive_ok: bool = True


# ---------------------------------------------------------------------------------------
# Styles


@dataclass(frozen=True)
class Style:
    """How one writer renders facts.

    Lexical habits: ``p_favourite`` is the probability of using the writer's favourite
    variant of a concept (else a uniform pick).  Syntax: ``p_passive`` (passive voice),
    ``p_front`` (fronted time/place adjunct), ``p_perfect`` (present perfect instead of
    simple past), ``p_digits`` (numbers as digits rather than words / approximations),
    ``p_attrib`` (keep the attribution "X said"), ``p_drop_adjunct`` (compress by
    dropping adjuncts), ``p_short_name`` (re-mention names by their short form).
    Errors (systems and MT only): ``p_drop_function`` (drop an article / auxiliary),
    ``p_bad_inflection`` (base form instead of an inflected one), ``p_swap`` (swap two
    adjacent words), ``p_wrong_word`` (a word from an unrelated concept),
    ``p_untranslated`` (MT: leave the source word), ``p_source_order`` (MT: keep the
    verb-final source order).
    Rich language (:mod:`.lexicon`; off by default): ``lexicon`` ``"rich"`` adds the wider
    variants per concept, ``p_modifier`` puts a modifier before a common noun, ``p_adverb``
    an adverb before a verb group, ``p_describe`` names an entity that has a kind by a
    description ("the stricken town"), first mention included.
    """

    name: str
    p_favourite: float = 0.7
    p_passive: float = 0.2
    p_front: float = 0.2
    p_perfect: float = 0.15
    p_digits: float = 0.6
    p_attrib: float = 0.5
    p_drop_adjunct: float = 0.1
    p_short_name: float = 0.5
    p_drop_function: float = 0.0
    p_bad_inflection: float = 0.0
    p_swap: float = 0.0
    p_wrong_word: float = 0.0
    p_untranslated: float = 0.0
    p_source_order: float = 0.0
    lexicon: str = "basic"
    p_modifier: float = 0.0
    p_adverb: float = 0.0
    p_describe: float = 0.0

    def with_(self, **changes) -> "Style":
        return replace(self, **changes)

    @classmethod
    def from_habits(
        cls, name: str, habits: Sequence[object], rng: Optional[random.Random] = None
    ) -> "Style":
        """A writer of a kind: ``habits`` are the fields after ``name`` in their order
        (``p_favourite``, ``p_passive``, ``p_front``, ``p_perfect``, ``p_digits``,
        ``p_attrib``, ``p_drop_adjunct``, ``p_short_name``, ...; fields left out keep their
        defaults); a ``(low, high)`` range is drawn uniformly from ``rng``, in that order (so
        one seed gives one writer), a number is the same for every writer of the kind."""
        return cls(name, *(rng.uniform(*h) if isinstance(h, tuple) else h for h in habits))


def _stable(*parts: str) -> int:
    return zlib.crc32("\x1f".join(parts).encode("utf-8"))


def pick_variant(style: Style, concept: str, n: int, rng: random.Random) -> int:
    """Index of the variant ``style`` uses for ``concept`` (one of ``n``)."""
    if n == 1:
        return 0
    if rng.random() < style.p_favourite:
        return _stable(style.name, concept) % n
    return rng.randrange(n)


# ---------------------------------------------------------------------------------------
# English rendering.  A rendered sentence is a list of tokens; each token is a pair
# (text, concept-or-None) so the gold alignment to the source language is known.

Token = Tuple[str, Optional[str]]


@dataclass(frozen=True)
class ClauseTrace:
    """The phrases of one rendered clause, recorded while :attr:`English.trace` is a list
    (:mod:`.trees` builds the gold trees from it; rendering is unchanged): ``front`` the
    fronted adjunct with its comma (``front_time``: it is a time expression), ``obj`` the
    object or, in the passive, ``by`` + agent, ``pps`` the trailing prepositional adjuncts,
    ``attribution`` ``("said" | "according", source tokens)`` or None, ``tokens`` the clause."""

    writer: object
    front: Tuple[Tuple[str, Optional[str]], ...]
    front_time: bool
    subj: Tuple[Tuple[str, Optional[str]], ...]
    verb: Tuple[Tuple[str, Optional[str]], ...]
    obj: Tuple[Tuple[str, Optional[str]], ...]
    passive: bool
    pps: Tuple[Tuple[Tuple[str, Optional[str]], ...], ...]
    time: Tuple[Tuple[str, Optional[str]], ...]
    attribution: Optional[Tuple[str, object]]
    tokens: Tuple[Tuple[str, Optional[str]], ...]


@dataclass(frozen=True)
class SentenceTrace:
    """Recorded by :meth:`English.sentence` while tracing: its last ``n_clauses`` traced clauses
    (before :meth:`English.corrupt`) form the sentence written as ``text``, joined by
    ``junctions`` (the words before each clause after the first, one of :data:`JUNCTIONS`)."""

    writer: object
    n_clauses: int
    text: str
    junctions: Tuple[Tuple[str, ...], ...] = ()


#: How a writer joins the clauses of one sentence: the words before each clause after the
#: first. Coordination (", and", "and", ", but") or subordination (", while", "after",
#: ", as"); never a bare comma (a comma splice). Each is one word, as generator 14's ", and"
#: was, so a summary writer's word budget holds as many facts (no bare semicolon: it would
#: fit more, and TAC's printed SCU weights, which the models' content is calibrated to,
#: would move). :meth:`English.junction` draws one.
JUNCTIONS: Tuple[Tuple[str, ...], ...] = (
    (",", "and"),
    ("and",),
    (",", "but"),
    (",", "while"),
    ("after",),
    (",", "as"),
)
#: How often each junction is drawn when the writer does not use their favourite one.
JUNCTION_WEIGHTS = (0.4, 0.14, 0.1, 0.14, 0.12, 0.1)
#: The junctions' words that are not punctuation (subordinators: the clause is an adverbial).
SUBORDINATORS = frozenset({"while", "after", "as"})


def _merged(base: Dict[str, list], more: Dict[str, list], form) -> Dict[str, list]:
    return {k: vs + [form(v) for v in more.get(k, ())] for k, vs in base.items()}


#: The variant tables by :attr:`Style.lexicon`: the basic ones, and with :mod:`.lexicon`'s.
LEXICONS: Dict[str, Tuple[dict, dict, dict]] = {
    "basic": (NOUNS, VERBS, ADJECTIVES),
    "rich": (
        _merged(NOUNS, lexicon.MORE_NOUNS, _noun),
        _merged(VERBS, lexicon.MORE_VERBS, _verb),
        _merged(ADJECTIVES, lexicon.MORE_ADJECTIVES, str),
    ),
}


def _vowel_sound(word: str) -> bool:
    """Whether ``word`` takes "an" (by its spelling: "an upland", "a unit")."""
    return (
        word[:1] in ("a", "e", "i", "o")
        or word.startswith("u")
        and not word.startswith(("uni", "use", "usu", "ura"))
    )


class English:
    """Renders :class:`Fact` objects as English token lists in a given :class:`Style`."""

    #: a list while a gold-tree build records every clause (:class:`ClauseTrace`); else None
    trace: Optional[list] = None

    def __init__(self, style: Style, rng: random.Random):
        self.style = style
        self.rng = rng
        self.mentioned: set = set()  # entities already named (for short re-mentions)
        self.refs: List[Tuple[str, bool]] = []  # (entity, short form?) of the last sentence
        self.errors = 0  # inflection errors made so far (MT fluency truth)
        self.nouns, self.verbs, self.adjectives = LEXICONS[style.lexicon]

    # -- words ---------------------------------------------------------------------
    def noun(self, concept: str, plural: bool, counted: bool = False) -> Tuple[str, bool, bool]:
        """The word for ``concept``, the number it takes and whether that number is the
        variant's own (:class:`Noun`: "supplies", "wildlife"); a counted noun ("214 people")
        uses the concept's first variant instead of one whose number cannot be counted."""
        variants = self.nouns[concept]
        v = variants[pick_variant(self.style, "n:" + concept, len(variants), self.rng)]
        if counted and v.number is not None and v.number is not plural:
            v = variants[0]
        if (
            plural
            and self.style.p_bad_inflection
            and self.rng.random() < self.style.p_bad_inflection
        ):
            self.errors += 1
            return v[0], plural, False
        number = plural if v.number is None else v.number
        return (v[1] if plural else v[0]), number, v.number is not None

    def adjective(self, concept: str) -> str:
        variants = self.adjectives[concept]
        return variants[pick_variant(self.style, "a:" + concept, len(variants), self.rng)]

    def verb_forms(self, concept: str, passive: bool = False) -> Tuple[str, str, str, str, str]:
        variants = self.verbs[concept]
        if passive:  # "claim the lives of" has no passive: single-word variants only
            variants = [v for v in variants if " " not in v[3]] or variants
        return variants[pick_variant(self.style, "v:" + concept, len(variants), self.rng)]

    def number(self, n: int) -> List[str]:
        r = self.rng.random()
        if r < self.style.p_digits or n not in NUMBER_WORDS:
            if r < self.style.p_digits * 0.75 or n < 20:
                return [f"{n:,}" if n >= 10000 else str(n)]
            hedge = self.rng.choice(["more than", "at least", "about", "some", "nearly"])
            return hedge.split() + [f"{n:,}" if n >= 10000 else str(n)]
        return NUMBER_WORDS[n].split()

    def when(self, w: When) -> List[Token]:
        r = self.rng.random()
        if r < 0.45:
            return [("on", None), (DAYS[w.day], "when")]
        if r < 0.75:
            return [("on", None), (MONTH_ABBR[w.month - 1], "when"), (str(w.date), "when")]
        if r < 0.9:
            return [(MONTHS[w.month - 1], "when"), (str(w.date), "when")]
        return [("last", None), (DAYS[w.day], "when")]

    # -- phrases ---------------------------------------------------------------------
    def np(self, arg: Arg, subject: bool = False) -> Tuple[List[Token], bool]:
        """Tokens of a noun phrase and whether it is plural."""
        if isinstance(arg, Entity):
            names = arg.names
            if (
                self.style.p_describe
                and arg.kind is not None
                and self.rng.random() < self.style.p_describe
            ):
                self.refs.append((arg.key, False))  # a description needs no antecedent
                self.mentioned.add(arg.key)
                toks = [("the", None)]
                fitting = lexicon.modifiers_for(arg.kind)
                if fitting and self.rng.random() < self.style.p_modifier:
                    toks.append((self.rng.choice(fitting), "a:modifier"))
                word, plural, _ = self.noun(arg.kind, arg.plural)
                return toks + [(word, arg.key)], plural
            if (
                arg.key in self.mentioned
                and len(names) > 1
                and self.rng.random() < self.style.p_short_name
            ):
                self.refs.append((arg.key, True))
                if arg.kind is not None and self.rng.random() < 0.35:
                    word, plural, _ = self.noun(arg.kind, arg.plural)
                    self.mentioned.add(arg.key)
                    return [("the", None), (word, arg.key)], plural
                else:
                    toks = [(w, arg.key) for w in self.rng.choice(names[1:]).split()]
            else:
                self.refs.append((arg.key, False))
                toks = [(w, arg.key) for w in names[0].split()]
            self.mentioned.add(arg.key)
            return toks, arg.plural
        assert isinstance(arg, NP)
        toks: List[Token] = []
        plural = arg.plural or arg.count is not None and arg.count != 1
        if arg.count is not None:
            toks += [(w, "num") for w in self.number(arg.count)]
        elif arg.owner is not None:
            otoks, _ = self.np(arg.owner)
            toks += otoks + [("'s", None)]
        else:
            det = arg.det if arg.det is not None else "the"
            if det:
                toks.append((det, None))
        if arg.adj is not None and self.rng.random() < 0.8:
            toks.append((self.adjective(arg.adj), "a:" + arg.adj))
        elif self.style.p_modifier:
            fitting = lexicon.modifiers_for(arg.noun, counted=arg.count is not None)
            if fitting and self.rng.random() < self.style.p_modifier:
                toks.append((self.rng.choice(fitting), "a:modifier"))
        word, number, fixed = self.noun(arg.noun, plural, counted=arg.count is not None)
        article = arg.count is None and arg.owner is None and arg.det == "a"
        if article and (fixed or number):
            toks, article = toks[1:], False  # no "a" before "supplies" or "wildlife": bare
        toks.append((word, "n:" + arg.noun))
        if article and self.style.lexicon == "rich" and _vowel_sound(toks[1][0]):
            toks[0] = ("an", None)  # the rich language's modifiers start with any letter
        return toks, number

    def pp(self, prep: str, arg: Arg) -> List[Token]:
        variants = PREPOSITIONS[prep]
        p = variants[pick_variant(self.style, "p:" + prep, len(variants), self.rng)]
        toks, _ = self.np(arg)
        return [(w, None) for w in p.split()] + toks

    def verb_group(self, concept: str, plural: bool, passive: bool, perfect: bool) -> List[Token]:
        base, third, past, pp, ing = self.verb_forms(concept, passive)
        tag = "v:" + concept
        words: List[Tuple[str, Optional[str]]]
        if passive:
            if perfect:
                aux = ["have", "been"] if plural else ["has", "been"]
            else:
                aux = ["were"] if plural else ["was"]
            words = [(a, None) for a in aux] + [(w, tag) for w in pp.split()]
        elif perfect:
            words = [("have" if plural else "has", None)] + [(w, tag) for w in pp.split()]
        else:
            words = [(w, tag) for w in past.split()]
        if self.style.p_adverb and self.rng.random() < self.style.p_adverb:
            words = [(w, "adverb") for w in self.rng.choice(lexicon.ADVERBS).split()] + words
        if self.style.p_bad_inflection and self.rng.random() < self.style.p_bad_inflection:
            # the classic MT / disfluent error: uninflected verb, auxiliary kept or lost
            self.errors += 1
            words = [(w, t) for (w, t) in words if t is None][:1] + [(w, tag) for w in base.split()]
        return words

    # -- sentences ---------------------------------------------------------------------
    def clause(self, fact: Fact) -> List[Token]:
        """One fact as a clause (no final period, not capitalised)."""
        rng, st = self.rng, self.style
        passive = fact.patient is not None and fact.passive_ok and rng.random() < st.p_passive
        perfect = rng.random() < st.p_perfect
        adjuncts = [a for a in fact.adjuncts if rng.random() >= st.p_drop_adjunct]
        time = None
        if fact.when is not None and rng.random() >= st.p_drop_adjunct:
            time = self.when(fact.when)
        front: List[Token] = []
        if time is not None and rng.random() < st.p_front:
            front, time = time + [(",", None)], None
        elif adjuncts and rng.random() < st.p_front * 0.5:
            front = self.pp(*adjuncts[0]) + [(",", None)]
            adjuncts = adjuncts[1:]
        if passive:
            subj, plural = self.np(fact.patient, subject=True)
            verb = self.verb_group(fact.verb, plural, True, perfect)
            obj = [("by", None)] + self.np(fact.agent)[0] if rng.random() < 0.75 else []
        else:
            subj, plural = self.np(fact.agent, subject=True)
            verb = self.verb_group(fact.verb, plural, False, perfect)
            obj = self.np(fact.patient)[0] if fact.patient is not None else []
        pps = [self.pp(prep, arg) for prep, arg in adjuncts]
        tail: List[Token] = [t for p in pps for t in p]
        if time is not None:
            tail += time
        core = front + subj + verb + obj + tail
        attribution = None
        if fact.source is not None and rng.random() < st.p_attrib:
            src, splural = self.np(fact.source, subject=True)
            say = self.verb_forms("say")
            if rng.random() < 0.5:
                core = src + [(say[2], "v:say")] + core
                attribution = ("said", src)
            else:
                core = core + [(",", None), ("according", None), ("to", None)] + src
                attribution = ("according", src)
        if English.trace is not None:  # the clause's phrase structure, for the gold trees (.trees)
            English.trace.append(
                ClauseTrace(
                    self,
                    tuple(front),
                    any(c == "when" for _, c in front),
                    tuple(subj),
                    tuple(verb),
                    tuple(obj),
                    passive,
                    tuple(tuple(p) for p in pps),
                    tuple(time or ()),
                    attribution,
                    tuple(core),
                )
            )
        return core

    def junction(self, before: Sequence[Token], after: Sequence[Token]) -> Tuple[str, ...]:
        """The words joining clause ``after`` to clause ``before`` (one of :data:`JUNCTIONS`):
        the writer's favourite junction with probability ``p_favourite / 2``, else one drawn
        by :data:`JUNCTION_WEIGHTS`. Drawn from its own generator, seeded by the writer and the
        two clauses' words (so by the corpus seed through them): the writer's other draws, and
        with them every fact, judgment and score drawn after the sentence, are unchanged."""
        words = " ".join(w for w, _ in before) + " | " + " ".join(w for w, _ in after)
        rng = random.Random(_stable(self.style.name, "junction", words))
        if rng.random() < self.style.p_favourite / 2:
            return JUNCTIONS[_stable(self.style.name, "junction") % len(JUNCTIONS)]
        return rng.choices(JUNCTIONS, JUNCTION_WEIGHTS)[0]

    def sentence(self, facts: Sequence[Fact]) -> Tuple[str, List[Tuple[int, int]]]:
        """Facts joined into one sentence (each clause after the first by a :meth:`junction`);
        returns the text and each fact's char span (its junction left out)."""
        pieces: List[List[Token]] = []
        junctions: List[Tuple[str, ...]] = []
        self.refs = []
        for i, fact in enumerate(facts):
            toks = self.clause(fact)
            toks = self.corrupt(toks)
            if i > 0:
                junctions.append(self.junction(pieces[-1], toks))
                toks = [(w, "join") for w in junctions[-1]] + toks
            pieces.append(toks)
        text = ""
        spans = []
        for i, toks in enumerate(pieces):
            start = None
            for w, c in toks:
                if w in (",", "'s", ".") and text:
                    text += w
                    continue
                if text:
                    text += " "
                if start is None and c != "join":
                    start = len(text)
                text += w
            spans.append((start if start is not None else len(text), len(text)))
        text += "."
        text = text[0].upper() + text[1:] if text else text
        if English.trace is not None:  # the sentence's clauses are the last len(facts) traced
            English.trace.append(SentenceTrace(self, len(facts), text, tuple(junctions)))
        return text, spans

    def corrupt(self, toks: List[Token]) -> List[Token]:
        """Apply the style's error rates (disfluent systems, MT)."""
        st, rng = self.style, self.rng
        if st.p_drop_function:
            toks = [
                t
                for t in toks
                if not (t[1] is None and t[0] not in (",",) and rng.random() < st.p_drop_function)
            ]
        if st.p_wrong_word:
            out = []
            for w, c in toks:
                if c is not None and c.startswith(("n:", "v:")) and rng.random() < st.p_wrong_word:
                    table = NOUNS if c.startswith("n:") else VERBS
                    other = rng.choice(_KEYS[c[0]])
                    w = table[other][0][0]
                out.append((w, c))
            toks = out
        if st.p_swap and len(toks) > 3:
            toks = list(toks)
            for i in range(len(toks) - 1):
                if rng.random() < st.p_swap:
                    toks[i], toks[i + 1] = toks[i + 1], toks[i]
        return toks


_KEYS = {"n": sorted(NOUNS), "v": sorted(VERBS)}


# ---------------------------------------------------------------------------------------
# The artificial source language.

_ONSETS = ["k", "t", "m", "n", "s", "r", "b", "d", "g", "h", "l", "p", "z", "v", "ch", "sh"]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ou"]


def pseudo_word(key: str, syllables: Optional[int] = None) -> str:
    """A pronounceable, deterministic pseudo-word for a concept key."""
    h = _stable("src", key)
    n = syllables if syllables is not None else 2 + h % 2
    out = []
    for i in range(n):
        h, a = divmod(h, len(_ONSETS))
        h, b = divmod(h, len(_VOWELS))
        out.append(_ONSETS[a] + _VOWELS[b])
        if h == 0:
            h = _stable("src", key, str(i))
    return "".join(out)


# case and morphology suffixes (attached as separate morphemes joined with no space)
SRC_AGENT, SRC_PATIENT, SRC_PLURAL = "ga", "o", "ri"
SRC_PAST, SRC_PERFECT, SRC_PASSIVE = "ta", "shite", "rare"
SRC_POSTPOSITION = {p: pseudo_word("post:" + p, 1) for p in PREPOSITIONS}


def _src_np(arg: Arg) -> List[Tuple[str, str]]:
    """Source tokens of a noun phrase: (word, concept)."""
    if isinstance(arg, Entity):
        return [(w, arg.key) for w in arg.names[0].split()]
    toks: List[Tuple[str, str]] = []
    if arg.owner is not None:
        toks += _src_np(arg.owner)
        toks[-1] = (toks[-1][0] + "no", toks[-1][1])
    if arg.count is not None:
        toks.append((str(arg.count), "num"))
    plural = arg.plural or (arg.count is not None and arg.count != 1)
    toks.append((pseudo_word("n:" + arg.noun) + (SRC_PLURAL if plural else ""), "n:" + arg.noun))
    if arg.adj is not None:
        toks.append((pseudo_word("a:" + arg.adj), "a:" + arg.adj))  # adjectives follow nouns
    return toks


def render_source(fact: Fact) -> List[Tuple[str, str]]:
    """The fact in the verb-final source language: agent-ga patient-o adjuncts verb-ta."""
    toks: List[Tuple[str, str]] = []
    if fact.when is not None:
        toks += [(pseudo_word(f"day:{fact.when.day}"), "when"), (str(fact.when.date), "when")]
    agent = _src_np(fact.agent)
    agent[-1] = (agent[-1][0] + SRC_AGENT, agent[-1][1])
    toks += agent
    if fact.patient is not None:
        pat = _src_np(fact.patient)
        pat[-1] = (pat[-1][0] + SRC_PATIENT, pat[-1][1])
        toks += pat
    for prep, arg in fact.adjuncts:
        toks += _src_np(arg) + [(SRC_POSTPOSITION[prep], "p:" + prep)]
    toks.append((pseudo_word("v:" + fact.verb) + SRC_PAST, "v:" + fact.verb))
    if fact.source is not None:
        src = _src_np(fact.source)
        src[-1] = (src[-1][0] + SRC_AGENT, src[-1][1])
        toks += [("to", None)] + src + [(pseudo_word("v:say") + SRC_PAST, "v:say")]
    return toks


__all__ = [
    "ADJECTIVES",
    "NOUNS",
    "VERBS",
    "PREPOSITIONS",
    "Entity",
    "NP",
    "When",
    "Fact",
    "Style",
    "English",
    "ClauseTrace",
    "SentenceTrace",
    "JUNCTIONS",
    "JUNCTION_WEIGHTS",
    "SUBORDINATORS",
    "pseudo_word",
    "render_source",
    "pick_variant",
]
