"""exact_sums (the C/W/L quantities' sums) gives math.fsum's floats, bit for bit: fsum is the oracle."""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankbook.metrics._exact_sums import exact_sums


def _row(rng, n: int) -> np.ndarray:
    """A row of one of the shapes a C/W/L sum meets, or one that is hard to round."""
    kind = int(rng.integers(0, 8))
    if kind == 0:  # weights of a persistence model: a geometric fall over many exponents
        return rng.random() ** np.arange(n)
    if kind == 1:  # L(i) times the running gain
        return np.cumsum(rng.random(n)) * rng.random() ** np.arange(n)
    if kind == 2:  # mostly unjudged: zeros
        return np.where(rng.random(n) < 0.9, 0.0, rng.random(n))
    if kind == 3:  # signs and exponents mixed, cancellation
        return rng.normal(size=n) * 10.0 ** rng.integers(-300, 300, size=n)
    if kind == 4:  # sums near a tie: a coarse grid plus bits just below it
        return (rng.integers(0, 2**20, size=n) * 2.0**-20
                + rng.choice([0.0, 2.0**-53, 2.0**-54, 2.0**-60], size=n))
    if kind == 5:  # every term cancelled by another
        half = rng.normal(size=n // 2)
        return np.concatenate([half, -half, np.zeros(n % 2)])
    if kind == 6:  # subnormal numbers
        return rng.integers(0, 4, size=n) * 2.0**-1074
    return rng.random(n) * 2.0 ** int(rng.integers(-1074, 1000))


@pytest.mark.parametrize("n", [1, 2, 7, 1000])
def test_each_sum_is_math_fsums_float(n):
    rng = np.random.default_rng(30 + n)
    for _ in range(30 if n == 1000 else 200):
        rows = np.array([_row(rng, n) for _ in range(5)])
        expected = [math.fsum(row.tolist()) for row in rows]
        got = exact_sums(rows)
        assert [g.hex() for g in got] == [e.hex() for e in expected], rows


@pytest.mark.parametrize("tiny", [2.0**-150, -2.0**-150, 0.0])
def test_a_sum_a_hair_from_a_tie_rounds_as_fsum_rounds_it(tiny):
    # 1 + 2**-53 is halfway between 1 and the next float: the hair decides, and the split
    # (1 | 2**-53 + tiny, the latter rounded) cannot show it; fsum must decide.
    row = [1.0, 2.0**-53, tiny]
    assert exact_sums(np.array([row]))[0].hex() == math.fsum(row).hex()


def test_what_fsum_refuses_or_keeps_is_refused_or_kept_alike():
    assert math.isnan(exact_sums(np.array([[1.0, math.nan]]))[0])
    assert exact_sums(np.array([[math.inf, 1.0]])) == [math.inf]
    with pytest.raises(ValueError, match="-inf \\+ inf"):
        exact_sums(np.array([[math.inf, -math.inf]]))
    with pytest.raises(OverflowError):
        exact_sums(np.array([[1e308, 1e308]]))
    assert exact_sums(np.zeros((2, 0))) == [0.0, 0.0]
    assert exact_sums(np.array([[1e16, 1.0, -1e16]])) == [1.0]  # a float sum says 0.0
