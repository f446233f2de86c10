"""The risk figure draws the per-topic differences and their (1 + alpha)-weighted losses, by hand."""

from __future__ import annotations

from fractions import Fraction as F

import pytest

from rankbook.plots import risk_differences

RUN = [F(5, 10), F(2, 10), F(4, 10), F(6, 10), F(1, 10)]
BASE = [F(3, 10), F(5, 10), F(4, 10), F(5, 10), F(3, 10)]


@pytest.mark.parametrize("alpha", [0, 1, 5])
def test_bars_are_the_sorted_differences_and_the_weighted_losses(alpha):
    ax = risk_differences([float(v) for v in RUN], [float(v) for v in BASE], alpha=alpha)
    d = sorted(r - b for r, b in zip(RUN, BASE))
    weighted = [x * (1 + alpha) if x < 0 else x for x in d]
    assert [b.get_height() for b in ax.containers[0]] == pytest.approx([float(x) for x in weighted])
    assert [b.get_height() for b in ax.containers[1]] == pytest.approx([float(x) for x in d])
    levels = {line.get_linestyle(): line.get_ydata()[0] for line in ax.get_lines()
              if line.get_color() != "black"}
    assert levels["--"] == pytest.approx(float(sum(d) / 5))         # the mean difference
    assert levels["-"] == pytest.approx(float(sum(weighted) / 5))   # URisk
    assert f"α = {alpha}\n2 wins, 2 losses" in ax.get_title()   # 0.2, 0.1 up; -0.3, -0.2 down
