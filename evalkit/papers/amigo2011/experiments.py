"""Amigó et al. (2011): the measures' scores and the human quality of a corpus's outputs, and
Figure 4's heterogeneity by family."""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.stats import corroboration as co

__all__ = [
    "as_quality",
    "as_scores",
    "heterogeneity_by_family",
    "mt_pairs",
    "mt_quality",
    "mt_scores",
]


# --------------------------------------------------------------------------- scores
def _build(name: str, config: dict):
    from evalkit.metrics import get_metric

    return get_metric(name, **config)


def mt_scores(
    corpus, measures: Dict[str, tuple], max_segments: Optional[int] = None
) -> pd.DataFrame:
    """Sentence-level scores of every system output: ``document, segment, system, metric,
    value`` (higher = better; error rates negated and named 1-X). References: all of the
    segment's."""
    outs = corpus.outputs
    keys = corpus.segments[["document", "segment"]].drop_duplicates()
    if max_segments is not None:
        keys = keys.head(max_segments)
    outs = outs.merge(keys, on=["document", "segment"])
    refs = corpus.references.groupby(["document", "segment"])["text"].apply(list)
    ref_lists = [refs[(d, s)] for d, s in zip(outs["document"], outs["segment"])]
    frames = []
    for label, (name, config) in measures.items():
        metric = _build(name, config)
        x = np.asarray(metric.sentence_scores(list(outs["text"]), ref_lists), float)
        x = x if metric.higher_is_better else -x
        frames.append(outs[["document", "segment", "system"]].assign(metric=label, value=x))
    return pd.concat(frames, ignore_index=True)


def mt_quality(corpus) -> pd.DataFrame:
    """Human quality per output: mean adequacy + mean fluency over judges (2-10 on 1-5
    scales, the paper's sum), ``document, segment, system, value``."""
    j = corpus.judgments
    per = (
        j.groupby(["document", "segment", "system", "judgment"])["value"].mean().unstack("judgment")
    )
    missing = [c for c in ("adequacy", "fluency") if c not in per.columns]
    if missing:
        from evalkit.errors import ParameterError

        raise ParameterError(
            "corpus", corpus.name, f"adequacy and fluency judgments (missing {missing})"
        )
    per = per.dropna(subset=["adequacy", "fluency"])
    return (per["adequacy"] + per["fluency"]).rename("value").reset_index()


def mt_pairs(corpus, scores: pd.DataFrame):
    """The pair table of an MT corpus: from per-output adequacy + fluency when judged
    (:func:`mt_quality`), else from relative preferences (WMT daRR), restricted to the
    scored segments."""
    if len(corpus.preferences):
        keys = scores[["document", "segment"]].drop_duplicates()
        prefs = corpus.preferences.merge(keys, on=["document", "segment"])
        return co.pairs_from_preferences(scores, prefs)
    return co.build_pairs(scores, mt_quality(corpus))


def as_quality(corpus) -> pd.DataFrame:
    """Human quality per peer summary: DUC responsiveness (DUC 2006: content responsiveness,
    as the paper does not say which of its two; notes B3), or SummEval expert relevance (the
    stand-in), ``instance, system, value``."""
    from evalkit.data import human_scores

    if corpus.name == "summeval":
        frame = human_scores.summeval_coverage_quality(corpus).rename(columns={"coverage": "value"})
    else:
        have = set(corpus.judgments["judgment"])
        name = (
            "responsiveness"
            if "responsiveness" in have or "content_responsiveness" not in have
            else "content_responsiveness"
        )
        frame = human_scores.wide_judgments(corpus, [name]).rename(columns={name: "value"})
    return frame[["instance", "system", "value"]].dropna()


def as_scores(summaries: pd.DataFrame, roles: pd.DataFrame) -> pd.DataFrame:
    """The 21 AS measures for every peer summary against its topic's models:
    ``instance, system, metric, value`` (metric ``R-<kind>``, ``P-<kind>``, ``F-<kind>``;
    P is the paper's "reversed precision version")."""
    from evalkit.metrics.rouge_variants import rouge_variant_grid

    texts = summaries.merge(roles, on=["instance", "summarizer"])
    peers = texts[texts["role"] == "peer"]
    models = (
        texts[texts["role"] == "model"]
        .groupby("instance")["sentences"]
        .apply(lambda s: [tuple(t) for t in s])
    )
    grid = rouge_variant_grid(
        [tuple(t) for t in peers["sentences"]],
        [models[i] for i in peers["instance"]],
        list(peers["instance"].astype(str)),
        list(peers["summarizer"].astype(str)),
        per_summary=True,
    )
    tags = {"R1": "1", "R2": "2", "R3": "3", "R4": "4", "RSU4": "SU4", "RL": "L", "RW": "W-1.2"}
    grid = grid[grid["stem"] & ~grid["stopwords"] & grid["method"].isin(list(tags))]
    back = {str(i): i for i in peers["instance"].unique()}
    return pd.DataFrame(
        {
            "instance": grid["instance"].map(back),
            "system": grid["system"],
            "metric": grid["score"] + "-" + grid["method"].map(tags),
            "value": grid["value"],
        }
    )


# --------------------------------------------------------------------------- figures
def heterogeneity_by_family(
    table,
    lexical: Sequence[str],
    linguistic: Sequence[str],
    sizes: Sequence[int],
    n_sets: int,
    seed,
) -> pd.DataFrame:
    """Figure 4: mean H of random sets of each size drawn from the lexical measures only or
    from lexical + linguistic ones. Returns ``size, family, heterogeneity, measures`` (one
    row per set; ``measures`` a tuple of names)."""
    rows = []
    pools = {"lexical": list(lexical), "lexical+linguistic": list(lexical) + list(linguistic)}
    for i, (family, pool) in enumerate(pools.items()):
        ok = [s for s in sizes if s <= len(pool)]
        for x in co.sample_measure_sets(pool, ok, n_sets, seed=None if seed is None else seed + i):
            rows.append(
                {
                    "size": len(x),
                    "family": family,
                    "heterogeneity": co.heterogeneity(table, x),
                    "measures": tuple(x),
                }
            )
    return pd.DataFrame(rows)
