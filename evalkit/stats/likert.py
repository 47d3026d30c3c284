"""Likert ratings: validation, reverse coding and aggregation to printed means.

Murray, Renals, Carletta & Moore (2005), Sec. 5:
judges rate each summary on agree/disagree statements; the tables print, per (approach,
transcript, statement), the mean over judges and meetings. This module aggregates long
ratings ``judge, item..., statement, rating`` on an integer scale [low, high]:

    mean_c = sum_i x_ci / n_c ;  sd_c = sample SD (ddof = 1)

Reverse-coded statements (``reverse=``; e.g. "The summary is repetitive") may be mapped to
low + high - x so that higher is better for every statement; the paper prints them raw.
(:func:`evalkit.stats.printed.consistent_mean` checks that a printed mean is k/n for n ratings.)

Why our own: pandas does the grouping; the checks are specific to Likert data.

References:

* Murray, G., Renals, S., Carletta, J., & Moore, J. (2005). Evaluating automatic summaries of
  meeting recordings. ACL Workshop on Intrinsic and Extrinsic Evaluation Measures.
"""

from __future__ import annotations

from typing import Iterable, Sequence, Tuple

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns

__all__ = ["reverse_code", "aggregate_likert"]


def _check_ratings(
    ratings: pd.DataFrame, scale: Tuple[int, int] = (1, 7), column: str = "rating"
) -> pd.DataFrame:
    """Ratings must be integers within ``scale`` (inclusive)."""
    low, high = scale
    if not (isinstance(low, int) and isinstance(high, int) and low < high):
        raise ParameterError("scale", scale, "(low, high) integers with low < high")
    check_columns(ratings, [column], "ratings")
    x = pd.to_numeric(ratings[column], errors="coerce")
    bad = x.isna() | (x % 1 != 0) | (x < low) | (x > high)
    if bad.any():
        raise ParameterError(
            f"ratings.{column}", ratings.loc[bad, column].iloc[0], f"integers in [{low}, {high}]"
        )
    return ratings


def reverse_code(
    ratings: pd.DataFrame, statements: Iterable[str], scale: Tuple[int, int] = (1, 7)
) -> pd.DataFrame:
    """A copy with ``rating`` -> low + high - rating for the given statements.

    Parameters
    ----------
    ratings : pandas.DataFrame
        Long ``statement, rating, ...``; ratings must be integers within ``scale`` (else
        :class:`~evalkit.errors.ParameterError`).
    statements : iterable of str
        The reverse-coded statements (e.g. "The summary is repetitive").
    scale : (int, int), default (1, 7)
        (low, high), inclusive.

    Returns
    -------
    pandas.DataFrame

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.likert import reverse_code
    >>> r = pd.DataFrame({"statement": ["useful", "repetitive"], "rating": [6, 6]})
    >>> reverse_code(r, ["repetitive"])["rating"].tolist()
    [6, 2]
    """
    _check_ratings(ratings, scale)
    check_columns(ratings, ["statement"], "ratings")
    out = ratings.copy()
    mask = out["statement"].isin(list(statements))
    out.loc[mask, "rating"] = scale[0] + scale[1] - out.loc[mask, "rating"]
    return out


def aggregate_likert(
    ratings: pd.DataFrame, by: Sequence[str], scale: Tuple[int, int] = (1, 7)
) -> pd.DataFrame:
    """Mean, sample sd and count of ``rating`` per group.

    ``mean_c = sum_i x_ci / n_c``, ``sd_c`` with ddof = 1 (NaN for a single rating).

    Parameters
    ----------
    ratings : pandas.DataFrame
        Long ``judge, item..., statement, rating``; ratings must be integers within ``scale``
        (else :class:`~evalkit.errors.ParameterError`).
    by : sequence of str
        Grouping columns, e.g. ``["approach", "statement"]``.
    scale : (int, int), default (1, 7)
        (low, high), inclusive.

    Returns
    -------
    pandas.DataFrame
        ``[by...], mean, sd, n``, sorted by group.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.likert import aggregate_likert
    >>> r = pd.DataFrame({"approach": ["A", "A", "A", "B"], "rating": [5, 6, 7, 3]})
    >>> aggregate_likert(r, ["approach"]).values.tolist()
    [['A', 6.0, 1.0, 3], ['B', 3.0, nan, 1]]
    """
    _check_ratings(ratings, scale)
    check_columns(ratings, list(by), "ratings")
    g = ratings.groupby(list(by), sort=True)["rating"]
    return pd.DataFrame({"mean": g.mean(), "sd": g.std(ddof=1), "n": g.size()}).reset_index()
