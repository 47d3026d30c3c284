"""Model-subset sweeps (OD09): per-(peer, model) ROUGE counts summed over a subset equal
re-scoring with only those models; the sweep's correlations equal a direct recomputation."""

import itertools

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from evalkit.errors import ParameterError
from evalkit.metrics.model_subsets import subset_recall_table
from evalkit.metrics.rouge import Rouge, RougeCorpus
from evalkit.stats.sampling import model_subset_correlations

WORDS = "the a cat dog sat ran on mat in house big small red green quickly slowly".split()


def _texts(rng, n):
    return [" ".join(rng.choice(WORDS, size=rng.integers(6, 14))) + " ." for _ in range(n)]


@pytest.fixture(scope="module")
def data():
    rng = np.random.default_rng(3)
    insts, systems = ["T1", "T2", "T3"], ["1", "2", "3", "4"]
    models = {t: _texts(rng, 4) for t in insts}
    peers = {(t, s): _texts(rng, 1)[0] + " " + _texts(rng, 1)[0] for t in insts for s in systems}
    return insts, systems, models, peers


def _corpus(models, peers) -> RougeCorpus:
    """Every peer summary (``(instance, system) -> text``) against its instance's models."""
    keys = list(peers)
    return RougeCorpus.from_lists(
        [peers[k] for k in keys],
        [models[t] for t, _ in keys],
        [t for t, _ in keys],
        [s for _, s in keys],
    )


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize(
    "metric,cfg",
    [
        ("ROUGE-2", dict(n=2, lcs=False)),
        ("ROUGE-SU4", dict(n=0, lcs=False, skip=4, su="SU")),
        ("ROUGE-L", dict(n=0)),
    ],
)
def test_subset_sums_equal_rescoring(data, k, metric, cfg):
    insts, systems, models, peers = data
    rouge = Rouge(stem=True, **cfg)
    corpus = _corpus(models, peers)
    counts = rouge.pair_counts(corpus)
    assert metric in set(counts["metric"])
    table, subsets = subset_recall_table(counts, metric, k, insts, systems[:3] + ["9"])
    assert table.shape == (3, len(list(itertools.combinations(range(4), k))), 4)
    assert np.isnan(table[:, :, 3]).all()  # system 9 has no summary
    for t, inst in enumerate(insts):
        for j, sub in enumerate(subsets[t]):
            refs = [models[inst][i] for i in sub]
            res = rouge.score(
                [peers[(inst, s)] for s in systems[:3]], [refs] * 3, [inst] * 3, systems[:3]
            )
            sc = res.scores
            direct = sc[sc["metric"] == metric].set_index("system")["R"]
            assert table[t, j, :3].tolist() == [direct[s] for s in systems[:3]]
    with pytest.raises(ParameterError):
        subset_recall_table(counts, metric, 5, insts, systems)
    with pytest.raises(ParameterError):
        subset_recall_table(counts, "ROUGE-9", 1, insts, systems)


def test_full_model_set_equals_plain_score(data):
    insts, systems, models, peers = data
    rouge = Rouge(n=2, lcs=False, stem=True)
    corpus = _corpus(models, peers)
    counts = rouge.pair_counts(corpus)
    table, _ = subset_recall_table(counts, "ROUGE-1", 4, insts, systems)
    full = rouge.score_corpus(corpus).scores
    full = full[full["metric"] == "ROUGE-1"].set_index(["instance", "system"])["R"]
    assert table[:, 0, :].ravel().tolist() == [full[(t, s)] for t in insts for s in systems]


def test_model_subset_correlations_equal_direct_recomputation():
    rng = np.random.default_rng(0)
    n_top, n_sys = 6, 8
    q = rng.normal(size=n_sys)
    table = q[None, None, :] + rng.normal(scale=0.7, size=(n_top, 6, n_sys))
    table[2, 4:, :] = np.nan  # topic 2 has only 4 subsets
    counts = [6, 6, 4, 6, 6, 6]
    table[0, 1, 3] = np.nan  # one summary not scored under one subset
    ref = q + rng.normal(scale=0.2, size=n_sys)
    out = model_subset_correlations({"m": table, "m2": -table}, counts, ref, n_draws=40, seed=5)
    idx = np.floor(np.random.default_rng(5).random((40, n_top)) * np.array(counts)).astype(int)
    for d in range(40):
        vals = np.array([table[t, idx[d, t]] for t in range(n_top)])
        means = np.nanmean(vals, axis=0)
        r = out[(out["metric"] == "m") & (out["draw"] == d)]["r"].iat[0]
        assert r == pytest.approx(stats.pearsonr(means, ref)[0])
    assert out[out.metric == "m2"]["r"].to_numpy() == pytest.approx(
        -out[out.metric == "m"]["r"].to_numpy()
    )
    again = model_subset_correlations({"m": table, "m2": -table}, counts, ref, n_draws=40, seed=5)
    pd.testing.assert_frame_equal(out, again)
    # complementary split halves: draw j against 5 - j
    sh = model_subset_correlations(
        {"m": table[:, :6]}, [6] * n_top, None, n_draws=10, seed=1, split_half="complement"
    )
    idx = np.floor(np.random.default_rng(1).random((10, n_top)) * 6).astype(int)
    a = np.nanmean(np.array([table[t, idx[0, t]] for t in range(n_top)]), axis=0)
    b = np.nanmean(np.array([table[t, 5 - idx[0, t]] for t in range(n_top)]), axis=0)
    assert sh["r"].iat[0] == pytest.approx(stats.pearsonr(a, b)[0])
    other = model_subset_correlations(
        {"m": table}, counts, None, n_draws=50, seed=2, split_half="other"
    )
    assert other["r"].notna().all()
    with pytest.raises(ParameterError):
        model_subset_correlations({"m": table}, counts, ref[:-1])
    with pytest.raises(ParameterError):
        model_subset_correlations({"m": table}, counts, ref, split_half="halves")
