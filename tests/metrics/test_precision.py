"""P@k, R@k, F1@k, R-precision and success@k (rankbook.metrics.precision).

Expected values are exact fractions worked by hand, checked against the seed's
8-element table (FLAGR's documentation, page "Evaluation measures", reproduced in
docs/conventions.md: relevant at ranks 1, 3, 4, 6; four relevant) and conventions.md's reference table.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from rankbook import (f1_at_k, precision_at_k, r_precision, recall_at_k, set_average_precision,
                      success_at_k)

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
SEED_R = 4
# Relevant documents in the top k of SEED, counted by hand: ranks 1, 3, 4, 6.
SEED_FOUND = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 4}


def close(value, fraction) -> bool:
    return value == pytest.approx(float(fraction), rel=1e-12, abs=1e-15)


# --- the seed's table, every rank --------------------------------------------

@pytest.mark.parametrize("k", range(1, 9))
def test_precision_matches_seed_table(k):
    # P@k = found/k; the seed prints 1.00 0.50 0.67 0.75 0.60 0.67 0.57 0.50.
    assert close(precision_at_k(SEED, k), Fraction(SEED_FOUND[k], k))


@pytest.mark.parametrize("k", range(1, 9))
def test_recall_matches_seed_table(k):
    # R@k = found/4; the seed prints 0.25 0.25 0.50 0.75 0.75 1.00 1.00 1.00.
    assert close(recall_at_k(SEED, k, SEED_R), Fraction(SEED_FOUND[k], SEED_R))


@pytest.mark.parametrize("k", range(1, 9))
def test_f1_is_2r_over_k_plus_R(k):
    # F1 = 2PR/(P+R) with P = r/k, R@k = r/R simplifies to 2r/(k+R) (conventions.md's column:
    # 0.4, 0.333333, 0.571429, 0.75, 0.666667, 0.8, 0.727273, 0.666667).
    assert close(f1_at_k(SEED, k, SEED_R), Fraction(2 * SEED_FOUND[k], k + SEED_R))


def test_f1_cells_the_seed_misprints():
    # The seed prints F1@3 = 0.62 and F1@5 = F1@8 = 0.66; the true values are 4/7 and 2/3.
    assert close(f1_at_k(SEED, 3, SEED_R), Fraction(4, 7))
    assert close(f1_at_k(SEED, 5, SEED_R), Fraction(2, 3))
    assert close(f1_at_k(SEED, 8, SEED_R), Fraction(2, 3))


def test_r_precision_of_seed():
    # Top R = 4 holds ranks 1, 3, 4: 3/4.
    assert close(r_precision(SEED, SEED_R), Fraction(3, 4))


def test_lecture_precision_examples():
    # Lecture slides (seed 004): "Prec@3 of 2/3, Prec@4 of 2/4, Prec@5 of 3/5" for a ranking
    # relevant at ranks 1, 3 and 5 (the same ranking as its MAP example 1/3(1/1 + 2/3 + 3/5)).
    ranking = [1, 0, 1, 0, 1]
    assert close(precision_at_k(ranking, 3), Fraction(2, 3))
    assert close(precision_at_k(ranking, 4), Fraction(2, 4))
    assert close(precision_at_k(ranking, 5), Fraction(3, 5))


# --- conventions ------------------------------------------------------------

def test_precision_divides_by_k_past_the_end():
    # conventions.md: "P@k = relevant in top k / k, even when fewer than k docs are retrieved".
    assert close(precision_at_k([1, 1, 1], 10), Fraction(3, 10))
    assert close(precision_at_k([], 5), 0)


def test_recall_and_f1_past_the_end():
    assert close(recall_at_k([1, 0, 1], 10, 4), Fraction(2, 4))
    # 2r/(k+R) = 4/14
    assert close(f1_at_k([1, 0, 1], 10, 4), Fraction(4, 14))


def test_unretrieved_relevant_documents_lower_recall():
    # Two relevant retrieved, five relevant in the qrels.
    assert close(recall_at_k([1, 1], 2, 5), Fraction(2, 5))
    assert close(r_precision([1, 1], 5), Fraction(2, 5))


def test_r_zero_gives_zero():
    # conventions.md: a topic with no relevant docs contributes 0 (trec_eval).
    assert recall_at_k([0, 0], 2, 0) == 0.0
    assert f1_at_k([0, 0], 2, 0) == 0.0
    assert r_precision([0, 0], 0) == 0.0


def test_f1_zero_when_nothing_found():
    assert f1_at_k([0, 0, 1], 2, 1) == 0.0


def test_relevance_level_on_graded_lists():
    graded = [3, 1, 2, 0, 2]
    assert close(precision_at_k(graded, 5), Fraction(4, 5))
    assert close(precision_at_k(graded, 5, relevance_level=2), Fraction(3, 5))
    assert close(recall_at_k(graded, 3, 3, relevance_level=2), Fraction(2, 3))
    assert close(r_precision(graded, 3, relevance_level=2), Fraction(2, 3))
    assert success_at_k([1, 1, 2], 2, relevance_level=2) == 0.0
    assert success_at_k([1, 1, 2], 3, relevance_level=2) == 1.0


def test_negative_grades_are_not_relevant():
    assert close(precision_at_k([-1, 1, -2, 0], 4), Fraction(1, 4))


def test_unjudged_documents_are_non_relevant():
    # None marks an unjudged document: non-relevant, grade 0 (trec_eval).
    assert close(precision_at_k([None, 1, None, 1], 4), Fraction(2, 4))
    assert close(recall_at_k([None, 1], 2, 2), Fraction(1, 2))


def test_success_at_k():
    assert success_at_k([0, 0, 1], 2) == 0.0
    assert success_at_k([0, 0, 1], 3) == 1.0
    assert success_at_k([0, 0, 1], 100) == 1.0
    assert success_at_k([], 1) == 0.0


@pytest.mark.parametrize("container", [list, tuple, np.array, lambda x: np.array(x, dtype=np.int8),
                                       lambda x: np.array(x, dtype=bool)])
def test_containers_and_dtypes_agree(container):
    ranking = container(SEED)
    assert close(precision_at_k(ranking, 5), Fraction(3, 5))
    assert close(recall_at_k(ranking, 5, 4), Fraction(3, 4))
    assert close(f1_at_k(ranking, 5, 4), Fraction(2, 3))
    assert close(r_precision(ranking, 4), Fraction(3, 4))
    assert success_at_k(ranking, 1) == 1.0


def test_numpy_integer_arguments_are_accepted():
    assert close(precision_at_k(SEED, np.int64(5)), Fraction(3, 5))
    assert close(recall_at_k(SEED, np.int32(5), np.int64(4)), Fraction(3, 4))


def test_results_are_python_floats():
    for value in (precision_at_k(SEED, 3), recall_at_k(SEED, 3, 4), f1_at_k(SEED, 3, 4),
                  r_precision(SEED, 4), success_at_k(SEED, 3)):
        assert type(value) is float


def test_set_average_precision_is_trec_evals_set_map():
    # m_set_map.c (usnistgov/trec_eval): num_relevant_retrieved**2 / (num_retrieved * num_rel)
    assert close(set_average_precision([1, 0, 0, 1], 3), Fraction(2 * 2, 4 * 3))
    assert close(set_average_precision([0, 0, 1, 1], 3), Fraction(2 * 2, 4 * 3))  # unranked
    assert close(set_average_precision([2, None, 1], 2), Fraction(2 * 2, 3 * 2))
    assert close(set_average_precision([2, 1, 0], 1, relevance_level=2), Fraction(1, 3))
    assert set_average_precision([], 3) == 0.0 and set_average_precision([0, 0], 0) == 0.0
    assert type(set_average_precision(SEED, 4)) is float
