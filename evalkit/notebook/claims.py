"""Claims against the paper: one schema for every "paper vs this run" row.

Every notebook ends with a table of claims, and every paper's internal-consistency checks
are claims too. One row per claim, always these columns:

============  ====================================================================
``claim_id``  a stable, file-name-safe id (``bleu_r``, ``table2_recomputed``)
``kind``      ``recomputed`` (derived exactly from other printed numbers: no data),
              ``reproduced`` (the paper's statement checked on this run's data), or
              ``consistency`` (the paper checked against itself)
``source``    where the paper says it (``Table 1``, ``§4.3``)
``printed``   the printed value or statement, as text; from ``data/published/`` only
``this_run``  this run's value, as text (numbers with ``digits`` decimals)
``data``      what the run used (``SummEval: expert relevance stands in for coverage``)
``verdict``   ``agrees`` | ``differs`` | ``not comparable`` | ``erratum``
``note``      why not comparable, what stands in for what, the erratum
============  ====================================================================

``agrees`` means the run supports the printed statement (the same value where the data are
the paper's own or the recomputation is exact; the same direction/decision on stand-in
data); ``not comparable`` means the printed value cannot be checked on this profile (e.g. a
DUC 2004 r against a SummEval r); ``erratum`` marks a known slip of the paper, documented in
``data/published/<paper>/README.md``.

Printed numbers are never typed in code or notebooks: :meth:`Claims.printed` reads them from
``data/published/<paper>/<table>.csv`` (a test scans paper modules and notebooks for
literals that equal published values).

>>> c = Claims("demo", data="toy")
>>> c.add("one", source="§1", printed="0.5", this_run=0.5, agrees=True)
>>> c.add("two", source="§2", printed="yes", this_run="n/a", agrees=None, note="no such data")
>>> c.frame()[["claim_id", "verdict"]].values.tolist()
[['one', 'agrees'], ['two', 'not comparable']]
"""

from __future__ import annotations

import math
import re
from typing import Any, Iterable, List, Optional

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

COLUMNS = ("claim_id", "kind", "source", "printed", "this_run", "data", "verdict", "note")
KINDS = ("recomputed", "reproduced", "consistency")
VERDICTS = ("agrees", "differs", "not comparable", "erratum")
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.:-]*$")


def fmt(value: Any, digits: int = 3) -> str:
    """A value as claims text: booleans ``yes``/``no``, floats with ``digits`` decimals
    (``<.001``-style is the caller's choice), NaN/None as ``-``, everything else ``str``."""
    if value is None:
        return "-"
    if isinstance(value, (bool, np.bool_)):
        return "yes" if value else "no"
    if isinstance(value, (float, np.floating)):
        if not math.isfinite(float(value)):
            return "-"
        return f"{float(value):.{digits}f}"
    if isinstance(value, (np.integer,)):
        return str(int(value))
    return str(value)


def verdict_of(agrees: Optional[bool]) -> str:
    """``True`` -> agrees, ``False`` -> differs, ``None`` -> not comparable."""
    if agrees is None:
        return "not comparable"
    if isinstance(agrees, (bool, np.bool_)):
        return "agrees" if agrees else "differs"
    raise ParameterError("agrees", agrees, "True, False or None")


class Claims:
    """Collects the claim rows of one notebook (or one consistency check).

    ``paper`` is the paper key (printed values are read from its published folder);
    ``data`` the default ``data`` column; ``kind`` the default kind of rows.
    """

    def __init__(self, paper: str, data: str = "", kind: str = "reproduced", digits: int = 3):
        if kind not in KINDS:
            raise ParameterError("kind", kind, f"one of {KINDS}")
        self.paper = paper
        self.data = data
        self.kind = kind
        self.digits = digits
        self.rows: List[dict] = []
        self._tables: dict = {}

    # ------------------------------------------------------------------ printed values
    def table(self, name: str, **dtypes) -> pd.DataFrame:
        """A printed table of the paper (cached)."""
        key = (name, tuple(sorted(dtypes.items())))
        if key not in self._tables:
            from evalkit.data.published import read_published

            self._tables[key] = read_published(self.paper, name, dtypes=dtypes or None)
        return self._tables[key]

    def printed(self, table: str, column: str = "value", **where) -> Any:
        """The single printed cell ``column`` of the row of ``table`` matching ``where``."""
        frame = self.table(table)
        rows = frame
        for col, value in where.items():
            if col not in rows.columns:
                raise ParameterError(
                    "where", col, f"a column of {self.paper}/{table}: {list(frame.columns)}"
                )
            rows = rows[rows[col] == value]
        if len(rows) != 1:
            raise ParameterError(
                "where",
                where,
                f"a selector matching exactly one row of {self.paper}/{table} "
                f"(matched {len(rows)})",
            )
        if column not in rows.columns:
            raise ParameterError(
                "column", column, f"a column of {self.paper}/{table}: {list(frame.columns)}"
            )
        value = rows.iloc[0][column]
        return value.item() if hasattr(value, "item") else value

    # ------------------------------------------------------------------ rows
    def add(
        self,
        claim_id: str,
        *,
        source: str,
        printed: Any,
        this_run: Any,
        agrees: Optional[bool] = None,
        verdict: Optional[str] = None,
        note: str = "",
        data: Optional[str] = None,
        kind: Optional[str] = None,
    ) -> None:
        """Add one claim; give ``agrees`` (True/False/None) or an explicit ``verdict``."""
        if not isinstance(claim_id, str) or not _ID.match(claim_id):
            raise ParameterError("claim_id", claim_id, "an id of letters, digits and _ . : -")
        if any(
            r["claim_id"] == claim_id and r["data"] == (self.data if data is None else data)
            for r in self.rows
        ):
            raise ParameterError("claim_id", claim_id, "an id not used before for the same data")
        if verdict is None:
            verdict = verdict_of(agrees)
        elif verdict not in VERDICTS:
            raise ParameterError("verdict", verdict, f"one of {VERDICTS}")
        kind = self.kind if kind is None else kind
        if kind not in KINDS:
            raise ParameterError("kind", kind, f"one of {KINDS}")
        self.rows.append(
            {
                "claim_id": claim_id,
                "kind": kind,
                "source": str(source),
                "printed": fmt(printed, self.digits),
                "this_run": fmt(this_run, self.digits),
                "data": self.data if data is None else data,
                "verdict": verdict,
                "note": note,
            }
        )

    def compare(
        self,
        claim_id: str,
        *,
        source: str,
        printed: Any,
        this_run: Any,
        tolerance: float = 0.0,
        comparable: bool = True,
        note: str = "",
        **kw,
    ) -> None:
        """Numbers or values: agrees when equal (numbers: ``|a - b| <= tolerance``);
        ``comparable=False`` records the pair as not comparable (stand-in data)."""
        agrees: Optional[bool]
        if not comparable:
            agrees = None
        elif (
            isinstance(printed, (int, float, np.number))
            and isinstance(this_run, (int, float, np.number))
            and not isinstance(printed, bool)
            and not isinstance(this_run, bool)
        ):
            agrees = bool(abs(float(printed) - float(this_run)) <= tolerance + 1e-12)
        else:
            agrees = fmt(printed, self.digits) == fmt(this_run, self.digits)
        self.add(
            claim_id,
            source=source,
            printed=printed,
            this_run=this_run,
            agrees=agrees,
            note=note,
            **kw,
        )

    def extend(self, other: "Claims") -> None:
        for row in other.rows:
            self.rows.append(dict(row))

    def frame(self) -> pd.DataFrame:
        """The claims as a data frame with exactly :data:`COLUMNS`."""
        return pd.DataFrame(self.rows, columns=list(COLUMNS))


def check_claims(frame: pd.DataFrame, name: str = "claims") -> pd.DataFrame:
    """Refuse a claims table that does not follow the schema (columns, kinds, verdicts)."""
    if not isinstance(frame, pd.DataFrame):
        raise ParameterError(
            name,
            type(frame).__name__,
            "a claims DataFrame (evalkit.notebook.claims.Claims.frame())",
        )
    if tuple(frame.columns) != COLUMNS:
        raise ParameterError(name, list(frame.columns), f"exactly the columns {list(COLUMNS)}")
    if frame.empty:
        raise ParameterError(name, "no rows", "at least one claim")
    bad = sorted(set(frame["verdict"]) - set(VERDICTS))
    if bad:
        raise ParameterError(f"{name}.verdict", bad[0], f"one of {VERDICTS}")
    bad = sorted(set(frame["kind"]) - set(KINDS))
    if bad:
        raise ParameterError(f"{name}.kind", bad[0], f"one of {KINDS}")
    dup = frame[frame.duplicated(["claim_id", "data"])]
    if len(dup):
        raise ParameterError(f"{name}.claim_id", dup["claim_id"].iloc[0], "ids unique per data set")
    return frame


def concat(frames: Iterable[pd.DataFrame]) -> pd.DataFrame:
    """Several claims tables as one (each checked)."""
    frames = [check_claims(f) for f in frames]
    return check_claims(pd.concat(frames, ignore_index=True))


def summary(frame: pd.DataFrame) -> dict:
    """Counts per kind and verdict (the reproduction scorecard of one notebook)."""
    check_claims(frame)
    out = {}
    for (kind, verdict), n in frame.groupby(["kind", "verdict"]).size().items():
        out.setdefault(kind, {})[verdict] = int(n)
    return out


__all__ = [
    "COLUMNS",
    "Claims",
    "KINDS",
    "VERDICTS",
    "check_claims",
    "concat",
    "fmt",
    "summary",
    "verdict_of",
]
