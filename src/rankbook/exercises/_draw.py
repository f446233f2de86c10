"""One exercise: its random rankings, its question and its answer."""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction

from rankbook._errors import InvalidValueError
from rankbook.exercises._names import GRADED, MEANS, WITH_K
from rankbook.exercises._questions import question
from rankbook.exercises._solutions import solve

#: Queries in a MAP or MRR exercise, and the longest list each of them gets.
QUERIES_IN_A_MEAN = 3
LONGEST_IN_A_MEAN = 6


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
    """

    number: int
    metric: str
    queries: tuple[Query, ...]
    k: int | None
    question: str
    answer: Fraction | float
    solution: str

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
                  length: int, share: float) -> Exercise:
    """Draw the data of one exercise on ``metric`` and work out its answer."""
    if metric in MEANS:
        queries = tuple(_draw_query(metric, rng, min(length, LONGEST_IN_A_MEAN), share)
                        for _ in range(QUERIES_IN_A_MEAN))
    else:
        queries = (_draw_query(metric, rng, length, share),)
    k = rng.randint(1, length) if metric in WITH_K else None
    if fixed_k is not None:  # drawn all the same, so P@5 gets the rankings of P@k
        k = fixed_k
    answer, solution = solve(metric, queries, k)
    return Exercise(number, metric, queries, k, question(metric, queries, k), answer, solution)


def _draw_query(metric: str, rng: random.Random, length: int, share: float) -> Query:
    """A ranking with at least one relevant document; in one query of three, R is larger."""
    if metric in GRADED:
        ranking = [rng.choices((0, 1, 2, 3), weights=(4, 3, 2, 1))[0] for _ in range(length)]
    else:
        ranking = [1 if rng.random() < share else 0 for _ in range(length)]
    if not any(ranking):
        ranking[rng.randrange(length)] = rng.choice((1, 2, 3)) if metric in GRADED else 1
    missing = rng.choice((1, 2)) if rng.random() < 1 / 3 else 0
    unretrieved = tuple(rng.choice((1, 2, 3)) if metric in GRADED else 1 for _ in range(missing))
    R = sum(1 for grade in ranking if grade >= 1) + len(unretrieved)
    return Query(tuple(ranking), R, unretrieved)
