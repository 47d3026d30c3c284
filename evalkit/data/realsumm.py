"""REALSumm (Bhandari et al. 2020), the public set ``realsumm`` (:mod:`evalkit.data.public`).

Upstream (pinned, SHA-256 verified): ``realsumm/data.pkl`` of ``neulab/BARTScore`` (100 CNN/DM
documents x 24 systems with LitePyramid recall; pickles read with
:mod:`evalkit.data.safe_pickle`), the score dictionaries ``realsumm/scores_dicts/{abs,ext}.pkl``
(25 systems; sentences marked ``<t> ... </t>``) and the crowd SCU annotations of
``neulab/REALSumm`` (``SCUs_list.csv``: eventId, questionId, questionText, answer; one CSV of
Mechanical Turk answers per batch: Input.eventId, Input.summaryId, Input.qIdList,
Answer.S1Answer..S16Answer, each ``p`` or ``n``).

Layout: :func:`load_realsumm` and :func:`load_realsumm_scores` give
:class:`~evalkit.data.model.SummarizationCorpus` objects (model ``ref``, judgments
``litepyramid_recall`` in [0, 1], and with annotations the crowd recall and the SCU tables
``scus``/``peer_scus``); :func:`realsumm_scu_presence` one row per (summary, SCU) with its
votes and whether a strict majority (or at least half) found it present.
"""

from __future__ import annotations

import ast
import csv
import io
import re
from typing import Any, Dict, List, Tuple

import numpy as np
import pandas as pd

from evalkit.data.model import SummarizationCorpus, scores_frame
from evalkit.data.public import file_entry, load_pickle, locate, manifest, sha256_meta
from evalkit.errors import InputFormatError, ParameterError
from evalkit.text.sentences import split_tokenized_sentences

__all__ = [
    "REALSUMM_ANNOTATIONS",
    "load_realsumm",
    "load_realsumm_scores",
    "realsumm_scu_presence",
]
# The last sentence of a truncated summary may lack its closing tag (4 summaries upstream).
_T_TAG = re.compile(r"<t>(.*?)(?:</t>|\Z)", re.S)


def _split_t_tags(text: str, where: str) -> Tuple[str, ...]:
    """Sentences marked ``<t> ... </t>`` (REALSumm score dictionaries); a final unclosed
    ``<t>`` (truncated summary) runs to the end of the text."""
    parts = [" ".join(s.split()) for s in _T_TAG.findall(text)]
    rest = _T_TAG.sub("", text).strip()
    if rest:
        raise InputFormatError(where, None, "sentences wrapped in <t> ... </t>", found=rest)
    return tuple(p for p in parts if p)


REALSUMM_ANNOTATIONS = "realsumm/human_annotations/SCUs_and_annotations"


def _realsumm_system(file_key: str) -> str:
    return file_key[:-4] if file_key.endswith(".txt") else file_key


def _read_csv_rows(relpath: str) -> Tuple[List[str], List[List[str]]]:
    path = locate(relpath)
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputFormatError(path, None, "UTF-8 text", found=str(exc)) from None
    rows = list(csv.reader(io.StringIO(text, newline="")))
    if not rows:
        raise InputFormatError(path, 1, "a CSV header line")
    return rows[0], rows[1:]


def _realsumm_scus() -> pd.DataFrame:
    """SCUs_list.csv as a frame (event, scu, label, blank)."""
    rel = f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv"
    header, rows = _read_csv_rows(rel)
    need = ["eventId", "questionId", "questionText", "answer"]
    if any(c not in header for c in need):
        raise InputFormatError(rel, 1, f"columns {need}", found=",".join(header))
    idx = [header.index(c) for c in need]
    out = []
    for lineno, row in enumerate(rows, 2):
        if len(row) != len(header):
            raise InputFormatError(rel, lineno, f"{len(header)} fields", found=str(len(row)))
        event, qid, text, answer = (row[i] for i in idx)
        blank = text == "BLANK"
        if blank != (answer == "N"):
            raise InputFormatError(
                rel, lineno, "answer N exactly for BLANK placeholders", found=f"{text!r} {answer!r}"
            )
        out.append((event, qid, text, blank))
    return pd.DataFrame(out, columns=["event", "scu", "label", "blank"])


def _realsumm_annotation_files() -> List[Tuple[str, str]]:
    """(relpath, group) of every crowd rating CSV, group = 'abs' or 'ext' by folder."""
    files = []
    for entry in manifest()["sets"]["realsumm"]["files"]:
        p = entry["path"]
        if p.startswith(f"{REALSUMM_ANNOTATIONS}/SCU_rating_results_") and p.endswith(".csv"):
            group = "abs" if "_abs_systems/" in p else "ext"
            files.append((p, group))
    return files


def _realsumm_votes() -> pd.DataFrame:
    """One row per (file, event, system, SCU): worker votes present / total."""
    rows = []
    for rel, group in _realsumm_annotation_files():
        header, data = _read_csv_rows(rel)
        try:
            i_event, i_sys, i_q = (
                header.index(c) for c in ("Input.eventId", "Input.summaryId", "Input.qIdList")
            )
            i_ans = [header.index(f"Answer.S{k}Answer") for k in range(1, 17)]
        except ValueError:
            raise InputFormatError(
                rel, 1, "Input.eventId, Input.summaryId, Input.qIdList, Answer.S1Answer..S16Answer"
            ) from None
        tally: Dict[Tuple[str, str, Tuple[str, ...]], np.ndarray] = {}
        counts: Dict[Tuple[str, str, Tuple[str, ...]], int] = {}
        for lineno, row in enumerate(data, 2):
            if len(row) != len(header):
                raise InputFormatError(rel, lineno, f"{len(header)} fields", found=str(len(row)))
            try:
                qids = tuple(str(q) for q in ast.literal_eval(row[i_q]))
            except (ValueError, SyntaxError):
                raise InputFormatError(
                    rel, lineno, "a Python list of 16 SCU ids in Input.qIdList", found=row[i_q]
                ) from None
            answers = [row[i] for i in i_ans]
            if len(qids) != 16 or any(a not in ("p", "n") for a in answers):
                raise InputFormatError(
                    rel, lineno, "16 SCU ids and answers 'p' or 'n'", found=" ".join(answers)
                )
            key = (row[i_event], row[i_sys], qids)
            tally[key] = tally.get(key, np.zeros(16, dtype=int)) + np.array(
                [a == "p" for a in answers]
            )
            counts[key] = counts.get(key, 0) + 1
        for (event, system, qids), present in tally.items():
            for q, votes in zip(qids, present):
                rows.append(
                    (rel, group, event, system, q, int(votes), counts[(event, system, qids)])
                )
    return pd.DataFrame(
        rows, columns=["file", "group", "event", "summarizer", "scu", "votes_present", "votes"]
    )


def _tokens(text: str) -> set:
    return set(re.findall(r"\w+", text.lower()))


def _realsumm_event_map(scus: pd.DataFrame, references: Dict[str, str]) -> Dict[str, str]:
    """Map the annotations' event ids (``cnndm5476``) to the pickles' document keys.

    The upstream files share no key, so each event's SCU texts are matched to the
    reference summary they were written from, by word-set overlap; the match must be a
    bijection with a clear margin, otherwise InputFormatError (never a silent guess)."""
    events = list(dict.fromkeys(scus["event"]))
    docs = list(references)
    ref_tokens = [_tokens(references[d]) for d in docs]
    mapping: Dict[str, str] = {}
    for event in events:
        labels = scus.loc[(scus["event"] == event) & ~scus["blank"], "label"]
        toks = _tokens(" ".join(labels))
        sims = np.array([len(toks & r) / max(1, len(toks)) for r in ref_tokens])
        order = np.argsort(-sims, kind="stable")
        if len(order) > 1 and sims[order[0]] - sims[order[1]] < 0.1:
            raise InputFormatError(
                f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv",
                None,
                f"SCUs of {event} matching one reference summary clearly",
                found=f"overlaps {sims[order[0]]:.2f} and {sims[order[1]]:.2f}",
            )
        mapping[event] = docs[order[0]]
    if len(set(mapping.values())) != len(mapping):
        raise InputFormatError(
            f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv", None, "one reference per annotated document"
        )
    return mapping


def realsumm_scu_presence(presence_rule: str = "majority") -> pd.DataFrame:
    """Per-summary SCU presence from REALSumm's crowd annotations.

    Columns ``instance, summarizer, group, scu, votes_present, votes, present``: one row per
    (annotation file, document, system, non-BLANK SCU); ``group`` is the upstream folder
    (``abs``/``ext``; ``bart_out`` appears in both with different judgments, see
    REALSumm issue 3). ``present`` is a strict majority of the workers' ``p`` votes
    (``presence_rule="majority"``), or at least half (``"half"``). BLANK placeholder SCUs
    are not rows. Instances are the document keys of ``realsumm/data.pkl``.
    """
    if presence_rule not in ("majority", "half"):
        raise ParameterError("presence_rule", presence_rule, "'majority' or 'half'")
    scus = _realsumm_scus()
    data = load_pickle("realsumm/data.pkl")
    mapping = _realsumm_event_map(scus, {str(k): v["ref_summ"] for k, v in data.items()})
    votes = _realsumm_votes()
    blank = set(scus.loc[scus["blank"], "scu"])

    def listed(values, known, what: str) -> None:
        unknown = sorted(set(values) - set(known))
        if unknown:
            raise InputFormatError(
                f"{REALSUMM_ANNOTATIONS}",
                None,
                f"{what} listed in SCUs_list.csv",
                found=", ".join(unknown[:5]),
            )

    listed(votes["scu"], scus["scu"], "SCU ids")
    votes = votes[~votes["scu"].isin(blank)].copy()
    listed(votes["event"], mapping, "events")
    votes["instance"] = votes["event"].map(mapping)
    frac = votes["votes_present"] / votes["votes"]
    votes["present"] = (frac > 0.5) if presence_rule == "majority" else (frac >= 0.5)
    return votes[
        ["instance", "summarizer", "group", "scu", "votes_present", "votes", "present"]
    ].reset_index(drop=True)


def load_realsumm(annotations: bool = True, documents: bool = True) -> SummarizationCorpus:
    """REALSumm (BARTScore's copy): 100 documents x 24 peer systems (ids = upstream file
    stems, e.g. ``bart_out``), one model reference ``ref``, judgment
    ``litepyramid_recall`` as published.

    With ``annotations`` the crowd SCU data is added: ``scus`` (non-BLANK SCUs, weight 1),
    ``peer_scus`` (SCUs present by strict majority, see :func:`realsumm_scu_presence`),
    and the judgment ``litepyramid_recall_crowd`` = present / non-BLANK SCUs recomputed
    from the votes. For ``bart_out`` the extractive folder's annotations are used (the
    24-system set holds BART's extractive summaries; REALSumm issue 3).
    """
    rel = "realsumm/data.pkl"
    data = load_pickle(rel)
    inst, docs, summ, judg = [], [], [], []
    systems: List[str] = []
    for key, item in data.items():
        doc = str(key)
        where = f"{rel} [{key!r}]"
        try:
            src, ref, sys_summs = item["src"], item["ref_summ"], item["sys_summs"]
        except (KeyError, TypeError):
            raise InputFormatError(where, None, "keys 'src', 'ref_summ', 'sys_summs'") from None
        inst.append(doc)
        if documents:
            docs.append((doc, doc, split_tokenized_sentences(src)))
        summ.append((doc, "ref", split_tokenized_sentences(ref)))
        for file_key, entry in sys_summs.items():
            system = _realsumm_system(file_key)
            if system not in systems:
                systems.append(system)
            summ.append((doc, system, split_tokenized_sentences(entry["sys_summ"])))
            if "litepyramid_recall" not in entry["scores"]:
                raise InputFormatError(where, None, f"a litepyramid_recall score for {file_key}")
            judg.append(
                (doc, system, "litepyramid_recall", float(entry["scores"]["litepyramid_recall"]))
            )
    tables: Dict[str, Any] = {}
    files = [rel]
    if annotations:
        presence = realsumm_scu_presence()
        keep = ~((presence["summarizer"] == "bart_out") & (presence["group"] == "abs"))
        presence = presence[keep]
        dup = presence.duplicated(["instance", "summarizer", "scu"])
        if dup.any():
            raise InputFormatError(
                REALSUMM_ANNOTATIONS,
                None,
                "one annotation per summary and SCU",
                found=str(presence.loc[dup].head(1).to_dict("records")),
            )
        scus = _realsumm_scus()
        scus = scus[~scus["blank"]]
        ev_map = _realsumm_event_map(
            _realsumm_scus(), {str(k): v["ref_summ"] for k, v in data.items()}
        )
        tables["scus"] = pd.DataFrame(
            {
                "instance": scus["event"].map(ev_map).tolist(),
                "scu": scus["scu"].tolist(),
                "label": scus["label"].tolist(),
                "weight": 1.0,
            }
        )
        tables["peer_scus"] = presence.loc[
            presence["present"], ["instance", "summarizer", "scu"]
        ].reset_index(drop=True)
        recall = (
            presence.groupby(["instance", "summarizer"], sort=False)["present"].mean().reset_index()
        )
        for doc, system, value in recall.itertuples(index=False):
            judg.append((doc, system, "litepyramid_recall_crowd", float(value)))
        files += [p for p, _ in _realsumm_annotation_files()] + [
            f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv"
        ]
    meta = {
        "source": "REALSumm (Bhandari et al. 2020), neulab/BARTScore copy and neulab/REALSumm annotations",
        "judgments": "litepyramid_recall as published; litepyramid_recall_crowd recomputed from SCU votes (strict majority)",
        "licence": file_entry(rel)["licence"],
        "sha256": sha256_meta(*files),
    }
    return SummarizationCorpus.from_rows(
        "realsumm", meta, inst, ["ref"], systems, summ, judg, docs if documents else (), **tables
    )


def load_realsumm_scores() -> Tuple[pd.DataFrame, SummarizationCorpus]:
    """REALSumm's own score dictionaries (``scores_dicts/{abs,ext}.pkl``): 25 systems
    (14 abstractive + 11 extractive; ``bart_out`` is in both groups).

    Returns ``(scores, corpus)``: ``scores`` is a long score frame with columns
    ``instance, system, metric, group, value`` (ROUGE-1/2/L P/R/F, JS-2, BERTScore,
    MoverScore, ``litepyramid_recall``); ``corpus`` holds the summaries as the score
    dictionaries spell them (sentences from the ``<t>`` tags) with summarizer ids
    ``abs/<system>`` and ``ext/<system>``, the reference ``ref`` and the judgment
    ``litepyramid_recall``.
    """
    rows, summ, judg, inst = [], [], [], []
    refs: Dict[str, str] = {}
    systems: List[str] = []
    for group in ("abs", "ext"):
        rel = f"realsumm/scores_dicts/{group}.pkl"
        data = load_pickle(rel)
        for key, item in data.items():
            doc = str(key)
            where = f"{rel} [{key!r}]"
            try:
                ref, sys_summs = item["ref_summ"], item["system_summaries"]
            except (KeyError, TypeError):
                raise InputFormatError(where, None, "keys 'ref_summ', 'system_summaries'") from None
            if doc not in refs:
                refs[doc] = ref
                inst.append(doc)
                summ.append((doc, "ref", _split_t_tags(ref, where)))
            for file_key, entry in sys_summs.items():
                system = _realsumm_system(file_key)
                sid = f"{group}/{system}"
                if sid not in systems:
                    systems.append(sid)
                summ.append((doc, sid, _split_t_tags(entry["system_summary"], where)))
                for metric, value in entry["scores"].items():
                    rows.append((doc, system, metric, group, float(value)))
                    if metric == "litepyramid_recall":
                        judg.append((doc, sid, metric, float(value)))
    scores = scores_frame(
        pd.DataFrame(rows, columns=["instance", "system", "metric", "group", "value"]),
        variants=["group"],
    )
    rels = ["realsumm/scores_dicts/abs.pkl", "realsumm/scores_dicts/ext.pkl"]
    meta = {
        "source": "REALSumm scores_dicts (neulab/REALSumm)",
        "licence": file_entry(rels[0])["licence"],
        "sha256": sha256_meta(*rels),
    }
    return scores, SummarizationCorpus.from_rows(
        "realsumm-scores", meta, inst, ["ref"], systems, summ, judg
    )
