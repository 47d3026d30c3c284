"""Amigó, Gonzalo, Peñas & Verdejo (2005b): what only the DUC 2004 QARLA paper defines, for
``notebooks/amigo2005duc/``.

"Evaluating DUC 2004 Tasks with the QARLA Framework", ACL 2005 MTSE workshop, pp. 49-56.
On DUC 2004 tasks 2 and 5 the paper builds 59 similarity metrics (24 ROUGE recalls against
one model, 24 inverted ROUGE, 9 TVM, AVLS, GRAMSIM), clusters the 57 content metrics into
10 groups by how alike they accept peers (Figure 1), keeps the best-KING metric of each,
searches all 1024 combinations of these 10 (Figure 2: {Rpre-W-1.2.b, TVM.512} best in both
tasks), follows JACK as systems are added (Figure 3), ranks systems by QUEEN (Figure 4),
correlates the QUEEN ranking with DUC's manual one for every combination (Figure 5; 0.92 /
0.96 for the best set) and looks at QUEEN over GRAMSIM alone (Figure 6).

Below the paper layer: the pool (:mod:`evalkit.metrics.qarla_pool`), QUEEN/KING/JACK, the
clustering and the vectorized search over metric sets (:mod:`evalkit.stats.qarla`). This
module holds the paper's counts, its correlation of rankings, its reading of Figure 3 and
its claims and its task 2 vs task 5 comparison. GRAMSIM uses spaCy's Penn tags (or token
classes) instead of TreeTagger's; TVM takes its terms from the source documents (the sample
corpora write theirs, SummEval ships its articles): both are recorded with the results.
Task 5 ("Who is X?") runs on the simulated ``duc2004t5`` (sample only).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.metrics.qarla_pool import PREPROCESSINGS, ROUGE_KINDS, TVM_SIZES
from evalkit.metrics.similarity import LEMMAS, TAGGERS
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import pairwise, printed, qarla
from evalkit.stats.correlation import spearman_permutation, spearman_trend

PAPER = "amigo2005duc"
#: profile -> task -> data set key (public: SummEval is generic summarization, no "Who is X?"
#: stand-in; licensed: the duc2004 entry reads task 2)
DATASETS = {
    "sample": {2: "duc2004", 5: "duc2004t5"},
    "public": {2: "summeval"},
    "licensed": {2: "duc2004"},
}
TASKS = (2, 5)
#: the content pool of the task comparison (02): R and Rpre of these kinds and preprocessings
COMPARISON_KINDS = ("1", "2", "L", "W-1.2")
COMPARISON_PREPROCESSINGS = ("b", "c")

_LEMMAS = P(
    "lemmas",
    str,
    default="wordnet",
    quick="porter",
    choices=LEMMAS,
    help="TVM term normalisation (quick: Porter stems)",
)
_TAGGER = P(
    "tagger",
    str,
    default="spacy",
    quick="word-classes",
    choices=TAGGERS,
    help="GRAMSIM tags: the pinned spaCy pipeline's Penn tags or model-free token classes",
)
_BYTE_LIMIT = P(
    "byte_limit",
    int,
    default=665,
    allow_none=True,
    low=1,
    help="DUC 2004 truncation of every summary",
)
_MAX_PEERS = P("max_peers", int, quick=6, low=2, help="first peer systems only")

NOTEBOOKS = {
    "00_printed_checks": (),
    "01_qarla_duc2004": (
        P("max_instances", int, quick=2, low=1, help="first test cases only"),
        _MAX_PEERS,
        P(
            "kinds",
            list,
            default=list(ROUGE_KINDS),
            quick=["1", "2", "L", "W-1.2"],
            choices=ROUGE_KINDS,
            help="ROUGE kinds of the R and Rpre families",
        ),
        P(
            "preprocessings",
            list,
            default=list(PREPROCESSINGS),
            choices=tuple(PREPROCESSINGS),
            help="a: none, b: stop words removed, c: stemmed and stop words removed",
        ),
        P(
            "tvm_sizes",
            list,
            default=list(TVM_SIZES),
            quick=[4, 64, 512],
            element=int,
            low=1,
            help="TVM n",
        ),
        _LEMMAS,
        _TAGGER,
        _BYTE_LIMIT,
        P(
            "n_clusters",
            int,
            default=10,
            quick=4,
            low=1,
            help="clusters of content metrics (Figure 1)",
        ),
        P(
            "n_orders",
            int,
            default=100,
            quick=10,
            low=1,
            help="random system orders of the JACK curve",
        ),
        P(
            "human",
            str,
            default="coverage",
            help="system-level human score (DUC SEE coverage / SummEval relevance)",
        ),
        P(
            "task",
            int,
            default=2,
            choices=TASKS,
            help="DUC 2004 task: 2 (generic) or 5 (Who is X?; sample only)",
        ),
    ),
    "02_task2_vs_task5": (
        P("max_instances", int, quick=3, low=1, help="first test cases only"),
        _MAX_PEERS,
        P(
            "metric_set",
            list,
            default=["Rpre-W-1.2.b", "TVM.512"],
            help="the paper's best set (§3.3)",
        ),
        P("tvm_sizes", list, default=[4, 64, 512], element=int, low=1, help="TVM n"),
        _LEMMAS,
        _TAGGER,
        _BYTE_LIMIT,
    ),
}


def dataset_key(profile: str, task: int = 2) -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs ``task`` on."""
    if task not in DATASETS[profile]:
        raise ParameterError(
            "task",
            task,
            f"one of {sorted(DATASETS[profile])} on the {profile} profile (no "
            "'Who is X?' data stands in for task 5 there)",
        )
    return DATASETS[profile][task]


def tasks(profile: str) -> list:
    """The DUC 2004 tasks a profile has data for."""
    return sorted(DATASETS[profile])


def printed_checks() -> pd.DataFrame:
    """The counts the prose states, recomputed from the pool's definition (exact)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed")
    v = lambda key: int(c.printed("text", "value", key=key))  # noqa: E731
    kinds, preps = len(ROUGE_KINDS), v("preprocessings")
    c.check(
        "rouge_24",
        source="§3.1",
        printed=v("rouge_metrics"),
        this_run=f"{kinds} kinds x {preps} = {kinds * preps}",
        holds=kinds * preps == v("rouge_metrics"),
        note="8 kinds: W, L, 1-4 named; S4, SU4 assumed (README 2)",
    )
    c.check(
        "tvm_9",
        source="§3.1",
        printed=v("tvm_variants"),
        this_run=len(TVM_SIZES),
        holds=len(TVM_SIZES) == v("tvm_variants"),
        note="n = 1, 4, ..., 512",
    )
    content = v("rouge_metrics") + v("inverted_metrics") + v("tvm_variants")
    c.check(
        "content_57",
        source="§3.2",
        printed=v("content_metrics"),
        this_run=f"24+24+9 = {content}",
        holds=content == v("content_metrics"),
    )
    total = content + v("stylistic_metrics")
    c.check(
        "total_59",
        source="§3",
        printed=v("metrics_total"),
        this_run=total,
        holds=total == v("metrics_total"),
    )
    combos = 2 ** v("clusters")
    c.check(
        "combinations_1024",
        source="§4.2 / Figure 5",
        printed=v("combinations"),
        this_run=f"2^{v('clusters')} = {combos}",
        holds=combos == v("combinations"),
        note="including the empty set; evalkit scores the 1023 non-empty ones",
    )
    parts = v("rouge_clusters") + v("tvm_clusters")
    c.check(
        "clusters_7_plus_3",
        source="§3.2",
        printed=v("clusters"),
        this_run=f"7 + 3 = {parts}",
        holds=parts == v("clusters"),
    )
    return c.frame()


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


def jack_knee() -> int:
    """The number of systems after which Figure 3's JACK grows slower (printed)."""
    return int(Claims(PAPER).printed("text", key="jack_slowdown"))


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
) -> pd.DataFrame:
    """The paper's findings on this run (values not comparable: different data), each
    tested: the best set against the best single metric by a paired t-test of per-topic
    KING (``qdata``), TVM's KING against n by an exact/seeded permutation Spearman test,
    JACK's slowdown by a paired t-test over the random orders of ``curve``, the models'
    QUEEN above the peers' by a Mann-Whitney U test, Figure 5's trend by Spearman's test
    over the metric combinations (not independent: optimistic)."""
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
    printed_set = "better KING than any individual metric"
    shown_set = f"{b['king']:.3f} (size {b['size']}) vs {top['metric']} {top['king']:.3f}"
    if qdata is None:
        c.not_comparable(
            "set_beats_every_single",
            source="§3.3",
            printed=printed_set,
            this_run=shown_set,
            note="no per-topic data given",
        )
    else:
        r = qarla.king_difference_test(
            qdata, a=list(b["metrics"]), b=[top["metric"]], selected=True
        )
        c.finding(
            "set_beats_every_single",
            source="§3.3",
            printed=printed_set,
            expected=">",
            difference=r["difference"],
            p_value=r["p_value"],
            test=r["test"],
            this_run=shown_set,
            note="the best set by KING against the best single metric",
        )
    if len(tvm_kings) > 2 and tvm_kings["king"].nunique() > 1:
        rho, p = spearman_permutation(
            tvm_kings["n"].to_numpy(), tvm_kings["king"].to_numpy(), seed=seed
        )
        c.finding(
            "tvm_more_terms",
            source="§3.3",
            printed="TVM KING higher with more terms",
            expected=">",
            difference=rho,
            p_value=p,
            test=f"Spearman rho of n and KING over the {len(tvm_kings)} TVM variants, "
            "one-sided permutation test",
            this_run=f"rho = {rho:.2f}",
        )
    else:
        c.not_comparable(
            "tvm_more_terms",
            source="§3.3",
            printed="TVM KING higher with more terms",
            this_run=f"{len(tvm_kings)} TVM variants",
            note="fewer than three TVM variants, or the same KING for all: nothing to rank",
        )
    slow = "jack_slows"
    printed_slow = f"grows slower beyond {text('jack_slowdown')} systems"
    shown_slow = f"mean gain per system {growth['before']:.3f} then {growth['after']:.3f}"
    knee = int(c.printed("text", "value", key="jack_slowdown"))
    per_order = None
    if curve is not None and "order" in curve:
        steps = curve.sort_values(["order", "systems"]).assign(
            gain=lambda f: f.groupby("order")["jack"].diff()
        )
        steps = steps.dropna(subset=["gain"])
        per_order = steps.assign(after=steps["systems"] > knee).pivot_table(
            index="order", columns="after", values="gain", aggfunc="mean"
        )
    if per_order is not None and {True, False} <= set(per_order.columns) and len(per_order) > 1:
        res = pairwise.paired_test(per_order[False], per_order[True], test="t").iloc[0]
        c.finding(
            slow,
            source="§3.4 / Figure 3",
            printed=printed_slow,
            expected=">",
            difference=float(res["mean_diff"]),
            p_value=float(res["p_value"]),
            test=f"paired t-test over the {len(per_order)} random orders (mean JACK gain per "
            "added system up to the knee minus after it)",
            this_run=shown_slow,
        )
    else:
        c.not_comparable(
            slow,
            source="§3.4 / Figure 3",
            printed=printed_slow,
            this_run=shown_slow,
            note=f"the run has no systems on both sides of {knee} (or no JACK curve)",
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
    printed_trend = "higher KING, rankings closer to the human ones"
    trend = spearman_trend(figure5, "king", "pearson_scores")
    if trend is None:
        c.not_comparable(
            "king_vs_correlation",
            source="§4.2 / Figure 5",
            printed=printed_trend,
            this_run=f"{figure5['pearson_scores'].notna().sum()} sets with a correlation",
            note="too few metric combinations with a correlation, or no variation",
        )
    else:
        c.finding(
            "king_vs_correlation",
            source="§4.2 / Figure 5",
            printed=printed_trend,
            expected=">",
            difference=trend["rho"],
            p_value=trend["p_value"],
            test=f"Spearman rho of KING and Pearson over the {trend['n']} metric combinations "
            "(they share metrics, so not independent: optimistic)",
            this_run=f"rho = {trend['rho']:.2f}",
        )
    return c.frame()


def tvm_kings(kings: pd.DataFrame) -> pd.DataFrame:
    """KING of the TVM metrics with their n."""
    t = kings[kings["metric"].str.startswith("TVM.")].copy()
    t["n"] = t["metric"].str.slice(4).astype(int)
    return t.sort_values("n").reset_index(drop=True)


def system_queen_with_models(data, metrics: Sequence[str]) -> pd.DataFrame:
    """Figure 4 / 6: system-level QUEEN of peers (against all models) and of models (each
    against the others), sorted best first."""
    return qarla.queen_system_scores(data, metrics=list(metrics))


def content_metrics(metrics: Sequence[str]) -> list:
    """The pool minus the stylistic AVLS and GRAMSIM (what §3.2 clusters)."""
    return [m for m in metrics if m not in ("AVLS", "GRAMSIM")]


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


def task_claims(
    summary: pd.DataFrame,
    data: str,
    units: Optional[pd.DataFrame] = None,
    simulated: bool = False,
) -> pd.DataFrame:
    """§3.3, §3.4 and §4's task 2 vs task 5 findings on this run, tested on ``units``
    (:func:`task_units`): KING and JACK per topic compared between the tasks by Welch's
    t-test (different topics), the systems' QUEEN over GRAMSIM against the models' in task
    5 by a Mann-Whitney U test; where a profile has no task 5 the rows are not comparable.
    ``simulated``: the sample's task 5 (``evalkit/data/simulate/who_is.py``) gives the models
    less content-selection noise and the systems alike, so KING higher and JACK lower in
    task 5 are by construction there."""
    c = Claims(PAPER, data=data)
    text = lambda key: c.printed("text", "printed", key=key)  # noqa: E731
    t = summary.set_index("task")
    both = {2, 5} <= set(t.index) and units is not None
    note = (
        ""
        if both
        else "this profile has no task 5 ('Who is X?') data: SummEval / licensed duc2004 are task 2"
    )
    checks = [
        ("king_higher_task5", "§3.3 / Figure 2", "king_set", "<"),
        ("king_higher_task5_mean", "§3.3 / Figure 2", "mean_king", "<"),
        ("jack_higher_task2", "§3.4 / Figure 3", "jack_set", ">"),
    ]
    for claim, source, col, expected in checks:
        key = claim.replace("_mean", "")
        if not both:
            c.not_comparable(
                claim, source=source, printed=text(key), this_run="task 2 only", note=note
            )
            continue
        if simulated:
            c.by_construction(
                claim,
                source=source,
                printed=text(key),
                this_run=f"{col}: task 2 {t.loc[2, col]:.3f}, task 5 {t.loc[5, col]:.3f}",
                note="the sample's task 5 models are given less content-selection noise "
                "(MODEL_NOISE) and its systems are alike (evalkit/data/simulate/who_is.py)",
            )
            continue
        topics = units[units["unit"] == "topic"]
        x2 = topics.loc[topics["task"] == 2, col].dropna().astype(float)
        x5 = topics.loc[topics["task"] == 5, col].dropna().astype(float)
        p = (
            float(sps.ttest_ind(x2, x5, equal_var=False).pvalue)
            if min(len(x2), len(x5)) > 1
            else np.nan
        )
        c.finding(
            claim,
            source=source,
            printed=text(key),
            expected=expected,
            difference=float(x2.mean() - x5.mean()),
            p_value=1.0 if p != p else p,
            test=f"Welch t-test of the per-topic {col} ({len(x2)} task 2 against {len(x5)} task 5 "
            "topics)",
            this_run=f"{col}: task 2 {t.loc[2, col]:.3f}, task 5 {t.loc[5, col]:.3f}",
            note="difference: task 2 minus task 5",
        )
    if both:
        sys5 = units[(units["unit"] == "system") & (units["task"] == 5)]
        m5 = sys5.loc[sys5["role"] == "model", "queen"].astype(float)
        p5 = sys5.loc[sys5["role"] == "peer", "queen"].astype(float)
        gap = {k: float(t.loc[k, "gramsim_models"] - t.loc[k, "gramsim_peers"]) for k in (2, 5)}
        u = sps.mannwhitneyu(m5, p5, alternative="two-sided") if len(m5) and len(p5) else None
        c.finding(
            "gramsim_task5",
            source="§4 / Figure 6",
            printed=text("gramsim_task5"),
            expected=">",
            difference=gap[5],
            p_value=1.0 if u is None else float(u.pvalue),
            test=f"Mann-Whitney U test of task 5's system QUEEN over GRAMSIM, {len(m5)} models "
            f"against {len(p5)} peers",
            this_run=f"models - peers mean QUEEN(GRAMSIM): task 2 {gap[2]:.3f}, task 5 {gap[5]:.3f}",
            note="the finding tested is task 5's systems below the models; task 2's 'systems "
            "merge with the models' is an absence of difference, shown in this_run",
        )
    else:
        c.not_comparable(
            "gramsim_task5",
            source="§4 / Figure 6",
            printed=text("gramsim_task5"),
            this_run="task 2 only",
            note=note,
        )
    return c.frame()


def as_series(frame: pd.DataFrame) -> pd.Series:
    """Peers' system QUEEN as a Series indexed by system."""
    peers = frame[frame["role"] == "peer"]
    return pd.Series(np.asarray(peers["queen"], float), index=peers["summarizer"].astype(str))
