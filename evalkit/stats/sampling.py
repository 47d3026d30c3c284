"""Sampling designs for the stability of evaluations (Owczarzak & Dang 2009, "OD09", §C6).

* **Topic subsampling**: draw n of the T topics without replacement, average every system
  over those n topics and correlate with a reference system score computed on all topics
  (e.g. 48-topic Responsiveness); repeat R times; report the distribution per n (mean, sd,
  quantiles): the stability curve.
* **Disjoint split halves** (after Voorhees & Buckley 2002): draw two disjoint topic sets of
  size n (n <= T/2), rank the systems by the same manual score on each, correlate the two
  rankings; repeat R times.
* **Model subsampling**: for each topic independently draw k of its models; the notebook
  re-scores every peer against the drawn models (ROUGE, Pyramid), then correlates. This
  module draws the subsets (:func:`model_subset_draws`) and summarizes the resulting
  correlation distributions (:func:`stability_summary`).
* The "bootstr" rows (resampling topics with replacement) are
  :func:`evalkit.stats.correlation.resampled_correlations`.

All draws of one design are made at once with numpy (argsort of uniform keys gives R
independent random subsets) and system means come from one matrix product per design.
"""
from __future__ import annotations

from typing import Mapping, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import SeedLike, check_choice, check_int, check_sizes, rng_from_seed
from evalkit.stats.correlation import METHODS, correlate_columns

__all__ = ["topic_subsample_correlations", "split_half_correlations", "model_subset_draws",
           "stability_summary"]


def _means_over(x: np.ndarray, masks: np.ndarray) -> np.ndarray:
    """NaN-aware system means over each row of topic masks: (systems, draws)."""
    filled = np.nan_to_num(x, nan=0.0)
    present = (~np.isnan(x)).astype(float)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (filled @ masks.T) / (present @ masks.T)


def _subsets(rng, n_topics: int, n_draws: int, size: int) -> np.ndarray:
    return np.argsort(rng.random((n_draws, n_topics)), axis=1)[:, :size]


def _matrix(scores) -> np.ndarray:
    if isinstance(scores, pd.DataFrame):
        return scores.to_numpy(float)
    return np.asarray(scores, dtype=float)


def topic_subsample_correlations(scores, reference, sizes: Sequence[int], *, n_draws: int = 1000,
                                 method: str = "pearson", seed: SeedLike = 0) -> pd.DataFrame:
    """Correlation of n-topic system means with a reference system score, R draws per n.

    ``scores``: (systems x topics) matrix (DataFrame or array; NaN = not scored);
    ``reference``: one value per system (same order). Returns ``size, draw, r``.
    """
    check_choice("method", method, METHODS)
    n_draws = check_int("n_draws", n_draws)
    x = _matrix(scores)
    ref = np.asarray(reference, dtype=float)
    if ref.shape != (x.shape[0],):
        raise ParameterError("reference", ref.shape, f"one value per system ({x.shape[0]})")
    rng = rng_from_seed(seed)
    out = []
    for size in check_sizes("sizes", sizes, x.shape[1], "the number of topics"):
        idx = _subsets(rng, x.shape[1], n_draws, size)
        masks = np.zeros((n_draws, x.shape[1]))
        np.put_along_axis(masks, idx, 1.0, axis=1)
        means = _means_over(x, masks)
        r = correlate_columns(means, np.repeat(ref[:, None], n_draws, axis=1), method)
        out.append(pd.DataFrame({"size": size, "draw": np.arange(n_draws), "r": r}))
    return pd.concat(out, ignore_index=True)


def split_half_correlations(scores, sizes: Sequence[int], *, n_draws: int = 1000,
                            method: str = "kendall", seed: SeedLike = 0) -> pd.DataFrame:
    """Correlation between system scores on two disjoint random topic sets of size n.

    ``scores``: (systems x topics) matrix of one manual score. Returns ``size, draw, r``.
    """
    check_choice("method", method, METHODS)
    n_draws = check_int("n_draws", n_draws)
    x = _matrix(scores)
    rng = rng_from_seed(seed)
    out = []
    for size in check_sizes("sizes", sizes, x.shape[1] // 2, "half the number of topics"):
        idx = _subsets(rng, x.shape[1], n_draws, 2 * size)
        halves = []
        for part in (idx[:, :size], idx[:, size:]):
            masks = np.zeros((n_draws, x.shape[1]))
            np.put_along_axis(masks, part, 1.0, axis=1)
            halves.append(_means_over(x, masks))
        out.append(pd.DataFrame({"size": size, "draw": np.arange(n_draws),
                                 "r": correlate_columns(halves[0], halves[1], method)}))
    return pd.concat(out, ignore_index=True)


def model_subset_draws(models: Mapping[object, Sequence[str]], k: int, *, n_draws: int = 1000,
                       seed: SeedLike = 0) -> pd.DataFrame:
    """For each draw and each topic, k of that topic's models drawn uniformly without
    replacement, independently per topic (OD09). Returns ``draw, topic, models`` (sorted tuple)."""
    k = check_int("k", k)
    n_draws = check_int("n_draws", n_draws)
    rng = rng_from_seed(seed)
    rows = []
    topics = list(models.keys())
    for topic in topics:
        pool = list(models[topic])
        if k > len(pool):
            raise ParameterError("k", k, f"at most the {len(pool)} models of topic {topic!r}")
    for draw in range(n_draws):
        for topic in topics:
            pool = list(models[topic])
            pick = rng.choice(len(pool), size=k, replace=False)
            rows.append((draw, topic, tuple(sorted(pool[i] for i in pick))))
    return pd.DataFrame(rows, columns=["draw", "topic", "models"])


def stability_summary(draws: pd.DataFrame, by: str = "size", value: str = "r") -> pd.DataFrame:
    """Mean, standard deviation and 2.5/50/97.5 percentiles of ``value`` per ``by`` (the curve)."""
    g = draws.groupby(by)[value]
    return pd.DataFrame({
        by: list(g.groups.keys()), "mean": g.mean().to_numpy(), "sd": g.std(ddof=1).to_numpy(),
        "q025": g.quantile(0.025).to_numpy(), "median": g.median().to_numpy(),
        "q975": g.quantile(0.975).to_numpy(), "draws": g.size().to_numpy(),
    })
