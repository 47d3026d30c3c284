"""Extrinsic relevance-judgment measures: Relevance-Prediction and LDC-Agreement.

Dorr, Monz, President, Schwartz & Zajic (2005), Sec. 3 (notes: acl2005-workshop-part-A.md
2.2). Subject u judges each item of document d as relevant (1) or not (0) to the event,
once on a surrogate s (HEAD headline, HUM human summary) and once on the full text (DOC).

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
        raise ParameterError(
            "judgments",
            f"subject {row.subject}, document {row.document}, {row.presentation}",
            "one judgment per subject, document and presentation",
        )
    return judgments


def paired_judgments(judgments: pd.DataFrame, surrogate: str) -> pd.DataFrame:
    """Surrogate judgments beside the same subject's full-text judgment (``doc_judgment``)."""
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
    """RP of ``surrogate``: overall (float) or per group ``by`` (Series)."""
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
    """LDC-Agreement of ``presentation`` with the gold labels: overall or per group ``by``."""
    g = _with_gold(judgments, gold, presentation)
    return _rate(g, (g["judgment"] == g["relevant"].astype(int)).astype(float), by)


def agreement_rates(
    judgments: pd.DataFrame, gold: pd.DataFrame, surrogates: Sequence[str]
) -> pd.DataFrame:
    """Table 1 layout: per surrogate and event (and ``overall``) the LDC and RP rates and mean time."""
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
    """Per (event, document) mean agreement over subjects (``measure`` rp or ldc)."""
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
    """Table 6: per outcome count, share, mean and population SD of ``scores`` and mean seconds.

    ``scores`` is indexed by (event, document): the surrogate's score (e.g. ROUGE-1); each
    judgment contributes its surrogate's score once. A TOTAL row closes the table.
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
