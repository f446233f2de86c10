r"""``math.fsum`` of several rows at once: the same correctly rounded sums, in a few numpy passes.

``math.fsum`` returns the sum of its numbers rounded once, to the nearest float (ties to
even), whatever their order; it walks the numbers one by one in Python's C loop, which at
cwl_eval's 1000 ranks costs more than the rest of a C/W/L measure. `exact_sums` gives the
same floats, bit for bit, by an error-free split (Rump, Ogita and Oishi 2008, their
ExtractVector): with $\sigma = 2^{k}$ at least $2^{M} \max_i |x_i|$, $2^{M} \ge n + 2$,

$$q_i = (\sigma + x_i) - \sigma, \qquad p_i = x_i - q_i$$

are exact, every $q_i$ is a multiple of $u\sigma$ ($u = 2^{-53}$), so $\sum q_i$ is computed
without any rounding, and $|p_i| \le u\sigma$. The float sum $\tau_2$ of the $p_i$ is off by at
most $\delta = 2 n^2 u^2 \sigma$. With $r = \mathrm{fl}(\tau_1 + \tau_2)$ and its exact error
$e$ (TwoSum), the exact sum is $r + e + \eta$ with $|\eta| \le \delta$: if $|e| + \delta$ is below
half the gap between $r$ and its nearest neighbour, $r$ is the correctly rounded sum, which is
what ``math.fsum`` returns. Where it cannot be shown (a row of zeros, a non-finite number, a sum
within $\delta$ of a tie, extreme exponents), the row is summed by ``math.fsum`` itself.

References
----------
Rump, S. M., Ogita, T. and Oishi, S. (2008). Accurate floating-point summation part I:
faithful rounding. SIAM Journal on Scientific Computing 31(1), 189-224.

Shewchuk, J. R. (1997). Adaptive precision floating-point arithmetic and fast robust
geometric predicates. Discrete & Computational Geometry 18, 305-363 (``math.fsum``'s algorithm).
"""

from __future__ import annotations

import math

import numpy as np

_U = 2.0 ** -53


def exact_sums(rows: np.ndarray) -> list[float]:
    r"""``[math.fsum(row) for row in rows]`` for a 2-D float array, mostly without ``fsum``.

    Examples
    --------
    The float sum of 1e16, 1 and -1e16 loses the 1; the exact one keeps it:

    >>> import math
    >>> rows = np.array([[1e16, 1.0, -1e16], [0.5, 0.25, 0.125], [0.0, 0.0, 0.0]])
    >>> rows.sum(axis=1).tolist(), exact_sums(rows)
    ([0.0, 0.875, 0.0], [1.0, 0.875, 0.0])
    >>> exact_sums(rows) == [math.fsum(row) for row in rows]
    True
    """
    rows = np.asarray(rows, dtype=np.float64)
    n = rows.shape[1]
    spread = max(1, math.ceil(math.log2(n + 2)))  # 2**spread >= n + 2
    largest = np.abs(rows).max(axis=1, initial=0.0).tolist()
    # sigma = 2**k > 2**spread * largest, or 0 where the split cannot be shown exact
    sigmas = [math.ldexp(1.0, math.frexp(big)[1] + spread)
              if math.isfinite(big) and 2.0 ** -800 < big < 2.0 ** 900 else 0.0
              for big in largest]
    sigma = np.array(sigmas)[:, None]
    with np.errstate(invalid="ignore", over="ignore"):  # rows not usable: fsum's answer
        high = (sigma + rows) - sigma
        exact_high = high.sum(axis=1).tolist()
        low = (rows - high).sum(axis=1).tolist()
    sums = []
    for row, tau1, tau2, sig in zip(rows, exact_high, low, sigmas):
        total = tau1 + tau2
        if sig and total:
            back = total - tau1
            error = (tau1 - (total - back)) + (tau2 - back)  # TwoSum: tau1 + tau2 - total
            gap = min(total - math.nextafter(total, -math.inf),
                      math.nextafter(total, math.inf) - total)
            if abs(error) + 2.0 * n * n * _U * _U * sig < gap / 2:
                sums.append(total)
                continue
        sums.append(math.fsum(row.tolist()))
    return sums
