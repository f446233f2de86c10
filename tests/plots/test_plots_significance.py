"""The figures of two systems draw what their tests compute, checked against scipy and enumeration.

Each null distribution is recomputed here by an independent route (scipy's distributions,
every sign pattern enumerated, scipy's own tests) and compared with what the figure drew:
the curve, the bars, the observed statistic, and the shaded area, which must be the p-value.
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from figure_reading import shaded_area, vertical_lines
from scipy import stats

import rankbook as rb
from rankbook.plots import (
    bootstrap_null,
    paired_differences,
    paired_t_null,
    randomization_null,
    unpaired_t_null,
    wilcoxon_null,
)

# Sakai's table 5.1, systems A and B (tests/stats/conftest.py cites the source).
A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3, 0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5,
     0.2, 0.1]
B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3, 0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6,
     0.3, 0.2]
# scipy's wilcoxon docstring: Darwin's height differences, exact p = 0.041259765625.
DARWIN = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]



def test_the_differences_are_the_sorted_per_topic_differences_with_the_t_interval():
    ax = paired_differences(A, B, names=("A", "B"))
    by_hand = sorted(Fraction(str(a)) - Fraction(str(b)) for a, b in zip(A, B))
    assert [bar.get_height() for bar in ax.containers[0]] == pytest.approx(
        [float(d) for d in by_hand])
    mean = float(sum(by_hand) / 20)
    assert [line.get_ydata()[0] for line in ax.get_lines()
            if line.get_linestyle() == "--"] == pytest.approx([mean])
    low, high = stats.ttest_rel(A, B).confidence_interval(0.95)
    band = next(p for p in ax.patches if p not in ax.containers[0].patches)
    assert sorted({round(y, 12) for y in band.get_path().transformed(
        band.get_patch_transform()).vertices[:, 1]}) == pytest.approx([low, high])
    assert ax.get_title() == "A − B per topic: 10 higher, 5 ties, 5 lower"


def test_the_paired_t_figure_is_students_t_with_the_observed_t_and_the_p_value_as_area():
    ax = paired_t_null(A, B)
    reference = stats.ttest_rel(A, B)
    df = 19
    density = ax.get_lines()[0]
    x = density.get_xdata()
    assert density.get_ydata() == pytest.approx(stats.t.pdf(x, df))
    assert pytest.approx(reference.statistic) in vertical_lines(ax)
    # The tails are drawn to the edge of the axis; the rest of each tail lies beyond it. The
    # polygons' straight sides over a convex tail add about 1e-5: within 1e-4 (4 decimals).
    beyond = 2 * stats.t.sf(x[-1], df)
    assert shaded_area(ax) + beyond == pytest.approx(reference.pvalue, abs=1e-4)
    critical = stats.t.ppf(0.975, df)
    assert pytest.approx(critical) in vertical_lines(ax)
    assert pytest.approx(-critical) in vertical_lines(ax)


def test_a_one_sided_t_figure_shades_one_tail():
    ax = paired_t_null(A, B, alternative="greater")
    reference = stats.ttest_rel(A, B, alternative="greater")
    x = ax.get_lines()[0].get_xdata()
    assert shaded_area(ax) + stats.t.sf(x[-1], 19) == pytest.approx(reference.pvalue, abs=1e-4)


def test_the_welch_figure_uses_welchs_degrees_of_freedom():
    ax = unpaired_t_null([1, 2, 3, 4], [2, 4, 6], equal_var=False)
    reference = stats.ttest_ind([1, 2, 3, 4], [2, 4, 6], equal_var=False)
    df = (7 / 4) ** 2 / ((5 / 12) ** 2 / 3 + (4 / 3) ** 2 / 2)   # Welch by hand (the page's)
    x = ax.get_lines()[0].get_xdata()
    assert ax.get_lines()[0].get_ydata() == pytest.approx(stats.t.pdf(x, df))
    assert shaded_area(ax) + 2 * stats.t.sf(x[-1], df) == pytest.approx(reference.pvalue,
                                                                         abs=1e-4)
    assert ax.get_title().startswith("Welch's t-test: t = -1.134")


def test_the_randomisation_bars_are_every_sign_pattern_and_the_shaded_ones_the_p_value():
    x, y = [0.5, 0.7, 0.4, 0.6, 0.9], [0.3, 0.4, 0.4, 0.3, 0.8]
    d = [Fraction(str(a)) - Fraction(str(b)) for a, b in zip(x, y)]
    means = [sum(s * v for s, v in zip(signs, d)) / 5
             for signs in itertools.product((1, -1), repeat=5)]
    observed = abs(sum(d) / 5)
    shares = {m: Fraction(means.count(m), 32) for m in set(means)}
    extreme = {m: share for m, share in shares.items() if abs(m) >= observed}
    ax = randomization_null(x, y)
    drawn = {round(bar.get_x() + bar.get_width() / 2, 9): bar.get_height()
             for bar in ax.containers[0]}
    assert drawn == pytest.approx({round(float(m), 9): float(s) for m, s in shares.items()})
    counted = sum(bar.get_height() for bar in ax.containers[1])
    assert counted == float(sum(extreme.values())) == randomization_test_pvalue(x, y)
    assert pytest.approx(float(sum(d) / 5)) in vertical_lines(ax)


def randomization_test_pvalue(x, y) -> float:
    return rb.stats.randomization_test(x, y).pvalue


def test_the_page_example_shades_69120_of_the_2_20_patterns():
    # Issue 10's exact p-value of Sakai's A vs B: 0.0659 = 69120 / 2^20.
    ax = randomization_null(A, B)
    assert sum(bar.get_height() for bar in ax.containers[1]) == pytest.approx(69120 / 2**20)
    assert sum(bar.get_height() for bar in ax.containers[0]) == pytest.approx(1.0)
    assert "2^20" in ax.get_title() and "0.0659" in ax.get_title()


def test_a_sampled_randomisation_figure_draws_its_own_resamples():
    r = rb.stats.randomization_test(A, B, n_resamples=2000, seed=4)
    ax = randomization_null(A, B, n_resamples=2000, seed=4)
    extreme = np.abs(r.null_distribution) >= abs(r.statistic) - 1e-12
    assert sum(bar.get_height() for bar in ax.containers[1]) == pytest.approx(extreme.sum() / 2000)
    assert int(extreme.sum()) == r.count
    assert f"{r.pvalue:.4f}" in ax.get_title() and "2,000 sampled" in ax.get_title()


def test_the_exact_signed_rank_bars_are_w_plus_over_every_sign_pattern():
    ranks = stats.rankdata(np.abs(DARWIN))
    signs = np.array(list(itertools.product((0, 1), repeat=len(DARWIN))))
    w_plus = signs @ ranks
    values, counts = np.unique(w_plus, return_counts=True)
    ax = wilcoxon_null(DARWIN, [0] * 15)
    drawn = {bar.get_x() + bar.get_width() / 2: bar.get_height() for bar in ax.containers[0]}
    assert drawn == pytest.approx(dict(zip(values.tolist(), (counts / 2**15).tolist())))
    counted = sum(bar.get_height() for bar in ax.containers[1])
    assert counted == pytest.approx(stats.wilcoxon(DARWIN).pvalue) == 0.041259765625
    assert 96 in vertical_lines(ax)


def test_the_approximate_signed_rank_figure_is_the_standard_normal():
    # Sakai's A vs B: ties and zeros, so the normal approximation (the page's 0.0372).
    d = np.round(np.array(A) - np.array(B), 12)
    reference = stats.wilcoxon(d, method="approx")
    ax = wilcoxon_null(A, B)
    x = ax.get_lines()[0].get_xdata()
    assert ax.get_lines()[0].get_ydata() == pytest.approx(stats.norm.pdf(x))
    assert shaded_area(ax) + 2 * stats.norm.sf(x[-1]) == pytest.approx(reference.pvalue,
                                                                        abs=1e-4)
    assert round(reference.pvalue, 4) == 0.0372


def test_the_bootstrap_histogram_is_the_tests_t_star_and_the_shaded_part_its_count():
    x, y = A, B
    r = rb.stats.bootstrap_test(x, y, n_resamples=3000, seed=2)
    ax = bootstrap_null(x, y, n_resamples=3000, seed=2, bins=40)
    widths = [bar.get_width() for bar in ax.containers[0]]
    heights = np.array([bar.get_height() for bar in ax.containers[0]])
    edges = np.linspace(ax.get_xlim()[0], ax.get_xlim()[1], 41)
    clipped = np.clip(r.null_distribution, edges[0], edges[-1])
    assert heights == pytest.approx(np.histogram(clipped, edges, density=True)[0])
    extreme = np.abs(r.null_distribution) >= abs(r.statistic)
    area = sum(bar.get_height() * bar.get_width() for bar in ax.containers[1])
    assert area == pytest.approx(extreme.sum() / 3000) and extreme.sum() == r.count
    assert sum(h * w for h, w in zip(heights, widths)) == pytest.approx(1.0)
    student = next(line for line in ax.get_lines() if line.get_linestyle() == "-.")
    assert student.get_ydata() == pytest.approx(stats.t.pdf(student.get_xdata(), 19))


def test_the_figures_refuse_what_the_tests_refuse():
    with pytest.raises(rb.InvalidValueError):
        paired_t_null([0.1, 0.2], [0.3])
    with pytest.raises(rb.InvalidValueError):
        randomization_null([0.1, 0.2, 0.3], [0.1, 0.2, 0.4], alternative="bigger")
    with pytest.raises(rb.InvalidValueError):
        paired_differences([0.1, math.nan], [0.2, 0.3])
