"""Issue 12: every reader fuzzed with hostile input, each example within a time bound.

A valid file of each format is damaged by random flips, cuts and insertions
(``_data_corrupt.corrupt``) and by repeated hostile fragments (stray ``<``, nested
tags, NUL, byte-order marks, Unicode digits, huge or non-finite numbers, backtracking
regular expressions, deep nesting). Whatever comes in, a reader returns or raises an
evalkit error naming the file; it never lets another exception out, and it finishes
each example within hypothesis' ``deadline`` (linear scans, bounded regex, bounded
decompression), which is what the per-example time bound checks.
"""

from __future__ import annotations

import bz2
import pickle
import re
from datetime import timedelta
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from _data_corrupt import corrupt
from test_data_duc import RESP2004, SEE, SEE2004
from test_data_judgments import CSV, LDC
from test_data_tac import AESOP, MANUAL_PEER_2008, PEER_ANNOTATION, PYRAMID, ROUGE_OUT
from test_data_wmt import DARR, FAKE_SGML, SEG_SCR
from test_nist_sgml import REF_SGML

from evalkit.data import duc, judgments, nist_sgml, pyramid, safe_pickle, tac, wmt
from evalkit.errors import EvalkitError
from evalkit.metrics import rouge_formats

#: Each example must finish within this (a linear reader needs milliseconds; the bounded
#: pyramid regex gives up after 0.5 s, checked coarsely by ``regex``). Modest example
#: counts keep CI fast.
FUZZ = settings(
    max_examples=80,
    deadline=timedelta(seconds=6),
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

HOSTILE = [
    "<a",
    "<",
    '<seg id="1">',
    "</seg>",
    '<doc docid="x">',
    "</doc>",
    "</tstset>",
    '<!ENTITY x "y">',
    "\x00",
    "\ufeff",
    "\u00b2",
    "\u0661",
    "\u0663\u0662",
    "9" * 400,
    "1e999",
    "-3",
    "2.5",
    "NaN",
    "inf",
    "1_0",
    "(a|aa)+$",
    "(a+)+$",
    "&amp;",
    "&#0;",
    "]]>",
    "\r",
    "\t",
    "\n\n",
    " ",
    "-",
    "P1 D01 ",
    "<X>",
]


_TOKENS = re.compile(rb'(\s+|[<>"=,:])')


def hostile(data, raw: bytes) -> bytes:
    """``raw`` damaged by ``corrupt`` and/or a hostile fragment -- in place of one of its
    tokens (a field, an id, a number) or inserted anywhere, repeated up to 40,000 times
    (a quadratic scan of 40,000 stray ``<a`` took half a minute)."""
    if data.draw(st.booleans()):
        raw = corrupt(data, raw)
    fragment = data.draw(st.sampled_from(HOSTILE)).encode("utf-8")
    times = data.draw(st.sampled_from([1, 1, 2, 10, 40000]))
    if data.draw(st.booleans()):
        parts = _TOKENS.split(raw)
        k = data.draw(st.integers(0, len(parts) - 1))
        parts[k] = fragment * times
        return b"".join(parts)
    pos = data.draw(st.integers(0, len(raw)))
    return raw[:pos] + fragment * times + raw[pos:]


def _check(path: Path, read) -> None:
    try:
        read(path)
    except EvalkitError as exc:
        assert str(path) in str(exc) or path.name in str(exc), str(exc)[:300]


def _file(tmp_path_factory, name: str, raw: bytes) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / name
    path.write_bytes(raw)
    return path


@FUZZ
@given(data=st.data(), which=st.sampled_from(["sgml", "xml"]))
def test_fuzz_nist_sgml(tmp_path_factory, data, which):
    seed = REF_SGML if which == "sgml" else nist_xml()
    path = _file(
        tmp_path_factory, f"set.{'xml' if which == 'xml' else 'sgm'}", hostile(data, seed.encode())
    )
    _check(path, nist_sgml.read_nist)


def nist_xml() -> str:
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n<mteval>\n<refset setid="t1" srclang="cz" trglang="en" '
        'refid="r1">\n<doc docid="d1">\n<seg id="1">a b &amp; c</seg>\n<seg id="2">d</seg>\n</doc>\n'
        "</refset>\n</mteval>\n"
    )


@FUZZ
@given(data=st.data(), which=st.sampled_from(["plain", "fake", "scr", "darr"]))
def test_fuzz_wmt(tmp_path_factory, data, which):
    seed = {"plain": "one line\ntwo lines\n", "fake": FAKE_SGML, "scr": SEG_SCR, "darr": DARR}[
        which
    ]
    reader = {
        "plain": wmt.read_plain,
        "fake": wmt.read_fake_sgml,
        "scr": wmt.read_scr,
        "darr": wmt.read_darr,
    }[which]
    _check(_file(tmp_path_factory, f"f.{which}", hostile(data, seed.encode())), reader)


@FUZZ
@given(data=st.data(), which=st.sampled_from(["csv", "ldc", "yaml"]))
def test_fuzz_judgments(tmp_path_factory, data, which):
    if which == "yaml":
        root = tmp_path_factory.mktemp("ev")
        (root / "r.sgm").write_text(REF_SGML.replace("refset", "refset"))
        seed = "references: [r.sgm]\nsystems: [r.sgm]\nlayout: csv\n"
        path = root / "evaluation.yaml"
        path.write_bytes(hostile(data, seed.encode()))
        try:  # the error may name the YAML file or a file it lists
            judgments.read_mt_evaluation(path)
        except EvalkitError as exc:
            assert str(root) in str(exc), str(exc)[:300]
        return
    seed = CSV if which == "csv" else LDC
    reader = judgments.read_assessments_csv if which == "csv" else judgments.read_ldc_assessments
    _check(_file(tmp_path_factory, "a.csv", hostile(data, seed.encode())), reader)


@FUZZ
@given(
    data=st.data(), which=st.sampled_from(["see2004", "resp2004", "summary_see", "summary_plain"])
)
def test_fuzz_duc(tmp_path_factory, data, which):
    seed = {
        "see2004": SEE2004,
        "resp2004": RESP2004,
        "summary_see": SEE,
        "summary_plain": "One.\nTwo.\n",
    }[which]
    raw = hostile(data, seed.encode("latin-1"))
    if which.startswith("summary"):
        _check(_file(tmp_path_factory, "D30001.M.100.T.A", raw), duc.read_summary)
    else:
        spec = "duc2004-see" if which == "see2004" else "duc2004-responsiveness"
        _check(_file(tmp_path_factory, "table", raw), lambda p: duc.read_table(p, spec))


@FUZZ
@given(data=st.data(), which=st.sampled_from(["manual", "rouge", "aesop", "pyramid", "annotation"]))
def test_fuzz_tac_and_pyramids(tmp_path_factory, data, which):
    seed = {
        "manual": MANUAL_PEER_2008,
        "rouge": ROUGE_OUT,
        "aesop": AESOP,
        "pyramid": PYRAMID,
        "annotation": PEER_ANNOTATION,
    }[which]
    raw = hostile(data, seed.encode("utf-8"))
    if which == "pyramid":
        _check(_file(tmp_path_factory, "D0801-A.pyr", raw), pyramid.read_pyramid)
    elif which == "annotation":
        _check(_file(tmp_path_factory, "D0801-A.M.100.A.1", raw), pyramid.read_peer_annotation)
    elif which == "manual":
        _check(
            _file(tmp_path_factory, "manual.peer", raw),
            lambda p: duc.read_table(p, tac.TABLES["tac2008-manual.peer"]),
        )
    elif which == "rouge":
        _check(_file(tmp_path_factory, "rouge.m.out", raw), tac.read_rouge_output)
    else:
        _check(
            _file(tmp_path_factory, "aesop_allpeers_A", raw), lambda p: tac.read_aesop(p, 2009, "A")
        )


@settings(
    FUZZ, max_examples=25, deadline=timedelta(seconds=15)
)  # regex checks its 0.5 s limit coarsely
@given(
    data=st.data(),
    regex=st.sampled_from(["(a|aa)+$", "(a+)+$", "(x+x+)+y", "[-]*\\n(.*)*\\n", "((((((a))))))*"]),
    line=st.sampled_from(["a" * 40 + "!", "x" * 60, "-" * 50]),
)
def test_fuzz_pyramid_header_regex(tmp_path_factory, data, regex, line):
    text = (
        f'<?xml version="1.0"?>\n<pyramid>\n<startDocumentRegEx><![CDATA[{regex}]]></startDocumentRegEx>\n'
        f"<text><line>{line}</line><line>{line}</line></text>\n</pyramid>\n"
    )
    _check(_file(tmp_path_factory, "D0801-A.pyr", text.encode()), pyramid.read_pyramid)


@FUZZ
@given(data=st.data(), compress=st.booleans())
def test_fuzz_safe_pickle(tmp_path_factory, data, compress):
    raw = pickle.dumps(
        {"a": [1, 2.5, "x"], "b": ({1, 2}, b"\x00\xff")},
        protocol=data.draw(st.sampled_from([0, 2, 4])),
    )
    raw = corrupt(data, raw, max_cut=10)
    if compress:
        raw = bz2.compress(raw)
    try:
        safe_pickle.loads(raw, "fuzz.pkl")
    except EvalkitError as exc:
        assert "fuzz.pkl" in str(exc)


@FUZZ
@given(data=st.data(), which=st.sampled_from(["config", "list", "see"]))
def test_fuzz_rouge_inputs(tmp_path_factory, data, which):
    seed = {
        "config": '<ROUGE_EVAL version="1.5.5"><EVAL ID="1"><PEER-ROOT>p</PEER-ROOT><MODEL-ROOT>m'
        '</MODEL-ROOT><INPUT-FORMAT TYPE="SPL"></INPUT-FORMAT><PEERS><P ID="1">a</P></PEERS>'
        '<MODELS><M ID="A">b</M></MODELS></EVAL></ROUGE_EVAL>\n',
        "list": "peer.txt model1.txt model2.txt\n",
        "see": SEE,
    }[which]
    path = _file(tmp_path_factory, "rouge.in", hostile(data, seed.encode("latin-1")))
    reader = {
        "config": rouge_formats.read_xml_config,
        "list": lambda p: rouge_formats.read_file_list(p, "SPL"),
        "see": lambda p: rouge_formats.read_summary(p, "SEE"),
    }[which]
    _check(path, lambda p: reader(str(p)))
