"""Banerjee & Lavie (2005): the findings tested on a run (:func:`system_findings`,
:func:`segment_finding`, :func:`normalization_finding`)."""

from __future__ import annotations

from typing import Dict

import numpy as np
import pandas as pd

from evalkit.notebook.claims import Claims
from evalkit.stats.williams import williams_p

__all__ = [
    "MODULE_STEPS",
    "system_findings",
    "segment_finding",
    "module_findings",
    "normalization_finding",
]


def system_findings(
    c: Claims, systems: pd.DataFrame, human: pd.Series, table1: pd.DataFrame
) -> None:
    """Sec. 3.2 on Table 1 tested on this run (systems x metrics ``systems``, human system
    scores ``human``, :func:`correlation_table` output ``table1``): ``meteor_best``
    (METEOR against the best other metric) and ``recall_beats_bleu_nist`` (Recall against
    the better of BLEU and NIST), each by the two-sided Williams test over the systems."""
    r = dict(zip(table1["metric"], table1["r"]))
    common = [s for s in systems.index if s in human.index]
    x = systems.loc[common]
    for cid, a, rivals, printed in (
        ("meteor_best", "METEOR", [m for m in r if m != "METEOR"], "METEOR correlates best"),
        ("recall_beats_bleu_nist", "Recall", ["BLEU", "NIST"], "recall alone beats BLEU and NIST"),
    ):
        b_ = max(rivals, key=lambda m: r[m])
        p = williams_p(r[a], r[b_], x[a], x[b_]) if len(common) >= 4 else float("nan")
        if not np.isfinite(p):
            c.not_comparable(
                cid,
                source="Sec. 3.2 / Table 1",
                printed=printed,
                this_run=f"{a} {r[a]:.3f}, {b_} {r[b_]:.3f}",
                note="too few systems for a Williams test",
            )
            continue
        c.finding(
            cid,
            source="Sec. 3.2 / Table 1",
            printed=printed,
            expected=">",
            difference=r[a] - r[b_],
            p_value=p,
            test=f"Williams test (two-sided) over {len(common)} systems, against {b_}",
            this_run=f"{a} {r[a]:.3f}, {b_} {r[b_]:.3f}",
        )


def segment_finding(c: Claims, segment: pd.DataFrame) -> None:
    """The abstract's "an improvement on using simply unigram-precision, unigram-recall and
    their harmonic F1 combination" (``meteor_beats_prf``, Tables 4-5): per system, METEOR's
    segment-level r against the best of Precision, Recall and Fmean on average; the systems
    where METEOR is higher against those where it is lower, by the exact sign test. On
    relative rankings (one pooled tau) there are no per-system correlations: not comparable."""
    from evalkit.stats.multiplicity import sign_test

    per = segment[~segment["system"].isin(["Average", "all pairs"])]
    printed = "METEOR above Precision, Recall and Fmean"
    if per.empty:
        c.not_comparable(
            "meteor_beats_prf",
            source="Abstract / Sec. 3.5",
            printed=printed,
            note="relative rankings: one pooled Kendall-like tau, no per-system correlations",
        )
        return
    wide = per.pivot_table(index="system", columns="metric", values="r")
    rival = max(["Precision", "Recall", "Fmean"], key=lambda m: wide[m].mean())
    d = (wide["METEOR"] - wide[rival]).dropna()
    wins, losses = int((d > 0).sum()), int((d < 0).sum())
    c.finding(
        "meteor_beats_prf",
        source="Abstract / Sec. 3.5",
        printed=printed,
        expected=">",
        difference=float(d.mean()),
        p_value=sign_test(wins, losses),
        test=f"exact sign test over {len(d)} systems (METEOR vs {rival}, per-system r)",
        this_run=f"METEOR above {rival} in {wins} of {len(d)} systems",
    )


#: Sec. 3.6's two findings on Tables 6-7, each a set of steps ``(from, to)`` between the
#: configurations of :data:`~.spec.ABLATION`: "adding either stemming modules to simply using
#: the exact matching improves correlations" and "some further improvement in correlation is
#: produced by adding the synonymy module".
MODULE_STEPS = {
    "stemming_helps": (("exact", "exact+porter"), ("exact", "exact+wn_stem")),
    "synonymy_helps": (("exact+porter", "exact+porter+wn_synonym"),),
}


def module_findings(c: Claims, per_system: pd.DataFrame, printed: Dict[str, str]) -> None:
    """Sec. 3.6 on Tables 6-7 tested on this run, one row per finding of
    :data:`MODULE_STEPS`: for each step, METEOR's per-system segment-level r with the added
    module against without it, by the exact sign test over systems; a finding of several
    steps (either stemming module) by the intersection-union rule (the largest p, all steps
    in one direction). ``per_system``: ``modules, system, r`` (the stop-word setting
    already chosen); ``printed``: the printed statement per claim id. On relative rankings
    (one pooled tau, no per-system r) or a missing configuration: not comparable."""
    from evalkit.stats.multiplicity import intersection_union, sign_test

    per = per_system[~per_system["system"].isin(["Average", "all pairs"])]
    wide = per.pivot_table(index="system", columns="modules", values="r")
    for cid, steps in MODULE_STEPS.items():
        claim = dict(source="Sec. 3.6 / Tables 6-7", printed=printed[cid])
        needed = {m for step in steps for m in step}
        if wide.empty or not needed <= set(wide.columns):
            c.not_comparable(
                cid,
                note="no per-system correlations (relative rankings) or a module "
                "configuration not run",
                **claim,
            )
            continue
        diffs, ps, shown = [], [], []
        for a, b_ in steps:
            d = (wide[b_] - wide[a]).dropna()
            wins, losses = int((d > 0).sum()), int((d < 0).sum())
            diffs.append(float(d.mean()))
            ps.append(sign_test(wins, losses))
            shown.append(f"{b_} above {a} in {wins} of {len(d)} systems")
        diff, p = intersection_union(diffs, ps)
        c.finding(
            cid,
            expected=">",
            difference=diff,
            p_value=p,
            test=f"exact sign test over {len(wide)} systems (per-system r)"
            + (f", {len(steps)} steps by the intersection-union rule" if len(steps) > 1 else ""),
            this_run="; ".join(shown),
            note="difference: mean per-system gain in r from adding the module",
            **claim,
        )


def normalization_finding(
    c: Claims,
    scores: pd.DataFrame,
    raw: pd.DataFrame,
    normalized: pd.DataFrame,
    language: str,
    *,
    metric: str = "METEOR",
    column: str = "combined",
    n_resamples: int = 1000,
    seed: int = 12345,
    **kw,
) -> None:
    """Table 8 / Sec. 3.7's "normalization raises r" tested on this run: the average
    per-system segment-level r of ``metric`` with the ``normalized`` human scores minus that
    with the ``raw`` ones, by the bootstrap over segments (the same draw for both; the
    (segments x systems) matrices' summary-level r is the paper's average per-system r,
    :func:`evalkit.stats.difference_tests.correlation_difference_test`, two-sided). ``kw``
    go to the claim (``data``, ``note``)."""
    from evalkit.stats.difference_tests import correlation_difference_test

    keys = ["system", "document", "segment"]
    merged = (
        scores[keys + [metric]]
        .merge(raw[keys + [column]], on=keys, validate="one_to_one")
        .merge(
            normalized[keys + [column]].rename(columns={column: "_normalized"}),
            on=keys,
            validate="one_to_one",
        )
    )

    def matrix(value: str) -> np.ndarray:
        return merged.pivot_table(
            index=["document", "segment"], columns="system", values=value, aggfunc="first"
        ).to_numpy(float)

    res = correlation_difference_test(
        matrix("_normalized"),
        matrix(column),
        matrix(metric),
        test="boot",
        unit="systems",  # the rows: segments
        level="summary",  # r per column (system), averaged
        method="pearson",
        n_resamples=n_resamples,
        alternative="two-sided",
        seed=seed,
    ).iloc[0]
    c.finding(
        f"normalization_raises_r_{language}",
        source="Table 8 / Section 3.7",
        printed="normalized > raw",
        expected=">",
        difference=float(res["delta"]),
        p_value=float(res["p_value"]),
        test=f"bootstrap of the segments ({n_resamples} resamples, the same draw for both), "
        "average per-system r, two-sided",
        this_run=f"{float(res['r_b']):.3f} -> {float(res['r_a']):.3f}",
        **kw,
    )
