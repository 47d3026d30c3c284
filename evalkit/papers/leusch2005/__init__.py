"""Leusch, Ueffing, Vilar & Ney (2005): the paper-specific logic of ``notebooks/leusch2005/``.

Gregor Leusch, Nicola Ueffing, David Vilar and Hermann Ney, "Preprocessing and Normalization
for Automatic Evaluation of Machine Translation", ACL 2005 MTSE workshop, pp. 17-24
(W05-0903). The measures live in :mod:`evalkit.metrics` (WER/PER with the reference-length
rules incl. "best length", m-gram PER, BLEU with Lin & Och smoothing and the nearest/average
brevity penalty, NIST, sentence-boundary words), the four tokenizations of Table 1 in
:mod:`evalkit.text.tokenize`, per-evaluator normalization and length-weighted system scores
in :mod:`evalkit.stats.human`, the segment bootstrap in
:mod:`evalkit.stats.cluster_bootstrap`. This package adds the paper's experimental grid:

* :data:`MEASURES`, :data:`BASELINE`, :data:`FACTORS` and :func:`make_metric`: the five
  measures under the baseline (Sec. 4: tokenization 4, lower-cased, no boundaries, each
  measure's default reference length) and each factor's settings (Figs. 3-7);
* :func:`table1`: Table 1 recomputed on its example sentence;
* :func:`human_scores`: sentence adequacy/fluency (mean of the assessments, optionally
  (0,1)-normalized per evaluator) and length-weighted system scores (Sec. 3.5);
* :func:`correlations` / :func:`ablation`: |Pearson r| at sentence level (all candidate
  sentences pooled; human scores evaluator-normalized as the baseline) and system level
  (raw human scores, Sec. 4.2) for every setting of a factor, with the two-sided
  percentile bootstrap over the segments of each setting's difference from the baseline;
  on WMT daRR (public) the sentence level is the Kendall-like tau over the ranking pairs and
  the system level uses each system's share of won pairs.
* :func:`ablation_claims` / :func:`level_claims`: the paper's findings on Figs. 2-7 tested
  (segment bootstrap per measure, human score and corpus, combined by the intersection-union
  rule; Fisher's z for sentence vs system level).

Layout: :mod:`.spec` (measures, baseline, factors, notebook parameters, printed tables),
:mod:`.recompute` (Table 1), :mod:`.experiments` (measures, human scores, correlations,
ablations), :mod:`.claims` (the tested findings).
"""

from __future__ import annotations

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
