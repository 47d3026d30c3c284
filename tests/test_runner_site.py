"""The runner and the site as a researcher meets them (issues 28 items 1 and 10, 32 item 2,
34 items 1, 2 and 4), on throw-away notebooks run through the real runner:

* a partial rerun merges with the results on disk (summary and site keep every notebook's
  own latest status) and says when a result is older than its code;
* quick results are marked on every page, the top ``results/index.html`` links every profile;
* figures are shown inline in the executed notebook and no output carries a path of the
  machine or of the staging folder;
* a cell time-out reads as a time-out; ``--timeout 0`` and ``-5`` are refused;
* Ctrl-C exits 130 without a traceback and leaves the summary and site of what finished;
* the licensed profile says first which licensed data sets are configured.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from evalkit.notebook import runner
from test_runner import BODIES, _write_notebook

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parents[1]
SLEEP = "import time\ntime.sleep(120)\n"


def _run(notebooks: Path, results: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "evalkit.notebook.runner", "--notebooks-dir", str(notebooks)]
    command += ["--results-dir", str(results), *args]
    return subprocess.run(command, capture_output=True, text=True, cwd=REPO, **kw)


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    root = tmp_path_factory.mktemp("site")
    notebooks, results = root / "notebooks", root / "results"
    for name in ("01_pass", "03_skip"):
        _write_notebook(notebooks / "toy" / f"{name}.ipynb", BODIES[name])
    _write_notebook(notebooks / "toy" / "05_slow.ipynb", SLEEP)
    skip = notebooks / "toy" / "03_skip.ipynb"
    nb = json.loads(skip.read_text())
    nb["cells"][0]["source"] = "# toy\n\n**Question.** Does the toy claim hold?\n"
    skip.write_text(json.dumps(nb))
    first = _run(notebooks, results, "--quick", "--only", "toy/01_pass")
    second = _run(notebooks, results, "-j", "2", "--timeout", "4", "--only", "toy/0[35]_*")
    licensed = _run(notebooks, results, "--profile", "licensed", "--only", "toy/03_skip")
    return notebooks, results, first, second, licensed


def test_partial_rerun_merges_with_what_is_on_disk(runs):
    notebooks, results, first, second, _ = runs
    assert first.returncode == 0, first.stdout + first.stderr
    summary = json.loads((results / "sample" / "summary.json").read_text())
    status = {r["notebook"]: r["status"] for r in summary["notebooks"]}
    assert status == {"01_pass": "ok", "03_skip": "skipped", "05_slow": "failed"}
    assert summary["counts"] == {"ok": 1, "failed": 1, "skipped": 1}
    by_name = {r["notebook"]: r for r in summary["notebooks"]}
    assert by_name["01_pass"]["quick"] is True and by_name["03_skip"]["quick"] is False
    landing = (results / "sample" / "index.html").read_text()
    paper = (results / "sample" / "toy" / "index.html").read_text()
    for name in status:
        assert name in paper
    assert 'href="toy/index.html"' in landing


def test_quick_results_are_marked_on_every_page_and_one_index_links_the_profiles(runs):
    _, results, *_ = runs
    pages = [
        results / "sample" / "index.html",
        results / "sample" / "toy" / "index.html",
        results / "sample" / "toy" / "01_pass" / "01_pass.html",
    ]
    for page in pages:
        assert "quick run" in page.read_text(), page
    top = (results / "index.html").read_text()
    assert 'href="sample/index.html"' in top and 'href="licensed/index.html"' in top
    assert "1 quick" in top
    landing = (results / "sample" / "index.html").read_text()
    assert 'href="../licensed/index.html"' in landing and 'href="../index.html"' in landing


def test_figures_inline_and_no_path_of_the_machine(runs):
    _, results, *_ = runs
    executed = results / "sample" / "toy" / "01_pass" / "01_pass.ipynb"
    nb = json.loads(executed.read_text())
    outputs = [o for c in nb["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])]
    assert any("image/png" in o.get("data", {}) for o in outputs)
    text = json.dumps(
        [{k: v for k, v in o.get("data", {}).items() if k != "image/png"} for o in outputs]
        + [o.get("text", "") for o in outputs]
        + ["".join(c["source"]) for c in nb["cells"]]
    )
    for fragment in (str(results), runner.STAGING, str(REPO)):
        assert fragment not in text, fragment
    rendered = (results / "sample" / "toy" / "01_pass" / "01_pass.html").read_text()
    assert re.search(r'<img [^>]*src="data:image/png;base64,', rendered)


def test_a_time_out_reads_as_a_time_out(runs):
    _, results, _, second, _ = runs
    summary = json.loads((results / "sample" / "summary.json").read_text())
    (slow,) = [r for r in summary["notebooks"] if r["notebook"] == "05_slow"]
    assert slow["error"].startswith("TimeoutError") and "4 s" in slow["error"], slow
    for page in (
        results / "sample" / "toy" / "index.html",
        results / "sample" / "toy" / "05_slow" / "05_slow.html",
    ):
        assert "KeyboardInterrupt" not in page.read_text()
    assert "KeyboardInterrupt" not in second.stdout


def test_skipped_page_leads_with_the_whole_hint_and_no_lock_is_left(runs):
    _, results, _, second, _ = runs
    page = (results / "sample" / "toy" / "03_skip" / "03_skip.html").read_text()
    question = page.index("Does the toy claim hold?")
    hint = page.index("set EVALKIT_DUC2004")
    notebook = page.index("<h1", hint)  # the rendered notebook's own heading comes after
    assert question < hint < notebook
    assert "An Exception was encountered" not in page  # papermill's banner is not first
    paper = (results / "sample" / "toy" / "index.html").read_text()
    assert paper.index("Does the toy claim hold?") < paper.index("set EVALKIT_DUC2004")
    assert "set EVALKIT_DUC2004" in second.stdout  # the hint is printed, not cut
    assert not list(results.rglob("*.lock"))


def test_progress_lines_and_final_table(runs):
    _, _, first, second, _ = runs
    assert "[1/1] ok" in first.stdout
    assert "by the previous run's timings" in second.stdout  # 01_pass's time is known
    table = second.stdout.split("(slowest first)")[1]
    rows = re.findall(r"^(?:ok|failed|skipped) +([0-9.]+)  toy/", table, flags=re.M)
    seconds = [float(s) for s in rows]
    assert len(seconds) == 2 and seconds == sorted(seconds, reverse=True)


def test_result_older_than_its_notebook_is_marked(runs):
    notebooks, results, *_ = runs
    source = notebooks / "toy" / "01_pass.ipynb"
    source.write_text(source.read_text().replace("Figure 1", "Figure 1 (edited)"))
    (run,) = [r for r in runner.collect(results / "sample", notebooks) if r.notebook == "01_pass"]
    assert "the notebook was edited since this run" in run.stale
    fresh = [r for r in runner.collect(results / "sample", notebooks) if r.notebook == "03_skip"]
    assert "the notebook was edited since this run" not in fresh[0].stale


def test_licensed_profile_says_first_what_is_configured(runs):
    _, results, _, _, licensed = runs
    first_line = licensed.stdout.splitlines()[0]
    assert first_line.startswith("[run_all] licensed data sets configured:")
    assert "data/README.md:" in licensed.stdout
    landing = (results / "licensed" / "index.html").read_text()
    assert "Not configured" in landing and "regenerated from the paper's own data" not in landing


@pytest.mark.parametrize("value", ["0", "-5", "x"])
def test_timeout_below_one_second_is_refused(value, capsys):
    with pytest.raises(SystemExit) as stop:
        runner.build_parser().parse_args(["--timeout", value])
    assert stop.value.code == 2 and "--timeout" in capsys.readouterr().err


def test_jobs_default_to_the_cores():
    assert runner.build_parser().parse_args([]).jobs is None
    assert runner.default_jobs() == len(os.sched_getaffinity(0))


def test_ctrl_c_exits_130_and_leaves_the_site_of_what_finished(tmp_path):
    notebooks, results = tmp_path / "notebooks", tmp_path / "results"
    _write_notebook(notebooks / "toy" / "01_pass.ipynb", BODIES["01_pass"])
    _write_notebook(notebooks / "toy" / "02_slow.ipynb", SLEEP)
    command = [sys.executable, "-m", "evalkit.notebook.runner", "-j", "1", "--quick"]
    command += ["--notebooks-dir", str(notebooks), "--results-dir", str(results)]
    proc = subprocess.Popen(
        command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    summary = results / "sample" / "summary.json"
    deadline = time.monotonic() + 600
    while time.monotonic() < deadline and proc.poll() is None:
        if summary.is_file() and "01_pass" in summary.read_text():
            break
        time.sleep(1)
    time.sleep(5)  # 02_slow is running now
    assert proc.poll() is None, proc.communicate()
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, out + err
    assert "Traceback" not in out + err and "interrupted: 1 of 2" in err
    record = json.loads(summary.read_text())
    assert [(r["notebook"], r["status"]) for r in record["notebooks"]] == [("01_pass", "ok")]
    assert "01_pass" in (results / "sample" / "toy" / "index.html").read_text()
    assert not (results / "sample" / "toy" / "02_slow").exists()
    assert not (results / "sample" / runner.STAGING).exists()
