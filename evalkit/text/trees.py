"""Syntax trees: dependency trees (CoNLL-U) and constituent trees (Penn Treebank brackets).

Two reader/writer pairs, the formats users bring from any parser (Collins, Charniak-Johnson,
Stanford, an LFG pipeline, spaCy, UDPipe):

**CoNLL-U** (https://universaldependencies.org/format.html): one token per line with ten
TAB-separated fields ``ID FORM LEMMA UPOS XPOS FEATS HEAD DEPREL DEPS MISC``; ``#`` comment
lines (``# text = ...`` gives the sentence's text); a blank line ends a sentence. ``ID``
counts 1..n within a sentence, ``HEAD`` is the ID of the governor or 0 for a root.
Multiword-token lines (``3-4``) and empty nodes (``5.1``) are legitimate CoNLL-U and are
skipped (the syntactic words are kept). A sentence may have several
roots (a multi-sentence segment parsed as one unit).

**PTB brackets**: ``(S (NP (PRP I)) (VP (VBD had) (NP (DT a) (NN dog))))``, one or more trees
per file, a tree may span several lines; an outer unlabelled wrapper ``( (S ...) )`` or a
``ROOT``/``TOP`` node is kept as read (:func:`strip_root` removes it). Leaves are words;
``(PRON)`` (a label without children) is allowed, as in Liu & Gildea's (2005) Figure 2 trees
which have categories only.

Errors name the file, the 1-based line and what was expected
(:class:`evalkit.errors.InputFormatError`).

Why our own readers: the ``conllu`` package and ``nltk.Tree.fromstring`` parse these formats,
but their errors give a character offset or a token, not the file and line a user needs, and
``nltk`` does not track where a tree starts in a multi-tree file. Constituent trees are
returned as :class:`nltk.tree.Tree` (the common Python representation) so users can pass
trees from nltk-based tools directly.
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Iterable, List, Optional, Sequence, Tuple, Union

from evalkit.atomic import atomic_open
from evalkit.inputs import read_text
from evalkit.input_numbers import is_uint
from evalkit.errors import InputFormatError, ParameterError

if TYPE_CHECKING:  # nltk is imported where trees are built (``import nltk`` loads
    from nltk.tree import Tree  # scikit-learn and scipy.stats: seconds of start-up)

__all__ = [
    "DepTree",
    "Tree",
    "is_tree",
    "parse_conllu",
    "parse_conllu_texts",
    "read_conllu",
    "format_conllu",
    "write_conllu",
    "parse_ptb",
    "read_ptb",
    "format_ptb",
    "write_ptb",
    "strip_root",
]

PathLike = Union[str, Path]


@dataclass(frozen=True)
class DepTree:
    """A dependency tree over the words of one segment.

    ``heads[i]`` is the 0-based index of word i's governor, or -1 for a root; ``deprels[i]`` its
    label. ``feats`` holds the CoNLL-U FEATS string (``"Number=Sing|..."`` or ``"_"``).
    """

    words: Tuple[str, ...]
    lemmas: Tuple[str, ...]
    upos: Tuple[str, ...]
    xpos: Tuple[str, ...]
    feats: Tuple[str, ...]
    heads: Tuple[int, ...]
    deprels: Tuple[str, ...]

    def __post_init__(self) -> None:
        n = len(self.words)
        for name in ("lemmas", "upos", "xpos", "feats", "heads", "deprels"):
            if len(getattr(self, name)) != n:
                raise ParameterError(name, len(getattr(self, name)), f"{n} entries, one per word")
        for i, h in enumerate(self.heads):
            if not (-1 <= h < n) or h == i:
                raise ParameterError(
                    "heads", self.heads, f"indices in [-1, {n}) and no self-loop (word {i})"
                )
        if _has_cycle(self.heads):
            raise ParameterError("heads", self.heads, "an acyclic head assignment")

    def __len__(self) -> int:
        return len(self.words)

    @classmethod
    def from_heads(
        cls,
        words: Sequence[str],
        heads: Sequence[int],
        deprels: Optional[Sequence[str]] = None,
        lemmas: Optional[Sequence[str]] = None,
        upos: Optional[Sequence[str]] = None,
        xpos: Optional[Sequence[str]] = None,
        feats: Optional[Sequence[str]] = None,
    ) -> "DepTree":
        """A tree from words and 0-based heads (-1 = root); other columns default to ``"_"``."""
        n = len(words)
        fill = ("_",) * n
        return cls(
            tuple(words),
            tuple(lemmas) if lemmas else tuple(w.lower() for w in words),
            tuple(upos) if upos else fill,
            tuple(xpos) if xpos else fill,
            tuple(feats) if feats else fill,
            tuple(int(h) for h in heads),
            tuple(deprels) if deprels else ("dep",) * n,
        )

    def children(self) -> List[List[int]]:
        """Dependents of every word, in surface order."""
        out: List[List[int]] = [[] for _ in self.words]
        for i, h in enumerate(self.heads):
            if h >= 0:
                out[h].append(i)
        return out

    def roots(self) -> List[int]:
        return [i for i, h in enumerate(self.heads) if h < 0]

    def feat(self, i: int, name: str) -> Optional[str]:
        """Value of feature ``name`` of word i (``None`` if absent)."""
        for item in self.feats[i].split("|"):
            key, _, value = item.partition("=")
            if key == name:
                return value
        return None


def _has_cycle(heads: Sequence[int]) -> bool:
    state = [0] * len(heads)  # 0 unknown, 1 on the current path, 2 reaches a root
    for start in range(len(heads)):
        path, i = [], start
        while i >= 0 and state[i] == 0:
            state[i] = 1
            path.append(i)
            i = heads[i]
        if i >= 0 and state[i] == 1:
            return True
        for j in path:
            state[j] = 2
    return False


# ---------------------------------------------------------------------------------------
# CoNLL-U


def parse_conllu(text: str, path: Optional[PathLike] = None) -> List[DepTree]:
    """All sentences of a CoNLL-U document (see the module docstring for the format)."""
    return [t for _, t in parse_conllu_texts(text, path)]


def parse_conllu_texts(
    text: str, path: Optional[PathLike] = None
) -> List[Tuple[Optional[str], DepTree]]:
    """``(sentence text, tree)`` pairs: the text from the sentence's ``# text = ...`` comment
    (CoNLL-U's standard comment), ``None`` when it has none."""
    trees: List[Tuple[Optional[str], DepTree]] = []
    rows: List[Tuple[int, List[str]]] = []
    current: List[Optional[str]] = [None]

    def flush() -> None:
        if rows:
            trees.append((current[0], _conllu_sentence(rows, path)))
            rows.clear()
        current[0] = None

    for lineno, line in enumerate(text.split("\n"), start=1):
        line = line[:-1] if line.endswith("\r") else line
        if not line.strip():
            flush()
            continue
        if line.startswith("#"):
            key, sep, value = line[1:].partition("=")
            if sep and key.strip() == "text":
                current[0] = value.strip()
            continue
        fields = line.split("\t")
        if len(fields) != 10:
            raise InputFormatError(
                path, lineno, "10 TAB-separated CoNLL-U fields", f"{len(fields)} fields: {line}"
            )
        if "-" in fields[0] or "." in fields[0]:
            continue  # multiword token or empty node
        rows.append((lineno, fields))
    flush()
    return trees


def _conllu_sentence(rows: List[Tuple[int, List[str]]], path: Optional[PathLike]) -> DepTree:
    n = len(rows)
    heads, cols = [], [[] for _ in range(6)]
    for k, (lineno, f) in enumerate(rows, start=1):
        if not is_uint(f[0]) or int(f[0]) != k:
            raise InputFormatError(
                path, lineno, f"token ID {k} (IDs count 1..n within a sentence)", f[0]
            )
        if not is_uint(f[6]) or int(f[6]) > n:
            raise InputFormatError(path, lineno, f"HEAD an integer in [0, {n}]", f[6])
        if int(f[6]) == k:
            raise InputFormatError(path, lineno, "HEAD different from the token's own ID", f[6])
        if not f[1]:
            raise InputFormatError(path, lineno, "a non-empty FORM", "''")
        heads.append(int(f[6]) - 1)
        for c, j in zip(cols, (1, 2, 3, 4, 5, 7)):
            c.append(f[j])
    if _has_cycle(heads):
        raise InputFormatError(
            path, rows[0][0], "a tree (the HEAD column of this sentence forms a cycle)"
        )
    words, lemmas, upos, xpos, feats, deprels = (tuple(c) for c in cols)
    return DepTree(words, lemmas, upos, xpos, feats, tuple(heads), deprels)


def read_conllu(path: PathLike) -> List[DepTree]:
    """Read a CoNLL-U file (UTF-8; a NUL byte or another encoding is an InputFormatError
    naming the line, a byte-order mark is dropped)."""
    return parse_conllu(read_text(path, "CoNLL-U file"), path)


def format_conllu(trees: Iterable[DepTree], texts: Optional[Sequence[str]] = None) -> str:
    """CoNLL-U text of ``trees`` (DEPS and MISC written as ``_``), each preceded by a
    ``# text = ...`` comment when ``texts`` are given; inverse of :func:`parse_conllu_texts`."""
    out = []
    for k, t in enumerate(trees):
        if texts is not None:
            out.append(f"# text = {' '.join(texts[k].split())}")
        for i in range(len(t)):
            out.append(
                "\t".join(
                    (
                        str(i + 1),
                        t.words[i],
                        t.lemmas[i],
                        t.upos[i],
                        t.xpos[i],
                        t.feats[i],
                        str(t.heads[i] + 1),
                        t.deprels[i],
                        "_",
                        "_",
                    )
                )
            )
        out.append("")
    return "\n".join(out) + ("\n" if out else "")


def write_conllu(
    path: PathLike, trees: Iterable[DepTree], texts: Optional[Sequence[str]] = None
) -> Path:
    """Write ``trees`` as CoNLL-U (atomically), with ``# text`` comments when ``texts`` are given."""
    with atomic_open(path, "w") as fh:
        fh.write(format_conllu(list(trees), texts))
    return Path(path)


# ---------------------------------------------------------------------------------------
# PTB brackets

_TOKEN = re.compile(r"\(|\)|[^\s()]+")

#: Deepest bracket nesting read: a treebank sentence is a few dozen levels deep; deeper
#: input is not a parse, and the head rules and nltk's tree methods recurse per level.
MAX_PTB_DEPTH = 300


def parse_ptb(text: str, path: Optional[PathLike] = None) -> List[Tree]:
    """All bracketed trees in ``text`` (see the module docstring)."""
    from nltk.tree import Tree

    line_starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def line_of(pos: int) -> int:
        lo, hi = 0, len(line_starts) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if line_starts[mid] <= pos:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    trees: List[Tree] = []
    stack: List[Tuple[int, List]] = []  # (position of "(", [label, children...])
    expect_label = False
    for m in _TOKEN.finditer(text):
        tok, pos = m.group(), m.start()
        if tok == "(":
            if expect_label:  # "((" : unlabelled node
                stack[-1][1].append("")
            if len(stack) >= MAX_PTB_DEPTH:
                raise InputFormatError(
                    path,
                    line_of(pos),
                    f"trees nested at most {MAX_PTB_DEPTH} brackets deep",
                    "deeper",
                )
            stack.append((pos, []))
            expect_label = True
        elif tok == ")":
            if not stack:
                raise InputFormatError(path, line_of(pos), "a matching '(' before this ')'", ")")
            _, node = stack.pop()
            if expect_label:
                raise InputFormatError(path, line_of(pos), "a label after '('", "()")
            expect_label = False
            tree = Tree(node[0], node[1:])
            if stack:
                stack[-1][1].append(tree)
            else:
                trees.append(tree)
        else:
            if not stack:
                raise InputFormatError(path, line_of(pos), "'(' starting a tree", tok)
            stack[-1][1].append(tok)
            expect_label = False
    if stack:
        raise InputFormatError(
            path, line_of(stack[0][0]), "a ')' closing the tree opened on this line", "end of file"
        )
    return trees


def read_ptb(path: PathLike) -> List[Tree]:
    """Read a file of bracketed trees (UTF-8; a NUL byte or another encoding is an
    InputFormatError naming the line, a byte-order mark is dropped)."""
    return parse_ptb(read_text(path, "PTB bracket file"), path)


def format_ptb(tree: Tree) -> str:
    """One-line bracketed form of ``tree`` (inverse of :func:`parse_ptb`; iterative, so
    any depth)."""
    if isinstance(tree, str):
        return tree
    out: List[str] = []
    stack: List[object] = [tree]  # a Tree to open, or a string to emit
    while stack:
        item = stack.pop()
        if is_tree(item):
            children = list(item)
            out.append(f"({item.label()}")
            stack.append(")")
            for child in reversed(children):
                stack.append(child)
                stack.append(" ")
        else:
            out.append(item if isinstance(item, str) else str(item))
    return "".join(out)


def write_ptb(path: PathLike, trees: Iterable[Tree]) -> Path:
    """Write one tree per line (atomically)."""
    with atomic_open(path, "w") as fh:
        for t in trees:
            fh.write(format_ptb(t) + "\n")
    return Path(path)


def strip_root(tree: Tree) -> Tree:
    """Remove unary unlabelled / ``ROOT`` / ``TOP`` wrappers."""
    from nltk.tree import Tree

    while (
        isinstance(tree, Tree)
        and tree.label() in ("", "ROOT", "TOP")
        and len(tree) == 1
        and isinstance(tree[0], Tree)
    ):
        tree = tree[0]
    return tree


def is_tree(x) -> bool:
    """``isinstance(x, nltk.tree.Tree)`` without importing nltk (no Tree exists before)."""
    module = sys.modules.get("nltk.tree")
    return module is not None and isinstance(x, module.Tree)


def __getattr__(name: str):
    # ``from evalkit.text.trees import Tree``: nltk's class, imported on first use
    if name == "Tree":
        from nltk.tree import Tree

        return Tree
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
