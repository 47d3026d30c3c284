"""Paper-vs-run rows for printed tables: one row per printed number, matched to this run's cell.

Columns (the claims schema of the paper layer): ``claim_id, source, printed, this_run, data,
verdict, note``; ``verdict`` is ``agrees`` / ``differs`` (|printed - this run| <= tolerance)
only when ``comparable`` (the paper's own data), else ``not comparable``. Printed values come
from ``data/published/<paper>/`` through :func:`evalkit.data.published.read_published`.
"""
from __future__ import annotations

from typing import Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published

__all__ = ["CLAIM_COLUMNS", "verdict", "compare_printed", "not_reproduced"]

CLAIM_COLUMNS = ["claim_id", "source", "printed", "this_run", "data", "verdict", "note"]


def verdict(printed: float, this: float, comparable: bool, tolerance: float) -> Tuple[str, str]:
    """(verdict, note) for one number."""
    if not comparable:
        return "not comparable", "different data (stand-in)"
    if this != this or printed != printed:  # NaN
        return "not comparable", "not computed on this run"
    return ("agrees" if abs(printed - this) <= tolerance else "differs"), f"tolerance {tolerance}"


def compare_printed(paper: str, table: str, ours: Optional[pd.DataFrame], keys: Sequence[str], data: str,
                    comparable: bool, tolerance: float, value: str = "value",
                    ours_value: Optional[str] = None) -> pd.DataFrame:
    """Every printed ``value`` of ``table`` (cells identified by ``keys``) beside ``ours``
    (None or empty: nothing computed; ``ours_value`` names its value column, default ``value``)."""
    printed = read_published(paper, table)
    col = ours_value or value
    mine = ours.set_index(list(keys))[col] if ours is not None and len(ours) else None
    rows = []
    for r in printed.itertuples(index=False):
        key = tuple(getattr(r, k) for k in keys)
        this = float(mine.get(key if len(key) > 1 else key[0], np.nan)) if mine is not None else float("nan")
        p = float(getattr(r, value))
        rows.append((f"{table}:" + ":".join(map(str, key)) + ("" if value == "value" else f":{value}"),
                     f"{table} ({', '.join(map(str, key))}){'' if value == 'value' else ' ' + value}", p, this, data,
                     *verdict(p, this, comparable, tolerance)))
    return pd.DataFrame(rows, columns=CLAIM_COLUMNS)


def not_reproduced(paper: str, tables: Sequence[str], data: str, reason: str) -> pd.DataFrame:
    """One row per printed table that this profile cannot compute, with the reason."""
    rows = [(f"{t}", f"{paper} {t}", float("nan"), float("nan"), data, "not comparable", reason) for t in tables]
    return pd.DataFrame(rows, columns=CLAIM_COLUMNS)
