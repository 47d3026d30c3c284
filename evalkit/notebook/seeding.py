"""Seeding: one integer seed per notebook drives every random procedure.

evalkit functions take explicit ``seed`` arguments; :func:`rng` turns a seed (and an
optional stream name) into an independent ``numpy.random.Generator``, so adding a random
step to a notebook does not shift the numbers of the steps before it.
"""

from __future__ import annotations

import random
import zlib
from typing import Optional

import numpy as np


def rng(seed: int, stream: Optional[str] = None) -> np.random.Generator:
    """A numpy Generator for ``seed``; a named ``stream`` gets its own independent sequence."""
    if stream is None:
        return np.random.default_rng(seed)
    return np.random.default_rng([seed, zlib.crc32(stream.encode("utf-8"))])


def seed_everything(seed: int) -> np.random.Generator:
    """Seed Python's and numpy's global generators (for third-party code) and return rng(seed)."""
    random.seed(seed)
    np.random.seed(seed % 2**32)
    return rng(seed)
