"""Pieces the resampling tests of :mod:`evalkit.stats` share (private to the package): the
bootstrap index draw of a (systems x inputs) matrix, the count of null statistics as extreme
as the observed one, and one result row of a pairwise test. One copy each, so that the
single-process and distributed tests draw and count alike (same seed, same numbers)."""

from __future__ import annotations

from typing import Dict

import numpy as np


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
