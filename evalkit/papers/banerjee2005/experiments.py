"""Banerjee & Lavie (2005): the experiments on a corpus. :func:`meteor_table` (METEOR's
per-output parts and statistics for a module sequence, Tables 4-7), :func:`system_table`
(Table 1's seven metrics per system), :func:`human_table`, :func:`correlation_table` and
:func:`segment_table` (Table 1 and Tables 2-8 on any corpus, WMT daRR's Kendall-like tau
where only relative rankings exist), :func:`meteor_settings` (the settings a run used)."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.meteor import meteor_from_counts
from evalkit.stats.human import normalize_per_judge, per_system_correlation, segment_scores

from .spec import ABLATION, TABLE1_METRICS

__all__ = [
    "meteor_table",
    "system_table",
    "human_table",
    "correlation_table",
    "segment_table",
    "meteor_settings",
]


# --------------------------------------------------------------------------- scores
def meteor_table(
    frame: pd.DataFrame,
    modules: Sequence[str] = ABLATION["exact+porter+wn_synonym"],
    stopwords: Optional[Sequence[str]] = None,
    jobs: int = 1,
) -> pd.DataFrame:
    """Per output of :func:`evalkit.data.mt_views.output_frame`: METEOR's parts.

    Columns: the frame's keys, ``Precision``, ``Recall``, ``F1`` (harmonic mean of P and
    R), ``Fmean``, ``METEOR``, and the statistics ``matches, hyp_len, ref_len, chunks`` of
    the best reference (summed per system for the aggregate scores of Table 1). Segments
    may have different numbers of references.
    """
    metric = get_metric(
        "meteor", modules=tuple(modules), stopwords=stopwords, ref_layout="segments"
    )
    scores = metric.sentence_results(
        frame["text"].tolist(), [list(r) for r in frame["refs"]], jobs=jobs
    )
    out = frame[["document", "segment", "system"]].copy()
    p = np.array([s.precision for s in scores])
    r = np.array([s.recall for s in scores])
    out["Precision"], out["Recall"] = p, r
    out["F1"] = np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)
    out["Fmean"] = [s.fmean for s in scores]
    out["METEOR"] = [s.score for s in scores]
    for k in ("matches", "hyp_len", "ref_len", "chunks"):
        out[k] = [getattr(s.stats, k) for s in scores]
    return out


def system_table(meteor_rows: pd.DataFrame, bleu: pd.Series, nist: pd.Series) -> pd.DataFrame:
    """Table 1's metrics per system: P, R, F1, Fmean, METEOR from the summed statistics
    (Sec. 2.2: aggregate precision, recall and penalty), BLEU and NIST as given."""
    sums = meteor_rows.groupby("system", sort=False)[
        ["matches", "hyp_len", "ref_len", "chunks"]
    ].sum()
    rows = {}
    for system, s in sums.iterrows():
        p, r, fmean, _, score = meteor_from_counts(s.matches, s.hyp_len, s.ref_len, s.chunks)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        rows[system] = {
            "BLEU": bleu[system],
            "NIST": nist[system],
            "Precision": p,
            "Recall": r,
            "F1": f1,
            "Fmean": fmean,
            "METEOR": score,
        }
    return pd.DataFrame.from_dict(rows, orient="index")[list(TABLE1_METRICS)].rename_axis("system")


def human_table(
    corpus, normalize: str = "none", judgments: Optional[pd.DataFrame] = None
) -> Optional[pd.DataFrame]:
    """Per segment and system: adequacy, fluency and the combined score (Sec. 3.1), after
    per-judge normalization ``normalize`` (``"none"`` or ``"zscore"``, Table 8); None for a
    corpus with relative rankings only. ``judgments`` replaces the corpus' own (e.g. MITRE's
    normalized assessments, when a user has them, read with
    :func:`evalkit.data.judgments.read_assessments_csv`)."""
    judgments = corpus.judgments if judgments is None else judgments
    if judgments is None or judgments.empty:
        return None
    return segment_scores(normalize_per_judge(judgments, normalize))


def correlation_table(system_scores: pd.DataFrame, human: pd.Series) -> pd.DataFrame:
    """Table 1: Pearson r over systems of each metric with the human system score."""
    common = [s for s in system_scores.index if s in human.index]
    if len(common) < 3:
        raise ParameterError("human", f"{len(common)} systems in common", "at least 3 systems")
    rows = [
        {
            "metric": m,
            "r": float(
                np.corrcoef(
                    system_scores.loc[common, m].astype(float), human.loc[common].astype(float)
                )[0, 1]
            ),
            "n_systems": len(common),
        }
        for m in system_scores.columns
    ]
    return pd.DataFrame(rows)


def segment_table(
    scores: pd.DataFrame,
    corpus,
    human: Optional[pd.DataFrame],
    metrics: Sequence[str],
    column: str = "combined",
) -> pd.DataFrame:
    """Tables 2-7 on this run: per metric, the per-system segment-level Pearson r and their
    unweighted average (``statistic = "pearson"``); on a daRR corpus (``human`` None) WMT's
    Kendall-like tau over the relative-ranking pairs instead (``statistic = "daRR tau"``)."""
    keys = ["system", "document", "segment"]
    if human is None:
        from evalkit.stats.correlation import wmt_kendall_like

        long = scores.melt(
            id_vars=keys, value_vars=list(metrics), var_name="metric", value_name="value"
        )
        tau = wmt_kendall_like(corpus.preferences, long)
        return pd.DataFrame(
            {
                "metric": tau["metric"],
                "system": "all pairs",
                "r": tau["tau"],
                "n": tau["concordant"] + tau["discordant"],
                "statistic": "daRR tau",
            }
        )
    merged = scores.merge(human[keys + [column]], on=keys, validate="one_to_one")
    frames = []
    for m in metrics:
        t = per_system_correlation(merged, m, column)
        frames.append(t.assign(metric=m, statistic="pearson"))
    return pd.concat(frames, ignore_index=True)[["metric", "system", "r", "n", "statistic"]]


# --------------------------------------------------------------------------- settings and findings
def meteor_settings(metric=None) -> pd.DataFrame:
    """The METEOR settings a run used, for the notebooks to show (``setting, value, paper``):
    tokenization, lower-casing, modules, the chunk tie-break, the crossing scope, WordNet's
    version and the score's parameters, with what the paper says about each."""
    m = get_metric("meteor", ref_layout="streams") if metric is None else metric
    rows = [
        ("tokenization", m.tokenize, "not stated (mteval-v13a here)"),
        ("lower-casing", m.lowercase, "not stated"),
        ("modules", " -> ".join(m.modules), "exact, porter stem, WN synonymy (Sec. 2.2, 3.6)"),
        (
            "chunk tie-break",
            getattr(m, "tie_break", "chunks"),
            "fewest chunks among the largest, least-crossing alignments (Sec. 2.2)",
        ),
        ("crossings scope", getattr(m, "crossings_scope", "full"), "not stated"),
        ("WordNet", "3.0", "not stated (evalkit locates WordNet 3.0)"),
        ("recall weight", getattr(m, "recall_weight", 9.0), "Fmean = 10PR/(R+9P)"),
        ("penalty", "0.5 (chunks/matches)^3", "Sec. 2.2"),
    ]
    return pd.DataFrame(rows, columns=["setting", "value", "paper"]).astype(str)
