"""Licensed-data configuration (env vars / YAML) and the ``evalkit data`` command."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from _notebook_smoke import nist_mt_fixture
from evalkit.cli import main
from evalkit.data import licensed
from evalkit.errors import DataNotConfiguredError, InputFormatError


@pytest.fixture(autouse=True)
def _clean_env(tmp_path, monkeypatch):
    for name in licensed.CORPORA:
        monkeypatch.delenv(licensed.env_var(name), raising=False)
    monkeypatch.setenv("EVALKIT_CONFIG", str(tmp_path / "config" / "data.yaml"))
    monkeypatch.setenv("EVALKIT_DATA", str(tmp_path / "cache"))


def duc2004_tree(root: Path) -> Path:
    for docset, sel in (("D30001", "T"), ("D30002", "U")):
        for who, sub in (("A", "models"), ("1", "peers")):
            p = root / f"ROUGE/{sub}/{docset}.M.100.{sel}.{who}"
            p.parent.mkdir(parents=True, exist_ok=True)
            p.write_text(f"{who} on {docset}.\n")
    resp = root / "Responsiveness/results.table.R"
    resp.parent.mkdir(parents=True)
    resp.write_text(
        "".join(f"header {i}\n" for i in range(7)) + "d30001t M 665 1 3\nd30002u M 665 1 4\n"
    )
    return root


def test_not_configured_names_the_ways_to_configure():
    with pytest.raises(
        DataNotConfiguredError,
        match=r"licensed corpus duc2004 .*set EVALKIT_DUC2004=PATH .*data.yaml",
    ):
        licensed.require("duc2004")
    assert licensed.check(["tac2008"])[0]["state"] == "not configured"


def test_every_task_corpus_names_a_loader_that_exists():
    import importlib

    for name, corpus in licensed.CORPORA.items():
        if corpus.kind != "task":
            assert corpus.loader == "", name
            continue
        module, _, function = corpus.loader.partition(":")
        assert callable(getattr(importlib.import_module(module), function, None)), name


def test_env_var_and_missing_directory(tmp_path, monkeypatch):
    monkeypatch.setenv("EVALKIT_TAC2008", str(tmp_path / "nowhere"))
    with pytest.raises(
        DataNotConfiguredError, match=r"nowhere \(from EVALKIT_TAC2008\) is not a directory"
    ):
        licensed.require("tac2008")
    assert licensed.check(["tac2008"])[0]["state"] == "missing"


def test_yaml_config_loads_duc2004(tmp_path):
    root = duc2004_tree(tmp_path / "duc2004_results")
    cfg = Path(os.environ["EVALKIT_CONFIG"])
    cfg.parent.mkdir(parents=True)
    cfg.write_text(f"licensed:\n  duc2004: {root}\n")
    c = licensed.load("duc2004")
    assert c.name == "duc2004" and c.system_level("responsiveness").to_dict() == {"1": 3.5}
    assert licensed.check(["duc2004"])[0]["state"] == "ok"
    (root / "Responsiveness/results.table.R").unlink()
    assert "Responsiveness/results.table.R" in licensed.load("duc2004").meta["tables_missing"]
    import shutil

    shutil.rmtree(root / "ROUGE/models")
    assert licensed.check(["duc2004"])[0]["state"] == "incomplete (no ROUGE/models)"


def test_bad_yaml(tmp_path):
    cfg = Path(os.environ["EVALKIT_CONFIG"])
    cfg.parent.mkdir(parents=True)
    cfg.write_text("licensed:\n  duc2099: /x\n")
    with pytest.raises(InputFormatError, match=r"corpus names among .* found 'duc2099'"):
        licensed.require("duc2004")
    cfg.write_text("licensed:\n  duc2004: [unclosed\n")
    with pytest.raises(InputFormatError, match=r"data.yaml, line \d+: expected valid YAML"):
        licensed.require("duc2004")
    assert licensed.check(["duc2004"])[0]["state"].startswith("error:")


def test_mt_corpus_mapping(tmp_path, monkeypatch):
    d = tmp_path / "mtc4"
    d.mkdir()
    (d / "ref.sgm").write_text(
        '<refset setid="s" srclang="zh" trglang="en">\n<doc docid="d1" sysid="H1">\n'
        '<seg id="1"> a ref </seg>\n</doc>\n</refset>\n'
    )
    (d / "sys.sgm").write_text(
        '<tstset setid="s" srclang="zh" trglang="en">\n<doc docid="d1" sysid="E09">\n'
        '<seg id="1"> a hyp </seg>\n</doc>\n</tstset>\n'
    )
    (d / "assess.txt").write_text("judge docid segid sysid adequacy fluency\nJ1 d1 1 E09 3 4\n")
    (d / "mtc4.yaml").write_text(
        "references: [ref.sgm]\nsystems: [sys.sgm]\nassessments: assess.txt\nlayout: ldc\n"
    )
    monkeypatch.setenv("EVALKIT_MTC4", str(d / "mtc4.yaml"))
    c = licensed.load("mtc4")
    assert c.system_level("fluency").to_dict() == {"E09": 4.0}
    assert licensed.check(["mtc4"])[0]["state"] == "ok"
    (d / "sys.sgm").unlink()
    with pytest.raises(
        DataNotConfiguredError, match=r"sys.sgm \(from EVALKIT_MTC4\) does not exist"
    ):
        licensed.require("mtc4")


def test_cli_list_check_fetch(tmp_path, capsys, monkeypatch):
    assert main(["data", "list"]) == 0
    out = capsys.readouterr().out
    assert "summeval" in out and "duc2004" in out and "not configured" in out
    assert main(["data", "check"]) == 0
    monkeypatch.setenv("EVALKIT_DUC2004", str(tmp_path / "nowhere"))
    assert main(["data", "check"]) == 1
    assert "missing" in capsys.readouterr().out
    assert main(["data", "fetch", "nonesuch"]) == 2
    assert "invalid value for parameter 'name'" in capsys.readouterr().err
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if mirror:
        assert main(["data", "fetch", "wmt09-cz-en"]) == 0
        assert capsys.readouterr().out.count("wmt09-cz-en/") == 5


def test_cli_sample_hook(tmp_path, monkeypatch, capsys):
    from evalkit.data import simulate

    calls = []

    def fake_build_sample(out_dir, **kwargs):
        calls.append((Path(out_dir), kwargs))
        return {"duc2004": str(Path(out_dir) / "duc2004")}

    monkeypatch.setattr(simulate, "build_sample", fake_build_sample)
    assert (
        main(
            [
                "data",
                "sample",
                "--out",
                str(tmp_path / "s"),
                "--quick",
                "--seed",
                "7",
                "--corpus",
                "duc2004",
            ]
        )
        == 0
    )
    assert calls == [
        (tmp_path / "s", {"quick": True, "corpora": ["duc2004"], "jobs": None, "seed": 7})
    ]
    assert "duc2004" in capsys.readouterr().out


@pytest.mark.parametrize(
    "name", ["nist-mt04-ar-en", "nist-mt04-zh-en", "nist-mt05-ar-en", "nist-mt05-zh-en"]
)
def test_nist_mt_test_beds_load_and_name_file_and_line(tmp_path, monkeypatch, name):
    """The NIST MT 2004/2005 entries read a NIST evaluation whose assessments are in LDC's
    whitespace layout; a bad assessment row is an error naming the file and its line."""
    path = nist_mt_fixture(tmp_path, monkeypatch, name)
    corpus = licensed.load(name)
    assert corpus.name == name and set(corpus.judgments["judgment"]) == {"adequacy", "fluency"}
    assert licensed.check([name])[0]["state"] == "ok"
    table = path.parent / "assessments.txt"
    lines = table.read_text().splitlines()
    first = lines[1].split()
    for bad, what in (
        (" ".join(first[:2] + ["E99"] + first[3:]), "E99"),
        (" ".join(first[:4] + ["7", "3"]), "7"),
    ):
        table.write_text("\n".join(lines[:3] + [bad] + lines[3:]) + "\n")
        with pytest.raises(InputFormatError) as err:
            licensed.load(name)
        assert err.value.path == str(table) and err.value.line == 4, (str(err.value), what)
