"""Balanced interleaving (Joachims, 2003): the merge, its two lists, the lowest click's credit."""

from __future__ import annotations

import itertools
from collections import Counter
from fractions import Fraction

import pytest

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.online import (
    Interleaving,
    balanced_distribution,
    balanced_interleave,
    balanced_outcome,
)

A, B = ["a", "b", "c"], ["b", "c", "a"]


def test_the_two_lists_by_hand():
    # A leads: a (A's 1st), b (B's 1st), A's b is shown, c (B's 2nd). B leads: b, a, then A's
    # b is shown, B's c. Each coin side 1/2.
    assert balanced_distribution(A, B) == {Interleaving(("a", "b", "c")): Fraction(1, 2),
                                           Interleaving(("b", "a", "c")): Fraction(1, 2)}


def test_identical_lists_give_one_list_of_probability_one():
    assert balanced_distribution(A, A) == {Interleaving(tuple(A)): 1}


@pytest.mark.parametrize("clicks, expected", [
    # Ranks in A: a 1, b 2, c 3; in B: b 1, c 2, a 3. Shown: a, b, c.
    ([1, 0, 0], 1),    # lowest click a: k = 1; A's top 1 holds a, B's does not
    ([0, 1, 0], -1),   # lowest click b: k = 1; only B's top 1 holds b
    ([1, 1, 0], 0),    # k = 1: A's top 1 holds a, B's holds b
    ([0, 0, 1], -1),   # lowest click c: k = 2; B's top 2 (b, c) holds c, A's (a, b) not
    ([1, 0, 1], 0),    # k = 2: A's top 2 holds a, B's holds c
    ([0, 1, 1], -1),   # k = 2: A's top 2 holds b; B's holds b and c
    ([1, 1, 1], 0),    # k = 2: two each
    ([0, 0, 0], 0),    # no click
])
def test_the_credit_of_every_click_pattern_by_hand(clicks, expected):
    assert balanced_outcome(A, B, ["a", "b", "c"], clicks) == expected


def test_every_prefix_is_a_union_of_prefixes_at_most_one_apart():
    documents = "abcd"
    for a in itertools.permutations(documents):
        for b in itertools.permutations(documents):
            for shown in balanced_distribution(a, b):
                for i in range(1, len(shown.documents) + 1):
                    prefix = set(shown.documents[:i])
                    assert any(prefix == set(a[:ka]) | set(b[:kb])
                               for ka in range(5) for kb in range(5) if abs(ka - kb) <= 1)


def test_the_seeded_sampler_draws_the_exact_distribution(within_binomial):
    n = 2000
    drawn = Counter(balanced_interleave(A, B, seed=seed).documents for seed in range(n))
    assert set(drawn) == {("a", "b", "c"), ("b", "a", "c")}
    assert within_binomial(drawn[("a", "b", "c")], n, Fraction(1, 2))
    assert balanced_interleave(A, B, seed=5) == balanced_interleave(A, B, seed=5)


def test_length_cuts_the_list():
    assert balanced_distribution(A, B, length=1) == {Interleaving(("a",)): Fraction(1, 2),
                                                     Interleaving(("b",)): Fraction(1, 2)}


def test_bad_input_is_refused_with_the_fix():
    with pytest.raises(InvalidValueError, match="twice"):
        balanced_interleave(["a", "a"], B)
    with pytest.raises(InvalidValueError, match="empty"):
        balanced_distribution([], B)
    with pytest.raises(InvalidTypeError, match="ranked list"):
        balanced_distribution("abc", B)
    with pytest.raises(InvalidValueError, match="one 0 or 1 per rank"):
        balanced_outcome(A, B, ["a", "b", "c"], [1, 0])
    with pytest.raises(InvalidValueError, match="click is 1"):
        balanced_outcome(A, B, ["a", "b", "c"], [2, 0, 0])
    with pytest.raises(InvalidValueError, match="seed"):
        balanced_interleave(A, B, seed=-1)
    with pytest.raises(InvalidValueError, match="length"):
        balanced_interleave(A, B, length=0)
