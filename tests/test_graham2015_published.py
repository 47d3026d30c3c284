"""evalkit.data.published: reading the papers' printed tables, and rejecting bad transcriptions."""

from __future__ import annotations

import pytest

from evalkit.data.published import list_published, published_readme, read_published
from evalkit.errors import InputFormatError, ParameterError


@pytest.fixture
def root(tmp_path, monkeypatch):
    (tmp_path / "toy").mkdir()
    monkeypatch.setenv("EVALKIT_PUBLISHED_DIR", str(tmp_path))
    return tmp_path / "toy"


def test_reads_types_and_keeps_letters(root):
    (root / "t.csv").write_text("name,flag,r,n\nBLEU,,0.797,1\nR-2,N,0.5,2\nNA,Y,0.25,3\n")
    t = read_published("toy", "t")
    assert list(t["name"]) == ["BLEU", "R-2", "NA"]  # "NA" is text, not missing
    assert t["flag"].isna().tolist() == [True, False, False]  # only empty cells are missing
    assert t["r"].dtype == "float64" and t["n"].dtype == "int64"
    assert list_published("toy") == ["t"]


def test_dtypes_pin_columns_and_name_bad_cells(root):
    (root / "t.csv").write_text("pct,ok\n28.7,1\n36.3,0\n")
    t = read_published("toy", "t", dtypes={"pct": "str", "ok": "bool"})
    assert list(t["pct"]) == ["28.7", "36.3"] and list(t["ok"]) == [True, False]
    (root / "u.csv").write_text("ok\n1\nyes\n")
    with pytest.raises(InputFormatError, match=r"u\.csv, line 3.*0 or 1.*'yes'"):
        read_published("toy", "u", dtypes={"ok": "bool"})
    with pytest.raises(ParameterError):
        read_published("toy", "t", dtypes={"missing": "int"})


@pytest.mark.parametrize(
    "text, line",
    [
        ("a,b\n1,2\n3\n", 3),  # too few fields is not padded silently
        ("a,b\n1,2,3\n", 2),  # too many fields
        ("a,b\n", 2),  # no data rows
        ("a,a\n1,2\n", 1),  # duplicate column names
    ],
)
def test_malformed_files_name_file_and_line(root, text, line):
    (root / "bad.csv").write_text(text)
    with pytest.raises(InputFormatError, match=rf"bad\.csv, line {line}"):
        read_published("toy", "bad")


def test_unknown_paper_or_table(root):
    with pytest.raises(ParameterError, match="toy"):
        read_published("nope", "t")
    with pytest.raises(ParameterError):
        read_published("toy", "missing")
    with pytest.raises(ParameterError):
        read_published("../etc", "t")
    with pytest.raises(InputFormatError, match="README"):
        published_readme("toy")


def test_repository_tables_have_readme():
    assert "Errata" in published_readme("graham2015")
