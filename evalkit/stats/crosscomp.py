"""The cross-comprehension test of short human summaries (Kolluru & Gotoh 2005).

Kolluru & Gotoh (2005), "On the Subjectivity of Human Authored Short Summaries", Sec. 3-5.
Each author X writes a one-line summary of a story and 2-4 questions its answers should be
in. Author Y's questions are put to X's summary for every X != Y (Y's own summary is never questioned by Y), and one judge grades each answer:

    R relevant | P partially relevant | I irrelevant (found, but not what was expected) | N not found

Rates are pooled proportions over all graded (summary, question) pairs (micro-averaged over
questions): relevant = R, shared = R + P, found = R + P + I, not found = N, irrelevant = I,
all in [0, 1]. *Summary relevance* of X groups by summary author (Figure 2a), *questionnaire
relevance* of Y by question author (Figure 2b).

Layout: ``grades`` is long: ``story, summary_author, question_author, question, label``.

Why our own: these are counts over a specific design; pandas does the grouping.

References:

* Kolluru, B., & Gotoh, Y. (2005). On the subjectivity of human authored short summaries.
  ACL Workshop on Intrinsic and Extrinsic Evaluation Measures.
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
    """The (summary author, question author) pairs of the test: every ordered pair X != Y.

    Parameters
    ----------
    authors : sequence of str
        At least two distinct authors (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    list of (str, str)

    Examples
    --------
    >>> from evalkit.stats.crosscomp import cross_pairs
    >>> cross_pairs(["A", "B", "C"])
    [('A', 'B'), ('A', 'C'), ('B', 'A'), ('B', 'C'), ('C', 'A'), ('C', 'B')]
    """
    if len(set(authors)) != len(authors) or len(authors) < 2:
        raise ParameterError("authors", list(authors), "at least two distinct authors")
    return list(permutations(authors, 2))


def check_grades(grades: pd.DataFrame) -> pd.DataFrame:
    """Validate a grade table: known labels, no self-questioning, one grade per question.

    Parameters
    ----------
    grades : pandas.DataFrame
        Long ``story, summary_author, question_author, question, label``.

    Returns
    -------
    pandas.DataFrame
        ``grades`` unchanged.

    Raises
    ------
    evalkit.errors.ParameterError
        A label outside :data:`LABELS`, an author questioning their own summary, or a
        question graded twice.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.errors import ParameterError
    >>> from evalkit.stats.crosscomp import check_grades
    >>> g = pd.DataFrame({"story": 1, "summary_author": ["A"], "question_author": ["A"],
    ...                   "question": [1], "label": ["R"]})
    >>> try:
    ...     check_grades(g)
    ... except ParameterError:
    ...     print("own summary refused")
    own summary refused
    """
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
    """Counts (or shares) of R, P, I, N overall or per group.

    Parameters
    ----------
    grades : pandas.DataFrame
        A valid grade table (:func:`check_grades`).
    by : {"summary_author", "question_author"}, optional
        Group rows; None: one row ``all``.
    proportions : bool, default True
        Shares per row (summing to 1) instead of counts.

    Returns
    -------
    pandas.DataFrame
        Columns ``R, P, I, N``, one row per group.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.crosscomp import label_table
    >>> g = pd.DataFrame({"story": 1, "summary_author": ["A", "A", "B", "B"],
    ...                   "question_author": ["B", "B", "A", "A"], "question": [1, 2, 1, 2],
    ...                   "label": ["R", "N", "R", "P"]})
    >>> label_table(g, proportions=False).values.tolist()
    [[2, 1, 0, 1]]
    >>> label_table(g, by="summary_author").values.tolist()
    [[0.5, 0.0, 0.0, 0.5], [0.5, 0.5, 0.0, 0.0]]
    """
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
    """Pooled rates per group: relevant, shared (R + P), found (R + P + I), irrelevant, not found.

    Parameters
    ----------
    grades : pandas.DataFrame
        A valid grade table.
    by : {"summary_author", "question_author"}, optional
        Summary relevance (by summary author) or questionnaire relevance (by question author);
        None pools everything.

    Returns
    -------
    pandas.DataFrame
        ``relevant, shared, found, irrelevant, not_found`` in [0, 1] and ``n`` (graded
        questions), one row per group.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.crosscomp import grade_rates
    >>> authors = {"summary_author": list("AABB"), "question_author": list("BBAA")}
    >>> g = pd.DataFrame({"story": 1, **authors, "question": [1, 2, 1, 2], "label": list("RNIP")})
    >>> grade_rates(g).values.tolist()
    [[0.25, 0.5, 0.75, 0.25, 0.25, 4.0]]
    """
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
