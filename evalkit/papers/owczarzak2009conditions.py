"""Owczarzak & Dang (2009), *Evaluation of automatic summaries: Metrics under varying data
conditions* (UCNLG+Sum 2009, pp. 23-30): what only this paper defines.

* **Models experiment** (§3, Tables 1-5): for k = 1, 2, 3 draw, independently per topic, k of
  its models; rebuild the pyramid from them (:mod:`evalkit.metrics.pyramid`), score ROUGE-2 and
  ROUGE-SU4 recall against them; average per system over the topics and correlate with the
  reference (Responsiveness, or the 4-model Pyramid); 1,000 draws, mean r per cell. "4
  (actual)" is the full-data correlation, "4 (bootstr)" the mean over topic bootstrap
  resamples (made so that ANOVA can compare the rows).
* **Topics experiment** (§4, Tables 7-11): n of the topics with all models against the
  full-topic reference; **split halves** (Table 6): two disjoint n-topic sets of one manual
  metric; **model split halves** (Figure 1): pyramids from 2 vs the other 2 models, 1 vs 1.
* **Markers**: one-way ANOVA + Tukey HSD over the draws of each column, OD09's symbols
  (:func:`evalkit.stats.anova.anova_markers`).

BE (Basic Elements over Minipar parses) is not computed: no BE-HM metric in evalkit yet; its
columns are reported as not comparable. The correlation coefficient is not named in the paper
(Pearson by default). Sweeps index per-subset score tables (each topic has only C(4, k)
subsets), so 1,000 draws cost one gather per metric (benchmarks/bench_sweep.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.notebook.params import Parameter as P
from evalkit.data.model import SummarizationCorpus
from evalkit.notebook.claims import Claims
from evalkit.data.summary_scores import corpus_pyramids, recall_from_counts, rouge_pair_counts, wide
from evalkit.data.tac_views import load_tac, tac_part
from evalkit.errors import ParameterError
from evalkit.metrics.pyramid import ROUNDING, subset_score_table
from evalkit.metrics.rouge import Rouge, subset_recall_table
from evalkit.stats.anova import anova_markers
from evalkit.stats.correlation import level_correlation, resampled_correlations
from evalkit.stats.sampling import (
    model_subset_correlations,
    split_half_correlations,
    stability_summary,
    topic_subsample_correlations,
)

__all__ = [
    "PAPER",
    "NOTEBOOKS",
    "METRICS",
    "ROUGE_METRICS",
    "MODEL_TABLES",
    "TOPIC_TABLES",
    "rouge_config",
    "Evaluation",
    "load_evaluation",
    "model_sweep",
    "full_rows",
    "sweep_table",
    "models_experiment",
    "topics_experiment",
    "topic_sweep",
    "self_subset",
    "split_half_table",
    "model_split_half",
    "compare_with_paper",
    "text_claims",
    "shape_claims",
]

PAPER = "owczarzak2009conditions"
#: evalkit metric keys -> printed column names (BE is printed but not computed here).
METRICS = {"pyramid": "Pyramid", "rouge2": "ROUGE-2", "rougesu4": "ROUGE-SU4", "be": "BE"}
ROUGE_METRICS = {"rouge2": "ROUGE-2", "rougesu4": "ROUGE-SU4"}
#: (docset, reference) -> the printed table of the models / topics experiment (TAC 2008).
MODEL_TABLES = {
    ("A", "responsiveness"): "table1",
    ("B", "responsiveness"): "table2",
    ("A", "pyramid"): "table3",
    ("B", "pyramid"): "table4",
}
TOPIC_TABLES = {
    ("A", "responsiveness"): "table7",
    ("B", "responsiveness"): "table8",
    ("A", "pyramid"): "table9",
    ("B", "pyramid"): "table10",
}

_DOCSETS = P(
    "docsets",
    list,
    default=["A", "B"],
    choices=("A", "B"),
    help="TAC 2008 initial (A) and update (B)",
)
_REFS = P(
    "references", list, default=["responsiveness", "pyramid"], choices=("responsiveness", "pyramid")
)
_METRICS = P(
    "metrics",
    list,
    default=["pyramid", "rouge2", "rougesu4"],
    choices=("pyramid", "rouge2", "rougesu4"),
    help="BE is not available",
)
_DRAWS = P("n_draws", int, default=1000, quick=50, low=2, help="draws per cell (the paper: 1,000)")
_BOOT = P("n_boot", int, default=1000, quick=50, low=2, help="topic bootstrap samples")
_CORR = P(
    "correlation",
    str,
    default="pearson",
    choices=("pearson", "spearman", "kendall"),
    help="not named in the paper",
)
_ROUND = P(
    "rounding", str, default="none", choices=ROUNDING, help="rounding of X in rebuilt pyramids"
)
_ALPHA = P("alpha", float, default=0.05, low=0, high=1, help="ANOVA / Tukey level")
NOTEBOOKS = {
    "01_models_sweep": (
        _DOCSETS,
        _REFS,
        P("k_models", list, default=[1, 2, 3], element=int, low=1),
        _METRICS,
        _DRAWS,
        _BOOT,
        _CORR,
        _ROUND,
        _ALPHA,
    ),
    "02_topics_sweep": (
        _DOCSETS,
        _REFS,
        P("topic_sizes", list, default=[1, 3, 6, 12, 24, 36, 39, 42, 45], element=int, low=1),
        P("split_sizes", list, default=[1, 3, 6, 12, 24], element=int, low=1),
        _METRICS,
        _DRAWS,
        _BOOT,
        _CORR,
        _ALPHA,
    ),
    "03_model_split_half": (_DOCSETS, _DRAWS, _CORR, _ROUND),
}


def rouge_config(length_limit: Optional[int] = 100) -> Rouge:
    """TAC's ROUGE run for these metrics: ``-n 2 -2 4 -u -m -l 100`` (stemmed, stop words kept)."""
    return Rouge(n=2, lcs=False, skip=4, su="SU", stem=True, length_limit=length_limit)


@dataclass
class Evaluation:
    """One data set prepared for the sweeps: (systems x topics) matrices of the full-data
    scores and references, and per-k subset tables built on demand."""

    name: str
    stands_in: str
    systems: List[str]
    instances: List[str]
    scores: Dict[str, np.ndarray]  # metric -> (systems x topics), all models
    references: Dict[str, np.ndarray]  # "responsiveness", "pyramid" -> (systems x topics)
    counts: pd.DataFrame = field(repr=False, default=None)
    pyramids: dict = field(repr=False, default=None)
    n_models: int = 4
    model_ids: Dict[str, List[str]] = field(default_factory=dict)
    sources: list = field(
        default_factory=list, repr=False
    )  # the corpora read (with their provenance)

    def subset_tables(self, k: int, metrics: Sequence[str], rounding: str = "none"):
        """({metric: (topics, subsets, systems) table}, subsets per topic)."""
        tables, n_sub = {}, None
        for m in metrics:
            if m == "pyramid":
                if self.pyramids is None:
                    raise ParameterError(
                        "metrics", m, f"metrics available on {self.name}: {sorted(self.scores)}"
                    )
                t, subsets = subset_score_table(self.pyramids, k, self.systems, rounding=rounding)
            elif m in ROUGE_METRICS:
                t, subsets = subset_recall_table(
                    self.counts, ROUGE_METRICS[m], k, self.instances, self.systems
                )
            else:
                raise ParameterError(
                    "metrics", m, "one of pyramid, rouge2, rougesu4 (BE is not available)"
                )
            tables[m] = t
            n_sub = [len(s) for s in subsets]
        return tables, n_sub


def _tac_evaluation(corpus: SummarizationCorpus, docset: str, metrics: Sequence[str]) -> Evaluation:
    part = tac_part(corpus, docset)
    systems, insts = part.peers, part.instances
    scores: Dict[str, np.ndarray] = {}
    counts = (
        rouge_pair_counts(part.corpus, rouge_config(), insts)
        if set(metrics) & set(ROUGE_METRICS)
        else None
    )
    for m in metrics:
        if m in ROUGE_METRICS:
            scores[m] = wide(recall_from_counts(counts, ROUGE_METRICS[m]), insts, systems).T
    pyramids = corpus_pyramids(part.corpus, insts) if "pyramid" in metrics else None
    refs = {
        "responsiveness": wide(part.scores("responsiveness", systems), insts, systems).T,
        "pyramid": wide(part.scores("pyramid", systems), insts, systems).T,
    }
    if "pyramid" in metrics:
        scores["pyramid"] = refs["pyramid"]  # "4 (actual)": the official 4-model score
    return Evaluation(
        part.name,
        "",
        systems,
        insts,
        scores,
        refs,
        counts,
        pyramids,
        n_models=len(part.corpus.models(insts[0])),
        model_ids={i: sorted(part.corpus.models(i)) for i in insts},
        sources=[part.source],
    )


def _summeval_evaluation(max_models: int, quick: bool) -> Evaluation:
    from evalkit.data import datasets

    corpus = full = datasets.load(
        "summeval",
        "public",
        documents=False,
        stands_in_for="TAC 2008 Responsiveness (expert relevance); no pyramids",
    )
    insts = list(corpus.instances["instance"])[: 20 if quick else None]
    models = corpus.models()[:max_models]
    keep = set(models) | set(corpus.peers())
    corpus = corpus.subset(instances=insts, summarizers=keep)
    systems = corpus.peers()
    counts = rouge_pair_counts(corpus, rouge_config(length_limit=None), insts)
    scores = {
        m: wide(recall_from_counts(counts, name), insts, systems).T
        for m, name in ROUGE_METRICS.items()
    }
    rel = corpus.judgments[corpus.judgments["judgment"] == "relevance"].rename(
        columns={"summarizer": "system"}
    )
    refs = {"responsiveness": wide(rel, insts, systems).T}
    return Evaluation(
        f"SummEval ({len(insts)} documents, references {models[0]}..{models[-1]})",
        "expert relevance stands in for Responsiveness; no pyramids (REALSumm has one reference)",
        systems,
        insts,
        scores,
        refs,
        counts,
        None,
        n_models=len(models),
        sources=[full],
    )


def load_evaluation(
    profile: str,
    docset: str = "A",
    quick: bool = False,
    metrics: Sequence[str] = ("pyramid", "rouge2", "rougesu4"),
    max_models: int = 4,
) -> Evaluation:
    """``sample``/``licensed``: TAC 2008 docset ``A`` (initial) or ``B`` (update) with ``metrics``;
    ``public``: SummEval, its first ``max_models`` references, ROUGE only."""
    if profile == "public":
        return _summeval_evaluation(max_models, quick)
    ev = _tac_evaluation(load_tac(2008, profile, quick), docset, metrics)
    ev.stands_in = (
        "the simulated TAC 2008" if profile == "sample" else "TAC 2008 (licensed)"
    ) + "; BE not computed"
    return ev


def model_sweep(
    ev: Evaluation,
    ks: Sequence[int],
    metrics: Sequence[str],
    reference: str,
    *,
    n_draws: int,
    seed: int,
    method: str = "pearson",
    rounding: str = "none",
) -> pd.DataFrame:
    """``metric, k, draw, r``: the models experiment (same per-topic draws for every metric)."""
    ref = np.nanmean(ev.references[reference], axis=1)
    out = []
    for k in ks:
        use = [m for m in metrics if not (m == "pyramid" and reference == "pyramid")]
        tables, n_sub = ev.subset_tables(int(k), use, rounding)
        d = model_subset_correlations(
            tables, n_sub, ref, n_draws=n_draws, method=method, seed=seed + int(k)
        )
        out.append(d.assign(k=int(k)))
    return pd.concat(out, ignore_index=True)[["metric", "k", "draw", "r"]]


def full_rows(
    ev: Evaluation,
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
    ev: Evaluation,
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
) -> pd.DataFrame:
    """One of Tables 1-5 on ``ev``: the printed layout (:func:`sweep_table`) with ``n_models``."""
    metrics = [m for m in metrics if m in ev.scores]
    draws = model_sweep(
        ev, ks, metrics, reference, n_draws=n_draws, seed=seed, method=method, rounding=rounding
    )
    full = full_rows(ev, metrics, reference, n_boot=n_boot, seed=seed, method=method)
    return sweep_table(draws, full, "k", ev.n_models, alpha)


def topics_experiment(
    ev: Evaluation,
    reference: str,
    sizes: Sequence[int],
    metrics: Sequence[str],
    *,
    n_draws: int,
    n_boot: int,
    seed: int,
    method: str = "pearson",
    alpha: float = 0.05,
) -> pd.DataFrame:
    """One of Tables 7-11 on ``ev`` (sizes above the number of topics are dropped)."""
    metrics = [m for m in metrics if m in ev.scores]
    draws = topic_sweep(ev, sizes, metrics, reference, n_draws=n_draws, seed=seed, method=method)
    full = full_rows(ev, metrics, reference, n_boot=n_boot, seed=seed, method=method)
    return sweep_table(draws, full, "size", len(ev.instances), alpha)


def topic_sweep(
    ev: Evaluation,
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
    ev: Evaluation, sizes: Sequence[int], *, n_draws: int, seed: int, method: str = "pearson"
) -> pd.DataFrame:
    """Footnote 1: a manual metric on n topics against the same metric on all topics:
    ``metric, size, value`` (mean r)."""
    out = []
    for m, x in ev.references.items():
        usable = [s for s in sizes if s <= len(ev.instances)]
        d = topic_subsample_correlations(
            x, np.nanmean(x, axis=1), usable, n_draws=n_draws, method=method, seed=seed
        )
        out.append(d.groupby("size")["r"].mean().rename("value").reset_index().assign(metric=m))
    return pd.concat(out, ignore_index=True)[["metric", "size", "value"]]


def split_half_table(
    ev: Evaluation, sizes: Sequence[int], *, n_draws: int, seed: int, method: str = "pearson"
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
    ev: Evaluation, *, n_draws: int, seed: int, method: str = "pearson", rounding: str = "none"
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


def compare_with_paper(
    claims: Claims, ours: pd.DataFrame, table: str, comparable: bool, tolerance: float = 0.01
) -> None:
    """One claim per printed number of ``table`` beside this run's cell (``ours`` in the printed
    layout); the full-data rows match by kind (this run may have another number of models or
    topics); comparable only on the paper's own data (licensed)."""
    printed = claims.table(table, row="str")
    label = {(r, k): r if k == "subsample" else k for r, k in zip(ours["row"], ours["kind"])}
    mine = {
        (label[(r, k)], m): v
        for r, k, m, v in zip(ours["row"], ours["kind"], ours["metric"], ours["value"])
    }
    for r in printed.itertuples(index=False):
        this = mine.get((r.row if r.kind == "subsample" else r.kind, r.metric), float("nan"))
        computed = this == this
        why = (
            "is not computed on this data"
            if r.metric not in set(ours["metric"])
            else "has no such row here"
        )
        claims.compare(
            f"{table}:{r.size if r.kind == 'subsample' else r.kind}:{r.metric}",
            source=f"{table} ({r.row}, {METRICS[r.metric]})",
            printed=r.value,
            this_run=this,
            tolerance=tolerance,
            comparable=comparable and computed,
            note=(
                f"tolerance {tolerance}"
                if comparable and computed
                else "different data (stand-in)"
                if computed
                else f"{METRICS[r.metric]} {why}"
            ),
        )


def text_claims(
    claims: Claims, values: Mapping[str, float], comparable: bool, tolerance: float = 0.01
) -> None:
    """Claims for the numbers of the prose (``text_numbers``) that this run computed."""
    printed = claims.table("text_numbers").set_index("claim_id")
    for cid, this in values.items():
        claims.compare(
            cid,
            source=f"{printed.at[cid, 'section']}: {printed.at[cid, 'text']}",
            printed=float(printed.at[cid, "value"]),
            this_run=float(this),
            tolerance=tolerance,
            comparable=comparable,
            note=f"tolerance {tolerance}" if comparable else "different data (stand-in)",
        )


def shape_claims(claims: Claims, ours: pd.DataFrame, table: str) -> None:
    """The paper's qualitative findings, checkable on any data (the same statement on the
    printed table and on this run): models tables -- the 1 -> 2 model gain exceeds the 2 -> 3
    gain (finding 1); topics tables -- the full set correlates higher than 1 topic (findings 6-7)."""
    printed = claims.table(table, row="str")
    models = table in MODEL_TABLES.values()
    for metric in sorted(set(ours["metric"]) & set(printed["metric"])):
        stmt = []
        for frame in (printed, ours):
            f = frame[frame["metric"] == metric]
            v = dict(zip(f["row"], f["value"]))
            if models:
                stmt.append(
                    v["2"] - v["1"] > v["3"] - v["2"] if {"1", "2", "3"} <= set(v) else None
                )
            else:
                full = f[f["kind"] == "actual"]["value"]
                stmt.append(bool(full.iat[0] > v["1"]) if "1" in v and len(full) else None)
        what = "gain 1->2 models > gain 2->3" if models else "all topics above 1 topic"
        claims.add(
            f"{table}:shape:{metric}",
            source=f"{table}, {METRICS[metric]}: {what}",
            printed=stmt[0],
            this_run=stmt[1],
            agrees=None if stmt[1] is None else stmt[0] == stmt[1],
            note="qualitative finding",
        )
