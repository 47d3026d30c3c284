"""Lexica and gold sets for :mod:`evalkit.text.decompound`: readers, writers, locations.

Formats (UTF-8 unless said otherwise; ``#`` comment lines and blank lines are allowed only
where stated):

* **word list** (:func:`read_word_list`): one word per line, no spaces or tabs inside a
  word (the Debian ``wngerman``, ``wdutch``, ``wswedish``, ``wdanish``, ``wnorwegian``
  lists under ``/usr/share/dict``; their encodings are in :data:`DEBIAN_WORD_LISTS`).
  Entries get POS ``X`` (the lists carry none); German capitalised nouns are lower-cased.
* **hunspell dictionary** (:func:`read_hunspell_dic`): first line the entry count, then
  ``word[/FLAGS][ morphology]``; the encoding is the ``SET`` line of the ``.aff`` beside
  it (UTF-8 if none). Affix flags are not expanded (stems only).
* **lexicon TSV** (:func:`read_lexicon_tsv` / :func:`write_lexicon_tsv`): header
  ``form<TAB>lemma<TAB>pos``; one reading per line (a compound-only stem: its form and
  the lemma it stands for).
* **gold TSV** (:func:`read_gold_tsv` / :func:`write_gold_tsv`): header
  ``word<TAB>decompositions[<TAB>segmentation]``; decompositions separated by ``|``,
  components (lemmas) by ``#`` (``barn#bog|barne#bog``); the optional segmentation marks
  the surface components with ``#`` and a connector in braces, attached to the component
  it follows (``kjærlighet{s}#brev``). The lexicalized-compound file has the same format.

Every reader raises :class:`~evalkit.errors.InputFormatError` naming the file, the line
and what was expected (bad encoding, wrong column count, empty field, a word with spaces,
a segmentation that does not spell the word, a missing file).
"""

from __future__ import annotations

import codecs
import re
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

from evalkit.atomic import atomic_write_text
from evalkit.inputs import read_text
from evalkit.input_numbers import is_uint
from evalkit.errors import DataNotConfiguredError, InputFormatError, ParameterError
from evalkit.text.decompound import Analysis, Lexicon

PathLike = Union[str, Path]

#: Debian word lists: language -> (package, file name under /usr/share/dict, encoding).
DEBIAN_WORD_LISTS: Dict[str, Tuple[str, str, str]] = {
    "de": ("wngerman", "ngerman", "utf-8"),
    "nl": ("wdutch", "dutch", "utf-8"),
    "sv": ("wswedish", "swedish", "iso-8859-1"),
    "da": ("wdanish", "danish", "utf-8"),
    "no": ("wnorwegian", "bokmaal", "iso-8859-1"),
}
DICT_DIR = Path("/usr/share/dict")

__all__ = [
    "DEBIAN_WORD_LISTS",
    "debian_word_list",
    "read_word_list",
    "read_hunspell_dic",
    "read_lexicon_tsv",
    "write_lexicon_tsv",
    "read_gold_tsv",
    "write_gold_tsv",
    "parse_segmentation",
    "format_segmentation",
    "lexicon_from_words",
]


def debian_word_list(language: str, directory: PathLike = DICT_DIR) -> Path:
    """The installed Debian word list of ``language`` (see :data:`DEBIAN_WORD_LISTS`);
    DataNotConfiguredError naming the package to install when it is missing."""
    if language not in DEBIAN_WORD_LISTS:
        raise ParameterError("language", language, f"one of {sorted(DEBIAN_WORD_LISTS)}")
    package, name, _ = DEBIAN_WORD_LISTS[language]
    path = Path(directory) / name
    if not path.is_file():
        raise DataNotConfiguredError(
            f"the {language} word list {path}",
            f"apt-get install {package} (listed in requirements/apt.txt)",
        )
    return path


def _lines(path: PathLike, encoding: str = "utf-8") -> List[str]:
    """The lines of a text file (missing file, directory, NUL and undecodable bytes are
    InputFormatErrors naming the file and line; a UTF-8 byte-order mark is dropped)."""
    lines = read_text(path, "file", encoding).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _aff_encoding(aff: Path) -> str:
    """The ``SET`` encoding of a hunspell ``.aff`` (UTF-8 without one); an encoding
    Python does not know is an InputFormatError naming the ``.aff`` line."""
    for n, line in enumerate(read_text(aff, "hunspell .aff file", "latin-1").split("\n"), 1):
        if line.startswith("SET "):
            name = (line.split() + [""])[1].strip()
            try:
                codecs.lookup(name)
            except LookupError:
                raise InputFormatError(
                    aff, n, "SET <a known encoding> (e.g. UTF-8, ISO8859-1)", found=line[:40]
                ) from None
            return name
    return "utf-8"


def read_word_list(path: PathLike, encoding: str = "utf-8", phrases: bool = False) -> List[str]:
    """The entries of a one-entry-a-line list (lower-cased, order kept, duplicates dropped);
    entries with spaces (the Dutch list has ``'10 eurobiljet'``) are kept when ``phrases``,
    else an error. A blank line is always an error."""
    words: Dict[str, None] = {}
    for i, line in enumerate(_lines(path, encoding), 1):
        word = line.strip()
        if not word or (not phrases and any(ch.isspace() for ch in word)):
            raise InputFormatError(
                path, i, "one word per line (no blank lines, no spaces)", found=repr(line[:40])
            )
        words[word.lower()] = None
    return list(words)


def lexicon_from_words(words: Iterable[str], pos: str = "X") -> Lexicon:
    """A lexicon whose every word is its own lemma with POS ``pos``."""
    return Lexicon.from_words(words, pos)


def read_hunspell_dic(path: PathLike) -> List[str]:
    """The stems of a hunspell ``.dic`` (flags and morphology dropped, lower-cased)."""
    path = Path(path)
    aff = path.with_suffix(".aff")
    encoding = _aff_encoding(aff) if aff.exists() else "utf-8"
    lines = _lines(path, encoding)
    if not lines or not is_uint(lines[0].strip()):
        raise InputFormatError(
            path, 1, "the entry count (a number)", found=repr(lines[0][:40]) if lines else "empty"
        )
    words: Dict[str, None] = {}
    for i, line in enumerate(lines[1:], 2):
        entry = line.split("\t")[0].split(" ")[0]
        stem = re.split(r"(?<!\\)/", entry)[0].replace("\\/", "/").strip()
        if not stem:
            if line.strip():
                raise InputFormatError(path, i, "word[/FLAGS]", found=repr(line[:40]))
            continue
        words[stem.lower()] = None
    return list(words)


def _tsv_rows(path: PathLike, header: Sequence[str], optional: int = 0):
    lines = _lines(path)
    if not lines or lines[0].split("\t")[: len(header) - optional] != list(
        header[: len(header) - optional]
    ):
        raise InputFormatError(
            path,
            1,
            "header " + "<TAB>".join(header),
            found=repr(lines[0][:60]) if lines else "empty",
        )
    width = len(lines[0].split("\t"))
    if width > len(header):
        raise InputFormatError(path, 1, "header " + "<TAB>".join(header), found=repr(lines[0][:60]))
    for i, line in enumerate(lines[1:], 2):
        if not line.strip() or line.startswith("#"):
            continue
        cells = line.split("\t")
        if len(cells) != width or any(not c.strip() for c in cells):
            raise InputFormatError(
                path,
                i,
                f"{width} non-empty tab-separated fields ({', '.join(header[:width])})",
                found=repr(line[:60]),
            )
        yield i, [c.strip() for c in cells]


def read_lexicon_tsv(path: PathLike, lexicalized: Optional[PathLike] = None) -> Lexicon:
    """A :class:`Lexicon` from a lexicon TSV (and a lexicalized-compound gold TSV)."""
    entries = [
        (form, lemma, pos) for _, (form, lemma, pos) in _tsv_rows(path, ("form", "lemma", "pos"))
    ]
    lex = {w: d for w, (d, _) in read_gold_tsv(lexicalized).items()} if lexicalized else {}
    return Lexicon.from_entries(entries, lex)


def write_lexicon_tsv(lexicon: Lexicon, path: PathLike) -> Path:
    """Write the readings of ``lexicon`` as a lexicon TSV (sorted; atomic)."""
    rows = sorted((f, lemma, pos) for f, rs in lexicon.forms.items() for lemma, pos in rs)
    return atomic_write_text(
        Path(path), "form\tlemma\tpos\n" + "".join(f"{f}\t{l}\t{p}\n" for f, l, p in rows)
    )


def parse_segmentation(
    word: str, text: str, path: PathLike = "<string>", line: Optional[int] = None
) -> Analysis:
    """``kjærlighet{s}#brev`` -> spans ((0, 10), (11, 15)), connectors ("s",)."""
    spans, conns, pos = [], [], 0
    for part in text.split("#"):
        m = re.fullmatch(r"([^{}]+)(?:\{([^{}]+)\})?", part)
        if m is None:
            raise InputFormatError(
                path,
                line,
                "components joined by '#', a connector in braces after its component",
                found=repr(text),
            )
        spans.append((pos, pos + len(m.group(1))))
        pos += len(m.group(1))
        if m.group(2):
            conns.append(m.group(2))
            pos += len(m.group(2))
    surface = re.sub(r"[{}#]", "", text)
    if surface != word:
        raise InputFormatError(
            path, line, f"a segmentation spelling the word {word!r}", found=repr(text)
        )
    return Analysis(
        tuple(word[s:e] for s, e in spans),
        tuple(word[s:e] for s, e in spans),
        tuple(spans),
        tuple(conns),
    )


def format_segmentation(word: str, analysis: Analysis) -> str:
    """The inverse of :func:`parse_segmentation` (text between spans goes in braces)."""
    out = []
    for k, (s, e) in enumerate(analysis.spans):
        nxt = analysis.spans[k + 1][0] if k + 1 < len(analysis.spans) else len(word)
        out.append(word[s:e] + (f"{{{word[e:nxt]}}}" if nxt > e else ""))
    return "#".join(out)


def read_gold_tsv(
    path: PathLike,
) -> Dict[str, Tuple[Tuple[Tuple[str, ...], ...], Optional[Analysis]]]:
    """word -> (decompositions, surface segmentation or None) from a gold TSV."""
    gold: Dict[str, Tuple[Tuple[Tuple[str, ...], ...], Optional[Analysis]]] = {}
    for i, cells in _tsv_rows(path, ("word", "decompositions", "segmentation"), optional=1):
        word = cells[0].lower()
        if any(ch.isspace() for ch in word):
            raise InputFormatError(path, i, "a word without spaces", found=repr(cells[0]))
        decomps = []
        for d in cells[1].lower().split("|"):
            comps = tuple(c.strip() for c in d.split("#"))
            if len(comps) < 2 or any(not c for c in comps):
                raise InputFormatError(
                    path,
                    i,
                    "decompositions of two or more '#'-joined lemmas, '|'-separated",
                    found=repr(cells[1]),
                )
            decomps.append(comps)
        if word in gold:
            raise InputFormatError(path, i, f"each word once ({word!r} repeats)")
        seg = parse_segmentation(word, cells[2].lower(), path, i) if len(cells) > 2 else None
        gold[word] = (tuple(decomps), seg)
    return gold


def write_gold_tsv(
    gold: Mapping[str, Tuple[Sequence[Sequence[str]], Optional[Analysis]]], path: PathLike
) -> Path:
    """Write a gold TSV (with the segmentation column when every word has one; atomic)."""
    with_seg = all(seg is not None for _, seg in gold.values())
    lines = ["word\tdecompositions" + ("\tsegmentation" if with_seg else "")]
    for word, (decomps, seg) in gold.items():
        cells = [word, "|".join("#".join(d) for d in decomps)] + (
            [format_segmentation(word, seg)] if with_seg else []
        )
        lines.append("\t".join(cells))
    return atomic_write_text(Path(path), "\n".join(lines) + "\n")
