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

Calibrated, not evidence (issue 29). The TAC corpora and the relevance task are tuned to
statistics the papers print about their *data* (``data/published/simulator_targets.csv``; :mod:`.realism`
computes and checks them, the build records ``truth/realism.csv``), never to a finding
under test. Per paper (:data:`.realism.CALIBRATED`; also ``notebooks/README.md``):

* owczarzak2011who: calibrated Table 3 (SCU weight shares per year and docset), Table 2
  (human and automatic mean Pyramid and Responsiveness), Table 4's pyramid totals, Table 5's
  aspect inventory (every aspect of every category, WHEN/WHERE included); free: which
  aspects systems cover or miss, the category rankings and their significance (Tables 4-8).
* owczarzak2009conditions: calibrated footnote 1 (manual scores on 1 and 3 topics vs all;
  with it Pyramid's 1-topic row of Tables 7-8); free: every other model-count and
  topic-count curve (Tables 1-11, Figure 1), the ROUGE/BE gains.
* owczarzak2009depeval: calibrated the corpus sizes and lengths of §1; free: Tables 1-4.
* owczarzak2012assessors: calibrated the identical-pair counts of §2 (duplicate runs);
  free: the assessors' alphas and every exclusion effect (Tables 1-5).
* owczarzak2012accuracy: nothing of its own; free: every threshold of Figures 1-2.
* dorr2005: calibrated the mean surrogate lengths of §3 (HEAD, HUM); free: Table 4's ROUGE-1
  of HUM against HEAD and the agreement, timing and correlation results (Tables 1, 5, 6),
  except the rows the simulator's design gives (by construction, their notes).
* kolluru2005, murray2005, leusch2005, owczarzak2014decompounding: the story and summary
  lengths, the meeting WERs, the BTEC and TIDES reference lengths (the TIDES CE one also in
  tides2003, which six papers share), the compounds' parts and lexicalized share
  (:data:`.realism.CALIBRATED`); free: every finding.
* liu2005: calibrated the order of tides2003's human scores as Sec. 3.1 describes it (E14
  high, E15 low); free: every correlation.

The knobs (``corpora._TAC_REALISM``; a pair is (initial docset, update docset)): per-year
writer noise and focus (``model_noise``, ``model_focus``: writers agree on the core facts,
differ on the details) and background details per topic (``n_details``); the 2010-2011
update writers (``update_models``: more disagreement, longer sentences, so fewer SCUs each,
as Tables 3 and 4 of owczarzak2011who together imply); systems' content-selection noise
range, a per-topic luck factor (``topic_luck``) and a lower SCU match rate of extracted
sentences (``peer_mismatch``, which also lowers what the responsiveness assessor credits);
in TAC 2008 a system's content selection and, on update docsets, its SCU match are its own
traits (``peer_noise_spread``, ``peer_mismatch_spread``: evenly spread over the field, wider
on update docsets), so its update scores are steadier per topic, as footnote 1 prints;
responsiveness anchored on the topic's human summaries with a curve whose power is set per
year and docset (Table 2's means differ by year) and topic-level noise on the systems
(``responsiveness_*``); duplicate runs per year. A model's jackknifed Pyramid counts the SCUs
it contributed (the pyramid was built from it: no assessor miss), which with Table 3's weights
gives Table 2's human scores. DUC and MT corpora keep their configuration (the new WHEN/WHERE templates of
:mod:`.world` change their draws, not their design).
"""

from .build import (
    DEFAULT_SEED,
    GENERATOR_VERSION,
    build_sample,
    default_root,
    load_sample,
    load_truth,
    simulate_corpus,
)
from .corpora import CORPORA

__all__ = [
    "build_sample",
    "load_sample",
    "load_truth",
    "simulate_corpus",
    "default_root",
    "CORPORA",
    "DEFAULT_SEED",
    "GENERATOR_VERSION",
]
