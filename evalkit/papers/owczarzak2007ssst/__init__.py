"""Owczarzak, van Genabith & Way (2007, SSST): the logic of ``notebooks/owczarzak2007ssst/``.

Karolina Owczarzak, Josef van Genabith and Andy Way, "Dependency-Based Automatic Evaluation
for Machine Translation", SSST, NAACL-HLT 2007, pp. 80-87. Translation and reference are
parsed into LFG f-structures, flattened into dependency triples and compared by precision,
recall and F (:class:`evalkit.metrics.dependency.DependencyF`, registered as ``dep-f``). The
paper

* measures parser noise on 100 sentences whose adjuncts were moved (Table 1) and on 100
  whose parses came out identical, the "ideal parser" (Table 2);
* measures the bias of each metric towards a statistical system (Tables 3-4; not regenerated:
  the Europarl Pharaoh/Logomedia outputs were never released);
* correlates each metric with human fluency and accuracy over (translation, reference,
  judge) segments of MTC parts 2 and 4 (Table 5).

The package holds what only this paper defines:

==================  =================================================================
``spec``            :data:`PAPER`, :data:`PAPER_SCALE`, :data:`DATA`, :data:`NOTEBOOKS`,
                    :func:`published`
``recompute``       :func:`printed_checks` (numbers derivable from other printed numbers)
``experiments``     Tables 1-2 (:func:`reordering_table`, :func:`reordering_tests`,
                    :func:`ideal_pairs`, :func:`front_final_adjunct`) and Table 5
                    (:func:`judged_segments`, :func:`segment_correlations`, shared with the
                    WMT 2007 follow-up)
``claims``          :func:`reordering_claims`, :func:`table5_claims`
==================  =================================================================

``from evalkit.papers import owczarzak2007ssst as ss`` and ``ss.<name>`` reach every name
below.
"""

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
