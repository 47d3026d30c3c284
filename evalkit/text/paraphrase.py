"""Paraphrases from a bitext by pivoting, and references rewritten with them.

Owczarzak, Groves, Van Genabith & Way (2006), "Contextual Bitext-Derived Paraphrases in
Automatic MT Evaluation" (WMT 2006), Sec. 3; notes ``owczarzak-part-A`` D10:

* :class:`PhraseTable`: counts of aligned phrase pairs (source f, target e) from
  :func:`evalkit.text.alignment.extract_phrases`, with ``phi(e | f) = c(f, e) / c(f)`` and
  ``p(f | e) = c(f, e) / c(e)``.
* :func:`equivalence_sets`: "for each source word or phrase f that is aligned with more
  than one target word or phrase, its possible translations e_1 ... e_n were placed in a
  list as equivalent expressions" - one set per such f, members ordered by ``phi(e | f)``
  (ties alphabetical), no probability threshold (the paper used none; ``min_phi`` adds
  one), target items containing an excluded word (the paper excludes prepositions,
  :data:`PREPOSITIONS_EN`) or no letter at all left out; identical sets are kept once.
* :func:`equivalents`: item -> the other members of every set containing it (**no
  transitivity**: a member of a set that merely shares a member with e's set is not an
  equivalent of e).
* :func:`pivot_paraphrases`: the best paraphrase of e1 by pivoting (their Sec. 5, after
  Bannard & Callison-Burch 2005): ``argmax_{e2 != e1} agg_f p(f | e1) phi(e2 | f)`` with
  ``agg`` = ``max`` (their product for one f) or ``sum`` (Bannard & Callison-Burch).
* :func:`expand_reference`: the original reference plus every single substitution of one
  occurrence of an item by one of its equivalents (their example (2); no simultaneous
  substitutions, example (3)); duplicates removed, order: original first, then by position
  and by the equivalent's rank.
* :func:`best_matching_reference`: one rewritten reference per hypothesis (Kauchak &
  Barzilay 2006, as Owczarzak et al. 2007 use it): scanning the reference left to right,
  longest item first, an item absent from the hypothesis is replaced by its
  highest-ranked equivalent that occurs in the hypothesis and not in the reference.

Items are token tuples; texts are token lists (tokenize before).

Why our own: no maintained library builds equivalence sets from a phrase table or rewrites
references this way; the pieces are small and the paper's choices (no transitivity, one
substitution at a time) need to be exact.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from typing import Dict, FrozenSet, Iterable, List, Optional, Sequence, Tuple

from evalkit.errors import ParameterError

__all__ = [
    "PREPOSITIONS_EN",
    "PhraseTable",
    "equivalence_sets",
    "equivalents",
    "pivot_paraphrases",
    "expand_reference",
    "best_matching_reference",
]

Item = Tuple[str, ...]

#: English prepositions (a closed class; "a French preposition a may be translated as to,
#: in, at, which are not synonyms", Owczarzak et al. 2006 Sec. 3). Our list.
PREPOSITIONS_EN: FrozenSet[str] = frozenset(
    """
about above across after against along amid among around as at before behind below beneath
beside besides between beyond by despite down during except for from in inside into like near
of off on onto out outside over past per since through throughout till to toward towards under
underneath unlike until up upon via with within without
""".split()
)


def _item(x) -> Item:
    return tuple(x.split()) if isinstance(x, str) else tuple(x)


class PhraseTable:
    """Counts of (source phrase, target phrase) pairs; phrases as token tuples."""

    def __init__(self, pairs: Iterable[Tuple[object, object]] = ()):
        self.counts: Counter = Counter()
        self.add(pairs)

    def add(self, pairs: Iterable[Tuple[object, object]]) -> "PhraseTable":
        for f, e in pairs:
            f, e = _item(f), _item(e)
            if not f or not e:
                raise ParameterError("pairs", (f, e), "non-empty source and target phrases")
            self.counts[(f, e)] += 1
        self._index()
        return self

    def _index(self) -> None:
        self.by_source: Dict[Item, Dict[Item, int]] = defaultdict(dict)
        self.by_target: Dict[Item, Dict[Item, int]] = defaultdict(dict)
        for (f, e), c in self.counts.items():
            self.by_source[f][e] = c
            self.by_target[e][f] = c
        self.source_totals = {f: sum(d.values()) for f, d in self.by_source.items()}
        self.target_totals = {e: sum(d.values()) for e, d in self.by_target.items()}

    def phi(self, e, f) -> float:
        """``phi(e | f) = c(f, e) / c(f)``."""
        f, e = _item(f), _item(e)
        total = self.source_totals.get(f, 0)
        return self.by_source[f].get(e, 0) / total if total else 0.0

    def p_source(self, f, e) -> float:
        """``p(f | e) = c(f, e) / c(e)``."""
        f, e = _item(f), _item(e)
        total = self.target_totals.get(e, 0)
        return self.by_target[e].get(f, 0) / total if total else 0.0

    def __len__(self) -> int:
        return len(self.counts)


def _eligible(e: Item, exclude: FrozenSet[str]) -> bool:
    return any(ch.isalpha() for w in e for ch in w) and not any(w.lower() in exclude for w in e)


def equivalence_sets(
    table: PhraseTable,
    exclude: Iterable[str] = PREPOSITIONS_EN,
    min_phi: float = 0.0,
    min_count: int = 1,
) -> List[Tuple[Item, ...]]:
    """Equivalence sets: per source item, its eligible target items when there are >= 2.

    Members are ordered by ``phi(e | f)`` (highest first; ties alphabetical); a pair seen
    fewer than ``min_count`` times or with ``phi < min_phi`` is left out. Sets are returned
    in the order of their source items (sorted), identical sets once.
    """
    if not (0.0 <= min_phi <= 1.0):
        raise ParameterError("min_phi", min_phi, "a probability in [0, 1]")
    if not (isinstance(min_count, int) and min_count >= 1):
        raise ParameterError("min_count", min_count, "an integer >= 1")
    exclude = frozenset(w.lower() for w in exclude)
    seen = set()
    out = []
    for f in sorted(table.by_source):
        targets = table.by_source[f]
        total = table.source_totals[f]
        members = [
            e
            for e, c in targets.items()
            if c >= min_count and c / total >= min_phi and _eligible(e, exclude)
        ]
        if len(members) < 2:
            continue
        members.sort(key=lambda e: (-targets[e], e))
        key = frozenset(members)
        if key in seen:
            continue
        seen.add(key)
        out.append(tuple(members))
    return out


def equivalents(sets: Iterable[Sequence[object]]) -> Dict[Item, List[Item]]:
    """item -> its equivalents: the other members of the sets containing it, in set order
    (first occurrence wins), never through a chain of sets (no transitivity)."""
    out: Dict[Item, List[Item]] = {}
    for members in sets:
        members = [_item(m) for m in members]
        for m in members:
            lst = out.setdefault(m, [])
            for other in members:
                if other != m and other not in lst:
                    lst.append(other)
    return out


def pivot_paraphrases(
    table: PhraseTable,
    items: Optional[Iterable[object]] = None,
    agg: str = "max",
    exclude: Iterable[str] = PREPOSITIONS_EN,
) -> Dict[Item, Tuple[Item, float]]:
    """Best paraphrase of each target item by pivoting through the source phrases.

    ``score(e2 | e1) = agg_f p(f | e1) * phi(e2 | f)`` over source phrases f aligned to
    both, ``agg`` ``"max"`` or ``"sum"``; the best e2 != e1 (ties alphabetical). Items with
    no candidate are absent from the result.
    """
    if agg not in ("max", "sum"):
        raise ParameterError("agg", agg, "'max' or 'sum'")
    exclude = frozenset(w.lower() for w in exclude)
    targets = sorted(table.by_target) if items is None else [_item(i) for i in items]
    out: Dict[Item, Tuple[Item, float]] = {}
    for e1 in targets:
        scores: Dict[Item, float] = {}
        for f in table.by_target.get(e1, {}):
            pf = table.p_source(f, e1)
            for e2 in table.by_source[f]:
                if e2 == e1 or not _eligible(e2, exclude):
                    continue
                v = pf * table.phi(e2, f)
                scores[e2] = (
                    max(scores.get(e2, 0.0), v) if agg == "max" else scores.get(e2, 0.0) + v
                )
        if scores:
            best = min(scores, key=lambda e2: (-scores[e2], e2))
            out[e1] = (best, scores[best])
    return out


def _occurrences(tokens: Sequence[str], equiv: Dict[Item, List[Item]], max_len: int):
    for i in range(len(tokens)):
        for n in range(1, max_len + 1):
            if i + n > len(tokens):
                break
            item = tuple(tokens[i : i + n])
            if item in equiv:
                yield i, n, item


def expand_reference(tokens: Sequence[str], equiv: Dict[Item, List[Item]]) -> List[List[str]]:
    """The reference and every single-substitution variant (Owczarzak et al. 2006, Sec. 3)."""
    tokens = list(tokens)
    max_len = max((len(k) for k in equiv), default=0)
    out = [tokens]
    seen = {tuple(tokens)}
    for i, n, item in _occurrences(tokens, equiv, max_len):
        for e2 in equiv[item]:
            variant = tokens[:i] + list(e2) + tokens[i + n :]
            if tuple(variant) not in seen:
                seen.add(tuple(variant))
                out.append(variant)
    return out


def _contains(tokens: Sequence[str], item: Item) -> bool:
    n = len(item)
    return any(tuple(tokens[i : i + n]) == item for i in range(len(tokens) - n + 1))


def best_matching_reference(
    reference: Sequence[str], hypothesis: Sequence[str], equiv: Dict[Item, List[Item]]
) -> Tuple[List[str], int]:
    """The reference rewritten towards the hypothesis, and the number of substitutions.

    Left to right; at each position the longest item is tried first; an item already in
    the hypothesis stays; otherwise its first equivalent (in rank order) that occurs in the
    hypothesis and not in the original reference replaces it. Replaced words are not
    scanned again.
    """
    ref = list(reference)
    max_len = max((len(k) for k in equiv), default=0)
    out: List[str] = []
    i = changes = 0
    while i < len(ref):
        done = False
        for n in range(min(max_len, len(ref) - i), 0, -1):
            item = tuple(ref[i : i + n])
            if item not in equiv or _contains(hypothesis, item):
                continue
            for e2 in equiv[item]:
                if _contains(hypothesis, e2) and not _contains(ref, e2):
                    out.extend(e2)
                    i += n
                    changes += 1
                    done = True
                    break
            if done:
                break
        if not done:
            out.append(ref[i])
            i += 1
    return out, changes
