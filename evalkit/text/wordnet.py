"""WordNet 3.0, found at run time and read with nltk's WordNet reader.

METEOR's ``wn_stem`` and ``wn_synonymy`` modules (Banerjee & Lavie 2005, Sec. 3.6) need
WordNet's morphological base forms ("morphy") and synsets. We never ship WordNet: it is
found at run time, in this order,

1. an explicit ``path`` argument (a directory holding ``index.noun``, ``data.noun``, ...);
2. the environment variable ``EVALKIT_WORDNET`` (same kind of directory);
3. an NLTK data directory (``nltk.data.find("corpora/wordnet")``, zipped or not);
4. Debian's ``wordnet-base`` package: ``/usr/share/wordnet``.

and read with :class:`nltk.corpus.reader.wordnet.WordNetCorpusReader` (never
``nltk.download``). Two adaptations let that reader open Debian's files:

* Debian's package lacks the ``lexnames`` file (the 45 lexicographer file names, which
  only label synsets and play no part in lookup); we serve the standard list from memory;
* nltk only opens directories it was told about, so the located directory is appended to
  ``nltk.data.path`` (nltk's documented way to authorize a data directory).

Lookups go through the reader's lemma index and ``_morphy`` directly rather than building
``Synset`` objects, because parsing a data-file line per synset made METEOR's synonym stage
several times slower; and the lemma index is read on demand by bisection in the sorted
``index.*`` files (:class:`_LazyLemmaIndex`) instead of parsing all 155,000 lines at start-up.
``tests/test_wordnet.py`` checks both against nltk's own full load and ``wn.synsets``.
"""

from __future__ import annotations

import bisect
import io
import os
import re
import threading
import warnings
from pathlib import Path
from typing import FrozenSet, Optional, Tuple, Union

from evalkit import config
from evalkit.errors import EvalkitError

__all__ = [
    "WordNet",
    "SynonymTable",
    "load_wordnet",
    "find_wordnet",
    "DEBIAN_WORDNET_DIR",
    "WordNetNotFound",
]

#: Where Debian's ``wordnet-base`` installs the WordNet 3.0 database.
DEBIAN_WORDNET_DIR = Path("/usr/share/wordnet")

_REQUIRED = (
    "index.noun",
    "index.verb",
    "index.adj",
    "index.adv",
    "data.noun",
    "data.verb",
    "data.adj",
    "data.adv",
)

# The standard WordNet 3.0 lexicographer files, in file-number order (lexnames(5WN)).
_LEXNAMES = (
    "adj.all adj.pert adv.all noun.Tops noun.act noun.animal noun.artifact noun.attribute "
    "noun.body noun.cognition noun.communication noun.event noun.feeling noun.food "
    "noun.group noun.location noun.motive noun.object noun.person noun.phenomenon "
    "noun.plant noun.possession noun.process noun.quantity noun.relation noun.shape "
    "noun.state noun.substance noun.time verb.body verb.change verb.cognition "
    "verb.communication verb.competition verb.consumption verb.contact verb.creation "
    "verb.emotion verb.motion verb.perception verb.possession verb.social verb.stative "
    "verb.weather adj.ppl"
).split()
_SYNTACTIC_CATEGORY = {"adj": 3, "adv": 4, "noun": 1, "verb": 2}
_LEXNAMES_TEXT = "".join(
    f"{i:02d}\t{name}\t{_SYNTACTIC_CATEGORY[name.split('.')[0]]}\n"
    for i, name in enumerate(_LEXNAMES)
)

#: The four parts of speech WordNet covers (nltk's tags).
POS_TAGS = ("n", "v", "a", "r")

SynsetId = Tuple[str, int]


class WordNetNotFound(EvalkitError):
    """No WordNet database was found; the message says what to install."""


def _has_dict_files(path: Path) -> bool:
    return all((path / name).is_file() for name in _REQUIRED)


def find_wordnet(path: Union[str, os.PathLike, None] = None):
    """Locate the WordNet database directory (see the module docstring for the order).

    Returns a :class:`pathlib.Path` or an nltk ``PathPointer`` (for a zipped NLTK corpus).
    Raises :class:`WordNetNotFound` naming every place searched and what to install.
    """
    searched = []
    if path is not None:
        p = Path(path)
        if _has_dict_files(p):
            return p
        raise WordNetNotFound(
            f"{p} is not a WordNet database directory (it needs {', '.join(_REQUIRED)})"
        )
    env = config.get("EVALKIT_WORDNET")
    if env:
        p = Path(env)
        if _has_dict_files(p):
            return p
        searched.append(f"EVALKIT_WORDNET={env}")
    try:
        import nltk.data

        pointer = nltk.data.find("corpora/wordnet")
        return pointer
    except LookupError:
        searched.append("NLTK data directories (corpora/wordnet)")
    except Exception:  # a broken NLTK data directory must not hide the Debian copy
        searched.append("NLTK data directories (unreadable)")
    for p in (DEBIAN_WORDNET_DIR, DEBIAN_WORDNET_DIR / "dict"):
        if _has_dict_files(p):
            return p
    searched.append(str(DEBIAN_WORDNET_DIR))
    raise WordNetNotFound(
        "WordNet 3.0 not found (searched: " + "; ".join(searched) + "). Install Debian's "
        "'wordnet-base' package (apt-get install wordnet-base), or put NLTK's 'wordnet' corpus "
        "in an NLTK data directory, or set EVALKIT_WORDNET to a WordNet dict directory."
    )


class _LazyLemmaIndex(dict):
    """nltk's ``lemma -> pos -> synset offsets`` map, filled on demand.

    nltk parses all 155,000 index lines when it opens WordNet (most of its second of
    start-up); METEOR looks up a few thousand words. WordNet's ``index.*`` files are sorted
    (the WordNet C library binary-searches them), so a lemma's line is found by bisection
    and parsed exactly as nltk's ``_load_lemma_pos_offset_map`` parses it. Unsorted files
    make the reader fall back to nltk's full load.
    """

    def __init__(self, reader, lines_by_pos):
        super().__init__()
        self._reader = reader
        self._lines = lines_by_pos
        self._absent: set = set()  # lemmas known to be missing (morphy asks once per POS)

    def _lookup(self, lemma):
        from nltk.corpus.reader.wordnet import ADJ, ADJ_SAT

        entry = {}
        probe = lemma + " "
        for pos, lines in self._lines.items():
            i = bisect.bisect_left(lines, probe)
            if i < len(lines) and lines[i].startswith(probe):
                fields = lines[i].split()
                n_synsets = int(fields[2])
                n_pointers = int(fields[3])
                start = 4 + n_pointers + 2
                offsets = [int(x) for x in fields[start : start + n_synsets]]
                entry[fields[1]] = offsets
                if fields[1] == ADJ:
                    sat = self._reader.satellite_offsets
                    entry[ADJ_SAT] = [o for o in offsets if o in sat]
        return entry

    def __contains__(self, lemma):
        if dict.__contains__(self, lemma):
            return True
        if lemma in self._absent:
            return False
        entry = self._lookup(lemma)
        if entry:
            self[lemma] = entry
            return True
        self._absent.add(lemma)
        return False

    def __missing__(self, lemma):
        entry = self._lookup(lemma)
        self[lemma] = entry
        return entry


#: A satellite adjective synset's line in ``data.adj``: "<8-digit offset> <2-digit lex file> s ".
_SATELLITE_LINE = re.compile(r"^(\d{8}) \d\d s ", re.MULTILINE)


def _reader_class():
    from nltk.corpus.reader.wordnet import ADJ, WordNetCorpusReader

    class _Reader(WordNetCorpusReader):
        """nltk's reader, with ``lexnames`` served from memory when the files lack it,
        and the lemma index read on demand (:class:`_LazyLemmaIndex`)."""

        def _load_lemma_pos_offset_map(self):
            lines_by_pos = {}
            for suffix in self._FILEMAP.values():
                with self.open(f"index.{suffix}") as fp:
                    lines = [
                        line for line in fp.read().split("\n") if line and not line.startswith(" ")
                    ]
                if any(a >= b for a, b in zip(lines, lines[1:])):
                    return super()._load_lemma_pos_offset_map()
                lines_by_pos[suffix] = lines
            self._lemma_pos_offset_map = _LazyLemmaIndex(self, lines_by_pos)

        def _scan_satellites(self):
            # nltk splits every line of data.adj in Python (a third of opening WordNet);
            # a satellite's line starts "<offset> <lex_filenum> s ", so one regular
            # expression over the file finds the same set (tests/test_wordnet.py).
            fp = self._data_file(ADJ)
            fp.seek(0)
            text = fp.read()
            fp.seek(0)
            if isinstance(text, bytes):
                text = text.decode("utf-8", "replace")
            self.satellite_offsets = {int(m) for m in _SATELLITE_LINE.findall(text)}

        def open(self, file):  # noqa: A003 - nltk's name
            if file == "lexnames":
                try:
                    return super().open(file)
                except (OSError, IOError):
                    return io.StringIO(_LEXNAMES_TEXT)
            return super().open(file)

        def map_wn(self, version="wordnet"):
            # Only the multilingual (OMW) functions use this mapping; computing it would
            # look for nltk's own 'wordnet' corpus, which need not exist.
            return None

    return _Reader


class WordNet:
    """WordNet lookups METEOR needs: base forms (morphy) and synset ids, cached per word.

    Parameters
    ----------
    path : directory of the WordNet dict files, or None to search (see module docstring).

    Attributes
    ----------
    root : where the database was found. ``version`` : the version its files declare
    (``"3.0"`` for Debian's ``wordnet-base`` and NLTK's corpus). ``reader`` : the nltk
    reader, for any other lookup by word (``reader.synsets("dog")``); its lemma index fills
    on demand, so functions enumerating all lemmas (``all_lemma_names``) see only the words
    looked up so far.
    """

    def __init__(self, path: Union[str, os.PathLike, None] = None):
        root = find_wordnet(path)
        import nltk.data

        root_text = str(getattr(root, "path", root))
        if root_text not in [str(getattr(p, "path", p)) for p in nltk.data.path]:
            nltk.data.path.append(root_text)
        with warnings.catch_warnings():
            # "The multilingual functions are not available": expected, we pass no OMW reader.
            warnings.simplefilter("ignore")
            try:
                self.reader = _reader_class()(
                    root if not isinstance(root, Path) else root_text, None
                )
            except (OSError, ValueError, AssertionError) as exc:
                raise WordNetNotFound(
                    f"cannot read the WordNet database at {root_text}: {exc}"
                ) from exc
        self.root = root_text
        self.version = self.reader.get_version()
        self._index = self.reader._lemma_pos_offset_map
        self._base_cache: dict = {}
        self._synset_cache: dict = {}

    def __repr__(self) -> str:
        return f"WordNet(version={self.version!r}, root={self.root!r})"

    def base_forms(self, word: str) -> FrozenSet[str]:
        """WordNet base forms of ``word`` over all four parts of speech (morphy).

        Only forms present in WordNet are returned; empty for words WordNet lacks.
        """
        cached = self._base_cache.get(word)
        if cached is None:
            w = word.lower()
            morphy = self.reader._morphy
            cached = frozenset(form for pos in POS_TAGS for form in morphy(w, pos))
            self._base_cache[word] = cached
        return cached

    def synset_ids(self, word: str) -> FrozenSet[SynsetId]:
        """Ids ``(pos, offset)`` of every synset of every sense of ``word`` (all POS).

        The same set as ``{(s.pos() if s.pos() != 's' else 'a', s.offset()) for s in
        wn.synsets(word)}``: senses of the morphy base forms, no disambiguation.
        """
        cached = self._synset_cache.get(word)
        if cached is None:
            w = word.lower()
            morphy = self.reader._morphy
            index = self._index
            cached = frozenset(
                (pos, offset)
                for pos in POS_TAGS
                for form in morphy(w, pos)
                for offset in index[form].get(pos, ())
            )
            self._synset_cache[word] = cached
        return cached


_LOCK = threading.Lock()
_LOADED: dict = {}


class SynonymTable:
    """A stand-in for :class:`WordNet` made of explicit synonym groups, for examples and tests
    that must not depend on an installed WordNet: :meth:`synset_ids` of a word are the ids
    ``("n", i)`` of the groups ``i`` that hold it (what synonym matching asks of WordNet).

    Parameters
    ----------
    *groups : iterable of str
        The synonym groups, each a synset of its own.

    Examples
    --------
    >>> from evalkit.text.wordnet import SynonymTable
    >>> table = SynonymTable(("car", "automobile"), ("car", "railcar"))
    >>> sorted(table.synset_ids("car")), table.synset_ids("automobile"), table.synset_ids("bus")
    ([('n', 0), ('n', 1)], frozenset({('n', 0)}), frozenset())
    """

    def __init__(self, *groups):
        self._ids: dict = {}
        for i, group in enumerate(groups):
            for word in group:
                self._ids.setdefault(word, set()).add(("n", i))

    def synset_ids(self, word: str) -> FrozenSet[SynsetId]:
        return frozenset(self._ids.get(word, ()))


def load_wordnet(
    path: Union[str, os.PathLike, None] = None, required: bool = True
) -> Optional[WordNet]:
    """A process-wide shared :class:`WordNet` per location (opening it takes ~0.1-0.5 s).

    Without WordNet raises :class:`WordNetNotFound`, or returns None if not ``required``.
    """
    key = None if path is None else os.fspath(path)
    with _LOCK:
        wn = _LOADED.get(key)
        if wn is None:
            try:
                wn = WordNet(path)
            except WordNetNotFound:
                if required:
                    raise
                return None
            _LOADED[key] = wn
        return wn
