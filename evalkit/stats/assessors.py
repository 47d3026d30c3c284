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

References:

* Owczarzak, K., Rankel, P. A., Dang, H. T., & Conroy, J. M. (2012). Assessing the effect of
  inconsistent assessors on summarization evaluation. ACL 2012.
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

    Parameters
    ----------
    summaries : pandas.DataFrame
        ``instance, summarizer|system, sentences`` (a tuple of sentences or a string).
    systems : sequence of str, optional
        Consider only these summarizers (e.g. the automatic peers).
    skip_empty : bool, default True
        Skip empty summaries (they are trivially identical).

    Returns
    -------
    pandas.DataFrame
        ``instance, first, second`` (first before second in input order); a group of three
        identical summaries gives its three pairs.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import identical_pairs
    >>> s = pd.DataFrame({"instance": "D1", "summarizer": ["1", "2", "3"],
    ...                   "sentences": [("A cat.", "It sat."), ("A  cat. It sat.",), ("A dog.",)]})
    >>> identical_pairs(s).values.tolist()
    [['D1', '1', '2']]
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
    """The two judgments of every identical pair.

    Parameters
    ----------
    pairs : pandas.DataFrame
        ``instance, first, second`` (:func:`identical_pairs`).
    judgments : pandas.DataFrame
        Long ``instance, summarizer|system, value[, judgment|metric]``; repeated cells are
        averaged.
    judgment : str, optional
        Keep only this judgment (or metric); absent raises
        :class:`~evalkit.errors.ParameterError`.
    assessor_of : mapping of str to str, optional
        Instance -> assessor; adds an ``assessor`` column (every instance must have one).

    Returns
    -------
    pandas.DataFrame
        ``instance, first, second, unit, value_first, value_second, difference[, assessor]``;
        pairs with a missing judgment are dropped and counted in ``attrs["missing"]``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import repeated_judgments
    >>> pairs = pd.DataFrame({"instance": ["D1", "D2"], "first": ["1", "1"], "second": ["2", "2"]})
    >>> j = pd.DataFrame({"instance": ["D1", "D1", "D2"], "system": ["1", "2", "1"],
    ...                   "value": [0.5, 0.25, 0.75]})
    >>> out = repeated_judgments(pairs, j, assessor_of={"D1": "A", "D2": "B"})
    >>> out[["instance", "difference", "assessor"]].values.tolist(), out.attrs["missing"]
    ([['D1', 0.25, 'A']], 1)
    """
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
    """Krippendorff's alpha of repeated judgments per group (ORDC12 Table 1).

    The first and second judgment of each pair are the two coders
    (:func:`evalkit.stats.agreement.krippendorff_alpha`).

    Parameters
    ----------
    repeated : pandas.DataFrame
        :func:`repeated_judgments` output (``unit, value_first, value_second`` and ``by``).
    by : sequence of str, default ("assessor",)
    level : {"nominal", "ordinal", "interval", "ratio"}, default "interval"

    Returns
    -------
    pandas.DataFrame
        ``[by...], alpha, units, values``.

    Examples
    --------
    Assessor A repeats every judgment; B's second judgments are a rotation of the first
    (alpha = 1 - D_o / D_e = 1 - 2 / 1.6):

    >>> import pandas as pd
    >>> from evalkit.stats.assessors import assessor_alpha
    >>> rep = pd.DataFrame({"assessor": ["A"] * 3 + ["B"] * 3, "unit": range(6),
    ...                     "value_first": [1, 2, 3, 1, 2, 3], "value_second": [1, 2, 3, 3, 1, 2]})
    >>> assessor_alpha(rep)[["assessor", "alpha"]].round(4).values.tolist()
    [['A', 1.0], ['B', -0.25]]
    """
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
    """The ``n`` assessors with the lowest ``value`` (ties broken by assessor id).

    Parameters
    ----------
    table : pandas.DataFrame
        One row per assessor (e.g. :func:`assessor_alpha` or :func:`manual_minus_auto`).
    n : int
        How many, 0 <= n <= number of assessors (else :class:`~evalkit.errors.ParameterError`).
    value : str, default "alpha"
    assessor : str, default "assessor"

    Returns
    -------
    list
        The ``n`` assessors with the lowest ``value`` (ties by name), lowest first.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import worst_assessors
    >>> t = pd.DataFrame({"assessor": ["C", "A", "B"], "alpha": [0.2, 0.9, 0.2]})
    >>> worst_assessors(t, 2)
    ['B', 'C']
    """
    n = check_int("n", n, minimum=0)
    check_columns(table, [assessor, value], "table")
    if n > len(table):
        raise ParameterError("n", n, f"at most the {len(table)} assessors")
    return table.sort_values([value, assessor], kind="mergesort")[assessor].head(n).tolist()


def exclude_assessors(
    frame: pd.DataFrame, assessors: Sequence[str], assessor_of: Mapping[str, str]
) -> pd.DataFrame:
    """``frame`` without the instances judged by ``assessors`` (ORDC12, Sec. C12).

    Parameters
    ----------
    frame : pandas.DataFrame
        Any long frame with an ``instance`` column.
    assessors : sequence of str
        The assessors whose instances go.
    assessor_of : mapping of str to str
        Instance -> assessor, for every instance of ``frame`` (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    pandas.DataFrame
        The remaining rows; ``attrs["excluded"]`` lists the dropped instances.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import exclude_assessors
    >>> f = pd.DataFrame({"instance": ["D1", "D2", "D3"], "value": [1, 2, 3]})
    >>> out = exclude_assessors(f, ["B"], {"D1": "A", "D2": "B", "D3": "B"})
    >>> out["instance"].tolist(), out.attrs["excluded"]
    (['D1'], ['D2', 'D3'])
    """
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
    """Summary-level correlation per assessor over all the summaries they judged (ORDC12 Table 4).

    Parameters
    ----------
    automatic, manual : pandas.DataFrame
        Long ``instance, summarizer|system, value`` (repeated cells averaged); only summaries
        in both are used.
    assessor_of : mapping of str to str
        Instance -> assessor.
    method : {"pearson", "spearman", "kendall"}, default "pearson"

    Returns
    -------
    pandas.DataFrame
        ``assessor, r, n`` (r is NaN with fewer than 3 summaries); the mean over assessors is
        ``attrs["mean"]``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import per_assessor_correlation
    >>> keys = {"instance": ["D1"] * 3 + ["D2"] * 3, "system": list("abcabc")}
    >>> auto = pd.DataFrame({**keys, "value": [1, 2, 3, 1, 2, 3]})
    >>> manual = pd.DataFrame({**keys, "value": [2, 4, 6, 3, 2, 1]})
    >>> out = per_assessor_correlation(auto, manual, {"D1": "A", "D2": "B"})
    >>> out.values.tolist(), out.attrs["mean"]
    ([['A', 1.0, 3], ['B', -1.0, 3]], 0.0)
    """
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
    """mP - aP per assessor (ORDC12 Figure 1).

    The manual minus the automatic score per summary, averaged per instance, then
    macro-averaged over the assessor's instances.

    Parameters
    ----------
    manual, auto : pandas.DataFrame
        Long ``instance, summarizer|system, value``.
    assessor_of : mapping of str to str
        Instance -> assessor.

    Returns
    -------
    pandas.DataFrame
        ``assessor, mp_minus_ap, instances``.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.assessors import manual_minus_auto
    >>> keys = {"instance": ["D1", "D1", "D2"], "system": ["a", "b", "a"]}
    >>> manual = pd.DataFrame({**keys, "value": [0.5, 0.75, 0.5]})
    >>> auto = pd.DataFrame({**keys, "value": [0.25, 0.25, 0.5]})
    >>> manual_minus_auto(manual, auto, {"D1": "A", "D2": "A"}).values.tolist()
    [['A', 0.1875, 2]]
    """
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
