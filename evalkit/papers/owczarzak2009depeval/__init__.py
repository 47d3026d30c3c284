"""Owczarzak (2009), DEPEVAL(summ): the paper-specific logic of ``notebooks/owczarzak2009depeval/``.

Karolina Owczarzak, "DEPEVAL(summ): Dependency-based Evaluation for Automatic Summaries",
ACL-IJCNLP 2009, pp. 190-198. Summaries are parsed, flattened into LFG dependency triples and
scored by recall against the bag union of the model summaries; five switches (pm, wn, pred,
norel, one) give 32 variants. Correlations with Pyramid and Overall Responsiveness (TAC 2008,
Tables 1-2) and Content Responsiveness (DUC 2007, Tables 3-4), at system and summary level,
for model and system summaries, against ROUGE-2, ROUGE-SU4 and BE-HM, all jackknifed.

The metrics live in :mod:`evalkit.metrics.dependency` (DEPEVAL, BE-HM, jackknifing) and
:mod:`evalkit.metrics.rouge`; correlations and Fisher intervals in
:mod:`evalkit.stats.correlation`. This package adds what only this paper defines:

* :func:`variant_rows`: the 32 variants in the order of Table 1 (read from the printed table);
* :func:`significance_letters`: Table 2's letters recomputed from the printed r values
  (the rule "the two 95% Fisher-z intervals do not overlap", n = 384 model / 5,568 system
  summaries, reproduces every letter: notes P4 §4);
* :func:`asterisks`, :func:`shading`, :func:`ci_excludes_zero`: the other derivable marks;
* :func:`score_summaries`: every variant and competitor on a summarization corpus;
* :func:`correlations`: the four columns of Tables 1-4 from those scores;
* :func:`summary_texts`, :func:`noise_claims`: ``03_parser_noise`` (Tables 1-2 with the
  simulator's gold summary trees beside a real parser's).

Layout of the package:

===============  ================================================================
``spec``         PAPER, COMPETITORS, LETTER, sample sizes, DATA, NOTEBOOKS
``recompute``    printed tables and their recomputed marks
``experiments``  scores, correlations, manual scores, Williams tests on a corpus
``claims``       the claim rows
===============  ================================================================
"""

from . import claims, experiments, recompute, spec

__all__ = [*claims.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .recompute import *
from .spec import *
