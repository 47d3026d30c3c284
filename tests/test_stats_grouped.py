"""Per-input correlations and their averaging rules, the shared-cells missing rule, the
summary-level Fisher n convention and WMT DARR pairs (issue 13, items 1-3 and 5), against
loops over scipy and the papers' definitions."""

from __future__ import annotations

import warnings
from itertools import combinations

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.correlation import (
    apply_missing_rule,
    correlate,
    darr_pairs,
    fisher_ci,
    fisher_sample_size,
    level_correlation,
    wmt_kendall_like,
)
from evalkit.stats.grouped import averaged_correlation, per_group_correlations

SCIPY = {"pearson": stats.pearsonr, "spearman": stats.spearmanr, "kendall": stats.kendalltau}


def _matrices(seed=0, n_sys=7, n_inp=12):
    rng = np.random.default_rng(seed)
    h = rng.normal(size=(n_sys, 1)) + rng.normal(size=(n_sys, n_inp))
    x = h + rng.normal(scale=1.5, size=h.shape)
    x[:, 3] = 1.0  # a constant metric vector in input 3
    x[2, 5] = np.nan  # a missing metric cell
    h[4, 7] = np.nan  # a missing human cell
    return x, h


def brute_groups(x, h, method, by):
    rows = []
    xs, hs = (x, h) if by == "inputs" else (x.T, h.T)
    for k in range(xs.shape[1]):
        ok = ~(np.isnan(xs[:, k]) | np.isnan(hs[:, k]))
        a, b = xs[ok, k], hs[ok, k]
        if np.ptp(a) == 0 or np.ptp(b) == 0:
            rows.append((np.nan, np.nan, ok.sum()))
            continue
        res = SCIPY[method](a, b)
        rows.append((res[0], res[1], ok.sum()))
    return rows


@pytest.mark.parametrize("method", ["pearson", "spearman", "kendall"])
@pytest.mark.parametrize("by", ["inputs", "systems"])
def test_per_group_correlations_and_p_values_match_scipy(method, by):
    x, h = _matrices()
    got = per_group_correlations(
        pd.DataFrame(x, columns=[f"d{j}" for j in range(12)]), h, method=method, by=by
    )
    want = brute_groups(x, h, method, by)
    np.testing.assert_allclose(got["r"], [w[0] for w in want], rtol=1e-10)
    np.testing.assert_allclose(got["p_value"], [w[1] for w in want], rtol=1e-8)
    assert got["n"].tolist() == [w[2] for w in want]
    if by == "inputs":
        assert got["group"].tolist()[:2] == ["d0", "d1"] and got.loc[3, "constant"]


@pytest.mark.parametrize("method", ["pearson", "kendall"])
def test_averaging_rules(method):
    x, h = _matrices(seed=2, n_sys=9, n_inp=20)
    want = brute_groups(x, h, method, "inputs")
    r = np.array([w[0] for w in want])
    p = np.array([w[1] for w in want])
    n = np.array([w[2] for w in want], dtype=float)
    defined = ~np.isnan(r)
    skip = averaged_correlation(x, h, method=method).iloc[0]
    assert (
        skip.r == pytest.approx(r[defined].mean()) and skip.n_undefined == 1 and skip.n_used == 19
    )
    assert skip.r == pytest.approx(level_correlation(x, h, "summary", method)[0])
    zero = averaged_correlation(x, h, method=method, undefined="zero").iloc[0]
    assert zero.r == pytest.approx(np.nan_to_num(r).mean()) and zero.n_used == 20
    weighted = averaged_correlation(x, h, method=method, weighted=True).iloc[0]
    assert weighted.r == pytest.approx(np.sum(r[defined] * n[defined]) / n[defined].sum())
    sig = averaged_correlation(x, h, method=method, alpha=0.05).iloc[0]
    keep = defined & (np.nan_to_num(p, nan=1) < 0.05)
    assert sig.n_used == keep.sum() and sig.n_not_significant == (defined & ~keep).sum()
    assert sig.r == pytest.approx(r[keep].mean()) if keep.any() else np.isnan(sig.r)
    with pytest.raises(ParameterError, match="undefined"):
        averaged_correlation(x, h, method=method, undefined="refuse")
    with pytest.raises(ParameterError):
        averaged_correlation(x, h, method="acc_eq", alpha=0.05)


def test_shared_cells_rule_and_refusal():
    x, h = _matrices()
    xs, hs = apply_missing_rule(x, h)
    assert np.isnan(hs[2, 5]) and np.isnan(xs[4, 7])
    # system level: the metric and human means are over the same inputs
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        want = stats.pearsonr(np.nanmean(xs, 1), np.nanmean(hs, 1))[0]
    assert level_correlation(x, h, "system")[0] == pytest.approx(want)
    with pytest.raises(ParameterError, match="row 2, column 5"):
        level_correlation(x, h, "system", missing="refuse")
    same = x.copy()
    same[4, 7] = np.nan
    h2 = h.copy()
    h2[2, 5] = np.nan
    assert level_correlation(same, h2, "system", missing="refuse")[0] == pytest.approx(want)


def test_summary_level_fisher_n_is_the_number_of_systems():
    x, h = _matrices(seed=3, n_sys=10, n_inp=15)
    # Deutsch et al. (2021): the correlated vectors have one entry per system; with missing cells
    # the smallest such vector among the inputs that have a coefficient
    assert fisher_sample_size(x, h, "summary", convention="systems") == 9
    assert fisher_sample_size(x, h, "summary", convention="inputs") == 14  # input 3 is constant
    assert fisher_sample_size(x, h, "system") == 10
    assert fisher_sample_size(x, h, "global") == np.sum(~np.isnan(x) & ~np.isnan(h)) - 0

    def long(matrix, name, columns):
        rows = [(f"d{i}", f"s{s}", name, v) for (s, i), v in np.ndenumerate(matrix)]
        return pd.DataFrame([r for r in rows if not np.isnan(r[3])], columns=columns)

    scores = long(x, "m", ["instance", "system", "metric", "value"])
    judg = long(h, "h", ["instance", "summarizer", "judgment", "value"])
    out = correlate(scores, judg, levels=["summary"], methods=["pearson"], ci="fisher").iloc[0]
    assert out.n_fisher == 9 and out.n == 14
    lo, hi = fisher_ci(out.r, 9, "pearson")
    assert (out.ci_low, out.ci_high) == pytest.approx((lo, hi))
    z, half = np.arctanh(out.r), stats.norm.ppf(0.975) / np.sqrt(9 - 3)
    assert (lo, hi) == pytest.approx((np.tanh(z - half), np.tanh(z + half)))
    old = correlate(
        scores, judg, levels=["summary"], methods=["pearson"], ci="fisher", fisher_n="inputs"
    ).iloc[0]
    assert old.n_fisher == 14 and old.ci_high - old.ci_low < out.ci_high - out.ci_low


def test_darr_pairs_and_tau_like_match_the_mtme_loop():
    rng = np.random.default_rng(4)
    rows = []
    for seg in range(1, 9):
        for s in "abcde":
            rows.append((seg, s, float(rng.integers(0, 101))))
    rows.append((1, "f", 0.0))
    da = pd.DataFrame(rows, columns=["segment", "system", "value"])
    metric = da.assign(
        metric="m", value=np.round(da["value"] / 10 + rng.normal(scale=2, size=len(da)))
    )
    pairs = darr_pairs(da)
    got = wmt_kendall_like(pairs, metric).iloc[0]
    conc = disc = 0  # mt-metrics-eval's KendallLike, written out
    for seg, part in da.groupby("segment"):
        gold = part["value"].to_numpy()
        met = metric[metric.segment == seg]["value"].to_numpy()
        for i, j in combinations(range(len(gold)), 2):
            d = gold[i] - gold[j]
            if abs(d) >= 25:
                if (d > 0 and met[i] > met[j]) or (d < 0 and met[i] < met[j]):
                    conc += 1
                else:
                    disc += 1
    assert (got.concordant, got.discordant) == (conc, disc)
    assert got.tau == pytest.approx((conc - disc) / (conc + disc))
    strict = darr_pairs(da.assign(value=np.where(da.system == "a", 50.0, 25.0)), inclusive=False)
    assert (
        strict.empty
        and len(darr_pairs(da.assign(value=np.where(da.system == "a", 50.0, 25.0)))) == 8 * 4 + 1
    )
    with pytest.raises(ParameterError):
        darr_pairs(pd.concat([da, da.iloc[:1]]))
