"""environment.yml (conda) must install exactly the versions pinned in requirements/lock.txt."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[1]


def _lock():
    pins = {}
    for line in (REPO / "requirements" / "lock.txt").read_text().splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        match = re.fullmatch(r"([A-Za-z0-9_.\-\[\]]+)==([^\s;]+)", line)
        assert match, f"requirements/lock.txt: not an exact pin: {line!r}"
        pins[match.group(1).lower().replace("_", "-")] = match.group(2)
    return pins


def _env():
    env = yaml.safe_load((REPO / "environment.yml").read_text())
    deps = env["dependencies"]
    conda = [d for d in deps if isinstance(d, str)]
    pip = next(d["pip"] for d in deps if isinstance(d, dict) and "pip" in d)
    return conda, pip


def test_conda_part_is_python_311_and_pip():
    conda, _ = _env()
    assert "python=3.11" in conda
    assert "pip" in conda


def test_pip_part_equals_the_lock():
    _, pip = _env()
    pins = {}
    for entry in pip:
        if entry.startswith("-e"):
            continue
        name, version = entry.split("==")
        pins[name.lower().replace("_", "-")] = version
    assert pins == _lock()


def test_every_top_level_requirement_is_pinned():
    lock = _lock()
    names = []
    for line in (REPO / "requirements" / "requirements.in").read_text().splitlines():
        line = line.split("#")[0].strip()
        if line:
            names.append(re.split(r"[<>=!\[; ]", line)[0].lower().replace("_", "-"))
    missing = [n for n in names if n not in lock]
    assert not missing, f"not pinned in requirements/lock.txt: {missing}"


def test_pyproject_dependencies_are_pinned():
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    lock = _lock()
    names = list(project["dependencies"])
    for extra, deps in project["optional-dependencies"].items():
        names += [d for d in deps if not d.startswith("evalkit")]
    names = [re.split(r"[<>=!\[; ]", n)[0].lower().replace("_", "-") for n in names]
    assert sorted(n for n in names if n not in lock) == []


def test_direct_dependencies_are_used():
    # issue 26, item 9: a package pyproject.toml lists is imported by evalkit; seaborn was
    # pinned but imported nowhere (it stays in the lock file as pingouin's dependency)
    import re
    import tomllib

    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    listed = {re.split(r"[<>=\[ ]", d)[0].lower() for d in project["dependencies"]}
    sources = "\n".join(p.read_text() for p in (REPO / "evalkit").rglob("*.py"))
    imported = lambda name: re.search(rf"^\s*(import|from) {name}\b", sources, re.M)  # noqa: E731
    assert "seaborn" not in listed or imported("seaborn")
    assert "seaborn" in (REPO / "requirements" / "lock.txt").read_text()  # pingouin needs it
