"""Gold parse trees of the simulated text: the sample profile's "ideal parser".

The simulator's English comes from a grammar (:class:`.language.English`), so its structure is
known. While :attr:`.language.English.trace` is a list, every rendered clause records its
phrases (:class:`.language.ClauseTrace`: fronted adjunct, subject, verb group, object or
``by``-agent, prepositional adjuncts, time, attribution); this module replays a simulation
with the trace on and turns each clause into

* a **PTB constituent tree**: ``(S (NP-SBJ ...) (VP (VBD hit) (NP ...) (PP (IN on) (NP ...))) (. .))``
  with nested VPs for auxiliaries (``(VP (VBZ has) (VP (VBN been) (VP (VBN hit) ...)))``),
  ``(SBAR (S ...))`` under ``said``, ``(S (S ...) (, ,) (CC and) (S ...))`` for two facts
  coordinated, ``(S (S ...) (SBAR (IN after) (S ...)))`` subordinated
  (:data:`.language.JUNCTIONS`);
* a **labelled dependency tree** over the same tokens with the ClearNLP labels spaCy uses
  (``nsubj``, ``nsubjpass``, ``dobj``, ``prep``/``pobj``, ``agent``, ``aux``/``auxpass``,
  ``det``, ``amod``, ``compound``, ``nummod``/``quantmod``, ``poss``/``case``, ``npadvmod``,
  ``ccomp``, ``conj``/``cc``, ``advcl``/``mark``, ``prt``, ``punct``), so :mod:`evalkit.text.lfg` maps both
  parsers' trees the same way. Lemmas, Penn tags and ``Number`` come from the lexicon.
  Conventions: names are ``compound`` chains headed by their last word; a multi-word verb
  ("claim the lives of", "set up") is one predicate whose further words are ``prt``; a
  multi-word preposition ("close to") nests (``close -prep-> to -pobj-> NP``).

Tokens are the written words with ``,``, ``'s`` and the final ``.`` split off
(:func:`split_tokens`; :func:`join_tokens` is its inverse and every tree is checked against
its text).

**System outputs.** An MT output is the system's own clean rendering of the same facts, then
edited (:func:`.mt.translate`: verb moved to the end, words left untranslated or replaced,
function words dropped, neighbours swapped). Its tree is the clean rendering's gold tree
*projected* onto the output (:func:`project`): output tokens are aligned to the clean tokens
(``difflib`` matching blocks, then equal words left over, i.e. moved words, then substitutions
position by position); a replaced word keeps the replaced word's place, tag and relation;
a dropped word's dependents attach to its nearest kept ancestor; an output word aligned to
nothing attaches to the root as ``dep``. The constituent tree is the gold tree with dropped
leaves pruned and replaced words substituted when the output keeps the clean order; otherwise
(moved or unaligned words) the documented dependency projection
(:func:`evalkit.text.heads.dependencies_to_constituents`).

**n-best** (:func:`nbest`): the gold tree plus plausible alternatives, each a combination of
the ambiguities a statistical parser gets wrong: a verb-attached prepositional or temporal
adjunct attached to the preceding noun instead; a past-tense main verb read as a participle
(VBD/VBN); a name's ``compound`` read as ``amod``; a hedge's ``quantmod`` read as ``advmod``.
Alternatives with fewer changes come first, in a seeded order within a size; with
``p_gold_first < 1`` the gold tree itself sits at a seeded rank (geometric) as in a real
n-best list, the rank drawn from the seed and the text (so a sentence and its reordered
version rank differently).

**Files** (:func:`write_gold`, run by the sample build; :func:`gold_parser` writes them on
first use for a corpus built before): ``<corpus>/parses/gold.conllu`` (one sentence per
reference and system output, in corpus order, each with ``# text = ...``) and
``<corpus>/parses/gold.ptb`` (one tree per line, same order), read back through the
pre-parsed backend (:class:`evalkit.text.parse.PreParsed`). Corpora (:data:`SUPPORTED`): the MT
set ``tides2003`` (references and system outputs) and the summarization sets ``tac2008`` and
``duc2007`` (:func:`summary_gold_trees`: every model and system summary, one root per
sentence; a sentence cut by the length limit or made disfluent gets its source sentence's
tree projected the same way).

Why our own: no parser can be "ideal"; only the generator knows the structure it used.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple, Union

from nltk.tree import Tree

from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.heads import dependencies_to_constituents
from evalkit.text.parse import Parse, PreParsed
from evalkit.text.trees import DepTree, format_ptb, parse_conllu_texts, read_ptb, write_conllu

from .language import (
    NOUNS,
    PREPOSITIONS,
    SUBORDINATORS,
    VERBS,
    ClauseTrace,
    English,
    SentenceTrace,
)

__all__ = [
    "SUPPORTED",
    "split_tokens",
    "join_tokens",
    "clause_phrase",
    "sentence_phrase",
    "GoldTree",
    "gold_tree",
    "project",
    "nbest",
    "mt_gold_trees",
    "summary_gold_trees",
    "reordered_pair_parses",
    "write_gold",
    "gold_parser",
    "gold_parser_at",
    "gold_files",
]

#: sample corpora with gold trees
SUPPORTED = ("tides2003", "tac2008", "duc2007")
_MT = ("tides2003",)

Tok = Tuple[str, Optional[str]]

# ----------------------------------------------------------------------------------- nodes


@dataclass
class _Leaf:
    word: str
    tag: str
    lemma: str
    rel: str = "dep"
    feats: str = "_"


@dataclass
class _Phrase:
    label: str
    kids: List[Union["_Phrase", _Leaf]]
    head: int
    rel: str = "dep"


_HEDGE_TAGS = {
    "more": "JJR",
    "than": "IN",
    "at": "IN",
    "least": "JJS",
    "about": "RB",
    "some": "DT",
    "nearly": "RB",
    "a": "DT",
}
_PREP_WORDS = frozenset([w for vs in PREPOSITIONS.values() for v in vs for w in v.split()] + ["by"])
_NOUN_FORMS: Dict[str, Tuple[str, bool]] = {}  # written noun -> (singular, plural?)
for _f in (f for vs in NOUNS.values() for f in vs):
    _NOUN_FORMS.setdefault(_f[0], (_f[0], bool(_f.number)))  # "supplies" is plural
for _sg, _pl in (f for vs in NOUNS.values() for f in vs):
    _NOUN_FORMS.setdefault(_pl, (_sg, True))
_UPOS = {
    "NN": "NOUN",
    "NNS": "NOUN",
    "NNP": "PROPN",
    "JJ": "ADJ",
    "JJR": "ADJ",
    "JJS": "ADJ",
    "IN": "ADP",
    "TO": "ADP",
    "DT": "DET",
    "CD": "NUM",
    "RB": "ADV",
    "RP": "ADP",
    "POS": "PART",
    ",": "PUNCT",
    ".": "PUNCT",
    "CC": "CCONJ",
    "VBG": "VERB",
    "PRP$": "PRON",
    "X": "X",
}


def _noun_leaves(text: str, rel: str, proper: bool = False) -> List[_Leaf]:
    """A (multi-word) noun: compound words then the head (last word, tagged for number)."""
    words = text.split()
    sg, plural = _NOUN_FORMS.get(text, (text, False))
    out = [_Leaf(w, "NNP" if proper else "NN", w.lower(), "compound") for w in words[:-1]]
    if proper and len(words) > 1 and words[0].lower() == "the":  # "the Venai Ministry"
        out[0] = _Leaf(words[0], "DT", "the", "det")
    tag = "NNP" if proper else ("NNS" if plural else "NN")
    out.append(
        _Leaf(
            words[-1],
            tag,
            words[-1].lower() if proper else sg.split()[-1].lower(),
            rel,
            "Number=Plur" if plural else "Number=Sing",
        )
    )
    return out


def _np(toks: Sequence[Tok], rel: str) -> _Phrase:
    """A noun phrase from its rendered tokens (see :meth:`.language.English.np`)."""
    toks = list(toks)
    kids: List[Union[_Phrase, _Leaf]] = []
    pos = [i for i, (w, _) in enumerate(toks) if w == "'s"]
    if pos:
        k = pos[-1]
        owner = _np(toks[:k], "poss")
        owner.kids.append(_Leaf("'s", "POS", "'s", "case"))
        kids.append(owner)
        toks = toks[k + 1 :]
    nums = [w for w, c in toks if c == "num"]
    if nums:
        words = [x for w in nums for x in w.split()]
        leaves = [
            _Leaf(
                x, _HEDGE_TAGS.get(x, "CD") if i < len(words) - 1 else "CD", x.lower(), "quantmod"
            )
            for i, x in enumerate(words)
        ]
        leaves[-1].rel = "nummod"
        kids.append(
            leaves[0] if len(leaves) == 1 else _Phrase("QP", leaves, len(leaves) - 1, "nummod")
        )
    for w, c in toks:
        if c is None:  # determiners: "the", "a", "their" (PRP$), "more" (JJR), "a new" (DT + JJ)
            first, *rest = w.split()
            tag = {"their": "PRP$", "more": "JJR"}.get(first.lower(), "DT")
            kids.append(
                _Leaf(
                    first,
                    tag,
                    first.lower(),
                    "poss" if tag == "PRP$" else ("amod" if tag == "JJR" else "det"),
                )
            )
            kids += [_Leaf(x, "JJ", x.lower(), "amod") for x in rest]
        elif c.startswith("a:"):
            first, *rest = w.split()
            kids.append(_Leaf(first, "JJ", first.lower(), "amod"))
            kids += [_Leaf(x, "IN", x.lower(), "prep") for x in rest]  # "unaccounted for"
    heads = [(w, c) for w, c in toks if c is not None and c != "num" and not c.startswith("a:")]
    if not heads:
        raise ParameterError("tokens", toks, "a noun phrase with a noun or a name")
    if all(c == heads[0][1] and not c.startswith("n:") for _, c in heads) and not any(
        c is None for _, c in toks
    ):
        kids += _noun_leaves(" ".join(w for w, _ in heads), rel, proper=True)  # a name
    else:
        kids += _noun_leaves(" ".join(w for w, _ in heads), rel)
    return _Phrase("NP", kids, len(kids) - 1, rel)


def _pp(toks: Sequence[Tok], rel: str) -> _Phrase:
    """Preposition(s) + NP; several preposition words nest (``close (to NP)``)."""
    toks = list(toks)
    k = 0
    while k < len(toks) - 1 and toks[k][1] is None and toks[k][0] in _PREP_WORDS:
        k += 1
    if k == 0:
        raise ParameterError("tokens", toks, "a prepositional phrase")
    node: Union[_Phrase, _Leaf] = _np(toks[k:], "pobj")
    for j in range(k - 1, -1, -1):
        w = toks[j][0]
        tag = (
            "TO"
            if w == "to"
            else ("VBG" if w.endswith("ing") else ("RB" if w == "close" else "IN"))
        )
        node = _Phrase("PP", [_Leaf(w, tag, w.lower(), "prep"), node], 0, "prep" if j else rel)
    return node


def _time(toks: Sequence[Tok], rel_pp: str = "prep") -> _Phrase:
    """``on Monday`` / ``on Jan. 3`` (PP), ``May 3`` / ``last Friday`` (NP-TMP, npadvmod)."""
    toks = list(toks)
    if toks[0] == ("on", None):
        inner = _time(toks[1:])
        inner.rel = "pobj"
        inner.label = "NP"
        return _Phrase("PP", [_Leaf("on", "IN", "on", "prep"), inner], 0, rel_pp)
    kids: List[Union[_Phrase, _Leaf]] = []
    head = 0
    for i, (w, c) in enumerate(toks):
        if w == "last":
            kids.append(_Leaf(w, "JJ", "last", "amod"))
        elif w.isdigit():
            kids.append(_Leaf(w, "CD", w, "nummod"))
        else:
            kids.append(_Leaf(w, "NNP", w.lower(), "npadvmod", "Number=Sing"))
            head = i
    return _Phrase("NP-TMP", kids, head, "npadvmod")


def _verb_leaves(toks: Sequence[Tok], passive: bool) -> Tuple[List[_Leaf], _Leaf, List[_Leaf]]:
    """(auxiliaries, main verb, particles) of a rendered verb group."""
    aux = [w for w, c in toks if c is None]
    verb = [(w, c) for w, c in toks if c is not None]
    concept = verb[0][1][2:]
    words = [w for w, _ in verb]
    first = words[0]
    forms = next(
        (v for v in VERBS[concept] if first in {f.split()[0] for f in v}), VERBS[concept][0]
    )
    base, _, past, pp, _ = forms
    if aux:
        tag = "VBN" if first == pp.split()[0] else ("VB" if first == base.split()[0] else "VBN")
    else:
        tag = "VBD" if first == past.split()[0] else ("VB" if first == base.split()[0] else "VBD")
    aux_leaves = []
    for i, a in enumerate(aux):
        atag = {"has": "VBZ", "have": "VBP", "was": "VBD", "were": "VBD", "been": "VBN"}.get(
            a, "VB"
        )
        lemma = "have" if a in ("has", "have") else "be"
        last = i == len(aux) - 1
        aux_leaves.append(
            _Leaf(a, atag, lemma, "auxpass" if passive and last and lemma == "be" else "aux")
        )
    main = _Leaf(first, tag, base.split()[0].lower(), "root")
    parts = [_Leaf(w, "RP", w.lower(), "prt") for w in words[1:]]
    return aux_leaves, main, parts


def clause_phrase(tr: ClauseTrace, front_time: Optional[bool] = None) -> _Phrase:
    """The S of one traced clause (see the module docstring)."""
    aux, main, parts = _verb_leaves(tr.verb, tr.passive)
    vp_kids: List[Union[_Phrase, _Leaf]] = [main] + [_Phrase("PRT", [p], 0, "prt") for p in parts]
    if tr.obj:
        if tr.passive:
            vp_kids.append(_pp(tr.obj, "agent"))
        else:
            vp_kids.append(_np(tr.obj, "dobj"))
    vp_kids += [_pp(p, "prep") for p in tr.pps]
    if tr.time:
        vp_kids.append(_time(tr.time))
    if tr.attribution is not None and tr.attribution[0] == "according":
        src = tr.attribution[1]
        vp_kids += [
            _Leaf(",", ",", ",", "punct"),
            _Phrase(
                "PP",
                [
                    _Leaf("according", "VBG", "accord", "prep"),
                    _Phrase("PP", [_Leaf("to", "TO", "to", "prep"), _np(src, "pobj")], 0, "prep"),
                ],
                0,
                "prep",
            ),
        ]
    vp = _Phrase("VP", vp_kids, 0, "root")
    for a in reversed(aux):
        vp = _Phrase("VP", [a, vp], 1, "root")
    subj = _np(tr.subj, "nsubjpass" if tr.passive else "nsubj")
    subj.label = "NP-SBJ"
    s_kids: List[Union[_Phrase, _Leaf]] = []
    if tr.front:
        body = tr.front[:-1]
        s_kids += [
            _time(body) if tr.front_time else _pp(body, "prep"),
            _Leaf(",", ",", ",", "punct"),
        ]
    s_kids += [subj, vp]
    s = _Phrase("S", s_kids, len(s_kids) - 1, "root")
    if tr.attribution is not None and tr.attribution[0] == "said":
        src = _np(tr.attribution[1], "nsubj")
        src.label = "NP-SBJ"
        said_tok = tr.tokens[len(tr.attribution[1])]
        said_forms = next(v for v in VERBS["say"] if v[2] == said_tok[0])
        said = _Leaf(said_tok[0], "VBD", said_forms[0], "root")
        s.rel = "ccomp"
        s = _Phrase(
            "S", [src, _Phrase("VP", [said, _Phrase("SBAR", [s], 0, "ccomp")], 0)], 1, "root"
        )
    return s


def _junction_leaf(word: str) -> _Leaf:
    if word == ",":
        return _Leaf(",", ",", ",", "punct")
    if word in SUBORDINATORS:
        return _Leaf(word, "IN", word, "mark")
    return _Leaf(word, "CC", word, "cc")


def sentence_phrase(
    clauses: Sequence[_Phrase], junctions: Optional[Sequence[Sequence[str]]] = None
) -> _Phrase:
    """Clauses joined as :meth:`.language.English.sentence` joins them (``junctions``: the words
    before each clause after the first; default ", and"), with the final period. A coordinated
    clause is a ``conj`` of the first (its ``cc`` and comma on the first, as spaCy attaches
    them); a subordinate one an ``(SBAR (IN after) (S ...))``, ``advcl`` with its ``mark``."""
    if len(clauses) == 1:
        s = clauses[0]
        s.kids.append(_Leaf(".", ".", ".", "punct"))
        return s
    if junctions is None:
        junctions = [(",", "and")] * (len(clauses) - 1)
    kids: List[Union[_Phrase, _Leaf]] = [clauses[0]]
    for c, junction in zip(clauses[1:], junctions):
        leaves = [_junction_leaf(w) for w in junction]
        punct = [lf for lf in leaves if lf.rel == "punct"]
        mark = [lf for lf in leaves if lf.rel == "mark"]
        if mark:
            kids += punct + [_Phrase("SBAR", mark + [c], len(mark), "advcl")]
            c.rel = "advcl"
            continue
        c.rel = "conj"
        kids += leaves + [c]
    kids.append(_Leaf(".", ".", ".", "punct"))
    return _Phrase("S", kids, 0, "root")


@dataclass(frozen=True)
class GoldTree:
    """One sentence's gold trees (same tokens)."""

    dep: DepTree
    tree: Tree

    def parse(self, alternatives: Tuple[DepTree, ...] = ()) -> Parse:
        return Parse(self.dep, self.tree, alternatives)


def gold_tree(node: _Phrase, capitalise: bool = True) -> GoldTree:
    """The dependency tree and PTB tree of a built phrase."""
    leaves: List[_Leaf] = []
    heads: List[int] = []

    def lexhead(n) -> int:
        while isinstance(n, _Phrase):
            n = n.kids[n.head]
        return n._index  # type: ignore[attr-defined]

    def number(n) -> Tree:
        if isinstance(n, _Leaf):
            n._index = len(leaves)  # type: ignore[attr-defined]
            leaves.append(n)
            return Tree(n.tag, [n.word])
        return Tree(n.label, [number(k) for k in n.kids])

    ptb = number(node)
    heads = [-1] * len(leaves)
    rels = ["root"] * len(leaves)

    def link(n) -> None:
        if isinstance(n, _Leaf):
            return
        h = lexhead(n.kids[n.head])
        for j, k in enumerate(n.kids):
            link(k)
            if j != n.head:
                heads[lexhead(k)] = h
                rels[lexhead(k)] = k.rel

    link(node)
    words = [lf.word for lf in leaves]
    if capitalise and words:
        words[0] = words[0][:1].upper() + words[0][1:]
        pos = ptb.leaf_treeposition(0)
        ptb[pos] = words[0]
    dep = DepTree(
        tuple(words),
        tuple(lf.lemma for lf in leaves),
        tuple(
            _UPOS.get(lf.tag, "VERB" if lf.tag.startswith("VB") else "X")
            if lf.rel not in ("aux", "auxpass")
            else "AUX"
            for lf in leaves
        ),
        tuple(lf.tag for lf in leaves),
        tuple(lf.feats for lf in leaves),
        tuple(heads),
        tuple(rels),
    )
    return GoldTree(dep, ptb)


# ------------------------------------------------------------------------------- tokens


def split_tokens(text: str) -> List[str]:
    """The tree tokens of a simulated text: whitespace words with a trailing ``,`` and ``'s``
    split off, and the final ``.`` of the last word."""
    pieces = text.split()
    out: List[str] = []
    for k, p in enumerate(pieces):
        tail: List[str] = []
        if k == len(pieces) - 1 and p.endswith(".") and len(p) > 1:
            tail.append(".")
            p = p[:-1]
        while len(p) > 1:
            if p.endswith(","):
                tail.append(",")
                p = p[:-1]
            elif p.endswith("'s") and len(p) > 2:
                tail.append("'s")
                p = p[:-2]
            else:
                break
        out += [p] + tail[::-1]
    return out


def join_tokens(tokens: Sequence[str]) -> str:
    """Inverse of :func:`split_tokens`: ``,``/``'s`` and the final ``.`` attached."""
    text = ""
    for k, w in enumerate(tokens):
        if text and (w in (",", "'s") or (w == "." and k == len(tokens) - 1)):
            text += w
        else:
            text += (" " if text else "") + w
    return text


# --------------------------------------------------------------------------- projection


def project(gold: GoldTree, text: str) -> GoldTree:
    """The gold tree of a clean rendering projected onto an edited output (module docstring)."""
    out = split_tokens(text)
    g = gold.dep
    gw, ow = [w.lower() for w in g.words], [w.lower() for w in out]
    m: Dict[int, int] = {}
    sm = difflib.SequenceMatcher(None, gw, ow, autojunk=False)
    blocks = [op for op in sm.get_opcodes()]
    for tag, i1, i2, j1, j2 in blocks:
        if tag == "equal":
            m.update(zip(range(i1, i2), range(j1, j2)))
    free_o = [j for j in range(len(out)) if j not in set(m.values())]
    for j in free_o:  # moved words: the same word left over on both sides
        cand = [i for i in range(len(gw)) if i not in m and gw[i] == ow[j]]
        if cand:
            m[cand[0]] = j
    for tag, i1, i2, j1, j2 in blocks:  # substitutions, position by position
        if tag == "replace":
            gi = [i for i in range(i1, i2) if i not in m]
            oj = [j for j in range(j1, j2) if j not in set(m.values())]
            m.update(zip(gi, oj))
    # words both moved and replaced (a verb left at the end, then untranslated): the content
    # words left over on both sides, in order (dropped words are function words)
    used = set(m.values())
    left_g = [
        i
        for i in range(len(gw))
        if i not in m
        and g.deprels[i] not in ("aux", "auxpass")
        and g.xpos[i][:2] in ("NN", "VB", "JJ")
    ]
    left_o = [j for j in range(len(out)) if j not in used and out[j] not in (",", ".", "'s")]
    m.update(zip(left_g, left_o))
    inv = {j: i for i, j in m.items()}
    heads, rels, tags, lemmas, feats = [], [], [], [], []
    roots: List[int] = []
    for j in range(len(out)):
        i = inv.get(j)
        if i is None:
            heads.append(None)
            rels.append("punct" if out[j] in (",", ".") else "dep")
            tags.append(
                out[j] if out[j] in (",", ".") else ("CD" if out[j][:1].isdigit() else "NN")
            )
            lemmas.append(out[j].lower())
            feats.append("_")
            continue
        h = g.heads[i]
        while h >= 0 and h not in m:
            h = g.heads[h]
        heads.append(m[h] if h >= 0 else -1)
        if h < 0:
            roots.append(j)
        rels.append(g.deprels[i] if h >= 0 else "root")
        tags.append(g.xpos[i])
        lemmas.append(g.lemmas[i] if gw[i] == ow[j] else out[j].lower())
        feats.append(g.feats[i])
    root = roots[0] if roots else -1
    heads = [
        root if h is None and j != root else (-1 if h is None else h) for j, h in enumerate(heads)
    ]
    upos = [_UPOS.get(t, "VERB" if t.startswith("VB") else "X") for t in tags]
    dep = DepTree(
        tuple(out), tuple(lemmas), tuple(upos), tuple(tags), tuple(feats), tuple(heads), tuple(rels)
    )
    order = [m[i] for i in sorted(m)]
    monotone = len(inv) == len(out) and order == sorted(order)
    if monotone:
        tree = gold.tree.copy(deep=True)
        for i in sorted(set(range(len(gw))) - set(m), reverse=True):
            _drop_leaf(tree, tree.leaf_treeposition(i))
        for k, i in enumerate(sorted(m)):
            tree[tree.leaf_treeposition(k)] = out[m[i]]
    else:  # the projection of the tree made projective (crossing arcs lifted), so leaves keep the word order
        lifted = _lift(list(dep.heads))
        tree = dependencies_to_constituents(
            DepTree(
                dep.words, dep.lemmas, dep.upos, dep.xpos, dep.feats, tuple(lifted), dep.deprels
            )
        )
    return GoldTree(dep, tree)


def _lift(heads: List[int]) -> List[int]:
    """Heads made projective: a dependent whose arc crosses a word its head does not dominate
    moves up to its head's head (Kahane et al. 1998 lifting), until no arc crosses."""
    n = len(heads)

    def dominated(k: int, h: int) -> bool:
        while k >= 0:
            if k == h:
                return True
            k = heads[k]
        return False

    changed = True
    while changed:
        changed = False
        for d in range(n):
            h = heads[d]
            if h < 0:
                continue
            lo, hi = min(d, h), max(d, h)
            if any(not dominated(k, h) for k in range(lo + 1, hi)):
                heads[d] = heads[h]
                changed = True
    return heads


def _drop_leaf(tree: Tree, pos: Tuple[int, ...]) -> None:
    """Delete a leaf and every phrase left empty by it."""
    while len(pos) > 1:
        parent = tree[pos[:-1]]
        del parent[pos[-1]]
        if len(parent) > 0:
            return
        pos = pos[:-1]


# -------------------------------------------------------------------------------- n-best


def _edits(dep: DepTree) -> List[Tuple[str, int, object]]:
    """The ambiguities of ``dep`` (see :func:`nbest`): (kind, word, new head or label)."""
    out: List[Tuple[str, int, object]] = []
    kids = dep.children()

    def subtree(i: int) -> set:
        s, todo = {i}, [i]
        while todo:
            for c in kids[todo.pop()]:
                s.add(c)
                todo.append(c)
        return s

    for i, (h, rel) in enumerate(zip(dep.heads, dep.deprels)):
        if (
            rel in ("prep", "npadvmod", "agent")
            and h >= 0
            and dep.xpos[h].startswith("VB")
            and i > h
        ):
            inside = subtree(i)
            nouns = [
                k
                for k in range(h + 1, i)
                if dep.xpos[k].startswith("NN")
                and k not in inside
                and dep.deprels[k] in ("dobj", "pobj", "nsubj", "nsubjpass")
            ]
            if nouns:
                out.append(("attach", i, nouns[-1]))
        if (
            dep.xpos[i] == "VBD"
            and dep.deprels[i] in ("root", "conj", "ccomp")
            and not any(dep.deprels[c] in ("aux", "auxpass") for c in kids[i])
        ):
            out.append(("tag", i, "VBN"))
        if rel == "compound" and dep.xpos[i] == "NNP":
            out.append(("label", i, "amod"))
        if rel == "quantmod":
            out.append(("label", i, "advmod"))
    return out


def _apply(dep: DepTree, edits) -> Optional[DepTree]:
    heads, rels, xpos = list(dep.heads), list(dep.deprels), list(dep.xpos)
    for kind, i, v in edits:
        if kind == "attach":
            heads[i] = int(v)  # type: ignore[arg-type]
        elif kind == "label":
            rels[i] = str(v)
        else:
            xpos[i] = str(v)
    try:
        return DepTree(
            dep.words, dep.lemmas, dep.upos, tuple(xpos), dep.feats, tuple(heads), tuple(rels)
        )
    except ParameterError:  # a cycle: not a tree
        return None


def nbest(dep: DepTree, n: int, seed: int, p_gold_first: float = 1.0) -> Tuple[DepTree, ...]:
    """Up to ``n`` distinct trees: gold and its alternatives (module docstring), best first.

    Deterministic in (``dep``'s words, ``seed``); ``p_gold_first`` in [0, 1] is the chance the
    gold tree ranks first, else its rank is 1 + a geometric draw (p = 0.5) within the list."""
    import itertools

    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ParameterError("n", n, "an integer >= 1")
    if not 0.0 <= float(p_gold_first) <= 1.0:
        raise ParameterError("p_gold_first", p_gold_first, "a probability in [0, 1]")
    rng = random.Random(f"nbest:{seed}:{' '.join(dep.words)}")
    edits = _edits(dep)
    alts: List[DepTree] = []
    for size in range(1, len(edits) + 1):
        combos = list(itertools.combinations(edits, size)) if size <= 3 or len(edits) <= 8 else []
        if not combos and size > 3:
            combos = [tuple(rng.sample(edits, size)) for _ in range(n)]
        rng.shuffle(combos)
        for combo in combos:
            if len({e[1] for e in combo}) < len(combo):
                continue
            t = _apply(dep, combo)
            if t is not None:
                alts.append(t)
            if len(alts) >= n:
                break
        if len(alts) >= n:
            break
    rank = 0
    if rng.random() >= p_gold_first:
        rank = 1
        while rng.random() < 0.5:
            rank += 1
    rank = min(rank, len(alts))
    trees = alts[:rank] + [dep] + alts[rank:]
    return tuple(trees[:n])


# ----------------------------------------------------------------------------- MT corpus


def _traced(simulate, *args):
    """``simulate(*args)`` with the clause trace on: (its result, the trace)."""
    English.trace = []
    try:
        return simulate(*args), English.trace
    finally:
        English.trace = None


_Group = Tuple[List[ClauseTrace], Optional[str], Tuple[Tuple[str, ...], ...]]


def _groups(trace: list) -> List[_Group]:
    """(clauses, text, junctions) of every rendered sentence (text and junctions from its
    :class:`SentenceTrace`) or translation (consecutive clauses of one :class:`English`
    instance, text None, no junctions: ", and")."""
    out: List[_Group] = []
    pending: List[ClauseTrace] = []
    for item in trace:
        if isinstance(item, SentenceTrace):
            k = len(pending) - item.n_clauses
            if k:
                out.append((pending[:k], None, ()))
            out.append((pending[k:], item.text, item.junctions))
            pending = []
        else:
            if pending and pending[-1].writer is not item.writer:
                out.append((pending, None, ()))
                pending = []
            pending.append(item)
    if pending:
        out.append((pending, None, ()))
    return out


def _sentence_gold(
    clauses: Sequence[ClauseTrace], text: Optional[str], junctions: Sequence[Sequence[str]] = ()
) -> GoldTree:
    """The gold tree of a traced sentence (its clauses joined by its ``junctions``; an MT
    output's, text None, by ", and" as :func:`.mt.translate` joins them), projected onto
    ``text`` when the writer's errors (:meth:`.language.English.corrupt`) changed it."""
    gold = gold_tree(sentence_phrase([clause_phrase(t) for t in clauses], list(junctions) or None))
    if text is not None and join_tokens(gold.dep.words) != text:
        return project(gold, text)
    return gold


def _check(gold: GoldTree, text: str, where: str) -> None:
    if join_tokens(gold.dep.words) != text:
        raise InputFormatError(
            where,
            None,
            f"a gold tree whose words give the text {text!r}",
            join_tokens(gold.dep.words),
        )


def mt_gold_trees(
    corpus_name: str, seed: int, quick: bool = False
) -> Tuple[List[str], List[GoldTree]]:
    """(texts, gold trees) of every reference and system output of the simulated MT corpus,
    in corpus order (per segment: references, then outputs); outputs get projected trees."""
    from . import corpora, mt

    if corpus_name not in _MT:
        raise ParameterError("corpus", corpus_name, f"one of {_MT}")
    cfg = corpora.config(corpus_name, quick)
    rows, trace = _traced(mt.simulate, cfg, seed)
    groups = _groups(trace)
    texts: List[str] = []
    trees: List[GoldTree] = []
    refs, outs = rows["references"], rows["outputs"]
    nr, ns = len(cfg.references), len(cfg.systems)
    g = 0
    for s in range(len(rows["segments"])):
        for r in refs[s * nr : (s + 1) * nr]:
            gold = _sentence_gold(*groups[g])
            _check(
                gold,
                r["text"],
                f"{corpus_name} reference {r['document']}:{r['segment']}:{r['reference']}",
            )
            texts.append(r["text"])
            trees.append(gold)
            g += 1
        for o in outs[s * ns : (s + 1) * ns]:
            clean = gold_tree(sentence_phrase([clause_phrase(t) for t in groups[g][0]]))
            texts.append(o["text"])
            trees.append(project(clean, o["text"]))
            g += 1
    return texts, trees


def _combine(trees: Sequence[GoldTree]) -> GoldTree:
    """Several sentences' trees as one segment: one root per sentence, PTB trees under ``ROOT``."""
    words, lemmas, upos, xpos, feats, heads, rels = [], [], [], [], [], [], []
    for t in trees:
        d, off = t.dep, len(words)
        words += d.words
        lemmas += d.lemmas
        upos += d.upos
        xpos += d.xpos
        feats += d.feats
        heads += [h + off if h >= 0 else -1 for h in d.heads]
        rels += d.deprels
    dep = DepTree(
        tuple(words),
        tuple(lemmas),
        tuple(upos),
        tuple(xpos),
        tuple(feats),
        tuple(heads),
        tuple(rels),
    )
    return GoldTree(
        dep, trees[0].tree if len(trees) == 1 else Tree("ROOT", [t.tree for t in trees])
    )


def summary_gold_trees(
    corpus_name: str, seed: int, quick: bool = False
) -> Tuple[List[str], List[GoldTree]]:
    """(texts, gold trees) of every non-empty summary (models and peers) of a simulated
    summarization corpus; a summary text is its sentences joined by newlines, its tree one
    root per sentence. A sentence cut by the word or byte limit, or made disfluent
    (:func:`.summarization.disfluent`), gets its source sentence's tree projected onto it; the
    source is, among the traced sentences sharing its rarest word, the one sharing the most
    words (the shorter on a tie), then the most similar in order (``difflib`` ratio)."""
    from collections import Counter, defaultdict

    from . import corpora, summarization

    if corpus_name not in SUPPORTED or corpus_name in _MT:
        raise ParameterError(
            "corpus", corpus_name, f"one of {[c for c in SUPPORTED if c not in _MT]}"
        )
    rows, trace = _traced(summarization.simulate, corpora.config(corpus_name, quick), seed)
    groups = [g for g in _groups(trace) if g[1] is not None]
    exact: Dict[str, _Group] = {}
    for clauses, text, junctions in groups:
        exact.setdefault(text, (clauses, text, junctions))
    built: Dict[str, GoldTree] = {}
    index: Dict[str, List[str]] = defaultdict(list)
    df: Counter = Counter()
    bags: Dict[str, Counter] = {}
    for text in exact:
        bags[text] = Counter(text.lower().split())
        for w in bags[text]:
            index[w].append(text)
            df[w] += 1

    def gold_of(text: str) -> GoldTree:
        if text in built:
            return built[text]
        if text in exact:
            built[text] = _sentence_gold(*exact[text])
            return built[text]
        words = [w for w in set(text.lower().split()) if w in df]
        if not words:
            raise ParameterError(
                "summary sentence", text, "a sentence sharing a word with the simulated text"
            )
        rare = min(words, key=lambda w: (df[w], w))
        bag = Counter(text.lower().split())
        overlap = {
            c: sum((bags[c] & bag).values()) - 0.001 * sum(bags[c].values()) for c in index[rare]
        }
        best = max(overlap.values())
        source = max(
            (c for c in overlap if overlap[c] == best),  # shared words, then order
            key=lambda c: (
                difflib.SequenceMatcher(None, c.split(), text.split(), autojunk=False).ratio(),
                c,
            ),
        )
        built[text] = project(gold_of(source), text)
        return built[text]

    texts, trees = [], []
    for row in rows["summaries"]:
        sents = [x for x in row["sentences"] if x.strip()]
        if sents:
            texts.append("\n".join(sents))
            trees.append(_combine([gold_of(x) for x in sents]))
    return texts, trees


def reordered_pair_parses(
    n: int, seed: int, n_best: int = 1, p_gold_first: float = 1.0
) -> Tuple[List[Tuple[str, str]], PreParsed]:
    """The SSST adjunct-reordered pairs (:func:`.reorder.adjunct_reordered_pairs`, same
    ``n`` and ``seed``) and the ideal parser of their texts (a :class:`PreParsed` backend),
    with ``n_best`` trees per text (:func:`nbest`, seeded with ``seed``)."""
    from .reorder import adjunct_reordered_pairs

    pairs, trace = _traced(adjunct_reordered_pairs, n, seed)
    texts, parses = [], []
    k = 0
    for original, moved in pairs:
        while (
            join_tokens(gold_tree(sentence_phrase([clause_phrase(trace[k])])).dep.words) != original
        ):
            k += 1
        tr = trace[k]
        k += 1
        a = gold_tree(sentence_phrase([clause_phrase(tr)]))
        fronted = replace(tr, front=tr.time + ((",", None),), front_time=True, time=())
        b = gold_tree(sentence_phrase([clause_phrase(fronted)]))
        _check(b, moved, f"reordered pair {len(texts) // 2}")
        for text, gold in ((original, a), (moved, b)):
            alts = nbest(gold.dep, n_best, seed, p_gold_first)
            texts.append(text)
            parses.append(
                Parse(
                    alts[0],
                    gold.tree if alts[0] is gold.dep else None,
                    alts if len(alts) > 1 else (),
                )
            )
    return pairs, PreParsed(
        texts, parses, label=f"simulated-gold|pairs:{n}:{seed}|nbest:{n_best}:{p_gold_first}"
    )


# ---------------------------------------------------------------------------------- files


def gold_files(directory: Union[str, Path]) -> Tuple[Path, Path]:
    """``(<corpus dir>/parses/gold.conllu, <corpus dir>/parses/gold.ptb)``."""
    d = Path(directory) / "parses"
    return d / "gold.conllu", d / "gold.ptb"


def write_gold(
    corpus_name: str, directory: Union[str, Path], seed: int, quick: bool = False
) -> Optional[Path]:
    """Write the gold trees of a supported corpus beside it (module docstring); None if unsupported."""
    from evalkit.atomic import atomic_open

    if corpus_name not in SUPPORTED:
        return None
    texts, trees = (mt_gold_trees if corpus_name in _MT else summary_gold_trees)(
        corpus_name, seed, quick
    )
    conllu, ptb = gold_files(directory)
    conllu.parent.mkdir(parents=True, exist_ok=True)
    with atomic_open(ptb, "w") as fh:
        fh.write("".join(format_ptb(t.tree) + "\n" for t in trees))
    write_conllu(conllu, [t.dep for t in trees], texts)
    return conllu.parent


def gold_parser(
    corpus_name: str,
    quick: bool = False,
    seed: Optional[int] = None,
    root: Optional[Union[str, Path]] = None,
    n_best: int = 1,
    p_gold_first: float = 1.0,
) -> PreParsed:
    """The ideal parser of a sample corpus: its gold trees read back through the pre-parsed
    backend (written first when the corpus was built without them); ``n_best > 1`` adds
    :func:`nbest` alternatives (seeded with the corpus seed)."""
    from .build import DEFAULT_SEED, corpus_dir

    if corpus_name not in SUPPORTED:
        raise ParameterError(
            "corpus", corpus_name, f"a sample corpus with gold trees: {', '.join(SUPPORTED)}"
        )
    seed = DEFAULT_SEED if seed is None else seed
    return gold_parser_at(
        corpus_dir(corpus_name, root, quick=quick, seed=seed), n_best, p_gold_first
    )


def gold_parser_at(
    directory: Union[str, Path], n_best: int = 1, p_gold_first: float = 1.0
) -> PreParsed:
    """:func:`gold_parser` of the built sample corpus in ``directory`` (its name, seed and size
    read from ``truth/build.json``)."""
    import json

    from evalkit.atomic import file_lock

    d = Path(directory)
    info_file = d / "truth" / "build.json"
    try:
        info = json.loads(info_file.read_text(encoding="utf-8"))
        corpus_name, seed, quick = info["corpus"], int(info["seed"]), bool(info["quick"])
    except (OSError, ValueError, KeyError) as exc:
        raise InputFormatError(
            info_file, None, "the build record of a sample corpus (corpus, seed, quick)", str(exc)
        ) from exc
    if corpus_name not in SUPPORTED:
        raise ParameterError(
            "corpus", corpus_name, f"a sample corpus with gold trees: {', '.join(SUPPORTED)}"
        )
    conllu, ptb = gold_files(d)
    if not (conllu.exists() and ptb.exists()):
        with file_lock(d.parent / f".{corpus_name}.parses.lock"):
            if not (conllu.exists() and ptb.exists()):
                write_gold(corpus_name, d, seed, quick)
    pairs = parse_conllu_texts(conllu.read_text(encoding="utf-8"), conllu)
    consts = read_ptb(ptb)
    if len(consts) != len(pairs):
        raise InputFormatError(
            ptb, None, f"{len(pairs)} trees, one per sentence of {conllu.name}", len(consts)
        )
    empty = Parse(DepTree.from_heads([], []))  # a blank summary has the empty tree
    parses = []
    for (_, dep), tree in zip(pairs, consts):
        alts = nbest(dep, n_best, seed, p_gold_first) if n_best > 1 else (dep,)
        parses.append(
            Parse(alts[0], tree if alts[0] is dep else None, alts if len(alts) > 1 else ())
        )
    return PreParsed(
        [t for t, _ in pairs] + [""],
        parses + [empty],
        label=f"simulated-gold|{corpus_name}|seed:{seed}|quick:{quick}|nbest:{n_best}:{p_gold_first}",
    )
