#!/usr/bin/env bash
# Rerun every evalkit notebook headless and index the results.
#
#   ./run_all.sh [--profile sample|public|licensed] [-j N] [--only PATTERN] [--quick|--full] [--list] [--help]
#
# Creates .venv and installs evalkit with pinned dependencies if needed, builds the sample
# corpora (profile sample) if missing, then runs notebooks/<paper>/*.ipynb through papermill
# into results/<profile>/<paper>/<notebook>/ and writes results/<profile>/index.html and
# summary.json (merged with the results already there: a partial run keeps the others).
# -j defaults to the number of cores. The default sizes are enough for every claim and keep
# the whole run short; --full runs the papers' sizes and replication counts (each notebook
# says under its parameters where the default is below the paper's); --quick is for smoke
# tests. Exits non-zero if any notebook failed; notebooks whose data are not configured are
# reported as skipped. Ctrl-C stops the run (exit 130)
# and leaves the summary and site of what finished. JupyterLab: scripts/lab.sh.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"
for arg in "$@"; do
    if [ "$arg" = "-h" ] || [ "$arg" = "--help" ]; then
        if [ -x .venv/bin/python ]; then
            exec .venv/bin/python -m evalkit.notebook.runner --help
        fi
        # Before the first install: the header of this script is the help.
        sed -n '2,/^set -euo/p' "$0" | sed -e '$d' -e 's/^# \{0,1\}//'
        exit 0
    fi
done
scripts/bootstrap.sh
# Arguments are checked before anything is prepared (a wrong --profile or an --only that
# matches nothing fails here, not after building every sample corpus); --list only lists.
for arg in "$@"; do
    if [ "$arg" = "--list" ]; then
        exec .venv/bin/python -m evalkit.notebook.catalog "$@"
    fi
done
.venv/bin/python -m evalkit.notebook.catalog --check "$@"
profile=sample
quick=()
args=("$@")
for ((i = 0; i < ${#args[@]}; i++)); do
    case "${args[$i]}" in
        --profile) profile="${args[$((i + 1))]:-sample}" ;;
        --profile=*) profile="${args[$i]#--profile=}" ;;
        --quick) quick=(--quick) ;;
    esac
done
if [ "$profile" = "public" ] && [ -z "${EVALKIT_DATA_MIRROR:-}" ] && [ -d "$here/../shared/data" ]; then
    export EVALKIT_DATA_MIRROR="$(cd "$here/../shared/data" && pwd)"
fi
.venv/bin/python -m evalkit.notebook.prepare --profile "$profile" "${quick[@]}"
exec .venv/bin/python -m evalkit.notebook.runner "$@"
