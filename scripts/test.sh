#!/usr/bin/env bash
# Run the evalkit test suite. Self-bootstrapping: creates .venv and installs the pinned
# dependencies if needed; as root it also installs the Debian packages the parity tests use
# (requirements/apt.txt). Extra arguments go to pytest.
#
# Public data: tests/conftest.py finds them in $EVALKIT_DATA_MIRROR, else in the cache
# `evalkit data fetch all` fills, else in ../shared/data. Under CI=true (.ci/run) a missing
# tool, model, data set or pinned package fails the test that needs it (tests/_requires.py).
# Slow tests (marked `slow`: notebook kernels, reference tools, the browser) share one xdist
# group (--dist loadgroup): their notebook runs use both cores themselves.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
scripts/apt-install.sh
scripts/bootstrap.sh
export MPLBACKEND=Agg
# Formatting and lint first (pinned ruff, configured in pyproject.toml): seconds, and a
# shadowed or undefined name fails here before the long suite starts.
.venv/bin/ruff format --check --quiet . || { echo "[test] run: .venv/bin/ruff format ." >&2; exit 1; }
.venv/bin/ruff check --quiet .
exec .venv/bin/python -m pytest -n "${EVALKIT_TEST_WORKERS:-2}" --dist "${EVALKIT_TEST_DIST:-loadgroup}" \
    --durations=30 "$@"
