"""Properties every core metric must have, on random rankings (hypothesis).

Ranges, a perfect ranking scoring 1, invariances (containers, what lies past the
cut-off, scaling of linear gains), the algebra linking the set measures, and the
order of the three AP denominators. No expected number here comes from rankbook.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import rankbook as rb

SETTINGS = settings(max_examples=150, deadline=None)

grades = st.lists(st.integers(-1, 3), max_size=20)
nonempty_grades = st.lists(st.integers(-1, 3), min_size=1, max_size=20)
cutoffs = st.integers(1, 25)
missed = st.integers(0, 5)  # relevant documents that were not retrieved


def n_relevant(ranking, extra=0, threshold=1):
    return sum(g >= threshold for g in ranking) + extra


@SETTINGS
@given(grades, cutoffs, missed)
def test_binary_measures_lie_in_0_1(ranking, k, extra):
    R = n_relevant(ranking, extra)
    values = [
        rb.precision_at_k(ranking, k),
        rb.recall_at_k(ranking, k, R),
        rb.f1_at_k(ranking, k, R),
        rb.r_precision(ranking, R),
        rb.reciprocal_rank(ranking),
        rb.reciprocal_rank(ranking, k=k),
        *(rb.average_precision(ranking, R, k=k, denominator=d)
          for d in ("relevant", "retrieved_relevant", "min_k_relevant")),
    ]
    for value in values:
        assert type(value) is float
        assert 0.0 <= value <= 1.0
    assert rb.success_at_k(ranking, k) in (0.0, 1.0)


@SETTINGS
@given(grades, st.one_of(st.none(), cutoffs), st.sampled_from(["linear", "exponential"]),
       st.sampled_from(["log2", "jarvelin"]), st.lists(st.integers(-1, 3), max_size=5))
def test_ndcg_lies_in_0_1_and_dcg_below_idcg(ranking, k, gain, discount, unretrieved):
    ideal = ranking + unretrieved  # every judged grade of the query
    options = {"gain": gain, "discount": discount}
    dcg = rb.dcg_at_k(ranking, k, **options)
    idcg = rb.idcg_at_k(ideal, k, **options)
    assert 0.0 <= dcg <= idcg * (1 + 1e-12)
    assert 0.0 <= rb.ndcg_at_k(ranking, k, ideal=ideal, **options) <= 1.0 + 1e-12


@SETTINGS
@given(nonempty_grades, st.sampled_from(["linear", "exponential"]),
       st.sampled_from(["log2", "jarvelin"]))
def test_a_perfect_ranking_scores_one(ranking, gain, discount):
    best = sorted(ranking, reverse=True)
    R = n_relevant(best)
    if R == 0:
        return
    assert rb.average_precision(best, R) == 1.0
    assert rb.reciprocal_rank(best) == 1.0
    assert rb.r_precision(best, R) == 1.0
    assert rb.recall_at_k(best, len(best), R) == 1.0
    assert rb.f1_at_k(best, R, R) == 1.0
    for k in (1, R, len(best), None):
        assert rb.ndcg_at_k(best, k, gain=gain, discount=discount) == pytest.approx(1.0, rel=1e-12)


@SETTINGS
@given(grades, cutoffs, missed)
def test_set_measures_share_one_count(ranking, k, extra):
    # r_k = P@k * k = R@k * R, and F1 = 2 r_k / (k + R).
    R = n_relevant(ranking, extra)
    found = sum(g >= 1 for g in ranking[:k])
    assert rb.precision_at_k(ranking, k) * k == pytest.approx(found, abs=1e-12)
    if R:
        assert rb.recall_at_k(ranking, k, R) * R == pytest.approx(found, abs=1e-12)
    assert rb.f1_at_k(ranking, k, R) == pytest.approx(2 * found / (k + R), abs=1e-12)
    assert rb.success_at_k(ranking, k) == float(found > 0)
    assert rb.r_precision(ranking, R) == (rb.precision_at_k(ranking, R) if R else 0.0)


@SETTINGS
@given(grades, cutoffs, grades, missed)
def test_what_lies_past_k_does_not_matter(ranking, k, tail, extra):
    # A list shorter than k acts as if padded with non-relevant documents up to k.
    head = ranking[:k]
    longer = head + [0] * (k - len(head)) + tail
    R = n_relevant(longer, extra)
    assert rb.precision_at_k(head, k) == rb.precision_at_k(longer, k)
    assert rb.recall_at_k(head, k, R) == rb.recall_at_k(longer, k, R)
    assert rb.average_precision(head, R, k=k) == rb.average_precision(longer, R, k=k)
    assert rb.reciprocal_rank(head, k=k) == rb.reciprocal_rank(longer, k=k)
    assert rb.dcg_at_k(head, k) == rb.dcg_at_k(longer, k)


@SETTINGS
@given(grades, cutoffs, missed)
def test_ap_denominators_are_ordered(ranking, k, extra):
    # relevant found in top k <= min(k, R) <= R, so AP/R <= AP/min(k,R) <= AP/found.
    R = n_relevant(ranking, extra)
    over_R = rb.average_precision(ranking, R, k=k)
    over_min = rb.average_precision(ranking, R, k=k, denominator="min_k_relevant")
    over_found = rb.average_precision(ranking, R, k=k, denominator="retrieved_relevant")
    assert over_R <= over_min + 1e-12
    assert over_min <= over_found + 1e-12


@SETTINGS
@given(grades, missed)
def test_ap_equals_the_seed_formula(ranking, extra):
    # FLAGR's definition: AP = sum_k (R@k - R@(k-1)) * P@k.
    R = n_relevant(ranking, extra)
    n = len(ranking)
    recall = [0.0] + [rb.recall_at_k(ranking, k, R) for k in range(1, n + 1)]
    expected = sum((recall[k] - recall[k - 1]) * rb.precision_at_k(ranking, k)
                   for k in range(1, n + 1))
    assert rb.average_precision(ranking, R) == pytest.approx(expected, abs=1e-12)


@SETTINGS
@given(grades, st.sampled_from(["linear", "exponential"]), st.sampled_from(["log2", "jarvelin"]))
def test_dcg_never_decreases_with_k(ranking, gain, discount):
    values = [rb.dcg_at_k(ranking, k, gain=gain, discount=discount)
              for k in range(1, len(ranking) + 2)]
    assert all(a <= b for a, b in zip(values, values[1:]))


@SETTINGS
@given(nonempty_grades, cutoffs, st.integers(2, 5), st.sampled_from(["log2", "jarvelin"]))
def test_linear_ndcg_ignores_the_scale_of_grades(ranking, k, scale, discount):
    scaled = [scale * g for g in ranking]
    assert rb.ndcg_at_k(scaled, k, discount=discount) == pytest.approx(
        rb.ndcg_at_k(ranking, k, discount=discount), rel=1e-12, abs=1e-15)


@SETTINGS
@given(nonempty_grades, st.data())
def test_moving_a_better_document_up_never_hurts(ranking, data):
    # Swap two positions so that the higher grade comes first: DCG and AP cannot fall.
    i = data.draw(st.integers(0, len(ranking) - 1))
    j = data.draw(st.integers(0, len(ranking) - 1))
    i, j = min(i, j), max(i, j)
    if ranking[i] >= ranking[j]:
        return
    better = list(ranking)
    better[i], better[j] = better[j], better[i]
    R = n_relevant(ranking)
    assert rb.dcg_at_k(better) >= rb.dcg_at_k(ranking) - 1e-12
    assert rb.average_precision(better, R) >= rb.average_precision(ranking, R) - 1e-12
    assert rb.reciprocal_rank(better) >= rb.reciprocal_rank(ranking)


@SETTINGS
@given(grades, cutoffs, missed)
def test_list_tuple_and_array_agree(ranking, k, extra):
    R = n_relevant(ranking, extra)
    for container in (tuple, np.array):
        other = container(ranking)
        assert rb.precision_at_k(other, k) == rb.precision_at_k(ranking, k)
        assert rb.average_precision(other, R, k=k) == rb.average_precision(ranking, R, k=k)
        assert rb.ndcg_at_k(other, k) == rb.ndcg_at_k(ranking, k)


@SETTINGS
@given(grades, cutoffs, st.integers(1, 3))
def test_threshold_is_the_same_as_binarising(ranking, k, threshold):
    binary = [int(g >= threshold) for g in ranking]
    R = n_relevant(ranking, threshold=threshold)
    t = {"relevance_level": threshold}
    assert rb.precision_at_k(ranking, k, **t) == rb.precision_at_k(binary, k)
    assert rb.average_precision(ranking, R, **t) == rb.average_precision(binary, R)
    assert rb.reciprocal_rank(ranking, **t) == rb.reciprocal_rank(binary)
