"""``evalkit score`` and ``evalkit significance`` (evalkit/cli/scale.py) on plain-text files; the
SGML, Parquet, clusters, human-correlation and subprocess tests are in tests/test_cli_scale.py."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from evalkit.cli import main
from evalkit.data.simulate.scale import wmt_scale_corpus
from evalkit.metrics import get_metric
from evalkit.stats.distributed import distributed_bootstrap

SYSTEMS, REFS = wmt_scale_corpus(3, 150, seed=5, n_references=2)


def in_process_bleu_bootstrap(systems, refs, **kw) -> pd.DataFrame:
    """What ``evalkit significance`` must print: the centred paired bootstrap of BLEU over all
    pairs of ``systems``, in this process (``kw``: resamples, block size, seed)."""
    bleu = get_metric("bleu")
    stats = {k: bleu.segment_statistics(h, refs) for k, h in systems.items()}
    return distributed_bootstrap(stats, bleu, pairs="all", method="centred", n_workers=0, **kw)


def plain_text_files(folder, systems, refs) -> tuple:
    """``systems`` (name -> outputs) and ``refs`` (per segment, one text per reference) as
    one-line-per-segment files in ``folder``: (the system files, ``--refs`` arguments)."""
    refs_args = []
    for r in range(len(refs[0])):
        path = folder / f"ref{r}.txt"
        path.write_text("".join(seg[r] + "\n" for seg in refs), encoding="utf-8")
        refs_args += ["--refs", str(path)]
    files = []
    for name, hyps in systems.items():
        path = folder / f"{name}.txt"
        path.write_text("".join(h + "\n" for h in hyps), encoding="utf-8")
        files.append(str(path))
    return files, refs_args


def _files(tmp_path):
    return plain_text_files(tmp_path, SYSTEMS, REFS)


@pytest.mark.slow
def test_score_writes_the_single_process_scores(tmp_path):
    """A LocalCluster of one worker process (started by the command)."""
    systems, refs = _files(tmp_path)
    out = tmp_path / "scores.csv"
    assert (
        main(
            [
                "score",
                *systems,
                *refs,
                "--metric",
                "bleu",
                "--metric",
                "chrf",
                "--workers",
                "1",
                "--output",
                str(out),
            ]
        )
        == 0
    )
    frame = pd.read_csv(out)
    assert list(frame.columns) == ["metric", "system", "score"] and len(frame) == 6
    for row in frame.itertuples():
        single = get_metric(row.metric).corpus_score(SYSTEMS[row.system], REFS)
        assert row.score == float(getattr(single, "score", single))


def test_significance_matrix_and_results(tmp_path):
    systems, refs = _files(tmp_path)
    out, matrix = tmp_path / "tests.csv", tmp_path / "matrix.csv"
    assert (
        main(
            [
                "significance",
                *systems,
                *refs,
                "--resamples",
                "300",
                "--block-size",
                "100",
                "--seed",
                "3",
                "--workers",
                "0",
                "--output",
                str(out),
                "--matrix",
                str(matrix),
            ]
        )
        == 0
    )
    expected = in_process_bleu_bootstrap(SYSTEMS, REFS, n_resamples=300, block_size=100, seed=3)
    got = pd.read_csv(out)
    assert list(got["p_value"]) == list(expected["p_value"])
    m = pd.read_csv(matrix).drop(columns="metric").set_index("system")
    assert list(m.index) == list(m.columns) == list(SYSTEMS)
    values = m.to_numpy()
    assert np.allclose(values, values.T, equal_nan=True)
    for row in expected.itertuples():
        assert m.loc[row.system, row.baseline] == row.p_value


def test_line_count_mismatch_names_the_file(tmp_path, capsys):
    systems, refs = _files(tmp_path)
    bad = tmp_path / "short.txt"
    bad.write_text("only one line\n", encoding="utf-8")
    assert main(["score", *systems, str(bad), *refs, "--workers", "0"]) == 2
    assert "short.txt" in capsys.readouterr().err
