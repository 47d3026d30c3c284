"""The results site: one landing page over every profile (``results/index.html``), per
profile a landing page with the reproduction scorecard, one page per paper, and every
executed notebook rendered to HTML beside its ``.ipynb``.

Built by the runner after every notebook that finishes (so a run stopped or killed leaves
the site of what finished) from what is on disk: ``summary.json`` (status, files, ``quick``,
when it ran and why it is older than its code or data, merged over every run:
:func:`evalkit.notebook.runner.collect`), each notebook's ``results.json`` (key numbers, the
claims' verdict counts, what kind of result it is, provenance) and its claims table
``paper_vs_run.csv`` (:mod:`evalkit.notebook.claims`). Every page is a plain,
self-contained HTML file: inline CSS, no script, no CDN, links relative, so the folder reads
from disk without a server. Notebooks are rendered with nbconvert's ``basic`` template (no
external resources) inside the same page frame; a skipped or failed notebook's page opens
with its question and the whole message (how to configure the data), before the notebook.

Every page of a profile says when results come from quick runs (``--quick``: small sizes)
and which results are older than the code or data they came from. Paper pages open with
the paper's authors and title (:mod:`evalkit.notebook.references`); the landing page lists
every folder of ``notebooks/`` in its section (papers, methods, a course, ...).

Scorecard columns per paper (:func:`scorecard`): notebooks ok / failed / skipped; printed
numbers *recomputed exactly* (detail claims of kind ``recomputed`` that agree, of those that
agree or differ); the *headline* claims (the findings of the paper's abstract and
conclusion) that agree / differ / are inconclusive; the same for the other, *detail*,
claims; and apart, never counted as agreement, the rows that are *not comparable*,
*derived* (no printed counterpart), *by construction* (the simulator was built to show
them) and the *errata*.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Dict, List, Optional

import pandas as pd

from evalkit.atomic import atomic_write_text
from evalkit.notebook.intro import introduction, paragraph, title
from evalkit.notebook.params import PROFILES
from evalkit.notebook.references import reference, section_of

__all__ = ["build_site", "build_top_index", "data_for_profile", "render_notebook", "scorecard"]

VERDICT_CLASS = {
    "agrees": "agrees",
    "differs": "differs",
    "inconclusive": "inconclusive",
    "not comparable": "nc",
    "derived": "nc",
    "by construction": "nc",
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
tr.nc td.v{background:#eee}tr.inconclusive td.v{background:#e8eefc}tr.erratum td.v{background:#ffd}.ok{color:#070}.failed{color:#b00}
.skipped{color:#777}img{max-width:100%;border:1px solid #eee}.note{background:#f6f6ff;padding:.5em 1em;
border-left:4px solid #88c}code,pre{background:#f6f6f6}pre{white-space:pre-wrap;overflow-wrap:anywhere}
nav{margin-bottom:1em}nav a{margin-right:1em}nav .here{font-weight:bold;margin-right:1em}
.quick{white-space:nowrap;background:#fff3cd;border:1px solid #e0c060;border-radius:3px;padding:0 .3em;font-size:.85em}
.stale{white-space:nowrap;background:#fde2c8;border:1px solid #e0a060;border-radius:3px;padding:0 .3em;font-size:.85em}
.warn{background:#fff6e0;padding:.5em 1em;border-left:4px solid #d90}
.authors{font-size:1.05em;margin-top:-.5em}.venue{color:#555}
figure.wide{margin:1em 0;max-width:none;width:min(96vw,var(--w,1200px));position:relative;
left:50%;transform:translateX(-50%)}figure.wide img{width:100%}
.jp-RenderedImage img,.output_png img{max-width:min(96vw,100%)}
.jp-OutputArea-output pre,.output_subarea pre{white-space:pre-wrap;overflow-wrap:anywhere}"""

#: a figure wider than this (pixels of the PNG at its 150 dpi) gets the width of the window
#: instead of the text column, so four panels side by side keep legible tick labels
WIDE_FIGURE = 1500


def _profile_nav(up: str, profile: str, root: Path) -> str:
    """Links to the top index and to every profile that has results (this one in bold)."""
    if root.name != profile:  # not results/<profile>/: no top index, no other profiles
        return ""
    parts = [f'<a href="{up}../index.html">all profiles</a>']
    for other in PROFILES:
        if other == profile:
            parts.append(f'<span class="here">{html.escape(other)}</span>')
        elif (root.parent / other / "index.html").is_file() or (
            root.parent / other / "summary.json"
        ).is_file():
            parts.append(f'<a href="{up}../{other}/index.html">{html.escape(other)}</a>')
    return " ".join(parts)


def _page(
    title_: str,
    body: str,
    up: str = "",
    profile: Optional[str] = None,
    root: Optional[Path] = None,
    paper: Optional[str] = None,
) -> str:
    links = []
    if profile is not None and root is not None and _profile_nav(up, profile, root):
        links.append(_profile_nav(up, profile, root))
    if up:
        links.append(f'<a href="{up}index.html">all papers ({html.escape(profile or "")})</a>')
    if paper and up == "../../":
        links.append(f'<a href="../index.html">{html.escape(paper)}</a>')
    nav = f"<nav>{' · '.join(links)}</nav>" if links else ""
    return (
        f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title_)}</title>'
        f"<style>{CSS}</style></head><body>{nav}\n{body}\n</body></html>\n"
    )


def _markdown(text: str) -> str:
    """Inline Markdown of an introduction paragraph as HTML (code, bold, italics, links);
    raw HTML in it is escaped."""
    import mistune

    rendered = mistune.create_markdown(escape=True)(text).strip()
    if rendered.startswith("<p>") and rendered.endswith("</p>") and rendered.count("<p>") == 1:
        rendered = rendered[3:-4]
    return rendered


_MARK = re.compile(r"`(sample|public|licensed)`\s*:\s*")


def _first_sentence(text: str) -> int:
    """End of the first sentence of ``text`` outside parentheses (index after its period)."""
    depth = 0
    for i, ch in enumerate(text):
        if ch in "([":
            depth += 1
        elif ch in ")]":
            depth = max(0, depth - 1)
        elif ch == "." and depth == 0:
            rest = text[i + 1 :]
            if not rest.strip() or re.match(r"\s+[A-Z`(]", rest):
                return i + 1
    return len(text)


def data_for_profile(text: str, profile: str) -> str:
    """The part of a **Data.** paragraph about ``profile``: what comes before the first
    `` `sample`: ``/`` `public`: ``/`` `licensed`: `` mark (about every profile), then the
    text after this profile's mark up to the next mark (or, for the last, its first
    sentence), then what follows the last profile's sentence. The whole paragraph when it
    has no marks, e.g. for notebooks that read no data (a profile named without a colon,
    as in "the same in every profile (`sample`, `public`, `licensed`)", is no mark).

    >>> data_for_profile("`sample`: simulated; `public`: SummEval. Seeded.", "public")
    'SummEval. Seeded.'
    >>> data_for_profile("`sample`: simulated; `public`: SummEval. Seeded.", "sample")
    'simulated. Seeded.'
    >>> data_for_profile("None, the same in every profile (`sample`, `public`).", "public")
    'None, the same in every profile (`sample`, `public`).'
    """
    marks = list(_MARK.finditer(text))
    if not marks:
        return text
    before = text[: marks[0].start()].strip()
    mine = ""
    last = marks[-1]
    end_of_last = last.end() + _first_sentence(text[last.end() :])
    after = text[end_of_last:].strip()
    for k, mark in enumerate(marks):
        if mark.group(1) != profile:
            continue
        stop = marks[k + 1].start() if k + 1 < len(marks) else end_of_last
        mine = text[mark.end() : stop].strip().rstrip(";,").strip()
        break
    if not mine:
        mine = f"this notebook's introduction says nothing of the `{profile}` profile."
    if not mine.endswith((".", "!", "?")):
        mine += "."
    if before and before.endswith((".", "!", "?")):
        mine = mine[0].upper() + mine[1:]
    return " ".join(part for part in (before, mine, after) if part)


def _status_badges(run: dict) -> str:
    """``quick`` and ``older than its code/data`` marks of one result."""
    badges = []
    if run.get("quick"):
        badges.append(
            '<span class="quick" title="--quick: small sizes, for smoke tests; not the '
            'paper-scale result">quick run</span>'
        )
    if run.get("stale"):
        badges.append(
            f'<span class="stale" title="{html.escape("; ".join(run["stale"]))}">'
            "older than its code or data</span>"
        )
    return " ".join(badges)


def _quick_note(runs: List[dict]) -> str:
    quick = [r for r in runs if r.get("quick")]
    if not quick:
        return ""
    share = "All" if len(quick) == len(runs) else f"{len(quick)} of {len(runs)}"
    return (
        f'<p class="warn"><span class="quick">quick run</span> {share} results here come from '
        "quick runs (<code>--quick</code>: small sizes and few resamples, for smoke tests); "
        "their verdicts can differ from a full run's. Rerun without <code>--quick</code> for "
        "the paper-scale result.</p>"
    )


def _stale_note(runs: List[dict]) -> str:
    stale = [r for r in runs if r.get("stale")]
    if not stale:
        return ""
    items = "".join(
        f"<li>{html.escape(r['paper'])}/{html.escape(r['notebook'])}: "
        f"{html.escape('; '.join(r['stale']))}</li>"
        for r in stale[:20]
    )
    more = f"<li>and {len(stale) - 20} more</li>" if len(stale) > 20 else ""
    return (
        f'<div class="warn"><span class="stale">older than its code or data</span> '
        f"{len(stale)} result(s) were made before the code or data they came from changed; "
        f"rerun them (<code>--only PAPER/NOTEBOOK</code>):<ul>{items}{more}</ul></div>"
    )


def _resolve(root: Path, path: str) -> Path:
    """A path of ``summary.json``: relative to the profile's folder (or absolute, older)."""
    candidate = Path(path)
    return candidate if candidate.is_absolute() else root / candidate


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


ERROR_CELL_TAG = "papermill-error-cell-tag"


def _without_error_banner(nb: dict) -> dict:
    """``nb`` without the cells papermill puts first in a notebook that raised ("An Exception
    was encountered at ..."), so that its own introduction comes first again."""
    cells = [
        c
        for c in nb.get("cells", [])
        if ERROR_CELL_TAG not in c.get("metadata", {}).get("tags", [])
    ]
    return {**nb, "cells": cells}


def _intro_of(executed: Path) -> str:
    """The introduction of an executed notebook (papermill's error banner skipped)."""
    return introduction(_without_error_banner(_read_json(executed) or {}))


def _hint(error: Optional[str]) -> str:
    return (error or "").strip()


def render_notebook(
    executed: Path,
    run: Optional[dict] = None,
    profile: Optional[str] = None,
    root: Optional[Path] = None,
) -> Optional[Path]:
    """The executed notebook as ``<name>.html`` beside it (nbconvert, ``basic`` template inside
    the site's frame: no script, no CDN). With ``run`` (its summary entry) the page opens
    with the quick/stale marks and, for a skipped or failed notebook, its question and the
    whole message before the notebook. Returns the path, or None when it cannot be read."""
    try:
        import nbformat
        from nbconvert import HTMLExporter

        nb = nbformat.read(str(executed), as_version=4)
        if run is not None and run.get("status") == "skipped":
            # the page opens with the question and the hint: papermill's red banner goes
            nb.cells = [c for c in nb.cells if ERROR_CELL_TAG not in c.metadata.get("tags", [])]
        body, _ = HTMLExporter(template_name="basic").from_notebook_node(nb)
    except Exception:  # noqa: BLE001 - an unreadable notebook is reported by the runner already
        return None
    head = ""
    if run is not None:
        first = _intro_of(executed)
        badges = _status_badges(run)
        status = run.get("status", "")
        head = (
            f"<p><b>{html.escape(run.get('paper', ''))}/{html.escape(executed.stem)}</b> "
            f'<span class="{html.escape(status)}">{html.escape(status)}</span> {badges}</p>'
        )
        if status in ("skipped", "failed"):
            question = paragraph(first, "Question")
            what = (
                "Skipped: the data this notebook needs are not configured here."
                if status == "skipped"
                else "This notebook failed; the executed cells below end at the error."
            )
            head += (
                f'<div class="warn"><p><b>{what}</b></p>'
                + (f"<p><b>Question.</b> {_markdown(question)}</p>" if question else "")
                + f"<pre>{html.escape(_hint(run.get('error')))}</pre></div>"
            )
        if run.get("stale"):
            head += f'<p class="warn">{html.escape("; ".join(run["stale"]))}.</p>'
    out = executed.with_suffix(".html")
    paper = run.get("paper") if run else None
    root = root if root is not None else executed.parent.parent.parent
    atomic_write_text(
        out,
        _page(executed.stem, head + body, up="../../", profile=profile, root=root, paper=paper),
    )
    return out


#: Scorecard columns after ok / failed / skipped and the recomputed pair.
COUNTED_COLUMNS = (
    "headline_agrees",
    "headline_differs",
    "headline_inconclusive",
    "agrees",
    "differs",
    "inconclusive",
)
SHOWN_COLUMNS = ("not comparable", "derived", "by construction", "erratum")


def scorecard(summary: dict, root: Path) -> pd.DataFrame:
    """One row per paper: notebooks by status; recomputed printed numbers that agree of those
    compared (detail rows of kind ``recomputed``); the counted verdicts of headline and of
    the other detail rows; the shown verdicts (:data:`evalkit.notebook.claims.SHOWN`)."""
    from evalkit.notebook.claims import upgrade

    rows: Dict[str, dict] = {}
    zero = dict.fromkeys(
        ("ok", "failed", "skipped", "recomputed_exactly", "recomputed_total")
        + COUNTED_COLUMNS
        + SHOWN_COLUMNS,
        0,
    )
    for run in summary.get("notebooks", []):
        row = rows.setdefault(run["paper"], {"paper": run["paper"], **zero})
        row[run["status"]] = row.get(run["status"], 0) + 1
        frame = _claims(root / run["paper"] / run["notebook"]) if run["status"] == "ok" else None
        if frame is None:
            continue
        frame = upgrade(frame)
        head = frame[frame["level"] == "headline"]
        detail = frame[frame["level"] != "headline"]
        rec = detail[detail["kind"] == "recomputed"]
        row["recomputed_total"] += int(rec["verdict"].isin(["agrees", "differs"]).sum())
        row["recomputed_exactly"] += int((rec["verdict"] == "agrees").sum())
        rest = detail[detail["kind"] != "recomputed"]
        for verdict in ("agrees", "differs", "inconclusive"):
            row[f"headline_{verdict}"] += int((head["verdict"] == verdict).sum())
            row[verdict] += int((rest["verdict"] == verdict).sum())
        for verdict in SHOWN_COLUMNS:
            row[verdict] += int((frame["verdict"] == verdict).sum())
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


def _figure(src: str, alt: str, png: Path) -> str:
    """An ``<img>`` in the text column, or across the window when the figure is wide (four
    panels side by side): displayed at its size on screen (150 dpi PNG at 96 CSS px per
    inch), at most the window's width."""
    width = _png_width(png)
    if width and width > WIDE_FIGURE:
        css_width = int(width * 96 / 150)
        return (
            f'<figure class="wide" style="--w:{css_width}px"><a href="{src}">'
            f'<img src="{src}" alt="{alt}"></a></figure>'
        )
    return f'<p><a href="{src}"><img src="{src}" alt="{alt}"></a></p>'


def _png_width(path: Path) -> Optional[int]:
    """Width in pixels from a PNG's header (None when it is not a PNG)."""
    try:
        with open(path, "rb") as handle:
            head = handle.read(24)
    except OSError:
        return None
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return int.from_bytes(head[16:20], "big")


def _paper_heading(paper: str, profile: str, runs: List[dict]) -> str:
    ref = reference(paper)
    if ref is None:
        return f"<h1>{html.escape(paper)} <small>(profile <code>{html.escape(profile)}</code>)</small></h1>"
    return (
        f"<h1>{html.escape(ref.title)}</h1>"
        f'<p class="authors">{html.escape(ref.authors)} ({ref.year}). '
        f'<span class="venue">{html.escape(ref.venue)}.</span></p>'
        f"<p>Key <code>{html.escape(paper)}</code>, profile <code>{html.escape(profile)}</code>.</p>"
    )


def _paper_page(paper: str, runs: List[dict], root: Path, profile: str) -> str:
    parts = [_paper_heading(paper, profile, runs), _quick_note(runs), _stale_note(runs)]
    for run in runs:
        folder = root / paper / run["notebook"]
        executed = _resolve(root, run["executed"])
        first = _intro_of(executed)
        record = _read_json(folder / "results.json") or {}
        numbers = record.get("numbers", {})
        heading = title(first, run["notebook"])
        parts.append(
            f'<h2 id="{html.escape(run["notebook"])}">{html.escape(run["notebook"])} '
            f'<span class="{run["status"]}">{run["status"]}</span> {_status_badges(run)}</h2>'
        )
        if heading and heading != run["notebook"]:
            parts.append(f"<p><i>{_markdown(heading)}</i></p>")
        question = paragraph(first, "Question")
        if question:
            parts.append(f"<p><b>Question.</b> {_markdown(question)}</p>")
        if run["status"] in ("skipped", "failed") and run.get("error"):
            label = "Skipped" if run["status"] == "skipped" else "Failed"
            parts.append(
                f'<div class="warn"><b>{label}.</b><pre>{html.escape(_hint(run["error"]))}</pre></div>'
            )
        stand = paragraph(first, "Data")
        kind = numbers.get("result_kind")
        if kind or stand:
            text = (
                f"<b>What this is:</b> {html.escape(KIND_TEXT.get(kind, kind))}. " if kind else ""
            )
            if stand:
                text += f"<b>Data (<code>{html.escape(profile)}</code>):</b> " + _markdown(
                    data_for_profile(stand, profile)
                )
            parts.append(f'<p class="note">{text}</p>')
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
        for f in sorted(run.get("files", [])):
            if f.endswith(".png"):
                target = root / f if "/" in f else folder / f
                parts.append(
                    _figure(
                        _href(root, paper, run, f),
                        f"{html.escape(run['notebook'])} {html.escape(Path(f).name)}",
                        target,
                    )
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
    title_ = reference(paper).citation() if reference(paper) else paper
    return _page(
        f"evalkit: {title_} ({profile})",
        "\n".join(p for p in parts if p),
        up="../",
        profile=profile,
        root=root,
    )


def _needs_render(executed: Path) -> bool:
    page = executed.with_suffix(".html")
    try:
        return not page.is_file() or page.stat().st_mtime < executed.stat().st_mtime
    except OSError:
        return True


def _licensed_banner(summary: dict, runs: List[dict]) -> str:
    state = summary.get("licensed") or {}
    configured = state.get("configured", [])
    missing = state.get("not_configured", [])
    skipped = sum(r["status"] == "skipped" for r in runs)
    readme = state.get("readme", "data/README.md")
    return (
        '<div class="warn"><p><b>Licensed data on this machine.</b> Configured: '
        + (", ".join(f"<code>{html.escape(c)}</code>" for c in configured) or "<b>none</b>")
        + ". Not configured: "
        + (", ".join(f"<code>{html.escape(c)}</code>" for c in missing) or "none")
        + f". {skipped} notebook(s) were skipped for want of their data. How to configure a "
        f"corpus: <code>{html.escape(readme)}</code> (Licensed corpora).</p></div>"
    )


def _kind_note(profile: str, runs: List[dict], root: Path) -> str:
    """What the notebooks that read data show on this profile, only if any of them ran."""
    kinds = set()
    for run in runs:
        if run["status"] == "ok":
            record = _read_json(root / run["paper"] / run["notebook"] / "results.json") or {}
            kinds.add((record.get("numbers") or {}).get("result_kind"))
    if profile in kinds:
        text = f"On this profile, every notebook that reads data shows {html.escape(KIND_TEXT[profile])}. "
    elif profile == "licensed":
        text = (
            "No notebook here was regenerated from a paper's own data: every notebook that "
            "needs licensed data was skipped (see above). "
        )
    else:
        text = "No notebook that reads data has run on this profile yet. "
    return (
        f'<p class="note">{text}Notebooks that need no data recompute printed numbers exactly.</p>'
    )


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


def _scorecard_rows(
    card: pd.DataFrame, runs_by_paper: Dict[str, List[dict]]
) -> Dict[str, List[str]]:
    """Table rows of the scorecard, grouped by section (:func:`section_of`)."""
    sections: Dict[str, List[str]] = {}
    for r in card.to_dict("records"):
        rec = (
            f"{r['recomputed_exactly']} of {r['recomputed_total']}"
            if r["recomputed_total"]
            else "-"
        )
        runs = runs_by_paper.get(r["paper"], [])
        marks = []
        if any(x.get("quick") for x in runs):
            marks.append('<span class="quick">quick</span>')
        if any(x.get("stale") for x in runs):
            marks.append('<span class="stale">older than code/data</span>')
        ref = reference(r["paper"])
        name = (
            f"{html.escape(r['paper'])}<br><small>{html.escape(ref.title)}</small>"
            if ref
            else html.escape(r["paper"])
        )
        sections.setdefault(section_of(r["paper"]), []).append(
            f'<tr><td><a href="{html.escape(r["paper"])}/index.html">{name}</a> {" ".join(marks)}</td>'
            f'<td class="ok">{r["ok"]}</td><td class="failed">{r["failed"]}</td>'
            f'<td class="skipped">{r["skipped"]}</td><td>{rec}</td>'
            + "".join(f"<td>{r[c]}</td>" for c in COUNTED_COLUMNS + SHOWN_COLUMNS)
            + "</tr>"
        )
    return sections


def build_site(
    results_root: Path, profile: str, render: bool = True, neighbours: bool = True
) -> Path:
    """Write the landing page ``index.html`` (scorecard), one ``<paper>/index.html`` per paper,
    the top index over every profile (:func:`build_top_index`) and, with ``render``, each
    executed notebook whose HTML is missing or older as HTML; returns the landing page.
    The first time a profile gets a site, the pages of the other profiles are rebuilt
    (``neighbours``) so that they link to it."""
    root = Path(results_root)
    first_time = not (root / "index.html").is_file()
    summary = _read_json(root / "summary.json") or {"notebooks": []}
    runs = summary.get("notebooks", [])
    by_paper: Dict[str, List[dict]] = {}
    for run in runs:
        by_paper.setdefault(run["paper"], []).append(run)
        executed = _resolve(root, run["executed"])
        if render and executed.is_file() and _needs_render(executed):
            render_notebook(executed, run, profile, root)
    for paper, paper_runs in by_paper.items():
        atomic_write_text(
            root / paper / "index.html", _paper_page(paper, paper_runs, root, profile)
        )
    card = scorecard(summary, root)
    sections = _scorecard_rows(card, by_paper) if len(card) else {}
    head = (
        "<tr><th>paper</th><th>ok</th><th>failed</th><th>skipped</th>"
        "<th>printed numbers recomputed exactly</th>"
        "<th>headline: agree</th><th>headline: differ</th><th>headline: inconclusive</th>"
        "<th>detail: agree</th><th>detail: differ</th><th>detail: inconclusive</th>"
        "<th>not comparable here</th><th>derived (no printed value)</th>"
        "<th>by construction</th><th>errata</th></tr>"
    )
    order = ["Papers"] + sorted(k for k in sections if k != "Papers")
    tables = "".join(
        f"<h3>{html.escape(name)}</h3><table>{head}{''.join(sections[name])}</table>"
        for name in order
        if name in sections
    )
    banner = _licensed_banner(summary, runs) if profile == "licensed" else ""
    body = (
        f"<h1>evalkit results, profile <code>{html.escape(profile)}</code></h1>"
        + banner
        + _quick_note(runs)
        + _kind_note(profile, runs, root)
        + _stale_note(runs)
        + "<h2>Reproduction scorecard</h2>"
        + (tables or "<p>No notebook has finished on this profile yet.</p>")
        + course_section(by_paper.get(COURSE, []), root)
        + '<p>Machine-readable: <a href="summary.json">summary.json</a>; all files: '
        '<a href="files.html">files.html</a>.</p>'
    )
    landing = atomic_write_text(
        root / "index.html",
        _page(f"evalkit results: {profile}", body, up="", profile=profile, root=root),
    )
    if root.name == profile:  # results/<profile>/: the top index goes beside the profiles
        build_top_index(root.parent)
        if first_time and neighbours:
            for other in PROFILES:
                if other != profile and (root.parent / other / "summary.json").is_file():
                    build_site(root.parent / other, other, render=False, neighbours=False)
    return landing


def build_top_index(results: Path) -> Path:
    """``results/index.html``: every profile with results, its counts, whether it holds
    quick or stale results, linked to its landing page."""
    results = Path(results)
    rows = []
    for profile in PROFILES:
        summary = _read_json(results / profile / "summary.json")
        if summary is None:
            continue
        runs = summary.get("notebooks", [])
        counts = {s: sum(r["status"] == s for r in runs) for s in ("ok", "failed", "skipped")}
        quick = sum(bool(r.get("quick")) for r in runs)
        stale = sum(bool(r.get("stale")) for r in runs)
        marks = (f'<span class="quick">{quick} quick</span> ' if quick else "") + (
            f'<span class="stale">{stale} older than code/data</span>' if stale else ""
        )
        rows.append(
            f'<tr><td><a href="{profile}/index.html">{profile}</a></td><td>{len(runs)}</td>'
            f'<td class="ok">{counts["ok"]}</td><td class="failed">{counts["failed"]}</td>'
            f'<td class="skipped">{counts["skipped"]}</td><td>{marks}</td></tr>'
        )
    body = (
        "<h1>evalkit results</h1><p>One results site per data profile: <code>sample</code> "
        "(simulated data), <code>public</code> (openly licensed stand-in data), "
        "<code>licensed</code> (the papers' own data, your copies).</p>"
        "<table><tr><th>profile</th><th>notebooks</th><th>ok</th><th>failed</th>"
        "<th>skipped</th><th>marks</th></tr>" + "".join(rows) + "</table>"
    )
    return atomic_write_text(results / "index.html", _page("evalkit results", body))
