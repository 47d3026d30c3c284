"""When a result is older than the code or data it came from (issue 28, item 1):
:func:`evalkit.notebook.freshness.stale_reasons` on a result folder written by hand."""

from __future__ import annotations

import hashlib
import json
import os
import time

from evalkit.notebook.freshness import code_fingerprint, stale_reasons


def _result(tmp_path, finished):
    data = tmp_path / "data"
    data.mkdir()
    (data / "a.txt").write_text("alpha")
    sha = hashlib.sha256(b"alpha").hexdigest()
    folder = tmp_path / "result"
    folder.mkdir()
    record = {"provenance": {"datasets": [{"root": str(data), "files": [["a.txt", sha, 5]]}]}}
    (folder / "results.json").write_text(json.dumps(record))
    source = tmp_path / "nb.ipynb"
    source.write_text("{}")
    status = {"status": "ok", "finished": finished, "code": code_fingerprint(source)}
    return data, folder, source, status


def test_a_current_result_has_no_reason(tmp_path):
    _, folder, source, status = _result(tmp_path, time.time() + 5)
    assert stale_reasons(status, source, folder) == []


def test_changed_data_makes_it_stale_but_the_same_bytes_rewritten_do_not(tmp_path):
    data, folder, source, status = _result(tmp_path, time.time() - 100)
    os.utime(data / "a.txt")  # rebuilt later with the same bytes
    assert stale_reasons(status, source, folder) == []
    (data / "a.txt").write_text("beta")
    (reason,) = stale_reasons(status, source, folder)
    assert "a.txt changed" in reason
    (data / "a.txt").unlink()
    assert "a.txt is gone" in stale_reasons(status, source, folder)[0]


def test_an_edited_or_removed_notebook_makes_it_stale(tmp_path):
    _, folder, source, status = _result(tmp_path, time.time() + 5)
    source.write_text('{"cells": []}')
    assert stale_reasons(status, source, folder) == ["the notebook was edited since this run"]
    assert stale_reasons(status, None, folder) == ["the notebook no longer exists"]


def test_other_evalkit_code_makes_it_stale(tmp_path):
    _, folder, source, status = _result(tmp_path, time.time() + 5)
    status["code"]["evalkit"] = "0" * 64
    assert stale_reasons(status, source, folder) == ["evalkit's code changed since this run"]


def test_public_sets_without_root_are_looked_up_in_the_cache(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    (cache / "summeval").mkdir(parents=True)
    (cache / "summeval" / "data.pkl").write_bytes(b"x")
    monkeypatch.setenv("EVALKIT_DATA", str(cache))
    monkeypatch.delenv("EVALKIT_DATA_MIRROR", raising=False)
    folder = tmp_path / "result"
    folder.mkdir()
    sha = hashlib.sha256(b"x").hexdigest()
    files = [["summeval/data.pkl", sha, 1], ["realsumm/data.pkl", sha, 1]]
    record = {"provenance": {"datasets": [{"root": "", "files": files}]}}
    (folder / "results.json").write_text(json.dumps(record))
    status = {"status": "ok", "finished": time.time() - 100, "code": {}}
    assert stale_reasons(status, None, folder) == ["the notebook no longer exists"]
    (cache / "summeval" / "data.pkl").write_bytes(b"y")  # realsumm: not here, not judged
    assert "data.pkl changed" in stale_reasons(status, None, folder)[1]
