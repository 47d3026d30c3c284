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
  :func:`model_subset_correlations` runs the whole sweep from per-subset score tables
  (``evalkit.metrics.model_subsets.subset_score_table`` and ``subset_recall_table``):
  a topic has only C(n, k) model subsets, so every score is computed once per subset and a
  draw is an index per topic -- 1,000 draws cost one gather and one mean, not 1,000 re-scorings.
* The "bootstr" rows (resampling topics with replacement) are
  :func:`evalkit.stats.correlation.resampled_correlations`.
* **Topic bootstrap of a sweep** (:func:`topic_bootstrap_sweep`,
  :func:`topic_bootstrap_model_sweep`): a finding on the sweep's mean r (e.g. r on all topics
  above r on one; r(2) - r(1) above r(3) - r(2) models) generalises over topics, the
  independent units, not over the draws, which are subsets of the same topics again and
  again: a test over draws has a p-value that shrinks with their number. Resample the topics
  with replacement (a topic carries its models along: a cluster bootstrap, Davison & Hinkley
  1997, Section 3.8), recompute the reference on the resampled topics and every cell's mean r
  on them (``n_draws`` draws per cell, common to the metrics); a contrast of the cells per
  resample gives a percentile interval over topics (Efron & Tibshirani 1993, Section 13.3).
  The Monte-Carlo error of each resample's mean widens the interval a little (conservative).

All draws of one design are made at once with numpy (argsort of uniform keys gives R
independent random subsets) and system means come from one matrix product per design.

Reference: Owczarzak, K., & Dang, H. T. (2009). Evaluation of automatic summaries: metrics
under varying data conditions. ACL-IJCNLP Workshop on Language Generation and Summarisation.

References:

* Voorhees, E. M., & Buckley, C. (2002). The effect of topic set size on retrieval experiment
  error. SIGIR 2002.
* Davison, A. C., & Hinkley, D. V. (1997). Bootstrap Methods and their Application. Cambridge
  University Press.
* Efron, B., & Tibshirani, R. J. (1993). An Introduction to the Bootstrap. Chapman & Hall.
"""

from __future__ import annotations

import warnings
from typing import Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import SeedLike, check_choice, check_int, check_sizes, rng_from_seed
from evalkit.stats.correlation import METHODS, correlate_columns

__all__ = [
    "topic_subsample_correlations",
    "split_half_correlations",
    "model_subset_draws",
    "model_subset_correlations",
    "topic_bootstrap_sweep",
    "topic_bootstrap_model_sweep",
    "stability_summary",
]


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


def topic_subsample_correlations(
    scores,
    reference,
    sizes: Sequence[int],
    *,
    n_draws: int = 1000,
    method: str = "pearson",
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """Correlation of n-topic system means with a reference system score, R draws per n.

    Parameters
    ----------
    scores : array_like or pandas.DataFrame, shape (n_systems, n_topics)
        NaN = not scored (system means skip it).
    reference : array_like, shape (n_systems,)
        One value per system, same order (e.g. Responsiveness on all topics).
    sizes : sequence of int
        Topic-set sizes n, each in [1, n_topics] (else :class:`~evalkit.errors.ParameterError`).
    n_draws : int, default 1000
        Draws per size, topics without replacement.
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    pandas.DataFrame
        ``size, draw, r``: one row per draw of each size, ``r`` the coefficient of the system
        means over the drawn topics with ``reference``.

    Examples
    --------
    With every topic drawn, each draw reproduces the full-data correlation:

    >>> import numpy as np
    >>> from evalkit.stats.sampling import topic_subsample_correlations
    >>> rng = np.random.default_rng(0)
    >>> x = rng.normal(size=(5, 8))
    >>> ref = x.mean(axis=1) + rng.normal(scale=0.1, size=5)
    >>> out = topic_subsample_correlations(x, ref, sizes=[2, 8], n_draws=50, seed=1)
    >>> full = np.corrcoef(x.mean(axis=1), ref)[0, 1]
    >>> bool(np.allclose(out[out["size"] == 8]["r"], full)), len(out)
    (True, 100)
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


def split_half_correlations(
    scores,
    sizes: Sequence[int],
    *,
    n_draws: int = 1000,
    method: str = "kendall",
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """Correlation between system scores on two disjoint random topic sets of size n.

    After Voorhees & Buckley (2002).

    Parameters
    ----------
    scores : array_like or pandas.DataFrame, shape (n_systems, n_topics)
        One manual score, NaN = not scored.
    sizes : sequence of int
        Each in [1, n_topics // 2].
    n_draws, method, seed
        As :func:`topic_subsample_correlations` (but ``method`` defaults to "kendall").

    Returns
    -------
    pandas.DataFrame
        ``size, draw, r``, as :func:`topic_subsample_correlations`.

    Examples
    --------
    Systems whose scores differ by a constant rank identically on any two halves:

    >>> import numpy as np
    >>> from evalkit.stats.sampling import split_half_correlations
    >>> x = np.arange(4.0)[:, None] * 10 + np.random.default_rng(0).normal(size=(4, 10))
    >>> out = split_half_correlations(x, sizes=[5], n_draws=20, seed=0)
    >>> out["r"].tolist() == [1.0] * 20
    True
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
        out.append(
            pd.DataFrame(
                {
                    "size": size,
                    "draw": np.arange(n_draws),
                    "r": correlate_columns(halves[0], halves[1], method),
                }
            )
        )
    return pd.concat(out, ignore_index=True)


def model_subset_draws(
    models: Mapping[object, Sequence[str]], k: int, *, n_draws: int = 1000, seed: SeedLike = 0
) -> pd.DataFrame:
    """k models per topic, drawn uniformly without replacement and independently per topic.

    Parameters
    ----------
    models : mapping of topic to sequence of str
        Each topic's model (reference summary) ids.
    k : int
        Models per draw, at most every topic's count (else
        :class:`~evalkit.errors.ParameterError`).
    n_draws : int, default 1000
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    pandas.DataFrame
        ``draw, topic, models`` (a sorted tuple).

    Examples
    --------
    >>> from evalkit.stats.sampling import model_subset_draws
    >>> d = model_subset_draws({"D1": ["A", "B", "C"], "D2": ["E", "F"]}, 2, n_draws=3, seed=0)
    >>> len(d), all(len(m) == 2 for m in d["models"]), d.loc[1, "models"]
    (6, True, ('E', 'F'))
    """
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


def model_subset_correlations(
    tables: Mapping[str, np.ndarray],
    n_subsets: Sequence[int],
    reference,
    *,
    n_draws: int = 1000,
    method: str = "pearson",
    seed: SeedLike = 0,
    split_half: Optional[str] = None,
) -> pd.DataFrame:
    """Owczarzak & Dang's (2009) model sweep from per-subset score tables.

    Each draw picks, independently per topic, one of its ``n_subsets[t]`` subsets uniformly
    (the same picks for every table, so metrics are compared on the same models); system
    means over topics are correlated with ``reference``.

    Parameters
    ----------
    tables : mapping of str to ndarray, shape (n_topics, max_subsets, n_systems)
        ``table[topic, subset, system]`` per metric (NaN = not scored).
    n_subsets : sequence of int
        Subsets per topic, each >= 1.
    reference : array_like, shape (n_systems,)
        Ignored with ``split_half``.
    n_draws : int, default 1000
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    seed : int or numpy.random.Generator, default 0
    split_half : {"complement", "other"}, optional
        Correlate with a partner draw instead: ``"complement"`` the complementary subset of
        every topic (its mirrored position in ``itertools.combinations`` order: 2 vs the
        other 2 models of 4), ``"other"`` a different subset drawn uniformly (needs >= 2
        subsets per topic).

    Returns
    -------
    pandas.DataFrame
        ``metric, draw, r``: one row per metric and draw.

    Examples
    --------
    One subset per topic leaves no choice: every draw gives the same r.

    >>> import numpy as np
    >>> from evalkit.stats.sampling import model_subset_correlations
    >>> table = np.array([[[1.0, 2.0, 3.0]], [[2.0, 2.0, 5.0]]])   # 2 topics, 1 subset, 3 systems
    >>> out = model_subset_correlations({"m": table}, [1, 1], [1.0, 2.0, 4.0], n_draws=4)
    >>> bool(np.allclose(out["r"], np.corrcoef([1.5, 2.0, 4.0], [1.0, 2.0, 4.0])[0, 1]))
    True
    """
    check_choice("method", method, METHODS)
    n_draws = check_int("n_draws", n_draws)
    counts = np.asarray(n_subsets, dtype=np.int64)
    if counts.ndim != 1 or (counts < 1).any():
        raise ParameterError("n_subsets", n_subsets, "a positive count per topic")
    rng = rng_from_seed(seed)
    if split_half is not None:
        check_choice("split_half", split_half, ("complement", "other"))
    idx = np.floor(rng.random((n_draws, len(counts))) * counts).astype(np.int64)
    if split_half == "complement":
        partner = counts - 1 - idx
    elif split_half == "other":
        if (counts < 2).any():
            raise ParameterError(
                "n_subsets", n_subsets, "at least 2 subsets per topic for a split half"
            )
        partner = (
            idx + 1 + np.floor(rng.random(idx.shape) * (counts - 1)).astype(np.int64)
        ) % counts
    topics = np.arange(len(counts))
    ref = None if split_half else np.asarray(reference, dtype=float)
    out = []
    for name, table in tables.items():
        table = np.asarray(table, dtype=float)
        if table.ndim != 3 or table.shape[0] != len(counts) or table.shape[1] < counts.max():
            raise ParameterError(
                "tables", (name, table.shape), f"(topics={len(counts)}, subsets, systems) arrays"
            )
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            means = np.nanmean(table[topics, idx], axis=1).T  # (systems, draws)
            if split_half is not None:
                other = np.nanmean(table[topics, partner], axis=1).T
            elif ref.shape != (table.shape[2],):
                raise ParameterError(
                    "reference", ref.shape, f"one value per system ({table.shape[2]})"
                )
            else:
                other = np.repeat(ref[:, None], n_draws, axis=1)
        out.append(
            pd.DataFrame(
                {
                    "metric": name,
                    "draw": np.arange(n_draws),
                    "r": correlate_columns(means, other, method),
                }
            )
        )
    return pd.concat(out, ignore_index=True)


def _topic_resamples(reference: np.ndarray, n_resamples: int, seed: SeedLike):
    """Yield ``(resample, topic indices, reference system means over them, sub-seed)``: all
    (n_resamples, n_topics) indices drawn with replacement first, then a sub-seed for each
    resample's draws."""
    rng = rng_from_seed(seed)
    n_topics = reference.shape[1]
    idx = rng.integers(0, n_topics, size=(check_int("n_resamples", n_resamples), n_topics))
    for b, cols in enumerate(idx):
        with np.errstate(invalid="ignore"), warnings.catch_warnings():
            warnings.simplefilter("ignore", RuntimeWarning)
            ref = np.nanmean(reference[:, cols], axis=1)
        yield b, cols, ref, int(rng.integers(2**32))


def _cell_means(d: pd.DataFrame, resample: int, by: str) -> pd.DataFrame:
    """Mean r of the draws per ``metric`` and ``by`` of one resample: ``resample, metric,
    size, r``."""
    m = d.groupby(["metric", by], as_index=False)["r"].mean().rename(columns={by: "size"})
    return m.assign(resample=resample)[["resample", "metric", "size", "r"]]


def topic_bootstrap_sweep(
    scores: Mapping[str, np.ndarray],
    reference,
    sizes: Sequence[int],
    *,
    n_resamples: int = 200,
    n_draws: int = 100,
    method: str = "pearson",
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """The topic sweep's mean r per metric and size on topic bootstrap resamples.

    Each resample draws the T topics with replacement (columns ``idx``); the reference is the
    system mean of ``reference[:, idx]``; each size n is :func:`topic_subsample_correlations`
    of ``scores[metric][:, idx]`` (n of the T resampled columns without replacement,
    ``n_draws`` draws, the same draws for every metric); size T is the resample's all-topic
    r. The module docstring says what it tests.

    Parameters
    ----------
    scores : mapping of str to array_like, shape (n_systems, n_topics)
        Per metric, NaN = not scored.
    reference : array_like, shape (n_systems, n_topics)
        The reference's per-topic scores (its all-topic system mean is what r is taken with).
    sizes : sequence of int
        Each in [1, n_topics] (else :class:`~evalkit.errors.ParameterError`).
    n_resamples : int, default 200
    n_draws : int, default 100
        Draws per size within a resample.
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    pandas.DataFrame
        ``resample, metric, size, r``: mean r over the draws, one row per resample, metric
        and size.

    Examples
    --------
    All topics drawn: every resample's r is its all-topic correlation, which varies with
    the resampled topics.

    >>> import numpy as np
    >>> from evalkit.stats.sampling import topic_bootstrap_sweep
    >>> rng = np.random.default_rng(0)
    >>> ref = rng.normal(size=(6, 10))
    >>> x = ref + rng.normal(size=(6, 10))
    >>> b = topic_bootstrap_sweep({"m": x}, ref, [10], n_resamples=20, seed=1)
    >>> len(b), bool(b["r"].std() > 0)
    (20, True)
    """
    ref_all = _matrix(reference)
    mats = {m: _matrix(x) for m, x in scores.items()}
    if any(x.shape != ref_all.shape for x in mats.values()):
        raise ParameterError(
            "scores", {m: x.shape for m, x in mats.items()}, f"{ref_all.shape} like reference"
        )
    n_topics = ref_all.shape[1]
    sizes = check_sizes("sizes", sizes, n_topics, "the number of topics")
    out = []
    for b, idx, ref, sub_seed in _topic_resamples(ref_all, n_resamples, seed):
        d = [
            topic_subsample_correlations(
                x[:, idx],
                ref,
                [n],
                n_draws=1 if n == n_topics else n_draws,
                method=method,
                seed=sub_seed + n,
            ).assign(metric=m)
            for m, x in mats.items()
            for n in sizes
        ]
        out.append(_cell_means(pd.concat(d, ignore_index=True), b, "size"))
    return pd.concat(out, ignore_index=True)


def topic_bootstrap_model_sweep(
    tables: Mapping[int, Mapping[str, np.ndarray]],
    n_subsets: Mapping[int, Sequence[int]],
    reference,
    *,
    n_resamples: int = 200,
    n_draws: int = 100,
    method: str = "pearson",
    seed: SeedLike = 0,
) -> pd.DataFrame:
    """The model sweep's mean r per metric and number of models k on topic bootstrap
    resamples.

    Each resample draws the T topics with replacement (a topic keeps its model subsets: the
    models are nested in the topics); the reference is the system mean of
    ``reference[:, idx]``; each k is :func:`model_subset_correlations` of the resampled
    tables (``n_draws`` draws, the same for every metric of that k). The module docstring
    says what it tests.

    Parameters
    ----------
    tables : mapping of int to mapping of str to ndarray, shape (n_topics, subsets, n_systems)
        Per k, the per-subset score tables of each metric.
    n_subsets : mapping of int to sequence of int
        Per k, the subsets of each topic.
    reference : array_like, shape (n_systems, n_topics)
    n_resamples : int, default 200
    n_draws : int, default 100
    method : {"pearson", "spearman", "kendall"}, default "pearson"
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    pandas.DataFrame
        ``resample, metric, size, r`` (``size`` = k): mean r over the draws.

    Examples
    --------
    One subset per topic: every draw of a resample is the same, only the topics vary.

    >>> import numpy as np
    >>> from evalkit.stats.sampling import topic_bootstrap_model_sweep
    >>> rng = np.random.default_rng(0)
    >>> ref = rng.normal(size=(5, 8))
    >>> table = (ref + rng.normal(size=(5, 8))).T[:, None, :]    # 8 topics, 1 subset, 5 systems
    >>> b = topic_bootstrap_model_sweep({1: {"m": table}}, {1: [1] * 8}, ref, n_resamples=10)
    >>> list(b.columns), len(b)
    (['resample', 'metric', 'size', 'r'], 10)
    """
    ref_all = _matrix(reference)
    n_topics = ref_all.shape[1]
    for k in tables:
        if len(n_subsets.get(k, ())) != n_topics:
            raise ParameterError("n_subsets", k, f"a count for each of the {n_topics} topics")
    out = []
    for b, idx, ref, sub_seed in _topic_resamples(ref_all, n_resamples, seed):
        d = [
            model_subset_correlations(
                {m: np.asarray(t)[idx] for m, t in tables[k].items()},
                np.asarray(n_subsets[k])[idx],
                ref,
                n_draws=n_draws,
                method=method,
                seed=sub_seed + int(k),
            ).assign(k=int(k))
            for k in tables
        ]
        out.append(_cell_means(pd.concat(d, ignore_index=True), b, "k"))
    return pd.concat(out, ignore_index=True)


def stability_summary(draws: pd.DataFrame, by: str = "size", value: str = "r") -> pd.DataFrame:
    """The stability curve: summary statistics of ``value`` per ``by``.

    Parameters
    ----------
    draws : pandas.DataFrame
        E.g. :func:`topic_subsample_correlations` output.
    by : str, default "size"
    value : str, default "r"

    Returns
    -------
    pandas.DataFrame
        ``[by], mean, sd, q025, median, q975, draws`` (sample sd; 2.5 and 97.5 percentiles).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.sampling import stability_summary
    >>> d = pd.DataFrame({"size": [5] * 5, "r": [0.1, 0.2, 0.3, 0.4, 0.5]})
    >>> stability_summary(d)[["size", "mean", "median", "draws"]].round(4).values.tolist()
    [[5.0, 0.3, 0.3, 5.0]]
    """
    g = draws.groupby(by)[value]
    return pd.DataFrame(
        {
            by: list(g.groups.keys()),
            "mean": g.mean().to_numpy(),
            "sd": g.std(ddof=1).to_numpy(),
            "q025": g.quantile(0.025).to_numpy(),
            "median": g.median().to_numpy(),
            "q975": g.quantile(0.975).to_numpy(),
            "draws": g.size().to_numpy(),
        }
    )
