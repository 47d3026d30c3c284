"""Liu & Gildea (2005): the paper-specific logic of ``notebooks/liu2005/``.

Ding Liu and Daniel Gildea, "Syntactic Features for Evaluation of Machine Translation", ACL
2005 workshop on intrinsic and extrinsic evaluation measures (W05-0904). The metrics (STM,
TKM, HWCM, DSTM, DTKM) live in :mod:`evalkit.metrics.syntax`, sentence BLEU with the paper's
epsilon in :mod:`evalkit.metrics.bleu` (``smoothing="epsilon"``); all are built by name
through :func:`evalkit.metrics.get_metric`. This package adds

* the trees of the paper's figures (:data:`FIGURE2_HYP`, :data:`FIGURE2_REF`, the Figure 1
  sentences with trees reconstructed from the text, the "I have a red pen" example) and
  :func:`worked_examples`, which recomputes the printed worked example;
* :func:`metric_grid`: the metric x depth configurations of Tables 1-6;
* :func:`sentence_level`: Tables 1-5 (Pearson r of sentence scores with human judgments of
  one system's sentences) and :func:`corpus_level`: Table 6 (r over systems);
* :func:`noise_tables`, :func:`noise_claims`: Tables 1-4 once with the simulator's gold trees
  and once with a real parser's (``03_parser_noise``, the cost of parser noise);
* :func:`human_segment_scores`: fluency or overall (= fluency + adequacy) per segment,
  judges averaged (the paper does not say how two judges were combined; Pearson r is the
  same for their mean and their sum when both are present).

Layout: :mod:`.spec` (data sets, figure trees, notebook parameters, printed tables),
:mod:`.recompute` (the worked examples), :mod:`.experiments` (the tables on a corpus),
:mod:`.claims` (the claim rows and the printed curves the figures mark), :mod:`.claims_examples`
(the worked examples' claim rows).
"""

from __future__ import annotations

from . import claims, claims_examples, experiments, recompute, spec

__all__ = [
    *claims.__all__,
    *claims_examples.__all__,
    *experiments.__all__,
    *recompute.__all__,
    *spec.__all__,
]

from .claims import *
from .claims_examples import *
from .experiments import *
from .recompute import *
from .spec import *
