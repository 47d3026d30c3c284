"""Reader and writer for NIST MT evaluation sets (mteval SGML and XML).

Format (notes: anchors-and-formats.md C.2, from ``mteval-v13a.pl``):

* a source, reference or test file holds one set element ``<srcset>``, ``<refset>`` or
  ``<tstset>`` (attributes ``setid``, ``srclang``, ``trglang``) with ``<doc docid=...
  [sysid=...] [genre=...] [origlang=...]>`` elements, optionally wrapped in ``<p>`` /
  ``<hl>``, holding ``<seg id="N"> text </seg>``;
* SGML mode (any name not ending in ``.xml``): tags and attribute names are matched
  case-insensitively; every ref/tst ``<doc>`` must carry ``sysid``; several references sit
  in one refset as repeated documents with different ``sysid``; whitespace in a segment
  is collapsed;
* XML mode (``.xml``): a root element holds one or more sets; ``setid`` and ``srclang`` are
  required on every set, ``trglang`` on ref and test sets, ``refid`` on a refset and
  ``sysid`` on a tstset (documents inherit it), ``docid`` on docs and ``id`` on segs;
  text is XML-unescaped.

Validation (:func:`check_mt_data`, mteval's ``check_MT_data``): the ``setid`` agrees
across files, every source document exists for every reference and every system, and
each such document has the source's segment ids (segments pair by document and id,
never by position); segments are ordered numerically by id. The reader refuses a set
without documents or segments, anything after the closing set tag, a ``<seg>`` inside
a ``<seg>``, NUL bytes and non-ASCII digits in ids; its scan is linear in the file size. Every problem raises :class:`~evalkit.errors.InputFormatError` naming the file and
line. Without a source set the first reference system's documents serve as the template
(the WMT data is often distributed without the source SGML).

Why our own: sacrebleu only reads WMT's line-oriented "fake SGML" and has no writer or
validation; mteval's format is small enough that a regex scanner with line numbers is
the clearest way to report errors precisely.
"""

from __future__ import annotations

import bisect
import os
import re
import xml.parsers.expat
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, quoteattr

from evalkit.atomic import atomic_write_text
from evalkit.inputs import check_text_bytes, read_input
from evalkit.data.sgml_attributes import parse_attributes
from evalkit.errors import InputFormatError, ParameterError, PathLike

__all__ = [
    "Segment",
    "Document",
    "NistSet",
    "read_nist",
    "write_nist",
    "check_mt_data",
    "aligned_segments",
]

SET_KINDS = ("srcset", "refset", "tstset")


@dataclass
class Segment:
    id: int
    text: str
    line: Optional[int] = field(default=None, compare=False)


@dataclass
class Document:
    docid: str
    sysid: Optional[str]
    segments: List[Segment] = field(default_factory=list)
    attrs: Dict[str, str] = field(default_factory=dict)
    line: Optional[int] = field(default=None, compare=False)


@dataclass
class NistSet:
    """One file: a source, reference or test set. ``docs`` keep file order; for refsets and
    tstsets each document carries the ``sysid`` of its reference / system."""

    kind: str
    setid: str
    srclang: str
    trglang: Optional[str] = None
    docs: List[Document] = field(default_factory=list)
    attrs: Dict[str, str] = field(default_factory=dict)
    path: Optional[str] = None
    line: Optional[int] = field(default=None, compare=False)

    def systems(self) -> List[str]:
        """System (or reference) ids in order of first appearance."""
        seen: Dict[str, None] = {}
        for d in self.docs:
            seen.setdefault(d.sysid or "", None)
        return list(seen)

    def by_system(self) -> Dict[str, Dict[str, Document]]:
        """``{sysid: {docid: Document}}``."""
        out: Dict[str, Dict[str, Document]] = {}
        for d in self.docs:
            out.setdefault(d.sysid or "", {})[d.docid] = d
        return out

    @property
    def n_segments(self) -> int:
        return sum(len(d.segments) for d in self.docs)


# ---------------------------------------------------------------------------------------
# reading
# ---------------------------------------------------------------------------------------
# A tag cannot contain "<": matching stops at the next one, so the scan below is linear
# in the file size whatever stray "<" characters the file holds.
_TAG = re.compile(r"<(/?)([A-Za-z][\w-]*)([^<>]*)>", re.S)
_SEG_END = re.compile(r"</seg\s*>", re.I)
_SEG_TAG = re.compile(r"</?seg\b", re.I)
_WS = re.compile(r"\s+")


def _attrs(text: str) -> Dict[str, str]:
    return parse_attributes(text)


def _extra(a: Dict[str, str]) -> Dict[str, str]:
    """Document attributes other than docid / sysid (genre, origlang, ...)."""
    return {k: v for k, v in a.items() if k.lower() not in ("docid", "sysid")}


def read_nist(path: PathLike) -> NistSet:
    """Read an mteval SGML or XML set file (XML when the name ends in ``.xml``)."""
    path = os.fspath(path)
    data = check_text_bytes(read_input(path, "NIST SGML/XML file"), path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFormatError(
            path, data.count(b"\n", 0, exc.start) + 1, "UTF-8 text", found=str(exc)
        ) from None
    text = text.replace("\r\n", "\n").replace("\r", "\n")  # as open() in text mode read it
    nset = _read_xml(path, text) if path.lower().endswith(".xml") else _read_sgml(path, text)
    if not nset.docs or nset.n_segments == 0:  # an empty set would score as "0 systems" and succeed
        raise InputFormatError(
            path,
            nset.line,
            f"at least one <doc> with a <seg> in the <{nset.kind}>",
            found=f"{len(nset.docs)} documents, {nset.n_segments} segments",
        )
    return nset


def _read_sgml(path: str, text: str) -> NistSet:
    newlines = [m.start() for m in re.finditer("\n", text)]
    line_of = lambda pos: bisect.bisect_right(newlines, pos - 1) + 1 if pos else 1  # noqa: E731
    nset: Optional[NistSet] = None
    closed = False
    doc: Optional[Document] = None
    pos = 0
    while True:
        start = text.find("<", pos)
        if closed:  # only white space may follow the closing set tag
            rest_start = pos + len(text[pos:]) - len(text[pos:].lstrip())
            if rest_start < len(text):
                raise InputFormatError(
                    path,
                    line_of(rest_start),
                    f"nothing after </{nset.kind}>",
                    found=text[rest_start : rest_start + 40],
                )
            break
        if start < 0:
            break
        m = _TAG.match(text, start)
        if m is None:  # a "<" outside a segment that starts no complete tag
            raise InputFormatError(
                path,
                line_of(start),
                "a complete tag <name ...> (a '<' outside a segment starts a tag)",
                found=text[start : start + 40],
            )
        closing, name, rest = m.group(1) == "/", m.group(2).lower(), m.group(3)
        line = line_of(m.start())
        pos = m.end()
        if name in SET_KINDS:
            if closing:
                if nset is None or nset.kind != name or doc is not None:
                    raise InputFormatError(
                        path,
                        line,
                        f"</{name}> after a matching <{name}> and </doc>",
                        found=m.group(0),
                    )
                closed = True
                continue
            if nset is not None:
                raise InputFormatError(
                    path, line, "exactly one set element per SGML file", found=m.group(0)
                )
            a = _attrs(rest)
            if "setid" not in a or "srclang" not in a:
                raise InputFormatError(
                    path, line, f"<{name}> with setid and srclang attributes", found=m.group(0)
                )
            if name != "srcset" and "trglang" not in a:
                raise InputFormatError(
                    path, line, f"<{name}> with a trglang attribute", found=m.group(0)
                )
            nset = NistSet(
                name, a["setid"], a["srclang"], a.get("trglang"), attrs=a, path=path, line=line
            )
        elif name == "doc":
            if nset is None or closed:
                raise InputFormatError(
                    path, line, "<doc> inside a srcset/refset/tstset element", found=m.group(0)
                )
            if closing:
                if doc is None:
                    raise InputFormatError(
                        path, line, "</doc> closing an open <doc>", found=m.group(0)
                    )
                nset.docs.append(doc)
                doc = None
                continue
            if doc is not None:
                raise InputFormatError(path, line, "</doc> before the next <doc>", found=m.group(0))
            a = _attrs(rest)
            if "docid" not in a:
                raise InputFormatError(path, line, "<doc> with a docid attribute", found=m.group(0))
            if nset.kind != "srcset" and "sysid" not in a:
                raise InputFormatError(
                    path,
                    line,
                    "<doc> with a sysid attribute (mteval SGML requires it in ref/tst sets)",
                    found=m.group(0),
                )
            doc = Document(a["docid"], a.get("sysid"), attrs=_extra(a), line=line)
        elif name == "seg":
            if closing:
                raise InputFormatError(path, line, "</seg> closing an open <seg>", found=m.group(0))
            if doc is None:
                raise InputFormatError(path, line, "<seg> inside a <doc>", found=m.group(0))
            end = _SEG_END.search(text, pos)
            if end is None:
                raise InputFormatError(path, line, "</seg> closing this segment", found=m.group(0))
            body = text[pos : end.start()]
            if _SEG_TAG.search(body):
                raise InputFormatError(path, line, "</seg> before the next <seg>", found=m.group(0))
            doc.segments.append(
                Segment(
                    _seg_id(path, line, _attrs(rest), m.group(0)), _WS.sub(" ", body).strip(), line
                )
            )
            pos = end.end()
        # other tags (<p>, <hl>, ...) only structure the text
    if nset is None:
        raise InputFormatError(path, None, "a <srcset>, <refset> or <tstset> element")
    if doc is not None:
        raise InputFormatError(
            path, doc.line, "</doc> closing this document", found=f"<doc docid={doc.docid!r}>"
        )
    if not closed:
        raise InputFormatError(path, len(newlines) + 1, f"</{nset.kind}> at the end of the file")
    _sort_segments(nset)
    return nset


def _seg_id(path: str, line: Optional[int], a: Dict[str, str], found: str) -> int:
    if "id" not in a:
        raise InputFormatError(path, line, "<seg> with an id attribute", found=found)
    token = a["id"].strip()
    if not re.fullmatch(r"[+-]?[0-9]+", token):  # ASCII digits only: int() also takes "١" or "1_0"
        raise InputFormatError(
            path, line, "a numeric segment id (mteval sorts ids numerically)", found=found
        )
    return int(token)


def _sort_segments(nset: NistSet) -> None:
    seen_docs: Dict[Tuple[Optional[str], str], int] = {}
    for d in nset.docs:
        key = (d.sysid, d.docid)
        if key in seen_docs:
            raise InputFormatError(
                nset.path,
                d.line,
                f"one document {d.docid!r} per system {d.sysid!r}",
                found=f"a repeat of the document at line {seen_docs[key]}",
            )
        seen_docs[key] = d.line or 0
        ids: Dict[int, int] = {}
        for s in d.segments:
            if s.id in ids:
                raise InputFormatError(
                    nset.path,
                    s.line,
                    f"unique segment ids in document {d.docid!r}",
                    found=f'seg id="{s.id}" again (first at line {ids[s.id]})',
                )
            ids[s.id] = s.line or 0
        d.segments.sort(key=lambda s: s.id)


def _read_xml(path: str, text: str) -> NistSet:
    parser = xml.parsers.expat.ParserCreate("utf-8")
    state = {"set": None, "cur_set": None, "doc": None, "seg": None, "buf": [], "depth": 0}
    result: List[NistSet] = []

    def line() -> int:
        return parser.CurrentLineNumber

    def start(name, a):
        state["depth"] += 1
        lname = name.lower()
        if lname in SET_KINDS:
            for req in ("setid", "srclang") + (("trglang",) if lname != "srcset" else ()):
                if req not in a:
                    raise InputFormatError(path, line(), f"<{name}> with a {req} attribute")
            sys_attr = {"refset": "refid", "tstset": "sysid"}.get(lname)
            if sys_attr and sys_attr not in a:
                raise InputFormatError(path, line(), f"<{name}> with a {sys_attr} attribute")
            cur = result[0] if result else None
            if cur is None:
                cur = NistSet(
                    lname,
                    a["setid"],
                    a["srclang"],
                    a.get("trglang"),
                    attrs=dict(a),
                    path=path,
                    line=line(),
                )
                result.append(cur)
            elif cur.kind != lname or cur.setid != a["setid"]:
                raise InputFormatError(
                    path,
                    line(),
                    f"further sets of kind {cur.kind} with setid {cur.setid!r}",
                    found=f"<{name} setid={a['setid']!r}>",
                )
            state["cur_set"] = (cur, a.get(sys_attr) if sys_attr else None)
        elif lname == "doc":
            if state["cur_set"] is None or state["doc"] is not None:
                raise InputFormatError(path, line(), "<doc> directly inside a set element")
            if "docid" not in a:
                raise InputFormatError(path, line(), "<doc> with a docid attribute")
            cur, sysid = state["cur_set"]
            state["doc"] = Document(a["docid"], a.get("sysid", sysid), attrs=_extra(a), line=line())
        elif lname == "seg":
            if state["doc"] is None:
                raise InputFormatError(path, line(), "<seg> inside a <doc>")
            if state["seg"] is not None:  # the inner one would silently replace the outer's text
                raise InputFormatError(
                    path,
                    line(),
                    f"</seg> closing the segment of line {state['seg'][1]} before the next <seg>",
                )
            state["seg"] = (
                _seg_id(path, line(), {k.lower(): v for k, v in a.items()}, f"<seg {a}>"),
                line(),
            )
            state["buf"] = []

    def end(name):
        lname = name.lower()
        if lname == "seg" and state["seg"] is not None:
            sid, ln = state["seg"]
            state["doc"].segments.append(
                Segment(sid, _WS.sub(" ", "".join(state["buf"])).strip(), ln)
            )
            state["seg"] = None
        elif lname == "doc" and state["doc"] is not None:
            state["cur_set"][0].docs.append(state["doc"])
            state["doc"] = None
        elif lname in SET_KINDS:
            state["cur_set"] = None

    def chars(data):
        if state["seg"] is not None:
            state["buf"].append(data)

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = chars
    try:
        parser.Parse(text.encode("utf-8"), True)
    except xml.parsers.expat.ExpatError as exc:
        raise InputFormatError(
            path, exc.lineno, "well-formed XML", found=xml.parsers.expat.ErrorString(exc.code)
        ) from None
    if not result:
        raise InputFormatError(path, None, "a <srcset>, <refset> or <tstset> element")
    _sort_segments(result[0])
    return result[0]


# ---------------------------------------------------------------------------------------
# validation and alignment
# ---------------------------------------------------------------------------------------
def check_mt_data(src: Optional[NistSet], ref: NistSet, tst: NistSet) -> None:
    """mteval's ``check_MT_data``: raise :class:`InputFormatError` on the first problem."""
    for s, kind in ((src, "srcset"), (ref, "refset"), (tst, "tstset")):
        if s is not None and s.kind != kind:
            raise InputFormatError(s.path, s.line, f"a <{kind}> file", found=f"<{s.kind}>")
    template_set = src if src is not None else ref
    for s in (ref, tst):
        if s.setid != template_set.setid:
            raise InputFormatError(
                s.path,
                s.line,
                f'setid "{template_set.setid}" as in {template_set.path}',
                found=f'setid "{s.setid}"',
            )
    if src is not None:
        template = {d.docid: d for d in src.docs}
    else:
        template = ref.by_system()[ref.systems()[0]] if ref.docs else {}
    if not template:
        raise InputFormatError(template_set.path, template_set.line, "at least one document")
    for s in (ref, tst):
        for sysid, docs in s.by_system().items():
            for docid, tdoc in template.items():
                d = docs.get(docid)
                if d is None:
                    raise InputFormatError(
                        s.path,
                        None,
                        f'document "{docid}" for system "{sysid}" (present in {template_set.path}, line {tdoc.line})',
                    )
                if len(d.segments) != len(tdoc.segments):
                    raise InputFormatError(
                        s.path,
                        d.line,
                        f'{len(tdoc.segments)} segments in document "{docid}" as in {template_set.path}',
                        found=f"{len(d.segments)} segments",
                    )
                for seg, tseg in zip(d.segments, tdoc.segments):  # both sorted by id
                    if seg.id != tseg.id:  # segments pair by (document, id), never by position
                        ids = {x.id for x in tdoc.segments}
                        odd = seg if seg.id not in ids else tseg
                        raise InputFormatError(
                            s.path,
                            seg.line if odd is seg else d.line,
                            f'the segment ids of document "{docid}" in {template_set.path} (system "{sysid}")',
                            found=f'seg id="{odd.id}" '
                            + (
                                "not in " + str(template_set.path) if odd is seg else "missing here"
                            ),
                        )
            extra = [docid for docid in docs if docid not in template]
            if extra:
                raise InputFormatError(
                    s.path,
                    docs[extra[0]].line,
                    f"only documents of {template_set.path}",
                    found=f'document "{extra[0]}" for system "{sysid}"',
                )


def aligned_segments(
    src: Optional[NistSet], ref: NistSet, tst: NistSet, sysid: Optional[str] = None
):
    """Hypotheses of system ``sysid`` and reference streams aligned by (doc, seg).

    Returns ``(keys, hyps, ref_streams)`` where ``keys`` lists ``(docid, segid)`` in
    source document order and ``ref_streams`` has one stream per reference system."""
    check_mt_data(src, ref, tst)
    systems = tst.systems()
    if sysid is None:
        sysid = systems[0]
    if sysid not in systems:
        raise ParameterError("sysid", sysid, f"one of {systems}")
    order = (
        [d.docid for d in src.docs] if src is not None else list(ref.by_system()[ref.systems()[0]])
    )
    tdocs = tst.by_system()[sysid]
    rsys = ref.by_system()
    keys, hyps = [], []
    streams: List[List[str]] = [[] for _ in rsys]
    for docid in order:
        for seg in tdocs[docid].segments:
            keys.append((docid, seg.id))
            hyps.append(seg.text)
            for stream, docs in zip(streams, rsys.values()):
                stream.append(_segment(docs[docid], seg.id).text)
    return keys, hyps, streams


def _segment(doc: Document, segid: int) -> Segment:
    """The segment of ``doc`` with id ``segid`` (ids were checked by :func:`check_mt_data`)."""
    for seg in doc.segments:
        if seg.id == segid:
            return seg
    raise InputFormatError(None, doc.line, f'segment {segid} in document "{doc.docid}"')


# ---------------------------------------------------------------------------------------
# writing
# ---------------------------------------------------------------------------------------
def write_nist(nset: NistSet, path: PathLike, format: Optional[str] = None) -> None:
    """Write ``nset`` as mteval SGML (default) or XML (``format="xml"`` or a ``.xml`` name)."""
    path = os.fspath(path)
    if format is None:
        format = "xml" if path.lower().endswith(".xml") else "sgml"
    if format not in ("sgml", "xml"):
        raise ParameterError("format", format, "'sgml' or 'xml'")
    if nset.kind not in SET_KINDS:
        raise ParameterError("nset.kind", nset.kind, f"one of {SET_KINDS}")
    set_attrs = {"setid": nset.setid, "srclang": nset.srclang}
    if nset.trglang is not None:
        set_attrs["trglang"] = nset.trglang
    out: List[str] = []
    fmt_attrs = lambda a: " ".join(f"{k}={quoteattr(str(v))}" for k, v in a.items())  # noqa: E731
    if format == "sgml":
        out.append(f"<{nset.kind} {fmt_attrs(set_attrs)}>")
        for d in nset.docs:
            a = {"sysid": d.sysid} if d.sysid is not None else {}
            a["docid"] = d.docid
            a.update({k: v for k, v in d.attrs.items() if k not in ("sysid", "docid")})
            out.append(f"<doc {fmt_attrs(a)}>")
            for s in d.segments:
                if _SEG_TAG.search(
                    s.text
                ):  # SGML text is not escaped: its own reader would refuse it
                    raise ParameterError(
                        "text",
                        s.text,
                        f"SGML segment text without <seg>/</seg> (document "
                        f"{d.docid!r}, segment {s.id}; write XML to keep markup in a segment)",
                    )
            out.extend(f'<seg id="{s.id}"> {s.text} </seg>' for s in d.segments)
            out.append("</doc>")
        out.append(f"</{nset.kind}>")
    else:
        out.append('<?xml version="1.0" encoding="UTF-8"?>')
        out.append("<mteval>")
        groups = (
            [(None, nset.docs)]
            if nset.kind == "srcset"
            else [
                (sysid, [d for d in nset.docs if (d.sysid or "") == sysid])
                for sysid in nset.systems()
            ]
        )
        for sysid, docs in groups:
            a = dict(set_attrs)
            if sysid is not None:
                a["refid" if nset.kind == "refset" else "sysid"] = sysid
            out.append(f"<{nset.kind} {fmt_attrs(a)}>")
            for d in docs:
                da = {"docid": d.docid}
                da.update({k: v for k, v in d.attrs.items() if k not in ("sysid", "docid")})
                out.append(f"<doc {fmt_attrs(da)}>")
                out.extend(f'<seg id="{s.id}">{escape(s.text)}</seg>' for s in d.segments)
                out.append("</doc>")
            out.append(f"</{nset.kind}>")
        out.append("</mteval>")
    atomic_write_text(path, "\n".join(out) + "\n")


def nist_set_from_segments(
    kind: str,
    setid: str,
    srclang: str,
    trglang: Optional[str],
    sysid: Optional[str],
    docs: Sequence[Tuple[str, Sequence[str]]],
) -> NistSet:
    """Build a set from ``[(docid, [segment texts])]`` (segment ids 1..n per document)."""
    nset = NistSet(kind, setid, srclang, trglang)
    for docid, texts in docs:
        nset.docs.append(Document(docid, sysid, [Segment(i + 1, t) for i, t in enumerate(texts)]))
    return nset


__all__.append("nist_set_from_segments")
