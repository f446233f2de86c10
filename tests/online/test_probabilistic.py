"""Probabilistic interleaving and multileaving: softmax, exact lists, marginalised credit.

Published values: mpkato/interleaving's tests (github.com/mpkato/interleaving at commit
7907f7d, tests/test_probabilistic_interleave.py and tests/test_probabilistic.py), which check
its sampler and its scorer with Hofmann et al.'s softmax, tau = 3 by default (2 in
test_softmax of test_probabilistic.py)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest

from rankbook import InvalidValueError
from rankbook.online import (
    probabilistic_assignments,
    probabilistic_credit,
    probabilistic_distribution,
    probabilistic_interleave,
    probabilistic_multileave,
    probabilistic_multileave_distribution,
    probabilistic_outcome,
    softmax_probabilities,
)


def _first_documents(distribution) -> dict:
    first: dict = {}
    for shown, p in distribution.items():
        first[shown.documents[0]] = first.get(shown.documents[0], 0) + p
    return first


def test_mpkatos_softmax_first_document_probabilities():
    # test_probabilistic_interleave.py, test_softmax: Probabilistic([[0, 1, 2], [0, 1, 2]]);
    # the first document is 0, 1, 2 with 0.86056, 0.10757, 0.03187.
    first = _first_documents(probabilistic_distribution([0, 1, 2], [0, 1, 2]))
    # Exactly 1, 1/8, 1/27 over their sum 251/216.
    assert first == {0: Fraction(216, 251), 1: Fraction(27, 251), 2: Fraction(8, 251)}
    assert {d: round(float(p), 5) for d, p in first.items()} == {0: 0.86056, 1: 0.10757,
                                                                  2: 0.03187}


def test_mpkatos_interaction_probabilities():
    # test_interaction: Probabilistic([[0, 1], [1, 2]]); first document 0, 1, 2 with
    # 0.44444, 0.50000, 0.05556. By hand: 1/2 * 8/9, 1/2 * 1/9 + 1/2 * 8/9, 1/2 * 1/9.
    first = _first_documents(probabilistic_distribution([0, 1], [1, 2]))
    assert first == {0: Fraction(4, 9), 1: Fraction(1, 2), 2: Fraction(1, 18)}
    assert [round(float(first[d]), 5) for d in (0, 1, 2)] == [0.44444, 0.5, 0.05556]


def test_mpkatos_lists_drawn_in_rounds():
    # test_probabilistic.py, test_init_sampling: Probabilistic([[1, 2], [1, 3]], replace=False)
    # gives (1, 2) and (1, 3) 0.444444444, (2, 1) and (3, 1) 0.049382716, (2, 3) and (3, 2)
    # 0.00617284 (to their printed precision).
    printed = {(1, 2): 0.444444444, (1, 3): 0.444444444, (2, 1): 0.049382716,
               (2, 3): 0.00617284, (3, 1): 0.049382716, (3, 2): 0.00617284}
    dist = probabilistic_multileave_distribution([[1, 2], [1, 3]], rounds=True)
    assert {s.documents: p for s, p in dist.items()} == {
        (1, 2): Fraction(4, 9), (1, 3): Fraction(4, 9), (2, 1): Fraction(4, 81),
        (2, 3): Fraction(1, 162), (3, 1): Fraction(4, 81), (3, 2): Fraction(1, 162)}
    for shown, p in dist.items():
        assert float(p) == pytest.approx(printed[shown.documents], abs=5e-9)


def test_mpkatos_softmax_with_tau_2():
    # test_softmax: Softmax(2.0, [0, 1, 2]).delete(d) is 1, 1/4, 1/9 over their sum; after 0 is
    # deleted, 1 has (1/4) / (1/4 + 1/9).
    total = 1 + Fraction(1, 4) + Fraction(1, 9)
    assert softmax_probabilities([0, 1, 2], tau=2) == {0: 1 / total, 1: Fraction(1, 4) / total,
                                                       2: Fraction(1, 9) / total}
    after = softmax_probabilities([0, 1, 2], tau=2, shown=[0])
    assert after[1] == Fraction(1, 4) / (Fraction(1, 4) + Fraction(1, 9))
    assert softmax_probabilities([0, 1, 2], tau=2, shown=[0, 1]) == {2: 1}


def test_mpkatos_interleaving_allocations():
    # test_score_interleave: lists [1, 2] and [2, 3], shown [1, 2]: P(L | a) is
    # 1/(1 + 0.125) * (0.125/0.125) for a = (A, A) and 1/(1 + 0.125) * 1/(1 + 0.125) for (A, B);
    # B cannot draw 1. Normalised (the coin's 1/4 is common to both):
    joint = {(0, 0): 1 / 1.125 * (0.125 / 0.125), (0, 1): 1 / 1.125 * (1 / 1.125)}
    posterior = probabilistic_assignments([[1, 2], [2, 3]], [1, 2], rounds=False)
    assert set(posterior) == set(joint)
    for a, p in joint.items():
        assert float(posterior[a]) == pytest.approx(p / sum(joint.values()), abs=1e-15)
    # Both clicked: A wins under (A, A), a tie under (A, B).
    assert probabilistic_outcome([1, 2], [2, 3], [1, 2], [1, 1]) == posterior[(0, 0)]


def test_mpkatos_multileaving_allocations():
    # test_score_multileave: lists [1, 2], [2, 1], [2, 3], shown [1, 2]; the ideal
    # allocations' probabilities, normalised (mpkato's factor 1/2 per rank is common to all).
    g = 1 / (1 + 0.125)
    ideal = {(0, 0): g * (0.125 / 0.125), (0, 1): g * 1.0, (0, 2): g * g,
             (1, 0): 0.125 * g * (0.125 / 0.125), (1, 1): 0.125 * g * 1.0, (1, 2): 0.125 * g * g}
    total = sum(ideal.values())
    posterior = probabilistic_assignments([[1, 2], [2, 1], [2, 3]], [1, 2], rounds=False)
    assert set(posterior) == set(ideal)
    for a, p in ideal.items():
        assert float(posterior[a]) == pytest.approx(p / total, abs=1e-15)


def test_a_fractional_tau_gives_floats_equal_to_a_direct_sum():
    tau = 2.5
    # Identical lists: the first document is drawn by the softmax, r^-tau over the sum.
    first = _first_documents(probabilistic_distribution([0, 1, 2], [0, 1, 2], tau=tau))
    weights = [1.0, 2.0 ** -tau, 3.0 ** -tau]
    for d in range(3):
        assert first[d] == pytest.approx(weights[d] / sum(weights), abs=1e-12)
    # Two lists of two: P(L) summed by hand over the coin and the draws.
    a, b = ["x", "y"], ["y", "z"]
    s = 1 + 2.0 ** -tau
    # Rank 1: a coin, then A draws x (1/s) or y (t/s), B draws y (1/s) or z (t/s). Rank 2: a
    # coin; a ranker left with one document draws it.
    t = 2.0 ** -tau
    direct = {("x", "y"): 0.5 / s * (0.5 + 0.5 / s), ("x", "z"): 0.5 / s * 0.5 * t / s,
              ("y", "x"): (0.5 * t / s + 0.5 / s) * 0.5, ("y", "z"): (0.5 * t / s + 0.5 / s) * 0.5,
              ("z", "x"): 0.5 * t / s * 0.5 / s, ("z", "y"): 0.5 * t / s * (0.5 * t / s + 0.5)}
    dist = {s_.documents: p for s_, p in probabilistic_distribution(a, b, tau=tau).items()}
    assert set(dist) == set(direct)
    for shown, p in direct.items():
        assert dist[shown] == pytest.approx(p, abs=1e-12)
    assert sum(dist.values()) == pytest.approx(1, abs=1e-12)


def test_the_seeded_sampler_draws_the_exact_distribution(within_binomial):
    a, b = ["d1", "d2", "d3"], ["d2", "d3", "d1"]
    exact = {s.documents: p for s, p in probabilistic_distribution(a, b).items()}
    rng = np.random.default_rng(5)
    n = 2000
    drawn = Counter(probabilistic_interleave(a, b, seed=rng).documents for _ in range(n))
    assert set(drawn) <= set(exact)
    assert all(within_binomial(drawn[shown], n, p) for shown, p in exact.items())


def test_the_seeded_multileaver_draws_the_exact_distribution(within_binomial):
    rankings = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    exact = {s.documents: p for s, p in probabilistic_multileave_distribution(rankings).items()}
    rng = np.random.default_rng(6)
    n = 2000
    drawn = Counter(probabilistic_multileave(rankings, seed=rng).documents for _ in range(n))
    assert all(within_binomial(drawn[shown], n, p) for shown, p in exact.items())


def test_the_credit_of_multileaving_shares_the_clicks():
    rankings = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    for clicks in itertools.product((0, 1), repeat=3):
        credit = probabilistic_credit(rankings, ["c", "b", "a"], clicks)
        assert sum(credit) == sum(clicks) and all(x >= 0 for x in credit)


def test_a_ranker_ranking_every_document_first_gets_the_credit():
    # Only ranker 0 holds "z": whoever drew z, it was ranker 0.
    credit = probabilistic_credit([["z", "a"], ["a", "b"]], ["z", "a"], [1, 0], rounds=False)
    assert credit == (1, 0)


def test_a_list_no_ranker_can_draw_is_refused():
    with pytest.raises(InvalidValueError, match="no ranker could have drawn"):
        probabilistic_assignments([["a", "b"], ["b", "a"]], ["a", "q"])
    with pytest.raises(InvalidValueError, match="tau"):
        softmax_probabilities([1, 2], tau=-1)


def test_tau_zero_draws_uniformly():
    assert softmax_probabilities(["a", "b", "c", "d"], tau=0) == dict.fromkeys("abcd",
                                                                             Fraction(1, 4))
    assert math.isclose(sum(softmax_probabilities(["a", "b"], tau=0.5).values()), 1)
