"""wilcoxon_test against scipy.stats.wilcoxon (same options) and scipy's docstring examples."""

from __future__ import annotations

import collections
import itertools
import math

import numpy as np
import pytest
from scipy import stats

from rankbook.stats import wilcoxon_test

# scipy.stats.wilcoxon docstring (scipy 1.17): Darwin's corn height differences.
DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]


def test_scipy_docstring_darwin_corn():
    # Published there: statistic 24.0, exact p 0.041259765625, asymptotic p 0.04088813291185591.
    zeros = [0] * len(DARWIN)
    exact = wilcoxon_test(DARWIN, zeros)
    assert (exact.statistic, exact.pvalue, exact.method) == (24.0, 0.041259765625, "exact")
    approx = wilcoxon_test(DARWIN, zeros, method="approx")
    assert approx.pvalue == pytest.approx(0.04088813291185591, rel=1e-12)
    assert exact.r_plus == 96.0  # the one-sided statistic of the same docstring


def test_scipy_docstring_roundoff_example():
    # scipy's docstring: x - y is [-0.025, 0.05, 0.05, -0.05] on paper, but the float
    # differences are not tied. decimals=None ranks the floats as scipy does; the default
    # rounds first, as the docstring advises (np.around(x - y, decimals=3)).
    x = np.array([0.5, 0.825, 0.375, 0.5])
    y = np.array([0.525, 0.775, 0.325, 0.55])
    raw = stats.wilcoxon(x, y)
    paper = stats.wilcoxon(np.around(x - y, decimals=3))
    assert raw.statistic != paper.statistic  # the trap exists
    assert wilcoxon_test(x, y, decimals=None).statistic == raw.statistic
    assert wilcoxon_test(x, y, decimals=None).pvalue == pytest.approx(raw.pvalue)
    assert wilcoxon_test(x, y).statistic == paper.statistic
    assert wilcoxon_test(x, y).pvalue == pytest.approx(paper.pvalue)


def _cases():
    rng = np.random.default_rng(20240611)
    cases = []
    for i in range(60):
        n = int(rng.integers(2, 70))
        kind = i % 3
        if kind == 0:
            d = rng.normal(size=n)  # no ties, no zeros
        elif kind == 1:
            d = rng.integers(-3, 4, size=n).astype(float)  # many ties and zeros
        else:
            d = np.round(rng.normal(size=n), 1)
        if np.any(d):
            cases.append(d)
    return cases


CASES = _cases()
assert len(CASES) >= 50


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
@pytest.mark.parametrize("correction", [False, True])
@pytest.mark.parametrize("method,scipy_method", [("auto", "auto"), ("approx", "asymptotic")])
def test_matches_scipy_for_the_same_options(zero_method, correction, method, scipy_method):
    compared = 0
    for d in CASES:
        ref = stats.wilcoxon(d, zero_method=zero_method, correction=correction,
                             method=scipy_method)
        if math.isnan(ref.pvalue):
            continue  # scipy's NaN cases are covered by the zero-variance test
        ours = wilcoxon_test(d, np.zeros(len(d)), zero_method=zero_method,
                             correction=correction, method=method, decimals=None)
        assert ours.statistic == ref.statistic
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-9, abs=1e-15)
        compared += 1
    assert compared >= 50


def test_exact_matches_scipy_exact_without_ties_or_zeros():
    rng = np.random.default_rng(7)
    for n in range(2, 40):
        d = rng.normal(size=n)
        ref = stats.wilcoxon(d, method="exact")
        ours = wilcoxon_test(d, np.zeros(n), method="exact")
        assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10)


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
def test_exact_with_ties_and_zeros_equals_brute_force(zero_method):
    # The exact p-value is the share of the 2^n sign patterns whose W+ is at least as far
    # into a tail as the observed one: enumerate them.
    rng = np.random.default_rng(3)
    for _ in range(20):
        d = rng.integers(-3, 4, size=int(rng.integers(3, 12))).astype(float)
        if not np.any(d):
            continue
        ours = wilcoxon_test(d, np.zeros(len(d)), zero_method=zero_method, method="exact")
        assert ours.pvalue == pytest.approx(_brute_force_pvalue(d, zero_method), rel=1e-12)


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
def test_the_exact_null_distribution_is_w_plus_over_every_sign_pattern(zero_method):
    # Differences with a tie, a zero and both signs: enumerate the 2^n sign patterns of the
    # ranked differences and count each W+ (scipy's rankdata gives the ranks).
    d = np.array([2.0, -1.0, 0.0, 2.0, 3.0, -4.0])
    kept = d[d != 0] if zero_method == "wilcox" else d
    ranks = stats.rankdata(np.abs(kept))
    zero_half = ranks[kept == 0].sum() / 2 if zero_method == "zsplit" else 0.0
    counts = collections.Counter(
        ranks[(kept * np.array(signs)) > 0].sum() + zero_half
        for signs in itertools.product((1, -1), repeat=len(kept)))
    r = wilcoxon_test(d, np.zeros(len(d)), zero_method=zero_method, method="exact")
    values, probabilities = r.null_distribution
    drawn = {float(v): float(p) for v, p in zip(values, probabilities) if p > 0}
    assert drawn == pytest.approx({w: c / 2 ** len(kept) for w, c in counts.items()})
    assert r.r_plus in drawn
    assert wilcoxon_test(d, np.zeros(len(d)), method="approx").null_distribution is None


def _brute_force_pvalue(d, zero_method):
    kept = d[d != 0] if zero_method == "wilcox" else d
    ranks = stats.rankdata(np.abs(kept))
    zero_half = ranks[kept == 0].sum() / 2 if zero_method == "zsplit" else 0.0
    w_obs = ranks[kept > 0].sum() + zero_half
    tail_low = tail_high = total = 0
    for signs in itertools.product((1, -1), repeat=len(kept)):
        flipped = kept * np.array(signs)
        w = ranks[flipped > 0].sum() + zero_half
        total += 1
        tail_low += w <= w_obs
        tail_high += w >= w_obs
    return min(1.0, 2 * min(tail_low, tail_high) / total)


def test_sakai_a_vs_b_rounding_matters(sakai):
    # Table 5.1's differences are multiples of 0.1; as floats some "ties" differ in the last
    # bits, and scipy ranks them apart. The default rounds to 12 decimals first.
    a, b = np.array(sakai["A"]), np.array(sakai["B"])
    raw = stats.wilcoxon(a, b)
    rounded = stats.wilcoxon(np.round(a - b, 12))
    assert raw.pvalue != pytest.approx(rounded.pvalue)
    assert wilcoxon_test(a, b).pvalue == pytest.approx(rounded.pvalue, rel=1e-12)
    assert wilcoxon_test(a, b, decimals=None).pvalue == pytest.approx(raw.pvalue, rel=1e-12)


@pytest.mark.parametrize("zero_method", ["wilcox", "pratt", "zsplit"])
@pytest.mark.parametrize("method", ["auto", "exact", "approx"])
def test_identical_systems_give_p_one(zero_method, method):
    x = [0.1, 0.4, 0.4, 0.9]
    r = wilcoxon_test(x, x, zero_method=zero_method, method=method)
    assert r.pvalue == 1.0 and r.effect_size == 0.0 and r.n_zeros == 4
    assert r.zstatistic == (0.0 if r.method == "approx" else None)
    assert not any(isinstance(v, float) and math.isnan(v) for v in vars(r).values())


def test_rank_biserial_effect_size():
    # W+ = 96, W- = 24 on Darwin's data: (96 - 24) / 120 = 0.6
    r = wilcoxon_test(DARWIN, [0] * len(DARWIN))
    assert (r.r_plus, r.r_minus) == (96.0, 24.0)
    assert r.effect_size == pytest.approx(0.6)
