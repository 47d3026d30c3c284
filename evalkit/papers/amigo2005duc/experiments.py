"""Amigó et al. (2005b): the paper's experiments on a corpus: cluster representatives, the
correlation of rankings (Figure 5), the JACK curve's reading (Figure 3), system QUEEN
(Figures 4 and 6), the pool's description and the task 2 vs task 5 comparison."""

from __future__ import annotations

from typing import Sequence

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


def king_vs_correlation(data, candidates: Sequence[str], human: pd.Series) -> pd.DataFrame:
    """Figure 5: for every non-empty combination of ``candidates``, KING and the Pearson
    correlation (scores and ranks) between system QUEEN and the human scores."""
    masks = qarla.subset_masks(len(candidates))
    kings = qarla.king_of_subsets(data, candidates=candidates, masks=masks)
    queens = qarla.queen_of_subsets(data, candidates=candidates, masks=masks)
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
