"""p-values and intervals from a statistic's null distribution, for each ``alternative``.

Shared by the tests whose statistic has a t or a normal distribution under the null
hypothesis (paired and unpaired t-tests, the signed-rank test's approximation).
"""

from __future__ import annotations

import math

ALTERNATIVES = ("two-sided", "greater", "less")


def t_tail(statistic: float, df: float, se: float, estimate: float, level: float,
           alternative: str) -> tuple[float, float, tuple[float, float]]:
    """``(p-value, margin, interval)`` of a t statistic with ``df`` degrees of freedom.

    Shared by the paired and the unpaired t-tests: the p-value of ``alternative``, and
    the interval of ``estimate`` (two-sided, or open on one side as scipy's). Identical
    samples (statistic 0 with no spread) give p-value 1.0 under every alternative.
    """
    from scipy import stats

    if se == 0 and statistic == 0:
        return 1.0, 0.0, (estimate, estimate) if alternative == "two-sided" else (
            (estimate, math.inf) if alternative == "greater" else (-math.inf, estimate))
    if alternative == "two-sided":
        pvalue = float(min(1.0, 2 * stats.t.sf(abs(statistic), df)))
        margin = float(stats.t.ppf((1 + level) / 2, df) * se)
        return pvalue, margin, (estimate - margin, estimate + margin)
    margin = float(stats.t.ppf(level, df) * se)
    if alternative == "greater":
        return float(stats.t.sf(statistic, df)), margin, (estimate - margin, math.inf)
    return float(stats.t.cdf(statistic, df)), margin, (-math.inf, estimate + margin)


def normal_tail(z: float, alternative: str) -> float:
    """The p-value of a standard normal statistic ``z`` under ``alternative``."""
    from scipy import stats

    if alternative == "greater":
        return float(stats.norm.sf(z))
    if alternative == "less":
        return float(stats.norm.cdf(z))
    return float(min(1.0, 2 * stats.norm.sf(abs(z))))
