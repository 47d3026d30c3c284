"""Graham (2015), §5: Hong et al.'s (2014) systems re-scored with the best variant (Table 3,
Figure 4): paired tests of every system pair, the printed Table 3 beside this run's, and
the claim rows (rank changes, normality, the systems not outperformed).
"""

from __future__ import annotations

from typing import Dict, Mapping

import pandas as pd

from evalkit.notebook.claims import Claims

from .experiments import per_summary_variant
from .recompute import _printed, table3_ranks
from .spec import BEST_VARIANT, HONG2014_VARIANTS, PAPER, parse_variant

__all__ = ["rescore_systems", "table3_claims", "table3_vs_paper"]


def rescore_systems(
    per_summary: pd.DataFrame,
    best: str = BEST_VARIANT,
    original: str = HONG2014_VARIANTS[1],
    alpha: float = 0.05,
    test: str = "t",
) -> Dict[str, pd.DataFrame]:
    """Table 3 / Figure 4 (§5): systems re-scored with the best variant against the original.

    System scores x100 as Table 3 prints them (mean for A variants, median for M); Shapiro-Wilk
    per system (the paired t-test's precondition); one-sided paired tests of every ordered
    pair by the paired t-test AND the Wilcoxon signed-rank test (``pairs``); ``test`` picks
    the one behind ``beats`` (Figure 4, ordered by the best variant) and ``not_outperformed``.
    """
    from evalkit.stats.pairwise import (
        beats_matrix,
        not_outperformed,
        pairwise_tests,
        shapiro_by_system,
    )

    vb, vo = parse_variant(best), parse_variant(original)
    agg = {"A": "mean", "M": "median"}
    per = {v.id: per_summary_variant(per_summary, v.id) for v in (vb, vo)}
    table3 = pd.DataFrame(
        {
            "rouge_best": per[vb.id].groupby("system")["value"].agg(agg[vb.agg]) * 100,
            "rouge_original": per[vo.id].groupby("system")["value"].agg(agg[vo.agg]) * 100,
        }
    )
    table3 = table3_ranks(
        table3.sort_values(["rouge_best"], ascending=False, kind="mergesort")
        .rename_axis("system")
        .reset_index()
    )
    scores = per[vb.id]
    shapiro = shapiro_by_system(scores, alpha=alpha)
    pairs = {t: pairwise_tests(scores, test=t, alternative="greater") for t in ("t", "wilcoxon")}
    order = list(table3["system"])
    beats = beats_matrix(pairs[test], alpha).reindex(index=order, columns=order)
    best_set = not_outperformed(pairs[test], alpha).set_index("system").loc[order].reset_index()
    both = pd.concat([p.assign(test_name=t) for t, p in pairs.items()], ignore_index=True)
    return {
        "table3": table3,
        "shapiro": shapiro,
        "pairs": both,
        "beats": beats,
        "not_outperformed": best_set,
        "beats_other": beats_matrix(pairs["wilcoxon" if test == "t" else "t"], alpha).reindex(
            index=order, columns=order
        ),
    }


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
