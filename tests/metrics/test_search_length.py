"""Search length, the lecture's and Cooper's (rankbook.metrics.search_length).

Expected values: the lecture seed's definition (the slides "Common information
retrieval evaluation metrics": "Search Length = Rank of the answer"), Cooper's (1968) definition (non-relevant
documents examined before the n-th relevant one) and his expected search length
for weak orderings, $j + i s / (r + 1)$, checked here against a brute-force
average over every order of the tied documents, in exact fractions.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb
from rankbook import InvalidTypeError, InvalidValueError


# --- the two readings -----------------------------------------------------------------------

def test_lecture_rank_of_the_answer():
    assert rb.search_length([0, 0, 1, 0]) == 3.0
    assert rb.search_length([1, 0, 0]) == 1.0


def test_cooper_counts_non_relevant_documents():
    assert rb.search_length([0, 0, 1, 0], count="non_relevant") == 2.0
    assert rb.search_length([1, 0, 0], count="non_relevant") == 0.0


def test_wanting_several_relevant_documents():
    ranking = [1, 0, 0, 1, None, 1, 0]  # relevant at ranks 1, 4, 6 (None: unjudged)
    assert [rb.search_length(ranking, wanted=n) for n in (1, 2, 3)] == [1.0, 4.0, 6.0]
    assert [rb.search_length(ranking, wanted=n, count="non_relevant") for n in (1, 2, 3)] == \
        [0.0, 2.0, 3.0]


def test_too_few_relevant_documents_is_infinite():
    assert rb.search_length([0, 0, 0]) == math.inf
    assert rb.search_length([], count="non_relevant") == math.inf
    assert rb.search_length([1, 0, 1], wanted=3) == math.inf
    # 1 / inf = 0.0: the RR of a list with nothing relevant.
    assert 1 / rb.search_length([0, 0]) == rb.reciprocal_rank([0, 0]) == 0.0


def test_threshold():
    assert rb.search_length([1, 2, 1, 3], relevance_level=2) == 2.0
    assert rb.search_length([1, 2, 1, 3], wanted=2, relevance_level=2,
                            count="non_relevant") == 2.0


def test_result_is_a_float():
    for container in (list, tuple, np.array):
        assert type(rb.search_length(container([0, 1]))) is float


# --- Cooper's expected search length over ties -----------------------------------------------

def test_expected_search_length_hand_values():
    # One level of 3: 1 relevant, 2 non-relevant. j = 0, i = 2, r = 1, s = 1:
    # 2 * 1 / 2 = 1 non-relevant expected before it (orders NNR, NRN, RNN: 2, 1, 0).
    assert rb.search_length([0, 1, 0], scores=[5, 5, 5], count="non_relevant") == 1.0
    assert rb.search_length([0, 1, 0], scores=[5, 5, 5]) == 2.0
    # Levels {R, N} then {N, N, R, R}, wanting 2: the first level gives 1 relevant and
    # j = 1 non-relevant; the second has i = 2, r = 2, s = 1: 1 + 2 * 1 / 3 = 5/3.
    ranking, scores = [1, 0, 0, 0, 1, 1], [9, 9, 4, 4, 4, 4]
    assert rb.search_length(ranking, wanted=2, scores=scores, count="non_relevant") == \
        pytest.approx(float(F(5, 3)), abs=1e-15)
    assert rb.search_length(ranking, wanted=2, scores=scores) == \
        pytest.approx(float(F(5, 3) + 2), abs=1e-15)
    # Not enough relevant documents, ties or not: inf.
    assert rb.search_length([0, 1], wanted=2, scores=[1, 1]) == math.inf


def _brute_force_non_relevant(relevant, scores, wanted):
    """Average, over every order of the documents inside each tie level, of K_n - n."""
    levels = [[rel for _, rel in group]
              for _, group in itertools.groupby(zip(scores, relevant), key=lambda pair: pair[0])]
    total, count = F(0), 0
    for orders in itertools.product(*(itertools.permutations(level) for level in levels)):
        flat = [rel for level in orders for rel in level]
        ranks = [i + 1 for i, rel in enumerate(flat) if rel]
        total += ranks[wanted - 1] - wanted
        count += 1
    return total / count


@st.composite
def weak_ordering(draw):
    relevant = draw(st.lists(st.booleans(), min_size=1, max_size=7))
    level_sizes, left = [], len(relevant)
    while left:
        size = draw(st.integers(1, left))
        level_sizes.append(size)
        left -= size
    scores = [float(len(level_sizes) - level)
              for level, size in enumerate(level_sizes) for _ in range(size)]
    wanted = draw(st.integers(1, max(1, sum(relevant))))
    return [int(r) for r in relevant], scores, wanted


@settings(max_examples=150, deadline=None)
@given(weak_ordering())
def test_expected_search_length_equals_the_brute_force_average(case):
    grades, scores, wanted = case
    if sum(grades) < wanted:
        assert rb.search_length(grades, wanted=wanted, scores=scores) == math.inf
        return
    expected = _brute_force_non_relevant(grades, scores, wanted)
    esl = rb.search_length(grades, wanted=wanted, scores=scores, count="non_relevant")
    assert esl == pytest.approx(float(expected), rel=1e-12, abs=1e-12)
    assert rb.search_length(grades, wanted=wanted, scores=scores) == \
        pytest.approx(float(expected) + wanted, rel=1e-12)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([0, 1, 2, None]), max_size=20), st.integers(1, 4))
def test_distinct_scores_give_the_strict_search_length(grades, wanted):
    scores = list(range(len(grades), 0, -1))
    for count in ("rank", "non_relevant"):
        assert rb.search_length(grades, wanted=wanted, count=count, scores=scores) == \
            rb.search_length(grades, wanted=wanted, count=count)


# --- properties --------------------------------------------------------------------------------

@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from([0, 0, 1, 2, None]), max_size=30), st.integers(1, 4))
def test_readings_differ_by_wanted_and_rr_is_one_over_sl(grades, wanted):
    rank = rb.search_length(grades, wanted=wanted)
    non_relevant = rb.search_length(grades, wanted=wanted, count="non_relevant")
    if math.isinf(rank):
        assert math.isinf(non_relevant)
    else:
        assert rank - non_relevant == wanted
        assert rank >= wanted and non_relevant >= 0
        assert rank == int(rank) and rank <= len(grades)
    if wanted == 1:
        assert 1 / rank == rb.reciprocal_rank(grades)
    # Appending a non-relevant document never changes it.
    assert rb.search_length([*grades, 0], wanted=wanted) == rank


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 10), st.integers(0, 10))
def test_perfect_ranking(R, tail):
    perfect = [1] * R + [0] * tail
    for wanted in range(1, R + 1):
        assert rb.search_length(perfect, wanted=wanted) == wanted
        assert rb.search_length(perfect, wanted=wanted, count="non_relevant") == 0.0


# --- bad input ----------------------------------------------------------------------------------

def test_bad_input():
    with pytest.raises(InvalidValueError, match="wanted"):
        rb.search_length([1], wanted=0)
    with pytest.raises(InvalidTypeError, match="wanted"):
        rb.search_length([1], wanted=1.5)
    with pytest.raises(InvalidValueError, match="count"):
        rb.search_length([1], count="nonrelevant")
    with pytest.raises(InvalidValueError, match="non-increasing"):
        rb.search_length([1, 0], scores=[1, 2])
    with pytest.raises(InvalidValueError, match="one score per"):
        rb.search_length([1, 0], scores=[1])
    with pytest.raises(InvalidValueError, match="None"):
        rb.search_length([1, 0], scores=[1, None])
    with pytest.raises(InvalidTypeError, match="relevance"):
        rb.search_length("0101")
