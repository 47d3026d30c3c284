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
import functools
from typing import Any, Iterable, Optional, Sequence, Tuple, Union

import numpy as np

from evalkit.errors import ParameterError

__all__ = ["Metric", "Score", "Signature", "build_signature", "SCALES"]

#: the scales a :class:`Score` is on (``Metric.scale``); the range each metric documents
SCALES = ("0-1", "0-100", "0-inf", "-inf-0")

Option = Tuple[str, Any]


class Signature(str):
    """A metric's signature, as :func:`build_signature` makes it (a ``str``).

    Fields are separated by ``|``: the registry name first, then the options as
    ``key:value``, the parser (for parse-based metrics) and the versions last.

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> sig = get_metric("wer").signature()
    >>> isinstance(sig, str), sig.split("|")[0]
    (True, 'wer')
    """


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, float):
        return f"{value:g}"
    if isinstance(value, (list, tuple)):
        return "+".join(_value(v) for v in value)
    return str(value)


def build_signature(
    name: str,
    options: Iterable[Option] = (),
    parser: Any = None,
    versions: Iterable[Option] = (),
) -> Signature:
    """The one form of every metric's signature: ``name|key:value|...|parser:...|version:...``.

    Parameters
    ----------
    name : str
        The registry name (``get_metric(name)``) or, for a configuration that is not a
        registered metric (:class:`evalkit.metrics.rouge.Rouge`), the tool it reproduces.
    options : iterable of (key, value)
        Every setting that changes the numbers, in a fixed order; ``True``/``False`` print as
        ``yes``/``no``, floats with ``:g``, sequences joined by ``+``.
    parser : Parser or str, optional
        For parse-based metrics: the parser, recorded by its own ``signature()`` (backend,
        model and their versions), or that signature as a string; its ``|`` separators are
        written as ``,`` so that the parser stays one ``key:value`` field.
    versions : iterable of (key, value)
        Versions of other software the numbers depend on (e.g. ``("sacrebleu", "2.6.0")``),
        after evalkit's own ``version:`` (the package version, :data:`evalkit.__version__`).

    Returns
    -------
    Signature
        A ``str``: equal signatures mean equal settings and software, hence equal numbers.

    Examples
    --------
    >>> from evalkit.metrics.base import build_signature
    >>> build_signature("wer", [("case", "mixed"), ("stem", False)]).split("|")[:3]
    ['wer', 'case:mixed', 'stem:no']
    """
    from evalkit import __version__

    parts = [name] + [f"{key}:{_value(value)}" for key, value in options]
    if parser is not None:
        own = parser if isinstance(parser, str) else parser.signature()
        parts.append("parser:" + own.replace("|", ","))  # one field: its '|' become ','

    parts.append(f"version:{__version__}")
    parts += [f"{key}:{_value(value)}" for key, value in versions]
    return Signature("|".join(parts))


class Score(float):
    """A corpus score: a ``float`` (arithmetic, comparisons, ``numpy`` and ``pandas`` see the
    number) that also knows its scale, the metric's signature and, where the metric has one,
    its detailed result (BLEU's n-gram precisions, METEOR's fragmentation, ...).

    Attributes
    ----------
    scale : str
        One of :data:`SCALES`: ``"0-1"`` (ROUGE, METEOR, WER/PER, GTM, the F-scores and
        overlaps), ``"0-100"`` (BLEU, chrF, TER), ``"0-inf"`` (NIST), ``"-inf-0"`` (the
        negated distances AVLS, GRAMSIM, NICOS). Error rates (WER, PER, TER) are fractions
        or percentages of the reference length and can exceed 1 or 100.
    signature : str
        The metric's :meth:`Metric.signature`.
    details : object or None
        The metric's own result object; its attributes are readable on the score
        (``score.precisions`` for BLEU).

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> s = get_metric("wer").corpus_score(["a b c"], [["a b d"]])
    >>> round(s, 4), s.scale, s.format()
    (0.3333, '0-1', 'wer = 0.3333')
    """

    def __new__(
        cls, value, scale: str = "0-1", signature: Any = "", details: Any = None
    ) -> "Score":
        # ``signature`` may be a callable, called on first access (a metric's signature can
        # cost a subprocess, e.g. the link-parser version, and most scores never show it)
        self = super().__new__(cls, float(value))
        self.scale, self._signature, self.details = scale, signature, details
        return self

    @property
    def signature(self) -> str:
        if callable(self._signature):
            self._signature = self._signature()
        return self._signature

    def __getattr__(self, key: str):
        details = self.__dict__.get("details")
        if details is None or key.startswith("_"):
            raise AttributeError(key)
        return getattr(details, key)

    def __reduce__(self):
        return (Score, (float(self), self.scale, self.signature, self.details))

    def __str__(self) -> str:
        return str(self.details) if self.details is not None else float.__repr__(self)

    def __repr__(self) -> str:
        return f"Score({float.__repr__(self)}, scale={self.scale!r})"

    def format(self, digits: Optional[int] = None, signature: bool = False) -> str:
        """The score as text: the metric's own format where its details have one (BLEU's
        ``BLEU = 36.87 72.7/...``, as sacrebleu prints it; ``digits`` is then its ``width``),
        else ``name = value`` with ``digits`` decimals (default: 2 on the 0-100 scale, else
        4); the signature after it when ``signature``."""
        own = getattr(self.details, "format", None)
        if callable(own):
            text = own() if digits is None else own(digits)
            return f"{text} ({self.signature})" if signature else text
        digits = (2 if self.scale == "0-100" else 4) if digits is None else digits
        name = self.signature.split("|", 1)[0] if self.signature else "score"
        text = f"{name} = {float(self):.{digits}f}"
        return f"{text} ({self.signature})" if signature else text


class Metric(abc.ABC):
    """Base class of every corpus metric with additive per-segment statistics.

    A subclass defines ``name``, ``n_statistics``, :meth:`segment_statistics`,
    :meth:`signature` and ``_score_one``; the base class gives it :meth:`corpus_score`,
    :meth:`sentence_scores`, :meth:`grouped_scores` and :meth:`score_from_statistics`.

    Attributes
    ----------
    name : str
        The registry key the metric is built by (``get_metric(name)``).
    higher_is_better : bool
        False for error rates (WER, PER, TER).
    scale : str
        The scale of its scores, one of :data:`SCALES`.

    Examples
    --------
    The corpus score is a function of the summed segment statistics, so it equals
    :meth:`score_from_statistics` of their column sums:

    >>> from evalkit.metrics import get_metric
    >>> wer = get_metric("wer")
    >>> stats = wer.segment_statistics(["a b c", "x y"], [["a b d"], ["x y"]])
    >>> stats.tolist()
    [[1.0, 3.0], [0.0, 2.0]]
    >>> float(wer.corpus_score(["a b c", "x y"], [["a b d"], ["x y"]]))
    0.2
    >>> wer.score_from_statistics(stats.sum(axis=0))
    0.2
    """

    name: str = ""
    higher_is_better: bool = True
    #: the scale of the metric's scores (one of :data:`SCALES`)
    scale: str = "0-1"

    def __init_subclass__(cls, **kwargs):
        # every metric's corpus_score returns a Score, whichever class defines it
        super().__init_subclass__(**kwargs)
        if "corpus_score" in cls.__dict__:
            cls.corpus_score = _returns_score(cls.__dict__["corpus_score"])

    def build_signature(
        self, options: Iterable[Option] = (), parser: Any = None, versions: Iterable[Option] = ()
    ) -> Signature:
        """:func:`build_signature` under this metric's registry name."""
        return build_signature(
            self.name or type(self).__name__.lower(), options, parser=parser, versions=versions
        )

    def as_score(self, value: Any) -> "Score":
        """``value`` (a float or the metric's result object) as a :class:`Score`."""
        if isinstance(value, Score):
            return value
        details = None if isinstance(value, (float, int, np.floating, np.integer)) else value
        return Score(float(value), self.scale, self.signature, details)

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

    def corpus_score(self, hyps: Sequence[Any], refs: Optional[Sequence[Any]] = None) -> "Score":
        """Corpus score: :meth:`score_from_statistics` of the summed segment statistics, as a
        :class:`Score` (a float with ``scale``, ``signature`` and the metric's details)."""
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


def _returns_score(corpus_score):
    if getattr(corpus_score, "_returns_score", False):
        return corpus_score

    @functools.wraps(corpus_score)
    def wrapped(self, *args, **kwargs):
        return self.as_score(corpus_score(self, *args, **kwargs))

    wrapped._returns_score = True
    return wrapped


Metric.corpus_score = _returns_score(Metric.corpus_score)
