r"""The unpaired (two-sample) t-test: Student's with a pooled variance, Welch's without.

| function | tests | null distribution |
| --- | --- | --- |
| `unpaired_t_test` | the two samples' means are equal | Student's t, $n_x + n_y - 2$ degrees of freedom (Welch: Welch-Satterthwaite's) |

It treats the two systems' scores as two independent samples: right when each
system was run on its own topics, wrong (and weaker) when both ran on the same
topics, where `paired_t_test` removes the topics' difficulty. It is here to be
compared with the paired test, and for the rare unpaired design.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError
from rankbook.stats import _input
from rankbook.stats._tails import ALTERNATIVES, t_tail


@dataclass(frozen=True)
class UnpairedTTestResult:
    r"""The result of `unpaired_t_test`.

    Attributes
    ----------
    statistic : float
        $t = (\bar x - \bar y) / \mathrm{SE}$.
    pvalue : float
        The p-value of ``alternative`` under Student's t with `df` degrees of freedom.
    df : float
        $n_x + n_y - 2$ (Student's), or Welch-Satterthwaite's (Welch's; not a whole number).
    mean_x, mean_y : float
        The two samples' means.
    mean_difference : float
        $\bar x - \bar y$.
    standard_error : float
        SE, the standard error of $\bar x - \bar y$.
    effect_size : float
        Cohen's $d = (\bar x - \bar y)/s_p$, with $s_p$ the pooled standard deviation.
    confidence_interval : tuple of float
        ``(low, high)`` of $\bar x - \bar y$; open on one side for a one-sided test.
    confidence : float
        The confidence level of the interval.
    equal_var : bool
        True for Student's test, False for Welch's.
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``.
    """

    statistic: float
    pvalue: float
    df: float
    mean_x: float
    mean_y: float
    mean_difference: float
    standard_error: float
    effect_size: float
    confidence_interval: tuple[float, float]
    confidence: float
    equal_var: bool
    alternative: str


def unpaired_t_test(x, y, *, equal_var: bool = True, alternative: str = "two-sided",
                    confidence: float = 0.95) -> UnpairedTTestResult:
    r"""Student's (or Welch's) two-sample t-test of the difference of two means.

    $$t = \frac{\bar x - \bar y}{\mathrm{SE}}, \qquad
    \mathrm{SE}_{\text{Student}} = s_p \sqrt{\frac{1}{n_x} + \frac{1}{n_y}}, \qquad
    s_p^2 = \frac{(n_x - 1)s_x^2 + (n_y - 1)s_y^2}{n_x + n_y - 2}, \qquad
    \mathrm{SE}_{\text{Welch}} = \sqrt{\frac{s_x^2}{n_x} + \frac{s_y^2}{n_y}}$$

    where $\bar x$, $s_x^2$ and $n_x$ are the mean, the sample variance
    (divisor $n_x - 1$) and the size of sample $x$ (likewise $y$). Under the
    null hypothesis (equal means, independent normal samples) $t$ follows
    Student's t distribution with $\nu = n_x + n_y - 2$ degrees of freedom
    (Student's test, which also assumes equal variances), or, with
    ``equal_var=False`` (Welch's test, no equal variances),

    $$\nu = \frac{\mathrm{SE}^4}{\frac{(s_x^2/n_x)^2}{n_x - 1} + \frac{(s_y^2/n_y)^2}{n_y - 1}}.$$

    The p-value is $P(|T_\nu| \ge |t|)$, or one tail with ``alternative``
    (``"greater"``: $\bar x > \bar y$). The interval of $\bar x - \bar y$ is
    $\bar x - \bar y \pm t_{(1+c)/2,\,\nu}\,\mathrm{SE}$. The effect size is
    Cohen's $d = (\bar x - \bar y)/s_p$ for either test.

    The samples are not paired: they may have different lengths, and their
    order does not matter. Scores by topic (a column of `rankbook.evaluate`)
    are read without their summary row ``all``.

    Zero variance: when both samples are constant (spread below $10^{-12}$ of
    the largest absolute score) SE is 0: equal means give statistic 0.0 and
    p-value 1.0, different means statistic $\pm\infty$ and the limit p-value;
    Welch's $\nu$ is then $n_x + n_y - 2$. scipy returns NaN there.

    Parameters
    ----------
    x, y : sequence of float, or scores by topic
        The two samples, at least 2 scores each: sequences, pandas Series
        (columns of `rankbook.evaluate` tables), one-column DataFrames or
        mappings topic -> score.
    equal_var : bool, default True
        True: Student's test (pooled variance); False: Welch's test.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        The alternative hypothesis: $\bar x \ne \bar y$, $\bar x > \bar y$ or $\bar x < \bar y$.
    confidence : float, default 0.95
        Confidence level of the interval, between 0 and 1.

    Returns
    -------
    UnpairedTTestResult
        statistic, pvalue, df, mean_x, mean_y, mean_difference,
        standard_error, effect_size, confidence_interval, confidence,
        equal_var, alternative.

    See Also
    --------
    paired_t_test : the test for two systems run on the same topics.

    References
    ----------
    Student (1908). The probable error of a mean. Biometrika 6(1), 1-25.

    Welch, B. L. (1947). The generalization of "Student's" problem when
    several different population variances are involved. Biometrika 34(1-2), 28-35.

    Cohen, J. (1988). Statistical Power Analysis for the Behavioral Sciences,
    2nd edition. Lawrence Erlbaum.

    Examples
    --------
    Sakai's systems A and B (table 5.1) as if they had been run on two
    different sets of 20 topics: the paired test's p = 0.048 becomes 0.239
    (scipy.stats.ttest_ind gives the same):

    >>> A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...      0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
    >>> B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...      0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
    >>> r = unpaired_t_test(A, B)
    >>> round(r.statistic, 3), r.df, round(r.pvalue, 3)
    (1.197, 38.0, 0.239)
    >>> round(unpaired_t_test(A, B, equal_var=False).df, 2)
    35.83
    """
    a, b = _input.sample(x, "x"), _input.sample(y, "y")
    level = _validate.confidence_level(confidence)
    _validate.choice(alternative, ALTERNATIVES, "alternative")
    if not isinstance(equal_var, (bool, np.bool_)):
        raise InvalidTypeError(
            f"equal_var must be True (Student's test) or False (Welch's), got {equal_var!r}.")
    nx, ny = len(a), len(b)
    scale = max(float(np.abs(a).max()), float(np.abs(b).max()))
    vx, vy = (0.0 if _input.is_zero_spread(float(v.std(ddof=1)), scale) else float(v.var(ddof=1))
              for v in (a, b))
    pooled = ((nx - 1) * vx + (ny - 1) * vy) / (nx + ny - 2)
    if equal_var:
        se, df = math.sqrt(pooled * (1 / nx + 1 / ny)), float(nx + ny - 2)
    else:
        se, df = math.sqrt(vx / nx + vy / ny), _welch_df(vx / nx, vy / ny, nx, ny)
    difference = float(a.mean()) - float(b.mean())
    statistic = _input.ratio(difference, se)
    pvalue, _, interval = t_tail(statistic, df, se, difference, level, alternative)
    return UnpairedTTestResult(
        statistic=statistic, pvalue=pvalue, df=df, mean_x=float(a.mean()),
        mean_y=float(b.mean()), mean_difference=difference, standard_error=se,
        effect_size=_input.ratio(difference, math.sqrt(pooled)), confidence_interval=interval,
        confidence=level, equal_var=bool(equal_var), alternative=alternative)


def _welch_df(ex: float, ey: float, nx: int, ny: int) -> float:
    """Welch-Satterthwaite's degrees of freedom from the two squared standard errors."""
    denominator = ex**2 / (nx - 1) + ey**2 / (ny - 1)
    return float(nx + ny - 2) if denominator == 0 else (ex + ey) ** 2 / denominator
