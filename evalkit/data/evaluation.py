"""Summarization data sets prepared for meta-evaluation: a corpus, per-summary human
scores, the gold targets, and what stands in for what.

An :class:`Evaluation` is what a correlation study of summary metrics needs: the corpus
(peer and model summaries), ``human`` with one row per judged peer summary
(``instance, system, coverage, quality`` plus one column per target; 0-1, ``quality`` NaN
where the data have none), ``targets`` (target column -> what it is, first = primary) and
the truncation the data set is scored with. :func:`load_evaluation` builds one by data-set
key and profile from :mod:`evalkit.data.datasets` and the views of
:mod:`evalkit.data.human_scores`:

=============  ==========================================================  ====================
key            human scores                                                targets
=============  ==========================================================  ====================
``duc2004``    SEE coverage (Graham's eq. 1 or the SEE mean) and the mean  ``human`` =
               of the 7 quality answers (A = 1 .. E = 0); sample profile:  (coverage+quality)/2
               the simulated DUC 2004 task 2; licensed: the user's copy
``summeval``   expert relevance stands in for coverage, the mean of        ``human`` =
               coherence, consistency and fluency for quality (1-5 ->      (coverage+quality)/2,
               0-1)                                                        ``coverage``
``realsumm``   LitePyramid recall stands in for coverage; no quality       ``coverage``
=============  ==========================================================  ====================
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.text.natural_sort import natural_key

__all__ = [
    "Evaluation",
    "EVALUATIONS",
    "build_evaluation",
    "hong2014_evaluation",
    "load_evaluation",
    "summary_references",
]

#: Data sets :func:`load_evaluation` knows, with the profiles that have them.
EVALUATIONS: Dict[str, Tuple[str, ...]] = {
    "duc2004": ("sample", "licensed"),
    "summeval": ("public",),
    "realsumm": ("public",),
}


@dataclass(eq=False)
class Evaluation:
    """One summarization data set prepared for a correlation study (module docstring)."""

    name: str
    description: str
    corpus: Any
    human: pd.DataFrame
    targets: Dict[str, str]
    byte_limit: Optional[int] = None
    length_limit: Optional[int] = None
    stands_in_for: Dict[str, str] = field(default_factory=dict)

    @property
    def key(self) -> str:
        """A file-name-safe short name (``duc2004``, ``summeval``, ``realsumm``)."""
        return re.sub(r"[^a-z0-9]+", "", self.name.lower().split("(")[0])

    @property
    def provenance(self):
        """The corpus' provenance record (:mod:`evalkit.data.provenance`), or None."""
        from evalkit.data.provenance import provenance_of

        return provenance_of(self.corpus)

    @property
    def size(self) -> str:
        """``N systems x M instances`` of the judged summaries."""
        return f"{self.human['system'].nunique()} systems x {self.human['instance'].nunique()} instances"

    @property
    def has_quality(self) -> bool:
        return bool(self.human["quality"].notna().all())

    def systems(self) -> List[str]:
        return sorted(self.human["system"].unique(), key=natural_key)

    def system_targets(self) -> pd.DataFrame:
        """System-level gold scores: mean over each system's summaries of every target."""
        cols = ["coverage", "quality"] + [
            t for t in self.targets if t not in ("coverage", "quality")
        ]
        return self.human.groupby("system", sort=False)[cols].mean().loc[self.systems()]

    def first_instances(self, k: int) -> "Evaluation":
        """The same evaluation on the corpus' first ``k`` instances."""
        keep = list(self.corpus.instances["instance"])[:k]
        human = self.human[self.human["instance"].isin(keep)].reset_index(drop=True)
        return Evaluation(
            self.name,
            self.description + f" Only the first {len(keep)} instances.",
            self.corpus.subset(keep),
            human,
            self.targets,
            self.byte_limit,
            self.length_limit,
            dict(self.stands_in_for),
        )


def load_evaluation(
    key: str,
    profile: str,
    quick: bool = False,
    cs_formula: str = "graham_eq1",
    include_models: bool = False,
    max_instances: Optional[int] = None,
) -> Evaluation:
    """The data set ``key`` of ``profile`` as an :class:`Evaluation` (module docstring).

    ``quick`` keeps the first 20 instances of the public sets (the sample profile has its
    own quick corpus); ``max_instances`` overrides. ``include_models`` also scores the
    human-written summaries judged as peers (DUC). Licensed data that are not configured
    raise :class:`~evalkit.errors.DataNotConfiguredError` (the runner reports *skipped*).
    """
    from evalkit.data import datasets

    if key not in EVALUATIONS or profile not in EVALUATIONS[key]:
        raise ParameterError(
            "key",
            f"{key} ({profile})",
            "one of " + ", ".join(f"{k} ({'/'.join(p)})" for k, p in EVALUATIONS.items()),
        )
    if max_instances is None and quick and profile == "public":
        max_instances = 20
    options = {
        "summeval": {"documents": False},
        "realsumm": {"annotations": False, "documents": False},
    }
    corpus = datasets.load(key, profile, quick=quick, **options.get(key, {}))
    ev = build_evaluation(
        key, corpus, profile, cs_formula=cs_formula, include_models=include_models
    )
    return ev.first_instances(max_instances) if max_instances is not None else ev


def build_evaluation(
    key: str,
    corpus,
    profile: str = "sample",
    cs_formula: str = "graham_eq1",
    include_models: bool = False,
) -> Evaluation:
    """The :class:`Evaluation` of an already loaded ``corpus`` of data set ``key``
    (``duc2004``, ``summeval`` or ``realsumm``; module docstring)."""
    from evalkit.data import human_scores

    if key not in EVALUATIONS:
        raise ParameterError("key", key, f"one of {list(EVALUATIONS)}")
    if key == "duc2004":
        human = human_scores.duc_see_scores(
            corpus, formula=cs_formula, include_models=include_models
        )
        human["human"] = (human["coverage"] + human["quality"]) / 2
        how = (
            "eq. (1) as printed (matching peer units x E / model units)"
            if cs_formula == "graham_eq1"
            else "the SEE mean coverage"
        )
        name = f"DUC 2004 ({'simulated' if profile == 'sample' else 'licensed'})"
        desc = (
            f"{name}, {'peers and models' if include_models else 'peers'}; coverage by {how}, "
            "quality = mean of the 7 questions (A=100%..E=0%)."
        )
        ev = Evaluation(
            name,
            desc,
            corpus,
            human,
            {"human": "(coverage + quality) / 2"},
            byte_limit=665,
            stands_in_for={}
            if profile == "licensed"
            else {"DUC 2004": "the simulated DUC 2004 task 2"},
        )
    elif key == "summeval":
        human = human_scores.coverage_quality_mean(human_scores.summeval_coverage_quality(corpus))
        human = human.rename(columns={"combined": "human"})
        desc = (
            "SummEval (CNN/DM, 11 references per document): expert relevance stands in for DUC coverage, "
            "the mean of coherence, consistency and fluency for linguistic quality (1-5 rescaled to 0-1); "
            "the gold score is (coverage + quality) / 2 as in the paper."
        )
        ev = Evaluation(
            "SummEval",
            desc,
            corpus,
            human,
            {
                "human": "(relevance + mean of coherence/consistency/fluency) / 2",
                "coverage": "expert relevance (stands in for coverage)",
            },
            stands_in_for={
                "DUC 2004 coverage": "SummEval expert relevance",
                "DUC 2004 linguistic quality": "mean of coherence, consistency, fluency",
            },
        )
    else:
        human = human_scores.realsumm_pyramid(corpus, column="coverage").assign(quality=np.nan)
        desc = (
            "REALSumm (CNN/DM, 1 reference per document): LitePyramid recall (no linguistic quality) "
            "is the gold score."
        )
        ev = Evaluation(
            "REALSumm",
            desc,
            corpus,
            human,
            {"coverage": "LitePyramid recall (stands in for coverage)"},
            stands_in_for={"DUC 2004 coverage": "REALSumm LitePyramid recall"},
        )
    ev.human = ev.human.reset_index(drop=True)
    return ev


def summary_references(ev: Evaluation):
    """The judged peer summaries with their instance's model summaries as references.

    Returns ``(peers, references, eval_ids)``: ``peers`` the judged rows with their
    ``sentences``; ``references[i]`` the model summaries of peer i's instance (a model
    judged as a peer gets the other models); ``eval_ids[i]`` the ROUGE evaluation id (a
    model judged as a peer is an evaluation of its own). A judged summary without text or an
    instance without models raises.
    """
    c = ev.corpus
    s = c.summaries
    models = s[s["summarizer"].isin(set(c.models()))].sort_values(
        ["instance", "summarizer"], kind="mergesort"
    )
    by_instance: Dict[str, List[Tuple[str, Tuple[str, ...]]]] = {}
    for inst, who, sents in zip(models["instance"], models["summarizer"], models["sentences"]):
        by_instance.setdefault(inst, []).append((who, tuple(sents)))
    judged = ev.human[["instance", "system"]].rename(columns={"system": "summarizer"})
    peers = judged.merge(s, on=["instance", "summarizer"], how="left")
    if peers["sentences"].isna().any():
        bad = (
            peers.loc[peers["sentences"].isna(), ["instance", "summarizer"]].head(3).values.tolist()
        )
        raise ParameterError("corpus", bad, "a summary for every judged (instance, summarizer)")
    references = [
        [text for m, text in by_instance.get(inst, []) if m != who]
        for inst, who in zip(peers["instance"], peers["summarizer"])
    ]
    empty = [(i, w) for i, w, r in zip(peers["instance"], peers["summarizer"], references) if not r]
    if empty:
        raise ParameterError("corpus", empty[:3], "at least one model summary per instance")
    model_set = set(c.models())
    eval_ids = [
        f"{i}\t{w}" if w in model_set else i for i, w in zip(peers["instance"], peers["summarizer"])
    ]
    return peers, references, eval_ids


def hong2014_evaluation(duc: Evaluation, length_limit: Optional[int] = 100) -> Optional[Evaluation]:
    """Hong et al.'s (2014) 12 systems on ``duc``'s instances, the DUC 2004 models as
    references (no human scores), when the licensed data set ``hong2014`` is configured;
    None otherwise (the rest of a notebook still runs). Summaries are cut to
    ``length_limit`` words when scored (Hong et al. report ROUGE on 100 words)."""
    from evalkit.data import licensed
    from evalkit.data.hong2014 import load_hong2014

    if licensed.configured("hong2014") is None:
        return None
    corpus = load_hong2014(duc.corpus, length_limit=length_limit)
    peers = corpus.summaries[corpus.summaries["summarizer"].isin(set(corpus.peers()))]
    human = peers[["instance"]].assign(
        system=peers["summarizer"].to_numpy(), coverage=np.nan, quality=np.nan
    )
    desc = (
        f"Hong et al. (2014) summaries with the DUC 2004 models as references"
        f"{f', cut to {length_limit} words' if length_limit else ''} (no human scores)."
    )
    return Evaluation(
        "Hong et al. 2014",
        desc,
        corpus,
        human.reset_index(drop=True),
        {},
        byte_limit=None,
        length_limit=length_limit,
    )
