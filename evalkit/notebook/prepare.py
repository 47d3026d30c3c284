"""Data preparation before a notebook run: build the simulated sample corpora once.

``run_all.sh`` calls this before starting notebooks in parallel, so parallel notebooks do
not each build ``data/sample/``. A corpus is (re)built only when it is missing or was built
with another seed, size, generator version or simulator source (the simulator's own
``build.json`` record: :func:`~evalkit.data.simulate.build.simulator_fingerprint`), so a
stale build from an older evalkit or other simulator code is replaced rather than read.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import List, Optional, Sequence

from evalkit.notebook.params import PROFILES


def prepare_sample(
    root: Optional[Path] = None, quick: bool = False, seed: Optional[int] = None
) -> List[str]:
    """Build the sample corpora that are missing or stale; return the names built.

    ``root`` defaults to the simulator's :func:`~evalkit.data.simulate.default_root`
    (``$EVALKIT_SAMPLE_DIR`` or ``data/sample``); quick builds go to ``<root>/quick``,
    where :func:`~evalkit.data.simulate.load_sample` looks for them.
    """
    from evalkit.data.simulate import CORPORA, DEFAULT_SEED, build, build_sample

    seed = DEFAULT_SEED if seed is None else seed
    base = Path(root) if root is not None else build.default_root()
    target = base / "quick" if quick else base
    missing = [name for name in CORPORA if not build.is_built(name, target, seed, quick)]
    if missing:
        print(
            f"[prepare] building sample corpora {', '.join(missing)} in {target}",
            file=sys.stderr,
            flush=True,
        )
        build_sample(target, quick=quick, seed=seed, corpora=missing)
    return missing


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description="Prepare the data a notebook run needs.")
    parser.add_argument("--profile", default="sample", choices=PROFILES)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    try:
        if args.profile == "sample":
            prepare_sample(quick=args.quick)
    except KeyboardInterrupt:  # Ctrl-C on run_all.sh while the sample is built: no traceback
        print("\n[run_all] interrupted while preparing the data", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
