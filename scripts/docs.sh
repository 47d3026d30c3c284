#!/usr/bin/env bash
# Build the documentation site into docs/_build/html (offline; open docs/_build/html/index.html).
# API pages come from the docstrings of evalkit.metrics/stats/data/text/notebook (docs/conf.py).
# Warnings are errors. Extra arguments go to sphinx-build.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
python="${PYTHON:-$here/.venv/bin/python}"
[ -x "$python" ] || python=python3
PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}" "$python" -m sphinx -b html -W --keep-going -q docs docs/_build/html "$@"
echo "docs: $here/docs/_build/html/index.html"
