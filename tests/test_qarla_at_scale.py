"""QARLA at scale: the vectorized KING search against the per-set loop, JACK against its
definition, the JACK curve, naive K, leave-one-model-out and the synthetic clouds. The seven
formal constraints of Amigó et al. (2005a, §2) are hypothesis properties in
tests/test_qarla_constraints.py."""

from itertools import combinations

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.stats import qarla
from evalkit.stats.qarla_synthetic import point_clouds


def _random_data(seed, n_inst=3, n_models=4, n_peers=5, n_metrics=4, ties=False):
    rng = np.random.default_rng(seed)
    names = [f"m{i}" for i in range(n_models)] + [f"p{i}" for i in range(n_peers)]
    rows, roles = [], []
    for inst in range(n_inst):
        for s in names:
            roles.append((inst, s, "model" if s.startswith("m") else "peer"))
        for a in names:
            for b in names:
                if a != b:
                    for k in range(n_metrics):
                        v = rng.integers(0, 3) if ties else rng.normal()
                        rows.append((inst, a, b, f"x{k}", float(v)))
    return (
        pd.DataFrame(rows, columns=["instance", "a", "b", "metric", "value"]),
        pd.DataFrame(roles, columns=["instance", "summarizer", "role"]),
    )


@pytest.mark.parametrize("protocol", ["leave_one_out", "full_M_for_peers"])
@pytest.mark.parametrize("average", ["macro", "micro"])
@pytest.mark.parametrize("ties", [False, True])
def test_vectorized_search_equals_per_set_loop(protocol, average, ties):
    sims, roles = _random_data(3, ties=ties)
    kw = dict(protocol=protocol, average=average)
    fast = qarla.best_metric_sets(sims, roles, **kw)
    slow = qarla.best_metric_sets(sims, roles, method="loop", **kw)
    assert len(fast) == 2**4 - 1
    pd.testing.assert_frame_equal(fast, slow)


def test_subset_masks_and_errors():
    masks = qarla.subset_masks(3)
    assert masks.tolist() == [1, 2, 4, 3, 5, 6, 7]
    assert len(qarla.subset_masks(10)) == 1023 and len(qarla.subset_masks(10, 2)) == 55
    sims, roles = _random_data(0)
    with pytest.raises(ParameterError):
        qarla.king_of_subsets(sims, roles, masks=[0])
    with pytest.raises(ParameterError):
        qarla.best_metric_sets(sims, roles, method="fast")


def _jack_by_definition(sims, roles, condition):
    """JACK straight from the formula, pair by pair (micro average)."""
    data = qarla.QarlaData(sims, roles)
    q = qarla.queen(data)
    live = {(r.instance, r.summarizer) for r in q.itertuples() if r.role == "peer" and r.queen > 0}
    x = sims.set_index(["instance", "a", "b", "metric"])["value"]
    hits = events = 0
    for inst, g in roles.groupby("instance"):
        models = list(g[g.role == "model"].summarizer)
        peers = [p for p in g[g.role == "peer"].summarizer if (inst, p) in live]
        for m in models:
            events += 1
            found = False
            for a, b in combinations(peers, 2):
                one = all(x[(inst, a, b, k)] <= x[(inst, a, m, k)] for k in data.metrics)
                two = all(x[(inst, b, a, k)] <= x[(inst, b, m, k)] for k in data.metrics)
                found |= (one and two) if condition == "symmetric" else (one or two)
            hits += found
    return hits / events


@pytest.mark.parametrize("condition", ["symmetric", "one_sided"])
def test_jack_matches_its_definition(condition):
    sims, roles = _random_data(5, n_metrics=2, ties=True)
    assert qarla.jack(sims, roles, condition=condition, average="micro") == pytest.approx(
        _jack_by_definition(sims, roles, condition)
    )


def test_jack_curve_ends_at_jack_and_never_falls():
    sims, roles = _random_data(7, n_metrics=1)
    curve = qarla.jack_curve(sims, roles, n_orders=5, seed=1)
    full = qarla.jack(sims, roles, average="micro")
    assert curve.groupby("order")["jack"].last().tolist() == pytest.approx([full] * 5)
    assert (curve.groupby("order")["jack"].diff().dropna() >= 0).all()
    # each prefix equals JACK of that peer subset, recomputed directly
    again = qarla.jack_curve(sims, roles, n_orders=5, seed=1)
    pd.testing.assert_frame_equal(curve, again)
    order0 = np.random.default_rng(1).permutation(
        sorted(roles[roles.role == "peer"].summarizer.unique())
    )
    for k in (2, 3):
        assert curve[(curve.order == 0) & (curve.systems == k)]["jack"].iloc[0] == pytest.approx(
            qarla.jack(sims, roles, peers=order0[:k], average="micro")
        )


def test_toy_queen_king_by_hand():
    # one instance, models m0 m1 m2, peer p, one symmetric metric:
    # x(m0,m1)=.9 x(m0,m2)=.8 x(m1,m2)=.7 ; x(p,m0)=.85 x(p,m1)=.6 x(p,m2)=.5
    models = {("m0", "m1"): 0.9, ("m0", "m2"): 0.8, ("m1", "m2"): 0.7}
    peer = {"m0": 0.85, "m1": 0.6, "m2": 0.5}
    pairs = {**models, **{("p", m): v for m, v in peer.items()}}
    rows = [(0, a, b, "x", v) for (a, b), v in pairs.items()] + [
        (0, b, a, "x", v) for (a, b), v in pairs.items()
    ]
    sims = pd.DataFrame(rows, columns=["instance", "a", "b", "metric", "value"])
    roles = pd.DataFrame(
        [(0, s, "model" if s != "p" else "peer") for s in ("m0", "m1", "m2", "p")],
        columns=["instance", "summarizer", "role"],
    )
    with pytest.raises(ParameterError):  # distinct triples need 3 other models for a model's QUEEN
        qarla.queen(sims, roles)
    q = qarla.queen(sims, roles, triples="pair_distinct").set_index("summarizer")["queen"]
    # pair_distinct: (m', m'') ordered with m' != m'' (6) x m (3) = 18 triples; x(p, m0) = .85 passes
    # against .7 (2 orders) and .8 (2 orders), x(p, m1) = .6 and x(p, m2) = .5 pass nothing -> 4/18
    assert q["p"] == pytest.approx(4 / 18)
    # KING, leave one model out: event m0: QUEEN(m0) = 1 (.9, .8 >= .7), peer 0 -> success;
    # event m1 (x(m0,m2) = .8): QUEEN(m1) = 1/2, peer 1/2 (.85) -> tie, fails;
    # event m2 (.9): both 0 -> fails.  KING = 1/3
    assert qarla.king(sims, roles, triples="pair_distinct") == pytest.approx(1 / 3)


def test_naive_k_violates_constraint_3_as_metrics_are_added():
    _, sims, roles = point_clouds(4, 4, 5, 12, noise=1.0, seed=2)
    metrics = sorted(sims.metric.unique())
    naive = [qarla.k_naive(sims, roles, metrics[:k]) for k in (1, 12)]
    q_models = qarla.queen(sims, roles, metrics).query("role == 'model'")["queen"]
    assert naive[1] >= naive[0] and naive[1] == pytest.approx(1.0)
    assert (q_models == 0).mean() > 0.5


def test_leave_one_model_out_on_separated_clouds():
    _, sims, roles = point_clouds(4, 5, 6, 2, peer_offset=20.0, seed=3)
    table = qarla.leave_one_model_out(sims, roles)
    assert len(table) == 5 and table["success"].all()
    _, sims, roles = point_clouds(4, 5, 6, 2, peer_offset=0.0, peer_spread=0.05, seed=3)
    assert not qarla.leave_one_model_out(sims, roles)["success"].all()


def test_point_clouds_are_seeded_and_checked():
    a = point_clouds(2, 3, 2, 2, seed=9)
    b = point_clouds(2, 3, 2, 2, seed=9)
    for x, y in zip(a, b):
        pd.testing.assert_frame_equal(x, y)
    with pytest.raises(ParameterError):
        point_clouds(special=("noisy",))
    with pytest.raises(ParameterError):
        point_clouds(noise=-1)


def test_queen_of_subsets_equals_queen_per_set():
    sims, roles = _random_data(8, ties=True)
    masks = qarla.subset_masks(4)
    table = qarla.queen_of_subsets(sims, roles, masks=masks)
    names = sorted(sims.metric.unique())
    for m in masks[[0, 5, 14]]:
        metrics = [n for i, n in enumerate(names) if (int(m) >> i) & 1]
        direct = (
            qarla.queen_system_scores(sims, roles, metrics)
            .query("role == 'peer'")
            .set_index("summarizer")
        )
        assert table.loc[m].to_dict() == pytest.approx(direct["queen"].to_dict())


def test_chunked_path_equals_pattern_counting(monkeypatch):
    """Above 16 candidates the search compares set by set; both paths give the same KING."""
    sims, roles = _random_data(9, ties=True)
    fast = qarla.king_of_subsets(sims, roles)
    queens = qarla.queen_of_subsets(sims, roles)
    monkeypatch.setattr(qarla, "_PATTERN_MAX", 0)
    assert np.array_equal(qarla.king_of_subsets(sims, roles), fast)
    pd.testing.assert_frame_equal(qarla.queen_of_subsets(sims, roles), queens)
