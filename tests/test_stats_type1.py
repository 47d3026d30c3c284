"""evalkit.stats.type1: seeds of the equivalent-variants design."""

import numpy as np
import pytest

from evalkit.errors import ParameterError
from evalkit.stats.type1 import equivalent_variants


@pytest.mark.parametrize("seed", [None, -1, True, 1.5])
def test_equivalent_variants_refuse_a_missing_or_invalid_seed(seed):
    # None gave unseeded, irreproducible variants; every random procedure takes a seed
    with pytest.raises(ParameterError):
        equivalent_variants(10, 2, seed)


def test_equivalent_variants_take_an_int_or_a_generator():
    by_int = equivalent_variants(50, 3, 7)
    assert np.array_equal(by_int, equivalent_variants(50, 3, np.random.default_rng(7)))
