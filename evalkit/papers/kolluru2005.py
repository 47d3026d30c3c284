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

from typing import List, Optional

import pandas as pd
from scipy import stats as sps

from evalkit.data.published import read_published
from evalkit.data.questionnaires import QuestionnaireStudy
from evalkit.errors import DataNotConfiguredError, ParameterError
from evalkit.notebook.claims import Claims
from evalkit.stats import crosscomp
from evalkit.stats.correlation import spearman_permutation

PAPER = "kolluru2005"
NOTEBOOKS = {"00_printed_checks": (), "01_cross_comprehension": ()}
PRINTED = "printed numbers (Tables 1, 3, 4, text)"
HUMANS = ("A", "B", "C", "D")
NO_PUBLIC = (
    "no public data set has several authors' one-line summaries of the same stories with their own "
    "questionnaires and a judge's grades of the crossed answers; the printed-number checks "
    "(00_printed_checks) and the sample profile exercise the method"
)

__all__ = [
    "PAPER",
    "NO_PUBLIC",
    "printed_checks",
    "load_study",
    "table1",
    "figure2",
    "printed_figure2",
    "machine_vs_human",
    "paper_vs_run",
]


def _text() -> pd.DataFrame:
    return read_published(PAPER, "text")


def _value(claim: str, group: str) -> float:
    t = _text()
    return float(t[(t["claim"] == claim) & (t["group"] == group)]["value"].iloc[0])


def _grades(table: str) -> pd.DataFrame:
    t = read_published(PAPER, table)
    return t.assign(story="printed")[
        ["story", "summary_author", "question_author", "question", "label"]
    ]


#: One declared rule for "found rates track summary length", on the printed numbers and on
#: a run alike: Spearman's rho of the authors' found rates and mean summary lengths, with
#: its exact one-sided permutation p-value (alpha 0.05; with 4 authors only a perfect
#: ranking agreement, p = 1/24, is significant).
LENGTH_RULE = "Spearman rho over the authors, exact one-sided permutation test"


def _length_finding(
    c: Claims, found: pd.Series, lengths: pd.Series, *, source: str, printed: str, note: str
) -> None:
    """The finding "found rates track summary length" by :data:`LENGTH_RULE`, added to ``c``."""
    rho, p = spearman_permutation(found.to_numpy(), lengths.to_numpy())
    c.finding(
        "found_tracks_length",
        source=source,
        printed=printed,
        expected=">",
        difference=rho,
        p_value=p,
        test=LENGTH_RULE,
        this_run=f"rho = {rho:.3f}",
        note=note,
    )


def printed_checks() -> pd.DataFrame:
    """Numbers that other printed numbers determine (no data needed)."""
    t1 = read_published(PAPER, "table1").set_index("subject")
    c = Claims(PAPER, data=PRINTED, kind="recomputed", digits=4)
    for s, r in t1.iterrows():
        cpw = (r["characters"] - (r["words"] - 1)) / r["words"]
        c.compare(
            f"chars_per_word_{s}",
            source="Section 3.4 + Table 1",
            printed=_value("chars_per_word", s),
            this_run=round(cpw, 4),
            note="(#characters - (#words - 1)) / #words: the character counts include spaces",
        )
    rates = crosscomp.grade_rates(_grades("table3")).iloc[0]
    c.derived(
        "table3_rates",
        source="Table 3",
        printed="N R I P / R R / R R N",
        this_run=f"relevant {rates.relevant:.4f}, shared {rates.shared:.4f}, "
        f"not found {rates.not_found:.4f}",
        note="A's summary under B's, C's and D's 9 questions: rates the paper does not print",
    )
    t4 = crosscomp.grade_rates(_grades("table4"), by="summary_author")
    c.check(
        "table4_human_above_machine",
        source="Table 4",
        printed="B: R R N; machine: R N N",
        this_run=f"relevant B {t4.loc['B', 'relevant']:.4f} vs machine "
        f"{t4.loc['machine', 'relevant']:.4f}",
        holds=bool(t4.loc["B", "relevant"] > t4.loc["machine", "relevant"]),
        note="the human summary answers more of D's questions (one printed example)",
    )
    found = pd.Series({s: _value("found", s) for s in HUMANS})
    _length_finding(
        c,
        found,
        t1.loc[list(HUMANS), "characters"],
        source="Section 5.1 + Table 1",
        printed="roughly proportional",
        note="found rates (71, 61, 54, 73) against mean lengths (113, 99, 81, 131 characters)",
    )
    nf = 100 - found.mean()
    c.compare(
        "not_found_from_found",
        source="Section 5.1",
        printed=_value("not_found", "all"),
        this_run=round(nf, 2),
        tolerance=0.5,
        note="100 - mean found rate, when each author faces equally many questions (printed "
        "as a whole per cent: within 0.5)",
    )
    irr = 100 - _value("shared", "all") - _value("not_found", "all")
    c.derived(
        "irrelevant_implied",
        source="Section 5.1",
        this_run=round(irr, 2),
        note="100 - 61 (relevant + partially) - 35 (not found): the paper does not print it",
    )
    return c.frame()


def load_study(profile: str, quick: bool = False) -> QuestionnaireStudy:
    from evalkit.data import datasets

    if profile == "public":
        raise DataNotConfiguredError(
            "public stand-in for Kolluru & Gotoh's cross-comprehension study", NO_PUBLIC
        )
    return datasets.load("kolluru-study", profile, quick=quick)


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
    for panel, by in (
        ("a: summary relevance", "summary_author"),
        ("b: questionnaire relevance", "question_author"),
    ):
        shares = crosscomp.label_table(g, by=by)
        rates = crosscomp.grade_rates(g, by=by)
        parts.append(shares.join(rates).rename_axis("author").reset_index().assign(panel=panel))
    overall = (
        crosscomp.label_table(g).join(crosscomp.grade_rates(g)).rename_axis("author").reset_index()
    )
    parts.append(overall.assign(panel="overall"))
    return pd.concat(parts, ignore_index=True)


def printed_figure2() -> pd.DataFrame:
    """The rates the prose prints for Figure 2's bars (the bars are lost in the text), in
    the layout of :func:`figure2` (``panel, author``, a share in [0, 1]): panel a's found
    rate (R + P + I) per summary author (Section 5.1), panel b's answered share (R + P) of
    C's questions (Section 5.2; A, B and D get a range, not a value)."""
    t = _text()
    found = t[t["claim"] == "found"]
    rows = [
        {"panel": "a: summary relevance", "author": a, "rate": "found", "value": v / 100}
        for a, v in zip(found["group"], found["value"].astype(float))
    ]
    rows.append(
        {
            "panel": "b: questionnaire relevance",
            "author": "C",
            "rate": "shared",
            "value": _value("questionnaire_shared", "C") / 100,
        }
    )
    return pd.DataFrame(rows)


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
            rows.append(
                {
                    "system": sys_,
                    "human": h,
                    "questions": int(r.loc[h, "n"]),
                    "system_shared": float(r.loc[sys_, "shared"]),
                    "human_shared": float(r.loc[h, "shared"]),
                }
            )
    return pd.DataFrame(rows)


def paper_vs_run(
    fig2: pd.DataFrame,
    t1: pd.DataFrame,
    data: str,
    simulated: bool = False,
    mvh: Optional[pd.DataFrame] = None,
) -> pd.DataFrame:
    """The paper's rates and findings beside a run. ``simulated``: the study is the sample
    simulator's, which gives author C generic questions ("What is being discussed?",
    ``evalkit/data/simulate/questionnaires.py``), so C's questions being answered most is
    by construction there, and the machine summary one fact against the authors' several,
    so machine below human is too; ``mvh``: :func:`machine_vs_human` (Section 6)."""
    c = Claims(PAPER, data=data, kind="reproduced", digits=4)
    overall = fig2[fig2["panel"] == "overall"].iloc[0]
    for claim, col in (("relevant", "relevant"), ("shared", "shared"), ("not_found", "not_found")):
        pv = _value(claim, "all")
        c.not_comparable(
            f"overall_{claim}",
            source="Section 5.1",
            printed=f"{pv:g}%",
            this_run=round(100 * float(overall[col]), 2),
            note="different stories, authors and judge: the level of subjectivity is a property "
            "of a study, not a finding another study can reproduce",
        )
    a = fig2[fig2["panel"] == "a: summary relevance"].set_index("author")
    lengths = t1.set_index("author")["characters"].reindex(a.index)
    if len(a) >= 3:
        _length_finding(
            c,
            a["found"],
            lengths,
            source="Section 5.1",
            printed="found rate roughly proportional to length",
            note="authors' found rates against their mean summary lengths (the same rule as "
            "on the printed numbers)"
            + (
                "; simulated: the lengths are calibrated to Table 1 "
                "(evalkit/data/simulate/questionnaires.py), the found rates are free"
                if simulated
                else ""
            ),
        )
    b = fig2[fig2["panel"] == "b: questionnaire relevance"].set_index("author")
    top = b["shared"].idxmax()
    printed_c = "C: 80% vs 55-59%"
    shown = f"{top}: {100 * b['shared'].max():.1f}%"
    if simulated:
        c.by_construction(
            "generic_questions_answered_most",
            source="Section 5.2",
            printed=printed_c,
            this_run=shown,
            note="the simulator gives author C generic questions, answerable from any summary "
            "(evalkit/data/simulate/questionnaires.py): C's questions are answered most "
            "because the simulator was built that way",
        )
    elif "C" in b.index and len(b) > 1:
        n_c = float(b.loc["C", "n"])
        rest = b.drop(index="C")
        hit_c = round(float(b.loc["C", "shared"]) * n_c)
        n_r = float(rest["n"].sum())
        hit_r = round(float((rest["shared"] * rest["n"]).sum()))
        _, p = sps.fisher_exact([[hit_c, n_c - hit_c], [hit_r, n_r - hit_r]])
        c.finding(
            "generic_questions_answered_most",
            source="Section 5.2",
            printed=printed_c,
            expected=">",
            difference=hit_c / n_c - hit_r / n_r,
            p_value=float(p),
            test="Fisher exact test, C's questions against the others' pooled",
            this_run=shown,
            note="share of C's questions answered (R or P) minus the other authors'",
        )
    c.not_comparable(
        "relative_comparison_robust",
        source="Abstract + Conclusion",
        printed="robust because the test relies on relative comparison, not absolute scores",
        note="a design argument: the paper measures no robustness (no repeated authors or "
        "judges), so no run can test it",
    )
    claim = dict(
        source="Section 6 + Table 4",
        printed="the human summary answers more of the questions than the machine summary",
    )
    if mvh is not None and len(mvh) >= 2 and simulated:
        c.by_construction(
            "machine_vs_human",
            **claim,
            this_run=f"human {mvh['human_shared'].mean():.3f}, "
            f"machine {mvh['system_shared'].mean():.3f} (mean share answered)",
            note="the simulator's machine summary expresses exactly one fact (the story's first "
            "core fact) while each author fills a length budget with several "
            "(evalkit/data/simulate/questionnaires.py): it answers fewer by construction",
        )
    elif mvh is not None and len(mvh) >= 2:
        c.paired_finding(
            "machine_vs_human",
            mvh["human_shared"],
            mvh["system_shared"],
            over=f"the {len(mvh)} human authors",
            **claim,
            note="share of questions answered (R or P): human minus machine, the same questions",
        )
    return c.frame()
