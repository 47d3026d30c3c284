"""Owczarzak et al. (2012), accuracy of automatic evaluation: the claim rows (the printed tables
checked against each other, pair counts, the findings tested over the summarizers -- the
units the system pairs share -- and by Fisher's test).
"""

from __future__ import annotations

from typing import Mapping, Optional, Sequence

import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.stats.multiplicity import binomial_ci
from evalkit.stats.pairwise import system_pair_bootstrap

from .experiments import difference_histogram
from .spec import MANUAL
from .summarizer_findings import best_variant_claim

__all__ = [
    "ALWAYS_EXCEPTIONS",
    "printed_checks",
    "pair_count_claims",
    "aesop_claims",
    "headline_claims",
    "pooled_histograms",
]


def printed_checks(claims: Claims) -> None:
    """What the printed tables imply, recomputed from them: the pair counts behind Table 1 (not
    printed: derived) and, per manual metric, the share p of manually significant automatic
    pairs implied by sig = p diff + (1 - p) no_diff (Tables 2-3), which must be about equal
    for every variant."""
    t1 = claims.table("table1")
    claims.derived(
        "pairs_auto",
        source="Table 1: sum over years of C(automatic, 2)",
        this_run=int(sum(n * (n - 1) // 2 for n in t1["automatic"])),
        kind="recomputed",
        note="automatic-automatic pairs behind Tables 2-3 (not printed; the notes say 5,266)",
    )
    claims.derived(
        "pairs_human_auto",
        source="Table 1: sum over years of humans x automatic",
        this_run=int((t1["automatic"] * t1["human"]).sum()),
        kind="recomputed",
        note="human-automatic pairs behind Tables 2-3 (not printed; the notes say 1,648)",
    )
    wide = (
        pd.concat([claims.table("table2"), claims.table("table3")])
        .pivot_table(index=["population", "manual", "metric"], columns="measure", values="value")
        .loc["auto"]
    )
    p = (wide["sig"] - wide["no_diff"]) / (wide["diff"] - wide["no_diff"])
    for manual, ps in p.groupby(level="manual"):
        claims.check(
            f"implied_p:{manual}",
            source=f"Tables 2-3, {manual}: sig between diff and no diff",
            printed=f"{len(ps)} variants",
            this_run=f"p from {ps.min():.3f} to {ps.max():.3f}",
            holds=bool(ps.between(0, 1).all() and ps.max() - ps.min() < 0.07),
            kind="consistency",
            evidence="every implied p in [0, 1], spread < 0.07 (integer rounding of the percentages)",
            note="one share of manually significant pairs behind every row",
        )


def pair_count_claims(claims: Claims, agreement: pd.DataFrame, profile: str, quick: bool) -> None:
    """This run's pairs per year against those Table 1 implies (C(n, 2) automatic pairs, humans
    x n human-automatic pairs): on licensed data a check that both populations were built
    whole; on the full sample true by construction (the simulator was given TAC's sizes); on
    a quick run or other data not comparable."""
    t1 = claims.table("table1").set_index("year")
    runs = agreement[agreement["year"] != "mean"].groupby(["year", "population"])["pairs"].first()
    for (year, pop), n in runs.items():
        if not str(year).isdigit() or int(year) not in t1.index:
            continue
        a, h = int(t1.at[int(year), "automatic"]), int(t1.at[int(year), "human"])
        implied = a * (a - 1) // 2 if pop == "auto" else a * h
        what = "C(automatic, 2)" if pop == "auto" else "humans x automatic"
        row = dict(source=f"Table 1, {year}: {what}", printed=implied, this_run=int(n))
        cid = f"table1_pairs:{year}:{pop}"
        if profile == "licensed" and not quick:
            claims.compare(cid, tolerance=0, note="pairs implied by the printed data sizes", **row)
        elif profile == "sample" and not quick:
            claims.by_construction(
                cid, note="the simulated TAC was given Table 1's numbers of summarizers", **row
            )
        else:
            claims.not_comparable(
                cid, note=f"{'quick ' if quick else ''}{profile} data sizes", **row
            )


def pooled_histograms(per_year, scores, variants, bin_width: float = 0.0035) -> pd.DataFrame:
    """:func:`difference_histogram` of ROUGE-2 (``r2m``) for every year run, pooled."""
    frames = [
        difference_histogram(scores[y], per_year[y]["auto"], "r2m", bin_width).assign(year=str(y))
        for y in per_year
        if "r2m" in variants and "r2m" in scores.get(y, {})
    ]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


#: The share of exceptions "always" (Figures 1-2) is read to allow: fewer than 1 pair in 20.
ALWAYS_EXCEPTIONS = 1 / 20
#: What an exception to Figure 1 / Figure 2 is, by the flag of :func:`pooled_histograms`.
_EXCEPTION = {"significant": "are not significant", "agrees": "disagree with the manual ranking"}


def _always_above(
    claims: Claims, cid: str, big: pd.DataFrame, flag: str, t: float, fig: str, note: str
) -> None:
    """Figures 1-2's "every pair above ``t`` is significant / agrees" on this run's pairs
    ``big`` (``flag`` true for such a pair): the share of exceptions against
    :data:`ALWAYS_EXCEPTIONS`, difference = tolerance - share (the paper: > 0), with the
    wider of two 95% intervals of the share: Clopper-Pearson over the pairs and the
    summarizer-resampling bootstrap (:func:`evalkit.stats.pairwise.system_pair_bootstrap`,
    years apart); the pairs share summarizers, and no exception in a handful of pairs (a
    quick run) is no evidence that there are none (before, a count: all of a quick run's few
    pairs agreed, while the full sample's many differed)."""
    miss = (~big[flag].astype(bool)).astype(float)
    k, n = int(miss.sum()), len(big)
    ci = binomial_ci(k, n, method="exact").iloc[0]
    lo, hi = float(ci["ci_low"]), float(ci["ci_high"])
    if big[["year", "system_a", "system_b"]].drop_duplicates().shape[0] > 1:
        _, lo, hi = system_pair_bootstrap(
            big["system_a"], big["system_b"], miss, groups=big["year"], holding=(lo, hi)
        )
    claims.finding(
        cid,
        source=fig,
        printed=f"all pairs above {t:g}",
        this_run=f"{n - k} of {n}",
        expected=">",
        difference=ALWAYS_EXCEPTIONS - k / n,
        ci=(ALWAYS_EXCEPTIONS - hi, ALWAYS_EXCEPTIONS - lo),
        test=f"share of the pairs with ROUGE-2 difference > {t:g} that {_EXCEPTION[flag]}, "
        "against the tolerance 1 in 20 ('always'): the wider of the Clopper-Pearson and the "
        "summarizer-resampling bootstrap 95% intervals",
        note=note,
    )


def headline_claims(
    claims: Claims,
    per_year,
    variants: Sequence[str],
    scores,
    *,
    n_resamples: int = 1000,
    seed: int = 0,
) -> None:
    """The findings of the abstract, Section 4.1 and Section 6, tested on this run:

    * ``best_variant:<population>:<manual>``: the printed best variant of Table 3's ``sig``
      column (ROUGE-2 for automatic pairs, ROUGE-1 for human-automatic pairs) against this
      run's best other variant, the summarizer-resampling interval of the difference in
      significance agreement (:func:`.summarizer_findings.best_variant_claim`; ``n_resamples``, ``seed``);
    * ``coinflip_below:<manual>``: pairs whose ROUGE-2 difference is below the printed
      threshold (Section 6) agree with the manual ranking less often than the others
      (Fisher's exact test);
    * ``always_significant_above:<manual>`` / ``always_agree_above:<manual>``: every pair whose
      ROUGE-2 difference exceeds the printed thresholds of Figures 1-2 is significant /
      agrees (:func:`_always_above`; not comparable where no pair differs that much);
    * ``small_difference_significant:<manual>``: the share of significant pairs among those
      within Figure 1's smallest difference (derived: the paper gives a rough count).
    """
    from scipy.stats import fisher_exact

    printed = claims.table("table3")
    sig = printed[printed["measure"] == "sig"]
    for pop in ("auto", "human_auto"):
        for manual in MANUAL:
            best_variant_claim(claims, pop, manual, per_year, variants, sig, n_resamples, seed)
    text = claims.table("text_numbers").set_index("claim_id")["value"]
    hist = pooled_histograms(per_year, scores, variants)
    note = "ROUGE-2 differences of automatic pairs, all years pooled; the paper's TAC thresholds"
    for manual in MANUAL:
        h = hist[hist["manual"] == manual] if len(hist) else hist
        t = float(text["fig2_coinflip_below"])
        cid, source = f"coinflip_below:{manual}", "Section 6; Figure 2"
        below = h[h["diff"] < t] if len(h) else h
        above = h[h["diff"] >= t] if len(h) else h
        if len(below) and len(above):
            counts = [[int(x["agrees"].sum()), int((~x["agrees"]).sum())] for x in (below, above)]
            claims.finding(
                cid,
                source=source,
                printed=f"below {t:g} a large fraction contradicts the manual ranking",
                this_run=f"agree {100 * below['agrees'].mean():.0f}% of {len(below)} below, "
                f"{100 * above['agrees'].mean():.0f}% of {len(above)} above",
                expected="<",
                difference=float(below["agrees"].mean() - above["agrees"].mean()),
                p_value=float(fisher_exact(counts)[1]),
                test="Fisher's exact test, ranking agreement below vs above the threshold",
                note=note,
            )
        else:
            claims.not_comparable(
                cid, source=source, printed=f"< {t:g}", note=f"no pairs on both sides of {t:g}"
            )
        for key_, flag, fig in (
            ("fig1_always_significant_above", "significant", "Figure 1"),
            ("fig2_always_agree_above", "agrees", "Figure 2"),
        ):
            t = float(text[key_])
            cid = f"{key_.split('_', 1)[1]}:{manual}"
            big = h[h["diff"] > t] if len(h) else h
            if not len(big):
                claims.not_comparable(
                    cid, source=fig, printed=f"all above {t:g}", note=f"no pair differs by > {t:g}"
                )
                continue
            _always_above(claims, cid, big, flag, t, fig, note)
        t = float(text["fig1_small_diff"])
        small = h[h["diff"] <= t] if len(h) else h
        claims.derived(
            f"small_difference_significant:{manual}",
            source="Figure 1",
            this_run=f"{int(small['significant'].sum())} of {len(small)}" if len(small) else "-",
            note=f"significant pairs among those within {t:g} (the paper: about 15 of 200)",
        )


def aesop_claims(
    claims: Claims, figures: Mapping[str, Optional[pd.DataFrame]], reference: str
) -> None:
    """Section 5's counts (Figures 3-5: AESOP 2011 metrics significantly better than the
    reference; Figure 4's baselines 57% and 46%) beside this run's counts for evalkit's own
    metrics: never comparable (the AESOP 2011 submissions were not distributed)."""
    printed = claims.table("section5").set_index("claim_id")
    for cid, row in printed.iterrows():
        fig = figures.get(f"figure{cid[6]}")
        this = "-"
        if fig is not None and len(fig) and cid.endswith(("pyramid", "responsiveness", "both")):
            part = fig if row["manual"] == "both" else fig[fig["manual"] == row["manual"]]
            this = int((part["verdict"] == "better").sum())
        claims.not_comparable(
            cid,
            source=row["source"],
            printed=f"{row['value']}{'%' if cid.startswith('figure4_baseline') else ''}",
            this_run=this,
            note=f"the AESOP 2011 metrics were not distributed; this run: evalkit's metrics "
            f"significantly better than {reference}",
        )
