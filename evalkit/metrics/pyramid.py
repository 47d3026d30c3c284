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
    """X after the rounding option (see the module docstring)."""
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
    """Max(X): the largest total weight of X SCUs with these weights (X capped at their number)."""
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
    """``D / Max(X)`` (0 when Max is 0), optionally rounded to ``decimals``."""
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
    """:func:`score_pyramid` for every instance, concatenated."""
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
    summarizer, score, folds``."""
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
    to a subset of its models)."""
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
    (``n_scus`` = aspect-a SCUs in the pyramid, ``found`` = those the summary expresses)."""
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
    """Lowercase and collapse whitespace (and, with ``punctuation``, drop punctuation)."""
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
