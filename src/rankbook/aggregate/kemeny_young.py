r"""Kemeny's rule: the order that disagrees least with the lists, found exactly.

The Kemeny distance of an order $\pi$ to the profile counts, over the lists, the
pairs the order and a list put the other way round:

$$K(\pi) = \sum_{\ell=1}^{L} w_\ell \sum_{x \,\pi\, y} [\, r_\ell(y) < r_\ell(x) \,]
= \sum_{x \,\pi\, y} N(y, x)$$

where $x \,\pi\, y$ means $\pi$ puts $x$ above $y$ and $N$ is the preference
matrix of `rankbook.aggregate.pairwise` (a ranked item is above an unranked one,
so a partial list is read as a top-$k$ list). A Kemeny order minimises $K$.
Finding one is NP-hard (Bartholdi, Tovey & Trick 1989); `kemeny` solves it
exactly by dynamic programming over the $2^n$ subsets of items (Held & Karp's
idea), which is practical up to about 20 items.

>>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
>>> voters = [42, 26, 15, 17]
"""

from __future__ import annotations

import math

import numpy as np

from rankbook._errors import InvalidValueError
from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import Profile, make_profile, ranked_result
from rankbook.aggregate.pairwise import above_mask, preference_matrix, weighted_count

MAX_ITEMS = 20


def kemeny(lists, *, weights=None, convention: str = "textbook",
           max_items: int = MAX_ITEMS) -> dict:
    r"""Kemeny's optimal aggregation: the order with the least total Kendall distance.

    $$\pi^{*} = \arg\min_{\pi} \sum_{x \,\pi\, y} N(y, x)$$

    Among several optimal orders the one that is first in the result order
    (more lists, then item id) position by position is returned. The score of
    the item at position $p$ is $n - p + 1$ (the winner scores $n$).

    ``convention="flagr"`` optimises FLAGR's `KemenyOptimal` objective instead:
    it maximises $\sum_\ell \tau_\ell(\pi)$ where $\tau_\ell$ is the fraction
    of the $\binom{\lvert\ell\rvert}{2}$ pairs *within* list $\ell$ that
    $\pi$ orders as $\ell$ does. That weighs each list's pairs by
    $1/\binom{\lvert\ell\rvert}{2}$, so a short list's pairs count more, and it
    ignores the pairs of a ranked and an unranked item: it is not the classical
    objective, and the two can choose different orders (see the Kemeny docs
    page). Its scores are FLAGR's, $n - p + 2$. FLAGR searches all $n!$ orders
    and keeps the first best one in its hash-table order; a list with fewer
    than 2 items makes its objective NaN, and it then returns that order
    unsorted. rankbook leaves such lists out.

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first.
    weights : sequence of float, optional
        One weight per list (default 1 each).
    convention : {"textbook", "flagr"}, default "textbook"
        The classical objective, or FLAGR's.
    max_items : int, default 20
        Refuse larger problems: time and memory grow as $n\,2^n$ (20 items
        take about two seconds and 100 MB).

    Returns
    -------
    dict
        Item -> positional score, in the Kemeny order.

    Raises
    ------
    rankbook.InvalidValueError
        If the lists hold more than ``max_items`` distinct items.

    References
    ----------
    Kemeny, J. G. (1959). Mathematics without numbers. Daedalus 88(4), pages 577-591.

    Dwork, C., Kumar, R., Naor, M. and Sivakumar, D. (2001). Rank aggregation
    methods for the Web. In Proceedings of WWW 2001, pages 613-622.

    Examples
    --------
    >>> tennessee = [["Memphis", "Nashville", "Chattanooga", "Knoxville"],
    ...              ["Nashville", "Chattanooga", "Knoxville", "Memphis"],
    ...              ["Chattanooga", "Knoxville", "Nashville", "Memphis"],
    ...              ["Knoxville", "Chattanooga", "Nashville", "Memphis"]]
    >>> voters = [42, 26, 15, 17]
    >>> kemeny(tennessee, weights=voters)
    {'Nashville': 4.0, 'Chattanooga': 3.0, 'Knoxville': 2.0, 'Memphis': 1.0}
    """
    check.convention(convention)
    profile = make_profile(lists, weights)
    n = profile.n_items
    if n > max_items:
        raise InvalidValueError(
            f"kemeny finds the exact optimum by dynamic programming over all 2^n subsets of "
            f"the n items; these lists hold n = {n} items (2^{n} = {2.0 ** n:.3g} subsets), "
            f"more than max_items={max_items}. Kemeny aggregation is NP-hard, so no exact "
            "method scales: aggregate the top items only, raise max_items if you have the "
            "time and memory (n * 2^n steps), or use borda or copeland.")
    disagreement = kemeny_matrix(profile, convention)
    order, _ = optimal_order(disagreement, tie_order(profile))
    offset = 2.0 if convention == "flagr" else 1.0
    scores = np.empty(n)
    scores[order] = n - np.arange(n) - 1.0 + offset
    return ranked_result(profile, scores, exact=convention == "flagr")


def kemeny_matrix(profile: Profile, convention: str = "textbook") -> np.ndarray:
    r"""$N(x, y)$ for the chosen objective: placing $y$ above $x$ costs $N(x, y)$."""
    if convention == "textbook":
        return preference_matrix(profile)
    length = profile.length.astype(float)
    pairs = length * (length - 1.0) / 2.0
    factor = np.where(pairs > 0, profile.weight / np.where(pairs > 0, pairs, 1.0), 0.0)
    return weighted_count(factor, above_mask(profile, both_ranked=True))


def tie_order(profile: Profile) -> np.ndarray:
    """Item indices in the result's tie order: more lists first, then item id."""
    ids = np.array(list(ranked_result(profile, np.zeros(profile.n_items))), dtype=object)
    where = {item: x for x, item in enumerate(profile.items)}
    return np.array([where[item] for item in ids], dtype=np.int64)


def kemeny_distance(disagreement: np.ndarray, order) -> float:
    r"""$K(\pi)$: the total weight of the pairs that ``order`` (item indices, best first) reverses."""
    order = np.asarray(order)
    position = np.empty(len(order), dtype=np.int64)
    position[order] = np.arange(len(order))
    above = position[:, None] < position[None, :]       # x placed above y
    return float(disagreement.T[above].sum())


def optimal_order(disagreement: np.ndarray, preference) -> tuple:
    r"""An order minimising $\sum_{x \pi y} N(y, x)$, and that minimum.

    Dynamic programming over subsets: $g(S)$ is the least cost of ordering the
    items of $S$ among themselves, placing one $x \in S$ on top of the rest:

    $$g(S) = \min_{x \in S} \Big( \sum_{y \in S \setminus \{x\}} N(y, x) + g(S \setminus \{x\}) \Big)$$

    computed for all subsets of one size at a time. Ties go to the item that
    comes first in ``preference`` (an array of item indices).
    """
    preference = np.asarray(preference)
    n = len(preference)
    if n == 0:
        return np.array([], dtype=np.int64), 0.0
    cost = disagreement[np.ix_(preference, preference)]   # work in preference order
    best, choice = _subset_tables(cost)
    order, subset = [], (1 << n) - 1
    while subset:
        x = int(choice[subset])
        order.append(x)
        subset &= ~(1 << x)
    return preference[order], float(best[-1])


def _subset_tables(cost: np.ndarray):
    """g(S) and the item placed on top of S, for every subset S (bit x = item x)."""
    n = cost.shape[0]
    masks = np.arange(1 << n, dtype=np.int64)
    size = np.bitwise_count(masks)
    best = np.full(1 << n, np.inf)
    best[0] = 0.0
    choice = np.zeros(1 << n, dtype=np.int8)
    bit = np.int64(1) << np.arange(n, dtype=np.int64)
    for k in range(1, n + 1):
        subsets = masks[size == k]
        members = (subsets[:, None] & bit[None, :]) != 0           # (m, n)
        # placing x on top of S costs the lists that prefer some other y in S to x
        above_cost = members.astype(float) @ cost                    # (m, n): sum_y N(y, x)
        rest = best[subsets[:, None] & ~bit[None, :]]                # g(S minus x)
        total = np.where(members, above_cost + rest, np.inf)
        choice[subsets] = np.argmin(total, axis=1)
        best[subsets] = total[np.arange(len(subsets)), choice[subsets]]
    return best, choice


def count_orders(n: int) -> int:
    """n!, the number of orders a brute-force search (FLAGR's) visits."""
    return math.factorial(n)
