r"""Pairwise preferences: how many lists put item x above item y.

Every majoritarian method (Condorcet, Copeland, Schulze, Kemeny) starts from the
weighted preference matrix

$$N(x, y) = \sum_{\ell=1}^{L} w_\ell \,[\, r_\ell(x) < r_\ell(y) \,]$$

with the convention for partial lists that a ranked item is above every
unranked one and two unranked items are tied (the list says nothing about
them). FLAGR and ranx both give unranked items the rank 1,000,000 and compare
ranks, which puts ranked above unranked and leaves two unranked items equal:
the same matrix. (ranx's `condorcet` then counts a list that ties a pair as a
vote for the second item of the pair; see the majoritarian page.)

>>> import numpy as np
>>> from rankbook.aggregate._profile import make_profile
>>> preference_matrix(make_profile([["a", "b"], ["b"], ["c", "a"]])).astype(int)
array([[0, 2, 1],
       [1, 0, 2],
       [1, 1, 0]])
"""

from __future__ import annotations

import numpy as np

from rankbook.aggregate._profile import Profile


def above_mask(profile: Profile, *, both_ranked: bool = False) -> np.ndarray:
    r"""$[\, r_\ell(x) < r_\ell(y) \,]$ for every list and ordered pair; shape (L, n, n), bool.

    With ``both_ranked`` only the lists that rank both items count (the Markov
    chains' and FLAGR's Kemeny reading of a partial list); otherwise a ranked
    item is above an unranked one.
    """
    rank = profile.rank
    above = rank[:, :, None] < rank[:, None, :]          # (L, n, n): x above y in list l
    if both_ranked:
        above &= profile.ranked[:, None, :]              # x above y implies x is ranked
    return above


def preference_matrix(profile: Profile, *, both_ranked: bool = False) -> np.ndarray:
    r"""$N(x, y)$, the total weight of the lists that rank $x$ above $y$; shape (n, n).

    Parameters
    ----------
    profile : Profile
    both_ranked : bool, default False
        Count only the lists that rank both $x$ and $y$ (see `above_mask`).

    Returns
    -------
    numpy.ndarray
        Float (n, n) with a zero diagonal.
    """
    return weighted_count(profile.weight, above_mask(profile, both_ranked=both_ranked))


def co_ranked(profile: Profile) -> np.ndarray:
    r"""$B(x, y)$, the total weight of the lists that rank both $x$ and $y$; shape (n, n).

    The diagonal holds the weight of the lists that rank $x$.
    """
    ranked = profile.ranked
    return weighted_count(profile.weight, ranked[:, :, None] & ranked[:, None, :])


def weighted_count(weight: np.ndarray, mask: np.ndarray) -> np.ndarray:
    r"""$\sum_\ell w_\ell\, \mathrm{mask}[\ell]$ for a boolean (L, n, n) mask; shape (n, n).

    Equal weights (the usual case) are counted, which is exact and several
    times faster than a floating-point product.
    """
    L = mask.shape[0]
    if L == 0:
        return np.zeros(mask.shape[1:])
    if np.all(weight == weight[0]):
        return weight[0] * np.count_nonzero(mask, axis=0).astype(float)
    return (weight @ mask.reshape(L, -1)).reshape(mask.shape[1:])


def wins_ties_losses(preferences: np.ndarray):
    r"""Pairwise majority contests: ``(wins, ties, losses)``, each (n,) counts of items.

    Item $x$ beats $y$ when $N(x, y) > N(y, x)$; they tie when the two are equal.
    """
    beats = preferences > preferences.T
    n = preferences.shape[0]
    wins = beats.sum(axis=1)
    losses = beats.sum(axis=0)
    ties = (n - 1) - wins - losses
    return wins, ties, losses
