"""Riezler & Maxwell (2005): what only this paper defines, for ``notebooks/riezler2005/``.

Stefan Riezler and John T. Maxwell III, "On Some Pitfalls in Automatic Evaluation and
Significance Testing for MT", ACL 2005 MTSE workshop, pp. 57-64 (W05-0908). The paper
compares NIST, BLEU and a dependency F-score of a reranker and its baseline and tests the
differences by approximate randomization (its Fig. 1) and the bootstrap shift method (its
Fig. 2) over per-sentence sufficient statistics (Table 1); runs both tests on five pairs of
"equivalent" variants (Table 2, §4.3); and warns about the experiment-wise error of many
comparisons (§4.4).

The general parts live below the paper layer: the tests in :mod:`evalkit.stats.resampling`
(``significance_table``, with the centred bootstrap beside the paper's shifted one), the
equivalent-variants simulation in :mod:`evalkit.stats.type1`, the multiplicity formulas in
:mod:`evalkit.stats.multiplicity`, the relation F-score in :mod:`evalkit.metrics.relations`,
the corpora in :mod:`evalkit.data.datasets`. This package holds the paper's metric set, its
printed-number recomputations, its table layouts and its claims.

Layout: :mod:`.spec` (measures, data sets, notebook parameters, printed tables),
:mod:`.recompute` (the printed numbers recomputed), :mod:`.experiments` (statistics, the
pair, the table layouts), :mod:`.claims` (the claim rows of Tables 1-2 and §4.4).
"""

from __future__ import annotations

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
