"""Riezler & Maxwell (2005), the experiments on a corpus: per-segment sufficient statistics
of NIST, BLEU and the F stand-in, the pair of systems that mimics Table 1's situation, and
the layouts of Tables 1 and 2 (this run's and the printed p-values beside it).
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.notebook.claims import Claims
from evalkit.stats.type1 import closest_pair, corpus_scores

from .spec import MEASURES, METRICS, PAPER, published

__all__ = [
    "metric_statistics",
    "pair_statistics",
    "paper_like_pair",
    "printed_p_values",
    "table1_layout",
    "table2_layout",
]


def metric_statistics(
    corpus,
    systems: Optional[Sequence[str]] = None,
    metrics: Sequence[str] = MEASURES,
    window: int = 3,
):
    """Per-segment sufficient statistics and vectorized score functions of R&M's measures.

    Returns ``(statistics, scores)``: ``statistics[metric][system]`` an (S, k) array and
    ``scores[metric]`` the function from summed statistics (r, k) to r corpus scores on the
    paper's scales (NIST ~ 0-15, BLEU and F in [0, 1]). NIST's information weights come from
    all references of the whole test set and stay fixed under resampling, as R&M's tuples
    require. F pairs words up to ``window`` apart, a stand-in for dependency relations.
    """
    from evalkit.metrics import get_metric

    systems = list(corpus.systems if systems is None else systems)
    refs = [corpus.reference_stream(r) for r in corpus.reference_ids]
    by_segment = [list(x) for x in zip(*refs)]
    statistics: Dict[str, Dict[str, np.ndarray]] = {}
    scores = {}
    for metric in metrics:
        if metric not in METRICS:
            raise ParameterError("metrics", metric, f"among {list(METRICS)}")
        name, config, scale = METRICS[metric]
        if metric == "F":
            config = dict(config, window=window)
        m = get_metric(name, **config)
        statistics[metric] = {
            s: m.segment_statistics(corpus.system_output(s), by_segment) for s in systems
        }
        scores[metric] = lambda sums, m=m, scale=scale: (
            np.asarray(
                m.score_from_statistics(np.atleast_2d(np.asarray(sums, dtype=np.float64))),
                dtype=np.float64,
            )
            / scale
        )
    return statistics, scores


def paper_like_pair(statistics, scores) -> List[str]:
    """The pair that mimics Table 1's situation (§3): a NIST difference at least the printed
    one (.15) with the smallest BLEU difference (printed: -.003), preferring BLEU moving the
    other way; the system with the lower NIST is the baseline. Without such a pair, the one
    with the largest NIST-to-BLEU difference ratio (both scaled by the printed differences)."""
    nist_step = float(Claims(PAPER).printed("text", key="nist_increase"))
    bleu_step = float(Claims(PAPER).printed("text", key="bleu_decrease"))
    table = corpus_scores({m: statistics[m] for m in ("NIST", "BLEU")}, scores).pivot(
        index="system", columns="metric", values="value"
    )
    names = list(statistics["NIST"])
    best, key = None, None
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            lo, hi = (a, b) if table.loc[a, "NIST"] <= table.loc[b, "NIST"] else (b, a)
            d_nist = table.loc[hi, "NIST"] - table.loc[lo, "NIST"]
            d_bleu = table.loc[hi, "BLEU"] - table.loc[lo, "BLEU"]
            ok = d_nist >= nist_step
            rank = (
                (not ok, d_bleu > 0, abs(d_bleu))
                if ok
                else (True, True, -(d_nist / nist_step) / (abs(d_bleu) / bleu_step + 1e-12))
            )
            if key is None or rank < key:
                best, key = [lo, hi], rank
    if best is None:
        raise ParameterError("statistics", names, "at least two systems")
    return best


def pair_statistics(
    corpus,
    metrics: Sequence[str],
    pair: Optional[Sequence[str]] = None,
    pair_metric: str = "BLEU",
    window: int = 3,
    rule: str = "closest",
):
    """``(pair, statistics, scores)`` for two systems: ``pair`` as given, else chosen by
    ``rule``: ``"paper"`` (:func:`paper_like_pair`) or ``"closest"`` (the two systems closest
    in ``pair_metric``, :func:`~evalkit.stats.type1.closest_pair`)."""
    if pair is None:
        if rule == "paper":
            pick, pick_scores = metric_statistics(corpus, metrics=["NIST", "BLEU"], window=window)
            pair = paper_like_pair(pick, pick_scores)
        elif rule == "closest":
            pick, pick_scores = metric_statistics(corpus, metrics=[pair_metric], window=window)
            pair = closest_pair(pick, pick_scores, pair_metric)
        else:
            raise ParameterError("rule", rule, "'paper' or 'closest'")
    pair = list(pair)
    if len(pair) != 2 or pair[0] == pair[1]:
        raise ParameterError("pair", pair, "two different system ids [baseline, system]")
    for system in pair:
        if system not in corpus.systems:
            raise ParameterError("pair", system, f"one of {corpus.systems}")
    statistics, scores = metric_statistics(corpus, systems=pair, metrics=metrics, window=window)
    return pair, statistics, scores


# --------------------------------------------------------------------------- Table 1
def table1_layout(
    result: pd.DataFrame,
    system: Optional[str] = None,
    tests: Sequence[str] = ("approximate randomization", "bootstrap (shift)"),
) -> pd.DataFrame:
    """Arrange :func:`~evalkit.stats.resampling.significance_table` output for one system as
    R&M's Table 1: rows ``baseline, <system>`` and one p-value row per test; columns the
    metrics (the paper's two rows are ``approxrand p-value`` and ``bootstrap p-value``)."""
    if system is None:
        systems = result["system"].unique()
        if len(systems) != 1:
            raise ParameterError("system", None, f"one of {list(systems)} (the result has several)")
        system = systems[0]
    rows = result[result["system"] == system]
    if rows.empty:
        raise ParameterError("system", system, f"one of {list(result['system'].unique())}")
    metrics = list(dict.fromkeys(rows["metric"]))
    first = rows.drop_duplicates("metric").set_index("metric")
    labels = {
        "approximate randomization": "approxrand p-value",
        "bootstrap (shift)": "bootstrap p-value",
    }
    table = pd.DataFrame(
        [first.loc[metrics, "baseline_score"].to_numpy(), first.loc[metrics, "score"].to_numpy()]
        + [
            rows[rows["test"] == t].set_index("metric").loc[metrics, "p_value"].to_numpy()
            for t in tests
        ],
        index=[f"baseline ({first['baseline'].iloc[0]})", str(system)]
        + [labels.get(t, f"{t} p-value") for t in tests],
        columns=metrics,
    )
    table.index.name = "row"
    return table


def printed_p_values(metrics: Sequence[str], tests: Sequence[str]) -> pd.DataFrame:
    """Table 1's printed p-values laid out as this run's bars (index ``metrics``, one column
    per test of ``tests``): approximate randomization and the bootstrap (shift) as printed
    (a bound ``< .0001`` at the bound), NaN for a test or metric the paper has no p-value of."""
    t1 = published("table1")
    rows = {
        "approximate randomization": "approxrand p-value",
        "bootstrap (shift)": "bootstrap p-value",
    }
    out = pd.DataFrame(np.nan, index=pd.Index(list(metrics), name="metric"), columns=list(tests))
    for test in tests:
        if test in rows:
            part = t1[t1["row"] == rows[test]].set_index("metric")["value"].astype(float)
            out[test] = part.reindex(out.index).to_numpy()
    return out


# --------------------------------------------------------------------------- Table 2
def table2_layout(
    result: pd.DataFrame,
    metric: str,
    tests: Sequence[str] = ("approximate randomization", "bootstrap (shift)"),
) -> pd.DataFrame:
    """R&M's Table 2 from :func:`~evalkit.stats.type1.variant_tests` output: rows the
    difference and one p-value row per test, columns the comparisons ``1:2 .. 1:n``."""
    rows = result[result["metric"] == metric]
    if rows.empty:
        raise ParameterError("metric", metric, f"one of {list(result['metric'].unique())}")
    labels = {
        "approximate randomization": "approxrand p-value",
        "bootstrap (shift)": "bootstrap p-value",
    }
    first = rows[rows["test"] == tests[0]].set_index("comparison")
    lines = [first["difference"].abs()] + [
        rows[rows["test"] == t].set_index("comparison").loc[first.index, "p_value"] for t in tests
    ]
    table = pd.DataFrame(
        lines, index=[f"{metric} difference"] + [labels.get(t, f"{t} p-value") for t in tests]
    )
    table.index.name = "row"
    return table
