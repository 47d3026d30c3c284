"""Synthetic point clouds for QARLA (Amigó et al. 2005a, Figures 1-4): summaries as points,
similarity metrics as negative distances in projections of the space.

Per instance, ``n_models`` model points are drawn from N(0, model_spread^2 I) in ``dim``
dimensions and ``n_peers`` peer points from N(peer_offset * e_1, peer_spread^2 I). Metric
``k`` sees the points through its own seeded random projection W_k (dim x dim, entries
N(0, 1)) plus independent noise of scale ``noise`` per pair:
x_k(a, b) = -||W_k (p_a - p_b)|| - noise * |eps|, a similarity in (-inf, 0] (x(a, a) = 0).
Two special metrics illustrate the paper's constraints: ``"random"`` (x uniform in [0, 1]
for every ordered pair, constraint 6) and ``"constant"`` (x = 0, constraint 7).

Layout: ``points`` (instance, summarizer, role, d0..), ``similarities`` (instance, a, b,
metric, value) and ``roles`` (instance, summarizer, role), the inputs of
:mod:`evalkit.stats.qarla`. Models are named ``M0..``, peers ``P0..``. Same arguments and
seed, same clouds.
"""

from __future__ import annotations

from typing import Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import SeedLike, check_int, rng_from_seed

__all__ = ["point_clouds"]


def point_clouds(
    n_instances: int = 8,
    n_models: int = 9,
    n_peers: int = 7,
    n_metrics: int = 3,
    *,
    dim: int = 2,
    model_spread: float = 1.0,
    peer_offset: float = 3.0,
    peer_spread: float = 1.0,
    noise: float = 0.0,
    special: Sequence[str] = (),
    seed: SeedLike = 0,
) -> Tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """Seeded synthetic QARLA test cases: summaries as points, metrics as negative distances.

    Parameters
    ----------
    n_instances : int, default 8
        >= 1.
    n_models : int, default 9
        Model points per instance, >= 1, drawn from N(0, model_spread² I).
    n_peers : int, default 7
        Peer points per instance, >= 0, drawn from N(peer_offset e_1, peer_spread² I).
    n_metrics : int, default 3
        Projected-distance metrics ``x0..``, >= 0 (at least one metric in all).
    dim : int, default 2
    model_spread, peer_offset, peer_spread : float, default 1.0, 3.0, 1.0
        Spreads finite and >= 0.
    noise : float, default 0.0
        Scale of the per-pair noise, finite and >= 0.
    special : sequence of str, default ()
        Add ``"random"`` (uniform similarities) and/or ``"constant"`` (x = 0) metrics.
    seed : int or numpy.random.Generator, default 0

    Returns
    -------
    points : pandas.DataFrame
        ``instance, summarizer, role, d0..``.
    similarities : pandas.DataFrame
        ``instance, a, b, metric, value`` for every ordered pair a != b.
    roles : pandas.DataFrame
        ``instance, summarizer, role``; models ``M0..``, peers ``P0..``.

    Examples
    --------
    >>> from evalkit.stats.qarla_synthetic import point_clouds
    >>> points, sims, roles = point_clouds(n_instances=2, n_models=3, n_peers=2, n_metrics=1,
    ...                                    special=["constant"], seed=0)
    >>> len(points), len(sims), sorted(sims.metric.unique())   # 2 instances x 5 · 4 pairs x 2 metrics
    (10, 80, ['constant', 'x0'])
    >>> sims.equals(point_clouds(n_instances=2, n_models=3, n_peers=2, n_metrics=1,
    ...                          special=["constant"], seed=0)[1])
    True
    """
    n_instances, n_models, n_peers = (
        check_int("n_instances", n_instances),
        check_int("n_models", n_models),
        check_int("n_peers", n_peers, 0),
    )
    n_metrics, dim = check_int("n_metrics", n_metrics, 0), check_int("dim", dim)
    for name, v in (("model_spread", model_spread), ("peer_spread", peer_spread), ("noise", noise)):
        if not (np.isfinite(v) and v >= 0):
            raise ParameterError(name, v, "a finite number >= 0")
    bad = set(special) - {"random", "constant"}
    if bad:
        raise ParameterError("special", sorted(bad), "'random' and/or 'constant'")
    if n_metrics == 0 and not special:
        raise ParameterError("n_metrics", 0, "at least one metric (or a special one)")
    rng = rng_from_seed(seed)
    projections = rng.normal(size=(n_metrics, dim, dim))
    names = [f"M{i}" for i in range(n_models)] + [f"P{i}" for i in range(n_peers)]
    roles_of = ["model"] * n_models + ["peer"] * n_peers
    a, b = np.meshgrid(np.arange(len(names)), np.arange(len(names)), indexing="ij")
    off = a != b
    pts, sims = [], []
    for inst in range(n_instances):
        centre = np.zeros(dim)
        centre[0] = peer_offset
        p = np.vstack(
            [
                rng.normal(0.0, model_spread, size=(n_models, dim)),
                centre + rng.normal(0.0, peer_spread, size=(n_peers, dim)),
            ]
        )
        pts.append(
            pd.DataFrame(p, columns=[f"d{j}" for j in range(dim)]).assign(
                instance=inst, summarizer=names, role=roles_of
            )
        )
        diff = p[:, None, :] - p[None, :, :]
        for k in range(n_metrics):
            x = -np.linalg.norm(diff @ projections[k].T, axis=2)
            if noise:
                x = x - noise * np.abs(rng.normal(size=x.shape))
            sims.append(_frame(inst, names, a[off], b[off], f"x{k}", x[off]))
        if "random" in special:
            sims.append(
                _frame(inst, names, a[off], b[off], "random", rng.uniform(size=int(off.sum())))
            )
        if "constant" in special:
            sims.append(_frame(inst, names, a[off], b[off], "constant", np.zeros(int(off.sum()))))
    points = pd.concat(pts, ignore_index=True)[
        ["instance", "summarizer", "role"] + [f"d{j}" for j in range(dim)]
    ]
    return (
        points,
        pd.concat(sims, ignore_index=True),
        points[["instance", "summarizer", "role"]].copy(),
    )


def _frame(inst, names, ia, ib, metric, values) -> pd.DataFrame:
    names = np.asarray(names)
    return pd.DataFrame(
        {"instance": inst, "a": names[ia], "b": names[ib], "metric": metric, "value": values}
    )
