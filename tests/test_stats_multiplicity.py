"""Experiment-wise error (Riezler & Maxwell 2005) and binomial intervals."""

import numpy as np
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.multiplicity import (
    binomial_ci,
    ci_versus_reference,
    experimentwise_error,
    per_comparison_level,
)


def test_riezler_maxwell_printed_values():
    # Riezler & Maxwell (2005) §4: 105 comparisons at .05 -> .9954; 5 at .015 -> about .07
    assert round(experimentwise_error(0.05, 105), 4) == 0.9954
    assert round(experimentwise_error(0.015, 5), 2) == 0.07
    assert experimentwise_error(0.05, 1) == pytest.approx(0.05, rel=1e-14)


def test_inverse_and_bonferroni():
    for pe, k in ((0.05, 105), (0.1, 5), (0.01, 3)):
        pc = per_comparison_level(pe, k)
        assert experimentwise_error(pc, k) == pytest.approx(pe, rel=1e-12)
        assert per_comparison_level(pe, k, method="bonferroni") == pytest.approx(pe / k)
        assert per_comparison_level(pe, k, method="bonferroni") <= pc
    with pytest.raises(ParameterError):
        experimentwise_error(1.5, 3)
    with pytest.raises(ParameterError):
        per_comparison_level(0.05, 0)


def test_binomial_ci_normal_and_scipy():
    out = binomial_ci([56, 3], [100, 10])
    z = stats.norm.ppf(0.975)
    assert out.proportion.tolist() == [0.56, 0.3]
    assert out.ci_low[0] == pytest.approx(0.56 - z * np.sqrt(0.56 * 0.44 / 100))
    assert out.ci_high[1] == pytest.approx(0.3 + z * np.sqrt(0.3 * 0.7 / 10))
    for method in ("wilson", "exact"):
        got = binomial_ci(7, 20, confidence=0.9, method=method)
        ref = stats.binomtest(7, 20).proportion_ci(0.9, method=method)
        assert (got.ci_low[0], got.ci_high[0]) == pytest.approx((ref.low, ref.high))
    with pytest.raises(ParameterError):
        binomial_ci(5, 4)
    with pytest.raises(ParameterError):
        binomial_ci(0.5, 4)


def test_verdict_against_reference():
    v = ci_versus_reference([90, 50, 10], [100, 100, 100], 0.5)
    assert v.verdict.tolist() == ["better", "not different", "worse"]
