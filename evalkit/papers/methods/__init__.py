"""The meta-evaluation toolbox notebook (``notebooks/methods/``): which data each profile uses
and how the metric and human score matrices are built. The statistics themselves are
:mod:`evalkit.stats` (see its docstring for the table of functions, libraries and papers).

* Summarization (``sample``: simulated DUC 2004 task 2, SEE coverage; ``public``: SummEval,
  expert relevance; ``licensed``: the user's DUC 2004, SEE coverage): every peer summary is
  scored with sentence-level metrics against the instance's model summaries, giving one
  (systems x inputs) matrix per metric and one human matrix. The pyramid part (REALSumm's
  summary-level analysis): ``sample`` simulated TAC 2008, ``public`` REALSumm (LitePyramid
  recall), ``licensed`` TAC 2008.
* MT (``sample``: simulated TIDES 2003, adequacy; ``public``: WMT19 daRR, one language pair;
  ``licensed``: MTC Part 4 with LDC adequacy): segment scores of each output and the
  relative-ranking pairs (WMT19's own daRR pairs; elsewhere pairs derived from the averaged
  adequacy scores with :func:`evalkit.stats.correlation.darr_pairs`).

The metrics are sentence BLEU (sacrebleu 2.x, 13a, exp smoothing, effective order), the same
with sacrebleu 1.x semantics (``BLEU-1.x``), with the Moses tokenizer and 1.x semantics
(``BLEU-moses-1.x``), chrF and chrF++.

The package: ``spec`` (profiles, metrics, parameters), ``experiments`` (data and score
matrices) and ``claims`` (the claim rows).
"""

from __future__ import annotations

from . import claims, experiments, spec

__all__ = [*claims.__all__, *experiments.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .spec import *
