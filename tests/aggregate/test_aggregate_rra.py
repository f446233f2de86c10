"""Robust rank aggregation (Kolde et al. 2012).

Oracles: R's RobustRankAggreg 1.2.1 (CRAN; run under R 4.2.2, script below),
exact rational arithmetic (fractions.Fraction) for Stuart's recursion, and
closed forms for one and two lists.

The R numbers come from this script:

    library(RobustRankAggreg); options(digits = 15)
    g1 <- list(c("a","b","c","d"), c("a","c","b","d"), c("a","b","d","c"))
    aggregateRanks(g1); aggregateRanks(g1, exact = TRUE)
    g2 <- list(c("a","b","c","d","e","f"), c("b","a","d"), c("c","a","e","b"),
               c("a","f"), c("e","d","a"))
    aggregateRanks(g2, N = 8); aggregateRanks(g2, N = 8, exact = TRUE)
    RobustRankAggreg:::correctBetaPvaluesExact(1e-3, 10)
    RobustRankAggreg:::correctBetaPvaluesExact(1e-6, 50)
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from scipy.special import betaincinv

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.aggregate.rra import beta_scores, rra, rra_pvalue

G1 = [["a", "b", "c", "d"], ["a", "c", "b", "d"], ["a", "b", "d", "c"]]
G2 = [["a", "b", "c", "d", "e", "f"], ["b", "a", "d"], ["c", "a", "e", "b"], ["a", "f"], ["e", "d", "a"]]


def test_bonferroni_matches_robustrankaggreg():
    assert rra(G1) == {"a": 0.046875, "b": 1.0, "c": 1.0, "d": 1.0}
    assert rra(G2, n=8)["a"] == pytest.approx(0.037078857421875, rel=1e-14)


def test_exact_matches_robustrankaggreg_where_r_is_stable():
    r_g1 = {"a": 0.0409335189514298, "b": 0.6792156079857301, "c": 0.9705720391941285,
            "d": 0.9995251653016678}
    r_g2 = {"a": 0.0299124383777576, "b": 0.7178567560478533, "c": 0.8292619256952976,
            "e": 0.8292619256952976, "d": 0.8391689065713013, "f": 0.9703356917631261}
    for lists, n, expected in ((G1, None, r_g1), (G2, 8, r_g2)):
        got = rra(lists, exact=True, n=n)
        for item, value in expected.items():
            assert got[item] == pytest.approx(value, rel=1e-12)
    assert rra_pvalue(1e-3, 10) == pytest.approx(0.00745547196976692, rel=1e-10)


def test_r_exact_breaks_down_with_fifty_lists():
    # R prints 33.729390182155 for correctBetaPvaluesExact(1e-6, 50): not a probability.
    stable = rra_pvalue(1e-6, 50)
    assert 1e-6 <= stable <= 50 * 1e-6
    # The naive formula is garbage, and which garbage depends on the processor (numpy rounds
    # r ** i differently with and without AVX-512): what holds everywhere is its spread over
    # 17 inputs within 8 ulps of rho, while the stable value keeps 13 digits over them.
    nearby = 1e-6 * (1 + np.arange(-8, 9) * 2.0**-52)
    naive = rra_pvalue(nearby, 50, naive=True)
    assert naive.max() - naive.min() > 1
    assert np.all(np.abs(rra_pvalue(nearby, 50) / stable - 1) < 1e-12)


def _stuart_exact(rho: float, k: int) -> Fraction:
    """R's correctBetaPvaluesExact, evaluated in exact rationals on the same float thresholds."""
    i = np.arange(1, k + 1)
    r = sorted(Fraction(1) - Fraction(float(t)) for t in betaincinv(i, k - i + 1, rho))
    v = [Fraction(1)] * (k + 2)
    for step in range(1, k + 1):
        v[step + 1] = sum((-1) ** (j + 1) * v[step - j + 1] * r[k - step] ** j / math.factorial(j)
                          for j in range(1, step + 1))
    return 1 - math.factorial(k) * v[k + 1]


@pytest.mark.parametrize("k", [2, 3, 5, 8, 12, 20, 30])
@pytest.mark.parametrize("rho", [0.5, 1e-2, 1e-5, 1e-12])
def test_stable_exact_equals_stuarts_formula_in_rational_arithmetic(k, rho):
    assert rra_pvalue(rho, k) == pytest.approx(float(_stuart_exact(rho, k)), rel=1e-11)


def test_an_array_of_rho_gives_each_ones_pvalue_in_its_shape():
    rho = np.array([[0.5, 1e-2], [1e-5, 1e-12]])
    got = rra_pvalue(rho, 12)
    assert got.shape == (2, 2)
    expected = [[float(_stuart_exact(float(value), 12)) for value in row] for row in rho]
    assert got == pytest.approx(np.array(expected), rel=1e-11)
    assert list(rra_pvalue([1e-3, 0.2], 10, exact=False)) == [1e-2, 1.0]    # min(1, k rho)
    assert rra_pvalue([0.3], 1).tolist() == [0.3]


def test_closed_forms_for_one_and_two_lists():
    assert rra_pvalue(0.3, 1) == pytest.approx(0.3)
    # k = 2: t1 = 1 - sqrt(1 - rho), t2 = sqrt(rho); P(no crossing) = 2 * area{t1 < x < y, y > t2}.
    rho = 0.19
    t1, t2 = 1 - math.sqrt(1 - rho), math.sqrt(rho)
    no_crossing = 2 * ((1 - t2) * (1 - t2) / 2 + (t2 - t1) * (1 - t2))
    assert rra_pvalue(rho, 2) == pytest.approx(1 - no_crossing, rel=1e-12)


def test_exact_is_below_bonferroni_and_above_rho():
    for k in (2, 5, 10, 40):
        for rho in np.geomspace(1e-9, 0.5, 12):
            exact = rra_pvalue(float(rho), k)
            assert rho - 1e-15 <= exact <= min(1.0, k * rho) * (1 + 1e-12)


def test_pvalues_of_random_lists_are_uniform():
    # Under the null (every list a random permutation) the exact p-value is uniform;
    # Bonferroni is conservative (its mean is larger).
    rng = np.random.default_rng(3)
    exact, bonferroni = [], []
    items = [f"g{i}" for i in range(40)]
    for _ in range(40):
        lists = [list(rng.permutation(items)) for _ in range(6)]
        exact += list(rra(lists, exact=True).values())
        bonferroni += list(rra(lists).values())
    deciles = np.quantile(exact, [0.1, 0.5, 0.9])
    np.testing.assert_allclose(deciles, [0.1, 0.5, 0.9], atol=0.06)
    assert np.mean(bonferroni) > np.mean(exact) + 0.05


def test_beta_scores_closed_form():
    # Smallest of three uniforms below 0.25: 1 - 0.75^3; all three below 0.25: 0.25^3.
    assert beta_scores([0.25, 0.25, 0.25]).tolist() == pytest.approx([1 - 0.75 ** 3, 0.15625, 0.25 ** 3])


def test_flagr_convention_is_the_naive_formula():
    assert rra(G1, exact=True, convention="flagr")["a"] == pytest.approx(0.0409335189514298, rel=1e-12)
    assert rra(G1, convention="flagr") == rra(G1)


def test_unanimous_profile_returns_its_order():
    order = ["c", "a", "d", "b", "e"]
    assert list(rra([order] * 4)) == order
    assert list(rra([order] * 4, exact=True)) == order


def test_bad_arguments():
    with pytest.raises(InvalidValueError, match="n=3 is smaller"):
        rra(G1, n=3)
    with pytest.raises(InvalidValueError, match="takes no weights"):
        rra(G1, weights=[1, 1, 1])
    with pytest.raises(InvalidValueError, match=r"rho must be a finite number in \[0"):
        rra_pvalue(1.5, 3)
    with pytest.raises(InvalidValueError, match=r"rho must hold numbers in \[0, 1\]; rho\[1\] is nan"):
        rra_pvalue([0.5, float("nan")], 3)
    with pytest.raises(InvalidTypeError, match="rho must be a number or an array of numbers"):
        rra_pvalue(["0.5", "x"], 3)
