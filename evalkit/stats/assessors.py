"""Assessor consistency and its effects (Owczarzak, Rankel, Dang & Conroy 2012, "ORDC12").

* **Identical-summary pairs** (§2): two summaries of the same instance with the same text
  (after whitespace normalization; TAC teams' near-identical runs), judged blind by the
  instance's single assessor. :func:`identical_pairs` finds them; :func:`repeated_judgments`
  gives the two judgments of each pair as ``unit, coder, value`` rows and the score
  difference.
* **Per-assessor alpha** (ORDC12 Table 1): Krippendorff's interval alpha of each assessor's
  repeated judgments (:func:`evalkit.stats.agreement.krippendorff_alpha` grouped by assessor).
* **Excluding topics by assessor** (C12): :func:`worst_assessors` (lowest alpha, or lowest
  mean mP - aP) and :func:`exclude_assessors` (drop every instance they judged).
* **Summary-level correlation per assessor** (ORDC12 Table 4): correlate an automatic and a
  manual score over all summaries one assessor judged, then average over assessors
  (:func:`per_assessor_correlation`).
* **mP - aP** (ORDC12 Figure 1): manual minus automatic pyramid per summary, averaged per
  instance and then per assessor (macro) (:func:`manual_minus_auto`).

Frames are long: ``instance, system, value`` (``summarizer`` accepted for ``system``);
``assessor_of`` maps an instance to its assessor (TAC: the selector field of file names).
"""

from __future__ import annotations

import re
from itertools import combinations
from typing import Mapping, Optional, Sequence

import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice, check_columns, check_int, pick_column
from evalkit.stats.agreement import krippendorff_alpha
from evalkit.stats.correlation import METHODS, correlate_columns

__all__ = [
    "identical_pairs",
    "repeated_judgments",
    "assessor_alpha",
    "worst_assessors",
    "exclude_assessors",
    "per_assessor_correlation",
    "manual_minus_auto",
]

_WS = re.compile(r"\s+")


def _norm(sentences) -> str:
    text = " ".join(sentences) if not isinstance(sentences, str) else sentences
    return _WS.sub(" ", text).strip()


def identical_pairs(
    summaries: pd.DataFrame, systems: Optional[Sequence[str]] = None, skip_empty: bool = True
) -> pd.DataFrame:
    """Pairs of summaries of one instance with identical (whitespace-normalized) text.

    ``summaries``: ``instance, summarizer|system, sentences`` (tuples or strings); ``systems``
    restricts the summarizers (e.g. automatic peers). A group of three identical summaries
    gives its three pairs. Empty summaries are skipped unless ``skip_empty=False``.
    Returns ``instance, first, second`` (first < second in input order).
    """
    sys_col = pick_column(summaries, ("summarizer", "system"), "summaries")
    check_columns(summaries, ["instance", "sentences"], "summaries")
    df = summaries if systems is None else summaries[summaries[sys_col].isin(set(systems))]
    key = df["sentences"].map(_norm)
    rows = []
    for (inst, text), grp in df.assign(_k=key).groupby(["instance", "_k"], sort=False):
        if len(grp) < 2 or (skip_empty and not text):
            continue
        rows += [(inst, a, b) for a, b in combinations(grp[sys_col].tolist(), 2)]
    return pd.DataFrame(rows, columns=["instance", "first", "second"])


def _values(judgments: pd.DataFrame, judgment: Optional[str]) -> pd.Series:
    sys_col = pick_column(judgments, ("summarizer", "system"), "judgments")
    check_columns(judgments, ["instance", "value"], "judgments")
    j = judgments
    if judgment is not None:
        col = "judgment" if "judgment" in j.columns else "metric"
        j = j[j[col] == judgment]
        if j.empty:
            raise ParameterError("judgment", judgment, "a judgment present in the frame")
    return j.groupby(["instance", sys_col])["value"].mean()


def repeated_judgments(
    pairs: pd.DataFrame,
    judgments: pd.DataFrame,
    judgment: Optional[str] = None,
    assessor_of: Optional[Mapping[str, str]] = None,
) -> pd.DataFrame:
    """The two judgments of every identical pair: ``unit, instance, first, second, value_first,
    value_second, difference[, assessor]``; pairs with a missing judgment are dropped and
    counted in ``attrs["missing"]``."""
    check_columns(pairs, ["instance", "first", "second"], "pairs")
    v = _values(judgments, judgment)
    a = [v.get((i, x), np.nan) for i, x in zip(pairs["instance"], pairs["first"])]
    b = [v.get((i, y), np.nan) for i, y in zip(pairs["instance"], pairs["second"])]
    out = pairs.assign(
        unit=np.arange(len(pairs)),
        value_first=np.asarray(a, float),
        value_second=np.asarray(b, float),
    )
    keep = out["value_first"].notna() & out["value_second"].notna()
    out = out[keep].reset_index(drop=True)
    out["difference"] = out["value_first"] - out["value_second"]
    if assessor_of is not None:
        out["assessor"] = out["instance"].map(assessor_of)
        if out["assessor"].isna().any():
            raise ParameterError(
                "assessor_of",
                sorted(set(out.loc[out["assessor"].isna(), "instance"]))[:5],
                "an assessor for every instance",
            )
    out.attrs["missing"] = int((~keep).sum())
    return out


def assessor_alpha(
    repeated: pd.DataFrame, by: Sequence[str] = ("assessor",), level: str = "interval"
) -> pd.DataFrame:
    """Krippendorff's alpha of the repeated judgments per ``by`` group (first and second judgment
    are the two coders): ``[by...], alpha, units, values``."""
    check_columns(repeated, ["unit", "value_first", "value_second", *by], "repeated")
    long = pd.concat(
        [
            repeated[[*by, "unit"]].assign(coder=1, value=repeated["value_first"]),
            repeated[[*by, "unit"]].assign(coder=2, value=repeated["value_second"]),
        ],
        ignore_index=True,
    )
    return krippendorff_alpha(
        long, unit="unit", coder="coder", value="value", level=level, by=list(by)
    )


def worst_assessors(
    table: pd.DataFrame, n: int, value: str = "alpha", assessor: str = "assessor"
) -> list:
    """The ``n`` assessors with the lowest ``value`` (ties broken by assessor id)."""
    n = check_int("n", n, minimum=0)
    check_columns(table, [assessor, value], "table")
    if n > len(table):
        raise ParameterError("n", n, f"at most the {len(table)} assessors")
    return table.sort_values([value, assessor], kind="mergesort")[assessor].head(n).tolist()


def exclude_assessors(
    frame: pd.DataFrame, assessors: Sequence[str], assessor_of: Mapping[str, str]
) -> pd.DataFrame:
    """``frame`` without the instances judged by ``assessors`` (``attrs["excluded"]`` lists them)."""
    check_columns(frame, ["instance"], "frame")
    who = frame["instance"].map(assessor_of)
    if who.isna().any():
        raise ParameterError(
            "assessor_of",
            sorted(set(frame.loc[who.isna(), "instance"]))[:5],
            "an assessor for every instance",
        )
    drop = who.isin(set(assessors))
    out = frame[~drop].reset_index(drop=True)
    out.attrs["excluded"] = sorted(set(frame.loc[drop, "instance"]))
    return out


def per_assessor_correlation(
    automatic: pd.DataFrame,
    manual: pd.DataFrame,
    assessor_of: Mapping[str, str],
    *,
    method: str = "pearson",
) -> pd.DataFrame:
    """Summary-level correlation per assessor over all summaries the assessor judged (ORDC12
    Table 4): ``assessor, r, n``; the mean over assessors is ``attrs["mean"]``."""
    check_choice("method", method, METHODS)
    a = _values(automatic, None).rename("auto")
    m = _values(manual, None).rename("manual")
    both = pd.concat([a, m], axis=1, join="inner").reset_index()
    both["assessor"] = both["instance"].map(assessor_of)
    rows = []
    for who, grp in both.groupby("assessor", sort=True):
        r = (
            correlate_columns(grp["auto"].to_numpy(float), grp["manual"].to_numpy(float), method)[0]
            if len(grp) > 2
            else float("nan")
        )
        rows.append({"assessor": who, "r": float(r), "n": len(grp)})
    out = pd.DataFrame(rows, columns=["assessor", "r", "n"])
    out.attrs["mean"] = float(out["r"].mean())
    return out


def manual_minus_auto(
    manual: pd.DataFrame, auto: pd.DataFrame, assessor_of: Mapping[str, str]
) -> pd.DataFrame:
    """mP - aP per assessor: per summary difference, mean per instance, macro-average over the
    assessor's instances: ``assessor, mp_minus_ap, instances``."""
    m = _values(manual, None)
    a = _values(auto, None)
    d = (m - a.reindex(m.index)).dropna().rename("d").reset_index()
    per_inst = d.groupby("instance")["d"].mean().reset_index()
    per_inst["assessor"] = per_inst["instance"].map(assessor_of)
    g = per_inst.groupby("assessor", sort=True)["d"]
    return pd.DataFrame(
        {
            "assessor": list(g.groups),
            "mp_minus_ap": g.mean().to_numpy(),
            "instances": g.size().to_numpy(),
        }
    )
