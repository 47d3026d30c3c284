#!/usr/bin/env bash
# Start JupyterLab on the paper notebooks (the README's command).
#
#   scripts/lab.sh [JUPYTER LAB OPTIONS...] [PATH]
#
# PATH (the folder served) defaults to this checkout's notebooks/, unless
# --ServerApp.root_dir=DIR names one. Run as root (containers, CI), JupyterLab
# refuses to start ("Running as root is not recommended") unless it gets --allow-root:
# this wrapper passes it then, and only then. Every other argument goes to `jupyter lab`.
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
jupyter="$repo/.venv/bin/jupyter"
if [ ! -x "$jupyter" ]; then
    echo "lab.sh: $jupyter is missing: run ./run_all.sh or scripts/bootstrap.sh first" >&2
    exit 2
fi
extra=()
if [ "$(id -u)" = 0 ]; then
    extra+=(--allow-root)
fi
path_given=0
for arg in "$@"; do
    case "$arg" in
        --ServerApp.root_dir=* | --notebook-dir=*) path_given=1 ;;
        -*) ;;
        *) path_given=1 ;;
    esac
done
if [ "$path_given" = 0 ]; then
    set -- "$@" "$repo/notebooks"
fi
exec "$jupyter" lab "${extra[@]}" "$@"
