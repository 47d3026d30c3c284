"""OD09 sampling designs: each draw checked against a direct recomputation."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.correlation import level_correlation, resampled_correlations
from evalkit.stats.sampling import (
    model_subset_draws,
    split_half_correlations,
    stability_summary,
    topic_bootstrap_model_sweep,
    topic_bootstrap_sweep,
    topic_subsample_correlations,
)


def _scores(seed=0, n_sys=10, n_top=12):
    rng = np.random.default_rng(seed)
    q = rng.normal(size=(n_sys, 1))
    return q + rng.normal(size=(n_sys, n_top)), q.ravel()


def test_topic_subsampling_draws_are_subsets_and_correlations_exact():
    x, q = _scores()
    ref = x.mean(axis=1)
    out = topic_subsample_correlations(x, ref, [3, 12], n_draws=50, seed=4)
    # regenerate the same subsets to recompute each correlation directly
    rng = np.random.default_rng(4)
    idx = np.argsort(rng.random((50, 12)), axis=1)[:, :3]
    direct = [stats.pearsonr(x[:, i].mean(axis=1), ref)[0] for i in idx]
    assert out[out["size"] == 3].r.to_numpy() == pytest.approx(direct)
    # all topics: every draw is the full-data correlation, i.e. 1 against the full means
    assert out[out["size"] == 12].r.to_numpy() == pytest.approx(np.ones(50))
    again = topic_subsample_correlations(x, ref, [3, 12], n_draws=50, seed=4)
    pd.testing.assert_frame_equal(out, again)
    with pytest.raises(ParameterError):
        topic_subsample_correlations(x, ref, [13])
    with pytest.raises(ParameterError):
        topic_subsample_correlations(x, ref[:-1], [3])


def test_nan_aware_means():
    x, _ = _scores()
    x[0, 0] = np.nan
    out = topic_subsample_correlations(x, np.nanmean(x, axis=1), [12], n_draws=3, seed=0)
    assert out.r.to_numpy() == pytest.approx(np.ones(3))


def test_split_halves_are_disjoint_and_stability_grows():
    x, _ = _scores(seed=1, n_sys=15, n_top=40)
    out = split_half_correlations(x, [2, 20], n_draws=200, method="kendall", seed=3)
    rng = np.random.default_rng(3)
    idx = np.argsort(rng.random((200, 40)), axis=1)[:, :4]
    first = stats.kendalltau(x[:, idx[0, :2]].mean(1), x[:, idx[0, 2:]].mean(1))[0]
    assert out.r.iloc[0] == pytest.approx(first)
    summary = stability_summary(out)
    assert summary.set_index("size").loc[20, "mean"] > summary.set_index("size").loc[2, "mean"]
    assert (summary.draws == 200).all()
    with pytest.raises(ParameterError):
        split_half_correlations(x, [21])


def test_model_subsets_and_bootstrap_rows():
    models = {t: ["A", "B", "C", "D"] for t in range(5)}
    d = model_subset_draws(models, 2, n_draws=30, seed=2)
    assert len(d) == 150 and d.models.map(len).eq(2).all()
    assert d.models.map(lambda m: len(set(m)) == 2 and set(m) <= {"A", "B", "C", "D"}).all()
    assert d.models.nunique() > 3  # independent per topic and draw
    with pytest.raises(ParameterError):
        model_subset_draws(models, 5)
    x, _ = _scores(seed=2)
    y = x + np.random.default_rng(0).normal(size=x.shape)
    boot = resampled_correlations(x, y, level="system", unit="inputs", n_resamples=40, seed=1)
    rng = np.random.default_rng(1)
    cols = rng.integers(12, size=12)
    assert boot[0] == pytest.approx(level_correlation(x[:, cols], y[:, cols], "system")[0])


def test_topic_bootstrap_sweep_resamples_topics_and_recomputes_the_reference():
    """Each resample draws the topics with replacement (rng.integers, then one sub-seed per
    resample); all T topics give the resample's all-topic r against the reference averaged
    over the same resampled topics (recomputed by hand); 1 topic with n_draws large is the
    mean of the per-column r's."""
    x, _ = _scores(seed=3)
    ref = x + np.random.default_rng(1).normal(size=x.shape)
    out = topic_bootstrap_sweep({"m": x}, ref, [1, 12], n_resamples=5, n_draws=400, seed=7)
    assert list(out.columns) == ["resample", "metric", "size", "r"] and len(out) == 10
    idx = np.random.default_rng(7).integers(0, 12, size=(5, 12))
    for b, cols in enumerate(idx):
        r_ref = ref[:, cols].mean(axis=1)
        full = out[(out["resample"] == b) & (out["size"] == 12)]["r"].iat[0]
        assert full == pytest.approx(np.corrcoef(x[:, cols].mean(axis=1), r_ref)[0, 1])
        one = out[(out["resample"] == b) & (out["size"] == 1)]["r"].iat[0]
        per_col = [np.corrcoef(x[:, c], r_ref)[0, 1] for c in cols]
        assert one == pytest.approx(np.mean(per_col), abs=0.03)
    again = topic_bootstrap_sweep({"m": x}, ref, [1, 12], n_resamples=5, n_draws=400, seed=7)
    pd.testing.assert_frame_equal(out, again)
    with pytest.raises(ParameterError):
        topic_bootstrap_sweep({"m": x}, ref, [13])
    with pytest.raises(ParameterError):
        topic_bootstrap_sweep({"m": x[:, :5]}, ref, [1])


def test_topic_bootstrap_sweep_varies_with_topics_not_with_draws():
    """Every topic the same: resampling topics changes nothing, so all resamples agree (the
    draws' Monte-Carlo spread does not enter); topics that differ spread the resamples."""
    x, _ = _scores(seed=4)
    ref = x + np.random.default_rng(2).normal(size=x.shape)
    same = np.repeat(x[:, :1], 12, axis=1)
    flat = topic_bootstrap_sweep({"m": same}, np.repeat(ref[:, :1], 12, axis=1), [3, 12],
                                 n_resamples=20, n_draws=10, seed=0)  # fmt: skip
    assert flat.groupby("size")["r"].std().max() < 1e-12
    spread = topic_bootstrap_sweep({"m": x}, ref, [3, 12], n_resamples=20, n_draws=10, seed=0)
    assert spread.groupby("size")["r"].std().min() > 0.01


def test_topic_bootstrap_model_sweep_keeps_each_topics_subsets():
    """One subset per topic: every resample's r is the correlation of the resampled topics'
    means with the reference over the same topics (by hand); k is the size column."""
    rng = np.random.default_rng(5)
    ref = rng.normal(size=(6, 10))
    table = (ref + rng.normal(size=(6, 10))).T[:, None, :]  # 10 topics, 1 subset, 6 systems
    out = topic_bootstrap_model_sweep({1: {"m": table}}, {1: [1] * 10}, ref, n_resamples=8,
                                      n_draws=3, seed=4)  # fmt: skip
    idx = np.random.default_rng(4).integers(0, 10, size=(8, 10))
    for b, cols in enumerate(idx):
        want = np.corrcoef(table[cols, 0, :].mean(axis=0), ref[:, cols].mean(axis=1))[0, 1]
        assert out[out["resample"] == b]["r"].iat[0] == pytest.approx(want)
    assert set(out["size"]) == {1}
    with pytest.raises(ParameterError):
        topic_bootstrap_model_sweep({1: {"m": table}}, {1: [1] * 9}, ref)
