"""Distributed bootstrap intervals of correlations and correlation difference tests
(evalkit.stats.distributed): identical for 0 (in-process), 1 and 2 workers, a function of
(seed, R, block_size) only, digit for digit the single-process function with one block, and in
agreement in distribution with it for several blocks."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from scipy import stats as sps


from evalkit.errors import ParameterError
from evalkit.stats import distributed as dist
from evalkit.stats.correlation import bootstrap_ci, resampled_correlations
from test_distributed import threaded_client
from evalkit.stats.difference_tests import (
    compare_metrics,
    correlation_difference_test,
    equal_correlation_metrics,
    resampled_deltas,
    significance_clusters,
)

SEED = 11


def _metrics():
    """Four metrics of decreasing quality against one human matrix (8 systems x 25 inputs),
    with a few missing cells."""
    rng = np.random.default_rng(4)
    h = rng.normal(size=(8, 1)) + rng.normal(size=(8, 25))
    mats = {
        f"m{k}": h + rng.normal(scale=s, size=h.shape) for k, s in enumerate((0.3, 0.35, 1.5, 4.0))
    }
    mats["m2"][1, 3] = np.nan
    return mats, h


MATS, HUMAN = _metrics()


def _first_child(seed):
    return np.random.default_rng(np.random.SeedSequence(seed).spawn(1)[0])


def _everything(**cluster):
    """The three procedures on one setting (``cluster``: where they run)."""
    shared = dict(unit="both", seed=SEED, block_size=70, **cluster)
    ci = dist.distributed_bootstrap_ci(
        MATS["m0"], HUMAN, level="system", method="kendall", n_resamples=300, **shared
    )
    cmp = dist.distributed_compare_metrics(
        MATS, HUMAN, test="boot", level="summary", method="pearson", n_resamples=200, **shared
    )
    clusters = dist.distributed_significance_clusters(
        MATS, HUMAN, test="perm", level="system", method="pearson", n_resamples=200, **shared
    )
    return ci, cmp, clusters


@pytest.fixture(scope="module")
def in_process():
    return _everything(n_workers=0)


@pytest.mark.slow
def test_identical_on_0_1_and_2_workers(in_process):
    """Threaded LocalClusters of 1 and 2 workers here; worker processes started by Dask's own
    CLI run the same blocks in tests/test_distributed.py."""
    for n in (1, 2):
        with threaded_client(n) as client:
            ci, cmp, clusters = _everything(client=client)
        assert ci == in_process[0]
        pd.testing.assert_frame_equal(cmp, in_process[1], check_exact=True)
        pd.testing.assert_frame_equal(clusters, in_process[2], check_exact=True)


@pytest.mark.parametrize(
    "test,unit,level,method",
    [
        ("boot", "both", "summary", "kendall"),
        ("boot", "systems", "system", "pearson"),
        ("boot", "inputs", "global", "spearman"),
        ("perm", "both", "summary", "pearson"),
        ("perm", "inputs", "system", "kendall"),
        ("perm", "systems", "global", "pearson"),
    ],
)
def test_one_block_is_the_single_process_test_on_the_first_spawned_stream(
    test, unit, level, method
):
    kw = dict(test=test, unit=unit, level=level, method=method, n_resamples=150)
    ours = dist.distributed_difference_test(
        MATS["m1"], MATS["m2"], HUMAN, seed=SEED, block_size=150, n_workers=0, **kw
    )
    theirs = correlation_difference_test(
        MATS["m1"], MATS["m2"], HUMAN, seed=_first_child(SEED), **kw
    )
    pd.testing.assert_frame_equal(ours, theirs, check_exact=True)


def test_one_block_interval_is_the_single_process_interval():
    kw = dict(level="summary", method="kendall", unit="inputs", n_resamples=120)
    ours = dist.distributed_bootstrap_ci(
        MATS["m0"], HUMAN, seed=SEED, block_size=500, n_workers=0, **kw
    )
    assert ours == bootstrap_ci(MATS["m0"], HUMAN, seed=_first_child(SEED), **kw)


def test_blocks_concatenate_the_single_process_draws_of_their_own_streams():
    """Block b holds resampled_correlations(..., seed=default_rng(spawn(n_blocks)[b])): the
    independent check of how the blocks are cut and put back in order."""
    kw = dict(level="system", method="pearson", unit="both")
    ours = dist.distributed_resampled_correlations(
        MATS["m0"], HUMAN, n_resamples=250, seed=SEED, block_size=100, n_workers=0, **kw
    )
    streams = np.random.SeedSequence(SEED).spawn(3)
    theirs = np.concatenate(
        [
            resampled_correlations(
                MATS["m0"], HUMAN, n_resamples=n, seed=np.random.default_rng(s), **kw
            )
            for s, n in zip(streams, (100, 100, 50))
        ]
    )
    assert np.array_equal(ours, theirs, equal_nan=True)


def test_block_size_is_part_of_the_seed_contract_and_the_point_estimate_is_not_resampled():
    design = dict(test="perm", unit="both", level="summary", method="kendall")
    kw = dict(design, n_resamples=400, seed=SEED, n_workers=0)
    small = dist.distributed_difference_test(MATS["m0"], MATS["m1"], HUMAN, block_size=50, **kw)
    large = dist.distributed_difference_test(MATS["m0"], MATS["m1"], HUMAN, block_size=400, **kw)
    single = correlation_difference_test(
        MATS["m0"], MATS["m1"], HUMAN, **{k: v for k, v in kw.items() if k != "n_workers"}
    )
    for col in ("r_a", "r_b", "delta"):
        assert small.loc[0, col] == large.loc[0, col] == single.loc[0, col]
    assert 0.01 < large.loc[0, "p_value"] < 0.99
    draws = [
        dist.distributed_resampled_correlations(
            MATS["m0"], HUMAN, n_resamples=400, seed=SEED, block_size=size, n_workers=0
        )
        for size in (50, 400)
    ]
    assert not np.array_equal(*draws)  # other draws of the same distribution
    again = dist.distributed_difference_test(MATS["m0"], MATS["m1"], HUMAN, block_size=50, **kw)
    pd.testing.assert_frame_equal(small, again, check_exact=True)


@pytest.mark.parametrize(
    "test,unit,level,method",
    [
        ("perm", "both", "summary", "kendall"),
        ("boot", "both", "system", "pearson"),
        ("boot", "inputs", "summary", "pearson"),
        ("perm", "systems", "system", "spearman"),
    ],
)
def test_blocked_deltas_agree_in_distribution_with_the_single_process_deltas(
    test, unit, level, method
):
    """Several blocks cannot repeat the single-process draws: the resampled deltas are two
    independent Monte-Carlo samples of one distribution (two-sample Kolmogorov-Smirnov test on
    fixed seeds), and the p-values differ by less than 4 Monte-Carlo standard errors."""
    a, b, h = equal_correlation_metrics(7, 20, seed=3)
    kw = dict(test=test, unit=unit, level=level, method=method)
    n = 3000
    observed, single = resampled_deltas(a, b, h, n_resamples=n, seed=SEED, **kw)
    blocks = [
        resampled_deltas(a, b, h, n_resamples=r, seed=np.random.default_rng(s), **kw)[1]
        for s, r in dist._blocks(n, 256, SEED)
    ]
    blocked = np.concatenate(blocks)
    assert sps.ks_2samp(single[~np.isnan(single)], blocked[~np.isnan(blocked)]).pvalue > 0.001
    ours = dist.distributed_difference_test(
        a, b, h, n_resamples=n, seed=SEED, block_size=256, n_workers=0, **kw
    )
    theirs = correlation_difference_test(a, b, h, n_resamples=n, seed=SEED, **kw)
    assert ours.loc[0, "delta"] == observed == theirs.loc[0, "delta"]
    p = theirs.loc[0, "p_value"]
    se = np.sqrt(2 * max(p * (1 - p), 1 / n) / n)
    assert abs(ours.loc[0, "p_value"] - p) < 4 * se


def test_intervals_agree_within_monte_carlo_error():
    kw = dict(level="system", method="pearson", unit="both", n_resamples=3000)
    lo, hi = dist.distributed_bootstrap_ci(
        MATS["m2"], HUMAN, seed=SEED, block_size=400, n_workers=0, **kw
    )
    lo1, hi1 = bootstrap_ci(MATS["m2"], HUMAN, seed=SEED, **kw)
    width = hi1 - lo1
    assert lo < hi and abs(lo - lo1) < 0.1 * width and abs(hi - hi1) < 0.1 * width


def test_compare_and_clusters_match_the_single_process_functions_with_one_block():
    """Ranks from blocked tests equal the single-process ranks (one block: the same draws)."""
    kw = dict(test="perm", unit="both", level="summary", method="pearson", n_resamples=200)
    ours = dist.distributed_compare_metrics(
        MATS, HUMAN, seed=SEED, block_size=200, n_workers=0, **kw
    )
    theirs = compare_metrics(MATS, HUMAN, seed=_first_child(SEED), **kw)
    # compare_metrics reuses one generator across pairs; only its first pair has the child's draws
    pd.testing.assert_frame_equal(ours.iloc[:1], theirs.iloc[:1], check_exact=True)
    assert list(ours[["metric_a", "metric_b"]].itertuples(index=False)) == list(
        theirs[["metric_a", "metric_b"]].itertuples(index=False)
    )
    ranks = dist.distributed_significance_clusters(
        MATS, HUMAN, seed=SEED, block_size=200, n_workers=0, **kw
    )
    single = significance_clusters(MATS, HUMAN, seed=SEED, **kw)
    assert ranks["metric"].tolist() == single["metric"].tolist() == ["m0", "m1", "m2", "m3"]
    assert ranks["rank"].tolist() == single["rank"].tolist()
    assert ranks["rank"].tolist()[0] == 1 and ranks["rank"].tolist()[-1] > 1
    from_all = dist.comparison_clusters(ours, dict(zip(ranks["metric"], ranks["r"])))
    pd.testing.assert_frame_equal(from_all, ranks, check_exact=True)


def test_bad_options_are_parameter_errors_before_any_cluster_starts():
    with pytest.raises(ParameterError):
        dist.distributed_difference_test(MATS["m0"], MATS["m1"], HUMAN, test="t", n_workers=0)
    with pytest.raises(ParameterError):
        dist.distributed_bootstrap_ci(MATS["m0"], HUMAN, level="document", n_workers=0)
    with pytest.raises(ParameterError):
        dist.distributed_compare_metrics({"only": MATS["m0"]}, HUMAN, n_workers=0)
    with pytest.raises(ParameterError):
        dist.distributed_resampled_correlations(MATS["m0"], HUMAN, seed=-1, n_workers=0)
