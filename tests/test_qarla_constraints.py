"""The seven formal constraints of QARLA (Amigó, Gonzalo, Peñas & Verdejo 2005a, §2) and
JACK's three criteria (§3.4) as hypothesis properties on random point clouds.

Every property is a function of the implementation it checks (a QUEEN, a K or a JACK), so
the same property runs twice: on evalkit's QUEEN/KING/JACK, where hypothesis must find no
counterexample, and on a deliberately broken variant -- mostly the candidates the paper
itself rejects (1 - mean peer QUEEN, P(QUEEN(m) > QUEEN(a)), the average similarity to the
models as quality, the QARLA paper's prose reading of JACK) or KING with one symbol changed
(∃ for ∀, >= for >, < for >) -- where ``hypothesis.find`` must find one. A property that
cannot fail would show up as a broken variant that passes.

Constraints (notes P5.2; Q = QUEEN, K = KING):

1. x(a, m) < x(a', m) for every model m  ->  Q(a) <= Q(a').
2. x groups the models more tightly and keeps the peers further away than x'  ->  K(x) > K(x').
   Tested with a uniform shift s > 0 (models-models + s, models-peers - s): K never falls,
   and once s exceeds the spread of x every peer has Q = 0, so K(x) = P(Q(m) > 0) (the most
   the models' own agreement allows) and the increase is strict whenever K(x') was below it.
3. K = 1  ->  Q(m) > 0 for every model; tested in the stronger form K <= P(Q(m) > 0).
4. K and Q are invariant under any strictly increasing f applied to a metric.
5. K(A ∪ {a}) = K(A ∪ {a, a}): a repeated peer changes nothing.
6. A random metric has K = 0: with i.i.d. similarities the model and the |A| peers of an
   event are exchangeable, so E[K] <= 1 / (|A| + 1); tested over 80 test cases (Hoeffding:
   an excess of 0.25 has probability < 5e-5).
7. A constant metric has K = 0.

JACK (§3.4): more heterogeneous peers (smaller x(a, a')) never lower it, peers closer to the
models (larger x(a, m)) never lower it, adding peers never lowers it.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, Phase, find, given, settings, strategies as st

from evalkit.papers.amigo2005qarla import duplicate_peer, farther_copy, models_with_queen, separated
from evalkit.stats import qarla
from evalkit.stats.qarla_synthetic import point_clouds

PROPERTY = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# the first counterexample is enough: no shrinking
SEARCH = settings(
    max_examples=200,
    deadline=None,
    database=None,
    phases=[Phase.generate],
    suppress_health_check=list(HealthCheck),
)


def _clouds(min_models):
    return st.builds(
        lambda seed, models, peers, metrics, offset, noise: point_clouds(
            2, models, peers, metrics, peer_offset=offset, noise=noise, seed=seed
        )[1:],
        st.integers(0, 10_000),
        st.integers(min_models, 6),
        st.integers(2, 5),
        st.integers(1, 3),
        st.floats(0.0, 4.0),
        st.sampled_from([0.0, 0.3, 1.0]),
    )


clouds = _clouds(4)
#: the K built from per-event QUEENs needs the models' own QUEEN against M minus two models
clouds5 = _clouds(5)


# --------------------------------------------------------------------------- helpers
def _role_sets(roles):
    return set(roles.loc[roles.role == "model", "summarizer"]), set(
        roles.loc[roles.role == "peer", "summarizer"]
    )


def _first_peer(roles):
    return sorted(roles.loc[roles.role == "peer", "summarizer"].unique())[0]


def _event_queens(sims, roles, queen=qarla.queen):
    """Per KING event (instance, left-out model m): Q(m) against M \\ {m} and the peers' Q
    against the same M \\ {m}, all from the public ``queen``."""
    q = queen(sims, roles).set_index(["instance", "summarizer"])["queen"]
    for inst, part in roles.groupby("instance"):
        models = list(part.loc[part.role == "model", "summarizer"])
        for m in models:
            keep_roles = roles[(roles.instance == inst) & (roles.summarizer != m)]
            keep = sims[(sims.instance == inst) & (sims.a != m) & (sims.b != m)]
            qa = queen(keep, keep_roles).query("role == 'peer'")["queen"].to_numpy()
            yield inst, q[(inst, m)], qa


def _k_from_queens(compare):
    """A K built from per-event QUEENs (macro average over instances): ``compare(qm, qa)``
    says whether the event counts."""

    def k(sims, roles, metrics=None):
        if metrics is not None:
            sims = sims[sims.metric.isin(metrics)]
        per = {}
        for inst, qm, qa in _event_queens(sims, roles):
            per.setdefault(inst, []).append(bool(compare(qm, qa)))
        return float(np.mean([np.mean(v) for v in per.values()]))

    return k


king_from_queens = _k_from_queens(lambda qm, qa: np.all(qm > qa))
king_exists = _k_from_queens(lambda qm, qa: np.any(qm > qa))  # ∃a instead of ∀a
king_ties_pass = _k_from_queens(lambda qm, qa: np.all(qm >= qa))  # >= instead of >
king_reversed = _k_from_queens(lambda qm, qa: np.all(qm < qa))  # < instead of >


def queen_reversed(sims, roles):
    """QUEEN with the acceptance turned round: P(x(a, m) <= x(m', m''))."""
    return qarla.queen(sims.assign(value=-sims["value"]), roles)


def queen_mean_similarity(sims, roles):
    """The quality QARLA rejects in §3.1: the average similarity to the models (scale-bound)."""
    models, _ = _role_sets(roles)
    rows = sims[sims.b.isin(models) & (sims.a != sims.b)]
    q = rows.groupby(["instance", "a"], as_index=False)["value"].mean()
    q = q.rename(columns={"a": "summarizer", "value": "queen"}).merge(
        roles, on=["instance", "summarizer"]
    )
    return (
        q[["instance", "summarizer", "role", "queen"]]
        .sort_values(["instance", "summarizer"])
        .reset_index(drop=True)
    )


def _queen_sorted(queen, sims, roles):
    return queen(sims, roles).sort_values(["instance", "summarizer"]).reset_index(drop=True)


def jack_by_definition(sims, roles, peers=None, condition="symmetric"):
    """JACK straight from its formula (macro over instances): ``"symmetric"`` is the DUC 2004
    paper's x(a, a') <= x(a, m) ∧ x(a', a) <= x(a', m); ``"share"`` counts the share of
    qualifying peer pairs instead of ∃ (broken); ``"prose"`` is the QARLA paper's prose,
    "closer to each other than to m" (>=, broken)."""
    x = sims.set_index(["instance", "a", "b", "metric"])["value"]
    live = qarla.queen(sims, roles).query("role == 'peer' and queen > 0")
    live = set(zip(live.instance, live.summarizer))
    metrics = sorted(sims.metric.unique())
    per = []
    for inst, part in roles.groupby("instance"):
        models = list(part.loc[part.role == "model", "summarizer"])
        pp = [p for p in part.loc[part.role == "peer", "summarizer"] if peers is None or p in peers]
        pairs = [(a, b) for i, a in enumerate(pp) for b in pp[i + 1 :]]
        hits = []
        for m in models:
            ok = []
            for a, b in pairs:
                if condition == "prose":
                    holds = all(
                        x[(inst, a, b, k)] >= x[(inst, a, m, k)]
                        and x[(inst, b, a, k)] >= x[(inst, b, m, k)]
                        for k in metrics
                    )
                else:
                    holds = all(
                        x[(inst, a, b, k)] <= x[(inst, a, m, k)]
                        and x[(inst, b, a, k)] <= x[(inst, b, m, k)]
                        for k in metrics
                    )
                ok.append(holds and (inst, a) in live and (inst, b) in live)
            hits.append(np.mean(ok) if condition == "share" and ok else any(ok))
        per.append(np.mean(hits))
    return float(np.mean(per))


# --------------------------------------------------------------------------- the properties
def c1_holds(queen, cloud, shift) -> bool:
    sims, roles = cloud
    peer = _first_peer(roles)
    q = queen(*farther_copy(sims, roles, peer, shift)).set_index(["instance", "summarizer"])[
        "queen"
    ]
    return all(q[(i, "FAR")] <= q[(i, peer)] for i in roles.instance.unique())


def c2_holds(king, cloud, shift) -> bool:
    sims, roles = cloud
    base = king(sims, roles)
    if king(separated(sims, roles, shift), roles) < base:
        return False
    spread = float(sims.value.max() - sims.value.min())
    top = models_with_queen(sims, roles)
    far = king(separated(sims, roles, spread + 1.0), roles)
    return far == pytest.approx(top) and (far > base or base == pytest.approx(top))


def c3_holds(king, cloud) -> bool:
    sims, roles = cloud
    return king(sims, roles) <= models_with_queen(sims, roles) + 1e-12


def c4_holds(queen, king, cloud) -> bool:
    sims, roles = cloud
    moved = sims.assign(value=np.exp(sims["value"]) * 3 + 1)
    return _queen_sorted(queen, sims, roles).equals(_queen_sorted(queen, moved, roles)) and king(
        sims, roles
    ) == king(moved, roles)


def c5_holds(king, cloud) -> bool:
    sims, roles = cloud
    dup_sims, dup_roles = duplicate_peer(sims, roles, _first_peer(roles), copies=2)
    return king(dup_sims, dup_roles) == pytest.approx(king(sims, roles))


def c6_holds(king, seed, models, peers) -> bool:
    _, sims, roles = point_clouds(80, models, peers, 0, special=("random",), seed=seed)
    return king(sims, roles) <= 1 / (peers + 1) + 0.25


def c7_holds(king, seed, models, peers) -> bool:
    _, sims, roles = point_clouds(2, models, peers, 1, special=("constant",), seed=seed)
    return king(sims, roles, metrics=["constant"]) == 0.0


def jack_diversity_holds(jack, cloud, shift) -> bool:
    sims, roles = cloud
    _, peers = _role_sets(roles)
    apart = sims.copy()
    apart.loc[apart.a.isin(peers) & apart.b.isin(peers), "value"] -= shift
    return jack(apart, roles) >= jack(sims, roles)


def jack_quality_holds(jack, cloud, shift) -> bool:
    sims, roles = cloud
    models, peers = _role_sets(roles)
    closer = sims.copy()
    closer.loc[closer.a.isin(peers) & closer.b.isin(models), "value"] += shift
    return jack(closer, roles) >= jack(sims, roles)


def jack_monotone_holds(jack, cloud) -> bool:
    sims, roles = cloud
    peers = sorted(roles.loc[roles.role == "peer", "summarizer"].unique())
    values = [jack(sims, roles, peers=peers[:k]) for k in range(1, len(peers) + 1)]
    return all(b >= a - 1e-12 for a, b in zip(values, values[1:]))


shifts = st.floats(0.01, 5.0)
small = st.tuples(st.integers(0, 10_000), st.integers(4, 6), st.integers(1, 5))


# --------------------------------------------------------------------------- evalkit holds them
@PROPERTY
@given(clouds, shifts)
def test_constraint_1(cloud, shift):
    assert c1_holds(qarla.queen, cloud, shift)


@PROPERTY
@given(clouds, shifts)
def test_constraint_2(cloud, shift):
    assert c2_holds(qarla.king, cloud, shift)


@PROPERTY
@given(
    st.builds(
        lambda seed, metrics, noise: point_clouds(2, 4, 4, metrics, noise=noise, seed=seed)[1:],
        st.integers(0, 10_000),
        st.integers(1, 12),
        st.sampled_from([0.3, 1.0]),
    )
)
def test_constraint_3(cloud):
    assert c3_holds(qarla.king, cloud)


@PROPERTY
@given(clouds)
def test_constraint_4(cloud):
    assert c4_holds(qarla.queen, qarla.king, cloud)
    sims, roles = cloud
    assert qarla.jack(sims, roles) == qarla.jack(
        sims.assign(value=np.exp(sims["value"]) * 3 + 1), roles
    )


@PROPERTY
@given(clouds)
def test_constraint_5(cloud):
    assert c5_holds(qarla.king, cloud)


@settings(max_examples=8, deadline=None)
@given(st.integers(0, 10_000), st.integers(4, 6), st.integers(3, 8))
def test_constraint_6(seed, models, peers):
    assert c6_holds(qarla.king, seed, models, peers)


@PROPERTY
@given(small)
def test_constraint_7(args):
    assert c7_holds(qarla.king, *args)


@PROPERTY
@given(clouds, shifts)
def test_jack_criteria(cloud, shift):
    assert jack_diversity_holds(qarla.jack, cloud, shift)
    assert jack_quality_holds(qarla.jack, cloud, shift)
    assert jack_monotone_holds(qarla.jack, cloud)


@PROPERTY
@given(clouds5)
def test_reference_implementations_equal_evalkit(cloud):
    """The K and JACK the broken variants are built from are KING and JACK themselves."""
    sims, roles = cloud
    assert king_from_queens(sims, roles) == pytest.approx(qarla.king(sims, roles))
    assert jack_by_definition(sims, roles) == pytest.approx(qarla.jack(sims, roles))


# --------------------------------------------------------------------------- broken variants fail
def _fails(strategy, holds):
    """hypothesis finds an example where ``holds`` is False (else NoSuchExample fails the test)."""
    return find(strategy, lambda example: not holds(example), settings=SEARCH)


def test_constraint_1_rejects_a_reversed_queen():
    _fails(st.tuples(clouds, shifts), lambda e: c1_holds(queen_reversed, *e))


def test_constraint_2_rejects_a_reversed_king():
    _fails(st.tuples(clouds5, shifts), lambda e: c2_holds(king_reversed, *e))


def test_constraint_3_rejects_naive_k():
    many = st.builds(
        lambda seed: point_clouds(2, 4, 4, 12, noise=1.0, seed=seed)[1:], st.integers(0, 10_000)
    )
    _fails(many, lambda e: c3_holds(qarla.k_naive, e))


def test_constraint_4_rejects_mean_similarity_as_quality():
    _fails(clouds, lambda e: c4_holds(queen_mean_similarity, qarla.king, e))


def test_constraint_5_rejects_the_pairwise_k():
    _fails(clouds, lambda e: c5_holds(qarla.k_pairwise, e))


def test_constraint_6_rejects_an_existential_king():
    _fails(
        st.tuples(st.integers(0, 10_000), st.integers(5, 6), st.integers(6, 8)),
        lambda e: c6_holds(king_exists, *e),
    )


def test_constraint_7_rejects_ties_passing():
    _fails(
        st.tuples(st.integers(0, 10_000), st.integers(5, 6), st.integers(1, 5)),
        lambda e: c7_holds(king_ties_pass, *e),
    )


def test_jack_criteria_reject_the_prose_reading_and_a_share():
    prose = lambda s, r, peers=None: jack_by_definition(s, r, peers, condition="prose")  # noqa: E731
    share = lambda s, r, peers=None: jack_by_definition(s, r, peers, condition="share")  # noqa: E731
    _fails(st.tuples(clouds, shifts), lambda e: jack_diversity_holds(prose, *e))
    _fails(st.tuples(clouds, shifts), lambda e: jack_quality_holds(prose, *e))
    _fails(clouds, lambda e: jack_monotone_holds(share, e))
