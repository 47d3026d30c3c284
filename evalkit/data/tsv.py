"""Typed tab-separated tables: the one reader/writer of evalkit's documented TSV layouts.

Format (every evalkit TSV file: the relevance task, cross-comprehension, meeting and nugget
layouts): UTF-8, one header line naming the columns in a fixed order, then one record per
line, fields separated by a single TAB, no quoting; a field may not contain TAB, CR or LF
(the writer refuses such text instead of mangling it). Lines starting with ``#`` before the
header are comments. Each column has a type: ``str`` (non-empty), ``text`` (may be empty),
``int`` (ASCII digits, >= 0), ``float`` (a finite ASCII number), ``bool01`` (0 or 1), a
tuple of allowed strings, or :func:`number` for a documented scale (``number("int", 1, 7)``
for a 1-7 rating). Numbers are ASCII only and never padded: ``١٢``, ``²``, ``1_0``,
`` 5``, ``nan``, ``inf`` and ``1e999`` are refused, as are values off their scale.

    >>> spec = {"event": "str", "document": "str", "relevant": "bool01"}
    >>> write_tsv(path, frame, spec)          # doctest: +SKIP
    >>> read_tsv(path, spec)                  # doctest: +SKIP

The reader raises :class:`~evalkit.errors.InputFormatError` naming the file, the line and
what was expected (wrong header, wrong field count, a value of the wrong type); nothing is
dropped silently. ``unique=`` lists the columns that must identify a record.
``frame.attrs["lines"]`` keeps each record's line number for checks across files
(:func:`line_of`).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Dict, Mapping, NamedTuple, Optional, Sequence, Tuple, Union

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.inputs import check_text_bytes, read_input
from evalkit.input_numbers import check_scale, describe_scale, in_scale, parse_number, parse_uint
from evalkit.errors import InputFormatError, ParameterError, PathLike


class Number(NamedTuple):
    """A numeric column on a documented scale (see :func:`number`)."""

    kind: str  # "int" or "float"
    low: Optional[float]
    high: Optional[float]

    @property
    def scale(self):
        return (self.low, self.high, self.kind == "int")


ColumnType = Union[str, Tuple[str, ...], Number]

__all__ = [
    "read_tsv",
    "write_tsv",
    "line_of",
    "check_keys",
    "read_tsv_folder",
    "folder_meta",
    "write_tsv_folder",
    "number",
]

_BAD = ("\t", "\n", "\r")


def number(kind: str, low: Optional[float] = None, high: Optional[float] = None) -> Number:
    """A column type: ``kind`` ``"int"`` or ``"float"`` between ``low`` and ``high``
    (``None``: open)."""
    if kind not in ("int", "float"):
        raise ParameterError("kind", kind, "'int' or 'float'")
    return Number(kind, low, high)


def _is_choice(kind: ColumnType) -> bool:
    return isinstance(kind, tuple) and not isinstance(kind, Number)


def _number_kind(kind: ColumnType) -> Optional[Number]:
    if isinstance(kind, Number):
        return kind
    if kind == "int":
        return Number("int", 0, None)
    if kind == "float":
        return Number("float", None, None)
    return None


def _convert(value: str, kind: ColumnType, path, line: int, column: str):
    if _is_choice(kind):
        if value not in kind:
            raise InputFormatError(
                path, line, f"column {column!r} one of {list(kind)}", found=value
            )
        return value
    if kind == "text":
        return value
    if kind == "str":
        if value == "":
            raise InputFormatError(
                path, line, f"a non-empty value in column {column!r}", found=value
            )
        return value
    if kind == "bool01":
        if value not in ("0", "1"):
            raise InputFormatError(path, line, f"0 or 1 in column {column!r}", found=value)
        return int(value)
    num = _number_kind(kind)
    if num is None:
        raise ParameterError(
            "spec", kind, "str, text, int, float, bool01, a tuple of strings or number(...)"
        )
    what = f"{describe_scale(num.scale)} in column {column!r}"
    if num.kind == "int":
        negative = value.startswith("-") and (num.low is None or num.low < 0)
        got = parse_uint(value[1:] if negative else value, path, line, what)
        got = -got if negative else got
    else:
        got = parse_number(value, path, line, what)
    return check_scale(got, num.scale, path, line, what, token=value)


def read_tsv(
    path: PathLike, spec: Mapping[str, ColumnType], unique: Sequence[str] = ()
) -> pd.DataFrame:
    """Read a typed TSV file (see the module doc); ``spec`` maps column -> type, in order."""
    path = Path(path)
    data = check_text_bytes(read_input(path, "TSV file"), path)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFormatError(
            path,
            data.count(b"\n", 0, exc.start) + 1,
            "UTF-8 text",
            found=repr(data[max(0, exc.start - 20) : exc.start + 20]),
        ) from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    columns = list(spec)
    i = 0
    while i < len(lines) and lines[i].startswith("#"):
        i += 1
    if i >= len(lines):
        raise InputFormatError(
            path, i + 1, "a header line: " + "\t".join(columns), found="end of file"
        )
    if lines[i].rstrip("\r").split("\t") != columns:
        raise InputFormatError(path, i + 1, "the header " + "\\t".join(columns), found=lines[i])
    records = []
    numbers = []
    seen: Dict[tuple, int] = {}
    for n, raw in enumerate(lines[i + 1 :], start=i + 2):
        raw = raw.rstrip("\r")
        fields = raw.split("\t")
        if len(fields) != len(columns):
            raise InputFormatError(
                path,
                n,
                f"{len(columns)} tab-separated fields ({', '.join(columns)})",
                found=f"{len(fields)} fields: {raw}",
            )
        rec = {c: _convert(v, spec[c], path, n, c) for c, v in zip(columns, fields)}
        if unique:
            key = tuple(rec[c] for c in unique)
            if key in seen:
                raise InputFormatError(
                    path,
                    n,
                    f"a unique ({', '.join(unique)}) (first seen on line {seen[key]})",
                    found=" / ".join(map(str, key)),
                )
            seen[key] = n
        records.append(rec)
        numbers.append(n)
    frame = pd.DataFrame.from_records(records, columns=columns)
    for c, kind in spec.items():
        if kind in ("str", "text") or _is_choice(kind):
            frame[c] = frame[c].astype(object)
    frame.attrs["path"] = str(path)
    frame.attrs["lines"] = numbers  # the file line of each record, for cross-file checks
    return frame


def _cell(value, kind: ColumnType, column: str) -> str:
    num = _number_kind(kind)
    if num is not None:
        x = float(value)
        if not math.isfinite(x) or not in_scale(x, num.scale):
            raise ParameterError(column, value, describe_scale(num.scale))
        return str(int(x)) if num.kind == "int" else repr(x)
    if kind == "bool01":
        if value not in (0, 1, True, False):
            raise ParameterError(column, value, "0 or 1")
        return str(int(value))
    s = "" if value is None else str(value)
    if any(b in s for b in _BAD):
        raise ParameterError(
            column, s[:60], "text without TAB, CR or LF (the TSV layout has no quoting)"
        )
    if kind == "str" and s == "":
        raise ParameterError(column, s, "a non-empty value")
    if _is_choice(kind) and s not in kind:
        raise ParameterError(column, s, f"one of {list(kind)}")
    return s


def write_tsv(
    path: PathLike,
    frame: pd.DataFrame,
    spec: Mapping[str, ColumnType],
    comment: Optional[str] = None,
) -> Path:
    """Write ``frame``'s columns of ``spec`` (in that order) atomically; returns the path."""
    missing = [c for c in spec if c not in frame.columns]
    if missing:
        raise ParameterError(
            "frame", list(frame.columns), f"columns {list(spec)} (missing {missing})"
        )
    out = []
    if comment:
        out += ["# " + line for line in comment.splitlines()]
    out.append("\t".join(spec))
    cols = [frame[c].tolist() for c in spec]
    kinds = list(spec.values())
    names = list(spec)
    for row in zip(*cols):
        out.append("\t".join(_cell(v, k, c) for v, k, c in zip(row, kinds, names)))
    return atomic_write_text(path, "\n".join(out) + "\n")


def line_of(frame: pd.DataFrame, position: int) -> Optional[int]:
    """File line of the record at ``position`` of a frame :func:`read_tsv` returned."""
    lines = frame.attrs.get("lines")
    return lines[position] if lines and position < len(lines) else None


def check_keys(frame: pd.DataFrame, columns: Sequence[str], known: set, what: str) -> None:
    """Every record's ``columns`` tuple must be in ``known``; else an error naming file and line."""
    for pos, key in enumerate(frame[list(columns)].itertuples(index=False, name=None)):
        if key not in known:
            raise InputFormatError(
                frame.attrs.get("path"), line_of(frame, pos), what, found=" / ".join(map(str, key))
            )


def read_tsv_folder(
    folder: PathLike,
    specs: Mapping[str, Mapping[str, ColumnType]],
    unique: Mapping[str, Sequence[str]],
) -> Dict[str, pd.DataFrame]:
    """Read ``<folder>/<name>.tsv`` for every table ``name`` of ``specs``."""
    folder = Path(folder)
    return {
        name: read_tsv(folder / f"{name}.tsv", spec, unique=unique.get(name, ()))
        for name, spec in specs.items()
    }


def folder_meta(
    folder: PathLike, specs: Mapping[str, Mapping[str, ColumnType]]
) -> Dict[str, object]:
    """The provenance of a folder read by :func:`read_tsv_folder`: the folder and its files."""
    folder = Path(folder)
    return {"folder": str(folder), "files": [str(folder / f"{name}.tsv") for name in specs]}


def write_tsv_folder(
    tables, folder: PathLike, specs: Mapping[str, Mapping[str, ColumnType]]
) -> list:
    """Write ``getattr(tables, name)`` to ``<folder>/<name>.tsv`` for every table of ``specs``."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [
        write_tsv(folder / f"{name}.tsv", getattr(tables, name), spec)
        for name, spec in specs.items()
    ]
