r"""Balanced interleaving (Joachims, 2003): the oldest way to compare two rankers with clicks.

Both rankers' lists are merged so that at every rank the shown list holds the top $k_A$ of A
and the top $k_B$ of B with $k_A$ and $k_B$ at most one apart; a coin decides which ranker
leads. The click credit looks at the lowest click: the ranker with more clicked documents in
its own top $k$, down to that click, wins.

| function | what it gives |
| --- | --- |
| `balanced_interleave` | the shown list, for a seed |
| `balanced_distribution` | every list it can show, with its exact probability (1/2 each way) |
| `balanced_outcome` | who wins, from the clicks: 1 (A), -1 (B) or 0 (a tie) |
"""

from __future__ import annotations

from fractions import Fraction

from rankbook.online import _common
from rankbook.online._common import Interleaving

__all__ = ["balanced_interleave", "balanced_distribution", "balanced_outcome"]


def _merge(a: tuple, b: tuple, length: int, a_first: bool) -> tuple:
    """Joachims' merge: take from the ranker that is behind; on a tie, from the leader."""
    shown: list = []
    k_a = k_b = 0                       # how many documents of A and of B have been passed
    while k_a < len(a) and k_b < len(b) and len(shown) < length:
        if k_a < k_b or (k_a == k_b and a_first):
            if a[k_a] not in shown:
                shown.append(a[k_a])
            k_a += 1
        else:
            if b[k_b] not in shown:
                shown.append(b[k_b])
            k_b += 1
    return tuple(shown)


def balanced_distribution(a, b, *, length: int | None = None) -> dict[Interleaving, Fraction]:
    r"""Every list balanced interleaving can show, with its exact probability.

    A fair coin decides whether A or B leads, so there are at most two lists, each of
    probability $\frac{1}{2}$ (one list of probability 1 when both coins give the same list).

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.

    Returns
    -------
    dict
        `Interleaving` (its ``teams`` is None: balanced interleaving keeps no teams) ->
        probability, as a `fractions.Fraction`.

    See Also
    --------
    balanced_interleave : one list drawn from this distribution.

    References
    ----------
    Joachims, T. (2003). Evaluating retrieval performance using clickthrough data. In Text
    Mining (Franke, Nakhaeizadeh and Renz, eds.), pages 79-96. Physica/Springer.

    Examples
    --------
    >>> for shown, p in balanced_distribution(["d1", "d2", "d3"], ["d2", "d3", "d4"]).items():
    ...     print(shown.documents, p)
    ('d1', 'd2', 'd3') 1/2
    ('d2', 'd1', 'd3') 1/2
    """
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    n = _common.length(length, (a, b))
    distribution: dict[Interleaving, Fraction] = {}
    for a_first in (True, False):
        shown = Interleaving(_merge(a, b, n, a_first))
        distribution[shown] = distribution.get(shown, Fraction(0)) + Fraction(1, 2)
    return distribution


def balanced_interleave(a, b, *, length: int | None = None, seed=None) -> Interleaving:
    r"""The list balanced interleaving shows: A and B merged, a coin choosing the leader.

    At each step the ranker whose pointer $k_A$ or $k_B$ is behind adds its next document
    (when it is not shown yet); on a tie, the ranker the coin chose at the start goes first.
    So every prefix of the shown list is the top $k_A$ of A together with the top $k_B$ of B,
    $|k_A - k_B| \le 1$.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.
    seed : int, numpy.random.Generator or None
        The coin: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents``: the shown list; ``teams`` is None.

    See Also
    --------
    balanced_distribution : every list, with its probability.
    balanced_outcome : who wins, from the clicks.

    References
    ----------
    Joachims, T. (2003). Evaluating retrieval performance using clickthrough data. In Text
    Mining, pages 79-96. Physica/Springer.

    Examples
    --------
    >>> balanced_interleave(["d1", "d2", "d3"], ["d2", "d3", "d4"], seed=1).documents
    ('d1', 'd2', 'd3')
    """
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    n = _common.length(length, (a, b))
    a_first = bool(_common.generator(seed).integers(2) == 0)
    return Interleaving(_merge(a, b, n, a_first))


def balanced_outcome(a, b, shown, clicks) -> int:
    r"""Who wins a balanced comparison: 1 when A does, -1 when B does, 0 for a tie.

    $$k = \min\{\, j : d_{\max} \in A_{1..j} \ \text{or}\ d_{\max} \in B_{1..j} \,\}, \qquad
    h_A = |C \cap A_{1..k}|, \quad h_B = |C \cap B_{1..k}|$$

    where $C$ is the set of clicked documents, $d_{\max}$ the lowest-ranked of them in the
    shown list and $A_{1..j}$ the top $j$ of A. A wins when $h_A > h_B$, B when $h_B > h_A$;
    no click is a tie.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    shown : Interleaving or sequence of hashable
        The list the user saw.
    clicks : sequence of {0, 1}
        One entry per rank of the shown list, 1 where the user clicked.

    Returns
    -------
    int
        1, -1 or 0.

    References
    ----------
    Joachims, T. (2003). Evaluating retrieval performance using clickthrough data. In Text
    Mining, pages 79-96. Physica/Springer.

    Examples
    --------
    A click on d3, ranked 3rd by A and 2nd by B: $k = 2$, the top 2 of B hold it and the top
    2 of A do not, so B wins.

    >>> balanced_outcome(["d1", "d2", "d3"], ["d2", "d3", "d4"], ["d1", "d2", "d3"], [0, 0, 1])
    -1
    """
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    documents = _common.shown_documents(shown)
    marks = _common.clicks(clicks, documents)
    clicked = [d for d, c in zip(documents, marks) if c]
    if not clicked:
        return 0
    lowest = clicked[-1]
    depth = min(ranker.index(lowest) + 1 for ranker in (a, b) if lowest in ranker)
    h_a = sum(d in a[:depth] for d in clicked)
    h_b = sum(d in b[:depth] for d in clicked)
    return (h_a > h_b) - (h_a < h_b)
