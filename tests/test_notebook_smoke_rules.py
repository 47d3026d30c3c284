"""The rules the notebook smoke tests apply to a run's claims (tests/_notebook_smoke.py), on
claims tables written here: a recomputed claim must agree, and the verdicts must equal the
reviewed expectation (scripts/update_expected_verdicts.py regenerates it)."""

from __future__ import annotations

import importlib.util

import pandas as pd
import pytest

import _notebook_smoke as smoke
from evalkit.notebook.claims import COLUMNS


def _write_claims(out, notebook, rows):
    """rows: (claim_id, kind, verdict); the other columns filled with text."""
    frame = pd.DataFrame(
        [
            {c: {"claim_id": i, "kind": k, "verdict": v}.get(c, "x") for c in COLUMNS}
            for i, k, v in rows
        ]
    )
    (out / notebook).mkdir(parents=True, exist_ok=True)
    frame.to_csv(out / notebook / "paper_vs_run.csv", index=False)


def test_a_recomputed_claim_that_does_not_agree_fails(tmp_path):
    _write_claims(tmp_path, "00_x", [("a", "recomputed", "agrees"), ("b", "reproduced", "differs")])
    assert list(smoke.paper_vs_run(tmp_path, "00_x")["claim_id"]) == ["a", "b"]
    for verdict in ("differs", "not comparable"):
        _write_claims(
            tmp_path, "00_y", [("a", "recomputed", "agrees"), ("c", "recomputed", verdict)]
        )
        with pytest.raises(AssertionError, match=f"c = {verdict}"):
            smoke.paper_vs_run(tmp_path, "00_y")


def test_a_changed_missing_or_new_verdict_fails_until_the_expectation_is_updated(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(smoke, "EXPECTED_VERDICTS", tmp_path / "expected")
    out = tmp_path / "run"
    _write_claims(out, "01_a", [("r", "reproduced", "agrees"), ("s", "reproduced", "differs")])
    found = smoke.run_verdicts(out, "sample", ["01_a"])
    with pytest.raises(AssertionError, match="2 verdict"):  # no expectation yet
        smoke.assert_expected_verdicts("toy", "sample", found)
    (tmp_path / "expected").mkdir()
    found.to_csv(smoke.expected_verdicts_file("toy"), index=False)
    smoke.assert_expected_verdicts("toy", "sample", found)
    # every claim flips: the run used to pass whatever it concluded
    flipped = found.assign(verdict=found["verdict"].map({"agrees": "differs", "differs": "agrees"}))
    with pytest.raises(AssertionError, match="01_a \\[sample\\] r: expected 'agrees'"):
        smoke.assert_expected_verdicts("toy", "sample", flipped)
    with pytest.raises(AssertionError, match="1 verdict"):  # a claim gone
        smoke.assert_expected_verdicts("toy", "sample", found.iloc[:1])
    # the public rows are compared with the public run only
    smoke.assert_expected_verdicts("toy", "public", found.iloc[:0].assign(profile="public"))


def test_update_script_writes_what_the_tests_kept(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location(
        "update_expected_verdicts", smoke.REPO / "scripts" / "update_expected_verdicts.py"
    )
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(smoke, "EXPECTED_VERDICTS", tmp_path / "expected")
    kept = tmp_path / "kept"
    kept.mkdir()
    rows = pd.DataFrame(
        [("01_x", "sample", "c1", "agrees"), ("01_x", "sample", "c2", "inconclusive")],
        columns=list(smoke.VERDICT_COLUMNS),
    )
    rows.to_csv(kept / "kolluru2005.sample.csv", index=False)
    assert (
        script.main(["--paper", "kolluru2005", "--profile", "sample", "--from-tests", str(kept)])
        == 0
    )
    written = smoke.read_expected_verdicts("kolluru2005")
    assert written.values.tolist() == rows.values.tolist()  # any verdict word is kept as text
    smoke.assert_expected_verdicts("kolluru2005", "sample", rows)


def test_a_claim_id_written_once_per_data_set_matches_by_occurrence():
    """graham2015's public run writes each finding once for SummEval and once for REALSumm
    under one id: the k-th row of an id is compared with the k-th expected row."""
    import pandas as pd

    rows = [
        ("03_x", "public", "bleu_on_par", "agrees"),
        ("03_x", "public", "bleu_on_par", "differs"),
    ]
    expected = pd.DataFrame(rows, columns=list(smoke.VERDICT_COLUMNS))
    assert smoke.verdict_changes(expected, expected.copy()) == []
    swapped = expected.iloc[::-1].reset_index(drop=True)
    assert len(smoke.verdict_changes(expected, swapped)) == 2
