"""What printed numbers imply: rounding rules, attainable means and rank correlations, p-values.

Checks used by the notebooks' "recomputed exactly" rows (no data needed, only the printed
values):

* :func:`rounding_rules` -- which rule (half up, half to even, truncation) turns an exact
  value into the printed one; e.g. Dorr et al. (2005) Table 6 prints 27/600 = 4.5% as 5%
  but 117/600 = 19.5% as 19% (no single per-cell rule does both).
* :func:`largest_remainder_explains` -- do printed whole percentages of counts come from
  largest-remainder (Hamilton) rounding, which makes the shares sum to 100? Floors first,
  the missing units to the largest remainders (ties: either way). Dorr et al.'s Table 6:
  211, 27, 117, 245 of 600 -> 35, 5, 19, 41 (27 and 117 tie at .5; one unit left).
* :func:`pooled_rate_consistent` -- can a printed overall rate be the pooled rate of parts of
  known sizes printed rounded? Some integer count per part must print as the part's value
  and their sum as the total: the roundings of the parts *and* of the total allow for it
  (Dorr et al.'s HUM RP: 80, 86, 79% of 200 each -> 160 + 171 + 157 = 488/600 = 81.3%).
* :func:`consistent_mean` -- is a printed mean k/n for an integer total k of n ratings on a
  scale (Murray et al. 2005: every cell of Tables 1-2 is a mean of 5 judges x 6 meetings = 30)?
* :func:`spearman_attainable` -- can Spearman's rho = 1 - 6 D / (n^3 - n) print as ``rho`` for
  n untied ranks? D = sum of squared rank differences is an even integer (sum d = 0 and
  d^2 = d mod 2), 0 <= D <= (n^3 - n)/3. Murray et al.'s rho = 0.500 is impossible with 4
  untied points (D = 5 is odd) and 0.388 with 8 (D = 51.4), so the unit of analysis was larger.
* :func:`correlation_p_value` -- two-sided p of H0: rho = 0 from r and n with the
  t-approximation t = r sqrt((n - 2)/(1 - r^2)), n - 2 degrees of freedom.

Why our own: arithmetic on printed values; scipy gives the t distribution.
"""

from __future__ import annotations

import math
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal
from typing import List, Tuple

import numpy as np
from scipy import stats as sps

from evalkit.errors import ParameterError

__all__ = [
    "rounding_rules",
    "largest_remainder_explains",
    "pooled_rate_consistent",
    "consistent_mean",
    "spearman_attainable",
    "correlation_p_value",
    "ROUNDING_RULES",
]

ROUNDING_RULES = {"half_up": ROUND_HALF_UP, "half_even": ROUND_HALF_EVEN, "truncate": ROUND_DOWN}


def rounding_rules(numerator: int, denominator: int, printed: str, scale: int = 1) -> List[str]:
    """The rounding rules that print ``scale * numerator / denominator`` as ``printed``.

    Exact decimal arithmetic (no binary floating point).

    Parameters
    ----------
    numerator : int
    denominator : int
        Non-zero (else :class:`~evalkit.errors.ParameterError`).
    printed : str
        The printed value with its digits (``"19"``, ``"0.2127"``): its last digit sets the
        rounding unit.
    scale : int, default 1
        100 for percentages.

    Returns
    -------
    list of str
        Names among :data:`ROUNDING_RULES` (``"half_up"``, ``"half_even"``, ``"truncate"``).

    Examples
    --------
    1/8 = 0.125 prints as 0.13 when rounding half up, 0.12 half to even or truncated:

    >>> from evalkit.stats.printed import rounding_rules
    >>> rounding_rules(1, 8, "0.13"), rounding_rules(1, 8, "0.12")
    (['half_up'], ['half_even', 'truncate'])
    """
    if denominator == 0:
        raise ParameterError("denominator", denominator, "a non-zero integer")
    exact = Decimal(numerator * scale) / Decimal(denominator)
    target = Decimal(printed)
    quantum = Decimal(1).scaleb(target.as_tuple().exponent)
    return [
        name
        for name, mode in ROUNDING_RULES.items()
        if exact.quantize(quantum, rounding=mode) == target
    ]


def largest_remainder_explains(counts, printed, total: int = 100) -> bool:
    """Whether printed whole numbers are the largest-remainder rounding of counts.

    Largest-remainder (Hamilton) rounding makes the shares sum to ``total``: floors first, the
    missing units to the largest remainders (exact fractions; remainders tied at the cut may go
    either way).

    Parameters
    ----------
    counts : sequence of int
        With a positive total.
    printed : sequence of int
        One printed whole number per count (else :class:`~evalkit.errors.ParameterError`).
    total : int, default 100

    Returns
    -------
    bool

    Examples
    --------
    1, 1, 1 of 3 are 33.3% each; one unit is left and any of the three may take it:

    >>> from evalkit.stats.printed import largest_remainder_explains
    >>> largest_remainder_explains([1, 1, 1], [34, 33, 33]), largest_remainder_explains([1, 1, 1], [33, 33, 33])
    (True, False)
    >>> largest_remainder_explains([211, 27, 117, 245], [35, 5, 19, 41])
    True
    """
    from fractions import Fraction

    counts = [int(c) for c in counts]
    printed = [int(p) for p in printed]
    if len(counts) != len(printed) or not counts or sum(counts) <= 0:
        raise ParameterError("printed", printed, "one whole number per count (positive total)")
    exact = [Fraction(c * total, sum(counts)) for c in counts]
    floors = [math.floor(e) for e in exact]
    extra = total - sum(floors)
    if sorted(p - f for p, f in zip(printed, floors)) != [0] * (len(counts) - extra) + [1] * extra:
        return False
    if extra == 0:
        return True
    rem = [e - f for e, f in zip(exact, floors)]
    up = [r for r, p, f in zip(rem, printed, floors) if p > f]
    down = [r for r, p, f in zip(rem, printed, floors) if p == f]
    return not down or min(up) >= max(down)


def pooled_rate_consistent(
    parts, sizes, total: float, scale: int = 100, decimals: int = 0
) -> Tuple[bool, float, float]:
    """Can a printed overall rate be the pooled rate of parts of known sizes printed rounded?

    Each part's count k_i must print as its value (within half a printed unit, both halves
    allowed), and ``sum(k) / sum(sizes)`` as ``total``.

    Parameters
    ----------
    parts : sequence of float
        The parts' printed rates.
    sizes : sequence of int
        Items per part, one per part (else :class:`~evalkit.errors.ParameterError`).
    total : float
        The printed overall rate.
    scale : int, default 100
        100 for percentages.
    decimals : int, default 0
        Printed decimals.

    Returns
    -------
    consistent : bool
    lowest, highest : float
        The range of pooled rates the parts allow (NaN when a part is impossible).

    Examples
    --------
    Two halves of 10 items printed as 50% and 70% pool to 12/20 = 60%:

    >>> from evalkit.stats.printed import pooled_rate_consistent
    >>> pooled_rate_consistent([50, 70], [10, 10], 60), pooled_rate_consistent([50, 70], [10, 10], 65)[0]
    ((True, 60.0, 60.0), False)
    """
    half = 0.5 * 10.0 ** (-decimals)
    if len(parts) != len(sizes) or not parts:
        raise ParameterError("sizes", sizes, "one size per printed part")
    lo_k = hi_k = 0
    for value, n in zip(parts, sizes):
        n = int(n)
        lo = math.ceil((float(value) - half) * n / scale - 1e-9)
        hi = math.floor((float(value) + half) * n / scale + 1e-9)
        lo, hi = max(lo, 0), min(hi, n)
        if lo > hi:
            return False, float("nan"), float("nan")
        lo_k, hi_k = lo_k + lo, hi_k + hi
    n_all = sum(int(n) for n in sizes)
    low, high = scale * lo_k / n_all, scale * hi_k / n_all
    # every integer sum between lo_k and hi_k is attainable (each k_i moves by one)
    first = math.ceil((float(total) - half) * n_all / scale - 1e-9)
    last = math.floor((float(total) + half) * n_all / scale + 1e-9)
    return bool(max(first, lo_k) <= min(last, hi_k)), low, high


def consistent_mean(
    printed: float, n: int, decimals: int = 2, scale: Tuple[int, int] = (1, 7)
) -> bool:
    """Whether a printed mean can be k/n for an integer total k of n ratings on a scale.

    Parameters
    ----------
    printed : float
        The printed mean.
    n : int
        Ratings behind it, >= 1.
    decimals : int, default 2
        Printed decimals.
    scale : (int, int), default (1, 7)
        The rating scale; k lies in [low·n, high·n].

    Returns
    -------
    bool
        True when some k gives k/n within half a printed unit (half-up or half-even).

    Examples
    --------
    Means of 3 ratings are thirds: 4.33 can be 13/3, 4.50 cannot.

    >>> from evalkit.stats.printed import consistent_mean
    >>> consistent_mean(4.33, 3), consistent_mean(4.50, 3)
    (True, False)
    """
    if n < 1:
        raise ParameterError("n", n, "an integer >= 1")
    half = 0.5 * 10 ** (-decimals)
    lo = math.ceil((printed - half) * n - 1e-9)
    hi = math.floor((printed + half) * n + 1e-9)
    # half-up or half-even rounding: a value exactly half a unit away is accepted
    return any(
        scale[0] * n <= k <= scale[1] * n and abs(k / n - printed) <= half + 1e-9
        for k in range(lo, hi + 1)
    )


def spearman_attainable(rho: float, n: int, decimals: int = 3) -> List[int]:
    """The even D (sum of squared rank differences) whose rho rounds to ``rho``.

    ``rho = 1 - 6 D / (n³ - n)`` for n untied ranks, D even and in [0, (n³ - n)/3].

    Parameters
    ----------
    rho : float
        The printed coefficient.
    n : int
        Ranks, >= 2.
    decimals : int, default 3
        Printed decimals.

    Returns
    -------
    list of int
        The attainable D; empty when ``rho`` is impossible for n untied points.

    Examples
    --------
    With 4 points rho = 1 - D / 10: 0.6 needs D = 4, 0.5 would need the odd D = 5.

    >>> from evalkit.stats.printed import spearman_attainable
    >>> spearman_attainable(0.6, 4), spearman_attainable(0.5, 4)
    ([4], [])
    """
    if n < 2:
        raise ParameterError("n", n, "at least 2 ranks")
    den = n**3 - n
    half = 0.5 * 10 ** (-decimals)
    lo = max(0, math.ceil((1 - rho - half) * den / 6 - 1e-9))
    hi = min(den // 3, math.floor((1 - rho + half) * den / 6 + 1e-9))
    return [d for d in range(lo, hi + 1) if d % 2 == 0]


def correlation_p_value(r, n):
    """Two-sided p-value of H0: rho = 0 from r and n (t-approximation).

    ``t = r sqrt((n - 2) / (1 - r²))`` with n - 2 degrees of freedom.

    Parameters
    ----------
    r : float or array_like
        Correlations in [-1, 1].
    n : int or array_like
        Points, >= 3.

    Returns
    -------
    float or numpy.ndarray
        A float for scalar inputs.

    Examples
    --------
    The p-value scipy reports for Pearson's r:

    >>> import numpy as np
    >>> from scipy import stats
    >>> from evalkit.stats.printed import correlation_p_value
    >>> x, y = [1, 2, 3, 4, 5, 6], [2, 1, 4, 3, 6, 5]
    >>> r, p = stats.pearsonr(x, y)
    >>> bool(np.isclose(correlation_p_value(r, 6), p))
    True
    """
    r = np.asarray(r, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    if np.any(n < 3):
        raise ParameterError("n", n.tolist(), "at least 3 points")
    if np.any(np.abs(r) > 1):
        raise ParameterError("r", r.tolist(), "correlations in [-1, 1]")
    with np.errstate(divide="ignore"):
        t = r * np.sqrt((n - 2) / np.maximum(1 - r * r, 0.0))
    p = 2 * sps.t.sf(np.abs(t), n - 2)
    return p if p.ndim else float(p)
