"""Amigó et al. (2005b): the paper's experiments on a corpus: cluster representatives, the
correlation of rankings (Figure 5), the JACK curve's reading (Figure 3), system QUEEN
(Figures 4 and 6), the pool's description and the task 2 vs task 5 comparison."""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.stats import qarla

__all__ = [
    "as_series",
    "content_metrics",
    "describe_pool",
    "STYLISTIC",
    "jack_growth",
    "king_vs_correlation",
    "king_vs_correlation_resampled",
    "subset_tables",
    "ranking_correlation",
    "representatives",
    "system_model_similarity",
    "system_queen_with_models",
    "task_summary",
    "task_units",
    "tvm_kings",
]


def representatives(clusters: pd.DataFrame) -> list:
    """The best-KING metric of each cluster (Figure 1's bold names), in cluster order."""
    return list(clusters[clusters["representative"]].sort_values("cluster")["metric"])


def ranking_correlation(queen: pd.Series, human: pd.Series) -> dict:
    """Pearson between the QUEEN and the manual ranking, on scores and on ranks (the paper
    does not say which; README 3), over the peers both cover."""
    both = pd.concat([queen.rename("queen"), human.rename("human")], axis=1, join="inner").dropna()
    if len(both) < 3:
        return {"pearson_scores": float("nan"), "pearson_ranks": float("nan"), "systems": len(both)}
    return {
        "pearson_scores": float(sps.pearsonr(both["queen"], both["human"])[0]),
        "pearson_ranks": float(sps.spearmanr(both["queen"], both["human"])[0]),
        "systems": len(both),
    }


def subset_tables(data, candidates: Sequence[str]) -> tuple:
    """Per-topic KING of every non-empty combination of ``candidates`` (topics x
    combinations) and each peer's QUEEN per topic (``(instance, summarizer)`` x
    combinations): :func:`~evalkit.stats.qarla.king_of_subsets` and
    :func:`~evalkit.stats.qarla.queen_of_subsets` with ``by_instance``, computed once for
    Figure 5's table and its topic resampling."""
    masks = qarla.subset_masks(len(candidates))
    return (
        qarla.king_of_subsets(data, candidates=candidates, masks=masks, by_instance=True),
        qarla.queen_of_subsets(data, candidates=candidates, masks=masks, by_instance=True),
    )


def _subset_means(tables: tuple) -> tuple:
    """Macro KING per combination and system QUEEN (combinations x peers) from
    :func:`subset_tables`, bit for bit what ``king_of_subsets`` / ``queen_of_subsets`` return
    without ``by_instance`` (:func:`~evalkit.stats.qarla.queen_means` sums in their order)."""
    kings, queens = tables
    return np.ascontiguousarray(kings.to_numpy()).mean(axis=0), qarla.queen_means(queens)


def king_vs_correlation(
    data, candidates: Sequence[str], human: pd.Series, *, tables: Optional[tuple] = None
) -> pd.DataFrame:
    """Figure 5: for every non-empty combination of ``candidates``, KING and the Pearson
    correlation (scores and ranks) between system QUEEN and the human scores. ``tables``:
    :func:`subset_tables` of the same ``data`` and ``candidates`` when already computed."""
    masks = qarla.subset_masks(len(candidates))
    kings, queens = _subset_means(tables or subset_tables(data, candidates))
    rows = []
    for m, k in zip(masks, kings):
        r = ranking_correlation(queens.loc[m], human)
        rows.append(
            {
                "metrics": " + ".join(c for i, c in enumerate(candidates) if (int(m) >> i) & 1),
                "size": bin(int(m)).count("1"),
                "king": float(k),
                **r,
            }
        )
    return pd.DataFrame(rows)


def king_vs_correlation_resampled(
    data,
    candidates: Sequence[str],
    human: pd.Series,
    *,
    n_resamples: int = 200,
    seed: int = 0,
    tables: Optional[tuple] = None,
) -> np.ndarray:
    """Figure 5's trend on resamples of the topics: Spearman's rho, over every combination
    of ``candidates``, of KING and the Pearson r of system QUEEN with the human scores
    (:func:`king_vs_correlation`'s two columns), for ``n_resamples`` bootstrap draws of the
    topics (with replacement, seeded).

    The combinations share metrics and all of them are computed on the same topics, so a
    test of rho over the combinations treats 1,023 dependent values as independent; the
    topics are the units that vary from one corpus to another. Per draw, KING is the mean of
    the drawn topics' KING (macro), a system's QUEEN and human score the means over the
    drawn topics it took part in, r over the systems with both (at least 3).

    ``human``: per-topic human scores, a Series indexed by ``(instance, system)``
    (:func:`evalkit.data.qarla_inputs.system_human_scores` with ``by_instance``);
    ``tables``: :func:`subset_tables`, when already computed. Returns the rhos of the draws
    that have one (NaN-free).
    """
    k, q, h = _topic_arrays(data, candidates, human, tables)
    rng = np.random.default_rng(seed)
    draws = (
        _weighted_trend(k, q, h, rng.multinomial(len(k), np.full(len(k), 1 / len(k))))
        for _ in range(n_resamples)
    )
    return np.asarray([rho for rho in draws if rho == rho], float)


def _topic_arrays(data, candidates: Sequence[str], human: pd.Series, tables=None):
    """Per-topic KING (topics x combinations), system QUEEN (topics x systems x
    combinations) and human scores (topics x systems), NaN where a system is not on a
    topic; combinations in :func:`~evalkit.stats.qarla.subset_masks` order."""
    masks = qarla.subset_masks(len(candidates))
    kings, queens = tables or subset_tables(data, candidates)
    topics = list(kings.index)
    systems = sorted(
        set(queens.index.get_level_values("summarizer"))
        & set(human.index.get_level_values(1).astype(str))
    )
    t_at, s_at = {t: i for i, t in enumerate(topics)}, {s: j for j, s in enumerate(systems)}
    q = np.full((len(topics), len(systems), len(masks)), np.nan)
    for (t, s), row in zip(queens.index, queens.to_numpy()):
        if s in s_at:
            q[t_at[t], s_at[s]] = row
    h = np.full((len(topics), len(systems)), np.nan)
    for (t, s), v in human.items():
        if t in t_at and str(s) in s_at:
            h[t_at[t], s_at[str(s)]] = v
    return kings.to_numpy(), q, h


def _weighted_trend(k: np.ndarray, q: np.ndarray, h: np.ndarray, w) -> float:
    """Spearman's rho of KING and Pearson(system QUEEN, human) over the combinations, with
    topic weights ``w`` (``k``: topics x combinations; ``q``: topics x systems x
    combinations; ``h``: topics x systems; NaN where a system is not on a topic); NaN when
    undefined."""
    w = np.asarray(w, float)
    king = w @ k / w.sum()
    qs = _weighted_mean(q, w)  # (systems, combinations)
    hs = _weighted_mean(h, w)  # (systems,)
    ok = ~np.isnan(hs) & ~np.isnan(qs).any(axis=1)
    if ok.sum() < 3:
        return float("nan")
    qc = qs[ok] - qs[ok].mean(axis=0)
    hc = hs[ok] - hs[ok].mean()
    with np.errstate(invalid="ignore", divide="ignore"):
        r = (hc @ qc) / np.sqrt((qc**2).sum(axis=0) * (hc**2).sum())
    keep = ~np.isnan(r)
    if keep.sum() < 3 or np.ptp(king[keep]) == 0 or np.ptp(r[keep]) == 0:
        return float("nan")
    return float(sps.spearmanr(king[keep], r[keep])[0])


def _weighted_mean(values: np.ndarray, w: np.ndarray) -> np.ndarray:
    """The ``w``-weighted mean over axis 0 of ``values``, NaN cells left out (NaN where a
    column has no weight)."""
    present = ~np.isnan(values)
    shape = (-1,) + (1,) * (values.ndim - 1)
    weights = np.where(present, w.reshape(shape), 0.0)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.nansum(values * weights, axis=0) / weights.sum(axis=0)


def jack_growth(curve: pd.DataFrame, knee: int) -> dict:
    """Mean JACK gain per added system up to ``knee`` systems and after it (Figure 3: "for
    more than 10 systems, JACK values grow slower")."""
    mean = curve.groupby("systems")["jack"].mean()
    steps = mean.diff().dropna()
    return {
        "before": float(steps[steps.index <= knee].mean()),
        "after": float(steps[steps.index > knee].mean()),
        "final": float(mean.iloc[-1]),
    }


def tvm_kings(kings: pd.DataFrame) -> pd.DataFrame:
    """KING of the TVM metrics with their n."""
    t = kings[kings["metric"].str.startswith("TVM.")].copy()
    t["n"] = t["metric"].str.slice(4).astype(int)
    return t.sort_values("n").reset_index(drop=True)


def system_queen_with_models(data, metrics: Sequence[str]) -> pd.DataFrame:
    """Figure 4 / 6: system-level QUEEN of peers (against all models) and of models (each
    against the others), sorted best first."""
    return qarla.queen_system_scores(data, metrics=list(metrics))


#: The pool's two metrics over stylistic features (§3.2); the others are content metrics.
STYLISTIC = ("AVLS", "GRAMSIM")


def content_metrics(metrics: Sequence[str]) -> list:
    """The pool minus the stylistic AVLS and GRAMSIM (what §3.2 clusters)."""
    return [m for m in metrics if m not in STYLISTIC]


def describe_pool(sims: pd.DataFrame, tagger: str) -> dict:
    """What the pool contains on this run (recorded with the results)."""
    sigs = sims.attrs.get("signatures", {})
    source = (
        "source documents"
        if any("terms:documents" in v for v in sigs.values())
        else "the test case's models (no documents)"
        if sigs
        else "no TVM"
    )
    return {
        "metrics": int(sims["metric"].nunique()),
        "pairs": int(len(sims) / max(sims["metric"].nunique(), 1)),
        "tvm_terms": source,
        "tvm_signature": next(iter(sigs.values()), ""),
        "gramsim_tags": f"{tagger} tags, not TreeTagger",
    }


def task_summary(datas: dict, metric_set: Sequence[str]) -> pd.DataFrame:
    """Per task: KING of the metric set and the mean single-metric KING over the content
    metrics (§3.3: higher for task 5), JACK of the set over all peers (§3.4: higher for
    task 2), and mean QUEEN over GRAMSIM of the models and of the peers (§4: task 5 peers
    below the models)."""
    rows = []
    for task, data in datas.items():
        missing = [m for m in metric_set if m not in data.metrics]
        if missing:
            raise ParameterError(
                "metric_set", missing, f"metrics of the pool ({', '.join(data.metrics)})"
            )
        content = content_metrics(data.metrics)
        gram = qarla.queen_system_scores(data, metrics=["GRAMSIM"])
        rows.append(
            {
                "task": task,
                "king_set": qarla.king(data, metrics=list(metric_set)),
                "mean_king": float(np.mean([qarla.king(data, metrics=[m]) for m in content])),
                "jack_set": qarla.jack(data, metrics=list(metric_set)),
                "gramsim_models": float(gram.loc[gram["role"] == "model", "queen"].mean()),
                "gramsim_peers": float(gram.loc[gram["role"] == "peer", "queen"].mean()),
                "peers": int(gram["role"].eq("peer").sum()),
            }
        )
    return pd.DataFrame(rows)


def task_units(datas: dict, metric_set: Sequence[str]) -> pd.DataFrame:
    """The units the task findings are tested on: per task and topic the KING and JACK of
    the set and the mean single-metric KING; per task and summarizer the system QUEEN over
    GRAMSIM (``unit``: ``topic`` or ``system``; ``role`` for systems)."""
    rows = []
    for task, data in datas.items():
        content = content_metrics(data.metrics)
        king = qarla.king_by_instance(data, metrics=list(metric_set))
        jack = qarla.jack_by_instance(data, metrics=list(metric_set))
        mean_king = pd.concat(
            [qarla.king_by_instance(data, metrics=[m]) for m in content], axis=1
        ).mean(axis=1)
        for inst in king.index:
            rows.append(
                {
                    "task": task,
                    "unit": "topic",
                    "id": inst,
                    "king_set": king[inst],
                    "mean_king": mean_king[inst],
                    "jack_set": jack.get(inst, np.nan),
                }
            )
        gram = qarla.queen_system_scores(data, metrics=["GRAMSIM"])
        for r in gram.itertuples(index=False):
            rows.append(
                {
                    "task": task,
                    "unit": "system",
                    "id": r.summarizer,
                    "role": r.role,
                    "queen": r.queen,
                }
            )
    return pd.DataFrame(rows)


def system_model_similarity(data, metrics: Sequence[str]) -> pd.DataFrame:
    """Per peer system (rows) and metric (columns), its similarity to the models: x(peer,
    model) averaged over each test case's models, then over the system's test cases. Under a
    ``R-<kind>.<p>`` similarity (recall of the peer against one model) this is the system's
    ROUGE score as DUC averages it: the "ROUGE evaluation measure" of the Conclusions."""
    idx = data.metric_index(list(metrics))
    rows = []
    for case in data.cases.values():
        for p in case.peers:
            values = case.sim[idx][:, p, case.models].mean(axis=1)
            rows.append({"system": case.names[p], **dict(zip(metrics, values))})
    if not rows:
        return pd.DataFrame(columns=list(metrics), index=pd.Index([], name="system"))
    return pd.DataFrame(rows).groupby("system")[list(metrics)].mean()


def as_series(frame: pd.DataFrame) -> pd.Series:
    """Peers' system QUEEN as a Series indexed by system."""
    peers = frame[frame["role"] == "peer"]
    return pd.Series(np.asarray(peers["queen"], float), index=peers["summarizer"].astype(str))
