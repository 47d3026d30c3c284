"""ROUGE variants: one variant as a registered metric, and the grid of variants in one pass.

A ROUGE *variant* fixes everything :mod:`evalkit.metrics.rouge` leaves open: the counting
method (the script's tag without ``ROUGE-``: ``"1"``..``"9"``, ``"L"``, ``"W-1.2"``,
``"S4"``, ``"SU4"``, ``"S*"``, ...), stemming (``-m``), stop-word removal (``-s``), the
score (R, P or F with ``alpha``), model scoring (``-f A|B``) and truncation. Graham (2015)
names them ``<method>_ST<0|1>_RS<0|1>[_<A|M>]_<P|R|F>``, e.g. ``R2_ST1_RS1_A_P`` (methods
``R1``..``R4``, ``RS4``, ``RSU4``, ``RW`` = W-1.2, ``RL``; A/M = system mean/median).

:class:`RougeVariant` is an :class:`evalkit.metrics.base.Metric` (registered as
``rouge``): per summary the score exactly as ROUGE-1.5.5.pl prints it (``-d``), with the
additive statistics ``[score, 1]``; the corpus score is the mean over summaries,
``sum(score) / n``, in [0, 1] (the plain mean; the script's printed ``Average_X`` is a
bootstrap mean: :meth:`evalkit.metrics.rouge.Rouge.score`).

:func:`rouge_variant_grid` scores 8 methods x stemming x stop words x P/R/F in one pass
(Graham's 192 variants with the system mean and median of :func:`aggregate_variant_grid`):
cleaning and truncation are shared by the four (stem, stop) cells, and so are the stems
(once per word), the (peer, model) pairs and the distinct sentence pairs of ROUGE-L/W; a
stemming cell copies the unstemmed cell's LCS/WLCS back-traces wherever stemming made no
new pair of words equal (see :mod:`evalkit.metrics.rouge_kernels`). Each value equals the per-summary score of
``ROUGE-1.5.5.pl -n 4 -w 1.2 -2 4 -U -f A -p alpha [-m] [-s] -d`` (``tests/test_rouge_parity.py``).
"""

from __future__ import annotations

import re
from typing import Dict, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.metrics.base import Metric
from evalkit.metrics.registry import register_metric
from evalkit.metrics.rouge import Rouge, RougeCorpus, method_scores
from evalkit.metrics.rouge_text import CleanedTexts, Text

__all__ = [
    "GRID_METHODS",
    "RougeVariant",
    "variant_id",
    "variant_ids",
    "parse_variant_id",
    "rouge_variant_grid",
    "aggregate_variant_grid",
]

#: Graham's method tags and the script's method names they stand for
GRID_METHODS: Dict[str, str] = {
    "R1": "1",
    "R2": "2",
    "R3": "3",
    "R4": "4",
    "RS4": "S4",
    "RSU4": "SU4",
    "RW": "W-1.2",
    "RL": "L",
}
_TAG_OF = {f"ROUGE-{m}": tag for tag, m in GRID_METHODS.items()}
_ID = re.compile(
    r"^(?P<method>R(?:[1-9]|L|W|S\d+|SU\d+))_ST(?P<stem>[01])_RS(?P<stop>[01])"
    r"(?:_(?P<aggregate>[AM]))?_(?P<score>[PRF])$"
)
_METHOD = re.compile(r"^(?:(?P<n>[1-9])|L|W-(?P<w>\d+(?:\.\d+)?)|(?P<su>SU|S)(?P<skip>\d+|\*))$")


def variant_id(
    method: str, stem: bool, stopwords: bool, score: str, aggregate: Optional[str] = None
) -> str:
    """Graham's id of a variant.

    Parameters
    ----------
    method : str
        Graham's method tag (``"R2"``, ``"RSU4"``, ``"RW"``, ...; :data:`GRID_METHODS`).
    stem, stopwords : bool
        ``-m`` and ``-s``.
    score : {"P", "R", "F"}
        The score.
    aggregate : {"A", "M"}, optional
        System-level mean or median; None for a per-summary variant.

    Returns
    -------
    str
        ``METHOD_ST0|1_RS0|1[_A|M]_P|R|F``.

    Examples
    --------
    >>> from evalkit.metrics.rouge_variants import variant_id
    >>> variant_id("R2", True, True, "P", "A")
    'R2_ST1_RS1_A_P'
    """
    agg = f"_{aggregate}" if aggregate else ""
    return f"{method}_ST{int(bool(stem))}_RS{int(bool(stopwords))}{agg}_{score}"


def variant_ids(frame: pd.DataFrame) -> pd.Series:
    """:func:`variant_id` of every row of a :func:`rouge_variant_grid` frame, with its
    aggregate where the frame has an ``aggregate`` column (per-summary ids where not).

    Parameters
    ----------
    frame : pandas.DataFrame
        Columns ``method`` (Graham's tag), ``stem``, ``stopwords`` (bool), ``score`` and
        optionally ``aggregate``.

    Returns
    -------
    pandas.Series
        The ids, on ``frame``'s index.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.metrics.rouge_variants import variant_ids
    >>> frame = pd.DataFrame({"method": ["R2"], "stem": [True], "stopwords": [False],
    ...                       "score": ["P"]})
    >>> variant_ids(frame).tolist(), variant_ids(frame.assign(aggregate="M")).tolist()
    (['R2_ST1_RS0_P'], ['R2_ST1_RS0_M_P'])
    """
    ids = (
        frame["method"]
        + "_ST"
        + frame["stem"].astype(int).astype(str)
        + "_RS"
        + frame["stopwords"].astype(int).astype(str)
    )
    if "aggregate" in frame:
        ids = ids + "_" + frame["aggregate"]
    return ids + "_" + frame["score"]


def parse_variant_id(text: str) -> dict:
    """``{"method", "stem", "stopwords", "aggregate", "score"}`` of a Graham id (``method`` in
    the script's spelling: ``R2`` -> ``"2"``, ``RW`` -> ``"W-1.2"``, ``RSU4`` -> ``"SU4"``).

    Parameters
    ----------
    text : str
        A Graham id (:func:`variant_id`).

    Returns
    -------
    dict
        Its parts; a :class:`~evalkit.errors.ParameterError` for anything else.

    Examples
    --------
    >>> from evalkit.metrics.rouge_variants import parse_variant_id
    >>> parse_variant_id("R2_ST1_RS1_A_P")
    {'method': '2', 'stem': True, 'stopwords': True, 'aggregate': 'A', 'score': 'P'}
    """
    m = _ID.match(text) if isinstance(text, str) else None
    if m is None:
        raise ParameterError(
            "variant",
            text,
            "a Graham (2015) id METHOD_ST0|1_RS0|1[_A|M]_P|R|F, e.g. R2_ST1_RS1_A_P",
        )
    tag = m.group("method")
    method = GRID_METHODS.get(tag, tag[1:])
    return {
        "method": method,
        "stem": m.group("stem") == "1",
        "stopwords": m.group("stop") == "1",
        "aggregate": m.group("aggregate"),
        "score": m.group("score"),
    }


def _rouge_for(method: str, **settings) -> Rouge:
    """A :class:`Rouge` configuration that counts ``method`` (and as little else as it can)."""
    m = _METHOD.match(method) if isinstance(method, str) else None
    if m is None:
        raise ParameterError(
            "method",
            method,
            "a ROUGE method tag: '1'..'9', 'L', 'W-<weight>', 'S<k>', 'SU<k>', 'S*' or 'SU*'",
        )
    if m.group("n"):
        return Rouge(n=int(m.group("n")), lcs=False, **settings)
    if method == "L":
        return Rouge(n=0, lcs=True, **settings)
    if m.group("w"):
        return Rouge(n=0, lcs=False, w=float(m.group("w")), **settings)
    skip = -1 if m.group("skip") == "*" else int(m.group("skip"))
    return Rouge(n=0, lcs=False, skip=skip, su=m.group("su"), **settings)


class RougeVariant(Metric):
    """One ROUGE variant as a metric: per-summary ROUGE-1.5.5 scores, corpus mean.

    Parameters
    ----------
    method : the script's method tag without ``ROUGE-`` (``"1"``, ``"2"``, ``"L"``,
        ``"W-1.2"``, ``"S4"``, ``"SU4"``, ``"S*"``, ...).
    score : ``"R"``, ``"P"`` or ``"F"`` (F with ``alpha``, ``-p``).
    stem, stopwords : ``-m`` and ``-s``.
    scoring : ``"A"`` (model average) or ``"B"`` (best model), ``-f``.
    length_limit, byte_limit : ``-l`` / ``-b`` truncation (not both).

    ``hyps`` are summaries (a string with one sentence per line, or a list of sentences);
    ``refs[i]`` is the list of summary i's references (same forms).

    Examples
    --------
    >>> from evalkit.metrics.rouge_variants import RougeVariant
    >>> m = RougeVariant(method="2", score="F")
    >>> float(m.corpus_score(["the cat sat"], [["the cat sat down"]]))
    0.8
    """

    name = "rouge"
    n_statistics = 2

    def __init__(
        self,
        method: str = "1",
        score: str = "F",
        stem: bool = False,
        stopwords: bool = False,
        scoring: str = "A",
        alpha: float = 0.5,
        length_limit: Optional[int] = None,
        byte_limit: Optional[int] = None,
    ):
        if score not in ("R", "P", "F"):
            raise ParameterError("score", score, "'R', 'P' or 'F'")
        for what, value in (("stem", stem), ("stopwords", stopwords)):
            if not isinstance(value, bool):
                raise ParameterError(what, value, "True or False")
        self._rouge = _rouge_for(
            method,
            stem=stem,
            stopwords=stopwords,
            scoring=scoring,
            alpha=alpha,
            length_limit=length_limit,
            byte_limit=byte_limit,
        )
        self.method, self.score = method, score
        self.tag = f"ROUGE-{method}"

    def signature(self) -> str:
        return self.build_signature(self.signature_options())

    def signature_options(self):
        """Method, score, aggregation and the ROUGE-1.5.5 settings as signature options."""
        return [
            ("method", self.method),
            ("score", self.score),
            ("agg", "mean"),
        ] + self._rouge.signature_options()

    def segment_statistics(
        self, hyps: Sequence[Text], refs: Sequence[Sequence[Text]]
    ) -> np.ndarray:
        """``(n_summaries, 2)`` float64: ``[score, 1]`` per summary (in input order)."""
        corpus = RougeCorpus.from_lists(hyps, refs)
        scores = self._rouge.per_summary_scores(corpus)
        values = scores.loc[scores["metric"] == self.tag, self.score].to_numpy(dtype=np.float64)
        if len(values) != len(hyps):
            raise ParameterError(
                "hyps", f"{len(values)} scored summaries", f"{len(hyps)}, one score per summary"
            )
        return np.column_stack([values, np.ones(len(values))])

    def _score_one(self, stats_sum) -> float:
        total, n = float(stats_sum[0]), float(stats_sum[1])
        return total / n if n > 0 else 0.0

    def _score_many(self, stats_sums: np.ndarray) -> np.ndarray:
        total, n = stats_sums[:, 0].astype(np.float64), stats_sums[:, 1].astype(np.float64)
        return np.where(n > 0, total / np.where(n > 0, n, 1.0), 0.0)


@register_metric("rouge")
def rouge(
    method: Optional[str] = None,
    score: Optional[str] = None,
    stem: Optional[bool] = None,
    stopwords: Optional[bool] = None,
    scoring: str = "A",
    alpha: float = 0.5,
    length_limit: Optional[int] = None,
    byte_limit: Optional[int] = None,
    variant: Optional[str] = None,
) -> RougeVariant:
    """A :class:`RougeVariant` (defaults: ROUGE-1 F, no stemming, no stop-word removal), or
    the variant a Graham id names (``variant="R2_ST1_RS1_A_P"``; only the mean, A, is a
    function of summed statistics).

    Parameters
    ----------
    method, score, stem, stopwords, scoring, alpha, length_limit, byte_limit
        As :class:`RougeVariant` (None: the default, or what ``variant`` says).
    variant : str, optional
        A Graham id (:func:`parse_variant_id`); not together with ``method`` etc.

    Returns
    -------
    RougeVariant
        The configured metric (registered as ``"rouge"``).

    Examples
    --------
    >>> from evalkit.metrics import get_metric
    >>> m = get_metric("rouge", variant="R1_ST0_RS0_A_R")
    >>> float(m.corpus_score(["the cat sat"], [["the cat sat down"]]))
    0.75
    """
    if variant is not None:
        given = [
            k
            for k, v in (
                ("method", method),
                ("score", score),
                ("stem", stem),
                ("stopwords", stopwords),
            )
            if v is not None
        ]
        if given:
            raise ParameterError(
                given[0], locals()[given[0]], f"not set together with variant={variant!r}"
            )
        parts = parse_variant_id(variant)
        if parts["aggregate"] == "M":
            raise ParameterError(
                "variant",
                variant,
                "an A (mean) or per-summary id; the median (M) is not a function "
                "of summed statistics (use aggregate_variant_grid)",
            )
        method, score, stem, stopwords = (
            parts["method"],
            parts["score"],
            parts["stem"],
            parts["stopwords"],
        )
    return RougeVariant(
        method=method or "1",
        score=score or "F",
        stem=bool(stem),
        stopwords=bool(stopwords),
        scoring=scoring,
        alpha=alpha,
        length_limit=length_limit,
        byte_limit=byte_limit,
    )


def rouge_variant_grid(
    summaries: Sequence[Text],
    references: Sequence[Sequence[Text]],
    instance_ids: Sequence[str],
    system_ids: Sequence[str],
    length_limit: Optional[int] = None,
    byte_limit: Optional[int] = None,
    alpha: float = 0.5,
    per_summary: bool = False,
) -> pd.DataFrame:
    """The 192 ROUGE variants of Graham (2015) in one pass, as one tidy long frame.

    8 counting methods (ROUGE-1..4, S4, SU4, W-1.2, L) x stemming x stop-word removal x
    P/R/F x system-level mean (A) / median (M) of the per-summary scores, each per-summary
    score exactly as ``ROUGE-1.5.5.pl -n 4 -w 1.2 -2 4 -U -f A -p alpha [-m] [-s] -d``
    prints it. Columns: system, method (Graham's tag, :data:`GRID_METHODS`), stem,
    stopwords, score, aggregate, variant (e.g. ``R2_ST1_RS1_A_P``), value.
    ``per_summary=True`` instead returns the per-summary scores (instance, system, method,
    stem, stopwords, score, value). For DUC-2004 as in Graham (2015) pass
    ``byte_limit=665`` (the official limit; the paper names no flags).

    Parameters
    ----------
    summaries : sequence
        One summary per entry (a string, one sentence per line, or a list of sentences).
    references : sequence of sequence
        Each summary's references (same forms).
    instance_ids, system_ids : sequence of str
        Each summary's instance and system.
    length_limit, byte_limit : int, optional
        ``-l`` / ``-b`` truncation (not both).
    alpha : float
        ``-p`` (F's weight).
    per_summary : bool
        Return the per-summary scores instead of the system-level variants.

    Returns
    -------
    pandas.DataFrame
        The long frame described above.

    Examples
    --------
    >>> from evalkit.metrics.rouge_variants import rouge_variant_grid
    >>> g = rouge_variant_grid([["the cat sat"]], [[["the cat sat down"]]], ["d1"], ["s1"])
    >>> len(g), float(g.set_index("variant").at["R1_ST0_RS0_A_R", "value"])
    (192, 0.75)
    """
    corpus = RougeCorpus.from_lists(summaries, references, instance_ids, system_ids)
    # -n 4 -w 1.2 -2 4 -U: every method of the grid in one count per (stem, stop words) cell
    battery = dict(
        n=4, w=1.2, skip=4, su="both", length_limit=length_limit, byte_limit=byte_limit, alpha=alpha
    )
    base = Rouge(**battery)
    cleaned = CleanedTexts(corpus.texts, base.length_limit, base.byte_limit)
    peer_ids = sorted({p for _, ps, _ in corpus.evals for p in ps})
    # the long frame of melt(wide, value_vars=P, R, F) over the cells (stem, then stop
    # words), methods and instance rows, built from the arrays (no frame per method)
    blocks = {"P": [], "R": [], "F": []}
    tags, stems, stops = [], [], []
    rows: list = []
    for st in (False, True):
        for rs in (False, True):
            cfg = Rouge(stem=st, stopwords=rs, **battery)
            counts = cfg._counts(corpus, peer_ids, cleaned)
            rows = counts.rows
            for method, R, P, F, *_ in method_scores(counts, cfg):
                blocks["P"].append(P)
                blocks["R"].append(R)
                blocks["F"].append(F)
                tags.append(_TAG_OF[method])
                stems.append(st)
                stops.append(rs)
    n_rows, n_blocks = len(rows), len(tags)
    per_row = np.tile(np.arange(n_rows), 3 * n_blocks)
    per_block = np.tile(np.repeat(np.arange(n_blocks), n_rows), 3)
    long = pd.DataFrame(
        {
            "instance": _strings([e for e, _ in rows], per_row),
            "system": _strings([p for _, p in rows], per_row),
            "method": _strings(tags, per_block),
            "stem": np.asarray(stems, dtype=bool)[per_block],
            "stopwords": np.asarray(stops, dtype=bool)[per_block],
            "score": _strings(["P", "R", "F"], np.repeat(np.arange(3), n_rows * n_blocks)),
            "value": np.concatenate(
                [np.concatenate(blocks[s]) if n_blocks else np.zeros(0) for s in ("P", "R", "F")]
            ),
        }
    )
    if per_summary:
        return long
    return aggregate_variant_grid(long)


def _strings(values: list, index: np.ndarray):
    """``values[index]`` as a column of pandas' default string dtype (taken, not re-parsed)."""
    return pd.Series(values, dtype=None if values else object).array.take(index)


def aggregate_variant_grid(per_summary: pd.DataFrame) -> pd.DataFrame:
    """System-level A (mean) and M (median) of ``rouge_variant_grid(..., per_summary=True)``.

    Parameters
    ----------
    per_summary : pandas.DataFrame
        ``instance, system, method, stem, stopwords, score, value``.

    Returns
    -------
    pandas.DataFrame
        The frame :func:`rouge_variant_grid` returns without ``per_summary``.

    Examples
    --------
    >>> from evalkit.metrics.rouge_variants import aggregate_variant_grid, rouge_variant_grid
    >>> ps = rouge_variant_grid(
    ...     [["the cat sat"]], [[["the cat sat down"]]], ["d1"], ["s1"], per_summary=True
    ... )
    >>> float(aggregate_variant_grid(ps).set_index("variant").at["R1_ST0_RS0_M_R", "value"])
    0.75
    """
    long = per_summary
    keys = ["system", "method", "stem", "stopwords", "score"]
    g = long.groupby(keys, sort=True)["value"]
    agg = pd.concat([g.mean().rename("A"), g.median().rename("M")], axis=1).reset_index()
    out = agg.melt(id_vars=keys, value_vars=["A", "M"], var_name="aggregate", value_name="value")
    out["variant"] = variant_ids(out)
    return out[["system", "method", "stem", "stopwords", "score", "aggregate", "variant", "value"]]
