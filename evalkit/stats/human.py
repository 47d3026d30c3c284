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

References:

* Leusch, G., Ueffing, N., Vilar, D., & Ney, H. (2005). Preprocessing and normalization for
  automatic evaluation of machine translation. ACL Workshop on Intrinsic and Extrinsic
  Evaluation Measures.
* Banerjee, S., & Lavie, A. (2005). METEOR: an automatic metric for MT evaluation with
  improved correlation with human judgments. ACL Workshop on Intrinsic and Extrinsic
  Evaluation Measures.
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

    Parameters
    ----------
    judgments : pandas.DataFrame
        Long frame with ``judge, judgment, value`` (more columns are kept).
    method : {"zscore", "unit", "none"}, default "zscore"
        ``"zscore"``: ``(x - mean_j) / sd_j`` (population sd; Leusch et al. 2005's "(0,1)
        evaluator normalization"); ``"unit"``: ``(x - min_j) / (max_j - min_j)``; ``"none"``:
        an unchanged copy. A judge who gave one value only raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    pandas.DataFrame
        The copy; missing values stay missing and take no part in a judge's mean and sd.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.human import normalize_per_judge
    >>> j = pd.DataFrame({"judge": ["a", "a", "a", "b", "b", "b"], "judgment": "adequacy",
    ...                   "value": [1, 2, 3, 3, 4, 5]})
    >>> normalize_per_judge(j, "unit")["value"].tolist()
    [0.0, 0.5, 1.0, 0.0, 0.5, 1.0]
    >>> z = normalize_per_judge(j)["value"]
    >>> round(float(z.iloc[2]), 4), round(float(z.iloc[2] ** 2 + z.iloc[0] ** 2) / 3, 4)   # sd 1
    (1.2247, 1.0)
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
        got = f"judge {row['judge']!r} gave every {row['judgment']} the value {row['value']}"
        why = "judges whose scores vary (a constant judge has no scale to normalize)"
        raise ParameterError("judgments", got, why)
    out["value"] = (values - centre) / scale
    return out


def segment_scores(
    judgments: pd.DataFrame,
    kinds: Sequence[str] = ("adequacy", "fluency"),
    combined: Optional[str] = "combined",
) -> pd.DataFrame:
    """Per segment: the mean over judges of each judgment type, and a combined score.

    Parameters
    ----------
    judgments : pandas.DataFrame
        Long frame ``system, document, segment, judgment, value`` (one row per judge).
    kinds : sequence of str, default ("adequacy", "fluency")
        Judgment types, each present in the data and for every segment (else
        :class:`~evalkit.errors.ParameterError`: the combined score would silently mean
        something else).
    combined : str or None, default "combined"
        Name of a column with the mean of all values of ``kinds`` (Banerjee & Lavie 2005,
        Sec. 4.2: adequacy and fluency of both judges, the mean of four numbers); None: no
        such column.

    Returns
    -------
    pandas.DataFrame
        One row per (system, document, segment): ``system, document, segment, [kinds...],
        [combined]``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.human import segment_scores
    >>> j = pd.DataFrame({"system": "s", "document": "d", "segment": 1,
    ...                   "judge": [1, 2, 1, 2], "judgment": ["adequacy"] * 2 + ["fluency"] * 2,
    ...                   "value": [4, 5, 2, 2]})
    >>> segment_scores(j)[["adequacy", "fluency", "combined"]].values.tolist()
    [[4.5, 2.0, 3.25]]
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
    """Per system: the mean of a segment column, optionally weighted.

    Parameters
    ----------
    segments : pandas.DataFrame
        One row per segment, with ``system`` and ``column`` (and ``weights``).
    column : str
        The score column.
    weights : str, optional
        A column of finite, non-negative weights with a positive total per system (else
        :class:`~evalkit.errors.ParameterError`): ``sum_k I_k h_k / sum_k I_k`` (Leusch et al.
        2005, Sec. 3.5, with I_k the candidate lengths).

    Returns
    -------
    pandas.Series
        Indexed by system.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.human import system_scores
    >>> seg = pd.DataFrame({"system": ["A", "A", "B"], "h": [1.0, 4.0, 2.0], "length": [3, 1, 5]})
    >>> system_scores(seg, "h").tolist(), system_scores(seg, "h", weights="length").tolist()
    ([2.5, 2.0], [1.75, 2.0])
    """
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
    """Segment-level correlation within each system, and the unweighted mean over systems.

    As Banerjee & Lavie (2005, Tables 2-7).

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per segment: ``system``, ``metric`` and ``human`` columns; at least 3
        segments per system (else :class:`~evalkit.errors.ParameterError`).
    metric, human : str
        Column names.
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    absolute : bool, default False
        Take |r| per system before averaging (Leusch et al. 2005, for error measures).

    Returns
    -------
    pandas.DataFrame
        ``system, r, n``: one row per system and a last row ``system = "Average"`` (the mean
        r; ``n`` the total segments).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.human import per_system_correlation
    >>> f = pd.DataFrame({"system": list("AAABBB"), "m": [1, 2, 3, 1, 2, 3],
    ...                   "h": [1, 2, 3, 3, 2, 1]})
    >>> per_system_correlation(f, "m", "h").values.tolist()
    [['A', 1.0, 3], ['B', -1.0, 3], ['Average', 0.0, 6]]
    >>> float(per_system_correlation(f, "m", "h", absolute=True)["r"].iloc[-1])
    1.0
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
    """Smallest |r| with p <= alpha for a Pearson r over n pairs.

    ``r = t / sqrt(df + t²)`` with ``t`` the Student-t quantile, df = n - 2 (the critical
    values Owczarzak et al. 2006 quote).

    Parameters
    ----------
    n : int
        Pairs, >= 3.
    alpha : float, default 0.05
        In (0, 1).
    two_sided : bool, default True

    Returns
    -------
    float

    Examples
    --------
    The critical r is where the t-test of r reaches p = alpha:

    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.human import critical_r
    >>> r = critical_r(20)
    >>> t = r * np.sqrt(18 / (1 - r ** 2))
    >>> round(r, 4), round(float(2 * stats.t.sf(t, 18)), 6)
    (0.4438, 0.05)
    """
    from scipy import stats

    if not (isinstance(n, (int, np.integer)) and n >= 3):
        raise ParameterError("n", n, "an integer >= 3")
    if not (0.0 < alpha < 1.0):
        raise ParameterError("alpha", alpha, "a probability in (0, 1)")
    df = n - 2
    t = stats.t.ppf(1.0 - (alpha / 2.0 if two_sided else alpha), df)
    return float(t / np.sqrt(df + t * t))


def coefficient_of_variation(values, ddof: int = 1) -> float:
    """sd / mean of ``values`` (a fraction, not a percentage).

    Parameters
    ----------
    values : array_like, shape (n,)
        At least two finite numbers with a non-zero mean (else
        :class:`~evalkit.errors.ParameterError`).
    ddof : int, default 1
        1: sample sd; 0: population sd.

    Returns
    -------
    float
        sd / mean (a fraction).

    Examples
    --------
    >>> from evalkit.stats.human import coefficient_of_variation
    >>> coefficient_of_variation([2.0, 4.0, 6.0]), coefficient_of_variation([2.0, 4.0], ddof=0)
    (0.5, 0.3333333333333333)
    """
    x = np.asarray(values, dtype=float)
    if x.ndim != 1 or len(x) < 2 or not np.isfinite(x).all():
        raise ParameterError("values", f"{len(x)} values", "at least two finite numbers")
    mean = x.mean()
    if mean == 0:
        raise ParameterError("values", "mean 0", "a non-zero mean")
    return float(x.std(ddof=ddof) / mean)


def win_share(preferences: pd.DataFrame) -> pd.Series:
    """Per system: pairs won / pairs taken part in (WMT relative ranking).

    Parameters
    ----------
    preferences : pandas.DataFrame
        One row per pair, ``better`` and ``worse`` columns; at least one row (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    pandas.Series
        ``win_share`` per system, in [0, 1].

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.human import win_share
    >>> pairs = pd.DataFrame({"better": ["a", "a", "b"], "worse": ["b", "c", "c"]})
    >>> win_share(pairs).sort_index().tolist()
    [1.0, 0.5, 0.0]
    """
    _require(preferences, ("better", "worse"), "preferences")
    if preferences.empty:
        raise ParameterError("preferences", "no pairs", "at least one relative-ranking pair")
    wins = preferences["better"].value_counts()
    total = wins.add(preferences["worse"].value_counts(), fill_value=0)
    return (wins.reindex(total.index, fill_value=0) / total).rename("win_share")
