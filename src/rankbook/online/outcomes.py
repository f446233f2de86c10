r"""The exact outcome of an interleaved comparison under a click model, and its simulation.

An interleaving method draws a shown list $L$ with probability $P(L)$; a simulated user
(a `ClickModel` over the documents' grades) clicks a pattern $c$ with probability
$P(c \mid L)$; the method's credit turns $(L, c)$ into an outcome $o(L, c)$. On short lists
every term can be enumerated, so the distribution of the outcome is exact:

$$P(o) = \sum_{L} \sum_{c} P(L)\, P(c \mid L)\, [\,o(L, c) = o\,]$$

What an experiment averages over many impressions is the expected outcome
$E[o] = \sum_o o\, P(o)$. A method is **unbiased** when $E[o] = 0$ for a user whose clicks do
not depend on the documents (every document of the same grade); it has **fidelity** when
$E[o]$ favours the ranker that ranks the clicked (relevant) documents higher (Hofmann,
Whiteson and de Rijke, 2011).

| function | what it gives |
| --- | --- |
| `outcome_distribution` | $P(o)$ for every outcome of a two-ranker method |
| `expected_outcome` | $E[o]$: positive favours A |
| `win_probabilities` | $P(\text{A wins})$, $P(\text{tie})$, $P(\text{B wins})$ |
| `preference_probabilities` | multileaving: $P(\text{ranker } i \text{ gets more credit than } j)$ |
| `pairwise_preferences` | multileaving: who beats whom, from the credits of one comparison |
| `simulate_outcomes` | the outcomes of simulated users, for a seed |

The methods: ``"balanced"``, ``"team_draft"``, ``"probabilistic"`` (option ``tau``) and
``"optimized"`` (option ``credit``).
"""

from __future__ import annotations

from collections.abc import Mapping

import numpy as np

from rankbook._errors import InvalidTypeError, InvalidValueError
from rankbook.online import _common
from rankbook.online.balanced import (
    balanced_distribution,
    balanced_interleave,
    balanced_outcome,
)
from rankbook.online.click_models import click_pattern_probabilities, sample_clicks
from rankbook.online.optimized import optimized_credit, optimized_distribution
from rankbook.online.probabilistic import (
    probabilistic_interleave,
    probabilistic_multileave_distribution,
)
from rankbook.online.probabilistic_credit import (
    probabilistic_credit,
    probabilistic_outcome,
    probabilistic_rank_posteriors,
)
from rankbook.online.team_draft import (
    team_draft_credit,
    team_draft_interleave,
    team_draft_multileave_distribution,
    team_draft_outcome,
)

__all__ = ["METHODS", "outcome_distribution", "expected_outcome", "win_probabilities",
           "preference_probabilities", "pairwise_preferences", "simulate_outcomes"]

#: The two-ranker methods and the options each takes.
METHODS = {"balanced": (), "team_draft": (), "probabilistic": ("tau",),
           "optimized": ("credit",)}
MULTILEAVING = {"team_draft": (), "probabilistic": ("tau",)}


def _options(method: str, options: dict, table: dict) -> dict:
    if method not in table:
        raise InvalidValueError(f"method={method!r} is not one of {', '.join(map(repr, table))}.")
    unknown = set(options) - set(table[method])
    if unknown:
        raise InvalidValueError(
            f"the {method} method takes no option {sorted(unknown)}; its options are "
            f"{list(table[method]) or 'none'}.")
    return options


def _distribution(method, a, b, length, options) -> dict:
    if method == "balanced":
        return balanced_distribution(a, b, length=length)
    if method == "team_draft":
        return team_draft_multileave_distribution([a, b], length=length)
    if method == "probabilistic":
        return probabilistic_multileave_distribution([a, b], length=length, rounds=False,
                                                     **options)
    return optimized_distribution(a, b, length=length, **options)


def _scorer(method, a, b, shown, options):
    """The method's credit for the shown list, as a function of the clicks."""
    if method == "balanced":
        return lambda clicks: balanced_outcome(a, b, shown, clicks)
    if method == "team_draft":
        return lambda clicks: team_draft_outcome(shown, clicks)
    if method == "optimized":
        credits = [optimized_credit(a, b, d, **options) for d in shown.documents]
        return lambda clicks: sum((c for c, click in zip(credits, clicks) if click), 0 * credits[0])
    posteriors = probabilistic_rank_posteriors(a, b, shown, **options)   # once per list
    return lambda clicks: probabilistic_outcome(a, b, shown, clicks, posteriors=posteriors)


def _grades_of(grades, documents) -> list:
    if grades is None:
        grades = {}
    if not isinstance(grades, Mapping):
        raise InvalidTypeError(
            f"grades must map document ids to grades (documents it lacks count as 0), e.g. "
            f"{{'d3': 1}}; got {grades!r}.")
    return [grades.get(d, 0) for d in documents]


def outcome_distribution(method: str, a, b, model, grades=None, *, length: int | None = None,
                         **options) -> dict:
    r"""Every outcome of an interleaved comparison under a click model, with its probability.

    Parameters
    ----------
    method : {"balanced", "team_draft", "probabilistic", "optimized"}
        The interleaving method.
    a, b : sequence of hashable
        The two rankers' lists of document ids, rank 1 first.
    model : ClickModel
        The simulated user.
    grades : mapping, optional
        Document id -> grade; documents it lacks (all, when omitted) have grade 0.
    length : int, optional
        How many documents to show; by default the shorter list's length.
    **options
        ``tau`` for probabilistic, ``credit`` for optimized interleaving.

    Returns
    -------
    dict
        Outcome -> probability. The outcome is 1, 0 or -1 (A wins, tie, B wins) for balanced
        and team-draft interleaving, the expected outcome over the assignments (in
        $[-1, 1]$) for probabilistic interleaving, and the total credit for optimized
        interleaving; positive favours A. Exact when the probabilities are fractions.

    Examples
    --------
    B ranks the one relevant document, c, above A; the user clicks every relevant document
    and nothing else. Team draft credits c to either team with probability 1/2:

    >>> from rankbook.online import pbm
    >>> user = pbm({0: 0, 1: 1}, [1, 1, 1])
    >>> outcome_distribution("team_draft", ["a", "b", "c"], ["b", "c", "a"], user, {"c": 1})
    {1: Fraction(1, 2), -1: Fraction(1, 2)}
    """
    options = _options(method, options, METHODS)
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    distribution: dict = {}
    for shown, p in _distribution(method, a, b, length, options).items():
        score = _scorer(method, a, b, shown, options)
        patterns = click_pattern_probabilities(model, _grades_of(grades, shown.documents))
        for clicks, q in patterns.items():
            o = score(clicks)
            distribution[o] = distribution.get(o, 0) + p * q
    return distribution


def expected_outcome(method: str, a, b, model, grades=None, *, length: int | None = None,
                     **options):
    r"""The expected outcome $E[o] = \sum_o o\, P(o)$: positive favours A, 0 is no preference.

    Parameters
    ----------
    method, a, b, model, grades, length, options
        As for `outcome_distribution`.

    Returns
    -------
    Fraction or float
        $E[o]$, exact when the probabilities are fractions.

    Examples
    --------
    A user who clicks each rank with probability 1/2, whatever the document: balanced
    interleaving favours B, team draft favours no one.

    >>> from fractions import Fraction
    >>> from rankbook.online import pbm
    >>> coin_clicker = pbm({0: Fraction(1, 2)}, [1, 1, 1])
    >>> a, b = ["a", "b", "c"], ["b", "c", "a"]
    >>> expected_outcome("balanced", a, b, coin_clicker), expected_outcome("team_draft", a, b,
    ...                                                                    coin_clicker)
    (Fraction(-1, 4), Fraction(0, 1))
    """
    distribution = outcome_distribution(method, a, b, model, grades, length=length, **options)
    return sum((o * p for o, p in distribution.items()), 0 * sum(distribution.values()))


def win_probabilities(method: str, a, b, model, grades=None, *, length: int | None = None,
                      **options) -> tuple:
    r"""$P(\text{A wins})$, $P(\text{tie})$ and $P(\text{B wins})$, exactly.

    Parameters
    ----------
    method, a, b, model, grades, length, options
        As for `outcome_distribution`.

    Returns
    -------
    tuple
        (A wins, tie, B wins): for probabilistic interleaving, $E[o] > 0$, $= 0$, $< 0$.

    Examples
    --------
    Probabilistic interleaving on the example of `outcome_distribution` lets B, which ranks
    the clicked document higher, win more often than A (and ties when c is shown last, where
    either ranker had to draw it):

    >>> from rankbook.online import pbm
    >>> user = pbm({0: 0, 1: 1}, [1, 1, 1])
    >>> wins = win_probabilities("probabilistic", ["a", "b", "c"], ["b", "c", "a"], user,
    ...                          {"c": 1})
    >>> wins
    (Fraction(856, 11295), Fraction(833837, 1265040), Fraction(37259, 140560))
    >>> [round(float(p), 4) for p in wins]
    [0.0758, 0.6591, 0.2651]
    """
    distribution = outcome_distribution(method, a, b, model, grades, length=length, **options)
    zero = 0 * sum(distribution.values())
    return (sum((p for o, p in distribution.items() if o > 0), zero),
            sum((p for o, p in distribution.items() if o == 0), zero),
            sum((p for o, p in distribution.items() if o < 0), zero))


def pairwise_preferences(credits) -> list[list[int]]:
    r"""Who beats whom in one multileaved comparison: $\operatorname{sign}(o_i - o_j)$.

    Parameters
    ----------
    credits : sequence of float
        The credit of each ranker (clicks on its team, or expected clicks).

    Returns
    -------
    list of lists
        Entry $[i][j]$ is 1 when ranker $i$ has more credit than $j$, -1 when less, 0 on a
        tie (and on the diagonal).

    Examples
    --------
    >>> pairwise_preferences([2, 0, 1])
    [[0, 1, 1], [-1, 0, -1], [-1, 1, 0]]
    """
    values = list(credits)
    return [[(x > y) - (x < y) for y in values] for x in values]


def _credit(method, rankings, shown, clicks, options):
    if method == "team_draft":
        return team_draft_credit(shown, clicks, n_rankers=len(rankings))
    return probabilistic_credit(rankings, shown, clicks, **options)


def preference_probabilities(method: str, rankings, model, grades=None, *,
                             length: int | None = None, **options) -> list[list]:
    r"""Multileaving: the exact probability that ranker $i$ gets more credit than ranker $j$.

    Parameters
    ----------
    method : {"team_draft", "probabilistic"}
        Team-draft or probabilistic multileaving.
    rankings : sequence of sequences of hashable
        The rankers' lists, rank 1 first.
    model : ClickModel
        The simulated user.
    grades : mapping, optional
        Document id -> grade (missing: 0).
    length : int, optional
        How many documents to show; by default the shortest list's length.
    **options
        ``tau`` for probabilistic multileaving.

    Returns
    -------
    list of lists
        Entry $[i][j]$: $P(o_i > o_j)$.

    Examples
    --------
    >>> from rankbook.online import cascade
    >>> rankings = [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]
    >>> p = preference_probabilities("team_draft", rankings, cascade({0: 0, 1: 1}), {"c": 1})
    >>> [[str(x) for x in row] for row in p]
    [['0', '0', '0'], ['0', '0', '0'], ['1', '1', '0']]
    """
    options = _options(method, options, MULTILEAVING)
    lists = _common.rankings(rankings)
    if method == "team_draft":
        shown_lists = team_draft_multileave_distribution(lists, length=length)
    else:
        shown_lists = probabilistic_multileave_distribution(lists, length=length, **options)
    m = len(lists)
    wins = [[0] * m for _ in range(m)]
    for shown, p in shown_lists.items():
        for clicks, q in click_pattern_probabilities(model, _grades_of(grades,
                                                                       shown.documents)).items():
            signs = pairwise_preferences(_credit(method, lists, shown, clicks, options))
            for i in range(m):
                for j in range(m):
                    wins[i][j] += p * q * (signs[i][j] > 0)
    return wins


def simulate_outcomes(method: str, a, b, model, grades=None, *, n: int,
                      length: int | None = None, seed=None, **options) -> np.ndarray:
    r"""The outcomes of ``n`` simulated users: each sees a freshly interleaved list and clicks.

    Each impression draws its list with the method's own sampler (optimized interleaving:
    from `optimized_distribution`, solved once) and its clicks with `sample_clicks`, from
    one random generator.

    Parameters
    ----------
    method, a, b, model, grades, length, options
        As for `outcome_distribution`.
    n : int
        How many impressions.
    seed : int, numpy.random.Generator or None
        The draws: the same seed gives the same outcomes.

    Returns
    -------
    numpy.ndarray of float
        One outcome per impression.

    Examples
    --------
    >>> from rankbook.online import pbm
    >>> user = pbm({0: 0, 1: 1}, [1, 1, 1])
    >>> simulate_outcomes("team_draft", ["a", "b", "c"], ["b", "c", "a"], user, {"c": 1},
    ...                   n=8, seed=2)
    array([-1., -1., -1., -1.,  1., -1.,  1.,  1.])
    """
    options = _options(method, options, METHODS)
    a, b = _common.ranking(a, "a"), _common.ranking(b, "b")
    rng = _common.generator(seed)
    count = _common.count(n, "n", "the number of simulated impressions")
    if method == "optimized":
        distribution = optimized_distribution(a, b, length=length, **options)
        lists = list(distribution)
        weights = np.array([float(p) for p in distribution.values()])
        draw = lambda: lists[int(rng.choice(len(lists), p=weights / weights.sum()))]  # noqa: E731
    else:
        sampler = {"balanced": balanced_interleave, "team_draft": team_draft_interleave,
                   "probabilistic": probabilistic_interleave}[method]
        draw = lambda: sampler(a, b, length=length, seed=rng, **options)  # noqa: E731
    outcomes = np.empty(count)
    scorers: dict = {}                  # one credit function per list shown
    for i in range(count):
        shown = draw()
        if shown not in scorers:
            scorers[shown] = _scorer(method, a, b, shown, options)
        clicks = sample_clicks(model, _grades_of(grades, shown.documents), seed=rng)
        outcomes[i] = float(scorers[shown](tuple(int(c) for c in clicks)))
    return outcomes
