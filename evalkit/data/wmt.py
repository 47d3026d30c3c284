"""WMT file formats: plain text, "fake SGML", MetricsMATR/WMT ``.scr`` scores, daRR pairs.

Formats (``notes/anchors-and-formats.md`` C.2):

* **Plain text** -- one segment per line, UTF-8, ``\\n`` line ends (a final newline is
  optional; a ``\\r`` before it is an error because it would become part of the text).
* **Fake SGML** (WMT before 2021) -- the mteval shape written one element per line, as
  sacrebleu's ``fake_sgml`` reads it: a set line ``<srcset|refset|tstset setid=".."
  srclang=".." [trglang=".."]>``, ``<doc docid=".." [sysid=".."] [genre=".."]
  [origlang=".."]>``, optional ``<p>``/``</p>``/``<hl>``/``</hl>`` lines, and one
  ``<seg id="N">text</seg>`` per line. Text is XML-escaped (``&amp; &lt; &gt; &quot;
  &apos;``); the reader unescapes, the writer escapes. Full SGML/XML with validation is
  :mod:`evalkit.data.nist_sgml`.
* **.scr** (MetricsMATR / WMT metrics task, mteval ``--metricsMATR-output``, METEOR) --
  one score per line, fields separated by a tab (or, for hand-written files, runs of
  spaces): ``setid sysid score`` (system level), ``setid sysid docid score`` (document),
  ``setid sysid docid segid score`` (segment). All lines of a file have the same level.
* **daRR pairs** (WMT19 ``DArr-seglevel.csv``) -- a header ``LP DATA SID BETTER WORSE``
  then one space-separated line per pair: language pair, test set, 1-based segment id,
  better system, worse system.

The public WMT sets of :mod:`evalkit.data.public` are loaded here too, as
:class:`~evalkit.data.model.MTCorpus` objects: ``wmt19-darr`` (:func:`load_wmt19_darr`; the
upstream pickle maps a pair id to ``src``, ``ref``, ``better``/``worse`` ``{sys_name,
sys}``), ``wmt17-en-de`` (:func:`load_wmt17_en_de`; a list of (name, lines) pairs ending
with the reference) and ``wmt09-cz-en`` (:func:`load_wmt09_cz_en` in NIST SGML,
:func:`load_wmt09_meteor` its ``.scr`` scores).

A leading UTF-8 byte-order mark is dropped and a NUL byte refused in every format; ids
and numbers are ASCII. Every reader raises :class:`~evalkit.errors.InputFormatError`
naming file, line and the expectation; nothing is skipped unless ``skip_bad=True`` is passed, in which case the
number of skipped lines is returned in ``attrs["skipped"]``/a return value.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, unescape

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.inputs import check_text_bytes, read_input
from evalkit.input_numbers import is_uint, parse_number
from evalkit.data.model import MTCorpus
from evalkit.data.public import file_entry, load_pickle, locate, sha256_meta
from evalkit.data.sgml_attributes import parse_attributes
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "read_text_lines",
    "read_plain",
    "write_plain",
    "FakeSgmlSet",
    "read_fake_sgml",
    "write_fake_sgml",
    "read_scr",
    "write_scr",
    "scr_level",
    "read_darr",
    "write_darr",
    "plain_corpus",
    "WMT19_PAIRS",
    "load_wmt19_darr",
    "load_wmt17_en_de",
    "load_wmt09_cz_en",
    "load_wmt09_meteor",
]


def read_text_lines(path: PathLike, encoding: str = "utf-8") -> List[str]:
    """The lines of a text file without line ends; a decoding error names the line.

    A UTF-8 byte-order mark at the start is dropped (it is not text: kept, it would
    become part of the first segment or id); a NUL byte anywhere is an error."""
    data = check_text_bytes(
        read_input(path, "text file"),
        path,
        strip_bom=encoding.replace("_", "-").lower() in ("utf-8", "utf8"),
    )
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    out = []
    for lineno, raw in enumerate(lines, 1):
        try:
            out.append(raw.decode(encoding))
        except UnicodeDecodeError as exc:
            raise InputFormatError(
                path,
                lineno,
                f"{encoding} text",
                found=f"{raw[max(0, exc.start - 20) : exc.end + 20]!r}",
            ) from None
    return out


# --------------------------------------------------------------------------- plain text
def read_plain(path: PathLike) -> List[str]:
    """One segment per line (UTF-8). A carriage return is an error (Windows line ends
    would silently end up in the text)."""
    lines = read_text_lines(path)
    for lineno, line in enumerate(lines, 1):
        if "\r" in line:
            raise InputFormatError(path, lineno, "\\n line ends (no carriage return)", found=line)
    return lines


def write_plain(path: PathLike, segments: Sequence[str]) -> None:
    """Write one segment per line; a segment containing a line break is refused."""
    for i, s in enumerate(segments, 1):
        if "\n" in s or "\r" in s:
            raise ParameterError(
                "segments", s, f"single-line segments (segment {i} has a line break)"
            )
    atomic_write_text(path, "".join(s + "\n" for s in segments))


# --------------------------------------------------------------------------- fake SGML
@dataclass
class FakeSgmlSet:
    """One WMT fake-SGML file: set attributes and its documents' segments in order.

    ``docs`` maps docid -> list of (segment id, text); ``doc_attrs`` maps docid -> the
    other ``<doc>`` attributes (sysid, genre, origlang, ...).
    """

    kind: str  # "srcset" | "refset" | "tstset"
    attrs: Dict[str, str]
    docs: Dict[str, List[Tuple[int, str]]] = field(default_factory=dict)
    doc_attrs: Dict[str, Dict[str, str]] = field(default_factory=dict)

    def segments(self) -> List[str]:
        """All segment texts in file order."""
        return [t for segs in self.docs.values() for _, t in segs]


_SET_LINE = re.compile(r"^\s*<(srcset|refset|tstset)\b([^>]*)>\s*$", re.I)
_DOC_LINE = re.compile(r"^\s*<doc\b([^>]*)>\s*$", re.I)
_SEG_LINE = re.compile(r"^\s*<seg\b([^>]*)>(.*)</seg>\s*$", re.I)
_SKIP_LINE = re.compile(r"^\s*(</?(p|hl)>|</doc>|</(srcset|refset|tstset)>)?\s*$", re.I)
_ENTITIES = {"&quot;": '"', "&apos;": "'"}
_SEG_TAG = re.compile(r"</?seg\b", re.I)


def _attrs(text: str) -> Dict[str, str]:
    return parse_attributes(text, unescape=True)


def read_fake_sgml(path: PathLike) -> FakeSgmlSet:
    """Read a WMT fake-SGML file (one element per line) into a :class:`FakeSgmlSet`.

    Checks: one set element first, ``setid`` on it, every ``<doc>`` has a unique
    ``docid``, every ``<seg>`` sits in a doc, has an integer ``id`` and is on one line,
    segment ids are unique within a doc, the set element is closed at the end.
    """
    lines = read_text_lines(path)
    result: Optional[FakeSgmlSet] = None
    doc: Optional[str] = None
    closed = False
    seen_ids: Dict[str, set] = {}  # segment ids per document (a set: the check stays linear)
    for lineno, line in enumerate(lines, 1):
        if closed and line.strip():
            raise InputFormatError(path, lineno, "nothing after the closing set tag", found=line)
        m = _SET_LINE.match(line)
        if m:
            if result is not None:
                raise InputFormatError(path, lineno, "a single set element", found=line)
            attrs = _attrs(m.group(2))
            if "setid" not in attrs:
                raise InputFormatError(
                    path, lineno, 'a setid="..." attribute on the set element', found=line
                )
            result = FakeSgmlSet(kind=m.group(1).lower(), attrs=attrs)
            continue
        if result is None:
            if not line.strip():
                continue
            raise InputFormatError(
                path, lineno, "<srcset|refset|tstset setid=...> first", found=line
            )
        m = _DOC_LINE.match(line)
        if m:
            attrs = _attrs(m.group(1))
            docid = attrs.pop("docid", None)
            if docid is None:
                raise InputFormatError(path, lineno, 'a docid="..." attribute', found=line)
            if docid in result.docs:
                raise InputFormatError(
                    path, lineno, f"a new docid (document {docid!r} repeats)", found=line
                )
            result.docs[docid] = []
            result.doc_attrs[docid] = attrs
            doc = docid
            continue
        m = _SEG_LINE.match(line)
        if m:
            if doc is None:
                raise InputFormatError(path, lineno, "<seg> inside a <doc>", found=line)
            if _SEG_TAG.search(
                m.group(2)
            ):  # a second segment on this line would be merged into the first
                raise InputFormatError(
                    path,
                    lineno,
                    "one <seg>...</seg> per line (segment text is XML-escaped)",
                    found=line,
                )
            sid = _attrs(m.group(1)).get("id")
            if sid is None or not is_uint(sid.strip()):
                raise InputFormatError(path, lineno, 'a numeric id="N" on <seg>', found=line)
            n = int(sid)
            if n in seen_ids.setdefault(doc, set()):
                raise InputFormatError(
                    path, lineno, f"a segment id not used before in document {doc!r}", found=line
                )
            seen_ids[doc].add(n)
            result.docs[doc].append((n, unescape(m.group(2).strip(), _ENTITIES)))
            continue
        if re.match(r"^\s*</doc>\s*$", line, re.I):
            doc = None
            continue
        if re.match(r"^\s*</(srcset|refset|tstset)>\s*$", line, re.I):
            closed = True
            continue
        if _SKIP_LINE.match(line):
            continue
        if re.match(r"^\s*<seg\b", line, re.I):
            raise InputFormatError(path, lineno, "<seg id=...>text</seg> on one line", found=line)
        raise InputFormatError(
            path, lineno, "a <doc>, <seg>, <p>, <hl> or closing tag line", found=line
        )
    if result is None:
        raise InputFormatError(path, None, "a <srcset|refset|tstset> element")
    if not closed:
        raise InputFormatError(
            path, len(lines), f"the closing </{result.kind}> tag (file truncated?)"
        )
    return result


def write_fake_sgml(path: PathLike, sgml: FakeSgmlSet) -> None:
    """Write a :class:`FakeSgmlSet` in the one-element-per-line layout."""
    if sgml.kind not in ("srcset", "refset", "tstset"):
        raise ParameterError("kind", sgml.kind, "'srcset', 'refset' or 'tstset'")

    def attr_text(attrs: Mapping[str, str]) -> str:
        return "".join(f' {k}="{escape(str(v), {chr(34): "&quot;"})}"' for k, v in attrs.items())

    out = [f"<{sgml.kind}{attr_text(sgml.attrs)}>"]
    for docid, segs in sgml.docs.items():
        out.append(f"<doc{attr_text({'docid': docid, **sgml.doc_attrs.get(docid, {})})}>")
        for n, text in segs:
            if "\n" in text or "\r" in text:
                raise ParameterError(
                    "text", text, f"single-line segments (document {docid!r}, segment {n})"
                )
            out.append(f'<seg id="{n}">{escape(text)}</seg>')
        out.append("</doc>")
    out.append(f"</{sgml.kind}>")
    atomic_write_text(path, "\n".join(out) + "\n")


# --------------------------------------------------------------------------- .scr
_SCR_LEVELS = {3: "sys", 4: "doc", 5: "seg"}


def _split_fields(line: str) -> List[str]:
    return line.split("\t") if "\t" in line else line.split()


def scr_level(df: pd.DataFrame) -> str:
    """``"sys"``, ``"doc"`` or ``"seg"`` for a frame returned by :func:`read_scr`."""
    return "seg" if "segment" in df.columns else "doc" if "document" in df.columns else "sys"


def read_scr(path: PathLike, metric: Optional[str] = None, skip_bad: bool = False) -> pd.DataFrame:
    """Read a ``.scr`` score file.

    Returns a frame with columns ``setid, system[, document[, segment]], value`` (plus
    ``metric`` first-after-system when ``metric`` is given); ``attrs["level"]`` is
    ``sys``/``doc``/``seg`` and ``attrs["skipped"]`` the number of bad lines skipped
    (only with ``skip_bad=True``; otherwise the first bad line raises). Scores must be
    finite numbers; segment ids integers >= 0; (system, document, segment) unique.
    """
    lines = read_text_lines(path)
    rows: List[list] = []
    n_fields: Optional[int] = None
    skipped = 0
    seen = set()
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        parts = [p.strip() for p in _split_fields(line.rstrip("\r"))]
        try:
            if len(parts) not in _SCR_LEVELS:
                raise InputFormatError(
                    path, lineno, "3, 4 or 5 fields: setid sysid [docid [segid]] score", found=line
                )
            if n_fields is None:
                n_fields = len(parts)
            elif len(parts) != n_fields:
                raise InputFormatError(
                    path, lineno, f"{n_fields} fields like the first line", found=line
                )
            value = parse_number(parts[-1], path, lineno, "the score (last field)")
            row: list = parts[:-1]
            if n_fields == 5:
                if not is_uint(parts[3]):
                    raise InputFormatError(
                        path, lineno, "an integer segment id in field 4", found=parts[3]
                    )
                row[3] = int(parts[3])
            key = tuple(row)
            if key in seen:
                raise InputFormatError(
                    path, lineno, "one score per (setid, system[, document[, segment]])", found=line
                )
            seen.add(key)
            rows.append(row + [value])
        except InputFormatError:
            if not skip_bad:
                raise
            skipped += 1
    if n_fields is None:
        raise InputFormatError(path, None, "at least one score line")
    level = _SCR_LEVELS[n_fields]
    cols = ["setid", "system", "document", "segment"][: n_fields - 1] + ["value"]
    df = pd.DataFrame(rows, columns=cols)
    if n_fields == 5:
        df["segment"] = df["segment"].astype("int64")
    df["value"] = df["value"].astype("float64")
    if metric is not None:
        df.insert(2, "metric", metric)
    df.attrs["level"] = level
    df.attrs["skipped"] = skipped
    return df


def write_scr(path: PathLike, df: pd.DataFrame) -> None:
    """Write a frame with ``setid, system[, document[, segment]], value`` as ``.scr``
    (tab-separated, scores with Python's round-tripping ``repr``)."""
    cols = [c for c in ("setid", "system", "document", "segment") if c in df.columns]
    if (
        cols[:2] != ["setid", "system"]
        or "value" not in df.columns
        or ("segment" in cols and "document" not in cols)
    ):
        raise ParameterError(
            "df", list(df.columns), "columns setid, system[, document[, segment]], value"
        )
    lines = []
    for row in df[cols + ["value"]].itertuples(index=False):
        fields = [str(v) for v in row[:-1]]
        if any("\t" in f or "\n" in f or not f for f in fields):
            raise ParameterError("df", fields, "non-empty ids without tabs or line breaks")
        lines.append("\t".join(fields + [repr(float(row[-1]))]))
    atomic_write_text(path, "".join(l + "\n" for l in lines))


# --------------------------------------------------------------------------- daRR
DARR_HEADER = ("LP", "DATA", "SID", "BETTER", "WORSE")


def read_darr(path: PathLike) -> pd.DataFrame:
    """Read a WMT19 ``DArr-seglevel.csv``: columns ``lp, data, sid, better, worse``."""
    lines = read_text_lines(path)
    if not lines or tuple(lines[0].split()) != DARR_HEADER:
        raise InputFormatError(
            path, 1, "the header 'LP DATA SID BETTER WORSE'", found=lines[0] if lines else ""
        )
    rows, numbers = [], []
    for lineno, line in enumerate(lines[1:], 2):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 5:
            raise InputFormatError(
                path, lineno, "5 space-separated fields: LP DATA SID BETTER WORSE", found=line
            )
        lp, data, sid, better, worse = parts
        if not re.fullmatch(r"[a-z]{2,3}-[a-z]{2,3}", lp):
            raise InputFormatError(
                path, lineno, "a language pair like 'kk-en' in field 1", found=lp
            )
        if not is_uint(sid) or int(sid) < 1:
            raise InputFormatError(path, lineno, "a 1-based segment id in field 3", found=sid)
        if better == worse:
            raise InputFormatError(path, lineno, "two different systems", found=line)
        rows.append((lp, data, int(sid), better, worse))
        numbers.append(lineno)
    df = pd.DataFrame(rows, columns=["lp", "data", "sid", "better", "worse"])
    df.attrs["lines"] = numbers  # the file line of each row, for errors found later
    return df


def write_darr(path: PathLike, df: pd.DataFrame) -> None:
    """Write pairs (columns ``lp, data, sid, better, worse``) as ``DArr-seglevel.csv``."""
    lines = [" ".join(DARR_HEADER)]
    for row in df[["lp", "data", "sid", "better", "worse"]].itertuples(index=False):
        fields = [str(v) for v in row]
        if any(not f or len(f.split()) != 1 for f in fields):
            raise ParameterError("df", fields, "non-empty fields without spaces")
        lines.append(" ".join(fields))
    atomic_write_text(path, "\n".join(lines) + "\n")


# --------------------------------------------------------------------------- corpus
def plain_corpus(
    name: str,
    references: Mapping[str, PathLike],
    systems: Mapping[str, PathLike],
    source: Optional[PathLike] = None,
    source_language: str = "",
    target_language: str = "",
    document: str = "doc",
    darr: Optional[PathLike] = None,
) -> MTCorpus:
    """Build an :class:`MTCorpus` from parallel plain-text files (one segment per line).

    All files must have the same number of lines (the error names the file). Segments
    are numbered from 1 in one document ``document``. With ``darr``, the pairs of a
    ``DArr-seglevel.csv`` become ``preferences`` (its ``SID`` is the line number).
    """
    streams: Dict[str, List[str]] = {}
    n: Optional[int] = None
    first = None
    for label, path in [("source", source)] * (source is not None) + [
        *((f"reference {k}", p) for k, p in references.items()),
        *((f"system {k}", p) for k, p in systems.items()),
    ]:
        lines = read_plain(path)
        if n is None:
            n, first = len(lines), path
        elif len(lines) != n:
            raise InputFormatError(
                path, None, f"{n} lines like {first}", found=f"{len(lines)} lines"
            )
        streams[label] = lines
    if n is None:
        raise ParameterError("references", references, "at least one reference or system file")
    seg = list(range(1, n + 1))
    src = streams.get("source", [None] * n)
    refs = [(document, i, k, t) for k in references for i, t in zip(seg, streams[f"reference {k}"])]
    outs = [(document, i, k, t) for k in systems for i, t in zip(seg, streams[f"system {k}"])]
    prefs = None
    if darr is not None:
        pairs = read_darr(darr)
        for k, (sid, better, worse) in enumerate(
            zip(pairs["sid"], pairs["better"], pairs["worse"])
        ):
            line = pairs.attrs["lines"][k]
            if sid > n:
                raise InputFormatError(darr, line, f"segment ids <= {n}", found=str(sid))
            for who in (better, worse):
                if who not in systems:
                    raise InputFormatError(
                        darr, line, f"systems among {sorted(systems)}", found=who
                    )
        prefs = pd.DataFrame(
            {
                "document": document,
                "segment": pairs["sid"],
                "better": pairs["better"],
                "worse": pairs["worse"],
            }
        )
    return MTCorpus(
        name=name,
        source_language=source_language,
        target_language=target_language,
        segments=pd.DataFrame({"document": document, "segment": seg, "source": src}),
        references=pd.DataFrame(refs, columns=["document", "segment", "reference", "text"]),
        outputs=pd.DataFrame(outs, columns=["document", "segment", "system", "text"]),
        preferences=prefs,
    ).validate()


# --------------------------------------------------------------------------- public sets
WMT19_PAIRS = ("gu-en", "kk-en", "lt-en")


def load_wmt19_darr(pair: str) -> MTCorpus:
    """WMT19 daRR pairs for ``pair`` in gu-en, kk-en, lt-en.

    Each distinct (source, reference) becomes one segment of document ``newstest2019``,
    numbered from 1 in order of first appearance; each pair gives the two systems' outputs
    for that segment and one ``preferences`` row (better, worse), in the upstream order.
    An output that differs between two pairs for the same segment and system is an error.
    """
    if pair not in WMT19_PAIRS:
        raise ParameterError("pair", pair, f"one of {WMT19_PAIRS}")
    rel = f"wmt19-darr/{pair}/data.pkl"
    data = load_pickle(rel)
    seg_of: Dict[Tuple[str, str], int] = {}
    outputs: Dict[Tuple[int, str], str] = {}
    prefs = []
    for key, item in data.items():
        where = f"{rel} [{key!r}]"
        try:
            src, ref = item["src"], item["ref"]
            better, worse = item["better"], item["worse"]
            sides = [(better["sys_name"], better["sys"]), (worse["sys_name"], worse["sys"])]
        except (KeyError, TypeError):
            raise InputFormatError(
                where, None, "src, ref, better{sys_name, sys}, worse{sys_name, sys}"
            ) from None
        seg = seg_of.setdefault((src, ref), len(seg_of) + 1)
        for system, text in sides:
            old = outputs.setdefault((seg, system), text)
            if old != text:
                raise InputFormatError(
                    where,
                    None,
                    f"the same output of {system} for segment {seg} as earlier pairs",
                    found=text,
                )
        prefs.append(("newstest2019", seg, sides[0][0], sides[1][0]))
    src_lang, tgt_lang = pair.split("-")
    corpus = MTCorpus(
        name=f"wmt19-darr-{pair}",
        source_language=src_lang,
        target_language=tgt_lang,
        meta={
            "source": "WMT19 metrics task daRR, copy in neulab/BARTScore",
            "pairs": len(prefs),
            "licence": file_entry(rel)["licence"],
            "sha256": sha256_meta(rel),
        },
        segments=pd.DataFrame(
            [("newstest2019", s, src) for (src, _), s in seg_of.items()],
            columns=["document", "segment", "source"],
        ),
        references=pd.DataFrame(
            [("newstest2019", s, "ref", ref) for (_, ref), s in seg_of.items()],
            columns=["document", "segment", "reference", "text"],
        ),
        outputs=pd.DataFrame(
            [("newstest2019", s, y, t) for (s, y), t in outputs.items()],
            columns=["document", "segment", "system", "text"],
        ),
        preferences=pd.DataFrame(prefs, columns=["document", "segment", "better", "worse"]),
    )
    return corpus.validate()


def load_wmt17_en_de() -> MTCorpus:
    """WMT17 newstest2017 en-de: 3004 segments (document ``newstest2017``, no source
    text in the upstream file), the reference ``ref`` and 16 systems named by the middle
    of the upstream name (``newstest2017.LIUM-NMT.4900.en-de`` -> ``LIUM-NMT``), in the
    upstream order (``meta["systems"]``; the first, LIUM-NMT, is sacrebleu's baseline)."""
    rel = "wmt17-en-de/wmt17_en_de_systems.pkl.bz2"
    data = load_pickle(rel)
    if not isinstance(data, list) or not data or data[-1][0] != "reference":
        raise InputFormatError(
            rel, None, "a list of (name, lines) pairs ending with ('reference', [lines])"
        )
    ref_streams = data[-1][1]
    if len(ref_streams) != 1:
        raise InputFormatError(rel, None, "one reference stream", found=str(len(ref_streams)))
    ref = ref_streams[0]
    n = len(ref)
    outputs, names = [], []
    for full, lines in data[:-1]:
        parts = full.split(".")
        if len(parts) < 3 or len(lines) != n:
            raise InputFormatError(
                rel,
                None,
                f"system 'newstest2017.NAME.ID.en-de' with {n} lines",
                found=f"{full} with {len(lines)} lines",
            )
        system = parts[1]
        names.append(system)
        outputs += [("newstest2017", i, system, t) for i, t in enumerate(lines, 1)]
    corpus = MTCorpus(
        name="wmt17-en-de",
        source_language="en",
        target_language="de",
        meta={
            "source": "WMT17 news en-de, copy in mjpost/sacrebleu tests",
            "systems": names,
            "upstream_names": [full for full, _ in data[:-1]],
            "licence": file_entry(rel)["licence"],
            "sha256": sha256_meta(rel),
        },
        segments=pd.DataFrame(
            {"document": "newstest2017", "segment": range(1, n + 1), "source": [None] * n}
        ),
        references=pd.DataFrame(
            {
                "document": "newstest2017",
                "segment": range(1, n + 1),
                "reference": "ref",
                "text": ref,
            }
        ),
        outputs=pd.DataFrame(outputs, columns=["document", "segment", "system", "text"]),
    )
    return corpus.validate()


WMT09_FILES = ("wmt09-cz-en/ref.sgm", "wmt09-cz-en/test.sgm")
WMT09_SCR = {level: f"wmt09-cz-en/meteor-{level}.scr" for level in ("sys", "doc", "seg")}


def load_wmt09_meteor() -> Dict[str, pd.DataFrame]:
    """METEOR's published scores for cmu-combo on newstest2009 cz-en, by level
    (``"sys"``, ``"doc"``, ``"seg"``), read with :func:`evalkit.data.wmt.read_scr`
    (metric ``"meteor"``)."""
    return {level: read_scr(locate(rel), metric="meteor") for level, rel in WMT09_SCR.items()}


def load_wmt09_cz_en() -> MTCorpus:
    """newstest2009 cz-en in NIST SGML: the reference ``ref`` and system ``cmu-combo``
    (2525 segments in 111 documents, no source text upstream), read with
    :mod:`evalkit.data.nist_sgml` (mteval validation: set ids agree, every document
    present, segment counts match)."""
    from evalkit.data.judgments import mt_corpus_from_nist

    ref_path, tst_path = (locate(p) for p in WMT09_FILES)
    corpus = mt_corpus_from_nist(references=[ref_path], systems=[tst_path], name="wmt09-cz-en")
    corpus.meta.update(
        {
            "source": "cmu-mtlab/meteor example (WMT09 newstest2009)",
            "licence": file_entry(WMT09_FILES[0])["licence"],
            "sha256": sha256_meta(*WMT09_FILES),
        }
    )
    return corpus.validate()
