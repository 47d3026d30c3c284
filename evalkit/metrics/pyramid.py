"""Pyramid scores (Nenkova & Passonneau 2004; Passonneau et al. 2005) and what TAC built on them.

A topic's *pyramid* has SCUs (summary content units) extracted from its n model summaries;
``weight(SCU)`` = number of models contributing to it (1..n). A peer summary is annotated with
the SCUs it expresses (each counted once). With ``D`` = total weight of the peer's SCUs and
``Max(X)`` = the largest total weight ``X`` SCUs of the pyramid can reach (greedily from the
top tier down; for a fractional X the last tier counts with the fraction)::

    Max(X) = sum_{i=j+1..n} i |T_i| + j (X - sum_{i=j+1..n} |T_i|),  j = max{i : sum_{t>=i} |T_t| >= X}
    original score (Nenkova & Passonneau 2004)  = D / Max(X),  X = the peer's own SCU count
    modified score (Passonneau et al. 2005; TAC) = D / Max(X),  X = mean SCU count of the models

Range: [0, 1] for the original score; the modified score is usually in [0, 1] and can exceed 1
(a peer with more SCUs than the average model). ``Max = 0`` (an empty pyramid) gives 0.

Rounding options (the papers do not say whether X is rounded; Owczarzak notes C3):
``rounding`` applies to X: ``"none"`` (fractional X, the formula above), ``"half_even"``
(Python's ``round``, as evalkit's simulator and many scripts do), ``"half_up"``, ``"floor"``,
``"ceil"``; ``decimals`` rounds the final score (TAC's files print 4 decimals).

What TAC and Owczarzak et al. build on it, all here:

* pyramids rebuilt from any subset M' of the models (OD09): ``weight'(SCU)`` = contributors in
  M', SCUs of weight 0 dropped, X' = mean SCU count over M', ``D'`` = sum of ``weight'`` over
  the peer's SCUs (:func:`score_pyramid` with ``models=``,
  :func:`evalkit.metrics.model_subsets.subset_score_table` for all k-subsets at once, the basis of the 1,000-draw sweeps);
* jackknifed scores: a peer's mean over the n leave-one-out pyramids, a model's score against
  the pyramid of the other models, its SCUs being those it contributes to
  (:func:`jackknife_scores`);
* SCU weight statistics (:func:`weight_distribution`), per-aspect partial pyramids (OD11 Table
  8: the modified score restricted to the SCUs tagged with an aspect, X_a = mean number of such
  SCUs per model; :func:`aspect_scores`);
* automatic SCU annotation (ORDC12's autoPyramid, after DUCView's *autoannotate*): an SCU is
  found in a summary when one of its contributor strings from the chosen source summaries
  occurs in the summary's text, both case- and whitespace-normalized
  (:func:`autoannotate`).

Layout: tidy frames as in the evalkit data model -- ``scus`` (instance, scu, label, weight[,
aspects]), ``scu_contributors`` (instance, scu, summarizer, contributor, start, end) and
``peer_scus`` (instance, summarizer, scu); :func:`build_pyramids` turns them into one
:class:`TopicPyramid` (boolean model x SCU and summarizer x SCU matrices) per instance.

Why our own: no maintained Python package scores DUCView pyramids (the DUCView tool is Java
and interactive; SacreROUGE's pyramid code is tied to its own data model and has no subset
pyramids, jackknife or rounding options). The arithmetic is a few numpy lines.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Dict, Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError

__all__ = [
    "ROUNDING",
    "METHODS",
    "round_scu_count",
    "max_weight",
    "pyramid_score",
    "TopicPyramid",
    "build_pyramids",
    "example_pyramids",
    "score_pyramid",
    "score_pyramids",
    "jackknife_scores",
    "weight_distribution",
    "aspect_scores",
    "normalize_text",
    "autoannotate",
]

ROUNDING = ("none", "half_even", "half_up", "floor", "ceil")
METHODS = ("modified", "original")


def _check(name: str, value, choices: Sequence[str]) -> str:
    if value not in choices:
        raise ParameterError(name, value, "one of " + ", ".join(repr(c) for c in choices))
    return value


def round_scu_count(x: float, rounding: str = "none") -> float:
    """X after the rounding option (see the module docstring).

    Parameters
    ----------
    x : float
        An SCU count, finite and >= 0 (else :class:`~evalkit.errors.ParameterError`).
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    float
        X rounded: ``"none"`` keeps it, ``"half_even"`` is Python's ``round``,
        ``"half_up"``, ``"floor"``, ``"ceil"``.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import round_scu_count
    >>> [round_scu_count(2.5, r) for r in ("none", "half_even", "half_up", "floor", "ceil")]
    [2.5, 2.0, 3.0, 2.0, 3.0]
    """
    _check("rounding", rounding, ROUNDING)
    if not (isinstance(x, (int, float, np.integer, np.floating)) and math.isfinite(x) and x >= 0):
        raise ParameterError("x", x, "a finite SCU count >= 0")
    if rounding == "none":
        return float(x)
    if rounding == "half_even":
        return float(round(x))
    if rounding == "half_up":
        return float(math.floor(x + 0.5))
    return float(math.floor(x) if rounding == "floor" else math.ceil(x))


def max_weight(weights: Iterable[float], x: float, rounding: str = "none") -> float:
    """Max(X): the largest total weight of X SCUs with these weights (X capped at their number).

    Parameters
    ----------
    weights : iterable of float
        The pyramid's SCU weights.
    x : float
        The number of SCUs X (fractional: the next tier counts with the fraction).
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    float
        The sum of the ``floor(X)`` largest weights plus the fraction of the next one.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import max_weight
    >>> max_weight([3, 2, 1, 1], 2), max_weight([3, 2, 1, 1], 2.5), max_weight([3, 2], 5)
    (5.0, 5.5, 5.0)
    """
    w = np.sort(np.asarray(list(weights), dtype=float))[::-1]
    x = round_scu_count(x, rounding)
    k = int(math.floor(x))
    if k >= len(w):
        return float(w.sum())
    return float(w[:k].sum() + (x - k) * w[k])


def pyramid_score(
    found_weight: float,
    weights: Iterable[float],
    x: float,
    rounding: str = "none",
    decimals: Optional[int] = None,
) -> float:
    """``D / Max(X)`` (0 when Max is 0), optionally rounded to ``decimals``.

    Parameters
    ----------
    found_weight : float
        D, the total weight of the SCUs the summary expresses.
    weights : iterable of float
        The pyramid's SCU weights.
    x : float
        X: the summary's own SCU count (original score) or the models' mean count
        (modified score).
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).
    decimals : int, optional
        Round the score to this many decimals (TAC prints 4).

    Returns
    -------
    float
        The pyramid score, in [0, 1] for the original score; the modified score can
        exceed 1.

    References
    ----------
    Nenkova & Passonneau (2004), "Evaluating Content Selection in Summarization: The
    Pyramid Method", HLT-NAACL.
    Passonneau, Nenkova, McKeown & Sigelman (2005), "Applying the Pyramid Method in DUC
    2005", DUC Workshop.

    Examples
    --------
    A summary with SCUs of weights 3 and 1 (D = 4) in the pyramid ``[3, 2, 1, 1]``:

    >>> from evalkit.metrics.pyramid import pyramid_score
    >>> pyramid_score(4, [3, 2, 1, 1], x=2)  # original: its own 2 SCUs, Max = 3 + 2
    0.8
    >>> pyramid_score(4, [3, 2, 1, 1], x=7 / 3, decimals=4)  # modified: Max = 3 + 2 + 1/3
    0.75
    """
    best = max_weight(weights, x, rounding)
    score = found_weight / best if best > 0 else 0.0
    return round(score, decimals) if decimals is not None else score


@dataclass
class TopicPyramid:
    """One instance's pyramid as matrices.

    ``membership[m, s]``: model ``models[m]`` contributes to SCU ``scus[s]`` (None when the
    contributors are unknown; then only the published ``weights`` can be used);
    ``found[p, s]``: summarizer ``summarizers[p]`` expresses SCU ``scus[s]`` (peer annotations,
    and for models their own contributions); ``aspects[s]``: the SCU's aspect tags.

    Attributes
    ----------
    instance : str
        The topic.
    scus : tuple of str
        SCU ids (the columns of the matrices).
    weights : numpy.ndarray
        The published SCU weights.
    models : tuple of str
        Model ids (the rows of ``membership``); empty when contributors are unknown.
    membership : numpy.ndarray of bool or None
        ``(n_models, n_scus)``: model m contributes to SCU s.
    summarizers : tuple of str
        Models first, then peers (the rows of ``found``).
    found : numpy.ndarray of bool
        ``(n_summarizers, n_scus)``: the summarizer expresses the SCU.
    aspects : tuple of tuple of str
        Per SCU its aspect tags (empty when not annotated).

    Examples
    --------
    The pyramid of :func:`example_pyramids` (models A, B, C; X = 7/3; the peer P, D = 4):

    >>> from evalkit.metrics.pyramid import example_pyramids
    >>> pyr = example_pyramids()["d1"]
    >>> pyr.summarizers, pyr.weights_from().tolist(), pyr.scu_counts().tolist()
    (('A', 'B', 'C', 'P'), [3.0, 2.0, 1.0, 1.0], [3.0, 2.0, 2.0])
    >>> pyr.weights_from(["A", "B"]).tolist()  # the pyramid of two of the models
    [2.0, 2.0, 0.0, 1.0]
    """

    instance: str
    scus: Tuple[str, ...]
    weights: np.ndarray
    models: Tuple[str, ...]
    membership: Optional[np.ndarray]
    summarizers: Tuple[str, ...]
    found: np.ndarray
    aspects: Tuple[Tuple[str, ...], ...] = ()

    def weights_from(self, models: Optional[Sequence[str]] = None) -> np.ndarray:
        """SCU weights of the pyramid built from ``models`` (default: all of them)."""
        if models is None and self.membership is None:
            return self.weights
        return self.membership[self._model_rows(models)].sum(axis=0).astype(float)

    def scu_counts(self, models: Optional[Sequence[str]] = None) -> np.ndarray:
        """Number of SCUs each of ``models`` contributes to."""
        return self.membership[self._model_rows(models)].sum(axis=1).astype(float)

    def _model_rows(self, models: Optional[Sequence[str]]) -> np.ndarray:
        if self.membership is None:
            raise ParameterError(
                "scu_contributors",
                self.instance,
                "model contributors for every SCU (needed to rebuild a pyramid from models)",
            )
        if models is None:
            return np.arange(len(self.models))
        pos = {m: i for i, m in enumerate(self.models)}
        bad = [m for m in models if m not in pos]
        if bad or not len(models):
            raise ParameterError(
                "models",
                list(models),
                f"a non-empty subset of {list(self.models)} ({self.instance})",
            )
        return np.array([pos[m] for m in models])


def build_pyramids(
    scus: pd.DataFrame,
    contributors: Optional[pd.DataFrame],
    peer_scus: pd.DataFrame,
    models: Iterable[str],
) -> Dict[str, TopicPyramid]:
    """One :class:`TopicPyramid` per instance of ``scus``; ``models`` = the model summarizer ids.

    A model's row of ``found`` is its own contributions; a peer's is its ``peer_scus``. An
    ``aspects`` column of ``scus`` (tuples of str) becomes :attr:`TopicPyramid.aspects`.

    Parameters
    ----------
    scus : pandas.DataFrame
        ``instance, scu, weight`` [``label``, ``aspects``], one row per SCU.
    contributors : pandas.DataFrame or None
        ``instance, scu, summarizer`` [``contributor``, ...]: which summary contributes to
        which SCU; None (or a topic with an SCU no model contributes to) leaves
        ``membership`` None and only the published weights usable.
    peer_scus : pandas.DataFrame
        ``instance, summarizer, scu``: the peer annotations. An SCU unknown to the pyramid
        raises :class:`~evalkit.errors.ParameterError`.
    models : iterable of str
        The model summarizer ids.

    Returns
    -------
    dict of str to TopicPyramid
        One pyramid per instance, keyed by the instance as a string.

    Examples
    --------
    Two models A, B and the peer P; ``s1`` is in both models (weight 2), ``s2`` in A's:

    >>> import pandas as pd
    >>> from evalkit.metrics.pyramid import build_pyramids
    >>> scus = pd.DataFrame({"instance": "d1", "scu": ["s1", "s2"], "weight": [2, 1]})
    >>> contributors = pd.DataFrame(
    ...     {"instance": "d1", "scu": ["s1", "s1", "s2"], "summarizer": ["A", "B", "A"]})
    >>> peer_scus = pd.DataFrame({"instance": "d1", "summarizer": ["P"], "scu": ["s2"]})
    >>> pyramids = build_pyramids(scus, contributors, peer_scus, models=["A", "B"])
    >>> pyr = pyramids["d1"]
    >>> list(pyramids), pyr.models, pyr.summarizers, pyr.found.tolist()
    (['d1'], ('A', 'B'), ('A', 'B', 'P'), [[True, True], [True, False], [False, True]])
    """
    model_set = {str(m) for m in models}
    if scus.empty:
        return {}
    contrib = contributors if contributors is not None and len(contributors) else None
    out: Dict[str, TopicPyramid] = {}
    c_groups = dict(tuple(contrib.groupby("instance", sort=False))) if contrib is not None else {}
    p_groups = dict(tuple(peer_scus.groupby("instance", sort=False))) if len(peer_scus) else {}
    for inst, part in scus.groupby("instance", sort=False):
        ids = tuple(part["scu"].astype(str))
        col = {s: i for i, s in enumerate(ids)}
        aspects = tuple(tuple(a) for a in part["aspects"]) if "aspects" in part.columns else ()
        membership, mids = None, ()
        c = c_groups.get(inst)
        if c is not None:
            mc = c[c["summarizer"].isin(model_set)]
            unknown = set(mc["scu"]) - set(col)
            if unknown:
                raise ParameterError(
                    "scu_contributors", sorted(unknown)[:5], f"SCUs of the pyramid of {inst}"
                )
            mids = tuple(sorted(set(mc["summarizer"])))
            row = {m: i for i, m in enumerate(mids)}
            membership = np.zeros((len(mids), len(ids)), dtype=bool)
            membership[[row[m] for m in mc["summarizer"]], [col[s] for s in mc["scu"]]] = True
            if not membership.any(axis=0).all():
                membership = (
                    None  # an SCU without a model contributor: the pyramid cannot be rebuilt
                )
                mids = ()
        p = p_groups.get(inst)
        peers = tuple(dict.fromkeys(p["summarizer"])) if p is not None else ()
        summ = mids + tuple(x for x in peers if x not in mids)
        found = np.zeros((len(summ), len(ids)), dtype=bool)
        if membership is not None:
            found[: len(mids)] = membership
        if p is not None:
            srow = {s: i for i, s in enumerate(summ)}
            unknown = set(p["scu"]) - set(col)
            if unknown:
                raise ParameterError(
                    "peer_scus", sorted(unknown)[:5], f"SCUs of the pyramid of {inst}"
                )
            found[[srow[s] for s in p["summarizer"]], [col[s] for s in p["scu"]]] = True
        out[str(inst)] = TopicPyramid(
            str(inst), ids, part["weight"].to_numpy(float), mids, membership, summ, found, aspects
        )
    return out


def example_pyramids(aspects: bool = False) -> Dict[str, TopicPyramid]:
    """The small pyramid of this module's examples: one instance ``d1``.

    Three models A, B, C; SCU ``s1`` has weight 3, ``s2`` 2, ``s3`` and ``s4`` 1; the models
    express 3, 2 and 2 SCUs (X = 7/3); the peer P expresses ``s1`` and ``s3`` (D = 4). With
    ``aspects``, ``s1`` and ``s3`` are tagged ``WHO`` and ``s2`` and ``s4`` ``WHAT``.

    Parameters
    ----------
    aspects : bool, default False
        Tag the SCUs with aspects (:func:`aspect_scores`).

    Returns
    -------
    dict of str to TopicPyramid
        ``{"d1": pyramid}``, as :func:`build_pyramids` returns it.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import example_pyramids
    >>> pyr = example_pyramids()["d1"]
    >>> pyr.models, pyr.scus, pyr.weights.tolist(), pyr.found[-1].tolist()
    (('A', 'B', 'C'), ('s1', 's2', 's3', 's4'), [3.0, 2.0, 1.0, 1.0], [True, False, True, False])
    >>> example_pyramids(aspects=True)["d1"].aspects
    (('WHO',), ('WHAT',), ('WHO',), ('WHAT',))
    """
    scus = pd.DataFrame({"instance": "d1", "scu": ["s1", "s2", "s3", "s4"], "weight": [3, 2, 1, 1]})
    if aspects:
        scus["aspects"] = [("WHO",), ("WHAT",), ("WHO",), ("WHAT",)]
    contributors = pd.DataFrame(
        {
            "instance": "d1",
            "scu": ["s1", "s1", "s1", "s2", "s2", "s3", "s4"],
            "summarizer": ["A", "B", "C", "A", "B", "C", "A"],
        }
    )
    peer_scus = pd.DataFrame({"instance": "d1", "summarizer": "P", "scu": ["s1", "s3"]})
    return build_pyramids(scus, contributors, peer_scus, models=["A", "B", "C"])


def _scores(
    found: np.ndarray,
    weights: np.ndarray,
    x: float,
    method: str,
    rounding: str,
    decimals: Optional[int],
) -> pd.DataFrame:
    d = found.astype(float) @ weights
    n = (found & (weights > 0)).sum(axis=1)
    if method == "modified":
        best = np.full(len(d), max_weight(weights, x, rounding))
    else:
        best = np.array([max_weight(weights, k, "none") for k in n])
    with np.errstate(invalid="ignore", divide="ignore"):
        score = np.where(best > 0, d / np.where(best > 0, best, 1.0), 0.0)
    if decimals is not None:
        score = np.round(score, decimals)
    return pd.DataFrame(
        {"found_weight": d, "n_scus": n.astype(np.int64), "max_weight": best, "score": score}
    )


def score_pyramid(
    pyr: TopicPyramid,
    models: Optional[Sequence[str]] = None,
    *,
    method: str = "modified",
    rounding: str = "none",
    decimals: Optional[int] = None,
    summarizers: Optional[Sequence[str]] = None,
) -> pd.DataFrame:
    """Scores of ``summarizers`` (default: all annotated) against the pyramid of ``models``.

    Returns ``instance, summarizer, found_weight, n_scus, max_weight, score, x``.

    Parameters
    ----------
    pyr : TopicPyramid
        The topic's pyramid (:func:`build_pyramids`).
    models : sequence of str, optional
        Rebuild the pyramid from these models (weights and X from them only); default all.
    method : str, default "modified"
        ``"modified"`` (X = the models' mean SCU count; Passonneau et al. 2005, TAC) or
        ``"original"`` (X = the summary's own SCU count; Nenkova & Passonneau 2004).
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).
    decimals : int, optional
        Round the scores.
    summarizers : sequence of str, optional
        Whom to score (default: every annotated summarizer, models included).

    Returns
    -------
    pandas.DataFrame
        One row per summarizer: ``instance, summarizer, found_weight`` (D), ``n_scus``,
        ``max_weight`` (Max(X)), ``score``, ``x``.

    References
    ----------
    Nenkova & Passonneau (2004); Passonneau et al. (2005), in full at :func:`pyramid_score`.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import example_pyramids, score_pyramid
    >>> pyramids = example_pyramids()  # models A, B, C (X = 7/3); the peer P (D = 4)
    >>> score_pyramid(pyramids["d1"], summarizers=["P"]).round(4)
      instance summarizer  found_weight  n_scus  max_weight  score       x
    0       d1          P           4.0       2      5.3333   0.75  2.3333
    >>> float(score_pyramid(pyramids["d1"], method="original", summarizers=["P"])["score"][0])
    0.8
    """
    _check("method", method, METHODS)
    _check("rounding", rounding, ROUNDING)
    if models is None and pyr.membership is None:
        w, x = pyr.weights, float("nan")
        if method == "modified":
            raise ParameterError(
                "scu_contributors",
                pyr.instance,
                "model contributors (X is the models' mean SCU count)",
            )
    else:
        w = pyr.weights_from(models)
        x = float(pyr.scu_counts(models).mean())
    rows = np.arange(len(pyr.summarizers))
    if summarizers is not None:
        pos = {s: i for i, s in enumerate(pyr.summarizers)}
        rows = np.array([pos[s] for s in summarizers if s in pos], dtype=int)
    out = _scores(pyr.found[rows], w, x, method, rounding, decimals)
    out.insert(0, "summarizer", [pyr.summarizers[i] for i in rows])
    out.insert(0, "instance", pyr.instance)
    out["x"] = x
    return out


def score_pyramids(pyramids: Mapping[str, TopicPyramid], **options) -> pd.DataFrame:
    """:func:`score_pyramid` for every instance, concatenated.

    Parameters
    ----------
    pyramids : mapping of str to TopicPyramid
        :func:`build_pyramids`'s result.
    **options
        Keyword arguments of :func:`score_pyramid` (``models``, ``method``, ``rounding``,
        ``decimals``, ``summarizers``).

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, found_weight, n_scus, max_weight, score, x`` for every
        instance (empty with these columns for no pyramids).

    Examples
    --------
    >>> from evalkit.metrics.pyramid import example_pyramids, score_pyramids
    >>> pyramids = example_pyramids()  # models A, B, C (X = 7/3); the peer P (D = 4)
    >>> score_pyramids(pyramids, rounding="half_even")[["summarizer", "x", "score"]].round(4)
      summarizer       x  score
    0          A  2.3333    1.2
    1          B  2.3333    1.0
    2          C  2.3333    0.8
    3          P  2.3333    0.8
    """
    frames = [score_pyramid(p, **options) for p in pyramids.values()]
    return (
        pd.concat(frames, ignore_index=True)
        if frames
        else pd.DataFrame(
            columns=["instance", "summarizer", "found_weight", "n_scus", "max_weight", "score", "x"]
        )
    )


def jackknife_scores(
    pyramids: Mapping[str, TopicPyramid],
    *,
    method: str = "modified",
    rounding: str = "none",
    decimals: Optional[int] = None,
) -> pd.DataFrame:
    """TAC's jackknifed pyramid score: peers average the n leave-one-out pyramids; a model is
    scored (on its own SCUs) against the pyramid of the other models. Returns ``instance,
    summarizer, score, folds``.

    Parameters
    ----------
    pyramids : mapping of str to TopicPyramid
        Pyramids with model contributors and at least 2 models each (else
        :class:`~evalkit.errors.ParameterError`).
    method : str, default "modified"
        ``"modified"`` or ``"original"``.
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).
    decimals : int, optional
        Round the scores.

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, score, folds``: a peer's mean over the n leave-one-out
        pyramids (``folds = n``), a model's score against the others' (``folds = 1``).

    References
    ----------
    Passonneau, Nenkova, McKeown & Sigelman (2005), "Applying the Pyramid Method in DUC
    2005", DUC Workshop.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import example_pyramids, jackknife_scores
    >>> pyramids = example_pyramids()  # models A, B, C (X = 7/3); the peer P (D = 4)
    >>> jackknife_scores(pyramids, decimals=4)
      instance summarizer   score  folds
    0       d1          A  1.0000      1
    1       d1          B  0.8571      1
    2       d1          C  0.4444      1
    3       d1          P  0.7672      3
    """
    rows = []
    for pyr in pyramids.values():
        if len(pyr.models) < 2:
            raise ParameterError(
                "models", list(pyr.models), f"at least 2 models to jackknife ({pyr.instance})"
            )
        folds = []
        for leave in pyr.models:
            rest = [m for m in pyr.models if m != leave]
            sc = score_pyramid(pyr, rest, method=method, rounding=rounding)
            sc = sc[~sc["summarizer"].isin(rest)]  # the other models are in this pyramid
            folds.append(sc[["summarizer", "score"]])
        allf = pd.concat(folds, ignore_index=True)
        g = allf.groupby("summarizer", sort=False)["score"].agg(["mean", "size"])
        for s in pyr.summarizers:
            v = float(g.at[s, "mean"])
            rows.append(
                (
                    pyr.instance,
                    s,
                    round(v, decimals) if decimals is not None else v,
                    int(g.at[s, "size"]),
                )
            )
    return pd.DataFrame(rows, columns=["instance", "summarizer", "score", "folds"])


def weight_distribution(
    pyramids: Mapping[str, TopicPyramid], models: Optional[Mapping[str, Sequence[str]]] = None
) -> pd.DataFrame:
    """Number of SCUs of each weight per instance: ``instance, weight, n_scus`` (weights from the
    models' contributions when known, else the published weights; ``models`` maps an instance
    to a subset of its models).

    Parameters
    ----------
    pyramids : mapping of str to TopicPyramid
        :func:`build_pyramids`'s result.
    models : mapping of str to sequence of str, optional
        Per instance, the models to rebuild its pyramid from.

    Returns
    -------
    pandas.DataFrame
        ``instance, weight, n_scus`` for every weight from 1 to the instance's largest.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import example_pyramids, weight_distribution
    >>> pyramids = example_pyramids()  # models A, B, C (X = 7/3); the peer P (D = 4)
    >>> weight_distribution(pyramids)["n_scus"].tolist()
    [2, 1, 1]
    >>> weight_distribution(pyramids, models={"d1": ["A", "B"]})["n_scus"].tolist()
    [1, 2]
    """
    rows = []
    for inst, pyr in pyramids.items():
        sub = None if models is None else models.get(inst)
        w = (
            pyr.weights_from(sub)
            if (sub is not None or pyr.membership is not None)
            else pyr.weights
        )
        w = w[w > 0]
        for weight in range(1, int(w.max()) + 1 if len(w) else 1):
            rows.append((inst, weight, int((w == weight).sum())))
    return pd.DataFrame(rows, columns=["instance", "weight", "n_scus"])


def aspect_scores(
    pyramids: Mapping[str, TopicPyramid],
    *,
    rounding: str = "none",
    summarizers: Optional[Sequence[str]] = None,
) -> pd.DataFrame:
    """Partial (per-aspect) modified pyramid scores (OD11 Table 8, inferred definition):
    restricted to the SCUs tagged with aspect a, ``D_a / Max_a(X_a)`` with X_a = mean number of
    aspect-a SCUs per model. Returns ``instance, summarizer, aspect, n_scus, found, score``
    (``n_scus`` = aspect-a SCUs in the pyramid, ``found`` = those the summary expresses).

    Parameters
    ----------
    pyramids : mapping of str to TopicPyramid
        Pyramids built from ``scus`` with an ``aspects`` column (else
        :class:`~evalkit.errors.ParameterError`).
    rounding : str, default "none"
        Rounding of X, one of :data:`ROUNDING` (else :class:`~evalkit.errors.ParameterError`).
    summarizers : sequence of str, optional
        Whom to score (default: every annotated summarizer).

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, aspect, n_scus, found, score`` (score can exceed 1).

    References
    ----------
    Owczarzak & Dang (2011), "Who Wrote What Where: Analyzing the Content of Human and
    Automatic Summaries", ACL Workshop on Automatic Summarization for Different Genres,
    Media, and Languages.

    Examples
    --------
    :func:`example_pyramids` with aspects: ``s1`` and ``s3`` are tagged WHO; the models
    express 1, 1 and 2 of them (X = 4/3, Max = 3 + 1/3) and P both (D = 4):

    >>> from evalkit.metrics.pyramid import aspect_scores, example_pyramids
    >>> pyramids = example_pyramids(aspects=True)
    >>> aspect_scores(pyramids, summarizers=["P"]).round(4)
      instance summarizer aspect  n_scus  found  score
    0       d1          P   WHAT       2      0    0.0
    1       d1          P    WHO       2      2    1.2
    """
    _check("rounding", rounding, ROUNDING)
    rows = []
    for pyr in pyramids.values():
        if not pyr.aspects:
            raise ParameterError("scus", pyr.instance, "an 'aspects' column (per-SCU aspect tags)")
        w = pyr.weights_from(None)
        names = sorted({a for tags in pyr.aspects for a in tags})
        who = [
            i for i, s in enumerate(pyr.summarizers) if summarizers is None or s in set(summarizers)
        ]
        for a in names:
            mask = np.array([a in tags for tags in pyr.aspects], dtype=bool)
            x = (
                float(pyr.membership[:, mask].sum(axis=1).mean())
                if pyr.membership is not None
                else float(mask.sum())
            )
            best = max_weight(w[mask], x, rounding)
            for i in who:
                f = pyr.found[i] & mask
                d = float(w[f].sum())
                rows.append(
                    (
                        pyr.instance,
                        pyr.summarizers[i],
                        a,
                        int(mask.sum()),
                        int(f.sum()),
                        d / best if best > 0 else 0.0,
                    )
                )
    return pd.DataFrame(
        rows, columns=["instance", "summarizer", "aspect", "n_scus", "found", "score"]
    )


_PUNCT = re.compile(r"[^\w\s]")
_SPACE = re.compile(r"\s+")


def normalize_text(text: str, punctuation: bool = False) -> str:
    """Lowercase and collapse whitespace (and, with ``punctuation``, drop punctuation).

    Parameters
    ----------
    text : str
        Any text.
    punctuation : bool, default False
        Replace every non-word, non-space character by a space first.

    Returns
    -------
    str
        The normalized text.

    Examples
    --------
    >>> from evalkit.metrics.pyramid import normalize_text
    >>> normalize_text("  The  Storm, hit! "), normalize_text("The  Storm, hit!", punctuation=True)
    ('the storm, hit!', 'the storm hit')
    """
    t = text.lower()
    if punctuation:
        t = _PUNCT.sub(" ", t)
    return _SPACE.sub(" ", t).strip()


def autoannotate(
    pyr: TopicPyramid,
    texts: Mapping[str, str],
    contributors: pd.DataFrame,
    *,
    sources: Optional[Mapping[str, Sequence[str]]] = None,
    punctuation: bool = False,
    min_length: int = 1,
) -> pd.DataFrame:
    """Automatic SCU annotation of the summaries in ``texts`` (summarizer -> text).

    For summary s, the candidate strings are the contributor texts (``contributors`` of this
    instance) written by ``sources[s]`` (default: every other annotated summarizer of the
    instance, models included); an SCU is found when one of them occurs in s after
    normalization (:func:`normalize_text`). Strings shorter than ``min_length`` characters
    are ignored. Returns ``instance, summarizer, scu`` (the auto-annotation).

    Parameters
    ----------
    pyr : TopicPyramid
        The topic's pyramid.
    texts : mapping of str to str
        Summarizer id -> summary text to annotate.
    contributors : pandas.DataFrame
        ``instance, scu, summarizer, contributor`` (the contributor's text).
    sources : mapping of str to sequence of str, optional
        Per summary, whose contributor strings to look for (default: every other
        summarizer's).
    punctuation : bool, default False
        Drop punctuation when normalizing (:func:`normalize_text`).
    min_length : int, default 1
        Ignore contributor strings shorter than this many characters (after normalizing).

    Returns
    -------
    pandas.DataFrame
        ``instance, summarizer, scu``, SCUs in the pyramid's order.

    References
    ----------
    Owczarzak, Rankel, Dang & Conroy (2012), "Assessing the Effect of Inconsistent
    Assessors on Summarization Evaluation", ACL.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.pyramid import autoannotate, build_pyramids
    >>> scus = pd.DataFrame({"instance": "d1", "scu": ["s1", "s2"], "weight": [2, 1]})
    >>> contributors = pd.DataFrame({"instance": "d1", "scu": ["s1", "s1", "s2"],
    ...     "summarizer": ["A", "B", "A"],
    ...     "contributor": ["a storm hit", "the storm struck", "ten died"]})
    >>> pyr = build_pyramids(scus, contributors, scus.iloc[:0].assign(summarizer=""),
    ...                      models=["A", "B"])["d1"]
    >>> autoannotate(pyr, {"P": "A  Storm hit the coast."}, contributors)
      instance summarizer scu
    0       d1          P  s1
    """
    c = contributors[contributors["instance"] == pyr.instance].dropna(subset=["contributor"])
    by_source: Dict[str, List[Tuple[str, str]]] = {}
    for scu, summ, label in c[["scu", "summarizer", "contributor"]].itertuples(index=False):
        s = normalize_text(str(label), punctuation)
        if len(s) >= min_length:
            by_source.setdefault(str(summ), []).append((str(scu), s))
    rows = []
    for summ, text in texts.items():
        norm = normalize_text(text, punctuation)
        srcs = sources[summ] if sources is not None else [x for x in by_source if x != summ]
        hit = {scu for src in srcs for scu, s in by_source.get(src, ()) if s in norm}
        rows += [(pyr.instance, summ, scu) for scu in pyr.scus if scu in hit]
    return pd.DataFrame(rows, columns=["instance", "summarizer", "scu"])
