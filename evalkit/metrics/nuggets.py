"""TREC nugget evaluation of definition ("other") questions, and its pyramid-weighted variant.

Voorhees (2003), the TREC 2003/2004 QA track definition-question measure, as Lin &
Demner-Fushman (2005, Figure 2) print it (notes: acl2005-workshop-part-B-and-qarla.md P1.2a).
For one question and one system response (a set of answer strings):

    r  = vital nuggets returned, a = okay nuggets returned, R = vital nuggets in the key
    l  = non-white-space characters of all answer strings together
    NR = r / R                                     (recall counts vital nuggets only)
    alpha = allowance * (r + a)                    (allowance = 100 characters per nugget)
    NP = 1 if l < alpha else 1 - (l - alpha) / l   (length stands in for precision)
    F(beta) = (beta^2 + 1) NP NR / (beta^2 NP + NR)     beta = 5 (TREC 2003), 3 (TREC 2004)

F = 0 when NR = 0 (a response with only okay nuggets scores 0 whatever its length). NR, NP
and F lie in [0, 1]; a run's score is the mean F over its questions (the TREC convention).

**Pyramid-weighted nuggets** (Lin & Demner-Fushman 2006, "Will pyramids built of nuggets
topple over?", which the 2005 paper proposes in Sec. 4): several assessors each label every
nugget vital or okay; nugget n's weight is w_n = v_n / max_m v_m, the number of assessors
calling it vital over the largest such number for the question. Recall becomes
sum_{n returned} w_n / sum_{n in key} w_n; the allowance still counts every returned nugget.
With one assessor this is exactly the official recall (vital weight 1, okay weight 0).

Layout: :func:`nugget_f` takes scalars or equal-shape arrays (vectorized); :func:`score_run`
takes long frames ``key`` (question, nugget, label or weight), ``judgments`` (run, question,
nugget, present) and ``responses`` (run, question, answer) and returns one row per
(run, question) with r, a, R, l, NR, NP, F.

Why our own: the formula is short and no maintained Python package implements the TREC
nugget measure (NIST's scoring scripts are Perl and not redistributable here).
"""

from __future__ import annotations

import re
from typing import Iterable, Optional, Sequence, Union

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns

__all__ = [
    "count_nonwhitespace",
    "length_precision",
    "nugget_f",
    "pyramid_weights",
    "score_run",
    "run_scores",
    "f_measure",
    "TREC_BETA",
    "ALLOWANCE",
]

#: beta of the official F measure per TREC year (Lin & Demner-Fushman 2005, Sec. 2).
TREC_BETA = {2003: 5.0, 2004: 3.0}
#: non-white-space characters allowed per returned nugget.
ALLOWANCE = 100
LABELS = ("vital", "okay")

_WS = re.compile(r"\s+")
Number = Union[float, np.ndarray]


def count_nonwhitespace(text: Union[str, Iterable[str]]) -> int:
    """Number of non-white-space characters (Unicode code points) of a string or strings.

    Parameters
    ----------
    text : str or iterable of str
        One answer string, or several (their counts are summed).

    Returns
    -------
    int
        The length ``l`` of the nugget measure.

    Examples
    --------
    >>> from evalkit.metrics.nuggets import count_nonwhitespace
    >>> count_nonwhitespace("a b\tc"), count_nonwhitespace(["ab", "c d"])
    (3, 4)
    """
    if isinstance(text, str):
        return len(_WS.sub("", text))
    return sum(count_nonwhitespace(t) for t in text)


def _check_nonneg(name: str, value) -> np.ndarray:
    arr = np.asarray(value, dtype=np.float64)
    if np.any(~np.isfinite(arr)) or np.any(arr < 0):
        raise ParameterError(name, value, "finite numbers >= 0")
    return arr


def length_precision(length: Number, returned: Number, allowance: float = ALLOWANCE) -> Number:
    """NP = 1 if l < alpha else 1 - (l - alpha)/l, with alpha = allowance * returned.

    Parameters
    ----------
    length : float or numpy.ndarray
        ``l``, non-white-space characters of the response; finite and >= 0 (else
        :class:`~evalkit.errors.ParameterError`). An empty response has NP = 1.
    returned : float or numpy.ndarray
        Nuggets returned (vital + okay, ``r + a``); finite and >= 0, same shape.
    allowance : float, default :data:`ALLOWANCE` (100)
        Characters allowed per returned nugget, >= 0.

    Returns
    -------
    float or numpy.ndarray
        NP in [0, 1]; a float for scalar input, else an array of the inputs' shape.

    References
    ----------
    Voorhees (2003), "Overview of the TREC 2003 Question Answering Track", TREC.
    Lin & Demner-Fushman (2005), "Evaluating Summaries and Answers: Two Sides of the Same
    Coin?", ACL Workshop on Intrinsic and Extrinsic Evaluation Measures for MT and/or
    Summarization.

    Examples
    --------
    One nugget allows 100 characters; 150 characters give ``1 - 50 / 150``:

    >>> from evalkit.metrics.nuggets import length_precision
    >>> round(length_precision(150, 1), 4), length_precision(80, 1)
    (0.6667, 1.0)
    """
    l = _check_nonneg("length", length)
    n = _check_nonneg("returned", returned)
    if not np.isfinite(allowance) or allowance < 0:
        raise ParameterError("allowance", allowance, "a number >= 0")
    alpha = allowance * n
    with np.errstate(divide="ignore", invalid="ignore"):
        np_ = np.where(l < alpha, 1.0, 1.0 - (l - alpha) / np.where(l > 0, l, 1.0))
    np_ = np.where(l == 0, 1.0, np_)  # an empty response is not long: NP = 1 (its recall is 0)
    return float(np_) if np_.ndim == 0 else np_


def nugget_f(
    r: Number, a: Number, R: Number, length: Number, beta: float = 3.0, allowance: float = ALLOWANCE
) -> Number:
    """The official F(beta) of one response (or arrays of responses); see the module doc.

    ``r`` and ``a`` may be fractional (POURPRE's soft counts); ``R`` must be > 0.

    Parameters
    ----------
    r : float or numpy.ndarray
        Vital nuggets returned, ``0 <= r <= R``.
    a : float or numpy.ndarray
        Okay nuggets returned, >= 0.
    R : float or numpy.ndarray
        Vital nuggets in the answer key, > 0 (else :class:`~evalkit.errors.ParameterError`).
    length : float or numpy.ndarray
        Non-white-space characters of the response, >= 0.
    beta : float, default 3.0
        Recall weight, > 0: 5 for TREC 2003, 3 for TREC 2004 (:data:`TREC_BETA`).
    allowance : float, default :data:`ALLOWANCE` (100)
        Characters allowed per returned nugget.

    Returns
    -------
    float or numpy.ndarray
        F(beta) in [0, 1] (0 when ``r = 0``).

    References
    ----------
    Voorhees (2003); Lin & Demner-Fushman (2005), in full at :func:`length_precision`.

    Examples
    --------
    One of two vital nuggets and one okay nugget in 150 characters (within the 200
    allowed, so NP = 1): ``F = 10 * 0.5 / (9 + 0.5)`` with beta = 3.

    >>> from evalkit.metrics.nuggets import nugget_f
    >>> round(nugget_f(r=1, a=1, R=2, length=150), 4), round(10 * 0.5 / 9.5, 4)
    (0.5263, 0.5263)
    >>> nugget_f(r=[0, 2], a=[3, 0], R=[2, 2], length=[50, 50]).tolist()
    [0.0, 1.0]
    """
    r_ = _check_nonneg("r", r)
    a_ = _check_nonneg("a", a)
    R_ = _check_nonneg("R", R)
    if np.any(R_ <= 0):
        raise ParameterError("R", R, "at least one vital nugget in the answer key (R > 0)")
    if np.any(r_ > R_ + 1e-12):
        raise ParameterError("r", r, f"at most R = {R} vital nuggets")
    f = f_measure(r_ / R_, np.asarray(length_precision(length, r_ + a_, allowance)), beta)
    return float(f) if np.ndim(f) == 0 else f


def f_measure(recall: Number, precision: Number, beta: float) -> np.ndarray:
    """F(beta) = (beta^2 + 1) P R / (beta^2 P + R), 0 where R = 0 (vectorized).

    Parameters
    ----------
    recall : float or array_like
        R in [0, 1].
    precision : float or array_like
        P in [0, 1], broadcastable with ``recall``.
    beta : float
        Recall weight, a finite number > 0 (else :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    numpy.ndarray
        F(beta) in [0, 1], the broadcast shape (0-d for scalars).

    Examples
    --------
    >>> from evalkit.metrics.nuggets import f_measure
    >>> float(f_measure(0.5, 0.5, beta=1.0)), f_measure([0.0, 1.0], 1.0, beta=3.0).tolist()
    (0.5, [0.0, 1.0])
    """
    if not np.isfinite(beta) or beta <= 0:
        raise ParameterError("beta", beta, "a number > 0")
    nr = np.asarray(recall, dtype=np.float64)
    np_ = np.asarray(precision, dtype=np.float64)
    b2 = beta * beta
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(nr > 0, (b2 + 1.0) * np_ * nr / (b2 * np_ + nr), 0.0)


def pyramid_weights(votes: pd.DataFrame) -> pd.DataFrame:
    """Nugget weights from several assessors' vital/okay labels (Lin & Demner-Fushman 2006).

    ``votes``: long frame ``question, nugget, assessor, label`` (label vital|okay). Returns
    ``question, nugget, vital_votes, weight`` with weight = votes / max votes of the question
    (a question no assessor called anything vital has weight 0 everywhere: its recall is undefined).

    Parameters
    ----------
    votes : pandas.DataFrame
        Long frame with columns ``question``, ``nugget``, ``assessor``, ``label``
        (``"vital"`` or ``"okay"``), one row per assessor and nugget. Missing columns,
        other labels or duplicate rows raise :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    pandas.DataFrame
        One row per (question, nugget): ``question, nugget, vital_votes, weight``, weight
        in [0, 1] (1 for the nuggets most often called vital).

    References
    ----------
    Lin & Demner-Fushman (2006), "Will Pyramids Built of Nuggets Topple Over?", HLT-NAACL.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.nuggets import pyramid_weights
    >>> votes = pd.DataFrame({
    ...     "question": ["q1"] * 4, "nugget": ["n1", "n1", "n2", "n2"],
    ...     "assessor": ["A", "B", "A", "B"], "label": ["vital", "vital", "vital", "okay"]})
    >>> pyramid_weights(votes)
      question nugget  vital_votes  weight
    0       q1     n1            2     1.0
    1       q1     n2            1     0.5
    """
    missing = {"question", "nugget", "assessor", "label"} - set(votes.columns)
    if missing:
        raise ParameterError(
            "votes",
            sorted(votes.columns),
            f"columns question, nugget, assessor, label (missing {sorted(missing)})",
        )
    bad = ~votes["label"].isin(LABELS)
    if bad.any():
        raise ParameterError("votes.label", votes.loc[bad, "label"].iloc[0], "vital or okay")
    if votes.duplicated(["question", "nugget", "assessor"]).any():
        raise ParameterError(
            "votes", "duplicate (question, nugget, assessor)", "one label per assessor and nugget"
        )
    v = (
        votes.assign(vital=votes["label"].eq("vital").astype(int))
        .groupby(["question", "nugget"], sort=False)["vital"]
        .sum()
        .rename("vital_votes")
        .reset_index()
    )
    top = v.groupby("question")["vital_votes"].transform("max")
    v["weight"] = np.where(top > 0, v["vital_votes"] / top.where(top > 0, 1), 0.0)
    return v


def _key_weights(key: pd.DataFrame, weighting: str) -> pd.DataFrame:
    need = (
        {"question", "nugget", "label"}
        if weighting == "official"
        else {"question", "nugget", "weight"}
    )
    missing = need - set(key.columns)
    if missing:
        raise ParameterError(
            "key", sorted(key.columns), f"columns {sorted(need)} (missing {sorted(missing)})"
        )
    k = key[
        ["question", "nugget"]
        + (["label"] if "label" in key else [])
        + (["weight"] if "weight" in key else [])
    ].copy()
    if k.duplicated(["question", "nugget"]).any():
        raise ParameterError("key", "duplicate (question, nugget)", "each nugget once per question")
    if weighting == "official":
        bad = ~k["label"].isin(LABELS)
        if bad.any():
            raise ParameterError("key.label", k.loc[bad, "label"].iloc[0], "vital or okay")
        k["weight"] = k["label"].eq("vital").astype(float)
    else:
        w = pd.to_numeric(k["weight"], errors="coerce")
        if w.isna().any() or (w < 0).any() or (w > 1).any():
            raise ParameterError("key.weight", k["weight"].tolist()[:5], "weights in [0, 1]")
        k["weight"] = w.astype(float)
    return k


def score_run(
    key: pd.DataFrame,
    judgments: pd.DataFrame,
    responses: pd.DataFrame,
    *,
    beta: float = 3.0,
    allowance: float = ALLOWANCE,
    weighting: str = "official",
) -> pd.DataFrame:
    """Per (run, question) r, a, R, l, NR, NP, F from nugget judgments.

    ``key``: question, nugget, label (vital|okay) [official] or weight in [0,1] [pyramid];
    ``judgments``: run, question, nugget, present (0/1; a nugget not listed is absent);
    ``responses``: run, question, answer (one row per answer string; l sums them).
    Every (run, question) with a response is scored (no response: l = 0, F = 0 unless the
    judgments say otherwise, which is an error). Under ``weighting="pyramid"`` r is the
    weighted sum of returned nuggets and R the question's total weight; ``a`` the count
    of returned nuggets of weight 0 (they earn allowance only).

    Parameters
    ----------
    key : pandas.DataFrame
        The answer key: ``question, nugget, label`` (``"vital"``/``"okay"``) for
        ``weighting="official"``, ``question, nugget, weight`` (in [0, 1], e.g. from
        :func:`pyramid_weights`) for ``"pyramid"``; each nugget once per question.
    judgments : pandas.DataFrame
        ``run, question, nugget, present`` (0/1); every present nugget must be in the key.
    responses : pandas.DataFrame
        ``run, question, answer``, one row per answer string; every question in the key.
    beta : float, default 3.0
        Recall weight of F (TREC 2004; 5 for TREC 2003).
    allowance : float, default :data:`ALLOWANCE` (100)
        Characters allowed per returned nugget.
    weighting : str, default "official"
        ``"official"`` or ``"pyramid"``. Bad frames or values raise
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    pandas.DataFrame
        One row per (run, question), sorted: ``run, question, r, a, R, l, NR, NP, F``
        (NR, NP and F in [0, 1]).

    References
    ----------
    Voorhees (2003); Lin & Demner-Fushman (2005), in full at :func:`length_precision`.

    Examples
    --------
    Run ``r1`` returns vital ``n1`` and okay ``n3`` in 150 characters (200 allowed);
    ``r2`` returns nothing:

    >>> import pandas as pd
    >>> from evalkit.metrics.nuggets import score_run
    >>> key = pd.DataFrame({"question": ["q1"] * 3, "nugget": ["n1", "n2", "n3"],
    ...                     "label": ["vital", "vital", "okay"]})
    >>> judgments = pd.DataFrame({"run": ["r1", "r1"], "question": ["q1", "q1"],
    ...                           "nugget": ["n1", "n3"], "present": [1, 1]})
    >>> responses = pd.DataFrame({"run": ["r1", "r2"], "question": ["q1", "q1"],
    ...                           "answer": ["x" * 150, "y" * 10]})
    >>> score_run(key, judgments, responses).round(4)
      run question    r    a    R    l   NR   NP       F
    0  r1       q1  1.0  1.0  2.0  150  0.5  1.0  0.5263
    1  r2       q1  0.0  0.0  2.0   10  0.0  0.0  0.0000
    """
    if weighting not in ("official", "pyramid"):
        raise ParameterError("weighting", weighting, "official or pyramid")
    k = _key_weights(key, weighting)
    for name, frame, cols in (
        ("judgments", judgments, ("run", "question", "nugget", "present")),
        ("responses", responses, ("run", "question", "answer")),
    ):
        check_columns(frame, cols, name)
    j = judgments[judgments["present"].astype(int) == 1][
        ["run", "question", "nugget"]
    ].drop_duplicates()
    j = j.merge(k, on=["question", "nugget"], how="left", indicator=True)
    if (j["_merge"] != "both").any():
        row = j[j["_merge"] != "both"].iloc[0]
        raise ParameterError(
            "judgments",
            f"question {row['question']}, nugget {row['nugget']}",
            "nuggets listed in the answer key",
        )
    totals = k.groupby("question")["weight"].sum().rename("R")
    lengths = (
        responses.assign(l=responses["answer"].map(count_nonwhitespace))
        .groupby(["run", "question"], sort=False)["l"]
        .sum()
    )
    hits = (
        j.assign(n=1.0, okay=(j["weight"] == 0).astype(float))
        .groupby(["run", "question"])[["weight", "n", "okay"]]
        .sum()
    )
    out = lengths.to_frame().join(hits, how="outer").fillna(0.0).reset_index()
    out = out.merge(totals, left_on="question", right_index=True, how="left")
    if out["R"].isna().any():
        raise ParameterError(
            "responses", out.loc[out["R"].isna(), "question"].iloc[0], "questions of the answer key"
        )
    out = out.rename(columns={"weight": "r"})
    out["a"] = out["n"] - out["r"] if weighting == "official" else out["okay"]
    out["NR"] = np.where(out["R"] > 0, out["r"] / out["R"].where(out["R"] > 0, 1), 0.0)
    out["NP"] = length_precision(out["l"].to_numpy(), out["n"].to_numpy(), allowance)
    out["F"] = f_measure(out["NR"].to_numpy(), out["NP"].to_numpy(), beta)
    return (
        out[["run", "question", "r", "a", "R", "l", "NR", "NP", "F"]]
        .sort_values(["run", "question"])
        .reset_index(drop=True)
    )


def run_scores(per_question: pd.DataFrame, questions: Optional[Sequence] = None) -> pd.Series:
    """Mean F per run over ``questions`` (default: every question any run answered; a run
    missing a question scores F = 0 on it, as TREC counts an empty response).

    Parameters
    ----------
    per_question : pandas.DataFrame
        :func:`score_run`'s output (at least ``run, question, F``).
    questions : sequence, optional
        The questions to average over (default: every question in ``per_question``).

    Returns
    -------
    pandas.Series
        Mean F per run, named ``F``, indexed by run.

    Examples
    --------
    Run ``b`` did not answer ``q2``: it counts as F = 0 there.

    >>> import pandas as pd
    >>> from evalkit.metrics.nuggets import run_scores
    >>> per_question = pd.DataFrame({"run": ["a", "a", "b"], "question": ["q1", "q2", "q1"],
    ...                              "F": [0.5, 1.0, 0.8]})
    >>> run_scores(per_question).to_dict()
    {'a': 0.75, 'b': 0.4}
    """
    qs = (
        list(questions)
        if questions is not None
        else sorted(per_question["question"].unique(), key=str)
    )
    wide = per_question.pivot_table(index="run", columns="question", values="F", aggfunc="first")
    wide = wide.reindex(columns=qs).fillna(0.0)
    return wide.mean(axis=1).rename("F")
