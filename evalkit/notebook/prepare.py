"""Data preparation before a notebook run: build the simulated sample corpora once.

``run_all.sh`` calls this before starting notebooks in parallel, so parallel notebooks
never race to build ``data/sample/``. A stamp file records which build (size and seed) is
present; a build is redone only when the stamp is missing.
"""
from __future__ import annotations

import argparse
import importlib
import sys
from pathlib import Path
from typing import Optional, Sequence

from evalkit.atomic import atomic_write_text
from evalkit.notebook.params import PROFILES, repository_root

SAMPLE_SEED = 20051


def prepare_sample(out_dir: Optional[Path] = None, quick: bool = False, seed: int = SAMPLE_SEED) -> Optional[Path]:
    """Build ``data/sample`` with :func:`evalkit.data.simulate.build_sample` if not yet built.

    Returns the sample directory, or None when this evalkit has no simulator.
    """
    try:
        simulate = importlib.import_module("evalkit.data.simulate")
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith("evalkit.data.simulate"):
            return None
        raise
    out_dir = Path(out_dir) if out_dir else repository_root() / "data" / "sample"
    stamp = out_dir / f".built-{'quick' if quick else 'full'}-{seed}"
    if stamp.is_file():
        return out_dir
    print(f"[prepare] building the sample corpora in {out_dir} (quick={quick}, seed={seed})", file=sys.stderr)
    simulate.build_sample(out_dir, quick=quick, seed=seed)
    atomic_write_text(stamp, "built by evalkit.notebook.prepare\n")
    return out_dir


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Prepare the data a notebook run needs.")
    parser.add_argument("--profile", default="sample", choices=PROFILES)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.profile == "sample":
        prepare_sample(quick=args.quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
