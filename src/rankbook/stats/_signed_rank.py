"""The arithmetic under `wilcoxon_test`: signed ranks, their exact null distribution, the normal approximation.

Kept apart from `paired.py` so that the public function reads as the
textbook's steps (rank, sum, look up the null distribution).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError


class SignedRanks(NamedTuple):
    """The ranked differences of one comparison."""

    ranks: np.ndarray  # average ranks of |d| of the ranked entries (zeros too unless "wilcox")
    signs: np.ndarray  # -1, 0 or +1 per ranked entry
    r_plus: float
    r_minus: float
    n: int  # ranked entries
    n_zeros: int
    tie_sizes: np.ndarray  # sizes of the groups of equal |d| among the ranked entries


def average_ranks(values: np.ndarray) -> np.ndarray:
    """Ranks 1..n of ``values``, ties sharing the mean of their ranks."""
    order = np.argsort(values, kind="stable")
    ordered = values[order]
    starts = np.flatnonzero(np.r_[True, ordered[1:] != ordered[:-1]])
    sizes = np.diff(np.r_[starts, len(values)])
    mid = starts + (sizes + 1) / 2  # mean of ranks start+1 .. start+size
    ranks = np.empty(len(values))
    ranks[order] = np.repeat(mid, sizes)
    return ranks


def signed_ranks(d: np.ndarray, zero_method: str) -> SignedRanks:
    """Rank |d| (dropping zeros first under ``"wilcox"``) and sum the ranks by sign."""
    zeros = d == 0
    n_zeros = int(zeros.sum())
    kept = d[~zeros] if zero_method == "wilcox" else d
    ranks = average_ranks(np.abs(kept))
    signs = np.sign(kept)
    r_plus = float(ranks[signs > 0].sum())
    r_minus = float(ranks[signs < 0].sum())
    if zero_method == "zsplit":
        half_zero = float(ranks[signs == 0].sum()) / 2
        r_plus += half_zero
        r_minus += half_zero
    _, tie_sizes = np.unique(np.abs(kept), return_counts=True)
    return SignedRanks(ranks, signs, r_plus, r_minus, len(kept), n_zeros, tie_sizes)


def exact_distribution(s: SignedRanks) -> tuple[np.ndarray, np.ndarray]:
    r"""The exact distribution of $W^+$ over the $2^{n'}$ sign patterns: (values, probabilities).

    Under the null hypothesis each non-zero difference is positive or negative
    with probability 1/2, independently, its rank fixed. Zeros keep their
    (zero) sign, so they move nothing. The distribution of the sum of the
    ranks that come out positive is built by convolution over the doubled
    ranks (whole numbers even with ties' half ranks), so it is exact with ties
    too. The values are those of the reported $W^+$, in steps of 1/2 from the
    part no sign pattern moves (half the zeros' ranks under ``"zsplit"``, else
    0) to it plus the sum of the non-zero ranks; their probabilities add up to 1.
    """
    doubled = np.rint(2 * s.ranks[s.signs != 0]).astype(np.int64)
    pmf = np.zeros(int(doubled.sum()) + 1)
    pmf[0] = 1.0
    reach = 0
    for r in doubled:  # each rank joins the positive sum with probability 1/2
        shifted = pmf[: reach + 1].copy()
        pmf[: reach + 1] *= 0.5
        pmf[r : r + reach + 1] += 0.5 * shifted
        reach += r
    fixed = s.r_plus - float(s.ranks[s.signs > 0].sum())
    return fixed + np.arange(len(pmf)) / 2, pmf


def exact_pvalue(s: SignedRanks, distribution: tuple[np.ndarray, np.ndarray],
                 alternative: str = "two-sided") -> float:
    r"""The p-value of the observed $W^+$ under its exact ``distribution`` (`exact_distribution`).

    p = 2 min(P(W+ <= w), P(W+ >= w)), at most 1; one-sided, P(W+ >= w)
    (``"greater"``) or P(W+ <= w) (``"less"``).
    """
    _, pmf = distribution
    observed = int(np.rint(2 * s.ranks[s.signs > 0].sum()))
    at_most = pmf[: observed + 1].sum()
    at_least = pmf[observed:].sum()
    if alternative == "greater":
        return float(min(1.0, at_least))
    if alternative == "less":
        return float(min(1.0, at_most))
    return float(min(1.0, 2 * min(at_most, at_least)))


def normal_z(s: SignedRanks, zero_method: str, correction: bool,
             alternative: str = "two-sided") -> float:
    r"""The standardised $W^+$ with the tie (and Pratt's zero) correction of the variance.

    $$z = \frac{W^+ - n(n+1)/4}{\sqrt{\bigl(n(n+1)(2n+1) - \tfrac12\sum_g (t_g^3 - t_g)\bigr)/24}}$$

    over the $n$ ranked entries with tie groups of sizes $t_g$. Pratt's method
    also ranks the $n_0$ zeros, so it subtracts their part:
    $n_0(n_0+1)/4$ from the mean, $n_0(n_0+1)(2n_0+1)$ from the variance term,
    and leaves the zeros out of the tie correction (Cureton 1967). With
    ``correction``, $z$ moves 0.5/sd toward 0 (continuity correction); one-sided, it
    moves 0.5/sd down (``"greater"``) or up (``"less"``), as scipy's.
    Returns 0.0 when the variance is 0 (no difference to rank).
    """
    n = s.n
    mean = n * (n + 1) / 4
    var24 = n * (n + 1) * (2 * n + 1)
    tie_sizes = s.tie_sizes
    if zero_method == "pratt" and s.n_zeros:
        n0 = s.n_zeros
        mean -= n0 * (n0 + 1) / 4
        var24 -= n0 * (n0 + 1) * (2 * n0 + 1)
        tie_sizes = tie_sizes[1:]  # the zeros are the first (smallest) group
    var24 -= float(np.sum(tie_sizes.astype(float) ** 3 - tie_sizes)) / 2
    if var24 <= 0:
        return 0.0
    sd = math.sqrt(var24 / 24)
    z = (s.r_plus - mean) / sd
    if correction:
        step = {"greater": 0.5, "less": -0.5}.get(alternative, math.copysign(0.5, z) if z else 0.0)
        z -= step / sd
    return z


def has_ties(s: SignedRanks) -> bool:
    """True when two ranked entries share |d| (several zeros count, as in scipy)."""
    return bool(np.any(s.tie_sizes > 1))


def choose_method(method: str, n_differences: int, s: SignedRanks) -> str:
    """scipy's "auto" rule (n counts every difference, zeros included)."""
    if method != "auto":
        return method
    if n_differences > 50:
        return "approx"
    if not (has_ties(s) or s.n_zeros):
        return "exact"
    return "exact" if n_differences <= 13 else "approx"


def check_options(correction, decimals) -> None:
    """Refuse a non-boolean ``correction`` and ``decimals`` that is not a whole number >= 0."""
    if not isinstance(correction, (bool, np.bool_)):
        raise InvalidTypeError(
            f"correction must be True or False, got {correction!r}."
        )
    if decimals is not None and (isinstance(decimals, bool) or not isinstance(decimals, int)
                                 or decimals < 0):
        raise InvalidValueError(
            f"decimals must be a whole number >= 0 (the places the differences are rounded "
            f"to before zeros and ties are found) or None, got {decimals!r}."
        )
