"""Head rules: constituents to dependencies (Collins 1999), and back (a flat projection).

**Collins (1999, Appendix A) head rules.** For a constituent with label P and children
C_1..C_k, the head child is found with P's rule ``(direction, priority list)``: for each
category in the priority list in turn, scan the children in the direction (``left``: from
C_1, ``right``: from C_k) and take the first child with that category; if none matches, take
the first child in the direction. NPs have their own rule (last word a POS -> it; else the
rightmost NN/NNP/NNPS/NNS/NX/POS/JJR; else the leftmost NP; else the rightmost $/ADJP/PRN;
else the rightmost CD; else the rightmost JJ/JJS/RB/QP; else the last child). Coordination:
if the head child is preceded by a CC (``Y1 CC Y2``), the head becomes the child before the CC.
Function tags (``NP-SBJ``) and indices (``NP-1``) are ignored for matching.

Dependencies follow (Liu & Gildea 2005, Section 2.2, "I have a red pen": have -> {I, pen},
pen -> {a, red}): the lexical head of a constituent is the lexical head of its head child, and
every other child's lexical head depends on it. The label of each dependency is
``parent/child`` category (e.g. ``S/NP``), so label-free metrics ignore it and labelled ones
can use it.

**Projection (dependencies -> phrase structure)** for STM/TKM when no constituency parser is
available: every word with dependents projects one flat phrase whose children are its
dependents' projections and the word's own preterminal, in surface order (the "flattest"
projection of Collins et al. 1999 / Xia & Palmer 2001). Phrase labels come from the head's
tag: NN*/PRP/CD -> NP, VB*/MD -> VP (S if it has a subject dependent), JJ* -> ADJP,
RB* -> ADVP, IN/TO -> PP, else the tag + ``P``. It is a documented **substitute** for a
treebank parser: it has no unary chains and is flatter than Collins-parser output, so
STM/TKM values are not comparable with the paper's.

Why our own: nltk has no head finder; Stanford's head finders are Java. The rules are the
published table, applied to :class:`nltk.tree.Tree`.
"""

from __future__ import annotations

__all__ = [
    "COLLINS_HEAD_RULES",
    "base_label",
    "head_child",
    "constituents_to_dependencies",
    "dependencies_to_constituents",
]

from typing import TYPE_CHECKING, Dict, List, Optional, Tuple

from evalkit.errors import ParameterError
from evalkit.text.trees import DepTree, strip_root

if TYPE_CHECKING:  # nltk's class; evalkit.text.trees says why it is imported lazily
    from evalkit.text.trees import Tree

# (direction, priority list), Collins (1999) Appendix A.
COLLINS_HEAD_RULES: Dict[str, Tuple[str, Tuple[str, ...]]] = {
    "ADJP": (
        "left",
        (
            "NNS",
            "QP",
            "NN",
            "$",
            "ADVP",
            "JJ",
            "VBN",
            "VBG",
            "ADJP",
            "JJR",
            "NP",
            "JJS",
            "DT",
            "FW",
            "RBR",
            "RBS",
            "SBAR",
            "RB",
        ),
    ),
    "ADVP": (
        "right",
        ("RB", "RBR", "RBS", "FW", "ADVP", "TO", "CD", "JJR", "JJ", "IN", "NP", "JJS", "NN"),
    ),
    "CONJP": ("right", ("CC", "RB", "IN")),
    "FRAG": ("right", ()),
    "INTJ": ("left", ()),
    "LST": ("right", ("LS", ":")),
    "NAC": (
        "left",
        (
            "NN",
            "NNS",
            "NNP",
            "NNPS",
            "NP",
            "NAC",
            "EX",
            "$",
            "CD",
            "QP",
            "PRP",
            "VBG",
            "JJ",
            "JJS",
            "JJR",
            "ADJP",
            "FW",
        ),
    ),
    "PP": ("right", ("IN", "TO", "VBG", "VBN", "RP", "FW")),
    "PRN": ("left", ()),
    "PRT": ("right", ("RP",)),
    "QP": ("left", ("$", "IN", "NNS", "NN", "JJ", "RB", "DT", "CD", "NCD", "QP", "JJR", "JJS")),
    "RRC": ("right", ("VP", "NP", "ADVP", "ADJP", "PP")),
    "S": ("left", ("TO", "IN", "VP", "S", "SBAR", "ADJP", "UCP", "NP")),
    "SBAR": (
        "left",
        ("WHNP", "WHPP", "WHADVP", "WHADJP", "IN", "DT", "S", "SQ", "SINV", "SBAR", "FRAG"),
    ),
    "SBARQ": ("left", ("SQ", "S", "SINV", "SBARQ", "FRAG")),
    "SINV": ("left", ("VBZ", "VBD", "VBP", "VB", "MD", "VP", "S", "SINV", "ADJP", "NP")),
    "SQ": ("left", ("VBZ", "VBD", "VBP", "VB", "MD", "VP", "SQ")),
    "UCP": ("right", ()),
    "VP": (
        "left",
        ("TO", "VBD", "VBN", "MD", "VBZ", "VB", "VBG", "VBP", "VP", "ADJP", "NN", "NNS", "NP"),
    ),
    "WHADJP": ("left", ("CC", "WRB", "JJ", "ADJP")),
    "WHADVP": ("right", ("CC", "WRB")),
    "WHNP": ("left", ("WDT", "WP", "WP$", "WHADJP", "WHPP", "WHNP")),
    "WHPP": ("right", ("IN", "TO", "FW")),
    "X": ("right", ()),
}

_NP_SEARCHES: Tuple[Tuple[str, Tuple[str, ...]], ...] = (
    ("right", ("NN", "NNP", "NNPS", "NNS", "NX", "POS", "JJR")),
    ("left", ("NP",)),
    ("right", ("$", "ADJP", "PRN")),
    ("right", ("CD",)),
    ("right", ("JJ", "JJS", "RB", "QP")),
)


def base_label(label: str) -> str:
    """``NP-SBJ-1`` -> ``NP``; ``-NONE-`` and ``-LRB-`` are kept."""
    if label.startswith("-") or not label:
        return label
    return label.split("-")[0].split("=")[0]


def _labels(node: Tree) -> List[str]:
    from nltk.tree import Tree

    return [base_label(c.label()) if isinstance(c, Tree) else c for c in node]


def head_child(node: Tree) -> int:
    """Index of the head child of ``node`` under the Collins rules."""
    from nltk.tree import Tree

    if not isinstance(node, Tree) or len(node) == 0:
        raise ParameterError("node", node, "a tree node with children")
    labels = _labels(node)
    parent = base_label(node.label())
    k = len(labels)
    if parent == "NP" or parent == "NX":
        if labels[-1] == "POS":
            h = k - 1
        else:
            h = None
            for direction, cats in _NP_SEARCHES:
                order = range(k - 1, -1, -1) if direction == "right" else range(k)
                h = next((i for i in order if labels[i] in cats), None)
                if h is not None:
                    break
            if h is None:
                h = k - 1
    else:
        direction, cats = COLLINS_HEAD_RULES.get(parent, ("left", ()))
        order = list(range(k - 1, -1, -1) if direction == "right" else range(k))
        h = None
        for cat in cats:
            h = next((i for i in order if labels[i] == cat), None)
            if h is not None:
                break
        if h is None:
            h = order[0]
    if h >= 2 and labels[h - 1] == "CC":
        h -= 2
    return h


def constituents_to_dependencies(tree: Tree) -> DepTree:
    """Dependency tree of ``tree``'s words under the Collins head rules (see module docstring).

    Leaves are words; a preterminal ``(TAG word)`` gives the word its XPOS tag. Empty
    elements (``-NONE-``) are dropped.
    """
    from nltk.tree import Tree

    tree = strip_root(tree)
    words: List[str] = []
    tags: List[str] = []
    heads: List[int] = []
    rels: List[str] = []

    def visit(node) -> Optional[int]:
        """Returns the index of node's lexical head (None for an empty constituent)."""
        if isinstance(node, str):
            words.append(node)
            tags.append("_")
            heads.append(-1)
            rels.append("_")
            return len(words) - 1
        if base_label(node.label()) == "-NONE-":
            return None
        if len(node) == 1 and isinstance(node[0], str):  # preterminal
            words.append(node[0])
            tags.append(node.label())
            heads.append(-1)
            rels.append("_")
            return len(words) - 1
        if len(node) == 0:
            raise ParameterError("tree", str(node), "a tree with words at the leaves")
        kids = [(c, visit(c)) for c in node]
        kept = [(c, h) for c, h in kids if h is not None]
        if not kept:
            return None
        sub = Tree(node.label(), [c for c, _ in kept])
        hc = head_child(sub)
        head = kept[hc][1]
        parent = base_label(node.label())
        for j, (c, h) in enumerate(kept):
            if j != hc:
                heads[h] = head
                rels[h] = f"{parent}/{base_label(c.label()) if isinstance(c, Tree) else c}"
        return head

    visit(tree)
    return DepTree.from_heads(words, heads, rels, xpos=tags)


def _phrase_label(tag: str, has_subject: bool) -> str:
    if tag.startswith("NN") or tag in ("PRP", "CD", "NOUN", "PROPN", "PRON", "NUM"):
        return "NP"
    if tag.startswith("VB") or tag in ("MD", "VERB", "AUX"):
        return "S" if has_subject else "VP"
    if tag.startswith("JJ") or tag == "ADJ":
        return "ADJP"
    if tag.startswith("RB") or tag == "ADV":
        return "ADVP"
    if tag in ("IN", "TO", "ADP"):
        return "PP"
    return (tag or "X") + "P"


_SUBJECTS = ("nsubj", "nsubjpass", "nsubj:pass", "csubj", "csubjpass", "csubj:pass", "expl")


def dependencies_to_constituents(dep: DepTree) -> Tree:
    """The flat projection of ``dep`` (see module docstring); several roots go under ``ROOT``."""
    from nltk.tree import Tree

    children = dep.children()

    def tag(i: int) -> str:
        return dep.xpos[i] if dep.xpos[i] not in ("_", "") else dep.upos[i]

    def project(i: int) -> Tree:
        pre = Tree(tag(i), [dep.words[i]])
        if not children[i]:
            return pre
        subj = any(dep.deprels[c] in _SUBJECTS for c in children[i])
        parts = sorted([(c, project(c)) for c in children[i]] + [(i, pre)], key=lambda x: x[0])
        return Tree(_phrase_label(tag(i), subj), [p for _, p in parts])

    roots = [project(r) for r in dep.roots()]
    return roots[0] if len(roots) == 1 else Tree("ROOT", roots)
