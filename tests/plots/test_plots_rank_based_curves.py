"""The precision-recall and ROC figures draw what their metrics compute, checked by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from drawn import xs, ys

from rankbook.plots import precision_recall, roc


def _is(line, x, y) -> bool:
    """The line's points are (x, y), to rounding."""
    return xs(line) == pytest.approx(x) and ys(line) == pytest.approx(y)


def test_the_raw_points_the_envelope_and_the_eleven_levels():
    # Relevant at ranks 2 and 4, R = 2: points (0, 0), (1/2, 1/2), (1/2, 1/3), (1, 1/2);
    # both relevant ranks have precision 1/2, so the envelope and all 11 levels are 1/2
    # (the interpolated-precision page's exercise 1).
    ax = precision_recall([0, 1, 0, 1], 2)
    raw, envelope, eleven = ax.get_lines()
    assert _is(raw, [0, F(1, 2), F(1, 2), 1], [0, F(1, 2), F(1, 3), F(1, 2)])
    assert set(ys(envelope)) == {0.5}
    assert ys(eleven) == pytest.approx([F(1, 2)] * 11)
    assert [text.get_text() for text in ax.texts] == ["1", "2", "3", "4"]   # the ranks


def test_a_level_where_trec_eval_9_leaves_the_textbook_is_named():
    # Relevant at ranks 1, 3 and 5, R = 3: in doubles 0.7 * 3 + 0.9 < 3, so trec_eval 9.x
    # reads level 0.7 from the 2nd relevant document, 2/3, where the textbook reads 3/5.
    ax = precision_recall([1, 0, 1, 0, 1], 3)
    notes = [text.get_text() for text in ax.texts if ":" in text.get_text()]
    assert notes == ["0.7: 0.6667, textbook 0.6000"]
    assert not [text for text in precision_recall([1, 0, 1, 0, 1], 3, cutoff_rule="exact").texts
                if ":" in text.get_text()]


def test_the_roc_path_steps_up_and_right_on_a_grid_of_pairs():
    # [0, 1, 1, 0, 1]: P = 3, N = 2. Right, up, up, right, up; AUC = (1 + 1 + 0) / 6 = 1/3
    # (the ROC page's exercises 1 and 2).
    ax = roc([0, 1, 1, 0, 1])
    _chance, curve = ax.get_lines()
    assert _is(curve, [0, F(1, 2), F(1, 2), F(1, 2), 1, 1], [0, 0, F(1, 3), F(2, 3), F(2, 3), 1])
    assert curve.get_label() == "this ranking (AUC = 0.3333)"
    assert ax.get_title() == "ROC curve (P = 3, N = 2): AUC = 0.3333"
    columns, rows = ax.collections[1:3]
    assert len(columns.get_segments()) == 2 + 1 and len(rows.get_segments()) == 3 + 1


def test_unretrieved_items_join_the_curve_to_the_corner_in_one_dashed_segment():
    # [1, 0] of 2 relevant and 3 non-relevant: (0, 0) -> (0, 1/2) -> (1/3, 1/2), then the
    # tied unretrieved items to (1, 1). AUC = (3 + 0 + 2 * 1/2) / 6 = 2/3 (exercise 3).
    ax = roc([1, 0], n_relevant=2, n_nonrelevant=3)
    _chance, listed, tied = ax.get_lines()
    assert _is(listed, [0, 0, F(1, 3)], [0, F(1, 2), F(1, 2)])
    assert _is(tied, [F(1, 3), 1], [F(1, 2), 1])
    assert tied.get_linestyle() == "--"
    assert "AUC = 0.6667" in ax.get_title()
