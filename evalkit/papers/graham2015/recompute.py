"""Graham (2015), the paper checked against itself: Table 2 recomputed exactly from Table 1's
bullets, the factor means of Table 1, Table 3's ranks, Figure 3's rows, and every internal
check that needs no data (:func:`paper_consistency`; known slips are errata).
Table 2's top level of each option on this run's data (:func:`table2_claims`).
"""

from __future__ import annotations

from typing import List, Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.notebook.claims import Claims

from .spec import (
    _TABLE2_OPTIONS,
    BEST_VARIANT,
    COMBINATIONS,
    HONG2014_VARIANTS,
    PAPER,
    all_variants,
    parse_variant,
)

__all__ = [
    "factor_means",
    "figure3_metrics",
    "optimal_shares",
    "paper_consistency",
    "printed_percentages",
    "table2_claims",
    "table3_ranks",
]


def printed_percentages(counts: Sequence[int], total: int) -> List[str]:
    """Percent strings as Table 2 prints them (inferred rule reproducing all 17 cells): each
    level ``'%.1f' % (c / total * 100)`` in IEEE doubles, except that the second level of a
    two-level option is 100 minus the first printed value (Median "36.3")."""
    if total <= 0:
        raise ParameterError("total", total, "a positive number of optimal variants")
    out = ["%.1f" % (c / total * 100) for c in counts]
    if len(counts) == 2:
        out[1] = "%.1f" % (100 - float(out[0]))
    return out


def optimal_shares(table1: pd.DataFrame) -> pd.DataFrame:
    """Table 2: share of the optimal (•) ROUGE variants having each option level (§4.1);
    BLEU excluded from the denominator. Levels by count (descending), ties by name.
    Returns ``option, level, count, total, percent, printed``."""
    for col in ("metric", "stemming", "rsw", "aggregation", "prf", "optimal"):
        if col not in table1.columns:
            raise ParameterError("table1", list(table1.columns), f"a column {col!r}")
    rouge = table1[table1["metric"].astype(str).str.startswith("R-")]
    best = rouge[rouge["optimal"].astype(bool)]
    total = len(best)
    rows = []
    for option, column, levels in _TABLE2_OPTIONS:
        counts = [(name, int((best[column] == code).sum())) for code, name in levels.items()]
        counts.sort(key=lambda x: (-x[1], x[0]))
        printed = (
            printed_percentages([c for _, c in counts], total) if total else ["nan"] * len(counts)
        )
        for (name, c), text in zip(counts, printed):
            rows.append(
                {
                    "option": option,
                    "level": name,
                    "count": c,
                    "total": total,
                    "percent": round(100 * c / total, 1) if total else float("nan"),
                    "printed": text,
                }
            )
    return pd.DataFrame(rows)


def factor_means(table1: pd.DataFrame) -> pd.DataFrame:
    """Mean r of the ROUGE variants having each option level (a summary of Table 1)."""
    rouge = table1[table1["metric"].astype(str).str.startswith("R-")]
    rows = []
    for option, column, levels in _TABLE2_OPTIONS:
        for code, name in levels.items():
            sel = rouge.loc[rouge[column] == code, "r"]
            rows.append(
                {
                    "option": option,
                    "level": name,
                    "variants": int(len(sel)),
                    "mean_r": float(sel.mean()) if len(sel) else float("nan"),
                }
            )
    return pd.DataFrame(rows)


def table3_ranks(table3: pd.DataFrame) -> pd.DataFrame:
    """Table 3 with the system ranks under the best and the original variant (1 = best)."""
    out = table3.copy()
    out["rank_best"] = out["rouge_best"].rank(ascending=False, method="min").astype(int)
    out["rank_original"] = out["rouge_original"].rank(ascending=False, method="min").astype(int)
    return out


def figure3_metrics() -> List[str]:
    """Figure 3's rows/columns as printed (``data/published/graham2015/figure3_metrics.csv``)."""
    from evalkit.data.published import read_published

    return [
        parse_variant(v).id if v != "BLEU" else v
        for v in read_published(PAPER, "figure3_metrics")["variant"]
    ]


def _printed(c: Claims, claim: str) -> float:
    return float(c.printed("claims", claim=claim))


def paper_consistency() -> pd.DataFrame:
    """Every check of the paper against itself that needs no data (claims schema; kinds
    ``recomputed`` and ``consistency``; known slips have verdict ``erratum``, documented in
    ``data/published/graham2015/README.md``)."""
    c = Claims(PAPER, data="printed numbers only", kind="consistency")
    t1, t2, t3, t4 = (c.table(n) for n in ("table1", "table2", "table3", "table4"))
    rouge = t1[t1["metric"] != "BLEU"]
    ids, valid = set(rouge["variant"]), {v.id for v in all_variants()}
    c.add(
        "table1_lists_all_variants",
        source="Table 1",
        printed=f"{len(t1)} rows",
        this_run=f"{len(ids)} distinct, {len(ids & valid)} valid",
        agrees=len(t1) == 193 and ids == valid,
    )
    ordered = bool(np.all(np.diff(t1["r"].to_numpy()) <= 0))
    c.add(
        "table1_sorted", source="Table 1", printed="sorted by r", this_run=ordered, agrees=ordered
    )
    n = _printed(c, "n_variants")
    c.add(
        "variant_count",
        source="§3.2",
        printed=int(n),
        this_run=8 * 2 * 2 * 3 * 2,
        kind="recomputed",
        agrees=8 * 2 * 2 * 3 * 2 == n == len(all_variants()),
    )
    top = t1.iloc[0]
    c.add(
        "bleu_highest",
        source="§3.3 / Table 1",
        printed=f"BLEU {_printed(c, 'bleu_r'):.3f}",
        this_run=f"{top['metric']} {top['r']:.3f}",
        agrees=top["metric"] == "BLEU" and top["r"] == _printed(c, "bleu_r"),
    )
    c.add(
        "rouge_range",
        source="§3.3 / Table 1",
        printed=f"{_printed(c, 'best_rouge_r'):.3f}..{_printed(c, 'worst_rouge_r'):.3f}",
        this_run=f"{rouge['r'].max():.3f}..{rouge['r'].min():.3f}",
        agrees=rouge["r"].max() == _printed(c, "best_rouge_r")
        and rouge["r"].min() == _printed(c, "worst_rouge_r"),
    )
    c.add(
        "highest_is_optimal",
        source="Table 1",
        printed="•",
        this_run=bool(t1.loc[t1["r"].idxmax(), "optimal"]),
        agrees=bool(t1.loc[t1["r"].idxmax(), "optimal"]),
    )
    n_opt = int(rouge["optimal"].astype(bool).sum())
    shares = optimal_shares(t1)
    merged = t2.assign(printed=t2["percent"].map(lambda x: "%.1f" % x)).merge(
        shares, on=["option", "level"], suffixes=("_paper", "_ours")
    )
    exact = int((merged["printed_paper"] == merged["printed_ours"]).sum())
    order = list(zip(t2["option"], t2["level"])) == list(zip(shares["option"], shares["level"]))
    c.add(
        "optimal_rouge_variants",
        source="Table 1 / Table 2",
        printed="80 (implied by Table 2)",
        this_run=n_opt,
        kind="recomputed",
        agrees=n_opt == int(shares["total"].iloc[0]) and exact == len(t2),
    )
    c.add(
        "table2_recomputed",
        source="Table 2",
        printed=f"{len(t2)} cells",
        kind="recomputed",
        this_run=f"{exact} of {len(merged)} identical, same order: {order}",
        agrees=exact == len(t2) == len(merged) and order,
    )
    gap = float(np.abs(merged["percent_paper"] - 100 * merged["count"] / merged["total"]).max())
    c.add(
        "table2_within_rounding",
        source="Table 2",
        printed="one decimal",
        this_run=f"max |diff| {gap:.3f}",
        kind="recomputed",
        agrees=gap <= 0.05 + 1e-9,
    )
    med = merged[merged["level"] == "Median"].iloc[0]
    c.erratum(
        "table2_median_rounding",
        source="Table 2",
        printed=med["printed_paper"],
        kind="recomputed",
        this_run="%.1f" % (100 * med["count"] / med["total"]),
        note=f"{int(med['count'])}/{int(med['total'])} prints as this_run; the paper prints "
        "100 minus the Average share",
    )
    hong = t1[t1["hong2014"].astype(bool)]
    c.add(
        "hong_variants_outperformed",
        source="§4.1 / Table 1",
        printed="outperformed (no •)",
        this_run=", ".join(
            f"{v}{' •' if o else ''}" for v, o in zip(hong["variant"], hong["optimal"])
        ),
        agrees=len(hong) == 3
        and not hong["optimal"].astype(bool).any()
        and set(hong["variant"]) == set(HONG2014_VARIANTS),
    )
    by_label = {
        parse_variant(v).label if v != "BLEU" else "BLEU": row
        for v, row in zip(t1["variant"], t1.itertuples())
    }
    for claim, label, significant in (
        ("bleu_minus_rl_ynmp", "R-L Y N M P", False),
        ("bleu_minus_r3_yyar", "R-3 Y Y A R", True),
    ):
        row = by_label[label]
        c.add(
            claim,
            source="§4",
            printed=f"{_printed(c, claim):.3f}, {'sig.' if significant else 'not sig.'}",
            this_run=f"{top['r'] - row.r:.3f}, {'no •' if not row.optimal else '•'}",
            kind="recomputed",
            agrees=round(top["r"] - row.r, 3) == _printed(c, claim)
            and bool(row.optimal) != significant,
        )
    share = _printed(c, "owczarzak2012_variants") / 192
    c.add(
        "owczarzak2012_share",
        source="§2",
        printed="< 4 %",
        this_run=f"{100 * share:.3f} %",
        kind="recomputed",
        agrees=share < 0.04,
    )
    fig = figure3_metrics()
    c.add(
        "figure3_rows",
        source="Figure 3",
        printed=", ".join(fig[:9]),
        this_run=", ".join(t1["variant"].iloc[:9]),
        agrees=fig[:9] == list(t1["variant"].iloc[:9]) and set(fig[9:]) == set(HONG2014_VARIANTS),
    )
    c.erratum(
        "figure3_top_ten",
        source="§4.1 / Figure 3",
        printed="ten",
        this_run=f"{sum(1 for v in fig if v != 'BLEU' and v not in HONG2014_VARIANTS)}",
        note="§4.1 says Figure 3 shows the top ten ROUGE variants; the figure has this_run",
    )
    fig_top = all(bool(t1.set_index("variant").loc[v, "optimal"]) for v in fig[:9])
    c.add(
        "figure3_top_columns_blank",
        source="Figure 3 / Table 1",
        printed="blank",
        this_run="all •" if fig_top else "some not •",
        agrees=fig_top,
        note="columns 1-9 are all • so nothing can beat them",
    )
    joined = t4.merge(t1[["variant", "r", "optimal"]], on="variant", how="left")
    same = bool(
        np.all(joined["r_mean"] == joined["r"])
        and np.all(joined["optimal_mean"] == joined["optimal"])
    )
    c.add(
        "table4_mean_is_table1",
        source="Table 4 / Table 1",
        printed=f"{len(t4)} rows",
        this_run=f"{int((joined['r_mean'] == joined['r']).sum())} r equal",
        agrees=same,
    )
    for col, label in COMBINATIONS.items():
        top4 = t4.loc[t4[f"r_{col}"].idxmax()]
        c.add(
            f"table4_{col}_highest_optimal",
            source="Table 4",
            printed="•",
            this_run=f"{top4['variant']} {'•' if top4[f'optimal_{col}'] else 'no •'}",
            agrees=bool(top4[f"optimal_{col}"]),
        )
    best = t4.set_index("variant").loc[BEST_VARIANT]
    means = ("mean", "geometric", "harmonic")
    c.add(
        "best_variant_optimal_three_means",
        source="§6 / Table 4",
        printed="• • •",
        this_run=" ".join("•" if best[f"optimal_{m}"] else "-" for m in means),
        agrees=all(bool(best[f"optimal_{m}"]) for m in means),
    )
    leaders = {m: t4.loc[t4[f"r_{m}"].idxmax(), "variant"] for m in COMBINATIONS}
    c.add(
        "bleu_highest_under_means_and_coverage",
        source="§6 / Table 4",
        printed="BLEU",
        this_run=", ".join(f"{m}: {v}" for m, v in leaders.items() if m != "quality"),
        agrees=all(leaders[m] == "BLEU" for m in COMBINATIONS if m != "quality"),
    )
    ranks = table3_ranks(t3)
    first = ranks.loc[ranks["rank_best"] == 1].iloc[0]
    c.add(
        "first_was_fourth",
        source="§5 / Table 3",
        printed=int(_printed(c, "best_rank_originally")),
        kind="recomputed",
        this_run=f"{first['system']}: {int(first['rank_original'])}",
        agrees=int(first["rank_original"]) == int(_printed(c, "best_rank_originally")),
    )
    sota, base = ranks[ranks["type"] == "state of the art"], ranks[ranks["type"] == "baseline"]
    c.add(
        "sota_above_baselines",
        source="§5 / Table 3",
        printed="all 7 x 5 significant",
        this_run=f"min SOTA {sota['rouge_best'].min():.3f} > max baseline {base['rouge_best'].max():.3f}",
        agrees=bool(sota["rouge_best"].min() > base["rouge_best"].max()),
    )
    return c.frame()


def table2_claims(shares: Mapping, profile: str) -> pd.DataFrame:
    """Table 2 (§4.1): for each option, the level most optimal variants use, printed (DUC
    2004) beside each data set of this run (``shares[(evaluation, target)]`` from
    :func:`~evalkit.papers.graham2015.optimal_shares`).

    On the paper's own data (``profile == "licensed"``, DUC 2004) the top level is checked
    exactly. On stand-in data "most optimal variants use level X" is a finding: the optimal
    variants having the printed top level against those having this run's most used other
    level, by the exact sign test (each level of an option has equally many of the 192
    variants, so under "optimality does not depend on the level" both counts are equally
    likely; the variants' correlations are not independent, so the test is approximate)."""
    from evalkit.stats.multiplicity import sign_test

    frames = []
    for (ev, target), ours in shares.items():
        c = Claims(PAPER, data=f"{ev.name}: {target}")
        paper = c.table("table2")
        for option, group in paper.groupby("option", sort=False):
            top = group.sort_values("percent", ascending=False, kind="mergesort").iloc[0]
            mine = ours[ours["option"] == option].sort_values(
                "count", ascending=False, kind="mergesort"
            )
            cid = f"top_{option.lower().replace(' ', '_').replace('-', '_').replace('.', '')}"
            printed = f"{top['level']} ({top['percent']:.1f} %)"
            total = int(mine["total"].iloc[0])
            if total == 0:
                c.not_comparable(
                    cid,
                    source="Table 2",
                    printed=printed,
                    this_run="no optimal variant",
                    note="no variant is optimal on this data",
                )
                continue
            best = mine.iloc[0]
            shown = f"{best['level']} ({best['percent']:.1f} %)"
            if profile == "licensed":
                tie = (mine["count"] == best["count"]).sum() > 1
                c.check(
                    cid,
                    source="Table 2",
                    printed=printed,
                    this_run=shown,
                    holds=not tie and best["level"] == top["level"],
                    note="tie for first" if tie else "",
                )
                continue
            k_top = int(mine.loc[mine["level"] == top["level"], "count"].sum())
            rival = mine[mine["level"] != top["level"]].iloc[0]
            k_rival = int(rival["count"])
            c.finding(
                cid,
                source="Table 2",
                printed=printed,
                this_run=shown,
                expected=">",
                difference=(k_top - k_rival) / total,
                p_value=sign_test(k_top, k_rival),
                test=f"exact sign test, optimal variants with {top['level']} ({k_top}) vs "
                f"with {rival['level']} ({k_rival}), the most used other level",
                note=f"difference: share of the {total} optimal variants; the variants are "
                "correlated, so the test is approximate",
            )
        frames.append(c.frame())
    return pd.concat(frames, ignore_index=True)
