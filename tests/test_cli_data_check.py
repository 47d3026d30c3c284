"""``evalkit data check`` on a machine that has fetched nothing and has no mirror (issue 34,
item 6): one line naming the sets not fetched and how to fetch them, not hundreds of files
reported "missing"."""

from __future__ import annotations

from evalkit.cli import main
from evalkit.data import public


def test_check_without_mirror_says_not_fetched_and_how(tmp_path, monkeypatch, capsys):
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "cache"))
    main(["data", "check"])
    out = capsys.readouterr().out
    sets = list(public.manifest()["sets"])
    (line,) = [ln for ln in out.splitlines() if ln.startswith("not fetched:")]
    assert all(name in line for name in sets)
    assert "evalkit data fetch" in line and "EVALKIT_DATA_MIRROR" in line
    assert "missing" not in out
    files = sum(len(info["files"]) for info in public.manifest()["sets"].values())
    assert len(out.splitlines()) < files  # not one line per file
