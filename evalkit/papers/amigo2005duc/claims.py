"""Amigó et al. (2005b): the claim rows of one task's run (``01_qarla_duc2004``): the
paper's findings on a run, each tested (the task 2 vs task 5 findings: :mod:`.claims_tasks`)."""

from __future__ import annotations

from typing import Optional

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.notebook.claims import Claims
from evalkit.stats import printed, qarla
from evalkit.stats.correlation import percentile_interval, spearman_permutation, spearman_trend
from evalkit.stats.pairwise import sign_flip_test

from .experiments import STYLISTIC, as_series, system_model_similarity
from .spec import PAPER

__all__ = ["claims"]


def claims(
    kings: pd.DataFrame,
    best: pd.DataFrame,
    figure5: pd.DataFrame,
    correlation: dict,
    growth: dict,
    system_queen: pd.DataFrame,
    tvm_kings: pd.DataFrame,
    data: str,
    qdata=None,
    curve: Optional[pd.DataFrame] = None,
    seed: int = 0,
    human: Optional[pd.Series] = None,
    trend_draws: Optional[np.ndarray] = None,
) -> pd.DataFrame:
    """The paper's findings on this run (values not comparable: different data), each tested: the
    best set against the best single metric by a paired t-test of per-topic KING
    (``qdata``), each chosen on the other half of the topics
    (:func:`~evalkit.stats.qarla.held_out_king_test`), TVM's KING against n by an
    exact/seeded permutation Spearman test, JACK's slowdown by a paired sign-flip test over
    the topics of ``curve`` (a per-instance curve, :func:`~evalkit.stats.qarla.jack_curve`
    with ``by_instance``), the models' QUEEN above the peers' by a Mann-Whitney U test,
    Figure 5's trend (Spearman's rho over the metric combinations) by its percentile
    interval over resamples of the topics (``trend_draws``,
    :func:`~.experiments.king_vs_correlation_resampled`), the best set's QUEEN against the
    best ROUGE score in correlation with ``human`` (system scores) by the Williams test."""
    c = Claims(PAPER, data=data)
    text = lambda key: c.printed("text", "printed", key=key)  # noqa: E731
    top = kings.sort_values("king", ascending=False, kind="mergesort").iloc[0]
    second = best[best["metrics"].map(lambda x: tuple(x) != tuple(best["metrics"].iloc[0]))][
        "king"
    ].max()
    b = best.iloc[0]
    c.compare(
        "best_set",
        source="§3.3 / Figure 2",
        printed=text("best_set"),
        this_run="{" + ", ".join(b["metrics"]) + "}",
        comparable=False,
    )
    gain = b["king"] / second - 1 if second else float("nan")
    c.compare(
        "best_set_gain",
        source="§3.3",
        printed=f"{text('gain_task2')} / {text('gain_task5')} over the second best",
        this_run=f"{gain:.0%}",
        comparable=False,
    )
    claim = dict(
        source="§3.3",
        printed="better KING than any individual metric",
        this_run=f"{b['king']:.3f} (size {b['size']}) vs {top['metric']} {top['king']:.3f}",
    )
    if qdata is None:
        c.not_comparable("set_beats_every_single", note="no per-topic data given", **claim)
    else:
        candidates = list(best.loc[best["size"].idxmax(), "metrics"])
        select = qarla.best_set_selector(candidates, singles=list(kings["metric"]))
        r = qarla.held_out_king_test(qdata, select=select, seed=seed)
        c.finding(
            "set_beats_every_single",
            expected=">",
            difference=r["difference"],
            p_value=r["p_value"],
            test=r["test"],
            note="the best set by KING against the best single metric, both chosen on the "
            "other half of the topics and compared on the held-out half",
            **claim,
        )
    _stylistic_row(c, kings, qdata, printed=text("stylistic_less_useful"))
    claim = dict(source="§3.3", printed="TVM KING higher with more terms")
    if len(tvm_kings) > 2 and tvm_kings["king"].nunique() > 1:
        rho, p = spearman_permutation(
            tvm_kings["n"].to_numpy(), tvm_kings["king"].to_numpy(), seed=seed
        )
        c.finding(
            "tvm_more_terms",
            expected=">",
            difference=rho,
            p_value=p,
            test=f"Spearman rho of n and KING over the {len(tvm_kings)} TVM variants, "
            "one-sided permutation test",
            this_run=f"rho = {rho:.2f}",
            **claim,
        )
    else:
        c.not_comparable(
            "tvm_more_terms",
            this_run=f"{len(tvm_kings)} TVM variants",
            note="fewer than three TVM variants, or the same KING for all: nothing to rank",
            **claim,
        )
    slow = "jack_slows"
    printed_slow = f"grows slower beyond {text('jack_slowdown')} systems"
    shown_slow = f"mean gain per system {growth['before']:.3f} then {growth['after']:.3f}"
    knee = int(c.printed("text", "value", key="jack_slowdown"))
    per_topic = None
    if curve is not None and "instance" in curve:
        steps = curve.sort_values(["instance", "order", "systems"]).assign(
            gain=lambda f: f.groupby(["instance", "order"])["jack"].diff()
        )
        steps = steps.dropna(subset=["gain"])
        per_topic = steps.assign(after=steps["systems"] > knee).pivot_table(
            index="instance", columns="after", values="gain", aggfunc="mean"
        )
    if per_topic is not None and {True, False} <= set(per_topic.columns) and len(per_topic) > 1:
        diff, p = sign_flip_test(per_topic[False], per_topic[True], seed=seed)
        c.finding(
            slow,
            source="§3.4 / Figure 3",
            printed=printed_slow,
            expected=">",
            difference=diff,
            p_value=p,
            test=f"paired sign-flip test over the {len(per_topic)} topics (each topic's mean "
            "JACK gain per added system up to the knee minus after it, over the random orders)",
            this_run=shown_slow,
        )
    else:
        c.not_comparable(
            slow,
            source="§3.4 / Figure 3",
            printed=printed_slow,
            this_run=shown_slow,
            note=f"the run has no systems on both sides of {knee} (or no per-topic JACK curve)",
        )
    models = system_queen.loc[system_queen["role"] == "model", "queen"].astype(float)
    peers = system_queen.loc[system_queen["role"] == "peer", "queen"].astype(float)
    ranked = system_queen.sort_values("queen", ascending=False, kind="mergesort")
    n_models = len(models)
    top_share = f"top {n_models}: {int((ranked['role'].iloc[:n_models] == 'model').sum())} models"
    if len(models) and len(peers):
        u = sps.mannwhitneyu(models, peers, alternative="two-sided")
        c.finding(
            "models_on_top",
            source="§4.1 / Figure 4",
            printed="models obtain the highest QUEEN values",
            expected=">",
            difference=float(models.mean() - peers.mean()),
            p_value=float(u.pvalue),
            test=f"Mann-Whitney U test, {len(models)} models against {len(peers)} peers",
            this_run=top_share,
            note="difference: mean system QUEEN of the models minus the peers'",
        )
    r, n_sys = correlation["pearson_scores"], int(correlation.get("systems", 0))
    printed_r = f"{text('pearson_task2')} (task 2) / {text('pearson_task5')} (task 5)"
    shown_r = f"{r:.2f} (scores), {correlation['pearson_ranks']:.2f} (ranks), {n_sys} systems"
    if r == r and n_sys >= 3:
        c.finding(
            "pearson_best_set",
            source="§4.2 + Conclusion",
            printed=f"correlates well: {printed_r}",
            expected=">",
            difference=r,
            p_value=float(printed.correlation_p_value(r, n_sys)),
            test=f"Pearson r of system QUEEN and the human scores against 0, t-test, {n_sys} "
            "systems",
            this_run=shown_r,
            note="the printed values are another corpus's; the finding tested is a "
            "significant positive correlation",
        )
    else:
        c.not_comparable(
            "pearson_best_set",
            source="§4.2 + Conclusion",
            printed=printed_r,
            this_run=shown_r,
            note="fewer than three systems with human scores",
        )
    _rouge_row(c, system_queen, qdata, human, b["metrics"], text("king_sets_beat_rouge"))
    trend = spearman_trend(figure5, "king", "pearson_scores")
    claim = dict(source="§4.2 / Figure 5", printed="higher KING, rankings closer to the human ones")
    draws = np.asarray([] if trend_draws is None else trend_draws, float)
    if trend is None or len(draws) < 20:
        c.not_comparable(
            "king_vs_correlation",
            this_run=f"{figure5['pearson_scores'].notna().sum()} sets with a correlation",
            note="too few metric combinations with a correlation, or no variation"
            if trend is None
            else f"{len(draws)} resamples of the topics with a trend (at least 20 needed)",
            **claim,
        )
    else:
        c.finding(
            "king_vs_correlation",
            expected=">",
            difference=trend["rho"],
            # a skewed resampling distribution can leave this run's rho outside its
            # percentile interval: held (never a more confident verdict)
            ci=percentile_interval(draws, holding=trend["rho"]),
            test=f"Spearman rho of KING and Pearson over the {trend['n']} metric combinations, "
            f"95% percentile interval over {len(draws)} resamples of the topics, widened to "
            "this run's rho if outside (the combinations share metrics and topics: the "
            "topics are the units)",
            this_run=f"rho = {trend['rho']:.2f}",
            **claim,
        )
    return c.frame()


def _rouge_row(c: Claims, system_queen, qdata, human, best_set, printed: str) -> None:
    """The Conclusions' "metric sets with higher KING values slightly outperforms the best
    ROUGE evaluation measure": Pearson r of the best set's system QUEEN with the human
    scores against the r of the best ROUGE score (``R-`` similarities,
    :func:`system_model_similarity`; the best on the same systems, which favours ROUGE), by
    the two-sided Williams test over the systems (the two correlations share the human
    scores)."""
    from evalkit.stats.williams import williams_p

    claim = dict(source="§4.2 + Conclusions", printed=printed)
    rouge = [m for m in (qdata.metrics if qdata is not None else []) if m.startswith("R-")]
    queen = as_series(system_queen)
    if human is None or not rouge:
        c.not_comparable(
            "king_sets_beat_rouge",
            this_run=f"{len(rouge)} ROUGE similarities",
            note="no human system scores or no ROUGE similarity in the pool",
            **claim,
        )
        return
    frame = pd.concat(
        [queen.rename("queen"), system_model_similarity(qdata, rouge), human.rename("human")],
        axis=1,
        join="inner",
    ).dropna()
    r = frame.drop(columns="human").corrwith(frame["human"])
    best = r[rouge].idxmax() if len(frame) >= 4 and r[rouge].notna().any() else None
    p = (
        float("nan")
        if best is None
        else williams_p(r["queen"], r[best], frame["queen"], frame[best])
    )
    if not np.isfinite(p):
        c.not_comparable(
            "king_sets_beat_rouge",
            this_run=f"{len(frame)} systems with QUEEN, ROUGE and human scores",
            note="fewer than four systems, or a constant score: no Williams test",
            **claim,
        )
        return
    c.finding(
        "king_sets_beat_rouge",
        expected=">",
        difference=float(r["queen"] - r[best]),
        p_value=p,
        test=f"Williams test (two-sided) over {len(frame)} systems, QUEEN of the best set "
        f"against {best}, the ROUGE score best correlated with the human scores",
        this_run=f"Pearson r with the human scores: QUEEN{{{', '.join(best_set)}}} "
        f"{r['queen']:.3f}, {best} {r[best]:.3f}",
        note="difference: r of the best set's QUEEN minus the best ROUGE score's",
        **claim,
    )


def _stylistic_row(c: Claims, kings: pd.DataFrame, qdata, printed: str) -> None:
    """The Conclusions' "stylistic similarity is less useful for evaluation purposes": the
    best content metric's KING above the best stylistic metric's (AVLS, GRAMSIM), by a
    paired test of per-topic KING (:func:`evalkit.stats.qarla.king_difference_test`)."""
    k = kings.assign(king=kings["king"].astype(float)).sort_values(
        "king", ascending=False, kind="mergesort"
    )
    style = k[k["metric"].isin(STYLISTIC)]
    content = k[~k["metric"].isin(STYLISTIC)]
    claim = dict(source="§4.3 + Conclusions", printed=printed)
    if style.empty or content.empty or qdata is None:
        c.not_comparable(
            "stylistic_less_useful",
            this_run=f"{len(content)} content, {len(style)} stylistic metrics",
            note="the pool has no stylistic or no content metric, or no per-topic data given",
            **claim,
        )
        return
    a, b = content.iloc[0], style.iloc[0]
    r = qarla.king_difference_test(qdata, a=[a["metric"]], b=[b["metric"]])
    c.finding(
        "stylistic_less_useful",
        expected=">",
        difference=r["difference"],
        p_value=r["p_value"],
        test=r["test"] + "; both metrics the best of their kind on these topics",
        this_run=f"KING {a['metric']} {a['king']:.3f} vs {b['metric']} {b['king']:.3f}",
        note="difference: KING of the best content metric minus the best stylistic metric's "
        f"({', '.join(STYLISTIC)})",
        **claim,
    )
