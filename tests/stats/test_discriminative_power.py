"""Discriminative power (Sakai 2006) with the randomised Tukey HSD (Sakai 2012).

The oracle is exact enumeration: on tiny matrices every within-topic permutation of the
scores ((m!)^n of them) is drawn once, which gives the exact null distribution of the range
of system means, hence the exact ASL of each pair, the exact set of significant pairs and
the exact difference needed. The package's Monte Carlo estimate must agree within binomial
error, and exactly where the exact values are far from the threshold.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.stats import discriminative_power, randomization_test, tukey_hsd
from rankbook.stats.discriminative import needed_difference, summary_table

# The docstring's example: exact ASLs 0.3035, 0.0001, 0.2181 over 6^6 = 46656 permutations.
THREE_BY_SIX = np.array([[0.9, 0.5, 0.1], [0.8, 0.6, 0.2], [0.7, 0.4, 0.3],
                         [0.9, 0.7, 0.2], [0.8, 0.3, 0.1], [0.6, 0.5, 0.2]])
FOUR_BY_THREE = np.array([[0.9, 0.7, 0.3, 0.1], [0.8, 0.5, 0.4, 0.0], [1.0, 0.6, 0.2, 0.1]])
THREE_BY_FIVE = np.array([[0.2, 0.5, 0.4], [0.1, 0.6, 0.3], [0.3, 0.9, 0.5], [0.0, 0.4, 0.2],
                          [0.2, 0.8, 0.3]])
MATRICES = {"3x6": THREE_BY_SIX, "4x3": FOUR_BY_THREE, "3x5": THREE_BY_FIVE}


def _all_ranges(matrix: np.ndarray) -> np.ndarray:
    """The range of the system means under every within-topic permutation, each once."""
    per_topic = [np.array(list(itertools.permutations(row))) for row in matrix]
    total = np.zeros((1, matrix.shape[1]))
    for options in per_topic:  # every combination: the sums of the permuted rows
        total = (total[:, None, :] + options[None, :, :]).reshape(-1, matrix.shape[1])
    means = total / matrix.shape[0]
    return means.max(axis=1) - means.min(axis=1)


def _exact(matrix: np.ndarray, alpha: float):
    """Exact ASL per pair, and the exact needed difference with its two tail margins."""
    ranges = _all_ranges(matrix)
    means = matrix.mean(axis=0)
    asl = [float(np.mean(ranges >= abs(means[i] - means[j]) - 1e-12))
           for i, j in itertools.combinations(range(matrix.shape[1]), 2)]
    values = np.unique(np.round(ranges, 12))
    tail = np.array([np.mean(ranges >= v - 1e-12) for v in values])  # P(R >= v)
    delta = values[tail >= alpha].max()                               # the (1 - alpha) quantile
    above = np.mean(ranges > delta + 1e-12)                           # P(R > delta)
    return asl, float(delta), float(tail[values == delta][0]), float(above)


def _frame(matrix: np.ndarray) -> dict:
    return {f"s{j}": matrix[:, j] for j in range(matrix.shape[1])}


@pytest.mark.parametrize("name", list(MATRICES))
def test_asl_agrees_with_full_enumeration(name):
    matrix, B = MATRICES[name], 40_000
    exact, _, _, _ = _exact(matrix, 0.05)
    r = discriminative_power(_frame(matrix), n_resamples=B, seed=3)
    assert len(r.asl) == math.comb(matrix.shape[1], 2)
    for estimate, p in zip(r.asl, exact):
        assert abs(estimate - p) < 4.5 * math.sqrt(max(p * (1 - p), 1 / B) / B) + 1 / B


@pytest.mark.parametrize("name", list(MATRICES))
@pytest.mark.parametrize("alpha", [0.05, 0.10])
def test_significant_pairs_and_delta_equal_the_exact_ones(name, alpha):
    matrix, B = MATRICES[name], 40_000
    exact, delta, at_delta, above_delta = _exact(matrix, alpha)
    r = discriminative_power(_frame(matrix), alpha=alpha, n_resamples=B, seed=1)
    margin = 6 * math.sqrt(alpha * (1 - alpha) / B)
    clear = [p for p in exact if abs(p - alpha) > margin]
    assert len(clear) == len(exact), "the matrix is too close to alpha to be a fair check"
    assert r.n_significant == sum(p < alpha for p in exact)
    assert r.discriminative_power == pytest.approx(r.n_significant / len(exact))
    # The Monte Carlo delta lands on the exact (1 - alpha) quantile when alpha is not
    # within binomial error of one of the distribution's steps.
    if at_delta - alpha > margin and alpha - above_delta > margin:
        assert r.delta == pytest.approx(delta, abs=1e-12)


@pytest.mark.parametrize("name", list(MATRICES))
def test_delta_is_the_exact_quantile_in_the_middle_of_a_step(name):
    # alpha halfway up the widest step of P(R >= v) between 0.01 and 0.3: delta must be v
    matrix, B = MATRICES[name], 40_000
    ranges = _all_ranges(matrix)
    values = np.unique(np.round(ranges, 12))
    steps = [(np.mean(ranges >= v - 1e-12), np.mean(ranges > v + 1e-12), v) for v in values]
    at, above, v = max((s for s in steps if 0.01 < s[1] and s[0] < 0.3),
                       key=lambda s: s[0] - s[1])
    alpha = (at + above) / 2
    assert (at - above) / 2 > 6 * math.sqrt(alpha * (1 - alpha) / B)
    r = discriminative_power(_frame(matrix), alpha=alpha, n_resamples=B, seed=2)
    assert r.delta == pytest.approx(v, abs=1e-12)


def test_the_examples_have_both_outcomes():
    # the parametrised checks above see significant and non-significant pairs
    outcomes = {p < 0.05 for m in MATRICES.values() for p in _exact(m, 0.05)[0]}
    assert outcomes == {True, False}


def test_docstring_figures_are_the_exact_ones():
    exact = _exact(THREE_BY_SIX, 0.05)[0]
    assert [round(p, 4) for p in exact] == [0.3035, 0.0001, 0.2181]
    assert exact[1] == pytest.approx(6 / 46656)


def test_two_systems_is_the_exact_randomisation_test():
    rng = np.random.default_rng(7)
    x = rng.random(12)
    y = x - 0.15 + 0.2 * rng.random(12)
    exact = randomization_test(x, y).pvalue  # all 2^12 sign flips
    B = 50_000
    r = discriminative_power({"x": x, "y": y}, n_resamples=B)
    assert abs(r.asl[0] - exact) < 4.5 * math.sqrt(exact * (1 - exact) / B) + 1 / B


def test_same_resamples_and_asls_as_the_randomised_tukey_hsd():
    rng = np.random.default_rng(11)
    scores = {f"run{i}": rng.random(15) + 0.05 * i for i in range(6)}
    r = discriminative_power(scores, n_resamples=3000, seed=9)
    tukey = tukey_hsd(scores, method="randomized", n_resamples=3000, seed=9)
    assert r.asl == tuple(c.pvalue for c in tukey.comparisons)
    assert r.differences == tuple(c.difference for c in tukey.comparisons)
    assert r.pairs == tuple((c.system_a, c.system_b) for c in tukey.comparisons)


def test_a_pair_is_significant_exactly_when_its_difference_exceeds_delta():
    rng = np.random.default_rng(5)
    scores = {f"run{i}": rng.random(30) * 0.5 + 0.02 * i for i in range(12)}
    for alpha in (0.01, 0.05, 0.2):
        r = discriminative_power(scores, alpha=alpha, n_resamples=2000)
        for d, p in zip(r.differences, r.asl):
            assert (p < alpha) == (abs(d) > r.delta)
        assert 0 < r.n_significant < len(r.pairs)  # both kinds of pairs were seen


def test_asl_curve_is_the_sorted_asls():
    r = discriminative_power(_frame(FOUR_BY_THREE), n_resamples=500)
    curve = r.asl_curve()
    assert list(curve) == sorted(r.asl) and len(curve) == 6


def test_needed_difference_counts_from_the_top():
    ranges = np.arange(1, 100) / 1000  # B = 99
    # alpha (B + 1) = 5: at most 3 ranges may reach |d| (ASL 4/100 < 0.05, 5/100 is not)
    assert needed_difference(ranges, 0.05) == pytest.approx(0.096)
    assert needed_difference(ranges, 0.051) == pytest.approx(0.095)  # ceil(5.1) - 2 = 4
    assert needed_difference(ranges, 0.01) == math.inf                # 1/100 is not < 0.01
    assert needed_difference(ranges, 0.5) == pytest.approx(0.051)     # 48 ranges may reach it


def test_identical_systems_are_never_told_apart():
    x = [0.2, 0.6, 0.1, 0.9]
    r = discriminative_power({"A": x, "B": list(x), "C": list(x)}, n_resamples=200)
    assert r.asl == (1.0, 1.0, 1.0) and r.n_significant == 0
    assert r.discriminative_power == 0.0


def test_summary_table_has_one_row_per_measure():
    one = discriminative_power(_frame(THREE_BY_SIX), n_resamples=1000)
    two = discriminative_power(_frame(FOUR_BY_THREE), n_resamples=1000)
    table = summary_table({"AP": one, "P@10": two})
    assert list(table.index) == ["AP", "P@10"]
    assert table.loc["AP", "pairs"] == 3 and table.loc["P@10", "pairs"] == 6
    assert table.loc["AP", "significant"] == one.n_significant
    assert table.loc["P@10", "delta"] == two.delta


@pytest.mark.parametrize("alpha,error", [(0, InvalidValueError), (1, InvalidValueError),
                                         (1.5, InvalidValueError), (-0.1, InvalidValueError),
                                         (True, InvalidTypeError), ("0.05", InvalidTypeError)])
def test_bad_alpha_is_refused(alpha, error):
    # the wrong type is an InvalidTypeError, a number out of range an InvalidValueError (issue 36)
    with pytest.raises(error, match=r"alpha must be a number in \(0, 1\)"):
        discriminative_power(_frame(THREE_BY_SIX), alpha=alpha)


def test_bad_resamples_and_too_few_systems_are_refused():
    with pytest.raises(InvalidValueError, match="n_resamples"):
        discriminative_power(_frame(THREE_BY_SIX), n_resamples=0)
    with pytest.raises(InvalidValueError):
        discriminative_power({"A": [0.1, 0.2, 0.3]})
