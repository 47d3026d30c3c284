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

References:

* Bhandari, M., Gour, P. N., Ashfaq, A., Liu, P., & Neubig, G. (2020). Re-evaluating
  evaluation in text summarization. EMNLP 2020.
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
    """One coefficient, with its p-value, per input or per system.

    Parameters
    ----------
    x, y : array_like or pandas.DataFrame, shape (n_systems, n_inputs)
        Metric and human scores; DataFrames keep their labels as ``group``.
    method : str, default "pearson"
        One of :data:`~evalkit.stats.correlation.COEFFICIENTS`; p-values exist for
        ``"pearson"``, ``"spearman"`` and ``"kendall"`` only.
    by : {"inputs", "systems"}, default "inputs"
        Correlate across the systems of each input, or across the inputs of each system.
    missing : {"shared", "refuse"}, default "shared"
        The missing-cell rule (:func:`evalkit.stats.correlation.apply_missing_rule`).

    Returns
    -------
    pandas.DataFrame
        ``group, r, p_value, n, constant``: ``n`` counts complete pairs; ``constant`` marks a
        group whose metric or human vector is constant (its coefficient is undefined, NaN);
        ``p_value`` is two-sided from scipy, NaN below 3 pairs.

    Examples
    --------
    The second input's metric scores are constant:

    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.grouped import per_group_correlations
    >>> x = np.array([[1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])
    >>> h = np.array([[1.0, 2.0], [3.0, 1.0], [2.0, 3.0]])
    >>> out = per_group_correlations(x, h, method="kendall")
    >>> out[["r", "constant"]].round(4).values.tolist()
    [[0.3333, False], [nan, True]]
    >>> bool(np.isclose(out.p_value[0], stats.kendalltau(x[:, 0], h[:, 0]).pvalue))
    True
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

    Parameters
    ----------
    x, y : array_like or pandas.DataFrame, shape (n_systems, n_inputs)
        Metric and human scores.
    method : str, default "pearson"
    by : {"inputs", "systems"}, default "inputs"
        As :func:`per_group_correlations`.
    undefined : {"skip", "zero", "refuse"}, default "skip"
        Leave undefined coefficients out, count them as 0, or raise
        :class:`~evalkit.errors.ParameterError`.
    alpha : float, optional
        Keep only groups with p < alpha (Bhandari et al. 2020); needs a method with p-values.
    weighted : bool, default False
        Weight groups by their complete pairs instead of equally.
    missing : {"shared", "refuse"}, default "shared"

    Returns
    -------
    pandas.DataFrame
        One row: ``method, by, r, n_groups, n_used, n_undefined, n_not_significant``.

    Examples
    --------
    One input has tau = 1/3, the other an undefined coefficient:

    >>> import numpy as np
    >>> from evalkit.stats.grouped import averaged_correlation
    >>> x = np.array([[1.0, 1.0], [2.0, 1.0], [3.0, 1.0]])
    >>> h = np.array([[1.0, 2.0], [3.0, 1.0], [2.0, 3.0]])
    >>> skip = averaged_correlation(x, h, method="kendall").iloc[0]
    >>> zero = averaged_correlation(x, h, method="kendall", undefined="zero").iloc[0]
    >>> round(float(skip.r), 4), round(float(zero.r), 4), int(zero.n_undefined)
    (0.3333, 0.1667, 1)
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
