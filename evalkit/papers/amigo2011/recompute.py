"""Amigó et al. (2011): what the printed numbers imply, recomputed exactly."""

from __future__ import annotations

from math import comb

import pandas as pd

from evalkit.notebook.claims import Claims

from .spec import AS_KINDS, PAPER

__all__ = ["printed_checks"]


def printed_checks() -> pd.DataFrame:
    """What the printed numbers imply, recomputed exactly (no data needed)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed")
    v = lambda key: int(c.printed("text", "value", key=key))  # noqa: E731
    for suite, key in (("MT", "mt_measures"), ("AS", "as_measures")):
        n = v(key)
        pairs = f"C({n},2) = {comb(n, 2):,}"
        c.derived(
            f"figure1_pairs_{suite}",
            source="§5 / Figure 1",
            printed=f"{n} measures",
            this_run=pairs,
            note="implied, not printed: the number of measure pairs Figure 1 shows",
        )
    c.check(
        "as_21",
        source="§4.2",
        printed=v("as_measures"),
        this_run=f"{len(AS_KINDS)} kinds x 3 = {len(AS_KINDS) * 3}",
        holds=len(AS_KINDS) * 3 == v("as_measures") and v("rouge_kinds") == len(AS_KINDS),
    )
    beds = c.table("testbeds")
    wide = (
        beds[beds["table"] == 1].pivot(index="testbed", columns="row", values="value").astype(float)
    )
    for bed, row in wide.iterrows():
        share = row["outputs_assessed_per_system"] / row["system_outputs"]
        pairs = int(row["outputs_assessed_per_system"]) * comb(
            int(row["system_outputs_assessed"]), 2
        )
        c.check(
            f"judged_share_{bed}",
            source="Table 1",
            printed=f"{int(row['outputs_assessed_per_system'])}/{int(row['system_outputs']):,}",
            this_run=f"{share:.1%}",
            holds=bool(
                row["outputs_assessed_per_system"] <= row["system_outputs"]
                and row["system_outputs_assessed"] <= row["systems"]
            ),
            note=f"judged share; at most {pairs:,} unordered judged pairs if segments are shared",
        )
    duc = beds[beds["table"] == 2].pivot(index="testbed", columns="row", values="value")
    for bed, row in duc.iterrows():
        n = int(row["outputs_assessed_per_system"]) * comb(int(row["system_outputs_assessed"]), 2)
        c.check(
            f"pairs_{bed}",
            source="Table 2",
            printed=f"{int(row['system_outputs_assessed'])} systems x "
            f"{int(row['system_outputs'])} topics",
            this_run=f"{n:,} unordered pairs",
            holds=int(row["systems"]) == int(row["system_outputs_assessed"]),
            note="every system judged on every topic",
        )
    h = float(c.printed("text", key="unanimity_example_h"))
    c.check(
        "unanimity_example",
        source="§6",
        printed=c.printed("text", "printed", key="unanimity_example_share"),
        this_run=f"1 - H = {1 - h:.0%}",
        holds=round(1 - h, 9) == float(c.printed("text", key="unanimity_example_share")),
    )
    return c.frame()
