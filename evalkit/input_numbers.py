"""Number parsing shared by the table readers: one message format for every bad cell.

Only ASCII spellings are numbers here: Python's ``float``/``int``/``str.isdigit`` also
accept other scripts' digits (``'١٢'``), superscripts (``'²'`` passes ``isdigit`` but
not ``int``) and ``'1_000'``, none of which a NIST/WMT/LDC table writes, so they are
reported as format errors instead of becoming numbers (or raw ``ValueError``).
"""

from __future__ import annotations

import math
import os
import re
from typing import Optional, Tuple, Union

from evalkit.errors import InputFormatError, ParameterError

PathLike = Union[str, "os.PathLike[str]"]

_FLOAT = re.compile(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)
_NON_FINITE = re.compile(r"[+-]?(?:nan|inf|infinity)", re.ASCII | re.IGNORECASE)
_UINT = re.compile(r"[0-9]+", re.ASCII)


def is_uint(token: str) -> bool:
    """True for a non-empty string of ASCII digits ``0-9`` (unlike ``str.isdigit``)."""
    return bool(_UINT.fullmatch(token))


#: Longest digit string read as a number (no table of ours holds larger counts or ids;
#: Python refuses to convert strings over 4,300 digits with a raw ValueError).
MAX_DIGITS = 18


def parse_uint(token: str, path: Optional[PathLike], line: Optional[int], what: str) -> int:
    """``int(token)`` for ASCII digits only (at most :data:`MAX_DIGITS`), else
    InputFormatError "expected WHAT"."""
    if not is_uint(token) or len(token) > MAX_DIGITS:
        raise InputFormatError(
            path, line, f"{what} (at most {MAX_DIGITS} ASCII digits)", found=token[:40]
        )
    return int(token)


def parse_number(token: str, path: Optional[PathLike], line: Optional[int], what: str) -> float:
    """``float(token)``, or InputFormatError "expected a number for WHAT" (also for NaN/inf:
    a missing value must use the format's own marker so it is counted, not stored)."""
    if _NON_FINITE.fullmatch(token):
        raise InputFormatError(path, line, f"a finite number for {what}", found=token)
    if not _FLOAT.fullmatch(token):
        raise InputFormatError(path, line, f"a number for {what}", found=token)
    value = float(token)
    if not math.isfinite(value):  # 1e999
        raise InputFormatError(path, line, f"a finite number for {what}", found=token)
    return value


#: ``(low, high, integer)``: a documented scale; ``None`` bounds are open.
Scale = Tuple[Optional[float], Optional[float], bool]


def describe_scale(scale: Scale) -> str:
    low, high, integer = scale
    kind = "an integer" if integer else "a number"
    if low is not None and high is not None:
        return f"{kind} from {low:g} to {high:g}"
    if low is not None:
        return f"{kind} >= {low:g}"
    if high is not None:
        return f"{kind} <= {high:g}"
    return kind


def in_scale(value: float, scale: Scale) -> bool:
    low, high, integer = scale
    return (
        (low is None or value >= low)
        and (high is None or value <= high)
        and (not integer or float(value).is_integer())
    )


def check_scale(
    value: float,
    scale: Optional[Scale],
    path: Optional[PathLike],
    line: Optional[int],
    what: str,
    token: Optional[str] = None,
) -> float:
    """``value`` if it lies on the documented ``scale``, else InputFormatError naming the
    file, the line and the allowed range."""
    if scale is not None and not in_scale(value, scale):
        raise InputFormatError(
            path,
            line,
            f"{describe_scale(scale)} for {what}",
            found=token if token is not None else repr(value),
        )
    return value


def check_scale_argument(
    parameter: str, found: object, value: float, scale: Optional[Scale], what: str
) -> None:
    """A writer's :func:`check_scale`: ParameterError naming ``parameter``, ``found`` and
    the allowed range "for WHAT" when ``value`` lies off ``scale`` (None: no bound)."""
    if scale is not None and not in_scale(float(value), scale):
        raise ParameterError(parameter, found, f"{describe_scale(scale)} for {what}")
