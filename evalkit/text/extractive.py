"""Extractive summarizers of spoken documents: MMR, LSA (two variants) and a feature classifier.

Murray, Renals, Carletta & Moore (2005), "Evaluating Automatic Summaries of Meeting
Recordings", Sec. 3 (notes: acl2005-workshop-part-A.md 6.2). A document is a list of units
(dialogue acts); each summarizer picks ``n = max(1, round(ratio * len(units)))`` of them
(10% in the paper) and returns their indices in document order.

Term weights: a term-by-unit TF-IDF matrix A (scikit-learn ``TfidfVectorizer``, lower-cased
word tokens, idf fitted on the document's own units unless a fitted vectorizer is given).

* **MMR** (Carbonell & Goldstein 1998): pick argmax_i lambda_t Sim(S_i, D) - (1 - lambda_t)
  Sim(S_i, Summ), Sim = cosine, D = centroid of all units, Summ = centroid of the units
  already picked (0 before the first pick). lambda is *annealed*: lambda_t goes linearly from
  ``lambda_start`` (1.0) at the first pick to ``lambda_end`` (0.5) at the last [the paper
  gives no schedule; this is our reading].
* **LSA, Gong & Liu (2001)**: SVD A = U S V^T; for topic k = 1, 2, ... take the unit with the
  largest |V^T[k, i]| not yet picked (singular vectors have arbitrary sign, hence | |).
* **LSA, Murray et al.'s variant** (``variant="proportional"``): topic k contributes
  n_k = its share sigma_k / sum_j sigma_j of the n units (largest-remainder rounding so the
  n_k sum to n), each its top-n_k units by |V^T[k, i]|; a unit already taken is skipped.
* **Steinberger & Jezek (2004)** unit score: s_i = sqrt(sum_{k<=d} V[i, k]^2 sigma_k^2) over the
  first d (300 in the paper; capped at the rank) dimensions; FB2 adds it as a feature.
* **Feature-based classifier** (FB1/FB2 with *lexical features only*: the paper's prosodic
  features need audio): features per unit = mean and max TF-IDF of its terms, its length in
  words, its relative position, (+ the Steinberger-Jezek score for FB2). One Gaussian mixture
  per class (extracted / not, scikit-learn ``GaussianMixture``, as the paper's GMMs) is fitted
  on training documents with human extracts; units are ranked by the log-likelihood ratio
  plus the log prior ratio and the top n are picked.

Why our own: no maintained package implements these selection rules (``sumy`` has Gong-Liu
and Steinberger-Jezek rankers but not the proportional variant, annealed MMR or the GMM
classifier); the linear algebra is numpy's SVD and scikit-learn's TF-IDF and GMM.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence

import numpy as np

from evalkit.errors import ParameterError

__all__ = [
    "summary_size",
    "tfidf_matrix",
    "mmr_select",
    "lsa_select",
    "lsa_scores",
    "lexical_features",
    "FeatureClassifier",
    "select_top",
    "APPROACHES",
    "train_classifiers",
    "run_approach",
]

LSA_VARIANTS = ("gong_liu", "proportional")


def summary_size(n_units: int, ratio: float = 0.10) -> int:
    """n = max(1, round(ratio * n_units)) (round half up)."""
    if not (0 < ratio <= 1):
        raise ParameterError("ratio", ratio, "a share in (0, 1]")
    if n_units < 1:
        raise ParameterError("units", n_units, "at least one unit")
    return max(1, int(np.floor(ratio * n_units + 0.5)))


def _vectorizer():
    from sklearn.feature_extraction.text import TfidfVectorizer

    return TfidfVectorizer(lowercase=True, token_pattern=r"(?u)\b\w+\b", norm=None)


def tfidf_matrix(units: Sequence[str], vectorizer=None) -> np.ndarray:
    """Unit-by-term TF-IDF weights (rows = units); fitted on ``units`` unless ``vectorizer``."""
    if len(units) == 0:
        raise ParameterError("units", "[]", "at least one unit")
    if vectorizer is None:
        vectorizer = _vectorizer()
        try:
            return vectorizer.fit_transform(list(units)).toarray()
        except ValueError:  # no term at all (empty units)
            return np.zeros((len(units), 1))
    return vectorizer.transform(list(units)).toarray()


def _cos(M: np.ndarray, v: np.ndarray) -> np.ndarray:
    nv = np.linalg.norm(v)
    nm = np.linalg.norm(M, axis=1)
    den = nm * nv
    return np.where(den > 0, M @ v / np.where(den > 0, den, 1.0), 0.0)


def mmr_select(
    units: Sequence[str],
    n: int,
    lambda_start: float = 1.0,
    lambda_end: float = 0.5,
    weights: Optional[np.ndarray] = None,
) -> List[int]:
    """Indices (document order) of the n units MMR picks with annealed lambda."""
    for name, v in (("lambda_start", lambda_start), ("lambda_end", lambda_end)):
        if not 0 <= v <= 1:
            raise ParameterError(name, v, "a number in [0, 1]")
    X = tfidf_matrix(units) if weights is None else np.asarray(weights, dtype=float)
    n = _check_n(n, X.shape[0])
    relevance = _cos(X, X.mean(axis=0))
    chosen: List[int] = []
    free = np.ones(X.shape[0], dtype=bool)
    for t in range(n):
        lam = lambda_start if n == 1 else lambda_start + (lambda_end - lambda_start) * t / (n - 1)
        redundancy = _cos(X, X[chosen].mean(axis=0)) if chosen else np.zeros(X.shape[0])
        score = np.where(free, lam * relevance - (1 - lam) * redundancy, -np.inf)
        i = int(np.argmax(score))  # ties: the earliest unit
        chosen.append(i)
        free[i] = False
    return sorted(chosen)


def _check_n(n: int, n_units: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)) or not 1 <= n <= n_units:
        raise ParameterError("n", n, f"an integer in [1, {n_units}] (the number of units)")
    return int(n)


def _svd(units: Sequence[str], weights: Optional[np.ndarray]):
    X = tfidf_matrix(units) if weights is None else np.asarray(weights, dtype=float)
    # A (terms x units) = U S V^T  <=>  X = A^T = V S U^T: rows of Vt below are topics over units
    U, s, Vt = np.linalg.svd(X.T, full_matrices=False)
    keep = s > s.max(initial=0) * 1e-12 if s.size else s > 0
    return s[keep], Vt[keep]


def _largest_remainder(shares: np.ndarray, n: int) -> np.ndarray:
    raw = shares * n
    base = np.floor(raw).astype(int)
    order = np.argsort(-(raw - base), kind="stable")
    base[order[: n - base.sum()]] += 1
    return base


def lsa_select(
    units: Sequence[str],
    n: int,
    variant: str = "proportional",
    weights: Optional[np.ndarray] = None,
) -> List[int]:
    """Indices (document order) of the n units picked by LSA (``gong_liu`` or ``proportional``)."""
    if variant not in LSA_VARIANTS:
        raise ParameterError("variant", variant, f"one of {LSA_VARIANTS}")
    s, Vt = _svd(units, weights)
    n = _check_n(n, Vt.shape[1] if Vt.size else len(units))
    chosen: List[int] = []
    taken = set()
    if variant == "gong_liu":
        per_topic = np.ones(len(s), dtype=int)
    else:
        per_topic = _largest_remainder(s / s.sum(), n) if s.size else np.array([], dtype=int)
    for k in range(len(s)):
        order = np.argsort(-np.abs(Vt[k]), kind="stable")
        got = 0
        for i in order:
            if got >= per_topic[k] or len(chosen) >= n:
                break
            if int(i) not in taken:
                taken.add(int(i))
                chosen.append(int(i))
                got += 1
    # fewer topics than n (or an empty matrix): fill with the best Steinberger-Jezek scores
    if len(chosen) < n:
        score = lsa_scores(units, weights=weights)
        for i in np.argsort(-score, kind="stable"):
            if len(chosen) >= n:
                break
            if int(i) not in taken:
                taken.add(int(i))
                chosen.append(int(i))
    return sorted(chosen)


def lsa_scores(
    units: Sequence[str], dims: int = 300, weights: Optional[np.ndarray] = None
) -> np.ndarray:
    """Steinberger & Jezek's length of each unit in the first ``dims`` LSA dimensions."""
    if dims < 1:
        raise ParameterError("dims", dims, "an integer >= 1")
    s, Vt = _svd(units, weights)
    d = min(dims, len(s))
    if d == 0:
        return np.zeros(len(units))
    return np.sqrt(((Vt[:d].T ** 2) * (s[:d] ** 2)).sum(axis=1))


def lexical_features(
    units: Sequence[str], lsa: bool = False, vectorizer=None, dims: int = 300
) -> np.ndarray:
    """Per unit: mean TF-IDF, max TF-IDF, length in words, relative position (+ SJ score)."""
    X = tfidf_matrix(units, vectorizer)
    nz = (X > 0).sum(axis=1)
    mean = np.where(nz > 0, X.sum(axis=1) / np.maximum(nz, 1), 0.0)
    cols = [
        mean,
        X.max(axis=1),
        np.array([len(u.split()) for u in units], dtype=float),
        np.arange(len(units)) / max(len(units) - 1, 1),
    ]
    if lsa:
        cols.append(lsa_scores(units, dims, weights=X))
    return np.column_stack(cols)


def select_top(scores: np.ndarray, n: int) -> List[int]:
    """Indices (document order) of the n highest scores (ties: earliest)."""
    n = _check_n(n, len(scores))
    return sorted(int(i) for i in np.argsort(-np.asarray(scores), kind="stable")[:n])


@dataclass
class FeatureClassifier:
    """Two Gaussian mixtures (extracted / not) over lexical features; see the module doc."""

    lsa: bool = False
    n_components: int = 2
    seed: int = 0
    dims: int = 300
    _models: list = field(default_factory=list, repr=False)
    _log_prior: float = 0.0

    def fit(
        self, documents: Sequence[Sequence[str]], labels: Sequence[Sequence[int]]
    ) -> "FeatureClassifier":
        from sklearn.mixture import GaussianMixture
        from sklearn.preprocessing import StandardScaler

        if len(documents) != len(labels) or not documents:
            raise ParameterError(
                "labels", len(labels), f"one 0/1 label list per document ({len(documents)})"
            )
        feats, ys = [], []
        for d, (units, lab) in enumerate(zip(documents, labels)):
            if len(units) != len(lab):
                raise ParameterError(
                    "labels", f"document {d}: {len(lab)} labels", f"{len(units)} (one per unit)"
                )
            feats.append(lexical_features(units, self.lsa, dims=self.dims))
            ys.append(np.asarray(lab, dtype=int))
        F, y = np.vstack(feats), np.concatenate(ys)
        if y.min() == y.max():
            raise ParameterError(
                "labels", "one class only", "both extracted (1) and non-extracted (0) units"
            )
        self._scaler = StandardScaler().fit(F)
        Z = self._scaler.transform(F)
        self._models = []
        for cls in (0, 1):
            k = max(1, min(self.n_components, int((y == cls).sum())))
            self._models.append(
                GaussianMixture(
                    n_components=k, covariance_type="diag", reg_covar=1e-3, random_state=self.seed
                ).fit(Z[y == cls])
            )
        self._log_prior = float(np.log((y == 1).mean()) - np.log((y == 0).mean()))
        return self

    def scores(self, units: Sequence[str]) -> np.ndarray:
        """log p(x | extracted) - log p(x | not) + log prior ratio, per unit."""
        if not self._models:
            raise ParameterError(
                "FeatureClassifier", "unfitted", "fit() on training documents first"
            )
        Z = self._scaler.transform(lexical_features(units, self.lsa, dims=self.dims))
        return self._models[1].score_samples(Z) - self._models[0].score_samples(Z) + self._log_prior

    def select(self, units: Sequence[str], n: int) -> List[int]:
        return select_top(self.scores(units), n)


#: Murray et al.'s four approaches: the feature classifier without / with the LSA score, LSA, MMR.
APPROACHES = ("FB1", "LSA", "MMR", "FB2")


def train_classifiers(
    documents: Sequence[Sequence[str]],
    labels: Sequence[Sequence[int]],
    seed: int = 0,
    n_components: int = 2,
) -> dict:
    """{"FB1": FeatureClassifier(lsa=False), "FB2": FeatureClassifier(lsa=True)} fitted on the training set."""
    return {
        "FB1": FeatureClassifier(lsa=False, n_components=n_components, seed=seed).fit(
            documents, labels
        ),
        "FB2": FeatureClassifier(lsa=True, n_components=n_components, seed=seed).fit(
            documents, labels
        ),
    }


def run_approach(
    approach: str,
    units: Sequence[str],
    n: int,
    classifiers: Optional[dict] = None,
    lambda_start: float = 1.0,
    lambda_end: float = 0.5,
    lsa_variant: str = "proportional",
) -> List[int]:
    """Indices picked by one of :data:`APPROACHES` (FB1/FB2 need ``train_classifiers``' output)."""
    if approach == "MMR":
        return mmr_select(units, n, lambda_start, lambda_end)
    if approach == "LSA":
        return lsa_select(units, n, lsa_variant)
    if approach in ("FB1", "FB2"):
        if not classifiers or approach not in classifiers:
            raise ParameterError(
                "classifiers",
                None if not classifiers else sorted(classifiers),
                f"a fitted classifier for {approach} (train_classifiers)",
            )
        return classifiers[approach].select(units, n)
    raise ParameterError("approach", approach, f"one of {APPROACHES}")
