"""Markov-chain aggregation, textbook convention: Dwork et al. (2001) and DeConde et al. (2006).

The oracle below follows the papers' sentences literally ("pick a list that
ranks P, then an item ...") and enumerates every random choice with exact
fractions; it shares no code with rankbook.aggregate.markov.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rankbook import InvalidValueError
from rankbook.aggregate.markov import (
    CHAINS,
    markov_chain_matrix,
    mc1,
    mc2,
    mc3,
    mc4,
    mct,
    stationary_distribution,
)

METHODS = {"mc1": mc1, "mc2": mc2, "mc3": mc3, "mc4": mc4, "mct": mct}


def _sentence_oracle(lists, chain, epsilon):
    """Transition probabilities by enumerating the chain's random choices (exact)."""
    items = list(dict.fromkeys(x for ranked in lists for x in ranked))
    n = len(items)
    rank = [{x: i + 1 for i, x in enumerate(ranked)} for ranked in lists]
    T = {p: {q: Fraction(0) for q in items} for p in items}
    for p in items:
        holding = [r for r in rank if p in r]
        if chain == "mc1":      # uniform over the multiset of items at or above P in lists ranking P
            multiset = [q for r in holding for q in r if r[q] <= r[p]]
            for q in multiset:
                T[p][q] += Fraction(1, len(multiset))
        elif chain == "mc2":    # a list ranking P, then an item at or above P in it
            for r in holding:
                better = [q for q in r if r[q] <= r[p]]
                for q in better:
                    T[p][q] += Fraction(1, len(holding)) * Fraction(1, len(better))
        elif chain == "mc3":    # a list ranking P, then any of its items; move only if better
            for r in holding:
                for q in r:
                    T[p][q if r[q] < r[p] else p] += Fraction(1, len(holding)) * Fraction(1, len(r))
        else:                   # any item Q; MC4 majority, MCT fraction of the lists ranking both
            for q in items:
                both = [r for r in rank if p in r and q in r]
                prefer = sum(1 for r in both if r[q] < r[p])
                if chain == "mc4":
                    move = Fraction(1) if q != p and both and 2 * prefer > len(both) else Fraction(0)
                else:
                    move = Fraction(prefer, len(both)) if q != p and both else Fraction(0)
                T[p][q] += Fraction(1, n) * move
                T[p][p] += Fraction(1, n) * (1 - move)
    e = Fraction(epsilon)
    return items, [[(1 - e) * T[p][q] + e / n for q in items] for p in items]


PROFILE = [["a", "b", "c", "d"], ["b", "a", "d"], ["c", "a", "b", "e"], ["a", "e"]]


@pytest.mark.parametrize("chain", CHAINS)
def test_transition_matrix_follows_the_papers_sentences(chain):
    items, expected = _sentence_oracle(PROFILE, chain, Fraction(3, 20))
    got_items, got = markov_chain_matrix(PROFILE, chain, ergodic_number=0.15)
    assert list(got_items) == items
    np.testing.assert_allclose(got, np.array(expected, dtype=float), rtol=0, atol=1e-15)


def test_all_five_chains_are_checked():
    assert CHAINS == ("mc1", "mc2", "mc3", "mc4", "mct")


@pytest.mark.parametrize("chain", CHAINS)
def test_scores_are_the_stationary_distribution(chain):
    items, matrix = markov_chain_matrix(PROFILE, chain)
    scores = METHODS[chain](PROFILE)
    pi = np.array([scores[x] for x in items])
    assert pi.sum() == pytest.approx(1.0, abs=1e-12)
    np.testing.assert_allclose(pi @ matrix, pi, atol=1e-14)     # a fixed point
    assert np.all(pi > 0)                                          # teleportation reaches every item


@pytest.mark.parametrize("chain", CHAINS)
def test_unanimous_profile_returns_its_order(chain):
    order = ["d", "a", "c", "b", "e"]
    assert list(METHODS[chain]([order] * 3)) == order


@pytest.mark.parametrize("chain", CHAINS)
def test_weight_two_equals_a_duplicated_list(chain):
    lists = [["a", "b", "c"], ["c", "b"], ["b", "a", "d"]]
    weighted = METHODS[chain](lists, weights=[2, 1, 1])
    duplicated = METHODS[chain](lists + [lists[0]])
    assert list(weighted) == list(duplicated)
    for item in duplicated:
        assert weighted[item] == pytest.approx(duplicated[item], abs=1e-12)


def test_power_iteration_and_solve_agree():
    _, matrix = markov_chain_matrix(PROFILE, "mct")
    np.testing.assert_allclose(stationary_distribution(matrix, method="power"),
                               stationary_distribution(matrix), atol=1e-11)


def test_without_teleportation_the_power_iteration_is_used():
    # Two absorbing items: several stationary distributions, the solve refuses.
    _, matrix = markov_chain_matrix([["a", "b"], ["b", "a"]], "mc4", ergodic_number=0)
    np.testing.assert_array_equal(matrix, np.eye(2))
    with pytest.raises(InvalidValueError, match="more than one stationary distribution"):
        stationary_distribution(matrix)
    assert mc4([["a", "b"], ["b", "a"]], ergodic_number=0) == {"a": 0.5, "b": 0.5}


def test_flagr_convention_keeps_the_counter_running_across_the_row():
    # FLAGR's MC3 divides wins(P, Q) by the lists ranking both P and Q', summed over every Q'
    # up to Q in code order (shared flagr.md; FLAGR src/ram/MC.cpp). Two lists a>b>c:
    # row a: counter after a is 2, after b is 4, after c is 6; wins(a,b) = wins(a,c) = 2.
    _, matrix = markov_chain_matrix([["a", "b", "c"], ["a", "b", "c"]], "mc3", ergodic_number=0,
                                    convention="flagr")
    assert matrix[0].tolist() == pytest.approx([1 - 2 / 12 - 2 / 18, 2 / (4 * 3), 2 / (6 * 3)])


def test_flagr_rounds_the_ergodic_number_to_single_precision():
    _, matrix = markov_chain_matrix([["a", "b"]], "mc1", ergodic_number=0.15, convention="flagr")
    e = float(np.float32(0.15))
    assert matrix[1, 0] == (1 / 2) * (1 - e) + e / 2


def test_bad_arguments():
    with pytest.raises(InvalidValueError, match="chain='mc5'"):
        markov_chain_matrix(PROFILE, "mc5")
    with pytest.raises(InvalidValueError, match="ergodic_number"):
        mc4(PROFILE, ergodic_number=1.5)
    with pytest.raises(InvalidValueError, match="takes no weights"):
        mc4(PROFILE, weights=[1, 1, 1, 1], convention="flagr")
    with pytest.raises(InvalidValueError, match="convention='trec'"):
        mc4(PROFILE, convention="trec")
    with pytest.raises(InvalidValueError, match="row-stochastic"):
        stationary_distribution([[0.5, 0.4], [0.5, 0.5]])
