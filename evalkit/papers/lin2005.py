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
from evalkit.notebook.params import Parameter as P

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
        P(
            "max_length",
            int,
            default=1500,
            low=400,
            help="longest response (characters) in the F-vs-length figure",
        ),
    ),
    "01_nuggets_pourpre": (
        P(
            "licensed_corpus",
            str,
            default="trec-qa-2004",
            choices=("trec-qa-2003", "trec-qa-2004"),
            help="licensed TREC QA track (2003: beta 5; 2004: beta 3)",
        ),
        P("beta", float, default=3.0, low=0, help="F(beta); TREC 2003 used 5, TREC 2004 3"),
        P(
            "allowance",
            float,
            default=100.0,
            low=0,
            help="non-white-space characters per returned nugget",
        ),
        P(
            "n_questions",
            int,
            default=None,
            quick=10,
            low=1,
            allow_none=True,
            help="first N questions (None: all)",
        ),
    ),
}
DATA = "printed numbers (Table 1, Figure 1, Figure 2)"

__all__ = [
    "PAPER",
    "copland",
    "printed_checks",
    "f_by_length",
    "load_evaluation",
    "run_scores_table",
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
            c.add(
                "r_a_R",
                source="Table 1 + Figure 1",
                printed="vital 1,2,3,8; present 1,6,9",
                this_run=f"r={s.r:g}, a={s.a:g}, R={s.R:g}",
                verdict="agrees",
                note="nugget 1 is vital; 6 and 9 are okay",
            )
            c.add(
                "length",
                source="Figure 1",
                printed="",
                this_run=int(s.l),
                verdict="agrees",
                note="non-white-space characters of the three strings (curly quotes count one each)",
            )
            c.add(
                "precision",
                source="Figure 2",
                printed="",
                this_run=float(s.NP),
                verdict="agrees",
                note=f"allowance {allowance:g} x 3 nuggets = 300 < l: NP = 1 - (l - 300)/l",
            )
        c.add(
            f"F_beta{beta:g}",
            source=f"Figure 2, TREC {year} beta = {beta:g}",
            printed="",
            this_run=round(float(s.F), 6),
            verdict="agrees",
            note="the Figure 1 strings scored as one response",
        )
    okay_only = nuggets.nugget_f(0, 3, 4, 100, beta=3)
    c.add(
        "okay_only_zero",
        source="Sec. 2",
        printed="no credit for okay nuggets",
        this_run=okay_only,
        verdict="agrees" if okay_only == 0 else "differs",
        note="r = 0: F = 0 whatever a and l",
    )
    ranks = np.arange(10)
    for claim, other in (("tau_identical", ranks), ("tau_inverse", ranks[::-1])):
        tau = round(float(sps.kendalltau(ranks, other)[0]), 12)
        c.add(
            claim,
            source="Sec. 4",
            printed=_text(claim),
            this_run=tau,
            verdict="agrees" if tau == _text(claim) else "differs",
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


def run_scores_table(
    ev: NuggetEvaluation,
    beta: float,
    allowance: float = nuggets.ALLOWANCE,
    questions: Sequence[str] | None = None,
) -> pd.DataFrame:
    """Per run: official F, pyramid F (when several assessors' votes exist), POURPRE (idf and
    count weighting, fractional scoring); mean over ``questions`` (default: all in the key)."""
    qs = list(questions) if questions is not None else sorted(ev.key["question"].unique())
    key = ev.key[ev.key["question"].isin(qs)]
    resp = ev.responses[ev.responses["question"].isin(qs)]
    jud = ev.judgments[ev.judgments["question"].isin(qs)]
    cols: Dict[str, pd.Series] = {
        "official": nuggets.run_scores(
            nuggets.score_run(key, jud, resp, beta=beta, allowance=allowance), qs
        )
    }
    if ev.votes is not None and len(ev.votes):
        weights = nuggets.pyramid_weights(ev.votes[ev.votes["question"].isin(qs)])
        per_q = nuggets.score_run(
            weights, jud, resp, beta=beta, allowance=allowance, weighting="pyramid"
        )
        cols["pyramid"] = nuggets.run_scores(per_q, qs)
    for weighting in ("idf", "count"):
        per_q = pourpre.pourpre(key, resp, beta=beta, weighting=weighting, allowance=allowance)
        cols[f"pourpre_{weighting}"] = nuggets.run_scores(per_q, qs)
    return pd.DataFrame(cols).rename_axis("run").reset_index()


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


def paper_vs_run(agreement: pd.DataFrame, data: str) -> pd.DataFrame:
    """Sec. 3-4's claims on a run: POURPRE's ranking "correlates well" with the official one
    (tau > 0.8 counts as good, 0.9 is the target); pyramid weighting keeps the ranking."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    good, target = _text("tau_good"), _text("tau_target")
    for _, a in agreement.iterrows():
        tau = round(float(a["kendall_tau_b"]), 4)
        claim = {
            "pourpre_idf": "POURPRE (idf) ranks runs as the official F does",
            "pourpre_count": "POURPRE (counts) ranks runs as the official F does",
            "pyramid": "pyramid-weighted nuggets rank runs as the official F does",
        }.get(a["measure"], a["measure"])
        c.add(
            f"tau_{a['measure']}",
            source="Sec. 3-4",
            printed=f"tau > {good:g} good, {target:g} target",
            this_run=tau,
            verdict="agrees" if tau > good else "differs",
            note=f"{claim}; {int(a['runs'])} runs, Kendall tau-b",
        )
    return c.frame()
