"""Owczarzak & Dang (2009): the test of a finding over the topics, the units it generalises
over. A finding is a contrast ``sum(w * r(metric, size))`` of the sweep's cells (mean r over the
draws at ``size`` models or topics); its estimate comes from this run's draws (size T, all
topics, is the actual row) and its 95% interval from the topic bootstrap resamples of
:func:`~.experiments.models_experiment` / :func:`~.experiments.topics_experiment`
(:func:`evalkit.stats.sampling.topic_bootstrap_sweep` / ``topic_bootstrap_model_sweep``): by
default the bias-corrected (BC) percentile interval of the contrast over the resamples
(:func:`evalkit.stats.correlation.bca_interval`; range of a contrast of r's: sum of |w| times
2). Tests over the draws, which repeat the same topics, measured Monte-Carlo precision only
(their p-values shrank with ``n_draws``).

Why BC: r of system means is attenuated by the topics' noise, and a resample, which repeats
topics, attenuates it again, so most resamples' r lie below this run's (on the sample, 60-99%
of them per cell) and the plain percentile interval sits below the estimate. Widening it to
hold the estimate hid that bias; BC reads the percentiles that correct it (Efron 1987). No
acceleration (BCa): its jackknife over topics would need the sweep without each topic, whose
cells carry the Monte-Carlo error of their draws, which would swamp it.
"""

from __future__ import annotations

from typing import Mapping, Optional

from evalkit.notebook.claims import Claims
from evalkit.errors import ParameterError
from evalkit.stats.cluster_bootstrap import MIN_CLUSTERS
from evalkit.stats.correlation import bca_interval, percentile_interval

__all__ = ["INTERVALS", "topic_interval", "topic_finding"]

#: The interval methods of a topic finding (the first is the default), as the row names them.
INTERVALS = {"bc": "bias-corrected (BC) percentile", "percentile": "percentile"}


def topic_interval(draws: Optional[Mapping], weights: Mapping[tuple, float], interval: str = "bc"):
    """``(estimate, low, high, n_topics)`` of the contrast ``sum(w * r(metric, size))`` of the
    cells' mean r, or None when a cell is missing: the estimate from this run's draws (size
    T, all topics, is the actual row), the 95% ``interval`` (:data:`INTERVALS`) over the topic
    bootstrap resamples (``draws["topic_boot"]``), held to include the estimate where it
    still leaves it out (BC: ``|z0| > 1.96``); ``low, high`` NaN when the estimate is beyond
    every resample (no BC interval)."""
    if interval not in INTERVALS:
        raise ParameterError("interval", interval, f"one of {sorted(INTERVALS)}")
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
    samples = sum(w * boot[k] for k, w in weights.items())
    if interval == "bc":
        lo, hi = bca_interval(samples, est, holding=est)
    else:
        lo, hi = percentile_interval(samples, holding=est)
    return est, lo, hi, n_topics


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
    interval: str = "bc",
    **row,
) -> None:
    """The row of a finding on the contrast ``weights`` of the cells' mean r, decided by the
    topic bootstrap ``interval`` (:func:`topic_interval`): not comparable when a cell is
    missing (``missing``), with fewer topics than
    :data:`~evalkit.stats.cluster_bootstrap.MIN_CLUSTERS` (the topics are the units
    resampled; a quick run has 5) or when the estimate is beyond every resample; *by
    construction* (``construction``: the note) where the simulator was built to show it."""
    got = topic_interval(draws, weights, interval)
    if got is None:
        claims.not_comparable(cid, note=missing, **row)
        return
    est, lo, hi, n_topics = got
    if construction:
        this = f"{est:+.3f} (95% CI over {n_topics} topics [{lo:+.3f}, {hi:+.3f}])"
        claims.by_construction(cid, this_run=this, note=construction, **row)
        return
    if n_topics < MIN_CLUSTERS:
        claims.not_comparable(cid, note=f"{n_topics} topics: {_FEW_TOPICS}", **row)
        return
    n_boot = draws["topic_boot"]["resample"].nunique()
    if lo != lo:  # NaN: no interval
        claims.not_comparable(cid, note=_beyond(est, n_boot), **row)
        return
    claims.finding(
        cid,
        expected=expected,
        difference=est,
        ci=(lo, hi),
        test=f"topic bootstrap of {contrast}: 95% {INTERVALS[interval]} interval over {n_boot} "
        f"resamples of the {n_topics} topics (the units; each resample's cells from fresh "
        "draws; held to include this run's value if outside)",
        note=note,
        **row,
    )


_FEW_TOPICS = (
    "too few topics for a test over them (an exact paired test's smallest p is 2 / 2^n, "
    f"above 0.05 below {MIN_CLUSTERS} topics)"
)


def _beyond(est: float, n_boot: int) -> str:
    return (
        f"this run's value {est:+.4f} is beyond all {n_boot} topic bootstrap resamples: no "
        "bias-corrected interval (the resampling is too biased to calibrate)"
    )
