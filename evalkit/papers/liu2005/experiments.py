"""Liu & Gildea (2005), the experiments on a corpus: the metric x depth grid of
Tables 1-6, the human scores, sentence-level (Tables 1-5) and corpus-level (Table 6)
Pearson r with the tests the findings need, the paper's table layout, and Tables 1-4 once
per parser (``03_parser_noise``).

The paper prints no test. Sentence level: one system's segments, whose rows share their
document's story and judges, so two correlations are compared by the percentile bootstrap
over the documents (:func:`evalkit.stats.cluster_bootstrap.correlation_intervals`; Williams'
test with n = segments counts the rows as independent). Corpus level: Williams' test over
the systems (the independent units there).
"""

from __future__ import annotations

from typing import Dict, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.data.segments import darr_table, metric_inputs
from evalkit.stats.correlation import correlate_columns

from .spec import DATA, SYNTAX

__all__ = [
    "corpus_level",
    "human_segment_scores",
    "load_corpus",
    "metric_grid",
    "noise_tables",
    "paper_layout",
    "sentence_level",
    "sentence_tables",
    "system_human",
    "darr_table",
]


def metric_grid(
    max_depth: int,
    parser=None,
    decay: float = 1.0,
    epsilon: float = 1e-3,
    include_words: bool = False,
    bleu: bool = True,
) -> Dict[Tuple[str, str], object]:
    """``{(metric, depth): metric}`` as in the tables: sentence BLEU with the paper's epsilon
    (lower-cased, 13a tokens) and HWCM for 1..max_depth, STM and DSTM for 2..max_depth, and the
    kernels (depth ``"kernel"``)."""
    if not isinstance(max_depth, int) or max_depth < 1:
        raise ParameterError("max_depth", max_depth, "an integer >= 1")
    grid: Dict[Tuple[str, str], object] = {}
    for d in range(1, max_depth + 1):
        if bleu:
            grid[("BLEU", str(d))] = get_metric(
                "bleu", max_ngram_order=d, smoothing="epsilon", smooth_value=epsilon, lowercase=True
            )
        grid[("HWCM", str(d))] = get_metric("hwcm", max_length=d, epsilon=epsilon, parser=parser)
        if d >= 2:
            grid[("STM", str(d))] = get_metric(
                "stm", max_depth=d, include_words=include_words, parser=parser
            )
            grid[("DSTM", str(d))] = get_metric("dstm", max_depth=d, parser=parser)
    grid[("TKM", "kernel")] = get_metric(
        "tkm", decay=decay, include_words=include_words, parser=parser
    )
    grid[("DTKM", "kernel")] = get_metric("dtkm", decay=decay, parser=parser)
    return grid


def human_segment_scores(corpus, judgment: str) -> pd.DataFrame:
    """``document, segment, system, human``: fluency, or overall = fluency + adequacy, per
    segment, the judges' values averaged first."""
    if judgment not in ("fluency", "overall"):
        raise ParameterError("judgment", judgment, "'fluency' or 'overall'")
    j = corpus.judgments
    per = (
        j.groupby(["document", "segment", "system", "judgment"], sort=False)["value"]
        .mean()
        .unstack("judgment")
    )
    human = per["fluency"] if judgment == "fluency" else per["fluency"] + per["adequacy"]
    return human.rename("human").reset_index()


def sentence_level(
    hyps: Sequence,
    refs: Sequence[Sequence],
    human: Sequence[float],
    grid: Mapping[Tuple[str, str], object],
    parsed: Optional[Mapping] = None,
    clusters: Optional[Sequence] = None,
    n_resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Pearson r between each grid metric's sentence scores and ``human`` (Tables 1-5).
    ``parsed`` maps texts to their parses (the syntactic metrics use them; BLEU the texts);
    ``clusters`` (one per sentence, e.g. its document) makes the tests the cluster bootstrap
    over them (``n_resamples``, ``seed``; :func:`_correlations`)."""
    xs = []
    for metric in grid.values():
        h, r = metric_inputs(metric, hyps, refs, parsed)
        xs.append(np.asarray(metric.sentence_scores(h, r), dtype=float))
    y = np.asarray(human, dtype=float)
    return _correlations(list(grid), xs, y, clusters, n_resamples=n_resamples, seed=seed)


def corpus_level(
    by_system: Mapping[str, Tuple[Sequence, Sequence[Sequence]]],
    human: Mapping[str, float],
    grid: Mapping[Tuple[str, str], object],
    aggregate: str = "micro",
    parsed: Optional[Mapping] = None,
) -> pd.DataFrame:
    """Pearson r over systems between corpus scores and ``human`` system scores (Table 6).

    ``aggregate="micro"``: the metric's corpus score from summed statistics; ``"mean"``:
    the mean of its sentence scores (the paper does not say which it used)."""
    if aggregate not in ("micro", "mean"):
        raise ParameterError("aggregate", aggregate, "'micro' or 'mean'")
    systems = sorted(by_system)
    y = np.array([human[s] for s in systems], dtype=float)
    xs = []
    for metric in grid.values():
        vals = []
        for s in systems:
            h, r = metric_inputs(metric, *by_system[s], parsed)
            if aggregate == "micro":
                vals.append(float(metric.corpus_score(h, r)))
            else:
                vals.append(float(np.mean(metric.sentence_scores(h, r))))
        xs.append(np.array(vals))
    return _correlations(list(grid), xs, y)


def _correlations(
    keys, xs: Sequence[np.ndarray], y: np.ndarray, clusters=None, **bootstrap
) -> pd.DataFrame:
    """One row per grid key ``(metric, depth)``: Pearson r of its scores ``xs[i]`` with
    ``y`` over the ``n`` units, with the tests of :func:`_with_tests` (``clusters``: the
    cluster bootstrap, ``**bootstrap`` its ``n_resamples, seed``; else Williams' test)."""
    rows = [
        {
            "max_depth": depth,
            "metric": name,
            "r": float(correlate_columns(x[:, None], y[:, None])[0]),
            "n": len(y),
        }
        for (name, depth), x in zip(keys, xs)
    ]
    return _with_tests(pd.DataFrame(rows), xs, y, clusters, **bootstrap)


def _cluster_p(keys, xs, y, clusters, n_resamples: int = 1000, seed: int = 0):
    """``(p(i, j), test)``: the two-sided percentile p of r(xs[i]) - r(xs[j]) over
    ``n_resamples`` bootstrap draws of the ``clusters``
    (:func:`~evalkit.stats.cluster_bootstrap.difference_p_values`; NaN where it cannot
    decide, e.g. with fewer than :data:`~evalkit.stats.cluster_bootstrap.MIN_CLUSTERS`
    clusters), and the test's name."""
    from evalkit.stats.cluster_bootstrap import MIN_CLUSTERS, difference_p_values

    n_cl = len(set(np.asarray(clusters, dtype=object).tolist()))
    found = difference_p_values(
        dict(zip(keys, xs)), y, clusters, n_resamples=n_resamples, seed=seed
    )
    test = (
        f"percentile bootstrap of the difference of r over the {n_cl} documents (a document's "
        f"segments share its story and judges; {n_resamples} resamples, two-sided)"
        if n_cl >= MIN_CLUSTERS
        else f"{n_cl} documents, fewer than {MIN_CLUSTERS} to resample"
    )
    return (lambda i, j: found.get((keys[i], keys[j]), float("nan"))), test


def _with_tests(
    frame: pd.DataFrame, xs: Sequence[np.ndarray], y: np.ndarray, clusters=None, **bootstrap
) -> pd.DataFrame:
    """Add the two-sided tests the findings need (the correlations share the human scores):
    ``p_vs_bleu`` (against BLEU at the same depth; NaN for BLEU and the kernels),
    ``best_rival`` (the other configuration with the highest r, ``metric@depth``) and
    ``p_vs_best_rival``, ``best_syntax`` (the other HWCM/STM/DSTM configuration with the
    highest r) and ``p_vs_best_syntax``, and ``test`` (the test's name, unit and n): the
    cluster bootstrap of :func:`_cluster_p` given ``clusters``, else Williams' test."""
    from evalkit.stats.williams import williams_test

    out = frame.copy()
    n = len(y)
    keys = [f"{m}@{d}" for m, d in zip(out["metric"], out["max_depth"])]
    r = out["r"].to_numpy(float)

    def p_between(i: int, j: int) -> float:
        a, b = xs[i], xs[j]
        if n < 4 or np.std(a) == 0 or np.std(b) == 0 or not np.isfinite([r[i], r[j]]).all():
            return float("nan")
        r_ab = float(np.corrcoef(a, b)[0, 1])
        return float(williams_test(r[i], r[j], r_ab, n, alternative="two-sided").p)

    test = f"Williams test over the {n} units"
    if clusters is not None:
        p_between, test = _cluster_p(keys, xs, y, clusters, **bootstrap)

    index = {k: i for i, k in enumerate(keys)}
    syntax = set(np.flatnonzero(out["metric"].isin(SYNTAX).to_numpy()))
    p_bleu, rival, p_rival, synt, p_synt = [], [], [], [], []
    for i, (m, d) in enumerate(zip(out["metric"], out["max_depth"])):
        j = index.get(f"BLEU@{d}")
        p_bleu.append(p_between(i, j) if m != "BLEU" and j is not None else float("nan"))
        for pool, name, p in ((range(len(keys)), rival, p_rival), (syntax, synt, p_synt)):
            others = [k for k in pool if k != i and np.isfinite(r[k])]
            best = max(others, key=lambda k: r[k]) if others else None
            name.append(keys[best] if best is not None else "")
            p.append(p_between(i, best) if best is not None else float("nan"))
    return out.assign(
        p_vs_bleu=p_bleu,
        best_rival=rival,
        p_vs_best_rival=p_rival,
        best_syntax=synt,
        p_vs_best_syntax=p_synt,
        test=test,
    )


def paper_layout(frame: pd.DataFrame, value: str = "r") -> pd.DataFrame:
    """The printed layout: rows max length/depth (then ``kernel``), columns BLEU, HWCM, STM,
    DSTM, with TKM under STM and DTKM under DSTM in the kernel row."""
    f = frame.copy()
    f["column"] = f["metric"].replace({"TKM": "STM", "DTKM": "DSTM"})
    out = f.pivot(index="max_depth", columns="column", values=value)
    order = sorted([d for d in out.index if d != "kernel"], key=int) + (
        ["kernel"] if "kernel" in out.index else []
    )
    return out.reindex(
        index=order, columns=[c for c in ("BLEU", "HWCM", "STM", "DSTM") if c in out.columns]
    )


# --------------------------------------------------------------------------- corpora
def sentence_tables(
    corpus,
    rows: pd.DataFrame,
    judgments: Sequence[str],
    grid,
    parsed,
    n_resamples: int = 1000,
    seed: int = 0,
) -> pd.DataFrame:
    """Tables 1-4: for every system of ``rows`` and judgment, :func:`sentence_level`, tested
    by the bootstrap over the documents (``n_resamples``, ``seed``)."""
    parts = []
    for judgment in judgments:
        human = human_segment_scores(corpus, judgment)
        merged = rows.merge(human, on=["document", "segment", "system"])
        for system, part in merged.groupby("system", sort=True):
            t = sentence_level(
                part["hyp"].tolist(),
                part["refs"].tolist(),
                part["human"].to_numpy(),
                grid,
                parsed,
                clusters=part["document"].astype(str).to_numpy(),
                n_resamples=n_resamples,
                seed=seed,
            )
            parts.append(t.assign(system=system, judgment=judgment))
    return pd.concat(parts, ignore_index=True)


def load_corpus(profile: str, quick: bool = False):
    """The corpus of ``profile`` (:data:`DATA`) through :func:`evalkit.data.datasets.load`."""
    from evalkit.data.datasets import load

    if profile not in DATA:
        raise ParameterError("profile", profile, f"one of {sorted(DATA)}")
    return load(DATA[profile], profile, **({"quick": quick} if profile == "sample" else {}))


def system_human(corpus, rows: pd.DataFrame) -> Dict[str, float]:
    """Table 6's human system score: the sum of overall (fluency + adequacy) over the system's
    segments in ``rows``; for a daRR corpus the share of its preference pairs it wins."""
    if (
        getattr(corpus, "preferences", None) is not None
        and len(corpus.preferences)
        and corpus.judgments.empty
    ):
        p = corpus.preferences
        keep = set(zip(rows["segment"], rows["system"]))
        p = p[
            [
                (s, b) in keep and (s, w) in keep
                for s, b, w in zip(p["segment"], p["better"], p["worse"])
            ]
        ]
        wins = p["better"].value_counts()
        total = wins.add(p["worse"].value_counts(), fill_value=0)
        return {
            s: float(wins.get(s, 0) / total[s])
            for s in sorted(set(rows["system"]))
            if total.get(s, 0)
        }
    human = human_segment_scores(corpus, "overall").merge(rows[["document", "segment", "system"]])
    return {s: float(v) for s, v in human.groupby("system")["human"].sum().items()}


def noise_tables(
    corpus,
    rows: pd.DataFrame,
    judgments: Sequence[str],
    grid,
    parsed_by: Mapping[str, Mapping],
    darr: bool = False,
) -> pd.DataFrame:
    """Tables 1-4 once per parser (``{parser: parsed texts}``; ``darr``: the public daRR
    table), side by side (:func:`evalkit.data.parser_noise.side_by_side`)."""
    from evalkit.data.parser_noise import side_by_side

    tables = {}
    for name, parsed in parsed_by.items():
        if darr:
            tables[name] = darr_table(corpus, rows, grid, parsed).assign(
                system="all", judgment="daRR"
            )
        else:
            tables[name] = sentence_tables(corpus, rows, judgments, grid, parsed)
    return side_by_side(tables, ["system", "judgment", "max_depth", "metric"])
