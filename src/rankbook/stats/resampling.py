r"""Resampling tests of two systems: Fisher's randomisation test and Sakai's bootstrap test.

| function | resamples | statistic | null hypothesis |
| --- | --- | --- | --- |
| `randomization_test` | the $2^n$ sign patterns of the differences (all, or a random sample) | mean difference | the system labels are exchangeable on every topic |
| `bootstrap_test` | topics drawn with replacement from the differences shifted to mean 0 | studentised mean | the mean difference is 0 |

p-value conventions (two-sided by default; ``alternative="greater"`` or
``"less"`` counts one tail, "at least as extreme" becoming "at least as large"
or "at most as small"):

- exact randomisation test: $p = C / 2^n$, where $C$ counts the sign
  patterns whose $|\text{mean}|$ is at least the observed one, the identity
  pattern (the data as observed) included, so $p \ge 2/2^n$;
- every sampled test: $p = (C + 1)/(B + 1)$ for $C$ of $B$ random resamples
  at least as extreme (the observed data count as one more resample, so a
  sampled p-value is never 0; Phipson and Smyth 2010, and scipy's
  ``permutation_test``). `count` and `n_resamples` are in the results, so
  $C/B$ (Sakai 2006's and Smucker et al. 2007's ASL) is one division away.

"At least as extreme" allows a relative tolerance ($10^{-9}$ of the largest
absolute difference): a resampled sum adds the same numbers in another order, so
values equal on paper may differ in the last bits.

A fixed ``seed`` gives the same p-value on every call and every machine
(numpy's PCG64 ``default_rng``); ``seed=None`` draws afresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from rankbook import _validate
from rankbook.stats import _input
from rankbook.stats._tails import ALTERNATIVES

EXACT_LIMIT = 20  # exact enumeration up to 2**20 sign patterns
DEFAULT_RESAMPLES = 100_000
CHUNK_CELLS = 1 << 21  # resamples are drawn in blocks of about this many numbers


@dataclass(frozen=True)
class RandomizationTestResult:
    r"""The result of `randomization_test`.

    Attributes
    ----------
    statistic : float
        The observed mean difference $\bar d$ (positive when x scores higher).
    pvalue : float
        p-value of ``alternative``: $C/2^n$ (exact) or $(C+1)/(B+1)$ (sampled).
    n_resamples : int
        Sign patterns examined: $2^n$ when exact, $B$ when sampled.
    exact : bool
        True when every sign pattern was enumerated.
    count : int
        $C$, the patterns with $|\text{mean}| \ge |\bar d|$ (one-sided:
        $\text{mean} \ge \bar d$, or $\le$) (the identity included when
        exact; the observed data not added when sampled).
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``, the hypothesis tested.
    null_distribution : numpy.ndarray, shape (n_resamples,)
        The null distribution the p-value was counted from: the mean
        difference $\frac1n \sum_i s_i d_i$ of every sign pattern examined
        (all $2^n$ when exact, the $B$ random ones when sampled). The `count`
        patterns at least as extreme as `statistic` are its `count` largest
        ($|\cdot|$ when two-sided; the smallest for ``"less"``).
        Left out of ``repr`` and ``==``.
    """

    statistic: float
    pvalue: float
    n_resamples: int
    exact: bool
    count: int
    alternative: str = "two-sided"
    null_distribution: np.ndarray | None = field(default=None, repr=False, compare=False)


def randomization_test(x, y, *, n_resamples: int | None = None, seed: int | None = 0,
                       alternative: str = "two-sided",
                       topics: str = "same") -> RandomizationTestResult:
    r"""Fisher's paired randomisation (sign-flip) test of the mean difference.

    $$p = \frac{1}{2^n} \sum_{s \in \{-1,+1\}^n}
    \left[\,\Bigl|\frac1n \sum_{i=1}^{n} s_i d_i\Bigr| \ge |\bar d|\,\right]$$

    where $d_i = x_i - y_i$ and $\bar d$ their mean. Under the null
    hypothesis the two systems are interchangeable: on each topic, which of
    the two scores belongs to which system is a coin flip, so flipping the
    sign of any $d_i$ gives an equally likely data set. The p-value is the
    share of the $2^n$ sign patterns whose mean difference is at least as far
    from 0 as the observed one. No normality is assumed. One-sided
    (``alternative="greater"``, $x$ scores higher; or ``"less"``), it is the
    share whose mean difference is at least $\bar d$ (at most $\bar d$).

    ``n_resamples=None`` (default) enumerates all $2^n$ patterns when
    $n \le 20$ (the exact test), and otherwise draws 100,000 random patterns.
    An integer always samples that many patterns. See the module docstring
    for the p-value conventions (exact $C/2^n$; sampled $(C+1)/(B+1)$).

    The enumeration splits the topics into two halves, lists the $2^{n/2}$
    partial sums of each half, and adds every pair with one outer sum: for
    $n = 20$ that is $2^{10} \times 2^{10}$ sums, a few milliseconds.

    Zero variance: identical systems ($d_i = 0$ for all $i$) give $\bar d = 0$,
    every pattern ties with it and $p = 1.0$. A constant non-zero difference
    is the most extreme data set there is: only the identity and the all-flip
    patterns reach it, $p = 2/2^n$ (exact). No special case is needed.

    Parameters
    ----------
    x, y : sequence of float, shape (n,), or scores by topic
        Per-topic scores of the two systems: sequences in the same topic order,
        or scores by topic (Series, mappings), paired by topic as in `paired_t_test`.
    n_resamples : int or None, default None
        None: exact when $n \le 20$, else 100,000 random sign patterns.
        An integer: that many random patterns.
    seed : int or None, default 0
        Seed of the random patterns (unused by the exact test). The same
        seed gives the same p-value; None draws afresh.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        The alternative hypothesis: the mean difference $x - y$ is not 0, is
        greater than 0, or is less than 0.
    topics : {"same", "intersect", "complete"}, default "same"
        Scores by topic whose topic sets differ: refuse, test the common
        topics, or score a missing topic 0 (as in `paired_t_test`).

    Returns
    -------
    RandomizationTestResult
        statistic, pvalue, n_resamples, exact, count, and the null
        distribution counted (``null_distribution``).

    See Also
    --------
    paired_t_test : the parametric test of the same mean difference.

    tukey_hsd : with ``method="randomized"``, the multi-system version.

    References
    ----------
    Fisher, R. A. (1935). The Design of Experiments. Oliver and Boyd.

    Smucker, M. D., Allan, J. and Carterette, B. (2007). A comparison of
    statistical significance tests for information retrieval evaluation.
    In Proceedings of CIKM 2007, pages 623-632.

    Phipson, B. and Smyth, G. K. (2010). Permutation p-values should never be
    zero. Statistical Applications in Genetics and Molecular Biology 9(1).

    Examples
    --------
    Systems A and B of Sakai's table 5.1: the exact p-value over the
    $2^{20}$ sign patterns is 0.0659 (issue 10; ranx's sampled test prints
    0.042 or 0.054 depending on the run):

    >>> A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...      0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
    >>> B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...      0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
    >>> r = randomization_test(A, B)
    >>> r.exact, r.count, r.n_resamples, round(r.pvalue, 4)
    (True, 69120, 1048576, 0.0659)

    The mean differences of the $2^{20}$ sign patterns, the null distribution
    counted: 69120 of them lie at least as far from 0 as $\bar d = 0.075$.

    >>> means = r.null_distribution
    >>> len(means), int((abs(means) >= 0.075 - 1e-9).sum())
    (1048576, 69120)
    """
    a, b = _input.paired(x, y, topics)
    _validate.choice(alternative, ALTERNATIVES, "alternative")
    d = a - b
    n = len(d)
    B = _validate.resamples(n_resamples, allow_none=True)
    rng = _input.random_generator(seed)
    extreme = _at_least_as_extreme(d, alternative)
    if B is None and n <= EXACT_LIMIT:
        sums = _all_sign_sums(d)
        count = int(np.count_nonzero(extreme(sums)))
        return RandomizationTestResult(float(d.mean()), count / 2**n, 2**n, True, count,
                                       alternative, sums / n)
    B = DEFAULT_RESAMPLES if B is None else B
    sums = np.concatenate([(1.0 - 2.0 * rng.integers(0, 2, size=(rows, n))) @ d
                           for rows in _blocks(B, n)])
    count = int(np.count_nonzero(extreme(sums)))
    return RandomizationTestResult(float(d.mean()), (count + 1) / (B + 1), B, False, count,
                                   alternative, sums / n)


def _at_least_as_extreme(d: np.ndarray, alternative: str):
    """The test "this resampled sum is at least as extreme as the observed one", vectorised."""
    tolerance = _input.TIE_TOLERANCE * len(d) * float(np.abs(d).max())
    observed = float(d.sum())
    if alternative == "greater":
        return lambda sums: sums >= observed - tolerance
    if alternative == "less":
        return lambda sums: sums <= observed + tolerance
    return lambda sums: np.abs(sums) >= abs(observed) - tolerance


def _sign_sums(values: np.ndarray) -> np.ndarray:
    """The 2**len(values) sums of +-values, one per sign pattern."""
    sums = np.zeros(1)
    for v in values:
        sums = np.concatenate([sums + v, sums - v])
    return sums


def _all_sign_sums(d: np.ndarray) -> np.ndarray:
    """The 2**n sums of +-d, one per sign pattern: every head sum plus every tail sum."""
    half = len(d) // 2
    head, tail = _sign_sums(d[:half]), _sign_sums(d[half:])
    return (head[:, None] + tail[None, :]).ravel()


def _blocks(total: int, width: int):
    """Row counts of the blocks in which ``total`` resamples of ``width`` numbers are drawn."""
    rows = max(1, CHUNK_CELLS // max(width, 1))
    for start in range(0, total, rows):
        yield min(rows, total - start)


@dataclass(frozen=True)
class BootstrapTestResult:
    r"""The result of `bootstrap_test`.

    Attributes
    ----------
    statistic : float
        The observed studentised mean difference $t = \bar d/(s_d/\sqrt n)$.
    pvalue : float
        p-value of ``alternative``, $(C+1)/(B+1)$.
    mean_difference : float
        $\bar d$ (positive when x scores higher).
    n_resamples : int
        $B$, the bootstrap samples drawn.
    count : int
        $C$, the bootstrap samples with $|t^*| \ge |t|$ (one-sided: $t^* \ge t$,
        or $t^* \le t$); $C/B$ is Sakai's ASL.
    alternative : str
        ``"two-sided"``, ``"greater"`` or ``"less"``, the hypothesis tested.
    null_distribution : numpy.ndarray, shape (n_resamples,), or None
        The null distribution the p-value was counted from: $t^*_b$ of each
        bootstrap sample, in the order drawn ($\pm\infty$ for a sample of
        equal values with a non-zero mean). None when the differences have
        no spread and nothing was resampled. Left out of ``repr`` and ``==``.
    """

    statistic: float
    pvalue: float
    mean_difference: float
    n_resamples: int
    count: int
    alternative: str = "two-sided"
    null_distribution: np.ndarray | None = field(default=None, repr=False, compare=False)


def bootstrap_test(x, y, *, n_resamples: int = DEFAULT_RESAMPLES, seed: int | None = 0,
                   alternative: str = "two-sided", topics: str = "same") -> BootstrapTestResult:
    r"""Sakai's paired bootstrap test: the studentised mean difference against its bootstrap distribution.

    $$t = \frac{\bar d}{s_d/\sqrt n}, \qquad w_i = d_i - \bar d, \qquad
    t^*_b = \frac{\bar w^*_b}{s^*_b/\sqrt n}, \qquad
    p = \frac{1 + \#\{b : |t^*_b| \ge |t|\}}{B + 1}$$

    where $d_i = x_i - y_i$, $w$ are the differences shifted to mean 0 (so
    that they obey the null hypothesis), $w^*_b$ is the $b$-th of $B$ samples
    of $n$ values drawn from $w$ with replacement, and $\bar w^*_b$, $s^*_b$
    its mean and standard deviation. This is Sakai (2006)'s test (Efron and
    Tibshirani's bootstrap hypothesis test, algorithm 16.2, on paired
    differences); Sakai reports $C/B$, here $(C+1)/(B+1)$ (module docstring).
    One-sided (``alternative="greater"`` or ``"less"``) it counts
    $t^*_b \ge t$ (or $t^*_b \le t$): Efron and Tibshirani's algorithm 16.2
    is this one-sided form.

    A bootstrap sample whose values are all equal has $s^*_b = 0$: its $t^*$
    counts as $\pm\infty$ (at least as extreme) when its mean is not 0, and
    as 0 when it is.

    Zero variance: identical systems give $t = 0$ and p-value 1.0. A constant
    non-zero difference gives $t = \pm\infty$; the shifted differences are
    all 0, no bootstrap $t^*$ reaches it, and $p = 1/(B+1)$, the smallest
    p-value $B$ resamples can give.

    Parameters
    ----------
    x, y : sequence of float, shape (n,), or scores by topic
        Per-topic scores of the two systems: sequences in the same topic order,
        or scores by topic (Series, mappings), paired by topic as in `paired_t_test`.
    n_resamples : int, default 100000
        $B$, the number of bootstrap samples.
    seed : int or None, default 0
        Seed of the bootstrap samples; the same seed gives the same p-value.
    alternative : {"two-sided", "greater", "less"}, default "two-sided"
        The alternative hypothesis: the mean difference $x - y$ is not 0, is
        greater than 0, or is less than 0.
    topics : {"same", "intersect", "complete"}, default "same"
        Scores by topic whose topic sets differ: refuse, test the common
        topics, or score a missing topic 0 (as in `paired_t_test`).

    Returns
    -------
    BootstrapTestResult
        statistic, pvalue, mean_difference, n_resamples, count, and the
        bootstrap statistics counted (``null_distribution``).

    See Also
    --------
    paired_t_test : the same statistic against Student's t distribution.

    References
    ----------
    Sakai, T. (2006). Evaluating evaluation metrics based on the bootstrap.
    In Proceedings of SIGIR 2006, pages 525-532.

    Efron, B. and Tibshirani, R. J. (1993). An Introduction to the Bootstrap,
    chapter 16. Chapman & Hall.

    Examples
    --------
    Systems A and B of Sakai's table 5.1, whose paired t-test gives p = 0.048:

    >>> A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...      0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1]
    >>> B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...      0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2]
    >>> r = bootstrap_test(A, B, seed=1)
    >>> round(r.statistic, 3), r.n_resamples, bootstrap_test(A, B, seed=1).pvalue == r.pvalue
    (2.116, 100000, True)
    >>> bool(r.count == (abs(r.null_distribution) >= r.statistic).sum())
    True
    """
    a, b = _input.paired(x, y, topics)
    B = _validate.resamples(n_resamples)
    rng = _input.random_generator(seed)
    _validate.choice(alternative, ALTERNATIVES, "alternative")
    d = a - b
    n = len(d)
    mean, sd = float(d.mean()), float(d.std(ddof=1))
    if _input.is_zero_spread(sd, float(np.abs(d).max())):
        if not d.any():
            return BootstrapTestResult(0.0, 1.0, 0.0, B, B, alternative)
        t = math.copysign(math.inf, mean)
        count = 0 if alternative in ("two-sided", "greater" if mean > 0 else "less") else B
        return BootstrapTestResult(t, (count + 1) / (B + 1), mean, B, count, alternative)
    t = mean / (sd / math.sqrt(n))
    w = d - mean
    t_star = np.concatenate([_t(w[rng.integers(0, n, size=(rows, n))]) for rows in _blocks(B, n)])
    if alternative == "greater":
        count = int(np.count_nonzero(t_star >= t))
    elif alternative == "less":
        count = int(np.count_nonzero(t_star <= t))
    else:
        count = int(np.count_nonzero(np.abs(t_star) >= abs(t)))
    return BootstrapTestResult(t, (count + 1) / (B + 1), mean, B, count, alternative, t_star)


def _t(samples: np.ndarray) -> np.ndarray:
    """t* of each row, +-inf for a zero-spread row with non-zero mean, 0 with zero mean."""
    n = samples.shape[1]
    means = samples.mean(axis=1)
    se = samples.std(axis=1, ddof=1) / math.sqrt(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = means / se
    return np.where(se == 0, np.where(means == 0, 0.0, np.copysign(np.inf, means)), t)
