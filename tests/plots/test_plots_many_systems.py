"""The figures of many systems draw what rankbook.stats computes, checked against scipy, statsmodels and hand arithmetic."""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
import pytest
from figure_reading import intervals, shaded_area
from scipy import stats

import rankbook as rb
from rankbook.compare import compare_scores
from rankbook.plots import (
    asl_curves,
    comparison_intervals,
    corrected_pvalues,
    power_curve,
    tukey_intervals,
    two_way_anova_null,
)

# Exercise 1 of docs/comparing/two_way_anova.md, worked by hand there: means 2, 3, 5, V_E = 1,
# F_A = 7 with (2, 4) degrees of freedom, p = (1 + 14/4)^-2 = 4/81.
EXERCISE = {"a": [1, 2, 3], "b": [2, 3, 4], "c": [3, 4, 8]}
# scipy.stats.tukey_hsd's docstring: three headache medicines, five patients each.
MEDICINES = {"group0": [24.5, 23.5, 26.4, 27.1, 29.9], "group1": [28.4, 34.2, 29.5, 32.2, 30.1],
             "group2": [26.1, 28.3, 24.3, 26.2, 27.8]}



def test_the_anova_figure_is_the_f_distribution_and_its_tail_is_the_p_value():
    ax = two_way_anova_null(EXERCISE)
    density = ax.get_lines()[0]
    x = density.get_xdata()
    assert density.get_ydata() == pytest.approx(stats.f.pdf(x, 2, 4))
    assert pytest.approx(7) in [line.get_xdata()[0] for line in ax.get_lines()[1:]]
    beyond = stats.f.sf(x[-1], 2, 4)
    assert shaded_area(ax) + beyond == pytest.approx(float(Fraction(4, 81)), abs=1e-4)


def test_the_one_way_intervals_are_scipys_on_its_docstring_example():
    ax = tukey_intervals(MEDICINES, method="one_way")
    interval = stats.tukey_hsd(*MEDICINES.values()).confidence_interval(0.95)
    drawn = intervals(ax)
    pairs = [(0, 1), (0, 2), (1, 2)]
    for (low, point, high), (i, j) in zip(drawn, pairs):
        assert (low, high) == pytest.approx((interval.low[i, j], interval.high[i, j]))
        assert point == pytest.approx(np.mean(MEDICINES[f"group{i}"])
                                      - np.mean(MEDICINES[f"group{j}"]))
    # scipy's printed interval of group 0 - group 1; the pairs in colour are those whose
    # p-value scipy puts below 0.05 (0 - 1 and 1 - 2, whose intervals miss 0)
    assert drawn[0][0] == pytest.approx(-8.249, abs=5e-4)
    assert drawn[0][2] == pytest.approx(-0.951, abs=5e-4)
    pvalues = stats.tukey_hsd(*MEDICINES.values()).pvalue
    coloured = [container[0].get_color() == "#D55E00" for container in ax.containers]
    assert coloured == [pvalues[i, j] < 0.05 for i, j in pairs] == [True, False, True]


def test_the_two_way_intervals_use_the_residual_variance_by_hand():
    ax = tukey_intervals(EXERCISE)
    half = stats.studentized_range.ppf(0.95, 3, 4) * math.sqrt(1 / 3)   # q * sqrt(V_E / n)
    for (low, point, high), difference in zip(intervals(ax), [-1, -3, -2]):
        assert (low, point, high) == pytest.approx((difference - half, difference,
                                                    difference + half))
    assert [t.get_text() for t in ax.get_yticklabels()] == ["a − b", "a − c", "b − c"]


def test_the_randomised_tukey_has_no_interval_to_draw():
    with pytest.raises(rb.InvalidValueError, match="not intervals"):
        tukey_intervals(EXERCISE, method="randomized", n_resamples=99)


def test_the_report_intervals_are_the_paired_t_intervals_and_its_verdicts():
    x = [0.9, 0.8, 0.7, 0.6, 0.5, 0.9, 0.4]
    y = [0.1, 0.2, 0.1, 0.3, 0.2, 0.1, 0.5]
    z = [0.85, 0.7, 0.75, 0.65, 0.45, 0.8, 0.5]
    report = compare_scores({"AP": {"x": x, "y": y, "z": z}}, correction="holm")
    ax = comparison_intervals(report, "AP")
    pairs = [(x, y), (x, z), (y, z)]
    raw = [stats.ttest_rel(a, b).pvalue for a, b in pairs]
    holm = sorted(raw)
    for (low, point, high), (a, b) in zip(intervals(ax), pairs):
        ci = stats.ttest_rel(a, b).confidence_interval(0.95)
        assert (low, point, high) == pytest.approx((ci.low, np.mean(a) - np.mean(b), ci.high))
    # Holm by hand: 3 p_(1), max(.., 2 p_(2)), max(.., p_(3)); significant when <= 0.05.
    adjusted = np.maximum.accumulate([3 * holm[0], 2 * holm[1], holm[2]])
    significant = {p: a <= 0.05 for p, a in zip(holm, adjusted)}
    coloured = [container[0].get_color() == "#D55E00" for container in ax.containers]
    assert coloured == [significant[p] for p in raw] == [True, False, True]
    with pytest.raises(rb.InvalidValueError, match="not in the report"):
        comparison_intervals(report, "nDCG")


def test_the_corrected_bars_are_the_adjustments_by_hand():
    # Exercises 1 and 2 of docs/comparing/multiple_comparisons.md, worked by hand there.
    ax = corrected_pvalues({("A", "B"): 0.01, ("A", "C"): 0.02, ("B", "C"): 0.03,
                            ("C", "D"): 0.04})
    heights = [[round(bar.get_height(), 12) for bar in c] for c in ax.containers]
    assert heights == [[0.01, 0.02, 0.03, 0.04], [0.04, 0.08, 0.12, 0.16],
                       [0.04, 0.06, 0.06, 0.06], [0.04, 0.04, 0.04, 0.04]]
    assert [t.get_text() for t in ax.get_xticklabels()] == ["A − B", "A − C", "B − C", "C − D"]
    assert [line.get_ydata()[0] for line in ax.get_lines()] == [0.05]


def test_the_asl_curves_are_the_sorted_asls_against_alpha():
    # Exercise 3 of docs/comparing/discriminative_power.md: x beats y by 0.1 on 6 topics.
    r = rb.stats.discriminative_power({"x": [0.6] * 6, "y": [0.5] * 6, "z": [0.45] * 6},
                                      n_resamples=999)
    ax = asl_curves({"AP": r})
    curve = ax.get_lines()[0]
    assert list(curve.get_ydata()) == sorted(r.asl)
    assert list(curve.get_xdata()) == [1, 2, 3]
    assert curve.get_label() == f"AP (DP {sum(a < 0.05 for a in r.asl) / 3:.3f})"
    assert list(ax.get_lines()[1].get_ydata()) == [0.05, 0.05]
    with pytest.raises(rb.InvalidValueError, match="at least one measure"):
        asl_curves({})


def test_the_power_curve_is_statsmodels_power_and_marks_the_topic_set_size():
    from statsmodels.stats.power import TTestPower

    ax = power_curve("paired_t", min_difference=0.05, variance=0.15 ** 2)
    line = ax.get_lines()[0]
    topics, drawn = line.get_xdata(), line.get_ydata()
    reference = [TTestPower().power(effect_size=1 / 3, nobs=n, alpha=0.05) for n in topics]
    assert drawn == pytest.approx(reference, abs=1e-9)
    needed = next(n for n, p in zip(topics, reference) if p >= 0.8)
    assert needed == 73                      # the page's exercise 2 (Sakai's topic set size)
    point = ax.get_lines()[2]
    assert (point.get_xdata()[0], point.get_ydata()[0]) == pytest.approx(
        (73, TTestPower().power(effect_size=1 / 3, nobs=73, alpha=0.05)))
    with pytest.raises(rb.InvalidValueError, match="no power"):
        power_curve("ci", min_difference=0.05, variance=0.01)
