"""The headless runner (run_all.sh / evalkit.notebook.runner) on throw-away notebooks."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from evalkit.errors import ParameterError
from evalkit.notebook import runner

REPO = Path(__file__).resolve().parents[1]

PARAMS = 'profile = "sample"\nquick = False\nresults_dir = None\nseed = 7\n'

BODIES = {
    "01_pass": (
        "import pandas as pd\n"
        "from evalkit.notebook import setup\n"
        "params, out = setup(paper='toy', notebook='01_pass', profile=profile, quick=quick,\n"
        "                    results_dir=results_dir, seed=seed)\n"
        "out.table(pd.DataFrame({'x': [1, 2], 'quick': [quick, quick]}), 'table1')\n"
        "import matplotlib.pyplot as plt\n"
        "fig, ax = plt.subplots(); ax.plot([0, 1], [1, 0]); ax.set_title('Figure 1')\n"
        "out.figure(fig, 'figure1')\n"
        "out.number('profile_seen', profile)\n"
        "import os; out.number('scale_seen', os.environ.get('EVALKIT_SCALE', 'default'))\n"
        "out.finish()\n"
    ),
    "02_fail": "raise ValueError('this notebook fails on purpose')\n",
    "03_skip": (
        "from evalkit.errors import DataNotConfiguredError\n"
        "raise DataNotConfiguredError('DUC 2004', 'set EVALKIT_DUC2004')\n"
    ),
}


def _write_notebook(path: Path, *bodies: str) -> Path:
    """A notebook: a title, the parameters cell, one code cell per body (also used by
    tests/test_shared_kernel.py)."""
    nb = nbformat.v4.new_notebook()
    params = nbformat.v4.new_code_cell(PARAMS)
    params.metadata["tags"] = ["parameters"]
    nb.cells = [nbformat.v4.new_markdown_cell("# toy"), params]
    nb.cells += [nbformat.v4.new_code_cell(body) for body in bodies]
    nb.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(nb, str(path))
    return path


def run_runner(notebooks: Path, results: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    """``python -m evalkit.notebook.runner --profile public --quick *args`` on ``notebooks``
    into ``results`` (``kw``: more :func:`subprocess.run` arguments)."""
    command = [sys.executable, "-m", "evalkit.notebook.runner", "--profile", "public", "--quick"]
    folders = ["--notebooks-dir", str(notebooks), "--results-dir", str(results)]
    return subprocess.run(
        command + list(args) + folders, capture_output=True, text=True, cwd=REPO, **kw
    )


@pytest.fixture(scope="module")
def toy_run(tmp_path_factory):
    root = tmp_path_factory.mktemp("runner")
    notebooks = root / "notebooks"
    for name, body in BODIES.items():
        _write_notebook(notebooks / "toy" / f"{name}.ipynb", body)
    _write_notebook(
        notebooks / "other" / "01_pass.ipynb", BODIES["01_pass"].replace("'toy'", "'other'")
    )
    results = root / "results"
    proc = run_runner(notebooks, results, "-j", "2", "--only", "toy")
    return proc, results / "public"


def test_exit_code_is_nonzero_when_a_notebook_fails(toy_run):
    proc, _ = toy_run
    assert proc.returncode == 1, proc.stdout + proc.stderr


def test_summary_counts_and_statuses(toy_run):
    proc, results = toy_run
    summary = json.loads((results / "summary.json").read_text())
    assert summary["counts"] == {"ok": 1, "failed": 1, "skipped": 1}
    status = {nb["notebook"]: nb["status"] for nb in summary["notebooks"]}
    assert status == {"01_pass": "ok", "02_fail": "failed", "03_skip": "skipped"}
    by_name = {nb["notebook"]: nb for nb in summary["notebooks"]}
    assert "ValueError" in by_name["02_fail"]["error"]
    assert "DataNotConfiguredError" in by_name["03_skip"]["error"]
    assert all(nb["seconds"] > 0 for nb in summary["notebooks"])
    assert "1 ok, 1 failed, 1 skipped" in proc.stdout


def test_only_filters_papers(toy_run):
    _, results = toy_run
    assert not (results / "other").exists()


def test_results_layout_and_parameters_injected(toy_run):
    _, results = toy_run
    out = results / "toy" / "01_pass"
    assert (out / "01_pass.ipynb").is_file()
    assert (out / "table1.csv").read_text().splitlines() == ["x,quick", "1,True", "2,True"]
    assert (out / "figure1.png").is_file() and (out / "figure1.svg").is_file()
    record = json.loads((out / "results.json").read_text())
    assert record["numbers"]["profile_seen"] == "public"
    assert record["provenance"]["parameters"]["quick"] is True
    assert record["provenance"]["packages"]["pandas"]
    # The failing notebook's executed copy is kept for inspection.
    assert (results / "toy" / "02_fail" / "02_fail.ipynb").is_file()


def test_index_links_every_notebook_table_and_figure(toy_run):
    _, results = toy_run
    # index.html is the results site's landing page; files.html lists every file
    assert 'href="files.html"' in (results / "index.html").read_text()
    page = (results / "files.html").read_text()
    for target in (
        "toy/01_pass/01_pass.ipynb",
        "toy/01_pass/table1.csv",
        "toy/01_pass/figure1.png",
        "toy/02_fail/02_fail.ipynb",
        "toy/03_skip/03_skip.ipynb",
        "summary.json",
    ):
        assert f'href="{target}"' in page, target


def test_all_ok_exits_zero(tmp_path):
    notebooks = tmp_path / "notebooks"
    _write_notebook(notebooks / "toy" / "01_pass.ipynb", BODIES["01_pass"])
    _write_notebook(notebooks / "toy" / "03_skip.ipynb", BODIES["03_skip"])
    code = runner.main(["--notebooks-dir", str(notebooks), "--results-dir", str(tmp_path / "r")])
    assert code == 0


def test_unknown_pattern_is_an_error(tmp_path, capsys):
    notebooks = tmp_path / "notebooks"
    _write_notebook(notebooks / "toy" / "01_pass.ipynb", BODIES["01_pass"])
    code = runner.main(
        [
            "--notebooks-dir",
            str(notebooks),
            "--results-dir",
            str(tmp_path / "r"),
            "--only",
            "nothing-matches",
        ]
    )
    assert code == 2
    assert "nothing-matches" in capsys.readouterr().err


def test_discover_patterns(tmp_path):
    for name in ("graham2015/01_table1", "graham2015/02_fig3", "riezler2005/01_table1"):
        _write_notebook(tmp_path / f"{name}.ipynb", "pass\n")
    keys = lambda only: [f"{p.parent.name}/{p.stem}" for p in runner.discover(tmp_path, only)]
    assert keys(["graham2015"]) == ["graham2015/01_table1", "graham2015/02_fig3"]
    assert keys(["*table1*"]) == ["graham2015/01_table1", "riezler2005/01_table1"]
    assert len(keys([])) == 3


def test_run_all_sh_help_lists_options():
    proc = subprocess.run([str(REPO / "run_all.sh"), "--help"], capture_output=True, text=True)
    assert proc.returncode == 0
    for option in ("--profile", "-j", "--only", "--quick", "--full"):
        assert option in proc.stdout


def test_each_notebook_runs_in_a_kernel_server_with_its_request(tmp_path, monkeypatch):
    """The server is evalkit.notebook.shared_kernel (tests/test_shared_kernel.py): the request
    names the notebook, its executed copy, its folder, the two injected parameters typed as
    papermill's command line typed them, the results folder (set in the kernel's environment,
    never injected) and the time-out; one attempt only; a server's error is the run's."""
    from evalkit.notebook import runner as rn
    from evalkit.notebook import shared_kernel

    calls = []
    monkeypatch.setattr(shared_kernel.KernelServer, "start", lambda self: None)
    monkeypatch.setattr(
        shared_kernel.KernelServer,
        "run",
        lambda self, request: (
            calls.append((request, self.env)),
            {"status": "error", "error": "RuntimeError: Kernel died before replying"},
        )[1],
    )
    nb = tmp_path / "p" / "01_x.ipynb"
    nb.parent.mkdir()
    nb.write_text("{}")
    run = rn._execute(nb, "sample", True, tmp_path / "out", 30, None)
    assert run.status == "failed" and "Kernel died" in run.error and len(calls) == 1
    request, env = calls[0]
    assert request == {
        "notebook": str(nb),
        "executed": str(tmp_path / "out" / "01_x.ipynb"),
        "cwd": str(nb.parent),
        "parameters": {"profile": "sample", "quick": True},
        "results_dir": str(tmp_path / "out"),
        "timeout": 30,
    }
    # one server serves many notebooks: nothing of one notebook is in its environment
    assert "EVALKIT_RESULTS_DIR" not in env and env["EVALKIT_PROFILE"] == "sample"


def test_full_scale_reaches_the_notebook_and_its_status(tmp_path, monkeypatch):
    notebooks = tmp_path / "notebooks"
    _write_notebook(notebooks / "toy" / "01_pass.ipynb", BODIES["01_pass"])
    monkeypatch.setenv("EVALKIT_SCALE", "full")  # the caller's environment does not leak in
    default = runner.run_all(
        "sample", 1, notebooks_dir=notebooks, results_dir=tmp_path / "a", stream=io.StringIO()
    )
    full = runner.run_all(
        "sample",
        1,
        notebooks_dir=notebooks,
        results_dir=tmp_path / "b",
        stream=io.StringIO(),
        full=True,
    )
    for runs, root, scale in ((default, tmp_path / "a", "default"), (full, tmp_path / "b", "full")):
        assert [r.status for r in runs] == ["ok"]
        out = root / "sample" / "toy" / "01_pass"
        record = json.loads((out / "results.json").read_text())
        assert record["numbers"]["scale_seen"] == scale
        assert record["provenance"]["parameters"]["full"] is (scale == "full")
        assert json.loads((out / "status.json").read_text())["full"] is (scale == "full")
    with pytest.raises(ParameterError, match="'full'"):
        runner.run_all("sample", 1, quick=True, full=True, notebooks_dir=notebooks)


def test_longest_notebooks_start_first_and_unknown_ones_before_them():
    paths = [Path(f"notebooks/p/{n}.ipynb") for n in ("01_a", "02_b", "03_c", "04_d")]
    previous = {"p/01_a": 5.0, "p/02_b": 60.0, "p/04_d": 60.0}
    # never timed first, then by time (ties in the listed order)
    assert runner.longest_first(paths, previous) == [2, 1, 3, 0]
    assert runner.longest_first(paths, {}) == [0, 1, 2, 3]


def test_recorded_seconds_order_a_first_run_and_own_timings_win(tmp_path):
    notebooks, results = tmp_path / "notebooks", tmp_path / "results"
    _write_notebook(notebooks / "toy" / "01_pass.ipynb", BODIES["01_pass"])
    results.mkdir()
    record = {"seconds": {"toy/01_pass": 12.5, "toy/02_other": 3}}
    (notebooks / runner.EXPECTED_SECONDS).write_text(json.dumps(record))
    assert runner.expected_seconds(results, notebooks) == {"toy/01_pass": 12.5, "toy/02_other": 3.0}
    (notebooks / runner.EXPECTED_SECONDS).write_text("{not json")
    assert runner.expected_seconds(results, notebooks) == {}


def test_the_recorded_seconds_name_the_repositorys_notebooks():
    path = REPO / "notebooks" / runner.EXPECTED_SECONDS
    recorded = json.loads(path.read_text())["seconds"]
    notebooks = {f"{p.parent.name}/{p.stem}" for p in (REPO / "notebooks").glob("*/*.ipynb")}
    assert set(recorded) <= notebooks, sorted(set(recorded) - notebooks)
    assert len(recorded) >= 0.9 * len(notebooks)  # a whole run, not a partial one


def test_a_runs_summary_rewrites_reuse_staleness_until_a_result_changes(toy_run):
    _, results = toy_run
    memo = {}
    runs = runner.collect(results, REPO / "notebooks", memo)
    assert len(memo) == len(runs) > 0
    for key in memo:
        memo[key] = ("remembered",)
    assert all(r.stale == ["remembered"] for r in runner.collect(results, REPO / "notebooks", memo))
    status = results / "toy" / "01_pass" / runner.STATUS_FILE
    text = status.read_text()
    status.write_text(text)  # a new status.json: that result is checked again
    os.utime(status, ns=(status.stat().st_atime_ns, status.stat().st_mtime_ns + 10**9))
    again = {r.notebook: r.stale for r in runner.collect(results, REPO / "notebooks", memo)}
    assert again["01_pass"] != ["remembered"] and again["02_fail"] == ["remembered"]
    assert all(r.stale != ["remembered"] for r in runner.collect(results, REPO / "notebooks"))


def test_a_cell_past_the_time_out_fails_its_notebook_and_the_next_one_runs(tmp_path):
    """One worker: the notebook after a time-out gets a new kernel (the old one is mid-cell)."""
    notebooks = tmp_path / "notebooks"
    _write_notebook(notebooks / "toy" / "01_slow.ipynb", "import time\ntime.sleep(120)\n")
    _write_notebook(
        notebooks / "toy" / "02_pass.ipynb", BODIES["01_pass"].replace("'01_pass'", "'02_pass'")
    )
    runs = runner.run_all(
        "sample",
        1,
        quick=True,
        notebooks_dir=notebooks,
        results_dir=tmp_path / "r",
        timeout=5,
        stream=io.StringIO(),
    )
    assert [(r.notebook, r.status) for r in runs] == [("01_slow", "failed"), ("02_pass", "ok")]
    assert runs[0].error == "TimeoutError: a cell ran longer than the time-out of 5 s (--timeout)"
    assert runs[0].seconds < 60
