"""``evalkit score`` / ``evalkit significance`` end to end: NIST SGML input (several systems in
one tstset, several references in one refset), Parquet output, progress on stderr only,
significance clusters of systems and the metric-correlation tests with human scores, each
checked against the library functions computed here; malformed input names file and line.
The plain-text input tests are in tests/test_cli_scale_plain_text.py."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

import distributed  # noqa: F401  (pinned: the CLI runs on Dask)
import pyarrow  # noqa: F401  (pinned: the scale corpus is written as Parquet)

from evalkit.cli import main
from test_cli_scale_plain_text import in_process_bleu_bootstrap, plain_text_files
from evalkit.data.nist_sgml import NistSet, nist_set_from_segments, write_nist
from evalkit.data.simulate.scale import wmt_scale_corpus
from evalkit.metrics import get_metric
from evalkit.stats.difference_tests import assign_ranks
from evalkit.stats.distributed import (
    distributed_compare_metrics,
    distributed_significance_clusters,
)

REPO = Path(__file__).resolve().parents[1]
SYSTEMS, REFS = wmt_scale_corpus(4, 90, seed=7, n_references=2)
SPLIT = 40  # document d1: segments 1-40, d2: segments 1-50


def _docs(texts):
    return [("d1", texts[:SPLIT]), ("d2", texts[SPLIT:])]


def _sgml(tmp_path):
    """One tstset with the four systems (documents in another order than the refset) and one
    refset with the two references."""
    tst = NistSet("tstset", "scale", "de", "en")
    for name, hyps in SYSTEMS.items():
        tst.docs += nist_set_from_segments(
            "tstset", "scale", "de", "en", name, _docs(hyps)[::-1]
        ).docs
    ref = NistSet("refset", "scale", "de", "en")
    for r in range(2):
        ref.docs += nist_set_from_segments(
            "refset", "scale", "de", "en", f"ref{r}", _docs([s[r] for s in REFS])
        ).docs
    write_nist(tst, tmp_path / "tst.sgm")
    write_nist(ref, tmp_path / "ref.sgm")
    return [str(tmp_path / "tst.sgm"), "--refs", str(tmp_path / "ref.sgm")]


def _text(tmp_path):
    files, refs = plain_text_files(tmp_path, SYSTEMS, REFS)
    return files + refs


def _keys():
    return [("d1", i + 1) for i in range(SPLIT)] + [("d2", i + 1) for i in range(len(REFS) - SPLIT)]


def test_sgml_scores_equal_the_single_process_scores_and_parquet_equals_csv(tmp_path):
    args = _sgml(tmp_path)
    score = ["score", *args, "--metric", "bleu", "--metric", "wer", "--workers", "0", "--quiet"]
    assert main([*score, "--output", str(tmp_path / "s.parquet")]) == 0
    assert main([*score, "--format", "csv", "--output", str(tmp_path / "s.out")]) == 0
    frame = pd.read_parquet(tmp_path / "s.parquet")
    pd.testing.assert_frame_equal(frame, pd.read_csv(tmp_path / "s.out"), check_exact=True)
    assert sorted(frame["system"].unique()) == sorted(SYSTEMS)
    for row in frame.itertuples():
        single = get_metric(row.metric).corpus_score(SYSTEMS[row.system], REFS)
        assert row.score == float(getattr(single, "score", single))


def test_sgml_segment_level_keys_are_documents_and_segment_ids(tmp_path):
    args = _sgml(tmp_path)
    assert (
        main(
            [
                "score",
                *args,
                "--level",
                "segment",
                "--workers",
                "0",
                "--quiet",
                "--output",
                str(tmp_path / "seg.csv"),
            ]
        )
        == 0
    )
    frame = pd.read_csv(tmp_path / "seg.csv", keep_default_na=False)
    assert list(frame.columns) == ["metric", "system", "document", "segment", "score"]
    first = frame[frame["system"] == "sys00"]
    assert (
        list(zip(first["document"], first["segment"])) == _keys()
    )  # refset order, not tstset order
    expected = get_metric("bleu").sentence_scores(SYSTEMS["sys00"], REFS)
    np.testing.assert_array_equal(first["score"].to_numpy(), expected)


def test_sgml_equals_plain_text_significance_with_clusters(tmp_path):
    outs = {}
    for kind, args in (("sgml", _sgml(tmp_path)), ("text", _text(tmp_path))):
        prefix = tmp_path / kind
        assert (
            main(
                [
                    "significance",
                    *args,
                    "--resamples",
                    "400",
                    "--block-size",
                    "90",
                    "--seed",
                    "5",
                    "--workers",
                    "0",
                    "--quiet",
                    "--output",
                    f"{prefix}-t.parquet",
                    "--matrix",
                    f"{prefix}-m.parquet",
                    "--clusters",
                    f"{prefix}-c.parquet",
                ]
            )
            == 0
        )
        outs[kind] = [pd.read_parquet(f"{prefix}-{x}.parquet") for x in "tmc"]
    for a, b in zip(outs["sgml"], outs["text"]):
        pd.testing.assert_frame_equal(
            a.sort_values(list(a.columns[:2])).reset_index(drop=True),
            b.sort_values(list(b.columns[:2])).reset_index(drop=True),
            check_exact=True,
        )
    expected = in_process_bleu_bootstrap(SYSTEMS, REFS, n_resamples=400, block_size=90, seed=5)
    results, matrix, clusters = outs["text"]
    assert list(results["p_value"]) == list(expected["p_value"])
    # clusters recomputed here from the expected p-values (assign_ranks on the score order)
    scores = dict(zip(expected["baseline"], expected["baseline_score"])) | dict(
        zip(expected["system"], expected["score"])
    )
    order = sorted(scores, key=lambda s: -scores[s])
    p = {frozenset((r.system, r.baseline)): r.p_value for r in expected.itertuples()}
    k = len(order)
    pm = np.ones((k, k))
    for i in range(k):
        for j in range(i + 1, k):
            pm[i, j] = p[frozenset((order[i], order[j]))]
    assert list(clusters["system"]) == order
    assert list(clusters["rank"]) == assign_ranks(pm, 0.05)
    assert list(matrix.columns) == ["metric", "system", *SYSTEMS]


def test_system_clusters_of_an_error_rate_put_the_lowest_score_first(tmp_path):
    args = _text(tmp_path)
    out = tmp_path / "c.csv"
    assert (
        main(
            [
                "significance",
                *args,
                "--metric",
                "wer",
                "--resamples",
                "100",
                "--workers",
                "0",
                "--quiet",
                "--output",
                str(tmp_path / "t.csv"),
                "--clusters",
                str(out),
            ]
        )
        == 0
    )
    clusters = pd.read_csv(out)
    wer = get_metric("wer")
    expected = sorted(SYSTEMS, key=lambda s: wer.corpus_score(SYSTEMS[s], REFS))
    assert list(clusters["system"]) == expected
    assert list(clusters["score"]) == [wer.corpus_score(SYSTEMS[s], REFS) for s in expected]
    assert clusters["rank"].is_monotonic_increasing


def _human(tmp_path, keys, gaps=()):
    rng = np.random.default_rng(2)
    lines = ["system\tdocument\tsegment\tscore"]
    human = np.full((len(SYSTEMS), len(REFS)), np.nan)
    for s, name in enumerate(SYSTEMS):
        for j, (doc, seg) in enumerate(keys):
            if (s, j) in gaps:
                continue
            human[s, j] = s + rng.normal()
            lines.append(f"{name}\t{doc}\t{seg}\t{float(human[s, j])!r}")
    path = tmp_path / "human.tsv"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path, human


def test_metric_correlation_tests_against_human_scores(tmp_path):
    args = _sgml(tmp_path)
    human_path, human = _human(tmp_path, _keys(), gaps={(1, 3), (2, 50)})
    options = "--corr-test boot --unit both --corr-level summary --coefficient kendall".split()
    metrics = "--metric bleu --metric chrf --metric wer".split()
    run = "--resamples 200 --block-size 60 --seed 9 --workers 0 --quiet".split()
    outputs = ["--output", str(tmp_path / "r.csv"), "--matrix", str(tmp_path / "m.csv")]
    outputs += ["--clusters", str(tmp_path / "c.parquet")]
    argv = ["significance", *args, *metrics, "--human", str(human_path), *options, *run]
    assert main(argv + outputs) == 0
    mats = {}
    for name in ("bleu", "chrf", "wer"):
        metric = get_metric(name)
        sign = 1 if metric.higher_is_better else -1
        mats[name] = sign * np.stack([metric.sentence_scores(h, REFS) for h in SYSTEMS.values()])
    design = dict(test="boot", unit="both", level="summary", method="kendall")
    kw = dict(design, n_resamples=200, seed=9, block_size=60, n_workers=0)
    expected = distributed_compare_metrics(mats, human, **kw)
    got = pd.read_csv(tmp_path / "r.csv")
    np.testing.assert_array_equal(got["p_value"], expected["p_value"])
    assert list(got["metric_a"]) == list(expected["metric_a"])
    m = pd.read_csv(tmp_path / "m.csv").set_index("metric")
    for row in expected.itertuples():
        assert m.loc[row.metric_a, row.metric_b] == row.p_value
    clusters = pd.read_parquet(tmp_path / "c.parquet")
    single = distributed_significance_clusters(mats, human, alpha=0.05, **kw)
    assert list(clusters["metric"]) == list(single["metric"]) and list(clusters["rank"]) == list(
        single["rank"]
    )
    assert [list(b) for b in clusters["beaten_by"]] == list(single["beaten_by"])


@pytest.mark.parametrize(
    "edit,where",
    [
        (lambda t: t.replace('<seg id="3">', '<seg id="3"><seg>', 1), "tst.sgm, line"),
        (lambda t: t.replace('<seg id="7">', '<seg id="x7">', 1), "tst.sgm, line"),
        (lambda t: t.replace("</doc>", "", 1), "tst.sgm, line"),
    ],
)
def test_malformed_sgml_names_file_and_line(tmp_path, capsys, edit, where):
    args = _sgml(tmp_path)
    path = tmp_path / "tst.sgm"
    path.write_text(edit(path.read_text()))
    assert main(["score", *args, "--workers", "0", "--quiet"]) == 2
    err = capsys.readouterr().err
    assert where in err and "expected" in err


def test_mismatched_documents_and_bad_human_rows_are_errors(tmp_path, capsys):
    args = _sgml(tmp_path)
    ref = tmp_path / "ref.sgm"
    ref.write_text(ref.read_text().replace('docid="d2"', 'docid="d9"'))
    assert main(["score", *args, "--workers", "0", "--quiet"]) == 2
    assert "ref.sgm" in capsys.readouterr().err
    args = _text(tmp_path)
    human, _ = _human(tmp_path, [("", i + 1) for i in range(len(REFS))])
    human.write_text(human.read_text() + "sys00\t\t999\t1.0\n")
    metrics = "--metric bleu --metric chrf".split()
    assert (
        main(["significance", *args, *metrics, "--human", str(human), "--workers", "0", "--quiet"])
        == 2
    )
    err = capsys.readouterr().err
    assert "human.tsv, line" in err and "999" in err
    assert main(["score", *args[:1], "--refs", str(tmp_path / "ref.sgm"), "--workers", "0"]) == 2
    assert "all NIST SGML/XML or all plain text" in capsys.readouterr().err
    assert main(["score", *args, "--format", "parquet", "--workers", "0"]) == 2
    assert "Parquet" in capsys.readouterr().err


def _cli(*argv, env=None):
    return subprocess.run(
        [sys.executable, "-m", "evalkit", *argv],
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=str(REPO), **(env or {})),
        timeout=600,
    )


@pytest.mark.slow
def test_subprocess_local_cluster_progress_on_stderr_and_data_on_stdout(tmp_path):
    """A LocalCluster of two worker processes by default: stdout is exactly the CSV, progress
    and messages are on stderr, --quiet silences them; the scores equal the in-process ones."""
    args = _sgml(tmp_path)
    loud = _cli("score", *args, "--metric", "chrf", "--partition-size", "30")
    assert loud.returncode == 0, loud.stderr
    assert "statistics task" in loud.stderr and "evalkit score: chrf done" in loud.stderr
    assert loud.stdout.splitlines()[0] == "metric,system,score"
    quiet = _cli("score", *args, "--metric", "chrf", "--workers", "0", "--quiet")
    assert quiet.returncode == 0 and quiet.stderr == ""
    assert quiet.stdout == loud.stdout


def test_readme_large_evaluations_commands_parse():
    """Every ``evalkit`` command shown in README's "Large evaluations" is accepted by the parser
    (the docs keep matching the options)."""
    import shlex

    from evalkit.cli import build_parser

    text = (REPO / "README.md").read_text(encoding="utf-8")
    section = text[text.index("## Large evaluations") :]
    section = section[: section.index("\n## ", 5)]
    commands = []
    for line in section.replace("\\\n", " ").splitlines():
        if not line.strip().split(" ")[0].startswith(("evalkit", "EVALKIT_")):
            continue
        words = shlex.split(line.split(" > ")[0])
        words = [w for w in words if "=" not in w or w.startswith("-")]
        if words[:1] == ["evalkit"]:
            commands.append(words[1:])
    assert len(commands) >= 6 and {c[0] for c in commands} == {"score", "significance"}
    parser = build_parser()
    for argv in commands:
        args = parser.parse_args(argv)
        assert args.func is not None
    assert any("--scheduler" in c for c in commands) and any("--human" in c for c in commands)
