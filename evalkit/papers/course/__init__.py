"""The course on evaluating evaluation metrics (``notebooks/course/``): each lesson's
parameters, the small simulated world it studies and the computations its notebook shows.

The course is not a paper: its "printed numbers" are the simulator's latent truth. Every
lesson builds one world in memory from its parameters (:mod:`evalkit.data.worlds`: a
TAC-style summarization evaluation or a TIDES-style MT evaluation, with the true summary
content, the true system ranking and the judges' true bias and noise beside the data) with
:func:`build`, then measures a method against that truth. The exercises and the answers
the truth gives are :mod:`evalkit.papers.course.exercises`; the checking mechanism is
:mod:`evalkit.notebook.exercises`.

Layout: a world is a :class:`types.SimpleNamespace`; score frames are long
(``metric, system, item, value``), matrices are (systems x items) DataFrames. The package:
``spec`` (every lesson's parameters), ``lessons`` (the worlds and computations), ``answers``
(what the truth answers to each exercise) and ``exercises`` (the sheets the notebooks check).
"""

from __future__ import annotations

from . import exercises, lessons, spec

__all__ = [*lessons.__all__, *spec.__all__, "exercises"]

from .lessons import *
from .spec import *
