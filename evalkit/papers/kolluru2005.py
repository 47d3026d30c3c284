"""Kolluru & Gotoh (2005): the paper-specific logic of ``notebooks/kolluru2005/``.

BalaKrishna Kolluru and Yoshihiko Gotoh, "On the Subjectivity of Human Authored Short
Summaries", ACL 2005 MTSE workshop, pp. 9-16 (W05-0902). Four authors write one-line
summaries of 51 broadcast-news stories with 2-4 questions each; in a cross-comprehension
test each summary is questioned with the *other* authors' questions and a judge grades the
answers relevant / partially relevant / irrelevant / not found (47% relevant, 61% with
partially relevant, 35% not found; found rates track summary length). The grading tables
live in :mod:`evalkit.stats.crosscomp`, the files in :mod:`evalkit.data.questionnaires`;
this module adds

* :func:`printed_checks`: Table 1's characters per word, Table 3's rates, the found-rate vs
  length ranking and the overall rates the prose implies, recomputed exactly;
* :func:`load_study`: the study of a profile (sample: simulated; licensed: a user's copy of
  the study in evalkit's layout; public: nothing can stand in, :data:`NO_PUBLIC`);
* :func:`table1`, :func:`figure2`, :func:`machine_vs_human` and :func:`paper_vs_run`.
"""
from __future__ import annotations

from typing import List

import numpy as np
import pandas as pd
from scipy import stats as sps

from evalkit.data.published import read_published
from evalkit.data.questionnaires import QuestionnaireStudy
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.stats import crosscomp

PAPER = "kolluru2005"
PRINTED = "printed numbers (Tables 1, 3, 4, text)"
HUMANS = ("A", "B", "C", "D")
NO_PUBLIC = ("no public data set has several authors' one-line summaries of the same stories with their own "
             "questionnaires and a judge's grades of the crossed answers; the printed-number checks "
             "(00_printed_checks) and the sample profile exercise the method")

__all__ = ["PAPER", "NO_PUBLIC", "claim_row", "printed_checks", "load_study", "table1", "figure2", "machine_vs_human",
           "paper_vs_run"]


def claim_row(claim_id, source, printed_value, this_run, data, verdict, note="") -> dict:
    return {"claim_id": claim_id, "source": source, "printed": printed_value, "this_run": this_run, "data": data,
            "verdict": verdict, "note": note}


def _text() -> pd.DataFrame:
    return read_published(PAPER, "text")


def _value(claim: str, group: str) -> float:
    t = _text()
    return float(t[(t["claim"] == claim) & (t["group"] == group)]["value"].iloc[0])


def _grades(table: str) -> pd.DataFrame:
    t = read_published(PAPER, table)
    return t.assign(story="printed")[["story", "summary_author", "question_author", "question", "label"]]


def printed_checks() -> pd.DataFrame:
    """Numbers that other printed numbers determine (no data needed)."""
    t1 = read_published(PAPER, "table1").set_index("subject")
    rows: List[dict] = []
    for s, r in t1.iterrows():
        cpw = (r["characters"] - (r["words"] - 1)) / r["words"]
        pv = _value("chars_per_word", s)
        rows.append(claim_row(f"chars_per_word_{s}", "text + Table 1", pv, round(cpw, 4), PRINTED,
                              "recomputed exactly" if round(cpw, 1) == pv else "differs",
                              "(#characters - (#words - 1)) / #words: the character counts include spaces"))
    rates = crosscomp.grade_rates(_grades("table3")).iloc[0]
    rows.append(claim_row("table3_rates", "Table 3", "N R I P / R R / R R N",
                          f"relevant {rates.relevant:.4f}, shared {rates.shared:.4f}, not found {rates.not_found:.4f}",
                          PRINTED, "recomputed exactly", "A's summary under B's, C's and D's 9 questions"))
    t4 = crosscomp.grade_rates(_grades("table4"), by="summary_author")
    rows.append(claim_row("table4_human_above_machine", "Table 4", "B: R R N; machine: R N N",
                          f"relevant B {t4.loc['B', 'relevant']:.4f} vs machine {t4.loc['machine', 'relevant']:.4f}",
                          PRINTED, "recomputed exactly", "the human summary answers more of D's questions"))
    found = pd.Series({s: _value("found", s) for s in HUMANS})
    rho = float(sps.spearmanr(found.to_numpy(), t1.loc[list(HUMANS), "characters"].to_numpy())[0])
    rows.append(claim_row("found_tracks_length", "text (5.1) + Table 1", "roughly proportional", round(rho, 4), PRINTED,
                          "agrees" if rho > 0.9 else "differs",
                          "Spearman rho of found rates (71, 61, 54, 73) and mean lengths (113, 99, 81, 131)"))
    nf = 100 - found.mean()
    rows.append(claim_row("not_found_from_found", "text (5.1)", f"{_value('not_found', 'all'):g}%", round(nf, 2), PRINTED,
                          "recomputed exactly" if abs(nf - _value("not_found", "all")) < 0.5 else "differs",
                          "100 - mean found rate, when each author faces equally many questions"))
    irr = 100 - _value("shared", "all") - _value("not_found", "all")
    rows.append(claim_row("irrelevant_implied", "text (5.1)", "(not printed)", round(irr, 2), PRINTED,
                          "recomputed exactly", "100 - 61 (relevant + partially) - 35 (not found)"))
    return pd.DataFrame(rows)


def load_study(profile: str, quick: bool = False) -> QuestionnaireStudy:
    if profile == "sample":
        from evalkit.data.simulate.tasks import load_task_sample

        return load_task_sample("questionnaires", quick=quick)
    if profile == "public":
        raise DataNotConfiguredError("public stand-in for Kolluru & Gotoh's cross-comprehension study", NO_PUBLIC)
    if profile == "licensed":
        from evalkit.data import licensed

        return licensed.load("kolluru-study")
    raise ParameterError("profile", profile, "one of 'sample', 'public', 'licensed'")


def _humans(study: QuestionnaireStudy) -> List[str]:
    authors = sorted(set(study.questions["author"]))
    if len(authors) < 2:
        raise ParameterError("study", authors, "questionnaires by at least two authors")
    return authors


def table1(study: QuestionnaireStudy) -> pd.DataFrame:
    """Table 1: per author mean words, characters (with spaces) and questions per summary."""
    authors = _humans(study)
    s = study.summaries[study.summaries["author"].isin(authors)]
    q = study.questions.groupby(["story", "author"]).size().rename("questions").reset_index()
    s = s.merge(q, on=["story", "author"], how="left").fillna({"questions": 0})
    s = s.assign(words=s["summary"].str.split().str.len(), characters=s["summary"].str.len())
    out = s.groupby("author")[["words", "characters", "questions"]].mean()
    out["chars_per_word"] = (out["characters"] - (out["words"] - 1)) / out["words"]
    return out.reset_index()


def figure2(study: QuestionnaireStudy) -> pd.DataFrame:
    """Figure 2: label shares and rates by summary author (a) and by question author (b),
    human authors only."""
    authors = _humans(study)
    g = study.grades[study.grades["summary_author"].isin(authors)]
    parts = []
    for panel, by in (("a: summary relevance", "summary_author"), ("b: questionnaire relevance", "question_author")):
        shares = crosscomp.label_table(g, by=by)
        rates = crosscomp.grade_rates(g, by=by)
        parts.append(shares.join(rates).rename_axis("author").reset_index().assign(panel=panel))
    overall = crosscomp.label_table(g).join(crosscomp.grade_rates(g)).rename_axis("author").reset_index()
    parts.append(overall.assign(panel="overall"))
    return pd.concat(parts, ignore_index=True)


def machine_vs_human(study: QuestionnaireStudy) -> pd.DataFrame:
    """Table 4 / Sec. 6 generalised: rates of every non-question-author summary (e.g. a system)
    beside the human summaries, under the same questions (stories where both were graded)."""
    authors = _humans(study)
    others = sorted(set(study.summaries["author"]) - set(authors))
    g = study.grades
    rows = []
    for sys_ in others:
        for h in authors:
            qs = g[(g["summary_author"] == h)][["story", "question_author", "question"]]
            both = g.merge(qs, on=["story", "question_author", "question"])
            both = both[both["summary_author"].isin([sys_, h])]
            if both.empty:
                continue
            r = crosscomp.grade_rates(both, by="summary_author")
            rows.append({"system": sys_, "human": h, "questions": int(r.loc[h, "n"]),
                         "system_shared": float(r.loc[sys_, "shared"]), "human_shared": float(r.loc[h, "shared"])})
    return pd.DataFrame(rows)


def paper_vs_run(fig2: pd.DataFrame, t1: pd.DataFrame, data: str) -> pd.DataFrame:
    rows = []
    overall = fig2[fig2["panel"] == "overall"].iloc[0]
    for claim, col in (("relevant", "relevant"), ("shared", "shared"), ("not_found", "not_found")):
        pv = _value(claim, "all")
        rows.append(claim_row(f"overall_{claim}", "text (5.1)", f"{pv:g}%", round(100 * float(overall[col]), 2), data,
                              "not comparable", "different stories, authors and judge"))
    a = fig2[fig2["panel"] == "a: summary relevance"].set_index("author")
    lengths = t1.set_index("author")["characters"].reindex(a.index)
    rho = float(sps.spearmanr(a["found"].to_numpy(), lengths.to_numpy())[0]) if len(a) > 2 else np.nan
    rows.append(claim_row("found_tracks_length", "text (5.1)", "found rate roughly proportional to length",
                          round(rho, 4), data, "agrees" if rho > 0.5 else "differs",
                          "Spearman rho between authors' found rates and mean summary lengths"))
    b = fig2[fig2["panel"] == "b: questionnaire relevance"].set_index("author")["shared"]
    top = b.idxmax()
    rows.append(claim_row("generic_questions_answered_most", "text (5.2)", "C: 80% vs 55-59%",
                          f"{top}: {100 * b.max():.1f}%", data, "agrees" if top == "C" else "differs",
                          "the author whose questions are answered most often"))
    return pd.DataFrame(rows)
