"""bootstrap_test: Sakai (2006)'s algorithm written as a plain loop, conventions, reproducibility."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from rankbook.stats import bootstrap_test
from rankbook.stats.resampling import CHUNK_CELLS


def _sakai_2006_loop(x, y, B, seed, alternative="two-sided"):
    """Sakai (2006)'s algorithm, one bootstrap sample at a time in plain Python.

    The indices are drawn from the generator in the same blocks as bootstrap_test draws
    them (CHUNK_CELLS // n rows at a time), so both see the same bootstrap samples.
    """
    z = np.asarray(x, float) - np.asarray(y, float)
    n = len(z)
    t_obs = z.mean() / (z.std(ddof=1) / math.sqrt(n))
    w = z - z.mean()
    rng = np.random.default_rng(seed)
    count = 0
    t_stars = []
    rows = max(1, CHUNK_CELLS // n)
    drawn = 0
    while drawn < B:
        block = rng.integers(0, n, size=(min(rows, B - drawn), n))
        for indices in block:
            sample = [w[i] for i in indices]
            mean = sum(sample) / n
            sd = math.sqrt(sum((v - mean) ** 2 for v in sample) / (n - 1))
            if sd == 0:
                t_star = 0.0 if mean == 0 else math.copysign(math.inf, mean)
            else:
                t_star = mean / (sd / math.sqrt(n))
            t_stars.append(t_star)
            if alternative == "greater":  # Efron and Tibshirani's algorithm 16.2, one-sided
                count += t_star >= t_obs
            elif alternative == "less":
                count += t_star <= t_obs
            else:
                count += abs(t_star) >= abs(t_obs)
        drawn += len(block)
    return t_obs, count, t_stars


def test_equals_the_textbook_loop(sakai):
    t_obs, count, t_stars = _sakai_2006_loop(sakai["A"], sakai["B"], 3000, seed=5)
    r = bootstrap_test(sakai["A"], sakai["B"], n_resamples=3000, seed=5)
    assert r.statistic == pytest.approx(t_obs, rel=1e-12)
    assert r.count == count
    assert r.pvalue == (count + 1) / 3001
    # the null distribution the count was read from: the loop's t* of each sample, in order
    assert list(r.null_distribution) == pytest.approx(t_stars, rel=1e-9)


@pytest.mark.parametrize("alternative", ["greater", "less"])
def test_one_sided_equals_the_textbook_loop(sakai, alternative):
    _, count, _ = _sakai_2006_loop(sakai["A"], sakai["C"], 2000, 7, alternative)
    r = bootstrap_test(sakai["A"], sakai["C"], n_resamples=2000, seed=7, alternative=alternative)
    assert (r.count, r.pvalue, r.alternative) == (count, (count + 1) / 2001, alternative)


def test_statistic_is_the_paired_t_statistic(sakai):
    r = bootstrap_test(sakai["A"], sakai["C"], n_resamples=100)
    assert r.statistic == pytest.approx(stats.ttest_rel(sakai["A"], sakai["C"]).statistic)


def test_same_seed_same_pvalue_and_seeds_agree_within_sampling_error(sakai):
    a, b = sakai["A"], sakai["B"]
    first = bootstrap_test(a, b, seed=11)
    assert bootstrap_test(a, b, seed=11) == first
    other = bootstrap_test(a, b, seed=12)
    assert other.count != first.count
    p = first.pvalue
    assert abs(other.pvalue - p) < 6 * math.sqrt(p * (1 - p) / first.n_resamples)


def test_close_to_the_t_test_on_normal_data():
    # For normal differences the bootstrap-t distribution approaches Student's t.
    rng = np.random.default_rng(2)
    d = rng.normal(0.05, 0.2, size=50)
    boot = bootstrap_test(d, np.zeros(50), seed=0).pvalue
    assert boot == pytest.approx(stats.ttest_1samp(d, 0).pvalue, abs=0.02)


def test_zero_variance_conventions():
    x = np.array([0.2, 0.4, 0.9])
    same = bootstrap_test(x, x, n_resamples=500)
    assert (same.statistic, same.pvalue, same.count) == (0.0, 1.0, 500)
    shifted = bootstrap_test(x + 0.1, x, n_resamples=500)
    assert shifted.statistic == math.inf and shifted.pvalue == 1 / 501


def test_swapping_systems_keeps_p(sakai):
    ab = bootstrap_test(sakai["A"], sakai["B"], n_resamples=5000, seed=3)
    ba = bootstrap_test(sakai["B"], sakai["A"], n_resamples=5000, seed=3)
    # same indices, mirrored samples: |t*| identical
    assert ab.pvalue == ba.pvalue and ba.statistic == pytest.approx(-ab.statistic)
