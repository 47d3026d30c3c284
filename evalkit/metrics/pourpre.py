"""POURPRE: automatic scoring of definition-question answers by unigram co-occurrence.

Lin & Demner-Fushman (2005), "Automatically Evaluating Answers to Definition Questions"
(HLT/EMNLP), named in their workshop paper "Evaluating Summaries and Answers: Two Sides of
the Same Coin?" as "idf-weighted unigram co-occurrences" (notes: acl2005-workshop-part-B
P1.2b; the workshop paper gives no formula, so this is the reading the notes record).

For a nugget description n and an answer string s, with terms T(x) = the set of lower-cased
alphanumeric tokens of x minus ROUGE's SMART stop list (optionally Porter-stemmed)::

    match(n, s) = sum_{t in T(n) & T(s)} w(t) / sum_{t in T(n)} w(t)
    w(t) = 1 (weighting="count")   or   idf(t) = log(N / df(t)) (weighting="idf")

over the N documents of an idf collection (default: every answer string scored, pooled;
a term unseen in it has df = 1). A nugget's score is its best match over the response's
answer strings; ``scoring="fractional"`` sums those scores into r (vital) and a (okay),
``scoring="binary"`` counts nuggets with a non-zero match. r and a then go through the
official recall / length-allowance / F(beta) formulas of :mod:`evalkit.metrics.nuggets`
(the allowance uses the same soft counts). Scores lie in [0, 1].

Registered as ``get_metric("pourpre", beta=..., weighting=...)`` (:class:`Pourpre`: one
segment per question, statistics ``[F, 1]``, corpus score = mean F). The official nugget F
(:mod:`evalkit.metrics.nuggets`) is not a registered text metric: it scores assessors'
nugget judgments, not text against references.

Why our own: the authors' Perl scripts (pourpre-1.0c/i.pl) are not on PyPI and the
co-occurrence itself is a few lines over the shared ROUGE stop list and Porter stemmer.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from typing import Dict, FrozenSet, Iterable, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns
from evalkit.metrics.nuggets import ALLOWANCE, count_nonwhitespace, f_measure, length_precision
from evalkit.text import porter_rouge, rouge_resources

__all__ = ["terms", "idf_table", "match_score", "pourpre", "Pourpre", "WEIGHTINGS", "SCORINGS"]

WEIGHTINGS = ("count", "idf")
SCORINGS = ("fractional", "binary")
_TOKEN = re.compile(r"[a-z0-9]+")


def terms(text: str, stem: bool = True, stopwords: bool = True) -> FrozenSet[str]:
    """The set of content terms of ``text`` (lower-cased, SMART stop words removed, stemmed).

    Parameters
    ----------
    text : str
        Any text (a non-string raises :class:`~evalkit.errors.ParameterError`).
    stem : bool, default True
        Porter-stem the terms (ROUGE's stemmer).
    stopwords : bool, default True
        Remove ROUGE's SMART stop words.

    Returns
    -------
    frozenset of str
        The distinct lower-cased alphanumeric tokens that remain.

    Examples
    --------
    >>> from evalkit.metrics.pourpre import terms
    >>> sorted(terms("The cats are running")), sorted(terms("The cats", stem=False))
    (['cat', 'run'], ['cats'])
    """
    if not isinstance(text, str):
        raise ParameterError("text", text, "a string")
    stop = rouge_resources.load_stopwords() if stopwords else frozenset()
    toks = [t for t in _TOKEN.findall(text.lower()) if t not in stop]
    return frozenset(porter_rouge.stem(t) if stem else t for t in toks)


def idf_table(
    documents: Iterable[str], stem: bool = True, stopwords: bool = True
) -> Dict[str, float]:
    """idf(t) = log(N / df(t)) over ``documents``; the key ``""`` holds N.

    Parameters
    ----------
    documents : iterable of str
        At least one document (else :class:`~evalkit.errors.ParameterError`).
    stem, stopwords : bool, default True
        As in :func:`terms`.

    Returns
    -------
    dict of str to float
        Natural-log idf of every term (0 for a term in every document), and ``""``: N.

    Examples
    --------
    >>> import math
    >>> from evalkit.metrics.pourpre import idf_table
    >>> table = idf_table(["black cat", "white cat"])
    >>> table["cat"], table["black"] == math.log(2), table[""]
    (0.0, True, 2.0)
    """
    df: Counter = Counter()
    n = 0
    for doc in documents:
        n += 1
        df.update(terms(doc, stem, stopwords))
    if n == 0:
        raise ParameterError("documents", "no documents", "at least one document for idf")
    table = {t: math.log(n / c) for t, c in df.items()}
    table[""] = float(n)
    return table


def _weight(t: str, idf: Optional[Dict[str, float]]) -> float:
    if idf is None:
        return 1.0
    return idf.get(t, math.log(idf[""]))  # unseen term: df = 1


def match_score(
    nugget: FrozenSet[str], answer: FrozenSet[str], idf: Optional[Dict[str, float]] = None
) -> float:
    """Weighted share of the nugget's terms found in the answer, in [0, 1] (0 for an empty nugget).

    Parameters
    ----------
    nugget, answer : frozenset of str
        Term sets (:func:`terms`) of the nugget description and of one answer string.
    idf : dict, optional
        An :func:`idf_table`; None (default) weighs every term 1. A term missing from the
        table gets ``log N`` (document frequency 1).

    Returns
    -------
    float
        ``sum_{t in nugget & answer} w(t) / sum_{t in nugget} w(t)`` in [0, 1].

    Examples
    --------
    ``cat`` is half of the nugget ``black cat``, but carries no idf weight when every
    document has it:

    >>> from evalkit.metrics.pourpre import idf_table, match_score, terms
    >>> nugget, answer = terms("black cat"), terms("a cat")
    >>> match_score(nugget, answer)
    0.5
    >>> match_score(nugget, answer, idf_table(["black cat", "white cat"]))
    0.0
    """
    total = sum(_weight(t, idf) for t in nugget)
    if total <= 0:
        return 0.0
    return sum(_weight(t, idf) for t in nugget & answer) / total


def pourpre(
    key: pd.DataFrame,
    responses: pd.DataFrame,
    *,
    beta: float = 3.0,
    weighting: str = "idf",
    scoring: str = "fractional",
    stem: bool = True,
    stopwords: bool = True,
    idf_documents: Optional[Sequence[str]] = None,
    allowance: float = ALLOWANCE,
) -> pd.DataFrame:
    """POURPRE per (run, question): r, a, R, l, NR, NP, F (columns as :func:`nuggets.score_run`).

    ``key``: question, nugget, label (vital|okay), text; ``responses``: run, question, answer.

    Parameters
    ----------
    key : pandas.DataFrame
        The answer key: ``question, nugget, label, text`` (label ``"vital"`` or
        ``"okay"``; text the nugget's description).
    responses : pandas.DataFrame
        ``run, question, answer``, one row per answer string; every question in the key.
    beta : float, default 3.0
        Recall weight of F (3 for TREC 2004, 5 for TREC 2003).
    weighting : str, default "idf"
        ``"idf"`` or ``"count"`` (:data:`WEIGHTINGS`).
    scoring : str, default "fractional"
        ``"fractional"`` (sum of match scores) or ``"binary"`` (nuggets with any match).
    stem, stopwords : bool, default True
        As in :func:`terms`.
    idf_documents : sequence of str, optional
        The idf collection (default: all answer strings of ``responses``).
    allowance : float, default 100
        Characters allowed per (soft) returned nugget.

    Returns
    -------
    pandas.DataFrame
        One row per (run, question): ``run, question, r, a, R, l, NR, NP, F`` (NR, NP, F in
        [0, 1]; r and a may be fractional).

    Raises
    ------
    evalkit.errors.ParameterError
        For a missing column, a label other than vital/okay, an unknown ``weighting`` or
        ``scoring``, or a response to a question not in the key.

    References
    ----------
    Lin & Demner-Fushman (2005), "Automatically Evaluating Answers to Definition
    Questions", HLT/EMNLP.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.pourpre import pourpre
    >>> key = pd.DataFrame({"question": ["q1", "q1"], "nugget": ["n1", "n2"],
    ...                     "label": ["vital", "okay"], "text": ["black cat", "white dog"]})
    >>> responses = pd.DataFrame({"run": ["r1"], "question": ["q1"], "answer": ["a black cat"]})
    >>> pourpre(key, responses, weighting="count")
      run question    r    a    R  l   NR   NP    F
    0  r1       q1  1.0  0.0  1.0  9  1.0  1.0  1.0
    """
    if weighting not in WEIGHTINGS:
        raise ParameterError("weighting", weighting, f"one of {WEIGHTINGS}")
    if scoring not in SCORINGS:
        raise ParameterError("scoring", scoring, f"one of {SCORINGS}")
    for name, frame, cols in (
        ("key", key, ("question", "nugget", "label", "text")),
        ("responses", responses, ("run", "question", "answer")),
    ):
        check_columns(frame, cols, name)
    bad = ~key["label"].isin(("vital", "okay"))
    if bad.any():
        raise ParameterError("key.label", key.loc[bad, "label"].iloc[0], "vital or okay")
    idf = None
    if weighting == "idf":
        docs = list(idf_documents) if idf_documents is not None else list(responses["answer"])
        idf = idf_table(docs, stem, stopwords)
    nug_terms = {
        (q, n): terms(t, stem, stopwords)
        for q, n, t in key[["question", "nugget", "text"]].itertuples(index=False)
    }
    by_q = {q: g for q, g in key.groupby("question", sort=False)}
    rows = []
    for (run, q), group in responses.groupby(["run", "question"], sort=True):
        if q not in by_q:
            raise ParameterError("responses", q, "questions of the answer key")
        answers = [terms(a, stem, stopwords) for a in group["answer"]]
        r = a = 0.0
        for n, label in by_q[q][["nugget", "label"]].itertuples(index=False):
            best = max((match_score(nug_terms[(q, n)], s, idf) for s in answers), default=0.0)
            credit = (1.0 if best > 0 else 0.0) if scoring == "binary" else best
            if label == "vital":
                r += credit
            else:
                a += credit
        R = float((by_q[q]["label"] == "vital").sum())
        rows.append(
            {
                "run": run,
                "question": q,
                "r": r,
                "a": a,
                "R": R,
                "l": count_nonwhitespace(group["answer"]),
            }
        )
    out = pd.DataFrame(rows, columns=["run", "question", "r", "a", "R", "l"])
    out["NR"] = np.where(out["R"] > 0, out["r"] / out["R"].where(out["R"] > 0, 1), 0.0)
    out["NP"] = length_precision(
        out["l"].to_numpy(dtype=float), (out["r"] + out["a"]).to_numpy(), allowance
    )
    out["F"] = f_measure(out["NR"].to_numpy(), out["NP"].to_numpy(), beta)
    return out


# ------------------------------------------------------------------------------ the metric protocol
from evalkit.metrics.base import Metric  # noqa: E402
from evalkit.metrics.registry import register_metric  # noqa: E402


@register_metric("pourpre")
class Pourpre(Metric):
    """POURPRE as a protocol metric: one segment per question.

    ``hyps[i]``: the response (a sequence of answer strings, or one string); ``refs[i]``: the
    answer key, a sequence of nugget descriptions -- a plain string is a vital nugget, a
    ``(label, description)`` pair gives the label (vital/okay). idf (when
    ``weighting="idf"``) is computed over ``idf_documents`` if given, else over the answer
    strings of the call. Statistics ``[F, 1]``; corpus score = mean F over questions.

    Parameters
    ----------
    beta : float, default 3.0
        Recall weight of F, > 0 (else :class:`~evalkit.errors.ParameterError`).
    weighting : str, default "idf"
        ``"idf"`` or ``"count"``.
    scoring : str, default "fractional"
        ``"fractional"`` or ``"binary"``.
    stem, stopwords : bool, default True
        As in :func:`terms`.
    allowance : float, default 100
        Characters allowed per returned nugget.
    idf_documents : sequence of str, optional
        A fixed idf collection (default: the answer strings of each call).

    References
    ----------
    Lin & Demner-Fushman (2005), in full at :func:`pourpre`.

    Examples
    --------
    Question 1 matches its vital nugget (F = 1); question 2 matches half of its vital
    nugget and its okay nugget (NR = 0.5, NP = 1, F = 10 * 0.5 / 9.5 with beta = 3):

    >>> from evalkit.metrics import get_metric
    >>> metric = get_metric("pourpre", weighting="count")
    >>> hyps = ["a black cat", ["it barks", "a dog"]]
    >>> refs = [["black cat"], ["white dog", ("okay", "barks")]]
    >>> round(metric.corpus_score(hyps, refs), 4), round((1 + 5 / 9.5) / 2, 4)
    (0.7632, 0.7632)
    """

    name = "pourpre"

    def __init__(
        self,
        beta: float = 3.0,
        weighting: str = "idf",
        scoring: str = "fractional",
        stem: bool = True,
        stopwords: bool = True,
        allowance: float = ALLOWANCE,
        idf_documents=None,
    ):
        if weighting not in WEIGHTINGS:
            raise ParameterError("weighting", weighting, f"one of {WEIGHTINGS}")
        if scoring not in SCORINGS:
            raise ParameterError("scoring", scoring, f"one of {SCORINGS}")
        if not np.isfinite(beta) or beta <= 0:
            raise ParameterError("beta", beta, "a number > 0")
        self.beta, self.weighting, self.scoring = float(beta), weighting, scoring
        self.stem, self.stopwords, self.allowance = bool(stem), bool(stopwords), float(allowance)
        self.idf_documents = None if idf_documents is None else list(idf_documents)

    @property
    def n_statistics(self) -> int:
        return 2

    def _options(self) -> dict:
        """The settings :func:`pourpre` takes (and the signature records), but the idf set."""
        names = ("beta", "weighting", "scoring", "stem", "stopwords", "allowance")
        return {name: getattr(self, name) for name in names}

    def signature(self) -> str:
        return self.build_signature(self._options().items())

    def segment_statistics(self, hyps, refs) -> np.ndarray:
        if refs is None or len(hyps) != len(refs):
            raise ParameterError(
                "refs",
                None if refs is None else len(refs),
                f"one answer key per response ({len(hyps)})",
            )
        key = pd.DataFrame(
            [
                {
                    "question": i,
                    "nugget": j,
                    "label": "vital" if isinstance(n, str) else n[0],
                    "text": n if isinstance(n, str) else n[1],
                }
                for i, nuggets_ in enumerate(refs)
                for j, n in enumerate(nuggets_)
            ],
            columns=["question", "nugget", "label", "text"],
        )
        responses = pd.DataFrame(
            [
                {"run": "x", "question": i, "answer": a}
                for i, h in enumerate(hyps)
                for a in ([h] if isinstance(h, str) else h)
            ],
            columns=["run", "question", "answer"],
        )
        if not len(responses) or not responses["answer"].str.strip().astype(bool).any():
            return np.column_stack([np.zeros(len(hyps)), np.ones(len(hyps))])
        per_q = pourpre(key, responses, idf_documents=self.idf_documents, **self._options())
        f = (
            per_q.set_index("question")["F"]
            .reindex(range(len(hyps)))
            .fillna(0.0)
            .to_numpy(dtype=float)
        )
        return np.column_stack([f, np.ones(len(hyps))])

    def _score_one(self, stats_sum: np.ndarray) -> float:
        return float(stats_sum[0] / stats_sum[1]) if stats_sum[1] > 0 else 0.0
