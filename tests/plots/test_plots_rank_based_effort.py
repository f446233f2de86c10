"""The search-length and LAG figures draw what their metrics compute, checked by hand."""

from __future__ import annotations

from fractions import Fraction

import pytest
from drawn import strips

import rankbook as rb
from rankbook.plots import documents_read, lag_per_item


def test_each_row_holds_the_documents_read_until_the_nth_relevant_one():
    # Relevant at ranks 2, 3 and 5: the 1st is reached after 2 documents (1 non-relevant),
    # the 3rd after 5 (2 non-relevant); a 4th is never reached.
    ax = documents_read([0, 1, 1, 0, 1], wanted=(1, 3, 4))
    rows = ax.patches
    assert len(rows) == 2 + 5 + 5
    assert [text.get_text() for text in ax.texts[-3:]] == [
        "2 read, 1 non-relevant", "5 read, 2 non-relevant", "never: inf"]
    outlined = [patch for patch in rows if patch.get_linewidth() > 2]   # where each search ends
    assert [patch.get_x() + 0.4 for patch in outlined] == pytest.approx([2, 5])
    assert [patch.get_y() for patch in outlined] == pytest.approx([-0.9, -1.9])   # rows 1, 2
    assert [label.get_text() for label in ax.get_yticklabels()] == ["n = 1", "n = 3", "n = 4"]


def test_each_bar_is_the_non_relevant_items_above_a_relevant_one():
    # Relevant at ranks 1, 4 and 6: lags 0, 2 and 3, LAG = 5/3 (the page's exercise 1).
    ax = lag_per_item([1, 0, 0, 1, 0, 1])
    assert [bar.get_x() + bar.get_width() / 2 for bar in ax.patches] == pytest.approx([1, 4, 6])
    assert [bar.get_height() for bar in ax.patches] == [0, 2, 3]
    assert ax.get_lines()[0].get_ydata()[0] == pytest.approx(float(Fraction(5, 3)))


def test_missing_relevant_items_go_below_the_list_behind_every_non_relevant_one():
    # R = 5, two missed: each sits behind the list's 3 non-relevant items; LAG = 11/5.
    ax = lag_per_item([1, 0, 0, 1, 0, 1], 5, unretrieved="bottom")
    assert [bar.get_height() for bar in ax.patches] == [0, 2, 3, 3, 3]
    assert [bar.get_x() + bar.get_width() / 2 for bar in ax.patches] == pytest.approx(
        [1, 4, 6, 7, 8])
    assert [bar.get_hatch() for bar in ax.patches] == [None, None, None, "//", "//"]
    assert ax.get_lines()[0].get_label() == "LAG = 2.2000"
    (strip,) = strips(ax)
    assert len(strip.patches) == 8                      # the list and the two missed items


def test_the_figures_refuse_what_the_metrics_refuse():
    with pytest.raises(rb.InvalidValueError):
        documents_read([1, 0], wanted=0)
    with pytest.raises(rb.RankbookError):
        lag_per_item([1, 0], unretrieved="bottom")      # "bottom" needs R
