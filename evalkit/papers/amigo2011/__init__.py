"""Amigó, Gonzalo, Giménez & Verdejo (2011): what only the corroboration paper defines, for
``notebooks/amigo2011/``.

"Corroborating Text Evaluation Results with Heterogeneous Measures", EMNLP 2011,
pp. 455-466. Over pairs of system outputs for the same input the paper measures how often
a unanimous verdict of a measure set X is confirmed by humans (reliability R), how often
two measures of X contradict each other (heterogeneity H), and how much corroboration
gains over thresholding one measure at equal sensitivity. MT: NIST 2004/2005 Arabic and
Chinese to English, 64 Asiya measures, human adequacy + fluency; AS: DUC 2005/2006, 21
ROUGE measures, responsiveness. Figures: 1 additive reliability of measure pairs, 2-3 H vs
R of random sets, 4 H of lexical vs lexical + linguistic sets, 5-6 reliability gain vs H.

Below the paper layer: R, S, H, thresholds and gains (:mod:`evalkit.stats.corroboration`,
also pairs from preferences), the measures (registered metrics; the linguistic Asiya
families as offline stand-ins in :mod:`evalkit.metrics.similarity`) and the Asiya score
importer (:mod:`evalkit.data.asiya`). This package holds the paper's measure pools, their
per-output scores on a corpus, its printed-number checks and its claims.

Layout: :mod:`.spec` (test beds, measure pools, :data:`NOTEBOOKS`), :mod:`.recompute`
(:func:`printed_checks`), :mod:`.experiments` (scores, human quality, Figure 4) and
:mod:`.claims` (:func:`claims`).
"""

from __future__ import annotations

from . import spec, recompute, experiments, claims

__all__ = [*spec.__all__, *recompute.__all__, *experiments.__all__, *claims.__all__]

from .spec import *
from .recompute import *
from .experiments import *
from .claims import *
