"""Graham (2015), the experiments on a data set: Table 1 (r of BLEU and the 192 variants
with the human score, the optimal set by Williams tests), Table 4 per combination, Figure
3's win matrices, the metric scores, the rescoring of §5 (Table 3, Figure 4), and the
printed tables beside this run's.
"""

from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

from .human import system_human_scores
from .spec import COMBINATIONS, parse_variant, variant_table

__all__ = [
    "correlation_table",
    "figure3_matrices",
    "metric_scores",
    "per_summary_variant",
    "side_by_side",
    "table1_for",
    "table4_for",
    "table4_vs_paper",
]


# ----------------------------------------------------------------------------- Tables 1, 2 and 4
def correlation_table(system_scores: pd.DataFrame, human: pd.Series, alpha: float = 0.05):
    """Table 1: Pearson r of every metric with the human score and the • mark (§3.3, §4.1).

    ``system_scores``: long ``system, metric, value``; ``human``: system-level scores.
    Returns ``(table, pairs)``: ``table`` has ``rank, variant, metric, stemming, rsw,
    aggregation, prf, r, optimal, beaten_by`` sorted by r (ties by name); ``pairs`` all
    ordered one-sided Williams tests (:func:`evalkit.stats.williams.williams_pairs`).
    """
    from evalkit.stats.williams import not_significantly_beaten, williams_pairs

    pairs = williams_pairs(system_scores, human, alpha=alpha)
    marks = not_significantly_beaten(pairs)
    marks = marks.sort_values(
        ["r", "metric"], ascending=[False, True], kind="mergesort"
    ).reset_index(drop=True)
    table = variant_table(marks["metric"]).assign(
        r=marks["r"].to_numpy(),
        optimal=marks["optimal"].to_numpy(),
        beaten_by=marks["beaten_by"].to_numpy(),
    )
    table.insert(0, "rank", np.arange(1, len(table) + 1))
    return table, pairs


def table1_for(
    ev,
    scores: pd.DataFrame,
    target: str = None,
    how: str = None,
    alpha: float = 0.05,
    combine_at: str = "summary",
):
    """Table 1 of an evaluation against one gold score: a ``targets`` column of ``ev.human``,
    or a combination ``how`` of coverage and quality (Table 4)."""
    if (target is None) == (how is None):
        raise ParameterError("target/how", (target, how), "exactly one of them")
    if how is not None:
        human = system_human_scores(ev.human, how, combine_at=combine_at)
    else:
        if target not in ev.targets:
            raise ParameterError("target", target, f"one of {list(ev.targets)}")
        human = ev.human.groupby("system")[target].mean()
    return correlation_table(scores, human, alpha=alpha)


def table4_for(
    ev,
    scores: pd.DataFrame,
    alpha: float = 0.05,
    top_k: int = 10,
    combine_at: str = "summary",
    with_pairs: bool = False,
):
    """Table 4 (§6): r and • under the five combinations. Returns ``(wide, tables)``:
    ``wide`` has BLEU and the union of each combination's ``top_k`` ROUGE variants, ordered
    by the mean column, with ``r_<c>, optimal_<c>``; ``tables[c]`` the full Table 1 of c.
    ``with_pairs``: also ``pairs[c]``, the Williams tests of c (``(wide, tables, pairs)``)."""
    both = {
        c: table1_for(ev, scores, how=c, alpha=alpha, combine_at=combine_at) for c in COMBINATIONS
    }
    tables = {c: t for c, (t, _) in both.items()}
    keep = {"BLEU"}
    for t in tables.values():
        keep |= set(t.loc[t["metric"] != "BLEU", "variant"].head(top_k))
    wide = variant_table(sorted(keep))
    for c, t in tables.items():
        part = t.set_index("variant").loc[wide["variant"], ["r", "optimal"]]
        wide[f"r_{c}"] = part["r"].to_numpy()
        wide[f"optimal_{c}"] = part["optimal"].to_numpy()
    wide = wide.sort_values(
        ["r_mean", "variant"], ascending=[False, True], kind="mergesort"
    ).reset_index(drop=True)
    if with_pairs:
        return wide, tables, {c: pr for c, (_, pr) in both.items()}
    return wide, tables


def figure3_matrices(pairs: pd.DataFrame, metrics: Sequence[str], alpha: float = 0.05):
    """Figure 3: one-sided Williams p-values (row beats column; NaN where the row correlates
    no higher) and the boolean "significant win" matrix, for ``metrics``."""
    from evalkit.stats.williams import significance_matrix

    p = significance_matrix(pairs, "p").reindex(index=list(metrics), columns=list(metrics))
    return p, p.lt(alpha)


def per_summary_variant(per_summary: pd.DataFrame, variant: str) -> pd.DataFrame:
    """The per-summary scores (``instance, system, value``) behind a variant's system score
    (``R2_ST1_RS1_A_P`` -> the per-summary ``R2_ST1_RS1_P`` rows)."""
    v = parse_variant(variant)
    key = v.id.rsplit("_", 2)[0] + "_" + v.prf
    sub = per_summary[per_summary["metric"] == key]
    if sub.empty:
        raise ParameterError("per_summary", key, "per-summary scores of the variant")
    return sub[["instance", "system", "value"]]


# ----------------------------------------------------------------------------- scoring
def metric_scores(
    ev, per_summary: bool = False, bleu_tokenize: str = "none", bleu_lowercase: bool = False
):
    """BLEU and the 192 ROUGE variants of every judged system of ``ev`` (§3.2-3.3).

    ROUGE: :func:`~evalkit.metrics.rouge_variants.rouge_variant_grid` (ROUGE-1.5.5 ``-n 4
    -w 1.2 -2 4 -U -f A -p 0.5``, ``-b`` = ``ev.byte_limit``); BLEU: multi-bleu.perl at
    system level, statistics pooled over the system's summaries (one summary per line, the
    instance's models as references). Long ``system, metric, value``; ``per_summary=True``:
    per-summary ROUGE ``instance, system, metric, value`` (metric ``R2_ST1_RS1_P``), no BLEU.
    """
    from evalkit.data.evaluation import summary_references
    from evalkit.metrics import get_metric
    from evalkit.metrics.rouge_variants import rouge_variant_grid, variant_ids

    peers, references, eval_ids = summary_references(ev)
    rouge = rouge_variant_grid(
        list(peers["sentences"]),
        references,
        eval_ids,
        list(peers["summarizer"]),
        byte_limit=ev.byte_limit,
        length_limit=ev.length_limit,
        per_summary=per_summary,
    )
    if per_summary:
        metric = variant_ids(rouge)
        return pd.DataFrame(
            {
                "instance": rouge["instance"].astype(str).str.split("\t").str[0],
                "system": rouge["system"],
                "metric": metric,
                "value": rouge["value"],
            }
        )
    bleu = get_metric("bleu-multi", lowercase=bleu_lowercase, tokenize=bleu_tokenize)
    pooled = bleu.grouped_scores(
        [" ".join(x) for x in peers["sentences"]],
        [[" ".join(r) for r in rs] for rs in references],
        peers["summarizer"],
    )
    bleu_rows = pd.DataFrame({"system": pooled.index, "metric": "BLEU", "value": pooled.to_numpy()})
    rouge_rows = rouge.rename(columns={"variant": "metric"})[["system", "metric", "value"]]
    return pd.concat([bleu_rows, rouge_rows], ignore_index=True)


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
