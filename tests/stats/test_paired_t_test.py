"""paired_t_test against Sakai's published numbers and scipy.stats.ttest_rel."""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy import stats

from rankbook.stats import paired_t_test


def test_sakai_table_5_1_a_vs_b(sakai):
    # Published (Sakai 2015, table 5.1 data, as printed in elinor's student_t_test.rs):
    # mean 0.0750, variance of the differences 0.0251, effect size 0.473, t = 2.116,
    # p = 0.048, 95% margin of error 0.0742.
    r = paired_t_test(sakai["A"], sakai["B"])
    assert r.mean_difference == pytest.approx(0.0750, abs=5e-5)
    assert r.sd_difference**2 == pytest.approx(0.0251, abs=5e-5)
    assert r.effect_size == pytest.approx(0.473, abs=5e-4)
    assert r.statistic == pytest.approx(2.116, abs=5e-4)
    assert r.pvalue == pytest.approx(0.048, abs=5e-4)
    assert r.margin_of_error == pytest.approx(0.0742, abs=5e-5)
    assert r.confidence_interval == pytest.approx((0.0750 - 0.0742, 0.0750 + 0.0742), abs=1e-4)
    assert r.df == 19


@pytest.mark.parametrize("confidence", [0.9, 0.95, 0.99])
@pytest.mark.parametrize("seed", range(5))
def test_matches_scipy_ttest_rel(seed, confidence):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 60))
    x, y = rng.random(n), rng.random(n)
    ours = paired_t_test(x, y, confidence=confidence)
    ref = stats.ttest_rel(x, y)
    ci = ref.confidence_interval(confidence_level=confidence)
    assert ours.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert ours.pvalue == pytest.approx(ref.pvalue, rel=1e-10)
    assert ours.df == ref.df
    assert ours.confidence_interval == pytest.approx((ci.low, ci.high), rel=1e-10)
    d = x - y
    assert ours.effect_size == pytest.approx(d.mean() / d.std(ddof=1), rel=1e-12)


def test_identical_systems_give_p_one_and_no_nan():
    x = [0.2, 0.5, 0.9, 0.1]
    r = paired_t_test(x, x)
    assert (r.statistic, r.pvalue, r.effect_size) == (0.0, 1.0, 0.0)
    assert r.confidence_interval == (0.0, 0.0) and r.margin_of_error == 0.0
    # scipy returns NaN here: the reason for the convention
    assert math.isnan(stats.ttest_rel(x, x).pvalue)


def test_constant_shift_is_the_limit_infinite_t_p_zero():
    x = np.array([0.3, 0.2, 0.6, 0.4])
    r = paired_t_test(x + 0.1, x)  # float differences 0.1 +- rounding
    assert r.statistic == math.inf and r.effect_size == math.inf and r.pvalue == 0.0
    low, high = r.confidence_interval
    assert low == high == pytest.approx(0.1)
    assert paired_t_test(x, x + 0.1).statistic == -math.inf


def test_swapping_systems_negates_the_statistic_and_keeps_p(sakai):
    ab, ba = paired_t_test(sakai["A"], sakai["B"]), paired_t_test(sakai["B"], sakai["A"])
    assert ba.statistic == pytest.approx(-ab.statistic) and ba.pvalue == pytest.approx(ab.pvalue)


def test_the_result_keeps_the_differences_it_tested_paired_by_topic():
    # Scores by topic in different orders, with rb.evaluate's summary row "all": the
    # differences are x - y topic by topic, by hand: q1 0.5 - 0.2, q2 0.1 - 0.4, q3 0.9 - 0.9.
    x = {"q1": 0.5, "q2": 0.1, "q3": 0.9, "all": 0.5}
    y = {"q3": 0.9, "q1": 0.2, "q2": 0.4}
    r = paired_t_test(x, y)
    assert list(r.differences) == pytest.approx([0.3, -0.3, 0.0])
    assert r == paired_t_test(x, {"q1": 0.2, "q2": 0.4, "q3": 0.9})   # not part of ==
    assert "differences" not in repr(r)
