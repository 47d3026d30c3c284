"""Extrinsic relevance-judgment tasks (Dorr et al. 2005): events, documents, surrogates, judgments.

**evalkit layout** (a folder; typed TSV as :mod:`evalkit.data.tsv` documents; written by
:func:`write_relevance_task`, read by :func:`read_relevance_task`)::

    events.tsv      event  description
    documents.tsv   event  document  relevant(0/1, the gold/LDC label)  text
    surrogates.tsv  event  document  kind(HEAD|HUM|REF)  index  text
                    (HEAD = headline, HUM = human summary used as surrogate,
                     REF = reference summaries for ROUGE, index 1..k)
    judgments.tsv   subject  event  document  presentation(HEAD|HUM|DOC)  position  judgment(0/1)  seconds(>= 0)

Checks across files name the file and line: a judged or summarized document must be in
documents.tsv, a document's event in events.tsv; each (subject, document, presentation) is
judged once.

**LDC TDT layout** (licensed TDT-3, LDC2001T58 and its topic relevance tables): the
relevance table has one ``<ONTOPIC topicid=N level=YES|BRIEF|NO docno=ID fileid=F
comments="...">`` element per line (YES/BRIEF count as relevant); documents are TDT SGML
``<DOC><DOCNO> ID </DOCNO> ... <TEXT> ... </TEXT></DOC>``. :func:`read_tdt_relevance` and
:func:`read_tdt_documents` read them; :func:`relevance_task_from_tdt` joins them with the
experiment's own surrogates.tsv and judgments.tsv (never distributed by LDC).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence

import pandas as pd

from evalkit.inputs import read_text
from evalkit.data.tsv import check_keys, number, folder_meta, read_tsv_folder, write_tsv_folder
from evalkit.data.study import StudyData
from evalkit.errors import InputFormatError, PathLike


__all__ = [
    "RelevanceTask",
    "read_relevance_task",
    "write_relevance_task",
    "read_tdt_relevance",
    "read_tdt_documents",
    "relevance_task_from_tdt",
    "load_tdt_folder",
    "SPECS",
]

SPECS = {
    "events": {"event": "str", "description": "text"},
    "documents": {"event": "str", "document": "str", "relevant": "bool01", "text": "text"},
    "surrogates": {
        "event": "str",
        "document": "str",
        "kind": ("HEAD", "HUM", "REF"),
        "index": "int",
        "text": "text",
    },
    "judgments": {
        "subject": "str",
        "event": "str",
        "document": "str",
        "presentation": ("HEAD", "HUM", "DOC"),
        "position": "int",
        "judgment": "bool01",
        "seconds": number("float", 0),
    },
}
_UNIQUE = {
    "events": ("event",),
    "documents": ("event", "document"),
    "surrogates": ("event", "document", "kind", "index"),
    "judgments": ("subject", "event", "document", "presentation"),
}


@dataclass
class RelevanceTask(StudyData):
    """One extrinsic relevance experiment (frames as in the module doc)."""

    events: pd.DataFrame
    documents: pd.DataFrame
    surrogates: pd.DataFrame
    judgments: pd.DataFrame
    meta: Dict[str, object] = field(default_factory=dict)

    @property
    def gold(self) -> pd.DataFrame:
        return self.documents[["event", "document", "relevant"]]

    def surrogate_texts(self, kind: str) -> pd.Series:
        s = self.surrogates[self.surrogates["kind"] == kind]
        return s.set_index(["event", "document"])["text"]

    def references(self) -> pd.Series:
        """(event, document) -> list of REF texts in index order."""
        r = self.surrogates[self.surrogates["kind"] == "REF"].sort_values("index")
        return r.groupby(["event", "document"], sort=True)["text"].agg(list)


def read_relevance_task(folder: PathLike) -> RelevanceTask:
    """Read the evalkit layout (module doc)."""
    folder = Path(folder)
    frames = read_tsv_folder(folder, SPECS, _UNIQUE)
    events = {(e,) for e in frames["events"]["event"]}
    check_keys(frames["documents"], ["event"], events, "an event listed in events.tsv")
    docs = set(frames["documents"][["event", "document"]].itertuples(index=False, name=None))
    for name in ("surrogates", "judgments"):
        check_keys(frames[name], ["event", "document"], docs, "a document listed in documents.tsv")
    return RelevanceTask(**frames, meta=folder_meta(folder, SPECS))


def write_relevance_task(task: RelevanceTask, folder: PathLike) -> List[Path]:
    """Write the evalkit layout; returns the files written."""
    return write_tsv_folder(task, folder, SPECS)


#: One ``name=value`` or ``name="value"`` after whitespace, matched at a position (no
#: search: every line is scanned once, whatever it holds).
_ATTR_AT = re.compile(r'\s+(\w+)=(?:"([^"]*)"|([^\s"]\S*))')
_LEVELS = {"YES": 1, "BRIEF": 1, "NO": 0}


def _ontopic_attributes(line: str, path: Path, n: int) -> Dict[str, str]:
    """The attributes of one ``<ONTOPIC ...>`` line (linear scan; no backtracking regex)."""
    body = line.strip()
    if not (body.startswith("<ONTOPIC") and body.endswith(">")):
        raise InputFormatError(
            path, n, "an <ONTOPIC topicid=... level=... docno=...> line", found=line[:80]
        )
    body = body[len("<ONTOPIC") : -1]
    if body.endswith("/"):
        body = body[:-1]
    body = body.rstrip()
    attrs: Dict[str, str] = {}
    pos = 0
    while pos < len(body):
        m = _ATTR_AT.match(body, pos)
        if not m:
            raise InputFormatError(
                path,
                n,
                'attributes name=value or name="value" separated by spaces',
                found=body[pos : pos + 60],
            )
        name = m.group(1).lower()
        if name in attrs:
            raise InputFormatError(path, n, f"the attribute {name}= once", found=line[:80])
        attrs[name] = m.group(2) if m.group(2) is not None else m.group(3)
        pos = m.end()
    return attrs


def read_tdt_relevance(path: PathLike) -> pd.DataFrame:
    """A TDT topic relevance table -> ``event, document, relevant, level``."""
    path = Path(path)
    rows = []
    seen: Dict[tuple, int] = {}
    text = read_text(path, "TDT relevance table", encoding="latin-1")
    for n, line in enumerate(text.split("\n"), start=1):
        if not line.strip():
            continue
        attrs = _ontopic_attributes(line, path, n)
        for need in ("topicid", "level", "docno"):
            if not attrs.get(need):
                raise InputFormatError(path, n, f"the attribute {need}=", found=line[:80])
        level = attrs["level"].upper()
        if level not in _LEVELS:
            raise InputFormatError(path, n, "level=YES, BRIEF or NO", found=attrs["level"])
        key = (attrs["topicid"], attrs["docno"])
        if key in seen:
            raise InputFormatError(
                path,
                n,
                f"each (topicid, docno) once (first on line {seen[key]})",
                found=" / ".join(key),
            )
        seen[key] = n
        rows.append(
            {"event": key[0], "document": key[1], "relevant": _LEVELS[level], "level": level}
        )
    if not rows:
        raise InputFormatError(path, None, "at least one <ONTOPIC> line")
    return pd.DataFrame(rows)


_DOC_TAG = re.compile(r"</?DOC>")
_DOCNO = re.compile(r"<DOCNO>\s*(\S+)\s*</DOCNO>")
_TEXT_OPEN, _TEXT_CLOSE = "<TEXT>", "</TEXT>"
_TAG = re.compile(r"<[^<>]*>")


def _only_space(data: str, start: int, end: int, path: Path, end_line: int) -> None:
    """Nothing but white space in ``data[start:end]`` (text outside a <DOC>)."""
    if data[start:end].strip():
        off = start + (len(data[start:end]) - len(data[start:end].lstrip()))
        line = end_line - data.count("\n", off, end)
        raise InputFormatError(
            path, line, "only white space outside <DOC>...</DOC>", found=data[off : off + 60]
        )


def read_tdt_documents(path: PathLike) -> Dict[str, str]:
    """TDT SGML documents -> {DOCNO: text with whitespace runs collapsed}.

    One linear scan: every ``<DOC>`` must be closed by ``</DOC>`` before the next opens
    (a file cut before its last ``</DOC>`` is refused, not read short), and nothing but
    white space may stand between documents."""
    path = Path(path)
    data = read_text(path, "TDT SGML file", encoding="latin-1")
    out: Dict[str, str] = {}
    line, last, opened = (
        1,
        0,
        None,
    )  # line number of offset ``last``; offset and line of an open <DOC>
    prev_end = 0  # where the last </DOC> ended
    for m in _DOC_TAG.finditer(data):
        line += data.count("\n", last, m.start())
        last = m.start()
        if m.group() == "<DOC>":
            if opened is not None:
                raise InputFormatError(
                    path,
                    line,
                    f"</DOC> closing the <DOC> of line {opened[1]} before the next <DOC>",
                )
            _only_space(data, prev_end, m.start(), path, line)
            opened = (m.end(), line)
            continue
        if opened is None:
            raise InputFormatError(path, line, "</DOC> after a <DOC>", found="</DOC>")
        body = data[opened[0] : m.start()]
        no = _DOCNO.search(body)
        t0 = body.find(_TEXT_OPEN)
        t1 = body.find(_TEXT_CLOSE, t0 + 1) if t0 >= 0 else -1
        if not no or t1 < 0:
            raise InputFormatError(
                path, opened[1], "<DOCNO> and <TEXT>...</TEXT> in every <DOC>", found=body[:80]
            )
        if no.group(1) in out:
            raise InputFormatError(path, opened[1], "each DOCNO once", found=no.group(1))
        out[no.group(1)] = " ".join(_TAG.sub(" ", body[t0 + len(_TEXT_OPEN) : t1]).split())
        opened, prev_end = None, m.end()
    if opened is not None:
        raise InputFormatError(
            path, opened[1], "a </DOC> closing this <DOC> (is the file cut short?)"
        )
    _only_space(data, prev_end, len(data), path, line + data.count("\n", last, prev_end))
    if not out:
        raise InputFormatError(path, None, "at least one <DOC> element")
    return out


def relevance_task_from_tdt(
    relevance_table: PathLike,
    document_files: Sequence[PathLike],
    experiment: PathLike,
    events: Optional[Sequence[str]] = None,
) -> RelevanceTask:
    """Assemble a task from LDC TDT files plus the experiment's events/surrogates/judgments TSVs.

    ``experiment`` holds events.tsv, surrogates.tsv and judgments.tsv of the evalkit layout;
    the gold labels and texts come from the TDT files (every judged document must be in both).
    """
    experiment = Path(experiment)
    gold = read_tdt_relevance(relevance_table)
    texts: Dict[str, str] = {}
    for f in document_files:
        texts.update(read_tdt_documents(f))
    own = read_tsv_folder(
        experiment, {k: SPECS[k] for k in ("events", "surrogates", "judgments")}, _UNIQUE
    )
    ev, sur, jud = own["events"], own["surrogates"], own["judgments"]
    wanted = set(events) if events is not None else set(ev["event"])
    judged = jud[["event", "document"]].drop_duplicates()
    docs = judged.merge(
        gold[["event", "document", "relevant"]], on=["event", "document"], how="left"
    )
    if docs["relevant"].isna().any():
        row = docs[docs["relevant"].isna()].iloc[0]
        raise InputFormatError(
            relevance_table,
            None,
            "a relevance label for every judged document",
            found=f"{row.event} / {row.document}",
        )
    missing = [d for d in docs["document"] if d not in texts]
    if missing:
        raise InputFormatError(
            document_files[0] if document_files else None,
            None,
            "the text of every judged document",
            found=missing[0],
        )
    docs["relevant"] = docs["relevant"].astype(int)
    docs["text"] = docs["document"].map(texts)
    docs = docs[docs["event"].isin(wanted)].reset_index(drop=True)
    keep = set(docs[["event", "document"]].itertuples(index=False, name=None))
    inkeep = lambda f: f[
        [k in keep for k in f[["event", "document"]].itertuples(index=False, name=None)]
    ]  # noqa: E731
    return RelevanceTask(
        ev[ev["event"].isin(wanted)].reset_index(drop=True),
        docs,
        inkeep(sur).reset_index(drop=True),
        inkeep(jud).reset_index(drop=True),
        meta={
            "files": [
                str(relevance_table),
                *map(str, document_files),
                *(str(experiment / f"{n}.tsv") for n in ("events", "surrogates", "judgments")),
            ]
        },
    )


def load_tdt_folder(folder: PathLike) -> RelevanceTask:
    """A licensed TDT-3 study folder: ``relevance.table``, TDT SGML ``*.sgm`` files anywhere
    below, and ``experiment/`` with events.tsv, surrogates.tsv, judgments.tsv."""
    folder = Path(folder)
    docs = sorted(p for p in folder.rglob("*.sgm"))
    if not docs:
        raise InputFormatError(folder, None, "TDT SGML document files (*.sgm) below the folder")
    return relevance_task_from_tdt(folder / "relevance.table", docs, folder / "experiment")
