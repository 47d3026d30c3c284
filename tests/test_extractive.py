"""The extractive summarizers of Murray et al. (2005) and the synthetic ASR channel, on cases
whose answer is known by hand (diagonal term matrices have known SVDs)."""

import numpy as np
import pytest

from evalkit.errors import ParameterError
from evalkit.metrics.wer import summary_wer
from evalkit.text import asr_channel, extractive as E


def test_summary_size_rounds_half_up():
    assert E.summary_size(95) == 10 and E.summary_size(94) == 9 and E.summary_size(3) == 1
    with pytest.raises(ParameterError):
        E.summary_size(10, ratio=0)


def test_lsa_on_a_diagonal_matrix():
    # units 0..3 each carry one private term with weights 3, 2, 1, 0.5: sigma = (3, 2, 1, .5)
    W = np.diag([3.0, 2.0, 1.0, 0.5])
    units = ["a", "b", "c", "d"]
    assert E.lsa_select(units, 2, "gong_liu", weights=W) == [0, 1]
    # proportional: shares 3/6.5, 2/6.5, 1/6.5, .5/6.5 of n = 3 -> 1.38, .92, .46, .23 -> 1, 1, 1, 0
    assert E.lsa_select(units, 3, "proportional", weights=W) == [0, 1, 2]
    # Steinberger-Jezek: unit i's length is sigma_i
    assert E.lsa_scores(units, weights=W) == pytest.approx([3, 2, 1, 0.5])
    assert E.lsa_scores(units, dims=2, weights=W) == pytest.approx([3, 2, 0, 0])


def test_proportional_lsa_takes_several_units_from_a_dominant_topic():
    # topic 1 (terms of units 0-2, weight 5) dominates topic 2 (unit 3, weight 1)
    W = np.array([[5.0, 0], [4.0, 0], [3.0, 0], [0, 1.0]])
    # sigma = (sqrt(50), 1): n = 3 -> shares .876, .124 -> 2.63, .37 -> 3, 0
    assert E.lsa_select(["a", "b", "c", "d"], 3, "proportional", weights=W) == [0, 1, 2]
    # Gong-Liu: one unit per topic (0, then 3), then the best remaining Steinberger-Jezek score (1)
    assert E.lsa_select(["a", "b", "c", "d"], 3, "gong_liu", weights=W) == [0, 1, 3]


def test_mmr_lambda_one_is_pure_relevance_and_annealing_avoids_duplicates():
    units = ["cat dog", "cat dog", "cat dog fish", "bird"]
    W = E.tfidf_matrix(units)
    rel = W @ W.mean(0) / (np.linalg.norm(W, axis=1) * np.linalg.norm(W.mean(0)))
    assert E.mmr_select(units, 1) == [int(np.argmax(rel))]
    two = E.mmr_select(units, 2, lambda_start=1.0, lambda_end=0.0)
    # the second pick at lambda = 0 minimizes similarity to the first: the unrelated "bird"
    assert 3 in two
    with pytest.raises(ParameterError):
        E.mmr_select(units, 5)


def test_feature_classifier_learns_a_separable_rule():
    rng = np.random.default_rng(0)
    vocab = [f"w{i}" for i in range(50)]

    def doc(n):
        units, labels = [], []
        for _ in range(n):
            long = rng.random() < 0.2
            units.append(" ".join(rng.choice(vocab, size=20 if long else 3)))
            labels.append(int(long))
        return units, labels

    train = [doc(80) for _ in range(3)]
    clf = E.FeatureClassifier(seed=1).fit([u for u, _ in train], [l for _, l in train])
    units, labels = doc(100)
    picked = clf.select(units, sum(labels))
    assert sum(labels[i] for i in picked) >= 0.9 * sum(labels)
    assert picked == E.FeatureClassifier(seed=1).fit(
        [u for u, _ in train], [l for _, l in train]
    ).select(units, sum(labels))
    with pytest.raises(ParameterError):
        E.FeatureClassifier().fit([["a b"]], [[1]])


def test_asr_channel_substitutions_hit_the_target_exactly():
    rng = np.random.default_rng(2)
    manual = [
        " ".join(f"w{rng.integers(200)}" for _ in range(rng.integers(1, 15))) for _ in range(300)
    ]
    n = sum(len(u.split()) for u in manual)
    asr = asr_channel.corrupt(manual, 0.3, seed=5, mix=(1, 0, 0))
    assert summary_wer(asr, manual) == pytest.approx(round(0.3 * n) / n)
    assert asr_channel.corrupt(manual, 0.0, seed=5) == manual
    mixed = asr_channel.corrupt(manual, 0.295, seed=5, spread=1.0)
    assert mixed == asr_channel.corrupt(manual, 0.295, seed=5, spread=1.0)
    realized = summary_wer(mixed, manual)
    assert 0.95 * 0.295 <= realized <= 0.295 + 1e-12
    with pytest.raises(ParameterError):
        asr_channel.corrupt(manual, 1.5)
    with pytest.raises(ParameterError):
        summary_wer(mixed[:3], manual)


def test_summary_wer_on_selected_units_by_hand():
    manual = ["a b c d", "e f", "g h i"]
    asr = ["a x c d", "e f", "g i"]
    assert summary_wer(asr, manual, [0, 1]) == pytest.approx(1 / 6)
    assert summary_wer(asr, manual) == pytest.approx(2 / 9)
