"""Correlations over random partitions of items into equal groups (Dorr et al. 2005, Sec. 5).

Dorr, Monz, President, Schwartz & Zajic (2005), "A Methodology for Extrinsic Evaluation of
Text Summarization: Does ROUGE Correlate?" (notes: acl2005-workshop-part-A.md 2.2). With n
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
"""

from __future__ import annotations

from typing import Dict

import numpy as np

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_int, rng_from_seed

__all__ = ["random_partitions", "group_means", "partition_correlations", "representative_partition"]


def random_partitions(n_items: int, size: int, n_partitions: int, seed=0) -> np.ndarray:
    """``n_partitions`` uniformly random partitions of ``range(n_items)`` into groups of ``size``."""
    n_items = check_int("n_items", n_items, minimum=1)
    size = check_int("size", size, minimum=1)
    n_partitions = check_int("n_partitions", n_partitions, minimum=1)
    if n_items % size:
        raise ParameterError("size", size, f"a divisor of the number of items ({n_items})")
    rng = rng_from_seed(seed)
    perms = rng.permuted(np.tile(np.arange(n_items), (n_partitions, 1)), axis=1)
    return perms.reshape(n_partitions, n_items // size, size)


def group_means(values, partitions: np.ndarray) -> np.ndarray:
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
    """Pearson r between group means of ``x`` and ``y`` for each random partition."""
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    if x.shape != y.shape or x.ndim != 1:
        raise ParameterError("x, y", (x.shape, y.shape), "two 1-D arrays of the same length")
    if not (np.all(np.isfinite(x)) and np.all(np.isfinite(y))):
        raise ParameterError("x, y", "non-finite values", "finite item scores")
    parts = random_partitions(x.size, size, n_partitions, seed)
    return _pearson_rows(group_means(x, parts), group_means(y, parts))


def representative_partition(
    x, y, size: int, n_partitions: int = 10_000, seed=0
) -> Dict[str, object]:
    """The partition whose r is closest to the mean r (see the module doc).

    Returns ``index``, ``r``, ``mean_r``, ``groups`` (n_groups, size) item indices,
    ``x_means`` and ``y_means`` (n_groups,).
    """
    x = np.asarray(x, dtype=np.float64)
    y = np.asarray(y, dtype=np.float64)
    parts = random_partitions(x.size, size, n_partitions, seed)
    xm, ym = group_means(x, parts), group_means(y, parts)
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
