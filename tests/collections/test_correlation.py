"""Correlation of system rankings (rankbook.collections.correlation).

Oracles: scipy's ``kendalltau`` (tau-b) and ``spearmanr``; tau-a and tau_AP worked in exact
fractions by hand (Yilmaz, Aslam and Robertson, SIGIR 2008, equation for tau_AP); the
published tau_AP values of Urbano's ircor package (R, julian-urbano/ircor,
tests/testthat/test_tauAP.R and helper_data.R: set1 .8519, set2 .2504, set3 -.6971, and the
symmetric means .8333, .2880, -.668 under tauAP_b, which equals the symmetric tau_AP without
ties; and its manual page's example, 0.3928571); and a brute-force count of inversions over every permutation for the 0.9 rule.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction as F

import pytest
from scipy import stats

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.collections import (
    kendall_tau,
    spearman_rho,
    swapped_pairs,
    swaps_allowed,
    tau_ap,
)

# ircor's test data (helper_data.R): x is the true score, y the estimate.
IRCOR = {
    "set1": ([0.897, 0.372, 0.908, 0.898, 0.661, 0.062, 0.177, 0.384, 0.498, 0.992],
             [0.82, 0.406, 0.817, 0.953, 0.673, 0.073, 0.364, 0.547, 0.589, 0.988]),
    "set2": ([0.266, 0.573, 0.202, 0.945, 0.629, 0.206, 0.687, 0.77, 0.718, 0.38],
             [0.263, 0.843, 0.728, 0.928, 0.08, 0.114, 0.467, 0.641, 0.973, 0.644]),
    "set3": ([0.185, 0.573, 0.944, 0.129, 0.468, 0.553, 0.761, 0.405, 0.976, 0.445],
             [0.845, 0.272, 0.275, 0.924, 0.605, 0.334, 0.162, 0.872, 0.018, 0.25]),
}


def _scores(seed, n, ties):
    rng = random.Random(seed)
    values = [0.1, 0.2, 0.3, 0.4] if ties else None
    draw = (lambda: rng.choice(values)) if ties else rng.random
    return [draw() for _ in range(n)], [draw() for _ in range(n)]


@pytest.mark.parametrize("seed", range(10))
def test_kendall_tau_b_equals_scipy(seed):
    x, y = _scores(seed, 5 + seed, ties=seed % 2 == 0)
    assert kendall_tau(x, y) == pytest.approx(stats.kendalltau(x, y).statistic, abs=1e-12)
    systems = [f"s{i}" for i in range(len(x))]
    named = kendall_tau(dict(zip(systems, x)), dict(zip(reversed(systems), reversed(y))))
    assert named == pytest.approx(stats.kendalltau(x, y).statistic, abs=1e-12)


def test_kendall_tau_a_by_hand_with_ties():
    # x ties s1 and s2. Pairs: (1,2) tied in x; (1,3) C; (1,4) C; (2,3) D; (2,4) C; (3,4) C
    x, y = [3, 3, 2, 1], [4, 2, 3, 1]
    assert kendall_tau(x, y, variant="a") == pytest.approx(float(F(4 - 1, 6)), abs=1e-15)
    # tau-b: (C - D) / sqrt((C + D + 1)(C + D)) = 3 / sqrt(6 * 5)
    assert kendall_tau(x, y) == pytest.approx(3 / 30 ** 0.5, abs=1e-15)


def test_orderings_and_scores_give_the_same_tau():
    order_1, order_2 = ["a", "b", "c", "d", "e"], ["b", "a", "c", "e", "d"]
    scores_2 = {"a": 0.8, "b": 0.9, "c": 0.5, "d": 0.1, "e": 0.2}
    assert kendall_tau(order_1, order_2) == kendall_tau(order_1, scores_2)
    assert kendall_tau(order_1, order_2) == pytest.approx(1 - 4 * 2 / 20, abs=1e-15)


def _tau_ap_by_hand(truth_order, estimate_order):
    """Yilmaz et al.'s sum in exact fractions, both rankings given as orderings best first."""
    n = len(estimate_order)
    above_in_truth = {(a, b) for i, a in enumerate(truth_order) for b in truth_order[i + 1:]}
    total = F(0)
    for i in range(2, n + 1):
        system = estimate_order[i - 1]
        correct = sum((other, system) in above_in_truth for other in estimate_order[:i - 1])
        total += F(correct, i - 1)
    return F(2, n - 1) * total - 1


@pytest.mark.parametrize("estimate", list(itertools.permutations("abcd")))
def test_tau_ap_equals_the_formula_in_fractions_on_every_ranking_of_four(estimate):
    truth = ["a", "b", "c", "d"]
    expected = _tau_ap_by_hand(truth, list(estimate))
    assert tau_ap(truth, list(estimate)) == pytest.approx(float(expected), abs=1e-15)


def test_tau_ap_small_cases_by_hand():
    # top swap: estimate b a c d -> C(2)=0, C(3)=2, C(4)=3: 2/3 (0 + 1 + 1) - 1 = 1/3
    assert tau_ap(list("abcd"), list("bacd")) == pytest.approx(1 / 3, abs=1e-15)
    # bottom swap: a b d c -> C(2)=1, C(3)=2, C(4)=2: 2/3 (1 + 1 + 2/3) - 1 = 7/9
    assert tau_ap(list("abcd"), list("abdc")) == pytest.approx(7 / 9, abs=1e-15)
    # Kendall's tau cannot tell the two apart
    assert kendall_tau(list("abcd"), list("bacd")) == kendall_tau(list("abcd"), list("abdc"))
    assert tau_ap(list("abcd"), list("abcd")) == 1.0
    assert tau_ap(list("abcd"), list("dcba")) == -1.0


@pytest.mark.parametrize("name, published", [("set1", .8519), ("set2", .2504), ("set3", -.6971)])
def test_tau_ap_equals_ircors_published_values(name, published):
    x, y = IRCOR[name]
    assert tau_ap(x, y) == pytest.approx(published, abs=5e-5)


def test_tau_ap_equals_ircors_documented_example():
    # ircor's manual page tauAP (CRAN, "Examples", no ties): tauAP(x, y) prints 0.3928571
    x = [0.67, 0.45, 0.29, 0.12, 0.57, 0.24, 0.94, 0.75, 0.08, 0.54]
    y = [0.48, 0.68, 0.32, 0.09, 0.06, 0.61, 0.87, 0.22, 0.44, 0.84]
    assert tau_ap(x, y) == pytest.approx(0.3928571, abs=5e-8)


@pytest.mark.parametrize("name, published", [("set1", .8333), ("set2", .2880), ("set3", -.668)])
def test_symmetric_tau_ap_equals_ircors_tauap_b_without_ties(name, published):
    x, y = IRCOR[name]
    symmetric = tau_ap(x, y, symmetric=True)
    assert symmetric == pytest.approx(published, abs=5e-5)
    assert symmetric == pytest.approx((tau_ap(x, y) + tau_ap(y, x)) / 2, abs=1e-15)


def test_tau_ap_is_not_symmetric():
    # truth a b c d, estimate b c a d: C(2) = 1 (b over c), C(3) = 0, C(4) = 3:
    #   2/3 (1 + 0 + 1) - 1 = 1/3
    # truth b c a d, estimate a b c d: C(2) = 0, C(3) = 1 (b over c), C(4) = 3:
    #   2/3 (0 + 1/2 + 1) - 1 = 0
    assert tau_ap(list("abcd"), list("bcad")) == pytest.approx(1 / 3, abs=1e-15)
    assert tau_ap(list("bcad"), list("abcd")) == pytest.approx(0.0, abs=1e-15)
    assert tau_ap(list("abcd"), list("bcad"), symmetric=True) == pytest.approx(1 / 6, abs=1e-15)


def test_tau_ap_refuses_ties():
    with pytest.raises(InvalidValueError, match="estimate ties systems at score 0.5.*Urbano"):
        tau_ap({"a": 0.9, "b": 0.5, "c": 0.1}, {"a": 0.5, "b": 0.5, "c": 0.1})


@pytest.mark.parametrize("seed", range(10))
def test_spearman_rho_equals_scipy(seed):
    x, y = _scores(50 + seed, 4 + seed, ties=seed % 2 == 1)
    if len(set(x)) == 1 or len(set(y)) == 1:
        pytest.skip("a constant ranking: rho undefined")
    assert spearman_rho(x, y) == pytest.approx(stats.spearmanr(x, y).statistic, abs=1e-12)


def test_swapped_pairs_lists_the_discordant_pairs():
    assert swapped_pairs(list("abcde"), list("baced")) == [("a", "b"), ("d", "e")]
    with pytest.raises(InvalidValueError, match="names systems"):
        swapped_pairs([0.3, 0.2], [0.2, 0.3])


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_swaps_allowed_against_every_permutation(n):
    # the most inversions among permutations whose tau-a is still >= 0.9
    identity = list(range(n))
    best = max(sum(p[i] > p[j] for i in range(n) for j in range(i + 1, n))
               for p in itertools.permutations(identity)
               if stats.kendalltau(identity, p).statistic >= 0.9 - 1e-12)
    assert swaps_allowed(n) == best


def test_the_0_9_rule_lets_more_swaps_through_with_more_systems():
    # tau = 1 - 4D / (n(n - 1)) >= 0.9  <=>  D <= n(n - 1) / 40
    assert swaps_allowed(10) == 2 and swaps_allowed(100) == 247
    assert swaps_allowed(5, threshold=0.8) == 1  # tau = 0.8 exactly with one swap of 10 pairs


def test_bad_rankings_are_refused_with_a_fix():
    with pytest.raises(InvalidValueError, match="only in first: \\['c'\\]"):
        kendall_tau(["a", "b", "c"], ["a", "b"])
    with pytest.raises(InvalidTypeError, match="cannot be paired"):
        kendall_tau(["a", "b"], [0.1, 0.2])
    with pytest.raises(InvalidValueError, match="lists system 'a' twice"):
        kendall_tau(["a", "b", "a"], ["a", "b", "c"])
    with pytest.raises(InvalidValueError, match="at least 2 systems"):
        kendall_tau([0.1], [0.2])
    with pytest.raises(InvalidValueError, match=r"first\['b'\] is nan"):
        spearman_rho({"a": 0.1, "b": float("nan")}, {"a": 0.1, "b": 0.2})
    with pytest.raises(InvalidValueError, match="ties every system"):
        kendall_tau([0.1, 0.1, 0.1], [0.1, 0.2, 0.3])
