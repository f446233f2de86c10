"""Properties every method in rankbook.aggregate.METHODS must have, on random profiles.

Driven by the registry (scikit-learn's pattern): a method added to METHODS is checked here
without a new test. The expectations are properties of the definitions, not numbers from the
code under test:

- unanimity: L >= 2 copies of one complete list aggregate to that list's order;
- a single list aggregates to its own order;
- where the registry says the method is linear in the weights, giving a list weight 2 is the
  same as giving it twice (same order, same scores).

Exceptions are listed with their reason.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook import aggregate as ag
from rankbook.aggregate.registry import METHODS

# Exceptions, each with its reason (and a test below that shows it is real).
SINGLE_LIST_EXCEPTIONS = {
    "log_isr": "it multiplies by ln h(x), which is ln 1 = 0 for every item of a single list",
}
UNANIMITY_EXCEPTIONS = {
    "rra": "Bonferroni's bound min(1, L rho) caps the p-values at 1: with L identical lists, "
           "rho(x) = (r/n)^L, so every item at rank r >= n L^(-1/L) scores 1 and the tie rule, "
           "not the lists, orders them (rra_exact keeps them apart)",
}


def call(name: str, lists, weights=None):
    method = METHODS[name]
    return method.function(lists, weights=weights, **method.example)


@st.composite
def complete_list(draw, min_items=1, max_items=7):
    """A list with scores, best first; its item ids are shuffled, so that the id order (the last
    tie-break) is not the list's order and a method that ties items cannot pass by accident."""
    n = draw(st.integers(min_items, max_items))
    scores = draw(st.lists(st.integers(1, 10**6), min_size=n, max_size=n, unique=True))
    ids = draw(st.permutations([f"i{k}" for k in range(n)]))
    return {item: s / 1000 for item, s in zip(ids, sorted(scores, reverse=True))}


@st.composite
def partial_profile(draw):
    items = [f"i{k}" for k in range(draw(st.integers(2, 6)))]
    lists = []
    for _ in range(draw(st.integers(1, 4))):
        chosen = draw(st.lists(st.sampled_from(items), min_size=1, unique=True))
        scores = draw(st.lists(st.integers(1, 10**6), min_size=len(chosen),
                               max_size=len(chosen), unique=True))
        lists.append(dict(zip(chosen, sorted((s / 1000 for s in scores), reverse=True))))
    return lists


def test_registry_is_not_empty():
    assert len(METHODS) >= 31     # 21 of part 1; mc1-mc4, mct, rra, rra_exact, prefrel,
    # agglomerative, dibra of part 2


def test_exceptions_name_methods_of_the_table():
    assert set(SINGLE_LIST_EXCEPTIONS) | set(UNANIMITY_EXCEPTIONS) <= set(METHODS)


@pytest.mark.parametrize("name", sorted(set(METHODS) - set(UNANIMITY_EXCEPTIONS)))
@settings(max_examples=25, deadline=None)
@given(ranked=complete_list(min_items=2), copies=st.integers(2, 4))
def test_unanimous_profile_returns_its_order(name, ranked, copies):
    assert list(call(name, [ranked] * copies)) == list(ranked)


@pytest.mark.parametrize("name", sorted(set(METHODS) - set(SINGLE_LIST_EXCEPTIONS)))
@settings(max_examples=25, deadline=None)
@given(ranked=complete_list())
def test_a_single_list_returns_itself(name, ranked):
    assert list(call(name, [ranked])) == list(ranked)


@pytest.mark.parametrize("name", sorted(n for n, m in METHODS.items() if m.linear_in_weights))
@settings(max_examples=25, deadline=None)
@given(lists=partial_profile())
def test_weight_two_is_a_duplicated_list(name, lists):
    weighted = call(name, lists, weights=[2] + [1] * (len(lists) - 1))
    duplicated = call(name, [lists[0]] + lists)
    assert list(weighted) == list(duplicated)
    assert list(weighted.values()) == pytest.approx(list(duplicated.values()))


def test_log_isr_single_list_exception_is_real():
    assert set(ag.log_isr([{"a": 2.0, "b": 1.0}]).values()) == {0.0}


def test_rra_unanimity_exception_is_real():
    # Two copies of d > c > b > a (n = 4, L = 2): 2 (3/4)^2 = 1.125 and 2 (4/4)^2 = 2 are capped
    # at 1, so b and a tie and come out in id order; the exact correction separates them.
    order = ["d", "c", "b", "a"]
    assert ag.rra([order] * 2) == {"d": 0.125, "c": 0.5, "a": 1.0, "b": 1.0}
    assert list(ag.rra_exact([order] * 2)) == order
