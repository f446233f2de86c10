"""One exercise: its random rankings, its question and its answer."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rankbook._errors import InvalidValueError
from rankbook.exercises._names import GRADED, MEANS, WITH_K

#: The measures whose key `rankbook explain` checks (a column of its table at rank k).
EXPLAINED = ("P@k", "R@k", "F1@k", "R-prec", "AP", "DCG@k", "nDCG@k")
from rankbook.exercises._questions import question
from rankbook.exercises._solutions import solve

#: Queries in a MAP or MRR exercise, and the longest list each of them gets.
QUERIES_IN_A_MEAN = 3
LONGEST_IN_A_MEAN = 6


@dataclass(frozen=True)
class Level:
    """What a difficulty level draws.

    Attributes
    ----------
    length : int
        Documents in a ranking when ``length`` is not given.
    missing : float
        Chance that a query has relevant documents the system did not retrieve.
    past_the_end : int
        How far past the end of the list a drawn cut-off may go (a partial list).
    grades : tuple of int
        The grades of the graded measures (DCG, nDCG).
    voters, items : int
        The profile of an aggregation exercise; ``partial``: one voter leaves an item out.
    topics : int
        Topics of a significance-test exercise.
    """

    length: int
    missing: float
    past_the_end: int
    grades: tuple[int, ...]
    voters: int = 3
    items: int = 4
    partial: bool = False
    topics: int = 5


#: ``--level 1|2|3``: short lists and small numbers first; unretrieved relevant documents,
#: graded gains and cut-offs past the end of the list later.
LEVELS = {
    1: Level(length=5, missing=0.0, past_the_end=0, grades=(0, 1, 2)),
    2: Level(length=8, missing=1 / 3, past_the_end=0, grades=(0, 1, 2, 3), voters=4, items=5,
             topics=6),
    3: Level(length=10, missing=2 / 3, past_the_end=3, grades=(0, 1, 2, 3), voters=4, items=5,
             partial=True, topics=8),
}


@dataclass(frozen=True)
class Query:
    """One query of an exercise.

    Attributes
    ----------
    ranking : tuple of int
        Grades of the ranked list, rank 1 first (0/1, or 0-3 for DCG and nDCG).
    n_relevant : int
        R, the relevant documents of the query, retrieved or not.
    unretrieved : tuple of int
        Grades of the relevant documents the system did not retrieve
        (``n_relevant`` counts them; nDCG's ideal ordering includes them).
    """

    ranking: tuple[int, ...]
    n_relevant: int
    unretrieved: tuple[int, ...] = ()


@dataclass(frozen=True)
class Exercise:
    """One generated exercise and its key.

    Attributes
    ----------
    number : int
        Its number on the sheet, from 1.
    metric : str
        The metric asked for, in canonical notation, e.g. ``"AP"``.
    queries : tuple of Query
        The data: one query, or several for MAP and MRR.
    k : int or None
        The cut-off, for the measures that have one.
    question : str
        Markdown: the data and what to compute.
    answer : fractions.Fraction or float
        The exact answer; a float rounded to 4 decimals for DCG@k and nDCG@k.
    solution : str
        The worked steps, plain text.
    check : str
        The command that checks the answer, e.g. ``rankbook explain 1 0 1 --at 3``.
    parts : tuple
        The values the answer is made of (each query's AP for MAP, each item's
        fused score), for the quality rule "not all equal".
    """

    number: int
    metric: str
    queries: tuple[Query, ...]
    k: int | None
    question: str
    answer: Fraction | float | str
    solution: str
    check: str = ""
    parts: tuple = ()

    @property
    def ranking(self) -> tuple[int, ...]:
        """The grades of the one query (see `queries` for MAP and MRR)."""
        return self._only().ranking

    @property
    def n_relevant(self) -> int:
        """R of the one query."""
        return self._only().n_relevant

    @property
    def unretrieved(self) -> tuple[int, ...]:
        """The grades of the one query's relevant documents that were not retrieved."""
        return self._only().unretrieved

    def _only(self) -> Query:
        if len(self.queries) != 1:
            raise InvalidValueError(
                f"this {self.metric} exercise has {len(self.queries)} queries: read "
                "exercise.queries[i].ranking (and .n_relevant, .unretrieved) for each."
            )
        return self.queries[0]


def draw_exercise(number: int, metric: str, fixed_k: int | None, rng: random.Random,
                  length: int, share: float, level: Level = LEVELS[2],
                  render: bool = True) -> Exercise:
    """Draw the data of one exercise on ``metric`` and work out its answer.

    ``render=False`` leaves out the worked steps that `rankbook.explain` writes (the
    answer, its per-line values and the other lines of the key stay).
    """
    if metric in MEANS:
        queries = tuple(_draw_query(metric, rng, min(length, LONGEST_IN_A_MEAN), share, level)
                        for _ in range(QUERIES_IN_A_MEAN))
    else:
        queries = (_draw_query(metric, rng, length, share, level),)
    k = draw_cutoff(rng, length + level.past_the_end) if metric in WITH_K else None
    if fixed_k is not None:  # drawn all the same, so P@5 gets the rankings of P@k
        k = fixed_k
    answer, solution, parts = solve(metric, queries, k, render)
    return Exercise(number, metric, queries, k, question(metric, queries, k), answer,
                    solution, check_command(metric, queries, k), parts)


def draw_cutoff(rng: random.Random, top: int) -> int:
    """A cut-off from 2 to ``top``: k = 1 is asked only when the name fixes it (``P@1``).

    At k = 1 most measures are 0 or 1 and the exercise teaches nothing of the cut-off;
    a one-document list (``top`` = 1) leaves no choice.
    """
    return rng.randint(min(2, top), top)


def check_command(metric: str, queries, k) -> str:
    """The command that checks a one-query exercise's key, or "" when none does."""
    query = queries[0]
    if len(queries) != 1 or metric not in EXPLAINED:
        return ""
    grades = " ".join(map(str, query.ranking))
    at = k if k is not None else (query.n_relevant if metric == "R-prec" else len(query.ranking))
    ideal = ""
    if metric == "nDCG@k" and query.unretrieved:
        ideal = " --ideal " + " ".join(map(str, sorted(query.ranking + query.unretrieved,
                                                       reverse=True)))
    relevant = f" --relevant {query.n_relevant}" if metric not in GRADED else ""
    return f"rankbook explain {grades}{relevant}{ideal} --at {at}"


def _draw_query(metric: str, rng: random.Random, length: int, share: float,
                level: Level) -> Query:
    """A ranking with at least one relevant document; in some queries R is larger."""
    grades = level.grades
    if metric in GRADED:
        weights = (4, 3, 2, 1)[:len(grades)]
        ranking = [rng.choices(grades, weights=weights)[0] for _ in range(length)]
    else:
        ranking = [1 if rng.random() < share else 0 for _ in range(length)]
    if not any(ranking):
        ranking[rng.randrange(length)] = rng.choice(grades[1:]) if metric in GRADED else 1
    missing = rng.choice((1, 2)) if rng.random() < level.missing else 0
    unretrieved = tuple(rng.choice(grades[1:]) if metric in GRADED else 1 for _ in range(missing))
    R = sum(1 for grade in ranking if grade >= 1) + len(unretrieved)
    return Query(tuple(ranking), R, unretrieved)
