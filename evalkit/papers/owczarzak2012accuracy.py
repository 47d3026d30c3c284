"""Owczarzak, Conroy, Dang & Nenkova (2012), *An Assessment of the Accuracy of Automatic
Evaluation in Summarization* (NAACL 2012 workshop, pp. 1-9): what only this paper defines.

* **Variants** (§4.1): ROUGE-1, ROUGE-2, ROUGE-SU4 recall, stemmed (``m``), with and without
  stop-word removal (``s``): ``r1m r1ms r2m r2ms r4m r4ms`` (``r4`` = SU4), 100-word summaries.
* **Decisions** (§3, Definition 1): two-sided Wilcoxon signed-rank test per pair of summarizers
  over the topics both have, alpha 0.05, no correction (:func:`evalkit.stats.pairwise.significance_decisions`).
* **Populations**: automatic vs automatic on all topics; a human (model writer) vs each
  automatic system on the topics the human wrote a model for, both scored against the *same*
  other models (ROUGE from per-(peer, model) counts, pyramids rebuilt without the human).
* **Agreement** (Tables 2-3): diff, no diff, contr, sig and all accuracy per year
  (:func:`evalkit.stats.pairwise.decision_agreement`), averaged over the years (macro, inferred).
* **Histograms** (Figures 1-2): per automatic pair, |difference of mean ROUGE-2| against the
  manual decision and the ranking agreement.
* **AESOP** (Figures 3-5): agreement of each submitted metric with a binomial normal CI against
  the reference metric's rate (:func:`evalkit.stats.multiplicity.ci_versus_reference`).
"""

from __future__ import annotations

import warnings
from typing import Dict, List, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.notebook.params import Parameter as P
from evalkit.notebook.claims import Claims
from evalkit.data.summary_scores import corpus_pyramids, recall_from_counts, rouge_pair_counts
from evalkit.data.tac_views import TacPart
from evalkit.metrics.pyramid import score_pyramid
from evalkit.metrics.rouge import Rouge
from evalkit.stats.multiplicity import ci_versus_reference
from evalkit.stats.pairwise import (
    agreement_indicators,
    decision_agreement,
    mcnemar_test,
    population_pairs,
    significance_decisions,
)

__all__ = [
    "PAPER",
    "NOTEBOOKS",
    "VARIANTS",
    "variant_counts",
    "auto_scores",
    "human_auto_scores",
    "decisions",
    "year_decisions",
    "agreement_table",
    "layout",
    "public_decisions",
    "printed_checks",
    "pair_count_claims",
    "finding_claims",
    "aesop_claims",
    "headline_claims",
    "pooled_histograms",
    "human_auto_agreement",
    "difference_histogram",
    "aesop_scores",
    "aesop_agreement",
]

PAPER = "owczarzak2012accuracy"
#: variant -> (stop words removed, ROUGE method)
VARIANTS = {
    "r1m": (False, "ROUGE-1"),
    "r1ms": (True, "ROUGE-1"),
    "r2m": (False, "ROUGE-2"),
    "r2ms": (True, "ROUGE-2"),
    "r4m": (False, "ROUGE-SU4"),
    "r4ms": (True, "ROUGE-SU4"),
}
MANUAL = ("pyramid", "responsiveness")

_VARIANTS = P("variants", list, default=list(VARIANTS), choices=tuple(VARIANTS))
_ALPHA = P("alpha", float, default=0.05, low=0, high=1, help="Wilcoxon level, no correction")
NOTEBOOKS = {
    "01_rouge_agreement": (
        P(
            "years",
            list,
            default=[2008, 2009, 2010, 2011],
            quick=[2011],
            element=int,
            choices=(2008, 2009, 2010, 2011),
        ),
        _VARIANTS,
        _ALPHA,
        P("contr_denominator", str, default="manual_diff", choices=("manual_diff", "all")),
        P("bin_width", float, default=0.0035, low=0, help="Figures 1-2 bins"),
    ),
    "02_aesop_agreement": (
        _VARIANTS,
        _ALPHA,
        P("aesop_year", int, default=2011, choices=(2009, 2010, 2011)),
        P("reference_auto", str, default="r2m", choices=tuple(VARIANTS)),
        P("reference_human", str, default="r1m", choices=tuple(VARIANTS)),
    ),
}


def variant_counts(part: TacPart, length_limit: Optional[int] = 100) -> Dict[bool, pd.DataFrame]:
    """ROUGE pair counts with stop words kept (False) and removed (True)."""
    return _counts(part.corpus, part.instances, length_limit)


def _counts(corpus, instances, length_limit):
    return {
        stop: rouge_pair_counts(
            corpus,
            Rouge(
                n=2,
                lcs=False,
                skip=4,
                su="SU",
                stem=True,
                stopwords=stop,
                length_limit=length_limit,
            ),
            instances,
        )
        for stop in (False, True)
    }


def public_decisions(name: str, variants: Sequence[str], quick: bool = False, alpha: float = 0.05):
    """Stand-ins, automatic pairs only: ``summeval`` (expert relevance as Responsiveness, 11
    references) or ``realsumm`` (LitePyramid recall as Pyramid, 1 reference); summaries are
    not truncated. Returns ``({"auto": decisions}, scores)``."""
    from evalkit.data import realsumm, summeval

    corpus = (
        summeval.load_summeval(documents=False)
        if name == "summeval"
        else realsumm.load_realsumm(documents=False)
    )
    insts = list(corpus.instances["instance"])[: 20 if quick else None]
    counts = _counts(corpus, insts, None)
    judgment, manual = (
        ("relevance", "responsiveness") if name == "summeval" else ("litepyramid_recall", "pyramid")
    )
    j = corpus.judgments
    j = j[(j["judgment"] == judgment) & j["instance"].isin(set(insts))].rename(
        columns={"summarizer": "system"}
    )
    scores = {manual: j[["instance", "system", "value"]]}
    for v in variants:
        stop, method = VARIANTS[v]
        r = recall_from_counts(counts[stop], method)
        scores[v] = r[r["system"].isin(set(corpus.peers()))][["instance", "system", "value"]]
    return {"auto": decisions(scores, alpha=alpha)}, scores


def auto_scores(
    part: TacPart, counts: Mapping[bool, pd.DataFrame], variants: Sequence[str]
) -> Dict[str, pd.DataFrame]:
    """Automatic peers on all topics: metric -> ``instance, system, value`` (manual and ROUGE)."""
    out = {m: part.scores(m, part.peers) for m in MANUAL}
    for v in variants:
        stop, method = VARIANTS[v]
        r = recall_from_counts(counts[stop], method)
        out[v] = r[r["system"].isin(set(part.peers))][["instance", "system", "value"]]
    return out


def human_auto_scores(
    part: TacPart, counts: Mapping[bool, pd.DataFrame], variants: Sequence[str], human: str
) -> Dict[str, pd.DataFrame]:
    """Human ``human`` and the automatic peers on the topics ``human`` wrote a model for, all
    scored against the other models of each topic (Responsiveness as judged)."""
    topics = [i for i in part.instances if human in part.corpus.models(i)]
    others = {i: [m for m in part.corpus.models(i) if m != human] for i in topics}
    who = set(part.peers) | {human}
    out: Dict[str, pd.DataFrame] = {}
    resp = part.scores("responsiveness", sorted(who))
    out["responsiveness"] = resp[resp["instance"].isin(set(topics))]
    pyrs = corpus_pyramids(part.corpus, topics)
    rows = [score_pyramid(pyrs[i], others[i], summarizers=sorted(who)) for i in topics if i in pyrs]
    pyr = pd.concat(rows, ignore_index=True).rename(
        columns={"summarizer": "system", "score": "value"}
    )
    # a summary that matches no SCU of the rebuilt pyramid has no row: its score is 0
    # (TAC's official files give it 0 too), not a missing input
    written = pd.MultiIndex.from_tuples(
        [
            (i, s)
            for i in topics
            if i in pyrs
            for s in sorted(who)
            if s in set(part.corpus.peers(i)) | {human}
        ],
        names=["instance", "system"],
    )
    pyr = pyr.set_index(["instance", "system"])["value"].reindex(written).fillna(0.0)
    out["pyramid"] = pyr.reset_index()[["instance", "system", "value"]]
    for v in variants:
        stop, method = VARIANTS[v]
        c = counts[stop]
        c = c[c["instance"].isin(set(topics)) & c["system"].isin(who)]
        out[v] = recall_from_counts(c, method, others)[["instance", "system", "value"]]
    return out


def decisions(
    scores: Mapping[str, pd.DataFrame], pairs=None, alpha: float = 0.05
) -> Dict[str, pd.DataFrame]:
    """Significance decisions per metric (Wilcoxon, two-sided; ``pairs`` restricts the pairs)."""
    with (
        warnings.catch_warnings()
    ):  # scipy warns on pairs whose differences are all 0 (p = NaN -> 0)
        warnings.simplefilter("ignore", RuntimeWarning)
        return {
            m: significance_decisions(s, test="wilcoxon", alpha=alpha, pairs=pairs)
            for m, s in scores.items()
        }


def year_decisions(
    part: TacPart, variants: Sequence[str], alpha: float = 0.05, min_topics: int = 2
) -> Dict[str, Dict[str, pd.DataFrame]]:
    """Both populations of one year: ``{"auto": {metric: decisions}, "human_auto": {...}}`` and
    the automatic scores (``["scores"]``). Humans with fewer than ``min_topics`` topics are left
    out (quick samples)."""
    counts = variant_counts(part)
    auto = auto_scores(part, counts, variants)
    per_human: Dict[str, List[pd.DataFrame]] = {}
    for h in part.models:
        if sum(h in part.corpus.models(i) for i in part.instances) < min_topics:
            continue
        d = decisions(
            human_auto_scores(part, counts, variants, h),
            pairs=population_pairs([h], part.peers),
            alpha=alpha,
        )
        for m, v in d.items():
            per_human.setdefault(m, []).append(v)
    return {
        "auto": decisions(auto, alpha=alpha),
        "human_auto": {m: pd.concat(v, ignore_index=True) for m, v in per_human.items()},
        "scores": auto,
    }


def agreement_table(
    per_year: Mapping[int, Mapping[str, Mapping[str, pd.DataFrame]]],
    variants: Sequence[str],
    contr_denominator: str = "manual_diff",
) -> pd.DataFrame:
    """``per_year[year][population][metric]`` = decisions -> ``year, metric, population, manual,
    pairs, manual_diff, diff, no_diff, contr, sig, all`` (proportions) plus ``year = "mean"``
    rows (the unweighted mean over years)."""
    rows = []
    for year, pops in per_year.items():
        for pop in ("auto", "human_auto"):
            dec = pops.get(pop, {})
            for manual in (m for m in MANUAL if m in dec):
                for v in variants:
                    a = decision_agreement(
                        dec[manual], dec[v], contr_denominator=contr_denominator
                    ).iloc[0]
                    rows.append(
                        (
                            year,
                            v,
                            pop,
                            manual,
                            int(a["pairs"]),
                            int(a["manual_diff"]),
                            a["diff"],
                            a["no_diff"],
                            a["contr"],
                            a["sig_accuracy"],
                            a["all_accuracy"],
                        )
                    )
    d = pd.DataFrame(
        rows,
        columns=[
            "year",
            "metric",
            "population",
            "manual",
            "pairs",
            "manual_diff",
            "diff",
            "no_diff",
            "contr",
            "sig",
            "all",
        ],
    )
    mean = d.groupby(["metric", "population", "manual"], sort=False)[
        ["diff", "no_diff", "contr", "sig", "all"]
    ].mean()
    sums = d.groupby(["metric", "population", "manual"], sort=False)[["pairs", "manual_diff"]].sum()
    mean = pd.concat([sums, mean], axis=1).reset_index().assign(year="mean")
    return pd.concat([d.assign(year=d["year"].astype(str)), mean[d.columns]], ignore_index=True)


def layout(agreement: pd.DataFrame, measures: Sequence[str]) -> pd.DataFrame:
    """The printed long layout of Tables 2 (diff, no_diff, contr) and 3 (sig, all), in percent:
    ``metric, population, manual, measure, value``."""
    m = agreement[agreement["year"] == "mean"]
    long = m.melt(
        id_vars=["metric", "population", "manual"], value_vars=list(measures), var_name="measure"
    )
    long["value"] = 100.0 * long["value"]
    return long[["metric", "population", "manual", "measure", "value"]]


def difference_histogram(
    auto: Mapping[str, pd.DataFrame],
    dec: Mapping[str, pd.DataFrame],
    metric: str = "r2m",
    bin_width: float = 0.0035,
) -> pd.DataFrame:
    """Per automatic pair: ``diff`` = |mean metric(A) - mean metric(B)|, and per manual metric
    whether it finds a significant difference and whether the metric's ranking agrees:
    ``manual, diff, bin, significant, agrees``."""
    means = auto[metric].groupby("system")["value"].mean()
    rows = []
    for manual in (m for m in MANUAL if m in dec):
        d = dec[manual]
        mine = dec[metric].set_index(["system_a", "system_b"])["ranking_sign"]
        for a, b, dm, sgn in d[["system_a", "system_b", "decision", "ranking_sign"]].itertuples(
            index=False
        ):
            diff = abs(float(means[a] - means[b]))
            rows.append(
                (manual, diff, np.floor(diff / bin_width) * bin_width, dm != 0, mine[(a, b)] == sgn)
            )
    return pd.DataFrame(rows, columns=["manual", "diff", "bin", "significant", "agrees"])


def human_auto_agreement(
    human: Mapping[str, pd.DataFrame], variants: Sequence[str], reference: str, alpha: float = 0.05
) -> pd.DataFrame:
    """Figure 4: per manual metric and variant, the share of human-automatic pairs with the
    manual decision, CI and verdict against ``reference``'s share."""
    rows = []
    for manual in (m for m in MANUAL if m in human):
        hits = {
            v: (
                int(
                    (human[v]["decision"].to_numpy() == human[manual]["decision"].to_numpy()).sum()
                ),
                len(human[manual]),
            )
            for v in variants
        }
        ref = hits[reference][0] / max(hits[reference][1], 1)
        ci = ci_versus_reference(
            [hits[v][0] for v in variants], [hits[v][1] for v in variants], ref
        )
        rows.append(ci.assign(metric=list(variants), manual=manual))
    out = pd.concat(rows, ignore_index=True)
    return out[
        [
            "manual",
            "metric",
            "successes",
            "n",
            "proportion",
            "ci_low",
            "ci_high",
            "reference",
            "verdict",
        ]
    ]


def aesop_scores(auto: Mapping[str, pd.DataFrame], variants: Sequence[str]) -> pd.DataFrame:
    """The sample AESOP submission: one run per evalkit metric, ``instance, system, metric, value``."""
    return pd.concat([auto[v].assign(metric=v) for v in variants], ignore_index=True)[
        ["instance", "system", "metric", "value"]
    ]


def aesop_agreement(
    submission: pd.DataFrame,
    manual_decisions: Mapping[str, pd.DataFrame],
    reference: str,
    alpha: float = 0.05,
    subset: str = "all_pairs",
) -> pd.DataFrame:
    """Figures 3 and 5: per AESOP run and manual metric, the share of automatic pairs on which
    the run's decision equals the manual one (``subset="manual_sig"``: only pairs the manual
    metric finds different), with a 95% normal CI and the verdict against ``reference``."""
    rows = []
    for manual, dm in manual_decisions.items():
        man = dm.set_index(["system_a", "system_b"])["decision"]
        keep = man != 0 if subset == "manual_sig" else pd.Series(True, index=man.index)
        rates = {}
        for run, part in submission.groupby("metric", sort=False):
            d = significance_decisions(
                part[["instance", "system", "value"]], test="wilcoxon", alpha=alpha
            )
            da = d.set_index(["system_a", "system_b"])["decision"].reindex(man.index)
            rates[run] = (int(((da == man) & keep).sum()), int(keep.sum()))
        runs = list(rates)
        if rates[reference][1] == 0:  # no pair to compare (e.g. no manually significant pair)
            rows.append(
                pd.DataFrame(
                    {
                        "successes": 0,
                        "n": 0,
                        "proportion": np.nan,
                        "ci_low": np.nan,
                        "ci_high": np.nan,
                        "reference": np.nan,
                        "verdict": "no pairs",
                        "metric": runs,
                        "manual": manual,
                    }
                )
            )
            continue
        ref = rates[reference][0] / rates[reference][1]
        ci = ci_versus_reference([rates[r][0] for r in runs], [rates[r][1] for r in runs], ref)
        rows.append(ci.assign(metric=runs, manual=manual))
    out = pd.concat(rows, ignore_index=True)
    return out[
        [
            "manual",
            "metric",
            "successes",
            "n",
            "proportion",
            "ci_low",
            "ci_high",
            "reference",
            "verdict",
        ]
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


def _pooled(per_year, population: str, manual: str, variant: str) -> Optional[pd.DataFrame]:
    """Per-pair agreement indicators of ``variant`` with ``manual`` over every year run."""
    frames = [
        agreement_indicators(pops[population][manual], pops[population][variant])
        for pops in per_year.values()
        if population in pops and {manual, variant} <= set(pops[population])
    ]
    return pd.concat(frames, ignore_index=True) if frames else None


def finding_claims(claims: Claims, table3: pd.DataFrame, per_year) -> None:
    """Finding 4 (Table 3): ranking accuracy (``all``) above significance accuracy (``sig``),
    per population and manual metric, tested for the reference ROUGE-2 (``r2m``) with an
    exact McNemar test on the pooled pairs (all-agreement vs sig-agreement of each pair)."""
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
        diff, p = mcnemar_test(ind["rank"], ind["sig"])
        claims.finding(
            cid,
            source=source,
            printed=f"all >= sig for every variant: {'yes' if holds_printed else 'no'}",
            expected=">" if holds_printed else "<",
            difference=diff,
            p_value=p,
            test=f"exact McNemar, r2m ranking vs significance agreement, {len(ind)} pairs",
        )


def pooled_histograms(per_year, scores, variants, bin_width: float = 0.0035) -> pd.DataFrame:
    """:func:`difference_histogram` of ROUGE-2 (``r2m``) for every year run, pooled."""
    frames = [
        difference_histogram(scores[y], per_year[y]["auto"], "r2m", bin_width).assign(year=str(y))
        for y in per_year
        if "r2m" in variants and "r2m" in scores.get(y, {})
    ]
    return pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()


def headline_claims(claims: Claims, per_year, variants: Sequence[str], scores) -> None:
    """The findings of the abstract, Section 4.1 and Section 6, tested on this run:

    * ``best_variant:<population>:<manual>``: the printed best variant of Table 3's ``sig``
      column (ROUGE-2 for automatic pairs, ROUGE-1 for human-automatic pairs) against this
      run's best other variant, exact McNemar test on the pooled pairs;
    * ``coinflip_below:<manual>``: pairs whose ROUGE-2 difference is below the printed
      threshold (Section 6) agree with the manual ranking less often than the others
      (Fisher's exact test);
    * ``always_significant_above:<manual>`` / ``always_agree_above:<manual>``: every pair whose
      ROUGE-2 difference exceeds the printed thresholds of Figures 1-2 is significant /
      agrees (checked; not comparable where no pair differs that much);
    * ``small_difference_significant:<manual>``: the share of significant pairs among those
      within Figure 1's smallest difference (derived: the paper gives a rough count).
    """
    from scipy.stats import fisher_exact

    printed = claims.table("table3")
    sig = printed[printed["measure"] == "sig"]
    for pop in ("auto", "human_auto"):
        for manual in MANUAL:
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
                continue
            rates = {v: float(x["sig"].mean()) for v, x in pooled.items()}
            other = max((v for v in rates if v != best), key=rates.get)
            diff, p = mcnemar_test(pooled[best]["sig"], pooled[other]["sig"])
            claims.finding(
                cid,
                source=source,
                printed=f"{best} best (sig {p_rows[best]:.0f}%)",
                this_run=f"{best} {100 * rates[best]:.1f}% vs {other} {100 * rates[other]:.1f}%",
                expected=">",
                difference=diff,
                p_value=p,
                test=f"exact McNemar, {best} vs this run's best other variant, "
                f"{len(pooled[best])} pairs",
            )
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
            claims.check(
                cid,
                source=fig,
                printed=f"all pairs above {t:g}",
                this_run=f"{int(big[flag].sum())} of {len(big)}",
                holds=bool(big[flag].all()),
                evidence=f"every pair with ROUGE-2 difference > {t:g}",
                note=note,
            )
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
