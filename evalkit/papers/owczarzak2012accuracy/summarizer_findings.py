"""Owczarzak et al. (2012): the findings tested over the summarizers, the units the system pairs
share -- finding 4 (ranking above significance agreement) and the best variant -- as the
mean over the pooled pairs of a per-pair difference of agreement indicators (range -1..1),
with a 95% vertex-bootstrap interval resampling the summarizers within each year
(:func:`evalkit.stats.pairwise.system_pair_bootstrap`; Snijders & Borgatti 1999). McNemar's
test over the pairs, which share summarizers, was anti-conservative.
"""

from __future__ import annotations

from typing import Optional

import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.stats.pairwise import agreement_indicators, system_pair_bootstrap


__all__ = ["finding_claims", "best_variant_claim"]


def _pooled(per_year, population: str, manual: str, variant: str) -> Optional[pd.DataFrame]:
    """Per-pair agreement indicators of ``variant`` with ``manual`` over every year run:
    ``year, system_a, system_b, sig, rank`` (:func:`agreement_indicators`)."""
    frames = []
    for year, pops in per_year.items():
        if population in pops and {manual, variant} <= set(pops[population]):
            ind = agreement_indicators(pops[population][manual], pops[population][variant])
            pairs = pd.DataFrame(list(ind.index), columns=["system_a", "system_b"])
            frames.append(pairs.assign(year=str(year), **ind.reset_index(drop=True)))
    return pd.concat(frames, ignore_index=True) if frames else None


def _manual_significant(per_year, population: str, manual: str) -> float:
    """The share of ``population``'s pairs (every year run) that ``manual`` calls significantly
    different."""
    d = [
        pops[population][manual]["decision"]
        for pops in per_year.values()
        if manual in pops.get(population, {})
    ]
    return float((pd.concat(d) != 0).mean())


#: Why significance agreement is not comparable on a run without manually significant pairs.
_NO_MANUAL_SIG = (
    "no pair is manually significant on this run (on fewer than 6 topics the signed-rank "
    "test's smallest two-sided p, 2 / 2^n, is above alpha), so significance agreement is "
    "agreement on 'no difference' by the test's resolution, not the accuracy the paper measures"
)


def _summarizer_finding(
    claims: Claims,
    cid: str,
    pairs: pd.DataFrame,
    values: pd.Series,
    *,
    manual_share: float,
    what: str,
    expected: str,
    n_resamples: int,
    seed: int,
    note: str = "",
    **row,
) -> None:
    """A finding on the mean of a per-pair value (``values``, aligned with ``pairs``: ``year,
    system_a, system_b``) with the 95% vertex-bootstrap interval resampling the summarizers
    within each year (:func:`evalkit.stats.pairwise.system_pair_bootstrap`); the test names
    ``what``, the pairs and the summarizers (the units). Not comparable when no pair is
    manually significant (``manual_share`` 0: :data:`_NO_MANUAL_SIG`)."""
    if manual_share == 0:
        claims.not_comparable(cid, note=_NO_MANUAL_SIG, **row)
        return
    diff, lo, hi = system_pair_bootstrap(
        pairs["system_a"],
        pairs["system_b"],
        values.astype(float),
        groups=pairs["year"],
        n_resamples=n_resamples,
        seed=seed,
    )
    units = set(zip(pairs["year"], pairs["system_a"])) | set(zip(pairs["year"], pairs["system_b"]))
    claims.finding(
        cid,
        expected=expected,
        difference=diff,
        ci=(lo, hi),
        note=note,
        test=f"{what} over {len(pairs)} pairs, 95% bootstrap CI resampling the {len(units)} "
        "summarizers within each year (data set)",
        **row,
    )


def finding_claims(
    claims: Claims, table3: pd.DataFrame, per_year, *, n_resamples: int = 1000, seed: int = 0
) -> None:
    """Finding 4 (Table 3): ranking accuracy (``all``) above significance accuracy (``sig``),
    per population and manual metric, for the reference ROUGE-2 (``r2m``): the mean over the
    pooled pairs of the pair's ranking agreement minus its significance agreement, with a 95%
    interval from resampling the summarizers within each year
    (:func:`evalkit.stats.pairwise.system_pair_bootstrap`; ``n_resamples``, ``seed``).

    The summarizers are the units: a pair shares each of its summarizers with every other
    pair of it, so McNemar's test over pairs (this row's test before) was anti-conservative
    and called quick and full runs significant in opposite directions. Significance
    agreement is p diff + (1 - p) no_diff, p the share of manually significant pairs
    (shown): with few topics (a quick run) few pairs are significant and agreeing on "no
    difference" is easy, so ``sig`` can exceed ``all``; the paper's TAC years imply p about
    one half (``implied_p`` rows). With no manually significant pair (a quick run's 5
    topics, where the signed-rank test cannot reach alpha) the row is not comparable."""
    printed = claims.table("table3")
    for (pop, manual), _mine in table3.groupby(["population", "manual"]):
        w = printed[(printed["population"] == pop) & (printed["manual"] == manual)].pivot_table(
            index="metric", columns="measure", values="value"
        )
        holds_printed = bool((w["all"] >= w["sig"]).all())
        cid, source = f"finding4:{pop}:{manual}", f"Table 3, {pop}, {manual}"
        ind = _pooled(per_year, pop, manual, "r2m")
        if ind is None:
            claims.not_comparable(
                cid, source=source, printed=holds_printed, note="r2m not run on this profile"
            )
            continue
        share = _manual_significant(per_year, pop, manual)
        row = dict(
            source=source,
            printed=f"all >= sig for every variant: {'yes' if holds_printed else 'no'}",
            this_run=f"all {ind['rank'].mean():.3f} vs sig {ind['sig'].mean():.3f}; "
            f"{100 * share:.0f}% of pairs manually significant",
        )
        _summarizer_finding(
            claims,
            cid,
            ind,
            ind["rank"].astype(float) - ind["sig"].astype(float),
            manual_share=share,
            what="r2m ranking minus significance agreement",
            n_resamples=n_resamples,
            seed=seed,
            expected=">" if holds_printed else "<",
            note="sig = p diff + (1 - p) no_diff, p the share of manually significant pairs: "
            "few topics leave few pairs significant and make sig high",
            **row,
        )


def best_variant_claim(
    claims: Claims, pop: str, manual: str, per_year, variants, sig, n_resamples: int, seed: int
) -> None:
    """``best_variant:<pop>:<manual>``: the printed best variant of Table 3's ``sig`` column
    against this run's best other variant, the mean over the pooled pairs of the difference
    of their significance agreements, with the summarizer-resampling interval
    (:func:`_summarizer_finding`). Before, McNemar's test over the pairs, which share
    summarizers (every pair of one summarizer moving together made it significant). Not
    comparable without a manually significant pair (:data:`_NO_MANUAL_SIG`)."""
    cid, source = f"best_variant:{pop}:{manual}", "Section 4.1; Table 3"
    p_rows = sig[(sig["population"] == pop) & (sig["manual"] == manual)]
    p_rows = p_rows[p_rows["metric"].isin(variants)].set_index("metric")["value"]
    best = str(p_rows.idxmax()) if len(p_rows) else None
    pooled = {v: _pooled(per_year, pop, manual, v) for v in variants}
    pooled = {v: x for v, x in pooled.items() if x is not None}
    if best is None or best not in pooled or len(pooled) < 2:
        claims.not_comparable(
            cid,
            source=source,
            printed=best or "-",
            note=f"no {pop.replace('_', '-')} pairs for these variants on this profile",
        )
        return
    rates = {v: float(x["sig"].mean()) for v, x in pooled.items()}
    other = max((v for v in rates if v != best), key=rates.get)
    both = pooled[best].merge(
        pooled[other], on=["year", "system_a", "system_b"], suffixes=("", "_other")
    )
    row = dict(
        source=source,
        printed=f"{best} best (sig {p_rows[best]:.0f}%)",
        this_run=f"{best} {100 * rates[best]:.1f}% vs {other} {100 * rates[other]:.1f}%",
    )
    _summarizer_finding(
        claims,
        cid,
        both,
        both["sig"].astype(float) - both["sig_other"].astype(float),
        manual_share=_manual_significant(per_year, pop, manual),
        what=f"significance agreement of {best} minus this run's best other variant ({other})",
        n_resamples=n_resamples,
        seed=seed,
        expected=">",
        **row,
    )
