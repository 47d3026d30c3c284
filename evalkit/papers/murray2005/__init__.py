"""Murray et al. (2005): the paper-specific logic of ``notebooks/murray2005/``.

Gabriel Murray, Steve Renals, Jean Carletta and Johanna Moore, "Evaluating Automatic
Summaries of Meeting Recordings", ACL 2005 MTSE workshop, pp. 33-40 (W05-0905). Four
extractive summarizers (FB1, LSA, MMR, FB2) summarize six ICSI test meetings at 10% of the
dialogue acts, on manual and on ASR transcripts; ROUGE ranks LSA first, five judges rate FB1
best (Tables 1-2); ROUGE-1 and INFORMATIVENESS-1 correlate only on ASR output (Spearman
0.500) and across all 8 conditions (0.388); summary WER is below meeting WER. The
summarizers live in :mod:`evalkit.text.extractive`, the ASR channel in
:mod:`evalkit.text.asr_channel`, Likert aggregation in :mod:`evalkit.stats.likert`, the
corpus in :mod:`evalkit.data.meetings`; this package adds

* :func:`printed_checks`: what Tables 1-2, the WER table and the printed rho's imply;
* :func:`load_meetings` (sample / licensed ICSI; public: :data:`NO_PUBLIC_MEETINGS`),
  :func:`summarize`, :func:`rouge_table`, :func:`wer_table`;
* :func:`human_tables`, :func:`rouge_human_correlations`, :func:`summeval_ratings` (public
  stand-in for the ratings: SummEval's expert Likert scores) and :func:`paper_vs_run`.

Layout: :mod:`.spec` (approaches, statements, :data:`NOTEBOOKS`), :mod:`.recompute`
(:func:`printed_checks`, :func:`printed_correlations`), :mod:`.experiments` (corpus,
summarizers, ROUGE, WER, ratings) and :mod:`.claims` (:func:`paper_vs_run`).
"""

from __future__ import annotations

from . import spec, recompute, experiments, claims

__all__ = [*spec.__all__, *recompute.__all__, *experiments.__all__, *claims.__all__]

from .spec import *
from .recompute import *
from .experiments import *
from .claims import *
