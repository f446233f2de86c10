"""ROC curve and AUC of a ranking (rankbook.metrics.roc).

AUC is checked against an independent brute-force oracle: list every
(relevant, non-relevant) pair of the query, including the items that were not
retrieved, and count with exact Fractions: 1 when the relevant item is ranked
above, 0 when below, 1/2 when both are unretrieved (tied at the bottom). This
is the Mann-Whitney reading of AUC (Hanley and McNeil 1982) and the tie
convention of scikit-learn's roc_auc_score (conventions.md: "ties count 1/2";
scikit-learn is not installed, so it is not called). The curve's points are
hand-derived fractions.
"""

from __future__ import annotations

import math
from fractions import Fraction as F

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankbook import InvalidTypeError, InvalidValueError, roc_auc, roc_curve

SETTINGS = settings(max_examples=200, deadline=None)


def pairwise_auc(relevance, P, N):
    """Exact AUC by enumerating (relevant, non-relevant) pairs; unretrieved sit at rank inf."""
    n_rel = sum(1 for g in relevance if g >= 1)
    positions_rel = [i for i, g in enumerate(relevance) if g >= 1] + [math.inf] * (P - n_rel)
    positions_non = ([i for i, g in enumerate(relevance) if g < 1]
                     + [math.inf] * (N - (len(relevance) - n_rel)))
    score = F(0)
    for a in positions_rel:
        for b in positions_non:
            score += 1 if a < b else F(1, 2) if a == b else 0
    return score / (P * N)


@st.composite
def rankings_with_totals(draw):
    relevance = draw(st.lists(st.integers(0, 1), max_size=15))
    P = sum(relevance) + draw(st.integers(0, 4))
    N = relevance.count(0) + draw(st.integers(0, 4))
    if P == 0 or N == 0:
        relevance, P, N = relevance + [1, 0], P + 1, N + 1
    return relevance, P, N


def test_curve_points_by_hand():
    fpr, tpr = roc_curve([1, 0, 1, 0])
    assert fpr.tolist() == [0, 0, F(1, 2), F(1, 2), 1]
    assert tpr.tolist() == [0, F(1, 2), F(1, 2), 1, 1]


def test_curve_with_unretrieved_items_ends_with_a_jump_to_1_1():
    fpr, tpr = roc_curve([1, 0, 1, 0], n_relevant=3, n_nonrelevant=4)
    assert fpr == pytest.approx([0, 0, 1 / 4, 1 / 4, 2 / 4, 1])
    assert tpr == pytest.approx([0, 1 / 3, 1 / 3, 2 / 3, 2 / 3, 1])
    # Only N larger: the last list point has TPR 1 but FPR 1/2, so (1, 1) is still added.
    fpr, tpr = roc_curve([1, 0], n_nonrelevant=2)
    assert fpr.tolist() == [0, 0, 0.5, 1] and tpr.tolist() == [0, 1, 1, 1]


def test_curve_index_k_is_the_cutoff_k():
    relevance = [0, 1, 1, 0, 0, 1, 0]
    fpr, tpr = roc_curve(relevance)
    for k in range(len(relevance) + 1):
        assert tpr[k] == pytest.approx(sum(relevance[:k]) / 3)
        assert fpr[k] == pytest.approx(relevance[:k].count(0) / 4)


def test_auc_by_hand():
    # [1, 0, 1, 0]: pairs (1,2) (1,4) (3,4) right, (3,2) wrong -> 3/4.
    assert roc_auc([1, 0, 1, 0]) == 0.75
    # With P = 3, N = 4: (3 list pairs + 4 + 0 + 2 * 1/2) / 12 = 2/3.
    assert roc_auc([1, 0, 1, 0], n_relevant=3, n_nonrelevant=4) == pytest.approx(2 / 3, rel=1e-15)
    assert roc_auc([1, 1, 0, 0]) == 1.0
    assert roc_auc([0, 0, 1, 1]) == 0.0


def test_unretrieved_pairs_count_one_half():
    # Nothing retrieved is impossible to order: 1 relevant, 1 non-relevant, both missing.
    assert roc_auc([], n_relevant=1, n_nonrelevant=1) == 0.5
    # A list of one non-relevant item, with one relevant and one more non-relevant missing:
    # (missing rel vs listed non-rel: 0) + (missing rel vs missing non-rel: 1/2) over 2 pairs.
    assert roc_auc([0], n_relevant=1, n_nonrelevant=2) == 0.25


def test_graded_threshold_and_unjudged():
    assert roc_auc([2, 1, 0, 3], relevance_level=2) == 0.5  # relevant at 1, 4 of 4
    assert roc_auc([None, 1]) == 0.0  # unjudged counts as non-relevant
    assert roc_auc(np.array([1.0, 0.0])) == 1.0


@SETTINGS
@given(rankings_with_totals())
def test_auc_equals_pairwise_probability(case):
    relevance, P, N = case
    expected = pairwise_auc(relevance, P, N)
    assert roc_auc(relevance, n_relevant=P, n_nonrelevant=N) == pytest.approx(
        float(expected), rel=1e-12, abs=1e-15)


@SETTINGS
@given(rankings_with_totals())
def test_curve_is_monotone_from_0_0_to_1_1(case):
    relevance, P, N = case
    fpr, tpr = roc_curve(relevance, n_relevant=P, n_nonrelevant=N)
    assert (fpr[0], tpr[0]) == (0, 0) and (fpr[-1], tpr[-1]) == (1, 1)
    assert np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0)
    assert len(fpr) == len(relevance) + (1 if (P, N) == (sum(relevance), relevance.count(0)) else 2)
    assert 0 <= roc_auc(relevance, n_relevant=P, n_nonrelevant=N) <= 1


@SETTINGS
@given(st.integers(1, 10), st.integers(1, 10))
def test_perfect_ranking_has_auc_1_and_reversed_0(P, N):
    assert roc_auc([1] * P + [0] * N) == 1.0  # exactly
    assert roc_auc([0] * N + [1] * P) == 0.0
    # Still perfect when the unretrieved items are all non-relevant.
    assert roc_auc([1] * P + [0] * N, n_nonrelevant=N + 5) == 1.0


@SETTINGS
@given(st.lists(st.integers(0, 1), min_size=2, max_size=15).filter(lambda r: 0 in r and 1 in r))
def test_reversing_the_list_gives_one_minus_auc(relevance):
    assert roc_auc(relevance[::-1]) == pytest.approx(1 - roc_auc(relevance), abs=1e-12)


def test_degenerate_cases_raise():
    with pytest.raises(InvalidValueError, match="without relevant items"):
        roc_auc([0, 0])
    with pytest.raises(InvalidValueError, match="without non-relevant items"):
        roc_curve([1, 1])
    with pytest.raises(InvalidValueError, match="without relevant items"):
        roc_auc([])
    # ... unless the caller's totals supply the missing class.
    assert roc_auc([0, 0], n_relevant=1) == 0.0  # the missing relevant item is below both


def test_bad_totals():
    with pytest.raises(InvalidValueError, match="smaller than the 2 relevant"):
        roc_curve([1, 1, 0], n_relevant=1)
    with pytest.raises(InvalidValueError, match="smaller than the 1 non-relevant"):
        roc_curve([1, 1, 0], n_nonrelevant=0)
    with pytest.raises(InvalidTypeError, match="whole number"):
        roc_curve([1, 0], n_relevant=1.0)
    with pytest.raises(InvalidTypeError, match="whole number"):
        roc_auc([1, 0], n_nonrelevant=True)
    with pytest.raises(InvalidValueError, match="finite"):
        roc_auc([1, math.inf])
