"""The exceptions evalkit raises.

Every error a user can cause derives from :class:`EvalkitError`, so a notebook or a
pipeline can catch evalkit's complaints without catching programming errors.
"""

from __future__ import annotations

import os
from typing import Optional, Union

PathLike = Union[str, "os.PathLike[str]"]


class EvalkitError(Exception):
    """Base class of every error evalkit raises on bad input or configuration."""


class ParameterError(EvalkitError, ValueError):
    """A function or notebook parameter has an invalid value.

    The message names the parameter, the value received and what was expected.
    """

    def __init__(self, name: str, value: object, expected: str):
        self.name = name
        self.value = value
        self.expected = expected
        super().__init__(f"invalid value for parameter {name!r}: {value!r}; expected {expected}")


class InputFormatError(EvalkitError, ValueError):
    """A file does not have the format a reader expects.

    Always names the file, the (1-based) line where known, and what was expected there.
    """

    def __init__(
        self,
        path: Optional[PathLike],
        line: Optional[int],
        expected: str,
        found: Optional[str] = None,
    ):
        self.path = None if path is None else os.fspath(path)
        self.line = line
        self.expected = expected
        self.found = found
        where = self.path if self.path is not None else "<input>"
        if line is not None:
            where = f"{where}, line {line}"
        msg = f"{where}: expected {expected}"
        if found is not None:
            shown = found if len(found) <= 120 else found[:117] + "..."
            msg += f", found {shown!r}"
        super().__init__(msg)


class DataNotConfiguredError(EvalkitError):
    """The data a notebook or loader needs is not configured on this machine.

    ``run_all.sh`` reports a notebook that raises this as *skipped*, never as failed.
    """

    def __init__(self, what: str, how: str = ""):
        self.what = what
        self.how = how
        msg = f"data not configured: {what}"
        if how:
            msg += f" ({how})"
        super().__init__(msg)


class ReferenceToolError(EvalkitError):
    """An external reference tool (ROUGE-1.5.5.pl, the METEOR jar, R) is missing or failed."""
