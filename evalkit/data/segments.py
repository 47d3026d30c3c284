"""Sentence-level meta-evaluation of MT metrics on parsed segments, shared by the papers.

* :func:`system_rows`: one row per (segment, system) of an MT corpus with its hypothesis and
  its references (``document, segment, system, hyp, refs``);
* :func:`parse_rows`: every text of those rows parsed once (through the parse cache);
* :func:`metric_inputs`: parses for the syntactic metrics (:class:`evalkit.metrics.syntax.
  ParsedMetric`), texts for the string metrics;
* :func:`darr_table`: WMT daRR Kendall's tau-like of each metric over the human preference
  pairs among the rows (:func:`evalkit.stats.correlation.wmt_kendall_like`).

Metrics are given as a mapping ``{(name, setting): metric}`` (``setting`` e.g. a maximum depth;
``""`` when there is none).
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics.syntax import ParsedMetric, as_parses

__all__ = ["system_rows", "parse_rows", "metric_inputs", "darr_table"]


def metric_inputs(metric, hyps, refs, parsed):
    """Parses for the syntactic metrics, texts for the string metrics (BLEU)."""
    if parsed is not None and isinstance(metric, ParsedMetric):
        return [parsed[h] for h in hyps], [[parsed[x] for x in r] for r in refs]
    return list(hyps), [list(r) for r in refs]


def system_rows(
    corpus,
    systems: Sequence[str],
    references: Optional[Sequence[str]] = None,
    n_segments: Optional[int] = None,
) -> pd.DataFrame:
    """``document, segment, system, hyp, refs`` for the given systems (the first
    ``n_segments`` segments of the corpus when given), references in ``references`` order."""
    refs = corpus.references
    ids = list(references) if references else list(dict.fromkeys(refs["reference"]))
    missing = sorted(set(ids) - set(refs["reference"]))
    if missing:
        raise ParameterError(
            "references",
            missing,
            f"reference ids of {corpus.name}: {sorted(set(refs['reference']))}",
        )
    refs = refs[refs["reference"].isin(ids)].assign(order=lambda f: f["reference"].map(ids.index))
    grouped = (
        refs.sort_values("order").groupby(["document", "segment"], sort=False)["text"].agg(list)
    )
    segs = corpus.segments[["document", "segment"]]
    if n_segments is not None:
        segs = segs.head(int(n_segments))
    out = corpus.outputs[corpus.outputs["system"].isin(list(systems))].merge(
        segs, on=["document", "segment"]
    )
    out = out.rename(columns={"text": "hyp"}).join(
        grouped.rename("refs"), on=["document", "segment"]
    )
    unknown = sorted(set(systems) - set(out["system"]))
    if unknown:
        raise ParameterError(
            "systems", unknown, f"systems of {corpus.name}: {sorted(set(corpus.outputs['system']))}"
        )
    return out.dropna(subset=["refs"]).reset_index(drop=True)


def parse_rows(rows: pd.DataFrame, parser) -> Dict[str, object]:
    """Every hypothesis and reference text of ``rows`` parsed once (through the cache)."""
    texts = list(dict.fromkeys(rows["hyp"].tolist() + [t for r in rows["refs"] for t in r]))
    return dict(zip(texts, as_parses(texts, parser)))


def darr_table(
    corpus, rows: pd.DataFrame, grid, parsed, metric_ties: str = "discordant"
) -> pd.DataFrame:
    """The public stand-in for Tables 1-5: WMT19 daRR Kendall's tau-like of each grid metric's
    sentence scores over the human preference pairs among ``rows``."""
    from evalkit.stats.correlation import wmt_kendall_like

    scores = []
    for (name, depth), metric in grid.items():
        h, r = metric_inputs(metric, rows["hyp"].tolist(), rows["refs"].tolist(), parsed)
        scores.append(
            rows[["segment", "system"]].assign(
                metric=f"{name}|{depth}", value=np.asarray(metric.sentence_scores(h, r), float)
            )
        )
    keep = set(zip(rows["segment"], rows["system"]))
    pairs = corpus.preferences
    pairs = pairs[
        [
            (s, b) in keep and (s, w) in keep
            for s, b, w in zip(pairs["segment"], pairs["better"], pairs["worse"])
        ]
    ]
    tau = wmt_kendall_like(
        pairs[["segment", "better", "worse"]], pd.concat(scores), metric_ties=metric_ties
    )
    split = tau["metric"].str.split("|", expand=True)
    return tau.assign(metric=split[0], max_depth=split[1], r=tau["tau"], n=len(pairs))
