"""Paired significance tests between systems on corpus-level metrics: approximate
randomization and the paired bootstrap, over per-segment sufficient statistics.

A corpus metric such as BLEU, NIST or a dependency F-score is a function of *summed*
per-segment statistics (n-gram matches, lengths, ...). Both tests resample those statistics
and recompute the corpus score, exactly as Riezler & Maxwell (2005) prescribe:

* **Approximate randomization** (Noreen 1989; R&M Fig. 1): for each of R trials swap the two
  systems' statistics of every segment with probability 1/2, recompute both corpus scores and
  compare ``t_r = |S_X,r - S_Y,r|`` with the observed ``t = |S_X - S_Y|``;
  ``p = (c + 1) / (R + 1)`` where c counts ``t_r >= t``.
* **Paired bootstrap, shift method** (Efron & Tibshirani 1993; R&M Fig. 2): draw B resamples of
  the segments with replacement (the same indices for both systems), ``t_b = |S_X,b - S_Y,b|``;
  c counts ``t_b - mean(t_b) >= t``; ``p = (c + 1) / (B + 1)``.
* **Paired bootstrap, centred** (Efron & Tibshirani 1993, §16.4; the test the shift method
  approximates): c counts ``|d_b - mean(d_b)| >= |d|`` with ``d_b = S_X,b - S_Y,b`` the signed
  resampled difference, so the null distribution is the bootstrap distribution of the
  difference moved to mean 0. The shift method instead shifts the *folded* ``|d_b|`` by its
  mean, which makes it anti-conservative: on equal systems it rejects at about three times the
  nominal rate (measured on the sample corpus, 300 replications, B = 1,000, alpha = .05:
  shifted .14-.16, centred .06, approximate randomization .05-.06; ``riezler2005/02``).
* **Koehn's paired bootstrap** (Koehn 2004): the share of resamples in which the system that
  wins on the full test set does *not* win; ``p = 1 - wins / B`` (one-sided).

``ties="ge"`` counts equal statistics as R&M do; ``ties="gt"`` counts only strictly larger
ones, as MultEval and sacrebleu do (so, with the same seed, evalkit reproduces sacrebleu's
``PairedTest`` p-values; the random draws are made the same way: ``rng.integers(2, (R, S),
dtype=bool)`` for AR and ``rng.choice(S, (B, S))`` for the bootstrap, seed 12345 by default).

Why our own code: sacrebleu recomputes the score in a Python loop, once per resample, system
and metric. Here all resamples are drawn at once, turned into swap masks or resample counts and
multiplied with the statistics matrices of all systems in one BLAS product, and the score
function is applied to whole (resamples x k) arrays.

``score`` maps an array of summed statistics of shape (r, k) to r corpus scores, or is a
metric object: an evalkit metric with ``segment_statistics``/``score_from_statistics``
(:class:`evalkit.metrics.bleu.BLEU` is vectorized) or a sacrebleu metric (see
:func:`evalkit.stats.sacrebleu_stats.as_score_function`).

References:

* Riezler, S., & Maxwell, J. T. (2005). On some pitfalls in automatic evaluation and
  significance testing for MT. ACL Workshop on Intrinsic and Extrinsic Evaluation Measures.
"""

from __future__ import annotations

from typing import Callable, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats._shared import apply_score as _apply
from evalkit.stats._shared import count_extreme, pair_row
from evalkit.stats._shared import prepare_pairs as _prepare
from evalkit.stats.validation import (
    SeedLike,
    check_choice,
    check_columns,
    check_int,
    check_probability,
    rng_from_seed,
)

__all__ = [
    "smallest_p",
    "trials_needed",
    "approximate_randomization",
    "paired_bootstrap",
    "bootstrap_table",
    "result_matrix",
    "significance_table",
    "SACREBLEU_SEED",
    "TESTS",
]

SACREBLEU_SEED = 12345
ScoreFunction = Callable[[np.ndarray], np.ndarray]
# Largest number of random draws generated per call: beyond it draws come in row blocks
# (still reproducible, but no longer the exact stream of one sacrebleu call).
_MAX_DRAWS = 1 << 25
_CONFIDENCE = 0.95  # paired_bootstrap's default level of the percentile interval
_MATMUL_ROWS = 1024  # rows of a mask/count block turned into floats for one matrix product


# --------------------------------------------------------------------------- inputs
def _score_function(score) -> ScoreFunction:
    from evalkit.stats.sacrebleu_stats import as_score_function

    return as_score_function(score)


def _float_dtype(stack: np.ndarray):
    """float32 products are exact for integer statistics whose sums stay below 2**24.

    Any resampled or swapped sum is bounded by n_segments * max|statistic| (the bootstrap
    draws n_segments segments; AR moves at most every segment's difference)."""
    integral = np.array_equal(stack, np.round(stack))
    small = 2 * stack.shape[1] * np.abs(stack).max() < (1 << 24)
    return np.float32 if integral and small else np.float64


def _draw_blocks(rng, rows: int, n_seg: int, draw):
    """Draw ``rows`` rows of random draws in as few calls as memory allows."""
    per_call = max(1, _MAX_DRAWS // n_seg)
    done = 0
    while done < rows:
        m = min(per_call, rows - done)
        yield draw(rng, m)
        done += m


# --------------------------------------------------------------------------- AR
def approximate_randomization(
    statistics: Mapping[str, np.ndarray],
    score: ScoreFunction,
    *,
    baseline: Optional[str] = None,
    pairs: str = "baseline",
    n_trials: int = 10000,
    ties: str = "ge",
    seed: SeedLike = SACREBLEU_SEED,
) -> pd.DataFrame:
    """Paired approximate randomization test (Riezler & Maxwell 2005, Fig. 1), two-sided.

    Each trial swaps every segment's outputs between the two systems with probability 1/2;
    p = (c + 1) / (n_trials + 1), c the trials whose score difference is at least the observed.

    Parameters
    ----------
    statistics : mapping of str to ndarray (n_segments, k)
        Per system, the metric's per-segment statistics (``metric.segment_statistics``); the
        first entry is the baseline unless ``baseline`` names another.
    score : callable
        Summed statistics (r, k) -> (r,) scores, e.g. ``metric.score_from_statistics``.
    baseline : str, optional
        The system the others are tested against.
    pairs : str
        ``"baseline"`` (every system against the baseline) or ``"all"`` (every pair). All
        pairs share one set of swap masks (as sacrebleu reuses its seed for every system).
    n_trials : int
        Number of random swaps.
    ties : str
        ``"ge"`` (a trial counts when its difference >= the observed) or ``"gt"``.
    seed : int or numpy Generator
        Seed of the swap masks (default sacrebleu's 12345): same inputs and seed, same p.

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``system, baseline, score, baseline_score, difference
        (score - baseline_score), p_value, n_trials, test``.

    Examples
    --------
    >>> from evalkit import approximate_randomization, get_metric
    >>> bleu = get_metric("bleu")
    >>> refs = [["the cat sat on the mat"], ["it is raining today"], ["he reads a book"]]
    >>> stats = {"A": bleu.segment_statistics(["the cat sat on the mat", "it rains", "he reads"], refs),
    ...          "B": bleu.segment_statistics(["a cat", "it is raining today", "he reads a book"], refs)}
    >>> ar = approximate_randomization(stats, bleu.score_from_statistics, n_trials=200, seed=1)
    >>> ar.loc[0, "system"], ar.loc[0, "baseline"], int(ar.loc[0, "n_trials"])
    ('B', 'A', 200)
    """
    n_trials = check_int("n_trials", n_trials)
    check_choice("ties", ties, ("ge", "gt"))
    rng = rng_from_seed(seed)
    score = _score_function(score)
    names, stack, pair_idx, full = _prepare(statistics, score, baseline, pairs)
    n_seg, k = stack.shape[1:]
    dtype = _float_dtype(stack)
    # Swapping segment i between X and Y moves D_i = Y_i - X_i from Y's total into X's.
    diffs = np.concatenate([stack[j] - stack[i] for i, j in pair_idx], axis=1).astype(dtype)
    moved = np.empty((n_trials, diffs.shape[1]), dtype=np.float64)
    row = 0
    for mask in _draw_blocks(
        rng, n_trials, n_seg, lambda g, m: g.integers(2, size=(m, n_seg), dtype=bool)
    ):
        for start in range(0, mask.shape[0], _MATMUL_ROWS):
            part = mask[start : start + _MATMUL_ROWS].astype(dtype)
            moved[row : row + part.shape[0]] = part @ diffs
            row += part.shape[0]
    rows = []
    totals = stack.sum(axis=1)
    for p, (i, j) in enumerate(pair_idx):
        shift = moved[:, p * k : (p + 1) * k]
        # Pseudo-systems: X takes Y's statistics where the mask says swap, and vice versa.
        s_x = _apply(score, totals[i] + shift)
        s_y = _apply(score, totals[j] - shift)
        observed = abs(full[i] - full[j])
        c = count_extreme(np.abs(s_x - s_y), observed, ties)
        rows.append(
            pair_row(
                names, i, j, full, (c + 1) / (n_trials + 1), n_trials, "approximate randomization"
            )
        )
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- bootstrap
def paired_bootstrap(
    statistics: Mapping[str, np.ndarray],
    score: ScoreFunction,
    *,
    method: str = "shift",
    baseline: Optional[str] = None,
    pairs: str = "baseline",
    n_resamples: int = 1000,
    ties: str = "ge",
    confidence: float = _CONFIDENCE,
    seed: SeedLike = SACREBLEU_SEED,
) -> pd.DataFrame:
    """Paired bootstrap resampling test between systems (Koehn 2004; Riezler & Maxwell 2005).

    Parameters
    ----------
    statistics, score
        As in :func:`approximate_randomization`.
    method : str
        ``"shift"``, ``"centred"`` or ``"koehn"`` (below).
    baseline : str, optional
        As in :func:`approximate_randomization`.
    pairs : str
        ``"baseline"`` or ``"all"`` (every pair of systems).
    n_resamples : int
        Number of bootstrap resamples (segments drawn with replacement).
    ties : str
        ``"ge"`` or ``"gt"``: whether a resample equal to the observed difference counts.
    confidence : float
        Level of the percentile interval ``ci_low, ci_high``.
    seed : int or numpy Generator
        Seed of the resamples (default sacrebleu's 12345): same inputs and seed, same p.

    Returns
    -------
    pandas.DataFrame
        One row per pair (columns below).

    Examples
    --------
    Accuracy as the metric: per segment (correct, 1), scored as the sum of the first column
    over the sum of the second:

    >>> import numpy as np
    >>> from evalkit import paired_bootstrap
    >>> rng = np.random.default_rng(0)
    >>> correct = {"A": rng.random(50) < 0.5, "B": rng.random(50) < 0.8}
    >>> stats = {k: np.column_stack([v, np.ones(50)]) for k, v in correct.items()}
    >>> boot = paired_bootstrap(stats, lambda t: t[:, 0] / t[:, 1], n_resamples=200, seed=1)
    >>> boot.loc[0, "system"], boot.loc[0, "baseline"], int(boot.loc[0, "n_resamples"])
    ('B', 'A', 200)

    Notes
    -----

    ``method="shift"``: Riezler & Maxwell's shifted test (two-sided, ``p = (c+1)/(B+1)``);
    ``method="centred"``: the centred two-sided test, c counts ``|d_b - mean(d_b)| >= |d|``
    (see the module docstring for why it, not the shifted test, holds its level);
    ``method="koehn"``: Koehn (2004), ``p = 1 - wins/B`` for the observed winner (one-sided).
    All systems are resampled with the same segment indices. Besides ``system, baseline,
    score, baseline_score, difference, p_value, n_resamples, test`` the result holds the
    bootstrap ``mean`` of the system's score and its percentile interval ``ci_low, ci_high``
    (order statistics ``B·(1-confidence)/2`` from each end, as sacrebleu's ``estimate_ci``).
    """
    n_resamples = check_int("n_resamples", n_resamples)
    check_choice("method", method, ("shift", "centred", "koehn"))
    check_choice("ties", ties, ("ge", "gt"))
    conf = check_probability("confidence", confidence)
    boot, full, names, pair_idx = _bootstrap_scores(
        statistics, score, baseline, pairs, n_resamples, seed
    )
    return bootstrap_table(boot, full, names, pair_idx, conf, method, ties)


def _bootstrap_scores(statistics, score, baseline, pairs: str, n_resamples: int, seed):
    """The resamples of :func:`paired_bootstrap` (arguments checked there): ``(boot, full,
    names, pair_idx)``, each system's score on each resample and on all segments, the
    system names and the pairs to test, for :func:`bootstrap_table`."""
    rng = rng_from_seed(seed)
    score = _score_function(score)
    names, stack, pair_idx, full = _prepare(statistics, score, baseline, pairs)
    n_sys, n_seg, k = stack.shape
    dtype = _float_dtype(stack)
    flat = stack.transpose(1, 0, 2).reshape(n_seg, n_sys * k).astype(dtype)  # (S, systems*k)
    sums = np.empty((n_resamples, n_sys * k), dtype=np.float64)
    row = 0
    for idx in _draw_blocks(
        rng, n_resamples, n_seg, lambda g, m: g.choice(n_seg, size=(m, n_seg), replace=True)
    ):
        for start in range(0, idx.shape[0], _MATMUL_ROWS):
            part = idx[start : start + _MATMUL_ROWS]
            m = part.shape[0]
            # Resample counts per segment: how often each segment was drawn in each resample.
            counts = (
                np.bincount((part + n_seg * np.arange(m)[:, None]).ravel(), minlength=m * n_seg)
                .reshape(m, n_seg)
                .astype(dtype)
            )
            sums[row : row + m] = counts @ flat
            row += m
    boot = np.column_stack([_apply(score, sums[:, s * k : (s + 1) * k]) for s in range(n_sys)])
    return boot, full, names, pair_idx


def bootstrap_table(
    boot: np.ndarray,
    full: np.ndarray,
    names: Sequence[str],
    pair_idx,
    confidence: float,
    method: str,
    ties: str,
) -> pd.DataFrame:
    """The result rows of :func:`paired_bootstrap` from its resampled scores.

    Shared with the blocked, distributed bootstrap (:mod:`evalkit.stats.distributed`), so both
    report the same table.

    Parameters
    ----------
    boot : numpy.ndarray, shape (B, n_systems)
        Each system's corpus score on each of B resamples (the same segment indices for all).
    full : numpy.ndarray, shape (n_systems,)
        The systems' scores on all segments.
    names : sequence of str
        System names, in column order.
    pair_idx : sequence of (int, int)
        The (system, baseline) column pairs to test.
    confidence : float
        Level of the percentile interval, in (0, 1).
    method : {"shift", "centred", "koehn"}
        The p-value (:func:`paired_bootstrap`, Notes).
    ties : {"ge", "gt"}
        Whether a resampled statistic equal to the observed one counts.

    Returns
    -------
    pandas.DataFrame
        One row per pair: ``system, baseline, score, baseline_score, difference, p_value,
        n_resamples, test, mean, ci_low, ci_high``; ``mean``, ``ci_low`` and ``ci_high`` describe
        the system's bootstrap scores (order statistics ``B·(1-confidence)/2`` from each end, as
        sacrebleu's ``estimate_ci``).

    Examples
    --------
    Koehn's test on five resamples where system 1 beats system 0 in four:

    >>> import numpy as np
    >>> from evalkit.stats.resampling import bootstrap_table
    >>> boot = np.array([[1.0, 2.0], [1.0, 3.0], [2.0, 1.0], [1.0, 4.0], [0.0, 2.0]])
    >>> t = bootstrap_table(boot, np.array([1.0, 2.5]), ["A", "B"], [(1, 0)], 0.6, "koehn", "ge")
    >>> t.loc[0, "system"], t.loc[0, "baseline"], round(float(t.loc[0, "p_value"]), 4)
    ('B', 'A', 0.2)
    >>> t[["difference", "mean", "ci_low", "ci_high"]].values.tolist()
    [[1.5, 2.4, 2.0, 3.0]]
    """
    n_resamples = boot.shape[0]
    lo = int(np.floor(n_resamples * (1 - confidence) / 2))
    ordered = np.sort(boot, axis=0)
    rows = []
    for i, j in pair_idx:
        p = _bootstrap_p_value(boot[:, i] - boot[:, j], full[i] - full[j], method, ties)
        r = pair_row(names, i, j, full, p, n_resamples, f"paired bootstrap ({method})")
        r.update(
            mean=float(boot[:, i].mean()),
            ci_low=float(ordered[lo, i]),
            ci_high=float(ordered[n_resamples - lo - 1, i]),
        )
        rows.append(r)
    return pd.DataFrame(rows).rename(columns={"n_trials": "n_resamples"})


def _bootstrap_p_value(d: np.ndarray, difference: float, method: str, ties: str) -> float:
    """p-value of the paired bootstrap from the B resampled differences ``d = S_X,b - S_Y,b``
    and the observed ``difference = S_X - S_Y`` (``method``, ``ties`` as in :func:`paired_bootstrap`)."""
    n = d.shape[0]
    observed = abs(difference)
    if method == "shift":
        t_b = np.abs(d)
        return (count_extreme(t_b - t_b.mean(), observed, ties) + 1) / (n + 1)
    if method == "centred":
        return (count_extreme(np.abs(d - d.mean()), observed, ties) + 1) / (n + 1)
    sign = np.sign(difference)
    wins = np.sum(sign * d > 0) if sign != 0 else 0
    return 1 - wins / n


def result_matrix(results: pd.DataFrame, value: str = "p_value") -> pd.DataFrame:
    """Square matrix of one column of pairwise test results.

    Parameters
    ----------
    results : pandas.DataFrame
        The output of :func:`approximate_randomization` or :func:`paired_bootstrap` (e.g. with
        ``pairs="all"``); each pair of systems tested once (else
        :class:`~evalkit.errors.ParameterError`).
    value : str, default "p_value"
        The column to spread.

    Returns
    -------
    pandas.DataFrame
        Systems x systems; cell (A, B) is the value of the test of A against B. p-values are
        symmetric (two-sided tests), so both cells of a pair are filled; ``difference`` is
        antisymmetric (score of the row system minus the column system). The diagonal is NaN.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.resampling import result_matrix
    >>> res = pd.DataFrame({"system": ["B", "C"], "baseline": ["A", "A"],
    ...                     "difference": [1.0, 2.0], "p_value": [0.04, 0.5]})
    >>> result_matrix(res, "difference").values.tolist()
    [[nan, -1.0, -2.0], [1.0, nan, nan], [2.0, nan, nan]]
    """
    check_columns(results, ["system", "baseline", value], "results")
    flip = -1.0 if value == "difference" else 1.0
    both = pd.concat(
        [
            pd.DataFrame({"a": results["system"], "b": results["baseline"], "v": results[value]}),
            pd.DataFrame(
                {"a": results["baseline"], "b": results["system"], "v": flip * results[value]}
            ),
        ]
    )
    if both.duplicated(["a", "b"]).any():
        raise ParameterError("results", "a pair tested twice", "one test per pair of systems")
    order = list(dict.fromkeys(list(results["baseline"]) + list(results["system"])))
    return both.pivot(index="a", columns="b", values="v").reindex(index=order, columns=order)


# --------------------------------------------------------------------------- several metrics
#: Test names of :func:`significance_table`: AR and the three bootstrap variants.
TESTS = {
    "approximate randomization": None,
    "bootstrap (shift)": "shift",
    "bootstrap (centred)": "centred",
    "bootstrap (koehn)": "koehn",
}


def significance_table(
    statistics: Mapping[str, Mapping[str, np.ndarray]],
    scores: Mapping[str, ScoreFunction],
    *,
    baseline: Optional[str] = None,
    tests=("approximate randomization", "bootstrap (shift)"),
    n_trials: int = 10000,
    n_resamples: int = 10000,
    ties: str = "ge",
    seed: int = 0,
) -> pd.DataFrame:
    """AR and bootstrap p-values of every system against a baseline, for several metrics.

    Each metric and test gets its own seed stream derived from ``seed``
    (``SeedSequence([seed, metric index])``), so adding a metric does not change the others'
    p-values; the bootstrap variants of one metric share their resamples.

    Parameters
    ----------
    statistics : mapping of str to mapping of str to ndarray
        ``statistics[metric][system]``: the (n_segments, k) array of that metric's sufficient
        statistics.
    scores : mapping of str to callable
        ``scores[metric]``: summed statistics (r, k) -> r corpus scores, or a metric object; one
        for every metric of ``statistics`` (else :class:`~evalkit.errors.ParameterError`).
    baseline : str, optional
        The system the others are tested against (default: the first).
    tests : sequence of str, default ("approximate randomization", "bootstrap (shift)")
        Names of :data:`TESTS`.
    n_trials : int, default 10000
        Trials of approximate randomization.
    n_resamples : int, default 10000
        Resamples of the bootstraps.
    ties : {"ge", "gt"}, default "ge"
    seed : int, default 0

    Returns
    -------
    pandas.DataFrame
        Long frame ``metric, system, baseline, score, baseline_score, difference, test, p_value,
        n`` (``n`` the trials or resamples).

    Examples
    --------
    A toy "metric" whose statistics are (correct, total) per segment, scored as accuracy:

    >>> import numpy as np
    >>> from evalkit.stats.resampling import significance_table
    >>> acc = lambda s: s[:, 0] / s[:, 1]
    >>> rng = np.random.default_rng(0)
    >>> seg = lambda p: np.column_stack([rng.random(40) < p, np.ones(40)])
    >>> stats = {"acc": {"base": seg(0.5), "new": seg(0.9)}}
    >>> t = significance_table(stats, {"acc": acc}, n_trials=99, n_resamples=99, seed=1)
    >>> t[["test", "system", "n"]].values.tolist()
    [['approximate randomization', 'new', 99], ['bootstrap (shift)', 'new', 99]]
    >>> bool((t.p_value >= 1 / 100).all())
    True
    """
    tests = list(tests)
    for t in tests:
        check_choice("tests", t, tuple(TESTS))
    frames = []
    for j, (metric, stats) in enumerate(statistics.items()):
        if metric not in scores:
            raise ParameterError(
                "scores", sorted(scores), f"a score function for metric {metric!r}"
            )
        seeds = np.random.SeedSequence([int(seed), j]).generate_state(2)
        resampled = None  # the bootstrap variants' resamples, drawn and scored once
        for test in tests:
            if TESTS[test] is None:
                res = approximate_randomization(
                    stats,
                    scores[metric],
                    baseline=baseline,
                    n_trials=n_trials,
                    ties=ties,
                    seed=int(seeds[0]),
                )
                res = res.rename(columns={"n_trials": "n"})
            else:
                # every bootstrap variant sees the same resamples (same seed), so they differ
                # only by the test: paired_bootstrap's resamples are drawn once per metric
                check_choice("ties", ties, ("ge", "gt"))
                if resampled is None:
                    resampled = _bootstrap_scores(
                        stats,
                        scores[metric],
                        baseline,
                        "baseline",
                        check_int("n_resamples", n_resamples),
                        int(seeds[1]),
                    )
                res = bootstrap_table(*resampled, _CONFIDENCE, TESTS[test], ties)
                res = res.rename(columns={"n_resamples": "n"})
            cols = ["system", "baseline", "score", "baseline_score", "difference", "p_value", "n"]
            frames.append(res[cols].assign(test=test, metric=metric))
    out = pd.concat(frames, ignore_index=True)
    return out[
        [
            "metric",
            "system",
            "baseline",
            "score",
            "baseline_score",
            "difference",
            "test",
            "p_value",
            "n",
        ]
    ]


def smallest_p(n_trials: int) -> float:
    """Smallest p-value approximate randomization or the bootstrap can return.

    With R trials it is ``1 / (R + 1)`` (c = 0; Riezler & Maxwell 2005, Figs. 1-2).

    Parameters
    ----------
    n_trials : int
        R, >= 1 (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    float
        ``1 / (R + 1)``, the smallest p-value R trials can give.

    Examples
    --------
    >>> from evalkit.stats.resampling import smallest_p
    >>> smallest_p(9999)
    0.0001
    """
    return 1.0 / (check_int("n_trials", n_trials, minimum=1) + 1)


def trials_needed(bound: float) -> int:
    """Fewest trials R with ``1 / (R + 1) < bound``, so that "p < bound" can be reported.

    Parameters
    ----------
    bound : float
        In (0, 1).

    Returns
    -------
    int
        The smallest R whose ``1 / (R + 1)`` is below ``bound``.

    Examples
    --------
    >>> from evalkit.stats.resampling import smallest_p, trials_needed
    >>> trials_needed(0.0001), smallest_p(trials_needed(0.0001)) < 0.0001
    (10000, True)
    """
    bound = check_probability("bound", bound)
    r = int(np.floor(1.0 / bound))
    while 1.0 / (r + 1) >= bound:
        r += 1
    while r > 1 and 1.0 / r < bound:
        r -= 1
    return r
