"""Owczarzak et al. (2007, SSST): the numbers of the paper derivable from its other printed
numbers (Table 1-2's NIST percentages, footnote 9's significance step, Section 1's add-one
smoothed BLEU of the example, Table 5's ranked layout), recomputed."""

from __future__ import annotations

import numpy as np
import pandas as pd

from .spec import published

__all__ = ["printed_checks"]


def printed_checks(bleu_add1_zero) -> pd.DataFrame:
    """Numbers of the paper derivable from other printed numbers, recomputed.

    ``bleu_add1_zero``: a sentence-BLEU metric with add-one smoothing on zero-match orders
    (the notebook builds it from the registry). Returns ``claim_id, source, printed,
    this_run, agrees``.
    """
    t1, t2, text = published("table1"), published("table2"), published("text")
    rows = []
    for name, t in (("table1", t1), ("table2", t2)):
        nist = t[t["metric"] == "NIST"].iloc[0]
        pct = round(100 * float(nist["modified"]) / float(nist["baseline"]), 2)
        rows.append(
            (
                f"{name}_nist_percent",
                f"{name.title()} NIST (modified / baseline)",
                float(nist["modified_percent"]),
                pct,
            )
        )
    n = int(text.set_index("key").loc["n_segments", "value"])
    step = 1.96 / np.sqrt(n - 3)
    rows.append(
        (
            "significance_step",
            "fn. 9: 95% Fisher-z half-width at n = 16,800",
            float(text.set_index("key").loc["significance_step", "value"]),
            round(float(step), 3),
        )
    )
    bleu = float(
        bleu_add1_zero.sentence_scores(
            ["John resigned yesterday."], [["Yesterday, John resigned."]]
        )[0]
    )
    rows.append(
        (
            "bleu_example",
            "Section 1: add-one smoothed BLEU of the example pair",
            float(text.set_index("key").loc["bleu_example", "value"]),
            round(bleu / 100.0, 4),
        )
    )
    t5 = published("table5")
    for judgment, part in t5.groupby("judgment", sort=False):
        by_abs = part.assign(a=part["value"].abs()).sort_values("a", ascending=False, kind="stable")
        rows.append(
            (
                f"table5_{judgment}_ranked",
                f"Table 5 {judgment}: rows ordered by |r|",
                1.0,
                float(by_abs["rank"].tolist() == sorted(part["rank"])),
            )
        )
    out = pd.DataFrame(rows, columns=["claim_id", "source", "printed", "this_run"])
    return out.assign(agrees=np.isclose(out["printed"], out["this_run"], atol=1e-12))
