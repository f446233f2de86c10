r"""Correlation of system rankings: Kendall's tau, tau_AP, Spearman's rho and the 0.9 rule.

Two evaluations of the same systems (two qrels, two pools, two measures) each rank the
systems; these functions say how alike the two rankings are. Each takes two rankings in
any of the forms of `rankbook.collections._systems`: mappings system -> score (higher is
better), orderings (system names, best first), or plain score sequences paired by position.

`rankbook.reproducibility.kendall_tau_union` compares two ranked lists of *documents* (a
run and its replication); it computes its tau-b with `kendall_tau` on the documents'
positions.
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidValueError
from rankbook.collections._systems import paired_scores

EQUIVALENT_TAU = 0.9
"""Voorhees's threshold: system rankings with Kendall's tau >= 0.9 count as equivalent."""


def kendall_tau(first, second, *, variant: str = "b") -> float:
    r"""Kendall's tau: concordant minus discordant pairs of systems, over the pairs.

    $$\tau_a = \frac{C - D}{n(n-1)/2} \qquad
      \tau_b = \frac{C - D}{\sqrt{(C + D + T_1)(C + D + T_2)}}$$

    where, over the $n(n-1)/2$ pairs of systems, $C$ counts the concordant pairs
    (ordered alike by both rankings), $D$ the discordant ones (swapped), $T_1$ the
    pairs tied in the first ranking only and $T_2$ those tied in the second only
    (a pair tied in both counts nowhere). Without ties both variants are
    $1 - 4D / (n(n-1))$: 1 for equal rankings, -1 for reversed ones. tau-b is
    `scipy.stats.kendalltau`'s default; tau-a counts tied pairs as neither
    concordant nor discordant but keeps them in the denominator.

    Parameters
    ----------
    first, second : mapping system -> score, ordering of system names, or sequence of float
        Two rankings of the same systems (see `rankbook.collections`); the order of the
        arguments does not matter.
    variant : {"b", "a"}, default "b"
        Which denominator: tau-b corrects for ties (scipy's default), tau-a does not.

    Returns
    -------
    float
        tau in [-1, 1].

    Raises
    ------
    InvalidValueError
        Fewer than 2 systems; or, for tau-b, a ranking that ties every system (0 over 0).

    See Also
    --------
    tau_ap : swaps near the top weigh more.
    spearman_rho : the correlation of the ranks.
    swaps_allowed : how many swaps the 0.9 rule lets through.

    References
    ----------
    Kendall, 1938. A New Measure of Rank Correlation. Biometrika 30(1/2).
    Kendall, 1945. The Treatment of Ties in Ranking Problems. Biometrika 33(3).
    Voorhees, 2000. Variations in relevance judgments and the measurement of retrieval
    effectiveness. Information Processing and Management 36(5).

    Examples
    --------
    Four systems; the second ranking swaps the last two: C = 5, D = 1, tau = 4/6.

    >>> round(kendall_tau(["a", "b", "c", "d"], ["a", "b", "d", "c"]), 12)
    0.666666666667
    >>> kendall_tau({"a": 0.3, "b": 0.2, "c": 0.1}, {"a": 0.5, "b": 0.4, "c": 0.45})
    0.3333333333333333
    """
    _validate.choice(variant, ("a", "b"), "variant")
    x, y, _ = paired_scores(first, second)
    concordant, discordant, tied_first, tied_second = pair_counts(x, y)
    if variant == "a":
        n = len(x)
        return (concordant - discordant) / (n * (n - 1) / 2)
    untied = concordant + discordant
    denominator = math.sqrt((untied + tied_first) * (untied + tied_second))
    if denominator == 0:
        raise InvalidValueError(
            "Kendall's tau-b is undefined here (0 over 0): a ranking ties every system. "
            "Give rankings that tell at least two systems apart.")
    return (concordant - discordant) / denominator


def pair_counts(first, second) -> tuple[int, int, int, int]:
    r"""Concordant, discordant and one-sided tied pairs of two score vectors.

    Over all pairs $i < j$: concordant when $x_i - x_j$ and $y_i - y_j$ have the same
    sign, discordant when opposite signs, tied in the first only when $x_i = x_j \ne$
    and $y_i \ne y_j$, and the other way round. Pairs tied in both are not counted.

    Parameters
    ----------
    first, second : sequence of float, shape (n,)
        Scores paired by position.

    Returns
    -------
    tuple of int
        ``(C, D, T_1, T_2)``.

    Examples
    --------
    >>> pair_counts([1, 2, 3], [1, 3, 2])
    (2, 1, 0, 0)
    """
    x, y = np.asarray(first, dtype=float), np.asarray(second, dtype=float)
    upper = np.triu_indices(len(x), 1)
    dx = np.sign(x[:, None] - x[None, :])[upper]
    dy = np.sign(y[:, None] - y[None, :])[upper]
    product = dx * dy
    return (int(np.sum(product > 0)), int(np.sum(product < 0)),
            int(np.sum((dx == 0) & (dy != 0))), int(np.sum((dy == 0) & (dx != 0))))


def tau_ap(truth, estimate, *, symmetric: bool = False) -> float:
    r"""AP correlation tau_AP: Kendall's tau that weighs swaps near the top more.

    $$\tau_{AP} = \frac{2}{n-1} \sum_{i=2}^{n} \frac{C(i)}{i-1} - 1$$

    where the systems are taken in the order of ``estimate`` (rank 1 best) and $C(i)$
    counts the systems above rank $i$ that ``truth`` also puts above the system at
    rank $i$. $C(i)/(i-1)$ is a precision at rank $i$, so tau_AP is to Kendall's tau
    what average precision is to precision: a swap at the top spoils the precision of
    every rank below it. Equal rankings give 1, reversed ones -1, and when the
    errors are spread evenly over the ranking tau_AP equals tau.

    tau_AP is not symmetric: ``tau_ap(a, b) != tau_ap(b, a)`` in general. Yilmaz,
    Aslam and Robertson define it for an estimate judged against a truth; for two
    rankings neither of which is the truth they suggest the mean of both directions
    (``symmetric=True``). Ties are refused: Urbano and Marrero (ICTIR 2017) define
    tau_AP variants for tied scores, not implemented here.

    Parameters
    ----------
    truth : mapping system -> score, ordering, or sequence of float
        The reference ranking (the full pool's, the primary assessor's).
    estimate : same form as ``truth``
        The ranking under test (a shallow pool's, a cheaper measure's).
    symmetric : bool, default False
        Return $(\tau_{AP}(t, e) + \tau_{AP}(e, t)) / 2$ instead.

    Returns
    -------
    float
        tau_AP in [-1, 1].

    Raises
    ------
    InvalidValueError
        Fewer than 2 systems, or tied scores in either ranking.

    See Also
    --------
    kendall_tau : every swap weighs the same.

    References
    ----------
    Yilmaz, Aslam and Robertson, 2008. A New Rank Correlation Coefficient for Information
    Retrieval. SIGIR 2008, pages 587-594.
    Urbano and Marrero, 2017. The Treatment of Ties in AP Correlation. ICTIR 2017.

    Examples
    --------
    A swap at the top costs more than the same swap at the bottom (tau is 2/3 for both):

    >>> round(tau_ap(["a", "b", "c", "d"], ["b", "a", "c", "d"]), 12)
    0.333333333333
    >>> round(tau_ap(["a", "b", "c", "d"], ["a", "b", "d", "c"]), 12)
    0.777777777778
    """
    x, y, _ = paired_scores(truth, estimate, ("truth", "estimate"))
    _refuse_ties(x, "truth")
    _refuse_ties(y, "estimate")
    if symmetric:
        return (_tau_ap(x, y) + _tau_ap(y, x)) / 2
    return _tau_ap(x, y)


def _tau_ap(truth: np.ndarray, estimate: np.ndarray) -> float:
    order = np.argsort(-estimate, kind="stable")  # rank 1 of the estimate first
    truth_in_order = truth[order]
    n = len(order)
    total = 0.0
    for i in range(2, n + 1):  # rank i; the systems above it are ranks 1 .. i-1
        above = truth_in_order[: i - 1]
        correct = int(np.sum(above > truth_in_order[i - 1]))  # C(i)
        total += correct / (i - 1)
    return 2 / (n - 1) * total - 1


def _refuse_ties(scores: np.ndarray, name: str) -> None:
    values, counts = np.unique(scores, return_counts=True)
    if np.any(counts > 1):
        raise InvalidValueError(
            f"{name} ties systems at score {float(values[counts > 1][0])!r}; tau_AP (Yilmaz et al.) "
            "is defined for rankings without ties. Break the tie (as your ranking does), or "
            "use kendall_tau, whose tau-b corrects for ties; Urbano and Marrero (ICTIR 2017) "
            "give tau_AP variants for ties.")


def spearman_rho(first, second) -> float:
    r"""Spearman's rho: the Pearson correlation of the systems' ranks.

    $$\rho = \frac{\sum_i (r_i - \bar r)(s_i - \bar s)}
                  {\sqrt{\sum_i (r_i - \bar r)^2 \sum_i (s_i - \bar s)^2}}
      \;\overset{\text{no ties}}{=}\; 1 - \frac{6 \sum_i (r_i - s_i)^2}{n(n^2 - 1)}$$

    where $r_i$ and $s_i$ are the ranks of system $i$ in the two rankings (tied
    systems share the mean of their ranks) and $n$ the number of systems. It equals
    `scipy.stats.spearmanr`. Unlike tau it squares rank differences: one system
    moved far weighs more than many small swaps.

    Parameters
    ----------
    first, second : mapping system -> score, ordering of system names, or sequence of float
        Two rankings of the same systems.

    Returns
    -------
    float
        rho in [-1, 1].

    Raises
    ------
    InvalidValueError
        Fewer than 2 systems, or a ranking that ties every system.

    See Also
    --------
    kendall_tau : counts swapped pairs instead.

    References
    ----------
    Spearman, 1904. The Proof and Measurement of Association between Two Things. The
    American Journal of Psychology 15(1).

    Examples
    --------
    Swapping the last two of four systems: sum of squared rank differences 2,
    rho = 1 - 6 * 2 / (4 * 15) = 0.8.

    >>> round(spearman_rho(["a", "b", "c", "d"], ["a", "b", "d", "c"]), 12)
    0.8
    """
    x, y, _ = paired_scores(first, second)
    r, s = average_ranks(x), average_ranks(y)
    r, s = r - r.mean(), s - s.mean()
    denominator = math.sqrt(float(np.sum(r * r)) * float(np.sum(s * s)))
    if denominator == 0:
        raise InvalidValueError(
            "Spearman's rho is undefined here (0 over 0): a ranking ties every system.")
    return float(np.sum(r * s)) / denominator


def average_ranks(scores) -> np.ndarray:
    """Ranks 1..n of ``scores`` (ascending), tied values sharing the mean of their ranks.

    >>> average_ranks([0.3, 0.1, 0.3]).tolist()
    [2.5, 1.0, 2.5]
    """
    scores = np.asarray(scores, dtype=float)
    order = np.argsort(scores, kind="stable")
    ranks = np.empty(len(scores))
    ranks[order] = np.arange(1, len(scores) + 1)
    for value in np.unique(scores):
        tied = scores == value
        ranks[tied] = ranks[tied].mean()
    return ranks


def swapped_pairs(first, second) -> list[tuple]:
    """The pairs of systems that the two rankings order differently (the discordant pairs).

    Each pair ``(a, b)`` has ``a`` above ``b`` in ``first`` and below it in ``second``;
    pairs tied in either ranking are not swaps. Both rankings must name their systems
    (mappings or orderings).

    Examples
    --------
    >>> swapped_pairs(["a", "b", "c"], ["b", "a", "c"])
    [('a', 'b')]
    """
    x, y, systems = paired_scores(first, second)
    if systems is None:
        raise InvalidValueError(
            "swapped_pairs names systems: give mappings system -> score or orderings of "
            "system names, not plain score sequences.")
    order = sorted(range(len(systems)), key=lambda i: -x[i])  # best of ``first`` first
    return [(systems[i], systems[j]) for i in order for j in order
            if x[i] > x[j] and y[i] < y[j]]


def swaps_allowed(n_systems: int, *, threshold: float = EQUIVALENT_TAU) -> int:
    r"""The most swapped pairs a ranking of ``n_systems`` can have and keep tau >= threshold.

    Without ties $\tau = 1 - 4D/(n(n-1))$, so $\tau \ge t$ exactly when
    $D \le (1 - t)\,n(n-1)/4$. The 0.9 rule (Voorhees, 2000) thus lets 2 swaps through
    among 10 systems but 247 among 100, wherever they fall, at the top included: the
    critique of Sakai (2007) and Carterette (2009) in one number.

    Parameters
    ----------
    n_systems : int
        Number of systems ranked, at least 2.
    threshold : float, default 0.9
        The tau that counts as "equivalent", in [-1, 1].

    Returns
    -------
    int
        The largest number of discordant pairs D with tau >= threshold.

    References
    ----------
    Voorhees, 2001. Evaluation by highly relevant documents. SIGIR 2001.
    Carterette, 2009. On Rank Correlation and the Distance between Rankings. SIGIR 2009.

    Examples
    --------
    >>> swaps_allowed(10), swaps_allowed(100)
    (2, 247)
    """
    n = _validate.count(n_systems, "n_systems", at_least=2, what="the systems ranked")
    t = _validate.number(threshold, "threshold", low=-1, high=1)
    pairs = n * (n - 1) // 2
    # tau = 1 - 2D/pairs >= t  <=>  D <= (1 - t) pairs / 2, in exact fractions (t as written)
    return min(pairs, math.floor((1 - Fraction(repr(t))) * pairs / 2))
