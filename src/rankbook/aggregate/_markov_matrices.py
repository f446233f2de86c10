"""The transition matrices of the Markov-chain methods, textbook (Dwork 2001, DeConde 2006) and FLAGR 1.0.18.

Used by `rankbook.aggregate.markov`; the formulas are on its docstrings and the
docs page "Rank aggregation: Markov chains". The pairwise counts are those of
`rankbook.aggregate.pairwise`, read the Markov way: only the lists that rank
both items say anything about the pair.
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate import _arguments as check
from rankbook.aggregate._profile import code_order
from rankbook.aggregate.pairwise import above_mask, co_ranked, preference_matrix
from rankbook.aggregate.stationary import flagr_power_iterations


def textbook_transitions(profile, chain: str) -> np.ndarray:
    """Dwork's (and DeConde's) chains, weighted, before teleportation."""
    n = profile.n_items
    if chain in ("mc4", "mct"):
        both = co_ranked(profile)                                  # B(P, Q), by weight
        beaten = preference_matrix(profile, both_ranked=True).T    # lists of B(P, Q) with Q above P
        with np.errstate(divide="ignore", invalid="ignore"):
            if chain == "mc4":
                matrix = np.where((both > 0) & (beaten > both / 2), 1.0 / n, 0.0)
            else:
                matrix = np.where(both > 0, beaten / both, 0.0) / n
    else:
        matrix = _list_walk(profile, chain)
    np.fill_diagonal(matrix, 0.0)
    np.fill_diagonal(matrix, 1.0 - matrix.sum(axis=1))
    return matrix


def _list_walk(profile, chain: str) -> np.ndarray:
    """MC1-MC3: the walker picks among the lists that rank the current item P (row P)."""
    rank, ranked, weight = profile.rank, profile.ranked, profile.weight
    # [Q at or above P in list l], for the lists that rank P: not (P above Q)
    at_or_above = ranked[:, :, None] & ~above_mask(profile)
    if chain == "mc1":      # uniform over the multiset: sum_l w [r(Q) <= r(P)] / sum_l w r(P)
        share = np.ones_like(rank)
        norm = (weight[:, None] * np.where(ranked, rank, 0.0)).sum(axis=0)
    elif chain == "mc2":    # a list ranking P, then one of its r(P) items at or above P
        share = np.where(ranked, 1.0 / np.where(ranked, rank, 1.0), 0.0)
        norm = (weight[:, None] * ranked).sum(axis=0)
    else:                   # mc3: a list ranking P, then any of its |l| items; move if above P
        at_or_above &= ~np.eye(profile.n_items, dtype=bool)
        share = np.repeat((1.0 / np.maximum(profile.length, 1))[:, None], profile.n_items, axis=1)
        norm = (weight[:, None] * ranked).sum(axis=0)
    move = np.einsum("lp,lpq->pq", weight[:, None] * share, at_or_above)
    with np.errstate(divide="ignore", invalid="ignore"):
        return np.where(norm[:, None] > 0, move / norm[:, None], 0.0)


def flagr_matrix(profile, chain: str, epsilon: float) -> tuple:
    """FLAGR 1.0.18's src/ram/MC.cpp: ``(code order, T')`` with rows and columns in code order.

    Sums run in FLAGR's order (``np.cumsum`` adds left to right), so equal
    probabilities come out equal to the last bit, as FLAGR's do.
    """
    order = code_order(profile.items)                # FLAGR sorts the items by code
    n, lists = profile.n_items, profile.n_lists
    wins = preference_matrix(profile, both_ranked=True)[np.ix_(order, order)]
    counter = np.cumsum(co_ranked(profile)[np.ix_(order, order)], axis=1)  # never reset along a row
    with np.errstate(divide="ignore", invalid="ignore"):
        if chain == "mc1":
            matrix = np.where(wins == lists, 0.0, 1.0 / n)
        elif chain == "mc2":
            matrix = np.where(wins > lists / 2.0, 0.0, 1.0 / n)
        elif chain == "mc3":
            matrix = np.where(counter == 0, 0.0, wins / (counter * n))
        elif chain == "mc4":
            matrix = np.where(counter == 0, 0.5 / n, np.where(wins > lists / 2.0, 0.0, 1.0 / n))
        else:
            matrix = np.where(counter == 0, 0.5 / n, (counter - wins) / (counter * n))
    np.fill_diagonal(matrix, 0.0)
    np.fill_diagonal(matrix, 1.0 - np.cumsum(matrix, axis=1)[:, -1])
    epsilon = check.float32(epsilon)                 # PyFLAGR passes it as a C float
    return order, matrix * (1 - epsilon) + epsilon / n


def flagr_power_iteration(matrix: np.ndarray, max_iterations: int) -> np.ndarray:
    """FLAGR's loop: from uniform, at most ``max_iterations - 1`` steps, stop only on no change."""
    return flagr_power_iterations(matrix, max_iterations=max_iterations)[-1]
