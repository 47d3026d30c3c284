"""Reading an input file's bytes for a reader: one error format for the usual failures.

Every text reader of :mod:`evalkit.data` and :mod:`evalkit.text` starts here (a module of
the bottom layer, beside :mod:`evalkit.errors`, so that both can use it), so a missing file, a directory, an
unreadable file, a NUL byte or a byte-order mark is handled the same way everywhere:
an :class:`~evalkit.errors.InputFormatError` naming the file (and the line of a NUL),
never a raw ``OSError`` traceback, and a UTF-8 byte-order mark dropped rather than
becoming part of the first segment, id or cell.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Union

from evalkit.errors import InputFormatError

PathLike = Union[str, "os.PathLike[str]"]

UTF8_BOM = b"\xef\xbb\xbf"


def read_input(path: PathLike, what: str) -> bytes:
    """The bytes of ``path``; InputFormatError "expected WHAT" when it cannot be read."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise InputFormatError(path, None, f"an existing {what}") from None
    except IsADirectoryError:
        raise InputFormatError(path, None, f"a {what}, not a directory") from None
    except PermissionError:
        raise InputFormatError(path, None, f"a readable {what} (permission denied)") from None
    except OSError as exc:  # a name too long, a broken device, ...
        raise InputFormatError(
            path, None, f"a readable {what}", found=exc.strerror or str(exc)
        ) from None


def check_text_bytes(data: bytes, path: PathLike, strip_bom: bool = True) -> bytes:
    """``data`` without a leading UTF-8 byte-order mark (when ``strip_bom``); a NUL byte
    anywhere is an InputFormatError naming its line (text files never hold one: it means
    a binary or UTF-16 file, and it would pass into the texts)."""
    nul = data.find(b"\x00")
    if nul >= 0:
        raise InputFormatError(
            path,
            data.count(b"\n", 0, nul) + 1,
            "text without NUL bytes (binary or UTF-16 file?)",
            found=repr(data[max(0, nul - 20) : nul + 20]),
        )
    if strip_bom and data.startswith(UTF8_BOM):
        return data[len(UTF8_BOM) :]
    return data


def decode_text(data: bytes, path: PathLike, encoding: str = "utf-8", what: str = "") -> str:
    """``data`` decoded, or InputFormatError naming the line of the first undecodable byte
    ("expected ENCODING text", with a hint at UTF-16 or Latin-1 files)."""
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise InputFormatError(
            path,
            line,
            f"{encoding} text{' (' + what + ')' if what else ''}",
            found=repr(data[max(0, exc.start - 20) : exc.start + 20]),
        ) from None


def read_text(path: PathLike, what: str, encoding: str = "utf-8") -> str:
    """The text of ``path``: :func:`read_input`, :func:`check_text_bytes` (NUL refused, BOM
    dropped) and :func:`decode_text` in one call."""
    return decode_text(check_text_bytes(read_input(path, what), path), path, encoding)


def parse_xml(path: PathLike, what: str):
    """The root element of the XML file ``path`` (``xml.etree``; expat refuses entity
    expansion bombs), or InputFormatError naming the line of the first error."""
    import xml.etree.ElementTree as ET

    data = read_input(path, what)
    if data.find(b"\x00") >= 0 and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        check_text_bytes(data, path)
    try:
        return ET.fromstring(data)
    except ET.ParseError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        raise InputFormatError(path, line, f"well-formed XML ({what})", found=str(exc)) from None
    except (LookupError, ValueError) as exc:  # an unknown encoding in the XML declaration
        raise InputFormatError(
            path, 1, "an XML declaration with a known encoding", found=str(exc)
        ) from None
    except RecursionError:
        raise InputFormatError(path, None, f"XML nested less deeply ({what})") from None
