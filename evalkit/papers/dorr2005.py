"""Dorr et al. (2005): the paper-specific logic of ``notebooks/dorr2005/``.

Bonnie J. Dorr, Christof Monz, Stacy President, Richard Schwartz and David Zajic, "A
Methodology for Extrinsic Evaluation of Text Summarization: Does ROUGE Correlate?", ACL 2005
MTSE workshop, pp. 1-8 (W05-0901). Ten subjects judge the relevance of 3 x 20 TDT-3
documents to their event from a headline (HEAD), a human summary (HUM) and the full text;
Relevance-Prediction (agreement with one's own full-text judgment) is higher and steadier
than LDC-Agreement (Table 1); ROUGE-1 correlates positively with RP, not with LDC, on random
partitions of the documents (Table 5). The measures live in :mod:`evalkit.stats.extrinsic`
and :mod:`evalkit.stats.partitions`, the data in :mod:`evalkit.data.relevance`; this module
adds

* :func:`printed_checks`: what the printed counts, rates and times imply, recomputed exactly;
* :func:`load_task`: the study of a profile (sample: simulated; licensed: TDT-3 + the
  experiment's own judgments; public: nothing can stand in, see :data:`NO_PUBLIC`);
* :func:`rouge1`, :func:`table1`, :func:`table6`, :func:`significance`: Tables 1 and 6 and
  the tests of Sec. 4;
* :func:`partition_correlations`, :func:`table5`, :func:`representative_tables`: Tables 2-5
  and Figure 1's distributions;
* :func:`paper_vs_run`: the paper's qualitative claims checked on a run.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.data.published import read_published
from evalkit.data.relevance import RelevanceTask
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.metrics.rouge import Rouge
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import extrinsic, pairwise, partitions, printed, williams

PAPER = "dorr2005"
NOTEBOOKS = {
    "00_printed_checks": (),
    "01_table1_table6_relevance": (
        P(
            "anova_unit",
            str,
            default="subject",
            choices=("subject", "event"),
            help="observations of the RP-vs-LDC ANOVA",
        ),
        P(
            "stem",
            bool,
            default=False,
            help="ROUGE-1 with Porter stemming (the paper does not say)",
        ),
    ),
    "02_table5_partitions": (
        P("sizes", list, default=[1, 2, 4], element=int, low=1, help="partition sizes P"),
        P("n_partitions", int, default=10000, quick=300, low=1, help="random partitions per size"),
        P("stem", bool, default=False, help="ROUGE-1 with Porter stemming"),
    ),
}
SURROGATES = ("HEAD", "HUM")
MEASURES = ("rp", "ldc")
PRINTED = "printed numbers (Tables 1-6, text)"
#: judgments per event (10 subjects x 20 documents) and in all (3 events)
PER_EVENT, ALL_JUDGMENTS = 200, 600
NO_PUBLIC = (
    "no public data set has subjects judging relevance from surrogates and from the full text of the same "
    "documents with gold relevance labels (TDT-3 and the study's judgments are LDC-licensed or unpublished; the "
    "public SummEval copy holds only the mean of its three experts, so not even annotator agreement can stand "
    "in); the printed-number checks (00_printed_checks) and the sample profile exercise the method"
)

__all__ = [
    "PAPER",
    "SURROGATES",
    "PER_EVENT",
    "NO_PUBLIC",
    "printed_checks",
    "load_task",
    "rouge1",
    "table1",
    "table6",
    "significance",
    "item_scores",
    "partition_correlations",
    "table5",
    "representative_tables",
    "paper_vs_run",
    "partition_claims",
]


def _exact(
    c: Claims, claim: str, source: str, printed_value, value, ok: bool, note: str = ""
) -> None:
    """A recomputation from printed numbers that holds (``ok``, computed) or not."""
    c.check(
        claim.replace("/", "-"),
        source=source,
        printed=printed_value,
        this_run=value,
        holds=bool(ok),
        note=note,
    )


def printed_checks() -> pd.DataFrame:
    """Every number other printed numbers determine (Tables 1, 2-4, 5, 6 and the text)."""
    t1 = read_published(PAPER, "table1")
    t6 = read_published(PAPER, "table6")
    text = read_published(PAPER, "text").set_index("claim")
    c = Claims(PAPER, data=PRINTED, kind="recomputed", digits=5)
    for s in SURROGATES:
        g = t6[(t6["surrogate"] == s) & (t6["judgment"] != "TOTAL")].set_index("judgment")
        total = int(g["count"].sum())
        _exact(c, f"{s}_count_total", "Table 6", 600, total, total == 600)
        for judgment, row in g.iterrows():
            rules = printed.rounding_rules(
                int(row["count"]), ALL_JUDGMENTS, str(int(row["percent"])), scale=100
            )
            c.compare(
                f"{s}_{judgment}_percent".replace("/", "-"),
                source="Table 6",
                printed=f"{int(row['percent'])}%",
                this_run=round(100 * row["count"] / ALL_JUDGMENTS, 4),
                note=f"count / 600; per-cell rounding rule(s) giving the printed value: "
                f"{', '.join(rules) or 'none'} (the column as a whole: largest remainder)",
            )
        _exact(
            c,
            f"{s}_percent_largest_remainder",
            "Table 6",
            "/".join(f"{int(v)}%" for v in g["percent"]),
            "/".join(f"{100 * v / ALL_JUDGMENTS:.2f}%" for v in g["count"]),
            printed.largest_remainder_explains(g["count"], g["percent"]),
            "the four shares rounded by largest remainder (floors, then the missing units to "
            "the largest remainders, ties either way) so that they sum to 100%: no per-cell "
            "rule is needed (README reading 1)",
        )
        rp = 100 * (g.loc["Rel/Rel", "count"] + g.loc["NonRel/NonRel", "count"]) / 600
        t1rp = (
            t1[(t1.surrogate == s) & (t1.event == "overall") & (t1.measure == "rp")]["value"]
            .astype(float)
            .iloc[0]
        )
        _exact(
            c,
            f"{s}_rp_from_counts",
            "Table 6 -> Table 1",
            f"{t1rp:g}%",
            round(rp, 4),
            round(rp) == t1rp,
            "(Rel/Rel + NonRel/NonRel) / 600",
        )
        weighted = float((g["count"] * g["r1_mean"].astype(float)).sum() / 600)
        tot = float(t6[(t6.surrogate == s) & (t6.judgment == "TOTAL")]["r1_mean"].iloc[0])
        _exact(
            c,
            f"{s}_r1_total",
            "Table 6",
            tot,
            round(weighted, 5),
            abs(weighted - tot) <= 5e-5,
            "count-weighted mean of the four outcome means",
        )
        secs = float((g["count"] * g["seconds"].astype(float)).sum() / 600)
        tsec = float(t1[(t1.surrogate == s) & (t1.measure == "seconds")]["value"].iloc[0])
        _exact(
            c,
            f"{s}_seconds",
            "Table 6 -> Table 1",
            tsec,
            round(secs, 3),
            abs(secs - tsec) < 0.05,
            "count-weighted mean time of the outcomes (their times are printed to 0.1 s)",
        )
        ev = t1[(t1.surrogate == s) & (t1.event != "overall")]
        for m in MEASURES:
            parts = ev[ev.measure == m]["value"].astype(float).tolist()
            over = float(
                t1[(t1.surrogate == s) & (t1.event == "overall") & (t1.measure == m)]["value"].iloc[
                    0
                ]
            )
            ok, low, high = printed.pooled_rate_consistent(parts, [PER_EVENT] * len(parts), over)
            _exact(
                c,
                f"{s}_{m}_overall",
                "Table 1",
                f"{over:g}%",
                f"{low:.2f}-{high:.2f}%",
                ok,
                f"the pooled rate of three events of {PER_EVENT} judgments printed "
                f"{', '.join(f'{v:g}%' for v in parts)} lies in {low:.2f}-{high:.2f}%; "
                "consistent when an integer count per event prints as the event's rate and "
                "their sum as the overall rate (the roundings of the parts and of the total)",
            )
        gain = float(text.loc[f"rp_gain_{s.lower()}", "value"])
        ldc = float(
            t1[(t1.surrogate == s) & (t1.event == "overall") & (t1.measure == "ldc")]["value"].iloc[
                0
            ]
        )
        _exact(
            c,
            f"{s}_gain",
            "text + Tables 1, 6",
            f"{gain:g}",
            round(rp - gain, 4),
            abs(rp - gain - ldc) <= 0.5 + 0.05,
            f"exact RP {rp:.2f} minus the printed gain gives an LDC rate that prints as {ldc:g}% "
            "(within the roundings of the gain, 0.05, and of the rate, 0.5)",
        )
    doc = float(t1[(t1.surrogate == "DOC")]["value"].iloc[0])
    head = float(t1[(t1.surrogate == "HEAD") & (t1.measure == "seconds")]["value"].iloc[0])
    red = 100 * (1 - head / doc)
    _exact(
        c,
        "time_reduction",
        "text + Table 1",
        f"{text.loc['time_reduction', 'value']:g}%",
        round(red, 2),
        abs(red - float(text.loc["time_reduction", "value"])) < 1,
        "1 - 4.60/13.38",
    )
    fn = t6.set_index(["surrogate", "judgment"])["count"]
    ratio = 100 * (fn[("HEAD", "NonRel/Rel")] / fn[("HUM", "NonRel/Rel")] - 1)
    _exact(
        c,
        "false_negative_increase",
        "text + Table 6",
        "50%",
        round(ratio, 2),
        abs(ratio - 50) < 5,
        "117/77 - 1",
    )
    n_text = int(text.loc["n_head_nonrel_rel", "value"])
    c.erratum(
        "HEAD_NonRel-Rel_N",
        source="Section 6 + Table 6",
        printed=n_text,
        this_run=int(fn[("HEAD", "NonRel/Rel")]),
        tolerance=0,
        note="README erratum 2: the prose's example N for HEAD's NonRel/Rel judgments is "
        "Table 6's NonRel/NonRel count",
    )
    _representative_checks(c)
    return c.frame()


def _representative_checks(c: Claims) -> None:
    t5 = read_published(PAPER, "table5")
    for s in SURROGATES:
        r1 = read_published(PAPER, "table4")
        x = r1[(r1.surrogate == s) & (r1.partition != "avg")]["value"].astype(float).to_numpy()
        for m, table in (("rp", "table2"), ("ldc", "table3")):
            y = read_published(PAPER, table)
            y = y[y.surrogate == s]["value"].astype(float).to_numpy()
            r = float(np.corrcoef(x, y)[0, 1])
            p4 = float(
                t5[(t5.surrogate == s) & (t5.measure == m) & (t5.partition_size == 4)][
                    "value"
                ].iloc[0]
            )
            c.check(
                f"{s}_{m}_representative_r",
                source="Tables 2-4 vs Table 5 (P = 4)",
                printed=p4,
                this_run=round(r, 4),
                kind="consistency",
                holds=bool(np.sign(r) == np.sign(p4)),
                evidence="same sign",
                note="r on the printed representative partition against Table 5's r over "
                "10,000 partitions: the same sign expected of a 'representative' partition",
            )
            lo, hi = (
                read_published(PAPER, "text")
                .set_index("claim")
                .loc[f"{m}_{s.lower()}_{k}", "value"]
                for k in ("min", "max")
            )
            _exact(
                c,
                f"{s}_{m}_min_max",
                "text + Tables 2-3",
                f"{lo:g}-{hi:g}%",
                f"{y.min():g}-{y.max():g}%",
                (y.min(), y.max()) == (float(lo), float(hi)),
            )


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


def _test(tests: Optional[pd.DataFrame], name: str, surrogate: str) -> Optional[float]:
    if tests is None:
        return None
    hit = tests[tests["test"].str.startswith(name) & (tests["surrogate"] == surrogate)]
    return float(hit["p_value"].iloc[0]) if len(hit) else None


def paper_vs_run(
    t1: pd.DataFrame,
    t5: Optional[pd.DataFrame],
    data: str,
    tests: Optional[pd.DataFrame] = None,
    task: Optional[RelevanceTask] = None,
    simulated: bool = False,
) -> pd.DataFrame:
    """The paper's claims on Table 1 beside this run: the rates are not comparable (another
    study); the findings are tested: RP above LDC by Section 4's one-way ANOVA (``tests``
    from :func:`significance`), HUM's RP above HEAD's by the paired t-test over subjects,
    judging time cut by surrogates by a paired t-test over subjects (``task``). Table 5:
    :func:`partition_claims`. ``simulated``: the sample simulator
    (``evalkit/data/simulate/extrinsic.py``) lets the surrogate judgment share the subject's
    own reading of the document, so that RP exceeds LDC, and draws full-text times around
    13 s against 4-5 s for surrogates: those two findings are by construction there."""
    p1 = read_published(PAPER, "table1")
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    over = t1[t1["event"] == "overall"].set_index("surrogate")
    for s in SURROGATES:
        for m in MEASURES:
            pv = float(
                p1[(p1.surrogate == s) & (p1.event == "overall") & (p1.measure == m)]["value"].iloc[
                    0
                ]
            )
            c.not_comparable(
                f"{s}_{m}_overall",
                source="Table 1",
                printed=f"{pv:g}%",
                this_run=round(float(over.loc[s, m]), 2),
                note="different documents and subjects",
            )
        gap = float(over.loc[s, "rp"] - over.loc[s, "ldc"])
        p = _test(tests, "ANOVA RP vs LDC", s)
        if simulated:
            c.by_construction(
                f"{s}_rp_above_ldc",
                source="Table 1 + Section 4",
                printed="RP > LDC (significant)",
                this_run=round(gap, 2),
                note="the simulator makes a subject's surrogate judgment share their own reading "
                "of the full text, so that RP exceeds LDC (evalkit/data/simulate/extrinsic.py)",
            )
        elif p is None:
            c.not_comparable(
                f"{s}_rp_above_ldc",
                source="Table 1 + Section 4",
                printed="RP > LDC",
                this_run=round(gap, 2),
                note="no significance test was run (pass tests=significance(...))",
            )
        else:
            c.finding(
                f"{s}_rp_above_ldc",
                source="Table 1 + Section 4",
                printed="RP > LDC (significant)",
                expected=">",
                difference=gap,
                p_value=p,
                test="one-way ANOVA of RP against LDC rates (Section 4)",
                note="RP minus LDC, percentage points",
            )
    hr = float(over.loc["HUM", "rp"] - over.loc["HEAD", "rp"])
    p = _test(tests, "paired t HEAD vs HUM RP", "HEAD-HUM")
    rp = p1[(p1.event == "overall") & (p1.measure == "rp")].set_index("surrogate")["value"]
    printed_hr = f"HUM {rp['HUM']:g}% > HEAD {rp['HEAD']:g}%, not significant (Section 4)"
    if p is None:
        c.not_comparable(
            "HUM_rp_above_HEAD",
            source="Table 1 + Section 4",
            printed=printed_hr,
            this_run=round(hr, 2),
            note="no significance test was run (pass tests=significance(...))",
        )
    else:
        c.finding(
            "HUM_rp_above_HEAD",
            source="Table 1 + Section 4",
            printed=printed_hr,
            expected=">",
            difference=hr,
            p_value=p,
            test="paired t-test of HEAD against HUM RP over subjects (Section 4)",
            note="HUM minus HEAD RP, percentage points; the paper itself found the difference "
            "not significant, so inconclusive is the paper's own outcome",
        )
    c.not_comparable(
        "surrogates_useful",
        source="Conclusion",
        printed="HEAD and HUM help a user achieve 70-85% agreement in relevance judgments",
        this_run=", ".join(
            f"{s} {over.loc[s, m]:.0f}% {m.upper()}" for s in SURROGATES for m in MEASURES
        ),
        note="agreement levels of another study's subjects and documents",
    )
    if task is not None:
        cut_printed = (
            read_published(PAPER, "text").set_index("claim").loc["time_reduction", "printed"]
        )
        j = task.judgments
        who = j["presentation"].eq("DOC").map({True: "doc", False: "sur"})
        per = j.groupby(["subject", who])["seconds"].mean().unstack()
        if {"doc", "sur"} <= set(per.columns) and len(per.dropna()) >= 2:
            per = per.dropna()
            cut = 100 * (1 - per["sur"].mean() / per["doc"].mean())
            if simulated:
                c.by_construction(
                    "time_reduction",
                    source="Conclusion + Table 1",
                    printed=f"{cut_printed} reduction in judgment time",
                    this_run=f"{cut:.0f}% less time",
                    note="the simulator draws full-text times around 12.5-13 s and surrogate "
                    "times around 4-5 s (evalkit/data/simulate/extrinsic.py)",
                )
            else:
                res = pairwise.paired_test(per["doc"], per["sur"], test="t").iloc[0]
                c.finding(
                    "time_reduction",
                    source="Conclusion + Table 1",
                    printed=f"{cut_printed} reduction in judgment time",
                    expected=">",
                    difference=float(res["mean_diff"]),
                    p_value=float(res["p_value"]),
                    test=f"paired t-test over the {len(per)} subjects (full text minus "
                    "surrogate seconds)",
                    this_run=f"{cut:.0f}% less time",
                    note="the reduction's size is another study's; the finding tested is that "
                    "surrogates are judged faster",
                )
    return c.frame()


def partition_claims(t5: pd.DataFrame, items: pd.DataFrame, data: str) -> pd.DataFrame:
    """Table 5 beside a run (values of another study: not comparable) and the abstract's
    findings on the run's documents: ROUGE-1 correlates positively with RP for both
    surrogates (Pearson r over the documents, t-test) and better than with LDC (Williams
    test, the two correlations sharing ROUGE-1)."""
    p5 = read_published(PAPER, "table5")
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    for s in SURROGATES:
        for m in MEASURES:
            mine = t5[(t5.surrogate == s) & (t5.measure == m)].set_index("size")["mean_r"]
            theirs = (
                p5[(p5.surrogate == s) & (p5.measure == m)]
                .set_index("partition_size")["value"]
                .astype(float)
            )
            for size in mine.index.intersection(theirs.index):
                c.not_comparable(
                    f"{s}_{m}_r_P{size}",
                    source="Table 5",
                    printed=float(theirs[size]),
                    this_run=round(float(mine[size]), 4),
                    note="mean r over random partitions of another study's documents; the "
                    "findings they support are tested on the documents below",
                )
        it = items[items["surrogate"] == s].dropna(subset=["rouge1", "rp", "ldc"])
        if len(it) < 4:
            continue
        r_rp, p_rp = sps.pearsonr(it["rouge1"], it["rp"])
        c.finding(
            f"{s}_rouge_rp_positive",
            source="Abstract + Table 5",
            printed="positive correlation between ROUGE and RP",
            expected=">",
            difference=float(r_rp),
            p_value=float(p_rp),
            test=f"Pearson r over the {len(it)} documents, t-test",
            this_run=f"r = {r_rp:.3f}",
            note=f"{s}: ROUGE-1 against the share of subjects whose surrogate judgment "
            "matches their full-text one",
        )
        r_ldc = float(np.corrcoef(it["rouge1"], it["ldc"])[0, 1])
        r_23 = float(np.corrcoef(it["rp"], it["ldc"])[0, 1])
        w = williams.williams_test(float(r_rp), r_ldc, r_23, len(it), alternative="two-sided")
        c.finding(
            f"{s}_rouge_rp_above_ldc",
            source="Abstract + Table 5",
            printed="ROUGE correlates positively with RP where only weakly or negatively with LDC",
            expected=">",
            difference=float(r_rp) - r_ldc,
            p_value=float(w.p),
            test=f"Williams test (two-sided), {len(it)} documents",
            this_run=f"r(RP) {r_rp:.3f} vs r(LDC) {r_ldc:.3f}",
            note=f"{s}: the two correlations share ROUGE-1",
        )
    wide = items.pivot_table(index=["event", "document"], columns="surrogate", values="rouge1")
    if set(SURROGATES) <= set(wide.columns) and len(wide.dropna()) >= 2:
        wide = wide.dropna()
        res = pairwise.paired_test(wide["HUM"], wide["HEAD"], test="t").iloc[0]
        c.finding(
            "rouge_style_sensitive",
            source="Abstract + Conclusion + Table 4",
            printed="ROUGE-1 higher for the human summaries than for the headlines",
            expected=">",
            difference=float(res["mean_diff"]),
            p_value=float(res["p_value"]),
            test=f"paired t-test over the {len(wide)} documents",
            note="HUM minus HEAD ROUGE-1 of the same documents: ROUGE is sensitive to the "
            "summarization style (the headlines include non-extractive eye-catchers)",
        )
    return c.frame()
