"""The documentation site (issue 21): ``scripts/docs.sh`` builds it offline with warnings as
errors; every public module of metrics/stats/data/text/notebook and every registered metric has
its API entry; the notebook model, the data profiles and "how to add a paper" pages exist; local
links resolve and no page loads anything from the network."""

from __future__ import annotations

import os
import pkgutil
import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import urlparse

import pytest

REPO = Path(__file__).resolve().parents[1]
HTML = REPO / "docs" / "_build" / "html"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def built():
    env = dict(os.environ, PYTHON=sys.executable, MPLBACKEND="Agg")
    proc = subprocess.run(
        ["bash", str(REPO / "scripts" / "docs.sh")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    return HTML


def _public_modules(package: str):
    pkg = __import__(package, fromlist=["_"])
    return [
        i.name
        for i in pkgutil.walk_packages(pkg.__path__, prefix=package + ".")
        if not i.name.rsplit(".", 1)[-1].startswith("_")
    ]


@pytest.mark.parametrize("layer", ["metrics", "stats", "data", "text", "notebook"])
def test_every_public_module_has_its_api_entry(built, layer):
    page = (built / "api" / f"{layer}.html").read_text(encoding="utf-8")
    modules = _public_modules(f"evalkit.{layer}")
    assert modules
    missing = [m for m in modules if f'id="module-{m}"' not in page]
    assert not missing, missing


def test_every_registered_metric_is_documented(built):
    from evalkit.metrics import available, get_metric

    page = (built / "api" / "metrics.html").read_text(encoding="utf-8")
    missing, checked = [], 0
    for name in available():
        try:
            cls = type(get_metric(name))
        except Exception:  # noqa: BLE001 - metrics needing a configuration: look up the registry key only
            continue
        checked += 1
        if cls.__name__.startswith("_"):
            # a module-private class: its module's docstring (on the page) must name the registry key
            section = page.split(f'id="module-{cls.__module__}"', 1)[-1].split('id="module-', 1)[0]
            if name not in section:
                missing.append(f"{name}: not named in the documentation of {cls.__module__}")
        elif f'id="{cls.__module__}.{cls.__qualname__}"' not in page:
            missing.append(f"{name}: {cls.__module__}.{cls.__qualname__}")
    assert checked and not missing, (checked, missing)


def test_guide_pages_exist_and_local_links_resolve(built):
    assert "Adding a paper" in (built / "notebooks.html").read_text(encoding="utf-8")
    assert "sample" in (built / "profiles.html").read_text(encoding="utf-8")
    assert "NOTEBOOKS" in (built / "contributing.html").read_text(encoding="utf-8")
    broken, network = [], []
    for page in [
        built / "index.html",
        *(built / n for n in ("notebooks.html", "profiles.html", "contributing.html")),
        *sorted((built / "api").glob("*.html")),
    ]:
        text = page.read_text(encoding="utf-8")
        for tag, ref in re.findall(r'<(a|img|script|link)\b[^>]*?(?:href|src)="([^"]+)"', text):
            parsed = urlparse(ref)
            if parsed.scheme in ("http", "https"):
                if tag != "a":
                    network.append(f"{page.name}: {ref}")
                continue
            if parsed.scheme or not parsed.path:
                continue
            if not (page.parent / parsed.path).exists():
                broken.append(f"{page.name}: {ref}")
    assert not network, network
    assert not broken, broken
    index = (built / "index.html").read_text(encoding="utf-8")
    for target in ("notebooks.html", "profiles.html", "contributing.html", "api/index.html"):
        assert f'href="{target}' in index, target
