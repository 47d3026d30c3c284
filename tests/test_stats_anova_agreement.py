"""ANOVA/Tukey against scipy, OD09 markers, Krippendorff's alpha against the closed form."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats.agreement import alpha_two_judgments, krippendorff_alpha
from evalkit.stats.anova import anova_markers, compact_letters, one_way_anova, tukey_hsd


def _groups(means, n=40, seed=0, sd=0.05):
    rng = np.random.default_rng(seed)
    return pd.DataFrame(
        [(g, m + rng.normal(scale=sd)) for g, m in means.items() for _ in range(n)],
        columns=["group", "value"],
    )


def test_anova_and_tukey_match_scipy():
    df = _groups({"k1": 0.80, "k2": 0.84, "k3": 0.85, "k4": 0.86})
    samples = [df[df.group == g].value.to_numpy() for g in ("k1", "k2", "k3", "k4")]
    a = one_way_anova(df).iloc[0]
    ref = stats.f_oneway(*samples)
    assert a.F == pytest.approx(ref.statistic, rel=1e-10)
    assert a["p_unc"] == pytest.approx(ref.pvalue, rel=1e-8, abs=1e-300)
    tk = tukey_hsd(df)
    ref_tk = stats.tukey_hsd(*samples)
    names = ["k1", "k2", "k3", "k4"]
    for _, r in tk.iterrows():
        i, j = names.index(r.A), names.index(r.B)
        # p-values from 1e-6 to 0.999: relative agreement (the largest difference is 1e-15)
        assert r["p_tukey"] == pytest.approx(ref_tk.pvalue[i, j], rel=1e-9, abs=1e-14)


def test_od09_markers_rule():
    # k1 differs from all; k2, k3, k4 are close to each other -> one symbol on k2..k4
    df = _groups({"k1": 0.5, "k2": 0.84, "k3": 0.845, "k4": 0.85}, sd=0.03)
    out = anova_markers(df, order=["k1", "k2", "k3", "k4"])
    assert out.markers.tolist() == ["", "*", "*", "*"]
    # chain a~b, b~c, a!~c: two overlapping groups, two symbols. The three groups are the
    # same 60 deviations (sd 0.03) around means 0.01 apart, so a-b and b-c differ by 0.01
    # (Tukey p = 0.17) and a-c by 0.02 (p = 0.001) by construction, not by a lucky seed.
    d = np.random.default_rng(7).normal(size=60)
    d = (d - d.mean()) / d.std() * 0.03
    df2 = pd.DataFrame(
        [(g, m + x) for g, m in {"a": 0.50, "b": 0.51, "c": 0.52}.items() for x in d],
        columns=["group", "value"],
    )
    tk = tukey_hsd(df2).set_index(["A", "B"])["p_tukey"]
    assert tk[("a", "b")] >= 0.05 and tk[("b", "c")] >= 0.05 and tk[("a", "c")] < 0.05
    assert anova_markers(df2).markers.tolist() == ["*", "*†", "†"]
    with pytest.raises(ParameterError):
        anova_markers(df, order=["k1", "k2"])


def test_krippendorff_interval_equals_closed_form_and_groups():
    rng = np.random.default_rng(2)
    rows = []
    closed = {}
    for assessor in ("A", "B", "C"):
        first = rng.integers(1, 6, size=15).astype(float)
        second = np.clip(first + rng.integers(-1, 2, size=15), 1, 5)
        closed[assessor] = alpha_two_judgments(first, second)
        rows += [(assessor, u, 1, v) for u, v in enumerate(first)]
        rows += [(assessor, u, 2, v) for u, v in enumerate(second)]
    df = pd.DataFrame(rows, columns=["assessor", "unit", "coder", "value"])
    out = krippendorff_alpha(df, by=["assessor"]).set_index("assessor")
    for a, v in closed.items():
        assert out.loc[a, "alpha"] == pytest.approx(v, rel=1e-12)
        assert out.loc[a, "units"] == 15
    # hand case: perfect agreement -> 1; closed form on a tiny example
    assert alpha_two_judgments([1, 2, 3], [1, 2, 3]) == 1.0
    # v = (1,2,1,3): D_o = 2*(0+1)/4 = .5; ordered pairs a!=b: sum (va-vb)^2 = 22, D_e = 22/12
    assert alpha_two_judgments([1, 2], [1, 3]) == pytest.approx(1 - 0.5 / (22 / 12))
    with pytest.raises(ParameterError):
        krippendorff_alpha(pd.concat([df, df.iloc[:1]]))


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_compact_letters_share_a_letter_iff_not_different(seed):
    rng = np.random.default_rng(seed)
    means = dict(zip("ABCDEF", np.sort(rng.uniform(0.4, 0.6, 6))))
    df = _groups(means, n=25, sd=0.05, seed=seed)
    cld = compact_letters(df).set_index("group")
    sig = tukey_hsd(df).set_index(["A", "B"])["p_tukey"] < 0.05
    for (a, b), s in sig.items():
        assert bool(set(cld.loc[a, "letters"]) & set(cld.loc[b, "letters"])) == (not s)
    assert cld["mean"].is_monotonic_decreasing and "a" in cld["letters"].iloc[0]
