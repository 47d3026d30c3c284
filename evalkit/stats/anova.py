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

References:

* Owczarzak, K., & Dang, H. T. (2009). Evaluation of automatic summaries: metrics under
  varying data conditions. ACL-IJCNLP Workshop on Language Generation and Summarisation.
* Piepho, H.-P. (2004). An algorithm for a letter-based representation of all-pairwise
  comparisons. Journal of Computational and Graphical Statistics 13(2), 456-466.
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
    """One-way ANOVA of ``dv`` by ``between`` (:func:`pingouin.anova`).

    Parameters
    ----------
    data : pandas.DataFrame
        One row per observation; no NaN in ``dv`` and at least two groups (else
        :class:`~evalkit.errors.ParameterError`).
    dv : str, default "value"
        The dependent variable's column.
    between : str, default "group"
        The grouping column.

    Returns
    -------
    pandas.DataFrame
        pingouin's table: ``Source, ddof1, ddof2, F, p_unc, np2`` (column names as the
        installed pingouin spells them).

    Examples
    --------
    >>> import numpy as np
    >>> import pandas as pd
    >>> from scipy import stats
    >>> from evalkit.stats.anova import one_way_anova
    >>> data = pd.DataFrame({"group": list("aaabbbccc"), "value": [1, 2, 3, 2, 3, 4, 6, 7, 8.0]})
    >>> table = one_way_anova(data)
    >>> f = stats.f_oneway([1, 2, 3], [2, 3, 4], [6, 7, 8]).statistic
    >>> bool(np.isclose(table.loc[0, "F"], f)), round(float(f), 4)
    (True, 21.0)
    """
    return pg.anova(data=_check(data, dv, between), dv=dv, between=between, detailed=False)


def tukey_hsd(data: pd.DataFrame, dv: str = "value", between: str = "group") -> pd.DataFrame:
    """All pairwise Tukey HSD comparisons (:func:`pingouin.pairwise_tukey`).

    Parameters
    ----------
    data, dv, between
        As in :func:`one_way_anova`.

    Returns
    -------
    pandas.DataFrame
        One row per pair of groups: ``A, B, mean_A, mean_B, diff, se, T, p_tukey, hedges``.

    Examples
    --------
    Against :func:`scipy.stats.tukey_hsd` on the same three groups:

    >>> import numpy as np
    >>> import pandas as pd
    >>> from scipy import stats
    >>> from evalkit.stats.anova import tukey_hsd
    >>> groups = {"a": [1.0, 2, 3], "b": [2.0, 3, 4], "c": [6.0, 7, 8]}
    >>> tk = tukey_hsd(pd.DataFrame([(g, v) for g, vs in groups.items() for v in vs],
    ...                             columns=["group", "value"]))
    >>> ref = stats.tukey_hsd(*groups.values()).pvalue
    >>> bool(np.allclose(tk["p_tukey"], [ref[0, 1], ref[0, 2], ref[1, 2]], atol=1e-3))
    True
    """
    return pg.pairwise_tukey(data=_check(data, dv, between), dv=dv, between=between)


def anova_markers(
    data: pd.DataFrame,
    dv: str = "value",
    between: str = "group",
    order: Optional[Sequence] = None,
    alpha: float = 0.05,
    symbols: Sequence[str] = MARKER_SYMBOLS,
) -> pd.DataFrame:
    """Owczarzak & Dang (2009) significance markers over groups in printed order.

    The marker rule is in the module docstring: groups sharing a symbol with the first group
    that carries it do not differ significantly from it (Tukey HSD at ``alpha``).

    Parameters
    ----------
    data, dv, between
        As in :func:`one_way_anova`.
    order : sequence, optional
        The groups in printed order (default: order of appearance); exactly the groups of the
        data (else :class:`~evalkit.errors.ParameterError`).
    alpha : float, default 0.05
        In (0, 1).
    symbols : sequence of str, default MARKER_SYMBOLS
        Symbols to hand out in turn; running out raises ``ParameterError``.

    Returns
    -------
    pandas.DataFrame
        ``group, mean, markers`` in ``order``; ``markers`` is a string of symbols, empty when
        the group differs significantly from every later group.

    Examples
    --------
    Groups a and b overlap; c differs from both:

    >>> import pandas as pd
    >>> from evalkit.stats.anova import anova_markers
    >>> data = pd.DataFrame({"group": list("aaabbbccc"), "value": [1, 2, 3, 2, 3, 4, 6, 7, 8.0]})
    >>> anova_markers(data, order=["c", "b", "a"]).values.tolist()
    [['c', 7.0, ''], ['b', 3.0, '*'], ['a', 2.0, '*']]
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

    Two groups share a letter iff they do not differ significantly; letters are assigned in
    order of descending mean, so "a" marks the letter column that holds the best group.

    Parameters
    ----------
    data, dv, between
        As in :func:`one_way_anova`.
    alpha : float, default 0.05
        In (0, 1).

    Returns
    -------
    pandas.DataFrame
        ``group, mean, letters``, sorted by descending mean.

    Examples
    --------
    >>> import pandas as pd
    >>> from evalkit.stats.anova import compact_letters
    >>> data = pd.DataFrame({"group": list("aaabbbccc"), "value": [1, 2, 3, 2, 3, 4, 6, 7, 8.0]})
    >>> compact_letters(data).values.tolist()
    [['c', 7.0, 'a'], ['b', 3.0, 'b'], ['a', 2.0, 'b']]
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
