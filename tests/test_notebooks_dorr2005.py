"""Smoke runs of notebooks/dorr2005/ (quick mode), see tests/_notebook_smoke.py: sample; public
(no stand-in exists: the data notebooks must be skipped with that reason); licensed (skipped
without configuration; run on an LDC TDT-style fixture: a relevance table, SGML documents and
the experiment's TSVs)."""

import pandas as pd
import pytest

from evalkit.data import licensed, relevance, tsv
from evalkit.data.simulate.tasks import simulate_task

from _notebook_smoke import numbers, runs_on, Smoke

NO_STAND_IN = "no public data set"


def _sample(out):
    checks = pd.read_csv(out / "00_printed_checks" / "paper_vs_run.csv").set_index("claim_id")
    # Table 6's counts give Table 1's overall RP: (211 + 245)/600 = 76.0%, (251 + 237)/600 = 81.33%
    assert float(checks.loc["HEAD_rp_from_counts", "this_run"]) == 76.0
    assert float(checks.loc["HUM_rp_from_counts", "this_run"]) == pytest.approx(81.3333)
    t5 = pd.read_csv(out / "02_table5_partitions" / "table5.csv")
    assert set(t5["size"]) == {1, 2, 4} and (t5["n"] == 300).all()
    n1 = numbers(out, "01_table1_table6_relevance")
    assert 0 < n1["HEAD_ldc"] < 100 and n1["HUM_rp"] > n1["HUM_ldc"]


def _public(out):
    assert NO_STAND_IN in numbers(out, "00_printed_checks")["no_public_stand_in"]


def _write_tdt_fixture(tmp_path, monkeypatch):
    """The sample study in the licensed layout: relevance.table (LDC <ONTOPIC> lines), the
    documents as TDT SGML, and experiment/{events,surrogates,judgments}.tsv; read back by the
    loader before the notebooks run on it."""
    task, _ = simulate_task("relevance", seed=3, quick=True)
    folder = tmp_path / "tdt3rel"
    folder.mkdir(parents=True)
    (folder / "relevance.table").write_text(
        "".join(
            f'<ONTOPIC topicid={e} level={"YES" if r else "NO"} docno={d} fileid=19980101_APW comments="NO">\n'
            for e, d, r in task.documents[["event", "document", "relevant"]].itertuples(index=False)
        )
    )
    (folder / "tdt3").mkdir()
    (folder / "tdt3" / "docs.sgm").write_text(
        "".join(
            f"<DOC>\n<DOCNO> {d} </DOCNO>\n<TEXT>\n{t}\n</TEXT>\n</DOC>\n"
            for d, t in task.documents[["document", "text"]].itertuples(index=False)
        )
    )
    exp = folder / "experiment"
    for name in ("events", "surrogates", "judgments"):
        tsv.write_tsv(exp / f"{name}.tsv", getattr(task, name), relevance.SPECS[name])
    key = ["event", "document", "relevant"]
    back = relevance.load_tdt_folder(folder)
    pd.testing.assert_frame_equal(
        back.documents[key].sort_values(key[:2]).reset_index(drop=True),
        task.documents[key].sort_values(key[:2]).reset_index(drop=True),
        check_dtype=False,
    )
    monkeypatch.setenv(licensed.env_var("tdt3-relevance"), str(folder))


SMOKE = Smoke(
    "dorr2005",
    {"00_printed_checks", "01_table1_table6_relevance", "02_table5_partitions"},
    skip_reason="tdt3-relevance",
    licensed_fixture=_write_tdt_fixture,
    sample_check=_sample,
    public_check=_public,
    public_skip_reason=NO_STAND_IN,
    licensed_check=runs_on("01_table1_table6_relevance", "tdt3-relevance"),
)
