"""Meeting transcripts (manual and ASR), multi-annotator extracts and summary ratings.

For Murray, Renals, Carletta & Moore (2005) (notes: acl2005-workshop-part-A.md 6.3).

**evalkit layout** (a folder of typed TSV, :mod:`evalkit.data.tsv`; written by
:func:`write_meeting_corpus`, read by :func:`read_meeting_corpus`)::

    meetings.tsv   meeting  split(train|test)
    units.tsv      meeting  da  position  speaker  start  end(seconds >= 0)  manual  asr
                   (one dialogue act per line, in meeting order; ``asr`` = the recognizer's
                    words inside the manual DA boundaries, may be empty)
    extracts.tsv   meeting  annotator  da          (the DAs each annotator extracted)
    system_extracts.tsv  meeting  approach  transcript(manual|asr)  da   (the rated system summaries)
    ratings.tsv    judge  meeting  approach  transcript(manual|asr)  statement  rating(1-7)

Cross-file checks name file and line: units and extracts refer to listed meetings and DAs.

**Public stand-in** (:func:`meetings_from_summeval`): SummEval's CNN/DM articles as meetings.

**ICSI NXT layout** (licensed: the ICSI Meeting Corpus, LDC2004S02, with the NXT annotation
release holding words, dialogue acts and extractive summaries): per meeting M and channel S
``M.S.words.xml`` (``<w nite:id=... starttime=... endtime=...>word</w>``; other elements
such as ``<vocalsound>`` are not words), ``M.S.dialogue-acts.xml`` (also ``dialogueActs`` /
``dialog-act``; ``<dialogueact nite:id=...>`` with ``<nite:child href="M.S.words.xml#id(a)..id(b)"/>``)
and ``M.<annotator>.extsumm.xml`` (``<extsumm>`` whose ``nite:child`` elements point at
dialogue acts, singly or as ranges). :func:`read_icsi_nxt` reads them (files found anywhere
below the folder); the ASR column stays empty (no ICSI ASR output is distributed).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.tsv import (
    check_keys,
    line_of,
    number,
    folder_meta,
    read_tsv_folder,
    write_tsv_folder,
)
from evalkit.data.study import StudyData
from evalkit.inputs import parse_xml
from evalkit.input_numbers import check_scale, parse_number
from evalkit.errors import InputFormatError, ParameterError, PathLike
from evalkit.text import asr_channel, extractive


__all__ = [
    "MeetingCorpus",
    "read_meeting_corpus",
    "write_meeting_corpus",
    "read_icsi_nxt",
    "load_icsi_folder",
    "meetings_from_summeval",
    "SUMMEVAL_STANDS_IN",
    "TEST_MEETINGS",
    "SPECS",
]

SPECS = {
    "meetings": {"meeting": "str", "split": ("train", "test")},
    "units": {
        "meeting": "str",
        "da": "str",
        "position": "int",
        "speaker": "str",
        "start": number("float", 0),
        "end": number("float", 0),
        "manual": "text",
        "asr": "text",
    },
    "extracts": {"meeting": "str", "annotator": "str", "da": "str"},
    "system_extracts": {
        "meeting": "str",
        "approach": "str",
        "transcript": ("manual", "asr"),
        "da": "str",
    },
    "ratings": {
        "judge": "str",
        "meeting": "str",
        "approach": "str",
        "transcript": ("manual", "asr"),
        "statement": "str",
        "rating": number("int", 1, 7),
    },
}
_UNIQUE = {
    "meetings": ("meeting",),
    "units": ("meeting", "da"),
    "extracts": ("meeting", "annotator", "da"),
    "system_extracts": ("meeting", "approach", "transcript", "da"),
    "ratings": ("judge", "meeting", "approach", "transcript", "statement"),
}


@dataclass
class MeetingCorpus(StudyData):
    meetings: pd.DataFrame
    units: pd.DataFrame
    extracts: pd.DataFrame
    system_extracts: pd.DataFrame
    ratings: pd.DataFrame
    meta: Dict[str, object] = field(default_factory=dict)

    def meeting_ids(self, split: Optional[str] = None) -> List[str]:
        m = self.meetings if split is None else self.meetings[self.meetings["split"] == split]
        return list(m["meeting"])

    def transcript(self, meeting: str, version: str = "manual") -> pd.DataFrame:
        u = self.units[self.units["meeting"] == meeting].sort_values("position")
        return (
            u[["da", "speaker", version]].rename(columns={version: "text"}).reset_index(drop=True)
        )

    def extract_labels(self, meeting: str) -> pd.DataFrame:
        """DA x annotator 0/1 matrix (DAs in meeting order)."""
        das = self.transcript(meeting)["da"]
        e = self.extracts[self.extracts["meeting"] == meeting]
        m = pd.crosstab(e["da"], e["annotator"]).reindex(das, fill_value=0)
        return (m > 0).astype(int)


def read_meeting_corpus(folder: PathLike) -> MeetingCorpus:
    folder = Path(folder)
    f = read_tsv_folder(folder, SPECS, _UNIQUE)
    meetings = {(m,) for m in f["meetings"]["meeting"]}
    for name in ("units", "ratings"):
        check_keys(f[name], ["meeting"], meetings, "a meeting listed in meetings.tsv")
    units = f["units"]
    back = (units["end"] < units["start"]).to_numpy().nonzero()[0]
    if len(back):
        row = units.iloc[int(back[0])]
        raise InputFormatError(
            units.attrs["path"],
            line_of(units, int(back[0])),
            "an end time not before the start",
            found=f"{row['start']!r} > {row['end']!r}",
        )
    das = set(f["units"][["meeting", "da"]].itertuples(index=False, name=None))
    for name in ("extracts", "system_extracts"):
        check_keys(f[name], ["meeting", "da"], das, "a dialogue act listed in units.tsv")
    return MeetingCorpus(**f, meta=folder_meta(folder, SPECS))


def write_meeting_corpus(corpus: MeetingCorpus, folder: PathLike) -> List[Path]:
    return write_tsv_folder(corpus, folder, SPECS)


# ---------------------------------------------------------------------------------------- ICSI NXT
_NITE_ID = "{http://nite.sourceforge.net/}id"
_HREF = re.compile(r"^(?P<file>[^#]+)#id\((?P<a>[^)]+)\)(?:\.\.id\((?P<b>[^)]+)\))?$")
_DA_FILES = ("dialogue-acts", "dialogueActs", "dialog-act")


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _parse(path: Path) -> ET.Element:
    return parse_xml(path, "an ICSI NXT file")


def _node_id(node: ET.Element, path: Path) -> str:
    ident = node.get(_NITE_ID) or node.get("nite:id") or node.get("id")
    if not ident:
        raise InputFormatError(path, None, f"a nite:id on every <{_local(node.tag)}>")
    return ident


def _children(node: ET.Element, path: Path) -> List[Tuple[str, str, Optional[str]]]:
    out = []
    for child in node:
        if _local(child.tag) != "child":
            continue
        m = _HREF.match(child.get("href", ""))
        if not m:
            raise InputFormatError(
                path,
                None,
                "nite:child href='FILE#id(X)' or '#id(X)..id(Y)'",
                found=child.get("href"),
            )
        out.append((m.group("file"), m.group("a"), m.group("b")))
    return out


def _span(ids: List[str], index: Dict[str, int], a: str, b: Optional[str], path: Path) -> List[str]:
    if a not in index or (b is not None and b not in index):
        raise InputFormatError(
            path, None, "nite:child ids that exist in the pointed file", found=f"{a}..{b}"
        )
    i, j = index[a], index[b if b is not None else a]
    if j < i:
        raise InputFormatError(
            path,
            None,
            "a nite:child range id(X)..id(Y) whose X comes before Y in the pointed file",
            found=f"id({a})..id({b})",
        )
    return ids[i : j + 1]


#: An ICSI file name: meeting and channel (or annotator) are letters, digits, ``_`` or ``-``.
_NXT_NAME = re.compile(r"[A-Za-z0-9_-]+", re.ASCII)


def _time(value: Optional[str], path: Path, what: str) -> float:
    """A time in seconds: a finite ASCII number >= 0."""
    if value is None:
        raise InputFormatError(path, None, f"a {what}")
    return check_scale(
        parse_number(value.strip(), path, None, what),
        (0, None, False),
        path,
        None,
        what,
        token=value,
    )


def read_icsi_nxt(
    folder: PathLike, meetings: Optional[Sequence[str]] = None, test: Sequence[str] = ()
) -> MeetingCorpus:
    """Read ICSI NXT words, dialogue acts and extractive summaries (module doc)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputFormatError(
            folder,
            None,
            "a folder of ICSI NXT files" + (" (it is a file)" if folder.exists() else ""),
        )
    words_files = sorted(folder.rglob("*.words.xml"))
    if not words_files:
        raise InputFormatError(folder, None, "ICSI NXT files M.S.words.xml below the folder")
    for p in words_files:
        parts = p.name.split(".")
        if len(parts) != 4 or not all(_NXT_NAME.fullmatch(x) for x in parts[:2]):
            raise InputFormatError(
                p,
                None,
                "a words file named MEETING.CHANNEL.words.xml (letters, digits, _ or -)",
                found=p.name,
            )
    found = sorted({p.name.split(".")[0] for p in words_files})
    wanted = list(meetings) if meetings is not None else found
    for m in wanted:
        if not isinstance(m, str) or not _NXT_NAME.fullmatch(m):
            raise ParameterError("meetings", m, "meeting names of letters, digits, _ or -")
    seen_da: Dict[str, Path] = {}
    unit_rows, extract_rows = [], []
    for m in wanted:
        # per words file: speaker channel, word ids in order, their index; per word id: text, start, end
        words: Dict[str, Tuple[str, List[str], Dict[str, int]]] = {}
        info: Dict[str, Tuple[str, Optional[str], Optional[str]]] = {}
        for wf in sorted(folder.rglob(f"{m}.*.words.xml")):
            ids = []
            for node in _parse(wf).iter():
                if _local(node.tag) == "w":
                    ident = _node_id(node, wf)
                    if ident in info:
                        raise InputFormatError(
                            wf, None, f"each word id once in meeting {m}", found=ident
                        )
                    ids.append(ident)
                    info[ident] = (
                        (node.text or "").strip(),
                        node.get("starttime"),
                        node.get("endtime"),
                    )
            words[wf.name] = (wf.name.split(".")[1], ids, {i: k for k, i in enumerate(ids)})
        if not words:
            raise InputFormatError(folder, None, f"words files for meeting {m}")
        da_index: Dict[str, Dict[str, int]] = {}
        das_by_file: Dict[str, List[str]] = {}
        for kind in _DA_FILES:
            for df in sorted(folder.rglob(f"{m}.*.{kind}.xml")):
                ids = []
                for node in _parse(df).iter():
                    if _local(node.tag) != "dialogueact":
                        continue
                    ident = _node_id(node, df)
                    if ident in seen_da:
                        raise InputFormatError(
                            df,
                            None,
                            "each dialogue-act id once",
                            found=f"{ident} (also in {seen_da[ident].name})",
                        )
                    seen_da[ident] = df
                    children = _children(node, df)
                    toks: List[str] = []
                    for file, a, b in children:
                        if file not in words:
                            raise InputFormatError(
                                df,
                                None,
                                "nite:child pointing at a words file of the meeting",
                                found=file,
                            )
                        toks += _span(words[file][1], words[file][2], a, b, df)
                    speaker = words[children[0][0]][0] if children else df.name.split(".")[1]
                    start = node.get("starttime") or (info[toks[0]][1] if toks else None)
                    end = node.get("endtime") or (info[toks[-1]][2] if toks else None)
                    where = f"dialogue act {ident}" + (
                        "" if toks else " (it has no words and no times)"
                    )
                    start_f = _time(start, df, f"start time >= 0 in seconds for {where}")
                    end_f = _time(end, df, f"end time >= 0 in seconds for {where}")
                    if end_f < start_f:
                        raise InputFormatError(
                            df,
                            None,
                            f"an end time not before the start time for {where}",
                            found=f"{start}..{end}",
                        )
                    text = " ".join(t for t in (info[k][0] for k in toks) if t)
                    unit_rows.append(
                        {
                            "meeting": m,
                            "da": ident,
                            "speaker": speaker,
                            "start": start_f,
                            "end": end_f,
                            "manual": text,
                            "asr": "",
                        }
                    )
                    ids.append(ident)
                das_by_file[df.name] = ids
                da_index[df.name] = {i: k for k, i in enumerate(ids)}
        if not das_by_file:
            raise InputFormatError(
                folder, None, f"dialogue-act files for meeting {m} ({' / '.join(_DA_FILES)})"
            )
        if not any(das_by_file.values()):
            raise InputFormatError(
                sorted(das_by_file)[0] if len(das_by_file) == 1 else folder,
                None,
                f"at least one <dialogueact> for meeting {m}",
                found=", ".join(sorted(das_by_file)),
            )
        for ef in sorted(folder.rglob(f"{m}*.extsumm.xml")):
            parts = ef.name.split(".")
            annotator = parts[1] if len(parts) > 3 else "A1"
            root = _parse(ef)
            for node in root.iter():
                if _local(node.tag) != "extsumm":
                    continue
                for file, a, b in _children(node, ef):
                    if file not in das_by_file:
                        raise InputFormatError(
                            ef, None, "nite:child pointing at a dialogue-act file", found=file
                        )
                    for da in _span(das_by_file[file], da_index[file], a, b, ef):
                        extract_rows.append({"meeting": m, "annotator": annotator, "da": da})
    units = (
        pd.DataFrame(unit_rows)
        .sort_values(["meeting", "start", "da"], kind="stable")
        .reset_index(drop=True)
    )
    units["position"] = units.groupby("meeting").cumcount()
    units = units[list(SPECS["units"])]
    extracts = (
        pd.DataFrame(extract_rows, columns=list(SPECS["extracts"]))
        .drop_duplicates()
        .reset_index(drop=True)
    )
    meet = pd.DataFrame(
        {"meeting": wanted, "split": ["test" if w in set(test) else "train" for w in wanted]}
    )
    empty = {
        name: pd.DataFrame({c: [] for c in SPECS[name]}) for name in ("system_extracts", "ratings")
    }
    files = [str(p) for p in words_files]
    return MeetingCorpus(
        meet,
        units,
        extracts,
        empty["system_extracts"],
        empty["ratings"],
        meta={"folder": str(folder), "files": files},
    )


#: The six test meetings of Murray et al. (2005).
TEST_MEETINGS = ("Bed004", "Bed009", "Bed016", "Bmr005", "Bmr019", "Bro018")


def load_icsi_folder(folder: PathLike) -> MeetingCorpus:
    """A licensed ICSI NXT folder, with Murray et al.'s six test meetings marked ``test``."""
    return read_icsi_nxt(folder, test=TEST_MEETINGS)


#: What the SummEval articles stand in for (:func:`meetings_from_summeval`).
SUMMEVAL_STANDS_IN = (
    "ICSI meetings (Murray et al. 2005): SummEval's CNN/DM articles, sentences for dialogue acts, "
    "one speaker, extracts covering each crowd reference for the annotators' extracts, the synthetic "
    "ASR channel for the recognizer"
)


def meetings_from_summeval(
    *,
    n_test: int = 6,
    n_train: int = 30,
    annotators: Sequence[str] = ("ref2", "ref3", "ref4"),
    ratio: float = 0.10,
    wer: float = 0.295,
    seed: int = 20051,
) -> MeetingCorpus:
    """SummEval's articles as a meeting corpus (the public stand-in for ICSI meetings).

    One unit per sentence (one speaker). Annotator ``a``'s extract is the sentences that share
    the most word types with SummEval's crowd reference ``a``, as many as the systems extract
    (``ratio`` of the units); the ASR transcript is the synthetic channel at ``wer``. The first
    ``n_test`` documents are the test set, the next ``n_train`` the training set.

    Parameters
    ----------
    n_test : int, default 6
        Test meetings, >= 1.
    n_train : int, default 30
        Training meetings, >= 0; ``n_test + n_train`` at most SummEval's 100 documents.
    annotators : sequence of str, default ("ref2", "ref3", "ref4")
        SummEval reference ids (``ref1`` .. ``ref11``) whose extracts stand in for the human
        annotators'; at least one, no repeats.
    ratio : float, default 0.10
        The extract's share of a meeting's units, in (0, 1].
    wer : float, default 0.295
        Word error rate of the synthetic recognizer (:mod:`evalkit.text.asr_channel`), in
        [0, 1].
    seed : int, default 20051
        Meeting k's recognizer uses ``seed + k``.

    Returns
    -------
    MeetingCorpus
        The meetings, units, annotators' extracts; no system extracts or ratings.

    Raises
    ------
    evalkit.errors.ParameterError
        A value outside the ranges above, or an unknown reference id.
    """
    from evalkit.stats.validation import check_int, check_probability

    n_test = check_int("n_test", n_test)
    n_train = check_int("n_train", n_train, minimum=0)
    ratio = check_probability("ratio", ratio, open_interval=False)
    if ratio == 0:
        raise ParameterError("ratio", ratio, "a share of the units in (0, 1]")
    wer = check_probability("wer", wer, open_interval=False)
    seed = check_int("seed", seed, minimum=0)
    if isinstance(annotators, str) or not annotators or len(set(annotators)) != len(annotators):
        raise ParameterError("annotators", annotators, "a non-empty sequence of distinct ids")
    from evalkit.data.summeval import load_summeval

    c = load_summeval(documents=True)
    docs = list(c.instances["instance"])
    if n_test + n_train > len(docs):
        raise ParameterError(
            "n_train", n_train, f"n_test + n_train at most SummEval's {len(docs)} documents"
        )
    docs = docs[: n_test + n_train]
    crowd = {name for name in c.summaries["summarizer"].unique() if name.startswith("ref")}
    unknown = [a for a in annotators if a not in crowd]
    if unknown:
        raise ParameterError("annotators", unknown, f"SummEval reference ids: {sorted(crowd)}")
    sents = c.documents.set_index("instance")["sentences"]
    refs = c.summaries[c.summaries["instance"].isin(docs)].set_index(["instance", "summarizer"])[
        "sentences"
    ]
    units, extracts = [], []
    for k, d in enumerate(docs):
        manual = [t for t in sents[d] if t.strip()]
        asr = asr_channel.corrupt(manual, wer, seed=seed + k, spread=0.5)
        for i, (m, a) in enumerate(zip(manual, asr)):
            units.append(
                {
                    "meeting": d,
                    "da": f"{d}.s{i}",
                    "position": i,
                    "speaker": "A",
                    "start": float(i),
                    "end": float(i) + 0.9,
                    "manual": m,
                    "asr": a,
                }
            )
        n = extractive.summary_size(len(manual), ratio)
        words = [set(t.lower().split()) for t in manual]
        for who in annotators:
            ref = set(" ".join(refs[(d, who)]).lower().split())
            best = extractive.select_top(np.array([len(w & ref) for w in words], dtype=float), n)
            extracts += [{"meeting": d, "annotator": who, "da": f"{d}.s{i}"} for i in best]
    meetings = pd.DataFrame(
        {"meeting": docs, "split": ["test"] * n_test + ["train"] * (len(docs) - n_test)}
    )
    empty = {
        name: pd.DataFrame({col: [] for col in cols})
        for name, cols in (
            ("system_extracts", ("meeting", "approach", "transcript", "da")),
            ("ratings", ("judge", "meeting", "approach", "transcript", "statement", "rating")),
        )
    }
    return MeetingCorpus(
        meetings,
        pd.DataFrame(units),
        pd.DataFrame(extracts),
        empty["system_extracts"],
        empty["ratings"],
        meta={
            "name": "public:summeval-articles",
            "stands_in_for": SUMMEVAL_STANDS_IN,
            "sha256": c.meta.get("sha256", {}),
            "asr": f"synthetic channel at WER {wer:g}",
        },
    )
