"""Williams test: parity with R psych::r.test (run in the test) and published fixtures."""

import shutil
import subprocess

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.stats.williams import (
    not_significantly_beaten,
    significance_matrix,
    williams_columns,
    williams_pairs,
    williams_test,
)

from _requires import unavailable

R_ARGS = (0.2858291511, 0.1595093760, 0.0265558569, 45)


def test_sacrerouge_fixture_values():
    # Values produced by R psych::r.test for this input (SacreROUGE's stats_test.py fixture).
    assert williams_test(*R_ARGS).p == pytest.approx(0.2716978, abs=5e-8)
    assert williams_test(*R_ARGS, alternative="two-sided").p == pytest.approx(0.5433956, abs=5e-8)


def test_published_python_port_vector():
    # inmoonlight/nlp-williams README: r(H,A)=.65, r(H,B)=.55, r(A,B)=.30, n=50 -> 0.20928617286753592
    res = williams_test(0.65, 0.55, 0.30, 50)
    assert res.p == pytest.approx(0.20928617286753592, rel=1e-12)
    assert res.dof == 47


def _random_triples(n_cases, seed=0):
    rng = np.random.default_rng(seed)
    rows = []
    for _ in range(n_cases):
        n = int(rng.integers(6, 80))
        data = rng.normal(size=(n, 3)) @ rng.normal(size=(3, 3))
        c = np.corrcoef(data, rowvar=False)
        rows.append((c[0, 1], c[0, 2], c[1, 2], n))
    return rows


def _psych_missing():
    """Why psych::r.test cannot run here, or None (asked of R itself, not read off an error)."""
    if shutil.which("Rscript") is None:
        return "R is not installed (Debian r-base-core, r-cran-psych)"
    probe = "quit(status = if (requireNamespace('psych', quietly = TRUE)) 0 else 3)"
    proc = subprocess.run(["Rscript", "-e", probe], capture_output=True, text=True, timeout=60)
    if proc.returncode == 3:
        return "R package psych is not installed (Debian r-cran-psych)"
    return None


@pytest.mark.parity
def test_parity_with_psych_r_test(tmp_path):
    missing = _psych_missing()
    if missing:
        unavailable(missing)
    cases = _random_triples(200) + [R_ARGS]
    table = pd.DataFrame(cases, columns=["r12", "r13", "r23", "n"])
    table.to_csv(tmp_path / "in.csv", index=False, float_format="%.17g")
    script = (
        "suppressMessages(library(psych));"
        f"d <- read.csv('{tmp_path / 'in.csv'}');"
        "o <- t(sapply(seq_len(nrow(d)), function(i) {"
        " a <- r.test(d$n[i], d$r12[i], d$r13[i], d$r23[i], twotailed=FALSE);"
        " b <- r.test(d$n[i], d$r12[i], d$r13[i], d$r23[i], twotailed=TRUE);"
        " c(a$t, a$p, b$p)}));"
        "write.table(format(o, digits=17), stdout(), row.names=FALSE, col.names=FALSE, quote=FALSE)"
    )
    proc = subprocess.run(["Rscript", "-e", script], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    ref = np.array([[float(v) for v in line.split()] for line in proc.stdout.strip().splitlines()])
    for (r12, r13, r23, n), (t_r, p1_r, p2_r) in zip(cases, ref):
        one = williams_test(r12, r13, r23, n)
        two = williams_test(r12, r13, r23, n, alternative="two-sided")
        assert one.t == pytest.approx(t_r, rel=1e-9, abs=1e-12)
        assert one.p == pytest.approx(p1_r, rel=1e-9, abs=1e-15)
        assert two.p == pytest.approx(min(p2_r, 1.0), rel=1e-9, abs=1e-15)


def test_vectorized_matches_scalar():
    cases = np.array(_random_triples(20, seed=3))
    n = 30
    vec = williams_test(cases[:, 0], cases[:, 1], cases[:, 2], n)
    for k, (a, b, c, _) in enumerate(cases):
        assert vec.p[k] == pytest.approx(williams_test(a, b, c, n).p, rel=1e-12)


def test_symmetry_and_bad_input():
    a = williams_test(0.7, 0.5, 0.4, 20)
    b = williams_test(0.5, 0.7, 0.4, 20)
    assert a.t == pytest.approx(-b.t) and a.p == pytest.approx(b.p)
    assert williams_test(0.6, 0.6, 0.3, 20).t == 0.0
    with pytest.raises(ParameterError):
        williams_test(0.6, 0.5, 0.3, 3)
    with pytest.raises(ParameterError):
        williams_test(1.2, 0.5, 0.3, 10)
    with pytest.raises(ParameterError):
        williams_test(0.6, 0.5, 0.3, 10, alternative="greater")


def _toy_scores(seed=1, n_sys=25):
    rng = np.random.default_rng(seed)
    human = rng.normal(size=n_sys)
    systems = [f"s{i:02d}" for i in range(n_sys)]
    metrics = {
        "good": human + 0.2 * rng.normal(size=n_sys),
        "fair": human + 0.8 * rng.normal(size=n_sys),
        "noise": rng.normal(size=n_sys),
    }
    long = pd.DataFrame(
        [(s, m, v[i]) for m, v in metrics.items() for i, s in enumerate(systems)],
        columns=["system", "metric", "value"],
    )
    return long, pd.Series(human, index=systems)


def test_pairs_matrix_and_optimal_set():
    long, human = _toy_scores()
    pairs = williams_pairs(long, human)
    assert len(pairs) == 6
    row = pairs[(pairs.metric_a == "good") & (pairs.metric_b == "noise")].iloc[0]
    wide = long.pivot(index="system", columns="metric", values="value").loc[human.index]
    r_good = np.corrcoef(wide["good"], human)[0, 1]
    r_noise = np.corrcoef(wide["noise"], human)[0, 1]
    r_ab = np.corrcoef(wide["good"], wide["noise"])[0, 1]
    assert row.r_a == pytest.approx(r_good) and row.r_b == pytest.approx(r_noise)
    assert row.p == pytest.approx(williams_test(r_good, r_noise, r_ab, 25).p)
    assert bool(row.a_beats_b)
    best = not_significantly_beaten(pairs)
    assert best.iloc[0].metric == "good" and bool(best.iloc[0].optimal)
    assert not bool(best.set_index("metric").loc["noise", "optimal"])
    mat = significance_matrix(pairs)
    assert np.isnan(mat.loc["noise", "good"]) and mat.loc["good", "noise"] == pytest.approx(row.p)
    # Instance-level input is averaged to system level first.
    inst = pd.concat(
        [long.assign(instance=i, value=long.value + d) for i, d in ((1, 0.5), (2, -0.5))]
    )
    pd.testing.assert_frame_equal(williams_pairs(inst, human), pairs)


def test_pairs_rejects_missing_system():
    long, human = _toy_scores()
    with pytest.raises(ParameterError):
        williams_pairs(long, human.iloc[:-1])
    with pytest.raises(ParameterError):
        williams_pairs(long.iloc[1:], human)


def test_package_level_export():
    import evalkit.stats

    assert evalkit.stats.williams_test(*R_ARGS) == williams_test(*R_ARGS)
    frame = williams_test(*R_ARGS).to_frame()
    assert frame.columns.tolist() == ["t", "dof", "p"] and frame.p[0] == williams_test(*R_ARGS).p


@pytest.mark.parametrize("seed", [2, 4, 5])
def test_affinely_related_metrics_never_differ_significantly(seed):
    """B = 0.37 A + 0.11 ranks the systems exactly as A does, so r(H, A) = r(H, B) and no
    test can find a difference. numpy's correlations then give r23 = 1.0 and r12, r13 that
    differ in the last bit (these seeds), and the Williams statistic is 0/0: rounding made it
    infinite (p = 0, a 'significant' difference), as a Table 5 claim of
    owczarzak2012assessors showed on the sample ("0.550 vs 0.550: p = 0.000")."""
    rng = np.random.default_rng(seed)
    h = rng.normal(size=12)
    a = h + rng.normal(size=12)
    frame = pd.DataFrame({"h": h, "a": a, "b": 0.37 * a + 0.11})
    r = lambda u, v: float(np.corrcoef(u, v)[0, 1])  # noqa: E731
    assert r(frame.a, frame.b) == 1.0 and r(frame.h, frame.a) != r(frame.h, frame.b)
    assert williams_columns(frame, "h", "a", "b") == 1.0
    assert williams_test(r(frame.h, frame.a), r(frame.h, frame.b), 1.0, 12).p == 0.5
    # r23 = 1 with correlations that really differ is no correlation matrix: undefined
    assert np.isnan(williams_test(0.9, 0.1, 1.0, 12).p)


def test_constant_metric_is_not_optimal():
    """A metric with constant scores has no correlation: nothing can beat it significantly,
    but it is not in the optimal set either (it was, as 'never beaten')."""
    long, human = _toy_scores()
    flat = long[long.metric == "good"].assign(metric="flat", value=0.0)
    pairs = williams_pairs(pd.concat([long, flat]), human)
    best = not_significantly_beaten(pairs).set_index("metric")
    assert np.isnan(best.loc["flat", "r"]) and best.loc["flat", "beaten_by"] == 0
    assert not bool(best.loc["flat", "optimal"])
    assert bool(best.loc["good", "optimal"])
    assert best.index[-1] == "flat"  # undefined r sorts last
