"""Banerjee & Lavie (2005): the paper-specific logic of ``notebooks/banerjee2005/``.

Satanjeev Banerjee and Alon Lavie, "METEOR: An Automatic Metric for MT Evaluation with
Improved Correlation with Human Judgments", ACL 2005 MTSE workshop, pp. 65-72 (W05-0909).
METEOR itself is :class:`evalkit.metrics.meteor.METEOR`; the human-score processing
(combined score, per-judge normalization, per-system correlation averaged over systems) is
:mod:`evalkit.stats.human`; the data by profile come from :mod:`evalkit.data.mt_views`.
This module adds what only this paper defines:

* :func:`printed_checks`: the worked example (Sec. 2.2: its chunks recomputed by the aligner,
  its score derived, the paper does not print it), and
  the printed averages and repeated values recomputed from the other printed numbers;
* :data:`ABLATION` and :func:`meteor_table`: METEOR's per-output parts (P, R, F1, Fmean,
  score) and statistics for a module sequence (Tables 4-7);
* :func:`system_table`: Table 1's seven metrics per system (P, R, F1, Fmean and METEOR from
  aggregate statistics, BLEU and NIST from evalkit);
* :func:`correlation_table` / :func:`segment_table`: Table 1 and Tables 2-8 on any corpus,
  with WMT daRR's Kendall-like tau where only relative rankings exist (public profile).
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.stats.williams import williams_p

from evalkit.data.published import read_published
from evalkit.errors import ParameterError
from evalkit.metrics import get_metric
from evalkit.metrics.meteor import meteor_from_counts
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats.human import normalize_per_judge, per_system_correlation, segment_scores
from evalkit.text.paraphrase import PREPOSITIONS_EN

PAPER = "banerjee2005"

#: The module sequences of Sec. 3.6 / Tables 6-7 (evalkit's names).
ABLATION: Dict[str, Tuple[str, ...]] = {
    "exact": ("exact",),
    "exact+porter": ("exact", "porter"),
    "exact+wn_stem": ("exact", "wn_stem"),
    "exact+porter+wn_synonym": ("exact", "porter", "wn_synonym"),
}
#: Function words the exact module may be told not to map (Sec. 3.6 mentions "a list of
#: 'stop words' that consist mainly of function words" without printing it; this is ours:
#: English prepositions plus articles, conjunctions, auxiliaries and pronouns).
STOPWORDS = frozenset(
    PREPOSITIONS_EN
    | set(
        """
a an the and or but nor so yet if that this these those it its is are was were be been being has have had do
does did will would shall should can could may might must i you he she we they me him her us them my your his
our their who whom which what not no
""".split()
    )
)
TABLE1_METRICS = ("BLEU", "NIST", "Precision", "Recall", "F1", "Fmean", "METEOR")
SEGMENT_METRICS = ("Precision", "Recall", "Fmean", "METEOR")

_DATA = (
    P("language", str, default="zh", choices=("zh", "ar"), help="TIDES 2003 Chinese or Arabic"),
    P(
        "public_pair",
        str,
        default="lt-en",
        choices=("gu-en", "kk-en", "lt-en"),
        help="WMT19 daRR pair",
    ),
    P(
        "n_segments",
        int,
        default=None,
        quick=30,
        low=1,
        allow_none=True,
        help="first n segments only",
    ),
    P("jobs", int, default=2, low=1, help="METEOR worker processes (identical scores)"),
)
#: The notebooks' parameters (evalkit.notebook.params).
NOTEBOOKS = {
    "00_worked_example": (),
    "01_table1_system_level": _DATA,
    "02_segment_level": _DATA,
    "03_module_ablation": _DATA
    + (
        P(
            "configs",
            list,
            default=list(ABLATION),
            choices=tuple(ABLATION),
            help="module sequences (Tables 6-7)",
        ),
        P(
            "stopword_settings",
            list,
            default=[False, True],
            element=bool,
            help="exclude function words?",
        ),
    ),
    "04_normalized_human": (
        P("languages", list, default=["ar", "zh"], choices=("zh", "ar"), help="Table 8's columns"),
    )
    + _DATA[1:2]
    + (
        P(
            "public_pair_zh",
            str,
            default="kk-en",
            choices=("gu-en", "kk-en", "lt-en"),
            help="public: the WMT19 daRR pair of the Chinese column (public_pair: the Arabic one)",
        ),
    )
    + _DATA[2:]
    + (
        P(
            "mitre_assessments",
            dict,
            default={},
            help="language -> CSV of MITRE-normalized assessments "
            "(evalkit assessment layout); used instead of the z-score",
        ),
    ),
}

__all__ = [
    "PAPER",
    "ABLATION",
    "STOPWORDS",
    "TABLE1_METRICS",
    "SEGMENT_METRICS",
    "published",
    "printed_checks",
    "worked_example",
    "meteor_table",
    "system_table",
    "human_table",
    "correlation_table",
    "segment_table",
    "meteor_settings",
    "system_findings",
    "segment_finding",
    "normalization_finding",
    "NOTEBOOKS",
]


def published(table: str) -> pd.DataFrame:
    """A printed table (``data/published/banerjee2005/<table>.csv``)."""
    return read_published(PAPER, table, dtypes={"printed": "str"})


# --------------------------------------------------------------------------- printed numbers
def worked_example() -> pd.DataFrame:
    """Sec. 2.2's example scored by the exact module alone and by the default modules."""
    ex = published("worked_example").set_index("quantity")
    rows = []
    for label, modules in (
        ("exact", ABLATION["exact"]),
        ("exact+porter+wn_synonym", ABLATION["exact+porter+wn_synonym"]),
    ):
        m = get_metric("meteor", modules=modules, ref_layout="streams")
        s = m.sentence_score(ex.loc["hypothesis", "printed"], [ex.loc["reference", "printed"]])
        rows.append(
            {
                "modules": label,
                "matches": s.stats.matches,
                "hyp_len": s.stats.hyp_len,
                "ref_len": s.stats.ref_len,
                "chunks": s.stats.chunks,
                "precision": s.precision,
                "recall": s.recall,
                "fmean": s.fmean,
                "penalty": s.penalty,
                "score": s.score,
            }
        )
    return pd.DataFrame(rows)


def printed_checks() -> pd.DataFrame:
    """Every printed number that other printed numbers (or the paper's formula) determine,
    recomputed (claims of kind ``recomputed``): the worked example's chunks (and its score
    from Fmean = 10PR/(R+9P) and Penalty = 0.5 (2/6)^3, derived: not printed); the averages
    of Tables 2-3; their repetition in Tables 4-8."""
    c = Claims(PAPER, data="printed numbers", kind="recomputed", digits=6)
    ex = published("worked_example").set_index("quantity")
    chunks = int(ex.loc["chunks", "value"])
    _, _, _, _, score = meteor_from_counts(6, 6, 7, chunks)
    c.derived(
        "worked_example",
        source="Sec. 2.2",
        this_run=f"{score:.6f}",
        note=f"6 matches, |t| = 6, |r| = 7, {chunks} chunks (printed) in Fmean = 10PR/(R+9P) "
        "and Penalty = 0.5 (chunks/matches)^3; the paper prints the chunks, not the score",
    )
    aligned = worked_example().set_index("modules")
    found = int(aligned.loc["exact+porter+wn_synonym", "chunks"])
    c.check(
        "worked_example_chunks",
        source="Sec. 2.2",
        printed=ex.loc["chunks", "printed"],
        this_run=found,
        holds=found == chunks,
        note="METEOR's aligner on the example pair (default modules)",
    )
    for table, language, t45, t67 in (
        ("table2", "ar", "table4", "table6"),
        ("table3", "zh", "table5", "table7"),
    ):
        t = published(table)
        avg = t.loc[t["system"] == "Average", "printed"].iloc[0]
        mean = t.loc[t["system"] != "Average", "value"].mean()
        c.check(
            f"{table}_average",
            source=table,
            printed=avg,
            this_run=f"{mean:.3f}",
            holds=f"{mean:.3f}" == avg,
            evidence="exact at the printed precision",
            note=f"mean of the {len(t) - 1} systems = {mean:.5f}",
        )
        t8 = published("table8")
        repeats = [
            (
                f"{other}_repeats_{table}",
                other,
                published(other).set_index(col).loc[key, "printed"],
                f"{key} row = {table} average",
            )
            for other, key, col in (
                (t45, "METEOR", "metric"),
                (t67, "exact+porter+wn_synonym", "modules"),
            )
        ]
        raw = (t8["human"] == "raw") & (t8["language"] == language)
        repeats.append(
            (
                f"table8_raw_{language}",
                "table8",
                t8.loc[raw, "printed"].iloc[0],
                f"raw row = {table} average",
            )
        )
        for cid, other, val, note in repeats:
            c.check(
                cid,
                source=other,
                printed=val,
                this_run=avg,
                holds=val == avg,
                kind="consistency",
                note=note,
            )
    return c.frame()


# --------------------------------------------------------------------------- scores
def meteor_table(
    frame: pd.DataFrame,
    modules: Sequence[str] = ABLATION["exact+porter+wn_synonym"],
    stopwords: Optional[Sequence[str]] = None,
    jobs: int = 1,
) -> pd.DataFrame:
    """Per output of :func:`evalkit.data.mt_views.output_frame`: METEOR's parts.

    Columns: the frame's keys, ``Precision``, ``Recall``, ``F1`` (harmonic mean of P and
    R), ``Fmean``, ``METEOR``, and the statistics ``matches, hyp_len, ref_len, chunks`` of
    the best reference (summed per system for the aggregate scores of Table 1). Segments
    may have different numbers of references.
    """
    metric = get_metric(
        "meteor", modules=tuple(modules), stopwords=stopwords, ref_layout="segments"
    )
    scores = metric.sentence_results(
        frame["text"].tolist(), [list(r) for r in frame["refs"]], jobs=jobs
    )
    out = frame[["document", "segment", "system"]].copy()
    p = np.array([s.precision for s in scores])
    r = np.array([s.recall for s in scores])
    out["Precision"], out["Recall"] = p, r
    out["F1"] = np.where(p + r > 0, 2 * p * r / np.where(p + r > 0, p + r, 1), 0.0)
    out["Fmean"] = [s.fmean for s in scores]
    out["METEOR"] = [s.score for s in scores]
    for k in ("matches", "hyp_len", "ref_len", "chunks"):
        out[k] = [getattr(s.stats, k) for s in scores]
    return out


def system_table(meteor_rows: pd.DataFrame, bleu: pd.Series, nist: pd.Series) -> pd.DataFrame:
    """Table 1's metrics per system: P, R, F1, Fmean, METEOR from the summed statistics
    (Sec. 2.2: aggregate precision, recall and penalty), BLEU and NIST as given."""
    sums = meteor_rows.groupby("system", sort=False)[
        ["matches", "hyp_len", "ref_len", "chunks"]
    ].sum()
    rows = {}
    for system, s in sums.iterrows():
        p, r, fmean, _, score = meteor_from_counts(s.matches, s.hyp_len, s.ref_len, s.chunks)
        f1 = 2 * p * r / (p + r) if p + r else 0.0
        rows[system] = {
            "BLEU": bleu[system],
            "NIST": nist[system],
            "Precision": p,
            "Recall": r,
            "F1": f1,
            "Fmean": fmean,
            "METEOR": score,
        }
    return pd.DataFrame.from_dict(rows, orient="index")[list(TABLE1_METRICS)].rename_axis("system")


def human_table(
    corpus, normalize: str = "none", judgments: Optional[pd.DataFrame] = None
) -> Optional[pd.DataFrame]:
    """Per segment and system: adequacy, fluency and the combined score (Sec. 3.1), after
    per-judge normalization ``normalize`` (``"none"`` or ``"zscore"``, Table 8); None for a
    corpus with relative rankings only. ``judgments`` replaces the corpus' own (e.g. MITRE's
    normalized assessments, when a user has them, read with
    :func:`evalkit.data.judgments.read_assessments_csv`)."""
    judgments = corpus.judgments if judgments is None else judgments
    if judgments is None or judgments.empty:
        return None
    return segment_scores(normalize_per_judge(judgments, normalize))


def correlation_table(system_scores: pd.DataFrame, human: pd.Series) -> pd.DataFrame:
    """Table 1: Pearson r over systems of each metric with the human system score."""
    common = [s for s in system_scores.index if s in human.index]
    if len(common) < 3:
        raise ParameterError("human", f"{len(common)} systems in common", "at least 3 systems")
    rows = [
        {
            "metric": m,
            "r": float(
                np.corrcoef(
                    system_scores.loc[common, m].astype(float), human.loc[common].astype(float)
                )[0, 1]
            ),
            "n_systems": len(common),
        }
        for m in system_scores.columns
    ]
    return pd.DataFrame(rows)


def segment_table(
    scores: pd.DataFrame,
    corpus,
    human: Optional[pd.DataFrame],
    metrics: Sequence[str],
    column: str = "combined",
) -> pd.DataFrame:
    """Tables 2-7 on this run: per metric, the per-system segment-level Pearson r and their
    unweighted average (``statistic = "pearson"``); on a daRR corpus (``human`` None) WMT's
    Kendall-like tau over the relative-ranking pairs instead (``statistic = "daRR tau"``)."""
    keys = ["system", "document", "segment"]
    if human is None:
        from evalkit.stats.correlation import wmt_kendall_like

        long = scores.melt(
            id_vars=keys, value_vars=list(metrics), var_name="metric", value_name="value"
        )
        tau = wmt_kendall_like(corpus.preferences, long)
        return pd.DataFrame(
            {
                "metric": tau["metric"],
                "system": "all pairs",
                "r": tau["tau"],
                "n": tau["concordant"] + tau["discordant"],
                "statistic": "daRR tau",
            }
        )
    merged = scores.merge(human[keys + [column]], on=keys, validate="one_to_one")
    frames = []
    for m in metrics:
        t = per_system_correlation(merged, m, column)
        frames.append(t.assign(metric=m, statistic="pearson"))
    return pd.concat(frames, ignore_index=True)[["metric", "system", "r", "n", "statistic"]]


# --------------------------------------------------------------------------- settings and findings
def meteor_settings(metric=None) -> pd.DataFrame:
    """The METEOR settings a run used, for the notebooks to show (``setting, value, paper``):
    tokenization, lower-casing, modules, the chunk tie-break, the crossing scope, WordNet's
    version and the score's parameters, with what the paper says about each."""
    m = get_metric("meteor", ref_layout="streams") if metric is None else metric
    rows = [
        ("tokenization", m.tokenize, "not stated (mteval-v13a here)"),
        ("lower-casing", m.lowercase, "not stated"),
        ("modules", " -> ".join(m.modules), "exact, porter stem, WN synonymy (Sec. 2.2, 3.6)"),
        (
            "chunk tie-break",
            getattr(m, "tie_break", "chunks"),
            "fewest chunks among the largest, least-crossing alignments (Sec. 2.2)",
        ),
        ("crossings scope", getattr(m, "crossings_scope", "full"), "not stated"),
        ("WordNet", "3.0", "not stated (evalkit locates WordNet 3.0)"),
        ("recall weight", getattr(m, "recall_weight", 9.0), "Fmean = 10PR/(R+9P)"),
        ("penalty", "0.5 (chunks/matches)^3", "Sec. 2.2"),
    ]
    return pd.DataFrame(rows, columns=["setting", "value", "paper"]).astype(str)


def system_findings(
    c: Claims, systems: pd.DataFrame, human: pd.Series, table1: pd.DataFrame
) -> None:
    """Sec. 3.2 on Table 1 tested on this run (systems x metrics ``systems``, human system
    scores ``human``, :func:`correlation_table` output ``table1``): ``meteor_best``
    (METEOR against the best other metric) and ``recall_beats_bleu_nist`` (Recall against
    the better of BLEU and NIST), each by the two-sided Williams test over the systems."""
    r = dict(zip(table1["metric"], table1["r"]))
    common = [s for s in systems.index if s in human.index]
    x = systems.loc[common]
    for cid, a, rivals, printed in (
        ("meteor_best", "METEOR", [m for m in r if m != "METEOR"], "METEOR correlates best"),
        ("recall_beats_bleu_nist", "Recall", ["BLEU", "NIST"], "recall alone beats BLEU and NIST"),
    ):
        b_ = max(rivals, key=lambda m: r[m])
        p = williams_p(r[a], r[b_], x[a], x[b_]) if len(common) >= 4 else float("nan")
        if not np.isfinite(p):
            c.not_comparable(
                cid,
                source="Sec. 3.2 / Table 1",
                printed=printed,
                this_run=f"{a} {r[a]:.3f}, {b_} {r[b_]:.3f}",
                note="too few systems for a Williams test",
            )
            continue
        c.finding(
            cid,
            source="Sec. 3.2 / Table 1",
            printed=printed,
            expected=">",
            difference=r[a] - r[b_],
            p_value=p,
            test=f"Williams test (two-sided) over {len(common)} systems, against {b_}",
            this_run=f"{a} {r[a]:.3f}, {b_} {r[b_]:.3f}",
        )


def segment_finding(c: Claims, segment: pd.DataFrame) -> None:
    """The abstract's "an improvement on using simply unigram-precision, unigram-recall and
    their harmonic F1 combination" (``meteor_beats_prf``, Tables 4-5): per system, METEOR's
    segment-level r against the best of Precision, Recall and Fmean on average; the systems
    where METEOR is higher against those where it is lower, by the exact sign test. On
    relative rankings (one pooled tau) there are no per-system correlations: not comparable."""
    from evalkit.stats.multiplicity import sign_test

    per = segment[~segment["system"].isin(["Average", "all pairs"])]
    printed = "METEOR above Precision, Recall and Fmean"
    if per.empty:
        c.not_comparable(
            "meteor_beats_prf",
            source="Abstract / Sec. 3.5",
            printed=printed,
            note="relative rankings: one pooled Kendall-like tau, no per-system correlations",
        )
        return
    wide = per.pivot_table(index="system", columns="metric", values="r")
    rival = max(["Precision", "Recall", "Fmean"], key=lambda m: wide[m].mean())
    d = (wide["METEOR"] - wide[rival]).dropna()
    wins, losses = int((d > 0).sum()), int((d < 0).sum())
    c.finding(
        "meteor_beats_prf",
        source="Abstract / Sec. 3.5",
        printed=printed,
        expected=">",
        difference=float(d.mean()),
        p_value=sign_test(wins, losses),
        test=f"exact sign test over {len(d)} systems (METEOR vs {rival}, per-system r)",
        this_run=f"METEOR above {rival} in {wins} of {len(d)} systems",
    )


def normalization_finding(
    c: Claims,
    scores: pd.DataFrame,
    raw: pd.DataFrame,
    normalized: pd.DataFrame,
    language: str,
    *,
    metric: str = "METEOR",
    column: str = "combined",
    n_resamples: int = 1000,
    seed: int = 12345,
    **kw,
) -> None:
    """Table 8 / Sec. 3.7's "normalization raises r" tested on this run: the average
    per-system segment-level r of ``metric`` with the ``normalized`` human scores minus that
    with the ``raw`` ones, by the bootstrap over segments (the same draw for both; the
    (segments x systems) matrices' summary-level r is the paper's average per-system r,
    :func:`evalkit.stats.difference_tests.correlation_difference_test`, two-sided). ``kw``
    go to the claim (``data``, ``note``)."""
    from evalkit.stats.difference_tests import correlation_difference_test

    keys = ["system", "document", "segment"]
    merged = (
        scores[keys + [metric]]
        .merge(raw[keys + [column]], on=keys, validate="one_to_one")
        .merge(
            normalized[keys + [column]].rename(columns={column: "_normalized"}),
            on=keys,
            validate="one_to_one",
        )
    )

    def matrix(value: str) -> np.ndarray:
        return merged.pivot_table(
            index=["document", "segment"], columns="system", values=value, aggfunc="first"
        ).to_numpy(float)

    res = correlation_difference_test(
        matrix("_normalized"),
        matrix(column),
        matrix(metric),
        test="boot",
        unit="systems",  # the rows: segments
        level="summary",  # r per column (system), averaged
        method="pearson",
        n_resamples=n_resamples,
        alternative="two-sided",
        seed=seed,
    ).iloc[0]
    c.finding(
        f"normalization_raises_r_{language}",
        source="Table 8 / Section 3.7",
        printed="normalized > raw",
        expected=">",
        difference=float(res["delta"]),
        p_value=float(res["p_value"]),
        test=f"bootstrap of the segments ({n_resamples} resamples, the same draw for both), "
        "average per-system r, two-sided",
        this_run=f"{float(res['r_b']):.3f} -> {float(res['r_a']):.3f}",
        **kw,
    )
