"""Simulated multi-document summarization evaluations (DUC 2004-2007, TAC 2008-2011).

For every topic of the latent world (:mod:`.world`) this module writes a cluster of news
documents, model summaries by human writers, peer summaries by systems of several
strategies and qualities, and the human judgments NIST collected, all derived from the
latent content units:

* **documents**: each journalist reports a subset of the facts, the important ones more
  often and earlier (inverted pyramid), in their own wording;
* **models**: 4 of the 8 writers per topic (one of them the topic's assessor) pick the
  important facts with a little noise, compress and merge them, in their own wording;
* **peers**: ``lead`` (first sentences of the most recent document), ``extract``
  (sentences ranked by noisy importance, with or without redundancy control),
  ``centroid`` (sentences ranked by word frequency in the cluster: a lexical system),
  ``abstract`` (noisy fact selection re-rendered in the system's own words),
  ``disfluent`` (an extract with dropped function words and swapped words), ``random``
  (random sentences); length factors make some short; pairs of near-identical systems
  give near-ties; TAC-style duplicate runs submit the very same text on most topics, so
  the topic's assessor judges it twice blind (the repeated judgments of Owczarzak et al.
  2012);
* **judgments** by the topic's assessor, with per-assessor bias, noise, missed and
  falsely credited units: SEE coverage of the model units with the overall estimate,
  the 7 DUC 2004 quality questions (A-E), responsiveness and linguistic quality (1-5),
  pyramids (SCUs = facts in the models, weight = number of models) with contributor
  offsets, peer SCU annotations and the modified pyramid score (also jackknifed).

The outputs are tidy frames in the columns of the evalkit data model plus the latent
truth (fact weights, what every summary really expresses, the systems' parameters).
"""

from __future__ import annotations

import heapq
import math
import random
import re
import statistics
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Dict, Iterable, List, Optional, Sequence, Tuple

from evalkit.metrics.pyramid import pyramid_score

from .documents import extract_rows
from .language import English, Style
from .world import Assessor, Topic, make_assessors, make_topic

# A tiny stop list for the lexical "centroid" system (it is a system, not a metric).
_STOP = frozenset(
    "the a an of in on to for by with from and or was were has have been "
    "is are be had at as that this it its their his her said according".split()
)
_FUNCTION = frozenset("the a an of in on to for by with from and was were has have been".split())


@dataclass(frozen=True)
class PeerSpec:
    """A summarization system: strategy and quality knobs (see module docstring)."""

    id: str
    strategy: str
    noise: float = 0.5  # sd of the log-normal noise on fact importance (content selection)
    length: float = 1.0  # share of the length limit it uses
    position: float = 0.0  # preference for early sentences
    redundancy_check: bool = True
    disfluency: float = 0.0  # rate of dropped function words / swaps
    duplicate_of: Optional[str] = None  # TAC duplicate run of another peer
    p_same: float = 0.0  # share of topics on which the duplicate is identical
    style_seed: str = ""


@dataclass(frozen=True)
class SumConfig:
    """Sizes and conventions of one simulated summarization corpus."""

    name: str
    year: int
    task: str
    instance_ids: Tuple[str, ...]  # topic ids
    n_docs: int
    writers: str  # model-writer / assessor letters
    peers: Tuple[PeerSpec, ...]
    words: int = 100
    max_bytes: Optional[int] = None  # DUC 2004: 665 bytes
    models_per_topic: int = 4
    update: bool = False  # TAC: docsets A (initial) and B (update)
    judgments: Tuple[str, ...] = ("see",)
    extra: Dict[str, object] = field(default_factory=dict)


@dataclass
class Sent:
    text: str
    facts: Tuple[str, ...]
    refs: Tuple[Tuple[str, bool], ...]
    doc: int = -1
    pos: int = -1
    spans: Tuple[Tuple[int, int], ...] = ()
    n_words: int = field(init=False)
    content: Optional[List[str]] = field(default=None, init=False, repr=False)  # centroid cache

    def __post_init__(self) -> None:
        self.n_words = len(self.text.split())


@dataclass
class Summary:
    sentences: List[Sent]
    truncated: bool = False
    kept_fraction: float = 1.0  # of the last sentence when truncated
    disfluency: float = 0.0

    @property
    def texts(self) -> Tuple[str, ...]:
        return tuple(s.text for s in self.sentences)


# ---------------------------------------------------------------------------------------
# Documents


#: The habits of the summarization corpora's writers by kind (:meth:`.language.Style.from_habits`:
#: ``p_favourite``, ``p_passive``, ``p_front``, ``p_perfect``, ``p_digits``, ``p_attrib``,
#: ``p_drop_adjunct``, ``p_short_name``; a range is drawn per writer): the documents'
#: journalists, the model writers, the systems, and the canonical wording of the truth's
#: fact texts and of the SCU labels.
_HABITS = {
    "journalist": (0.55, (0.1, 0.35), (0.1, 0.35), (0.0, 0.3), (0.3, 0.9), 0.6, 0.05, 0.6),
    "writer": (0.8, (0.05, 0.4), (0.05, 0.35), (0.0, 0.4), (0.2, 0.9), (0.0, 0.3), (0.2, 0.5), 0.8),
    "system": (0.95, 0.1, 0.05, 0.0, 1.0, 0.2, 0.3, 0.3),
    "canonical": (1.0, 0, 0, 0, 0.6, 0, 0, 0),
    "scu-label": (1.0, 0, 0, 0, 0.6, 0, 0.5, 1.0),
}


def make_documents(
    topic: Topic, n_docs: int, rng: random.Random, language: Optional[dict] = None
) -> List[List[Sent]]:
    """``n_docs`` news documents on ``topic``, each by its own journalist (``language``: the
    :class:`.language.Style` fields every writer of the corpus shares, e.g. a rich vocabulary)."""
    core = [f for f in topic.facts if f.aspect != "other" or f.weight >= 1.0]
    details = [f for f in topic.facts if f not in core]
    docs = []
    for d in range(n_docs):
        style = Style.from_habits(f"{topic.key}/j{d}", _HABITS["journalist"], rng)
        eng = English(style.with_(**(language or {})), rng)
        chosen = [f for f in core if rng.random() < min(0.9, 0.1 + 0.09 * f.weight)]
        chosen += rng.sample(details, min(len(details), rng.randint(8, 15)))
        chosen.sort(key=lambda f: -math.log(f.weight) + rng.gauss(0.0, 0.7))
        sents = []
        i = 0
        while i < len(chosen):
            group = [chosen[i]]
            if i + 1 < len(chosen) and rng.random() < 0.45:  # news sentences carry 1-2 facts
                group.append(chosen[i + 1])
            text, spans = eng.sentence(group)
            sents.append(
                Sent(
                    text, tuple(f.key for f in group), tuple(eng.refs), d, len(sents), tuple(spans)
                )
            )
            i += len(group)
        docs.append(sents)
    return docs


# ---------------------------------------------------------------------------------------
# Summarizers


def _budget_add(summary: Summary, sent: Sent, words: int, truncate: bool) -> bool:
    """Add ``sent`` within the word budget; returns False when the budget is exhausted."""
    used = sum(s.n_words for s in summary.sentences)
    if used + sent.n_words <= words:
        summary.sentences.append(sent)
        return True
    room = words - used
    if truncate and room > 0:
        toks = sent.text.split()[:room]
        summary.sentences.append(Sent(" ".join(toks), sent.facts, sent.refs, sent.doc, sent.pos))
        summary.truncated = True
        summary.kept_fraction = room / sent.n_words
    return False


def _truncate_bytes(summary: Summary, max_bytes: int) -> None:
    """NIST truncation to ``max_bytes`` of the text joined by single spaces."""
    total = 0
    for i, s in enumerate(summary.sentences):
        extra = len(s.text) + (1 if i else 0)
        if total + extra > max_bytes:
            room = max_bytes - total - (1 if i else 0)
            cut = s.text[: max(0, room)].rstrip()
            if cut and len(cut.split()) > 0:
                keep = len(cut) / len(s.text)
                summary.sentences[i:] = [Sent(cut, s.facts, s.refs, s.doc, s.pos)]
                summary.truncated, summary.kept_fraction = True, keep
            else:
                summary.sentences[i:] = []
            return
        total += extra


def _estimates(topic: Topic, noise: float, rng: random.Random) -> Dict[str, float]:
    return {f.key: f.weight * math.exp(rng.gauss(0.0, noise)) for f in topic.facts}


def write_model(
    topic: Topic, style: Style, noise: float, words: int, rng: random.Random, focus: float = 1.0
) -> Summary:
    """A human model summary: important facts, compressed, merged, own wording.

    ``focus`` sharpens the writer's sense of importance (estimates ``weight ** focus`` times
    the log-normal noise): with a large noise and focus, writers agree on the core facts
    and differ on the details, as TAC's pyramids show (many weight-1 SCUs).
    """
    est = _estimates(topic, noise, rng)
    if focus != 1.0:
        est = {f.key: est[f.key] * f.weight ** (focus - 1.0) for f in topic.facts}
    ranked = sorted(topic.facts, key=lambda f: -est[f.key])
    eng = English(style, rng)
    summary = Summary([])
    used = 0
    i = 0
    skipped = 0
    while i < len(ranked) and skipped < 4:
        group = [ranked[i]]
        if i + 1 < len(ranked) and rng.random() < 0.5:
            group.append(ranked[i + 1])
        text, spans = eng.sentence(group)
        refs = tuple(eng.refs)
        n = len(text.split())
        i += len(group)
        if used + n > words:
            skipped += 1
            continue
        summary.sentences.append(Sent(text, tuple(f.key for f in group), refs, spans=tuple(spans)))
        used += n
    return summary


_NON_ALNUM = re.compile(r"[^a-z0-9]+")


def _tokens(text: str) -> List[str]:
    return _NON_ALNUM.sub(" ", text.lower()).split()


def run_peer(
    spec: PeerSpec,
    topic: Topic,
    docs: List[List[Sent]],
    words: int,
    rng: random.Random,
    style: Style,
) -> Summary:
    budget = max(20, int(round(words * spec.length)))
    pool = [s for d in docs for s in d]
    summary = Summary([], disfluency=spec.disfluency)
    if spec.strategy == "lead":
        for s in docs[-1]:
            if not _budget_add(summary, s, budget, True):
                break
        return summary
    if spec.strategy == "random":
        order = list(pool)
        rng.shuffle(order)
        for s in order:
            if not _budget_add(summary, s, budget, True):
                break
        return summary
    if spec.strategy == "abstract":
        est = _estimates(topic, spec.noise, rng)
        eng = English(style, rng)
        ranked = sorted(topic.facts, key=lambda f: -est[f.key])
        for i in range(0, len(ranked), 2):
            group = ranked[i : i + 2]
            text, spans = eng.sentence(group)
            sent = Sent(text, tuple(f.key for f in group), tuple(eng.refs), spans=tuple(spans))
            if not _budget_add(summary, sent, budget, True):
                break
        return summary
    if spec.strategy == "centroid":
        for s in pool:
            if s.content is None:
                s.content = [w for w in _tokens(s.text) if w not in _STOP]
        content = [s.content for s in pool]
        tf = Counter(w for toks in content for w in set(toks))
        raw = [
            sum(tf[w] for w in toks) / (len(toks) + 3.0) * math.exp(rng.gauss(0.0, spec.noise))
            for toks in content
        ]
        top = max(raw) if raw and max(raw) > 0 else 1.0
        scores = [r / top + spec.position / (1.0 + s.pos) for r, s in zip(raw, pool)]
        chosen_words: List[set] = []
        for i in sorted(range(len(pool)), key=lambda i: -scores[i]):
            s, toks = pool[i], set(content[i])
            if spec.redundancy_check and any(len(toks & c) > 0.5 * len(toks) for c in chosen_words):
                continue
            chosen_words.append(toks)
            if not _budget_add(summary, s, budget, True):
                break
        return summary
    # extract / disfluent / redundant: noisy importance of the facts a sentence expresses,
    # picked greedily; with redundancy control a sentence's value only falls as facts get
    # covered, so a lazy greedy (re-score the top of a heap) picks exactly as a full one
    est = _estimates(topic, spec.noise, rng)
    covered: set = set()

    def value(s: Sent) -> float:
        fs = [f for f in s.facts if not (spec.redundancy_check and f in covered)]
        return sum(est[f] for f in fs) / (s.n_words**0.3) + spec.position * 3.0 / (1.0 + s.pos)

    heap = [(-value(s), i) for i, s in enumerate(pool)]
    heapq.heapify(heap)
    while heap:
        neg, i = heapq.heappop(heap)
        s = pool[i]
        if spec.redundancy_check:
            v = value(s)
            if v < -neg - 1e-12 and heap and -heap[0][0] > v:
                heapq.heappush(heap, (-v, i))
                continue
            if all(f in covered for f in s.facts):
                continue
        covered.update(s.facts)
        if not _budget_add(summary, s, budget, True):
            break
    return summary


def disfluent(summary: Summary, rate: float, rng: random.Random) -> Summary:
    """Drop function words and swap neighbouring words at ``rate``."""
    out = []
    for s in summary.sentences:
        words = [
            w for w in s.text.split() if not (w.lower() in _FUNCTION and rng.random() < rate * 2)
        ]
        for i in range(len(words) - 1):
            if rng.random() < rate * 0.5:
                words[i], words[i + 1] = words[i + 1], words[i]
        text = " ".join(words) or s.text
        out.append(Sent(text[:1].upper() + text[1:], s.facts, s.refs, s.doc, s.pos))
    return Summary(out, summary.truncated, summary.kept_fraction, rate)


# ---------------------------------------------------------------------------------------
# Latent quality of a summary


def expressed(summary: Summary) -> Dict[str, float]:
    """Fact -> share expressed (1, or the kept share of a truncated last sentence)."""
    out: Dict[str, float] = {}
    n = len(summary.sentences)
    for i, s in enumerate(summary.sentences):
        share = 1.0
        if summary.truncated and i == n - 1:
            share = (
                1.0
                if summary.kept_fraction >= 0.75
                else (0.5 if summary.kept_fraction >= 0.4 else 0.0)
            )
        for f in s.facts:
            out[f] = max(out.get(f, 0.0), share)
    return {f: v for f, v in out.items() if v > 0}


def quality_features(summary: Summary, topic: Topic) -> Dict[str, float]:
    """Latent linguistic qualities in [0, 1] (1 = perfect)."""
    n = max(1, len(summary.sentences))
    weights = topic.weights
    mentions = Counter(f for s in summary.sentences for f in s.facts)
    repeated = sum(c - 1 for c in mentions.values())
    seen: set = set()
    unresolved = 0
    for s in summary.sentences:
        for key, short in s.refs:
            if short and key not in seen:
                unresolved += 1
            seen.add(key)
    detail = sum(1 for s in summary.sentences if all(weights.get(f, 0) < 1.0 for f in s.facts))
    docs = len({s.doc for s in summary.sentences if s.doc >= 0})
    grammar = max(0.0, 1.0 - 4.0 * summary.disfluency - (0.35 if summary.truncated else 0.0))
    nonred = max(0.0, 1.0 - 0.45 * repeated)
    referential = max(0.0, 1.0 - 0.3 * unresolved)
    focus = 1.0 - detail / n
    structure = max(0.0, 1.0 - 0.12 * max(0, docs - 1) - 0.2 * repeated) * (0.5 + 0.5 * grammar)
    removable = 1.0 - 0.6 * detail / n
    reference = max(
        0.0, 1.0 - 0.15 * sum(1 for s in summary.sentences for _, short in s.refs if not short) / n
    )
    feats = {
        "q1": grammar,
        "q2": nonred,
        "q3": referential,
        "q4": focus,
        "q5": structure,
        "q6": removable,
        "q7": reference,
    }
    feats["quality"] = statistics.fmean(feats.values())
    feats["repeated"] = float(repeated)
    feats["unresolved"] = float(unresolved)
    return feats


# ---------------------------------------------------------------------------------------
# Judgments


def _clip(x: float, lo: float, hi: float) -> float:
    return lo if x < lo else hi if x > hi else x


def rate(
    latent: float,
    assessor: Assessor,
    rng: random.Random,
    lo: int = 1,
    hi: int = 5,
    shift: float = 0.0,
) -> int:
    """An integer rating on lo..hi from a latent score in [0, 1] (``shift``: a leniency on
    the rating scale shared by the year's assessors, negative = strict)."""
    x = lo + (hi - lo) * latent + assessor.bias + shift + rng.gauss(0.0, assessor.noise)
    return int(_clip(round(x), lo, hi))


LETTERS = "EDCBA"  # index 0 = worst


def see_coverage(
    peer: Summary,
    peer_facts: Dict[str, float],
    model: Summary,
    weights: Dict[str, float],
    assessor: Assessor,
    rng: random.Random,
    quality: float = 1.0,
    partial_credit: bool = True,
) -> Dict[str, float]:
    """SEE: per model unit the assessor marks how much of it the peer expresses (0..1 by 0.2).

    Content is harder to recognise in a garbled, repetitive or incoherent summary, so
    the credit shrinks with the summary's latent ``quality`` (0..1): an effect on the
    human score that no n-gram count sees. ``partial_credit=False`` (an ablation, the
    config's ``extra["see_partial_credit"]``) credits a recognised unit with its true share
    expressed, without the random partial credit and the quality discount.
    """
    per_unit = []
    for unit in model.sentences:
        tot = sum(weights[f] for f in unit.facts)
        true = sum(weights[f] * peer_facts.get(f, 0.0) for f in unit.facts) / tot if tot else 0.0
        if true > 0 and rng.random() >= assessor.miss:
            # partial credit: a differently worded or less specific rendering of the
            # unit's content is often judged as expressing only part of it
            u = rng.random()
            credit = true * (0.45 + 0.55 * u) * (0.5 + 0.5 * quality) if partial_credit else true
            x = credit + 0.08 * assessor.bias + rng.gauss(0.0, 0.15 * assessor.noise / 0.4)
            per_unit.append(_clip(round(_clip(x, 0.2, 1.0) * 5) / 5, 0.2, 1.0))
        elif true == 0 and rng.random() < assessor.false_match * 2:
            per_unit.append(0.2)
        else:
            per_unit.append(0.0)
    model_facts = {f for u in model.sentences for f in u.facts}
    marked = sum(
        1
        for s in peer.sentences
        if any(f in model_facts for f in s.facts) and rng.random() >= assessor.miss
    )
    unmarked = len(peer.sentences) - marked
    related = sum(1 for s in peer.sentences[:unmarked] if rng.random() < 0.8)
    mean = statistics.fmean(per_unit) if per_unit else 0.0
    # the columns of DUC 2004's SEE/short.results.table (evalkit.data.duc.TABLES)
    return {
        "unmarked_related": float(related),
        "num_peer_units": float(len(peer.sentences)),
        "num_marked_peer_units": float(marked),
        "num_unmarked_peer_units": float(unmarked),
        "num_model_units": float(len(model.sentences)),
        "coverage": round(mean, 3),
        "coverage_median": round(statistics.median(per_unit), 3) if per_unit else 0.0,
        "coverage_std": round(statistics.pstdev(per_unit), 3) if per_unit else 0.0,
    }


def modified_pyramid(found: Iterable[str], scu_weights: Dict[str, int], x: float) -> float:
    """Modified pyramid score as the simulated NIST files print it: X rounded half to even,
    4 decimals (:func:`evalkit.metrics.pyramid.pyramid_score`)."""
    total = sum(scu_weights.get(s, 0) for s in set(found))
    return pyramid_score(total, scu_weights.values(), x, rounding="half_even", decimals=4)


# ---------------------------------------------------------------------------------------
# The corpus


def _system_style(spec: PeerSpec, language: dict) -> Style:
    style = Style.from_habits(f"system-{spec.style_seed or spec.id}", _HABITS["system"])
    return style.with_(**language)


def _update_split(topic: Topic, rng: random.Random) -> Tuple[Topic, Topic]:
    """Split a topic into the initial (A) and the update (B) stories.

    B reports the facts A did not (new developments) at full weight; A's facts are old
    news in B and keep a fifth of their weight (Dang & Owczarzak 2008's update task).
    """
    core = [f for f in topic.facts if f.weight >= 1.0]
    details = [f for f in topic.facts if f.weight < 1.0]
    core_sorted = sorted(core, key=lambda f: -f.weight)
    a_core = core_sorted[:2] + [f for f in core_sorted[2:] if rng.random() < 0.5]
    b_core = [f for f in core if f not in a_core]
    half = len(details) // 2
    a = Topic(topic.key + "-A", topic.category, a_core + details[:half], topic.entities, topic.when)
    old = [replace(f, weight=round(f.weight * 0.2, 4)) for f in a_core]
    b = Topic(
        topic.key + "-B", topic.category, b_core + old + details[half:], topic.entities, topic.when
    )
    return a, b


def simulate(cfg: SumConfig, seed: int) -> Dict[str, list]:
    """Simulate ``cfg``; returns row lists for the data-model tables and the truth.

    Ids and judgment names follow the DUC/TAC readers of :mod:`evalkit.data.duc` and
    :mod:`evalkit.data.tac`, so the corpus read back from disk equals this one: the
    instance is the docset as in the file names (``D30001``, ``D0801-A``), the instances
    table carries the file-name fields (docset, group, kind, length, selector, document),
    the selector of a TAC docset is its assessor.
    """
    master = random.Random(f"{cfg.name}:{seed}")
    writers = list(cfg.writers)
    language = dict(cfg.extra.get("language", {}))  # Style fields every writer shares
    wstyles = {
        w: Style.from_habits(f"writer-{w}", _HABITS["writer"], master).with_(**language)
        for w in writers
    }
    wnoise = {w: master.uniform(*cfg.extra.get("model_noise", (0.25, 0.5))) for w in writers}
    assessors = make_assessors(writers, master, inconsistent=max(1, len(writers) // 4))
    rows: Dict[str, list] = {
        k: []
        for k in (
            "instances",
            "summaries",
            "judgments",
            "scus",
            "scu_contributors",
            "peer_scus",
            "truth_instances",
            "truth_facts",
            "truth_summaries",
            "truth_sentences",
            "truth_scus",
            "truth_extracts",
        )
    }
    peers = {p.id: p for p in cfg.peers}
    selector = cfg.extra.get("selector")
    traits = _traits(cfg, seed)
    # per docset (initial, update): each system's SCU mismatch, a trait of the system
    mismatch = [
        {
            pid: _mismatch(cfg, traits["mismatch"][spec.duplicate_of or pid], d)
            for pid, spec in peers.items()
        }
        for d in range(2)
    ]
    for t_index, tid in enumerate(cfg.instance_ids):
        trng = random.Random(f"{cfg.name}:{seed}:{tid}")
        topic = make_topic(tid, trng, n_details=int(cfg.extra.get("n_details", 30)))
        if cfg.extra.get("focus") is not None:  # a question-focused task (.who_is)
            topic = cfg.extra["focus"](topic, trng)
        assessor_id = writers[t_index % len(writers)]
        others = [w for w in writers if w != assessor_id]
        trng.shuffle(others)
        model_ids = sorted([assessor_id] + others[: cfg.models_per_topic - 1])
        parts = list(_update_split(topic, trng)) if cfg.update else [topic]
        prev = None
        for part_index, part in enumerate(parts):
            group = "AB"[part_index] if cfg.update else None
            inst = tid + (f"-{group}" if group else "")
            docs = make_documents(part, cfg.n_docs, trng, language)
            row = {
                "instance": inst,
                "docset": tid,
                "group": group,
                "kind": "M",
                "length": str(cfg.words),
                "selector": assessor_id if selector in (None, "assessor") else selector,
                "document": None,
            }
            if cfg.update:
                row["update_of"] = prev
            if cfg.task == "guided":  # TAC 2010-2011: the topic's category (topics.xml)
                row["category"] = part.category
            rows["instances"].append(row)
            rows["truth_instances"].append(
                {
                    "instance": inst,
                    "category": part.category,
                    "assessor": assessor_id,
                    "models": " ".join(model_ids),
                    "n_documents": len(docs),
                }
            )
            if cfg.extra.get("question") is not None:
                rows["truth_instances"][-1]["question"] = cfg.extra["question"](part)
            prev = inst
            for d, sents in enumerate(docs):
                doc_id = f"{inst.replace('-', '')}.{d + 1:02d}"
                for s in sents:
                    rows["truth_sentences"].append(
                        {
                            "instance": inst,
                            "document": doc_id,
                            "sentence": s.pos + 1,
                            "facts": " ".join(s.facts),
                            "text": s.text,
                        }
                    )
            canon = English(Style.from_habits("canonical", _HABITS["canonical"]), random.Random(0))
            for f in part.facts:
                rows["truth_facts"].append(
                    {
                        "instance": inst,
                        "fact": f.key,
                        "weight": f.weight,
                        "aspect": f.aspect,
                        "text": canon.sentence([f])[0],
                    }
                )
            summaries: Dict[str, Summary] = {}
            # the update docset's writers (TAC 2010-2011) agree less and place the new
            # developments against the story so far: fewer SCUs per model (see .corpora)
            upd = cfg.extra.get("update_models", {}) if part_index else {}
            for m in model_ids:
                style = replace(wstyles[m], **upd["style"]) if "style" in upd else wstyles[m]
                summaries[m] = write_model(
                    part,
                    style,
                    wnoise[m] * float(upd.get("noise_scale", 1.0)),
                    cfg.words,
                    trng,
                    float(cfg.extra.get("model_focus", 1.0)),
                )
            for pid, spec in peers.items():
                if spec.duplicate_of is not None and trng.random() < spec.p_same:
                    continue  # filled below from the original
                srng = random.Random(f"{cfg.name}:{seed}:{inst}:{pid}")
                base = spec if spec.duplicate_of is None else peers[spec.duplicate_of]
                skill = _per_docset(cfg, "peer_noise_spread", 0.0, part_index)
                if skill:  # how well the system selects content in this docset: its own trait
                    base = replace(
                        base,
                        noise=base.noise * math.exp(skill * (2.0 * traits["noise"][base.id] - 1.0)),
                    )
                luck = _per_docset(cfg, "topic_luck", 0.0, part_index)
                if luck:  # a system does better on some topics than on others
                    base = replace(base, noise=base.noise * math.exp(srng.gauss(0.0, luck)))
                s = run_peer(base, part, docs, cfg.words, srng, _system_style(base, language))
                if base.disfluency:
                    s = disfluent(s, base.disfluency, srng)
                summaries[pid] = s
            for pid, spec in peers.items():
                if pid not in summaries:
                    summaries[pid] = summaries[spec.duplicate_of]
            if cfg.max_bytes:  # NIST truncation of the peers (a duplicate shares its object)
                for sid in {id(summaries[p]): p for p in peers}.values():
                    _truncate_bytes(summaries[sid], cfg.max_bytes)
            _judge(
                cfg,
                inst,
                part,
                summaries,
                model_ids,
                peers,
                assessors[assessor_id],
                trng,
                rows,
                part_index,
                mismatch[part_index],
            )
            rows["truth_extracts"] += extract_rows(inst, summaries, model_ids + list(peers), docs)
    rows["assessors"] = [vars(a) | {"inconsistent": a.noise >= 0.75} for a in assessors.values()]
    rows["summarizers"] = sorted(
        [{"summarizer": w, "type": "model"} for w in writers]
        + [{"summarizer": p.id, "type": "peer"} for p in cfg.peers],
        key=lambda r: (
            r["type"] == "peer",
            int(r["summarizer"]) if r["summarizer"].isdigit() else 0,
            r["summarizer"],
        ),
    )
    rows["truth_summarizers"] = [
        {
            "summarizer": w,
            "type": "model",
            "strategy": "human",
            "noise": round(wnoise[w], 4),
            "length": 1.0,
            "position": 0.0,
            "redundancy_check": True,
            "disfluency": 0.0,
            "duplicate_of": "",
            "p_same": 0.0,
        }
        for w in writers
    ] + [
        {
            "summarizer": p.id,
            "type": "peer",
            "strategy": p.strategy,
            "noise": p.noise,
            "length": p.length,
            "position": p.position,
            "redundancy_check": p.redundancy_check,
            "disfluency": p.disfluency,
            "duplicate_of": p.duplicate_of or "",
            "p_same": p.p_same,
        }
        for p in cfg.peers
    ]
    return rows


def _traits(cfg: SumConfig, seed: int) -> Dict[str, Dict[str, float]]:
    """Per trait (``noise``, ``mismatch``): each system's place in the field, 0..1, the same
    on every topic. Evenly spaced ((rank + 0.5) / n, ranks a seeded shuffle of the systems),
    so the field's spread is the configured one whatever the seed; a duplicate run takes its
    original's place (looked up by the original's id)."""
    ids = sorted(p.id for p in cfg.peers)
    out = {}
    for trait in ("noise", "mismatch"):
        order = list(ids)
        random.Random(f"{cfg.name}:{seed}:{trait}").shuffle(order)
        out[trait] = {pid: (rank + 0.5) / len(order) for rank, pid in enumerate(order)}
    return out


def _mismatch(cfg: SumConfig, place: float, docset: int) -> float:
    """The share of the SCUs it expresses that a system's extracts say only in part
    (``peer_mismatch``), the same on every topic of a docset: the field's mean, spread
    uniformly by ``peer_mismatch_spread`` (0: every system alike; 1: 0 to twice the mean)
    by the system's ``place`` (0..1, :func:`_traits`): how its sentences match the SCUs."""
    mean = _per_docset(cfg, "peer_mismatch", 0.0, docset)
    spread = _per_docset(cfg, "peer_mismatch_spread", 0.0, docset)
    return mean * (1.0 + spread * (2.0 * place - 1.0))


def _per_docset(cfg: SumConfig, key: str, default: float, docset: int) -> float:
    """``cfg.extra[key]``: one number, or a pair (initial docset, update docset)."""
    value = cfg.extra.get(key, default)
    return float(value[docset] if isinstance(value, (tuple, list)) else value)


def _judge(
    cfg: SumConfig,
    inst: str,
    topic: Topic,
    summaries: Dict[str, Summary],
    model_ids: List[str],
    peers: Dict[str, PeerSpec],
    assessor: Assessor,
    rng: random.Random,
    rows: Dict[str, list],
    docset: int = 0,
    mismatch: Optional[Dict[str, float]] = None,
) -> None:
    """The topic assessor's judgments, named as the year's judgment tables name them.

    ``docset`` is 0 for a single or initial docset, 1 for an update docset (B); ``mismatch``
    gives each peer its SCU mismatch (default: the docset's ``peer_mismatch`` for every peer).
    """
    if mismatch is None:
        mismatch = {pid: _per_docset(cfg, "peer_mismatch", 0.0, docset) for pid in peers}
    weights = topic.weights
    facts_of = {sid: expressed(s) for sid, s in summaries.items()}
    k_ideal = round(statistics.fmean(len(facts_of[m]) for m in model_ids))
    ideal = sum(sorted(weights.values(), reverse=True)[:k_ideal])
    judged_ids = model_ids + list(peers)
    model_content = statistics.fmean(
        sum(weights[f] * v for f, v in facts_of[m].items()) / ideal for m in model_ids
    )
    lq_judged = cfg.extra.get("models_in_tables", True)
    for sid in judged_ids:
        s = summaries[sid]
        q = quality_features(s, topic)
        content = sum(weights[f] * v for f, v in facts_of[sid].items()) / ideal
        rows["summaries"].append({"instance": inst, "summarizer": sid, "sentences": s.texts})
        rows["truth_summaries"].append(
            {
                "instance": inst,
                "summarizer": sid,
                "content": round(content, 4),
                "quality": round(q["quality"], 4),
                "n_facts": len(facts_of[sid]),
                "repeated": int(q["repeated"]),
                "unresolved": int(q["unresolved"]),
                "truncated": s.truncated,
                "facts": " ".join(sorted(facts_of[sid])),
                "duplicate_of": peers[sid].duplicate_of
                if sid in peers
                and peers[sid].duplicate_of is not None
                and s is summaries[peers[sid].duplicate_of]
                else "",
            }
        )
        if sid in model_ids and not lq_judged:
            continue

        def judge(name: str, value: float) -> None:
            rows["judgments"].append(
                {"instance": inst, "summarizer": sid, "judgment": name, "value": float(value)}
            )

        if "see" in cfg.judgments:
            # each summary is judged against one model: the assessor's own, or (for the
            # assessor's own summary) the next model
            ref = model_ids[0] if sid != model_ids[0] else model_ids[1]
            partial = bool(cfg.extra.get("see_partial_credit", True))
            for name, value in see_coverage(
                s, facts_of[sid], summaries[ref], weights, assessor, rng, q["quality"], partial
            ).items():
                judge(name, value)
            # assessors are lenient: the answer rates q ** 0.6 (extra["quality_exponent"]: 1 =
            # an ablation rating the latent quality itself)
            exponent = float(cfg.extra.get("quality_exponent", 0.6))
            for i in range(1, 8):  # DUC 2004 answers A..E, coded 1 (A, best) .. 5 (E)
                judge(f"quality_q{i}", 5 - rate(q[f"q{i}"] ** exponent, assessor, rng, 0, 4))
        if "responsiveness" in cfg.judgments:
            # convex: assessors reserve the top of the scale for summaries close to a model's
            hi = int(cfg.extra.get("responsiveness_scale", 5))  # TAC 2009 used 1-10
            # TAC assessors anchor the scale on the human summaries of the topic
            # (scaled per year and docset: TAC's human and system means differ by year)
            anchor = model_content if cfg.extra.get("responsiveness_anchor") == "models" else 1.0
            anchor *= _per_docset(cfg, "responsiveness_anchor_scale", 1.0, docset)
            power = _per_docset(cfg, "responsiveness_power", 2.5, docset)
            # the units an extract says only in part (``peer_mismatch``, as in the pyramid)
            # count for as little in the assessor's overall judgment
            seen = content * (1.0 - mismatch[sid]) if sid in peers else content
            resp = _clip((0.8 * seen + 0.2 * q["quality"]) / anchor, 0, 1) ** power
            extra = _per_docset(cfg, "responsiveness_noise", 0.0, docset) * (hi - 1) / 4
            shift = _per_docset(cfg, "responsiveness_shift", 0.0, docset) * (hi - 1) / 4
            value = rate(resp, assessor, rng, 1, hi, shift)
            if (
                extra and sid not in model_ids
            ):  # topic-level instability of a manual score (owczarzak2009conditions fn. 1)
                value = int(_clip(round(value + rng.gauss(0.0, extra)), 1, hi))
            judge(str(cfg.extra.get("responsiveness_name", "responsiveness")), value)
        if "content_responsiveness" in cfg.judgments:
            judge("content_responsiveness", rate(_clip(content, 0, 1) ** 2.5, assessor, rng))
        if "linguistic_quality" in cfg.judgments:
            for i in range(1, 6):
                judge(f"linguistic_quality_q{i}", rate(q[f"q{i}"], assessor, rng))
        if "readability" in cfg.judgments:
            judge(
                "linguistic_quality", rate(_clip((q["quality"] - 0.45) / 0.5, 0, 1), assessor, rng)
            )
    if "pyramid" in cfg.judgments:
        _pyramid(
            cfg,
            inst,
            topic,
            summaries,
            facts_of,
            model_ids,
            list(peers),
            assessor,
            rng,
            rows,
            mismatch,
        )


def _pyramid(
    cfg, inst, topic, summaries, facts_of, model_ids, peer_ids, assessor, rng, rows, mismatch
) -> None:
    """SCUs = facts fully expressed by at least one model; peers annotated by the assessor
    (``mismatch``: per peer, the share of its SCUs the assessor does not match).

    Scores as NIST published them: the modified pyramid score (weight found / best weight
    of X SCUs, X = mean SCU count of the models), the original pyramid score (X = the
    peer's own SCU count), #SCUs, #repetitions; TAC also the jackknifed score (peers:
    mean over the four 3-model pyramids; a model: the pyramid of the other three).
    """
    flavour = cfg.extra.get("pyramid_flavour", "tac")
    weights: Dict[str, int] = Counter(
        f for m in model_ids for f, v in facts_of[m].items() if v >= 1.0
    )
    canon = English(Style.from_habits("scu-label", _HABITS["scu-label"]), random.Random(inst))
    by_key = {f.key: f for f in topic.facts}
    scu_id = {f: str(i + 1) for i, f in enumerate(sorted(weights, key=lambda k: (-weights[k], k)))}
    labels = {
        f: canon.sentence([by_key[f]])[0].rstrip(".")
        for f in sorted(scu_id, key=lambda k: int(scu_id[k]))
    }
    if flavour == "tac":
        for f, uid in sorted(scu_id.items(), key=lambda kv: int(kv[1])):
            scu = {"instance": inst, "scu": uid, "label": labels[f], "weight": float(weights[f])}
            if cfg.task == "guided":  # the aspect the assessor tags the SCU with
                scu["aspects"] = (by_key[f].aspect,)
            rows["scus"].append(scu)
            rows["truth_scus"].append(
                {"instance": inst, "scu": uid, "fact": f, "aspect": by_key[f].aspect}
            )

    def contributions(sid: str, facts) -> None:
        offset = 0
        done = set()
        for s in summaries[sid].sentences:
            spans = s.spans if len(s.spans) == len(s.facts) else [(0, len(s.text))] * len(s.facts)
            for f, (a, b) in zip(s.facts, spans):
                if f in facts and f not in done and flavour == "tac":
                    done.add(f)
                    rows["scu_contributors"].append(
                        {
                            "instance": inst,
                            "scu": scu_id[f],
                            "summarizer": sid,
                            "contributor": s.text[a:b],
                            "start": offset + a,
                            "end": offset + b,
                        }
                    )
            offset += len(s.text) + 1
        for f in sorted(set(facts) - done, key=lambda k: int(scu_id[k])):
            if flavour == "tac":  # credited by mistake: a contributor without a text span
                rows["scu_contributors"].append(
                    {
                        "instance": inst,
                        "scu": scu_id[f],
                        "summarizer": sid,
                        "contributor": labels[f],
                        "start": None,
                        "end": None,
                    }
                )

    for m in model_ids:
        contributions(m, {f for f, v in facts_of[m].items() if v >= 1.0})
    x = statistics.fmean(len([f for f in facts_of[m] if f in scu_id]) for m in model_ids)
    folds = []
    for leave in model_ids:
        w = Counter(f for m in model_ids if m != leave for f, v in facts_of[m].items() if v >= 1.0)
        xf = statistics.fmean(
            len([f for f in facts_of[m] if f in w]) for m in model_ids if m != leave
        )
        folds.append((leave, w, xf))
    for sid in model_ids + peer_ids:
        # an extracted sentence often says only part of a model's SCU, or says it at another
        # granularity: the assessor matches it less often than a model's rewording
        if sid in model_ids:  # the pyramid was built from the models: their SCUs are known
            found = [f for f in facts_of[sid] if f in scu_id]
        else:
            miss = assessor.miss + mismatch[sid]
            found = [f for f in facts_of[sid] if f in scu_id and rng.random() >= miss]
        if sid in peer_ids and rng.random() < assessor.false_match * 3:
            found.append(sorted(scu_id)[rng.randrange(len(scu_id))])
        found = sorted(set(found), key=lambda k: int(scu_id[k]))
        mentions = Counter(f for s in summaries[sid].sentences for f in s.facts if f in scu_id)
        reps = sum(c - 1 for c in mentions.values())

        def judge(name: str, value: float) -> None:
            rows["judgments"].append(
                {"instance": inst, "summarizer": sid, "judgment": name, "value": float(value)}
            )

        if sid in peer_ids:
            if flavour == "tac":
                for f in found:
                    rows["peer_scus"].append(
                        {"instance": inst, "summarizer": sid, "scu": scu_id[f]}
                    )
                contributions(sid, set(found))
            judge("pyramid_modified", modified_pyramid(found, weights, x))
            if flavour == "duc2005":
                judge("pyramid", modified_pyramid(found, weights, len(found)))
            judge("num_scus", len(found))
            judge("num_repetitions", reps)
            if flavour == "tac":
                judge(
                    "pyramid_modified_jk",
                    round(
                        statistics.fmean(modified_pyramid(found, w, xf) for _, w, xf in folds), 4
                    ),
                )
        elif flavour == "tac":
            leave, w, xf = next(fold for fold in folds if fold[0] == sid)
            own = [f for f in found if f in w]
            judge("num_scus_jk", len(own))
            judge("pyramid_modified_jk", modified_pyramid(own, w, xf))


def make_peers(
    ids: Sequence[str],
    rng: random.Random,
    duplicates: int = 0,
    noise_range: Tuple[float, float] = (0.3, 2.5),
) -> Tuple[PeerSpec, ...]:
    """A field of systems: baselines first, then a spread of strategies and qualities.

    ``ids[0]`` is the lead baseline, ``ids[1]`` a centroid baseline; the rest cycle
    through the strategies with content-selection noise from good (0.3) to poor (1.6),
    a few short ones and near-tie pairs.  The last ``duplicates`` ids are TAC-style
    duplicate runs of earlier systems (identical text on ~70% of the topics).
    """
    strategies = [
        "extract",
        "centroid",
        "abstract",
        "extract",
        "disfluent",
        "centroid",
        "extract",
        "redundant",
        "abstract",
        "extract",
        "centroid",
        "random",
    ]
    out = [
        PeerSpec(ids[0], "lead"),
        PeerSpec(ids[1], "centroid", noise=0.6, redundancy_check=False),
    ]
    body = ids[2 : len(ids) - duplicates]
    for i, pid in enumerate(body):
        strat = strategies[i % len(strategies)]
        noise = noise_range[0] + (noise_range[1] - noise_range[0]) * rng.random()
        length = 0.55 + 0.4 * rng.random() if rng.random() < 0.15 else 1.0
        if i % 7 == 6 and out[-1].strategy not in ("lead",):  # near-tie: a twin with another seed
            prev = out[-1]
            out.append(
                PeerSpec(
                    pid,
                    prev.strategy,
                    noise=prev.noise,
                    length=prev.length,
                    position=prev.position,
                    redundancy_check=prev.redundancy_check,
                    disfluency=prev.disfluency,
                    style_seed=prev.id + "-twin",
                )
            )
            continue
        out.append(
            PeerSpec(
                pid,
                "extract" if strat in ("redundant", "disfluent") else strat,
                noise=round(noise, 3),
                length=round(length, 3),
                position=round((0.3 if strat == "centroid" else 0.0) + rng.random() * 0.8, 3),
                redundancy_check=strat != "redundant",
                disfluency=round(0.05 + 0.1 * rng.random(), 3) if strat == "disfluent" else 0.0,
            )
        )
    originals = [p for p in out[2:] if p.strategy != "random"]
    for pid in ids[len(ids) - duplicates :]:
        orig = originals[rng.randrange(len(originals))]
        out.append(PeerSpec(pid, orig.strategy, duplicate_of=orig.id, p_same=0.7))
    return tuple(out)


__all__ = ["PeerSpec", "SumConfig", "simulate", "modified_pyramid", "make_peers"]
