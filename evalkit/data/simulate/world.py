"""The latent world: topics made of weighted content units, and the actors who write and judge.

A *topic* (a DUC/TAC document cluster or an MT news story) is a small event of one of the
five TAC 2010 guided-summarization categories (accidents, attacks, health, resources,
trials).  It has a cast of named entities and a list of :class:`~.language.Fact` content
units, each with an importance weight and the TAC 2010 aspect it answers.  A few core
facts carry most of the weight (what happened, to whom, where, the damage); the rest are
details and background of low weight.  Everything the texts and the human judgments say
derives from this truth, which the builders save next to each corpus.

Names are invented from syllables, so no real person or place appears.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Dict, List, NamedTuple, Optional, Tuple

from evalkit.data.tac_guided import CATEGORIES as GUIDED_CATEGORIES

from .language import NP, Entity, Fact, When, pseudo_word

# TAC 2010 guided summarization categories and their aspects (Owczarzak & Dang 2011, Table 1);
# every aspect of every category has templates (Table 5 finds SCUs of each in the pyramids)
CATEGORIES = GUIDED_CATEGORIES

_FIRST = [
    "Elena",
    "Marco",
    "Ana",
    "Victor",
    "Lena",
    "Omar",
    "Greta",
    "Paulo",
    "Irina",
    "Tomas",
    "Nadia",
    "Felix",
    "Sara",
    "Anton",
    "Mira",
    "Hugo",
    "Livia",
    "Jonas",
    "Clara",
    "Rafael",
]
_TITLES = {
    "official": "Governor",
    "minister": "Minister",
    "leader": "President",
    "spokesman": "spokesman",
    "judge": "Judge",
    "prosecutor": "prosecutor",
    "scientist": "Dr.",
    "lawyer": "attorney",
}


def _cap(word: str) -> str:
    return word[:1].upper() + word[1:]


class Namer:
    """Invented proper names, unique within one topic."""

    def __init__(self, rng: random.Random, salt: str):
        self.rng = rng
        self.salt = salt
        self.used: set = set()
        self.n = 0

    def word(self, syl: int = 3) -> str:
        while True:
            self.n += 1
            w = _cap(pseudo_word(f"{self.salt}:{self.n}:{self.rng.random()}", syl))
            if w not in self.used:
                self.used.add(w)
                return w

    def person(self, key: str, role: str) -> Entity:
        first, last = self.rng.choice(_FIRST), self.word(3)
        title = _TITLES.get(role, "")
        full = f"{title} {first} {last}" if title and title[0].isupper() else f"{first} {last}"
        return Entity(key, (full, last, f"{first} {last}"), role or "suspect")

    def place(self, key: str, kind: str, suffix: str = "") -> Entity:
        name = self.word(self.rng.choice((2, 3))) + suffix
        return Entity(key, (name,), kind)


@dataclass
class Topic:
    """One cluster's latent content."""

    key: str
    category: str
    facts: List[Fact]
    entities: Dict[str, Entity]
    when: When

    @property
    def weights(self) -> Dict[str, float]:
        return {f.key: f.weight for f in self.facts}


class Template(NamedTuple):
    """A fact template: the aspect it answers, its base weight, the roles of its clause
    (agent, verb, patient or None, adjuncts as (preposition, role)), whether it is dated,
    and the role it is attributed to.  A row of the tables below is a tuple of these
    fields; it leaves out the trailing ones that keep their defaults."""

    aspect: str
    weight: float
    agent: str
    verb: str
    patient: Optional[str]
    adjuncts: Tuple[Tuple[str, str], ...] = ()
    timed: bool = False
    source: Optional[str] = None


_TEMPLATES: Dict[str, List[tuple]] = {
    "accidents": [
        ("what", 6.0, "EVENT", "hit", "REGION", (), True),
        ("when", 4.0, "EVENT", "begin", None, (("near", "COAST"),), True),
        ("where", 4.0, "EVENT", "hit", "TOWN", (("in", "REGION"),), False, "OFFICIALS"),
        ("who_affected", 6.0, "EVENT", "kill", "N_DEAD", (("in", "TOWN"),), False, "OFFICIALS"),
        ("damages", 5.0, "EVENT", "destroy", "N_HOUSES", (("in", "REGION"),)),
        ("who_affected", 4.0, "N_FLED", "flee", "THEIR_HOMES"),
        ("who_affected", 3.5, "EVENT", "injure", "N_HURT", (), False, "HOSPITAL_OFFICIAL"),
        ("countermeasures", 4.0, "AGENCY", "send", "AID", (("to", "REGION"),), True),
        ("countermeasures", 3.0, "GOVT", "evacuate", "N_FAMILIES", (("from", "COAST"),)),
        ("why", 3.0, "RAIN", "flood", "TOWN"),
        ("damages", 2.5, "EVENT", "damage", "ROADS", (), False, "OFFICIALS"),
        ("countermeasures", 2.5, "RESCUERS", "find", "N_BODIES", (("near", "RIVER"),)),
        ("countermeasures", 2.0, "LEADER", "pledge", "MONEY", (("for", "SURVIVORS"),)),
        ("who_affected", 2.0, "N_MISSING", "die", None, (("in", "TOWN2"),), False, "OFFICIALS"),
        ("countermeasures", 1.5, "SOLDIERS", "build", "SHELTERS", (("in", "CAPITAL"),)),
        ("damages", 1.5, "MUDSLIDE", "collapse", None, (("near", "TOWN2"),)),
    ],
    "attacks": [
        ("what", 6.0, "BOMB", "hit", "TARGET", (("in", "CAPITAL"),), True),
        ("when", 3.5, "GROUP", "attack", "TARGET", (), True, "POLICE"),
        ("where", 3.5, "BLAST", "hit", "TOWN", (("near", "BORDER"),)),
        ("who_affected", 6.0, "BLAST", "kill", "N_DEAD", (), False, "POLICE"),
        ("perpetrators", 5.0, "GROUP", "claim", "ATTACK_NP"),
        ("who_affected", 4.0, "BLAST", "injure", "N_HURT", (), False, "HOSPITAL_OFFICIAL"),
        ("countermeasures", 4.0, "POLICE", "arrest", "N_SUSPECTS", (("near", "BORDER"),), True),
        ("damages", 3.0, "BLAST", "destroy", "BUILDING"),
        ("why", 3.0, "LEADER", "blame", "GROUP"),
        ("countermeasures", 2.5, "GOVT", "close", "BORDER_NP"),
        ("countermeasures", 2.0, "MINISTER", "warn", "PEOPLE"),
        ("perpetrators", 2.0, "GROUP", "deny", "CHARGES", (), False, "SPOKESMAN"),
        ("damages", 1.5, "BLAST", "damage", "CARS"),
        ("countermeasures", 1.5, "SOLDIERS", "investigate", "BLAST_NP"),
    ],
    "health": [
        ("what", 6.0, "VIRUS", "infect", "N_CASES", (("in", "REGION"),), True, "OFFICIALS"),
        ("who_affected", 5.0, "VIRUS", "kill", "N_DEAD", (), False, "HEALTH_AGENCY"),
        ("how", 4.0, "WATER_NP", "spread", "VIRUS", (("across", "REGION"),), False, "SCIENTIST"),
        ("countermeasures", 4.0, "DOCTORS", "vaccinate", "N_CHILDREN"),
        ("countermeasures", 3.5, "GOVT", "close", "SCHOOLS", (("in", "TOWN"),), True),
        ("why", 3.0, "SCIENTIST", "blame", "POLLUTION"),
        ("countermeasures", 3.0, "HEALTH_AGENCY", "send", "MEDICINE", (("to", "TOWN"),)),
        ("who_affected", 2.5, "HOSPITALS", "treat", "N_PATIENTS"),
        ("countermeasures", 2.0, "COMPANY", "recall", "PRODUCTS"),
        ("countermeasures", 1.5, "MINISTER", "warn", "PEOPLE"),
        ("how", 1.5, "VIRUS", "spread", None, (("to", "TOWN2"),)),
    ],
    "resources": [
        (
            "what",
            6.0,
            "LOGGING_NP",
            "threaten",
            "SPECIES_NP",
            (("in", "REGION"),),
            False,
            "SCIENTISTS",
        ),
        ("threats", 5.0, "POACHERS", "kill", "N_ANIMALS", (), False, "AGENCY"),
        ("importance", 4.5, "FOREST_NP", "protect", "RIVER", (), False, "SCIENTIST"),
        ("countermeasures", 4.5, "GOVT", "ban", "LOGGING_NP", (("in", "REGION"),), True),
        ("threats", 3.5, "POPULATION_NP", "fall", None, (("to", "N_LEFT"),), False, "SCIENTISTS"),
        ("countermeasures", 3.5, "LEADER", "approve", "LAW_NP", (), True),
        ("threats", 3.0, "COMPANY", "spill", "OIL_NP", (("near", "RIVER"),)),
        ("countermeasures", 2.5, "AGENCY", "pledge", "MONEY", (("for", "PLAN_NP"),)),
        ("importance", 2.0, "FISH_NP", "rise", None, (("in", "RIVER"),)),
        ("countermeasures", 1.5, "VOLUNTEERS", "build", "SHELTERS"),
    ],
    "trials": [
        ("who", 6.0, "COURT", "convict", "DEFENDANT", (), True),
        ("charges", 5.0, "PROSECUTOR", "charge", "DEFENDANT", (("with", "CRIME"),)),
        ("sentence", 5.0, "JUDGE", "sentence", "DEFENDANT", (("to", "N_YEARS"),)),
        ("plead", 4.0, "DEFENDANT", "deny", "CHARGES", (), False, "LAWYER"),
        ("who_investigating", 3.5, "POLICE", "arrest", "DEFENDANT", (("in", "CAPITAL"),)),
        ("why", 3.0, "PROSECUTOR", "claim", "EVIDENCE_NP"),
        ("who_investigating", 2.5, "POLICE", "investigate", "COMPANY"),
        ("other", 2.0, "WITNESS", "testify", None, (("against", "DEFENDANT"),)),
        ("plead", 2.0, "LAWYER", "pledge", "APPEAL_NP"),
        ("other", 1.5, "JURY", "meet", None, (("for", "N_DAYS"),)),
    ],
}

# Low-weight background details any document may add (aspect "other").  "@" roles get a
# fresh filler at every use (a new place, a new count), so no two details say the same.
_DETAILS: List[tuple] = [
    ("other", 0.6, "WITNESS", "find", "BODIES", (("near", "@PLACE"),)),
    (
        "other",
        0.5,
        "VOLUNTEERS",
        "rescue",
        "@N_SMALL",
        (("from", "BUILDING2"), ("in", "@PLACE")),
        False,
        "WITNESS",
    ),
    ("other", 0.4, "OFFICIALS", "hold", "TALKS", (("with", "AGENCY"), ("in", "@PLACE")), True),
    ("other", 0.4, "MINISTER", "send", "TEAM", (("to", "@PLACE"),)),
    ("other", 0.5, "OFFICIALS", "meet", None, (("in", "@PLACE"),), True),
    ("other", 0.5, "VOLUNTEERS", "provide", "FOOD", (("to", "SURVIVORS"), ("in", "@PLACE"))),
    ("other", 0.4, "LEADER", "warn", "@PEOPLE"),
    ("other", 0.4, "COMPANY", "cut", "@JOBS", (("in", "@PLACE"),)),
    ("other", 0.3, "SCHOOLS", "close", None, (("in", "@PLACE"),)),
    ("other", 0.3, "PRICES", "rise", None, (("in", "@PLACE"),), False, "OFFICIALS"),
    ("other", 0.3, "POLICE", "close", "ROADS", (("near", "@PLACE"),), True),
    ("other", 0.3, "SPOKESMAN", "deny", "REPORTS", (("from", "@PLACE"),)),
]


def _roles(cat: str, namer: Namer, rng: random.Random) -> Dict[str, object]:
    """Concrete fillers for every role a category's templates can use."""
    region = namer.place("REGION", "region")
    country = namer.place("COUNTRY", "country")
    r: Dict[str, object] = {
        "REGION": region,
        "COUNTRY": country,
        "CAPITAL": namer.place("CAPITAL", "capital"),
        "TOWN": namer.place("TOWN", "town"),
        "TOWN2": namer.place("TOWN2", "town"),
        "RIVER": Entity("RIVER", (namer.word(2) + " River", "the river"), "river"),
        "COAST": NP("coast", owner=country if rng.random() < 0.3 else None),
        "BORDER": NP("border"),
        "OFFICIALS": NP("official", plural=True),
        "HOSPITAL_OFFICIAL": NP("doctor", plural=True),
        "GOVT": NP("government", owner=country),
        "LEADER": namer.person("LEADER", "leader"),
        "MINISTER": namer.person("MINISTER", "minister"),
        "SPOKESMAN": namer.person("SPOKESMAN", "spokesman"),
        "AGENCY": Entity("AGENCY", (f"the {namer.word(2)} Relief Agency", "the agency"), "agency"),
        "HEALTH_AGENCY": Entity(
            "HEALTH_AGENCY", (f"the {namer.word(2)} Health Institute", "the institute"), "agency"
        ),
        "COMPANY": Entity("COMPANY", (f"{namer.word(2)} Industries", namer.word(2)), "company"),
        "SCIENTIST": namer.person("SCIENTIST", "scientist"),
        "SCIENTISTS": NP("scientist", plural=True),
        "WITNESS": NP("witness", plural=True),
        "VOLUNTEERS": NP("volunteer", plural=True, det=""),
        "SOLDIERS": NP("soldier", plural=True),
        "RESCUERS": NP("rescuer", plural=True),
        "DOCTORS": NP("doctor", plural=True),
        "POLICE": NP("police", plural=True),
        "PEOPLE": NP("person", plural=True, det="the"),
        "SURVIVORS": NP("survivor", plural=True),
        "SHELTERS": NP("shelter", plural=True, adj="emergency", det=""),
        "FOOD": NP("food", det=""),
        "AID": NP("aid", adj="emergency", det=""),
        "MONEY": NP("dollar", count=rng.choice([2, 5, 10, 20, 50, 100]) * 1000000),
        "JOBS": NP("worker", count=rng.choice([200, 300, 500, 1000])),
        "PRICES": NP("food", det=""),
        "REPORTS": NP("charge_n", plural=True),
        "SCHOOLS": NP("school", plural=True),
        "CARS": NP("road", plural=True),
        "N_DEAD": NP("person", count=rng.choice([12, 20, 30, 40, 50, 100, 200, 300, 1000, 2000])),
        "N_HURT": NP("person", count=rng.choice([30, 40, 50, 100, 200, 300, 500])),
        "N_MISSING": NP("person", count=rng.choice([10, 12, 20, 30, 50]), adj="missing"),
        "N_HOUSES": NP("house", count=rng.choice([300, 1000, 2000, 5000, 10000])),
        "N_FLED": NP("person", count=rng.choice([1000, 2000, 5000, 10000, 20000])),
        "N_FAMILIES": NP("family", count=rng.choice([200, 300, 500, 1000])),
        "N_BODIES": NP("body", count=rng.choice([7, 9, 12, 20])),
        "THEIR_HOMES": NP("house", plural=True, det="their"),
        "ROADS": NP("road", plural=True, det=""),
        "BODIES": NP("body", plural=True, det="more"),
        "N_SMALL": NP("person", count=rng.choice([3, 4, 5, 6, 8])),
        "BUILDING2": NP("building", adj="small", det="a"),
        "TALKS": NP("plan", plural=True, adj="emergency"),
        "TEAM": NP("team", det="a", adj="foreign"),
    }
    if cat == "accidents":
        kind = rng.choice(["storm", "quake", "flood_n", "fire"])
        label = {"storm": "Hurricane", "quake": "Earthquake", "flood_n": "Flood", "fire": "Fire"}[
            kind
        ]
        name = namer.word(2)
        r["EVENT"] = Entity("EVENT", (f"{label} {name}", name), kind)
        r["RAIN"] = NP("rain", adj="severe", plural=False, det="")
        r["MUDSLIDE"] = NP("mudslide", plural=True)
    elif cat == "attacks":
        r["BOMB"] = NP("bomb", adj="large", det="a")
        r["BLAST"] = NP("blast")
        r["TARGET"] = NP(
            "building", owner=Entity("MINISTRY", (f"the {namer.word(2)} Ministry",), "building")
        )
        r["GROUP"] = Entity("GROUP", (f"the {namer.word(2)} Front", "the Front"), "group")
        r["ATTACK_NP"] = NP("blast", det="the")
        r["N_SUSPECTS"] = NP("suspect", count=rng.choice([2, 3, 4, 5, 7]))
        r["BUILDING"] = NP("building", adj="local")
        r["BORDER_NP"] = NP("border", owner=r["COUNTRY"])
        r["CHARGES"] = NP("charge_n", plural=True)
        r["BLAST_NP"] = NP("blast")
    elif cat == "health":
        r["VIRUS"] = Entity("VIRUS", (f"{namer.word(2)} fever", "the fever"), "disease")
        r["N_CASES"] = NP("person", count=rng.choice([200, 300, 500, 1000, 2000]))
        r["WATER_NP"] = NP("water", adj="contaminated", det="")
        r["N_CHILDREN"] = NP("child", count=rng.choice([5000, 10000, 20000]))
        r["POLLUTION"] = NP("pollution", det="")
        r["MEDICINE"] = NP("medicine", plural=True, det="")
        r["HOSPITALS"] = NP("hospital", plural=True, adj="local")
        r["N_PATIENTS"] = NP("patient", count=rng.choice([100, 200, 300, 500]))
        r["PRODUCTS"] = NP("product", plural=True, adj="contaminated")
    elif cat == "resources":
        animal = namer.word(2).lower()
        r["SPECIES_NP"] = Entity("SPECIES", (f"the {animal} deer", f"the {animal}"), "species")
        r["LOGGING_NP"] = NP("logging", adj="illegal", det="")
        r["POACHERS"] = NP("poacher", plural=True)
        r["N_ANIMALS"] = NP("animal", count=rng.choice([100, 200, 300, 500]))
        r["FOREST_NP"] = NP("forest", owner=r["REGION"])
        r["POPULATION_NP"] = NP("population", owner=r["SPECIES_NP"])
        r["N_LEFT"] = NP("animal", count=rng.choice([300, 500, 1000, 2000]))
        r["LAW_NP"] = NP("law", adj="new", det="a")
        r["OIL_NP"] = NP("oil", det="")
        r["PLAN_NP"] = NP("plan", adj="new", det="a")
        r["FISH_NP"] = NP("fish", plural=True, det="the")
    elif cat == "trials":
        r["DEFENDANT"] = namer.person("DEFENDANT", "")
        r["COURT"] = Entity("COURT", (f"a {namer.word(2)} court", "the court"), "court")
        r["PROSECUTOR"] = namer.person("PROSECUTOR", "prosecutor")
        r["JUDGE"] = namer.person("JUDGE", "judge")
        r["LAWYER"] = namer.person("LAWYER", "lawyer")
        r["CRIME"] = NP(rng.choice(["fraud", "murder"]), det="")
        r["N_YEARS"] = NP("year", count=rng.choice([5, 7, 10, 12, 20]))
        r["CHARGES"] = NP("charge_n", plural=True)
        r["EVIDENCE_NP"] = NP("evidence", adj="new", det="")
        r["APPEAL_NP"] = NP("verdict", det="a new")
        r["JURY"] = NP("jury")
        r["N_DAYS"] = NP("year", count=2)
    return r


def make_topic(
    key: str, rng: random.Random, category: Optional[str] = None, n_details: int = 30
) -> Topic:
    """A topic with its core facts (category templates) and low-weight details.

    Weights: each template's base weight times a log-normal factor (sd 0.35), so topics
    differ in which facts matter most but the core facts dominate.
    """
    cat = category or rng.choice(sorted(CATEGORIES))
    namer = Namer(rng, key)
    roles = _roles(cat, namer, rng)
    when = When(rng.randrange(7), rng.randrange(1, 13), rng.randrange(1, 29))
    facts: List[Fact] = []

    def build(
        i: int, t: Template, weight: float, extra: Optional[Dict[str, object]] = None
    ) -> Optional[Fact]:
        aspect, _, agent, verb, patient, adjs, timed, source = t
        roles_ = roles if extra is None else {**roles, **extra}
        try:
            return Fact(
                key=f"{key}.{i:02d}",
                agent=roles_[agent],
                verb=verb,
                patient=roles_[patient] if patient else None,
                adjuncts=tuple((p, roles_[r]) for p, r in adjs),
                when=when if timed else None,
                source=roles_[source] if source else None,
                weight=round(weight, 4),
                aspect=aspect,
                passive_ok=patient is not None
                and not isinstance(roles_[patient], Entity)
                or rng.random() < 0.5,
            )
        except KeyError:  # role not defined for this category
            return None

    for row in _TEMPLATES[cat]:
        t = Template(*row)
        f = build(len(facts), t, t.weight * math.exp(rng.gauss(0.0, 0.35)))
        if f is not None:
            facts.append(f)
    for d in range(n_details):
        t = Template(*rng.choice(_DETAILS))
        place = namer.place(f"PLACE{d}", "town")
        extra = {
            "@PLACE": place,
            "@PEOPLE": NP("person", plural=True, owner=place),
            "@N_SMALL": NP("person", count=rng.choice([3, 4, 5, 6, 8, 9, 11])),
            "@JOBS": NP("worker", count=rng.choice([150, 200, 300, 400, 500, 600])),
        }
        f = build(len(facts), t, t.weight * math.exp(rng.gauss(0.0, 0.5)), extra)
        if f is not None:
            facts.append(f)
    ents = {k: v for k, v in roles.items() if isinstance(v, Entity)}
    return Topic(key=key, category=cat, facts=facts, entities=ents, when=when)


# ---------------------------------------------------------------------------------------
# Actors


@dataclass(frozen=True)
class Assessor:
    """A human judge: additive bias and noise (in units of the score being judged).

    ``repeat_noise`` is the extra inconsistency when judging the same text twice (an
    inconsistent assessor has a large one); ``miss`` is the probability of overlooking a
    content unit that is there, ``false_match`` of crediting one that is not.
    """

    key: str
    bias: float
    noise: float
    miss: float
    false_match: float


def make_assessors(
    keys: List[str], rng: random.Random, inconsistent: int = 1
) -> Dict[str, Assessor]:
    """Assessors with individual bias and noise; the first ``inconsistent`` are sloppy."""
    out = {}
    order = list(keys)
    rng.shuffle(order)
    sloppy = set(order[:inconsistent])
    for k in keys:
        s = k in sloppy
        out[k] = Assessor(
            key=k,
            bias=round(rng.gauss(0.0, 0.35), 4),
            noise=round((0.75 if s else 0.35) + rng.random() * 0.2, 4),
            miss=round((0.3 if s else 0.12) + rng.random() * 0.05, 4),
            false_match=round((0.08 if s else 0.02) + rng.random() * 0.02, 4),
        )
    return out


def lognormal_weights(n: int, rng: random.Random, sd: float = 0.5) -> List[float]:
    return [math.exp(rng.gauss(0.0, sd)) for _ in range(n)]


__all__ = ["CATEGORIES", "Topic", "make_topic", "Assessor", "make_assessors"]
