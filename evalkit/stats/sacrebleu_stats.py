"""Sufficient statistics from sacrebleu metrics, for the resampling tests.

sacrebleu's ``PairedTest`` extracts per-segment statistics with each metric's
``_extract_corpus_statistics`` and recomputes the corpus score one resample at a time. This
adapter extracts the same statistics (one (n_segments, k) array per system) and supplies a
score function over whole (r, k) arrays of summed statistics, so that
:mod:`evalkit.stats.resampling` runs the same tests on the same statistic, vectorized.

For BLEU the score function is a numpy transcription of ``sacrebleu.BLEU.compute_bleu``
(brevity penalty ``exp(1 - r/c)`` if c < r, precisions ``100·m_n/t_n``, smoothing
``none|floor|add-k|exp``, ``log 0 := -9999999999``, early zero when no n-gram matches);
other sacrebleu metrics (chrF, TER) fall back to calling their own scorer row by row.

References:

* Papineni, K., Roukos, S., Ward, T., & Zhu, W.-J. (2002). BLEU: a method for automatic
  evaluation of machine translation. ACL 2002.
"""

from __future__ import annotations

from typing import Callable, Dict, Mapping, Sequence

import numpy as np

from evalkit.errors import ParameterError

__all__ = ["corpus_statistics", "bleu_score_function", "as_score_function"]


def corpus_statistics(
    metric, systems: Mapping[str, Sequence[str]], references: Sequence[Sequence[str]]
) -> Dict[str, np.ndarray]:
    """Per-segment sufficient statistics of a sacrebleu metric, one array per system.

    Parameters
    ----------
    metric : sacrebleu.metrics.base.Metric
        E.g. ``sacrebleu.metrics.BLEU()``; its ``_extract_corpus_statistics`` is used.
    systems : mapping of str to sequence of str
        Each system's n_segments hypotheses.
    references : sequence of sequence of str
        Reference streams (each a list of n_segments strings), as sacrebleu takes them.

    Returns
    -------
    dict of str to numpy.ndarray, shape (n_segments, k)
        For BLEU, k = 2 + 2N: ``sys_len, ref_len, correct_1..N, total_1..N``.

    Examples
    --------
    >>> from sacrebleu.metrics import BLEU
    >>> from evalkit.stats.sacrebleu_stats import corpus_statistics
    >>> stats = corpus_statistics(BLEU(), {"A": ["the cat sat", "a dog"]},
    ...                           [["the cat sat", "the dog"]])
    >>> stats["A"].shape, stats["A"][0, :2].tolist()
    ((2, 10), [3.0, 3.0])
    """
    out = {}
    for name, hyps in systems.items():
        stats = metric._extract_corpus_statistics(list(hyps), references)
        out[name] = np.asarray(stats, dtype=np.float64)
    return out


def _score_function(metric) -> Callable[[np.ndarray], np.ndarray]:
    """A function mapping summed statistics (r, k) to r corpus scores of ``metric``."""
    from sacrebleu.metrics import BLEU

    if isinstance(metric, BLEU) and not metric.effective_order:
        return bleu_score_function(
            metric.max_ngram_order, metric.smooth_method, metric.smooth_value
        )

    def loop(sums: np.ndarray) -> np.ndarray:
        return np.array([metric._compute_score_from_stats(list(row)).score for row in sums])

    return loop


def as_score_function(score) -> Callable[[np.ndarray], np.ndarray]:
    """The (r, k) -> r score function the resampling tests need.

    Parameters
    ----------
    score : callable or metric
        One of:

        * a callable already of that shape (returned unchanged);
        * an evalkit metric (:class:`evalkit.metrics.base.Metric`, whose
          ``score_from_statistics`` takes the (r, k) array): BLEU with sacrebleu semantics,
          a fixed order and smoothing ``none|floor|add-k|exp`` gets
          :func:`bleu_score_function` (sacrebleu's ``compute_bleu``, same numbers to 1e-13),
          any other metric its own ``score_from_statistics``;
        * a sacrebleu metric: BLEU without effective order gets :func:`bleu_score_function`,
          others (chrF, TER) their own scorer, row by row.

        Anything else raises :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    callable
        Maps summed statistics (r, k) to r corpus scores.

    Examples
    --------
    >>> import numpy as np
    >>> from sacrebleu.metrics import BLEU
    >>> from evalkit.stats.sacrebleu_stats import as_score_function, corpus_statistics
    >>> bleu = BLEU()
    >>> hyps, refs = ["the cat sat on a mat", "it rains today"], [["the cat sat on the mat", "it is raining today"]]
    >>> sums = corpus_statistics(bleu, {"A": hyps}, refs)["A"].sum(axis=0, keepdims=True)
    >>> f = as_score_function(bleu)
    >>> bool(np.isclose(f(sums)[0], bleu.corpus_score(hyps, refs).score))
    True
    >>> g = lambda s: s[:, 0]
    >>> as_score_function(g) is g
    True
    """
    if hasattr(score, "score_from_statistics"):
        if (
            type(score).__name__ == "BLEU"
            and getattr(score, "semantics", None) == "sacrebleu"
            and getattr(score, "smoothing", None) in ("none", "floor", "add-k", "exp")
            and not getattr(score, "effective_order", True)
        ):
            return bleu_score_function(score.max_ngram_order, score.smoothing, score.smooth_value)

        def rows(sums: np.ndarray) -> np.ndarray:
            return np.asarray(score.score_from_statistics(np.atleast_2d(sums)), dtype=np.float64)

        return rows
    if hasattr(score, "_compute_score_from_stats"):
        return _score_function(score)
    if callable(score):
        return score
    raise ParameterError(
        "score",
        type(score).__name__,
        "a function (r, k) -> r scores or a metric with score_from_statistics",
    )


def bleu_score_function(
    max_ngram_order: int = 4, smooth_method: str = "exp", smooth_value=None
) -> Callable[[np.ndarray], np.ndarray]:
    """Vectorized sacrebleu corpus BLEU (0-100) from summed statistics.

    A numpy transcription of ``sacrebleu.BLEU.compute_bleu`` (module docstring).

    Parameters
    ----------
    max_ngram_order : int, default 4
        N.
    smooth_method : {"exp", "floor", "add-k", "none"}, default "exp"
        sacrebleu's smoothing methods (else :class:`~evalkit.errors.ParameterError`).
    smooth_value : float, optional
        Default: sacrebleu's for the method.

    Returns
    -------
    callable
        Maps an (r, 2 + 2N) array of summed statistics ``[sys_len, ref_len, correct_1..N,
        total_1..N]`` to r BLEU scores on the 0-100 scale.

    Post, M. (2018). A call for clarity in reporting BLEU scores. WMT 2018.

    Examples
    --------
    A perfect 4-word match scores 100; halving every precision halves BLEU:

    >>> import numpy as np
    >>> from evalkit.stats.sacrebleu_stats import bleu_score_function
    >>> bleu = bleu_score_function()
    >>> perfect = [4, 4, 4, 3, 2, 1, 4, 3, 2, 1]
    >>> half = [4, 4, 2, 1.5, 1, 0.5, 4, 3, 2, 1]
    >>> np.round(bleu(np.array([perfect, half])), 6).tolist()
    [100.0, 50.0]
    """
    from sacrebleu.metrics import BLEU

    if smooth_method not in BLEU.SMOOTH_DEFAULTS:
        raise ParameterError(
            "smooth_method", smooth_method, f"one of {sorted(BLEU.SMOOTH_DEFAULTS)}"
        )
    if smooth_value is None:
        smooth_value = BLEU.SMOOTH_DEFAULTS[smooth_method]
    n_ord = max_ngram_order

    def bleu(sums: np.ndarray) -> np.ndarray:
        sums = np.asarray(sums, dtype=np.float64)
        if sums.ndim != 2 or sums.shape[1] != 2 + 2 * n_ord:
            raise ParameterError("sums", sums.shape, f"an array (r, {2 + 2 * n_ord})")
        sys_len, ref_len = sums[:, 0], sums[:, 1]
        correct = sums[:, 2 : 2 + n_ord].copy()
        total = sums[:, 2 + n_ord :].copy()
        with np.errstate(divide="ignore", invalid="ignore"):
            bp = np.where(
                sys_len < ref_len, np.where(sys_len > 0, np.exp(1 - ref_len / sys_len), 0.0), 1.0
            )
        r = sums.shape[0]
        prec = np.zeros((r, n_ord))
        smooth = np.ones(r)
        alive = np.ones(r, dtype=bool)  # sacrebleu stops at the first order with no n-grams
        for n in range(n_ord):
            if smooth_method == "add-k" and n > 0:
                correct[:, n] += smooth_value
                total[:, n] += smooth_value
            alive &= total[:, n] != 0
            zero = correct[:, n] == 0
            with np.errstate(divide="ignore", invalid="ignore"):
                if smooth_method == "exp":
                    smooth = np.where(alive & zero, smooth * 2, smooth)
                    p = np.where(
                        zero, 100.0 / (smooth * total[:, n]), 100.0 * correct[:, n] / total[:, n]
                    )
                elif smooth_method == "floor":
                    p = np.where(
                        zero,
                        100.0 * smooth_value / total[:, n],
                        100.0 * correct[:, n] / total[:, n],
                    )
                else:
                    p = np.where(zero, 0.0, 100.0 * correct[:, n] / total[:, n])
            prec[:, n] = np.where(alive, p, 0.0)
        with np.errstate(divide="ignore"):
            logs = np.where(prec == 0.0, -9999999999.0, np.log(np.where(prec == 0.0, 1.0, prec)))
        score = bp * np.exp(logs.sum(axis=1) / n_ord)
        no_match = ~(sums[:, 2 : 2 + n_ord] != 0).any(axis=1)
        return np.where(no_match, 0.0, score)

    return bleu
