"""unpaired_t_test: Student's and Welch's two-sample t-tests against scipy.stats.ttest_ind."""

from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
from scipy import stats

from rankbook import InvalidTypeError, InvalidValueError
from rankbook.stats import unpaired_t_test


@pytest.mark.parametrize("equal_var", [True, False])
@pytest.mark.parametrize("alternative", ["two-sided", "greater", "less"])
@pytest.mark.parametrize("sizes", [(12, 17), (5, 5), (2, 30)])
def test_matches_scipy(equal_var, alternative, sizes):
    rng = np.random.default_rng(sum(sizes))
    x, y = rng.random(sizes[0]), rng.random(sizes[1]) * 1.4
    r = unpaired_t_test(x, y, equal_var=equal_var, alternative=alternative, confidence=0.9)
    ref = stats.ttest_ind(x, y, equal_var=equal_var, alternative=alternative)
    assert r.statistic == pytest.approx(ref.statistic, rel=1e-12)
    assert r.pvalue == pytest.approx(ref.pvalue, rel=1e-12)
    assert r.df == pytest.approx(ref.df, rel=1e-12)
    assert r.confidence_interval == pytest.approx(tuple(ref.confidence_interval(0.9)), rel=1e-12)


def test_sakai_a_b_unpaired_is_the_p_of_the_paired_t_test_page(sakai):
    # docs/comparing/paired_t_test.md prints scipy.stats.ttest_ind(A, B).pvalue as 0.239
    r = unpaired_t_test(sakai["A"], sakai["B"])
    assert round(r.pvalue, 3) == 0.239 and r.df == 38.0


def test_effect_size_is_cohens_d_with_the_pooled_sd():
    x, y = [1.0, 2.0, 3.0, 4.0], [2.0, 4.0, 6.0]
    pooled = math.sqrt((3 * np.var(x, ddof=1) + 2 * np.var(y, ddof=1)) / 5)
    assert unpaired_t_test(x, y).effect_size == pytest.approx((2.5 - 4.0) / pooled, rel=1e-12)


def test_scores_by_topic_drop_the_all_row_and_are_not_paired():
    x = pd.Series([0.1, 0.5, 0.2, 0.8 / 3], index=["a", "b", "c", "all"])
    y = {"z": 0.4, "y": 0.3, "all": 0.35}
    assert unpaired_t_test(x, y) == unpaired_t_test([0.1, 0.5, 0.2], [0.4, 0.3])


def test_zero_variance_conventions():
    same = unpaired_t_test([0.3, 0.3], [0.3, 0.3, 0.3], equal_var=False)
    assert (same.statistic, same.pvalue, same.df) == (0.0, 1.0, 3.0)
    apart = unpaired_t_test([0.5, 0.5], [0.3, 0.3])
    assert (apart.statistic, apart.pvalue) == (math.inf, 0.0)


@pytest.mark.parametrize("call,error,message", [
    (lambda: unpaired_t_test([0.1], [0.2, 0.3]), InvalidValueError, "x holds 1 score"),
    (lambda: unpaired_t_test([0.1, 0.2], [0.2, float("nan")]), InvalidValueError, r"y\[1\] is nan"),
    (lambda: unpaired_t_test([0.1, 0.2], [0.2, 0.3], equal_var="yes"), InvalidTypeError, "equal_var"),
    (lambda: unpaired_t_test([0.1, 0.2], [0.2, 0.3], alternative="more"), InvalidValueError, "alternative"),
])
def test_bad_input_is_refused(call, error, message):
    with pytest.raises(error, match=message):
        call()
