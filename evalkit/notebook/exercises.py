"""Self-checking exercises for teaching notebooks, and the student copy without solutions.

A lesson declares its exercises once (an :class:`Exercise` each: the question, the kind of
answer, a ``solve(world)`` that computes the right answer from the simulator's latent truth,
and a hint that says what to look at). In the notebook, three cells per exercise::

    answer_a = None  # your answer: ...                 (tag "exercise": the student's cell)
    if params.solutions:                                 (tag "solution": the teacher's answer,
        answer_a = st.level_correlation(...)[0]           removed from the student copy)
    sheet.check("a", answer_a)                           (right / not yet, and what to look at)

:class:`Sheet` compares the answer with ``solve(world)``: numbers within ``tol`` (absolute),
integers, booleans and choices exactly, sets as sets. It shows *right* or *not yet* with the
hint (never the expected value), records each outcome, and, when the notebook runs with
``solutions=True`` (what ``run_all.sh`` does), raises :class:`ExerciseFailed` if a solution
no longer passes its check, so a lesson whose solution drifted from its truth fails the run.
:meth:`Sheet.claims` turns the outcomes into the claims table every notebook ends with
(:mod:`evalkit.notebook.claims`: the truth's value as ``printed``, the answer as ``this_run``).

The student copy::

    python -m evalkit.notebook.exercises strip notebooks/course OUT

writes every notebook of ``notebooks/course`` to ``OUT`` without the cells tagged
``solution``, with ``solutions = False`` in its parameters cell and no outputs, and copies
the other files (the README). :func:`wrong_answer` builds a wrong answer of the right kind
for tests (every check must be able to fail).

>>> ex = Exercise("a", "2 + 2?", "integer", solve=lambda w: w + 2, hint="add")
>>> sheet = Sheet("demo", [ex], world=2, solutions=False, display=False)
>>> sheet.check("a", 4).ok, sheet.check("a", 5).ok
(True, False)
>>> is_right(ex, wrong_answer(ex, 4), 4)
False
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "KINDS",
    "Exercise",
    "Outcome",
    "Sheet",
    "ExerciseFailed",
    "is_right",
    "wrong_answer",
    "strip_notebook",
    "strip_folder",
    "main",
]

#: the kinds of answer a check compares
KINDS = ("number", "integer", "bool", "choice", "set")
SOLUTION_TAG = "solution"
EXERCISE_TAG = "exercise"


class ExerciseFailed(AssertionError):
    """A solution no longer passes its check (raised only when ``solutions=True``)."""


@dataclass(frozen=True)
class Exercise:
    """One exercise: ``key`` (``"a"``), the ``question``, the ``kind`` of answer (:data:`KINDS`),
    ``solve(world)`` -> the right answer computed from the truth, the ``hint`` shown on a wrong
    answer, ``tol`` (absolute, for numbers) and ``choices`` (for ``choice`` and ``set``)."""

    key: str
    question: str
    kind: str
    solve: Callable[[Any], Any]
    hint: str
    tol: float = 1e-6
    choices: Sequence[Any] = ()

    def __post_init__(self):
        if self.kind not in KINDS:
            raise ParameterError("kind", self.kind, f"one of {KINDS}")
        if self.kind in ("choice", "set") and not self.choices:
            raise ParameterError("choices", self.choices, f"the possible answers of a {self.kind}")


def _normal(ex: Exercise, value: Any) -> Any:
    """The answer in the kind's canonical form (None when it is not one)."""
    if value is None:
        return None
    try:
        if ex.kind == "number":
            out = float(value)
            return out if math.isfinite(out) else None
        if ex.kind == "integer":
            out = float(value)
            return int(out) if out.is_integer() else None
        if ex.kind == "bool":
            return bool(value) if isinstance(value, (bool, np.bool_)) else None
        if ex.kind == "set":
            items = [value] if isinstance(value, str) else list(value)
            return frozenset(str(v) for v in items)
        return str(value)
    except (TypeError, ValueError):
        return None


def is_right(ex: Exercise, answer: Any, expected: Any) -> bool:
    """Whether ``answer`` matches ``expected`` for the exercise's kind."""
    a, e = _normal(ex, answer), _normal(ex, expected)
    if a is None or e is None:
        return False
    if ex.kind == "number":
        return abs(a - e) <= ex.tol
    return a == e


def wrong_answer(ex: Exercise, expected: Any) -> Any:
    """A wrong answer of the right kind (for tests: every check must reject it)."""
    e = _normal(ex, expected)
    if ex.kind == "number":
        return e + max(10 * ex.tol, 0.1, abs(e))
    if ex.kind == "integer":
        return e + 1
    if ex.kind == "bool":
        return not e
    if ex.kind == "set":
        first = str(ex.choices[0])
        return sorted(e ^ {first})
    return next(str(c) for c in ex.choices if str(c) != e)


def _show(value: Any) -> str:
    if isinstance(value, (float, np.floating)):
        return f"{float(value):.4g}"
    if isinstance(value, (set, frozenset, list, tuple)):
        return "{" + ", ".join(sorted(str(v) for v in value)) + "}"
    return str(value)


@dataclass
class Outcome:
    """The check of one answer; shown as Markdown in a notebook."""

    lesson: str
    key: str
    question: str
    answer: Any
    expected: Any
    ok: bool
    hint: str

    @property
    def message(self) -> str:
        if self.ok:
            return f"**Exercise {self.key}: right.** Your answer {_show(self.answer)} matches the truth."
        if self.answer is None:
            return (
                f"**Exercise {self.key}: not answered yet.** {self.question} Look at: {self.hint}"
            )
        return (
            f"**Exercise {self.key}: not yet.** Your answer {_show(self.answer)} does not match "
            f"the truth. Look at: {self.hint}"
        )

    def _repr_markdown_(self) -> str:
        return self.message

    def __repr__(self) -> str:
        return self.message


@dataclass
class Sheet:
    """The exercises of one lesson checked against ``world`` (see the module docstring).

    ``solutions``: the notebook runs with the teacher's answers, and a failing check raises
    :class:`ExerciseFailed`. ``display``: show each outcome (IPython) when checked.
    """

    lesson: str
    exercises: Sequence[Exercise]
    world: Any
    solutions: bool = False
    display: bool = True
    outcomes: Dict[str, Outcome] = field(default_factory=dict)

    def exercise(self, key: str) -> Exercise:
        for ex in self.exercises:
            if ex.key == key:
                return ex
        raise ParameterError("key", key, f"one of {[e.key for e in self.exercises]}")

    def expected(self, key: str) -> Any:
        """The truth's answer to exercise ``key`` (for the teacher and for tests)."""
        return self.exercise(key).solve(self.world)

    def check(self, key: str, answer: Any) -> Outcome:
        ex = self.exercise(key)
        expected = ex.solve(self.world)
        ok = is_right(ex, answer, expected)
        outcome = Outcome(self.lesson, key, ex.question, answer, expected, ok, ex.hint)
        self.outcomes[key] = outcome
        if self.solutions and not ok:
            raise ExerciseFailed(
                f"{self.lesson}, exercise {key}: the solution {_show(answer)} no longer passes "
                f"its check (the truth says {_show(expected)}; {ex.question})"
            )
        return outcome

    def claims(self, data: str = "") -> pd.DataFrame:
        """The outcomes as claim rows (kind ``reproduced``): ``printed`` = the truth's answer,
        ``this_run`` = the answer given; an unanswered exercise is *not comparable*."""
        from evalkit.notebook.claims import Claims, fmt

        claims = Claims("course", data=data)
        for ex in self.exercises:
            got = self.outcomes.get(ex.key)
            expected = ex.solve(self.world) if got is None else got.expected
            answered = got is not None and got.answer is not None
            claims.add(
                f"exercise_{ex.key}",
                source=f"{self.lesson}, exercise {ex.key}",
                printed=_show(expected) if not isinstance(expected, float) else fmt(expected, 4),
                this_run=_show(got.answer) if answered else "-",
                agrees=got.ok if answered else None,
                note=("truth computed by the simulator; " + ex.question)
                if answered
                else "not answered",
            )
        return claims.frame()

    def summary(self) -> pd.DataFrame:
        return pd.DataFrame(
            [
                {"exercise": o.key, "right": o.ok, "answer": _show(o.answer)}
                for o in self.outcomes.values()
            ],
            columns=["exercise", "right", "answer"],
        )


# --------------------------------------------------------------------------- student copies
def _tags(cell: dict) -> List[str]:
    return list(cell.get("metadata", {}).get("tags", []))


def strip_notebook(notebook: dict) -> dict:
    """A student copy of a notebook (JSON dict): no ``solution`` cells, ``solutions = False``
    in the parameters cell, no outputs or execution counts."""
    cells = []
    for cell in notebook.get("cells", []):
        if SOLUTION_TAG in _tags(cell):
            continue
        cell = json.loads(json.dumps(cell))
        if cell["cell_type"] == "code":
            cell["outputs"], cell["execution_count"] = [], None
            if "parameters" in _tags(cell):
                source = "".join(cell["source"])
                lines = [
                    "solutions = False" + ln[len("solutions = True") :]
                    if ln.startswith("solutions = True")
                    else ln
                    for ln in source.split("\n")
                ]
                cell["source"] = "\n".join(lines)
        cells.append(cell)
    return dict(notebook, cells=cells)


def strip_folder(source: Path, target: Path) -> List[Path]:
    """Student copies of every notebook of ``source`` in ``target`` (created; other files are
    copied as they are); returns the notebooks written. Refuses ``target == source``."""
    source, target = Path(source), Path(target)
    if not source.is_dir():
        raise ParameterError("source", str(source), "a folder of notebooks")
    if target.resolve() == source.resolve():
        raise ParameterError("target", str(target), "a folder other than the source")
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for path in sorted(source.iterdir()):
        if path.suffix == ".ipynb":
            nb = json.loads(path.read_text(encoding="utf-8"))
            out = target / path.name
            out.write_text(json.dumps(strip_notebook(nb), indent=1) + "\n", encoding="utf-8")
            written.append(out)
        elif path.is_file():
            shutil.copy2(path, target / path.name)
    return written


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m evalkit.notebook.exercises",
        description="Student copies of teaching notebooks (solutions removed).",
    )
    sub = parser.add_subparsers(dest="command", required=True)
    strip = sub.add_parser("strip", help="copy SOURCE's notebooks to TARGET without solutions")
    strip.add_argument("source", type=Path)
    strip.add_argument("target", type=Path)
    args = parser.parse_args(argv)
    try:
        written = strip_folder(args.source, args.target)
    except ParameterError as exc:
        parser.error(str(exc))
    print(f"{len(written)} student notebooks in {args.target}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
