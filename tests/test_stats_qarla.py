"""QARLA QUEEN/KING/JACK: a hand-computed case and the properties Amigó et al. (2005) prove."""

import itertools

import numpy as np
import pandas as pd
import pytest

from evalkit.errors import ParameterError
from evalkit.stats import qarla
from evalkit.stats.qarla_synthetic import point_clouds
from evalkit.stats.qarla import (
    QarlaData,
    acceptance_events,
    best_metric_sets,
    cluster_metrics,
    jack,
    k_pairwise,
    king,
    metric_set_similarity,
    queen,
    queen_system_scores,
)

MODEL_SIM = {
    ("M1", "M2"): 0.8,
    ("M1", "M3"): 0.6,
    ("M1", "M4"): 0.5,
    ("M2", "M3"): 0.7,
    ("M2", "M4"): 0.55,
    ("M3", "M4"): 0.65,
}
PEER_SIM = {
    "P1": {"M1": 0.75, "M2": 0.62, "M3": 0.58, "M4": 0.4},
    "P2": {"M1": 0.72, "M2": 0.3, "M3": 0.3, "M4": 0.3},
}


def _hand_frames(extra_peer=False, peer_peer=0.5, transform=lambda v: v):
    rows = []
    for (a, b), v in MODEL_SIM.items():
        rows += [(a, b, v), (b, a, v)]
    peers = dict(PEER_SIM)
    if extra_peer:
        peers["P3"] = PEER_SIM["P2"]  # a repeated peer
    for p, sims in peers.items():
        rows += [(p, m, v) for m, v in sims.items()] + [(m, p, v) for m, v in sims.items()]
    for p, q in itertools.permutations(peers, 2):
        same = {p, q} == {"P2", "P3"}
        rows.append((p, q, 1.0 if same else peer_peer))
    sim = pd.DataFrame(
        [(1, a, b, "x", transform(v)) for a, b, v in rows],
        columns=["instance", "a", "b", "metric", "value"],
    )
    roles = pd.DataFrame(
        [(1, s, "model") for s in ("M1", "M2", "M3", "M4")] + [(1, p, "peer") for p in peers],
        columns=["instance", "summarizer", "role"],
    )
    return sim, roles


def test_hand_computed_queen_king_jack():
    sim, roles = _hand_frames()
    q = queen(sim, roles).set_index("summarizer")["queen"]
    # P1 against 4 models, 24 distinct triples: 6 + 4 + 4 + 0 pass
    assert q["P1"] == pytest.approx(14 / 24)
    assert q["P2"] == pytest.approx(6 / 24)
    # M1 against M2..M4 (6 triples): .8>=.65 (x2), .6>=.55 (x2), .5<.7
    assert q["M1"] == pytest.approx(4 / 6) and q["M4"] == 0.0
    # Leave-one-out events: only M1 beats both peers (4/6 vs 2/6 and 0)
    assert king(sim, roles) == pytest.approx(1 / 4)
    assert k_pairwise(sim, roles) == pytest.approx(4 / 8)
    # peers against all four models instead (14/24 and 6/24): M1, M2, M3 (4/6 each) beat both
    assert king(sim, roles, protocol="full_M_for_peers") == pytest.approx(3 / 4)
    assert k_pairwise(sim, roles, protocol="full_M_for_peers") == pytest.approx(6 / 8)
    # x(P1,P2) = .5: symmetric condition holds only for M1; one-sided for M1, M2, M3
    assert jack(sim, roles) == pytest.approx(1 / 4)
    assert jack(sim, roles, condition="one_sided") == pytest.approx(3 / 4)
    assert jack(sim, roles, peers=["P1"]) == 0.0
    sys_q = queen_system_scores(sim, roles)
    assert sys_q.set_index("summarizer").queen.to_dict() == pytest.approx(q.to_dict())
    assert sys_q.queen.is_monotonic_decreasing and (sys_q.instances == 1).all()


def test_repeated_peer_leaves_king_but_not_k_pairwise():
    base, roles = _hand_frames()
    dup, roles_dup = _hand_frames(extra_peer=True)
    assert king(dup, roles_dup) == king(base, roles)
    assert k_pairwise(dup, roles_dup) == pytest.approx(7 / 12) != k_pairwise(base, roles)


def _random_corpus(seed, n_inst=3, n_models=4, n_peers=7, n_metrics=3, kind="random"):
    rng = np.random.default_rng(seed)
    rows, roles = [], []
    for inst in range(n_inst):
        names = [f"m{i}" for i in range(n_models)] + [f"p{i}" for i in range(n_peers)]
        roles += [(inst, n, "model" if n[0] == "m" else "peer") for n in names]
        for k in range(n_metrics):
            for i, j in itertools.permutations(range(len(names)), 2):
                if kind == "random":
                    v = rng.random()
                elif kind == "constant":
                    v = 0.5
                else:  # groups the models together (equidistant) and keeps the peers away
                    v = 1.0 if max(i, j) < n_models else 0.5 * rng.random()
                rows.append((inst, names[i], names[j], f"x{k}", v))
    return (
        pd.DataFrame(rows, columns=["instance", "a", "b", "metric", "value"]),
        pd.DataFrame(roles, columns=["instance", "summarizer", "role"]),
    )


def test_ideal_constant_and_random_metrics():
    sim, roles = _random_corpus(0, kind="ideal")
    assert king(sim, roles) == 1.0
    q = queen(sim, roles)
    assert (q[q.role == "peer"].queen == 0).all()
    sim, roles = _random_corpus(1, kind="constant")
    assert king(sim, roles) == 0.0
    assert (queen(sim, roles).queen == 1).all()
    # random metrics with 7 peers: KING close to zero (~.5**7 for independent QUEENs)
    sim, roles = _random_corpus(2, n_inst=8, kind="random", n_metrics=1)
    assert king(sim, roles) <= 0.25


def test_monotone_invariance_and_redundant_metrics():
    sim, roles = _random_corpus(3, n_metrics=2)
    data = QarlaData(sim, roles)
    for f in (lambda v: 3 * v + 1, lambda v: np.exp(4 * v)):
        other = QarlaData(sim.assign(value=f(sim.value)), roles)
        pd.testing.assert_frame_equal(queen(other), queen(data))
        assert king(other) == king(data)
        assert jack(other) == jack(data)
    twice = pd.concat([sim, sim[sim.metric == "x0"].assign(metric="x0_copy")])
    assert king(twice, roles, metrics=["x0", "x0_copy", "x1"]) == king(
        sim, roles, metrics=["x0", "x1"]
    )
    pd.testing.assert_frame_equal(
        queen(twice, roles, metrics=["x0", "x0_copy"]), queen(sim, roles, metrics=["x0"])
    )


def test_jack_never_decreases_when_peers_are_added():
    sim, roles = _random_corpus(4, n_peers=6, n_metrics=2)
    data = QarlaData(sim, roles)
    peers = [f"p{i}" for i in range(6)]
    for cond in ("symmetric", "one_sided"):
        values = [jack(data, peers=peers[:k], condition=cond) for k in range(1, 7)]
        assert all(b >= a for a, b in zip(values, values[1:]))


def test_best_sets_and_bad_input():
    sim, roles = _random_corpus(5, n_metrics=3)
    best = best_metric_sets(sim, roles, max_size=2)
    assert len(best) == 3 + 3 and best.king.is_monotonic_decreasing
    data = QarlaData(sim, roles)
    assert best.king.iloc[0] == king(data, metrics=list(best.metrics.iloc[0]))
    with pytest.raises(ParameterError):
        queen(sim, roles.assign(role="judge"))
    with pytest.raises(ParameterError):
        king(sim[~((sim.a == "m0") & (sim.b == "m1"))], roles)
    with pytest.raises(ParameterError):
        king(sim, roles, metrics=["nope"])
    with pytest.raises(ParameterError):
        queen(sim, roles, triples="some")


def test_metric_set_similarity_and_clustering():
    sim, roles = _random_corpus(6, n_metrics=2)
    # x0_copy and a monotone transform of x0 accept exactly the same events as x0
    extra = [
        sim[sim.metric == "x0"].assign(metric="x0_copy"),
        sim[sim.metric == "x0"].assign(metric="x0_exp", value=lambda d: np.exp(d.value)),
    ]
    sim = pd.concat([sim, *extra])
    ev = acceptance_events(sim, roles)
    # 3 instances x 7 peers x 24 distinct triples of 4 models
    assert ev.shape == (3 * 7 * 24, 4)
    assert metric_set_similarity(ev, ["x0"], ["x0_copy"]) == 1.0
    assert metric_set_similarity(ev, ["x0"], ["x0", "x1"]) == pytest.approx(
        np.mean(ev.x0 == (ev.x0 & ev.x1))
    )
    # the QUEEN of a peer is the share of its events accepted by all metrics
    q = queen(sim, roles, metrics=["x0", "x1"]).query("role == 'peer'")
    assert q.queen.mean() == pytest.approx((ev.x0 & ev.x1).mean())
    cl = cluster_metrics(sim, roles, n_clusters=2)
    groups = cl.groupby("cluster").metric.apply(frozenset).tolist()
    assert frozenset({"x0", "x0_copy", "x0_exp"}) in groups and frozenset({"x1"}) in groups
    assert cl.groupby("cluster").representative.sum().eq(1).all()


def test_constraint_1_closer_to_every_model_never_lowers_queen():
    # QARLA constraint 1: if x(a, m) < x(a', m) for every model m, QUEEN(a) <= QUEEN(a').
    sim, roles = _random_corpus(7, n_inst=4, n_metrics=1)
    closer = sim[sim.a == "p0"].assign(a="p_closer", value=lambda d: d.value + 0.05)
    back = sim[sim.b == "p0"].assign(b="p_closer")
    self_pair = pd.DataFrame(
        {"instance": range(4), "a": "p_closer", "b": "p0", "metric": "x0", "value": 0.0}
    )
    self_pair2 = self_pair.assign(a="p0", b="p_closer")
    sim2 = pd.concat([sim, closer, back, self_pair, self_pair2], ignore_index=True)
    roles2 = pd.concat(
        [roles, pd.DataFrame({"instance": range(4), "summarizer": "p_closer", "role": "peer"})]
    )
    q = queen(sim2, roles2).set_index(["instance", "summarizer"])["queen"]
    for inst in range(4):
        assert q[(inst, "p0")] <= q[(inst, "p_closer")]
    assert (q.xs("p_closer", level=1) > q.xs("p0", level=1)).any()


def test_shared_options_come_from_one_table_and_are_checked():
    """The QARLA functions take their options (triples, protocol, average, condition) as
    ``**options`` against one table: defaults from it, a bad value a ParameterError, an option
    the function does not take a TypeError."""
    from evalkit.stats.qarla import OPTIONS, jack, king
    from evalkit.stats.qarla_synthetic import point_clouds

    _, sims, roles = point_clouds(2, 4, 3, 2, peer_offset=1.0, seed=4)
    spelled = {k: OPTIONS[k][0] for k in ("triples", "protocol", "average")}
    assert king(sims, roles) == king(sims, roles, **spelled)
    with pytest.raises(ParameterError):
        king(sims, roles, protocol="leave-one-out")
    with pytest.raises(TypeError, match="'condition'"):
        king(sims, roles, condition="symmetric")
    with pytest.raises(TypeError, match="'protocol'"):
        jack(sims, roles, protocol="leave_one_out")


def _noise_data(n_instances=20, n_models=4, n_peers=3, n_metrics=8, seed=0):
    """QARLA data whose metrics are all uniform noise: no metric set is better than another."""
    rng = np.random.default_rng(seed)
    names = [f"M{i}" for i in range(n_models)] + [f"P{i}" for i in range(n_peers)]
    sims, roles = [], []
    for t in range(n_instances):
        roles += [(f"t{t:02d}", s, "model" if s[0] == "M" else "peer") for s in names]
        sims += [
            (f"t{t:02d}", a, b, f"r{m}", rng.random())
            for m in range(n_metrics)
            for a in names
            for b in names
            if a != b
        ]
    return qarla.QarlaData(
        pd.DataFrame(sims, columns=["instance", "a", "b", "metric", "value"]),
        pd.DataFrame(roles, columns=["instance", "summarizer", "role"]),
    )


def test_held_out_king_test_removes_the_selection_bias_of_the_best_set():
    """Pure-noise metrics: the best of 255 sets against the worst single metric, both chosen
    on the same 20 topics they are tested on, is 'significant' (winner's curse); chosen on
    the other half of the topics, the difference is not."""
    data = _noise_data()
    singles = qarla.best_metric_sets(data, max_size=1)
    best = list(qarla.best_metric_sets(data).iloc[0]["metrics"])
    in_sample = qarla.king_difference_test(
        data, a=best, b=list(singles.iloc[-1]["metrics"]), selected=True
    )
    assert in_sample["difference"] > 0 and in_sample["p_value"] < 0.05

    def best_against_worst(d):
        return (
            qarla.best_metric_sets(d).iloc[0]["metrics"],
            qarla.best_metric_sets(d, max_size=1).iloc[-1]["metrics"],
        )

    held = qarla.held_out_king_test(data, select=best_against_worst, seed=0)
    assert held["p_value"] > 0.05 and held["n"] == 20 and len(held["selected"]) == 2
    assert "each set chosen on the other folds (2 folds of the topics, seed 0)" in held["test"]
    assert held == qarla.held_out_king_test(data, select=best_against_worst, seed=0)


def test_held_out_king_test_finds_a_real_difference():
    """Informative metrics against a random one: chosen on other topics, still better."""
    _, sims, roles = point_clouds(12, 6, 4, 3, peer_offset=2.0, special=["random"], seed=4)
    select = qarla.best_set_selector(["x0", "x1", "x2"], fixed=["random"])
    r = qarla.held_out_king_test(sims, roles, select=select, folds=3, seed=1)
    assert r["difference"] > 0 and r["p_value"] < 0.05 and r["n"] == 12
    assert all(b == ("random",) for _, b in r["selected"])


def test_held_out_king_test_checks_its_arguments():
    data = _noise_data(n_instances=3, n_metrics=2)
    with pytest.raises(ParameterError, match="select"):
        qarla.held_out_king_test(data, select=None)
    with pytest.raises(ParameterError, match="folds"):
        qarla.held_out_king_test(data, select=lambda d: (["r0"], ["r1"]), folds=4)
    with pytest.raises(ParameterError, match="fixed"):
        qarla.best_set_selector(["r0"])
    with pytest.raises(ParameterError, match="instances"):
        data.subset(["nope"])
    same = qarla.held_out_king_test(data, select=lambda d: (["r0"], ["r0"]))
    assert same["p_value"] == 1.0 and same["test"] == "no test: the two sets are the same"


def test_queen_means_refuses_a_table_without_peers():
    with pytest.raises(ParameterError, match="per_instance"):
        qarla.queen_means(pd.DataFrame({"x": [1.0]}))
