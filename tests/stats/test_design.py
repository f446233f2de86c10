"""topic_set_size, power and residual_variance (Sakai 2016, Topic set size design, IRJ 19(3)).

Oracles: statsmodels' TTestPower (noncentral t) and FTestAnovaPower (noncentral F) for the
power, to 1e-9, on 24 configurations each; statsmodels' solve_power for the sizes; the
expected-width condition of the CI design computed here with math.gamma; statsmodels' OLS
two-way ANOVA for the residual variance.
"""

from __future__ import annotations

import itertools
import math

import numpy as np
import pandas as pd
import pytest
from scipy import integrate, stats
from statsmodels.stats.power import FTestAnovaPower, TTestPower

from rankbook import InvalidValueError
from rankbook.stats import power, residual_variance, topic_set_size

PAIRED = list(itertools.product([0.01, 0.05], [5, 20, 50], [0.02, 0.1], [0.1, 0.2]))
ANOVA = list(itertools.product([0.05], [3, 10], [10, 30, 100], [0.05, 0.1], [0.01, 0.03]))


@pytest.mark.parametrize("alpha, n, min_difference, sd", PAIRED)
def test_paired_t_power_is_statsmodels_ttestpower(alpha, n, min_difference, sd):
    expected = TTestPower().power(effect_size=min_difference / sd, nobs=n, alpha=alpha,
                                  alternative="two-sided")
    got = power("paired_t", n_topics=n, alpha=alpha, min_difference=min_difference,
                variance=sd ** 2)
    if math.isnan(expected):
        # statsmodels on scipy < 1.16 (the oldest supported versions) gets NaN from scipy's
        # noncentral t deep in its tail: there the power is checked against the integral below.
        expected = _paired_t_power_by_integration(alpha, n, min_difference / sd)
    assert got == pytest.approx(expected, abs=1e-9)


def _paired_t_power_by_integration(alpha, n, effect_size):
    """Two-sided power of the one-sample t-test without scipy's noncentral t: T = (Z + lam) /
    sqrt(V / nu), so P(T < t) = integral of Phi(t sqrt(v / nu) - lam) over V ~ chi2(nu)."""
    nu, lam = n - 1, effect_size * math.sqrt(n)
    critical = stats.t.ppf(1 - alpha / 2, nu)

    def below(t):
        value, _ = integrate.quad(
            lambda v: stats.norm.cdf(t * math.sqrt(v / nu) - lam) * stats.chi2.pdf(v, nu),
            0, np.inf, epsabs=1e-13, epsrel=1e-12, limit=200)
        return value

    return 1 - below(critical) + below(-critical)


def test_the_integral_is_statsmodels_where_both_answer():
    for alpha, n, effect_size in ((0.05, 20, 0.5), (0.01, 50, 0.2), (0.05, 5, 1.0)):
        expected = TTestPower().power(effect_size=effect_size, nobs=n, alpha=alpha,
                                      alternative="two-sided")
        assert _paired_t_power_by_integration(alpha, n, effect_size) == pytest.approx(
            expected, abs=1e-9)


@pytest.mark.parametrize("alpha, m, n, min_difference, variance", ANOVA)
def test_anova_power_is_statsmodels_ftestanovapower(alpha, m, n, min_difference, variance):
    # statsmodels: nobs = m n in all, noncentrality f^2 nobs; Sakai: lambda = n minD^2 / (2 sigma^2)
    f = math.sqrt(min_difference ** 2 / (2 * m * variance))
    expected = FTestAnovaPower().power(effect_size=f, nobs=m * n, alpha=alpha, k_groups=m)
    got = power("anova", n_topics=n, alpha=alpha, min_difference=min_difference,
                variance=variance, n_systems=m)
    assert got == pytest.approx(expected, abs=1e-9)


@pytest.mark.parametrize("min_difference, sd, beta", [(0.05, 0.15, 0.2), (0.02, 0.1, 0.2),
                                                      (0.1, 0.2, 0.1), (0.05, 0.3, 0.5)])
def test_paired_t_size_is_the_first_n_with_the_power(min_difference, sd, beta):
    n = topic_set_size("paired_t", beta=beta, min_difference=min_difference, variance=sd ** 2)
    solved = TTestPower().solve_power(effect_size=min_difference / sd, alpha=0.05,
                                      power=1 - beta)
    assert n == math.ceil(solved - 1e-9)
    power_at = [TTestPower().power(min_difference / sd, k, 0.05) for k in (n - 1, n)]
    assert power_at[0] < 1 - beta <= power_at[1]


@pytest.mark.parametrize("m, min_difference, variance", [(10, 0.1, 0.02), (3, 0.05, 0.01),
                                                         (20, 0.1, 0.05)])
def test_anova_size_is_the_first_n_with_the_power(m, min_difference, variance):
    n = topic_set_size("anova", min_difference=min_difference, variance=variance, n_systems=m)
    f = math.sqrt(min_difference ** 2 / (2 * m * variance))
    at = [FTestAnovaPower().power(f, m * k, 0.05, m) for k in (n - 1, n)]
    assert at[0] < 0.8 <= at[1]


def _expected_width(n, alpha, sd):
    c4 = math.sqrt(2 / (n - 1)) * math.gamma(n / 2) / math.gamma((n - 1) / 2)
    return 2 * stats.t.ppf(1 - alpha / 2, n - 1) * c4 * sd / math.sqrt(n)


@pytest.mark.parametrize("sd, width, alpha", [(0.15, 0.1, 0.05), (0.2, 0.05, 0.05),
                                              (0.1, 0.1, 0.01)])
def test_ci_size_is_the_first_n_with_the_expected_width(sd, width, alpha):
    n = topic_set_size("ci", alpha=alpha, variance=sd ** 2, ci_width=width)
    assert _expected_width(n, alpha, sd) <= width < _expected_width(n - 1, alpha, sd)
    # close to Sakai's normal-approximation starting value 4 z^2 sigma^2 / delta^2
    start = 4 * stats.norm.ppf(1 - alpha / 2) ** 2 * sd ** 2 / width ** 2
    assert abs(n - start) <= 5


def test_residual_variance_is_the_ols_two_way_anova_residual():
    import statsmodels.formula.api as smf
    from statsmodels.stats.anova import anova_lm

    rng = np.random.default_rng(3)
    table = pd.DataFrame(rng.uniform(size=(12, 4)), columns=list("ABCD"),
                         index=[str(t) for t in range(301, 313)])
    long = table.stack().rename("score").rename_axis(["topic", "system"]).reset_index()
    fit = smf.ols("score ~ C(topic) + C(system)", data=long).fit()
    expected = anova_lm(fit).loc["Residual", "mean_sq"]
    assert residual_variance(table) == pytest.approx(expected, rel=1e-12)


def test_a_huge_effect_has_power_one_not_nan():
    # effect sizes of 2 and more: statsmodels' TTestPower returns NaN (scipy's nct.cdf far in
    # the lower tail); the power is 1 to double precision
    assert power("paired_t", n_topics=5, min_difference=0.1, variance=0.01 ** 2) == \
        pytest.approx(1.0, abs=1e-12)
    assert power("paired_t", n_topics=20, min_difference=0.1, variance=0.05 ** 2) == \
        pytest.approx(1.0, abs=1e-9)


def test_bad_arguments_are_refused():
    with pytest.raises(InvalidValueError, match="design must be one of"):
        topic_set_size("wilcoxon", min_difference=0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="n_systems must be"):
        topic_set_size("anova", min_difference=0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="n_systems is for design='anova' only"):
        power("paired_t", n_topics=10, min_difference=0.1, variance=0.1, n_systems=3)
    with pytest.raises(InvalidValueError, match="has no power"):
        power("ci", n_topics=10, min_difference=0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="ci_width must be"):
        topic_set_size("ci", variance=0.1)
    with pytest.raises(InvalidValueError, match="min_difference must be"):
        power("paired_t", n_topics=10, min_difference=-0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="alpha must be"):
        power("paired_t", n_topics=10, alpha=5, min_difference=0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="n_topics must be"):
        power("paired_t", n_topics=1, min_difference=0.1, variance=0.1)
    with pytest.raises(InvalidValueError, match="more than"):
        topic_set_size("paired_t", min_difference=1e-6, variance=1.0)
