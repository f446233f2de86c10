"""The reproducibility figures draw the numbers behind RMSE, ARP, ER and delta RI, checked by hand."""

from __future__ import annotations

import math

import pytest

import rankbook as rb
from rankbook.plots import replicated_effect, replication_scores


def test_the_points_are_the_topics_and_the_segments_their_errors():
    # The reproducibility page's worked example: RMSE = sqrt((0.01 + 0.04 + 0.0225)/3).
    ax = replication_scores({"301": 0.6, "302": 0.5, "303": 0.3, "all": 0.4667},
                            {"303": 0.45, "301": 0.5, "302": 0.3})
    points = next(line for line in ax.get_lines() if line.get_label() == "a topic")
    # paired by topic id, "all" left out
    assert list(points.get_xdata()) == pytest.approx([0.6, 0.5, 0.3])
    assert list(points.get_ydata()) == pytest.approx([0.5, 0.3, 0.45])
    segments = ax.collections[0].get_segments()
    assert sorted(abs(s[1][1] - s[0][1]) for s in segments) == pytest.approx([0.1, 0.15, 0.2])
    assert ax.get_title() == f"RMSE = {math.sqrt((0.01 + 0.04 + 0.0225) / 3):.4f} over 3 topics"
    arp = next(line for line in ax.get_lines() if line.get_label().startswith("ARP"))
    assert (arp.get_xdata()[0], arp.get_ydata()[0]) == pytest.approx((1.4 / 3, 1.25 / 3))


def test_the_bars_are_the_improvements_and_the_lines_their_means():
    # Exercises 2 and 3 of the reproducibility page: improvements 0.2, 0.4 and 0.3, 0.0;
    # ER = 0.15 / 0.3 = 0.5; RI = 0.3 / 0.3 = 1, RI' = 0.15 / 0.3 = 0.5, delta RI = 0.5.
    ax = replicated_effect([0.5, 0.7], [0.3, 0.3], [0.6, 0.3], [0.3, 0.3])
    original, repeated = ([bar.get_height() for bar in c] for c in ax.containers)
    assert original == pytest.approx([0.2, 0.4]) and repeated == pytest.approx([0.3, 0.0])
    means = [line.get_ydata()[0] for line in ax.get_lines() if line.get_linestyle() != "-"]
    assert means == pytest.approx([0.3, 0.15])
    assert ax.get_title() == "ER = 0.5000, ΔRI = 0.5000"


def test_a_reproduction_draws_the_two_experiments_one_after_the_other():
    ax = replicated_effect([0.5, 0.7], [0.3, 0.3], [0.6, 0.3, 0.5], [0.3, 0.3, 0.2],
                           paired=False)
    original, repeated = ax.containers
    assert max(b.get_x() for b in original) < min(b.get_x() for b in repeated)
    assert [b.get_height() for b in repeated] == pytest.approx([0.3, 0.0, 0.3])


def test_the_figures_refuse_what_the_measures_refuse():
    with pytest.raises(rb.InvalidValueError):
        replication_scores({"q1": 0.5, "q2": 0.4}, {"q1": 0.5})
    with pytest.raises(rb.InvalidValueError):
        replicated_effect([0.5], [0.3, 0.2], [0.6], [0.3])
