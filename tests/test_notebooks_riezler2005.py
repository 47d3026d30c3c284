"""Smoke runs of notebooks/riezler2005/ through the headless runner (quick mode).

On ``sample`` every notebook must run; on ``public`` (when EVALKIT_DATA_MIRROR is set) too;
on ``licensed`` the data notebooks must be reported as skipped when nothing is configured
and must run on MTC Part 4 (TIDES 2003) fixture files the test writes in NIST SGML.
"""
import json
from pathlib import Path

import pandas as pd
import pytest
import yaml

from evalkit.data import licensed, nist_sgml
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = sorted(p.stem for p in (REPO / "notebooks" / "riezler2005").glob("*.ipynb"))
DATA_FREE = {"00_multiplicity"}  # runs the same in every profile; smoke-run on sample only
DATA_NOTEBOOKS = [f"riezler2005/{n}" for n in NOTEBOOKS if n not in DATA_FREE]


def _run(profile, tmp_path, monkeypatch, only=("riezler2005",)):
    # A private sample folder: the smoke run neither reads nor rebuilds the shared one.
    monkeypatch.setenv("EVALKIT_SAMPLE_DIR", str(tmp_path / "sample"))
    runs = runner.run_all(profile=profile, only=list(only), quick=True, results_dir=tmp_path, jobs=2)
    return {r.notebook: r for r in runs}, tmp_path / profile / "riezler2005"


def test_notebooks_exist_and_are_stripped():
    assert {"00_multiplicity", "01_table1_significance", "02_table2_type1_error", "03_many_systems"} <= set(NOTEBOOKS)
    for name in NOTEBOOKS:
        nb = json.loads((REPO / "notebooks" / "riezler2005" / f"{name}.ipynb").read_text())
        assert nb["cells"][0]["cell_type"] == "markdown"
        tagged = [c for c in nb["cells"] if "parameters" in c.get("metadata", {}).get("tags", [])]
        assert len(tagged) == 1, name
        source = "".join(tagged[0]["source"])
        for knob in ('profile = "sample"', "seed =", "quick = False", "results_dir = None"):
            assert knob in source, (name, knob)
        for cell in nb["cells"]:
            if cell["cell_type"] == "code":
                assert cell["outputs"] == [] and cell["execution_count"] is None, name


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = _run("sample", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    mult = json.loads((out / "00_multiplicity" / "results.json").read_text())["numbers"]
    assert round(mult["experimentwise_k105_pc05"], 4) == 0.9954
    assert mult["printed_checks_agree"] == mult["printed_checks_total"] - 1   # and the one erratum
    for name in NOTEBOOKS:
        table = pd.read_csv(out / name / "paper_vs_run.csv")
        assert len(table) > 0 and set(table["verdict"]) <= {"agrees", "differs", "not comparable", "erratum"}, name


@pytest.mark.public
def test_public_profile_runs(tmp_path, monkeypatch, data_mirror):
    runs, out = _run("public", tmp_path, monkeypatch)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in NOTEBOOKS}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}


def _no_licensed_config(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv(licensed.ENV_CONFIG, str(tmp_path / "no-such-config.yaml"))


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    _no_licensed_config(tmp_path, monkeypatch)
    runs, _ = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert set(runs) == set(NOTEBOOKS) - DATA_FREE
    for name, run in runs.items():
        assert run.status == "skipped", (name, run.status, run.error)
        assert "mtc4" in run.error


def _write_mtc4_fixture(folder: Path) -> Path:
    """A small TIDES 2003 (MTC Part 4) layout in NIST mteval SGML: one refset file with
    four references, one tstset file per system, and the YAML mapping EVALKIT_MTC4 names.
    The texts come from the simulated corpus (quick size, first 4 documents)."""
    from evalkit.data.simulate.build import load_sample

    corpus = load_sample("tides2003", root=folder / "sim", quick=True)
    docs = list(dict.fromkeys(corpus.segments["document"]))[:4]
    corpus = corpus.subset(documents=docs)

    def docs_of(frame, column, ident):
        rows = frame[frame[column] == ident]
        return [nist_sgml.Document(d, ident, [nist_sgml.Segment(int(r.segment), r.text)
                                              for r in rows[rows["document"] == d].itertuples()])
                for d in docs]

    ref = nist_sgml.NistSet("refset", "mt03", "Chinese", "English")
    for r in corpus.reference_ids:
        ref.docs += docs_of(corpus.references, "reference", r)
    nist_sgml.write_nist(ref, folder / "ref.sgm")
    systems = []
    for s in corpus.systems:
        tst = nist_sgml.NistSet("tstset", "mt03", "Chinese", "English", docs_of(corpus.outputs, "system", s))
        nist_sgml.write_nist(tst, folder / f"{s}.sgm")
        systems.append(f"{s}.sgm")
    spec = folder / "mtc4.yaml"
    spec.write_text(yaml.safe_dump({"root": str(folder), "references": ["ref.sgm"], "systems": systems}))
    return spec


def test_licensed_profile_runs_on_sgml_fixture(tmp_path, monkeypatch):
    _no_licensed_config(tmp_path, monkeypatch)
    fixture = tmp_path / "mtc4"
    fixture.mkdir()
    monkeypatch.setenv(licensed.env_var("mtc4"), str(_write_mtc4_fixture(fixture)))
    runs, out = _run("licensed", tmp_path, monkeypatch, only=DATA_NOTEBOOKS)
    assert {n: r.status for n, r in runs.items()} == {n: "ok" for n in set(NOTEBOOKS) - DATA_FREE}, \
        {n: r.error for n, r in runs.items() if r.status != "ok"}
    numbers = json.loads((out / "01_table1_significance" / "results.json").read_text())["numbers"]
    assert numbers["data"] == "mtc4"
