"""The evalkit data model (SPEC 2.1): one tidy, pandas-based model for both fields.

Every loader (DUC, TAC, NIST/TIDES, WMT, the public sets, the simulated sample corpora)
returns one of the two corpus classes below, and every notebook consumes them.

* :class:`SummarizationCorpus` -- instances (topics / document sets), optional source
  documents, summarizers with a type (``"peer"`` system or ``"model"`` human reference),
  summaries as tuples of sentences, judgments in long form, and pyramids (SCUs with
  weights, their contributors with character offsets, and SCUs found in peer summaries).
* :class:`MTCorpus` -- source segments, references, system outputs, judgments in long
  form and pairwise preferences (WMT daRR style).

Metric scores are long data frames too; :func:`scores_frame` builds and validates one
(columns ``instance`` or ``document, segment``, then ``system, metric``, optional variant
columns, ``value``).

Conventions
-----------
* Identifiers are strings everywhere (``"d30001t"``, ``"D0801-A"``, ``"A"``, ``"17"``),
  as the corpus spells them; only MT segment numbers are integers (1-based, as in NIST
  SGML ``<seg id=...>``).
* String columns use pandas' ``str`` dtype; missing text is NA. Sentences are tuples of
  strings (the empty tuple for a blank summary). Judgment and weight values are floats.
* Tables are plain :class:`pandas.DataFrame` objects with a fresh ``RangeIndex``; the
  constructor checks required columns and coerces dtypes, :meth:`validate` checks keys,
  cross-references and emptiness and raises :class:`CorpusValidationError` (an
  :class:`~evalkit.errors.EvalkitError`) whose message names table, column and offending
  values.
* ``save(dir)`` / ``load(dir)`` is a lossless round trip: one JSON Lines file per table
  (one JSON array per row, column kinds recorded in ``meta.json``) so tuples, NA, ints and
  floats (written with Python's shortest round-tripping ``repr``) come back exactly; every
  file is written atomically.

Example
-------
>>> import pandas as pd
>>> c = SummarizationCorpus(
...     name="toy",
...     instances=pd.DataFrame({"instance": ["d1"]}),
...     summarizers=pd.DataFrame({"summarizer": ["A", "1"], "type": ["model", "peer"]}),
...     summaries=pd.DataFrame({"instance": ["d1", "d1"], "summarizer": ["A", "1"],
...                             "sentences": [("A cat sat.",), ()]}),
...     judgments=pd.DataFrame({"instance": ["d1"], "summarizer": ["1"],
...                             "judgment": ["coverage"], "value": [0.4]}))
>>> c.validate().peers("d1")
['1']
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Dict, Iterable, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np
import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.errors import EvalkitError, InputFormatError, ParameterError, PathLike


__all__ = [
    "CorpusValidationError",
    "SummarizationCorpus",
    "MTCorpus",
    "load_corpus",
    "SCORE_COLUMNS",
    "SCORE_UNIT_COLUMNS",
    "scores_frame",
    "SUMMARIZER_TYPES",
    "FORMAT_NAME",
    "FORMAT_VERSION",
]

FORMAT_NAME = "evalkit-corpus"
FORMAT_VERSION = 1
SUMMARIZER_TYPES = ("peer", "model")

#: Columns every metric-score frame has (after its unit columns and before ``value``).
SCORE_COLUMNS: Tuple[str, ...] = ("system", "metric", "value")
#: The unit columns a score frame starts with, by unit of scoring.
SCORE_UNIT_COLUMNS: Dict[str, Tuple[str, ...]] = {
    "summarization": ("instance",),
    "mt": ("document", "segment"),
    "system": (),
}


class CorpusValidationError(EvalkitError, ValueError):
    """A corpus (or score frame) breaks the data-model contract.

    The message names the table, the column(s) and up to five offending values.
    """


# --------------------------------------------------------------------------- column kinds
# kind -> how the column is held in memory and written to JSON Lines:
#   str   pandas "str" dtype, JSON string or null
#   int   int64, no NA, JSON integer
#   Int   nullable Int64, JSON integer or null
#   float float64 (NaN = NA), JSON number or null
#   bool  bool, JSON true/false
#   tuple object column of tuples of str, JSON array of strings
#   json  object column of JSON-native values (extra columns only)
_STR_DTYPE = pd.StringDtype(na_value=np.nan)


@dataclass(frozen=True)
class _Col:
    kind: str
    nullable: bool = False


@dataclass(frozen=True)
class _TableSpec:
    required: Mapping[str, _Col]
    optional: Mapping[str, _Col] = field(default_factory=dict)
    key: Tuple[str, ...] = ()
    key_optional: Tuple[str, ...] = ()  # optional columns that join the key when present

    def columns(self) -> Dict[str, _Col]:
        return {**self.required, **self.optional}


_ID = _Col("str")
_TEXT_NA = _Col("str", nullable=True)

_SUMM_TABLES: Dict[str, _TableSpec] = {
    "instances": _TableSpec(
        {"instance": _ID},
        {
            "title": _TEXT_NA,
            "narrative": _TEXT_NA,
            "docset": _TEXT_NA,
            "update_of": _TEXT_NA,
            "category": _TEXT_NA,
        },
        key=("instance",),
    ),
    "documents": _TableSpec(
        {"instance": _ID, "document": _ID, "sentences": _Col("tuple")},
        key=("instance", "document"),
    ),
    "summarizers": _TableSpec({"summarizer": _ID, "type": _ID}, key=("summarizer",)),
    "summaries": _TableSpec(
        {"instance": _ID, "summarizer": _ID, "sentences": _Col("tuple")},
        key=("instance", "summarizer"),
    ),
    "judgments": _TableSpec(
        {"instance": _ID, "summarizer": _ID, "judgment": _ID, "value": _Col("float")},
        {"assessor": _TEXT_NA},
        key=("instance", "summarizer", "judgment"),
        key_optional=("assessor",),
    ),
    "scus": _TableSpec(
        {"instance": _ID, "scu": _ID, "label": _TEXT_NA, "weight": _Col("float")},
        {"aspects": _Col("tuple")},
        key=("instance", "scu"),
    ),
    "scu_contributors": _TableSpec(
        {
            "instance": _ID,
            "scu": _ID,
            "summarizer": _ID,
            "contributor": _TEXT_NA,
            "start": _Col("Int", nullable=True),
            "end": _Col("Int", nullable=True),
        },
        # A contributor may consist of several parts: the whole row is the key.
        key=("instance", "scu", "summarizer", "contributor", "start", "end"),
    ),
    "peer_scus": _TableSpec(
        {"instance": _ID, "summarizer": _ID, "scu": _ID},
        key=("instance", "summarizer", "scu"),
    ),
}

_MT_TABLES: Dict[str, _TableSpec] = {
    "segments": _TableSpec(
        {"document": _ID, "segment": _Col("int"), "source": _TEXT_NA},
        key=("document", "segment"),
    ),
    "references": _TableSpec(
        {"document": _ID, "segment": _Col("int"), "reference": _ID, "text": _Col("str")},
        key=("document", "segment", "reference"),
    ),
    "outputs": _TableSpec(
        {"document": _ID, "segment": _Col("int"), "system": _ID, "text": _Col("str")},
        key=("document", "segment", "system"),
    ),
    "judgments": _TableSpec(
        {
            "document": _ID,
            "segment": _Col("int"),
            "system": _ID,
            "judgment": _ID,
            "value": _Col("float"),
        },
        {"judge": _TEXT_NA},
        key=("document", "segment", "system", "judgment"),
        key_optional=("judge",),
    ),
    # Repeated preferences are legitimate (several assessments of the same pair): no key.
    "preferences": _TableSpec(
        {"document": _ID, "segment": _Col("int"), "better": _ID, "worse": _ID},
    ),
}


def _show(values: Iterable[Any], limit: int = 5) -> str:
    vals = list(values)
    shown = ", ".join(repr(v) for v in vals[:limit])
    if len(vals) > limit:
        shown += f", ... ({len(vals)} in all)"
    return shown


def _is_na(value: Any) -> bool:
    if value is None or value is pd.NA:
        return True
    return isinstance(value, float) and math.isnan(value)


def _empty_column(col: _Col) -> pd.Series:
    if col.kind == "str":
        return pd.Series([], dtype=_STR_DTYPE)
    if col.kind == "int":
        return pd.Series([], dtype="int64")
    if col.kind == "Int":
        return pd.Series([], dtype="Int64")
    if col.kind == "float":
        return pd.Series([], dtype="float64")
    if col.kind == "bool":
        return pd.Series([], dtype="bool")
    return pd.Series([], dtype=object)


def _coerce_column(series: pd.Series, col: _Col, where: str) -> pd.Series:
    """Return ``series`` in the in-memory form of ``col``; raise on wrong types."""
    kind = col.kind
    values = series.tolist()
    na = [i for i, v in enumerate(values) if _is_na(v)] if kind not in ("tuple", "bool") else []
    if na and not col.nullable:
        raise CorpusValidationError(
            f"{where}: missing values (NA) are not allowed; rows {_show(na)}"
        )
    if kind == "str":
        if isinstance(series.dtype, pd.StringDtype) and series.dtype.na_value is np.nan:
            return series.reset_index(drop=True)
        bad = [v for v in values if not _is_na(v) and not isinstance(v, str)]
        if bad:
            raise CorpusValidationError(
                f"{where}: expected strings (ids are strings everywhere), found {_show(bad)}"
            )
        return pd.Series(values, dtype=_STR_DTYPE)
    if kind in ("int", "Int"):
        if kind == "int" and series.dtype == np.int64:
            return series.reset_index(drop=True)
        # Integral floats are accepted: pandas turns [0, None] into a float column.
        bad = [
            v
            for v in values
            if not _is_na(v)
            and (
                isinstance(v, (bool, np.bool_))
                or not (
                    isinstance(v, (int, np.integer))
                    or (isinstance(v, (float, np.floating)) and float(v).is_integer())
                )
            )
        ]
        if bad:
            raise CorpusValidationError(f"{where}: expected integers, found {_show(bad)}")
        if kind == "int":
            return pd.Series([int(v) for v in values], dtype="int64")
        return pd.Series([None if _is_na(v) else int(v) for v in values], dtype="Int64")
    if kind == "float":
        if series.dtype == np.float64:
            return series.reset_index(drop=True)
        bad = [
            v
            for v in values
            if not _is_na(v)
            and (
                isinstance(v, (bool, np.bool_))
                or not isinstance(v, (int, float, np.integer, np.floating))
            )
        ]
        if bad:
            raise CorpusValidationError(f"{where}: expected numbers, found {_show(bad)}")
        return pd.Series([np.nan if _is_na(v) else float(v) for v in values], dtype="float64")
    if kind == "bool":
        bad = [v for v in values if not isinstance(v, (bool, np.bool_))]
        if bad:
            raise CorpusValidationError(f"{where}: expected booleans, found {_show(bad)}")
        return pd.Series([bool(v) for v in values], dtype="bool")
    if kind == "tuple":
        out = []
        for i, v in enumerate(values):
            if isinstance(v, (tuple, list)) and all(isinstance(s, str) for s in v):
                out.append(tuple(v))
            else:
                raise CorpusValidationError(
                    f"{where}: expected a tuple of strings (sentences) in row {i}, found {v!r:.120}"
                )
        result = pd.Series([None] * len(out), dtype=object)
        for i, v in enumerate(out):  # element-wise so pandas keeps tuples intact
            result.iat[i] = v
        return result
    if kind == "json":
        return series.reset_index(drop=True).astype(object)
    raise AssertionError(f"unknown column kind {kind!r}")  # pragma: no cover


def _infer_kind(series: pd.Series, where: str) -> _Col:
    """The kind of an extra (non-contract) column, from its dtype and values."""
    dtype = series.dtype
    if isinstance(dtype, pd.StringDtype):
        return _Col("str", nullable=True)
    if dtype == np.bool_:
        return _Col("bool")
    if isinstance(dtype, pd.Int64Dtype):
        return _Col("Int", nullable=True)
    if np.issubdtype(dtype, np.integer) if isinstance(dtype, np.dtype) else False:
        return _Col("int")
    if np.issubdtype(dtype, np.floating) if isinstance(dtype, np.dtype) else False:
        return _Col("float", nullable=True)
    if dtype == object:
        present = [v for v in series.tolist() if not _is_na(v)]
        if present and all(isinstance(v, str) for v in present):
            return _Col("str", nullable=True)
        if (
            present
            and len(present) == len(series)
            and all(isinstance(v, tuple) and all(isinstance(s, str) for s in v) for v in present)
        ):
            return _Col("tuple")
        return _Col("json", nullable=True)
    raise CorpusValidationError(
        f"{where}: dtype {dtype} cannot be stored in a corpus; use str, int, float, bool, "
        "tuples of str or JSON values"
    )


def _normalize_table(
    kind_name: str, table: str, spec: _TableSpec, df: Optional[pd.DataFrame]
) -> pd.DataFrame:
    """Check the required columns of one table and coerce every column to its kind."""
    if df is None:
        return pd.DataFrame({c: _empty_column(col) for c, col in spec.required.items()})
    if not isinstance(df, pd.DataFrame):
        raise CorpusValidationError(
            f"{kind_name}.{table}: expected a pandas DataFrame, found {type(df).__name__}"
        )
    missing = [c for c in spec.required if c not in df.columns]
    if missing:
        raise CorpusValidationError(
            f"{kind_name}.{table}: missing required column(s) {_show(missing)}; "
            f"required: {list(spec.required)}"
        )
    dup_cols = df.columns[df.columns.duplicated()].tolist()
    if dup_cols:
        raise CorpusValidationError(
            f"{kind_name}.{table}: duplicate column names {_show(dup_cols)}"
        )
    bad_names = [c for c in df.columns if not isinstance(c, str)]
    if bad_names:
        raise CorpusValidationError(
            f"{kind_name}.{table}: column names must be strings, found {_show(bad_names)}"
        )
    known = spec.columns()
    out: Dict[str, pd.Series] = {}
    for name in df.columns:
        where = f"{kind_name}.{table}.{name}"
        col = known.get(name) or _infer_kind(df[name], where)
        out[name] = _coerce_column(df[name], col, where)
    result = pd.DataFrame(out, index=pd.RangeIndex(len(df)))
    # Contract columns first, in contract order; extra columns keep their order after.
    order = [c for c in known if c in result.columns] + [
        c for c in result.columns if c not in known
    ]
    return result[order]


def _column_kinds(df: pd.DataFrame, spec: _TableSpec, where: str) -> List[List[str]]:
    known = spec.columns()
    kinds = []
    for name in df.columns:
        col = known.get(name) or _infer_kind(df[name], f"{where}.{name}")
        kinds.append([name, col.kind])
    return kinds


def _check_key(df: pd.DataFrame, spec: _TableSpec, where: str) -> None:
    key = list(spec.key) + [c for c in spec.key_optional if c in df.columns]
    if not key or df.empty:
        return
    dup = df.duplicated(subset=key, keep=False)
    if dup.any():
        rows = df.loc[dup, key].drop_duplicates().head(5)
        shown = "; ".join(
            "(" + ", ".join(f"{k}={v!r}" for k, v in zip(key, r)) + ")"
            for r in rows.itertuples(index=False)
        )
        raise CorpusValidationError(
            f"{where}: duplicate key {tuple(key)}: {int(dup.sum())} rows share a key, e.g. {shown}"
        )


def _check_subset(
    df: pd.DataFrame, cols: Sequence[str], ref: pd.DataFrame, ref_cols: Sequence[str], what: str
) -> None:
    """Every (non-NA) combination of ``df[cols]`` must occur in ``ref[ref_cols]``."""
    if df.empty:
        return
    left = df[list(cols)].dropna()
    if left.empty:
        return
    known = set(ref[list(ref_cols)].itertuples(index=False, name=None))
    missing = [t for t in dict.fromkeys(left.itertuples(index=False, name=None)) if t not in known]
    if missing:
        shown = _show([t[0] if len(t) == 1 else t for t in missing])
        raise CorpusValidationError(f"{what}: {shown}")


def _check_finite(df: pd.DataFrame, column: str, where: str) -> None:
    values = df[column].to_numpy(dtype=float)
    bad = ~np.isfinite(values)
    if bad.any():
        raise CorpusValidationError(
            f"{where}.{column}: values must be finite numbers (drop a missing judgment "
            f"instead of storing NaN); rows {_show(np.flatnonzero(bad).tolist())}"
        )


def _encode_value(value: Any, kind: str) -> Any:
    if kind == "str" or kind == "Int":
        return None if _is_na(value) else (int(value) if kind == "Int" else value)
    if kind == "int":
        return int(value)
    if kind == "float":
        v = float(value)
        return None if math.isnan(v) else v
    if kind == "bool":
        return bool(value)
    if kind == "tuple":
        return list(value)
    return None if value is None else value


class _Corpus:
    """Behaviour shared by both corpus classes: normalization, save and load."""

    KIND: ClassVar[str] = ""
    TABLES: ClassVar[Dict[str, _TableSpec]] = {}

    name: str
    meta: dict

    def __post_init__(self) -> None:
        self._normalize()

    def _normalize(self) -> None:
        if not isinstance(self.name, str) or not self.name:
            raise ParameterError("name", self.name, "a non-empty string naming the corpus")
        if self.meta is None:
            self.meta = {}
        if not isinstance(self.meta, dict):
            raise ParameterError("meta", self.meta, "a dict of JSON-serializable values")
        for table, spec in self.TABLES.items():
            setattr(self, table, _normalize_table(self.KIND, table, spec, getattr(self, table)))

    def tables(self) -> Dict[str, pd.DataFrame]:
        """The tables by name, in contract order."""
        return {t: getattr(self, t) for t in self.TABLES}

    def _restricted_tables(self, keep: Mapping[str, Optional[set]]) -> Dict[str, pd.DataFrame]:
        """The tables without the rows whose value in a column of ``keep`` is not in that
        column's set (``None``: no restriction)."""
        tables = {}
        for table, df in self.tables().items():
            mask = pd.Series(True, index=df.index)
            for column, allowed in keep.items():
                if allowed is not None and column in df.columns:
                    mask &= df[column].isin(allowed)
            tables[table] = df[mask].reset_index(drop=True)
        return tables

    def judgment_names(self) -> List[str]:
        """The judgment names present, in order of first appearance."""
        return list(dict.fromkeys(self.judgments["judgment"].tolist()))

    def _judgment_rows(self, judgment: str) -> pd.DataFrame:
        rows = self.judgments[self.judgments["judgment"] == judgment]
        if rows.empty:
            raise ParameterError("judgment", judgment, f"one of {self.judgment_names()}")
        return rows

    @property
    def provenance(self):
        """The :class:`evalkit.data.provenance.Provenance` record in ``meta["provenance"]``
        (files, SHA-256, what the data stand in for), or None for a corpus not loaded
        through :func:`evalkit.data.datasets.load`."""
        from evalkit.data.provenance import provenance_of

        return provenance_of(self)

    # ----------------------------------------------------------------- persistence
    def save(self, path: PathLike) -> Path:
        """Write the corpus to directory ``path`` (created if needed); return the path.

        Layout: ``meta.json`` (format, version, kind, name, meta, column kinds, row counts)
        and one ``<table>.jsonl`` per table, one JSON array per row. Each file is written
        atomically; ``meta.json`` last, so a reader never sees tables it does not describe.
        """
        self._normalize()
        directory = Path(path)
        directory.mkdir(parents=True, exist_ok=True)
        try:
            meta_text = json.dumps(self.meta, sort_keys=True, allow_nan=False)
            if json.loads(meta_text) != self.meta:
                raise TypeError("meta does not survive a JSON round trip")
        except (TypeError, ValueError) as exc:
            raise ParameterError(
                "meta", self.meta, f"a dict of JSON-native values with string keys ({exc})"
            ) from None
        described: Dict[str, Any] = {}
        for table, spec in self.TABLES.items():
            df = getattr(self, table)
            kinds = _column_kinds(df, spec, f"{self.KIND}.{table}")
            lines = []
            encoders = [(name, kind) for name, kind in kinds]
            columns = [df[name].tolist() for name, _ in encoders]
            for row in zip(*columns) if columns else []:
                encoded = [_encode_value(v, k) for v, (_, k) in zip(row, encoders)]
                try:
                    lines.append(json.dumps(encoded, ensure_ascii=True))
                except (TypeError, ValueError) as exc:
                    raise CorpusValidationError(
                        f"{self.KIND}.{table}: a value cannot be written as JSON ({exc})"
                    ) from None
            atomic_write_text(directory / f"{table}.jsonl", "".join(l + "\n" for l in lines))
            described[table] = {"columns": kinds, "rows": len(df)}
        header = {
            "format": FORMAT_NAME,
            "version": FORMAT_VERSION,
            "kind": self.KIND,
            "name": self.name,
            "meta": self.meta,
            "tables": described,
        }
        atomic_write_text(
            directory / "meta.json", json.dumps(header, indent=1, sort_keys=True) + "\n"
        )
        return directory

    @classmethod
    def load(cls, path: PathLike):
        """Read a corpus written by :meth:`save`; raise InputFormatError on a bad file."""
        header, tables = _read_corpus_dir(path)
        if header["kind"] != cls.KIND:
            raise InputFormatError(
                Path(path) / "meta.json",
                None,
                f"a {cls.KIND} corpus",
                found=f"a {header['kind']} corpus",
            )
        return cls(name=header["name"], meta=header["meta"], **tables)

    def __repr__(self) -> str:
        sizes = ", ".join(f"{t}={len(getattr(self, t))}" for t in self.TABLES)
        return f"{type(self).__name__}(name={self.name!r}, {sizes})"


def _read_corpus_dir(path: PathLike) -> Tuple[dict, Dict[str, pd.DataFrame]]:
    directory = Path(path)
    meta_path = directory / "meta.json"
    try:
        header = json.loads(meta_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise InputFormatError(
            meta_path, None, "a corpus directory written by evalkit (meta.json)"
        ) from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise InputFormatError(meta_path, None, "valid UTF-8 JSON", found=str(exc)) from None
    if not isinstance(header, dict) or header.get("format") != FORMAT_NAME:
        raise InputFormatError(meta_path, None, f'a JSON object with "format": "{FORMAT_NAME}"')
    if header.get("version") != FORMAT_VERSION:
        raise InputFormatError(
            meta_path, None, f"format version {FORMAT_VERSION}", found=str(header.get("version"))
        )
    specs = {"summarization": _SUMM_TABLES, "mt": _MT_TABLES}.get(header.get("kind"))
    if specs is None or not isinstance(header.get("tables"), dict):
        raise InputFormatError(
            meta_path, None, 'kind "summarization" or "mt" and a "tables" object'
        )
    if not isinstance(header.get("name"), str) or not isinstance(header.get("meta"), dict):
        raise InputFormatError(meta_path, None, 'a string "name" and an object "meta"')
    tables: Dict[str, pd.DataFrame] = {}
    for table, info in header["tables"].items():
        if table not in specs:
            raise InputFormatError(meta_path, None, f"tables among {list(specs)}", found=table)
        file = directory / f"{table}.jsonl"
        try:
            kinds = [(str(n), str(k)) for n, k in info["columns"]]
            n_rows = int(info["rows"])
        except (KeyError, TypeError, ValueError):
            raise InputFormatError(
                meta_path, None, f'"columns" and "rows" for table {table}'
            ) from None
        columns: List[List[Any]] = [[] for _ in kinds]
        try:
            handle = open(file, encoding="utf-8")
        except FileNotFoundError:
            raise InputFormatError(file, None, f"the table file described by {meta_path}") from None
        with handle:
            lineno = 0
            try:
                for lineno, line in enumerate(handle, 1):
                    try:
                        row = json.loads(line)
                    except ValueError:
                        raise InputFormatError(
                            file, lineno, "a JSON array", found=line.rstrip("\n")
                        ) from None
                    if not isinstance(row, list) or len(row) != len(kinds):
                        raise InputFormatError(
                            file,
                            lineno,
                            f"a JSON array of {len(kinds)} values",
                            found=line.rstrip("\n"),
                        )
                    for i, v in enumerate(row):
                        columns[i].append(v)
            except UnicodeDecodeError as exc:
                raise InputFormatError(file, lineno + 1, "UTF-8 text", found=str(exc)) from None
        if lineno != n_rows:
            raise InputFormatError(
                file, None, f"{n_rows} rows as meta.json says", found=f"{lineno} rows"
            )
        data: Dict[str, pd.Series] = {}
        for (name, kind), values in zip(kinds, columns):
            if kind == "tuple":
                values = [tuple(v) if isinstance(v, list) else v for v in values]
            elif kind == "float":
                values = [np.nan if v is None else v for v in values]
            elif kind not in ("str", "int", "Int", "bool", "json"):
                raise InputFormatError(meta_path, None, "a known column kind", found=kind)
            col = _Col(kind, nullable=kind != "int")
            try:
                raw = pd.Series([None] * len(values), dtype=object)
                for i, v in enumerate(values):
                    raw.iat[i] = v
                data[name] = _coerce_column(raw, col, f"{file}:{name}")
            except CorpusValidationError as exc:
                raise InputFormatError(
                    file, None, f"column {name!r} of kind {kind}", found=str(exc)
                ) from None
        tables[table] = pd.DataFrame(data, index=pd.RangeIndex(n_rows))
    return header, tables


# --------------------------------------------------------------------------- summarization
@dataclass(repr=False, eq=False)
class SummarizationCorpus(_Corpus):
    """A summarization evaluation corpus (DUC, TAC, SummEval, REALSumm, samples).

    Tables (required columns first; see the module docstring for dtypes):

    ``instances``        instance [, title, narrative, docset, update_of, category]
    ``summarizers``      summarizer, type ("peer" | "model")
    ``summaries``        instance, summarizer, sentences (tuple of str; () if blank)
    ``judgments``        instance, summarizer, judgment, value [, assessor]
    ``documents``        instance, document, sentences            (optional)
    ``scus``             instance, scu, label, weight [, aspects]  (pyramids; aspects:
                         tuple of TAC 2010 aspect names, evalkit.data.tac_guided)
    ``scu_contributors`` instance, scu, summarizer, contributor, start, end
    ``peer_scus``        instance, summarizer, scu
    """

    KIND: ClassVar[str] = "summarization"
    TABLES: ClassVar[Dict[str, _TableSpec]] = _SUMM_TABLES

    name: str
    instances: Optional[pd.DataFrame] = None
    summarizers: Optional[pd.DataFrame] = None
    summaries: Optional[pd.DataFrame] = None
    judgments: Optional[pd.DataFrame] = None
    documents: Optional[pd.DataFrame] = None
    scus: Optional[pd.DataFrame] = None
    scu_contributors: Optional[pd.DataFrame] = None
    peer_scus: Optional[pd.DataFrame] = None
    meta: dict = field(default_factory=dict)

    def validate(self, require_summaries: bool = True) -> "SummarizationCorpus":
        """Check the contract; return ``self`` so calls chain. Raises CorpusValidationError.

        Checks: column types, unique keys, summarizer types, every referenced instance /
        summarizer / SCU exists, judgment and weight values are finite, the corpus is not
        empty, and -- when ``require_summaries`` and the corpus has summaries -- that every
        judged (instance, summarizer) pair has a summary.
        """
        self._normalize()
        k = self.KIND
        for table, spec in self.TABLES.items():
            _check_key(getattr(self, table), spec, f"{k}.{table}")
        if self.instances.empty:
            raise CorpusValidationError(f"{k}.instances: the corpus {self.name!r} has no instances")
        if self.summarizers.empty:
            raise CorpusValidationError(
                f"{k}.summarizers: the corpus {self.name!r} has no summarizers"
            )
        if self.summaries.empty and self.judgments.empty and self.peer_scus.empty:
            raise CorpusValidationError(
                f"{k}: the corpus {self.name!r} is empty (no summaries, judgments or peer SCUs)"
            )
        bad_types = sorted(set(self.summarizers["type"]) - set(SUMMARIZER_TYPES))
        if bad_types:
            raise CorpusValidationError(
                f"{k}.summarizers.type: expected one of {SUMMARIZER_TYPES}, found {_show(bad_types)}"
            )
        inst, summ = self.instances, self.summarizers
        for table in (
            "summaries",
            "judgments",
            "documents",
            "scus",
            "scu_contributors",
            "peer_scus",
        ):
            _check_subset(
                getattr(self, table),
                ["instance"],
                inst,
                ["instance"],
                f"{k}.{table}: unknown instance(s)",
            )
        for table in ("summaries", "judgments", "scu_contributors", "peer_scus"):
            _check_subset(
                getattr(self, table),
                ["summarizer"],
                summ,
                ["summarizer"],
                f"{k}.{table}: unknown summarizer(s)",
            )
        if "update_of" in inst.columns:
            _check_subset(
                inst,
                ["update_of"],
                inst,
                ["instance"],
                f"{k}.instances.update_of: unknown instance(s)",
            )
        if require_summaries and not self.summaries.empty:
            _check_subset(
                self.judgments,
                ["instance", "summarizer"],
                self.summaries,
                ["instance", "summarizer"],
                f"{k}.judgments: judgment(s) for a missing summary (instance, summarizer)",
            )
        for table in ("scu_contributors", "peer_scus"):
            _check_subset(
                getattr(self, table),
                ["instance", "scu"],
                self.scus,
                ["instance", "scu"],
                f"{k}.{table}: unknown SCU(s) (instance, scu)",
            )
        _check_finite(self.judgments, "value", f"{k}.judgments")
        _check_finite(self.scus, "weight", f"{k}.scus")
        return self

    @classmethod
    def from_rows(
        cls,
        name: str,
        meta: dict,
        instances: Sequence[str],
        models: Sequence[str],
        peers: Sequence[str],
        summaries: Sequence[tuple],
        judgments: Sequence[tuple],
        documents: Sequence[tuple] = (),
        **tables: pd.DataFrame,
    ) -> "SummarizationCorpus":
        """A validated corpus from rows: ``summaries`` (instance, summarizer, sentences),
        ``judgments`` (instance, summarizer, judgment, value), ``documents`` (instance,
        document, sentences; none when empty); ``models`` and ``peers`` name the summarizers.
        """
        return cls(
            name=name,
            meta=meta,
            instances=pd.DataFrame({"instance": list(instances)}),
            documents=pd.DataFrame(documents, columns=["instance", "document", "sentences"])
            if documents
            else None,
            summarizers=pd.DataFrame(
                {
                    "summarizer": [*models, *peers],
                    "type": ["model"] * len(models) + ["peer"] * len(peers),
                }
            ),
            summaries=pd.DataFrame(summaries, columns=["instance", "summarizer", "sentences"]),
            judgments=pd.DataFrame(
                judgments, columns=["instance", "summarizer", "judgment", "value"]
            ),
            **tables,
        ).validate()

    # ----------------------------------------------------------------- convenience
    def summary(self, instance: str, summarizer: str) -> Tuple[str, ...]:
        """The sentences of one summary; raise CorpusValidationError if there is none."""
        s = self.summaries
        hit = s.loc[(s["instance"] == instance) & (s["summarizer"] == summarizer), "sentences"]
        if hit.empty:
            raise CorpusValidationError(
                f"{self.KIND}.summaries: no summary for instance {instance!r}, summarizer {summarizer!r}"
            )
        return hit.iat[0]

    def summary_text(self, instance: str, summarizer: str, sep: str = "\n") -> str:
        """One summary as text, sentences joined by ``sep`` (newline by default)."""
        return sep.join(self.summary(instance, summarizer))

    def _of_type(self, type_: str, instance: Optional[str]) -> List[str]:
        ids = self.summarizers.loc[self.summarizers["type"] == type_, "summarizer"].tolist()
        if instance is None:
            return ids
        have = set(self.summaries.loc[self.summaries["instance"] == instance, "summarizer"])
        return [i for i in ids if i in have]

    def models(self, instance: Optional[str] = None) -> List[str]:
        """Model (human reference) summarizer ids, in corpus order; with ``instance``,
        only those with a summary for it."""
        return self._of_type("model", instance)

    def peers(self, instance: Optional[str] = None) -> List[str]:
        """Peer (system) summarizer ids, in corpus order; with ``instance``, only those
        with a summary for it."""
        return self._of_type("peer", instance)

    def judgment_table(self, judgment: str) -> pd.DataFrame:
        """Instance x summarizer table of one judgment (mean over assessors)."""
        rows = self._judgment_rows(judgment)
        return rows.pivot_table(
            index="instance", columns="summarizer", values="value", aggfunc="mean", sort=False
        )

    def system_level(self, judgment: str, type: Optional[str] = None) -> pd.Series:
        """Mean of ``judgment`` per summarizer over instances (and assessors), as a Series
        indexed by summarizer id; ``type="peer"``/``"model"`` restricts the summarizers.

        Each instance counts once: assessor repeats are averaged within the instance first.
        """
        rows = self._judgment_rows(judgment)
        if type is not None:
            if type not in SUMMARIZER_TYPES:
                raise ParameterError("type", type, f"one of {SUMMARIZER_TYPES} or None")
            rows = rows[rows["summarizer"].isin(self._of_type(type, None))]
        return _mean_of_means(rows, "summarizer", ["instance"], judgment)

    def subset(
        self, instances: Optional[Iterable[str]] = None, summarizers: Optional[Iterable[str]] = None
    ) -> "SummarizationCorpus":
        """A new corpus restricted to the given instances and/or summarizers."""
        tables = self._restricted_tables(
            {"instance": _set_or_none(instances), "summarizer": _set_or_none(summarizers)}
        )
        return SummarizationCorpus(name=self.name, meta=dict(self.meta), **tables)


def _set_or_none(values: Optional[Iterable[str]]) -> Optional[set]:
    return None if values is None else set(values)


def _mean_of_means(rows: pd.DataFrame, by: str, unit: Sequence[str], name: str) -> pd.Series:
    """Mean ``value`` per ``by``, each ``unit`` counted once (its repeats averaged first)."""
    per_unit = rows.groupby([by, *unit], sort=False)["value"].mean()
    out = per_unit.groupby(level=by, sort=False).mean()
    out.name = name
    return out


# --------------------------------------------------------------------------- MT
@dataclass(repr=False, eq=False)
class MTCorpus(_Corpus):
    """An MT evaluation corpus (NIST/TIDES, WMT, samples).

    ``segments``    document, segment (int, 1-based), source (NA when unknown)
    ``references``  document, segment, reference, text
    ``outputs``     document, segment, system, text
    ``judgments``   document, segment, system, judgment, value [, judge]
    ``preferences`` document, segment, better, worse
    """

    KIND: ClassVar[str] = "mt"
    TABLES: ClassVar[Dict[str, _TableSpec]] = _MT_TABLES

    name: str
    source_language: str = ""
    target_language: str = ""
    segments: Optional[pd.DataFrame] = None
    references: Optional[pd.DataFrame] = None
    outputs: Optional[pd.DataFrame] = None
    judgments: Optional[pd.DataFrame] = None
    preferences: Optional[pd.DataFrame] = None
    meta: dict = field(default_factory=dict)

    def __post_init__(self) -> None:
        super().__post_init__()
        # The languages travel in meta.json through ``meta``; keep both views in step.
        self.source_language = self.source_language or self.meta.get("source_language", "")
        self.target_language = self.target_language or self.meta.get("target_language", "")
        for attr in ("source_language", "target_language"):
            if not isinstance(getattr(self, attr), str):
                raise ParameterError(
                    attr, getattr(self, attr), "a language code string such as 'en'"
                )
        self.meta = {
            **self.meta,
            "source_language": self.source_language,
            "target_language": self.target_language,
        }

    def validate(self) -> "MTCorpus":
        """Check the contract; return ``self``. Raises CorpusValidationError.

        Checks: types, unique keys, segment numbers >= 1, every referenced segment
        exists, judged and preferred systems have an output for the segment (when the
        corpus has outputs), ``better != worse``, finite judgment values, non-empty.
        """
        self._normalize()
        k = self.KIND
        for table, spec in self.TABLES.items():
            _check_key(getattr(self, table), spec, f"{k}.{table}")
        if self.segments.empty:
            raise CorpusValidationError(f"{k}.segments: the corpus {self.name!r} has no segments")
        for table, df in self.tables().items():
            bad = df.index[df["segment"] < 1].tolist()
            if bad:
                raise CorpusValidationError(
                    f"{k}.{table}.segment: segment numbers are 1-based; rows {_show(bad)}"
                )
        seg = self.segments
        for table in ("references", "outputs", "judgments", "preferences"):
            _check_subset(
                getattr(self, table),
                ["document", "segment"],
                seg,
                ["document", "segment"],
                f"{k}.{table}: unknown segment(s) (document, segment)",
            )
        if not self.outputs.empty:
            _check_subset(
                self.judgments,
                ["document", "segment", "system"],
                self.outputs,
                ["document", "segment", "system"],
                f"{k}.judgments: judgment(s) for a missing output (document, segment, system)",
            )
            for col in ("better", "worse"):
                _check_subset(
                    self.preferences,
                    ["document", "segment", col],
                    self.outputs,
                    ["document", "segment", "system"],
                    f"{k}.preferences.{col}: system(s) without an output for the segment",
                )
        same = self.preferences.index[
            self.preferences["better"] == self.preferences["worse"]
        ].tolist()
        if same:
            raise CorpusValidationError(f"{k}.preferences: better == worse in rows {_show(same)}")
        _check_finite(self.judgments, "value", f"{k}.judgments")
        return self

    # ----------------------------------------------------------------- convenience
    @property
    def systems(self) -> List[str]:
        """System ids in order of first appearance (outputs, then judgments, preferences)."""
        ids: List[str] = []
        ids += self.outputs["system"].tolist() + self.judgments["system"].tolist()
        ids += self.preferences["better"].tolist() + self.preferences["worse"].tolist()
        return list(dict.fromkeys(ids))

    @property
    def reference_ids(self) -> List[str]:
        return list(dict.fromkeys(self.references["reference"].tolist()))

    def segment_keys(self) -> List[Tuple[str, int]]:
        """(document, segment) pairs in corpus order."""
        return list(self.segments[["document", "segment"]].itertuples(index=False, name=None))

    def _stream(self, df: pd.DataFrame, column: str, value: str, what: str) -> List[str]:
        rows = df[df[column] == value]
        if rows.empty:
            raise ParameterError(
                column, value, f"one of {list(dict.fromkeys(df[column].tolist()))}"
            )
        by_key = dict(zip(zip(rows["document"], rows["segment"]), rows["text"]))
        missing = [key for key in self.segment_keys() if key not in by_key]
        if missing:
            raise CorpusValidationError(
                f"{self.KIND}.{what}: {column} {value!r} lacks segment(s) {_show(missing)}"
            )
        return [by_key[key] for key in self.segment_keys()]

    def system_output(self, system: str) -> List[str]:
        """The output of ``system`` for every segment, in segment order."""
        return self._stream(self.outputs, "system", system, "outputs")

    def reference_stream(self, reference: str) -> List[str]:
        """Reference ``reference`` for every segment, in segment order."""
        return self._stream(self.references, "reference", reference, "references")

    def references_for(self, document: str, segment: int) -> List[str]:
        r = self.references
        return r.loc[(r["document"] == document) & (r["segment"] == segment), "text"].tolist()

    def system_level(self, judgment: str) -> pd.Series:
        """Mean of ``judgment`` per system: judges averaged within a segment, then segments."""
        rows = self._judgment_rows(judgment)
        return _mean_of_means(rows, "system", ["document", "segment"], judgment)

    def subset(
        self, systems: Optional[Iterable[str]] = None, documents: Optional[Iterable[str]] = None
    ) -> "MTCorpus":
        """A new corpus restricted to the given systems and/or documents."""
        sys_ = _set_or_none(systems)
        tables = self._restricted_tables(
            {"document": _set_or_none(documents), "system": sys_, "better": sys_, "worse": sys_}
        )
        return MTCorpus(
            name=self.name,
            meta=dict(self.meta),
            source_language=self.source_language,
            target_language=self.target_language,
            **tables,
        )


def load_corpus(path: PathLike) -> Union[SummarizationCorpus, MTCorpus]:
    """Load a corpus directory written by ``save``, whichever kind it is."""
    header, tables = _read_corpus_dir(path)
    cls = SummarizationCorpus if header["kind"] == "summarization" else MTCorpus
    return cls(name=header["name"], meta=header["meta"], **tables)


# --------------------------------------------------------------------------- scores
def scores_frame(
    data: Union[
        pd.DataFrame, Mapping[str, Sequence[Any]], Sequence[Mapping[str, Any]], None
    ] = None,
    *,
    unit: str = "summarization",
    variants: Sequence[str] = (),
    allow_nan: bool = False,
) -> pd.DataFrame:
    """Build and validate a long metric-score frame.

    Columns, in order: the unit columns (``instance`` for ``unit="summarization"``,
    ``document, segment`` for ``"mt"``, none for ``"system"``), ``system``, ``metric``, the
    ``variants`` columns (e.g. ``stemming``, ``stopwords``; any values), ``value`` (float).
    ``data`` is a DataFrame, a dict of columns or a list of row dicts. Raises
    CorpusValidationError on missing or extra columns, wrong types, duplicate keys, or
    NaN / infinite values (unless ``allow_nan``).

    >>> scores_frame([{"instance": "d1", "system": "1", "metric": "rouge-1", "value": 0.5}])
      instance system   metric  value
    0       d1      1  rouge-1    0.5
    """
    if unit not in SCORE_UNIT_COLUMNS:
        raise ParameterError("unit", unit, f"one of {list(SCORE_UNIT_COLUMNS)}")
    variants = list(variants)
    if isinstance(data, pd.DataFrame):
        df = data.reset_index(drop=True)
    else:
        df = pd.DataFrame(data if data is not None else {})
    ids = list(SCORE_UNIT_COLUMNS[unit]) + ["system", "metric"]
    expected = ids + variants + ["value"]
    missing = [c for c in expected if c not in df.columns]
    extra = [c for c in df.columns if c not in expected]
    if missing or extra:
        raise CorpusValidationError(
            f"scores: expected columns {expected}"
            + (f"; missing {_show(missing)}" if missing else "")
            + (f"; unexpected {_show(extra)} (declare them as variants)" if extra else "")
        )
    spec = _TableSpec(
        {c: (_Col("int") if c == "segment" else _ID) for c in ids}
        | {v: _infer_kind(df[v], f"scores.{v}") for v in variants}
        | {"value": _Col("float", nullable=allow_nan)},
        key=tuple(ids + variants),
    )
    out = _normalize_table("scores", "frame", spec, df[expected])
    if not allow_nan:
        _check_finite(out, "value", "scores")
    _check_key(out, spec, "scores")
    return out
