"""The restricted unpickler refuses code and damaged streams; it loads plain data exactly."""

from __future__ import annotations

import bz2
import os
import pickle
import pickletools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from evalkit.data import safe_pickle
from evalkit.data.safe_pickle import UnsafePickleError
from evalkit.errors import EvalkitError, InputFormatError


class _RunsCode:
    """Unpickling this calls os.system (the classic pickle exploit)."""

    def __init__(self, command):
        self.command = command

    def __reduce__(self):
        return (os.system, (self.command,))


def test_pickle_that_would_run_code_is_refused(tmp_path):
    marker = tmp_path / "pwned"
    payload = pickle.dumps({"ok": [1, 2], "evil": _RunsCode(f"touch {marker}")}, protocol=4)
    # The payload really is dangerous: the stream names os.system (posix.system) and REDUCEs it.
    assert b"system" in payload and any(
        op.name == "REDUCE" for op, _, _ in pickletools.genops(payload)
    )
    path = tmp_path / "evil.pkl"
    path.write_bytes(payload)
    with pytest.raises(
        UnsafePickleError, match=r"evil.pkl: refused to unpickle (posix|os|nt)\.system"
    ):
        safe_pickle.load(path)
    assert not marker.exists()


@pytest.mark.parametrize(
    "obj, name",
    [
        (eval, r"builtins?_*\.eval"),
        (__import__("collections").OrderedDict(a=1), "collections.OrderedDict"),
        (np.arange(3), "numpy"),
        (np.array([1.0], dtype=object)[0:1], "numpy"),
        (range(3), r"builtins?_*\.x?range"),
    ],
)
def test_other_globals_are_refused(obj, name):
    for protocol in (0, 2, 4, 5):
        with pytest.raises(UnsafePickleError, match=name):
            safe_pickle.loads(pickle.dumps(obj, protocol=protocol))


def test_bytes_from_a_size_is_refused():
    # A hand-written protocol-2 stream: builtins.bytearray(10**10) would allocate 10 GB.
    stream = b"\x80\x02c__builtin__\nbytearray\nJ\x00\xe4\x0bT\x85R."
    with pytest.raises(UnsafePickleError, match="bytearray"):
        safe_pickle.loads(stream)


def test_numpy_numeric_scalars_become_python_numbers():
    values = [np.float64(0.1), np.float32(-2.5), np.int64(-7), np.uint8(200), np.bool_(True)]
    for protocol in (2, 3, 4, 5):
        back = safe_pickle.loads(pickle.dumps({"s": values}, protocol=protocol))["s"]
        assert back == [0.1, -2.5, -7, 200, True]
        assert [type(v) for v in back] == [float, float, int, int, bool]
    with pytest.raises(UnsafePickleError, match="numpy"):
        safe_pickle.loads(pickle.dumps(np.str_("x"), protocol=4))


plain = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False)
    | st.text()
    | st.binary(),
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=4) | st.integers(), inner, max_size=4)
        | st.frozensets(st.integers() | st.text(max_size=3), max_size=3)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(obj=plain, protocol=st.integers(0, 5), compress=st.booleans())
def test_plain_data_round_trips(obj, protocol, compress):
    data = pickle.dumps(obj, protocol=protocol)
    if compress:
        data = bz2.compress(data)
    assert safe_pickle.loads(data) == obj


@settings(max_examples=300, deadline=None)
@given(obj=plain, protocol=st.integers(0, 5), data=st.data())
def test_random_corruption_only_raises_evalkit_errors(obj, protocol, data):
    raw = bytearray(pickle.dumps(obj, protocol=protocol))
    for _ in range(data.draw(st.integers(1, 4))):
        action = data.draw(st.sampled_from(["flip", "cut", "insert"]))
        pos = data.draw(st.integers(0, max(len(raw) - 1, 0)))
        if action == "flip" and raw:
            raw[pos] = data.draw(st.integers(0, 255))
        elif action == "cut":
            del raw[pos:]
        else:
            raw[pos:pos] = data.draw(st.binary(min_size=1, max_size=4))
    try:
        safe_pickle.loads(bytes(raw), source="corrupt.pkl")
    except EvalkitError as exc:
        assert "corrupt.pkl" in str(exc)


def test_damaged_files_name_the_file(tmp_path):
    path = tmp_path / "cut.pkl"
    path.write_bytes(pickle.dumps({"a": list(range(100))}, protocol=4)[:-5])
    with pytest.raises(InputFormatError, match=r"cut.pkl: expected a valid pickle"):
        safe_pickle.load(path)
    path.write_bytes(bz2.compress(pickle.dumps([1]))[:-3])
    with pytest.raises(InputFormatError, match=r"cut.pkl: expected a complete compressed pickle"):
        safe_pickle.load(path)
    path.write_bytes(pickle.dumps([1]) + b"junk")
    with pytest.raises(InputFormatError, match=r"nothing after the pickle's STOP opcode"):
        safe_pickle.load(path)
    with pytest.raises(InputFormatError, match=r"missing.pkl: expected an existing pickle file"):
        safe_pickle.load(tmp_path / "missing.pkl")
