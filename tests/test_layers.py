"""Module boundaries of the evalkit package, enforced on its source.

No module uses another module's private names: ``from evalkit.x import _name``,
``x._name`` on an imported evalkit module, and a private module (``evalkit/pkg/_mod.py``)
imported from outside its own package all fail. What two modules share is public.
"""

from __future__ import annotations

import ast
from pathlib import Path
from typing import List, Optional, Set, Tuple

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("evalkit", "benchmarks")

#: violations in modules the coordinator is rewriting on main (issue 11); each entry must
#: still occur (the test fails once it is gone, so the entry gets deleted with it)
PENDING: Set[Tuple[str, str]] = set()


def _private(part: str) -> bool:
    return part.startswith("_") and not (part.startswith("__") and part.endswith("__"))


def _module_of(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join(parts)


def _is_module(dotted: str) -> bool:
    base = ROOT.joinpath(*dotted.split("."))
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def _one_paper_package(target: str, module: str) -> bool:
    """Both in the same paper package ``evalkit.papers.<key>``: a paper split into modules by
    concern (README, "Contributing") keeps its private names private to the package."""
    t, m = target.split("."), module.split(".")
    return len(t) >= 3 and len(m) >= 3 and t[1] == "papers" and t[:3] == m[:3]


def private_uses(source: str, module: str, is_package: bool = False) -> List[Tuple[int, str]]:
    """(line, what) for every private name of another evalkit module that ``source`` (the
    text of ``module``) imports or reads."""
    tree = ast.parse(source)
    package = module if is_package else module.rpartition(".")[0]
    found: List[Tuple[int, str]] = []
    aliases = {}  # local name -> evalkit module it is bound to

    def module_check(target: str, line: int) -> None:
        parts = target.split(".")
        for i, part in enumerate(parts):
            if _private(part):
                owner = ".".join(parts[:i])  # the package that owns the private module
                if not (package == owner or package.startswith(owner + ".")):
                    found.append((line, target))
                return

    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target != "evalkit" and not target.startswith("evalkit."):
                continue
            module_check(target, node.lineno)
            for alias in node.names:
                if (
                    _private(alias.name)
                    and target != module
                    and not _one_paper_package(target, module)
                ):
                    found.append((node.lineno, f"{target}.{alias.name}"))
                elif _is_module(f"{target}.{alias.name}"):
                    aliases[alias.asname or alias.name] = f"{target}.{alias.name}"
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name == "evalkit" or alias.name.startswith("evalkit."):
                    module_check(alias.name, node.lineno)
                    if alias.asname:
                        aliases[alias.asname] = alias.name
                    else:
                        aliases["evalkit"] = "evalkit"
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and _private(node.attr):
            chain: List[str] = []
            value: Optional[ast.AST] = node.value
            while isinstance(value, ast.Attribute):
                chain.insert(0, value.attr)
                value = value.value
            if isinstance(value, ast.Name) and value.id in aliases:
                target = ".".join([aliases[value.id]] + chain)
                if (
                    _is_module(target)
                    and target != module
                    and not _one_paper_package(target, module)
                ):
                    found.append((node.lineno, f"{target}.{node.attr}"))
    return sorted(found)


def _violations() -> Set[Tuple[str, str]]:
    out = set()
    for top in SCANNED:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            for line, what in private_uses(
                path.read_text(encoding="utf-8"), _module_of(path), path.name == "__init__.py"
            ):
                out.add((rel, what, line))
    return out


def test_no_private_imports_across_modules():
    found = _violations()
    unexpected = sorted((f, w, line) for f, w, line in found if (f, w) not in PENDING)
    assert not unexpected, "private names used across modules (make them public):\n" + "\n".join(
        f"{f}:{line}: {w}" for f, w, line in unexpected
    )
    gone = PENDING - {(f, w) for f, w, _ in found}
    assert not gone, f"fixed, delete from PENDING (and any compatibility shim): {sorted(gone)}"


def test_private_use_checker_finds_every_form():
    src = "\n".join(
        [
            "from evalkit.metrics.bleu import _pair_counts",  # 1 private name
            "from evalkit.data import duc",
            "x = duc._read('f', 'utf-8')",  # 3 attribute of a module
            "import evalkit.data.duc as d",
            "y = d._NAME",  # 5 attribute via alias
            "from evalkit.stats._validation import check_int",  # 6 private module, other package
            "from evalkit.data._numbers import parse_number",  # 7 same package: allowed
            "from evalkit.metrics.ngrams import pair_counts",  # 8 public: allowed
            "z = duc.SUMMARY_NAME._private_attr_of_object",  # 9 an object's attribute: not a module's
            "from ._kernels import hit",  # 10 relative, same package: allowed
        ]
    )
    found = private_uses(src, "evalkit.data.example")
    assert [line for line, _ in found] == [1, 3, 5, 6]
    assert found[0][1] == "evalkit.metrics.bleu._pair_counts"
    assert found[1][1] == "evalkit.data.duc._read"
    assert found[3][1] == "evalkit.stats._validation"
    # a paper package's modules share its private names; another paper's are refused
    sibling = "from evalkit.papers.liu2005.recompute import _tables"
    assert private_uses(sibling, "evalkit.papers.liu2005.claims") == []
    assert private_uses(sibling, "evalkit.papers.lin2005") == [
        (1, "evalkit.papers.liu2005.recompute._tables")
    ]
