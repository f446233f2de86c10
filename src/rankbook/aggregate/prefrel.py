r"""PrefRel: the preference-relations graph of Desarkar, Sarkar & Mitra (2016).

A self-weighting method: each list is weighted by how rarely it goes against
the *alpha-majority* of the other lists on a pair of items, and the items are
then scored by the weighted votes they win, pair by pair.
"""

from __future__ import annotations

import math

import numpy as np

from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import make_profile, ranked_result
from rankbook.aggregate.pairwise import above_mask, weighted_count


def prefrel(lists, *, weights=None, alpha: float = 0.1, beta: float = 0.5, return_weights: bool = False,
            convention: str = "textbook"):
    r"""Preference-relations rank aggregation with self-learned list weights.

    For each pair of items $(x, y)$ let $n_0$ lists put $x$ above $y$ and
    $n_1$ put $y$ above $x$ (a ranked item is above an unranked one). When
    enough lists express a preference, $n_0 + n_1 \ge \lceil \beta L \rceil$, and
    one side is an alpha-minority, $n_0 < \alpha (n_0 + n_1)$ (or $n_1 <
    \ldots$), a list that sides with the minority disagrees with the
    alpha-majority and scores 1; a list that ranks neither item scores 1/2.
    With $D_\ell$ the list's total over all $\binom{n}{2}$ pairs,

    $$w_\ell = 1 - \frac{D_\ell}{\binom{n}{2}}, \qquad
      s(x) = \sum_{y \ne x} \sum_{\ell} w_\ell\, [r_\ell(x) < r_\ell(y)]
           = \sum_{\ell:\, x \in \ell} w_\ell\, (n - r_\ell(x))$$

    ($s(x)$ is the weighted in-degree of $x$ in the preference graph, which is a
    weighted Borda count).

    ``convention="flagr"`` reproduces FLAGR 1.0.18: its disagreement counter
    starts at the voter's initial weight 1, so $w_\ell = 1 - (1 + D_\ell) /
    \binom{n}{2}$, and $\alpha, \beta$ are rounded to single precision. Items
    whose scores are mathematically equal can come out in a different order
    than in FLAGR, whose floating-point sums run in its hash-table order.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        The method learns its own weights; passing any is an error.
    alpha : float in [0, 0.5], default 0.1
        A side with fewer than ``alpha`` of the expressed preferences is a minority.
    beta : float in [0, 1], default 0.5
        Fraction of the lists that must express a preference on a pair.
    return_weights : bool, default False
        Also return the learned list weights.
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict, or (dict, numpy.ndarray)
        Item -> score, best first; with ``return_weights`` also the weights
        $w_\ell$, one per list in the order of ``lists``.

    References
    ----------
    Desarkar, Sarkar and Mitra (2016). Preference relations based unsupervised
    rank aggregation for metasearch. Expert Systems with Applications 49, 86-98.

    Examples
    --------
    The third list goes against the other two on every pair:

    >>> scores, w = prefrel([["a", "b", "c"], ["a", "b", "c"], ["c", "b", "a"]], alpha=0.4,
    ...                     return_weights=True)
    >>> list(scores), w.tolist()
    (['a', 'b', 'c'], [1.0, 1.0, 0.0])
    """
    convention = check.convention(convention)
    profile = make_profile(lists)
    check.no_weights(weights, "prefrel (it learns its own list weights)", profile)
    alpha = check.real(alpha, "alpha", low=0, high=0.5)
    beta = check.real(beta, "beta", low=0, high=1)
    if convention == "flagr":
        alpha, beta = check.float32(alpha), check.float32(beta)
    list_weights = _list_weights(profile, alpha, beta, start=1.0 if convention == "flagr" else 0.0)
    points = np.where(profile.ranked, profile.n_items - profile.rank, 0.0)
    scores = (list_weights[:, None] * points).sum(axis=0)
    result = ranked_result(profile, scores, exact=convention == "flagr")
    return (result, list_weights) if return_weights else result


def _list_weights(profile, alpha: float, beta: float, *, start: float) -> np.ndarray:
    r"""$w_\ell = 1 - D_\ell / \binom{n}{2}$, the disagreements counted from ``start``."""
    L, n = profile.n_lists, profile.n_items
    pairs = n * (n - 1) // 2
    if pairs == 0:
        return np.ones(L)
    above = above_mask(profile)                                   # (L, n, n): x above y in list l
    n0 = weighted_count(profile.weight, above)                    # the preference matrix N(x, y)
    n1 = n0.T
    expressed = n0 + n1
    upper = np.triu(np.ones((n, n), dtype=bool), k=1)
    decided = upper & (expressed >= math.ceil(beta * L))
    x_minority = decided & (n0 < alpha * expressed)
    y_minority = decided & ~x_minority & (n1 < alpha * expressed)
    unranked = ~profile.ranked
    neither = unranked[:, :, None] & unranked[:, None, :] & upper
    against = (x_minority & above) | (y_minority & above.transpose(0, 2, 1))
    disagreement = start + 0.5 * neither.sum(axis=(1, 2)) + (against & ~neither).sum(axis=(1, 2))
    return 1.0 - disagreement / pairs
