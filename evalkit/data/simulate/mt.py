"""A simulated TIDES 2003-style MT evaluation: source, 4 references, 7 systems, 2 judges.

Every segment expresses one or two facts of a news story of the latent world
(:mod:`.world`; the TIDES corpora add ``extra_facts`` more on average, some segments none, so
their references are as long as Leusch et al. (2005) Table 2 prints for the NIST 2003 data
and some are one-clause sentences; a writer joins clauses as English does,
:data:`.language.JUNCTIONS`).  The source side renders them
in the artificial verb-final language of :mod:`.language`; four human translators render
them in English, each with their own lexical habits and syntax, so the references differ
from one another as real ones do.

A system "translates" the same facts with graded quality.  Its errors are drawn per
segment, scaled by the segment's difficulty:

* lexical: a fixed vocabulary of its own (``p_favourite`` 0.95: it rarely matches every
  reference), wrong words (an unrelated concept), untranslated source words;
* content: dropped adjuncts (adequacy);
* form: uninflected verbs and nouns, dropped function words, swapped neighbours, the verb
  left at the end as in the source (fluency).

The latent adequacy of a segment is the share of its source concepts that come out
correctly; the latent fluency is one minus the error density.  Two judges per document
and system (from a pool of six, with bias and noise) rate both on 1-5, as the LDC TIDES
assessments did.  A separate bitext with gold word alignments (concept links) serves the
word-alignment experiments.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, replace
from typing import Dict, List, Optional, Sequence, Tuple

from .language import English, Fact, Style, pseudo_word, render_source
from .world import make_assessors, make_topic
from .summarization import rate

_FUNCTION = frozenset("the a an of in on to for by with from and was were has have been".split())


@dataclass(frozen=True)
class MTConfig:
    name: str
    n_docs: int
    n_segments: int  # in total, spread over the documents (TIDES 2003 zh-en: 919 in 100)
    systems: Tuple[Tuple[str, float], ...]  # (id, latent quality in [0, 1])
    references: Tuple[str, ...]
    judges: Tuple[str, ...]
    setid: str
    n_bitext: int = 2000
    # variants (the 2005-2006 MT evaluation papers); the defaults write plain text
    surface: bool = False  # writers' case, punctuation, quotation and contraction habits
    short: bool = False  # BTEC-like: one fact per segment, no time or attribution
    # BTEC-like: share of the short segments that keep one adjunct (the rest have none)
    short_adjunct: float = 0.0
    # TIDES-like: mean number of facts added to each segment's one or two (own random
    # stream: Poisson(extra_facts), so the mean holds and about one segment in six stays a
    # one-clause sentence while a few run to 7-8 clauses, as in real news translations)
    extra_facts: float = 0.0
    judge_bias_sd: float = 0.0  # extra per-judge bias on top of world.make_assessors'
    bitext_concepts: bool = False  # the bitext truth names each target token's concept
    doc_prefix: str = "XIN"


#: A human translator's habits (:meth:`.language.Style.from_habits`: ``p_favourite``, ``p_passive``,
#: ``p_front``, ``p_perfect``, ``p_digits``, ``p_attrib``, ``p_drop_adjunct``,
#: ``p_short_name``; a range is drawn per translator).
_TRANSLATOR = (0.75, (0.05, 0.3), (0.1, 0.35), (0.0, 0.3), (0.4, 0.9), 0.9, 0.0, 0.4)


def _translator(name: str, rng: random.Random) -> Style:
    return Style.from_habits(name, _TRANSLATOR, rng)


def _system_style(sid: str, q: float, difficulty: float) -> Style:
    e = (1.0 - q) * difficulty
    return Style(
        f"mt-{sid}",
        p_favourite=0.95,
        p_passive=0.0,
        p_front=0.05,
        p_perfect=0.0,
        p_digits=1.0,
        p_attrib=0.9,
        p_drop_adjunct=min(0.9, 0.35 * e),
        p_short_name=0.2,
        p_bad_inflection=min(0.9, 0.45 * e),
        p_drop_function=min(0.9, 0.3 * e),
        p_swap=min(0.5, 0.08 * e),
        p_wrong_word=min(0.9, 0.22 * e),
        p_untranslated=min(0.9, 0.12 * e),
        p_source_order=min(1.0, 0.9 * e),
    )


def _concepts(tokens: Sequence[Tuple[str, Optional[str]]]) -> List[str]:
    return [c for _, c in tokens if c is not None]


def translate(facts: Sequence[Fact], style: Style, rng: random.Random) -> Tuple[str, float, float]:
    """A system output for ``facts``: (text, latent adequacy, latent fluency)."""
    eng = English(style, rng)
    expected: set = set()
    got: set = set()
    out_words: List[str] = []
    errors = 0
    for i, fact in enumerate(facts):
        src = render_source(fact)
        expected |= {
            (i, c) for _, c in src if c is not None and c != "when" and not c.startswith("p:")
        }
        toks = eng.clause(fact)
        # verb left in final position, as in the source
        if rng.random() < style.p_source_order:
            verb = [t for t in toks if t[1] is not None and t[1].startswith("v:")]
            if verb:
                toks = [t for t in toks if t not in verb] + verb
                errors += 2
        clause_words = []
        for w, c in toks:
            if c is not None and c[:2] in ("n:", "v:", "a:"):
                r = rng.random()
                if r < style.p_untranslated:
                    clause_words.append(pseudo_word(c))
                    errors += 1
                    continue
                if r < style.p_untranslated + style.p_wrong_word:
                    clause_words.append(
                        pseudo_word(c + ":wrong", 2).lower()
                        if rng.random() < 0.3
                        else rng.choice(["thing", "make", "do", "place", "matter", "get"])
                    )
                    errors += 1
                    continue
                got.add((i, c))
            elif c is not None:
                got.add((i, c))  # names, numbers, dates pass through
            elif w.lower() in _FUNCTION and rng.random() < style.p_drop_function:
                errors += 1
                continue
            clause_words.append(w)
        for j in range(len(clause_words) - 1):
            if rng.random() < style.p_swap:
                clause_words[j], clause_words[j + 1] = clause_words[j + 1], clause_words[j]
                errors += 1
        if i:
            out_words += [",", "and"]
        out_words += clause_words
    errors += eng.errors
    text = _detok(out_words)
    adequacy = len(got & expected) / max(1, len(expected))
    fluency = max(0.0, 1.0 - 2.5 * errors / max(1, len(out_words)))
    return text, adequacy, fluency


def _detok(words: Sequence[str]) -> str:
    text = ""
    for w in words:
        if w in (",", "'s") and text:
            text += w
        else:
            text += (" " if text else "") + w
    return (text[:1].upper() + text[1:] + ".") if text else ""


def _poisson(mean: float, rng: random.Random) -> int:
    """A Poisson(``mean``) draw (Knuth's product of uniforms)."""
    limit, k, product = math.exp(-mean), 0, rng.random()
    while product > limit:
        k += 1
        product *= rng.random()
    return k


def simulate(cfg: MTConfig, seed: int) -> Dict[str, list]:
    """Rows for the MT data-model tables, the truth and the bitext."""
    master = random.Random(f"{cfg.name}:{seed}")
    tstyles = {r: _translator(f"translator-{r}", master) for r in cfg.references}
    judges = make_assessors(list(cfg.judges), master, inconsistent=1)
    habits: Dict[str, Dict[str, object]] = {}
    if cfg.surface or cfg.judge_bias_sd:  # own streams: the base simulation is untouched
        hrng = random.Random(f"{cfg.name}:{seed}:habits")
        habits = {
            w: _habits(w, w in cfg.references, hrng)
            for w in list(cfg.references) + [s for s, _ in cfg.systems]
        }
        judges = {
            k: replace(a, bias=round(a.bias + hrng.gauss(0.0, cfg.judge_bias_sd), 4))
            for k, a in judges.items()
        }
    rows: Dict[str, list] = {
        k: []
        for k in ("segments", "references", "outputs", "judgments", "truth_segments", "bitext")
    }
    # segments per document: 4..15 around the mean, adjusted to the exact total
    srng = random.Random(f"{cfg.name}:{seed}:lengths")
    mean = cfg.n_segments / cfg.n_docs
    counts = [max(4, min(15, round(mean + srng.gauss(0.0, 2.5)))) for _ in range(cfg.n_docs)]
    while sum(counts) != cfg.n_segments:
        k = srng.randrange(cfg.n_docs)
        step = 1 if sum(counts) < cfg.n_segments else -1
        if 4 <= counts[k] + step <= 15:
            counts[k] += step
    for d in range(cfg.n_docs):
        drng = random.Random(f"{cfg.name}:{seed}:doc{d}")
        topic = make_topic(f"t{d:03d}", drng, n_details=10)
        doc_id = f"{cfg.doc_prefix}2003{1 + d // 28:02d}{1 + d % 28:02d}.{d + 1:04d}"
        surf = random.Random(f"{cfg.name}:{seed}:surface:doc{d}") if cfg.surface else None
        krng = random.Random(f"{cfg.name}:{seed}:adjuncts:doc{d}")
        frng = random.Random(f"{cfg.name}:{seed}:facts:doc{d}")
        n_seg = counts[d]
        facts = sorted(topic.facts, key=lambda f: -f.weight)
        pairs = []
        i = 0
        while len(pairs) < n_seg:
            k = 2 if drng.random() < 0.35 else 1
            if cfg.short:
                k = 1
            if cfg.extra_facts:  # Poisson(extra_facts): the mean holds, some segments one clause
                k += _poisson(cfg.extra_facts, frng)
            group = [facts[(i + j) % len(facts)] for j in range(k)]
            if cfg.short:
                keep = 1 if krng.random() < cfg.short_adjunct else 0
                group = [
                    replace(f, adjuncts=f.adjuncts[:keep], when=None, source=None) for f in group
                ]
            i += k
            pairs.append(group)
        doc_judges = {}
        for sid, _ in cfg.systems:
            doc_judges[sid] = drng.sample(list(cfg.judges), 2)
        for sno, group in enumerate(pairs, start=1):
            src = []
            for j, f in enumerate(group):
                if j:
                    src.append(pseudo_word("conj", 1))
                src += [w for w, _ in render_source(f)]
            rows["segments"].append(
                {"document": doc_id, "segment": sno, "source": " ".join(src) + " ."}
            )
            for ref in cfg.references:
                text, _ = English(tstyles[ref], drng).sentence(group)
                if surf is not None:
                    text = surface(text, habits[ref], surf)
                rows["references"].append(
                    {"document": doc_id, "segment": sno, "reference": ref, "text": text}
                )
            difficulty = 0.4 + 1.2 * drng.random()
            for sid, q in cfg.systems:
                text, adequacy, fluency = translate(group, _system_style(sid, q, difficulty), drng)
                if surf is not None:
                    text = surface(text, habits[sid], surf)
                rows["outputs"].append(
                    {"document": doc_id, "segment": sno, "system": sid, "text": text}
                )
                rows["truth_segments"].append(
                    {
                        "document": doc_id,
                        "segment": sno,
                        "system": sid,
                        "adequacy": round(adequacy, 4),
                        "fluency": round(fluency, 4),
                        "difficulty": round(difficulty, 4),
                    }
                )
                for jid in doc_judges[sid]:
                    j = judges[jid]
                    for name, latent in (("adequacy", adequacy**1.5), ("fluency", fluency)):
                        rows["judgments"].append(
                            {
                                "document": doc_id,
                                "segment": sno,
                                "system": sid,
                                "judgment": name,
                                "value": float(rate(latent, j, drng)),
                                "judge": jid,
                            }
                        )
    # a bitext with gold concept alignments (source word i - English word j)
    brng = random.Random(f"{cfg.name}:{seed}:bitext")
    bstyle = _translator("translator-bitext", brng)
    n = 0
    t = 0
    while n < cfg.n_bitext:
        topic = make_topic(f"b{t:04d}", brng, n_details=6)
        t += 1
        for f in topic.facts:
            if n >= cfg.n_bitext:
                break
            src = render_source(f)
            eng = English(bstyle, brng)
            toks = eng.clause(f)
            rows["bitext"].append(_aligned(src, toks, cfg.bitext_concepts))
            n += 1
    rows["judges"] = [vars(a) | {"inconsistent": a.noise >= 0.75} for a in judges.values()]
    rows["truth_systems"] = [{"system": sid, "quality": q} for sid, q in cfg.systems]
    return rows


def _aligned(src, toks, concepts: bool = False) -> Dict[str, str]:
    """Gold links: tokens of the same concept; equal-length runs (names) link diagonally.

    A rendered token may hold several words ("police officers"): links and concepts are
    per word of the written text (each word of a token keeps the token's concept)."""
    src = [(w, c) for word, c in src for w in word.split()]
    toks = [(w, c) for word, c in toks for w in word.split()]
    by_src: Dict[str, List[int]] = {}
    by_tgt: Dict[str, List[int]] = {}
    for i, (_, c) in enumerate(src):
        if c is not None:
            by_src.setdefault(c, []).append(i)
    for j, (_, c) in enumerate(toks):
        if c is not None:
            by_tgt.setdefault(c, []).append(j)
    links = set()
    for c, si in by_src.items():
        tj = by_tgt.get(c, [])
        if len(si) == len(tj):
            links.update(zip(si, tj))
        else:
            links.update((i, j) for i in si for j in tj)
    row = {
        "source": " ".join(w for w, _ in src),
        "target": " ".join(w for w, _ in toks),
        "alignment": " ".join(f"{i}-{j}" for i, j in sorted(links)),
    }
    if concepts:  # the concept oracle: what each target token means ("-": none)
        row["concepts"] = " ".join(c if c is not None else "-" for _, c in toks)
    return row


# ----------------------------------------------------------------------------- surface habits
_CONTRACT = (
    (" has been ", "'s been "),
    (" have been ", "'ve been "),
    (" was not ", " wasn't "),
    (" has ", "'s "),
    (" have ", "'ve "),
)


def _habits(writer: str, human: bool, rng: random.Random) -> Dict[str, object]:
    """A writer's surface habits (variants only). Human translators quote attributed
    speech, contract auxiliaries and sometimes drop the final period; MT systems differ
    in case handling (some lower-case everything or forget to capitalise), in contractions
    and in punctuation spacing."""
    if human:
        return {
            "quote": rng.uniform(0.2, 0.8),
            "contract": rng.uniform(0.0, 0.6),
            "case": "asis",
            "no_period": rng.uniform(0.0, 0.15),
            "space_punct": 0.0,
        }
    case = rng.choice(["asis", "asis", "lower", "nocap", "upper_names"])
    return {
        "quote": rng.uniform(0.0, 0.3),
        "contract": rng.uniform(0.0, 0.3),
        "case": case,
        "no_period": rng.uniform(0.0, 0.05),
        "space_punct": rng.uniform(0.0, 0.5),
    }


def surface(text: str, habit: Dict[str, object], rng: random.Random) -> str:
    """``text`` rewritten with a writer's habits: ``X said the ...`` -> ``X said: "The ..."``
    (quotation), ``has`` -> ``'s`` and ``have`` -> ``'ve`` (contractions), case (``lower``:
    all lower-case; ``nocap``: first letter not capitalised; ``upper_names``: names in
    capitals), punctuation detached by spaces (``space_punct``), final period dropped.
    The meaning (and the latent truth) is unchanged."""
    out = text
    if " said " in out and rng.random() < habit["quote"]:
        head, tail = out.split(" said ", 1)
        tail = tail[:-1] if tail.endswith(".") else tail
        out = f'{head} said: "{tail[:1].upper()}{tail[1:]}."'
    if rng.random() < habit["contract"]:
        for old, new in _CONTRACT:
            if old in out:
                out = out.replace(old, new, 1)
                break
    if rng.random() < habit["space_punct"]:
        out = out.replace(",", " ,").replace(".", " .").replace('"', ' " ')
    out = " ".join(out.split())
    if out.endswith(".") and rng.random() < habit["no_period"]:
        out = out[:-1].rstrip()
    case = habit["case"]
    if case == "lower":
        out = out.lower()
    elif case == "nocap":
        out = out[:1].lower() + out[1:]
    elif case == "upper_names":
        out = " ".join(
            w.upper() if w[:1].isupper() and i else w for i, w in enumerate(out.split(" "))
        )
    return out


#: Sizes of each MT corpus: quick -> (documents, segments spread over them, bitext pairs).
_SIZES = {
    "tides2003": {False: (100, 919, 2000), True: (12, 110, 200)},
    "tides2003ce": {False: (100, 919, 2000), True: (12, 110, 300)},
    "tides2003ae": {False: (100, 663, 200), True: (10, 90, 50)},
    "btec2004": {False: (50, 500, 200), True: (10, 80, 50)},
}


def _references(prefix: str, n: int) -> Tuple[str, ...]:
    return tuple(f"{prefix}{i:02d}" for i in range(1, n + 1))


def _config(name: str, quick: bool, systems, references, judges, **design) -> MTConfig:
    """Corpus ``name`` at its :data:`_SIZES`; its set id is its name."""
    n_docs, n_segments, n_bitext = _SIZES[name][bool(quick)]
    setid = name
    return MTConfig(
        name, n_docs, n_segments, systems, references, judges, setid, n_bitext, **design
    )


def tides2003(quick: bool = False) -> MTConfig:
    """TIDES 2003 Chinese-English sizes: 100 documents, 919 segments, 7 systems, 4 references.

    Segments carry Poisson(1.45) facts more than one or two (about one segment in seven stays
    a one-clause sentence), as :func:`tides2003ce` does: the references, their clauses joined
    as English does (:data:`.language.JUNCTIONS`), average Leusch et al. (2005) Table 2's
    28.1 mteval tokens for the same NIST 2003 Chinese-English data (28.31 on the default
    seed, 28.93 on seed 1; generator version 12's one or two facts gave 13.62; versions 13-14
    added exactly one or two facts, joined by bare commas, so no segment had one clause). The latent qualities are ordered as Liu &
    Gildea (2005, Sec. 3.1) describe the data: E14 has "relatively high human scores"
    (second of seven), E15 low ones (last); E10 and E14 swapped qualities for it (version
    12 put E14 sixth), so the set of qualities is unchanged."""
    systems = (
        ("E09", 0.88),
        ("E10", 0.45),
        ("E11", 0.70),
        ("E12", 0.69),
        ("E13", 0.58),
        ("E14", 0.80),
        ("E15", 0.33),
    )
    judges = ("J1", "J2", "J3", "J4", "J5", "J6")
    return _config("tides2003", quick, systems, _references("E", 4), judges, extra_facts=1.45)


#: The seven Chinese-English systems of Banerjee & Lavie (2005, Table 3) and Leusch et al.
#: (2005), with latent qualities; the six Arabic-English systems of Banerjee & Lavie Table 2.
PAPER_SYSTEMS_CE = (
    ("E09", 0.86),
    ("E11", 0.74),
    ("E12", 0.70),
    ("E14", 0.55),
    ("E15", 0.45),
    ("E17", 0.80),
    ("E22", 0.62),
)
PAPER_SYSTEMS_AE = (
    ("ame", 0.78),
    ("ara", 0.50),
    ("arb", 0.84),
    ("ari", 0.66),
    ("arm", 0.58),
    ("arp", 0.72),
)
#: What the 2005 papers' variants share: ten evaluators with marked biases (Leusch et al.
#: Fig. 1); case, punctuation, quotation and contraction variety among the writers.
_PAPER_DESIGN = {
    "judges": tuple(f"J{i:02d}" for i in range(1, 11)),
    "surface": True,
    "judge_bias_sd": 0.45,
}


#: Each 2005 variant: its systems, its references' id prefix and what its design adds.
_PAPER_VARIANTS = {
    "tides2003ce": (PAPER_SYSTEMS_CE, "E", {"bitext_concepts": True, "extra_facts": 1.45}),
    "tides2003ae": (PAPER_SYSTEMS_AE, "A", {"doc_prefix": "AFP", "extra_facts": 1.27}),
}


def _paper_variant(name: str, quick: bool) -> MTConfig:
    """One of :data:`_PAPER_VARIANTS` with the design the 2005 papers share (4 references)."""
    systems, prefix, design = _PAPER_VARIANTS[name]
    return _config(name, quick, systems, _references(prefix, 4), **_PAPER_DESIGN, **design)


def tides2003ce(quick: bool = False) -> MTConfig:
    """The TIDES 2003 Chinese-English variant of the 2005 papers: their system ids (E09 ...
    E22), ten evaluators with marked biases (Leusch et al. Fig. 1), case, punctuation,
    quotation and contraction variety, and a bitext with a concept oracle. Segments carry
    Poisson(1.45) facts more than one or two (as tides2003), so the references average
    Leusch et al. Table 2's 28.1 mteval tokens (27.97 on the default seed, 13.31 without)."""
    return _paper_variant("tides2003ce", quick)


def tides2003ae(quick: bool = False) -> MTConfig:
    """The Arabic-English variant: 6 systems x 663 segments (100 documents), 4 references;
    segments carry Poisson(1.27) facts more than one or two, so the references average
    Leusch et al. Table 2's 26.8 mteval tokens (26.61 on the default seed, 13.83 without)."""
    return _paper_variant("tides2003ae", quick)


def btec2004(quick: bool = False) -> MTConfig:
    """A BTEC-like variant (IWSLT 2004 Chinese-English, Leusch et al. Table 2): 500 short
    segments (one fact each, no time or attribution; 55 % keep one adjunct, so the
    references average Table 2's 7.3 mteval tokens: 7.30 on the default seed, 6.53 with
    bare facts), 16 references, 11 systems."""
    systems = tuple((f"S{i:02d}", round(0.35 + 0.05 * i, 2)) for i in range(1, 12))
    references = _references("R", 16)
    return _config(
        "btec2004",
        quick,
        systems,
        references,
        **_PAPER_DESIGN,
        short=True,
        short_adjunct=0.55,
        doc_prefix="BTEC",
    )


__all__ = [
    "MTConfig",
    "simulate",
    "translate",
    "tides2003",
    "tides2003ce",
    "tides2003ae",
    "btec2004",
    "surface",
    "PAPER_SYSTEMS_CE",
    "PAPER_SYSTEMS_AE",
]
