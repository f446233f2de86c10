"""What every online-evaluation function shares: the shown list, and the checks of its inputs.

A ranking is a sequence of document ids, rank 1 first, each id once. Clicks are one 0 or 1
per rank of the list the user was shown. A seed is a whole number >= 0, a
`numpy.random.Generator`, or None for a fresh draw. Probabilities stay exact
(`fractions.Fraction`) when they are given as fractions or whole numbers.
"""

from __future__ import annotations

import numbers
from fractions import Fraction
from typing import NamedTuple

import numpy as np

from rankbook import _validate
from rankbook._errors import InvalidTypeError, InvalidValueError


class Interleaving(NamedTuple):
    """The list shown to the user, rank 1 first, and the team of each of its documents.

    ``teams[i]`` is the index of the ranker (0 for A, 1 for B, ...) that contributed the
    document at rank ``i + 1``; ``teams`` is None for the methods that credit clicks
    without teams (balanced, probabilistic and optimized interleaving).
    """

    documents: tuple
    teams: tuple | None = None


def ranking(values, name: str) -> tuple:
    """``values`` as a tuple of document ids: not empty, each id once."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be a ranked list of document ids, rank 1 first, e.g. "
            f"['d1', 'd2', 'd3']; got {type(values).__name__} {values!r}.")
    documents = tuple(values)
    if not documents:
        raise InvalidValueError(f"{name} is empty; a ranker must rank at least one document.")
    seen: set = set()
    for rank, document in enumerate(documents, start=1):
        try:
            hash(document)
        except TypeError:
            raise InvalidTypeError(
                f"{name} holds {document!r} at rank {rank}, which cannot be a document id "
                "(ids are strings or numbers).") from None
        if document in seen:
            raise InvalidValueError(
                f"{name} lists document {document!r} twice (again at rank {rank}); a ranked "
                "list holds each document once.")
        seen.add(document)
    return documents


def shown_documents(shown) -> tuple:
    """The documents of a shown list: an `Interleaving`'s, or a plain list checked by `ranking`."""
    return shown.documents if isinstance(shown, Interleaving) else ranking(shown, "shown")


def rankings(values, name: str = "rankings", *, at_least: int = 2) -> tuple[tuple, ...]:
    """A sequence of at least ``at_least`` rankings, each checked by `ranking`."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__") \
            or len(values) < at_least:
        raise InvalidValueError(
            f"{name} must hold at least {at_least} ranked lists (one per ranker), e.g. "
            f"[['d1', 'd2'], ['d2', 'd3'], ['d3', 'd1']]; got {values!r}.")
    return tuple(ranking(r, f"{name}[{i}]") for i, r in enumerate(values))


def length(value, lists, name: str = "length") -> int:
    """The length of the shown list: ``value``, or by default the shortest ranking's."""
    if value is None:
        return min(len(r) for r in lists)
    return _validate.shown_length(value, name)


def count(value, name: str, what: str) -> int:
    """A whole number >= 1."""
    return _validate.count(value, name, what=what)


def clicks(values, shown, name: str = "clicks") -> tuple[int, ...]:
    """``values`` as one 0 or 1 per rank of the shown list."""
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise InvalidTypeError(
            f"{name} must be one 0 or 1 per rank of the shown list, e.g. [0, 1, 0]; got "
            f"{values!r}.")
    marks = tuple(values)
    if len(marks) != len(shown):
        raise InvalidValueError(
            f"{name} has {len(marks)} entries but the shown list has {len(shown)} documents; "
            "give one 0 or 1 per rank of the shown list.")
    for rank, mark in enumerate(marks, start=1):
        if isinstance(mark, bool) or mark not in (0, 1):
            raise InvalidValueError(
                f"{name} holds {mark!r} at rank {rank}; a click is 1 and no click is 0.")
    return tuple(int(m) for m in marks)


def generator(seed) -> np.random.Generator:
    """A numpy Generator: ``seed`` itself, or one seeded with a whole number (None: fresh)."""
    if isinstance(seed, np.random.Generator):
        return seed
    return np.random.default_rng(_validate.seed(seed, generator_too=True))


def probability(value, name: str):
    """A probability in [0, 1], kept exact when it is a whole number or a Fraction."""
    checked = _validate.probability(value, name, meaning="a probability")
    return Fraction(value) if isinstance(value, numbers.Rational) else checked

