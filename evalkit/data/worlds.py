"""Small simulated evaluations built in memory, with their latent truth beside the data.

The sample profile (:mod:`evalkit.data.simulate`) writes full-size corpora to disk; a teacher
or a test of a statistical method often wants a *small* world whose knobs (number of
systems, topics, segments, judges, judge bias, system qualities) it sets itself, built in a
fraction of a second from a seed. Both builders call the simulator's own functions
(:func:`evalkit.data.simulate.summarization.simulate`,
:func:`evalkit.data.simulate.mt.simulate`), so the texts, judgments and truth are those of
the sample corpora, only smaller.

* :func:`summarization_world`: ``n_systems`` peer systems x ``n_topics`` topics (TAC-style:
  4 model summaries per topic, pyramid and responsiveness judged by the topic's assessor).
  Truth: ``truth`` (one row per summary: ``content`` = the weight of the facts it really
  expresses over the ideal, 0..~1; ``quality`` = its latent linguistic quality, 0..1),
  ``systems`` (the systems' parameters and ``true_score`` = mean true content over the
  topics: the true ranking), ``assessors`` (bias, noise, miss rate of each assessor).
* :func:`mt_world`: ``len(qualities)`` MT systems x ``n_segments`` segments with 4
  references, each (system, document) rated for adequacy and fluency (1-5) by 2 of
  ``n_judges`` judges. Truth: ``truth`` (``adequacy``, ``fluency`` in [0, 1] per segment
  and system), ``systems`` (latent ``quality`` and ``true_score`` = mean true adequacy),
  ``judges`` (``bias`` in rating points, ``noise``).

Layout: long pandas frames; ``segment`` ids are ``<document>:<n>``; ``system`` ids are
strings. :func:`summary_scores` and :func:`segment_scores` score a world with any metric of
:mod:`evalkit.metrics` (``get_metric``) into ``system, item, value`` frames, and
:func:`matrix` turns a long frame into a (systems x items) matrix.

>>> w = mt_world(qualities=(0.8, 0.5), n_documents=2, n_segments=20, seed=1)
>>> sorted(w.systems["system"]), len(w.outputs)
(['S1', 'S2'], 40)
>>> bool(w.systems.set_index("system").loc["S1", "true_score"] > w.systems.set_index("system").loc["S2", "true_score"])
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "SummarizationWorld",
    "MTWorld",
    "summarization_world",
    "mt_world",
    "summary_scores",
    "segment_scores",
    "matrix",
    "spread_qualities",
]


@dataclass(eq=False)
class SummarizationWorld:
    """A small simulated summarization evaluation and its truth (module docstring)."""

    summaries: pd.DataFrame  # instance, summarizer, kind (model|peer), text
    judgments: pd.DataFrame  # instance, summarizer, judgment, value, assessor
    truth: pd.DataFrame  # instance, summarizer, content, quality, n_facts
    systems: pd.DataFrame  # system, strategy, noise, length, true_score
    assessors: pd.DataFrame  # assessor, bias, noise, miss, false_match
    seed: int

    @property
    def peers(self) -> list:
        return list(self.systems["system"])

    @property
    def topics(self) -> list:
        return list(dict.fromkeys(self.summaries["instance"]))


@dataclass(eq=False)
class MTWorld:
    """A small simulated MT evaluation and its truth (module docstring)."""

    outputs: pd.DataFrame  # segment, document, system, text
    references: pd.DataFrame  # segment, document, reference, text
    judgments: pd.DataFrame  # segment, document, system, judgment, value, judge
    truth: pd.DataFrame  # segment, document, system, adequacy, fluency, difficulty
    systems: pd.DataFrame  # system, quality, true_score
    judges: pd.DataFrame  # judge, bias, noise
    seed: int

    @property
    def segments(self) -> list:
        return list(dict.fromkeys(self.outputs["segment"]))


def _int(name: str, value, low: int, high: Optional[int] = None) -> int:
    ok = isinstance(value, (int, np.integer)) and not isinstance(value, bool)
    if not ok or value < low or (high is not None and value > high):
        expected = f"an integer >= {low}" if high is None else f"an integer in [{low}, {high}]"
        raise ParameterError(name, value, expected)
    return int(value)


def spread_qualities(n_systems: int, low: float = 0.35, high: float = 0.85, ties: int = 0) -> tuple:
    """``n_systems`` latent qualities evenly spread over [low, high], best first; the last
    ``ties`` systems repeat the quality of the system before them (truly equal pairs).

    >>> spread_qualities(3)
    (0.85, 0.6, 0.35)
    >>> spread_qualities(4, ties=1)
    (0.85, 0.6, 0.35, 0.35)
    """
    _int("n_systems", n_systems, 1)
    _int("ties", ties, 0, max(0, n_systems - 1))
    distinct = n_systems - ties
    if distinct == 1:
        base = [round((low + high) / 2, 4)]
    else:
        base = [round(high - i * (high - low) / (distinct - 1), 4) for i in range(distinct)]
    return tuple(base + [base[-1]] * ties)


def summarization_world(
    n_systems: int = 12, n_topics: int = 10, n_documents: int = 6, seed: int = 0
) -> SummarizationWorld:
    """A TAC-style world (pyramid, responsiveness) of ``n_systems`` peers x ``n_topics``
    topics simulated in memory from ``seed`` (see the module docstring for the truth)."""
    from evalkit.data.simulate import summarization as sim

    _int("n_systems", n_systems, 3)
    _int("n_topics", n_topics, 2)
    _int("n_documents", n_documents, 2)
    ids = [str(i) for i in range(1, n_systems + 1)]
    peers = sim.make_peers(ids, random.Random(f"world:peers:{seed}"))
    cfg = sim.SumConfig(
        name="world",
        year=2008,
        task="update",
        instance_ids=tuple(f"T{i + 1:02d}" for i in range(n_topics)),
        n_docs=n_documents,
        writers="ABCDEFGH",
        peers=peers,
        words=100,
        judgments=("pyramid", "responsiveness"),
        extra={"pyramid_flavour": "tac"},
    )
    rows = sim.simulate(cfg, int(seed))
    assessor_of = {r["instance"]: r["assessor"] for r in rows["truth_instances"]}
    models = {(r["instance"], m) for r in rows["truth_instances"] for m in r["models"].split()}
    summaries = pd.DataFrame(
        [
            {
                "instance": r["instance"],
                "summarizer": r["summarizer"],
                "kind": "model" if (r["instance"], r["summarizer"]) in models else "peer",
                "text": " ".join(r["sentences"]),
            }
            for r in rows["summaries"]
        ]
    )
    judgments = pd.DataFrame(rows["judgments"])
    judgments["assessor"] = judgments["instance"].map(assessor_of)
    truth = pd.DataFrame(rows["truth_summaries"])[
        ["instance", "summarizer", "content", "quality", "n_facts"]
    ]
    specs = pd.DataFrame(rows["truth_summarizers"])
    specs = specs[specs["type"] == "peer"].rename(columns={"summarizer": "system"})
    true_score = truth[truth["summarizer"].isin(ids)].groupby("summarizer")["content"].mean()
    systems = specs[["system", "strategy", "noise", "length"]].assign(
        true_score=lambda f: f["system"].map(true_score)
    )
    assessors = pd.DataFrame(rows["assessors"]).rename(columns={"key": "assessor"})
    return SummarizationWorld(
        summaries=summaries,
        judgments=judgments,
        truth=truth,
        systems=systems.reset_index(drop=True),
        assessors=assessors[["assessor", "bias", "noise", "miss", "false_match"]],
        seed=int(seed),
    )


def mt_world(
    qualities: Optional[Sequence[float]] = None,
    n_documents: int = 10,
    n_segments: int = 80,
    n_judges: int = 6,
    judge_bias_sd: float = 0.3,
    seed: int = 0,
) -> MTWorld:
    """A TIDES-style MT world simulated in memory from ``seed``: one system per latent
    quality in ``qualities`` (0..1, default :func:`spread_qualities` of 6), ids ``S1``...,
    ``n_segments`` segments in ``n_documents`` documents (4 to 15 segments each), 4
    references, 2 of ``n_judges`` judges per (system, document), each judge with an extra
    bias drawn with sd ``judge_bias_sd`` (rating points)."""
    from evalkit.data.simulate import mt as sim

    qualities = spread_qualities(6) if qualities is None else tuple(float(q) for q in qualities)
    if not qualities or any(not 0.0 <= q <= 1.0 for q in qualities):
        raise ParameterError("qualities", qualities, "a non-empty list of numbers in [0, 1]")
    _int("n_documents", n_documents, 1)
    _int("n_segments", n_segments, 4 * n_documents, 15 * n_documents)
    _int("n_judges", n_judges, 2)
    if not judge_bias_sd >= 0:
        raise ParameterError("judge_bias_sd", judge_bias_sd, "a number >= 0")
    cfg = sim.MTConfig(
        name="world",
        n_docs=n_documents,
        n_segments=n_segments,
        systems=tuple((f"S{i + 1}", q) for i, q in enumerate(qualities)),
        references=("R1", "R2", "R3", "R4"),
        judges=tuple(f"J{i + 1}" for i in range(n_judges)),
        setid="world",
        n_bitext=0,
        judge_bias_sd=float(judge_bias_sd),
    )
    rows = sim.simulate(cfg, int(seed))

    def framed(name: str) -> pd.DataFrame:
        f = pd.DataFrame(rows[name])
        seg = f["document"] + ":" + f["segment"].astype(str)
        return f.drop(columns="segment").assign(segment=seg)[
            ["segment"] + [c for c in f.columns if c != "segment"]
        ]

    truth = framed("truth_segments")
    systems = pd.DataFrame(rows["truth_systems"])
    systems["true_score"] = systems["system"].map(truth.groupby("system")["adequacy"].mean())
    judges = pd.DataFrame(rows["judges"]).rename(columns={"key": "judge"})[
        ["judge", "bias", "noise"]
    ]
    return MTWorld(
        outputs=framed("outputs"),
        references=framed("references"),
        judgments=framed("judgments"),
        truth=truth,
        systems=systems,
        judges=judges,
        seed=int(seed),
    )


def summary_scores(world: SummarizationWorld, metric, n_references: Optional[int] = None):
    """``system, item, value``: every peer summary scored by ``metric`` (an evalkit metric,
    e.g. ``get_metric("rouge", method="2", score="R")``) against the model summaries of its
    topic (the first ``n_references`` of them in id order, all by default)."""
    s = world.summaries
    peers = s[s["kind"] == "peer"]
    refs = {
        t: list(g.sort_values("summarizer")["text"])
        for t, g in s[s["kind"] == "model"].groupby("instance")
    }
    if n_references is not None:
        _int("n_references", n_references, 1, min(len(r) for r in refs.values()))
        refs = {t: r[:n_references] for t, r in refs.items()}
    values = metric.sentence_scores(list(peers["text"]), [refs[t] for t in peers["instance"]])
    return pd.DataFrame(
        {"system": peers["summarizer"].values, "item": peers["instance"].values, "value": values}
    )


def segment_scores(world: MTWorld, metric, systems: Optional[Sequence[str]] = None):
    """``system, item, value``: every output segment scored by ``metric`` against the
    segment's references (of ``systems`` only, when given)."""
    out = world.outputs if systems is None else world.outputs[world.outputs["system"].isin(systems)]
    refs = world.references.groupby("segment", sort=False)["text"].apply(list)
    values = metric.sentence_scores(list(out["text"]), [refs[s] for s in out["segment"]])
    return pd.DataFrame(
        {"system": out["system"].values, "item": out["segment"].values, "value": values}
    )


def matrix(frame: pd.DataFrame, value: str = "value", system: str = "system", item: str = "item"):
    """A (systems x items) matrix of a long frame (means of repeated cells, NaN where none),
    rows and columns in order of first appearance."""
    wide = frame.pivot_table(index=system, columns=item, values=value, aggfunc="mean")
    rows = list(dict.fromkeys(frame[system]))
    cols = list(dict.fromkeys(frame[item]))
    return wide.reindex(index=rows, columns=cols).astype(np.float64)
