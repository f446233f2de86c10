"""Shared helpers of the online-evaluation tests."""

from __future__ import annotations

import math

import pytest


def _within_binomial(count: int, n: int, p, *, z: float = 4.5) -> bool:
    """True when ``count`` successes in ``n`` draws fit probability ``p`` (z standard errors)."""
    p = float(p)
    return abs(count / n - p) <= z * math.sqrt(p * (1 - p) / n) + 1 / n


@pytest.fixture
def within_binomial():
    """Seeded frequencies against exact probabilities: a binomial tolerance of 4.5 SE."""
    return _within_binomial
