"""A restricted unpickler for the public data sets (SPEC 2.2 ``public``).

The public sets (SummEval, REALSumm, WMT19 daRR, WMT17) are published upstream as Python
pickles. Loading a pickle with :mod:`pickle` can run arbitrary code: the stream may name any
importable callable (``os.system``, ``builtins.eval``, ...) and the ``REDUCE`` opcode calls
it. This module admits only what plain data needs:

* the built-in scalars and containers that pickle encodes with dedicated opcodes (``None``,
  ``bool``, ``int``, ``float``, ``str``, ``bytes``, ``bytearray`` (protocol 5), ``tuple``,
  ``list``, ``dict``, ``set``, ``frozenset``) -- these never go through
  :meth:`~pickle.Unpickler.find_class`;
* through ``find_class`` only the handful of builtins that older protocols (0-2) use to
  rebuild those same types (``builtins.set``, ``frozenset``, ``bytearray``, ``bytes``,
  ``list``, ``dict``, ``tuple``, ``str``, ``int``, ``float``, ``bool``, ``complex`` and
  ``_codecs.encode`` which protocol 2 uses for ``bytes``; ``bytes``/``bytearray`` only
  from a string, never from a size) -- every other global (any module, any class, any
  function) raises :class:`UnsafePickleError`;
* NumPy *numeric scalars* (REALSumm's score dictionaries hold a few ``numpy.float64``):
  the stream names ``numpy.dtype`` and ``numpy.core.multiarray.scalar``; instead of
  importing NumPy's callables, ``find_class`` hands back two small evalkit stand-ins that
  accept only a bool / int / uint / float dtype code and its raw bytes and return the
  equal Python ``bool`` / ``int`` / ``float`` (bit for bit). No NumPy code runs.

Persistent ids and out-of-band buffers are refused too. Resources are bounded: a
compressed pickle may expand to at most :data:`MAX_DECOMPRESSED_BYTES` (checked while
decompressing, so a "bomb" of a few KB never allocates gigabytes), and a memo index may not
exceed the number of opcodes before it (the C unpickler sizes its memo by the largest
index, so a 9-byte stream could otherwise allocate hundreds of MB). Anything else wrong with the
stream (truncation, bad opcodes) becomes an :class:`~evalkit.errors.InputFormatError`, so
callers see only evalkit errors. Verify the file's SHA-256 first (see
:mod:`evalkit.data.public`); this unpickler is the second line of defence.

Why our own: :mod:`pickle` offers exactly this hook (``find_class``, as its documentation
recommends for restricting globals) and no maintained library adds anything needed here.
"""

from __future__ import annotations

import bz2
import io
import lzma
import os
import pickle
import struct
from typing import Any, BinaryIO, Optional, Union

from evalkit.errors import EvalkitError, InputFormatError, PathLike


__all__ = ["UnsafePickleError", "load", "loads", "ALLOWED_GLOBALS"]

#: The built-in types that rebuild plain data, by their Python 3 names.
_DATA_TYPES = (
    "set",
    "frozenset",
    "list",
    "dict",
    "tuple",
    "str",
    "int",
    "float",
    "bool",
    "complex",
)

#: (module, name) pairs find_class may return: builtins that rebuild plain data only (Python 2
#: pickles name them in ``__builtin__``, with ``unicode`` and ``long`` besides).
ALLOWED_GLOBALS = frozenset(
    {("builtins", n) for n in _DATA_TYPES}
    | {("__builtin__", n) for n in (*_DATA_TYPES, "unicode", "long")}
    | {("_codecs", "encode")}
)


class UnsafePickleError(EvalkitError):
    """A pickle names a global (class or function) outside the allowed built-in data types."""

    def __init__(self, source: str, module: str, name: str):
        self.source, self.module, self.name = source, module, name
        super().__init__(
            f"{source}: refused to unpickle {module}.{name}: only built-in containers and "
            "scalars are allowed (this pickle could run code or needs a class evalkit does not trust)"
        )


_SCALAR_FORMATS = {
    "b1": "?",
    "i1": "b",
    "i2": "h",
    "i4": "i",
    "i8": "q",
    "u1": "B",
    "u2": "H",
    "u4": "I",
    "u8": "Q",
    "f2": "e",
    "f4": "f",
    "f8": "d",
}


class _NumpyDtypeStandIn:
    """Records a numeric NumPy dtype named in a pickle; refuses every other dtype."""

    def __init__(self, code: Any, align: Any = False, copy: Any = True):
        if code == "?":
            code = "b1"
        if code not in _SCALAR_FORMATS:
            raise UnsafePickleError("<pickle>", "numpy.dtype", repr(code)[:40])
        self.code = code
        self.order = "<"

    def __setstate__(self, state: Any) -> None:
        # NumPy's dtype state: (version, byte order, subarray, names, fields, ...).
        if not isinstance(state, tuple) or len(state) < 2 or state[1] not in ("<", ">", "|", "="):
            raise UnsafePickleError("<pickle>", "numpy.dtype state", repr(state)[:40])
        if any(x is not None for x in state[2:5]):
            raise UnsafePickleError("<pickle>", "numpy.dtype", "structured dtype")
        self.order = "<" if state[1] in ("|", "=") else state[1]


def _numpy_scalar(dtype: Any, data: Any = None) -> Any:
    """Decode a NumPy numeric scalar into the equal Python bool / int / float."""
    if not isinstance(dtype, _NumpyDtypeStandIn) or not isinstance(data, bytes):
        raise UnsafePickleError("<pickle>", "numpy.core.multiarray.scalar", "non-numeric scalar")
    fmt = dtype.order + _SCALAR_FORMATS[dtype.code]
    if struct.calcsize(fmt) != len(data):
        raise UnsafePickleError(
            "<pickle>", "numpy.core.multiarray.scalar", f"{len(data)} bytes for {dtype.code}"
        )
    (value,) = struct.unpack(fmt, data)
    return float(value) if dtype.code.startswith("f") else value


def _sized(cls: type) -> Any:
    """``bytes`` / ``bytearray`` as protocols 0-2 call them (from a str, or empty), but
    never from an integer size, which would let a tiny pickle allocate gigabytes."""

    def make(*args: Any) -> Any:
        if args and not isinstance(args[0], (str, bytes, bytearray)):
            raise UnsafePickleError(
                "<pickle>", "builtins", f"{cls.__name__}({type(args[0]).__name__})"
            )
        return cls(*args)

    return make


_STAND_INS = {
    ("builtins", "bytes"): _sized(bytes),
    ("builtins", "bytearray"): _sized(bytearray),
    ("__builtin__", "bytearray"): _sized(bytearray),
    ("__builtin__", "bytes"): _sized(bytes),
    ("numpy", "dtype"): _NumpyDtypeStandIn,
    ("numpy.core.multiarray", "scalar"): _numpy_scalar,
    ("numpy._core.multiarray", "scalar"): _numpy_scalar,
}


class _RestrictedUnpickler(pickle.Unpickler):
    def __init__(self, file: BinaryIO, source: str):
        super().__init__(file)
        self._source = source

    def find_class(self, module: str, name: str) -> Any:
        if (module, name) in ALLOWED_GLOBALS:
            return super().find_class(module, name)
        if (module, name) in _STAND_INS:
            return _STAND_INS[(module, name)]
        raise UnsafePickleError(self._source, module, name)

    def persistent_load(self, pid: Any) -> Any:
        raise UnsafePickleError(self._source, "<persistent id>", repr(pid)[:60])


#: Largest decompressed pickle accepted (the biggest public file expands to 7 MB); a
#: "compression bomb" of a few KB expanding to gigabytes is refused while it is read.
MAX_DECOMPRESSED_BYTES = 512 * 1024 * 1024


def _decompress_bounded(data: bytes, new: Any, source: str, limit: int) -> bytes:
    """Decompress every concatenated stream of ``data`` with decompressors from ``new()``,
    stopping as soon as the output would exceed ``limit`` bytes."""
    out: list = []
    total = 0
    while data:
        decomp = new()
        chunk = decomp.decompress(data, max_length=limit - total + 1)
        while True:
            total += len(chunk)
            out.append(chunk)
            if total > limit:
                raise InputFormatError(
                    source,
                    None,
                    f"a pickle of at most {limit} bytes when decompressed",
                    found=f"more than {limit} bytes",
                )
            if decomp.eof or decomp.needs_input:
                break
            chunk = decomp.decompress(b"", max_length=limit - total + 1)
        if not decomp.eof:
            raise InputFormatError(
                source, None, "a complete compressed pickle", found="the stream ends early"
            )
        data = decomp.unused_data
    return b"".join(out)


def _open_decompressed(data: bytes, source: str, limit: Optional[int] = None) -> bytes:
    """Undo bz2 / xz compression recognised by magic bytes (WMT17 ships ``.pkl.bz2``),
    never producing more than ``limit`` (default :data:`MAX_DECOMPRESSED_BYTES`) bytes."""
    limit = MAX_DECOMPRESSED_BYTES if limit is None else limit
    try:
        if data[:3] == b"BZh":
            return _decompress_bounded(data, bz2.BZ2Decompressor, source, limit)
        if data[:6] == b"\xfd7zXZ\x00":
            return _decompress_bounded(data, lzma.LZMADecompressor, source, limit)
    except (OSError, ValueError, EOFError, lzma.LZMAError) as exc:
        raise InputFormatError(
            source, None, "a complete compressed pickle", found=str(exc)
        ) from None
    return data


_MEMO_OPS = frozenset({"PUT", "BINPUT", "LONG_BINPUT", "GET", "BINGET", "LONG_BINGET"})


def _check_memo(raw: bytes, source: str) -> None:
    """Refuse memo indices a pickler cannot have written.

    The C unpickler sizes its memo table by the largest index it is given, so a 9-byte
    stream naming index 50,000,000 allocates hundreds of MB. A pickler numbers memo
    entries 0, 1, 2, ... as it stores them, so no index exceeds the number of opcodes
    before it; checking that bounds the memo by the size of the stream itself.
    """
    import pickletools

    try:
        for n, (op, arg, pos) in enumerate(pickletools.genops(raw)):
            if op.name in _MEMO_OPS:
                try:
                    index = int(arg)
                except (TypeError, ValueError):
                    raise InputFormatError(
                        source, None, "an integer memo index", found=repr(arg)[:40]
                    ) from None
                if not 0 <= index <= n:
                    raise InputFormatError(
                        source,
                        None,
                        f"a memo index at most {n} (the opcodes before it) at byte {pos}",
                        found=str(index),
                    )
    except InputFormatError:
        raise
    except Exception as exc:  # the opcode stream itself is damaged
        raise _damaged(source, exc) from None


def _damaged(source: str, exc: Exception) -> InputFormatError:
    """The error for a pickle stream that cannot be read, naming what went wrong."""
    return InputFormatError(
        source,
        None,
        "a valid pickle of built-in containers and scalars",
        found=f"{type(exc).__name__}: {exc}",
    )


def loads(data: bytes, source: str = "<bytes>") -> Any:
    """Unpickle ``data`` (optionally bz2/xz-compressed) admitting built-in data types only."""
    if not isinstance(data, (bytes, bytearray, memoryview)):
        raise InputFormatError(source, None, "pickle bytes", found=type(data).__name__)
    raw = _open_decompressed(bytes(data), source)
    _check_memo(raw, source)
    stream = io.BytesIO(raw)
    try:
        value = _RestrictedUnpickler(stream, source).load()
    except UnsafePickleError as exc:
        if exc.source == "<pickle>":  # raised by a stand-in, which does not know the file
            raise UnsafePickleError(source, exc.module, exc.name) from None
        raise
    except EvalkitError:
        raise
    except RecursionError:
        raise InputFormatError(
            source, None, "a pickle nested less deeply than Python's recursion limit"
        ) from None
    except MemoryError:
        raise InputFormatError(source, None, "a pickle of plausible size") from None
    except Exception as exc:  # any defect of the stream: truncated, bad opcode, bad arguments
        raise _damaged(source, exc) from None
    if stream.read(1):
        raise InputFormatError(
            source, None, "nothing after the pickle's STOP opcode", found="trailing bytes"
        )
    return value


def load(file: Union[PathLike, BinaryIO], source: Optional[str] = None) -> Any:
    """Unpickle a file (path or binary file object) admitting built-in data types only.

    bz2 / xz compressed pickles are recognised by their magic bytes. Raises
    :class:`UnsafePickleError` for any disallowed global and
    :class:`~evalkit.errors.InputFormatError` for a damaged stream.
    """
    if hasattr(file, "read"):
        data = file.read()
        return loads(data, source or getattr(file, "name", "<stream>"))
    path = os.fspath(file)
    try:
        with open(path, "rb") as handle:
            data = handle.read()
    except FileNotFoundError:
        raise InputFormatError(path, None, "an existing pickle file") from None
    return loads(data, source or path)
