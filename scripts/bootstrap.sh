#!/usr/bin/env bash
# Create .venv (if missing) and install evalkit with the pinned dependencies.
# Used by run_all.sh, scripts/test.sh and .ci/run. Idempotent and quiet when nothing changed.
#
# The lock itself is installed (pip install -r requirements/lock.txt, then evalkit with
# --no-deps), so no dependency, direct or transitive, can float to a version the lock does not
# name; pip check then confirms the lock is complete. A .venv left half-made (python3 -m venv
# fails in ensurepip when Debian's python3-venv is missing, leaving a venv without pip) is
# removed and created again, after installing python3-venv when running as root.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
PYTHON="${PYTHON:-python3}"

venv_ok() { [ -x .venv/bin/python ] && .venv/bin/python -m pip --version >/dev/null 2>&1; }

make_venv() {
    rm -rf .venv
    if "$PYTHON" -m venv .venv && venv_ok; then
        return 0
    fi
    rm -rf .venv
    return 1
}

if ! venv_ok; then
    if [ -e .venv ]; then
        echo "[bootstrap] .venv is incomplete (no working pip): removing it" >&2
    fi
    if ! make_venv; then
        if [ "$(id -u)" -eq 0 ]; then
            echo "[bootstrap] '$PYTHON -m venv' failed: installing python3-venv, then retrying" >&2
            scripts/apt-install.sh python3-venv
            make_venv || {
                echo "[bootstrap] '$PYTHON -m venv' still fails after installing python3-venv" >&2
                exit 1
            }
        else
            echo "[bootstrap] '$PYTHON -m venv' failed and .venv was removed. Install Debian's" \
                "python3-venv (requirements/apt.txt): sudo apt-get install python3-venv" >&2
            exit 1
        fi
    fi
fi
stamp=.venv/.evalkit-installed
want="$(cat requirements/lock.txt pyproject.toml | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "[bootstrap] installing evalkit and pinned dependencies into .venv" >&2
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -r requirements/lock.txt
    .venv/bin/python -m pip install --quiet --no-deps -e .
    .venv/bin/python -m pip check
    echo "$want" > "$stamp"
fi
