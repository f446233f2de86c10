r"""Team-draft interleaving (Radlinski et al., 2008) and multileaving (Schuth et al., 2014).

The rankers pick documents for the shown list the way captains pick players for teams: in
each round a coin (for two rankers) or a random order (for more) decides who picks first,
and each ranker in turn adds its highest-ranked document that is not shown yet, which joins
its team. A click counts for the team of the clicked document; the team with more clicks
wins. Drafting stops when the list is long enough, or as soon as a ranker has no document
left to add (so that every team has had the same number of turns, give or take one).

| function | what it gives |
| --- | --- |
| `team_draft_interleave`, `team_draft_multileave` | the shown list and its teams, for a seed |
| `team_draft_distribution`, `team_draft_multileave_distribution` | every list and team assignment, with its exact probability |
| `team_draft_credit` | the clicks of each team |
| `team_draft_outcome` | who wins between two teams: 1 (A), -1 (B) or 0 |
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

from rankbook._errors import InvalidTypeError
from rankbook.online import _common
from rankbook.online._common import Interleaving

__all__ = ["team_draft_interleave", "team_draft_multileave", "team_draft_distribution",
           "team_draft_multileave_distribution", "team_draft_credit", "team_draft_outcome"]


def _draft_round(lists, order, shown: tuple, teams: tuple, length: int):
    """One round: each ranker in ``order`` adds its best unshown document; None if one cannot."""
    for ranker in order:
        if len(shown) == length:
            break
        pick = next((d for d in lists[ranker] if d not in shown), None)
        if pick is None:                    # this ranker has run out: drafting stops
            return shown, teams, True
        shown, teams = shown + (pick,), teams + (ranker,)
    return shown, teams, len(shown) == length


def _draft(lists, length: int, orders) -> Interleaving:
    shown: tuple = ()
    teams: tuple = ()
    done = False
    for order in orders:
        shown, teams, done = _draft_round(lists, order, shown, teams, length)
        if done:
            break
    return Interleaving(shown, teams)


def team_draft_multileave(rankings, *, length: int | None = None, seed=None) -> Interleaving:
    r"""The list team-draft multileaving shows, and the team of each document.

    Each round draws a random order of the $m$ rankers; in that order each ranker adds its
    highest-ranked document not shown yet, which joins its team. With two rankers this is
    team-draft interleaving: "the team with fewer players picks next, a coin decides a tie".

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The $m \ge 2$ rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shortest list.
    seed : int, numpy.random.Generator or None
        The draws: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents``, and ``teams``: the index in ``rankings`` of the ranker that picked
        each document.

    See Also
    --------
    team_draft_multileave_distribution : every outcome of the draft, with its probability.
    team_draft_credit : the clicks of each team.

    References
    ----------
    Schuth, A., Sietsma, F., Whiteson, S., Lefortier, D. and de Rijke, M. (2014).
    Multileaved comparisons for fast online evaluation. CIKM 2014, pages 71-80.

    Examples
    --------
    >>> shown = team_draft_multileave([["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]],
    ...                               seed=3)
    >>> shown.documents, shown.teams
    (('c', 'b', 'a'), (2, 1, 0))
    """
    lists = _common.rankings(rankings)
    n = _common.length(length, lists)
    rng = _common.generator(seed)
    orders = (tuple(int(j) for j in rng.permutation(len(lists))) for _ in range(n))
    return _draft(lists, n, orders)


def team_draft_interleave(a, b, *, length: int | None = None, seed=None) -> Interleaving:
    r"""The list team-draft interleaving shows: A's team is 0, B's team is 1.

    In each round a coin decides whether A or B picks first; each then adds its
    highest-ranked document not shown yet.

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.
    seed : int, numpy.random.Generator or None
        The coins: the same seed gives the same list.

    Returns
    -------
    Interleaving
        ``documents`` and ``teams`` (0 for A, 1 for B).

    See Also
    --------
    team_draft_distribution : every list and team, with its probability.
    team_draft_outcome : who wins, from the clicks.

    References
    ----------
    Radlinski, F., Kurup, M. and Joachims, T. (2008). How does clickthrough data reflect
    retrieval quality? CIKM 2008, pages 43-52.

    Examples
    --------
    >>> team_draft_interleave(["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"], seed=3)
    Interleaving(documents=('d2', 'd1', 'd3', 'd4'), teams=(1, 0, 0, 1))
    """
    return team_draft_multileave([a, b], length=length, seed=seed)


def team_draft_multileave_distribution(rankings, *, length: int | None = None
                                       ) -> dict[Interleaving, Fraction]:
    r"""Every list and team assignment team-draft multileaving can produce, with its probability.

    The draft is enumerated round by round: each of the $m!$ orders of a round has
    probability $1/m!$, so every probability is an exact fraction.

    Parameters
    ----------
    rankings : sequence of sequences of hashable
        The $m \ge 2$ rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shortest list.

    Returns
    -------
    dict
        `Interleaving` -> probability (`fractions.Fraction`); the probabilities sum to 1.

    Examples
    --------
    Three rankers, three documents: each of the 6 orders of the one round gives its own list.

    >>> dist = team_draft_multileave_distribution([["a", "b", "c"], ["b", "c", "a"],
    ...                                            ["c", "a", "b"]])
    >>> len(dist), set(dist.values())
    (6, {Fraction(1, 6)})
    """
    lists = _common.rankings(rankings)
    n = _common.length(length, lists)
    orders = list(itertools.permutations(range(len(lists))))
    chance = Fraction(1, math.factorial(len(lists)))
    distribution: dict[Interleaving, Fraction] = {}
    pending = [((), (), Fraction(1))]
    while pending:
        shown, teams, p = pending.pop()
        for order in orders:
            after, after_teams, done = _draft_round(lists, order, shown, teams, n)
            if done:
                key = Interleaving(after, after_teams)
                distribution[key] = distribution.get(key, Fraction(0)) + p * chance
            else:
                pending.append((after, after_teams, p * chance))
    return distribution


def team_draft_distribution(a, b, *, length: int | None = None) -> dict[Interleaving, Fraction]:
    r"""Every list and team assignment of team-draft interleaving, with its exact probability.

    Each round's coin has probability $\frac{1}{2}$, so a list drafted in $r$ rounds has
    probability $2^{-r}$ (summed over the coin sequences that give it).

    Parameters
    ----------
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    length : int, optional
        How many documents to show; by default the length of the shorter list.

    Returns
    -------
    dict
        `Interleaving` -> probability (`fractions.Fraction`).

    Examples
    --------
    Two rounds, two coins: four team assignments of probability 1/4, but only two lists.
    d3 is always shown 3rd, on A's team or on B's with probability 1/2 each.

    >>> dist = team_draft_distribution(["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"])
    >>> for shown, p in sorted(dist.items()):
    ...     print(shown.documents, shown.teams, p)
    ('d1', 'd2', 'd3', 'd4') (0, 1, 0, 1) 1/4
    ('d1', 'd2', 'd3', 'd4') (0, 1, 1, 0) 1/4
    ('d2', 'd1', 'd3', 'd4') (1, 0, 0, 1) 1/4
    ('d2', 'd1', 'd3', 'd4') (1, 0, 1, 0) 1/4
    """
    return team_draft_multileave_distribution([a, b], length=length)


def team_draft_credit(shown: Interleaving, clicks, *, n_rankers: int | None = None
                      ) -> tuple[int, ...]:
    r"""The number of clicks on each team's documents.

    $$c_j = \sum_{i=1}^{n} c_i \, [\,\mathrm{team}_i = j\,]$$

    Parameters
    ----------
    shown : Interleaving
        The shown list with its teams (from a team-draft function).
    clicks : sequence of {0, 1}
        One entry per rank of the shown list.
    n_rankers : int, optional
        The number of rankers; by default one more than the highest team index.

    Returns
    -------
    tuple of int
        The clicks credited to ranker 0, 1, ...

    Examples
    --------
    >>> shown = team_draft_interleave(["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"], seed=3)
    >>> team_draft_credit(shown, [1, 0, 1, 1])
    (1, 2)
    """
    if not isinstance(shown, Interleaving) or shown.teams is None:
        raise InvalidTypeError(
            "shown must be the Interleaving a team-draft function returned (its teams say "
            f"whom each click credits); got {shown!r}.")
    marks = _common.clicks(clicks, shown.documents)
    m = max(shown.teams) + 1 if n_rankers is None else int(n_rankers)
    return tuple(sum(c for c, t in zip(marks, shown.teams) if t == j) for j in range(m))


def team_draft_outcome(shown: Interleaving, clicks) -> int:
    r"""Who wins a team-draft comparison: 1 when A's team has more clicks, -1 for B, 0 a tie.

    Parameters
    ----------
    shown : Interleaving
        The shown list with its teams (0 for A, 1 for B).
    clicks : sequence of {0, 1}
        One entry per rank of the shown list.

    Returns
    -------
    int
        $\operatorname{sign}(c_A - c_B)$.

    Examples
    --------
    >>> shown = team_draft_interleave(["d1", "d2", "d3", "d4"], ["d2", "d3", "d4", "d1"], seed=3)
    >>> team_draft_outcome(shown, [1, 0, 1, 1])
    -1
    """
    credit_a, credit_b = team_draft_credit(shown, clicks, n_rankers=2)
    return (credit_a > credit_b) - (credit_a < credit_b)
