"""Amigó et al. (2005a): the formal properties' test data (§2-§3), the English stand-in for
the ISCORPUS metric pool (§4) and Table 1's leave-one-out with ROUGE (§5)."""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.stats import qarla

__all__ = [
    "automatic_metrics",
    "duplicate_peer",
    "farther_copy",
    "metric_pool",
    "models_with_queen",
    "naive_k_curve",
    "rouge_leave_one_out",
    "separated",
    "table1",
]


# --------------------------------------------------------------------------- formal properties
def naive_k_curve(similarities, roles, metrics: Sequence[str]) -> pd.DataFrame:
    """Naive K (1 - mean peer QUEEN), KING and the share of models with QUEEN 0 as metrics
    are added one by one (§3.3: naive K climbs to 1 while the models' QUEEN vanishes)."""
    rows = []
    data = qarla.QarlaData(similarities, roles)
    for k in range(1, len(metrics) + 1):
        q = qarla.queen(data, metrics=list(metrics[:k]))
        rows.append(
            {
                "metrics": k,
                "k_naive": qarla.k_naive(data, metrics=list(metrics[:k])),
                "king": qarla.king(data, metrics=list(metrics[:k])),
                "models_queen_zero": float((q.loc[q["role"] == "model", "queen"] == 0).mean()),
            }
        )
    return pd.DataFrame(rows)


def duplicate_peer(similarities: pd.DataFrame, roles: pd.DataFrame, peer: str, copies: int = 3):
    """The data with ``copies`` exact copies of ``peer`` added (constraint 5)."""
    sims, rl = [similarities], [roles]
    for i in range(copies):
        name = f"{peer}_copy{i}"
        s = similarities.copy()
        part = s[(s["a"] == peer) | (s["b"] == peer)].copy()
        part["a"] = part["a"].replace(peer, name)
        part["b"] = part["b"].replace(peer, name)
        self_pairs = part[part["a"] == name].drop_duplicates(["instance", "metric"])
        top = similarities.groupby("metric")["value"].max()
        same = self_pairs.assign(b=peer, value=self_pairs["metric"].map(top))
        sims += [part, same, same.assign(a=peer, b=name)]
        rl.append(roles[roles["summarizer"] == peer].assign(summarizer=name))
    return pd.concat(sims, ignore_index=True), pd.concat(rl, ignore_index=True)


def farther_copy(
    similarities: pd.DataFrame, roles: pd.DataFrame, peer: str, shift: float, name: str = "FAR"
):
    """The data with ``name``, a copy of ``peer`` whose similarity to every model is lower by
    ``shift`` > 0 on every metric (constraint 1: its QUEEN cannot exceed the peer's)."""
    models = set(roles.loc[roles["role"] == "model", "summarizer"])
    far = similarities[similarities["a"] == peer].assign(a=name)
    far.loc[far["b"].isin(models), "value"] -= shift
    return (
        pd.concat([similarities, far], ignore_index=True),
        pd.concat(
            [roles, roles[roles["summarizer"] == peer].assign(summarizer=name)], ignore_index=True
        ),
    )


def separated(similarities: pd.DataFrame, roles: pd.DataFrame, shift: float) -> pd.DataFrame:
    """Constraint 2's better metric: model-model similarities raised and model-peer ones
    lowered by ``shift`` (uniformly, so the models' own QUEEN does not change)."""
    models = set(roles.loc[roles["role"] == "model", "summarizer"])
    a, b = similarities["a"].isin(models), similarities["b"].isin(models)
    out = similarities.copy()
    out.loc[a & b, "value"] += shift
    out.loc[a ^ b, "value"] -= shift
    return out


def models_with_queen(similarities, roles) -> float:
    """P(QUEEN(m) > 0) over (instance, model), macro over instances: the highest KING the
    models' own agreement allows (constraint 3: KING <= it, so KING = 1 needs every QUEEN(m) > 0)."""
    q = qarla.queen(similarities, roles)
    q = q[q["role"] == "model"]
    return float(q.assign(pos=q["queen"] > 0).groupby("instance")["pos"].mean().mean())


# --------------------------------------------------------------------------- metric pool (§4)
def metric_pool(
    summaries: pd.DataFrame,
    tvm_sizes: Sequence[int],
    lemmas: str = "wordnet",
    sources: Optional[pd.DataFrame] = None,
    concepts: Optional[pd.DataFrame] = None,
) -> pd.DataFrame:
    """The English stand-in for the ISCORPUS metric pool (see the module docstring); with
    ``sources`` (``instance, summarizer, text`` = source sentence ids) SentencePrecision,
    SentenceRecall and DocSim, with ``concepts`` (same layout, key-concept labels) NICOS
    (:func:`evalkit.data.qarla_inputs.iscorpus_inputs`). A sentence without a source counts
    in the sizes and matches nothing (``non_extractive="unmatched"``)."""
    from evalkit.metrics import get_metric
    from evalkit.metrics.qarla_pool import pairwise_similarities, rouge_similarities

    rouge = rouge_similarities(summaries, kinds=("1",), preprocessings=("c",), inverted=False)
    frames = [
        rouge.assign(metric="ROUGESim"),
        pairwise_similarities(summaries, get_metric("tvm", n=None, lemmas=lemmas), "VectModelSim"),
    ]
    frames += [
        pairwise_similarities(
            summaries, get_metric("tvm", n=int(n), lemmas=lemmas), f"TruncVectModel.{n}"
        )
        for n in tvm_sizes
    ]
    if sources is not None:
        frames += [
            pairwise_similarities(sources, get_metric(key, non_extractive="unmatched"), name)
            for key, name in (
                ("sentence-precision", "SentencePrecision"),
                ("sentence-recall", "SentenceRecall"),
                ("docsim", "DocSim"),
            )
        ]
    if concepts is not None:
        frames.append(
            pairwise_similarities(
                concepts, get_metric("nicos", concepts="simulated-facts"), "NICOS"
            )
        )
    return pd.concat(frames, ignore_index=True)


def automatic_metrics(metrics: Sequence[str]) -> list:
    """The metrics of the paper's set 1: no manual annotation (NICOS) and not restricted to
    extractive summaries (DocSim, SentencePrecision, SentenceRecall)."""
    from evalkit.metrics.iscorpus import EXTRACTIVE_ONLY, NEEDS_ANNOTATION

    return [m for m in metrics if m not in EXTRACTIVE_ONLY + NEEDS_ANNOTATION]


def rouge_leave_one_out(summaries: pd.DataFrame, roles: pd.DataFrame, n: int) -> pd.DataFrame:
    """Table 1's ROUGE-n rows: each model h held out, h and every peer scored by ROUGE-n
    recall against the other models (multi-reference, model average), mean over topics;
    success when h beats every peer (:func:`evalkit.stats.qarla.leave_one_out_table`)."""
    from evalkit.metrics import get_metric

    metric = get_metric("rouge", method=str(n), score="R")
    texts = summaries.merge(roles, on=["instance", "summarizer"])
    means: Dict[str, Dict[str, list]] = {}
    for inst, part in texts.groupby("instance"):
        models = part[part["role"] == "model"]
        for h in models["summarizer"]:
            refs = [tuple(t) for t in models.loc[models["summarizer"] != h, "sentences"]]
            cands = pd.concat([models[models["summarizer"] == h], part[part["role"] == "peer"]])
            x = metric.sentence_scores([tuple(t) for t in cands["sentences"]], [refs] * len(cands))
            for s, v in zip(cands["summarizer"], x):
                means.setdefault(h, {}).setdefault(s, []).append(float(v))
    return qarla.leave_one_out_table(
        {h: {s: float(np.mean(v)) for s, v in b.items()} for h, b in means.items()}
    )


def table1(
    summaries, roles, similarities, best_set: Sequence[str], orders: Sequence[int]
) -> pd.DataFrame:
    """Table 1's layout on this run: criterion, successes, total, and the held-out models
    each criterion identified (``;``-joined, for the paired test of two criteria)."""
    rows = []

    def row(label: str, t: pd.DataFrame) -> tuple:
        won = ";".join(sorted(t.loc[t["success"], "held_out"].astype(str)))
        return (label, int(t["success"].sum()), len(t), won)

    for n in orders:
        rows.append(row(f"ROUGE-{n}", rouge_leave_one_out(summaries, roles, n)))
    for label, metrics in (
        ("QUEEN(ROUGESim)", ["ROUGESim"]),
        ("QUEEN(Best Metric Combination)", list(best_set)),
    ):
        rows.append(row(label, qarla.leave_one_model_out(similarities, roles, metrics)))
    return pd.DataFrame(rows, columns=["criterion", "successes", "total", "identified"])
