"""Correlations between metric scores and human judgments, at the levels the papers use.

Levels (as SacreROUGE defines them, Deutsch et al. 2021; Owczarzak et al. 2012, §C5):

* ``system``: average every system's scores over the inputs (NaN-aware), then correlate the
  two system vectors (one point per system).
* ``summary``: for each input (topic, document, segment) correlate across the systems that
  have both scores, then average the per-input coefficients, skipping undefined ones
  (:mod:`evalkit.stats.grouped` has the other averaging rules and per-input p-values).
* ``global``: correlate all (input, system) cells that have both scores.

Missing cells (:func:`apply_missing_rule`): a cell counts only where the metric *and* the
humans have a value, at every level; so a system's metric and human means are taken over
the same inputs (``missing="shared"``, default) or differing gaps are refused
(``missing="refuse"``).

Coefficients (:data:`COEFFICIENTS`): Pearson's r, Spearman's rho (Pearson on mid-ranks),
Kendall's tau-b (``tau_b = (C - D) / sqrt((n0 - n1)(n0 - n2))``) and the tau variants of
:mod:`evalkit.stats.kendall` (tau-a, tau-c, tau_eq, acc_eq); all in [-1, 1].
The column-wise implementations below are vectorized so that bootstrap and permutation
designs (thousands of resamples) stay fast; they are tested against :mod:`scipy.stats`.

Confidence intervals: Fisher z with the Bonett & Wright (2000) constants
(``z = atanh r``, ``se = c / sqrt(n - b)``; Pearson b=3, c=1; Spearman b=3,
c=sqrt(1 + r²/2); Kendall b=4, c=sqrt(.437)), with ``n`` as :func:`fisher_sample_size`
defines it (summary level: the number of systems per input, Deutsch et al. 2021, unless
``fisher_n="inputs"``), and percentile bootstrap over systems, inputs or both
(:func:`percentile_interval`, which can be widened to hold given values; the bias-corrected
and accelerated interval of Efron 1987 for a median-biased resampling: :func:`bca_interval`).
Comparing two metrics (BOOT-*, PERM-*) lives in :mod:`evalkit.stats.difference_tests`, the
Williams test in :mod:`evalkit.stats.williams`.

WMT relative-ranking "Kendall's tau-like" (WMT17-WMT20 daRR):
``tau = (Concordant - Discordant) / (Concordant + Discordant)`` over human preference pairs
(:func:`wmt_kendall_like`; pairs from DA scores: :func:`darr_pairs`).

References:

* Ma, Q., Wei, J., Bojar, O., & Graham, Y. (2019). Results of the WMT19 metrics shared task:
  segment-level and strong MT systems pose big challenges. WMT 2019.
* Bonett, D. G., & Wright, T. A. (2000). Sample size requirements for estimating Pearson,
  Kendall and Spearman correlations. Psychometrika 65(1), 23-28.
* Deutsch, D., Dror, R., & Roth, D. (2021). A statistical analysis of summarization
  evaluation metrics using resampling methods. TACL 9.
* Efron, B. (1987). Better bootstrap confidence intervals. JASA 82(397), 171-185.
"""

from __future__ import annotations

import warnings
from typing import Optional, Sequence, Tuple

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats._shared import paired_columns, resample_indices, show_options
from evalkit.stats.kendall import KENDALL_METHODS, kendall_columns
from evalkit.stats.validation import (
    INSTANCE_COLUMNS,
    SYSTEM_COLUMNS,
    SeedLike,
    check_choice,
    check_columns,
    check_int,
    check_probability,
    pick_column,
    rng_from_seed,
    score_frame,
    select_level,
    unit_column,
)

__all__ = [
    "METHODS",
    "spearman_permutation",
    "COEFFICIENTS",
    "LEVELS",
    "apply_missing_rule",
    "fisher_sample_size",
    "darr_pairs",
    "correlate_columns",
    "level_correlation",
    "score_matrices",
    "correlate",
    "fisher_ci",
    "bootstrap_ci",
    "percentile_interval",
    "bca_interval",
    "resampled_correlations",
    "batched_level_correlation",
    "wmt_kendall_like",
]

METHODS = ("pearson", "spearman", "kendall")
#: every coefficient the column-wise core computes (METHODS plus the tau variants without ties
#: calibration of :mod:`evalkit.stats.kendall`); Fisher intervals exist for METHODS only
COEFFICIENTS = METHODS + ("kendall_a", "kendall_c", "tau_eq", "acc_eq")
MISSING_RULES = ("shared", "refuse")
FISHER_N = ("systems", "inputs")
LEVELS = ("system", "summary", "global")
RESAMPLING_UNITS = ("systems", "inputs", "both")
# Bonett & Wright (2000) constants (b, c(r)) of the Fisher-z standard error c / sqrt(n - b).
_FISHER = {
    "pearson": (3, lambda r: np.ones_like(r)),
    "spearman": (3, lambda r: np.sqrt(1 + r**2 / 2)),
    "kendall": (4, lambda r: np.full_like(r, np.sqrt(0.437))),
}


# --------------------------------------------------------------------------- core, numpy
def _pearson_cols(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    xc = x - x.mean(axis=0)
    yc = y - y.mean(axis=0)
    den = np.sqrt((xc**2).sum(axis=0) * (yc**2).sum(axis=0))
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (xc * yc).sum(axis=0) / den
    r[den == 0] = np.nan  # a constant vector has no correlation (scipy returns nan too)
    return np.clip(r, -1.0, 1.0)


def _complete_cols(x: np.ndarray, y: np.ndarray, method: str) -> np.ndarray:
    if x.shape[0] < 2:
        return np.full(x.shape[1], np.nan)
    if method == "pearson":
        return _pearson_cols(x, y)
    if method == "spearman":
        return _pearson_cols(sps.rankdata(x, axis=0), sps.rankdata(y, axis=0))
    return kendall_columns(x, y, KENDALL_METHODS[method])


def correlate_columns(x, y, method: str = "pearson") -> np.ndarray:
    """Correlation of every column of ``x`` with the same column of ``y``.

    Rows where either value is NaN are left out column by column, so each column uses its own
    complete rows.

    Parameters
    ----------
    x : array_like, shape (n,) or (n, m)
        Metric scores; a 1-D array is one column.
    y : array_like, same shape as ``x``
        Human scores (a different shape raises :class:`~evalkit.errors.ParameterError`).
    method : str, default "pearson"
        One of :data:`COEFFICIENTS`: ``"pearson"``, ``"spearman"`` (Pearson on mid-ranks),
        ``"kendall"`` (tau-b) or the tau variants of :mod:`evalkit.stats.kendall`
        (``"kendall_a"``, ``"kendall_c"``, ``"tau_eq"``, ``"acc_eq"``; for these ``x`` is the
        metric and ``y`` the humans). Anything else raises ``ParameterError``.

    Returns
    -------
    numpy.ndarray, shape (m,)
        One coefficient in [-1, 1] per column; NaN where fewer than 2 complete rows remain or a
        column is constant.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.correlation import correlate_columns
    >>> x = np.array([[1, 4], [2, 3], [3, 1], [4, 2]])
    >>> y = np.array([[2, 1], [1, 2], [4, 3], [3, 4]])
    >>> r = correlate_columns(x, y, "kendall")
    >>> bool(np.allclose(r, [stats.kendalltau(x[:, j], y[:, j])[0] for j in range(2)]))
    True
    >>> correlate_columns([1, 2, 3], [5, 5, 5]).tolist()   # a constant column
    [nan]
    """
    check_choice("method", method, COEFFICIENTS)
    x, y = paired_columns(x, y)
    ok = ~(np.isnan(x) | np.isnan(y))
    full = ok.all(axis=0)
    out = np.full(x.shape[1], np.nan)
    if full.any():
        out[full] = _complete_cols(x[:, full], y[:, full], method)
    for j in np.flatnonzero(~full):
        rows = ok[:, j]
        out[j] = _complete_cols(x[rows, j : j + 1], y[rows, j : j + 1], method)[0]
    return out


def apply_missing_rule(x, y, missing: str = "shared"):
    """The missing-cell rule of every level: a (system, input) cell counts only where *both*
    the metric and the human matrix have a value.

    Parameters
    ----------
    x : array_like, shape (n_systems, n_inputs)
        Metric scores, NaN where missing.
    y : array_like, same shape as ``x``
        Human scores, NaN where missing (another shape raises
        :class:`~evalkit.errors.ParameterError`).
    missing : {"shared", "refuse"}, default "shared"
        ``"shared"`` blanks a cell missing on either side on both sides, so that a system's
        metric and human averages (system level) are taken over the same inputs; ``"refuse"``
        raises ``ParameterError`` when the two matrices miss different cells.

    Returns
    -------
    x, y : numpy.ndarray
        Float copies of the inputs with the shared missing cells.

    Examples
    --------
    >>> from evalkit.stats.correlation import apply_missing_rule
    >>> nan = float("nan")
    >>> x, y = apply_missing_rule([[1, nan], [2, 3]], [[1, 2], [nan, 4]])
    >>> x.tolist(), y.tolist()
    ([[1.0, nan], [nan, 3.0]], [[1.0, nan], [nan, 4.0]])
    """
    check_choice("missing", missing, MISSING_RULES)
    x = np.array(x, dtype=float)
    y = np.array(y, dtype=float)
    if x.shape != y.shape:
        raise ParameterError("y", y.shape, f"a matrix of the same shape as x {x.shape}")
    xm, ym = np.isnan(x), np.isnan(y)
    differ = xm != ym
    if differ.any():
        if missing == "refuse":
            i, j = np.argwhere(differ)[0]
            raise ParameterError(
                "scores",
                f"{int(differ.sum())} cells present on one side only (first: row {i}, column {j})",
                "the same missing cells in the metric and human matrices (or missing='shared')",
            )
        x[ym] = np.nan
        y[xm] = np.nan
    return x, y


def level_correlation(
    x, y, level: str = "system", method: str = "pearson", missing: str = "shared"
) -> Tuple[float, int]:
    """Correlation at one level for score matrices of shape (n_systems, n_inputs).

    Levels as the module docstring defines them: ``"system"`` correlates the per-system means,
    ``"summary"`` averages the per-input coefficients that are defined, ``"global"`` correlates
    all cells.

    Parameters
    ----------
    x : array_like, shape (n_systems, n_inputs)
        Metric scores (NaN where missing).
    y : array_like, same shape as ``x``
        Human scores (NaN where missing).
    level : {"system", "summary", "global"}, default "system"
    method : str, default "pearson"
        One of :data:`COEFFICIENTS`.
    missing : {"shared", "refuse"}, default "shared"
        The missing-cell rule (:func:`apply_missing_rule`).

    Returns
    -------
    r : float
        The coefficient in [-1, 1] (NaN when undefined).
    n : int
        The points behind ``r``: systems (system level), inputs with a defined coefficient
        (summary level) or cells (global level).

    Examples
    --------
    Three systems, two inputs; the system means are (1.5, 2.5, 4) and (1.5, 2.5, 3.5):

    >>> import numpy as np
    >>> from evalkit.stats.correlation import level_correlation
    >>> x, y = [[1, 2], [2, 3], [4, 4]], [[1, 2], [3, 2], [2, 5]]
    >>> r, n = level_correlation(x, y, "system")
    >>> bool(np.isclose(r, np.corrcoef([1.5, 2.5, 4], [1.5, 2.5, 3.5])[0, 1])), n
    (True, 3)

    A cell the humans did not judge is left out of the metric's mean too:

    >>> nan = float("nan")
    >>> r, n = level_correlation(x, [[1, 2], [3, 2], [2, nan]], "system")
    >>> bool(np.isclose(r, np.corrcoef([1.5, 2.5, 4], [1.5, 2.5, 2])[0, 1]))
    True
    """
    check_choice("level", level, LEVELS)
    x, y = apply_missing_rule(x, y, missing)
    if level == "system":
        with warnings.catch_warnings():  # an all-NaN row ("mean of empty slice") is NaN
            warnings.simplefilter("ignore", RuntimeWarning)
            xs, ys = np.nanmean(x, axis=1), np.nanmean(y, axis=1)
        keep = ~(np.isnan(xs) | np.isnan(ys))
        return float(correlate_columns(xs, ys, method)[0]), int(keep.sum())
    if level == "summary":
        r = correlate_columns(x, y, method)
        defined = ~np.isnan(r)
        return (float(r[defined].mean()) if defined.any() else float("nan")), int(defined.sum())
    xf, yf = x.ravel(), y.ravel()
    keep = ~(np.isnan(xf) | np.isnan(yf))
    return float(correlate_columns(xf[keep], yf[keep], method)[0]), int(keep.sum())


def fisher_sample_size(
    x, y, level: str, method: str = "pearson", convention: str = "systems", missing: str = "shared"
) -> int:
    """The ``n`` of the Fisher-z interval of a level correlation.

    System level: the systems with a score on both sides; global level: the cells. Summary
    level, ``convention="systems"`` (default; Deutsch, Dror & Roth 2021, Sec. 3, and
    SacreROUGE): the size of each correlated vector, i.e. the systems scored in an input (with
    missing cells the vectors differ in size and the smallest over the inputs with a defined
    coefficient is used, the conservative choice); ``convention="inputs"``: the number of
    inputs with a defined coefficient (evalkit before issue 13; it treats the average of the
    per-input coefficients as if it were one coefficient over that many points).

    Parameters
    ----------
    x, y : array_like, shape (n_systems, n_inputs)
        Metric and human scores (NaN where missing).
    level : {"system", "summary", "global"}
    method : str, default "pearson"
        One of :data:`COEFFICIENTS` (decides which inputs have a defined coefficient).
    convention : {"systems", "inputs"}, default "systems"
        The summary-level convention above.
    missing : {"shared", "refuse"}, default "shared"
        The missing-cell rule (:func:`apply_missing_rule`).

    Returns
    -------
    int
        The sample size to pass to :func:`fisher_ci` (0 when no coefficient is defined).

    Examples
    --------
    Four systems and three inputs, every cell scored:

    >>> import numpy as np
    >>> from evalkit.stats.correlation import fisher_sample_size
    >>> x = np.arange(12.0).reshape(4, 3) ** 1.5
    >>> y = np.arange(12.0).reshape(4, 3)[::-1] ** 2
    >>> fisher_sample_size(x, y, "summary"), fisher_sample_size(x, y, "summary", convention="inputs")
    (4, 3)
    """
    check_choice("level", level, LEVELS)
    check_choice("convention", convention, FISHER_N)
    x, y = apply_missing_rule(x, y, missing)
    r, n = level_correlation(x, y, level, method)
    if level != "summary" or convention == "inputs":
        return n
    per = correlate_columns(x, y, method)
    sizes = (~np.isnan(x)).sum(axis=0)[~np.isnan(per)]
    return int(sizes.min()) if sizes.size else 0


def batched_level_correlation(xb, yb, level: str = "system", method: str = "pearson") -> np.ndarray:
    """:func:`level_correlation` for a batch of matrices, in a few array calls.

    Used by the resampling designs so that all resamples are correlated at once.

    Parameters
    ----------
    xb : array_like, shape (R, n_systems, n_inputs)
        R metric matrices (NaN where missing).
    yb : array_like, shape (R, n_systems, n_inputs) or (n_systems, n_inputs)
        Human matrices, or one human matrix shared by all R.
    level : {"system", "summary", "global"}, default "system"
    method : str, default "pearson"
        One of :data:`COEFFICIENTS`.

    Returns
    -------
    numpy.ndarray, shape (R,)
        The coefficient of each matrix (the first value of :func:`level_correlation`).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.correlation import batched_level_correlation, level_correlation
    >>> rng = np.random.default_rng(0)
    >>> xb, y = rng.normal(size=(3, 5, 4)), rng.normal(size=(5, 4))
    >>> batch = batched_level_correlation(xb, y, "summary", "spearman")
    >>> one_by_one = [level_correlation(x, y, "summary", "spearman")[0] for x in xb]
    >>> bool(np.allclose(batch, one_by_one))
    True
    """
    check_choice("level", level, LEVELS)
    xb = np.asarray(xb, dtype=float)
    yb = np.broadcast_to(np.asarray(yb, dtype=float), xb.shape)
    r_, s_, i_ = xb.shape
    if level == "system":
        gaps = np.isnan(xb) | np.isnan(yb)
        if gaps.any():  # the shared-cells rule of apply_missing_rule
            xb, yb = np.where(gaps, np.nan, xb), np.where(gaps, np.nan, yb)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            xm, ym = np.nanmean(xb, axis=2), np.nanmean(yb, axis=2)  # (R, S)
        return correlate_columns(xm.T, ym.T, method)
    if level == "summary":
        per = correlate_columns(
            xb.transpose(1, 0, 2).reshape(s_, r_ * i_),
            yb.transpose(1, 0, 2).reshape(s_, r_ * i_),
            method,
        ).reshape(r_, i_)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            return np.nanmean(per, axis=1)
    return correlate_columns(xb.reshape(r_, -1).T, yb.reshape(r_, -1).T, method)


def _batches(n: int, cells: int):
    """Resample blocks small enough to hold (block, systems, inputs) arrays comfortably."""
    step = max(1, (1 << 22) // max(cells, 1))
    for start in range(0, n, step):
        yield start, min(n, start + step)


# --------------------------------------------------------------------------- tidy front end
def _long_to_matrix(
    frame: pd.DataFrame, name: str, inst: str, system: str, systems=None, instances=None
) -> pd.DataFrame:
    dup = frame.duplicated([inst, system])
    if dup.any():
        row = frame[dup].iloc[0]
        raise ParameterError(
            name,
            f"duplicate cell ({row[inst]!r}, {row[system]!r})",
            "one value per (instance, system) for each metric/judgment; average assessors first",
        )
    m = frame.pivot(index=system, columns=inst, values="value")
    if systems is not None:
        m = m.reindex(index=systems, columns=instances)
    return m


def score_matrices(
    scores: pd.DataFrame,
    judgments: pd.DataFrame,
    metric: str,
    judgment: str,
    *,
    average_assessors: bool = True,
):
    """Aligned (systems x inputs) matrices of one metric and one human judgment.

    Parameters
    ----------
    scores : pandas.DataFrame
        Long frame ``instance|segment, system|summarizer, metric, value``.
    judgments : pandas.DataFrame
        Long frame ``instance|segment, system|summarizer, judgment, value[, assessor]``.
    metric : str
        The metric to take from ``scores`` (an unknown name raises
        :class:`~evalkit.errors.ParameterError` listing the known ones).
    judgment : str
        The judgment to take from ``judgments`` (likewise checked).
    average_assessors : bool, default True
        Average several assessors' values of one cell; when False a repeated cell raises
        ``ParameterError``.

    Returns
    -------
    x, y : pandas.DataFrame
        Metric and human matrices indexed by system (rows) and input (columns), over the union
        of both frames' systems and inputs; a cell missing on one side is NaN.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.correlation import score_matrices
    >>> scores = pd.DataFrame({"instance": ["d1", "d1", "d2"], "system": ["A", "B", "A"],
    ...                        "metric": "m", "value": [0.1, 0.2, 0.3]})
    >>> human = pd.DataFrame({"instance": ["d1", "d1", "d1"], "system": ["A", "A", "B"],
    ...                       "judgment": "h", "value": [2.0, 4.0, 5.0]})
    >>> x, y = score_matrices(scores, human, "m", "h")
    >>> y.values.tolist()      # two assessors of (d1, A) averaged; (d2, *) not judged
    [[3.0, nan], [5.0, nan]]
    """
    scores, s_inst, s_sys = score_frame(scores, "scores", ["metric", "value"])
    judgments, j_inst, j_sys = score_frame(judgments, "judgments", ["judgment", "value"])
    s = scores[scores["metric"] == metric]
    j = judgments[judgments["judgment"] == judgment]
    if s.empty:
        raise ParameterError("metric", metric, f"one of {sorted(scores['metric'].unique())}")
    if j.empty:
        raise ParameterError(
            "judgment", judgment, f"one of {sorted(judgments['judgment'].unique())}"
        )
    if average_assessors:
        j = j.groupby([j_inst, j_sys], as_index=False, sort=False)["value"].mean()
    systems = pd.Index(s[s_sys].unique()).union(pd.Index(j[j_sys].unique()))
    instances = pd.Index(s[s_inst].unique()).union(pd.Index(j[j_inst].unique()))
    x = _long_to_matrix(s, "scores", s_inst, s_sys, systems, instances)
    y = _long_to_matrix(j, "judgments", j_inst, j_sys, systems, instances)
    return x, y


def correlate(
    scores: pd.DataFrame,
    judgments: pd.DataFrame,
    *,
    levels: Sequence[str] = LEVELS,
    methods: Sequence[str] = METHODS,
    ci: Optional[str] = None,
    confidence: float = 0.95,
    n_resamples: int = 1000,
    seed: SeedLike = 0,
    variant_columns: Sequence[str] = (),
    missing: str = "shared",
    fisher_n: str = "systems",
) -> pd.DataFrame:
    """Metric-human correlations for every metric x judgment x level x method.

    The levels of Deutsch et al. (2021): system-level (correlation of the per-system means),
    summary-level (per input, then averaged) and global (all cells).

    Parameters
    ----------
    scores : pandas.DataFrame
        Long format: ``instance, system, metric, value`` (plus ``variant_columns``).
    judgments : pandas.DataFrame
        Long format: ``instance, system, judgment, value`` (human scores).
    levels : sequence of str
        Among ``"system"``, ``"summary"``, ``"global"``.
    methods : sequence of str
        Among ``"pearson"``, ``"spearman"``, ``"kendall"``.
    ci : str, optional
        ``None``, ``"fisher"`` or ``"bootstrap-systems" | "bootstrap-inputs" |
        "bootstrap-both"``.
    confidence, n_resamples, seed
        Level, number of resamples and seed of the bootstrap intervals.
    variant_columns : sequence of str
        Extra columns of ``scores`` (e.g. ``stem``) that, with ``metric``, identify one score
        series.
    missing : str
        The missing-cell rule (:func:`apply_missing_rule`).
    fisher_n : str
        The summary-level ``n`` of the Fisher interval (:func:`fisher_sample_size`;
        ``"systems"`` as Deutsch et al. 2021).

    Returns
    -------
    pandas.DataFrame
        One row per combination: ``metric, [variants...], judgment, level, method, r, n
        [, n_fisher], [ci_low, ci_high]``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit import correlate
    >>> cells = [(i, s) for i in ("d1", "d2") for s in ("A", "B", "C")]
    >>> scores = pd.DataFrame([(i, s, "m", v) for (i, s), v in zip(cells, [1, 2, 3, 2, 3, 4])],
    ...                       columns=["instance", "system", "metric", "value"])
    >>> human = pd.DataFrame([(i, s, "h", v) for (i, s), v in zip(cells, [1, 3, 5, 2, 4, 6])],
    ...                      columns=["instance", "system", "judgment", "value"])
    >>> r = correlate(scores, human, levels=["system"], methods=["pearson"])
    >>> float(r.loc[0, "r"])
    1.0
    """
    for lv in levels:
        check_choice("levels", lv, LEVELS)
    for me in methods:
        check_choice("methods", me, COEFFICIENTS if ci != "fisher" else METHODS)
    check_choice("missing", missing, MISSING_RULES)
    check_choice("fisher_n", fisher_n, FISHER_N)
    if ci is not None:
        check_choice("ci", ci, ("fisher",) + tuple(f"bootstrap-{u}" for u in RESAMPLING_UNITS))
    keys = ["metric", *variant_columns]
    check_columns(scores, keys, "scores")
    rows = []
    for key, part in scores.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        part = part.assign(metric=key[0])
        for judgment in sorted(judgments["judgment"].unique()):
            x, y = score_matrices(part, judgments, key[0], judgment)
            for level in levels:
                for method in methods:
                    xv, yv = apply_missing_rule(x.values, y.values, missing)
                    r, n = level_correlation(xv, yv, level, method)
                    row = dict(
                        zip(keys, key), judgment=judgment, level=level, method=method, r=r, n=n
                    )
                    if ci == "fisher":
                        row["n_fisher"] = fisher_sample_size(xv, yv, level, method, fisher_n)
                        row["ci_low"], row["ci_high"] = fisher_ci(
                            r, row["n_fisher"], method, confidence
                        )
                    elif ci is not None:
                        kw = dict(level=level, method=method, unit=ci.split("-", 1)[1])
                        row["ci_low"], row["ci_high"] = bootstrap_ci(
                            xv, yv, confidence=confidence, n_resamples=n_resamples, seed=seed, **kw
                        )
                    rows.append(row)
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- intervals
def fisher_ci(r, n, method: str = "pearson", confidence: float = 0.95) -> Tuple[float, float]:
    """Fisher-z confidence interval of a correlation coefficient.

    ``tanh(atanh r ± z_{1-α/2} · c / sqrt(n - b))`` with the Bonett & Wright (2000) constants:
    Pearson b=3, c=1; Spearman b=3, c=sqrt(1 + r²/2); Kendall b=4, c=sqrt(.437).

    Parameters
    ----------
    r : float
        The coefficient.
    n : int
        The number of points behind it (:func:`fisher_sample_size` for a level correlation).
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    confidence : float, default 0.95
        In (0, 1), else :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    ci_low, ci_high : float
        The interval; ``(nan, nan)`` when ``r`` is not finite or ``n <= b``.

    Examples
    --------
    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.correlation import fisher_ci
    >>> low, high = fisher_ci(0.5, 28)
    >>> half = stats.norm.ppf(0.975) / 5        # 1 / sqrt(28 - 3)
    >>> bool(np.allclose([low, high], np.tanh(np.arctanh(0.5) + np.array([-half, half]))))
    True
    >>> fisher_ci(0.5, 3)
    (nan, nan)
    """
    check_choice("method", method, METHODS)
    conf = check_probability("confidence", confidence)
    b, c = _FISHER[method]
    r = float(r)
    if not np.isfinite(r) or n <= b:
        return float("nan"), float("nan")
    z = np.arctanh(np.clip(r, -1 + 1e-15, 1 - 1e-15))
    half = sps.norm.ppf(0.5 + conf / 2) * float(c(np.asarray(r))) / np.sqrt(n - b)
    return float(np.tanh(z - half)), float(np.tanh(z + half))


def resampled_correlations(
    x,
    y,
    *,
    level: str = "system",
    method: str = "pearson",
    unit: str = "both",
    n_resamples: int = 1000,
    seed: SeedLike = 0,
) -> np.ndarray:
    """Bootstrap distribution of a level correlation.

    Resamples systems, inputs or both with replacement (Deutsch et al. 2021; Owczarzak & Dang
    2009's "bootstr" rows) and computes :func:`level_correlation` on each resample.

    Parameters
    ----------
    x, y : array_like, shape (n_systems, n_inputs)
        Metric and human scores (cells as :func:`apply_missing_rule` with ``"shared"``).
    level : {"system", "summary", "global"}, default "system"
    method : str, default "pearson"
        One of :data:`COEFFICIENTS`.
    unit : {"systems", "inputs", "both"}, default "both"
        What is resampled.
    n_resamples : int, default 1000
        Number of resamples (>= 1).
    seed : int or numpy.random.Generator, default 0
        Same inputs and seed give the same draws.

    Returns
    -------
    numpy.ndarray, shape (n_resamples,)
        The resampled coefficients; NaN where a resample leaves the coefficient undefined.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.correlation import resampled_correlations
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(6, 10))
    >>> m = h + rng.normal(scale=0.5, size=h.shape)
    >>> a = resampled_correlations(m, h, n_resamples=200, seed=3)
    >>> a.shape, bool(np.array_equal(a, resampled_correlations(m, h, n_resamples=200, seed=3)))
    ((200,), True)
    """
    check_choice("unit", unit, RESAMPLING_UNITS)
    n_resamples = check_int("n_resamples", n_resamples)
    rng = rng_from_seed(seed)
    x, y = apply_missing_rule(x, y)
    rows, cols = resample_indices(rng, x.shape, n_resamples, unit)
    samples = np.empty(n_resamples)
    for lo, hi in _batches(n_resamples, x.size):
        r, c = rows[lo:hi, :, None], cols[lo:hi, None, :]
        samples[lo:hi] = batched_level_correlation(x[r, c], y[r, c], level, method)
    return samples


def bootstrap_ci(x, y, *, confidence: float = 0.95, **options) -> Tuple[float, float]:
    """Percentile bootstrap interval of a level correlation.

    Resamples systems, inputs or both (Deutsch et al. 2021): the ``(1 - confidence) / 2`` and
    ``(1 + confidence) / 2`` quantiles of :func:`resampled_correlations`.

    Parameters
    ----------
    x, y : array_like, shape (n_systems, n_inputs)
        Metric and human scores.
    confidence : float, default 0.95
        In (0, 1).
    **options
        ``level, method, unit, n_resamples, seed``: the resampling, as (and with the defaults
        of) :func:`resampled_correlations`.

    Returns
    -------
    ci_low, ci_high : float
        The interval (:func:`percentile_interval`).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.correlation import bootstrap_ci, level_correlation
    >>> rng = np.random.default_rng(0)
    >>> h = rng.normal(size=(8, 12))
    >>> m = h + rng.normal(scale=0.5, size=h.shape)
    >>> low, high = bootstrap_ci(m, h, level="summary", unit="inputs", n_resamples=500, seed=1)
    >>> bool(-1 <= low <= level_correlation(m, h, "summary")[0] <= high <= 1)
    True
    """
    conf = check_probability("confidence", confidence)
    return percentile_interval(resampled_correlations(x, y, **options), conf)


def percentile_interval(samples, confidence: float = 0.95, *, holding=None) -> Tuple[float, float]:
    """Percentile interval of resampled coefficients, optionally widened to hold given values.

    ``low, high = q((1 - confidence) / 2), q((1 + confidence) / 2)``, ``q`` the empirical
    quantile of the defined samples (Efron & Tibshirani 1993, Section 13.3). With ``holding``
    (``h``, a value or several): ``low = min(low, min h)``, ``high = max(high, max h)``.

    Why ``holding``: a finding's verdict is read from its estimate (this run's value) and an
    interval, and :meth:`evalkit.notebook.claims.Claims.finding` refuses an estimate outside
    its interval. A skewed or Monte-Carlo-noisy resampling distribution can leave the
    estimate just outside its percentile interval; widening to hold it never makes a verdict
    more confident (an interval that excludes 0 still excludes it only if the estimate is on
    the same side). The same union holds a second interval (two intervals' ``low, high``):
    the wider of two. Where the estimate is outside because the resampled statistic is
    biased, widening hides the bias: use a bias-corrected interval (:func:`bca_interval`).

    Parameters
    ----------
    samples : array_like
        Resampled values; NaNs (undefined resamples) are left out.
    confidence : float, default 0.95
        In (0, 1).
    holding : float or array_like of float, optional
        Values the interval must contain (finite, else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    low, high : float
        The ``(1 - confidence) / 2`` and ``(1 + confidence) / 2`` quantiles (``numpy.quantile``,
        linear interpolation), widened to ``holding``; ``(nan, nan)`` when no sample is
        defined.

    References
    ----------
    Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. Chapman & Hall.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.correlation import percentile_interval
    >>> percentile_interval([0, 1, 2, 3, 4, np.nan], confidence=0.5)
    (1.0, 3.0)
    >>> percentile_interval([0, 1, 2, 3, 4], confidence=0.5, holding=3.5)
    (1.0, 3.5)
    >>> percentile_interval([0, 1, 2, 3, 4], confidence=0.5, holding=(0.5, 2.0))
    (0.5, 3.0)
    """
    conf = check_probability("confidence", confidence)
    hold = _holding(holding)
    samples = _defined(samples)
    if samples.size == 0:
        return float("nan"), float("nan")
    alpha = (1 - conf) / 2
    return _held(np.quantile(samples, alpha), np.quantile(samples, 1 - alpha), hold)


def _holding(holding) -> Optional[np.ndarray]:
    """The values an interval must hold (``holding`` of :func:`percentile_interval`)."""
    if holding is None:
        return None
    hold = np.asarray(holding, dtype=float).ravel()
    if hold.size == 0 or not np.isfinite(hold).all():
        raise ParameterError("holding", holding, "one or more finite values to hold")
    return hold


def _held(low, high, hold: Optional[np.ndarray]) -> Tuple[float, float]:
    """``(low, high)`` widened to hold every value of ``hold`` (NaN ends stay NaN)."""
    low, high = float(low), float(high)
    if hold is not None and np.isfinite([low, high]).all():
        low, high = min(low, float(hold.min())), max(high, float(hold.max()))
    return low, high


def _defined(samples) -> np.ndarray:
    samples = np.asarray(samples, dtype=float).ravel()
    return samples[~np.isnan(samples)]


def bca_interval(
    samples, estimate: float, confidence: float = 0.95, *, jackknife=None, holding=None
) -> Tuple[float, float]:
    """Bias-corrected (BC) or bias-corrected and accelerated (BCa) percentile interval.

    The percentile interval assumes the resampled statistic is centred on the estimate. When
    it is not (``theta*`` below ``theta_hat`` more often than not: a median bias, as a
    correlation's bootstrap under resampling of the inputs shows), the BC interval reads
    other percentiles of the same samples (Efron 1987; Efron & Tibshirani 1993, Section
    14.3, Eq. 14.9-14.14)::

        z0 = Phi^-1(p),  p = (#{theta* < theta_hat} + #{theta* <= theta_hat}) / (2 B)
        a  = sum(d_i^3) / (6 (sum(d_i^2))^(3/2)),  d_i = mean(theta_(.)) - theta_(i)
        alpha_1 = Phi(z0 + (z0 + z_alpha) / (1 - a (z0 + z_alpha)))
        alpha_2 = Phi(z0 + (z0 + z_(1-alpha)) / (1 - a (z0 + z_(1-alpha))))
        low, high = q(alpha_1), q(alpha_2)

    with ``alpha = (1 - confidence) / 2``, ``q`` the empirical quantile (``numpy.quantile``,
    linear, as :func:`percentile_interval`) and ``theta_(i)`` the jackknife values (the
    statistic without unit ``i``). Without ``jackknife``, ``a = 0``: the BC interval. With
    ``z0 = a = 0`` it is the percentile interval. A statistic whose jackknife values carry
    Monte-Carlo error of their own (a mean over random draws) should leave ``jackknife``
    out: the error would swamp ``a``. ``scipy.stats.bootstrap(method="BCa")`` computes the
    same on data it resamples itself (same ``p``, ``a`` and quantiles).

    Parameters
    ----------
    samples : array_like
        Bootstrap values of the statistic; NaNs (undefined resamples) are left out.
    estimate : float
        The statistic on the data (``theta_hat``), finite.
    confidence : float, default 0.95
        In (0, 1).
    jackknife : array_like of float, optional
        The leave-one-unit-out values ``theta_(i)`` (at least 2, finite): BCa; all equal
        gives ``a = 0``.
    holding : float or array_like of float, optional
        Values the interval must contain, as :func:`percentile_interval`. A BC interval
        leaves out ``theta_hat`` itself when ``|z0| > z_(1-alpha)``; holding it there is
        conservative.

    Returns
    -------
    low, high : float
        ``(nan, nan)`` when no sample is defined or ``theta_hat`` is below or above every
        sample (``z0`` infinite: the resampling says nothing calibrated about it).

    References
    ----------
    * Efron, B. (1987). Better bootstrap confidence intervals. Journal of the American
      Statistical Association 82(397), 171-185.
    * Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. Chapman &
      Hall. Chapter 14.

    Examples
    --------
    Samples centred on the estimate: BC is the percentile interval.

    >>> import numpy as np
    >>> from evalkit.stats.correlation import bca_interval, percentile_interval
    >>> s = np.linspace(-1, 1, 101)
    >>> bca_interval(s, 0.0) == percentile_interval(s)
    True

    Samples mostly below the estimate: the interval moves up.

    >>> low, high = bca_interval(s - 0.3, 0.0)
    >>> bool(low > percentile_interval(s - 0.3)[0])
    True
    """
    conf = check_probability("confidence", confidence)
    theta = float(estimate)
    if not np.isfinite(theta):
        raise ParameterError("estimate", estimate, "a finite value of the statistic")
    a = 0.0
    if jackknife is not None:
        jack = np.asarray(jackknife, dtype=float).ravel()
        if jack.size < 2 or not np.isfinite(jack).all():
            raise ParameterError("jackknife", jackknife, "two or more finite leave-one-out values")
        d = jack.mean() - jack
        ss = float(np.sum(d**2))
        a = float(np.sum(d**3)) / (6 * ss**1.5) if ss > 0 else 0.0
    hold = _holding(holding)
    samples = _defined(samples)
    if samples.size == 0:
        return float("nan"), float("nan")
    p = (np.count_nonzero(samples < theta) + np.count_nonzero(samples <= theta)) / (
        2 * samples.size
    )
    if p <= 0 or p >= 1:
        return float("nan"), float("nan")
    z0 = sps.norm.ppf(p)
    z = sps.norm.ppf([(1 - conf) / 2, (1 + conf) / 2])
    levels = sps.norm.cdf(z0 + (z0 + z) / (1 - a * (z0 + z)))
    return _held(*np.quantile(samples, levels), hold)


# --------------------------------------------------------------------------- WMT tau-like
def wmt_kendall_like(pairs: pd.DataFrame, scores: pd.DataFrame, *, metric_ties: str = "discordant"):
    """WMT "Kendall's tau-like" on human relative-ranking pairs.

    A pair is Concordant when the metric scores ``better`` strictly higher than ``worse`` and
    Discordant when strictly lower; ``tau = (C - D) / (C + D)``. Human ties are not pairs and so
    never count.

    Parameters
    ----------
    pairs : pandas.DataFrame
        ``segment, better, worse``: human preferences (e.g. from :func:`darr_pairs`).
    scores : pandas.DataFrame
        Long frame ``segment, system, metric, value``; one value per (segment, system) and
        metric, and a value for every system in ``pairs`` (else
        :class:`~evalkit.errors.ParameterError`).
    metric_ties : {"discordant", "ignore", "concordant"}, default "discordant"
        A metric tie counts as Discordant (WMT17-WMT20 daRR: ties are penalized), is left out,
        or counts as Concordant.

    Returns
    -------
    pandas.DataFrame
        One row per metric: ``metric, concordant, discordant, ties, tau``, ``tau`` in [-1, 1]
        (NaN when no pair counts).

    Examples
    --------
    Two preferences; the metric agrees with the first and ties the second:

    >>> import pandas as pd
    >>> from evalkit.stats.correlation import wmt_kendall_like
    >>> pairs = pd.DataFrame({"segment": [1, 2], "better": ["a", "a"], "worse": ["b", "b"]})
    >>> scores = pd.DataFrame({"segment": [1, 1, 2, 2], "system": ["a", "b", "a", "b"],
    ...                        "metric": "m", "value": [0.9, 0.1, 0.5, 0.5]})
    >>> wmt_kendall_like(pairs, scores)[["concordant", "discordant", "ties", "tau"]].values.tolist()
    [[1.0, 1.0, 1.0, 0.0]]
    >>> float(wmt_kendall_like(pairs, scores, metric_ties="ignore").loc[0, "tau"])
    1.0
    """
    check_choice("metric_ties", metric_ties, ("discordant", "ignore", "concordant"))
    pairs, seg_p = unit_column(pairs, "pairs")
    check_columns(pairs, ["better", "worse"], "pairs")
    scores, seg_s, sys_s = score_frame(scores, "scores", ["metric", "value"])
    rows = []
    for metric, part in scores.groupby("metric", sort=True):
        lookup = part.set_index([seg_s, sys_s])["value"]
        if not lookup.index.is_unique:
            raise ParameterError("scores", metric, "one value per (segment, system) and metric")
        try:
            vb = lookup.loc[list(zip(pairs[seg_p], pairs["better"]))].to_numpy(float)
            vw = lookup.loc[list(zip(pairs[seg_p], pairs["worse"]))].to_numpy(float)
        except KeyError as err:
            raise ParameterError(
                "scores", metric, f"a score for every system in pairs (missing {err})"
            )
        conc = int((vb > vw).sum())
        disc = int((vb < vw).sum())
        ties = int((vb == vw).sum())
        if metric_ties == "discordant":
            disc += ties
        elif metric_ties == "concordant":
            conc += ties
        tau = (conc - disc) / (conc + disc) if conc + disc else float("nan")
        rows.append(
            {"metric": metric, "concordant": conc, "discordant": disc, "ties": ties, "tau": tau}
        )
    return pd.DataFrame(rows)


def darr_pairs(
    judgments: pd.DataFrame,
    *,
    min_difference: float = 25.0,
    inclusive: bool = True,
    judgment: Optional[str] = None,
) -> pd.DataFrame:
    """WMT "DARR" relative-ranking pairs from direct-assessment (DA) scores.

    WMT17-WMT20 segment-level metrics tasks turned DA scores into preferences: of two
    translations of the same segment, the one whose DA score is higher by at least
    ``min_difference`` points (25 on the 0-100 scale) is ``better``; closer pairs are not used
    (Ma et al. 2019, Sec. 2.3).

    Parameters
    ----------
    judgments : pandas.DataFrame
        ``segment`` (or ``document`` and ``segment``), ``system``, ``value`` and optionally
        ``judgment``; one DA score per segment and system (else
        :class:`~evalkit.errors.ParameterError`).
    min_difference : float, default 25.0
        The threshold in DA points; finite and >= 0.
    inclusive : bool, default True
        Keep differences equal to the threshold (``|d| >= 25``, as mt-metrics-eval's
        ``KendallLike``); False keeps only larger ones.
    judgment : str, optional
        Which judgment to use when the frame has a ``judgment`` column with several.

    Returns
    -------
    pandas.DataFrame
        ``[document,] segment, better, worse, difference`` (``difference`` >= 0), the input of
        :func:`wmt_kendall_like`.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.correlation import darr_pairs
    >>> j = pd.DataFrame({"segment": 1, "system": list("abc"), "value": [90.0, 60.0, 65.0]})
    >>> darr_pairs(j)[["better", "worse", "difference"]].values.tolist()   # b-c: 5 < 25 points
    [['a', 'b', 30.0], ['a', 'c', 25.0]]
    >>> len(darr_pairs(j, inclusive=False))
    1
    """
    check_columns(judgments, ["value"], "judgments")
    if not np.isfinite(min_difference) or min_difference < 0:
        raise ParameterError("min_difference", min_difference, "a finite number >= 0")
    j = select_level(judgments, "judgment", judgment, "judgments")
    keys = (
        ["document", "segment"]
        if {"document", "segment"} <= set(j.columns)
        else [pick_column(j, INSTANCE_COLUMNS, "judgments")]
    )
    sys_col = pick_column(j, SYSTEM_COLUMNS, "judgments")
    if j.duplicated([*keys, sys_col]).any():
        raise ParameterError(
            "judgments", "duplicate (segment, system)", "one DA score per segment and system"
        )
    rows = []
    for key, part in j.groupby(keys, sort=True):
        key = key if isinstance(key, tuple) else (key,)
        v = part["value"].to_numpy(float)
        names = part[sys_col].to_numpy()
        i, k = np.triu_indices(len(v), k=1)
        d = v[i] - v[k]
        keep = np.abs(d) >= min_difference if inclusive else np.abs(d) > min_difference
        for a, b, dd in zip(i[keep], k[keep], d[keep]):
            better, worse = (names[a], names[b]) if dd > 0 else (names[b], names[a])
            rows.append((*key, better, worse, abs(float(dd))))
    return pd.DataFrame(rows, columns=[*keys, "better", "worse", "difference"])


def spearman_permutation(
    x, y, *, alternative: str = "greater", n_resamples: int = 9999, seed: int = 0
) -> Tuple[float, float]:
    """Spearman's rho and its permutation p-value, exact on few points.

    Exact over all n! pairings when n! <= ``n_resamples`` (n <= 7 by default), else
    ``n_resamples`` random pairings drawn with ``seed``. On few points the exact test is the
    honest one (scipy's t approximation gives p = 0 for rho = 1 on 4 points; the exact
    one-sided p is 1/24).

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Paired values, n >= 3 (else :class:`~evalkit.errors.ParameterError`).
    alternative : {"greater", "less", "two-sided"}, default "greater"
    n_resamples : int, default 9999
        Random pairings when the exact test would need more.
    seed : int or numpy.random.Generator, default 0
        A non-negative integer or a Generator (None raises
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    rho : float
        Spearman's rho in [-1, 1].
    p_value : float
        The permutation p-value.

    Examples
    --------
    Four points in the same order: one pairing of the 4! = 24 reaches rho = 1.

    >>> from evalkit.stats.correlation import spearman_permutation
    >>> rho, p = spearman_permutation([71, 61, 54, 73], [113, 99, 81, 131])
    >>> rho, round(p * 24, 6)
    (1.0, 1.0)
    """
    if alternative not in ("greater", "less", "two-sided"):
        raise ParameterError("alternative", alternative, "'greater', 'less' or 'two-sided'")
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.shape != y.shape or x.ndim != 1 or len(x) < 3:
        raise ParameterError("y", y.shape, f"a 1-D array of x's length ({x.shape}), n >= 3")
    res = sps.permutation_test(
        (x,),
        lambda v: sps.spearmanr(v, y).statistic,
        permutation_type="pairings",
        alternative=alternative,
        n_resamples=n_resamples,
        rng=rng_from_seed(seed),
    )
    return float(res.statistic), float(res.pvalue)


def spearman_trend(frame: pd.DataFrame, x: str, y: str) -> Optional[dict]:
    """Whether ``y`` rises with ``x`` over the rows of ``frame`` (a trend over measure sets,
    metric combinations, ...): Spearman's rho and its two-sided p-value (scipy's t
    approximation) over the rows where both are present.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per unit (a measure set, a metric combination).
    x, y : str
        The two columns.

    Returns
    -------
    dict or None
        ``rho``, ``p_value`` and ``n`` (rows used); ``None`` when there is nothing to rank:
        fewer than three rows, or ``x`` or ``y`` constant.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.correlation import spearman_trend
    >>> t = spearman_trend(pd.DataFrame({"h": [0.1, 0.2, 0.3, None], "r": [1, 3, 2, 4]}), "h", "r")
    >>> round(t["rho"], 2), t["n"]
    (0.5, 3)
    >>> spearman_trend(pd.DataFrame({"h": [0.1, 0.1, 0.1], "r": [1, 2, 3]}), "h", "r") is None
    True
    """
    ok = frame.dropna(subset=[x, y])
    if len(ok) < 3 or ok[x].nunique() < 2 or ok[y].nunique() < 2:
        return None
    rho, p = sps.spearmanr(ok[x], ok[y])
    return {"rho": float(rho), "p_value": float(p), "n": len(ok)}


# bootstrap_ci forwards its design to resampled_correlations: show it in its signature
show_options(bootstrap_ci, resampled_correlations)
