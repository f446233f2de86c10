r"""Discriminative power: how many pairs of systems a measure tells apart, and by how much.

Sakai (2006) asks of an evaluation measure: given a set of systems run on
the same topics, for how many of the $m(m-1)/2$ pairs does a significance
test find a difference? A measure that separates more pairs with the same
topics is more *discriminative*; one that separates few needs more topics
(or a larger difference) before anything can be concluded.

| name | what |
| --- | --- |
| `discriminative_power` | one measure's topics x systems matrix: the ASL of every pair, the share below $\alpha$, the difference needed |
| `DiscriminativePowerResult` | its result; `.asl_curve()`, `.to_frame()` |
| `summary_table` | one row per measure: pairs, significant pairs, discriminative power, $\Delta$ |

The test is Sakai's later choice (2012, 2014), the randomised Tukey HSD of
`rankbook.stats.tukey` (``tukey_hsd(..., method="randomized")``, the same
resamples and p-values for the same seed): it compares every pair with the
distribution of the *largest* difference among all systems, so that the
proportion is not inflated by the number of pairs tested, as Sakai's 2006
one-bootstrap-test-per-pair is.

Why not in the stats registry: its entries are tests that answer "is this
pair different?" with a p-value per pair (`rankbook compare --test`);
discriminative power is a property of a *measure* over a whole set of
systems, one number and one curve per measure, so it has its own function
and its own option, ``rankbook compare --discriminative-power``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from rankbook import _validate
from rankbook.stats import _input
from rankbook.stats.tukey import DEFAULT_RESAMPLES, null_ranges, range_pvalues


@dataclass(frozen=True)
class DiscriminativePowerResult:
    r"""The result of `discriminative_power`.

    Attributes
    ----------
    systems : tuple
        The system names, in input order.
    pairs : tuple of (system_a, system_b)
        Every pair, $a$ before $b$ in `systems`.
    differences : tuple of float
        Mean of system_a minus mean of system_b, per pair.
    asl : tuple of float
        The achieved significance level (randomised Tukey HSD p-value) of each pair.
    alpha : float
        The significance level.
    n_resamples : int
        $B$.
    n_significant : int
        Pairs with ASL $< \alpha$.
    discriminative_power : float
        ``n_significant / len(pairs)``, in [0, 1].
    delta : float
        The difference in means needed: a pair is significant at $\alpha$
        exactly when $|\bar x_a - \bar x_b| > \Delta$; ``inf`` when $B$ is too
        small for any p-value below $\alpha$.
    """

    systems: tuple
    pairs: tuple
    differences: tuple[float, ...]
    asl: tuple[float, ...]
    alpha: float
    n_resamples: int
    n_significant: int
    discriminative_power: float
    delta: float

    def asl_curve(self) -> np.ndarray:
        """The ASLs of all pairs sorted in increasing order: Sakai's ASL curve (y against pair rank)."""
        return np.sort(np.asarray(self.asl))

    def to_frame(self):
        """One row per pair: system_a, system_b, difference, asl, significant."""
        import pandas as pd

        return pd.DataFrame({
            "system_a": [a for a, _ in self.pairs], "system_b": [b for _, b in self.pairs],
            "difference": self.differences, "asl": self.asl,
            "significant": [p < self.alpha for p in self.asl]})


def discriminative_power(scores, *, alpha: float = 0.05, n_resamples: int = DEFAULT_RESAMPLES,
                         seed: int | None = 0, topics: str = "same") -> DiscriminativePowerResult:
    r"""Discriminative power of one measure: the share of system pairs its scores tell apart.

    For $m$ systems on $n$ topics, each pair $(a, b)$ gets the achieved
    significance level of the randomised Tukey HSD,

    $$\mathrm{ASL}_{a b} = \frac{1 + \#\{k : R^*_k \ge |\bar x_a - \bar x_b|\}}{B + 1},
    \qquad R^*_k = \max_i \bar x^{*k}_i - \min_i \bar x^{*k}_i$$

    where $\bar x^{*k}_i$ is system $i$'s mean in resample $k$ (each topic's
    $m$ scores permuted among the systems). Then

    $$\mathrm{DP} = \frac{\#\{(a, b) : \mathrm{ASL}_{a b} < \alpha\}}{m(m-1)/2},
    \qquad \Delta = R^*_{(c+1)}, \quad c = \lceil \alpha (B+1) \rceil - 2$$

    where $R^*_{(j)}$ is the $j$-th largest of the $B$ resampled ranges and
    $c$ the largest count of ranges at least $|d|$ that still gives
    $\mathrm{ASL} < \alpha$: a pair is significant exactly when its
    difference in means exceeds $\Delta$. $\Delta$ is the randomised test's
    honestly significant difference, the same for every pair; it is the
    delta "needed for a given confidence" $1 - \alpha$. The ASL curve is
    the ASLs sorted, plotted against the pairs' ranks (Sakai 2006, figure
    3): the lower and longer it stays near 0, the more discriminative the
    measure.

    A difference within $10^{-12}$ times the largest score of a resampled
    range counts as equal to it (as in `tukey_hsd`).

    Parameters
    ----------
    scores : mapping or pandas.DataFrame
        One measure: ``{system: per-topic scores}``, ``{system: {topic: score}}``
        or ``{system: Series}`` (paired by topic), or a DataFrame topics x
        systems (an ``all`` row is left out). At least 2 systems and 2 topics.
    alpha : float, default 0.05
        Significance level, strictly between 0 and 1.
    n_resamples : int, default 10000
        $B$. With $\alpha (B + 1) \le 1$ no pair can be significant.
    seed : int or None, default 0
        Seed of the permutations; the same seed gives the same ASLs as
        ``tukey_hsd(scores, method="randomized", seed=seed)``.
    topics : {"same", "intersect", "complete"}, default "same"
        Systems whose topic sets differ: refuse, keep the common topics, or
        score a missing topic 0.

    Returns
    -------
    DiscriminativePowerResult
        systems, pairs, differences, asl, alpha, n_resamples, n_significant,
        discriminative_power, delta; `.asl_curve()`, `.to_frame()`.

    See Also
    --------
    tukey_hsd : the test, with ``method="randomized"``.

    summary_table : one row per measure.

    References
    ----------
    Sakai, T. (2006). Evaluating evaluation metrics based on the bootstrap. In
    Proceedings of SIGIR 2006, pages 525-532.

    Sakai, T. (2012). Evaluation with informational and navigational intents.
    In Proceedings of WWW 2012, pages 499-508.

    Sakai, T. (2014). Metrics, statistics, tests. In Bridging Between
    Information Retrieval and Databases (PROMISE Winter School 2013), LNCS
    8173, pages 116-163. Springer.

    Carterette, B. A. (2012). Multiple testing in statistical analysis of
    systems-based information retrieval experiments. ACM Transactions on
    Information Systems 30(1), article 4.

    Examples
    --------
    Three systems on six topics. Enumerating all $(3!)^6 = 46656$ ways to
    permute the topics' scores gives the exact ASLs 0.3035 (A-B), 0.0001
    (A-C) and 0.2181 (B-C): one pair in three is significant at 0.05.

    >>> scores = {"A": [0.9, 0.8, 0.7, 0.9, 0.8, 0.6],
    ...           "B": [0.5, 0.6, 0.4, 0.7, 0.3, 0.5],
    ...           "C": [0.1, 0.2, 0.3, 0.2, 0.1, 0.2]}
    >>> r = discriminative_power(scores, n_resamples=5000)
    >>> r.pairs
    (('A', 'B'), ('A', 'C'), ('B', 'C'))
    >>> r.n_significant, round(r.discriminative_power, 4)
    (1, 0.3333)
    >>> [abs(p - exact) < 0.02 for p, exact in zip(r.asl, [0.3035, 0.0001, 0.2181])]
    [True, True, True]
    """
    level = _validate.significance_level(alpha)
    B = _validate.resamples(n_resamples)
    systems, X = _input.score_matrix(scores, topics)
    means = X.mean(axis=0)
    index_pairs = list(combinations(range(len(systems)), 2))
    differences = np.array([means[i] - means[j] for i, j in index_pairs])
    ranges = null_ranges(X, B, _input.random_generator(seed))
    asl = range_pvalues(ranges, differences, scale=float(np.abs(X).max()))
    significant = int(np.sum(asl < level))
    return DiscriminativePowerResult(
        systems, tuple((systems[i], systems[j]) for i, j in index_pairs),
        tuple(float(d) for d in differences), tuple(float(p) for p in asl), level, B,
        significant, significant / len(index_pairs), needed_difference(ranges, level))


def needed_difference(ranges: np.ndarray, alpha: float) -> float:
    r"""$\Delta$: the resampled range a difference in means must exceed to be significant at alpha.

    With $B$ sorted ranges, a difference $d$ has
    $\mathrm{ASL} = (1 + c_d)/(B + 1)$, $c_d$ the ranges $\ge |d|$;
    $\mathrm{ASL} < \alpha$ holds for $c_d \le c = \lceil \alpha(B+1) \rceil - 2$,
    that is for $|d|$ above the $(c+1)$-th largest range.

    Parameters
    ----------
    ranges : numpy.ndarray, shape (B,)
        The null distribution, sorted increasing (`rankbook.stats.tukey.null_ranges`).
    alpha : float
        Significance level.

    Returns
    -------
    float
        The $(c+1)$-th largest range; ``inf`` when $c < 0$ (no ASL can be below alpha).

    Examples
    --------
    $B = 19$ ranges $0.01, \ldots, 0.19$: at $\alpha = 0.25$, $c = \lceil 5 \rceil - 2 = 3$,
    so $|d|$ must exceed the 4th largest range, 0.16 (ASL $\le 4/20 = 0.2$).

    >>> ranges = np.arange(1, 20) / 100
    >>> needed_difference(ranges, 0.25)
    0.16
    >>> needed_difference(ranges, 0.05)
    inf
    """
    count = math.ceil(round(alpha * (len(ranges) + 1), 9)) - 2
    if count < 0:
        return math.inf
    return float(ranges[len(ranges) - 1 - count])


def summary_table(results: dict):
    """One row per measure of ``{measure: DiscriminativePowerResult}``: a pandas DataFrame.

    Columns: systems, pairs, significant, discriminative_power, delta, alpha, resamples.

    Examples
    --------
    Two systems on three topics can be told apart by at best $2/2^3 = 0.25$
    (exact), so none is:

    >>> r = discriminative_power({"A": [1.0, 0.9, 0.8], "B": [0.0, 0.1, 0.2]}, n_resamples=99)
    >>> summary_table({"AP": r})[["pairs", "significant", "discriminative_power"]]
        pairs  significant  discriminative_power
    AP      1            0                   0.0
    """
    import pandas as pd

    rows = {measure: {"systems": len(r.systems), "pairs": len(r.pairs),
                      "significant": r.n_significant,
                      "discriminative_power": r.discriminative_power, "delta": r.delta,
                      "alpha": r.alpha, "resamples": r.n_resamples}
            for measure, r in results.items()}
    return pd.DataFrame.from_dict(rows, orient="index")
