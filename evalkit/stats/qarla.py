"""QARLA (Amigó, Gonzalo, Peñas & Verdejo 2005): QUEEN, KING and JACK.

Given, per test case (instance), human models M, automatic peers A and a set X of similarity
metrics x(s, s') ("the similarity of s' to s"; may be asymmetric):

* QUEEN_{X,M}(a) = P_{(m, m', m'') in M³}( ∀x ∈ X: x(a, m) >= x(m', m'') ), in [0, 1]:
  for every metric, a is at least as close to a model as two other models are to each other.
* KING_{M,A}(X) = P( ∀a ∈ A: QUEEN_{X,M}(m) > QUEEN_{X,M}(a) ), in [0, 1]: how often a
  model beats every peer. The events are (instance, model m); QUEEN(m) is computed against
  M \\ {m}, and so are the peers' QUEEN in the same event (``protocol="leave_one_out"``, as
  in the paper's leave-one-out test), or the peers use all of M (``"full_M_for_peers"``).
* JACK(X, M, A) = P_m( ∃a ≠ a' ∈ A: QUEEN(a) > 0 ∧ QUEEN(a') > 0 ∧ ∀x: x(a, a') <= x(a, m)
  ∧ x(a', a) <= x(a', m) ), in [0, 1]: how often two peers each lie at least as close to a
  model as to each other (``condition="symmetric"``, the DUC 2004 paper's formula; the QARLA
  paper's one-sided condition drops the second clause).

Estimation choices the papers leave open: triples of pairwise distinct models by
default (``triples="distinct"``; ``"pair_distinct"`` only needs m' != m''; ``"all"`` is M³);
ties: QUEEN uses >=, KING >, JACK <=, with values rounded to 12 decimals so that equal
similarities compare equal; per-instance values are averaged over instances
(``average="macro"``) or pooled over events (``"micro"``).

Properties the papers prove and the tests check: QUEEN, KING and JACK are invariant under
any strictly increasing transformation of a metric; repeating a peer never changes KING (but
changes the rejected K = P(QUEEN(m) > QUEEN(a)), :func:`k_pairwise`); a constant metric has
KING 0; a metric that puts models together and peers far away has KING 1; adding peers never
lowers JACK; repeating a metric in X changes nothing.

Beyond the three measures: the naive K = 1 - mean QUEEN(a) the QARLA paper rejects
(:func:`k_naive`) and P(QUEEN(m) > QUEEN(a)) (:func:`k_pairwise`); the leave-one-model-out
test (:func:`leave_one_model_out`); JACK as peer systems are added in random orders
(:func:`jack_curve`); the metric clustering of the DUC 2004 paper (:func:`cluster_metrics`);
and KING / system QUEEN of many metric sets at once (:func:`king_of_subsets`,
:func:`queen_of_subsets`, :func:`best_metric_sets`). The search packs each triple's
acceptances by all candidate metrics into one integer, counts the 2^n patterns per event and
sums them over supersets (a subset-sum transform), so all 1,023 sets of 10 metrics cost about
as much as a few single sets (``benchmarks/bench_qarla.py``: 45x less CPU than the per-set loop at DUC 2004
scale, identical values).

Input: a long similarity frame ``instance, a, b, metric, value`` (value = x(a, b)) and roles
``instance, summarizer, role`` with role ``model`` or ``peer``.

References:

* Amigó, E., Gonzalo, J., Peñas, A., & Verdejo, F. (2005). QARLA: a framework for the
  evaluation of text summarization systems. ACL 2005.
* Amigó, E., Gonzalo, J., & Verdejo, F. (2005). The heterogeneity principle in evaluation
  measures for automatic summarization. ACL Workshop on Intrinsic and Extrinsic Evaluation
  Measures.
"""

from __future__ import annotations

from itertools import combinations
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats._shared import name_indices, show_options, split_options
from evalkit.stats.validation import check_choice, check_columns, check_int

__all__ = [
    "QarlaData",
    "queen",
    "queen_system_scores",
    "king",
    "king_by_instance",
    "jack_by_instance",
    "paired_king_difference",
    "k_pairwise",
    "k_naive",
    "jack",
    "jack_curve",
    "subset_masks",
    "king_of_subsets",
    "queen_of_subsets",
    "best_metric_sets",
    "leave_one_model_out",
    "leave_one_out_table",
    "acceptance_events",
    "metric_set_similarity",
    "cluster_metrics",
    "queen_means",
    "king_difference_test",
    "held_out_king_test",
    "best_set_selector",
]

TRIPLES = ("distinct", "pair_distinct", "all")


class _Case:
    """One instance: a (metrics, n, n) similarity tensor over its summaries."""

    def __init__(self, names: List[str], roles: Dict[str, str], sim: np.ndarray):
        self.names = names
        self.index = {s: i for i, s in enumerate(names)}
        self.models = [self.index[s] for s in names if roles[s] == "model"]
        self.peers = [self.index[s] for s in names if roles[s] == "peer"]
        self.sim = sim


class QarlaData:
    """Similarities and roles, indexed once for fast QUEEN/KING/JACK over many metric sets.

    Every function of this module accepts it in place of ``(similarities, roles)``; building
    it once saves the indexing when many metric sets are scored.

    Parameters
    ----------
    similarities : pandas.DataFrame
        Long ``instance, a, b, metric, value`` (value = x(a, b), the similarity of b to a), no
        NaN, only summarizers listed in ``roles`` (else :class:`~evalkit.errors.ParameterError`).
    roles : pandas.DataFrame
        ``instance, summarizer, role`` (or ``type``) with role ``"model"`` or ``"peer"``, each
        summarizer once per instance.

    Attributes
    ----------
    metrics : list of str
        The metric names, sorted.
    cases : dict
        Per instance, its summarizers and (metrics, n, n) similarity tensor.

    Examples
    --------
    >>> from evalkit.stats.qarla import QarlaData, king
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 3, 2, seed=0)
    >>> data = QarlaData(sims, roles)
    >>> data.metrics, len(data.cases), king(data) == king(sims, roles)
    (['x0', 'x1'], 2, True)
    """

    def __init__(self, similarities: pd.DataFrame, roles: pd.DataFrame):
        check_columns(similarities, ["instance", "a", "b", "metric", "value"], "similarities")
        role_col = "role" if "role" in roles.columns else "type"
        check_columns(roles, ["instance", "summarizer", role_col], "roles")
        bad = set(roles[role_col]) - {"model", "peer"}
        if bad:
            raise ParameterError("roles", sorted(bad), "roles 'model' or 'peer'")
        if similarities["value"].isna().any():
            raise ParameterError("similarities", "NaN values", "a similarity for every listed pair")
        self.metrics = sorted(similarities["metric"].unique())
        m_index = {m: i for i, m in enumerate(self.metrics)}
        self.cases: Dict[object, _Case] = {}
        self._king_cache: Dict[tuple, Tuple[np.ndarray, np.ndarray]] = {}
        sims = {k: g for k, g in similarities.groupby("instance", sort=True)}
        for inst, part in roles.groupby("instance", sort=True):
            names = [str(s) for s in part["summarizer"]]
            if len(set(names)) != len(names):
                raise ParameterError("roles", inst, "each summarizer once per instance")
            role = dict(zip(names, part[role_col]))
            if inst not in sims:
                raise ParameterError(
                    "similarities", inst, "similarities for every instance in roles"
                )
            s = sims[inst]
            idx = {n: i for i, n in enumerate(names)}
            a = s["a"].astype(str).map(idx)
            b = s["b"].astype(str).map(idx)
            if a.isna().any() or b.isna().any():
                raise ParameterError("similarities", inst, "only summarizers listed in roles")
            tensor = np.full((len(self.metrics), len(names), len(names)), np.nan)
            # Round so that equal similarities compare equal despite floating-point noise.
            tensor[s["metric"].map(m_index).to_numpy(), a.to_numpy(int), b.to_numpy(int)] = (
                np.round(s["value"].to_numpy(float), 12)
            )
            self.cases[inst] = _Case(names, role, tensor)

    def metric_index(self, metrics: Sequence[str]) -> List[int]:
        return name_indices("metrics", metrics, self.metrics)

    def subset(self, instances: Iterable) -> "QarlaData":
        """The same data on ``instances`` only (each one of :attr:`cases`), sharing the
        indexed tensors and what is cached for them."""
        keep = list(instances)
        missing = [i for i in keep if i not in self.cases]
        if missing:
            raise ParameterError("instances", missing[:5], "instances of this data")
        out = object.__new__(QarlaData)
        out.metrics = self.metrics
        out.cases = {i: self.cases[i] for i in keep}
        out._king_cache = {k: v for k, v in self._king_cache.items() if k[0] in out.cases}
        return out

    def tensor(self, case: _Case, metrics: Sequence[str]) -> np.ndarray:
        return case.sim[self.metric_index(metrics)]

    def king_acceptance(self, inst, triples: str, protocol: str):
        """Cached per-metric acceptance of the KING events of one instance:
        models (X, E, T) and peers (X, E, P, T) (leave-one-out) or (X, P, T) (full M)."""
        key = (inst, triples, protocol)
        if key not in self._king_cache:
            case = self.cases[inst]
            if not case.peers or len(case.models) < 2:
                raise ParameterError("roles", inst, "at least one peer and two models per instance")
            per_event = []
            for m in case.models:
                refs = [r for r in case.models if r != m]
                per_event.append(_acceptance(case.sim, [m] + case.peers, refs, triples))
            acc = np.stack(per_event, axis=1)  # (X, E, 1 + P, T)
            if protocol == "full_M_for_peers":
                peers = _acceptance(case.sim, case.peers, case.models, triples)
            else:
                peers = acc[:, :, 1:]
            self._king_cache[key] = (acc[:, :, 0], peers)
        return self._king_cache[key]


Metrics = Optional[Sequence[str]]

#: The keyword options the QARLA functions share, ``{name: (default, choices)}``; each function
#: takes those it uses as ``**options`` (its docstring names them):
#:
#: * ``triples``: which model triples count: pairwise distinct, m' != m'' only, or all of M³;
#: * ``protocol``: the peers' QUEEN in KING's event m is computed against M \ {m} as the
#:   model's (the paper's leave-one-out test), or against all of M;
#: * ``average``: per-instance values averaged over instances, or events pooled;
#: * ``condition``: JACK's two clauses (the DUC 2004 paper's formula) or either (the QARLA
#:   paper's one-sided condition).
OPTIONS = {
    "triples": ("distinct", TRIPLES),
    "protocol": ("leave_one_out", ("leave_one_out", "full_M_for_peers")),
    "average": ("macro", ("macro", "micro")),
    "condition": ("symmetric", ("symmetric", "one_sided")),
}


def _options(where: str, options, names: str) -> tuple:
    """The values of the :data:`OPTIONS` ``names`` (space-separated) in ``options``, checked,
    defaults filled in; another keyword is a ``TypeError`` as in a call of ``where``."""
    table = {name: OPTIONS[name][0] for name in names.split()}
    (values,) = split_options(where, options, table)
    return tuple(check_choice(k, v, OPTIONS[k][1]) for k, v in values.items())


def _setup(where: str, similarities, roles, metrics, options, names: str):
    """The data, the metrics (default: all of the data's) and :func:`_options`."""
    values = _options(where, options, names)
    data = _as_data(similarities, roles)
    return data, list(metrics or data.metrics), values


def _as_data(similarities, roles) -> QarlaData:
    if isinstance(similarities, QarlaData):
        return similarities
    if roles is None:
        raise ParameterError("roles", None, "a roles frame (instance, summarizer, role)")
    return QarlaData(similarities, roles)


def _triple_mask(r: int, triples: str) -> np.ndarray:
    i, j, k = np.meshgrid(np.arange(r), np.arange(r), np.arange(r), indexing="ij")
    if triples == "distinct":
        return (i != j) & (j != k) & (i != k)
    if triples == "pair_distinct":
        return j != k
    return np.ones((r, r, r), dtype=bool)


def _acceptance(
    sim: np.ndarray, cands: Sequence[int], refs: Sequence[int], triples: str
) -> np.ndarray:
    """[x(a, m) >= x(m', m'')] per metric, candidate and triple: bool (X, C, T)."""
    refs = list(refs)
    mask = _triple_mask(len(refs), triples)
    if not mask.any():
        raise ParameterError(
            "triples", triples, f"a mode with at least one triple for {len(refs)} models"
        )
    near = sim[:, cands][:, :, refs]  # x(a, m): (X, C, R)
    between = sim[:, refs][:, :, refs]  # x(m', m''): (X, R, R)
    if np.isnan(near).any() or np.isnan(between[:, mask.any(axis=0)]).any():
        raise ParameterError(
            "similarities", "missing pairs", "x(a, m) and x(m', m'') for every summary and model"
        )
    ok = near[:, :, :, None, None] >= between[:, None, None, :, :]  # (X, C, R, R, R)
    return ok[:, :, mask]


def _queen(sim: np.ndarray, cands: Sequence[int], refs: Sequence[int], triples: str) -> np.ndarray:
    """QUEEN of each candidate against the reference models ``refs`` (all metrics of ``sim``)."""
    return _acceptance(sim, cands, refs, triples).all(axis=0).mean(axis=1)


def queen(similarities, roles=None, metrics: Metrics = None, **options) -> pd.DataFrame:
    """QUEEN of every summarizer in every instance.

    ``QUEEN_{X,M}(a) = P_{(m, m', m'')}(every x in X: x(a, m) >= x(m', m''))``: how often a is
    at least as close to a model as two other models are to each other. Peers are scored
    against all models, a model against the other models.

    Parameters
    ----------
    similarities : pandas.DataFrame or QarlaData
        Long ``instance, a, b, metric, value``, or a :class:`QarlaData` (then ``roles`` is not
        needed).
    roles : pandas.DataFrame, optional
        ``instance, summarizer, role`` (``"model"`` or ``"peer"``).
    metrics : sequence of str, optional
        The metric set X (default: all metrics).
    **options
        ``triples`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, role, queen`` (QUEEN in [0, 1]).

    Examples
    --------
    Peers far from the models are never as close to a model as two models are to each other:

    >>> from evalkit.stats.qarla import queen
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(1, 8, 2, 1, peer_offset=20.0, seed=0)
    >>> q = queen(sims, roles)
    >>> q[q.role == "peer"]["queen"].tolist(), bool((q[q.role == "model"]["queen"] > 0).all())
    ([0.0, 0.0], True)
    """
    data, metrics, (triples,) = _setup("queen", similarities, roles, metrics, options, "triples")
    rows = []
    for inst, case in data.cases.items():
        sim = data.tensor(case, metrics)
        for a, q in zip(
            case.peers, _queen(sim, case.peers, case.models, triples) if case.peers else []
        ):
            rows.append((inst, case.names[a], "peer", float(q)))
        for m in case.models:
            q = _queen(sim, [m], [r for r in case.models if r != m], triples)[0]
            rows.append((inst, case.names[m], "model", float(q)))
    return pd.DataFrame(rows, columns=["instance", "summarizer", "role", "queen"])


def queen_system_scores(
    similarities, roles=None, metrics: Metrics = None, **options
) -> pd.DataFrame:
    """System-level QUEEN: the mean over instances per summarizer.

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen`.

    Returns
    -------
    pandas.DataFrame
        ``summarizer, role, queen, instances``, best first.

    Examples
    --------
    >>> from evalkit.stats.qarla import queen, queen_system_scores
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(3, 4, 2, 2, seed=1)
    >>> s = queen_system_scores(sims, roles)
    >>> q = queen(sims, roles)
    >>> bool(abs(s.set_index("summarizer").loc["P0", "queen"] - q[q.summarizer == "P0"].queen.mean()) < 1e-12)
    True
    """
    (triples,) = _options("queen_system_scores", options, "triples")
    q = queen(similarities, roles, metrics, triples=triples)
    return (
        q.groupby(["summarizer", "role"], as_index=False)
        .agg(queen=("queen", "mean"), instances=("queen", "size"))
        .sort_values("queen", ascending=False, kind="mergesort")
        .reset_index(drop=True)
    )


def _king_events(data: QarlaData, metrics, triples, protocol):
    """Per instance: (QUEEN of each left-out model m (E,), QUEEN of the peers in the same
    events (E, P) or, with ``full_M_for_peers``, (P,))."""
    idx = data.metric_index(metrics)
    for inst, case in data.cases.items():
        acc_m, acc_p = data.king_acceptance(inst, triples, protocol)
        qm = acc_m[idx].all(axis=0).mean(axis=-1)
        qa = acc_p[idx].all(axis=0).mean(axis=-1)
        yield inst, qm, np.broadcast_to(qa, (len(qm), qa.shape[-1]))


def _average(per_instance: List[Tuple[int, int]], average: str) -> float:
    if average == "macro":
        return float(np.mean([k / n for k, n in per_instance]))
    return float(sum(k for k, _ in per_instance) / sum(n for _, n in per_instance))


def king(similarities, roles=None, metrics: Metrics = None, **options) -> float:
    r"""KING of a metric set: how often a model beats every peer, in [0, 1].

    ``KING_{M,A}(X) = P(every a in A: QUEEN_{X,M}(m) > QUEEN_{X,M}(a))`` over events
    (instance, model m); QUEEN(m) is computed against M \ {m}.

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen`; the options ``triples, protocol, average`` (:data:`OPTIONS`).

    Returns
    -------
    float

    Examples
    --------
    A metric that keeps models together and peers far away has KING 1; a constant one 0:

    >>> from evalkit.stats.qarla import king
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 8, 3, 1, peer_offset=20.0, special=["constant"], seed=0)
    >>> king(sims, roles, ["x0"]), king(sims, roles, ["constant"])
    (1.0, 0.0)
    """
    data, metrics, (triples, protocol, average) = _setup(
        "king", similarities, roles, metrics, options, "triples protocol average"
    )
    counts = [
        (int(np.all(qm[:, None] > qa, axis=1).sum()), len(qm))
        for _, qm, qa in _king_events(data, metrics, triples, protocol)
    ]
    return _average(counts, average)


def king_by_instance(similarities, roles=None, metrics: Metrics = None, **options) -> pd.Series:
    """KING of a metric set in each instance (topic) alone.

    Their mean is the macro :func:`king`; paired over instances they compare two metric sets
    (:func:`paired_king_difference`).

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen`; the options ``triples, protocol`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.Series
        Named ``king``, one value per instance.

    Examples
    --------
    >>> from evalkit.stats.qarla import king, king_by_instance
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(3, 4, 3, 2, seed=2)
    >>> per = king_by_instance(sims, roles)
    >>> len(per), bool(abs(per.mean() - king(sims, roles)) < 1e-12)
    (3, True)
    """
    data, metrics, (triples, protocol) = _setup(
        "king_by_instance", similarities, roles, metrics, options, "triples protocol"
    )
    return pd.Series(
        {
            inst: float(np.all(qm[:, None] > qa, axis=1).mean())
            for inst, qm, qa in _king_events(data, metrics, triples, protocol)
        },
        name="king",
        dtype=float,
    ).rename_axis("instance")


def k_pairwise(similarities, roles=None, metrics: Metrics = None, **options) -> float:
    """The K candidate QARLA rejects: P(QUEEN(m) > QUEEN(a)) over (model, peer) pairs.

    It is sensitive to repeated peers (constraint 5), which KING is not.

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`king`.

    Returns
    -------
    float
        In [0, 1]; never below :func:`king`.

    Examples
    --------
    >>> from evalkit.stats.qarla import k_pairwise, king
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 3, 2, peer_offset=1.0, seed=4)
    >>> bool(k_pairwise(sims, roles) >= king(sims, roles))
    True
    """
    data, metrics, (triples, protocol, average) = _setup(
        "k_pairwise", similarities, roles, metrics, options, "triples protocol average"
    )
    counts = [
        (int((qm[:, None] > qa).sum()), qa.size)
        for _, qm, qa in _king_events(data, metrics, triples, protocol)
    ]
    return _average(counts, average)


def _jack_matrices(data: QarlaData, case: _Case, metrics, condition: str, triples: str):
    """Per instance: ``ok`` (M, P, P) = peers a, b (a != b) both with QUEEN > 0 and the JACK
    condition for model m; and the peer indices in case order."""
    sim = data.tensor(case, metrics)
    pp = case.peers
    live = _queen(sim, pp, case.models, triples) > 0 if pp else np.zeros(0, bool)
    between = sim[:, pp][:, :, pp]  # x(a, b): (X, P, P)
    near = sim[:, pp][:, :, case.models]  # x(a, m): (X, P, M)
    one = np.all(
        between[:, None, :, :] <= np.moveaxis(near, 2, 1)[:, :, :, None], axis=0
    )  # (M, P, P)
    two = one.transpose(0, 2, 1)
    ok = (one & two) if condition == "symmetric" else (one | two)
    ok &= live[None, :, None] & live[None, None, :]
    ok &= ~np.eye(len(pp), dtype=bool)[None]
    return ok, pp


def jack(
    similarities,
    roles=None,
    metrics: Metrics = None,
    *,
    peers: Optional[Iterable[str]] = None,
    **options,
) -> float:
    """JACK of a peer set, in [0, 1].

    ``JACK(X, M, A) = P_m(there are a != a' in A: QUEEN(a) > 0, QUEEN(a') > 0, every x:
    x(a, a') <= x(a, m) and x(a', a) <= x(a', m))``: how often two peers each lie at least as
    close to a model as to each other.

    Parameters
    ----------
    similarities, roles, metrics
        As :func:`queen`.
    peers : iterable of str, optional
        Only these peers (default: all).
    **options
        ``condition, triples, average`` (:data:`OPTIONS`).

    Returns
    -------
    float

    Examples
    --------
    Adding peers never lowers JACK:

    >>> from evalkit.stats.qarla import jack
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 5, 1, peer_offset=1.0, seed=5)
    >>> bool(jack(sims, roles, peers=["P0", "P1"]) <= jack(sims, roles))
    True
    """
    data, metrics, (condition, triples, average) = _setup(
        "jack", similarities, roles, metrics, options, "condition triples average"
    )
    keep = None if peers is None else {str(p) for p in peers}
    counts = []
    for case in data.cases.values():
        ok, pp = _jack_matrices(data, case, metrics, condition, triples)
        sel = np.array([keep is None or case.names[p] in keep for p in pp], bool)
        hits = (
            ok[:, sel][:, :, sel].any(axis=(1, 2))
            if sel.any()
            else np.zeros(len(case.models), bool)
        )
        counts.append((int(hits.sum()), len(case.models)))
    return _average(counts, average)


def jack_by_instance(similarities, roles=None, metrics: Metrics = None, **options) -> pd.Series:
    """JACK of all peers in each instance alone (their mean is the macro :func:`jack`).

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`jack` (its options less ``average``).

    Returns
    -------
    pandas.Series
        Named ``jack``, indexed by ``instance``: JACK of each instance's peers.

    Examples
    --------
    >>> from evalkit.stats.qarla import jack, jack_by_instance
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(3, 4, 4, 1, peer_offset=1.0, seed=3)
    >>> per = jack_by_instance(sims, roles)
    >>> len(per), bool(abs(per.mean() - jack(sims, roles)) < 1e-12)
    (3, True)
    """
    data, metrics, (condition, triples) = _setup(
        "jack_by_instance", similarities, roles, metrics, options, "condition triples"
    )
    out = {}
    for inst, case in data.cases.items():
        ok, _ = _jack_matrices(data, case, metrics, condition, triples)
        out[inst] = float(ok.any(axis=(1, 2)).mean()) if ok.size else 0.0
    return pd.Series(out, name="jack", dtype=float).rename_axis("instance")


def paired_king_difference(
    similarities, roles=None, a: Sequence[str] = (), b: Sequence[str] = ()
) -> Dict[str, float]:
    """KING of metric set ``a`` against set ``b`` over the same instances.

    The per-instance KING of each (:func:`king_by_instance`) compared by a paired t-test over
    instances, or the sign test when the difference is the same on every instance.

    Parameters
    ----------
    similarities, roles
        As :func:`queen`.
    a, b : sequence of str
        The two metric sets.

    Returns
    -------
    dict
        ``king_a, king_b, difference, p_value, n, test``; ``p_value`` is NaN when the two
        sets have the same KING on every instance or there are fewer than two instances.

    Examples
    --------
    >>> from evalkit.stats.qarla import paired_king_difference
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(3, 8, 3, 1, peer_offset=20.0, special=["constant"], seed=0)
    >>> out = paired_king_difference(sims, roles, a=["x0"], b=["constant"])
    >>> out["difference"], out["p_value"], out["n"]
    (1.0, 0.25, 3)
    """
    data = _as_data(similarities, roles)
    ka = king_by_instance(data, metrics=list(a))
    return _paired_kings(ka, king_by_instance(data, metrics=list(b)).reindex(ka.index))


def _paired_kings(ka: pd.Series, kb: pd.Series) -> Dict[str, float]:
    """:func:`paired_king_difference`'s result from the per-instance KING of two sets."""
    from scipy import stats as sps

    d = ka - kb
    p = float("nan")
    if len(d) >= 2 and not np.allclose(d.to_numpy(), d.iloc[0]):
        p = float(sps.ttest_rel(ka.to_numpy(), kb.to_numpy()).pvalue)
    elif len(d) >= 2 and d.iloc[0] != 0:
        p = min(1.0, 2 * 0.5 ** len(d))  # the same sign on every instance: the sign test
    return {
        "king_a": float(ka.mean()),
        "king_b": float(kb.mean()),
        "difference": float(d.mean()),
        "p_value": p,
        "n": int(len(d)),
        "test": f"paired t-test of the per-topic KING over the {len(d)} topics"
        if len(d) >= 2 and not np.allclose(d.to_numpy(), d.iloc[0])
        else f"sign test over the {len(d)} topics (the same difference on each)",
    }


def jack_curve(
    similarities,
    roles=None,
    metrics: Metrics = None,
    *,
    n_orders: int = 100,
    seed=0,
    by_instance: bool = False,
    **options,
) -> pd.DataFrame:
    """JACK as peer systems are added in random orders (Amigó et al. 2005b, Figure 3).

    For each seeded permutation of the peer systems, JACK of the first k systems for
    k = 1..P (micro average over (instance, model) events; a system absent from an instance
    adds nothing there). Computed without re-running JACK: for every event, the first k at
    which a qualifying pair is complete is min over qualifying pairs of max(position(a),
    position(b)) + 1. ``by_instance`` gives each instance's own curve (the mean over its
    events) in the same orders: the instances are the independent units a test of the
    curve's shape resamples, not the orders, which are Monte-Carlo draws.

    Parameters
    ----------
    similarities, roles, metrics
        As :func:`queen`.
    n_orders : int, default 100
    seed : int or numpy.random.Generator, default 0
    by_instance : bool, default False
        One curve per instance (the same seed gives the same orders either way).
    **options
        ``condition, triples`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``order, systems, jack``: one row per random order and number of systems added, ``jack``
        the micro JACK of the systems added so far. With ``by_instance``: ``order, systems,
        instance, jack, events``, ``jack`` the instance's JACK (its ``events`` are its
        models); the events-weighted mean over instances is the micro curve.

    Examples
    --------
    With all systems added, every order reaches the micro JACK of all peers:

    >>> from evalkit.stats.qarla import jack, jack_curve
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 4, 1, peer_offset=1.0, seed=6)
    >>> c = jack_curve(sims, roles, n_orders=3, seed=0)
    >>> full = c[c.systems == 4]["jack"]
    >>> bool((abs(full - jack(sims, roles, average="micro")) < 1e-12).all()), len(c)
    (True, 12)
    >>> per = jack_curve(sims, roles, n_orders=3, seed=0, by_instance=True)
    >>> pooled = per.assign(w=per.jack * per.events).groupby(["order", "systems"])
    >>> micro = (pooled.w.sum() / pooled.events.sum()).to_numpy()
    >>> bool(abs(micro - c.jack.to_numpy()).max() < 1e-12)
    True
    """
    from evalkit.stats.validation import rng_from_seed

    n_orders = check_int("n_orders", n_orders)
    data, metrics, (condition, triples) = _setup(
        "jack_curve", similarities, roles, metrics, options, "condition triples"
    )
    systems = sorted({case.names[p] for case in data.cases.values() for p in case.peers})
    if len(systems) < 2:
        raise ParameterError("roles", systems, "at least two peer systems")
    events = [
        (_jack_matrices(data, case, metrics, condition, triples), case)
        for case in data.cases.values()
    ]
    rng = rng_from_seed(seed)
    rows = []
    for order in range(n_orders):
        position = {s: i for i, s in enumerate(rng.permutation(systems))}
        first = []
        for (ok, pp), case in events:
            pos = np.array([position[case.names[p]] for p in pp], float)
            need = np.maximum(pos[:, None], pos[None, :])[None].repeat(len(ok), axis=0)
            need[~ok] = np.inf
            first.append(need.reshape(len(ok), -1).min(axis=1) if pp else np.full(len(ok), np.inf))
        if by_instance:
            for inst, f in zip(data.cases, first):
                for k in range(1, len(systems) + 1):
                    rows.append((order, k, inst, float(np.mean(f <= k - 1)), len(f)))
            continue
        first = np.concatenate(first)
        for k in range(1, len(systems) + 1):
            rows.append((order, k, float(np.mean(first <= k - 1))))
    columns = ["order", "systems", "instance", "jack", "events"] if by_instance else None
    return pd.DataFrame(rows, columns=columns or ["order", "systems", "jack"])


def subset_masks(n: int, max_size: Optional[int] = None) -> np.ndarray:
    """Every non-empty subset of n items as an int64 bit mask.

    Ordered by size and then as :func:`itertools.combinations` lists them.

    Parameters
    ----------
    n : int
        At most 62 (else :class:`~evalkit.errors.ParameterError`).
    max_size : int, optional
        Largest subset (default n).

    Returns
    -------
    numpy.ndarray of int64

    Examples
    --------
    >>> from evalkit.stats.qarla import subset_masks
    >>> subset_masks(3).tolist(), subset_masks(3, max_size=1).tolist()
    ([1, 2, 4, 3, 5, 6, 7], [1, 2, 4])
    """
    if n > 62:
        raise ParameterError("candidates", n, "at most 62 metrics (subsets are 64-bit masks)")
    max_size = n if max_size is None else min(check_int("max_size", max_size), n)
    return np.array(
        [sum(1 << i for i in c) for k in range(1, max_size + 1) for c in combinations(range(n), k)],
        dtype=np.int64,
    )


def _bits(acc: np.ndarray) -> np.ndarray:
    """Metric axis 0 of a boolean array packed into int64 bits."""
    weights = (np.int64(1) << np.arange(acc.shape[0], dtype=np.int64)).reshape(
        (-1,) + (1,) * (acc.ndim - 1)
    )
    return (acc.astype(np.int64) * weights).sum(axis=0)


_PATTERN_MAX = 16  # up to 2^16 acceptance patterns: count patterns, then sum over supersets


def _accepted_counts(bits: np.ndarray, masks: np.ndarray, n: int) -> np.ndarray:
    """How many triples of each row accept each metric set: ``bits`` (rows, T) packed
    acceptances -> (rows, S) counts. With few candidates the T patterns of a row are counted
    into 2^n bins and summed over supersets (the subset-sum transform: for each bit b,
    f[s] += f[s | b] where s lacks b; n 2^(n-1) additions per row), so every set's count is
    read off at once; otherwise sets are compared one chunk at a time."""
    rows, t = bits.shape
    if n <= _PATTERN_MAX:
        f = np.bincount(
            (np.arange(rows)[:, None] * (1 << n) + bits).ravel(), minlength=rows << n
        ).reshape(rows, 1 << n)
        for b in range(n):
            view = f.reshape(rows, -1, 2, 1 << b)
            view[:, :, 0, :] += view[:, :, 1, :]
        return f[:, masks]
    out = np.empty((rows, len(masks)), np.int64)
    for start in range(0, len(masks), 64):
        mk = masks[start : start + 64]
        out[:, start : start + 64] = (
            (bits[:, None, :] & mk[None, :, None]) == mk[None, :, None]
        ).sum(axis=2)
    return out


def king_of_subsets(
    similarities,
    roles=None,
    candidates: Metrics = None,
    masks=None,
    *,
    by_instance: bool = False,
    **options,
):
    """KING of many metric sets at once, equal to :func:`king` of each set.

    Per instance the acceptances [x(a, m) >= x(m', m'')] of all candidates are packed into
    one integer per (event, candidate, triple); a set X accepts where ``bits & X == X``, so the
    QUEEN counts of every set come from one subset-sum transform of the pattern counts instead
    of one pass per set.

    Parameters
    ----------
    similarities, roles
        As :func:`queen`.
    candidates : sequence of str, optional
        Default: all metrics.
    masks : array_like of int64, optional
        Bit masks over ``candidates`` (default: every non-empty subset, :func:`subset_masks`).
    by_instance : bool, default False
        Each instance's KING (its share of events) instead of the average: what a resampling
        of the instances needs.
    **options
        ``triples, protocol, average`` (:data:`OPTIONS`).

    Returns
    -------
    numpy.ndarray
        KING per mask; with ``by_instance`` a DataFrame, one row per instance, one column per
        mask (``average`` does not apply).

    Examples
    --------
    >>> from evalkit.stats.qarla import king, king_of_subsets
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 3, 2, peer_offset=1.0, seed=7)
    >>> fast = king_of_subsets(sims, roles)   # masks 1, 2, 3: {x0}, {x1}, {x0, x1}
    >>> slow = [king(sims, roles, m) for m in (["x0"], ["x1"], ["x0", "x1"])]
    >>> bool((abs(fast - slow) < 1e-12).all())
    True
    >>> per = king_of_subsets(sims, roles, by_instance=True)
    >>> per.shape, bool((abs(per.mean().to_numpy() - fast) < 1e-12).all())
    ((2, 3), True)
    """
    data, candidates, (triples, protocol, average) = _setup(
        "king_of_subsets", similarities, roles, candidates, options, "triples protocol average"
    )
    idx = data.metric_index(candidates)
    n = len(candidates)
    masks = subset_masks(n) if masks is None else np.asarray(masks, dtype=np.int64)
    if (masks <= 0).any() or (masks >> n).any():
        raise ParameterError("masks", "out of range", f"non-empty subsets of {n} candidates")
    hits = np.zeros(len(masks))
    events = 0
    ratios = []
    for inst in data.cases:
        acc_m, acc_p = data.king_acceptance(inst, triples, protocol)
        bm, bp = _bits(acc_m[idx]), _bits(acc_p[idx])  # (E, T) and (E, P, T) or (P, T)
        e, tm, tp = bm.shape[0], bm.shape[-1], bp.shape[-1]
        qm = _accepted_counts(bm, masks, n) / tm  # (E, S)
        qa = _accepted_counts(bp.reshape(-1, tp), masks, n) / tp
        qa = qa.reshape(bp.shape[:-1] + (len(masks),))
        if qa.ndim == 2:  # (P, S): full M
            qa = np.broadcast_to(qa[None], (e,) + qa.shape)
        inst_hits = np.all(qm[:, None, :] > qa, axis=1).sum(axis=0)  # (S,)
        hits += inst_hits
        events += e
        ratios.append(inst_hits / e)
    if by_instance:
        return pd.DataFrame(np.asarray(ratios), index=list(data.cases), columns=masks)
    return np.mean(ratios, axis=0) if average == "macro" else hits / events


def queen_of_subsets(
    similarities,
    roles=None,
    candidates: Metrics = None,
    masks=None,
    *,
    by_instance: bool = False,
    **options,
) -> pd.DataFrame:
    """System-level QUEEN of every peer for many metric sets at once.

    Peers against all models, mean over the instances a peer took part in, as
    :func:`queen_system_scores`.

    Parameters
    ----------
    similarities, roles
        As :func:`queen`.
    candidates : sequence of str, optional
    masks : array_like of int64, optional
        As :func:`king_of_subsets`.
    by_instance : bool, default False
        Each peer's QUEEN on each instance instead of its mean.
    **options
        ``triples`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        One row per mask (the index) and one column per peer; with ``by_instance`` one row
        per (instance, peer) (a MultiIndex ``instance, summarizer``) and one column per mask.

    Examples
    --------
    >>> from evalkit.stats.qarla import queen_of_subsets, queen_system_scores
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 4, 2, 2, peer_offset=1.0, seed=8)
    >>> table = queen_of_subsets(sims, roles)
    >>> one = queen_system_scores(sims, roles, ["x0", "x1"]).set_index("summarizer")
    >>> bool(abs(table.loc[3, "P1"] - one.loc["P1", "queen"]) < 1e-12)
    True
    >>> per = queen_of_subsets(sims, roles, by_instance=True)
    >>> mean = per.groupby(level="summarizer").mean()
    >>> bool(abs(mean.loc["P1", 3] - table.loc[3, "P1"]) < 1e-12)
    True
    """
    data, candidates, (triples,) = _setup(
        "queen_of_subsets", similarities, roles, candidates, options, "triples"
    )
    idx = data.metric_index(candidates)
    masks = subset_masks(len(candidates)) if masks is None else np.asarray(masks, dtype=np.int64)
    per_instance, keys = [], []
    for inst, case in data.cases.items():
        if not case.peers:
            continue
        bits = _bits(_acceptance(case.sim[idx], case.peers, case.models, triples))  # (P, T)
        q = (_accepted_counts(bits, masks, len(candidates)) / bits.shape[-1]).T  # (S, P)
        for j, p in enumerate(case.peers):
            per_instance.append(q[:, j])
            keys.append((inst, case.names[p]))
    if by_instance:
        index = pd.MultiIndex.from_tuples(keys, names=["instance", "summarizer"])
        return pd.DataFrame(
            np.asarray(per_instance).reshape(len(keys), -1), index=index, columns=masks
        )
    return _peer_means([name for _, name in keys], per_instance, masks)


def queen_means(per_instance: pd.DataFrame) -> pd.DataFrame:
    """System-level QUEEN from :func:`queen_of_subsets` with ``by_instance``: each peer's mean
    over the instances it is on, summed in the rows' (instance) order, so the table is bit
    for bit :func:`queen_of_subsets` without ``by_instance`` (a groupby mean sums in another
    order and can change the last bit).

    Parameters
    ----------
    per_instance : pandas.DataFrame
        One row per (instance, peer) (index level ``summarizer``), one column per mask.

    Returns
    -------
    pandas.DataFrame
        One row per mask (the index) and one column per peer, as :func:`queen_of_subsets`.

    Examples
    --------
    >>> from evalkit.stats.qarla import queen_means, queen_of_subsets
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(3, 4, 3, 2, seed=0)
    >>> per = queen_of_subsets(sims, roles, by_instance=True)
    >>> queen_means(per).equals(queen_of_subsets(sims, roles))
    True
    """
    if not isinstance(per_instance, pd.DataFrame) or "summarizer" not in per_instance.index.names:
        raise ParameterError(
            "per_instance", type(per_instance).__name__, "queen_of_subsets(..., by_instance=True)"
        )
    names = per_instance.index.get_level_values("summarizer")
    return _peer_means(list(names), list(per_instance.to_numpy()), per_instance.columns)


def _peer_means(names: Sequence[str], rows: Sequence[np.ndarray], masks) -> pd.DataFrame:
    """Each peer's mean of its ``rows`` (one per instance it is on), summed in their order:
    masks x peers (peers sorted)."""
    sums: Dict[str, np.ndarray] = {}
    counts: Dict[str, int] = {}
    for name, row in zip(names, rows):
        sums[name] = sums.get(name, 0.0) + row
        counts[name] = counts.get(name, 0) + 1
    return pd.DataFrame({n: sums[n] / counts[n] for n in sorted(sums)}, index=masks)


def best_metric_sets(
    similarities,
    roles=None,
    candidates: Metrics = None,
    *,
    max_size: Optional[int] = None,
    method: str = "vectorized",
    **options,
) -> pd.DataFrame:
    """KING of every non-empty subset of the candidates, best first (Amigó et al. 2005b).

    Parameters
    ----------
    similarities, roles
        As :func:`queen`.
    candidates : sequence of str, optional
    max_size : int, optional
        Largest set.
    method : {"vectorized", "loop"}, default "vectorized"
        :func:`king_of_subsets`, or :func:`king` once per set (the reference).
    **options
        ``triples, protocol, average`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``metrics`` (a tuple), ``size, king``; sorted by KING, then size.

    Examples
    --------
    >>> from evalkit.stats.qarla import best_metric_sets
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 8, 3, 1, peer_offset=20.0, special=["constant"], seed=0)
    >>> best_metric_sets(sims, roles).values.tolist()
    [[('x0',), 1, 1.0], [('constant', 'x0'), 2, 1.0], [('constant',), 1, 0.0]]

    A constant metric accepts every triple: alone it separates nothing (KING 0), added to
    ``x0`` it changes nothing.
    """
    check_choice("method", method, ("vectorized", "loop"))
    data, candidates, (triples, protocol, average) = _setup(
        "best_metric_sets", similarities, roles, candidates, options, "triples protocol average"
    )
    masks = subset_masks(len(candidates), max_size)
    sets = [tuple(c for i, c in enumerate(candidates) if (int(m) >> i) & 1) for m in masks]
    if method == "vectorized":
        kings = king_of_subsets(
            data,
            candidates=candidates,
            masks=masks,
            triples=triples,
            protocol=protocol,
            average=average,
        )
    else:
        kings = [
            king(data, metrics=x, triples=triples, protocol=protocol, average=average) for x in sets
        ]
    out = pd.DataFrame(
        {"metrics": sets, "size": [len(x) for x in sets], "king": np.asarray(kings, float)}
    )
    return out.sort_values(["king", "size"], ascending=[False, True], kind="mergesort").reset_index(
        drop=True
    )


def k_naive(similarities, roles=None, metrics: Metrics = None, **options) -> float:
    """The first K candidate QARLA rejects: 1 - mean QUEEN of the peers.

    Peers against all models, per instance then averaged. It grows towards 1 as metrics are
    added while the models' own QUEEN falls to 0 (violating constraint 3).

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen`; the options ``triples, average`` (:data:`OPTIONS`).

    Returns
    -------
    float
        1 - the mean QUEEN of the peers, in [0, 1].

    Examples
    --------
    >>> from evalkit.stats.qarla import k_naive, queen
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(1, 4, 3, 1, peer_offset=1.0, seed=9)
    >>> q = queen(sims, roles)
    >>> bool(abs(k_naive(sims, roles) - (1 - q[q.role == "peer"].queen.mean())) < 1e-12)
    True
    """
    triples, average = _options("k_naive", options, "triples average")
    q = queen(similarities, roles, metrics, triples=triples)
    q = q[q["role"] == "peer"]
    if average == "micro":
        return float(1 - q["queen"].mean())
    return float(1 - q.groupby("instance")["queen"].mean().mean())


def leave_one_model_out(
    similarities, roles=None, metrics: Metrics = None, **options
) -> pd.DataFrame:
    r"""The predictive-power test of Amigó et al. (2005a, Sec. 5).

    Each model h in turn joins the peers and M' = M \ {h} are the models; QUEEN of h and of
    every peer against M', averaged over the instances h took part in. ``success`` when h's
    mean beats every peer's mean (strictly).

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen` (``triples``: :data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``held_out, queen_held_out, best_peer, queen_best_peer, success`` (one row per model).

    Examples
    --------
    >>> from evalkit.stats.qarla import leave_one_model_out
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(2, 8, 2, 1, peer_offset=20.0, seed=0)
    >>> out = leave_one_model_out(sims, roles)
    >>> len(out), bool(out["success"].all())
    (8, True)
    """
    data, metrics, (triples,) = _setup(
        "leave_one_model_out", similarities, roles, metrics, options, "triples"
    )
    scores: Dict[str, Dict[str, List[float]]] = {}
    for case in data.cases.values():
        sim = data.tensor(case, metrics)
        for h in case.models:
            refs = [m for m in case.models if m != h]
            q = _queen(sim, [h] + case.peers, refs, triples)
            bucket = scores.setdefault(case.names[h], {})
            for cand, value in zip([h] + case.peers, q):
                bucket.setdefault(case.names[cand], []).append(float(value))
    return leave_one_out_table(
        {h: {s: float(np.mean(v)) for s, v in b.items()} for h, b in scores.items()}
    )


def leave_one_out_table(means: Dict[str, Dict[str, float]]) -> pd.DataFrame:
    """The success table of :func:`leave_one_model_out` from any mean scores.

    Parameters
    ----------
    means : dict of str to dict of str to float
        ``{held_out: {summarizer: mean score}}``, the held-out model among the summarizers
        (else :class:`~evalkit.errors.ParameterError`); any score (e.g. ROUGE against M')
        fits.

    Returns
    -------
    pandas.DataFrame
        ``held_out, queen_held_out, best_peer, queen_best_peer, success``.

    Examples
    --------
    >>> from evalkit.stats.qarla import leave_one_out_table
    >>> t = leave_one_out_table({"M1": {"M1": 0.6, "P1": 0.4, "P2": 0.5},
    ...                          "M2": {"M2": 0.3, "P1": 0.4, "P2": 0.2}})
    >>> t[["held_out", "best_peer", "success"]].values.tolist()
    [['M1', 'P2', True], ['M2', 'P1', False]]
    """
    rows = []
    for h, by in sorted(means.items()):
        if h not in by:
            raise ParameterError("means", h, "the held-out model's own score")
        peers = {s: v for s, v in by.items() if s != h}
        best = max(peers, key=lambda s: (peers[s], s)) if peers else None
        rows.append(
            {
                "held_out": h,
                "queen_held_out": by[h],
                "best_peer": best,
                "queen_best_peer": peers.get(best, float("nan")),
                "success": bool(peers) and all(by[h] > v for v in peers.values()),
            }
        )
    return pd.DataFrame(rows)


# --------------------------------------------------------------------------- metric clustering
def acceptance_events(similarities, roles=None, metrics: Metrics = None, **options) -> pd.DataFrame:
    """The acceptance events ``H_x = [x(a, m) >= x(m', m'')]`` of every metric, pooled.

    Over all (instance, peer a, triple) events (Amigó et al. 2005b).

    Parameters
    ----------
    similarities, roles, metrics, **options
        As :func:`queen`; the options ``triples`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame of bool
        One row per event, one column per metric.

    Examples
    --------
    Events are (peer, triple): 2 peers times the 3 · 2 · 1 ordered triples of 3 distinct
    models:

    >>> from evalkit.stats.qarla import acceptance_events
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(1, 3, 2, 2, seed=0)
    >>> acceptance_events(sims, roles).shape
    (12, 2)
    """
    data, metrics, (triples,) = _setup(
        "acceptance_events", similarities, roles, metrics, options, "triples"
    )
    blocks = []
    for case in data.cases.values():
        if not case.peers:
            continue
        sim = data.tensor(case, metrics)
        r = len(case.models)
        mask = _triple_mask(r, triples)
        near = sim[:, case.peers][:, :, case.models]
        between = sim[:, case.models][:, :, case.models]
        ok = near[:, :, :, None, None] >= between[:, None, None, :, :]  # (X, P, R, R, R)
        blocks.append(ok[:, :, mask].reshape(len(metrics), -1))
    if not blocks:
        raise ParameterError("roles", "no peers", "at least one peer")
    return pd.DataFrame(np.concatenate(blocks, axis=1).T, columns=metrics)


def metric_set_similarity(
    events: pd.DataFrame, first: Sequence[str], second: Sequence[str]
) -> float:
    """``sim(X, X') = P[H(X) <-> H(X')]`` over acceptance events, in [0, 1].

    H(X) holds when every x in X accepts the event.

    Parameters
    ----------
    events : pandas.DataFrame of bool
        :func:`acceptance_events` output.
    first, second : sequence of str
        The metric sets X and X'.

    Returns
    -------
    float
        The share of events on which H(X) and H(X') agree (both hold or both fail).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.qarla import metric_set_similarity
    >>> ev = pd.DataFrame({"x": [True, True, False, False], "y": [True, False, False, True]})
    >>> metric_set_similarity(ev, ["x"], ["y"]), metric_set_similarity(ev, ["x"], ["x", "y"])
    (0.5, 0.75)
    """
    hx = events[list(first)].all(axis=1).to_numpy()
    hy = events[list(second)].all(axis=1).to_numpy()
    return float(np.mean(hx == hy))


def cluster_metrics(
    similarities, roles=None, metrics: Metrics = None, *, n_clusters: int = 10, **options
) -> pd.DataFrame:
    """Agglomerative clustering of metrics whose clusters are metric sets (Amigó et al. 2005b).

    Start from singletons and repeatedly merge the two clusters X, X' with the largest
    sim(X, X') (H of a cluster is the conjunction over its members; ties: first pair in metric
    order) until ``n_clusters`` remain. Each cluster's representative is its highest-KING
    metric.

    Parameters
    ----------
    similarities, roles, metrics
        As :func:`queen`.
    n_clusters : int, default 10
    **options
        ``triples, protocol`` (:data:`OPTIONS`).

    Returns
    -------
    pandas.DataFrame
        ``metric, cluster, king, representative``.

    Examples
    --------
    A metric and its copy merge first:

    >>> import pandas as pd
    >>> from evalkit.stats.qarla import cluster_metrics
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(1, 4, 3, 2, seed=0)
    >>> sims = pd.concat([sims, sims[sims.metric == "x0"].assign(metric="x0copy")])
    >>> out = cluster_metrics(sims, roles, n_clusters=2)
    >>> out.groupby("cluster")["metric"].apply(list).tolist()
    [['x0', 'x0copy'], ['x1']]
    """
    data, metrics, (triples, protocol) = _setup(
        "cluster_metrics", similarities, roles, metrics, options, "triples protocol"
    )
    n_clusters = check_int("n_clusters", n_clusters)
    ev = acceptance_events(data, metrics=metrics, triples=triples).to_numpy()
    clusters = [[i] for i in range(len(metrics))]
    accept = [ev[:, i] for i in range(len(metrics))]
    while len(clusters) > n_clusters:
        best, pair = -1.0, None
        for i, j in combinations(range(len(clusters)), 2):
            v = float(np.mean(accept[i] == accept[j]))
            if v > best:
                best, pair = v, (i, j)
        i, j = pair
        clusters[i] = clusters[i] + clusters[j]
        accept[i] = accept[i] & accept[j]
        del clusters[j], accept[j]
    rows = []
    for c, members in enumerate(clusters):
        kings = [
            king(data, metrics=[metrics[m]], triples=triples, protocol=protocol) for m in members
        ]
        top = int(np.argmax(kings))
        rows += [
            {"metric": metrics[m], "cluster": c, "king": k, "representative": n == top}
            for n, (m, k) in enumerate(zip(members, kings))
        ]
    return pd.DataFrame(rows)


def king_difference_test(
    similarities,
    roles=None,
    a: Sequence[str] = (),
    b: Sequence[str] = (),
    selected: bool = False,
) -> Dict[str, float]:
    """The finding "metric set ``a`` has a higher KING than set ``b``" as a test over
    instances: :func:`paired_king_difference` with a p-value that is always defined.

    Where that test has nothing to test (the same KING on every instance, e.g. ``a`` is
    ``b``, or fewer than two instances) the p-value is 1 and ``test`` says why: a zero
    difference is no evidence either way.

    Parameters
    ----------
    similarities, roles
        A :class:`QarlaData`, or the similarity and role frames.
    a, b : sequence of str
        The two metric sets.
    selected : bool
        ``a`` was chosen as the best set on the same instances, so the test is optimistic
        (said in ``test``).

    Returns
    -------
    dict
        The keys of :func:`paired_king_difference`: ``king_a, king_b, difference, p_value,
        n, test``.

    Examples
    --------
    >>> from evalkit.stats.qarla import king_difference_test
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(seed=1)
    >>> r = king_difference_test(sims, roles, a=["x0"], b=["x0"])
    >>> r["difference"], r["p_value"], r["test"]
    (0.0, 1.0, 'no test: the two sets are the same')
    """
    r = _defined(paired_king_difference(similarities, roles, a=a, b=b), list(a) == list(b))
    if selected and not r["test"].startswith("no test"):
        r = {**r, "test": r["test"] + " (the set was selected on these topics: optimistic)"}
    return r


def _defined(r: Dict[str, float], same_sets: bool) -> Dict[str, float]:
    """``r`` of :func:`paired_king_difference` with p = 1 where it has nothing to test, and
    ``test`` saying why: a zero difference is no evidence either way."""
    if r["p_value"] == r["p_value"]:
        return r
    why = (
        "the two sets are the same"
        if same_sets
        else f"the same KING on each of the {r['n']} instances"
        if r["n"] >= 2
        else "fewer than two instances"
    )
    return {**r, "p_value": 1.0, "test": f"no test: {why}"}


def held_out_king_test(
    similarities,
    roles=None,
    select: Optional[Callable[["QarlaData"], Tuple[Sequence[str], Sequence[str]]]] = None,
    *,
    folds: int = 2,
    seed=0,
) -> Dict[str, object]:
    """The finding "the best metric set has a higher KING than set ``b``" where the sets are
    chosen by searching the data: chosen on some instances, compared on the others.

    A set chosen as the best of many on the instances it is then tested on has its luck on
    those instances counted as quality (selection bias: :func:`king_difference_test` with
    ``selected=True`` says its test is optimistic). Here the instances are split into
    ``folds`` seeded folds; ``select`` chooses the two sets on the other folds (a
    :class:`QarlaData` of those instances) and the fold's instances compare them
    (:func:`king_by_instance`); the per-instance differences of all folds are tested as
    :func:`king_difference_test` tests them (paired t-test over instances, the sign test
    when the difference is the same everywhere, p = 1 when there is none). This is
    cross-fitting (e.g. Chernozhukov et al. 2018); each instance's difference is out of
    sample, so the test is fair to the search.

    Parameters
    ----------
    similarities, roles
        A :class:`QarlaData`, or the similarity and role frames.
    select : callable
        ``select(data) -> (a, b)``: the two metric sets, chosen on ``data``.
    folds : int, default 2
        At least 2 and at most the number of instances.
    seed : int or numpy.random.Generator, default 0
        The split of the instances (sorted first, then permuted).

    Returns
    -------
    dict
        ``king_a, king_b, difference, p_value, n, test`` as :func:`king_difference_test`,
        and ``selected``: the ``(a, b)`` chosen for each fold.

    Examples
    --------
    A set chosen on half the topics, tested on the other half:

    >>> from evalkit.stats.qarla import QarlaData, best_metric_sets, held_out_king_test
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(8, 6, 4, 3, peer_offset=1.0, seed=2)
    >>> data = QarlaData(sims, roles)
    >>> pick = lambda d: (best_metric_sets(d).iloc[0]["metrics"], ["x0"])
    >>> r = held_out_king_test(data, select=pick, seed=0)
    >>> r["n"], len(r["selected"]), r["test"].startswith("paired t-test")
    (8, 2, True)
    """
    from evalkit.stats.validation import rng_from_seed

    if not callable(select):
        raise ParameterError("select", select, "a function data -> (set a, set b)")
    data = _as_data(similarities, roles)
    instances = sorted(data.cases)
    folds = check_int("folds", folds, minimum=2)
    if folds > len(instances):
        raise ParameterError("folds", folds, f"at most the {len(instances)} instances")
    order = rng_from_seed(seed).permutation(len(instances))
    parts = [[instances[i] for i in sorted(part)] for part in np.array_split(order, folds)]
    ka, kb, chosen = [], [], []
    for k, held in enumerate(parts):
        rest = [i for j, part in enumerate(parts) if j != k for i in part]
        a, b = (list(x) for x in select(data.subset(rest)))
        chosen.append((tuple(a), tuple(b)))
        test_data = data.subset(held)
        ka.append(king_by_instance(test_data, metrics=a))
        kb.append(king_by_instance(test_data, metrics=b))
    r = _paired_kings(pd.concat(ka), pd.concat(kb))
    r = _defined(r, all(a == b for a, b in chosen))
    if not r["test"].startswith("no test"):
        r["test"] += (
            f", each set chosen on the other folds ({folds} folds of the topics, seed {seed})"
        )
    return {**r, "selected": chosen}


def best_set_selector(
    candidates: Metrics = None,
    *,
    fixed: Optional[Sequence[str]] = None,
    singles: Optional[Sequence[str]] = None,
) -> Callable[["QarlaData"], Tuple[Tuple[str, ...], Tuple[str, ...]]]:
    """A ``select`` for :func:`held_out_king_test`: the best set of ``candidates`` by KING
    (:func:`best_metric_sets`, every subset) against a ``fixed`` set, or against the best
    single metric of ``singles`` chosen on the same data.

    Parameters
    ----------
    candidates : sequence of str, optional
        The metrics whose subsets are searched (default: all of the data's).
    fixed : sequence of str, optional
        The set to compare with.
    singles : sequence of str, optional
        Or: compare with the best of these single metrics (one of ``fixed`` and
        ``singles``).

    Returns
    -------
    callable
        ``select(data) -> (best set, other set)``, each a tuple of metric names.

    Examples
    --------
    >>> from evalkit.stats.qarla import QarlaData, best_set_selector
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> _, sims, roles = point_clouds(4, 6, 4, 2, peer_offset=1.0, special=["random"], seed=2)
    >>> best_set_selector(["x0", "x1"], fixed=["random"])(QarlaData(sims, roles))[1]
    ('random',)
    """
    if (fixed is None) == (singles is None):
        raise ParameterError("fixed", fixed, "either fixed or singles (one of them)")

    def select(data: "QarlaData"):
        best = best_metric_sets(data, candidates=candidates).iloc[0]["metrics"]
        if fixed is not None:
            return tuple(best), tuple(fixed)
        single = best_metric_sets(data, candidates=list(singles), max_size=1).iloc[0]["metrics"]
        return tuple(best), tuple(single)

    return select


#: the :data:`OPTIONS` each function takes (as its docstring says), shown in its signature
SHOWN_OPTIONS = {
    queen: "triples",
    queen_system_scores: "triples",
    king: "triples protocol average",
    king_by_instance: "triples protocol",
    k_pairwise: "triples protocol average",
    jack: "condition triples average",
    jack_by_instance: "condition triples",
    jack_curve: "condition triples",
    king_of_subsets: "triples protocol average",
    queen_of_subsets: "triples",
    best_metric_sets: "triples protocol average",
    k_naive: "triples average",
    leave_one_model_out: "triples",
    acceptance_events: "triples",
    cluster_metrics: "triples protocol",
}
for _function, _names in SHOWN_OPTIONS.items():
    show_options(_function, {name: OPTIONS[name][0] for name in _names.split()})
del _function, _names
