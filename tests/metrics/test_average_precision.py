"""Average precision and its three denominators (rankbook.metrics.average_precision).

Expected values are exact fractions worked by hand; the 8-element list is the
seed's (FLAGR's documentation, page "Evaluation measures", reproduced in
docs/conventions.md), whose AP@k column
and conventions.md's three AP@k columns these fractions reproduce.
"""

from __future__ import annotations

from fractions import Fraction as F

import numpy as np
import pytest

from rankbook import InvalidValueError, average_precision

SEED = [1, 0, 1, 1, 0, 1, 0, 0]
# Precision at the relevant ranks 1, 3, 4, 6 of SEED: 1/1, 2/3, 3/4, 4/6.
# Running sums of those precisions for k = 1..8, and the relevant found in the top k:
SUMS = {1: F(1), 2: F(1), 3: F(5, 3), 4: F(29, 12), 5: F(29, 12),
        6: F(37, 12), 7: F(37, 12), 8: F(37, 12)}
FOUND = {1: 1, 2: 1, 3: 2, 4: 3, 5: 3, 6: 4, 7: 4, 8: 4}

# conventions.md's reference table (6 decimals), columns "AP@k /R", "/rel. retrieved",
# "/min(k,R)".
CONVENTIONS = {
    "relevant": [0.250000, 0.250000, 0.416667, 0.604167, 0.604167, 0.770833, 0.770833, 0.770833],
    "retrieved_relevant": [1.000000, 1.000000, 0.833333, 0.805556, 0.805556, 0.770833,
                           0.770833, 0.770833],
    "min_k_relevant": [1.000000, 0.500000, 0.555556, 0.604167, 0.604167, 0.770833, 0.770833,
                       0.770833],
}
# The seed's printed AP@k column (2 decimals).
SEED_PRINTED_AP = [1.00, 1.00, 0.83, 0.81, 0.81, 0.77, 0.77, 0.77]


def close(value, fraction) -> bool:
    return value == pytest.approx(float(fraction), rel=1e-12, abs=1e-15)


@pytest.mark.parametrize("k", range(1, 9))
def test_ap_over_R_is_trec_eval(k):
    assert close(average_precision(SEED, 4, k=k), SUMS[k] / 4)


@pytest.mark.parametrize("k", range(1, 9))
def test_ap_over_retrieved_relevant(k):
    assert close(average_precision(SEED, k=k, denominator="retrieved_relevant"),
                 SUMS[k] / FOUND[k])


@pytest.mark.parametrize("k", range(1, 9))
def test_ap_over_min_k_R(k):
    assert close(average_precision(SEED, 4, k=k, denominator="min_k_relevant"),
                 SUMS[k] / min(k, 4))


@pytest.mark.parametrize("denominator", sorted(CONVENTIONS))
def test_conventions_reference_columns(denominator):
    for k, expected in enumerate(CONVENTIONS[denominator], start=1):
        assert average_precision(SEED, 4, k=k, denominator=denominator) == pytest.approx(
            expected, abs=1e-6)


def test_seed_ap_column_is_the_retrieved_relevant_variant():
    computed = [round(average_precision(SEED, k=k, denominator="retrieved_relevant"), 2)
                for k in range(1, 9)]
    assert computed == SEED_PRINTED_AP
    # ... and not trec_eval's, which divides by R = 4 (AP@1 = 0.25, not 1.00).
    assert round(average_precision(SEED, 4, k=1), 2) != SEED_PRINTED_AP[0]


def test_seed_formula_sum_of_recall_steps_times_precision():
    # The seed defines AP = sum_k (Recall@k - Recall@(k-1)) * Precision@k: that is the /R form.
    recall = [F(0)] + [F(FOUND[k], 4) for k in range(1, 9)]
    precision = [F(FOUND[k], k) for k in range(1, 9)]
    ap = sum((recall[k] - recall[k - 1]) * precision[k - 1] for k in range(1, 9))
    assert ap == F(37, 48)
    assert close(average_precision(SEED, 4), F(37, 48))


def test_seed_calculation_at_rank_5():
    # Seed: "AP@5 = (1 + 0.67 + 0.75) / 3 = 0.81" (exactly (1 + 2/3 + 3/4)/3 = 29/36).
    assert close(average_precision(SEED, k=5, denominator="retrieved_relevant"), F(29, 36))


def test_lecture_example():
    # Lecture slides (seed 004): 1/3 (1/1 + 2/3 + 3/5) ~ 0.76.
    value = average_precision([1, 0, 1, 0, 1], 3)
    assert close(value, F(1, 3) * (F(1) + F(2, 3) + F(3, 5)))
    assert round(value, 2) == 0.76


def test_unretrieved_relevant_documents_count_zero():
    # R = 5 but only ranks 1 and 3 are relevant: (1/1 + 2/3) / 5.
    assert close(average_precision([1, 0, 1], 5), (F(1) + F(2, 3)) / 5)
    # The retrieved-relevant variant ignores the three that were missed.
    assert close(average_precision([1, 0, 1], denominator="retrieved_relevant"),
                 (F(1) + F(2, 3)) / 2)


def test_k_none_is_the_whole_list_and_k_past_the_end_changes_nothing():
    assert average_precision(SEED, 4) == average_precision(SEED, 4, k=8)
    assert average_precision(SEED, 4, k=100) == average_precision(SEED, 4)
    # min(k, R) with k past the end still uses k: min(100, 4) = 4.
    assert close(average_precision(SEED, 4, k=100, denominator="min_k_relevant"), F(37, 48))


def test_min_k_relevant_perfect_top_k_is_one_when_R_exceeds_k():
    assert average_precision([1, 1, 0], 10, k=2, denominator="min_k_relevant") == 1.0
    assert close(average_precision([1, 1, 0], 10, k=2), F(2, 10))


def test_zero_denominators_give_zero():
    assert average_precision([0, 0, 0], 0) == 0.0
    assert average_precision([0, 0, 0], 0, denominator="min_k_relevant") == 0.0
    assert average_precision([0, 0, 0], denominator="retrieved_relevant") == 0.0
    assert average_precision([], 3) == 0.0


def test_relevance_level_and_graded_lists():
    graded = [2, 1, 3, 0]
    # Relevant at >= 2: ranks 1 and 3; P@1 = 1, P@3 = 2/3; R = 2.
    assert close(average_precision(graded, 2, relevance_level=2), (F(1) + F(2, 3)) / 2)
    # Default threshold 1: ranks 1, 2, 3 relevant.
    assert close(average_precision(graded, 3), F(1))


def test_unjudged_and_negative_grades_are_non_relevant():
    assert close(average_precision([None, 1, -1, 1], 2), (F(1, 2) + F(2, 4)) / 2)


def test_n_relevant_required_except_for_retrieved_relevant():
    with pytest.raises(InvalidValueError, match="n_relevant"):
        average_precision(SEED)
    with pytest.raises(InvalidValueError, match="n_relevant"):
        average_precision(SEED, k=3, denominator="min_k_relevant")
    average_precision(SEED, denominator="retrieved_relevant")  # no R needed


def test_containers_agree_and_result_is_float():
    values = {average_precision(c(SEED), 4) for c in (list, tuple, np.array)}
    assert len(values) == 1
    assert type(values.pop()) is float
