"""Adjunct-reordered sentence pairs: the same words, the time adjunct moved to the front.

Owczarzak, van Genabith & Way (2007, SSST, Section 4.1) score 100 English sentences against
versions of themselves "modified by hand in such a way that the position of adjuncts was
changed, but the sentence remained grammatical and the meaning was not changed" ("John
resigned yesterday" / "Yesterday, John resigned"). The simulator renders facts of its topics
as clauses with the time adjunct last, then fronts that adjunct with a comma; both sentences
have exactly the same words (the comma and the capital letter aside), so an ideal parser gives
both the same dependency triples.

:func:`adjunct_reordered_pairs` returns ``(original, reordered)`` strings, deterministic in
``seed``.
"""

from __future__ import annotations

import random
from typing import List, Tuple

from evalkit.errors import ParameterError

from .language import English, Style
from .world import make_topic

__all__ = ["adjunct_reordered_pairs"]

_WRITER = Style("reorder-writer", p_front=0.0, p_attrib=0.0, p_drop_adjunct=0.0)


def _front_time(toks: List[Tuple[str, object]]) -> List[Tuple[str, object]]:
    """Move the trailing time expression (``on Monday``, ``May 3``, ``last Friday``) to the front."""
    k = len(toks)
    while k > 0 and toks[k - 1][1] == "when":
        k -= 1
    if k > 0 and toks[k - 1][0] in ("on", "last") and toks[k - 1][1] is None:
        k -= 1
    return toks[k:] + [(",", None)] + toks[:k]


def _sentence(words) -> str:
    """Words joined as the simulator writes them (commas and 's attached), capitalised, with a period."""
    text = ""
    for w in words:
        text += w if (w in (",", "'s") and text) else (" " if text else "") + w
    return text[:1].upper() + text[1:] + "."


def adjunct_reordered_pairs(n: int, seed: int) -> List[Tuple[str, str]]:
    """``n`` (original, time-adjunct-fronted) sentence pairs with identical words."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ParameterError("n", n, "an integer >= 1")
    rng = random.Random(f"reorder:{seed}")
    out: List[Tuple[str, str]] = []
    t = 0
    while len(out) < n:
        topic = make_topic(f"r{t:04d}", rng, n_details=8)
        t += 1
        for fact in topic.facts:
            if fact.when is None or len(out) >= n:
                continue
            toks = English(_WRITER, rng).clause(fact)
            if not toks or toks[-1][1] != "when":
                continue
            moved = _front_time(toks)
            out.append((_sentence(w for w, _ in toks), _sentence(w for w, _ in moved)))
    return out
