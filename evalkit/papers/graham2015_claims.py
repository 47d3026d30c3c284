"""Graham (2015): the paper checked against itself and against each run (claims schema).

:func:`paper_consistency` recomputes every number of the paper that other printed numbers
determine (Table 2 from Table 1's bullets, the differences of §4, the Table 4 / Table 1
identity, Figure 3's rows, Table 3's ranks) and checks its internal statements; it needs no
data. The ``*_claims`` functions put each notebook's findings beside the paper's, one row
per statement, with a verdict (:mod:`evalkit.notebook.claims`): on stand-in data (the
simulated DUC 2004, SummEval, REALSumm) a printed correlation is *not comparable*, while a
statement ("BLEU correlates highest", "no variant significantly beats BLEU") is checked for
what it says. Every printed value is read from ``data/published/graham2015/``.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.papers.graham2015 import (
    BEST_VARIANT,
    COMBINATIONS,
    HONG2014_VARIANTS,
    PAPER,
    all_variants,
    figure3_metrics,
    optimal_shares,
    parse_variant,
    table3_ranks,
)

__all__ = [
    "paper_consistency",
    "table1_claims",
    "table4_claims",
    "figure3_claims",
    "table3_claims",
    "human_claims",
    "distribution_claims",
    "side_by_side",
    "table4_vs_paper",
    "table3_vs_paper",
    "table2_claims",
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
    r = t1["r"].to_numpy()
    c.add(
        "table1_sorted",
        source="Table 1",
        printed="sorted by r",
        this_run=bool(np.all(np.diff(r) <= 0)),
        agrees=bool(np.all(np.diff(r) <= 0)),
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


def table1_claims(
    table: pd.DataFrame,
    pairs: pd.DataFrame,
    paper: pd.DataFrame,
    data: str,
    same_data: bool = False,
) -> pd.DataFrame:
    """§3.3/§4.1's findings beside this run's. A printed r is comparable only on the paper's
    own data (``same_data``: the licensed DUC 2004); statements are checked in both
    directions (BLEU beats the best variant; any variant beats BLEU)."""
    from scipy import stats as sps

    c = Claims(PAPER, data=data)
    rouge = table[table["metric"] != "BLEU"]
    bleu = table.set_index("variant").loc["BLEU"]
    wins = pairs[pairs["a_beats_b"]] if "a_beats_b" in pairs else pairs.iloc[:0]
    c.compare(
        "bleu_r",
        source="§3.3",
        printed=_printed(c, "bleu_r"),
        this_run=float(bleu["r"]),
        tolerance=0.0005,
        comparable=same_data,
        note="" if same_data else "a correlation on other data",
    )
    top_rouge = rouge.sort_values("r", ascending=False, kind="mergesort").iloc[0]["variant"]

    def p_of(a: str, b: str) -> float:
        """Williams p (one-sided, as computed for ``pairs``) that a beats b."""
        row = pairs[(pairs["metric_a"] == a) & (pairs["metric_b"] == b)]
        return float(row["p"].iloc[0]) if len(row) else float("nan")

    if same_data:
        c.check(
            "bleu_highest",
            source="§3.3 / Table 1",
            printed="BLEU ranks 1 of 193",
            this_run=f"rank {int(bleu['rank'])}",
            holds=int(bleu["rank"]) == 1,
        )
    else:
        c.finding(
            "bleu_highest",
            source="§3.3 / Table 1",
            printed="BLEU ranks 1 of 193",
            expected=">",
            difference=float(bleu["r"]) - float(rouge.set_index("variant").loc[top_rouge, "r"]),
            p_value=min(1.0, 2 * min(p_of("BLEU", top_rouge), p_of(top_rouge, "BLEU")))
            if np.isfinite(p_of("BLEU", top_rouge))
            else 1.0,
            test=f"Williams test, two-sided (BLEU vs this run's best variant {top_rouge})",
            this_run=f"rank {int(bleu['rank'])}",
            note="the paper itself finds the gap not significant (bleu_on_par), so on other "
            "data this row is expected to be inconclusive",
        )
    p_bleu_best, p_best_bleu = p_of("BLEU", top_rouge), p_of(top_rouge, "BLEU")
    r_top = float(rouge.set_index("variant").loc[top_rouge, "r"])
    on_par = not (
        ((wins["metric_a"] == "BLEU") & (wins["metric_b"] == top_rouge)).any()
        or ((wins["metric_a"] == top_rouge) & (wins["metric_b"] == "BLEU")).any()
    )
    c.check(
        "bleu_on_par",
        source="Abstract / §4.1 / Conclusion",
        printed="BLEU and the best ROUGE variant: neither significantly better",
        this_run=f"BLEU vs {top_rouge}: " + ("neither significant" if on_par else "significant"),
        holds=on_par,
        evidence=f"Williams test (one-sided, the higher r against the lower): "
        f"{'BLEU' if float(bleu['r']) >= r_top else top_rouge} above "
        f"{top_rouge if float(bleu['r']) >= r_top else 'BLEU'}, "
        f"p = {min(p_bleu_best, p_best_bleu):.3f}",
        note="a statement about a significance test, checked by running it; on other data "
        "with few systems 'not significant' is the likely outcome whatever the metrics",
    )
    beaten = int(((wins["metric_a"] != "BLEU") & (wins["metric_b"] == "BLEU")).sum())
    c.check(
        "variants_beating_bleu",
        source="§4.1 / Table 1",
        printed="0 (BLEU •)",
        this_run=beaten,
        holds=beaten == 0,
        evidence="Williams test (one-sided) of every variant against BLEU",
        note="ROUGE variants that significantly beat BLEU (Williams)",
    )
    bleu_beats_best = bool(
        ((wins["metric_a"] == "BLEU") & (wins["metric_b"] == BEST_VARIANT)).any()
    )
    c.add(
        "bleu_beats_best_variant",
        source="§4.1",
        printed=False,
        this_run=bleu_beats_best,
        agrees=not bleu_beats_best,
    )
    best_beaten = bool(not rouge.set_index("variant").loc[BEST_VARIANT, "optimal"])
    c.add(
        "best_variant_optimal",
        source="§4.1 / Table 1",
        printed=True,
        this_run=not best_beaten,
        agrees=not best_beaten,
    )
    c.compare(
        "best_variant_r",
        source="§3.3",
        printed=_printed(c, "best_rouge_r"),
        this_run=float(rouge.set_index("variant").loc[BEST_VARIANT, "r"]),
        tolerance=0.0005,
        comparable=same_data,
        note="" if same_data else "a correlation on other data",
    )
    hong = rouge[rouge["variant"].isin(HONG2014_VARIANTS)]
    best_p = {
        v: float(pairs.loc[pairs["metric_b"] == v, "p"].min()) if len(pairs) else float("nan")
        for v in hong["variant"]
    }
    c.check(
        "hong_variants_outperformed",
        source="Abstract / §4.1",
        printed="0 of 3 •",
        holds=not hong["optimal"].astype(bool).any(),
        this_run=f"{int(hong['optimal'].astype(bool).sum())} of {len(hong)} •",
        evidence="Williams test (one-sided): smallest p of a variant beating each: "
        + ", ".join(f"{v} {p:.3f}" for v, p in best_p.items()),
        note="• = not significantly beaten by any metric",
    )
    n_opt, p_opt = (
        int(rouge["optimal"].astype(bool).sum()),
        int(paper.loc[paper["metric"] != "BLEU", "optimal"].sum()),
    )
    if same_data:
        c.check(
            "optimal_variants",
            source="Table 1 / Table 2",
            printed=p_opt,
            this_run=n_opt,
            holds=n_opt == p_opt,
        )
    else:
        c.not_comparable(
            "optimal_variants",
            source="Table 1 / Table 2",
            printed=p_opt,
            this_run=n_opt,
            note="depends on the number of systems and the data",
        )
    merged = paper[["variant", "r"]].merge(
        table[["variant", "r"]], on="variant", suffixes=("_paper", "_ours")
    )
    rho = float(sps.spearmanr(merged["r_paper"], merged["r_ours"]).statistic)
    c.derived(
        "rank_agreement",
        source="Table 1",
        this_run=f"Spearman {rho:.3f}",
        note="how far this data set ranks the 193 metrics as DUC 2004 did (printed: the 193 r)",
    )
    return c.frame()


def table4_claims(
    tables: Mapping[str, pd.DataFrame], paper: pd.DataFrame, data: str, same_data: bool = False
) -> pd.DataFrame:
    """§6: the highest metric under each combination and the best variant's • under each.
    Which of 25 metrics is highest is compared only on the paper's data (``same_data``):
    elsewhere the top r values are within noise of each other (the • rows test that)."""
    c = Claims(PAPER, data=data)
    for col, label in COMBINATIONS.items():
        top = paper.loc[paper[f"r_{col}"].idxmax(), "variant"]
        ours = tables[col].iloc[0]["variant"]
        if same_data:
            c.check(
                f"highest_{col}",
                source="§6 / Table 4",
                printed=top,
                this_run=ours,
                holds=ours == top,
                note=label,
            )
        else:
            c.not_comparable(
                f"highest_{col}",
                source="§6 / Table 4",
                printed=top,
                this_run=ours,
                note=f"{label}; the highest of 25 close correlations on other data is noise "
                "(the • of the best variant below is the tested statement)",
            )
    for col, label in COMBINATIONS.items():
        p = bool(paper.set_index("variant").loc[BEST_VARIANT, f"optimal_{col}"])
        o = bool(tables[col].set_index("variant").loc[BEST_VARIANT, "optimal"])
        c.add(
            f"best_variant_optimal_{col}",
            source="§6 / Table 4",
            printed=p,
            this_run=o,
            agrees=p == o,
            note=label,
        )
    return c.frame()


def figure3_claims(beats: pd.DataFrame, data: str) -> pd.DataFrame:
    """Figure 3's statements (§4.1) beside this run's significant wins."""
    c = Claims(PAPER, data=data)
    top, hong = list(beats.index[:9]), [m for m in beats.index if m in HONG2014_VARIANTS]
    b = bool(beats.loc["BLEU", BEST_VARIANT])
    c.add(
        "bleu_beats_best_variant", source="§4.1 / Figure 3", printed=False, this_run=b, agrees=not b
    )
    n = int(beats.loc[:, "BLEU"].sum())
    c.add("metrics_beating_bleu", source="Figure 3", printed=0, this_run=n, agrees=n == 0)
    beaten = int(beats.loc[top, hong].any(axis=0).sum())
    c.add(
        "hong_variants_beaten",
        source="§4.1 / Figure 3",
        printed=f"{len(HONG2014_VARIANTS)} of {len(HONG2014_VARIANTS)}",
        this_run=f"{beaten} of {len(hong)}",
        agrees=beaten == len(hong),
    )
    w = int(beats.loc[:, top].to_numpy().sum())
    c.add("wins_over_top_metrics", source="Figure 3", printed=0, this_run=w, agrees=w == 0)
    return c.frame()


def table3_claims(
    result: Mapping[str, pd.DataFrame],
    paper: pd.DataFrame,
    data: str,
    alpha: float = 0.05,
    same_systems: bool = False,
) -> pd.DataFrame:
    """§5 beside this run: rank changes, normality (the t-test's precondition), and the
    systems not outperformed by the paired t-test and by the Wilcoxon test.
    ``same_systems``: the run re-scored Hong et al.'s (2014) 12 systems (licensed); only
    then are the paper's statements about them checked; on other systems they are not
    comparable and this run's values are shown."""
    from scipy import stats as sps

    c = Claims(PAPER, data=data)
    t3 = result["table3"]
    tau = float(sps.kendalltau(t3["rouge_best"], t3["rouge_original"]).statistic)
    tau_p = float(sps.kendalltau(paper["rouge_best"], paper["rouge_original"]).statistic)
    other = "other systems than Hong et al.'s (2014) 12"
    if same_systems:
        c.check(
            "system_conclusions_differ",
            source="Abstract / §5 / Table 3",
            printed=f"the best variant reorders the systems (Kendall tau {tau_p:.3f})",
            this_run=f"Kendall tau {tau:.3f}",
            holds=tau < 1,
            note="the same 12 systems re-scored: the ranking under the best variant differs "
            "from the original variant's",
        )
    else:
        c.not_comparable(
            "system_conclusions_differ",
            source="Abstract / §5 / Table 3",
            printed=f"the best variant reorders Hong et al.'s systems (Kendall tau {tau_p:.3f})",
            this_run=f"Kendall tau {tau:.3f}",
            note=f"{other}: whether two variants rank them alike says nothing about the "
            "paper's systems",
        )
    non_normal = int((~result["shapiro"]["normal"]).sum())
    printed_nn = int(_printed(c, "non_normal_systems"))
    kw = dict(source="§5", printed=printed_nn, this_run=non_normal)
    nn_note = "the paired t-test's precondition" + (
        "" if non_normal == 0 else "; fails here: the Wilcoxon test is the one it allows"
    )
    if same_systems:
        c.check("non_normal_systems", holds=non_normal == printed_nn, note=nn_note, **kw)
    else:
        c.not_comparable("non_normal_systems", note=f"{other}; {nn_note}", **kw)
    pairs = result["pairs"]
    for test in ("t", "wilcoxon"):
        sub = pairs[pairs["test_name"] == test]
        beaten = set(sub.loc[sub["p_value"] < alpha, "system_b"]) if "system_b" in sub else set()
        free = [s for s in t3["system"] if s not in beaten]
        shown = f"{len(free)} ({', '.join(free)})"
        if test == "wilcoxon":
            c.derived(
                "not_outperformed_wilcoxon",
                source="§5 / Figure 4",
                this_run=shown,
                note="the paper reports the t-test only",
            )
        elif same_systems:
            c.check(
                "not_outperformed_t",
                source="§5 / Figure 4",
                printed=int(_printed(c, "not_outperformed_systems")),
                this_run=shown,
                holds=len(free) == int(_printed(c, "not_outperformed_systems")),
                evidence=f"paired t-test, one-sided, alpha {alpha:g}",
            )
        else:
            c.not_comparable(
                "not_outperformed_t",
                source="§5 / Figure 4",
                printed=int(_printed(c, "not_outperformed_systems")),
                this_run=shown,
                note=other,
            )
    return c.frame()


def human_claims(ev, almost_all: float = 0.9) -> pd.DataFrame:
    """Figure 1 (§3.1): quality >= coverage for almost every summary, read as a share above
    ``almost_all`` (ours: the paper gives no number), tested by the exact binomial test."""
    from scipy import stats as sps

    c = Claims(PAPER, data=ev.name)
    h = ev.human
    k, n = int((h["quality"] >= h["coverage"]).sum()), len(h)
    share = k / n
    c.finding(
        "quality_above_coverage",
        source="§3.1 / Figure 1",
        printed="almost all summaries",
        expected=">",
        difference=share - almost_all,
        p_value=float(sps.binomtest(k, n, almost_all).pvalue),
        test=f"exact binomial test of the share against {almost_all:g} ('almost all', ours)",
        this_run=f"{100 * share:.1f} % of {n}",
    )
    return c.frame()


def distribution_claims(ev) -> pd.DataFrame:
    """Figure 2 (§3.1): coverage and quality skewed in opposite directions (each skewness
    tested against 0 by D'Agostino's test, ``scipy.stats.skewtest``), the mean between."""
    from scipy import stats as sps

    from evalkit.papers.graham2015 import combine

    c = Claims(PAPER, data=ev.name)
    h = ev.human
    series = {
        "coverage": h["coverage"],
        "quality": h["quality"],
        "mean": combine(h["coverage"], h["quality"], "mean"),
    }
    sk = {k: float(sps.skew(v)) for k, v in series.items()}
    for cid, key, expected, printed in (
        ("coverage_right_skewed", "coverage", ">", "positive"),
        ("quality_left_skewed", "quality", "<", "negative"),
    ):
        if len(series[key]) >= 8:
            c.finding(
                cid,
                source="§3.1 / Figure 2",
                printed=printed,
                expected=expected,
                difference=sk[key],
                p_value=float(sps.skewtest(series[key]).pvalue),
                test="D'Agostino's skewness test",
                this_run=f"skewness {sk[key]:+.3f}",
            )
        else:
            c.not_comparable(
                cid,
                source="§3.1 / Figure 2",
                printed=printed,
                this_run=sk[key],
                note="fewer than 8 summaries: no skewness test",
            )
    between = min(sk["coverage"], sk["quality"]) <= sk["mean"] <= max(sk["coverage"], sk["quality"])
    c.check(
        "mean_in_between",
        source="§3.1 / Figure 2",
        printed=True,
        this_run=between,
        holds=between,
        note="the skewness of the mean lies between the two skewnesses",
    )
    return c.frame()


def side_by_side(
    ours: pd.DataFrame, paper: pd.DataFrame, on: str = "variant", columns=("r", "optimal")
) -> pd.DataFrame:
    """Ours beside the printed values, one row per key, with ranks and the r difference."""
    keep = [on] + [col for col in columns if col in paper.columns]
    left = paper[keep].rename(columns={col: f"{col}_paper" for col in columns})
    right = ours[[on] + [col for col in columns if col in ours.columns]].rename(
        columns={col: f"{col}_ours" for col in columns}
    )
    both = left.merge(right, on=on, how="outer", indicator=True)
    if "r_paper" in both and "r_ours" in both:
        both["rank_paper"] = both["r_paper"].rank(ascending=False, method="min")
        both["rank_ours"] = both["r_ours"].rank(ascending=False, method="min")
        both["r_diff"] = both["r_ours"] - both["r_paper"]
    both["present"] = both.pop("_merge").map(
        {"both": "both", "left_only": "paper only", "right_only": "ours only"}
    )
    return both


def table4_vs_paper(tables: Mapping[str, pd.DataFrame], paper: pd.DataFrame) -> pd.DataFrame:
    """The paper's Table 4 rows with our r and • under each combination beside the printed ones."""
    out = paper[["variant"]].copy()
    for col in COMBINATIONS:
        ours = tables[col].set_index("variant")
        out[f"r_{col}_paper"] = paper[f"r_{col}"]
        out[f"r_{col}_ours"] = ours.loc[paper["variant"], "r"].to_numpy()
        out[f"optimal_{col}_paper"] = paper[f"optimal_{col}"].astype(bool)
        out[f"optimal_{col}_ours"] = ours.loc[paper["variant"], "optimal"].to_numpy()
    return out


def table3_vs_paper(table3: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Table 3 per system: printed and recomputed scores (x100) and ranks, with differences."""
    ours = table3.set_index("system")
    out = table3_ranks(paper).rename(
        columns={
            "rouge_best": "best_paper",
            "rouge_original": "original_paper",
            "rank_best": "rank_best_paper",
            "rank_original": "rank_original_paper",
        }
    )
    for col, src in (
        ("best_ours", "rouge_best"),
        ("original_ours", "rouge_original"),
        ("rank_best_ours", "rank_best"),
        ("rank_original_ours", "rank_original"),
    ):
        out[col] = ours[src].reindex(out["system"]).to_numpy()
    out["best_diff"] = out["best_ours"] - out["best_paper"]
    out["original_diff"] = out["original_ours"] - out["original_paper"]
    return out


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
