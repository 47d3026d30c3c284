"""Short summaries with questionnaires and a judge's answer grades (Kolluru & Gotoh 2005).

**evalkit layout** (a folder of typed TSV, :mod:`evalkit.data.tsv`; written by
:func:`write_questionnaire_study`, read by :func:`read_questionnaire_study`)::

    stories.tsv     story  words  sentences            (size of the source story)
    summaries.tsv   story  author  summary             (author: a human letter or a system name)
    questions.tsv   story  author  question(int)  text  expected
    grades.tsv      story  summary_author  question_author  question  label(R|P|I|N)  answer

Cross-file checks name file and line: every summary's and question's story is in
stories.tsv; every grade refers to an existing summary and an existing question of its
question author; an author never grades (is never questioned on) their own summary.
No LDC or NIST release holds these tables (the paper's were never distributed); the
licensed profile reads a user's copy in this same layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List

import pandas as pd

from evalkit.data.tsv import check_keys, line_of, folder_meta, read_tsv_folder, write_tsv_folder
from evalkit.data.study import StudyData
from evalkit.errors import InputFormatError, PathLike


__all__ = ["QuestionnaireStudy", "read_questionnaire_study", "write_questionnaire_study", "SPECS"]

SPECS = {
    "stories": {"story": "str", "words": "int", "sentences": "int"},
    "summaries": {"story": "str", "author": "str", "summary": "text"},
    "questions": {
        "story": "str",
        "author": "str",
        "question": "int",
        "text": "str",
        "expected": "text",
    },
    "grades": {
        "story": "str",
        "summary_author": "str",
        "question_author": "str",
        "question": "int",
        "label": ("R", "P", "I", "N"),
        "answer": "text",
    },
}
_UNIQUE = {
    "stories": ("story",),
    "summaries": ("story", "author"),
    "questions": ("story", "author", "question"),
    "grades": ("story", "summary_author", "question_author", "question"),
}


@dataclass
class QuestionnaireStudy(StudyData):
    stories: pd.DataFrame
    summaries: pd.DataFrame
    questions: pd.DataFrame
    grades: pd.DataFrame
    meta: Dict[str, object] = field(default_factory=dict)


def read_questionnaire_study(folder: PathLike) -> QuestionnaireStudy:
    folder = Path(folder)
    f = read_tsv_folder(folder, SPECS, _UNIQUE)
    stories = {(s,) for s in f["stories"]["story"]}
    for name in ("summaries", "questions"):
        check_keys(f[name], ["story"], stories, "a story listed in stories.tsv")
    summaries = set(f["summaries"][["story", "author"]].itertuples(index=False, name=None))
    questions = set(
        f["questions"][["story", "author", "question"]].itertuples(index=False, name=None)
    )
    g = f["grades"]
    check_keys(g, ["story", "summary_author"], summaries, "a summary listed in summaries.tsv")
    check_keys(
        g, ["story", "question_author", "question"], questions, "a question listed in questions.tsv"
    )
    own = (g["summary_author"] == g["question_author"]).to_numpy().nonzero()[0]
    if len(own):
        raise InputFormatError(
            g.attrs["path"],
            line_of(g, int(own[0])),
            "a question author different from the summary author",
            found=g.iloc[int(own[0])]["summary_author"],
        )
    return QuestionnaireStudy(**f, meta=folder_meta(folder, SPECS))


def write_questionnaire_study(study: QuestionnaireStudy, folder: PathLike) -> List[Path]:
    return write_tsv_folder(study, folder, SPECS)
