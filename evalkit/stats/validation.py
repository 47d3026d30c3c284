"""Parameter checks shared by the statistics modules and the notebook layer
(scikit-learn style messages: the parameter's name, the value received, what is allowed)."""

from __future__ import annotations

from numbers import Integral, Real
from typing import Iterable, Optional, Union

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "SeedLike",
    "check_choice",
    "check_int",
    "check_sizes",
    "check_probability",
    "rng_from_seed",
    "check_columns",
    "pick_column",
    "INSTANCE_COLUMNS",
    "UNIT",
    "unit_column",
    "select_level",
]

SeedLike = Union[None, int, np.random.Generator]


def check_choice(name: str, value, choices: Iterable):
    choices = tuple(choices)
    if value not in choices:
        raise ParameterError(name, value, "one of " + ", ".join(repr(c) for c in choices))
    return value


def check_int(name: str, value, minimum: int = 1) -> int:
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    return int(value)


def check_sizes(name: str, sizes, maximum: int, what: str) -> list:
    """Sample sizes: integers in [1, maximum] (``what`` says what bounds them)."""
    out = []
    for size in sizes:
        size = check_int(name, size)
        if size > maximum:
            raise ParameterError(name, size, f"sizes <= {maximum} ({what})")
        out.append(size)
    return out


def check_probability(name: str, value, open_interval: bool = True) -> float:
    ok = isinstance(value, Real) and not isinstance(value, bool) and np.isfinite(value)
    if ok:
        ok = 0.0 < value < 1.0 if open_interval else 0.0 <= value <= 1.0
    if not ok:
        interval = "(0, 1)" if open_interval else "[0, 1]"
        raise ParameterError(name, value, f"a number in {interval}")
    return float(value)


def rng_from_seed(seed: SeedLike) -> np.random.Generator:
    """A numpy Generator from an int seed (reproducible) or an existing Generator.

    ``None`` is refused on purpose: every random procedure in evalkit is reproducible.
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ParameterError("seed", seed, "a non-negative integer or a numpy Generator")
    return np.random.default_rng(int(seed))


def check_columns(frame, columns: Iterable[str], name: str = "data") -> pd.DataFrame:
    if not isinstance(frame, pd.DataFrame):
        raise ParameterError(name, type(frame).__name__, "a pandas DataFrame")
    missing = [c for c in columns if c not in frame.columns]
    if missing:
        raise ParameterError(
            name,
            list(frame.columns),
            f"a DataFrame with columns {list(columns)} (missing {missing})",
        )
    return frame


def pick_column(
    frame: pd.DataFrame, candidates: Iterable[str], name: str, given: Optional[str] = None
) -> str:
    """The first of ``candidates`` present in ``frame`` (or ``given`` if the caller named one)."""
    if given is not None:
        check_columns(frame, [given], name)
        return given
    for c in candidates:
        if c in frame.columns:
            return c
    raise ParameterError(
        name, list(frame.columns), f"a DataFrame with one of the columns {list(candidates)}"
    )


INSTANCE_COLUMNS = ("instance", "segment", "topic")
UNIT = "_unit"  # the column unit_column adds


def unit_column(frame: pd.DataFrame, name: str):
    """``(frame, column)`` naming the unit a score belongs to (topic, document, segment).

    MT frames identify a segment by ``document`` and ``segment`` (a number within its
    document), so when both are present they are combined into one key column (added to a
    copy of the frame); otherwise the first of ``instance``, ``segment``, ``topic``.
    """
    if "document" in frame.columns and "segment" in frame.columns:
        key = frame["document"].astype(str) + "\x1f" + frame["segment"].astype(str)
        return frame.assign(**{UNIT: key}), UNIT
    return frame, pick_column(frame, INSTANCE_COLUMNS, name)


def select_level(frame: pd.DataFrame, column: str, value: Optional[str], name: str) -> pd.DataFrame:
    """The rows of ``frame`` whose ``column`` equals ``value``.

    Frames without ``column`` are returned as they are. With ``value=None`` the column must
    hold a single level (scores of one metric, judgments of one kind); several levels or a
    value that matches no row raise :class:`ParameterError` listing the levels present.
    """
    if column not in frame.columns:
        return frame
    levels = frame[column].unique()
    if value is None:
        if len(levels) > 1:
            raise ParameterError(column, None, f"one of {sorted(levels)} ({name} hold several)")
        return frame
    chosen = frame[frame[column] == value]
    if chosen.empty:
        raise ParameterError(column, value, f"one of {sorted(levels)}")
    return chosen
