"""Amigó, Gonzalo, Peñas & Verdejo (2005b): what only the DUC 2004 QARLA paper defines, for
``notebooks/amigo2005duc/``.

"Evaluating DUC 2004 Tasks with the QARLA Framework", ACL 2005 MTSE workshop, pp. 49-56.
On DUC 2004 tasks 2 and 5 the paper builds 59 similarity metrics (24 ROUGE recalls against
one model, 24 inverted ROUGE, 9 TVM, AVLS, GRAMSIM), clusters the 57 content metrics into
10 groups by how alike they accept peers (Figure 1), keeps the best-KING metric of each,
searches all 1024 combinations of these 10 (Figure 2: {Rpre-W-1.2.b, TVM.512} best in both
tasks), follows JACK as systems are added (Figure 3), ranks systems by QUEEN (Figure 4),
correlates the QUEEN ranking with DUC's manual one for every combination (Figure 5; 0.92 /
0.96 for the best set) and looks at QUEEN over GRAMSIM alone (Figure 6).

Below the paper layer: the pool (:mod:`evalkit.metrics.qarla_pool`), QUEEN/KING/JACK, the
clustering and the vectorized search over metric sets (:mod:`evalkit.stats.qarla`). This
package holds the paper's counts, its correlation of rankings, its reading of Figure 3 and
its claims and its task 2 vs task 5 comparison. GRAMSIM uses spaCy's Penn tags (or token
classes) instead of TreeTagger's; TVM takes its terms from the source documents (the sample
corpora write theirs, SummEval ships its articles): both are recorded with the results.
Task 5 ("Who is X?") runs on the simulated ``duc2004t5`` (sample only).

Layout: :mod:`.spec` (data sets, :data:`NOTEBOOKS`), :mod:`.recompute`
(:func:`printed_checks`, :func:`jack_knee`), :mod:`.experiments` (the experiments on a
corpus) :mod:`.claims` (:func:`claims`) and :mod:`.claims_tasks` (:func:`task_claims`).
"""

from __future__ import annotations

from . import spec, recompute, experiments, claims, claims_tasks

__all__ = [
    *spec.__all__,
    *recompute.__all__,
    *experiments.__all__,
    *claims.__all__,
    *claims_tasks.__all__,
]

from .spec import *
from .recompute import *
from .experiments import *
from .claims import *
from .claims_tasks import *
