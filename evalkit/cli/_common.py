"""What every ``evalkit`` subcommand shares: flag names, exit codes, help text, output checks.

The convention (issue 26, item 8), the same for every subcommand:

* ``-o/--output`` where a subcommand writes files, ``-j/--jobs`` where it runs work in
  parallel, ``-q/--quiet`` where it prints progress, ``--seed`` (default
  :data:`DEFAULT_SEED`) where it draws random numbers. Older spellings (``--out``,
  ``--scr-dir``, ``--results-dir``, ``--workers``) stay accepted as hidden aliases.
* Exit codes: :data:`EXIT_OK` 0 (done), :data:`EXIT_FAILED` 1 (a comparison or check
  failed), :data:`EXIT_USAGE` 2 (usage or input error: argparse's own code, and every
  :class:`evalkit.errors.EvalkitError` or unreadable file), :data:`EXIT_INTERRUPTED` 130
  (Ctrl-C; a one-line message, no traceback).
* Help is plain text: module docstrings are shown through :func:`plain_text`, which drops
  reStructuredText markup (``code``, roles such as :mod:`x`).
* Output paths are checked (created, writable) before the work starts
  (:func:`check_output_dir`, :func:`check_output_file`).

This module is cheap to import (no numpy), so ``evalkit --help`` stays fast.
"""

from __future__ import annotations

import argparse
import os
import re
from pathlib import Path
from typing import Optional, Sequence

from evalkit.errors import ParameterError

__all__ = [
    "EXIT_OK",
    "EXIT_FAILED",
    "EXIT_USAGE",
    "EXIT_INTERRUPTED",
    "DEFAULT_SEED",
    "plain_text",
    "add_output",
    "add_jobs",
    "add_quiet",
    "add_seed",
    "check_output_dir",
    "check_output_file",
]

EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130

#: ``--seed``'s default wherever a subcommand draws random numbers
DEFAULT_SEED = 12345

_ROLE = re.compile(r":[a-z]+:`~?([^`<]*?)(?:\s*<[^>]*>)?`")
_LITERAL = re.compile(r"``(.*?)``", re.S)
_EMPHASIS = re.compile(r"(?<![\w`])\*\*?([^*\s][^*]*?)\*\*?(?!\w)")


def plain_text(doc: str) -> str:
    """``doc`` without reStructuredText markup: roles and literals become their text,
    ``::`` literal-block markers a colon, emphasis stars dropped."""
    text = _ROLE.sub(
        lambda m: m.group(1).rsplit(".", 1)[-1] if "~" in m.group(0) else m.group(1), doc
    )
    text = _LITERAL.sub(r"\1", text)
    text = re.sub(r"`([^`]*)`_?", r"\1", text)
    text = _EMPHASIS.sub(r"\1", text)
    return text.replace("::\n", ":\n")


def add_command(subparsers, name: str, help: str, description: str, **kwargs):
    """The parser of subcommand ``name``: ``help`` in the command list and ``description``
    (plain text, its line breaks kept) at the top of its ``--help``."""
    return subparsers.add_parser(
        name,
        help=help,
        description=description,
        formatter_class=argparse.RawDescriptionHelpFormatter,
        **kwargs,
    )


def _aliases(parser, names: Sequence[str], dest: str, **kwargs) -> None:
    for name in names:  # the old spellings: accepted, not shown
        parser.add_argument(
            name, dest=dest, help=argparse.SUPPRESS, default=argparse.SUPPRESS, **kwargs
        )


def add_output(parser, help: str, default=None, aliases: Sequence[str] = (), dest="output") -> None:
    """``-o/--output PATH`` (plus hidden ``aliases``)."""
    parser.add_argument("-o", "--output", dest=dest, default=default, metavar="PATH", help=help)
    _aliases(parser, aliases, dest)


def add_jobs(parser, default: Optional[int] = 1, help: str = "", aliases=("--workers",)) -> None:
    """``-j/--jobs N``: parallel workers (an integer >= 1)."""
    parser.add_argument(
        "-j",
        "--jobs",
        type=_positive_int,
        default=default,
        metavar="N",
        help=help or f"parallel workers (default: {default})",
    )
    _aliases(parser, aliases, "jobs", type=_positive_int)


def add_quiet(parser) -> None:
    """``-q/--quiet``: no progress messages (results and errors are still printed)."""
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress messages (errors still printed)"
    )


def add_seed(parser, default: int = DEFAULT_SEED, help: str = "") -> None:
    """``--seed N``: the master seed of the subcommand's random draws."""
    parser.add_argument(
        "--seed", type=int, default=default, help=help or f"random seed (default: {default})"
    )


def _positive_int(value: str) -> int:
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not an integer") from None
    if number < 1:
        raise argparse.ArgumentTypeError(f"{value!r} is not an integer >= 1")
    return number


def check_output_dir(path, flag: str = "--output") -> Path:
    """Create directory ``path`` (and parents) and check it is writable, before any work;
    ParameterError naming ``flag`` otherwise."""
    path = Path(path)
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        raise ParameterError(flag, str(path), "a directory (a file of that name exists)") from None
    except OSError as exc:
        raise ParameterError(
            flag, str(path), f"a directory evalkit may create ({exc.strerror})"
        ) from None
    if not os.access(path, os.W_OK | os.X_OK):
        raise ParameterError(flag, str(path), "a writable directory")
    return path


def check_output_file(path, flag: str = "--output") -> Path:
    """Check that file ``path`` can be written (its directory created), before any work."""
    path = Path(path)
    if path.is_dir():
        raise ParameterError(flag, str(path), "a file name (a directory of that name exists)")
    check_output_dir(path.parent if str(path.parent) else Path("."), flag)
    if path.exists() and not os.access(path, os.W_OK):
        raise ParameterError(flag, str(path), "a writable file")
    return path
