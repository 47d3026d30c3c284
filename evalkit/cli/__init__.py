"""The ``evalkit`` command line.

Each concern adds its subcommand in its own module of this package (``evalkit/cli/rouge.py``
for ``evalkit rouge``, ``evalkit/cli/data.py`` for ``evalkit data ...``). A module takes
part by defining ``register(subparsers)``, which adds one parser whose ``func`` default
takes the parsed arguments and returns an exit code. Modules are found at run time, so a
new subcommand needs no edit here; a module imports its heavy dependencies inside its
functions, so ``evalkit --help`` stays fast. Flag names, exit codes and help text follow
one convention (:mod:`evalkit.cli._common`).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys
from typing import List, Optional

from evalkit.cli._common import EXIT_INTERRUPTED, EXIT_OK, EXIT_USAGE
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
    """Run ``evalkit ARGV``; returns the exit code (:mod:`evalkit.cli._common`: 0 ok, 1 a
    comparison or check failed, 2 usage or input error, 130 interrupted)."""
    try:
        parser = build_parser()
        args = parser.parse_args(argv)
        if getattr(args, "func", None) is None:
            parser.print_help()
            return EXIT_OK if args.command is None else EXIT_USAGE
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("evalkit: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except EvalkitError as exc:
        print(f"evalkit: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BrokenPipeError:
        # the reader went away (``evalkit ... | head``): not an error; keep Python from
        # complaining when it flushes stdout at exit
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:  # an input that cannot be read, an output that cannot be written
        where = f" {exc.filename!r}" if getattr(exc, "filename", None) else ""
        print(f"evalkit: error:{where} {exc.strerror or exc}", file=sys.stderr)
        return EXIT_USAGE
