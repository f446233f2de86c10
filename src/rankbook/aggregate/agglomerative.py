r"""Agglomerative rank aggregation (Chatterjee, Mukhopadhyay & Bhattacharyya 2018).

Like agglomerative clustering: every list starts as a small aggregate, and the
two most similar aggregates are merged, again and again, until one is left.
A list's weight (how many pairwise majorities it agrees with) decides how much
its scores count in each merge.
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import code_order, make_profile, ranked_result
from rankbook.aggregate.pairwise import above_mask, weighted_count


def agglomerative(lists, *, weights=None, c1: float = 0.1, c2: float = 0.5, return_weights: bool = False,
                  convention: str = "textbook"):
    r"""Merge the most similar lists, two at a time, into one weighted aggregate.

    1. Weights: list $\ell$ starts at $W_\ell = 1 + a_\ell$, where $a_\ell$ is
       the number of item pairs on which it agrees with the pairwise majority
       of all lists (a ranked item is above an unranked one).
    2. Each list becomes an aggregate with the scores of Chatterjee et al.'s
       Eq. 7, $s_\ell(x) = \tfrac12\,(m^2 - 2m(r_\ell(x) - 1) - m)$, $m = \lvert\ell\rvert$
       (positive in the top half of the list, negative in the bottom half).
    3. Repeatedly merge the two aggregates $A$, $B$ with the highest Spearman
       correlation (the first pair found on ties): an item in both gets
       $(W_A s_A + W_B s_B) / (W_A + W_B)$, an item in one keeps its score,
       and the merged aggregate weighs $(c_1 W_A + c_2 W_B) / (c_1 + c_2)$.

    The textbook convention correlates two aggregates by Spearman's $\rho$ of
    the items they share, re-ranked $1..c$ within each: $\rho = 1 - 6 \sum d^2
    / (c^3 - c)$ (0 when they share fewer than two items). ``convention="flagr"``
    reproduces FLAGR 1.0.18, which keeps the items' positions in the whole of
    each aggregate and divides by $\lvert A\rvert^3 - \lvert A\rvert$, the size
    of the first one (so $\rho(A, B) \ne \rho(B, A)$, and values below $-1$
    occur), and rounds $c_1, c_2$ to single precision.

    FLAGR's evaluator counts an item as retrieved only when its score is above
    0, so the negative scores of the bottom halves make this method look bad
    there (MAP 0.2563 on FLAGR's sample data).

    Parameters
    ----------
    lists : sequence of (sequence of item ids, or mapping item -> score)
        The ranked lists of one query, best first; partial lists allowed.
    weights : None
        The method learns its own weights; passing any is an error.
    c1, c2 : float > 0, defaults 0.1 and 0.5 (PyFLAGR's)
        Weight of the surviving and of the absorbed aggregate in the merged weight.
    return_weights : bool, default False
        Also return the list weights of step 1.
    convention : {"textbook", "flagr"}, default "textbook"

    Returns
    -------
    dict, or (dict, numpy.ndarray)
        Item -> score, best first; with ``return_weights`` also $W_\ell$, one
        per list in the order of ``lists``.

    References
    ----------
    Chatterjee, Mukhopadhyay and Bhattacharyya (2018). A weighted rank
    aggregation approach towards crowd opinion analysis. Knowledge-Based
    Systems 149, 47-60.

    Examples
    --------
    Lists 1 and 3 agree with the majority on all three pairs (weight 4), list 2
    on two (weight 3). Lists 1 and 3 merge first, then list 2: b gets
    $(4 \cdot 0 + 3 \cdot (-3)) / 7$.

    >>> scores, w = agglomerative([["a", "b", "c"], ["a", "c", "b"], ["a", "b", "c"]],
    ...                           return_weights=True)
    >>> {item: round(s, 4) for item, s in scores.items()}
    {'a': 3.0, 'b': -1.2857, 'c': -1.7143}
    >>> w.tolist()
    [4.0, 3.0, 4.0]
    """
    convention = check.convention(convention)
    profile = make_profile(lists)
    check.no_weights(weights, "agglomerative (it learns its own list weights)", profile)
    c1 = check.real(c1, "c1", low=0, low_open=True)
    c2 = check.real(c2, "c2", low=0, low_open=True)
    if convention == "flagr":
        c1, c2 = check.float32(c1), check.float32(c2)
    list_weights = _majority_weights(profile)
    scores = _merge_all(profile, list_weights, c1, c2, flagr=convention == "flagr")
    result = ranked_result(profile, scores, exact=convention == "flagr")
    return (result, list_weights) if return_weights else result


def _majority_weights(profile) -> np.ndarray:
    r"""$1 + \#\{(x, y): \text{more lists put } x \text{ above } y \text{ than below, and } \ell \text{ does}\}$."""
    above = above_mask(profile)
    wins = weighted_count(profile.weight, above)                 # the preference matrix N(x, y)
    majority = wins > wins.T
    return 1.0 + (above & majority).sum(axis=(1, 2)).astype(float)


def _merge_all(profile, list_weights, c1, c2, *, flagr: bool) -> np.ndarray:
    """Run the merges; return the last aggregate's score per item."""
    rank = profile.rank
    length = profile.length.astype(float)
    finite = np.where(profile.ranked, rank, 1.0)      # (an empty list's 0 * inf would warn)
    score = np.where(profile.ranked, 0.5 * (length[:, None] ** 2 - 2 * length[:, None] * (finite - 1)
                                            - length[:, None]), np.nan)
    hits = profile.ranked.astype(int)
    weight = list_weights.astype(float).copy()
    code = np.argsort(code_order(profile.items))                    # rank of each item's code
    position = np.vstack([_positions(s, h, code) for s, h in zip(score, hits)])
    similarity = np.full((len(rank),) * 2, -np.inf)
    for a in range(len(rank)):
        _update_similarities(similarity, position, a, flagr)
    alive = np.ones(len(rank), dtype=bool)
    while alive.sum() > 1:
        a, b = _most_similar(similarity, alive)
        both = ~np.isnan(score[a]) & ~np.isnan(score[b])
        merged = np.where(both, (weight[a] * score[a] + weight[b] * score[b]) / (weight[a] + weight[b]),
                          np.where(np.isnan(score[a]), score[b], score[a]))
        score[a], hits[a] = merged, hits[a] + hits[b]
        weight[a] = (c1 * weight[a] + c2 * weight[b]) / (c1 + c2)
        alive[b] = False
        similarity[b, :] = similarity[:, b] = -np.inf
        position[a] = _positions(score[a], hits[a], code)
        position[b] = -1
        _update_similarities(similarity, position, a, flagr, alive)
    return score[int(np.argmax(alive))]


def _most_similar(similarity, alive) -> tuple:
    """The pair to merge: the first maximum of each row, then the first best row.

    FLAGR's $\rho$ is undefined (0/0) when every remaining aggregate holds a
    single item, and FLAGR 1.0.18 crashes there; rankbook then merges the
    first two remaining aggregates.
    """
    best_partner = np.argmax(similarity, axis=1)                     # first maximum per row
    best = np.where(alive, similarity[np.arange(len(alive)), best_partner], -np.inf)
    if not np.isfinite(best).any():
        first, second = np.flatnonzero(alive)[:2]
        return int(first), int(second)
    a = int(np.argmax(best))
    return a, int(best_partner[a])


def _positions(score: np.ndarray, hits: np.ndarray, code: np.ndarray) -> np.ndarray:
    """0-based position of each item in an aggregate (score desc, hits desc, code); -1 if absent."""
    present = np.flatnonzero(~np.isnan(score))
    order = present[np.lexsort((code[present], -hits[present], -score[present]))]
    position = np.full(score.size, -1)
    position[order] = np.arange(order.size)
    return position


def _update_similarities(similarity, position, a, flagr, alive=None) -> None:
    """Recompute row and column ``a`` of the similarity matrix (others are unchanged)."""
    others = np.ones(len(position), dtype=bool) if alive is None else alive.copy()
    others[a] = False
    if flagr:
        common = (position[a] >= 0) & (position >= 0)
        squared = np.where(common, (position[a] - position) ** 2, 0).sum(axis=1).astype(float)
        size = (position >= 0).sum(axis=1).astype(float)
        with np.errstate(divide="ignore", invalid="ignore"):
            row = 1 - 6 * squared / (size[a] ** 3 - size[a])
            column = 1 - 6 * squared / (size ** 3 - size)
        row, column = np.where(row > -2, row, -np.inf), np.where(column > -2, column, -np.inf)
    else:
        row = column = np.array([_spearman_common(position[a], position[o]) for o in range(len(position))])
    similarity[a, others] = row[others]
    similarity[others, a] = column[others]


def _spearman_common(first: np.ndarray, second: np.ndarray) -> float:
    """Spearman's rho of the items two aggregates share, re-ranked within each (0 if fewer than 2)."""
    common = np.flatnonzero((first >= 0) & (second >= 0))
    c = common.size
    if c < 2:
        return 0.0
    rank_first = np.argsort(np.argsort(first[common]))
    rank_second = np.argsort(np.argsort(second[common]))
    return 1.0 - 6.0 * float(((rank_first - rank_second) ** 2).sum()) / (c ** 3 - c)
