"""The cross-comprehension test of short human summaries (Kolluru & Gotoh 2005).

Kolluru & Gotoh (2005), "On the Subjectivity of Human Authored Short Summaries", Sec. 3-5
(notes: acl2005-workshop-part-A.md 3.2). Each author X writes a one-line summary of a story
and 2-4 questions its answers should be in. Author Y's questions are put to X's summary for
every X != Y (Y's own summary is never questioned by Y), and one judge grades each answer:

    R relevant | P partially relevant | I irrelevant (found, but not what was expected) | N not found

Rates are pooled proportions over all graded (summary, question) pairs (micro-averaged over
questions): relevant = R, shared = R + P, found = R + P + I, not found = N, irrelevant = I,
all in [0, 1]. *Summary relevance* of X groups by summary author (Figure 2a), *questionnaire
relevance* of Y by question author (Figure 2b).

Layout: ``grades`` is long: ``story, summary_author, question_author, question, label``.

Why our own: these are counts over a specific design; pandas does the grouping.
"""

from __future__ import annotations

from itertools import permutations
from typing import List, Optional, Sequence, Tuple

import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns

__all__ = ["LABELS", "LABEL_NAMES", "cross_pairs", "check_grades", "label_table", "grade_rates"]

LABELS = ("R", "P", "I", "N")
LABEL_NAMES = {"R": "relevant", "P": "partially relevant", "I": "irrelevant", "N": "not found"}
GROUPS = ("summary_author", "question_author")


def cross_pairs(authors: Sequence[str]) -> List[Tuple[str, str]]:
    """(summary author, question author) pairs of the test: every ordered pair X != Y."""
    if len(set(authors)) != len(authors) or len(authors) < 2:
        raise ParameterError("authors", list(authors), "at least two distinct authors")
    return list(permutations(authors, 2))


def check_grades(grades: pd.DataFrame) -> pd.DataFrame:
    """Validate a grade table: known labels, no self-questioning, one grade per question."""
    check_columns(
        grades, ["story", "summary_author", "question_author", "question", "label"], "grades"
    )
    bad = ~grades["label"].isin(LABELS)
    if bad.any():
        raise ParameterError("grades.label", grades.loc[bad, "label"].iloc[0], f"one of {LABELS}")
    own = grades["summary_author"] == grades["question_author"]
    if own.any():
        raise ParameterError(
            "grades",
            f"author {grades.loc[own, 'summary_author'].iloc[0]} questioning own summary",
            "only crossed pairs (question author != summary author)",
        )
    if grades.duplicated(["story", "summary_author", "question_author", "question"]).any():
        raise ParameterError(
            "grades", "a question graded twice", "one grade per (story, summary, question)"
        )
    return grades


def label_table(
    grades: pd.DataFrame, by: Optional[str] = None, proportions: bool = True
) -> pd.DataFrame:
    """Counts (or shares) of R, P, I, N overall (one row ``all``) or per ``by`` group."""
    g = check_grades(grades)
    if by is not None and by not in GROUPS:
        raise ParameterError("by", by, f"one of {GROUPS} or None")
    key = g[by] if by else pd.Series("all", index=g.index, name="group")
    counts = pd.crosstab(key, g["label"]).reindex(columns=list(LABELS), fill_value=0)
    counts.columns.name = None
    if proportions:
        counts = counts.div(counts.sum(axis=1), axis=0)
    return counts


def grade_rates(grades: pd.DataFrame, by: Optional[str] = None) -> pd.DataFrame:
    """relevant, shared (R+P), found (R+P+I), irrelevant, not_found and n per group."""
    shares = label_table(grades, by, proportions=True)
    n = label_table(grades, by, proportions=False).sum(axis=1)
    return pd.DataFrame(
        {
            "relevant": shares["R"],
            "shared": shares["R"] + shares["P"],
            "found": shares["R"] + shares["P"] + shares["I"],
            "irrelevant": shares["I"],
            "not_found": shares["N"],
            "n": n,
        }
    )
