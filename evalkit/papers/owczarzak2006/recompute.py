"""Owczarzak et al. (2006): :func:`printed_checks`, Table 1's percentage gains, the gaps
Owczarzak et al. (2007) quote from Tables 1 and 3, the critical r values of footnote 5 and
Sec. 4, and the significance statements of Tables 2 and 4 against those values."""

from __future__ import annotations

import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.stats.human import critical_r

from .spec import PAPER, published

__all__ = ["printed_checks"]


def printed_checks() -> pd.DataFrame:
    """Numbers of the paper determined by other printed numbers, recomputed (claims)."""
    c = Claims(PAPER, data="printed numbers", kind="recomputed", digits=4)
    t1 = published("table1").set_index(["test_set", "references", "metric"])["value"]
    text = published("text").set_index("key")
    for ts in ("PH", "LM"):
        for m in ("BLEU", "NIST"):
            s, mu = t1[(ts, "single", m)], t1[(ts, "multi", m)]
            c.derived(
                f"gain_{ts}_{m}",
                source="Table 1",
                this_run=f"{mu - s:+.4f} ({100 * (mu - s) / s:+.1f} %)",
                note=f"from the printed {s:g} -> {mu:g}; the paper prints no percentage",
            )
    t3 = published("table3").set_index("subset")
    gaps = {
        "bleu_gap_ph_lm": t1[("PH", "single", "BLEU")] - t1[("LM", "single", "BLEU")],
        "nist_gap_ph_lm": t1[("PH", "single", "NIST")] - t1[("LM", "single", "NIST")],
        "human_gap_lm_ph": t3.loc["LM", "mean"] - t3.loc["PH", "mean"],
    }
    recomputed = [(key, gap, "consistency", "from Tables 1 and 3") for key, gap in gaps.items()]
    recomputed += [
        (
            key,
            critical_r(n, alpha),
            None,
            f"two-sided alpha = {alpha:g}, df = {n - 2} (t table row)",
        )
        for key, n, alpha in (("critical_r_p01", 92, 0.01), ("critical_r_p10", 102, 0.10))
    ]
    for key, value, kind, note in recomputed:
        printed = text.loc[key, "printed"]
        mine = f"{value:.{len(printed.split('.')[1])}f}"
        c.check_equal(
            key,
            source=text.loc[key, "source"],
            printed=printed,
            this_run=mine,
            evidence="exact at the printed precision",
            note=note,
            kind=kind,
        )
    for r in published("table2_4").itertuples():
        limit = float(text.loc["critical_r_p01" if r.subset == "PH" else "critical_r_p10", "value"])
        ok = r.value > limit if r.subset == "PH" else r.value < limit
        c.check(
            f"significance_{r.subset}_{r.metric}_{r.references}".replace(" ", "_"),
            source="Tables 2/4",
            printed=f"{r.printed} ({r.significant})",
            this_run=f"{'>' if r.value > limit else '<'} {limit:g}",
            holds=bool(ok),
            kind="consistency",
            note="against the paper's critical value",
        )
    per_set = text.loc["equivalence_items", "value"] / text.loc["equivalence_sets", "value"]
    c.check(
        "items_per_set",
        source="Sec. 3",
        printed=f"{text.loc['equivalence_sets', 'printed']} sets, "
        f"{text.loc['equivalence_items', 'printed']} items",
        this_run=f"{per_set:.2f} items per set",
        holds=bool(2 <= per_set <= 3),
        kind="consistency",
        note="'on average two or three elements'",
    )
    return c.frame()
