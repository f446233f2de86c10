"""The transition matrices of the Markov-chain methods, textbook (Dwork 2001, DeConde 2006) and FLAGR 1.0.18.

Used by `rankbook.aggregate.markov`; the formulas are on its docstrings and the
docs page "Rank aggregation: Markov chains".
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate import _arguments as check


def textbook_transitions(profile, chain: str) -> np.ndarray:
    """Dwork's (and DeConde's) chains, weighted, before teleportation."""
    n = profile.n_items
    rank, ranked, weight = profile.rank, profile.ranked, profile.weight
    move = np.zeros((n, n))      # weighted votes for moving P -> Q (row P)
    norm = np.zeros(n)           # the row's denominator (MC1: sum w r(P); MC2, MC3: W(P))
    both = np.zeros((n, n))      # MC4, MCT: weight of the lists ranking both
    for r, has, w in zip(rank, ranked, weight):
        above_or_equal = has[None, :] & (r[None, :] <= r[:, None]) & has[:, None]
        if chain == "mc1":
            move += w * above_or_equal
            norm += w * np.where(has, r, 0.0)
        elif chain == "mc2":
            move += w * above_or_equal / np.where(has, r, 1.0)[:, None]
            norm += w * has
        elif chain == "mc3":
            move += w * (above_or_equal & (r[None, :] < r[:, None])) / has.sum()
            norm += w * has
        else:
            pair = has[:, None] & has[None, :]
            both += w * pair
            move += w * (pair & (r[None, :] < r[:, None]))
    if chain in ("mc1", "mc2", "mc3"):
        with np.errstate(divide="ignore", invalid="ignore"):
            matrix = np.where(norm[:, None] > 0, move / norm[:, None], 0.0)
    elif chain == "mc4":
        matrix = np.where((both > 0) & (move > both / 2), 1.0 / n, 0.0)
    else:
        with np.errstate(divide="ignore", invalid="ignore"):
            matrix = np.where(both > 0, move / both, 0.0) / n
    np.fill_diagonal(matrix, 0.0)
    np.fill_diagonal(matrix, 1.0 - matrix.sum(axis=1))
    return matrix


def flagr_matrix(profile, chain: str, epsilon: float) -> tuple:
    """FLAGR 1.0.18's src/ram/MC.cpp: ``(code order, T')`` with rows and columns in code order.

    Sums run in FLAGR's order (``np.cumsum`` adds left to right), so equal
    probabilities come out equal to the last bit, as FLAGR's do.
    """
    order = check.code_order(profile.items)          # FLAGR sorts the items by code
    rank = profile.rank[:, order]
    ranked = np.isfinite(rank)
    n, lists = rank.shape[1], rank.shape[0]
    pair = (ranked[:, :, None] & ranked[:, None, :])
    wins = (pair & (rank[:, :, None] < rank[:, None, :])).sum(axis=0).astype(float)
    counter = np.cumsum(pair.sum(axis=0), axis=1).astype(float)  # never reset along a row
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
    state = np.full(matrix.shape[0], 1.0 / matrix.shape[0])
    for _ in range(max_iterations - 1):
        following = np.cumsum(state[:, None] * matrix, axis=0)[-1]   # sum over j, in order
        if np.all(following == state):
            break
        state = following
    return state
