"""Owczarzak, Conroy, Dang & Nenkova (2012), *An Assessment of the Accuracy of Automatic
Evaluation in Summarization* (NAACL 2012 workshop, pp. 1-9): what only this paper defines.

* **Variants** (§4.1): ROUGE-1, ROUGE-2, ROUGE-SU4 recall, stemmed (``m``), with and without
  stop-word removal (``s``): ``r1m r1ms r2m r2ms r4m r4ms`` (``r4`` = SU4), 100-word summaries.
* **Decisions** (§3, Definition 1): two-sided Wilcoxon signed-rank test per pair of summarizers
  over the topics both have, alpha 0.05, no correction (:func:`evalkit.stats.pairwise.significance_decisions`).
* **Populations**: automatic vs automatic on all topics; a human (model writer) vs each
  automatic system on the topics the human wrote a model for, both scored against the *same*
  other models (ROUGE from per-(peer, model) counts, pyramids rebuilt without the human).
* **Agreement** (Tables 2-3): diff, no diff, contr, sig and all accuracy per year
  (:func:`evalkit.stats.pairwise.decision_agreement`), averaged over the years (macro, inferred).
* **Histograms** (Figures 1-2): per automatic pair, |difference of mean ROUGE-2| against the
  manual decision and the ranking agreement.
* **AESOP** (Figures 3-5): agreement of each submitted metric with a binomial normal CI against
  the reference metric's rate (:func:`evalkit.stats.multiplicity.ci_versus_reference`).

Layout of the package:

=======================  ========================================================
``spec``                 PAPER, VARIANTS, MANUAL, NOTEBOOKS
``experiments``          scores, decisions, agreement, histograms, AESOP rows
``claims``               the claim rows
``summarizer_findings``  finding 4 and the best variant, tested over the summarizers
=======================  ========================================================
"""

from . import claims, experiments, spec, summarizer_findings

__all__ = [
    *claims.__all__,
    *experiments.__all__,
    *spec.__all__,
    *summarizer_findings.__all__,
]

from .claims import *
from .experiments import *
from .spec import *
from .summarizer_findings import *
