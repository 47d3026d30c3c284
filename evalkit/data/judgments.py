"""Human assessments of MT output per segment and judge, and whole NIST/TIDES evaluations.

Two table layouts are read (both give long judgments ``document, segment, system,
judgment, value, judge``):

* **evalkit CSV** (documented, written by :func:`write_assessments_csv`): UTF-8, comma
  separated, a header with ``document,segment,system,judge`` and one column per
  judgment (``adequacy``, ``fluency``, ...), one row per (segment, system, judge); an
  empty cell means "not judged" (no row; counted in ``attrs["missing"]``)::

      document,segment,system,judge,adequacy,fluency
      XIN20030101.0001,1,E09,J03,4,3

* **LDC TIDES/MTC layout** (Multiple-Translation Chinese parts 2 and 4, LDC2003T17 /
  LDC2006T04; TIDES 2003 assessments): whitespace-separated columns with a header line.
  The exact column names differ between releases and are not verified here, so the
  header is matched against aliases -- judge: ``judge``, ``judge_id``, ``assessor``,
  ``annotator``; document: ``docid``, ``doc``, ``document``, ``doc_id``; segment:
  ``segid``, ``seg``, ``segment``, ``seg_id``; system: ``sysid``, ``system``, ``sys``,
  ``sys_id``; judgments: ``adequacy``/``accuracy``/``adeq`` -> ``adequacy``,
  ``fluency``/``flu`` -> ``fluency``. Any other column is an error (never silently
  ignored); ``-`` or ``NA`` mark a missing score.

:func:`load_mt_evaluation` assembles an :class:`~evalkit.data.model.MTCorpus` from NIST
SGML/XML files (read and validated by :mod:`evalkit.data.nist_sgml`) and an assessment
table; a judgment for a segment or system without output raises InputFormatError naming
the table's file and line.
"""

from __future__ import annotations

import csv
from collections import Counter
import io
from pathlib import Path
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.inputs import check_text_bytes, read_input
from evalkit.input_numbers import (
    Scale,
    check_scale,
    check_scale_argument,
    is_uint,
    parse_number,
)
from evalkit.data.model import MTCorpus
from evalkit.errors import InputFormatError, ParameterError, PathLike


__all__ = [
    "read_assessments_csv",
    "write_assessments_csv",
    "read_ldc_assessments",
    "load_mt_evaluation",
    "mt_corpus_from_nist",
    "evaluation_spec",
    "load_evaluation_spec",
    "read_mt_evaluation",
    "write_mt_evaluation",
]

KEYS = ("document", "segment", "system", "judge")
#: The documented scales of the LDC/NIST judgments (LDC's assessment specification: 1-5;
#: fractional values are admitted, as a table may hold a judge's mean over passes);
#: other judgment columns are read without a bound.
SCALES: Dict[str, Scale] = {"adequacy": (1.0, 5.0, False), "fluency": (1.0, 5.0, False)}
_ALIASES = {
    "judge": "judge",
    "judge_id": "judge",
    "assessor": "judge",
    "annotator": "judge",
    "docid": "document",
    "doc": "document",
    "document": "document",
    "doc_id": "document",
    "segid": "segment",
    "seg": "segment",
    "segment": "segment",
    "seg_id": "segment",
    "sysid": "system",
    "system": "system",
    "sys": "system",
    "sys_id": "system",
    "adequacy": "adequacy",
    "accuracy": "adequacy",
    "adeq": "adequacy",
    "fluency": "fluency",
    "flu": "fluency",
}


def _rows_to_long(
    path: PathLike,
    header: List[str],
    rows: Iterable[Tuple[int, List[str]]],
    missing_tokens: Sequence[str],
) -> pd.DataFrame:
    judgments = [h for h in header if h not in KEYS]
    missing_keys = [k for k in KEYS if k not in header]
    if missing_keys or not judgments:
        raise InputFormatError(
            path,
            1,
            f"a header with {', '.join(KEYS)} and at least one judgment column",
            found=" ".join(header),
        )
    dup = sorted(h for h, n in Counter(header).items() if n > 1)
    if dup:
        raise InputFormatError(path, 1, "distinct column names", found=", ".join(dup))
    idx = {h: i for i, h in enumerate(header)}
    out, lines, missing, seen = [], [], 0, {}
    for lineno, cols in rows:
        if len(cols) != len(header):
            raise InputFormatError(
                path, lineno, f"{len(header)} columns like the header", found=f"{len(cols)} columns"
            )
        doc, seg, system, judge = (cols[idx[k]].strip() for k in KEYS)
        if not doc or not system or not judge:
            raise InputFormatError(path, lineno, "non-empty document, system and judge")
        if not is_uint(seg) or int(seg) < 1:
            raise InputFormatError(path, lineno, "a 1-based integer segment id", found=seg)
        key = (doc, int(seg), system, judge)
        if key in seen:
            raise InputFormatError(
                path,
                lineno,
                f"one row per (document, segment, system, judge); also line {seen[key]}",
            )
        seen[key] = lineno
        for name in judgments:
            token = cols[idx[name]].strip()
            if token in missing_tokens:
                missing += 1
                continue
            value = check_scale(
                parse_number(token, path, lineno, name), SCALES.get(name), path, lineno, name, token
            )
            out.append((doc, int(seg), system, name, value, judge))
            lines.append(lineno)
    df = pd.DataFrame(out, columns=["document", "segment", "system", "judgment", "value", "judge"])
    df.attrs.update(missing=missing, lines=lines)
    return df


def _read_text(path: PathLike, encoding: str = "utf-8") -> str:
    data = check_text_bytes(read_input(path, "assessment file"), path)
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        raise InputFormatError(
            path, data.count(b"\n", 0, exc.start) + 1, f"{encoding} text"
        ) from None


def read_assessments_csv(path: PathLike) -> pd.DataFrame:
    """Read the evalkit assessment CSV (see the module docstring)."""
    text = _read_text(path)
    try:
        rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    except csv.Error as exc:
        raise InputFormatError(path, None, "valid CSV", found=str(exc)) from None
    if not rows:
        raise InputFormatError(path, 1, "a header line")
    header = [h.strip().lower() for h in rows[0]]
    body = [(i, r) for i, r in enumerate(rows[1:], 2) if any(c.strip() for c in r)]
    return _rows_to_long(path, header, body, missing_tokens=("",))


def write_assessments_csv(path: PathLike, judgments: pd.DataFrame) -> None:
    """Write long judgments (``document, segment, system, judgment, value, judge``) as the
    evalkit CSV, one column per judgment in order of first appearance."""
    need = {"document", "segment", "system", "judgment", "value", "judge"}
    if not need <= set(judgments.columns):
        raise ParameterError("judgments", list(judgments.columns), f"columns {sorted(need)}")
    names = list(dict.fromkeys(judgments["judgment"]))
    for name, value in zip(judgments["judgment"], judgments["value"]):
        if not pd.isna(value):
            check_scale_argument(
                "judgments", (name, value), value, SCALES.get(name), f"{name} (the reader's scale)"
            )
    wide = judgments.pivot_table(
        index=list(KEYS), columns="judgment", values="value", aggfunc="first", sort=False
    )
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(list(KEYS) + names)
    for key, row in wide.iterrows():
        w.writerow(list(key) + ["" if pd.isna(row.get(n)) else repr(float(row[n])) for n in names])
    atomic_write_text(path, buf.getvalue())


def read_ldc_assessments(path: PathLike, encoding: str = "utf-8") -> pd.DataFrame:
    """Read an LDC TIDES/MTC-style whitespace table with a header (see the module docstring)."""
    lines = _read_text(path, encoding).split("\n")
    if not lines or not lines[0].split():
        raise InputFormatError(path, 1, "a header line naming the columns")
    header = []
    for name in lines[0].split():
        canon = _ALIASES.get(name.lower())
        if canon is None:
            raise InputFormatError(path, 1, f"column names among {sorted(_ALIASES)}", found=name)
        header.append(canon)
    body = [(i, l.split()) for i, l in enumerate(lines[1:], 2) if l.strip()]
    return _rows_to_long(path, header, body, missing_tokens=("-", "NA", "na"))


def mt_corpus_from_nist(
    references: Sequence[PathLike],
    systems: Sequence[PathLike],
    source: Optional[PathLike] = None,
    name: str = "nist",
) -> MTCorpus:
    """An MTCorpus from NIST SGML/XML files (several reference or system files allowed;
    each is validated against the source -- or the first reference -- like mteval)."""
    from evalkit.data import nist_sgml

    if not references or not systems:
        raise ParameterError("references/systems", (references, systems), "at least one file each")
    src = nist_sgml.read_nist(source) if source is not None else None
    refs = [nist_sgml.read_nist(p) for p in references]
    tsts = [nist_sgml.read_nist(p) for p in systems]
    for ref in refs:
        for tst in tsts:
            nist_sgml.check_mt_data(src, ref, tst)
    template = src if src is not None else refs[0]
    tdocs = (
        template.docs
        if src is not None
        else list(refs[0].by_system()[refs[0].systems()[0]].values())
    )
    segments, references_rows, outputs = [], [], []
    for d in tdocs:
        for seg in d.segments:
            segments.append((d.docid, seg.id, seg.text if src is not None else None))

    def collect(sets, rows, label):
        seen = set()
        for s in sets:
            for sysid, docs in s.by_system().items():
                if sysid in seen:
                    raise InputFormatError(
                        s.path, None, f"each {label} in one file only", found=sysid
                    )
                seen.add(sysid)
                for d in tdocs:
                    for seg in docs[d.docid].segments:
                        rows.append((d.docid, seg.id, sysid, seg.text))

    collect(refs, references_rows, "reference")
    collect(tsts, outputs, "system")
    return MTCorpus(
        name=name,
        source_language=template.srclang or "",
        target_language=refs[0].trglang or "",
        meta={
            "setid": template.setid,
            "files": [str(p) for p in [*(x for x in [source] if x), *references, *systems]],
        },
        segments=pd.DataFrame(segments, columns=["document", "segment", "source"]),
        references=pd.DataFrame(
            references_rows, columns=["document", "segment", "reference", "text"]
        ),
        outputs=pd.DataFrame(outputs, columns=["document", "segment", "system", "text"]),
    ).validate()


def load_mt_evaluation(
    references: Sequence[PathLike],
    systems: Sequence[PathLike],
    source: Optional[PathLike] = None,
    assessments: Optional[PathLike] = None,
    layout: str = "csv",
    name: str = "nist",
    skip_bad: bool = False,
) -> MTCorpus:
    """A NIST/TIDES evaluation: SGML/XML sets plus a human-assessment table (``layout``
    ``"csv"`` or ``"ldc"``). Judgments for a segment or system without output raise
    InputFormatError (file, line) unless ``skip_bad`` (count in ``meta["skipped"]``)."""
    corpus = mt_corpus_from_nist(references, systems, source, name)
    if assessments is None:
        return corpus
    if layout not in ("csv", "ldc"):
        raise ParameterError("layout", layout, "'csv' or 'ldc'")
    j = read_assessments_csv(assessments) if layout == "csv" else read_ldc_assessments(assessments)
    have = set(zip(corpus.outputs["document"], corpus.outputs["segment"], corpus.outputs["system"]))
    ok = [k in have for k in zip(j["document"], j["segment"], j["system"])]
    if not all(ok) and not skip_bad:
        first = ok.index(False)
        bad = j.iloc[first]
        raise InputFormatError(
            assessments,
            j.attrs["lines"][first],
            "a judgment of a segment and system present in the SGML files",
            found=f"document {bad['document']} segment {bad['segment']} system {bad['system']}",
        )
    skipped = len(ok) - sum(ok)
    corpus.judgments = j[ok].reset_index(drop=True)
    corpus.meta.update(
        {
            "assessments": str(assessments),
            "missing_scores": j.attrs.get("missing", 0),
            "skipped": skipped,
        }
    )
    return corpus.validate()


def evaluation_spec(mapping: object, base: PathLike, where: PathLike) -> dict:
    """Normalize an evaluation mapping (``root``, ``references``, ``systems``, ``source``,
    ``assessments``, ``layout``; paths relative to ``root``, default ``base``) into
    absolute paths. The same mapping configures licensed MT corpora."""
    if not isinstance(mapping, dict) or not mapping.get("references") or not mapping.get("systems"):
        raise InputFormatError(where, None, "a mapping with 'references' and 'systems' file lists")
    unknown = sorted(
        set(mapping) - {"root", "references", "systems", "source", "assessments", "layout", "name"}
    )
    if unknown:
        raise InputFormatError(
            where,
            None,
            "keys root, references, systems, source, assessments, layout, name",
            found=", ".join(map(str, unknown)),
        )
    # Relative paths (``root`` included) are relative to ``base``, the YAML file's folder;
    # without ``root`` the files sit in ``base`` itself (never ``base / base``).
    root = Path(base)
    if mapping.get("root") is not None:
        given = Path(str(mapping["root"])).expanduser()
        root = given if given.is_absolute() else root / given

    def resolve(p):
        return root / Path(str(p)).expanduser()

    def files(key):
        value = mapping[key]
        return [resolve(p) for p in (value if isinstance(value, list) else [value])]

    return {
        "references": files("references"),
        "systems": files("systems"),
        "source": resolve(mapping["source"]) if mapping.get("source") else None,
        "assessments": resolve(mapping["assessments"]) if mapping.get("assessments") else None,
        "layout": mapping.get("layout", "csv"),
        "name": mapping.get("name", "nist"),
    }


#: An evaluation mapping names a few files; anything much larger is not one.
MAX_EVALUATION_YAML_BYTES = 1 << 20


def read_mt_evaluation(path: PathLike, **kwargs) -> MTCorpus:
    """Load an evaluation described by a YAML mapping file (see :func:`evaluation_spec`),
    e.g. one written by :func:`write_mt_evaluation`."""
    import yaml

    data = read_input(path, "evaluation YAML file")
    if len(data) > MAX_EVALUATION_YAML_BYTES:  # PyYAML's pure-Python scanner: seconds per MB
        raise InputFormatError(
            path,
            None,
            f"an evaluation YAML file of at most {MAX_EVALUATION_YAML_BYTES} bytes",
            found=f"{len(data)} bytes",
        )
    try:
        mapping = yaml.safe_load(data.decode("utf-8"))
    except (yaml.YAMLError, UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise InputFormatError(path, None, "valid UTF-8 YAML", found=str(exc)[:120]) from None
    spec = evaluation_spec(mapping, Path(path).parent, path)
    return load_evaluation_spec(spec, name=kwargs.pop("name", spec["name"]), **kwargs)


def load_evaluation_spec(spec: Mapping, name: Optional[str], **kwargs) -> MTCorpus:
    """:func:`load_mt_evaluation` of a mapping made by :func:`evaluation_spec` (a YAML file's
    or a licensed MT corpus's), named ``name``; other keywords go to it."""
    return load_mt_evaluation(
        spec["references"],
        spec["systems"],
        source=spec["source"],
        assessments=spec["assessments"],
        layout=spec["layout"],
        name=name,
        **kwargs,
    )


def write_mt_evaluation(
    corpus: MTCorpus, directory: PathLike, setid: Optional[str] = None, format: str = "sgml"
) -> Path:
    """Write ``corpus`` as a NIST evaluation: ``source.sgm`` (when sources are known),
    ``references.sgm`` (every reference, documents repeated per ``sysid``), one
    ``system.<id>.sgm`` per system, ``assessments.csv`` (evalkit CSV) when it has
    judgments, and ``evaluation.yaml`` naming them; returns the YAML path (read it back
    with :func:`read_mt_evaluation`)."""
    import yaml

    from evalkit.data import nist_sgml

    corpus.validate()
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    ext = "xml" if format == "xml" else "sgm"
    setid = setid or corpus.name
    src, tgt = corpus.source_language or "any", corpus.target_language or "en"
    keys = corpus.segment_keys()
    docs_order = list(dict.fromkeys(d for d, _ in keys))

    def build(kind, table, id_col, ids):
        nset = nist_sgml.NistSet(kind, setid, src, None if kind == "srcset" else tgt)
        for sysid in ids:
            rows = table if id_col is None else table[table[id_col] == sysid]
            text = dict(
                zip(
                    zip(rows["document"], rows["segment"]),
                    rows["source" if id_col is None else "text"],
                )
            )
            for docid in docs_order:
                segs = [nist_sgml.Segment(seg, text[(docid, seg)]) for d, seg in keys if d == docid]
                nset.docs.append(nist_sgml.Document(docid, sysid, segs))
        return nset

    mapping: dict = {"name": corpus.name, "layout": "csv"}
    if corpus.segments["source"].notna().all():
        nist_sgml.write_nist(
            build("srcset", corpus.segments, None, [None]), directory / f"source.{ext}", format
        )
        mapping["source"] = f"source.{ext}"
    nist_sgml.write_nist(
        build("refset", corpus.references, "reference", corpus.reference_ids),
        directory / f"references.{ext}",
        format,
    )
    mapping["references"] = [f"references.{ext}"]
    mapping["systems"] = []
    for system in dict.fromkeys(corpus.outputs["system"]):
        name = f"system.{system}.{ext}"
        nist_sgml.write_nist(
            build("tstset", corpus.outputs, "system", [system]), directory / name, format
        )
        mapping["systems"].append(name)
    if len(corpus.judgments):
        j = corpus.judgments.copy()
        if "judge" not in j.columns:
            j["judge"] = "-"
        write_assessments_csv(directory / "assessments.csv", j.fillna({"judge": "-"}))
        mapping["assessments"] = "assessments.csv"
    atomic_write_text(directory / "evaluation.yaml", yaml.safe_dump(mapping, sort_keys=False))
    return directory / "evaluation.yaml"
