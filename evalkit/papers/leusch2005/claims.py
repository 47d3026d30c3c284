"""Leusch et al. (2005), the claim rows: the findings on Figs. 2-7 tested (the percentile
bootstrap over the segments per measure, human score and corpus, combined by the
intersection-union rule; Fisher's z for sentence vs system level).
"""

from __future__ import annotations

import pandas as pd

from evalkit.stats.multiplicity import fisher_z_difference, intersection_union

from .spec import MEASURES, PAPER, published

__all__ = ["ablation_claims", "level_claims"]

# --------------------------------------------------------------------------- claims
#: claim id -> (level, paper's better setting, other setting, measures, human scores,
#: corpora left out); the p of each pair is that of the non-baseline setting
#: (either of the two: the sentence boundaries' baseline "none" is the paper's worse one).
_FINDINGS = {
    "evaluator_norm_sentence": (
        "sentence",
        "zscore",
        "none",
        MEASURES,
        ("adequacy", "fluency"),
        (),
    ),
    "case_sentence": (
        "sentence",
        "lowercase",
        "case-sensitive",
        MEASURES,
        ("adequacy", "fluency"),
        (),
    ),
    # Sec. 4.4: "pays off when evaluating adequacy"; BTEC "not investigated here"
    "tokenization_adequacy": (
        "sentence",
        "mteval_contractions",
        "mteval",
        MEASURES,
        ("adequacy",),
        ("btec",),
    ),
    # WER's default reference length is the best length (Fig. 6)
    "reflen_wer_best": ("sentence", "default", "average", ("WER",), ("adequacy", "fluency"), ()),
    "boundaries_ngram": (
        "sentence",
        "both",
        "none",
        ("2-PER", "BLEU-S"),
        ("adequacy", "fluency"),
        (),
    ),
}


def ablation_claims(
    ablation_frame: pd.DataFrame, alpha: float = 0.05, data: str = "", corpus_keys=None
) -> pd.DataFrame:
    """The qualitative claims of ``claims.csv`` on this run's :func:`ablation` output
    (with a ``corpus`` column): for each claim, every (corpus, measure, human score) pair
    gives |r(better)| - |r(other)| at sentence level and the two-sided percentile bootstrap
    over the segments of the difference (``p_vs_baseline``, ``segments``; a segment's rows
    share its source, references and judges); the claim is a :meth:`~evalkit.notebook.claims.Claims.
    finding` combined over the pairs by the intersection-union rule
    (:func:`intersection_union`). ``corpus_keys`` maps corpus names to ``zh/ar/btec``
    (for the corpora a claim leaves out). Without human scores (daRR) or p-values the
    claim is not comparable; "no positive effect at system level" (a claim of no effect)
    is shown as ``derived``."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data)
    keys = corpus_keys or {}
    for claim in published("claims").itertuples():
        source = f"Sec. {claim.section}"
        if claim.claim_id not in _FINDINGS:
            part = ablation_frame[
                (ablation_frame["factor"] == claim.factor)
                & (ablation_frame["level"] == claim.level)
            ]
            mean = part.groupby("setting")["abs_r"].mean()
            c.derived(
                claim.claim_id,
                source=source,
                this_run="-"
                if not {"zscore", "none"} <= set(mean.index)
                else f"mean |r| zscore {mean['zscore']:.3f} vs none {mean['none']:.3f}",
                note=f"printed: {claim.statement}; a claim of no effect, which a "
                "non-significant difference cannot confirm (no equivalence test)",
            )
            continue
        level, a, b, measures, humans, left_out = _FINDINGS[claim.claim_id]
        part = ablation_frame[
            (ablation_frame["factor"] == claim.factor)
            & (ablation_frame["level"] == level)
            & ablation_frame["measure"].isin(measures)
            & ablation_frame["human"].isin(humans)
        ]
        if "corpus" in part.columns:
            part = part[~part["corpus"].map(lambda n: keys.get(n, n)).isin(left_out)]
        group = ["corpus", "measure", "human"] if "corpus" in part.columns else ["measure", "human"]
        diffs, ps, n_seg = [], [], set()
        for _, g in part.groupby(group):
            by = g.set_index("setting")
            if a not in by.index or b not in by.index:
                continue
            # the p-value sits on the setting that is not the factor's baseline
            p_pair = by.loc[[a, b], "p_vs_baseline"].dropna()
            if len(p_pair):
                diffs.append(float(by.loc[a, "abs_r"] - by.loc[b, "abs_r"]))
                ps.append(float(p_pair.iloc[0]))
                n_seg |= {int(v) for v in by.loc[[a, b], "segments"].dropna()}
        if not diffs:
            c.not_comparable(
                claim.claim_id,
                source=source,
                printed=claim.statement,
                note="no adequacy/fluency scores with a test of two correlations here (WMT daRR "
                "relative rankings, or the factor was not run)",
            )
            continue
        diff, p = intersection_union(diffs, ps)
        n_dir = sum(d > 0 for d in diffs)
        n_sig = sum(d > 0 and q < alpha for d, q in zip(diffs, ps))
        c.finding(
            claim.claim_id,
            source=source,
            printed=claim.statement,
            expected=">",
            difference=diff,
            p_value=p,
            alpha=alpha,
            test=_pair_test(n_seg) + f", intersection-union over {len(diffs)} "
            "(corpus, measure, human) pairs (max p)",
            this_run=f"|r| {a} - {b}: mean {diff:+.3f}; {n_dir}/{len(diffs)} pairs in "
            f"the paper's direction, {n_sig} significant",
            note=f"{', '.join(measures)} vs {' and '.join(humans)}, sentence level"
            + (f"; {', '.join(left_out)} left out as in the paper" if left_out else ""),
        )
    return c.frame()


def _pair_test(n_segments) -> str:
    """The name, unit and n of the per-pair test of :func:`~.experiments.ablation`."""
    n = ", ".join(str(v) for v in sorted(n_segments))
    return (
        f"percentile bootstrap of |r| - |r| per pair over the segments (n = {n} per corpus; "
        "a segment's rows share its source, references and judges; two-sided)"
    )


def level_claims(
    baseline: pd.DataFrame,
    corpus_keys,
    alpha: float = 0.05,
    data: str = "",
    claims=None,
) -> pd.DataFrame:
    """Sec. 4.2 on Fig. 2: "on the TIDES corpora the system level correlation is
    particularly high, at a moderate sentence level correlation" (``tides_system_high``)
    and "on the BTEC corpus a high sentence level correlation accompanies a significantly
    lower system level correlation" (``btec_system_lower``). Per corpus, measure and human
    score the system-level |r| (n systems) against the sentence-level |r| (n sentences) by
    Fisher's z (the two levels treated as independent samples: an approximation, stated);
    pairs combined by the intersection-union rule. ``baseline`` has columns ``corpus,
    measure, level, human, abs_r, n``; ``corpus_keys`` maps corpus names to zh/ar/btec.
    On WMT daRR (system: Pearson with win shares; sentence: Kendall-like tau) the levels use
    different statistics and are not comparable."""
    from evalkit.notebook.claims import Claims

    c = Claims(PAPER, data=data) if claims is None else claims
    for cid, wanted, expected, printed in (
        ("tides_system_high", ("zh", "ar"), ">", "TIDES: system level above sentence level"),
        ("btec_system_lower", ("btec",), "<", "BTEC: system level significantly lower"),
    ):
        part = baseline[baseline["corpus"].map(corpus_keys).isin(wanted)]
        if part.empty:
            continue
        if not part["human"].isin(["adequacy", "fluency"]).all():
            c.not_comparable(
                cid,
                source="Sec. 4.2 / Figure 2",
                printed=printed,
                note="WMT daRR: the system level is a Pearson r with win shares over the "
                "systems, the sentence level a Kendall-like tau over ranking pairs; "
                "different statistics, not comparable",
            )
            continue
        diffs, ps = [], []
        for _, g in part.groupby(["corpus", "measure", "human"]):
            by = g.set_index("level")
            z, p = fisher_z_difference(
                by.loc["system", "abs_r"],
                int(by.loc["system", "n"]),
                by.loc["sentence", "abs_r"],
                int(by.loc["sentence", "n"]),
            )
            diffs.append(float(by.loc["system", "abs_r"] - by.loc["sentence", "abs_r"]))
            ps.append(p)
        diff, p = intersection_union(diffs, ps)
        c.finding(
            cid,
            source="Sec. 4.2 / Figure 2",
            printed=printed,
            expected=expected,
            difference=diff,
            p_value=p,
            alpha=alpha,
            test=f"Fisher z per pair (levels as independent samples), intersection-union "
            f"over {len(diffs)} (corpus, measure, human) pairs",
            this_run=f"|r| system - sentence: mean {diff:+.3f}",
            note="sentence level: evaluator-normalized scores; system level: raw scores (Sec. 4.2)",
        )
    return c.frame()
