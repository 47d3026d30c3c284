"""The rules of the paper layer (README "Contributing", notebooks/README.md), enforced.

Each test fails when a rule is broken: import layers without back-edges; no file reading,
environment variables or plotting in paper modules; no general metric, reader, statistic
or figure defined in a paper module and no paper using another paper's code;
notebooks thin (no ``def``, no code cell over 25 lines); printed numbers only in
``data/published``; every paper module declares its notebooks' parameters; docstring
examples run.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import json
import pkgutil
import re
import types
from pathlib import Path

import pytest

import evalkit

ROOT = Path(evalkit.__file__).resolve().parent
REPO = ROOT.parent
NOTEBOOKS = REPO / "notebooks"
PUBLISHED = REPO / "data" / "published"

#: Lower layers may not import higher ones. Same rank: may import each other.
RANKS = {
    "errors": 0,
    "atomic": 0,
    "config": 0,
    "inputs": 0,
    "input_numbers": 0,
    "__init__": 0,
    "__main__": 7,
    "text": 1,
    "metrics": 2,
    "stats": 2,
    "data": 3,
    "notebook": 4,
    "papers": 5,
    "cli": 6,
}


def _modules():
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT)
        yield path, rel


def _layer(rel: Path) -> str:
    return rel.parts[0][:-3] if len(rel.parts) == 1 else rel.parts[0]


def _imports(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.lineno, node.module, [a.name for a in node.names]
        elif isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, []


def _target_layer(module: str):
    parts = module.split(".")
    if parts[0] != "evalkit" or len(parts) < 2:
        return None
    return parts[1]


def test_import_layers_have_no_back_edges():
    bad = []
    for path, rel in _modules():
        own = _layer(rel)
        if own not in RANKS:
            bad.append(f"{rel}: unknown layer {own!r} (add it to RANKS)")
            continue
        for line, module, _names in _imports(path):
            target = _target_layer(module)
            if target is None or target == own:
                continue
            if target not in RANKS:
                bad.append(f"{rel}:{line} imports unknown layer {module}")
            elif RANKS[target] > RANKS[own]:
                bad.append(
                    f"{rel}:{line}: {own} (rank {RANKS[own]}) imports {module} (rank {RANKS[target]})"
                )
    assert not bad, "import back-edges:\n" + "\n".join(bad)


def _paper_modules():
    """Every file of the paper layer: single-module papers and each file of a paper package
    (its ``__init__`` too), not ``papers/__init__.py``."""
    return sorted(
        p for p in (ROOT / "papers").rglob("*.py") if p != ROOT / "papers" / "__init__.py"
    )


def test_paper_modules_read_no_files_environment_or_plots():
    bad = []
    for path in _paper_modules():
        text = path.read_text(encoding="utf-8")
        tree = ast.parse(text)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id == "open"
            ):
                bad.append(f"{path.name}:{node.lineno}: open()")
            if isinstance(node, ast.Attribute) and node.attr in (
                "environ",
                "getenv",
                "read_text",
                "read_bytes",
            ):
                bad.append(f"{path.name}:{node.lineno}: .{node.attr}")
        for line, module, names in _imports(path):
            if (
                module.split(".")[0] in ("matplotlib", "seaborn")
                or module == "os"
                or "environ" in names
            ):
                bad.append(f"{path.name}:{line}: imports {module}")
    assert not bad, "\n".join(bad)


def _paper_key(path: Path) -> str:
    """The paper a module of ``evalkit/papers`` belongs to: ``graham2015_claims.py`` and
    ``papers/graham2015/claims.py`` both belong to ``graham2015``."""
    rel = path.relative_to(ROOT / "papers")
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem.split("_")[0]


def _all_paper_modules():
    return _paper_modules()


#: Names of definitions that belong to a lower layer: readers and writers of files
#: (``evalkit.data``), figures (``evalkit.notebook.plots``), general statistics
#: (``evalkit.stats``). ``load_*`` is allowed: a paper's loader asks the data layer for
#: its data set by key and profile.
_GENERAL = (
    ("read_", "a reader (evalkit.data)"),
    ("write_", "a writer (evalkit.data)"),
    ("plot_", "a figure (evalkit.notebook.plots)"),
    ("draw_", "a figure (evalkit.notebook.plots)"),
    ("pearson", "a statistic (evalkit.stats)"),
    ("spearman", "a statistic (evalkit.stats)"),
    ("kendall", "a statistic (evalkit.stats)"),
    ("williams", "a statistic (evalkit.stats)"),
    ("bootstrap", "a statistic (evalkit.stats)"),
    ("permutation", "a statistic (evalkit.stats)"),
)


def test_paper_modules_define_no_general_metric_reader_statistic_or_plot():
    """The intent of the old 400-line cap: a paper module holds only what that paper
    defines. A metric class, a reader or writer, a figure or a general statistic defined in
    ``evalkit/papers`` belongs in ``metrics``, ``data``, ``notebook.plots`` or ``stats``."""
    bad = []
    for path in _all_paper_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.ClassDef):
                bases = {getattr(b, "id", getattr(b, "attr", "")) for b in node.bases}
                if bases & {"Metric", "NgramMetric"}:
                    bad.append(f"{path.name}:{node.lineno}: metric class {node.name}")
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                name = node.name.lstrip("_").lower()
                for prefix, what in _GENERAL:
                    if name.startswith(prefix):
                        bad.append(f"{path.name}:{node.lineno}: {node.name} is {what}")
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and getattr(
                node.func, "id", getattr(node.func, "attr", "")
            ) in ("register_metric",):
                bad.append(f"{path.name}:{node.lineno}: registers a metric")
    assert not bad, "general definitions in paper modules:\n" + "\n".join(bad)


def test_a_paper_uses_no_other_papers_code():
    """A function two papers use lives below the paper layer: a paper module imports only
    its own paper's modules from ``evalkit.papers``."""
    bad = []
    for path in _all_paper_modules():
        own = _paper_key(path)
        for line, module, _names in _imports(path):
            parts = module.split(".")
            if parts[:2] == ["evalkit", "papers"] and len(parts) > 2:
                other = parts[2].split("_")[0]
                if other != own:
                    bad.append(f"{path.name}:{line}: imports {module}")
    assert not bad, "paper modules importing another paper:\n" + "\n".join(bad)


def test_no_function_is_copied_between_papers():
    """The same function body in two papers' modules is a function two papers use: it
    belongs below. Bodies are compared as syntax trees (names, values and layout kept)."""
    seen: dict = {}
    bad = []
    for path in _all_paper_modules():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                body = node.body
                if (
                    body
                    and isinstance(body[0], ast.Expr)
                    and isinstance(getattr(body[0], "value", None), ast.Constant)
                ):
                    body = body[1:]  # the docstring may differ
                if sum(len(ast.unparse(b).splitlines()) for b in body) < 6:
                    continue
                key = ast.dump(ast.Module(body=body, type_ignores=[]))
                where = (_paper_key(path), f"{path.name}:{node.lineno} {node.name}")
                if key in seen and seen[key][0] != where[0]:
                    bad.append(f"{seen[key][1]} == {where[1]}")
                seen.setdefault(key, where)
    assert not bad, "functions copied between papers:\n" + "\n".join(bad)


def _registered_metric_objects():
    """Every concrete Metric subclass and registered builder of evalkit.metrics."""
    from evalkit.metrics.base import Metric
    from evalkit.metrics.registry import BUILTIN

    objects = set()
    for target in BUILTIN.values():
        module, attr = target.split(":")
        objects.add(getattr(importlib.import_module(module), attr))
    for info in pkgutil.iter_modules(importlib.import_module("evalkit.metrics").__path__):
        module = importlib.import_module(f"evalkit.metrics.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Metric)
                and not inspect.isabstract(value)  # a base class, e.g. for isinstance
            ):
                objects.add(value)
    return objects


def test_papers_get_registered_metrics_by_name():
    """A paper gets every registered metric through ``get_metric(name, **options)`` (README,
    "Contributing"): it imports no Metric subclass and no registered builder, directly or as
    an attribute of an imported metrics module, so every score a paper reports carries the
    registry's name and signature. Building blocks that are not metrics (tables, pyramid
    scoring, head-word chains) and ROUGE-1.5.5's multi-model engine ``Rouge`` may be
    imported."""
    forbidden = {id(obj) for obj in _registered_metric_objects()}
    bad = []
    for path, rel in _modules():
        if _layer(rel) != "papers":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        modules = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith(
                "evalkit.metrics"
            ):
                source = importlib.import_module(node.module)
                for alias in node.names:
                    value = getattr(source, alias.name, None)
                    if value is None:
                        value = importlib.import_module(f"{node.module}.{alias.name}")
                    if isinstance(value, types.ModuleType):
                        modules[alias.asname or alias.name] = value
                    elif id(value) in forbidden:
                        bad.append(f"{rel}:{node.lineno}: imports {alias.name}; use get_metric")
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id in modules
                and id(getattr(modules[node.value.id], node.attr, None)) in forbidden
            ):
                bad.append(f"{rel}:{node.lineno}: uses {node.value.id}.{node.attr}; use get_metric")
    assert not bad, "\n".join(bad)


#: a paper module longer than this (ruff-formatted lines) is a package papers/<key>/
PAPER_MODULE_LINES = 400


def test_a_large_paper_is_a_package_of_concerns():
    """Issue 30 item 1: a paper that needs more than one screen of declarations is a package
    ``papers/<key>/`` whose modules are split by concern (``spec``, ``recompute``,
    ``experiments``, ``claims``...), each under the same size, never a denser file (ruff
    format forbids packing); its ``__init__`` re-exports what the notebooks use."""
    bad = []
    for path, rel in _modules():
        if _layer(rel) != "papers" or path.name == "__init__.py" and len(rel.parts) == 2:
            continue
        lines = len(path.read_text(encoding="utf-8").splitlines())
        if lines > PAPER_MODULE_LINES:
            what = "split it by concern" if len(rel.parts) > 2 else "make it a package"
            bad.append(f"{rel}: {lines} lines; {what}")
    assert not bad, "\n".join(bad)


def _public_definitions(path: Path) -> set:
    """The public functions, classes and constants a module defines at its top level."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {t.id for t in targets if isinstance(t, ast.Name)}
    return {n for n in names if not n.startswith("_")}


def test_a_paper_package_states_each_public_name_once():
    """A paper package's ``__init__`` star-imports the modules whose names it re-exports; each
    of them lists every public name it defines in its ``__all__``, once in the package, and
    the package's ``__all__`` holds them all."""
    bad = []
    for init in sorted((ROOT / "papers").glob("*/__init__.py")):
        key = init.parent.name
        package = importlib.import_module(f"evalkit.papers.{key}")
        seen = {}
        for node in ast.parse(init.read_text(encoding="utf-8")).body:
            if not (isinstance(node, ast.ImportFrom) and node.level == 1 and node.module):
                continue
            if [a.name for a in node.names] != ["*"]:
                bad.append(f"papers/{key}: names imported from .{node.module} (import *)")
                continue
            module = importlib.import_module(f"evalkit.papers.{key}.{node.module}")
            listed = list(getattr(module, "__all__", []))
            missing = _public_definitions(ROOT / "papers" / key / f"{node.module}.py")
            missing -= set(listed)
            if missing:
                bad.append(f"papers/{key}/{node.module}.py: not in __all__: {sorted(missing)}")
            for name in listed:
                if name in seen:
                    bad.append(f"papers/{key}: {name} in {seen[name]} and {node.module}")
                seen[name] = node.module
        unexported = sorted(set(seen) - set(package.__all__))
        if unexported:
            bad.append(f"papers/{key}: not in the package's __all__: {unexported}")
    assert not bad, "\n".join(bad)


def test_every_paper_module_declares_its_notebooks():
    from evalkit.notebook.params import Parameter

    problems = []
    for folder in sorted(p for p in NOTEBOOKS.iterdir() if p.is_dir()):
        try:
            module = importlib.import_module(f"evalkit.papers.{folder.name}")
        except ModuleNotFoundError:
            problems.append(f"{folder.name}: no module evalkit/papers/{folder.name}.py")
            continue
        declared = getattr(module, "NOTEBOOKS", None)
        if not isinstance(declared, dict):
            problems.append(f"{folder.name}: no NOTEBOOKS declaration")
            continue
        stems = {p.stem for p in folder.glob("*.ipynb")}
        if set(declared) != stems:
            problems.append(
                f"{folder.name}: declared {sorted(declared)} but notebooks {sorted(stems)}"
            )
        for name, params in declared.items():
            if not all(isinstance(p, Parameter) for p in params):
                problems.append(f"{folder.name}/{name}: entries must be Parameter")
    assert not problems, "\n".join(problems)


def _code_cells(path: Path):
    nb = json.loads(path.read_text(encoding="utf-8"))
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] == "code":
            yield i, cell, "".join(cell["source"])


def _notebooks():
    return sorted(NOTEBOOKS.glob("*/*.ipynb"))


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebooks_are_thin(path):
    bad = []
    for i, _cell, source in _code_cells(path):
        tree = ast.parse(source)
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)):
                bad.append(f"cell {i}: defines a function or class (line {node.lineno})")
        lines = [ln for ln in source.splitlines() if ln.strip()]
        if len(lines) > 25:
            bad.append(f"cell {i}: {len(lines)} lines (at most 25)")
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("path", _notebooks(), ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_notebook_parameters_match_the_declaration(path):
    """The parameters cell names exactly the common knobs and the declared parameters, with
    the declared defaults, and setup() passes them all."""
    from evalkit.notebook.params import COMMON, declared_parameters

    cells = list(_code_cells(path))
    tagged = [(i, s) for i, c, s in cells if "parameters" in c.get("metadata", {}).get("tags", [])]
    assert len(tagged) == 1, "exactly one parameters cell"
    values = {}
    for node in ast.parse(tagged[0][1]).body:
        assert isinstance(node, ast.Assign) and len(node.targets) == 1, (
            "parameters cell: plain assignments only"
        )
        values[node.targets[0].id] = ast.literal_eval(node.value)
    declared = {p.name: p for p in declared_parameters(path.parent.name, path.stem)}
    assert set(values) - set(COMMON) == set(declared), "parameters cell vs declaration"
    for name, p in declared.items():
        assert p.validate(values[name]) == p.validate(p.default), f"default of {name}"
    passed = set()
    for _i, _c, source in cells:
        for node in ast.walk(ast.parse(source)):
            if (
                isinstance(node, ast.Call)
                and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"
            ):
                passed |= {k.arg for k in node.keywords}
    assert set(values) <= passed, f"not passed to setup(): {sorted(set(values) - passed)}"


def _decimals(text: str) -> int:
    return len(text.split(".")[1]) if "." in text else 0


def _published_numbers(paper: str, decimals: int = 3):
    """Numbers with at least ``decimals`` decimals printed in the paper's tables (``0.786``,
    ``.015``, ``.9954``): values a notebook would be tempted to type."""
    from evalkit.data.published import list_published, read_published

    found = set()
    if not (PUBLISHED / paper).is_dir():
        return found
    for table in list_published(paper):
        frame = read_published(paper, table, dtypes={})
        for col in frame.columns:
            for value in frame[col]:
                if (
                    isinstance(value, float)
                    and value == value
                    and not float(value).is_integer()
                    and _decimals(repr(value)) >= decimals
                ):
                    found.add(round(value, 9))
    return found


#: Significance levels a claim's text names as the test's setting, not as a printed result.
_LEVELS = {0.05, 0.01, 0.001}
_TEXT_NUMBER = re.compile(r"(?<![\w.])(\d*\.\d{2,})(?![\w.])")


def _text_numbers(source: str):
    """Numbers with at least two decimals written inside the string literals of ``source``
    (claim text such as ``printed="... (0.47 vs 0.39)"``), docstrings left out: a docstring
    may quote the paper, a row's text shows the printed value to the reader and must read
    it from ``data/published``."""
    tree = ast.parse(source)
    docstrings = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in docstrings:
                continue
            for m in _TEXT_NUMBER.finditer(node.value):
                if float(m.group(1)) not in _LEVELS:
                    yield node.lineno, m.group(1), float(m.group(1))


def _number_literals(source: str, skip_calls=("Parameter", "P")):
    """Numeric literals of ``source`` with at least three decimals, outside the arguments of
    parameter declarations (a declared default mirrors the paper's setting, not a result)."""
    tree = ast.parse(source)
    skipped = set()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and getattr(node.func, "id", getattr(node.func, "attr", "")) in skip_calls
        ):
            skipped |= {id(n) for n in ast.walk(node)}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, float)
            and id(node) not in skipped
        ):
            text = ast.get_source_segment(source, node) or repr(node.value)
            if _decimals(text) >= 3:
                yield node.lineno, text, node.value


_LINE_REFERENCE = re.compile(r"[\w/]+\.py:\d+")


def test_claim_notes_name_code_without_line_numbers():
    """A claim's note that points at the simulator or a module names the file and the
    function or table (``corpora.py's _TAC_REALISM``), never a line number: lines move with
    every edit, and a stale reference in a verdict's note misleads its reader."""
    found = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in sorted((ROOT / "papers").rglob("*.py"))
        for m in _LINE_REFERENCE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found, found
    assert _LINE_REFERENCE.search("see simulate/extrinsic.py:85-93")  # the rule can fail


def test_printed_numbers_are_not_typed_in_code_or_notebooks():
    bad = []
    papers = sorted({_paper_key(p) for p in _paper_modules()})
    for paper in papers:
        printed = _published_numbers(paper)
        sources = [
            (str(p.relative_to(ROOT)), p.read_text(encoding="utf-8"))
            for p in _paper_modules()
            if _paper_key(p) == paper
        ]
        for nb in sorted((NOTEBOOKS / paper).glob("*.ipynb")):
            sources += [
                (f"{nb.name} cell {i}", s)
                for i, c, s in _code_cells(nb)
                if "parameters" not in c.get("metadata", {}).get("tags", [])
            ]
        in_text = _published_numbers(paper, decimals=2)
        for where, text in sources:
            for line, literal, value in _number_literals(text):
                if round(value, 9) in printed:
                    bad.append(
                        f"{where}:{line}: literal {literal} is a printed number; read it from data/published"
                    )
            for line, literal, value in _text_numbers(text):
                if round(value, 9) in in_text:
                    bad.append(
                        f"{where}:{line}: {literal} in a string is a printed number; format it "
                        "from data/published"
                    )
    assert not bad, "\n".join(bad)


def test_the_printed_number_rule_can_fail():
    assert list(_number_literals("x = 0.786\ny = Parameter('a', float, default=0.786)\n")) == [
        (1, "0.786", 0.786)
    ]
    source = '"""Quotes 0.47."""\nc.row(printed="set better (0.47 vs .39)", note="p < 0.05")\n'
    assert list(_text_numbers(source)) == [(2, "0.47", 0.47), (2, ".39", 0.39)]


def _all_module_names():
    for info in pkgutil.walk_packages(evalkit.__path__, "evalkit."):
        if info.name.endswith("__main__"):
            continue
        yield info.name


@pytest.mark.parametrize("name", sorted(_all_module_names()))
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    for test in finder.find(module, name):
        if test.examples and test.filename and Path(test.filename).resolve().is_relative_to(ROOT):
            runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
