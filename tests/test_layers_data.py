"""Rules of the data layer enforced on the source: environment variables are read in one
module (evalkit/config.py), and the shared utilities exist once."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "evalkit"

#: Modules the coordinator is rewriting on the paper layer (issue 11); each must still read
#: the environment, so the exception is removed as soon as it is no longer needed.
PENDING: set = set()


def _sources():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8")


def _environment_reads(source: str):
    """Lines reading the environment: ``os.environ``/``os.getenv``/``os.putenv`` (also
    through an alias of ``os``) and ``from os import environ/getenv``."""
    tree = ast.parse(source)
    os_names = {"os"}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            os_names |= {a.asname or a.name for a in node.names if a.name == "os"}
    hits = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            hits += [
                node.lineno
                for a in node.names
                if a.name in ("environ", "getenv", "environb", "putenv")
            ]
        if (
            isinstance(node, ast.Attribute)
            and node.attr in ("environ", "getenv", "environb", "putenv")
            and isinstance(node.value, ast.Name)
            and node.value.id in os_names
        ):
            hits.append(node.lineno)
    return sorted(set(hits))


def test_reader_finds_the_forms_it_must_refuse():
    assert _environment_reads("import os\nx = os.environ.get('A')\n") == [2]
    assert _environment_reads("import os as o\nx = o.getenv('A')\n") == [2]
    assert _environment_reads("from os import environ\n") == [1]
    assert _environment_reads("import os\nx = os.path.join('a')\n") == []


def test_environment_read_in_one_module():
    offenders = {
        rel: lines
        for rel, text in _sources()
        if rel != "evalkit/config.py" and rel not in PENDING
        for lines in [_environment_reads(text)]
        if lines
    }
    assert offenders == {}, f"read environment variables through evalkit.config: {offenders}"


def test_pending_exceptions_are_still_needed():
    for rel in sorted(PENDING):
        path = ROOT / rel
        assert path.exists(), f"{rel} is gone: remove it from PENDING"
        assert _environment_reads(path.read_text(encoding="utf-8")), (
            f"{rel} no longer reads the environment: remove it from PENDING"
        )


def test_every_variable_named_in_evalkit_is_declared():
    """A variable name spelled as a string anywhere in evalkit (``"EVALKIT_..."``) is one
    evalkit.config declares (licensed corpora are built from their names)."""
    from evalkit import config
    from evalkit.data import licensed

    declared = set(config.VARIABLES) | {config.licensed_variable(n) for n in licensed.CORPORA}
    named = {
        m for _, text in _sources() for m in re.findall(r"[\"'`](EVALKIT_[A-Z0-9_]+)[\"'`]", text)
    }
    assert named - declared == set()


UTILITIES = {
    "def sha256_file": "evalkit/data/checksums.py",
    "def natural_key": "evalkit/text/natural_sort.py",
    "def split_tokenized_sentences": "evalkit/text/sentences.py",
    "def parse_attributes": "evalkit/data/sgml_attributes.py",
}


@pytest.mark.parametrize("definition,home", sorted(UTILITIES.items()))
def test_shared_utilities_are_defined_once(definition, home):
    homes = [rel for rel, text in _sources() if re.search(rf"^\s*{definition}\(", text, re.M)]
    assert homes == [home]


#: The shapes the copies had: a hashlib read loop, ``re.split(r"(\d+)")`` sort keys, and
#: attribute regular expressions ``name\s*=\s*"value"``; each with the module that owns it.
COPIES = {
    "file hashing loop": (r"hashlib\.sha256\(\)[\s\S]{0,200}\.read\(", "evalkit/data/checksums.py"),
    "natural sort key": (r"re\.split\(r[\"']\(\\d\+\)", "evalkit/text/natural_sort.py"),
    "attribute regex": (r"\\s\*=\\s\*(?:\(\?:)?\"", "evalkit/data/sgml_attributes.py"),
}
#: Copies the coordinator removes while rewriting graham2015 on the paper layer.
PENDING_COPIES: set = set()


def _copies():
    return {
        (what, rel)
        for what, (pattern, home) in COPIES.items()
        for rel, text in _sources()
        if rel != home and re.search(pattern, text)
    }


def test_copy_patterns_find_the_old_copies():
    old = {
        "file hashing loop": 'digest = hashlib.sha256()\n    with open(path, "rb") as handle:\n'
        '        for block in iter(lambda: handle.read(1 << 20), b""):',
        "natural sort key": 'return [int(p) if p.isdigit() else p for p in re.split(r"(\\d+)", str(s))]',
        "attribute regex": '_ATTR = re.compile(r\'(\\w+)\\s*=\\s*"([^"]*)"\')',
    }
    for what, text in old.items():
        assert re.search(COPIES[what][0], text), what
    pattern, home = COPIES["attribute regex"]
    assert re.search(pattern, (ROOT / home).read_text(encoding="utf-8"))


def test_no_second_copy_of_the_shared_utilities():
    assert _copies() - PENDING_COPIES == set()


def test_pending_copies_are_still_there():
    copies = _copies()
    for pending in sorted(PENDING_COPIES):
        assert pending in copies, f"{pending} is gone: remove it from PENDING_COPIES"
