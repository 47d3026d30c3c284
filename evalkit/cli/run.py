"""``evalkit run``: run the paper notebooks headless (what ``run_all.sh`` calls)."""

from __future__ import annotations


def register(subparsers) -> None:
    from evalkit.notebook.runner import build_parser

    template = build_parser()
    parser = subparsers.add_parser(
        "run",
        help="run the notebooks headless with papermill",
        description=template.description,
        parents=[template],
        add_help=False,
    )
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
