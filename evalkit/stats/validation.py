"""Parameter checks shared by the statistics modules and the notebook layer
(scikit-learn style messages: the parameter's name, the value received, what is allowed).
pandas is imported where a check needs it, so that metrics can use the scalar checks without
loading it (``get_metric("chrf")`` stays as light as sacrebleu's)."""

from __future__ import annotations

from numbers import Integral, Real
from typing import TYPE_CHECKING, Iterable, Optional, Union

import numpy as np

if TYPE_CHECKING:
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
    "SYSTEM_COLUMNS",
    "UNIT",
    "unit_column",
    "score_frame",
    "select_level",
]

SeedLike = Union[None, int, np.random.Generator]


def check_choice(name: str, value, choices: Iterable):
    """``value`` if it is one of ``choices``, else a :class:`~evalkit.errors.ParameterError`.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
    choices : iterable

    Returns
    -------
    object
        ``value`` unchanged.

    Examples
    --------
    >>> from evalkit.errors import ParameterError
    >>> from evalkit.stats.validation import check_choice
    >>> check_choice("level", "system", ("system", "summary"))
    'system'
    >>> try:
    ...     check_choice("level", "topic", ("system", "summary"))
    ... except ParameterError:
    ...     print("refused")
    refused
    """
    choices = tuple(choices)
    if value not in choices:
        raise ParameterError(name, value, "one of " + ", ".join(repr(c) for c in choices))
    return value


def check_int(name: str, value, minimum: int = 1) -> int:
    """``value`` as an int if it is an integer >= ``minimum`` (booleans are refused).

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
    minimum : int, default 1

    Returns
    -------
    int

    Raises
    ------
    evalkit.errors.ParameterError
        When ``value`` is not an integer or is below ``minimum``.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.validation import check_int
    >>> check_int("n_resamples", np.int64(5)), check_int("n", 0, minimum=0)
    (5, 0)
    """
    if isinstance(value, bool) or not isinstance(value, Integral) or value < minimum:
        raise ParameterError(name, value, f"an integer >= {minimum}")
    return int(value)


def check_sizes(name: str, sizes, maximum: int, what: str) -> list:
    """Sample sizes: integers in [1, maximum].

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    sizes : iterable of int
    maximum : int
        The largest allowed size.
    what : str
        What bounds them, for the message (e.g. "the number of topics").

    Returns
    -------
    list of int
        The sizes as ints, in order.

    Examples
    --------
    >>> from evalkit.stats.validation import check_sizes
    >>> check_sizes("sizes", (5, 10), 10, "the number of topics")
    [5, 10]
    """
    out = []
    for size in sizes:
        size = check_int(name, size)
        if size > maximum:
            raise ParameterError(name, size, f"sizes <= {maximum} ({what})")
        out.append(size)
    return out


def check_probability(name: str, value, open_interval: bool = True) -> float:
    """``value`` as a float if it lies in (0, 1), or [0, 1] with ``open_interval=False``.

    Parameters
    ----------
    name : str
        The parameter's name, for the message.
    value : object
        A finite real number (booleans are refused).
    open_interval : bool, default True

    Returns
    -------
    float

    Raises
    ------
    evalkit.errors.ParameterError
        Outside the interval, not finite or not a number.

    Examples
    --------
    >>> from evalkit.stats.validation import check_probability
    >>> check_probability("alpha", 0.05), check_probability("p", 1, open_interval=False)
    (0.05, 1.0)
    """
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

    Parameters
    ----------
    seed : int or numpy.random.Generator
        A non-negative integer, or a Generator returned as it is.

    Returns
    -------
    numpy.random.Generator

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.validation import rng_from_seed
    >>> bool(rng_from_seed(7).random() == np.random.default_rng(7).random())
    True
    >>> g = np.random.default_rng(1)
    >>> rng_from_seed(g) is g
    True
    """
    if isinstance(seed, np.random.Generator):
        return seed
    if isinstance(seed, bool) or not isinstance(seed, Integral) or seed < 0:
        raise ParameterError("seed", seed, "a non-negative integer or a numpy Generator")
    return np.random.default_rng(int(seed))


def check_columns(frame, columns: Iterable[str], name: str = "data") -> pd.DataFrame:
    """``frame`` if it is a DataFrame holding every column of ``columns``.

    Parameters
    ----------
    frame : object
    columns : iterable of str
    name : str, default "data"
        The argument's name, for the message.

    Returns
    -------
    pandas.DataFrame
        ``frame`` unchanged.

    Raises
    ------
    evalkit.errors.ParameterError
        Not a DataFrame, or columns missing (the message lists them).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.validation import check_columns
    >>> f = pd.DataFrame({"system": ["a"], "value": [1.0]})
    >>> check_columns(f, ["system", "value"]) is f
    True
    """
    import pandas as pd

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
    """The first of ``candidates`` present in ``frame``, or ``given`` if the caller named one.

    Parameters
    ----------
    frame : pandas.DataFrame
    candidates : iterable of str
        Accepted names, in order of preference (e.g. ``("system", "summarizer")``).
    name : str
        The argument's name, for the message.
    given : str, optional
        A column the caller named; it must exist.

    Returns
    -------
    str
        The column name to use.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.validation import pick_column
    >>> pick_column(pd.DataFrame(columns=["summarizer", "value"]), ("system", "summarizer"), "scores")
    'summarizer'
    """
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
    """The frame and the name of the column naming the unit a score belongs to.

    MT frames identify a segment by ``document`` and ``segment`` (a number within its
    document), so when both are present they are combined into one key column :data:`UNIT`
    (added to a copy of the frame); otherwise the first of ``instance``, ``segment``,
    ``topic``.

    Parameters
    ----------
    frame : pandas.DataFrame
    name : str
        The argument's name, for the message.

    Returns
    -------
    frame : pandas.DataFrame
    column : str

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.validation import unit_column
    >>> unit_column(pd.DataFrame(columns=["topic", "value"]), "scores")[1]
    'topic'
    >>> f, col = unit_column(pd.DataFrame({"document": ["d1", "d2"], "segment": [1, 1]}), "scores")
    >>> col, f[col].nunique()
    ('_unit', 2)
    """
    if "document" in frame.columns and "segment" in frame.columns:
        key = frame["document"].astype(str) + "\x1f" + frame["segment"].astype(str)
        return frame.assign(**{UNIT: key}), UNIT
    return frame, pick_column(frame, INSTANCE_COLUMNS, name)


SYSTEM_COLUMNS = ("system", "summarizer")


def score_frame(frame: pd.DataFrame, name: str, required: Iterable[str] = ("value",)):
    """Check a long score frame: its unit column, its system column and ``required`` columns.

    The one reading of a tidy frame of scores or judgments (one row per unit and system)
    shared by the correlation, pairwise and corroboration statistics: the unit as
    :func:`unit_column` finds it, the system as the first of :data:`SYSTEM_COLUMNS`.

    Parameters
    ----------
    frame : pandas.DataFrame
    name : str
        The argument's name, for the message.
    required : iterable of str
        Further columns the frame must have.

    Returns
    -------
    frame : pandas.DataFrame
        ``frame``, with the combined unit column where :func:`unit_column` adds one.
    unit : str
    system : str

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.errors import ParameterError
    >>> from evalkit.stats.validation import score_frame
    >>> score_frame(pd.DataFrame(columns=["topic", "summarizer", "value"]), "scores")[1:]
    ('topic', 'summarizer')
    >>> try:
    ...     score_frame(pd.DataFrame(columns=["topic", "system"]), "scores")
    ... except ParameterError as error:
    ...     print(error.expected)
    a DataFrame with columns ['value'] (missing ['value'])
    """
    frame, unit = unit_column(frame, name)
    system = pick_column(frame, SYSTEM_COLUMNS, name)
    check_columns(frame, list(required), name)
    return frame, unit, system


def select_level(frame: pd.DataFrame, column: str, value: Optional[str], name: str) -> pd.DataFrame:
    """The rows of ``frame`` whose ``column`` equals ``value``.

    Frames without ``column`` are returned as they are.

    Parameters
    ----------
    frame : pandas.DataFrame
    column : str
        E.g. ``"metric"`` or ``"judgment"``.
    value : str or None
        The level to keep. With None the column must hold a single level (scores of one
        metric, judgments of one kind).
    name : str
        The argument's name, for the message.

    Returns
    -------
    pandas.DataFrame

    Raises
    ------
    evalkit.errors.ParameterError
        Several levels with ``value=None``, or a value that matches no row (the message lists
        the levels present).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.validation import select_level
    >>> f = pd.DataFrame({"metric": ["bleu", "ter"], "value": [0.3, 0.5]})
    >>> select_level(f, "metric", "ter", "scores")["value"].tolist()
    [0.5]
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
