"""The set-based figures draw what their metrics compute, checked against hand arithmetic.

Every expected value below is worked by hand from the definitions, as exact fractions:
P@k = r/k, R@k = r/R, and F_beta@k = (1 + b^2) r / (b^2 R + k) (substitute P = r/k and
R@k = r/R into (1 + b^2) P R / (b^2 P + R)).
"""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from drawn import strips, ys

import rankbook as rb
from rankbook.plots import (
    f_beta_by_beta,
    f_measure_at_ranks,
    precision_recall_at_ranks,
    success_rates,
)


def _strip(ax):
    """The list drawn below the axes: its tiles and the texts in them (of every query's row)."""
    rows = strips(ax)
    return [tile for strip in rows for tile in strip.patches], \
        [text.get_text() for strip in rows for text in strip.texts]


def test_precision_and_recall_meet_at_r_precision_past_the_end_of_a_short_list():
    # Relevant at ranks 2 and 3 of a list of 4 (rank 4 unjudged), R = 5: the axis runs to
    # k = R = 5, the 5th rank past the end. r_k = 0, 1, 2, 2, 2.
    ax = precision_recall_at_ranks([0, 1, 1, None], 5)
    precision, recall = ax.get_lines()[:2]
    assert ys(precision) == pytest.approx([0, F(1, 2), F(2, 3), F(2, 4), F(2, 5)])
    assert ys(recall) == pytest.approx([0, F(1, 5), F(2, 5), F(2, 5), F(2, 5)])
    marker = next(line for line in ax.get_lines() if line.get_label().startswith("R-prec"))
    assert marker.get_xydata().tolist() == [[5.0, 0.4]]        # P@5 = R@5 = 2/5
    assert ax.get_title() == "P@k and R@k meet at k = R = 5: R-prec = 0.4000"
    squares, texts = _strip(ax)
    assert len(squares) == 5 and texts == ["0", "1", "1", "-"]  # rank 5 is empty, dotted
    assert squares[4].get_linestyle() == ":"


def test_without_r_only_precision_is_drawn_each_point_labelled_r_over_k():
    ax = precision_recall_at_ranks([0, 1, 1])
    assert len(ax.get_lines()) == 1
    assert [text.get_text() for text in ax.texts] == ["0/1", "1/2", "2/3"]


def test_f_measures_follow_the_shortcut_formula_between_p_and_r():
    ax = f_measure_at_ranks([1, 1, 0, 0, 1], 4, beta=(1, 2))
    precision, recall, f1, f2 = ax.get_lines()
    r = [1, 2, 2, 2, 3]
    assert ys(precision) == pytest.approx([F(x, k) for x, k in zip(r, range(1, 6))])
    assert ys(recall) == pytest.approx([F(x, 4) for x in r])
    assert ys(f1) == pytest.approx([F(2, 5), F(2, 3), F(4, 7), F(1, 2), F(2, 3)])
    assert ys(f2) == pytest.approx([F(5, 17), F(5, 9), F(10, 19), F(1, 2), F(5, 7)])
    assert [f1.get_label(), f2.get_label()] == ["F1@k", "F2@k"]


def test_trec_evals_parameter_is_labelled_as_such():
    # set_F.4 is F_2 (x plays beta^2): at k = 5, 5 * 3 / (4 * 4 + 5) = 5/7.
    ax = f_measure_at_ranks([1, 1, 0, 0, 1], 4, beta=4, beta_convention="trec_eval")
    line = ax.get_lines()[2]
    assert line.get_label() == "F@k (x = 4)"
    assert ys(line)[-1] == pytest.approx(F(5, 7))


def test_f_beta_slides_from_precision_to_recall_and_places_set_f_at_the_root_of_x():
    # Relevant at ranks 1, 2 and 5 of 5, R = 4: P = 3/5, R = 3/4.
    ax = f_beta_by_beta([1, 1, 0, 0, 1], None, 4, beta=(0.5, 2), trec_eval=(4,))
    curve, precision, recall, half, two, set_f = ax.get_lines()
    assert ys(precision) == pytest.approx([F(3, 5)] * 2)
    assert ys(recall) == pytest.approx([F(3, 4)] * 2)
    assert ys(curve)[0] == pytest.approx(0.6, abs=0.01)    # beta = 0.1: nearly P
    assert ys(curve)[-1] == pytest.approx(0.75, abs=0.01)  # beta = 10: nearly R
    assert ys(half) == pytest.approx([F(15, 24)])          # 1.25 * 3 / (0.25 * 4 + 5)
    assert ys(two) == pytest.approx([F(5, 7)])             # 5 * 3 / (4 * 4 + 5)
    assert set_f.get_xydata()[0].tolist() == pytest.approx([2, F(5, 7)])
    assert set_f.get_label() == "set_F.4 = 0.7143"


def test_success_rate_steps_at_each_querys_first_relevant_rank():
    # First relevant at ranks 2, 4 and 1: answered 1, 2, 2, 3 of 3 queries at k = 1..4.
    ax = success_rates([[0, 1], [None, 0, 0, 1], [1]])
    assert ys(ax.get_lines()[0]) == pytest.approx([F(1, 3), F(2, 3), F(2, 3), 1])
    assert [text.get_text() for text in ax.texts] == ["1/3", "2/3", "3/3"]
    squares, _ = _strip(ax)
    outlined = [square.get_x() + 0.4 for square in squares if square.get_linewidth() > 2]
    assert sorted(outlined) == pytest.approx([1, 2, 4])


def test_a_query_without_relevant_document_never_succeeds():
    ax = success_rates([[0, 0, 0], [1]])
    assert ys(ax.get_lines()[0]) == pytest.approx([F(1, 2)] * 3)


def test_the_figures_refuse_what_the_metrics_refuse():
    with pytest.raises(rb.InvalidValueError):
        precision_recall_at_ranks([1, 1, 1], 2)              # three relevant, R = 2
    with pytest.raises(rb.InvalidTypeError):
        success_rates([1, 0, 1])                             # one list, not a list per query
    with pytest.raises(rb.InvalidValueError):
        f_beta_by_beta([1, 0], 0, 1)                         # a cut-off of 0


def test_more_lines_than_the_figure_can_tell_apart_are_refused_not_dropped():
    with pytest.raises(rb.InvalidValueError, match="beta takes 1 to 6 values"):
        f_measure_at_ranks([1, 0], 1, beta=(0.5, 1, 1.5, 2, 2.5, 3, 3.5))
    with pytest.raises(rb.InvalidValueError, match="beta and trec_eval"):
        f_beta_by_beta([1, 0], None, 1, beta=(0.5, 1, 2, 3), trec_eval=(1, 2, 4))
