"""Automatic evaluation metrics: ROUGE, BLEU, NIST, METEOR, WER/PER, TER, GTM, chrF, ...

Every metric follows one protocol (:class:`evalkit.metrics.base.Metric`: per-segment
statistics, score from summed statistics, vectorized over resamples, corpus and sentence
scores, ``signature()``) and is built by name from one registry::

    from evalkit.metrics import available, get_metric
    bleu = get_metric("bleu-mteval")
    rouge2 = get_metric("rouge", method="2", stem=True, score="R")
"""

from evalkit.metrics.base import Metric
from evalkit.metrics.registry import available, get_metric, register_metric

__all__ = ["Metric", "available", "get_metric", "register_metric"]
