"""Kernels on private sockets (evalkit.notebook.kernels): the cause of kernels that died before
their first reply when several notebooks started at once, and many kernels started together."""

from __future__ import annotations

import concurrent.futures
import json
import os
import stat
import subprocess
import sys

import nbformat
import pytest

from evalkit.notebook import kernels

pytestmark = pytest.mark.skipif(
    os.name != "posix", reason="Unix-domain sockets (the kernels use TCP elsewhere)"
)


def test_each_kernel_gets_a_folder_of_its_own_for_its_sockets():
    with kernels.private_kernel_folder() as a, kernels.private_kernel_folder() as b:
        assert a != b and a.is_dir() and stat.S_IMODE(a.stat().st_mode) == 0o700
        ca, cb = kernels.kernel_config(a), kernels.kernel_config(b)
        assert ca.KernelManager.transport == cb.KernelManager.transport == "ipc"
        assert ca.KernelManager.ip == str(a / "k") != cb.KernelManager.ip
        assert len(f"{ca.KernelManager.ip}-5".encode()) < 104  # the Unix-domain socket path limit
    assert not a.exists() and not b.exists()


def test_jupyter_clients_default_ipc_names_collide_which_is_why_each_kernel_has_a_folder(
    tmp_path, monkeypatch
):
    """Two kernel managers choosing ipc sockets at once in one working directory (the default
    name ``kernel-ipc``, numbered by which files exist) get the same five sockets."""
    from jupyter_client.connect import write_connection_file

    monkeypatch.chdir(tmp_path)
    first, _ = write_connection_file(str(tmp_path / "a.json"), ip="kernel-ipc", transport="ipc")
    second, _ = write_connection_file(str(tmp_path / "b.json"), ip="kernel-ipc", transport="ipc")
    ports = ("shell_port", "iopub_port", "stdin_port", "control_port", "hb_port")
    a, b = (json.loads((tmp_path / n).read_text()) for n in ("a.json", "b.json"))
    assert [a[p] for p in ports] == [b[p] for p in ports] == [1, 2, 3, 4, 5] and a["ip"] == b["ip"]


def _probe_notebook(path):
    nb = nbformat.v4.new_notebook(
        metadata={
            "kernelspec": {"name": "python3", "language": "python", "display_name": "Python 3"},
            "language_info": {"name": "python"},
        }
    )
    nb.cells = [
        nbformat.v4.new_code_cell("tag = None", metadata={"tags": ["parameters"]}),
        nbformat.v4.new_code_cell(
            "import json, ipykernel.connect\n"
            "info = ipykernel.connect.get_connection_info(unpack=True)\n"
            "print(json.dumps({'tag': tag, 'transport': info['transport'], 'ip': info['ip']}))"
        ),
    ]
    nbformat.write(nb, str(path))


@pytest.mark.slow
def test_many_kernels_started_at_once_all_reply(tmp_path):
    """Eight notebooks started at the same moment, each in its own process as the runner starts
    them: every kernel starts, answers and runs its cells on sockets of its own."""
    source = tmp_path / "probe.ipynb"
    _probe_notebook(source)
    n = 8

    def run(i):
        executed = tmp_path / f"executed_{i}.ipynb"
        proc = subprocess.run(
            kernels.command(source, executed, tmp_path, {"tag": i}, timeout=600),
            capture_output=True,
            text=True,
            env=dict(
                os.environ,
                PATH=os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", ""),
            ),
        )
        return proc, executed

    with concurrent.futures.ThreadPoolExecutor(n) as pool:
        results = list(pool.map(run, range(n)))
    seen = []
    for proc, executed in results:
        assert proc.returncode == 0, proc.stderr[-2000:]
        out = nbformat.read(str(executed), as_version=4).cells[-1].outputs[0]["text"]
        seen.append(json.loads(out))
    assert sorted(s["tag"] for s in seen) == list(range(n))
    assert {s["transport"] for s in seen} == {"ipc"} and len({s["ip"] for s in seen}) == n


def test_the_child_refuses_parameters_that_are_not_an_object(tmp_path, capsys):
    with pytest.raises(SystemExit) as exc:
        kernels.main(
            [
                str(tmp_path / "a.ipynb"),
                str(tmp_path / "b.ipynb"),
                "--cwd",
                str(tmp_path),
                "--parameters",
                "[1]",
            ]
        )
    assert exc.value.code == 2 and "expected a JSON object" in capsys.readouterr().err


def test_the_child_does_not_compile_the_iri_grammar():
    """papermill's import in the notebook child skips jsonschema's RFC 3987 grammar (1.2 s of
    CPU per notebook), and only in the child: a plain import still builds it when installed."""
    probe = (
        "import sys; {call}import papermill; print('rfc3987_syntax.syntax_helpers' in sys.modules)"
    )
    skipped = subprocess.run(
        [
            sys.executable,
            "-c",
            probe.format(call="from evalkit.notebook import kernels; kernels.skip_iri_grammar(); "),
        ],
        capture_output=True,
        text=True,
        check=True,
    )
    assert skipped.stdout.strip() == "False"
    plain = subprocess.run(
        [sys.executable, "-c", probe.format(call="")], capture_output=True, text=True, check=True
    )
    # the grammar is installed with the pinned Jupyter stack, so the plain import builds it
    assert plain.stdout.strip() == "True"
