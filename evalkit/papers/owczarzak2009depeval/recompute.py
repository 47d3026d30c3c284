"""Owczarzak (2009), DEPEVAL(summ): the printed tables and the marks recomputed from them
(Table 2's letters, asterisks, shading, Tables 3-4's confidence-interval statements).
"""

from __future__ import annotations

from typing import Dict, List, Optional

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.stats.correlation import fisher_ci

from .spec import COMPETITORS, HEADLINE_VARIANTS, LETTER, N_SUMMARY_LEVEL, PAPER

__all__ = [
    "published",
    "variant_rows",
    "significance_letters",
    "asterisks",
    "shading",
    "ci_excludes_zero",
    "printed_as_run",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/owczarzak2009depeval/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"value": "float"} if table != "text" else None)


def variant_rows() -> List[str]:
    """The DEPEVAL row labels of Table 1, in printed order (``base``, ``pm``, ..., 32 rows)."""
    t = published("table1")
    return list(dict.fromkeys(t.loc[t["group"] != "other", "metric"]))


def _side(column: str) -> str:
    return column.rsplit("_", 1)[1]


def significance_letters(
    table: pd.DataFrame, n: Optional[Dict[str, int]] = None, confidence: float = 0.95
) -> pd.DataFrame:
    """For every DEPEVAL row and column of a Table-2-shaped frame (``metric, column, value``):
    the competitors whose Fisher-z interval lies entirely below the variant's (intervals do
    not overlap), as a space-separated string of R2/R4/B in the printed order."""
    n = dict(N_SUMMARY_LEVEL if n is None else n)
    ci = {
        (r.metric, r.column): fisher_ci(r.value, n[_side(r.column)], "pearson", confidence)
        for r in table.itertuples()
    }
    rows = []
    for r in table.itertuples():
        if r.metric in COMPETITORS:
            continue
        low = ci[(r.metric, r.column)][0]
        beats = [LETTER[c] for c in COMPETITORS if ci[(c, r.column)][1] < low]
        rows.append(
            {
                "metric": r.metric,
                "column": r.column,
                "value": r.value,
                "better_than": " ".join(beats),
            }
        )
    return pd.DataFrame(rows)


def asterisks(table: pd.DataFrame) -> pd.DataFrame:
    """``star`` = 1 where the value is the highest of its column (ties all starred)."""
    best = table.groupby("column")["value"].transform("max")
    return table.assign(star=(table["value"] == best).astype(int))[
        ["metric", "column", "value", "star"]
    ]


def shading(table: pd.DataFrame) -> pd.DataFrame:
    """How many of ROUGE-2, ROUGE-SU4, BE-HM each DEPEVAL value strictly exceeds (3 = darkest grey)."""
    comp = table[table["metric"].isin(COMPETITORS)].pivot(
        index="metric", columns="column", values="value"
    )
    rows = [
        {
            "metric": r.metric,
            "column": r.column,
            "value": r.value,
            "k": int(sum(r.value > comp.loc[c, r.column] for c in COMPETITORS)),
        }
        for r in table.itertuples()
        if r.metric not in COMPETITORS
    ]
    return pd.DataFrame(rows)


def ci_excludes_zero(r: float, n: int, confidence: float = 0.95) -> bool:
    """Whether the Fisher-z interval of r excludes 0 (Tables 3-4 notes)."""
    lo, hi = fisher_ci(r, n, "pearson", confidence)
    return bool(lo > 0 or hi < 0)


def _printed_patterns(t: pd.DataFrame) -> Dict[str, bool]:
    """The findings a Table-1..4-shaped frame (``metric, column, value``) shows, as
    ``{"<column>_<a>_above_<b>": bool}``: each of :data:`~.spec.HEADLINE_VARIANTS` above every
    competitor (``_above_all_competitors``) and, for model summaries, above BE-HM (Section 6:
    "over BE for models"); pm above base."""
    v = t.set_index(["metric", "column"])["value"].astype(float)
    out = {}
    cols = set(t["column"])
    for col in sorted(cols):
        comp = [v.get((c, col), np.nan) for c in COMPETITORS]
        for variant in HEADLINE_VARIANTS:
            if (variant, col) not in v.index:
                continue
            if not np.isnan(comp).all():
                out[f"{col}_{variant}_above_all_competitors"] = bool(
                    v[(variant, col)] > np.nanmax(comp)
                )
            if col.endswith("_models") and ("BE-HM", col) in v.index:
                out[f"{col}_{variant}_above_BE-HM"] = bool(v[(variant, col)] > v[("BE-HM", col)])
        if ("pm", col) in v.index and ("base", col) in v.index:
            out[f"{col}_pm_above_base"] = bool(v[("pm", col)] > v[("base", col)])
    return out


def printed_as_run(table: str) -> pd.DataFrame:
    """A printed table with this module's names: Tables 3-4's ``DEPEVAL(summ) wn`` -> ``wn``
    (``DEPEVAL(summ)`` -> ``base``) and their columns ``models``/``systems`` ->
    ``content_responsiveness_models``/``..._systems``."""
    t = published(table)
    if table in ("table3", "table4"):
        t = t.assign(
            metric=t["metric"]
            .str.replace("DEPEVAL(summ)", "", regex=False)
            .str.strip()
            .replace("", "base"),
            column="content_responsiveness_" + t["column"],
        )
    return t
