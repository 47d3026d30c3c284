"""Owczarzak, Rankel, Dang & Conroy (2012), *Assessing the Effect of Inconsistent Assessors on
Summarization Evaluation* (ACL 2012, pp. 359-362): what only this paper defines.

* **Consistency** (§2, Table 1): identical automatic summaries of one topic (teams' duplicate
  runs) are judged twice, blind, by the topic's assessor; Krippendorff's interval alpha of
  each assessor's pairs, for Readability, Responsiveness and Pyramid
  (:mod:`evalkit.stats.assessors`).
* **mP - aP** (§2, Figure 1): a summary's manual modified pyramid score minus its autoPyramid
  score, the SCUs found by matching the contributor strings of every other annotated summary of
  the topic (:func:`evalkit.metrics.pyramid.autoannotate`); mean per topic, macro-average per
  assessor.
* **Exclusion** (§3, Tables 2-4): drop the topics of the 1 or 2 least consistent assessors of
  a category and compare the system ranking (Table 2), ROUGE-2's system-level (Table 3) and
  per-assessor summary-level (Table 4) correlation with the human metric. The mP - aP column
  excludes by mP - aP and scores Pyramid (its "before" repeats Pyramid's).
* **CLASSY-like** (§4, Table 5): a regression from summary features to a human score, chosen
  on year Y-1 among fits on Y-2 and refit on Y-1 (:mod:`evalkit.stats.regression`); "new"
  excludes the worst assessor's topics from the training years. CLASSY's own features are not
  published; ours are listed in :data:`FEATURES`.

Layout of the package:

===============  ================================================================
``spec``         PAPER, CATEGORIES, FEATURES, NOTEBOOKS
``experiments``  consistency, mP - aP, exclusion and CLASSY-like experiments on TAC
``public``       the public stand-ins
``claims``       the claim rows
===============  ================================================================
"""

from . import claims, experiments, public, spec

__all__ = [*claims.__all__, *experiments.__all__, *public.__all__, *spec.__all__]

from .claims import *
from .experiments import *
from .public import *
from .spec import *
