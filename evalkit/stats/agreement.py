"""Inter-assessor agreement: Krippendorff's alpha (Owczarzak et al. 2012, "ORDC12").

ORDC12 measures how consistently one assessor scores the same summary twice: the units are
pairs of identical summaries judged blind, the two "coders" are the first and second judgment.
With metric ``delta²(c, k) = (c - k)²`` (interval level), no missing values and n pairable
values::

    D_o = (1/n) Σ_u 2 (v_u1 - v_u2)²       D_e = (1/(n(n-1))) Σ_{a≠b} (v_a - v_b)²
    alpha = 1 - D_o / D_e                    (1 = perfect agreement, 0 = chance, < 0 worse)

The computation is the ``krippendorff`` package's (any level, missing values allowed);
:func:`alpha_two_judgments` is the closed form above, kept for the no-missing two-coder case
and as a cross-check.

References:

* Owczarzak, K., Rankel, P. A., Dang, H. T., & Conroy, J. M. (2012). Assessing the effect of
  inconsistent assessors on summarization evaluation. ACL 2012.
* Krippendorff, K. (2004). Content Analysis: An Introduction to Its Methodology (2nd ed.),
  ch. 11. Sage.
"""

from __future__ import annotations

from typing import Sequence

import krippendorff
import numpy as np
import pandas as pd

from evalkit.errors import ParameterError
from evalkit.stats.validation import check_choice, check_columns

__all__ = ["krippendorff_alpha", "alpha_two_judgments", "LEVELS"]

LEVELS = ("nominal", "ordinal", "interval", "ratio")


def krippendorff_alpha(
    data: pd.DataFrame,
    *,
    unit: str = "unit",
    coder: str = "coder",
    value: str = "value",
    level: str = "interval",
    by: Sequence[str] = (),
) -> pd.DataFrame:
    """Krippendorff's alpha from a long frame of judgments (one row per judgment).

    Computed by the ``krippendorff`` package (any level, missing values allowed).

    Parameters
    ----------
    data : pandas.DataFrame
        Columns ``unit``, ``coder``, ``value`` and those of ``by``; one value per unit and
        coder (else :class:`~evalkit.errors.ParameterError`).
    unit, coder, value : str, default "unit", "coder", "value"
        Column names.
    level : {"nominal", "ordinal", "interval", "ratio"}, default "interval"
        Level of measurement (the difference function).
    by : sequence of str, default ()
        Compute one alpha per group (e.g. ``["assessor"]`` or ``["assessor", "year"]``).

    Returns
    -------
    pandas.DataFrame
        One row per group: ``[by...], alpha, units, values`` (pairable units, i.e. judged at
        least twice, and their values). ``alpha`` is 1 for perfect agreement, 0 at chance, < 0
        worse; NaN with no pairable unit or a single value.

    Examples
    --------
    Agrees with the closed form of :func:`alpha_two_judgments` on two complete judgments:

    >>> import numpy as np
    >>> import pandas as pd
    >>> from evalkit.stats.agreement import alpha_two_judgments, krippendorff_alpha
    >>> first, second = [1, 2, 3, 4, 5], [1, 3, 3, 5, 4]
    >>> data = pd.DataFrame({"unit": list(range(5)) * 2, "coder": [1] * 5 + [2] * 5,
    ...                      "value": first + second})
    >>> out = krippendorff_alpha(data)
    >>> bool(np.isclose(out.loc[0, "alpha"], alpha_two_judgments(first, second))), int(out.loc[0, "units"])
    (True, 5)
    """
    check_choice("level", level, LEVELS)
    check_columns(data, [unit, coder, value, *by], "data")
    if data.duplicated([*by, unit, coder]).any():
        raise ParameterError("data", "duplicate (unit, coder) rows", "one value per unit and coder")
    groups = data.groupby(list(by), sort=True) if by else [((), data)]
    rows = []
    for key, part in groups:
        key = key if isinstance(key, tuple) else (key,)
        m = part.pivot(index=coder, columns=unit, values=value).to_numpy(float)
        pairable = (~np.isnan(m)).sum(axis=0) >= 2
        if pairable.sum() < 1 or np.unique(m[:, pairable][~np.isnan(m[:, pairable])]).size < 2:
            alpha = float("nan")  # no pairable unit or a single value: alpha undefined
        else:
            alpha = float(krippendorff.alpha(reliability_data=m, level_of_measurement=level))
        rows.append(
            {
                **dict(zip(by, key)),
                "alpha": alpha,
                "units": int(pairable.sum()),
                "values": int((~np.isnan(m[:, pairable])).sum()),
            }
        )
    return pd.DataFrame(rows)


def alpha_two_judgments(first, second) -> float:
    """Closed-form interval alpha for N units each judged twice, no missing values (ORDC12).

    ``alpha = 1 - D_o / D_e`` with the formulas of the module docstring.

    Parameters
    ----------
    first, second : array_like, shape (N,)
        The first and second judgment of each unit; complete, N >= 2 (else
        :class:`~evalkit.errors.ParameterError`).

    Returns
    -------
    float
        Alpha (1 = perfect agreement, 0 = chance, < 0 worse); NaN when all values are equal.

    Examples
    --------
    Two units judged (1, 1) and (2, 3): the four values 1, 2, 1, 3 give D_o = 2 · 1 / 4 = 0.5
    and D_e = 22 / 12 (the squared differences of all 12 ordered pairs), so
    alpha = 1 - 0.5 / (22 / 12) = 8 / 11.

    >>> from evalkit.stats.agreement import alpha_two_judgments
    >>> round(alpha_two_judgments([1, 2], [1, 3]), 6), round(8 / 11, 6)
    (0.727273, 0.727273)
    >>> alpha_two_judgments([1, 2, 3], [1, 2, 3])
    1.0
    """
    a = np.asarray(first, dtype=float)
    b = np.asarray(second, dtype=float)
    if a.shape != b.shape or a.ndim != 1 or len(a) < 2 or np.isnan(a).any() or np.isnan(b).any():
        raise ParameterError(
            "second", b.shape, f"a complete 1-D array as long as first ({a.shape}), N >= 2"
        )
    v = np.concatenate([a, b])
    n = len(v)
    d_o = 2 * np.sum((a - b) ** 2) / n
    d_e = (np.sum((v[:, None] - v[None, :]) ** 2)) / (n * (n - 1))
    if d_e == 0:
        return float("nan")
    return float(1 - d_o / d_e)
