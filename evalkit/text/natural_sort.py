"""Natural ("human") sort order of identifiers: ``M2 < M11``, ``D30001 < D30010``.

:func:`natural_key` splits a string into runs of digits and non-digits and compares the
digit runs as integers: ``"M11"`` -> ``("M", 11, "")``. The key always alternates text,
number, text (starting with a possibly empty text run), so keys of any two strings
compare without mixing ``int`` and ``str``. Non-strings are keyed by ``str(value)``.

>>> sorted(["M11", "M2", "M1", "ref"], key=natural_key)
['M1', 'M2', 'M11', 'ref']
"""

from __future__ import annotations

import re
from typing import Any, Tuple, Union

__all__ = ["natural_key"]

_DIGITS = re.compile(r"(\d+)")


def natural_key(value: Any) -> Tuple[Union[str, int], ...]:
    """Sort key putting ``value``'s digit runs in numeric order (see the module docstring)."""
    parts = _DIGITS.split(str(value))
    return tuple(int(p) if i % 2 else p for i, p in enumerate(parts))
