"""Small text helpers shared by the task simulations (:mod:`.tasks`): render facts, clip, styles."""

from __future__ import annotations

import random
from typing import Sequence

from .language import English, Fact, Style

__all__ = ["writer_style", "render", "render_all", "clip", "keywords"]

_FUNCTION = frozenset(
    "a an the of in on at to for from with by and or but is are was were be been has have had "
    "that this these those it its their his her as said says".split()
)


#: A task writer's habits after ``p_favourite`` (:meth:`.language.Style.from_habits`: ``p_passive``,
#: ``p_front``, ``p_perfect``, ``p_digits``, ``p_attrib``, ``p_drop_adjunct``,
#: ``p_short_name``), each drawn per writer.
_HABITS = ((0.05, 0.4), (0.05, 0.3), (0.0, 0.3), (0.3, 0.9), (0.0, 0.6), (0.1, 0.5), (0.3, 0.8))


def writer_style(name: str, rng: random.Random, extractive: float = 0.7) -> Style:
    """A writer's habits; ``extractive`` = how often the favourite (document) wording is reused."""
    return Style.from_habits(name, (extractive, *_HABITS), rng)


def render(fact: Fact, style: Style, rng: random.Random) -> str:
    """One English sentence expressing ``fact`` in ``style``."""
    return English(style, rng).sentence([fact])[0]


def render_all(facts: Sequence[Fact], style: Style, rng: random.Random) -> str:
    eng = English(style, rng)
    return " ".join(eng.sentence([f])[0] for f in facts)


def clip(text: str, max_chars: int) -> str:
    """``text`` cut at a word boundary to at most ``max_chars`` characters (final '.' dropped)."""
    text = text.rstrip(".")
    if len(text) <= max_chars:
        return text
    cut = text[: max_chars + 1].rsplit(" ", 1)[0]
    return cut.rstrip(",;")


def keywords(text: str) -> str:
    """Lower-cased content words of ``text`` (TREC-style terse nugget descriptions)."""
    words = [w.strip(".,;:'\"()").lower() for w in text.split()]
    return " ".join(w for w in words if w and w not in _FUNCTION)
