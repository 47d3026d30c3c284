"""LFG-like dependency triples from a labelled dependency parse (Owczarzak et al. 2007, 2009).

Owczarzak, van Genabith & Way (2007) and Owczarzak (2009) flatten LFG f-structures into
triples ``rel(head, dependent)`` over lower-cased lemmas, e.g. for both "John resigned
yesterday" and "Yesterday, John resigned"::

    subj(resign, john) adjunct(resign, yesterday) tense(resign, past)
    num(john, sg) pers(john, 3) num(yesterday, sg) pers(yesterday, 3)

with 32 relation types (Cahill et al. 2004): 17 *predicate* relations whose value is a
predicate (:data:`PRED_RELS`) and 15 atomic features (:data:`NONPRED_RELS`). No LFG annotator
exists offline, so :func:`lfg_triples` approximates them from any labelled dependency tree
through :data:`LABEL_MAP` (spaCy/ClearNLP labels and Universal Dependencies labels) and the
tags/features of the words. It imitates the LFG conventions: prepositions are predicates
(``adjunct(resign, in)``, ``obj(in, city)``), auxiliaries are not predicates but give
features (tense, modal, passive), every noun gets ``num`` and ``pers``. It is an
**approximation** (the notebooks say so); a user with real LFG output passes its triples
directly to the metrics.

The relation names follow the DCU-style short labels of the notes (``subj``, ``obj``,
``obj2``, ``adjunct``, ``app``, ``comp``, ``xcomp``, ``coord``, ``det``, ``obl``, ``obl2``,
``obl_ag``, ``poss``, ``quant``, ``relmod``, ``topic``, ``topicrel`` | ``adegree``,
``coord_form``, ``focus``, ``comp_form``, ``modal``, ``num``, ``part``, ``participle``,
``passive``, ``pers``, ``pron_form``, ``tense``, ``inf``).

Why our own: the DCU LFG annotation (Cahill et al. 2004) is Java/Perl tied to Penn-Treebank
parses and not distributed as a package; no Python library maps dependency labels to
f-structure triples.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from evalkit.text.trees import DepTree

__all__ = ["Triple", "PRED_RELS", "NONPRED_RELS", "LABEL_MAP", "lfg_triples", "head_modifier_pairs"]

Triple = Tuple[str, str, str]

PRED_RELS = frozenset(
    {
        "subj",
        "adjunct",
        "app",
        "comp",
        "xcomp",
        "coord",
        "det",
        "obj",
        "obj2",
        "obl",
        "obl2",
        "obl_ag",
        "poss",
        "quant",
        "relmod",
        "topic",
        "topicrel",
    }
)
NONPRED_RELS = frozenset(
    {
        "adegree",
        "coord_form",
        "focus",
        "comp_form",
        "modal",
        "num",
        "part",
        "participle",
        "passive",
        "pers",
        "pron_form",
        "tense",
        "inf",
    }
)

#: dependency label (spaCy/ClearNLP and UD) -> LFG-like relation; ``None`` = no triple
#: (the word's contribution is a feature or nothing). ``prep``/``case`` are handled
#: structurally (the preposition becomes the adjunct's predicate).
LABEL_MAP: Dict[str, str] = {
    # subjects
    "nsubj": "subj",
    "csubj": "subj",
    "nsubjpass": "subj",
    "nsubj:pass": "subj",
    "csubjpass": "subj",
    "csubj:pass": "subj",
    "expl": "subj",
    # objects
    "dobj": "obj",
    "obj": "obj",
    "pobj": "obj",
    "iobj": "obj2",
    "dative": "obj2",
    # complements
    "ccomp": "comp",
    "xcomp": "xcomp",
    "acomp": "xcomp",
    "attr": "xcomp",
    "oprd": "xcomp",
    # adjuncts
    "prep": "adjunct",
    "obl": "adjunct",
    "nmod": "adjunct",
    "amod": "adjunct",
    "advmod": "adjunct",
    "advcl": "adjunct",
    "npadvmod": "adjunct",
    "obl:tmod": "adjunct",
    "nmod:tmod": "adjunct",
    "obl:npmod": "adjunct",
    "nmod:npmod": "adjunct",
    "compound": "adjunct",
    "nn": "adjunct",
    "neg": "adjunct",
    "acl": "adjunct",
    "quantmod": "adjunct",
    "npmod": "adjunct",
    "dep": "adjunct",
    "meta": "adjunct",
    "intj": "adjunct",
    "parataxis": "adjunct",
    "pcomp": "obj",
    "advmod:emph": "adjunct",
    # others
    "agent": "obl_ag",
    "appos": "app",
    "relcl": "relmod",
    "acl:relcl": "relmod",
    "rcmod": "relmod",
    "det": "det",
    "predet": "quant",
    "nummod": "quant",
    "num": "quant",
    "det:predet": "quant",
    "poss": "poss",
    "nmod:poss": "poss",
    "det:poss": "poss",
    "conj": "coord",
}

_QUANT_LEMMAS = frozenset(
    {
        "all",
        "some",
        "every",
        "each",
        "any",
        "no",
        "many",
        "few",
        "several",
        "both",
        "much",
        "more",
        "most",
        "little",
        "less",
        "least",
        "enough",
        "either",
        "neither",
    }
)
_NO_TRIPLE = frozenset(
    {
        "punct",
        "cc",
        "aux",
        "auxpass",
        "aux:pass",
        "mark",
        "prt",
        "compound:prt",
        "case",
        "root",
        "_",
        "cop",
    }
)
_PERSONAL = {
    "i": ("1", "sg"),
    "me": ("1", "sg"),
    "we": ("1", "pl"),
    "us": ("1", "pl"),
    "you": ("2", "sg"),
    "he": ("3", "sg"),
    "him": ("3", "sg"),
    "she": ("3", "sg"),
    "her": ("3", "sg"),
    "it": ("3", "sg"),
    "they": ("3", "pl"),
    "them": ("3", "pl"),
}


def _tag(dep: DepTree, i: int) -> str:
    return dep.xpos[i] if dep.xpos[i] not in ("_", "") else dep.upos[i]


def _lemma(dep: DepTree, i: int) -> str:
    lem = dep.lemmas[i] if dep.lemmas[i] not in ("_", "") else dep.words[i]
    return lem.lower()


def lfg_triples(dep: DepTree) -> List[Triple]:
    """LFG-like triples of one parsed segment (a list: repeated triples are kept, a bag).

    See the module docstring for the conventions; pronouns are predicates named ``pro`` with
    a ``pron_form`` feature, as in LFG.
    """
    kids = dep.children()
    out: List[Triple] = []
    pred = [_lemma(dep, i) for i in range(len(dep))]
    for i in range(len(dep)):
        if _tag(dep, i) in ("PRP", "PRON") and pred[i] in _PERSONAL:
            out.append(("pron_form", "pro", pred[i]))
            pred[i] = "pro"
    for i in range(len(dep)):
        tag, rel, h = _tag(dep, i), dep.deprels[i].lower(), dep.heads[i]
        # --- features of word i
        if tag.startswith("NN") or tag in ("NOUN", "PROPN"):
            number = dep.feat(i, "Number")
            plural = number == "Plur" if number else tag in ("NNS", "NNPS")
            out += [("num", pred[i], "pl" if plural else "sg"), ("pers", pred[i], "3")]
        elif tag in ("PRP", "PRON") and _lemma(dep, i) in _PERSONAL:
            p, n = _PERSONAL[_lemma(dep, i)]
            out += [("num", pred[i], n), ("pers", pred[i], p)]
        elif tag in ("JJR", "RBR"):
            out.append(("adegree", pred[i], "comparative"))
        elif tag in ("JJS", "RBS"):
            out.append(("adegree", pred[i], "superlative"))
        elif tag == "JJ":
            out.append(("adegree", pred[i], "positive"))
        if tag in ("VBD", "VBZ", "VBP") and rel not in ("aux", "auxpass", "aux:pass"):
            out.append(("tense", pred[i], "past" if tag == "VBD" else "pres"))
        if tag in ("VBN", "VBG") and not any(
            dep.deprels[c] in ("aux", "auxpass", "aux:pass") for c in kids[i]
        ):
            out.append(("participle", pred[i], "perf" if tag == "VBN" else "prog"))
        # --- i as a dependent of h
        if h < 0:
            continue
        if rel in ("aux", "auxpass", "aux:pass"):
            if rel != "aux":
                out.append(("passive", pred[h], "+"))
            if tag == "MD":
                out.append(("modal", pred[h], pred[i]))
            elif tag in ("VBD", "VBZ", "VBP"):
                out.append(("tense", pred[h], "past" if tag == "VBD" else "pres"))
            elif tag == "TO":
                out.append(("inf", pred[h], "+"))
            continue
        if rel == "mark":
            out.append(("comp_form", pred[h], pred[i]))
            continue
        if rel in ("prt", "compound:prt"):
            out.append(("part", pred[h], pred[i]))
            continue
        if rel == "cc":
            out.append(("coord_form", pred[h], pred[i]))
            continue
        if rel in _NO_TRIPLE:
            continue
        lfg = LABEL_MAP.get(rel, LABEL_MAP.get(rel.split(":")[0], "adjunct"))
        if lfg == "det" and pred[i] in _QUANT_LEMMAS:
            lfg = "quant"
        if rel in ("obl", "nmod", "obl:agent"):  # UD: the case marker is the adjunct's predicate
            case = [c for c in kids[i] if dep.deprels[c] == "case"]
            if case:
                p = pred[case[0]]
                out += [
                    ("obl_ag" if rel == "obl:agent" else "adjunct", pred[h], p),
                    ("obj", p, pred[i]),
                ]
                continue
        out.append((lfg, pred[h], pred[i]))
    return out


def head_modifier_pairs(dep: DepTree, skip=("punct", "_")) -> List[Tuple[str, str]]:
    """(head word, modifier word) of every dependency, lower-cased: the Basic Elements of
    Hovy et al. (2005) in their head-modifier form (BE-HM ignores the relation)."""
    return [
        (dep.words[h].lower(), dep.words[i].lower())
        for i, h in enumerate(dep.heads)
        if h >= 0 and dep.deprels[i] not in skip
    ]
