"""One kernel for many notebooks: the runner's notebooks share a warm kernel per worker.

Starting a child process, papermill, a kernel and evalkit's imports cost about 4 s of CPU per
notebook on the reference machine (3 s start-up, 1-1.5 s of imports in the first cell): on a
two-core machine, a fifth of the default run. The runner therefore starts one *server* per
worker::

    python -m evalkit.notebook.shared_kernel

which reads one request per line on standard input (a JSON object: ``notebook``,
``executed``, ``cwd``, ``parameters``, ``results_dir``, ``timeout``), runs the notebook with
:func:`papermill.execute_notebook` on its kernel and writes one reply per line on standard
output (``{"status": "ok" | "error" | "timeout", "error": text or null, "fresh": bool}``;
``fresh``: the kernel was started for this notebook). End of input stops the server and its
kernel.

What a notebook sees is what a new kernel would show it. Before each notebook the server runs,
silently and outside the notebook's history, a *reset*: IPython's ``reset(new_session=True)``
(no variable of the previous notebook is left; execution counts start at 1 again), the
working directory and ``$EVALKIT_RESULTS_DIR`` of this notebook, and the process-wide
settings a notebook may change put back as a new kernel has them: the environment,
matplotlib's ``rcParams`` as read from its ``matplotlibrc`` (every open figure closed),
numpy's print options, pandas' options, the ``warnings`` filters (and their
once-per-location registries). Imported modules stay, which
is the point: evalkit, numpy, pandas and matplotlib are imported once per kernel. Module-level
caches stay too; they hold pure functions of their inputs.

A kernel is not reused after a notebook that did not end ``ok`` (an error, a skip, a cell
time-out: the kernel may be mid-cell or broken) nor once it holds more than
:data:`MAX_KERNEL_BYTES` of memory: the next notebook gets a new kernel. Kernels are private
as in :mod:`evalkit.notebook.kernels` (Unix-domain sockets in a folder of their own).
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
import sys
import traceback
from pathlib import Path
from typing import IO, Optional

from evalkit.notebook import kernels

__all__ = ["DEFINE_RESET", "MAX_KERNEL_BYTES", "KernelServer", "main", "serve"]

#: a kernel holding more resident memory than this after a notebook is not reused
MAX_KERNEL_BYTES = 3 * 1024**3

#: run once in a new kernel (silently, outside its history): defines the reset run before each
#: notebook, kept in a module of its own so that IPython's reset does not remove it
DEFINE_RESET = r"""
def _evalkit_reset(cwd, results_dir):
    import os, sys, types, warnings
    from IPython import get_ipython

    state = sys.modules.get("_evalkit_kernel_state")
    if state is None:  # the kernel's first notebook: remember how it started
        import numpy

        state = sys.modules["_evalkit_kernel_state"] = types.ModuleType("_evalkit_kernel_state")
        state.environ = dict(os.environ)
        state.warnings = list(warnings.filters)
        state.printoptions = numpy.get_printoptions()
    else:
        os.environ.clear()
        os.environ.update(state.environ)
        warnings.filters[:] = state.warnings
        warnings._filters_mutated()  # every warning shows again, as in a new process
        if "matplotlib.pyplot" in sys.modules:
            sys.modules["matplotlib.pyplot"].close("all")
        if "matplotlib" in sys.modules:  # as a new process reads them (matplotlibrc)
            sys.modules["matplotlib"].rc_file_defaults()
        sys.modules["numpy"].set_printoptions(**state.printoptions)
        if "pandas" in sys.modules:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                sys.modules["pandas"].reset_option("all")
    os.chdir(cwd)
    os.environ["EVALKIT_RESULTS_DIR"] = results_dir
    get_ipython().reset(new_session=True)


import sys as _sys, types as _types

_sys.modules["_evalkit_reset"] = _types.ModuleType("_evalkit_reset")
_sys.modules["_evalkit_reset"].reset = _evalkit_reset
del _sys, _types, _evalkit_reset
"""


class _Kernel:
    """A started kernel with a blocking client for the reset (papermill brings its own)."""

    def __init__(self, folder: Path, cwd: str) -> None:
        from jupyter_client.manager import AsyncKernelManager
        from jupyter_core.utils import run_sync

        self._run_sync = run_sync
        self.km = AsyncKernelManager(kernel_name="python3", config=kernels.kernel_config(folder))
        # as nbclient starts a kernel: history in memory, in the notebook's folder
        run_sync(self.km.start_kernel)(
            extra_arguments=["--HistoryManager.hist_file=:memory:"], cwd=cwd
        )
        self.kc = self.km.blocking_client()
        self.kc.start_channels()
        self.kc.wait_for_ready(timeout=kernels.START_TIMEOUT)
        self._silent(DEFINE_RESET)

    def _silent(self, code: str) -> None:
        """Run ``code`` in the kernel without output or history; raise on an error."""
        reply = self.kc.execute_interactive(
            code,
            silent=True,
            store_history=False,
            timeout=kernels.START_TIMEOUT,
            output_hook=lambda message: None,  # not to this process's stdout (the replies)
        )
        content = reply["content"]
        if content.get("status") != "ok":
            raise RuntimeError(
                "the kernel's reset failed: "
                + "\n".join(content.get("traceback") or [content.get("evalue", "")])
            )

    def reset(self, cwd: str, results_dir: str) -> None:
        self._silent(f"__import__('sys').modules['_evalkit_reset'].reset({cwd!r}, {results_dir!r})")

    def memory(self) -> int:
        """Resident bytes of the kernel process (0 when unknown)."""
        try:
            import psutil

            pid = self.km.provisioner.process.pid
            return psutil.Process(pid).memory_info().rss
        except Exception:  # noqa: BLE001 - unknown is "not too large"
            return 0

    def close(self) -> None:
        try:
            self.kc.stop_channels()
        finally:
            self._run_sync(self.km.shutdown_kernel)(now=False)


def _engine():
    """papermill's nbclient engine on a kernel it does not own (it neither starts nor stops
    it), stopping the client it opens when the notebook ends."""
    from papermill.clientwrap import PapermillNotebookClient
    from papermill.engines import NBClientEngine, papermill_engines

    class SharedKernelEngine(NBClientEngine):
        @classmethod
        def execute_managed_notebook(
            cls,
            nb_man,
            kernel_name,
            log_output=False,
            stdout_file=None,
            stderr_file=None,
            start_timeout=60,
            execution_timeout=None,
            km=None,
            input_path=None,
            **kwargs,
        ):
            client = PapermillNotebookClient(
                nb_man,
                km=km,
                timeout=execution_timeout,
                startup_timeout=start_timeout,
                kernel_name=kernel_name,
                log=logging.getLogger("papermill"),
                log_output=log_output,
                stdout_file=stdout_file,
                stderr_file=stderr_file,
                **kwargs,
            )
            try:
                return client.execute()
            finally:
                if client.kc is not None:
                    client.kc.stop_channels()

    papermill_engines.register("evalkit-shared", SharedKernelEngine)
    return "evalkit-shared"


def serve(stdin: IO[str], stdout: IO[str]) -> int:
    """The server's loop (see the module): one reply per request, until end of input."""
    kernels.skip_iri_grammar()
    import papermill
    from nbclient.exceptions import CellTimeoutError

    engine = _engine()
    kernel: Optional[_Kernel] = None
    try:
        with kernels.private_kernel_folder() as folder:
            for line in stdin:
                if not line.strip():
                    continue
                request = json.loads(line)
                fresh = kernel is None
                status, error = "ok", None
                try:
                    if kernel is None:
                        kernel = _Kernel(folder, request["cwd"])
                    kernel.reset(request["cwd"], request["results_dir"])
                    papermill.execute_notebook(
                        request["notebook"],
                        request["executed"],
                        parameters=request["parameters"],
                        engine_name=engine,
                        kernel_name="python3",
                        cwd=request["cwd"],
                        progress_bar=False,
                        start_timeout=kernels.START_TIMEOUT,
                        execution_timeout=request.get("timeout"),
                        km=kernel.km,
                    )
                except CellTimeoutError:
                    status = "timeout"
                    error = kernels.timeout_message(request.get("timeout"))
                    kernels.mark_timeout(Path(request["executed"]), error)
                except Exception:  # noqa: BLE001 - reported to the runner, which classifies it
                    status, error = "error", traceback.format_exc()
                if kernel is not None and (status != "ok" or kernel.memory() > MAX_KERNEL_BYTES):
                    kernel.close()
                    kernel = None
                stdout.write(json.dumps({"status": status, "error": error, "fresh": fresh}) + "\n")
                stdout.flush()
    finally:
        if kernel is not None:
            kernel.close()
    return 0


class KernelServer:
    """The runner's side: one server process, one notebook at a time (not thread-safe: one
    server per worker thread)."""

    def __init__(self, env: dict) -> None:
        self.env = dict(env)
        self.process: Optional[subprocess.Popen] = None

    def start(self) -> subprocess.Popen:
        if self.process is None or self.process.poll() is not None:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "evalkit.notebook.shared_kernel"],
                env=self.env,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                text=True,
                bufsize=1,
            )
        return self.process

    def run(self, request: dict) -> Optional[dict]:
        """Send one request and wait for its reply; None when the server died meanwhile
        (stopped by a signal, killed)."""
        process = self.start()
        try:
            process.stdin.write(json.dumps(request) + "\n")
            process.stdin.flush()
            line = process.stdout.readline()
        except (BrokenPipeError, OSError, ValueError):
            return None
        return json.loads(line) if line else None

    def close(self) -> None:
        """End the server (end of input: it stops its kernel), killing it if it hangs."""
        process, self.process = self.process, None
        if process is None:
            return
        try:
            process.stdin.close()
        except OSError:
            pass
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def main() -> int:
    # replies go to the standard output this process was given; anything a library prints
    # goes to standard error instead, so that it cannot break a reply line
    replies = os.fdopen(os.dup(sys.stdout.fileno()), "w", encoding="utf-8")
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    logging.basicConfig(level=logging.WARNING, format="%(message)s", stream=sys.stderr)
    return serve(sys.stdin, replies)


if __name__ == "__main__":
    sys.exit(main())
