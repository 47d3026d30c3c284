"""Shared helper of the data-format fuzz tests: random byte-level damage drawn by hypothesis."""

from __future__ import annotations

import string

from hypothesis import strategies as st

#: Bytes that matter to the formats (separators, markup, digits, Latin-1/UTF-8/cp1252 bytes).
SPECIAL = list(b' \t\n-<>"=/&;#,.0x9\x93\xc3\xa9\xff') + list(string.printable.encode())


def corrupt(data, raw: bytes, max_cut: int = 60) -> bytes:
    """Apply 1-3 random flips, cuts and insertions to ``raw`` (never returns empty bytes)."""
    buf = bytearray(raw)
    for _ in range(data.draw(st.integers(1, 3))):
        pos = data.draw(st.integers(0, max(len(buf) - 1, 0)))
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        if action == "flip" and buf:
            buf[pos] = data.draw(st.sampled_from(SPECIAL))
        elif action == "cut":
            del buf[pos : pos + data.draw(st.integers(1, max_cut))]
        else:
            buf[pos:pos] = data.draw(st.binary(max_size=5))
    return bytes(buf) or b"\n"
