"""Owczarzak et al. (2006): the paper-specific logic of ``notebooks/owczarzak2006/``.

Karolina Owczarzak, Declan Groves, Josef Van Genabith and Andy Way, "Contextual
Bitext-Derived Paraphrases in Automatic MT Evaluation", WMT 2006, pp. 86-93. The aligner,
phrase pairs and paraphrase machinery are :mod:`evalkit.text.alignment` and
:mod:`evalkit.text.paraphrase`; BLEU and NIST come from the registry
(:func:`evalkit.metrics.get_metric`); critical r and the coefficient of variation
:mod:`evalkit.stats.human`. This package adds:

==================  =================================================================
``spec``            :data:`PAPER`, :data:`SENTENCE_METRICS`, :data:`NOTEBOOKS`,
                    :func:`published`
``recompute``       :func:`printed_checks`: Table 1's gains, the gaps of Tables 1 and 3,
                    the critical r values and the significance statements of Tables 2/4
``experiments``     :func:`paraphrase_pipeline`, :func:`alignment_quality` (Sec. 3);
                    :func:`concept_oracle`, :func:`paraphrase_accuracy` (Tables 5-6 graded
                    by the simulated bitext's concepts); :func:`expanded_references`,
                    :func:`table1`, :func:`reference_gain`, :func:`sentence_correlations`
                    (Tables 1-4); :func:`load_bitext`, :func:`pick_systems`,
                    :func:`darr_taus` (the data by profile)
``claims``          :func:`gain_finding`, :func:`bitext_size_finding`,
                    :func:`correlation_findings`
==================  =================================================================

``from evalkit.papers import owczarzak2006 as O`` and ``O.<name>`` reach every name below.
"""

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
