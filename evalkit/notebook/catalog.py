"""What the notebooks are: one row per notebook with what it regenerates, and a check of
``run_all.sh``'s arguments before anything is prepared.

    python -m evalkit.notebook.catalog --list [--only PATTERN]    # papers, notebooks, what each regenerates
    python -m evalkit.notebook.catalog --check [run_all.sh arguments]

``--check`` fails (exit 2, a message naming the argument) on an unknown profile and on
``--only`` patterns that select no notebook, so ``run_all.sh`` refuses them before it builds
any sample corpus.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Optional, Sequence

import pandas as pd

from evalkit.config import repository_root
from evalkit.notebook.intro import introduction, paragraph, title

__all__ = ["catalog", "main"]


def catalog(notebooks_dir: Optional[Path] = None, only: Sequence[str] = ()) -> pd.DataFrame:
    """``paper, notebook, title, regenerates`` of every notebook (the first markdown cell's
    heading and its **Regenerates.** paragraph), in run order, filtered like ``--only``."""
    from evalkit.notebook.runner import discover

    folder = Path(notebooks_dir) if notebooks_dir is not None else repository_root() / "notebooks"
    rows = []
    for path in discover(folder, only):
        first = introduction(json.loads(path.read_text(encoding="utf-8")))
        rows.append(
            {
                "paper": path.parent.name,
                "notebook": path.stem,
                "title": title(first, path.stem),
                "regenerates": paragraph(first, "Regenerates"),
            }
        )
    return pd.DataFrame(rows, columns=["paper", "notebook", "title", "regenerates"])


def _print_list(table: pd.DataFrame, stream=None) -> None:
    stream = sys.stdout if stream is None else stream
    for paper, group in table.groupby("paper", sort=False):
        print(paper, file=stream)
        for row in group.itertuples(index=False):
            what = row.regenerates if len(row.regenerates) <= 110 else row.regenerates[:107] + "..."
            print(f"  {row.notebook:40s} {what}", file=stream)
    print(f"{table['paper'].nunique()} papers, {len(table)} notebooks", file=stream)


def main(argv: Optional[Sequence[str]] = None) -> int:
    from evalkit.notebook.runner import build_parser

    argv = list(sys.argv[1:] if argv is None else argv)
    listing = "--list" in argv
    checking = "--check" in argv
    rest = [a for a in argv if a not in ("--list", "--check")]
    parser = build_parser()
    args = parser.parse_args(rest)  # an unknown profile or option exits 2 with argparse's message
    table = catalog(args.notebooks_dir, args.only)
    if args.only and table.empty:
        parser.error(f"--only {' '.join(args.only)}: no notebook matches (see run_all.sh --list)")
    if args.jobs is not None and args.jobs < 1:
        parser.error(f"-j/--jobs {args.jobs}: expected at least 1")
    if listing:
        _print_list(table)
        return 0
    if not checking:
        parser.error("expected --list or --check")
    return 0


if __name__ == "__main__":
    sys.exit(main())
