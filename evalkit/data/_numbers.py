"""Number parsing shared by the table readers: one message format for every bad cell."""
from __future__ import annotations

import math
import os
from typing import Optional, Union

from evalkit.errors import InputFormatError

PathLike = Union[str, "os.PathLike[str]"]


def parse_number(token: str, path: Optional[PathLike], line: Optional[int], what: str) -> float:
    """``float(token)``, or InputFormatError "expected a number for WHAT" (also for NaN/inf:
    a missing value must use the format's own marker so it is counted, not stored)."""
    try:
        value = float(token)
    except ValueError:
        raise InputFormatError(path, line, f"a number for {what}", found=token) from None
    if not math.isfinite(value):
        raise InputFormatError(path, line, f"a finite number for {what}", found=token)
    return value
