"""The wider vocabulary of a rich-language corpus: more variants per concept, NP modifiers
and clause adverbs (:class:`.language.Style` ``lexicon="rich"``, ``p_modifier``,
``p_adverb``).

Real news and real summaries of one story share its names but little else: each writer
chooses among many more words per concept than :mod:`.language`'s 3-5 variants, and
writes ~20-25 word sentences whose non-name words (modifiers, adverbs) vary by writer.
With the basic vocabulary every pair of summaries of a story shares most of its bigrams
(DUC 2004 task 2's best simulated system scored about three times graham2015 Table 3's
best ROUGE-2, ``data/published/simulator_targets.csv``).

Layout: ``MORE_VERBS`` / ``MORE_NOUNS`` / ``MORE_ADJECTIVES`` map a concept of
:data:`.language.VERBS` / ``NOUNS`` / ``ADJECTIVES`` to extra variant specs written as
there (``"take/took/taken"``, ``"child/children"``); ``MODIFIERS_BY_KIND`` are attributive
adjectives that fit any common noun of a news story of one kind (people, places, things,
counted; :func:`modifiers_for`), ``ADVERBS`` adverbs that fit before
any past-tense verb group. Words written for evalkit, no external lexicon.
"""

from __future__ import annotations

from typing import Dict, List, Tuple


def _listed(text: str) -> Tuple[str, ...]:
    """Comma-separated words (a word may hold spaces, "badly hit", and wrap a line)."""
    return tuple(" ".join(w.split()) for w in text.split(",") if w.strip())


MORE_VERBS: Dict[str, List[str]] = {
    "hit": ["pound", "slam/slammed", "ravage", "sweep/swept/swept", "smash"],
    "kill": [
        "leave dead/left dead/left dead",
        "take the lives of/took the lives of/taken the lives of",
    ],
    "destroy": ["demolish", "level/levelled", "raze", "obliterate", "gut/gutted"],
    "damage": ["impair", "scar/scarred", "batter", "weaken"],
    "injure": ["maim", "leave injured/left injured/left injured", "bruise"],
    "flee": ["desert", "quit/quit/quit", "run from/ran from/run from", "evade"],
    "evacuate": ["clear", "empty/emptied", "remove", "shift"],
    "send": ["rush", "fly/flew/flown", "airlift", "route", "forward"],
    "provide": ["hand out/handed out", "distribute", "donate", "furnish", "contribute"],
    "arrest": [
        "capture",
        "nab/nabbed",
        "round up/rounded up",
        "hold/held/held",
        "take in/took in/taken in",
    ],
    "charge": ["prosecute", "cite", "book"],
    "convict": ["condemn", "find culpable/found culpable/found culpable"],
    "say": ["tell reporters/told reporters/told reporters", "declare", "note", "confirm", "insist"],
    "warn": ["advise", "notify/notified", "urge", "tell/told/told"],
    "begin": ["initiate", "commence", "kick off/kicked off", "embark on/embarked on"],
    "spread": ["extend", "move into/moved into", "reach", "advance", "travel/travelled"],
    "protect": ["shield", "guard", "shelter", "secure"],
    "threaten": [
        "jeopardize",
        "put at risk/put at risk/put at risk",
        "expose",
        "put in danger/put in danger/put in danger",
    ],
    "find": [
        "locate",
        "spot/spotted",
        "recover",
        "turn up/turned up",
        "come upon/came upon/come upon",
    ],
    "build": ["put up/put up/put up", "assemble", "raise", "establish"],
    "meet": ["confer", "assemble", "huddle", "hold talks/held talks/held talks"],
    "approve": ["ratify/ratified", "back", "sanction", "clear"],
    "attack": ["ambush", "strike/struck/struck", "target", "bomb"],
    "investigate": ["study/studied", "review", "inspect", "scrutinize"],
    "infect": ["afflict", "contaminate", "spread to/spread to/spread to"],
    "treat": ["nurse", "attend to/attended to", "look after/looked after", "heal"],
    "vaccinate": ["jab/jabbed", "protect", "give shots to/gave shots to/given shots to"],
    "close": ["lock", "shutter", "bar/barred", "suspend"],
    "rescue": ["lift", "evacuate", "recover", "retrieve"],
    "cut": ["slash/slashed", "trim/trimmed", "scale back/scaled back", "lower"],
    "blame": ["criticize", "condemn", "point to/pointed to", "implicate"],
    "release": ["discharge", "liberate", "set free/set free/set free", "turn loose/turned loose"],
    "burn": ["scorch", "char/charred", "consume", "engulf"],
    "recall": ["retract", "take back/took back/taken back", "call back/called back"],
    "fight": ["tackle", "contain", "struggle against/struggled against", "resist"],
    "ban": ["halt", "block", "stop/stopped", "bar/barred"],
    "die": ["succumb", "pass away/passed away", "be killed/was killed/been killed"],
}

MORE_NOUNS: Dict[str, List[str]] = {
    "storm": ["typhoon", "gale", "squall", "weather system"],
    "fire": ["flames:pl", "fire storm", "conflagration", "bushfire"],
    "crash": ["collision", "catastrophe", "tragedy", "mishap", "calamity"],
    "house": ["dwelling place", "cottage", "shack", "apartment", "homestead"],
    "building": ["edifice", "premises:pl", "complex", "office block"],
    "person": ["citizen", "local", "dweller", "native", "townsman/townsmen"],
    "child": ["boy", "girl", "infant", "schoolchild/schoolchildren", "pupil"],
    "official": ["bureaucrat", "administrator", "functionary", "civil servant"],
    "police": ["constable", "officer", "lawman/lawmen", "trooper"],
    "soldier": ["marine", "fighter", "conscript", "paratrooper"],
    "worker": ["staffer", "hand", "crewman/crewmen", "contractor"],
    "volunteer": ["aid worker", "charity worker", "recruit"],
    "aid": [
        "support",
        "donations:pl",
        "relief supplies:pl",
        "handouts:pl",
    ],
    "food": ["rations:pl", "grain", "meals:pl", "foodstuffs:pl"],
    "medicine": ["antibiotic", "pharmaceutical", "pill", "treatment"],
    "damage_n": ["ruin", "losses:pl", "wreckage", "havoc"],
    "road": ["motorway", "avenue", "lane", "track"],
    "gunman": ["rebel", "insurgent", "fighter", "raider"],
    "suspect": ["detainee", "culprit", "prisoner"],
    "group": ["movement", "outfit", "cell", "ring"],
    "trial": ["case", "court case", "prosecution"],
    "verdict": ["finding", "sentence", "outcome"],
    "prison": ["detention", "custody", "lockup"],
    "evidence": ["exhibits:pl", "documents:pl", "records:pl"],
    "disease": ["ailment", "malady", "fever", "condition"],
    "outbreak": ["flare-up", "surge", "wave", "contagion"],
    "patient": ["invalid", "sick person/sick people", "case"],
    "hospital": ["medical center", "ward", "sanatorium", "health post"],
    "doctor": ["surgeon", "nurse", "health worker", "clinician"],
    "forest": ["rainforest", "timberland", "grove", "bush"],
    "land": ["acreage", "ground", "terrain", "countryside"],
    "law": ["statute", "act", "regulation", "decree", "ordinance"],
    "plan": ["proposal", "initiative", "blueprint", "project"],
    "government": ["cabinet", "regime", "state", "leadership"],
    "leader": ["boss", "commander", "premier", "head of state/heads of state"],
    "spokesman": ["press officer", "aide", "envoy"],
    "agency": ["institute", "office", "bureau", "department"],
    "scientist": ["specialist", "analyst", "academic", "ecologist"],
    "town": ["hamlet", "township", "municipality", "locality"],
    "country": ["republic", "land", "kingdom"],
    "region": ["zone", "county", "state", "territory"],
    "team": ["contingent", "detachment", "brigade", "taskforce"],
    "rescuer": ["searcher", "lifesaver", "firefighter", "paramedic"],
    "body": ["dead:pl", "deceased/deceased", "cadaver"],
    "victim": ["fatality/fatalities", "injured person/injured people", "wounded:pl"],
    "company": ["enterprise", "concern", "manufacturer", "supplier"],
    "witness": ["observer", "passer-by/passers-by", "eyewitness", "spectator"],
    "shelter": ["tent", "shelter camp", "emergency housing", "hostel"],
    "family": ["clan", "kin:pl", "relatives:pl"],
    "survivor": ["evacuee", "refugee", "displaced person/displaced people"],
    "water": ["clean water", "bottled water", "fresh water"],
    "money": ["financing", "grants:pl", "dollars:pl", "budget"],
    "species": ["wildlife:sg", "fauna:sg", "breed"],
    "pollution": ["runoff", "toxins:pl", "effluent", "sewage"],
    "minister": ["cabinet member", "undersecretary", "commissioner"],
}

MORE_ADJECTIVES: Dict[str, List[str]] = {
    "severe": ["intense", "fierce", "violent", "extreme"],
    "large": ["sizable", "great", "major", "vast"],
    "deadly": ["murderous", "killer", "devastating"],
    "foreign": ["outside", "visiting", "global"],
    "local": ["nearby", "area", "home"],
    "emergency": ["crisis", "disaster", "rapid"],
    "contaminated": ["dirty", "fouled", "infected", "unsafe"],
    "homeless": ["uprooted", "houseless", "stranded"],
    "illegal": ["unauthorized", "banned", "criminal"],
}

#: The noun concepts of :data:`.language.NOUNS` by the kind of thing they name, for the
#: modifiers that fit them; a concept in none of these is a thing ("aid", "storm", "law").
PEOPLE = frozenset(
    _listed(
        """
        person, passenger, child, man, woman, official, police, soldier, worker, volunteer,
        gunman, suspect, judge, jury, patient, doctor, minister, leader, spokesman,
        scientist, family, rescuer, survivor, victim, lawyer, prosecutor, witness, miner,
        poacher
        """
    )
)
PLACES = frozenset(
    _listed(
        """
        house, building, road, bridge, prison, hospital, forest, reef, river, land, shelter,
        town, country, region, capital, coast, border, mine, school, habitat, factory
        """
    )
)
#: Nouns that take no modifier: time and units ("five years", "5 percent") and the dead.
UNMODIFIED = frozenset(_listed("year, percent, dollar, body"))

#: Attributive adjectives by kind: each fits any common noun of a news story of its kind
#: (no time or sequence adjective: "eventual", "latest", "subsequent" fit few nouns).
MODIFIERS_BY_KIND: Dict[str, Tuple[str, ...]] = {
    "people": _listed(
        """
        local, foreign, remaining, affected, stricken, impoverished, exhausted, frightened,
        worried, grieving, angry, weary, rural, northern, southern, eastern, western,
        vulnerable, exposed, unprotected, overwhelmed, unprepared, beleaguered, struggling,
        embattled, anxious, desperate, hungry, displaced, poorer, older, nervous, shaken,
        stunned, distraught, bereaved, tired, cautious, determined, defiant, jittery, unhappy,
        furious, uneasy, relieved, grateful, hopeful, fearful, terrified, panicked,
        traumatized, dazed, bewildered, puzzled, frustrated, outraged, dismayed, alarmed,
        wary, skeptical, unnamed, unidentified, anonymous, ordinary, unsuspecting, uninjured,
        unharmed, stranded, trapped, isolated, soaked, grim-faced, tearful, shocked, nearby,
        coastal, mountain, inland, upland, lowland, highland, provincial, urban, suburban,
        neighbouring, visiting, fellow, other
        """
    ),
    "places": _listed(
        """
        nearby, remote, rural, coastal, northern, southern, eastern, western, central,
        neighbouring, isolated, mountain, riverside, lowland, upland, outlying, low-lying,
        stricken, hard-hit, badly hit, battered, densely populated, sparsely populated,
        highland, inland, southeastern, northwestern, northeastern, southwestern,
        upstream, downstream, surrounding, adjacent, distant, entire, whole, main, larger,
        smaller, already weakened, long-neglected, well-known, little-known, affected,
        vulnerable, exposed, unprotected, flooded, waterlogged, ravaged, devastated, damaged,
        deserted, abandoned, empty, quiet, crowded, busy, poor, wealthy, prosperous, historic,
        ancient, famous, popular, picturesque, scenic, sleepy, tiny, sprawling, hilly, flat,
        dry, parched, muddy, snowbound, cut-off, inaccessible, unreachable, evacuated,
        sealed-off, cordoned-off, ruined, burned-out, windswept, sun-baked, quake-hit,
        storm-hit, flood-hit, troubled, neglected, forgotten, northernmost, southernmost,
        far-flung
        """
    ),
    "things": _listed(
        """
        main, major, key, minor, reported, suspected, known, confirmed, so-called,
        well-known, little-known, larger, smaller, local, national, foreign, regional,
        provincial, apparent, alleged, entire, whole, official, public, widely reported,
        much-discussed, unexpected, estimated, unprecedented, unusual, international,
        domestic, overseas, familiar, notorious, dreaded, feared, unwelcome, vital, crucial,
        critical, important, significant, substantial, considerable, modest, limited,
        similar, related, separate, particular, visible, widespread, much-publicized, closely
        watched, highly visible, nationwide, countrywide, unmistakable, growing, mounting,
        costly, expensive, remarkable, extraordinary, exceptional, dramatic, striking, notable,
        surprising, shocking, alarming, worrying, troubling, disturbing, baffling, mysterious,
        strange, odd, curious, obvious, evident, undisputed, disputed, contested,
        questionable, uncertain, unconfirmed, undisclosed, unspecified, unidentified, complex,
        essential, primary, principal, leading, single, giant, small-scale, large-scale,
        full-scale, worldwide, global, cross-border, multinational
        """
    ),
    #: before a counted noun ("2000 additional houses")
    "counted": _listed("additional, local, other, extra, nearby, rural, foreign, neighbouring"),
}

#: Every modifier of every kind.
MODIFIERS: Tuple[str, ...] = tuple(
    dict.fromkeys(m for kind in MODIFIERS_BY_KIND.values() for m in kind)
)


def modifiers_for(concept: str, counted: bool = False) -> Tuple[str, ...]:
    """The modifiers that fit a noun of ``concept`` (counted: "2000 additional houses");
    none for :data:`UNMODIFIED` nouns."""
    if concept in UNMODIFIED:
        return ()
    if counted:
        return MODIFIERS_BY_KIND["counted"]
    kind = "people" if concept in PEOPLE else "places" if concept in PLACES else "things"
    return MODIFIERS_BY_KIND[kind]


#: Adverbs that fit before any past-tense or perfect verb group of a news clause.
ADVERBS: Tuple[str, ...] = _listed(
    """
    reportedly, later, also, quickly, eventually, finally, then, swiftly, already,
    apparently, again, initially, promptly, immediately, soon, subsequently,
    reluctantly, officially, hastily, partly, largely, nonetheless, meanwhile, still,
    once again, in turn, at first, by then, allegedly, clearly, openly, briefly,
    belatedly, repeatedly, gradually
    """
)

__all__ = [
    "MORE_VERBS",
    "MORE_NOUNS",
    "MORE_ADJECTIVES",
    "PEOPLE",
    "PLACES",
    "UNMODIFIED",
    "MODIFIERS_BY_KIND",
    "MODIFIERS",
    "modifiers_for",
    "ADVERBS",
]
