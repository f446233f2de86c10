"""randomization_test: issue 10's exact p-value, scipy's permutation_test, brute force, conventions."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from rankbook.stats import randomization_test


def test_sakai_a_vs_b_exact_pvalue_is_0_0659(sakai):
    # Issue 10: "exact value 0.0659" for Sakai's table 5.1, systems A and B.
    r = randomization_test(sakai["A"], sakai["B"])
    assert r.exact and r.n_resamples == 2**20
    assert round(r.pvalue, 4) == 0.0659
    assert r.pvalue == r.count / 2**20


def test_sakai_a_vs_b_is_the_exact_count_of_all_sign_patterns(sakai):
    # The exact p-value by brute force in integers: the scores are in tenths, so the
    # differences are whole tenths and every one of the 2^20 sign patterns' sums is exact
    # (no float tie at |sum| = |observed|). scipy's permutation_test(permutation_type=
    # "samples", n_resamples=inf) enumerates the same patterns (test_matches_scipy_exact_on_
    # small_samples checks the two agree); over 2^20 patterns it took 6 s, this takes 0.01 s.
    d = np.array([round(10 * a) - round(10 * b) for a, b in zip(sakai["A"], sakai["B"])])
    signs = 1 - 2 * (np.arange(2 ** 10)[:, None] >> np.arange(10) & 1)  # the 2^10 sign vectors
    sums = (signs @ d[:10])[:, None] + (signs @ d[10:])[None, :]   # every pattern of 20 signs
    hits = int(np.count_nonzero(np.abs(sums) >= abs(d.sum())))
    r = randomization_test(sakai["A"], sakai["B"])
    assert r.count == hits
    assert r.pvalue == hits / 2 ** 20


@pytest.mark.parametrize("seed", range(8))
def test_matches_scipy_exact_on_small_samples(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 12))
    x, y = np.round(rng.random(n), 2), np.round(rng.random(n), 2)
    ref = stats.permutation_test((x, y), lambda a, b, axis: np.mean(a - b, axis=axis),
                                 permutation_type="samples", vectorized=True,
                                 n_resamples=np.inf)
    assert randomization_test(x, y).pvalue == pytest.approx(ref.pvalue, rel=1e-12)


def _brute_force(x, y) -> Fraction:
    """Exact arithmetic: the share of sign patterns with |sum| >= |observed sum|."""
    d = [Fraction(a) - Fraction(b) for a, b in zip(x, y)]
    observed = abs(sum(d))
    hits = sum(abs(sum(s * v for s, v in zip(signs, d))) >= observed
               for signs in itertools.product((1, -1), repeat=len(d)))
    return Fraction(hits, 2 ** len(d))


def test_the_null_distribution_is_the_mean_difference_of_every_sign_pattern():
    # Five topics, 32 sign patterns enumerated in exact arithmetic: the result's distribution
    # holds each pattern's mean difference once, and its count is the patterns at least as
    # far from 0 as the observed 0.2 (by hand: only the all-plus and all-minus patterns).
    x, y = [0.5, 0.7, 0.4, 0.6, 0.3], [0.3, 0.4, 0.4, 0.3, 0.1]
    d = [Fraction(str(a)) - Fraction(str(b)) for a, b in zip(x, y)]
    means = sorted(sum(s * v for s, v in zip(signs, d)) / 5
                   for signs in itertools.product((1, -1), repeat=5))
    r = randomization_test(x, y)
    assert sorted(r.null_distribution) == pytest.approx([float(m) for m in means], abs=1e-15)
    assert r.count == sum(abs(m) >= abs(sum(d) / 5) for m in means) == 4
    sampled = randomization_test(x, y, n_resamples=500, seed=3)
    assert len(sampled.null_distribution) == 500
    assert set(np.round(sampled.null_distribution, 12)) <= set(np.round([float(m) for m in means], 12))
    assert sampled.count == int(np.sum(np.abs(sampled.null_distribution) >= 0.2 - 1e-12))


# scores on a 0.01 grid: many exact ties in the sums, which the float code must count
hundredths = st.integers(0, 100).map(lambda k: k / 100)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 10).flatmap(lambda n: st.tuples(
    st.lists(hundredths, min_size=n, max_size=n), st.lists(hundredths, min_size=n, max_size=n))))
def test_exact_pvalue_equals_brute_force(pair):
    x, y = pair
    assert randomization_test(x, y).pvalue == _brute_force(
        [Fraction(str(v)) for v in x], [Fraction(str(v)) for v in y])


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 25).flatmap(lambda n: st.tuples(
    st.lists(hundredths, min_size=n, max_size=n), st.lists(hundredths, min_size=n, max_size=n))))
def test_pvalue_in_unit_interval_and_symmetric(pair):
    x, y = pair
    xy, yx = randomization_test(x, y), randomization_test(y, x)
    assert 0 < xy.pvalue <= 1
    assert xy.pvalue == yx.pvalue and xy.count == yx.count
    assert yx.statistic == pytest.approx(-xy.statistic)


def test_same_seed_same_pvalue_other_seed_other_draw(sakai):
    a, b = sakai["A"], sakai["B"]
    first = randomization_test(a, b, n_resamples=20_000, seed=7)
    assert randomization_test(a, b, n_resamples=20_000, seed=7) == first
    assert randomization_test(a, b, n_resamples=20_000, seed=8).count != first.count


def test_sampled_pvalue_convention_and_accuracy(sakai):
    # Sampled: p = (count + 1) / (B + 1), count not including the observed data. It lands
    # within 4 standard errors of the exact 0.06591796875 (exact: 69120 / 2^20).
    B = 100_000
    r = randomization_test(sakai["A"], sakai["B"], n_resamples=B)
    assert not r.exact and r.n_resamples == B
    assert r.pvalue == (r.count + 1) / (B + 1)
    exact = 69120 / 2**20
    assert abs(r.pvalue - exact) < 4 * math.sqrt(exact * (1 - exact) / B)


def test_default_switches_to_100000_resamples_above_20_topics():
    rng = np.random.default_rng(0)
    x, y = rng.random(21), rng.random(21)
    r = randomization_test(x, y)
    assert not r.exact and r.n_resamples == 100_000
    assert randomization_test(x[:20], y[:20]).exact


def test_zero_variance_conventions():
    x = [0.1, 0.5, 0.3, 0.3]
    same = randomization_test(x, x)
    assert same.pvalue == 1.0 and same.statistic == 0.0
    shifted = randomization_test(np.array(x) + 0.1, x)
    assert shifted.count == 2 and shifted.pvalue == 2 / 2**4  # identity and all-flipped
