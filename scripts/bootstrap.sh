#!/usr/bin/env bash
# Create .venv (if missing) and install evalkit with the pinned dependencies.
# Used by run_all.sh, scripts/test.sh and .ci/run. Idempotent and quiet when nothing changed.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
PYTHON="${PYTHON:-python3}"
if [ ! -x .venv/bin/python ]; then
    "$PYTHON" -m venv .venv
fi
stamp=.venv/.evalkit-installed
want="$(cat requirements/lock.txt pyproject.toml | sha256sum | cut -d' ' -f1)"
if [ ! -f "$stamp" ] || [ "$(cat "$stamp")" != "$want" ]; then
    echo "[bootstrap] installing evalkit and pinned dependencies into .venv" >&2
    .venv/bin/python -m pip install --quiet --upgrade pip
    .venv/bin/python -m pip install --quiet -c requirements/lock.txt -e ".[all]"
    echo "$want" > "$stamp"
fi
