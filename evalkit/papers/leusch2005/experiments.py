"""Leusch et al. (2005), the experiments on a corpus: each measure configured for a setting,
Table 2's corpus statistics, the human scores (Sec. 3.5), |r| at sentence and system level
and the ablation of each factor tested against the baseline.

The paper does not name its test. At sentence level the rows are (system, segment) pairs:
a segment's rows share its source sentence, its references and its judges, so |r| of a
setting and of the baseline are compared by the percentile bootstrap over the segments
(:func:`evalkit.stats.cluster_bootstrap.correlation_intervals`); Williams' test with
n = rows would count them as independent.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.stats.correlation import correlate_columns
from evalkit.stats.human import normalize_per_judge, segment_scores, system_scores, win_share
from evalkit.stats.validation import unit_column
from evalkit.text.tokenize import tokenize_words

from .spec import _BLEU_REFLEN, _DEFAULT_REFLEN, ERROR_MEASURES, FACTORS, MEASURES, configuration

__all__ = ["ablation", "corpus_statistics", "correlations", "human_scores", "make_metric"]


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
    n_resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Correlations of every measure under every setting of ``factor`` (Figs. 3-7), with the
    two-sided test of |r(setting)| = |r(baseline setting)| at sentence level
    (``p_vs_baseline``; the two correlations share the human scores, or for
    ``evaluator_norm`` the metric): the percentile bootstrap over the ``segments`` (its
    column: their number), ``n_resamples`` draws from ``seed``.

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
    humans = {}  # normalization -> human_scores (the same for most settings)
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
        for norm in (cfg["normalize"], "none"):
            if norm not in humans:
                humans[norm] = human_scores(corpus, frame, norm)
        h_seg, h_sys = humans[cfg["normalize"]]
        if factor == "evaluator_norm" and h_seg is None:
            continue  # relative rankings have no evaluators to normalize
        if factor != "evaluator_norm" and h_seg is not None:
            # Sec. 4.2: evaluator normalization is a condition of *sentence* evaluation;
            # system scores are the raw assessments (unless normalization is the factor)
            h_sys = humans["none"][1]
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
                "segments",
            ]
        )
    out = pd.concat([c for _, _, c in per_setting.values()], ignore_index=True)
    out["p_vs_baseline"] = np.nan
    out["segments"] = np.nan
    base = settings[0]
    if base not in per_setting or per_setting[base][1] is None:
        return out
    b_seg, b_h, _ = per_setting[base]
    x1 = b_seg.merge(b_h, on=keys)
    x1, unit = unit_column(x1, "segments")  # a segment: its (document, segment) pair
    segments = x1[unit].to_numpy()
    for setting, (seg, h, _) in per_setting.items():
        if setting == base:
            continue
        x2 = seg.merge(h, on=keys)
        for m in measures:
            if m not in seg.columns or m not in b_seg.columns:
                continue
            for hk in ("adequacy", "fluency"):
                if factor == "evaluator_norm":  # same metric, two human scores
                    y, b, c = x1[m], x1[hk], x2[hk]
                else:  # same human score, two metric variants
                    y, b, c = x1[hk], x1[m], x2[m]
                p = _segment_p(b, c, y, segments, n_resamples=n_resamples, seed=seed)
                sel = (
                    (out["setting"] == setting)
                    & (out["measure"] == m)
                    & (out["level"] == "sentence")
                    & (out["human"] == hk)
                )
                out.loc[sel, "p_vs_baseline"] = p
                out.loc[sel, "segments"] = len(set(segments))
    return out


def _segment_p(baseline, setting, y, segments, **bootstrap) -> float:
    """The two-sided percentile p of |r(setting, y)| - |r(baseline, y)| over bootstrap draws
    of the ``segments`` (``n_resamples, seed``); NaN where a column is not finite or with
    fewer than :data:`~evalkit.stats.cluster_bootstrap.MIN_CLUSTERS` segments
    (:func:`~evalkit.stats.cluster_bootstrap.difference_p_values`)."""
    from evalkit.stats.cluster_bootstrap import difference_p_values

    x = {"setting": setting, "baseline": baseline}
    p = difference_p_values(x, y, segments, absolute=True, **bootstrap)
    return float(p.get(("setting", "baseline"), float("nan")))
