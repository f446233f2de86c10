r"""Rank aggregation: one plain function per method over the ranked lists of ONE query.

Every method has the shape

    method(lists, *, weights=None, <the method's parameters>) -> dict

``lists`` is a sequence of ranked lists, each a sequence of item ids (best
first) or a mapping ``item -> score`` (higher is better); lists may be partial
and of different lengths. The result maps each item to its aggregate score, in
the aggregate order (best first; ties broken as
:func:`rankbook.aggregate._profile.ranked_result` documents).

Queries, runs and files belong to the floor above (:func:`rankbook.fuse`).
"""

# part 2: Markov chains, robust rank aggregation, self-weighting methods
from rankbook.aggregate.agglomerative import agglomerative
from rankbook.aggregate.dibra import dibra
from rankbook.aggregate.markov import (
    markov_chain_matrix,
    mc1,
    mc2,
    mc3,
    mc4,
    mct,
    stationary_distribution,
)
from rankbook.aggregate.prefrel import prefrel
from rankbook.aggregate.rra import beta_scores, rra, rra_pvalue

__all__ = [  # part 2
    "agglomerative",
    "beta_scores",
    "dibra",
    "markov_chain_matrix",
    "mc1",
    "mc2",
    "mc3",
    "mc4",
    "mct",
    "prefrel",
    "rra",
    "rra_pvalue",
    "stationary_distribution",
]
