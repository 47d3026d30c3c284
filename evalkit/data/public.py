"""The public data sets (SPEC 2.2 ``public``): registry, verified download, loaders.

Sets (facts in the package file ``public_manifest.json``, copied from the shared
``MANIFEST.json``; every file pinned to a full upstream commit and a SHA-256):

=============== =====================================================================
``summeval``    SummEval (Fabbri et al. 2021) via ``neulab/BARTScore``: 100 CNN/DM test
                documents x 16 systems, 11 references, mean expert ratings (1-5) on
                coherence, consistency, fluency, relevance. -> :func:`load_summeval`,
                :func:`summeval_rouge_inputs` (the same summaries as ROUGE input lists)
``realsumm``    REALSumm (Bhandari et al. 2020): 100 documents x 24 systems with
                LitePyramid recall (``neulab/BARTScore``), the 25-system score
                dictionaries and the SCU presence annotations (``neulab/REALSumm``).
                -> :func:`load_realsumm`, :func:`load_realsumm_scores`,
                :func:`realsumm_scu_presence`
``wmt19-darr``  WMT19 segment-level daRR pairs, gu-en / kk-en / lt-en.
                -> :func:`load_wmt19_darr`
``wmt17-en-de`` WMT17 newstest2017 en-de, 16 systems + reference, 3004 segments.
                -> :func:`load_wmt17_en_de`
``wmt09-cz-en`` newstest2009 cz-en reference and cmu-combo output in NIST SGML with
                METEOR's ``.scr`` scores (``cmu-mtlab/meteor``).
                -> :func:`load_wmt09_cz_en`, :func:`load_wmt09_meteor`
=============== =====================================================================

Where files come from, in order:

1. the cache directory :func:`data_dir` -- ``$EVALKIT_DATA`` if set, else the user cache
   directory of ``platformdirs`` (``~/.cache/evalkit/public`` on Linux) -- filled by
   :func:`fetch` (``evalkit data fetch NAME|all``);
2. an offline mirror laid out like the shared ``data`` folder, named by
   ``$EVALKIT_DATA_MIRROR`` (tests and CI), read in place.

Every file's SHA-256 is verified before it is used (a mismatch raises
:class:`ChecksumError`); downloads go to a temporary sibling file and are moved into place
only after verification, so a failed download leaves no partial file. The pickles are
read with :mod:`evalkit.data.safe_pickle` only.

Sentences: SummEval, REALSumm and WMT texts are tokenized strings (``"He left . She
stayed ."``), cut with :func:`evalkit.text.sentences.split_tokenized_sentences` (after a
standalone ``.``, ``!`` or ``?`` token and the closing quotes/brackets right after it, on
single spaces only, so ``" ".join(sentences)`` gives back the published string exactly);
REALSumm's score dictionaries mark sentences with ``<t> ... </t>``, which are used instead.
"""
from __future__ import annotations

import ast
import csv
import hashlib
import io
import json
import re
import urllib.error
import urllib.request
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Dict, Iterable, Iterator, List, Optional, Tuple, Union

import numpy as np
import pandas as pd

from evalkit import config
from evalkit.data import safe_pickle
from evalkit.data.checksums import sha256_file
from evalkit.atomic import atomic_open, remove_stale_parts
from evalkit.data.model import MTCorpus, SummarizationCorpus, scores_frame
from evalkit.errors import DataNotConfiguredError, EvalkitError, InputFormatError, ParameterError
from evalkit.text.natural_sort import natural_key
from evalkit.text.sentences import split_tokenized_sentences

__all__ = [
    "SETS",
    "ChecksumError",
    "DownloadError",
    "manifest",
    "data_dir",
    "mirror_dir",
    "locate",
    "fetch",
    "status",
    "load_summeval",
    "summeval_rouge_inputs",
    "load_realsumm",
    "load_realsumm_scores",
    "realsumm_scu_presence",
    "load_wmt19_darr",
    "load_wmt17_en_de",
    "load_wmt09_cz_en",
    "load_wmt09_meteor",
]

ENV_DATA = "EVALKIT_DATA"
ENV_MIRROR = "EVALKIT_DATA_MIRROR"
WMT19_PAIRS = ("gu-en", "kk-en", "lt-en")


class ChecksumError(EvalkitError):
    """A data file's SHA-256 (or size) differs from the pinned value: it is not used."""

    def __init__(self, path: Union[str, Path], expected: str, found: str, advice: Optional[str] = None):
        self.path, self.expected, self.found = str(path), expected, found
        advice = advice or "delete it and run `evalkit data fetch` again"
        super().__init__(
            f"{path}: SHA-256 mismatch (expected {expected}, found {found}); the file is corrupt "
            f"or not the pinned upstream version -- {advice}"
        )


def _mirror_advice(relpath: str) -> str:
    """What to do about a bad file in the mirror, which evalkit only reads (it may be a
    read-only shared folder: "delete it" is not the user's to do)."""
    return (f"the mirror ${ENV_MIRROR} is read-only to evalkit: ask its keeper to restore the "
            f"file, or unset {ENV_MIRROR} and run `evalkit data fetch {relpath.split('/')[0]}` "
            f"to download a verified copy to {data_dir()}")


class DownloadError(EvalkitError):
    """A download failed (network, HTTP status); nothing was written under the target name."""


# --------------------------------------------------------------------------- registry
@lru_cache(maxsize=1)
def manifest() -> Dict[str, Any]:
    """The pinned registry (package data ``public_manifest.json``)."""
    text = resources.files("evalkit.data").joinpath("public_manifest.json").read_text(encoding="utf-8")
    return json.loads(text)


def _sets() -> Dict[str, Any]:
    return manifest()["sets"]


SETS: Tuple[str, ...] = tuple(manifest()["sets"])


def _check_set(name: str) -> Dict[str, Any]:
    if name not in _sets():
        raise ParameterError("name", name, f"one of {list(_sets())}")
    return _sets()[name]


def _file_entry(relpath: str) -> Dict[str, Any]:
    for info in _sets().values():
        for entry in info["files"]:
            if entry["path"] == relpath:
                return entry
    raise ParameterError("path", relpath, "a file listed in evalkit's public manifest")


def url_of(entry: Dict[str, Any]) -> str:
    """The pinned upstream URL of one manifest entry."""
    return manifest()["url_template"].format(**entry)


def data_dir() -> Path:
    """The download cache: ``$EVALKIT_DATA`` or the platform user cache dir + ``/public``."""
    env = config.public_data_dir()
    if env is not None:
        return env
    import platformdirs

    return Path(platformdirs.user_cache_dir("evalkit")) / "public"


def mirror_dir() -> Optional[Path]:
    """The offline mirror named by ``$EVALKIT_DATA_MIRROR``, or None."""
    return config.data_mirror()


# --------------------------------------------------------------------------- verification


def _verify(path: Path, entry: Dict[str, Any], mirror: bool = False) -> None:
    """Raise ChecksumError unless ``path`` has the pinned SHA-256.

    Hashed on every use, never memoized: a memo keyed on size and mtime accepted a
    same-size file changed (and its mtime reset) within one process, and hashing the
    largest public file takes milliseconds."""
    found = sha256_file(path)
    if found != entry["sha256"]:
        raise ChecksumError(path, entry["sha256"], found, _mirror_advice(entry["path"]) if mirror else None)


def locate(relpath: str) -> Path:
    """Path of a verified copy of manifest file ``relpath`` (cache first, then mirror).

    Raises :class:`DataNotConfiguredError` when neither has it and :class:`ChecksumError`
    when the copy found is corrupt.
    """
    entry = _file_entry(relpath)
    candidates = [data_dir() / relpath]
    mirror = mirror_dir()
    if mirror is not None:
        candidates.append(mirror / relpath)
    for k, path in enumerate(candidates):
        if path.is_file():
            _verify(path, entry, mirror=k > 0)
            return path
    name = relpath.split("/")[0]
    raise DataNotConfiguredError(
        f"public data file {relpath}",
        f"run `evalkit data fetch {name}` (downloads to {data_dir()}) or set {ENV_MIRROR} "
        "to a local copy laid out like the shared data folder",
    )


def _store_verified(blocks: Iterable[bytes], target: Path, entry: Dict[str, Any], label: str,
                    advice: Optional[str] = None) -> None:
    """Write ``blocks`` to ``target`` through a temporary sibling, moved into place only
    when the SHA-256 matches; on any failure nothing is left under either name."""
    digest = hashlib.sha256()
    with atomic_open(target, "wb") as out:
        for block in blocks:
            digest.update(block)
            out.write(block)
        if digest.hexdigest() != entry["sha256"]:
            raise ChecksumError(label, entry["sha256"], digest.hexdigest(),
                                advice or f"nothing was written to {target}")


def _download(url: str, target: Path, entry: Dict[str, Any],
              opener: Callable[..., Any] = urllib.request.urlopen) -> None:
    def blocks() -> Iterator[bytes]:
        try:
            with opener(url, timeout=60) as response:
                yield from iter(lambda: response.read(1 << 20), b"")
        except (urllib.error.URLError, OSError, ValueError) as exc:
            raise DownloadError(f"download of {url} failed: {exc}") from None

    _store_verified(blocks(), target, entry, url)


def _copy_verified(source: Path, target: Path, entry: Dict[str, Any]) -> None:
    def blocks() -> Iterator[bytes]:
        with open(source, "rb") as handle:
            yield from iter(lambda: handle.read(1 << 20), b"")

    _store_verified(blocks(), target, entry, str(source), _mirror_advice(entry["path"]))


def fetch(name: str, force: bool = False, log: Optional[Callable[[str], None]] = None,
          opener: Callable[..., Any] = urllib.request.urlopen) -> List[Path]:
    """Put every file of set ``name`` (or ``"all"``) into :func:`data_dir`, verified.

    A file already cached with the right checksum is kept (unless ``force``); with
    ``$EVALKIT_DATA_MIRROR`` set, files are copied from the mirror instead of downloaded.
    Returns the cached paths. ``opener`` is the URL opener (tests pass a fake one).
    """
    names = list(_sets()) if name == "all" else [name]
    paths: List[Path] = []
    for set_name in names:
        info = _check_set(set_name)
        for entry in info["files"]:
            target = data_dir() / entry["path"]
            remove_stale_parts(target)  # left by a killed fetch
            if target.is_file() and not force:
                try:
                    _verify(target, entry)
                    paths.append(target)
                    continue
                except ChecksumError:
                    if log:
                        log(f"{target}: checksum mismatch, fetching again")
            mirror = mirror_dir()
            if mirror is not None and (mirror / entry["path"]).is_file():
                if log:
                    log(f"copy {mirror / entry['path']} -> {target}")
                _copy_verified(mirror / entry["path"], target, entry)
            else:
                url = url_of(entry)
                if log:
                    log(f"download {url} -> {target}")
                _download(url, target, entry, opener)
            paths.append(target)
    return paths


def status(name: str) -> List[Dict[str, str]]:
    """Per file of set ``name``: where it is found (``cache``/``mirror``/``missing``) and
    whether its checksum is ``ok`` or ``corrupt``."""
    rows = []
    for entry in _check_set(name)["files"]:
        where, state = "missing", ""
        for label, base in (("cache", data_dir()), ("mirror", mirror_dir())):
            if base is not None and (base / entry["path"]).is_file():
                where = label
                try:
                    _verify(base / entry["path"], entry, mirror=label == "mirror")
                    state = "ok"
                except ChecksumError:
                    state = "corrupt"
                break
        rows.append({"set": name, "path": entry["path"], "where": where, "state": state})
    return rows


def _load_pickle(relpath: str) -> Any:
    """Unpickle the very bytes whose SHA-256 was checked (read once: a file replaced
    between the check and the read cannot slip through)."""
    path = locate(relpath)
    data = path.read_bytes()
    found = hashlib.sha256(data).hexdigest()
    if found != _file_entry(relpath)["sha256"]:
        raise ChecksumError(path, _file_entry(relpath)["sha256"], found)
    return safe_pickle.loads(data, str(path))


def _sha_meta(*relpaths: str) -> Dict[str, str]:
    return {p: _file_entry(p)["sha256"] for p in relpaths}


# --------------------------------------------------------------------------- text helpers
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


# --------------------------------------------------------------------------- SummEval
SUMMEVAL_DIMENSIONS = ("coherence", "consistency", "fluency", "relevance")


def load_summeval(documents: bool = True) -> SummarizationCorpus:
    """SummEval: 100 documents, 16 peer systems (``M0``..``M23``), 11 model references
    (``ref1`` is the original CNN/DM highlights, ``ref2``..``ref11`` the crowd-written
    ones, in the published order) and four judgments per system summary (``coherence``,
    ``consistency``, ``fluency``, ``relevance``: the mean of the three expert ratings,
    1-5). ``documents=False`` leaves out the source articles (publisher copyright)."""
    rel = "summeval/data.pkl"
    data = _load_pickle(rel)
    if not isinstance(data, dict):
        raise InputFormatError(rel, None, "a dict keyed by document id", found=type(data).__name__)
    inst, docs, summ, judg = [], [], [], []
    systems: set = set()
    n_refs = None
    for doc_id, item in data.items():
        where = f"{rel} [{doc_id!r}]"
        try:
            refs = item["ref_summs"]
            sys_summs = item["sys_summs"]
            src = item["src"]
        except (KeyError, TypeError):
            raise InputFormatError(where, None, "keys 'src', 'ref_summs', 'sys_summs'") from None
        if n_refs is None:
            n_refs = len(refs)
        elif len(refs) != n_refs:
            raise InputFormatError(where, None, f"{n_refs} references", found=str(len(refs)))
        inst.append(doc_id)
        if documents:
            docs.append((doc_id, doc_id, split_tokenized_sentences(src)))
        for i, ref in enumerate(refs, 1):
            summ.append((doc_id, f"ref{i}", split_tokenized_sentences(ref)))
        for system, entry in sys_summs.items():
            systems.add(system)
            summ.append((doc_id, system, split_tokenized_sentences(entry["sys_summ"])))
            scores = entry["scores"]
            missing = [d for d in SUMMEVAL_DIMENSIONS if d not in scores]
            if missing:
                raise InputFormatError(where, None, f"scores {SUMMEVAL_DIMENSIONS} for {system}", found=str(sorted(scores)))
            for dim in SUMMEVAL_DIMENSIONS:
                judg.append((doc_id, system, dim, float(scores[dim])))
    peers = sorted(systems, key=natural_key)
    models = [f"ref{i}" for i in range(1, (n_refs or 0) + 1)]
    corpus = SummarizationCorpus(
        name="summeval",
        meta={
            "source": "SummEval (Fabbri et al. 2021), copy in neulab/BARTScore",
            "judgments": "mean of 3 expert ratings, 1-5",
            "licence": _file_entry(rel)["licence"],
            "sha256": _sha_meta(rel),
        },
        instances=pd.DataFrame({"instance": inst}),
        documents=pd.DataFrame(docs, columns=["instance", "document", "sentences"]) if documents else None,
        summarizers=pd.DataFrame({"summarizer": models + peers, "type": ["model"] * len(models) + ["peer"] * len(peers)}),
        summaries=pd.DataFrame(summ, columns=["instance", "summarizer", "sentences"]),
        judgments=pd.DataFrame(judg, columns=["instance", "summarizer", "judgment", "value"]),
    )
    return corpus.validate()


def summeval_rouge_inputs(n_docs: Optional[int] = None
                          ) -> Tuple[List[List[str]], List[List[List[str]]], List[str], List[str]]:
    """SummEval as ROUGE inputs: ``(summaries, references, instance_ids, system_ids)``,
    one entry per system summary of the first ``n_docs`` documents (ids sorted; all when
    None), systems in upstream order; each summary a list of sentences, each instance's
    11 references (``ref1``..``ref11``) a list of sentence lists. Sentences as in
    :func:`load_summeval` (:func:`evalkit.text.sentences.split_tokenized_sentences`), so
    tests, benchmarks and notebooks feed ROUGE the same sentences. The layout of
    :meth:`evalkit.metrics.rouge.RougeCorpus.from_lists`."""
    if n_docs is not None and (isinstance(n_docs, bool) or not isinstance(n_docs, int) or n_docs < 1):
        raise ParameterError("n_docs", n_docs, "a positive number of documents or None")
    corpus = load_summeval(documents=False)
    keep = sorted(corpus.instances["instance"])[:n_docs]
    models = set(corpus.models())
    refs: Dict[str, List[List[str]]] = {}
    peers: Dict[str, List[Tuple[str, List[str]]]] = {}
    for inst, who, sents in zip(corpus.summaries["instance"], corpus.summaries["summarizer"],
                                corpus.summaries["sentences"]):
        if who in models:
            refs.setdefault(inst, []).append(list(sents))
        else:
            peers.setdefault(inst, []).append((who, list(sents)))
    S, R, I, Y = [], [], [], []
    for inst in keep:
        for system, sents in peers.get(inst, []):
            S.append(sents)
            R.append(refs[inst])
            I.append(inst)
            Y.append(system)
    return S, R, I, Y


# --------------------------------------------------------------------------- REALSumm
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
            raise InputFormatError(rel, lineno, "answer N exactly for BLANK placeholders", found=f"{text!r} {answer!r}")
        out.append((event, qid, text, blank))
    return pd.DataFrame(out, columns=["event", "scu", "label", "blank"])


def _realsumm_annotation_files() -> List[Tuple[str, str]]:
    """(relpath, group) of every crowd rating CSV, group = 'abs' or 'ext' by folder."""
    files = []
    for entry in _sets()["realsumm"]["files"]:
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
            i_event, i_sys, i_q = (header.index(c) for c in ("Input.eventId", "Input.summaryId", "Input.qIdList"))
            i_ans = [header.index(f"Answer.S{k}Answer") for k in range(1, 17)]
        except ValueError:
            raise InputFormatError(rel, 1, "Input.eventId, Input.summaryId, Input.qIdList, Answer.S1Answer..S16Answer") from None
        tally: Dict[Tuple[str, str, Tuple[str, ...]], np.ndarray] = {}
        counts: Dict[Tuple[str, str, Tuple[str, ...]], int] = {}
        for lineno, row in enumerate(data, 2):
            if len(row) != len(header):
                raise InputFormatError(rel, lineno, f"{len(header)} fields", found=str(len(row)))
            try:
                qids = tuple(str(q) for q in ast.literal_eval(row[i_q]))
            except (ValueError, SyntaxError):
                raise InputFormatError(rel, lineno, "a Python list of 16 SCU ids in Input.qIdList", found=row[i_q]) from None
            answers = [row[i] for i in i_ans]
            if len(qids) != 16 or any(a not in ("p", "n") for a in answers):
                raise InputFormatError(rel, lineno, "16 SCU ids and answers 'p' or 'n'", found=" ".join(answers))
            key = (row[i_event], row[i_sys], qids)
            tally[key] = tally.get(key, np.zeros(16, dtype=int)) + np.array([a == "p" for a in answers])
            counts[key] = counts.get(key, 0) + 1
        for (event, system, qids), present in tally.items():
            for q, votes in zip(qids, present):
                rows.append((rel, group, event, system, q, int(votes), counts[(event, system, qids)]))
    return pd.DataFrame(rows, columns=["file", "group", "event", "summarizer", "scu", "votes_present", "votes"])


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
            raise InputFormatError(f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv", None,
                                   f"SCUs of {event} matching one reference summary clearly",
                                   found=f"overlaps {sims[order[0]]:.2f} and {sims[order[1]]:.2f}")
        mapping[event] = docs[order[0]]
    if len(set(mapping.values())) != len(mapping):
        raise InputFormatError(f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv", None, "one reference per annotated document")
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
    data = _load_pickle("realsumm/data.pkl")
    mapping = _realsumm_event_map(scus, {str(k): v["ref_summ"] for k, v in data.items()})
    votes = _realsumm_votes()
    blank = set(scus.loc[scus["blank"], "scu"])
    known = set(scus["scu"])
    unknown = sorted(set(votes["scu"]) - known)
    if unknown:
        raise InputFormatError(f"{REALSUMM_ANNOTATIONS}", None, "SCU ids listed in SCUs_list.csv", found=", ".join(unknown[:5]))
    votes = votes[~votes["scu"].isin(blank)].copy()
    missing_events = sorted(set(votes["event"]) - set(mapping))
    if missing_events:
        raise InputFormatError(f"{REALSUMM_ANNOTATIONS}", None, "events listed in SCUs_list.csv", found=", ".join(missing_events[:5]))
    votes["instance"] = votes["event"].map(mapping)
    frac = votes["votes_present"] / votes["votes"]
    votes["present"] = (frac > 0.5) if presence_rule == "majority" else (frac >= 0.5)
    return votes[["instance", "summarizer", "group", "scu", "votes_present", "votes", "present"]].reset_index(drop=True)


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
    data = _load_pickle(rel)
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
            judg.append((doc, system, "litepyramid_recall", float(entry["scores"]["litepyramid_recall"])))
    tables: Dict[str, Any] = {}
    files = [rel]
    if annotations:
        presence = realsumm_scu_presence()
        keep = ~((presence["summarizer"] == "bart_out") & (presence["group"] == "abs"))
        presence = presence[keep]
        dup = presence.duplicated(["instance", "summarizer", "scu"])
        if dup.any():
            raise InputFormatError(REALSUMM_ANNOTATIONS, None, "one annotation per summary and SCU",
                                   found=str(presence.loc[dup].head(1).to_dict("records")))
        scus = _realsumm_scus()
        scus = scus[~scus["blank"]]
        ev_map = _realsumm_event_map(_realsumm_scus(), {str(k): v["ref_summ"] for k, v in data.items()})
        tables["scus"] = pd.DataFrame({"instance": scus["event"].map(ev_map).tolist(), "scu": scus["scu"].tolist(),
                                       "label": scus["label"].tolist(), "weight": 1.0})
        tables["peer_scus"] = presence.loc[presence["present"], ["instance", "summarizer", "scu"]].reset_index(drop=True)
        recall = presence.groupby(["instance", "summarizer"], sort=False)["present"].mean().reset_index()
        for doc, system, value in recall.itertuples(index=False):
            judg.append((doc, system, "litepyramid_recall_crowd", float(value)))
        files += [p for p, _ in _realsumm_annotation_files()] + [f"{REALSUMM_ANNOTATIONS}/SCUs_list.csv"]
    corpus = SummarizationCorpus(
        name="realsumm",
        meta={
            "source": "REALSumm (Bhandari et al. 2020), neulab/BARTScore copy and neulab/REALSumm annotations",
            "judgments": "litepyramid_recall as published; litepyramid_recall_crowd recomputed from SCU votes (strict majority)",
            "licence": _file_entry(rel)["licence"],
            "sha256": _sha_meta(*files),
        },
        instances=pd.DataFrame({"instance": inst}),
        documents=pd.DataFrame(docs, columns=["instance", "document", "sentences"]) if documents else None,
        summarizers=pd.DataFrame({"summarizer": ["ref"] + systems, "type": ["model"] + ["peer"] * len(systems)}),
        summaries=pd.DataFrame(summ, columns=["instance", "summarizer", "sentences"]),
        judgments=pd.DataFrame(judg, columns=["instance", "summarizer", "judgment", "value"]),
        **tables,
    )
    return corpus.validate()


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
        data = _load_pickle(rel)
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
    scores = scores_frame(pd.DataFrame(rows, columns=["instance", "system", "metric", "group", "value"]),
                          variants=["group"])
    rels = ["realsumm/scores_dicts/abs.pkl", "realsumm/scores_dicts/ext.pkl"]
    corpus = SummarizationCorpus(
        name="realsumm-scores",
        meta={"source": "REALSumm scores_dicts (neulab/REALSumm)", "licence": _file_entry(rels[0])["licence"],
              "sha256": _sha_meta(*rels)},
        instances=pd.DataFrame({"instance": inst}),
        summarizers=pd.DataFrame({"summarizer": ["ref"] + systems, "type": ["model"] + ["peer"] * len(systems)}),
        summaries=pd.DataFrame(summ, columns=["instance", "summarizer", "sentences"]),
        judgments=pd.DataFrame(judg, columns=["instance", "summarizer", "judgment", "value"]),
    )
    return scores, corpus.validate()


# --------------------------------------------------------------------------- WMT
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
    data = _load_pickle(rel)
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
            raise InputFormatError(where, None, "src, ref, better{sys_name, sys}, worse{sys_name, sys}") from None
        seg = seg_of.setdefault((src, ref), len(seg_of) + 1)
        for system, text in sides:
            old = outputs.setdefault((seg, system), text)
            if old != text:
                raise InputFormatError(where, None, f"the same output of {system} for segment {seg} as earlier pairs",
                                       found=text)
        prefs.append(("newstest2019", seg, sides[0][0], sides[1][0]))
    src_lang, tgt_lang = pair.split("-")
    corpus = MTCorpus(
        name=f"wmt19-darr-{pair}",
        source_language=src_lang,
        target_language=tgt_lang,
        meta={"source": "WMT19 metrics task daRR, copy in neulab/BARTScore", "pairs": len(prefs),
              "licence": _file_entry(rel)["licence"], "sha256": _sha_meta(rel)},
        segments=pd.DataFrame([("newstest2019", s, src) for (src, _), s in seg_of.items()],
                              columns=["document", "segment", "source"]),
        references=pd.DataFrame([("newstest2019", s, "ref", ref) for (_, ref), s in seg_of.items()],
                                columns=["document", "segment", "reference", "text"]),
        outputs=pd.DataFrame([("newstest2019", s, y, t) for (s, y), t in outputs.items()],
                             columns=["document", "segment", "system", "text"]),
        preferences=pd.DataFrame(prefs, columns=["document", "segment", "better", "worse"]),
    )
    return corpus.validate()


def load_wmt17_en_de() -> MTCorpus:
    """WMT17 newstest2017 en-de: 3004 segments (document ``newstest2017``, no source
    text in the upstream file), the reference ``ref`` and 16 systems named by the middle
    of the upstream name (``newstest2017.LIUM-NMT.4900.en-de`` -> ``LIUM-NMT``), in the
    upstream order (``meta["systems"]``; the first, LIUM-NMT, is sacrebleu's baseline)."""
    rel = "wmt17-en-de/wmt17_en_de_systems.pkl.bz2"
    data = _load_pickle(rel)
    if not isinstance(data, list) or not data or data[-1][0] != "reference":
        raise InputFormatError(rel, None, "a list of (name, lines) pairs ending with ('reference', [lines])")
    ref_streams = data[-1][1]
    if len(ref_streams) != 1:
        raise InputFormatError(rel, None, "one reference stream", found=str(len(ref_streams)))
    ref = ref_streams[0]
    n = len(ref)
    outputs, names = [], []
    for full, lines in data[:-1]:
        parts = full.split(".")
        if len(parts) < 3 or len(lines) != n:
            raise InputFormatError(rel, None, f"system 'newstest2017.NAME.ID.en-de' with {n} lines",
                                   found=f"{full} with {len(lines)} lines")
        system = parts[1]
        names.append(system)
        outputs += [("newstest2017", i, system, t) for i, t in enumerate(lines, 1)]
    corpus = MTCorpus(
        name="wmt17-en-de",
        source_language="en",
        target_language="de",
        meta={"source": "WMT17 news en-de, copy in mjpost/sacrebleu tests", "systems": names,
              "upstream_names": [full for full, _ in data[:-1]],
              "licence": _file_entry(rel)["licence"], "sha256": _sha_meta(rel)},
        segments=pd.DataFrame({"document": "newstest2017", "segment": range(1, n + 1), "source": [None] * n}),
        references=pd.DataFrame({"document": "newstest2017", "segment": range(1, n + 1), "reference": "ref", "text": ref}),
        outputs=pd.DataFrame(outputs, columns=["document", "segment", "system", "text"]),
    )
    return corpus.validate()


WMT09_FILES = ("wmt09-cz-en/ref.sgm", "wmt09-cz-en/test.sgm")
WMT09_SCR = {level: f"wmt09-cz-en/meteor-{level}.scr" for level in ("sys", "doc", "seg")}


def load_wmt09_meteor() -> Dict[str, pd.DataFrame]:
    """METEOR's published scores for cmu-combo on newstest2009 cz-en, by level
    (``"sys"``, ``"doc"``, ``"seg"``), read with :func:`evalkit.data.wmt.read_scr`
    (metric ``"meteor"``)."""
    from evalkit.data.wmt import read_scr

    return {level: read_scr(locate(rel), metric="meteor") for level, rel in WMT09_SCR.items()}


def load_wmt09_cz_en() -> MTCorpus:
    """newstest2009 cz-en in NIST SGML: the reference ``ref`` and system ``cmu-combo``
    (2525 segments in 111 documents, no source text upstream), read with
    :mod:`evalkit.data.nist_sgml` (mteval validation: set ids agree, every document
    present, segment counts match)."""
    from evalkit.data.judgments import mt_corpus_from_nist

    ref_path, tst_path = (locate(p) for p in WMT09_FILES)
    corpus = mt_corpus_from_nist(references=[ref_path], systems=[tst_path], name="wmt09-cz-en")
    corpus.meta.update({"source": "cmu-mtlab/meteor example (WMT09 newstest2009)",
                        "licence": _file_entry(WMT09_FILES[0])["licence"], "sha256": _sha_meta(*WMT09_FILES)})
    return corpus.validate()
