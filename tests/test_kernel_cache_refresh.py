"""numba checks a cached kernel against its own file only, yet compiles the kernels it calls
into it: a caller whose shared kernel module changed must not load its old code
(evalkit.metrics.lazyjit.refresh_cache_with)."""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.slow  # numba compiles in child processes

KERNEL = """
from evalkit.metrics.lazyjit import lazy_njit

@lazy_njit(cache=True, inline="always")
def step(x):
    return x + {step}
"""

CALLER = """
import kern
from kern import step
from evalkit.metrics.lazyjit import lazy_njit, refresh_cache_with
{refresh}

@lazy_njit(cache=True)
def twice_step(x):
    return step(x) * 2
"""


def _run(folder) -> str:
    code = "import caller, stale; print(caller.twice_step(1), stale.twice_step(1))"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(folder), os.getcwd()]))
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=folder, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_a_caller_recompiles_when_a_kernel_it_calls_changed(tmp_path):
    (tmp_path / "kern.py").write_text(textwrap.dedent(KERNEL.format(step=1)))
    (tmp_path / "caller.py").write_text(CALLER.format(refresh="refresh_cache_with(__file__, kern)"))
    (tmp_path / "stale.py").write_text(CALLER.format(refresh=""))
    assert _run(tmp_path) == ["4", "4"]
    assert list((tmp_path / "__pycache__").glob("caller.*.nbi"))  # cached
    os.utime(tmp_path / "caller.py", (1, 1))  # the caller's file as it was: only kern changes
    (tmp_path / "kern.py").write_text(textwrap.dedent(KERNEL.format(step=10)))
    fresh, stale = _run(tmp_path)
    assert fresh == "22"
    # why the refresh exists: numba alone loads the caller's old code
    assert stale == "4"
