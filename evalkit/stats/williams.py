"""The Williams test for dependent correlations, and the metric-comparison designs built on it.

Williams (1959), as in Graham (2015) §4 and R ``psych::r.test(n, r12, r13, r23)``: variables
1 (the human score), 2 (metric A) and 3 (metric B) are measured on the same ``n`` units
(systems); is r12 = r(H, A) different from r13 = r(H, B), given r23 = r(A, B)?

    K  = 1 - r12² - r13² - r23² + 2·r12·r13·r23
    t  = (r12 - r13) · sqrt( (n - 1)(1 + r23) / ( 2K(n - 1)/(n - 3) + ((r12 + r13)/2)² (1 - r23)³ ) )

t follows Student's t with n - 3 degrees of freedom. One-sided p (psych's ``twotailed=FALSE``,
Graham's choice) is ``P(T > |t|)``; two-sided doubles it.

Graham (2015) §4.1: for every ordered pair of metrics with r(i, H) > r(j, H), a one-sided
Williams test; metric j is in the "optimal" set (•) iff no metric beats it significantly.

References:

* Graham, Y. (2015). Re-evaluating automatic summarization with BLEU and 192 shades of ROUGE.
  EMNLP 2015.
"""

from __future__ import annotations

from typing import NamedTuple

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats.validation import (
    SYSTEM_COLUMNS,
    check_choice,
    check_columns,
    check_probability,
    pick_column,
)

#: |r12 - r13| below this, with r23 = 1, is rounding in the correlations (they are equal).
_SAME_R = 1e-12

__all__ = [
    "WilliamsResult",
    "williams_test",
    "williams_pairs",
    "williams_by_level",
    "williams_columns",
    "williams_p",
    "significance_matrix",
    "not_significantly_beaten",
]


class WilliamsResult(NamedTuple):
    """Result of :func:`williams_test`.

    Attributes
    ----------
    t : float or numpy.ndarray
        The Williams t statistic; positive when r12 > r13.
    p : float or numpy.ndarray
        The p-value (one- or two-sided, as requested).
    dof : int
        Degrees of freedom, n - 3.

    Examples
    --------
    >>> from evalkit.stats.williams import williams_test
    >>> res = williams_test(0.65, 0.55, 0.30, 50)
    >>> res.dof, res.t > 0
    (47, True)
    >>> list(res.to_frame().columns)
    ['t', 'dof', 'p']
    """

    t: float
    p: float
    dof: int

    def to_frame(self) -> pd.DataFrame:
        """The result as a tidy frame: columns ``t, dof, p`` (one row per test)."""
        t = np.atleast_1d(self.t)
        return pd.DataFrame({"t": t, "dof": self.dof, "p": np.atleast_1d(self.p)})


def williams_test(
    r12, r13, r23, n, *, alternative: str = "one-sided", absolute: bool = False
) -> WilliamsResult:
    """Williams t and p for H0: r12 = r13 (argument order of ``psych::r.test``).

    Whether metric A correlates better with human judgments H than metric B does, given
    that A and B correlate with each other (Williams 1959; Graham & Baldwin 2014).

    Parameters
    ----------
    r12, r13, r23 : float or array
        r(H, A), r(H, B) and r(A, B); arrays broadcast (one test per element).
    n : int
        Number of units the correlations were computed over (>= 4; n - 3 degrees of freedom).
    alternative : str
        ``"one-sided"`` (p = P(T > |t|), the papers' test) or ``"two-sided"``.
    absolute : bool
        Take absolute values of the three correlations first, as SacreROUGE and the WMT
        scripts do for metrics whose scores fall as quality rises (e.g. TER).

    Returns
    -------
    WilliamsResult
        ``t``, ``p`` and ``dof`` (floats, or arrays for array inputs); ``.to_frame()``.
        When r23 = 1 (one metric an increasing affine function of the other) r12 = r13 up to
        rounding and the statistic is 0/0: ``t`` is 0 (p 0.5 one-sided, 1 two-sided), not the
        infinity that rounding would give.

    Examples
    --------
    The README example of the nlp-williams Python port (p = 0.20928617286753592):

    >>> from evalkit import williams_test
    >>> res = williams_test(0.65, 0.55, 0.30, 50)
    >>> round(res.p, 6), res.dof
    (0.209286, 47)

    Two metrics that rank the units identically (r23 = 1) cannot differ:

    >>> williams_test(0.5503713565, 0.5503713565 + 1e-16, 1.0, 20, alternative="two-sided").p
    1.0
    """
    check_choice("alternative", alternative, ("one-sided", "two-sided"))
    r12, r13, r23 = (np.asarray(v, dtype=float) for v in (r12, r13, r23))
    if np.any(np.abs(np.stack(np.broadcast_arrays(r12, r13, r23))) > 1):
        raise ParameterError("r", (r12, r13, r23), "correlations in [-1, 1]")
    n = int(n)
    if n < 4:
        raise ParameterError("n", n, "an integer >= 4 (the test has n - 3 degrees of freedom)")
    if absolute:
        r12, r13, r23 = np.abs(r12), np.abs(r13), np.abs(r23)
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    denom = 2 * k * (n - 1) / (n - 3) + ((r12 + r13) / 2) ** 2 * (1 - r23) ** 3
    with np.errstate(divide="ignore", invalid="ignore"):
        t = (r12 - r13) * np.sqrt((n - 1) * (1 + r23) / denom)
    # r23 = 1 (B an increasing affine function of A; K = 0, the statistic 0/0): then r12 = r13
    # exactly and any difference is rounding in the correlations, which made t = +-inf, p = 0
    # (a "significant" difference between identical rankings). Such a test is t = 0.
    degenerate = ((r23 >= 1) | (denom <= 0)) & (np.abs(r12 - r13) <= _SAME_R)
    t = np.where(degenerate, 0.0, t)
    p = sps.t.sf(np.abs(t), n - 3)
    if alternative == "two-sided":
        p = np.minimum(2 * p, 1.0)
    if t.ndim == 0:
        return WilliamsResult(float(t), float(p), n - 3)
    return WilliamsResult(t, p, n - 3)


def williams_pairs(
    system_scores: pd.DataFrame,
    human,
    *,
    method: str = "pearson",
    alternative: str = "one-sided",
    alpha: float = 0.05,
    absolute: bool = False,
) -> pd.DataFrame:
    """One-sided Williams tests for every ordered pair of metrics (Graham 2015, Sec. 4.1).

    Only systems present for every metric and in ``human`` are used: a metric missing a system,
    or a system without a human score, raises :class:`~evalkit.errors.ParameterError`.

    Parameters
    ----------
    system_scores : pandas.DataFrame
        Long frame ``system|summarizer, metric, value``, one value per system and metric; with an
        ``instance``/``segment``/``topic`` column the values are first averaged per system.
    human : pandas.Series or pandas.DataFrame
        Human score per system: a Series indexed by system, or a long frame ``system, value``
        (averaged per system when repeated).
    method : {"pearson"}, default "pearson"
        The Williams test is a test on Pearson coefficients.
    alternative : {"one-sided", "two-sided"}, default "one-sided"
    alpha : float, default 0.05
        In (0, 1): the level of ``a_beats_b``.
    absolute : bool, default False
        Compare absolute correlations (see :func:`williams_test`).

    Returns
    -------
    pandas.DataFrame
        One row per ordered pair: ``metric_a, metric_b, r_a, r_b, r_ab, n, t, p, a_beats_b``
        (``r_a > r_b`` and ``p < alpha``).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.williams import williams_pairs, williams_test
    >>> rng = np.random.default_rng(0)
    >>> h = pd.Series(rng.normal(size=12), index=[f"s{i}" for i in range(12)])
    >>> scores = pd.concat([
    ...     pd.DataFrame({"system": h.index, "metric": "good", "value": h + rng.normal(scale=0.3, size=12)}),
    ...     pd.DataFrame({"system": h.index, "metric": "bad", "value": h + rng.normal(scale=2.0, size=12)}),
    ... ])
    >>> out = williams_pairs(scores, h)
    >>> out[["metric_a", "metric_b", "a_beats_b"]].values.tolist()
    [['bad', 'good', False], ['good', 'bad', True]]
    >>> row = out.iloc[1]
    >>> bool(np.isclose(row.p, williams_test(row.r_a, row.r_b, row.r_ab, 12).p))
    True
    """
    check_choice("method", method, ("pearson",))  # Williams is a test on Pearson coefficients
    alpha = check_probability("alpha", alpha)
    wide = _system_matrix(system_scores)
    h = _human_series(human)
    missing = wide.index.difference(h.index)
    if len(missing):
        raise ParameterError("human", list(missing), "a human score for every system")
    h = h.reindex(wide.index)
    n = len(wide)
    corr = np.corrcoef(np.column_stack([h.to_numpy(float), wide.to_numpy(float)]), rowvar=False)
    names = list(wide.columns)
    r_h = corr[0, 1:]
    ia, ib = np.meshgrid(np.arange(len(names)), np.arange(len(names)), indexing="ij")
    off = ia != ib
    ia, ib = ia[off], ib[off]
    res = williams_test(
        r_h[ia], r_h[ib], corr[1:, 1:][ia, ib], n, alternative=alternative, absolute=absolute
    )
    ra = np.abs(r_h[ia]) if absolute else r_h[ia]
    rb = np.abs(r_h[ib]) if absolute else r_h[ib]
    return pd.DataFrame(
        {
            "metric_a": np.array(names, dtype=object)[ia],
            "metric_b": np.array(names, dtype=object)[ib],
            "r_a": r_h[ia],
            "r_b": r_h[ib],
            "r_ab": corr[1:, 1:][ia, ib],
            "n": n,
            "t": res.t,
            "p": res.p,
            "a_beats_b": (ra > rb) & (res.p < alpha),
        }
    )


def significance_matrix(pairs: pd.DataFrame, value: str = "p") -> pd.DataFrame:
    """Square matrix of a :func:`williams_pairs` column, where A correlates higher than B.

    Graham's (2015) Figure 3 heat map: rows are metric A, columns metric B.

    Parameters
    ----------
    pairs : pandas.DataFrame
        The output of :func:`williams_pairs` (``metric_a, metric_b, r_a, r_b`` and ``value``).
    value : str, default "p"
        The column to spread (e.g. ``"p"`` or ``"t"``).

    Returns
    -------
    pandas.DataFrame
        Metrics x metrics in first-appearance order; ``value`` where ``r_a > r_b``, NaN
        elsewhere (the diagonal and the lower-correlating rows).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.williams import significance_matrix
    >>> pairs = pd.DataFrame({"metric_a": ["x", "y"], "metric_b": ["y", "x"],
    ...                       "r_a": [0.9, 0.5], "r_b": [0.5, 0.9], "p": [0.01, 0.99]})
    >>> significance_matrix(pairs).values.tolist()
    [[nan, 0.01], [nan, nan]]
    """
    check_columns(pairs, ["metric_a", "metric_b", "r_a", "r_b", value], "pairs")
    kept = pairs[value].where(pairs["r_a"] > pairs["r_b"])
    m = pairs.assign(_v=kept).pivot(index="metric_a", columns="metric_b", values="_v")
    order = list(dict.fromkeys(list(pairs["metric_a"]) + list(pairs["metric_b"])))
    return m.reindex(index=order, columns=order)


def not_significantly_beaten(pairs: pd.DataFrame) -> pd.DataFrame:
    """Graham's (2015) bullet: the metrics that no other metric significantly beats.

    Parameters
    ----------
    pairs : pandas.DataFrame
        The output of :func:`williams_pairs` (``metric_a, metric_b, r_b, a_beats_b``).

    Returns
    -------
    pandas.DataFrame
        ``metric, r, beaten_by, optimal``: the metric's correlation with the humans, how many
        metrics significantly beat it, and whether none does; sorted by ``r`` (descending,
        undefined r last). A metric whose r is undefined (NaN: its scores, or the humans',
        are constant) can be neither beaten nor tested, and is not optimal.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.williams import not_significantly_beaten
    >>> pairs = pd.DataFrame({"metric_a": ["x", "y", "x", "z", "y", "z"],
    ...                       "metric_b": ["y", "x", "z", "x", "z", "y"],
    ...                       "r_b": [0.8, 0.9, 0.3, 0.9, 0.3, 0.8],
    ...                       "a_beats_b": [False, False, True, False, True, False]})
    >>> not_significantly_beaten(pairs).values.tolist()
    [['x', 0.9, 0, True], ['y', 0.8, 0, True], ['z', 0.3, 2, False]]
    """
    check_columns(pairs, ["metric_a", "metric_b", "r_b", "a_beats_b"], "pairs")
    beaten = pairs.groupby("metric_b")["a_beats_b"].sum()
    r = pairs.groupby("metric_b")["r_b"].first()
    out = pd.DataFrame(
        {"metric": r.index, "r": r.values, "beaten_by": beaten.reindex(r.index).astype(int).values}
    )
    out["optimal"] = (out["beaten_by"] == 0) & out["r"].notna()
    return out.sort_values("r", ascending=False, kind="mergesort").reset_index(drop=True)


def _system_matrix(frame: pd.DataFrame) -> pd.DataFrame:
    sys_col = pick_column(frame, SYSTEM_COLUMNS, "system_scores")
    check_columns(frame, ["metric", "value"], "system_scores")
    inst = [c for c in ("instance", "segment", "topic") if c in frame.columns]
    if inst:
        frame = frame.groupby([sys_col, "metric"], as_index=False)["value"].mean()
    elif frame.duplicated([sys_col, "metric"]).any():
        raise ParameterError(
            "system_scores",
            "duplicate (system, metric) rows",
            "one system-level value per system and metric",
        )
    wide = frame.pivot(index=sys_col, columns="metric", values="value")
    if wide.isna().any().any():
        bad = wide.columns[wide.isna().any()].tolist()
        raise ParameterError("system_scores", bad, "a score for every system under every metric")
    return wide


def _human_series(human) -> pd.Series:
    if isinstance(human, pd.Series):
        return human.astype(float)
    sys_col = pick_column(human, SYSTEM_COLUMNS, "human")
    check_columns(human, ["value"], "human")
    inst = [c for c in ("instance", "segment", "topic") if c in human.columns]
    if inst or human[sys_col].duplicated().any():
        return human.groupby(sys_col)["value"].mean()
    return human.set_index(sys_col)["value"].astype(float)


def williams_by_level(
    scores: pd.DataFrame,
    human: pd.DataFrame,
    level: str,
    *,
    alternative: str = "two-sided",
    alpha: float = 0.05,
):
    """:func:`williams_pairs` of summary-level data at the system or the summary level.

    Parameters
    ----------
    scores : pandas.DataFrame
        Long frame ``instance, summarizer, metric, value``.
    human : pandas.DataFrame
        Long frame ``instance, summarizer, value``; only summaries with a human score are used.
    level : {"system", "summary"}
        ``"system"``: one unit per summarizer (means over its instances); ``"summary"``: every
        (instance, summarizer) is a unit, as a global correlation pools them.
    alternative : {"one-sided", "two-sided"}, default "two-sided"
    alpha : float, default 0.05

    Returns
    -------
    pandas.DataFrame or None
        As :func:`williams_pairs`; None when fewer than four units remain (the test has n - 3
        degrees of freedom).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.williams import williams_by_level
    >>> rng = np.random.default_rng(1)
    >>> human = pd.DataFrame([(i, s, rng.normal()) for i in "ab" for s in "ABCDE"],
    ...                      columns=["instance", "summarizer", "value"])
    >>> scores = pd.concat([human.assign(metric=m, value=human.value + rng.normal(scale=e, size=10))
    ...                     for m, e in [("m1", 0.1), ("m2", 1.0)]])
    >>> len(williams_by_level(scores, human, "summary")), williams_by_level(scores, human.head(3), "system")
    (2, None)
    """
    check_choice("level", level, ("system", "summary"))
    check_columns(scores, ["instance", "summarizer", "metric", "value"], "scores")
    check_columns(human, ["instance", "summarizer", "value"], "human")
    keys = ["instance", "summarizer"]
    both = scores.merge(human[keys + ["value"]].rename(columns={"value": "_h"}), on=keys)
    inst, summ = both["instance"].astype(str), both["summarizer"].astype(str)
    unit = summ if level == "system" else inst + "|" + summ
    long = pd.DataFrame({"system": unit, "metric": both["metric"], "value": both["value"]})
    long = long.groupby(["system", "metric"], as_index=False)["value"].mean()
    h = pd.Series(both["_h"].to_numpy(float), index=unit.to_numpy()).groupby(level=0).mean()
    if h.size < 4:
        return None
    return williams_pairs(long, h, alternative=alternative, alpha=alpha)


def williams_columns(
    frame: pd.DataFrame, human: str, a: str, b: str, *, alternative: str = "two-sided"
) -> float:
    """Two-sided Williams p-value of r(``a``, ``human``) = r(``b``, ``human``) over a frame's rows.

    Parameters
    ----------
    frame : pandas.DataFrame
        One row per unit; rows with a missing value in the three columns are dropped.
    human, a, b : str
        Column names of the human score and of the two metrics.
    alternative : {"one-sided", "two-sided"}, default "two-sided"

    Returns
    -------
    float
        The p-value of :func:`williams_test`; NaN with fewer than four rows or a constant
        column, 1.0 when ``a`` and ``b`` hold the same values (nothing differs).

    Examples
    --------
    >>> from evalkit.stats.williams import williams_columns, williams_p
    >>> import numpy as np
    >>> import pandas as pd
    >>> rng = np.random.default_rng(0)
    >>> f = pd.DataFrame({"h": rng.normal(size=20)})
    >>> f["a"], f["b"] = f.h + rng.normal(scale=0.3, size=20), f.h + rng.normal(scale=2, size=20)
    >>> p = williams_columns(f, "h", "a", "b")
    >>> r = lambda u, v: np.corrcoef(u, v)[0, 1]
    >>> bool(np.isclose(p, williams_p(r(f.h, f.a), r(f.h, f.b), f.a, f.b)))
    True
    >>> williams_columns(f, "h", "a", "a"), williams_columns(f.head(3), "h", "a", "b")
    (1.0, nan)
    """
    check_columns(frame, [human, a, b], "frame")
    both = frame[[human, a, b]].dropna().astype(float)
    if len(both) < 4:
        return float("nan")
    if np.allclose(both[a], both[b]):
        return 1.0
    h, x, y = (both[c].to_numpy() for c in (human, a, b))
    if np.std(h) == 0:
        return float("nan")
    r = lambda u, v: float(np.corrcoef(u, v)[0, 1])  # noqa: E731
    return williams_p(r(h, x), r(h, y), x, y, alternative=alternative)


def williams_p(r_a: float, r_b: float, a, b, n=None, *, alternative: str = "two-sided") -> float:
    """The p-value of :func:`williams_test` from the metrics' values on the units.

    Given r(H, a), r(H, b) and the two metrics' values on the same units, the third
    correlation r(a, b) is computed here.

    Parameters
    ----------
    r_a, r_b : float
        Correlations of metric a and metric b with the human scores.
    a, b : array_like, shape (n,)
        The two metrics' values on the same units.
    n : int, optional
        Number of units (default ``len(a)``).
    alternative : {"one-sided", "two-sided"}, default "two-sided"

    Returns
    -------
    float
        The p-value; NaN when a correlation is undefined (a constant metric) or n < 4.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.williams import williams_p, williams_test
    >>> a, b = np.array([1.0, 2, 3, 5, 4, 6]), np.array([2.0, 1, 4, 3, 6, 5])
    >>> r_ab = np.corrcoef(a, b)[0, 1]
    >>> bool(np.isclose(williams_p(0.9, 0.6, a, b), williams_test(0.9, 0.6, r_ab, 6, alternative="two-sided").p))
    True
    >>> williams_p(0.9, 0.6, a, np.ones(6))
    nan
    """
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    n = len(a) if n is None else int(n)
    if n < 4 or len(a) < 2 or np.std(a) == 0 or np.std(b) == 0:
        return float("nan")
    r_ab = float(np.corrcoef(a, b)[0, 1])
    if not np.all(np.isfinite([r_a, r_b, r_ab])):
        return float("nan")
    return float(williams_test(r_a, r_b, r_ab, n, alternative=alternative).p)
