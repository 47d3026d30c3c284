"""One notebook executed by papermill on a kernel whose sockets no other kernel can take.

One notebook, one kernel::

    python -m evalkit.notebook.kernels NOTEBOOK EXECUTED --cwd DIR --parameters JSON [--timeout S]

runs :func:`papermill.execute_notebook` with the kernel configuration of
:func:`kernel_config`: ZeroMQ over Unix-domain sockets (``ipc``) in a private folder made for
this kernel alone (``mkdtemp``, mode 0700, removed afterwards), and a start-up wait of
:data:`START_TIMEOUT` seconds. The exit status and the executed notebook are papermill's: 0
when every cell ran; otherwise the traceback on stderr and the error in the executed notebook.
The runner's kernel servers (:mod:`evalkit.notebook.shared_kernel`, a warm kernel reused by the
notebooks of a worker) start their kernels with the same private folder and configuration.

Why not papermill's command line with its defaults (the cause of the kernels that died
before their first reply when several notebooks started at once on a loaded machine):

* jupyter_client gives a kernel TCP ports by binding port 0, reading the port the system
  chose and closing the socket (``LocalPortCache.find_available_port``); the kernel binds
  them when it has started, seconds later on a loaded machine. The cache that keeps two
  kernels from being handed one port (the workaround of jupyter_client issue 487) lives in
  one process, and every papermill run is its own process: two runs starting together, or
  any other program binding in the gap, can take a kernel's port, and the kernel then dies
  with ``ZMQError: Address already in use``, which papermill reports as "Kernel died before
  replying to kernel_info" (papermill issue 511, jupyter_client issue 154, kernel_gateway
  issue 131). Unix-domain sockets in a folder of the kernel's own leave nothing to race for.
  jupyter_client's default ``ipc`` names do not: ``kernel-ipc-1``.. relative to the working
  directory, numbered by testing which files exist, so kernels started together in one
  folder share sockets (each then rejects the other's messages: "Invalid Signature").
* papermill waits 60 s for a kernel's first reply; on a machine loaded many times over its
  cores the start alone can take longer ("Kernel didn't respond in 60 seconds").

Unix-domain socket paths are limited to about 100 bytes, so the folder goes to the system's
temporary directory, or ``/tmp`` when that path is long; where there are no Unix-domain
sockets (Windows) the kernel keeps TCP.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Iterator, List, Optional, Sequence

__all__ = [
    "START_TIMEOUT",
    "TIMEOUT_EXIT",
    "command",
    "execute",
    "kernel_config",
    "main",
    "private_kernel_folder",
]

#: seconds a kernel may take to answer its first request (papermill's default: 60)
START_TIMEOUT = 300
#: longest folder path that leaves room for the socket names (``<folder>/k-5``) under the
#: Unix-domain socket limit (108 bytes on Linux, 104 on macOS)
_MAX_FOLDER = 80


def _temporary_root() -> str:
    root = tempfile.gettempdir()
    return root if len(root) <= _MAX_FOLDER - 30 else "/tmp"


@contextmanager
def private_kernel_folder() -> Iterator[Path]:
    """A new folder only this process can enter (mode 0700), removed on exit."""
    folder = Path(tempfile.mkdtemp(prefix="evalkit-kernel-", dir=_temporary_root()))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def kernel_config(folder: Path):
    """The traitlets configuration of a kernel manager whose sockets are ``<folder>/k-1``..
    ``k-5`` (``ipc``), or TCP where the system has no Unix-domain sockets."""
    from traitlets.config import Config

    config = Config()
    if os.name == "posix":
        config.KernelManager.transport = "ipc"
        config.KernelManager.ip = str(folder / "k")
    return config


def execute(
    notebook: Path,
    executed: Path,
    cwd: Path,
    parameters: dict,
    timeout: Optional[int] = None,
    kernel_name: str = "python3",
) -> None:
    """Execute ``notebook`` into ``executed`` with ``parameters`` injected, on a private kernel
    (see the module); papermill's exceptions propagate."""
    import papermill

    with private_kernel_folder() as folder:
        papermill.execute_notebook(
            str(notebook),
            str(executed),
            parameters=parameters,
            kernel_name=kernel_name,
            cwd=str(cwd),
            progress_bar=False,
            start_timeout=START_TIMEOUT,
            execution_timeout=timeout,
            config=kernel_config(folder),
        )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m evalkit.notebook.kernels",
        description="Execute one notebook with papermill on a private kernel.",
    )
    parser.add_argument("notebook", type=Path)
    parser.add_argument("executed", type=Path)
    parser.add_argument("--cwd", type=Path, required=True, help="the kernel's working directory")
    parser.add_argument(
        "--parameters", default="{}", help="JSON object of the parameters to inject"
    )
    parser.add_argument("--timeout", type=int, default=None, help="seconds allowed per cell")
    parser.add_argument("--kernel", default="python3", help="kernel name")
    return parser


def skip_iri_grammar() -> None:
    """Keep ``jsonschema`` from compiling the RFC 3987 grammar in this process.

    papermill imports nbformat, nbformat imports jsonschema, and jsonschema's format checkers
    import ``rfc3987_syntax`` when it is installed (jupyter-events asks for
    ``jsonschema[format-nongpl]``, so it is); that module builds a Lark parser for the IRI
    grammar at import: about 1.2 s of CPU, two thirds of papermill's import, paid by every
    notebook of a run. Notebook validation never checks the ``iri`` format, so the child marks
    the module missing (``sys.modules[...] = None`` makes ``import`` raise ImportError, which
    jsonschema handles by not registering that one checker). Called before papermill is
    imported; a process that already imported it is left as it is."""
    sys.modules.setdefault("rfc3987_syntax", None)


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    skip_iri_grammar()
    parameters = json.loads(args.parameters)
    if not isinstance(parameters, dict):
        build_parser().error(f"--parameters {args.parameters!r}: expected a JSON object")
    if args.timeout is not None and args.timeout <= 0:
        build_parser().error(f"--timeout {args.timeout}: expected a number of seconds >= 1")
    logging.basicConfig(level=logging.WARNING, format="%(message)s")
    from nbclient.exceptions import CellTimeoutError

    try:
        execute(args.notebook, args.executed, args.cwd, parameters, args.timeout, args.kernel)
    except CellTimeoutError:
        message = timeout_message(args.timeout)
        mark_timeout(args.executed, message)
        print(message, file=sys.stderr)
        return TIMEOUT_EXIT
    return 0


#: exit status of a run stopped by the cell time-out (as coreutils ``timeout``)
TIMEOUT_EXIT = 124


def timeout_message(timeout: Optional[int]) -> str:
    """How a cell time-out is reported in the status, the summary and the site."""
    return f"TimeoutError: a cell ran longer than the time-out of {timeout} s (--timeout)"


def mark_timeout(executed: Path, message: str) -> None:
    """nbclient interrupts a cell that runs past the time-out, so the executed notebook shows
    ``KeyboardInterrupt``: say what happened instead (the error output of that cell)."""
    try:
        nb = json.loads(Path(executed).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    for cell in nb.get("cells", []):
        for output in cell.get("outputs", []) or []:
            if output.get("output_type") == "error" and output.get("ename") == "KeyboardInterrupt":
                name, _, value = message.partition(": ")
                output.update(ename=name, evalue=value, traceback=[message])
                from evalkit.atomic import atomic_write_text

                atomic_write_text(Path(executed), json.dumps(nb, indent=1) + "\n")
                return


def command(
    notebook: Path, executed: Path, cwd: Path, parameters: dict, timeout: Optional[int] = None
) -> List[str]:
    """The command line that runs :func:`main` in a child process of this interpreter."""
    line = [
        sys.executable,
        "-m",
        "evalkit.notebook.kernels",
        str(notebook),
        str(executed),
        "--cwd",
        str(cwd),
        "--parameters",
        json.dumps(parameters),
    ]
    return line + (["--timeout", str(int(timeout))] if timeout else [])


if __name__ == "__main__":
    sys.exit(main())
