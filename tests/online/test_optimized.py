"""Optimized interleaving: allowed lists, credits, and the linear program's solution."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from scipy.optimize import linprog

from rankbook import InvalidValueError
from rankbook.online import (
    MAX_LENGTH,
    Interleaving,
    allowed_interleavings,
    list_sensitivity,
    optimized_credit,
    optimized_distribution,
    optimized_interleave,
    optimized_outcome,
)


def test_allowed_lists_by_hand():
    # After a, both lists' best unshown document is b; after b, A offers a and B offers c.
    assert allowed_interleavings(list("abc"), list("bca")) == [
        ("a", "b", "c"), ("b", "a", "c"), ("b", "c", "a")]
    assert allowed_interleavings(list("ab"), list("ab")) == [("a", "b")]


def test_every_prefix_of_an_allowed_list_is_a_union_of_prefixes():
    a, b = list("abcde"), list("cadeb")
    lists = allowed_interleavings(a, b)
    assert 1 < len(lists) <= 2 ** 5
    for shown in lists:
        for i in range(1, len(shown) + 1):
            assert any(set(shown[:i]) == set(a[:j]) | set(b[:k])
                       for j in range(6) for k in range(6))


def test_the_search_is_finite_and_capped():
    assert len(allowed_interleavings(range(MAX_LENGTH), range(MAX_LENGTH - 1, -1, -1))) <= 2 ** 10
    with pytest.raises(InvalidValueError, match="stops at length 10"):
        allowed_interleavings(range(11), range(11))


def test_credits_by_hand():
    # a: A 1st, B 3rd; c: A 3rd, B 2nd; z: in neither (rank 4 in both).
    assert optimized_credit(list("abc"), list("bca"), "a") == 2
    assert optimized_credit(list("abc"), list("bca"), "c") == -1
    assert optimized_credit(list("abc"), list("bca"), "a", credit="inverse") == Fraction(2, 3)
    assert optimized_credit(list("abc"), list("bca"), "z") == 0
    # c is 3rd in A and missing from B, whose length 2 puts it at rank 3 too.
    assert optimized_credit(list("abc"), list("bd"), "c") == 0
    assert optimized_outcome(list("abc"), list("bca"), list("abc"), [1, 0, 1]) == 1


def test_a_swapped_pair_is_shown_each_way_half_the_time():
    # A = a, b; B = b, a: credits +1 and -1 at rank 1 force p1 = p2.
    assert optimized_distribution(list("ab"), list("ba")) == {
        Interleaving(("a", "b")): Fraction(1, 2), Interleaving(("b", "a")): Fraction(1, 2)}


def test_the_three_lists_of_a_rotation_are_equally_likely():
    # Rank 1: 2 p1 - p2 - p3 = 0 and rank 2: -p1 + 2 p2 - p3 = 0 with p1 + p2 + p3 = 1.
    dist = optimized_distribution(list("abc"), list("bca"))
    assert list(dist.values()) == [Fraction(1, 3)] * 3


def test_the_solution_is_unbiased_exactly_and_optimal():
    a, b = list("abcde"), list("badce")
    for credit in ("linear", "inverse"):
        dist = optimized_distribution(a, b, credit=credit)
        assert sum(dist.values()) == 1
        for k in range(5):
            assert sum(p * optimized_credit(a, b, s.documents[k], credit=credit)
                       for s, p in dist.items()) == 0
        # An independent solve (interior point) of the same program reaches the same optimum.
        lists = allowed_interleavings(a, b)
        credits = [[float(optimized_credit(a, b, d, credit=credit)) for d in s] for s in lists]
        sensitivity = [list_sensitivity(c) for c in credits]
        check = linprog([-s for s in sensitivity],
                        A_eq=[[1.0] * len(lists)] + [[c[k] for c in credits] for k in range(5)],
                        b_eq=[1.0] + [0.0] * 5, bounds=[(0, None)] * len(lists),
                        method="highs-ipm")
        ours = sum(float(p) * sensitivity[lists.index(s.documents)] for s, p in dist.items())
        assert ours == pytest.approx(-check.fun, abs=1e-7)


def test_sensitivity_by_hand():
    # f = (1, 1/2, 1/3) / (11/6); rank 1 credits A, ranks 2 and 3 credit B: w_A = 6/11.
    x = 6 / 11
    assert list_sensitivity([2, -1, -1]) == pytest.approx(-(x * math.log2(x)
                                                            + (1 - x) * math.log2(1 - x)))
    assert list_sensitivity([1, 0, 0]) == 0.0
    # Rank 1 a tie: w_A = (1/2) / (11/6) = 3/11, w_B = (1/3) / (11/6) = 2/11, so
    # s = 5/11 * H(3/5).
    assert list_sensitivity([0, 1, -1]) == pytest.approx(
        5 / 11 * -(0.6 * math.log2(0.6) + 0.4 * math.log2(0.4)))


def test_the_sampler_only_draws_lists_of_positive_probability():
    dist = optimized_distribution(list("abcd"), list("badc"))
    drawn = {optimized_interleave(list("abcd"), list("badc"), seed=seed) for seed in range(16)}
    assert drawn <= set(dist) and len(drawn) == len(dist)

