#!/usr/bin/env bash
# Re-resolve requirements/requirements.in into requirements/lock.txt (in a scratch venv) and
# rewrite environment.yml's pip section from it, so both install the same versions.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$here"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/pip" install --quiet --upgrade pip
"$tmp/venv/bin/pip" install --quiet -r requirements/requirements.in
"$tmp/venv/bin/pip" freeze | grep -v -e '^-e ' -e '^evalkit' > requirements/lock.txt
{
    echo "# conda environment for evalkit. The pip pins below must equal requirements/lock.txt"
    echo "# (tests/test_environment.py checks it). Regenerate with scripts/update-lock.sh."
    echo "name: evalkit"
    echo "channels:"
    echo "  - conda-forge"
    echo "dependencies:"
    echo "  - python=3.11"
    echo "  - pip"
    echo "  - pip:"
    sed 's/^/      - /' requirements/lock.txt
    echo "      - -e ."
} > environment.yml
