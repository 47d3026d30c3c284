"""Banerjee & Lavie (2005): the paper-specific logic of ``notebooks/banerjee2005/``.

Satanjeev Banerjee and Alon Lavie, "METEOR: An Automatic Metric for MT Evaluation with
Improved Correlation with Human Judgments", ACL 2005 MTSE workshop, pp. 65-72 (W05-0909).
METEOR itself is :class:`evalkit.metrics.meteor.METEOR` (registered as ``meteor``); the
human-score processing (combined score, per-judge normalization, per-system correlation
averaged over systems) is :mod:`evalkit.stats.human`; the data by profile come from
:mod:`evalkit.data.mt_views`. This package adds what only this paper defines:

==================  =================================================================
``spec``            :data:`PAPER`, :data:`ABLATION` (module sequences, Tables 4-7),
                    :data:`STOPWORDS`, :data:`TABLE1_METRICS`, :data:`SEGMENT_METRICS`,
                    :data:`NOTEBOOKS`, :func:`published`
``recompute``       :func:`worked_example`, :func:`printed_checks`: the worked example
                    (Sec. 2.2) and the printed averages and repeated values recomputed
``experiments``     :func:`meteor_table`, :func:`system_table`, :func:`human_table`,
                    :func:`correlation_table`, :func:`segment_table` (Table 1 and Tables
                    2-8 on any corpus, daRR's Kendall-like tau on public),
                    :func:`meteor_settings`
``claims``          :func:`system_findings`, :func:`segment_finding`,
                    :func:`normalization_finding`
==================  =================================================================

``from evalkit.papers import banerjee2005 as b`` and ``b.<name>`` reach every name below.
"""

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
