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

References:

* Rankel, P. A., Conroy, J. M., & Schlesinger, J. D. (2012). Better metrics to automatically
  predict the quality of a text summary. Algorithms 5(4), 398-420.
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
    """Fit one linear predictor of ``target`` from ``features``.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per summary; finite features and target, more rows than features + 1 (else
        :class:`~evalkit.errors.ParameterError`).
    features : sequence of str
        At least one feature column.
    target : str
        The human score column.
    method : {"robust", "nnls", "cca", "ols"}, default "robust"
        Tukey-biweight robust regression, non-negative least squares with a free intercept,
        one-component CCA mapped to ``target`` by least squares, or ordinary least squares
        (module docstring).

    Returns
    -------
    dict
        ``{"method", "features", "intercept", "coef"}``: the prediction is
        ``intercept + X @ coef`` (:func:`predict`).

    Examples
    --------
    An exact linear relation is recovered by every method but NNLS, which keeps slopes >= 0:

    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.regression import fit
    >>> f = pd.DataFrame({"a": [0.0, 1, 2, 3, 4, 5], "b": [1.0, 0, 3, 1, 2, 5]})
    >>> f["h"] = 1 + 2 * f.a - f.b
    >>> m = fit(f, ["a", "b"], "h", method="ols")
    >>> round(m["intercept"], 6), np.round(m["coef"], 6).tolist()
    (1.0, [2.0, -1.0])
    >>> bool((fit(f, ["a", "b"], "h", method="nnls")["coef"] >= 0).all())
    True
    """
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
    """Predictions of a model of :func:`fit` on the rows of ``frame``.

    Parameters
    ----------
    model : dict
        The output of :func:`fit`.
    frame : pandas.DataFrame
        Has the model's feature columns, finite.

    Returns
    -------
    numpy.ndarray, shape (len(frame),)

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.regression import predict
    >>> model = {"features": ["a"], "intercept": 1.0, "coef": [2.0]}
    >>> predict(model, pd.DataFrame({"a": [0.0, 1.5]})).tolist()
    [1.0, 4.0]
    """
    x, _ = _xy(frame, model["features"], None)
    return model["intercept"] + x @ model["coef"]


def system_correlation(
    frame: pd.DataFrame,
    predicted: np.ndarray,
    target: str,
    system: str = "system",
    method: str = "pearson",
) -> float:
    """Correlation of the system means of predictions and of ``target``.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per summary, with ``system`` and ``target`` columns.
    predicted : array_like, shape (len(frame),)
        Predictions for the rows.
    target : str
    system : str, default "system"
    method : {"pearson", "spearman", "kendall"}, default "pearson"

    Returns
    -------
    float
        The coefficient of the system means; NaN when undefined.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.regression import system_correlation
    >>> f = pd.DataFrame({"system": list("aabbcc"), "h": [1.0, 2, 2, 3, 5, 6]})
    >>> system_correlation(f, [0, 1, 1, 2, 2, 3], "h", method="spearman")
    1.0
    """
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
    """The CLASSY protocol of Rankel, Conroy & Schlesinger (2012) (module docstring).

    Every feature subset up to ``max_size`` and every method is fitted on ``select_train`` and
    scored on ``select_eval``; the best is refitted on ``final_train`` and predicts ``test``.

    Parameters
    ----------
    select_train, select_eval, final_train, test : pandas.DataFrame
        One row per summary (years Y-2, Y-1, Y-1 and Y).
    features : sequence of str
        Candidate feature columns.
    target : str
    methods : sequence of str, default ("robust", "nnls", "cca")
        Among :data:`REGRESSIONS`.
    max_size : int, default 3
        Largest subset; the search is exhaustive, so this caps the cost.
    system : str, default "system"
    correlation : {"pearson", "spearman", "kendall"}, default "pearson"
        The system-level selection criterion.

    Returns
    -------
    predictions : numpy.ndarray, shape (len(test),)
    table : pandas.DataFrame
        ``features, method, r``: every candidate with its selection correlation, best first.

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.regression import select_fit_predict
    >>> rng = np.random.default_rng(0)
    >>> def year():
    ...     f = pd.DataFrame({"system": np.repeat(list("abcdef"), 4), "good": rng.normal(size=24),
    ...                       "noise": rng.normal(size=24)})
    ...     return f.assign(h=2 * f.good + rng.normal(scale=0.1, size=24))
    >>> pred, table = select_fit_predict(year(), year(), year(), year(), ["good", "noise"], "h",
    ...                                  methods=["ols"], max_size=1)
    >>> table["features"].tolist()[0], pred.shape
    (('good',), (24,))
    """
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
