"""run_all.sh checks its own arguments before preparing anything, and lists the notebooks."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from evalkit.notebook.catalog import catalog, main

REPO = Path(__file__).resolve().parents[1]


def test_catalog_lists_every_notebook_with_what_it_regenerates():
    table = catalog()
    assert {"graham2015", "riezler2005"} <= set(table["paper"])
    row = table[
        (table["paper"] == "riezler2005") & (table["notebook"] == "01_table1_significance")
    ].iloc[0]
    assert row["title"].startswith("Riezler & Maxwell (2005)") and "Table 1" in row["regenerates"]
    assert len(catalog(only=["graham2015/03"])) == 1


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--check", "--profile", "nope"], "invalid choice: 'nope'"),
        (["--check", "--only", "nonexistent"], "--only nonexistent: no notebook matches"),
        (["--check", "-j", "0"], "-j/--jobs 0"),
    ],
)
def test_bad_arguments_exit_2_naming_them(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2 and message in capsys.readouterr().err


def test_list(capsys):
    assert main(["--list", "--only", "riezler2005"]) == 0
    out = capsys.readouterr().out
    assert (
        "riezler2005" in out and "02_table2_type1_error" in out and "1 papers, 4 notebooks" in out
    )


def test_run_all_refuses_before_preparing(tmp_path):
    env = dict(os.environ, EVALKIT_SAMPLE_DIR=str(tmp_path / "sample"))
    for args in (["--profile", "nope"], ["--only", "nonexistent"]):
        done = subprocess.run(
            ["bash", str(REPO / "run_all.sh"), *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=REPO,
            timeout=600,
        )
        assert done.returncode == 2, done.stderr
        assert "[prepare]" not in done.stderr and not (tmp_path / "sample").exists()
