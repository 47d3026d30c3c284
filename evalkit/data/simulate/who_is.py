"""DUC 2004 task 5, "Who is X?": a question-focused docset about a person (``duc2004t5``).

In DUC 2004 task 5 every docset (about 10 TREC news documents) comes with the question
"Who is X?" for a person X the documents mention; models and peers write a short summary
(665 bytes) answering it. Amigó et al. (2005b) observe on task 5 more agreement among the
models (higher KING) and less diversity among the systems (lower JACK) than on the generic
task 2. The simulation gets both from how the task differs, not from a tuned score:

* **the question focuses the content**: the topic's person X is its person entity that
  occurs in the most facts (agent, patient, source or adjunct; ties: entity key); facts
  about X become the important ones (weight x :data:`FOCUS`), the rest background
  (weight x :data:`BACKGROUND`). The documents are still news about the whole event, so
  they report X's facts only as often as news does;
* **the models answer the question**: with the important facts clear, human writers
  disagree less (content-selection noise drawn from :data:`MODEL_NOISE` instead of task
  2's 0.25-0.5);
* **the systems were fewer and alike**: about 22 runs (DUC 2004 had ~22 task 5 runs)
  of sentence extraction with mid-range noise (:func:`peers`), plus the lead baseline
  (peer 5 in DUC 2004: the first 665 bytes of the most recent document).

Docsets ``D151``... (the simulation's own ids, three digits to keep them apart from task 2's),
written like task 2 (:mod:`evalkit.data.duc`, DUC 2004 layout) with the documents in
``docs/d151t/``. The question of each docset is in the truth table ``instances``
(column ``question``).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import List, Optional, Tuple

from .language import Entity
from .summarization import PeerSpec
from .world import Topic

__all__ = [
    "FOCUS",
    "BACKGROUND",
    "MODEL_NOISE",
    "focus_person",
    "focus_on_person",
    "question",
    "peers",
    "TASK_EXTRA",
]

FOCUS = 3.0
BACKGROUND = 0.3
MODEL_NOISE = (0.1, 0.25)
_PEOPLE = (
    "leader",
    "minister",
    "spokesman",
    "scientist",
    "official",
    "judge",
    "prosecutor",
    "lawyer",
    "suspect",
)


def _entities_of(fact) -> List[Entity]:
    args = [fact.agent, fact.patient, fact.source] + [a for _, a in fact.adjuncts]
    return [a for a in args if isinstance(a, Entity)]


def focus_person(topic: Topic) -> Optional[Entity]:
    """The person entity in the most facts of ``topic`` (None when no fact has one)."""
    counts = Counter(
        e.key for f in topic.facts for e in _entities_of(f) if getattr(e, "kind", None) in _PEOPLE
    )
    if not counts:
        return None
    key = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
    return next(e for f in topic.facts for e in _entities_of(f) if e.key == key)


def focus_on_person(topic: Topic, rng: random.Random) -> Topic:
    """``topic`` re-weighted for "Who is X?" (see the module docstring)."""
    person = focus_person(topic)
    if person is None:
        return topic
    facts = [
        replace(
            f,
            weight=round(
                f.weight
                * (FOCUS if any(e.key == person.key for e in _entities_of(f)) else BACKGROUND),
                4,
            ),
        )
        for f in topic.facts
    ]
    return Topic(topic.key, topic.category, facts, topic.entities, topic.when)


def question(topic: Topic) -> str:
    """The docset's question, "Who is <full name>?"."""
    person = focus_person(topic)
    return f"Who is {person.names[0]}?" if person is not None else ""


def peers(ids: List[str], rng: random.Random) -> Tuple[PeerSpec, ...]:
    """The lead baseline ``ids[0]``, then extractive systems of mid-range noise."""
    out = [PeerSpec(ids[0], "lead")]
    for pid in ids[1:]:
        out.append(
            PeerSpec(
                pid,
                "extract",
                noise=round(0.7 + 0.5 * rng.random(), 3),
                position=round(0.3 * rng.random(), 3),
                redundancy_check=rng.random() < 0.8,
            )
        )
    return tuple(out)


#: What task 5 adds to the DUC 2004 configuration (``SumConfig.extra``; :mod:`.corpora`).
TASK_EXTRA = {"focus": focus_on_person, "question": question, "model_noise": MODEL_NOISE}
