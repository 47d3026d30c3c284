"""DUC 2001-2007 files: summary naming, summary bodies, human-judgment tables.

Formats from ``notes/anchors-and-formats.md`` C.3 (a reading of NIST's files and
SacreROUGE's readers). TAC shares the naming and summary bodies (see
:mod:`evalkit.data.tac`), pyramids are in :mod:`evalkit.data.pyramid`.

Summary files
-------------
Name: ``DOCSET[-G].M|P.LENGTH.SELECTOR.SUMMARIZER[.DOCID]`` -- e.g. ``D30001.M.100.T.A``
(DUC 2003/2004 multi-document), ``D0801-A.M.100.A.3`` (TAC update group A),
``D30003.P.100.T.A.APW19981016.0240`` (single-document: the document id follows).
``LENGTH`` keeps its zero padding (DUC 2002 ``010``/``050``). ``SUMMARIZER`` decides the
type: letters = human model, digits = peer (NIST baselines included); anything else is an
"unknown summarizer id pattern" error. Bodies are plain text, one sentence per line, or
SEE HTML (``<a name="1">[1]</a> <a href="#1" id=1>sentence</a>``), recognised by a
leading ``<html``. An empty file is a blank summary (the empty tuple), e.g. TAC 2008
``D0805-A.M.100.A.5``.

Instance ids: the docset with its update group (``D30001``, ``D0801-A``); a single-document
summary's instance is ``DOCSET.DOCID``; when one corpus holds several lengths for a docset
(DUC 2002) the length is appended (``D061.050``). The instances table keeps ``docset``,
``group``, ``kind``, ``length``, ``selector`` and ``document`` so writers can rebuild the
file names exactly.

Encoding
--------
NIST's DUC/TAC files predate UTF-8; they are ASCII with occasional Latin-1 bytes. Readers
assume **Latin-1** by default and detect the two usual mistakes instead of producing
mojibake: bytes that form valid multi-byte UTF-8 sequences (the file was re-encoded:
pass ``encoding="utf-8"``) and bytes 0x80-0x9F, which are control characters in Latin-1
but curly quotes/dashes in Windows-1252 (pass ``encoding="cp1252"``); either raises
InputFormatError naming the file and line. ``encoding="auto"`` picks UTF-8, then
Windows-1252, then Latin-1. Writers write Latin-1 and refuse characters it cannot hold.

Judgment tables
---------------
Whitespace-separated with a fixed number of header lines and fixed column positions per
year (:data:`TABLES`); ``-`` marks a missing value (no judgment row is made for it; the
number is reported in ``attrs["missing"]``). A row whose docset/summarizer has no summary
in the corpus raises, unless ``skip_bad=True`` (then ``attrs["skipped"]`` counts them);
so do two rows for one summary (and question).

Judgment scales
---------------
Each judgment column has a documented scale (``TableSpec.scales``), checked by the reader
(file, line and allowed range in the message) and by the writer: SEE coverage
mean/median/std 0-1, unit counts integers >= 0, length-adjusted coverage >= 0; DUC 2004
quality questions integers 1-5 (A-E coded 1-5); DUC 2002/2003 quality codes, DUC
2003/2004 responsiveness and DUC 2003 usefulness integers 0-5 (NIST describes 0-4; the
bound refuses only impossible values); DUC 2005-2007 responsiveness and linguistic
quality integers 1-5; the original pyramid score 0-1; the modified pyramid score >= 0
(usually <= 1, above 1 when a summary expresses more SCUs than the models' mean).
"""

from __future__ import annotations

import html
import os
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import pandas as pd

from evalkit.atomic import atomic_write_bytes
from evalkit.inputs import check_text_bytes, read_input
from evalkit.input_numbers import (
    Scale,
    check_scale,
    check_scale_argument,
    is_uint,
    parse_number,
)
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "ENCODINGS",
    "decode",
    "encode",
    "read_decoded",
    "SUMMARY_NAME",
    "SummaryName",
    "parse_summary_name",
    "summarizer_type",
    "read_summary",
    "write_summary",
    "read_summaries",
    "write_summaries",
    "TableSpec",
    "TABLES",
    "read_table",
    "write_table",
    "InstanceIndex",
    "read_corpus",
    "write_corpus",
    "LAYOUTS",
]

ENCODINGS = ("latin-1", "utf-8", "cp1252", "auto")


# --------------------------------------------------------------------------- encoding
def _line_of(data: bytes, offset: int) -> int:
    return data.count(b"\n", 0, offset) + 1


def decode(data: bytes, path: Optional[PathLike], encoding: str = "latin-1") -> str:
    """Decode a NIST file's bytes (see the module docstring for the checks)."""
    if encoding not in ENCODINGS:
        raise ParameterError("encoding", encoding, f"one of {ENCODINGS}")
    # NUL never occurs in text; a UTF-8 byte-order mark is not text (and in Latin-1 it
    # is refused below as a UTF-8 sequence).
    data = check_text_bytes(data, path, strip_bom=encoding in ("utf-8", "auto"))
    if encoding == "auto":
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            pass
        encoding = "cp1252" if re.search(rb"[\x80-\x9f]", data) else "latin-1"
        if encoding == "latin-1":
            return data.decode("latin-1")
    if encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError as exc:
            raise InputFormatError(
                path,
                _line_of(data, exc.start),
                f"{encoding} text",
                found=repr(data[max(0, exc.start - 20) : exc.end + 20]),
            ) from None
    # Latin-1: every byte decodes, so look for the signs of a wrong assumption.
    m = re.search(rb"[\xc2-\xf4][\x80-\xbf]+", data)
    if m:
        try:
            data[m.start() : m.end()].decode("utf-8")
            is_utf8 = True
        except UnicodeDecodeError:
            is_utf8 = False
        if is_utf8:
            raise InputFormatError(
                path,
                _line_of(data, m.start()),
                "Latin-1 text (evalkit assumes Latin-1 for DUC/TAC files)",
                found=f"UTF-8 byte sequence {m.group(0)!r}; pass encoding='utf-8'",
            )
    m = re.search(rb"[\x80-\x9f]", data)
    if m:
        raise InputFormatError(
            path,
            _line_of(data, m.start()),
            "Latin-1 text (evalkit assumes Latin-1 for DUC/TAC files)",
            found=f"byte {m.group(0)!r}, a Windows-1252 character; pass encoding='cp1252'",
        )
    return data.decode("latin-1")


def encode(text: str, what: str, encoding: str = "latin-1") -> bytes:
    """Encode for writing; a character the encoding cannot hold is a ParameterError."""
    try:
        data = text.encode(encoding)
    except UnicodeEncodeError as exc:
        raise ParameterError(
            what,
            text[max(0, exc.start - 10) : exc.end + 10],
            f"text encodable as {encoding} (character {text[exc.start]!r})",
        ) from None
    if encoding == "latin-1":
        try:  # never write what the reader would refuse as a likely encoding mistake
            decode(data, None, "latin-1")
        except InputFormatError as exc:
            raise ParameterError(
                what, text[:60], f"Latin-1 text the reader accepts ({exc.found})"
            ) from None
    return data


def read_decoded(path: PathLike, encoding: str) -> str:
    """The text of ``path`` decoded as :func:`decode` does (InputFormatError naming the
    file if it is missing, unreadable or not in ``encoding``)."""
    return decode(read_input(path, "file"), path, encoding)


# --------------------------------------------------------------------------- names
class SummaryName(NamedTuple):
    docset: str
    group: Optional[str]
    kind: str  # "M" multi-document | "P" per-document
    length: str  # as spelled, zero padding kept
    selector: str
    summarizer: str
    docid: Optional[str]

    def filename(self) -> str:
        base = self.docset + (f"-{self.group}" if self.group else "")
        name = f"{base}.{self.kind}.{self.length}.{self.selector}.{self.summarizer}"
        return name + (f".{self.docid}" if self.docid else "")


#: a DUC/TAC summary file name, DOCSET[-G].M|P.LENGTH.SELECTOR.SUMMARIZER[.DOCID]
SUMMARY_NAME = re.compile(
    r"^(?P<docset>[A-Za-z]+[0-9]+[A-Za-z]?)(?:-(?P<group>[A-Za-z]))?"
    r"\.(?P<kind>[MP])\.(?P<length>[0-9]+)\.(?P<selector>[A-Za-z]+)\.(?P<summarizer>[^.]+)"
    r"(?:\.(?P<docid>.+))?$"
)


def summarizer_type(
    summarizer: str, where: Optional[PathLike] = None, line: Optional[int] = None
) -> str:
    """``"model"`` for alphabetic ids, ``"peer"`` for numeric ids; otherwise an error."""
    if summarizer.isascii() and summarizer.isalpha():
        return "model"
    if summarizer.isascii() and summarizer.isdigit():
        return "peer"
    raise InputFormatError(
        where, line, "a summarizer id of letters (model) or digits (peer)", found=summarizer
    )


def parse_summary_name(name: str, where: Optional[PathLike] = None) -> SummaryName:
    """Split a DUC/TAC summary file name; raise InputFormatError on any other shape."""
    m = SUMMARY_NAME.match(name)
    if not m:
        raise InputFormatError(
            where or name,
            None,
            "a summary file name DOCSET[-G].M|P.LENGTH.SELECTOR.SUMMARIZER[.DOCID]",
            found=name,
        )
    summarizer_type(m.group("summarizer"), where or name)
    if m.group("kind") == "P" and not m.group("docid"):
        raise InputFormatError(
            where or name,
            None,
            "a document id after the summarizer of a per-document (P) summary",
            found=name,
        )
    return SummaryName(
        m.group("docset"),
        m.group("group"),
        m.group("kind"),
        m.group("length"),
        m.group("selector"),
        m.group("summarizer"),
        m.group("docid"),
    )


# --------------------------------------------------------------------------- bodies
# A sentence's text stops at the next <a (never runs on to a later </a>): the scan stays
# linear whatever unclosed anchors a damaged file holds.
_SEE_SENT = re.compile(
    r'<a\s+href="#(\d+)"\s+id=(\d+)\s*>((?:[^<]|<(?!/?a[\s>]))*)</a>', re.I | re.S | re.A
)
_SEE_NAME = re.compile(r'<a\s+name="(\d+)"\s*>\[(\d+)\]</a>', re.I | re.A)


def _parse_see(text: str, path: PathLike) -> Tuple[str, ...]:
    if not re.search(r"</html>\s*$", text, re.I):
        raise InputFormatError(
            path, text.count("\n") + 1, "a SEE HTML file ending with </html> (file truncated?)"
        )
    sentences = []
    for k, m in enumerate(_SEE_SENT.finditer(text), 1):
        if m.group(1) != m.group(2) or int(m.group(1)) != k:
            raise InputFormatError(
                path,
                text.count("\n", 0, m.start()) + 1,
                f'sentence anchors numbered 1, 2, ... (<a href="#{k}" id={k}>)',
                found=m.group(0)[:60],
            )
        sentences.append(" ".join(html.unescape(m.group(3)).split()))
    body = _SEE_SENT.sub("", _SEE_NAME.sub("", text))
    body = re.sub(r"<title>[^<]*</title>", "", body, flags=re.I)
    leftover = re.sub(r"</?(html|head|body)[^<>]*>", "", body, flags=re.I).strip()
    if leftover:
        line = text.count("\n", 0, text.find(leftover.split()[0])) + 1 if leftover.split() else None
        raise InputFormatError(
            path, line, "only SEE sentence anchors inside <body>", found=leftover[:60]
        )
    return tuple(sentences)


def read_summary(path: PathLike, encoding: str = "latin-1") -> Tuple[str, ...]:
    """The sentences of one summary file (plain: one per line, blank lines ignored;
    SEE HTML when the file starts with ``<html``). An empty file gives ``()``."""
    text = read_decoded(path, encoding)
    if re.match(r"\s*<html", text, re.I):
        return _parse_see(text, path)
    for lineno, line in enumerate(text.split("\n"), 1):
        if "\r" in line.rstrip("\r"):
            raise InputFormatError(path, lineno, "one sentence per line", found=line)
    return tuple(s.strip() for s in text.replace("\r\n", "\n").split("\n") if s.strip())


def write_summary(
    path: PathLike,
    sentences: Sequence[str],
    fmt: str = "plain",
    encoding: str = "latin-1",
    title: Optional[str] = None,
) -> None:
    """Write one summary: ``fmt="plain"`` (one sentence per line) or ``"see"`` (SEE HTML)."""
    for s in sentences:
        if "\n" in s or "\r" in s or not s.strip() or s != s.strip():
            raise ParameterError(
                "sentences", s, "non-empty single-line sentences without surrounding spaces"
            )
    if fmt == "plain":
        text = "".join(s + "\n" for s in sentences)
    elif fmt == "see":
        # HTML collapses runs of white space, so SEE cannot carry them: refuse rather than
        # write a file that reads back as a different sentence.
        for s in sentences:
            if " ".join(s.split()) != s:
                raise ParameterError(
                    "sentences",
                    s,
                    "single spaces between words in SEE format "
                    "(HTML collapses runs of white space)",
                )
        name = title if title is not None else Path(path).name
        body = "\n".join(
            f'<a name="{i}">[{i}]</a> <a href="#{i}" id={i}>{html.escape(s, quote=False)}</a>'
            for i, s in enumerate(sentences, 1)
        )
        text = (
            f'<html>\n<head>\n<title>{html.escape(name)}</title>\n</head>\n<body bgcolor="white">\n'
            f"{body}\n</body>\n</html>\n"
        )
    else:
        raise ParameterError("fmt", fmt, "'plain' or 'see'")
    atomic_write_bytes(path, encode(text, f"summary {Path(path).name}", encoding))


def _instance_id(n: SummaryName, with_length: bool) -> str:
    base = n.docset + (f"-{n.group}" if n.group else "")
    if n.kind == "P":
        base += f".{n.docid}"
    return base + (f".{n.length}" if with_length else "")


def read_summaries(
    directories: Union[PathLike, Sequence[PathLike]],
    encoding: str = "latin-1",
    skip_bad: bool = False,
) -> Tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame, int]:
    """Read every summary file below ``directories`` (recursively).

    Returns ``(instances, summarizers, summaries, skipped)`` tables for a
    :class:`~evalkit.data.model.SummarizationCorpus`. Every file must be named by the
    convention (else InputFormatError, or counted in ``skipped`` with ``skip_bad``); files
    starting with ``.`` and ``README*`` are ignored.
    """
    if isinstance(directories, (str, os.PathLike)):
        directories = [directories]
    entries: List[Tuple[SummaryName, Path]] = []
    skipped = 0
    for directory in directories:
        directory = Path(directory)
        if not directory.is_dir():
            raise InputFormatError(directory, None, "a directory of summary files")
        for path in sorted(p for p in directory.rglob("*") if p.is_file()):
            if path.name.startswith(".") or path.name.upper().startswith("README"):
                continue
            try:
                entries.append((parse_summary_name(path.name, path), path))
            except InputFormatError:
                if not skip_bad:
                    raise
                skipped += 1
    if not entries:
        raise InputFormatError(directories[0], None, "at least one summary file")
    lengths: Dict[Tuple, set] = {}
    for n, _ in entries:
        lengths.setdefault((n.docset, n.group, n.kind, n.docid), set()).add(int(n.length))
    multi = any(len(v) > 1 for v in lengths.values())
    inst_rows: Dict[str, dict] = {}
    summ_rows, types = [], {}
    seen: Dict[Tuple[str, str], Path] = {}
    for n, path in entries:
        inst = _instance_id(n, multi)
        row = {
            "instance": inst,
            "docset": n.docset,
            "group": n.group,
            "kind": n.kind,
            "length": n.length,
            "selector": n.selector,
            "document": n.docid,
        }
        old = inst_rows.setdefault(inst, row)
        if old != row:
            raise InputFormatError(
                path,
                None,
                f"the same length and selector as the other summaries of {inst}",
                found=path.name,
            )
        if (inst, n.summarizer) in seen:
            raise InputFormatError(
                path,
                None,
                f"one summary per instance and summarizer (also {seen[(inst, n.summarizer)]})",
            )
        seen[(inst, n.summarizer)] = path
        types[n.summarizer] = summarizer_type(n.summarizer, path)
        summ_rows.append((inst, n.summarizer, read_summary(path, encoding)))
    instances = pd.DataFrame(list(inst_rows.values()))
    summarizers = pd.DataFrame(
        sorted(
            types.items(),
            key=lambda kv: (kv[1] == "peer", int(kv[0]) if kv[0].isdigit() else 0, kv[0]),
        ),
        columns=["summarizer", "type"],
    )
    summaries = pd.DataFrame(summ_rows, columns=["instance", "summarizer", "sentences"])
    return instances, summarizers, summaries, skipped


def name_of(
    corpus: SummarizationCorpus,
    instance: str,
    summarizer: str,
    defaults: Optional[Mapping[str, str]] = None,
) -> SummaryName:
    """The file name fields of one summary, from the instances table (columns ``docset``,
    ``group``, ``kind``, ``length``, ``selector``, ``document``) or ``defaults``."""
    defaults = {"kind": "M", "length": "100", "selector": "A", **(defaults or {})}
    row = (
        corpus.instances.set_index("instance").loc[instance]
        if "docset" in corpus.instances.columns
        else None
    )

    def get(col: str) -> Optional[str]:
        if row is not None and col in row.index and isinstance(row[col], str):
            return row[col]
        return defaults.get(col)

    docset = get("docset")
    group = get("group")
    if docset is None:
        m = re.match(r"^(.*?)(?:-([A-Za-z]))?$", instance)
        docset, group = m.group(1), m.group(2)
    n = SummaryName(
        docset, group, get("kind"), get("length"), get("selector"), summarizer, get("document")
    )
    parse_summary_name(n.filename())  # the writer never produces a name its reader refuses
    return n


def write_summaries(
    corpus: SummarizationCorpus,
    peers_dir: PathLike,
    models_dir: PathLike,
    fmt: str = "plain",
    encoding: str = "latin-1",
    defaults: Optional[Mapping[str, str]] = None,
) -> List[Path]:
    """Write every summary of ``corpus`` as a file named by the convention, peers under
    ``peers_dir`` and models under ``models_dir``. Returns the paths written."""
    types = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    paths = []
    for inst, summ, sents in corpus.summaries[["instance", "summarizer", "sentences"]].itertuples(
        index=False
    ):
        n = name_of(corpus, inst, summ, defaults)
        directory = Path(models_dir if types[summ] == "model" else peers_dir)
        path = directory / n.filename()
        write_summary(path, sents, fmt=fmt, encoding=encoding)
        paths.append(path)
    return paths


# --------------------------------------------------------------------------- tables
@dataclass(frozen=True)
class TableSpec:
    """Layout of one whitespace-separated judgment table.

    ``widths`` maps each allowed column count to ``{judgment name: column}``;
    ``docset``/``summarizer``/``docid``/``length`` are key columns (``docid`` with
    ``docid_dots=False`` means the period was removed and sits before the last 4 chars).
    ``question``: a column whose value suffixes the judgment name (``linguistic_quality``
    + ``_q3``). ``assessor`` maps judgment column -> assessor label for tables with
    several judges per row. ``int_values``: judgments written as integers. ``scales``:
    the documented ``(low, high, integer)`` scale of each judgment column; the reader
    refuses a value off the scale (file, line, allowed range) and the writer never
    writes one.
    """

    name: str
    header_lines: int
    widths: Mapping[int, Mapping[str, int]]
    docset: Optional[int] = 0
    summarizer: int = 1
    docid: Optional[int] = None
    docid_dots: bool = True
    length: Optional[int] = None
    kind: Optional[int] = None
    question: Optional[Tuple[int, str]] = None
    assessor: Mapping[str, Tuple[str, str]] = field(default_factory=dict)
    int_values: Tuple[str, ...] = ()
    docset_prefix: str = ""  # DUC 2005 processed_pans writes "301" for D301
    docset_case: str = "lower"  # how the writer spells docsets: "lower" + selector, or "upper"
    with_selector: bool = False
    scales: Mapping[str, Scale] = field(default_factory=dict)  # judgment column -> documented scale

    def scale(self, name: str) -> Optional[Scale]:
        """The documented scale of judgment column ``name`` (None: no documented bound)."""
        return self.scales.get(name)

    @property
    def max_width(self) -> int:
        return max(self.widths)


def _q(prefix: str, first: int, n: int) -> Dict[str, int]:
    return {f"{prefix}{i}": first + i - 1 for i in range(1, n + 1)}


_SEE_UNITS = [
    "unmarked_related",
    "num_peer_units",
    "num_marked_peer_units",
    "num_unmarked_peer_units",
    "num_model_units",
    "coverage",
    "coverage_median",
    "coverage_std",
]


def _run(names: Sequence[str], first: int) -> Dict[str, int]:
    return {n: first + i for i, n in enumerate(names)}


_ADJ = [
    "length_adjusted_coverage",
    "length_adjusted_coverage_median",
    "length_adjusted_coverage_std",
]
_INT_UNITS = (
    "num_peer_units",
    "num_marked_peer_units",
    "num_unmarked_peer_units",
    "num_model_units",
)


def _see_table(
    name: str, header_lines: int, widths: Mapping[int, Mapping[str, int]], first_question: int
) -> TableSpec:
    """A DUC 2002/2003 SEE results table: kind, document id, length and summarizer in
    columns 1, 2, 3 and 8, the 12 quality questions from column ``first_question``."""
    return TableSpec(
        name,
        header_lines,
        widths,
        summarizer=8,
        kind=1,
        docid=2,
        length=3,
        int_values=tuple(_q("quality_q", first_question, 12)) + _INT_UNITS,
        with_selector=True,
    )


def _last_column(
    name: str, header_lines: int, judgment: str, width: int = 5, **layout
) -> TableSpec:
    """A table of one integer ``judgment`` in its last column, the summarizer in column 3."""
    return TableSpec(
        name,
        header_lines,
        {width: {judgment: width - 1}},
        summarizer=3,
        int_values=(judgment,),
        **layout,
    )


#: The DUC judgment tables by key (see the module docstring and the notes, C.3).
TABLES: Dict[str, TableSpec] = {
    "duc2002-see": _see_table(
        "DUC 2002 SEE table",
        37,
        {33: {**_q("quality_q", 10, 12), **_run(_SEE_UNITS + _ADJ, 22)}},
        first_question=10,
    ),
    "duc2002-extracts": TableSpec(
        "DUC 2002 extracts table",
        14,
        {13: {"sentence_precision": 11, "sentence_recall": 12}},
        summarizer=4,
        length=2,
        with_selector=True,
    ),
    "duc2003-see": _see_table(
        "DUC 2003 results table",
        0,
        {
            34: {**_q("quality_q", 11, 12), **_run(_SEE_UNITS + _ADJ, 23)},
            22: _run(_SEE_UNITS + _ADJ, 11),
        },  # length-10 summaries have no quality questions
        first_question=11,
    ),
    "duc2003-responsiveness": TableSpec(
        "DUC 2003 responsiveness table",
        0,
        {7: {"responsiveness@1": 4, "responsiveness@2": 6}},
        summarizer=2,
        assessor={
            "responsiveness@1": ("responsiveness", "1"),
            "responsiveness@2": ("responsiveness", "2"),
        },
        int_values=("responsiveness@1", "responsiveness@2"),
        with_selector=True,
    ),
    "duc2003-usefulness": TableSpec(
        "DUC 2003 usefulness table",
        0,
        {8: {"usefulness@1": 5, "usefulness@2": 7}},
        docset=None,
        docid=1,
        docid_dots=False,
        summarizer=3,
        assessor={"usefulness@1": ("usefulness", "1"), "usefulness@2": ("usefulness", "2")},
        int_values=("usefulness@1", "usefulness@2"),
    ),
    "duc2004-see": TableSpec(
        "DUC 2004 SEE short.results.table",
        34,
        {23: {**_q("quality_q", 8, 7), **_run(_SEE_UNITS, 15)}},
        summarizer=7,
        int_values=tuple(_q("quality_q", 8, 7)) + _INT_UNITS,
        with_selector=True,
    ),
    "duc2004-responsiveness": _last_column(
        "DUC 2004 Responsiveness/results.table.R", 7, "responsiveness", with_selector=True
    ),
    "duc2005-responsiveness": _last_column("DUC 2005 responsiveness.table", 6, "responsiveness"),
    "duc2005-linguistic-quality": _last_column(
        "DUC 2005/2006 linguistic_quality.table",
        7,
        "linguistic_quality",
        width=6,
        question=(4, "linguistic_quality"),
    ),
    "duc2006-overall-responsiveness": _last_column(
        "DUC 2006 responsiveness/overall.table", 6, "overall_responsiveness"
    ),
    "duc2006-content-responsiveness": _last_column(
        "DUC 2006/2007 content.table", 6, "content_responsiveness"
    ),
    "duc2005-pyramid": TableSpec(
        "DUC 2005 processed_pans.txt",
        0,
        {6: {"pyramid": 2, "pyramid_modified": 3, "num_scus": 4, "num_repetitions": 5}},
        summarizer=1,
        int_values=("num_scus", "num_repetitions"),
        docset_prefix="d",
    ),
    "duc2006-pyramid": TableSpec(
        "DUC 2006 2006_modified_scores.txt",
        0,
        {5: {"pyramid_modified": 2, "num_scus": 3, "num_repetitions": 4}},
        summarizer=1,
        int_values=("num_scus", "num_repetitions"),
    ),
}


# The documented scales (module docstring, "Judgment scales"): (low, high, integer).
_SHARE: Scale = (0.0, 1.0, False)  # coverage, precision/recall, the original pyramid score
# The modified pyramid score divides by the best weight of X SCUs, X = the models' mean SCU
# count: usually 0-1, above 1 when a summary expresses more SCUs than that (notes, OD11).
_MODIFIED: Scale = (0.0, None, False)
_COUNT: Scale = (0.0, None, True)  # unit / SCU / repetition counts
_LIKERT5: Scale = (1.0, 5.0, True)  # DUC 2004 quality A-E coded 1-5; DUC 2005-2007 1-5 scales
_DUC0304: Scale = (
    0.0,
    5.0,
    True,
)  # DUC 2002/2003 quality codes, 2003/2004 responsiveness, usefulness


def _see_scales(n_questions: int, quality: Scale, adjusted: bool) -> Dict[str, Scale]:
    scales: Dict[str, Scale] = {f"quality_q{i}": quality for i in range(1, n_questions + 1)}
    scales.update({n: _COUNT for n in _INT_UNITS})
    scales.update(
        {
            "unmarked_related": (0.0, None, False),
            "coverage": _SHARE,
            "coverage_median": _SHARE,
            "coverage_std": _SHARE,
        }
    )
    if adjusted:  # length-adjusted coverage: non-negative (its upper bound is not documented)
        scales.update({n: (0.0, None, False) for n in _ADJ})
    return scales


_SCALES: Dict[str, Dict[str, Scale]] = {
    "duc2002-see": _see_scales(12, _DUC0304, True),
    "duc2002-extracts": {"sentence_precision": _SHARE, "sentence_recall": _SHARE},
    "duc2003-see": _see_scales(12, _DUC0304, True),
    "duc2003-responsiveness": {"responsiveness@1": _DUC0304, "responsiveness@2": _DUC0304},
    "duc2003-usefulness": {"usefulness@1": _DUC0304, "usefulness@2": _DUC0304},
    "duc2004-see": _see_scales(7, _LIKERT5, False),
    "duc2004-responsiveness": {"responsiveness": _DUC0304},
    "duc2005-responsiveness": {"responsiveness": _LIKERT5},
    "duc2005-linguistic-quality": {"linguistic_quality": _LIKERT5},
    "duc2006-overall-responsiveness": {"overall_responsiveness": _LIKERT5},
    "duc2006-content-responsiveness": {"content_responsiveness": _LIKERT5},
    "duc2005-pyramid": {
        "pyramid": _SHARE,
        "pyramid_modified": _MODIFIED,
        "num_scus": _COUNT,
        "num_repetitions": _COUNT,
    },
    "duc2006-pyramid": {
        "pyramid_modified": _MODIFIED,
        "num_scus": _COUNT,
        "num_repetitions": _COUNT,
    },
}
for _key, _scales in _SCALES.items():
    TABLES[_key] = replace(TABLES[_key], scales=_scales)
TABLES["duc2006-linguistic-quality"] = TABLES["duc2005-linguistic-quality"]
TABLES["duc2007-content-responsiveness"] = TABLES["duc2006-content-responsiveness"]


class InstanceIndex:
    """Finds the corpus instance a table row refers to, whatever the table's spelling.

    Tables write docsets as ``d30001t`` (lower case + selector), ``D30001``, ``301``
    (DUC 2005 pans) or ``D0703-A``; single-document tables name the document only.
    """

    def __init__(self, instances: pd.DataFrame):
        self.by_key: Dict[Tuple, List[str]] = {}
        cols = instances.columns
        for row in instances.to_dict("records"):
            inst = row["instance"]
            docset = (
                row.get("docset")
                if "docset" in cols and isinstance(row.get("docset"), str)
                else inst
            )
            group = row.get("group") if isinstance(row.get("group"), str) else None
            base = (docset + (f"-{group}" if group else "")).upper()
            selector = row.get("selector") if isinstance(row.get("selector"), str) else ""
            docid = row.get("document") if isinstance(row.get("document"), str) else None
            length = (
                int(row["length"])
                if isinstance(row.get("length"), str) and is_uint(row["length"])
                else None
            )
            spellings = {base, inst.upper()}
            if selector:
                spellings.add(base + selector.upper())
                if group:
                    spellings.add(docset.upper() + selector.upper() + f"-{group}".upper())
            if base.startswith("D"):
                spellings.add(base[1:])
            for s in spellings:
                for ln in (length, None):
                    self._add((s, docid, ln), inst)
            if docid:
                for ln in (length, None):
                    self._add((None, docid, ln), inst)

    def _add(self, key: Tuple, inst: str) -> None:
        lst = self.by_key.setdefault(key, [])
        if inst not in lst:
            lst.append(inst)

    def find(
        self, docset: Optional[str], docid: Optional[str], length: Optional[int]
    ) -> Optional[str]:
        key = (None if docset is None else docset.upper(), docid, length)
        hits = self.by_key.get(key, [])
        if len(hits) == 1:
            return hits[0]
        if len(hits) > 1:
            raise LookupError(f"ambiguous: {hits[:3]}")
        return None


def _looks_like_row(cols: List[str], spec: TableSpec) -> bool:
    if len(cols) not in spec.widths:
        return False
    if not re.fullmatch(r"[A-Za-z]+|[0-9]+", cols[spec.summarizer]):
        return False
    for col in spec.widths[len(cols)].values():
        if cols[col] != "-":
            try:
                float(cols[col])
            except ValueError:
                return False
    return True


def read_table(
    path: PathLike,
    spec: Union[str, TableSpec],
    index: Optional[InstanceIndex] = None,
    summaries: Optional[Iterable[Tuple[str, str]]] = None,
    encoding: str = "latin-1",
    skip_bad: bool = False,
) -> pd.DataFrame:
    """Read a DUC judgment table into long judgments ``instance, summarizer, judgment,
    value[, assessor]``.

    Without ``index`` the instance is the docset as written. With ``index`` (built from
    the corpus' instances) each row is mapped to its instance; a row for an unknown
    instance or (with ``summaries``, the (instance, summarizer) pairs that have a summary)
    a judgment for a missing summary raises InputFormatError naming file and line, or is
    counted in ``attrs["skipped"]`` with ``skip_bad``.
    """
    spec = TABLES[spec] if isinstance(spec, str) else spec
    lines = read_decoded(path, encoding).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if len(lines) < spec.header_lines:
        raise InputFormatError(path, len(lines), f"{spec.header_lines} header lines ({spec.name})")
    for lineno, line in enumerate(lines[: spec.header_lines], 1):
        if _looks_like_row(line.split(), spec):
            # A table with fewer header lines than the year's layout would lose this row.
            raise InputFormatError(
                path,
                lineno,
                f"{spec.header_lines} header lines before the data ({spec.name})",
                found=f"a data row in the header: {line.strip()}",
            )
    known = None if summaries is None else set(summaries)
    rows, missing, skipped = [], 0, 0
    seen: Dict[Tuple[str, str, str], int] = {}
    for lineno, line in enumerate(lines[spec.header_lines :], spec.header_lines + 1):
        cols = line.split()
        if not cols:
            continue
        try:
            if len(cols) not in spec.widths:
                raise InputFormatError(
                    path,
                    lineno,
                    f"{' or '.join(map(str, spec.widths))} columns ({spec.name})",
                    found=f"{len(cols)} columns: {line.strip()}",
                )
            summ = cols[spec.summarizer]
            summarizer_type(summ, path, lineno)
            docset = None if spec.docset is None else cols[spec.docset]
            docid = None
            if spec.docid is not None and (spec.kind is None or cols[spec.kind] == "P"):
                docid = cols[spec.docid]
                if not spec.docid_dots:
                    if len(docid) <= 4 or not is_uint(docid[-4:]):
                        raise InputFormatError(
                            path, lineno, "a document id ending in 4 digits", found=docid
                        )
                    docid = docid[:-4] + "." + docid[-4:]
            length = None
            if spec.length is not None:
                if not is_uint(cols[spec.length]):
                    raise InputFormatError(
                        path, lineno, f"a length in column {spec.length}", found=cols[spec.length]
                    )
                length = int(cols[spec.length])
            if (
                docset is not None
                and spec.docset_prefix
                and not docset.lower().startswith(spec.docset_prefix)
            ):
                docset = spec.docset_prefix + docset
            if index is not None:
                try:
                    inst = index.find(docset, docid, length)
                    if inst is None:
                        inst = index.find(docset, docid, None) if length is not None else None
                except LookupError as exc:
                    raise InputFormatError(
                        path, lineno, "a row naming one instance", found=str(exc)
                    ) from None
                if inst is None:
                    raise InputFormatError(
                        path,
                        lineno,
                        "a docset/document with summaries in the corpus",
                        found=" ".join(x for x in (docset, docid) if x),
                    )
            else:
                inst = docset if docid is None else f"{docset}.{docid}" if docset else docid
            if known is not None and (inst, summ) not in known:
                raise InputFormatError(
                    path,
                    lineno,
                    "a judgment for a summary in the corpus (no summary file)",
                    found=f"{inst} {summ}",
                )
            suffix = ""
            if spec.question is not None:
                q = cols[spec.question[0]]
                if not is_uint(q):
                    raise InputFormatError(
                        path, lineno, f"a question number in column {spec.question[0]}", found=q
                    )
                suffix = f"_q{int(q)}"
            key = (inst, summ, suffix)
            if key in seen:  # a second row would give the summary two values of one judgment
                raise InputFormatError(
                    path,
                    lineno,
                    f"one row per summary{' and question' if suffix else ''} "
                    f"(also on line {seen[key]})",
                    found=line.strip(),
                )
            seen[key] = lineno
            for name, col in spec.widths[len(cols)].items():
                token = cols[col]
                if token == "-":
                    missing += 1
                    continue
                value = parse_number(token, path, lineno, f"column {col}")
                check_scale(
                    value,
                    spec.scale(name),
                    path,
                    lineno,
                    f"{name} (column {col}, {spec.name})",
                    token,
                )
                judgment, assessor = spec.assessor.get(name, (name, None))
                rows.append((inst, summ, judgment + suffix, value, assessor))
        except InputFormatError:
            if not skip_bad:
                raise
            skipped += 1
    df = pd.DataFrame(rows, columns=["instance", "summarizer", "judgment", "value", "assessor"])
    if not spec.assessor:
        df = df.drop(columns="assessor")
    df.attrs.update(missing=missing, skipped=skipped)
    return df


def _fmt(value: float, as_int: bool) -> str:
    if as_int:
        if not float(value).is_integer():
            raise ParameterError("value", value, "an integer for this column")
        return str(int(value))
    return repr(float(value))


def write_table(
    path: PathLike,
    spec: Union[str, TableSpec],
    judgments: pd.DataFrame,
    instances: Optional[pd.DataFrame] = None,
    encoding: str = "latin-1",
) -> None:
    """Write long judgments in a table's layout (header lines are evalkit comments,
    unknown columns hold ``.``, missing judgments ``-``).

    ``instances`` (the corpus' instances table) supplies docset, selector, kind, length
    and document per instance; otherwise the instance id is written as the docset.
    """
    spec = TABLES[spec] if isinstance(spec, str) else spec
    width = spec.max_width
    colmap = spec.widths[width]
    inst_info = {}
    if instances is not None:
        for row in instances.to_dict("records"):
            inst_info[row["instance"]] = row
    j = judgments.copy()
    if spec.question is not None:
        base = spec.question[1]
        qs = j["judgment"].str.extract(rf"^{re.escape(base)}_q(\d+)$")[0]
        if qs.isna().any():
            raise ParameterError(
                "judgments", j.loc[qs.isna(), "judgment"].iloc[0], f"judgments named {base}_qN"
            )
        j["judgment"], j["question"] = base, qs.astype(int)
    if spec.assessor:
        inverse = {v: k for k, v in spec.assessor.items()}
        j["judgment"] = [
            inverse.get((a, str(b)), a)
            for a, b in zip(j["judgment"], j.get("assessor", [None] * len(j)))
        ]
    unknown = sorted(set(j["judgment"]) - set(colmap))
    if unknown:
        raise ParameterError("judgments", unknown, f"judgments of {spec.name}: {sorted(colmap)}")
    keys = ["instance", "summarizer"] + (["question"] if spec.question is not None else [])
    lines = [
        f"# evalkit: {spec.name}, header line {i + 1} of {spec.header_lines}"
        for i in range(spec.header_lines)
    ]
    for key, grp in j.groupby(keys, sort=False):
        inst, summ = key[0], key[1]
        info = inst_info.get(inst, {})
        docset = info.get("docset") if isinstance(info.get("docset"), str) else inst
        group = info.get("group") if isinstance(info.get("group"), str) else None
        selector = info.get("selector") if isinstance(info.get("selector"), str) else ""
        cols = ["."] * width
        if spec.docset is not None:
            text = docset.lower() + selector.lower() if spec.with_selector else docset
            if spec.docset_prefix and text.lower().startswith(spec.docset_prefix):
                text = text[len(spec.docset_prefix) :]
            cols[spec.docset] = text + (f"-{group}" if group else "")
        cols[spec.summarizer] = summ
        if spec.kind is not None:
            cols[spec.kind] = info.get("kind") if isinstance(info.get("kind"), str) else "M"
        if spec.length is not None:
            cols[spec.length] = info.get("length") if isinstance(info.get("length"), str) else "100"
        if spec.docid is not None:
            docid = info.get("document") if isinstance(info.get("document"), str) else None
            if docid is None and spec.docset is None:
                raise ParameterError("instances", inst, f"a document id for {spec.name}")
            cols[spec.docid] = (
                "-" if docid is None else (docid if spec.docid_dots else docid.replace(".", ""))
            )
        if spec.question is not None:
            cols[spec.question[0]] = str(key[2])
        for name, col in colmap.items():
            cols[col] = "-"
        values = dict(zip(grp["judgment"], grp["value"]))
        if len(values) != len(grp):
            raise ParameterError("judgments", key, "one value per judgment in a row")
        for name, value in values.items():
            check_scale_argument(
                "judgments", (inst, summ, name, value), value, spec.scale(name), name
            )
            cols[colmap[name]] = _fmt(value, name in spec.int_values)
        lines.append(" ".join(cols))
    atomic_write_bytes(path, encode("\n".join(lines) + "\n", f"table {spec.name}", encoding))


# --------------------------------------------------------------------------- corpus layouts
@dataclass(frozen=True)
class Layout:
    """Where one year's files sit below the results root (paths relative to it)."""

    peers: str
    models: str
    tables: Mapping[str, str]  # table key -> relative path
    fmt: str = "plain"


LAYOUTS: Dict[str, Layout] = {
    "duc2001": Layout(
        "ROUGE/peers", "ROUGE/models", {}
    ),  # summaries only: no table layout is documented
    "duc2002": Layout("ROUGE/peers", "ROUGE/models", {"duc2002-see": "SEE/short.results.table"}),
    "duc2003": Layout(
        "ROUGE/peers",
        "ROUGE/models",
        {
            "duc2003-see": "SEE/results.table",
            "duc2003-responsiveness": "Responsiveness/results.table",
        },
        fmt="see",
    ),
    "duc2004": Layout(
        "ROUGE/peers",
        "ROUGE/models",
        {
            "duc2004-see": "SEE/short.results.table2",
            "duc2004-responsiveness": "Responsiveness/results.table.R",
        },
    ),
    "duc2005": Layout(
        "results/ROUGE/peers",
        "results/ROUGE/models",
        {
            "duc2005-responsiveness": "results/responsiveness/responsiveness.table",
            "duc2005-linguistic-quality": "results/linguistic_quality/linguistic_quality.table",
            "duc2005-pyramid": "results/pyramids/processed_pans.txt",
        },
    ),
    "duc2006": Layout(
        "NISTeval2/ROUGE/peers",
        "NISTeval2/ROUGE/models",
        {
            "duc2006-overall-responsiveness": "NISTeval/responsiveness/overall.table",
            "duc2006-content-responsiveness": "NISTeval/responsiveness/content.table",
            "duc2006-linguistic-quality": "NISTeval/linguistic_quality/linguistic_quality.table",
            "duc2006-pyramid": "NISTeval/pyramids/2006_modified_scores.txt",
        },
    ),
    "duc2007": Layout(
        "mainEval/ROUGE/peers",
        "mainEval/ROUGE/models",
        {"duc2007-content-responsiveness": "mainEval/manual/content.table"},
    ),
}


def read_corpus(
    root: PathLike,
    year: Union[int, str],
    encoding: str = "latin-1",
    skip_bad: bool = False,
    layout: Optional[Layout] = None,
    name: Optional[str] = None,
) -> SummarizationCorpus:
    """Read a DUC results tree (summaries + the year's judgment tables) into a corpus.

    ``root`` is the extracted results directory (e.g. ``duc2004_results``); the files
    are looked for at :data:`LAYOUTS` paths (tables that are absent are skipped and
    listed in ``meta["tables_missing"]``). ``skip_bad`` skips bad files/rows and reports
    the counts in ``meta["skipped"]``.
    """
    key = f"duc{year}" if not str(year).startswith("duc") else str(year)
    layout = layout or LAYOUTS.get(key)
    if layout is None:
        raise ParameterError("year", year, f"one of {sorted(LAYOUTS)} or an explicit layout")
    root = Path(root)
    dirs = [root / layout.peers, root / layout.models]
    instances, summarizers, summaries, skipped = read_summaries(
        [d for d in dirs if d.is_dir()] or dirs, encoding, skip_bad
    )
    index = InstanceIndex(instances)
    pairs = set(zip(summaries["instance"], summaries["summarizer"]))
    judgments, found, missing_tables, counts = [], {}, [], {"summary files": skipped}
    for table, rel in layout.tables.items():
        path = root / rel
        if not path.is_file():
            missing_tables.append(rel)
            continue
        df = read_table(
            path, table, index=index, summaries=pairs, encoding=encoding, skip_bad=skip_bad
        )
        counts[rel] = df.attrs["skipped"]
        found[rel] = df.attrs["missing"]
        judgments.append(df)
    judg = pd.concat(judgments, ignore_index=True) if judgments else None
    corpus = SummarizationCorpus(
        name=name or key,
        instances=instances,
        summarizers=summarizers,
        summaries=summaries,
        judgments=judg,
        meta={
            "year": int(re.sub(r"\D", "", key)),
            "source": str(root),
            "encoding": encoding,
            "tables_missing": missing_tables,
            "missing_values": found,
            "skipped": counts,
        },
    )
    return corpus.validate()


def write_corpus(
    corpus: SummarizationCorpus,
    root: PathLike,
    year: Union[int, str],
    encoding: str = "latin-1",
    layout: Optional[Layout] = None,
) -> Path:
    """Write ``corpus`` as a DUC results tree of ``year`` (the inverse of :func:`read_corpus`):
    summaries named by the convention and every judgment of the year's tables."""
    key = f"duc{year}" if not str(year).startswith("duc") else str(year)
    layout = layout or LAYOUTS.get(key)
    if layout is None:
        raise ParameterError("year", year, f"one of {sorted(LAYOUTS)} or an explicit layout")
    root = Path(root)
    write_summaries(
        corpus, root / layout.peers, root / layout.models, fmt=layout.fmt, encoding=encoding
    )
    remaining = corpus.judgments
    for table, rel in layout.tables.items():
        spec = TABLES[table]
        names = set()
        for name in spec.widths[spec.max_width]:
            names.add(spec.assessor.get(name, (name, None))[0])
        if spec.question is not None:
            mask = remaining["judgment"].str.match(rf"^{re.escape(spec.question[1])}_q\d+$")
        else:
            mask = remaining["judgment"].isin(names)
        part = remaining[mask]
        remaining = remaining[~mask]
        if len(part):
            write_table(root / rel, spec, part, corpus.instances, encoding)
    if len(remaining):
        raise ParameterError(
            "corpus",
            sorted(set(remaining["judgment"]))[:5],
            f"judgments that the {key} tables can hold",
        )
    return root
