#!/usr/bin/env bash
# Install the Debian packages listed in requirements/apt.txt that are missing (or only the
# packages named as arguments: scripts/bootstrap.sh asks for python3-venv alone).
# Needs root (CI runs as root). Without root it only reports what is missing: the parity
# tests that need those tools then skip with a reason (and fail under CI, tests/_requires.py).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ $# -gt 0 ]; then
    pkgs="$*"
else
    pkgs=$(sed -e 's/#.*//' "$here/requirements/apt.txt" | tr -s ' \t' '\n' | sed '/^$/d')
fi
missing=()
for p in $pkgs; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -eq 0 ]; then exit 0; fi
if [ "$(id -u)" -ne 0 ]; then
    echo "[apt] not root; missing Debian packages (parity tests will skip): ${missing[*]}" >&2
    exit 0
fi
echo "[apt] installing: ${missing[*]}" >&2
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 update -qq
apt-get -o DPkg::Lock::Timeout=600 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
