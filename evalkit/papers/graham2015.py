"""Graham (2015), *Re-evaluating Automatic Summarization with BLEU and 192 Shades of ROUGE*
(EMNLP 2015, pp. 128-137): what only this paper defines, for ``notebooks/graham2015/``.

* **Variants** (§3.2): 8 counting methods x stemming x stop-word removal x summary-level
  P/R/F x system-level mean (A) or median (M) = 192, named as Figure 3 labels them
  (``R2_ST1_RS1_A_P``: average ROUGE-2 precision, stemmed, stop words removed, the paper's
  best). The grid itself is computed by :func:`evalkit.metrics.rouge_variants.rouge_variant_grid`.
* **Human score** (§3.1): coverage CS (eq. 1) and mean linguistic quality MLQ (A=100 % ..
  E=0 %), combined per summary as ``(CS + MLQ) / 2``; §6 / Table 4 also the geometric and
  harmonic means and each part alone (:func:`combine`). The per-data-set views (DUC SEE,
  SummEval, REALSumm) are :mod:`evalkit.data.evaluation`'s.
* **Optimal set** (§4.1, Table 1 •): no other metric correlates significantly higher by a
  one-sided Williams test (:mod:`evalkit.stats.williams`), alpha = .05 (inferred).
* Table 2 recomputed exactly from Table 1, Table 3 rank changes and the paper's
  internal-consistency checks (:mod:`evalkit.papers.graham2015_checks`), and the claims of
  every notebook (:mod:`evalkit.papers.graham2015_claims`).
"""

from __future__ import annotations

from typing import Dict, Iterable, List, NamedTuple, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.notebook.params import Parameter as P

PAPER = "graham2015"
#: The 8 counting methods in the paper's order (§3.2).
COUNTS: Tuple[str, ...] = ("1", "2", "3", "4", "S4", "SU4", "W", "L")
#: The best ROUGE variant of Table 1 (§4.1).
BEST_VARIANT = "R2_ST1_RS1_A_P"
#: The variants Hong et al. (2014) used (Figure 3's bottom rows): median recall, stemmed, stop words kept.
HONG2014_VARIANTS: Tuple[str, ...] = ("R4_ST1_RS0_M_R", "R2_ST1_RS0_M_R", "R1_ST1_RS0_M_R")
#: §6 / Table 4 column labels of the human-score combinations.
COMBINATIONS: Dict[str, str] = {
    "mean": "Mean",
    "geometric": "Geometric Mean",
    "harmonic": "Harmonic Mean",
    "coverage": "Coverage Only",
    "quality": "Ling. Qual. Only",
}
_PRF = ("P", "R", "F")
_AGG = ("A", "M")
_PRF_NAMES = {"P": "precision", "R": "recall", "F": "f"}
#: The data sets each profile runs on (keys of :mod:`evalkit.data.evaluation`).
DATASETS: Dict[str, Tuple[str, ...]] = {
    "sample": ("duc2004",),
    "public": ("summeval", "realsumm"),
    "licensed": ("duc2004",),
}

_COMMON = (
    P(
        "alpha",
        float,
        default=0.05,
        low=0,
        high=1,
        help="significance level (not stated; .05 assumed)",
    ),
    P(
        "cs_formula",
        str,
        default="graham_eq1",
        choices=("graham_eq1", "see_mean"),
        help="DUC coverage",
    ),
    P(
        "include_models",
        bool,
        default=False,
        help="DUC: also correlate human summaries judged as peers",
    ),
    P(
        "max_instances",
        int,
        default=None,
        allow_none=True,
        low=1,
        help="first N instances (quick public: 20)",
    ),
    P(
        "bleu_tokenize",
        str,
        default="none",
        choices=("none", "13a"),
        help="multi-bleu.perl splits on whitespace",
    ),
    P("bleu_lowercase", bool, default=False, help="multi-bleu.perl -lc (not stated)"),
)
#: The notebooks' parameters (validated by ``evalkit.notebook.setup``).
NOTEBOOKS = {
    "00_paper_consistency": (),
    "01_figure1_coverage_vs_quality": _COMMON,
    "02_figure2_distributions": _COMMON,
    "03_table1_correlations": _COMMON,
    "04_table2_optimal_shares": _COMMON,
    "05_figure3_williams_heatmap": _COMMON,
    "06_table4_human_combinations": _COMMON
    + (
        P(
            "top_k",
            int,
            default=10,
            low=1,
            high=192,
            help="ROUGE variants per combination in the wide table",
        ),
        P("combine_at", str, default="summary", choices=("summary", "system")),
    ),
    "07_table3_figure4_rescoring": _COMMON
    + (
        P("best", str, default=BEST_VARIANT, help="the paper's best variant (Table 1)"),
        P(
            "original",
            str,
            default=HONG2014_VARIANTS[1],
            help="Hong et al.'s variant (Table 3 caption)",
        ),
        P(
            "test",
            str,
            default="t",
            choices=("t", "wilcoxon"),
            help="paired test of the best variant",
        ),
        P(
            "hong_length_limit",
            int,
            default=100,
            allow_none=True,
            low=1,
            help="Hong et al. summaries: words kept",
        ),
    ),
}


class Variant(NamedTuple):
    """One of the 192 ROUGE variants (§3.2)."""

    count: str  # "1".."4", "S4", "SU4", "W", "L"
    stem: bool  # Porter stemming (ROUGE-1.5.5 -m)
    rsw: bool  # stop-word removal (-s)
    agg: str  # "A" (mean over summaries) or "M" (median)
    prf: str  # "P", "R" or "F"

    @property
    def id(self) -> str:
        return f"R{self.count}_ST{int(self.stem)}_RS{int(self.rsw)}_{self.agg}_{self.prf}"

    @property
    def label(self) -> str:
        """Table 1's spelling: ``R-2 Y Y A P``."""
        return f"R-{self.count} {'Y' if self.stem else 'N'} {'Y' if self.rsw else 'N'} {self.agg} {self.prf}"

    @property
    def measure(self) -> str:
        """The summary-level quantity name: ``rouge2_precision`` etc."""
        return f"rouge{self.count.lower()}_{_PRF_NAMES[self.prf]}"


def parse_variant(text: str) -> Variant:
    """Parse ``R2_ST1_RS1_A_P`` (also Figure 3's misprint ``RSW0``, and Table 1's ``R-2 Y Y A P``).

    >>> parse_variant("R-2 Y Y A P").id
    'R2_ST1_RS1_A_P'
    """
    if not isinstance(text, str):
        raise ParameterError("variant", text, "a variant id such as 'R2_ST1_RS1_A_P'")
    parts = text.split()
    try:
        if len(parts) == 5 and parts[0].startswith("R-"):
            count, st, rs, agg, prf = parts
            count, stem, rsw = count[2:], {"Y": True, "N": False}[st], {"Y": True, "N": False}[rs]
        else:
            count, st, rs, agg, prf = text.split("_")
            if (
                not count.startswith("R")
                or not st.startswith("ST")
                or not rs.startswith(("RS", "RSW"))
            ):
                raise KeyError(text)
            count = count[1:]
            stem = {"ST1": True, "ST0": False}[st]
            rsw = {"RS1": True, "RS0": False, "RSW1": True, "RSW0": False}[rs]
        if count not in COUNTS or agg not in _AGG or prf not in _PRF:
            raise KeyError(text)
    except (KeyError, ValueError):
        raise ParameterError(
            "variant", text, "R{1,2,3,4,S4,SU4,W,L}_ST{0,1}_RS{0,1}_{A,M}_{P,R,F}"
        ) from None
    return Variant(count, stem, rsw, agg, prf)


def all_variants() -> List[Variant]:
    """The 192 variants, counting method slowest, then stemming, stop words, aggregation, P/R/F."""
    return [
        Variant(c, st, rs, a, p)
        for c in COUNTS
        for st in (False, True)
        for rs in (False, True)
        for a in _AGG
        for p in _PRF
    ]


def variant_table(ids: Iterable[str]) -> pd.DataFrame:
    """Table 1's factor columns (``variant, metric, stemming, rsw, aggregation, prf``); BLEU
    (or any non-ROUGE metric) gets its name in ``metric`` and empty factors."""
    rows = []
    for vid in ids:
        if isinstance(vid, str) and vid.startswith("R") and vid.count("_") == 4:
            v = parse_variant(vid)
            rows.append(
                {
                    "variant": vid,
                    "metric": f"R-{v.count}",
                    "stemming": "Y" if v.stem else "N",
                    "rsw": "Y" if v.rsw else "N",
                    "aggregation": v.agg,
                    "prf": v.prf,
                }
            )
        else:
            rows.append(
                {
                    "variant": vid,
                    "metric": vid,
                    "stemming": None,
                    "rsw": None,
                    "aggregation": None,
                    "prf": None,
                }
            )
    return pd.DataFrame(
        rows, columns=["variant", "metric", "stemming", "rsw", "aggregation", "prf"]
    )


# ----------------------------------------------------------------------------- human scores
def combine(coverage, quality, how: str = "mean"):
    """One human score per summary from coverage and quality (both 0-1), §3.1 and §6:
    ``mean`` (CS+MLQ)/2 (the paper's gold score); ``geometric`` sqrt(CS*MLQ); ``harmonic``
    2*CS*MLQ/(CS+MLQ), 0 when CS+MLQ = 0; ``coverage`` CS; ``quality`` MLQ.

    >>> float(combine(0.2, 0.8, "mean")), float(combine(0.2, 0.8, "harmonic"))
    (0.5, 0.32000000000000006)
    """
    cs = np.asarray(coverage, dtype=float)
    lq = np.asarray(quality, dtype=float)
    if how == "mean":
        return (cs + lq) / 2
    if how == "geometric":
        if np.any(cs * lq < 0):
            raise ParameterError(
                "coverage/quality", "negative values", "non-negative scores for a geometric mean"
            )
        return np.sqrt(cs * lq)
    if how == "harmonic":
        total = cs + lq
        with np.errstate(divide="ignore", invalid="ignore"):
            return np.where(total == 0, 0.0, 2 * cs * lq / np.where(total == 0, 1.0, total))
    if how == "coverage":
        return cs + 0 * lq
    if how == "quality":
        return lq + 0 * cs
    raise ParameterError("how", how, f"one of {list(COMBINATIONS)}")


def system_human_scores(
    per_summary: pd.DataFrame, how: str = "mean", combine_at: str = "summary"
) -> pd.Series:
    """System-level human score: the mean over a system's summaries of the per-summary
    combination (``combine_at="summary"``), or the combination of the system means
    (``"system"``); the paper does not say which (§3.1, §6). ``per_summary`` has ``system``,
    ``coverage`` and ``quality``; a missing score is an error, not dropped."""
    for col in ("system", "coverage", "quality"):
        if col not in per_summary.columns:
            raise ParameterError("per_summary", list(per_summary.columns), f"a column {col!r}")
    if per_summary[["coverage", "quality"]].isna().any().any():
        raise ParameterError(
            "per_summary", "missing coverage or quality", "both scores for every summary"
        )
    if combine_at == "system":
        means = per_summary.groupby("system", sort=True)[["coverage", "quality"]].mean()
        out = pd.Series(
            combine(means["coverage"].to_numpy(), means["quality"].to_numpy(), how),
            index=means.index,
        )
    elif combine_at == "summary":
        values = combine(per_summary["coverage"].to_numpy(), per_summary["quality"].to_numpy(), how)
        out = (
            pd.Series(values, index=per_summary["system"].to_numpy())
            .groupby(level=0, sort=True)
            .mean()
        )
    else:
        raise ParameterError("combine_at", combine_at, "'summary' or 'system'")
    out.index.name = "system"
    out.name = how
    return out


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


_TABLE2_OPTIONS = (
    ("N-gram Count", "metric", {f"R-{c}": f"R-{c}" for c in COUNTS}),
    ("Stemming", "stemming", {"N": "Not Stemmed", "Y": "Stemmed"}),
    ("Stop-words", "rsw", {"N": "Not Rem.", "Y": "Removed"}),
    ("Summary-level Agg.", "prf", {"P": "Prec.", "F": "F-score", "R": "Recall"}),
    ("System-level Agg.", "aggregation", {"A": "Average", "M": "Median"}),
)


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


def table4_for(
    ev, scores: pd.DataFrame, alpha: float = 0.05, top_k: int = 10, combine_at: str = "summary"
):
    """Table 4 (§6): r and • under the five combinations. Returns ``(wide, tables)``:
    ``wide`` has BLEU and the union of each combination's ``top_k`` ROUGE variants, ordered
    by the mean column, with ``r_<c>, optimal_<c>``; ``tables[c]`` the full Table 1 of c."""
    tables = {
        c: table1_for(ev, scores, how=c, alpha=alpha, combine_at=combine_at)[0]
        for c in COMBINATIONS
    }
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
    return wide, tables


def table3_ranks(table3: pd.DataFrame) -> pd.DataFrame:
    """Table 3 with the system ranks under the best and the original variant (1 = best)."""
    out = table3.copy()
    out["rank_best"] = out["rouge_best"].rank(ascending=False, method="min").astype(int)
    out["rank_original"] = out["rouge_original"].rank(ascending=False, method="min").astype(int)
    return out


def figure3_matrices(pairs: pd.DataFrame, metrics: Sequence[str], alpha: float = 0.05):
    """Figure 3: one-sided Williams p-values (row beats column; NaN where the row correlates
    no higher) and the boolean "significant win" matrix, for ``metrics``."""
    from evalkit.stats.williams import significance_matrix

    p = significance_matrix(pairs, "p").reindex(index=list(metrics), columns=list(metrics))
    return p, p.lt(alpha)


def figure3_metrics() -> List[str]:
    """Figure 3's rows/columns as printed (``data/published/graham2015/figure3_metrics.csv``)."""
    from evalkit.data.published import read_published

    return [
        parse_variant(v).id if v != "BLEU" else v
        for v in read_published(PAPER, "figure3_metrics")["variant"]
    ]


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
    from evalkit.metrics.rouge_variants import rouge_variant_grid

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
        metric = (
            rouge["method"]
            + "_ST"
            + rouge["stem"].astype(int).astype(str)
            + "_RS"
            + rouge["stopwords"].astype(int).astype(str)
            + "_"
            + rouge["score"]
        )
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
