r"""Classical paired tests of two systems: the paired t-test and the Wilcoxon signed-rank test.

| function | tests | null distribution |
| --- | --- | --- |
| `paired_t_test` | mean of the per-topic differences is 0 | Student's t, n - 1 degrees of freedom |
| `wilcoxon_test` | differences are symmetric around 0 | signed ranks (exact) or normal approximation |

Both take the two systems' per-topic scores, paired by topic (`rankbook.stats`
says how), and test the per-topic differences $d_i = x_i - y_i$, two-sided by
default or one-sided with ``alternative``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from rankbook import _validate
from rankbook.stats import _input, _signed_rank
from rankbook.stats._tails import ALTERNATIVES, normal_tail, t_tail

ZERO_METHODS = ("wilcox", "pratt", "zsplit")
WILCOXON_METHODS = ("auto", "exact", "approx")


@dataclass(frozen=True)
class PairedTTestResult:
    r"""The result of `paired_t_test`.

    Attributes
    ----------
    statistic : float
        $t = \bar d / (s_d / \sqrt n)$.
    pvalue : float
        $P(|T_{n-1}| \ge |t|)$ (two-sided), $P(T_{n-1} \ge t)$ (``"greater"``)
        or $P(T_{n-1} \le t)$ (``"less"``).
    df : int
        Degrees of freedom, $n - 1$.
    mean_difference : float
        $\bar d$, the mean of $x_i - y_i$ (positive when x scores higher).
    sd_difference : float
        $s_d$, the sample standard deviation of the differences (divisor $n - 1$).
    effect_size : float
        $\bar d / s_d$: the mean difference in units of its standard deviation.
    confidence_interval : tuple of float
        ``(low, high)``, $\bar d \mp$ `margin_of_error`; one-sided tests give
        ``(low, inf)`` (``"greater"``) or ``(-inf, high)`` (``"less"``).
    margin_of_error : float
        $t_{(1+c)/2,\,n-1} \cdot s_d / \sqrt n$ for confidence level $c$
        ($t_{c,\,n-1}$ for a one-sided test).
    confidence : float
        The confidence level $c$ of the interval.
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``, the hypothesis tested.
    differences : numpy.ndarray, shape (n,)
        The per-topic differences $d_i = x_i - y_i$ tested, in topic order
        (after pairing by topic). Left out of ``repr`` and ``==``.
    """

    statistic: float
    pvalue: float
    df: int
    mean_difference: float
    sd_difference: float
    effect_size: float
    confidence_interval: tuple[float, float]
    margin_of_error: float
    confidence: float
    alternative: str = "two-sided"
    differences: np.ndarray | None = field(default=None, repr=False, compare=False)


def paired_t_test(x, y, *, confidence: float = 0.95, alternative: str = "two-sided",
                  topics: str = "same") -> PairedTTestResult:
    r"""Student's paired t-test on the per-topic differences of two systems.

    $$t = \frac{\bar d}{s_d / \sqrt{n}}, \qquad
    \bar d = \frac1n \sum_{i=1}^{n} d_i, \qquad
    s_d = \sqrt{\frac{1}{n-1} \sum_{i=1}^{n} (d_i - \bar d)^2}$$

    where $d_i = x_i - y_i$ is the difference on topic $i$ and $n$ the number
    of topics. Under the null hypothesis (the mean difference is 0, and the
    differences are independent draws from a normal distribution) $t$ follows
    Student's t distribution with $n - 1$ degrees of freedom; the p-value is
    $P(|T_{n-1}| \ge |t|)$, or one tail with ``alternative``: ``"greater"``
    ($x$ scores higher, $P(T_{n-1} \ge t)$) or ``"less"`` ($P(T_{n-1} \le t)$).
    The effect size is $\bar d / s_d$ (Sakai's
    standardised mean difference for paired data) and the confidence interval
    of the mean difference is $\bar d \pm t_{(1+c)/2,\,n-1}\, s_d/\sqrt n$.

    Zero variance: when every difference is the same number (a standard
    deviation below $10^{-12}$ of the largest $|d_i|$ is float rounding, as in
    $(0.3 - 0.2) - (0.2 - 0.1)$) the t statistic has a zero denominator. Identical systems (every $d_i = 0$) give statistic 0.0,
    p-value 1.0, effect size 0.0 and the interval (0.0, 0.0): nothing separates
    them. A constant non-zero difference $c$ gives the limit as $s_d \to 0$:
    statistic and effect size $\pm\infty$, p-value 0.0, interval $(c, c)$.
    scipy returns NaN for the first case and inf for the second.

    Parameters
    ----------
    x, y : sequence of float, shape (n,), or scores by topic
        Per-topic scores of the two systems (n >= 2 topics): two sequences in
        the same topic order, or two pandas Series (columns of
        `rankbook.evaluate` tables), one-column DataFrames or mappings
        topic -> score, paired by topic; the summary row ``all`` is not a topic.
    confidence : float, default 0.95
        Confidence level of the interval, between 0 and 1.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        The alternative hypothesis: the mean difference $x - y$ is not 0, is
        greater than 0, or is less than 0.
    topics : {"same", "intersect", "complete"}, default "same"
        When x and y (by topic) hold different topics: refuse, naming them
        (``"same"``); test the common topics (``"intersect"``); or score a
        missing topic 0, as trec_eval's ``-c`` (``"complete"``).

    Returns
    -------
    PairedTTestResult
        statistic, pvalue, df, mean_difference, sd_difference, effect_size,
        confidence_interval, margin_of_error, confidence.

    Raises
    ------
    rankbook.InvalidValueError
        Different lengths or topics, fewer than 2 topics, a non-finite score,
        or a confidence outside (0, 1).

    See Also
    --------
    randomization_test : the same question without the normality assumption.

    References
    ----------
    Student (1908). The probable error of a mean. Biometrika 6(1), 1-25.

    Sakai, T. (2014). Statistical reform in information retrieval? SIGIR Forum
    48(1), 3-12.

    Sakai, T. (2018). Laboratory Experiments in Information Retrieval: Sample
    Sizes, Effect Sizes, and Statistical Power. Springer.

    Examples
    --------
    Systems A and B of Sakai's table 5.1 (20 topics); Sakai reports mean
    difference 0.0750, t = 2.116, p = 0.048, effect size 0.473 and a 95%
    margin of error 0.0742:

    >>> A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...      0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
    >>> B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...      0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
    >>> r = paired_t_test(A, B)
    >>> round(r.statistic, 3), round(r.pvalue, 3), r.df, round(r.effect_size, 3)
    (2.116, 0.048, 19, 0.473)
    >>> round(r.margin_of_error, 4), [round(v, 4) for v in r.confidence_interval]
    (0.0742, [0.0008, 0.1492])

    Per-topic columns of `rankbook.evaluate` are paired by topic, and their
    ``all`` row is left out: 3 topics, 2 degrees of freedom.

    >>> import rankbook as rb
    >>> qrels = {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}}
    >>> run_1 = {"q1": {"a": 2, "x": 1}, "q2": {"b": 2}, "q3": {"y": 2, "c": 1}}
    >>> run_2 = {"q1": {"x": 2, "a": 1}, "q2": {"y": 2, "b": 1}, "q3": {"y": 2}}
    >>> ap_1 = rb.evaluate(qrels, run_1, ["AP"], complete=True)["AP"]
    >>> ap_2 = rb.evaluate(qrels, run_2, ["AP"], complete=True)["AP"]
    >>> paired_t_test(ap_1, ap_2, alternative="greater").df
    2
    """
    a, b = _input.paired(x, y, topics)
    level = _validate.confidence_level(confidence)
    _validate.choice(alternative, ALTERNATIVES, "alternative")
    d = a - b
    n = len(d)
    mean = float(d.mean())
    sd = float(d.std(ddof=1))
    if _input.is_zero_spread(sd, float(np.abs(d).max())):
        sd = 0.0
    se = sd / math.sqrt(n)
    statistic = _input.ratio(mean, se)
    pvalue, margin, interval = t_tail(statistic, float(n - 1), se, mean, level, alternative)
    return PairedTTestResult(
        statistic=statistic,
        pvalue=pvalue,
        df=n - 1,
        mean_difference=mean,
        sd_difference=sd,
        effect_size=_input.ratio(mean, sd),
        confidence_interval=interval,
        margin_of_error=margin,
        confidence=level,
        alternative=alternative,
        differences=d,
    )


@dataclass(frozen=True)
class WilcoxonTestResult:
    r"""The result of `wilcoxon_test`.

    Attributes
    ----------
    statistic : float
        $\min(W^+, W^-)$ for the two-sided test, $W^+$ for a one-sided one
        (the statistics scipy reports).
    pvalue : float
        The p-value of ``alternative``.
    r_plus : float
        $W^+$, the sum of the ranks of the positive differences (x higher).
    r_minus : float
        $W^-$, the sum of the ranks of the negative differences.
    n : int
        Differences that were ranked (zeros excluded under ``"wilcox"``).
    n_zeros : int
        Differences equal to 0 (after rounding to ``decimals``).
    method : str
        ``"exact"`` or ``"approx"``, the one used.
    zstatistic : float or None
        The standardised $W^+$ of the normal approximation (positive when x
        tends to score higher); None for the exact test.
    effect_size : float
        The matched-pairs rank-biserial correlation $(W^+ - W^-)/(W^+ + W^-)$,
        between -1 and 1 (0.0 when no difference is ranked).
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``, the hypothesis tested.
    null_distribution : tuple of numpy.ndarray, or None
        For the exact test, the exact distribution of $W^+$ the p-value was
        read from: ``(values, probabilities)``, values 0 to $\sum R_i$ in
        steps of 1/2. None for the approximation (its null distribution is
        the standard normal of `zstatistic`). Left out of ``repr`` and ``==``.
    """

    statistic: float
    pvalue: float
    r_plus: float
    r_minus: float
    n: int
    n_zeros: int
    method: str
    zstatistic: float | None
    effect_size: float
    alternative: str = "two-sided"
    null_distribution: tuple | None = field(default=None, repr=False, compare=False)


def wilcoxon_test(
    x,
    y,
    *,
    zero_method: str = "wilcox",
    correction: bool = False,
    method: str = "auto",
    decimals: int | None = 12,
    alternative: str = "two-sided",
    topics: str = "same",
) -> WilcoxonTestResult:
    r"""Wilcoxon's signed-rank test on the per-topic differences of two systems.

    $$W^+ = \sum_{i:\,d_i > 0} R_i, \qquad W^- = \sum_{i:\,d_i < 0} R_i$$

    where $d_i = x_i - y_i$ and $R_i$ is the rank of $|d_i|$ among the ranked
    differences (1 for the smallest). Under the null hypothesis the
    differences are symmetric around 0, so each rank is equally likely to
    carry either sign. The statistic reported is $\min(W^+, W^-)$ and the
    p-value two-sided; with ``alternative="greater"`` ($x$ tends to score
    higher) or ``"less"`` the statistic is $W^+$ and the p-value one tail,
    $P(W^+ \ge w)$ or $P(W^+ \le w)$. It uses the signs and the order of the differences,
    not their size, so one huge difference cannot dominate it.

    Ties: equal $|d_i|$ share the mean of their ranks. Differences are first
    rounded to ``decimals`` places, so that differences equal on paper
    (0.3 - 0.2 and 0.2 - 0.1) tie instead of being ranked by float noise;
    ``decimals=None`` ranks the raw floats, as scipy does (its own docstring
    warns about this).

    Zeros ($d_i = 0$, after rounding), ``zero_method``:

    - ``"wilcox"`` (default, Wilcoxon 1945, scipy's default): drop them, then rank.
    - ``"pratt"`` (Pratt 1959): rank them with the others (they get the
      smallest ranks), then leave their ranks out of both sums.
    - ``"zsplit"``: rank them and add half of their ranks to each sum.

    The p-value, ``method``:

    - ``"exact"``: the distribution of $W^+$ over all $2^{n'}$ sign patterns
      of the $n'$ non-zero differences (ties and zeros included, so it is the
      exact permutation distribution given the ranks).
    - ``"approx"``: the normal approximation with the tie correction of the
      variance (and Pratt's zero correction), continuity-corrected when
      ``correction`` is True.
    - ``"auto"`` (default): scipy's rule. More than 50 differences: approx.
      No ties and no zeros: exact. Ties or zeros and at most 13 differences:
      exact. Otherwise approx.

    With the same ``zero_method``, ``correction`` and method the result is
    scipy.stats.wilcoxon's (for the differences rounded to ``decimals``),
    except that scipy's ``method="exact"`` ignores ties and zeros (it rounds
    the statistic), where this function is exact.

    Zero variance: when no difference is non-zero the p-value is 1.0, the
    statistic ``min(W+, W-)`` (0.0 except under ``"zsplit"``), the effect size
    0.0 and, for the approximation, z = 0.0. scipy returns NaN there.

    Parameters
    ----------
    x, y : sequence of float, shape (n,), or scores by topic
        Per-topic scores of the two systems: sequences in the same topic order,
        or scores by topic (Series, mappings), paired by topic as in `paired_t_test`.
    zero_method : {"wilcox", "pratt", "zsplit"}, default "wilcox"
        How zero differences are treated (see above).
    correction : bool, default False
        Continuity correction of the normal approximation (scipy's default
        is also False).
    method : {"auto", "exact", "approx"}, default "auto"
        How the p-value is computed (see above).
    decimals : int or None, default 12
        Round the differences to this many decimal places before finding
        zeros and ties; None keeps the raw floats.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        The alternative hypothesis: the differences $x - y$ are not
        symmetric around 0, tend to be positive, or tend to be negative.
    topics : {"same", "intersect", "complete"}, default "same"
        Scores by topic whose topic sets differ: refuse, test the common
        topics, or score a missing topic 0 (as in `paired_t_test`).

    Returns
    -------
    WilcoxonTestResult
        statistic, pvalue, r_plus, r_minus, n, n_zeros, method, zstatistic,
        effect_size.

    See Also
    --------
    paired_t_test, randomization_test : tests of the mean difference.

    References
    ----------
    Wilcoxon, F. (1945). Individual comparisons by ranking methods.
    Biometrics Bulletin 1(6), 80-83.

    Pratt, J. W. (1959). Remarks on zeros and ties in the Wilcoxon signed rank
    procedures. Journal of the American Statistical Association 54, 655-667.

    Cureton, E. E. (1967). The normal approximation to the signed-rank
    sampling distribution when zero differences are present. Journal of the
    American Statistical Association 62, 1068-1069.

    Kerby, D. S. (2014). The simple difference formula: an approach to
    teaching nonparametric correlation. Comprehensive Psychology 3, 11.IT.3.1.

    Examples
    --------
    scipy's docstring example, Darwin's cross- and self-fertilised corn
    (height differences, so y = 0): statistic 24.0, exact p 0.041259765625,
    normal approximation 0.04088813291185591.

    >>> d = [6, 8, 14, 16, 23, 24, 28, 29, 41, -48, 49, 56, 60, -67, 75]
    >>> r = wilcoxon_test(d, [0] * len(d))
    >>> r.statistic, r.pvalue, r.method
    (24.0, 0.041259765625, 'exact')
    >>> round(wilcoxon_test(d, [0] * len(d), method="approx").pvalue, 10)
    0.0408881329
    """
    a, b = _input.paired(x, y, topics)
    _validate.choice(zero_method, ZERO_METHODS, "zero_method")
    _validate.choice(alternative, ALTERNATIVES, "alternative")
    _validate.choice(method, WILCOXON_METHODS, "method")
    _signed_rank.check_options(correction, decimals)
    d = a - b if decimals is None else np.round(a - b, decimals)
    s = _signed_rank.signed_ranks(d, zero_method)
    used = _signed_rank.choose_method(method, len(d), s)
    ranked_total = s.r_plus + s.r_minus
    effect = 0.0 if ranked_total == 0 else (s.r_plus - s.r_minus) / ranked_total
    null = _signed_rank.exact_distribution(s) if used == "exact" else None
    if not np.any(s.signs):
        pvalue, z = 1.0, (0.0 if used == "approx" else None)
    elif used == "exact":
        pvalue, z = _signed_rank.exact_pvalue(s, null, alternative), None
    else:
        z = _signed_rank.normal_z(s, zero_method, correction, alternative)
        pvalue = normal_tail(z, alternative)
    return WilcoxonTestResult(
        statistic=min(s.r_plus, s.r_minus) if alternative == "two-sided" else s.r_plus,
        pvalue=pvalue,
        r_plus=s.r_plus,
        r_minus=s.r_minus,
        n=s.n,
        n_zeros=s.n_zeros,
        method=used,
        zstatistic=z,
        effect_size=float(effect),
        alternative=alternative,
        null_distribution=null,
    )
