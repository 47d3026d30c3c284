"""Human MT judgments processed as the 2005-2006 MT evaluation papers process them.

Shared by Banerjee & Lavie (2005), Leusch, Ueffing, Vilar & Ney (2005) and Owczarzak et
al. (2006). Judgments come in evalkit's long layout (``evalkit.data.model.MTCorpus``):
one row per (``system``, ``document``, ``segment``, ``judge``, ``judgment``) with a
``value`` (TIDES 2003: adequacy and fluency on 1-5, two judges per segment).

* :func:`normalize_per_judge`: per-judge normalization of one judgment type,

  - ``"zscore"``: ``(x - mean_j) / sd_j`` over all values judge j gave (population sd).
    This is the "(0,1) evaluator normalization" of Leusch et al. (2005, Sec. 3.5, after
    Doddington 2003): each evaluator's scores get mean 0 and variance 1. It also stands in
    for the MITRE normalization of Banerjee & Lavie (2005, Table 8), whose method is not
    published;
  - ``"unit"``: ``(x - min_j) / (max_j - min_j)``, each judge's scores scaled to [0, 1];

  a judge who gave one value only (sd = 0 or max = min) is an error: nothing about their
  scale can be known, and dropping them silently would change the segment means.
* :func:`segment_scores`: the mean over judges per segment, for each judgment type, and
  the *combined score* of Banerjee & Lavie (2005, Sec. 4.2): the mean of adequacy and
  fluency of both judges (the mean of four numbers).
* :func:`system_scores`: the mean of segment scores per system, or the length-weighted
  mean of Leusch et al. (2005, Sec. 3.5): ``sum_k I_k h_k / sum_k I_k``.
* :func:`per_system_correlation`: segment-level correlation computed within each system,
  then the unweighted mean over systems (Banerjee & Lavie 2005, Tables 2-7); ``absolute``
  reports ``|r|`` as Leusch et al. (2005) do for error measures.
* :func:`win_share`: a system's share of the relative-ranking pairs it won (WMT daRR), the
  system-level human score where only rankings exist;
* :func:`critical_r`: the smallest |r| significant at level alpha for n - 2 degrees of
  freedom (the critical values Owczarzak et al. 2006 quote, footnote 5 and Sec. 4);
  :func:`coefficient_of_variation`: sd / mean (their Table 3).

Why our own: these are a few lines of pandas each, but every paper words them slightly
differently; one module keeps the choices (population sd, unweighted mean over systems)
in one place with names.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "NORMALIZATIONS",
    "normalize_per_judge",
    "segment_scores",
    "system_scores",
    "per_system_correlation",
    "critical_r",
    "coefficient_of_variation",
    "win_share",
]

NORMALIZATIONS = ("none", "zscore", "unit")
SEGMENT_KEYS = ("system", "document", "segment")


def _require(frame: pd.DataFrame, columns: Sequence[str], what: str) -> None:
    if not isinstance(frame, pd.DataFrame):
        raise ParameterError(what, type(frame).__name__, "a pandas DataFrame")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ParameterError(what, f"columns {list(frame.columns)}", f"columns including {missing}")


def normalize_per_judge(judgments: pd.DataFrame, method: str = "zscore") -> pd.DataFrame:
    """A copy of ``judgments`` whose ``value`` is normalized per (judge, judgment type).

    ``method`` is one of :data:`NORMALIZATIONS` (``"none"`` returns a copy). Missing
    values stay missing and take no part in the judge's mean and sd.
    """
    if method not in NORMALIZATIONS:
        raise ParameterError("method", method, f"one of {NORMALIZATIONS}")
    _require(judgments, ("judge", "judgment", "value"), "judgments")
    out = judgments.copy()
    if method == "none":
        return out
    values = pd.to_numeric(out["value"], errors="coerce")
    groups = values.groupby([out["judge"], out["judgment"]])
    if method == "zscore":
        centre, scale = groups.transform("mean"), groups.transform(lambda v: v.std(ddof=0))
    else:
        centre = groups.transform("min")
        scale = groups.transform("max") - centre
    flat = (scale == 0) & values.notna()
    if flat.any():
        row = out[flat].iloc[0]
        raise ParameterError(
            "judgments",
            f"judge {row['judge']!r} gave every {row['judgment']} the value {row['value']}",
            "judges whose scores vary (a constant judge has no scale to normalize)",
        )
    out["value"] = (values - centre) / scale
    return out


def segment_scores(
    judgments: pd.DataFrame,
    kinds: Sequence[str] = ("adequacy", "fluency"),
    combined: Optional[str] = "combined",
) -> pd.DataFrame:
    """One row per (system, document, segment): the mean over judges of each judgment type
    in ``kinds`` and, when ``combined`` names a column, the mean of all their values
    (Banerjee & Lavie's combined score: adequacy and fluency of both judges).

    A segment lacking one of ``kinds`` is an error (the combined score would silently mean
    something else for it).
    """
    _require(judgments, SEGMENT_KEYS + ("judgment", "value"), "judgments")
    kinds = list(kinds)
    if not kinds:
        raise ParameterError("kinds", kinds, "at least one judgment type")
    present = set(judgments["judgment"].unique())
    absent = [k for k in kinds if k not in present]
    if absent:
        raise ParameterError(
            "kinds", kinds, f"judgment types present in the data ({sorted(present)})"
        )
    rows = judgments[judgments["judgment"].isin(kinds)].copy()
    rows["value"] = pd.to_numeric(rows["value"], errors="coerce")
    keys = list(SEGMENT_KEYS)
    wide = rows.pivot_table(index=keys, columns="judgment", values="value", aggfunc="mean")
    incomplete = wide[kinds].isna().any(axis=1)
    if incomplete.any():
        where = wide.index[incomplete.to_numpy()][0]
        raise ParameterError(
            "judgments", f"segment {where} lacks one of {kinds}", "every judgment type per segment"
        )
    out = wide[kinds].reset_index()
    out.columns.name = None
    if combined:
        out[combined] = (
            rows.groupby(keys)["value"]
            .mean()
            .reindex(pd.MultiIndex.from_frame(out[keys]))
            .to_numpy()
        )
    return out


def system_scores(segments: pd.DataFrame, column: str, weights: Optional[str] = None) -> pd.Series:
    """Per system: the mean of ``column`` over its segments, or the mean weighted by the
    ``weights`` column (Leusch et al.'s length weighting: weights = candidate lengths)."""
    _require(segments, ("system", column) + ((weights,) if weights else ()), "segments")
    if weights is None:
        return segments.groupby("system")[column].mean()
    w = segments[weights].astype(float)
    if (w < 0).any() or not np.isfinite(w).all():
        raise ParameterError("weights", weights, "a column of finite, non-negative weights")
    num = (segments[column] * w).groupby(segments["system"]).sum()
    den = w.groupby(segments["system"]).sum()
    if (den == 0).any():
        raise ParameterError("weights", weights, "a positive total weight per system")
    return num / den


def per_system_correlation(
    frame: pd.DataFrame, metric: str, human: str, method: str = "pearson", absolute: bool = False
) -> pd.DataFrame:
    """Segment-level correlation of ``metric`` with ``human`` within each system.

    Returns one row per system (``system``, ``r``, ``n``) and a last row ``system =
    "Average"`` with the unweighted mean of the systems' r (Banerjee & Lavie 2005, Tables
    2-3). ``absolute`` takes |r| per system before averaging.
    """
    if method not in ("pearson", "spearman", "kendall"):
        raise ParameterError("method", method, "'pearson', 'spearman' or 'kendall'")
    _require(frame, ("system", metric, human), "frame")
    rows = []
    for system, part in frame.groupby("system", sort=True):
        if len(part) < 3:
            raise ParameterError(
                "frame", f"system {system!r} with {len(part)} segments", "at least 3 segments"
            )
        r = part[metric].corr(part[human], method=method)
        rows.append({"system": system, "r": abs(r) if absolute else r, "n": len(part)})
    out = pd.DataFrame(rows)
    average = {"system": "Average", "r": float(out["r"].mean()), "n": int(out["n"].sum())}
    return pd.concat([out, pd.DataFrame([average])], ignore_index=True)


def critical_r(n: int, alpha: float = 0.05, two_sided: bool = True) -> float:
    """Smallest |r| with p <= alpha for a Pearson r over n pairs (df = n - 2):
    ``r = t / sqrt(df + t^2)`` with ``t`` the Student-t quantile."""
    from scipy import stats

    if not (isinstance(n, (int, np.integer)) and n >= 3):
        raise ParameterError("n", n, "an integer >= 3")
    if not (0.0 < alpha < 1.0):
        raise ParameterError("alpha", alpha, "a probability in (0, 1)")
    df = n - 2
    t = stats.t.ppf(1.0 - (alpha / 2.0 if two_sided else alpha), df)
    return float(t / np.sqrt(df + t * t))


def coefficient_of_variation(values, ddof: int = 1) -> float:
    """sd / mean of ``values`` (sample sd by default; a fraction, not a percentage)."""
    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or len(x) < 2 or not np.isfinite(x).all():
        raise ParameterError("values", f"{len(x)} values", "at least two finite numbers")
    mean = x.mean()
    if mean == 0:
        raise ParameterError("values", "mean 0", "a non-zero mean")
    return float(x.std(ddof=ddof) / mean)


def win_share(preferences: pd.DataFrame) -> pd.Series:
    """Per system: pairs won / pairs taken part in (``better``, ``worse`` columns)."""
    _require(preferences, ("better", "worse"), "preferences")
    if preferences.empty:
        raise ParameterError("preferences", "no pairs", "at least one relative-ranking pair")
    wins = preferences["better"].value_counts()
    total = wins.add(preferences["worse"].value_counts(), fill_value=0)
    return (wins.reindex(total.index, fill_value=0) / total).rename("win_share")
