"""scripts/bootstrap.sh on a bare machine, with a fake ``python3`` (no real venv is made).

The fake interpreter's ``-m venv`` either works (a ``.venv/bin/python`` that logs its
arguments and has a working ``-m pip``) or fails the way Debian's python3 does without
``python3-venv`` (ensurepip missing: a ``.venv`` without pip, exit 1). A fake ``id`` makes
the script believe it is root or not, and a fake ``scripts/apt-install.sh`` "installs"
python3-venv by making the fake interpreter work.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

FAKE_PYTHON = """#!/usr/bin/env bash
# fake python3: "-m venv DIR" works only once python3-venv is "installed" ($ROOT/venv-installed)
set -e
if [ "$1 $2" = "-m venv" ]; then
    mkdir -p "$3/bin"
    if [ -f "$ROOT/venv-installed" ]; then
        cat > "$3/bin/python" <<'PY'
#!/usr/bin/env bash
echo "$*" >> "$ROOT/pip.log"
PY
        chmod +x "$3/bin/python"
        exit 0
    fi
    printf '#!/usr/bin/env bash\\necho "No module named pip" >&2; exit 1\\n' > "$3/bin/python"
    chmod +x "$3/bin/python"
    echo "Error: ensurepip is not available" >&2
    exit 1
fi
exit 2
"""

FAKE_APT = """#!/usr/bin/env bash
echo "$*" >> "$ROOT/apt.log"
touch "$ROOT/venv-installed"
"""


@pytest.fixture
def bare(tmp_path):
    root = tmp_path / "checkout"
    (root / "scripts").mkdir(parents=True)
    (root / "requirements").mkdir()
    shutil.copy(REPO / "scripts" / "bootstrap.sh", root / "scripts" / "bootstrap.sh")
    (root / "requirements" / "lock.txt").write_text("numpy==2.0.0\n")
    (root / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for path, text in (
        (bin_dir / "python3", FAKE_PYTHON),
        (root / "scripts" / "apt-install.sh", FAKE_APT),
    ):
        path.write_text(text)
        path.chmod(0o755)
    # a half-made .venv from an earlier failed run
    (root / ".venv" / "bin").mkdir(parents=True)
    (root / ".venv" / "bin" / "python").write_text("#!/usr/bin/env bash\nexit 1\n")
    (root / ".venv" / "bin" / "python").chmod(0o755)
    return root, bin_dir


def _run(root, bin_dir, uid):
    (bin_dir / "id").write_text(f"#!/usr/bin/env bash\necho {uid}\n")
    (bin_dir / "id").chmod(0o755)
    env = dict(os.environ, ROOT=str(root), PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    env.pop("PYTHON", None)
    return subprocess.run(
        ["bash", "scripts/bootstrap.sh"], cwd=root, env=env, capture_output=True, text=True
    )


def test_as_root_a_half_made_venv_is_replaced_after_installing_python3_venv(bare):
    root, bin_dir = bare
    proc = _run(root, bin_dir, 0)
    assert proc.returncode == 0, proc.stderr
    assert "incomplete" in proc.stderr
    assert (root / "apt.log").read_text().split() == ["python3-venv"]
    log = (root / "pip.log").read_text().splitlines()
    # the lock itself, then evalkit without dependencies, then a consistency check
    assert "-m pip install --quiet -r requirements/lock.txt" in log
    assert "-m pip install --quiet --no-deps -e ." in log
    assert log.index("-m pip install --quiet -r requirements/lock.txt") < log.index(
        "-m pip install --quiet --no-deps -e ."
    )
    assert log[-1] == "-m pip check"
    assert not any(" -c " in line for line in log)  # never the lock as mere constraints
    assert (root / ".venv" / ".evalkit-installed").is_file()
    # a second run changes nothing
    before = (root / "pip.log").read_text()
    assert _run(root, bin_dir, 0).returncode == 0
    assert (root / "pip.log").read_text().count("-r requirements/lock.txt") == before.count(
        "-r requirements/lock.txt"
    )


def test_without_root_it_names_python3_venv_and_leaves_no_venv(bare):
    root, bin_dir = bare
    proc = _run(root, bin_dir, 1000)
    assert proc.returncode == 1
    assert "python3-venv" in proc.stderr and "removed" in proc.stderr
    assert not (root / ".venv").exists() and not (root / "apt.log").exists()
    # once the package is there, the next run starts clean and succeeds
    (root / "venv-installed").touch()
    assert _run(root, bin_dir, 1000).returncode == 0
    assert "-r requirements/lock.txt" in (root / "pip.log").read_text()


def test_python3_venv_is_listed_in_apt_txt():
    listed = [
        line.split("#")[0].strip()
        for line in (REPO / "requirements" / "apt.txt").read_text().splitlines()
    ]
    assert "python3-venv" in listed
