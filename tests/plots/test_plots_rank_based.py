"""The rank-based figures draw what their metrics compute, checked against hand arithmetic."""

from __future__ import annotations

from fractions import Fraction

import pytest
from drawn import strips, ys

import rankbook as rb
from rankbook.plots import (
    average_precision_area,
    average_precision_by_query,
    first_relevant_rank,
    reciprocal_rank_by_query,
)


def test_the_rectangles_are_the_precision_at_each_relevant_rank_over_one_Rth_of_recall():
    # Relevant at ranks 2, 3 and 6 of R = 4: precisions 1/2, 2/3, 3/6 by hand; the fourth
    # relevant document was never retrieved, so it adds no rectangle and AP = (1/2 + 2/3 +
    # 1/2) / 4 = 5/12.
    ax = average_precision_area([0, 1, 1, 0, 0, 1], 4)
    bars = ax.patches[:3]
    assert [bar.get_height() for bar in bars] == pytest.approx([1 / 2, 2 / 3, 1 / 2])
    assert [bar.get_x() for bar in bars] == pytest.approx([0, 1 / 4, 2 / 4])
    assert all(bar.get_width() == pytest.approx(1 / 4) for bar in bars)
    area = sum(bar.get_height() * bar.get_width() for bar in bars)
    assert area == pytest.approx(float(Fraction(5, 12)))
    assert "0.4167" in ax.get_title() and "R = 4" in ax.get_title()


def test_the_figure_refuses_what_the_metric_refuses():
    with pytest.raises(rb.InvalidValueError):
        average_precision_area([1, 1, 1], 2)      # three relevant documents, R = 2


def test_map_and_gmap_are_the_means_of_the_bars():
    # AP by hand: [0, 1] with R = 1 -> 1/2; [1, 0, 1] with R = 2 -> (1 + 2/3) / 2 = 5/6;
    # nothing retrieved of R = 3 -> 0, raised to 1e-5 in the geometric mean.
    ax = average_precision_by_query([[0, 1], [1, 0, 1], []], [1, 2, 3])
    assert [bar.get_height() for bar in ax.patches] == pytest.approx([0.5, 5 / 6, 0])
    mean, geometric = ax.get_lines()
    assert ys(mean)[0] == pytest.approx(float(Fraction(4, 9)))
    assert ys(geometric)[0] == pytest.approx((0.5 * 5 / 6 * 1e-5) ** (1 / 3))
    assert mean.get_label() == "MAP = 0.4444"
    assert [label.get_text() for label in ax.get_xticklabels()] == [
        "q1\nR = 1", "q2\nR = 2", "q3\nR = 3"]


def test_rr_marks_the_first_relevant_rank_on_the_one_over_k_curve():
    # With relevance_level 2 the first relevant document (grade >= 2) is at rank 4.
    ax = first_relevant_rank([0, None, 1, 2, 1], relevance_level=2)
    reference, this = ax.get_lines()[:2]
    assert ys(reference) == pytest.approx([1, 1 / 2, 1 / 3, 1 / 4, 1 / 5])
    assert this.get_xydata().tolist() == [[4.0, 0.25]]
    (strip,) = strips(ax)
    outlined = [square.get_x() + 0.4 for square in strip.patches if square.get_linewidth() > 2]
    assert outlined == pytest.approx([4])


def test_rr_at_k_is_zero_when_the_first_relevant_rank_is_below_k():
    ax = first_relevant_rank([0, 0, 0, 1], k=3)
    assert ax.get_lines()[1].get_xydata().tolist() == [[4.0, 0.0]]
    assert ax.get_title() == "RR@3 = 0: the first relevant rank, K = 4, is below k"
    assert first_relevant_rank([0, 0]).get_title() == "RR = 0: no relevant document in the list"


def test_mrr_is_the_mean_of_the_bars_and_not_one_over_the_mean_rank():
    # First relevant at ranks 2 and 4: MRR = (1/2 + 1/4) / 2 = 3/8; 1 / mean rank = 1/3.
    ax = reciprocal_rank_by_query([[0, 1], [0, 0, 0, 1]])
    assert [bar.get_height() for bar in ax.patches] == [0.5, 0.25]
    mrr, inverse = ax.get_lines()
    assert (ys(mrr)[0], ys(inverse)[0]) == pytest.approx((3 / 8, 1 / 3))
    assert [label.get_text() for label in ax.get_xticklabels()] == ["q1\nK = 2", "q2\nK = 4"]


def test_a_query_without_answer_counts_zero_and_leaves_no_mean_rank():
    ax = reciprocal_rank_by_query([[0, 0, 1], [1], [0, 0]])
    assert [bar.get_height() for bar in ax.patches] == pytest.approx([1 / 3, 1, 0])
    assert [line.get_label() for line in ax.get_lines()] == ["MRR = 0.4444"]   # 4/9
