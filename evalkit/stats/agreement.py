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
    """Krippendorff's alpha from a long frame ``unit, coder, value`` (one row per judgment).

    ``by`` groups the computation (e.g. ``["assessor"]`` or ``["assessor", "year"]``).
    Returns ``[by...], alpha, units, values`` (pairable units, i.e. judged at least twice).
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
    """Closed-form interval alpha for N units each judged twice, no missing values (ORDC12)."""
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
