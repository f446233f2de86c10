"""Kemeny: the dynamic programme against brute force, the size limit, and FLAGR's variant."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from flagr_oracle import run

from rankbook import InvalidValueError
from rankbook import aggregate as ag

# The docs' example: the classical optimum is list 1 itself; FLAGR's objective, which weighs
# each list's pairs by 1 / C(|l|, 2), lets the two 2-item lists outvote it.
DIFFERENT = [["b", "a", "d", "c"], ["d", "b"], ["a", "b"]]


def classical_distance(lists, weights, order) -> float:
    """Independent count: for each list and each pair the list orders (ranked above unranked),
    the list's weight if ``order`` puts the pair the other way round."""
    position = {item: p for p, item in enumerate(order)}
    total = 0.0
    for ranked, weight in zip(lists, weights):
        unranked = [x for x in order if x not in ranked]
        for i, above in enumerate(ranked):
            for below in list(ranked[i + 1:]) + unranked:
                total += weight * (position[above] > position[below])
    return total


def test_dynamic_programme_matches_brute_force():
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        items = [f"i{k}" for k in range(rng.randint(1, 6))]
        lists = [rng.sample(items, rng.randint(1, len(items))) for _ in range(rng.randint(1, 5))]
        weights = [rng.choice([1, 2, 0.5, 3]) for _ in lists]
        universe = sorted({x for ranked in lists for x in ranked})
        best = min(classical_distance(lists, weights, order)
                   for order in itertools.permutations(universe))
        result = ag.kemeny(lists, weights=weights)
        assert classical_distance(lists, weights, list(result)) == pytest.approx(best)
        n = len(universe)
        assert list(result.values()) == list(range(n, 0, -1))   # scores n, n-1, ..., 1
        checked += 1
    assert checked == 40


def test_ties_go_to_the_result_order():
    # Two opposite lists: every order of a and b is optimal; the tie rule (more lists, then id)
    # picks a first.
    assert list(ag.kemeny([["b", "a"], ["a", "b"]])) == ["a", "b"]


def test_too_many_items_is_a_clear_error():
    with pytest.raises(InvalidValueError, match=r"n = 21 .* max_items=20.*NP-hard"):
        ag.kemeny([[f"i{k}" for k in range(21)]])
    lists = [[f"i{k}" for k in range(9)]]
    with pytest.raises(InvalidValueError, match="max_items=8"):
        ag.kemeny(lists, max_items=8)
    assert list(ag.kemeny(lists, max_items=9)) == lists[0]


def test_twenty_items_is_exact():
    rng = np.random.default_rng(0)
    items = [f"i{k:02d}" for k in range(20)]
    base = list(rng.permutation(items))
    lists = [base[:], base[:], base[::-1]]          # two votes against one: base wins
    assert list(ag.kemeny(lists)) == base


def test_flagr_variant_differs_from_the_classical_objective():
    assert list(ag.kemeny(DIFFERENT)) == ["b", "a", "d", "c"]
    assert list(ag.kemeny(DIFFERENT, convention="flagr")) == ["a", "d", "b", "c"]
    # pyflagr 1.0.18 agrees with rankbook's FLAGR variant (the optimum is unique)
    scored = [{item: float(len(r) - p) for p, item in enumerate(r)} for r in DIFFERENT]
    assert [item for item, _ in run("kemeny", scored)] == ["a", "d", "b", "c"]
