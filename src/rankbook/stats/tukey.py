r"""Tukey's honestly significant difference: every pair of systems, one family-wise error rate.

| ``method`` | residual variance | null distribution | who reports it |
| --- | --- | --- | --- |
| ``"two_way"`` (default) | $V_E$ of the two-way ANOVA (systems x topics) | studentized range, $(m, (m-1)(n-1))$ | Sakai (2018) |
| ``"randomized"`` | $V_E$ (effect sizes only) | max - min of the system means over random within-topic permutations | Carterette (2012), Sakai (2012) |
| ``"one_way"`` | within-system variance, topics ignored | studentized range, $(m, m(n-1))$ | ranx, scipy.stats.tukey_hsd, statsmodels |

The p-values are already adjusted for the $m(m-1)/2$ comparisons: do not
correct them again with `correct_pvalues`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations
from typing import NamedTuple

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.stats import _input
from rankbook.stats.anova import two_way_anova

TUKEY_METHODS = ("two_way", "randomized", "one_way")
DEFAULT_RESAMPLES = 10_000
CHUNK_CELLS = 1 << 22  # permuted scores per block of resamples


class TukeyComparison(NamedTuple):
    """One pair of systems in a `TukeyHSDResult`."""

    system_a: object
    """The first system (earlier in the input)."""
    system_b: object
    """The second system."""
    difference: float
    """Mean of system_a minus mean of system_b."""
    effect_size: float
    """difference / sqrt(residual_variance)."""
    pvalue: float
    """Family-wise adjusted p-value of the pair."""
    confidence_interval: tuple[float, float] | None
    """Simultaneous interval of the difference; None for ``"randomized"``."""


@dataclass(frozen=True)
class TukeyHSDResult:
    r"""The result of `tukey_hsd`.

    Attributes
    ----------
    method : str
        ``"two_way"``, ``"randomized"`` or ``"one_way"``.
    systems : tuple
        The system names, in input order.
    system_means : tuple of float
        Each system's mean over the topics.
    residual_variance : float
        The $V$ that effect sizes (and, except for ``"randomized"``, the test)
        divide by: $V_E$ of the two-way ANOVA, or the within-system variance
        for ``"one_way"``.
    df : int
        Degrees of freedom of ``residual_variance``.
    comparisons : tuple of TukeyComparison
        One per pair $(a, b)$ with $a$ before $b$ in `systems`.
    confidence : float
        Level of the simultaneous confidence intervals.
    n_resamples : int or None
        $B$ for ``"randomized"``, None otherwise.
    """

    method: str
    systems: tuple
    system_means: tuple[float, ...]
    residual_variance: float
    df: int
    comparisons: tuple[TukeyComparison, ...]
    confidence: float
    n_resamples: int | None

    def comparison(self, system_a, system_b) -> TukeyComparison:
        """The comparison of two systems, its difference signed as system_a - system_b."""
        for c in self.comparisons:
            if (c.system_a, c.system_b) == (system_a, system_b):
                return c
            if (c.system_b, c.system_a) == (system_a, system_b):
                low_high = None if c.confidence_interval is None else (
                    -c.confidence_interval[1], -c.confidence_interval[0])
                return TukeyComparison(system_a, system_b, -c.difference, -c.effect_size,
                                       c.pvalue, low_high)
        raise InvalidValueError(
            f"no comparison of {system_a!r} with {system_b!r}; the systems are {list(self.systems)}."
        )

    def to_frame(self):
        """The comparisons as a pandas DataFrame, one row per pair."""
        import pandas as pd

        rows = [c._asdict() for c in self.comparisons]
        for row in rows:
            interval = row.pop("confidence_interval")
            row["ci_low"], row["ci_high"] = interval if interval else (np.nan, np.nan)
        return pd.DataFrame(rows)


def tukey_hsd(scores, *, method: str = "two_way", confidence: float = 0.95,
              n_resamples: int = DEFAULT_RESAMPLES, seed: int | None = 0,
              topics: str = "same") -> TukeyHSDResult:
    r"""Tukey's HSD test of every pair of systems, paired by topic (or not, to show why it matters).

    For systems $a$ and $b$ with means $\bar x_a$, $\bar x_b$ over $n$ topics,
    and a residual variance $V$ with $\nu$ degrees of freedom,

    $$q_{a b} = \frac{|\bar x_a - \bar x_b|}{\sqrt{V/n}}, \qquad
    p_{a b} = P\bigl(Q_{m,\nu} \ge q_{a b}\bigr), \qquad
    \mathrm{ES}_{a b} = \frac{\bar x_a - \bar x_b}{\sqrt{V}}$$

    where $Q_{m,\nu}$ is the studentized range of $m$ systems: the largest
    minus the smallest of $m$ standard normal means, over an independent
    estimate of their standard deviation. Comparing each pair with the
    distribution of the *range* is what keeps the chance of any false
    positive among the $m(m-1)/2$ pairs at $\alpha$. The simultaneous
    interval is $\bar x_a - \bar x_b \pm q_{1-\alpha;\,m,\nu} \sqrt{V/n}$.

    ``method`` chooses $V$ and the null distribution:

    - ``"two_way"`` (default): $V = V_E$, the residual of the two-way ANOVA
      without replication, $\nu = (m-1)(n-1)$ (Sakai's Tukey HSD). Topic
      difficulty is removed, as in a paired test.
    - ``"randomized"``: Sakai (2012)'s randomised Tukey HSD, Carterette's
      procedure: for each of $B$ resamples, permute each topic's $m$ scores
      among the systems and record $\max_i \bar x^*_i - \min_i \bar x^*_i$;
      $p_{a b} = (1 + \#\{b : \text{range}^*_b \ge |\bar x_a - \bar x_b|\})/(B+1)$.
      No normality is assumed; effect sizes use $V_E$; no interval.
    - ``"one_way"``: $V$ is the pooled within-system variance,
      $\nu = m(n-1)$, as if every system had been run on its own sample of
      topics. This is what ranx, scipy.stats.tukey_hsd and statsmodels'
      pairwise_tukeyhsd report. Topic variation inflates $V$, so it misses
      differences the paired versions find.

    Zero variance: when $V = 0$, a pair with equal means has $q = 0$, p-value
    1.0 and effect size 0.0; a pair with different means has $q = \infty$,
    p-value 0.0 and effect size $\pm\infty$ (the randomised p-value is
    computed from its counts as usual).

    Parameters
    ----------
    scores : mapping or pandas.DataFrame
        ``{system: per-topic scores}`` (same topics, same order),
        ``{system: {topic: score}}`` or ``{system: Series}`` (paired by
        topic), or a DataFrame topics x systems (an ``all`` row is left
        out). At least 2 systems and 2 topics.
    method : {"two_way", "randomized", "one_way"}, default "two_way"
        Which Tukey HSD (see above).
    confidence : float, default 0.95
        Level of the simultaneous confidence intervals.
    n_resamples : int, default 10000
        $B$ for ``"randomized"``.
    seed : int or None, default 0
        Seed of the permutations for ``"randomized"``; the same seed gives
        the same p-values.
    topics : {"same", "intersect", "complete"}, default "same"
        Systems by topic whose topic sets differ: refuse, test the topics
        every system has, or score a missing topic 0 (as trec_eval's ``-c``).

    Returns
    -------
    TukeyHSDResult
        method, systems, system_means, residual_variance, df, comparisons
        (difference, effect_size, pvalue, confidence_interval per pair),
        confidence, n_resamples; `.to_frame()` and `.comparison(a, b)`.

    See Also
    --------
    two_way_anova : the $V_E$ of ``"two_way"``.

    randomization_test : the two-system case of ``"randomized"``.

    References
    ----------
    Tukey, J. W. (1953). The problem of multiple comparisons. Unpublished
    manuscript, Princeton University.

    Carterette, B. A. (2012). Multiple testing in statistical analysis of
    systems-based information retrieval experiments. ACM Transactions on
    Information Systems 30(1), article 4.

    Sakai, T. (2012). Evaluation with informational and navigational intents.
    In Proceedings of WWW 2012, pages 499-508.

    Sakai, T. (2018). Laboratory Experiments in Information Retrieval: Sample
    Sizes, Effect Sizes, and Statistical Power, chapter 4. Springer.

    Examples
    --------
    Sakai's table 5.1: effect sizes 0.5070 (A-B), 0.6760 (A-C), 0.1690 (B-C):

    >>> scores = {
    ...     "A": [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3,
    ...           0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1],
    ...     "B": [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3,
    ...           0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2],
    ...     "C": [0.0, 0.0, 0.2, 0.1, 0.3, 0.3, 0.1, 0.2, 0.4, 0.4,
    ...           0.4, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.5, 0.4, 0.3]}
    >>> r = tukey_hsd(scores)
    >>> [(c.system_a, c.system_b, round(c.effect_size, 4)) for c in r.comparisons]
    [('A', 'B', 0.507), ('A', 'C', 0.676), ('B', 'C', 0.169)]
    """
    _validate.choice(method, TUKEY_METHODS, "method")
    level = _validate.confidence_level(confidence)
    B = _validate.resamples(n_resamples)  # checked whichever the method, as everywhere
    rng = _input.random_generator(seed)
    systems, X = _input.score_matrix(scores, topics)
    n, m = X.shape
    means = X.mean(axis=0)
    if method == "one_way":
        variance, df = _within_system_variance(X), m * (n - 1)
    else:
        anova = two_way_anova(scores, topics=topics)
        variance, df = anova.ms_residual, anova.df_residual
    pairs = list(combinations(range(m), 2))
    differences = np.array([means[i] - means[j] for i, j in pairs])
    if method == "randomized":
        pvalues = _randomized_pvalues(X, differences, B, rng)
        intervals = [None] * len(pairs)
    else:
        B = None  # no resampling: the result records none
        pvalues, intervals = _studentized_range(differences, variance, n, m, df, level)
    comparisons = tuple(
        TukeyComparison(systems[i], systems[j], float(diff),
                        _input.ratio(float(diff), math.sqrt(variance)), float(p), interval)
        for (i, j), diff, p, interval in zip(pairs, differences, pvalues, intervals)
    )
    return TukeyHSDResult(method, systems, tuple(float(v) for v in means), variance, df,
                          comparisons, level, B)


def _within_system_variance(X: np.ndarray) -> float:
    """The pooled variance of each system's scores around its own mean (one-way ANOVA's MSE)."""
    n, m = X.shape
    ss_within = _input.sum_of_squares(float(np.sum((X - X.mean(axis=0)) ** 2)), X)
    return ss_within / (m * (n - 1))


def _studentized_range(differences: np.ndarray, variance: float, n: int, m: int, df: int,
                       level: float):
    """p-values and simultaneous intervals from the studentized range distribution."""
    import warnings

    from scipy import integrate, stats

    se = math.sqrt(variance / n)
    q = np.array([abs(_input.ratio(float(diff), se)) for diff in differences])
    pvalues = np.ones(len(q))
    finite = np.isfinite(q) & (q > 0)
    pvalues[np.isinf(q)] = 0.0
    if finite.any():
        # With many systems scipy's quadrature can warn "probably divergent" for p-values
        # within 1e-10 of 1 (e.g. 50 systems, q = 1.59); the value agrees with its
        # neighbours to 1e-11, so the warning is noise for the reader.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", integrate.IntegrationWarning)
            sf = stats.studentized_range.sf(q[finite], m, df)
        pvalues[finite] = np.clip(sf, 0.0, 1.0)
    half_width = float(stats.studentized_range.ppf(level, m, df)) * se
    intervals = [(float(diff) - half_width, float(diff) + half_width) for diff in differences]
    return pvalues, intervals


def _randomized_pvalues(X: np.ndarray, differences: np.ndarray, B: int, rng) -> np.ndarray:
    """(1 + #{resamples with range >= |difference|}) / (B + 1) for each pair."""
    return range_pvalues(null_ranges(X, B, rng), differences, scale=float(np.abs(X).max()))


def null_ranges(X: np.ndarray, n_resamples: int, rng) -> np.ndarray:
    r"""The randomised Tukey HSD's null distribution: $B$ ranges of permuted system means, sorted.

    For each resample, each topic's $m$ scores (a row of ``X``) are permuted
    among the systems, and the resample's range
    $\max_i \bar x^*_i - \min_i \bar x^*_i$ of the system means recorded.
    The resamples are drawn in blocks of about 4 million scores, all at once
    (numpy), so the order of the draws, and the p-values, do not depend on the
    block size.

    Parameters
    ----------
    X : numpy.ndarray, shape (n, m)
        Scores, one row per topic, one column per system.
    n_resamples : int
        $B$.
    rng : numpy.random.Generator
        The source of the permutations.

    Returns
    -------
    numpy.ndarray, shape (B,)
        The ranges, in increasing order.

    Examples
    --------
    Two systems on one topic: a permutation swaps them or not; the range is 1 either way.

    >>> null_ranges(np.array([[1.0, 0.0]]), 4, np.random.default_rng(0))
    array([1., 1., 1., 1.])
    """
    n, m = X.shape
    ranges = np.empty(n_resamples)
    rows = max(1, CHUNK_CELLS // X.size)
    for start in range(0, n_resamples, rows):
        block = min(rows, n_resamples - start)
        shuffled = rng.permuted(np.broadcast_to(X, (block, n, m)), axis=2)
        means = shuffled.mean(axis=1)
        ranges[start:start + block] = means.max(axis=1) - means.min(axis=1)
    ranges.sort()
    return ranges


def range_pvalues(ranges: np.ndarray, differences, *, scale: float) -> np.ndarray:
    r"""Randomised Tukey HSD p-values: $(1 + \#\{b : \text{range}^*_b \ge |d|\})/(B + 1)$.

    A range within $10^{-12}$ ``scale`` of $|d|$ counts as equal to it (float
    noise in the means is not a difference).

    Parameters
    ----------
    ranges : numpy.ndarray, shape (B,)
        The null distribution, sorted (`null_ranges`).
    differences : array_like, shape (k,)
        Differences of system means.
    scale : float
        The largest absolute score, for the tie tolerance.

    Returns
    -------
    numpy.ndarray, shape (k,)

    Examples
    --------
    >>> range_pvalues(np.array([0.1, 0.2, 0.3, 0.4]), [0.25, -0.05, 0.5], scale=1.0)
    array([0.6, 1. , 0.2])
    """
    thresholds = np.abs(np.asarray(differences, dtype=float)) - _input.TIE_TOLERANCE * scale
    at_least = len(ranges) - np.searchsorted(ranges, thresholds, side="left")
    return (at_least + 1) / (len(ranges) + 1)
