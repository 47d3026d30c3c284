"""Correlations over random partitions of items into equal groups (Dorr et al. 2005, Sec. 5).

Dorr, Monz, President, Schwartz & Zajic (2005), "A Methodology for Extrinsic Evaluation of
Text Summarization: Does ROUGE Correlate?". With n
items, each carrying a score x_i (e.g. mean ROUGE-1 of its surrogate) and an agreement y_i
(the mean of its subjects' 0/1 agreements), a random partition of the items into n/P groups
of P items gives n/P data points (mean x, mean y) per group; Pearson's r over those points::

    r = sum_g (x_g - x.)(y_g - y.) / sqrt(sum_g (x_g - x.)^2 sum_g (y_g - y.)^2)

is computed for ``n_partitions`` (10,000 in the paper) uniformly random partitions per group
size P in {1, 2, 4}. Group means are unweighted means of the P item values (each item has
the same number of judgments, so this equals pooling the judgments). r lies in [-1, 1]
(NaN when a partition has constant x or y). P = 1 gives the same r for every partition.

The *representative partition* of the paper's Tables 2-4 ("the partitioning of size 4 with
the smallest mean square error ... compared to the other partitionings") is read here as the
partition whose r is closest (smallest squared error) to the mean r of all partitions
[reading: the paper does not define it further].

Layout: :func:`random_partitions` returns an int array (n_partitions, n/P, P) of item
indices; :func:`partition_correlations` returns the (n_partitions,) r's. Every random step
takes a seed.

Why our own: the grouping is specific to this design; the correlation is the usual
vectorized Pearson over all partitions at once (10,000 x 60 items is a few milliseconds).

References:

* Dorr, B. J., Monz, C., President, S., Schwartz, R., & Zajic, D. (2005). A methodology for
  extrinsic evaluation of text summarization: does ROUGE correlate? ACL Workshop on Intrinsic
  and Extrinsic Evaluation Measures.
"""

from __future__ import annotations

from typing import Dict

import numpy as np

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_int, rng_from_seed

__all__ = ["random_partitions", "partition_correlations", "representative_partition"]


def random_partitions(n_items: int, size: int, n_partitions: int, seed=0) -> np.ndarray:
    """Uniformly random partitions of ``range(n_items)`` into equal groups.

    Parameters
    ----------
    n_items : int
        Items, >= 1.
    size : int
        Items per group, a divisor of ``n_items`` (else :class:`~evalkit.errors.ParameterError`).
    n_partitions : int
        Partitions to draw, >= 1.
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    numpy.ndarray of int, shape (n_partitions, n_items // size, size)
        Item indices; each partition holds every item exactly once.

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.partitions import random_partitions
    >>> parts = random_partitions(6, 2, n_partitions=3, seed=1)
    >>> parts.shape, all(sorted(p.ravel()) == list(range(6)) for p in parts)
    ((3, 3, 2), True)
    >>> bool(np.array_equal(parts, random_partitions(6, 2, n_partitions=3, seed=1)))
    True
    """
    n_items = check_int("n_items", n_items, minimum=1)
    size = check_int("size", size, minimum=1)
    n_partitions = check_int("n_partitions", n_partitions, minimum=1)
    if n_items % size:
        raise ParameterError("size", size, f"a divisor of the number of items ({n_items})")
    rng = rng_from_seed(seed)
    perms = rng.permuted(np.tile(np.arange(n_items), (n_partitions, 1)), axis=1)
    return perms.reshape(n_partitions, n_items // size, size)


def _group_means(values, partitions: np.ndarray) -> np.ndarray:
    """Mean of ``values`` over each group: (n_partitions, n_groups)."""
    v = np.asarray(values, dtype=np.float64)
    if v.ndim != 1 or partitions.max(initial=-1) >= v.size:
        raise ParameterError(
            "values", v.shape, f"a 1-D array with more than {partitions.max()} items"
        )
    return v[partitions].mean(axis=-1)


def _pearson_rows(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    xc = x - x.mean(axis=1, keepdims=True)
    yc = y - y.mean(axis=1, keepdims=True)
    den = np.sqrt((xc * xc).sum(axis=1) * (yc * yc).sum(axis=1))
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(den > 0, (xc * yc).sum(axis=1) / np.where(den > 0, den, 1.0), np.nan)


def partition_correlations(x, y, size: int, n_partitions: int = 10_000, seed=0) -> np.ndarray:
    """Pearson r between group means of ``x`` and ``y`` for each random partition.

    Parameters
    ----------
    x, y : array_like, shape (n,)
        Per-item scores (e.g. mean ROUGE-1 of an item's surrogate) and agreements; finite,
        same length (else :class:`~evalkit.errors.ParameterError`).
    size : int
        Items per group, a divisor of n.
    n_partitions : int, default 10_000
    seed : int or numpy.random.Generator, default 0
        The partitions are :func:`random_partitions` ``(n, size, n_partitions, seed)``.

    Returns
    -------
    numpy.ndarray, shape (n_partitions,)
        r in [-1, 1]; NaN when a partition's group means are constant.

    Examples
    --------
    With groups of one item every partition gives the items' own r:

    >>> import numpy as np
    >>> from evalkit.stats.partitions import partition_correlations
    >>> x, y = np.array([1.0, 2, 3, 4, 5, 6]), np.array([2.0, 1, 4, 3, 6, 5])
    >>> r1 = partition_correlations(x, y, size=1, n_partitions=5)
    >>> bool(np.allclose(r1, np.corrcoef(x, y)[0, 1]))
    True
    >>> partition_correlations(x, y, size=2, n_partitions=100, seed=0).shape
    (100,)
    """
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.shape != y.shape or x.ndim != 1:
        raise ParameterError("x, y", (x.shape, y.shape), "two 1-D arrays of the same length")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ParameterError("x, y", "non-finite values", "finite item scores")
    parts = random_partitions(x.size, size, n_partitions, seed)
    return _pearson_rows(_group_means(x, parts), _group_means(y, parts))


def representative_partition(
    x, y, size: int, n_partitions: int = 10_000, seed=0
) -> Dict[str, object]:
    """The partition whose r is closest to the mean r over all partitions (module docstring).

    Parameters
    ----------
    x, y, size, n_partitions, seed
        As :func:`partition_correlations`.

    Returns
    -------
    dict
        ``index`` (of the partition), ``r``, ``mean_r``, ``groups`` (n_groups, size) item
        indices, ``x_means`` and ``y_means`` (n_groups,).

    Examples
    --------
    >>> import numpy as np
    >>> from evalkit.stats.partitions import partition_correlations, representative_partition
    >>> x, y = np.array([1.0, 2, 3, 4, 5, 6, 7, 8]), np.array([2.0, 1, 4, 3, 6, 5, 8, 9])
    >>> rep = representative_partition(x, y, size=2, n_partitions=200)
    >>> rs = partition_correlations(x, y, size=2, n_partitions=200)
    >>> bool(np.isclose(rep["mean_r"], np.nanmean(rs))), bool(rep["r"] == rs[rep["index"]])
    (True, True)

    The mean leaves out partitions with an undefined r, such as pairing items (1, 8),
    (2, 7), ... whose x means are all 4.5:

    >>> int(np.isnan(rs).sum())
    1
    >>> rep["groups"].shape
    (4, 2)
    """
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    parts = random_partitions(x.size, size, n_partitions, seed)
    xm, ym = _group_means(x, parts), _group_means(y, parts)
    rs = _pearson_rows(xm, ym)
    mean_r = float(np.nanmean(rs))
    i = int(np.nanargmin((rs - mean_r) ** 2))
    return {
        "index": i,
        "r": float(rs[i]),
        "mean_r": mean_r,
        "groups": parts[i],
        "x_means": xm[i],
        "y_means": ym[i],
    }
