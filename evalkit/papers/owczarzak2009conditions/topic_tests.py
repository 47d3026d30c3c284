"""Owczarzak & Dang (2009): the test of a finding over the topics, the units it generalises
over. A finding is a contrast ``sum(w * r(metric, size))`` of the sweep's cells (mean r over the
draws at ``size`` models or topics); its estimate comes from this run's draws (size T, all
topics, is the actual row) and its 95% interval from the topic bootstrap resamples of
:func:`~.experiments.models_experiment` / :func:`~.experiments.topics_experiment`
(:func:`evalkit.stats.sampling.topic_bootstrap_sweep` / ``topic_bootstrap_model_sweep``): the
percentile interval of the contrast over the resamples (range of a contrast of r's: sum of
|w| times 2). Tests over the draws, which repeat the same topics, measured Monte-Carlo
precision only (their p-values shrank with ``n_draws``).
"""

from __future__ import annotations

from typing import Mapping, Optional

from evalkit.notebook.claims import Claims
from evalkit.stats.correlation import percentile_interval

__all__ = ["MIN_TOPICS", "topic_interval", "topic_finding"]


def topic_interval(draws: Optional[Mapping], weights: Mapping[tuple, float]):
    """``(estimate, low, high, n_topics)`` of the contrast ``sum(w * r(metric, size))`` of the
    cells' mean r, or None when a cell is missing: the estimate from this run's draws (size
    T, all topics, is the actual row), the 95% percentile interval over the topic bootstrap
    resamples (``draws["topic_boot"]``), widened to hold the estimate should Monte-Carlo
    error put it outside."""
    if draws is None or draws.get("topic_boot") is None:
        return None
    n_topics = int(draws["topics"])
    d = draws["draws"]
    cells = d.groupby(["metric", "size"])["r"].mean().to_dict()
    full = draws["full"]
    full = full[full["kind"] == "actual"] if len(full) else full
    for m, r in zip(full.get("metric", ()), full.get("r", ())):
        cells.setdefault((m, n_topics), float(r))
    boot = draws["topic_boot"].pivot_table(index="resample", columns=["metric", "size"], values="r")
    if not all(k in cells and k in boot.columns for k in weights):
        return None
    est = float(sum(w * cells[k] for k, w in weights.items()))
    lo, hi = percentile_interval(sum(w * boot[k] for k, w in weights.items()))
    return est, min(lo, est), max(hi, est), n_topics


#: Fewer topics than this and the shape / overtake rows are not comparable: an exact paired
#: test over n topics has smallest two-sided p 2 / 2^n, above 0.05 for n <= 5, and a
#: percentile bootstrap over so few units is too narrow (a quick run has 5 topics).
MIN_TOPICS = 6


def topic_finding(
    claims: Claims,
    cid: str,
    draws: Optional[Mapping],
    weights: Mapping[tuple, float],
    contrast: str,
    *,
    missing: str,
    expected: str,
    note: str = "",
    construction: Optional[str] = None,
    **row,
) -> None:
    """The row of a finding on the contrast ``weights`` of the cells' mean r, decided by the
    topic bootstrap interval (:func:`topic_interval`): not comparable when a cell is
    missing (``missing``) or with fewer than :data:`MIN_TOPICS` topics; *by construction*
    (``construction``: the note) where the simulator was built to show it."""
    got = topic_interval(draws, weights)
    if got is None:
        claims.not_comparable(cid, note=missing, **row)
        return
    est, lo, hi, n_topics = got
    if construction:
        this = f"{est:+.3f} (95% CI over {n_topics} topics [{lo:+.3f}, {hi:+.3f}])"
        claims.by_construction(cid, this_run=this, note=construction, **row)
        return
    if n_topics < MIN_TOPICS:
        claims.not_comparable(cid, note=f"{n_topics} topics: {_FEW_TOPICS}", **row)
        return
    n_boot = draws["topic_boot"]["resample"].nunique()
    claims.finding(
        cid,
        expected=expected,
        difference=est,
        ci=(lo, hi),
        test=f"topic bootstrap of {contrast}: 95% percentile interval over {n_boot} resamples "
        f"of the {n_topics} topics (the units; each resample's cells from fresh draws)",
        note=note,
        **row,
    )


_FEW_TOPICS = (
    "too few topics for a test over them (an exact paired test's smallest p is 2 / 2^n, "
    "above 0.05 below 6 topics)"
)
