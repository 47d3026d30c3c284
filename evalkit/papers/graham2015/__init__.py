"""Graham (2015), *Re-evaluating Automatic Summarization with BLEU and 192 Shades of ROUGE*
(EMNLP 2015, pp. 128-137): what only this paper defines, for ``notebooks/graham2015/``.

* **Variants** (§3.2): 8 counting methods x stemming x stop-word removal x summary-level
  P/R/F x system-level mean (A) or median (M) = 192, named as Figure 3 labels them
  (``R2_ST1_RS1_A_P``: average ROUGE-2 precision, stemmed, stop words removed, the paper's
  best). The grid itself is computed by :func:`evalkit.metrics.rouge_variants.rouge_variant_grid`.
* **Human score** (§3.1): coverage CS (eq. 1) and mean linguistic quality MLQ (A=100 % ..
  E=0 %), combined per summary as ``(CS + MLQ) / 2``; §6 / Table 4 also the geometric and
  harmonic means and each part alone (:func:`combine`). The per-data-set views (DUC SEE,
  SummEval, REALSumm) are :mod:`evalkit.data.evaluation`'s.
* **Optimal set** (§4.1, Table 1 •): no other metric correlates significantly higher by a
  one-sided Williams test (:mod:`evalkit.stats.williams`), alpha = .05 (inferred).
* Table 2 recomputed exactly from Table 1, Table 3 rank changes and the paper's
  internal-consistency checks (:func:`paper_consistency`), and the claims of every
  notebook: on stand-in data (the simulated DUC 2004, SummEval, REALSumm) a printed
  correlation is *not comparable*, while a statement ("BLEU correlates highest", "no
  variant significantly beats BLEU") is checked for what it says. Every printed value is
  read from ``data/published/graham2015/``.

Layout: :mod:`.spec` (variants, combinations, data sets, notebook parameters),
:mod:`.recompute` (the paper checked against itself), :mod:`.human` (the human score and
Figures 1-2), :mod:`.experiments` (Tables 1 and 4 and Figure 3 on a data set),
:mod:`.rescoring` (§5: Table 3 and Figure 4 with their claims), :mod:`.claims` (the claim
rows of Tables 1 and 4 and Figure 3).
"""

from __future__ import annotations

from . import claims, experiments, human, recompute, rescoring, spec

__all__ = [
    *claims.__all__,
    *experiments.__all__,
    *human.__all__,
    *recompute.__all__,
    *rescoring.__all__,
    *spec.__all__,
]

from .claims import *
from .experiments import *
from .human import *
from .recompute import *
from .rescoring import *
from .spec import *
