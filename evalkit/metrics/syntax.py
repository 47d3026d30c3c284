"""Liu & Gildea (2005): syntactic MT metrics STM, TKM, HWCM, DSTM and DTKM.

Liu & Gildea, "Syntactic Features for Evaluation of Machine Translation", ACL 2005 workshop
on intrinsic and extrinsic evaluation measures (W05-0904), Section 2.

**STM** (subtree metric), an arithmetic mean over depths::

    STM = (1/D) sum_{n=1..D} [ sum_{t in subtrees_n(hyp)} count_clip(t) / sum_{t in subtrees_n(hyp)} count(t) ]

``count_clip(t) = min(count_hyp(t), max_r count_r(t))`` (clipped against the maximum in any
single reference, as BLEU). A depth-n subtree is, for every node v, the fragment rooted at v
with all its descendants down to n levels (v = level 1), counted when it reaches depth n on
at least one path (the reading that reproduces the paper's Figure 2 example, STM = (6/7 +
3/4 + 1/2)/3 = 0.702; shallower sibling branches are allowed). Node labels only by default
(``include_words=False``, as in the example).

**TKM** (tree kernel metric): ``cos(T1, T2) = K(T1,T2) / sqrt(K(T1,T1) K(T2,T2))`` with the
Collins & Duffy (2001) kernel ``K = sum_{n1, n2} C(n1, n2)``: ``C = 0`` if the productions
at n1 and n2 differ, ``lambda`` if both are preterminals, else
``lambda * prod_j (1 + C(ch_j(n1), ch_j(n2)))``; ``TKM = max_r cos(hyp, r)`` (references one
at a time). The paper gives no decay; ``decay`` (lambda) defaults to 1.

**HWCM** (headword chain metric) on dependency trees (words as nodes): a chain of length n is
the sequence of words on a downward path of n nodes; HWCM is STM's formula over chains,
lengths 1..D. **DSTM / DTKM** are STM / TKM on the dependency trees (word-labelled nodes).

Sentence level: a length/depth whose clipped precision is zero (or undefined: no hypothesis
subtree of that depth) contributes ``epsilon``; Liu & Gildea replace zero precisions of
sentence BLEU and HWCM by 1e-3 (the default of ``epsilon`` for HWCM; 0 for STM/DSTM, which the
paper does not smooth). Corpus level (the paper does not say how): the protocol's summed
statistics give the micro-average (clipped counts and totals summed over segments per
depth); the mean of sentence scores is ``sentence_scores(...).mean()``. TKM/DTKM have no
additive statistics: their corpus score is the mean sentence score (statistics ``[score, 1]``).

Range [0, 1]. Words are lower-cased for the word-based metrics (``lowercase=True``).

Inputs: hypotheses and per-segment reference lists of :class:`evalkit.text.parse.Parse`
objects, trees (:class:`nltk.tree.Tree` for STM/TKM, :class:`~evalkit.text.trees.DepTree` for
HWCM/DSTM/DTKM), or strings, which are parsed with ``parser`` (default: the cached spaCy
backend). STM/TKM on a dependency-only backend use the documented projection
(:func:`evalkit.text.heads.dependencies_to_constituents`).

Why our own: no maintained Python package implements these metrics or the Collins-Duffy
kernel on labelled trees (nltk has none); the dynamic programme is O(|T1| |T2|) and small.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any, Dict, Hashable, List, Optional, Sequence, Tuple

import numpy as np

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import register_metric
from evalkit.text.parse import Parse, Parser, get_parser
from evalkit.text.trees import DepTree, is_tree

if TYPE_CHECKING:
    from nltk.tree import Tree

__all__ = [
    "STM",
    "TKM",
    "HWCM",
    "DSTM",
    "DTKM",
    "Forest",
    "subtree_counts",
    "headword_chains",
    "tree_kernel",
    "as_parses",
    "clipped_depth_statistics",
    "ParsedMetric",
]


class Forest:
    """Trees as arrays: ``labels[i]``, ``children[i]``, ``is_word[i]`` (word leaves of a
    constituent tree are not kernel nodes), ``roots``.

    Built by :meth:`from_tree` (a constituent tree, node labels, words as leaves only with
    ``include_words``) or :meth:`from_dependencies` (a dependency tree, one node per word).

    Attributes
    ----------
    labels : list of str
        Node labels, in pre-order for constituent trees and word order for dependency trees.
    children : list of list of int
        The children of each node.
    is_word : list of bool
        Whether the node is a word leaf of a constituent tree.
    roots : list of int
        The root nodes.

    Examples
    --------
    >>> from evalkit.metrics.syntax import Forest
    >>> from evalkit.text.trees import DepTree, parse_ptb
    >>> tree = Forest.from_tree(parse_ptb("(S (NP (PRON)) (VP (V)))")[0])
    >>> tree.labels, tree.children, tree.roots
    (['S', 'NP', 'PRON', 'VP', 'V'], [[1, 3], [2], [], [4], []], [0])
    >>> dep = Forest.from_dependencies(DepTree.from_heads(["I", "have", "pens"], [1, -1, 1]))
    >>> dep.labels, dep.children, dep.roots
    (['i', 'have', 'pens'], [[], [0, 2], []], [1])
    """

    __slots__ = ("labels", "children", "is_word", "roots")

    def __init__(self):
        self.labels: List[str] = []
        self.children: List[List[int]] = []
        self.is_word: List[bool] = []
        self.roots: List[int] = []

    def _add(self, label: str, is_word: bool) -> int:
        self.labels.append(label)
        self.children.append([])
        self.is_word.append(is_word)
        return len(self.labels) - 1

    @classmethod
    def from_tree(
        cls, tree: Tree, include_words: bool = False, lowercase: bool = False
    ) -> "Forest":
        f = cls()

        def visit(node) -> Optional[int]:
            if isinstance(node, str):
                if not include_words:
                    return None
                return f._add(node.lower() if lowercase else node, True)
            i = f._add(node.label(), False)
            for c in node:
                j = visit(c)
                if j is not None:
                    f.children[i].append(j)
            return i

        f.roots.append(visit(tree))
        return f

    @classmethod
    def from_dependencies(cls, dep: DepTree, lowercase: bool = True) -> "Forest":
        f = cls()
        for w in dep.words:
            f._add(w.lower() if lowercase else w, False)
        f.children = dep.children()
        f.roots = dep.roots()
        return f

    def __len__(self) -> int:
        return len(self.labels)


def subtree_counts(forest: Forest, max_depth: int) -> List[Counter]:
    """``out[n-1]`` = counts of the depth-n subtrees (see module docstring), n = 1..max_depth.

    Parameters
    ----------
    forest : Forest
        The tree.
    max_depth : int
        The deepest subtrees counted (D).

    Returns
    -------
    list of collections.Counter
        Per depth n = 1..D, the count of each subtree (a label for n = 1, nested tuples
        ``(label, child, ...)`` above).

    References
    ----------
    Liu & Gildea (2005), "Syntactic Features for Evaluation of Machine Translation", ACL
    Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or Summarization.

    Examples
    --------
    Liu & Gildea's Figure 2 hypothesis:

    >>> from evalkit.metrics.syntax import Forest, subtree_counts
    >>> from evalkit.text.trees import parse_ptb
    >>> tree = Forest.from_tree(parse_ptb("(S (NP (PRON)) (VP (V) (NP (PRON))))")[0])
    >>> depth1, depth2 = subtree_counts(tree, 2)
    >>> sorted(depth1.items())
    [('NP', 2), ('PRON', 2), ('S', 1), ('V', 1), ('VP', 1)]
    >>> sorted(depth2.items())
    [(('NP', 'PRON'), 2), (('S', 'NP', 'VP'), 1), (('VP', 'V', 'NP'), 1)]
    """
    out = [Counter() for _ in range(max_depth)]
    frag: Dict[Tuple[int, int], Tuple[Hashable, int]] = {}

    def fragment(v: int, k: int) -> Tuple[Hashable, int]:  # (canonical form, height)
        key = (v, k)
        if key not in frag:
            kids = forest.children[v]
            if k == 1 or not kids:
                frag[key] = (forest.labels[v], 1)
            else:
                parts = [fragment(c, k - 1) for c in kids]
                frag[key] = (
                    (forest.labels[v],) + tuple(p[0] for p in parts),
                    1 + max(p[1] for p in parts),
                )
        return frag[key]

    for v in range(len(forest)):
        for n in range(1, max_depth + 1):
            form, height = fragment(v, n)
            if height == n:
                out[n - 1][form] += 1
            else:
                break
    return out


def headword_chains(forest: Forest, max_length: int) -> List[Counter]:
    """``out[n-1]`` = counts of the headword chains of n words (Liu & Gildea's Figure 3).

    Parameters
    ----------
    forest : Forest
        A dependency tree (:meth:`Forest.from_dependencies`).
    max_length : int
        The longest chains counted.

    Returns
    -------
    list of collections.Counter
        Per length n = 1..max_length, the count of each chain (a tuple of n words, head
        first).

    References
    ----------
    Liu & Gildea (2005), in full at :func:`subtree_counts`.

    Examples
    --------
    The paper's example "I have a red pen":

    >>> from evalkit.metrics.syntax import Forest, headword_chains
    >>> from evalkit.text.trees import DepTree
    >>> tree = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    >>> chains = headword_chains(Forest.from_dependencies(tree), 3)
    >>> sorted(chains[1])
    [('have', 'i'), ('have', 'pen'), ('pen', 'a'), ('pen', 'red')]
    >>> sorted(chains[2])
    [('have', 'pen', 'a'), ('have', 'pen', 'red')]
    """
    out = [Counter() for _ in range(max_length)]
    chains: List[List[Tuple[str, ...]]] = [[(w,)] for w in forest.labels]
    out[0].update(c[0] for c in chains)
    for n in range(2, max_length + 1):
        new = []
        for v in range(len(forest)):
            new.append([(forest.labels[v],) + c for ch in forest.children[v] for c in chains[ch]])
        chains = new
        for lst in chains:
            out[n - 1].update(lst)
    return out


def clipped_depth_statistics(hyp: List[Counter], refs: Sequence[List[Counter]]) -> np.ndarray:
    """``[clip_1..clip_D, total_1..total_D]`` with clipping against the max over references.

    Parameters
    ----------
    hyp : list of collections.Counter
        The hypothesis's counts per depth (:func:`subtree_counts`, :func:`headword_chains`).
    refs : sequence of lists of collections.Counter
        The same for each reference.

    Returns
    -------
    numpy.ndarray
        int64 ``(2 D,)``: clipped counts ``min(c_hyp, max_r c_r)`` then hypothesis totals.

    Examples
    --------
    ``a`` occurs twice in the hypothesis but at most once in any reference:

    >>> from collections import Counter
    >>> from evalkit.metrics.syntax import clipped_depth_statistics
    >>> hyp = [Counter(a=2, b=1)]
    >>> refs = [[Counter(a=1)], [Counter(a=1, b=1)]]
    >>> clipped_depth_statistics(hyp, refs).tolist()
    [2, 3]
    """
    D = len(hyp)
    row = np.zeros(2 * D, dtype=np.int64)
    for n in range(D):
        h = hyp[n]
        best: Counter = Counter()
        for r in refs:
            best |= r[n]  # elementwise max
        row[n] = sum(min(c, best[g]) for g, c in h.items())
        row[D + n] = sum(h.values())
    return row


def tree_kernel(a: Forest, b: Forest, decay: float = 1.0) -> float:
    """Collins & Duffy (2001) kernel ``sum_{n1 in a, n2 in b} C(n1, n2)`` (module docstring).

    Parameters
    ----------
    a, b : Forest
        The two trees.
    decay : float, default 1.0
        lambda, in (0, 1].

    Returns
    -------
    float
        The (decayed) number of tree fragments the two trees share, >= 0.

    References
    ----------
    Collins & Duffy (2001), "Convolution Kernels for Natural Language", NIPS.

    Examples
    --------
    ``(NP (DT) (NN))`` has 6 fragments: ``DT``, ``NN`` and the four ``NP -> DT NN`` with
    each child expanded or not:

    >>> from evalkit.metrics.syntax import Forest, tree_kernel
    >>> from evalkit.text.trees import parse_ptb
    >>> np_tree = Forest.from_tree(parse_ptb("(NP (DT) (NN))")[0])
    >>> tree_kernel(np_tree, np_tree)
    6.0
    >>> tree_kernel(np_tree, np_tree, decay=0.5)  # 0.5 + 0.5 + 0.5 * 1.5 * 1.5
    2.125
    """

    def production(f: Forest, v: int):
        return (f.labels[v], tuple(f.labels[c] for c in f.children[v]))

    by_prod: Dict[Any, List[int]] = {}
    for v in range(len(b)):
        if not b.is_word[v]:
            by_prod.setdefault(production(b, v), []).append(v)
    memo: Dict[Tuple[int, int], float] = {}

    def C(u: int, v: int) -> float:
        key = (u, v)
        if key in memo:
            return memo[key]
        if a.is_word[u] or b.is_word[v] or production(a, u) != production(b, v):
            val = 0.0
        elif not a.children[u] or all(a.is_word[c] for c in a.children[u]):
            val = decay
        else:
            val = decay
            for cu, cv in zip(a.children[u], b.children[v]):
                val *= 1.0 + C(cu, cv)
        memo[key] = val
        return val

    total = 0.0
    for u in range(len(a)):
        if a.is_word[u]:
            continue
        for v in by_prod.get(production(a, u), ()):
            total += C(u, v)
    return total


def _cosine(a: Forest, b: Forest, decay: float, self_a: float) -> float:
    kb = tree_kernel(b, b, decay)
    if self_a <= 0 or kb <= 0:
        return 0.0
    return tree_kernel(a, b, decay) / float(np.sqrt(self_a * kb))


def as_parses(items: Sequence[Any], parser: Optional[Parser]) -> List[Any]:
    """Strings parsed with ``parser`` (batched, cached); trees and Parse objects kept.

    Parameters
    ----------
    items : sequence
        Strings, :class:`~evalkit.text.parse.Parse` objects or trees.
    parser : Parser or None
        Parses the strings; None uses ``get_parser("spacy")`` (loaded only if a string is
        present).

    Returns
    -------
    list
        The items, strings replaced by their parses, in order.

    Examples
    --------
    >>> from evalkit.metrics.syntax import as_parses
    >>> from evalkit.text.trees import DepTree
    >>> tree = DepTree.from_heads(["it", "rains"], [1, -1])
    >>> as_parses([tree], None)[0] is tree
    True
    """
    items = list(items)
    todo = [i for i, x in enumerate(items) if isinstance(x, str)]
    if todo:
        parser = parser if parser is not None else get_parser("spacy")
        parsed = parser.parse_many([items[i] for i in todo])
        for i, p in zip(todo, parsed):
            items[i] = p
    return items


def _refs_lists(n: int, refs: Sequence[Any]) -> List[List[Any]]:
    if len(refs) != n:
        raise ParameterError(
            "refs", f"{len(refs)} segments", f"{n} segments (one list of references each)"
        )
    out = []
    for i, r in enumerate(refs):
        if isinstance(r, (str, DepTree, Parse)) or is_tree(r):
            r = [r]
        r = list(r)
        if not r:
            raise ParameterError(f"refs[{i}]", r, "at least one reference")
        out.append(r)
    return out


class ParsedMetric(Metric):
    """Shared input handling: parse strings once (hypotheses and references together).

    The base of every parse-based metric; :meth:`prepare_inputs` turns ``refs`` into one
    list per segment and parses every string in one batch. Scores are array arithmetic:
    ``_score_many`` is the first statistic over the second (0 where the second is 0) unless
    a subclass overrides it, ``_score_one`` one row of ``_score_many``.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.metrics.syntax import ParsedMetric
    >>> from evalkit.text.trees import DepTree
    >>> hwcm = get_metric("hwcm")
    >>> isinstance(hwcm, ParsedMetric)
    True
    >>> tree = DepTree.from_heads(["it", "rains"], [1, -1])
    >>> hwcm.prepare_inputs([tree], [tree]) == ([tree], [[tree]])
    True
    """

    parser: Optional[Parser] = None

    def prepare_inputs(self, hyps, refs):
        hyps = list(hyps)
        refs = _refs_lists(len(hyps), refs)
        flat = as_parses(hyps + [x for r in refs for x in r], self.parser)
        out_h, k, out_r = flat[: len(hyps)], len(hyps), []
        for r in refs:
            out_r.append(flat[k : k + len(r)])
            k += len(r)
        return out_h, out_r

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        s = np.asarray(stats_sums, dtype=np.float64)
        return np.where(s[:, 1] > 0, s[:, 0] / np.where(s[:, 1] > 0, s[:, 1], 1.0), 0.0)

    def _score_one(self, stats_sum: np.ndarray) -> float:
        return float(self._score_many(np.asarray(stats_sum).reshape(1, -1))[0])


def _check_depth(name: str, value: int) -> int:
    if not isinstance(value, (int, np.integer)) or isinstance(value, bool) or value < 1:
        raise ParameterError(name, value, "an integer >= 1")
    return int(value)


def _check_epsilon(value: float) -> float:
    if not 0.0 <= float(value) < 1.0:
        raise ParameterError("epsilon", value, "a number in [0, 1)")
    return float(value)


class _DepthMeanMetric(ParsedMetric):
    """STM/HWCM/DSTM: mean over depths of clipped precisions."""

    max_depth = 3
    epsilon = 0.0
    _flag = ("lowercase", "lc")  # the subclass's boolean option and its signature key

    def _setup(self, depth_name: str, depth: int, flag: bool, epsilon: float, parser) -> None:
        self.max_depth = _check_depth(depth_name, depth)
        setattr(self, self._flag[0], bool(flag))
        self.epsilon = _check_epsilon(epsilon)
        self.parser = parser

    def signature(self) -> str:
        return self.build_signature(
            [
                ("D", self.max_depth),
                ("eps", self.epsilon),
                (self._flag[1], getattr(self, self._flag[0])),
            ],
            parser=parser_signature(self.parser),
        )

    @property
    def n_statistics(self) -> int:
        return 2 * self.max_depth

    #: Counts per depth of a forest: subtrees (STM, DSTM) or headword chains (HWCM).
    _count = staticmethod(subtree_counts)

    def _forest(self, x) -> Forest:
        """The input as a forest: its dependency tree, words lower-cased as configured."""
        return Forest.from_dependencies(_dependencies(x), self.lowercase)

    def _counts(self, x) -> List[Counter]:
        return self._count(self._forest(x), self.max_depth)

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        hyps, refs = self.prepare_inputs(hyps, refs)
        out = np.zeros((len(hyps), self.n_statistics), dtype=np.int64)
        for i, (h, rs) in enumerate(zip(hyps, refs)):
            out[i] = clipped_depth_statistics(self._counts(h), [self._counts(r) for r in rs])
        return out

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        s = np.asarray(stats_sums, dtype=np.float64)
        D = self.max_depth
        clip, tot = s[:, :D], s[:, D:]
        with np.errstate(divide="ignore", invalid="ignore"):
            p = np.where((tot > 0) & (clip > 0), clip / np.where(tot > 0, tot, 1.0), self.epsilon)
        return p.mean(axis=1)


def parser_signature(parser: Optional[Parser]) -> str:
    """The parser's own ``signature()`` (backend, model, versions). For ``parser=None`` (the
    default spaCy parser of :func:`as_parses`) the same string from the installed packages'
    metadata, so that a signature does not load the model.

    Parameters
    ----------
    parser : Parser or None
        The metric's parser.

    Returns
    -------
    str
        ``backend-version|model-version`` (for None: spaCy's and the pinned model's).

    Examples
    --------
    >>> from evalkit.metrics.syntax import parser_signature
    >>> parser_signature(None).startswith("spacy-")
    True
    """
    if parser is not None:
        return parser.signature()
    from importlib import metadata

    from evalkit.text.parse import SPACY_MODEL

    def version(package: str) -> str:
        try:
            return metadata.version(package)
        except metadata.PackageNotFoundError:
            return "not-installed"

    return f"spacy-{version('spacy')}|{SPACY_MODEL}-{version(SPACY_MODEL)}"


def _constituents(x) -> Tree:
    if isinstance(x, Parse):
        return x.constituents()
    if is_tree(x):
        return x
    if isinstance(x, DepTree):
        return Parse(x).constituents()
    raise ParameterError("tree", type(x).__name__, "a Parse, an nltk Tree, a DepTree or a string")


def _dependencies(x) -> DepTree:
    if isinstance(x, Parse):
        return x.dep
    if isinstance(x, DepTree):
        return x
    if is_tree(x):
        from evalkit.text.heads import constituents_to_dependencies

        return constituents_to_dependencies(x)
    raise ParameterError("tree", type(x).__name__, "a Parse, a DepTree, an nltk Tree or a string")


@register_metric("stm")
class STM(_DepthMeanMetric):
    """Subtree metric on constituent trees (module docstring). Registered as
    ``get_metric("stm")``; 0-1 scale.

    Parameters
    ----------
    max_depth : int, default 3
        D, the deepest subtrees (an integer >= 1, else
        :class:`~evalkit.errors.ParameterError`).
    include_words : bool, default False
        Include the words as leaves (the paper's example uses labels only).
    epsilon : float, default 0.0
        The precision of a depth with no clipped match, in [0, 1).
    parser : Parser, optional
        Parses string inputs (:func:`evalkit.text.parse.get_parser`); None uses the pinned
        spaCy pipeline.

    References
    ----------
    Liu & Gildea (2005), in full at :func:`subtree_counts`.

    Examples
    --------
    Liu & Gildea's Figure 2: clipped precisions 6/7, 3/4 and 1/2 at depths 1-3:

    >>> from evalkit.text.trees import parse_ptb
    >>> (hyp,) = parse_ptb("(S (NP (PRON)) (VP (V) (NP (PRON))))")
    >>> (ref,) = parse_ptb("(S (NP (PRON)) (VP (V) (NP (ART) (N))))")
    >>> from evalkit.metrics import get_metric
    >>> stm = get_metric("stm")
    >>> stm.segment_statistics([hyp], [[ref]]).tolist()
    [[6, 3, 1, 7, 4, 2]]
    >>> round(stm.corpus_score([hyp], [[ref]]), 6) == round((6 / 7 + 3 / 4 + 1 / 2) / 3, 6)
    True
    """

    name = "stm"
    _flag = ("include_words", "words")

    def __init__(
        self,
        max_depth: int = 3,
        include_words: bool = False,
        epsilon: float = 0.0,
        parser: Optional[Parser] = None,
    ):
        self._setup("max_depth", max_depth, include_words, epsilon, parser)

    def _forest(self, x) -> Forest:
        return Forest.from_tree(_constituents(x), self.include_words)


@register_metric("dstm")
class DSTM(_DepthMeanMetric):
    """Subtree metric on dependency trees with word-labelled nodes. Registered as
    ``get_metric("dstm")``; 0-1 scale.

    Parameters
    ----------
    lowercase : bool, default True
        Lower-case the words.
    max_depth, epsilon, parser
        As :class:`STM`'s (default 3, 0.0, None).

    References
    ----------
    Liu & Gildea (2005), in full at :func:`subtree_counts`.

    Examples
    --------
    Depth 1: ``i``, ``have``, ``pen`` of 4 words match; depth 2: ``(have i pen)`` matches,
    ``(pen the)`` does not:

    >>> from evalkit.text.trees import DepTree
    >>> ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    >>> hyp = DepTree.from_heads(["I", "have", "the", "pen"], [1, -1, 3, 1])
    >>> from evalkit.metrics import get_metric
    >>> dstm = get_metric("dstm", max_depth=2)
    >>> dstm.segment_statistics([hyp], [[ref]]).tolist()
    [[3, 1, 4, 2]]
    >>> float(dstm.corpus_score([hyp], [[ref]]))  # (3/4 + 1/2) / 2
    0.625
    """

    name = "dstm"

    def __init__(
        self,
        max_depth: int = 3,
        lowercase: bool = True,
        epsilon: float = 0.0,
        parser: Optional[Parser] = None,
    ) -> None:
        self._setup("max_depth", max_depth, lowercase, epsilon, parser)


@register_metric("hwcm")
class HWCM(_DepthMeanMetric):
    """Headword chain metric (chains of 1..max_length words). Registered as
    ``get_metric("hwcm")``; 0-1 scale.

    Parameters
    ----------
    max_length : int, default 3
        Longest chain, an integer >= 1.
    lowercase : bool, default True
        Lower-case the words.
    epsilon : float, default 1e-3
        The precision of a length with no clipped match (Liu & Gildea's smoothing), in
        [0, 1).
    parser : Parser, optional
        As :class:`STM`'s.

    References
    ----------
    Liu & Gildea (2005), in full at :func:`subtree_counts`.

    Examples
    --------
    Chains of 1, 2 and 3 words match 3 of 4, 2 of 3 and 0 of 1:

    >>> from evalkit.text.trees import DepTree
    >>> ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    >>> hyp = DepTree.from_heads(["I", "have", "the", "pen"], [1, -1, 3, 1])
    >>> from evalkit.metrics import get_metric
    >>> get_metric("hwcm").segment_statistics([hyp], [[ref]]).tolist()
    [[3, 2, 0, 4, 3, 1]]
    >>> round(get_metric("hwcm", epsilon=0).corpus_score([hyp], [[ref]]), 4)
    0.4722
    >>> round((3 / 4 + 2 / 3 + 0) / 3, 4)
    0.4722
    """

    name = "hwcm"
    _count = staticmethod(headword_chains)

    def __init__(
        self,
        max_length: int = 3,
        lowercase: bool = True,
        epsilon: float = 1e-3,
        parser: Optional[Parser] = None,
    ):
        self._setup("max_length", max_length, lowercase, epsilon, parser)


class _KernelMetric(ParsedMetric):
    decay = 1.0
    _flag = ("lowercase", "lc")  # the subclass's boolean option and its signature key

    def _setup(self, decay: float, flag: bool, parser) -> None:
        self.decay = _check_decay(decay)
        setattr(self, self._flag[0], bool(flag))
        self.parser = parser

    def signature(self) -> str:
        return self.build_signature(
            [("decay", self.decay), (self._flag[1], getattr(self, self._flag[0]))],
            parser=parser_signature(self.parser),
        )

    @property
    def n_statistics(self) -> int:
        return 2

    def _forest(self, x) -> Forest:
        raise NotImplementedError

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        hyps, refs = self.prepare_inputs(hyps, refs)
        out = np.zeros((len(hyps), 2), dtype=np.float64)
        for i, (h, rs) in enumerate(zip(hyps, refs)):
            fh = self._forest(h)
            kh = tree_kernel(fh, fh, self.decay)
            out[i] = (max(_cosine(fh, self._forest(r), self.decay, kh) for r in rs), 1.0)
        return out


def _check_decay(value: float) -> float:
    if not 0.0 < float(value) <= 1.0:
        raise ParameterError("decay", value, "a number in (0, 1]")
    return float(value)


@register_metric("tkm")
class TKM(_KernelMetric):
    """Tree kernel metric on constituent trees: ``max_r K(h, r) / sqrt(K(h, h) K(r, r))``.
    Registered as ``get_metric("tkm")``; 0-1 scale (corpus score = mean).

    Parameters
    ----------
    decay : float, default 1.0
        The kernel's lambda, in (0, 1] (else :class:`~evalkit.errors.ParameterError`).
    include_words : bool, default False
        Include the (lower-cased) words as leaves.
    parser : Parser, optional
        As :class:`STM`'s.

    References
    ----------
    Liu & Gildea (2005), in full at :func:`subtree_counts`.
    Collins & Duffy (2001), "Convolution Kernels for Natural Language", NIPS.

    Examples
    --------
    >>> from evalkit.text.trees import parse_ptb
    >>> (hyp,) = parse_ptb("(S (NP (PRON)) (VP (V) (NP (PRON))))")
    >>> (ref,) = parse_ptb("(S (NP (PRON)) (VP (V) (NP (ART) (N))))")
    >>> import math
    >>> from evalkit.metrics import get_metric
    >>> from evalkit.metrics.syntax import Forest, tree_kernel
    >>> h, r = Forest.from_tree(hyp), Forest.from_tree(ref)
    >>> cosine = tree_kernel(h, r) / math.sqrt(tree_kernel(h, h) * tree_kernel(r, r))
    >>> math.isclose(get_metric("tkm").corpus_score([hyp], [[ref]]), cosine)
    True
    >>> float(get_metric("tkm").corpus_score([hyp], [[hyp]]))
    1.0
    """

    name = "tkm"
    _flag = ("include_words", "words")

    def __init__(
        self, decay: float = 1.0, include_words: bool = False, parser: Optional[Parser] = None
    ):
        self._setup(decay, include_words, parser)

    def _forest(self, x) -> Forest:
        return Forest.from_tree(_constituents(x), self.include_words, lowercase=True)


@register_metric("dtkm")
class DTKM(_KernelMetric):
    """Tree kernel metric on dependency trees (word-labelled nodes). Registered as
    ``get_metric("dtkm")``; 0-1 scale (corpus score = mean).

    Parameters
    ----------
    lowercase : bool, default True
        Lower-case the words.
    decay, parser
        As :class:`TKM`'s (default 1.0, None).

    References
    ----------
    As :class:`TKM`.

    Examples
    --------
    >>> from evalkit.text.trees import DepTree
    >>> ref = DepTree.from_heads(["I", "have", "a", "red", "pen"], [1, -1, 4, 4, 1])
    >>> hyp = DepTree.from_heads(["I", "have", "the", "pen"], [1, -1, 3, 1])
    >>> from evalkit.metrics import get_metric
    >>> dtkm = get_metric("dtkm")
    >>> float(dtkm.corpus_score([ref], [[ref]]))
    1.0
    >>> 0 < dtkm.corpus_score([hyp], [[ref]]) < 1
    True
    """

    name = "dtkm"

    def __init__(self, decay: float = 1.0, lowercase: bool = True, parser: Optional[Parser] = None):
        self._setup(decay, lowercase, parser)

    def _forest(self, x) -> Forest:
        return Forest.from_dependencies(_dependencies(x), self.lowercase)
