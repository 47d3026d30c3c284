"""TREC QA definition ("other") questions: answer keys, system responses, nugget judgments.

For Lin & Demner-Fushman (2005) (notes: acl2005-workshop-part-B-and-qarla.md P1.3). Four
plain-text files, the layouts of the TREC 2003/2004 QA track files as distributed by NIST
(and read by the POURPRE scripts); fields are separated by runs of spaces or tabs, and the
last field (free text) runs to the end of the line:

    nuggets     <qid> <nugget-id> <vital|okay> <description ...>     (the answer key)
    responses   <qid> <run-tag> <docid> <answer string ...>           (one answer string per line)
    judgments   <qid> <run-tag> <nugget-id> <0|1>                     (assessor: nugget present?)
    votes       <qid> <nugget-id> <assessor> <vital|okay>             (several assessors' labels;
                                                                        the pyramid variant, optional)

Blank lines and lines starting with ``#`` are skipped. [Reading: NIST's judgment files
list, per run and question, the nuggets the assessor found; a line with 0 is allowed so a
complete matrix can be written.] Errors name the file and line: an unknown label, a
missing field, a judgment or vote for a nugget absent from the key, a duplicate.

:func:`read_trec_qa` reads a folder holding ``nuggets.txt``, ``responses.txt``,
``judgments.txt`` and optionally ``votes.txt`` into a :class:`NuggetEvaluation`;
:func:`write_trec_qa` writes one (the sample profile uses the same files).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.data.study import StudyData
from evalkit.inputs import read_input
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "NuggetEvaluation",
    "read_nuggets",
    "read_responses",
    "read_judgments",
    "read_votes",
    "read_trec_qa",
    "write_trec_qa",
    "nuggets_from_realsumm",
    "REALSUMM_STANDS_IN",
]

_SPLIT = re.compile(r"[ \t]+")
LABELS = ("vital", "okay")


@dataclass
class NuggetEvaluation(StudyData):
    key: pd.DataFrame  # question, nugget, label, text
    responses: pd.DataFrame  # run, question, document, answer
    judgments: pd.DataFrame  # run, question, nugget, present
    votes: Optional[pd.DataFrame] = None  # question, nugget, assessor, label
    meta: Dict[str, object] = field(default_factory=dict)

    @property
    def runs(self) -> List[str]:
        return sorted(self.responses["run"].unique())


def _lines(path: Path):
    from evalkit.data.duc import decode

    # UTF-8, else Windows-1252/Latin-1 (older TREC files); NUL refused, a BOM dropped
    text = decode(read_input(path, "TREC QA file"), path, "auto")
    for n, line in enumerate(text.split("\n"), start=1):
        s = line.strip()
        if s and not s.startswith("#"):
            yield n, s


def _fields(path, n, line, k, what):
    parts = _SPLIT.split(line, maxsplit=k - 1)
    if len(parts) < k or not parts[-1].strip():
        raise InputFormatError(path, n, f"{k} fields: {what}", found=line)
    return parts


def read_nuggets(path: PathLike) -> pd.DataFrame:
    path = Path(path)
    rows, seen = [], {}
    for n, line in _lines(path):
        q, nug, label, text = _fields(path, n, line, 4, "qid nugget-id vital|okay description")
        if label.lower() not in LABELS:
            raise InputFormatError(path, n, "the label vital or okay", found=label)
        if (q, nug) in seen:
            raise InputFormatError(
                path,
                n,
                f"each (qid, nugget-id) once (first on line {seen[(q, nug)]})",
                found=f"{q} {nug}",
            )
        seen[(q, nug)] = n
        rows.append({"question": q, "nugget": nug, "label": label.lower(), "text": text})
    if not rows:
        raise InputFormatError(path, None, "at least one nugget line")
    key = pd.DataFrame(rows)
    no_vital = set(key["question"]) - set(key.loc[key["label"] == "vital", "question"])
    if no_vital:
        raise InputFormatError(
            path, None, "at least one vital nugget per question", found=sorted(no_vital)[0]
        )
    return key


def read_responses(path: PathLike) -> pd.DataFrame:
    path = Path(path)
    rows = [
        dict(
            zip(
                ("question", "run", "document", "answer"),
                _fields(path, n, line, 4, "qid run-tag docid answer"),
            )
        )
        for n, line in _lines(path)
    ]
    if not rows:
        raise InputFormatError(path, None, "at least one response line")
    return pd.DataFrame(rows)[["run", "question", "document", "answer"]]


def _read_labelled(
    path: Path, key: Optional[pd.DataFrame], columns, order, allowed, what: str
) -> pd.DataFrame:
    """Four whitespace-separated fields whose last is one of ``allowed``; ``order`` maps
    field positions to (question, nugget, other, value); duplicates and unknown nuggets fail."""
    known = (
        None if key is None else set(key[["question", "nugget"]].itertuples(index=False, name=None))
    )
    rows, seen = [], set()
    for n, line in _lines(path):
        parts = _SPLIT.split(line)
        if len(parts) != 4 or parts[3].lower() not in allowed:
            raise InputFormatError(path, n, f"4 fields: {what}", found=line)
        q, nug, other, value = (parts[i] for i in order)
        if known is not None and (q, nug) not in known:
            raise InputFormatError(path, n, "a nugget of the answer key", found=f"{q} {nug}")
        if (q, nug, other) in seen:
            raise InputFormatError(path, n, "each line's first three fields once", found=line)
        seen.add((q, nug, other))
        rows.append(dict(zip(columns, (q, nug, other, value.lower()))))
    return pd.DataFrame(rows, columns=list(columns))


def read_judgments(path: PathLike, key: Optional[pd.DataFrame] = None) -> pd.DataFrame:
    """``qid run nugget 0|1`` lines -> run, question, nugget, present."""
    out = _read_labelled(
        Path(path),
        key,
        ("question", "nugget", "run", "present"),
        (0, 2, 1, 3),
        ("0", "1"),
        "qid run-tag nugget-id 0|1",
    )
    out["present"] = out["present"].astype(int)
    return out[["run", "question", "nugget", "present"]]


def read_votes(path: PathLike, key: Optional[pd.DataFrame] = None) -> pd.DataFrame:
    """``qid nugget assessor vital|okay`` lines -> question, nugget, assessor, label."""
    return _read_labelled(
        Path(path),
        key,
        ("question", "nugget", "assessor", "label"),
        (0, 1, 2, 3),
        LABELS,
        "qid nugget-id assessor vital|okay",
    )


def read_trec_qa(
    folder: PathLike,
    nuggets: str = "nuggets.txt",
    responses: str = "responses.txt",
    judgments: str = "judgments.txt",
    votes: Optional[str] = "votes.txt",
) -> NuggetEvaluation:
    """Read the four files of a folder (``votes`` is optional: absent file -> None)."""
    folder = Path(folder)
    key = read_nuggets(folder / nuggets)
    resp = read_responses(folder / responses)
    unknown = set(resp["question"]) - set(key["question"])
    if unknown:
        raise InputFormatError(
            folder / responses, None, "questions of the answer key", found=sorted(unknown)[0]
        )
    jud = read_judgments(folder / judgments, key)
    files = [folder / nuggets, folder / responses, folder / judgments]
    v = None
    if votes is not None and (folder / votes).exists():
        v = read_votes(folder / votes, key)
        files.append(folder / votes)
    return NuggetEvaluation(
        key, resp, jud, v, meta={"folder": str(folder), "files": [str(f) for f in files]}
    )


def _check_text(value: str, what: str) -> str:
    s = str(value)
    if "\n" in s or "\r" in s or not s.strip():
        raise ParameterError(what, s[:60], "non-empty single-line text")
    return s


#: The files :func:`write_trec_qa` writes: name, table of the evaluation, columns in file order.
_FILES = (
    ("nuggets.txt", "key", ("question", "nugget", "label", "text")),
    ("responses.txt", "responses", ("question", "run", "document", "answer")),
    ("judgments.txt", "judgments", ("question", "run", "nugget", "present")),
    ("votes.txt", "votes", ("question", "nugget", "assessor", "label")),
)


def _cell(table: str, column: str, value) -> str:
    if column in ("text", "answer"):
        return _check_text(value, f"{table}.{column}")
    return str(int(value)) if column == "present" else str(value)


def write_trec_qa(ev: NuggetEvaluation, folder: PathLike) -> List[Path]:
    """Write the files read by :func:`read_trec_qa` (``votes.txt`` when the evaluation has
    votes); returns the paths."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for name, table, columns in _FILES:
        frame = getattr(ev, table)
        if frame is None:  # only the votes are optional
            continue
        rows = frame[list(columns)].itertuples(index=False)
        text = "".join(
            " ".join(_cell(table, c, v) for c, v in zip(columns, row)) + "\n" for row in rows
        )
        out.append(atomic_write_text(folder / name, text))
    return out


#: What REALSumm stands in for (:func:`nuggets_from_realsumm`).
REALSUMM_STANDS_IN = (
    "TREC QA nuggets and assessor judgments: REALSumm's SCUs (no vital/okay labels: every SCU counts "
    "as vital) and the crowd's majority presence votes; systems for runs, documents for questions"
)


def nuggets_from_realsumm() -> NuggetEvaluation:
    """REALSumm as a nugget evaluation: SCUs = nuggets (all vital: the SCUs have no importance
    labels), the crowd's majority presence votes = nugget judgments, system summaries = runs
    (one answer string per sentence), documents = questions."""
    from evalkit.data.realsumm import load_realsumm

    corpus = load_realsumm(annotations=True, documents=False)
    key = corpus.scus.rename(columns={"instance": "question", "scu": "nugget", "label": "text"})
    key = key.assign(label="vital")[["question", "nugget", "label", "text"]]
    peers = corpus.summaries[corpus.summaries["summarizer"] != "ref"]
    responses = peers.explode("sentences").rename(
        columns={"instance": "question", "summarizer": "run", "sentences": "answer"}
    )
    responses = responses.dropna(subset=["answer"]).assign(document="-")[
        ["run", "question", "document", "answer"]
    ]
    judged = corpus.peer_scus.rename(
        columns={"instance": "question", "summarizer": "run", "scu": "nugget"}
    )
    judgments = judged.assign(present=1)[["run", "question", "nugget", "present"]]
    meta = {
        "name": "public:realsumm",
        "stands_in_for": REALSUMM_STANDS_IN,
        "sha256": corpus.meta.get("sha256", {}),
    }
    return NuggetEvaluation(
        key.reset_index(drop=True),
        responses.reset_index(drop=True),
        judgments.reset_index(drop=True),
        None,
        meta=meta,
    )
