"""Graham (2015), *Re-evaluating Automatic Summarization with BLEU and 192 Shades of ROUGE*
(EMNLP 2015, pp. 128-137): the paper-specific pieces its notebooks call.

* **Variants** (§3.2): 8 counting methods (ROUGE-1, -2, -3, -4, -S4, -SU4, -W, -L) x
  stemming (Y/N) x stop-word removal (Y/N) x summary-level P/R/F x system-level mean (A)
  or median (M) = 192. Ids follow Figure 3's labels: ``R2_ST1_RS1_A_P`` is average
  ROUGE-2 precision with stemming and stop words removed (the paper's best variant).
* **Human score** (§3.1): coverage score CS (eq. 1) and mean linguistic quality MLQ (7
  questions rated A-E, A=100 %, B=75 %, C=50 %, D=25 %, E=0 %), combined per summary as
  ``(CS + MLQ) / 2``; §6 / Table 4 also use the geometric and harmonic means and each part
  alone. All on 0-1.
* **Optimal set** (§4.1, Table 1 •): a metric is "optimal" when no other metric (BLEU
  included) correlates significantly higher with the human score by a one-sided Williams
  test (:mod:`evalkit.stats.williams`), alpha = 0.05 (not stated in the paper; inferred).
* **Table 2 from Table 1** (exact; :func:`optimal_shares`), Table 3 rank changes and the
  paper's internal-consistency checks (:func:`paper_consistency`), needing no data.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "COUNTS", "BEST_VARIANT", "HONG2014_VARIANTS", "FIGURE3_METRICS", "LQ_PERCENT", "COMBINATIONS",
    "Variant", "parse_variant", "all_variants", "variant_table",
    "coverage_score", "mean_linguistic_quality", "combine", "system_human_scores",
    "correlation_table", "optimal_shares", "factor_means", "printed_percentages", "compare_with_paper",
    "table3_ranks", "paper_consistency", "Evaluation", "PROFILE_DATASETS", "load_evaluations",
    "duc_evaluation", "summeval_evaluation", "realsumm_evaluation", "metric_scores", "table1_for",
    "table1_claims", "table4_for", "table4_vs_paper", "table4_claims", "figure3_matrices", "figure3_claims",
    "plot_win_matrix", "rescore_systems", "table3_claims", "human_claims", "plot_coverage_quality",
    "distribution_claims", "plot_distributions", "plot_r_vs_paper", "HONG2014_SYSTEMS", "read_hong2014",
    "load_hong2014", "table3_vs_paper",
]

#: The 8 counting methods in the paper's order (§3.2).
COUNTS: Tuple[str, ...] = ("1", "2", "3", "4", "S4", "SU4", "W", "L")
#: The best ROUGE variant of Table 1 (§4.1): average ROUGE-2 precision, stemmed, stop words removed.
BEST_VARIANT = "R2_ST1_RS1_A_P"
#: The variants Hong et al. (2014) used, per Figure 3's bottom rows (median recall, stemmed, stop words kept).
HONG2014_VARIANTS: Tuple[str, ...] = ("R4_ST1_RS0_M_R", "R2_ST1_RS0_M_R", "R1_ST1_RS0_M_R")
#: Figure 3's rows/columns: BLEU, Table 1 ranks 2-9, then the Hong et al. variants.
FIGURE3_METRICS: Tuple[str, ...] = (
    "BLEU", "R2_ST1_RS1_A_P", "R3_ST0_RS0_A_F", "R2_ST0_RS1_A_P", "R3_ST0_RS1_A_P", "R3_ST1_RS0_A_F",
    "R3_ST0_RS0_A_R", "R4_ST0_RS0_A_F", "R3_ST0_RS0_A_P",
) + HONG2014_VARIANTS
#: §3.1: linguistic-quality ratings as percentages (on 0-1).
LQ_PERCENT: Dict[str, float] = {"A": 1.0, "B": 0.75, "C": 0.5, "D": 0.25, "E": 0.0}
#: §6 / Table 4 column labels of the human-score combinations.
COMBINATIONS: Dict[str, str] = {
    "mean": "Mean", "geometric": "Geometric Mean", "harmonic": "Harmonic Mean",
    "coverage": "Coverage Only", "quality": "Ling. Qual. Only",
}
_PRF = ("P", "R", "F")
_AGG = ("A", "M")
_PRF_NAMES = {"P": "precision", "R": "recall", "F": "f"}


class Variant(NamedTuple):
    """One of the 192 ROUGE variants (§3.2)."""

    count: str      # "1".."4", "S4", "SU4", "W", "L"
    stem: bool      # Porter stemming (ROUGE-1.5.5 -m)
    rsw: bool       # stop-word removal (-s)
    agg: str        # "A" (mean over summaries) or "M" (median)
    prf: str        # "P", "R" or "F"

    @property
    def id(self) -> str:
        return f"R{self.count}_ST{int(self.stem)}_RS{int(self.rsw)}_{self.agg}_{self.prf}"

    @property
    def label(self) -> str:
        """Table 1's spelling: ``R-2 Y Y A P``."""
        yn = lambda b: "Y" if b else "N"  # noqa: E731
        return f"R-{self.count} {yn(self.stem)} {yn(self.rsw)} {self.agg} {self.prf}"

    @property
    def measure(self) -> str:
        """The summary-level quantity name: ``rouge2_precision`` etc."""
        return f"rouge{self.count.lower()}_{_PRF_NAMES[self.prf]}"


def parse_variant(text: str) -> Variant:
    """Parse ``R2_ST1_RS1_A_P`` (also Figure 3's misprint ``RSW0``, and Table 1's ``R-2 Y Y A P``)."""
    if not isinstance(text, str):
        raise ParameterError("variant", text, "a variant id such as 'R2_ST1_RS1_A_P'")
    parts = text.split()
    try:
        if len(parts) == 5 and parts[0].startswith("R-"):
            count, st, rs, agg, prf = parts
            count, stem, rsw = count[2:], {"Y": True, "N": False}[st], {"Y": True, "N": False}[rs]
        else:
            count, st, rs, agg, prf = text.split("_")
            if not count.startswith("R") or not st.startswith("ST") or not rs.startswith(("RS", "RSW")):
                raise KeyError(text)
            count = count[1:]
            stem = {"ST1": True, "ST0": False}[st]
            rsw = {"RS1": True, "RS0": False, "RSW1": True, "RSW0": False}[rs]
        if count not in COUNTS or agg not in _AGG or prf not in _PRF:
            raise KeyError(text)
    except (KeyError, ValueError):
        raise ParameterError("variant", text, "R{1,2,3,4,S4,SU4,W,L}_ST{0,1}_RS{0,1}_{A,M}_{P,R,F}") from None
    return Variant(count, stem, rsw, agg, prf)


def all_variants() -> List[Variant]:
    """The 192 variants, counting method slowest, then stemming, stop words, aggregation, P/R/F."""
    return [Variant(c, st, rs, a, p) for c in COUNTS for st in (False, True) for rs in (False, True)
            for a in _AGG for p in _PRF]


def variant_table(ids: Iterable[str]) -> pd.DataFrame:
    """Table 1's factor columns (``metric, stemming, rsw, aggregation, prf``) for variant ids;
    BLEU (or any non-ROUGE metric) gets its name in ``metric`` and empty factors."""
    rows = []
    for vid in ids:
        if isinstance(vid, str) and vid.startswith("R") and vid.count("_") == 4:
            v = parse_variant(vid)
            rows.append({"variant": vid, "metric": f"R-{v.count}", "stemming": "Y" if v.stem else "N",
                         "rsw": "Y" if v.rsw else "N", "aggregation": v.agg, "prf": v.prf})
        else:
            rows.append({"variant": vid, "metric": vid, "stemming": None, "rsw": None,
                         "aggregation": None, "prf": None})
    return pd.DataFrame(rows, columns=["variant", "metric", "stemming", "rsw", "aggregation", "prf"])


# ----------------------------------------------------------------------------- human scores
def coverage_score(matching_pus, estimate, model_units, formula: str = "graham_eq1"):
    """Coverage score CS of a peer summary, on 0-1 (§3.1, eq. 1).

    ``graham_eq1`` (as printed): ``CS = |Matching PUs| * E / |MUs|`` with E the assessor's
    overall coverage estimate (0-1), matching peer units and model units counted per summary.
    The formula mixes a peer-unit count with a model-unit count, so it is not bounded by 1
    in general; values are returned unclipped so that the data show it.
    ``see_mean`` is the usual DUC/SEE definition, the mean per-model-unit coverage, for which
    ``matching_pus`` must hold the summed per-MU coverage (``E`` is ignored).
    Arrays broadcast; ``model_units`` must be positive.
    """
    m = np.asarray(matching_pus, dtype=float)
    e = np.asarray(estimate, dtype=float)
    mu = np.asarray(model_units, dtype=float)
    if np.any(mu <= 0):
        raise ParameterError("model_units", model_units, "positive counts of model units")
    if formula == "graham_eq1":
        return m * e / mu
    if formula == "see_mean":
        return m / mu
    raise ParameterError("formula", formula, "'graham_eq1' or 'see_mean'")


def mean_linguistic_quality(ratings) -> float:
    """MLQ of one summary (§3.1): mean of its quality ratings mapped A=1, B=.75, C=.5, D=.25,
    E=0. Letters (case-insensitive) or numbers already on 0-1 are accepted; empty is an error."""
    values = []
    for r in ratings:
        if isinstance(r, str):
            key = r.strip().upper()
            if key not in LQ_PERCENT:
                raise ParameterError("ratings", r, "letters A-E")
            values.append(LQ_PERCENT[key])
        else:
            x = float(r)
            if not 0.0 <= x <= 1.0:
                raise ParameterError("ratings", r, "numeric ratings on 0-1")
            values.append(x)
    if not values:
        raise ParameterError("ratings", ratings, "at least one rating")
    return float(np.mean(values))


def combine(coverage, quality, how: str = "mean"):
    """One human score per summary from coverage and quality (both 0-1), §3.1 and §6:

    ``mean`` (CS+MLQ)/2 -- the paper's gold score; ``geometric`` sqrt(CS*MLQ);
    ``harmonic`` 2*CS*MLQ/(CS+MLQ), 0 when CS+MLQ = 0; ``coverage`` CS; ``quality`` MLQ.
    Combination is per summary, before averaging per system (the paper does not say which;
    see the notes).
    """
    cs = np.asarray(coverage, dtype=float)
    lq = np.asarray(quality, dtype=float)
    if how == "mean":
        return (cs + lq) / 2
    if how == "geometric":
        if np.any(cs * lq < 0):
            raise ParameterError("coverage/quality", "negative values", "non-negative scores for a geometric mean")
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


def system_human_scores(per_summary: pd.DataFrame, how: str = "mean", coverage: str = "coverage",
                        quality: str = "quality", combine_at: str = "summary") -> pd.Series:
    """System-level human score: the mean over a system's summaries of the per-summary
    combination (``combine_at="summary"``), or the combination of the system means of
    coverage and quality (``"system"``); the paper does not say which (§3.1, §6). For the
    arithmetic mean and the single parts both agree. ``per_summary`` has ``system`` (or
    ``summarizer``) and the two score columns; a missing score is an error, not dropped."""
    sys_col = "system" if "system" in per_summary.columns else "summarizer"
    for col in (sys_col, coverage, quality):
        if col not in per_summary.columns:
            raise ParameterError("per_summary", list(per_summary.columns), f"a column {col!r}")
    if per_summary[[coverage, quality]].isna().any().any():
        raise ParameterError("per_summary", "missing coverage or quality", "both scores for every summary")
    if combine_at == "system":
        means = per_summary.groupby(sys_col, sort=True)[[coverage, quality]].mean()
        out = pd.Series(combine(means[coverage].to_numpy(), means[quality].to_numpy(), how), index=means.index)
        out.index.name = "system"
        out.name = how
        return out
    if combine_at != "summary":
        raise ParameterError("combine_at", combine_at, "'summary' or 'system'")
    values = combine(per_summary[coverage].to_numpy(), per_summary[quality].to_numpy(), how)
    out = pd.Series(values, index=per_summary[sys_col].to_numpy()).groupby(level=0, sort=True).mean()
    out.index.name = "system"
    out.name = how
    return out


# ----------------------------------------------------------------------------- Table 1
def correlation_table(system_scores: pd.DataFrame, human: pd.Series,
                      alpha: float = 0.05) -> Tuple[pd.DataFrame, pd.DataFrame]:
    """Table 1: Pearson r of every metric with the human score, with the • mark (§3.3, §4.1).

    ``system_scores``: long ``system, metric, value`` (one system-level value per metric,
    e.g. BLEU and the 192 ROUGE variant ids). ``human``: system-level human scores.
    Returns ``(table, pairs)``: ``table`` has ``rank, variant, metric, stemming, rsw,
    aggregation, prf, r, optimal, beaten_by`` sorted by r (descending, ties by name), and
    ``pairs`` all ordered one-sided Williams tests from :func:`evalkit.stats.williams.williams_pairs`.
    """
    from evalkit.stats.williams import not_significantly_beaten, williams_pairs

    pairs = williams_pairs(system_scores, human, alpha=alpha)
    marks = not_significantly_beaten(pairs)
    marks = marks.sort_values(["r", "metric"], ascending=[False, True], kind="mergesort").reset_index(drop=True)
    table = variant_table(marks["metric"]).assign(
        r=marks["r"].to_numpy(), optimal=marks["optimal"].to_numpy(), beaten_by=marks["beaten_by"].to_numpy())
    table.insert(0, "rank", np.arange(1, len(table) + 1))
    return table, pairs


# ----------------------------------------------------------------------------- Table 2
_TABLE2_OPTIONS = (
    ("N-gram Count", "metric", {f"R-{c}": f"R-{c}" for c in COUNTS}),
    ("Stemming", "stemming", {"N": "Not Stemmed", "Y": "Stemmed"}),
    ("Stop-words", "rsw", {"N": "Not Rem.", "Y": "Removed"}),
    ("Summary-level Agg.", "prf", {"P": "Prec.", "F": "F-score", "R": "Recall"}),
    ("System-level Agg.", "aggregation", {"A": "Average", "M": "Median"}),
)


def printed_percentages(counts: Sequence[int], total: int) -> List[str]:
    """Percent strings as Table 2 prints them, for one option's levels in printed order.

    Inferred rule (reproduces all 17 printed cells): each level is ``'%.1f' % (c / total * 100)``
    in IEEE doubles (so 23/80 -> 28.749999... -> "28.7", 15/80 -> 18.75 -> "18.8"), except
    that the second level of a two-level option is printed as 100 minus the first printed
    value (Median: 100 - 63.7 = "36.3", where '%.1f' of 36.25 would give "36.2").
    """
    if total <= 0:
        raise ParameterError("total", total, "a positive number of optimal variants")
    out = ["%.1f" % (c / total * 100) for c in counts]
    if len(counts) == 2:
        out[1] = "%.1f" % (100 - float(out[0]))
    return out


def optimal_shares(table1: pd.DataFrame) -> pd.DataFrame:
    """Table 2: share of the optimal (•) ROUGE variants having each option level (§4.1).

    ``table1`` needs the factor columns of :func:`variant_table` and a boolean/0-1
    ``optimal``; BLEU and other non-ROUGE rows are excluded from the denominator, as in the
    paper (80 optimal ROUGE variants). Levels are ordered by count, descending, ties by
    level name (R-1, R-L, R-W as printed). Returns ``option, level, count, total, percent,
    printed`` (``printed`` per :func:`printed_percentages`).
    """
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
        printed = printed_percentages([c for _, c in counts], total) if total else ["nan"] * len(counts)
        for (name, c), text in zip(counts, printed):
            rows.append({"option": option, "level": name, "count": c, "total": total,
                         "percent": 100 * c / total if total else float("nan"), "printed": text})
    return pd.DataFrame(rows)


def factor_means(table1: pd.DataFrame) -> pd.DataFrame:
    """Mean r of the ROUGE variants having each option level (a descriptive summary of
    Table 1; from the printed table: P .697, F .662, R .608; A .681, M .629)."""
    rouge = table1[table1["metric"].astype(str).str.startswith("R-")]
    rows = []
    for option, column, levels in _TABLE2_OPTIONS:
        for code, name in levels.items():
            sel = rouge.loc[rouge[column] == code, "r"]
            rows.append({"option": option, "level": name, "variants": int(len(sel)),
                         "mean_r": float(sel.mean()) if len(sel) else float("nan")})
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- comparisons
def compare_with_paper(ours: pd.DataFrame, paper: pd.DataFrame, on: str = "variant",
                       columns: Sequence[str] = ("r", "optimal")) -> pd.DataFrame:
    """Ours beside the printed values, one row per key: ``<col>_paper, <col>_ours``, ranks
    on both sides and the difference of every numeric column."""
    keep = [on] + [c for c in columns if c in paper.columns]
    left = paper[keep].rename(columns={c: f"{c}_paper" for c in columns})
    right = ours[[on] + [c for c in columns if c in ours.columns]].rename(columns={c: f"{c}_ours" for c in columns})
    both = left.merge(right, on=on, how="outer", indicator=True)
    if "r_paper" in both and "r_ours" in both:
        both["rank_paper"] = both["r_paper"].rank(ascending=False, method="min")
        both["rank_ours"] = both["r_ours"].rank(ascending=False, method="min")
        both["r_diff"] = both["r_ours"] - both["r_paper"]
    both["present"] = both.pop("_merge").map({"both": "both", "left_only": "paper only", "right_only": "ours only"})
    return both


def table3_ranks(table3: pd.DataFrame) -> pd.DataFrame:
    """Table 3 with the system ranks under the best and the original variant (1 = best)."""
    out = table3.copy()
    out["rank_best"] = out["rouge_best"].rank(ascending=False, method="min").astype(int)
    out["rank_original"] = out["rouge_original"].rank(ascending=False, method="min").astype(int)
    return out


# ----------------------------------------------------------------------------- consistency
def _check(rows: list, check: str, source: str, paper, recomputed, agrees: bool, erratum: bool = False) -> None:
    rows.append({"check": check, "source": source, "paper": str(paper), "recomputed": str(recomputed),
                 "agrees": bool(agrees), "erratum": erratum})


def paper_consistency(tables: Optional[Mapping[str, pd.DataFrame]] = None) -> pd.DataFrame:
    """Every check of the paper against itself that needs no data (one row per check).

    ``tables`` defaults to the transcriptions in ``data/published/graham2015``. Columns:
    ``check, source, paper, recomputed, agrees, erratum``; the rows with ``erratum=True``
    state a known slip of the paper (``agrees`` is False there by construction, documented
    in ``data/published/graham2015/README.md``); every other row must agree.
    """
    from evalkit.data.published import read_published

    if tables is None:
        tables = {name: read_published("graham2015", name) for name in
                  ("table1", "table2", "table3", "table4", "figure3_metrics", "claims")}
    t1, t2, t3, t4 = (tables[k] for k in ("table1", "table2", "table3", "table4"))
    fig3, claims = tables["figure3_metrics"], tables["claims"]
    claim = dict(zip(claims["claim"], claims["value"]))
    rows: list = []

    rouge = t1[t1["metric"] != "BLEU"]
    ids = set(rouge["variant"])
    _check(rows, "Table 1 lists BLEU and every one of the 192 variants exactly once", "Table 1",
           f"{len(t1)} rows", f"{len(ids)} distinct variants, {len(ids & {v.id for v in all_variants()})} valid",
           len(t1) == 193 and ids == {v.id for v in all_variants()} and len(rouge) == 192)
    r = t1["r"].to_numpy()
    _check(rows, "Table 1 is sorted by r, descending", "Table 1", "sorted", "non-increasing" if np.all(np.diff(r) <= 0)
           else "not sorted", bool(np.all(np.diff(r) <= 0)))
    _check(rows, "the variant count is 8 x 2 x 2 x 3 x 2", "§3.2", claim["n_variants"], 8 * 2 * 2 * 3 * 2,
           8 * 2 * 2 * 3 * 2 == claim["n_variants"] == len(all_variants()))
    top = t1.iloc[0]
    _check(rows, "BLEU has the highest r", "§3.3 / Table 1", claim["bleu_r"], f"{top['metric']} {top['r']:.3f}",
           top["metric"] == "BLEU" and top["r"] == claim["bleu_r"])
    _check(rows, "ROUGE r ranges from the best to the worst printed value", "§3.3 / Table 1",
           f"{claim['best_rouge_r']:.3f}..{claim['worst_rouge_r']:.3f}",
           f"{rouge['r'].max():.3f}..{rouge['r'].min():.3f}",
           rouge["r"].max() == claim["best_rouge_r"] and rouge["r"].min() == claim["worst_rouge_r"])
    _check(rows, "the highest correlation is marked optimal (nothing can beat it)", "Table 1", "•",
           "•" if t1.loc[t1["r"].idxmax(), "optimal"] else "no •", bool(t1.loc[t1["r"].idxmax(), "optimal"]))
    n_opt = int(rouge["optimal"].astype(bool).sum())
    _check(rows, "optimal ROUGE variants (denominator of Table 2)", "Table 1 / Table 2", "80 (implied)", n_opt,
           n_opt == 80)

    shares = optimal_shares(t1)
    printed = t2.assign(printed=t2["percent"].map(lambda x: "%.1f" % x))
    merged = printed.merge(shares, on=["option", "level"], suffixes=("_paper", "_ours"))
    exact = int((merged["printed_paper"] == merged["printed_ours"]).sum())
    order = list(zip(t2["option"], t2["level"])) == list(zip(shares["option"], shares["level"]))
    _check(rows, "Table 2 recomputed from the Table 1 bullets (printed rule)", "Table 2",
           f"{len(t2)} cells", f"{exact} of {len(merged)} identical, same order: {order}",
           exact == len(t2) == len(merged) and order)
    tol = bool(np.all(np.abs(merged["percent_paper"] - merged["percent_ours"]) <= 0.05 + 1e-9))
    _check(rows, "Table 2 within rounding (0.05) of count/80", "Table 2", "%", "max |diff| "
           f"{np.abs(merged['percent_paper'] - merged['percent_ours']).max():.3f}", tol)
    med = merged[merged["level"] == "Median"].iloc[0]
    _check(rows, "Median share printed as 100 - Average (erratum: 29/80 = 36.25 -> '36.2')", "Table 2",
           med["printed_paper"], "%.1f" % (100 * med["count"] / med["total"]), False, erratum=True)

    hong = t1[t1["hong2014"].astype(bool)]
    _check(rows, "the Hong et al. (2014) variants are significantly beaten (no •)", "§4.1 / Table 1",
           "outperformed", ", ".join(f"{v} {x:.3f}{' •' if o else ''}" for v, x, o in
                                     zip(hong["variant"], hong["r"], hong["optimal"])),
           len(hong) == 3 and not hong["optimal"].astype(bool).any() and set(hong["variant"]) == set(HONG2014_VARIANTS))
    by_label = {parse_variant(v).label if v != "BLEU" else "BLEU": row
                for v, row in zip(t1["variant"], t1.itertuples())}
    rl, r3 = by_label["R-L Y N M P"], by_label["R-3 Y Y A R"]
    _check(rows, "BLEU - median R-L prec. (stemmed, stop words kept): difference, not significant", "§4",
           f"{claim['bleu_minus_rl_ynmp']:.3f}, not sig.",
           f"{top['r'] - rl.r:.3f}, {'•' if rl.optimal else 'no •'}",
           round(top["r"] - rl.r, 3) == claim["bleu_minus_rl_ynmp"] and bool(rl.optimal))
    _check(rows, "BLEU - average R-3 recall (stemmed, stop words removed): difference, significant", "§4",
           f"{claim['bleu_minus_r3_yyar']:.3f}, sig.", f"{top['r'] - r3.r:.3f}, {'•' if r3.optimal else 'no •'}",
           round(top["r"] - r3.r, 3) == claim["bleu_minus_r3_yyar"] and not r3.optimal)
    _check(rows, "Owczarzak et al. (2012) used fewer than 4 % of the variants", "§2",
           f"{int(claim['owczarzak2012_variants'])} variants, < 4 %",
           f"{100 * claim['owczarzak2012_variants'] / 192:.3f} %",
           claim["owczarzak2012_variants"] / 192 < 0.04)

    fig_rows = list(fig3["variant"])
    _check(rows, "Figure 3 rows 1-9 are Table 1 ranks 1-9, rows 10-12 the Hong variants", "Figure 3",
           ", ".join(fig_rows[:9]), ", ".join(t1["variant"].iloc[:9]),
           fig_rows[:9] == list(t1["variant"].iloc[:9]) and set(fig_rows[9:]) == set(HONG2014_VARIANTS))
    _check(rows, "Figure 3 shows the 'top ten ROUGE variants' (§4.1 text)", "§4.1 / Figure 3", "ten",
           f"{sum(1 for v in fig_rows if v != 'BLEU' and v not in HONG2014_VARIANTS)}", False, erratum=True)
    fig_top = all(bool(t1.set_index("variant").loc[v, "optimal"]) for v in fig_rows[:9])
    _check(rows, "Figure 3 columns 1-9 can have no coloured cell (all are •)", "Figure 3 / Table 1", "blank",
           "all •" if fig_top else "some not •", fig_top)

    cols = ("mean", "geometric", "harmonic", "coverage", "quality")
    joined = t4.merge(t1[["variant", "r", "optimal"]], on="variant", how="left")
    same = bool(np.all(joined["r_mean"] == joined["r"]) and np.all(joined["optimal_mean"] == joined["optimal"]))
    _check(rows, "Table 4 'Mean' column equals Table 1 (r and •)", "Table 4 / Table 1", f"{len(t4)} rows",
           f"{int((joined['r_mean'] == joined['r']).sum())} r and "
           f"{int((joined['optimal_mean'] == joined['optimal']).sum())} • equal", same)
    for c in cols:
        top4 = t4.loc[t4[f"r_{c}"].idxmax()]
        _check(rows, f"Table 4 '{COMBINATIONS[c]}': the highest r is marked •", "Table 4", "•",
               f"{top4['variant']} {top4[f'r_{c}']:.3f} {'•' if top4[f'optimal_{c}'] else 'no •'}",
               bool(top4[f"optimal_{c}"]))
    best = t4.set_index("variant").loc[BEST_VARIANT]
    _check(rows, "the recommended variant is • under all three means", "§6 / Table 4", "• • •",
           " ".join("•" if best[f"optimal_{c}"] else "-" for c in cols[:3]),
           all(bool(best[f"optimal_{c}"]) for c in cols[:3]))
    leaders = {c: t4.loc[t4[f"r_{c}"].idxmax(), "variant"] for c in cols}
    _check(rows, "BLEU is highest under every mean and under coverage only", "§6 / Table 4", "BLEU",
           ", ".join(f"{COMBINATIONS[c]}: {leaders[c]}" for c in cols[:4]), all(leaders[c] == "BLEU" for c in cols[:4]))

    ranks = table3_ranks(t3)
    first = ranks.loc[ranks["rank_best"] == 1].iloc[0]
    _check(rows, "the system ranked first by the best variant was fourth originally", "§5 / Table 3",
           int(claim["best_rank_originally"]), f"{first['system']}: {int(first['rank_original'])}",
           int(first["rank_original"]) == claim["best_rank_originally"])
    _check(rows, "Table 3 is sorted by the best variant", "Table 3", "sorted",
           "sorted" if ranks["rank_best"].tolist() == list(range(1, len(ranks) + 1)) else "not sorted",
           ranks["rank_best"].tolist() == list(range(1, len(ranks) + 1)))
    sota = ranks[ranks["type"] == "state of the art"]
    base = ranks[ranks["type"] == "baseline"]
    sep = sota["rouge_best"].min() > base["rouge_best"].max()
    _check(rows, "every state-of-the-art mean exceeds every baseline mean (needed for Figure 4's full block)",
           "§5 / Table 3", "all 7 x 5 significant", f"min SOTA {sota['rouge_best'].min():.3f} > max baseline "
           f"{base['rouge_best'].max():.3f}: {sep}", sep)
    return pd.DataFrame(rows)


# ----------------------------------------------------------------------------- data per profile
@dataclass
class Evaluation:
    """One data set prepared for Graham's experiments.

    ``human``: one row per judged peer summary, ``instance, system, coverage, quality`` (0-1;
    ``quality`` NaN where the data have none) plus one column per entry of ``targets``
    (the system-level gold scores this data set offers, first = primary).
    """

    name: str
    description: str
    corpus: Any
    human: pd.DataFrame
    targets: Dict[str, str]
    byte_limit: Optional[int] = None
    length_limit: Optional[int] = None

    @property
    def key(self) -> str:
        """A file-name-safe short name (``duc2004``, ``summeval``, ``realsumm``)."""
        import re

        return re.sub(r"[^a-z0-9]+", "", self.name.lower().split("(")[0])

    @property
    def data_checksums(self) -> Dict[str, str]:
        """SHA-256 of the files the corpus was read from, where the loader recorded them."""
        meta = getattr(self.corpus, "meta", {}) or {}
        return dict(meta.get("sha256", {}) or {})

    @property
    def size(self) -> str:
        """``N systems x M instances`` of the judged summaries."""
        return f"{self.human['system'].nunique()} systems x {self.human['instance'].nunique()} instances"

    @property
    def has_quality(self) -> bool:
        return bool(self.human["quality"].notna().all())

    def systems(self) -> List[str]:
        return sorted(self.human["system"].unique(), key=_natural)

    def system_targets(self) -> pd.DataFrame:
        """System-level gold scores: mean over each system's summaries of every target."""
        cols = ["coverage", "quality"] + [t for t in self.targets if t not in ("coverage", "quality")]
        out = self.human.groupby("system", sort=False)[cols].mean()
        return out.loc[self.systems()]


def _natural(s: str):
    import re

    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", str(s))]


#: The data sets each profile runs on (SPEC 2.2; the issue's stand-ins for DUC 2004).
PROFILE_DATASETS: Dict[str, Tuple[str, ...]] = {
    "sample": ("duc2004",), "public": ("summeval", "realsumm"), "licensed": ("duc2004",),
}
#: Judgment names of the DUC 2004 SEE and quality data: the simulator's names first, then
#: those of the DUC 2004 ``SEE/short.results.table`` reader (:data:`evalkit.data.duc.TABLES`).
DUC_NAMES: Dict[str, Tuple[str, ...]] = {
    "matching_pus": ("n_marked_peer_units", "num_marked_peer_units"),
    "model_units": ("n_model_units", "num_model_units"),
    "estimate": ("coverage_estimate", "coverage"),
    "see_mean": ("coverage",),
}
#: How the 7 quality answers are coded: name prefix -> (code of A, code of E).
#: The simulator stores 4 (A) .. 0 (E); for the DUC table's integers 1 = A .. 5 = E is
#: assumed (the answer categories are listed A first) -- [UNSURE], see ``quality_coding``.
QUALITY_CODINGS: Dict[str, Tuple[float, float]] = {"linguistic_quality_q": (4.0, 0.0), "quality_q": (1.0, 5.0)}
SUMMEVAL_QUALITY = ("coherence", "consistency", "fluency")


def load_evaluations(profile: str, quick: bool = False, cs_formula: str = "graham_eq1",
                     include_models: bool = False, max_instances: Optional[int] = None,
                     datasets: Optional[Sequence[str]] = None) -> List[Evaluation]:
    """The data sets of ``profile`` prepared as :class:`Evaluation` objects.

    * ``sample``: the simulated DUC 2004 task 2 corpus (``load_sample("duc2004")``), with
      SEE coverage tables and the 7 quality questions, read back through the DUC readers.
    * ``public``: SummEval (coverage := expert relevance, quality := mean of coherence,
      consistency and fluency, targets: the mean of the four expert dimensions and relevance
      alone; 1-5 rescaled to 0-1) and REALSumm (coverage := LitePyramid recall, no quality).
    * ``licensed``: DUC 2004 from the user's configuration (``EVALKIT_DUC2004`` or the YAML
      file, :mod:`evalkit.data.licensed`), read by :func:`evalkit.data.duc.read_corpus`; raises
      :class:`~evalkit.errors.DataNotConfiguredError` when it is not configured.

    ``quick`` keeps the first 20 instances of the public sets (the sample's own quick size
    applies to ``sample``); ``max_instances`` overrides. ``include_models`` also correlates
    the human-written summaries judged as peers (DUC; not stated in the paper).
    """
    if profile not in PROFILE_DATASETS:
        raise ParameterError("profile", profile, f"one of {list(PROFILE_DATASETS)}")
    names = PROFILE_DATASETS[profile] if datasets is None else tuple(datasets)
    if max_instances is None and quick and profile == "public":
        max_instances = 20
    out = []
    for name in names:
        if profile in ("sample", "licensed") and name == "duc2004":
            corpus = _duc2004_corpus(profile, quick)
            ev = duc_evaluation(corpus, cs_formula=cs_formula, include_models=include_models,
                                name=f"DUC 2004 ({'simulated' if profile == 'sample' else 'licensed'})")
        elif profile == "public" and name == "summeval":
            from evalkit.data.public import load_summeval

            ev = summeval_evaluation(load_summeval(documents=False))
        elif profile == "public" and name == "realsumm":
            from evalkit.data.public import load_realsumm

            ev = realsumm_evaluation(load_realsumm(annotations=False, documents=False))
        else:
            raise ParameterError("datasets", name, f"one of {PROFILE_DATASETS[profile]} for profile {profile!r}")
        if max_instances is not None:
            ev = _first_instances(ev, max_instances)
        out.append(ev)
    return out


def _first_instances(ev: Evaluation, k: int) -> Evaluation:
    keep = list(ev.corpus.instances["instance"])[:k]
    human = ev.human[ev.human["instance"].isin(keep)].reset_index(drop=True)
    return Evaluation(ev.name, ev.description + f" Only the first {len(keep)} instances.", ev.corpus.subset(keep),
                      human, ev.targets, ev.byte_limit, ev.length_limit)


def _duc2004_corpus(profile: str, quick: bool):
    if profile == "sample":
        from evalkit.data.simulate import load_sample

        return load_sample("duc2004", quick=quick)
    from evalkit.data import licensed

    return licensed.load("duc2004")


def _first_present(columns, names: Sequence[str], what: str, corpus_name: str) -> str:
    for name in names:
        if name in columns:
            return name
    raise ParameterError("corpus", corpus_name, f"a judgment {' or '.join(names)} ({what})")


def duc_evaluation(corpus, cs_formula: str = "graham_eq1", include_models: bool = False,
                   name: str = "DUC 2004", byte_limit: Optional[int] = 665,
                   quality_coding: Optional[Tuple[float, float]] = None) -> Evaluation:
    """Human scores of a DUC 2004 corpus with SEE coverage and the 7 quality questions (§3.1).

    Coverage per :func:`coverage_score`: ``graham_eq1`` = matching peer units x E / model
    units, from the judgments ``n_marked_peer_units`` (or the DUC table's
    ``num_marked_peer_units``), ``n_model_units`` (``num_model_units``) and E =
    ``coverage_estimate`` where present, else the SEE mean coverage ``coverage`` (the only
    overall estimate the DUC 2004 table holds; inferred). ``see_mean`` uses ``coverage``.
    Quality = mean of the 7 answers mapped to A=1 .. E=0 (``linguistic_quality_q1..7`` or
    ``quality_q1..7``; codes per :data:`QUALITY_CODINGS` unless ``quality_coding=(A, E)``).
    A summary missing any of these raises; nothing is dropped.
    """
    j = corpus.judgments
    wide = j.pivot_table(index=["instance", "summarizer"], columns="judgment", values="value", aggfunc="mean")
    prefix = next((p for p in QUALITY_CODINGS if f"{p}1" in wide.columns), None)
    if prefix is None:
        raise ParameterError("corpus", corpus.name,
                             "judgments linguistic_quality_q1..7 or quality_q1..7 (DUC 2004 quality)")
    lq_cols = [f"{prefix}{i}" for i in range(1, 8)]
    if cs_formula == "graham_eq1":
        cov_cols = [_first_present(wide.columns, DUC_NAMES[k], k, corpus.name)
                    for k in ("matching_pus", "estimate", "model_units")]
    elif cs_formula == "see_mean":
        cov_cols = [_first_present(wide.columns, DUC_NAMES["see_mean"], "SEE mean coverage", corpus.name)]
    else:
        raise ParameterError("cs_formula", cs_formula, "'graham_eq1' or 'see_mean'")
    missing = [c for c in lq_cols if c not in wide.columns]
    if missing:
        raise ParameterError("corpus", corpus.name, f"judgments {missing} (the 7 quality questions)")
    wide = wide[cov_cols + lq_cols]
    if wide.isna().any().any():
        bad = wide[wide.isna().any(axis=1)].index[:3].tolist()
        raise ParameterError("corpus", bad, "every judged summary to have SEE coverage and all 7 quality ratings")
    wide = wide.reset_index()
    if not include_models:
        wide = wide[wide["summarizer"].isin(corpus.peers())]
    a, e = quality_coding if quality_coding is not None else QUALITY_CODINGS[prefix]
    codes = wide[lq_cols].to_numpy(float)
    if np.any((codes < min(a, e)) | (codes > max(a, e))):
        raise ParameterError("corpus", corpus.name, f"quality answers coded {a:g} (A) .. {e:g} (E)")
    lq = (codes - e) / (a - e)
    cs = coverage_score(*(wide[c] for c in cov_cols)) if cs_formula == "graham_eq1" else wide[cov_cols[0]]
    human = pd.DataFrame({"instance": wide["instance"].to_numpy(), "system": wide["summarizer"].to_numpy(),
                          "coverage": np.asarray(cs, float), "quality": lq.mean(axis=1)})
    human["human"] = combine(human["coverage"], human["quality"], "mean")
    how = (f"eq. (1) as printed ({cov_cols[0]} x {cov_cols[1]} / {cov_cols[2]})" if cs_formula == "graham_eq1"
           else "SEE mean coverage")
    desc = (f"{name}, {'peers and models' if include_models else 'peers'}; coverage by {how}, "
            "quality = mean of the 7 questions (A=100%..E=0%).")
    return Evaluation(name, desc, corpus, human.reset_index(drop=True),
                      {"human": "(coverage + quality) / 2, as the paper"}, byte_limit=byte_limit)


def summeval_evaluation(corpus) -> Evaluation:
    """SummEval as Graham's data: coverage := relevance, quality := mean of coherence,
    consistency, fluency; gold ``mean4`` = mean of the four dimensions; 1-5 -> 0-1."""
    wide = corpus.judgments.pivot_table(index=["instance", "summarizer"], columns="judgment", values="value",
                                        aggfunc="mean").reset_index()
    wide = wide[wide["summarizer"].isin(corpus.peers())]
    scale = lambda x: (np.asarray(x, float) - 1) / 4  # noqa: E731
    human = pd.DataFrame({"instance": wide["instance"].to_numpy(), "system": wide["summarizer"].to_numpy(),
                          "coverage": scale(wide["relevance"]),
                          "quality": scale(wide[list(SUMMEVAL_QUALITY)].mean(axis=1))})
    human["mean4"] = scale(wide[["relevance", *SUMMEVAL_QUALITY]].mean(axis=1))
    desc = ("SummEval (CNN/DM, 11 references per document): expert relevance stands in for DUC coverage, "
            "the mean of coherence, "
            "consistency and fluency for linguistic quality (1-5 rescaled to 0-1).")
    return Evaluation("SummEval", desc, corpus, human.reset_index(drop=True),
                      {"mean4": "mean of the four expert dimensions (stands in for (coverage + quality) / 2)",
                       "coverage": "expert relevance (stands in for coverage)"})


def realsumm_evaluation(corpus) -> Evaluation:
    """REALSumm as Graham's data: LitePyramid recall is the only (coverage-like) gold score."""
    j = corpus.judgments[corpus.judgments["judgment"] == "litepyramid_recall"]
    j = j[j["summarizer"].isin(corpus.peers())]
    human = pd.DataFrame({"instance": j["instance"].to_numpy(), "system": j["summarizer"].to_numpy(),
                          "coverage": j["value"].to_numpy(float), "quality": np.nan})
    desc = ("REALSumm (CNN/DM, 1 reference per document): LitePyramid recall (no linguistic quality) "
            "is the gold score.")
    return Evaluation("REALSumm", desc, corpus, human.reset_index(drop=True),
                      {"coverage": "LitePyramid recall (stands in for coverage only)"})


# ----------------------------------------------------------------------------- metric scores
def _texts(ev: Evaluation):
    """Peer summaries (judged ones) with their instance's model summaries as references."""
    c = ev.corpus
    s = c.summaries
    models = s[s["summarizer"].isin(set(c.models()))].sort_values(["instance", "summarizer"], kind="mergesort")
    by_instance: Dict[str, List[Tuple[str, Tuple[str, ...]]]] = {}
    for inst, who, sents in zip(models["instance"], models["summarizer"], models["sentences"]):
        by_instance.setdefault(inst, []).append((who, tuple(sents)))
    judged = ev.human[["instance", "system"]].rename(columns={"system": "summarizer"})
    peers = judged.merge(s, on=["instance", "summarizer"], how="left")
    if peers["sentences"].isna().any():
        bad = peers.loc[peers["sentences"].isna(), ["instance", "summarizer"]].head(3).values.tolist()
        raise ParameterError("corpus", bad, "a summary for every judged (instance, summarizer)")
    # a model judged as a peer is scored against the other models only
    references = [[text for m, text in by_instance.get(inst, []) if m != who]
                  for inst, who in zip(peers["instance"], peers["summarizer"])]
    empty = [(i, w) for i, w, r in zip(peers["instance"], peers["summarizer"], references) if not r]
    if empty:
        raise ParameterError("corpus", empty[:3], "at least one model summary per instance")
    return peers, references


def metric_scores(ev: Evaluation, per_summary: bool = False, bleu_tokenize: str = "none",
                  bleu_lowercase: bool = False) -> pd.DataFrame:
    """BLEU and the 192 ROUGE variants for every judged summarizer of ``ev`` (§3.2-3.3).

    ROUGE: :func:`evalkit.metrics.rouge.graham_variants` (ROUGE-1.5.5 semantics, ``-n 4 -w 1.2
    -2 4 -U -f A -p 0.5``, ``-b`` = ``ev.byte_limit``). BLEU: Moses multi-bleu.perl
    semantics at system level, n-gram counts pooled over the system's summaries, one
    summary per line (sentences joined by a space), the instance's models as references.
    Returns long ``system, metric, value`` (``per_summary=True``: the per-summary ROUGE
    scores ``instance, system, metric, value`` with metric ``R2_ST1_RS1_P`` etc., no BLEU).
    """
    from evalkit.metrics.bleu import BLEU
    from evalkit.metrics.rouge import graham_variants

    peers, references = _texts(ev)
    # ROUGE groups summaries by instance with one reference set; a model judged as a peer has
    # its own (the other models), so it gets an evaluation of its own
    models = set(ev.corpus.models())
    eval_ids = [f"{i}\t{w}" if w in models else i for i, w in zip(peers["instance"], peers["summarizer"])]
    rouge = graham_variants(list(peers["sentences"]), references, eval_ids, list(peers["summarizer"]),
                            byte_limit=ev.byte_limit, length_limit=ev.length_limit, per_summary=per_summary)
    if per_summary:
        metric = (rouge["method"] + "_ST" + rouge["stem"].astype(int).astype(str) + "_RS"
                  + rouge["stopwords"].astype(int).astype(str) + "_" + rouge["score"])
        instance = rouge["instance"].astype(str).str.split("\t").str[0]
        return pd.DataFrame({"instance": instance, "system": rouge["system"], "metric": metric,
                             "value": rouge["value"]})
    bleu = BLEU.multi_bleu(lowercase=bleu_lowercase, ref_layout="segments")
    if bleu_tokenize != "none":
        bleu = BLEU(tokenize=bleu_tokenize, lowercase=bleu_lowercase, smoothing="none", semantics="multi-bleu",
                    ref_layout="segments")
    hyps = [" ".join(x) for x in peers["sentences"]]
    refs = [[" ".join(r) for r in rs] for rs in references]
    stats = pd.DataFrame(bleu.segment_statistics(hyps, refs)).groupby(peers["summarizer"].to_numpy()).sum()
    bleu_rows = pd.DataFrame({"system": stats.index, "metric": "BLEU",
                              "value": [bleu.score_from_statistics(row) for row in stats.to_numpy()]})
    rouge_rows = rouge.rename(columns={"variant": "metric"})[["system", "metric", "value"]]
    return pd.concat([bleu_rows, rouge_rows], ignore_index=True)


def table1_for(ev: Evaluation, scores: pd.DataFrame, target: Optional[str] = None, how: Optional[str] = None,
               alpha: float = 0.05, combine_at: str = "summary"):
    """Table 1 of ``ev`` against one gold score: a ``targets`` column, or a combination
    ``how`` of coverage and quality (Table 4; ``combine_at`` per :func:`system_human_scores`).
    Returns ``(table, pairs)`` of :func:`correlation_table`."""
    if (target is None) == (how is None):
        raise ParameterError("target/how", (target, how), "exactly one of them")
    if how is not None:
        human = system_human_scores(ev.human, how, combine_at=combine_at)
    else:
        if target not in ev.targets:
            raise ParameterError("target", target, f"one of {list(ev.targets)}")
        human = ev.human.groupby("system")[target].mean()
    return correlation_table(scores, human, alpha=alpha)


# ----------------------------------------------------------------------------- paper vs. this run
def _fmt(x, digits: int = 3) -> str:
    if isinstance(x, (bool, np.bool_)):
        return "yes" if x else "no"
    if isinstance(x, (float, np.floating)):
        return f"{x:.{digits}f}"
    return str(x)


def _claims(rows: Sequence[Tuple[str, Any, Any]], data: str) -> pd.DataFrame:
    return pd.DataFrame([{"quantity": q, "paper (DUC 2004)": _fmt(p), "this run": _fmt(o), "data": data}
                         for q, p, o in rows])


def table1_claims(table: pd.DataFrame, pairs: pd.DataFrame, paper: pd.DataFrame, data: str) -> pd.DataFrame:
    """The paper's Table 1 findings (§3.3, §4.1, Table 2) beside this run's, one row each."""
    rouge = table[table["metric"] != "BLEU"]
    prouge = paper[paper["metric"] != "BLEU"]
    bleu = table.set_index("variant").loc["BLEU"]
    best = rouge.iloc[0]
    worst = rouge.iloc[-1]
    beat = pairs[(pairs["metric_a"] == "BLEU") & (pairs["metric_b"] == best["variant"])]
    bleu_beats_best = bool(beat["a_beats_b"].iloc[0]) if len(beat) else False
    hong = rouge[rouge["variant"].isin(HONG2014_VARIANTS)]
    merged = paper[["variant", "r", "optimal"]].merge(table[["variant", "r", "optimal"]], on="variant",
                                                      suffixes=("_paper", "_ours"))
    from scipy import stats as sps

    rho = sps.spearmanr(merged["r_paper"], merged["r_ours"]).statistic
    both = int((merged["optimal_paper"].astype(bool) & merged["optimal_ours"].astype(bool)).sum())
    shares = optimal_shares(table).set_index("level")
    pshares = optimal_shares(paper).set_index("level")
    rows = [
        ("systems (n of the Williams tests)", "not stated", int(pairs["n"].iloc[0]) if len(pairs) else 0),
        ("BLEU r", float(paper.loc[paper["variant"] == "BLEU", "r"].iloc[0]), float(bleu["r"])),
        ("BLEU rank among 193", int(paper.loc[paper["variant"] == "BLEU", "rank"].iloc[0]), int(bleu["rank"])),
        ("best ROUGE variant", f"{prouge.iloc[0]['variant']} ({prouge.iloc[0]['r']:.3f})",
         f"{best['variant']} ({best['r']:.3f})"),
        ("worst ROUGE variant", f"{prouge.iloc[-1]['variant']} ({prouge.iloc[-1]['r']:.3f})",
         f"{worst['variant']} ({worst['r']:.3f})"),
        ("r of the paper's best variant R2_ST1_RS1_A_P",
         0.786, float(rouge.loc[rouge["variant"] == BEST_VARIANT, "r"].iloc[0])),
        ("BLEU significantly beats the best ROUGE variant", False, bleu_beats_best),
        ("optimal (•) ROUGE variants", int(prouge["optimal"].astype(bool).sum()),
         int(rouge["optimal"].astype(bool).sum())),
        ("share of precision among optimal variants (%, Table 2)", pshares.loc["Prec.", "printed"],
         shares.loc["Prec.", "printed"]),
        ("share of mean (A) among optimal variants (%, Table 2)", pshares.loc["Average", "printed"],
         shares.loc["Average", "printed"]),
        ("Hong et al. (2014) variants marked •", 0, int(hong["optimal"].astype(bool).sum())),
        ("variants marked • in both", "-", both),
        ("Spearman rho of the 193 r values, paper vs this run", "-", float(rho)),
    ]
    return _claims(rows, data)


def table4_for(ev: Evaluation, scores: pd.DataFrame, alpha: float = 0.05, top_k: int = 10,
               combine_at: str = "summary"):
    """Table 4 (§6): r and • of every metric under the five combinations of coverage and
    quality. Returns ``(wide, tables)``: ``wide`` has BLEU and the union of the ``top_k``
    ROUGE variants of each combination, rows ordered by the arithmetic-mean column, with
    ``r_<c>, optimal_<c>``; ``tables[c]`` the full Table 1 of combination c."""
    tables = {c: table1_for(ev, scores, how=c, alpha=alpha, combine_at=combine_at)[0] for c in COMBINATIONS}
    keep = {"BLEU"}
    for t in tables.values():
        keep |= set(t.loc[t["metric"] != "BLEU", "variant"].head(top_k))
    wide = variant_table(sorted(keep))
    for c, t in tables.items():
        part = t.set_index("variant").loc[wide["variant"], ["r", "optimal"]]
        wide[f"r_{c}"] = part["r"].to_numpy()
        wide[f"optimal_{c}"] = part["optimal"].to_numpy()
    wide = wide.sort_values(["r_mean", "variant"], ascending=[False, True], kind="mergesort").reset_index(drop=True)
    return wide, tables


def table4_vs_paper(tables: Mapping[str, pd.DataFrame], paper: pd.DataFrame) -> pd.DataFrame:
    """The paper's Table 4 rows with our r and • under each combination beside the printed ones."""
    out = paper[["variant"]].copy()
    for c in COMBINATIONS:
        ours = tables[c].set_index("variant")
        out[f"r_{c}_paper"] = paper[f"r_{c}"]
        out[f"r_{c}_ours"] = ours.loc[paper["variant"], "r"].to_numpy()
        out[f"optimal_{c}_paper"] = paper[f"optimal_{c}"].astype(bool)
        out[f"optimal_{c}_ours"] = ours.loc[paper["variant"], "optimal"].to_numpy()
    return out


def table4_claims(tables: Mapping[str, pd.DataFrame], paper: pd.DataFrame, data: str) -> pd.DataFrame:
    """§6's findings (highest metric per combination; the best variant's •) beside ours."""
    rows = []
    for c, label in COMBINATIONS.items():
        top = paper.loc[paper[f"r_{c}"].idxmax()]
        ours = tables[c].iloc[0]
        rows.append((f"{label}: highest correlation", f"{top['variant']} ({top[f'r_{c}']:.3f})",
                     f"{ours['variant']} ({ours['r']:.3f})"))
    for c, label in COMBINATIONS.items():
        p = bool(paper.set_index("variant").loc[BEST_VARIANT, f"optimal_{c}"])
        o = bool(tables[c].set_index("variant").loc[BEST_VARIANT, "optimal"])
        rows.append((f"{label}: R2_ST1_RS1_A_P not significantly beaten", p, o))
    return _claims(rows, data)


def figure3_matrices(pairs: pd.DataFrame, metrics: Sequence[str] = FIGURE3_METRICS, alpha: float = 0.05):
    """Figure 3: one-sided Williams p-values (row metric beats column metric; NaN where the
    row correlates no higher) and the boolean "significant win" matrix, for ``metrics``."""
    from evalkit.stats.williams import significance_matrix

    p = significance_matrix(pairs, "p").reindex(index=list(metrics), columns=list(metrics))
    return p, p.lt(alpha)


def figure3_claims(beats: pd.DataFrame, data: str) -> pd.DataFrame:
    """Figure 3's statements (§4.1) beside the wins of this run."""
    top, hong = list(beats.index[:9]), [m for m in beats.index if m in HONG2014_VARIANTS]
    rows = [
        ("BLEU significantly beats R2_ST1_RS1_A_P", False, bool(beats.loc["BLEU", BEST_VARIANT])),
        ("wins over the Hong et al. variants by the top 9 metrics (of 27)", "several",
         int(beats.loc[top, hong].to_numpy().sum())),
        ("Hong et al. variants beaten by at least one top metric", "3 of 3",
         f"{int(beats.loc[top, hong].any(axis=0).sum())} of {len(hong)}"),
        ("wins over the top 9 metrics (columns 1-9)", 0, int(beats.loc[:, top].to_numpy().sum())),
    ]
    return _claims(rows, data)


def plot_win_matrix(beats: pd.DataFrame, pvalues: Optional[pd.DataFrame] = None, title: str = "", ax=None):
    """Heat map in the style of Figures 3 and 4: cell (i, j) coloured iff row i significantly
    beats column j; with ``pvalues`` the colour deepens as p falls and p is written in the cell."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(0.45 * len(beats) + 2.5, 0.45 * len(beats) + 1.5))
    shade = beats.astype(float).to_numpy()
    if pvalues is not None:
        p = pvalues.to_numpy(dtype=float)
        shade = np.where(beats.to_numpy(), 1 - np.nan_to_num(p, nan=1.0) * 10, 0.0).clip(0.15, 1) * beats.to_numpy()
    cmap = plt.get_cmap("Greens").copy()
    cmap.set_bad("white")  # cells without a significant win stay white, as in the paper
    ax.imshow(np.where(beats.to_numpy(), shade, np.nan), cmap=cmap, vmin=0, vmax=1, aspect="equal")
    ax.set_xticks(range(len(beats.columns)), beats.columns, rotation=90, fontsize=7)
    ax.set_yticks(range(len(beats.index)), beats.index, fontsize=7)
    ax.set_xticks(np.arange(-.5, len(beats.columns)), minor=True)
    ax.set_yticks(np.arange(-.5, len(beats.index)), minor=True)
    ax.grid(which="minor", color="0.85", linewidth=0.5)
    ax.tick_params(which="minor", length=0)
    if pvalues is not None and len(beats) <= 30:
        for i in range(len(beats.index)):
            for j in range(len(beats.columns)):
                v = pvalues.iat[i, j]
                if np.isfinite(v) and beats.iat[i, j]:
                    ax.text(j, i, f"{v:.3f}".lstrip("0"), ha="center", va="center", fontsize=5)
    ax.set_title(title, fontsize=9)
    return ax


def rescore_systems(per_summary: pd.DataFrame, best: str = BEST_VARIANT, original: str = "R2_ST1_RS0_M_R",
                    alpha: float = 0.05, test: str = "t") -> Dict[str, pd.DataFrame]:
    """Table 3 / Figure 4 (§5): systems re-scored with the best variant against the original.

    ``per_summary``: per-summary ROUGE scores from ``metric_scores(..., per_summary=True)``.
    The best variant's system score is the mean (A) or median (M) of its per-summary score,
    x100 as Table 3 prints it; Shapiro-Wilk per system (the t-test's normality check),
    one-sided paired tests (``t`` for mean variants, ``wilcoxon`` for median) for every
    ordered pair, and the systems no other beats. Returns ``table3, shapiro, pairs, beats,
    not_outperformed``; ``beats`` is ordered by the best variant (Figure 4's order).
    """
    from evalkit.stats.pairwise import beats_matrix, not_outperformed, pairwise_tests, shapiro_by_system

    vb, vo = parse_variant(best), parse_variant(original)
    per = {}
    for v in (vb, vo):
        key = v.id.rsplit("_", 2)[0] + "_" + v.prf
        sub = per_summary[per_summary["metric"] == key]
        if sub.empty:
            raise ParameterError("per_summary", key, "per-summary scores of the variant")
        per[v.id] = sub
    agg = {"A": "mean", "M": "median"}
    table3 = pd.DataFrame({
        "rouge_best": per[vb.id].groupby("system")["value"].agg(agg[vb.agg]) * 100,
        "rouge_original": per[vo.id].groupby("system")["value"].agg(agg[vo.agg]) * 100,
    })
    table3 = table3.sort_values(["rouge_best"], ascending=False, kind="mergesort")
    table3["rank_best"] = table3["rouge_best"].rank(ascending=False, method="min").astype(int)
    table3["rank_original"] = table3["rouge_original"].rank(ascending=False, method="min").astype(int)
    table3 = table3.rename_axis("system").reset_index()
    scores = per[vb.id][["instance", "system", "value"]]
    shapiro = shapiro_by_system(scores, alpha=alpha)
    pairs = pairwise_tests(scores, test=test, alternative="greater")
    order = list(table3["system"])
    beats = beats_matrix(pairs, alpha).reindex(index=order, columns=order)
    best_set = not_outperformed(pairs, alpha).set_index("system").loc[order].reset_index()
    return {"table3": table3, "shapiro": shapiro, "pairs": pairs, "beats": beats, "not_outperformed": best_set}


def table3_claims(result: Mapping[str, pd.DataFrame], paper: pd.DataFrame, data: str) -> pd.DataFrame:
    """§5's findings beside ours: rank agreement, the first system's original rank, normality,
    how many systems are not outperformed."""
    from scipy import stats as sps

    t3 = result["table3"]
    tau_p = sps.kendalltau(paper["rouge_best"], paper["rouge_original"]).statistic
    tau_o = sps.kendalltau(t3["rouge_best"], t3["rouge_original"]).statistic
    p_ranks = table3_ranks(paper)
    first_p = int(p_ranks.loc[p_ranks["rank_best"] == 1, "rank_original"].iloc[0])
    first_o = int(t3.loc[t3["rank_best"] == 1, "rank_original"].iloc[0])
    normal = result["shapiro"]["normal"]
    best_set = result["not_outperformed"]
    rows = [
        ("systems compared", len(paper), len(t3)),
        ("Kendall tau, best vs original ranking", float(tau_p), float(tau_o)),
        ("original rank of the system ranked first by the best variant", first_p, first_o),
        ("systems whose scores are not significantly non-normal (Shapiro-Wilk)", f"{len(paper)} of {len(paper)}",
         f"{int(normal.sum())} of {len(normal)}"),
        ("systems not significantly outperformed (paired t-test)", "3 (DPP, ICSISumm, RegSum)",
         f"{int(best_set['not_outperformed'].sum())} "
         f"({', '.join(best_set.loc[best_set['not_outperformed'], 'system'])})"),
    ]
    return _claims(rows, data)


# ----------------------------------------------------------------------------- Figures 1 and 2
def human_claims(ev: Evaluation) -> pd.DataFrame:
    """Figure 1's statement (§3.1) beside this data set: quality >= coverage for almost every
    summary; also the coverage-quality correlation (Pitler et al. 2010, cited in §2: none)."""
    from scipy import stats as sps

    h = ev.human
    r = sps.pearsonr(h["coverage"], h["quality"])
    rows = [
        ("summaries (points)", "all human-assessed DUC 2004 summaries", len(h)),
        ("share with quality >= coverage", "almost all (no number)", float((h["quality"] >= h["coverage"]).mean())),
        ("Pearson r of coverage and quality per summary", "not significant (Pitler et al. 2010)",
         f"{r.statistic:.3f} (p = {r.pvalue:.2g})"),
        ("mean coverage / mean quality", "-", f"{h['coverage'].mean():.3f} / {h['quality'].mean():.3f}"),
    ]
    return _claims(rows, ev.name)


def plot_coverage_quality(ev: Evaluation, ax=None):
    """Figure 1: mean linguistic quality (%) against coverage (%), one point per summary."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(4.5, 4.5))
    h = ev.human
    ax.scatter(100 * h["coverage"], 100 * h["quality"], s=6, alpha=0.4, color="tab:blue", linewidths=0)
    ax.plot([0, 100], [0, 100], color="0.5", linewidth=0.8, linestyle="--")
    ax.set_xlim(0, max(100, 100 * float(h["coverage"].max())))
    ax.set_ylim(0, 100)
    ax.set_xlabel("Coverage Score (%)")
    ax.set_ylabel("Mean Ling. Quality (%)")
    ax.set_title(f"{ev.name} ({len(h)} summaries)", fontsize=9)
    return ax


def distribution_claims(ev: Evaluation) -> pd.DataFrame:
    """Figure 2's description (§3.1): coverage and quality skewed in opposite directions,
    the mean in between; sample skewness (scipy, biased) of each in this data set."""
    from scipy import stats as sps

    h = ev.human
    mean = combine(h["coverage"], h["quality"], "mean")
    sk = {k: float(sps.skew(v)) for k, v in (("coverage", h["coverage"]), ("quality", h["quality"]), ("mean", mean))}
    rows = [
        ("skewness of coverage", "positive (mass at low values)", sk["coverage"]),
        ("skewness of quality", "negative (mass at high values)", sk["quality"]),
        ("skewness of the mean", "in between", sk["mean"]),
        ("opposite directions, mean in between", True,
         bool(sk["coverage"] > 0 > sk["quality"] and sk["quality"] <= sk["mean"] <= sk["coverage"])),
    ]
    return _claims(rows, ev.name)


def plot_distributions(ev: Evaluation, ax=None):
    """Figure 2: kernel density estimates (scipy ``gaussian_kde``, Scott's rule) of coverage,
    quality and their mean on 0-1."""
    import matplotlib.pyplot as plt
    from scipy import stats as sps

    if ax is None:
        _, ax = plt.subplots(figsize=(5, 4))
    h = ev.human
    grid = np.linspace(0, 1, 201)
    series = (("Coverage (%)", h["coverage"]), ("Quality (%)", h["quality"]),
              ("Mean", combine(h["coverage"], h["quality"], "mean")))
    for label, values in series:
        v = np.asarray(values, float)
        if np.ptp(v) > 0:
            ax.plot(grid, sps.gaussian_kde(v)(grid), label=label)
    ax.set_xlabel("Human Assessment")
    ax.set_ylabel("Density")
    ax.set_xlim(0, 1)
    ax.legend(fontsize=8)
    ax.set_title(ev.name, fontsize=9)
    return ax


def plot_r_vs_paper(table: pd.DataFrame, paper: pd.DataFrame, ax=None, title: str = ""):
    """Scatter of the printed Table 1 r (DUC 2004) against this run's r, one point per metric;
    the paper's best variant, BLEU and the Hong et al. variants labelled."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots(figsize=(4.2, 4))
    m = paper[["variant", "r"]].merge(table[["variant", "r", "optimal"]], on="variant", suffixes=("_paper", "_ours"))
    ax.scatter(m["r_paper"], m["r_ours"], s=10, c=np.where(m["optimal"], "tab:green", "0.6"), linewidths=0)
    for v in ("BLEU", BEST_VARIANT) + HONG2014_VARIANTS:
        row = m[m["variant"] == v]
        if len(row):
            ax.annotate(v, (row["r_paper"].iloc[0], row["r_ours"].iloc[0]), fontsize=6)
    ax.set_xlabel("r printed (DUC 2004)")
    ax.set_ylabel("r this run (green = •)")
    ax.set_title(title, fontsize=9)
    return ax


# ----------------------------------------------------------------------------- Hong et al. (2014)
#: The 12 systems of Table 3 / Figure 4 and their folders in Hong et al.'s (2014) repository
#: (``sumrepo_duc2004``: ``SOAsums/<system>/`` state of the art, ``basicsums/<system>/`` baselines;
#: one file per DUC 2004 task 2 docset, ``<docset>.<system>``, one sentence per line).
HONG2014_SYSTEMS: Dict[str, str] = {
    "DPP": "SOAsums", "ICSISumm": "SOAsums", "RegSum": "SOAsums", "Submodular": "SOAsums",
    "CLASSY11": "SOAsums", "CLASSY04": "SOAsums", "OCCAMS_V": "SOAsums",
    "GreedyKL": "basicsums", "FreqSum": "basicsums", "TsSum": "basicsums", "Centroid": "basicsums",
    "LexRank": "basicsums",
}
ENV_HONG2014 = "EVALKIT_HONG2014"


def _docset_key(name: str) -> str:
    """``D30001``, ``d30001t`` and ``D30001.M.100.T`` all give ``d30001``."""
    import re

    m = re.match(r"(?i)^(d\d+)", name)
    return m.group(1).lower() if m else name.lower()


def read_hong2014(root, instances: Sequence[str], systems: Optional[Sequence[str]] = None) -> pd.DataFrame:
    """Read Hong et al.'s (2014) DUC 2004 summaries (``sumrepo_duc2004``) as
    ``instance, summarizer, sentences`` for the DUC 2004 ``instances`` (matched by docset
    number). Lines are sentences (blank lines dropped; DPP's files hold running text, which
    matters only for ROUGE-L/W -- Table 3 uses ROUGE-2). A missing folder, an unmatched
    file or a docset without a summary raises :class:`~evalkit.errors.InputFormatError`."""
    from pathlib import Path

    from evalkit.errors import InputFormatError

    root = Path(root)
    keys = {_docset_key(i): i for i in instances}
    rows = []
    for system in (systems or list(HONG2014_SYSTEMS)):
        folder = root / HONG2014_SYSTEMS[system] / system
        if not folder.is_dir():
            raise InputFormatError(folder, None, f"a folder of {system} summaries (Hong et al. 2014 layout)")
        seen = set()
        for path in sorted(folder.glob(f"*.{system}")):
            key = _docset_key(path.name)
            if key not in keys:
                raise InputFormatError(path, None, f"a DUC 2004 docset among {sorted(keys)[:3]}...", found=path.name)
            text = path.read_bytes().decode("latin-1")
            rows.append((keys[key], system, tuple(line.strip() for line in text.splitlines() if line.strip())))
            seen.add(key)
        missing = sorted(set(keys) - seen)
        if missing:
            raise InputFormatError(folder, None, f"one summary per docset; none for {missing[:3]}")
    return pd.DataFrame(rows, columns=["instance", "summarizer", "sentences"])


def load_hong2014(duc_corpus, root=None, length_limit: Optional[int] = 100) -> Optional[Evaluation]:
    """The Hong et al. (2014) systems with the DUC 2004 models as references (§5), from
    ``root`` or ``$EVALKIT_HONG2014``; None when neither is set. Summaries are cut to
    ``length_limit`` words (Hong et al. report ROUGE on 100 words; ``None`` keeps them whole)."""
    import os

    from evalkit.data.model import SummarizationCorpus

    root = root or os.environ.get(ENV_HONG2014)
    if not root:
        return None
    instances = list(duc_corpus.instances["instance"])
    peers = read_hong2014(root, instances)
    models = duc_corpus.summaries[duc_corpus.summaries["summarizer"].isin(set(duc_corpus.models()))]
    corpus = SummarizationCorpus(
        name="hong2014", instances=duc_corpus.instances[["instance"]].copy(),
        summarizers=pd.DataFrame({"summarizer": duc_corpus.models() + list(HONG2014_SYSTEMS),
                                  "type": ["model"] * len(duc_corpus.models()) + ["peer"] * len(HONG2014_SYSTEMS)}),
        summaries=pd.concat([models, peers], ignore_index=True), meta={"source": str(root)}).validate()
    human = peers[["instance"]].assign(system=peers["summarizer"], coverage=np.nan, quality=np.nan)
    desc = (f"Hong et al. (2014) summaries from {root} with the DUC 2004 models as references"
            f"{f', cut to {length_limit} words' if length_limit else ''} (no human scores).")
    return Evaluation("Hong et al. 2014", desc, corpus, human, {}, byte_limit=None, length_limit=length_limit)


def table3_vs_paper(table3: pd.DataFrame, paper: pd.DataFrame) -> pd.DataFrame:
    """Table 3 per system: printed and recomputed scores (x100) and ranks, with differences."""
    ours = table3.set_index("system")
    out = table3_ranks(paper).rename(columns={"rouge_best": "best_paper", "rouge_original": "original_paper",
                                              "rank_best": "rank_best_paper", "rank_original": "rank_original_paper"})
    out["best_ours"] = ours["rouge_best"].reindex(out["system"]).to_numpy()
    out["original_ours"] = ours["rouge_original"].reindex(out["system"]).to_numpy()
    out["rank_best_ours"] = ours["rank_best"].reindex(out["system"]).to_numpy()
    out["rank_original_ours"] = ours["rank_original"].reindex(out["system"]).to_numpy()
    out["best_diff"] = out["best_ours"] - out["best_paper"]
    out["original_diff"] = out["original_ours"] - out["original_paper"]
    return out
