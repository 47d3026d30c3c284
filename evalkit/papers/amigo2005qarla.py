"""Amigó, Gonzalo, Peñas & Verdejo (2005a): what only the QARLA paper defines, for
``notebooks/amigo2005qarla/``.

"QARLA: A Framework for the Evaluation of Text Summarization Systems", ACL 2005,
pp. 280-289. The paper states seven formal constraints on a summary quality Q and a metric
quality K (§2), derives QUEEN, rejects two K candidates and arrives at KING (§3), defines
JACK, and applies them to ISCORPUS, a Spanish information-synthesis corpus (8 topics, 9
human summarisers, 30 baseline peers of which the 10 closest to the humans are kept; §4),
with a leave-one-human-out test against ROUGE-1..4 (Table 1, §5).

The general parts live below the paper layer: QUEEN/KING/JACK, naive K, leave-one-model-out
in :mod:`evalkit.stats.qarla`, the point clouds of Figures 1-4 in
:mod:`evalkit.stats.qarla_synthetic`, the similarities in :mod:`evalkit.metrics.qarla_pool`
and :mod:`evalkit.metrics.similarity`. This module holds the paper's English stand-in for
its ISCORPUS metric pool, its leave-one-out table with ROUGE, its printed-number checks
and its claims.

ISCORPUS is not distributed; its Spanish metrics are replaced by English ones
(:mod:`evalkit.metrics.iscorpus`): ROUGESim (ROUGE-1 recall against one model, stop words
removed and stemmed: ``R-1.c``), VectModelSim (all content terms), TruncVectModel.n (the n
most frequent terms of the reference summary), and where the corpus records them (the
simulated ones) SentencePrecision, SentenceRecall and DocSim over the source sentences of
the summaries (ISCORPUS's models were extracts; the simulated models are written, so each
written sentence counts as the document sentence expressing most of its content units)
and NICOS over the content units each summary expresses (standing in for the summarisers'
manual key-concept annotation). Set 1 is the best set without NICOS and the extractive
metrics (the paper's "automatic" set), set 2 the best over all.
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.metrics.similarity import LEMMAS
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import qarla

PAPER = "amigo2005qarla"
#: the data set each profile stands in with (ISCORPUS is not distributed)
DATASETS = {"sample": "duc2004", "public": "summeval", "licensed": "duc2004"}

NOTEBOOKS = {
    "00_formal_properties": (
        P("n_instances", int, default=8, low=1, help="test cases (ISCORPUS: 8 topics)"),
        P("n_models", int, default=9, low=4, help="models per test case (ISCORPUS: 9 humans)"),
        P("n_peers", int, default=7, low=1, help="peers (§3.3: seven automatic summaries)"),
        P("n_metrics", int, default=3, low=1, help="informative synthetic metrics"),
        P("noise", float, default=0.5, low=0.0, help="per-pair noise of each metric"),
        P(
            "max_metrics",
            int,
            default=24,
            quick=8,
            low=2,
            help="naive K: metric sets up to this size",
        ),
        P(
            "n_random",
            int,
            default=60,
            quick=15,
            low=1,
            help="test cases of the random-metric check",
        ),
    ),
    "01_metric_quality": (
        P("max_instances", int, quick=3, low=1, help="first test cases only"),
        P("max_peers", int, quick=6, low=2, help="first peer systems only"),
        P(
            "tvm_sizes",
            list,
            default=[1, 8, 64, 512],
            element=int,
            low=1,
            help="TruncVectModel n (§4)",
        ),
        P(
            "lemmas",
            str,
            default="wordnet",
            quick="porter",
            choices=LEMMAS,
            help="term normalisation (quick: Porter stems, no WordNet load)",
        ),
        P(
            "rouge_orders",
            list,
            default=[1, 2, 3, 4],
            element=int,
            low=1,
            high=4,
            help="Table 1 ROUGE-n",
        ),
    ),
}


def dataset_key(profile: str) -> str:
    """The :mod:`evalkit.data.datasets` key a profile runs on."""
    return DATASETS[profile]


# --------------------------------------------------------------------------- printed numbers
def printed_checks() -> pd.DataFrame:
    """What the printed numbers imply, recomputed exactly (no data needed)."""
    c = Claims(PAPER, data="printed numbers only", kind="recomputed", digits=4)
    text = lambda key, col="value": c.printed("text", col, key=key)  # noqa: E731
    n_peers, p = int(text("random_peers")), float(text("random_pairwise"))
    king = p**n_peers
    c.check(
        "random_king",
        source="§3.3",
        printed=text("random_king", "printed"),
        this_run=f"{king:.7f}",
        holds=king < 0.01 and king == float(text("random_king")),
        note=f"{p:g}^{n_peers}",
    )
    best, single = float(text("best_set_king")), float(text("best_single_king"))
    gain = best / single - 1
    c.compare(
        "best_set_gain",
        source="§4.1",
        printed=text("best_set_gain", "printed"),
        this_run=round(100 * gain, 2),
        note=f"{best:g} / {single:g} - 1, in per cent (README reading 6)",
    )
    c.check(
        "best_set_above_others",
        source="§4.1",
        printed=f"{best:g} vs < {text('other_single_king'):g}",
        this_run=best > float(text("other_single_king")),
        holds=best > float(text("other_single_king")),
    )
    t1 = c.table("table1")
    rouge = t1[t1["criterion"].str.startswith("ROUGE")]
    top = t1[t1["criterion"] == "QUEEN(Best Metric Combination)"].iloc[0]
    ratio = top["successes"] / rouge["successes"].max()
    c.check(
        "table1_doubling",
        source="§5",
        printed="6/9 versus 3/9: doubling",
        this_run=f"{ratio:g}x",
        holds=ratio == 2.0,
    )
    c.check(
        "table1_totals",
        source="Table 1",
        printed=text("human_summarizers", "printed"),
        this_run=sorted(set(t1["total"])),
        holds=set(t1["total"]) == {int(text("human_summarizers"))},
    )
    c.derived(
        "peers_selected",
        source="§4",
        printed=f"{text('peers_selected', 'printed')} of {text('peers_per_topic', 'printed')}",
        this_run=f"{text('peers_selected', 'printed')} of {text('peers_per_topic', 'printed')}",
        note="a design fact, shown: KING used the 10 best peers; JACK (§4.2) all 30",
    )
    listed = re.search(r"n\s*=\s*([\d,\s]+)", str(text("tvm_variants", "statement")))
    n_listed = len([v for v in listed.group(1).split(",") if v.strip()]) if listed else 0
    c.erratum(
        "tvm_variants",
        source="§4",
        printed=text("tvm_variants", "printed"),
        this_run=n_listed,
        tolerance=0,
        note="README erratum 1: '10 variants of this measure with n = 1, 8, 64, 512' lists "
        "the values of n, counted here",
    )
    return c.frame()


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


def property_claims(clouds, random_clouds, curve: pd.DataFrame) -> pd.DataFrame:
    """The §2-§3 properties checked on seeded synthetic clouds (claims schema)."""
    _, sims, roles = clouds
    c = Claims(
        PAPER, data="synthetic point clouds (evalkit.stats.qarla_synthetic)", kind="reproduced"
    )
    metrics = sorted(sims["metric"].unique())
    peer = roles.loc[roles["role"] == "peer", "summarizer"].iloc[0]
    fsims, froles = farther_copy(sims, roles, peer, 0.5)
    q = qarla.queen(fsims, froles).set_index(["instance", "summarizer"])["queen"]
    ok = all(q[(i, "FAR")] <= q[(i, peer)] for i in roles["instance"].unique())
    c.check(
        "c1_farther_not_better",
        source="§2 constraint 1",
        printed="a farther from every model: Q(a) <= Q(a')",
        this_run=f"QUEEN of {peer} moved 0.5 away never above {peer}'s: {ok}",
        holds=ok,
    )
    top, base = models_with_queen(sims, roles), qarla.king(sims, roles)
    far = qarla.king(
        separated(sims, roles, float(sims["value"].max() - sims["value"].min()) + 1.0), roles
    )
    c.check(
        "c2_better_grouping",
        source="§2 constraint 2",
        printed="models tighter, peers farther: K(x) > K(x')",
        this_run=f"KING {base:.3f} -> {far:.3f} (the models' own agreement allows {top:.3f})",
        holds=bool(far >= base and np.isclose(far, top) and (far > base or np.isclose(base, top))),
    )
    c.check(
        "c3_king_needs_model_queen",
        source="§2 constraint 3",
        printed="K = 1 -> Q(m) > 0 for every model",
        this_run=f"KING {base:.3f} <= P(QUEEN(m) > 0) = {top:.3f}",
        holds=bool(base <= top + 1e-12),
    )
    moved = sims.assign(value=np.exp(sims["value"]) * 3 + 1)
    same = (qarla.king(sims, roles) == qarla.king(moved, roles)) and qarla.queen(sims, roles)[
        "queen"
    ].equals(qarla.queen(moved, roles)["queen"])
    c.check(
        "c4_scale_invariance",
        source="§2 constraint 4",
        printed="K and Q unchanged by f increasing",
        this_run=f"unchanged under 3 exp(x) + 1: {same}",
        holds=same,
    )
    dsims, droles = duplicate_peer(sims, roles, peer)
    k0, k1 = qarla.king(sims, roles), qarla.king(dsims, droles)
    p0, p1 = qarla.k_pairwise(sims, roles), qarla.k_pairwise(dsims, droles)
    c.check(
        "c5_repeated_peers_king",
        source="§2 constraint 5 / §3.3",
        printed="KING insensitive to repeated peers",
        this_run=f"KING {k0:.4f} -> {k1:.4f}",
        holds=k0 == k1,
    )
    c.check(
        "c5_repeated_peers_pairwise",
        source="§3.3",
        printed="P(QUEEN(m) > QUEEN(a)) violates constraint 5",
        this_run=f"{p0:.4f} -> {p1:.4f}",
        holds=p0 != p1,
    )
    _, rsims, rroles = random_clouds
    kr, kc = (
        qarla.king(rsims, rroles, metrics=["random"]),
        qarla.king(rsims, rroles, metrics=["constant"]),
    )
    c.compare(
        "c6_random_metric",
        source="§2 constraint 6 / §3.3",
        printed=c.printed("text", "printed", key="random_king"),
        this_run=round(kr, 4),
        comparable=False,
        note="a bound, not a value: the peers share model triples",
    )
    c.check("c7_constant_metric", source="§2 constraint 7", printed=0, this_run=kc, holds=kc == 0.0)
    last = curve.iloc[-1]
    c.check(
        "naive_k_grows",
        source="§3.3",
        printed="K -> 1 while QUEEN(m) -> 0 (violates constraint 3)",
        this_run=f"K {curve['k_naive'].iloc[0]:.3f} -> {last['k_naive']:.3f}; models at 0: {last['models_queen_zero']:.0%}",
        holds=bool(
            last["k_naive"] >= curve["k_naive"].iloc[0]
            and last["models_queen_zero"] > curve["models_queen_zero"].iloc[0]
        ),
    )
    peers = sorted(roles.loc[roles["role"] == "peer", "summarizer"].unique())
    jacks = [qarla.jack(sims, roles, metrics, peers=peers[:k]) for k in range(1, len(peers) + 1)]
    c.check(
        "jack_monotone",
        source="§3.4",
        printed="adding peers never lowers JACK",
        this_run=" ".join(f"{j:.2f}" for j in jacks),
        holds=all(b >= a for a, b in zip(jacks, jacks[1:])),
    )
    return c.frame()


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


def king_finding(
    c: Claims,
    claim: str,
    qdata,
    a: Sequence[str],
    b: Sequence[str],
    *,
    source: str,
    printed: str,
    note: str = "",
    selected: bool = False,
) -> None:
    """The finding "metric set ``a`` has a higher KING than ``b``" on this run, tested over
    topics (:func:`evalkit.stats.qarla.king_difference_test`: a zero difference, as when the
    best set is a single metric, is inconclusive). ``selected``: ``a`` was chosen as the
    best set on the same topics, so the test is optimistic (said so)."""
    r = qarla.king_difference_test(qdata, a=list(a), b=list(b), selected=selected)
    c.finding(
        claim,
        source=source,
        printed=printed,
        expected=">",
        difference=r["difference"],
        p_value=r["p_value"],
        test=r["test"],
        this_run=f"{' + '.join(a)} {r['king_a']:.3f} vs {' + '.join(b)} {r['king_b']:.3f}",
        note=note,
    )


def metric_set_claims(
    set1: pd.DataFrame, set2: pd.DataFrame, data: str, qdata=None
) -> pd.DataFrame:
    """§4.1's two metric sets on this run: set 1 (automatic metrics only) and set 2 (every
    metric), each against the printed set (not comparable); both "better than ROUGESim
    alone", tested on the per-topic KING of ``qdata`` (:func:`king_finding`)."""
    from evalkit.metrics.iscorpus import EXTRACTIVE_ONLY, NEEDS_ANNOTATION

    c = Claims(PAPER, data=data)
    rouge = set1[set1["metrics"].map(tuple) == ("ROUGESim",)]["king"]
    every = {m for x in set2["metrics"] for m in x}
    same = (
        ""
        if every & set(EXTRACTIVE_ONLY + NEEDS_ANNOTATION)
        else "no source-sentence record or key-concept annotation on this corpus: set 2 searches the set 1 metrics"
    )
    single = float(rouge.iloc[0]) if len(rouge) else float("nan")
    for claim, frame in (("set1_automatic", set1), ("set2_all", set2)):
        best = frame.iloc[0]
        c.compare(
            claim,
            source="§4.1 / Figure 5",
            printed=c.printed("text", "printed", key=claim),
            this_run="{" + ", ".join(best["metrics"]) + f"}} KING {best['king']:.3f}",
            comparable=False,
            note=same if claim == "set2_all" else "",
        )
        if single != single or qdata is None:
            c.not_comparable(
                claim + "_beats_rougesim",
                source="§4.1",
                printed="better than ROUGESim alone",
                this_run=f"{best['king']:.3f} vs {single:.3f}",
                note="no ROUGESim on this run" if single != single else "no per-topic data given",
            )
        else:
            king_finding(
                c,
                claim + "_beats_rougesim",
                qdata,
                list(best["metrics"]),
                ["ROUGESim"],
                source="§4.1",
                printed="better than ROUGESim alone",
                selected=True,
            )
    return c.frame()


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


def metric_quality_claims(
    kings: pd.DataFrame,
    best: pd.DataFrame,
    table: pd.DataFrame,
    jack_full: float,
    data: str,
    qdata=None,
) -> pd.DataFrame:
    """§4-§5 claims on this run: single-metric KING (Figure 5), the best set, JACK
    (Figure 6), Table 1. Values differ in data, so they are shown as not comparable; the
    findings are tested: KING differences by a paired t-test over topics (``qdata``, the
    run's :class:`evalkit.stats.qarla.QarlaData`), Table 1's by an exact McNemar test over
    the held-out models."""
    c = Claims(PAPER, data=data)
    text = lambda key, col="printed": c.printed("text", col, key=key)  # noqa: E731
    top = kings.sort_values("king", ascending=False, kind="mergesort").iloc[0]
    c.compare(
        "best_single_metric",
        source="§4.1 / Figure 5",
        printed=f"ROUGESim ({text('best_single_king')})",
        this_run=f"{top['metric']} ({top['king']:.3f})",
        comparable=False,
    )
    ranked = kings.sort_values("king", ascending=False, kind="mergesort")["metric"].tolist()
    if qdata is None or "ROUGESim" not in ranked or len(ranked) < 2:
        c.not_comparable(
            "best_single_is_rougesim",
            source="§4.1",
            printed="ROUGESim",
            this_run=top["metric"],
            note="no ROUGESim or no per-topic data on this run",
        )
    else:
        rival = ranked[1] if ranked[0] == "ROUGESim" else ranked[0]
        king_finding(
            c,
            "best_single_is_rougesim",
            qdata,
            ["ROUGESim"],
            [rival],
            source="§4.1",
            printed="ROUGESim the best single metric",
            note="ROUGESim against the best other single metric",
        )
    b = best.iloc[0]
    gain = b["king"] / top["king"] - 1 if top["king"] else float("nan")
    c.compare(
        "best_set_king",
        source="§4.1",
        printed=f"{text('best_set_king')} (+{text('best_set_gain')})",
        this_run=f"{b['king']:.3f} (+{gain:.0%}) {list(b['metrics'])}",
        comparable=False,
    )
    if qdata is None:
        c.not_comparable(
            "set_beats_single",
            source="§4.1",
            printed="best metric set better than the best single metric",
            this_run=f"{b['king']:.3f} vs {top['king']:.3f}, size {b['size']}",
            note="no per-topic data given",
        )
    else:
        king_finding(
            c,
            "set_beats_single",
            qdata,
            list(b["metrics"]),
            [top["metric"]],
            source="§4.1 + Abstract",
            printed="best metric set better than the best single metric (0.47 vs 0.39)",
            note="the best set by KING against the best single metric",
            selected=True,
        )
    c.compare(
        "jack_full",
        source="§4.2 / Figure 6",
        printed=text("jack_full"),
        this_run=round(jack_full, 3),
        comparable=False,
    )
    printed = c.table("table1").set_index("criterion")
    for row in table.itertuples(index=False):
        c.compare(
            "table1:" + re.sub(r"[^A-Za-z0-9]+", "_", row.criterion).strip("_"),
            source="Table 1",
            printed=printed.loc[row.criterion, "printed"],
            this_run=f"{row.successes}/{row.total}",
            comparable=False,
        )
    by = table.set_index("criterion")
    rouge_rows = [i for i in by.index if i.startswith("ROUGE")]
    queen_row = "QUEEN(Best Metric Combination)"
    if rouge_rows and queen_row in by.index and "identified" in by.columns:
        best_rouge = max(rouge_rows, key=lambda i: (by.loc[i, "successes"], i))
        won = {k: set(filter(None, str(by.loc[k, "identified"]).split(";"))) for k in by.index}
        only_q, only_r = (
            len(won[queen_row] - won[best_rouge]),
            len(won[best_rouge] - won[queen_row]),
        )
        p = sps.binomtest(only_q, only_q + only_r).pvalue if only_q + only_r else 1.0
        total = int(by.loc[queen_row, "total"])
        c.finding(
            "table1_queen_beats_rouge",
            source="§5 + Table 1",
            printed="QUEEN(best) 6/9 > best ROUGE 3/9 (doubling)",
            expected=">",
            difference=(int(by.loc[queen_row, "successes"]) - int(by.loc[best_rouge, "successes"]))
            / max(total, 1),
            p_value=float(p),
            test=f"exact McNemar test over the {total} held-out models ({only_q} identified by "
            f"QUEEN only, {only_r} by {best_rouge} only)",
            this_run=f"{by.loc[queen_row, 'successes']}/{total} vs {best_rouge} "
            f"{by.loc[best_rouge, 'successes']}/{total}",
            note="difference: share of held-out models identified, QUEEN minus the best ROUGE",
        )
    return c.frame()
