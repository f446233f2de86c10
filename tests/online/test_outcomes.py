"""Exact outcome distributions of interleaved comparisons: bias under random clicks, fidelity
under relevant clicks (Hofmann, Whiteson and de Rijke, CIKM 2011), and seeded simulations that
agree with the exact numbers."""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import pytest

from rankbook import InvalidValueError
from rankbook.online import (
    cascade,
    expected_outcome,
    outcome_distribution,
    pairwise_preferences,
    pbm,
    preference_probabilities,
    probabilistic_assignments,
    probabilistic_outcome,
    simulate_outcomes,
    win_probabilities,
)

A, B = ["a", "b", "c"], ["b", "c", "a"]
COIN = pbm({0: F(1, 2)}, [1, 1, 1])                 # clicks each rank with probability 1/2
RELEVANT_ONLY = pbm({0: 0, 1: 1}, [1, 1, 1])        # clicks the relevant documents, all of them


def test_balanced_interleaving_is_biased_under_random_clicks():
    # By hand (tests/online/test_balanced.py lists the credit of each pattern of a, b, c):
    # on both lists A wins 1 of the 8 equally likely patterns, B 3, so E[o] = -2/8.
    assert win_probabilities("balanced", A, B, COIN) == (F(1, 8), F(1, 2), F(3, 8))
    assert expected_outcome("balanced", A, B, COIN) == F(-1, 4)


@pytest.mark.parametrize("method", ["team_draft", "probabilistic", "optimized"])
def test_the_other_methods_are_unbiased_on_every_pair_of_orderings(method):
    # A user whose clicks ignore the documents gives E[o] = 0, exactly, for every pair of
    # orderings of three documents (up to renaming the documents, A is a, b, c), and for one
    # who scans down and stops (cascade).
    for b in itertools.permutations(A):
        assert expected_outcome(method, A, b, COIN) == 0
    assert expected_outcome(method, A, B, cascade({0: F(1, 3)})) == 0


def test_team_draft_lacks_fidelity():
    # Only c is relevant, and B ranks it 2nd where A ranks it 3rd. Team draft puts c on
    # either team with probability 1/2 (the second round's coin): no preference.
    assert outcome_distribution("team_draft", A, B, RELEVANT_ONLY, {"c": 1}) == {1: F(1, 2),
                                                                                 -1: F(1, 2)}
    assert expected_outcome("team_draft", A, B, RELEVANT_ONLY, {"c": 1}) == 0


def test_balanced_and_optimized_prefer_the_ranker_of_the_relevant_document():
    # Balanced: c is the lowest click, k = 2, only B's top 2 holds it. Optimized: c's credit
    # is r_B - r_A = 2 - 3 = -1 on every list.
    assert expected_outcome("balanced", A, B, RELEVANT_ONLY, {"c": 1}) == -1
    assert outcome_distribution("optimized", A, B, RELEVANT_ONLY, {"c": 1}) == {-1: 1}


def test_probabilistic_interleaving_has_fidelity_by_hand():
    # A = a, b; B = b, a; only b is clicked. L = (a, b) has probability 1/2 and E[o] = 0 (the
    # last document is drawn by either ranker with probability 1/2); L = (b, a) has 1/2, and
    # b at rank 1 came from B with posterior 8/9 (tau = 3): E[o] = 1/9 - 8/9. Overall -7/18.
    user = pbm({0: 0, 1: 1}, [1, 1])
    assert expected_outcome("probabilistic", ["a", "b"], ["b", "a"], user, {"b": 1}) == F(-7, 18)
    assert expected_outcome("probabilistic", A, B, RELEVANT_ONLY, {"c": 1}) < 0


@pytest.mark.parametrize("method", ["balanced", "team_draft", "probabilistic", "optimized"])
def test_simulated_users_agree_with_the_exact_distribution(method, within_binomial):
    user = cascade({0: F(1, 5), 1: F(4, 5)})
    grades = {"c": 1, "a": 1}
    n = 1500
    outcomes = simulate_outcomes(method, A, B, user, grades, n=n, seed=35)
    exact = expected_outcome(method, A, B, user, grades)
    wins = win_probabilities(method, A, B, user, grades)
    assert within_binomial(int((outcomes > 0).sum()), n, wins[0])
    assert within_binomial(int((outcomes < 0).sum()), n, wins[2])
    assert abs(outcomes.mean() - float(exact)) < 4.5 * outcomes.std() / math.sqrt(n) + 1e-9


def test_multileaving_with_two_rankers_is_interleaving():
    user = cascade({0: F(1, 5), 1: F(4, 5)})
    p = preference_probabilities("team_draft", [A, B], user, {"c": 1})
    wins = win_probabilities("team_draft", A, B, user, {"c": 1})
    assert (p[0][1], p[1][0]) == (wins[0], wins[2])


def test_team_draft_multileaving_credits_the_ranker_of_the_only_clicked_document():
    # Round 1 gives each ranker its own top document, so c is always on ranker 2's team.
    rankings = [A, B, ["c", "a", "b"]]
    p = preference_probabilities("team_draft", rankings, cascade({0: 0, 1: 1}), {"c": 1})
    assert p == [[0, 0, 0], [0, 0, 0], [1, 1, 0]]


def test_probabilistic_multileaving_treats_identical_rankers_alike():
    rankings = [A, A, B]
    p = preference_probabilities("probabilistic", rankings, COIN)
    assert p[0][1] == p[1][0]
    assert p[0][2] == p[1][2] and p[2][0] == p[2][1]


def test_pairwise_preferences_by_hand():
    assert pairwise_preferences([F(1, 2), F(1, 2), 0]) == [[0, 0, 1], [0, 0, 1], [-1, -1, 0]]


def test_unknown_methods_and_options_are_refused():
    with pytest.raises(InvalidValueError, match="method='draft'"):
        expected_outcome("draft", A, B, COIN)
    with pytest.raises(InvalidValueError, match="takes no option"):
        expected_outcome("team_draft", A, B, COIN, tau=2)
    with pytest.raises(InvalidValueError, match="method='optimized'"):
        preference_probabilities("optimized", [A, B], COIN)


SIX_A, SIX_B = list("abcdef"), list("cadbfe")


@pytest.mark.parametrize("method", ["balanced", "team_draft", "probabilistic", "optimized"])
def test_six_documents_exactly_and_by_simulation(method, within_binomial):
    # Lists of six documents: the exact distributions sum to 1, a document-blind user (every
    # document attractive with probability 1/3, examined down to the first click) gives E[o] = 0
    # except for balanced interleaving, and 600 seeded users agree with the exact numbers.
    blind = cascade({0: F(1, 3)})
    distribution = outcome_distribution(method, SIX_A, SIX_B, blind)
    assert sum(distribution.values()) == 1
    if method != "balanced":
        assert sum(o * p for o, p in distribution.items()) == 0
    user, grades = cascade({0: F(1, 5), 1: F(4, 5)}), {"b": 1, "d": 1, "e": 1}
    wins = win_probabilities(method, SIX_A, SIX_B, user, grades)
    outcomes = simulate_outcomes(method, SIX_A, SIX_B, user, grades, n=600, seed=6)
    assert within_binomial(int((outcomes > 0).sum()), 600, wins[0])
    assert within_binomial(int((outcomes < 0).sum()), 600, wins[2])


def test_the_factorised_probabilistic_outcome_is_the_sum_over_every_assignment():
    # probabilistic_outcome uses the independence of the ranks given the list; enumerate the
    # 2**n assignments instead (probabilistic_assignments) and sum o(c, a) P(a | L).
    a, b = ["a", "b", "c", "d"], ["c", "a", "d", "b"]
    for shown in [("a", "c", "b", "d"), ("c", "a", "d", "b"), ("c", "d", "a", "b")]:
        posterior = probabilistic_assignments([a, b], shown, rounds=False)
        for clicks in itertools.product((0, 1), repeat=4):
            margins = {assignment: sum(c if r == 0 else -c for r, c in zip(assignment, clicks))
                       for assignment in posterior}
            by_hand = sum(p * ((margins[x] > 0) - (margins[x] < 0)) for x, p in posterior.items())
            assert probabilistic_outcome(a, b, shown, clicks) == by_hand
