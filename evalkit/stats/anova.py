"""One-way ANOVA, Tukey HSD and the significance markers of Owczarzak & Dang (2009).

OD09 compares distributions of correlation values (one group per metric, number of models k
or number of topics n) with a one-way ANOVA and a post-hoc test, taken here to be Tukey's HSD
(alpha = .05; the paper does not name it). The computations are pingouin's
(:func:`pingouin.anova`, :func:`pingouin.pairwise_tukey`); this module adds tidy wrappers and
the marker rule of the OD09 tables:

    order the rows as printed; for row i (top down) let S_i = {j >= i : not sig(i, j)} (i in
    S_i); if |S_i| > 1 and S_i is not contained in a group that already has a symbol, open a new
    symbol and put it on every member of S_i.

"In each column, the first value marked with a particular symbol is not significantly
different from any subsequent value marked with the same symbol."

Owczarzak & Dang (2011) print letters instead; their letters fit no single rule, so tests
should compare pairwise significance sets. :func:`compact_letters` gives the standard compact
letter display (Piepho 2004, insert-absorb): two groups share a letter iff they do not differ
significantly; letters are assigned in order of descending mean.
"""

from __future__ import annotations

from typing import Optional, Sequence

import pandas as pd
import pingouin as pg

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_columns, check_probability

__all__ = ["one_way_anova", "tukey_hsd", "anova_markers", "compact_letters", "MARKER_SYMBOLS"]

MARKER_SYMBOLS = ("*", "†", "‡", "§", "¶", "#", "+", "a", "b", "c", "d", "e")


def _check(data: pd.DataFrame, dv: str, between: str) -> pd.DataFrame:
    check_columns(data, [dv, between], "data")
    if data[dv].isna().any():
        raise ParameterError(
            "data", f"NaN in {dv!r}", "complete values (drop them explicitly first)"
        )
    if data[between].nunique() < 2:
        raise ParameterError("between", between, "a column with at least two groups")
    return data


def one_way_anova(data: pd.DataFrame, dv: str = "value", between: str = "group") -> pd.DataFrame:
    """One-way ANOVA of ``dv`` by ``between`` (pingouin): ``Source, ddof1, ddof2, F, p_unc, np2``."""
    return pg.anova(data=_check(data, dv, between), dv=dv, between=between, detailed=False)


def tukey_hsd(data: pd.DataFrame, dv: str = "value", between: str = "group") -> pd.DataFrame:
    """All pairwise Tukey HSD comparisons (pingouin): ``A, B, mean_A, mean_B, diff, se, T,
    p_tukey, hedges``."""
    return pg.pairwise_tukey(data=_check(data, dv, between), dv=dv, between=between)


def anova_markers(
    data: pd.DataFrame,
    dv: str = "value",
    between: str = "group",
    order: Optional[Sequence] = None,
    alpha: float = 0.05,
    symbols: Sequence[str] = MARKER_SYMBOLS,
) -> pd.DataFrame:
    """OD09 significance markers over the groups in ``order`` (default: order of appearance).

    Returns ``group, mean, markers`` (a string of symbols, empty when the group differs
    significantly from every later group) in the given order.
    """
    alpha = check_probability("alpha", alpha)
    _check(data, dv, between)
    groups = list(dict.fromkeys(data[between])) if order is None else list(order)
    if set(groups) != set(data[between]):
        raise ParameterError(
            "order", groups, f"exactly the groups {sorted(set(data[between]), key=str)}"
        )
    tk = tukey_hsd(data, dv, between)
    sig = {}
    for _, r in tk.iterrows():
        sig[(r["A"], r["B"])] = sig[(r["B"], r["A"])] = r["p_tukey"] < alpha
    marks = {g: "" for g in groups}
    opened = []
    for i, g in enumerate(groups):
        s = {g} | {h for h in groups[i + 1 :] if not sig[(g, h)]}
        if len(s) > 1 and not any(s <= grp for grp in opened):
            if len(opened) == len(symbols):
                raise ParameterError("symbols", list(symbols), "enough symbols for every group")
            sym = symbols[len(opened)]
            opened.append(s)
            for h in s:
                marks[h] += sym
    means = data.groupby(between)[dv].mean()
    return pd.DataFrame(
        {
            "group": groups,
            "mean": [float(means[g]) for g in groups],
            "markers": [marks[g] for g in groups],
        }
    )


def compact_letters(
    data: pd.DataFrame, dv: str = "value", between: str = "group", alpha: float = 0.05
) -> pd.DataFrame:
    """Compact letter display from Tukey HSD (insert-absorb, Piepho 2004).

    Returns ``group, mean, letters`` sorted by descending mean; "a" marks the letter column
    that holds the best group.
    """
    alpha = check_probability("alpha", alpha)
    _check(data, dv, between)
    means = data.groupby(between)[dv].mean().sort_values(ascending=False, kind="mergesort")
    groups = list(means.index)
    tk = tukey_hsd(data, dv, between)
    columns = [set(groups)]
    for _, r in tk[tk["p_tukey"] < alpha].iterrows():
        a, b = r["A"], r["B"]
        split = []
        for col in columns:
            if a in col and b in col:  # insert: the pair may not share this letter
                split += [col - {a}, col - {b}]
            else:
                split.append(col)
        # absorb: drop columns contained in another one
        split = [
            c
            for i, c in enumerate(split)
            if c and not any((c < o) or (c == o and j < i) for j, o in enumerate(split) if j != i)
        ]
        columns = split
    rank = {g: i for i, g in enumerate(groups)}
    columns.sort(key=lambda c: sorted(rank[g] for g in c))
    letters = {
        g: "".join(chr(ord("a") + k) for k, c in enumerate(columns) if g in c) for g in groups
    }
    return pd.DataFrame(
        {"group": groups, "mean": means.to_numpy(float), "letters": [letters[g] for g in groups]}
    )
