"""Correlations per input (or per system) with p-values, and their averages under the rules
published analyses use.

For (systems x inputs) matrices ``X`` (metric) and ``H`` (humans):

* ``by="inputs"``: one coefficient per input across the systems that have both scores; the
  summary level of Deutsch et al. (2021) and mt-metrics-eval's ``average_by="item"``
  (segment-level correlation averaged over segments);
* ``by="systems"``: one coefficient per system across its inputs (mt-metrics-eval's
  ``average_by="sys"``).

``p_value``: two-sided, from :func:`scipy.stats.pearsonr`, :func:`scipy.stats.spearmanr` and
:func:`scipy.stats.kendalltau` (tau-b) called per group (other coefficients have none).

Averaging rules (:func:`averaged_correlation`), ``r = mean of the kept groups' coefficients``:

* ``undefined="skip"`` (default; SacreROUGE, mt-metrics-eval): a group whose coefficient is
  undefined (a constant metric or human vector, or fewer than 2 complete pairs) is left out;
  ``"zero"`` counts it as 0 (mt-metrics-eval ``replace_nans_with_zeros``); ``"refuse"`` raises.
* ``alpha``: keep only groups whose coefficient is significant at ``alpha`` (p < alpha), as
  REALSumm's summary-level analysis (Bhandari et al. 2020, "Re-evaluating Evaluation in Text
  Summarization", EMNLP, Sec. 4.1) reports Kendall's tau.
* ``weighted=True``: weight each group by its number of complete pairs (mt-metrics-eval's
  ``macro=False``) instead of equally.

The reported counts say how many groups each rule dropped, so nothing is dropped silently.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice, check_probability
from evalkit.stats.correlation import COEFFICIENTS, apply_missing_rule, correlate_columns

__all__ = ["per_group_correlations", "averaged_correlation"]

_SCIPY = {"pearson": sps.pearsonr, "spearman": sps.spearmanr, "kendall": sps.kendalltau}


def _frame_labels(x, by: str):
    if isinstance(x, pd.DataFrame):
        return list(x.columns if by == "inputs" else x.index)
    arr = np.asarray(x)
    return list(range(arr.shape[1] if by == "inputs" else arr.shape[0]))


def per_group_correlations(
    x, y, *, method: str = "pearson", by: str = "inputs", missing: str = "shared"
) -> pd.DataFrame:
    """One coefficient per input (``by="inputs"``) or per system (``"systems"``).

    ``x``, ``y``: (systems x inputs) matrices (DataFrames keep their labels). Returns
    ``group, r, p_value, n, constant`` where ``n`` counts complete pairs and ``constant`` marks
    a group whose metric or human vector is constant (its coefficient is undefined).

    >>> x = np.array([[1., 1.], [2., 1.], [3., 1.]]); h = np.array([[1., 2.], [3., 1.], [2., 3.]])
    >>> per_group_correlations(x, h, method="kendall")[["r", "constant"]].round(4).values.tolist()
    [[0.3333, False], [nan, True]]
    """
    check_choice("method", method, COEFFICIENTS)
    check_choice("by", by, ("inputs", "systems"))
    labels = _frame_labels(x, by)
    xv, yv = apply_missing_rule(x, y, missing)
    if by == "systems":
        xv, yv = xv.T, yv.T
    r = correlate_columns(xv, yv, method)
    rows = []
    for k, label in enumerate(labels):
        ok = ~(np.isnan(xv[:, k]) | np.isnan(yv[:, k]))
        a, b = xv[ok, k], yv[ok, k]
        constant = bool(a.size >= 2 and (np.ptp(a) == 0 or np.ptp(b) == 0))
        p = float("nan")
        if method in _SCIPY and a.size >= 3 and not constant:
            p = float(_SCIPY[method](a, b)[1])
        rows.append(
            {
                "group": label,
                "r": float(r[k]),
                "p_value": p,
                "n": int(ok.sum()),
                "constant": constant,
            }
        )
    return pd.DataFrame(rows)


def averaged_correlation(
    x,
    y,
    *,
    method: str = "pearson",
    by: str = "inputs",
    undefined: str = "skip",
    alpha: Optional[float] = None,
    weighted: bool = False,
    missing: str = "shared",
) -> pd.DataFrame:
    """The average of the per-group coefficients under the rules of the module docstring.

    Returns one row: ``method, by, r, n_groups, n_used, n_undefined, n_not_significant``.

    >>> x = np.array([[1., 1.], [2., 1.], [3., 1.]]); h = np.array([[1., 2.], [3., 1.], [2., 3.]])
    >>> row = averaged_correlation(x, h, method="kendall", undefined="zero").iloc[0]
    >>> round(float(row.r), 4), int(row.n_used), int(row.n_undefined)
    (0.1667, 2, 1)
    """
    check_choice("undefined", undefined, ("skip", "zero", "refuse"))
    if alpha is not None:
        alpha = check_probability("alpha", alpha)
        if method not in _SCIPY:
            raise ParameterError("alpha", alpha, f"None for method {method!r} (no p-value)")
    per = per_group_correlations(x, y, method=method, by=by, missing=missing)
    r = per["r"].to_numpy(float)
    w = per["n"].to_numpy(float) if weighted else np.ones(len(per))
    undefined_mask = np.isnan(r)
    if undefined_mask.any() and undefined == "refuse":
        first = per.loc[undefined_mask, "group"].iloc[0]
        raise ParameterError(
            "undefined",
            "refuse",
            f"a defined coefficient in every group (first undefined: {first!r})",
        )
    keep = ~undefined_mask
    if undefined == "zero":
        r = np.where(undefined_mask, 0.0, r)
        keep = np.ones(len(r), dtype=bool)
    not_sig = np.zeros(len(r), dtype=bool)
    if alpha is not None:
        not_sig = ~undefined_mask & ~(per["p_value"].to_numpy(float) < alpha)
        keep &= ~not_sig
    value = (
        float(np.sum(r[keep] * w[keep]) / np.sum(w[keep]))
        if keep.any() and w[keep].sum() > 0
        else float("nan")
    )
    return pd.DataFrame(
        [
            {
                "method": method,
                "by": by,
                "r": value,
                "n_groups": len(per),
                "n_used": int(keep.sum()),
                "n_undefined": int(undefined_mask.sum()),
                "n_not_significant": int(not_sig.sum()),
            }
        ]
    )
