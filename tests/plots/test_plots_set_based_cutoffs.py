"""The figures of trec_eval's further set measures draw what their metrics compute, by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest
from drawn import ys

import rankbook as rb
from rankbook.plots import (
    precision_at_multiples,
    relative_precision_at_ranks,
    utility_at_ranks,
)


def test_the_milestones_are_the_precision_at_trec_evals_cutoffs():
    # R = 3. trec_eval's cut-off floor(m R + 0.9): m = 0.4 -> floor(2.1) = 2, m = 0.6 ->
    # floor(2.7) = 2, m = 1 -> 3, m = 2 -> 6. Relevant at ranks 2, 3 and 6: P@2 = 1/2,
    # P@3 = 2/3, P@6 = 3/6. Each marker stands at x = m R.
    ax = precision_at_multiples([0, 1, 1, 0, 0, 1], 3, (0.4, 0.6, 1.0, 2.0))
    curve, milestones = ax.get_lines()
    assert [float(x) for x in milestones.get_xdata()] == pytest.approx([1.2, 1.8, 3, 6])
    assert ys(milestones) == pytest.approx([F(1, 2), F(1, 2), F(2, 3), F(1, 2)])
    assert ys(curve) == pytest.approx([0, F(1, 2), F(2, 3), F(2, 4), F(2, 5), F(3, 6)])
    assert [text.get_text() for text in ax.texts] == ["0.4R", "0.6R", "1R", "2R"]


def test_relative_precision_is_precision_over_the_best_precision_possible():
    # R = 4, relevant at ranks 2, 4 and 5: r_k = 0, 1, 1, 2, 3. The best list has min(k, 4)
    # relevant in its top k: best P@k = 1, 1, 1, 1, 4/5; relative P@k = r_k / min(k, 4).
    ax = relative_precision_at_ranks([0, 1, 0, 1, 1], 4)
    precision, best, relative = ax.get_lines()[:3]
    assert ys(precision) == pytest.approx([0, F(1, 2), F(1, 3), F(1, 2), F(3, 5)])
    assert ys(best) == pytest.approx([1, 1, 1, 1, F(4, 5)])
    assert ys(relative) == pytest.approx([0, F(1, 2), F(1, 3), F(2, 4), F(3, 4)])


def test_utility_of_the_top_k_counts_the_four_cells_from_showing_nothing_on():
    # R = 3; the list: relevant, unjudged, non-relevant, relevant. Top k for k = 0..4:
    # a = 0, 1, 1, 1, 2; b = k - a; c = 3 - a; d = N - k - c with N = 10.
    a = [0, 1, 1, 1, 2]
    b = [k - x for k, x in zip(range(5), a)]
    c = [3 - x for x in a]
    d = [10 - k - y for k, y in zip(range(5), c)]
    ax = utility_at_ranks([1, None, 0, 1], 3, weights=[(1, -1, -1, 0), (0, 0, 0, 1)],
                          n_documents=10)
    first, second = ax.get_lines()[:2]
    assert first.get_xdata().tolist() == [0, 1, 2, 3, 4]
    assert ys(first) == [x - y - z for x, y, z in zip(a, b, c)] == [-3, -1, -2, -3, -1]
    assert ys(second) == d == [7, 7, 6, 5, 5]
    assert [first.get_label(), second.get_label()] == ["w = (1, -1, -1, 0)", "w = (0, 0, 0, 1)"]


def test_the_figures_refuse_what_the_metrics_refuse():
    with pytest.raises(rb.InvalidValueError):
        precision_at_multiples([1, 0], 1, (0.5, -1.0))      # a negative multiple
    with pytest.raises(rb.InvalidValueError):
        utility_at_ranks([1, 0], 1, weights=(1, -1, 0))      # three weights, not four
