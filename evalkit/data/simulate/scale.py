"""A synthetic WMT-scale MT test set: ``n_systems`` x ``n_segments`` (e.g. 50 x 100,000), seeded.

For benchmarks and tests of the distributed paths (:mod:`evalkit.stats.distributed`), not for
any paper's numbers. Layout: ``(systems, refs)`` with ``systems = {"sys00": [hypothesis, ...]}``
(one string per segment) and ``refs = [[reference, ...], ...]`` (``n_references`` strings per
segment). Words are ``w<id>`` drawn from a Zipf(1.3) distribution over ``vocabulary`` types,
references are 5-40 words long; system ``s`` keeps each word of the first reference with
probability ``0.35 + 0.5 * s / max(1, n_systems - 1)`` and replaces the rest with random words,
so system quality increases with the system index. Same arguments give identical output
(``numpy.random.default_rng(seed)``).
"""

from __future__ import annotations

from typing import Dict, List, Tuple

import numpy as np

from evalkit.stats.validation import check_int, rng_from_seed

__all__ = ["wmt_scale_corpus"]


def _words(ids: np.ndarray) -> List[str]:
    return ["w" + str(i) for i in ids]


def wmt_scale_corpus(
    n_systems: int = 50,
    n_segments: int = 100_000,
    *,
    seed: int = 0,
    n_references: int = 1,
    vocabulary: int = 20_000,
) -> Tuple[Dict[str, List[str]], List[List[str]]]:
    """``(systems, refs)`` as described in the module docstring."""
    n_systems = check_int("n_systems", n_systems)
    n_segments = check_int("n_segments", n_segments)
    n_references = check_int("n_references", n_references)
    vocabulary = check_int("vocabulary", vocabulary, minimum=2)
    rng = rng_from_seed(seed)
    lengths = rng.integers(5, 41, size=(n_references, n_segments))
    offsets = np.concatenate([[0], np.cumsum(lengths[0])])
    vocab = np.array(_words(range(vocabulary)), dtype=object)

    def draw(n):
        return np.minimum(rng.zipf(1.3, size=n), vocabulary) - 1

    ref_tokens = [vocab[draw(int(lengths[r].sum()))] for r in range(n_references)]
    ref_offsets = [np.concatenate([[0], np.cumsum(lengths[r])]) for r in range(n_references)]
    refs = [
        [
            " ".join(ref_tokens[r][ref_offsets[r][i] : ref_offsets[r][i + 1]])
            for r in range(n_references)
        ]
        for i in range(n_segments)
    ]
    first = ref_tokens[0]
    systems = {}
    for s in range(n_systems):
        keep = 0.35 + 0.5 * s / max(1, n_systems - 1)
        tokens = np.where(rng.random(first.shape[0]) < keep, first, vocab[draw(first.shape[0])])
        systems[f"sys{s:02d}"] = [
            " ".join(tokens[offsets[i] : offsets[i + 1]]) for i in range(n_segments)
        ]
    return systems, refs
