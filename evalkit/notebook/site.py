"""The results site of one profile: a landing page with the reproduction scorecard, one page
per paper, and every executed notebook rendered to HTML beside its ``.ipynb``.

Built by the runner after a run (``results/<profile>/index.html``) from what the run wrote:
``summary.json`` (status and files of every notebook), each notebook's ``results.json``
(key numbers, the claims' verdict counts, what kind of result it is, provenance) and its
claims table ``paper_vs_run.csv`` (:mod:`evalkit.notebook.claims`). Every page is a plain,
self-contained HTML file: inline CSS, no script, no CDN, links relative, so the folder reads
from disk without a server. Notebooks are rendered with nbconvert's ``basic`` template (no
external resources) inside the same page frame.

Scorecard columns per paper: notebooks ok / failed / skipped; printed numbers *recomputed
exactly* (claims of kind ``recomputed`` that agree, of all such); the paper's statements on
this run's data that *agree*, *differ*, are *not comparable*, and known *errata*.
"""

from __future__ import annotations

import html
import json
import os
from pathlib import Path
from typing import Dict, List, Optional

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.notebook.intro import introduction, paragraph

__all__ = ["build_site", "render_notebook", "scorecard"]

VERDICT_CLASS = {
    "agrees": "agrees",
    "differs": "differs",
    "not comparable": "nc",
    "erratum": "erratum",
}
KIND_TEXT = {
    "none": "recomputed exactly from printed numbers (no data)",
    "sample": "the method applied to simulated data (sample profile): printed values are not comparable",
    "public": "the method applied to openly licensed stand-in data: printed values are not comparable",
    "licensed": "regenerated from the paper's own data (licensed profile)",
}
CSS = """body{font-family:system-ui,sans-serif;margin:2em auto;max-width:1200px;padding:0 1em;color:#222}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:3px 7px;vertical-align:top;
font-size:.9em}th{background:#f3f3f3}tr.agrees td.v{background:#dfd}tr.differs td.v{background:#fdd}
tr.nc td.v{background:#eee}tr.erratum td.v{background:#ffd}.ok{color:#070}.failed{color:#b00}
.skipped{color:#777}img{max-width:100%;border:1px solid #eee}.note{background:#f6f6ff;padding:.5em 1em;
border-left:4px solid #88c}code,pre{background:#f6f6f6}nav a{margin-right:1em}"""


def _page(title: str, body: str, up: str = "") -> str:
    nav = f'<nav><a href="{up}index.html">all papers</a></nav>' if up else ""
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>'
        f"<style>{CSS}</style></head><body>{nav}\n{body}\n</body></html>\n"
    )


def _read_json(path: Path) -> Optional[dict]:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _claims(folder: Path) -> Optional[pd.DataFrame]:
    path = folder / "paper_vs_run.csv"
    if not path.is_file():
        return None
    try:
        frame = pd.read_csv(path, dtype=str, keep_default_na=False)
    except (OSError, ValueError, pd.errors.ParserError):
        return None
    return frame if "verdict" in frame.columns else None


def render_notebook(executed: Path) -> Optional[Path]:
    """The executed notebook as ``<name>.html`` beside it (nbconvert, ``basic`` template inside
    the site's frame: no script, no CDN). Returns the path, or None when it cannot be read."""
    try:
        import nbformat
        from nbconvert import HTMLExporter

        nb = nbformat.read(str(executed), as_version=4)
        body, _ = HTMLExporter(template_name="basic").from_notebook_node(nb)
    except Exception:  # noqa: BLE001 - an unreadable notebook is reported by the runner already
        return None
    out = executed.with_suffix(".html")
    atomic_write_text(out, _page(executed.stem, body, up="../../"))
    return out


def scorecard(summary: dict, root: Path) -> pd.DataFrame:
    """One row per paper: notebooks by status and the claims' verdicts by kind (see module)."""
    rows: Dict[str, dict] = {}
    for run in summary.get("notebooks", []):
        row = rows.setdefault(
            run["paper"],
            {
                "paper": run["paper"],
                "ok": 0,
                "failed": 0,
                "skipped": 0,
                "recomputed_exactly": 0,
                "recomputed_total": 0,
                "agrees": 0,
                "differs": 0,
                "not comparable": 0,
                "erratum": 0,
            },
        )
        row[run["status"]] = row.get(run["status"], 0) + 1
        frame = _claims(root / run["paper"] / run["notebook"]) if run["status"] == "ok" else None
        if frame is None:
            continue
        rec = frame[frame["kind"] == "recomputed"]
        row["recomputed_total"] += int(
            ((rec["verdict"] == "agrees") | (rec["verdict"] == "differs")).sum()
        )
        row["recomputed_exactly"] += int((rec["verdict"] == "agrees").sum())
        row["erratum"] += int((frame["verdict"] == "erratum").sum())
        rest = frame[frame["kind"] != "recomputed"]
        for verdict in ("agrees", "differs", "not comparable"):
            row[verdict] += int((rest["verdict"] == verdict).sum())
    return pd.DataFrame(list(rows.values()))


def _claims_table(frame: pd.DataFrame) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in frame.columns)
    body = []
    for rec in frame.to_dict("records"):
        cells = "".join(
            f"<td{' class=v' if c == 'verdict' else ''}>{html.escape(str(v))}</td>"
            for c, v in rec.items()
        )
        body.append(f'<tr class="{VERDICT_CLASS.get(rec.get("verdict"), "")}">{cells}</tr>')
    return f"<table><tr>{head}</tr>{''.join(body)}</table>"


def _href(root: Path, paper: str, run: dict, name: str) -> str:
    """Link from ``<paper>/index.html`` to one of a run's files: the runner records them relative
    to the profile's results folder (``<paper>/<notebook>/<file>``); a bare file name is taken
    to be in the notebook's folder."""
    path = root / name if "/" in name else root / paper / run["notebook"] / name
    return html.escape(os.path.relpath(path, root / paper).replace(os.sep, "/"))


def _paper_page(paper: str, runs: List[dict], root: Path, profile: str) -> str:
    parts = [
        f"<h1>{html.escape(paper)} <small>(profile <code>{html.escape(profile)}</code>)</small></h1>"
    ]
    for run in runs:
        folder = root / paper / run["notebook"]
        executed = Path(run["executed"])
        first = introduction(_read_json(executed) or {})
        record = _read_json(folder / "results.json") or {}
        numbers = record.get("numbers", {})
        parts.append(
            f'<h2 id="{html.escape(run["notebook"])}">{html.escape(run["notebook"])} '
            f'<span class="{run["status"]}">{run["status"]}</span></h2>'
        )
        question = paragraph(first, "Question")
        if question:
            parts.append(f"<p><b>Question.</b> {html.escape(question)}</p>")
        stand = paragraph(first, "Data")
        kind = numbers.get("result_kind")
        if kind:
            parts.append(
                f'<p class="note"><b>What this is:</b> {html.escape(KIND_TEXT.get(kind, kind))}.'
                + (f" <b>Data:</b> {html.escape(stand)}" if stand else "")
                + "</p>"
            )
        rel = os.path.relpath(executed, root / paper)
        links = [f'<a href="{html.escape(rel)}">executed notebook (.ipynb)</a>']
        if executed.with_suffix(".html").is_file():
            links.append(
                f'<a href="{html.escape(os.path.relpath(executed.with_suffix(".html"), root / paper))}">'
                "rendered notebook</a>"
            )
        links += [
            f'<a href="{_href(root, paper, run, f)}">{html.escape(Path(f).name)}</a>'
            for f in sorted(run.get("files", []))
            if f.endswith(".csv")
        ]
        parts.append("<p>" + " · ".join(links) + "</p>")
        if run.get("error"):
            parts.append(f"<pre>{html.escape(run['error'])}</pre>")
        for f in sorted(run.get("files", [])):
            if f.endswith(".png"):
                parts.append(
                    f'<p><img src="{_href(root, paper, run, f)}" '
                    f'alt="{html.escape(run["notebook"])} {html.escape(Path(f).name)}"></p>'
                )
        frame = _claims(folder)
        if frame is not None:
            parts.append("<h3>Paper vs. this run</h3>" + _claims_table(frame))
        prov = record.get("provenance", {})
        if prov:
            parts.append(
                "<details><summary>Provenance (versions, git revision, data, parameters)</summary><pre>"
                + html.escape(json.dumps(prov, indent=1, sort_keys=True))
                + "</pre></details>"
            )
    return _page(f"evalkit: {paper} ({profile})", "\n".join(parts), up="../")


COURSE = "course"  # notebooks/course/: the lessons, listed in their own section


def course_section(runs: List[dict], root: Path) -> str:
    """The landing page's course section: one link per lesson (its rendered notebook when
    there is one, else the course page) with its status; empty without course runs."""
    items = []
    for run in runs:
        page = Path(run["executed"]).with_suffix(".html")
        target = page if page.is_file() else root / COURSE / "index.html"
        href = html.escape(os.path.relpath(target, root).replace(os.sep, "/"))
        status = html.escape(run["status"])
        items.append(
            f'<li><a href="{href}">{html.escape(run["notebook"])}</a> '
            f'<span class="{status}">{status}</span></li>'
        )
    if not items:
        return ""
    return (
        "<h2>Course: evaluating evaluation metrics</h2><p>Lessons that measure each method "
        "against the simulator's known truth; every exercise's solution is checked "
        f'(<a href="{COURSE}/index.html">all lessons</a>).</p><ul>' + "".join(items) + "</ul>"
    )


def build_site(results_root: Path, profile: str, render: bool = True) -> Path:
    """Write the landing page ``index.html`` (scorecard), one ``<paper>/index.html`` per paper
    and, with ``render``, each executed notebook as HTML; returns the landing page."""
    root = Path(results_root)
    summary = _read_json(root / "summary.json") or {"notebooks": []}
    by_paper: Dict[str, List[dict]] = {}
    for run in summary.get("notebooks", []):
        by_paper.setdefault(run["paper"], []).append(run)
        if render and Path(run["executed"]).is_file():
            render_notebook(Path(run["executed"]))
    for paper, runs in by_paper.items():
        atomic_write_text(root / paper / "index.html", _paper_page(paper, runs, root, profile))
    card = scorecard(summary, root)
    rows = []
    for r in card.to_dict("records"):
        rec = (
            f"{r['recomputed_exactly']} of {r['recomputed_total']}"
            if r["recomputed_total"]
            else "-"
        )
        rows.append(
            f'<tr><td><a href="{html.escape(r["paper"])}/index.html">{html.escape(r["paper"])}</a></td>'
            f'<td class="ok">{r["ok"]}</td><td class="failed">{r["failed"]}</td>'
            f'<td class="skipped">{r["skipped"]}</td><td>{rec}</td><td>{r["agrees"]}</td>'
            f"<td>{r['differs']}</td><td>{r['not comparable']}</td><td>{r['erratum']}</td></tr>"
        )
    kind = {
        "sample": KIND_TEXT["sample"],
        "public": KIND_TEXT["public"],
        "licensed": KIND_TEXT["licensed"],
    }[profile]
    body = (
        f"<h1>evalkit results, profile <code>{html.escape(profile)}</code></h1>"
        f'<p class="note">On this profile, every notebook that reads data shows {html.escape(kind)}. '
        "Notebooks that need no data recompute printed numbers exactly.</p>"
        "<h2>Reproduction scorecard</h2><table><tr><th>paper</th><th>ok</th><th>failed</th><th>skipped</th>"
        "<th>printed numbers recomputed exactly</th><th>claims agree</th><th>differ</th><th>not comparable "
        "here</th><th>errata</th></tr>"
        + "".join(rows)
        + "</table>"
        + course_section(by_paper.get(COURSE, []), root)
        + '<p>Machine-readable: <a href="summary.json">summary.json</a>; all files: '
        '<a href="files.html">files.html</a>.</p>'
    )
    return atomic_write_text(root / "index.html", _page(f"evalkit results: {profile}", body))
