"""Riezler & Maxwell (2005), the printed numbers recomputed from other printed numbers:
§4.4's experiment-wise errors, §3's differences and verdicts, Table 1's bound on the
shuffles, §4.3's counts of Table 2 (and its misprinted level .15).
"""

from __future__ import annotations

import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.stats.multiplicity import experimentwise_error
from evalkit.stats.resampling import smallest_p, trials_needed

from .spec import PAPER, published

__all__ = ["printed_checks"]


def _decimals(printed: str) -> int:
    text = printed.strip().lstrip("<>=≈ ").rstrip("%")
    return len(text.split(".")[1]) if "." in text else 0


def printed_checks() -> pd.DataFrame:
    """Every number of the paper that its other printed numbers determine, recomputed
    exactly (claims schema, kind ``recomputed``; no data needed)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed", digits=4)
    t1, t2, mult = published("table1"), published("table2"), published("multiplicity")
    text = lambda key, col="value": c.printed("text", col, key=key)  # noqa: E731
    n_sys = int(text("benchmark_systems"))
    k = n_sys * (n_sys - 1) // 2
    c.check(
        "comparisons_15_systems",
        source="§4.4",
        printed=text("benchmark_comparisons", "printed"),
        this_run=k,
        holds=k == int(text("benchmark_comparisons")),
        note="15(15-1)/2",
    )
    for row in mult.itertuples(index=False):
        pe = experimentwise_error(float(row.per_comparison), int(row.k))
        shown = f"{pe:.{_decimals(row.printed)}f}".lstrip("0")
        c.check(
            f"experimentwise_k{int(row.k)}_pc{row.per_comparison:g}",
            source="§4.4",
            printed=row.printed,
            this_run=shown,
            holds=shown == row.printed.strip(),
            note=f"1-(1-{row.per_comparison:g})^{int(row.k)} = {pe:.6f}",
        )
    for metric, key, scale, suffix in (
        ("NIST", "nist_increase", 1.0, ""),
        ("BLEU", "bleu_decrease", 100.0, "%"),
        ("F", "f_decrease", 100.0, "%"),
    ):
        base = float(t1[(t1["row"] == "baseline") & (t1["metric"] == metric)]["value"].iloc[0])
        rerank = float(t1[(t1["row"] == "reranking") & (t1["metric"] == metric)]["value"].iloc[0])
        stated = text(key, "printed")
        shown = f"{abs(rerank - base) * scale:.{_decimals(stated)}f}".lstrip("0") + suffix
        c.check(
            f"{metric}_difference",
            source="§3 / Table 1",
            printed=stated,
            this_run=shown,
            holds=shown == stated,
        )
    level = float(text("standard_rejection_level"))
    for metric in ("BLEU", "F"):
        row = t1[(t1["row"] == "approxrand p-value") & (t1["metric"] == metric)].iloc[0]
        c.check(
            f"{metric}_not_significant",
            source="§3 / Table 1",
            printed=f"p = {row['printed']} > {level:g}",
            this_run="p > .05" if float(row["value"]) > level else "p <= .05",
            holds=float(row["value"]) > level,
        )
    bound_row = t1[t1["relation"] == "<"].iloc[0]
    bound = float(bound_row["value"])
    r_min = trials_needed(bound)
    c.check(
        "shuffles_for_smallest_p",
        source="Table 1",
        printed=f"< {bound_row['printed'].lstrip('< ')}",
        this_run=f"R >= {r_min}",
        holds=smallest_p(r_min) < bound <= smallest_p(r_min - 1),
        note="(c+1)/(R+1) below the printed bound needs at least R shuffles",
    )
    ar = t2[t2["row"] == "approxrand p-value"].set_index("comparison")["value"].astype(float)
    boot = t2[t2["row"] == "bootstrap p-value"].set_index("comparison")["value"].astype(float)
    restrictive = float(text("restrictive_level"))
    n_boot = int((boot < restrictive).sum())
    c.check(
        "bootstrap_below_015",
        source="§4.3 / Table 2",
        printed=text("bootstrap_below_015", "printed"),
        this_run=f"{n_boot} out of {len(boot)}",
        holds=n_boot == int(text("bootstrap_below_015")),
    )
    c.check(
        "ar_lowest_p",
        source="§4.3 / Table 2",
        printed=">= " + text("ar_lowest_p", "printed"),
        this_run=f"{ar.min():g}".lstrip("0"),
        holds=float(ar.min()) >= float(text("ar_lowest_p")),
    )
    n_smaller = int((boot < ar).sum())
    c.check(
        "bootstrap_below_ar",
        source="§4.3 / Table 2",
        printed="all cases",
        this_run=f"{n_smaller} out of {len(ar)}",
        holds=n_smaller == len(ar),
    )
    n_ar, n_bs = int((ar <= restrictive).sum()), int((boot <= restrictive).sum())
    c.check(
        "rejections_at_015",
        source="§4.3",
        printed="bootstrap 3, AR 0",
        this_run=f"bootstrap {n_bs}, AR {n_ar}",
        holds=(n_bs, n_ar) == (n_boot, 0),
    )
    as_printed = float(text("restrictive_level", "printed"))
    n_ar, n_bs = int((ar <= as_printed).sum()), int((boot <= as_printed).sum())
    # the level the sentence needs: the §4.4 level .015 if it, not the printed one, gives
    # "bootstrap 3 out of 5, AR none"
    candidates = [as_printed, restrictive]
    needed = [
        lv for lv in candidates if (int((boot <= lv).sum()), int((ar <= lv).sum())) == (n_boot, 0)
    ]
    c.erratum(
        "erratum_level_0.15",
        source="§4.3",
        printed=text("restrictive_level", "printed"),
        this_run=f"{needed[0]:g}" if needed else "-",
        note=f"at the printed level the counts are bootstrap {n_bs}, AR {n_ar}, not "
        f"{n_boot} and 0; the level that gives them (§4.4's p_c) is this_run",
    )
    pe = experimentwise_error(float(text("standard_rejection_level")), k)
    c.check(
        "multiplicity_pitfall",
        source="§4.4",
        printed=f"p_e = {mult.set_index('k').loc[k, 'printed']} for k = {k} at p_c = .05",
        this_run=f"{pe:.4f}",
        holds=bool(pe > float(text("standard_rejection_level"))),
        note="1-(1-p_c)^k recomputed: the chance of a spurious significant difference far "
        "exceeds the per-comparison level",
    )
    return c.frame()
