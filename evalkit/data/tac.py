"""TAC 2008-2011 files: manual judgments, ROUGE/BE outputs, AESOP tables, whole eval trees.

Formats (``notes/anchors-and-formats.md`` C.3):

* ``manual/manual.peer`` / ``manual.model`` (2008) and ``manual.peer.{A,B}`` /
  ``manual.model.{A,B}`` (2009-2011): no header, whitespace-separated, one row per
  (docset-group, summarizer). Columns (0-based) -- 2008 peer: 0 ``D0801-A``,
  1 summarizer, 2 modified pyramid, 3 #SCUs, 4 #repetitions, 6 modified pyramid
  (jackknifed), 7 linguistic quality, 8 overall responsiveness; 2008 model: 2 #SCUs (jk),
  4 modified pyramid (jk), 5 LQ, 6 OR; 2009-2011 peer: 2, 3, 4 as 2008, 7 modified
  pyramid jk, 8 LQ, 9 OR; model: 2 #SCUs jk, 5 modified pyramid jk, 6 LQ, 7 OR. Columns
  not listed have unconfirmed meanings; readers ignore them, writers put ``.`` there.
* ROUGE / BE outputs (``ROUGE/rouge.m.out``, ``rougejk.m.out``, ``BE/simple.m.hm.out``,
  ``simplejk.m.hm.out``): ROUGE-1.5.5 ``-d`` lines of 7 tokens
  ``SYS ROUGE-2 Eval D0801-A.M.100.A.3 R:0.10000 P:0.10000 F:0.10000``; other lines
  (averages, separators) are summaries of these and are not read. Jackknifed files hold
  one line per fold; the folds are averaged per (instance, summarizer).
* AESOP (``aesop_allpeers_{A,B}``): one header line naming the metric runs, then
  ``P<summarizer> D<nn> score_run1 score_run2 ...``; ``NaN`` = missing. Docset ids:
  2009 ``D0`` + (900+nn), 2010 ``D`` + (1000+nn), 2011 ``D`` + (1100+nn), plus ``-A``/``-B``.

Summaries, encodings and instance ids follow :mod:`evalkit.data.duc`; pyramids and peer
annotations :mod:`evalkit.data.pyramid`. Update-task instances ``D0801-B`` get
``update_of = "D0801-A"``.
"""

from __future__ import annotations

from collections import Counter
import re
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data import duc, pyramid, tac_guided
from evalkit.atomic import atomic_write_bytes
from evalkit.input_numbers import Scale, check_scale, is_uint, parse_number
from evalkit.data.duc import InstanceIndex, TableSpec, read_table, write_table
from evalkit.data.model import SummarizationCorpus
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "TABLES",
    "LAYOUTS",
    "read_rouge_output",
    "write_rouge_output",
    "read_aesop",
    "write_aesop",
    "aesop_docset",
    "read_corpus",
    "write_corpus",
    "write_guided",
]

_INTS = (
    "num_scus",
    "num_repetitions",
    "num_scus_jk",
    "linguistic_quality",
    "overall_responsiveness",
)


def _scales(responsiveness_high: float) -> Dict[str, Scale]:
    """TAC's documented scales: modified pyramid scores >= 0 (usually <= 1, but above 1
    when a summary expresses more SCUs than the models' mean, notes OD11), counts
    non-negative, readability 1-5, overall responsiveness 1-5 (1-10 in TAC 2009)."""
    return {
        "pyramid_modified": (0.0, None, False),
        "pyramid_modified_jk": (0.0, None, False),
        "num_scus": (0.0, None, True),
        "num_repetitions": (0.0, None, True),
        "num_scus_jk": (0.0, None, False),
        "linguistic_quality": (1.0, 5.0, True),
        "overall_responsiveness": (1.0, responsiveness_high, True),
    }


def _table(name: str, width: int, columns: Dict[str, int], responsiveness_high: float) -> TableSpec:
    """A TAC manual table: rows of ``width`` fields, ``columns`` (name: field) on TAC's scales."""
    return TableSpec(
        name, 0, {width: columns}, int_values=_INTS, scales=_scales(responsiveness_high)
    )


_PEER = (
    "pyramid_modified",
    "num_scus",
    "num_repetitions",
    "pyramid_modified_jk",
    "linguistic_quality",
    "overall_responsiveness",
)
_MODEL = ("num_scus_jk", "pyramid_modified_jk", "linguistic_quality", "overall_responsiveness")
TABLES: Dict[str, TableSpec] = {
    "tac2008-manual.peer": _table(
        "TAC 2008 manual.peer", 9, dict(zip(_PEER, (2, 3, 4, 6, 7, 8))), 5
    ),
    "tac2008-manual.model": _table("TAC 2008 manual.model", 7, dict(zip(_MODEL, (2, 4, 5, 6))), 5),
    "tac2009-manual.peer": _table(
        "TAC 2009 manual.peer.{A,B}", 10, dict(zip(_PEER, (2, 3, 4, 7, 8, 9))), 10
    ),
    "tac2009-manual.model": _table(
        "TAC 2009 manual.model.{A,B}", 8, dict(zip(_MODEL, (2, 5, 6, 7))), 10
    ),
}
# TAC 2010 and 2011: the 2009 layout with overall responsiveness back on 1-5.
for _part in ("peer", "model"):
    TABLES[f"tac2010-manual.{_part}"] = replace(
        TABLES[f"tac2009-manual.{_part}"],
        name=f"TAC 2010-2011 manual.{_part}.{{A,B}}",
        scales=_scales(5),
    )


@dataclass(frozen=True)
class Layout:
    """Paths below a TAC eval directory (e.g. ``UpdateSumm08_eval``)."""

    peers: str = "ROUGE/peers"
    models: str = "ROUGE/models"
    peer_tables: Tuple[Tuple[str, str], ...] = ()  # (table key, path)
    model_tables: Tuple[Tuple[str, str], ...] = ()
    pyramids: str = "manual/pyramids"
    peer_annotations: str = "manual/peers"
    topics: str = "topics.xml"  # guided summarization: categories (evalkit.data.tac_guided)
    scu_aspects: str = "manual/scu_aspects.txt"
    rouge: Tuple[Tuple[str, str, bool], ...] = (
        ("rouge", "ROUGE/rouge.m.out", False),
        ("rouge_jk", "ROUGE/rougejk.m.out", True),
        ("be", "BE/simple.m.hm.out", False),
        ("be_jk", "BE/simplejk.m.hm.out", True),
    )


def _later(year: int) -> Layout:
    key = "tac2009" if year == 2009 else "tac2010"
    return Layout(
        peer_tables=tuple((f"{key}-manual.peer", f"manual/manual.peer.{g}") for g in "AB"),
        model_tables=tuple((f"{key}-manual.model", f"manual/manual.model.{g}") for g in "AB"),
    )


LAYOUTS: Dict[int, Layout] = {
    2008: Layout(
        peer_tables=(("tac2008-manual.peer", "manual/manual.peer"),),
        model_tables=(("tac2008-manual.model", "manual/manual.model"),),
    ),
    2009: _later(2009),
    2010: _later(2010),
    2011: _later(2011),
}
#: The eval directory names inside NIST's tarballs, for data/README.md and licensed.py.
EVAL_DIRS = {
    2008: "UpdateSumm08_eval",
    2009: "UpdateSumm09_eval",
    2010: "GuidedSumm2010_eval",
    2011: "GuidedSumm2011_eval",
}


# --------------------------------------------------------------------------- ROUGE / BE
_EVAL = re.compile(r"^R:(\S+)$|^P:(\S+)$|^F:(\S+)$")


def read_rouge_output(
    path: PathLike, jackknife: bool = False, encoding: str = "latin-1"
) -> pd.DataFrame:
    """Per-summary scores from a ROUGE-1.5.5 ``-d`` output: columns ``instance, system,
    metric, measure, value`` (metric lower-cased, e.g. ``rouge-2``; measure R/P/F). With
    ``jackknife`` several lines per (instance, summarizer, metric) are averaged
    (``attrs["folds"]`` gives the fold count per row); without it a repeat is an error."""
    text = duc.read_decoded(path, encoding)
    acc: Dict[Tuple[str, str, str], List[Tuple[float, float, float]]] = {}
    for lineno, line in enumerate(text.split("\n"), 1):
        cols = line.split()
        if len(cols) < 3 or cols[2] != "Eval":
            continue
        if len(cols) != 7:
            raise InputFormatError(
                path, lineno, "7 tokens: SYS METRIC Eval SUMMARY R:r P:p F:f", found=line
            )
        name = duc.parse_summary_name(cols[3], path)
        inst = name.docset + (f"-{name.group}" if name.group else "")
        values = []
        for tok, prefix in zip(cols[4:], ("R:", "P:", "F:")):
            if not tok.startswith(prefix):
                raise InputFormatError(path, lineno, f"{prefix}<number>", found=tok)
            values.append(
                check_scale(
                    parse_number(tok[2:], path, lineno, prefix),
                    (0.0, 1.0, False),
                    path,
                    lineno,
                    f"ROUGE/BE {prefix[0]}",
                    tok,
                )
            )
        key = (inst, name.summarizer, cols[1].lower())
        if key in acc and not jackknife:
            raise InputFormatError(
                path,
                lineno,
                "one line per summary and metric (use jackknife=True for jk files)",
                found=line,
            )
        acc.setdefault(key, []).append(tuple(values))
    rows, folds = [], []
    for (inst, summ, metric), vals in acc.items():
        mean = np.mean(np.array(vals), axis=0)
        for measure, v in zip("RPF", mean):
            rows.append((inst, summ, metric, measure, float(v)))
            folds.append(len(vals))
    df = pd.DataFrame(rows, columns=["instance", "system", "metric", "measure", "value"])
    df.attrs["folds"] = folds
    return df


def write_rouge_output(
    path: PathLike,
    scores: pd.DataFrame,
    instances: Optional[pd.DataFrame] = None,
    encoding: str = "latin-1",
    folds: int = 1,
) -> None:
    """Write ``instance, system, metric, measure, value`` rows as ROUGE ``-d`` Eval lines
    (5 decimals, as ROUGE-1.5.5 prints); ``folds > 1`` repeats each line (jackknife
    layout with identical folds)."""
    cols = {"instance", "system", "metric", "measure", "value"}
    if not cols <= set(scores.columns):
        raise ParameterError("scores", list(scores.columns), f"columns {sorted(cols)}")
    lines = []
    info = (
        instances.set_index("instance")
        if instances is not None and "docset" in instances.columns
        else None
    )
    for (inst, system, metric), grp in scores.groupby(["instance", "system", "metric"], sort=False):
        v = dict(zip(grp["measure"], grp["value"]))
        if set(v) != {"R", "P", "F"}:
            raise ParameterError("scores", (inst, system, metric), "measures R, P and F")
        if info is not None:
            row = info.loc[inst]
            n = duc.SummaryName(
                row["docset"],
                row["group"] if isinstance(row["group"], str) else None,
                row["kind"],
                row["length"],
                row["selector"],
                system,
                None,
            )
        else:
            docset, _, group = inst.partition("-")
            n = duc.SummaryName(docset, group or None, "M", "100", "A", system, None)
        line = f"{system} {metric.upper()} Eval {n.filename()} R:{v['R']:.5f} P:{v['P']:.5f} F:{v['F']:.5f}"
        lines += [line] * folds
    atomic_write_bytes(path, duc.encode("\n".join(lines) + "\n", "ROUGE output", encoding))


# --------------------------------------------------------------------------- AESOP
_AESOP_BASE = {2009: (900, "D0"), 2010: (1000, "D"), 2011: (1100, "D")}


def aesop_docset(year: int, nn: str, group: str) -> str:
    """``D<nn>`` of an AESOP table -> the TAC instance id (``D0901-A`` for 2009, nn=1)."""
    if year not in _AESOP_BASE:
        raise ParameterError("year", year, "2009, 2010 or 2011")
    base, prefix = _AESOP_BASE[year]
    return f"{prefix}{base + int(nn)}-{group}"


def read_aesop(path: PathLike, year: int, group: str, encoding: str = "latin-1") -> pd.DataFrame:
    """An AESOP ``aesop_allpeers_{A,B}`` table as a long score frame ``instance, system,
    metric, value`` (metric = the run name from the header). ``NaN`` cells make no row;
    their number is ``attrs["missing"]``."""
    if group not in ("A", "B"):
        raise ParameterError("group", group, "'A' or 'B'")
    lines = [l for l in duc.read_decoded(path, encoding).split("\n")]
    if not lines or not lines[0].split():
        raise InputFormatError(path, 1, "a header line naming the metric runs")
    header = lines[0].split()
    runs = header[2:] if len(header) > 2 and header[0].lower().startswith("p") else header
    repeated = sorted(r for r, n in Counter(runs).items() if n > 1)
    if repeated:
        raise InputFormatError(
            path, 1, "distinct metric run names in the header", found=", ".join(repeated[:5])
        )
    rows, missing, seen = [], 0, {}
    for lineno, line in enumerate(lines[1:], 2):
        cols = line.split()
        if not cols:
            continue
        if len(cols) != 2 + len(runs):
            raise InputFormatError(
                path,
                lineno,
                f"{2 + len(runs)} columns (P<summarizer> D<nn> + {len(runs)} runs)",
                found=f"{len(cols)} columns",
            )
        m1, m2 = re.fullmatch(r"P([0-9]{1,9})", cols[0]), re.fullmatch(r"D([0-9]{1,9})", cols[1])
        if not m1 or not m2:
            raise InputFormatError(
                path,
                lineno,
                "P<summarizer, 1-9 digits> D<docset, 1-9 digits>",
                found=" ".join(cols[:2])[:80],
            )
        inst = aesop_docset(year, m2.group(1), group)
        key = (inst, m1.group(1))
        if key in seen:  # a second row would silently overwrite (or double) the first's scores
            raise InputFormatError(
                path,
                lineno,
                f"one row per peer and docset (P{m1.group(1)} D{m2.group(1)} "
                f"is also on line {seen[key]})",
                found=line.strip(),
            )
        seen[key] = lineno
        for run, tok in zip(runs, cols[2:]):
            if tok.lower() == "nan":
                missing += 1
                continue
            v = parse_number(tok, path, lineno, f"run {run} (or NaN)")
            rows.append((inst, m1.group(1), run, v))
    df = pd.DataFrame(rows, columns=["instance", "system", "metric", "value"])
    df.attrs["missing"] = missing
    return df


def write_aesop(
    path: PathLike, scores: pd.DataFrame, year: int, runs: Optional[Sequence[str]] = None
) -> None:
    """Write ``instance, system, metric, value`` rows as an AESOP table (``NaN`` where a
    (summary, run) has no score)."""
    base, prefix = _AESOP_BASE[year]
    runs = list(runs) if runs is not None else list(dict.fromkeys(scores["metric"]))
    table = scores.pivot_table(
        index=["instance", "system"], columns="metric", values="value", aggfunc="first", sort=False
    )
    lines = ["Peer Docset " + " ".join(runs)]
    for (inst, system), row in table.iterrows():
        m = re.fullmatch(rf"{prefix}(\d+)-[AB]", inst)
        if not m or not is_uint(str(system)):
            raise ParameterError(
                "scores",
                (inst, system),
                f"TAC {year} instances like {prefix}{base + 1}-A and numeric peers",
            )
        nn = int(m.group(1)) - base
        vals = [
            "NaN" if r not in row.index or pd.isna(row[r]) else repr(float(row[r])) for r in runs
        ]
        lines.append(f"P{system} D{nn:02d} " + " ".join(vals))
    atomic_write_bytes(path, ("\n".join(lines) + "\n").encode("ascii"))


# --------------------------------------------------------------------------- corpus
def write_guided(corpus: SummarizationCorpus, root: Path, layout: Layout) -> None:
    """Topic categories and SCU aspects (guided summarization), when the corpus has them."""
    inst = corpus.instances
    if "category" not in inst.columns or inst["category"].isna().all():
        return
    by_docset = dict(zip(inst["docset"], inst["category"]))
    assessors = dict(zip(inst["docset"], inst["selector"])) if "selector" in inst.columns else None
    tac_guided.write_topics(root / layout.topics, by_docset, assessors)
    if "aspects" in corpus.scus.columns and len(corpus.scus):
        tac_guided.write_scu_aspects(
            root / layout.scu_aspects, corpus.scus, dict(zip(inst["instance"], inst["category"]))
        )


def _update_links(instances: pd.DataFrame) -> pd.DataFrame:
    inst = set(instances["instance"])
    upd = []
    for i in instances["instance"]:
        m = re.match(r"^(.*)-B$", i)
        upd.append(f"{m.group(1)}-A" if m and f"{m.group(1)}-A" in inst else None)
    out = instances.copy()
    out["update_of"] = upd
    return out


def read_corpus(
    root: PathLike,
    year: int,
    encoding: str = "latin-1",
    skip_bad: bool = False,
    pyramids: bool = True,
    rouge: bool = False,
    name: Optional[str] = None,
) -> SummarizationCorpus:
    """Read a TAC eval directory (``UpdateSumm08_eval`` ...) into a corpus: summaries,
    manual judgments, and (when present) pyramids and peer annotations; with ``rouge``
    the ROUGE/BE outputs become judgments named ``rouge-2_R`` etc. (``_jk`` for the
    jackknifed averages). Absent optional files are listed in ``meta["files_missing"]``.
    """
    if year not in LAYOUTS:
        raise ParameterError("year", year, f"one of {sorted(LAYOUTS)}")
    layout = LAYOUTS[year]
    root = Path(root)
    instances, summarizers, summaries, skipped = duc.read_summaries(
        [root / layout.models, root / layout.peers], encoding, skip_bad
    )
    instances = _update_links(instances)
    index = InstanceIndex(instances)
    pairs = set(zip(summaries["instance"], summaries["summarizer"]))
    types = dict(zip(summarizers["summarizer"], summarizers["type"]))
    judgments, missing_files, counts = [], [], {"summary files": skipped}
    for tables, want in ((layout.peer_tables, "peer"), (layout.model_tables, "model")):
        for key, rel in tables:
            path = root / rel
            if not path.is_file():
                missing_files.append(rel)
                continue
            df = read_table(
                path,
                TABLES[key],
                index=index,
                summaries=pairs,
                encoding=encoding,
                skip_bad=skip_bad,
            )
            wrong = df[df["summarizer"].map(types) != want]
            if len(wrong):
                raise InputFormatError(
                    path, None, f"{want} summarizers only", found=str(wrong["summarizer"].iat[0])
                )
            counts[rel] = df.attrs["skipped"]
            judgments.append(df)
    if rouge:
        for label, rel, jk in layout.rouge:
            path = root / rel
            if not path.is_file():
                missing_files.append(rel)
                continue
            df = read_rouge_output(path, jackknife=jk, encoding=encoding)
            judgments.append(
                pd.DataFrame(
                    {
                        "instance": df["instance"],
                        "summarizer": df["system"],
                        "judgment": df["metric"]
                        + "_"
                        + df["measure"]
                        + ("_jk" if jk else "")
                        + ("" if label.startswith("rouge") else "_be"),
                        "value": df["value"],
                    }
                )
            )
    tables: Dict[str, pd.DataFrame] = {}
    if pyramids and (root / layout.pyramids).is_dir():
        scus, contribs, peer_scus = [], [], []
        for path in sorted((root / layout.pyramids).iterdir()):
            if path.is_file() and not path.name.startswith("."):
                p = pyramid.read_pyramid(path, skip_bad=skip_bad)
                if p.instance not in set(instances["instance"]):
                    raise InputFormatError(
                        path, None, "a pyramid for an instance with summaries", found=p.instance
                    )
                scus.append(p.scus)
                contribs.append(p.contributors)
        known = pd.concat(scus, ignore_index=True) if scus else None
        ann_dir = root / layout.peer_annotations
        if ann_dir.is_dir() and known is not None:
            scus_of = {i: set(g) for i, g in known.groupby("instance", sort=False)["scu"]}
            peer_contribs = []  # rows of all annotations: one table, not one per file
            for path in sorted(ann_dir.iterdir()):
                if path.is_file() and not path.name.startswith("."):
                    inst, peer, _, rows, c_rows, _ = pyramid.peer_annotation_rows(path)
                    if (inst, peer) not in pairs or types.get(peer) != "peer":
                        raise InputFormatError(
                            path,
                            None,
                            "a peer annotation of a peer summary in the corpus",
                            found=f"instance {inst} summarizer {peer}",
                        )
                    bad = {r[2] for r in rows} - scus_of.get(inst, set())
                    if bad:
                        raise InputFormatError(
                            path,
                            None,
                            "peer SCUs that exist in the instance's pyramid",
                            found=", ".join(sorted(bad)[:5]),
                        )
                    peer_scus.extend(rows)
                    peer_contribs.extend(c_rows)
            if peer_contribs:
                contribs.append(
                    pd.DataFrame(peer_contribs, columns=list(pyramid.CONTRIBUTOR_COLUMNS))
                )
        if known is not None:
            tables["scus"] = known
            tables["scu_contributors"] = pd.concat(contribs, ignore_index=True)
        if peer_scus:
            tables["peer_scus"] = pd.DataFrame(peer_scus, columns=list(pyramid.PEER_SCU_COLUMNS))
    if (root / layout.topics).is_file():
        topics = tac_guided.read_topics(root / layout.topics)
        aspects = None
        if (root / layout.scu_aspects).is_file() and "scus" in tables:
            cats = dict(
                zip(
                    instances["instance"],
                    instances["docset"].map(dict(zip(topics["docset"], topics["category"]))),
                )
            )
            aspects = tac_guided.read_scu_aspects(root / layout.scu_aspects, cats)
        instances, scus_with = tac_guided.attach(instances, tables.get("scus"), topics, aspects)
        if scus_with is not None:
            tables["scus"] = scus_with
    corpus = SummarizationCorpus(
        name=name or f"tac{year}",
        instances=instances,
        summarizers=summarizers,
        summaries=summaries,
        judgments=pd.concat(judgments, ignore_index=True) if judgments else None,
        meta={
            "year": year,
            "source": str(root),
            "encoding": encoding,
            "files_missing": missing_files,
            "skipped": counts,
        },
        **tables,
    )
    return corpus.validate()


def write_corpus(
    corpus: SummarizationCorpus, root: PathLike, year: int, encoding: str = "latin-1"
) -> Path:
    """Write ``corpus`` as a TAC eval directory of ``year`` (inverse of :func:`read_corpus`
    without ``rouge``): summaries, manual tables split by summarizer type (and by update
    group from 2009), pyramids and peer annotations when the corpus has SCUs."""
    if year not in LAYOUTS:
        raise ParameterError("year", year, f"one of {sorted(LAYOUTS)}")
    layout = LAYOUTS[year]
    root = Path(root)
    duc.write_summaries(corpus, root / layout.peers, root / layout.models, encoding=encoding)
    types = dict(zip(corpus.summarizers["summarizer"], corpus.summarizers["type"]))
    j = corpus.judgments
    j_type = j["summarizer"].map(types)
    written = pd.Series(False, index=j.index)
    for tables, want in ((layout.peer_tables, "peer"), (layout.model_tables, "model")):
        for key, rel in tables:
            spec = TABLES[key]
            mask = (j_type == want) & j["judgment"].isin(spec.widths[spec.max_width])
            if rel[-2:] in (".A", ".B"):
                mask &= j["instance"].str.endswith("-" + rel[-1])
            written |= mask
            if mask.any():
                write_table(root / rel, spec, j[mask], corpus.instances, encoding)
    if not written.all():
        left = j.loc[~written, "judgment"].unique().tolist()
        raise ParameterError(
            "corpus", left[:5], f"judgments that the TAC {year} manual tables can hold"
        )
    write_guided(corpus, root, layout)
    if len(corpus.scus):
        for inst in corpus.scus["instance"].unique():
            # The pyramid writers filter the corpus they are given by instance; handing them
            # this instance's slice keeps the whole write linear in the corpus size.
            part = corpus.subset(instances=[inst])

            def name_of(i, m, part=part):
                return duc.name_of(part, i, m).filename()

            pyramid.write_pyramid(
                root / layout.pyramids / f"{inst}.pyr", part, inst, name_of=name_of
            )
            for peer in part.peers(inst):
                fname = duc.name_of(part, inst, peer).filename()
                pyramid.write_peer_annotation(
                    root / layout.peer_annotations / fname, part, inst, peer
                )
    return root
