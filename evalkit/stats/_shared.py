"""Pieces the resampling tests of :mod:`evalkit.stats` share (private to the package): the
bootstrap index draw of a (systems x inputs) matrix, the count of null statistics as extreme
as the observed one, and one result row of a pairwise test. One copy each, so that the
single-process and distributed tests draw and count alike (same seed, same numbers).

Also the keyword tables of functions that forward a design to another one: the design is
declared once, in the signature of the function that runs it (:func:`keyword_defaults`), and
the forwarding functions take it as ``**options`` (:func:`split_options`)."""

from __future__ import annotations

import inspect
from typing import Dict, Mapping, Sequence

import numpy as np

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice


def resample_indices(rng, shape, n_resamples: int, unit: str):
    """Row and column indices of ``n_resamples`` bootstrap resamples of a (systems x inputs)
    matrix: ``unit`` says which are drawn with replacement (the others keep every index).
    All system draws come before all input draws, so results do not depend on block sizes."""
    n_sys, n_inp = shape
    rows = (
        rng.integers(n_sys, size=(n_resamples, n_sys))
        if unit in ("systems", "both")
        else np.broadcast_to(np.arange(n_sys), (n_resamples, n_sys))
    )
    cols = (
        rng.integers(n_inp, size=(n_resamples, n_inp))
        if unit in ("inputs", "both")
        else np.broadcast_to(np.arange(n_inp), (n_resamples, n_inp))
    )
    return rows, cols


def count_extreme(null_stat: np.ndarray, observed: float, ties: str) -> int:
    """How many null statistics are at least (``ties='ge'``) or above ``observed``."""
    # A relative tolerance keeps "equal" statistics equal despite floating-point noise.
    tol = 1e-12 * max(1.0, abs(observed))
    if ties == "ge":
        return int(np.sum(null_stat >= observed - tol))
    return int(np.sum(null_stat > observed + tol))


def pair_row(names, i, j, full, p, n, test, count: str = "n_trials") -> Dict:
    """One result row of system ``i`` against ``j``; ``count`` names the column of ``n``."""
    return {
        "system": names[i],
        "baseline": names[j],
        "score": float(full[i]),
        "baseline_score": float(full[j]),
        "difference": float(full[i] - full[j]),
        "p_value": float(p),
        count: int(n),
        "test": test,
    }


def keyword_defaults(function, without: Sequence[str] = ()) -> Dict[str, object]:
    """``{name: default}`` of the parameters of ``function`` that have a default, in signature
    order, less those named in ``without``."""
    return {
        name: p.default
        for name, p in inspect.signature(function).parameters.items()
        if p.default is not p.empty and name not in without
    }


def show_options(function, *sources) -> None:
    """Give ``function``, which takes ``**options`` and forwards them, the signature a reader
    expects: its own parameters, then the forwarded keywords with their defaults, one each
    (``sources``: ``{keyword: default}`` tables as :func:`split_options` takes them, or
    functions, whose parameters with a default count). ``help()``, JupyterLab's tooltip and
    :func:`inspect.signature` then list every keyword though it is declared once."""
    signature = inspect.signature(function)
    own = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
    names = {p.name for p in own}
    shown = []
    for source in sources:
        if callable(source):
            items = [
                (p.name, p.default, p.annotation)
                for p in inspect.signature(source).parameters.values()
                if p.default is not p.empty and p.kind is not p.VAR_KEYWORD
            ]
        else:
            items = [(k, v, inspect.Parameter.empty) for k, v in source.items()]
        for name, default, annotation in items:
            if name not in names:
                names.add(name)
                shown.append(
                    inspect.Parameter(
                        name, inspect.Parameter.KEYWORD_ONLY, default=default, annotation=annotation
                    )
                )
    function.__signature__ = signature.replace(parameters=own + shown)


def split_options(where: str, options: Mapping, *tables: Mapping) -> list:
    """``options`` cut along ``tables`` (each ``{keyword: default}``), one dict per table with
    the defaults filled in; a keyword of no table raises ``TypeError`` as a call would."""
    rest = dict(options)
    parts = [{k: rest.pop(k, v) for k, v in table.items()} for table in tables]
    if rest:
        raise TypeError(f"{where}() got an unexpected keyword argument {next(iter(rest))!r}")
    return parts


def prepare_pairs(statistics, score, baseline, pairs: str):
    """Checked inputs of a pairwise resampling test: system names, the (systems, segments, k)
    stack of statistics, the pairs ``(i, j)`` to test (every system against ``baseline``, or
    every pair ``i < j``) and the systems' full scores."""
    if isinstance(statistics, Mapping):
        names = [str(k) for k in statistics.keys()]
        arrays = [np.asarray(v) for v in statistics.values()]
    else:
        raise ParameterError(
            "statistics",
            type(statistics).__name__,
            "a mapping {system name: ndarray (n_segments, k)}",
        )
    if len(arrays) < 2:
        raise ParameterError("statistics", names, "at least two systems")
    shape = arrays[0].shape
    for name, a in zip(names, arrays):
        if a.ndim != 2 or a.shape != shape or a.shape[0] < 1:
            raise ParameterError(
                f"statistics[{name!r}]",
                a.shape,
                f"a 2-D array shaped like the first system's {shape}",
            )
        if not np.isfinite(a).all():
            raise ParameterError(f"statistics[{name!r}]", "non-finite values", "finite statistics")
    stack = np.stack([a.astype(np.float64) for a in arrays])  # (systems, S, k)
    check_choice("pairs", pairs, ("baseline", "all"))
    if pairs == "baseline":
        base = names[0] if baseline is None else baseline
        if base not in names:
            raise ParameterError("baseline", baseline, f"one of {names}")
        b = names.index(base)
        pair_idx = [(i, b) for i in range(len(names)) if i != b]
    else:
        pair_idx = [(i, j) for i in range(len(names)) for j in range(i + 1, len(names))]
    full = apply_score(score, stack.sum(axis=1))
    return names, stack, pair_idx, full


def apply_score(score, sums: np.ndarray) -> np.ndarray:
    """``score`` (summed statistics (r, k) -> r scores) applied to ``sums``, checked."""
    out = np.asarray(score(sums), dtype=np.float64)
    if out.shape != sums.shape[:1]:
        raise ParameterError(
            "score",
            out.shape,
            f"a function mapping summed statistics (r, k) to r scores, shape {sums.shape[:1]}",
        )
    return out


def paired_columns(x, y):
    """``x`` and ``y`` as float arrays of one shape with the pairs in columns (a 1-D pair of
    vectors becomes one column); another shape of ``y`` raises ``ParameterError``."""
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if x.ndim == 1:
        x, y = x[:, None], y[:, None]
    if x.shape != y.shape:
        raise ParameterError("y", y.shape, f"an array of the same shape as x {x.shape}")
    return x, y


def name_indices(name: str, wanted: Sequence[str], known: Sequence[str]) -> list:
    """Positions of the ``wanted`` names in ``known``; a bare string, an empty list or an
    unknown name raises ``ParameterError`` for parameter ``name``."""
    if isinstance(wanted, str) or not len(wanted):
        raise ParameterError(name, wanted, f"a non-empty list of {name[:-1]} names")
    try:
        return [list(known).index(m) for m in wanted]
    except ValueError:
        raise ParameterError(name, list(wanted), f"{name} among {list(known)}") from None
