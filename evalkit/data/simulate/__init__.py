"""Simulated evaluation corpora with a known latent truth: the ``sample`` profile (SPEC 2.2).

``build_sample(out_dir, quick=False, seed=20051, corpora=None)`` writes DUC 2004, DUC
2005-2007, TAC 2008-2011 and TIDES 2003-style corpora in their real on-disk formats, with
the latent truth next to each; ``load_sample(name)`` reads one back through the real
reader (building it first if missing).  See ``data/README.md``, "The sample profile",
for what the simulation is and is not.

Modules: :mod:`.language` (English with lexical variation; the artificial source
language), :mod:`.world` (topics, content units, assessors), :mod:`.summarization`
(documents, models, peers, judgments), :mod:`.documents` (the DUC source documents on
disk, the extracts record), :mod:`.who_is` (DUC 2004 task 5), :mod:`.mt` (TIDES-style MT), :mod:`.corpora`
(sizes), :mod:`.formats` (writers / readers used), :mod:`.build`. The human-study designs
(relevance task, questionnaires, meetings, TREC nuggets) are built by :mod:`.tasks` from
:mod:`.extrinsic`, :mod:`.questionnaires`, :mod:`.meetings` and :mod:`.nuggets`.
"""
from .build import (DEFAULT_SEED, GENERATOR_VERSION, build_sample, default_root, load_sample, load_truth,
                    simulate_corpus)
from .corpora import CORPORA

__all__ = ["build_sample", "load_sample", "load_truth", "simulate_corpus", "default_root", "CORPORA",
           "DEFAULT_SEED", "GENERATOR_VERSION"]
