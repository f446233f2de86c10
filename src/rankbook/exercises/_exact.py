r"""Exact answers recovered from the metric functions' floats.

A rational measure of a small ranking is a fraction whose denominator is
bounded by the data: P@k = f/k has a denominator dividing k, AP one dividing
$R \cdot \operatorname{lcm}(\text{ranks of the relevant documents})$, and so on. Two different
fractions with denominators at most $B$ differ by at least $1/B^2$, so a float
within $1/(2B^2)$ of the true value pins it down:
``Fraction(value).limit_denominator(B)`` is the one fraction with denominator
at most $B$ that close to it. `exact` does that, after checking that $B$ is
small enough for the tolerance, and checks that the fraction reproduces the
float. The arithmetic itself stays in `rankbook.metrics`: one definition of
each metric.
"""

from __future__ import annotations

import math
from fractions import Fraction

#: How far the metric functions' floats may be from the true value: sums of at most
#: a few dozen terms of size <= 1 stay well within it (a double's relative precision
#: is 2.2e-16).
TOLERANCE = 1e-13
#: The largest denominator bound for which TOLERANCE still pins down one fraction.
MAX_BOUND = 10**6
assert 2 * TOLERANCE * MAX_BOUND**2 < 1, "two fractions within TOLERANCE must be equal"


def exact(value: float, bound: int, what: str) -> Fraction:
    """The fraction with denominator at most ``bound`` that ``value`` computes.

    ``what`` names the quantity in the error raised when ``bound`` is too large
    for a float to decide, or when no such fraction is within TOLERANCE (then
    the bound was wrong, a bug).
    """
    if not 1 <= bound <= MAX_BOUND:
        raise ValueError(
            f"{what}: a denominator bound of {bound} is outside 1..{MAX_BOUND}, where a "
            "float no longer pins down one fraction; use shorter rankings."
        )
    fraction = Fraction(value).limit_denominator(bound)
    if abs(float(fraction) - value) > TOLERANCE:
        raise AssertionError(
            f"{what} = {value!r} is no fraction with denominator <= {bound} (the nearest is "
            f"{fraction}); please report this as a bug."
        )
    return fraction


def lcm(numbers) -> int:
    """Least common multiple of the numbers (1 for none)."""
    return math.lcm(1, *numbers)
