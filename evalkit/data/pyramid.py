"""Pyramid files in DUCView XML: pyramids (model SCUs with offsets) and peer annotations.

Layout (``notes/anchors-and-formats.md`` C.3; TAC ``manual/pyramids/*``, DUC
``allpyramids/*.pyr``; peer annotations TAC ``manual/peers/*``, DUC ``allpans/*.pan``)::

    <pyramid>
      <startDocumentRegEx><![CDATA[[-]*\\n\\s*D[0-9]*...\\n[-]*\\n]]></startDocumentRegEx>
      <text><line>----------</line><line>D0801-A.M.100.A.A</line><line>----------</line>
            <line>first model sentence</line>...</text>
      <scu uid="12" label="...">
        <contributor label="..."><part label="..." start="i" end="j"/></contributor>...
      </scu>
    </pyramid>

* The model summaries are the ``<line>`` texts joined with ``\\n``; each starts after a
  header matched by ``startDocumentRegEx`` (its summary file name names the model).
  ``start``/``end`` are character offsets into that joined text; evalkit stores them
  relative to the start of the model's summary (``"\\n".join(sentences)``).
* SCU weight = number of distinct models contributing. A contributor whose parts fall
  in two summaries, or a part whose ``label`` differs from the text at its offsets, is
  an error (``skip_bad=True`` skips and counts it; SacreROUGE skips such contributors).
* Peer annotations wrap ``<annotation><text><line>...`` (the peer summary) and
  ``<peerscu uid label>`` elements, matched when they hold a ``<contributor>``; ``uid=0``
  is DUCView's catch-all for non-matching text and never an SCU (its parts are counted in
  ``attrs["unmatched_parts"]``).

XML is parsed with :mod:`xml.etree.ElementTree`; the declared encoding is honoured (UTF-8
when none is declared); a parse error names file and line.
"""

from __future__ import annotations

import re
import time
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple
from xml.sax.saxutils import escape, quoteattr

import pandas as pd

from evalkit.atomic import atomic_write_bytes
from evalkit.data.duc import SUMMARY_NAME, summarizer_type
from evalkit.data.model import SummarizationCorpus
from evalkit.inputs import parse_xml
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "Pyramid",
    "PeerAnnotation",
    "read_pyramid",
    "write_pyramid",
    "read_peer_annotation",
    "write_peer_annotation",
    "peer_annotation_rows",
    "PEER_SCU_COLUMNS",
    "CONTRIBUTOR_COLUMNS",
    "DEFAULT_HEADER_REGEX",
    "CATCH_ALL_LABEL",
]

DEFAULT_HEADER_REGEX = (
    r"[-]*\n\s*[A-Za-z]+[0-9]+[A-Za-z]?(-[A-Za-z])?\.[MP]\.[0-9]+\.[A-Za-z]+\.[A-Za-z]+\n[-]*\n"
)
CATCH_ALL_LABEL = "All non-matching SCUs go here"


@dataclass
class Pyramid:
    """One pyramid: model summaries (id -> sentences) and long tables for the data model."""

    instance: str
    models: Dict[str, Tuple[str, ...]]
    scus: pd.DataFrame  # instance, scu, label, weight
    contributors: pd.DataFrame  # instance, scu, summarizer, contributor, start, end
    skipped: int = 0


@dataclass
class PeerAnnotation:
    instance: str
    summarizer: str
    sentences: Tuple[str, ...]
    scus: pd.DataFrame  # instance, summarizer, scu  (matched SCUs, uid 0 excluded)
    contributors: pd.DataFrame  # instance, scu, summarizer, contributor, start, end
    unmatched_parts: int = 0


def _parse_xml(path: PathLike) -> ET.Element:
    return parse_xml(path, "a DUCView XML file")


def _line_no(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def _int_attr(node: ET.Element, name: str, path: PathLike) -> int:
    value = node.get(name)
    if value is None or not re.fullmatch(r"-?[0-9]+", value.strip()):
        raise InputFormatError(
            path,
            None,
            f'an integer {name}="..." on <{node.tag} label={node.get("label")!r}>',
            found=value,
        )
    return int(value)


def _text_lines(node: Optional[ET.Element], path: PathLike, where: str) -> List[str]:
    if node is None:
        raise InputFormatError(path, None, f"a <text> element in {where}")
    return [(line.text or "") for line in node.findall("line")]


#: Bounds on the file's own ``startDocumentRegEx``: the pattern is data, and a pattern
#: like ``(a|aa)+$`` backtracks exponentially, so its length and matching time are capped.
MAX_HEADER_REGEX_CHARS = 1000
HEADER_REGEX_SECONDS = (
    0.5  # a header pattern needs microseconds; regex overshoots its limit a little
)


def _header_matches(pattern: str, text: str, path: PathLike) -> list:
    """All matches of the file's header pattern in ``text``, within the bounds above.

    Why the ``regex`` package: :mod:`re` cannot be interrupted, ``regex`` (already installed
    for nltk) takes a ``timeout`` and reads the same syntax.
    """
    import regex

    if len(pattern) > MAX_HEADER_REGEX_CHARS:
        raise InputFormatError(
            path,
            None,
            f"a startDocumentRegEx of at most {MAX_HEADER_REGEX_CHARS} characters",
            found=f"{len(pattern)} characters",
        )
    try:
        header = regex.compile(pattern)
    except (regex.error, ValueError, OverflowError) as exc:
        raise InputFormatError(path, None, "a valid startDocumentRegEx", found=str(exc)) from None
    # one time budget for the whole scan (regex's timeout applies to each search alone)
    deadline = time.monotonic() + HEADER_REGEX_SECONDS
    matches, pos = [], 0
    try:
        while pos <= len(text):
            m = header.search(text, pos, timeout=max(deadline - time.monotonic(), 0.001))
            if m is None:
                break
            matches.append(m)
            pos = m.end() if m.end() > m.start() else m.end() + 1
    except TimeoutError:
        raise InputFormatError(
            path,
            None,
            f"a startDocumentRegEx that matches the <text> within "
            f"{HEADER_REGEX_SECONDS:g} s (this one backtracks without bound)",
            found=pattern,
        ) from None
    return matches


def read_pyramid(
    path: PathLike,
    instance: Optional[str] = None,
    skip_bad: bool = False,
    check_labels: bool = True,
) -> Pyramid:
    """Read a DUCView pyramid; ``instance`` defaults to the file name before its first dot."""
    root = _parse_xml(path)
    if root.tag != "pyramid":
        raise InputFormatError(path, 1, "a <pyramid> root element", found=f"<{root.tag}>")
    instance = instance or Path(path).name.split(".")[0]
    regex_node = root.find("startDocumentRegEx")
    pattern = (
        regex_node.text if regex_node is not None and regex_node.text else DEFAULT_HEADER_REGEX
    )
    text = "\n".join(_text_lines(root.find("text"), path, "<pyramid>"))
    starts, ends, models = [], [], []
    for m in _header_matches(pattern, text, path):
        names = [t for t in m.group(0).split() if SUMMARY_NAME.match(t)]
        if len(names) != 1:
            raise InputFormatError(
                path,
                None,
                "one model summary file name in each document header",
                found=m.group(0).strip(),
            )
        summ = SUMMARY_NAME.match(names[0]).group("summarizer")
        summarizer_type(summ, path)
        if summ in models:
            raise InputFormatError(path, None, f"each model once (model {summ} repeats)")
        if starts:
            ends.append(m.start())
        begin = m.end()
        while begin < len(text) and text[begin] == "\n":
            begin += 1
        starts.append(begin)
        models.append(summ)
    if not models:
        raise InputFormatError(
            path,
            None,
            "model summaries separated by headers matching startDocumentRegEx",
            found=pattern,
        )
    ends.append(len(text))
    bodies = [text[s:e].rstrip("\n") for s, e in zip(starts, ends)]
    for s, body in zip(starts, bodies):
        for k, line in enumerate(body.split("\n")):
            if re.fullmatch(r"\s*-{5,}\s*", line):
                # a separator the header regex did not match: two summaries would merge
                n = _line_no(text, s) + k
                raise InputFormatError(
                    path,
                    None,
                    f"document headers matching startDocumentRegEx (<text> line {n})",
                    found=" / ".join(body.split("\n")[k : k + 2]),
                )
    scus, contribs, skipped = [], [], 0
    uids = set()
    for node in root.findall("scu"):
        uid = _int_attr(node, "uid", path)
        if uid in uids:
            raise InputFormatError(path, None, f"unique SCU uids (uid {uid} repeats)")
        uids.add(uid)
        rows, contributors_of = [], set()
        for cnode in node.findall("contributor"):
            parts = []
            for pnode in cnode.findall("part"):
                start, end = _int_attr(pnode, "start", path), _int_attr(pnode, "end", path)
                k = max((i for i, s in enumerate(starts) if s <= start), default=None)
                if k is None or not (start <= end <= starts[k] + len(bodies[k])):
                    problem = f"offsets {start}-{end} inside one model summary"
                    parts = None
                    break
                if check_labels and text[start:end] != (pnode.get("label") or ""):
                    problem = f"part label equal to the text at {start}-{end} ({text[start:end]!r})"
                    parts = None
                    break
                parts.append((k, start - starts[k], end - starts[k]))
            if parts is not None and len({k for k, _, _ in parts}) > 1:
                problem, parts = "a contributor's parts in one model summary", None
            if parts is None or not parts:
                if parts is not None:
                    problem = "a <part> in every <contributor>"
                if not skip_bad:
                    raise InputFormatError(
                        path, None, f"{problem} (SCU {uid}, contributor {cnode.get('label')!r})"
                    )
                skipped += 1
                continue
            summ = models[parts[0][0]]
            contributors_of.add(summ)
            for _, s, e in parts:
                rows.append((instance, str(uid), summ, cnode.get("label"), s, e))
        if not contributors_of:
            if not skip_bad:
                raise InputFormatError(path, None, f"at least one contributor for SCU {uid}")
            skipped += 1
            continue
        scus.append((instance, str(uid), node.get("label"), float(len(contributors_of))))
        contribs += rows
    return Pyramid(
        instance=instance,
        models={
            m: tuple(l.strip() for l in b.split("\n") if l.strip()) for m, b in zip(models, bodies)
        },
        scus=pd.DataFrame(scus, columns=["instance", "scu", "label", "weight"]),
        contributors=pd.DataFrame(
            contribs, columns=["instance", "scu", "summarizer", "contributor", "start", "end"]
        ),
        skipped=skipped,
    )


def _lines_xml(lines: Sequence[str]) -> str:
    return "".join(f"<line>{escape(l)}</line>\n" for l in lines)


def _parts_xml(text: str, rows: pd.DataFrame, offset: int, where: str) -> str:
    out = []
    for label, grp in rows.groupby("contributor", sort=False, dropna=False):
        parts = []
        for s, e in zip(grp["start"], grp["end"]):
            if pd.isna(s) or pd.isna(e):
                continue
            s, e = int(s), int(e)
            if not 0 <= s <= e <= len(text):
                raise ParameterError(
                    "scu_contributors", (s, e), f"offsets inside the summary text of {where}"
                )
            parts.append(
                f'<part label={quoteattr(text[s:e])} start="{s + offset}" end="{e + offset}"/>'
            )
        label = "" if pd.isna(label) else label
        out.append(f"<contributor label={quoteattr(label)}>{''.join(parts)}</contributor>\n")
    return "".join(out)


def _header(name: str) -> List[str]:
    return ["----------", name, "----------"]


def write_pyramid(path: PathLike, corpus: SummarizationCorpus, instance: str, name_of=None) -> None:
    """Write the pyramid of ``instance`` (models' summaries, ``scus``,
    ``scu_contributors`` of model summarizers) in DUCView XML. ``name_of(instance,
    summarizer)`` gives each header's summary file name (default ``INSTANCE.M.100.A.X``)."""
    models = [m for m in corpus.models(instance)]
    contrib = corpus.scu_contributors[
        (corpus.scu_contributors["instance"] == instance)
        & corpus.scu_contributors["summarizer"].isin(models)
    ]
    lines: List[str] = []
    starts: Dict[str, int] = {}
    for m in models:
        name = name_of(instance, m) if name_of else f"{instance}.M.100.A.{m}"
        lines += _header(name)
        starts[m] = len("\n".join(lines)) + 1
        lines += list(corpus.summary(instance, m))
    texts = {m: "\n".join(corpus.summary(instance, m)) for m in models}
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n<pyramid>\n',
        f"<startDocumentRegEx><![CDATA[{DEFAULT_HEADER_REGEX}]]></startDocumentRegEx>\n",
        "<text>\n",
        _lines_xml(lines),
        "</text>\n",
    ]
    scus = corpus.scus[corpus.scus["instance"] == instance]
    for uid, label in zip(scus["scu"], scus["label"]):
        rows = contrib[contrib["scu"] == uid]
        out.append(
            f"<scu uid={quoteattr(uid)} label={quoteattr('' if pd.isna(label) else label)}>\n"
        )
        for m, grp in rows.groupby("summarizer", sort=False):
            out.append(_parts_xml(texts[m], grp, starts[m], f"{instance}/{m}"))
        out.append("</scu>\n")
    out.append("</pyramid>\n")
    atomic_write_bytes(path, "".join(out).encode("utf-8"))


def read_peer_annotation(
    path: PathLike,
    instance: Optional[str] = None,
    summarizer: Optional[str] = None,
    known_scus: Optional[Sequence[str]] = None,
) -> PeerAnnotation:
    """Read a DUCView peer annotation. ``instance``/``summarizer`` default to the file
    name (a summary file name, optionally with ``.pan``). With ``known_scus`` (the
    pyramid's uids) an SCU the pyramid lacks is an error."""
    instance, summarizer, lines, scus, contribs, unmatched = peer_annotation_rows(
        path, instance, summarizer, known_scus
    )
    return PeerAnnotation(
        instance=instance,
        summarizer=summarizer,
        sentences=tuple(l.strip() for l in lines if l.strip()),
        scus=pd.DataFrame(scus, columns=list(PEER_SCU_COLUMNS)),
        contributors=pd.DataFrame(contribs, columns=list(CONTRIBUTOR_COLUMNS)),
        unmatched_parts=unmatched,
    )


#: the columns of :attr:`PeerAnnotation.scus` and :attr:`PeerAnnotation.contributors`
PEER_SCU_COLUMNS = ("instance", "summarizer", "scu")
CONTRIBUTOR_COLUMNS = ("instance", "scu", "summarizer", "contributor", "start", "end")


def peer_annotation_rows(
    path: PathLike,
    instance: Optional[str] = None,
    summarizer: Optional[str] = None,
    known_scus: Optional[Sequence[str]] = None,
):
    """:func:`read_peer_annotation` as plain rows, for a reader that builds one table of many
    files (:func:`evalkit.data.tac.read_corpus`).

    Returns
    -------
    tuple
        ``(instance, summarizer, text lines, SCU rows, contributor rows, unmatched parts)``;
        the rows are tuples in the order of :data:`PEER_SCU_COLUMNS` and
        :data:`CONTRIBUTOR_COLUMNS` (the columns of :class:`PeerAnnotation`'s tables).
    """
    root = _parse_xml(path)
    ann = root if root.tag == "annotation" else root.find("annotation")
    if ann is None:
        raise InputFormatError(path, 1, "an <annotation> element", found=f"<{root.tag}>")
    if instance is None or summarizer is None:
        stem = re.sub(r"\.pan$", "", Path(path).name)
        m = SUMMARY_NAME.match(stem)
        if not m:
            raise InputFormatError(
                path, None, "a peer annotation named like its summary file (optionally + .pan)"
            )
        instance = instance or m.group("docset") + (
            f"-{m.group('group')}" if m.group("group") else ""
        )
        summarizer = summarizer or m.group("summarizer")
    summarizer_type(summarizer, path)
    lines = _text_lines(ann.find("text"), path, "<annotation>")
    text = "\n".join(lines)
    known = None if known_scus is None else {str(k) for k in known_scus}
    scus, contribs, unmatched = [], [], 0
    seen = set()
    for node in ann.findall("peerscu"):
        uid = _int_attr(node, "uid", path)
        cnodes = node.findall("contributor")
        if uid == 0:
            unmatched += sum(len(c.findall("part")) for c in cnodes)
            continue
        if not cnodes:
            continue
        if known is not None and str(uid) not in known:
            raise InputFormatError(
                path, None, "peer SCUs that exist in the pyramid", found=f"uid {uid}"
            )
        if uid in seen:
            raise InputFormatError(path, None, f"each peer SCU once (uid {uid} repeats)")
        seen.add(uid)
        scus.append((instance, summarizer, str(uid)))
        for c in cnodes:
            parts = c.findall("part")
            if not parts:
                contribs.append((instance, str(uid), summarizer, c.get("label"), None, None))
            for p in parts:
                s, e = _int_attr(p, "start", path), _int_attr(p, "end", path)
                # Peer offsets are noisy upstream: keep them only when they fit the text.
                ok = 0 <= s <= e <= len(text) and text[s:e] == (p.get("label") or "")
                contribs.append(
                    (
                        instance,
                        str(uid),
                        summarizer,
                        c.get("label"),
                        s if ok else None,
                        e if ok else None,
                    )
                )
    return instance, summarizer, lines, scus, contribs, unmatched


def write_peer_annotation(
    path: PathLike, corpus: SummarizationCorpus, instance: str, summarizer: str
) -> None:
    """Write the annotation of one peer summary: its text, one ``<peerscu>`` per SCU of
    the pyramid (matched ones, from ``peer_scus``, carry their contributors from
    ``scu_contributors`` or an empty contributor), and the ``uid=0`` catch-all."""
    sentences = corpus.summary(instance, summarizer)
    text = "\n".join(sentences)
    matched = set(
        corpus.peer_scus.loc[
            (corpus.peer_scus["instance"] == instance)
            & (corpus.peer_scus["summarizer"] == summarizer),
            "scu",
        ]
    )
    contrib = corpus.scu_contributors[
        (corpus.scu_contributors["instance"] == instance)
        & (corpus.scu_contributors["summarizer"] == summarizer)
    ]
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>\n<pyramid>\n<annotation>\n<text>\n',
        _lines_xml(sentences),
        "</text>\n",
    ]
    scus = corpus.scus[corpus.scus["instance"] == instance]
    for uid, label in zip(scus["scu"], scus["label"]):
        label = "" if pd.isna(label) else label
        out.append(f"<peerscu uid={quoteattr(uid)} label={quoteattr(label)}>")
        if uid in matched:
            rows = contrib[contrib["scu"] == uid]
            out.append(
                _parts_xml(text, rows, 0, f"{instance}/{summarizer}")
                if len(rows)
                else f"<contributor label={quoteattr(label)}></contributor>\n"
            )
        out.append("</peerscu>\n")
    out.append(f'<peerscu uid="0" label={quoteattr(CATCH_ALL_LABEL)}></peerscu>\n')
    out.append("</annotation>\n</pyramid>\n")
    atomic_write_bytes(path, "".join(out).encode("utf-8"))
