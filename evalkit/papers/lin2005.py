"""Lin & Demner-Fushman (2005): the paper-specific logic of ``notebooks/lin2005/``.

Jimmy Lin and Dina Demner-Fushman, "Evaluating Summaries and Answers: Two Sides of the Same
Coin?", ACL 2005 MTSE workshop, pp. 41-48 (W05-0906). A position paper: it prints the TREC
definition-question answer key for "Who is Aaron Copland?" (Table 1), three judged system
answer strings (Figure 1) and the official F-measure (Figure 2: vital-only recall, a
100-character allowance per returned nugget, beta = 5 in TREC 2003 and 3 in TREC 2004),
proposes POURPRE and pyramid-weighted nuggets, and argues for Kendall's tau between system
rankings. The measures live in :mod:`evalkit.metrics.nuggets` and
:mod:`evalkit.metrics.pourpre`, the files in :mod:`evalkit.data.trec_qa`; this module adds

* :func:`copland` and :func:`printed_checks`: the worked example the printed key, strings
  and formula imply, recomputed exactly;
* :func:`f_by_length`: F against response length for fixed nugget counts (Figure 2's shape);
* :func:`load_evaluation`: the nugget evaluation of a profile (sample: simulated TREC
  runs; public: REALSumm's SCUs as nuggets with the crowd's presence judgments; licensed:
  TREC 2003/2004 files);
* :func:`run_scores_table` and :func:`ranking_agreement`: official, pyramid and POURPRE
  scores per run and Kendall's tau between their rankings.
"""

from __future__ import annotations

from typing import Dict, Sequence

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.data.published import read_published
from evalkit.data.trec_qa import NuggetEvaluation
from evalkit.errors import ParameterError
from evalkit.metrics import nuggets, pourpre
from evalkit.notebook.claims import Claims
from evalkit.notebook.params import first_n
from evalkit.notebook.params import Parameter as P
from evalkit.notebook.params import count, one_of

PAPER = "lin2005"

NOTEBOOKS = {
    "00_worked_example": (
        P(
            "betas",
            list,
            default=[5.0, 3.0],
            element=float,
            low=0,
            help="F(beta) curves: TREC 2003 and 2004",
        ),
        count(
            "max_length", 1500, "longest response (characters) in the F-vs-length figure", low=400
        ),
    ),
    "01_nuggets_pourpre": (
        one_of(
            "licensed_corpus",
            ("trec-qa-2003", "trec-qa-2004"),
            "trec-qa-2004",
            "licensed TREC QA track (2003: beta 5; 2004: beta 3)",
        ),
        P("beta", float, default=3.0, low=0, help="F(beta); TREC 2003 used 5, TREC 2004 3"),
        P(
            "allowance",
            float,
            default=100.0,
            low=0,
            help="non-white-space characters per returned nugget",
        ),
        first_n("n_questions", "first N questions (None: all)", quick=10),
    ),
}
DATA = "printed numbers (Table 1, Figure 1, Figure 2)"

__all__ = [
    "PAPER",
    "copland",
    "printed_checks",
    "f_by_length",
    "load_evaluation",
    "question_scores",
    "run_scores_table",
    "mean_scores",
    "tau_intervals",
    "ranking_agreement",
    "paper_vs_run",
]


def _text(claim: str) -> float:
    t = read_published(PAPER, "text").set_index("claim")
    return float(t.loc[claim, "value"])


def copland() -> NuggetEvaluation:
    """Table 1 as the answer key and Figure 1's three strings as one run's response."""
    t1 = read_published(PAPER, "table1")
    f1 = read_published(PAPER, "figure1")
    key = pd.DataFrame(
        {
            "question": "copland",
            "nugget": t1["nugget"].astype(str),
            "label": t1["label"],
            "text": t1["text"],
        }
    )
    responses = pd.DataFrame(
        {
            "run": "figure1",
            "question": "copland",
            "document": f1["document"],
            "answer": f1["answer"],
        }
    )
    present = sorted({n for cell in f1["nuggets"].astype(str) for n in cell.split()}, key=int)
    judgments = pd.DataFrame(
        {"run": "figure1", "question": "copland", "nugget": present, "present": 1}
    )
    return NuggetEvaluation(
        key, responses, judgments, meta={"name": "Copland (Table 1 + Figure 1)"}
    )


def printed_checks() -> pd.DataFrame:
    """What the printed key, strings and formula imply, recomputed (no data needed)."""
    ev = copland()
    c = Claims(PAPER, data=DATA, kind="recomputed", digits=6)
    allowance = _text("allowance")
    for year in (2003, 2004):
        beta = _text(f"beta_trec{year}")
        s = nuggets.score_run(
            ev.key, ev.judgments, ev.responses, beta=beta, allowance=allowance
        ).iloc[0]
        if year == 2003:
            t1 = read_published(PAPER, "table1")
            vital = set(t1.loc[t1["label"] == "vital", "nugget"].astype(str))
            present = set(ev.judgments["nugget"].astype(str))
            counts = (len(vital & present), len(present - vital), len(vital))
            c.check(
                "r_a_R",
                source="Table 1 + Figure 1",
                printed="vital 1,2,3,8; present 1,6,9",
                this_run=f"r={s.r:g}, a={s.a:g}, R={s.R:g}",
                holds=(s.r, s.a, s.R) == counts,
                note="the scorer's counts against the key's labels and the judged nuggets "
                "counted directly: nugget 1 is vital; 6 and 9 are okay",
            )
            c.derived(
                "length",
                source="Figure 1",
                this_run=int(s.l),
                note="non-white-space characters of the three strings (curly quotes count one "
                "each); the paper prints the strings, not their length",
            )
            c.derived(
                "precision",
                source="Figure 2",
                this_run=float(s.NP),
                note=f"allowance {allowance:g} x 3 nuggets = 300 < l: NP = 1 - (l - 300)/l; "
                "the paper prints the formula, not this value",
            )
        c.derived(
            f"F_beta{beta:g}",
            source=f"Figure 2, TREC {year} beta = {beta:g}",
            this_run=round(float(s.F), 6),
            note="the Figure 1 strings scored as one response (the paper prints no F)",
        )
    okay_only = nuggets.nugget_f(0, 3, 4, 100, beta=3)
    c.check(
        "okay_only_zero",
        source="Section 3",
        printed="all the okay nuggets but none of the vital nuggets: a score of zero",
        this_run=okay_only,
        holds=okay_only == 0,
        note="r = 0: F = 0 whatever a and l",
    )
    ranks = np.arange(10)
    for claim, other in (("tau_identical", ranks), ("tau_inverse", ranks[::-1])):
        tau = round(float(sps.kendalltau(ranks, other)[0]), 12)
        c.compare(
            claim,
            source="Section 4",
            printed=_text(claim),
            this_run=tau,
            tolerance=0.0,
            note="scipy.stats.kendalltau on 10 ranks",
        )
    return c.frame()


def f_by_length(
    r: float, a: float, R: float, lengths: Sequence[float], betas: Sequence[float]
) -> pd.DataFrame:
    """F(beta) of a response with fixed nugget counts as its length grows (long form)."""
    return pd.DataFrame(
        [
            {"length": float(l), "beta": float(b), "F": float(nuggets.nugget_f(r, a, R, l, beta=b))}
            for b in betas
            for l in lengths
        ]
    )


def load_evaluation(
    profile: str, quick: bool = False, licensed: str = "trec-qa-2004"
) -> NuggetEvaluation:
    """The nugget evaluation of a profile (module doc); licensed: ``trec-qa-2003``/``trec-qa-2004``."""
    from evalkit.data import datasets

    if licensed not in ("trec-qa-2003", "trec-qa-2004"):
        raise ParameterError("licensed", licensed, "trec-qa-2003 or trec-qa-2004")
    return datasets.load(
        licensed if profile == "licensed" else "trec-qa-2004", profile, quick=quick
    )


def question_scores(
    ev: NuggetEvaluation,
    beta: float,
    allowance: float = nuggets.ALLOWANCE,
    questions: Sequence[str] | None = None,
) -> Dict[str, pd.DataFrame]:
    """Per measure a run x question frame of F: official F, pyramid F (when several
    assessors' votes exist), POURPRE (idf and count weighting, fractional scoring); a run
    missing a question scores 0 on it (as :func:`evalkit.metrics.nuggets.run_scores`)."""
    qs = list(questions) if questions is not None else sorted(ev.key["question"].unique())
    key = ev.key[ev.key["question"].isin(qs)]
    resp = ev.responses[ev.responses["question"].isin(qs)]
    jud = ev.judgments[ev.judgments["question"].isin(qs)]
    per_q: Dict[str, pd.DataFrame] = {
        "official": nuggets.score_run(key, jud, resp, beta=beta, allowance=allowance)
    }
    if ev.votes is not None and len(ev.votes):
        weights = nuggets.pyramid_weights(ev.votes[ev.votes["question"].isin(qs)])
        per_q["pyramid"] = nuggets.score_run(
            weights, jud, resp, beta=beta, allowance=allowance, weighting="pyramid"
        )
    for weighting in ("idf", "count"):
        per_q[f"pourpre_{weighting}"] = pourpre.pourpre(
            key, resp, beta=beta, weighting=weighting, allowance=allowance
        )
    runs = sorted(set().union(*(set(f["run"]) for f in per_q.values())), key=str)
    return {
        m: f.pivot_table(index="run", columns="question", values="F", aggfunc="first")
        .reindex(index=runs, columns=qs)
        .fillna(0.0)
        for m, f in per_q.items()
    }


def run_scores_table(
    ev: NuggetEvaluation,
    beta: float,
    allowance: float = nuggets.ALLOWANCE,
    questions: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Per run: the mean over ``questions`` of each measure of :func:`question_scores`."""
    return mean_scores(question_scores(ev, beta, allowance, questions))


def mean_scores(wide: Dict[str, pd.DataFrame]) -> pd.DataFrame:
    """Per run the mean over questions of each measure (``run`` and one column per measure)."""
    return (
        pd.DataFrame({m: w.mean(axis=1) for m, w in wide.items()}).rename_axis("run").reset_index()
    )


def tau_intervals(
    wide: Dict[str, pd.DataFrame],
    reference: str = "official",
    n_resamples: int = 1000,
    confidence: float = 0.95,
    seed: int = 0,
) -> pd.DataFrame:
    """Bootstrap over questions of Kendall's tau-b between each measure's run ranking and
    ``reference``'s: the questions are resampled with replacement (the same draw for every
    measure), the runs' means recomputed; percentile interval. Columns ``measure, tau_low,
    tau_high, n_resamples``."""
    ref = wide[reference].to_numpy()
    n_q = ref.shape[1]
    rng = np.random.default_rng(seed)
    draws = rng.integers(0, n_q, size=(n_resamples, n_q))
    rows = []
    for m, w in wide.items():
        if m == reference:
            continue
        x = w.reindex(index=wide[reference].index).to_numpy()
        taus = np.array(
            [sps.kendalltau(ref[:, d].mean(axis=1), x[:, d].mean(axis=1))[0] for d in draws]
        )
        taus = taus[np.isfinite(taus)]
        lo, hi = np.quantile(taus, [(1 - confidence) / 2, (1 + confidence) / 2])
        rows.append(
            {"measure": m, "tau_low": float(lo), "tau_high": float(hi), "n_resamples": len(taus)}
        )
    return pd.DataFrame(rows)


def ranking_agreement(scores: pd.DataFrame, reference: str = "official") -> pd.DataFrame:
    """Kendall's tau-b (and tau-a counting ties as half) of each score's run ranking with ``reference``."""
    rows = []
    for col in scores.columns:
        if col in ("run", reference):
            continue
        tau, p = sps.kendalltau(scores[reference], scores[col])
        rows.append(
            {"measure": col, "kendall_tau_b": float(tau), "p_value": float(p), "runs": len(scores)}
        )
    return pd.DataFrame(rows)


def paper_vs_run(
    agreement: pd.DataFrame, data: str, intervals: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Section 3's POURPRE claim on a run: POURPRE ranks runs as the official F does "well",
    by Section 4's rule of thumb (tau > 0.8 is good, 0.9 the target): agrees when the
    bootstrap interval of tau (over questions, ``intervals`` from :func:`tau_intervals`)
    lies above 0.8. The pyramid-weighted F is the paper's proposal (Section 3), with no
    result to compare: its tau is shown as derived."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    good, target = _text("tau_good"), _text("tau_target")
    ci = (
        intervals.set_index("measure")
        if intervals is not None
        else pd.DataFrame(columns=["tau_low", "tau_high", "n_resamples"])
    )
    for _, a in agreement.iterrows():
        tau = float(a["kendall_tau_b"])
        runs = int(a["runs"])
        if a["measure"] == "pyramid":
            c.derived(
                "tau_pyramid",
                source="Section 3",
                this_run=round(tau, 4),
                note=f"Kendall tau-b of pyramid-weighted F with the official F over {runs} runs; "
                "the paper proposes pyramids to better model the vital/okay distinction and "
                "reports no ranking result",
            )
            continue
        name = {"pourpre_idf": "idf", "pourpre_count": "counts"}.get(a["measure"], a["measure"])
        if a["measure"] in ci.index:
            lo, hi = float(ci.loc[a["measure"], "tau_low"]), float(ci.loc[a["measure"], "tau_high"])
            c.finding(
                f"tau_{a['measure']}",
                source="Section 3 + Section 4",
                printed=f"good correlation with the official ranks (tau > {good:g} is good, "
                f"{target:g} the target)",
                expected=">",
                difference=tau - good,
                ci=(lo - good, hi - good),
                test=f"bootstrap over questions ({int(ci.loc[a['measure'], 'n_resamples'])} "
                f"resamples), 95% percentile interval of tau - {good:g}",
                this_run=f"tau = {tau:.3f} [{lo:.3f}, {hi:.3f}]",
                note=f"POURPRE ({name}) against the official F, {runs} runs, Kendall tau-b",
            )
        else:
            c.not_comparable(
                f"tau_{a['measure']}",
                source="Section 3 + Section 4",
                printed=f"tau > {good:g} good",
                this_run=round(tau, 4),
                note="no bootstrap interval was computed for this run (pass intervals=)",
            )
    c.not_comparable(
        "two_sides_of_one_coin",
        source="Abstract + Conclusion",
        printed="question answering and multi-document summarization: two complementary "
        "approaches to the same problem",
        note="the paper's position, argued rather than measured: no run can test it",
    )
    return c.frame()
