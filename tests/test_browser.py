"""What a researcher opens, in a real browser (issue 21): Debian's ``chromium`` driven by its
``chromium-driver`` through selenium, headless, offline.

1. The results site of a small real run (:func:`evalkit.notebook.runner.run_all` on sample,
   quick): every page reachable from the landing page loads from ``file://`` without a console
   error, every link and image resolves, nothing is fetched from the network, and the
   scorecard the browser shows equals the counts recomputed here from the claims tables.
2. JupyterLab started headless on loopback (random port, random token) opens a notebook of
   ``notebooks/`` by its URL; the page names the notebook and a PNG screenshot is taken.

When the browser cannot start the tests skip with the reason locally and FAIL under CI.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import unquote, urlparse

import pandas as pd
import pytest


from _requires import unavailable

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"
SELECTION = ("riezler2005/00_*", "graham2015/00_*")
LAB_NOTEBOOK = "notebooks/riezler2005/00_multiplicity.ipynb"


def _unavailable(reason: str):
    unavailable(f"the browser tests cannot run: {reason}")


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    """One headless chromium for the module, with a fresh profile and browser logs collected."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError as exc:  # pragma: no cover - pinned in requirements/lock.txt
        _unavailable(f"selenium is not installed ({exc})")
    for path in (CHROMIUM, CHROMEDRIVER):
        if not os.access(path, os.X_OK):
            _unavailable(
                f"{path} is missing (apt-get install chromium chromium-driver; requirements/apt.txt)"
            )
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,900",
        f"--user-data-dir={tmp_path_factory.mktemp('chromium-profile')}",
    ):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    try:
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
    except Exception as exc:  # noqa: BLE001 - any start failure is reported with its reason
        _unavailable(f"chromium did not start: {type(exc).__name__}: {exc}")
    driver.set_page_load_timeout(120)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """A real quick run of two notebooks on sample; returns the profile's results folder."""
    from evalkit.notebook.runner import run_all

    results = tmp_path_factory.mktemp("results")
    runs = run_all(
        "sample", jobs=1, only=SELECTION, quick=True, results_dir=results, stream=io.StringIO()
    )
    assert [r.status for r in runs] == ["ok"] * len(runs) and len(runs) == 2, [
        (r.notebook, r.error) for r in runs
    ]
    return results / "sample"


def _severe(driver) -> list:
    return [entry for entry in driver.get_log("browser") if entry.get("level") == "SEVERE"]


def _file_target(url: str) -> Path:
    return Path(unquote(urlparse(url).path))


def test_every_site_page_loads_cleanly_and_every_link_resolves(browser, site):
    landing = site / "index.html"
    queue, seen, problems = [landing.resolve()], set(), []
    while queue:
        page = queue.pop()
        if page in seen:
            continue
        seen.add(page)
        browser.get(page.as_uri())
        problems += [f"{page}: console: {e['message']}" for e in _severe(browser)]
        refs = browser.execute_script(
            "return {links: Array.from(document.querySelectorAll('a[href]')).map(a => a.href),"
            " images: Array.from(document.images).map(i => [i.src, i.complete && i.naturalWidth > 0]),"
            " resources: performance.getEntriesByType('resource').map(r => r.name)}"
        )
        for src, loaded in refs["images"]:
            if not loaded:
                problems.append(f"{page}: image does not load: {src}")
        for res in refs["resources"]:
            if not res.startswith(("file:", "data:")):
                problems.append(f"{page}: fetched from the network: {res}")
        for href in refs["links"]:
            scheme = urlparse(href).scheme
            if scheme in ("http", "https", "mailto"):
                continue  # a citation's address; the browser test never follows it
            if scheme != "file":
                problems.append(f"{page}: unexpected link {href}")
                continue
            target = _file_target(href)
            if not target.exists():
                problems.append(f"{page}: broken link {href}")
            elif target.suffix == ".html" and site.resolve() in target.resolve().parents:
                queue.append(target.resolve())
    assert not problems, "\n".join(problems)
    papers = {p.parent.name for p in seen if p.name == "index.html" and p.parent != site.resolve()}
    assert papers == {"riezler2005", "graham2015"}
    rendered = [p for p in seen if p.name.startswith("00_") and p.suffix == ".html"]
    assert len(rendered) == 2, sorted(map(str, seen))


def _expected_scorecard(site: Path) -> dict:
    """Counts recomputed from summary.json and the claims tables (independent of site.py)."""
    summary = json.loads((site / "summary.json").read_text())
    counted = ("agrees", "differs", "inconclusive")
    shown = ("not comparable", "derived", "by construction", "erratum")
    expected = {}
    for run in summary["notebooks"]:
        row = expected.setdefault(
            run["paper"],
            dict.fromkeys(
                ("ok", "failed", "skipped", "rec_agree", "rec_all")
                + tuple(f"h_{v}" for v in counted)
                + counted
                + shown,
                0,
            ),
        )
        row[run["status"]] += 1
        path = site / run["paper"] / run["notebook"] / "paper_vs_run.csv"
        if run["status"] != "ok" or not path.is_file():
            continue
        claims = pd.read_csv(path, dtype=str, keep_default_na=False)
        level = claims["level"] if "level" in claims.columns else pd.Series("detail", claims.index)
        head, detail = claims[level == "headline"], claims[level != "headline"]
        recomputed = detail[detail["kind"] == "recomputed"]
        row["rec_agree"] += int((recomputed["verdict"] == "agrees").sum())
        row["rec_all"] += int(recomputed["verdict"].isin(["agrees", "differs"]).sum())
        others = detail[detail["kind"] != "recomputed"]
        for verdict in counted:
            row[f"h_{verdict}"] += int((head["verdict"] == verdict).sum())
            row[verdict] += int((others["verdict"] == verdict).sum())
        for verdict in shown:
            row[verdict] += int((claims["verdict"] == verdict).sum())
    return expected


def test_scorecard_in_the_browser_equals_the_claims_tables(browser, site):
    browser.get((site / "index.html").resolve().as_uri())
    # one table per section (papers, methods, ...) after the scorecard heading; a paper's
    # cell is its key (the link's first text), then its title and marks
    table = browser.execute_script(
        "const h = Array.from(document.querySelectorAll('h2')).find(h => /scorecard/i.test(h.textContent));"
        "const rows = []; let headed = false;"
        "for (let e = h.nextElementSibling; e; e = e.nextElementSibling) {"
        "  if (e.tagName !== 'TABLE') continue;"
        "  Array.from(e.rows).forEach((r, i) => { if (i === 0 && headed) return; headed = true;"
        "    rows.push(Array.from(r.cells).map((c, j) => (j === 0 && c.querySelector('a'))"
        "      ? c.querySelector('a').firstChild.textContent.trim() : c.innerText.trim())); });"
        "}"
        "return rows;"
    )
    header, rows = table[0], table[1:]
    assert header[:4] == ["paper", "ok", "failed", "skipped"], header
    expected = _expected_scorecard(site)
    assert sorted(r[0] for r in rows) == sorted(expected)
    claims_seen = 0
    for cells in rows:
        want = expected[cells[0]]
        rec = f"{want['rec_agree']} of {want['rec_all']}" if want["rec_all"] else "-"
        columns = ("h_agrees", "h_differs", "h_inconclusive", "agrees", "differs", "inconclusive")
        columns += ("not comparable", "derived", "by construction", "erratum")
        assert cells[1:] == [str(want["ok"]), str(want["failed"]), str(want["skipped"]), rec] + [
            str(want[c]) for c in columns
        ], cells
        claims_seen += want["rec_all"] + sum(want[c] for c in columns)
    assert claims_seen > 0, "the two notebooks wrote no claims: the comparison would be vacuous"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture(scope="module")
def jupyterlab(tmp_path_factory):
    """JupyterLab on 127.0.0.1 with a random port and token, serving a copy of notebooks/; yields
    its base URL and token."""
    if shutil.which("jupyter", path=str(Path(sys.executable).parent)) is None:
        _unavailable("jupyter is not installed beside this Python")
    port, token = _free_port(), secrets.token_hex(16)
    home = tmp_path_factory.mktemp("jupyter")
    env = dict(
        os.environ,
        JUPYTER_CONFIG_DIR=str(home / "config"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
    )
    # a copy of notebooks/: the lab may autosave what it opens, the checkout must stay untouched
    served = home / "checkout"
    shutil.copytree(
        REPO / "notebooks",
        served / "notebooks",
        ignore=shutil.ignore_patterns(".ipynb_checkpoints"),
    )
    log = (home / "lab.log").open("w")
    # the README's command, scripts/lab.sh: as root it must add --allow-root itself
    proc = subprocess.Popen(
        [
            str(REPO / "scripts" / "lab.sh"),
            "--no-browser",
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={served}",
            "--LabApp.news_url=",
            "--LabApp.check_for_updates_class="
            "jupyterlab.handlers.announcements.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
        ],
        cwd=served,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                with urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=5) as resp:
                    if resp.status == 200:
                        break
            except OSError:
                pass
            if proc.poll() is not None or time.monotonic() > deadline:
                log.flush()
                pytest.fail(
                    f"JupyterLab did not start (exit {proc.poll()}):\n{(home / 'lab.log').read_text()[-3000:]}"
                )
            time.sleep(1)
        yield base, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
        log.close()


def test_jupyterlab_opens_a_notebook_and_screenshots_it(browser, jupyterlab, tmp_path):
    from selenium.webdriver.support.ui import WebDriverWait

    base, token = jupyterlab
    name = Path(LAB_NOTEBOOK).name
    assert (REPO / LAB_NOTEBOOK).is_file()
    browser.get(f"{base}/lab/tree/{LAB_NOTEBOOK}?token={token}")
    WebDriverWait(browser, 120).until(
        lambda d: d.execute_script(
            "const tab = Array.from(document.querySelectorAll('.lm-TabBar-tabLabel'))"
            "  .some(t => t.textContent.includes(arguments[0]));"
            "return tab && document.querySelectorAll('.jp-Notebook .jp-Cell').length > 0;",
            name,
        )
    )
    title = browser.title
    tab_labels = browser.execute_script(
        "return Array.from(document.querySelectorAll('.lm-TabBar-tabLabel')).map(t => t.textContent)"
    )
    assert name in title or name in tab_labels, (title, tab_labels)
    first_heading = (
        json.loads((REPO / LAB_NOTEBOOK).read_text())["cells"][0]["source"][0].lstrip("# ").strip()
    )
    WebDriverWait(browser, 60).until(
        lambda d: first_heading[:40] in d.find_element("css selector", ".jp-Notebook").text
    )
    shot = tmp_path / "jupyterlab.png"
    assert browser.save_screenshot(str(shot))
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000
