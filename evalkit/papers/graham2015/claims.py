"""Graham (2015), the claim rows of Tables 1 and 4 and Figure 3: printed correlations on the
paper's data only, statements (BLEU on par with the best variant, Hong et al.'s variants
outperformed, the top level of each option) tested on every data set.
"""

from __future__ import annotations

from typing import Mapping

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims

from .recompute import _printed
from .spec import BEST_VARIANT, COMBINATIONS, HONG2014_VARIANTS, PAPER

__all__ = ["figure3_claims", "table1_claims", "table4_claims"]

_NO_EQUIVALENCE = (
    "a statement that no win is significant: a significant win contradicts it, while none "
    "cannot confirm it without an equivalence test (inconclusive)"
)


def _p_higher(rows: pd.DataFrame) -> np.ndarray:
    """The one-sided Williams p of ``metric_a`` beating ``metric_b`` per row of ``pairs``,
    NaN where ``metric_a`` does not correlate higher (no win to test)."""
    p = rows["p"].to_numpy(float)
    if {"r_a", "r_b"} <= set(rows.columns):
        p = np.where(rows["r_a"].to_numpy(float) > rows["r_b"].to_numpy(float), p, np.nan)
    return p


def _denied_wins(c, cid, *, significant, p_values, same_data, test, note="", **row) -> None:
    """The paper's "not significantly better" over some ordered pairs of metrics
    (``significant``: this run's significant wins among them; ``p_values``: their one-sided
    p-values). On the paper's own data (``same_data``) an exact check; elsewhere a
    significant win makes it differ and no significant win leaves it inconclusive."""
    n_sig = int(np.sum(np.asarray(significant, dtype=bool)))
    p = np.asarray(p_values, dtype=float)
    p_min = float(np.nanmin(p)) if np.isfinite(p).any() else 1.0
    if same_data or n_sig:
        evidence = f"{test}: {n_sig} significant win(s), smallest p = {p_min:.3f}"
        c.check(cid, holds=n_sig == 0, evidence=evidence, note=note, **row)
        return
    c.finding(
        cid,
        expected="<",
        difference=float(n_sig),
        p_value=p_min,
        test=f"{test} (difference: significant wins; the smallest p)",
        note=f"{_NO_EQUIVALENCE}; {note}" if note else _NO_EQUIVALENCE,
        **row,
    )


def _all_beaten(c, cid, *, beaten, p_values, same_data, test, note="", **row) -> None:
    """The paper's "each of these metrics is significantly beaten": ``beaten`` per metric,
    ``p_values`` the smallest one-sided p of a win over it. On the paper's data an exact
    check; elsewhere all beaten agrees (each win significant) and otherwise the
    intersection-union p (the largest) leaves it inconclusive."""
    beaten = np.asarray(beaten, dtype=bool)
    p = np.asarray(p_values, dtype=float)
    if same_data or beaten.all():
        c.check(cid, holds=bool(beaten.all()), evidence=f"{test}", note=note, **row)
        return
    c.finding(
        cid,
        expected=">",
        difference=float(beaten.mean()) if len(beaten) else 0.0,
        p_value=float(np.nanmax(p)) if np.isfinite(p).any() else 1.0,
        test=f"{test}, intersection-union over the {len(beaten)} metrics (difference: the "
        "share beaten)",
        note=note,
        **row,
    )


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

    def denied(a_is, b_is):
        """The rows of ``pairs`` where a metric of ``a_is`` would beat one of ``b_is``."""
        rows = pairs[pairs["metric_a"].map(a_is) & pairs["metric_b"].map(b_is)]
        sig = rows["a_beats_b"] if "a_beats_b" in rows else pd.Series(False, index=rows.index)
        return dict(significant=sig.to_numpy(bool), p_values=_p_higher(rows))

    pair = {"BLEU", top_rouge}
    on_par = denied(lambda m: m in pair, lambda m: m in pair)
    _denied_wins(
        c,
        "bleu_on_par",
        source="Abstract / §4.1 / Conclusion",
        printed="BLEU and the best ROUGE variant: neither significantly better",
        this_run=f"BLEU vs {top_rouge}: "
        + ("significant" if on_par["significant"].any() else "neither significant"),
        same_data=same_data,
        test="Williams test (one-sided), BLEU and the best variant both ways",
        **on_par,
    )
    over_bleu = denied(lambda m: m != "BLEU", lambda m: m == "BLEU")
    _denied_wins(
        c,
        "variants_beating_bleu",
        source="§4.1 / Table 1",
        printed="0 (BLEU •)",
        this_run=int(over_bleu["significant"].sum()),
        same_data=same_data,
        test="Williams test (one-sided) of every variant against BLEU",
        note="ROUGE variants that significantly beat BLEU",
        **over_bleu,
    )
    bleu_best = denied(lambda m: m == "BLEU", lambda m: m == BEST_VARIANT)
    _denied_wins(
        c,
        "bleu_beats_best_variant",
        source="§4.1",
        printed=False,
        this_run=bool(bleu_best["significant"].any()),
        same_data=same_data,
        test="Williams test (one-sided), BLEU against the best variant",
        **bleu_best,
    )
    over_best = denied(lambda m: m != BEST_VARIANT, lambda m: m == BEST_VARIANT)
    _denied_wins(
        c,
        "best_variant_optimal",
        source="§4.1 / Table 1",
        printed=True,
        this_run=not bool(over_best["significant"].any()),
        same_data=same_data,
        test="Williams test (one-sided) of every metric against the best variant",
        **over_best,
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
        v: float(np.nanmin(_p_higher(pairs[pairs["metric_b"] == v]), initial=np.inf))
        for v in hong["variant"]
    }
    best_p = {v: p if np.isfinite(p) else float("nan") for v, p in best_p.items()}
    _all_beaten(
        c,
        "hong_variants_outperformed",
        source="Abstract / §4.1",
        printed="0 of 3 •",
        this_run=f"{int(hong['optimal'].astype(bool).sum())} of {len(hong)} •",
        beaten=~hong["optimal"].astype(bool).to_numpy(),
        p_values=[best_p[v] for v in hong["variant"]],
        same_data=same_data,
        test="Williams test (one-sided): smallest p of a variant beating each: "
        + ", ".join(f"{v} {p:.3f}" for v, p in best_p.items()),
        note="• = not significantly beaten by any metric",
    )
    n_opt, p_opt = (
        int(rouge["optimal"].astype(bool).sum()),
        int(paper.loc[paper["metric"] != "BLEU", "optimal"].sum()),
    )
    if same_data:
        c.check_equal("optimal_variants", source="Table 1 / Table 2", printed=p_opt, this_run=n_opt)
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
    tables: Mapping[str, pd.DataFrame],
    paper: pd.DataFrame,
    data: str,
    same_data: bool = False,
    pairs: Mapping[str, pd.DataFrame] = None,
) -> pd.DataFrame:
    """§6: the highest metric under each combination and the best variant's • under each.
    Which of 25 metrics is highest is compared only on the paper's data (``same_data``):
    elsewhere the top r values are within noise of each other. The best variant's • (not
    significantly beaten) under combination c is read from the Williams tests ``pairs[c]``:
    printed • cannot be confirmed off the paper's data (a significant win contradicts it),
    a printed beating agrees only when a win over it is significant."""
    c = Claims(PAPER, data=data)
    for col, label in COMBINATIONS.items():
        top = paper.loc[paper[f"r_{col}"].idxmax(), "variant"]
        ours = tables[col].iloc[0]["variant"]
        if same_data:
            c.check_equal(
                f"highest_{col}", source="§6 / Table 4", printed=top, this_run=ours, note=label
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
        tests = (pairs or {}).get(col)
        over = tests[tests["metric_b"] == BEST_VARIANT] if tests is not None else None
        p_over = _p_higher(over) if over is not None else np.array([np.nan])
        row = dict(source="§6 / Table 4", printed=p, this_run=o, same_data=same_data)
        test = f"Williams test (one-sided) of every metric against {BEST_VARIANT}"
        if p:
            _denied_wins(
                c,
                f"best_variant_optimal_{col}",
                significant=[not o],
                p_values=p_over,
                test=test,
                note=label,
                **row,
            )
        else:
            _all_beaten(
                c,
                f"best_variant_optimal_{col}",
                beaten=[not o],
                p_values=[np.nanmin(p_over, initial=np.inf)],
                test=test,
                note=label,
                **row,
            )
    return c.frame()


def figure3_claims(
    beats: pd.DataFrame, data: str, pvalues: pd.DataFrame = None, same_data: bool = False
) -> pd.DataFrame:
    """Figure 3's statements (§4.1) beside this run's significant wins (``beats``, row
    significantly beats column) and their one-sided Williams p-values (``pvalues``, from
    :func:`~evalkit.papers.graham2015.figure3_matrices`): "no significant win" statements
    differ on a significant win and are inconclusive otherwise, "all beaten" agrees only
    when every win is significant; exact checks on the paper's data (``same_data``)."""
    c = Claims(PAPER, data=data)
    p = beats.astype(float) * np.nan if pvalues is None else pvalues.reindex_like(beats)
    top, hong = list(beats.index[:9]), [m for m in beats.index if m in HONG2014_VARIANTS]
    test = "Williams test (one-sided)"
    b = bool(beats.loc["BLEU", BEST_VARIANT])
    _denied_wins(
        c,
        "bleu_beats_best_variant",
        source="§4.1 / Figure 3",
        printed=False,
        this_run=b,
        significant=[b],
        p_values=[p.loc["BLEU", BEST_VARIANT]],
        same_data=same_data,
        test=test,
    )
    col = beats.loc[:, "BLEU"]
    _denied_wins(
        c,
        "metrics_beating_bleu",
        source="Figure 3",
        printed=0,
        this_run=int(col.sum()),
        significant=col.to_numpy(bool),
        p_values=p.loc[:, "BLEU"].to_numpy(float),
        same_data=same_data,
        test=test,
    )
    wins = beats.loc[top, hong]
    _all_beaten(
        c,
        "hong_variants_beaten",
        source="§4.1 / Figure 3",
        printed=f"{len(HONG2014_VARIANTS)} of {len(HONG2014_VARIANTS)}",
        this_run=f"{int(wins.any(axis=0).sum())} of {len(hong)}",
        beaten=wins.any(axis=0).to_numpy(bool),
        p_values=p.loc[top, hong].min(axis=0).to_numpy(float),
        same_data=same_data,
        test=f"{test}, a top metric over each of Hong et al.'s variants",
    )
    _denied_wins(
        c,
        "wins_over_top_metrics",
        source="Figure 3",
        printed=0,
        this_run=int(beats.loc[:, top].to_numpy().sum()),
        significant=beats.loc[:, top].to_numpy(bool).ravel(),
        p_values=p.loc[:, top].to_numpy(float).ravel(),
        same_data=same_data,
        test=test,
    )
    return c.frame()
