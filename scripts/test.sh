#!/usr/bin/env bash
# Run the evalkit test suite. Self-bootstrapping: creates .venv and installs the pinned
# dependencies if needed; as root it also installs the Debian packages the parity tests use
# (requirements/apt.txt). Extra arguments go to pytest.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
scripts/apt-install.sh
scripts/bootstrap.sh
# The public data sets: an offline mirror laid out like ../shared/data, if one is beside us.
if [ -z "${EVALKIT_DATA_MIRROR:-}" ] && [ -d "$here/../shared/data" ]; then
    export EVALKIT_DATA_MIRROR="$(cd "$here/../shared/data" && pwd)"
fi
export MPLBACKEND=Agg
# Formatting and lint first (pinned ruff, configured in pyproject.toml): seconds, and a
# shadowed or undefined name fails here before the long suite starts.
.venv/bin/ruff format --check --quiet . || { echo "[test] run: .venv/bin/ruff format ." >&2; exit 1; }
.venv/bin/ruff check --quiet .
exec .venv/bin/python -m pytest -n "${EVALKIT_TEST_WORKERS:-2}" "$@"
