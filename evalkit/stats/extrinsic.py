"""Extrinsic relevance-judgment measures: Relevance-Prediction and LDC-Agreement.

Dorr, Monz, President, Schwartz & Zajic (2005), Sec. 3. Subject u judges each item of
document d as relevant (1) or not (0) to the event, once on a surrogate s (HEAD headline, HUM
human summary) and once on the full text (DOC).

* **Relevance-Prediction** (RP): j(s, d) = 1 when the subject's surrogate judgment equals
  the *same subject's* full-text judgment; RP = sum j / |pairs| over the pooled
  (subject, document) pairs of a group (an event, or all).
* **LDC-Agreement**: the share of surrogate (or full-text) judgments equal to the gold
  (TDT/LDC) relevance label.
* **Outcomes** (Table 6): surrogate/document judgment pairs Rel/Rel (true positive),
  Rel/NonRel (false positive), NonRel/Rel (false negative), NonRel/NonRel (true negative),
  with counts, shares, the mean +- *population* SD of a per-surrogate score (ROUGE-1) over
  the judgments of each outcome, and the mean judgment time.

All rates are in [0, 1]. Layout: ``judgments`` is long: ``subject, event, document,
presentation, judgment`` (0/1) and optionally ``seconds``; ``gold`` is ``event, document,
relevant`` (0/1). A surrogate judgment without the subject's full-text judgment of the same
document is an error (never dropped).

Why our own: these are counts over a specific design; pandas does the grouping.

References:

* Dorr, B. J., Monz, C., President, S., Schwartz, R., & Zajic, D. (2005). A methodology for
  extrinsic evaluation of text summarization: does ROUGE correlate? ACL Workshop on Intrinsic
  and Extrinsic Evaluation Measures.
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns

__all__ = [
    "paired_judgments",
    "relevance_prediction",
    "ldc_agreement",
    "agreement_rates",
    "item_agreement",
    "judgment_outcomes",
    "OUTCOMES",
    "FULL_TEXT",
]

FULL_TEXT = "DOC"
OUTCOMES = ("Rel/Rel", "Rel/NonRel", "NonRel/Rel", "NonRel/NonRel")
_KEYS = ["subject", "event", "document"]


def _check_judgments(judgments: pd.DataFrame) -> pd.DataFrame:
    check_columns(judgments, _KEYS + ["presentation", "judgment"], "judgments")
    bad = ~judgments["judgment"].isin([0, 1])
    if bad.any():
        raise ParameterError(
            "judgments.judgment",
            judgments.loc[bad, "judgment"].iloc[0],
            "0 (not relevant) or 1 (relevant)",
        )
    dup = judgments.duplicated(_KEYS + ["presentation"])
    if dup.any():
        row = judgments[dup].iloc[0]
        got = f"subject {row.subject}, document {row.document}, {row.presentation}"
        raise ParameterError(
            "judgments", got, "one judgment per subject, document and presentation"
        )
    return judgments


def paired_judgments(judgments: pd.DataFrame, surrogate: str) -> pd.DataFrame:
    """Surrogate judgments beside the same subject's full-text judgment.

    Parameters
    ----------
    judgments : pandas.DataFrame
        Long ``subject, event, document, presentation, judgment`` (0/1), one judgment per
        subject, document and presentation (else :class:`~evalkit.errors.ParameterError`).
    surrogate : str
        A presentation other than :data:`FULL_TEXT` (``"DOC"``), e.g. ``"HEAD"``; every one of
        its judgments needs the subject's full-text judgment of the document.

    Returns
    -------
    pandas.DataFrame
        The surrogate's rows with a ``doc_judgment`` column.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import paired_judgments
    >>> j = pd.DataFrame({"subject": 1, "event": "e", "document": [1, 2, 1, 2],
    ...                   "presentation": ["HEAD", "HEAD", "DOC", "DOC"], "judgment": [1, 0, 1, 1]})
    >>> paired_judgments(j, "HEAD")[["document", "judgment", "doc_judgment"]].values.tolist()
    [[1, 1, 1], [2, 0, 1]]
    """
    j = _check_judgments(judgments)
    if surrogate == FULL_TEXT or surrogate not in set(j["presentation"]):
        raise ParameterError(
            "surrogate",
            surrogate,
            f"a surrogate presentation among {sorted(set(j['presentation']) - {FULL_TEXT})}",
        )
    s = j[j["presentation"] == surrogate]
    d = j[j["presentation"] == FULL_TEXT][_KEYS + ["judgment"]].rename(
        columns={"judgment": "doc_judgment"}
    )
    out = s.merge(d, on=_KEYS, how="left")
    if out["doc_judgment"].isna().any():
        row = out[out["doc_judgment"].isna()].iloc[0]
        raise ParameterError(
            "judgments",
            f"subject {row.subject}, document {row.document}",
            f"a full-text ({FULL_TEXT}) judgment for every {surrogate} judgment",
        )
    out["doc_judgment"] = out["doc_judgment"].astype(int)
    return out


def _rate(frame: pd.DataFrame, hit: pd.Series, by: Optional[Sequence[str]]) -> pd.Series | float:
    if not by:
        return float(hit.mean())
    return hit.groupby([frame[c] for c in by]).mean().rename("rate")


def relevance_prediction(
    judgments: pd.DataFrame, surrogate: str, by: Optional[Sequence[str]] = None
):
    """Relevance-Prediction of a surrogate: agreement with the same subject's full-text judgment.

    Parameters
    ----------
    judgments : pandas.DataFrame
        As :func:`paired_judgments`.
    surrogate : str
    by : sequence of str, optional
        Group columns (e.g. ``["event"]``); None pools all pairs.

    Returns
    -------
    float or pandas.Series
        RP in [0, 1]: a float overall, a Series ``rate`` per group.

    Examples
    --------
    Subject 1 agrees with themself on one of two documents:

    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import relevance_prediction
    >>> j = pd.DataFrame({"subject": 1, "event": ["e1", "e2"] * 2, "document": [1, 2, 1, 2],
    ...                   "presentation": ["HUM", "HUM", "DOC", "DOC"], "judgment": [0, 1, 1, 1]})
    >>> relevance_prediction(j, "HUM"), relevance_prediction(j, "HUM", by=["event"]).tolist()
    (0.5, [0.0, 1.0])
    """
    p = paired_judgments(judgments, surrogate)
    return _rate(p, (p["judgment"] == p["doc_judgment"]).astype(float), by)


def _with_gold(judgments: pd.DataFrame, gold: pd.DataFrame, presentation: str) -> pd.DataFrame:
    check_columns(gold, ["event", "document", "relevant"], "gold")
    j = _check_judgments(judgments)
    s = j[j["presentation"] == presentation]
    if s.empty:
        raise ParameterError(
            "presentation", presentation, f"one of {sorted(set(j['presentation']))}"
        )
    out = s.merge(gold[["event", "document", "relevant"]], on=["event", "document"], how="left")
    if out["relevant"].isna().any():
        row = out[out["relevant"].isna()].iloc[0]
        raise ParameterError(
            "gold",
            f"event {row.event}, document {row.document}",
            "a gold label for every judged document",
        )
    return out


def ldc_agreement(
    judgments: pd.DataFrame,
    gold: pd.DataFrame,
    presentation: str,
    by: Optional[Sequence[str]] = None,
):
    """LDC-Agreement: the share of a presentation's judgments equal to the gold label.

    Parameters
    ----------
    judgments : pandas.DataFrame
        As :func:`paired_judgments`.
    gold : pandas.DataFrame
        ``event, document, relevant`` (0/1), a label for every judged document (else
        :class:`~evalkit.errors.ParameterError`).
    presentation : str
        A surrogate or ``"DOC"``.
    by : sequence of str, optional

    Returns
    -------
    float or pandas.Series
        In [0, 1].

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import ldc_agreement
    >>> j = pd.DataFrame({"subject": [1, 2, 1, 2], "event": "e", "document": [7, 7, 8, 8],
    ...                   "presentation": "DOC", "judgment": [1, 1, 1, 0]})
    >>> gold = pd.DataFrame({"event": "e", "document": [7, 8], "relevant": [1, 0]})
    >>> ldc_agreement(j, gold, "DOC")
    0.75
    """
    g = _with_gold(judgments, gold, presentation)
    return _rate(g, (g["judgment"] == g["relevant"].astype(int)).astype(float), by)


def agreement_rates(
    judgments: pd.DataFrame, gold: pd.DataFrame, surrogates: Sequence[str]
) -> pd.DataFrame:
    """Dorr et al.'s Table 1 layout: LDC and RP rates per surrogate and event, and overall.

    Parameters
    ----------
    judgments : pandas.DataFrame
        As :func:`paired_judgments`, optionally with ``seconds``.
    gold : pandas.DataFrame
        As :func:`ldc_agreement`.
    surrogates : sequence of str

    Returns
    -------
    pandas.DataFrame
        ``surrogate, event, ldc, rp`` per event and an ``overall`` row per surrogate (with
        ``seconds``, the mean judgment time, when the judgments have it).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import agreement_rates
    >>> j = pd.DataFrame({"subject": 1, "event": "e", "document": [1, 2, 1, 2],
    ...                   "presentation": ["HEAD"] * 2 + ["DOC"] * 2, "judgment": [1, 1, 1, 0]})
    >>> gold = pd.DataFrame({"event": "e", "document": [1, 2], "relevant": [1, 0]})
    >>> agreement_rates(j, gold, ["HEAD"]).values.tolist()
    [['HEAD', 'e', 0.5, 0.5], ['HEAD', 'overall', 0.5, 0.5]]
    """
    rows = []
    for s in surrogates:
        rp = relevance_prediction(judgments, s, by=["event"])
        ldc = ldc_agreement(judgments, gold, s, by=["event"])
        for ev in rp.index:
            rows.append({"surrogate": s, "event": ev, "ldc": ldc[ev], "rp": rp[ev]})
        row = {
            "surrogate": s,
            "event": "overall",
            "ldc": ldc_agreement(judgments, gold, s),
            "rp": relevance_prediction(judgments, s),
        }
        if "seconds" in judgments:
            row["seconds"] = float(judgments.loc[judgments["presentation"] == s, "seconds"].mean())
        rows.append(row)
    return pd.DataFrame(rows)


def item_agreement(
    judgments: pd.DataFrame, gold: pd.DataFrame, surrogate: str, measure: str
) -> pd.Series:
    """Per (event, document) mean agreement over subjects.

    Parameters
    ----------
    judgments : pandas.DataFrame
        As :func:`paired_judgments`.
    gold : pandas.DataFrame
        As :func:`ldc_agreement` (used for ``"ldc"``).
    surrogate : str
    measure : {"rp", "ldc"}
        Else :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    pandas.Series
        Indexed by (event, document), named ``measure``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import item_agreement
    >>> j = pd.DataFrame({"subject": [1, 2, 1, 2], "event": "e", "document": 3,
    ...                   "presentation": ["HEAD", "HEAD", "DOC", "DOC"], "judgment": [1, 0, 1, 1]})
    >>> item_agreement(j, None, "HEAD", "rp").tolist()
    [0.5]
    """
    if measure == "rp":
        p = paired_judgments(judgments, surrogate)
        hit = (p["judgment"] == p["doc_judgment"]).astype(float)
    elif measure == "ldc":
        p = _with_gold(judgments, gold, surrogate)
        hit = (p["judgment"] == p["relevant"].astype(int)).astype(float)
    else:
        raise ParameterError("measure", measure, "rp or ldc")
    return hit.groupby([p["event"], p["document"]]).mean().rename(measure)


def judgment_outcomes(
    judgments: pd.DataFrame, surrogate: str, scores: Optional[pd.Series] = None
) -> pd.DataFrame:
    """Dorr et al.'s Table 6: surrogate/full-text outcome counts, shares, scores and times.

    Parameters
    ----------
    judgments : pandas.DataFrame
        As :func:`paired_judgments`, optionally with ``seconds``.
    surrogate : str
    scores : pandas.Series, optional
        Indexed by (event, document): the surrogate's score (e.g. ROUGE-1); each judgment
        contributes its surrogate's score once. A judged surrogate without a score raises
        :class:`~evalkit.errors.ParameterError`.

    Returns
    -------
    pandas.DataFrame
        One row per outcome of :data:`OUTCOMES` (Rel/Rel, Rel/NonRel, NonRel/Rel,
        NonRel/NonRel: surrogate judgment / full-text judgment) and a ``TOTAL`` row:
        ``outcome, count, share[, score_mean, score_sd][, seconds]`` (population sd).

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.extrinsic import judgment_outcomes
    >>> j = pd.DataFrame({"subject": [1, 1, 2, 2] * 2, "event": "e", "document": [1, 2] * 4,
    ...                   "presentation": ["HEAD"] * 4 + ["DOC"] * 4,
    ...                   "judgment": [1, 0, 1, 1, 1, 0, 0, 1]})
    >>> judgment_outcomes(j, "HEAD")[["outcome", "count"]].values.tolist()
    [['Rel/Rel', 2], ['Rel/NonRel', 1], ['NonRel/Rel', 0], ['NonRel/NonRel', 1], ['TOTAL', 4]]
    """
    p = paired_judgments(judgments, surrogate)
    p["outcome"] = np.array(OUTCOMES)[(1 - p["judgment"]) * 2 + (1 - p["doc_judgment"])]
    if scores is not None:
        idx = pd.MultiIndex.from_frame(p[["event", "document"]])
        vals = scores.reindex(idx)
        if vals.isna().any():
            raise ParameterError(
                "scores", "missing (event, document)", "a score for every judged surrogate"
            )
        p["score"] = vals.to_numpy()
    rows = []
    for name, g in [(o, p[p["outcome"] == o]) for o in OUTCOMES] + [("TOTAL", p)]:
        row = {"outcome": name, "count": len(g), "share": len(g) / len(p)}
        if scores is not None:
            row["score_mean"] = float(g["score"].mean()) if len(g) else np.nan
            row["score_sd"] = float(g["score"].std(ddof=0)) if len(g) else np.nan
        if "seconds" in p:
            row["seconds"] = float(g["seconds"].mean()) if len(g) else np.nan
        rows.append(row)
    return pd.DataFrame(rows)
