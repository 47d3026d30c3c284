"""The course (notebooks/course/, issue 31): every lesson runs with its solutions on the sample
profile and every solution passes its check against the simulator's truth; every exercise
check rejects a wrong answer; the student copy has no solutions and still runs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evalkit.notebook import exercises as ex
from evalkit.notebook.params import validate_parameters
from evalkit.papers import course
from evalkit.papers.course.exercises import EXERCISES, sheet

from _notebook_smoke import REPO, assert_stripped, numbers, paper_vs_run, run_paper_notebooks

LESSONS = sorted(course.NOTEBOOKS)
FOLDER = REPO / "notebooks" / "course"


def _cells(path: Path) -> list:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _tags(cell) -> list:
    return cell.get("metadata", {}).get("tags", [])


def test_lessons_are_declared_stripped_and_have_two_to_four_exercises():
    assert sorted(p.stem for p in FOLDER.glob("*.ipynb")) == LESSONS == sorted(EXERCISES)
    assert len(LESSONS) == 8
    assert_stripped("course")
    for name in LESSONS:
        cells = _cells(FOLDER / f"{name}.ipynb")
        keys = [e.key for e in EXERCISES[name]]
        assert 2 <= len(keys) <= 4, name
        solutions = ["".join(c["source"]) for c in cells if "solution" in _tags(c)]
        students = ["".join(c["source"]) for c in cells if "exercise" in _tags(c)]
        checks = ["".join(c["source"]) for c in cells if 'sheet.check("' in "".join(c["source"])]
        # one student cell, one solution cell and one check per exercise
        assert [s.split(" =")[0] for s in students] == [f"answer_{k}" for k in keys], name
        assert len(solutions) == len(keys) and all(
            s.startswith("if params.solutions:") for s in solutions
        )
        assert [c.split('"')[1] for c in checks] == keys, name


@pytest.mark.parametrize("lesson", LESSONS)
def test_lesson_runs_with_solutions_and_every_check_agrees(lesson, tmp_path, monkeypatch):
    runs, out = run_paper_notebooks(
        "course", "sample", tmp_path, monkeypatch, only=[lesson], jobs=1
    )
    assert {n: r.status for n, r in runs.items()} == {lesson: "ok"}, runs[lesson].error
    claims = paper_vs_run(out, lesson)
    assert list(claims["claim_id"]) == [f"exercise_{e.key}" for e in EXERCISES[lesson]]
    assert set(claims["verdict"]) == {"agrees"}
    assert numbers(out, lesson)["exercises_right"] == len(EXERCISES[lesson])


def _quick_world(lesson: str, tmp_path: Path):
    params = validate_parameters(paper="course", notebook=lesson, quick=True, results_dir=tmp_path)
    return course.build(lesson, params)


@pytest.mark.parametrize("lesson", LESSONS)
def test_every_check_rejects_a_wrong_answer(lesson, tmp_path):
    world = _quick_world(lesson, tmp_path)
    strict = sheet(lesson, world, solutions=True)
    strict.display = False
    for exercise in EXERCISES[lesson]:
        truth = strict.expected(exercise.key)
        assert strict.check(exercise.key, truth).ok, (lesson, exercise.key)
        wrong = ex.wrong_answer(exercise, truth)
        with pytest.raises(ex.ExerciseFailed, match=f"exercise {exercise.key}"):
            strict.check(exercise.key, wrong)
        with pytest.raises(ex.ExerciseFailed):
            strict.check(exercise.key, None)  # unanswered fails too when solutions are required
        lenient = sheet(lesson, world, solutions=False)
        outcome = lenient.check(exercise.key, wrong)
        assert not outcome.ok and "not yet" in outcome.message and exercise.hint in outcome.message


def test_checks_by_kind():
    number = ex.Exercise("n", "q", "number", solve=lambda w: w, hint="h", tol=0.01)
    assert ex.is_right(number, 1.005, 1.0) and not ex.is_right(number, 1.02, 1.0)
    assert not ex.is_right(number, float("nan"), 1.0) and not ex.is_right(number, "x", 1.0)
    integer = ex.Exercise("i", "q", "integer", solve=lambda w: w, hint="h")
    assert ex.is_right(integer, 3.0, 3) and not ex.is_right(integer, 3.5, 3)
    flag = ex.Exercise("b", "q", "bool", solve=lambda w: w, hint="h")
    assert ex.is_right(flag, False, False) and not ex.is_right(flag, 0, False)
    pick = ex.Exercise("c", "q", "choice", solve=lambda w: w, hint="h", choices=("x", "y"))
    assert ex.is_right(pick, "y", "y") and ex.wrong_answer(pick, "x") == "y"
    many = ex.Exercise("s", "q", "set", solve=lambda w: w, hint="h", choices=("x", "y", "z"))
    assert ex.is_right(many, ["y", "x"], {"x", "y"}) and not ex.is_right(many, ["x"], {"x", "y"})
    assert ex.is_right(many, [], []) and not ex.is_right(many, ex.wrong_answer(many, []), [])
    with pytest.raises(Exception, match="kind"):
        ex.Exercise("k", "q", "essay", solve=lambda w: w, hint="h")


def test_strip_removes_solutions_and_keeps_the_rest(tmp_path):
    out = tmp_path / "student"
    assert ex.main(["strip", str(FOLDER), str(out)]) == 0
    assert sorted(p.stem for p in out.glob("*.ipynb")) == LESSONS
    assert (out / "README.md").read_text() == (FOLDER / "README.md").read_text()
    for name in LESSONS:
        teacher, student = _cells(FOLDER / f"{name}.ipynb"), _cells(out / f"{name}.ipynb")
        assert not [c for c in student if "solution" in _tags(c)]
        assert len(student) == len(teacher) - len(EXERCISES[name])
        params = "".join(next(c for c in student if "parameters" in _tags(c))["source"])
        assert "solutions = False" in params and "solutions = True" not in params
        assert all("if params.solutions:" not in "".join(c["source"]) for c in student)
        assert [c for c in student if "exercise" in _tags(c)]
    with pytest.raises(SystemExit):
        ex.main(["strip", str(FOLDER), str(FOLDER)])


def test_the_student_copy_runs_without_solutions(tmp_path, monkeypatch):
    """The stripped lesson runs; its exercises are unanswered (not comparable), not failed."""
    from evalkit.notebook import runner

    ex.strip_folder(FOLDER, tmp_path / "student" / "course")
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(
        profile="sample",
        only=["course/02_meta_evaluation"],
        quick=True,
        notebooks_dir=tmp_path / "student",
        results_dir=tmp_path / "results",
    )
    assert [r.status for r in runs] == ["ok"], runs[0].error
    out = tmp_path / "results" / "sample" / "course"
    assert set(paper_vs_run(out, "02_meta_evaluation")["verdict"]) == {"not comparable"}


def test_the_results_site_has_a_course_section(tmp_path):
    """The landing page lists the lessons in their own section, linking each rendered lesson
    (or the course page when a lesson has no HTML), and has no section without course runs."""
    from evalkit.notebook.site import build_site

    root = tmp_path / "sample"
    runs = []
    for i, name in enumerate(LESSONS[:2]):
        folder = root / "course" / name
        folder.mkdir(parents=True)
        if i == 0:
            (folder / f"{name}.html").write_text("<html></html>")
        runs.append(
            {
                "paper": "course",
                "notebook": name,
                "status": "ok",
                "files": [],
                "executed": str(folder / f"{name}.ipynb"),
                "error": None,
            }
        )
    (root / "summary.json").write_text(json.dumps({"notebooks": runs}))
    page = build_site(root, "sample", render=False).read_text()
    section = page[page.index("<h2>Course") :]
    assert f'href="course/{LESSONS[0]}/{LESSONS[0]}.html"' in section
    assert f'<a href="course/index.html">{LESSONS[1]}</a>' in section
    for href in ("course/index.html", f"course/{LESSONS[0]}/{LESSONS[0]}.html"):
        assert (root / href).is_file()
    (root / "summary.json").write_text(json.dumps({"notebooks": []}))
    assert "<h2>Course" not in build_site(root, "sample", render=False).read_text()
