"""Lexicon-based decompounding with a guesser for unknown parts (Owczarzak et al. 2014).

A **compound** is split into **components** (lemmas of a lexicon), optionally joined by
**connectors** (linking elements such as German/Danish/Norwegian ``s``, Swedish ``o``,
Dutch ``en``). Three analysers, as the paper describes them:

* **lexicalized**: a compound listed in :attr:`Lexicon.lexicalized` returns its listed
  decomposition(s) (irregular forms: Danish *børnebog* = barn#bog);
* **dynamic** (:func:`analyze`): strip an inflectional suffix, scan the string left to right
  for every known form (lemmas and compound-only stems, :attr:`Lexicon.forms`), join them
  with optional connectors under the length limits of :class:`LangConfig` (minimum compound
  length, minimum component length, minimum length of a component next to a connector,
  maximum number of components) and the allowed part-of-speech sequences; among the
  complete analyses keep the **fewest components**, then the **longest first component**
  (greedy), and return every lemma reading of that segmentation (the bare word and its
  suffix-stripped stems compete; equal-ranked analyses of both are all returned, as the
  paper's analyser "may return several decompositions", which costs precision);
* **guesser** (:func:`guess`, settings :class:`GuesserConfig`): when no complete analysis
  exists, scan left to right taking the **longest known form** of at least
  ``min_component`` characters at each position; characters no known form starts at grow
  an unknown string. Unknown strings shorter than ``min_unknown`` are dropped (treated as a
  connector or affix: *umweltfreundlicher* -> umwelt + freundlich, *er* dropped), longer
  ones are returned as surface strings. Words shorter than ``min_compound`` are returned
  unsplit; beyond ``max_elements`` the rest of the word is one element; an analysis
  covering less than ``min_coverage`` (share of characters in known forms) returns nothing.

Evaluation (units not stated in the paper; evalkit's reading, notes §5.3):

* precision P = returned decompositions equal to a gold one / returned decompositions;
  recall R = gold compounds with at least one correct returned decomposition / gold
  compounds; F = 2PR/(P+R) (0 when P + R = 0). All in [0, 1]. Lemma sequences are compared
  (connectors ignored).
* segmentation accuracy = share of compounds whose component **spans** (start, end of
  each returned element in the word, connectors and dropped strings excluded) equal the
  reference spans (the dynamic analysis with the full lexicon). A connector left on an
  unknown string (kjærlighet#[s+brev]) is a mismatch.

The grid search (:func:`grid_search`) exploits that the guesser's scan depends only on
``min_component``: one scan per word and ``min_component`` value, the element limit and
the unknown-length filter applied to the scan, and the ``min_compound`` axis as a numpy
mask over word lengths, so the 19 x 18 x 4 x 5 = 6,840 settings of the paper's Table 4
cost 4 scans and 380 cheap passes per word (``benchmarks/bench_decompound.py``).

Why our own: no maintained Python package implements a lexicon-driven analyser with
connectors, POS-sequence rules and an unknown-part guesser (``compound-split`` and
``charsplit`` are German-only statistical splitters without lexica).

Layout: :class:`Analysis` (``lemmas``, ``parts`` = surface strings, ``spans``,
``connectors``); results of :func:`grid_search` are one row per setting with
``max_elements, min_compound, min_component, min_unknown, precision, recall, f,
segmentation_accuracy``.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Dict, FrozenSet, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

Span = Tuple[int, int]
Lemmas = Tuple[str, ...]

__all__ = [
    "Lexicon",
    "WordForms",
    "LangConfig",
    "GuesserConfig",
    "Analysis",
    "analyze",
    "guess",
    "decompose",
    "evaluate_prf",
    "segmentation_accuracy",
    "remove_component_lemmas",
    "grid_search",
    "GRID",
    "setting_correlations",
    "optimal_settings",
    "classify_errors",
    "ERROR_CLASSES",
    "gold_stats",
    "f_score",
]


@dataclass
class Lexicon:
    """``forms``: surface form -> set of ``(lemma, pos)`` readings (a lemma maps to itself;
    a compound-only stem such as German *schließ* maps to *schließen*); ``lexicalized``:
    compound -> tuple of decompositions (tuples of lemmas). All keys lower-case."""

    forms: Dict[str, FrozenSet[Tuple[str, str]]] = field(default_factory=dict)
    lexicalized: Dict[str, Tuple[Lemmas, ...]] = field(default_factory=dict)

    @classmethod
    def from_entries(
        cls,
        entries: Iterable[Tuple[str, str, str]],
        lexicalized: Optional[Mapping[str, Sequence[Sequence[str]]]] = None,
    ) -> "Lexicon":
        """From ``(form, lemma, pos)`` triples (a lemma is its own form)."""
        forms: Dict[str, set] = {}
        for form, lemma, pos in entries:
            forms.setdefault(form.lower(), set()).add((lemma.lower(), pos))
        lex = {
            w.lower(): tuple(tuple(p.lower() for p in d) for d in ds)
            for w, ds in (lexicalized or {}).items()
        }
        return cls({f: frozenset(r) for f, r in forms.items()}, lex)

    @classmethod
    def from_words(cls, words: Iterable[str], pos: str = "X") -> "Lexicon":
        """Every word its own lemma with POS ``pos`` (a compact :class:`WordForms` table,
        for word lists of a million entries)."""
        return cls(WordForms(frozenset(w.lower() for w in words), pos), {})

    @property
    def lemmas(self) -> FrozenSet[str]:
        if isinstance(self.forms, WordForms):
            return self.forms.words
        return frozenset(lemma for readings in self.forms.values() for lemma, _ in readings)

    def without_lemmas(self, lemmas: Iterable[str], lexicalized: bool = True) -> "Lexicon":
        """A copy without every form reading to one of ``lemmas`` (and without the
        lexicalized compounds unless ``lexicalized``)."""
        drop = set(lemmas)
        if isinstance(self.forms, WordForms):
            return Lexicon(
                WordForms(self.forms.words - drop, self.forms.pos),
                dict(self.lexicalized) if lexicalized else {},
            )
        forms = {}
        for form, readings in self.forms.items():
            kept = frozenset(r for r in readings if r[0] not in drop)
            if kept:
                forms[form] = kept
        return Lexicon(forms, dict(self.lexicalized) if lexicalized else {})

    def __len__(self) -> int:
        return len(self.forms)


class WordForms(Mapping):
    """The ``forms`` table of a plain word list: each word maps to ``{(word, pos)}``,
    computed on access (a set of words instead of a million frozensets)."""

    def __init__(self, words: FrozenSet[str], pos: str = "X"):
        self.words, self.pos = frozenset(words), pos

    def __getitem__(self, form: str) -> FrozenSet[Tuple[str, str]]:
        if form not in self.words:
            raise KeyError(form)
        return frozenset({(form, self.pos)})

    def __contains__(self, form: object) -> bool:
        return form in self.words

    def __iter__(self):
        return iter(sorted(self.words))

    def __len__(self) -> int:
        return len(self.words)


@dataclass(frozen=True)
class LangConfig:
    """Per-language settings of dynamic decompounding (the paper's Table 1 and §3).

    ``pos_sequences``: allowed POS sequences of the components (None: any);
    ``connectors``: linking elements allowed between two components; ``suffixes``:
    inflectional endings stripped before analysis (the bare word is tried first)."""

    connectors: Tuple[str, ...] = ()
    max_elements: int = 4
    min_compound: int = 4
    min_component: int = 2
    min_component_with_connector: int = 3
    pos_sequences: Optional[FrozenSet[Tuple[str, ...]]] = None
    suffixes: Tuple[str, ...] = ()

    def __post_init__(self):
        for name in (
            "max_elements",
            "min_compound",
            "min_component",
            "min_component_with_connector",
        ):
            value = getattr(self, name)
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
                raise ParameterError(name, value, "an integer >= 1")
        if self.max_elements < 2:
            raise ParameterError("max_elements", self.max_elements, "an integer >= 2")
        if any(not isinstance(c, str) or not c for c in self.connectors):
            raise ParameterError("connectors", self.connectors, "non-empty strings")


@dataclass(frozen=True)
class GuesserConfig:
    """The guesser's settings (the paper's Table 4); ``min_coverage`` in [0, 1]."""

    max_elements: int = 2
    min_compound: int = 3
    min_component: int = 4
    min_unknown: int = 3
    min_coverage: float = 0.0

    def __post_init__(self):
        for name, low in (
            ("max_elements", 1),
            ("min_compound", 1),
            ("min_component", 1),
            ("min_unknown", 1),
        ):
            value = getattr(self, name)
            if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < low:
                raise ParameterError(name, value, f"an integer >= {low}")
        if not 0.0 <= float(self.min_coverage) <= 1.0:
            raise ParameterError("min_coverage", self.min_coverage, "a share in [0, 1]")


@dataclass(frozen=True)
class Analysis:
    """One decomposition: component ``lemmas`` (unknown parts: their surface string),
    surface ``parts``, their ``spans`` in the word, the ``connectors`` met, and which parts
    are ``known``."""

    lemmas: Lemmas
    parts: Tuple[str, ...]
    spans: Tuple[Span, ...]
    connectors: Tuple[str, ...] = ()
    known: Tuple[bool, ...] = ()


# --------------------------------------------------------------------------- dynamic analysis
def _segmentations(word: str, start: int, lexicon: Lexicon, cfg: LangConfig, depth: int):
    """Every way to cover word[start:] by known forms, with optional connectors between
    them: yields lists of (span, form, connector_before)."""
    n = len(word)
    if depth > cfg.max_elements:
        return
    for end in range(n, start + cfg.min_component - 1, -1):  # longest first (greedy order)
        form = word[start:end]
        if form not in lexicon.forms:
            continue
        if end == n:
            yield [((start, end), form, "")]
            continue
        for conn in ("",) + cfg.connectors:
            nxt = end + len(conn)
            if conn and (
                not word.startswith(conn, end) or len(form) < cfg.min_component_with_connector
            ):
                continue
            for rest in _segmentations(word, nxt, lexicon, cfg, depth + 1):
                if conn and len(rest[0][1]) < cfg.min_component_with_connector:
                    continue
                yield [((start, end), form, "")] + [(rest[0][0], rest[0][1], conn)] + rest[1:]


def _readings(segs, lexicon: Lexicon, cfg: LangConfig) -> List[Analysis]:
    spans = tuple(s for s, _, _ in segs)
    parts = tuple(f for _, f, _ in segs)
    conns = tuple(c for _, _, c in segs if c)
    out = []
    for combo in itertools.product(*(sorted(lexicon.forms[f]) for f in parts)):
        pos = tuple(p for _, p in combo)
        if cfg.pos_sequences is not None and pos not in cfg.pos_sequences:
            continue
        out.append(
            Analysis(tuple(lemma for lemma, _ in combo), parts, spans, conns, (True,) * len(parts))
        )
    return list(dict.fromkeys(out))


def analyze(
    word: str, lexicon: Lexicon, cfg: LangConfig, lexicalized: bool = True
) -> List[Analysis]:
    """The decompositions of ``word`` (lower-cased): the lexicalized ones when listed (and
    ``lexicalized``), else the dynamic analysis (see the module docstring); ``[]`` when
    the word cannot be analysed into two or more known components."""
    word = word.lower()
    if lexicalized and word in lexicon.lexicalized:
        return [Analysis(d, d, (), (), (True,) * len(d)) for d in lexicon.lexicalized[word]]
    if len(word) < cfg.min_compound:
        return []
    stems = [word] + [
        word[: -len(s)] for s in cfg.suffixes if word.endswith(s) and len(word) > len(s)
    ]
    if lexicalized:
        for stem in stems[1:]:
            if stem in lexicon.lexicalized:
                return [Analysis(d, d, (), (), (True,) * len(d)) for d in lexicon.lexicalized[stem]]
    best: List[Analysis] = []
    best_key = None
    for stem in stems:  # an inflected word: the stripped stem competes with the bare word
        for segs in _segmentations(stem, 0, lexicon, cfg, 1):
            if len(segs) < 2:
                continue
            found = _readings(segs, lexicon, cfg)
            if not found:
                continue
            key = (len(segs), -len(segs[0][1]))  # fewest components, then longest first component
            if best_key is None or key < best_key:
                best, best_key = found, key
            elif key == best_key:
                best += [a for a in found if a not in best]
    return best


# --------------------------------------------------------------------------- guesser
def _scan(word: str, lexicon: Lexicon, min_component: int) -> List[Tuple[Span, bool]]:
    """Greedy left-to-right scan: longest known form (>= min_component chars) at each
    position; other characters join an unknown run. Returns ``(span, known)`` pieces."""
    pieces: List[Tuple[Span, bool]] = []
    i, n, unknown_from = 0, len(word), None
    while i < n:
        hit = next(
            (e for e in range(n, i + min_component - 1, -1) if word[i:e] in lexicon.forms), None
        )
        if hit is None:
            unknown_from = i if unknown_from is None else unknown_from
            i += 1
            continue
        if unknown_from is not None:
            pieces.append(((unknown_from, i), False))
            unknown_from = None
        pieces.append(((i, hit), True))
        i = hit
    if unknown_from is not None:
        pieces.append(((unknown_from, n), False))
    return pieces


def _finish(
    word: str,
    pieces: Sequence[Tuple[Span, bool]],
    lexicon: Lexicon,
    max_elements: int,
    min_unknown: int,
) -> Analysis:
    """Apply the element limit and the unknown-length filter to a scan."""
    if len(pieces) > max_elements:
        head = list(pieces[: max_elements - 1])
        start = pieces[max_elements - 1][0][0]
        tail = word[start:]
        pieces = head + [((start, len(word)), tail in lexicon.forms)]
    kept = [(s, k) for s, k in pieces if k or s[1] - s[0] >= min_unknown]
    dropped = tuple(word[s[0] : s[1]] for s, k in pieces if not k and s[1] - s[0] < min_unknown)
    parts = tuple(word[s[0] : s[1]] for s, _ in kept)
    lemmas = tuple(min(lexicon.forms[p])[0] if k else p for p, (_, k) in zip(parts, kept))
    return Analysis(lemmas, parts, tuple(s for s, _ in kept), dropped, tuple(k for _, k in kept))


def guess(word: str, lexicon: Lexicon, gcfg: GuesserConfig) -> List[Analysis]:
    """The guesser's decomposition of ``word`` (one analysis, or ``[]`` below the coverage
    threshold); known parts are returned as lemmas, unknown ones as surface strings."""
    word = word.lower()
    if len(word) < gcfg.min_compound:
        return [Analysis((word,), (word,), ((0, len(word)),), (), (word in lexicon.forms,))]
    pieces = _scan(word, lexicon, gcfg.min_component)
    covered = sum(s[1] - s[0] for s, k in pieces if k)
    if word and covered / len(word) < gcfg.min_coverage:
        return []
    result = _finish(word, pieces, lexicon, gcfg.max_elements, gcfg.min_unknown)
    return [result] if result.parts else []


def decompose(
    word: str,
    lexicon: Lexicon,
    cfg: LangConfig,
    gcfg: Optional[GuesserConfig] = None,
    lexicalized: bool = True,
) -> List[Analysis]:
    """:func:`analyze`, falling back on :func:`guess` (when ``gcfg`` is given)."""
    found = analyze(word, lexicon, cfg, lexicalized=lexicalized)
    return found if found or gcfg is None else guess(word, lexicon, gcfg)


# --------------------------------------------------------------------------- evaluation
def f_score(precision: float, recall: float) -> float:
    """2PR/(P+R), 0 when both are 0."""
    return 0.0 if precision + recall == 0 else 2 * precision * recall / (precision + recall)


def evaluate_prf(
    predictions: Mapping[str, Sequence], gold: Mapping[str, Sequence[Sequence[str]]]
) -> Dict[str, float]:
    """P, R, F of ``predictions`` (word -> analyses or lemma tuples) against ``gold`` (word
    -> decompositions); every gold word counts for recall, a word missing from the
    predictions returned nothing. Returns ``precision, recall, f, returned, correct, n``."""
    returned = correct = hit_words = 0
    for word, golds in gold.items():
        accepted = {tuple(g) for g in golds}
        preds = {
            tuple(p.lemmas if isinstance(p, Analysis) else p) for p in predictions.get(word, ())
        }
        returned += len(preds)
        good = len(preds & accepted)
        correct += good
        hit_words += good > 0
    p = correct / returned if returned else 0.0
    r = hit_words / len(gold) if gold else 0.0
    return {
        "precision": p,
        "recall": r,
        "f": f_score(p, r),
        "returned": returned,
        "correct": correct,
        "n": len(gold),
    }


def segmentation_accuracy(
    predictions: Mapping[str, Sequence[Analysis]], reference: Mapping[str, Sequence[Analysis]]
) -> Dict[str, float]:
    """Share of the reference words (with a reference analysis) whose first predicted
    analysis has the same component spans as one reference analysis."""
    n = same = 0
    for word, refs in reference.items():
        spans = {a.spans for a in refs if a.spans}
        if not spans:
            continue
        n += 1
        pred = predictions.get(word) or ()
        same += bool(pred) and pred[0].spans in spans
    return {"segmentation_accuracy": same / n if n else float("nan"), "segmented": same, "n": n}


def remove_component_lemmas(
    lexicon: Lexicon, gold: Mapping[str, Sequence[Sequence[str]]], rng: np.random.Generator
) -> Tuple[Lexicon, List[str]]:
    """The paper's experiment 3: remove at least one component lemma of every gold
    compound (a random one, unless an earlier removal already covers the compound) and
    every lexicalized compound. Returns the reduced lexicon and the removed lemmas (sorted)."""
    present = lexicon.lemmas
    removed: set = set()
    for word in sorted(gold):
        comps = sorted({c for d in gold[word] for c in d if c in present})
        if not comps or any(c in removed for d in gold[word] for c in d):
            continue
        removed.add(comps[int(rng.integers(len(comps)))])
    return lexicon.without_lemmas(removed, lexicalized=False), sorted(removed)


def gold_stats(
    gold: Mapping[str, Sequence[Sequence[str]]], lexicalized: Iterable[str] = ()
) -> Dict[str, int]:
    """The paper's Table 2 columns for a gold set: compounds, lexical, and n-part counts
    (of the first decomposition)."""
    lex = set(lexicalized)
    counts = {"compounds": len(gold), "lexical": sum(w in lex for w in gold)}
    for k in range(2, 6):
        counts[f"{k}-part"] = sum(len(d[0]) == k for d in gold.values() if d)
    counts["other-part"] = sum(not d or not 2 <= len(d[0]) <= 5 for d in gold.values())
    return counts


# --------------------------------------------------------------------------- grid search
#: The paper's Table 4 grid (integer steps; min_coverage 0 as in the paper).
GRID = {
    "max_elements": tuple(range(2, 21)),
    "min_compound": tuple(range(3, 21)),
    "min_component": tuple(range(2, 6)),
    "min_unknown": tuple(range(1, 6)),
}


def grid_search(
    words: Sequence[str],
    lexicon: Lexicon,
    gold: Mapping[str, Sequence[Sequence[str]]],
    reference: Mapping[str, Sequence[Analysis]],
    grid: Optional[Mapping[str, Sequence[int]]] = None,
) -> pd.DataFrame:
    """Score the guesser on ``words`` for every setting of ``grid`` (default :data:`GRID`):
    one row per setting with P, R, F against ``gold`` and the segmentation accuracy against
    ``reference`` (see the module docstring for the vectorization)."""
    grid = {k: tuple(int(v) for v in vs) for k, vs in (grid or GRID).items()}
    if set(grid) != set(GRID) or any(not vs or min(vs) < 1 for vs in grid.values()):
        raise ParameterError("grid", grid, f"positive integer values for each of {sorted(GRID)}")
    words = [w.lower() for w in words]
    n = len(words)
    if n == 0:
        raise ParameterError("words", words, "at least one word")
    lengths = np.array([len(w) for w in words])
    accepted = [{tuple(d) for d in gold.get(w, ())} for w in words]
    ref_spans = [{a.spans for a in reference.get(w, ()) if a.spans} for w in words]
    has_ref = np.array([bool(s) for s in ref_spans])
    unsplit_ok = np.array([(w,) in acc for w, acc in zip(words, accepted)])
    unsplit_seg = np.array([((0, len(w)),) in s for w, s in zip(words, ref_spans)])
    mc_values = np.array(grid["min_compound"])
    split_mask = lengths[None, :] >= mc_values[:, None]  # (n_min_compound, n_words)
    n_gold = sum(bool(a) for a in accepted)
    rows = []
    for min_component in grid["min_component"]:
        scans = [_scan(w, lexicon, min_component) for w in words]
        for max_elements in grid["max_elements"]:
            for min_unknown in grid["min_unknown"]:
                ok = np.zeros(n, bool)
                seg = np.zeros(n, bool)
                ret = np.zeros(n, bool)
                for i, (w, pieces) in enumerate(zip(words, scans)):
                    a = _finish(w, pieces, lexicon, max_elements, min_unknown)
                    ret[i] = bool(a.parts)
                    ok[i] = a.lemmas in accepted[i]
                    seg[i] = a.spans in ref_spans[i]
                # min_compound axis: words shorter than the limit come back unsplit
                returned = np.where(split_mask, ret, True).sum(axis=1)
                correct = np.where(split_mask, ok, unsplit_ok).sum(axis=1)
                segmented = (np.where(split_mask, seg, unsplit_seg) & has_ref).sum(axis=1)
                for j, mc in enumerate(mc_values):
                    p = correct[j] / returned[j] if returned[j] else 0.0
                    r = correct[j] / n_gold if n_gold else 0.0
                    rows.append(
                        (
                            max_elements,
                            int(mc),
                            min_component,
                            min_unknown,
                            p,
                            r,
                            f_score(p, r),
                            segmented[j] / has_ref.sum() if has_ref.any() else np.nan,
                        )
                    )
    cols = [
        "max_elements",
        "min_compound",
        "min_component",
        "min_unknown",
        "precision",
        "recall",
        "f",
        "segmentation_accuracy",
    ]
    return (
        pd.DataFrame(rows, columns=cols)
        .sort_values(cols[:4], kind="mergesort")
        .reset_index(drop=True)
    )


def setting_correlations(results: pd.DataFrame, score: str = "f") -> pd.DataFrame:
    """Pearson's r between each setting and ``score`` across a grid (the paper's Table 6);
    NaN where the setting or the score is constant."""
    rows = []
    for setting in GRID:
        x, y = results[setting].to_numpy(float), results[score].to_numpy(float)
        r = np.nan if np.ptp(x) == 0 or np.ptp(y) == 0 else float(np.corrcoef(x, y)[0, 1])
        rows.append({"setting": setting, "r": r})
    return pd.DataFrame(rows)


def optimal_settings(results: pd.DataFrame, score: str = "f") -> pd.DataFrame:
    """Per setting, the range of values reaching the best ``score`` (as the paper's "3-7")."""
    best = results[np.isclose(results[score], results[score].max())]
    return pd.DataFrame(
        [
            {
                "setting": s,
                "low": int(best[s].min()),
                "high": int(best[s].max()),
                "optimal": f"{best[s].min()}"
                if best[s].min() == best[s].max()
                else f"{best[s].min()}-{best[s].max()}",
                "best": float(results[score].max()),
            }
            for s in GRID
        ]
    )


# --------------------------------------------------------------------------- error classes
#: Error classes of the paper's §5 (Tables 7 and 8) plus the rest.
ERROR_CLASSES = ("correct", "connector attached", "over-split", "under-split", "other")


def classify_errors(
    word: str, guessed: Analysis, reference: Analysis, connectors: Sequence[str]
) -> str:
    """One of :data:`ERROR_CLASSES` for a guesser result against the reference analysis:
    ``connector attached``: an element equals a connector plus a reference part (Table 7,
    sklave#[n+moral]); ``over-split``: a reference part is cut into several elements (Table
    8, kunst#schil#ders); ``under-split``: fewer elements, each a union of reference parts.
    An ending after the last component of either analysis is ignored (inflection)."""
    word = word.lower()
    # an inflectional ending after the last component belongs to it (kultur|en)
    g, r = list(guessed.spans), list(reference.spans)
    g[-1], r[-1] = (g[-1][0], len(word)), (r[-1][0], len(word))
    if g == r:
        return "correct"
    ref_starts = {s for s, _ in r}
    for s, e in g:
        for conn in connectors:
            if word.startswith(conn, s) and (s + len(conn), e) in r:
                return "connector attached"
    g_cuts = {e for _, e in g[:-1]}
    r_cuts = {e for _, e in r[:-1]}
    if r_cuts < g_cuts and all(any(rs <= s and e <= re for rs, re in r) for s, e in g):
        return "over-split"
    if g_cuts < r_cuts and all(s in ref_starts for s, _ in g):
        return "under-split"
    return "other"
