"""Sphinx configuration of the evalkit documentation (built by ``scripts/docs.sh`` into
``docs/_build/html``; offline: the built-in ``alabaster`` theme ships its assets, no CDN).

The API pages are generated here, at configuration time, from the package itself: one page per
module of the public layers (metrics, stats, data, text, notebook), each rendered by autodoc
from the module's docstring (formula, reference, range, layout) and its members' docstrings
(numpy style, read by napoleon)."""

from __future__ import annotations

import importlib
import pkgutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

project = "evalkit"
author = "the evalkit authors"
extensions = ["sphinx.ext.autodoc", "sphinx.ext.napoleon", "sphinx.ext.mathjax", "myst_parser"]
# mathjax would load from a CDN: formulas are shown as their TeX source instead (offline)
extensions.remove("sphinx.ext.mathjax")
source_suffix = {".rst": "restructuredtext", ".md": "markdown"}
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_static_path: list = []
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
napoleon_numpy_docstring = True
napoleon_google_docstring = False
# numpydoc "Attributes" sections as :ivar: fields, not object descriptions: a class that
# documents an attribute both there and with a #: comment (Metric.scale) would otherwise
# describe it twice (a warning, so an error in this build)
napoleon_use_ivar = True
myst_heading_anchors = 3
# The docstrings are plain text with formulas (|r| is an absolute value, not a reST substitution;
# aligned tables are not reST grid tables): docutils' markup complaints about them (33 at the time
# of writing) and 4 ambiguous Python cross-references are not errors. Everything else is (-W).
suppress_warnings = ["docutils", "ref.python"]

LAYERS = {
    "metrics": "Metrics: every metric of the registry, with its formula and reference.",
    "stats": "Statistics: meta-evaluation statistics, significance tests and resampling.",
    "data": "Data: readers and writers of DUC/TAC/TIDES-NIST formats, data sets by key and profile.",
    "text": "Text: tokenizers, sentence splitting, stemming and parsing.",
    "notebook": "Notebook model: parameters, claims, outputs, the runner and the results site.",
}


def _modules(package: str) -> list:
    pkg = importlib.import_module(package)
    names = [package]
    for info in pkgutil.walk_packages(pkg.__path__, prefix=package + "."):
        if info.name.rsplit(".", 1)[-1].startswith("_"):
            continue
        names.append(info.name)
    return sorted(names)


def _write_api_pages() -> None:
    api = HERE / "api"
    api.mkdir(exist_ok=True)
    toc = []
    for layer, blurb in LAYERS.items():
        modules = _modules(f"evalkit.{layer}")
        lines = [
            f"evalkit.{layer}",
            "=" * (len(layer) + 8),
            "",
            blurb,
            "",
            ".. contents:: Modules",
            "   :local:",
            "   :depth: 1",
            "",
        ]
        for name in modules:
            lines += [name, "-" * len(name), "", f".. automodule:: {name}"]
            # a package re-exports its modules' names: those are documented (and indexed) there
            lines += ["   :no-index:", ""] if name == modules[0] else [""]
        text = "\n".join(lines) + "\n"
        page = api / f"{layer}.rst"
        if not page.is_file() or page.read_text() != text:
            page.write_text(text)
        toc.append(f"   {layer}")
    index = (
        "API reference\n=============\n\n.. toctree::\n   :maxdepth: 1\n\n" + "\n".join(toc) + "\n"
    )
    if not (api / "index.rst").is_file() or (api / "index.rst").read_text() != index:
        (api / "index.rst").write_text(index)


_write_api_pages()
