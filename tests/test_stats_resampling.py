"""Approximate randomization and paired bootstrap: the literal algorithms of Riezler & Maxwell
(2005), and parity with sacrebleu's PairedTest on WMT17 en-de."""

import itertools
import os
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from evalkit.data.safe_pickle import load
from evalkit.errors import ParameterError
from evalkit.stats.resampling import approximate_randomization, paired_bootstrap, result_matrix
from evalkit.stats.sacrebleu_stats import as_score_function, bleu_score_function, corpus_statistics

from _requires import unavailable


def f_score(sums):
    """Dependency-F style score from (matches, n_sys, n_ref) sums (R&M's F)."""
    m, s, r = sums[:, 0], sums[:, 1], sums[:, 2]
    return 2 * m / (s + r)


def _toy(seed=0, n_seg=40, shift=0):
    rng = np.random.default_rng(seed)
    out = {}
    for name in ("base", "sys1", "sys2"):
        s = rng.integers(5, 15, size=n_seg)
        r = rng.integers(5, 15, size=n_seg)
        m = np.minimum(rng.binomial(np.minimum(s, r), 0.5 + (shift if name != "base" else 0)), s)
        out[name] = np.column_stack([m, s, r]).astype(float)
    return out


def _literal_ar(x, y, score, masks, ties):
    """Riezler & Maxwell Fig. 1, one shuffle at a time."""
    t = abs(score(x.sum(0)[None])[0] - score(y.sum(0)[None])[0])
    c = 0
    for mask in masks:
        xs = np.where(mask[:, None], y, x).sum(0)
        ys = np.where(mask[:, None], x, y).sum(0)
        tr = abs(score(xs[None])[0] - score(ys[None])[0])
        c += (tr >= t) if ties == "ge" else (tr > t)
    return (c + 1) / (len(masks) + 1)


def _literal_bootstrap(x, y, score, idxs):
    """Riezler & Maxwell Fig. 2 (shift method), one resample at a time."""
    t = abs(score(x.sum(0)[None])[0] - score(y.sum(0)[None])[0])
    tb = np.array([abs(score(x[i].sum(0)[None])[0] - score(y[i].sum(0)[None])[0]) for i in idxs])
    c = np.sum(tb - tb.mean() >= t)
    return (c + 1) / (len(idxs) + 1)


@pytest.mark.parametrize("ties", ["ge", "gt"])
def test_ar_equals_literal_algorithm(ties):
    stats = _toy(1, shift=0.05)
    res = approximate_randomization(stats, f_score, n_trials=300, seed=7, ties=ties)
    masks = np.random.default_rng(7).integers(2, size=(300, 40), dtype=bool)
    for _, row in res.iterrows():
        # evalkit's pseudo-X takes the baseline's tuple where the mask is set
        expected = _literal_ar(stats[row.system], stats["base"], f_score, masks, ties)
        assert row.p_value == pytest.approx(expected, abs=1e-15)
        assert row.baseline == "base"


def test_bootstrap_equals_literal_algorithm():
    stats = _toy(2, shift=0.04)
    res = paired_bootstrap(stats, f_score, n_resamples=300, seed=11)
    idxs = np.random.default_rng(11).choice(40, size=(300, 40), replace=True)
    for _, row in res.iterrows():
        assert row.p_value == pytest.approx(
            _literal_bootstrap(stats[row.system], stats["base"], f_score, idxs), abs=1e-15
        )
        boot = np.array([f_score(stats[row.system][i].sum(0)[None])[0] for i in idxs])
        assert row["mean"] == pytest.approx(boot.mean(), rel=1e-12)
        srt = np.sort(boot)
        assert (row.ci_low, row.ci_high) == pytest.approx((srt[7], srt[300 - 7 - 1]), rel=1e-12)


def test_ar_converges_to_exact_permutation_p():
    # With 10 segments all 2**10 assignments can be enumerated: the exact permutation p.
    stats = _toy(3, n_seg=10, shift=0.1)
    x, y = stats["sys1"], stats["base"]
    t = abs(f_score(x.sum(0)[None])[0] - f_score(y.sum(0)[None])[0])
    masks = np.array(list(itertools.product([False, True], repeat=10)))
    xs = np.where(masks[:, :, None], y, x).sum(1)
    ys = np.where(masks[:, :, None], x, y).sum(1)
    exact = np.mean(np.abs(f_score(xs) - f_score(ys)) >= t - 1e-12)
    r = 20000
    p = approximate_randomization({"base": y, "sys1": x}, f_score, n_trials=r, seed=5).p_value[0]
    assert abs(p - exact) < 4 * np.sqrt(exact * (1 - exact) / r) + 2 / r


def test_identical_systems_and_koehn():
    stats = _toy(4)
    stats["copy"] = stats["base"].copy()
    ar = approximate_randomization(stats, f_score, n_trials=200, seed=1).set_index("system")
    assert ar.loc["copy", "p_value"] == 1.0 and ar.loc["copy", "difference"] == 0.0
    bs = paired_bootstrap(stats, f_score, n_resamples=200, seed=1, method="koehn").set_index(
        "system"
    )
    assert bs.loc["copy", "p_value"] == 1.0
    strong = _toy(5, n_seg=200, shift=0.3)
    k = paired_bootstrap(strong, f_score, n_resamples=500, method="koehn", seed=3)
    assert (k.p_value < 0.01).all() and (k.difference > 0).all()


def test_all_pairs_reproducible_and_validated():
    stats = _toy(6, shift=0.02)
    a = approximate_randomization(stats, f_score, pairs="all", n_trials=100, seed=9)
    b = approximate_randomization(stats, f_score, pairs="all", n_trials=100, seed=9)
    pd.testing.assert_frame_equal(a, b)
    assert len(a) == 3 and set(zip(a.system, a.baseline)) == {
        ("base", "sys1"),
        ("base", "sys2"),
        ("sys1", "sys2"),
    }
    m = result_matrix(a)
    assert m.loc["sys1", "base"] == m.loc["base", "sys1"] == a.p_value[0] and np.isnan(
        m.loc["base", "base"]
    )
    d = result_matrix(a, "difference")
    assert d.loc["base", "sys1"] == a.difference[0] == -d.loc["sys1", "base"]
    c = paired_bootstrap(stats, f_score, baseline="sys2", n_resamples=50, seed=9)
    assert set(c.baseline) == {"sys2"} and len(c) == 2
    with pytest.raises(ParameterError):
        approximate_randomization({"a": stats["base"]}, f_score)
    with pytest.raises(ParameterError):
        approximate_randomization({"a": stats["base"], "b": stats["sys1"][:5]}, f_score)
    with pytest.raises(ParameterError):
        paired_bootstrap(stats, f_score, baseline="nope")
    with pytest.raises(ParameterError):
        paired_bootstrap(stats, lambda s: s[:, 0].sum(), n_resamples=10)
    with pytest.raises(ParameterError):
        paired_bootstrap(stats, f_score, seed=None)


def test_float_statistics_use_exact_float64():
    stats = {k: v + 0.1 for k, v in _toy(8).items()}  # not integral: float64 path
    res = approximate_randomization(stats, f_score, n_trials=100, seed=2)
    masks = np.random.default_rng(2).integers(2, size=(100, 40), dtype=bool)
    assert res.p_value[0] == pytest.approx(
        _literal_ar(stats["sys1"], stats["base"], f_score, masks, "ge")
    )


@pytest.mark.parametrize("smooth", ["exp", "none", "floor", "add-k"])
def test_vectorized_bleu_equals_sacrebleu_compute_bleu(smooth):
    from sacrebleu.metrics import BLEU

    rng = np.random.default_rng(4)
    total = rng.integers(0, 6, size=(300, 4)) * rng.integers(0, 2, size=(300, 1))
    total[:20, 2:] = 0  # no 3-/4-grams at all
    correct = np.minimum(total, rng.integers(0, 4, size=(300, 4)))
    correct[20:40] = 0  # no matches: score 0
    lens = np.column_stack([total[:, 0] + rng.integers(0, 2, 300), rng.integers(0, 9, 300)])
    sums = np.column_stack([lens, correct, total]).astype(float)
    got = bleu_score_function(smooth_method=smooth)(sums)
    ref = [
        BLEU.compute_bleu(
            list(r[2:6].astype(int)),
            list(r[6:].astype(int)),
            int(r[0]),
            int(r[1]),
            smooth_method=smooth,
        ).score
        for r in sums
    ]
    assert got == pytest.approx(ref, rel=1e-13, abs=1e-13)


def test_sacrebleu_metric_statistics_and_fallback_loop():
    from sacrebleu.metrics import BLEU, CHRF

    hyps = {"a": ["the cat sat on the mat", "a dog"], "b": ["the cat is on a mat", "the dog barks"]}
    refs = [["the cat sat on the mat", "the dog barks"]]
    for metric in (BLEU(), CHRF()):
        stats = corpus_statistics(metric, hyps, refs)
        fn = as_score_function(metric)
        for name, h in hyps.items():
            assert fn(stats[name].sum(0)[None])[0] == pytest.approx(
                metric.corpus_score(h, refs).score
            )
    res = paired_bootstrap(corpus_statistics(CHRF(), hyps, refs), CHRF(), n_resamples=20, seed=1)
    assert res.score[0] == pytest.approx(CHRF().corpus_score(hyps["b"], refs).score)


# ----------------------------------------------------------------------------- sacrebleu parity
def _load_wmt17():
    mirror = os.environ.get("EVALKIT_DATA_MIRROR")
    if not mirror:
        unavailable("no public data (EVALKIT_DATA_MIRROR or `evalkit data fetch wmt17-en-de`)")
    path = Path(mirror) / "wmt17-en-de" / "wmt17_en_de_systems.pkl.bz2"
    if not path.exists():
        unavailable(f"{path} not found")
    data = load(path)
    return data[:-1], data[-1][1]


@pytest.fixture(scope="module")
def wmt17():
    from evalkit.metrics.bleu import BLEU

    systems, refs = _load_wmt17()
    named = systems[:4]  # baseline LIUM-NMT + 3 systems keeps the test well under a minute
    bleu = BLEU(references=refs)
    stats = {name: bleu.segment_statistics(hyps) for name, hyps in named}
    return named, refs, stats, bleu


@pytest.mark.parity
@pytest.mark.public
@pytest.mark.parametrize("test_type,n", [("ar", 2000), ("bs", 500)])
def test_parity_with_sacrebleu_paired_test(wmt17, test_type, n, monkeypatch):
    from sacrebleu.metrics import BLEU
    from sacrebleu.significance import PairedTest

    monkeypatch.delenv("SACREBLEU_SEED", raising=False)  # sacrebleu's default seed 12345
    named, refs, stats, score = wmt17  # evalkit's BLEU statistics, scored by the BLEU object
    _, ref = PairedTest(named, {"BLEU": BLEU()}, refs, test_type=test_type, n_samples=n)()
    ref = ref["BLEU"]
    if test_type == "ar":
        ours = approximate_randomization(stats, score, n_trials=n, ties="gt")
        other = approximate_randomization(stats, score, n_trials=n, ties="ge", seed=2024)
    else:
        ours = paired_bootstrap(stats, score, n_resamples=n, ties="gt")
        other = paired_bootstrap(stats, score, n_resamples=n, ties="ge", seed=2024)
    assert ours.system.tolist() == [name for name, _ in named[1:]]
    for k, res in enumerate(ref[1:]):
        # same statistic, same draws: identical scores and p-values
        assert ours.score[k] == pytest.approx(res.score, rel=1e-12)
        assert ours.baseline_score[k] == pytest.approx(ref[0].score, rel=1e-12)
        assert ours.p_value[k] == pytest.approx(res.p_value, abs=1e-12)
        if test_type == "bs":
            assert ours["mean"][k] == pytest.approx(res.mean, rel=1e-9)
            assert (ours.ci_high[k] - ours.ci_low[k]) / 2 == pytest.approx(res.ci, rel=1e-6)
        # independent draws (another seed, R&M's >= rule): within Monte Carlo error
        p = res.p_value
        assert abs(other.p_value[k] - p) <= 4 * np.sqrt(max(p, 1 / n) * (1 - p) / n) + 2 / n
