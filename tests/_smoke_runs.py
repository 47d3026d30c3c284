"""Shared pieces of the QARLA papers' notebook smoke tests (tests/test_notebooks_amigo*.py)."""
import json
from pathlib import Path

import pandas as pd

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


def duc_fixture(tmp_path, monkeypatch, year):
    """The quick simulated DUC ``year`` written as NIST's results tree and configured as the
    licensed ``duc<year>`` (``EVALKIT_DUC<year>``); returns the root."""
    from evalkit.data import duc
    from evalkit.data.simulate import load_sample

    root = duc.write_corpus(load_sample(f"duc{year}", root=tmp_path / "sim", quick=True),
                            tmp_path / "licensed" / f"duc{year}", year)
    monkeypatch.setenv(licensed.env_var(f"duc{year}"), str(root))
    return root


def nist_mt_fixture(tmp_path, monkeypatch, name, sample="tides2003"):
    """A quick simulated MT evaluation written as a NIST evaluation (SGML source, references
    and one tstset per system) with its assessments in LDC's whitespace layout (header
    ``docid segid sysid judge adequacy fluency``, ``-`` = not judged), configured as the
    licensed MT corpus ``name`` through a YAML mapping; returns the mapping's path."""
    import yaml

    from evalkit.data import judgments
    from evalkit.data.simulate import load_sample

    folder = tmp_path / "licensed" / name
    path = judgments.write_mt_evaluation(load_sample(sample, root=tmp_path / "sim", quick=True), folder, setid=name)
    spec = yaml.safe_load(path.read_text())
    table = judgments.read_assessments_csv(folder / spec["assessments"])
    wide = table.pivot_table(index=["document", "segment", "system", "judge"], columns="judgment",
                             values="value", aggfunc="first").reset_index()
    lines = ["docid segid sysid judge adequacy fluency"]
    for r in wide.itertuples(index=False):
        cells = ["-" if pd.isna(v) else f"{float(v):g}" for v in (r.adequacy, r.fluency)]
        lines.append(" ".join([str(r.document), str(r.segment), str(r.system), str(r.judge), *cells]))
    (folder / spec["assessments"]).unlink()
    (folder / "assessments.txt").write_text("\n".join(lines) + "\n")
    spec.update(assessments="assessments.txt", layout="ldc")
    path.write_text(yaml.safe_dump(spec))
    monkeypatch.setenv(licensed.env_var(name), str(path))
    return path


def assert_licensed_ok(runs, out, expected, notebook, data):
    """Every notebook in ``expected`` ran; ``notebook`` read the licensed corpus ``data`` and
    its paper-vs-run table compares values (agrees/differs); returns its numbers."""
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in expected}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / notebook / "results.json").read_text())["numbers"]
    assert numbers["data"] == data, numbers["data"]
    verdicts = set(pd.read_csv(out / notebook / "paper_vs_run.csv")["verdict"])
    assert verdicts & {"agrees", "differs"}, (notebook, verdicts)
    return numbers
