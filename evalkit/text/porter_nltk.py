"""nltk's Porter stemmer, cached per word, for METEOR's ``porter`` module.

Banerjee & Lavie (2005) use "the Porter stemmer" (Porter 1980). nltk implements it in three
modes; ``"ORIGINAL_ALGORITHM"`` is the 1980 algorithm and our default for METEOR. (ROUGE's
variant of Porter lives in :mod:`evalkit.text.porter_rouge`, which ROUGE-1.5.5.pl's quirks need.)
"""

from __future__ import annotations

from functools import lru_cache
from typing import Callable

from evalkit.errors import ParameterError

__all__ = ["PORTER_MODES", "porter_stemmer"]

#: nltk's Porter modes: Porter (1980) as published, with Martin Porter's later fixes, or
#: with nltk's own extensions.
PORTER_MODES = ("ORIGINAL_ALGORITHM", "MARTIN_EXTENSIONS", "NLTK_EXTENSIONS")


@lru_cache(maxsize=None)
def porter_stemmer(mode: str = "ORIGINAL_ALGORITHM") -> Callable[[str], str]:
    """A cached ``word -> stem`` function (lower-cases, as nltk's stemmer does)."""
    if mode not in PORTER_MODES:
        raise ParameterError("porter_mode", mode, f"one of {PORTER_MODES}")
    from nltk.stem.porter import PorterStemmer

    stemmer = PorterStemmer(mode=mode)
    return lru_cache(maxsize=1 << 18)(stemmer.stem)
