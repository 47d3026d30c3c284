"""A warm kernel shared by the notebooks of a worker (evalkit.notebook.shared_kernel): each
notebook sees what a new kernel would show it, and a kernel is not reused after a notebook
that did not end ok or that left it too large."""

from __future__ import annotations

import io
import json
import os
from pathlib import Path

import nbformat
import pytest

from evalkit.notebook import kernels, shared_kernel
from test_runner import _write_notebook as _notebook

pytestmark = pytest.mark.slow  # real kernels


def _serve(tmp_path: Path, notebooks, timeout=None):
    """Run ``notebooks`` through one server (in this process); the replies and, per notebook,
    its executed copy's code cells (execution count, text of its outputs)."""
    requests, executed = [], []
    for i, nb in enumerate(notebooks):
        out = tmp_path / "results" / f"{i}_{nb.stem}"
        out.mkdir(parents=True)
        executed.append(out / nb.name)
        request = {
            "notebook": str(nb),
            "executed": str(executed[-1]),
            "cwd": str(nb.parent),
            "parameters": {"profile": "public", "quick": True},
            "results_dir": str(out),
            "timeout": timeout,
        }
        requests.append(json.dumps(request) + "\n")
    replies = io.StringIO()
    assert shared_kernel.serve(io.StringIO("".join(requests)), replies) == 0
    cells = []
    for path in executed:
        nb = nbformat.read(str(path), as_version=4)  # multi-line texts joined
        cells.append(
            [
                (
                    c["execution_count"],
                    "".join(
                        o.get("text", "")
                        + o.get("data", {}).get("text/plain", "")
                        + o.get("ename", "")
                        for o in c["outputs"]
                    ),
                )
                for c in nb["cells"]
                if c["cell_type"] == "code"
            ]
        )
    return [json.loads(line) for line in replies.getvalue().splitlines()], cells


PID = "import os; print(os.getpid())"


def test_a_second_notebook_sees_a_new_kernels_state_in_the_same_process(tmp_path):
    first = _notebook(
        tmp_path / "a" / "01_first.ipynb",
        PID,
        "import os, warnings, numpy as np, pandas as pd, matplotlib\n"
        "import matplotlib.pyplot as plt\n"
        "leftover = 42\n"
        "os.environ['EVALKIT_TEST_LEFTOVER'] = '1'\n"
        "matplotlib.rcParams['lines.linewidth'] = 9.0\n"
        "np.set_printoptions(precision=2)\n"
        "pd.set_option('display.max_rows', 3)\n"
        "warnings.simplefilter('ignore')\n"
        "plt.figure()\n"
        "warnings.warn('shown once per location')\n",
    )
    body = (
        "import os, warnings, numpy as np, pandas as pd, matplotlib\n"
        "import matplotlib.pyplot as plt\n"
        "print('leftover' in globals(), os.environ.get('EVALKIT_TEST_LEFTOVER'))\n"
        "print(matplotlib.rcParams['lines.linewidth'], np.get_printoptions()['precision'])\n"
        "print(pd.get_option('display.max_rows'), len(plt.get_fignums()))\n"
        "print(os.getcwd(), os.environ['EVALKIT_RESULTS_DIR'])\n"
    )
    second = _notebook(tmp_path / "b" / "01_second.ipynb", PID, body, "warnings.warn('again')")
    replies, cells = _serve(tmp_path, [first, second])
    assert [r["status"] for r in replies] == ["ok", "ok"]
    assert [r["fresh"] for r in replies] == [True, False]
    pid_a, pid_b = cells[0][2][1], cells[1][2][1]
    assert pid_a == pid_b  # the same kernel process
    # counts start again (papermill's injected-parameters cell is the second)
    assert [c[0] for c in cells[1]] == [1, 2, 3, 4, 5]
    lines = cells[1][3][1].splitlines()
    new = {}
    exec(
        "import matplotlib, numpy as np, pandas as pd\n"
        "new['rc'] = matplotlib.rcParams['lines.linewidth']\n"
        "new['precision'] = np.get_printoptions()['precision']\n"
        "new['rows'] = pd.get_option('display.max_rows')\n",
        {"new": new},
    )
    assert lines[0] == "False None"  # no variable, no environment variable of the first
    assert lines[1] == f"{new['rc']} {new['precision']}"  # a new process's defaults
    assert lines[2] == f"{new['rows']} 0"
    assert lines[3] == f"{second.parent} {tmp_path / 'results' / '1_01_second'}"
    assert "again" in cells[1][4][1]  # the first notebook's 'ignore' filter is gone


def test_a_notebook_that_fails_or_times_out_leaves_the_next_a_new_kernel(tmp_path):
    fails = _notebook(tmp_path / "p" / "01_fails.ipynb", PID, "raise ValueError('on purpose')")
    slow = _notebook(tmp_path / "p" / "02_slow.ipynb", PID, "import time; time.sleep(60)")
    ok = _notebook(tmp_path / "p" / "03_ok.ipynb", PID)
    replies, cells = _serve(tmp_path, [fails, slow, ok], timeout=5)
    assert [r["status"] for r in replies] == ["error", "timeout", "ok"]
    assert "ValueError" in replies[0]["error"]
    assert replies[1]["error"] == kernels.timeout_message(5)
    assert [r["fresh"] for r in replies] == [True, True, True]
    pids = [c[2][1] for c in cells]
    assert len(set(pids)) == 3


def test_a_kernel_above_the_memory_limit_is_not_reused(tmp_path, monkeypatch):
    monkeypatch.setattr(shared_kernel, "MAX_KERNEL_BYTES", 1)
    a = _notebook(tmp_path / "p" / "01_a.ipynb", PID)
    b = _notebook(tmp_path / "p" / "02_b.ipynb", PID)
    replies, cells = _serve(tmp_path, [a, b])
    assert [r["fresh"] for r in replies] == [True, True]
    assert cells[0][2][1] != cells[1][2][1]


def test_the_runner_side_speaks_to_a_server_process(tmp_path):
    """KernelServer as the runner uses it: a child process, one reply per request, end of input
    ends it."""
    nb = _notebook(tmp_path / "p" / "01_a.ipynb", PID)
    env = dict(os.environ, MPLBACKEND="Agg")
    server = shared_kernel.KernelServer(env)
    replies = []
    for i in range(2):
        out = tmp_path / f"r{i}"
        out.mkdir()
        replies.append(
            server.run(
                {
                    "notebook": str(nb),
                    "executed": str(out / nb.name),
                    "cwd": str(nb.parent),
                    "parameters": {"profile": "sample", "quick": True},
                    "results_dir": str(out),
                    "timeout": None,
                }
            )
        )
    process = server.process
    server.close()
    assert [r["status"] for r in replies] == ["ok", "ok"]
    assert [r["fresh"] for r in replies] == [True, False]
    assert process.poll() == 0
