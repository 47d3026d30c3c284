"""Owczarzak & Dang (2009): the models experiment (Tables 1-5), the topics experiment (Tables
7-11), split halves (Table 6, footnote 1) and model split halves (Figure 1) on a
:class:`SweepData`; the printed layout with ANOVA + Tukey markers.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd

from evalkit.stats.anova import anova_markers
from evalkit.stats.correlation import correlate_columns, level_correlation, resampled_correlations
from evalkit.stats.sampling import (
    model_subset_correlations,
    split_half_correlations,
    stability_summary,
    topic_bootstrap_model_sweep,
    topic_bootstrap_sweep,
    topic_subsample_correlations,
)

from .sweep_data import SweepData

__all__ = [
    "model_sweep",
    "full_rows",
    "sweep_table",
    "models_experiment",
    "topics_experiment",
    "topic_sweep",
    "self_subset",
    "one_topic_correlations",
    "split_half_table",
    "model_split_half",
]


def model_sweep(
    subsets: dict, reference_scores, *, n_draws: int, seed: int, method: str = "pearson"
) -> pd.DataFrame:
    """``metric, k, draw, r``: the models experiment on the subsets :func:`_model_subsets`
    built (the same per-topic draws for every metric), against ``reference_scores`` (systems
    x topics, averaged over the reference's models)."""
    ref = np.nanmean(reference_scores, axis=1)
    out = []
    for k, (tables, n_sub) in subsets.items():
        d = model_subset_correlations(
            tables, n_sub, ref, n_draws=n_draws, method=method, seed=seed + int(k)
        )
        out.append(d.assign(k=int(k)))
    return pd.concat(out, ignore_index=True)[["metric", "k", "draw", "r"]]


def _model_subsets(ev: SweepData, ks, metrics, reference: str, rounding: str) -> dict:
    """``{k: (tables, subsets per topic)}`` (:meth:`SweepData.subset_tables`) of the metrics
    the models experiment draws (not Pyramid against itself)."""
    use = [m for m in metrics if not (m == "pyramid" and reference == "pyramid")]
    return {int(k): ev.subset_tables(int(k), use, rounding) for k in ks}


def full_rows(
    ev: SweepData,
    metrics: Sequence[str],
    reference: str,
    *,
    n_boot: int,
    seed: int,
    method: str = "pearson",
) -> pd.DataFrame:
    """``metric, kind (actual|bootstr), draw, r``: full-data correlation and the topic bootstrap."""
    y = ev.references[reference]
    rows = []
    for m in metrics:
        if m not in ev.scores or (m == "pyramid" and reference == "pyramid"):
            continue
        x = ev.scores[m]
        r, _ = level_correlation(x, y, "system", method)
        rows.append(pd.DataFrame({"metric": m, "kind": "actual", "draw": [0], "r": [r]}))
        boot = resampled_correlations(
            x, y, level="system", method=method, unit="inputs", n_resamples=n_boot, seed=seed
        )
        rows.append(
            pd.DataFrame({"metric": m, "kind": "bootstr", "draw": np.arange(n_boot), "r": boot})
        )
    return pd.concat(rows, ignore_index=True)


def sweep_table(
    draws: pd.DataFrame, full: pd.DataFrame, size_col: str, full_size: int, alpha: float = 0.05
) -> pd.DataFrame:
    """The printed layout: ``row, size, kind, metric, value, markers`` -- mean r per size, then
    the bootstrap and actual rows; markers from ANOVA + Tukey over each column's draws."""
    rows = []
    for m, grp in draws.groupby("metric", sort=False):
        data = [(str(s), g["r"].dropna().to_numpy()) for s, g in grp.groupby(size_col, sort=True)]
        boot = full[(full["metric"] == m) & (full["kind"] == "bootstr")]["r"].dropna().to_numpy()
        data.append((f"{full_size} (bootstr)", boot))
        long = pd.DataFrame(
            [(label, v) for label, vals in data for v in vals], columns=["group", "value"]
        )
        marks = anova_markers(long, order=[d[0] for d in data], alpha=alpha).set_index("group")[
            "markers"
        ]
        for label, vals in data:
            kind = "bootstr" if label.endswith("(bootstr)") else "subsample"
            rows.append((label, int(label.split()[0]), kind, m, float(np.mean(vals)), marks[label]))
        actual = full[(full["metric"] == m) & (full["kind"] == "actual")]["r"]
        rows.append((f"{full_size} (actual)", full_size, "actual", m, float(actual.iat[0]), ""))
    return pd.DataFrame(rows, columns=["row", "size", "kind", "metric", "value", "markers"])


def models_experiment(
    ev: SweepData,
    reference: str,
    ks: Sequence[int],
    metrics: Sequence[str],
    *,
    n_draws: int,
    n_boot: int,
    seed: int,
    method: str = "pearson",
    rounding: str = "none",
    alpha: float = 0.05,
    return_draws: bool = False,
    n_topic_boot: int = 200,
    boot_draws: int = 100,
):
    """One of Tables 1-5 on ``ev``: the printed layout (:func:`sweep_table`) with ``n_models``;
    with ``return_draws`` also the draws behind it, ``(table, {"draws": ..., "full": ...,
    "topic_boot": ..., "topics": T})`` (:func:`model_sweep`, :func:`full_rows`, and the
    models sweep on ``n_topic_boot`` topic bootstrap resamples of ``boot_draws`` draws per
    cell, :func:`evalkit.stats.sampling.topic_bootstrap_model_sweep`), which the findings'
    tests use."""
    metrics = [m for m in metrics if m in ev.scores]
    subsets = _model_subsets(ev, ks, metrics, reference, rounding)
    draws = model_sweep(
        subsets, ev.references[reference], n_draws=n_draws, seed=seed, method=method
    )
    full = full_rows(ev, metrics, reference, n_boot=n_boot, seed=seed, method=method)
    table = sweep_table(draws, full, "k", ev.n_models, alpha)
    if not return_draws:
        return table
    boot = topic_bootstrap_model_sweep(
        {k: t for k, (t, _) in subsets.items()},
        {k: n for k, (_, n) in subsets.items()},
        ev.references[reference],
        n_resamples=n_topic_boot,
        n_draws=boot_draws,
        method=method,
        seed=seed,
    )
    draws = draws.rename(columns={"k": "size"})
    return table, {"draws": draws, "full": full, "topic_boot": boot, "topics": len(ev.instances)}


def topics_experiment(
    ev: SweepData,
    reference: str,
    sizes: Sequence[int],
    metrics: Sequence[str],
    *,
    n_draws: int,
    n_boot: int,
    seed: int,
    method: str = "pearson",
    alpha: float = 0.05,
    return_draws: bool = False,
    n_topic_boot: int = 200,
    boot_draws: int = 100,
):
    """One of Tables 7-11 on ``ev`` (sizes above the number of topics are dropped); with
    ``return_draws`` also ``{"draws": ..., "full": ..., "topic_boot": ..., "topics": T}`` as
    :func:`models_experiment` (:func:`evalkit.stats.sampling.topic_bootstrap_sweep` at the
    sizes drawn and at all T topics)."""
    metrics = [m for m in metrics if m in ev.scores]
    draws = topic_sweep(ev, sizes, metrics, reference, n_draws=n_draws, seed=seed, method=method)
    full = full_rows(ev, metrics, reference, n_boot=n_boot, seed=seed, method=method)
    n_topics = len(ev.instances)
    table = sweep_table(draws, full, "size", n_topics, alpha)
    if not return_draws:
        return table
    use = [m for m in metrics if not (m == "pyramid" and reference == "pyramid")]
    boot = topic_bootstrap_sweep(
        {m: ev.scores[m] for m in use},
        ev.references[reference],
        sorted({s for s in sizes if s <= n_topics} | {n_topics}),
        n_resamples=n_topic_boot,
        n_draws=boot_draws,
        method=method,
        seed=seed,
    )
    return table, {"draws": draws, "full": full, "topic_boot": boot, "topics": n_topics}


def topic_sweep(
    ev: SweepData,
    sizes: Sequence[int],
    metrics: Sequence[str],
    reference: str,
    *,
    n_draws: int,
    seed: int,
    method: str = "pearson",
) -> pd.DataFrame:
    """``metric, size, draw, r``: n-topic system means (all models) against the full-topic
    reference (the same topic draws for every metric: one seed)."""
    ref = np.nanmean(ev.references[reference], axis=1)
    usable = [s for s in sizes if s <= len(ev.instances)]
    out = []
    for m in metrics:
        if m not in ev.scores or (m == "pyramid" and reference == "pyramid"):
            continue
        d = topic_subsample_correlations(
            ev.scores[m], ref, usable, n_draws=n_draws, method=method, seed=seed
        )
        out.append(d.assign(metric=m))
    return pd.concat(out, ignore_index=True)[["metric", "size", "draw", "r"]]


def self_subset(
    ev: SweepData,
    sizes: Sequence[int],
    *,
    n_draws: int,
    seed: int,
    method: str = "pearson",
    return_draws: bool = False,
) -> pd.DataFrame:
    """Footnote 1: a manual metric on n topics against the same metric on all topics:
    ``metric, size, value`` (mean r), or with ``return_draws`` every draw
    (``metric, size, draw, r``)."""
    out = []
    for m, x in ev.references.items():
        usable = [s for s in sizes if s <= len(ev.instances)]
        d = topic_subsample_correlations(
            x, np.nanmean(x, axis=1), usable, n_draws=n_draws, method=method, seed=seed
        )
        if return_draws:
            out.append(d.assign(metric=m)[["metric", "size", "draw", "r"]])
        else:
            means = d.groupby("size")["r"].mean().rename("value").reset_index()
            out.append(means.assign(metric=m)[["metric", "size", "value"]])
    return pd.concat(out, ignore_index=True)


def one_topic_correlations(
    ev: SweepData, metrics: Sequence[str], reference: str, *, method: str = "pearson"
) -> pd.DataFrame:
    """Footnote 1's 1-topic row topic by topic: ``metric, topic, r``, the correlation over the
    systems of ``reference`` and of each of ``metrics`` on one topic with ``reference`` on
    all topics. Every 1-topic draw of :func:`topic_sweep` / :func:`self_subset` is one of
    these, so their mean is the draws' expectation, and the topics are the independent units
    a test of the two rows' difference needs."""
    ref = np.nanmean(ev.references[reference], axis=1)
    out = []
    for m, x in [(m, ev.scores[m]) for m in metrics if m in ev.scores] + [
        (reference, ev.references[reference])
    ]:
        r = correlate_columns(x, np.repeat(ref[:, None], x.shape[1], axis=1), method)
        out.append(pd.DataFrame({"metric": m, "topic": list(ev.instances), "r": r}))
    return pd.concat(out, ignore_index=True)


def split_half_table(
    ev: SweepData, sizes: Sequence[int], *, n_draws: int, seed: int, method: str = "pearson"
) -> pd.DataFrame:
    """Table 6: ``topics, metric, value`` = mean correlation of a manual metric on two disjoint
    n-topic sets (sizes above half the topics are dropped)."""
    out = []
    for m, x in ev.references.items():
        usable = [s for s in sizes if s <= len(ev.instances) // 2]
        d = split_half_correlations(x, usable, n_draws=n_draws, method=method, seed=seed)
        s = stability_summary(d)
        out.append(
            pd.DataFrame({"topics": s["size"], "metric": m, "value": s["mean"], "sd": s["sd"]})
        )
    return pd.concat(out, ignore_index=True)


def model_split_half(
    ev: SweepData, *, n_draws: int, seed: int, method: str = "pearson", rounding: str = "none"
) -> pd.DataFrame:
    """Figure 1: pyramids from 2 models vs the other 2 (complements) and from 1 model vs
    another single model, per draw: ``split, draw, r``."""
    out = []
    for label, k, partner in (("2v2", 2, "complement"), ("1v1", 1, "other")):
        if ev.n_models < 2 * k:
            continue
        tables, n_sub = ev.subset_tables(k, ["pyramid"], rounding)
        d = model_subset_correlations(
            tables, n_sub, None, n_draws=n_draws, method=method, seed=seed + k, split_half=partner
        )
        out.append(d.assign(split=label)[["split", "draw", "r"]])
    return pd.concat(out, ignore_index=True)
