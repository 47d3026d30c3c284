"""Simulated cross-comprehension study in the design of Kolluru & Gotoh (2005), with a latent truth.

Stories (51; quick 8) are topics with facts, their length as the paper's §3 describes its
stories: 16 to 84 sentences, 25 on average (a right-skewed draw, :func:`story_sentences`),
of 17-22 words each (about 487 words a story); four authors A-D each write a one-line summary
of a story within their own length habit (about 113, 99, 81 and 131 characters as the
paper's Table 1) and word-length habit (:data:`WORD_LENGTH`: 6.1, 4.9, 5.8 and 5.3 characters
a word, so 16, 17, 12 and 21 words) covering the facts they consider most important (their
own noisy reading of the fact weights), and 2-4 questions, one per fact of their summary (author C
asks generic questions, "What is being discussed?", answerable from any summary). A
system summary (``SYS``, a lead-sentence extract) is questioned too. The judge grades each
crossed question: the asked fact in the summary -> R (P with probability .2), a fact of the
same aspect -> I, else N; a generic question -> R when the summary has any core fact.
Truth: the facts each summary expresses (``summary_facts``) and each question asks.
"""

from __future__ import annotations

import random
from typing import Dict, Tuple

import pandas as pd

from evalkit.data.questionnaires import QuestionnaireStudy

from . import world
from .texts import clip, render, writer_style

__all__ = [
    "simulate",
    "AUTHORS",
    "STORY_SENTENCES",
    "WORD_LENGTH",
    "story_sentences",
    "word_length_habits",
]

#: author -> (mean summary characters, mean questions, generic questions?)
AUTHORS = {
    "A": (113, 3.7, False),
    "B": (99, 3.5, False),
    "C": (81, 2.4, True),
    "D": (131, 3.0, False),
}
#: author -> word-length habit in [0, 1] (0: short words, 1: long ones), so the summaries have
#: Table 1's characters per word (A 6.1, B 4.9, C 5.8, D 5.3, spaces taken out) and hence its
#: words per summary; :func:`word_length_habits` turns it into :class:`~.language.Style` habits
WORD_LENGTH = {"A": 1.0, "B": 0.0, "C": 0.9, "D": 0.35}
#: short words: passive and perfect auxiliaries, digits, short names, some attributions
_SHORT = {
    "p_passive": 1.0,
    "p_perfect": 1.0,
    "p_digits": 1.0,
    "p_short_name": 1.0,
    "p_attrib": 0.5,
    "p_drop_adjunct": 0.0,
}
#: long words: active past, numbers in words, full names, no attribution or adjunct
_LONG = {
    "p_passive": 0.0,
    "p_perfect": 0.0,
    "p_digits": 0.0,
    "p_short_name": 0.0,
    "p_attrib": 0.0,
    "p_drop_adjunct": 1.0,
}
#: characters the fact-by-fact filling of a summary leaves unused on average (the budget aims
#: this much above the author's mean, so the summaries average Table 1's characters)
_SLACK = 5


def word_length_habits(w: float) -> Dict[str, float]:
    """The :class:`~.language.Style` habits of word-length habit ``w`` (0 short .. 1 long),
    interpolated between ``_SHORT`` and ``_LONG``.

    >>> word_length_habits(0.5)["p_digits"]
    0.5
    """
    return {k: _SHORT[k] + w * (_LONG[k] - _SHORT[k]) for k in _SHORT}


#: sentences per story: (fewest, mean, most), Kolluru & Gotoh §3 (51 stories, 487 words
#: in 25 sentences on average, 16 to 84)
STORY_SENTENCES = (16, 25, 84)


def story_sentences(draw: int) -> int:
    """The sentence count of a story from a uniform draw ``draw`` in ``lo..hi`` of
    :data:`STORY_SENTENCES`, through the quantile function ``lo + (hi - lo) q^k`` with
    ``k = (hi - lo) / (mean - lo) - 1`` (mean ``mean``, range ``lo..hi``, most stories short).

    >>> story_sentences(16), story_sentences(84)
    (16, 81)
    """
    lo, mean, hi = STORY_SENTENCES
    q = (draw - lo + 0.5) / (hi - lo + 1)
    return lo + int(round((hi - lo) * q ** ((hi - lo) / (mean - lo) - 1)))


_WH = {
    "who_affected": "Who was affected",
    "damages": "What was damaged",
    "countermeasures": "What was done",
    "what": "What happened",
    "why": "Why did it happen",
    "perpetrators": "Who was responsible",
    "how": "How did it spread",
    "threats": "What is threatened",
    "importance": "Why does it matter",
    "who": "Who was convicted",
    "charges": "What was the charge",
    "sentence": "What was the sentence",
    "plead": "How did the defendant plead",
    "who_investigating": "Who investigated",
    "other": "What else happened",
}


def simulate(seed: int, quick: bool = False) -> Tuple[QuestionnaireStudy, Dict[str, pd.DataFrame]]:
    rng = random.Random(f"questionnaires:{seed}")
    n_stories = 8 if quick else 51
    cats = sorted(world.CATEGORIES)
    stories, summaries, questions, grades, t_facts = [], [], [], [], []
    for s in range(n_stories):
        story = f"ABC1998{s + 1:04d}"
        topic = world.make_topic(f"T{s}", rng, cats[s % len(cats)], n_details=6)
        lo, _, hi = STORY_SENTENCES
        n_sent = story_sentences(rng.randint(lo, hi))  # the draw of version 1, reshaped
        stories.append(
            {"story": story, "words": int(n_sent * rng.uniform(17, 22)), "sentences": n_sent}
        )
        core = topic.facts[:8]
        covered = {}
        for author, (chars, n_q, generic) in list(AUTHORS.items()) + [("SYS", (100, 0, False))]:
            style = writer_style(f"author-{author}", rng, 0.5)
            if author in WORD_LENGTH:
                style = style.with_(**word_length_habits(WORD_LENGTH[author]))
            if author == "SYS":
                chosen = [core[0]]
                text = clip(render(core[0], style, rng), 100)
            else:
                ranked = sorted(core, key=lambda f: -f.weight * rng.lognormvariate(0, 0.35))
                budget = max(40, int(rng.gauss(chars + _SLACK, 15)))
                chosen, text = [], ""
                for f in ranked:
                    part = clip(render(f, style, rng), max(30, budget - len(text) - 2))
                    if len(text) + len(part) + 2 > budget + 10 and chosen:
                        break
                    chosen.append(f)
                    text = (text + "; " + part) if text else part
            summaries.append({"story": story, "author": author, "summary": text})
            covered[author] = chosen
            t_facts += [
                {"story": story, "author": author, "fact": f.key, "aspect": f.aspect}
                for f in chosen
            ]
            if author == "SYS":
                continue
            k = max(2, min(4, int(round(rng.gauss(n_q, 0.6)))))
            asked = ([None] * k) if generic else (chosen + [f for f in core if f not in chosen])[:k]
            for i, f in enumerate(asked, start=1):
                if f is None:
                    qtext = rng.choice(
                        [
                            "What is being discussed?",
                            "What are the factors involved?",
                            "What is the main event?",
                            "Who is involved?",
                        ]
                    )
                    expected = "the main event"
                else:
                    qtext = _WH.get(f.aspect, "What happened") + "?"
                    expected = clip(render(f, style, rng), 60)
                questions.append(
                    {
                        "story": story,
                        "author": author,
                        "question": i,
                        "text": qtext,
                        "expected": expected,
                        "_fact": None if f is None else f.key,
                        "_aspect": None if f is None else f.aspect,
                    }
                )
        for qrow in [q for q in questions if q["story"] == story]:
            for author in list(AUTHORS) + ["SYS"]:
                if author == qrow["author"]:
                    continue
                facts = covered[author]
                if qrow["_fact"] is None:
                    label = "R" if facts else "N"
                elif qrow["_fact"] in {f.key for f in facts}:
                    label = "P" if rng.random() < 0.2 else "R"
                elif qrow["_aspect"] in {f.aspect for f in facts} and rng.random() < 0.5:
                    label = "I"
                else:
                    label = "N"
                grades.append(
                    {
                        "story": story,
                        "summary_author": author,
                        "question_author": qrow["author"],
                        "question": qrow["question"],
                        "label": label,
                        "answer": "" if label == "N" else "(found in the summary)",
                    }
                )
    qframe = pd.DataFrame(questions)
    truth_q = qframe[["story", "author", "question", "_fact", "_aspect"]].rename(
        columns={"_fact": "fact", "_aspect": "aspect"}
    )
    study = QuestionnaireStudy(
        pd.DataFrame(stories),
        pd.DataFrame(summaries),
        qframe.drop(columns=["_fact", "_aspect"]),
        pd.DataFrame(grades),
    )
    return study, {"summary_facts": pd.DataFrame(t_facts), "questions": truth_q}
