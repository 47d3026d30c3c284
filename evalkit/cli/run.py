"""``evalkit run``: run the paper notebooks headless (what ``run_all.sh`` calls).

The options are the runner's own (:func:`evalkit.notebook.runner.build_parser`, one
definition for both); they are parsed when the command runs, so ``evalkit --help`` does
not import the notebook layer.
"""

from __future__ import annotations

import sys


def register(subparsers) -> None:
    import argparse

    parser = subparsers.add_parser(
        "run",
        help="run the notebooks headless with papermill (evalkit run --help: the options)",
        add_help=False,
        prefix_chars="+",  # every option goes to the runner's own parser
    )
    parser.add_argument("run_args", nargs=argparse.REMAINDER)
    parser.set_defaults(func=_run)


def _run(args) -> int:
    import contextlib
    import io
    from pathlib import Path

    from evalkit.cli._common import check_output_dir
    from evalkit.config import repository_root
    from evalkit.notebook.prepare import prepare_sample
    from evalkit.notebook.runner import RunInterrupted, build_parser, run_parsed

    args = build_parser(prog="evalkit run").parse_args(args.run_args)
    results = Path(args.results_dir) if args.results_dir else repository_root() / "results"
    check_output_dir(results / args.profile)  # before any notebook runs
    stream = io.StringIO() if args.quiet else sys.stdout
    if args.profile == "sample":
        with contextlib.redirect_stderr(stream) if args.quiet else contextlib.nullcontext():
            prepare_sample(quick=args.quick)
    try:
        runs = run_parsed(args, stream)
    except RunInterrupted as stop:
        print(f"\nevalkit run: interrupted; summary and site: {stop.index}", file=sys.stderr)
        return 130
    return 1 if any(r.status == "failed" for r in runs) else 0
