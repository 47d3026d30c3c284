"""Paper-vs-run claims for whole printed tables: one claim per printed number, matched to this
run's cell (:class:`evalkit.notebook.claims.Claims` rows).

A printed cell is compared (``|printed - this run| <= tolerance``) only when ``comparable``
(the paper's own data) and this run computed the cell; otherwise the claim is *not
comparable* with the reason in its note. Printed values come from ``data/published/<paper>/``
(:meth:`Claims.table`).
"""

from __future__ import annotations

import re
from typing import Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims

__all__ = ["compare_printed", "not_reproduced"]


def compare_printed(
    claims: Claims,
    table: str,
    ours: Optional[pd.DataFrame],
    keys: Sequence[str],
    *,
    comparable: bool,
    tolerance: float,
    value: str = "value",
    ours_value: Optional[str] = None,
    stand_in: str = "different data (stand-in)",
) -> None:
    """Add one claim per printed ``value`` of ``table`` (cells identified by ``keys``) beside
    ``ours`` (None or empty: nothing computed; ``ours_value`` = its value column)."""
    printed = claims.table(table)
    col = ours_value or value
    mine = ours.set_index(list(keys))[col] if ours is not None and len(ours) else None
    for r in printed.itertuples(index=False):
        key = tuple(getattr(r, k) for k in keys)
        this = (
            float(mine.get(key if len(key) > 1 else key[0], np.nan))
            if mine is not None
            else float("nan")
        )
        p = getattr(r, value)
        computed = this == this
        suffix = "" if value == "value" else f":{value}"
        claims.compare(
            f"{table}:" + ":".join(re.sub(r"[^A-Za-z0-9_.-]+", "_", str(k)) for k in key) + suffix,
            source=f"{table} ({', '.join(map(str, key))}){'' if value == 'value' else ' ' + value}",
            printed=p,
            this_run=this,
            tolerance=tolerance,
            comparable=comparable and computed,
            note=(
                f"tolerance {tolerance}"
                if comparable and computed
                else stand_in
                if computed
                else "not computed on this run"
            ),
        )


def not_reproduced(claims: Claims, tables: Sequence[str], reason: str) -> None:
    """One not-comparable claim per printed table this profile cannot compute."""
    for t in tables:
        claims.add(
            t, source=t, printed="see data/published", this_run="-", agrees=None, note=reason
        )
