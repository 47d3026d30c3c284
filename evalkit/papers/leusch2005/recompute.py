"""Leusch et al. (2005), Table 1 recomputed: the four tokenizations of its example sentence."""

from __future__ import annotations

import pandas as pd

from evalkit.text.tokenize import tokenize_words

from .spec import published

__all__ = ["table1"]


def table1() -> pd.DataFrame:
    """Table 1 recomputed: the example candidate (row 1) under each scheme (``same``:
    character for character as printed)."""
    t = published("table1")
    example = t.loc[t["scheme"] == "original", "printed"].iloc[0]
    this_run = [" ".join(tokenize_words(example, s)) for s in t["scheme"]]
    return t.assign(this_run=this_run, same=t["printed"] == this_run)
