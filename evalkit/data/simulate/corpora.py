"""The sample profile's corpora: names, sizes and conventions of each simulated evaluation.

Sizes follow the originals (Over et al. 2007 for DUC; Dang & Owczarzak 2008-2011 for
TAC; the NIST 2003 Chinese-English TIDES evaluation), with a ``quick`` size for tests.
"""

from __future__ import annotations

import random
from typing import List, Optional, Tuple, Union

from . import mt
from .summarization import PeerSpec, SumConfig, make_peers

#: Every corpus the sample profile can build, in build-priority order.
CORPORA: Tuple[str, ...] = (
    "duc2004",
    "tides2003",
    "tac2008",
    "duc2005",
    "duc2006",
    "duc2007",
    "tac2009",
    "tac2010",
    "tac2011",
    "tides2003ce",
    "tides2003ae",
    "btec2004",
    "duc2004t5",
)

Config = Union[SumConfig, mt.MTConfig]


def _ids_with_gaps(
    rng: random.Random, start: int, n: int, fmt: str, max_gap: int = 1
) -> Tuple[str, ...]:
    out, k = [], start
    for _ in range(n):
        out.append(fmt.format(k))
        k += rng.randint(1, max_gap)
    return tuple(out)


#: DUC 2004's writers (journalists, model writers and systems' own wording alike) share a
#: rich language: the wider vocabulary of :mod:`.lexicon`, NP modifiers and clause adverbs
#: (~15-word sentences) and entities often named by a description. Calibrated to graham2015
#: Table 3's best-system ROUGE-2 (``data/published/simulator_targets.csv``); one language for
#: both tasks, so amigo2005duc's task 2 vs task 5 contrasts compare fields, not languages.
DUC2004_LANGUAGE = {"lexicon": "rich", "p_modifier": 0.9, "p_adverb": 0.8, "p_describe": 0.8}


def _duc2004(
    name: str,
    task: str,
    quick: bool,
    instance_ids: Tuple[str, ...],
    peers: Tuple[PeerSpec, ...],
    extra: Optional[dict] = None,
) -> SumConfig:
    """DUC 2004 (tasks 2 and 5): clusters of ~10 documents, 8 assessors (4 models per
    cluster), 100-word summaries cut at 665 bytes, judged by SEE coverage."""
    return SumConfig(
        name=name,
        year=2004,
        task=task,
        instance_ids=instance_ids,
        n_docs=6 if quick else 10,
        writers="ABCDEFGH",
        peers=peers,
        words=100,
        max_bytes=665,
        judgments=("see",),
        extra={"selector": "T", "language": DUC2004_LANGUAGE, **(extra or {})},
    )


def config(name: str, quick: bool = False) -> Config:
    """The configuration of corpus ``name`` (one of :data:`CORPORA`)."""
    rng = random.Random(f"config:{name}")  # ids and systems are part of the corpus definition
    q = quick
    if name == "tides2003":
        return mt.tides2003(quick)
    if name in ("tides2003ce", "tides2003ae", "btec2004"):
        return getattr(mt, name)(quick)
    if name == "duc2004":
        # task 2: 50 TDT clusters, 1 baseline (peer 2: lead of the most recent document) + systems
        n_peers = 10 if q else 27
        ids = ["2"] + sorted(rng.sample(range(3, 125), n_peers - 1))
        topics = _ids_with_gaps(rng, 30001, 6 if q else 50, "D{:05d}", 8)
        return _duc2004(name, "2", q, topics, _peers([str(i) for i in ids], rng))
    if name == "duc2004t5":  # task 5, "Who is X?" (.who_is): the lead baseline is peer 5
        from . import who_is

        n_peers = 8 if q else 22
        ids = ["5"] + sorted(str(i) for i in rng.sample(range(6, 125), n_peers - 1))
        topics = _ids_with_gaps(rng, 151, 6 if q else 50, "D{}", 2)
        peers = who_is.peers(sorted(ids, key=int), rng)
        return _duc2004(name, "5", q, topics, peers, who_is.TASK_EXTRA)
    if name in ("duc2005", "duc2006", "duc2007"):
        year = int(name[3:])
        n_topics = {2005: 50, 2006: 50, 2007: 45}[year]
        n_peers = {2005: 32, 2006: 35, 2007: 32}[year]
        # what the year's judgment tables hold (evalkit.data.duc.LAYOUTS)
        judgments = {
            2005: ("responsiveness", "linguistic_quality", "pyramid"),
            2006: ("content_responsiveness", "responsiveness", "linguistic_quality", "pyramid"),
            2007: ("content_responsiveness",),
        }[year]
        writers = "ABCDEFGHIJ"
        if year == 2005:
            ids = _ids_with_gaps(rng, 301, 6 if q else n_topics, "D{}", 2)
        else:
            ids = tuple(f"D{year % 100:02d}{i:02d}" for i in range(1, (6 if q else n_topics) + 1))
        return SumConfig(
            name=name,
            year=year,
            task="main",
            instance_ids=ids,
            n_docs=6 if q else 25,
            writers=writers,
            peers=_peers([str(i) for i in range(1, (10 if q else n_peers) + 1)], rng),
            words=250,
            judgments=judgments,
            extra={
                "selector": "assessor",
                "pyramid_flavour": f"duc{year}",
                "responsiveness_name": "responsiveness"
                if year == 2005
                else "overall_responsiveness",
            },
        )
    if name in ("tac2008", "tac2009", "tac2010", "tac2011"):
        year = int(name[3:])
        n_topics = {2008: 48, 2009: 44, 2010: 46, 2011: 44}[year]
        n_peers = {2008: 58, 2009: 55, 2010: 43, 2011: 50}[year]
        n_dup = (
            3 if q else {2008: 8, 2009: 3, 2010: 6, 2011: 7}[year]
        )  # identical pairs: owczarzak2012assessors §2
        ids = [str(i) for i in range(1, (14 if q else n_peers) + 1)]
        realism = _TAC_REALISM[year]
        return SumConfig(
            name=name,
            year=year,
            task="update" if year < 2010 else "guided",
            instance_ids=tuple(
                f"D{year % 100:02d}{i:02d}" for i in range(1, (5 if q else n_topics) + 1)
            ),
            n_docs=5 if q else 10,
            writers="ABCDEFGH",
            peers=make_peers(ids, rng, duplicates=n_dup, noise_range=realism["peer_noise"]),
            words=100,
            update=True,
            judgments=("pyramid", "readability", "responsiveness"),
            extra={
                "selector": "assessor",
                "responsiveness_name": "overall_responsiveness",
                "responsiveness_scale": 10 if year == 2009 else 5,
                "pyramid_flavour": "tac",
                **{k: v for k, v in realism.items() if k != "peer_noise"},
            },
        )
    raise KeyError(name)


#: TAC calibration to the papers' printed data statistics (data/published/simulator_targets.csv;
#: evalkit.data.simulate.realism): models that disagree as TAC's (SCU weights, Table 3 of
#: owczarzak2011who), systems far below them (Table 2), topic-level noise (footnote 1 of
#: owczarzak2009conditions). 2010-2011 guided writers agree more than 2008-2009 writers in the
#: initial docset; in the update docset they agree less and say fewer SCUs each (Table 3's
#: update weights with Table 4's smaller update pyramids: 4 x SCUs / mean weight is ~10 SCUs
#: per update model against ~14 initial), so their sentences carry attributions and adjuncts.
#: Responsiveness: the curve's power per year and docset (initial, update), as Table 2's
#: human and system means differ by year (2009 on TAC's 1-10 scale).
#: TAC 2008 (footnote 1 of owczarzak2009conditions: a system's score on one topic tells more
#: of its score on all topics in the update docset than in the initial one): how well a system
#: selects content is its own trait, spread wider among update summaries
#: (``peer_noise_spread``: its noise times exp(+-spread)), as is, on update docsets, how well
#: its sentences match the SCUs (``peer_mismatch_spread``); with more topic-level noise on
#: responsiveness, Pyramid and Responsiveness are as steady per topic as TAC printed.
_TAC_BASE = {
    "n_details": 100,
    "peer_noise": (0.9, 3.0),
    "topic_luck": 0.5,
    "responsiveness_anchor": "models",
    "responsiveness_noise": 0.2,
    "peer_mismatch": 0.35,
}
_GUIDED_UPDATE = {"style": {"p_attrib": 1.0, "p_drop_adjunct": 0.0}, "noise_scale": 1.2}
#: 2008-2009 (update task) and 2010-2011 (guided task) share their writers and curves.
_TAC_UPDATE_TASK = {**_TAC_BASE, "model_noise": (2.0, 2.6), "model_focus": 2.3}
_TAC_GUIDED_TASK = {
    **_TAC_BASE,
    "n_details": 60,
    "model_noise": (1.3, 1.8),
    "model_focus": 2.0,
    "responsiveness_power": (1.5, 1.6),
    "update_models": _GUIDED_UPDATE,
    "peer_mismatch": (0.35, 0.45),
}
_TAC_REALISM = {
    2008: {
        **_TAC_UPDATE_TASK,
        "responsiveness_power": (2.5, 3.0),
        "peer_noise_spread": (0.8, 1.6),
        "peer_mismatch_spread": (0.0, 0.3),
        "responsiveness_noise": (0.4, 0.8),
    },
    2009: {**_TAC_UPDATE_TASK, "responsiveness_power": (1.5, 1.6)},
    2010: _TAC_GUIDED_TASK,
    2011: _TAC_GUIDED_TASK,
}


def _peers(ids: List[str], rng: random.Random) -> Tuple[PeerSpec, ...]:
    return make_peers(ids, rng)


__all__ = ["CORPORA", "config"]
