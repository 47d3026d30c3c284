"""Dorr et al. (2005): the paper-specific logic of ``notebooks/dorr2005/``.

Bonnie J. Dorr, Christof Monz, Stacy President, Richard Schwartz and David Zajic, "A
Methodology for Extrinsic Evaluation of Text Summarization: Does ROUGE Correlate?", ACL 2005
MTSE workshop, pp. 1-8 (W05-0901). Ten subjects judge the relevance of 3 x 20 TDT-3
documents to their event from a headline (HEAD), a human summary (HUM) and the full text;
Relevance-Prediction (agreement with one's own full-text judgment) is higher and steadier
than LDC-Agreement (Table 1); ROUGE-1 correlates positively with RP, not with LDC, on random
partitions of the documents (Table 5). The measures live in :mod:`evalkit.stats.extrinsic`
and :mod:`evalkit.stats.partitions`, the data in :mod:`evalkit.data.relevance`; this package
adds

==================  =================================================================
``spec``            :data:`PAPER`, :data:`NOTEBOOKS`, :data:`SURROGATES`,
                    :data:`PER_EVENT`, :data:`NO_PUBLIC` (public: nothing can stand in)
``recompute``       :func:`printed_checks`: what the printed counts, rates and times
                    imply, recomputed exactly
``experiments``     :func:`load_task` (sample: simulated; licensed: TDT-3 + the
                    experiment's own judgments), :func:`rouge1`, :func:`table1`,
                    :func:`table6`, :func:`significance` (Tables 1 and 6, Section 4's
                    tests), :func:`item_scores`, :func:`partition_correlations`,
                    :func:`table5`, :func:`representative_tables` (Tables 2-5, Figure 1)
``claims``          :func:`paper_vs_run`, :func:`partition_claims`: the paper's claims
                    on a run
==================  =================================================================

``from evalkit.papers import dorr2005 as paper`` and ``paper.<name>`` reach every name below.
"""

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
