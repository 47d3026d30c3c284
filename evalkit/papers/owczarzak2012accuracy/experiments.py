"""Owczarzak et al. (2012), accuracy of automatic evaluation, on a corpus: the variants' scores,
the Wilcoxon decisions per pair, the agreement tables (Tables 2-3), the difference
histograms (Figures 1-2) and the AESOP procedure (Figures 3-5).
"""

from __future__ import annotations

import warnings
from typing import Dict, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.summary_scores import corpus_pyramids, recall_from_counts, rouge_pair_counts
from evalkit.data.tac_views import TacPart
from evalkit.metrics.pyramid import score_pyramid
from evalkit.metrics.rouge import Rouge
from evalkit.stats.multiplicity import ci_versus_reference
from evalkit.stats.pairwise import (
    decision_agreement,
    population_pairs,
    significance_decisions,
)

from .spec import MANUAL, VARIANTS

__all__ = [
    "variant_counts",
    "auto_scores",
    "human_auto_scores",
    "decisions",
    "year_decisions",
    "agreement_table",
    "layout",
    "public_decisions",
    "human_auto_agreement",
    "difference_histogram",
    "aesop_scores",
    "aesop_agreement",
]


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
    models = {i: part.corpus.models(i) for i in part.instances}
    topics = [i for i in part.instances if human in models[i]]
    others = {i: [m for m in models[i] if m != human] for i in topics}
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
    wrote = {i: set(part.corpus.peers(i)) | {human} for i in topics if i in pyrs}
    written = pd.MultiIndex.from_tuples(
        [(i, s) for i in topics if i in pyrs for s in sorted(who) if s in wrote[i]],
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
    models = [part.corpus.models(i) for i in part.instances]
    for h in part.models:
        if sum(h in m for m in models) < min_topics:
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
    ``manual, diff, bin, significant, agrees, system_a, system_b``."""
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
                (
                    manual,
                    diff,
                    np.floor(diff / bin_width) * bin_width,
                    dm != 0,
                    mine[(a, b)] == sgn,
                    a,
                    b,
                )
            )
    columns = ["manual", "diff", "bin", "significant", "agrees", "system_a", "system_b"]
    return pd.DataFrame(rows, columns=columns)


_CI_COLUMNS = [
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


def _versus_reference(
    rates: Mapping[str, Tuple[int, int]], reference: str, manual: str
) -> pd.DataFrame:
    """One manual metric's rows of Figures 3-5: per run, ``rates[run] = (agreeing pairs,
    pairs)``, its proportion with a 95% CI and the verdict against ``reference``'s
    proportion; ``no pairs`` when the reference has none to compare."""
    runs = list(rates)
    if rates[reference][1] == 0:  # no pair to compare (e.g. no manually significant pair)
        return pd.DataFrame(
            {
                "manual": manual,
                "metric": runs,
                "successes": 0,
                "n": 0,
                "proportion": np.nan,
                "ci_low": np.nan,
                "ci_high": np.nan,
                "reference": np.nan,
                "verdict": "no pairs",
            }
        )[_CI_COLUMNS]
    ref = rates[reference][0] / rates[reference][1]
    ci = ci_versus_reference([rates[r][0] for r in runs], [rates[r][1] for r in runs], ref)
    return ci.assign(metric=runs, manual=manual)[_CI_COLUMNS]


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
        rows.append(_versus_reference(hits, reference, manual))
    return pd.concat(rows, ignore_index=True)


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
        rows.append(_versus_reference(rates, reference, manual))
    return pd.concat(rows, ignore_index=True)
