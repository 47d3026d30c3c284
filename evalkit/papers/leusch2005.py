"""Leusch, Ueffing, Vilar & Ney (2005): the paper-specific logic of ``notebooks/leusch2005/``.

Gregor Leusch, Nicola Ueffing, David Vilar and Hermann Ney, "Preprocessing and Normalization
for Automatic Evaluation of Machine Translation", ACL 2005 MTSE workshop, pp. 17-24
(W05-0903). The measures live in :mod:`evalkit.metrics` (WER/PER with the reference-length
rules incl. "best length", m-gram PER, BLEU with Lin & Och smoothing and the nearest/average
brevity penalty, NIST, sentence-boundary words), the four tokenizations of Table 1 in
:mod:`evalkit.text.tokenize`, per-evaluator normalization and length-weighted system scores
in :mod:`evalkit.stats.human`, the Williams test in :mod:`evalkit.stats.williams`. This
module adds the paper's experimental grid:

* :data:`MEASURES`, :data:`BASELINE`, :data:`FACTORS` and :func:`make_metric`: the five
  measures under the baseline (Sec. 4: tokenization 4, lower-cased, no boundaries, each
  measure's default reference length) and each factor's settings (Figs. 3-7);
* :func:`table1`: Table 1 recomputed on its example sentence;
* :func:`human_scores`: sentence adequacy/fluency (mean of the assessments, optionally
  (0,1)-normalized per evaluator) and length-weighted system scores (Sec. 3.5);
* :func:`correlations` / :func:`ablation`: |Pearson r| at sentence level (all candidate
  sentences pooled; human scores evaluator-normalized as the baseline) and system level
  (raw human scores, Sec. 4.2) for every setting of a factor, with the two-sided
  Williams test of each setting's difference from the baseline; on WMT daRR (public) the sentence level
  is the Kendall-like tau over the ranking pairs and the system level uses each system's
  share of won pairs.
* :func:`ablation_claims` / :func:`level_claims`: the paper's findings on Figs. 2-7 tested
  (Williams test per measure, human score and corpus, combined by the intersection-union
  rule; Fisher's z for sentence vs system level).
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.notebook.params import Parameter as P
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.human import normalize_per_judge, segment_scores, system_scores, win_share
from evalkit.stats.multiplicity import fisher_z_difference, intersection_union
from evalkit.stats.williams import williams_test
from evalkit.text.tokenize import tokenize_words

PAPER = "leusch2005"
MEASURES = ("WER", "PER", "2-PER", "BLEU-S", "NIST")
ERROR_MEASURES = ("WER", "PER", "2-PER")
#: ``contraction_case``: the stem of an expanded contraction is lower-cased as Table 1
#: prints it ("we would"), also in case-sensitive runs (Fig. 4); ``"keep"`` keeps it
#: (scheme ``mteval_contractions_cased``, :mod:`evalkit.text.tokenize`). The paper's
#: baseline is lower-cased, where both agree.
BASELINE = {
    "tokenize": "mteval_contractions",
    "contraction_case": "lower",
    "lowercase": True,
    "ref_length": "default",
    "boundaries": "none",
    "normalize": "zscore",
}
#: factor -> (settings, which measures it applies to); the first setting listed for
#: tokenization, case and boundaries is the paper's baseline.
FACTORS: Dict[str, Tuple[Tuple[str, ...], Tuple[str, ...]]] = {
    "evaluator_norm": (("zscore", "none"), MEASURES),
    "case": (("lowercase", "case-sensitive"), MEASURES),
    "tokenization": (("mteval_contractions", "mteval", "remove_punct", "original"), MEASURES),
    "reflen": (("default", "best", "avg_nearest", "nearest", "average"), ("WER", "PER", "BLEU-S")),
    "boundaries": (("none", "start", "end", "both"), ("2-PER", "BLEU-S", "NIST")),
}
_DEFAULT_REFLEN = {"WER": "best", "PER": "best", "2-PER": "best", "BLEU-S": "closest"}
_BLEU_REFLEN = {"default": "closest", "nearest": "closest", "average": "average"}

_CORPORA = (
    P(
        "corpora",
        list,
        default=["zh", "ar", "btec"],
        choices=("zh", "ar", "btec"),
        help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
    ),
    P(
        "public_pair",
        str,
        default="lt-en",
        choices=("gu-en", "kk-en", "lt-en"),
        help="WMT19 daRR pair",
    ),
    P(
        "n_segments",
        int,
        default=None,
        quick=25,
        low=1,
        allow_none=True,
        help="first n segments only",
    ),
)
#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_table1_tokenization": (),
    "01_baseline_correlation": _CORPORA,
    "02_ablations": (
        P(
            "corpora",
            list,
            default=["zh", "ar", "btec"],
            quick=["zh"],
            choices=("zh", "ar", "btec"),
            help="TIDES CE, TIDES AE, BTEC CE (public: one daRR pair)",
        ),
    )
    + _CORPORA[1:]
    + (
        P("factors", list, default=list(FACTORS), choices=tuple(FACTORS), help="Figures 3-7"),
        P("alpha", float, default=0.05, low=0, high=1, help="level for 'significant'"),
    ),
}

__all__ = [
    "PAPER",
    "MEASURES",
    "BASELINE",
    "FACTORS",
    "published",
    "table1",
    "make_metric",
    "configuration",
    "human_scores",
    "correlations",
    "ablation",
    "corpus_statistics",
    "ablation_claims",
    "level_claims",
    "NOTEBOOKS",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/leusch2005/<table>.csv``)."""
    dtypes = {
        "table1": {"printed": "str"},
        "table2": {c: "str" for c in ("tides_ce", "tides_ae", "btec_ce")},
    }
    return read_published(PAPER, table, dtypes=dtypes.get(table))


def table1() -> pd.DataFrame:
    """Table 1 recomputed: the example candidate (row 1) under each scheme (``same``:
    character for character as printed)."""
    t = published("table1")
    example = t.loc[t["scheme"] == "original", "printed"].iloc[0]
    this_run = [" ".join(tokenize_words(example, s)) for s in t["scheme"]]
    return t.assign(this_run=this_run, same=t["printed"] == this_run)


def configuration(factor: Optional[str] = None, setting: Optional[str] = None) -> Dict[str, object]:
    """The baseline configuration with one factor set (``factor`` None: the baseline)."""
    cfg = dict(BASELINE)
    if factor is None:
        return cfg
    if factor not in FACTORS:
        raise ParameterError("factor", factor, f"one of {tuple(FACTORS)}")
    if setting not in FACTORS[factor][0]:
        raise ParameterError("setting", setting, f"one of {FACTORS[factor][0]}")
    key = {
        "evaluator_norm": "normalize",
        "case": "lowercase",
        "tokenization": "tokenize",
        "reflen": "ref_length",
        "boundaries": "boundaries",
    }[factor]
    cfg[key] = (setting == "lowercase") if factor == "case" else setting
    return cfg


def make_metric(
    measure: str,
    tokenize: str = "mteval_contractions",
    lowercase: bool = True,
    ref_length: str = "default",
    boundaries: str = "none",
    contraction_case: str = "lower",
    **_ignored,
):
    """One of :data:`MEASURES` configured (references given per segment);
    ``contraction_case="keep"`` keeps the case of expanded contractions' stems (see
    :data:`BASELINE`)."""
    if contraction_case not in ("lower", "keep"):
        raise ParameterError("contraction_case", contraction_case, "'lower' or 'keep'")
    if tokenize == "mteval_contractions" and contraction_case == "keep":
        tokenize = "mteval_contractions_cased"
    common = {"tokenize": tokenize, "lowercase": lowercase, "ref_layout": "segments"}
    if measure in ERROR_MEASURES:
        rule = _DEFAULT_REFLEN[measure] if ref_length == "default" else ref_length
        if measure == "WER":
            return get_metric("wer", ref_length=rule, **common)
        return get_metric(
            "per",
            m=2 if measure == "2-PER" else 1,
            ref_length=rule,
            boundaries=boundaries if measure == "2-PER" else "none",
            **common,
        )
    if measure == "BLEU-S":
        if ref_length not in _BLEU_REFLEN:
            raise ParameterError(
                "ref_length", ref_length, f"one of {tuple(_BLEU_REFLEN)} for BLEU-S"
            )
        return get_metric(
            "bleu",
            smoothing="lin_och",
            ref_length=_BLEU_REFLEN[ref_length],
            boundaries=boundaries,
            **common,
        )
    if measure == "NIST":
        return get_metric("nist", boundaries=boundaries, **common)
    raise ParameterError("measure", measure, f"one of {MEASURES}")


def corpus_statistics(frame: pd.DataFrame) -> Dict[str, float]:
    """Table 2's rows for a corpus (``frame``: :func:`evalkit.data.mt_views.output_frame`):
    running words and punctuation marks per reference set (mteval tokenization)."""
    segs = frame.drop_duplicates(["document", "segment"])
    n_refs = int(segs["refs"].map(len).max())
    words = [w for refs in segs["refs"] for r in refs for w in tokenize_words(r, "mteval")]
    punct = sum(1 for w in words if not any(ch.isalnum() for ch in w))
    return {
        "sentences": len(segs),
        "running_words": len(words) / n_refs,
        "punctuation_marks": punct / n_refs,
        "reference_translations": n_refs,
        "avg_reference_length": len(words) / n_refs / len(segs),
        "candidate_systems": frame["system"].nunique(),
    }


def human_scores(corpus, frame: pd.DataFrame, normalize: str = "zscore"):
    """(sentence scores, system scores) of adequacy and fluency, Sec. 3.5: the mean of a
    sentence's assessments after per-evaluator normalization ``normalize``; system scores
    weighted by candidate length (mteval words). None, None for a daRR corpus."""
    if corpus.judgments is None or corpus.judgments.empty:
        return None, None
    seg = segment_scores(normalize_per_judge(corpus.judgments, normalize), combined=None)
    keys = ["system", "document", "segment"]
    lengths = frame[keys].assign(length=[len(tokenize_words(t, "mteval")) for t in frame["text"]])
    seg = seg.merge(lengths, on=keys, validate="one_to_one")
    sys_ = pd.DataFrame(
        {k: system_scores(seg, k, weights="length") for k in ("adequacy", "fluency")}
    )
    return seg, sys_


def correlations(
    corpus,
    scores: pd.DataFrame,
    system: pd.DataFrame,
    measures: Sequence[str],
    human_seg: Optional[pd.DataFrame],
    human_sys: Optional[pd.DataFrame],
) -> pd.DataFrame:
    """|r| per measure, level and human score (columns ``measure, level, human, r, abs_r, n``).

    ``scores``: sentence scores (keys + one column per measure); ``system``: system scores
    (index system, one column per measure)."""
    keys = ["system", "document", "segment"]
    rows = []
    if human_seg is None:
        from evalkit.stats.correlation import wmt_kendall_like

        long = scores.melt(
            id_vars=keys, value_vars=list(measures), var_name="metric", value_name="value"
        )
        long["value"] = np.where(long["metric"].isin(ERROR_MEASURES), -long["value"], long["value"])
        for t in wmt_kendall_like(corpus.preferences, long).itertuples():
            rows.append(
                {
                    "measure": t.metric,
                    "level": "sentence",
                    "human": "daRR pairs",
                    "r": t.tau,
                    "abs_r": abs(t.tau),
                    "n": t.concordant + t.discordant,
                }
            )
        win = win_share(corpus.preferences)
        for m in measures:
            common = [s for s in system.index if s in win.index]
            r = float(correlate_columns(system.loc[common, m], win.loc[common])[0])
            r = -r if m in ERROR_MEASURES else r
            rows.append(
                {
                    "measure": m,
                    "level": "system",
                    "human": "win share",
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(common),
                }
            )
        return pd.DataFrame(rows)
    merged = scores.merge(human_seg, on=keys, validate="one_to_one")
    for m in measures:
        for h in ("adequacy", "fluency"):
            r = float(correlate_columns(merged[m], merged[h])[0])
            rows.append(
                {
                    "measure": m,
                    "level": "sentence",
                    "human": h,
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(merged),
                }
            )
            common = [s for s in system.index if s in human_sys.index]
            r = float(correlate_columns(system.loc[common, m], human_sys.loc[common, h])[0])
            rows.append(
                {
                    "measure": m,
                    "level": "system",
                    "human": h,
                    "r": r,
                    "abs_r": abs(r),
                    "n": len(common),
                }
            )
    return pd.DataFrame(rows)


def ablation(
    corpus,
    frame: pd.DataFrame,
    factor: str,
    measures: Sequence[str] = MEASURES,
    settings: Optional[Sequence[str]] = None,
    score=None,
) -> pd.DataFrame:
    """Correlations of every measure under every setting of ``factor`` (Figs. 3-7), with the
    two-sided Williams test of |r(setting)| = |r(baseline setting)| at sentence level
    (``p_vs_baseline``; the two correlations share the human scores, or for
    ``evaluator_norm`` the metric).

    ``score(frame, metric, name) -> (frame with sentence scores, system scores)`` is
    :func:`evalkit.data.mt_views.score_outputs`.
    """
    all_settings, applies = FACTORS[factor] if factor in FACTORS else (None, None)
    if all_settings is None:
        raise ParameterError("factor", factor, f"one of {tuple(FACTORS)}")
    settings = list(all_settings if settings is None else settings)
    measures = [m for m in measures if m in applies]
    keys = ["system", "document", "segment"]
    per_setting = {}
    for setting in settings:
        cfg = configuration(factor, setting)
        seg = frame[keys].copy()
        sys_ = {}
        here = [
            m for m in measures if not (m == "BLEU-S" and cfg["ref_length"] not in _BLEU_REFLEN)
        ]
        for m in here:
            scored, s = score(frame, make_metric(m, **cfg), m)
            seg[m] = scored[m].to_numpy()
            sys_[m] = s
        h_seg, h_sys = human_scores(corpus, frame, cfg["normalize"])
        if factor == "evaluator_norm" and h_seg is None:
            continue  # relative rankings have no evaluators to normalize
        if factor != "evaluator_norm" and h_seg is not None:
            # Sec. 4.2: evaluator normalization is a condition of *sentence* evaluation;
            # system scores are the raw assessments (unless normalization is the factor)
            h_sys = human_scores(corpus, frame, "none")[1]
        corr = correlations(corpus, seg, pd.DataFrame(sys_), here, h_seg, h_sys)
        per_setting[setting] = (seg, h_seg, corr.assign(factor=factor, setting=setting))
    if not per_setting:  # evaluator normalization on relative rankings: nothing to compare
        return pd.DataFrame(
            columns=[
                "measure",
                "level",
                "human",
                "r",
                "abs_r",
                "n",
                "factor",
                "setting",
                "p_vs_baseline",
            ]
        )
    out = pd.concat([c for _, _, c in per_setting.values()], ignore_index=True)
    out["p_vs_baseline"] = np.nan
    base = settings[0]
    if base not in per_setting or per_setting[base][1] is None:
        return out
    b_seg, b_h, _ = per_setting[base]
    for setting, (seg, h, _) in per_setting.items():
        if setting == base:
            continue
        for m in measures:
            if m not in seg.columns or m not in b_seg.columns:
                continue
            for hk in ("adequacy", "fluency"):
                x1 = b_seg.merge(b_h, on=keys)
                x2 = seg.merge(h, on=keys)
                if factor == "evaluator_norm":  # same metric, two human scores
                    a, b, c = x1[m], x1[hk], x2[hk]
                else:  # same human score, two metric variants
                    a, b, c = x1[hk], x1[m], x2[m]
                r12, r13, r23 = correlate_columns(
                    np.column_stack([a, a, b]), np.column_stack([b, c, c])
                )
                p = williams_test(r12, r13, r23, len(x1), alternative="two-sided", absolute=True).p
                sel = (
                    (out["setting"] == setting)
                    & (out["measure"] == m)
                    & (out["level"] == "sentence")
                    & (out["human"] == hk)
                )
                out.loc[sel, "p_vs_baseline"] = float(p)
    return out


# --------------------------------------------------------------------------- claims
#: claim id -> (level, paper's better setting, other setting, measures, human scores,
#: corpora left out); the Williams p of each pair is that of the non-baseline setting
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
    gives |r(better)| - |r(other)| at sentence level and the two-sided Williams test of the
    difference (``p_vs_baseline``); the claim is a :meth:`~evalkit.notebook.claims.Claims.
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
        diffs, ps = [], []
        for _, g in part.groupby(group):
            by = g.set_index("setting")
            if a not in by.index or b not in by.index:
                continue
            # the p-value sits on the setting that is not the factor's baseline
            p_pair = by.loc[[a, b], "p_vs_baseline"].dropna()
            if len(p_pair):
                diffs.append(float(by.loc[a, "abs_r"] - by.loc[b, "abs_r"]))
                ps.append(float(p_pair.iloc[0]))
        if not diffs:
            c.not_comparable(
                claim.claim_id,
                source=source,
                printed=claim.statement,
                note="no adequacy/fluency scores with a Williams test here (WMT daRR "
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
            test=f"Williams test per pair, intersection-union over {len(diffs)} "
            "(corpus, measure, human) pairs (max p)",
            this_run=f"|r| {a} - {b}: mean {diff:+.3f}; {n_dir}/{len(diffs)} pairs in "
            f"the paper's direction, {n_sig} significant",
            note=f"{', '.join(measures)} vs {' and '.join(humans)}, sentence level"
            + (f"; {', '.join(left_out)} left out as in the paper" if left_out else ""),
        )
    return c.frame()


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
