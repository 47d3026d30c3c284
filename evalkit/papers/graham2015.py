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

from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "COUNTS", "BEST_VARIANT", "HONG2014_VARIANTS", "FIGURE3_METRICS", "LQ_PERCENT", "COMBINATIONS",
    "Variant", "parse_variant", "all_variants", "variant_table",
    "coverage_score", "mean_linguistic_quality", "combine", "system_human_scores",
    "correlation_table", "optimal_shares", "factor_means", "printed_percentages", "compare_with_paper",
    "table3_ranks", "paper_consistency",
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
                        quality: str = "quality") -> pd.Series:
    """System-level human score: the mean over a system's summaries of the per-summary
    combination (§3.1; aggregation inferred). ``per_summary`` has ``system`` (or
    ``summarizer``) and the two score columns; a missing score is an error, not dropped."""
    sys_col = "system" if "system" in per_summary.columns else "summarizer"
    for col in (sys_col, coverage, quality):
        if col not in per_summary.columns:
            raise ParameterError("per_summary", list(per_summary.columns), f"a column {col!r}")
    if per_summary[[coverage, quality]].isna().any().any():
        raise ParameterError("per_summary", "missing coverage or quality", "both scores for every summary")
    values = combine(per_summary[coverage].to_numpy(), per_summary[quality].to_numpy(), how)
    out = pd.Series(values, index=per_summary[sys_col].to_numpy()).groupby(level=0, sort=True).mean()
    out.index.name = "system"
    out.name = how
    return out


# ----------------------------------------------------------------------------- Table 1
def correlation_table(system_scores: pd.DataFrame, human: pd.Series, alpha: float = 0.05) -> Tuple[pd.DataFrame, pd.DataFrame]:
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
    _check(rows, "optimal ROUGE variants (denominator of Table 2)", "Table 1 / Table 2", "80 (implied)", n_opt, n_opt == 80)

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
    by_label = {parse_variant(v).label if v != "BLEU" else "BLEU": row for v, row in zip(t1["variant"], t1.itertuples())}
    rl, r3 = by_label["R-L Y N M P"], by_label["R-3 Y Y A R"]
    _check(rows, "BLEU - median R-L prec. (stemmed, stop words kept): difference, not significant", "§4",
           f"{claim['bleu_minus_rl_ynmp']:.3f}, not sig.", f"{top['r'] - rl.r:.3f}, {'•' if rl.optimal else 'no •'}",
           round(top["r"] - rl.r, 3) == claim["bleu_minus_rl_ynmp"] and bool(rl.optimal))
    _check(rows, "BLEU - average R-3 recall (stemmed, stop words removed): difference, significant", "§4",
           f"{claim['bleu_minus_r3_yyar']:.3f}, sig.", f"{top['r'] - r3.r:.3f}, {'•' if r3.optimal else 'no •'}",
           round(top["r"] - r3.r, 3) == claim["bleu_minus_r3_yyar"] and not r3.optimal)
    _check(rows, "Owczarzak et al. (2012) used fewer than 4 % of the variants", "§2",
           f"{int(claim['owczarzak2012_variants'])} variants, < 4 %", f"{100 * claim['owczarzak2012_variants'] / 192:.3f} %",
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
           f"{int((joined['r_mean'] == joined['r']).sum())} r and {int((joined['optimal_mean'] == joined['optimal']).sum())} • equal", same)
    for c in cols:
        top4 = t4.loc[t4[f"r_{c}"].idxmax()]
        _check(rows, f"Table 4 '{COMBINATIONS[c]}': the highest r is marked •", "Table 4", "•",
               f"{top4['variant']} {top4[f'r_{c}']:.3f} {'•' if top4[f'optimal_{c}'] else 'no •'}", bool(top4[f"optimal_{c}"]))
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
