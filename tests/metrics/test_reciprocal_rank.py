"""Reciprocal rank (rankbook.metrics.reciprocal_rank).

The lecture slides ("Common information retrieval evaluation metrics") define RR = 1/K, K the rank of
the first relevant document; expected values are that fraction, by hand.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rankbook import reciprocal_rank


def close(value, fraction) -> bool:
    return value == pytest.approx(float(fraction), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("K", [1, 2, 3, 7, 50])
def test_one_over_rank_of_first_relevant(K):
    ranking = [0] * (K - 1) + [1] + [1, 0, 1]
    assert close(reciprocal_rank(ranking), Fraction(1, K))


def test_seed_list():
    # FLAGR's 8-element list starts with a relevant document.
    assert reciprocal_rank([1, 0, 1, 1, 0, 1, 0, 0]) == 1.0


def test_nothing_relevant_gives_zero():
    assert reciprocal_rank([0, 0, 0]) == 0.0
    assert reciprocal_rank([]) == 0.0


def test_cutoff():
    # ranx's mrr@k / ir_measures' RR@k: nothing relevant in the top k -> 0.
    assert reciprocal_rank([0, 0, 1], k=2) == 0.0
    assert close(reciprocal_rank([0, 0, 1], k=3), Fraction(1, 3))
    assert close(reciprocal_rank([0, 0, 1], k=30), Fraction(1, 3))


def test_threshold_and_grades():
    graded = [1, 0, 2, 3]
    assert reciprocal_rank(graded) == 1.0
    assert close(reciprocal_rank(graded, relevance_level=2), Fraction(1, 3))
    assert close(reciprocal_rank(graded, relevance_level=3), Fraction(1, 4))
    assert close(reciprocal_rank([0.5, 0.7], relevance_level=0.6), Fraction(1, 2))


def test_unjudged_and_negative_are_non_relevant():
    assert close(reciprocal_rank([None, -1, 1]), Fraction(1, 3))


@pytest.mark.parametrize("container", [list, tuple, np.array])
def test_containers(container):
    value = reciprocal_rank(container([0, 1, 1]))
    assert type(value) is float
    assert close(value, Fraction(1, 2))
