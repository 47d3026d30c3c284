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

from .claims import bitext_size_finding, correlation_findings, gain_finding
from .experiments import (
    alignment_quality,
    bitext_from_frame,
    concept_oracle,
    darr_taus,
    expanded_references,
    load_bitext,
    normalize,
    paraphrase_accuracy,
    paraphrase_pipeline,
    pick_systems,
    reference_gain,
    sentence_correlations,
    table1,
)
from .recompute import printed_checks
from .spec import NOTEBOOKS, PAPER, SENTENCE_METRICS, published

__all__ = [
    "PAPER",
    "SENTENCE_METRICS",
    "NOTEBOOKS",
    "published",
    "printed_checks",
    "normalize",
    "bitext_from_frame",
    "paraphrase_pipeline",
    "alignment_quality",
    "concept_oracle",
    "paraphrase_accuracy",
    "expanded_references",
    "table1",
    "sentence_correlations",
    "load_bitext",
    "pick_systems",
    "darr_taus",
    "correlation_findings",
    "bitext_size_finding",
    "reference_gain",
    "gain_finding",
]
