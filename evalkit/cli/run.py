"""``evalkit run``: run the paper notebooks headless (what ``run_all.sh`` calls)."""

from __future__ import annotations


DESCRIPTION = "Run every evalkit notebook headless with papermill and index the results."


def add_arguments(parser) -> None:
    """The runner's options (also ``run_all.sh``'s: :func:`evalkit.notebook.runner.build_parser`)."""
    import argparse
    from pathlib import Path

    from evalkit.data.provenance import PROFILES

    parser.add_argument(
        "--profile", default="sample", choices=PROFILES, help="data profile (default: sample)"
    )
    parser.add_argument(
        "-j", "--jobs", type=int, default=1, help="notebooks to run in parallel (default: 1)"
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="PATTERN",
        help="run only notebooks whose <paper>/<name> contains or glob-matches PATTERN (repeatable)",
    )
    parser.add_argument("--quick", action="store_true", help="small sizes, for smoke tests")
    parser.add_argument("--notebooks-dir", type=Path, default=None, help=argparse.SUPPRESS)
    parser.add_argument(
        "--results-dir",
        type=Path,
        default=None,
        help="where results/<profile>/ goes (default: ./results)",
    )
    parser.add_argument("--timeout", type=int, default=None, help="seconds allowed per cell")


def register(subparsers) -> None:
    parser = subparsers.add_parser(
        "run", help="run the notebooks headless with papermill", description=DESCRIPTION
    )
    add_arguments(parser)
    parser.set_defaults(func=_run)


def _run(args) -> int:
    from evalkit.notebook.prepare import prepare_sample
    from evalkit.notebook.runner import run_all

    if args.profile == "sample":
        prepare_sample(quick=args.quick)
    runs = run_all(
        args.profile,
        args.jobs,
        args.only,
        args.quick,
        args.notebooks_dir,
        args.results_dir,
        args.timeout,
    )
    return 1 if any(r.status == "failed" for r in runs) else 0
