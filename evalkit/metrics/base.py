"""The metric protocol: every corpus metric that reduces to per-segment sufficient statistics.

A metric maps hypotheses and references to one additive row of statistics per segment;
the corpus score is a function of the column sums only::

    S      = segment_statistics(hyps, refs)           (n_segments, n_statistics)
    corpus = score_from_statistics(S.sum(axis=0))     one float
    boot   = score_from_statistics(counts @ S)        (r,) floats for r resamples at once

so resampling tests (bootstrap, approximate randomization; Riezler & Maxwell 2005,
:mod:`evalkit.stats.resampling`) recombine rows without rescoring text. This is
sacrebleu's design (``metrics/base.py``: ``_extract_corpus_statistics`` /
``_compute_score_from_stats``, one signature per configured metric), made public and
vectorized over a 2-D array of summed statistics.

Subclasses define ``name`` (the :mod:`evalkit.metrics.registry` key), ``n_statistics``,
:meth:`Metric.segment_statistics`, :meth:`Metric.signature` and ``_score_one`` (one
summed row -> float). ``_score_many`` (an (r, k) array -> (r,)) loops over
``_score_one`` unless a subclass overrides it with array arithmetic; an override must give
the same floats as the loop (``tests/test_metrics_registry.py`` checks it for every
registered metric). Metrics whose score takes logarithms or exponentials (BLEU, NIST,
METEOR) keep the loop so that their scores stay bit-identical with the reference tools,
whose arithmetic is Python's ``math`` (libm); numpy's vectorized ``exp``/``log`` may differ
in the last bit. :mod:`evalkit.stats.sacrebleu_stats` has the vectorized BLEU the
resampling tests use (same numbers to 1e-13).

``refs`` is, unless a metric documents otherwise, a list with one entry per segment, each
the list of that segment's reference strings (``ref_layout="segments"``); the classes
also accept sacrebleu's reference streams (``ref_layout="streams"``).
"""

from __future__ import annotations

import abc
from typing import Any, Optional, Sequence, Union

import numpy as np

from evalkit.errors import ParameterError

__all__ = ["Metric"]


class Metric(abc.ABC):
    """Base class of every corpus metric with additive per-segment statistics.

    Attributes
    ----------
    name : the registry key the metric is built by (``get_metric(name)``).
    higher_is_better : False for error rates (WER, PER, TER).
    """

    name: str = ""
    higher_is_better: bool = True

    # -- what a metric defines --------------------------------------------------------
    @property
    @abc.abstractmethod
    def n_statistics(self) -> int:
        """Number of statistics per segment (columns of :meth:`segment_statistics`)."""

    @abc.abstractmethod
    def segment_statistics(self, hyps: Sequence[Any], refs: Sequence[Any]) -> np.ndarray:
        """Additive sufficient statistics, one row per segment: ``(n_segments, n_statistics)``."""

    @abc.abstractmethod
    def signature(self) -> str:
        """Every setting that changes the numbers, ``name|key:value|...|version:...``."""

    @abc.abstractmethod
    def _score_one(self, stats_sum: np.ndarray) -> float:
        """The score of one summed statistics row."""

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        """The scores of an (r, n_statistics) array of summed rows (default: row by row)."""
        return np.array([self._score_one(row) for row in stats_sums], dtype=np.float64)

    # -- the protocol -----------------------------------------------------------------
    def score_from_statistics(self, stats_sum) -> Union[float, np.ndarray]:
        """Score from summed statistics: a row ``(n_statistics,)`` gives a float, an array
        ``(r, n_statistics)`` (e.g. one row per bootstrap resample) gives ``(r,)`` scores."""
        arr = np.asarray(stats_sum)
        k = self.n_statistics
        if arr.ndim not in (1, 2) or arr.shape[-1] != k or not np.issubdtype(arr.dtype, np.number):
            raise ParameterError(
                "stats_sum",
                f"an array of shape {arr.shape} ({arr.dtype})",
                f"numbers of shape ({k},) or (r, {k}) for {self.signature()}",
            )
        if arr.ndim == 1:
            return float(self._score_one(arr))
        return np.asarray(self._score_many(arr), dtype=np.float64).reshape(arr.shape[0])

    def corpus_score(self, hyps: Sequence[Any], refs: Optional[Sequence[Any]] = None):
        """Corpus score: :meth:`score_from_statistics` of the summed segment statistics.
        Some metrics return a richer score object; ``float()`` of it is the score."""
        return self.score_from_statistics(self.segment_statistics(hyps, refs).sum(axis=0))

    def sentence_scores(
        self, hyps: Sequence[Any], refs: Optional[Sequence[Any]] = None
    ) -> np.ndarray:
        """One score per segment, from that segment's statistics alone. (``refs=None``: the
        references a metric was constructed with, where it caches them, e.g. BLEU, chrF.)"""
        stats = self.segment_statistics(hyps, refs)
        return self.score_from_statistics(stats.reshape(-1, self.n_statistics))

    def grouped_scores(self, hyps: Sequence[Any], refs: Sequence[Any], groups: Sequence[Any]):
        """One corpus score per group (e.g. per system: statistics pooled over the system's
        segments, as multi-bleu.perl and mteval score a system's whole output). Returns a
        pandas Series indexed by group, in sorted order."""
        import pandas as pd

        groups = list(groups)
        if len(groups) != len(hyps):
            raise ParameterError(
                "groups", f"{len(groups)} labels", f"one label per hypothesis ({len(hyps)})"
            )
        sums = pd.DataFrame(self.segment_statistics(hyps, refs)).groupby(groups, sort=True).sum()
        return pd.Series(
            [float(self.score_from_statistics(row)) for row in sums.to_numpy()], index=sums.index
        )

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.signature()})"
