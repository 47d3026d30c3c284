"""Paper-vs-run rows in one schema: ``claim_id, source, printed, this_run, data, verdict, note``.

``verdict`` is ``agrees``, ``differs``, ``not comparable`` or ``recomputed exactly`` (a number
recomputed from other printed numbers). Printed values come from ``data/published/`` only.
(Written before the shared ``evalkit.notebook.claims`` of the paper layer; the same columns.)
"""
from __future__ import annotations

from typing import Mapping, Optional

import numpy as np
import pandas as pd

__all__ = ["COLUMNS", "VERDICTS", "claims_row", "compare_printed", "check_claim"]

COLUMNS = ("claim_id", "source", "printed", "this_run", "data", "verdict", "note")
VERDICTS = ("agrees", "differs", "not comparable", "recomputed exactly")


def claims_row(claim_id: str, source: str, printed, this_run, data: str, verdict: str, note: str = "") -> dict:
    """One row; ``verdict`` must be one of :data:`VERDICTS`."""
    if verdict not in VERDICTS:
        raise ValueError(f"verdict {verdict!r} is not one of {VERDICTS}")
    return {"claim_id": claim_id, "source": source, "printed": printed, "this_run": this_run, "data": data,
            "verdict": verdict, "note": note}


def compare_printed(printed: pd.DataFrame, key: str, ours: Mapping, data: str, comparable: bool, source: str,
                    prefix: str = "", tolerance: float = 5e-4, note: str = "") -> pd.DataFrame:
    """One row per printed value (``printed`` has columns ``key``, ``printed``, ``value``):
    ours beside it; on the paper's own data (``comparable``) the verdict is ``agrees``
    within ``tolerance``, else ``differs``; on stand-in data ``not comparable``."""
    rows = []
    for r in printed.itertuples(index=False):
        k = getattr(r, key)
        mine: Optional[float] = ours.get(k)
        if mine is None or not comparable or mine != mine:
            verdict = "not comparable"
        else:
            verdict = "agrees" if abs(float(mine) - float(r.value)) <= tolerance else "differs"
        rows.append(claims_row(f"{prefix}{k}", source, r.printed, None if mine is None else round(float(mine), 4),
                               data, verdict, note))
    return pd.DataFrame(rows, columns=list(COLUMNS))


def check_claim(claim_id: str, source: str, statement: str, holds, data: str, note: str = "") -> dict:
    """A qualitative claim of the paper checked on this run (``holds`` None: cannot be checked)."""
    verdict = "not comparable" if holds is None or (isinstance(holds, float) and np.isnan(holds)) else (
        "agrees" if bool(holds) else "differs")
    return claims_row(claim_id, source, statement, None if holds is None else bool(holds), data, verdict, note)
