"""The sample builder's fast DUC/TAC tree writers produce the real writers' bytes; the
English renderer varies as designed (synonyms, irregular inflection, voice) and is
deterministic; ``evalkit data sample`` builds."""

from __future__ import annotations

import filecmp
import random
import subprocess
import sys
from pathlib import Path

import pytest

from evalkit.data import duc, tac
from evalkit.data.simulate import formats, simulate_corpus
from evalkit.data.simulate.language import NP, Entity, English, Fact, Style, When, render_source


def _differences(a: Path, b: Path) -> list:
    def walk(d):
        out = d.diff_files + d.left_only + d.right_only + d.funny_files
        for sub in d.subdirs.values():
            out += walk(sub)
        return out

    return walk(filecmp.dircmp(a, b))


@pytest.mark.parametrize("name", ["duc2004", "duc2006", "tac2008", "tac2010"])
def test_fast_writers_write_the_real_writers_bytes(tmp_path, name):
    corpus, _ = simulate_corpus(name, seed=11, quick=True)
    year = int(name[3:])
    ours, theirs = tmp_path / "ours", tmp_path / "theirs"
    if name.startswith("duc"):
        formats.write_duc(corpus, ours, year)
        duc.write_corpus(corpus, theirs, year)
    else:
        formats.write_tac(corpus, ours, year)
        tac.write_corpus(corpus, theirs, year)
    files = [p for p in ours.rglob("*") if p.is_file()]
    assert len(files) > 40
    assert _differences(ours, theirs) == []
    if name.startswith("tac"):
        assert any(p.suffix == ".pyr" for p in files)


def _fact() -> Fact:
    storm = Entity("EVENT", ("Hurricane Lomi", "Lomi"), "storm")
    region = Entity("REGION", ("Kavora",), "region")
    return Fact(
        "t.01",
        storm,
        "hit",
        NP("house", count=2000),
        (("in", region),),
        When(1, 10, 30),
        source=NP("official", plural=True),
    )


def test_english_varies_words_forms_and_voice_but_is_deterministic():
    fact = _fact()
    texts = set()
    for i in range(40):
        eng = English(Style(f"w{i}", p_passive=0.5, p_front=0.3), random.Random(i))
        texts.add(eng.sentence([fact])[0])
    words = {w.strip(".,").lower() for t in texts for w in t.split()}
    assert {"hit", "struck"} & words and {"houses", "homes", "dwellings", "residences"} & words
    assert len({"houses", "homes", "dwellings", "residences"} & words) >= 2  # synonyms
    assert "struck" in words  # an irregular past
    assert any(" by " in t for t in texts) and any(" by " not in t for t in texts)  # both voices
    again = {
        English(Style(f"w{i}", p_passive=0.5, p_front=0.3), random.Random(i)).sentence([fact])[0]
        for i in range(40)
    }
    assert again == texts
    # the source language is verb-final with case suffixes, and the verb's concept is known
    src = render_source(fact)
    verb_positions = [k for k, (_, c) in enumerate(src) if c == "v:hit"]
    assert verb_positions and verb_positions[0] > max(
        k for k, (_, c) in enumerate(src) if c == "n:house"
    )


def test_cli_builds_the_sample(tmp_path):
    out = tmp_path / "s"
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "evalkit",
            "data",
            "sample",
            "--quick",
            "--out",
            str(out),
            "--corpus",
            "duc2007",
            "--seed",
            "5",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr
    assert "duc2007" in proc.stdout
    assert (out / "duc2007" / "mainEval" / "manual" / "content.table").is_file()
