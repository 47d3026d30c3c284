"""Amigó, Gonzalo, Peñas & Verdejo (2005a): what only the QARLA paper defines, for
``notebooks/amigo2005qarla/``.

"QARLA: A Framework for the Evaluation of Text Summarization Systems", ACL 2005,
pp. 280-289. The paper states seven formal constraints on a summary quality Q and a metric
quality K (§2), derives QUEEN, rejects two K candidates and arrives at KING (§3), defines
JACK, and applies them to ISCORPUS, a Spanish information-synthesis corpus (8 topics, 9
human summarisers, 30 baseline peers of which the 10 closest to the humans are kept; §4),
with a leave-one-human-out test against ROUGE-1..4 (Table 1, §5).

The general parts live below the paper layer: QUEEN/KING/JACK, naive K, leave-one-model-out
in :mod:`evalkit.stats.qarla`, the point clouds of Figures 1-4 in
:mod:`evalkit.stats.qarla_synthetic`, the similarities in :mod:`evalkit.metrics.qarla_pool`
and :mod:`evalkit.metrics.similarity`. This package holds the paper's English stand-in for
its ISCORPUS metric pool, its leave-one-out table with ROUGE, its printed-number checks
and its claims.

ISCORPUS is not distributed; its Spanish metrics are replaced by English ones
(:mod:`evalkit.metrics.iscorpus`): ROUGESim (ROUGE-1 recall against one model, stop words
removed and stemmed: ``R-1.c``), VectModelSim (all content terms), TruncVectModel.n (the n
most frequent terms of the reference summary), and where the corpus records them (the
simulated ones) SentencePrecision, SentenceRecall and DocSim over the source sentences of
the summaries (ISCORPUS's models were extracts; the simulated models are written, so each
written sentence counts as the document sentence expressing most of its content units)
and NICOS over the content units each summary expresses (standing in for the summarisers'
manual key-concept annotation). Set 1 is the best set without NICOS and the extractive
metrics (the paper's "automatic" set), set 2 the best over all.

Layout: :mod:`.spec` (data sets, :data:`NOTEBOOKS`), :mod:`.recompute`
(:func:`printed_checks`), :mod:`.experiments` (synthetic test data, the metric pool,
Table 1) and :mod:`.claims` (the claim rows).
"""

from __future__ import annotations

from . import spec, recompute, experiments, claims

__all__ = [*spec.__all__, *recompute.__all__, *experiments.__all__, *claims.__all__]

from .spec import *
from .recompute import *
from .experiments import *
from .claims import *
