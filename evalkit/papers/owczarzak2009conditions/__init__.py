"""Owczarzak & Dang (2009), *Evaluation of automatic summaries: Metrics under varying data
conditions* (UCNLG+Sum 2009, pp. 23-30): what only this paper defines.

* **Models experiment** (§3, Tables 1-5): for k = 1, 2, 3 draw, independently per topic, k of
  its models; rebuild the pyramid from them (:mod:`evalkit.metrics.pyramid`), score ROUGE-2 and
  ROUGE-SU4 recall against them; average per system over the topics and correlate with the
  reference (Responsiveness, or the 4-model Pyramid); 1,000 draws, mean r per cell. "4
  (actual)" is the full-data correlation, "4 (bootstr)" the mean over topic bootstrap
  resamples (made so that ANOVA can compare the rows).
* **Topics experiment** (§4, Tables 7-11): n of the topics with all models against the
  full-topic reference; **split halves** (Table 6): two disjoint n-topic sets of one manual
  metric; **model split halves** (Figure 1): pyramids from 2 vs the other 2 models, 1 vs 1.
* **Markers**: one-way ANOVA + Tukey HSD over the draws of each column, OD09's symbols
  (:func:`evalkit.stats.anova.anova_markers`).

BE (Basic Elements over Minipar parses) is not computed in the sweeps. evalkit registers an
approximation, ``be-hm`` (:mod:`evalkit.metrics.dependency`: head-modifier pairs of spaCy
parses, used by ``owczarzak2009depeval``), but the sweeps score every model subset from
per-subset ROUGE count tables and rebuilt pyramids, and BE-HM has no such table; the BE
columns are reported as not comparable. The "bootstr" rows resample *topics*
(``unit="inputs"``) with all models; the "actual" ROUGE rows score each peer against all
models of a topic (not jackknifed), as the paper's full-data row. The data of one sweep is a
:class:`SweepData` (systems x topics matrices and subset tables), not the correlation-study
:class:`evalkit.data.evaluation.Evaluation`. The correlation coefficient is not named in the paper
(Pearson by default). Sweeps index per-subset score tables (each topic has only C(4, k)
subsets), so 1,000 draws cost one gather per metric (benchmarks/bench_sweep.py).

Layout of the package:

==================  ===============================================================
``spec``            PAPER, METRICS, the printed tables per experiment, ERRATA,
                    NOTEBOOKS (parameters), :func:`rouge_config`
``sweep_data``      :class:`SweepData` and its loaders per profile
``experiments``     the sweeps and the printed layout with markers
``claims``          the claim rows (printed cells, errata, markers, findings)
``model_findings``  Section 5's Pyramid-vs-ROUGE findings over the number of models
``topic_tests``     a finding's contrast of the cells tested over the topics
==================  ===============================================================
"""

from . import claims, experiments, model_findings, spec, sweep_data, topic_tests

__all__ = [
    *claims.__all__,
    *experiments.__all__,
    *model_findings.__all__,
    *spec.__all__,
    *sweep_data.__all__,
    *topic_tests.__all__,
]

from .claims import *
from .experiments import *
from .model_findings import *
from .spec import *
from .sweep_data import *
from .topic_tests import *
