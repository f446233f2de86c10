r"""How many topics do I need? Topic set size design and power (Sakai 2016).

Before building a test collection, or before trusting a comparison on one, ask how
many topics it takes to detect a difference that matters. Sakai's topic set size
design answers with three designs:

| ``design`` | question | ``variance`` |
| --- | --- | --- |
| ``"paired_t"`` | detect a mean difference of ``min_difference`` between two systems (paired t-test) | of the per-topic differences, $\sigma_d^2$ |
| ``"anova"`` | detect a range of ``min_difference`` between the best and the worst of ``n_systems`` systems (one-way ANOVA) | within systems, $\sigma^2$ |
| ``"ci"`` | keep the expected width of the 95% confidence interval of a mean difference below ``ci_width`` | of the per-topic differences, $\sigma_d^2$ |

The variance comes from existing data: `residual_variance` is the residual mean
square $V_E$ of the two-way ANOVA of a topic-by-system table (Sakai's recommended
estimate, which leaves out the topic and system effects), and $\sigma_d^2 = 2 V_E$ for
the two-system designs.

scipy is imported inside the functions.
"""

from __future__ import annotations

import math
import numbers

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.stats import anova

DESIGNS = ("paired_t", "anova", "ci")


def _probability(value, name: str, example: str) -> float:
    return _validate.probability(value, name, interval="(0, 1)", hint=f"e.g. {example}")


def _positive(value, name: str, example: str) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not value > 0 \
            or not math.isfinite(value):
        raise InvalidValueError(
            f"{name} must be a positive number, got {value!r}; e.g. {example}.")
    return float(value)


def _whole(value, name: str, least: int, example: str) -> int:
    return _validate.count(value, name, at_least=least, hint=f"e.g. {example}")


def _design(design) -> str:
    if design not in DESIGNS:
        raise InvalidValueError(
            f"design must be one of {', '.join(map(repr, DESIGNS))}, got {design!r}.")
    return design


def _power(design: str, n: int, alpha: float, min_difference: float, variance: float,
           n_systems) -> float:
    from scipy import stats

    if design == "paired_t":
        df = n - 1
        noncentrality = math.sqrt(n) * min_difference / math.sqrt(variance)
        critical = stats.t.ppf(1 - alpha / 2, df)
        # P(t' <= -c) written as the upper tail of t' with -lambda: scipy's nct.cdf returns
        # NaN far in the lower tail, where sf does not.
        return float(stats.nct.sf(critical, df, noncentrality)
                     + stats.nct.sf(critical, df, -noncentrality))
    df_between, df_within = n_systems - 1, n_systems * (n - 1)
    noncentrality = n * min_difference ** 2 / (2 * variance)
    critical = stats.f.ppf(1 - alpha, df_between, df_within)
    return float(stats.ncf.sf(critical, df_between, df_within, noncentrality))


def power(design: str, *, n_topics: int, alpha: float = 0.05, min_difference: float,
          variance: float, n_systems: int | None = None) -> float:
    r"""The probability that a test on ``n_topics`` topics detects a true difference.

    Paired t-test (two-sided), with $\phi = n - 1$ degrees of freedom:

    $$1 - \beta = P\left(|t'_{\phi,\lambda}| \ge t_{\alpha/2;\phi}\right), \qquad
    \lambda = \sqrt{n}\,\frac{\mathrm{minD}}{\sigma_d}$$

    One-way ANOVA of $m$ systems, with $\phi_1 = m - 1$ and $\phi_2 = m(n - 1)$:

    $$1 - \beta = P\left(F'_{\phi_1,\phi_2,\lambda} \ge F_{\alpha;\phi_1,\phi_2}\right),
    \qquad \lambda = n\,\frac{\mathrm{minD}^2}{2\sigma^2}$$

    where $t'$ and $F'$ are the noncentral t and F distributions, $t_{\alpha/2;\phi}$
    and $F_{\alpha;\phi_1,\phi_2}$ the critical values of the central ones, minD the
    ``min_difference`` (for the ANOVA, the range between the best and the worst
    system's true means, the least favourable spread of the others: all at the
    midpoint), and $\sigma_d^2$, $\sigma^2$ the ``variance``.

    Parameters
    ----------
    design : {"paired_t", "anova"}
        The test. (The "ci" design sizes an interval and has no power.)
    n_topics : int
        Number of topics n >= 2.
    alpha : float, default 0.05
        Significance level (Type I error rate).
    min_difference : float
        The true difference to detect, > 0, in the measure's units.
    variance : float
        paired_t: variance of the per-topic differences; anova: within-system
        (residual) variance. See `residual_variance`.
    n_systems : int, optional
        anova only: the number of systems m >= 2.

    Returns
    -------
    float
        The power $1 - \beta$, in $(\alpha, 1)$.

    See Also
    --------
    topic_set_size : the smallest n with the wanted power.

    References
    ----------
    Sakai, T., 2016. Topic set size design. Information Retrieval Journal 19(3), 256-283.
    Nagata, Y., 2003. How to Design the Sample Size (in Japanese). Asakura Shoten.

    Examples
    --------
    50 topics, a difference of 0.05 against a standard deviation of the differences of
    0.15 (effect size 1/3):

    >>> round(power("paired_t", n_topics=50, min_difference=0.05, variance=0.15 ** 2), 4)
    0.6371
    """
    design = _design(design)
    if design == "ci":
        raise InvalidValueError(
            "design='ci' sizes a confidence interval and has no power; use topic_set_size("
            "'ci', ci_width=..., variance=...), or design='paired_t' for the power of a test.")
    alpha, min_difference, variance, n_systems = _common(design, alpha, min_difference,
                                                        variance, n_systems)
    n = _whole(n_topics, "n_topics", 2, "n_topics=50")
    return _power(design, n, alpha, min_difference, variance, n_systems)


def _common(design, alpha, min_difference, variance, n_systems):
    alpha = _probability(alpha, "alpha", "alpha=0.05")
    variance = _positive(variance, "variance", "variance=2 * residual_variance(scores)")
    if design != "ci":
        min_difference = _positive(min_difference, "min_difference", "min_difference=0.05")
    if design == "anova":
        n_systems = _whole(n_systems, "n_systems", 2, "n_systems=10 (needed by design='anova')")
    elif n_systems is not None:
        raise InvalidValueError(
            f"n_systems is for design='anova' only; design={design!r} compares two systems.")
    return alpha, min_difference, variance, n_systems


def topic_set_size(design: str, *, alpha: float = 0.05, beta: float = 0.20,
                   min_difference: float | None = None, variance: float,
                   n_systems: int | None = None, ci_width: float | None = None) -> int:
    r"""The smallest number of topics that meets the design's requirement (Sakai 2016).

    ``"paired_t"`` and ``"anova"``: the smallest $n$ whose `power` is at least
    $1 - \beta$. ``"ci"``: the smallest $n$ whose expected width of the
    $100(1-\alpha)\%$ confidence interval of a mean difference is at most $\delta$
    (``ci_width``):

    $$2\, t_{\alpha/2;\,n-1}\, \frac{E[s]}{\sqrt{n}} \le \delta, \qquad
    E[s] = \sigma_d\, \sqrt{\frac{2}{n-1}}\,
           \frac{\Gamma(n/2)}{\Gamma((n-1)/2)}$$

    where $s$ is the sample standard deviation of the $n$ per-topic differences.
    The search starts at $n = 2$; Sakai's closed-form starting values (normal
    approximations such as $n \approx (z_{\alpha/2} + z_\beta)^2 \sigma_d^2/\mathrm{minD}^2
    + z_{\alpha/2}^2/2$ for the paired t-test) land close to the result.

    Parameters
    ----------
    design : {"paired_t", "anova", "ci"}
        Which requirement.
    alpha : float, default 0.05
        Significance level, or 1 - the confidence level of the interval.
    beta : float, default 0.20
        Type II error rate (power 1 - beta = 0.80, Cohen's convention); not used by "ci".
    min_difference : float, optional
        The difference to detect (paired_t, anova); not used by "ci".
    variance : float
        paired_t and ci: variance of the per-topic differences ($2 V_E$);
        anova: within-system variance ($V_E$). See `residual_variance`.
    n_systems : int, optional
        anova only: the number of systems m >= 2.
    ci_width : float, optional
        ci only: the largest acceptable expected width $\delta$ of the interval.

    Returns
    -------
    int
        The number of topics, >= 2.

    See Also
    --------
    power : the power of a design with a given number of topics.
    residual_variance : the variance estimate from existing runs.

    References
    ----------
    Sakai, T., 2016. Topic set size design. Information Retrieval Journal 19(3), 256-283.

    Examples
    --------
    >>> topic_set_size("paired_t", min_difference=0.05, variance=0.15 ** 2)
    73
    >>> topic_set_size("anova", min_difference=0.1, variance=0.02, n_systems=10)
    64
    >>> topic_set_size("ci", variance=0.15 ** 2, ci_width=0.1)
    37
    """
    design = _design(design)
    alpha, min_difference, variance, n_systems = _common(design, alpha, min_difference,
                                                        variance, n_systems)
    if design == "ci":
        width = _positive(ci_width, "ci_width", "ci_width=0.1")
        return _smallest(lambda n: _expected_width(n, alpha, variance) <= width)
    if ci_width is not None:
        raise InvalidValueError(f"ci_width is for design='ci' only, not {design!r}.")
    target = 1 - _probability(beta, "beta", "beta=0.20 (power 0.80)")
    return _smallest(lambda n: _power(design, n, alpha, min_difference, variance,
                                      n_systems) >= target)


def _expected_width(n: int, alpha: float, variance: float) -> float:
    from scipy import stats

    expected_s = math.sqrt(variance) * math.sqrt(2 / (n - 1)) * math.exp(
        math.lgamma(n / 2) - math.lgamma((n - 1) / 2))
    return 2 * stats.t.ppf(1 - alpha / 2, n - 1) * expected_s / math.sqrt(n)


def _smallest(meets, limit: int = 10 ** 7) -> int:
    """The smallest n >= 2 with ``meets(n)``, for a requirement that stays met as n grows."""
    high = 2
    while not meets(high):
        high *= 2
        if high > limit:
            raise InvalidValueError(
                f"more than {limit} topics would be needed; is min_difference or ci_width "
                "in the measure's units (e.g. 0.05, not 5)?")
    low = high // 2 if high > 2 else 1  # meets(low) is False (or low < 2)
    while high - low > 1:
        middle = (low + high) // 2
        if meets(middle):
            high = middle
        else:
            low = middle
    return high


def residual_variance(scores, *, topics: str = "same") -> float:
    r"""$V_E$: the residual variance of the two-way ANOVA of a topic-by-system table.

    $$V_E = \frac{\sum_{i,j} (x_{i j} - \bar x_{i\cdot} - \bar x_{\cdot j} + \bar x)^2}
                 {(m - 1)(n - 1)}$$

    for $m$ systems and $n$ topics: the variance left once the system and topic
    effects are removed, Sakai's estimate of the within-system variance $\sigma^2$
    for topic set size design (the total variance would count the topics'
    difficulty as noise). Use $V_E$ for design="anova" and $2 V_E$ for "paired_t" and
    "ci" (the variance of a difference of two systems' scores).

    Parameters
    ----------
    scores : mapping system -> per-topic scores, or pandas DataFrame
        One column per system and one row per topic (e.g. an `rb.evaluate` table of
        several runs, one measure), read as `two_way_anova` reads it.
    topics : {"same", "intersect", "complete"}, default "same"
        What to do with topics some system lacks (see `rankbook.stats`).

    Returns
    -------
    float
        $V_E \ge 0$.

    See Also
    --------
    two_way_anova : the whole ANOVA table.

    References
    ----------
    Sakai, T., 2016. Topic set size design. Information Retrieval Journal 19(3), 256-283.

    Examples
    --------
    Residuals 0, -0.1, 0.1 and 0, 0.1, -0.1: $V_E = 0.04 / 2$.

    >>> round(residual_variance({"A": [0.2, 0.4, 0.9], "B": [0.1, 0.5, 0.6]}), 12)
    0.02
    """
    return float(anova.two_way_anova(scores, topics=topics).ms_residual)
