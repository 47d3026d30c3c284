"""DUC source documents: the TREC-style SGML document sets a summarizer read.

DUC 2001-2007 ship their document clusters as one directory per docset holding one file
per news document (``duc2004_tasks1and2_docs/docs/d30001t/APW19981016.0240``,
``duc2005_docs/d301i/FT921-10162``, ``duc2006_docs/D0601A/APW19990707.0181``). TVM.n of
Amigó et al. (2005b) takes its terms from these documents, and the ISCORPUS metrics
SentencePrecision/SentenceRecall/DocSim (Amigó et al. 2005a) compare the source
sentences that extracts were made of.

Layout
------
::

    <root>/<docset directory>/<file>      every regular file (hidden files skipped)

A docset directory is named ``[dD]<digits>[<letter>]``: the docset id is ``D<digits>``
(the instance id of :mod:`evalkit.data.duc`: ``d30001t`` -> ``D30001``, ``d301i`` ->
``D301``, ``D0601A`` -> ``D0601``) and the trailing letter the selector (NIST's ``t`` of
tasks 1-2, the assessor of DUC 2005-2007; none: ``d188`` -> ``D188``). Another directory
name, a file directly in ``<root>``, or two directories of the same docset are format
errors.

File format (Latin-1 like every NIST file; :func:`evalkit.data.duc.decode` checks it)::

    <DOC>
    <DOCNO> APW19981016.0240 </DOCNO>
    <DOCTYPE> NEWS STORY </DOCTYPE>          other elements: ignored
    <HEADLINE> optional headline </HEADLINE>
    <TEXT>
    <s num="1"> One sentence. </s>           sentence-split body (DUC 2001-2002 style,
    <s num="2"> Another. </s>                and what the writer writes), or
       An untagged paragraph ...             untagged body: a paragraph per indented or
    <P> a paragraph </P>                     blank-line-separated block or <P> element
    </TEXT>
    </DOC>

One file may hold several ``<DOC>`` elements (TREC files do). Tags are case-insensitive,
``</P>`` may be left out (TREC habit); ``<DOC>``, ``<DOCNO>``, ``<HEADLINE>``, ``<TEXT>``
and ``<s>`` must be closed. The five XML entities are decoded, the writer encodes
``& < >``. Whitespace inside a sentence or paragraph collapses to one space. An empty
``<s>`` is read as an empty sentence (nothing is dropped); the writer refuses one.

A document's ``sentences`` are its ``<s>`` elements when its body has them (text between
them is an error: the body is either sentence-split or not), otherwise its paragraphs
(split them with a sentence splitter where sentences are needed; the DUC 2004-2007
documents are not sentence-split).

Errors (:class:`~evalkit.errors.InputFormatError`, naming the file and line): text
outside ``<DOC>``, an element left open (``<DOC>`` opened at line N and not closed before
the next ``<DOC>`` or the end of the file, ``<TEXT>`` or ``<s>`` still open at
``</DOC>``), a closing tag without its opening one, ``<DOCNO>`` missing, empty or given
twice, a DOCNO used twice in one docset (both places named), a ``<s>`` outside
``<TEXT>``.

Frame
-----
:func:`read_documents` returns the data-model ``documents`` table (``instance, document,
sentences``) plus ``headline``, ``selector`` and ``file`` (relative to the root);
``attrs["files"]`` lists every file read. :func:`write_documents` writes such a frame
back (one file per document, named by its DOCNO) and :func:`read_documents` of the result
gives the same table.

Why our own: the NIST files are SGML with optional end tags and stray ``&``, which XML
parsers refuse; no maintained package reads the DUC layout.
"""

from __future__ import annotations

import bisect
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Iterable, List, NamedTuple, Optional, Sequence, Tuple
from xml.sax.saxutils import unescape as _xml_unescape

import pandas as pd

from evalkit.atomic import atomic_write_bytes
from evalkit.inputs import read_input
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "SourceDocument",
    "DocumentCollection",
    "DOCSET_DIRECTORY",
    "parse_docset_directory",
    "docset_directory",
    "parse_documents",
    "read_document_file",
    "read_documents",
    "format_document",
    "write_documents",
    "read_document_collection",
]

DOCSET_DIRECTORY = re.compile(r"^[dD](\d+)([A-Za-z]?)$")
_TAG = re.compile(r"<(/?)([A-Za-z][\w.-]*)(\s[^<>]*)?>")
_FIELDS = ("DOCNO", "HEADLINE", "TEXT")
_SPACE = re.compile(r"\s+")
_ENTITIES = {"&quot;": '"', "&apos;": "'"}
#: 2004-style lower-case directories (d30001t, d301i) up to 2005, upper case (D0601A) after
_UPPER_FROM = 2006


class SourceDocument(NamedTuple):
    """One ``<DOC>``: its DOCNO, headline (None when absent), sentences or paragraphs,
    whether the body was sentence-split, and the line of its ``<DOC>``."""

    docno: str
    headline: Optional[str]
    sentences: Tuple[str, ...]
    sentence_split: bool
    line: int


@dataclass
class DocumentCollection:
    """Source documents as a licensed data set (``duc2004-docs``): the ``documents``
    frame and provenance ``meta``."""

    documents: pd.DataFrame
    meta: dict = field(default_factory=dict)


def parse_docset_directory(
    name: str, where: Optional[PathLike] = None
) -> Tuple[str, Optional[str]]:
    """``(docset id, selector or None)`` of a docset directory name (``d30001t`` ->
    ``("D30001", "T")``)."""
    m = DOCSET_DIRECTORY.match(name)
    if not m:
        raise InputFormatError(
            where if where is not None else name,
            None,
            "a docset directory named d<digits>[<letter>] (d30001t, d301i, D0601A)",
            found=name,
        )
    return f"D{m.group(1)}", (m.group(2).upper() or None)


def docset_directory(docset: str, selector: Optional[str], year: int) -> str:
    """The directory name NIST gives a docset in ``year`` (the inverse of
    :func:`parse_docset_directory`)."""
    m = re.match(r"^[dD](\d+)$", str(docset))
    if not m:
        raise ParameterError("docset", docset, "a DUC docset id D<digits>")
    sel = "" if selector is None else str(selector)
    if len(sel) > 1 or (sel and not sel.isalpha()):
        raise ParameterError("selector", selector, "one letter or None")
    return (
        f"D{m.group(1)}{sel.upper()}" if int(year) >= _UPPER_FROM else f"d{m.group(1)}{sel.lower()}"
    )


def _clean(text: str) -> str:
    out = _SPACE.sub(" ", text).strip()
    return _xml_unescape(out, _ENTITIES) if "&" in out else out


def _paragraphs(raw: str) -> List[str]:
    """Blocks of an untagged body: a blank line or an indented line starts a paragraph."""
    out: List[List[str]] = []
    new = True
    for line in raw.split("\n"):
        if not line.strip():
            new = True
            continue
        if new or line[:1] in (" ", "\t"):
            out.append([])
        out[-1].append(line)
        new = False
    return [p for p in (_clean(" ".join(b)) for b in out) if p]


class _Doc:
    def __init__(self, line: int):
        self.line = line
        self.docno: Optional[str] = None
        self.headline: Optional[str] = None
        self.field: Optional[Tuple[str, int]] = None  # open field and its line
        self.buffer: List[str] = []
        self.sentences: List[str] = []
        self.sentence: Optional[int] = None  # line of an open <s>
        self.paragraphs: List[str] = []
        self.raw: List[str] = []  # untagged body text of the current paragraph
        self.split = False


def parse_documents(text: str, path: Optional[PathLike] = None) -> List[SourceDocument]:
    """The ``<DOC>`` elements of one file's text (see the module docstring)."""
    starts = [0] + [m.end() for m in re.finditer("\n", text)]
    line_of = lambda offset: bisect.bisect_right(starts, offset)  # noqa: E731
    docs: List[SourceDocument] = []
    doc: Optional[_Doc] = None
    pos = 0

    def fail(offset: int, expected: str, found: Optional[str] = None):
        raise InputFormatError(path, line_of(offset), expected, found=found)

    def flush_paragraph(d: _Doc) -> None:
        d.paragraphs += _paragraphs("".join(d.raw))
        d.raw = []

    for m in list(_TAG.finditer(text)) + [None]:
        chunk = text[pos : m.start() if m else len(text)]
        if doc is None:
            if chunk.strip():
                fail(
                    pos + len(chunk) - len(chunk.lstrip()),
                    "<DOC> (text outside a document)",
                    chunk.strip()[:40],
                )
        elif doc.field is not None and doc.field[0] in ("DOCNO", "HEADLINE"):
            doc.buffer.append(chunk)
        elif doc.field is not None:  # TEXT
            if doc.sentence is not None:
                doc.buffer.append(chunk)
            elif doc.split:
                if chunk.strip():
                    fail(
                        pos + len(chunk) - len(chunk.lstrip()),
                        "<s> elements only in a sentence-split <TEXT>",
                        chunk.strip()[:40],
                    )
            else:
                doc.raw.append(chunk)
        if m is None:
            break
        pos = m.end()
        closing, name, at = m.group(1) == "/", m.group(2).upper(), m.start()
        if name == "DOC":
            if not closing:
                if doc is not None:
                    fail(at, f"</DOC> closing the <DOC> opened at line {doc.line}", "<DOC>")
                doc = _Doc(line_of(at))
                continue
            if doc is None:
                fail(at, "<DOC> before </DOC>", "</DOC>")
            if doc.field is not None:
                fail(
                    at,
                    f"</{doc.field[0]}> closing the <{doc.field[0]}> opened at line {doc.field[1]}",
                    "</DOC>",
                )
            if doc.docno is None:
                fail(at, f"a <DOCNO> in the <DOC> opened at line {doc.line}", "</DOC>")
            flush_paragraph(doc)
            body = tuple(doc.sentences) if doc.split else tuple(doc.paragraphs)
            docs.append(SourceDocument(doc.docno, doc.headline, body, doc.split, doc.line))
            doc = None
        elif name in _FIELDS:
            if doc is None:
                fail(at, f"<{name}> inside a <DOC>", m.group(0))
            if not closing:
                if doc.field is not None:
                    fail(
                        at,
                        f"</{doc.field[0]}> closing the <{doc.field[0]}> opened at line {doc.field[1]}",
                        m.group(0),
                    )
                if name == "DOCNO" and doc.docno is not None:
                    fail(at, "one <DOCNO> per <DOC>", m.group(0))
                doc.field, doc.buffer = (name, line_of(at)), []
                continue
            if doc.field is None or doc.field[0] != name:
                fail(at, f"<{name}> before </{name}>", m.group(0))
            if doc.sentence is not None:
                fail(at, f"</s> closing the <s> opened at line {doc.sentence}", m.group(0))
            if name == "DOCNO":
                docno = _clean("".join(doc.buffer))
                if not docno or len(docno.split()) != 1:
                    fail(at, "a DOCNO (one non-empty word)", docno)
                doc.docno = docno
            elif name == "HEADLINE":
                doc.headline = _clean("".join(doc.buffer))
            else:
                flush_paragraph(doc)
            doc.field = None
        elif name == "S" and doc is not None and doc.field is not None:
            if doc.field[0] != "TEXT":
                fail(at, f"</{doc.field[0]}> before <s>", m.group(0))
            if not closing:
                if doc.sentence is not None:
                    fail(at, f"</s> closing the <s> opened at line {doc.sentence}", m.group(0))
                if not doc.split and ("".join(doc.raw).strip() or doc.paragraphs):
                    fail(at, "a <TEXT> that is either sentence-split (<s> only) or not", m.group(0))
                doc.split, doc.sentence, doc.buffer = True, line_of(at), []
                continue
            if doc.sentence is None:
                fail(at, "<s> before </s>", m.group(0))
            doc.sentences.append(_clean("".join(doc.buffer)))
            doc.sentence = None
        elif name == "S":
            fail(at, "<s> inside <TEXT>", m.group(0))
        elif name == "P" and doc is not None and doc.field is not None and doc.field[0] == "TEXT":
            if doc.sentence is not None:
                fail(at, f"</s> closing the <s> opened at line {doc.sentence}", m.group(0))
            flush_paragraph(doc)
        # any other element (DOCTYPE, DATE_TIME, ANNOTATION, ...) is markup only
    if doc is not None:
        fail(
            len(text.rstrip()), f"</DOC> closing the <DOC> opened at line {doc.line}", "end of file"
        )
    return docs


def read_document_file(path: PathLike, encoding: str = "latin-1") -> List[SourceDocument]:
    """The documents of one file (at least one ``<DOC>``)."""
    from evalkit.data.duc import decode

    text = decode(read_input(path, "DUC document file"), path, encoding).replace("\r\n", "\n")
    docs = parse_documents(text, path)
    if not docs:
        raise InputFormatError(path, None, "at least one <DOC> element")
    return docs


def read_documents(
    root: PathLike, encoding: str = "latin-1", docsets: Optional[Iterable[str]] = None
) -> pd.DataFrame:
    """Every document below ``root`` (see the module docstring), sorted by instance and
    document; ``docsets`` keeps only those instances."""
    from evalkit.text.natural_sort import natural_key

    root = Path(root)
    if not root.is_dir():
        raise InputFormatError(root, None, "a directory of DUC docset directories")
    wanted = None if docsets is None else set(docsets)
    rows, files, seen = [], [], {}
    dirs: Dict[str, Path] = {}
    for entry in sorted(root.iterdir(), key=lambda p: natural_key(p.name)):
        if entry.name.startswith("."):
            continue
        if not entry.is_dir():
            raise InputFormatError(
                entry, None, "only docset directories directly below the documents root"
            )
        docset, selector = parse_docset_directory(entry.name, entry)
        if docset in dirs:
            raise InputFormatError(
                entry, None, f"one directory per docset ({docset} is also {dirs[docset].name})"
            )
        dirs[docset] = entry
        if wanted is not None and docset not in wanted:
            continue
        for f in sorted(
            (p for p in entry.rglob("*") if p.is_file() and not p.name.startswith(".")),
            key=lambda p: natural_key(str(p.relative_to(entry))),
        ):
            files.append(f)
            for d in read_document_file(f, encoding):
                if (docset, d.docno) in seen:
                    first = seen[(docset, d.docno)]
                    raise InputFormatError(
                        f,
                        d.line,
                        f"a DOCNO not used before in docset {docset}",
                        found=f"{d.docno} (also {first[0]}, line {first[1]})",
                    )
                seen[(docset, d.docno)] = (f, d.line)
                rows.append(
                    {
                        "instance": docset,
                        "document": d.docno,
                        "sentences": d.sentences,
                        "headline": d.headline,
                        "selector": selector,
                        "file": str(f.relative_to(root)),
                    }
                )
    if wanted is not None and wanted - set(dirs):
        raise InputFormatError(
            root, None, f"docset directories for {sorted(wanted - set(dirs), key=natural_key)}"
        )
    if not rows:
        raise InputFormatError(root, None, "at least one docset directory with a document")
    out = pd.DataFrame(
        rows, columns=["instance", "document", "sentences", "headline", "selector", "file"]
    )
    out = out.sort_values(
        ["instance", "document"], key=lambda c: c.map(natural_key), kind="mergesort"
    )
    out = out.reset_index(drop=True)
    out.attrs["files"] = [str(f) for f in files]
    return out


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def format_document(docno: str, sentences: Sequence[str], headline: Optional[str] = None) -> str:
    """One ``<DOC>`` with a sentence-split body (the module docstring's layout)."""
    if not isinstance(docno, str) or len(docno.split()) != 1 or docno != docno.strip():
        raise ParameterError("docno", docno, "one non-empty word")
    lines = ["<DOC>", f"<DOCNO> {docno} </DOCNO>"]
    if headline is not None:
        lines.append(f"<HEADLINE> {_escape(_clean(headline))} </HEADLINE>")
    lines.append("<TEXT>")
    for i, s in enumerate(sentences, 1):
        if not isinstance(s, str) or not s.strip() or _SPACE.sub(" ", s).strip() != s:
            raise ParameterError(
                "sentences",
                s,
                f"non-empty sentences without surrounding or repeated "
                f"whitespace (document {docno}, sentence {i})",
            )
        lines.append(f'<s num="{i}"> {_escape(s)} </s>')
    lines += ["</TEXT>", "</DOC>"]
    return "\n".join(lines) + "\n"


def write_documents(
    documents: pd.DataFrame,
    root: PathLike,
    year: int,
    selectors: Optional[Dict[str, str]] = None,
    encoding: str = "latin-1",
) -> List[Path]:
    """Write ``documents`` (``instance, document, sentences`` [, ``headline``]) below ``root``:
    one file per document named by its DOCNO, in the docset directory of ``year``
    (:func:`docset_directory`; the selector from ``selectors`` or the frame's ``selector``
    column). Returns the files written."""
    from evalkit.data.duc import encode

    missing = [c for c in ("instance", "document", "sentences") if c not in documents.columns]
    if missing:
        raise ParameterError(
            "documents", list(documents.columns), "columns instance, document, sentences"
        )
    if documents.duplicated(["instance", "document"]).any():
        raise ParameterError(
            "documents", "duplicate (instance, document)", "one row per document of a docset"
        )
    out = []
    for row in documents.to_dict("records"):
        sel = (selectors or {}).get(row["instance"], row.get("selector"))
        sel = None if sel is None or (isinstance(sel, float) and sel != sel) else sel
        head = row.get("headline")
        head = None if head is None or (isinstance(head, float) and head != head) else head
        if "/" in row["document"] or row["document"].startswith("."):
            raise ParameterError("document", row["document"], "a DOCNO usable as a file name")
        path = Path(root) / docset_directory(row["instance"], sel, year) / row["document"]
        atomic_write_bytes(
            path,
            encode(
                format_document(row["document"], row["sentences"], head),
                f"document {row['document']}",
                encoding,
            ),
        )
        out.append(path)
    return out


def read_document_collection(root: PathLike, encoding: str = "latin-1") -> DocumentCollection:
    """The licensed ``duc2004-docs`` entry: the documents below ``root``, with provenance."""
    frame = read_documents(root, encoding)
    return DocumentCollection(
        frame,
        {
            "source": str(root),
            "encoding": encoding,
            "documents": len(frame),
            "docsets": int(frame["instance"].nunique()),
        },
    )
