"""Dorr et al. (2005): the experiments on a relevance study. :func:`load_task` (the study
of a profile), :func:`rouge1`, :func:`table1`, :func:`table6`, :func:`significance` (Tables 1
and 6, the tests of Section 4), :func:`item_scores`, :func:`partition_correlations`,
:func:`table5`, :func:`representative_tables` (Tables 2-5 and Figure 1's distributions)."""

from __future__ import annotations

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.data.relevance import RelevanceTask
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.metrics.rouge import Rouge
from evalkit.stats import extrinsic, partitions

from .spec import MEASURES, NO_PUBLIC, SURROGATES

__all__ = [
    "load_task",
    "rouge1",
    "table1",
    "table6",
    "significance",
    "item_scores",
    "partition_correlations",
    "table5",
    "representative_tables",
]


def load_task(profile: str, quick: bool = False) -> RelevanceTask:
    """The relevance study of a profile (module doc)."""
    from evalkit.data import datasets

    if profile == "public":
        raise DataNotConfiguredError("public stand-in for Dorr et al.'s relevance study", NO_PUBLIC)
    return datasets.load("tdt3-relevance", profile, quick=quick)


def rouge1(task: RelevanceTask, stem: bool = False, stopwords: bool = False) -> pd.DataFrame:
    """ROUGE-1 recall (model average, ROUGE-1.5.5) of each HEAD and HUM surrogate against its
    document's REF summaries: columns event, document, surrogate, rouge1."""
    refs = task.references()
    rows = []
    for s in SURROGATES:
        texts = task.surrogate_texts(s)
        keys = list(texts.index)
        missing = [k for k in keys if k not in refs.index]
        if missing:
            raise ParameterError(
                "task", f"{missing[0]}", "reference summaries (REF) for every surrogate's document"
            )
        res = Rouge(n=1, lcs=False, stem=stem, stopwords=stopwords).score(
            list(texts),
            [refs[k] for k in keys],
            instance_ids=[f"{e}|{d}" for e, d in keys],
            system_ids=[s] * len(keys),
        )
        sc = res.scores[res.scores["metric"] == "ROUGE-1"]
        for inst, value in zip(sc["instance"], sc["R"]):
            e, d = inst.split("|", 1)
            rows.append({"event": e, "document": d, "surrogate": s, "rouge1": float(value)})
    return pd.DataFrame(rows)


def table1(task: RelevanceTask) -> pd.DataFrame:
    """Table 1 layout: per surrogate LDC and RP (%) per event and overall, mean seconds."""
    rates = extrinsic.agreement_rates(task.judgments, task.gold, SURROGATES)
    doc = float(task.judgments.loc[task.judgments["presentation"] == "DOC", "seconds"].mean())
    return pd.concat(
        [
            rates.assign(ldc=100 * rates["ldc"], rp=100 * rates["rp"]),
            pd.DataFrame([{"surrogate": "DOC", "event": "overall", "seconds": doc}]),
        ],
        ignore_index=True,
    )


def table6(task: RelevanceTask, scores: pd.DataFrame) -> pd.DataFrame:
    """Table 6: outcomes per surrogate with count, share, ROUGE-1 mean +- population SD, seconds."""
    out = []
    for s in SURROGATES:
        sc = scores[scores["surrogate"] == s].set_index(["event", "document"])["rouge1"]
        out.append(extrinsic.judgment_outcomes(task.judgments, s, sc).assign(surrogate=s))
    return pd.concat(out, ignore_index=True)[
        ["surrogate", "outcome", "count", "share", "score_mean", "score_sd", "seconds"]
    ]


def significance(task: RelevanceTask, unit: str = "subject") -> pd.DataFrame:
    """Sec. 4's tests: one-way ANOVA of RP vs LDC rates per ``unit`` (subject or event) for each
    surrogate; paired t-tests HEAD vs HUM of per-subject RP and false-negative counts."""
    if unit not in ("subject", "event"):
        raise ParameterError("unit", unit, "subject or event")
    rows = []
    per = {}
    for s in SURROGATES:
        rp = extrinsic.relevance_prediction(task.judgments, s, by=[unit])
        ldc = extrinsic.ldc_agreement(task.judgments, task.gold, s, by=[unit])
        f, p = sps.f_oneway(rp.to_numpy(), ldc.to_numpy())
        rows.append(
            {
                "test": f"ANOVA RP vs LDC ({unit}s)",
                "surrogate": s,
                "statistic": float(f),
                "p_value": float(p),
            }
        )
        pairs = extrinsic.paired_judgments(task.judgments, s)
        per[s] = (
            rp
            if unit == "subject"
            else extrinsic.relevance_prediction(task.judgments, s, by=["subject"]),
            ((pairs["judgment"] == 0) & (pairs["doc_judgment"] == 1))
            .groupby(pairs["subject"])
            .sum(),
        )
    for k, name in ((0, "RP"), (1, "false negatives")):
        a, b = per["HEAD"][k].sort_index(), per["HUM"][k].sort_index()
        t, p = sps.ttest_rel(a.to_numpy(dtype=float), b.to_numpy(dtype=float))
        rows.append(
            {
                "test": f"paired t HEAD vs HUM {name} (subjects)",
                "surrogate": "HEAD-HUM",
                "statistic": float(t),
                "p_value": float(p),
            }
        )
    return pd.DataFrame(rows)


def item_scores(task: RelevanceTask, scores: pd.DataFrame) -> pd.DataFrame:
    """Per (event, document) and surrogate: ROUGE-1 and the RP and LDC agreement over subjects."""
    out = []
    for s in SURROGATES:
        items = pd.concat(
            [extrinsic.item_agreement(task.judgments, task.gold, s, m) for m in MEASURES], axis=1
        )
        sc = scores[scores["surrogate"] == s].set_index(["event", "document"])["rouge1"]
        out.append(items.join(sc, how="left").reset_index().assign(surrogate=s))
    return pd.concat(out, ignore_index=True)


def partition_correlations(
    items: pd.DataFrame, sizes: Sequence[int] = (1, 2, 4), n_partitions: int = 10_000, seed: int = 0
) -> pd.DataFrame:
    """All r's (long: surrogate, measure, size, partition, r) of ROUGE-1 vs RP / LDC."""
    out = []
    for k, (s, m, size) in enumerate(
        (s, m, z) for s in SURROGATES for m in MEASURES for z in sizes
    ):
        it = items[items["surrogate"] == s]
        r = partitions.partition_correlations(
            it["rouge1"].to_numpy(), it[m].to_numpy(), size, n_partitions, seed=seed + 7919 * k
        )
        out.append(
            pd.DataFrame(
                {"surrogate": s, "measure": m, "size": size, "partition": np.arange(len(r)), "r": r}
            )
        )
    return pd.concat(out, ignore_index=True)


def table5(rs: pd.DataFrame) -> pd.DataFrame:
    """Table 5 layout: mean and median r per surrogate x measure x partition size."""
    g = rs.groupby(["surrogate", "measure", "size"])["r"]
    return pd.DataFrame(
        {
            "mean_r": g.mean(),
            "median_r": g.median(),
            "q25": g.quantile(0.25),
            "q75": g.quantile(0.75),
            "n": g.size(),
        }
    ).reset_index()


def representative_tables(
    items: pd.DataFrame, n_partitions: int = 10_000, seed: int = 0
) -> pd.DataFrame:
    """Tables 2-4: the representative size-4 partition of HEAD's RP (module doc of
    :mod:`evalkit.stats.partitions`), with RP, LDC and ROUGE-1 group means for both surrogates."""
    head = items[items["surrogate"] == "HEAD"]
    rep = partitions.representative_partition(
        head["rouge1"].to_numpy(), head["rp"].to_numpy(), 4, n_partitions, seed
    )
    rows = []
    for s in SURROGATES:
        it = items[items["surrogate"] == s].reset_index(drop=True)
        for g, members in enumerate(rep["groups"], start=1):
            sub = it.iloc[members]
            rows.append(
                {
                    "surrogate": s,
                    "partition": f"P{g}",
                    "rp": 100 * sub["rp"].mean(),
                    "ldc": 100 * sub["ldc"].mean(),
                    "rouge1": sub["rouge1"].mean(),
                }
            )
    return pd.DataFrame(rows)
