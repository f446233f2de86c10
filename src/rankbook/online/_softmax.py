"""The two random choices of probabilistic interleaving: which ranker draws, and which document.

Shared by the sampler, the exact distribution and the credit (which inverts the same
choices), so that the three cannot disagree on a probability.
"""

from __future__ import annotations

import numbers
from fractions import Fraction

from rankbook import _validate


def tau(value):
    """The softmax's steepness: a number >= 0, kept whole when it is whole (exact weights)."""
    _validate.number(value, "tau", low=0, finite=False,
                     hint="3 in Hofmann et al. 2011; 0 draws uniformly")
    return int(value) if isinstance(value, numbers.Integral) else float(value)


def weight(rank: int, steepness):
    """$1 / r^\\tau$: exact for a whole tau, a float otherwise."""
    if isinstance(steepness, int):
        return Fraction(1, rank ** steepness)
    return 1.0 / rank ** steepness


def document_probabilities(ranking: tuple, steepness, shown) -> dict:
    """The ranker's softmax over its documents not shown yet (empty when none is left)."""
    weights = {d: weight(r, steepness) for r, d in enumerate(ranking, start=1) if d not in shown}
    total = sum(weights.values())
    return {d: w / total for d, w in weights.items()}


def ranker_choices(lists, shown, pool, rounds: bool) -> list[tuple[int, Fraction, frozenset]]:
    """(ranker, probability, pool after the draw) for the next draw.

    Only rankers with a document not shown yet can draw. Without rounds each of them is
    equally likely at every rank; with rounds a ranker draws once per round (``pool`` holds
    those still to draw this round; when none of them can, a new round starts).
    """
    able = [j for j, ranking in enumerate(lists) if any(d not in shown for d in ranking)]
    candidates = [j for j in able if j in pool] if rounds else able
    if rounds and not candidates:
        candidates = able
    if not candidates:
        return []
    chance = Fraction(1, len(candidates))
    return [(j, chance, frozenset(candidates) - {j} if rounds else frozenset())
            for j in candidates]
