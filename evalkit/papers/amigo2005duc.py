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

from typing import Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.errors import ParameterError
from evalkit.metrics.qarla_pool import PREPROCESSINGS, ROUGE_KINDS, TVM_SIZES
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import qarla

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

NOTEBOOKS = {
    "00_printed_checks": (),
    "01_qarla_duc2004": (
        P(
            "max_instances",
            int,
            default=None,
            allow_none=True,
            quick=2,
            low=1,
            help="first test cases only",
        ),
        P(
            "max_peers",
            int,
            default=None,
            allow_none=True,
            quick=6,
            low=2,
            help="first peer systems only",
        ),
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
        P(
            "lemmas",
            str,
            default="wordnet",
            quick="porter",
            choices=("wordnet", "porter", "none"),
            help="TVM term normalisation (quick: Porter stems)",
        ),
        P(
            "tagger",
            str,
            default="spacy",
            quick="word-classes",
            choices=("spacy", "word-classes"),
            help="GRAMSIM tags: the pinned spaCy pipeline's Penn tags or model-free token classes",
        ),
        P(
            "byte_limit",
            int,
            default=665,
            allow_none=True,
            low=1,
            help="DUC 2004 truncation of every summary",
        ),
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
        P(
            "max_instances",
            int,
            default=None,
            allow_none=True,
            quick=3,
            low=1,
            help="first test cases only",
        ),
        P(
            "max_peers",
            int,
            default=None,
            allow_none=True,
            quick=6,
            low=2,
            help="first peer systems only",
        ),
        P(
            "metric_set",
            list,
            default=["Rpre-W-1.2.b", "TVM.512"],
            help="the paper's best set (§3.3)",
        ),
        P("tvm_sizes", list, default=[4, 64, 512], element=int, low=1, help="TVM n"),
        P(
            "lemmas",
            str,
            default="wordnet",
            quick="porter",
            choices=("wordnet", "porter", "none"),
            help="TVM term normalisation (quick: Porter stems)",
        ),
        P(
            "tagger",
            str,
            default="spacy",
            quick="word-classes",
            choices=("spacy", "word-classes"),
            help="GRAMSIM tags",
        ),
        P(
            "byte_limit",
            int,
            default=665,
            allow_none=True,
            low=1,
            help="DUC 2004 truncation of every summary",
        ),
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
    c.add(
        "rouge_24",
        source="§3.1",
        printed=v("rouge_metrics"),
        this_run=f"{kinds} kinds x {preps} = {kinds * preps}",
        agrees=kinds * preps == v("rouge_metrics"),
        note="8 kinds: W, L, 1-4 named; S4, SU4 assumed (README 2)",
    )
    c.add(
        "tvm_9",
        source="§3.1",
        printed=v("tvm_variants"),
        this_run=len(TVM_SIZES),
        agrees=len(TVM_SIZES) == v("tvm_variants"),
        note="n = 1, 4, ..., 512",
    )
    content = v("rouge_metrics") + v("inverted_metrics") + v("tvm_variants")
    c.add(
        "content_57",
        source="§3.2",
        printed=v("content_metrics"),
        this_run=f"24+24+9 = {content}",
        agrees=content == v("content_metrics"),
    )
    total = content + v("stylistic_metrics")
    c.add(
        "total_59",
        source="§3",
        printed=v("metrics_total"),
        this_run=total,
        agrees=total == v("metrics_total"),
    )
    combos = 2 ** v("clusters")
    c.add(
        "combinations_1024",
        source="§4.2 / Figure 5",
        printed=v("combinations"),
        this_run=f"2^{v('clusters')} = {combos}",
        agrees=combos == v("combinations"),
        note="including the empty set; evalkit scores the 1023 non-empty ones",
    )
    parts = v("rouge_clusters") + v("tvm_clusters")
    c.add(
        "clusters_7_plus_3",
        source="§3.2",
        printed=v("clusters"),
        this_run=f"7 + 3 = {parts}",
        agrees=parts == v("clusters"),
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
) -> pd.DataFrame:
    """The paper's findings on this run (values not comparable: different data)."""
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
    c.add(
        "set_beats_every_single",
        source="§3.3",
        printed="better KING than any individual metric",
        this_run=f"{b['king']:.3f} (size {b['size']}) vs {top['metric']} {top['king']:.3f}",
        agrees=bool(b["king"] > top["king"]),
    )
    rho = (
        sps.spearmanr(tvm_kings["n"], tvm_kings["king"])[0] if len(tvm_kings) > 2 else float("nan")
    )
    c.add(
        "tvm_more_terms",
        source="§3.3",
        printed="TVM KING higher with more terms",
        this_run=f"Spearman(n, KING) = {rho:.2f}",
        agrees=None if rho != rho else bool(rho > 0),
    )
    c.add(
        "jack_slows",
        source="§3.4 / Figure 3",
        printed=f"grows slower beyond {text('jack_slowdown')} systems",
        this_run=f"mean gain per system {growth['before']:.3f} then {growth['after']:.3f}",
        agrees=None
        if growth["after"] != growth["after"]
        else bool(growth["after"] < growth["before"]),
    )
    ranked = system_queen.sort_values("queen", ascending=False, kind="mergesort")
    n_models = int((ranked["role"] == "model").sum())
    c.add(
        "models_on_top",
        source="§4.1 / Figure 4",
        printed="models obtain the highest QUEEN values",
        this_run=f"top {n_models}: {list(ranked['summarizer'][:n_models])}",
        agrees=bool((ranked["role"].iloc[:n_models] == "model").all()),
    )
    c.compare(
        "pearson_best_set",
        source="§4.2",
        printed=f"{text('pearson_task2')} (task 2) / {text('pearson_task5')} (task 5)",
        this_run=f"{correlation['pearson_scores']:.2f} (scores), {correlation['pearson_ranks']:.2f} (ranks)",
        comparable=False,
    )
    ok = figure5.dropna(subset=["pearson_scores"])
    trend = sps.spearmanr(ok["king"], ok["pearson_scores"])[0] if len(ok) > 2 else float("nan")
    c.add(
        "king_vs_correlation",
        source="§4.2 / Figure 5",
        printed="higher KING, rankings closer to the human ones",
        this_run=f"Spearman(KING, Pearson) = {trend:.2f} over {len(ok)} sets",
        agrees=None if trend != trend else bool(trend > 0),
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


def task_claims(summary: pd.DataFrame, data: str) -> pd.DataFrame:
    """§3.3, §3.4, §4 and §6's task 2 vs task 5 findings on this run; where a profile has no
    task 5 the rows are not comparable."""
    c = Claims(PAPER, data=data)
    text = lambda key: c.printed("text", "printed", key=key)  # noqa: E731
    t = summary.set_index("task")
    both = {2, 5} <= set(t.index)
    note = (
        ""
        if both
        else "this profile has no task 5 ('Who is X?') data: SummEval / licensed duc2004 are task 2"
    )
    checks = [
        ("king_higher_task5", "§3.3 / Figure 2", "king_set", lambda a, b: b > a),
        ("king_higher_task5_mean", "§3.3 / Figure 2", "mean_king", lambda a, b: b > a),
        ("jack_higher_task2", "§3.4 / Figure 3", "jack_set", lambda a, b: a > b),
    ]
    for claim, source, col, test in checks:
        key = claim.replace("_mean", "")
        if both:
            a, b = float(t.loc[2, col]), float(t.loc[5, col])
            c.add(
                claim,
                source=source,
                printed=text(key),
                this_run=f"{col}: task 2 {a:.3f}, task 5 {b:.3f}",
                agrees=bool(test(a, b)),
            )
        else:
            c.add(
                claim,
                source=source,
                printed=text(key),
                this_run="task 2 only",
                verdict="not comparable",
                note=note,
            )
    if both:
        gap = {k: float(t.loc[k, "gramsim_models"] - t.loc[k, "gramsim_peers"]) for k in (2, 5)}
        c.add(
            "gramsim_task5",
            source="§4 / Figure 6",
            printed=text("gramsim_task5"),
            this_run=f"models - peers mean QUEEN(GRAMSIM): task 2 {gap[2]:.3f}, task 5 {gap[5]:.3f}",
            agrees=bool(gap[5] > gap[2] and gap[5] > 0),
        )
    else:
        c.add(
            "gramsim_task5",
            source="§4 / Figure 6",
            printed=text("gramsim_task5"),
            this_run="task 2 only",
            verdict="not comparable",
            note=note,
        )
    return c.frame()


def as_series(frame: pd.DataFrame) -> pd.Series:
    """Peers' system QUEEN as a Series indexed by system."""
    peers = frame[frame["role"] == "peer"]
    return pd.Series(np.asarray(peers["queen"], float), index=peers["summarizer"].astype(str))
