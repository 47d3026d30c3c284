"""ORDC12 assessor analyses and the CLASSY-like regression, on hand-made frames."""

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.stats import assessors as A
from evalkit.stats.agreement import alpha_two_judgments
from evalkit.stats.pairwise import decision_agreement, population_pairs, significance_decisions
from evalkit.stats.regression import fit, predict, select_fit_predict


def test_identical_pairs_normalize_whitespace_and_group():
    s = pd.DataFrame(
        {
            "instance": ["T1"] * 4 + ["T2"] * 3,
            "summarizer": ["1", "2", "3", "4", "1", "2", "3"],
            "sentences": [("a b",), ("a ", " b"), ("c",), ("a b",), ("x",), ("y",), ()],
        }
    )
    p = A.identical_pairs(s)
    assert list(p.itertuples(index=False, name=None)) == [
        ("T1", "1", "2"),
        ("T1", "1", "4"),
        ("T1", "2", "4"),
    ]
    assert len(A.identical_pairs(s, systems=["1", "3", "4"])) == 1
    s2 = pd.concat([s, pd.DataFrame({"instance": ["T2"], "summarizer": ["4"], "sentences": [()]})])
    assert len(A.identical_pairs(s2)) == 3 and len(A.identical_pairs(s2, skip_empty=False)) == 4


def _repeated():
    rng = np.random.default_rng(1)
    rows, judg, assessor_of = [], [], {}
    for t in range(12):
        inst = f"T{t}"
        assessor_of[inst] = "A" if t < 6 else "B"
        noise = 0.3 if t < 6 else 1.5
        for k in range(4):
            true = rng.uniform(1, 5)
            a, b = f"{k}a", f"{k}b"
            rows.append((inst, a, b))
            judg += [
                (inst, a, "resp", true + rng.normal(0, noise)),
                (inst, b, "resp", true + rng.normal(0, noise)),
            ]
    return (
        pd.DataFrame(rows, columns=["instance", "first", "second"]),
        pd.DataFrame(judg, columns=["instance", "summarizer", "judgment", "value"]),
        assessor_of,
    )


def test_repeated_judgments_and_alpha_per_assessor():
    pairs, judg, assessor_of = _repeated()
    rep = A.repeated_judgments(pairs, judg, "resp", assessor_of)
    assert len(rep) == 48 and rep.attrs["missing"] == 0
    assert rep["difference"].to_numpy() == pytest.approx(
        (rep["value_first"] - rep["value_second"]).to_numpy()
    )
    alpha = A.assessor_alpha(rep).set_index("assessor")
    for who in "AB":
        part = rep[rep["assessor"] == who]
        assert alpha.at[who, "alpha"] == pytest.approx(
            alpha_two_judgments(part["value_first"], part["value_second"])
        )
    assert alpha.at["A", "alpha"] > alpha.at["B", "alpha"]
    assert A.worst_assessors(alpha.reset_index(), 1) == ["B"]
    with pytest.raises(ParameterError):
        A.worst_assessors(alpha.reset_index(), 3)
    kept = A.exclude_assessors(judg, ["B"], assessor_of)
    assert set(kept["instance"]) == {f"T{t}" for t in range(6)} and len(kept.attrs["excluded"]) == 6
    with pytest.raises(ParameterError):
        A.exclude_assessors(judg, ["B"], {"T0": "A"})
    short = A.repeated_judgments(pairs, judg.iloc[1:], "resp")
    assert short.attrs["missing"] == 1


def test_per_assessor_correlation_and_mp_minus_ap():
    pairs, judg, assessor_of = _repeated()
    rng = np.random.default_rng(2)
    auto = judg.assign(value=judg["value"] + rng.normal(0, 1, len(judg)))
    out = A.per_assessor_correlation(auto, judg, assessor_of)
    for who in "AB":
        mask = judg["instance"].map(assessor_of) == who
        assert out.set_index("assessor").at[who, "r"] == pytest.approx(
            stats.pearsonr(auto.loc[mask, "value"], judg.loc[mask, "value"])[0]
        )
    assert out.attrs["mean"] == pytest.approx(out["r"].mean())
    # mP - aP: T1 (A): .2, 0 -> .1; T2 (A): -.1; T3 (B): .3 -> A = 0, B = .3
    m = pd.DataFrame(
        {
            "instance": ["T1", "T1", "T2", "T3"],
            "system": ["1", "2", "1", "1"],
            "value": [0.5, 0.4, 0.2, 0.6],
        }
    )
    a = pd.DataFrame(
        {
            "instance": ["T1", "T1", "T2", "T3"],
            "system": ["1", "2", "1", "1"],
            "value": [0.3, 0.4, 0.3, 0.3],
        }
    )
    d = A.manual_minus_auto(m, a, {"T1": "A", "T2": "A", "T3": "B"}).set_index("assessor")
    assert d.at["A", "mp_minus_ap"] == pytest.approx(0.0) and d.at[
        "B", "mp_minus_ap"
    ] == pytest.approx(0.3)
    assert d.at["A", "instances"] == 2


def test_population_pairs_and_human_auto_decisions():
    assert population_pairs(["1", "2", "3"]) == [("1", "2"), ("1", "3"), ("2", "3")]
    assert population_pairs(["A"], ["1", "2"]) == [("A", "1"), ("A", "2")]
    with pytest.raises(ParameterError):
        population_pairs(["A"], ["A"])
    rng = np.random.default_rng(0)
    rows = [
        (f"T{t}", s, q + rng.normal(0, 0.3))
        for t in range(20)
        for s, q in (("A", 3), ("1", 1), ("2", 1.1))
    ]
    scores = pd.DataFrame(rows, columns=["instance", "system", "value"])
    d = significance_decisions(scores, pairs=population_pairs(["A"], ["1", "2"]))
    assert list(zip(d["system_a"], d["system_b"])) == [("A", "1"), ("A", "2")]
    assert (d["decision"] == 1).all()
    agree = decision_agreement(d, d)
    assert agree.at[0, "sig_accuracy"] == 1.0 and agree.at[0, "pairs"] == 2
    with pytest.raises(ParameterError):
        significance_decisions(scores, pairs=[("A", "Z")])


def _regression_data(seed=0, n=120, systems=12):
    rng = np.random.default_rng(seed)
    sysq = rng.normal(size=systems)
    sys = np.repeat(np.arange(systems), n // systems)
    good = sysq[sys] + rng.normal(0, 0.3, len(sys))
    noise = rng.normal(size=len(sys))
    y = 1 + 2 * good + rng.normal(0, 0.3, len(sys))
    return pd.DataFrame({"system": sys.astype(str), "good": good, "noise": noise, "y": y})


def test_regressions():
    df = _regression_data()
    ols = fit(df, ["good", "noise"], "y", "ols")
    coef, *_ = np.linalg.lstsq(
        np.column_stack([np.ones(len(df)), df["good"], df["noise"]]), df["y"], rcond=None
    )
    assert [ols["intercept"], *ols["coef"]] == pytest.approx(coef)
    # one gross outlier: the robust fit stays near the truth, OLS moves
    bad = df.copy()
    bad.loc[0, "y"] = 80.0
    rob, o2 = fit(bad, ["good"], "y", "robust"), fit(bad, ["good"], "y", "ols")
    assert abs(rob["coef"][0] - 2) < abs(o2["coef"][0] - 2)
    nn = fit(df.assign(neg=-df["good"]), ["neg", "noise"], "y", "nnls")
    assert (nn["coef"] >= 0).all()
    # one feature: the CCA variate is proportional to x, so its LS map to y is the OLS fit
    cca, o1 = fit(df, ["good"], "y", "cca"), fit(df, ["good"], "y", "ols")
    assert predict(cca, df) == pytest.approx(predict(o1, df))
    with pytest.raises(ParameterError):
        fit(df, ["good"], "y", "lasso")
    with pytest.raises(ParameterError):
        fit(df.head(2), ["good", "noise"], "y", "ols")


def test_select_fit_predict_picks_the_informative_feature():
    a, b, c, d = (_regression_data(seed) for seed in range(4))
    pred, table = select_fit_predict(
        a, b, c, d, ["good", "noise"], "y", methods=("ols", "nnls"), max_size=1
    )
    assert table.iloc[0]["features"] == ("good",)
    assert len(table) == 4
    assert stats.pearsonr(pred, d["y"])[0] > 0.9


def test_batched_wilcoxon_equals_one_call_per_pair():
    """pairwise_tests batches scipy's Wilcoxon by length and method; every p-value must equal
    the one scipy gives for the pair alone (ties, zeros, exact and normal cases, n <= 13)."""
    from evalkit.stats.pairwise import paired_test, pairwise_tests, wilcoxon_rows

    rng = np.random.default_rng(4)
    diffs = []
    for n in (5, 9, 20, 48, 60):
        for kind in range(4):
            d = rng.normal(size=n)
            if kind == 1:
                d = np.round(d, 1)  # ties
            if kind == 2:
                d[:2] = 0.0  # zeros
            if kind == 3:
                d = np.round(d * 3) / 3  # ties and zeros
            diffs.append(d)
    for alt in ("two-sided", "greater"):
        stat, p = wilcoxon_rows(diffs, alternative=alt)
        for d, s_, p_ in zip(diffs, stat, p):
            one = stats.wilcoxon(d, zero_method="wilcox", correction=False, alternative=alt)
            assert p_ == pytest.approx(one.pvalue, rel=1e-12, abs=1e-300) and s_ == pytest.approx(
                one.statistic
            )
    rows = [
        (f"T{t}", s, v)
        for t in range(15)
        for s, v in (("a", rng.normal()), ("b", rng.normal()), ("c", 0.0))
    ]
    scores = pd.DataFrame(rows, columns=["instance", "system", "value"])
    scores.loc[0, "value"] = np.nan
    fast = pairwise_tests(scores, test="wilcoxon", alternative="two-sided")
    for r in fast.itertuples():
        w = scores.pivot(index="instance", columns="system", values="value")[
            [r.system_a, r.system_b]
        ].dropna()
        slow = paired_test(w.iloc[:, 0], w.iloc[:, 1], test="wilcoxon").iloc[0]
        assert r.p_value == pytest.approx(slow["p_value"]) and r.n == slow["n"]
