"""Shared pieces of the QARLA papers' notebook smoke tests (tests/test_notebooks_amigo*.py)."""
import json
from pathlib import Path

from evalkit.data import licensed
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]


def notebooks(paper):
    """The notebook names of ``paper``."""
    return sorted(p.stem for p in (REPO / "notebooks" / paper).glob("*.ipynb"))


def run(paper, profile, tmp_path, monkeypatch, only=None):
    """Run ``paper``'s notebooks (or ``only``) in quick mode with a private sample folder:
    ``({notebook: run}, results folder of the paper)``."""
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only or [paper]), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / paper


def assert_stripped(paper):
    """Markdown first, outputs stripped."""
    for name in notebooks(paper):
        nb = json.loads((REPO / "notebooks" / paper / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown", name
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


def no_licensed_config(tmp_path, monkeypatch):
    """Unset every licensed corpus and point the configuration at a missing file."""
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))
