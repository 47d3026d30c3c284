"""Murray et al. (2005): the paper-specific logic of ``notebooks/murray2005/``.

Gabriel Murray, Steve Renals, Jean Carletta and Johanna Moore, "Evaluating Automatic
Summaries of Meeting Recordings", ACL 2005 MTSE workshop, pp. 33-40 (W05-0905). Four
extractive summarizers (FB1, LSA, MMR, FB2) summarize six ICSI test meetings at 10% of the
dialogue acts, on manual and on ASR transcripts; ROUGE ranks LSA first, five judges rate FB1
best (Tables 1-2); ROUGE-1 and INFORMATIVENESS-1 correlate only on ASR output (Spearman
0.500) and across all 8 conditions (0.388); summary WER is below meeting WER. The
summarizers live in :mod:`evalkit.text.extractive`, the ASR channel in
:mod:`evalkit.text.asr_channel`, Likert aggregation in :mod:`evalkit.stats.likert`, the
corpus in :mod:`evalkit.data.meetings`; this module adds

* :func:`printed_checks`: what Tables 1-2, the WER table and the printed rho's imply;
* :func:`load_meetings` (sample / licensed ICSI; public: :data:`NO_PUBLIC_MEETINGS`),
  :func:`summarize`, :func:`rouge_table`, :func:`wer_table`;
* :func:`human_tables`, :func:`rouge_human_correlations`, :func:`summeval_ratings` (public
  stand-in for the ratings: SummEval's expert Likert scores) and :func:`paper_vs_run`.
"""

from __future__ import annotations

from typing import Dict, Optional, Sequence

import pandas as pd
from scipy import stats as sps

from evalkit.data.meetings import MeetingCorpus
from evalkit.data.published import read_published
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.metrics.rouge import Rouge
from evalkit.metrics.wer import summary_wer
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import Parameter as P
from evalkit.stats import likert, pairwise, printed
from evalkit.stats.correlation import fisher_ci
from evalkit.text import asr_channel, extractive

PAPER = "murray2005"
NOTEBOOKS = {
    "00_printed_checks": (),
    "01_summarizers_rouge": (
        P(
            "ratio",
            float,
            default=0.10,
            low=0,
            high=1,
            help="summary length: share of the meeting's dialogue acts",
        ),
        P(
            "lambda_start",
            float,
            default=1.0,
            low=0,
            high=1,
            help="MMR lambda at the first pick (annealed)",
        ),
        P("lambda_end", float, default=0.5, low=0, high=1, help="MMR lambda at the last pick"),
        P(
            "lsa_variant",
            str,
            default="proportional",
            choices=("proportional", "gong_liu"),
            help="LSA selection",
        ),
        P(
            "n_components",
            int,
            default=2,
            low=1,
            help="Gaussian components per class of the FB classifiers",
        ),
        P(
            "asr_wer",
            float,
            default=0.295,
            low=0,
            high=1,
            help="licensed: WER of the synthetic channel",
        ),
    ),
    "02_human_ratings": (
        P(
            "unit",
            list,
            default=["approach", "meeting"],
            choices=("approach", "meeting", "judge"),
            help="correlation points: one per approach x meeting",
        ),
        P(
            "max_documents",
            int,
            default=None,
            quick=20,
            low=1,
            allow_none=True,
            help="public: first N documents",
        ),
    ),
}
PRINTED = "printed numbers (Tables 1-2, WER table, text)"
APPROACHES = extractive.APPROACHES
STATEMENTS = ("INF1", "INF2", "INF3", "INF4", "INF5", "INF6")
WORSE_IS_HIGHER = ("INF5", "INF6")
NO_PUBLIC_MEETINGS = (
    "no public corpus has meeting transcripts with ASR output and several annotators' extractive "
    "summaries (the ICSI corpus and its annotations are LDC-licensed); the public profile runs on "
    "SummEval's CNN/DM articles instead: sentences stand in for dialogue acts, extracts that best "
    "cover each crowd reference for the annotators' extracts, the synthetic channel for the ASR"
)

__all__ = [
    "PAPER",
    "APPROACHES",
    "STATEMENTS",
    "NO_PUBLIC_MEETINGS",
    "printed_checks",
    "load_meetings",
    "add_asr",
    "train",
    "summarize",
    "summary_texts",
    "rouge_table",
    "wer_table",
    "human_tables",
    "rouge_human_correlations",
    "summeval_ratings",
    "ratings_and_rouge",
    "printed_correlations",
    "paper_vs_run",
]


def printed_checks() -> pd.DataFrame:
    c = Claims(PAPER, data=PRINTED, kind="recomputed", digits=4)
    tables = {t: read_published(PAPER, t) for t in ("table1", "table2")}
    for name, t in tables.items():
        ok = [printed.consistent_mean(float(v), 30) for v in t["value"]]
        c.check(
            f"{name}_means_of_30",
            source=name.replace("table", "Table "),
            printed="5 judges x 6 meetings",
            this_run=f"{sum(ok)}/{len(ok)} cells are k/30",
            holds=all(ok),
            note="every cell a mean of 30 integer ratings",
        )
    t1 = tables["table1"].pivot(index="statement", columns="approach", values="value").astype(float)
    best = [
        (t1.loc[s].idxmin() if s in WORSE_IS_HIGHER else t1.loc[s].idxmax()) for s in STATEMENTS
    ]
    c.check(
        "fb1_best_manual",
        source="Table 1 + Section 4.2",
        printed="FB1 best on every statement",
        this_run=", ".join(best),
        holds=set(best) == {"FB1"},
        note="best approach per INF-1..6 (INF-5, INF-6: lowest is best)",
    )
    text = read_published(PAPER, "text").set_index("claim")
    for claim, (small, small_unit), (large, large_unit) in (
        ("rho_inf1_asr", (4, "the 4 approaches"), (24, "4 approaches x 6 meetings")),
        ("rho_inf1_all", (8, "the 8 conditions"), (48, "8 conditions x 6 meetings")),
    ):
        rho = float(text.loc[claim, "value"])
        on_small = printed.spearman_attainable(rho, small)
        on_large = printed.spearman_attainable(rho, large)
        p = printed.correlation_p_value(rho, large)
        c.check(
            f"{claim}_unit",
            source="Section 4.3",
            printed=f"rho = {rho:.3f}, p < 0.05 (unit not stated)",
            this_run=(
                f"{'possible' if on_small else 'impossible'} on {small} points ({small_unit}); "
                f"{'possible' if on_large else 'impossible'} on {large} points "
                f"({large_unit}{', D = ' + str(on_large[0]) if on_large else ''}), p = {p:.3f}"
            ),
            holds=not on_small and bool(on_large) and p < 0.05,
            note="README reading 2: with n untied points rho = 1 - 6D/(n^3 - n), D even, so the "
            "printed rho fixes the unit as approach x meeting; agrees when it is impossible on "
            "the small unit and possible and significant on the large one",
        )
    wer = read_published(PAPER, "wer")
    below = (wer["summary_wer"] < wer["meeting_wer"]).all()
    c.check(
        "summary_wer_below_meeting_wer",
        source="Section 4.1.1 (WER table)",
        printed="lower for each of the 6 meetings",
        this_run=f"{int((wer['summary_wer'] < wer['meeting_wer']).sum())}/6",
        holds=bool(below),
    )
    c.derived(
        "wer_means",
        source="Section 4.1.1 (WER table)",
        this_run=f"summary {wer['summary_wer'].mean():.2f}, meeting {wer['meeting_wer'].mean():.2f}",
        note="means of the printed per-meeting WERs (the paper prints none): the test meetings "
        "are harder than the 29.5% corpus average",
    )
    t2 = tables["table2"].pivot(index="statement", columns="approach", values="value").astype(float)
    drop = (t1 - t2).loc["INF1"]
    c.check(
        "lsa_most_resilient_inf1",
        source="Tables 1-2 + Section 4.2.1",
        printed="LSA degrades least",
        this_run=", ".join(f"{a} {drop[a]:+.2f}" for a in APPROACHES),
        holds=drop.idxmin() == "LSA",
        note="INF-1 manual minus ASR",
    )
    return c.frame()


def load_meetings(profile: str, quick: bool = False) -> MeetingCorpus:
    from evalkit.data import datasets

    return datasets.load(
        "icsi-meetings",
        profile,
        quick=quick,
        **({"n_train": 6} if profile == "public" and quick else {}),
    )


def add_asr(corpus: MeetingCorpus, wer: float, seed: int) -> MeetingCorpus:
    """Fill empty ASR columns (the licensed ICSI release has none) with the synthetic channel."""
    units = corpus.units.copy()
    for k, m in enumerate(corpus.meeting_ids()):
        rows = units["meeting"] == m
        if (units.loc[rows, "asr"] == "").all():
            units.loc[rows, "asr"] = asr_channel.corrupt(
                units.loc[rows, "manual"].tolist(), wer, seed=seed + k, spread=0.5
            )
    return MeetingCorpus(
        corpus.meetings,
        units,
        corpus.extracts,
        corpus.system_extracts,
        corpus.ratings,
        meta={**corpus.meta, "asr": f"synthetic channel at WER {wer:g} where none was given"},
    )


def train(corpus: MeetingCorpus, seed: int = 0, n_components: int = 2) -> dict:
    """FB1/FB2 classifiers fitted on the training meetings' manual transcripts and extracts."""
    docs, labels = [], []
    for m in corpus.meeting_ids("train"):
        docs.append(corpus.transcript(m)["text"].tolist())
        labels.append((corpus.extract_labels(m).sum(axis=1) > 0).astype(int).tolist())
    if not docs:
        raise ParameterError(
            "corpus", "no training meetings", "meetings with split 'train' and extracts"
        )
    return extractive.train_classifiers(docs, labels, seed=seed, n_components=n_components)


def summarize(
    corpus: MeetingCorpus,
    classifiers: dict,
    ratio: float = 0.10,
    lambda_start: float = 1.0,
    lambda_end: float = 0.5,
    lsa_variant: str = "proportional",
) -> pd.DataFrame:
    """The four approaches on every test meeting, manual and ASR: meeting, approach, transcript, da."""
    rows = []
    for m in corpus.meeting_ids("test"):
        for transcript in ("manual", "asr"):
            t = corpus.transcript(m, transcript)
            n = extractive.summary_size(len(t), ratio)
            for a in APPROACHES:
                picked = extractive.run_approach(
                    a, t["text"].tolist(), n, classifiers, lambda_start, lambda_end, lsa_variant
                )
                rows += [
                    {"meeting": m, "approach": a, "transcript": transcript, "da": t["da"].iloc[i]}
                    for i in picked
                ]
    return pd.DataFrame(rows)


def summary_texts(corpus: MeetingCorpus, extracts: pd.DataFrame) -> pd.DataFrame:
    """Each system summary as text (the ASR words for ASR summaries), with the human extracts as references."""
    u = corpus.units.set_index(["meeting", "da"])
    rows = []
    for (m, a, tr), g in extracts.groupby(["meeting", "approach", "transcript"], sort=True):
        idx = pd.MultiIndex.from_arrays([g["meeting"], g["da"]])
        order = u.loc[idx, "position"].to_numpy().argsort()
        rows.append(
            {
                "meeting": m,
                "approach": a,
                "transcript": tr,
                "text": u.loc[idx, tr].to_numpy()[order].tolist(),
            }
        )
    refs = {}
    for m, g in corpus.extracts.groupby("meeting"):
        refs[m] = [
            corpus.units.set_index(["meeting", "da"])
            .loc[[(m, d) for d in ga["da"]], "manual"]
            .tolist()
            for _, ga in g.groupby("annotator")
        ]
    out = pd.DataFrame(rows)
    out["references"] = out["meeting"].map(refs)
    return out


def rouge_table(texts: pd.DataFrame, stem: bool = True) -> pd.DataFrame:
    """ROUGE-1, -2, -L recall (model average over the human extracts) per summary."""
    res = (
        Rouge(n=2, lcs=True, stem=stem)
        .score(
            texts["text"].tolist(),
            texts["references"].tolist(),
            instance_ids=[f"{m}|{tr}" for m, tr in zip(texts["meeting"], texts["transcript"])],
            system_ids=texts["approach"].tolist(),
        )
        .scores
    )
    res[["meeting", "transcript"]] = res["instance"].str.split("|", expand=True)
    return (
        res.rename(columns={"system": "approach"})
        .pivot_table(index=["meeting", "transcript", "approach"], columns="metric", values="R")
        .reset_index()
    )


def wer_table(corpus: MeetingCorpus, extracts: pd.DataFrame) -> pd.DataFrame:
    """Per test meeting: WER of the ASR summaries' DAs (all approaches pooled) and of the whole meeting."""
    rows = []
    for m in corpus.meeting_ids("test"):
        t = (
            corpus.units[corpus.units["meeting"] == m]
            .sort_values("position")
            .reset_index(drop=True)
        )
        das = set(extracts[(extracts["meeting"] == m) & (extracts["transcript"] == "asr")]["da"])
        picked = [i for i, d in enumerate(t["da"]) if d in das]
        rows.append(
            {
                "meeting": m,
                "summary_wer": 100 * summary_wer(t["asr"].tolist(), t["manual"].tolist(), picked),
                "meeting_wer": 100 * summary_wer(t["asr"].tolist(), t["manual"].tolist()),
            }
        )
    return pd.DataFrame(rows)


def human_tables(ratings: pd.DataFrame, scale=(1, 7)) -> pd.DataFrame:
    """Tables 1-2: mean rating per transcript, statement and approach (wide: approaches as columns).

    Integer ratings are validated on ``scale`` and aggregated; ratings that are already means
    (SummEval's mean of three experts) are averaged within the scale's bounds."""
    by = ["transcript", "statement", "approach"]
    if (ratings["rating"] % 1 == 0).all():
        agg = likert.aggregate_likert(ratings, by, scale=scale)
    else:
        if ((ratings["rating"] < scale[0]) | (ratings["rating"] > scale[1])).any():
            raise ParameterError("ratings", "out of scale", f"mean ratings within {scale}")
        agg = ratings.groupby(by)["rating"].mean().rename("mean").reset_index()
    return agg.pivot_table(
        index=["transcript", "statement"], columns="approach", values="mean"
    ).reset_index()


def rouge_human_correlations(
    rouge: pd.DataFrame,
    ratings: pd.DataFrame,
    metric: str = "ROUGE-1",
    unit: Sequence[str] = ("approach", "meeting"),
) -> pd.DataFrame:
    """Spearman rho (and p) between ``metric`` and each statement's mean rating, per ``unit``,
    on manual, ASR and all summaries (Sec. 4.3)."""
    keys = ["transcript", *unit]
    mean = ratings.groupby(keys + ["statement"])["rating"].mean().unstack("statement")
    r = rouge.groupby(keys)[metric].mean()
    both = mean.join(r, how="inner")
    rows = []
    present = set(both.index.get_level_values("transcript"))
    subsets = [
        (t, both.xs(t, level="transcript", drop_level=False))
        for t in ("manual", "asr")
        if t in present
    ]
    if len(subsets) > 1:
        subsets.append(("all", both))
    for subset, frame in subsets:
        for st in mean.columns:
            rho, p = sps.spearmanr(frame[metric], frame[st])
            rows.append(
                {
                    "transcripts": subset,
                    "statement": st,
                    "rho": float(rho),
                    "p_value": float(p),
                    "n": len(frame),
                }
            )
    return pd.DataFrame(rows)


def summeval_ratings(max_documents: Optional[int] = None) -> Dict[str, pd.DataFrame]:
    """Public stand-in for the ratings: SummEval expert means (1-5) per (system, document) and
    ROUGE-1/2/L recall against the 11 references; 'meeting' = document, 'approach' = system,
    one 'transcript' (manual). Returns {"ratings": ..., "rouge": ...}."""
    from evalkit.data import datasets

    c = datasets.load("summeval", "public", documents=False)
    docs = list(c.instances["instance"])[:max_documents]
    j = c.judgments[c.judgments["instance"].isin(docs)]
    stmap = {"relevance": "INF1", "coherence": "READ2", "consistency": "INF3", "fluency": "READ3"}
    ratings = j.assign(
        statement=j["judgment"].map(stmap), transcript="manual", judge="experts-mean"
    ).rename(columns={"instance": "meeting", "summarizer": "approach", "value": "rating"})
    s = c.summaries[c.summaries["instance"].isin(docs)]
    models = s[s["summarizer"].str.startswith("ref")].groupby("instance")["sentences"].agg(list)
    peers = s[~s["summarizer"].str.startswith("ref")]
    res = (
        Rouge(n=2, lcs=True, stem=True)
        .score(
            peers["sentences"].tolist(),
            [models[i] for i in peers["instance"]],
            instance_ids=peers["instance"].tolist(),
            system_ids=peers["summarizer"].tolist(),
        )
        .scores
    )
    rouge = (
        res.pivot_table(index=["instance", "system"], columns="metric", values="R")
        .reset_index()
        .rename(columns={"instance": "meeting", "system": "approach"})
        .assign(transcript="manual")
    )
    return {
        "ratings": ratings[["judge", "meeting", "approach", "transcript", "statement", "rating"]],
        "rouge": rouge,
        "corpus": c,
    }


def ratings_and_rouge(
    profile: str, quick: bool = False, max_documents: Optional[int] = None
) -> dict:
    """The ratings and the ROUGE scores of the *rated* summaries of a profile: sample (the
    simulated judges' ratings of the simulated summaries), public (SummEval experts, 1-5),
    licensed (none: the ICSI release has no ratings -> DataNotConfiguredError)."""
    if profile == "public":
        out = summeval_ratings(max_documents)
        return {
            **out,
            "scale": (1, 5),
            "name": "public:summeval",
            "stands_in_for": "SummEval expert relevance (1-5) stands in for INFORMATIVENESS-1, consistency for "
            "INF-3; CNN/DM systems x documents stand in for approaches x meetings",
        }
    if profile == "licensed":
        raise DataNotConfiguredError(
            "Murray et al.'s human ratings",
            "they were never released; the ICSI annotations hold no summary ratings",
        )
    corpus = load_meetings(profile, quick)
    texts = summary_texts(corpus, corpus.system_extracts)
    return {
        "ratings": corpus.ratings,
        "rouge": rouge_table(texts),
        "scale": (1, 7),
        "name": corpus.name,
        "stands_in_for": corpus.meta.get("stands_in_for", ""),
        "corpus": corpus,
    }


def printed_correlations() -> pd.DataFrame:
    """Section 4.3's printed Spearman rho's of ROUGE-1 with INFORMATIVENESS-1 in the layout
    of :func:`rouge_human_correlations` (``transcripts, statement, rho``): ASR and all."""
    text = read_published(PAPER, "text").set_index("claim")
    return pd.DataFrame(
        {
            "transcripts": ["asr", "all"],
            "statement": "INF1",
            "rho": [float(text.loc[k, "value"]) for k in ("rho_inf1_asr", "rho_inf1_all")],
        }
    )


def _paired(x: pd.Series, y: pd.Series) -> tuple:
    """(mean difference x - y, p) of a paired t-test over the shared index (meetings)."""
    both = pd.concat([x.rename("x"), y.rename("y")], axis=1).dropna()
    if len(both) < 2:
        return float("nan"), float("nan")
    res = pairwise.paired_test(both["x"], both["y"], test="t").iloc[0]
    return float(res["mean_diff"]), float(res["p_value"])


PAIRED = "paired t-test over meetings"


def _paired_finding(
    c: Claims,
    claim: str,
    source: str,
    printed: str,
    x: pd.Series,
    y: pd.Series,
    what: str,
    this_run: Optional[str] = None,
) -> None:
    """The finding "``x`` above ``y``" (per meeting) added to ``c``, tested by :data:`PAIRED`;
    ``what`` names the difference (in the note)."""
    d, p = _paired(x, y)
    c.finding(
        claim,
        source=source,
        printed=printed,
        expected=">",
        difference=d,
        p_value=p,
        test=PAIRED,
        this_run=this_run,
        note=what,
    )


def headline_claims(
    c: Claims,
    rouge: Optional[pd.DataFrame],
    ratings: Optional[pd.DataFrame],
    comparable: bool,
    why: str = "",
) -> None:
    """The findings of Section 5 (the paper's conclusion) on this run, added to ``c``: ROUGE
    puts LSA and MMR above the feature-based approaches, the judges reverse it, and the
    ASR decline is smaller for LSA and MMR than for FB1 and FB2 (each a paired t-test over
    meetings of the mean of one pair of approaches minus the other's). ``comparable=False``
    (the public stand-in has no FB/LSA/MMR): not comparable rows saying ``why``."""
    findings = (
        ("rouge_lsa_mmr_above_fb", "ROUGE-1: mean(LSA, MMR) - mean(FB1, FB2), manual"),
        ("human_reverses_rouge", "INF-1: mean(FB1, FB2) - mean(LSA, MMR), manual"),
        ("asr_decline_smaller_lsa_mmr", "INF-1 manual-minus-ASR drop: FB pair - LSA/MMR pair"),
    )
    printed_text = {
        "rouge_lsa_mmr_above_fb": "MMR and LSA significantly better than the feature-based "
        "approaches according to ROUGE",
        "human_reverses_rouge": "these findings were reversed according to the human evaluations",
        "asr_decline_smaller_lsa_mmr": "LSA-ASR and MMR-ASR have a small and insignificant "
        "decline compared with the decline for the feature-based approaches",
    }
    for claim, what in findings:
        if (rouge if claim == "rouge_lsa_mmr_above_fb" else ratings) is None:
            continue
        if not comparable:
            c.not_comparable(
                claim, source="Section 5", printed=printed_text[claim], note=f"{what}: {why}"
            )
            continue
        if claim == "rouge_lsa_mmr_above_fb":
            r = rouge[rouge["transcript"] == "manual"].pivot_table(
                index="meeting", columns="approach", values="ROUGE-1"
            )
            a, b = r[["LSA", "MMR"]].mean(axis=1), r[["FB1", "FB2"]].mean(axis=1)
        else:
            inf1 = ratings[ratings["statement"] == "INF1"].pivot_table(
                index="meeting", columns=["transcript", "approach"], values="rating"
            )
            if claim == "human_reverses_rouge":
                m = inf1["manual"]
                a, b = m[["FB1", "FB2"]].mean(axis=1), m[["LSA", "MMR"]].mean(axis=1)
            else:
                if "asr" not in inf1.columns.get_level_values(0):
                    continue
                drop = inf1["manual"] - inf1["asr"]
                a, b = drop[["FB1", "FB2"]].mean(axis=1), drop[["LSA", "MMR"]].mean(axis=1)
        _paired_finding(c, claim, "Section 5", printed_text[claim], a, b, what)


def paper_vs_run(
    data: str,
    tables: Optional[pd.DataFrame] = None,
    corr: Optional[pd.DataFrame] = None,
    rouge: Optional[pd.DataFrame] = None,
    wer: Optional[pd.DataFrame] = None,
    ratings: Optional[pd.DataFrame] = None,
    approaches_comparable: bool = True,
) -> pd.DataFrame:
    """Claims of Tables 1-2, the rho's, the ROUGE ranking, the WER table and the findings of
    Section 5 beside a run (given parts only). ``approaches_comparable=False``: the run's
    systems are not the paper's four approaches (public: SummEval system ids), so the claims
    naming an approach are not comparable."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    other_systems = "the run's systems are SummEval's CNN/DM systems, not FB1/LSA/MMR/FB2"
    for tr, table in (("manual", "table1"), ("asr", "table2")) if tables is not None else ():
        p = read_published(PAPER, table)
        mine = tables[tables["transcript"] == tr].set_index("statement")
        for st, approach, value in p[["statement", "approach", "value"]].itertuples(index=False):
            if st in mine.index and approach in mine.columns:
                c.not_comparable(
                    f"{table}_{st}_{approach}",
                    source=table.replace("table", "Table "),
                    printed=float(value),
                    this_run=round(float(mine.loc[st, approach]), 2),
                    note="different summaries, judges and scale",
                )
    text = read_published(PAPER, "text").set_index("claim")
    for claim, subset in (
        (("rho_inf1_asr", "asr"), ("rho_inf1_all", "all")) if corr is not None else ()
    ):
        hit = corr[(corr["transcripts"] == subset) & (corr["statement"] == "INF1")]
        if len(hit):
            row = hit.iloc[0]
            c.finding(
                claim,
                source="Section 4.3",
                printed=f"rho = {text.loc[claim, 'value']}, p < 0.05",
                expected=">",
                difference=row["rho"],
                p_value=row["p_value"],
                test=f"Spearman rho against 0 (n = {row['n']})",
                this_run=f"rho = {row['rho']:.3f}",
                note="ROUGE-1 against INFORMATIVENESS-1; the paper: positive and significant",
            )
    manual = (
        corr[(corr["transcripts"] == "manual") & (corr["statement"] == "INF1")]
        if corr is not None
        else ()
    )
    if len(manual):
        row = manual.iloc[0]
        moderate = float(text.loc["rho_inf1_asr", "value"])
        lo, hi = fisher_ci(row["rho"], int(row["n"]), method="spearman")
        c.finding(
            "rouge_human_poor",
            source="Section 4.3 + Section 5",
            printed="ROUGE did not correlate well with the human evaluations (manual: no "
            f"significant correlation; the best, on ASR, 'moderate': rho = {moderate:g})",
            expected="<",
            difference=float(row["rho"]) - moderate,
            ci=(lo - moderate, hi - moderate),
            test=f"Fisher-z 95% interval of Spearman rho (n = {row['n']}) against the rho the "
            "paper calls moderate (Section 4.3): agrees when the interval lies below it",
            this_run=f"rho = {row['rho']:.3f} [{lo:.3f}, {hi:.3f}] (n = {row['n']})",
            note="ROUGE-1 against INFORMATIVENESS-1, manual transcripts",
        )
    if rouge is not None and "ROUGE-1" in rouge and set(rouge["transcript"]) >= {"manual"}:
        per = rouge[rouge["transcript"] == "manual"].pivot_table(
            index="meeting", columns="approach", values="ROUGE-1"
        )
        if ratings is not None and approaches_comparable:
            pass  # notebook 01 checks the ranking of the run's own summaries
        elif approaches_comparable and "LSA" in per.columns:
            wins = int((per.idxmax(axis=1) == "LSA").sum())
            _paired_finding(
                c,
                "rouge_best_manual",
                "Section 4.1",
                "LSA best on every meeting (ROUGE-1, manual)",
                per["LSA"],
                per.drop(columns="LSA").max(axis=1),
                "LSA's ROUGE-1 minus the best other approach's",
                this_run=f"LSA best on {wins}/{len(per)} meetings",
            )
        else:
            c.not_comparable(
                "rouge_best_manual",
                source="Section 4.1",
                printed="LSA best on every meeting (ROUGE-1, manual)",
                this_run=f"best: {per.mean().idxmax()}",
                note=other_systems,
            )
    if wer is not None and len(wer):
        below = int((wer["summary_wer"] < wer["meeting_wer"]).sum())
        w = wer.set_index("meeting")
        _paired_finding(
            c,
            "summary_wer_below_meeting_wer",
            "Section 4.1.1 (WER table)",
            "lower for each of the 6 meetings",
            w["meeting_wer"],
            w["summary_wer"],
            "meeting WER minus summary WER (the four approaches' ASR summaries pooled)",
            this_run=f"{below}/{len(wer)}",
        )
    # ROUGE's ranking is a finding of notebook 01 (the run's own summaries), the judges' of 02
    headline_claims(
        c, rouge if ratings is None else None, ratings, approaches_comparable, other_systems
    )
    return c.frame()
