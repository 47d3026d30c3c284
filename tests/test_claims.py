"""The claims layer: verdicts are computed from a declared comparison, never typed.

Each test states the rule it enforces; the scan of ``evalkit/papers`` fails on any literal
verdict (``verdict="agrees"``, ``agrees=True``) in a paper module.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pandas as pd
import pytest

import evalkit
from evalkit.errors import ParameterError
from evalkit.notebook.claims import (
    COUNTED,
    Claims,
    check_claims,
    finding_verdict,
    printed_precision,
    scorecard,
    upgrade,
)

PAPERS = Path(evalkit.__file__).resolve().parent / "papers"


@pytest.mark.parametrize(
    "expected, difference, kw, verdict",
    [
        # a 1 -> 2 gain of 0.0002 inside the noise is not agreement
        (">", 0.0002, {"p_value": 0.41}, "inconclusive"),
        (">", 0.0002, {"p_value": 0.049}, "agrees"),
        (">", -0.0002, {"p_value": 0.049}, "differs"),
        ("<", -0.3, {"p_value": 0.2}, "inconclusive"),  # r = 0.21 vs -0.20 at n = 10
        ("<", -0.3, {"ci": (-0.5, -0.1)}, "agrees"),
        ("<", 0.3, {"ci": (0.1, 0.5)}, "differs"),
        (">", 0.3, {"ci": (-0.1, 0.5)}, "inconclusive"),
        (">", 0.0, {"p_value": 0.0}, "inconclusive"),
        (">", float("nan"), {"p_value": 0.01}, "inconclusive"),
        (">", 0.1, {"p_value": float("nan")}, "inconclusive"),
    ],
)
def test_finding_needs_direction_and_significance(expected, difference, kw, verdict):
    assert finding_verdict(expected, difference, **kw) == verdict


@pytest.mark.parametrize(
    "kw",
    [
        {"expected": "better", "difference": 0.1, "p_value": 0.01},
        {"expected": ">", "difference": 0.1},  # no test
        {"expected": ">", "difference": 0.1, "p_value": 0.01, "ci": (0, 1)},
        {"expected": ">", "difference": 0.1, "p_value": 1.5},
        {"expected": ">", "difference": 0.1, "p_value": 0.01, "alpha": 0},
        {"expected": ">", "difference": 0.1, "ci": (0.5, 0.2)},
        {"expected": ">", "difference": -0.1, "ci": (0.2, 0.5)},  # outside its own interval
    ],
)
def test_finding_refuses_what_is_not_a_test(kw):
    with pytest.raises(ParameterError):
        finding_verdict(**kw)


def test_finding_row_records_its_test_and_p_value():
    c = Claims("demo", data="toy")
    c.finding(
        "a_beats_b", source="§2", printed="A above B", expected=">", difference=0.05,
        p_value=0.0004, test="Williams test",
    )  # fmt: skip
    c.finding("a_beats_c", source="§2", printed="A above C", expected=">", difference=0.05,
              ci=(0.01, 0.09), test="paired bootstrap 95% CI")  # fmt: skip
    f = c.frame().set_index("claim_id")
    assert f.loc["a_beats_b", "verdict"] == "agrees"
    assert f.loc["a_beats_b", "evidence"].startswith("Williams test: difference +0.050, p < 0.001")
    assert "CI [+0.010, +0.090]" in f.loc["a_beats_c", "evidence"]
    with pytest.raises(ParameterError):
        c.finding("x", source="§2", printed="A", expected=">", difference=0.1, p_value=0.1, test="")


def test_paired_finding_is_a_two_sided_paired_t_test():
    from scipy import stats

    a, b = [0.36, 0.40, 0.41, 0.46, 0.35], [0.30, 0.35, 0.36, 0.41, 0.30]
    c = Claims("demo", data="toy")
    c.paired_finding("a_above_b", a, b, over="the 5 documents", source="§2", printed="A > B")
    c.paired_finding("a_below_b", a, b, over="the 5 documents", source="§2", printed="A < B",
                     expected="<", note="n")  # fmt: skip
    f = c.frame().set_index("claim_id")
    p = stats.ttest_rel(a, b).pvalue
    d = sum(a) / 5 - sum(b) / 5
    assert f.loc["a_above_b", "evidence"] == (
        f"paired t-test over the 5 documents: difference {d:+.3f}, p < 0.001 (alpha 0.05; paper: >)"
    )
    assert f.loc["a_above_b", "this_run"] == f"{d:+.3f}"
    assert p < 0.001
    assert (f.loc["a_above_b", "verdict"], f.loc["a_below_b", "verdict"]) == ("agrees", "differs")
    assert f.loc["a_below_b", "note"] == "n"


def test_check_equal_holds_only_on_the_exact_printed_value():
    c = Claims("demo", data="toy")
    c.check_equal("same", source="§1", printed="0.780", this_run="0.780", note="n")
    c.check_equal("rounded", source="§1", printed="0.780", this_run="0.78")
    c.check_equal("count", source="§1", printed=12, this_run=13, kind="consistency")
    f = c.frame().set_index("claim_id")
    assert list(f["verdict"]) == ["agrees", "differs", "differs"]
    assert list(f["evidence"]) == ["exact"] * 3
    assert (f.loc["same", "note"], f.loc["count", "kind"]) == ("n", "consistency")


def test_welch_finding_is_a_two_sided_welch_t_test():
    from scipy import stats

    a, b = [0.80, 0.84, 0.79, 0.86, 0.83, 0.81], [0.70, 0.75, 0.64, 0.77, 0.69]
    c = Claims("demo", data="toy")
    c.welch_finding("a_above_b", a, b, source="§2", printed="A > B", test="Welch's t test")
    c.welch_finding("a_below_b", a, b, source="§2", printed="A < B", test="W", expected="<")
    c.welch_finding("one_value", a, [0.7], source="§2", printed="A > B", test="W")
    c.welch_finding("constant", [1.0, 1.0], [1.0, 1.0], source="§2", printed="A > B", test="W")
    f = c.frame().set_index("claim_id")
    p = stats.ttest_ind(a, b, equal_var=False).pvalue
    assert p != stats.ttest_ind(a, b).pvalue  # Welch's, not Student's
    d = sum(a) / 6 - sum(b) / 5
    assert f.loc["a_above_b", "evidence"] == (
        f"Welch's t test: difference {d:+.3f}, p = {p:.3f} (alpha 0.05; paper: >)"
    )
    assert (f.loc["a_above_b", "verdict"], f.loc["a_below_b", "verdict"]) == ("agrees", "differs")
    for no_test in ("one_value", "constant"):  # no test: p = 1, never significant
        assert f.loc[no_test, "verdict"] == "inconclusive"
        assert "p = 1.000" in f.loc[no_test, "evidence"]


@pytest.mark.parametrize(
    "printed, tol",
    [("0.780", 0.0005), ("0.78", 0.005), ("12", 0.5), ("45%", 0.5), (0.78, 0.005), (12.0, 0.5),
     (7, 0.5), ("yes", None), (True, None), ("−0.25", 0.005)],
)  # fmt: skip
def test_printed_precision(printed, tol):
    assert printed_precision(printed) == (pytest.approx(tol) if tol is not None else None)


def test_compare_within_the_printed_precision():
    c = Claims("demo")
    c.compare("rounded", source="§1", printed="0.780", this_run=0.7804)
    c.compare("off_by_one", source="§1", printed="0.780", this_run=0.781)  # 0.780 vs 0.781
    c.compare("coarse", source="§1", printed="0.78", this_run=0.781)
    c.compare("stated", source="§1", printed="0.78", this_run=0.80, tolerance=0.05)
    c.compare("stand_in", source="§1", printed="0.78", this_run=0.1, comparable=False)
    c.compare("nan", source="§1", printed="0.78", this_run=float("nan"), tolerance=1.0)
    f = c.frame().set_index("claim_id")
    assert f["verdict"].to_dict() == {
        "rounded": "agrees",
        "off_by_one": "differs",
        "coarse": "agrees",
        "stated": "agrees",
        "stand_in": "not comparable",
        "nan": "differs",
    }
    assert f.loc["off_by_one", "evidence"] == "|difference| <= 0.0005 (printed precision)"
    assert f.loc["stated", "evidence"] == "|difference| <= 0.05"


def test_no_typed_agreement():
    c = Claims("demo")
    for verdict in COUNTED:
        with pytest.raises(ParameterError):
            c.add("x", source="§1", printed="a", this_run="b", verdict=verdict)
    with pytest.raises(ParameterError):
        c.check("x", source="§1", printed="a", this_run="b", holds="yes")
    for method in (c.not_comparable, c.derived, c.by_construction):
        with pytest.raises(ParameterError):  # a shown verdict needs its reason
            method("x", source="§1", printed="a", this_run="b", note="")


def test_erratum_is_computed_from_the_recomputation():
    c = Claims("demo")
    c.erratum(
        "misprint", source="Table 7", printed="0.9016", this_run=0.9106, note="digits swapped"
    )
    c.erratum("fine", source="Table 7", printed="0.9106", this_run=0.91058, note="suspected")
    f = c.frame().set_index("claim_id")["verdict"]
    assert f.to_dict() == {"misprint": "erratum", "fine": "agrees"}
    with pytest.raises(ParameterError):
        c.erratum("x", source="Table 7", printed="1", this_run=2, note="")


def _published(tmp_path, monkeypatch, readme):
    folder = tmp_path / "demo"
    folder.mkdir()
    (folder / "README.md").write_text(readme, encoding="utf-8")
    monkeypatch.setenv("EVALKIT_PUBLISHED_DIR", str(tmp_path))


README = """# Demo (2005)

## Sections, tables and figures

Abstract; Section 1; Section 3; Section 3.2; Table 1; Table 6; Figure 1; Footnote 1;
Conclusion

## Headline findings

- `hwcm_beats_bleu` (Abstract): "HWCM correlates better than BLEU at the corpus level"
- `k2_beats_k1` (Conclusion): "two references are better than one"
"""


def test_sources_must_name_parts_the_paper_has(tmp_path, monkeypatch):
    _published(tmp_path, monkeypatch, README)
    c = Claims("demo")
    c.compare("a", source="Table 6 (HWCM, 1)", printed="0.5", this_run=0.5)
    c.compare("b", source="§3.2; fig. 1; abstract", printed="0.5", this_run=0.5)
    for bad in ("Section 2.3", "Table 7", "Figure 1 and Section 4"):
        with pytest.raises(ParameterError, match="README"):
            c.compare("c", source=bad, printed="0.5", this_run=0.5)


def test_headline_level_comes_from_the_readme(tmp_path, monkeypatch):
    _published(tmp_path, monkeypatch, README)
    c = Claims("demo")
    c.finding("hwcm_beats_bleu", source="Abstract", printed="HWCM above BLEU", expected=">",
              difference=0.03, p_value=0.2, test="Williams test")  # fmt: skip
    c.compare("detail_row", source="Table 1", printed="1", this_run=1)
    assert c.frame().set_index("claim_id")["level"].to_dict() == {
        "hwcm_beats_bleu": "headline",
        "detail_row": "detail",
    }


def test_scorecard_counts_only_evidence_per_level(tmp_path, monkeypatch):
    _published(tmp_path, monkeypatch, README)
    c = Claims("demo")
    c.finding("hwcm_beats_bleu", source="Abstract", printed="x", expected=">", difference=0.1,
              p_value=0.001, test="Williams test")  # fmt: skip
    c.finding("k2_beats_k1", source="Conclusion", printed="x", expected=">", difference=0.0002,
              p_value=0.6, test="paired bootstrap")  # fmt: skip
    c.compare("t1", source="Table 1", printed="0.5", this_run=0.7)
    c.derived("d", source="Table 1", this_run=3, note="no printed value")
    c.by_construction("b", source="Table 1", printed="56", this_run=56, note="sizes given")
    c.not_comparable("n", source="Table 1", printed="0.5", note="stand-in data")
    card = scorecard(check_claims(c.frame()))
    assert card.loc["headline", ["agrees", "differs", "inconclusive", "counted"]].tolist() == [
        1,
        0,
        1,
        2,
    ]
    assert card.loc["detail", ["agrees", "differs", "counted"]].tolist() == [0, 1, 1]
    assert card.loc["detail", ["derived", "by construction", "not comparable"]].tolist() == [
        1,
        1,
        1,
    ]


def test_old_tables_are_upgraded():
    old = pd.DataFrame(
        [["a", "reproduced", "§1", "1", "1", "toy", "agrees", ""]],
        columns=["claim_id", "kind", "source", "printed", "this_run", "data", "verdict", "note"],
    )
    new = check_claims(upgrade(old))
    assert new.loc[0, "level"] == "detail" and new.loc[0, "evidence"] == ""


def _literal_verdicts(path: Path):
    tree = ast.parse(path.read_text(encoding="utf-8"))
    words = {"agrees", "differs", "inconclusive"}
    for node in ast.walk(tree):
        if isinstance(node, ast.keyword):
            v = node.value
            if node.arg == "verdict" and isinstance(v, ast.Constant) and isinstance(v.value, str):
                yield node.value.lineno, f"verdict={v.value!r}"
            if node.arg == "agrees" and isinstance(v, ast.Constant) and v.value in (True, False):
                yield node.value.lineno, f"agrees={v.value!r}"
            if node.arg == "holds" and isinstance(v, ast.Constant):
                yield node.value.lineno, f"holds={v.value!r}"
        if isinstance(node, ast.Dict):
            for k, v in zip(node.keys, node.values):
                if (
                    isinstance(k, ast.Constant)
                    and k.value in ("verdict", "agrees")
                    and isinstance(v, ast.Constant)
                    and (v.value in words or v.value in (True, False))
                ):
                    yield v.lineno, f"{k.value!r}: {v.value!r}"
        # a verdict word computed by hand: `v = "agrees"`, `return "differs"`, `"agrees" if ...`
        if isinstance(node, (ast.Assign, ast.AnnAssign, ast.Return, ast.IfExp)):
            values = [node.body, node.orelse] if isinstance(node, ast.IfExp) else [node.value]
            for v in values:
                if isinstance(v, ast.Constant) and v.value in words:
                    yield v.lineno, f"the verdict word {v.value!r}"


def test_no_literal_verdict_in_paper_modules():
    """A paper module never types a verdict: it declares a comparison (compare, check,
    finding, erratum) or a shown row (not_comparable, derived, by_construction)."""
    bad = [
        f"{p.relative_to(PAPERS.parent)}:{line}: {what}"
        for p in sorted(PAPERS.rglob("*.py"))
        for line, what in _literal_verdicts(p)
    ]
    assert not bad, "literal verdicts:\n" + "\n".join(bad)


def test_the_literal_scan_can_fail(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text(
        'c.add("x", source="§1", printed=1, this_run=1, agrees=True)\n'
        'c.add("y", source="§1", printed=1, this_run=1, verdict="agrees")\n'
        'rows.append({"claim_id": "z", "verdict": "differs"})\n'
        'ok = c.check("w", source="§1", printed=1, this_run=1, holds=a > b)\n'
        'v = "agrees" if a > b else "differs"\n'
        'frame = pd.DataFrame(rows, columns=["diff", "agrees"])\n'
    )
    found = [line for line, _ in _literal_verdicts(bad)]
    assert sorted(set(found)) == [1, 2, 3, 5]


def _papers():
    root = PAPERS.parent.parent / "data" / "published"
    return sorted(p.name for p in root.iterdir() if (p / "README.md").is_file())


@pytest.mark.parametrize("paper", _papers())
def test_every_paper_lists_its_parts_and_headline_findings(paper):
    """data/published/<paper>/README.md lists the paper's sections, tables and figures (the
    claims' sources are checked against it at run time) and its headline findings, each with
    the sentence it comes from (that the notebooks produce each headline claim is checked
    against the reviewed verdicts of the smoke runs, tests/expected_verdicts)."""
    from evalkit.data.published import headline_findings, paper_references

    parts = paper_references(paper)
    assert parts, f"{paper}: no 'Sections, tables and figures' list in its README"
    heads = headline_findings(paper)
    assert heads, f"{paper}: no 'Headline findings' list in its README"
    for claim_id, head in heads.items():
        assert len(head["sentence"]) > 20, f"{paper}: {claim_id} has no quoted sentence"
        assert head["where"], f"{paper}: {claim_id} does not say where the paper says it"


@pytest.mark.parametrize("paper", _papers())
def test_every_headline_finding_is_a_claim_of_the_smoke_runs(paper):
    """Each headline finding of the README is a claim row of the paper's notebooks on the
    sample or public smoke runs (their reviewed verdicts, tests/expected_verdicts)."""
    from evalkit.data.published import headline_findings

    expected = PAPERS.parent.parent / "tests" / "expected_verdicts" / f"{paper}.csv"
    produced = set(pd.read_csv(expected, dtype=str)["claim_id"]) if expected.is_file() else set()
    missing = sorted(set(headline_findings(paper)) - produced)
    assert not missing, f"{paper}: headline findings no notebook produces: {missing}"


def test_calibrated_rows_are_by_construction_only_on_simulated_data():
    """A row stating a printed value the simulator was calibrated to is evidence of nothing on
    the sample: whatever its comparison says, it is shown as by construction, naming the
    target; the same row on real data keeps its computed verdict."""
    for simulated, verdict in ((True, "by construction"), (False, "agrees")):
        c = Claims("owczarzak2012assessors", simulated=simulated)
        c.compare("pairs_2009", source="§2", printed=230, this_run=230.0)
        c.compare("table1:x:y", source="Table 1", printed=0.5, this_run=0.5)
        rows = c.frame().set_index("claim_id")
        assert rows.at["pairs_2009", "verdict"] == verdict
        assert rows.at["table1:x:y", "verdict"] == "agrees"  # not a calibrated value
        assert ("identical_pairs_2009" in rows.at["pairs_2009", "note"]) == simulated
        assert c.calibrated("pairs_2009") == ("identical_pairs_2009" if simulated else None)
    with pytest.raises(ParameterError, match="simulated"):
        Claims("owczarzak2012assessors", simulated="yes")


def test_every_calibrated_claim_is_by_construction_in_the_sample_smoke_runs():
    """Each simulator target naming a claim row (simulator_targets.csv, claim_id) is a row of
    that paper's sample smoke runs, shown as by construction (tests/expected_verdicts, which
    the notebook smoke tests compare with the runs' verdicts)."""
    from evalkit.data.simulate.realism import read_targets

    targets = read_targets()
    named = targets[targets["claim_id"] != ""]
    assert len(named) >= 60  # who Tables 2-4, conditions footnote 1, assessors §2
    for paper, rows in named.groupby("paper"):
        runs = pd.read_csv(PAPERS.parent.parent / "tests" / "expected_verdicts" / f"{paper}.csv")
        sample = runs[runs["profile"] == "sample"].set_index("claim_id")["verdict"]
        for cid in " ".join(rows["claim_id"]).split():
            assert sample.get(cid) == "by construction", f"{paper}: {cid} is {sample.get(cid)}"
