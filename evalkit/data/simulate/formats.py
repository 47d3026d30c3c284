"""The on-disk format of each sample corpus: written by, and read back with, the real modules.

* DUC 2004-2007: :func:`evalkit.data.duc.write_corpus` / :func:`~evalkit.data.duc.read_corpus`
  (summary files named ``DOCSET.M.LENGTH.SELECTOR.SUMMARIZER`` under the year's ROUGE
  directories, the year's judgment tables) written directly in the corpus directory,
  laid out as NIST's results tree of that year.
* TAC 2008-2011: :func:`evalkit.data.tac.write_corpus` / :func:`~evalkit.data.tac.read_corpus`
  in ``<corpus>/<UpdateSumm08_eval|...>/`` (summaries, ``manual/manual.peer|model[.A|.B]``,
  DUCView pyramids and peer annotations).
* TIDES 2003: :func:`evalkit.data.judgments.write_mt_evaluation` /
  :func:`~evalkit.data.judgments.read_mt_evaluation`: NIST mteval SGML (``source.sgm``,
  ``references.sgm`` with the 4 references as documents with their ``sysid``, one
  ``system.<id>.sgm`` per system), the segment-level assessments in the documented
  evalkit CSV ``assessments.csv`` (``document,segment,system,judge,adequacy,fluency``,
  one row per judge, 1-5) and ``evaluation.yaml`` naming them; plus the word-alignment
  bitext ``bitext/train.{zz,en}`` (one sentence per line).
"""

from __future__ import annotations

import math
from collections import defaultdict
from pathlib import Path
from typing import Dict, List, Tuple
from xml.sax.saxutils import escape, quoteattr

import pandas as pd

from evalkit.data import duc, judgments, pyramid, tac
from evalkit.atomic import atomic_write_text
from evalkit.data.model import SummarizationCorpus

from . import documents


def _kind(name: str):
    if name.startswith("duc"):
        return "duc", int(name[3:7])  # duc2004, duc2004t5
    if name.startswith("tac"):
        return "tac", int(name[3:])
    return "nist", 2003


def describe(name: str) -> str:
    kind, year = _kind(name)
    if kind == "duc":
        return (
            f"DUC {year} results tree (evalkit.data.duc.LAYOUTS['duc{year}']) and its source documents "
            "in docs/ (evalkit.data.duc_documents)"
        )
    if kind == "tac":
        return f"TAC {year} eval directory {tac.EVAL_DIRS[year]} (evalkit.data.tac.LAYOUTS[{year}])"
    return "NIST mteval SGML + assessments.csv + evaluation.yaml (evalkit.data.judgments) + bitext"


def write(name: str, corpus, truth: Dict[str, pd.DataFrame], directory: Path) -> None:
    directory = Path(directory)
    kind, year = _kind(name)
    if kind == "duc":
        write_duc(corpus, directory, year)
        documents.write_documents(corpus, truth, directory, year)
    elif kind == "tac":
        write_tac(corpus, directory / tac.EVAL_DIRS[year], year)
    else:
        judgments.write_mt_evaluation(corpus, directory, setid=corpus.meta.get("setid", name))
        _write_bitext(truth["bitext"], directory / "bitext")


def read(name: str, directory: Path):
    directory = Path(directory)
    kind, year = _kind(name)
    if kind == "duc":
        return documents.attach_documents(duc.read_corpus(directory, year, name=name), directory)
    if kind == "tac":
        return tac.read_corpus(directory / tac.EVAL_DIRS[year], year, name=name)
    return judgments.read_mt_evaluation(directory / "evaluation.yaml", name=name)


# --------------------------------------------------------------------------- TAC
# :func:`evalkit.data.tac.write_corpus` writes exactly these files, but filters the whole
# corpus' tables once per pyramid and per peer annotation; on a full-size sample (TAC 2008:
# 96 docsets x 58 peers) that is minutes of pandas work.  ``write_tac`` produces the same
# bytes (tests/test_simulate_formats.py compares the two on a quick corpus) from tables
# indexed once, using the pyramid module's XML conventions.


def _na(v) -> bool:
    return v is None or (isinstance(v, float) and math.isnan(v)) or v is pd.NA


def _lines_xml(lines) -> str:
    return "".join(f"<line>{escape(l)}</line>\n" for l in lines)


def _parts_xml(text: str, rows: List[tuple], offset: int) -> str:
    """rows: (contributor, start, end) of one summarizer, grouped by contributor label."""
    groups: Dict[object, List[tuple]] = {}
    for label, start, end in rows:
        groups.setdefault("\x00NA" if _na(label) else label, []).append((start, end))
    out = []
    for label, spans in groups.items():
        parts = []
        for a, b in spans:
            if _na(a) or _na(b):
                continue
            a, b = int(a), int(b)
            parts.append(
                f'<part label={quoteattr(text[a:b])} start="{a + offset}" end="{b + offset}"/>'
            )
        label = "" if label == "\x00NA" else label
        out.append(f"<contributor label={quoteattr(label)}>{''.join(parts)}</contributor>\n")
    return "".join(out)


def _write_summaries(corpus: SummarizationCorpus, peers_dir: Path, models_dir: Path):
    """As :func:`evalkit.data.duc.write_summaries`, with the file-name fields looked up once."""
    types = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    inst_rows = {r["instance"]: r for r in corpus.instances.to_dict("records")}

    def filename(inst: str, summ: str) -> str:
        r = inst_rows[inst]
        return duc.SummaryName(
            r["docset"],
            r["group"] if isinstance(r["group"], str) else None,
            r["kind"],
            r["length"],
            r["selector"],
            summ,
            None,
        ).filename()

    texts: Dict[Tuple[str, str], Tuple[str, ...]] = {}
    for inst, summ, sents in corpus.summaries[["instance", "summarizer", "sentences"]].itertuples(
        index=False
    ):
        texts[(inst, summ)] = sents
        name = filename(inst, summ)
        # duc.write_summary's plain format: one sentence per line, Latin-1
        _put(
            Path(models_dir if types[summ] == "model" else peers_dir) / name,
            duc.encode("".join(s + "\n" for s in sents), f"summary {name}"),
        )
    return types, texts, filename


def _put(path: Path, data: bytes) -> None:
    """A plain write: the builder assembles each corpus in a hidden directory and renames
    it into place, so per-file atomic writes (a temporary file and a rename per file, 4x
    slower here) buy nothing."""
    try:
        fh = open(path, "wb")
    except FileNotFoundError:
        path.parent.mkdir(parents=True, exist_ok=True)
        fh = open(path, "wb")
    with fh:
        fh.write(data)


def write_duc(corpus: SummarizationCorpus, root: Path, year: int) -> Path:
    """Write ``corpus`` as a DUC results tree, byte for byte as :func:`evalkit.data.duc.write_corpus`
    (which looks up each summary's instance row with a fresh index: slow at full size)."""
    layout = duc.LAYOUTS[f"duc{year}"]
    root = Path(root)
    _write_summaries(corpus, root / layout.peers, root / layout.models)
    remaining = corpus.judgments
    for table, rel in layout.tables.items():
        spec = duc.TABLES[table]
        names = {spec.assessor.get(n, (n, None))[0] for n in spec.widths[spec.max_width]}
        if spec.question is not None:
            mask = remaining["judgment"].str.match(rf"^{spec.question[1]}_q\d+$")
        else:
            mask = remaining["judgment"].isin(names)
        part, remaining = remaining[mask], remaining[~mask]
        if len(part):
            duc.write_table(root / rel, spec, part, corpus.instances)
    if len(remaining):
        raise ValueError(
            f"judgments the DUC {year} tables cannot hold: {sorted(set(remaining['judgment']))[:5]}"
        )
    return root


def write_tac(corpus: SummarizationCorpus, root: Path, year: int) -> Path:
    """Write ``corpus`` as a TAC eval directory, byte for byte as :func:`evalkit.data.tac.write_corpus`."""
    layout = tac.LAYOUTS[year]
    root = Path(root)
    types, texts, filename = _write_summaries(corpus, root / layout.peers, root / layout.models)
    j = corpus.judgments
    j_type = j["summarizer"].map(types)
    written = pd.Series(False, index=j.index)
    for tables, want in ((layout.peer_tables, "peer"), (layout.model_tables, "model")):
        for key, rel in tables:
            spec = tac.TABLES[key]
            mask = (j_type == want) & j["judgment"].isin(spec.widths[spec.max_width])
            if rel[-2:] in (".A", ".B"):
                mask &= j["instance"].str.endswith("-" + rel[-1])
            written |= mask
            if mask.any():
                duc.write_table(root / rel, spec, j[mask], corpus.instances)
    if not written.all():
        raise ValueError(
            f"judgments the TAC {year} tables cannot hold: {j.loc[~written, 'judgment'].unique()[:5]}"
        )
    tac.write_guided(corpus, root, layout)
    if not len(corpus.scus):
        return root
    scus = defaultdict(list)
    for inst, uid, label in corpus.scus[["instance", "scu", "label"]].itertuples(index=False):
        scus[inst].append((uid, "" if _na(label) else label))
    contrib = defaultdict(list)  # (instance, summarizer, scu) -> [(contributor, start, end)]
    first_seen: Dict[Tuple[str, str], Dict[str, None]] = defaultdict(
        dict
    )  # (instance, scu) -> summarizers
    for inst, uid, summ, label, a, b in corpus.scu_contributors[
        ["instance", "scu", "summarizer", "contributor", "start", "end"]
    ].itertuples(index=False):
        contrib[(inst, summ, uid)].append((label, a, b))
        first_seen[(inst, uid)].setdefault(summ, None)
    matched = defaultdict(set)
    for inst, summ, uid in corpus.peer_scus[["instance", "summarizer", "scu"]].itertuples(
        index=False
    ):
        matched[(inst, summ)].add(uid)
    order = corpus.summarizers["summarizer"].tolist()
    by_inst = defaultdict(set)
    for inst, summ in texts:
        by_inst[inst].add(summ)
    head = '<?xml version="1.0" encoding="UTF-8"?>\n'
    for inst in corpus.scus["instance"].unique():
        models = [m for m in order if types[m] == "model" and m in by_inst[inst]]
        lines: List[str] = []
        starts = {}
        for m in models:
            lines += ["----------", filename(inst, m), "----------"]
            starts[m] = len("\n".join(lines)) + 1
            lines += list(texts[(inst, m)])
        out = [
            head,
            "<pyramid>\n",
            f"<startDocumentRegEx><![CDATA[{pyramid.DEFAULT_HEADER_REGEX}]]></startDocumentRegEx>\n",
            "<text>\n",
            _lines_xml(lines),
            "</text>\n",
        ]
        for uid, label in scus[inst]:
            out.append(f"<scu uid={quoteattr(uid)} label={quoteattr(label)}>\n")
            for m in (
                x for x in first_seen[(inst, uid)] if x in starts
            ):  # groupby(sort=False) order
                out.append(
                    _parts_xml("\n".join(texts[(inst, m)]), contrib[(inst, m, uid)], starts[m])
                )
            out.append("</scu>\n")
        out.append("</pyramid>\n")
        _put(root / layout.pyramids / f"{inst}.pyr", "".join(out).encode("utf-8"))
        for peer in (p for p in order if types[p] == "peer" and p in by_inst[inst]):
            sents = texts[(inst, peer)]
            text = "\n".join(sents)
            out = [head, "<pyramid>\n<annotation>\n<text>\n", _lines_xml(sents), "</text>\n"]
            for uid, label in scus[inst]:
                out.append(f"<peerscu uid={quoteattr(uid)} label={quoteattr(label)}>")
                if uid in matched[(inst, peer)]:
                    rows = contrib.get((inst, peer, uid), [])
                    out.append(
                        _parts_xml(text, rows, 0)
                        if rows
                        else f"<contributor label={quoteattr(label)}></contributor>\n"
                    )
                out.append("</peerscu>\n")
            out.append(f'<peerscu uid="0" label={quoteattr(pyramid.CATCH_ALL_LABEL)}></peerscu>\n')
            out.append("</annotation>\n</pyramid>\n")
            _put(
                root / layout.peer_annotations / filename(inst, peer), "".join(out).encode("utf-8")
            )
    return root


# --------------------------------------------------------------------------- MT
def _write_bitext(bitext: pd.DataFrame, directory: Path) -> None:
    """The word-alignment bitext: one sentence per line (gold links are in the truth)."""
    directory.mkdir(parents=True, exist_ok=True)
    for col, ext in (("source", "zz"), ("target", "en")):
        atomic_write_text(directory / f"train.{ext}", "".join(s + "\n" for s in bitext[col]))
