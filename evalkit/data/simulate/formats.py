"""Which on-disk format each sample corpus is written in, and the reader that reads it back.

(Interim: until the DUC/TAC/NIST writers land, corpora are stored with the data model's
own lossless directory format.)
"""
from __future__ import annotations

from pathlib import Path
from typing import Dict

import pandas as pd

from evalkit.data.model import MTCorpus, SummarizationCorpus, load_corpus


def describe(name: str) -> str:
    return "evalkit-corpus"


def write(name: str, corpus, truth: Dict[str, pd.DataFrame], directory: Path) -> None:
    directory = Path(directory)
    corpus.save(directory / "corpus")
    if name == "tides2003":
        _write_bitext(truth["bitext"], directory / "bitext")


def read(name: str, directory: Path):
    return load_corpus(Path(directory) / "corpus")


def _write_bitext(bitext: pd.DataFrame, directory: Path) -> None:
    """The word-alignment bitext: one sentence per line, Pharaoh ``i-j`` gold links."""
    directory.mkdir(parents=True, exist_ok=True)
    for col, ext in (("source", "zz"), ("target", "en"), ("alignment", "align")):
        (directory / f"train.{ext}").write_text("".join(s + "\n" for s in bitext[col]), encoding="utf-8")
