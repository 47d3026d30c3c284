"""Smoke runs of notebooks/dorr2005/ (quick mode): sample; public (no stand-in exists: the
data notebooks must be skipped with that reason); licensed (skipped without configuration;
run on an LDC TDT-style fixture: a relevance table, SGML documents and the experiment's TSVs)."""
import pandas as pd
import pytest

from evalkit.data import licensed, relevance, tsv
from evalkit.data.simulate.tasks import simulate_task

from _notebook_smoke import assert_stripped, errors, no_licensed_config, notebook_names, numbers, run, statuses

PAPER = "dorr2005"
NOTEBOOKS = notebook_names(PAPER)
DATA = [f"{PAPER}/{n}" for n in NOTEBOOKS if not n.startswith("00_")]


def test_notebooks_exist_and_are_stripped():
    assert {"00_printed_checks", "01_table1_table6_relevance", "02_table5_partitions"} <= set(NOTEBOOKS)
    assert_stripped(PAPER)


def test_sample_profile_runs(tmp_path, monkeypatch):
    runs, out = run("sample", tmp_path, monkeypatch, [PAPER])
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS}, errors(runs)
    checks = pd.read_csv(out / PAPER / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    # Table 6's counts give Table 1's overall RP: (211 + 245)/600 = 76.0%, (251 + 237)/600 = 81.33%
    assert float(checks.loc["HEAD_rp_from_counts", "this_run"]) == 76.0
    assert float(checks.loc["HUM_rp_from_counts", "this_run"]) == pytest.approx(81.3333)
    t5 = pd.read_csv(out / PAPER / "02_table5_partitions" / "table5.csv")
    assert set(t5["size"]) == {1, 2, 4} and (t5["n"] == 300).all()
    n1 = numbers(out / PAPER, "01_table1_table6_relevance")
    assert 0 < n1["HEAD_ldc"] < 100 and n1["HUM_rp"] > n1["HUM_ldc"]


@pytest.mark.public
def test_public_profile_reports_no_stand_in(tmp_path, monkeypatch, data_mirror):
    runs, out = run("public", tmp_path, monkeypatch, [PAPER])
    assert runs["00_printed_checks"].status == "ok"
    assert "no public data set" in numbers(out / PAPER, "00_printed_checks")["no_public_stand_in"]
    for n in DATA:
        r = runs[n.split("/")[1]]
        assert r.status == "skipped" and "no public data set" in r.error


def test_licensed_profile_is_skipped_without_data(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    runs, _ = run("licensed", tmp_path, monkeypatch, DATA)
    assert all(r.status == "skipped" and "tdt3-relevance" in r.error for r in runs.values()), errors(runs)


def _write_tdt_fixture(folder):
    """The sample study in the licensed layout: relevance.table (LDC <ONTOPIC> lines), the
    documents as TDT SGML, and experiment/{events,surrogates,judgments}.tsv."""
    task, _ = simulate_task("relevance", seed=3, quick=True)
    folder.mkdir(parents=True)
    (folder / "relevance.table").write_text("".join(
        f'<ONTOPIC topicid={e} level={"YES" if r else "NO"} docno={d} fileid=19980101_APW comments="NO">\n'
        for e, d, r in task.documents[["event", "document", "relevant"]].itertuples(index=False)))
    (folder / "tdt3").mkdir()
    (folder / "tdt3" / "docs.sgm").write_text("".join(
        f"<DOC>\n<DOCNO> {d} </DOCNO>\n<TEXT>\n{t}\n</TEXT>\n</DOC>\n" for d, t in task.documents[["document", "text"]].itertuples(index=False)))
    exp = folder / "experiment"
    for name in ("events", "surrogates", "judgments"):
        tsv.write_tsv(exp / f"{name}.tsv", getattr(task, name), relevance.SPECS[name])
    return task


def test_licensed_profile_runs_on_tdt_fixture(tmp_path, monkeypatch):
    no_licensed_config(tmp_path, monkeypatch)
    task = _write_tdt_fixture(tmp_path / "tdt3rel")
    back = relevance.load_tdt_folder(tmp_path / "tdt3rel")
    pd.testing.assert_frame_equal(back.documents[["event", "document", "relevant"]].sort_values(["event", "document"]).reset_index(drop=True),
                                  task.documents[["event", "document", "relevant"]].sort_values(["event", "document"]).reset_index(drop=True),
                                  check_dtype=False)
    monkeypatch.setenv(licensed.env_var("tdt3-relevance"), str(tmp_path / "tdt3rel"))
    runs, out = run("licensed", tmp_path, monkeypatch, DATA)
    assert statuses(runs) == {n: "ok" for n in NOTEBOOKS if not n.startswith("00_")}, errors(runs)
    assert numbers(out / PAPER, "01_table1_table6_relevance")["data"]["name"] == "tdt3-relevance"
