"""``evalkit run``: run the paper notebooks headless (what ``run_all.sh`` calls)."""

from __future__ import annotations

import sys


DESCRIPTION = (
    "Run every evalkit notebook headless with papermill and index the results. "
    "Exit codes: 0 every notebook ran, 1 a notebook failed, 2 a usage error (e.g. no "
    "notebook matches --only, an output directory that cannot be written), 130 interrupted."
)


def add_arguments(parser) -> None:
    """The runner's options (also ``run_all.sh``'s: :func:`evalkit.notebook.runner.build_parser`)."""
    import argparse
    from pathlib import Path

    from evalkit.cli._common import add_jobs, add_output, add_quiet
    from evalkit.data.provenance import PROFILES

    parser.add_argument(
        "--profile", default="sample", choices=PROFILES, help="data profile (default: sample)"
    )
    add_jobs(parser, default=1, help="notebooks to run in parallel (default: 1)")
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only notebooks whose <paper>/<name> contains or glob-matches PATTERN (repeatable)",
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--notebooks-dir", type=Path, default=None, help=argparse.SUPPRESS)
    add_output(
        parser,
        "where results/<profile>/ goes (default: ./results)",
        aliases=("--results-dir",),
        dest="results_dir",
    )
    add_quiet(parser)
    parser.add_argument("--timeout", type=int, default=None, help="seconds allowed per cell")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "run", help="run the notebooks headless with papermill", description=DESCRIPTION
    )
    add_arguments(parser)
    parser.set_defaults(func=_run)


def _run(args) -> int:
    import contextlib
    import io
    from pathlib import Path

    from evalkit.cli._common import check_output_dir
    from evalkit.config import repository_root
    from evalkit.notebook.prepare import prepare_sample
    from evalkit.notebook.runner import run_all

    results = Path(args.results_dir) if args.results_dir else repository_root() / "results"
    check_output_dir(results / args.profile)  # before any notebook runs
    stream = io.StringIO() if args.quiet else sys.stdout
    if args.profile == "sample":
        with contextlib.redirect_stderr(stream) if args.quiet else contextlib.nullcontext():
            prepare_sample(quick=args.quick)
    runs = run_all(
        args.profile,
        args.jobs,
        args.only,
        args.quick,
        args.notebooks_dir,
        args.results_dir,
        args.timeout,
        stream=stream,
    )
    return 1 if any(r.status == "failed" for r in runs) else 0
