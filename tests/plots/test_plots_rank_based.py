"""The rank-based figures draw what their metrics compute, checked against hand arithmetic."""

from __future__ import annotations

from fractions import Fraction

import matplotlib

matplotlib.use("Agg")

import matplotlib.pyplot as plt  # noqa: E402
import pytest  # noqa: E402

import rankbook as rb  # noqa: E402
from rankbook.plots import average_precision_area  # noqa: E402


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    plt.close("all")


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
