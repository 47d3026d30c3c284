"""Learned metrics from automatic features, CLASSY style (Rankel, Conroy & Schlesinger 2012;
ORDC12 Table 5): regress human scores on summary features, choose the feature subset and the
method on a later year, refit, predict the target year.

Methods (each a well-kept implementation, pinned in requirements/lock.txt):

* ``"robust"``: robust linear regression, Tukey biweight (MATLAB ``robustfit``'s default
  weighting, c = 4.685), :class:`statsmodels.api.RLM`;
* ``"nnls"``: non-negative least squares with a free intercept (features centred, then
  :func:`scipy.optimize.nnls` on the slopes);
* ``"cca"``: canonical correlation with one component, :class:`sklearn.cross_decomposition.CCA`;
* ``"ols"``: ordinary least squares, :class:`statsmodels.api.OLS`.

Protocol (:func:`select_fit_predict`): for every feature subset of size 1..``max_size`` and
every method, fit on ``select_train`` (year Y-2) and correlate the predictions with the human
score on ``select_eval`` (Y-1) at system level (mean per system); refit the best (subset,
method) on ``final_train`` (Y-1) and predict ``test`` (Y). Exhaustive search over subsets
(``itertools.combinations``), so ``max_size`` caps the cost.
"""

from __future__ import annotations

from itertools import combinations
from typing import Dict, Optional, Sequence, Tuple

import numpy as np
import pandas as pd
import statsmodels.api as sm
from scipy.optimize import nnls
from sklearn.cross_decomposition import CCA

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice, check_columns, check_int
from evalkit.stats.correlation import METHODS as CORRELATIONS, correlate_columns

__all__ = ["REGRESSIONS", "fit", "predict", "select_fit_predict", "system_correlation"]

REGRESSIONS = ("robust", "nnls", "cca", "ols")


def _xy(
    frame: pd.DataFrame, features: Sequence[str], target: Optional[str]
) -> Tuple[np.ndarray, Optional[np.ndarray]]:
    check_columns(frame, list(features) + ([target] if target else []), "frame")
    x = frame[list(features)].to_numpy(float)
    y = frame[target].to_numpy(float) if target else None
    if not np.isfinite(x).all() or (y is not None and not np.isfinite(y).all()):
        raise ParameterError(
            "frame", "non-finite values", "finite features and targets (drop incomplete rows)"
        )
    return x, y


def fit(frame: pd.DataFrame, features: Sequence[str], target: str, method: str = "robust") -> Dict:
    """Fit one model; returns ``{"method", "features", "intercept", "coef"}`` (a linear predictor)."""
    check_choice("method", method, REGRESSIONS)
    if not features:
        raise ParameterError("features", features, "at least one feature")
    x, y = _xy(frame, features, target)
    if len(y) <= len(features) + 1:
        raise ParameterError("frame", len(y), f"more rows than features + 1 ({len(features) + 1})")
    if method in ("robust", "ols"):
        design = sm.add_constant(x, has_constant="add")
        model = (
            sm.RLM(y, design, M=sm.robust.norms.TukeyBiweight())
            if method == "robust"
            else sm.OLS(y, design)
        )
        params = np.asarray(model.fit().params, dtype=float)
        intercept, coef = float(params[0]), params[1:]
    elif method == "nnls":
        mx, my = x.mean(axis=0), y.mean()
        coef, _ = nnls(x - mx, y - my)
        intercept = float(my - mx @ coef)
    else:
        cca = CCA(n_components=1, scale=True).fit(x, y.reshape(-1, 1))
        u = cca.transform(x).ravel()
        # the canonical variate is defined up to scale and sign: map it to y by least squares;
        # transform() is affine in x, so its coefficients are read off the basis vectors
        slope, icpt = np.polyfit(u, y, 1)
        basis = np.vstack([np.zeros(x.shape[1]), np.eye(x.shape[1])])
        ub = cca.transform(basis).ravel()
        coef = slope * (ub[1:] - ub[0])
        intercept = float(icpt + slope * ub[0])
    return {
        "method": method,
        "features": list(features),
        "intercept": float(intercept),
        "coef": np.asarray(coef, dtype=float),
    }


def predict(model: Dict, frame: pd.DataFrame) -> np.ndarray:
    x, _ = _xy(frame, model["features"], None)
    return model["intercept"] + x @ model["coef"]


def system_correlation(
    frame: pd.DataFrame,
    predicted: np.ndarray,
    target: str,
    system: str = "system",
    method: str = "pearson",
) -> float:
    """Correlation of system means of ``predicted`` and of ``target``."""
    check_choice("method", method, CORRELATIONS)
    means = frame.assign(_p=predicted).groupby(system, sort=True)[["_p", target]].mean()
    return float(correlate_columns(means["_p"].to_numpy(), means[target].to_numpy(), method)[0])


def select_fit_predict(
    select_train: pd.DataFrame,
    select_eval: pd.DataFrame,
    final_train: pd.DataFrame,
    test: pd.DataFrame,
    features: Sequence[str],
    target: str,
    *,
    methods: Sequence[str] = ("robust", "nnls", "cca"),
    max_size: int = 3,
    system: str = "system",
    correlation: str = "pearson",
) -> Tuple[np.ndarray, pd.DataFrame]:
    """The CLASSY protocol (module docstring). Returns ``(predictions for test, search table)``
    where the table lists every (features, method) with its selection correlation, best first."""
    max_size = check_int("max_size", max_size)
    for m in methods:
        check_choice("methods", m, REGRESSIONS)
    rows = []
    for size in range(1, min(max_size, len(features)) + 1):
        for subset in combinations(features, size):
            for m in methods:
                model = fit(select_train, subset, target, m)
                r = system_correlation(
                    select_eval, predict(model, select_eval), target, system, correlation
                )
                rows.append({"features": subset, "method": m, "r": r})
    table = pd.DataFrame(rows).sort_values(
        "r", ascending=False, kind="mergesort", na_position="last"
    )
    table = table.reset_index(drop=True)
    best = table.iloc[0]
    model = fit(final_train, list(best["features"]), target, best["method"])
    return predict(model, test), table
