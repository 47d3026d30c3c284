"""Owczarzak, de Haan, Krupka & Hindle (2014): what only this paper defines.

Karolina Owczarzak, Ferdinand de Haan, George Krupka and Don Hindle, "Wordsyoudontknow:
Evaluation of lexicon-based decompounding with unknown handling", COLING 2014 Workshop on
Computational Approaches to Compound Analysis (ComAComA), pp. 63-71. The paper evaluates
a lexicon-based compound analyser in 10 languages under three conditions -- lexicalized +
dynamic, dynamic only (lexicalized compounds removed), and the guesser with at least one
component lemma of every compound removed -- and grid-searches the guesser's settings
(Table 4), reporting the best F, the string-segmentation accuracy (Table 5) and Pearson's
r of each setting with the score (Table 6), with an error analysis (Tables 7-8).

The general parts live below the paper layer: the analyser, guesser, evaluation, grid
search and error classes in :mod:`evalkit.text.decompound`, the per-language settings in
:mod:`evalkit.text.decompound_languages`, the gold sets in :mod:`evalkit.data.compounds`.
This module holds the paper's protocol (its conditions and removal experiment), its
printed-number checks, its table layouts and its claims.

Layout of the package:

===============  ================================================================
``spec``         PAPER, LANGUAGES, DATASETS, EXAMPLE_CONNECTORS, NOTEBOOKS
``recompute``    printed checks and printed examples
``experiments``  conditions, guesser experiment and grid, error table
``claim_rows``   :func:`claims`, the paper's statements tested on a run
===============  ================================================================
"""

from . import claim_rows, experiments, recompute, spec

__all__ = [*claim_rows.__all__, *experiments.__all__, *recompute.__all__, *spec.__all__]

from .claim_rows import *
from .experiments import *
from .recompute import *
from .spec import *
