"""The user-model figures draw RBP's and ERR's users, checked against hand arithmetic.

Expected values are exact fractions of the formulas (Moffat and Zobel 2008; Chapelle et al.
2009) or ranx's published RBP values; never the code under test.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

import rankbook as rb
from rankbook.plots import err_cascade, rbp_contributions, rbp_persistence


def _bars(container):
    return [(bar.get_x() + bar.get_width() / 2, bar.get_height()) for bar in container]


def test_rbp_parts_and_residual_of_the_pages_short_list():
    # [1, None, 0, 1], p = 1/2: reaching rank i has probability (1/2)^(i-1); the parts are
    # (1/2) * 1 and (1/2)(1/2)^3; the residual is (1/2)(1/2) for the unjudged rank 2 and
    # (1/2)^4 for the ranks after the list: RBP = 9/16, residual = 5/16.
    reach, parts = rbp_contributions([1, None, 0, 1], persistence=0.5)
    assert list(reach.get_lines()[0].get_ydata()) == [1, Fraction(1, 2), Fraction(1, 4),
                                                      Fraction(1, 8), Fraction(1, 16)]
    documents, residual = parts.containers
    assert _bars(documents) == [(1, Fraction(1, 2)), (2, 0), (3, 0), (4, Fraction(1, 16))]
    assert _bars(residual) == [(2, Fraction(1, 4)), (5, Fraction(1, 16))]
    assert sum(height for _, height in _bars(documents)) == Fraction(9, 16)
    assert sum(height for _, height in _bars(residual)) == Fraction(5, 16)
    assert parts.get_title() == "RBP = 0.5625, residual = 0.3125 (p = 0.5)"
    strip = parts.figure.axes[-1]
    assert [patch.get_label() for patch in strip.patches] == \
        ["_relevant", "_unjudged", "_nonrelevant", "_relevant", "_past_end"]
    assert [label.get_text() for label in strip.get_xticklabels()][-1] == "after"


def test_a_fully_judged_list_has_no_residual_under_trec_eval_10_but_pn_under_moffat_zobel():
    _, parts = rbp_contributions([1, 0], persistence=0.5)
    assert len(parts.containers[1]) == 0 and parts.get_title().startswith("RBP = 0.5000, residual = 0.0000")
    _, parts = rbp_contributions([1, 0], persistence=0.5, convention="moffat_zobel")
    assert _bars(parts.containers[1]) == [(3, Fraction(1, 4))]          # p^n = (1/2)^2


def test_graded_rbp_parts_divide_by_the_top_grade():
    # grades 2, 1 on a 0-2 scale, p = 1/2: (1/2)(2/2) and (1/2)(1/2)(1/2)
    _, parts = rbp_contributions([2, 1], persistence=0.5, max_grade=2)
    assert [height for _, height in _bars(parts.containers[0])] == [Fraction(1, 2), Fraction(1, 8)]


def test_rbp_weights_under_three_persistences_with_ranxs_values():
    # ranx's unit test (rank_biased_precision_test.py): 0.7661, 0.4526, 0.1881
    ranking = [1 if i in (1, 2, 6, 11, 17) else 0 for i in range(1, 21)]
    ax = rbp_persistence(ranking)
    lines = ax.get_lines()
    assert [line.get_label() for line in lines[::2]] == [
        "p = 0.5: RBP = 0.7661", "p = 0.8: RBP = 0.4526", "p = 0.95: RBP = 0.1881"]
    half = lines[0].get_ydata()
    assert list(half[:3]) == [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8)]   # (1-p) p^(i-1)
    assert list(lines[1].get_xdata()) == [1, 2, 6, 11, 17]
    assert sum(lines[1].get_ydata()) == pytest.approx(0.5 * (1 + 0.5 + 0.5**5 + 0.5**10 + 0.5**16))


def test_errs_cascade_of_the_pages_example():
    # grades 2, 0, 1, g_max = 2: R = (3/4, 0, 1/4). Reach: 1, 1/4, 1/4. Stop: 3/4, 0, 1/16.
    # Adds: 3/4, 0, 1/48; ERR = 37/48.
    reach, stops = err_cascade([2, 0, 1], max_grade=2)
    assert list(reach.get_lines()[0].get_ydata()) == pytest.approx([1, 1 / 4, 1 / 4])
    stop, adds = stops.containers
    assert [bar.get_height() for bar in stop] == pytest.approx([3 / 4, 0, 1 / 16])
    assert [bar.get_height() for bar in adds] == pytest.approx([3 / 4, 0, 1 / 48])
    assert sum(bar.get_height() for bar in adds) == pytest.approx(37 / 48)
    assert stops.get_title().startswith("ERR = 0.7708")


def test_binary_err_stops_half_the_time_at_each_relevant_document():
    # The ERR page's exercise 1: [0, 1, 1], g_max = 1, R = (0, 1/2, 1/2): ERR = 1/3.
    reach, stops = err_cascade([0, 1, 1], max_grade=1)
    assert list(reach.get_lines()[0].get_ydata()) == pytest.approx([1, 1, 1 / 2])
    assert [bar.get_height() for bar in stops.containers[0]] == pytest.approx([0, 1 / 2, 1 / 4])
    _, stops = err_cascade([0, 1, 1], k=2, max_grade=1)
    assert len(stops.containers[0]) == 2 and stops.get_title().startswith("ERR = 0.2500")


@pytest.mark.parametrize("draw", [
    lambda: rbp_contributions([1, 0], persistence=1),
    lambda: rbp_contributions([2, 0], max_grade=1),
    lambda: rbp_persistence([1, 0], (0.5, -0.1)),
    lambda: err_cascade([5, 0], max_grade=4),
    lambda: err_cascade([1, 0], k=0),
])
def test_the_figures_refuse_what_the_metrics_refuse(draw):
    with pytest.raises(rb.RankbookError):
        draw()
