"""The ``evalkit`` command line.

Each concern adds its subcommand in its own module of this package (``evalkit/cli/rouge.py``
for ``evalkit rouge``, ``evalkit/cli/data.py`` for ``evalkit data ...``). A module takes
part by defining ``register(subparsers)``, which adds one parser whose ``func`` default
takes the parsed arguments and returns an exit code. Modules are found at run time, so a
new subcommand needs no edit here.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from typing import List, Optional

from evalkit.errors import EvalkitError


def build_parser() -> argparse.ArgumentParser:
    from evalkit import __version__

    parser = argparse.ArgumentParser(
        prog="evalkit",
        description="Exact, fast reproductions of MT and summarization evaluation research.",
    )
    parser.add_argument("--version", action="version", version=f"evalkit {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if getattr(args, "func", None) is None:
        parser.print_help()
        return 0 if args.command is None else 2
    try:
        return int(args.func(args) or 0)
    except EvalkitError as exc:
        print(f"evalkit: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
