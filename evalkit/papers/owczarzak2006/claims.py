"""Owczarzak et al. (2006): the findings tested on a run (:func:`gain_finding`,
:func:`bitext_size_finding`, :func:`correlation_findings`)."""

from __future__ import annotations

from typing import Optional

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims

__all__ = ["correlation_findings", "bitext_size_finding", "gain_finding"]


def gain_finding(c: Claims, gains: pd.DataFrame) -> None:
    """``multi_raises_scores`` (Sec. 4, Conclusion): every system's BLEU and NIST rise with
    the generated references, tested by :func:`reference_gain`'s paired bootstrap; the
    row reports the weakest (system, metric) pair, so it agrees only if every interval lies
    above 0 (intersection-union)."""
    g = gains.assign(rel=gains["ci_low"] / gains["single"].abs().replace(0, np.nan))
    weakest = g.loc[g["rel"].fillna(-np.inf).idxmin()]
    c.finding(
        "multi_raises_scores",
        source="Table 1 / Section 6",
        printed="multiple references raise BLEU and NIST",
        expected=">",
        difference=float(weakest["gain"]),
        ci=(float(weakest["ci_low"]), float(weakest["ci_high"])),
        test=f"paired bootstrap 95% CI over segments, weakest of {len(g)} (system, metric) "
        f"pairs: {weakest.get('system', '')} {weakest['metric']}",
        this_run="; ".join(
            f"{r.get('system', '')} {r['metric']} {r['gain']:+.4f}" for _, r in g.iterrows()
        ),
        note="near-tautological: references are added, and a clipped n-gram match cannot "
        "fall; only the brevity penalty and NIST's information weights can lower a score. "
        "The interval asks whether the gain exceeds the resampling noise",
    )


def bitext_size_finding(c: Claims, accuracy: Optional[pd.DataFrame], alpha: float = 0.05) -> None:
    """Table 5: the best paraphrases of the larger bitext are syntactically more accurate
    (``bigger_bitext_better_best``): the two shares of graded items compared by Fisher's
    exact test (two-sided); not comparable without the concept oracle (``accuracy`` None)."""
    printed = "best paraphrases: larger bitext, higher syntactic accuracy"
    if accuracy is None:
        c.not_comparable(
            "bigger_bitext_better_best",
            source="Table 5",
            printed=printed,
            note="no oracle to grade paraphrases on this profile",
        )
        return
    from scipy.stats import fisher_exact

    best = accuracy[accuracy["paraphrases"] == "best"].set_index("bitext")
    ok = {k: int(round(best.loc[k, "syntactic"] * best.loc[k, "graded"])) for k in best.index}
    n = {k: int(best.loc[k, "graded"]) for k in best.index}
    table = [[ok["large"], n["large"] - ok["large"]], [ok["small"], n["small"] - ok["small"]]]
    p = float(fisher_exact(table).pvalue) if min(n.values()) > 0 else 1.0
    diff = (ok["large"] / max(n["large"], 1)) - (ok["small"] / max(n["small"], 1))
    c.finding(
        "bigger_bitext_better_best",
        source="Table 5",
        printed=printed,
        expected=">",
        difference=diff,
        p_value=p,
        alpha=alpha,
        test="Fisher's exact test (two-sided) on the graded items",
        this_run=f"large {ok['large']}/{n['large']}, small {ok['small']}/{n['small']}",
        note="graded by the simulator's concept oracle, not by judges",
    )


def correlation_findings(c: Claims, table: pd.DataFrame, alpha: float = 0.05) -> None:
    """Sec. 4's findings on Table 2 tested on one system's :func:`sentence_correlations`
    (``table``: rows per metric): ``multi_raises_r`` (the multi-reference r above the single
    one for every metric: Williams test per metric, intersection-union over the metrics)
    and ``smoothing_raises_r`` (add-one smoothed BLEU above BLEU, single reference,
    Williams test). Without human scores (daRR) both are not comparable."""
    from evalkit.stats.multiplicity import intersection_union

    printed = {
        "multi_raises_r": "multi-reference r higher for every metric",
        "smoothing_raises_r": "add-one smoothed BLEU correlates better than BLEU",
    }
    if "p_williams" not in table.columns or not np.isfinite(table["p_williams"]).any():
        for cid, text in printed.items():
            c.not_comparable(
                cid,
                source="Table 2 / Section 4",
                printed=text,
                note="no sentence-level human scores here (relative rankings)",
            )
        return
    t = table.set_index("metric")
    ok = t[np.isfinite(t["p_williams"])]
    diff, p = intersection_union((ok["multi"] - ok["single"]).to_numpy(), ok["p_williams"])
    c.finding(
        "multi_raises_r",
        source="Table 2 / Section 6",
        printed=printed["multi_raises_r"],
        expected=">",
        difference=diff,
        p_value=p,
        alpha=alpha,
        test=f"Williams test (two-sided) per metric, intersection-union over {len(ok)} metrics",
        this_run="; ".join(f"{m} {r.single:.3f} -> {r.multi:.3f}" for m, r in ok.iterrows()),
        note="the paper's footnote 6 bootstrap is column p_rise of the table",
    )
    row = t.loc["BLEU smoothed"]
    if np.isfinite(row["p_vs_bleu"]):
        c.finding(
            "smoothing_raises_r",
            source="Section 4",
            printed=printed["smoothing_raises_r"],
            expected=">",
            difference=float(row["single"] - t.loc["BLEU", "single"]),
            p_value=float(row["p_vs_bleu"]),
            alpha=alpha,
            test="Williams test (two-sided), single reference",
        )
    else:
        c.not_comparable(
            "smoothing_raises_r",
            source="Section 4",
            printed=printed["smoothing_raises_r"],
            note="sentence BLEU is constant (no 4-gram matches): r undefined",
        )
